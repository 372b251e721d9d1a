"""Exact decode, classification, decomposition and encode of every tile data type and FP19.

Sources: ``asl/arch/data-types/formats/*.asl`` (layouts, FiniteDecomposition, Classify*,
canonical NaNs, signed zeros), ``asl/arch/data-types/numeric-formats.asl`` and
``format-descriptor.asl`` (descriptors), ``asl/arch/features/mx-formats.asl`` (value classes,
subnormal boundaries), ``asl/arch/data-types/fp19.asl``, ``asl/arch/profile/e8m0-conversion.asl``
(E8M0 encoding), ``asl/arch/profile/matrix-quantization.asl`` (ReferenceFP8FiniteValue,
ReferenceMatrixIntegerEncoding, MatrixPostQuantSpecialValue), ADR-0047 (the rounding
modes), ADR-0049 (gradual underflow, tininess after rounding).

Where a format is a subset of binary64 the host is the oracle: FP64 (struct ``d``), FP32
(``f``), FP16 (``e``), BF16 and TF32/HF32 (truncated binary32); the 8-, 6- and 4-bit
formats are checked exhaustively against the spec's value formulas and a brute-force
rounding over all their codes.
"""

from __future__ import annotations

import math
import struct
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.numeric_oracle import (
    MODES,
    Grid,
    fixed_binary_value,
    hif8_value,
    host_bits,
    host_neighbours,
    host_value,
    round_fp32_fraction,
)

from ptodbg.tile.dtypes import DataType
from ptodbg.tile.formats import (
    FORMATS,
    FP19,
    HIF8,
    UNAVAILABLE,
    InvalidEncoding,
    Kind,
    ValueClass,
    classify,
    decode,
    decompose,
    encode,
    format_of,
)
from ptodbg.tile.rounding import NV, NX, OF, UF, NumericControl, Rounding

D = DataType
RNE = NumericControl()
SAT = NumericControl(saturating=True)
OVERFLOW, UNDERFLOW = OF | NX, UF | NX


def ctl(mode: str, saturating: bool = False) -> NumericControl:
    return NumericControl(Rounding[mode], saturating)


def f32(bits: int) -> float:
    return struct.unpack("<f", struct.pack("<I", bits))[0]


def exact(x: float) -> Fraction:
    return Fraction(x)


# The small formats: (type, exponent bits, fraction bits, bias, sign bit, codes that are
# not finite numbers) from formats/*.asl.
SMALL_BINARY = {
    D.E4M3: (4, 3, 7, 0x80, {0x7F, 0xFF}),
    D.E5M2: (5, 2, 15, 0x80, set(range(0x7C, 0x80)) | set(range(0xFC, 0x100))),
    D.E3M2: (3, 2, 3, 0x20, set()),
    D.E2M3: (2, 3, 1, 0x20, set()),
    D.E2M1X2: (2, 1, 1, 0x8, set()),
    D.E1M2X2: (1, 2, 1, 0x8, set()),
    D.HiF4X2: (1, 2, 1, 0x8, set()),
}


# ============================================================================ decoding
@settings(max_examples=400, deadline=None)
@given(raw=st.integers(0, (1 << 64) - 1))
def test_fp64_decodes_as_binary64(raw):
    host = struct.unpack("<d", struct.pack("<Q", raw))[0]
    got = decode(D.FP64, raw)
    assert (math.isnan(got) and math.isnan(host)) or (got == host and math.copysign(1, got) == math.copysign(1, host))


@settings(max_examples=400, deadline=None)
@given(raw=st.integers(0, (1 << 32) - 1))
def test_fp32_decodes_as_binary32_and_classifies_like_it(raw):
    host = f32(raw)
    got = decode(D.FP32, raw)
    cls = classify(D.FP32, raw)
    if math.isnan(host):
        assert math.isnan(got)
        # ClassifyFP32: fraction MSB set = quiet
        assert cls == (ValueClass.QuietNaN if raw & 0x400000 else ValueClass.SignalingNaN)
        return
    assert got == host and math.copysign(1, got) == math.copysign(1, host)
    negative = math.copysign(1, host) < 0
    if math.isinf(host):
        assert cls == (ValueClass.NegativeInfinity if negative else ValueClass.PositiveInfinity)
    elif host == 0:
        assert cls == (ValueClass.NegativeZero if negative else ValueClass.PositiveZero)
    elif abs(host) < 2.0 ** -126:
        assert cls == (ValueClass.NegativeSubnormal if negative else ValueClass.PositiveSubnormal)
    else:
        assert cls == (ValueClass.NegativeNormal if negative else ValueClass.PositiveNormal)


