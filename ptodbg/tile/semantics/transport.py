"""CUBE transport: TLOAD and TSTORE under a B.DATR CUBE layout conversion (ND2M32,
ND2M16, ND2N8 load into a private Matrix tile of CUBE cells; M322ND, M162ND, N82ND store
one back), the block form ExecuteBundleCubeTransportOperation.

Sources (pto-spec 0.58.3): ``asl/block/model/dispatch/tlsu-layout-conversion.asl``,
``asl/block/model/state/control-state.asl`` (the conversion codes) and
``asl/tile/model/shape/cube-cell.asl`` (the descriptor and cell placement, in
:mod:`ptodbg.tile.state`).  The element transfer is the ordinary TLOAD/TSTORE of
:mod:`.memory` over the CUBE tile's valid rectangle (probe first, then move).
"""

from __future__ import annotations

from ptodbg.tile import codes
from ptodbg.tile import operations as ops
from ptodbg.tile.blockop import (
    ILLEGAL,
    TILE_ALLOCATION,
    TILE_LEGALITY,
    TILE_MEMORY,
    BlockOperation,
    TileFault,
)
from ptodbg.tile.execution import Env
from ptodbg.tile.semantics.memory import dense_row_stride, execute_tload, execute_tstore
from ptodbg.tile.state import cube_shape_legal, cube_tile, cube_type_supported

_LOADS = frozenset({21, 22, 23})  # ND2M32, ND2M16, ND2N8 (TileDataLayoutConversionIsLoad)
_STORES = frozenset({24, 25, 26})  # M322ND, M162ND, N82ND (TileDataLayoutConversionIsStore)


def conversion_is_load(code: int) -> bool:
    """TileDataLayoutConversionIsLoad."""
    return code in _LOADS


def conversion_is_store(code: int) -> bool:
    """TileDataLayoutConversionIsStore."""
    return code in _STORES


def selected(op: BlockOperation) -> bool:
    """BundleCubeTransportSelected: B.DATR names a CUBE layout conversion."""
    return op.datr_present and codes.cube_conversion(op.datr.layout)


def dimensions_legal(dims: tuple) -> bool:
    """BundleCubeTransportDimensionsLegal: LB0 and LB1 (1..65535), no LB2."""
    lb0, lb1, lb2 = dims
    return lb0 is not None and lb1 is not None and lb2 is None and 1 <= lb0 <= 65535 and 1 <= lb1 <= 65535


def data_attributes_legal(op: BlockOperation) -> bool:
    """BundleCubeTransportDataAttributesLegal: B.DATR carries the conversion alone (no
    data type, comparison, rounding, saturation or canonicalization), a load conversion
    for TLOAD (function 0), a store conversion for TSTORE (function 1)."""
    a, d = op.datr, op.descriptor
    if (not op.datr_present or a.dtype != codes.DTYPE_NONE or not codes.cube_conversion(a.layout) or a.cmode
            or a.rmode or a.sat or a.canonicalize):
        return False
    if d is None or not d.valid or d.op_class != TILE_MEMORY or not d.selector_valid:
        return False
    function = d.selector & 0x1F
    return conversion_is_load(a.layout) if function == 0 else function == 1 and conversion_is_store(a.layout)


def bindings_legal(env: Env, index: int) -> bool:
    """BundleCubeTransportBindingsLegal: one terminating Local binding - a new destination
    for TLOAD, one source for TSTORE."""
    from ptodbg.tile.dispatch import (
        bindings_complete,
        gpr_values_legal,
        masks_legal,
        scalar_schema_legal,
    )

    op = env.op
    if (op.shared or len(op.tiles) != 1 or not bindings_complete(env, index) or not scalar_schema_legal(env, index)
            or not gpr_values_legal(env, index) or not masks_legal(op)):
        return False
    b = op.tiles[0]
    if not b.last:
        return False
    if op.descriptor.selector & 0x1F == 0:  # type: ignore[union-attr]
        return (b.destination_valid and not b.allocated and codes.local_size_code_legal(b.size)
                and not b.source0_valid and not b.source1_valid)
    return not b.destination_valid and b.source0_valid and not b.source1_valid


def _resolve_destination(env: Env, valid_rows: int, valid_columns: int, d: codes.DType, layout: int) -> int:
    """ResolveBundleCubeTransportDestination: the lowest free register of the binding's
    hand configured as a Matrix CUBE tile for the binding's PEs."""
    b = env.op.tiles[0]
    capacity = codes.size_code_bytes(b.size)
    if (not cube_shape_legal(capacity, valid_rows, valid_columns, d, layout, env.tiles.limit)
            or env.tiles.view().in_use() + codes.pe_count(b.mask) * capacity > env.tiles.limit):
        raise TileFault(TILE_ALLOCATION, "the CUBE destination does not fit")
    free = next((i for i in range(b.hand * 16, b.hand * 16 + 16) if env.tiles[i] is None), None)
    if free is None:
        raise TileFault(TILE_ALLOCATION, f"no free tile register in hand {'TUMN'[b.hand]}")
    env.tiles[free] = cube_tile(capacity, valid_rows, valid_columns, d, layout, codes.MATRIX, b.mask)
    return free


def execute_block(env: Env, dims: tuple) -> BlockOperation:
    """ExecuteBundleCubeTransportOperation: a zero mask is a no-op before every check;
    schema, attributes and bindings reject as TileLegality; then TLOAD into the new CUBE
    tile (its allocation rolls back with a fault) or TSTORE of the matching CUBE source."""
    from ptodbg.tile.dispatch import _gpr_input, effective_data_type, mask_is_zero

    op = env.op
    if mask_is_zero(op):
        return op
    d = op.descriptor
    index = ops.decode("TLSU", d.decode_code()) if d is not None else None
    if index is None:
        raise TileFault(ILLEGAL, "the block's selector names no TLSU operation")
    if (not dimensions_legal(dims) or not data_attributes_legal(op) or not bindings_legal(env, index)
            or op.fpatr is not None):
        raise TileFault(TILE_LEGALITY, "the CUBE transport's schema is not legal")
    dtype = effective_data_type(env)
    layout = codes.cube_layout_of(op.datr.layout)
    if dtype is None or not cube_type_supported(dtype):
        raise TileFault(TILE_LEGALITY, "the CUBE transport's data type is not a CUBE type")
    valid_columns, valid_rows = dims[0], dims[1]
    s = op.scalar
    base = _gpr_input(env, 0) if s is not None else 0
    stride = _gpr_input(env, 1) if s is not None else dense_row_stride(valid_columns, dtype)
    b = op.tiles[0]
    if d.selector & 0x1F == 0:  # type: ignore[union-attr]
        destination = _resolve_destination(env, valid_rows, valid_columns, dtype, layout)
        op = op.replace(tiles=(b.replace(destination=destination, allocated=True),))
        env.op = op
        execute_tload(env, destination, base, stride)
        return op
    t = env.tiles[b.source0]
    if (t is None or not t.cube_legal(env.tiles.limit) or not t.contents_defined or t.dtype is not dtype or t.layout != layout
            or (t.valid_rows, t.valid_columns) != (valid_rows, valid_columns) or t.mask & b.mask != b.mask):
        raise TileFault(TILE_LEGALITY, "the CUBE source does not match the transport")
    execute_tstore(env, base, stride, b.source0)
    return op
