"""Breakpoints and watchpoints: break, tbreak, delete, watch, rwatch, awatch, enable,
disable, ignore, condition, info breakpoints and info watchpoints (gdb's table).  The
lines ``commands N`` attaches are collected and run by :mod:`.scripts`."""

from __future__ import annotations

import re

from ptodbg.debug.commands.language import (
    CommandResult,
    Commands,
    command,
    location_arg,
    split_condition,
    split_words,
)
from ptodbg.debug.engine.errors import DebugError

MASK64 = (1 << 64) - 1


@command("break", "break LOC [if EXPR]", "set a breakpoint, optionally conditional", "b", "br",
         arguments=("location", "word", "expression"))
def _break(c: Commands, args: list[str], raw: str) -> CommandResult:
    return _set_breakpoint(c, raw, temporary=False)


@command("tbreak", "tbreak LOC [if EXPR]", "set a breakpoint that deletes itself when hit", "tb",
         arguments=("location", "word", "expression"))
def _tbreak(c: Commands, args: list[str], raw: str) -> CommandResult:
    return _set_breakpoint(c, raw, temporary=True)


def _set_breakpoint(c: Commands, raw: str, *, temporary: bool) -> CommandResult:
    """break / tbreak: LOC, then an optional ``if EXPR`` condition."""
    loc, cond = split_condition(raw)
    loc = location_arg(loc)
    kind = "temporary breakpoint" if temporary else "breakpoint"
    if not loc:
        raise DebugError(f"usage: {'tbreak' if temporary else 'break'} LOC [if EXPR]")
    bp = c.dbg.add_breakpoint(loc, cond, temporary=temporary)
    where = c.dbg.symbolize(bp.address)
    message = f"{kind} {bp.ident} at {bp.address:#x} ({where})" + (f" if {cond}" if cond else "")
    extra: dict[str, object] = {"breakpoint": bp.ident}
    # a name defined in several units (a static function in two files): say where the others are
    others = [a for a in c.dbg.symbols.definitions(bp.location) if a != bp.address]
    if others:
        message += f"; {bp.location} is also defined at {', '.join(f'{a:#x}' for a in others)}"
        extra["also_defined_at"] = others
    same = c.dbg.table.find_duplicates(bp.address, bp.ident)
    if same:  # gdb: "Note: breakpoint 1 also set at pc 0x10008."
        listed = ", ".join(map(str, same))
        message += f"; note: breakpoint{'s' if len(same) > 1 else ''} {listed} also set at pc {bp.address:#x}"
        extra["duplicates"] = same
    return CommandResult("", True, message, extra=extra)


@command("delete", "delete [N]", "delete breakpoint/watchpoint N, or all of them", "d", arguments=("breakpoint",))
def _delete(c: Commands, args: list[str], raw: str) -> CommandResult:
    gone = c.dbg.delete(c.num(args[0]) if args else None)
    return CommandResult("", True, f"deleted {', '.join(map(str, gone)) or 'nothing'}", extra={"deleted": gone})


_MODES = {"r": "r", "w": "w", "rw": "rw", "wr": "rw"}
_LOAD = re.compile(r"\s*(?:[us](?:8|16|32|64))?\[")
_LOAD_SIZES = {"8": 1, "16": 2, "32": 4, "64": 8}


@command("watch", "watch [-l] EXPR [LEN] [r|w|rw] [if COND]  or  watch REG [if COND]",
         "stop when an access touches EXPR..EXPR+LEN (a LOC; u32[sp+8] watches those 4 bytes; "
         "default 8 bytes, writes), or when register REG changes; -l: the location of EXPR",
         arguments=("expression", "count", "watch-mode", "word", "expression"))
def _watch(c: Commands, args: list[str], raw: str) -> CommandResult:
    return _set_watch(c, raw, "watch", None)


@command("rwatch", "rwatch [-l] EXPR [LEN] [if COND]", "stop when a read touches EXPR..EXPR+LEN (gdb's read watchpoint)",
         arguments=("expression", "count", "word", "expression"))
def _rwatch(c: Commands, args: list[str], raw: str) -> CommandResult:
    return _set_watch(c, raw, "rwatch", "r")


@command("awatch", "awatch [-l] EXPR [LEN] [if COND]",
         "stop when a read or a write touches EXPR..EXPR+LEN (gdb's access watchpoint)",
         arguments=("expression", "count", "word", "expression"))
def _awatch(c: Commands, args: list[str], raw: str) -> CommandResult:
    return _set_watch(c, raw, "awatch", "rw")


