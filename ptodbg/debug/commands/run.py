"""Commands that move the machine forward or back: step, next, continue, until, advance,
reverse-step, reverse-next, reverse-finish, reverse-continue and goto, with gdb's and rr's
short names (si, ni, rsi, rni, rn, rs, rc)."""

from __future__ import annotations

from ptodbg.debug.commands.language import CommandResult, Commands, command, count_arg, location_arg
from ptodbg.debug.engine.errors import DebugError


@command("step", "step [N]", "execute N instructions (default 1)", "stepi", "si", "s", moves=True,
         long=256, arguments=("count",))
def _step(c: Commands, args: list[str], raw: str) -> CommandResult:
    return c.moved(c.dbg.step(count_arg(c, args)))


@command("next", "next", "step over a call (BSTART.CALL, SETRET...)", "n", "nexti", "ni", moves=True, long=True)
def _next(c: Commands, args: list[str], raw: str) -> CommandResult:
    return c.moved(c.dbg.next())


@command("continue", "continue [N]", "run until a stop (at most N steps)", "c", "cont", moves=True,
         long=True, arguments=("count",))
def _continue(c: Commands, args: list[str], raw: str) -> CommandResult:
    return c.moved(c.dbg.cont(count_arg(c, args, None)))


@command("until", "until LOC", "run until LOC is reached (or another stop)", "u", moves=True,
         long=True, arguments=("location",))
def _until(c: Commands, args: list[str], raw: str) -> CommandResult:
    if not raw:
        raise DebugError("usage: until LOC")
    return c.moved(c.dbg.until(location_arg(raw)))


@command("advance", "advance LOC", "run until LOC is reached, or the current frame returns (or another stop)",
         moves=True, long=True, arguments=("location",))
def _advance(c: Commands, args: list[str], raw: str) -> CommandResult:
    if not raw:
        raise DebugError("usage: advance LOC")
    return c.moved(c.dbg.advance(location_arg(raw)))


@command("reverse-step", "reverse-step [N]", "go back N steps", "rs", "reverse-stepi", "rsi", moves=True,
         long=256, arguments=("count",))
def _rstep(c: Commands, args: list[str], raw: str) -> CommandResult:
    return c.moved(c.dbg.reverse_step(count_arg(c, args)))


@command("reverse-next", "reverse-next [N]",
         "go back N steps, over calls: from a call's return, back to the call itself (rr's reverse-next)",
         "rn", "reverse-nexti", "rni", moves=True, long=True, arguments=("count",))
def _rnext(c: Commands, args: list[str], raw: str) -> CommandResult:
    return c.moved(c.dbg.reverse_next(count_arg(c, args)))


@command("reverse-finish", "reverse-finish",
         "go back to where the selected frame was called, the call about to run (rr's reverse-finish)",
         moves=True, long=True)
def _rfinish(c: Commands, args: list[str], raw: str) -> CommandResult:
    if args:
        raise DebugError("usage: reverse-finish")
    return c.moved(c.dbg.reverse_finish())


@command("reverse-continue", "reverse-continue", "go back to the previous breakpoint, watchpoint hit or trap", "rc", moves=True,
         long=True)
def _rcont(c: Commands, args: list[str], raw: str) -> CommandResult:
    return c.moved(c.dbg.reverse_continue())


@command("goto", "goto STEP", "travel to an absolute step count", moves=True, long=True, arguments=("step",))
def _goto(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) != 1:
        raise DebugError("usage: goto STEP")
    return c.moved(c.dbg.goto(c.num(args[0])))
