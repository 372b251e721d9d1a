"""One Pratt (top-down operator precedence) parser for every expression grammar in ptodbg.

The assembler's immediates (:mod:`ptodbg.isa.syntax`) and the debugger's conditions and
addresses (:mod:`ptodbg.debug.engine.expr`) are two configurations of :func:`parse`, so
precedence, associativity, bracket matching and the nesting bound are written once.  A
grammar is three small parts:

:class:`Grammar`
    Which operators exist and how tightly they bind: prefix operators, left-associative
    infix operators, brackets (an opener may be an index form such as ``u64[``, which the
    debugger reads memory with), comparisons that do not chain (``a == b == c``) and
    operators that only count inside brackets (the assembler's ``<<``, which outside
    would clash with the ``<<N`` shift slot).
:class:`Scanner`
    The grammar's tokens, asked for in the two positions a Pratt parser knows: where an
    operand must start (:meth:`Scanner.operand`: a prefix operator, an opener or an
    atom) and where an operator may follow (:meth:`Scanner.operator`, a peek that
    :meth:`Scanner.advance` consumes).  Positions matter because the assembler's
    expression ends at the first text that cannot continue it (``, [sp]``, ``->a0``).
:class:`Resolver`
    What a parsed piece means: :meth:`Resolver.atom` resolves an identifier or number,
    :meth:`Resolver.prefix`/:meth:`Resolver.infix` apply an operator,
    :meth:`Resolver.bracket` closes a bracket (an index form reads memory).  The
    assembler computes integers on the spot; the debugger emits a postfix program that
    it runs later against a stopped machine (reductions come in postfix order).

Bounds (docs/interfaces.md §5: every expression does bounded work): the parser never recurses
(pending operators live on an explicit stack, so ``-`` repeated 100,000 times or a
100,000-term sum cannot exhaust Python's stack) and brackets nest at most
:attr:`Grammar.max_nesting` deep.  Failures are one :class:`ParseError` naming what went
wrong and the token where; each grammar words the message in its own style.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from ptodbg.base.record import Frozen

T = TypeVar("T")

Token = tuple[str, Any, int]
"""(kind, value, column).  Kinds the parser reads: ``"atom"`` (value: whatever the
scanner made of it, handed to :meth:`Resolver.atom`), ``"op"`` (value: the operator or
bracket text) and ``"end"``; any other kind is a token that cannot continue the
expression.  Columns are in the grammar's own convention (0- or 1-based)."""


class Scanner(Protocol):
    """A grammar's tokens, read left to right."""

    def operand(self) -> Token:
        """Consume and return the token where an operand must start."""
        ...

    def operator(self) -> Token:
        """Return, without consuming, the token where an operator may follow."""
        ...

    def advance(self) -> None:
        """Consume the token :meth:`operator` returned."""
        ...


class Resolver(Protocol[T]):
    """What tokens and operators mean in one grammar."""

    def atom(self, value: Any, col: int) -> T:
        """An operand token's meaning: a number's value, an identifier resolved."""
        ...

    def prefix(self, op: str, operand: T, col: int) -> T: ...

    def infix(self, op: str, left: T, right: T, col: int) -> T: ...

    def bracket(self, opener: str, inner: T, col: int) -> T:
        """A closed bracket: ``(x)`` is ``x``; an index form such as ``u64[x]`` reads
        memory (or emits the read, for a grammar evaluated later)."""
        ...


class Grammar(Frozen):
    """Which operators a grammar enables and how tightly they bind (higher binds tighter).

    ``prefix`` maps a prefix operator to the binding power of its operand (above every
    infix operator's, so ``-a*b`` is ``(-a)*b``); ``infix`` maps a left-associative
    operator to its binding power; ``brackets`` maps an opener to its closer."""

    prefix: Mapping[str, int]
    infix: Mapping[str, int]
    brackets: Mapping[str, str]
    max_nesting: int
    non_chaining: frozenset[str] = frozenset()  # two at one level are an error: a == b == c
    nested_only: frozenset[str] = frozenset()  # outside brackets these end the expression


