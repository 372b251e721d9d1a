"""The pto-v0 reference profile's encoders, bit-exact, and where they differ from the
general (IEEE-style) encoder.

Sources: ``asl/arch/profile/reference-quantization.asl`` (ReferenceFP32FiniteEncoding),
``asl/arch/profile/matrix-quantization.asl`` (ReferenceBinary16Encoding,
ReferenceFP8Encoding, ReferenceMatrix*Encoding, MatrixRoundAndSaturateSigned,
MatrixShiftS32ToS16, MatrixQuant/ShiftParameter, MatrixQuantOffset),
``asl/arch/data-types/fp19.asl``; vectors of PTO-AVS-ARCH-MATRIX-QUANT-001,
-MATRIX-INTERMEDIATE-002, -REFERENCE-QUANTIZATION-001, -FP19-ENC-001 and
-FP19-PARAMETER-DOMAIN-002.
"""

from __future__ import annotations

import struct
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.numeric_oracle import round_fp32_fraction

from ptodbg.tile import reference as ref
from ptodbg.tile.dtypes import DataType
from ptodbg.tile.formats import encode
from ptodbg.tile.rounding import NX, NumericControl, Rounding

D = DataType
RNE = NumericControl()
SAT = NumericControl(saturating=True)
OVERFLOW, UNDERFLOW = 0x14, 0x18


def ctl(mode: str, saturating: bool = False) -> NumericControl:
    return NumericControl(Rounding[mode], saturating)


def test_matrix_quantization_vectors():
    """PTO-AVS-ARCH-MATRIX-QUANT-001."""
    assert ref.matrix_integer_encoding(Fraction(130), D.S8, RNE) == (0x82, OVERFLOW)
    assert ref.matrix_float_encoding(Fraction(3, 2), D.FP16) == (0x3E00, 0)
    assert ref.matrix_float_encoding(Fraction(3, 2), D.E4M3) == (0x3C, 0)
    assert ref.matrix_float_encoding(Fraction(3, 2), D.HiF8) == (0x0C, 0)
    assert ref.matrix_float_encoding(Fraction("-1.00390625"), D.BF16, ctl("RHB")) == (0xBF80, NX)
    assert ref.fp32_encoding(Fraction(1), Rounding.RNE) == (0x3F800000, 0)
    with pytest.raises(ValueError, match="does not encode E5M2"):
        ref.matrix_float_encoding(Fraction(1), D.E5M2)


def test_intermediate_rounding_and_saturation():
    """PTO-AVS-ARCH-MATRIX-INTERMEDIATE-002."""
    f = Fraction
    assert ref.round_and_saturate_signed(f(15), 5, Rounding.RNE) == (15, 0)
    assert ref.round_and_saturate_signed(f(31, 2), 5, Rounding.RNE) == (15, OVERFLOW)
    assert ref.round_and_saturate_signed(f(-33, 2), 5, Rounding.RNA) == (-16, OVERFLOW)
    assert ref.round_and_saturate_signed(f(1023, 4), 9, Rounding.RNE) == (255, OVERFLOW)
    assert ref.round_and_saturate_signed(f(-1027, 4), 9, Rounding.RNE) == (-256, OVERFLOW)
    assert ref.round_and_saturate_signed(f("65535.4"), 17, Rounding.RTZ) == (65535, NX)
    ties = {m: ref.round_and_saturate_signed(f(1, 2), 9, m)[0] for m in Rounding}
    assert (ties[Rounding.RNE], ties[Rounding.RNA], ties[Rounding.RTP], ties[Rounding.RTM], ties[Rounding.RTZ]) == (0, 1, 1, 0, 0)
    ties = {m: ref.round_and_saturate_signed(f(-1, 2), 9, m)[0] for m in Rounding}
    assert (ties[Rounding.RNE], ties[Rounding.RNA], ties[Rounding.RTP], ties[Rounding.RTM], ties[Rounding.RTZ]) == (0, -1, 0, -1, 0)
    assert ref.shift_s32_to_s16(0xFFFFFFDF, 1) == (0xFFEF, 0)
    assert ref.shift_s32_to_s16(0x7FFFFFFF, 1) == (0x7FFF, OVERFLOW)
    assert ref.shift_s32_to_s16(0x80000000, 16) == (0x8000, 0)
    assert ref.shift_s32_to_s16(0x80000000, 15) == (0x8000, OVERFLOW)
    with pytest.raises(ValueError):
        ref.round_and_saturate_signed(f(1), 8, Rounding.RNE)