def test_fp16_and_bf16_decode_every_code_as_the_host_does():
    for raw in range(1 << 16):
        h = struct.unpack("<e", struct.pack("<H", raw))[0]
        b = f32(raw << 16)
        got_h, got_b = decode(D.FP16, raw), decode(D.BF16, raw)
        assert (math.isnan(h) and math.isnan(got_h)) or (got_h == h and str(got_h) == str(h)), hex(raw)
        assert (math.isnan(b) and math.isnan(got_b)) or (got_b == b and str(got_b) == str(b)), hex(raw)


@settings(max_examples=300, deadline=None)
@given(top=st.integers(0, (1 << 19) - 1), low=st.integers(1, (1 << 12) - 1))
def test_tf32_and_hf32_are_binary32_with_required_zero_low_bits(top, low):
    """TF32EncodingValid / HF32EncodingValid: bits 12:0 (11:0) must be zero."""
    tf32 = top << 13
    hf32 = (top << 13) | ((low & 1) << 12)
    for dt, raw in ((D.TF32, tf32), (D.HF32, hf32)):
        host = f32(raw)
        got = decode(dt, raw)
        assert (math.isnan(host) and math.isnan(got)) or got == host
        bad = raw | (low & ((1 << format_of(dt).shift) - 1)) | 1
        assert not format_of(dt).encoding_valid(bad)
        assert classify(dt, bad) == ValueClass.InvalidEncoding
        assert not decompose(dt, bad).available
        with pytest.raises(InvalidEncoding):
            decode(dt, bad)


@pytest.mark.parametrize("dt", list(SMALL_BINARY))
def test_small_binary_formats_decode_every_code_by_the_spec_formula(dt):
    ebits, fbits, bias, sign_bit, specials = SMALL_BINARY[dt]
    fmt = FORMATS[dt]
    for raw in range(1 << fmt.width):
        if raw >= sign_bit << 1:  # E3M2/E2M3: bits 7:6 set
            assert classify(dt, raw) == ValueClass.InvalidEncoding
            with pytest.raises(InvalidEncoding):
                decode(dt, raw)
            continue
        if raw in specials:
            assert not decompose(dt, raw).available
            continue
        assert Fraction(decode(dt, raw)) == fixed_binary_value(raw, ebits, fbits, bias), hex(raw)
        d = decompose(dt, raw)
        assert d.available
        value = Fraction(d.significand) * Fraction(2) ** d.exponent
        assert (-value if d.negative else value) == fixed_binary_value(raw, ebits, fbits, bias)


def test_the_narrow_formats_hold_exactly_their_spec_values():
    magnitudes = {dt: sorted({abs(decode(dt, r)) for r in range(1 << FORMATS[dt].width)
                              if classify(dt, r).is_finite}) for dt in SMALL_BINARY}
    assert magnitudes[D.E2M1X2] == [0, 0.5, 1, 1.5, 2, 3, 4, 6]
    assert magnitudes[D.E1M2X2] == magnitudes[D.HiF4X2] == [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75]
    assert max(magnitudes[D.E4M3]) == 448 and magnitudes[D.E4M3][1] == 2.0 ** -9
    assert max(magnitudes[D.E5M2]) == 57344 and magnitudes[D.E5M2][1] == 2.0 ** -16
    assert max(magnitudes[D.E3M2]) == 28 and magnitudes[D.E3M2][1] == 2.0 ** -4
    assert max(magnitudes[D.E2M3]) == 7.5 and magnitudes[D.E2M3][1] == 2.0 ** -3


def test_hif8_decodes_every_code_as_reference_fp8_finite_value():
    """The tapered HiF8 layout, against the second spec formula of it (matrix-quantization.asl)."""
    for raw in range(256):
        if raw in (0x80, 0x6F, 0xEF):
            continue
        assert Fraction(decode(D.HiF8, raw)) == hif8_value(raw), hex(raw)
    assert math.isnan(decode(D.HiF8, 0x80))
    assert decode(D.HiF8, 0x6F) == math.inf and decode(D.HiF8, 0xEF) == -math.inf
    assert max(decode(D.HiF8, r) for r in range(256) if r != 0x6F and not math.isnan(decode(D.HiF8, r))) == 2.0 ** 15


