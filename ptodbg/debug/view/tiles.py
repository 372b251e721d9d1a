"""The tile registers and the open block's tile operation as every client reads them
(docs/interfaces.md §12): typed, frozen records made from the machine's tile state, and the words
and numbers a client shows for an element.

What a stop holds (:class:`TileState`) is three references: the machine's tile file (an
immutable :class:`~ptodbg.tile.state.TileFile`, shared with the history's snapshots and
never changed once made), the open block's operation state (an immutable
:class:`~ptodbg.tile.blockop.BlockOperation`) and its B.DIM dimensions.  So capturing
tiles costs nothing per stop, however many tiles a program has, and a program without
tiles pays one comparison; everything else here is worked out when a client asks:

* :func:`registers` - one :class:`TileRegister` per allocated tile (the JSON ``"tiles"``,
  ``info tiles``, the Tiles pane's list, the DAP's Tiles scope);
* :func:`operation` - the open block's :class:`TileOperation` (the JSON ``"operation"``);
* :class:`TileContents` - one tile's elements, decoded by its data type
  (``tile N [ROW [COL]] [/FMT]``, the pane's grid, the DAP's rows), and which of them
  changed since another stop;
* :func:`transfer` - the memory a tile block moves (TLOAD/TSTORE/TPREFETCH ...): the byte
  ranges it read and wrote, for the memory views' highlight (as DMA's ranges are).

Element formats (``/FMT``): ``""`` the value by the tile's type (FP types as the shortest
decimal that reads back to the same bits, ``nan``, ``inf``, ``-0``), ``x`` the raw bits in
hex at the type's width, ``d``/``u`` the raw bits as a signed/unsigned integer.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ptodbg.base.record import Frozen
from ptodbg.isa.syntax import dest_text, source_text
from ptodbg.isa.tileops import DATA_TYPE_NAMES
from ptodbg.tile import blockop
from ptodbg.tile import operations as ops
from ptodbg.tile.codes import (
    LAYOUT_NAMES,
    LOCATION_NAMES,
    NUMERIC,
    TILE_COUNT,
    hand_of,
    size_code_bytes,
)
from ptodbg.tile.dtypes import DataType
from ptodbg.tile.formats import InvalidEncoding, decode, encode
from ptodbg.tile.state import EMPTY as EMPTY_FILE
from ptodbg.tile.state import Tile, TileError, TileFile

__all__ = [
    "EMPTY_STATE", "FORMATS", "TileBindingInfo", "TileContents", "TileOperation", "TileRegister", "TileState",
    "TileTransfer", "dtype_name", "element_text", "operation", "parse_value", "registers", "transfer",
]

FORMATS = ("", "x", "d", "u")  # the element formats of ``tile N /FMT`` ("": by the tile's type)


# ------------------------------------------------------------------ state
class TileState(Frozen):
    """The tile state of a stop, by reference (see the module): the tile file, the open
    block's operation state (None: no block open) and its dimensions (LB0, LB1, LB2)."""

    file: TileFile
    op: blockop.BlockOperation | None
    dims: tuple = (None, None, None)

    @property
    def empty(self) -> bool:
        """No tile allocated and no tile operation open (most programs, always)."""
        return (self.file is EMPTY_FILE or self.file.empty) and (self.op is None or self.op.descriptor is None)

    def contents(self, index: int) -> TileContents | None:
        """Tile ``index``'s elements (None: not allocated)."""
        if not 0 <= index < TILE_COUNT:
            raise ValueError(f"tile {index} does not exist: tiles are 0..{TILE_COUNT - 1}")
        tile = self.file.local[index]
        return None if tile is None else TileContents(index, tile)


EMPTY_STATE = TileState(EMPTY_FILE, None)


# ----------------------------------------------------------------- names
def dtype_name(code: int) -> str | None:
    """The assembler's spelling of a DataType code ("u64"), None for a reserved code."""
    return DATA_TYPE_NAMES.get(code)


def hand_name(index: int) -> str:
    """Where a tile sits in its hand, as the spec counts (TileHandOf, TileIndexWithinHand):
    tile 17 is U#2."""
    return f"{hand_of(index)}#{index % 16 + 1}"