def test_quantization_parameter_words():
    one = ref.fp32_to_fp19(0x3F800000)
    parameter = ref.quant_parameter(one, 0x1FF, 9)
    assert parameter >> 13 & 0x7FFFF == one
    assert ref.quant_offset(parameter, 9) == -1
    assert ref.quant_offset(parameter, 0) == 0
    assert ref.quant_offset(ref.quant_parameter(one, 0xFFFF, 17), 17) == 0xFFFF
    assert ref.shift_parameter(15) >> 32 & 0xF == 0xF


def test_fp19_carriers():
    """PTO-AVS-ARCH-FP19-ENC-001 and -PARAMETER-DOMAIN-002."""
    assert ref.fp32_to_fp19(0x3F800000) == 0b0011111110000000000
    assert ref.fp32_to_fp19(0x3F000000) == 0b0011111100000000000
    assert ref.fp19_value(0b0011111110000000000) == 1.0
    assert ref.fp32_to_fp19(0x7F800001) == ref.fp32_to_fp19(0xFFC00000) == 0x3FE00  # every NaN
    scales = {0: False, 0x1: False, 0x400: True, 0x3FBFF: True, 0x40000: False, 0x40400: False,
              0x3FC00: False, 0x3FE00: False, 0x3FC01: False}
    activations = {**scales, 0: True}
    for raw, legal in scales.items():
        assert ref.fp19_scale_legal(raw) == legal, hex(raw)
        assert ref.fp19_activation_legal(raw) == activations[raw], hex(raw)
    with pytest.raises(ValueError, match="not finite"):
        ref.fp19_value(0x3FC00)


@settings(max_examples=400, deadline=None)
@given(bits=st.integers(0, 0xFFFFFFFF))
def test_fp32_to_fp19_is_the_spec_bit_rounding(bits):
    exponent, fraction = bits >> 23 & 0xFF, bits & 0x7FFFFF
    if exponent == 0xFF and fraction:
        assert ref.fp32_to_fp19(bits) == 0x3FE00
    else:
        assert ref.fp32_to_fp19(bits) == round_fp32_fraction(bits, 13) >> 13


def test_reference_overflow_does_not_depend_on_the_mode():
    """ReferenceFP32FiniteEncoding: an exponent above 127 is infinity in every mode (the
    general encoder gives RTZ the largest finite value); Sat in the matrix FP32 path clamps."""
    big = Fraction(2) ** 200
    assert ref.fp32_encoding(big, Rounding.RTZ) == (0x7F800000, OVERFLOW)
    assert encode(D.FP32, big, ctl("RTZ")) == (0x7F7FFFFF, OVERFLOW)
    assert ref.fp32_encoding(-big, Rounding.RTP) == (0xFF800000, OVERFLOW)
    assert ref.matrix_float_encoding(-big, D.FP32, SAT) == (0xFF7FFFFF, OVERFLOW)
    assert ref.binary16_encoding(Fraction(70000), D.FP16, ctl("RTZ")) == (0x7C00, OVERFLOW)
    assert ref.binary16_encoding(Fraction(-70000), D.BF16, ctl("RNE", True)) == (0xC789, NX)
    assert ref.binary16_encoding(Fraction(70000), D.FP16, SAT) == (0x7BFF, OVERFLOW)


