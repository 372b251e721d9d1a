"""The model's block-header state over ptodbg's header record.

ptodbg keeps what the header commands of the open block said as ``m.header``, a tuple of
(key, value) items (:mod:`ptodbg.core.semantics.blocks`): B.CATR adds ``trap``, ``atom``,
``aq``, ``rl``, ``far``, ``dr``; B.DIM/C.B.DIMI add ``lb0``..``lb2``; B.HINT adds ``hint`` and
``hint.<field>`` (a trace hint ``hint.trace``); the bundle argument is ``arg`` and
``arg.kind``.  The model keeps the same facts in ``_BundleControlAttributes``,
``_BundleDimensions``/``_BundleDimensionPresent``, ``_BundleHint``, ``_BundleArgument`` and
``_BundleArgumentKind`` (``asl/block/model/state/control-state.asl``, ``types.asl``).

A trap context saves the header whole (``SavedContext.header``), so the same views serve
``_TrapContexts[[n]].bundle_control_attributes`` and the rest, read-only: a
:class:`Header` names where the items are and how to replace them.
"""

from __future__ import annotations

from collections.abc import Callable

from ptodbg.avs.convert import as_bits, as_bool, as_int, word
from ptodbg.avs.harness.state import Harness
from ptodbg.avs.harness.views import ArrayView, Fixed, RecordView, Scalar
from ptodbg.avs.interpreter import Global
from ptodbg.avs.values import Bits, Unsupported

DIMENSIONS = 3  # PTO_BUNDLE_DIMENSION_COUNT: lb0..lb2
_CONTROL_KEYS = {"trap_enabled": "trap", "atomic": "atom", "acquire": "aq", "release": "rl", "far": "far",
                 "dimension_reduction": "dr"}
ARGUMENT, ARGUMENT_KIND = "arg", "arg.kind"


class Header:
    """Where a header record is: ``items()`` reads it; ``store(items)`` replaces it (None:
    read-only, as a saved context's header is)."""

    __slots__ = ("read", "store")

    def __init__(self, read: Callable[[], tuple], store: Callable[[tuple], None] | None) -> None:
        self.read = read
        self.store = store

    def items(self) -> dict:
        return dict(self.read())

    def replace(self, key: str, value: object) -> None:
        """Set (or, with None, drop) one header item, keeping the others in order."""
        assert self.store is not None
        items = [(k, v) for k, v in self.read() if k != key]
        if value is not None:
            items.append((key, value))
        self.store(tuple(items))

    def setter(self, put: Callable[[object], None]) -> Callable[[object], None] | None:
        return put if self.store is not None else None


def live_header(h: Harness) -> Header:
    """The open block's header (``m.header``)."""
    return Header(lambda: h.m.header, lambda items: setattr(h.m, "header", items))


def control_attributes(hdr: Header) -> RecordView:
    """_BundleControlAttributes: B.CATR's six flags and whether a B.CATR set them."""
    def field(name: str) -> tuple:
        key = _CONTROL_KEYS[name]

        def get() -> object:
            return bool(hdr.items().get(key, 0))

        def put(v: object) -> None:
            flag = as_bool(v, f"_BundleControlAttributes.{name}")
            if "trap" not in hdr.items():
                for k in _CONTROL_KEYS.values():
                    hdr.replace(k, 0)
            hdr.replace(key, int(flag))

        return (get, hdr.setter(put))

    def set_present(v: object) -> None:
        if as_bool(v, "_BundleControlAttributes.present"):
            for k in _CONTROL_KEYS.values():
                if k not in hdr.items():
                    hdr.replace(k, 0)
        else:
            for k in _CONTROL_KEYS.values():
                hdr.replace(k, None)

    fields = {name: field(name) for name in _CONTROL_KEYS}
    fields["present"] = (lambda: "trap" in hdr.items(), hdr.setter(set_present))
    return RecordView("_BundleControlAttributes", fields)


def set_control_attributes(h: Harness, trap: bool, atomic: bool, acquire: bool, release: bool, far: bool,
                           dr: bool) -> None:
    """SetBundleControlAttributeState (asl/block/model/schema/attributes.asl)."""
    hdr = live_header(h)
    values = {"trap": trap, "atom": atomic, "aq": acquire, "rl": release, "far": far, "dr": dr}
    for key, flag in values.items():
        hdr.replace(key, int(flag))


def dimensions(hdr: Header) -> ArrayView:
    def get(i: int) -> object:
        return word(hdr.items().get(f"lb{i}", 0))

    def put(i: int, v: object) -> None:
        hdr.replace(f"lb{i}", as_bits(v, "_BundleDimensions[[...]]"))

    return ArrayView("_BundleDimensions", DIMENSIONS, get, put if hdr.store is not None else None)


def dimension_present(hdr: Header) -> ArrayView:
    def get(i: int) -> object:
        return f"lb{i}" in hdr.items()

    def put(i: int, v: object) -> None:
        if as_bool(v, "_BundleDimensionPresent[[...]]"):
            if f"lb{i}" not in hdr.items():
                hdr.replace(f"lb{i}", 0)
        else:
            hdr.replace(f"lb{i}", None)

    return ArrayView("_BundleDimensionPresent", DIMENSIONS, get, put if hdr.store is not None else None)


