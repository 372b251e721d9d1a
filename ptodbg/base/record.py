"""Small typed records without :mod:`dataclasses` (issue 15, cold start).

Defining a dataclass compiles source for each of its methods and inspects the class: about
a millisecond per class on this machine, paid by every process at import.  The records on
the ``ptodbg run`` path derive from :class:`Record` or :class:`Frozen` instead, declared as
a dataclass is - the fields are the class's annotations, in order, with their defaults::

    class Segment(Frozen):
        index: int
        vaddr: int
        flags: int = 0

Their metaclass turns the fields into ``__slots__`` and writes the ``__init__`` a dataclass
would (one small function, its code kept by :mod:`ptodbg.base.codecache`: a few µs a
class once cached, 45 µs to compile), unless the class writes its own.  The
bases add equality on the class and the field values, a ``Name(field=value, ...)`` repr,
``__match_args__`` and, for frozen records, a hash of the field values and an
``AttributeError`` on assignment.  :meth:`Frozen.replace` is ``dataclasses.replace``.
A field's default must be immutable (there is no ``default_factory``): a record with a
mutable part writes its ``__init__``.
"""

from __future__ import annotations

from ptodbg.base.codecache import compile_cached

_MISSING = object()


def _values(r: object) -> tuple:
    return tuple([getattr(r, name) for name in r.__match_args__])  # type: ignore[attr-defined]


def _is_field(annotation: object) -> bool:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    return not text.startswith(("ClassVar", "typing.ClassVar"))


def _make_init(fields: tuple[str, ...], defaults: dict[str, object], frozen: bool):
    """The ``__init__`` of a record with these fields, as source compiled once."""
    params, body = [], []
    for name in fields:
        params.append(f"{name}=_defaults[{name!r}]" if name in defaults else name)
        body.append(f"    _set(self, {name!r}, {name})" if frozen else f"    self.{name} = {name}")
    source = f"def __init__(self, {', '.join(params)}) -> None:\n" + ("\n".join(body) or "    pass") + "\n"
    namespace = {"_set": object.__setattr__, "_defaults": defaults}
    # our own field names (identifiers of a class body), never user text; compiled once
    # across processes (compiling is most of a record class's cost at import)
    exec(compile_cached(source, "<ptodbg record>"), namespace)
    return namespace["__init__"]


class _RecordType(type):
    """Makes a record class from its annotations: ``__slots__``, ``__init__``,
    ``__match_args__``; fields of a record base come first."""

    def __new__(mcls, name: str, bases: tuple[type, ...], namespace: dict, **kwargs):
        inherited: tuple[str, ...] = ()
        inherited_defaults: dict[str, object] = {}
        for base in bases:
            inherited += getattr(base, "__match_args__", ())
            inherited_defaults.update(getattr(base, "_defaults", {}))
        own = tuple(k for k, v in namespace.get("__annotations__", {}).items() if _is_field(v))
        defaults = dict(inherited_defaults)
        for field in own:
            value = namespace.pop(field, _MISSING)
            if value is not _MISSING:
                defaults[field] = value
        fields = inherited + own
        seen_default = False
        for field in fields:
            if field in defaults:
                seen_default = True
            elif seen_default:
                raise TypeError(f"{name}: field {field!r} without a default follows one with a default")
        namespace.setdefault("__slots__", own)
        namespace["__match_args__"] = fields
        namespace["_defaults"] = defaults
        if "__init__" not in namespace and fields:
            frozen = any(getattr(b, "_frozen", False) for b in bases) or namespace.get("_frozen", False)
            namespace["__init__"] = _make_init(fields, defaults, frozen)
        return super().__new__(mcls, name, bases, namespace, **kwargs)


def make_record(name: str, fields: dict[str, object], base: type[Record], module: str,
                defaults: dict[str, object] | None = None) -> type:
    """A record class made at run time, as if declared in ``module`` deriving from
    ``base`` with ``fields`` (name: type, in order) as its annotations and ``defaults``:
    for a family of small node classes written one line each."""
    namespace: dict[str, object] = {"__annotations__": dict(fields), "__module__": module, "__qualname__": name}
    namespace.update(defaults or {})
    return type(base)(name, (base,), namespace)


class Record(metaclass=_RecordType):
    """A mutable record: equality and repr by its fields; not hashable (as a dataclass
    with ``eq=True``)."""

    __slots__ = ()
    _frozen = False

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return _values(self) == _values(other)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__qualname__}({inner})"


class Frozen(Record):
    """An immutable record: hashable by its field values; assignment raises
    :class:`dataclasses.FrozenInstanceError` (an ``AttributeError``), as a frozen
    dataclass does, so clients catch one error whatever the record (dataclasses is
    imported on that error path only).  It pickles and copies by calling its class with
    its field values (the default protocol would assign the slots one by one, which a
    frozen record refuses): a client may ship records to another process."""

    __slots__ = ()
    _frozen = True

    def __setattr__(self, name: str, value: object) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        from dataclasses import FrozenInstanceError

        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __hash__(self) -> int:
        return hash(_values(self))

    def __reduce__(self) -> tuple:
        return type(self), _values(self)

    def replace(self, **changes: object) -> Frozen:
        """A copy with ``changes`` applied (``dataclasses.replace``)."""
        fields = {name: getattr(self, name) for name in self.__match_args__}
        fields.update(changes)
        return type(self)(**fields)
