"""Scalar floating point: the 30 FSU forms (``asl/scalar/model/dispatch/fsu.asl``,
``asl/scalar/model/fsu/{arithmetic,profile}.asl``, ``asl/arch/profile/reference-profile.asl``,
ADR-0028 in ``docs/status/decisions``).

Carriers.  SrcType 0 selects a 64-bit carrier (``.fd``), 1 a 32-bit carrier in the low word
(``.fs``, NormalizeScalarFPSource zero-extends it); SCVTF reads s64/s32 (the low word
sign-extended), UCVTF u64/u32.  Conversion destinations are the DstType codes 0..14:
floating codes 0 FP64, 1 FP32, 2 TF32, 3 HF32, 4 FP16, 5 BF16, 6 HiF8, 7 E4M3, 8 E5M2,
9 E3M2, 10 E2M3, 11 E2M1X2, 12 E1M2X2, 13 E8M0, 14 HiF4X2 (NormalizeScalarFPResult keeps
their carrier width); integer codes 0 u64, 1 u32, 2 u16, 3 u8, 4 u4, 5 u2, 6/7 u1, 8 s64,
9 s32, 10 s16, 11 s8, 12 s4, 13 s2, 14 s1 (NormalizeScalarIntegerResult sign-extends the
signed ones).  Reserved SrcType/DstType values are form constraints (ILLEGAL_INST before
any effect, checked by the machine).

Architecture-owned rules, the same in every profile: FABS clears the sign bit; FMIN/FMAX
return the other operand for one NaN, the canonical quiet NaN for two, order signed zeros
(min prefers -0, max prefers +0) and otherwise use the total-order key; the eight
comparisons are ordered (any NaN gives 0, FNE too), the quiet forms record NV for a
signaling NaN, the signaling forms (FEQS, FNES, FLTS, FGES) for any NaN.  Flags are sticky
in CORE_STATE[36:32] = NV, DZ, OF, UF, NX; the active rounding mode is CORE_STATE[39:37]
(1 down, 2 up, 3 toward zero, anything else nearest-even: ResolveScalarFPActiveRoundingMode);
FCVTA/M/N/P/Z use nearest-away, down, nearest-even, up and toward zero.

Numeric profile.  The pto-spec reference profile does *not* define IEEE arithmetic: its
ScalarFP*Profile hooks are deterministic raw-carrier surrogates (ADR-0028: "not IEEE-754 or
hardware claims") - FADD/FSUB/FMUL are modular integer operations on the carriers, FDIV and
FRECIP unsigned integer division (a zero divisor gives all ones and DZ), FSQRT the identity,
FEXP the carrier plus one, the fused forms integer multiply-add, and every conversion keeps
the carrier bits (normalised to the destination width).  The AVS conformance points test
exactly that, so a machine with the ``reference`` profile uses this *carrier* model.

The debug and Linux profiles run real programs, so they use ptodbg's *ieee* model (a named
target profile in ADR-0028's sense): IEEE 754 binary64/binary32 with correctly rounded
+, -, *, /, sqrt, fused multiply-add and conversions in all five rounding modes, exact
NV/DZ/OF/UF/NX flags (tininess detected after rounding), and a canonical quiet NaN for
every NaN result.  It is an exact integer soft-float, not host floating point.  ptodbg
choices where the spec leaves the target open: float-to-integer conversions saturate and
raise NV on NaN (result 0), infinity or out of range, NX when inexact; FEXP is correctly
rounded too, in every mode (a Ziv loop over ``decimal``'s exp, see :func:`ieee_exp`);
FCVT and SCVTF/UCVTF to TF32, FP16, BF16 and E5M2 round as IEEE-like formats, and to the
other destination codes (HF32, HiF8, E4M3, the FP6/FP4 kinds, E8M0, HiF4X2), whose
encodings the spec leaves to a later stage, keep the reference profile's carrier rule.  ``m.fp_model`` ("carrier" or "ieee"),
when set before the code is decoded, overrides the profile's choice.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

from ptodbg.core.semantics import MASK32, MASK64, semantic, sext, writer

if TYPE_CHECKING:
    from fractions import Fraction

    from ptodbg.core.machine import Handler, Machine
    from ptodbg.isa.forms import Form

# Sticky flag bits (CORE_STATE[36:32]).
NV, DZ, OF, UF, NX = 1, 2, 4, 8, 16
FLAGS_SHIFT = 32
ROUND_SHIFT = 37

# Rounding modes (our own numbering).
RNE, RTM, RTP, RTZ, RNA = 0, 1, 2, 3, 4
ACTIVE_MODE = (RNE, RTM, RTP, RTZ, RNE, RNE, RNE, RNE)  # CORE_STATE[39:37] -> mode
FIXED_MODE = {"FCVTA": RNA, "FCVTM": RTM, "FCVTN": RNE, "FCVTP": RTP, "FCVTZ": RTZ}

FP64, FP32 = 0, 1  # SrcType selectors

# NormalizeScalarFPResult: carrier width of each floating destination code.
FP_CARRIER_BITS = {0: 64, 1: 32, 2: 19, 3: 32, 4: 16, 5: 16, 6: 8, 7: 8, 8: 8, 9: 6, 10: 6,
                   11: 4, 12: 4, 13: 8, 14: 9}
# NormalizeScalarIntegerResult: (width, signed) of each integer destination code.
INT_TYPES = {0: (64, False), 1: (32, False), 2: (16, False), 3: (8, False), 4: (4, False),
             5: (2, False), 6: (1, False), 7: (1, False), 8: (64, True), 9: (32, True),
             10: (16, True), 11: (8, True), 12: (4, True), 13: (2, True), 14: (1, True)}

Binary = Callable[[int, int, int], tuple[int, int]]  # (left, right, mode) -> (value, flags)
Unary = Callable[[int, int], tuple[int, int]]  # (value, mode) -> (value, flags)


def numeric_model(m: Machine) -> str:
    """"carrier" for the reference profile (the AVS-tested surrogate), else "ieee"."""
    chosen = getattr(m, "fp_model", None)
    if chosen in ("carrier", "ieee"):
        return chosen
    return m.profile.fp_model


def normalize_fp_result(value: int, code: int) -> int:
    """NormalizeScalarFPResult: keep the destination carrier's width."""
    return value & ((1 << FP_CARRIER_BITS[code]) - 1)


