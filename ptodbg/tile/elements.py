"""Element values of the tile operations: integer interpretation of carriers, the integer
binary and unary rules, and the reference profile's raw-carrier floating arithmetic.

Sources (pto-spec 0.58.3): ``asl/tile/model/execution/elementwise.asl`` (TileBinaryValue,
TileIntegerOperandValue, TileRawElementValue, TileIntegerBinaryValue, TileIntegerDivRemValue,
TileCarrierBinaryValue, TileProfileBinaryWithFlags), ``unary.asl`` (TileIntegerUnaryValue),
``asl/tile/model/numeric/formats.asl`` (NormalizeTileInteger),
``asl/scalar/model/alu/semantics.asl`` (MultiplyWord, DivideWordUnsigned,
ScalarDivideSigned) and ``asl/arch/profile/reference-profile.asl`` (the reference numeric
profile: ScalarFPBinaryProfile and TileProfileFloatingModulo are modular operations on
the raw carriers - a deterministic surrogate, not IEEE arithmetic, as ptodbg's scalar FSU
"carrier" model).

An element is a 64-bit Word (the carrier of :mod:`ptodbg.tile.state`); every function
returns a Word.
"""

from __future__ import annotations

from ptodbg.tile.codes import WORD_MASK, DType
from ptodbg.tile.convert import min_max_special
from ptodbg.tile.formats import ValueClass, format_of

MASK = WORD_MASK
NV, DZ = 1, 2  # numeric status flags (CORE_STATE[36:32] = NV, DZ, OF, UF, NX)

# TileBinaryOperation / TileUnaryOperation, as the spec names them
ADD, SUB, MUL, MAX, MIN, AND, OR, XOR, SHL, SHR, DIV, REM = (
    "ADD", "SUB", "MUL", "MAX", "MIN", "AND", "OR", "XOR", "SHL", "SHR", "DIV", "REM")
BINARY = (ADD, SUB, MUL, MAX, MIN, AND, OR, XOR, SHL, SHR, DIV, REM)
ABS, NOT, NEG, RELU, SQRT, LOG, RECIP, EXP, RSQRT = (
    "ABS", "NOT", "NEG", "RELU", "SQRT", "LOG", "RECIP", "EXP", "RSQRT")
UNARY = (ABS, NOT, NEG, RELU, SQRT, LOG, RECIP, EXP, RSQRT)
LOGICAL = frozenset({AND, OR, XOR})
CLOSED_UNARY = frozenset({ABS, NOT, NEG, RELU})  # TileUnaryUsesClosedElementwiseContract
SFU_UNARY = frozenset({EXP, LOG, RECIP, SQRT, RSQRT})  # TileUnaryUsesSFUElementwiseContract


def signed(value: int) -> int:
    """SInt of a Word."""
    return value - (1 << 64) if value >> 63 else value


def raw(value: int, d: DType) -> int:
    """TileRawElementValue: the element's bits of a scalar, zero-extended (a packed
    type keeps its low nibble)."""
    return value & (d.mask if d.bits in (8, 16, 32, 4) else MASK)


def operand(value: int, d: DType) -> int:
    """TileIntegerOperandValue: the element as a Word, sign- or zero-extended."""
    bits = d.bits
    if bits == 64:
        return value & MASK
    v = value & ((1 << bits) - 1)
    if d.is_signed and v >> (bits - 1):
        v -= 1 << bits
    return v & MASK


def unsigned_element(value: int, d: DType) -> int:
    """TileUnsignedElementValue: the element bits, zero-extended."""
    return value & (MASK if d.bits == 64 else (1 << d.bits) - 1)


def normalize(value: int, d: DType) -> int:
    """NormalizeTileInteger: a signed element sign-extended, an unsigned one zero-extended."""
    return operand(value, d)


def shift_amount(value: int, d: DType) -> int:
    """TileIntegerShiftAmount: the low log2(width) bits of the count."""
    return value & (d.bits - 1)


