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
without side effects.  Arithmetic is on integers of up to :data:`MAX_BITS` bits (a larger
intermediate value is an error, so no expression can make a slow bignum); values are
reduced to 64 bits when read as registers or compared (``==`` etc. compare as unsigned
64-bit unless one side is wrapped in ``s64(...)``, which compares signed).

Bounds (DESIGN.md §5: every expression does bounded work): brackets nest at most
:data:`MAX_NESTING` deep, a number literal has at most :data:`MAX_NUMBER_CHARS`
characters, and nothing recurses, so any length of input gives a value or one
:class:`ExprError`.
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
MAX_NESTING = 256  # brackets: (…), […], u64[…], s64(…)
MAX_NUMBER_CHARS = 100  # a 64-bit number in binary with separators fits; 5,000 digits do not
MAX_BITS = 256  # intermediate values; arithmetic past this is an error, not a slow bignum


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
    """A parsed expression; :meth:`evaluate` it against a :class:`Context`.

    Parsing and evaluation are iterative (an explicit operator stack, then a postfix
    program run on a value stack), so neither the length of an expression (``1+1+…`` with
    100,000 terms, ``-`` repeated) nor its nesting can exhaust Python's recursion limit;
    brackets nest at most :data:`MAX_NESTING` deep."""

    def __init__(self, text: str) -> None:
        self.text = text
        tokens = _tokenize(text)
        self.tree = _Parser(text, tokens).parse()
        self._program = _compile(self.tree)

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
                    i = ins[1]
                else:
                    stack.pop()
            elif op == "or":
                if stack[-1]:
                    stack[-1] = 1
                    i = ins[1]
                else:
                    stack.pop()
            else:  # "bool": the right operand of && / || as 0 or 1
                stack[-1] = int(bool(stack[-1]))
        return stack[-1]


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
_SCAN = re.compile(_TOKEN.pattern[:-1] + r"|(?P<bad>\S))")


def _tokenize(text: str) -> list[tuple[str, str, int]]:
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


# Binary operators: precedence (higher binds tighter), C's order.
_PRECEDENCE = {"||": 1, "&&": 2, "==": 3, "!=": 3, "<": 3, "<=": 3, ">": 3, ">=": 3,
               "|": 4, "^": 5, "&": 6, "<<": 7, ">>": 7, "+": 8, "-": 8, "*": 9, "/": 9, "%": 9}
_COMPARISONS = frozenset({"==", "!=", "<", "<=", ">", ">="})
_UNARY = frozenset({"-", "~", "!"})
_CLOSER = {"(": ")", "[": "]"}


class _Parser:
    """Operator-precedence parsing with explicit stacks (no recursion).

    ``ops`` holds pending binary operators, unary operators and open brackets; ``values``
    the parsed operand trees.  A bracket is a barrier: operators are reduced down to it
    when it closes."""

    def __init__(self, text: str, tokens: list[tuple[str, str, int]]) -> None:
        self.text = text
        self.tokens = tokens
        self.values: list[tuple] = []
        # ("bin", op, col) | ("un", op, col) | ("open", kind, bracket, col)
        self.ops: list[tuple] = []
        self.depth = 0

    def parse(self) -> tuple:
        tokens = self.tokens
        n = len(tokens)
        i = 0
        expect_operand = True
        while i < n:
            kind, value, col = tokens[i]
            i += 1
            if expect_operand:
                if kind == "op" and value in _UNARY:
                    self.ops.append(("un", value, col))
                elif kind == "op" and value in ("(", "["):
                    self._open("group" if value == "(" else ("load", 8, False), value, col)
                elif kind == "num":
                    self.values.append(("num", _number(value, col)))
                    expect_operand = False
                elif kind == "queue":
                    slot = int(value[2])
                    if not 1 <= slot <= 4:
                        raise ExprError(f"queue slot {value} does not exist (t#1..t#4, u#1..u#4)", col)
                    self.values.append(("queue", value[0].lower(), slot, col))
                    expect_operand = False
                elif kind == "name":
                    low = value.lower()
                    nxt = tokens[i][1] if i < n else None
                    if low in _LOADS and nxt == "[":
                        size, signed = _LOADS[low]
                        self._open(("load", size, signed), "[", tokens[i][2])
                        i += 1
                    elif low == "s64" and nxt == "(":
                        self._open(("signed",), "(", tokens[i][2])
                        i += 1
                    else:
                        self.values.append(("name", value, col))
                        expect_operand = False
                else:
                    raise ExprError(f"unexpected {value!r}", col)
            else:
                if kind == "op" and value in _PRECEDENCE:
                    if value in _COMPARISONS:  # comparisons do not chain (a == b == c)
                        self._reduce(_PRECEDENCE["|"])
                        top = self.ops[-1] if self.ops else None
                        if top is not None and top[0] == "bin" and top[1] in _COMPARISONS:
                            raise ExprError(f"unexpected {value!r} in {_clip(self.text)!r}", col)
                    self._reduce(_PRECEDENCE[value])
                    self.ops.append(("bin", value, col))
                    expect_operand = True
                elif kind == "op" and value in (")", "]"):
                    self._close(value, col)
                else:
                    raise ExprError(f"unexpected {value!r} in {_clip(self.text)!r}", col)
        if expect_operand:
            raise ExprError(f"expression {_clip(self.text)!r} ends too early")
        self._reduce(0)
        if self.ops:
            _, _, bracket, col = self.ops[-1]
            raise ExprError(f"expression {_clip(self.text)!r} ends too early: expected {_CLOSER[bracket]!r}", col)
        return self.values[-1]

    def _open(self, what: tuple | str, bracket: str, col: int) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise ExprError(f"brackets nested more than {MAX_NESTING} deep", col)
        self.ops.append(("open", what, bracket, col))

    def _reduce(self, prec: int) -> None:
        """Apply pending operators that bind at least as tightly as ``prec`` (left
        associative), stopping at an open bracket."""
        ops, values = self.ops, self.values
        while ops:
            top = ops[-1]
            if top[0] == "open":
                return
            if top[0] == "bin":
                if _PRECEDENCE[top[1]] < prec:
                    return
                ops.pop()
                right = values.pop()
                left = values.pop()
                op = top[1]
                tag = "cmp" if op in _COMPARISONS else "bin"
                values.append((tag, op, left, right))
            else:  # unary binds tighter than any binary operator
                ops.pop()
                values.append(("un", top[1], values.pop()))

    def _close(self, closer: str, col: int) -> None:
        self._reduce(0)
        if not self.ops:
            raise ExprError(f"unexpected {closer!r} in {_clip(self.text)!r}", col)
        _, what, bracket, _ = self.ops.pop()
        if _CLOSER[bracket] != closer:
            raise ExprError(f"expected {_CLOSER[bracket]!r}, found {closer!r}", col)
        self.depth -= 1
        inner = self.values.pop()
        if what == "group":
            self.values.append(inner)
        elif what[0] == "load":
            self.values.append(("load", what[1], what[2], inner))
        else:
            self.values.append(("signed", inner))