def normalize_int_result(value: int, code: int) -> int:
    """NormalizeScalarIntegerResult: zero- or sign-extend the destination width to 64 bits."""
    width, signed = INT_TYPES[code]
    if signed:
        return sext(value, width) & MASK64
    return value & ((1 << width) - 1)


# ============================================================ carrier classification
# (ScalarFP32/64 IsNaN/IsSignalingNaN/IsZero/OrderKey in fsu/profile.asl)
class Carrier:
    """Bit layout of the FP64 or FP32 carrier for the architecture-owned rules."""

    __slots__ = ("width", "fbits", "mask", "sign", "exp_mask", "frac_mask", "quiet", "canonical_nan")

    def __init__(self, width: int, fbits: int) -> None:
        self.width = width
        self.fbits = fbits
        self.mask = (1 << width) - 1
        self.sign = 1 << (width - 1)
        self.exp_mask = (self.sign - 1) & ~((1 << fbits) - 1)
        self.frac_mask = (1 << fbits) - 1
        self.quiet = 1 << (fbits - 1)
        self.canonical_nan = self.exp_mask | self.quiet

    def is_nan(self, x: int) -> bool:
        return x & self.exp_mask == self.exp_mask and x & self.frac_mask != 0

    def is_snan(self, x: int) -> bool:
        return self.is_nan(x) and not x & self.quiet

    def is_zero(self, x: int) -> bool:
        return x & (self.sign - 1) == 0

    def order_key(self, x: int) -> int:
        return ~x & self.mask if x & self.sign else x ^ self.sign


CARRIERS = {FP64: Carrier(64, 52), FP32: Carrier(32, 23)}


def encoding_compare(c: Carrier, op: str, left: int, right: int) -> bool:
    """ScalarFPEncodingCompare: ordered EQ/NE/LT/GE on encodings, +0 == -0."""
    if c.is_nan(left) or c.is_nan(right):
        return False
    both_zero = c.is_zero(left) and c.is_zero(right)
    equal = left == right or both_zero
    less = not both_zero and c.order_key(left) < c.order_key(right)
    if op == "EQ":
        return equal
    if op == "NE":
        return not equal
    if op == "LT":
        return less
    return not less  # GE


