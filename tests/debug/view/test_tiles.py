"""Tiles in the View and the JSON state (docs/interfaces.md §12): the allocated tiles and
the open block's operation, elements decoded by type, what changed since the previous
stop, and the memory a tile block moves, on the assembled tile programs
(tests/programs/tile_add.s, tile_store_fault.s).

Facts from the spec: a TLOAD destination of size code 1 holds 128 bytes per PE
(TileSizeCodeBytes), so a 4-column S32 tile has 8 physical rows (DerivedTileRows,
``asl/tile/model/state/descriptors.asl``) of which B.DIM's 4 are valid; PEMode 1 is the
mask 0b1000 (PTOv0PEMaskOfPEMode, ``asl/block/model/schema/profile-encoding.asl``); a TLOAD
defines the valid region only (``asl/tile/memory-and-data-movement/regular/TLOAD.asl``);
TADD's selector is Mode 0, Function 0 on VEC (its decode section); a strided element
(r, c) is at base + r * stride + c * bytes (TileMemoryStridedByteAddress,
``asl/tile/model/memory/addressing.asl``)."""

from __future__ import annotations

import math

import pytest
from support.tile_programs import ADD_A, ADD_B, ADD_SUM, FAULT_SUM, TILE_ADD, TILE_STORE_FAULT

from ptodbg.debug.files.program import open_debugger
from ptodbg.debug.view.capture import Viewer
from ptodbg.debug.view.jsonstate import state
from ptodbg.debug.view.tiles import element_text, parse_value
from ptodbg.tile.dtypes import DataType


def _at(path, location):
    dbg = open_debugger(path)
    viewer = Viewer(dbg)
    dbg.until(location)
    viewer.capture()  # the previous stop of the views the test takes
    return dbg, viewer


def test_a_program_without_tiles_has_none_and_no_operation():
    dbg = open_debugger(TILE_ADD.parent / "dma_copy.s")
    dbg.step(3)
    view = Viewer(dbg).capture()
    assert view.tiles == () and view.operation is None and view.tile_transfer is None
    got = state(Viewer(dbg).capture())
    assert (got["tiles"], got["operation"]) == ([], None)


def test_the_loaded_tiles_and_the_open_tadd_in_the_json_state():
    dbg, viewer = _at(TILE_ADD, "add")
    dbg.step(3)  # BSTART.VEC TADD, the two B.DIMs: the header's B.IOT and the BSTOP are next
    dbg.step()  # B.IOT
    got = state(Viewer(dbg).capture())
    assert [t["index"] for t in got["tiles"]] == [0, 1]
    t0 = got["tiles"][0]
    assert {k: t0[k] for k in ("rows", "columns", "valid_rows", "valid_columns", "dtype", "layout", "pe_mask",
                               "defined", "capacity", "defined_elements", "kind")} == {
        "rows": 8, "columns": 4, "valid_rows": 4, "valid_columns": 4, "dtype": "s32", "layout": "RowMajor",
        "pe_mask": 0b1000, "defined": True, "capacity": 128, "defined_elements": 16, "kind": "numeric"}
    assert got["operation"] == {"name": "TADD", "engine": "VEC", "dtype": "s32", "bindings": {
        "tiles": [{"sources": [0, 1], "destination": "U", "size": 128, "pe_mask": 0b1000, "last": True}],
        "scalar": None, "shared": []}}
    dbg.step()  # the BSTOP commits TADD: the block closes, tile 16 (U#1) holds the sum
    got = state(Viewer(dbg).capture())
    assert got["operation"] is None and [t["index"] for t in got["tiles"]] == [0, 1, 16]
    view = viewer.capture()
    assert view.tiles_changed == {16}
    t16 = view.tile(16)
    assert [int(t16.text(r, c)) for r in range(4) for c in range(4)] == ADD_SUM
    assert t16.element(0, 0) == (11, True) and t16.element(4, 0) == (0, False)  # padding rows: undefined
    assert t16.text(1, 2) == "-2147483648" and t16.text(1, 2, "x") == "0x80000000"  # 2147483647 + 1 wraps
    assert view.tile_before(16) is None
    changed = t16.changed_from(view.tile_before(16))
    assert changed(0, 0) and changed(7, 3)  # a new allocation: every element is new


def test_the_tstore_footprint_is_highlighted_before_and_after():
    dbg, viewer = _at(TILE_ADD, "store")
    dbg.step(3)  # BSTART.TSTORE, B.IOR, B.IOT: at the BSTOP
    view = viewer.capture()
    result = dbg.symbols.lookup("cross_model_result")
    t = view.tile_transfer
    assert (t.when, t.name, t.src, t.dst) == ("next", "TSTORE", (), ((result, result + 64),))
    assert view.operation.scalar_sources == ("a3", "a1", "zero")  # B.IOR base, stride
    dbg.step()
    view = viewer.capture()
    t = view.tile_transfer
    assert (t.when, t.src, t.dst) == ("done", (), ((result, result + 64),))
    assert len(view.events) == 16 and view.tiles_changed == frozenset()


