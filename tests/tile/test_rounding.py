"""The seven rounding modes, the selector tables and the default numeric control.

Sources: ``asl/arch/data-types/rounding.asl`` (NumericRoundingMode,
DefaultNumericExecutionControl), ``asl/scalar/model/fsu/arithmetic.asl`` (FloatingToInteger,
DecodeBundleRoundingSelection, DecodePublicConversionRoundingSelection),
``asl/arch/profile/reference-profile.asl`` (FloatingRoundNearest: ties to even), ADR-0047,
and the vectors of PTO-AVS-ARCH-CONCRETE-ROUNDING-EXEC-004.
"""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ptodbg.tile.rounding import (
    BUNDLE_ROUNDING,
    DEFAULT_CONTROL,
    OVERFLOW,
    PUBLIC_TO_BUNDLE,
    UNDERFLOW,
    Flags,
    NumericControl,
    Rounding,
    bundle_rounding,
    resolve_control,
    round_ratio,
    round_to_integer,
)

R = Rounding


def test_the_modes_are_the_spec_enumeration_in_order():
    assert [m.asl_name for m in Rounding] == [
        "NumericRound_RNE", "NumericRound_RTM", "NumericRound_RTP", "NumericRound_RTZ",
        "NumericRound_RNA", "NumericRound_RTO", "NumericRound_RHB"]


def test_floating_to_integer_vectors():
    """PTO-AVS-ARCH-CONCRETE-ROUNDING-EXEC-004."""
    half = Fraction(5, 2)
    cases = [
        (half, R.RNE, 2), (-half, R.RNE, -2), (half, R.RTM, 2), (-half, R.RTM, -3),
        (half, R.RTP, 3), (-half, R.RTP, -2), (half, R.RTZ, 2), (-half, R.RTZ, -2),
        (Fraction(21, 10), R.RNA, 2), (Fraction(-21, 10), R.RNA, -2), (half, R.RNA, 3), (-half, R.RNA, -3),
        (Fraction(2), R.RTO, 2), (Fraction(3), R.RTO, 3), (Fraction(9, 4), R.RTO, 3), (Fraction(-9, 4), R.RTO, -3),
        (half, R.RHB, 3), (-half, R.RHB, -2),
        # FloatingRoundNearest of the reference profile: ties to even
        (Fraction(7, 2), R.RNE, 4), (Fraction(-7, 2), R.RNE, -4),
    ]
    for value, mode, expected in cases:
        assert round_to_integer(value, mode) == (expected, value != expected), (value, mode)
    assert round_to_integer(7, R.RTO) == (7, False)


@settings(max_examples=500, deadline=None)
@given(num=st.integers(-10**30, 10**30), den=st.integers(1, 10**12), mode=st.sampled_from(list(Rounding)))
def test_round_ratio_picks_the_neighbour_each_mode_names(num, den, mode):
    x = Fraction(num, den)
    got, inexact = round_ratio(num, den, mode)
    floor, ceil = math.floor(x), math.ceil(x)
    assert inexact == (floor != ceil)
    assert got in (floor, ceil)
    if not inexact:
        return
    tie = x - floor == Fraction(1, 2)
    nearest = floor if x - floor < Fraction(1, 2) else ceil
    expected = {
        R.RTM: floor, R.RTP: ceil, R.RTZ: floor if x > 0 else ceil,
        R.RNE: (floor if floor % 2 == 0 else ceil) if tie else nearest,
        R.RNA: (ceil if x > 0 else floor) if tie else nearest,
        R.RHB: ceil if tie else nearest,
        R.RTO: floor if floor % 2 else ceil,
    }[mode]
    assert got == expected


def test_bundle_rmode_and_public_ordinals():
    """ADR-0047's tables: B.DATR RMode 0..7 and the public CAST_* ordinals 0..6."""
    assert BUNDLE_ROUNDING == (None, R.RNE, R.RTZ, R.RTM, R.RTP, R.RNA, R.RTO, R.RHB)
    public = [None if b is None else BUNDLE_ROUNDING[b] for b in PUBLIC_TO_BUNDLE]
    # CAST_NONE, RINT, ROUND, FLOOR, CEIL, TRUNC, ODD; 7 unassigned
    assert public == [None, R.RNE, R.RNA, R.RTM, R.RTP, R.RTZ, R.RTO, None]
    assert PUBLIC_TO_BUNDLE[0] == 0 and PUBLIC_TO_BUNDLE[7] is None
    assert bundle_rounding(0) is None and bundle_rounding(7) is R.RHB
    with pytest.raises(ValueError, match="3-bit"):
        bundle_rounding(8)


def test_default_control_and_resolution():
    assert DEFAULT_CONTROL == NumericControl(R.RNE, False)
    assert resolve_control(0, False, R.RTZ) == NumericControl(R.RTZ, False)  # RMode 0: the default
    assert resolve_control(5, True, R.RTZ) == NumericControl(R.RNA, True)


def test_flags_are_core_state_36_32_as_a_five_bit_value():
    """NV, DZ, OF, UF, NX from bit 0: the spec's encoders return 0x14 for an overflow and
    0x18 for an underflow."""
    assert [int(f) for f in (Flags.NV, Flags.DZ, Flags.OF, Flags.UF, Flags.NX)] == [1, 2, 4, 8, 16]
    assert OVERFLOW == 0x14 and UNDERFLOW == 0x18
