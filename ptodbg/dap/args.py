"""Typed, bounded access to a request's ``arguments``.

A DAP client is another program, and a hostile or buggy one must get an error response,
not a crash: every getter checks the JSON type (``true`` is not a number), every number
is bounded before it drives a loop, every string and list has a length limit.
"""

from __future__ import annotations

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

    def _get(self, name: str, default: Any) -> Any:
        value = self.raw.get(name)
        if value is None:
            if default is _MISSING:
                raise RequestError(f"{self.where}.{name} is required")
            return default
        return value

    def string(self, name: str, default: Any = _MISSING, *, limit: int = MAX_STRING) -> Any:
        value = self._get(name, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, str):
            raise RequestError(f"{self.where}.{name} must be a string, not {_kind(value)}")
        if len(value) > limit:
            raise RequestError(f"{self.where}.{name} is longer than {limit} characters")
        return value

    def integer(self, name: str, default: Any = _MISSING, *, low: int, high: int) -> Any:
        value = self._get(name, default)
        if value is default and default is not _MISSING:
            return value
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and value.is_integer():
                value = int(value)
            else:
                raise RequestError(f"{self.where}.{name} must be an integer, not {_kind(value)}")
        if not low <= value <= high:
            raise RequestError(f"{self.where}.{name} = {value} is outside {low}..{high}")
        return value

    def boolean(self, name: str, default: Any = _MISSING) -> Any:
        value = self._get(name, default)
        if not isinstance(value, bool):
            raise RequestError(f"{self.where}.{name} must be true or false, not {_kind(value)}")
        return value

    def obj(self, name: str, default: Any = _MISSING) -> Any:
        value = self._get(name, default)
        if value is default and default is not _MISSING:
            return value
        return Args(value, f"{self.where}.{name}")

    def items(self, name: str, default: Any = _MISSING, *, limit: int = MAX_LIST) -> Any:
        value = self._get(name, default)
        if value is default and default is not _MISSING:
            return value
        if not isinstance(value, list):
            raise RequestError(f"{self.where}.{name} must be an array, not {_kind(value)}")
        if len(value) > limit:
            raise RequestError(f"{self.where}.{name} has more than {limit} entries")
        return value

    def objects(self, name: str, default: Any = _MISSING, *, limit: int = MAX_LIST) -> Any:
        value = self.items(name, default, limit=limit)
        if value is default and default is not _MISSING:
            return value
        return [Args(v, f"{self.where}.{name}[{i}]") for i, v in enumerate(value)]

    def strings(self, name: str, default: Any = _MISSING, *, limit: int = MAX_LIST) -> Any:
        value = self.items(name, default, limit=limit)
        if value is default and default is not _MISSING:
            return value
        for i, v in enumerate(value):
            if not isinstance(v, str) or len(v) > MAX_STRING:
                raise RequestError(f"{self.where}.{name}[{i}] must be a string")
        return value


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
