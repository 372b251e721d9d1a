"""Tile memory and data movement: TLOAD, TSTORE, TPREFETCH and the local TMOV.

Sources (pto-spec 0.58.3): ``asl/tile/model/memory/{load-store,addressing,stride,
gather-scatter,shared-movement}.asl``, ``asl/tile/model/legality/memory-schema.asl`` and
``asl/block/model/dispatch/tlsu-prefetch.asl``.

Addresses: element (row, column) of a strided transfer is at ``base + row * stride +
column * element bytes`` (a packed four-bit type: ``column // 2`` bytes, the odd element in
the high nibble of its byte; TileMemoryStridedByteAddress).  Every element of the footprint
is probed (alignment to the element's bytes, then permission) before the first element
moves, so a fault leaves tiles, memory and events as they were; then the elements move in
row-major order, each with its memory event.
"""

from __future__ import annotations

from ptodbg.tile import codes
from ptodbg.tile import legality as lg
from ptodbg.tile.blockop import BUNDLE_CONTROL, TILE_LEGALITY, BlockOperation, TileFault
from ptodbg.tile.codes import MODEL_ELEMENTS, WORD_MASK, DType
from ptodbg.tile.execution import Env, TileUnsupported
from ptodbg.tile.semantics import register
from ptodbg.tile.state import TileError, is_power_of_two


def element_bytes(d: DType) -> int:
    """TileMemoryElementBytes: a packed element moves in its containing byte."""
    return 1 if d.is_packed else d.storage_bytes


def dense_row_stride(columns: int, d: DType) -> int:
    """TileDenseRowStrideBytes: the bytes of ``columns`` elements (packed four-bit
    elements two to a byte)."""
    return (columns + 1) // 2 if d.is_packed else columns * d.storage_bytes


def strided_address(base: int, row: int, column: int, stride: int, d: DType) -> int:
    """TileMemoryStridedByteAddress (modulo 2**64)."""
    offset = column // 2 if d.is_packed else column * d.storage_bytes
    return (base + row * stride + offset) & WORD_MASK


def loaded_value(raw: int, d: DType, high_nibble: bool) -> int:
    """DecodeTileMemoryElementRaw: a nibble, or the element sign- or zero-extended."""
    if d.is_packed:
        return (raw >> 4 if high_nibble else raw) & 0xF
    bits = 8 * element_bytes(d)
    if d.is_signed and raw >> (bits - 1) & 1:
        return (raw - (1 << bits)) & WORD_MASK
    return raw


def memory_of(env: Env):  # noqa: ANN202
    if env.memory is None:
        raise TileUnsupported("a tile memory transfer without a memory")
    return env.memory


def _footprint(t_rows: int, t_columns: int, base: int, stride: int, d: DType) -> list[tuple[int, int, int]]:
    """(row, column, address) of each element of a strided transfer, row-major."""
    return [(r, c, strided_address(base, r, c, stride, d)) for r in range(t_rows) for c in range(t_columns)]


# ------------------------------------------------------------------- TLOAD
def legal_tload(env: Env, destination: int, base: int, stride: int) -> bool:
    """TileOperandsLegal_TLOAD: a legal destination descriptor (every assigned type)."""
    return lg.descriptor_legal(env.tiles, destination)


def execute_tload(env: Env, destination: int, base: int, stride: int) -> None:
    """TLOAD: probe the valid rectangle, then load it; the valid region becomes defined."""
    tile = env.tiles[destination]
    if tile is None:
        raise TileError("TLOAD of an unallocated tile")
    if tile.is_cube and not tile.cube_legal():
        raise TileError("TLOAD of a CUBE tile whose descriptor is not legal")
    d = tile.dtype
    size = element_bytes(d)
    mem = memory_of(env)
    footprint = _footprint(tile.valid_rows, tile.valid_columns, base, stride, d)
    for _r, _c, address in footprint:
        mem.probe(address, size, False)
    result = tile.copy()
    for r, c, address in footprint:
        raw = mem.load(address, size)
        result.put(result.index(r, c), loaded_value(raw, d, d.is_packed and c % 2 == 1))
    result.mark_valid_defined()
    if result.is_cube:  # a CUBE tile's padding takes the block's pad value
        result.apply_padding(env.pad_value())
    env.tiles[destination] = result


# ------------------------------------------------------------------ TSTORE
def legal_tstore(env: Env, base: int, stride: int, source: int) -> bool:
    """TileOperandsLegal_TSTORE."""
    return lg.descriptor_legal(env.tiles, source)


def execute_tstore(env: Env, base: int, stride: int, source: int) -> None:
    """TSTORE: probe the valid rectangle for writing, then store it (a packed element
    rewrites its nibble of the containing byte)."""
    tile = env.tiles[source]
    if tile is None or not tile.contents_defined:
        raise TileError("TSTORE of an unallocated or undefined tile")
    if tile.is_cube and not tile.cube_legal():
        raise TileError("TSTORE of a CUBE tile whose descriptor is not legal")
    d = tile.dtype
    size = element_bytes(d)
    mem = memory_of(env)
    footprint = _footprint(tile.valid_rows, tile.valid_columns, base, stride, d)
    for _r, _c, address in footprint:
        mem.probe(address, size, True)
    for r, c, address in footprint:
        value = tile.values[tile.index(r, c)]
        if d.is_packed:
            old = mem.peek(address, 1)
            value = (old & 0x0F) | (value & 0xF) << 4 if c % 2 else (old & 0xF0) | (value & 0xF)
        mem.store(address, size, value)


