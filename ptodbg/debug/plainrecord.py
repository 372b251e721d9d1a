"""The engine's immutable records without :mod:`dataclasses` (issue 15, cold start).

:class:`Frozen` is :class:`ptodbg.isa.record.Frozen` (equality, hash and repr by the
``__slots__`` fields, no assignment) made picklable and copyable as a frozen dataclass is:
an instance is rebuilt by calling its class with its field values in ``__slots__`` order,
so every subclass's ``__init__`` takes its fields in that order.  (The default protocol
would assign the slots one by one, which a frozen record refuses.)  A client may ship the
engine's records to another process (a campaign's notes), and ``copy.copy`` must work.
An assignment raises :class:`dataclasses.FrozenInstanceError`, as it did when these
records were frozen dataclasses (clients catch it); :mod:`dataclasses` is imported then,
on that error path only.
"""

from __future__ import annotations

from ptodbg.isa import record


class Frozen(record.Frozen):
    """An immutable record that pickles and copies by its constructor."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __reduce__(self) -> tuple:
        return type(self), tuple([getattr(self, name) for name in self.__slots__])  # type: ignore[attr-defined]


Record = record.Record

__all__ = ["Frozen", "Record"]
