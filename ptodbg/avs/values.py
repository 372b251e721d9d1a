"""Values of the ASL subset the AVS programs use, and the errors an AVS run reports.

ASL (the ASLRef v1 dialect pto-spec is written in) has integers (unbounded), booleans,
bitvectors ``bits(N)`` whose width is part of the type, enumeration literals, records,
arrays and tuples.  Here an integer is a Python ``int``, a boolean a Python ``bool``, a
tuple a Python ``tuple``; the other kinds get a small class each, so that a width is never
lost (``'0101' + 1`` stays ``bits(4)``) and an enumeration literal never compares equal to
a number.
"""

from __future__ import annotations

from ptodbg.avs.limits import MAX_BITS, WIDE_BITS, WIDE_BUDGET

# Bits of wide values (more than WIDE_BITS) this run may still make (see charge_wide).
_wide_left = [WIDE_BUDGET]


def reset_wide_budget() -> None:
    """A new run: the whole WIDE_BUDGET again."""
    _wide_left[0] = WIDE_BUDGET


def charge_wide(bits: int, what: str) -> None:
    """Account for a value of ``bits`` bits (more than WIDE_BITS) that ``what`` makes:
    refused beyond MAX_BITS, and once the run has made WIDE_BUDGET bits of them."""
    if bits > MAX_BITS:
        raise AssertionFailed(f"{what} of {show(bits)} bits (0..{MAX_BITS} bits are allowed)")
    _wide_left[0] -= bits
    if _wide_left[0] < 0:
        raise AssertionFailed(f"more than {WIDE_BUDGET >> 23} MiB of values wider than {WIDE_BITS} bits made in one "
                              "run (a loop making tile-sized values?)")


class AslError(Exception):
    """A run-time error of an ASL program; ``where`` is ``file:line`` once known."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        self.where: str | None = None

    def locate(self, where: str) -> None:
        if self.where is None:
            self.where = where

    def __str__(self) -> str:
        return f"{self.message} at {self.where}" if self.where else self.message


class AssertionFailed(AslError):
    """An ASL ``assert`` (or a checked ``as`` conversion) that did not hold: the point fails."""


class Unsupported(AslError):
    """A construct outside the subset, or a spec function ptodbg's harness does not map."""

    def __init__(self, construct: str) -> None:
        super().__init__(f"unsupported: {construct}")
        self.construct = construct


class ParseError(AslError):
    """Text that is not ASL of the supported subset (reported with file:line:col)."""


class Bits:
    """A bitvector: ``width`` bits holding the unsigned ``value`` (0 <= value < 2**width)."""

    __slots__ = ("width", "value")

    def __init__(self, width: int, value: int, _wide: int = WIDE_BITS) -> None:
        if not 0 <= width <= _wide:  # before the mask: 1 << width could be terabytes
            if width < 0:
                raise AssertionFailed(f"a bitvector of {show(width)} bits")
            charge_wide(width, "a bitvector")
        self.width = width
        self.value = value & ((1 << width) - 1)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Bits):
            if other.width != self.width:
                raise AslError(f"type error: comparing bits({self.width}) with bits({other.width})")
            return other.value == self.value
        raise AslError(f"type error: comparing bits({self.width}) with {type_name(other)}")

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:
        return hash((self.width, self.value))

    def __repr__(self) -> str:
        if self.width == 0:
            return "''"
        if self.width % 4 == 0 and self.width > 8:
            return f"{self.width}'x{self.value:0{self.width // 4}x}"
        return f"'{self.value:0{self.width}b}'"

    def signed(self) -> int:
        """SInt: the two's-complement value."""
        if self.width and self.value >> (self.width - 1):
            return self.value - (1 << self.width)
        return self.value


class Enum:
    """An enumeration literal (``Fault_None``, ``MemoryEvent_Store`` ...), interned by name."""

    __slots__ = ("name",)
    _interned: dict[str, Enum] = {}

    def __new__(cls, name: str) -> Enum:
        got = cls._interned.get(name)
        if got is None:
            got = object.__new__(cls)
            got.name = name
            cls._interned[name] = got
        return got

    def __repr__(self) -> str:
        return self.name

    def __reduce__(self) -> tuple:
        return (Enum, (self.name,))