class ParseError(Exception):
    """Why parsing stopped.  ``kind`` is one of

    ``"end"``      the input ended where an operand must start (``token`` is the end);
    ``"operand"``  ``token`` cannot start an operand;
    ``"nesting"``  ``token`` opens a bracket past :attr:`Grammar.max_nesting`;
    ``"chain"``    ``token`` is a second non-chaining operator at one level;
    ``"close"``    ``token`` is not the closer of the innermost open bracket ``opener``
                   (a (kind, value, column) token, its closer ``grammar.brackets[value]``).
    """

    def __init__(self, kind: str, token: Token, opener: Token | None = None) -> None:
        super().__init__(kind, token, opener)
        self.kind = kind
        self.token = token
        self.opener = opener


_PREFIX, _INFIX, _BRACKET = 0, 1, 2


def parse(scanner: Scanner, grammar: Grammar, resolver: Resolver[T]) -> T:
    """Parse one expression from ``scanner`` and return what ``resolver`` made of it.

    Stops before the first token that cannot continue the expression and leaves it
    unconsumed (the caller decides whether anything may follow).

    This is Pratt's loop — read an operand (after any prefix operators and openers),
    then take infix operators while they bind tighter than the operator the operand
    belongs to — with the pending operators on an explicit stack instead of Python's:
    a frame is (what, operator, left operand, binding power to restore, column)."""
    prefix, infix, brackets = grammar.prefix, grammar.infix, grammar.brackets
    non_chaining, nested_only, limit = grammar.non_chaining, grammar.nested_only, grammar.max_nesting
    atom, apply_prefix, apply_infix = resolver.atom, resolver.prefix, resolver.infix
    operand, operator = scanner.operand, scanner.operator
    stack: list[tuple[int, str, Any, int, int]] = []
    opened: list[Token] = []  # the open brackets, innermost last
    closer = None  # the innermost open bracket's closer
    rbp = 0  # the binding power an infix operator must exceed to take the current operand
    while True:
        # ---- operand position: prefix operators and openers, then an atom
        kind, value, col = operand()
        if kind == "atom":
            left = atom(value, col)
        elif kind == "op" and value in prefix:
            stack.append((_PREFIX, value, None, rbp, col))
            rbp = prefix[value]
            continue
        elif kind == "op" and value in brackets:
            if len(opened) >= limit:
                raise ParseError("nesting", (kind, value, col))
            opened.append((kind, value, col))
            closer = brackets[value]
            stack.append((_BRACKET, value, None, rbp, col))
            rbp = 0
            continue
        else:
            raise ParseError("end" if kind == "end" else "operand", (kind, value, col))
        # ---- operator position: take an infix operator, or finish pending frames
        chained = -1  # the binding power of the non-chaining operator that made ``left``
        kind, value, col = operator()
        while True:
            if kind == "op" and value in infix:
                bp = infix[value]
                if bp > rbp and (opened or value not in nested_only):
                    if bp == chained and value in non_chaining:
                        raise ParseError("chain", (kind, value, col))
                    scanner.advance()
                    stack.append((_INFIX, value, left, rbp, col))
                    rbp = bp
                    break
            elif opened and (kind != "op" or value != closer):
                # neither an operator nor the closer: fail before finishing any frame
                raise ParseError("close", (kind, value, col), opened[-1])
            if not stack:
                return left
            what, op, first, rbp, at = stack.pop()
            chained = -1
            if what == _INFIX:
                left = apply_infix(op, first, left, at)
                if op in non_chaining:
                    chained = infix[op]
            elif what == _PREFIX:
                left = apply_prefix(op, left, at)
            else:  # the closer itself (checked above)
                scanner.advance()
                opened.pop()
                closer = brackets[opened[-1][1]] if opened else None
                left = resolver.bracket(op, left, at)
                kind, value, col = operator()
