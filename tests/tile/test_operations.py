"""ptodbg's tile operation table (ptodbg.tile.operations) against the official catalog
``pto/catalog/tile-operations.json`` read in place, and the code tables of
ptodbg.tile.codes against ``asl/arch/data-types/tile-data-types.asl`` facts."""

from __future__ import annotations

import json

import pytest
from support.paths import CATALOG

from ptodbg.isa.forms import COMMAND_FORMS
from ptodbg.tile import codes
from ptodbg.tile import operations as ops

_CLASSES = {
    "elementwise-tile-tile": ops.ELEMENTWISE, "tile-scalar-and-immediate": ops.SCALAR,
    "reduce-and-expand": ops.REDUCE, "memory-and-data-movement": ops.MEMORY,
    "matrix-and-matrix-vector": ops.MATRIX, "layout-and-rearrangement": ops.LAYOUT,
    "irregular-and-complex": ops.IRREGULAR,
}
_DATR = {"CMode": "C", "PadValueOrByteId": "P", "Sat": "S", "Canonicalize": "K", "DataType": "D",
         "RMode": "R", "Layout": "L"}
_PAD = {"pad-value": "pad", "must-zero": "zero", "histogram-byte-id": "byte"}


def _catalog() -> list[dict]:
    return json.loads((CATALOG / "tile-operations.json").read_text(encoding="utf-8"))["operations"]


def test_the_table_has_the_catalogs_109_operations_in_its_order():
    rows = _catalog()
    assert len(rows) == ops.OPERATION_COUNT == 109
    assert [r["name"] for r in rows] == [op.name for op in ops.OPERATIONS]


@pytest.mark.parametrize("index", range(109))
def test_each_row_states_the_catalog_facts(index):
    row, op = _catalog()[index], ops.OPERATIONS[index]
    code = (row["mode"] << 5 | row["function"]) if row["family"] == "TEPL" else row["function"]
    assert (op.family, op.code, op.engine, op.cls, op.handler) == (
        row["family"], code, row["engine"], _CLASSES[row["classification"]], row["semantic_handler"])
    assert op.operands == tuple(o["field"] for o in row["operands"])
    assert op.datr == "".join(_DATR[f] for f in row["datr_contract"]["allowed_nonzero_fields"])
    assert op.pad_union == _PAD[row["datr_contract"]["pad_union"]]
    assert op.start == row["command_mnemonic"]
    assert ops.decode(op.family, op.code) == index


def test_start_forms_exist_in_the_encoding_table():
    """Every operation's BSTART (its command mnemonic) is a form of ptodbg's table."""
    mnemonics = {f.mnemonic for f in COMMAND_FORMS}
    assert {op.start for op in ops.OPERATIONS} <= mnemonics


def test_reserved_selectors_decode_to_no_operation():
    # asl/tile/model/dispatch/top-level.asl: TEPL selectors 0x005, 0x00E, 0x018..0x019 ... reserved
    for code in (0x005, 0x00E, 0x018, 0x019, 0x01D, 0x025, 0x02E, 0x061, 0x069, 0x075, 0x07F):
        assert ops.decode("TEPL", code) is None
    assert ops.decode("TLSU", 15) is None and ops.decode("CUBE", 3) is None


def test_data_type_codes_match_the_field_domain():
    # asl/arch/data-types/tile-data-types.asl: PTO-FIELD-BLOCK-DATATYPE, code 0 is FP64,
    # 15, 21..23 and 29..31 are reserved; DTYPE_NONE is '11111'
    assert [d.code for d in codes.DTYPES] == [*range(15), *range(16, 21), *range(24, 29)]
    assert codes.dtype_of_code(0) is codes.FP64 and codes.dtype_of_code(28) is codes.U4X2
    for reserved in (15, 21, 22, 23, 29, 30, 31):
        assert not codes.code_concrete(reserved)
    assert codes.code_field_valid(31) and not codes.code_field_valid(15)
    # asl/tile/model/state/descriptors.asl TileElementBits, elements.asl TileElementBytes
    assert [d.bits for d in (codes.E2M1X2, codes.HIF8, codes.BF16, codes.TF32, codes.S64)] == [4, 8, 16, 32, 64]
    assert codes.U4X2.storage_bytes == 1 and codes.FP16.storage_bytes == 2


def test_pe_modes_and_size_codes():
    # asl/block/model/schema/profile-encoding.asl PTOv0PEMaskOfPEMode
    assert codes.PE_MASKS == (0b0000, 0b1000, 0b0100, 0b0010, 0b0001, 0b1100, 0b1110, 0b1111)
    assert codes.pe_in_mask(0b1000, 0) and codes.pe_in_mask(0b0001, 3)
    # asl/tile/model/state/descriptors.asl TileSizeCodeBytes, LocalTileSizeCodeIsLegal
    assert [codes.size_code_bytes(c) for c in (1, 10, 12)] == [128, 65536, 262144]
    assert codes.local_size_code_legal(10) and not codes.local_size_code_legal(11)


def test_pad_values_of_data_types():
    # asl/tile/model/definedness/elements.asl TilePadValueForDataType
    assert codes.pad_word(codes.PAD_MAX, codes.FP32) == 0x7F7FFFFF
    assert codes.pad_word(codes.PAD_MIN, codes.S16) == 0x8000
    assert codes.pad_word(codes.PAD_MAX, codes.U64) == (1 << 64) - 1
    assert codes.pad_word(codes.PAD_MIN, codes.HIF8) == 0x8000000000000000  # the otherwise arm
    assert codes.pad_word(codes.PAD_NULL, codes.FP32) == 0