def test_reference_underflow_is_flagged_before_rounding():
    """The reference encoders raise UF for an inexact value below the smallest normal even
    when it rounds up to it (the general encoder detects tininess after rounding)."""
    x = Fraction(2) ** -126 - Fraction(2) ** -151
    assert ref.fp32_encoding(x, Rounding.RNE) == (0x00800000, UNDERFLOW)
    assert encode(D.FP32, x) == (0x00800000, NX)
    assert ref.fp32_encoding(Fraction(2) ** -160, Rounding.RNE) == (0, UNDERFLOW)
    assert ref.fp32_encoding(-Fraction(2) ** -160, Rounding.RTM) == (0x80000001, UNDERFLOW)
    assert ref.binary16_encoding(-Fraction(2) ** -30, D.FP16, RNE) == (0x8000, UNDERFLOW)


def test_reference_fp8_edges():
    """ReferenceFP8Encoding: overflow as soon as the magnitude exceeds the largest value;
    a result of zero is +0 whatever the sign; RTO truncates then takes the next odd code."""
    f = Fraction
    assert ref.fp8_encoding(f(449), D.E4M3, RNE) == (0x7F, OVERFLOW)
    assert encode(D.E4M3, 449.0) == (0x7E, NX)  # the general encoder rounds it back to 448
    assert ref.fp8_encoding(f(-449), D.E4M3, SAT) == (0xFE, OVERFLOW)
    assert ref.fp8_encoding(f(32769), D.HiF8, RNE) == (0x6F, OVERFLOW)
    assert ref.fp8_encoding(f(-32769), D.HiF8, RNE) == (0xEF, OVERFLOW)
    assert ref.fp8_encoding(f(-32769), D.HiF8, SAT) == (0xEE, OVERFLOW)
    tiny = f(1, 10**6)
    assert ref.fp8_encoding(-tiny, D.E4M3, RNE) == (0x00, UNDERFLOW)
    assert encode(D.E4M3, -float(tiny)) == (0x80, UNDERFLOW)
    assert ref.fp8_encoding(-tiny, D.E4M3, ctl("RTP")) == (0x00, UNDERFLOW)
    assert ref.fp8_encoding(-tiny, D.E4M3, ctl("RTO")) == (0x81, UNDERFLOW)
    assert ref.fp8_encoding(tiny, D.E4M3, ctl("RTO")) == (0x01, UNDERFLOW)
    assert ref.fp8_encoding(f(17, 16), D.E4M3, ctl("RTO")) == (0x39, NX)  # 1.0 (0x38) -> 1.125
    assert ref.fp8_encoding(f(17, 16), D.HiF8, ctl("RTO")) == (0x09, NX)
    assert ref.fp8_encoding(f(33, 32), D.HiF8, ctl("RNA")) == (0x08, NX)
    assert ref.fp8_encoding(f(0), D.HiF8, RNE) == (0, 0)


@settings(max_examples=300, deadline=None)
@given(x=st.floats(min_value=2.0 ** -6, max_value=440.0), negative=st.booleans(),
       mode=st.sampled_from(list(Rounding)), dt=st.sampled_from([D.E4M3, D.HiF8]))
def test_reference_fp8_rounds_like_the_general_encoder_inside_the_range(x, negative, mode, dt):
    """Away from zero and from the overflow edge both search the same codes by the same
    rules (the reference's RTO moves an even truncation to the next odd code, which is the
    adjacent value: RTO's definition)."""
    value = -x if negative else x
    assert ref.fp8_encoding(Fraction(value), dt, NumericControl(mode)) == encode(dt, value, NumericControl(mode))


@settings(max_examples=300, deadline=None)
@given(bits=st.integers(0x00800000, 0x7F7FFFFF), negative=st.booleans(), mode=st.sampled_from(list(Rounding)),
       dt=st.sampled_from([D.FP16, D.BF16]))
def test_reference_binary16_rounds_like_the_general_encoder_for_normal_fp32_values(bits, negative, mode, dt):
    value = struct.unpack("<f", struct.pack("<I", bits))[0]
    value = -value if negative else value
    reference = ref.binary16_encoding(Fraction(value), dt, NumericControl(mode))
    general = encode(dt, value, NumericControl(mode))
    if (general[1] | reference[1]) & 0x0C:  # the edges where the two rules differ: overflow and underflow
        return  # (either side: just below the smallest normal the reference reports UF, the general rule not)
    assert reference == general
