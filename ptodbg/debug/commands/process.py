"""The program as a process: quit, gdb's run/start/kill (which ptodbg answers with what it
does instead), and ``info proc mappings`` (the page map).

ptodbg loads the program stopped at its entry (step 0) and keeps its whole run: there is
no process to start or kill, and going back to the start is ``goto 0``.  So ``run``,
``start`` and ``kill`` change nothing and say, in one sentence, which command does what
the user meant; they answer ``ok: false`` because they did not do what was asked.

``quit`` (``q``) answers ``ok`` with ``"quit": true``; each client ends its way: the TUI
exits, batch mode runs no further command, the DAP server ends the session.
"""

from __future__ import annotations

from ptodbg.debug.commands.language import CommandResult, Commands, command
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.view.jsonstate import page_json
from ptodbg.debug.view.memimage import MemoryImage
from ptodbg.debug.view.pagemap import page_map, page_marks, process_regions, program_regions


@command("quit", "quit", "leave ptodbg (the TUI exits; a batch script stops here)", "q")
def _quit(c: Commands, args: list[str], raw: str) -> CommandResult:
    return CommandResult("", True, "quit", extra={"quit": True})


_INSTEAD = {
    "run": "the program is loaded and stopped at its entry (step 0): continue (c) runs it; goto 0 starts over",
    "start": "the program already stops at its entry (step 0): goto 0 comes back here; until main runs to main",
    "kill": "there is no process to kill: the whole run is kept; goto 0 starts over, quit (q) leaves",
}


def _instead(c: Commands, args: list[str], raw: str) -> CommandResult:
    raise DebugError("ptodbg: " + _INSTEAD[c.current])


for _name, _text in _INSTEAD.items():
    command(_name, _name, f"(gdb's {_name}) {_text}", *(("r",) if _name == "run" else ()))(_instead)


@command("info proc mappings", "info proc mappings",
         "the page map: every mapped range with its permissions, what it is, and injections", "info proc")
def _mappings(c: Commands, args: list[str], raw: str) -> CommandResult:
    dbg = c.dbg
    m = dbg.machine
    memory = MemoryImage.of_memory(m.mem)
    marks, why = page_marks(memory, dbg.edits, dbg.cursor)
    pages = page_map(memory, program_regions(dbg) + process_regions(m.os_state), marks, why)
    rows = ["Mapped address spaces:", "",
            f"{'Start Addr':>20} {'End Addr':>18} {'Size':>10} Perms  What"]
    for p in pages:
        mark = f"  {p.mark} {p.injection}" if p.mark else ""
        rows.append(f"{p.start:>#20x} {p.end:>#18x} {p.size:>#10x} {p.perms.text}    {p.name}{mark}")
    return CommandResult("", True, "\n".join(rows), extra={"mappings": [page_json(p) for p in pages]})
