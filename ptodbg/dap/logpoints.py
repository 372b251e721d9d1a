"""Logpoints: a source breakpoint with a ``logMessage`` prints the message and goes on
(VS Code's "Add Logpoint...", gdb's ``dprintf``).

The message is text with expressions in braces, as VS Code documents it: ``counter =
{u64[counter]}`` prints ``counter = 2``.  An expression is ptodbg's own (registers,
memory, symbols: what a breakpoint condition reads), evaluated when the logpoint is
hit, and shown as gdb's ``print`` shows it (signed decimal); ``{EXPR,FMT}`` chooses
another of gdb's format letters (``{sp,x}`` prints ``0xeff0``, ``{ra,a}`` the address
and its symbol).  ``{{`` and ``}}`` are literal braces.  An expression that cannot be
evaluated prints ``<error: why>`` in its place; the message is still printed.

A message is parsed once, when the breakpoint is set: an unmatched brace or a format
letter that is not one of gdb's leaves the breakpoint unverified with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

MAX_PARTS = 64  # expressions in one message
FORMATS = frozenset("xduotcaz")


class LogMessageError(ValueError):
    """A log message that cannot be used (one sentence)."""


@dataclass(frozen=True, slots=True)
class Interpolated:
    """One ``{EXPR[,FMT]}`` of a message."""

    expression: str
    form: str


@dataclass(frozen=True, slots=True)
class LogMessage:
    parts: tuple[str | Interpolated, ...]

    @classmethod
    def parse(cls, text: str) -> LogMessage:
        parts: list[str | Interpolated] = []
        literal: list[str] = []
        i, n = 0, len(text)
        while i < n:
            ch = text[i]
            if ch in "{}" and text.startswith(ch * 2, i):
                literal.append(ch)
                i += 2
                continue
            if ch == "}":
                raise LogMessageError(f"unmatched '}}' at column {i + 1} of the log message (write '}}}}' for a brace)")
            if ch != "{":
                literal.append(ch)
                i += 1
                continue
            end = text.find("}", i + 1)
            if end < 0:
                raise LogMessageError(f"unmatched '{{' at column {i + 1} of the log message (write '{{{{' for a brace)")
            inner = text[i + 1 : end]
            expression, comma, form = inner.rpartition(",") if "," in inner else (inner, "", "d")
            expression, form = expression.strip(), form.strip().lower()
            if not expression:
                raise LogMessageError(f"empty expression at column {i + 1} of the log message")
            if comma and form not in FORMATS:
                raise LogMessageError(f"format {form!r} at column {i + 1} of the log message: expected one "
                                      f"of {', '.join(sorted(FORMATS))}")
            if literal:
                parts.append("".join(literal))
                literal = []
            parts.append(Interpolated(expression, form or "d"))
            if sum(isinstance(p, Interpolated) for p in parts) > MAX_PARTS:
                raise LogMessageError(f"a log message may hold at most {MAX_PARTS} expressions")
            i = end + 1
        if literal:
            parts.append("".join(literal))
        return cls(tuple(parts))

    def render(self, show: Callable[[str, str], str]) -> str:
        """The message with each expression replaced by ``show(expression, form)``, which
        raises ValueError (or a subclass) with the reason when it cannot be shown."""
        out = []
        for part in self.parts:
            if isinstance(part, str):
                out.append(part)
                continue
            try:
                out.append(show(part.expression, part.form))
            except (ValueError, ArithmeticError) as e:
                out.append(f"<error: {e}>")
        return "".join(out)
