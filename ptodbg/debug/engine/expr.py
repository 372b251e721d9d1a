"""A small, safe expression language for conditions, addresses and values.

Used by ``break LOC if EXPR``, ``x``, ``watch``, memory views that follow an expression,
and ``set``.  It is parsed into a small program and evaluated by this module — never by Python's
``eval`` — so a session file or a typed condition can only read machine state.

Grammar (C precedence)::

    expr   := or ;  or := and ('||' and)* ;  and := cmp ('&&' cmp)*
    cmp    := bor (('=='|'!='|'<'|'<='|'>'|'>=') bor)?
    bor    := bxor ('|' bxor)* ;  bxor := band ('^' band)* ;  band := shift ('&' shift)*
    shift  := sum (('<<'|'>>') sum)* ;  sum := prod (('+'|'-') prod)*
    prod   := unary (('*'|'/'|'%') unary)*
    unary  := ('-'|'~'|'!') unary | atom
    atom   := NUMBER | NAME | t#N | u#N | '(' expr ')' | TYPE '[' expr ']' | '[' expr ']'
              | 's64' '(' expr ')'

Numbers are decimal, ``0x`` hex or ``0b`` binary.  Names are GPRs by ABI name or ``rN``,
``pc``/``tpc``, ``lra``, ``bpc``, ``bpcn``, ``acr``, ``steps``, or program symbols.
``t#1``..``t#4`` and ``u#1``..``u#4`` read the queues (an empty slot is an error).
``u8[a]`` .. ``u64[a]`` and ``s8[a]`` .. ``s64[a]`` read memory (``[a]`` = ``u64[a]``)
without side effects.  Arithmetic is on integers of up to :data:`MAX_BITS` bits (a larger
intermediate value is an error, so no expression can make a slow bignum); values are
reduced to 64 bits when read as registers or compared (``==`` etc. compare as unsigned
64-bit unless one side is wrapped in ``s64(...)``, which compares signed).

The parser is :func:`ptodbg.base.pratt.parse` (shared with the assembler) configured by
:data:`GRAMMAR`; :func:`evaluate` is the one-call entry point.

Bounds (docs/interfaces.md §5: every expression does bounded work): brackets nest at most
:data:`MAX_NESTING` deep, a number literal has at most :data:`MAX_NUMBER_CHARS`
characters, and nothing recurses, so any length of input gives a value or one
:class:`ExprError`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ptodbg.base.pratt import Grammar, ParseError, Token, parse
from ptodbg.base.record import Frozen

MASK64 = (1 << 64) - 1

_TOKEN_PATTERN = (
    r"\s*(?:(?P<num>0[xX][0-9a-fA-F_]+|0[bB][01_]+|\d[\d_]*)"
    r"|(?P<queue>[tuTU]#\d)"
    r"|(?P<name>[A-Za-z_.$][\w.$]*)"
    r"|(?P<op>\|\||&&|==|!=|<=|>=|<<|>>|[-+*/%&|^~!<>()\[\]]))"
)

_LOADS = {f"{s}{b}": (b // 8, s == "s") for s in "us" for b in (8, 16, 32, 64)}
MAX_NESTING = 256  # brackets: (…), […], u64[…], s64(…)
MAX_NUMBER_CHARS = 100  # a 64-bit number in binary with separators fits; 5,000 digits do not
MAX_BITS = 256  # intermediate values; arithmetic past this is an error, not a slow bignum


class ExprError(ValueError):
    """A parse or evaluation error; ``column`` is 1-based in the expression text."""

    def __init__(self, message: str, column: int | None = None) -> None:
        super().__init__(message if column is None else f"{message} (at column {column})")
        self.column = column


class Context(Frozen):
    """What an expression can read: one function per kind of name."""

    register: Callable[[str], int | None]  # None when the name is not a register
    queue: Callable[[str, int], int | None]  # ("t"|"u", 1..4) -> value, None when empty
    memory: Callable[[int, int], bytes]
    symbol: Callable[[str], int | None]


class Expr:
    """A parsed expression; :meth:`evaluate` it against a :class:`Context`.

    Parsing and evaluation are iterative (:func:`ptodbg.base.pratt.parse` keeps pending
    operators on an explicit stack and its reductions, which come in postfix order, emit a
    program that runs on a value stack), so neither the length of an expression (``1+1+…`` with
    100,000 terms, ``-`` repeated) nor its nesting can exhaust Python's recursion limit;
    brackets nest at most :data:`MAX_NESTING` deep."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._program = _parse(text)

    @property
    def program(self) -> tuple[tuple, ...]:
        """The parsed postfix program (read-only: :mod:`ptodbg.debug.engine.guards`
        compiles a condition from it)."""
        return tuple(self._program)

    # ------------------------------------------------------------ evaluation
    def evaluate(self, ctx: Context) -> int:
        stack: list[int] = []
        program = self._program
        i = 0
        n = len(program)
        text = self.text
        while i < n:
            ins = program[i]
            op = ins[0]
            i += 1
            if op == "num":
                stack.append(ins[1])
            elif op == "name":
                name, col = ins[1], ins[2]
                value = ctx.register(name)
                if value is None:
                    value = ctx.symbol(name)
                if value is None:
                    raise ExprError(f"unknown name {name!r}: not a register or symbol", col)
                stack.append(value)
            elif op == "queue":
                value = ctx.queue(ins[1], ins[2])
                if value is None:
                    raise ExprError(f"{ins[1]}#{ins[2]} holds no value", ins[3])
                stack.append(value)
            elif op == "load":
                size, signed = ins[1], ins[2]
                addr = stack.pop() & MASK64
                value = int.from_bytes(ctx.memory(addr, size), "little")
                if signed and value >> (8 * size - 1):
                    value -= 1 << (8 * size)
                stack.append(value)
            elif op == "signed":
                v = stack.pop() & MASK64
                stack.append(v - (1 << 64) if v >> 63 else v)
            elif op == "un":
                v = stack.pop()
                stack.append(-v if ins[1] == "-" else (~v if ins[1] == "~" else int(not v)))
            elif op == "cmp":
                b = stack.pop()
                a = stack.pop()
                if not ins[2]:
                    a, b = a & MASK64, b & MASK64
                stack.append(int(_COMPARE[ins[1]](a, b)))
            elif op == "bin":
                b = stack.pop()
                a = stack.pop()
                stack.append(_arith(ins[1], a, b, text))
            elif op == "and":  # a && b: a false value decides without evaluating b
                if not stack[-1]:
                    stack[-1] = 0
                    i += ins[1]
                else:
                    stack.pop()
            elif op == "or":
                if stack[-1]:
                    stack[-1] = 1
                    i += ins[1]
                else:
                    stack.pop()
            else:  # "bool": the right operand of && / || as 0 or 1
                stack[-1] = int(bool(stack[-1]))
        return stack[-1]


