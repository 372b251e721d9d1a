"""The right-operand modifier (SrcRType): what each 2-bit code means in each instruction
family, and what each modifier does to the operand (``asl/scalar/model/types/operations.asl``
ScalarRightModifier; the family decoders of ``asl/scalar/model/dispatch/decode.asl``).

One table per family, indexed by the raw code; the semantics build their shapes from it
(:func:`text`), so the table is what the instructions do:

* binary ALU forms (ADD ... XORW): 00 sign-extend the low word, 01 zero-extend it, 10 negate
  (NOT for AND/OR/XOR), 11 none (CORE.md §7.17);
* comparisons (CMP.*, SETC.* register forms) and AGU register offsets: 00 none, 01 sign-
  extend, 10 zero-extend, 11 negate-or-not; the ordered and equality comparisons ignore the
  last (:func:`restricted`), the logical ones (.AND/.OR) apply it as NOT;
* CSEL: 11 negates the selected-false operand, every other code leaves it unchanged.
"""

from __future__ import annotations

from collections.abc import Callable

from ptodbg.core.semantics.shapes import NAMESPACE, sx32

NONE, SIGNED_WORD, UNSIGNED_WORD, NEGATE_OR_NOT = "none", "signed-word", "unsigned-word", "negate-or-not"
MODIFIERS = (NONE, SIGNED_WORD, UNSIGNED_WORD, NEGATE_OR_NOT)

BINARY = (SIGNED_WORD, UNSIGNED_WORD, NEGATE_OR_NOT, NONE)
COMPARE = (NONE, SIGNED_WORD, UNSIGNED_WORD, NEGATE_OR_NOT)
ADDRESS = (NONE, SIGNED_WORD, UNSIGNED_WORD, NEGATE_OR_NOT)
SELECT = (NONE, NONE, NONE, NEGATE_OR_NOT)


def text(modifier: str, operand: str, logical: bool = False) -> str:
    """Python source of ``modifier`` applied to the 64-bit value ``operand`` (source text),
    parenthesised; NEGATE_OR_NOT is NOT for a logical family, negation otherwise."""
    if modifier == NONE:
        return f"({operand})"
    if modifier == SIGNED_WORD:
        return f"({sx32(operand)})"
    if modifier == UNSIGNED_WORD:
        return f"({operand} & M32)"
    if modifier == NEGATE_OR_NOT:
        return f"(~{operand} & M)" if logical else f"(-{operand} & M)"
    raise ValueError(f"unknown right modifier {modifier!r}")


def restricted(modifier: str) -> str:
    """The modifier an ordered or equality comparison applies (ApplyRestrictedCompareModifier):
    negate-or-not is no modifier there."""
    return NONE if modifier == NEGATE_OR_NOT else modifier


def selected(modifier: str) -> str:
    """The modifier CSEL applies to its selected-false operand: only negation acts."""
    return modifier if modifier == NEGATE_OR_NOT else NONE


_FUNCTIONS: dict[tuple[str, bool], Callable[[int], int]] = {}


def function(modifier: str, logical: bool = False) -> Callable[[int], int]:
    """``modifier`` as a function of a 64-bit value, made from the same source text."""
    key = (modifier, logical)
    fn = _FUNCTIONS.get(key)
    if fn is None:
        fn = _FUNCTIONS[key] = eval(f"lambda x: {text(modifier, 'x', logical)}", dict(NAMESPACE))  # noqa: S307 - our own text
    return fn