def min_max(c: Carrier, is_max: bool, left: int, right: int) -> int:
    """ScalarFPMinMax (architecture-owned NaN and signed-zero rules)."""
    left_nan, right_nan = c.is_nan(left), c.is_nan(right)
    if left_nan and right_nan:
        return c.canonical_nan
    if left_nan:
        return right
    if right_nan:
        return left
    if c.is_zero(left) and c.is_zero(right):
        negative = (left & right if is_max else left | right) & c.sign
        return c.sign if negative else 0
    less = c.order_key(left) < c.order_key(right)
    return (right if less else left) if is_max else (left if less else right)


# ================================================================ IEEE soft-float
ZERO, FINITE, INF, QNAN, SNAN = range(5)


class Fmt:
    """An IEEE-like binary format: sign, ``ebits`` exponent bits, ``fbits`` fraction bits.
    Derived constants are plain attributes: the soft-float reads them on every operation."""

    __slots__ = ("ebits", "fbits", "width", "bias", "emin", "emax_field", "frac_mask",
                 "sign_bit", "p", "nan", "inf_bits", "max_bits")

    def __init__(self, ebits: int, fbits: int) -> None:
        self.ebits = ebits
        self.fbits = fbits
        self.width = 1 + ebits + fbits
        self.bias = (1 << (ebits - 1)) - 1
        self.emin = 1 - self.bias
        self.emax_field = (1 << ebits) - 1
        self.frac_mask = (1 << fbits) - 1
        self.sign_bit = 1 << (self.width - 1)
        self.p = fbits + 1
        self.nan = self.emax_field << fbits | 1 << (fbits - 1)
        self.inf_bits = self.emax_field << fbits
        self.max_bits = (self.emax_field - 1) << fbits | self.frac_mask

    def __repr__(self) -> str:
        return f"Fmt({self.ebits}, {self.fbits})"

    def zero(self, sign: int) -> int:
        return self.sign_bit if sign else 0

    def inf(self, sign: int) -> int:
        return self.inf_bits | (self.sign_bit if sign else 0)

    def max_finite(self, sign: int) -> int:
        return self.max_bits | (self.sign_bit if sign else 0)


F64, F32 = Fmt(11, 52), Fmt(8, 23)
IEEE_FORMATS = {0: F64, 1: F32, 2: Fmt(8, 10), 4: Fmt(5, 10), 5: Fmt(8, 7), 8: Fmt(5, 2)}
SOURCE_FORMATS = {FP64: F64, FP32: F32}


def decode(bits: int, f: Fmt) -> tuple[int, int, int, int]:
    """(class, sign, significand, exponent): a finite value is significand * 2**exponent."""
    fb = f.fbits
    biased = bits >> fb & f.emax_field
    frac = bits & f.frac_mask
    sign = 1 if bits & f.sign_bit else 0
    if 0 < biased < f.emax_field:
        return FINITE, sign, frac | 1 << fb, biased - f.bias - fb
    if biased:
        if frac == 0:
            return INF, sign, 0, 0
        return (QNAN if frac >> (fb - 1) else SNAN), sign, 0, 0
    if frac == 0:
        return ZERO, sign, 0, 0
    return FINITE, sign, frac, f.emin - fb


def _round_up(mode: int, sign: int, odd: int, rem: int, half: int, sticky: bool) -> bool:
    """Whether an inexact magnitude rounds away from zero."""
    if mode == RNE:
        return rem > half or (rem == half and (sticky or bool(odd)))
    if mode == RNA:
        return rem >= half
    if mode == RTP:
        return not sign
    if mode == RTM:
        return bool(sign)
    return False


def _overflow(f: Fmt, sign: int, mode: int) -> int:
    to_inf = mode in (RNE, RNA) or (mode == RTP and not sign) or (mode == RTM and sign)
    return f.inf(sign) if to_inf else f.max_finite(sign)


def _round_bits(mant: int, shift: int, mode: int, sign: int, sticky: bool) -> tuple[int, bool]:
    """``mant >> shift`` rounded by ``mode`` (sticky: more nonzero bits below ``mant``)."""
    if shift <= 0:
        return mant << -shift, sticky
    kept = mant >> shift
    rem = mant & ((1 << shift) - 1)
    inexact = bool(rem) or sticky
    if inexact and _round_up(mode, sign, kept & 1, rem, 1 << (shift - 1), sticky):
        kept += 1
    return kept, inexact


