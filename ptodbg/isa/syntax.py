"""Canonical assembly syntax of every form: rendering, parsing and expressions.

Each form's template is the syntax column of :mod:`ptodbg.isa.table` (the text after
`` | ``).  The same template drives the disassembler (:func:`render`) and the assembler
(:func:`parse`, :func:`encode_statement`), so whatever one prints the other accepts.

Template language
=================

A template is a mnemonic part (up to the first space) and an operand part.  Both are
literal text with ``{...}`` slots:

``{F}``
    Field ``F``.  Register fields (:data:`REGISTER_FIELDS`: SrcL, SrcR, SrcD, SrcD1, SrcP,
    SrcA, RegSrc, RegSrc0..2, SrcBegin, SrcEnd, DstBegin, DstEnd) are Reg5 *sources*:
    ``zero sp a0..a7 ra s0..s8 x0..x3`` for codes 0..23 and ``t#1..t#4`` / ``u#1..u#4`` for
    24..31 (``asl/scalar/model/types/operands.asl``); input also accepts ``rN`` (N = the
    code, 0..31) and ``fp`` (= s0).  Any other field is an immediate printed in decimal,
    signed when the field is signed.
``{F:d}``
    A Reg5 *destination*: a GPR name, ``t`` (31, push T), ``u`` (30, push U), ``zero``;
    the discarding codes 24..29 print as ``r24``..``r29``.  Input also accepts ``rN``.
``{F:s}``
    The raw field read as a signed number (LUI, ADDTPC).  Input accepts the signed range
    and the raw unsigned range.
``{F:x}``
    Hexadecimal (system-register numbers, HL.LUI).
``{F:*N}``
    A byte offset N * value: ``ldi [sp, 248], ->a0`` encodes 31.  Offsets that are not a
    multiple of N are rejected.
``{F:pc}``, ``{F:pc2}``, ``{F:pcu}``, ``{F:pcb}`` (pc + the byte offset itself), ``{F:pcrN}``
    A label or absolute address: pc + 2*value (branches, blocks), pc + 2 + 2*value (the
    return target of BSTART.CALL/ICALL), pc + 2*zext(value) (SETRET family), and
    (pc & ~3) + (value << N) (PC-relative loads and stores).
``{SrcRType:M}``
    A modifier glued to the register before it, M one of :data:`MODIFIERS`: ``alu``
    (0 ``.sw``, 1 ``.uw``, 2 ``.neg``, 3 nothing: DecodeScalarBinaryRightModifier),
    ``alul`` (2 is ``.not``), ``cmp`` (0 nothing, 1 ``.sw``, 2 ``.uw``, 3 ``.neg``:
    DecodeScalarComparisonRightModifier), ``cmpl`` (3 ``.not``), ``agu`` (0 nothing,
    1 ``.sw``, 2 ``.uw``, 3 ``.neg``) and ``sel`` (CSEL: 3 ``.neg``; codes 0..2 all leave
    SrcR unchanged, DecodeScalarSelectRightModifier: 0 prints as nothing, 1 as ``.id1``
    and 2 as ``.id2`` so that every encoding round-trips).
``{shamt:shl}``
    An optional ``<<N`` (nothing when the shift is 0).
``{F:+N}``
    A count encoded minus N: ``bcnt a0, 0, 64, ->a1`` (start M = imms, width N = imml + 1,
    ``docs/scalar/alu/BCNT.md``) prints and reads imml + 1.
``{?word}``
    An optional keyword: accepted, never printed (``c.bstart.sys`` = ``C.BSTART.SYS FALL``).
``{BrType:brt}``
    A compressed BSTART transfer kind: 1 ``fall``, 5 ``ind``, 6 ``icall``, 7 ``ret``;
    any other code prints as ``brtN``.
Mnemonic suffix slots (in the mnemonic part)
    ``{ord}``: the memory-order suffix from the form's aq/rl/far bits: '', ``.aq``,
    ``.rl``, ``.aqrl``, ``.f``, ``.aqf``, ``.rlf``, ``.aqrlf`` (only the bits the form has).
    ``{flags}``: HL.QPUSH/QPOP/QMT flag letters in the order i, h, e, s, r (``.ie``).
    ``{model:lvl}``: prefetch level, code n prints ``.l<n+1>`` (``.l1``..``.l3``).
    ``{SrcType:fty}``: ``.fd`` (0), ``.fs`` (1), other codes ``.tN``.
    ``{SrcType:cvs}{DstType:cvd}``: conversions ``.fd2fs``, ``.fs2sw``, ``.sd2fd``
    (``docs/scalar/fsu/*.md`` examples): the source is ``fd``/``fs`` (FCVT*), ``sd``/``sw``
    (SCVTF), ``ud``/``uw`` (UCVTF), other codes ``tN``.  The destination, after ``2``,
    is a floating carrier for FCVT/SCVTF/UCVTF (0 ``fd``, 1 ``fs``, code n ``fN``) and an
    integer carrier for FCVTA/M/N/P/Z (0 ``ud``, 1 ``uw``, 2 ``uh``, 3 ``ub``, 8 ``sd``,
    9 ``sw``, 10 ``sh``, 11 ``sb``, other codes ``iN``), after the DstType table of
    ``asl/scalar/model/fsu/profile.asl`` (NormalizeScalarFPResult/IntegerResult).

Everything else is literal.  Spaces in a template are optional in the input, and so is
space around punctuation; words match case-insensitively.  ``name={Field}`` pairs (tile
and attribute commands) are literal text followed by an immediate slot.

Fields that no slot shows assemble as 0 (the disassembler notes a nonzero one).

Tile block starts have a second, named spelling (:mod:`ptodbg.isa.tile_syntax`): the
disassembler writes ``bstart.vec TADD, u64`` / ``bstart.tload u64`` when the fields name an
operation and a data type, and the assembler reads it beside the raw fields
(``bstart.tepl datatype=24, mode=0, function=0``); ``bstart.vec`` and ``bstart.sfu`` are
spellings of the BSTART.TEPL form.

Several forms may share a spelling (``bstart.std cond``/``fall``/..., the three B.DIM
forms, the B.IOT variants): :func:`encode_statement` tries them in decoder priority order
and takes the first whose template parses, whose values fit (:meth:`Field.representable`),
whose constraints hold and whose encoding decodes back to it.

Expressions
===========

Immediates and targets are expressions: decimal, ``0x``, ``0b``, ``0o`` numbers (``_``
separators allowed), character literals (``'a'``, ``'\\n'``), symbols, ``.`` (the current
address), numeric local label references ``1b``/``1f``, unary ``- ~ +``, binary
``* / % + - & ^ |`` and, inside parentheses only, ``<<`` and ``>>`` (outside they would
clash with the ``<<N`` shift slot).  They are parsed by the Pratt parser the debugger's
expressions share (:mod:`ptodbg.base.pratt`, configured by :data:`GRAMMAR`) and evaluated
as they are read, without recursion; parentheses nest
at most :data:`MAX_NESTING` deep, a number has at most :data:`MAX_NUMBER_CHARS` characters
("number too long" otherwise, with its column) and an intermediate value at most
:data:`MAX_VALUE_BITS` bits, so every expression costs time and memory in proportion to
its length.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import product

from ptodbg.base import pratt
from ptodbg.base.pratt import Grammar, ParseError, Token
from ptodbg.isa.decoder import STRICT, Decoder
from ptodbg.isa.forms import Field, Form
from ptodbg.isa.registers import GPR_NAMES
from ptodbg.isa.tile_syntax import NamedStartError, parse_named, render_named
from ptodbg.isa.tileops import TEPL, TEPL_SPELLINGS

REGISTER_FIELDS = frozenset({
    "SrcL", "SrcR", "SrcD", "SrcD1", "SrcP", "SrcA", "RegSrc", "RegSrc0", "RegSrc1",
    "RegSrc2", "SrcBegin", "SrcEnd", "DstBegin", "DstEnd",
})

MODIFIERS: dict[str, dict[int, str]] = {
    "alu": {0: ".sw", 1: ".uw", 2: ".neg", 3: ""},
    "alul": {0: ".sw", 1: ".uw", 2: ".not", 3: ""},
    "cmp": {0: "", 1: ".sw", 2: ".uw", 3: ".neg"},
    "cmpl": {0: "", 1: ".sw", 2: ".uw", 3: ".not"},
    "agu": {0: "", 1: ".sw", 2: ".uw", 3: ".neg"},
    "sel": {0: "", 1: ".id1", 2: ".id2", 3: ".neg"},
}

BRTYPE_NAMES = {1: "fall", 5: "ind", 6: "icall", 7: "ret"}
_NAMED_PREFIXES = ("BSTART.T", "BSTART.M", "BSTART.G")  # the tile starts (tile_syntax)
ENGINE_SPELLINGS = frozenset(s for s, engine in TEPL_SPELLINGS.items() if engine is not None)

_ORDER_BITS = ("aq", "rl", "far")
_ORDER_TEXT = {"aq": "aq", "rl": "rl", "far": "f"}
_FLAG_ORDER = ("i", "h", "e", "s", "r")
_INT_DEST = {0: "ud", 1: "uw", 2: "uh", 3: "ub", 8: "sd", 9: "sw", 10: "sh", 11: "sb"}
_INT_DEST_MNEMONICS = frozenset({"FCVTA", "FCVTM", "FCVTN", "FCVTP", "FCVTZ"})

Resolver = Callable[[str], "int | None"]
Symbolizer = Callable[[int], "str | None"]


class SyntaxProblem(ValueError):
    """A parse failure at column ``col`` (0-based, in the text that was parsed)."""

    def __init__(self, col: int, what: str, expected: str = "") -> None:
        self.col = col
        self.what = what
        self.expected = expected
        super().__init__(self.text())

    def text(self) -> str:
        return f"{self.what}; expected {self.expected}" if self.expected else self.what

    def shifted(self, offset: int) -> SyntaxProblem:
        """The same problem with its column moved by ``offset`` (into the full line)."""
        return SyntaxProblem(self.col + offset, self.what, self.expected)


# ============================================================== register names
SOURCE_REGS: dict[str, int] = {name: i for i, name in enumerate(GPR_NAMES)}
SOURCE_REGS["fp"] = SOURCE_REGS["s0"]
SOURCE_REGS.update({f"t#{k}": 23 + k for k in range(1, 5)})
SOURCE_REGS.update({f"u#{k}": 27 + k for k in range(1, 5)})
SOURCE_REGS.update({f"r{i}": i for i in range(32)})

DEST_REGS: dict[str, int] = {name: i for i, name in enumerate(GPR_NAMES)}
DEST_REGS["fp"] = DEST_REGS["s0"]
DEST_REGS.update({"t": 31, "u": 30})
DEST_REGS.update({f"r{i}": i for i in range(32)})

SOURCE_EXPECTED = "a source register (zero, sp, a0-a7, ra, s0-s8, x0-x3, t#1-t#4, u#1-u#4 or r0-r31)"
DEST_EXPECTED = "a destination (a GPR name such as a0, t, u, zero, or r0-r31)"


def source_text(code: int) -> str:
    if code < 24:
        return GPR_NAMES[code]
    return f"t#{code - 23}" if code < 28 else f"u#{code - 27}"


def dest_text(code: int) -> str:
    if code < 24:
        return GPR_NAMES[code]
    return {31: "t", 30: "u"}.get(code, f"r{code}")


# ================================================================= expressions
_NUMBER = re.compile(r"0[xX][0-9a-fA-F_]+|0[bB][01_]+(?![0-9A-Za-z_])|0[oO][0-7_]+|[0-9][0-9_]*")
_LOCAL_REF = re.compile(r"[0-9]+[bf](?![0-9A-Za-z_.$])")
_SYMBOL = re.compile(r"[A-Za-z_.$][A-Za-z0-9_.$]*")
_CHAR = re.compile(r"'(\\x[0-9a-fA-F]{1,2}|\\[0-7]{1,3}|\\.|[^\\'])'")
_ESCAPES = {"n": 10, "t": 9, "r": 13, "0": 0, "\\": 92, "'": 39, '"': 34, "a": 7, "b": 8,
            "f": 12, "v": 11, "e": 27}
EXPRESSION_EXPECTED = "an expression (number, symbol, 'c', or a label)"


def char_value(body: str) -> int:
    """The value of a character literal's body (what is between the quotes)."""
    if not body.startswith("\\"):
        return ord(body)
    rest = body[1:]
    if rest[0] == "x":
        return int(rest[1:], 16)
    if rest.isdigit():
        return int(rest, 8)
    return _ESCAPES.get(rest, ord(rest))


