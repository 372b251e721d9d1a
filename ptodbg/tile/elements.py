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
