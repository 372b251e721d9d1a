"""The readers of the stop a debugger is at, and its displays shown there once.

gdb shows every auto-display after every stop.  Two clients of one stop want them: the
command that moved the machine (its JSON ``"displays"`` and its console lines) and the
view of the stop (the TUI's Displays tab).  :func:`shown_displays` works them out once per
machine position and display list, so the tab never evaluates a display again, and both
show the same lines: the same expression reader, the same ``<sym+off>`` labels (only
inside the program's sections, as ``info symbol`` has them) and the same disassembler.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import TYPE_CHECKING

from ptodbg.debug.commands.displays import Target, displays_of
from ptodbg.debug.commands.memformat import symbol_label
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.view.listing import row_at

if TYPE_CHECKING:
    from ptodbg.debug.engine.debugger import Debugger

# debugger -> (display list, (position, selected frame, list version), entries)
_SHOWN: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def containing(dbg: Debugger) -> Callable[[int], tuple[str, int] | None]:
    """The symbol an address is in, as ``<sym+off>`` labels name it (demangled): only inside the
    program's allocated sections (as ``info symbol``), so that print/a 0xffffffffffffffff
    is not "<edge+18446744073709473797>" (the last symbol below it, 2^64 bytes away)."""
    program = dbg.program

    symbols = dbg.symbols

    def find(address: int) -> tuple[str, int] | None:
        if program is not None and program.section_at(address) is None:
            return None
        hit = symbols.containing(address)
        return None if hit is None else (symbols.pretty(hit[0]), hit[1])  # labels demangled, as bt

    return find


def stop_target(dbg: Debugger) -> Target:
    """The readers of the stop the machine is at, for x/FMT, print/FMT and displays."""

    code = dbg.code_memory()

    def disassemble(address: int) -> tuple[int, str]:
        if address & 1:
            raise DebugError(f"{address:#x} is odd: instructions are halfword aligned")
        row = row_at(code, dbg.decoder, dbg.symbols, address)
        if not row.whole:
            readable = len(code.readable_prefix(address, 8))
            raise DebugError(f"cannot access memory at {address + readable if readable < 8 else address:#x}")
        return row.length, row.text

    return Target(dbg.evaluate, dbg.memory, symbol_label(containing(dbg)), disassemble, dbg.pc)


def shown_displays(dbg: Debugger) -> tuple[dict, ...]:
    """Every display of ``dbg`` at the stop it is at (JSON-ready entries whose ``text``
    holds the console lines), worked out once per position, selected frame and list."""
    displays = displays_of(dbg.settings)
    if not len(displays):
        return ()
    key = (dbg.position(), dbg.selected_frame, displays.version)
    found = _SHOWN.get(dbg)
    if found is not None and found[0] is displays and found[1] == key:  # a session load brings a new list
        return found[2]
    entries = tuple(displays.show(stop_target(dbg)))
    _SHOWN[dbg] = (displays, key, entries)
    return entries


__all__ = ["containing", "shown_displays", "stop_target"]