MAX_NESTING = 256  # parentheses in one expression
MAX_NUMBER_CHARS = 100  # a number literal (a 64-bit value in binary with separators fits)
MAX_VALUE_BITS = 8192  # intermediate values: past this an expression is an error, not a slow bignum
_INFIX = {"|": 1, "^": 2, "&": 3, "<<": 4, ">>": 4, "+": 5, "-": 5, "*": 6, "/": 6, "%": 6}
GRAMMAR = Grammar(prefix={"-": 7, "~": 7, "+": 7}, infix=_INFIX, brackets={"(": ")"},
                  max_nesting=MAX_NESTING, nested_only=frozenset({"<<", ">>"}))
"""The assembler's expressions for :func:`ptodbg.base.pratt.parse`: C's precedence with
unary operators binding tightest; ``<<`` and ``>>`` only inside parentheses."""


class _Scanner:
    """The tokens of an expression at ``text[pos:]``, read only as far as the expression
    goes: it ends at the first text that cannot continue it (``,``, ``]``, ``->``, a
    ``<<`` outside parentheses).  Operands are evaluated here (symbols resolved)."""

    __slots__ = ("text", "pos", "resolve", "after")

    def __init__(self, text: str, pos: int, resolve: Resolver) -> None:
        self.text = text
        self.pos = pos
        self.resolve = resolve
        self.after = pos

    def _skip_blanks(self) -> int:
        """Move past blanks; the position of the next character."""
        t, p = self.text, self.pos
        n = len(t)
        while p < n and t[p] in " \t":
            p += 1
        self.pos = p
        return p

    def operand(self) -> Token:
        t = self.text
        p = self._skip_blanks()
        if p < len(t):
            c = t[p]
            if c == "(" or (c in "-~+" and not t.startswith("->", p)):
                self.pos = p + 1
                return ("op", c, p)
        return ("atom", self.primary(), p)

    def operator(self) -> Token:
        t = self.text
        p = self._skip_blanks()
        n = len(t)
        if p < n:
            two = t[p : p + 2]
            if two == "<<" or two == ">>":
                self.after = p + 2
                return ("op", two, p)
            if t[p] in "|^&+-*/%)" and two != "->":
                self.after = p + 1
                return ("op", t[p], p)
            return ("other", None, p)
        return ("end", None, p)

    def advance(self) -> None:
        self.pos = self.after

    def primary(self) -> int:
        t, p = self.text, self.pos
        if p >= len(t):
            raise SyntaxProblem(p, "missing operand", EXPRESSION_EXPECTED)
        c = t[p]
        if c == "'":
            m = _CHAR.match(t, p)
            if not m:
                raise SyntaxProblem(p, "bad character literal", "a character in quotes such as 'a' or '\\n'")
            self.pos = m.end()
            return char_value(m.group(1))
        m = _LOCAL_REF.match(t, p)
        if not m:
            m = _NUMBER.match(t, p)
            if m:
                self.pos = m.end()
                if self.pos < len(t) and (t[self.pos].isalnum() or t[self.pos] in "_$"):
                    raise SyntaxProblem(p, f"bad number '{_clip(_word(t, p))}'", "a decimal, 0x, 0b or 0o number")
                return number_value(m.group(0), p)
            m = _SYMBOL.match(t, p)
        if m:
            value = _lookup(self.resolve, m.group(0), p)
            self.pos = m.end()
            return value
        raise SyntaxProblem(p, _found(t, p), EXPRESSION_EXPECTED)