def round_pack(sign: int, mant: int, exp: int, sticky: bool, f: Fmt, mode: int) -> tuple[int, int]:
    """Round (-1)**sign * mant * 2**exp to ``f``; returns (bits, flags).

    ``sticky`` says the true value lies strictly above ``mant`` by less than one unit of
    ``exp``; callers that use it give ``mant`` at least precision + 2 bits."""
    p = f.p
    top = exp + mant.bit_length() - 1
    q = max(top - f.fbits, f.emin - f.fbits)
    kept, inexact = _round_bits(mant, q - exp, mode, sign, sticky)
    if kept >> p:
        kept >>= 1
        q += 1
    flags = NX if inexact else 0
    if inexact and top < f.emin:
        tiny = True
        if top == f.emin - 1:  # tininess after rounding: would the unbounded result reach 2**emin?
            unbounded, _ = _round_bits(mant, top - f.fbits - exp, mode, sign, sticky)
            tiny = unbounded >> p == 0
        if tiny:
            flags |= UF
    if kept >> f.fbits:
        biased = q + f.fbits + f.bias
        if biased >= f.emax_field:
            return _overflow(f, sign, mode), OF | NX
        return f.zero(sign) | biased << f.fbits | (kept & f.frac_mask), flags
    return f.zero(sign) | kept, flags


def _nan_of(f: Fmt, *classes: int) -> tuple[int, int]:
    return f.nan, (NV if SNAN in classes else 0)


def _exact_sum(sa: int, ma: int, ea: int, sb: int, mb: int, eb: int, f: Fmt, mode: int) -> tuple[int, int]:
    """Round the exact sum of two signed finite values (an exact zero is +0, -0 in RTM)."""
    if ea > eb:
        ma, ea = ma << (ea - eb), eb
    else:
        mb <<= eb - ea
    total = (-ma if sa else ma) + (-mb if sb else mb)
    if total == 0:
        return f.zero(int(mode == RTM)), 0
    if total < 0:
        return round_pack(1, -total, ea, False, f, mode)
    return round_pack(0, total, ea, False, f, mode)


def ieee_add(a: int, b: int, f: Fmt, mode: int, negate_b: bool = False) -> tuple[int, int]:
    ka, sa, ma, ea = decode(a, f)
    kb, sb, mb, eb = decode(b, f)
    sb ^= negate_b
    if ka >= QNAN or kb >= QNAN:
        return _nan_of(f, ka, kb)
    if ka == INF or kb == INF:
        if ka == kb and sa != sb:
            return f.nan, NV
        return f.inf(sa if ka == INF else sb), 0
    if ka == ZERO and kb == ZERO:
        return f.zero(sa if sa == sb else int(mode == RTM)), 0
    if kb == ZERO:
        return a, 0
    if ka == ZERO:
        return b ^ (f.zero(1) if negate_b else 0), 0
    return _exact_sum(sa, ma, ea, sb, mb, eb, f, mode)


def ieee_mul(a: int, b: int, f: Fmt, mode: int) -> tuple[int, int]:
    ka, sa, ma, ea = decode(a, f)
    kb, sb, mb, eb = decode(b, f)
    if ka >= QNAN or kb >= QNAN:
        return _nan_of(f, ka, kb)
    sign = sa ^ sb
    if ka == INF or kb == INF:
        return (f.nan, NV) if ZERO in (ka, kb) else (f.inf(sign), 0)
    if ka == ZERO or kb == ZERO:
        return f.zero(sign), 0
    return round_pack(sign, ma * mb, ea + eb, False, f, mode)


def ieee_div(a: int, b: int, f: Fmt, mode: int) -> tuple[int, int]:
    ka, sa, ma, ea = decode(a, f)
    kb, sb, mb, eb = decode(b, f)
    if ka >= QNAN or kb >= QNAN:
        return _nan_of(f, ka, kb)
    sign = sa ^ sb
    if ka == INF:
        return (f.nan, NV) if kb == INF else (f.inf(sign), 0)
    if kb == INF:
        return f.zero(sign), 0
    if kb == ZERO:
        return (f.nan, NV) if ka == ZERO else (f.inf(sign), DZ)
    if ka == ZERO:
        return f.zero(sign), 0
    k = max(0, f.fbits + 4 - (ma.bit_length() - mb.bit_length()))
    quotient, rem = divmod(ma << k, mb)
    return round_pack(sign, quotient, ea - eb - k, rem != 0, f, mode)


