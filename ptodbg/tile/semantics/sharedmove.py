"""Shared-register transfers: TLOAD into and TSTORE out of a shared register S0..S255 (each
PE moves the quarter it owns, from its own base address and row stride), TMOV.L2S /
TMOV.L2S publishing (a local tile into a register's quarters) and TMOV.S2L (a register's
quarters into a new local tile); the block form ExecuteBundleSharedTLSUOperation.

Sources (pto-spec 0.58.3): ``asl/tile/model/memory/shared-movement.asl`` (TLOADShared,
TSTOREShared, TMOVLocalToShared, TMOVSharedToLocal), ``asl/block/model/dispatch/
shared-tlsu.asl`` and ``asl/arch/memory-model/global-memory-access.asl``
(SharedStorePEMaskLegal); the register rules are :mod:`ptodbg.tile.shared`.

As every TLSU transfer, a shared TLOAD/TSTORE probes every selected element before the
first moves, so a fault leaves registers, memory and events unchanged; the updated shared
register is written as one record (the workspace commits it with the block).
"""

from __future__ import annotations

from ptodbg.tile import codes
from ptodbg.tile import operations as ops
from ptodbg.tile import shared as sh
from ptodbg.tile.blockop import BUNDLE_CONTROL, ILLEGAL, TILE_LEGALITY, BlockOperation, TileFault
from ptodbg.tile.codes import NUMERIC
from ptodbg.tile.execution import Env
from ptodbg.tile.semantics.memory import (
    dense_row_stride,
    element_bytes,
    loaded_value,
    memory_of,
    strided_address,
)
from ptodbg.tile.state import Tile, TileError, derived_rows, logical_capacity, shape_legal

Agents = list  # per PE 0..3: (base address, row stride in bytes)


def store_mask_legal(function: int, mask: int) -> bool:
    """SharedStorePEMaskLegal: TSTORE (function 1) stores a whole register (mask 1111),
    the per-PE form (function 14) any quarters; a zero mask is always legal."""
    if mask == 0:
        return True
    return mask == sh.FULL_MASK if function == 1 else function == 14


def _selected(tile: Tile, mask: int) -> list[tuple[int, int, int]]:
    """(row, column, PE) of each valid element whose quarter ``mask`` selects, row-major."""
    out = []
    for r in range(tile.valid_rows):
        for c in range(tile.valid_columns):
            pe = sh.region(tile, tile.index(r, c))
            if sh.pe_selected(mask, pe):
                out.append((r, c, pe))
    return out


# ------------------------------------------------------------------- TLOAD
def tload_shared(env: Env, shared_id: int, agents: Agents, size_code: int, rows: int, columns: int,
                 valid_rows: int, valid_columns: int, d: codes.DType, layout: int, mask: int) -> None:
    """TLOADShared: each selected PE loads its quarter of the valid rectangle; the
    register is updated atomically (TileLegality when the shape or descriptor does not
    fit)."""
    if mask == 0:
        return
    capacity = codes.size_code_bytes(size_code)
    derived = derived_rows(capacity, columns, d)
    if rows < valid_rows or rows > derived or not shape_legal(capacity, columns, valid_rows, valid_columns, d) \
            or derived * columns > logical_capacity(capacity, d):
        raise TileFault(TILE_LEGALITY, "the shared TLOAD's shape does not fit its size")
    tile = Tile(NUMERIC, capacity, derived, columns, valid_rows, valid_columns, d, layout, codes.ANY, mask)
    if not sh.update_compatible(env.tiles.view(), shared_id, tile, mask, env.tiles.limit):
        raise TileFault(TILE_LEGALITY, f"the load does not match shared register S{shared_id}")
    mem = memory_of(env)
    size = element_bytes(d)
    moves = [(r, c, pe, strided_address(agents[pe][0], r, c, agents[pe][1], d)) for r, c, pe in _selected(tile, mask)]
    for _r, _c, _pe, address in moves:
        mem.probe(address, size, False)
    for r, c, pe, address in moves:
        raw = mem.load(address, size, pe)
        tile.put(tile.index(r, c), loaded_value(raw, d, d.is_packed and c % 2 == 1))
    if mask == sh.FULL_MASK:
        tile.defined_valid = valid_rows * valid_columns
        tile.contents_defined = True
    _update(env, shared_id, tile, mask, True)