class _Values:
    """The assembler's :class:`ptodbg.base.pratt.Resolver`: values computed on the spot."""

    @staticmethod
    def atom(value: int, col: int) -> int:
        return value

    @staticmethod
    def prefix(op: str, value: int, col: int) -> int:
        return -value if op == "-" else ~value if op == "~" else value

    @staticmethod
    def infix(op: str, a: int, b: int, col: int) -> int:
        return _apply(op, a, b, col)

    @staticmethod
    def bracket(opener: str, value: int, col: int) -> int:
        return value


def _lookup(resolve: Resolver, name: str, start: int) -> int:
    """A symbol's value, or the reason it has none (a register, an undefined local label)."""
    value = resolve(name)
    if value is None:
        if name.lower() in SOURCE_REGS or name.lower() in DEST_REGS:
            raise SyntaxProblem(start, f"'{name}' is a register", "an immediate value or a label")
        if _LOCAL_REF.fullmatch(name):
            way = "before" if name.endswith("b") else "after"
            raise SyntaxProblem(start, f"no local label '{name[:-1]}:' {way} this line", "a defined local label")
        raise SyntaxProblem(start, f"undefined symbol '{name}'", "a defined label or constant")
    return value


def number_value(literal: str, col: int) -> int:
    """The value of a number literal (``0x``/``0b``/``0o``/decimal, ``_`` separators)."""
    if len(literal) > MAX_NUMBER_CHARS:
        raise SyntaxProblem(col, f"number too long ({len(literal)} characters)",
                            f"a number of at most {MAX_NUMBER_CHARS} characters")
    digits = literal.replace("_", "")
    base = {"x": 16, "b": 2, "o": 8}.get(digits[1:2].lower(), 10) if len(digits) > 1 else 10
    try:
        return int(digits[2:] if base != 10 else digits, base)
    except ValueError:
        raise SyntaxProblem(col, f"bad number '{literal}'", "a decimal, 0x, 0b or 0o number") from None


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def _apply(op: str, a: int, b: int, at: int) -> int:
    if op in ("/", "%"):
        if b == 0:
            raise SyntaxProblem(at, "division by zero", "a nonzero divisor")
        q = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)  # C-style truncation
        return q if op == "/" else a - q * b
    if op in ("<<", ">>"):
        if not 0 <= b < 4096:
            raise SyntaxProblem(at, f"shift count {b} is out of range", "0..4095")
        value = a << b if op == "<<" else a >> b
    elif op == "*":
        if abs(a).bit_length() + abs(b).bit_length() > 4096:
            raise SyntaxProblem(at, "value is too large", "a value that fits in 64 bits")
        value = a * b
    elif op == "+":
        value = a + b
    elif op == "-":
        value = a - b
    elif op == "&":
        value = a & b
    else:
        value = a | b if op == "|" else a ^ b
    if value.bit_length() > MAX_VALUE_BITS:
        raise SyntaxProblem(at, "value is too large", "a value that fits in 64 bits")
    return value