class Record:
    """A record value: named fields, value semantics (copied when bound to a variable)."""

    __slots__ = ("type_name", "fields")

    def __init__(self, type_name: str, fields: dict[str, object] | None = None) -> None:
        self.type_name = type_name
        self.fields = dict(fields or {})

    def get_field(self, name: str) -> object:
        try:
            return self.fields[name]
        except KeyError:
            raise AslError(f"record {self.type_name or '{}'} has no field {name!r}") from None

    def set_field(self, name: str, value: object) -> None:
        self.fields[name] = value

    def copy(self) -> Record:
        return Record(self.type_name, {k: copy_value(v) for k, v in self.fields.items()})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Record) and self.fields == other.fields

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        inner = ", ".join(f"{k}={v!r}" for k, v in self.fields.items())
        return f"{self.type_name} {{{inner}}}"


class Array:
    """An ASL array (``array [[N]] of T``), indexed with ``a[[i]]``; grows on first write."""

    __slots__ = ("items", "length")

    def __init__(self, length: int | None = None, items: list | None = None) -> None:
        self.length = length
        self.items: dict[int, object] = dict(enumerate(items)) if items else {}

    def get_item(self, index: int) -> object:
        self._check(index)
        try:
            return self.items[index]
        except KeyError:
            raise AslError(f"array element [[{show(index)}]] read before it was written") from None

    def set_item(self, index: int, value: object) -> None:
        self._check(index)
        self.items[index] = value

    def _check(self, index: int) -> None:
        if not isinstance(index, int) or isinstance(index, bool):
            raise AslError(f"array index {index!r} is not an integer")
        if index < 0 or (self.length is not None and index >= self.length):
            raise AssertionFailed(f"array index {show(index)} outside 0..{(self.length or 0) - 1}")

    def copy(self) -> Array:
        out = Array(self.length)
        out.items = {k: copy_value(v) for k, v in self.items.items()}
        return out

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Array) and self.items == other.items

    __hash__ = None  # type: ignore[assignment]


def copy_value(value: object) -> object:
    """ASL values have value semantics: records and arrays (and the harness's live views of
    machine state, which have a ``copy`` too) are copied on binding."""
    t = type(value)
    if t is int or t is Bits or t is bool or t is Enum:
        return value
    copy = getattr(value, "copy", None)
    return copy() if copy is not None else value


def type_name(value: object) -> str:
    """The ASL type of a value, for error messages."""
    if isinstance(value, Bits):
        return f"bits({value.width})"
    if value is None:  # what a call of a procedure gives
        return "nothing (a call that returns no value)"
    return next((name for kind, name in _TYPE_NAMES if isinstance(value, kind)), type(value).__name__)


SHOWN = 160  # characters of a value in a message


def show(value: object) -> str:
    """A short ASL-like rendering of a value (assertion details): at most about SHOWN
    characters, whatever the value (an integer of 65,536 bits has no decimal form Python
    will print)."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, Bits):
        if value.width > 4 * SHOWN:
            return f"bits({value.width}) 0x...{value.value & 0xFFFF_FFFF:08x} (low 32 bits)"
        return f"bits({value.width}) {value.value:#x}"
    if type(value) is int and not -(10**40) < value < 10**40:
        sign = "a negative" if value < 0 else "an"
        return f"{sign} integer of {value.bit_length()} bits (low 32 bits {abs(value) & 0xFFFF_FFFF:#x})"
    try:
        text = repr(value)
    except ValueError:  # a number inside that is too long to print
        return f"a {type_name(value)}"
    return text if len(text) <= SHOWN else text[:SHOWN] + "..."


# ASL type names of Python values for type_name, tested in order (bool before int: a bool
# is an int); defined last, once every value class exists.
_TYPE_NAMES: tuple[tuple[type, str], ...] = ((bool, "boolean"), (int, "integer"), (Enum, "enumeration"), (str, "string"),
               (tuple, "tuple"), (Record, "record"))
