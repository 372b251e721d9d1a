"""The fast element codecs give exactly what the exact encoder and decoder give.

The fast paths (decode tables, ``struct``, the nearest-even boundary search) must be the
same function as :mod:`ptodbg.tile.formats` - raw bits and flags - for every input, so the
tests compare them on every code of the narrow formats, on the points where rounding is
delicate (midpoints, the edges of the subnormal and overflow ranges), and on random values.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ptodbg.tile.codecs import decode_array, decode_table, decoder, encode_array, encoder
from ptodbg.tile.dtypes import DataType
from ptodbg.tile.formats import FORMATS, InvalidEncoding
from ptodbg.tile.rounding import NX, NumericControl, Rounding

D = DataType
FLOATING = [dt for dt in DataType if dt.is_floating]
NARROW = [dt for dt in FLOATING if FORMATS[dt].width <= 8]


def same(a: float | int, b: float | int) -> bool:
    if isinstance(a, float) and math.isnan(a):
        return isinstance(b, float) and math.isnan(b)
    return a == b and (not isinstance(a, float) or math.copysign(1, a) == math.copysign(1, b))


def exact_decode(dt: DataType, raw: int) -> float | int | type:
    try:
        return FORMATS[dt].decode(raw)
    except InvalidEncoding:
        return InvalidEncoding


def fast_decode(dt: DataType, raw: int) -> float | int | type:
    try:
        return decoder(dt)(raw)
    except InvalidEncoding:
        return InvalidEncoding


@pytest.mark.parametrize("dt", [*NARROW, D.FP16, D.BF16])
def test_decoders_of_the_narrow_formats_match_on_every_code(dt):
    for raw in range(1 << FORMATS[dt].width):
        a, b = exact_decode(dt, raw), fast_decode(dt, raw)
        assert a is b if a is InvalidEncoding else same(a, b), hex(raw)


def test_a_decode_table_holds_one_value_per_carrier_code():
    assert len(decode_table(D.E4M3)) == 256 and len(decode_table(D.E2M1X2)) == 16
    assert decode_table(D.E3M2)[0x40] is None  # bits 7:6 set: invalid
    assert decode_table(D.E4M3)[0x3C] == 1.5


@settings(max_examples=300, deadline=None)
@given(raw=st.integers(0, (1 << 64) - 1), dt=st.sampled_from([D.FP64, D.FP32, D.TF32, D.HF32, *DataType.__members__.values()]))
def test_decoders_match_on_random_carriers(raw, dt):
    a, b = exact_decode(dt, raw), fast_decode(dt, raw)
    assert a is b if a is InvalidEncoding else same(a, b)


def _probe_values(dt: DataType) -> list[float]:
    """Every value of a narrow format, the midpoints and quarter points between neighbours,
    both signs, and the points around the smallest normal and the largest finite value."""
    fmt = FORMATS[dt]
    values = sorted({abs(fmt.decode(r)) for r in range(1 << fmt.width)
                     if fmt.classify(r).is_finite})
    out = []
    for a, b in zip(values, values[1:], strict=False):
        out += [a, (a + b) / 2, a + (b - a) / 4, b - (b - a) / 4, math.nextafter((a + b) / 2, 0),
                math.nextafter((a + b) / 2, math.inf)]
    top = values[-1]
    out += [top, top * 1.01, top * 1.1, top * 2, 1e300, 5e-324, 0.0]
    return out + [-x for x in out]


@pytest.mark.parametrize("dt", NARROW)
def test_nearest_even_encoders_of_the_narrow_formats_match_everywhere_it_matters(dt):
    fast = encoder(dt)
    exact = FORMATS[dt].encode
    for x in _probe_values(dt) + [math.inf, -math.inf, math.nan, -0.0]:
        assert fast(x) == exact(x), (dt.name, x)


@settings(max_examples=500, deadline=None)
@given(x=st.floats(allow_nan=True, allow_infinity=True), dt=st.sampled_from(FLOATING))
def test_encoders_match_on_random_doubles(x, dt):
    assert encoder(dt)(x) == FORMATS[dt].encode(x)


@pytest.mark.parametrize("dt", [D.FP16, D.FP32, D.BF16, D.TF32, D.HF32])
def test_fast_encoders_fall_back_at_the_range_edges(dt):
    fmt = FORMATS[dt]
    fast = encoder(dt)
    top = fmt.decode(fmt.max_finite())
    min_normal = 2.0 ** fmt.emin
    for x in (top, math.nextafter(top, math.inf), top * (1 + 2.0 ** -(fmt.fbits + 1)), top * 2,
              # the last two: a halfway point that rounds up to the smallest normal but is
              # tiny with an unbounded exponent (UF), and one that is not (ADR-0049)
              min_normal, math.nextafter(min_normal, 0), min_normal * (1 - 2.0 ** -(fmt.fbits + 1)),
              min_normal * (1 - 2.0 ** -(fmt.fbits + 2)),
              min_normal / 3, 2.0 ** (fmt.emin - fmt.fbits - 1), -0.0):
        for v in (x, -x):
            assert fast(v) == fmt.encode(v), (dt.name, v)


def test_other_controls_and_exact_numbers_take_the_exact_path():
    for mode in Rounding:
        for saturating in (False, True):
            control = NumericControl(mode, saturating)
            for dt in FLOATING:
                for x in (1.0 + 2.0 ** -30, -3.3e38, 1e-40, Fraction(1, 3), 7):
                    assert encoder(dt, control)(x) == FORMATS[dt].encode(x, control)
    assert encoder(D.FP32)(Fraction(1, 3)) == FORMATS[D.FP32].encode(Fraction(1, 3))
    assert encoder(D.S8)(2.5) == (2, NX)


def test_arrays_are_the_elements_one_by_one():
    raws = [0x3F800000, 0xBF800000, 0x7FC00000, 0x00000001]
    assert [same(a, b) for a, b in zip(decode_array(D.FP32, raws), [1.0, -1.0, math.nan, 2.0 ** -149],
                                       strict=True)] == [True] * 4
    assert decode_array(D.FP16, [0x3C00, 0xFC00]) == [1.0, -math.inf]
    assert decode_array(D.S8, [0xFF, 0x7F]) == [-1, 127]
    assert decode_array(D.FP64, []) == []
    assert decode_array(D.BF16, [0x3F80, 0xC000]) == [1.0, -2.0]
    assert decode_array(D.HF32, [0x3F801000]) == [1.0 + 2.0 ** -11]
    with pytest.raises(InvalidEncoding, match="TF32"):
        decode_array(D.TF32, [0x3F800000, 0x3F800001])
    values = [1.0, 1.0 + 2.0 ** -24, 70000.0]
    raws16, flags = encode_array(D.FP16, values)
    assert raws16 == [FORMATS[D.FP16].encode(v)[0] for v in values]
    assert flags == FORMATS[D.FP16].encode(1.0 + 2.0 ** -24)[1] | FORMATS[D.FP16].encode(70000.0)[1]
