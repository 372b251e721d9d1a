"""Element conversion between tile data types, MX (microscaling) values, and the special-value
rules of comparison and min/max.

Conversion (TCVT's element step, ``asl/tile/model/numeric/formats.asl``):

* integer -> integer is the spec's rule exactly (TileConvertIntegerValue): the source is
  read with its signedness, then truncated/extended (wraps), or under Sat clamped to the
  destination's range (a negative signed source into an unsigned type gives 0); no flags;
* anything with a floating side has two models, as the scalar FSU does
  (:mod:`ptodbg.core.semantics.fsu`): :func:`carrier_convert` is the pto-v0 reference
  profile (``asl/arch/profile/e8m0-conversion.asl`` TileProfileConvert: E8M0
  destinations use the normative E8M0 rule, integer destinations take the low bits of the
  carrier, other floating destinations keep the carrier), which the AVS tests;
  :func:`convert` is the value conversion a real program expects: decode exactly, encode
  once (:func:`ptodbg.tile.formats.encode`), a signalling NaN raising NV.

:func:`default_rounding` is TCVT's default mode for B.DATR RMode 0 (ADR-0047: RTZ from a
floating to an integer type, RNE otherwise).

MX (``asl/tile/model/legality/matrix-functions.asl``, ADR-0079): a TMATMULMX side of type
E4M3, E5M2, E2M1X2 or E1M2X2 is microscaled - each group of up to 32 K-dimension elements
shares one E8M0 scale, and an element's value is ``element * 2**(scale - 127)`` (a scale of
0xFF is NaN); FP16 and BF16 sides are not scaled.

The special-value rules (``asl/arch/features/mx-formats.asl``, ADR-0050):
:func:`compare_special` and :func:`min_max_special` answer the NaN and signed-zero cases of a
floating comparison or MIN/MAX and leave every other pair to the operation.
"""

from __future__ import annotations

import math
from fractions import Fraction

from ptodbg.tile.dtypes import DataType
from ptodbg.tile.formats import FORMATS, InvalidEncoding, ValueClass, format_of
from ptodbg.tile.rounding import DEFAULT_CONTROL, NV, NumericControl, Rounding

MASK64 = (1 << 64) - 1


# ------------------------------------------------------------------------ integers
def to_carrier(dt: DataType, raw: int) -> int:
    """NormalizeTileInteger: an element as the spec's 64-bit Word carrier - a signed integer
    sign-extended, an unsigned one zero-extended, any other type's bits unchanged."""
    if dt.is_integer:
        raw &= dt.mask
        if dt.is_signed and raw >> (dt.bits - 1):
            return (raw - (1 << dt.bits)) & MASK64
        return raw
    return raw & MASK64


def convert_integer(raw: int, src: DataType, dst: DataType, saturating: bool) -> int:
    """TileConvertIntegerValue: an integer element converted to another integer type (the
    destination's raw bits)."""
    value = FORMATS[src].decode(raw)
    if saturating:
        value = min(max(value, dst.int_min), dst.int_max)
    return value & dst.mask


# ------------------------------------------------------------------------ conversion
def default_rounding(src: DataType, dst: DataType) -> Rounding:
    """TCVT's mode for RMode 0: RTZ from a floating to an integer type, else RNE."""
    return Rounding.RTZ if src.is_floating and dst.is_integer else Rounding.RNE


def convert(raw: int, src: DataType, dst: DataType,
            control: NumericControl = DEFAULT_CONTROL) -> tuple[int, int]:
    """An element of ``src`` converted to ``dst`` by value: (raw, flags).  Raises
    :class:`InvalidEncoding` for an invalid source carrier (TCVT rejects those before any
    effect)."""
    if src.is_integer and dst.is_integer:
        return convert_integer(raw, src, dst, control.saturating), 0
    src_fmt = FORMATS[src]
    cls = src_fmt.classify(raw)
    if cls == ValueClass.InvalidEncoding:
        raise InvalidEncoding(f"{raw:#x} is not a valid {src.name} encoding")
    value = src_fmt.decode(raw)
    result, flags = FORMATS[dst].encode(value, control)
    if cls == ValueClass.SignalingNaN:
        flags |= NV
    return result, flags


def carrier_convert(raw: int, src: DataType, dst: DataType,
                    control: NumericControl = DEFAULT_CONTROL) -> tuple[int, int]:
    """TileConvertValue of the pto-v0 reference profile: (raw, flags).  E8M0 destinations
    accept FP16, BF16 and FP32 sources only (HardwareTCVTE8M0SourceTypeSupported)."""
    if src.is_integer and dst.is_integer:
        return convert_integer(raw, src, dst, control.saturating), 0
    if dst == DataType.E8M0:
        if src not in E8M0_SOURCES:
            raise ValueError(f"the reference profile converts only FP16, BF16 and FP32 to E8M0, not {src.name}")
        return convert(raw, src, dst, control)
    return raw & dst.mask, 0


