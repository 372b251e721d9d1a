"""Exact numeric formats: decode, classify, decompose and encode every tile data type and FP19.

Facts from the spec (``asl/arch/data-types/formats/*.asl``, ``numeric-formats.asl``,
``format-descriptor.asl``, ``fp19.asl``, ``asl/arch/features/mx-formats.asl``):

* the bit layout, bias and special encodings of each format, its FormatDescriptor, its
  value classes (TileNumericValueClass), its exact finite decomposition
  ``(-1)**negative * significand * 2**exponent`` (TileNumericFiniteDecomposition), the
  canonical NaN, the signed-zero encodings and the subnormal boundaries;
* E4M3 has no infinity and one NaN per sign (S.1111.111); E5M2 is IEEE-like; E3M2, E2M3,
  E2M1, E1M2 and HiF4 have neither infinity nor NaN; TF32/HF32 carry their 19/20-bit value
  in the top of a 32-bit word (low 13/12 bits must be zero), E3M2/E2M3 in the low 6 bits of
  a byte (high 2 bits must be zero); a violating carrier is an *invalid encoding*;
* HiF8 is tapered: a "dot" prefix field selects 0-4 exponent bits (sign-magnitude) and 3-1
  mantissa bits; 0x00 is its only zero, 0x80 its NaN, 0x6F/0xEF its infinities, codes
  0x01-0x07 its denormals 2**-22 .. 2**-16;
* E8M0 is an unsigned power of two 2**(code-127); 0xFF is NaN; there is no zero.
  Encoding to E8M0 is the spec's rule (``asl/arch/profile/e8m0-conversion.asl``,
  PTO-TCVT-E8M0-PROFILE-001): the *base-two exponent* is rounded (nearest by comparing the
  square with an odd power of two), zero/negative/NaN give 0xFF with NV, out-of-range
  values 0xFF (or the finite endpoint under Sat) with UF|NX or OF|NX.

Every value these formats hold is a binary64 value, so :meth:`NumericFormat.decode`
returns a Python ``float`` and is exact (NaN payloads and signs are not kept: use
:meth:`~NumericFormat.classify`).  Integer types decode to ``int``.

Encoding takes an exact number - ``int``, ``fractions.Fraction`` or ``float`` (a float
also carries -0.0, the infinities and NaN) - and rounds it *once* with integer arithmetic
(:func:`ptodbg.tile.rounding.round_ratio`); nothing goes through host floating point.
Where the spec leaves the result open (ADR-0088/0090 are drafts) ptodbg follows IEEE 754
(the spec's named hardware profile is IEEE-based, ADR-0049): gradual underflow with
tininess detected after rounding, and overflow by mode - the nearest modes (RNE, RNA,
RHB) to infinity, RTZ and RTO to the largest finite value, RTP/RTM by sign.  Three
additions for the narrow formats follow the spec's own encoders: Sat clamps every
overflow (and an infinite input) to the largest finite value with OF|NX; "to infinity"
in a format without infinities gives its canonical NaN (E4M3) or, without a NaN either,
the largest finite value (FP6/FP4, as OCP MX does), always with OF|NX; a NaN input gives
the canonical NaN, or +0 with NV in a format without NaN.  For E2M1, E1M2 and HiF4 (no
subnormal class) UF is raised when an inexact result is below the smallest positive
value.  Integer elements round by the mode, then saturate (Sat) or wrap modulo 2**bits,
with OF|NX when out of range (ReferenceMatrixIntegerEncoding); NaN gives the minimum
(0 under Sat) with NV, an infinity the minimum with NV or, under Sat, the endpoint of its
sign with OF|NX (MatrixPostQuantSpecialValue).

The spec's reference-profile encoders, whose overflow and zero rules differ from these,
are in :mod:`ptodbg.tile.reference`.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass
from enum import IntEnum
from fractions import Fraction
from typing import NamedTuple

from ptodbg.tile.dtypes import DataType
from ptodbg.tile.rounding import (
    DEFAULT_CONTROL,
    NV,
    NX,
    OVERFLOW,
    UNDERFLOW,
    NumericControl,
    Rounding,
    round_ratio,
    round_up,
)

Number = int | Fraction | float


class InvalidEncoding(ValueError):
    """A carrier whose constrained bits are not zero (TF32, HF32, E3M2, E2M3), decoded."""


class ValueClass(IntEnum):
    """NumericValueClass (``asl/arch/data-types/numeric-classification.asl``)."""

    InvalidEncoding = 0
    PositiveZero = 1
    NegativeZero = 2
    PositiveSubnormal = 3
    NegativeSubnormal = 4
    PositiveNormal = 5
    NegativeNormal = 6
    PositiveInfinity = 7
    NegativeInfinity = 8
    QuietNaN = 9
    SignalingNaN = 10

    @property
    def is_nan(self) -> bool:
        return self >= ValueClass.QuietNaN

    @property
    def is_infinity(self) -> bool:
        return self in (ValueClass.PositiveInfinity, ValueClass.NegativeInfinity)

    @property
    def is_zero(self) -> bool:
        return self in (ValueClass.PositiveZero, ValueClass.NegativeZero)

    @property
    def is_subnormal(self) -> bool:
        return self in (ValueClass.PositiveSubnormal, ValueClass.NegativeSubnormal)

    @property
    def is_finite(self) -> bool:
        return ValueClass.PositiveZero <= self <= ValueClass.NegativeNormal

    @property
    def asl_name(self) -> str:
        return "NumericValue_" + self.name


def _finite_class(negative: bool, zero: bool, subnormal: bool) -> ValueClass:
    """NumericValueClassFromFiniteSign."""
    if zero:
        return ValueClass.NegativeZero if negative else ValueClass.PositiveZero
    if subnormal:
        return ValueClass.NegativeSubnormal if negative else ValueClass.PositiveSubnormal
    return ValueClass.NegativeNormal if negative else ValueClass.PositiveNormal


class Kind(IntEnum):
    """NumericFormatKind."""

    Unavailable = 0
    FixedBinary = 1
    HiF8 = 2
    E8M0 = 3


@dataclass(frozen=True)
class Descriptor:
    """NumericFormatDescriptor: the format's carrier, lanes, fields and special values."""

    available: bool = False
    kind: Kind = Kind.Unavailable
    carrier_bits: int = 0
    lane_bits: int = 0
    lanes_per_carrier: int = 0
    sign_bits: int = 0
    sign_bit: int = 0
    exponent_bits_min: int = 0
    exponent_bits_max: int = 0
    fraction_bits_min: int = 0
    fraction_bits_max: int = 0
    exponent_bias_available: bool = False
    exponent_bias: int = 0
    required_low_zero_bits: int = 0
    required_high_zero_bits: int = 0
    has_zero: bool = False
    has_signed_zero: bool = False
    has_subnormal: bool = False
    has_infinity: bool = False
    has_quiet_nan: bool = False
    has_signaling_nan: bool = False


