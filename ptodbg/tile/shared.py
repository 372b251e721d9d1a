"""The shared tile registers S0..S255: descriptor legality, the atomic update that
installs or completes one, the per-PE quarters, and the read-only materializations the
shared TLSU forms read.

A shared register is one tile split into four fixed-offset quarters of its capacity, one
per PE (SharedTileElementRegion: an element's byte offset times four over the capacity);
``allocation_mask`` names the PEs it is allocated for, ``initialized_mask`` the quarters
written so far.  A quarter not yet written reads as the deterministic undefined value
``shared_id XOR element`` (UndefinedSharedTileWord).  Mask bit ``3 - k`` is PE ``k``
(PTOPEMaskBitOfPEIdentity).

Sources (pto-spec 0.58.3): ``asl/tile/model/state/shared-registers.asl``,
``asl/tile/model/memory/shared-movement.asl`` (SharedTileElementRegion),
``asl/tile/model/state/descriptors.asl`` (SharedTileCapacityIsLegal) and
``asl/tile/model/shape/valid-region.asl`` (MinimumTileCapacityBytesForShape).
"""

from __future__ import annotations

from ptodbg.tile import codes
from ptodbg.tile.codes import NUMERIC, WORD_MASK, DType
from ptodbg.tile.state import (
    CAPACITY_LIMIT,
    SharedTile,
    Tile,
    TileError,
    TileFile,
    derived_rows,
    logical_capacity,
    shape_legal,
    shared_capacity_legal,
)

FULL_MASK = 0b1111


def pe_selected(mask: int, pe: int) -> bool:
    """Whether ``mask`` selects PE ``pe`` (bit 3 - pe)."""
    return bool(mask >> (3 - pe) & 1)


def region(tile: Tile, element: int) -> int:
    """SharedTileElementRegion: the quarter (and PE) that holds logical element ``element``."""
    byte_offset = element * tile.dtype.bits // 8
    if byte_offset >= tile.capacity:
        raise TileError(f"element {element} lies outside the shared tile's {tile.capacity} bytes")
    return byte_offset * 4 // tile.capacity


def undefined_word(shared_id: int, element: int) -> int:
    """UndefinedSharedTileWord: what an uninitialized quarter reads as."""
    return (shared_id ^ element) & WORD_MASK


def _shape_fits(tile: Tile, limit: int) -> bool:
    """The capacity and shape checks SharedTileDescriptorLegal and SharedTileUpdateCompatible
    share."""
    return (shared_capacity_legal(tile.capacity, limit) and derived_rows(tile.capacity, tile.columns, tile.dtype) == tile.rows
            and tile.rows != 0 and tile.valid_rows <= tile.rows and tile.valid_columns <= tile.columns
            and tile.rows * tile.columns <= logical_capacity(tile.capacity, tile.dtype))


def descriptor_legal(shared: SharedTile | None, limit: int = CAPACITY_LIMIT) -> bool:
    """SharedTileDescriptorLegal."""
    if shared is None or shared.allocation_mask == 0 or shared.initialized_mask & ~shared.allocation_mask & 0xF:
        return False
    return _shape_fits(shared.tile, limit) and shared.tile.generic_indexing()


def fully_initialized(shared: SharedTile | None) -> bool:
    """SharedTileFullyInitialized."""
    return (shared is not None and shared.initialized_mask == shared.allocation_mask
            and shared.tile.contents_defined)


def published(shared: SharedTile | None) -> bool:
    """SharedTilePublished."""
    return fully_initialized(shared) and shared.published  # type: ignore[union-attr]


def descriptors_compatible(left: Tile, right: Tile) -> bool:
    """SharedTileDescriptorsCompatible: the same descriptor, neither a CUBE layout."""
    return (not left.is_cube and not right.is_cube and left.capacity == right.capacity
            and (left.rows, left.columns, left.valid_rows, left.valid_columns) == (
                right.rows, right.columns, right.valid_rows, right.valid_columns)
            and left.dtype is right.dtype and left.layout == right.layout and left.location == right.location
            and left.cube == right.cube)


def update_compatible(file: TileFile, shared_id: int, tile: Tile, mask: int, limit: int = CAPACITY_LIMIT) -> bool:
    """SharedTileUpdateCompatible: a zero mask always; else a non-CUBE tile of a legal
    shared shape that matches the register's descriptor (within its PEs) or, for a new
    register, fits the core's remaining capacity."""
    if mask == 0:
        return True
    if tile.is_cube or not _shape_fits(tile, limit):
        return False
    old = file.shared[shared_id]
    if old is not None:
        return mask & ~old.allocation_mask & 0xF == 0 and descriptors_compatible(old.tile, tile)
    return file.in_use() + codes.pe_count(mask) * tile.capacity <= limit