E8M0_SOURCES = frozenset({DataType.FP16, DataType.BF16, DataType.FP32})


# ------------------------------------------------------------------------ MX
MX_BLOCK_ELEMENTS = 32
"""K-dimension elements that share one E8M0 scale (HardwareNumericScaleBlockElements)."""

MX_SCALED_TYPES = frozenset({DataType.E4M3, DataType.E5M2, DataType.E2M1X2, DataType.E1M2X2})
MX_INPUT_TYPES = MX_SCALED_TYPES | {DataType.FP16, DataType.BF16}


def mx_input_supported(dt: DataType) -> bool:
    """TileMXInputTypeSupported: a type a TMATMULMX side may have."""
    return dt in MX_INPUT_TYPES


def mx_needs_scale(dt: DataType) -> bool:
    """TileMXInputTypeNeedsScale: whether a (supported) MX side carries E8M0 scales."""
    if dt not in MX_INPUT_TYPES:
        raise ValueError(f"{dt.name} is not an MX input type")
    return dt in MX_SCALED_TYPES


def mx_decode(dt: DataType, raw: int, scale: int) -> float:
    """The exact value of a microscaled element: ``element * 2**(scale - 127)`` (NaN when the
    scale is 0xFF or the element is NaN).  Every such product is a binary64 value."""
    element = FORMATS[dt].decode(raw)
    if scale & 0xFF == 0xFF:
        return math.nan
    return math.ldexp(element, (scale & 0xFF) - 127)


def mx_encode(dt: DataType, value: int | Fraction | float, scale: int,
              control: NumericControl = DEFAULT_CONTROL) -> tuple[int, int]:
    """``value / 2**(scale - 127)`` rounded once into the element type: (raw, flags)."""
    if scale & 0xFF == 0xFF:
        raise ValueError("an E8M0 scale of 0xFF is NaN and scales nothing")
    shift = (scale & 0xFF) - 127
    if isinstance(value, float) and not math.isfinite(value):
        return FORMATS[dt].encode(value, control)
    if value == 0:
        return FORMATS[dt].encode(value, control)
    exact = Fraction(value) / (Fraction(2) ** shift)
    return FORMATS[dt].encode(exact, control)


# ------------------------------------------------------------------------ specials
COMPARISONS = ("EQ", "NE", "LT", "LE", "GT", "GE")


def compare_special(op: str, dt: DataType, left: int, right: int) -> tuple[bool, int, bool]:
    """HardwareNumericComparisonSpecial: (handled, result 0/1, invalid).  NaN compares
    unordered (only NE is true; a signalling NaN is invalid); two zeros compare equal;
    invalid encodings and every other pair are not handled."""
    fmt = format_of(dt)
    lc, rc = fmt.classify(left), fmt.classify(right)
    if ValueClass.InvalidEncoding in (lc, rc):
        return False, 0, False
    invalid = ValueClass.SignalingNaN in (lc, rc)
    if lc.is_nan or rc.is_nan:
        return True, int(op == "NE"), invalid
    if lc.is_zero and rc.is_zero:
        return True, int(op in ("EQ", "LE", "GE")), False
    return False, 0, False


def min_max_special(maximum: bool, dt: DataType, left: int, right: int) -> tuple[bool, int, bool]:
    """HardwareNumericMinMaxSpecial: (handled, result raw, invalid).  One NaN selects the
    other operand, two give the canonical NaN; of two zeros MIN prefers -0 and MAX +0."""
    fmt = format_of(dt)
    lc, rc = fmt.classify(left), fmt.classify(right)
    if ValueClass.InvalidEncoding in (lc, rc):
        return False, 0, False
    invalid = ValueClass.SignalingNaN in (lc, rc)
    if lc.is_nan and rc.is_nan:
        if fmt.canonical_nan is None:
            raise ValueError(f"{dt.name} has no NaN")
        return True, fmt.canonical_nan, invalid
    if lc.is_nan:
        return True, right, invalid
    if rc.is_nan:
        return True, left, invalid
    if lc.is_zero and rc.is_zero:
        negative_left = lc == ValueClass.NegativeZero
        negative_right = rc == ValueClass.NegativeZero
        if maximum:
            return True, (left if negative_left and negative_right else 0), False
        if negative_left:
            return True, left, False
        if negative_right:
            return True, right, False
        return True, 0, False
    return False, 0, False
