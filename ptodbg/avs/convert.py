"""ASL values in, Python values out: the checks at the border between an ASL program and
the Python code it calls.

The standard library (:mod:`ptodbg.avs.stdlib`) and every harness module
(:mod:`ptodbg.avs.harness`) take ASL values from a program and need plain Python ones
(a register number, a 64-bit word, a flag).  A wrong type there is the program's error,
not ptodbg's, so each check raises :class:`~ptodbg.avs.values.AslError` naming what was
expected and what came; keeping the checks in one place keeps those messages alike.
"""

from __future__ import annotations

from ptodbg.avs.values import AslError, Bits, Enum, type_name

WORD = 64  # the spec model's Word: bits(64)


def _expect(value: object, kind: type, what: str, noun: str) -> object:
    """``value`` itself when it is exactly ``kind`` (``type is``, so a boolean is never
    taken for an integer); otherwise the program's type error."""
    if type(value) is not kind:
        raise AslError(f"type error: {what} must be {noun}, not {type_name(value)}")
    return value


def as_int(value: object, what: str) -> int:
    return _expect(value, int, what, "an integer")  # type: ignore[return-value]


def as_bool(value: object, what: str) -> bool:
    return _expect(value, bool, what, "a boolean")  # type: ignore[return-value]


def enum_name(value: object, what: str) -> str:
    """The literal's name (``Fault_None``): the harness maps names onto ptodbg's codes."""
    return _expect(value, Enum, what, "an enumeration literal").name  # type: ignore[attr-defined]


def enum_code(value: object, codes: dict[str, int], what: str, enumeration: str) -> int:
    """The code ptodbg keeps for a literal of ``enumeration`` (``codes``: name -> code)."""
    name = enum_name(value, what)
    if name not in codes:
        raise AslError(f"{name} is not a {enumeration}")
    return codes[name]


def as_bitvector(value: object, what: str) -> Bits:
    """A bitvector of any width (the standard library's operations keep the width)."""
    return _expect(value, Bits, what, "a bitvector")  # type: ignore[return-value]


def as_bits(value: object, what: str, width: int | None = WORD) -> int:
    """The unsigned value of a ``bits(width)`` (any width when ``width`` is None)."""
    if width is None:
        return as_bitvector(value, what).value
    if type(value) is not Bits or value.width != width:  # type: ignore[attr-defined]
        raise AslError(f"type error: {what} must be bits({width}), not {type_name(value)}")
    return value.value  # type: ignore[attr-defined]


def word(value: int) -> Bits:
    """A Python integer as the model's ``Word`` (wrapped to 64 bits)."""
    return Bits(WORD, value)