def evaluate(text: str, ctx: Context) -> int:
    """The value of the expression ``text`` read against ``ctx`` (``print``, ``x``,
    ``set``): one :class:`ExprError` with a column for any bad input.  The value is not
    reduced to 64 bits; a caller formatting it (``print/x``) decides how."""
    return Expr(text).evaluate(ctx)


_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}


def _arith(op: str, a: int, b: int, text: str) -> int:
    if op in ("/", "%") and b == 0:
        raise ExprError(f"division by zero in {_clip(text)!r}")
    if op in ("<<", ">>") and not 0 <= b < 128:
        raise ExprError(f"shift by {b} in {_clip(text)!r}")
    if op == "*" and a.bit_length() + b.bit_length() > MAX_BITS + 1:
        raise ExprError(f"value too large in {_clip(text)!r} (more than {MAX_BITS} bits)")
    value = _BINARY[op](a, b)
    if value.bit_length() > MAX_BITS:
        raise ExprError(f"value too large in {_clip(text)!r} (more than {MAX_BITS} bits)")
    return value


_BINARY: dict[str, Callable[[int, int], int]] = {
    "+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b,
    "/": lambda a, b: a // b, "%": lambda a, b: a % b, "&": lambda a, b: a & b,
    "|": lambda a, b: a | b, "^": lambda a, b: a ^ b, "<<": lambda a, b: a << b,
    ">>": lambda a, b: a >> b,
}


