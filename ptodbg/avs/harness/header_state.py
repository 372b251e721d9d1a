"""The model's block-header state over ptodbg's header record.

ptodbg keeps what the header commands of the open block said as ``m.header``, a tuple of
(key, value) items (:mod:`ptodbg.core.semantics.blocks`): B.CATR adds ``trap``, ``atom``,
``aq``, ``rl``, ``far``, ``dr``; B.DIM/C.B.DIMI add ``lb0``..``lb2``; B.HINT adds ``hint`` and
``hint.<field>`` (a trace hint ``hint.trace``).  The model keeps the same facts in
``_BundleControlAttributes``, ``_BundleDimensions``/``_BundleDimensionPresent`` and
``_BundleHint`` (``asl/block/model/state/control-state.asl``, ``types.asl``).
"""

from __future__ import annotations

from ptodbg.avs.convert import as_bits, as_bool, word
from ptodbg.avs.harness.state import Harness
from ptodbg.avs.harness.views import ArrayView, Fixed, RecordView
from ptodbg.avs.interpreter import Global
from ptodbg.avs.values import Bits

DIMENSIONS = 3  # PTO_BUNDLE_DIMENSION_COUNT: lb0..lb2
_CONTROL_KEYS = {"trap_enabled": "trap", "atomic": "atom", "acquire": "aq", "release": "rl", "far": "far",
                 "dimension_reduction": "dr"}


def _items(h: Harness) -> dict:
    return dict(h.m.header)


def _replace(h: Harness, key: str, value: object) -> None:
    """Set (or, with None, drop) one header item, keeping the others in order."""
    items = [(k, v) for k, v in h.m.header if k != key]
    if value is not None:
        items.append((key, value))
    h.m.header = tuple(items)


def _control_attributes(h: Harness) -> RecordView:
    def field(name: str) -> tuple:
        key = _CONTROL_KEYS[name]

        def get() -> object:
            return bool(_items(h).get(key, 0))

        def put(v: object) -> None:
            flag = as_bool(v, f"_BundleControlAttributes.{name}")
            if "trap" not in _items(h):
                for k in _CONTROL_KEYS.values():
                    _replace(h, k, 0)
            _replace(h, key, int(flag))

        return (get, put)

    def set_present(v: object) -> None:
        if as_bool(v, "_BundleControlAttributes.present"):
            for k in _CONTROL_KEYS.values():
                if k not in _items(h):
                    _replace(h, k, 0)
        else:
            for k in _CONTROL_KEYS.values():
                _replace(h, k, None)

    fields = {name: field(name) for name in _CONTROL_KEYS}
    fields["present"] = (lambda: "trap" in _items(h), set_present)
    return RecordView("_BundleControlAttributes", fields)


def set_control_attributes(h: Harness, trap: bool, atomic: bool, acquire: bool, release: bool, far: bool,
                           dr: bool) -> None:
    """SetBundleControlAttributeState (asl/block/model/schema/attributes.asl)."""
    values = {"trap": trap, "atom": atomic, "aq": acquire, "rl": release, "far": far, "dr": dr}
    for key, flag in values.items():
        _replace(h, key, int(flag))


def _dimensions(h: Harness) -> ArrayView:
    def get(i: int) -> object:
        return word(_items(h).get(f"lb{i}", 0))

    def put(i: int, v: object) -> None:
        _replace(h, f"lb{i}", as_bits(v, "_BundleDimensions[[...]]"))

    return ArrayView("_BundleDimensions", DIMENSIONS, get, put)


def _dimension_present(h: Harness) -> ArrayView:
    def get(i: int) -> object:
        return f"lb{i}" in _items(h)

    def put(i: int, v: object) -> None:
        if as_bool(v, "_BundleDimensionPresent[[...]]"):
            if f"lb{i}" not in _items(h):
                _replace(h, f"lb{i}", 0)
        else:
            _replace(h, f"lb{i}", None)

    return ArrayView("_BundleDimensionPresent", DIMENSIONS, get, put)


def _hint(h: Harness) -> RecordView:
    def present() -> object:
        items = _items(h)
        return "hint" in items or "hint.trace" in items

    return RecordView("_BundleHint", {
        "present": (present, None),
        "trace": (lambda: "hint.trace" in _items(h), None),
        "trace_end": (lambda: _items(h).get("hint.trace") == "end", None),
        "branch_valid": (lambda: bool(_items(h).get("hint.v", 0)), None),
        "branch_likely": (lambda: bool(_items(h).get("hint.l/ul", 0)), None),
        "temperature": (lambda: Bits(2, _items(h).get("hint.temp", 0)), None),
        "prefetch_size": (lambda: Bits(12, _items(h).get("hint.prefetch_size", 0)), None),
    })


def header_globals(h: Harness) -> dict[str, Global]:
    return {
        "_BundleControlAttributes": Fixed("_BundleControlAttributes", _control_attributes(h)),
        "_BundleDimensions": Fixed("_BundleDimensions", _dimensions(h)),
        "_BundleDimensionPresent": Fixed("_BundleDimensionPresent", _dimension_present(h)),
        "_BundleHint": Fixed("_BundleHint", _hint(h)),
    }
