"""Batch mode: debugger commands without a screen, one JSON line per command.

``ptodbg batch PROGRAM -x SCRIPT`` reads one command per line (``#`` starts a comment at
the start of a line or after whitespace, so ``t#1`` stays an operand); ``-c "CMD; CMD"``
takes them from the argument.  Every command prints exactly one JSON object (docs/interfaces.md
§5): ``{"command", "ok": true, "state", ...}`` or ``{"command", "ok": false, "error"}``.
Nothing else is written to standard output.  With ``--text`` (:func:`transcript`) each
command prints what the TUI's console shows instead, as a gdb session reads: the command
after a ``(ptodbg)`` prompt, then its output lines and the displays of its stop.

Headless runs stay in the user's hands: :func:`~ptodbg.debug.engine.interrupts.sigint_cancels` turns SIGINT into a request
the engine honours at the next step boundary, so the running command ends at an exact
step and still prints its line (status "interrupted"), and :func:`run` skips the rest.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import TextIO

from ptodbg.debug.commands import CommandResult, Commands
from ptodbg.debug.commands.displays import console_lines
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.engine.interrupts import INTERRUPTED_STATUS
from ptodbg.debug.files import session
from ptodbg.debug.view.capture import Viewer

PROMPT = "(ptodbg) "
_COMMENT = re.compile(r"(?:^|(?<=\s))#")


def script_lines(text: str) -> list[str]:
    """Commands of a script: one per line; comments (``#`` at the start of a line or
    after whitespace, to the end of the line) and blank lines dropped."""
    out = []
    for line in text.splitlines():
        comment = _COMMENT.search(line)
        code = (line[: comment.start()] if comment else line).strip()
        if code:
            out.append(code)
    return out


def inline_commands(text: str) -> list[str]:
    """Commands of ``-c "A; B; C"``."""
    return [part.strip() for part in text.split(";") if part.strip()]


def transcript(line: str, result: CommandResult) -> list[str]:
    """One command as the console shows it: the prompt and the command, its output (or
    its error), then the displays of the stop it moved to (gdb's ``1: a0 = 0x5``)."""
    out = [PROMPT + line]
    if not result.ok:
        out.append(f"error: {result.error}")
        return out
    out.extend(result.message.splitlines())
    out.extend(console_lines(result.extra.get("displays", [])) if result.moved else [])
    return out


def run(dbg: Debugger, commands: Iterable[str], out: TextIO, *, text: bool = False) -> int:
    """Execute the commands; returns 0 when all succeeded, 1 when any failed, and
    :data:`INTERRUPTED_STATUS` when ``dbg.cancel`` was set (the command running then
    prints its line; the rest are skipped).  ``text``: print each command's
    :func:`transcript` rather than its JSON line.  A closed pipe raises BrokenPipeError
    to the caller, which ends quietly (:mod:`ptodbg.cli`)."""
    runner = Commands(dbg, save=session.save, load=session.load)
    viewer = Viewer(dbg)  # each JSON line's state is made from the view of its stop
    failed = False
    for line in commands:
        if dbg.cancel.is_set():
            break
        result = runner.execute(line)
        failed |= not result.ok
        if text:
            out.write("".join(row + "\n" for row in transcript(line, result)))
        else:
            out.write(json.dumps(result.as_json(viewer.capture() if result.ok else None), separators=(",", ":"))
                      + "\n")
        out.flush()
        if result.ok and result.extra.get("quit"):
            break  # quit: the rest of the script is not run
    if dbg.cancel.is_set():
        return INTERRUPTED_STATUS
    return 1 if failed else 0

