"""Commands that look without moving: regs, x and x/FMT, events, trap, print and
print/FMT, display, info registers, info symbol and info history (gdb's way of
looking, ptodbg.debug.commands.memformat and .displays)."""

from __future__ import annotations

import re

from ptodbg.debug.commands import values
from ptodbg.debug.commands.displays import (
    MAX_DISPLAYS,
    Displays,
    console_lines,
    displays_of,
    gdb_expression,
)
from ptodbg.debug.commands.language import CommandResult, Commands, after_move, command
from ptodbg.debug.commands.memformat import (
    MASK64,
    SIZES,
    Examiner,
    Fmt,
    FormatError,
    examine,
    parse_fmt,
    print_value,
    symbol_label,
)
from ptodbg.debug.commands.stopdisplays import containing, shown_displays, stop_target
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.view.jsonstate import event_json, telescope_json, trap_json
from ptodbg.debug.view.records import INTERRUPT_NAMES, PREDICATE_NAMES
from ptodbg.debug.view.telescope import MAX_ROWS as MAX_TELESCOPE
from ptodbg.debug.view.telescope import symbol_labeler, telescope
from ptodbg.isa.registers import GPR_NAMES


@command("regs", "regs", "show the GPRs, queues and TPC", "registers")
def _regs(c: Commands, args: list[str], raw: str) -> CommandResult:
    m = c.dbg.machine
    lines = [" ".join(f"{n}={v:#x}" for n, v in list(m.regs().items())[i : i + 6]) for i in range(0, 24, 6)]
    return CommandResult("", True, "\n".join(lines), extra={"regs": m.regs()})


@command("x", "x ADDR [LEN]  or  x/FMT [ADDR]",
         "examine LEN bytes of memory (default 64); x/FMT as gdb: count, format x d u o t c a s i z, "
         "size b h w g (x/8gx sp, x/16xb dst, x/s msg, x/4i $pc)", "examine", arguments=("expression", "count"))
def _x(c: Commands, args: list[str], raw: str) -> CommandResult:
    if raw.startswith("/"):
        return _examine(c, raw)
    if not args or len(args) > 2:
        raise DebugError("usage: x ADDR [LEN]")
    address = c.num(args[0]) & ((1 << 64) - 1)
    length = c.num(args[1]) if len(args) > 1 else 64
    data = c.dbg.memory(address, length)
    values.examined(c, address + length - 1, data[-1])
    return CommandResult("", True, f"{address:#x}: {data.hex()}", extra={"address": address, "bytes": data.hex()})


@command("events", "events", "memory events of the last instruction")
def _events(c: Commands, args: list[str], raw: str) -> CommandResult:
    evs = c.dbg.events()
    text = "\n".join(f"{i + 1:2} {e.kind:6} {e.address:#x} {e.size} {e.value:#x} {e.order}" for i, e in enumerate(evs))
    return CommandResult("", True, text or "no memory events", extra={"events": [event_json(e) for e in evs]})


@command("trap", "trap", "show the pending trap and its saved context")
def _trap(c: Commands, args: list[str], raw: str) -> CommandResult:
    t = c.dbg.core_state().last_trap
    if t is None:
        return CommandResult("", True, "no trap has been taken", extra={"trap": None})
    text = (f"trap {t.number} {t.name}: cause {t.cause}, TRAPARG0 {t.arg0:#x} ({t.argument}), bank {t.bank}, "
            f"saved TPC {t.saved_tpc:#x}" + (f" - {t.reason}" if t.reason else ""))
    return CommandResult("", True, text, extra={"trap": trap_json(t)})



@command("info history", "info history", "snapshots kept for reverse execution and their memory use", "info h")
def _info_h(c: Commands, args: list[str], raw: str) -> CommandResult:
    use = c.dbg.history_usage()
    snapshots = f"{use['snapshots']} snapshot" + ("" if use["snapshots"] == 1 else "s")
    text = (f"{snapshots}, {use['bytes'] / 1e6:.1f} MB of {use['budget'] / 1e6:.0f} MB, "
            f"furthest step {use['horizon']}, {use['thinned']} thinned")
    return CommandResult("", True, text, extra={"history": use})


