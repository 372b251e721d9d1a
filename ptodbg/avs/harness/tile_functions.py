"""The spec's tile-state functions (allocation, elements, definedness, descriptors,
capacity, data-type tables), mapped onto ptodbg's tile file (:mod:`ptodbg.tile.state`).

The programs configure tiles directly (``ConfigureTile``), write and read elements and
inspect the descriptors; each function here does that to the harness machine's
``m.tiles`` with ptodbg's own tile code.  A spec ``assert`` that the model would fail
(configuring beyond capacity, reading an undefined element) is a failed assertion here.
"""

from __future__ import annotations

from ptodbg.avs.convert import as_bits, as_bool, as_int, enum_name, word
from ptodbg.avs.harness.registry import spec_function, spec_functions
from ptodbg.avs.harness.state import Harness
from ptodbg.avs.harness.tile_values import (
    TileInfo,
    dtype,
    dtype_enum,
    layout,
    location,
    pad,
    tile_index,
    tile_of,
)
from ptodbg.avs.values import AssertionFailed, Bits, Enum, Unsupported
from ptodbg.tile import codes
from ptodbg.tile import state as ts
from ptodbg.tile.state import Tile, TileError, TileFile

_ALLOCATION = "asl/tile/model/state/allocation.asl"
_ELEMENTS = "asl/tile/model/definedness/elements.asl"
_PACKED = "asl/tile/model/definedness/packed-boundary.asl"
_DESCRIPTORS = "asl/tile/model/state/descriptors.asl"
_DTYPES = "asl/arch/data-types/tile-data-types.asl"
_LEGALITY = "asl/tile/model/legality/dtype-layout.asl"


def _mask(value: object) -> int:
    return as_bits(value, "an allocation mask", 4)


def tiles(h: Harness) -> TileFile:
    return h.m.tiles


def local(h: Harness, index: object) -> Tile:
    """The allocated tile at ``index`` (the model's asserts on an unallocated one)."""
    t = h.m.tiles[tile_index(index)]
    if t is None:
        raise AssertionFailed(f"tile T{index} is not allocated")
    return t


def put(h: Harness, index: int, tile: Tile | None) -> None:
    h.m.tiles = h.m.tiles.with_local(index, tile)


