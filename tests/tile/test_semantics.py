"""Tile operation semantics (ptodbg.tile.semantics, issue 29 item 3), run on a workspace
over real tile files and, for memory, a real machine's memory: each expected value is the
spec's rule for the case, with the ASL file it comes from."""

from __future__ import annotations

import pytest

from ptodbg.core import Machine, reference
from ptodbg.core.semantics.tilecommit import tile_env
from ptodbg.tile import codes
from ptodbg.tile import shared as sh
from ptodbg.tile import state as ts
from ptodbg.tile.blockop import EMPTY
from ptodbg.tile.execution import Env, Workspace
from ptodbg.tile.semantics import handlers

H = handlers()
ROW = codes.ROW_MAJOR
MASK64 = (1 << 64) - 1


def tile(values: list[int], d: codes.DType, valid_rows: int, valid_columns: int, columns: int | None = None,
         capacity: int = 128) -> ts.Tile:
    """A tile whose valid region (``valid_rows`` x ``valid_columns`` of ``columns`` physical
    columns) holds ``values`` row by row, all defined."""
    t = ts.numeric_tile(capacity, columns or valid_columns, valid_rows, valid_columns, d, ROW, codes.ANY, 0b1000)
    for k, v in enumerate(values):
        t.write(k // valid_columns, k % valid_columns, v)
    assert t.contents_defined
    return t


def blank(d: codes.DType, valid_rows: int, valid_columns: int, columns: int | None = None,
          capacity: int = 128) -> ts.Tile:
    return ts.numeric_tile(capacity, columns or valid_columns, valid_rows, valid_columns, d, ROW, codes.ANY, 0b1000)


def env(**tiles: ts.Tile) -> Env:
    """An environment whose registers T<n> hold the given tiles (``t3=...``)."""
    f = ts.EMPTY
    for name, t in tiles.items():
        f = f.with_local(int(name[1:]), t)
    return Env(Workspace(f), EMPTY)


def valid(t: ts.Tile) -> list[int]:
    return [t.values[t.index(r, c)] for r in range(t.valid_rows) for c in range(t.valid_columns)]


def run(e: Env, handler: str, *args: object) -> None:
    h = H[handler]
    assert h.legal(e, *args)
    h.execute(e, *args)


# ----------------------------------------------------------------- elementwise
def test_integer_add_wraps_in_the_element_and_keeps_the_carrier_form():
    # asl/tile/model/execution/elementwise.asl: integer results are taken modulo the element
    # width and held as the type's carrier (NormalizeTileInteger: signed types sign-extended)
    e = env(t0=tile([200, 100, 1, 255], codes.U8, 1, 4), t1=tile([100, 200, 1, 1], codes.U8, 1, 4),
            t2=blank(codes.U8, 1, 4))
    run(e, "ExecuteTileBinary", "ADD", 2, 0, 1)
    assert valid(e.tiles[2]) == [44, 44, 2, 0] and e.tiles[2].contents_defined
    s8 = (-56) & MASK64
    e = env(t0=tile([100, 1], codes.S8, 1, 2), t1=tile([100, 1], codes.S8, 1, 2), t2=blank(codes.S8, 1, 2))
    run(e, "ExecuteTileBinary", "ADD", 2, 0, 1)
    assert valid(e.tiles[2]) == [s8, 2]


def test_the_source_snapshot_is_read_before_the_destination_is_written():
    # every operation reads its sources whole before the first destination write: a
    # destination that is also a source sees the old values
    e = env(t0=tile([1, 2, 3, 4], codes.U32, 2, 2))
    run(e, "ExecuteTileBinary", "MUL", 0, 0, 0)
    assert valid(e.tiles[0]) == [1, 4, 9, 16]


def test_integer_division_by_a_zero_element_is_not_legal():
    # asl/tile/model/legality/operand-schema.asl TileOperandsLegal_ExecuteTileBinary: DIV and
    # REM of an integer type need a nonzero divisor payload (TilePayloadNonzero)
    e = env(t0=tile([7, 9], codes.S32, 1, 2), t1=tile([2, 0], codes.S32, 1, 2), t2=blank(codes.S32, 1, 2))
    assert not H["ExecuteTileBinary"].legal(e, "DIV", 2, 0, 1)
    e = env(t0=tile([7, (-9) & MASK64], codes.S32, 1, 2), t1=tile([2, 2], codes.S32, 1, 2),
            t2=blank(codes.S32, 1, 2))
    run(e, "ExecuteTileBinary", "DIV", 2, 0, 1)
    assert valid(e.tiles[2]) == [3, (-4) & MASK64]  # ScalarDivideSigned truncates toward zero


def test_padding_takes_the_block_pad_value():
    # asl/tile/model/definedness/elements.asl TileWithPadding: Max pads an unsigned type
    # with its largest value and defines the padding; Null leaves it undefined
    e = env(t0=tile([1, 2], codes.U16, 1, 2), t1=tile([3, 4], codes.U16, 1, 2), t2=blank(codes.U16, 1, 2))
    e.op = EMPTY.with_datr(26, 0, 0b01, 0, 0, False, False)
    run(e, "ExecuteTileBinary", "ADD", 2, 0, 1)
    t = e.tiles[2]
    pad = t.index(1, 0)
    assert t.values[pad] == 0xFFFF and t.is_defined(pad)


# ------------------------------------------------------------ reduce and expand
def test_row_sum_column_max_and_arg_max():
    # asl/tile/model/execution/reduction.asl: a row reduction gives one value per row, a
    # column reduction one per column; ARGMAX gives the first index of the maximum (U32)
    src = tile([1, 5, 2, 7, 0, 7], codes.U32, 2, 3, columns=4)
    e = env(t0=src, t1=blank(codes.U32, 2, 1, columns=1))
    run(e, "ExecuteTileReduction", "SUM", "Row", 1, 0)
    assert [e.tiles[1].values[e.tiles[1].index(r, 0)] for r in range(2)] == [8, 14]
    e = env(t0=src, t1=blank(codes.U32, 1, 3, columns=4))
    run(e, "ExecuteTileReduction", "MAX", "Column", 1, 0)
    assert valid(e.tiles[1]) == [7, 5, 7]
    e = env(t0=src, t1=blank(codes.U32, 2, 1, columns=1))
    run(e, "ExecuteTileReduction", "ARGMAX", "Row", 1, 0)
    assert [e.tiles[1].values[e.tiles[1].index(r, 0)] for r in range(2)] == [1, 0]


def test_row_expand_add_broadcasts_a_column():
    # asl/tile/model/execution/expansion.asl: row expansion combines every element of a row
    # with that row's broadcast value
    e = env(t0=tile([1, 2, 3, 4], codes.S32, 2, 2), t1=tile([10, 20], codes.S32, 2, 1),
            t2=blank(codes.S32, 2, 2))
    run(e, "ExecuteTileExpand", "ADD", "Row", 2, 0, 1)
    assert valid(e.tiles[2]) == [11, 12, 23, 24]


# ---------------------------------------------------------------------- TCVT
@pytest.mark.parametrize(("saturating", "expected"), [(False, [0xFF, 0x2C, 7]), (True, [0, 0xFF, 7])])
def test_tcvt_between_integer_types_wraps_or_saturates(saturating, expected):
    # asl/tile/model/numeric/formats.asl TileConvertIntegerValue: the source's value
    # truncated into the destination, or clamped to its range under Sat
    # TileOperandsLegal_TCVT: equal Row and Col, so each side's capacity holds 32 x 4
    e = env(t0=tile([MASK64, 300, 7], codes.S32, 1, 3, columns=4, capacity=512), t1=blank(codes.U8, 1, 3, columns=4))
    run(e, "TCVT", 1, 0, ("RNE", saturating))
    assert valid(e.tiles[1]) == expected


def test_tcvt_to_e8m0_rounds_the_exponent_and_the_reference_profile_keeps_carriers():
    # asl/arch/profile/e8m0-conversion.asl ReferenceFloatToE8M0: 2.0 -> code 128, 3.0 ties to
    # even -> 2^2 (code 129) with NX, negative -> 0xFF with NV; TileProfileConvert keeps a
    # floating carrier for a floating destination other than E8M0
    fp32 = [0x40000000, 0x40400000, 0xBF800000, 0x3F800000]
    e = env(t0=tile(fp32, codes.FP32, 1, 4, capacity=512), t1=blank(codes.E8M0, 1, 4))
    run(e, "TCVT", 1, 0, ("RNE", False))
    assert valid(e.tiles[1]) == [128, 129, 0xFF, 127]
    assert e.flags == 0x01 | 0x10  # NV (the negative source) | NX (3.0)
    e = env(t0=tile(fp32, codes.FP32, 1, 4, capacity=512), t1=blank(codes.FP16, 1, 4, capacity=256))
    run(e, "TCVT", 1, 0, ("RNE", False))
    assert valid(e.tiles[1]) == fp32 and e.flags == 0


def test_tcvt_needs_a_supported_e8m0_source():
    # asl/arch/profile/e8m0-conversion.asl HardwareTCVTTypePairSupported: FP16, BF16 or FP32
    e = env(t0=tile([1, 2], codes.S32, 1, 2, capacity=512), t1=blank(codes.E8M0, 1, 2),
            t2=tile([0x3F800000, 0x40000000], codes.FP32, 1, 2, capacity=512))
    assert e.tiles[0].rows == e.tiles[1].rows == 64
    assert not H["TCVT"].legal(e, 1, 0, ("RNE", False)) and H["TCVT"].legal(e, 1, 2, ("RNE", False))


# -------------------------------------------------------------------- layout
def test_ttrans_swaps_rows_and_columns():
    # asl/tile/layout-and-rearrangement/.../TTRANS.asl: destination (c, r) = source (r, c)
    e = env(t0=tile([1, 2, 3, 4, 5, 6], codes.U32, 2, 3, columns=4), t1=blank(codes.U32, 3, 2))
    run(e, "TTRANS", 1, 0)
    assert valid(e.tiles[1]) == [1, 4, 2, 5, 3, 6]


# -------------------------------------------------------------------- memory
def memory_env(data: bytes, *tiles: tuple[int, ts.Tile]) -> tuple[Machine, Env]:
    m = Machine(reference())
    m.mem.poke(0x800, data)
    for index, t in tiles:
        m.tiles = m.tiles.with_local(index, t)
    return m, tile_env(m, EMPTY)


def test_tload_of_a_four_bit_type_takes_the_low_nibble_first():
    # asl/tile/model/memory/addressing.asl TileMemoryStridedByteAddress: column c of a
    # four-bit type is in byte c / 2, an odd column in the high nibble
    _m, e = memory_env(bytes([0x21, 0x43]), (0, blank(codes.U4X2, 1, 4, columns=32)))
    run(e, "TLOAD", 0, 0x800, 16)
    assert valid(e.tiles[0]) == [1, 2, 3, 4] and e.tiles[0].contents_defined


def test_tstore_of_a_four_bit_type_rewrites_only_its_nibble():
    m, e = memory_env(bytes([0xAB]), (0, tile([5], codes.U4X2, 1, 1, columns=32)))
    run(e, "TSTORE", 0x800, 16, 0)
    assert m.mem.peek(0x800, 1) == bytes([0xA5])


def test_a_tload_probe_fault_leaves_the_tile_and_memory_events_alone():
    # asl/tile/model/memory/load-store.asl: every element is probed before the first moves
    m, e = memory_env(bytes(16), (0, blank(codes.U64, 2, 2)))
    m.mem.set_capture(True)
    from ptodbg.core.faults import Fault
    with pytest.raises(Fault) as f:
        H["TLOAD"].execute(e, 0, 0x800, 0x10000)  # the second row is beyond memory
    assert f.value.arg == 0x10800 and not m.mem.events and e.tiles.changes == {}


# ------------------------------------------------------------------- shared
def test_shared_quarters_initialize_one_pe_at_a_time():
    # asl/tile/model/state/shared-registers.asl: an element's quarter is its byte offset
    # times four over the capacity (SharedTileElementRegion); a quarter not yet written
    # reads shared_id XOR element (UndefinedSharedTileWord); the contents are defined once
    # every allocated quarter is
    t = tile(list(range(100, 116)), codes.U64, 1, 16)
    assert [sh.region(t, e) for e in (0, 3, 4, 15)] == [0, 0, 1, 3]
    f = ts.EMPTY
    first = sh.atomic_update(f, 9, t, 0b1111, True)
    assert first.initialized_mask == first.allocation_mask == 0b1111 and sh.published(first)
    # a register allocated for four PEs with only PE0's quarter written (elements 0..3):
    # the other quarters read the undefined value
    f = f.with_shared(9, ts.SharedTile(t.copy(), 0b1111, 0b1000))
    s = f.shared[9]
    assert sh.read_word(s, 9, 2) == 102 and sh.read_word(s, 9, 6) == 9 ^ 6
    assert not sh.fully_initialized(s)
    later = sh.atomic_update(f, 9, t, 0b0111, True)
    assert later.initialized_mask == 0b1111 and later.tile.contents_defined and later.published


def test_a_shared_update_must_match_the_register_descriptor():
    t = tile(list(range(16)), codes.U64, 1, 16)
    f = ts.EMPTY.with_shared(3, sh.atomic_update(ts.EMPTY, 3, t, 0b1100, True))
    other = tile(list(range(16)), codes.U32, 1, 16)
    assert not sh.update_compatible(f, 3, other, 0b1100)  # another type
    assert not sh.update_compatible(f, 3, t, 0b0010)  # a PE the register is not allocated for
    assert sh.update_compatible(f, 3, t, 0b0100)


# --------------------------------------------------------------------- CUBE
def test_cube_n8_cells_are_k_fast_then_n():
    # asl/tile/model/shape/cube-cell.asl (AVS PTO-AVS-TILE-CUBE-CELL-ORDER-003): a 13 x 19
    # FP16 B operand has 2 K repeats and 3 N repeats (6 cells); payload index of (8, 0) is
    # 64, of (0, 8) 128, of (12, 18) 340
    t = ts.cube_tile(1024, 13, 19, codes.FP16, codes.CUBE_N8, codes.MATRIX, 1)
    assert t.cube[:3] == (2, 3, 6) and t.cube_legal()
    assert [t.cube_index(r, c) for r, c in ((0, 0), (8, 0), (0, 8), (12, 18))] == [0, 64, 128, 340]
