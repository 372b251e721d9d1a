"""The tile data type table: the 5-bit codes, widths and kinds of the 25 types, and the
packed four-bit layout.

Sources: ``asl/arch/data-types/tile-data-types.asl`` (PTO-FIELD-BLOCK-DATATYPE: the
assigned and reserved codes), ``asl/tile/model/state/descriptors.asl`` (TileElementBits,
TileDataTypeIsFourBit), ``asl/tile/model/definedness/elements.asl`` (TileElementBytes and
the kind predicates), ``asl/tile/model/numeric/formats.asl`` (TileIntegerMinimum/Maximum),
ADR-0033 (four-bit memory packing).
"""

from __future__ import annotations

import pytest

from ptodbg.tile.dtypes import (
    DTYPE_NONE,
    FLOATING_TYPES,
    INTEGER_TYPES,
    RESERVED_CODES,
    DataType,
    code_valid,
    from_code,
    from_name,
    pack_nibbles,
    unpack_nibbles,
)

# PTO-FIELD-BLOCK-DATATYPE's "assigned" list, in the spec's spelling.
ASSIGNED = {0: "FP64", 1: "FP32", 2: "TF32", 3: "HF32", 4: "FP16", 5: "BF16", 6: "HiF8", 7: "E4M3",
            8: "E5M2", 9: "E3M2", 10: "E2M3", 11: "E2M1X2", 12: "E1M2X2", 13: "E8M0", 14: "HiF4X2",
            16: "S64", 17: "S32", 18: "S16", 19: "S8", 20: "S4X2", 24: "U64", 25: "U32", 26: "U16",
            27: "U8", 28: "U4X2"}


def test_the_25_assigned_codes_and_the_seven_reserved_ones():
    assert {dt.code: dt.name for dt in DataType} == ASSIGNED
    assert RESERVED_CODES == {15, 21, 22, 23, 29, 30, 31}
    for code in range(32):
        assert code_valid(code) == (code in ASSIGNED)
        if code in ASSIGNED:
            assert from_code(code).name == ASSIGNED[code]
            assert from_code(code).asl_name == "TileDataType_" + ASSIGNED[code]
        else:
            with pytest.raises(ValueError, match="reserved"):
                from_code(code)
    assert DTYPE_NONE == 31 and not code_valid(DTYPE_NONE)
    with pytest.raises(ValueError, match="5-bit"):
        from_code(32)


def test_names_are_found_in_any_case():
    assert from_name("hif8") is DataType.HiF8
    assert from_name("E2M1X2") is DataType.E2M1X2
    with pytest.raises(ValueError, match="no tile data type"):
        from_name("fp8")


@pytest.mark.parametrize(("dt", "bits", "storage"), [
    (DataType.FP64, 64, 8), (DataType.FP32, 32, 4), (DataType.TF32, 32, 4), (DataType.HF32, 32, 4),
    (DataType.FP16, 16, 2), (DataType.BF16, 16, 2), (DataType.HiF8, 8, 1), (DataType.E4M3, 8, 1),
    (DataType.E5M2, 8, 1), (DataType.E3M2, 8, 1), (DataType.E2M3, 8, 1), (DataType.E2M1X2, 4, 1),
    (DataType.E1M2X2, 4, 1), (DataType.E8M0, 8, 1), (DataType.HiF4X2, 4, 1), (DataType.S64, 64, 8),
    (DataType.S32, 32, 4), (DataType.S16, 16, 2), (DataType.S8, 8, 1), (DataType.S4X2, 4, 1),
    (DataType.U64, 64, 8), (DataType.U32, 32, 4), (DataType.U16, 16, 2), (DataType.U8, 8, 1),
    (DataType.U4X2, 4, 1),
])
def test_element_bits_and_storage_bytes(dt, bits, storage):
    assert dt.bits == bits  # TileElementBits
    assert dt.storage_bytes == storage  # TileElementBytes
    assert dt.is_packed == (bits == 4)  # TileDataTypeIsFourBit
    assert dt.mask == (1 << bits) - 1


def test_kinds_partition_the_types():
    assert len(FLOATING_TYPES) == 15 and len(INTEGER_TYPES) == 10
    signed = {dt for dt in DataType if dt.is_signed}
    unsigned = {dt for dt in DataType if dt.is_unsigned}
    assert signed == {DataType.S64, DataType.S32, DataType.S16, DataType.S8, DataType.S4X2}
    assert unsigned == {DataType.U64, DataType.U32, DataType.U16, DataType.U8, DataType.U4X2}
    assert set(INTEGER_TYPES) == signed | unsigned
    assert all(dt.is_floating != dt.is_integer for dt in DataType)


def test_integer_ranges_are_the_spec_minimum_and_maximum():
    assert (DataType.S4X2.int_min, DataType.S4X2.int_max) == (-8, 7)
    assert (DataType.U4X2.int_min, DataType.U4X2.int_max) == (0, 15)
    assert (DataType.S32.int_min, DataType.S32.int_max) == (-(1 << 31), 0x7FFFFFFF)
    assert (DataType.U64.int_min, DataType.U64.int_max) == (0, (1 << 64) - 1)
    with pytest.raises(ValueError, match="not an integer type"):
        _ = DataType.FP32.int_min


def test_four_bit_elements_pack_low_nibble_first():
    """ADR-0033: element i is in byte i // 2, even elements in the low nibble."""
    assert pack_nibbles([0x1, 0x2, 0x3]) == bytes([0x21, 0x03])
    assert unpack_nibbles(bytes([0x21, 0x43]), 3) == [0x1, 0x2, 0x3]
    assert unpack_nibbles(bytes([0x21, 0x43]), 4) == [0x1, 0x2, 0x3, 0x4]
    elements = [i % 16 for i in range(37)]
    assert unpack_nibbles(pack_nibbles(elements), 37) == elements


def test_an_odd_final_element_preserves_its_sibling_nibble():
    """ADR-0033: stores write only the selected nibble of the containing byte."""
    assert pack_nibbles([0xA, 0xB, 0xC], into=bytes([0xFF, 0x70])) == bytes([0xBA, 0x7C])


def test_packing_rejects_what_does_not_fit():
    with pytest.raises(ValueError, match="four-bit"):
        pack_nibbles([16])
    with pytest.raises(ValueError, match="need 2 bytes"):
        unpack_nibbles(bytes([0]), 3)
