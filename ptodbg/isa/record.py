"""Small typed records without :mod:`dataclasses` (issue 15, cold start).

Defining a dataclass compiles source for each of its methods: about half a millisecond per
class, paid by every process at import.  The records on the ``ptodbg run`` path derive from
:class:`Record` or :class:`Frozen` instead: each class lists its fields in ``__slots__``
(declaration order, every field compared) and writes its own ``__init__``; these bases add
what ``@dataclass`` / ``@dataclass(frozen=True)`` would: equality on the class and the
field values, a ``Name(field=value, ...)`` repr and, for frozen records, a hash of the
field values and an ``AttributeError`` on assignment.  :meth:`Frozen.replace` is
``dataclasses.replace``.
"""

from __future__ import annotations


def _values(r: object) -> tuple:
    return tuple([getattr(r, name) for name in r.__slots__])  # type: ignore[attr-defined]


class Record:
    """A mutable record: equality and repr by its ``__slots__`` fields; not hashable
    (as a dataclass with ``eq=True``)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _values(self) == _values(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)  # type: ignore[attr-defined]
        return f"{type(self).__qualname__}({inner})"


class Frozen(Record):
    """An immutable record: ``__init__`` sets its fields with ``object.__setattr__``;
    hashable by its field values."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r} of a frozen {type(self).__name__}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r} of a frozen {type(self).__name__}")

    def __hash__(self) -> int:
        return hash(_values(self))

    def replace(self, **changes: object) -> Frozen:
        """A copy with ``changes`` applied (``dataclasses.replace``)."""
        fields = {name: getattr(self, name) for name in self.__slots__}  # type: ignore[attr-defined]
        fields.update(changes)
        return type(self)(**fields)