def hint(hdr: Header) -> RecordView:
    """_BundleHint over the hint items: ``hint`` (a B.HINT ran), ``hint.trace`` (a trace
    hint: ``begin`` or ``end``) and ``hint.<field>`` (its raw fields).  A trace hint is a
    present hint, so a write that would make it absent is a state ptodbg cannot hold."""

    def present() -> bool:
        items = hdr.items()
        return "hint" in items or "hint.trace" in items

    def set_present(v: object) -> None:
        if as_bool(v, "_BundleHint.present"):
            if not present():
                hdr.replace("hint", 1)
        elif "hint.trace" in hdr.items():
            raise Unsupported("_BundleHint.present = FALSE with a trace hint (ptodbg's trace hint is present)")
        else:
            hdr.replace("hint", None)

    def set_trace(v: object) -> None:
        items = hdr.items()
        if as_bool(v, "_BundleHint.trace"):
            if "hint.trace" not in items:
                hdr.replace("hint.trace", "begin")
        elif "hint.trace" in items:
            if items["hint.trace"] == "end":
                raise Unsupported("_BundleHint.trace = FALSE with trace_end (ptodbg's trace end is a trace hint)")
            hdr.replace("hint", 1)  # still present
            hdr.replace("hint.trace", None)

    def set_trace_end(v: object) -> None:
        trace = hdr.items().get("hint.trace")
        if as_bool(v, "_BundleHint.trace_end"):
            if trace is None:
                raise Unsupported("_BundleHint.trace_end = TRUE without a trace hint")
            hdr.replace("hint.trace", "end")
        elif trace == "end":
            hdr.replace("hint.trace", "begin")

    def field(key: str, to_asl: Callable[[int], object], width: int | None) -> tuple:
        def put(v: object) -> None:
            value = int(as_bool(v, f"_BundleHint.{key}")) if width is None else as_bits(v, f"_BundleHint.{key}", width)
            hdr.replace(f"hint.{key}", value)

        return (lambda: to_asl(hdr.items().get(f"hint.{key}", 0)), hdr.setter(put))

    return RecordView("_BundleHint", {
        "present": (present, hdr.setter(set_present)),
        "trace": (lambda: "hint.trace" in hdr.items(), hdr.setter(set_trace)),
        "trace_end": (lambda: hdr.items().get("hint.trace") == "end", hdr.setter(set_trace_end)),
        "branch_valid": field("v", bool, None),
        "branch_likely": field("l/ul", bool, None),
        "temperature": field("temp", lambda x: Bits(2, x), 2),
        "prefetch_size": field("prefetch_size", lambda x: Bits(12, x), 12),
    })


def bundle_argument(hdr: Header) -> Bits:
    return word(hdr.items().get(ARGUMENT, 0))


def bundle_argument_kind(hdr: Header) -> Bits:
    return Bits(3, hdr.items().get(ARGUMENT_KIND, 0))


def set_bundle_argument(h: Harness, value: int, kind: int | None = None) -> None:
    """_BundleArgument := value (and _BundleArgumentKind := kind when given); zero values
    are absent items, as after ClearBundleHeaderState."""
    hdr = live_header(h)
    hdr.replace(ARGUMENT, value or None)
    if kind is not None:
        hdr.replace(ARGUMENT_KIND, kind or None)


# ------------------------------------------------------- scalar bindings 1..31
# Binding 0 is B.IOR's (the operation state's ``scalar``, :mod:`.tile_block`); no PTO v0
# command sets the others, but the model keeps all 32 and a trap context saves them, so a
# test may write them: they are the header item ``scalars``, rows (index, valid,
# destination, source0, source1, source2, source_count) by index, cleared with the block.
SCALARS = "scalars"
SCALAR_BINDING_FIELDS = ("valid", "destination", "source0", "source1", "source2", "source_count")
_NO_SCALAR = (False, 0, 0, 0, 0, 0)


def scalar_row(hdr: Header, index: int) -> tuple:
    """Binding ``index``'s fields (SCALAR_BINDING_FIELDS order); reset ones when unset."""
    for row in hdr.items().get(SCALARS, ()):
        if row[0] == index:
            return row[1:]
    return _NO_SCALAR


def put_scalar_row(hdr: Header, index: int, row: tuple) -> None:
    rows = [r for r in hdr.items().get(SCALARS, ()) if r[0] != index]
    if row != _NO_SCALAR:
        rows.append((index, *row))
    hdr.replace(SCALARS, tuple(sorted(rows)) or None)


def scalar_binding(hdr: Header, index: int) -> RecordView:
    """_BundleScalarBindings[[index]] (index 1..31) over the ``scalars`` item."""
    def field(k: int, name: str) -> tuple:
        def put(v: object) -> None:
            row = list(scalar_row(hdr, index))
            row[k] = as_bool(v, name) if k == 0 else as_int(v, name)
            put_scalar_row(hdr, index, tuple(row))

        return (lambda: scalar_row(hdr, index)[k], hdr.setter(put))

    return RecordView(f"_BundleScalarBindings[[{index}]]",
                      {name: field(k, name) for k, name in enumerate(SCALAR_BINDING_FIELDS)})


def header_globals(h: Harness) -> dict[str, Global]:
    hdr = live_header(h)
    return {
        "_BundleControlAttributes": Fixed("_BundleControlAttributes", control_attributes(hdr)),
        "_BundleDimensions": Fixed("_BundleDimensions", dimensions(hdr)),
        "_BundleDimensionPresent": Fixed("_BundleDimensionPresent", dimension_present(hdr)),
        "_BundleHint": Fixed("_BundleHint", hint(hdr)),
        "_BundleArgument": Scalar("_BundleArgument", lambda: bundle_argument(hdr),
                                  lambda v: set_bundle_argument(h, as_bits(v, "_BundleArgument"))),
        "_BundleArgumentKind": Scalar(
            "_BundleArgumentKind", lambda: bundle_argument_kind(hdr),
            lambda v: set_bundle_argument(h, as_bits(bundle_argument(hdr), "x"), as_bits(v, "_BundleArgumentKind", 3))),
    }