def _set_watch(c: Commands, raw: str, verb: str, mode: str | None) -> CommandResult:
    """watch / rwatch / awatch: ``[-l|-location] EXPR [LEN] [MODE] [if COND]``; a register
    (``a0``, ``$a0``) without -l is a register watchpoint (gdb's ``watch $a0``)."""
    text, cond = split_condition(raw)
    words = split_words(text)
    usage = f"usage: {verb} [-l] EXPR [LEN]" + (" [r|w|rw]" if mode is None else "") + " [if COND]"
    location = bool(words) and words[0] in ("-l", "-location")
    if location:
        words = words[1:]
    if not words or len(words) > (3 if mode is None else 2):
        raise DebugError(usage)
    if mode is None:
        mode = "w"
        if len(words) == 3 or (len(words) == 2 and words[1].lower() in _MODES):
            word = words.pop().lower()
            if word not in _MODES:
                raise DebugError(f"watch mode {word!r} must be r, w or rw")
            mode = _MODES[word]
    expression = words[0]
    if _is_register(c, expression):
        if location:
            raise DebugError(f"{expression} is a register, it has no location: {verb} {expression} watches its value")
        if len(words) > 1 or mode != "w":
            raise DebugError(f"a register watchpoint stops when {expression} changes: "
                             f"no length{'' if verb == 'watch' else ' and no read watch'} (usage: watch REG [if COND])")
        wp = c.dbg.add_register_watch(expression, cond)
        text = f"watchpoint {wp.ident}: {wp.register} (stops when it changes)" + (f" if {cond}" if cond else "")
        return CommandResult("", True, text, extra={"watchpoint": wp.ident})
    address, size = _watched_location(c, expression)
    length = c.num(words[1]) if len(words) > 1 else size
    wp = c.dbg.add_watchpoint(expression, length, mode, cond, address=address)
    text = f"watchpoint {wp.ident}: {mode} {wp.low:#x}..{wp.low + wp.length:#x}" + (f" if {cond}" if cond else "")
    return CommandResult("", True, text, extra={"watchpoint": wp.ident})


def _is_register(c: Commands, word: str) -> bool:
    """Whether ``word`` names a GPR (``a0``, ``$a0``, ``r5``; a symbol of that name
    written without ``$`` stays a symbol)."""
    name = word.lower().removeprefix("$")
    if name in ("pc", "tpc"):
        raise DebugError(f"{word} changes at every step: step (s) stops there")
    if not word.startswith("$") and c.dbg.symbols.lookup(word) is not None:
        return False
    try:
        c.dbg.machine.reg_index(name)
    except (KeyError, ValueError):
        return False
    return True


def _watched_location(c: Commands, expression: str) -> tuple[int, int]:
    """Where ``EXPR`` is and how many bytes it covers by default: a memory read ``u32[E]``
    is the 4 bytes at E (gdb's location of an lvalue; ``[E]`` 8), anything else a LOC of
    8 bytes."""
    load = _LOAD.match(expression)
    body = expression.rstrip()
    if load is not None and _closing(body, load.end() - 1) == len(body) - 1:
        width = load.group().strip()[1:-1]
        return c.dbg.evaluate(body[load.end():-1]) & MASK64, _LOAD_SIZES.get(width, 8)
    return c.dbg.resolve(expression), 8


def _closing(text: str, opening: int) -> int:
    """The index of the bracket that closes the one at ``opening`` (-1: none)."""
    depth = 0
    for i in range(opening, len(text)):
        if text[i] == "[":
            depth += 1
        elif text[i] == "]":
            depth -= 1
            if depth == 0:
                return i
    return -1


def _yes(flag: bool) -> str:
    return "y" if flag else "n"