def atomic_update(file: TileFile, shared_id: int, tile: Tile, mask: int, publish: bool,
                  limit: int = CAPACITY_LIMIT) -> SharedTile | None:
    """AtomicUpdateSharedTileWithPublication: the register after writing ``tile``'s
    quarters selected by ``mask`` (None when the update is not compatible; the unchanged
    register for a zero mask).  A new register takes the whole tile as defined; a later
    update copies the defined elements of its quarters, and the register's contents become
    defined (and publishable) once every allocated quarter is initialized."""
    old = file.shared[shared_id]
    if mask == 0:
        return old
    if not update_compatible(file, shared_id, tile, mask, limit):
        return None
    if old is None:
        t = tile.copy()
        t.contents_defined = True
        t.defined_valid = t.valid_rows * t.valid_columns
        return SharedTile(t, mask, mask, publish)
    t = old.tile.copy()
    for e in range(tile.rows * tile.columns):
        if pe_selected(mask, region(tile, e)) and tile.defined[e]:
            t.put(e, tile.values[e])
    initialized = old.initialized_mask | mask
    t.contents_defined = initialized == old.allocation_mask
    if t.contents_defined:
        t.defined_valid = t.valid_rows * t.valid_columns
    return SharedTile(t, old.allocation_mask, initialized, old.published or (publish and t.contents_defined))


def prospective_fully_initialized(file: TileFile, shared_id: int, tile: Tile, mask: int,
                                  limit: int = CAPACITY_LIMIT) -> bool:
    """SharedTileProspectiveFullyInitialized: whether updating with ``mask`` would leave the
    register fully initialized."""
    if mask == 0 or not update_compatible(file, shared_id, tile, mask, limit):
        return False
    old = file.shared[shared_id]
    return old is None or (old.initialized_mask | mask) == old.allocation_mask


def read_word(shared: SharedTile | None, shared_id: int, element: int) -> int:
    """ReadSharedTileWord: the element, or the undefined value when its quarter is not
    initialized (or the register has no descriptor)."""
    if shared is None or not pe_selected(shared.initialized_mask, region(shared.tile, element)):
        return undefined_word(shared_id, element)
    return shared.tile.values[element]


def minimum_capacity(columns: int, valid_rows: int, valid_columns: int, d: DType) -> int:
    """MinimumTileCapacityBytesForShape: the smallest size-code capacity that holds the
    shape (0: none does)."""
    for code in range(1, 13):
        capacity = codes.size_code_bytes(code)
        if shape_legal(capacity, columns, valid_rows, valid_columns, d):
            return capacity
    return 0


def read_schema_legal_at(shared: SharedTile | None, valid_rows: int, valid_columns: int, columns: int, d: DType,
                         layout: int, capacity: int, limit: int = CAPACITY_LIMIT) -> bool:
    """SharedTileReadSchemaLegalAtCapacity."""
    if layout in codes.CUBE_LAYOUTS:
        return False
    if shared is not None:
        t = shared.tile
        return (descriptor_legal(shared, limit) and t.capacity == capacity and t.columns == columns
                and valid_rows <= t.valid_rows and valid_columns <= t.valid_columns and t.dtype is d
                and t.layout == layout)
    return (shared_capacity_legal(capacity, limit) and shape_legal(capacity, columns, valid_rows, valid_columns, d)
            and derived_rows(capacity, columns, d) * columns <= logical_capacity(capacity, d))


def read_capacity(shared: SharedTile | None, valid_rows: int, valid_columns: int, columns: int, d: DType) -> int:
    """The capacity SharedTileReadSchemaLegal reads at: the register's, or the smallest
    that holds the shape."""
    return shared.tile.capacity if shared is not None else minimum_capacity(columns, valid_rows, valid_columns, d)


def read_schema_legal(shared: SharedTile | None, valid_rows: int, valid_columns: int, columns: int, d: DType,
                      layout: int, limit: int = CAPACITY_LIMIT) -> bool:
    """SharedTileReadSchemaLegal."""
    capacity = read_capacity(shared, valid_rows, valid_columns, columns, d)
    return capacity != 0 and read_schema_legal_at(shared, valid_rows, valid_columns, columns, d, layout, capacity,
                                                  limit)


def read_view(shared: SharedTile | None, valid_rows: int, valid_columns: int, columns: int, d: DType, layout: int,
              capacity: int) -> Tile:
    """MaterializeSharedTileForReadSchema(AtCapacity): the read-only descriptor a shared
    read works on (no contents; the words come from :func:`read_word`)."""
    rows = derived_rows(capacity, columns, d)
    return Tile(NUMERIC, capacity, rows, columns, valid_rows, valid_columns, d, layout, codes.ANY,
                shared.allocation_mask if shared is not None else 0)


def materialize(shared: SharedTile, shared_id: int, mask: int) -> Tile:
    """MaterializeSharedTile: a local snapshot of the quarters ``mask`` selects (the others
    undefined), defined when every selected quarter is initialized."""
    if not descriptor_legal(shared):
        raise TileError("materializing a shared register whose descriptor is not legal")
    t = shared.tile.copy()
    t.contents_defined = mask & shared.initialized_mask == mask
    t.defined = bytearray(len(t.defined))
    t.defined_valid = 0
    for e in range(t.rows * t.columns):
        if pe_selected(mask, region(t, e)):
            t.put(e, read_word(shared, shared_id, e))
    if t.contents_defined:
        t.defined_valid = t.valid_rows * t.valid_columns
    t.location = codes.ANY
    return t


__all__ = ["FULL_MASK"]