def _word(text: str, pos: int) -> str:
    m = re.compile(r"[^\s,\[\]()]+").match(text, pos)
    return m.group(0) if m else text[pos : pos + 1]


def _found(text: str, pos: int) -> str:
    if pos >= len(text.rstrip()):
        return "end of operands"
    return f"unexpected '{_word(text, pos)}'"


_SIMPLE = re.compile(r"[ \t]*(-?)(?:(0[xX][0-9a-fA-F]+|[0-9]+)|([A-Za-z_.$][A-Za-z0-9_.$]*))[ \t]*(?=[,\]\)<]|$)")


def parse_expression(text: str, pos: int, resolve: Resolver) -> tuple[int, int]:
    """Evaluate the expression at ``text[pos:]``: (value, position after it).

    Most operands are a lone number or symbol (``_SIMPLE``): they skip the parser."""
    m = _SIMPLE.match(text, pos)
    if m is not None and (m.group(2) or (m.group(3) and m.group(3) != "." and not _LOCAL_REF.fullmatch(m.group(3)))):
        if m.group(2):
            value = number_value(m.group(2), m.start(2))
            end = m.end(2)
        else:
            value = _lookup(resolve, m.group(3), m.start(3))
            end = m.end(3)
        return (-value if m.group(1) else value), end
    scanner = _Scanner(text, pos, resolve)
    try:
        value = pratt.parse(scanner, GRAMMAR, _Values)
    except ParseError as e:
        col = e.token[2]
        if e.kind == "nesting":
            raise SyntaxProblem(col, f"parentheses nested more than {MAX_NESTING} deep", "a simpler expression") from None
        raise SyntaxProblem(col, _found(text, col), "')'") from None  # "close": the only other failure here
    return value, scanner.pos


def evaluate(text: str, resolve: Resolver) -> int:
    """Evaluate a whole string as one expression (directive arguments)."""
    value, end = parse_expression(text, 0, resolve)
    while end < len(text) and text[end] in " \t":
        end += 1
    if end < len(text):
        raise SyntaxProblem(end, f"unexpected '{_word(text, end)}'", "end of the expression")
    return value


# =================================================================== templates
@dataclass(frozen=True, slots=True)
class Lit:
    text: str


@dataclass(frozen=True, slots=True)
class Slot:
    field: str  # "" for {ord} and {flags}
    mod: str


Item = Lit | Slot
_SLOT = re.compile(r"\{([^{}:]+)(?::([^{}]+))?\}")
_WORD_CHARS = re.compile(r"[A-Za-z0-9_#.]")


