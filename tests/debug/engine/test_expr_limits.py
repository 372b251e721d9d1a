"""The expression language does bounded work for any input (issue 10 items 12-13,
DESIGN.md §5): deep nesting is a clear error, long chains and unary runs evaluate
without recursion, long numbers and huge intermediate values are clear errors."""

from __future__ import annotations

import pytest
from support.engine_program import SRC, make

from ptodbg.debug.commands import Commands
from ptodbg.debug.engine.expr import MAX_NESTING, Context, Expr, ExprError

CTX = Context(lambda name: {"a0": 5}.get(name), lambda which, slot: None, lambda a, n: bytes([a & 0xFF]) + bytes(n - 1),
              lambda name: None)


@pytest.mark.parametrize(("text", "value"), [
    ("+".join(["1"] * 100_000), 100_000),  # 100k terms: no RecursionError in parse or evaluate
    ("-" * 100_000 + "1", 1),
    ("~" * 100_001 + "0", -1),
    ("!" * 99_999 + "0", 1),
    ("(" * MAX_NESTING + "a0" + ")" * MAX_NESTING, 5),
    ("1 && " * 20_000 + "a0", 1),
    ("0 || " * 20_000 + "0", 0),
    ("u8[" * 100 + "3" + "]" * 100, 3),
], ids=lambda v: v[:12] if isinstance(v, str) else str(v))
def test_long_and_deep_expressions_evaluate(text, value):
    assert Expr(text).evaluate(CTX) == value


@pytest.mark.parametrize(("text", "needle"), [
    ("(" * 500 + "1" + ")" * 500, f"nested more than {MAX_NESTING} deep"),
    ("u8[" * 2000 + "0" + "]" * 2000, f"nested more than {MAX_NESTING} deep"),
    ("[" * 300 + "0" + "]" * 300, f"nested more than {MAX_NESTING} deep"),
    ("a0 + " + "1" * 5000, "number too long (5000 characters; at most 100) (at column 6)"),
    ("2" + " * 2" * 300, "value too large"),
    ("((1)", "ends too early"),
    ("1 == 2 == 3", "unexpected '=='"),
], ids=lambda v: v[:12])
def test_bounds_are_one_clear_error(text, needle):
    with pytest.raises(ExprError) as info:
        Expr(text).evaluate(CTX)
    message = str(info.value)
    assert needle in message and "\n" not in message and len(message) < 200
    assert "int_max_str_digits" not in message and "recursion" not in message


def test_short_circuit_skips_the_other_side():
    # the right operand would fail (unknown name); && and || must not evaluate it
    assert Expr("0 && nosuch").evaluate(CTX) == 0
    assert Expr("a0 || nosuch").evaluate(CTX) == 1
    with pytest.raises(ExprError, match="nosuch"):
        Expr("1 && nosuch").evaluate(CTX)


def test_debugger_commands_report_the_bound():
    c = Commands(make())
    for line in ("print " + "(" * 500 + "1" + ")" * 500, "x " + "1" * 5000, f"print u8[{SRC}" + "+1-1" * 25_000 + "]",
                 "break copy if " + "-" * 50_000 + "a0"):
        r = c.execute(line)
        assert "\n" not in (r.error or "") and "Traceback" not in (r.error or "")
    assert c.execute("print " + "(" * 500 + "1" + ")" * 500).error.endswith("(at column 257)")
    assert "number too long" in c.execute("x " + "1" * 5000).error
    assert c.execute(f"print u8[{SRC}" + "+1-1" * 25_000 + "]").ok