def integer_binary(op: str, d: DType, left: int, right: int) -> int:
    """TileIntegerBinaryValue (and TileIntegerMinMaxValue)."""
    lv, rv = operand(left, d), operand(right, d)
    if op == ADD:
        return normalize(lv + rv, d)
    if op == SUB:
        return normalize(lv - rv, d)
    if op == MUL:
        return normalize(lv * rv, d)
    if op in (MAX, MIN):
        a, b = (signed(lv), signed(rv)) if d.is_signed else (lv, rv)
        if op == MIN:
            return lv if a <= b else rv
        return lv if a >= b else rv
    if op == AND:
        return unsigned_element(lv & rv, d)
    if op == OR:
        return unsigned_element(lv | rv, d)
    if op == XOR:
        return unsigned_element(lv ^ rv, d)
    count = shift_amount(rv, d)
    if op == SHL:
        return unsigned_element(lv << count, d)
    if op == SHR:
        shifted = (signed(lv) >> count) & MASK if d.is_signed else lv >> count
        return unsigned_element(shifted, d)
    raise ValueError(f"{op} is not an integer binary operation")


def divide_signed(dividend: int, divisor: int) -> int:
    """ScalarDivideSigned: truncating, 0 for a zero divisor, modulo 2**64."""
    if divisor == 0:
        return 0
    a, b = signed(dividend), signed(divisor)
    q = abs(a) // abs(b)
    return (-q if (a < 0) != (b < 0) else q) & MASK


def integer_divrem(op: str, d: DType, left: int, right: int) -> int:
    """TileIntegerDivRemValue: signed REM is a floor modulo (TileSignedModulo)."""
    dividend, divisor = operand(left, d), operand(right, d)
    if divisor == 0:
        raise ZeroDivisionError("a zero integer divisor passed legality")
    if op == DIV:
        return divide_signed(dividend, divisor) if d.is_signed else dividend // divisor
    if d.is_signed:
        q = divide_signed(dividend, divisor)
        r = (dividend - q * divisor) & MASK
        if r == 0 or (r >> 63) == (divisor >> 63):
            return r
        return (r + divisor) & MASK
    return dividend % divisor


def carrier_logical(op: str, d: DType, left: int, right: int) -> int:
    """TileCarrierBinaryValue: AND/OR/XOR of the raw carriers, kept to the element."""
    value = left & right if op == AND else left | right if op == OR else left ^ right
    return raw(value, d)


def integer_unary(op: str, d: DType, value: int) -> int:
    """TileIntegerUnaryValue."""
    unsigned_value = unsigned_element(value, d)
    signed_value = operand(value, d)
    negative = d.is_signed and signed(signed_value) < 0
    if op == ABS:
        return unsigned_element(-signed_value, d) if negative else unsigned_value
    if op == NOT:
        return unsigned_element(~unsigned_value, d)
    if op == NEG:
        return unsigned_element(-unsigned_value, d)
    if op == RELU:
        return 0 if negative else unsigned_value
    raise ValueError(f"{op} is not an integer unary operation")


# ------------------------------------------- the reference profile (carriers)
def carrier_zero(value: int, d: DType) -> bool:
    """ScalarFPCarrierIsZero of the type's code: FP32 (code 1) looks at the low word,
    every other code at the word as FP64 (either zero encoding)."""
    if d.code == 1:
        return value & 0x7FFFFFFF == 0
    return value & 0x7FFFFFFFFFFFFFFF == 0


def carrier_binary(op: str, d: DType, left: int, right: int) -> tuple[int, int]:
    """ScalarFPBinaryProfile of the reference profile: (value, flags)."""
    if op == ADD:
        return (left + right) & MASK, 0
    if op == SUB:
        return (left - right) & MASK, 0
    if op == MUL:
        return (left * right) & MASK, 0
    if op == DIV:
        if carrier_zero(right, d):
            return MASK, DZ
        return (left & MASK) // (right & MASK), 0
    raise ValueError(f"{op} is not a carrier binary operation")