@command("info", "info SUBCOMMAND", "information about the program and the debugger (help info lists them)")
def _info(c: Commands, args: list[str], raw: str) -> CommandResult:
    subs = sorted({s.name.split(" ", 1)[1] for s in Commands.specs() if s.name.startswith("info ")})
    raise DebugError(f"usage: info {' | '.join(subs)}")



@command("print", "print EXPR  or  print/FMT EXPR", "evaluate an expression; /x /d /u /o /t /c /a /z format it as gdb",
         "p", arguments=("expression",))
def _print(c: Commands, args: list[str], raw: str) -> CommandResult:
    if raw.startswith("/"):
        return _print_formatted(c, raw)
    if not raw:
        raise DebugError("usage: print EXPR")
    value = c.dbg.evaluate(raw)
    number = values.record(c, value)
    return CommandResult("", True, f"${number} = {value & ((1 << 64) - 1):#x} ({value})",
                         extra={"value": value, "history": number})



# ====================================================================== gdb's inspection
# x/FMT, print/FMT, display / undisplay / info display, info registers, info symbol
# (issue 12 items 3 and 5; the formatting is ptodbg.debug.commands.memformat, the displays
# ptodbg.debug.commands.displays).
def _examiner(c: Commands) -> Examiner:
    found = c.dbg.settings.get("examiner")
    if not isinstance(found, Examiner):
        found = c.dbg.settings["examiner"] = Examiner()
    return found


def _split_fmt(raw: str) -> tuple[Fmt, str]:
    """``/FMT rest`` -> (the parsed FMT, the rest)."""
    word, _, rest = raw[1:].partition(" ")
    try:
        return parse_fmt(word), rest.strip()
    except FormatError as e:
        raise DebugError(str(e)) from None


def _examine(c: Commands, raw: str) -> CommandResult:
    """x/FMT [ADDR]: without ADDR it goes on after the last unit the previous x showed."""
    fmt, expression = _split_fmt(raw)
    examiner = _examiner(c)
    target = stop_target(c.dbg)
    try:
        fmt = examiner.resolve(fmt)
        if expression:
            address = target.evaluate(gdb_expression(expression)) & MASK64
        elif examiner.next_address is not None:
            address = examiner.next_address
        else:
            raise DebugError("usage: x/FMT ADDR (no previous x to go on from)")
        lines, after = examine(fmt, address, target.read, target.label, disassemble=target.disassemble,
                               pc=target.pc)
    except FormatError as e:
        raise DebugError(str(e)) from None
    examiner.remember(fmt, after)
    _examined_last(c, fmt, address, after, target)
    return CommandResult("", True, "\n".join(lines), extra={"address": address, "text": lines})


def _examined_last(c: Commands, fmt: Fmt, address: int, after: int, target) -> None:
    """``$_``: the address of the last unit x showed, ``$__`` its contents (a number
    unit; strings and instructions set only ``$_``)."""
    if fmt.format in ("s", "i"):
        values.examined(c, address if fmt.count == 1 else after, None)
        return
    size = SIZES[fmt.size]
    last = (after - size) & MASK64
    try:
        contents = int.from_bytes(target.read(last, size), "little")
    except DebugError:
        contents = None
    values.examined(c, last, contents)


def _print_formatted(c: Commands, raw: str) -> CommandResult:
    fmt, expression = _split_fmt(raw)
    if fmt.size:
        raise DebugError('size letters are meaningless in "print" command')
    if fmt.count_given:
        raise DebugError('item count other than 1 is meaningless in "print" command')
    if not expression:
        raise DebugError("usage: print/FMT EXPR")
    value = c.dbg.evaluate(gdb_expression(expression))
    try:
        shown = print_value(value, fmt.format or "x", symbol_label(containing(c.dbg)))
    except FormatError as e:
        raise DebugError(str(e)) from None
    number = values.record(c, value)
    return CommandResult("", True, f"${number} = {shown}", extra={"value": value, "text": shown, "history": number})



@command("display", "display EXPR  or  display/FMT EXPR  or  display",
         "show EXPR after every stop (display/x a0, display/i $pc, display/4gx sp); alone: show them all now",
         arguments=("expression",))