def _update(env: Env, shared_id: int, tile: Tile, mask: int, publish: bool) -> None:
    updated = sh.atomic_update(env.tiles.view(), shared_id, tile, mask, publish, env.tiles.limit)
    if updated is None:
        raise TileFault(TILE_LEGALITY, f"the update does not match shared register S{shared_id}")
    env.tiles.set_shared(shared_id, updated)


# ------------------------------------------------------------------ TSTORE
def tstore_shared(env: Env, agents: Agents, shared_id: int, view: Tile, mask: int) -> None:
    """TSTOREShared: each selected PE stores its quarter of the valid rectangle (an
    uninitialized quarter stores the undefined-register value)."""
    if mask == 0:
        return
    mem = memory_of(env)
    d = view.dtype
    size = element_bytes(d)
    shared = env.tiles.shared(shared_id)
    moves = [(r, c, pe, strided_address(agents[pe][0], r, c, agents[pe][1], d)) for r, c, pe in _selected(view, mask)]
    for _r, _c, _pe, address in moves:
        mem.probe(address, size, True)
    for r, c, pe, address in moves:
        value = sh.read_word(shared, shared_id, view.index(r, c))
        if d.is_packed:
            old = mem.peek(address, 1)
            value = (old & 0x0F) | (value & 0xF) << 4 if c % 2 else (old & 0xF0) | (value & 0xF)
        mem.store(address, size, value, pe)


# -------------------------------------------------------------------- TMOV
def tmov_local_to_shared(env: Env, shared_id: int, source: int, size_code: int, mask: int, publish: bool) -> None:
    """TMOVLocalToShared (TMOV.L2S, and the publishing form): the local tile's quarters
    ``mask`` selects into the register; publishing needs the register complete after it."""
    if mask == 0:
        return
    src = env.tiles.allocated(source)
    if not src.contents_defined or src.capacity != codes.size_code_bytes(size_code):
        raise TileError("TMOV.L2S of an undefined source or of another size")
    tile = src.copy()
    tile.location = codes.ANY
    if publish and not sh.prospective_fully_initialized(env.tiles.view(), shared_id, tile, mask, env.tiles.limit):
        raise TileFault(TILE_LEGALITY, f"publishing S{shared_id} needs every quarter initialized")
    _update(env, shared_id, tile, mask, publish)


def tmov_shared_to_local(env: Env, destination: int, shared_id: int, view: Tile, mask: int) -> None:
    """TMOVSharedToLocal: the register's quarters ``mask`` selects into the (new) local
    tile; the tile is defined when all four are copied."""
    if mask == 0:
        return
    dest = env.tiles.allocated(destination)
    if (dest.capacity, dest.rows, dest.columns, dest.valid_rows, dest.valid_columns, dest.layout) != (
            view.capacity, view.rows, view.columns, view.valid_rows, view.valid_columns, view.layout) \
            or dest.dtype is not view.dtype:
        raise TileError("TMOV.S2L's destination does not match the shared descriptor")
    shared = env.tiles.shared(shared_id)
    result = dest.copy()
    for e in range(view.rows * view.columns):
        if sh.pe_selected(mask, sh.region(view, e)):
            result.put(e, sh.read_word(shared, shared_id, e))
    result.contents_defined = mask == sh.FULL_MASK
    if result.contents_defined:
        result.mark_valid_defined()
    env.tiles[destination] = result


# ------------------------------------------------------------------- block
def selected(op: BlockOperation) -> bool:
    """BundleSharedTLSUSelected: a TLSU block with a shared binding, or one of the shared
    functions (TMOV.L2S 9/10, TMOV.S2L 11/12, per-PE TSTORE 14)."""
    d = op.descriptor
    if d is None or not d.valid or d.op_class != 2 or not d.selector_valid:
        return False
    return bool(op.shared) or (d.selector & 0x1F) in (9, 10, 11, 12, 14)