def test_hif8_classes_and_dot_fields():
    """ClassifyHiF8 and HiF8DecodeDotField (formats/hif8.asl)."""
    assert classify(D.HiF8, 0x00) == ValueClass.PositiveZero
    assert classify(D.HiF8, 0x80) == ValueClass.QuietNaN
    assert classify(D.HiF8, 0x6F) == ValueClass.PositiveInfinity
    assert classify(D.HiF8, 0xEF) == ValueClass.NegativeInfinity
    assert classify(D.HiF8, 0x07) == ValueClass.PositiveSubnormal
    assert classify(D.HiF8, 0x87) == ValueClass.NegativeSubnormal
    assert classify(D.HiF8, 0x7E) == ValueClass.PositiveNormal  # 2**-15, the smallest normal value
    assert [HIF8.dot_field(c) for c in (0x00, 0x08, 0x10, 0x20, 0x40, 0x60)] == [
        ("Denormal", 0, 3), ("D0", 0, 3), ("D1", 1, 3), ("D2", 2, 3), ("D3", 3, 2), ("D4", 4, 1)]
    # PTO-AVS-ARCH-HIF8-DECOMP-001's vectors
    for raw, sig, exp in ((0x01, 1, -22), (0x07, 1, -16), (0x4C, 4, 5), (0x5C, 4, -9), (0x6E, 2, 14),
                          (0x7E, 2, -16)):
        assert decompose(D.HiF8, raw)[1:] == (False, sig, exp)


def test_e8m0_is_an_unsigned_power_of_two():
    for raw in range(255):
        assert decode(D.E8M0, raw) == 2.0 ** (raw - 127)
        assert classify(D.E8M0, raw) == ValueClass.PositiveNormal
        assert decompose(D.E8M0, raw)[1:] == (False, 1, raw - 127)
    assert math.isnan(decode(D.E8M0, 0xFF)) and classify(D.E8M0, 0xFF) == ValueClass.QuietNaN


def test_fp32_decomposition_vectors():
    """PTO-AVS-ARCH-FP32-DECOMP-001: exact (sign, significand, exponent) of FP32 carriers."""
    assert decompose(D.FP32, 0x80000000) == (True, True, 0, 0)
    assert decompose(D.FP32, 1) == (True, False, 1, -149)
    assert decompose(D.FP32, 0x00800000) == (True, False, 0x800000, -149)
    assert decompose(D.FP32, 0x7F7FFFFF) == (True, False, 0xFFFFFF, 104)
    assert decompose(D.FP32, 0xBF800000) == (True, True, 0x800000, -23)
    assert not decompose(D.FP32, 0x7F800000).available and not decompose(D.FP32, 0x7FC00000).available
    assert decompose(D.FP32, 0xDEAD_3F800000) == decompose(D.FP32, 0x3F800000)  # bits above the width ignored


def test_integer_types_decode_with_their_signedness_and_have_no_format():
    assert decode(D.S8, 0xFF) == -1 and decode(D.U8, 0xFF) == 255
    assert decode(D.S4X2, 0xF) == -8 + 7 and decode(D.S4X2, 0xAF) == -1
    assert decode(D.S64, (1 << 64) - 1) == -1 and decode(D.U64, (1 << 64) - 1) == (1 << 64) - 1
    assert classify(D.S64, (1 << 64) - 1) == ValueClass.NegativeNormal
    assert classify(D.U4X2, 0xF0) == ValueClass.PositiveZero  # only the low four bits count
    for dt in DataType:
        if dt.is_integer:
            assert format_of(dt).descriptor == UNAVAILABLE
            assert decompose(dt, 1) == (False, False, 0, 0)


