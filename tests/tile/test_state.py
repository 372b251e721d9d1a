"""Tile registers as machine state (ptodbg.tile.state): descriptor shapes, element
indexing, packed carriers, definedness and padding, each with the spec file it follows,
and the tile file as a part of the machine's snapshots."""

from __future__ import annotations

import pytest

from ptodbg.core import Machine, reference
from ptodbg.tile import codes
from ptodbg.tile import state as ts


def test_derived_rows_follow_capacity_columns_and_width():
    # asl/tile/model/shape/rows-columns.asl DerivedTileRows: capacity bits / row bits, exact
    assert ts.derived_rows(128, 2, codes.U64) == 8
    assert ts.derived_rows(256, 4, codes.U16) == 32
    assert ts.derived_rows(128, 3, codes.U64) == 0  # columns must be a power of two
    assert ts.derived_rows(128, 32, codes.U64) == 0  # a row wider than the capacity
    assert ts.derived_rows(128, 16, codes.U4X2) == 16


def test_row_major_column_major_and_fractal_indices():
    # asl/tile/model/definedness/elements.asl TileLinearIndex
    t = ts.numeric_tile(128, 4, 4, 4, codes.U64, codes.ROW_MAJOR, codes.ANY, 1)
    assert (t.rows, t.index(1, 2)) == (4, 6)
    t = ts.numeric_tile(128, 4, 4, 4, codes.U64, codes.COLUMN_MAJOR, codes.ANY, 1)
    assert t.index(1, 2) == 2 * 4 + 1
    # ZN over S32: 16-row fractals of 8 elements; (17, 9) is block (1, 1) of a 32x16 tile
    t = ts.numeric_tile(2048, 16, 32, 16, codes.S32, codes.ZN, codes.ANY, 1)
    assert t.rows == 32 and t.generic_indexing()
    assert t.index(17, 9) == (1 * 2 + 1) * 128 + 1 * 16 + 1
    t = ts.numeric_tile(2048, 16, 32, 16, codes.S32, codes.NZ, codes.ANY, 1)
    assert t.index(17, 9) == (1 * 2 + 1) * 128 + 1 * 8 + 1
    # a fractal layout whose rows are not a multiple of 16 has no generic index
    small = ts.numeric_tile(128, 8, 4, 8, codes.S32, codes.ZN, codes.ANY, 1)
    assert not small.generic_indexing() and not small.legal()
    with pytest.raises(ts.TileError):
        small.index(0, 0)


def test_packed_tiles_keep_element_bits_and_rebuild_carriers():
    # asl/tile/model/definedness/packed-boundary.asl: a four-bit tile packs sixteen elements
    # into one carrier word, element k in bits 4k+3:4k
    t = ts.numeric_tile(128, 16, 16, 16, codes.U4X2, codes.ROW_MAJOR, codes.ANY, 1)
    assert t.packed
    t.write(0, 0, 0x1F)  # only the low nibble is kept
    t.write(0, 1, 0x2)
    t.write(0, 15, 0xA)
    assert t.element(0) == 0xF and t.carrier(0) == 0xA << 60 | 0x2 << 4 | 0xF
    wide = ts.numeric_tile(65536, 32, 2048, 32, codes.U8, codes.ROW_MAJOR, codes.ANY, 1)
    assert wide.packed  # 65,536 elements need more than 32,768 carriers


def test_write_tile_element_counts_defined_valid_elements():
    # asl/tile/model/definedness/elements.asl WriteTileElement: contents_defined once every
    # valid element is defined; an element outside the valid region does not count
    t = ts.numeric_tile(128, 2, 1, 2, codes.U64, codes.ROW_MAJOR, codes.ANY, 1)
    t.write(5, 1, 9)
    assert t.defined_valid == 0 and not t.contents_defined
    t.write(0, 0, 1)
    t.write(0, 0, 2)  # rewriting a defined element does not count twice
    assert t.defined_valid == 1 and not t.contents_defined
    t.write(0, 1, 3)
    assert t.contents_defined and t.element(t.index(0, 0)) == 2


def test_padding_defines_all_but_null():
    # asl/tile/model/definedness/elements.asl TileWithPadding
    t = ts.numeric_tile(128, 2, 1, 1, codes.S16, codes.ROW_MAJOR, codes.ANY, 1)
    t.apply_padding(codes.PAD_MIN)
    assert t.is_defined(t.index(0, 1)) and t.element(t.index(0, 1)) == 0x8000
    assert not t.is_defined(t.index(0, 0))
    t.apply_padding(codes.PAD_NULL)
    assert not t.is_defined(t.index(31, 1))


def test_capacity_in_use_counts_each_pe():
    # asl/tile/model/capacity/local.asl TileCapacityInUse: capacity times the mask's PEs
    f = ts.EMPTY.with_local(3, ts.numeric_tile(1024, 8, 1, 8, codes.U64, codes.ROW_MAJOR, codes.ANY, 0b1111))
    f = f.with_local(9, ts.numeric_tile(128, 2, 1, 2, codes.U64, codes.ROW_MAJOR, codes.ANY, 0b0001))
    assert f.local_in_use() == 4 * 1024 + 128 and f.local_in_use(excluded=3) == 128
    assert f.in_use() == f.local_in_use()


def test_tile_state_is_part_of_a_snapshot_and_shared_between_them():
    m = Machine(reference())
    before = m.snapshot()
    t = ts.numeric_tile(128, 2, 1, 2, codes.U64, codes.ROW_MAJOR, codes.ANY, 1)
    t.write(0, 0, 7)
    m.tiles = m.tiles.with_local(4, t)
    after = m.snapshot()
    m.restore(before)
    assert m.tiles[4] is None
    m.restore(after)
    assert m.tiles[4] is t and m.tiles[4].element(0) == 7
    again = m.snapshot()
    assert again.moving is after.moving  # nothing changed: the previous snapshot's tuple is shared
    m.reset()
    assert m.tiles.empty