def _display(c: Commands, args: list[str], raw: str) -> CommandResult:
    displays = displays_for(c)
    fmt = None
    if raw.startswith("/"):
        fmt, raw = _split_fmt(raw)
    if not raw:
        if fmt is not None:
            raise DebugError("usage: display/FMT EXPR")
        entries = list(shown_displays(c.dbg))
        return CommandResult("", True, "\n".join(console_lines(entries)) or "no displays",
                             extra={"displays": entries})
    try:
        new = displays.add(raw, fmt)
    except FormatError as e:
        raise DebugError(str(e)) from None
    mine = [new.show(stop_target(c.dbg))]  # as gdb: the new display only (the others were shown at the stop)
    return CommandResult("", True, "\n".join(console_lines(mine)), extra={"display": new.number, "displays": mine})


@command("undisplay", "undisplay [N...]", "stop showing displays N (all of them without N)", arguments=("count",))
def _undisplay(c: Commands, args: list[str], raw: str) -> CommandResult:
    numbers = None
    if args:
        if len(args) > MAX_DISPLAYS:
            raise DebugError(f"at most {MAX_DISPLAYS} display numbers")
        numbers = []
        for word in args:
            if not word.isdigit() or len(word) > 6:
                raise DebugError(f"{word!r} is not a display number")
            numbers.append(int(word))
    gone = displays_for(c).remove(numbers)
    return CommandResult("", True, f"deleted display{'s' if len(gone) != 1 else ''} "
                                   f"{', '.join(map(str, gone)) or 'nothing'}", extra={"deleted": gone})


@command("info display", "info display", "list the displays shown after every stop")
def _info_display(c: Commands, args: list[str], raw: str) -> CommandResult:
    displays = displays_for(c)
    listed = [{"number": d.number, "expression": d.expression, "format": d.fmt.text() if d.fmt else None}
              for d in sorted(displays.items.values(), key=lambda d: d.number)]
    return CommandResult("", True, "\n".join(displays.info()), extra={"displays": listed})


_CODE_POINTERS = frozenset({"ra", "pc", "tpc", "lra", "bpc", "bpcn"})
_DATA_POINTERS = frozenset({"sp", "s0"})
_SPECIAL = ("pc", "tpc", "lra", "bpc", "bpcn", "acr", *PREDICATE_NAMES, *INTERRUPT_NAMES)
# Listed without REG: the GPRs, pc, P0..P7 and the interrupt registers of the current
# ring's interrupt bank (IPENDING and TOPEI as a read would see them, ECONFIG, TIMECMP).
_ALL = (*GPR_NAMES, "pc", *PREDICATE_NAMES, *INTERRUPT_NAMES)


def _register_row(name: str, value: int, label) -> str:
    """One row of gdb's ``info registers``: name, hex from column 15, natural from 35."""
    row = name + " "
    row += " " * max(0, 15 - len(row)) + f"{value:#x} "
    row += " " * max(0, 35 - len(row))
    if name in _CODE_POINTERS:
        return row + f"{value:#x}{label(value)}"
    if name in _DATA_POINTERS:
        return row + f"{value:#x}"
    return row + str(value - (1 << 64) if value >> 63 else value)


@command("info registers", "info registers [REG...]",
         "registers as gdb lists them: name, hex, natural (without REG: the 24 GPRs, pc, p0..p7 and the "
         "interrupt registers ipending, topei, econfig, timecmp)", "info reg", "info r",
         arguments=("register",))
def _info_registers(c: Commands, args: list[str], raw: str) -> CommandResult:
    regs = c.dbg.machine.regs()
    words = args[1:] if args and args[0].lower() in ("registers", "reg", "r") else args
    if not words:
        names = list(_ALL)
    else:
        if len(words) > 64:
            raise DebugError("at most 64 registers at a time")
        names = []
        for word in words:
            name = word.lstrip("$").lower()
            name = GPR_NAMES[int(name[1:])] if re.fullmatch(r"r\d+", name) and int(name[1:]) < len(GPR_NAMES) else name
            name = "s0" if name == "fp" else name
            if name not in regs and name not in _SPECIAL:
                raise DebugError(f"invalid register {word!r} (expected an ABI name such as a0 or sp, rN, pc, tpc, "
                                 "p0..p7 or ipending)")
            names.append(name)
    context = c.dbg.expr_context()
    values = {name: (regs[name] if name in regs else context.register(name)) & MASK64 for name in names}
    label = symbol_label(containing(c.dbg))
    lines = [_register_row(name, values[name], label) for name in names]
    return CommandResult("", True, "\n".join(lines),
                         extra={"registers": [{"name": n, "value": values[n]} for n in names]})


