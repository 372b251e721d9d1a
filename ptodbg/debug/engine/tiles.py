"""The engine's reads and questions about tile registers (docs/interfaces.md §12): the tile state
of a stop for the View, and ``last tile N ROW COL`` (the attempt that last wrote an
element).

Why by reference: the machine keeps its tile registers as one immutable
:class:`~ptodbg.tile.state.TileFile` that it replaces on every change, and a snapshot
holds it by reference.  So a stop's tile state is a reference too (no copy, whatever the
tiles hold), and *which* tiles an attempt wrote is a question of identity: an operation
copies the tiles it writes and leaves the others the very objects they were, and a
snapshot restored and replayed keeps those objects.  Tile operations write their
destinations whole (the valid region, then the pad value over the rest:
``asl/tile/model/execution/*.asl``), so an attempt that replaced tile N's object wrote every
element of it; a ``set tile`` edit writes the one element it names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.core.semantics.tilecommit import dimensions
from ptodbg.core.snapshot import MOVING_FIELDS
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.lastwrite import Interrupted
from ptodbg.debug.view.records import LastWrite
from ptodbg.debug.view.tiles import TileState
from ptodbg.tile.blockop import of_header
from ptodbg.tile.codes import TILE_COUNT

if TYPE_CHECKING:
    from ptodbg.debug.engine.debugger import Debugger
    from ptodbg.debug.engine.edits import Edit
    from ptodbg.tile.state import Tile, TileFile

_TILES = MOVING_FIELDS.index("tiles")  # where a snapshot keeps the tile file


class StopSearch(Exception):
    """Raised inside the search when the client interrupts it (unwinds to the query)."""


def tile_state(dbg: Debugger) -> TileState:
    """The tile registers and the open block's operation state now (references to
    immutable objects: safe to keep and to read from any thread)."""
    m = dbg.machine
    if not m.blk:
        return TileState(m.tiles, None)
    header = m.header
    return TileState(m.tiles, of_header(header), dimensions(header))


def tile_index(text: str, evaluate) -> int:
    """A tile number as typed: 0..63."""
    index = evaluate(text)
    if not 0 <= index < TILE_COUNT:
        raise DebugError(f"tile {index} does not exist: tiles are 0..{TILE_COUNT - 1}")
    return index


# -------------------------------------------------------------------- last
def _edit_writes(edit: Edit, index: int, row: int, column: int) -> bool:
    return edit.kind == "tile" and edit.args[:3] == (index, row, column)


def _snapshot_tile(snap, index: int) -> Tile | None:
    file: TileFile = snap.moving[_TILES]
    return file.local[index]


def last_tile_write(dbg: Debugger, index: int, row: int, column: int) -> LastWrite | None:
    """The last attempt up to the present step that wrote element (row, column) of tile
    ``index`` (kind "tile"), or the ``set tile`` edit that did (kind "set"); None when
    nothing did since load.  The machine is back at the present when it returns; an
    interrupt ends the search with :class:`~ptodbg.debug.engine.lastwrite.Interrupted`."""
    if not dbg.in_command:
        dbg.interrupt.clear()
    m = dbg.machine
    now = m.steps
    edit = next((e for e in reversed(dbg.edits[: dbg.cursor]) if e.step <= now and _edit_writes(e, index, row, column)),
                None)
    floor = edit.step if edit is not None else 0
    try:
        with dbg.present_kept():
            found = _search(dbg, index, floor, now)
            if found is None and edit is not None:
                dbg.travel_to(edit.step, interruptible=False)
                found = LastWrite(edit.step, m.pc, None, "set")
    except StopSearch:
        raise Interrupted(f"interrupted: no write of tile {index} ({row}, {column}) found in the steps searched") from None
    return found


def _search(dbg: Debugger, index: int, floor: int, now: int) -> LastWrite | None:
    """Newest interval first: an interval between two snapshots (or the last snapshot and
    the present) whose tile ``index`` is not the same object at both ends holds a write
    (or an edit); it is replayed attempt by attempt.  Intervals whose ends hold the same
    object are skipped."""
    history = dbg.history
    m = dbg.machine
    later_step, later_tile = now, m.tiles.local[index]
    for step in reversed([s for s in history.steps() if s < now]):
        if later_step <= floor:
            return None
        if dbg.interrupted():
            raise StopSearch
        entry = history.latest_at_or_before(step)
        tile = _snapshot_tile(entry.snap, index)
        if tile is not later_tile:
            found = _replay(dbg, index, max(step, floor), later_step)
            if found is not None:
                return found
        later_step, later_tile = step, tile
    return None


def _replay(dbg: Debugger, index: int, start: int, end: int) -> LastWrite | None:
    """The last attempt of start+1 .. end that replaced tile ``index``."""
    if end <= start:
        return None
    m = dbg.machine
    dbg.travel_to(start, interruptible=False)
    found = None
    while m.steps < end:
        if dbg.interrupted():
            raise StopSearch
        dbg.apply_due_edits()  # an edit due now is applied before the attempt, not by it
        before = m.tiles.local[index]
        res = m.step()
        if res.kind == "halt":
            break
        if m.tiles.local[index] is not before:
            found = LastWrite(m.steps, res.pc, res.form.mnemonic if res.form is not None else None, "tile")
    return found
