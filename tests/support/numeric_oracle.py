"""Independent oracles for the numeric-format tests (nothing here imports ptodbg.tile).

* :class:`Grid` rounds by brute force over a format's sorted non-negative finite values,
  choosing between the two neighbours by the plain wording of ADR-0047's seven modes;
* :func:`host_neighbours` gives the binary32/binary16 neighbours of a float from the host's
  own round-to-nearest-even ``struct`` packing plus one unit of the last place;
* :func:`fixed_binary_value` and :func:`hif8_value` are the spec's value formulas written
  out again (FP8/FP6/FP4 decompositions, ReferenceFP8FiniteValue);
* :func:`round_fp32_fraction` is FP32ToFP19's bit-level rounding (``asl/arch/data-types/fp19.asl``),
  generalised to any number of discarded fraction bits.
"""

from __future__ import annotations

import bisect
import struct
from fractions import Fraction

MODES = ("RNE", "RTM", "RTP", "RTZ", "RNA", "RTO", "RHB")


def choose(mode: str, negative: bool, low: Fraction, high: Fraction, low_odd: bool, magnitude: Fraction) -> bool:
    """True when ``mode`` picks ``high`` (the larger magnitude) for a magnitude strictly
    between ``low`` and ``high``."""
    nearer_high = 2 * magnitude > low + high
    tie = 2 * magnitude == low + high
    if mode == "RTZ":
        return False
    if mode == "RTP":
        return not negative
    if mode == "RTM":
        return negative
    if mode == "RTO":
        return low_odd is False
    if not tie:
        return nearer_high
    if mode == "RNE":
        return low_odd
    if mode == "RNA":
        return True
    return not negative  # RHB: the numerically greater


class Grid:
    """A format's non-negative finite values (ascending, from 0) with their codes."""

    def __init__(self, pairs: list[tuple[Fraction, int]], beyond: Fraction | None = None) -> None:
        pairs = sorted(pairs)
        self.values = [v for v, _ in pairs]
        self.codes = [c for _, c in pairs]
        self.beyond = beyond  # the next value above the largest, where overflow starts

    def round(self, magnitude: Fraction, negative: bool, mode: str) -> int | None:
        """The code ``magnitude`` rounds to (sign not applied); None for "above the top"."""
        i = bisect.bisect_right(self.values, magnitude) - 1
        if self.values[i] == magnitude:
            return self.codes[i]
        if i + 1 < len(self.values):
            high, high_code = self.values[i + 1], self.codes[i + 1]
        else:
            high, high_code = self.beyond, None
        if choose(mode, negative, self.values[i], high, bool(self.codes[i] & 1), magnitude):
            return high_code
        return self.codes[i]


def fixed_binary_value(code: int, ebits: int, fbits: int, bias: int) -> Fraction:
    """A sign/exponent/fraction code's value: 0.f * 2**(1-bias) at exponent field 0, else
    1.f * 2**(e-bias) (the FiniteDecomposition functions of ``formats/*.asl``)."""
    sign = code >> (ebits + fbits) & 1
    e = code >> fbits & ((1 << ebits) - 1)
    f = code & ((1 << fbits) - 1)
    if e == 0:
        v = Fraction(f, 1 << fbits) * Fraction(2) ** (1 - bias)
    else:
        v = (1 + Fraction(f, 1 << fbits)) * Fraction(2) ** (e - bias)
    return -v if sign else v


def hif8_value(code: int) -> Fraction:
    """ReferenceFP8FiniteValue's HiF8 arm (``asl/arch/profile/matrix-quantization.asl``)."""
    negative = code >> 7
    body = code & 0x7F
    if body <= 7:
        magnitude = Fraction(0) if body == 0 else Fraction(2) ** (body - 23)
    elif body <= 15:
        magnitude = 1 + Fraction(body - 8, 8)
    elif body <= 31:
        exponent = 1 if not code >> 3 & 1 else -1
        magnitude = (1 + Fraction(code & 7, 8)) * Fraction(2) ** exponent
    elif body <= 63:
        absolute = 2 + (code >> 3 & 1)
        exponent = absolute if (code >> 3 & 3) < 2 else -absolute
        magnitude = (1 + Fraction(code & 7, 8)) * Fraction(2) ** exponent
    elif body <= 95:
        absolute = 4 + (code >> 2 & 3)
        exponent = absolute if (code >> 2 & 7) < 4 else -absolute
        magnitude = (1 + Fraction(code & 3, 4)) * Fraction(2) ** exponent
    else:
        absolute = 8 + (code >> 1 & 7)
        exponent = absolute if (code >> 1 & 15) < 8 else -absolute
        magnitude = (1 + Fraction(code & 1, 2)) * Fraction(2) ** exponent
    return -magnitude if negative else magnitude


_HOST = {32: ("<f", "<I", 0x7F800000), 16: ("<e", "<H", 0x7C00)}


def host_bits(x: float, width: int) -> int | None:
    """The host's round-to-nearest-even binary``width`` encoding of ``x`` (None: overflow)."""
    fcode, icode, _ = _HOST[width]
    try:
        return struct.unpack(icode, struct.pack(fcode, x))[0]
    except OverflowError:
        return None


def host_value(bits: int, width: int) -> float:
    fcode, icode, _ = _HOST[width]
    return struct.unpack(fcode, struct.pack(icode, bits))[0]


def host_neighbours(x: float, width: int) -> tuple[int, int] | None:
    """The encodings of the largest magnitude <= |x| and the smallest > |x| in binary``width``
    (sign not applied), from the host's nearest-even packing; None when |x| is exact or not
    below the largest finite value."""
    a = abs(x)
    nearest = host_bits(a, width)
    if nearest is None:
        return None
    infinity = _HOST[width][2]
    if nearest >= infinity:
        return None
    value = host_value(nearest, width)
    if value == a:
        return None
    if value < a:
        return nearest, nearest + 1
    return nearest - 1, nearest


def round_fp32_fraction(bits32: int, discard: int) -> int:
    """FP32ToFP19's rounding of an FP32 carrier's fraction to ``23 - discard`` bits, nearest
    even, carrying into the exponent (``asl/arch/data-types/fp19.asl``); the result keeps
    the FP32 layout with the discarded bits zero.  NaNs are the caller's business."""
    sign = bits32 >> 31
    exponent = bits32 >> 23 & 0xFF
    kept_bits = 23 - discard
    fraction = bits32 >> discard & ((1 << kept_bits) - 1)
    dropped = bits32 & ((1 << discard) - 1)
    halfway = 1 << (discard - 1)
    if dropped > halfway or (dropped == halfway and fraction & 1):
        fraction += 1
        if fraction == 1 << kept_bits:
            fraction = 0
            if exponent < 255:
                exponent += 1
    return sign << 31 | exponent << 23 | fraction << discard
