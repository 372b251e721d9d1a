"""Element conversion, the MX forms and the special-value rules of comparison and min/max.

Sources: ``asl/tile/model/numeric/formats.asl`` (NormalizeTileInteger,
TileConvertIntegerValue, TileConvertValue), ``asl/arch/profile/e8m0-conversion.asl``
(TileProfileConvert, PTO-TCVT-E8M0-PROFILE-001), ``asl/tile/elementwise-tile-tile/
format-conversion/TCVT.asl`` (InstructionContractDefaultRounding_TCVT), ADR-0047,
``asl/tile/model/legality/matrix-functions.asl`` and ADR-0079 (MX), ``asl/arch/features/
mx-formats.asl`` (HardwareNumericComparisonSpecial, HardwareNumericMinMaxSpecial).
The vectors are those of PTO-AVS-TILE-TCVT-INTEGER-001, -TCVT-E8M0-ROUND-003,
-TCVT-E8M0-SPECIAL-004, PTO-AVS-TILE-TESTTILECONVERSION-EXECUTION-001 and
PTO-AVS-ARCH-CONCRETE-SPECIAL-VALUES-EXEC-002.
"""

from __future__ import annotations

import math

import pytest

from ptodbg.tile.convert import (
    MX_BLOCK_ELEMENTS,
    MX_INPUT_TYPES,
    MX_SCALED_TYPES,
    carrier_convert,
    compare_special,
    convert,
    convert_integer,
    default_rounding,
    min_max_special,
    mx_decode,
    mx_encode,
    mx_input_supported,
    mx_needs_scale,
    to_carrier,
)
from ptodbg.tile.dtypes import DataType
from ptodbg.tile.formats import InvalidEncoding
from ptodbg.tile.rounding import NV, NX, OF, UF, NumericControl, Rounding

D = DataType
ONES = (1 << 64) - 1


def ctl(mode: str = "RNE", saturating: bool = False) -> NumericControl:
    return NumericControl(Rounding[mode], saturating)


def test_integer_to_integer_conversion():
    """TileConvertIntegerValue: read with the source's signedness, then wrap or clamp."""
    assert to_carrier(D.S8, convert_integer(0xF, D.S4X2, D.S8, False)) == ONES
    assert convert_integer(300, D.U16, D.U8, False) == 44
    assert convert_integer(300, D.U16, D.U8, True) == 255
    assert convert_integer(ONES, D.S64, D.U4X2, True) == 0  # negative into unsigned: 0
    assert to_carrier(D.S16, convert_integer(0x80, D.S8, D.S16, False)) == ONES - 127
    assert convert_integer(0xFF, D.U8, D.U16, False) == 0xFF
    assert convert_integer(0x01FF, D.S16, D.U8, False) == 0xFF
    assert to_carrier(D.S8, convert_integer(0xFFFF, D.U16, D.S8, False)) == ONES
    assert convert_integer(ONES, D.S64, D.U8, False) == 0xFF
    assert convert_integer(0x7FFF, D.S16, D.S8, True) == 0x7F
    assert convert(0x12345, D.U32, D.U16) == (0x2345, 0)


def test_carriers_are_normalized_as_the_spec_word():
    """NormalizeTileInteger: signed integers sign-extended, everything else as it is."""
    assert to_carrier(D.S8, 0x80) == ONES - 127
    assert to_carrier(D.S4X2, 0x8) == ONES - 7
    assert to_carrier(D.U8, 0xFF) == 0xFF
    assert to_carrier(D.S64, ONES) == ONES
    assert to_carrier(D.FP32, 0xBF800000) == 0xBF800000


def test_tcvt_default_rounding():
    """RMode 0: RTZ from a floating to an integer type, RNE for every other pair (ADR-0047)."""
    assert default_rounding(D.FP32, D.S32) == Rounding.RTZ
    assert default_rounding(D.FP32, D.FP16) == Rounding.RNE
    assert default_rounding(D.S32, D.U8) == Rounding.RNE
    assert default_rounding(D.S32, D.FP32) == Rounding.RNE


def test_the_reference_profile_converts_to_e8m0_by_rounding_the_exponent():
    """PTO-AVS-TILE-TCVT-E8M0-ROUND-003: BF16 1.5 and 0.75 in every mode, with NX."""
    expect_15 = {"RNE": 128, "RTM": 127, "RTP": 128, "RTZ": 127, "RNA": 128, "RTO": 128, "RHB": 128}
    for mode, code in expect_15.items():
        assert carrier_convert(0x3FC0, D.BF16, D.E8M0, ctl(mode)) == (code, NX), mode
    assert carrier_convert(0x3F40, D.BF16, D.E8M0, ctl("RTM")) == (126, NX)
    assert carrier_convert(0x3F40, D.BF16, D.E8M0, ctl("RTP")) == (127, NX)
    assert carrier_convert(0x3F40, D.BF16, D.E8M0, ctl("RTZ")) == (127, NX)


def test_e8m0_special_inputs_and_range_ends():
    """PTO-AVS-TILE-TCVT-E8M0-SPECIAL-004."""
    cases = [
        (0x0000, D.BF16, False, 0xFF, NV), (0xBF80, D.BF16, True, 0xFF, NV), (0x7FC0, D.BF16, False, 0xFF, NV),
        (0x7F80, D.BF16, False, 0xFF, OF | NX), (0x7F80, D.BF16, True, 0xFE, OF | NX),
        (0x00400000, D.FP32, False, 0x00, 0), (0x00200000, D.FP32, False, 0xFF, UF | NX),
        (0x00200000, D.FP32, True, 0x00, UF | NX), (0x7F000000, D.FP32, False, 0xFE, 0),
        (0x7F7FFFFF, D.FP32, False, 0xFF, OF | NX), (0x7F7FFFFF, D.FP32, True, 0xFE, OF | NX),
    ]
    for raw, src, saturating, code, flags in cases:
        assert carrier_convert(raw, src, D.E8M0, ctl("RNE", saturating)) == (code, flags), hex(raw)
    with pytest.raises(ValueError, match="only FP16, BF16 and FP32"):
        carrier_convert(0x3FF0000000000000, D.FP64, D.E8M0)