def _number(literal: str, col: int) -> int:
    """A number literal's value: ``0x`` hex, ``0b`` binary, else decimal (leading zeros
    allowed: ``010`` is ten), ``_`` separators ignored."""
    digits = literal.replace("_", "")
    base = {"0x": 16, "0b": 2}.get(digits[:2].lower(), 10)
    body = digits[2:] if base != 10 else digits
    if not body:
        raise ExprError(f"bad number {literal!r}: no digits after {literal[:2]!r}", col)
    return int(body, base)


def _compile(tree: tuple) -> list[tuple]:
    """The tree as a postfix program (an iterative post-order walk).

    ``a && b`` becomes ``a; and L; b; bool; L:`` — the ``and`` leaves 0 and jumps to L
    when ``a`` is false — and ``||`` likewise with ``or``."""
    program: list[tuple] = []
    work: list[tuple] = [("node", tree)]
    while work:
        item = work.pop()
        kind = item[0]
        if kind == "emit":
            program.append(item[1])
        elif kind == "jump":  # item = ("jump", op, cell): emit, remember where
            item[2].append(len(program))
            program.append((item[1], -1))
        elif kind == "land":  # the jump's target is here
            k = item[1][0]
            program[k] = (program[k][0], len(program))
        else:
            node = item[1]
            tag = node[0]
            if tag in ("num", "name", "queue"):
                program.append(node)
            elif tag == "load":
                work += [("emit", ("load", node[1], node[2])), ("node", node[3])]
            elif tag == "signed":
                work += [("emit", ("signed",)), ("node", node[1])]
            elif tag == "un":
                work += [("emit", ("un", node[1])), ("node", node[2])]
            elif tag == "cmp":
                signed = _is_signed(node[2]) or _is_signed(node[3])
                work += [("emit", ("cmp", node[1], signed)), ("node", node[3]), ("node", node[2])]
            elif node[1] in ("&&", "||"):
                cell: list[int] = []
                work += [("land", cell), ("emit", ("bool",)), ("node", node[3]),
                         ("jump", "and" if node[1] == "&&" else "or", cell), ("node", node[2])]
            else:
                work += [("emit", ("bin", node[1])), ("node", node[3]), ("node", node[2])]
    return program


def _is_signed(node: tuple) -> bool:
    return node[0] == "signed" or (node[0] == "load" and node[2]) or node[0] == "un" and node[1] == "-" or (
        node[0] == "num" and node[1] < 0
    )


def parse_number(text: str) -> int:
    """A plain number: decimal or 0x/0b, optional leading '-'."""
    t = text.strip()
    if len(t) > MAX_NUMBER_CHARS:
        raise ExprError(f"number too long ({len(t)} characters; at most {MAX_NUMBER_CHARS})")
    negative = t.startswith("-")
    try:
        if not re.fullmatch(r"-?(?:0[xX][0-9a-fA-F_]+|0[bB][01_]+|\d[\d_]*)", t):
            raise ValueError(t)
        value = _number(t.lstrip("-"), 1)
        return -value if negative else value
    except (ValueError, ExprError):
        raise ExprError(f"{text!r} is not a number (decimal or 0x-hex)") from None
