"""The spec's shared-register functions (``asl/tile/model/state/shared-registers.asl``,
``asl/tile/model/memory/shared-movement.asl``, ``asl/block/model/dispatch/shared-tlsu.asl``)
answered by :mod:`ptodbg.tile.shared` and :mod:`ptodbg.tile.semantics.sharedmove` over the
machine's shared registers.
"""

from __future__ import annotations

from ptodbg.avs import syntax
from ptodbg.avs.convert import as_bits, as_bool, as_int, word
from ptodbg.avs.harness.registry import spec_function
from ptodbg.avs.harness.state import Harness
from ptodbg.avs.harness.tile_exec import _DISPATCH, _block_query, run
from ptodbg.avs.harness.tile_functions import limit
from ptodbg.avs.harness.tile_values import TileInfo, dtype, layout, tile_index, tile_of
from ptodbg.avs.values import Array, AslError, AssertionFailed, Bits, Record
from ptodbg.tile import shared as sh
from ptodbg.tile.semantics import sharedmove as sm
from ptodbg.tile.state import SharedTile, Tile

_REGISTERS = "asl/tile/model/state/shared-registers.asl"

# CorePEWords (asl/arch/data-types/integer.asl): one word per PE, the per-PE bases and
# strides of the shared transfers.
TYPES = {"CorePEWords": syntax.TArray(syntax.ELit(4), syntax.TBits(syntax.ELit(64)))}
_MOVEMENT = "asl/tile/model/memory/shared-movement.asl"


def _id(value: object) -> int:
    return as_bits(value, "a shared register id", 8)


def _mask(value: object) -> int:
    return as_bits(value, "a PE mask", 4)


def _register(h: Harness, value: object) -> SharedTile | None:
    return h.m.tiles.shared[_id(value)]


def _tile(value: object) -> Tile:
    t = tile_of(value)
    if t is None:
        raise AssertionFailed("a shared update of a released TileInfo")
    return t


def shared_record(s: SharedTile | None) -> Record:
    """A SharedTileInfo value (a snapshot)."""
    return Record("SharedTileInfo", {
        "descriptor_valid": s is not None,
        "allocation_mask": Bits(4, s.allocation_mask if s is not None else 0),
        "initialized_mask": Bits(4, s.initialized_mask if s is not None else 0),
        "published": s is not None and s.published,
        "tile": TileInfo(s.tile if s is not None else None),
    })


@spec_function("SharedTileRecord", _REGISTERS)
def shared_tile_record(h: Harness, shared_id: object) -> Record:
    return shared_record(_register(h, shared_id))


@spec_function("SharedTileArrayIndex", _REGISTERS)
def shared_tile_array_index(h: Harness, shared_id: object) -> int:
    return _id(shared_id)


@spec_function("SharedTileAnyQuarterInitialized", _REGISTERS)
def shared_tile_any_quarter_initialized(h: Harness, shared_id: object) -> bool:
    s = _register(h, shared_id)
    return s is not None and s.initialized_mask != 0


@spec_function("SharedTileFullyInitialized", _REGISTERS)
def shared_tile_fully_initialized(h: Harness, shared_id: object) -> bool:
    return sh.fully_initialized(_register(h, shared_id))


@spec_function("SharedTilePublished", _REGISTERS)
def shared_tile_published(h: Harness, shared_id: object) -> bool:
    return sh.published(_register(h, shared_id))


@spec_function("SharedTileCooperativeMatrixReady", _REGISTERS)
def shared_tile_cooperative_matrix_ready(h: Harness, shared_id: object) -> bool:
    s = _register(h, shared_id)
    return (sh.descriptor_legal(s, limit(h)) and s.allocation_mask == s.initialized_mask == sh.FULL_MASK  # type: ignore[union-attr]
            and s.published and s.tile.contents_defined)  # type: ignore[union-attr]


@spec_function("SharedTileDescriptorLegal", _REGISTERS)
def shared_tile_descriptor_legal(h: Harness, shared_id: object) -> bool:
    return sh.descriptor_legal(_register(h, shared_id), limit(h))


@spec_function("SharedTileDescriptorsCompatible", _REGISTERS)
def shared_tile_descriptors_compatible(h: Harness, left: object, right: object) -> bool:
    a, b = tile_of(left), tile_of(right)
    return a is not None and b is not None and sh.descriptors_compatible(a, b)


@spec_function("SharedTileUpdateCompatible", _REGISTERS)
def shared_tile_update_compatible(h: Harness, shared_id: object, tile: object, mask: object) -> bool:
    m = _mask(mask)
    if m == 0:
        return True
    return sh.update_compatible(h.m.tiles, _id(shared_id), _tile(tile), m, limit(h))