def breakpoint_table(bps: list[dict]) -> str:
    """``info breakpoints`` as gdb lays it out: Num, Type, Disp, Enb, Address, What, then
    a line for a condition, the hits and an ignore count."""
    if not bps:
        return "No breakpoints or watchpoints."
    rows = [f"{'Num':<8}{'Type':<16}{'Disp':<5}{'Enb':<4}{'Address':<19}What"]
    for b in bps:
        if b["type"] == "watch" and b.get("tile") is not None:  # watch tile N
            kind, where, address, noun = "watchpoint", f"tile {b['tile']} (changes)", "", "watchpoint"
        elif b["type"] == "watch":
            kind = {"w": "watchpoint", "r": "read watchpoint", "rw": "acc watchpoint"}[b["mode"]]
            where = f"{b['register']} (register)" if b.get("register") else (
                f"{b['location']} ({b['length']} byte{'' if b['length'] == 1 else 's'}, {b['mode']})")
            address = "" if b["address"] is None else f"{b['address']:#x}"
            noun = "watchpoint"
        else:
            kind, where, address, noun = "breakpoint", b.get("where", b["location"]), f"{b['address']:#x}", "breakpoint"
        disp = "del" if b["type"] == "tbreak" else "keep"
        rows.append(f"{b['id']:<8}{kind:<16}{disp:<5}{_yes(b['enabled']):<4}{address:<19}{where}".rstrip())
        if b.get("condition"):
            rows.append(f"\tstop only if {b['condition']}")
        if b["hits"]:
            rows.append(f"\t{noun} already hit {b['hits']} time{'' if b['hits'] == 1 else 's'}")
        if b.get("ignore"):
            rows.append(f"\tWill ignore next {b['ignore']} crossing{'' if b['ignore'] == 1 else 's'} of breakpoint.")
        rows.extend(f"        {line}" for line in b.get("commands") or ())
    return "\n".join(rows)


@command("info breakpoints", "info breakpoints",
         "list breakpoints and watchpoints as gdb does: type, enabled (y/n), address, what (a watchpoint's "
         "length and mode), conditions, hits, ignore counts, commands", "info break", "info b")
def _info_b(c: Commands, args: list[str], raw: str) -> CommandResult:
    bps = c.dbg.info_breakpoints()
    return CommandResult("", True, breakpoint_table(bps), extra={"breakpoints": bps})


@command("info watchpoints", "info watchpoints", "list the watchpoints (the table of info breakpoints)",
         "info watch")
def _info_w(c: Commands, args: list[str], raw: str) -> CommandResult:
    wps = [b for b in c.dbg.info_breakpoints() if b["type"] == "watch"]
    return CommandResult("", True, breakpoint_table(wps) if wps else "No watchpoints.", extra={"breakpoints": wps})


@command("condition", "condition N [EXPR]",
         "stop at breakpoint or watchpoint N only when EXPR holds; without EXPR, always",
         arguments=("breakpoint", "expression"))
def _condition(c: Commands, args: list[str], raw: str) -> CommandResult:
    number, _, expression = raw.strip().partition(" ")
    if not number:
        raise DebugError("usage: condition N [EXPR]")
    stop = c.dbg.set_condition(c.num(number), expression.strip() or None)
    noun = "watchpoint" if stop.ident in c.dbg.watchpoints or stop.ident in c.dbg.table.tile_watches else "breakpoint"
    if stop.condition is None:
        return CommandResult("", True, f"{noun} {stop.ident} now unconditional.",
                             extra={"breakpoint": stop.ident, "condition": None})
    return CommandResult("", True, f"{noun} {stop.ident} stops only if {stop.condition.text}",
                         extra={"breakpoint": stop.ident, "condition": stop.condition.text})


def _enable(c: Commands, args: list[str], on: bool) -> CommandResult:
    if len(args) > 1:
        raise DebugError(f"usage: {'enable' if on else 'disable'} [N]")
    changed = c.dbg.enable(c.num(args[0]) if args else None, on)
    word = "enabled" if on else "disabled"
    return CommandResult("", True, f"{word} {', '.join(map(str, changed)) or 'nothing'}", extra={word: changed})


@command("enable", "enable [N]", "enable breakpoint/watchpoint N, or all of them", arguments=("breakpoint",))
def _enable_cmd(c: Commands, args: list[str], raw: str) -> CommandResult:
    return _enable(c, args, True)


@command("disable", "disable [N]", "disable breakpoint/watchpoint N, or all of them (kept, not deleted)",
         arguments=("breakpoint",))
def _disable_cmd(c: Commands, args: list[str], raw: str) -> CommandResult:
    return _enable(c, args, False)


@command("ignore", "ignore N COUNT", "pass over the next COUNT hits of breakpoint N (0 stops at the next one)",
         arguments=("breakpoint", "count"))
def _ignore(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) != 2:
        raise DebugError("usage: ignore N COUNT")
    bp = c.dbg.ignore(c.num(args[0]), c.num(args[1]))
    text = (f"will stop next time breakpoint {bp.ident} is reached" if bp.ignore == 0
            else f"will ignore next {bp.ignore} crossing{'s' if bp.ignore != 1 else ''} of breakpoint {bp.ident}")
    return CommandResult("", True, text, extra={"breakpoint": bp.ident, "ignore": bp.ignore})
