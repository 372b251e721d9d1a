"""Tile registers as machine state: the 64 local tiles, their PE allocation masks and the
256 shared tiles, held as one immutable :class:`TileFile` that the machine replaces on
every change (so a snapshot holds it by reference and unchanged tiles are shared between
snapshots, copy on write).

Sources (pto-spec 0.58.3): ``asl/tile/model/state/{types,allocation,descriptors,
local-registers,shared-registers}.asl``, ``asl/tile/model/definedness/{elements,
packed-boundary}.asl``, ``asl/tile/model/shape/{rows-columns,valid-region}.asl``,
``asl/tile/model/legality/descriptor-shape.asl`` and ``asl/tile/model/capacity/*.asl``.

Representation.  The spec's TileInfo keeps a payload of 64-bit carrier words and a
definedness bit per logical element; a tile whose data type is a packed X2 format, or whose
physical shape has more than 32,768 elements, packs 64 / bits elements into each carrier.
Here a tile keeps one value per logical element (``values``, indexed by
TileLogicalLinearIndex) and a definedness byte per element (``defined``): an unpacked
element holds the whole 64-bit word written to it, a packed one only its element bits, as
the carriers would.  :meth:`Tile.carrier` rebuilds the spec's payload word for a reader
that asks for it.  Predicate tiles keep their bit payload in byte-carrier words, as the
spec does (``values[k]`` is payload byte ``k``) with definedness per bit.

A :class:`Tile` held by a :class:`TileFile` is never changed: an operation copies the tile
(:meth:`Tile.copy`), changes the copy and stores it (:meth:`TileFile.with_local`).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import filterfalse
from sys import getsizeof

from ptodbg.tile.codes import (
    ANY,
    CELL_BYTES,
    CUBE_LAYOUTS,
    CUBE_M16,
    CUBE_M32,
    CUBE_N8,
    HIF4X2,
    IMPLEMENTATION_DEFINED,
    LOCAL_MAX_BYTES,
    MATRIX,
    MODEL_ELEMENTS,
    NUMERIC,
    PAD_NULL,
    PREDICATE,
    ROW_MAJOR,
    SHARED_COUNT,
    SHARED_MAX_BYTES,
    TILE_COUNT,
    U8,
    WORD_MASK,
    ZN,
    DType,
    pad_word,
    pe_count,
)

CAPACITY_LIMIT = 262144  # TileCapacityLimitBytes: the reference profile's TILE_CAPACITY


_SMALL = frozenset(range(-5, 257))  # integers CPython shares: no bytes of a tile's own


class TileError(Exception):
    """A harness-level misuse of the tile state that the spec model would ``assert``
    against (an index outside the tile, writing an unallocated tile): never an
    architectural fault."""


# ------------------------------------------------------------------ shapes
def is_power_of_two(value: int) -> bool:
    """IsNonzeroPowerOfTwo over 16-bit dimensions."""
    return 0 < value <= 65535 and value & (value - 1) == 0


def derived_rows(capacity: int, columns: int, dtype: DType) -> int:
    """DerivedTileRows: the physical rows a capacity holds at ``columns``, or 0."""
    if capacity == 0 or not is_power_of_two(columns):
        return 0
    row_bits = columns * dtype.bits
    bits = capacity * 8
    if bits % row_bits:
        return 0
    rows = bits // row_bits
    return rows if 0 < rows <= 65535 else 0


def logical_capacity(capacity: int, dtype: DType) -> int:
    """TileLogicalElementCapacity."""
    return capacity * 8 // dtype.bits


def shape_legal(capacity: int, columns: int, valid_rows: int, valid_columns: int, dtype: DType) -> bool:
    """TileDescriptorShapeLegal."""
    rows = derived_rows(capacity, columns, dtype)
    return (rows != 0 and valid_rows <= rows and valid_columns <= columns
            and valid_rows * valid_columns <= logical_capacity(capacity, dtype))


def capacity_legal(capacity: int, limit: int = CAPACITY_LIMIT) -> bool:
    """TileCapacityIsLegal (local tiles)."""
    return (capacity >= CELL_BYTES and capacity % CELL_BYTES == 0 and capacity <= LOCAL_MAX_BYTES
            and capacity <= limit)


def shared_capacity_legal(capacity: int, limit: int = CAPACITY_LIMIT) -> bool:
    """SharedTileCapacityIsLegal."""
    return (capacity >= CELL_BYTES and capacity % CELL_BYTES == 0 and capacity <= SHARED_MAX_BYTES
            and capacity <= limit)


def storage_bytes(rows: int, columns: int, dtype: DType) -> int:
    """TileStorageBytes: bit-packed, rounded up to a byte."""
    return (rows * columns * dtype.bits + 7) // 8


def predicate_storage_bytes(rows: int, columns: int) -> int:
    """PredicateTileStorageBytes."""
    return (rows * columns + 7) // 8


def fractal_inner(dtype: DType) -> int:
    """TileFractalInnerElements: a fractal row is 32 bytes."""
    return 256 // dtype.bits


# ------------------------------------------------------------- CUBE cells
# asl/tile/model/shape/cube-cell.asl: a CUBE-layout tile is stored as 128-byte cells whose
# shape depends on the layout and the element width.
def cube_type_supported(dtype: DType) -> bool:
    """TileCubeDataTypeSupported: not HiF4X2, not 64-bit."""
    return dtype is not HIF4X2 and dtype.bits != 64


def cube_cell_rows(layout: int, dtype: DType) -> int:
    """TileCubeCellRows."""
    if layout not in CUBE_LAYOUTS or not cube_type_supported(dtype):
        return 0
    if layout == CUBE_M16:
        return 16
    if layout == CUBE_M32:
        return 32
    return {32: 4, 16: 8, 8: 16, 4: 32}.get(dtype.bits, 0)


def cube_cell_columns(layout: int, dtype: DType) -> int:
    """TileCubeCellColumns."""
    if layout not in CUBE_LAYOUTS or not cube_type_supported(dtype):
        return 0
    if layout == CUBE_N8:
        return 8
    columns = {32: 1, 16: 2, 8: 4, 4: 8}.get(dtype.bits, 0)
    return columns * 2 if layout == CUBE_M16 else columns


def _aligned(value: int, quantum: int) -> int:
    """TileCubeAlignedExtent."""
    if value == 0:
        return 0
    aligned = ((value - 1) // quantum + 1) * quantum
    return 0 if aligned > 65535 else aligned


def cube_storage_rows(layout: int, valid_rows: int, dtype: DType) -> int:
    """TileCubeStorageRows."""
    cell_rows = cube_cell_rows(layout, dtype)
    if cell_rows == 0 or valid_rows == 0:
        return 0
    if layout == CUBE_N8:
        return _aligned(valid_rows, cell_rows)
    return 0 if valid_rows > cell_rows else cell_rows


def cube_storage_columns(layout: int, valid_columns: int, dtype: DType) -> int:
    """TileCubeStorageColumns."""
    cell_columns = cube_cell_columns(layout, dtype)
    if cell_columns == 0 or valid_columns == 0:
        return 0
    return _aligned(valid_columns, cell_columns)


def cube_k_repeat(layout: int, valid_rows: int, valid_columns: int, dtype: DType) -> int:
    """TileCubeKRepeat."""
    cell_rows, cell_columns = cube_cell_rows(layout, dtype), cube_cell_columns(layout, dtype)
    if cell_rows == 0 or cell_columns == 0:
        return 0
    if layout == CUBE_N8:
        return cube_storage_rows(layout, valid_rows, dtype) // cell_rows
    return cube_storage_columns(layout, valid_columns, dtype) // cell_columns


def cube_n_repeat(layout: int, valid_columns: int, dtype: DType) -> int:
    """TileCubeNRepeat."""
    if layout not in CUBE_LAYOUTS or not cube_type_supported(dtype) or valid_columns == 0:
        return 0
    if layout != CUBE_N8:
        return 1
    return cube_storage_columns(layout, valid_columns, dtype) // 8


def cube_cell_count(layout: int, valid_rows: int, valid_columns: int, dtype: DType) -> int:
    """TileCubeCellCount."""
    cells = cube_k_repeat(layout, valid_rows, valid_columns, dtype) * cube_n_repeat(layout, valid_columns, dtype)
    return 0 if cells > 16384 else cells


def cube_storage_elements(layout: int, valid_rows: int, valid_columns: int, dtype: DType) -> int:
    """TileCubeStorageElements."""
    elements = (cube_cell_count(layout, valid_rows, valid_columns, dtype) * cube_cell_rows(layout, dtype)
                * cube_cell_columns(layout, dtype))
    return 0 if elements > MODEL_ELEMENTS else elements


def cube_required_bytes(layout: int, valid_rows: int, valid_columns: int, dtype: DType) -> int:
    """TileCubeRequiredBytes."""
    required = cube_cell_count(layout, valid_rows, valid_columns, dtype) * CELL_BYTES
    return 0 if required > 262144 else required


def cube_shape_legal(capacity: int, valid_rows: int, valid_columns: int, dtype: DType, layout: int,
                     limit: int = CAPACITY_LIMIT) -> bool:
    """TileCubeDescriptorShapeLegal."""
    if (layout not in CUBE_LAYOUTS or not cube_type_supported(dtype) or not capacity_legal(capacity, limit)
            or valid_rows == 0 or valid_columns == 0):
        return False
    rows = cube_storage_rows(layout, valid_rows, dtype)
    columns = cube_storage_columns(layout, valid_columns, dtype)
    required = cube_required_bytes(layout, valid_rows, valid_columns, dtype)
    return (rows != 0 and columns != 0 and cube_storage_elements(layout, valid_rows, valid_columns, dtype) != 0
            and required != 0 and valid_rows <= rows and valid_columns <= columns and required <= capacity)


def cube_cell_element_index(layout: int, dtype: DType, inner_row: int, inner_column: int) -> int:
    """TileCubeCellElementIndex (the M16 four-bit cell swaps its middle column groups)."""
    cell_rows, cell_columns = cube_cell_rows(layout, dtype), cube_cell_columns(layout, dtype)
    if not (cell_rows and cell_columns and inner_row < cell_rows and inner_column < cell_columns):
        raise TileError(f"cell element ({inner_row}, {inner_column}) outside the {cell_rows}x{cell_columns} cell")
    if layout == CUBE_N8:
        return inner_column * cell_rows + inner_row
    mapped = inner_column
    if layout == CUBE_M16 and dtype.bits == 4:
        mapped = inner_column + 4 if 4 <= inner_column < 8 else inner_column - 4 if 8 <= inner_column < 12 \
            else inner_column
    return inner_row * cell_columns + mapped


# ------------------------------------------------------------------- tiles
class Tile:
    """One allocated local tile: descriptor, values and definedness (see the module)."""

    __slots__ = ("kind", "capacity", "rows", "columns", "valid_rows", "valid_columns", "dtype", "layout",
                 "location", "mask", "contents_defined", "defined_valid", "values", "defined", "cube", "fmap")

    def __init__(self, kind: int, capacity: int, rows: int, columns: int, valid_rows: int, valid_columns: int,
                 dtype: DType, layout: int, location: int, mask: int, cube: tuple[int, int, int, int] = (0, 0, 0, 0),
                 size: int | None = None) -> None:
        self.kind = kind
        self.capacity = capacity
        self.rows, self.columns = rows, columns
        self.valid_rows, self.valid_columns = valid_rows, valid_columns
        self.dtype = dtype
        self.layout = layout
        self.location = location
        self.mask = mask  # _TileAllocationMasks[[index]]
        self.cube = cube  # (k_repeat, n_repeat, cell_count, storage_bytes); zeros unless a CUBE layout
        self.fmap = None  # the feature-map descriptor TIMG2COL reads (None: invalid)
        self.contents_defined = False
        self.defined_valid = 0  # defined_valid_elements
        n = rows * columns if size is None else size
        if kind == PREDICATE:
            self.values = [0] * predicate_storage_bytes(rows, columns)
        else:
            self.values = [0] * n
        self.defined = bytearray(n)

    def copy(self) -> Tile:
        """A changeable copy (values and definedness copied, the rest shared)."""
        t = Tile.__new__(Tile)
        for name in Tile.__slots__:
            setattr(t, name, getattr(self, name))
        t.values = self.values[:]
        t.defined = self.defined[:]
        return t

    def footprint(self, size: Callable[[object], int] = getsizeof) -> int:
        """Bytes this tile occupies (the object, its element list and the integers in it
        too large to be shared, its definedness bytes), each object sized by ``size`` -
        for the history's accounting."""
        values = self.values
        large = sum(map(size, filterfalse(_SMALL.__contains__, values)))
        return size(self) + size(values) + large + size(self.defined)

    def same(self, other: Tile) -> bool:
        """Whether two tiles hold the same descriptor, elements and definedness (tiles are
        compared by content where identity is not enough: a replayed run makes new ones)."""
        return self is other or all(getattr(self, name) == getattr(other, name) for name in Tile.__slots__)

    # ----------------------------------------------------------- descriptor
    @property
    def packed(self) -> bool:
        """TileUsesPackedCarrierRepresentation."""
        return self.layout not in CUBE_LAYOUTS and (self.dtype.is_packed or self.rows * self.columns > MODEL_ELEMENTS)

    @property
    def is_cube(self) -> bool:
        return self.layout in CUBE_LAYOUTS

    def layout_shape_legal(self) -> bool:
        """TileLayoutShapeLegal: a fractal layout needs whole 16-row by 32-byte fractals."""
        if self.layout == IMPLEMENTATION_DEFINED:
            return False
        if self.layout <= 1:
            return True
        return self.rows % 16 == 0 and self.columns % fractal_inner(self.dtype) == 0

    def generic_indexing(self) -> bool:
        """TileGenericIndexingPermitted: not a CUBE layout and a legal fractal shape."""
        if self.layout in CUBE_LAYOUTS or self.layout == IMPLEMENTATION_DEFINED:
            return False
        if self.layout <= 1:
            return True
        return self.rows % 16 == 0 and self.columns % fractal_inner(self.dtype) == 0

    def configured(self, limit: int = CAPACITY_LIMIT) -> bool:
        """TileDescriptorConfigured."""
        if not capacity_legal(self.capacity, limit):
            return False
        if self.kind == PREDICATE:
            shape = self.rows > 0 and self.columns > 0 and \
                predicate_storage_bytes(self.rows, self.columns) <= self.capacity
        else:
            shape = derived_rows(self.capacity, self.columns, self.dtype) == self.rows != 0
        return (shape and self.valid_rows <= self.rows and self.valid_columns <= self.columns
                and self.rows * self.columns <= logical_capacity(self.capacity, self.dtype))

    def legal(self, limit: int = CAPACITY_LIMIT) -> bool:
        """TileDescriptorLegal."""
        return self.configured(limit) and (self.kind == PREDICATE or self.generic_indexing())

    def allocation_bytes(self) -> int:
        """TileCoreAllocationBytes of this tile: its per-PE capacity times its PEs."""
        return pe_count(self.mask) * self.capacity

    # -------------------------------------------------------------- indexing
    def index(self, row: int, column: int) -> int:
        """TileLogicalLinearIndex (TileLinearIndex / TilePackedLinearIndex)."""
        if not (0 <= row < self.rows and 0 <= column < self.columns):
            raise TileError(f"element ({row}, {column}) outside the {self.rows}x{self.columns} tile")
        layout = self.layout
        if layout == ROW_MAJOR:
            return row * self.columns + column
        if layout == 1:
            return column * self.rows + row
        if layout in CUBE_LAYOUTS:
            return self.cube_index(row, column)
        if not self.generic_indexing():
            raise TileError(f"tile layout {layout} has no generic element index")
        inner = fractal_inner(self.dtype)
        block_row, inner_row = divmod(row, 16)
        block_column, inner_column = divmod(column, inner)
        block_elements = 16 * inner
        if layout == ZN:
            return (block_row * (self.columns // inner) + block_column) * block_elements + inner_column * 16 + inner_row
        return (block_column * (self.rows // 16) + block_row) * block_elements + inner_row * inner + inner_column

    def cube_index(self, row: int, column: int) -> int:
        """TileCubePayloadIndex: the cell, then the element in the cell."""
        layout, dtype = self.layout, self.dtype
        cell_rows, cell_columns = cube_cell_rows(layout, dtype), cube_cell_columns(layout, dtype)
        k_repeat = cube_k_repeat(layout, self.valid_rows, self.valid_columns, dtype)
        if not (cell_rows and cell_columns and k_repeat):
            raise TileError("the CUBE tile's descriptor has no cells")
        if layout == CUBE_N8:
            cell = (column // cell_columns) * k_repeat + row // cell_rows
            inner_row, inner_column = row % cell_rows, column % cell_columns
        else:
            cell = column // cell_columns
            inner_row, inner_column = row, column % cell_columns
        index = cell * cell_rows * cell_columns + cube_cell_element_index(layout, dtype, inner_row, inner_column)
        if index >= MODEL_ELEMENTS:
            raise TileError(f"CUBE element index {index} outside the model's {MODEL_ELEMENTS} elements")
        return index

    def cube_legal(self, limit: int = CAPACITY_LIMIT) -> bool:
        """TileCubeDescriptorLegal."""
        layout, vr, vc, d = self.layout, self.valid_rows, self.valid_columns, self.dtype
        if self.kind != NUMERIC or self.location != MATRIX or not cube_shape_legal(self.capacity, vr, vc, d, layout,
                                                                                          limit):
            return False
        return (self.rows == cube_storage_rows(layout, vr, d) and self.columns == cube_storage_columns(layout, vc, d)
                and self.cube == (cube_k_repeat(layout, vr, vc, d), cube_n_repeat(layout, vc, d),
                                  cube_cell_count(layout, vr, vc, d), cube_required_bytes(layout, vr, vc, d))
                and self.cube[3] <= self.capacity)

    def in_valid(self, row: int, column: int) -> bool:
        return row < self.valid_rows and column < self.valid_columns

    def element(self, e: int) -> int:
        """TileReadLogicalElement (no definedness check)."""
        return self.values[e]

    def is_defined(self, e: int) -> bool:
        """TileLogicalElementDefined."""
        return bool(self.defined[e])

    def element_mask(self) -> int:
        """What one stored element keeps: the whole word, or its bits when packed."""
        return self.dtype.mask if self.packed else WORD_MASK

    def carrier(self, k: int) -> int:
        """The spec's payload word ``k`` (elements packed into carriers when packed)."""
        if self.kind == PREDICATE or not self.packed:
            return self.values[k] if 0 <= k < len(self.values) else 0
        bits = self.dtype.bits
        per = 64 // bits
        word = 0
        for lane in range(per):
            e = k * per + lane
            if e < len(self.values):
                word |= (self.values[e] & self.dtype.mask) << (lane * bits)
        return word

    def set_carrier(self, k: int, word: int) -> None:
        """Write the spec's payload word ``k`` (split into its elements when packed); the
        definedness is left as it was, as a direct payload write leaves it."""
        if self.kind == PREDICATE or not self.packed:
            if k >= len(self.values):
                raise TileError(f"payload word {k} outside the tile's {len(self.values)} stored elements")
            self.values[k] = word & WORD_MASK
            return
        bits, mask = self.dtype.bits, self.dtype.mask
        per = 64 // bits
        for lane in range(per):
            e = k * per + lane
            part = (word >> (lane * bits)) & mask
            if e < len(self.values):
                self.values[e] = part
            elif part:
                raise TileError(f"payload word {k} outside the tile's {len(self.values)} stored elements")

    def valid_indices(self) -> list[int]:
        """The logical indices of the valid region, row by row."""
        index = self.index
        return [index(r, c) for r in range(self.valid_rows) for c in range(self.valid_columns)]

    def padding_indices(self) -> list[int]:
        """The logical indices of the physical elements outside the valid region."""
        index = self.index
        vr, vc = self.valid_rows, self.valid_columns
        return [index(r, c) for r in range(self.rows) for c in range(self.columns) if r >= vr or c >= vc]

    # ---------------------------------------------------- changes (on a copy)
    def put(self, e: int, value: int, defined: bool = True) -> None:
        """TileInfoWithLogicalElementAndDefined."""
        self.values[e] = value & (self.dtype.mask if self.packed else WORD_MASK)
        self.defined[e] = defined

    def write(self, row: int, column: int, value: int) -> None:
        """WriteTileElement: the count of defined valid elements and contents_defined
        follow the spec's incremental rule."""
        e = self.index(row, column)
        was = self.defined[e]
        self.put(e, value)
        if not was and self.in_valid(row, column):
            self.defined_valid += 1
        self.contents_defined = self.defined_valid == self.valid_rows * self.valid_columns

    def mark_valid_defined(self) -> None:
        """TileWithValidRegionDefined."""
        defined = self.defined
        for e in self.valid_indices():
            defined[e] = 1
        self.defined_valid = self.valid_rows * self.valid_columns
        self.contents_defined = True

    def apply_padding(self, pad: int) -> None:
        """TileWithPadding: every physical element outside the valid region gets the pad
        value; Null leaves it undefined, the others define it."""
        if self.kind == PREDICATE:
            self._predicate_padding(pad)
            return
        word = pad_word(pad, self.dtype)
        for e in self.padding_indices():
            self.put(e, word, pad != PAD_NULL)

    # ------------------------------------------------------ predicate tiles
    def predicate_index(self, row: int, column: int) -> int:
        """TilePredicateLogicalIndex."""
        if not (0 <= row < self.rows and 0 <= column < self.columns):
            raise TileError(f"predicate bit ({row}, {column}) outside the {self.rows}x{self.columns} tile")
        return row * self.columns + column

    def predicate_bit(self, row: int, column: int) -> bool:
        e = self.predicate_index(row, column)
        return bool(self.values[e >> 3] >> (e & 7) & 1)

    def set_predicate_bit(self, row: int, column: int, value: bool) -> None:
        """TileInfoWithPredicateBit."""
        e = self.predicate_index(row, column)
        byte = self.values[e >> 3]
        self.values[e >> 3] = byte | (1 << (e & 7)) if value else byte & ~(1 << (e & 7))
        if not self.defined[e]:
            self.defined[e] = 1
            self.defined_valid += 1
        self.contents_defined = self.defined_valid == self.valid_rows * self.valid_columns

    def _predicate_padding(self, pad: int) -> None:
        """PredicateTileWithPadding: Max pads with ones, Null leaves padding undefined."""
        for r in range(self.rows):
            for c in range(self.columns):
                if r >= self.valid_rows or c >= self.valid_columns:
                    e = r * self.columns + c
                    byte = self.values[e >> 3]
                    self.values[e >> 3] = byte | (1 << (e & 7)) if pad == 1 else byte & ~(1 << (e & 7))
                    self.defined[e] = pad != PAD_NULL


def numeric_tile(capacity: int, columns: int, valid_rows: int, valid_columns: int, dtype: DType, layout: int,
                 location: int, mask: int) -> Tile:
    """A freshly allocated numeric tile (ConfigureTileForMask's descriptor): rows derived
    from capacity, columns and type; nothing defined."""
    rows = derived_rows(capacity, columns, dtype)
    return Tile(NUMERIC, capacity, rows, columns, valid_rows, valid_columns, dtype, layout, location, mask)


def cube_tile(capacity: int, valid_rows: int, valid_columns: int, dtype: DType, layout: int, location: int,
              mask: int) -> Tile:
    """ConfigureCubeTileForMask's descriptor: storage rows and columns, repeats and cells
    derived from the layout (the caller checked the shape)."""
    rows = cube_storage_rows(layout, valid_rows, dtype)
    columns = cube_storage_columns(layout, valid_columns, dtype)
    cube = (cube_k_repeat(layout, valid_rows, valid_columns, dtype), cube_n_repeat(layout, valid_columns, dtype),
            cube_cell_count(layout, valid_rows, valid_columns, dtype),
            cube_required_bytes(layout, valid_rows, valid_columns, dtype))
    return Tile(NUMERIC, capacity, rows, columns, valid_rows, valid_columns, dtype, layout, location, mask, cube,
                size=cube_storage_elements(layout, valid_rows, valid_columns, dtype))


def predicate_tile(capacity: int, rows: int, columns: int, valid_rows: int, valid_columns: int, mask: int) -> Tile:
    """ConfigurePredicateTileForMask's descriptor: U8, row-major, any location."""
    return Tile(PREDICATE, capacity, rows, columns, valid_rows, valid_columns, U8, ROW_MAJOR, ANY, mask)


class SharedTile:
    """One shared register S0..S255 (SharedTileInfo): a descriptor-plus-payload tile, the
    PEs it is allocated for, the quarters written, and whether it is published."""

    __slots__ = ("allocation_mask", "initialized_mask", "published", "tile")

    def footprint(self, size: Callable[[object], int] = getsizeof) -> int:
        """Bytes of the record (its tile is a part of its own)."""
        return size(self)

    def same(self, other: SharedTile) -> bool:
        return ((self.allocation_mask, self.initialized_mask, self.published)
                == (other.allocation_mask, other.initialized_mask, other.published) and self.tile.same(other.tile))

    def __init__(self, tile: Tile, allocation_mask: int, initialized_mask: int = 0, published: bool = False) -> None:
        self.tile = tile
        self.allocation_mask = allocation_mask
        self.initialized_mask = initialized_mask
        self.published = published


class TileFile:
    """All tile state of the core: the local tiles (None: not allocated) and the shared
    registers (None: no descriptor).  Immutable: every change makes a new file that
    shares the unchanged tiles."""

    __slots__ = ("local", "shared")

    def __init__(self, local: tuple[Tile | None, ...] | None = None,
                 shared: tuple[SharedTile | None, ...] | None = None) -> None:
        self.local = local if local is not None else (None,) * TILE_COUNT
        self.shared = shared if shared is not None else (None,) * SHARED_COUNT

    def __getitem__(self, index: int) -> Tile | None:
        return self.local[index]

    def with_local(self, index: int, tile: Tile | None) -> TileFile:
        local = list(self.local)
        local[index] = tile
        return TileFile(tuple(local), self.shared)

    def with_locals(self, changes: dict[int, Tile | None]) -> TileFile:
        local = list(self.local)
        for index, tile in changes.items():
            local[index] = tile
        return TileFile(tuple(local), self.shared)

    def with_shared(self, index: int, shared: SharedTile | None) -> TileFile:
        items = list(self.shared)
        items[index] = shared
        return TileFile(self.local, tuple(items))

    @property
    def empty(self) -> bool:
        return not any(self.local) and not any(self.shared)

    def differences(self, other: TileFile) -> list[str]:
        """The registers whose contents differ between two files ("T3", "S200")."""
        if self is other:
            return []
        out = [f"T{i}" for i, (a, b) in enumerate(zip(self.local, other.local, strict=True))
               if a is not b and (a is None or b is None or not a.same(b))]
        for i, (a, b) in enumerate(zip(self.shared, other.shared, strict=True)):
            if a is not b and (a is None or b is None or not a.same(b)):
                out.append(f"S{i}")
        return out

    def footprint(self, size: Callable[[object], int] = getsizeof) -> int:
        """Bytes of the file object itself (its tuples and tiles are :meth:`parts`)."""
        return size(self)

    def parts(self) -> list[object]:
        """What the file holds, each counted once by identity however many files share it:
        its two tuples (a file that changes only local tiles shares the shared tuple), the
        tiles and the shared registers."""
        out: list[object] = [self.local, self.shared]
        out.extend(t for t in self.local if t is not None)
        for s in self.shared:
            if s is not None:
                out.append(s)
                out.append(s.tile)
        return out

    def local_in_use(self, excluded: int | None = None) -> int:
        """TileCapacityInUse / TileCapacityInUseExcept: allocated bytes over all PEs."""
        return sum(t.allocation_bytes() for i, t in enumerate(self.local) if t is not None and i != excluded)

    def shared_in_use(self) -> int:
        """SharedTileCapacityInUse."""
        return sum(pe_count(s.allocation_mask) * s.tile.capacity for s in self.shared if s is not None)

    def in_use(self) -> int:
        """CoreTileCapacityInUse."""
        return self.local_in_use() + self.shared_in_use()


def footprint(part: object, size: Callable[[object], int] = getsizeof) -> int:
    """Bytes of one of :meth:`TileFile.parts` (a tuple: itself; a tile or shared register:
    its own footprint)."""
    return size(part) if type(part) is tuple else part.footprint(size)  # type: ignore[attr-defined]


EMPTY = TileFile()