@spec_function("UndefinedSharedTileWord", _REGISTERS)
def undefined_shared_tile_word(h: Harness, shared_id: object, element: object) -> Bits:
    return word(sh.undefined_word(_id(shared_id), as_int(element, "an element")))


@spec_function("ReadSharedTileWord", _REGISTERS)
def read_shared_tile_word(h: Harness, shared_id: object, element: object) -> Bits:
    i = _id(shared_id)
    return word(sh.read_word(h.m.tiles.shared[i], i, as_int(element, "an element")))


@spec_function("MaterializeSharedTile", _REGISTERS)
def materialize_shared_tile(h: Harness, shared_id: object, mask: object) -> TileInfo:
    i = _id(shared_id)
    s = h.m.tiles.shared[i]
    if not sh.descriptor_legal(s):
        raise AssertionFailed("MaterializeSharedTile of a register whose descriptor is not legal")
    return TileInfo(sh.materialize(s, i, _mask(mask)))  # type: ignore[arg-type]


def _schema(values: tuple) -> tuple:
    vr, vc, c = (as_int(v, "a dimension") for v in values[:3])
    return vr, vc, c, dtype(values[3]), layout(values[4])


@spec_function("SharedTileReadSchemaLegal", _REGISTERS)
def shared_tile_read_schema_legal(h: Harness, shared_id: object, *values: object) -> bool:
    return sh.read_schema_legal(_register(h, shared_id), *_schema(values), limit(h))


@spec_function("SharedTileReadSchemaLegalAtCapacity", _REGISTERS)
def shared_tile_read_schema_legal_at_capacity(h: Harness, shared_id: object, *values: object) -> bool:
    return sh.read_schema_legal_at(_register(h, shared_id), *_schema(values), as_int(values[5], "a capacity"),
                                   limit(h))


@spec_function("MaterializeSharedTileForReadSchema", _REGISTERS)
def materialize_shared_tile_for_read_schema(h: Harness, shared_id: object, *values: object) -> TileInfo:
    s = _register(h, shared_id)
    vr, vc, c, d, lay = _schema(values)
    if not sh.read_schema_legal(s, vr, vc, c, d, lay, limit(h)):
        raise AssertionFailed("MaterializeSharedTileForReadSchema of an illegal schema")
    return TileInfo(sh.read_view(s, vr, vc, c, d, lay, sh.read_capacity(s, vr, vc, c, d)))


@spec_function("MaterializeSharedTileForReadSchemaAtCapacity", _REGISTERS)
def materialize_shared_tile_for_read_schema_at_capacity(h: Harness, shared_id: object, *values: object) -> TileInfo:
    s = _register(h, shared_id)
    schema, capacity = _schema(values), as_int(values[5], "a capacity")
    if not sh.read_schema_legal_at(s, *schema, capacity, limit(h)):
        raise AssertionFailed("MaterializeSharedTileForReadSchemaAtCapacity of an illegal schema")
    return TileInfo(sh.read_view(s, *schema, capacity))


@spec_function("SharedTileProspectiveFullyInitialized", _REGISTERS)
def shared_tile_prospective_fully_initialized(h: Harness, shared_id: object, tile: object, mask: object) -> bool:
    return sh.prospective_fully_initialized(h.m.tiles, _id(shared_id), _tile(tile), _mask(mask), limit(h))


def _atomic_update(h: Harness, shared_id: object, tile: object, mask: object, publish: bool) -> bool:
    i, m = _id(shared_id), _mask(mask)
    if m == 0:
        return True
    updated = sh.atomic_update(h.m.tiles, i, _tile(tile), m, publish, limit(h))
    if updated is None:
        return False
    h.m.tiles = h.m.tiles.with_shared(i, updated)
    return True


@spec_function("AtomicUpdateSharedTileWithPublication", _REGISTERS)
def atomic_update_shared_tile_with_publication(h: Harness, shared_id: object, tile: object, mask: object,
                                               publish: object) -> bool:
    return _atomic_update(h, shared_id, tile, mask, as_bool(publish, "publish"))


@spec_function("AtomicUpdateSharedTile", _REGISTERS)
def atomic_update_shared_tile(h: Harness, shared_id: object, tile: object, mask: object) -> bool:
    return _atomic_update(h, shared_id, tile, mask, True)


@spec_function("InstallSharedTile", _REGISTERS)
def install_shared_tile(h: Harness, shared_id: object, tile: object, mask: object) -> None:
    if not _atomic_update(h, shared_id, tile, mask, True):
        raise AssertionFailed("InstallSharedTile of an incompatible tile")


@spec_function("SharedTileElementRegion", _MOVEMENT)
def shared_tile_element_region(h: Harness, tile: object, element: object) -> int:
    try:
        return sh.region(_tile(tile), as_int(element, "an element"))
    except Exception as e:  # the spec's assert
        raise AssertionFailed(str(e)) from None