def test_the_reference_profile_keeps_other_carriers():
    """TileProfileConvert: an integer destination takes its width of the carrier, another
    floating destination keeps it (the raw-carrier pto-v0 profile)."""
    assert carrier_convert(0x123, D.U64, D.U8) == (0x23, 0)
    assert carrier_convert(0x3F800000, D.FP32, D.S8) == (0x00, 0)
    assert carrier_convert(0x3E00, D.FP16, D.FP32) == (0x3E00, 0)


def test_conversion_by_value():
    assert convert(0x3FC00000, D.FP32, D.FP16) == (0x3E00, 0)  # 1.5
    assert convert(0x477FF000, D.FP32, D.FP16) == (0x7C00, OF | NX)  # 65520 rounds beyond
    assert convert(0x7F800001, D.FP32, D.FP16) == (0x7E00, NV)  # a signalling NaN
    assert convert(0x7FC00000, D.FP32, D.BF16) == (0x7FC0, 0)
    assert convert(0xC0300000, D.FP32, D.S8, ctl(default_rounding(D.FP32, D.S8).name)) == (0xFE, NX)  # -2.75 RTZ
    assert convert(16777217, D.S32, D.FP32) == (0x4B800000, NX)
    assert convert(0x80, D.E8M0, D.FP32) == (0x40000000, 0)
    assert convert(0x3C, D.E4M3, D.HiF8) == (0x0C, 0)
    with pytest.raises(InvalidEncoding):
        convert(0x3F800001, D.TF32, D.FP32)


def test_mx_types_and_values():
    """TileMXInputTypeSupported / NeedsScale (matrix-functions.asl), ADR-0079: a scaled
    element is element * 2**(scale - 127), per group of 32."""
    assert MX_BLOCK_ELEMENTS == 32
    assert MX_SCALED_TYPES == {D.E4M3, D.E5M2, D.E2M1X2, D.E1M2X2}
    assert MX_INPUT_TYPES == MX_SCALED_TYPES | {D.FP16, D.BF16}
    assert not mx_input_supported(D.HiF4X2) and mx_input_supported(D.BF16)
    assert mx_needs_scale(D.E4M3) and not mx_needs_scale(D.FP16)
    with pytest.raises(ValueError, match="not an MX input type"):
        mx_needs_scale(D.HiF4X2)
    assert mx_decode(D.E4M3, 0x3C, 128) == 3.0
    assert mx_decode(D.E2M1X2, 0x7, 127 + 10) == 6 * 1024.0
    assert mx_decode(D.E5M2, 0x01, 0) == 2.0 ** (-16 - 127)  # the smallest scaled value, exact
    assert math.isnan(mx_decode(D.E4M3, 0x3C, 0xFF))
    assert mx_encode(D.E4M3, 3.0, 128) == (0x3C, 0)
    assert mx_encode(D.E2M1X2, 6144.0, 137) == (0x7, 0)
    assert mx_encode(D.E2M1X2, 5000.0, 137) == (0x6, NX)  # 4.88 -> 4.0
    assert mx_encode(D.E4M3, -0.0, 128) == (0x80, 0)
    with pytest.raises(ValueError, match="NaN"):
        mx_encode(D.E4M3, 1.0, 0xFF)


def test_comparison_special_values():
    """HardwareNumericComparisonSpecial: NaN is unordered (only NE holds), a signalling NaN
    is invalid, two zeros are equal; ordinary pairs are the operation's."""
    qnan, snan, one = 0x7FC00000, 0x7F800001, 0x3F800000
    assert compare_special("EQ", D.FP32, qnan, one) == (True, 0, False)
    assert compare_special("NE", D.FP32, qnan, one) == (True, 1, False)
    assert compare_special("GE", D.FP32, qnan, qnan) == (True, 0, False)
    assert compare_special("NE", D.FP32, snan, one) == (True, 1, True)
    assert compare_special("LE", D.FP32, 0, 0x80000000) == (True, 1, False)
    assert compare_special("LT", D.FP32, 0x80000000, 0) == (True, 0, False)
    assert compare_special("LT", D.FP32, one, 0x40000000) == (False, 0, False)
    assert compare_special("EQ", D.TF32, 1, one) == (False, 0, False)  # an invalid encoding


def test_min_max_special_values():
    """HardwareNumericMinMaxSpecial: one NaN selects the other operand, two the canonical
    NaN; MIN prefers -0, MAX +0."""
    qnan, snan, one, neg0 = 0x7FC00000, 0x7F800001, 0x3F800000, 0x80000000
    assert min_max_special(False, D.FP32, qnan, one) == (True, one, False)
    assert min_max_special(True, D.FP32, one, snan) == (True, one, True)
    assert min_max_special(True, D.FP32, snan, qnan) == (True, 0x7FC00000, True)
    assert min_max_special(False, D.E4M3, 0x7F, 0xFF) == (True, 0x7F, False)
    assert min_max_special(False, D.FP32, 0, neg0) == (True, neg0, False)
    assert min_max_special(False, D.FP32, neg0, 0) == (True, neg0, False)
    assert min_max_special(True, D.FP32, 0, neg0) == (True, 0, False)
    assert min_max_special(True, D.FP32, neg0, neg0) == (True, neg0, False)
    assert min_max_special(False, D.FP32, one, 0x40000000) == (False, 0, False)