def _items(text: str) -> tuple[Item, ...]:
    out: list[Item] = []
    pos = 0
    for m in _SLOT.finditer(text):
        if m.start() > pos:
            out.append(Lit(text[pos : m.start()]))
        name, mod = m.group(1), m.group(2) or ""
        if name in ("ord", "flags") and not mod:
            out.append(Slot("", name))
        elif name.startswith("?") and not mod:
            out.append(Slot("", name))
        else:
            out.append(Slot(name, mod))
        pos = m.end()
    if pos < len(text):
        out.append(Lit(text[pos:]))
    return tuple(out)


@dataclass(frozen=True)
class Template:
    """One form's compiled template."""

    form: Form
    head: tuple[Item, ...]
    body: tuple[Item, ...]
    spellings: dict[str, dict[str, int]]  # full mnemonic spelling -> field values it sets
    shown: frozenset[str]  # fields some slot shows

    def head_text(self, values: dict[str, int]) -> str:
        out = []
        for item in self.head:
            out.append(item.text if isinstance(item, Lit) else _suffix_text(self.form, item, values))
        return "".join(out)


def _order_fields(form: Form) -> list[str]:
    return [name for name in _ORDER_BITS if name in form.by_name]


def _flag_fields(form: Form) -> list[str]:
    return [name for name in _FLAG_ORDER if name in form.by_name]


def _suffix_choices(form: Form, slot: Slot) -> list[tuple[str, dict[str, int]]]:
    """Every spelling of one mnemonic suffix slot with the field values it stands for."""
    if slot.mod in ("ord", "flags"):
        names = _order_fields(form) if slot.mod == "ord" else _flag_fields(form)
        out = []
        for bits in product((0, 1), repeat=len(names)):
            values = dict(zip(names, bits, strict=True))
            out.append((_suffix_text(form, slot, values), values))
        return out
    width = form.by_name[slot.field].width
    return [(_suffix_text(form, slot, {slot.field: v}), {slot.field: v}) for v in range(1 << width)]


def _suffix_text(form: Form, slot: Slot, values: dict[str, int]) -> str:
    mod = slot.mod
    if mod == "ord":
        text = "".join(_ORDER_TEXT[n] for n in _order_fields(form) if values.get(n, 0))
        return "." + text if text else ""
    if mod == "flags":
        text = "".join(n for n in _flag_fields(form) if values.get(n, 0))
        return "." + text if text else ""
    v = values.get(slot.field, 0)
    if mod == "lvl":
        return f".l{v + 1}"
    if mod == "fty":
        return {0: ".fd", 1: ".fs"}.get(v, f".t{v}")
    if mod == "cvs":
        p = {"SCVTF": "s", "UCVTF": "u"}.get(form.mnemonic, "f")
        return {0: f".{p}d", 1: f".{p}{'s' if p == 'f' else 'w'}"}.get(v, f".t{v}")
    if mod == "cvd":
        if form.mnemonic in _INT_DEST_MNEMONICS:
            return "2" + _INT_DEST.get(v, f"i{v}")
        return "2" + {0: "fd", 1: "fs"}.get(v, f"f{v}")
    raise ValueError(f"{form.form_id}: unknown mnemonic slot {{{slot.field}:{mod}}}")


_TEMPLATES: dict[int, tuple[Form, Template]] = {}


def template(form: Form) -> Template:
    """The compiled template of ``form`` (cached per form object)."""
    hit = _TEMPLATES.get(id(form))
    if hit is not None and hit[0] is form:
        return hit[1]
    tpl = _compile(form)
    _TEMPLATES[id(form)] = (form, tpl)
    return tpl


def _compile(form: Form) -> Template:
    text = form.syntax
    head_text, _, body_text = text.partition(" ")
    head, body = _items(head_text), _items(body_text)
    choices: list[list[tuple[str, dict[str, int]]]] = []
    for item in head:
        choices.append([(item.text.lower(), {})] if isinstance(item, Lit) else _suffix_choices(form, item))
    spellings: dict[str, dict[str, int]] = {}
    for combo in product(*choices):
        spelling = "".join(c[0] for c in combo)
        values: dict[str, int] = {}
        for c in combo:
            values.update(c[1])
        if spelling in spellings:
            raise ValueError(f"{form.form_id}: two encodings spell {spelling!r}")
        spellings[spelling] = values
    if form.mnemonic == TEPL:  # the engine spellings of the TEPL carrier (tile_syntax)
        for spelling in TEPL_SPELLINGS:
            spellings.setdefault(spelling, {})
    shown: set[str] = set()
    for item in head + body:
        if isinstance(item, Slot) and item.field:
            shown.add(item.field)
        elif isinstance(item, Slot):
            if item.mod == "ord":
                shown.update(_order_fields(form))
            elif item.mod == "flags":
                shown.update(_flag_fields(form))
    for item in body:
        if isinstance(item, Slot) and item.field and item.field not in form.by_name:
            raise ValueError(f"{form.form_id}: template names unknown field {item.field}")
    return Template(form, head, body, spellings, frozenset(shown))


def hidden_fields(form: Form, values: dict[str, int]) -> list[str]:
    """Fields no slot shows whose value is nonzero (they would reassemble as 0)."""
    shown = template(form).shown
    return [f.name for f in form.fields if f.name not in shown and values.get(f.name, 0)]


# ==================================================================== rendering
def _hex(value: int) -> str:
    return f"{value:#x}" if value >= 0 else f"-{-value:#x}"