# --------------------------------------------------------------- TPREFETCH
def legal_tprefetch(env: Env, base: int, stride: int, valid_columns: int, valid_rows: int, columns: int,
                    d: DType | None = None) -> bool:
    """TileOperandsLegal_TPREFETCH."""
    shape = valid_columns <= columns and is_power_of_two(columns) and valid_rows * valid_columns <= MODEL_ELEMENTS
    return shape and (d is None or codes.carrier_only(d) or d.is_packed)


def prefetch(env: Env, agents: list[tuple[int | None, int, int]], valid_columns: int, valid_rows: int,
             d: DType) -> None:
    """TPREFETCHCore: for each participating PE (agent, base, row stride in elements) the
    elements of a valid_rows x valid_columns rectangle; every element of every PE is probed
    before the first load event."""
    mem = memory_of(env)
    size = element_bytes(d)
    addresses = []
    for agent, base, stride in agents:
        for r in range(valid_rows):
            for c in range(valid_columns):
                index = (r * stride + c) & WORD_MASK  # TileMemoryStridedIndex
                offset = index >> 1 if d.is_packed else index * d.storage_bytes  # TileMemoryIndexedAddress
                address = (base + offset) & WORD_MASK
                mem.probe(address, size, False)
                addresses.append((agent, address))
    for agent, address in addresses:
        mem.load(address, size, agent)


def execute_tprefetch(env: Env, base: int, stride: int, valid_columns: int, valid_rows: int, columns: int,
                      d: DType | None = None) -> None:
    """TPREFETCH / TPREFETCHAllPEs: the same base and stride on every PE (the direct form)."""
    if not legal_tprefetch(env, base, stride, valid_columns, valid_rows, columns):
        raise TileError("TPREFETCH's shape is not legal")
    dtype = d if d is not None else env_data_type(env)
    prefetch(env, [(agent, base, stride) for agent in range(4)], valid_columns, valid_rows, dtype)


def env_data_type(env: Env) -> DType:
    desc = env.op.descriptor
    got = codes.dtype_of_code(desc.dtype) if desc is not None else None
    if got is None:
        raise TileError("the block has no concrete data type")
    return got


def execute_prefetch_block(env: Env, dims: tuple) -> BlockOperation:
    """ExecuteBundleTPREFETCHOperation: no tile bindings, B.IOR's RegSrc0/RegSrc1 as base
    and row stride (the stride defaults to the physical columns), the TLOAD dimension
    defaults.  With the four PEs' registers (``env.pe_gprs``) every PE prefetches from its
    own base and stride; a machine that models one PE prefetches for it alone."""
    from ptodbg.tile.dispatch import bindings_complete, data_attributes_legal, gpr_values_legal

    op = env.op
    index = op.operation()
    assert index is not None
    d = env_data_type(env)
    if not (codes.carrier_only(d) or d.is_packed):
        raise TileFault(TILE_LEGALITY, f"TPREFETCH does not take {d.name}")
    if op.tiles or op.shared or not bindings_complete(env, index) or not gpr_values_legal(env, index) \
            or not _prefetch_dims_legal(dims):
        raise TileFault(TILE_LEGALITY, "TPREFETCH takes no tile bindings and legal dimensions")
    data_attributes_legal(env, index)
    vc, vr, columns = _prefetch_shape(dims)
    s = op.scalar
    if env.pe_gprs is not None:
        read = env.pe_gprs
        agents = [(pe, read(pe, s.source0), read(pe, s.source1)) if s is not None else (pe, 0, columns)
                  for pe in range(4)]
    elif s is not None and env.read_gpr is not None:
        agents = [(None, env.read_gpr(s.source0), env.read_gpr(s.source1))]
    else:
        agents = [(None, 0, columns)]
    prefetch(env, agents, vc, vr, d)  # type: ignore[arg-type]
    return op


def _prefetch_shape(dims: tuple) -> tuple[int, int, int]:
    """BundleDestinationValidColumns/ValidRows/PhysicalColumns with no shape source."""
    lb0, lb1, lb2 = (x or 0 for x in dims)
    vc = lb0 if 1 <= lb0 <= 65535 else 1
    vr = lb1 if 1 <= lb1 <= 65535 else 1
    columns = lb2 if 1 <= lb2 <= 65535 else vc
    return vc, vr, columns


def _prefetch_dims_legal(dims: tuple) -> bool:
    """BundleTPREFETCHDimensionsLegal: a present dimension is 1..65535."""
    if any(x is not None and not 1 <= x <= 65535 for x in dims):
        return False
    vc, vr, columns = _prefetch_shape(dims)
    return vc <= columns and is_power_of_two(columns) and vr * vc <= MODEL_ELEMENTS


# -------------------------------------------------------------------- TMOV
def legal_tmov(env: Env, destination: int, source: int) -> bool:
    """TileOperandsLegal_TMOV."""
    return lg.shape_and_type_match(env.tiles, destination, source)


def execute_tmov(env: Env, destination: int, source: int) -> None:
    """TMOV (local to local): the destination takes the source's payload and definedness."""
    src, dst = env.tiles[source], env.tiles[destination]
    if src is None or dst is None:
        raise TileError("TMOV of an unallocated tile")
    result = dst.copy()
    result.values = src.values[:]
    result.defined = src.defined[:]
    result.defined_valid = src.defined_valid
    result.contents_defined = src.contents_defined
    env.tiles[destination] = result


register("TLOAD", legal_tload, execute_tload)
register("TSTORE", legal_tstore, execute_tstore)
register("TPREFETCH", legal_tprefetch, execute_tprefetch)
register("TMOV", legal_tmov, execute_tmov)

__all__ = ["BUNDLE_CONTROL", "execute_prefetch_block"]
