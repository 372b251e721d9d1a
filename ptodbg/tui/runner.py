"""Running one command line for the TUI: which lines go to the worker thread, and the
run itself, which never lets an engine error reach the screen as a traceback."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.debug.commands import CommandResult, split_words

if TYPE_CHECKING:
    from ptodbg.debug.commands import Commands
    from ptodbg.debug.view.capture import View, Viewer


def runs_long(commands: Commands, line: str) -> bool:
    """Whether the line runs on the worker: the command's own fact
    (:meth:`~ptodbg.debug.commands.CommandSpec.runs_long`)."""
    spec = commands.spec_for(line)
    if spec is None:
        return False
    try:
        args = split_words(line.strip().partition(" ")[2])
    except ValueError:
        return False
    return spec.runs_long(args)


def execute(commands: Commands, viewer: Viewer, line: str) -> tuple[CommandResult, View | None]:
    """Run one command line and capture the view of its stop, on the calling thread (the
    one that owns the machine now); no view when nothing moved and the line failed.  A bug
    in the engine becomes a message, never a traceback; the view is then re-read, since
    the machine may have moved."""
    try:
        result = commands.execute(line)
    except Exception as e:  # noqa: BLE001 - the UI must survive any engine error
        result = CommandResult(line, False, error=f"internal error: {type(e).__name__}: {e}", moved=True)
    if not result.ok and not result.moved:
        return result, None
    try:
        return result, viewer.capture(moved=result.moved)
    except Exception as e:  # noqa: BLE001 - a view that cannot be read must not kill the app
        return CommandResult(line, False, error=f"internal error reading the stop: {type(e).__name__}: {e}"), None
