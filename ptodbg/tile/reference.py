"""The pto-v0 reference profile's own numeric encoders, bit-exact.

The spec's executable profile (``asl/arch/profile/reference-quantization.asl``,
``matrix-quantization.asl``, ``fp19.asl``) defines the destination encodings of matrix
post-processing (B.FPATR) and quantization by its own rules.  They round like
:mod:`ptodbg.tile.formats` (the same exact :func:`~ptodbg.tile.formats.round_binary`) but
differ at the edges, and these functions keep those differences:

* overflow does not depend on the mode: a rounded magnitude above the largest finite value
  gives infinity (FP32, FP16, BF16, HiF8) or E4M3's NaN - or under Sat the largest finite
  value - with OF|NX; FP8 overflows as soon as the exact magnitude exceeds 448 (E4M3) or
  2**15 (HiF8), before rounding;
* UF is raised when an inexact value is below the smallest normal *before* rounding;
* an FP8 result that rounds or truncates to zero is +0 (0x00) whatever the sign;
* FP8 RTO truncates, then an inexact even code moves to the nearest odd code away from zero.

A "real" here is an ``int`` or ``fractions.Fraction`` (the ASL ``real``), or a ``float``.
"""

from __future__ import annotations

from fractions import Fraction

from ptodbg.tile.dtypes import DataType
from ptodbg.tile.formats import (
    BF16,
    E4M3,
    FP16,
    FP19,
    FP32,
    HIF8,
    BinaryFormat,
    Number,
    ValueClass,
    encode,
    positive_values,
    round_binary,
)
from ptodbg.tile.rounding import (
    DEFAULT_CONTROL,
    NX,
    OF,
    OVERFLOW,
    UNDERFLOW,
    NumericControl,
    Rounding,
    round_to_integer,
)


def _finite(value: Number) -> tuple[bool, int, int] | None:
    """(negative, numerator, denominator) of a nonzero finite real, None for zero."""
    try:
        exact = Fraction(value)
    except (ValueError, OverflowError):
        raise ValueError(f"the reference encoders take finite reals, not {value!r}") from None
    if exact == 0:
        return None
    return exact < 0, abs(exact.numerator), exact.denominator


def _binary(fmt: BinaryFormat, value: Number, mode: int, overflow: int) -> tuple[int, int]:
    """Round into ``fmt``; overflow gives ``overflow`` (with the sign) and OF|NX."""
    parts = _finite(value)
    if parts is None:
        return 0, 0
    negative, num, den = parts
    n, q, inexact, e = round_binary(fmt.fbits, fmt.emin, negative, num, den, mode)
    sign = fmt.sign_bit_value if negative else 0
    if q > fmt.max_q or (q == fmt.max_q and n > fmt.max_sig):
        return overflow | sign, OVERFLOW
    raw = fmt.pack(negative, n, q)
    if not inexact:
        return raw, 0
    return raw, (UNDERFLOW if e < fmt.emin else NX)


def fp32_encoding(value: Number, mode: Rounding) -> tuple[int, int]:
    """ReferenceFP32FiniteEncoding: (FP32 raw, flags)."""
    return _binary(FP32, value, mode, 0x7F800000)


def binary16_encoding(value: Number, dt: DataType, control: NumericControl) -> tuple[int, int]:
    """ReferenceBinary16Encoding for FP16 or BF16: (raw, flags)."""
    fmt = {DataType.FP16: FP16, DataType.BF16: BF16}[dt]
    overflow = fmt.max_finite() if control.saturating else fmt.inf_raw
    assert overflow is not None
    return _binary(fmt, value, control.rounding, overflow)


