"""The shared expression parser (ptodbg.base.pratt, issue 11 item 6): the assembler's
immediates (ptodbg.isa.syntax, "Expressions") and the debugger's expressions
(ptodbg.debug.engine.expr) are two configurations of one Pratt parser.  Both keep C's
precedence and left associativity, the same nesting bound (DESIGN.md §5: every expression
does bounded work) and their own error wording; the parser itself stops before the first
token that cannot continue an expression and fails before applying pending operators
when a bracket is left unclosed."""

from __future__ import annotations

from typing import Any

import pytest

from ptodbg.base import pratt
from ptodbg.debug.engine import expr as D
from ptodbg.isa import syntax as S

REGS = {"a0": 5, "a1": (1 << 64) - 1, "sp": 0x100}
MEMORY = bytes(range(256)) * 2
CTX = D.Context(lambda name: REGS.get(name.lower()), lambda which, slot: 7 if (which, slot) == ("t", 1) else None,
                lambda a, n: MEMORY[a : a + n], {"copy": 0x10008}.get)


# --------------------------------------------------------------- both grammars agree
@pytest.mark.parametrize(("text", "value"), [
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("10 - 4 - 3", 3), ("64 / 4 / 2", 8),
    ("1 | 2 ^ 3 & 4", 3), ("-2 * 3", -6), ("~0 & 0xff", 255), ("-(3 + 4) * 5", -35), ("(3 + 4) % 5", 2),
    ("(1 << 4) + (256 >> 2)", 80), ("0x10 + 0b11", 19),
])
def test_both_grammars_give_c_precedence(text, value):
    """C's precedence and left associativity in both grammars (the assembler truncates
    division towards zero, so the cases avoid negative quotients)."""
    assert S.evaluate(text, {}.get) == value
    assert D.evaluate(text, CTX) == value


def test_both_grammars_bound_nesting_at_the_same_depth():
    deep = "(" * 256 + "1" + ")" * 256
    assert S.evaluate(deep, {}.get) == 1 and D.evaluate(deep, CTX) == 1
    too_deep = "(" * 257 + "1" + ")" * 257
    with pytest.raises(S.SyntaxProblem) as asm:
        S.evaluate(too_deep, {}.get)
    assert (asm.value.col, asm.value.text()) == (256, "parentheses nested more than 256 deep; expected a simpler expression")
    with pytest.raises(D.ExprError) as dbg:
        D.evaluate(too_deep, CTX)
    assert str(dbg.value) == "brackets nested more than 256 deep (at column 257)"
    assert S.GRAMMAR.max_nesting == D.GRAMMAR.max_nesting == 256


@pytest.mark.parametrize("text", ["(" * 100_000, "(" * 100_000 + "1" + ")" * 100_000, "-(" * 50_000 + "1"])
def test_hostile_brackets_are_one_error(text):
    with pytest.raises(S.SyntaxProblem, match="nested more than 256 deep"):
        S.evaluate(text, {}.get)
    with pytest.raises(D.ExprError, match="nested more than 256 deep"):
        D.evaluate(text, CTX)


def test_huge_numbers_are_one_error():
    digits = "9" * 600_000
    with pytest.raises(S.SyntaxProblem) as asm:
        S.evaluate("1 + " + digits, {}.get)
    assert (asm.value.col, asm.value.what) == (4, "number too long (600000 characters)")
    with pytest.raises(D.ExprError) as dbg:
        D.evaluate("1 + " + digits, CTX)
    assert str(dbg.value) == "number too long (600000 characters; at most 100) (at column 5)"


# ---------------------------------------------------------------- the debugger grammar
def test_evaluate_is_the_one_call_entry_point():
    # u64[sp] reads bytes 0x00..0x07 of MEMORY at 0x100 (= bytes 0..7): 0x0706050403020100
    assert D.evaluate("u64[sp]", CTX) == 0x0706050403020100
    assert D.evaluate("s8[sp + 0x80] < 0", CTX) == 1  # byte 0x80 read signed is -128
    assert D.evaluate("a1 + 1 == 0", CTX) == 1  # comparisons are unsigned 64-bit
    assert D.evaluate("s64(a1) == -1", CTX) == 1
    assert D.evaluate("s64(a1) < 0 && t#1 == 7", CTX) == 1
    assert D.evaluate("copy + 8", CTX) == 0x10010
    with pytest.raises(D.ExprError, match="unknown name 'nosuch'"):
        D.evaluate("a0 + nosuch", CTX)


@pytest.mark.parametrize(("text", "message"), [
    ("((1)", "expression '((1)' ends too early: expected ')' (at column 1)"),
    ("(1]", "expected ')', found ']' (at column 3)"),
    ("u64[1)", "expected ']', found ')' (at column 6)"),
    ("1)", "unexpected ')' in '1)' (at column 2)"),
    ("1 2", "unexpected '2' in '1 2' (at column 3)"),
    ("(1 2)", "unexpected '2' in '(1 2)' (at column 4)"),
    ("1 +", "expression '1 +' ends too early"),
    ("* 1", "unexpected '*' (at column 1)"),
    ("a0 < 1 == 1", "unexpected '==' in 'a0 < 1 == 1' (at column 8)"),
    ("a0 u64[1]", "unexpected 'u64' in 'a0 u64[1]' (at column 4)"),
    ("t#5", "queue slot t#5 does not exist (t#1..t#4, u#1..u#4) (at column 1)"),
    ("", "empty expression"),
])
def test_debugger_errors(text, message):
    with pytest.raises(D.ExprError) as info:
        D.evaluate(text, CTX)
    assert str(info.value) == message


