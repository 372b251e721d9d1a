"""Typed, bounded access to a request's ``arguments``.

A DAP client is another program, and a hostile or buggy one must get an error response,
not a crash: every getter checks the JSON type (``true`` is not a number), every number
is bounded before it drives a loop, every string and list has a length limit.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

MAX_STRING = 1 << 16
MAX_LIST = 10_000
_MISSING = object()


class RequestError(Exception):
    """The request cannot be carried out; the message is one clear sentence for the user."""


class Args:
    """The ``arguments`` object of one request (or a nested object of it)."""

    def __init__(self, raw: Any, where: str = "arguments") -> None:
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            raise RequestError(f"{where} must be a JSON object, not {_kind(raw)}")
        self.raw = raw
        self.where = where

    def __contains__(self, name: str) -> bool:
        return self.raw.get(name) is not None

    def _value(self, name: str, default: Any, check: Callable[[Any, str], Any]) -> Any:
        """The member ``name`` passed through ``check`` (which raises RequestError with
        the member's path), or ``default`` when it is absent or null (required when no
        default is given)."""
        value = self.raw.get(name)
        if value is None:
            if default is _MISSING:
                raise RequestError(f"{self.where}.{name} is required")
            return default
        return check(value, f"{self.where}.{name}")

    def string(self, name: str, default: Any = _MISSING, *, limit: int = MAX_STRING) -> Any:
        return self._value(name, default, lambda v, at: _string(v, at, limit))

    def integer(self, name: str, default: Any = _MISSING, *, low: int, high: int) -> Any:
        return self._value(name, default, lambda v, at: _integer(v, at, low, high))

    def boolean(self, name: str, default: Any = _MISSING) -> Any:
        return self._value(name, default, _boolean)

    def obj(self, name: str, default: Any = _MISSING) -> Any:
        return self._value(name, default, Args)

    def items(self, name: str, default: Any = _MISSING, *, limit: int = MAX_LIST) -> Any:
        return self._value(name, default, lambda v, at: _array(v, at, limit))

    def objects(self, name: str, default: Any = _MISSING, *, limit: int = MAX_LIST) -> Any:
        return self._value(name, default, lambda v, at: [Args(item, f"{at}[{i}]")
                                                         for i, item in enumerate(_array(v, at, limit))])

    def strings(self, name: str, default: Any = _MISSING, *, limit: int = MAX_LIST) -> Any:
        return self._value(name, default, lambda v, at: [_string(item, f"{at}[{i}]", MAX_STRING)
                                                         for i, item in enumerate(_array(v, at, limit))])


def _string(value: Any, at: str, limit: int) -> str:
    return _bounded(value, at, str, "a string", limit, f"is longer than {limit} characters")


def _bounded(value: Any, at: str, kind: type, name: str, limit: int, too_long: str) -> Any:
    """``value`` when it is a ``kind`` of at most ``limit`` items, else one clear error."""
    if not isinstance(value, kind):
        raise RequestError(f"{at} must be {name}, not {_kind(value)}")
    if len(value) > limit:
        raise RequestError(f"{at} {too_long}")
    return value


def _integer(value: Any, at: str, low: int, high: int) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RequestError(f"{at} must be an integer, not {_kind(value)}")
    if not low <= value <= high:
        raise RequestError(f"{at} = {value} is outside {low}..{high}")
    return value


def _boolean(value: Any, at: str) -> bool:
    if not isinstance(value, bool):
        raise RequestError(f"{at} must be true or false, not {_kind(value)}")
    return value


def _array(value: Any, at: str, limit: int) -> list:
    return _bounded(value, at, list, "an array", limit, f"has more than {limit} entries")


# JSON types as a message names them, in the order they are tested (bool before number).
_KINDS: tuple[tuple[type | tuple[type, ...], str], ...] = (
    (bool, "a boolean"), ((int, float), "a number"), (str, "a string"), (list, "an array"), (dict, "an object"),
)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return next((name for types, name in _KINDS if isinstance(value, types)), type(value).__name__)