_FP8 = {
    # dt: (format, largest finite, sign bit, smallest normal, saturated +/-, overflow +/-)
    DataType.E4M3: (E4M3, 448, 0x80, Fraction(1, 64), (0x7E, 0xFE), (0x7F, 0x7F)),
    DataType.HiF8: (HIF8, 32768, 0x80, Fraction(1, 32768), (0x6E, 0xEE), (0x6F, 0xEF)),
}
_FP8_TABLES = {dt: positive_values(fmt, 0x80) for dt, (fmt, *_) in _FP8.items()}


def fp8_encoding(value: Number, dt: DataType, control: NumericControl) -> tuple[int, int]:
    """ReferenceFP8Encoding for E4M3 or HiF8: (raw, flags)."""
    _, largest, sign_bit, min_normal, saturated, overflow = _FP8[dt]
    parts = _finite(value)
    if parts is None:
        return 0, 0
    negative, num, den = parts
    magnitude = Fraction(num, den)
    if magnitude > largest:
        return (saturated if control.saturating else overflow)[negative], OVERFLOW
    values, codes = _FP8_TABLES[dt]
    lo = _last_at_most(values, magnitude)
    low, low_code = values[lo], codes[lo]
    if low == magnitude:
        return (low_code | sign_bit if negative and low_code else low_code), 0
    high, high_code = values[lo + 1], codes[lo + 1]  # magnitude <= largest: a value above exists
    mode = control.rounding
    if mode in (Rounding.RTZ, Rounding.RTO):
        pick_high = False
    elif mode == Rounding.RTP:
        pick_high = not negative
    elif mode == Rounding.RTM:
        pick_high = negative
    else:  # the nearest modes: ties by the even code, the larger magnitude, the greater value
        twice = 2 * magnitude
        if twice != low + high:
            pick_high = twice > low + high
        elif mode == Rounding.RNE:
            pick_high = bool(low_code & 1)
        elif mode == Rounding.RNA:
            pick_high = True
        else:
            pick_high = not negative
    code = high_code if pick_high else low_code
    if mode == Rounding.RTO and not code & 1:
        code = next((c for c in codes[lo + 1:] if c & 1), code)  # next odd code away from zero
    flags = UNDERFLOW if magnitude < min_normal else NX
    return (code | sign_bit if negative and code else code), flags


def _last_at_most(values: list[float], magnitude: Fraction) -> int:
    """The index of the largest table value <= magnitude (values ascending from 0)."""
    lo, hi = 0, len(values)
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if values[mid] <= magnitude:
            lo = mid
        else:
            hi = mid
    return lo


def matrix_float_encoding(value: Number, dt: DataType,
                          control: NumericControl = DEFAULT_CONTROL) -> tuple[int, int]:
    """ReferenceMatrixFloatingEncoding: FP32 (Sat clamps an overflow to the largest finite
    value), FP16/BF16, E4M3/HiF8."""
    if dt == DataType.FP32:
        raw, flags = fp32_encoding(value, control.rounding)
        if control.saturating and flags & OF:
            return (raw & 0x80000000) | 0x7F7FFFFF, flags
        return raw, flags
    if dt in (DataType.FP16, DataType.BF16):
        return binary16_encoding(value, dt, control)
    if dt in _FP8:
        return fp8_encoding(value, dt, control)
    raise ValueError(f"matrix post-processing does not encode {dt.name}")


def matrix_integer_encoding(value: Number, dt: DataType,
                            control: NumericControl = DEFAULT_CONTROL) -> tuple[int, int]:
    """ReferenceMatrixIntegerEncoding: round by the mode, then clamp (Sat) or wrap, OF|NX
    when out of range - the integer rule of :func:`ptodbg.tile.formats.encode`."""
    if not dt.is_integer:
        raise ValueError(f"{dt.name} is not an integer type")
    return encode(dt, value, control)