def _agents(env: Env, stride_default: int) -> Agents:
    """Each PE's (base, row stride) from B.IOR RegSrc0/RegSrc1 (its own registers when the
    machine has them), else (0, the dense pitch)."""
    s = env.op.scalar
    if s is None:
        return [(0, stride_default)] * 4
    if env.pe_gprs is not None:
        return [(env.pe_gprs(pe, s.source0), env.pe_gprs(pe, s.source1)) for pe in range(4)]
    read = env.read_gpr
    pair = (read(s.source0), read(s.source1)) if read is not None else (0, 0)
    return [pair] * 4


def _store_shape(env: Env, dims: tuple, shared_id: int) -> tuple[int, int, int]:
    """BundleSharedStoreValidColumns / ValidRows / Columns: a present dimension (0 when out
    of range), else the register's, else 1 (columns: the valid columns)."""
    shared = env.tiles.shared(shared_id)
    t = shared.tile if shared is not None else None

    def dim(k: int, own: int | None, default: int) -> int:
        v = dims[k]
        if v is not None:
            return v if v <= 65535 else 0
        return own if own is not None else default

    vc = dim(0, t.valid_columns if t else None, 1)
    vr = dim(1, t.valid_rows if t else None, 1)
    return vc, vr, dim(2, t.columns if t else None, vc)


def local_schema_legal(env: Env) -> bool:
    """BundleSharedTMOVLocalSchemaLegal (TMOV.L2S)."""
    op = env.op
    if len(op.shared) != 1 or len(op.tiles) != 1:
        return False
    b, s = op.tiles[0], op.shared[0]
    if (b.destination_valid or not b.source0_valid or b.source1_valid or not b.last or b.size != 0
            or not 1 <= s.size <= 12 or b.mask != s.mask):
        return False
    if s.mask == 0:
        return True
    src = env.tiles[b.source0]
    if src is None or not src.legal(env.tiles.limit) or not src.contents_defined or src.capacity != codes.size_code_bytes(s.size):
        return False
    candidate = src.copy()
    candidate.location = codes.ANY
    return sh.update_compatible(env.tiles.view(), s.shared_id, candidate, s.mask, env.tiles.limit)


def destination_schema_legal(env: Env, dims: tuple, shared_id: int, function: int) -> bool:
    """BundleSharedTMOVDestinationSchemaLegal (TMOV.S2L)."""
    from ptodbg.tile.dispatch import data_type, destination_shape, tile_layout

    op = env.op
    if len(op.shared) != 1 or len(op.tiles) != 1:
        return False
    b, s = op.tiles[0], op.shared[0]
    if (not b.destination_valid or b.source0_valid or b.source1_valid or not b.last
            or not codes.local_size_code_legal(b.size) or s.size != 0 or b.mask != s.mask):
        return False
    if s.mask == 0:
        return True
    vr, vc, c = destination_shape(env, dims)
    if vr < 1 or vc < 1 or c < 1 or vc > c:
        return False
    shared = env.tiles.shared(shared_id)
    if not sh.read_schema_legal_at(shared, vr, vc, c, data_type(op), tile_layout(op), codes.size_code_bytes(b.size),
                                   env.tiles.limit):
        return False
    if function == 11:
        return s.mask == sh.FULL_MASK and shared is not None and shared.allocation_mask == sh.FULL_MASK \
            and sh.published(shared)
    return function == 12


