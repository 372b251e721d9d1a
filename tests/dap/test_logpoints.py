"""Logpoint messages (a client's text, hostile like any input): ``{EXPR}`` and
``{EXPR,FMT}`` are interpolated, ``{{``/``}}`` are braces, anything else is one clear
error, and no text makes the parser fail another way or work without bound."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ptodbg.dap.logpoints import MAX_PARTS, Interpolated, LogMessage, LogMessageError


def show(expression: str, form: str) -> str:
    if expression == "boom":
        raise ValueError("cannot access memory at 0x0")
    return f"[{expression}/{form}]"


def test_expressions_formats_and_escaped_braces():
    msg = LogMessage.parse("a0={a0} sp={sp,x} {{not}} {u64[counter] + 1 , u}}}")
    assert msg.parts == ("a0=", Interpolated("a0", "d"), " sp=", Interpolated("sp", "x"), " {not} ",
                         Interpolated("u64[counter] + 1", "u"), "}")
    assert msg.render(show) == "a0=[a0/d] sp=[sp/x] {not} [u64[counter] + 1/u]}"
    assert LogMessage.parse("x {boom} y").render(show) == "x <error: cannot access memory at 0x0> y"


@pytest.mark.parametrize(("text", "why"), [
    ("a {b", "unmatched '{' at column 3"),
    ("a } b", "unmatched '}' at column 3"),
    ("{}", "empty expression at column 1"),
    ("{ ,x}", "empty expression"),
    ("{a0,q}", "format 'q'"),
    ("{x}" * (MAX_PARTS + 1), f"at most {MAX_PARTS} expressions"),
])
def test_bad_messages_say_why(text, why):
    with pytest.raises(LogMessageError, match=why.replace("{", r"\{").replace("}", r"\}")):
        LogMessage.parse(text)


@given(st.text(max_size=300))
def test_any_text_parses_or_says_why(text):
    try:
        msg = LogMessage.parse(text)
    except LogMessageError as e:
        assert str(e) and "\n" not in str(e)
        return
    assert sum(isinstance(p, Interpolated) for p in msg.parts) <= MAX_PARTS
    if "{" not in text and "}" not in text:
        assert msg.render(show) == text


@given(st.lists(st.text(max_size=20), max_size=10))
def test_escaped_literal_text_comes_back_unchanged(pieces):
    literal = "".join(pieces)
    escaped = literal.replace("{", "{{").replace("}", "}}")
    assert LogMessage.parse(escaped).render(show) == literal
