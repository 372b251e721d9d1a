"""ASL operators on the value classes of :mod:`ptodbg.avs.values`, with ASL's typing rules.

Widths are exact: ``bits(N) + bits(N)`` and ``bits(N) + integer`` are ``bits(N)`` modulo
2**N, comparing bitvectors of different widths is a type error, ``DIV`` must divide
exactly and ``MOD`` takes the sign of the divisor (ASLRef ``Operations.ml``).
"""

from __future__ import annotations

from fractions import Fraction

from ptodbg.avs.limits import MAX_BITS, WIDE_BITS
from ptodbg.avs.values import (
    Array,
    AslError,
    AssertionFailed,
    Bits,
    Record,
    charge_wide,
    show,
    type_name,
)

# Integers are unbounded in ASL; a result wider than this is not a test of anything and
# would only exhaust memory and time (``2 ^ 100000000``; ``x = x + x`` in a loop doubles
# the work each time), so it is refused; results wider than WIDE_BITS are charged to the
# run's wide-value budget (values.charge_wide).  Rationals (``real``) are bounded more
# tightly, numerator and denominator (each operation takes a gcd, whose time grows with the
# square of their width), at WIDE_BITS.
MAX_RESULT_BITS = MAX_BITS
MAX_REAL_BITS = WIDE_BITS
_WIDE = 1 << WIDE_BITS  # comparing with it costs nothing: ints compare sizes first
_LIMIT = 1 << MAX_RESULT_BITS
_MINUS_WIDE, _MINUS_LIMIT = -_WIDE, -_LIMIT  # negated once (negating copies all the digits)


def _type_error(op: str, a: object, b: object) -> AslError:
    return AslError(f"type error: {type_name(a)} {op} {type_name(b)}")


def materialize(value: object) -> object:
    """A live view of machine state (see harness.views) as a plain ASL value."""
    snap = getattr(value, "snapshot", None)
    return snap() if snap is not None else value


def equal(a: object, b: object) -> bool:
    """ASL ``==``: both sides of one type; bitvectors of one width."""
    ta, tb = type(a), type(b)
    if ta is tb:
        if ta is Bits:
            if a.width != b.width:  # type: ignore[attr-defined]
                raise _type_error("==", a, b)
            return a.value == b.value  # type: ignore[attr-defined]
        return a == b
    if ta in (int, Fraction) and tb in (int, Fraction):
        return a == b
    a, b = materialize(a), materialize(b)
    if type(a) is type(b) and type(a) in (Record, Array):
        return a == b
    raise _type_error("==", a, b)


def add(a: object, b: object) -> object:
    ta = type(a)
    if ta is int and type(b) is int:
        r = a + b  # type: ignore[operator]
        return r if _MINUS_WIDE < r < _WIDE else _bounded(r)
    if ta is Bits:
        if type(b) is Bits:
            if a.width != b.width:  # type: ignore[attr-defined]
                raise _type_error("+", a, b)
            return Bits(a.width, a.value + b.value)  # type: ignore[attr-defined]
        if type(b) is int:
            return Bits(a.width, a.value + b)  # type: ignore[attr-defined,operator]
    if ta in (int, Fraction) and type(b) in (int, Fraction):
        return _bounded_real(a + b)  # type: ignore[operator]
    raise _type_error("+", a, b)


def sub(a: object, b: object) -> object:
    ta = type(a)
    if ta is int and type(b) is int:
        r = a - b  # type: ignore[operator]
        return r if _MINUS_WIDE < r < _WIDE else _bounded(r)
    if ta is Bits:
        if type(b) is Bits:
            if a.width != b.width:  # type: ignore[attr-defined]
                raise _type_error("-", a, b)
            return Bits(a.width, a.value - b.value)  # type: ignore[attr-defined]
        if type(b) is int:
            return Bits(a.width, a.value - b)  # type: ignore[attr-defined,operator]
    if ta in (int, Fraction) and type(b) in (int, Fraction):
        return _bounded_real(a - b)  # type: ignore[operator]
    raise _type_error("-", a, b)


def mul(a: object, b: object) -> object:
    if type(a) is int and type(b) is int:
        return _bounded(a * b)  # type: ignore[operator]
    if type(a) in (int, Fraction) and type(b) in (int, Fraction):
        return _bounded_real(a * b)  # type: ignore[operator]
    if type(a) is Bits and type(b) is Bits and a.width == b.width:  # type: ignore[attr-defined]
        return Bits(a.width, a.value * b.value)  # type: ignore[attr-defined]
    raise _type_error("*", a, b)