def _clip(text: str, width: int = 60) -> str:
    """An expression as an error message quotes it: long ones shortened."""
    return text if len(text) <= width else text[: width - 3] + "..."


# ------------------------------------------------------------------ parsing
# One token per match, whitespace skipped; anything else is a one-character "bad" match.
# Compiled on the first expression parsed (a ``ptodbg run`` parses none: compiling it is
# most of this module's import).
_SCAN: re.Pattern[str] | None = None


def _tokenize(text: str) -> list[tuple[str, str, int]]:
    global _SCAN
    if _SCAN is None:
        _SCAN = re.compile(_TOKEN_PATTERN[:-1] + r"|(?P<bad>\S))")
    out = []
    for m in _SCAN.finditer(text):
        kind = m.lastgroup
        if kind is None:  # trailing whitespace
            continue
        value = m.group(kind)
        if kind == "bad":
            raise ExprError(f"unexpected character {value!r} in {_clip(text)!r}", m.start(kind) + 1)
        if kind == "num" and len(value) > MAX_NUMBER_CHARS:
            raise ExprError(f"number too long ({len(value)} characters; at most {MAX_NUMBER_CHARS})",
                            m.start(kind) + 1)
        out.append((kind, value, m.start(kind) + 1))
    if not out:
        raise ExprError("empty expression")
    return out


# The grammar (ptodbg.base.pratt): C's precedence, unary operators binding tightest.
_INFIX = {"||": 1, "&&": 2, "==": 3, "!=": 3, "<": 3, "<=": 3, ">": 3, ">=": 3,
          "|": 4, "^": 5, "&": 6, "<<": 7, ">>": 7, "+": 8, "-": 8, "*": 9, "/": 9, "%": 9}
_COMPARISONS = frozenset({"==", "!=", "<", "<=", ">", ">="})
_BRACKETS = {"(": ")", "[": "]", "s64(": ")", **{f"{name}[": "]" for name in _LOADS}}
GRAMMAR = Grammar(prefix={"-": 10, "~": 10, "!": 10}, infix=_INFIX, brackets=_BRACKETS,
                  max_nesting=MAX_NESTING, non_chaining=_COMPARISONS)


class _Scanner:
    """The tokens of one expression for :func:`ptodbg.base.pratt.parse`.  An operand is
    made into a program instruction here; a load name followed by its bracket (``u64[``,
    ``s64(``) is one opener, but only where an operand starts."""

    __slots__ = ("tokens", "i")

    def __init__(self, text: str) -> None:
        self.tokens = _tokenize(text)
        self.tokens.append(("end", "", len(text) + 1))
        self.i = 0

    def operand(self) -> Token:
        tokens = self.tokens
        kind, value, col = token = tokens[self.i]
        if kind == "end":
            return token
        self.i += 1
        if kind == "num":
            return ("atom", ("num", _number(value, col)), col)
        if kind == "name":
            low = value.lower()
            nxt = tokens[self.i]
            if (nxt[1] == "[" and low in _LOADS) or (nxt[1] == "(" and low == "s64"):
                self.i += 1
                return ("op", low + nxt[1], nxt[2])
            return ("atom", ("name", value, col), col)
        if kind == "queue":
            slot = int(value[2])
            if not 1 <= slot <= 4:
                raise ExprError(f"queue slot {value} does not exist (t#1..t#4, u#1..u#4)", col)
            return ("atom", ("queue", value[0].lower(), slot, col), col)
        return token

    def operator(self) -> Token:
        return self.tokens[self.i]

    def advance(self) -> None:
        self.i += 1