def ieee_sqrt(a: int, f: Fmt, mode: int) -> tuple[int, int]:
    ka, sa, ma, ea = decode(a, f)
    if ka >= QNAN:
        return _nan_of(f, ka)
    if ka == ZERO:
        return a, 0
    if sa:
        return f.nan, NV
    if ka == INF:
        return a, 0
    if ea & 1:
        ma, ea = ma << 1, ea - 1
    k = max(0, (2 * (f.fbits + 3) - ma.bit_length() + 1) // 2)
    ma, ea = ma << (2 * k), ea - 2 * k
    root = math.isqrt(ma)
    return round_pack(0, root, ea // 2, root * root != ma, f, mode)


def ieee_fma(a: int, b: int, c: int, f: Fmt, mode: int, neg_product: bool, neg_addend: bool) -> tuple[int, int]:
    """(±a*b) + (±c) with a single rounding (FMADD/FMSUB/FNMADD/FNMSUB)."""
    ka, sa, ma, ea = decode(a, f)
    kb, sb, mb, eb = decode(b, f)
    kc, sc, mc, ec = decode(c, f)
    sp = sa ^ sb ^ neg_product
    sc ^= neg_addend
    invalid = (ka == INF and kb == ZERO) or (ka == ZERO and kb == INF)
    if ka >= QNAN or kb >= QNAN or kc >= QNAN:
        return f.nan, (NV if invalid or SNAN in (ka, kb, kc) else 0)
    if invalid:
        return f.nan, NV
    if ka == INF or kb == INF:
        return (f.nan, NV) if kc == INF and sc != sp else (f.inf(sp), 0)
    if kc == INF:
        return f.inf(sc), 0
    if ka == ZERO or kb == ZERO:
        if kc == ZERO:
            return f.zero(sp if sp == sc else int(mode == RTM)), 0
        return c ^ (f.zero(1) if neg_addend else 0), 0
    if kc == ZERO:
        return round_pack(sp, ma * mb, ea + eb, False, f, mode)
    return _exact_sum(sp, ma * mb, ea + eb, sc, mc, ec, f, mode)


def ieee_convert(bits: int, src: Fmt, dst: Fmt, mode: int) -> tuple[int, int]:
    k, s, mant, e = decode(bits, src)
    if k >= QNAN:
        return _nan_of(dst, k)
    if k == INF:
        return dst.inf(s), 0
    if k == ZERO:
        return dst.zero(s), 0
    return round_pack(s, mant, e, False, dst, mode)


def ieee_to_int(bits: int, src: Fmt, code: int, mode: int) -> tuple[int, int]:
    """Round to an integer of destination ``code``; saturating, NaN -> 0 (ptodbg choice)."""
    width, signed = INT_TYPES[code]
    low, high = (-(1 << (width - 1)), (1 << (width - 1)) - 1) if signed else (0, (1 << width) - 1)
    k, s, mant, e = decode(bits, src)
    if k >= QNAN:
        return 0, NV
    if k == INF:
        return (low if s else high) & MASK64, NV
    if k == ZERO:
        return 0, 0
    n, inexact = _round_bits(mant, -e, mode, s, False)
    value = -n if s else n
    if value < low or value > high:
        return (low if value < low else high) & MASK64, NV
    return value & MASK64, NX if inexact else 0


def ieee_from_int(value: int, dst: Fmt, mode: int) -> tuple[int, int]:
    if value == 0:
        return 0, 0
    return round_pack(int(value < 0), abs(value), 0, False, dst, mode)


def _round_fraction(q: Fraction, f: Fmt, mode: int) -> tuple[int, int]:
    """Round the positive rational ``q`` to ``f`` (one rounding, exact flags)."""
    num, den = q.numerator, q.denominator
    k = f.p + 3 - (num.bit_length() - den.bit_length())
    q, r = divmod(num << k, den) if k >= 0 else divmod(num, den << -k)
    return round_pack(0, q, -k, r != 0, f, mode)


def ieee_from_fraction(q: Fraction, f: Fmt, mode: int) -> tuple[int, int]:
    """Round the rational ``q`` to ``f`` (one rounding, exact flags); zero is +0."""
    if q == 0:
        return 0, 0
    bits, flags = _round_fraction(abs(q), f, mode)
    return (bits | f.sign_bit if q < 0 else bits), flags


def ieee_value(bits: int, f: Fmt) -> Fraction | None:
    """The rational a finite encoding stands for (either zero is 0); None for an infinity
    or a NaN."""
    from fractions import Fraction

    k, s, mant, e = decode(bits, f)
    if k == ZERO:
        return Fraction(0)
    if k != FINITE:
        return None
    value = Fraction(mant) * Fraction(2) ** e
    return -value if s else value


def ieee_exp(bits: int, f: Fmt, mode: int) -> tuple[int, int]:
    """e**x correctly rounded in every rounding mode, with exact flags.

    Ziv's strategy: e**x is evaluated in decimal with P digits (``decimal`` rounds its
    ``exp`` correctly), which bounds the true value in y(1 - eps) .. y(1 + eps); when both
    ends round to the same encoding, that is the answer.  Otherwise P doubles.  For a
    finite x != 0, e**x is transcendental (Lindemann), so it never sits exactly on a
    rounding boundary and the loop ends; it is always inexact (NX)."""
    import decimal  # only FEXP needs exact arithmetic: kept off every start-up
    from fractions import Fraction

    k, s, mant, e = decode(bits, f)
    if k >= QNAN:
        return _nan_of(f, k)
    if k == INF:
        return (f.zero(0) if s else f.inf(0)), 0
    if k == ZERO:
        return ieee_from_int(1, f, mode)
    x = Fraction(-mant if s else mant) * Fraction(2) ** e
    if x > f.bias + 1:  # e**x > 2**(emax + 1): overflow whatever the mode
        return _overflow(f, 0, mode), OF | NX
    if x < -(f.bias + f.p + 2):  # e**x < 2**(emin - p - 2): below half the least subnormal
        return round_pack(0, 1 << (f.p + 2), f.emin - 2 * f.p - 6, True, f, mode)
    digits = f.p // 3 + 20
    while True:
        ctx = decimal.Context(prec=digits + 5, Emin=-999_999, Emax=999_999)
        xd = ctx.divide(decimal.Decimal(x.numerator), decimal.Decimal(x.denominator))
        y = Fraction(ctx.exp(xd))
        # exp rounds to P+5 digits and x was rounded to P+5 digits (|x| < 2**11): the
        # relative error is far below 10**-P.
        eps = Fraction(1, 10**digits)
        low = _round_fraction(y * (1 - eps), f, mode)
        high = _round_fraction(y * (1 + eps), f, mode)
        if low == high:
            return low[0], low[1] | NX
        digits *= 2


# =========================================================== the two numeric models
def _carrier_quotient(sel: int) -> Callable[[int, int], tuple[int, int]]:
    """Division of the reference profile's carriers: a zero divisor gives all ones and DZ
    (FDIV's and FRECIP's rule in ScalarFPBinaryProfile / ScalarFPUnaryProfile)."""
    c = CARRIERS[sel]
    mask = c.mask

    def quotient(numerator: int, divisor: int) -> tuple[int, int]:
        if c.is_zero(divisor):
            return mask, DZ
        return (numerator // divisor) & mask, 0

    return quotient


def _carrier_binary(name: str, sel: int) -> Binary:
    """ScalarFPBinaryProfile of the reference profile (raw carriers, modular)."""
    mask = CARRIERS[sel].mask
    if name == "FADD":
        return lambda a, b, mode: ((a + b) & mask, 0)
    if name == "FSUB":
        return lambda a, b, mode: ((a - b) & mask, 0)
    if name == "FMUL":
        return lambda a, b, mode: ((a * b) & mask, 0)
    quotient = _carrier_quotient(sel)
    return lambda a, b, mode: quotient(a, b)


def _ieee_binary(name: str, sel: int) -> Binary:
    f = SOURCE_FORMATS[sel]
    if name == "FADD":
        return lambda a, b, mode: ieee_add(a, b, f, mode)
    if name == "FSUB":
        return lambda a, b, mode: ieee_add(a, b, f, mode, True)
    if name == "FMUL":
        return lambda a, b, mode: ieee_mul(a, b, f, mode)
    return lambda a, b, mode: ieee_div(a, b, f, mode)


def _carrier_unary(name: str, sel: int) -> Unary:
    """ScalarFPUnaryProfile of the reference profile: SQRT identity, EXP + 1, RECIP ~0 / x."""
    mask = CARRIERS[sel].mask
    if name == "FSQRT":
        return lambda x, mode: (x, 0)
    if name == "FEXP":
        return lambda x, mode: ((x + 1) & mask, 0)
    quotient = _carrier_quotient(sel)
    return lambda x, mode: quotient(MASK64, x)


def _ieee_unary(name: str, sel: int) -> Unary:
    f = SOURCE_FORMATS[sel]
    if name == "FSQRT":
        return lambda x, mode: ieee_sqrt(x, f, mode)
    if name == "FEXP":
        return lambda x, mode: ieee_exp(x, f, mode)
    one = ieee_from_int(1, f, RNE)[0]
    return lambda x, mode: ieee_div(one, x, f, mode)


def _carrier_fused(neg_product: bool, neg_addend: bool, sel: int) -> Callable[[int, int, int, int], tuple[int, int]]:
    """ScalarFPFusedProfile of the reference profile: modular (±(l*r ± a))."""
    mask = CARRIERS[sel].mask

    def fused(a: int, left: int, right: int, mode: int) -> tuple[int, int]:
        product = (left * right) & MASK64
        total = product - a if neg_addend != neg_product else product + a
        return ((-total if neg_product else total) & mask), 0

    return fused


def _ieee_fused(neg_product: bool, neg_addend: bool, sel: int) -> Callable[[int, int, int, int], tuple[int, int]]:
    f = SOURCE_FORMATS[sel]
    return lambda a, left, right, mode: ieee_fma(left, right, a, f, mode, neg_product, neg_addend)


# ------------------------------------------------------------------ handler helpers
def _active_mode(m: Machine) -> int:
    return ACTIVE_MODE[(m.core_state >> ROUND_SHIFT) & 7]


def _source_norm(sel: int) -> int:
    """NormalizeScalarFPSource as a mask: fp32 keeps the low word."""
    return MASK32 if sel == FP32 else MASK64


def _finish(m: Machine, w: Callable[[int], None], value: int, flags: int) -> None:
    if flags:
        m.core_state |= flags << FLAGS_SHIFT
    w(value)


# --------------------------------------------------------------------------- builders
_BINARY = ("FADD", "FSUB", "FMUL", "FDIV")
_UNARY = ("FSQRT", "FEXP", "FRECIP")
_COMPARE = {"FEQ": ("EQ", False), "FEQS": ("EQ", True), "FNE": ("NE", False),
            "FNES": ("NE", True), "FLT": ("LT", False), "FLTS": ("LT", True),
            "FGE": ("GE", False), "FGES": ("GE", True)}
# (negate the product, negate the addend)
_FUSED = {"FMADD": (False, False), "FMSUB": (False, True), "FNMADD": (True, True),
          "FNMSUB": (True, False)}


@semantic(*_BINARY)
def fp_binary(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteDecodedFPBinary for ADD/SUB/MUL/DIV through the numeric profile."""
    sel = v["SrcType"]
    make = _carrier_binary if numeric_model(m) == "carrier" else _ieee_binary
    op = make(form.mnemonic, sel)
    s, t, norm = v["SrcL"], v["SrcR"], _source_norm(sel)
    r = m.r
    w = writer(m, v["RegDst"])

    def h(pc: int) -> int:
        value, flags = op(r[s] & norm, r[t] & norm, _active_mode(m))
        _finish(m, w, value, flags)
        return pc + 4

    return h


@semantic("FMIN", "FMAX")
def fp_min_max(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """Architecture-owned min/max; NV for any signaling NaN operand."""
    sel = v["SrcType"]
    c = CARRIERS[sel]
    is_max = form.mnemonic == "FMAX"
    s, t, norm = v["SrcL"], v["SrcR"], _source_norm(sel)
    r = m.r
    w = writer(m, v["RegDst"])

    def h(pc: int) -> int:
        left, right = r[s] & norm, r[t] & norm
        flags = NV if c.is_snan(left) or c.is_snan(right) else 0
        _finish(m, w, min_max(c, is_max, left, right), flags)
        return pc + 4

    return h


@semantic("FABS")
def fp_abs(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """Clear the carrier's sign bit; no flags, NaNs included."""
    sel = v["SrcType"]
    keep = CARRIERS[sel].sign - 1
    s = v["SrcL"]
    r = m.r
    w = writer(m, v["RegDst"])

    def h(pc: int) -> int:
        w(r[s] & keep)
        return pc + 4

    return h


def _one_source(m: Machine, op: Unary, src: int, norm: int, dst: int) -> Handler:
    """The handler of an FP operation on one source register (SQRT/EXP/RECIP, the
    conversions): ``op`` on SrcL cut to its format, in the active rounding mode, then the
    result and flags (:func:`_finish`)."""
    r = m.r
    w = writer(m, dst)

    def h(pc: int) -> int:
        value, flags = op(r[src] & norm, _active_mode(m))
        _finish(m, w, value, flags)
        return pc + 4

    return h


@semantic(*_UNARY)
def fp_unary(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteDecodedFPUnary for SQRT/EXP/RECIP through the numeric profile."""
    sel = v["SrcType"]
    make = _carrier_unary if numeric_model(m) == "carrier" else _ieee_unary
    return _one_source(m, make(form.mnemonic, sel), v["SrcL"], _source_norm(sel), v["RegDst"])


@semantic(*_COMPARE)
def fp_compare(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteDecodedFPCompare: ordered comparison, result 0 or 1."""
    op, signaling = _COMPARE[form.mnemonic]
    sel = v["SrcType"]
    c = CARRIERS[sel]
    s, t, norm = v["SrcL"], v["SrcR"], _source_norm(sel)
    r = m.r
    w = writer(m, v["RegDst"])

    def h(pc: int) -> int:
        left, right = r[s] & norm, r[t] & norm
        if c.is_snan(left) or c.is_snan(right) or (signaling and (c.is_nan(left) or c.is_nan(right))):
            m.core_state |= NV << FLAGS_SHIFT
        w(1 if encoding_compare(c, op, left, right) else 0)
        return pc + 4

    return h


@semantic(*_FUSED)
def fp_fused(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteDecodedFPFused: SrcA is the addend, SrcL * SrcR the product."""
    sel = v["SrcType"]
    neg_product, neg_addend = _FUSED[form.mnemonic]
    make = _carrier_fused if numeric_model(m) == "carrier" else _ieee_fused
    op = make(neg_product, neg_addend, sel)
    a, s, t, norm = v["SrcA"], v["SrcL"], v["SrcR"], _source_norm(sel)
    r = m.r
    w = writer(m, v["RegDst"])

    def h(pc: int) -> int:
        value, flags = op(r[a] & norm, r[s] & norm, r[t] & norm, _active_mode(m))
        _finish(m, w, value, flags)
        return pc + 4

    return h


def _convert_op(m: Machine, name: str, sel: int, dst: int) -> Unary:
    """The (value, mode) -> (value, flags) function of one conversion form."""
    ieee = numeric_model(m) == "ieee"
    if name == "FCVT":
        target = IEEE_FORMATS.get(dst) if ieee else None
        if target is None:
            return lambda x, mode: (normalize_fp_result(x, dst), 0)
        src = SOURCE_FORMATS[sel]
        return lambda x, mode: ieee_convert(x, src, target, mode)
    if name in FIXED_MODE:
        fixed = FIXED_MODE[name]
        if not ieee:
            return lambda x, mode: (normalize_int_result(x, dst), 0)
        src = SOURCE_FORMATS[sel]
        return lambda x, mode: ieee_to_int(x, src, dst, fixed)
    # SCVTF / UCVTF: NormalizeScalarIntegerSource, then to a floating destination.
    signed = name == "SCVTF"
    width = 32 if sel == FP32 else 64

    def integer(x: int) -> int:
        return sext(x, width) if signed else x & ((1 << width) - 1)

    target = IEEE_FORMATS.get(dst) if ieee else None
    if target is None:
        return lambda x, mode: (normalize_fp_result(integer(x), dst), 0)
    return lambda x, mode: ieee_from_int(integer(x), target, mode)


@semantic("FCVT", "FCVTA", "FCVTM", "FCVTN", "FCVTP", "FCVTZ", "SCVTF", "UCVTF")
def fp_convert(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteDecodedFPConvert: FCVT (active mode), FCVT{A,M,N,P,Z} to integers (fixed
    modes), SCVTF/UCVTF from integers (active mode)."""
    sel = v["SrcType"]
    norm = _source_norm(sel) if form.mnemonic not in ("SCVTF", "UCVTF") else MASK64
    return _one_source(m, _convert_op(m, form.mnemonic, sel, v["DstType"]), v["SrcL"], norm, v["RegDst"])
