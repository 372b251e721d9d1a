"""``last LOC [LEN]`` / ``last REG``: who last wrote this (ptodbg.debug.engine.lastwrite)."""

from __future__ import annotations

from ptodbg.debug.commands.language import CommandResult, Commands, command
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.lastwrite import (
    MAX_LENGTH,
    Interrupted,
    last_write,
    memory_target,
    register_target,
)
from ptodbg.debug.engine.stops import Stop


@command("last", "last LOC [LEN] | last REG",
         "the last step, up to this one, that wrote LEN bytes at LOC (default: the symbol's size, else 8) "
         "or register REG: a store, DMA, atomic, register write or edit",
         long=True, arguments=("expression", "count"))  # long: it may replay an interval
def _last(c: Commands, args: list[str], raw: str) -> CommandResult:
    if not 1 <= len(args) <= 2:
        raise DebugError("usage: last LOC [LEN] | last REG")
    dbg = c.dbg
    word = args[0]
    target = register_target(dbg.machine, word.removeprefix("$")) if len(args) == 1 else None
    if target is None:
        address = dbg.resolve(word)
        if len(args) > 1:
            length = c.num(args[1])
        else:
            size = dbg.symbols.sizes.get(word, 0) if dbg.symbols.lookup(word) is not None else 0
            length = size if 0 < size <= MAX_LENGTH else 8
        target = memory_target(dbg, address, length, word)
        what = f"{length} byte{'' if length == 1 else 's'} at {address:#x}"
    else:
        what = word
    try:
        found = last_write(dbg, target)
    except Interrupted as e:  # the machine is back at the present: the line says interrupted
        dbg.last = Stop("interrupted", str(e))
        return CommandResult("", True, str(e), stop=dbg.last)  # no "last" key: nothing was proven
    if found is None:
        return CommandResult("", True, f"nothing wrote {what} since load", extra={"last": None})
    doer = "a timeline edit" if found.kind == "set" else f"{found.mnemonic or '?'} ({found.kind})"
    event = f", event {found.event} of {found.events}" if found.event is not None else ""
    text = f"{what} last written at step {found.step} by {doer} at {dbg.symbolize(found.pc)}{event}"
    return CommandResult("", True, text, extra={"last": found.as_json()})