UNAVAILABLE = Descriptor()
"""UnavailableNumericFormatDescriptor: what an integer type reports."""


class Decomposition(NamedTuple):
    """TileNumericFiniteDecomposition: a finite value is
    ``(-1)**negative * significand * 2**exponent``; ``available`` is False (and the rest
    zero) for infinities, NaNs, invalid encodings and integer types."""

    available: bool
    negative: bool
    significand: int
    exponent: int


NOT_FINITE = Decomposition(False, False, 0, 0)

# What an encoder input is, after _parse.
_ZERO, _FINITE, _INF, _NAN = range(4)


def _parse(value: Number) -> tuple[int, bool, int, int]:
    """(class, negative, numerator, denominator) of an exact number: the magnitude is
    ``numerator / denominator`` with both positive."""
    t = type(value)
    if t is float:
        if math.isnan(value):
            return _NAN, False, 0, 1
        if value == 0.0:
            return _ZERO, math.copysign(1.0, value) < 0, 0, 1
        if value in (math.inf, -math.inf):
            return _INF, value < 0, 0, 1
        num, den = value.as_integer_ratio()
    elif t is int:
        num, den = value, 1
    elif t is Fraction:
        num, den = value.numerator, value.denominator
    else:
        raise TypeError(f"a value to encode must be an int, Fraction or float, not {t.__name__}")
    if num == 0:
        return _ZERO, False, 0, 1
    if num < 0:
        return _FINITE, True, -num, den
    return _FINITE, False, num, den


def _floor_log2(num: int, den: int) -> int:
    """floor(log2(num / den)) for positive integers."""
    e = num.bit_length() - den.bit_length()
    if e >= 0:
        if num < den << e:
            e -= 1
    elif num << -e < den:
        e -= 1
    return e


def round_binary(fbits: int, emin: int, negative: bool, num: int, den: int,
                 mode: int) -> tuple[int, int, bool, int]:
    """Round the magnitude ``num/den`` (> 0) to ``fbits`` fraction bits with the exponent
    bounded below by ``emin`` (gradual underflow) and unbounded above.

    Returns ``(n, q, inexact, e)``: the result is ``n * 2**q`` with ``n`` < 2**(fbits+1)
    (``n`` < 2**fbits only at ``q == emin - fbits``: a subnormal, or 0), and
    ``e = floor(log2(num/den))`` of the exact input."""
    e = _floor_log2(num, den)
    q = (e if e > emin else emin) - fbits
    if q >= 0:
        d = den << q
        n, r = divmod(num, d)
    else:
        d = den
        n, r = divmod(num << -q, den)
    if not r:
        return n, q, False, e
    twice = r << 1
    if round_up(mode, negative, n & 1, (twice > d) - (twice < d)):
        n += 1
        if n >> (fbits + 1):
            n >>= 1
            q += 1
    return n, q, True, e


