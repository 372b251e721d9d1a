"""Rounding modes, numeric status flags, the numeric control, and their selector tables.

``asl/arch/data-types/rounding.asl`` names seven semantic modes; ADR-0047 defines them:

=====  ======================================================================
RNE    nearest, ties to even
RTM    toward negative infinity
RTP    toward positive infinity
RTZ    toward zero
RNA    nearest, ties away from zero
RTO    if inexact, the adjacent result whose least-significant retained bit is one
RHB    nearest; an exact halfway case selects the numerically greater candidate
=====  ======================================================================

:func:`round_ratio` is the one exact rounding step every encoder in this package uses
(FloatingToInteger of ``asl/scalar/model/fsu/arithmetic.asl`` with the reference profile's
ties-to-even FloatingRoundNearest, ``asl/arch/profile/reference-profile.asl``).  There is
no stochastic rounding in the spec (ADR-0093 leaves "stochastic-rounding state" open), so
there is none here.

Numeric status flags are CORE_STATE[36:32] (``asl/arch/state/numeric-status.asl``); as a
5-bit value NV = 0x01, DZ = 0x02, OF = 0x04, UF = 0x08, NX = 0x10 (the spec's encoders
return ``0x14`` for OF|NX and ``0x18`` for UF|NX).
"""

from __future__ import annotations

from enum import IntEnum, IntFlag
from fractions import Fraction
from typing import NamedTuple


class Rounding(IntEnum):
    """A semantic rounding mode (NumericRoundingMode, in the spec's order)."""

    RNE = 0
    RTM = 1
    RTP = 2
    RTZ = 3
    RNA = 4
    RTO = 5
    RHB = 6

    @property
    def asl_name(self) -> str:
        return "NumericRound_" + self.name


class Flags(IntFlag):
    """Numeric status flags, as the 5-bit value the spec's operations return."""

    NV = 0x01  # invalid operation
    DZ = 0x02  # division by zero
    OF = 0x04  # overflow
    UF = 0x08  # underflow
    NX = 0x10  # inexact


NV, DZ, OF, UF, NX = 0x01, 0x02, 0x04, 0x08, 0x10
OVERFLOW = OF | NX  # 0x14
UNDERFLOW = UF | NX  # 0x18


class NumericControl(NamedTuple):
    """NumericExecutionControl: the resolved rounding mode and saturation of an operation."""

    rounding: Rounding = Rounding.RNE
    saturating: bool = False


DEFAULT_CONTROL = NumericControl()
"""DefaultNumericExecutionControl: RNE, not saturating."""


def round_up(mode: int, negative: bool, odd: int, half: int) -> bool:
    """Whether an inexact magnitude rounds away from zero (to the next representable
    magnitude) rather than toward it.

    ``odd`` is the low retained bit of the truncated magnitude, ``half`` compares the
    discarded part with one half of a unit: -1 below, 0 exactly half, 1 above.  Directed
    modes act on the signed value: RTP rounds a negative number's magnitude down."""
    if mode == Rounding.RNE:
        return half > 0 or (half == 0 and bool(odd))
    if mode == Rounding.RTZ:
        return False
    if mode == Rounding.RTP:
        return not negative
    if mode == Rounding.RTM:
        return negative
    if mode == Rounding.RNA:
        return half >= 0
    if mode == Rounding.RTO:
        return not odd
    if mode == Rounding.RHB:
        return half > 0 or (half == 0 and not negative)
    raise ValueError(f"rounding mode {mode!r}")


def round_ratio(num: int, den: int, mode: int) -> tuple[int, bool]:
    """``num / den`` rounded to an integer by ``mode`` (``den`` > 0), and whether it was
    inexact.  Exact: integer arithmetic only."""
    negative = num < 0
    q, r = divmod(-num if negative else num, den)
    if not r:
        return (-q if negative else q), False
    twice = r << 1
    half = (twice > den) - (twice < den)
    if round_up(mode, negative, q & 1, half):
        q += 1
    return (-q if negative else q), True


def round_to_integer(value: int | Fraction, mode: int) -> tuple[int, bool]:
    """A rational rounded to an integer (FloatingToInteger): (integer, inexact)."""
    if isinstance(value, int):
        return value, False
    return round_ratio(value.numerator, value.denominator, mode)


# B.DATR RMode (3 bits) -> semantic mode; 0 selects the operation's default (None here).
# DecodeBundleRoundingSelection (asl/scalar/model/fsu/arithmetic.asl), ADR-0047.
BUNDLE_ROUNDING: tuple[Rounding | None, ...] = (
    None, Rounding.RNE, Rounding.RTZ, Rounding.RTM, Rounding.RTP, Rounding.RNA, Rounding.RTO,
    Rounding.RHB,
)

# Public conversion ordinals (CAST_NONE .. CAST_ODD) -> the B.DATR RMode they stand for;
# ordinal 7 is unassigned (DecodePublicConversionRoundingSelection, ADR-0047).
PUBLIC_TO_BUNDLE: tuple[int | None, ...] = (0, 1, 5, 3, 4, 2, 6, None)


def bundle_rounding(rmode: int) -> Rounding | None:
    """The mode a B.DATR RMode code selects; None for 0 (the operation's default)."""
    if not 0 <= rmode <= 7:
        raise ValueError(f"RMode {rmode} is not a 3-bit code")
    return BUNDLE_ROUNDING[rmode]


def resolve_control(rmode: int, saturating: bool, default: Rounding) -> NumericControl:
    """The numeric control of an operation given its B.DATR RMode and Sat fields and its
    own default mode (RMode 0 selects the default; ResolveTileNumericExecutionControl)."""
    mode = bundle_rounding(rmode)
    return NumericControl(default if mode is None else mode, saturating)