# ============================================================================ descriptors
def test_descriptors_agree_with_the_format_facts():
    """PTO-AVS-ARCH-NUMERIC-FORMATS-DOMAIN-001's consistency rules, and the carrier facts of
    each *NumericFormatDescriptor."""
    for dt in DataType:
        fmt = FORMATS[dt]
        d = fmt.descriptor
        assert d.available == dt.is_floating
        if not d.available:
            continue
        assert d.has_subnormal == (fmt.subnormal_boundaries is not None)
        assert d.has_signed_zero == (fmt.signed_zeros is not None)
        assert d.has_quiet_nan == (fmt.canonical_nan is not None)
        assert d.lanes_per_carrier * d.lane_bits + d.required_high_zero_bits == d.carrier_bits
    assert FORMATS[D.TF32].descriptor.required_low_zero_bits == 13
    assert FORMATS[D.HF32].descriptor.required_low_zero_bits == 12
    assert FORMATS[D.E3M2].descriptor.required_high_zero_bits == 2
    e2m1 = FORMATS[D.E2M1X2].descriptor
    assert (e2m1.carrier_bits, e2m1.lane_bits, e2m1.lanes_per_carrier, e2m1.sign_bit) == (8, 4, 2, 3)
    assert FORMATS[D.HiF8].descriptor.kind == Kind.HiF8 and not FORMATS[D.HiF8].descriptor.exponent_bias_available
    assert FORMATS[D.E8M0].descriptor.kind == Kind.E8M0 and FORMATS[D.E8M0].descriptor.sign_bits == 0
    assert not FORMATS[D.E4M3].descriptor.has_infinity and FORMATS[D.E4M3].descriptor.has_quiet_nan


def test_canonical_nans_signed_zeros_and_subnormal_boundaries():
    """*CanonicalNaN, *SignedZeroEncodings, HardwareNumericSubnormalBoundaries."""
    nans = {dt: FORMATS[dt].canonical_nan for dt in DataType if FORMATS[dt].canonical_nan is not None}
    assert nans == {D.FP64: 0x7FF8000000000000, D.FP32: 0x7FC00000, D.TF32: 0x7FC00000, D.HF32: 0x7FC00000,
                    D.FP16: 0x7E00, D.BF16: 0x7FC0, D.HiF8: 0x80, D.E4M3: 0x7F, D.E5M2: 0x7E, D.E8M0: 0xFF}
    assert FORMATS[D.E3M2].signed_zeros == (0, 0x20) and FORMATS[D.E2M1X2].signed_zeros == (0, 0x8)
    assert FORMATS[D.HiF8].signed_zeros is None and FORMATS[D.E8M0].signed_zeros is None
    assert FORMATS[D.TF32].subnormal_boundaries == (0x2000, 0x7FE000, 0x800000)
    assert FORMATS[D.HF32].subnormal_boundaries == (0x1000, 0x7FF000, 0x800000)
    assert FORMATS[D.HiF8].subnormal_boundaries == (0x01, 0x07, 0x08)
    assert FORMATS[D.E2M1X2].subnormal_boundaries is None
    assert FP19.canonical_nan == 0x3FE00 and FP19.classify(0x3FC00) == ValueClass.PositiveInfinity


# ============================================================================ round trips
@pytest.mark.parametrize("dt", [dt for dt in DataType if dt.is_floating and FORMATS[dt].width <= 8])
def test_every_finite_code_of_the_narrow_formats_encodes_back_exactly_in_every_mode(dt):
    fmt = FORMATS[dt]
    for raw in range(1 << fmt.width):
        if not fmt.classify(raw).is_finite:
            continue
        value = fmt.decode(raw)
        for mode in MODES:
            for saturating in (False, True):
                assert fmt.encode(value, ctl(mode, saturating)) == (raw, 0), (hex(raw), mode)
        assert fmt.encode(Fraction(value)) == ((raw, 0) if value or not raw else (0, 0))


@pytest.mark.parametrize("dt", [D.FP16, D.BF16])
def test_every_finite_fp16_and_bf16_code_encodes_back_exactly(dt):
    fmt = FORMATS[dt]
    for raw in range(1 << 16):
        if fmt.classify(raw).is_finite:
            assert fmt.encode(fmt.decode(raw)) == (raw, 0), hex(raw)