def execute_block(env: Env, dims: tuple) -> BlockOperation:
    """ExecuteBundleSharedTLSUOperation: one shared binding; a zero mask is a no-op; the
    function selects TLOAD (0), TSTORE (1, 14), TMOV.L2S (9, 10 publishing) or TMOV.S2L
    (11 published, 12); every rejection is TileLegality before any effect."""
    from ptodbg.tile.dispatch import (
        data_attributes_legal,
        data_type,
        destination_shape,
        masks_legal,
        resolve_destinations,
        scalar_schema_legal,
        tile_layout,
    )

    op = env.op
    d = op.descriptor
    function = d.selector & 0x1F  # type: ignore[union-attr]
    if len(op.shared) != 1:
        raise TileFault(TILE_LEGALITY, "a shared transfer takes exactly one B.IOS binding")
    s = op.shared[0]
    if s.mask == 0:
        return _consumed(op)
    index = ops.decode("TLSU", d.decode_code())  # type: ignore[union-attr]
    if index is None:
        raise TileFault(ILLEGAL, "the block's selector names no TLSU operation")
    dtype = data_type(op)  # TileRegularTLSUDataTypeSupported: every assigned type
    if not scalar_schema_legal(env, index):
        raise TileFault(BUNDLE_CONTROL, "an unused B.IOR field is not zero")
    data_attributes_legal(env, index)
    if function == 0:
        if s.size == 0 or not 1 <= s.size <= 12 or op.tiles:
            raise TileFault(TILE_LEGALITY, "a shared TLOAD names one destination register and no local tile")
        vc, vr, c = (x or 0 for x in dims)
        if not (1 <= vc <= 65535 and 1 <= vr <= 65535 and 1 <= c <= 65535 and vc <= c):
            raise TileFault(TILE_LEGALITY, "a shared TLOAD needs LB0, LB1 and LB2")
        tload_shared(env, s.shared_id, _agents(env, dense_row_stride(c, dtype)), s.size, vr, c, vr, vc, dtype,
                     tile_layout(op), s.mask)
    elif function in (1, 14):
        if not store_mask_legal(function, s.mask) or s.size != 0 or op.tiles:
            raise TileFault(TILE_LEGALITY, "a shared TSTORE names one source register and no local tile")
        vc, vr, c = _store_shape(env, dims, s.shared_id)
        layout = tile_layout(op)
        shared = env.tiles.shared(s.shared_id)
        if vc < 1 or vr < 1 or c < 1 or vc > c or not sh.read_schema_legal(shared, vr, vc, c, dtype, layout,
                                                                                        env.tiles.limit):
            raise TileFault(TILE_LEGALITY, f"the store does not match shared register S{s.shared_id}")
        view = sh.read_view(shared, vr, vc, c, dtype, layout, sh.read_capacity(shared, vr, vc, c, dtype))
        tstore_shared(env, _agents(env, dense_row_stride(c, dtype)), s.shared_id, view, s.mask)
    elif function in (9, 10):
        if not local_schema_legal(env):
            raise TileFault(TILE_LEGALITY, "TMOV.L2S takes one local source and one shared destination")
        tmov_local_to_shared(env, s.shared_id, op.tiles[0].source0, s.size, s.mask, function == 10)
    elif function in (11, 12):
        if not destination_schema_legal(env, dims, s.shared_id, function) or not masks_legal(op):
            raise TileFault(TILE_LEGALITY, "TMOV.S2L takes one shared source and one new local destination")
        b = op.tiles[0]
        vr, vc, c = destination_shape(env, dims)
        shared = env.tiles.shared(s.shared_id)
        view = sh.read_view(shared, vr, vc, c, dtype, tile_layout(op), codes.size_code_bytes(b.size))
        op = resolve_destinations(env, dims)
        env.op = op
        destination = op.tiles[0].destination
        t = env.tiles.allocated(destination)
        if (t.rows, t.columns, t.valid_rows, t.valid_columns, t.layout) != (
                view.rows, view.columns, view.valid_rows, view.valid_columns, view.layout) or t.dtype is not view.dtype:
            raise TileFault(TILE_LEGALITY, "the new local tile does not match the shared descriptor")
        tmov_shared_to_local(env, destination, s.shared_id, view, s.mask)
    else:
        raise TileFault(TILE_LEGALITY, f"TLSU function {function} takes no shared binding")
    return _consumed(op)


def _consumed(op: BlockOperation) -> BlockOperation:
    """ConsumeBundleSharedBindings."""
    return op.replace(shared=tuple(s.replace(consumed=True) for s in op.shared))