def _target(value: int, symbolize: Symbolizer | None) -> str:
    if symbolize is not None:
        name = symbolize(value)
        if name:
            return name
    return _hex(value)


def _sext(value: int, width: int) -> int:
    value &= (1 << width) - 1
    return value - (1 << width) if value >> (width - 1) else value


def target_of(field: Field, mod: str, value: int, pc: int) -> int:
    """The address a pc-relative slot names, from the field value."""
    if mod == "pc":
        return pc + 2 * value
    if mod == "pc2":
        return pc + 2 + 2 * value
    if mod == "pcu":
        return pc + 2 * (value & ((1 << field.width) - 1))
    if mod == "pcb":
        return pc + value
    shift = int(mod[3:])
    return (pc & ~3) + (value << shift)


def _slot_text(form: Form, slot: Slot, values: dict[str, int], pc: int, symbolize: Symbolizer | None) -> str:
    mod = slot.mod
    if mod.startswith("?"):
        return ""
    v = values.get(slot.field, 0)
    if mod in MODIFIERS:
        return MODIFIERS[mod].get(v, "")
    if mod == "d":
        return dest_text(v)
    if mod == "shl":
        return f"<<{v}" if v else ""
    if mod == "brt":
        return BRTYPE_NAMES.get(v, f"brt{v}")
    if not mod and slot.field in REGISTER_FIELDS:
        return source_text(v)
    field = form.by_name[slot.field]
    if mod == "s":
        return str(_sext(v, field.width))
    if mod == "x":
        return _hex(v)
    if mod.startswith("*"):
        return str(int(mod[1:]) * v)
    if mod.startswith("+"):
        return str(v + int(mod[1:]))
    if mod.startswith("pc"):
        return _target(target_of(field, mod, v, pc), symbolize)
    return str(v)


def render(form: Form, values: dict[str, int], pc: int = 0, symbolize: Symbolizer | None = None) -> str:
    """Canonical assembly of an instruction of ``form`` with field ``values`` at ``pc``
    (a tile start by its operation and data type when they are named: :mod:`.tile_syntax`)."""
    if form.mnemonic.startswith(_NAMED_PREFIXES):
        named = render_named(form, values)
        if named is not None:
            return named
    tpl = template(form)
    out = [tpl.head_text(values)]
    if tpl.body:
        out.append(" ")
        for item in tpl.body:
            out.append(item.text if isinstance(item, Lit) else _slot_text(form, item, values, pc, symbolize))
    return "".join(out).rstrip()


def is_pc_relative(form: Form) -> bool:
    """Whether the rendering depends on the instruction's address."""
    return any(isinstance(i, Slot) and i.mod.startswith("pc") for i in template(form).body)


# ====================================================================== parsing
class _Cursor:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def skip(self) -> None:
        t, p = self.text, self.pos
        while p < len(t) and t[p] in " \t":
            p += 1
        self.pos = p

    def found(self) -> str:
        return _found(self.text, self.pos)


_RUNS = re.compile(r"\s+|->|<<|[A-Za-z0-9_#.]+|.")
_REG_TOKEN = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:#[0-9]+)?")


@lru_cache(maxsize=4096)
def _runs(text: str) -> tuple[str, ...]:
    return tuple(_RUNS.findall(text))


def _match_literal(cur: _Cursor, text: str, glued_next: bool) -> None:
    runs = _runs(text)
    for k, run in enumerate(runs):
        if run.isspace():
            continue
        cur.skip()
        t, p = cur.text, cur.pos
        if t[p : p + len(run)].lower() != run.lower():
            raise SyntaxProblem(p, cur.found(), f"'{run}'")
        end = p + len(run)
        last = k == len(runs) - 1
        if _WORD_CHARS.match(run[-1]) and not (last and glued_next) and end < len(t) and _WORD_CHARS.match(t[end]):
            raise SyntaxProblem(p, cur.found(), f"'{run}'")
        cur.pos = end


def _optional_word(cur: _Cursor, word: str) -> None:
    t, p = cur.text, cur.pos
    end = p + len(word)
    if t[p:end].lower() == word and not (end < len(t) and _WORD_CHARS.match(t[end])):
        cur.pos = end


def _register(cur: _Cursor, dest: bool, glued_mod: bool) -> int:
    cur.skip()
    t, p = cur.text, cur.pos
    m = _REG_TOKEN.match(t, p)
    expected = DEST_EXPECTED if dest else SOURCE_EXPECTED
    if not m:
        raise SyntaxProblem(p, cur.found(), expected)
    name = m.group(0).lower()
    end = m.end()
    if end < len(t) and (t[end].isalnum() or t[end] in "_#$" or (t[end] == "." and not glued_mod)):
        raise SyntaxProblem(p, f"unknown register '{_word(t, p)}'", expected)
    table = DEST_REGS if dest else SOURCE_REGS
    if name not in table:
        if dest and name in SOURCE_REGS:
            raise SyntaxProblem(p, f"'{m.group(0)}' reads a queue and cannot be a destination", "->t or ->u to push a queue, or a GPR")
        if not dest and name in ("t", "u"):
            raise SyntaxProblem(p, f"'{m.group(0)}' is only a destination", f"{name}#1..{name}#4 to read the queue")
        raise SyntaxProblem(p, f"unknown register '{m.group(0)}'", expected)
    cur.pos = end
    return table[name]