def _quadratic(op: str, x: int, y: int) -> None:
    """Refuse a division whose time grows with the product of its operands' widths, when
    both are wider than WIDE_BITS (a 2,097,152-bit quotient takes seconds)."""
    if not (_MINUS_WIDE < x < _WIDE or _MINUS_WIDE < y < _WIDE):
        raise AssertionFailed(f"{op} of two integers wider than {WIDE_BITS} bits")


def _ints(op: str, a: object, b: object) -> tuple[int, int]:
    if type(a) is not int or type(b) is not int:
        raise _type_error(op, a, b)
    return a, b  # type: ignore[return-value]


def div(a: object, b: object) -> int:
    x, y = _ints("DIV", a, b)
    if y <= 0:
        raise AssertionFailed(f"DIV by {show(y)} (the divisor must be positive)")
    _quadratic("DIV", x, y)
    if x % y:
        raise AssertionFailed(f"{show(x)} DIV {show(y)} is not exact")
    return x // y


def divrm(a: object, b: object) -> int:
    x, y = _ints("DIVRM", a, b)
    if y <= 0:
        raise AssertionFailed(f"DIVRM by {show(y)} (the divisor must be positive)")
    _quadratic("DIVRM", x, y)
    return x // y


def mod(a: object, b: object) -> int:
    x, y = _ints("MOD", a, b)
    if y <= 0:
        raise AssertionFailed(f"MOD by {show(y)} (the divisor must be positive)")
    _quadratic("MOD", x, y)
    return x % y


def rdiv(a: object, b: object) -> object:
    if type(a) in (int, Fraction) and type(b) in (int, Fraction):
        if b == 0:
            raise AssertionFailed("division by zero")
        return _bounded_real(Fraction(a) / Fraction(b))  # type: ignore[arg-type]
    raise _type_error("/", a, b)


def _too_wide() -> AssertionFailed:
    return AssertionFailed(f"integer result wider than {MAX_RESULT_BITS} bits")


def _bounded(value: int) -> int:
    if _MINUS_WIDE < value < _WIDE:
        return value
    if not _MINUS_LIMIT < value < _LIMIT:
        raise _too_wide()
    charge_wide(value.bit_length(), "an integer")
    return value


def _bounded_real(value: object) -> object:
    """An int or Fraction result within the bound (a Fraction: both of its parts)."""
    if type(value) is Fraction:
        if _MINUS_WIDE < value.numerator < _WIDE and value.denominator < _WIDE:  # type: ignore[attr-defined]
            return value
        raise AssertionFailed(f"real result with a numerator or denominator wider than {MAX_REAL_BITS} bits")
    return _bounded(value)  # type: ignore[arg-type]


def power(a: object, b: object) -> object:
    """``a ^ b``; refused before it is computed when the result would pass the bound (the
    base's width times the exponent), since computing it first could take forever."""
    if type(a) in (int, Fraction) and type(b) is int:
        if a not in (0, 1, -1):
            parts = (a,) if type(a) is int else (a.numerator, a.denominator)  # type: ignore[attr-defined]
            if max(abs(x).bit_length() - 1 for x in parts) * abs(b) > MAX_RESULT_BITS or abs(b) > MAX_RESULT_BITS:  # type: ignore[arg-type]
                raise _too_wide()
        if b < 0 and type(a) is int:  # type: ignore[operator]
            if a == 0:
                raise AssertionFailed("0 ^ a negative exponent (division by zero)")
            return _bounded_real(Fraction(a) ** b)  # type: ignore[arg-type,operator]
        if b < 0 and a == 0:
            raise AssertionFailed("0 ^ a negative exponent (division by zero)")
        return _bounded_real(a ** b)  # type: ignore[operator]
    raise _type_error("^", a, b)


def shl(a: object, b: object) -> int:
    x, y = _ints("<<", a, b)
    if y > MAX_RESULT_BITS:
        raise _too_wide()
    return _bounded(x << y) if y >= 0 else x >> -y


def shr(a: object, b: object) -> int:
    x, y = _ints(">>", a, b)
    return x >> y if y >= 0 else shl(x, -y)


def _bitwise(op: str, a: object, b: object) -> tuple[int, int, int]:
    if type(a) is Bits and type(b) is Bits and a.width == b.width:  # type: ignore[attr-defined]
        return a.width, a.value, b.value  # type: ignore[attr-defined]
    if type(a) is bool and type(b) is bool:
        raise AslError(f"type error: {op} on booleans (use && / ||)")
    raise _type_error(op, a, b)


def bit_and(a: object, b: object) -> Bits:
    w, x, y = _bitwise("AND", a, b)
    return Bits(w, x & y)


def bit_or(a: object, b: object) -> Bits:
    w, x, y = _bitwise("OR", a, b)
    return Bits(w, x | y)


