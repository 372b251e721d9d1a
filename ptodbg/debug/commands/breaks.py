"""Breakpoints and watchpoints: break, tbreak, delete, watch, enable, disable, ignore,
info breakpoints and info watchpoints."""

from __future__ import annotations

from ptodbg.debug.commands.language import (
    CommandResult,
    Commands,
    command,
    location_arg,
    split_condition,
)
from ptodbg.debug.engine.errors import DebugError


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
    return CommandResult("", True, message, extra=extra)


@command("delete", "delete [N]", "delete breakpoint/watchpoint N, or all of them", "d", arguments=("breakpoint",))
def _delete(c: Commands, args: list[str], raw: str) -> CommandResult:
    gone = c.dbg.delete(c.num(args[0]) if args else None)
    return CommandResult("", True, f"deleted {', '.join(map(str, gone)) or 'nothing'}", extra={"deleted": gone})


@command("watch", "watch ADDR [LEN] [r|w|rw]", "stop when an access touches ADDR..ADDR+LEN (default 8 bytes, w)",
         arguments=("expression", "count", "watch-mode"))
def _watch(c: Commands, args: list[str], raw: str) -> CommandResult:
    if not args or len(args) > 3:
        raise DebugError("usage: watch ADDR [LEN] [r|w|rw]")
    mode = "w"
    modes = {"r": "r", "w": "w", "rw": "rw", "wr": "rw"}
    if len(args) == 3 or (len(args) == 2 and args[1].lower() in modes):
        word = args.pop().lower()
        if word not in modes:
            raise DebugError(f"watch mode {word!r} must be r, w or rw")
        mode = modes[word]
    length = c.num(args[1]) if len(args) > 1 else 8
    wp = c.dbg.add_watchpoint(args[0], length, mode)
    return CommandResult("", True, f"watchpoint {wp.ident}: {mode} {wp.low:#x}..{wp.low + wp.length:#x}",
                         extra={"watchpoint": wp.ident})



@command("info breakpoints", "info breakpoints", "list breakpoints and watchpoints: enabled (y/n), hits, ignore counts",
         "info break", "info b")
def _info_b(c: Commands, args: list[str], raw: str) -> CommandResult:
    bps = c.dbg.info_breakpoints()
    text = "\n".join(
        f"{b['id']:3} {b['type']:6} {'y' if b['enabled'] else 'n'} "
        + (f"{b['address']:#x} " if b["address"] is not None else "")  # (a tile watch has no address)
        + f"{b.get('where', b['location'])}"
        f" hits={b['hits']}"
        + (f" if {b['condition']}" if b.get("condition") else "")
        + (f" (ignore next {b['ignore']} hits)" if b.get("ignore") else "")
        for b in bps
    )
    return CommandResult("", True, text or "no breakpoints or watchpoints", extra={"breakpoints": bps})


@command("info watchpoints", "info watchpoints", "list watchpoints", "info watch")
def _info_w(c: Commands, args: list[str], raw: str) -> CommandResult:
    wps = [b for b in c.dbg.info_breakpoints() if b["type"] == "watch"]
    return CommandResult("", True, "\n".join(str(w) for w in wps) or "no watchpoints", extra={"breakpoints": wps})



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