def _modifier(cur: _Cursor, mod: str) -> int:
    table = MODIFIERS[mod]
    t, p = cur.text, cur.pos
    spellings = {text: code for code, text in table.items()}
    names = ", ".join(s for s in table.values() if s) + " or nothing"
    if p < len(t) and t[p] == ".":
        m = re.compile(r"\.[A-Za-z0-9_]+").match(t, p)
        word = m.group(0).lower() if m else "."
        if word not in spellings:
            raise SyntaxProblem(p, f"unknown modifier '{word}'", names)
        cur.pos = p + len(word)
        return spellings[word]
    return spellings[""]


def _brtype(cur: _Cursor) -> int:
    cur.skip()
    t, p = cur.text, cur.pos
    m = re.compile(r"[A-Za-z0-9_]+").match(t, p)
    word = m.group(0).lower() if m else ""
    names = {v: k for k, v in BRTYPE_NAMES.items()}
    if word in names:
        cur.pos = m.end()
        return names[word]
    if re.fullmatch(r"brt[0-7]", word):
        cur.pos = m.end()
        return int(word[3:])
    raise SyntaxProblem(p, cur.found(), "a transfer kind: fall, ind, icall or ret")


def _range_text(low: int, high: int, step: int = 1) -> str:
    text = f"{low}..{high}"
    return text + (f" in steps of {step}" if step != 1 else "")


def _fit(field: Field, value: int, col: int, what: str, step: int = 1) -> int:
    """Check that ``value`` (already divided by ``step``) fits the field."""
    low, high = field.value_range()
    if not low <= value <= high:
        raise SyntaxProblem(col, f"{what} is out of range for {field.name}", _range_text(low * step, high * step, step))
    if not field.representable(value):
        raise SyntaxProblem(col, f"{what} cannot be encoded in {field.name} (its low value bits are not encoded)", "a multiple the field can hold")
    return value