# --------------------------------------------------------------- registers
class TileRegister(Frozen):
    """One allocated local tile: its descriptor, PE mask and definedness."""

    index: int
    kind: str  # "numeric" | "predicate"
    rows: int
    columns: int
    valid_rows: int
    valid_columns: int
    dtype: str  # the assembler's spelling ("s32")
    layout: str  # the spec's name ("RowMajor")
    location: str  # "Vector" | "Matrix" | "Memory" | "Any"
    pe_mask: int  # 4 bits: bit 3 - k is PE k
    capacity: int  # bytes per PE
    defined: bool  # every element of the valid region is defined (TileContentsDefined)
    defined_elements: int  # defined elements of the valid region

    @property
    def hand(self) -> str:
        return hand_name(self.index)

    @property
    def shape(self) -> str:
        """``4x4 of 8x4``: the valid region, then the physical shape when larger."""
        valid = f"{self.valid_rows}x{self.valid_columns}"
        whole = f"{self.rows}x{self.columns}"
        return valid if valid == whole else f"{valid} of {whole}"

    @classmethod
    def of(cls, index: int, tile: Tile) -> TileRegister:
        return cls(index, "numeric" if tile.kind == NUMERIC else "predicate", tile.rows, tile.columns,
                   tile.valid_rows, tile.valid_columns, tile.dtype.name.lower(), LAYOUT_NAMES[tile.layout],
                   LOCATION_NAMES[tile.location], tile.mask, tile.capacity, tile.contents_defined, tile.defined_valid)


_REGISTERS: dict[int, tuple] = {}  # id(file) -> (file, registers): the last few files asked about


def registers(file: TileFile) -> tuple[TileRegister, ...]:
    """The allocated tiles of ``file``, by index (cached per file: files are immutable)."""
    if file is EMPTY_FILE:
        return ()
    hit = _REGISTERS.get(id(file))
    if hit is not None and hit[0] is file:
        return hit[1]
    out = tuple(TileRegister.of(i, t) for i, t in enumerate(file.local) if t is not None)
    if len(_REGISTERS) >= 64:
        _REGISTERS.clear()
    _REGISTERS[id(file)] = (file, out)
    return out


# --------------------------------------------------------------- elements
def _width(dtype: DataType) -> int:
    return (dtype.bits + 3) // 4


def _float_text(dtype: DataType, raw: int, value: float) -> str:
    """The shortest decimal that reads back to ``raw`` in ``dtype`` (``-0``, ``inf``)."""
    if value != value:
        return "nan"
    if value in (float("inf"), float("-inf")):
        return "inf" if value > 0 else "-inf"
    if value == 0:
        return "-0" if raw >> (dtype.bits - 1) & 1 else "0"
    for digits in range(1, 18):
        text = f"{value:.{digits}g}"
        try:
            if encode(dtype, float(text))[0] == raw:
                return text
        except (ValueError, OverflowError):
            break
    return repr(value)


@lru_cache(maxsize=8192)
def element_text(dtype: DataType, raw: int, fmt: str = "") -> str:
    """One element as a client shows it (see the module for ``fmt``)."""
    bits = raw & dtype.mask
    if fmt == "x":
        return f"0x{bits:0{_width(dtype)}x}"
    if fmt == "u":
        return str(bits)
    if fmt == "d":
        return str(bits - (1 << dtype.bits) if bits >> (dtype.bits - 1) else bits)
    try:
        value = decode(dtype, bits)
    except InvalidEncoding:
        return f"?0x{bits:0{_width(dtype)}x}"
    if isinstance(value, int):
        return str(value)
    return _float_text(dtype, bits, value)