def _overflows_to_infinity(mode: int, negative: bool) -> bool:
    """IEEE 754 overflow: the nearest modes and the directed mode pointing away go to
    infinity; RTZ, RTO and the directed mode pointing back give the largest finite value."""
    if mode in (Rounding.RNE, Rounding.RNA, Rounding.RHB):
        return True
    return (mode == Rounding.RTP and not negative) or (mode == Rounding.RTM and negative)


class NumericFormat:
    """One format: the shared interface (see the module docstring for the rules)."""

    name: str
    width: int  # carrier bits that carry the value (4 for a packed lane, 19 for FP19)
    descriptor: Descriptor = UNAVAILABLE
    canonical_nan: int | None = None
    is_floating = True

    def classify(self, raw: int) -> ValueClass:
        raise NotImplementedError

    def decompose(self, raw: int) -> Decomposition:
        raise NotImplementedError

    def decode(self, raw: int) -> float | int:
        raise NotImplementedError

    def encode(self, value: Number, control: NumericControl = DEFAULT_CONTROL) -> tuple[int, int]:
        """``value`` rounded into this format: (raw bits, flags)."""
        raise NotImplementedError

    def encoding_valid(self, raw: int) -> bool:
        """TileNumericEncodingValid: the constrained carrier bits are zero."""
        return True

    @property
    def signed_zeros(self) -> tuple[int, int] | None:
        """(+0, -0) encodings, when the format has a negative zero."""
        return None

    @property
    def subnormal_boundaries(self) -> tuple[int, int, int] | None:
        """(smallest subnormal, largest subnormal, smallest normal) encodings."""
        return None

    def max_finite(self, negative: bool = False) -> int:
        """The encoding of the largest finite value of a sign."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<format {self.name}>"


class BinaryFormat(NumericFormat):
    """A sign/exponent/fraction format: FP64 ... E5M2, the FP6 and FP4 kinds, FP19.

    ``nan``: "ieee" (all-ones exponent: infinity or NaN, fraction MSB = quiet), "ones"
    (E4M3: only all-ones exponent *and* fraction is NaN, no infinity) or None (no
    specials).  ``shift`` is the number of required-zero low bits (TF32, HF32);
    ``carrier`` the bits of the carrier the value sits in (bits above ``shift + 1 + ebits +
    fbits`` must be zero when narrower: E3M2 and E2M3 in a byte)."""

    def __init__(self, name: str, ebits: int, fbits: int, bias: int, *, nan: str | None = "ieee",
                 shift: int = 0, carrier: int | None = None, subnormal_class: bool = True,
                 canonical_nan: int | None = None, packed: bool = False) -> None:
        self.name = name
        self.ebits, self.fbits, self.bias, self.shift = ebits, fbits, bias, shift
        self.nan = nan
        self.has_inf = nan == "ieee"
        self.subnormal_class = subnormal_class
        self.lane_bits = 1 + ebits + fbits + shift
        self.width = carrier or self.lane_bits
        self.carrier_mask = (1 << self.width) - 1
        self.value_mask = (1 << self.lane_bits) - 1
        self.low_mask = (1 << shift) - 1
        self.sign_shift = ebits + fbits
        self.emask = (1 << ebits) - 1
        self.fmask = (1 << fbits) - 1
        self.emin = 1 - bias
        top = self.emask - (1 if nan == "ieee" else 0)  # largest biased exponent of a finite value
        self.emax = top - bias
        self.max_sig = (2 << fbits) - (2 if nan == "ones" else 1)
        self.max_q = self.emax - fbits  # the quantum exponent of the top binade
        self.min_q = self.emin - fbits  # the quantum exponent of the subnormals
        self.canonical_nan = canonical_nan
        self.sign_bit_value = 1 << (self.sign_shift + shift)
        self.inf_raw = (self.emask << fbits) << shift if self.has_inf else None
        top_fraction = self.max_sig - (1 << fbits)
        self._max_raw = ((top << fbits) | top_fraction) << shift
        carrier_bits = 8 if packed or self.lane_bits < 8 else self.width
        self.descriptor = Descriptor(
            available=True, kind=Kind.FixedBinary, carrier_bits=carrier_bits,
            lane_bits=self.lane_bits, lanes_per_carrier=carrier_bits // self.lane_bits,
            sign_bits=1, sign_bit=self.lane_bits - 1, exponent_bits_min=ebits,
            exponent_bits_max=ebits, fraction_bits_min=fbits, fraction_bits_max=fbits,
            exponent_bias_available=True, exponent_bias=bias, required_low_zero_bits=shift,
            required_high_zero_bits=0 if packed else carrier_bits - self.lane_bits,
            has_zero=True, has_signed_zero=True, has_subnormal=subnormal_class,
            has_infinity=self.has_inf, has_quiet_nan=nan is not None,
            has_signaling_nan=nan == "ieee")
        # The smallest magnitude that is not tiny: 2**emin, or for a format without a
        # subnormal class the smallest positive value.
        self.tiny_e = self.emin if subnormal_class else self.min_q

    # ------------------------------------------------------------------ reading
    def encoding_valid(self, raw: int) -> bool:
        raw &= self.carrier_mask
        return not (raw & self.low_mask) and not (raw >> self.lane_bits)

    def _fields(self, raw: int) -> tuple[int, int, int] | None:
        raw &= self.carrier_mask
        if raw & self.low_mask or raw >> self.lane_bits:
            return None
        v = raw >> self.shift
        return v >> self.sign_shift, (v >> self.fbits) & self.emask, v & self.fmask

    def _special(self, biased: int, frac: int) -> bool:
        if self.nan == "ieee":
            return biased == self.emask
        return self.nan == "ones" and biased == self.emask and frac == self.fmask

    def classify(self, raw: int) -> ValueClass:
        f = self._fields(raw)
        if f is None:
            return ValueClass.InvalidEncoding
        sign, biased, frac = f
        if self._special(biased, frac):
            if self.nan == "ones":
                return ValueClass.QuietNaN
            if frac == 0:
                return ValueClass.NegativeInfinity if sign else ValueClass.PositiveInfinity
            return ValueClass.QuietNaN if frac >> (self.fbits - 1) else ValueClass.SignalingNaN
        return _finite_class(bool(sign), biased == 0 and frac == 0,
                             biased == 0 and frac != 0 and self.subnormal_class)

    def decompose(self, raw: int) -> Decomposition:
        f = self._fields(raw)
        if f is None:
            return NOT_FINITE
        sign, biased, frac = f
        if self._special(biased, frac):
            return NOT_FINITE
        if biased == 0:
            return Decomposition(True, bool(sign), frac, self.min_q if frac else 0)
        return Decomposition(True, bool(sign), frac | (1 << self.fbits), biased - self.bias - self.fbits)

    def decode(self, raw: int) -> float:
        f = self._fields(raw)
        if f is None:
            raise InvalidEncoding(f"{raw:#x} is not a valid {self.name} encoding")
        sign, biased, frac = f
        if self._special(biased, frac):
            if self.nan == "ieee" and frac == 0:
                return -math.inf if sign else math.inf
            return math.nan
        if biased == 0:
            x = math.ldexp(frac, self.min_q)
        else:
            x = math.ldexp(frac | (1 << self.fbits), biased - self.bias - self.fbits)
        return -x if sign else x

    @property
    def signed_zeros(self) -> tuple[int, int]:
        return 0, self.sign_bit_value

    @property
    def subnormal_boundaries(self) -> tuple[int, int, int] | None:
        if not self.subnormal_class:
            return None
        return 1 << self.shift, self.fmask << self.shift, 1 << (self.fbits + self.shift)

    def max_finite(self, negative: bool = False) -> int:
        return self._max_raw | (self.sign_bit_value if negative else 0)

    # ------------------------------------------------------------------ writing
    def pack(self, negative: bool, n: int, q: int) -> int:
        """The encoding of ``(-1)**negative * n * 2**q`` as :func:`round_binary` returns it
        (in range: not above the largest finite value)."""
        if n >> self.fbits:
            v = ((q + self.fbits + self.bias) << self.fbits) | (n & self.fmask)
        else:
            v = n
        return (v << self.shift) | (self.sign_bit_value if negative else 0)

    def overflow(self, negative: bool, control: NumericControl) -> tuple[int, int]:
        """The result of a finite overflow (or of an infinity under Sat): OF|NX always."""
        if control.saturating or not _overflows_to_infinity(control.rounding, negative):
            return self.max_finite(negative), OVERFLOW
        if self.inf_raw is not None:
            return self.inf_raw | (self.sign_bit_value if negative else 0), OVERFLOW
        if self.canonical_nan is not None:
            return self.canonical_nan, OVERFLOW
        return self.max_finite(negative), OVERFLOW

    def encode(self, value: Number, control: NumericControl = DEFAULT_CONTROL) -> tuple[int, int]:
        kind, negative, num, den = _parse(value)
        if kind == _FINITE:
            return self.encode_ratio(negative, num, den, control)
        if kind == _ZERO:
            return (self.sign_bit_value if negative else 0), 0
        if kind == _INF:
            if control.saturating or self.inf_raw is None:
                return self.overflow(negative, NumericControl(Rounding.RNE, control.saturating))
            return self.inf_raw | (self.sign_bit_value if negative else 0), 0
        if self.canonical_nan is not None:
            return self.canonical_nan, 0
        return 0, NV

    def encode_ratio(self, negative: bool, num: int, den: int,
                     control: NumericControl = DEFAULT_CONTROL) -> tuple[int, int]:
        """The magnitude ``num/den`` (> 0) with a sign, rounded once: (raw, flags)."""
        mode = control.rounding
        n, q, inexact, e = round_binary(self.fbits, self.emin, negative, num, den, mode)
        if q > self.max_q or (q == self.max_q and n > self.max_sig):
            return self.overflow(negative, control)
        if not inexact:
            return self.pack(negative, n, q), 0
        flags = NX
        if e < self.tiny_e:
            if not self.subnormal_class or e < self.emin - 1:
                flags = UNDERFLOW
            else:  # e == emin - 1: tiny unless rounding with an unbounded exponent reaches 2**emin
                _, q2, _, _ = round_binary(self.fbits, e, negative, num, den, mode)
                if q2 + self.fbits < self.emin:
                    flags = UNDERFLOW
        return self.pack(negative, n, q), flags


def positive_values(fmt: NumericFormat, sign_bit: int) -> tuple[list[float], list[int]]:
    """The finite non-negative values of a small format sorted by value (0 first), and the
    code of each: the codes below ``sign_bit`` that decompose."""
    pairs = []
    for code in range(sign_bit):
        d = fmt.decompose(code)
        if d.available:
            pairs.append((math.ldexp(d.significand, d.exponent), code))
    pairs.sort()
    return [v for v, _ in pairs], [c for _, c in pairs]


# --------------------------------------------------------------------------- HiF8
HIF8_NAN, HIF8_POS_INF, HIF8_NEG_INF = 0x80, 0x6F, 0xEF
_HIF8_MIN_NORMAL = 2.0 ** -15  # the smallest value of a Normal HiF8 code (0x7E)
_HIF8_BEYOND = 1.5 * 2.0 ** 15  # where 0x6F would be if it were not infinity


class HiF8Format(NumericFormat):
    """HiF8: 8-bit tapered floating point (``asl/arch/data-types/formats/hif8.asl``).

    Encoding rounds to the nearest representable value by mode over the value-sorted code
    table; ties to even and RTO's "least-significant retained bit" use the code's bit 0
    (the last mantissa bit in every dot field).  Above the largest finite value 2**15 the
    next candidate is 1.5 * 2**15, where D4's one mantissa bit would put it; reaching it
    is an overflow.  Tininess is detected after rounding, continuing D4's one mantissa bit
    below 2**-15; there is only one zero, so a negative result that rounds to zero is +0."""

    name = "HiF8"
    width = 8
    canonical_nan = HIF8_NAN
    descriptor = Descriptor(
        available=True, kind=Kind.HiF8, carrier_bits=8, lane_bits=8, lanes_per_carrier=1,
        sign_bits=1, sign_bit=7, exponent_bits_min=0, exponent_bits_max=4, fraction_bits_min=1,
        fraction_bits_max=3, exponent_bias_available=False, exponent_bias=0,
        has_zero=True, has_signed_zero=False, has_subnormal=True, has_infinity=True,
        has_quiet_nan=True, has_signaling_nan=False)

    # (field name, exponent bits, mantissa bits) of HiF8DecodeDotField.
    DOT_FIELDS = (("Denormal", 0, 3), ("D0", 0, 3), ("D1", 1, 3), ("D2", 2, 3), ("D3", 3, 2), ("D4", 4, 1))

    def __init__(self) -> None:
        self._magnitudes, self._codes = positive_values(self, 0x80)

    @staticmethod
    def dot_field(raw: int) -> tuple[str, int, int]:
        """HiF8DecodeDotField: the dot field of a code, its exponent and mantissa widths."""
        body = raw & 0x7F
        if body < 0x08:
            index = 0
        elif body < 0x10:
            index = 1
        elif body < 0x20:
            index = 2
        elif body < 0x40:
            index = 3
        elif body < 0x60:
            index = 4
        else:
            index = 5
        return HiF8Format.DOT_FIELDS[index]

    def decompose(self, raw: int) -> Decomposition:
        raw &= 0xFF
        if raw in (HIF8_NAN, HIF8_POS_INF, HIF8_NEG_INF):
            return NOT_FINITE
        negative = bool(raw & 0x80)
        body = raw & 0x7F
        if body < 0x08:  # denormal: 2**(m - 23), or the zero
            if body == 0:
                return Decomposition(True, False, 0, 0)
            return Decomposition(True, negative, 1, body - 23)
        if body < 0x10:  # D0: 1.mmm
            return Decomposition(True, negative, 8 | (body & 7), -3)
        if body < 0x20:  # D1: exponent +-1
            exponent = -1 if body & 0x08 else 1
            return Decomposition(True, negative, 8 | (body & 7), exponent - 3)
        if body < 0x40:  # D2: exponent +-(2 + b3)
            magnitude = 2 + ((body >> 3) & 1)
            exponent = -magnitude if body & 0x10 else magnitude
            return Decomposition(True, negative, 8 | (body & 7), exponent - 3)
        if body < 0x60:  # D3: exponent +-(4 + b3:2), two mantissa bits
            magnitude = 4 + ((body >> 2) & 3)
            exponent = -magnitude if body & 0x10 else magnitude
            return Decomposition(True, negative, 4 | (body & 3), exponent - 2)
        magnitude = 8 + ((body >> 1) & 7)  # D4: exponent +-(8 + b3:1), one mantissa bit
        exponent = -magnitude if body & 0x10 else magnitude
        return Decomposition(True, negative, 2 | (body & 1), exponent - 1)

    def classify(self, raw: int) -> ValueClass:
        raw &= 0xFF
        if raw == HIF8_NAN:
            return ValueClass.QuietNaN
        if raw == HIF8_POS_INF:
            return ValueClass.PositiveInfinity
        if raw == HIF8_NEG_INF:
            return ValueClass.NegativeInfinity
        if raw == 0:
            return ValueClass.PositiveZero
        return _finite_class(bool(raw & 0x80), False, (raw & 0x7F) <= 7)

    def decode(self, raw: int) -> float:
        raw &= 0xFF
        if raw == HIF8_NAN:
            return math.nan
        if raw == HIF8_POS_INF:
            return math.inf
        if raw == HIF8_NEG_INF:
            return -math.inf
        d = self.decompose(raw)
        x = math.ldexp(d.significand, d.exponent)
        return -x if d.negative else x

    @property
    def subnormal_boundaries(self) -> tuple[int, int, int]:
        return 0x01, 0x07, 0x08

    def max_finite(self, negative: bool = False) -> int:
        return 0xEE if negative else 0x6E

    def neighbours(self, magnitude: Number) -> tuple[int, int]:
        """Indices into the value-sorted table of the largest value <= ``magnitude`` and
        the smallest value > it (the latter may be the table's length: beyond the top)."""
        i = bisect.bisect_right(self._magnitudes, magnitude)
        return i - 1, i

    def encode(self, value: Number, control: NumericControl = DEFAULT_CONTROL) -> tuple[int, int]:
        kind, negative, num, den = _parse(value)
        if kind == _ZERO:
            return 0, 0
        if kind == _NAN:
            return HIF8_NAN, 0
        if kind == _INF:
            if control.saturating:
                return self.max_finite(negative), OVERFLOW
            return (HIF8_NEG_INF if negative else HIF8_POS_INF), 0
        magnitude = abs(value) if type(value) is float else None
        return self.encode_ratio(negative, num, den, control, magnitude)

    def encode_ratio(self, negative: bool, num: int, den: int,
                     control: NumericControl = DEFAULT_CONTROL,
                     magnitude: Number | None = None) -> tuple[int, int]:
        """As :meth:`BinaryFormat.encode_ratio`; ``magnitude`` may give ``num/den`` as the
        float it came from (the table compares floats exactly)."""
        if magnitude is None:
            magnitude = float(num) if den == 1 and num.bit_length() <= 53 else Fraction(num, den)
        sign = 0x80 if negative else 0
        mode = control.rounding
        if magnitude >= _HIF8_BEYOND:
            return self._overflow(negative, control)
        lo, hi = self.neighbours(magnitude)
        low = self._magnitudes[lo]
        if low == magnitude:
            code = self._codes[lo]
            return (code | sign if code else 0), 0
        top = len(self._magnitudes)
        high = self._magnitudes[hi] if hi < top else _HIF8_BEYOND
        low_code = self._codes[lo]
        twice = 2 * magnitude
        half = (twice > low + high) - (twice < low + high)
        if round_up(mode, negative, low_code & 1, half):
            if hi == top:
                return self._overflow(negative, control)
            code = self._codes[hi]
        else:
            code = low_code
        flags = NX
        if magnitude < _HIF8_MIN_NORMAL:
            flags = self._underflow(negative, num, den, mode)
        return (code | sign if code else 0), flags

    def _underflow(self, negative: bool, num: int, den: int, mode: int) -> int:
        """UF|NX unless rounding with D4's one mantissa bit and no exponent floor reaches
        2**-15 (tininess after rounding)."""
        n, q, _, _ = round_binary(1, -10_000, negative, num, den, mode)
        return NX if n * Fraction(2) ** q >= _HIF8_MIN_NORMAL else UNDERFLOW

    def _overflow(self, negative: bool, control: NumericControl) -> tuple[int, int]:
        if control.saturating or not _overflows_to_infinity(control.rounding, negative):
            return self.max_finite(negative), OVERFLOW
        return (HIF8_NEG_INF if negative else HIF8_POS_INF), OVERFLOW


# --------------------------------------------------------------------------- E8M0
E8M0_NAN = 0xFF


class E8M0Format(NumericFormat):
    """E8M0: the MX scale, 2**(code - 127); 0xFF is NaN (``formats/e8m0.asl``).  Encoding
    is PTO-TCVT-E8M0-PROFILE-001 (``asl/arch/profile/e8m0-conversion.asl``)."""

    name = "E8M0"
    width = 8
    canonical_nan = E8M0_NAN
    descriptor = Descriptor(
        available=True, kind=Kind.E8M0, carrier_bits=8, lane_bits=8, lanes_per_carrier=1,
        sign_bits=0, sign_bit=0, exponent_bits_min=8, exponent_bits_max=8, fraction_bits_min=0,
        fraction_bits_max=0, exponent_bias_available=True, exponent_bias=127,
        has_zero=False, has_signed_zero=False, has_subnormal=False, has_infinity=False,
        has_quiet_nan=True, has_signaling_nan=False)

    def classify(self, raw: int) -> ValueClass:
        return ValueClass.QuietNaN if raw & 0xFF == E8M0_NAN else ValueClass.PositiveNormal

    def decompose(self, raw: int) -> Decomposition:
        raw &= 0xFF
        if raw == E8M0_NAN:
            return NOT_FINITE
        return Decomposition(True, False, 1, raw - 127)

    def decode(self, raw: int) -> float:
        raw &= 0xFF
        return math.nan if raw == E8M0_NAN else math.ldexp(1.0, raw - 127)

    def max_finite(self, negative: bool = False) -> int:
        return 0xFE

    def encode(self, value: Number, control: NumericControl = DEFAULT_CONTROL) -> tuple[int, int]:
        kind, negative, num, den = _parse(value)
        if kind in (_ZERO, _NAN) or negative:
            return E8M0_NAN, NV
        if kind == _INF:
            return (0xFE if control.saturating else E8M0_NAN), OVERFLOW
        return self.encode_ratio(negative, num, den, control)

    def encode_ratio(self, negative: bool, num: int, den: int,
                     control: NumericControl = DEFAULT_CONTROL) -> tuple[int, int]:
        if negative:
            return E8M0_NAN, NV
        floor = _floor_log2(num, den)
        exact = num == den << floor if floor >= 0 else num << -floor == den
        if floor < -127:
            return (0x00 if control.saturating else E8M0_NAN), UNDERFLOW
        if floor > 127 or (floor == 127 and not exact):
            return (0xFE if control.saturating else E8M0_NAN), OVERFLOW
        if exact:
            return floor + 127, 0
        return self.round_exponent(floor, num, den, control.rounding) + 127, NX

    @staticmethod
    def round_exponent(floor: int, num: int, den: int, mode: int) -> int:
        """ReferenceE8M0RoundExponent for a value strictly between 2**floor and
        2**(floor+1): the directed modes act on the exponent (RTZ toward exponent 0, RTO
        to the odd one); the nearest modes compare the value with 2**(floor + 1/2)."""
        ceiling = floor + 1
        if mode == Rounding.RTM:
            return floor
        if mode == Rounding.RTP:
            return ceiling
        if mode == Rounding.RTZ:
            return ceiling if floor < 0 else floor
        if mode == Rounding.RTO:
            return floor if floor % 2 else ceiling
        # value**2 against 2**(2*floor + 1), as integers: num**2 * 2**-k vs den**2 * 2**(2f+1-k)
        shift = 2 * floor + 1
        left, right = num * num, den * den
        if shift >= 0:
            right <<= shift
        else:
            left <<= -shift
        if left != right:
            return floor if left < right else ceiling
        if mode == Rounding.RNE:
            return floor if floor % 2 == 0 else ceiling
        if mode == Rounding.RNA:
            return floor if floor < 0 else ceiling
        return ceiling  # RHB


# --------------------------------------------------------------------------- integers
class IntegerFormat(NumericFormat):
    """An integer element type: two's complement or unsigned, ``bits`` wide."""

    is_floating = False
    descriptor = UNAVAILABLE

    def __init__(self, dt: DataType) -> None:
        self.name = dt.name
        self.width = dt.bits
        self.signed = dt.is_signed
        self.mask = dt.mask
        self.minimum, self.maximum = dt.int_min, dt.int_max
        self._sign = 1 << (self.width - 1)

    def classify(self, raw: int) -> ValueClass:
        """ClassifySignedInteger / ClassifyUnsignedInteger: zero, negative or positive normal."""
        raw &= self.mask
        if raw == 0:
            return ValueClass.PositiveZero
        if self.signed and raw & self._sign:
            return ValueClass.NegativeNormal
        return ValueClass.PositiveNormal

    def decompose(self, raw: int) -> Decomposition:
        return NOT_FINITE

    def decode(self, raw: int) -> int:
        raw &= self.mask
        if self.signed and raw & self._sign:
            return raw - (self._sign << 1)
        return raw

    def max_finite(self, negative: bool = False) -> int:
        return (self.minimum if negative else self.maximum) & self.mask

    def encode(self, value: Number, control: NumericControl = DEFAULT_CONTROL) -> tuple[int, int]:
        if type(value) is int and self.minimum <= value <= self.maximum:  # the common case
            return value & self.mask, 0
        kind, negative, num, den = _parse(value)
        if kind == _ZERO:
            return 0, 0
        if kind == _NAN:
            return (0, NV) if control.saturating else (self.minimum & self.mask, NV)
        if kind == _INF:
            if control.saturating:
                return self.max_finite(negative), OVERFLOW
            return self.minimum & self.mask, NV
        return self.encode_ratio(negative, num, den, control)

    def encode_ratio(self, negative: bool, num: int, den: int,
                     control: NumericControl = DEFAULT_CONTROL) -> tuple[int, int]:
        n, inexact = round_ratio(-num if negative else num, den, control.rounding)
        if n < self.minimum or n > self.maximum:
            if control.saturating:
                n = self.minimum if n < self.minimum else self.maximum
            return n & self.mask, OVERFLOW
        return n & self.mask, (NX if inexact else 0)


# --------------------------------------------------------------------------- the table
FP64 = BinaryFormat("FP64", 11, 52, 1023, canonical_nan=0x7FF8000000000000)
FP32 = BinaryFormat("FP32", 8, 23, 127, canonical_nan=0x7FC00000)
TF32 = BinaryFormat("TF32", 8, 10, 127, shift=13, canonical_nan=0x7FC00000)
HF32 = BinaryFormat("HF32", 8, 11, 127, shift=12, canonical_nan=0x7FC00000)
FP16 = BinaryFormat("FP16", 5, 10, 15, canonical_nan=0x7E00)
BF16 = BinaryFormat("BF16", 8, 7, 127, canonical_nan=0x7FC0)
HIF8 = HiF8Format()
E4M3 = BinaryFormat("E4M3", 4, 3, 7, nan="ones", canonical_nan=0x7F)
E5M2 = BinaryFormat("E5M2", 5, 2, 15, canonical_nan=0x7E)
E3M2 = BinaryFormat("E3M2", 3, 2, 3, nan=None, carrier=8)
E2M3 = BinaryFormat("E2M3", 2, 3, 1, nan=None, carrier=8)
E2M1 = BinaryFormat("E2M1X2", 2, 1, 1, nan=None, subnormal_class=False, packed=True)
E1M2 = BinaryFormat("E1M2X2", 1, 2, 1, nan=None, subnormal_class=False, packed=True)
E8M0 = E8M0Format()
HIF4 = BinaryFormat("HiF4X2", 1, 2, 1, nan=None, subnormal_class=False, packed=True)
FP19 = BinaryFormat("FP19", 8, 10, 127, canonical_nan=0x3FE00)
"""The B.FPATR parameter carrier (``asl/arch/data-types/fp19.asl``): 1-8-10, bias 127."""

FORMATS: dict[DataType, NumericFormat] = {
    DataType.FP64: FP64, DataType.FP32: FP32, DataType.TF32: TF32, DataType.HF32: HF32,
    DataType.FP16: FP16, DataType.BF16: BF16, DataType.HiF8: HIF8, DataType.E4M3: E4M3,
    DataType.E5M2: E5M2, DataType.E3M2: E3M2, DataType.E2M3: E2M3, DataType.E2M1X2: E2M1,
    DataType.E1M2X2: E1M2, DataType.E8M0: E8M0, DataType.HiF4X2: HIF4,
    **{dt: IntegerFormat(dt) for dt in DataType if dt.is_integer},
}


def format_of(kind: DataType | NumericFormat) -> NumericFormat:
    """The format object of a data type (or the format itself, e.g. :data:`FP19`)."""
    if isinstance(kind, NumericFormat):
        return kind
    return FORMATS[kind]


def decode(kind: DataType | NumericFormat, raw: int) -> float | int:
    """The exact value of an element: a float for a floating type (NaN, +-inf, -0.0
    included), an int for an integer type.  Bits above the element width are ignored;
    InvalidEncoding for a TF32/HF32/E3M2/E2M3 carrier with a required-zero bit set."""
    return format_of(kind).decode(raw)


def encode(kind: DataType | NumericFormat, value: Number,
           control: NumericControl = DEFAULT_CONTROL) -> tuple[int, int]:
    """``value`` (int, Fraction or float) rounded once into the type: (raw bits, flags)."""
    return format_of(kind).encode(value, control)


def classify(kind: DataType | NumericFormat, raw: int) -> ValueClass:
    """TileNumericValueClass of an element."""
    return format_of(kind).classify(raw)


def decompose(kind: DataType | NumericFormat, raw: int) -> Decomposition:
    """TileNumericFiniteDecomposition of an element."""
    return format_of(kind).decompose(raw)