class _Compiler:
    """The debugger's :class:`ptodbg.base.pratt.Resolver`: names and memory are read when
    the expression is evaluated, not when it is parsed, so parsing emits a postfix
    program.  The parser's reductions come in postfix order, so each one appends its
    instruction; a parsed piece is (where its code starts, whether it compares signed).

    ``a && b`` becomes ``a; and N; b; bool`` — ``and`` leaves 0 and skips the N
    instructions of ``b; bool`` when ``a`` is false — and ``||`` likewise with ``or``.
    The jump is inserted where ``b``'s code starts once ``b`` is parsed; jumps are
    relative, so the ones inside ``b`` stay right."""

    __slots__ = ("program",)

    def __init__(self) -> None:
        self.program: list[tuple] = []

    def atom(self, leaf: tuple, col: int) -> tuple[int, bool]:
        program = self.program
        program.append(leaf)
        return (len(program) - 1, False)

    def prefix(self, op: str, operand: tuple[int, bool], col: int) -> tuple[int, bool]:
        self.program.append(("un", op))
        return (operand[0], op == "-")

    def infix(self, op: str, left: tuple[int, bool], right: tuple[int, bool], col: int) -> tuple[int, bool]:
        program = self.program
        if op in _COMPARISONS:
            program.append(("cmp", op, left[1] or right[1]))
        elif op == "&&" or op == "||":
            program.insert(right[0], ("and" if op == "&&" else "or", len(program) - right[0] + 1))
            program.append(("bool",))
        else:
            program.append(("bin", op))
        return (left[0], False)

    def bracket(self, opener: str, inner: tuple[int, bool], col: int) -> tuple[int, bool]:
        if opener == "(":
            return inner
        if opener == "s64(":
            self.program.append(("signed",))
            return (inner[0], True)
        size, signed = _LOADS[opener[:-1]] if opener != "[" else (8, False)
        self.program.append(("load", size, signed))
        return (inner[0], signed)


def _parse(text: str) -> list[tuple]:
    """The program of ``text``; every failure is one :class:`ExprError` with a column."""
    scanner = _Scanner(text)
    if len(scanner.tokens) == 2 and scanner.tokens[0][0] != "op":  # one operand: no operators to parse
        return [scanner.operand()[1]]
    compiler = _Compiler()
    try:
        parse(scanner, GRAMMAR, compiler)
    except ParseError as e:
        kind, value, col = e.token
        if e.kind == "end":
            raise ExprError(f"expression {_clip(text)!r} ends too early") from None
        if e.kind == "operand":
            raise ExprError(f"unexpected {value!r}", col) from None
        if e.kind == "nesting":
            raise ExprError(f"brackets nested more than {MAX_NESTING} deep", col) from None
        if e.kind == "close":
            closer = _BRACKETS[e.opener[1]]
            if kind == "end":
                raise ExprError(f"expression {_clip(text)!r} ends too early: expected {closer!r}",
                                e.opener[2]) from None
            if value in (")", "]"):
                raise ExprError(f"expected {closer!r}, found {value!r}", col) from None
        raise ExprError(f"unexpected {value!r} in {_clip(text)!r}", col) from None
    kind, value, col = scanner.operator()
    if kind != "end":
        raise ExprError(f"unexpected {value!r} in {_clip(text)!r}", col)
    return compiler.program


def _number(literal: str, col: int) -> int:
    """A number literal's value: ``0x`` hex, ``0b`` binary, else decimal (leading zeros
    allowed: ``010`` is ten), ``_`` separators ignored."""
    digits = literal.replace("_", "")
    base = {"0x": 16, "0b": 2}.get(digits[:2].lower(), 10)
    body = digits[2:] if base != 10 else digits
    if not body:
        raise ExprError(f"bad number {literal!r}: no digits after {literal[:2]!r}", col)
    return int(body, base)