def parse_value(dtype: DataType, text: str, evaluate: Callable[[str], int], raw: bool) -> int:
    """The raw bits ``set tile`` writes for ``text``: with ``raw`` (``set tile/x``) an
    integer expression of the raw bits; for an integer type a value in its range
    (an expression); for a floating type a number (``1.5``, ``-0``, ``inf``, ``nan``) rounded
    once into the type (round to nearest even) - or, given as ``0x...``, its raw bits."""
    if raw or (dtype.is_floating and text.lower().startswith("0x")):
        value = evaluate(text)
        if not 0 <= value <= dtype.mask:
            raise ValueError(f"{text} is not a raw {dtype.name} element (0..{dtype.mask:#x})")
        return value
    if dtype.is_integer:
        value = evaluate(text)
        low, high = dtype.int_min, dtype.int_max
        if not low <= value <= high:
            raise ValueError(f"{value} does not fit in {dtype.name} ({low}..{high})")
        return value & dtype.mask
    try:
        number = float(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a number (e.g. 1.5, -0, inf, nan, or 0x3c00 for raw bits)") from None
    return encode(dtype, number)[0]


class TileContents:
    """One tile's elements as a client reads them (the tile is immutable: safe to keep and
    to read from any thread)."""

    __slots__ = ("index", "tile", "_register")

    def __init__(self, index: int, tile: Tile) -> None:
        self.index = index
        self.tile = tile
        self._register: TileRegister | None = None

    @property
    def register(self) -> TileRegister:
        if self._register is None:
            self._register = TileRegister.of(self.index, self.tile)
        return self._register

    @property
    def rows(self) -> int:
        return self.tile.rows

    @property
    def columns(self) -> int:
        return self.tile.columns

    @property
    def dtype(self) -> DataType:
        return self.tile.dtype

    def check(self, row: int, column: int) -> None:
        """ValueError when (row, column) is outside the tile."""
        t = self.tile
        if not (0 <= row < t.rows and 0 <= column < t.columns):
            raise ValueError(f"element ({row}, {column}) is outside tile {self.index} ({t.rows}x{t.columns})")

    def element(self, row: int, column: int) -> tuple[int, bool]:
        """(raw bits, defined) of one element (a predicate tile's element is its bit)."""
        self.check(row, column)
        t = self.tile
        try:
            if t.kind != NUMERIC:
                e = t.predicate_index(row, column)
                return int(t.predicate_bit(row, column)), bool(t.defined[e])
            e = t.index(row, column)
        except TileError as err:
            raise ValueError(str(err)) from None
        return t.values[e] & t.element_mask(), bool(t.defined[e])

    def text(self, row: int, column: int, fmt: str = "") -> str:
        raw, _ = self.element(row, column)
        return element_text(self.tile.dtype, raw, fmt)

    def in_valid(self, row: int, column: int) -> bool:
        return self.tile.in_valid(row, column)

    def changed_from(self, other: TileContents | None) -> Callable[[int, int], bool]:
        """A predicate: did element (row, column) change from ``other`` (its value or its
        definedness; every element when the tile was allocated anew)?"""
        if other is None or other.tile is self.tile:
            return (lambda r, c: other is None)
        a, b = self.tile, other.tile
        if (a.kind, a.rows, a.columns, a.dtype, a.layout, a.valid_rows, a.valid_columns) != (
                b.kind, b.rows, b.columns, b.dtype, b.layout, b.valid_rows, b.valid_columns):
            return lambda r, c: True
        return lambda r, c: self.element(r, c) != other.element(r, c)


# --------------------------------------------------------------- operation
class TileBindingInfo(Frozen):
    """One B.IOT binding: its source tiles, the destination hand it allocates in (None:
    none), the destination's bytes per PE, the PE mask and whether it ends the sequence."""

    sources: tuple[int, ...]
    destination: str | None  # "T" | "U" | "M" | "N"
    size: int | None
    pe_mask: int
    last: bool


class SharedBindingInfo(Frozen):
    """One B.IOS binding: the shared register, its role and the PE mask."""

    register: int
    destination: bool
    size: int | None
    pe_mask: int


class TileOperation(Frozen):
    """The open block's tile operation: its name in the operation table, engine, data type
    (B.DATR's, else the start's) and bindings (B.IOT, B.IOR, B.IOS)."""

    name: str
    engine: str
    dtype: str | None
    tiles: tuple[TileBindingInfo, ...] = ()
    scalar_destination: str | None = None  # B.IOR: the registers, by name
    scalar_sources: tuple[str, ...] = ()
    shared: tuple[SharedBindingInfo, ...] = ()


def operation(op: blockop.BlockOperation | None) -> TileOperation | None:
    """The record of a block's operation state (None: no tile operation selected)."""
    if op is None:
        return None
    index = op.operation()
    if index is None:
        return None
    selected = ops.OPERATIONS[index]
    tiles = tuple(
        TileBindingInfo(
            tuple(s for s, valid in ((b.source0, b.source0_valid), (b.source1, b.source1_valid)) if valid),
            "TUMN"[b.hand] if b.destination_valid else None,
            size_code_bytes(b.size) if b.destination_valid and 1 <= b.size <= 12 else None,
            b.mask, b.last)
        for b in op.tiles)
    scalar = op.scalar
    shared = tuple(SharedBindingInfo(s.shared_id, s.size != 0, size_code_bytes(s.size) if 1 <= s.size <= 12 else None,
                                     s.mask) for s in op.shared)
    return TileOperation(
        selected.name, selected.engine, dtype_name(op.datr.dtype), tiles,
        dest_text(scalar.destination) if scalar is not None else None,
        tuple(source_text(c) for c in (scalar.source0, scalar.source1, scalar.source2)[:scalar.source_count])
        if scalar is not None else (),
        shared)


# ---------------------------------------------------------------- transfer
class TileTransfer(Frozen):
    """The memory a tile block moves: the byte ranges it reads (``src``) and writes
    (``dst``), merged, in address order.  ``when`` is "done" (the last attempt committed
    it: its events), "next" (TPC is at its BSTOP) or "faulted" (its BSTOP trapped and the
    block is still open)."""

    pc: int
    name: str | None  # the operation ("TSTORE"), when the block is still open
    src: tuple[tuple[int, int], ...]
    dst: tuple[tuple[int, int], ...]
    when: str

    def describe(self) -> str:
        def ranges(rs: tuple[tuple[int, int], ...]) -> str:
            shown = ", ".join(f"{lo:#x}..{hi:#x}" for lo, hi in rs[:3])
            return shown + (f" (+{len(rs) - 3} more)" if len(rs) > 3 else "")

        parts = [f"{self.name or 'tile block'} ({self.when})"]
        if self.src:
            parts.append(f"reads {ranges(self.src)}")
        if self.dst:
            parts.append(f"writes {ranges(self.dst)}")
        return " ".join(parts)


def merge_ranges(accesses) -> tuple[tuple[int, int], ...]:
    """(address, size) accesses as merged [low, high) ranges."""
    spans = sorted((a, a + s) for a, s in accesses)
    out: list[list[int]] = []
    for lo, hi in spans:
        if out and lo <= out[-1][1]:
            out[-1][1] = max(out[-1][1], hi)
        else:
            out.append([lo, hi])
    return tuple((lo, hi) for lo, hi in out)


class _Probes:
    """A memory port that records the footprint a tile operation probes and moves
    nothing (ptodbg.tile.execution.Memory): the dry run of :func:`transfer`."""

    def __init__(self) -> None:
        self.reads: list[tuple[int, int]] = []
        self.writes: list[tuple[int, int]] = []

    def probe(self, address: int, size: int, write: bool) -> None:
        (self.writes if write else self.reads).append((address, size))

    def load(self, address: int, size: int, agent: int | None = None) -> int:
        return 0

    def peek(self, address: int, size: int) -> int:
        return 0

    def store(self, address: int, size: int, value: int, agent: int | None = None) -> None:
        pass


def transfer(state: TileState, read_gpr: Callable[[int], int], pc: int, when: str) -> TileTransfer | None:
    """The footprint of the open block's memory operation, worked out by running it dry
    over the stop's (immutable) tile state: what its BSTOP at ``pc`` will move, or would
    have moved when it faulted.  None when the block moves no memory or is rejected."""
    from ptodbg.tile.dispatch import execute_block
    from ptodbg.tile.execution import Env, TileUnsupported, Workspace

    op = state.op
    if op is None or op.op_class != blockop.TILE_MEMORY:
        return None
    index = op.operation()
    probes = _Probes()
    env = Env(Workspace(state.file), op, "carrier", probes, read_gpr)
    try:
        execute_block(env, state.dims)
    except (blockop.TileFault, TileUnsupported, TileError, ValueError, IndexError, KeyError):
        return None
    if not probes.reads and not probes.writes:
        return None
    return TileTransfer(pc, ops.OPERATIONS[index].name if index is not None else None,
                        merge_ranges(probes.reads), merge_ranges(probes.writes), when)