@command("info all-registers", "info all-registers",
         "every register: the 24 GPRs, pc, LRA, BPC, BPCN, ACR, p0..p7, the interrupt registers (ipending, topei, "
         "econfig, timecmp) and the T/U queue entries (valid or empty)",
         "info all-reg")
def _info_all_registers(c: Commands, args: list[str], raw: str) -> CommandResult:
    regs = c.dbg.machine.regs()
    context = c.dbg.expr_context()
    names = [*regs, *_SPECIAL[:1], *_SPECIAL[2:]]  # tpc is pc: once; then P0..P7 and the interrupt bank
    values = {name: (regs[name] if name in regs else context.register(name)) & MASK64 for name in names}
    label = symbol_label(containing(c.dbg))
    lines = [_register_row(name, values[name], label) for name in names]
    listed: list[dict] = [{"name": n, "value": values[n]} for n in names]
    for which in ("t", "u"):
        for slot, value in enumerate(c.dbg.machine.queue(which), 1):
            name = f"{which}#{slot}"
            lines.append(_register_row(name, value, label) if value is not None
                         else f"{name:<15}<empty>")
            listed.append({"name": name, "value": value})
    return CommandResult("", True, "\n".join(lines), extra={"registers": listed})


@command("info symbol", "info symbol ADDR", "the symbol ADDR is in, as gdb says it (copy + 16 in section .text)",
         arguments=("location",))
def _info_symbol(c: Commands, args: list[str], raw: str) -> CommandResult:
    words = raw.split(None, 1)
    expression = words[1].strip() if len(words) > 1 else ""
    if not expression:
        raise DebugError("usage: info symbol ADDR")
    address = c.dbg.evaluate(gdb_expression(expression)) & MASK64
    hit = c.dbg.symbols.containing(address)
    program = c.dbg.program
    found = program.section_at(address) if program is not None else None
    section = found.name if found is not None else None
    if hit is None or (program is not None and section is None):
        return CommandResult("", True, f"No symbol matches {expression}.", extra={"symbol": None})
    name, offset = hit
    shown = c.dbg.symbols.pretty(name)  # demangled, as gdb says it; the JSON keeps the symbol
    text = shown + (f" + {offset}" if offset else "") + (f" in section {section}" if section else "")
    return CommandResult("", True, text, extra={"symbol": {"name": name, "offset": offset, "section": section}})


def displays_for(c: Commands) -> Displays:
    return displays_of(c.dbg.settings)


@after_move
def _attach_displays(c: Commands, result: CommandResult) -> None:
    """After a command that moved the machine: every display, in the JSON and for the
    console (gdb shows them at every stop)."""
    shown = shown_displays(c.dbg)
    if shown:
        result.extra["displays"] = list(shown)


@command("telescope", "telescope [ADDR] [N]",
         "N words from ADDR (default sp, 8 words) with the pointer chains they start and their symbols (pwndbg)",
         "tele", arguments=("expression", "count"))
def _telescope(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) > 2:
        raise DebugError("usage: telescope [ADDR] [N]")
    dbg = c.dbg
    regs = dbg.current_frame().regs or tuple(dbg.machine.r[:24])
    address = c.num(args[0]) & MASK64 if args else regs[1]
    count = c.num(args[1]) if len(args) > 1 else 8
    if not 1 <= count <= MAX_TELESCOPE:
        raise DebugError(f"a telescope shows 1..{MAX_TELESCOPE} words, not {count}")
    memory = dbg.memory_image()
    label = symbol_labeler(dbg.symbols, containing(dbg))
    pointing = [(name, regs[i]) for i, name in enumerate(GPR_NAMES) if i]
    rows = telescope(memory, label, address, count, pointing)
    return CommandResult("", True, "\n".join(row.show() for row in rows),
                         extra={"address": address & ~7, "rows": [telescope_json(row) for row in rows]})