def bit_xor(a: object, b: object) -> Bits:
    w, x, y = _bitwise("XOR", a, b)
    return Bits(w, x ^ y)


def concat(a: object, b: object) -> Bits:
    if type(a) is Bits and type(b) is Bits:
        return Bits(a.width + b.width, (a.value << b.width) | b.value)  # type: ignore[attr-defined]
    raise _type_error("::", a, b)


def _ordered(op: str, a: object, b: object) -> None:
    if type(a) not in (int, Fraction) or type(b) not in (int, Fraction):
        raise _type_error(op, a, b)


def less(a: object, b: object) -> bool:
    _ordered("<", a, b)
    return a < b  # type: ignore[operator]


def less_equal(a: object, b: object) -> bool:
    _ordered("<=", a, b)
    return a <= b  # type: ignore[operator]


def greater(a: object, b: object) -> bool:
    _ordered(">", a, b)
    return a > b  # type: ignore[operator]


def greater_equal(a: object, b: object) -> bool:
    _ordered(">=", a, b)
    return a >= b  # type: ignore[operator]


def not_equal(a: object, b: object) -> bool:
    return not equal(a, b)


BINARY = {
    "+": add, "-": sub, "*": mul, "DIV": div, "DIVRM": divrm, "MOD": mod, "/": rdiv, "^": power,
    "<<": shl, ">>": shr, "AND": bit_and, "OR": bit_or, "XOR": bit_xor, "::": concat,
    "==": equal, "!=": not_equal, "<": less, "<=": less_equal, ">": greater, ">=": greater_equal,
}


def negate(a: object) -> object:
    if type(a) in (int, Fraction):
        return -a  # type: ignore[operator]
    raise AslError(f"type error: -{type_name(a)}")


def logical_not(a: object) -> bool:
    if type(a) is bool:
        return not a
    raise AslError(f"type error: !{type_name(a)}")


def bit_not(a: object) -> Bits:
    if type(a) is Bits:
        return Bits(a.width, ~a.value)  # type: ignore[attr-defined]
    raise AslError(f"type error: NOT {type_name(a)}")


UNARY = {"-": negate, "!": logical_not, "NOT": bit_not}


# -------------------------------------------------------------------------- slices
def bits_of(value: object) -> tuple[int, int | None]:
    """(unsigned value, width) of something sliceable; integers have no width."""
    if type(value) is Bits:
        return value.value, value.width  # type: ignore[attr-defined]
    if type(value) is int:
        return value, None  # type: ignore[return-value]
    raise AslError(f"type error: cannot slice {type_name(value)}")


def check_range(width: int | None, low: int, count: int) -> None:
    if low < 0 or count < 0 or (width is not None and low + count > width):
        raise AssertionFailed(f"slice [{show(low + count - 1)}:{show(low)}] outside bits({width})")
    if count > MAX_BITS:  # a slice of an integer has no width to stay inside
        raise AssertionFailed(f"slice of {show(count)} bits (0..{MAX_BITS} bits are allowed)")


def extract(value: object, pieces: list[tuple[int, int]]) -> Bits:
    """``value[hi:lo, ...]`` with pieces given as (low, count)."""
    raw, width = bits_of(value)
    out = 0
    total = 0
    for low, count in pieces:
        check_range(width, low, count)
        out = (out << count) | ((raw >> low) & ((1 << count) - 1))
        total += count
    return Bits(total, out)


def splice(old: object, pieces: list[tuple[int, int]], new: object) -> object:
    """``old`` with the slices replaced by the bits of ``new`` (first slice = top bits)."""
    if type(old) is not Bits:
        raise AslError(f"type error: cannot assign a slice of {type_name(old)}")
    total = sum(count for _, count in pieces)
    if type(new) is not Bits or new.width != total:  # type: ignore[attr-defined]
        raise AslError(f"type error: assigning {type_name(new)} to a {total}-bit slice")
    value = old.value  # type: ignore[attr-defined]
    src = new.value  # type: ignore[attr-defined]
    shift = total
    for low, count in pieces:
        check_range(old.width, low, count)  # type: ignore[attr-defined]
        shift -= count
        mask = ((1 << count) - 1) << low
        value = (value & ~mask) | (((src >> shift) & ((1 << count) - 1)) << low)
    return Bits(old.width, value)  # type: ignore[attr-defined]


def matches_mask(value: object, mask: str) -> bool:
    if type(value) is not Bits or value.width != len(mask):  # type: ignore[attr-defined]
        raise AslError(f"type error: matching {type_name(value)} against a {len(mask)}-bit mask")
    for i, ch in enumerate(reversed(mask)):
        if ch != "x" and ((value.value >> i) & 1) != int(ch):  # type: ignore[attr-defined]
            return False
    return True
