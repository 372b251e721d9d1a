"""Commands that change the machine at this step: perms, inject, recover, set and
set mem (timeline edits, replayed by reverse execution)."""

from __future__ import annotations

from ptodbg.debug.commands.language import CommandResult, Commands, command
from ptodbg.debug.commands.values import assign, split_assignment
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.stops import Stop


@command("perms", "perms ADDR LEN PERMS", "set page permissions now (e.g. r--, rw-, ---)", moves=True,
         arguments=("expression", "count", "perms"))
def _perms(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) != 3:
        raise DebugError("usage: perms ADDR LEN PERMS")
    return CommandResult("", True, c.dbg.set_perms(c.num(args[0]), c.num(args[1]), args[2]))


@command("inject", "inject ADDR LEN PERMS [at STEP] [once]",
         "change page permissions now, at a step, or for the next access only", moves=True,
         arguments=("expression", "count", "perms", "word"))
def _inject(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) < 3:
        raise DebugError("usage: inject ADDR LEN PERMS [at STEP] [once]")
    address, length, perms = c.num(args[0]), c.num(args[1]), args[2]
    at = None
    once = False
    rest = [a.lower() for a in args[3:]]
    i = 0
    while i < len(rest):
        if rest[i] == "once":
            once = True
        elif rest[i] == "at" and i + 1 < len(rest):
            at = c.num(rest[i + 1])
            i += 1
        else:
            raise DebugError(f"unexpected {args[3 + i]!r}; expected 'at STEP' or 'once'")
        i += 1
    return CommandResult("", True, c.dbg.set_perms(address, length, perms, at=at, once=once))


@command("recover", "recover [BANK]", "restore the saved trap context (ACRE): the faulting instruction reissues", moves=True,
         arguments=("count",))
def _recover(c: Commands, args: list[str], raw: str) -> CommandResult:
    text = c.dbg.recover(c.num(args[0]) if args else None)
    c.dbg.last = Stop("stopped", text)
    return CommandResult("", True, text, stop=c.dbg.last)


@command("set", "set REG VALUE  or  set [var] $NAME|REG|uN[ADDR] = EXPR",
         "write a register (ABI name, rN or pc) or memory at this step (set $a0 = 6, set var u32[sp+8] = 1), "
         "or a convenience variable (set $n = 3)", moves=True, arguments=("register", "expression"))
def _set(c: Commands, args: list[str], raw: str) -> CommandResult:
    assignment = split_assignment(raw)
    if assignment is not None:
        return assign(c, *assignment)
    if len(args) != 2:
        raise DebugError("usage: set REG VALUE  or  set [var] $NAME|REG|uN[ADDR] = EXPR  or  set mem ADDR BYTES")
    return CommandResult("", True, c.dbg.set_register(args[0], c.num(args[1])))


@command("set mem", "set mem ADDR BYTES", "write bytes (hex, e.g. 0011aabb) at ADDR at this step", moves=True,
         arguments=("expression", "bytes"))
def _set_mem(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) < 3:
        raise DebugError("usage: set mem ADDR BYTES")
    text = "".join(args[2:]).replace("0x", "").replace(",", "")
    try:
        data = bytes.fromhex(text)
    except ValueError:
        raise DebugError(f"{' '.join(args[2:])!r} is not a hex byte string (e.g. 0011aabb)") from None
    return CommandResult("", True, c.dbg.set_memory(c.num(args[1]), data))
