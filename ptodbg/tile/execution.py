"""What a tile operation executes against: the tile registers of the attempt, the block's
operation state, the numeric model and memory, and the decoded operand record.

An operation never changes the machine's tile file while it runs: it reads and writes a
:class:`Workspace` over the committed :class:`~ptodbg.tile.state.TileFile`, and the
caller commits the workspace only when the whole operation succeeded.  So a rejection or
a fault at any point leaves every tile as it was (the spec's RollBackBundleTileDestinations
and its precise-fault rule), with no undo code in the operations.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from ptodbg.tile.blockop import EMPTY as EMPTY_OPERATION
from ptodbg.tile.blockop import BlockOperation, TileFault
from ptodbg.tile.codes import PAD_NULL
from ptodbg.tile.state import CAPACITY_LIMIT, SharedTile, Tile, TileFile


class TileUnsupported(Exception):
    """ptodbg has no model yet for what the operation needs (a part-two feature such as
    the matrix engine, or a numeric format); the machine halts, the AVS harness reports
    the point unsupported.  Raised before any effect."""


class Workspace:
    """The tile registers as one operation attempt sees them (reads fall through to the
    committed file, writes stay here until :meth:`commit`)."""

    __slots__ = ("file", "changes", "shared_changes", "limit")

    def __init__(self, file: TileFile, limit: int = CAPACITY_LIMIT) -> None:
        self.file = file
        self.changes: dict[int, Tile | None] = {}
        self.shared_changes: dict[int, SharedTile | None] = {}
        self.limit = limit  # TileCapacityLimitBytes: the core's TILE_CAPACITY

    def __getitem__(self, index: int) -> Tile | None:
        if index in self.changes:
            return self.changes[index]
        return self.file.local[index]

    def __setitem__(self, index: int, tile: Tile | None) -> None:
        self.changes[index] = tile

    def allocated(self, index: int) -> Tile:
        """The tile at ``index``; the operation's legality checked it exists."""
        t = self[index]
        if t is None:
            raise TileFault("TileLegality", f"tile T{index} is not allocated")
        return t

    def shared(self, shared_id: int) -> SharedTile | None:
        """Shared register ``shared_id`` as this attempt sees it."""
        if shared_id in self.shared_changes:
            return self.shared_changes[shared_id]
        return self.file.shared[shared_id]

    def set_shared(self, shared_id: int, shared: SharedTile | None) -> None:
        self.shared_changes[shared_id] = shared

    def commit(self) -> TileFile:
        f = self.file.with_locals(self.changes) if self.changes else self.file
        for shared_id, shared in self.shared_changes.items():
            f = f.with_shared(shared_id, shared)
        return f

    def view(self) -> TileFile:
        """The file with this attempt's changes (for capacity accounting)."""
        return self.commit()


class Memory(Protocol):
    """The memory a TLSU operation reaches (the core's memory, adapted by the caller):
    ``probe`` raises the architectural fault of an element access (alignment, then
    permission) before any effect; ``load``/``store`` move a probed element and record its
    event (``agent``: the PE it is for, None for the executing one); ``peek`` reads a probed byte without an event."""

    def probe(self, address: int, size: int, write: bool) -> None: ...

    def load(self, address: int, size: int, agent: int | None = None) -> int: ...

    def peek(self, address: int, size: int) -> int: ...

    def store(self, address: int, size: int, value: int, agent: int | None = None) -> None: ...


class Env:
    """Everything an operation semantic function reads besides its operands."""

    __slots__ = ("tiles", "op", "numeric", "flags", "memory", "read_gpr", "pe_gprs")

    def __init__(self, tiles: Workspace, op: BlockOperation = EMPTY_OPERATION, numeric: str = "carrier",
                 memory: Memory | None = None, read_gpr: Callable[[int], int] | None = None,
                 pe_gprs: Callable[[int, int], int] | None = None) -> None:
        self.tiles = tiles
        self.op = op
        self.numeric = numeric  # "carrier": the reference profile; "ieee": real arithmetic
        self.flags = 0  # numeric status flags the operation raised (RecordNumericStatusFlags)
        self.memory = memory
        self.read_gpr = read_gpr  # Reg5 selector -> value (ReadScalarRegisterOperand)
        # (PE, absolute GPR) -> value, for an operation that reads every PE's own registers
        # (TPREFETCH); None on a machine that models one PE: the operation runs for it alone.
        self.pe_gprs = pe_gprs

    def pad_value(self) -> int:
        """CurrentBundlePadValue."""
        return self.op.pad_value() if self.op is not None else PAD_NULL

    def publish(self, destination: int, result: Tile, flags: int = 0) -> None:
        """The common end of an operation that computed every valid element of ``result``:
        those elements defined, the padding filled with the operation's pad value, the tile
        written to ``destination`` and the numeric status flags it raised recorded."""
        result.mark_valid_defined()
        result.apply_padding(self.pad_value())
        self.tiles[destination] = result
        self.flags |= flags


class Operands:
    """TileInstructionOperands: the uniform decoded operand record (DefaultTileInstructionOperands
    gives every field's default)."""

    __slots__ = ("destination0", "destination1", "destination2", "source0", "source1", "source2", "source3",
                 "source4", "source5", "source6", "source7", "address", "scalar0", "scalar1", "post_quant_param",
                 "post_lrelu_param", "natural0", "natural1", "positive0", "positive1", "positive2", "positive3",
                 "diagonal", "byte_count", "selected_byte", "sort_width", "axis", "comparison", "flag0",
                 "numeric_control")

    def __init__(self) -> None:
        for name in ("destination0", "destination1", "destination2", "source0", "source1", "source2", "source3",
                     "source4", "source5", "source6", "source7", "address", "scalar0", "scalar1",
                     "post_quant_param", "post_lrelu_param", "natural0", "natural1", "diagonal", "byte_count",
                     "selected_byte"):
            setattr(self, name, 0)
        self.positive0 = self.positive1 = self.positive2 = self.positive3 = 1
        self.sort_width = 32
        self.axis = "Row"
        self.comparison = "EQ"
        self.flag0 = False
        # TileNumericSelection: (use the operation's default, rounding mode name, saturating)
        self.numeric_control = (True, "RNE", False)

    def copy(self) -> Operands:
        o = Operands.__new__(Operands)
        for name in Operands.__slots__:
            setattr(o, name, getattr(self, name))
        return o