def _immediate(cur: _Cursor, form: Form, slot: Slot, pc: int, resolve: Resolver) -> int:
    cur.skip()
    col = cur.pos
    value, cur.pos = parse_expression(cur.text, cur.pos, resolve)
    field = form.by_name[slot.field]
    mod = slot.mod
    width = field.width
    if mod == "s":
        if not -(1 << (width - 1)) <= value < (1 << width):
            raise SyntaxProblem(col, f"value {value} is out of range for {field.name}", _range_text(-(1 << (width - 1)), (1 << (width - 1)) - 1))
        return _fit(field, value & ((1 << width) - 1), col, f"value {value}")
    if mod.startswith("*"):
        scale = int(mod[1:])
        if value % scale:
            raise SyntaxProblem(col, f"offset {value} is not a multiple of the access size {scale}", f"a multiple of {scale}")
        return _fit(field, value // scale, col, f"offset {value}", scale)
    if mod.startswith("pc"):
        return _pc_value(field, mod, value, pc, col)
    if mod.startswith("+"):
        bias = int(mod[1:])
        low, high = field.value_range()
        if not low + bias <= value <= high + bias:
            raise SyntaxProblem(col, f"value {value} is out of range", _range_text(low + bias, high + bias))
        return value - bias
    return _fit(field, value, col, f"value {value}")


def _pc_value(field: Field, mod: str, target: int, pc: int, col: int) -> int:
    if mod.startswith("pcr"):
        shift = int(mod[3:])
        base = pc & ~3
        delta = target - base
        if delta % (1 << shift):
            raise SyntaxProblem(col, f"target {_hex(target)} is not {1 << shift}-byte aligned relative to {_hex(base)}", f"a {1 << shift}-byte aligned address")
        value = delta >> shift
        low, high = field.value_range()
        if not low <= value <= high:
            raise SyntaxProblem(col, f"target {_hex(target)} is out of range ({delta:+d} bytes from {_hex(base)})",
                                f"an address within {low << shift:+d}..{high << shift:+d} bytes")
        return value
    base = pc + 2 if mod == "pc2" else pc
    delta = target - base
    if mod == "pcb":  # a byte offset whose bit 0 the encoding cannot hold
        if delta % 2 or not field.representable(delta):
            raise SyntaxProblem(col, f"target {_hex(target)} is odd or out of range", "an even address in range")
        return delta
    if delta % 2:
        raise SyntaxProblem(col, f"target {_hex(target)} is odd", "an even (2-byte aligned) address")
    value = delta // 2
    low, high = field.value_range()
    if mod == "pcu":
        low, high = 0, (1 << field.width) - 1
    if not low <= value <= high:
        raise SyntaxProblem(col, f"target {_hex(target)} is out of range ({delta:+d} bytes from {_hex(base)})",
                            f"an address within {2 * low:+d}..{2 * high:+d} bytes")
    return value


def _shift(cur: _Cursor, form: Form, slot: Slot, resolve: Resolver) -> int:
    cur.skip()
    if not cur.text.startswith("<<", cur.pos):
        return 0
    cur.pos += 2
    cur.skip()
    col = cur.pos
    value, cur.pos = parse_expression(cur.text, cur.pos, resolve)
    return _fit(form.by_name[slot.field], value, col, f"shift {value}")


def parse_operands(form: Form, operands: str, pc: int, resolve: Resolver,
                   preset: dict[str, int] | None = None) -> tuple[dict[str, int], dict[str, int]]:
    """Field values (every field; absent ones 0) and the column where each shown field was
    read.  Raises :class:`SyntaxProblem` with a column in ``operands``."""
    tpl = template(form)
    values = {f.name: 0 for f in form.fields}
    if preset:
        values.update(preset)
    cols: dict[str, int] = {}
    cur = _Cursor(operands)
    body = tpl.body
    for k, item in enumerate(body):
        nxt = body[k + 1] if k + 1 < len(body) else None
        if isinstance(item, Lit):
            _match_literal(cur, item.text, isinstance(nxt, Slot))
            continue
        cur.skip()
        mod = item.mod
        if mod.startswith("?"):
            _optional_word(cur, mod[1:])
            continue
        cols[item.field] = cur.pos
        glued_mod = isinstance(nxt, Slot) and nxt.mod in MODIFIERS
        if mod in MODIFIERS:
            values[item.field] = _modifier(cur, mod)
        elif mod == "d":
            values[item.field] = _register(cur, True, glued_mod)
        elif not mod and item.field in REGISTER_FIELDS:
            values[item.field] = _register(cur, False, glued_mod)
        elif mod == "shl":
            values[item.field] = _shift(cur, form, item, resolve)
        elif mod == "brt":
            values[item.field] = _brtype(cur)
        else:
            values[item.field] = _immediate(cur, form, item, pc, resolve)
    cur.skip()
    if cur.pos < len(operands):
        raise SyntaxProblem(cur.pos, cur.found(), "end of operands" if body else "no operands")
    return values, cols


def parse(form: Form, operands: str, pc: int = 0, resolve: Resolver | None = None,
          mnemonic: str | None = None) -> dict[str, int]:
    """Field values of ``form`` from operand text (and the mnemonic's suffix slots)."""
    preset = None
    if mnemonic is not None:
        preset = template(form).spellings.get(mnemonic.lower())
        if preset is None:
            raise SyntaxProblem(0, f"'{mnemonic}' is not a spelling of {form.mnemonic}")
    return parse_operands(form, operands, pc, resolve or (lambda name: None), preset)[0]


# ============================================================ mnemonic lookup
@lru_cache(maxsize=4)
def _spelling_index(decoder: Decoder) -> dict[str, list[tuple[Form, dict[str, int]]]]:
    index: dict[str, list[tuple[Form, dict[str, int]]]] = {}
    for form in decoder.forms:
        for spelling, preset in template(form).spellings.items():
            index.setdefault(spelling, []).append((form, preset))
    return index


def candidates(mnemonic: str, decoder: Decoder = STRICT) -> list[tuple[Form, dict[str, int]]]:
    """Forms spelled ``mnemonic`` (case-insensitive), in decoder priority order, with the
    field values the spelling's suffixes set."""
    return _spelling_index(decoder).get(mnemonic.lower(), [])


def spellings(decoder: Decoder = STRICT) -> list[str]:
    """Every mnemonic spelling the assembler accepts."""
    return sorted(_spelling_index(decoder))


class UnknownMnemonic(SyntaxProblem):
    pass


def _owner(form: Form, insn: int, decoder: Decoder) -> Form | None:
    data = insn.to_bytes(form.size, "little")
    owner, _, length = decoder.decode_bytes(data)
    return owner if length == form.length else None


def _best(problems: list[SyntaxProblem]) -> SyntaxProblem:
    far = max(p.col for p in problems)
    at = [p for p in problems if p.col == far]
    if len(at) == 1:
        return at[0]
    expected: list[str] = []
    for p in at:
        if p.expected and p.expected not in expected:
            expected.append(p.expected)
    first = at[0]
    if len(expected) <= 1 or any(p.what != first.what for p in at):
        return first
    joined = ", ".join(expected[:-1]) + " or " + expected[-1]
    return SyntaxProblem(far, first.what, joined)


def encode_statement(mnemonic: str, operands: str, pc: int, resolve: Resolver,
                     decoder: Decoder = STRICT) -> tuple[Form, dict[str, int], int]:
    """Assemble one instruction: (form, field values, instruction value).

    Raises :class:`UnknownMnemonic` (column 0 = the mnemonic) or :class:`SyntaxProblem`
    with a column in ``operands``."""
    cands = candidates(mnemonic, decoder)
    if not cands:
        raise UnknownMnemonic(0, f"unknown mnemonic '{mnemonic}'", "")
    problems: list[SyntaxProblem] = []
    for form, preset in cands:
        try:
            named = parse_named(mnemonic, form, operands)
        except NamedStartError as e:
            problems.append(SyntaxProblem(e.col, e.what, e.expected))
            continue
        try:
            if named is not None:
                values, cols = {f.name: 0 for f in form.fields} | named, {}
            elif mnemonic.lower() in ENGINE_SPELLINGS:
                raise SyntaxProblem(0, f"{mnemonic} names its operation",
                                    f"{mnemonic.lower()} OPERATION, TYPE (raw fields are spelled bstart.tepl "
                                    "datatype=N, mode=N, function=N)")
            else:
                values, cols = parse_operands(form, operands, pc, resolve, preset)
        except SyntaxProblem as p:
            problems.append(p)
            continue
        bad = form.violation(values)
        if bad is not None:
            problems.append(SyntaxProblem(cols.get(bad.field, 0), f"illegal {form.mnemonic}: {bad.describe()}", ""))
            continue
        insn = form.encode(values)
        owner = _owner(form, insn, decoder)
        if owner is not form:
            name = owner.mnemonic if owner is not None else "no form"
            problems.append(SyntaxProblem(0, f"this {form.mnemonic} encoding decodes as {name}", ""))
            continue
        return form, values, insn
    raise _best(problems)