@settings(max_examples=300, deadline=None)
@given(raw=st.integers(0, (1 << 64) - 1), mode=st.sampled_from(MODES))
def test_fp64_and_fp32_codes_encode_back_exactly(raw, mode):
    for dt, bits in ((D.FP64, raw), (D.FP32, raw & 0xFFFFFFFF), (D.TF32, raw & 0xFFFFE000),
                     (D.HF32, raw & 0xFFFFF000)):
        if classify(dt, bits).is_finite:
            assert encode(dt, decode(dt, bits), ctl(mode)) == (bits, 0)


def test_nan_and_infinity_inputs():
    nan, inf = math.nan, math.inf
    assert encode(D.FP32, nan) == (0x7FC00000, 0) and encode(D.E4M3, nan) == (0x7F, 0)
    assert encode(D.HiF8, nan) == (0x80, 0) and encode(D.E8M0, nan) == (0xFF, NV)
    assert encode(D.E2M1X2, nan) == (0, NV)  # no NaN in the format
    assert encode(D.FP16, -inf) == (0xFC00, 0) and encode(D.FP16, inf, SAT) == (0x7BFF, OVERFLOW)
    assert encode(D.E4M3, inf) == (0x7F, OVERFLOW)  # no infinity: MatrixPostQuantSpecialValue
    assert encode(D.E4M3, -inf, SAT) == (0xFE, OVERFLOW)
    assert encode(D.E3M2, inf) == (0x1F, OVERFLOW)  # neither: the largest finite value
    assert encode(D.HiF8, -inf) == (0xEF, 0) and encode(D.HiF8, inf, SAT) == (0x6E, OVERFLOW)
    assert encode(D.FP32, -0.0) == (0x80000000, 0) and encode(D.HiF8, -0.0) == (0x00, 0)


# ============================================================================ rounding
@pytest.mark.parametrize("dt", [*SMALL_BINARY, D.HiF8])
def test_the_narrow_formats_round_like_a_brute_force_search_of_their_codes(dt):
    """Between every two adjacent values (and beyond the largest): the midpoint, a quarter
    above the lower, a quarter below the upper, both signs, all seven modes (ADR-0047)."""
    fmt = FORMATS[dt]
    sign = 0x80 if dt == D.HiF8 else SMALL_BINARY[dt][3]
    pairs = []
    for raw in range(sign):
        if fmt.classify(raw).is_finite and not (dt == D.HiF8 and raw == 0x6F):
            pairs.append((Fraction(fmt.decode(raw)), raw))
    top, below_top = sorted(pairs)[-1][0], sorted(pairs)[-2][0]
    # where the next value would be: one more step of the top binade (E4M3: 480, E5M2:
    # 2**16, E2M1: 8), for HiF8 1.5 * 2**15 (D4's one mantissa bit)
    beyond = Fraction(3 << 14) if dt == D.HiF8 else top + (top - below_top)
    grid = Grid(pairs, beyond)
    values = grid.values + [beyond]
    for low, high in zip(values, values[1:], strict=False):
        for magnitude in (low + (high - low) / 2, low + (high - low) / 4, high - (high - low) / 4):
            for negative in (False, True):
                for mode in MODES:
                    expected = grid.round(magnitude, negative, mode)
                    got, flags = fmt.encode(-magnitude if negative else magnitude, ctl(mode))
                    if expected is None:  # above the largest finite value: an overflow
                        assert flags == OVERFLOW, (dt, magnitude, mode)
                        continue
                    if expected:
                        expected |= sign if negative else 0
                    elif negative and dt != D.HiF8:
                        expected = sign  # a negative zero
                    assert got == expected, (dt.name, float(magnitude), negative, mode, hex(got), hex(expected))
                    assert flags & NX and not flags & OF


@settings(max_examples=400, deadline=None)
@given(x=st.floats(allow_nan=False, allow_infinity=False, min_value=-3.4e38, max_value=3.4e38),
       mode=st.sampled_from(MODES))
def test_fp32_rounds_doubles_like_the_host_and_its_neighbours(x, mode):
    """RNE is the host's own double -> float cast; the other modes pick the neighbour the
    mode names between the two host neighbours."""
    got, flags = encode(D.FP32, x, ctl(mode))
    neighbours = host_neighbours(x, 32)
    if neighbours is None:
        nearest = host_bits(abs(x), 32)
        if nearest is not None and host_value(nearest, 32) == abs(x):
            assert (got, flags) == (host_bits(x, 32), 0)
        return
    low, high = neighbours
    lo, hi = Fraction(host_value(low, 32)), Fraction(host_value(high, 32))
    negative = x < 0
    grid = Grid([(lo, low), (hi, high)], None)
    expected = grid.round(abs(Fraction(x)), negative, mode)
    assert got == expected | (0x80000000 if negative else 0)
    assert flags & NX
    if mode == "RNE":
        assert got == host_bits(x, 32)  # the host's own rounding


