"""The user's breakpoints and watchpoints as a view shows them: one frozen record each.

The TUI's Breakpoints tab renders these from the :class:`~ptodbg.debug.view.capture.View` of a
stop, like every pane, and acts on them through the command language (``enable N``,
``disable N``, ``delete N``): it never holds the engine's table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.base.record import Frozen

if TYPE_CHECKING:
    from ptodbg.debug.engine.debugger import Debugger


class UserStop(Frozen):
    """A breakpoint or watchpoint: its number, ``kind`` as gdb names it ("breakpoint",
    "watchpoint", "read watchpoint", "acc watchpoint"), whether it is enabled and
    temporary, its address (None: a register watchpoint), what it is in words (the
    location, or ``dst (8 bytes, w)``, ``a0 (register)``, ``tile 3``), its condition and its hits."""

    ident: int
    kind: str
    enabled: bool
    temporary: bool
    address: int | None
    what: str
    condition: str | None
    hits: int
    ignore: int = 0
    commands: int = 0  # lines of its ``commands`` list

    @property
    def is_watch(self) -> bool:
        return self.kind != "breakpoint"


def user_stops(dbg: Debugger) -> tuple[UserStop, ...]:
    """Every user breakpoint and watchpoint of ``dbg``, by number."""
    out = []
    for b in dbg.breakpoints.values():
        if b.ident > 0:
            out.append(UserStop(b.ident, "breakpoint", b.enabled, b.temporary, b.address, dbg.symbolize(b.address),
                                b.condition.text if b.condition else None, b.hits, b.ignore, len(b.commands)))
    for w in dbg.watchpoints.values():
        address = None if w.register is not None else w.low
        out.append(UserStop(w.ident, w.kind, w.enabled, False, address, w.what(),
                            w.condition.text if w.condition else None, w.hits, 0, len(w.commands)))
    for t in dbg.table.tile_watches.values():  # watch tile N
        out.append(UserStop(t.ident, t.kind, t.enabled, False, None, t.what(),
                            t.condition.text if t.condition else None, t.hits, 0, len(t.commands)))
    return tuple(sorted(out, key=lambda s: s.ident))