def _check(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionFailed(what)


# ---------------------------------------------------------------- allocation
def limit(h: Harness) -> int:
    """TileCapacityLimitBytes: the machine's TILE_CAPACITY."""
    return h.m.profile.tile_capacity


def configure(h: Harness, index: object, capacity: object, rows: object, columns: object, valid_rows: object,
              valid_columns: object, data_type: object, tile_layout: object, tile_location: object,
              mask: int) -> None:
    """ConfigureTileForMask: its assertions, then the new descriptor (rows derived)."""
    i = tile_index(index)
    cap, r, c = as_int(capacity, "capacity"), as_int(rows, "rows"), as_int(columns, "columns")
    vr, vc = as_int(valid_rows, "valid rows"), as_int(valid_columns, "valid columns")
    d = dtype(data_type)
    _check(ts.capacity_legal(cap, limit(h)), f"capacity {cap} is not a legal tile capacity")
    _check(mask != 0 and r > 0 and vr <= r, "ConfigureTileForMask: mask, rows or valid rows")
    _check(ts.shape_legal(cap, c, vr, vc, d), "ConfigureTileForMask: descriptor shape")
    derived = ts.derived_rows(cap, c, d)
    _check(r <= derived and derived * c <= ts.logical_capacity(cap, d), "ConfigureTileForMask: rows")
    f = h.m.tiles
    _check(f.local_in_use(i) + f.shared_in_use() + codes.pe_count(mask) * cap <= limit(h),
           "ConfigureTileForMask: core tile capacity exceeded")
    put(h, i, ts.numeric_tile(cap, c, vr, vc, d, layout(tile_layout), location(tile_location), mask))


@spec_function("ConfigureTile", _ALLOCATION)
def configure_tile(h: Harness, index: object, capacity: object, rows: object, columns: object,
                   valid_rows: object, valid_columns: object, data_type: object, tile_layout: object,
                   tile_location: object) -> None:
    configure(h, index, capacity, rows, columns, valid_rows, valid_columns, data_type, tile_layout,
              tile_location, 0b0001)


@spec_function("ConfigureTileForMask", _ALLOCATION)
def configure_tile_for_mask(h: Harness, index: object, capacity: object, rows: object, columns: object,
                            valid_rows: object, valid_columns: object, data_type: object, tile_layout: object,
                            tile_location: object, mask: object) -> None:
    configure(h, index, capacity, rows, columns, valid_rows, valid_columns, data_type, tile_layout,
              tile_location, _mask(mask))


def configure_predicate(h: Harness, index: object, capacity: object, rows: object, columns: object,
                        valid_rows: object, valid_columns: object, mask: int) -> None:
    """ConfigurePredicateTileForMask."""
    i = tile_index(index)
    cap, r, c = as_int(capacity, "capacity"), as_int(rows, "rows"), as_int(columns, "columns")
    vr, vc = as_int(valid_rows, "valid rows"), as_int(valid_columns, "valid columns")
    _check(ts.capacity_legal(cap, limit(h)) and mask != 0 and r > 0 and c > 0 and vr <= r and vc <= c,
           "ConfigurePredicateTileForMask: descriptor")
    _check(r * c <= codes.MODEL_ELEMENTS and ts.predicate_storage_bytes(r, c) <= cap,
           "ConfigurePredicateTileForMask: storage")
    f = h.m.tiles
    _check(f.local_in_use(i) + f.shared_in_use() + codes.pe_count(mask) * cap <= limit(h),
           "ConfigurePredicateTileForMask: core tile capacity exceeded")
    put(h, i, ts.predicate_tile(cap, r, c, vr, vc, mask))


@spec_function("ConfigurePredicateTile", _ALLOCATION)
def configure_predicate_tile(h: Harness, index: object, capacity: object, rows: object, columns: object,
                             valid_rows: object, valid_columns: object) -> None:
    configure_predicate(h, index, capacity, rows, columns, valid_rows, valid_columns, 0b0001)


@spec_function("ConfigurePredicateTileForMask", _ALLOCATION)
def configure_predicate_tile_for_mask(h: Harness, index: object, capacity: object, rows: object,
                                      columns: object, valid_rows: object, valid_columns: object,
                                      mask: object) -> None:
    configure_predicate(h, index, capacity, rows, columns, valid_rows, valid_columns, _mask(mask))


@spec_function("ReleaseTile", _ALLOCATION)
def release_tile(h: Harness, index: object) -> None:
    put(h, tile_index(index), None)


# ------------------------------------------------------------------ elements
def _guarded(fn, *args):  # noqa: ANN001, ANN202
    """Run a tile method; the model's asserts (an index outside the tile) fail the point."""
    try:
        return fn(*args)
    except TileError as e:
        raise AssertionFailed(str(e)) from None


@spec_function("WriteTileElement", _ELEMENTS)
def write_tile_element(h: Harness, index: object, row: object, column: object, value: object) -> None:
    i = tile_index(index)
    t = local(h, i).copy()
    _guarded(t.write, as_int(row, "row"), as_int(column, "column"), as_bits(value, "the value"))
    put(h, i, t)


@spec_function("ReadTileElement", _ELEMENTS)
def read_tile_element(h: Harness, index: object, row: object, column: object) -> Bits:
    t = local(h, index)
    e = _guarded(t.index, as_int(row, "row"), as_int(column, "column"))
    if not t.is_defined(e):
        raise AssertionFailed(f"ReadTileElement({index}, {row}, {column}): the element is undefined")
    return word(t.element(e))


@spec_function("TileElementDefined", _ELEMENTS)
def tile_element_defined(h: Harness, index: object, row: object, column: object) -> bool:
    t = local(h, index)
    return t.is_defined(_guarded(t.index, as_int(row, "row"), as_int(column, "column")))


@spec_function("MarkTileValidRegionDefined", _ELEMENTS)
def mark_tile_valid_region_defined(h: Harness, index: object) -> None:
    i = tile_index(index)
    t = local(h, i).copy()
    t.mark_valid_defined()
    put(h, i, t)


@spec_function("ApplyTilePadding", _ELEMENTS)
def apply_tile_padding(h: Harness, index: object, value: object) -> None:
    i = tile_index(index)
    t = local(h, i).copy()
    t.apply_padding(pad(value))
    put(h, i, t)


spec_function("ApplyPredicateTilePadding", _ELEMENTS)(apply_tile_padding)


@spec_function("WriteTilePredicateBit", _ELEMENTS)
def write_tile_predicate_bit(h: Harness, index: object, row: object, column: object, value: object) -> None:
    i = tile_index(index)
    t = local(h, i)
    r, c = as_int(row, "row"), as_int(column, "column")
    _check(r < t.valid_rows and c < t.valid_columns, "WriteTilePredicateBit outside the valid region")
    t = t.copy()
    _guarded(t.set_predicate_bit, r, c, as_bool(value, "the bit"))
    put(h, i, t)


@spec_function("TilePredicateBitDefined", _ELEMENTS)
def tile_predicate_bit_defined(h: Harness, index: object, row: object, column: object) -> bool:
    t = local(h, index)
    _check(t.kind == codes.PREDICATE, "not a predicate tile")
    return t.is_defined(_guarded(t.predicate_index, as_int(row, "row"), as_int(column, "column")))


@spec_function("ReadTilePredicateBit", _ELEMENTS)
def read_tile_predicate_bit(h: Harness, index: object, row: object, column: object) -> bool:
    _check(tile_predicate_bit_defined(h, index, row, column), "ReadTilePredicateBit of an undefined bit")
    return local(h, index).predicate_bit(as_int(row, "row"), as_int(column, "column"))


@spec_function("ReadTilePredicateByte", _ELEMENTS)
def read_tile_predicate_byte(h: Harness, index: object, byte: object) -> Bits:
    t = local(h, index)
    _check(t.kind == codes.PREDICATE, "ReadTilePredicateByte of a numeric tile")
    return Bits(8, t.carrier(as_int(byte, "the byte index")))


# -------------------------------------------------- element functions of a TileInfo
@spec_function("TileLinearIndex", _ELEMENTS)
def tile_linear_index(h: Harness, tile: object, row: object, column: object) -> int:
    t = tile_of(tile)
    _check(t is not None and not t.is_cube, "TileLinearIndex of a released or CUBE tile")
    e = _guarded(t.index, as_int(row, "row"), as_int(column, "column"))
    _check(e < codes.MODEL_ELEMENTS, f"TileLinearIndex {e} outside the model's {codes.MODEL_ELEMENTS} elements")
    return e


@spec_functions("TileStorageIndex", "TileLogicalLinearIndex", _ELEMENTS)
def tile_storage_index(h: Harness, tile: object, row: object, column: object) -> int:
    t = tile_of(tile)
    _check(t is not None, "element index of a released tile")
    return _guarded(t.index, as_int(row, "row"), as_int(column, "column"))


@spec_function("TilePackedLinearIndex", _PACKED)
def tile_packed_linear_index(h: Harness, tile: object, row: object, column: object) -> int:
    return tile_storage_index(h, tile, row, column)


@spec_function("TileLogicalElementDefined", _PACKED)
def tile_logical_element_defined(h: Harness, tile: object, element: object) -> bool:
    t = tile_of(tile)
    e = as_int(element, "an element index")
    return t is not None and 0 <= e < len(t.defined) and t.is_defined(e)


@spec_function("TileReadLogicalElement", _PACKED)
def tile_read_logical_element(h: Harness, tile: object, element: object) -> Bits:
    t = tile_of(tile)
    e = as_int(element, "an element index")
    return word(t.element(e) if t is not None and 0 <= e < len(t.values) else 0)


@spec_function("TileGenericIndexingPermitted", _ELEMENTS)
def tile_generic_indexing_permitted(h: Harness, tile: object) -> bool:
    t = tile_of(tile)
    return t is not None and t.generic_indexing()


@spec_function("TileDescriptorLegal", "asl/tile/model/legality/descriptor-shape.asl")
def tile_descriptor_legal(h: Harness, index: object) -> bool:
    t = h.m.tiles[tile_index(index)]
    return t is not None and t.legal(limit(h))


@spec_function("TileSourceContentsDefined", "asl/tile/model/legality/descriptor-shape.asl")
def tile_source_contents_defined(h: Harness, index: object) -> bool:
    t = h.m.tiles[tile_index(index)]
    return t is not None and t.legal(limit(h)) and t.contents_defined


@spec_function("TileSourceEncodingsValid", "asl/tile/model/definedness/elements.asl")
def tile_source_encodings_valid(h: Harness, index: object) -> bool:
    from ptodbg.tile.execution import Workspace
    from ptodbg.tile.legality import encodings_valid
    return encodings_valid(Workspace(h.m.tiles, limit(h)), tile_index(index))


@spec_function("TileLogicalShapeMatch", _LEGALITY)
def tile_logical_shape_match(h: Harness, left: object, right: object) -> bool:
    a, b = h.m.tiles[tile_index(left)], h.m.tiles[tile_index(right)]
    return (a is not None and b is not None and a.legal(limit(h)) and b.legal(limit(h)) and a.rows == b.rows
            and a.columns == b.columns and a.valid_rows == b.valid_rows and a.valid_columns == b.valid_columns
            and a.layout == b.layout)


@spec_function("TileShapeAndTypeMatch", _LEGALITY)
def tile_shape_and_type_match(h: Harness, left: object, right: object) -> bool:
    a, b = h.m.tiles[tile_index(left)], h.m.tiles[tile_index(right)]
    return tile_logical_shape_match(h, left, right) and a.kind == b.kind and a.dtype is b.dtype  # type: ignore[union-attr]


# --------------------------------------------------------- shapes, capacity
@spec_function("IsNonzeroPowerOfTwo", "asl/tile/model/shape/rows-columns.asl")
def is_nonzero_power_of_two(h: Harness, value: object) -> bool:
    return ts.is_power_of_two(as_int(value, "the value"))


@spec_function("DerivedTileRows", "asl/tile/model/shape/rows-columns.asl")
def derived_tile_rows(h: Harness, capacity: object, columns: object, data_type: object) -> int:
    return ts.derived_rows(as_int(capacity, "capacity"), as_int(columns, "columns"), dtype(data_type))


@spec_function("TileShapeMatchesCapacity", "asl/tile/model/shape/rows-columns.asl")
def tile_shape_matches_capacity(h: Harness, capacity: object, rows: object, columns: object,
                                data_type: object) -> bool:
    derived = ts.derived_rows(as_int(capacity, "capacity"), as_int(columns, "columns"), dtype(data_type))
    return derived != 0 and as_int(rows, "rows") == derived


@spec_function("TileDescriptorShapeLegal", "asl/tile/model/shape/valid-region.asl")
def tile_descriptor_shape_legal(h: Harness, capacity: object, columns: object, valid_rows: object,
                                valid_columns: object, data_type: object) -> bool:
    return ts.shape_legal(as_int(capacity, "capacity"), as_int(columns, "columns"),
                          as_int(valid_rows, "valid rows"), as_int(valid_columns, "valid columns"), dtype(data_type))


@spec_function("TileStorageBytes", "asl/tile/model/shape/valid-region.asl")
def tile_storage_bytes(h: Harness, rows: object, columns: object, data_type: object) -> int:
    return ts.storage_bytes(as_int(rows, "rows"), as_int(columns, "columns"), dtype(data_type))


@spec_function("TileStorageFitsCapacity", "asl/tile/model/shape/valid-region.asl")
def tile_storage_fits_capacity(h: Harness, rows: object, columns: object, data_type: object,
                               capacity: object) -> bool:
    return tile_storage_bytes(h, rows, columns, data_type) <= as_int(capacity, "capacity")


@spec_function("TileCapacityIsLegal", _DESCRIPTORS)
def tile_capacity_is_legal(h: Harness, capacity: object) -> bool:
    return ts.capacity_legal(as_int(capacity, "capacity"), limit(h))


@spec_function("TileSizeCodeBytes", _DESCRIPTORS)
def tile_size_code_bytes(h: Harness, code: object) -> int:
    c = as_int(code, "a size code")
    _check(codes.size_code_legal(c), f"size code {c} outside 1..12")
    return codes.size_code_bytes(c)


@spec_function("TileSizeCodeIsLegal", _DESCRIPTORS)
def tile_size_code_is_legal(h: Harness, code: object) -> bool:
    return codes.size_code_legal(as_int(code, "a size code"))


@spec_function("LocalTileSizeCodeIsLegal", _DESCRIPTORS)
def local_tile_size_code_is_legal(h: Harness, code: object) -> bool:
    return codes.local_size_code_legal(as_int(code, "a size code"))


@spec_function("TileLogicalElementCapacity", _DESCRIPTORS)
def tile_logical_element_capacity(h: Harness, capacity: object, data_type: object) -> int:
    cap = as_int(capacity, "capacity")
    _check(cap > 0, "TileLogicalElementCapacity of zero bytes")
    return ts.logical_capacity(cap, dtype(data_type))


spec_function("PackedTileLogicalCapacity", _PACKED)(tile_logical_element_capacity)


@spec_function("TileHandOf", _DESCRIPTORS)
def tile_hand_of(h: Harness, index: object) -> Enum:
    return Enum("TileHand_" + codes.hand_of(tile_index(index)))


@spec_function("TileCapacityInUse", "asl/tile/model/capacity/local.asl")
def tile_capacity_in_use(h: Harness) -> int:
    return h.m.tiles.local_in_use()


@spec_function("TileCapacityInUseExcept", "asl/tile/model/capacity/local.asl")
def tile_capacity_in_use_except(h: Harness, index: object) -> int:
    return h.m.tiles.local_in_use(tile_index(index))


@spec_function("SharedTileCapacityInUse", "asl/tile/model/capacity/shared.asl")
def shared_tile_capacity_in_use(h: Harness) -> int:
    return h.m.tiles.shared_in_use()


@spec_function("CoreTileCapacityInUse", "asl/tile/model/capacity/shared.asl")
def core_tile_capacity_in_use(h: Harness) -> int:
    return h.m.tiles.in_use()


@spec_function("TileCapacityLimitBytes", "asl/tile/model/capacity/local.asl")
def tile_capacity_limit_bytes(h: Harness) -> int:
    return limit(h)


@spec_function("TileCoreAllocationBytes", "asl/tile/model/legality/pe-mask.asl")
def tile_core_allocation_bytes(h: Harness, mask: object, per_pe: object) -> int:
    return codes.pe_count(_mask(mask)) * as_int(per_pe, "bytes per PE")


@spec_function("PTOv0PEMaskOfPEMode", "asl/block/model/schema/profile-encoding.asl")
def pe_mask_of_pe_mode(h: Harness, mode: object) -> Bits:
    return Bits(4, codes.pe_mask_of_mode(as_bits(mode, "a PE mode", 3)))


# ---------------------------------------------------------------- data types
@spec_function("TileFractalInnerElements", _ELEMENTS)
def tile_fractal_inner_elements(h: Harness, data_type: object) -> int:
    return ts.fractal_inner(dtype(data_type))


@spec_function("BundleTileDataType", "asl/block/model/dispatch/descriptor-legality.asl")
def tile_data_type_from_encoding(h: Harness, encoded: object) -> Enum:
    got = codes.dtype_of_code(as_bits(encoded, "an encoding", 5))
    _check(got is not None, f"data type encoding {encoded} is reserved")
    return dtype_enum(got)  # type: ignore[arg-type]


@spec_functions("BundleDataTypeConcrete", "BundleDataTypeSupported", "asl/block/model/dispatch/descriptor-legality.asl")
def tile_data_type_encoding_valid(h: Harness, encoded: object) -> bool:
    return codes.code_concrete(as_bits(encoded, "an encoding", 5))


@spec_function("BundleDataTypeFieldValid", "asl/block/model/dispatch/descriptor-legality.asl")
def bundle_data_type_field_valid(h: Harness, encoded: object) -> bool:
    return codes.code_field_valid(as_bits(encoded, "an encoding", 5))


@spec_function("TilePadValueForDataType", _ELEMENTS)
def tile_pad_value_for_data_type(h: Harness, value: object, data_type: object) -> Bits:
    return word(codes.pad_word(pad(value), dtype(data_type)))


def _set_predicate(name: str, members: frozenset) -> None:
    spec_function(name, _LEGALITY)(lambda h, data_type: dtype(data_type) in members)


for _name, _members in (
    ("TileVecArithmeticDataTypeSupported", codes.VEC_ARITHMETIC), ("TileFillPadDataTypeSupported", codes.VEC_ARITHMETIC),
    ("TileTNegDataTypeSupported", codes.VEC_ARITHMETIC), ("TileTReluDataTypeSupported", codes.VEC_ARITHMETIC),
    ("TileFusedMultiplyAddDataTypeSupported", codes.VEC_ARITHMETIC),
    ("TileVecScalarIntegerDataTypeSupported", codes.VEC_INTEGER), ("TileA9DataTypeSupported", codes.A9),
    ("TileArgReductionSourceDataTypeSupported", codes.A9), ("TileA7DataTypeSupported", codes.A7),
    ("TileF3DataTypeSupported", codes.F3), ("TileFloatingElementwiseDataTypeSupported", codes.FLOAT_ELEMENTWISE),
    ("TileI6DataTypeSupported", codes.I6), ("TileImg2ColDataTypeSupported", codes.IMG2COL),
):
    _set_predicate(_name, _members)

spec_functions("TileTeplRawCarrierTypeSupported", "TileRegularTLSUDataTypeSupported", _LEGALITY)(
    lambda h, data_type: dtype(data_type) is not None)
spec_function("TileCarrierOnlyDataTypeSupported", _LEGALITY)(lambda h, d: codes.carrier_only(dtype(d)))
spec_functions("TileMove24DataTypeSupported", "TileCarrierOrMove24BaselineDataTypeSupported", _LEGALITY)(
    lambda h, d: codes.move24(dtype(d)))
spec_function("TileCarrierOrPackedBaselineDataTypeSupported", _LEGALITY)(
    lambda h, d: codes.carrier_only(dtype(d)) or dtype(d).is_packed)
spec_function("IndexedTLSUTransferDataTypeLegal", _ELEMENTS)(lambda h, d: not dtype(d).is_packed)
spec_function("IndexedTLSUIndexDataTypeLegal", _ELEMENTS)(lambda h, d: dtype(d).is_integer)
spec_function("PackedTileDataTypeIsFourBit", _PACKED)(lambda h, d: dtype(d).is_packed)


@spec_function("TileInfoWithLogicalElement", _PACKED)
def tile_info_with_logical_element(h: Harness, tile: object, element: object, value: object) -> TileInfo:
    t = tile_of(tile)
    _check(t is not None, "TileInfoWithLogicalElement of a released tile")
    e = as_int(element, "an element index")
    _check(0 <= e < len(t.defined), f"element {e} outside the tile")  # type: ignore[union-attr]
    t = t.copy()  # type: ignore[union-attr]
    t.put(e, as_bits(value, "the value"))
    return TileInfo(t)


@spec_function("ConfigureTileFeatureMapDescriptor", "asl/tile/model/state/feature-map-descriptors.asl")
def configure_tile_feature_map_descriptor(h: Harness, index: object, layout_value: object, *fields: object) -> None:
    from ptodbg.tile.semantics.layout import FeatureMap
    i = tile_index(index)
    t = local(h, i).copy()
    name = enum_name(layout_value, "a TileFeatureMapLayout").removeprefix("TileFeatureMapLayout_")
    numbers = [as_int(v, "a feature-map field") for v in fields[:17]]
    t.fmap = FeatureMap(name, *numbers, as_bits(fields[17], "padding"), as_bool(fields[18], "transposed"))
    put(h, i, t)


class _FeatureMapRecord:
    """A TileFeatureMapDescriptor value: a valid descriptor's fields; an invalid one has
    only ``valid`` (ptodbg keeps no stale fields)."""

    __slots__ = ("fmap",)

    def __init__(self, fmap: object) -> None:
        self.fmap = fmap

    def get_field(self, name: str) -> object:
        if name == "valid":
            return self.fmap is not None
        if self.fmap is None:
            raise Unsupported(f"the stale {name} of an invalid feature-map descriptor")
        if name == "layout":
            return Enum("TileFeatureMapLayout_" + self.fmap.layout)  # type: ignore[attr-defined]
        value = getattr(self.fmap, name)
        return word(value) if name == "padding" else value

    def set_field(self, name: str, value: object) -> None:
        raise Unsupported("changing a copied feature-map descriptor")

    def copy(self) -> _FeatureMapRecord:
        return self


@spec_function("ReadTileFeatureMapDescriptor", "asl/tile/model/state/feature-map-descriptors.asl")
def read_tile_feature_map_descriptor(h: Harness, index: object) -> _FeatureMapRecord:
    t = h.m.tiles[tile_index(index)]
    return _FeatureMapRecord(t.fmap if t is not None else None)


# ---------------------------------------------------------------- CUBE tiles
_CUBE = "asl/tile/model/shape/cube-cell.asl"


def configure_cube(h: Harness, index: object, capacity: object, valid_rows: object, valid_columns: object,
                   data_type: object, tile_layout: object, tile_location: object, mask: int) -> bool:
    """ConfigureCubeTileForMask: FALSE (no effect) for a zero mask, a non-Matrix location,
    an illegal CUBE shape or too little core capacity."""
    i = tile_index(index)
    cap, vr, vc = as_int(capacity, "capacity"), as_int(valid_rows, "valid rows"), as_int(valid_columns, "valid columns")
    d, lay, loc = dtype(data_type), layout(tile_layout), location(tile_location)
    if mask == 0 or loc != codes.MATRIX or not ts.cube_shape_legal(cap, vr, vc, d, lay, limit(h)):
        return False
    f = h.m.tiles
    if f.local_in_use(i) + f.shared_in_use() + codes.pe_count(mask) * cap > limit(h):
        return False
    put(h, i, ts.cube_tile(cap, vr, vc, d, lay, loc, mask))
    return True


@spec_function("ConfigureCubeTile", "asl/tile/model/state/allocation.asl")
def configure_cube_tile(h: Harness, index: object, capacity: object, valid_rows: object, valid_columns: object,
                        data_type: object, tile_layout: object, tile_location: object) -> bool:
    return configure_cube(h, index, capacity, valid_rows, valid_columns, data_type, tile_layout, tile_location, 1)


@spec_function("ConfigureCubeTileForMask", "asl/tile/model/state/allocation.asl")
def configure_cube_tile_for_mask(h: Harness, index: object, capacity: object, valid_rows: object,
                                 valid_columns: object, data_type: object, tile_layout: object,
                                 tile_location: object, mask: object) -> bool:
    return configure_cube(h, index, capacity, valid_rows, valid_columns, data_type, tile_layout, tile_location,
                          _mask(mask))


@spec_function("TileLayoutIsCube", _CUBE)
def tile_layout_is_cube(h: Harness, value: object) -> bool:
    return layout(value) in codes.CUBE_LAYOUTS


spec_function("TileCubeDataTypeSupported", _CUBE)(lambda h, d: ts.cube_type_supported(dtype(d)))
spec_function("TileCubeCellRows", _CUBE)(lambda h, lay, d: ts.cube_cell_rows(layout(lay), dtype(d)))
spec_function("TileCubeCellColumns", _CUBE)(lambda h, lay, d: ts.cube_cell_columns(layout(lay), dtype(d)))
spec_function("TileCubeStorageRows", _CUBE)(
    lambda h, lay, vr, d: ts.cube_storage_rows(layout(lay), as_int(vr, "valid rows"), dtype(d)))
spec_function("TileCubeStorageColumns", _CUBE)(
    lambda h, lay, vc, d: ts.cube_storage_columns(layout(lay), as_int(vc, "valid columns"), dtype(d)))
spec_function("TileCubeKRepeat", _CUBE)(
    lambda h, lay, vr, vc, d: ts.cube_k_repeat(layout(lay), as_int(vr, "valid rows"), as_int(vc, "valid columns"),
                                               dtype(d)))
spec_function("TileCubeNRepeat", _CUBE)(
    lambda h, lay, vc, d: ts.cube_n_repeat(layout(lay), as_int(vc, "valid columns"), dtype(d)))
spec_function("TileCubeCellCount", _CUBE)(
    lambda h, lay, vr, vc, d: ts.cube_cell_count(layout(lay), as_int(vr, "valid rows"),
                                                 as_int(vc, "valid columns"), dtype(d)))
spec_function("TileCubeStorageElements", _CUBE)(
    lambda h, lay, vr, vc, d: ts.cube_storage_elements(layout(lay), as_int(vr, "valid rows"),
                                                       as_int(vc, "valid columns"), dtype(d)))
spec_function("TileCubeRequiredBytes", _CUBE)(
    lambda h, lay, vr, vc, d: ts.cube_required_bytes(layout(lay), as_int(vr, "valid rows"),
                                                     as_int(vc, "valid columns"), dtype(d)))
spec_function("TileCubeDescriptorShapeLegal", _CUBE)(
    lambda h, cap, vr, vc, d, lay: ts.cube_shape_legal(as_int(cap, "capacity"), as_int(vr, "valid rows"),
                                                       as_int(vc, "valid columns"), dtype(d), layout(lay)))


@spec_function("TileCubeCellElementIndex", _CUBE)
def tile_cube_cell_element_index(h: Harness, lay: object, data_type: object, row: object, column: object) -> int:
    return _guarded(ts.cube_cell_element_index, layout(lay), dtype(data_type), as_int(row, "row"),
                    as_int(column, "column"))


@spec_function("TileCubePayloadIndex", _CUBE)
def tile_cube_payload_index(h: Harness, tile: object, row: object, column: object) -> int:
    t = tile_of(tile)
    _check(t is not None and t.is_cube, "TileCubePayloadIndex of a tile without a CUBE layout")
    r, c = as_int(row, "row"), as_int(column, "column")
    _check(r < t.rows and c < t.columns, "TileCubePayloadIndex outside the tile")  # type: ignore[union-attr]
    return _guarded(t.cube_index, r, c)  # type: ignore[union-attr]


@spec_function("TileCubeDescriptorLegal", "asl/tile/model/legality/descriptor-shape.asl")
def tile_cube_descriptor_legal(h: Harness, tile: object) -> bool:
    t = tile_of(tile)
    return t is not None and t.cube_legal(limit(h))


@spec_function("TileIndexWithinHand", _DESCRIPTORS)
def tile_index_within_hand(h: Harness, index: object) -> int:
    return tile_index(index) % 16 + 1


@spec_function("PEMaskPopulation", "asl/tile/model/legality/pe-mask.asl")
def pe_mask_population(h: Harness, mask: object) -> int:
    return codes.pe_count(as_bits(mask, "a PE mask", 4))


@spec_function("PTOPEMaskBitOfPEIdentity", "asl/arch/programming-model/core-pe-topology.asl")
def pto_pe_mask_bit_of_pe_identity(h: Harness, pe: object) -> int:
    p = as_int(pe, "a PE identity")
    _check(0 <= p <= 3, f"PE identity {p} outside 0..3")
    return 3 - p