@settings(max_examples=400, deadline=None)
@given(x=st.floats(allow_nan=False, allow_infinity=False, min_value=-65504.0, max_value=65504.0),
       mode=st.sampled_from(MODES))
def test_fp16_rounds_doubles_like_the_host_and_its_neighbours(x, mode):
    got, flags = encode(D.FP16, x, ctl(mode))
    neighbours = host_neighbours(x, 16)
    if neighbours is None:
        assert (got, flags) == (host_bits(x, 16), 0)
        return
    low, high = neighbours
    grid = Grid([(Fraction(host_value(low, 16)), low), (Fraction(host_value(high, 16)), high)], None)
    expected = grid.round(abs(Fraction(x)), x < 0, mode)
    assert got == expected | (0x8000 if x < 0 else 0)
    assert flags & NX
    if mode == "RNE":
        assert got == host_bits(x, 16)


_BF16 = Grid([(Fraction(f32(raw << 16)), raw) for raw in range(0x7F80)], Fraction(2) ** 128)


@settings(max_examples=300, deadline=None)
@given(x=st.floats(allow_nan=False, allow_infinity=False, min_value=-3.3e38, max_value=3.3e38),
       mode=st.sampled_from(MODES))
def test_bf16_rounds_like_a_search_of_all_its_codes(x, mode):
    got, flags = encode(D.BF16, x, ctl(mode))
    expected = _BF16.round(abs(Fraction(x)), x < 0, mode)
    if expected is None:
        assert flags & OF
        return
    if math.copysign(1, x) < 0:
        expected |= 0x8000
    assert got == expected
    assert bool(flags & NX) == (Fraction(f32(expected << 16)) != Fraction(x))


@settings(max_examples=400, deadline=None)
@given(raw=st.integers(0, 0x7F7FFFFF), negative=st.booleans())
def test_fp19_tf32_and_hf32_round_fp32_values_as_fp32_to_fp19_does(raw, negative):
    """FP32ToFP19 (fp19.asl) rounds the 23-bit fraction to ten bits, nearest even, carrying
    into the exponent; TF32 holds the same values as FP19, HF32 keeps eleven fraction bits."""
    bits = raw | (0x80000000 if negative else 0)
    value = f32(bits)
    fp19 = round_fp32_fraction(bits, 13)
    got, flags = encode(FP19, value)
    assert got == fp19 >> 13
    assert bool(flags & NX) == (fp19 != bits)
    assert encode(D.TF32, value)[0] == fp19
    assert encode(D.HF32, value)[0] == round_fp32_fraction(bits, 12)


def test_tie_cases_in_every_mode():
    """ADR-0047's tie rules on FP32: 1 + 2**-24 lies halfway between 1.0 (even) and
    1 + 2**-23 (odd); 1 + 3 * 2**-24 between an odd and an even neighbour."""
    low_even = Fraction(1) + Fraction(2) ** -24
    low_odd = Fraction(1) + 3 * Fraction(2) ** -24
    expect = {
        "RNE": (0x3F800000, 0x3F800002, 0xBF800000), "RNA": (0x3F800001, 0x3F800002, 0xBF800001),
        "RHB": (0x3F800001, 0x3F800002, 0xBF800000), "RTZ": (0x3F800000, 0x3F800001, 0xBF800000),
        "RTO": (0x3F800001, 0x3F800001, 0xBF800001), "RTP": (0x3F800001, 0x3F800002, 0xBF800000),
        "RTM": (0x3F800000, 0x3F800001, 0xBF800001),
    }
    for mode, (a, b, c) in expect.items():
        assert encode(D.FP32, low_even, ctl(mode)) == (a, NX), mode
        assert encode(D.FP32, low_odd, ctl(mode)) == (b, NX), mode
        assert encode(D.FP32, -low_even, ctl(mode)) == (c, NX), mode
    # HiF8: 1.0625 is halfway between 1.0 (0x08) and 1.125 (0x09)
    assert encode(D.HiF8, 1.0625) == (0x08, NX)
    assert encode(D.HiF8, 1.0625, ctl("RNA")) == (0x09, NX)
    assert encode(D.HiF8, -1.0625, ctl("RHB")) == (0x88, NX)


