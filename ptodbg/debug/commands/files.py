"""Sessions and help: save, load and help."""

from __future__ import annotations

from ptodbg.debug.commands.language import CommandResult, Commands, command
from ptodbg.debug.engine.errors import DebugError


@command("save", "save SESSION", "save breakpoints, watchpoints, injections, views and the step to a session file",
         arguments=("file",))
def _save(c: Commands, args: list[str], raw: str) -> CommandResult:
    path = _session_file(c._save, "save", args)(c.dbg, args[0])
    return CommandResult("", True, f"saved session to {path}", extra={"path": str(path)})


def _session_file(handler, verb: str, args: list[str]):
    """The client's session ``handler`` for ``save``/``load SESSION`` (one file name)."""
    if len(args) != 1:
        raise DebugError(f"usage: {verb} SESSION")
    if handler is None:
        raise DebugError("sessions are not available here")
    return handler


@command("load", "load SESSION", "load a session file for this program", moves=True, long=True, arguments=("file",))
def _load(c: Commands, args: list[str], raw: str) -> CommandResult:
    return CommandResult("", True, _session_file(c._load, "load", args)(c.dbg, args[0]))


@command("help", "help [COMMAND]", "list commands, or describe one", arguments=("word",))
def _help(c: Commands, args: list[str], raw: str) -> CommandResult:
    if raw:
        spec = c.spec_for(raw)
        if spec is None:
            raise DebugError(f"no command {raw!r}")
        return CommandResult("", True, f"{spec.usage}: {spec.help}")
    lines = [f"{s.usage:42} {s.help}" for s in Commands.specs()]
    return CommandResult("", True, "\n".join(lines))
