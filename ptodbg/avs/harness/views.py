"""Live views: ASL arrays and records whose elements are parts of the machine.

``_TQueue[[2]]`` reads ``m.r[26]``; ``_TrapContexts[[1]].tpc = x`` writes EBARG_TPC of bank
1.  A view behaves like the ASL value it stands for (``get_item``/``get_field``, and the
setters), and ``snapshot()`` turns it into a plain value when the program binds it to a
variable (ASL values are copied on assignment).
"""

from __future__ import annotations

from collections.abc import Callable

from ptodbg.avs.interpreter import Global
from ptodbg.avs.values import Array, AslError, Record, Unsupported, copy_value

Getter = Callable[[], object]
Setter = Callable[[object], None]


class Scalar(Global):
    """A global variable kept somewhere in the machine."""

    __slots__ = ("getter", "setter", "name")

    def __init__(self, name: str, getter: Getter, setter: Setter | None = None) -> None:
        super().__init__()
        self.name = name
        self.getter = getter
        self.setter = setter

    def get(self) -> object:
        return self.getter()

    def set(self, value: object) -> None:
        if self.setter is None:
            raise Unsupported(f"assignment to {self.name}")
        self.setter(value)


class Fixed(Global):
    """A global holding a view object (the object itself is never replaced)."""

    __slots__ = ("name", "assign")

    def __init__(self, name: str, view: object, assign: Setter | None = None) -> None:
        super().__init__(view)
        self.name = name
        self.assign = assign

    def set(self, value: object) -> None:
        if self.assign is None:
            raise Unsupported(f"whole-value assignment to {self.name}")
        self.assign(value)


class ArrayView:
    """``name[[i]]`` backed by ``get(i)`` / ``set(i, value)``."""

    __slots__ = ("name", "length", "getter", "setter")

    def __init__(self, name: str, length: int, getter: Callable[[int], object],
                 setter: Callable[[int, object], None] | None = None) -> None:
        self.name = name
        self.length = length
        self.getter = getter
        self.setter = setter

    def _index(self, index: object) -> int:
        if type(index) is not int:
            raise AslError(f"type error: {self.name}[[...]] index must be an integer")
        if not 0 <= index < self.length:  # type: ignore[operator]
            raise AslError(f"{self.name}[[{index}]] is outside 0..{self.length - 1}")
        return index  # type: ignore[return-value]

    def get_item(self, index: object) -> object:
        return self.getter(self._index(index))

    def set_item(self, index: object, value: object) -> None:
        if self.setter is None:
            raise Unsupported(f"assignment to {self.name}[[...]]")
        self.setter(self._index(index), value)

    def snapshot(self) -> Array:
        return Array(self.length, [copy_value(_plain(self.getter(i))) for i in range(self.length)])

    def copy(self) -> Array:
        return self.snapshot()


class RecordView:
    """A record whose fields are (getter, setter) pairs; unknown fields are unsupported."""

    __slots__ = ("name", "fields")

    def __init__(self, name: str, fields: dict[str, tuple[Getter, Setter | None]]) -> None:
        self.name = name
        self.fields = fields

    def get_field(self, field: str) -> object:
        got = self.fields.get(field)
        if got is None:
            raise Unsupported(f"{self.name}.{field}")
        return got[0]()

    def set_field(self, field: str, value: object) -> None:
        got = self.fields.get(field)
        if got is None:
            raise Unsupported(f"{self.name}.{field}")
        if got[1] is None:
            raise Unsupported(f"assignment to {self.name}.{field}")
        got[1](value)

    def snapshot(self) -> Record:
        return Record(self.name, {k: copy_value(_plain(g())) for k, (g, _) in self.fields.items()})

    def copy(self) -> Record:
        return self.snapshot()


def _plain(value: object) -> object:
    snap = getattr(value, "snapshot", None)
    return snap() if snap is not None else value
