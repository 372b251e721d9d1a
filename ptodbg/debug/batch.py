"""Batch mode: debugger commands without a screen, one JSON line per command.

``ptodbg batch PROGRAM -x SCRIPT`` reads one command per line (``#`` starts a comment);
``-c "CMD; CMD"`` takes them from the argument.  Every command prints exactly one JSON
object (DESIGN.md §5): ``{"command", "ok": true, "state", ...}`` or ``{"command",
"ok": false, "error"}``.  Nothing else is written to standard output.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TextIO

from ptodbg.debug import session
from ptodbg.debug.commands import Commands
from ptodbg.debug.engine import Debugger


def script_lines(text: str) -> list[str]:
    """Commands of a script: one per line, ``#`` comments and blank lines dropped."""
    out = []
    for line in text.splitlines():
        code = line.split("#", 1)[0].strip()
        if code:
            out.append(code)
    return out


def inline_commands(text: str) -> list[str]:
    """Commands of ``-c "A; B; C"``."""
    return [part.strip() for part in text.split(";") if part.strip()]


def run(dbg: Debugger, commands: Iterable[str], out: TextIO) -> int:
    """Execute the commands; returns 0 when all succeeded, 1 when any failed."""
    runner = Commands(dbg, save=session.save, load=session.load)
    failed = False
    for line in commands:
        result = runner.execute(line)
        failed |= not result.ok
        out.write(json.dumps(result.as_json(dbg), separators=(",", ":")) + "\n")
        out.flush()
    return 1 if failed else 0