@pytest.mark.parametrize(("text", "value"), [
    ("(0 && nosuch) || (1 || nosuch)", 1),
    ("0 && (nosuch || nosuch) && nosuch", 0),
    ("a0 || u64[nosuch] && nosuch", 1),  # && binds tighter: the whole right side is skipped
    ("(a0 && 0) || (0 || a0 == 5) && !(0 && nosuch)", 1),
    ("1 && 2 && (0 || 3)", 1),
])
def test_short_circuit_skips_nested_operands(text, value):
    """``&&`` and ``||`` do not evaluate a right operand their left one decides, however
    deeply it nests (an unknown name there would be an error)."""
    assert D.evaluate(text, CTX) == value


def test_comparisons_chain_only_through_brackets_or_lower_operators():
    assert D.evaluate("(a0 == 5) == 1", CTX) == 1
    assert D.evaluate("a0 == 5 && 1 != 2", CTX) == 1


# -------------------------------------------------------------- the assembler grammar
@pytest.mark.parametrize(("text", "value", "end"), [
    ("8+1 << 2", 9, 4),  # outside parentheses << is the shift slot, not an operator
    ("(8 << 2) + 1, [sp]", 33, 12),
    ("4 * 2->a0", 8, 5),  # -> is an arrow, not a minus
    ("-(1) ]", -1, 5),
])
def test_assembler_expression_stops_before_what_follows(text, value, end):
    assert S.parse_expression(text, 0, {}.get) == (value, end)


def test_assembler_unclosed_bracket_fails_before_evaluating():
    # the bracket error is found first, as the assembler reads left to right: the
    # division by zero inside is never computed
    with pytest.raises(S.SyntaxProblem) as info:
        S.evaluate("(0 % 0, 1", {}.get)
    assert (info.value.col, info.value.text()) == (6, "unexpected ','; expected ')'")


# ------------------------------------------------------------------ the parser itself
class _Words:
    """A third grammar, words separated by spaces, to show the parser's own contract."""

    def __init__(self, text: str) -> None:
        self.words = text.split() + ["<end>"]
        self.i = 0

    def _token(self, k: int) -> pratt.Token:
        w = self.words[k]
        if w == "<end>":
            return ("end", None, k)
        return ("atom", w, k) if w.isalnum() else ("op", w, k)

    def operand(self) -> pratt.Token:
        token = self._token(self.i)
        if token[0] != "end":
            self.i += 1
        return token

    def operator(self) -> pratt.Token:
        return self._token(self.i)

    def advance(self) -> None:
        self.i += 1


class _Lisp:
    @staticmethod
    def atom(value: Any, col: int) -> str:
        return value

    @staticmethod
    def prefix(op: str, x: str, col: int) -> str:
        return f"({op} {x})"

    @staticmethod
    def infix(op: str, a: str, b: str, col: int) -> str:
        return f"({op} {a} {b})"

    @staticmethod
    def bracket(opener: str, x: str, col: int) -> str:
        return x if opener == "(" else f"(mem {x})"


WORDS = pratt.Grammar(prefix={"-": 9}, infix={"=": 1, "+": 2, "*": 3, "<<": 4}, brackets={"(": ")", "m[": "]"},
                      max_nesting=2, non_chaining=frozenset({"="}), nested_only=frozenset({"<<"}))


def _parse(text: str) -> tuple[str, int]:
    scanner = _Words(text)
    return pratt.parse(scanner, WORDS, _Lisp), scanner.i


@pytest.mark.parametrize(("text", "tree"), [
    ("a + b * c", "(+ a (* b c))"),
    ("a * b + c", "(+ (* a b) c)"),
    ("a + b + c", "(+ (+ a b) c)"),
    ("- a * b", "(* (- a) b)"),
    ("- - a", "(- (- a))"),
    ("( a + b ) * c", "(* (+ a b) c)"),
    ("m[ a + b ] = c", "(= (mem (+ a b)) c)"),
    ("( a << b )", "(<< a b)"),
])
def test_pratt_trees(text, tree):
    assert _parse(text) == (tree, len(text.split()))


def test_pratt_leaves_what_cannot_continue():
    assert _parse("a + b << c") == ("(+ a b)", 3)  # << only inside brackets
    assert _parse("a b") == ("a", 1)
    assert _parse("a ) b") == ("a", 1)


@pytest.mark.parametrize(("text", "kind", "token", "opener"), [
    ("a +", "end", ("end", None, 2), None),
    ("+ a", "operand", ("op", "+", 0), None),
    ("( ( ( a ) ) )", "nesting", ("op", "(", 2), None),
    ("a = b = c", "chain", ("op", "=", 3), None),
    ("( a ]", "close", ("op", "]", 2), ("op", "(", 0)),
    ("m[ a + b", "close", ("end", None, 4), ("op", "m[", 0)),
])
def test_pratt_errors(text, kind, token, opener):
    with pytest.raises(pratt.ParseError) as info:
        _parse(text)
    assert (info.value.kind, info.value.token, info.value.opener) == (kind, token, opener)