def test_the_tload_footprint_follows_the_row_stride():
    dbg, viewer = _at(TILE_ADD, "load_a")
    dbg.step(5)  # at load_a's BSTOP
    view = viewer.capture()
    a = dbg.symbols.lookup("tile_a")
    assert view.tile_transfer.src == ((a, a + 64),) and view.tile_transfer.when == "next"
    dbg.step()
    view = viewer.capture()
    assert [e.address for e in view.events] == [a + 16 * r + 4 * c for r in range(4) for c in range(4)]
    assert [int(view.tile(0).text(r, c)) for r in range(4) for c in range(4)] == ADD_A


def test_a_faulting_tstore_is_shown_faulted_with_its_whole_footprint():
    dbg, viewer = _at(TILE_STORE_FAULT, "store")
    dst = dbg.symbols.lookup("dst")
    dbg.set_perms(dst + 32, 32, "r--")
    stop = dbg.cont()
    assert stop.status == "trap" and stop.trap.number == 35 and stop.trap.arg0 == dst + 32
    view = viewer.capture()
    assert view.tile_transfer.when == "faulted" and view.tile_transfer.dst == ((dst, dst + 64),)
    assert view.memory.read(dst, 64) == bytes(64) and view.events == ()
    assert view.tiles_changed == frozenset() and view.operation.name == "TSTORE"
    dbg.set_perms(dst + 32, 32, "rw-")
    dbg.recover()
    dbg.step()
    view = viewer.capture()
    assert len(view.events) == 32 and view.tile_transfer.when == "done"
    assert view.memory.read(dst, 64) == b"".join(v.to_bytes(2, "little") for v in FAULT_SUM)


def test_the_json_state_is_the_same_for_every_client_path():
    dbg, _ = _at(TILE_ADD, "cross_model_stop")
    got = state(Viewer(dbg).capture())
    assert bytes.fromhex(got["result"]) == b"".join((v & 0xFFFFFFFF).to_bytes(4, "little") for v in ADD_SUM)
    assert [t["index"] for t in got["tiles"]] == [0, 1, 16] and got["operation"] is None
    assert ADD_B[6] == 1  # (the wrap above is 2147483647 + 1)


# ------------------------------------------------------- element text
@pytest.mark.parametrize(("dtype", "raw", "text"), [
    (DataType.FP16, 0x3E00, "1.5"), (DataType.FP16, 0x8000, "-0"), (DataType.FP16, 0x7C00, "inf"),
    (DataType.FP16, 0xFC00, "-inf"), (DataType.FP16, 0x7E00, "nan"), (DataType.FP16, 0x2E66, "0.1"),
    (DataType.FP32, 0x3DCCCCCD, "0.1"), (DataType.BF16, 0x3FC0, "1.5"), (DataType.FP64, 0x3FF0000000000000, "1"),
    (DataType.E8M0, 127, "1"), (DataType.E4M3, 0x38, "1"), (DataType.S8, 0xFF, "-1"), (DataType.U8, 0xFF, "255"),
    (DataType.S64, 1 << 63, str(-(1 << 63))), (DataType.U4X2, 0xF, "15"), (DataType.S4X2, 0x8, "-8"),
    (DataType.TF32, 0x3F800001, "?0x3f800001"),  # TF32's low 13 carrier bits must be zero
])
def test_an_element_reads_as_its_type(dtype, raw, text):
    # FP16 0x3E00 = 1.5, 0x2E66 the binary16 nearest 0.1; E8M0 127 = 2^0; E4M3 0x38 = 1.0
    # (asl/arch/data-types/*): the shortest decimal that reads back to the same bits
    assert element_text(dtype, raw) == text


def test_raw_and_integer_formats():
    assert element_text(DataType.S16, 0xFFFE, "x") == "0xfffe"
    assert element_text(DataType.S16, 0xFFFE, "d") == "-2" and element_text(DataType.S16, 0xFFFE, "u") == "65534"
    assert element_text(DataType.FP32, 0x3F800000, "x") == "0x3f800000"


def test_values_are_read_by_the_tiles_type():
    def evaluate(text):
        return int(text, 0)

    assert parse_value(DataType.FP16, "1.5", evaluate, False) == 0x3E00
    assert parse_value(DataType.FP16, "-0", evaluate, False) == 0x8000
    assert parse_value(DataType.FP16, "0x3c00", evaluate, False) == 0x3C00  # raw bits
    assert parse_value(DataType.BF16, "inf", evaluate, False) == 0x7F80
    assert math.isnan(float(element_text(DataType.FP32, parse_value(DataType.FP32, "nan", evaluate, False))))
    assert parse_value(DataType.S8, "-128", evaluate, False) == 0x80
    assert parse_value(DataType.S8, "0xff", evaluate, True) == 0xFF
    with pytest.raises(ValueError, match=r"does not fit in S8 \(-128..127\)"):
        parse_value(DataType.S8, "128", evaluate, False)
    with pytest.raises(ValueError, match="is not a number"):
        parse_value(DataType.FP32, "one", evaluate, False)
    with pytest.raises(ValueError, match="not a raw U8 element"):
        parse_value(DataType.U8, "0x100", evaluate, True)