@spec_function("SharedStorePEMaskLegal", "asl/arch/memory-model/global-memory-access.asl")
def shared_store_pe_mask_legal(h: Harness, function: object, mask: object) -> bool:
    return sm.store_mask_legal(as_int(function, "a function"), _mask(mask))


@spec_function("SharedGMPESelected", "asl/arch/memory-model/global-memory-access.asl")
def shared_gm_pe_selected(h: Harness, mask: object, pe: object) -> bool:
    return sh.pe_selected(_mask(mask), as_int(pe, "a PE"))


def _agents(bases: object, strides: object) -> list:
    if not isinstance(bases, Array) or not isinstance(strides, Array):
        raise AslError("type error: per-PE words must be arrays")
    return [(as_bits(bases.get_item(pe), "a base"), as_bits(strides.get_item(pe), "a stride")) for pe in range(4)]


@spec_function("TLOADShared", _MOVEMENT)
def tload_shared(h: Harness, shared_id: object, bases: object, strides: object, size_code: object, *rest: object) -> None:
    rows, columns, vr, vc = (as_int(v, "a dimension") for v in rest[:4])
    args = (_id(shared_id), _agents(bases, strides), as_int(size_code, "a size code"), rows, columns, vr, vc,
            dtype(rest[4]), layout(rest[5]), _mask(rest[6]))
    run(h, lambda env: sm.tload_shared(env, *args))


@spec_function("TSTOREShared", _MOVEMENT)
def tstore_shared(h: Harness, bases: object, strides: object, shared_id: object, tile: object, mask: object) -> None:
    args = (_agents(bases, strides), _id(shared_id), _tile(tile), _mask(mask))
    run(h, lambda env: sm.tstore_shared(env, *args))


@spec_function("TMOVLocalToShared", _MOVEMENT)
def tmov_local_to_shared(h: Harness, shared_id: object, source: object, size_code: object, mask: object,
                         publish: object) -> None:
    args = (_id(shared_id), tile_index(source), as_int(size_code, "a size code"), _mask(mask),
            as_bool(publish, "publish"))
    run(h, lambda env: sm.tmov_local_to_shared(env, *args))


@spec_function("TMOVSharedToLocal", _MOVEMENT)
def tmov_shared_to_local(h: Harness, destination: object, shared_id: object, tile: object, mask: object) -> None:
    args = (tile_index(destination), _id(shared_id), _tile(tile), _mask(mask))
    run(h, lambda env: sm.tmov_shared_to_local(env, *args))


@spec_function("SharedTileFromLocal", _MOVEMENT)
def shared_tile_from_local(h: Harness, source: object, capacity: object) -> TileInfo:
    t = h.m.tiles[tile_index(source)]
    if t is None or not t.contents_defined or t.capacity != as_int(capacity, "a capacity"):
        raise AssertionFailed("SharedTileFromLocal of an undefined source or of another capacity")
    t = t.copy()
    t.location = 3  # TileLocation_Any
    return TileInfo(t)


def _register_queries() -> None:
    source = f"{_DISPATCH}/shared-tlsu.asl"
    queries = {
        "BundleSharedTLSUSelected": lambda env, dims: sm.selected(env.op),
        "BundleSharedTMOVLocalSchemaLegal": lambda env, dims: sm.local_schema_legal(env),
        "BundleSharedTMOVDestinationSchemaLegal":
            lambda env, dims, shared_id, function: sm.destination_schema_legal(env, dims, shared_id, function),
    }
    for name, fn in queries.items():
        spec_function(name, source)(_block_query(fn))


_register_queries()


@spec_function("InstructionContractSharedMaskLegal_TSTORE", "asl/tile/memory-and-data-movement/regular/TSTORE.asl")
def instruction_contract_shared_mask_legal_tstore(h: Harness, function: object, mask: object) -> bool:
    return sm.store_mask_legal(as_int(function, "a function"), _mask(mask))


@spec_function("SharedTileCapacityIsLegal", "asl/tile/model/state/descriptors.asl")
def shared_tile_capacity_is_legal(h: Harness, capacity: object) -> bool:
    from ptodbg.tile.state import shared_capacity_legal
    return shared_capacity_legal(as_int(capacity, "a capacity"), limit(h))


@spec_function("MinimumTileCapacityBytesForShape", "asl/tile/model/shape/valid-region.asl")
def minimum_tile_capacity_bytes_for_shape(h: Harness, columns: object, valid_rows: object, valid_columns: object,
                                          data_type: object) -> int:
    return sh.minimum_capacity(as_int(columns, "columns"), as_int(valid_rows, "valid rows"),
                               as_int(valid_columns, "valid columns"), dtype(data_type))
