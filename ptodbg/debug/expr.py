"""A small, safe expression language for conditions, addresses and values.

Used by ``break LOC if EXPR``, ``x``, ``watch``, memory views that follow an expression,
and ``set``.  It is parsed into a tree and evaluated by this module — never by Python's
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
without side effects.  Arithmetic is on unbounded integers; values are reduced to 64
bits when read as registers or compared (``==`` etc. compare as unsigned 64-bit unless
one side is wrapped in ``s64(...)``, which compares signed).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

MASK64 = (1 << 64) - 1

_TOKEN = re.compile(
    r"\s*(?:(?P<num>0[xX][0-9a-fA-F_]+|0[bB][01_]+|\d[\d_]*)"
    r"|(?P<queue>[tuTU]#\d)"
    r"|(?P<name>[A-Za-z_.$][\w.$]*)"
    r"|(?P<op>\|\||&&|==|!=|<=|>=|<<|>>|[-+*/%&|^~!<>()\[\]]))"
)

_LOADS = {f"{s}{b}": (b // 8, s == "s") for s in "us" for b in (8, 16, 32, 64)}


class ExprError(ValueError):
    """A parse or evaluation error; ``column`` is 1-based in the expression text."""

    def __init__(self, message: str, column: int | None = None) -> None:
        super().__init__(message if column is None else f"{message} (at column {column})")
        self.column = column


@dataclass(frozen=True)
class Context:
    """What an expression can read: one function per kind of name."""

    register: Callable[[str], int | None]  # None when the name is not a register
    queue: Callable[[str, int], int | None]  # ("t"|"u", 1..4) -> value, None when empty
    memory: Callable[[int, int], bytes]
    symbol: Callable[[str], int | None]


class Expr:
    """A parsed expression; :meth:`evaluate` it against a :class:`Context`."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._tokens = self._tokenize(text)
        self._pos = 0
        self.tree = self._parse_or()
        if self._pos != len(self._tokens):
            kind, value, col = self._tokens[self._pos]
            raise ExprError(f"unexpected {value!r} in {text!r}", col)

    # --------------------------------------------------------------- parsing
    @staticmethod
    def _tokenize(text: str) -> list[tuple[str, str, int]]:
        out = []
        pos = 0
        while pos < len(text):
            if text[pos:].strip() == "":
                break
            m = _TOKEN.match(text, pos)
            if not m or m.end() == pos:
                col = pos + len(text[pos:]) - len(text[pos:].lstrip()) + 1
                raise ExprError(f"unexpected character {text[col - 1]!r} in {text!r}", col)
            kind = m.lastgroup or "op"
            out.append((kind, m.group(kind), m.start(kind) + 1))
            pos = m.end()
        if not out:
            raise ExprError("empty expression")
        return out

    def _peek(self) -> str | None:
        return self._tokens[self._pos][1] if self._pos < len(self._tokens) else None

    def _take(self) -> tuple[str, str, int]:
        if self._pos >= len(self._tokens):
            raise ExprError(f"expression {self.text!r} ends too early")
        tok = self._tokens[self._pos]
        self._pos += 1
        return tok

    def _expect(self, op: str) -> None:
        kind, value, col = self._take()
        if value != op:
            raise ExprError(f"expected {op!r}, found {value!r}", col)

    def _binary(self, ops: tuple[str, ...], lower: Callable[[], tuple]) -> tuple:
        left = lower()
        while self._peek() in ops:
            op = self._take()[1]
            left = ("bin", op, left, lower())
        return left

    def _parse_or(self) -> tuple:
        return self._binary(("||",), self._parse_and)

    def _parse_and(self) -> tuple:
        return self._binary(("&&",), self._parse_cmp)

    def _parse_cmp(self) -> tuple:
        left = self._parse_bor()
        if self._peek() in ("==", "!=", "<", "<=", ">", ">="):
            op = self._take()[1]
            left = ("cmp", op, left, self._parse_bor())
        return left

    def _parse_bor(self) -> tuple:
        return self._binary(("|",), self._parse_bxor)

    def _parse_bxor(self) -> tuple:
        return self._binary(("^",), self._parse_band)

    def _parse_band(self) -> tuple:
        return self._binary(("&",), self._parse_shift)

    def _parse_shift(self) -> tuple:
        return self._binary(("<<", ">>"), self._parse_sum)

    def _parse_sum(self) -> tuple:
        return self._binary(("+", "-"), self._parse_prod)

    def _parse_prod(self) -> tuple:
        return self._binary(("*", "/", "%"), self._parse_unary)

    def _parse_unary(self) -> tuple:
        if self._peek() in ("-", "~", "!"):
            op = self._take()[1]
            return ("un", op, self._parse_unary())
        return self._parse_atom()

    def _parse_atom(self) -> tuple:
        kind, value, col = self._take()
        if kind == "num":
            return ("num", int(value.replace("_", ""), 0))
        if kind == "queue":
            slot = int(value[2])
            if not 1 <= slot <= 4:
                raise ExprError(f"queue slot {value} does not exist (t#1..t#4, u#1..u#4)", col)
            return ("queue", value[0].lower(), slot, col)
        if kind == "name":
            low = value.lower()
            if low in _LOADS and self._peek() == "[":
                self._take()
                inner = self._parse_or()
                self._expect("]")
                size, signed = _LOADS[low]
                return ("load", size, signed, inner)
            if low == "s64" and self._peek() == "(":
                self._take()
                inner = self._parse_or()
                self._expect(")")
                return ("signed", inner)
            return ("name", value, col)
        if value == "(":
            inner = self._parse_or()
            self._expect(")")
            return inner
        if value == "[":
            inner = self._parse_or()
            self._expect("]")
            return ("load", 8, False, inner)
        raise ExprError(f"unexpected {value!r}", col)

    # ------------------------------------------------------------ evaluation
    def evaluate(self, ctx: Context) -> int:
        return self._eval(self.tree, ctx)

    def _eval(self, node: tuple, ctx: Context) -> int:
        tag = node[0]
        if tag == "num":
            return node[1]
        if tag == "name":
            name, col = node[1], node[2]
            value = ctx.register(name)
            if value is None:
                value = ctx.symbol(name)
            if value is None:
                raise ExprError(f"unknown name {name!r}: not a register or symbol", col)
            return value
        if tag == "queue":
            value = ctx.queue(node[1], node[2])
            if value is None:
                raise ExprError(f"{node[1]}#{node[2]} holds no value", node[3])
            return value
        if tag == "load":
            addr = self._eval(node[3], ctx) & MASK64
            data = ctx.memory(addr, node[1])
            value = int.from_bytes(data, "little")
            if node[2] and value >> (8 * node[1] - 1):
                value -= 1 << (8 * node[1])
            return value
        if tag == "signed":
            v = self._eval(node[1], ctx) & MASK64
            return v - (1 << 64) if v >> 63 else v
        if tag == "un":
            v = self._eval(node[2], ctx)
            return -v if node[1] == "-" else (~v if node[1] == "~" else int(not v))
        if tag == "cmp":
            a, b = self._eval(node[2], ctx), self._eval(node[3], ctx)
            if not (_is_signed(node[2]) or _is_signed(node[3])):
                a, b = a & MASK64, b & MASK64
            return int(
                {"==": a == b, "!=": a != b, "<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[node[1]]
            )
        op = node[1]
        a = self._eval(node[2], ctx)
        if op == "&&":
            return int(bool(a) and bool(self._eval(node[3], ctx)))
        if op == "||":
            return int(bool(a) or bool(self._eval(node[3], ctx)))
        b = self._eval(node[3], ctx)
        if op in ("/", "%") and b == 0:
            raise ExprError(f"division by zero in {self.text!r}")
        if op in ("<<", ">>") and not 0 <= b < 128:
            raise ExprError(f"shift by {b} in {self.text!r}")
        return {
            "+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
            "/": lambda: a // b, "%": lambda: a % b, "&": lambda: a & b, "|": lambda: a | b,
            "^": lambda: a ^ b, "<<": lambda: a << b, ">>": lambda: a >> b,
        }[op]()


def _is_signed(node: tuple) -> bool:
    return node[0] == "signed" or (node[0] == "load" and node[2]) or node[0] == "un" and node[1] == "-" or (
        node[0] == "num" and node[1] < 0
    )


def parse_number(text: str) -> int:
    """A plain number: decimal or 0x/0b, optional leading '-'."""
    t = text.strip().replace("_", "")
    try:
        return int(t, 0)
    except ValueError:
        raise ExprError(f"{text!r} is not a number (decimal or 0x-hex)") from None
