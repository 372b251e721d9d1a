"""gdb's breakpoint command lists: ``commands N`` ... ``end``, and running them at a stop.

``commands N`` opens a list for breakpoint or watchpoint N (without N: the newest one);
the lines that follow, one command each, are collected (:class:`Collector`, kept by
:class:`~ptodbg.debug.commands.language.Commands` until ``end``) and stored on the stop,
where sessions keep them.  A line alone is the same in every client: the TUI command line,
a batch script (``-c "commands 1; silent; print a0; end"``) and the DAP console.

When a moving command stops at N, its lines run after the stop, as gdb runs them: a first
line ``silent`` drops the stop's own message; a command that moves the machine again
(``continue``, ``step``) ends the list (gdb ignores what follows it), and the stop it
reaches runs its own list in turn.  That chain is a loop, not a recursion, bounded by
:data:`MAX_CHAIN` lists per command and by the engine's interrupt and step limit, so a
logging breakpoint (``commands 1; silent; print a0; continue; end``) in a loop runs to the
end of the program like gdb's and stops at once on ctrl+c.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ptodbg.debug.commands.displays import console_lines
from ptodbg.debug.commands.language import CommandResult, Commands, after_move, command
from ptodbg.debug.engine.errors import DebugError

if TYPE_CHECKING:
    from ptodbg.debug.engine.stops import Stop
MAX_LINES = 256  # lines in one command list
MAX_LINE = 4096  # characters of one line of a list
MAX_CHAIN = 10_000  # command lists one command may run (each after a stop it reached)


@dataclass
class Collector:
    """The lines typed after ``commands N`` until ``end``."""

    idents: tuple[int, ...]
    lines: list[str] = field(default_factory=list)

    def take(self, commands: Commands, line: str) -> CommandResult:
        text = line.strip()
        if text.lower() == "end":
            commands.collector = None
            stops = [commands.dbg.table.numbered(i) for i in self.idents]
            for stop in stops:
                stop.commands = tuple(self.lines)
            which = ", ".join(map(str, self.idents))
            said = f"{len(self.lines)} line{'' if len(self.lines) == 1 else 's'}" if self.lines else "no lines"
            return CommandResult("", True, f"commands of {which}: {said}",
                                 extra={"breakpoints": list(self.idents), "commands": list(self.lines)})
        if len(self.lines) >= MAX_LINES:
            commands.collector = None
            raise DebugError(f"a command list holds at most {MAX_LINES} lines: list dropped")
        if len(text) > MAX_LINE:
            raise DebugError(f"a line of a command list holds at most {MAX_LINE} characters")
        if text:
            self.lines.append(text)
        return CommandResult("", True, ">", extra={"collecting": list(self.idents)})


@command("commands", "commands [N...]",
         "the commands to run when breakpoint or watchpoint N stops (default: the newest), one per line, "
         "up to a line 'end'; 'silent' first hides the stop message", arguments=("breakpoint",))
def _commands(c: Commands, args: list[str], raw: str) -> CommandResult:
    table = c.dbg.table
    if args:
        if len(args) > 64:
            raise DebugError("at most 64 breakpoint numbers")
        idents = tuple(dict.fromkeys(table.numbered(c.num(a)).ident for a in args))
    else:
        newest = max((s["id"] for s in c.dbg.info_breakpoints()), default=None)
        if newest is None:
            raise DebugError("no breakpoints or watchpoints: set one first")
        idents = (newest,)
    c.collector = Collector(idents)
    which = ", ".join(map(str, idents))
    return CommandResult("", True, f"type commands for {which}, one per line; end with a line saying just \"end\"",
                         extra={"collecting": list(idents)})


def _stopped_by(c: Commands, stop: Stop | None) -> tuple[str, ...]:
    """The command list of the user stop that ``stop`` is (none for other stops)."""
    if stop is None:
        return ()
    ident = stop.breakpoint
    if ident is None and stop.watch_hits:
        ident = stop.watch_hits[0].watch
    if ident is None or ident <= 0:
        return ()
    found = c.dbg.breakpoints.get(ident) or c.dbg.watchpoints.get(ident)
    return found.commands if found is not None else ()


@after_move
def run_stop_commands(c: Commands, result: CommandResult) -> None:
    """After a command stopped at a breakpoint with a command list: run the list (and the
    lists of the stops its moving commands reach), adding their output to the result."""
    if c.running_lists or not result.ok:
        return
    lines = _stopped_by(c, result.stop)
    if not lines:
        return
    c.running_lists = True
    ran: list[dict] = []
    text: list[str] = [result.message] if result.message else []
    try:
        for _ in range(MAX_CHAIN):
            if lines and lines[0].lower() == "silent":
                lines = lines[1:]
                if text and result.message and text[-1] == result.message:
                    text.pop()  # the stop's own line: silent hides it
            moved: CommandResult | None = None
            for line in lines:
                sub = c.execute(line)
                ran.append({"command": line, "ok": sub.ok, **({"message": sub.message} if sub.ok else
                                                               {"error": sub.error})})
                if sub.ok:
                    text.extend(sub.message.splitlines())
                    if sub.moved:
                        text.extend(console_lines(sub.extra.get("displays", [])))
                else:
                    text.append(f"error: {sub.error}")
                if sub.ok and sub.stop is not None:
                    moved = sub  # a command that resumes ends the list, as in gdb
                    break
            if moved is None:
                break
            result.stop = moved.stop
            if c.dbg.interrupted() or moved.stop.status in ("interrupted", "max-steps", "exited", "error"):
                break
            lines = _stopped_by(c, moved.stop)
            if not lines:
                break
        else:
            text.append(f"stopped after {MAX_CHAIN} breakpoint command lists")
    finally:
        c.running_lists = False
    result.message = "\n".join(text)
    result.extra["commands"] = ran