def round_and_saturate_signed(value: Number, width: int, mode: Rounding) -> tuple[int, int]:
    """MatrixRoundAndSaturateSigned: round to an integer, clamp to the signed ``width``-bit
    range (5, 9 or 17), OF|NX when clamped, NX when inexact: (integer, flags)."""
    if width not in (5, 9, 17):
        raise ValueError(f"intermediate width {width} is not 5, 9 or 17")
    rounded, inexact = round_to_integer(Fraction(value), mode)
    low, high = -(1 << (width - 1)), (1 << (width - 1)) - 1
    if rounded < low or rounded > high:
        return (low if rounded < low else high), OVERFLOW
    return rounded, (NX if inexact else 0)


def shift_s32_to_s16(raw32: int, shift: int) -> tuple[int, int]:
    """MatrixShiftS32ToS16: arithmetic shift right by 1..16, saturated to S16 with OF|NX:
    (S16 raw, flags)."""
    if not 1 <= shift <= 16:
        raise ValueError(f"shift {shift} is not 1..16")
    raw32 &= 0xFFFFFFFF
    value = (raw32 - (1 << 32) if raw32 >> 31 else raw32) >> shift
    if value < -0x8000:
        return 0x8000, OVERFLOW
    if value > 0x7FFF:
        return 0x7FFF, OVERFLOW
    return value & 0xFFFF, 0


# ------------------------------------------------------------------------ FP19 (B.FPATR)
def fp32_to_fp19(raw32: int) -> int:
    """FP32ToFP19: round the fraction to ten bits, nearest even (FP19 has FP32's exponent
    range, so this is plain RNE conversion); every NaN gives the canonical 0x3FE00."""
    value = FP32.decode(raw32 & 0xFFFFFFFF)
    raw, _ = FP19.encode(value, DEFAULT_CONTROL)
    return raw


def fp19_value(raw19: int) -> float:
    """FP19FiniteValue: the exact value of a finite FP19 carrier."""
    if not FP19.classify(raw19).is_finite:
        raise ValueError(f"FP19 {raw19:#x} is not finite")
    return FP19.decode(raw19)


def fp19_scale_legal(raw19: int) -> bool:
    """FP19ScaleLegal: a B.FPATR scale must be a positive normal value."""
    return FP19.classify(raw19) == ValueClass.PositiveNormal


def fp19_activation_legal(raw19: int) -> bool:
    """FP19ActivationParameterLegal: positive zero or a positive normal value."""
    return FP19.classify(raw19) in (ValueClass.PositiveZero, ValueClass.PositiveNormal)


# The matrix quantization parameter word: FP19 scale at [31:13], a signed offset of 5, 9 or
# 17 bits from bit 37, a 4-bit shift code at [35:32] (MatrixQuantParameter,
# MatrixShiftParameter).
_SCALE_SHIFT, _OFFSET_SHIFT, _SHIFT_CODE_SHIFT = 13, 37, 32


def quant_parameter(fp19: int, offset: int, width: int) -> int:
    """MatrixQuantParameter: the parameter word of a scale and an offset field of ``width``
    (0, 5, 9 or 17) bits."""
    if width not in (0, 5, 9, 17):
        raise ValueError(f"offset width {width} is not 0, 5, 9 or 17")
    word = (fp19 & 0x7FFFF) << _SCALE_SHIFT
    return word | ((offset & ((1 << width) - 1)) << _OFFSET_SHIFT)


def quant_offset(parameter: int, width: int) -> int:
    """MatrixQuantOffset: the signed offset of a parameter word (0 when ``width`` is 0)."""
    if width not in (0, 5, 9, 17):
        raise ValueError(f"offset width {width} is not 0, 5, 9 or 17")
    if width == 0:
        return 0
    field = (parameter >> _OFFSET_SHIFT) & ((1 << width) - 1)
    return field - (1 << width) if field >> (width - 1) else field


def shift_parameter(code: int) -> int:
    """MatrixShiftParameter: the parameter word of a shift code (0..15, shifting by code+1)."""
    if not 0 <= code <= 15:
        raise ValueError(f"shift code {code} is not 0..15")
    return code << _SHIFT_CODE_SHIFT