def test_one_rounding_of_a_fraction_no_double_rounding():
    """1 + 2**-24 + 2**-60 is just above FP32's halfway point: it rounds up, although the
    binary64 nearest to it (1 + 2**-24) is a tie that would round down."""
    x = Fraction(1) + Fraction(2) ** -24 + Fraction(2) ** -60
    assert float(x) == 1 + 2.0 ** -24
    assert encode(D.FP32, x) == (0x3F800001, NX)
    assert encode(D.FP64, Fraction(1, 3)) == (struct.unpack("<Q", struct.pack("<d", 1 / 3))[0], NX)


# ============================================================================ range limits
def test_overflow_follows_the_mode_and_sat():
    big = 1e6
    assert encode(D.FP16, 65519.0) == (0x7BFF, NX)
    assert encode(D.FP16, 65520.0) == (0x7C00, OVERFLOW)  # the halfway point rounds to even: beyond
    assert encode(D.FP16, big, ctl("RTZ")) == (0x7BFF, OVERFLOW)
    assert encode(D.FP16, big, ctl("RTO")) == (0x7BFF, OVERFLOW)
    assert encode(D.FP16, big, ctl("RTP")) == (0x7C00, OVERFLOW)
    assert encode(D.FP16, -big, ctl("RTP")) == (0xFBFF, OVERFLOW)
    assert encode(D.FP16, -big, ctl("RTM")) == (0xFC00, OVERFLOW)
    assert encode(D.FP16, big, ctl("RNE", True)) == (0x7BFF, OVERFLOW)
    assert encode(D.FP16, -big, ctl("RHB", True)) == (0xFBFF, OVERFLOW)
    # E4M3: 448 is the top; 464 is halfway to where 480 would be (an odd code): to even, 448
    assert encode(D.E4M3, 464.0) == (0x7E, NX)
    assert encode(D.E4M3, 465.0) == (0x7F, OVERFLOW)  # to "infinity": E4M3's NaN
    assert encode(D.E4M3, -1000.0, ctl("RTZ")) == (0xFE, OVERFLOW)
    assert encode(D.E4M3, 1000.0, SAT) == (0x7E, OVERFLOW)
    # FP4 has neither infinity nor NaN: the largest finite value
    assert encode(D.E2M1X2, 7.0) == (0x7, OVERFLOW)
    assert encode(D.E2M1X2, -6.5) == (0xF, NX)
    # HiF8: 2**15 is the top, 1.5 * 2**15 where the next would be
    assert encode(D.HiF8, 40960.0) == (0x6E, NX)
    assert encode(D.HiF8, 40961.0) == (0x6F, OVERFLOW)
    assert encode(D.HiF8, -1e9, ctl("RTZ")) == (0xEE, OVERFLOW)


def test_underflow_is_detected_after_rounding():
    """ADR-0049: tininess after rounding.  2**-126 - 2**-150 is a tie between FP32's largest
    subnormal (odd) and its smallest normal (even): it rounds to 2**-126, but with an
    unbounded exponent it would stay below: UF.  2**-126 - 2**-151 rounds to 2**-126 either
    way: NX only."""
    tiny = Fraction(2) ** -126 - Fraction(2) ** -150
    assert encode(D.FP32, tiny) == (0x00800000, UNDERFLOW)
    assert encode(D.FP32, Fraction(2) ** -126 - Fraction(2) ** -151) == (0x00800000, NX)
    assert encode(D.FP32, 2.0 ** -149) == (1, 0)  # exact subnormal: no flag
    assert encode(D.FP32, 2.0 ** -151) == (0, UNDERFLOW)
    assert encode(D.FP32, -(2.0 ** -151), ctl("RTM")) == (0x80000001, UNDERFLOW)
    assert encode(D.E4M3, 2.0 ** -10) == (0x00, UNDERFLOW)  # halfway to 2**-9: to even, zero
    assert encode(D.E4M3, 3 * 2.0 ** -11) == (0x01, UNDERFLOW)
    assert encode(D.E2M1X2, 0.1) == (0x0, UNDERFLOW)  # no subnormal class: below 0.5
    assert encode(D.E2M1X2, 0.75) == (0x2, NX)  # 1.0: tie to even
    assert encode(D.HiF8, -1e-9) == (0x00, UNDERFLOW)  # one zero only
    assert encode(D.HiF8, 2.0 ** -22) == (0x01, 0)