def carrier_modulo(d: DType, left: int, right: int) -> int:
    """TileProfileFloatingModulo of the reference profile."""
    if carrier_zero(right, d):
        return MASK
    return (left - (left // right) * right) & MASK


def carrier_unary(op: str, value: int) -> int:
    """TileUnaryValue with the reference profile's hooks (TileSquareRoot etc.)."""
    if op == ABS:
        return (-value) & MASK if signed(value) < 0 else value
    if op == NOT:
        return ~value & MASK
    if op == NEG:
        return (-value) & MASK
    if op == RELU:
        return 0 if signed(value) < 0 else value
    if op == RECIP:
        return MASK // value if value else MASK  # DivideWordUnsigned asserts a nonzero value
    if op == EXP:
        return (value + 1) & MASK
    return value  # SQRT, LOG, RSQRT: the identity


# ---------------------------------------------------------------- encodings
_LOW_ZERO = {"TF32": 0x1FFF, "HF32": 0xFFF}
_HIGH_ZERO = {"E3M2", "E2M3"}


def encoding_valid(d: DType, value: int) -> bool:
    """TileNumericEncodingValid: TF32/HF32 low bits and E3M2/E2M3 high bits are zero."""
    low = _LOW_ZERO.get(d.name)
    if low is not None:
        return value & low == 0
    if d.name in _HIGH_ZERO:
        return value & 0xC0 == 0
    return True


# --------------------------------------------------- floating element rules
# The architecture owns these whatever the numeric profile (asl/arch/features/
# {mx-formats,minmax-profile}.asl, asl/tile/model/execution/{unary,comparison,
# fused-multiply-add}.asl): NaN, zero and infinity cases decided by the value class of
# ptodbg.tile.formats, ordering by the sign-folded carrier key.
_KEY_BITS = {"FP64": 64, "FP32": 32, "TF32": 32, "HF32": 32, "FP16": 16, "BF16": 16, "E4M3": 8, "E5M2": 8}


def value_class(d: DType, value: int) -> ValueClass:
    """TileNumericValueClass."""
    return format_of(d).classify(value)


def canonical_nan(d: DType) -> int:
    """HardwareNumericCanonicalNaNResult of a type that has one."""
    nan = format_of(d).canonical_nan
    if nan is None:
        raise ValueError(f"{d.name} has no NaN")
    return nan


def signed_zeros(d: DType) -> tuple[int, int]:
    """HardwareNumericSignedZeroEncodings: (+0, -0)."""
    zeros = format_of(d).signed_zeros
    if zeros is None:
        raise ValueError(f"{d.name} has no signed zeros")
    return zeros


def order_key(d: DType, value: int) -> int | None:
    """HardwareNumericFloatingOrderKey (TileFloatingOrderKey): monotonic in the value, None
    for an invalid encoding or a type without one."""
    bits = _KEY_BITS.get(d.name)
    if bits is None or not encoding_valid(d, value):
        return None
    mask = (1 << bits) - 1
    raw = value & mask
    sign = 1 << (bits - 1)
    return (~raw & mask) if raw & sign else raw ^ sign


def float_min_max(maximum: bool, d: DType, left: int, right: int) -> tuple[int, bool]:
    """HardwareNumericFloatingMinMax (TileFloatingMinMaxValue): (result, invalid)."""
    special, result, invalid = min_max_special(maximum, d, left, right)
    if special:
        return result, invalid
    lk, rk = order_key(d, left), order_key(d, right)
    if lk is None or rk is None:
        raise ValueError(f"{d.name} has no floating order")
    if maximum:
        return (left if lk >= rk else right), False
    return (left if lk <= rk else right), False


def float_compare(comparison: str, d: DType, left: int, right: int) -> tuple[bool, int]:
    """TileProfileFloatingCompare: NaN is unordered (NE true; a signalling NaN raises NV),
    two zeros are equal, else the order keys."""
    lc, rc = value_class(d, left), value_class(d, right)
    if lc.is_nan or rc.is_nan:
        snan = ValueClass.SignalingNaN in (lc, rc)
        return comparison == "NE", NV if snan else 0
    both_zero = lc.is_zero and rc.is_zero
    equal = both_zero or left == right
    less = False if both_zero else order_key(d, left) < order_key(d, right)  # type: ignore[operator]
    return {"EQ": equal, "NE": not equal, "LT": less, "LE": less or equal, "GT": not less and not equal,
            "GE": not less or equal}[comparison], 0


_NEGATIVE = frozenset({ValueClass.NegativeZero, ValueClass.NegativeSubnormal, ValueClass.NegativeNormal,
                       ValueClass.NegativeInfinity})
_ONE_ENCODING = {"FP64": 0x3FF0000000000000, "FP32": 0x3F800000, "TF32": 0x3F800000, "HF32": 0x3F800000,
                 "FP16": 0x3C00, "BF16": 0x3F80, "E4M3": 0x38, "E5M2": 0x3C}
_INFINITY = {"FP64": 0x7FF0000000000000, "FP32": 0x7F800000, "TF32": 0x7F800000, "HF32": 0x7F800000,
             "FP16": 0x7C00, "BF16": 0x7F80, "E5M2": 0x7C}


def float_carrier(d: DType, value: int) -> int:
    """TileFloatingUnaryCarrier: the element's bits."""
    return value & (MASK if d.bits == 64 else (1 << d.bits) - 1)


def _unbounded(d: DType, negative: bool) -> int:
    """TileFloatingUnaryUnboundedResult: the signed infinity, or NaN for E4M3."""
    inf = _INFINITY.get(d.name)
    if inf is None:
        return canonical_nan(d)
    return inf | (1 << (d.bits - 1)) if negative else inf


def sfu_special(op: str, d: DType, value: int) -> tuple[bool, int, int]:
    """TileSFUUnarySpecialValue: (handled, result, flags) of EXP/LOG/RECIP/SQRT/RSQRT for
    NaN, zero, infinity and out-of-domain inputs."""
    carrier = float_carrier(d, value)
    cls = value_class(d, carrier)
    positive_zero, negative_zero = signed_zeros(d)
    if cls.is_nan:
        return True, canonical_nan(d), NV if cls == ValueClass.SignalingNaN else 0
    negative = cls in _NEGATIVE
    if op == EXP:
        if cls.is_zero:
            return True, _ONE_ENCODING[d.name], 0
        if cls == ValueClass.PositiveInfinity:
            return True, carrier, 0
        if cls == ValueClass.NegativeInfinity:
            return True, positive_zero, 0
    elif op == LOG:
        if carrier == _ONE_ENCODING[d.name]:
            return True, positive_zero, 0
        if cls.is_zero:
            return True, _unbounded(d, True), DZ
        if cls == ValueClass.PositiveInfinity:
            return True, carrier, 0
        if negative:
            return True, canonical_nan(d), NV
    elif op == RECIP:
        if cls.is_zero:
            return True, _unbounded(d, cls == ValueClass.NegativeZero), DZ
        if cls.is_infinity:
            return True, negative_zero if cls == ValueClass.NegativeInfinity else positive_zero, 0
    elif op == SQRT:
        if cls.is_zero or cls == ValueClass.PositiveInfinity:
            return True, carrier, 0
        if negative:
            return True, canonical_nan(d), NV
    elif op == RSQRT:
        if cls.is_zero:
            return True, _unbounded(d, cls == ValueClass.NegativeZero), DZ
        if cls == ValueClass.PositiveInfinity:
            return True, positive_zero, 0
        if negative:
            return True, canonical_nan(d), NV
    return False, 0, 0


def float_relu(d: DType, value: int) -> tuple[int, bool]:
    """TileFloatingUnaryValue's RELU: negative values and zeros give 0, positive values
    themselves, NaN the canonical NaN (invalid for a signalling one)."""
    carrier = float_carrier(d, value)
    cls = value_class(d, carrier)
    if cls.is_nan:
        return canonical_nan(d), cls == ValueClass.SignalingNaN
    if cls in _NEGATIVE or cls == ValueClass.PositiveZero:
        return 0, False
    return carrier, False


def fma_invalid(d: DType, left: int, right: int, addend: int) -> bool:
    """TileFixedFusedMultiplyAddValue's invalid cases: a signalling NaN, zero times
    infinity, or an infinite product against the opposite infinity."""
    lc, rc, ac = value_class(d, left), value_class(d, right), value_class(d, addend)
    if ValueClass.SignalingNaN in (lc, rc, ac):
        return True
    if (lc.is_zero and rc.is_infinity) or (lc.is_infinity and rc.is_zero):
        return True
    product_infinite = lc.is_infinity or rc.is_infinity
    product_negative = (lc in _NEGATIVE) != (rc in _NEGATIVE)
    return product_infinite and ac.is_infinity and product_negative != (ac in _NEGATIVE)
