"""The ASL standard library functions the AVS programs call (ASLRef ``stdlib.asl``).

Each builtin takes ``(ctx, params, args)``: ``params`` are the ``{N}`` parameters of the
call (``Zeros{64}``), ``args`` the arguments.  ASL lets a parameter be given either way
(``ZeroExtend{64}(x)`` or ``ZeroExtend(x, 64)``), so both spellings are accepted.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil, floor

from ptodbg.avs.convert import as_bitvector, as_int
from ptodbg.avs.limits import MAX_BITS
from ptodbg.avs.values import AslError, AssertionFailed, Bits, show, type_name


def _width(params: list, args: list, position: int, name: str) -> int:
    """The N of ``F{N}(...)`` or of ``F(..., N)`` (argument ``position``)."""
    if params:
        return as_int(params[0], f"{name}'s width")
    if len(args) > position:
        return as_int(args[position], f"{name}'s width")
    raise AslError(f"{name} needs a width")


def _checked_width(n: int, name: str) -> int:
    if not 0 <= n <= MAX_BITS:
        raise AssertionFailed(f"{name}: width {show(n)} is out of range")
    return n


def zeros(ctx: object, params: list, args: list) -> Bits:
    return Bits(_checked_width(_width(params, args, 0, "Zeros"), "Zeros"), 0)


def ones(ctx: object, params: list, args: list) -> Bits:
    n = _checked_width(_width(params, args, 0, "Ones"), "Ones")
    return Bits(n, (1 << n) - 1)


def uint(ctx: object, params: list, args: list) -> int:
    return as_bitvector(args[0], "UInt's argument").value


def sint(ctx: object, params: list, args: list) -> int:
    return as_bitvector(args[0], "SInt's argument").signed()


def zero_extend(ctx: object, params: list, args: list) -> Bits:
    x = as_bitvector(args[0], "ZeroExtend's argument")
    n = _checked_width(_width(params, args, 1, "ZeroExtend"), "ZeroExtend")
    if n < x.width:
        raise AssertionFailed(f"ZeroExtend of bits({x.width}) to {show(n)} bits")
    return Bits(n, x.value)


def sign_extend(ctx: object, params: list, args: list) -> Bits:
    x = as_bitvector(args[0], "SignExtend's argument")
    n = _checked_width(_width(params, args, 1, "SignExtend"), "SignExtend")
    if n < x.width:
        raise AssertionFailed(f"SignExtend of bits({x.width}) to {show(n)} bits")
    return Bits(n, x.signed())


def replicate(ctx: object, params: list, args: list) -> Bits:
    x = as_bitvector(args[0], "Replicate's argument")
    if params:
        total = as_int(params[0], "Replicate's width")
        if x.width == 0 or total % x.width:
            raise AssertionFailed(f"Replicate of bits({x.width}) to {show(total)} bits")
        count = total // x.width
    else:
        count = as_int(args[1], "Replicate's count")
    _checked_width(x.width * count, "Replicate")
    value = 0
    for _ in range(count):
        value = (value << x.width) | x.value
    return Bits(x.width * count, value)


def length(ctx: object, params: list, args: list) -> int:
    return as_bitvector(args[0], "Len's argument").width


def is_zero(ctx: object, params: list, args: list) -> bool:
    return as_bitvector(args[0], "IsZero's argument").value == 0


def is_ones(ctx: object, params: list, args: list) -> bool:
    x = as_bitvector(args[0], "IsOnes's argument")
    return x.value == (1 << x.width) - 1


def bit_count(ctx: object, params: list, args: list) -> int:
    return as_bitvector(args[0], "BitCount's argument").value.bit_count()


def lowest_set_bit(ctx: object, params: list, args: list) -> int:
    x = as_bitvector(args[0], "LowestSetBit's argument")
    return (x.value & -x.value).bit_length() - 1 if x.value else x.width


def highest_set_bit(ctx: object, params: list, args: list) -> int:
    return as_bitvector(args[0], "HighestSetBit's argument").value.bit_length() - 1


def count_leading_zero_bits(ctx: object, params: list, args: list) -> int:
    x = as_bitvector(args[0], "CountLeadingZeroBits's argument")
    return x.width - x.value.bit_length()


def _shift_amount(value: object, name: str) -> int:
    n = as_int(value, f"{name}'s shift")
    if n < 0:
        raise AssertionFailed(f"{name} by a negative amount {show(n)}")
    return n


def lsl(ctx: object, params: list, args: list) -> Bits:
    x = as_bitvector(args[0], "LSL's argument")
    return Bits(x.width, x.value << min(_shift_amount(args[1], "LSL"), x.width + 1))


def lsr(ctx: object, params: list, args: list) -> Bits:
    x = as_bitvector(args[0], "LSR's argument")
    return Bits(x.width, x.value >> _shift_amount(args[1], "LSR"))


def asr(ctx: object, params: list, args: list) -> Bits:
    x = as_bitvector(args[0], "ASR's argument")
    return Bits(x.width, x.signed() >> _shift_amount(args[1], "ASR"))


def ror(ctx: object, params: list, args: list) -> Bits:
    x = as_bitvector(args[0], "ROR's argument")
    if x.width == 0:
        return x
    n = _shift_amount(args[1], "ROR") % x.width
    return Bits(x.width, (x.value >> n) | (x.value << (x.width - n)))


def rol(ctx: object, params: list, args: list) -> Bits:
    x = as_bitvector(args[0], "ROL's argument")
    if x.width == 0:
        return x
    n = _shift_amount(args[1], "ROL") % x.width
    return Bits(x.width, (x.value << n) | (x.value >> (x.width - n)))


def _numbers(args: list, name: str) -> list:
    for a in args:
        if type(a) not in (int, Fraction):
            raise AslError(f"type error: {name} of {type_name(a)}")
    return args


def minimum(ctx: object, params: list, args: list) -> object:
    return min(_numbers(args, "Min"))


def maximum(ctx: object, params: list, args: list) -> object:
    return max(_numbers(args, "Max"))


def absolute(ctx: object, params: list, args: list) -> object:
    return abs(_numbers(args, "Abs")[0])


def align(ctx: object, params: list, args: list) -> object:
    x, y = args[0], as_int(args[1], "Align's alignment")
    if y <= 0:
        raise AssertionFailed(f"Align to {show(y)}")
    if type(x) is Bits:
        return Bits(x.width, x.value // y * y)
    return as_int(x, "Align's argument") // y * y


def is_pow2(ctx: object, params: list, args: list) -> bool:
    x = as_int(args[0], "IsPow2's argument")
    return x > 0 and x & (x - 1) == 0


def floor_log2(ctx: object, params: list, args: list) -> int:
    x = as_int(args[0], "FloorLog2's argument")
    if x <= 0:
        raise AssertionFailed(f"FloorLog2 of {show(x)}")
    return x.bit_length() - 1


def ceil_log2(ctx: object, params: list, args: list) -> int:
    x = as_int(args[0], "CeilLog2's argument")
    if x <= 0:
        raise AssertionFailed(f"CeilLog2 of {show(x)}")
    return (x - 1).bit_length()


def round_down(ctx: object, params: list, args: list) -> int:
    return floor(_numbers(args, "RoundDown")[0])


def round_up(ctx: object, params: list, args: list) -> int:
    return ceil(_numbers(args, "RoundUp")[0])


def round_towards_zero(ctx: object, params: list, args: list) -> int:
    x = _numbers(args, "RoundTowardsZero")[0]
    return int(x)


def real(ctx: object, params: list, args: list) -> Fraction:
    return Fraction(as_int(args[0], "Real's argument"))


# How many arguments each builtin takes (low, high); a width may come as a {N} parameter
# instead of the last argument, so those take one argument less at the low end.
ANY = 1 << 30
ARITY: dict[str, tuple[int, int]] = {
    "Zeros": (0, 1), "Ones": (0, 1), "UInt": (1, 1), "SInt": (1, 1), "ZeroExtend": (1, 2),
    "SignExtend": (1, 2), "Replicate": (1, 2), "Len": (1, 1), "IsZero": (1, 1), "IsOnes": (1, 1),
    "BitCount": (1, 1), "LowestSetBit": (1, 1), "HighestSetBit": (1, 1), "CountLeadingZeroBits": (1, 1),
    "LSL": (2, 2), "LSR": (2, 2), "ASR": (2, 2), "ROR": (2, 2), "ROL": (2, 2), "Min": (1, ANY), "Max": (1, ANY),
    "Abs": (1, 1), "Align": (2, 2), "IsPow2": (1, 1), "FloorLog2": (1, 1), "CeilLog2": (1, 1),
    "RoundDown": (1, 1), "RoundUp": (1, 1), "RoundTowardsZero": (1, 1), "Real": (1, 1),
}

BUILTINS = {
    "Zeros": zeros, "Ones": ones, "UInt": uint, "SInt": sint, "ZeroExtend": zero_extend,
    "SignExtend": sign_extend, "Replicate": replicate, "Len": length, "IsZero": is_zero,
    "IsOnes": is_ones, "BitCount": bit_count, "LowestSetBit": lowest_set_bit,
    "HighestSetBit": highest_set_bit, "CountLeadingZeroBits": count_leading_zero_bits,
    "LSL": lsl, "LSR": lsr, "ASR": asr, "ROR": ror, "ROL": rol, "Min": minimum, "Max": maximum,
    "Abs": absolute, "Align": align, "IsPow2": is_pow2, "FloorLog2": floor_log2,
    "CeilLog2": ceil_log2, "RoundDown": round_down, "RoundUp": round_up,
    "RoundTowardsZero": round_towards_zero, "Real": real,
}