def test_e8m0_rounds_the_exponent_as_pto_tcvt_e8m0_profile_001_says():
    """e8m0-conversion.asl: exact powers are exact; RNE compares with 2**(f + 1/2);
    RTZ rounds the exponent toward zero; zero, negatives and NaN are 0xFF with NV;
    below 2**-127 or above 2**127 0xFF (or the endpoint under Sat) with UF|NX / OF|NX."""
    assert encode(D.E8M0, 1.0) == (127, 0) and encode(D.E8M0, 2.0 ** -127) == (0, 0)
    assert encode(D.E8M0, 2.0 ** 127) == (254, 0)
    assert encode(D.E8M0, 1.41) == (127, NX) and encode(D.E8M0, 1.42) == (128, NX)  # sqrt(2) = 1.414...
    assert encode(D.E8M0, 0.75, ctl("RTZ")) == (127, NX)  # exponent -1 toward 0
    assert encode(D.E8M0, 3.0, ctl("RTZ")) == (128, NX)
    assert encode(D.E8M0, 3.0, ctl("RTO")) == (128, NX)  # floor exponent 1 is odd
    assert encode(D.E8M0, 6.0, ctl("RTO")) == (130, NX)  # floor 2 is even: the ceiling
    assert encode(D.E8M0, 0.0) == (0xFF, NV) and encode(D.E8M0, -4.0) == (0xFF, NV)
    assert encode(D.E8M0, 2.0 ** -128) == (0xFF, UNDERFLOW)
    assert encode(D.E8M0, 2.0 ** -128, SAT) == (0x00, UNDERFLOW)
    assert encode(D.E8M0, 1.5 * 2.0 ** 127) == (0xFF, OVERFLOW)
    assert encode(D.E8M0, 1.5 * 2.0 ** 127, SAT) == (0xFE, OVERFLOW)
    assert encode(D.E8M0, math.inf, SAT) == (0xFE, OVERFLOW)


def test_integer_elements_round_then_wrap_or_saturate():
    """ReferenceMatrixIntegerEncoding and MatrixPostQuantSpecialValue."""
    assert encode(D.S8, 130) == (0x82, OVERFLOW)  # wraps
    assert encode(D.S8, 130, SAT) == (0x7F, OVERFLOW)
    assert encode(D.S8, -129.0, SAT) == (0x80, OVERFLOW)
    assert encode(D.S8, 2.5) == (2, NX) and encode(D.S8, 3.5) == (4, NX)
    assert encode(D.S8, -2.5, ctl("RNA")) == (0xFD, NX)  # -3: away from zero
    assert encode(D.S8, -2.5, ctl("RHB")) == (0xFE, NX)  # -2: the greater
    assert encode(D.U8, -1, SAT) == (0, OVERFLOW)
    assert encode(D.U4X2, Fraction(31, 2), ctl("RTZ")) == (15, NX)
    assert encode(D.S4X2, -8) == (0x8, 0)
    assert encode(D.S32, math.nan) == (0x80000000, NV) and encode(D.S32, math.nan, SAT) == (0, NV)
    assert encode(D.S32, math.inf) == (0x80000000, NV)
    assert encode(D.S32, -math.inf, SAT) == (0x80000000, OVERFLOW)
    assert encode(D.U64, (1 << 64) + 5) == (5, OVERFLOW)
    assert encode(D.U64, 2.0 ** 64, SAT) == ((1 << 64) - 1, OVERFLOW)


def test_bad_inputs_are_refused():
    with pytest.raises(TypeError, match="int, Fraction or float"):
        encode(D.FP32, "1.0")  # type: ignore[arg-type]
    with pytest.raises(InvalidEncoding, match="E3M2"):
        decode(D.E3M2, 0x40)
