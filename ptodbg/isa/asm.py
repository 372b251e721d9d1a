"""The PTO assembler: docs/interfaces.md §7 source text to an ELF64 executable.

Source language
===============

* One statement per line: ``[label:]... [mnemonic|directive operands]``.  Comments start
  with ``//``, ``;``, ``/* ... */`` (may span lines) or ``#`` when the ``#`` does not follow
  a letter or digit (so ``t#1`` is a register, ``addi a0, 1, ->a0  # note`` a comment).
* Instructions follow the canonical templates of :mod:`ptodbg.isa.syntax`.  Mnemonics
  are case-insensitive, labels and symbols case-sensitive.
* Labels: global/local names (``loop:``; ``.L`` names are assembler-local and stay out of
  the symbol table), numeric labels (``1:``) referenced as ``1b`` (the nearest one at or
  before the reference) and ``1f`` (the nearest one after it); ``sym = expr`` is ``.set``.
* Directives: ``.text .data .bss .rodata .section NAME[, "flags"[, @progbits|@nobits]]``,
  ``.globl/.global``, ``.local``, ``.type SYM, @function|@object|@notype``, ``.size SYM,
  EXPR``, ``.set/.equ SYM, EXPR`` (an absolute symbol, SHN_ABS), ``.byte .half/.short/
  .2byte .word/.long/.4byte .dword/.quad/.8byte`` (little-endian; values may be signed or
  unsigned), ``.zero/.skip/.space N[, FILL]``, ``.align/.p2align N[, FILL]`` (2**N bytes, as
  GNU as does for RISC-V-like targets), ``.balign N[, FILL]`` (N bytes), ``.ascii``,
  ``.asciz/.string``; ``.file``, ``.ident`` and ``.option`` are accepted and ignored.
  ``.vaddr ADDR`` (a ptodbg extension, right after ``.section``) places the current
  section at a fixed address; the disassembler writes it so that a listing reassembles
  at the original layout.
  Section flags are ``a`` (allocated), ``w`` (writable), ``x`` (executable).  Unnamed
  defaults follow GNU as: ``.text*`` ax, ``.data*`` aw, ``.bss*`` aw NOBITS, ``.rodata*`` a,
  anything else non-allocated.
* Pseudo-instructions:

  ``li REG, IMM`` (any value in -2**63 .. 2**64-1) expands to the shortest sequence of:
  ``c.movi`` (-16..15), ``addi zero, IMM`` (0..4095), ``subi zero, -IMM`` (-4095..-1: there is
  no negative ADDI, docs/architecture-notes.md §7.16), ``lui`` (multiples of 4096 in the signed 32-bit range),
  ``hl.lis`` (signed 32 bits), ``hl.liu`` (unsigned 32 bits), ``hl.lui`` (low 32 bits zero), one
  of those followed by ``slli REG, N`` (shifted constants), ``hl.lui`` + ``hl.addi``/``hl.subi``
  (within 2**24 of a multiple of 2**32).  None of these touch the queues.  Every other
  64-bit constant uses the recipe of docs/architecture-notes.md (64-bit constants) ``hl.lui hi, ->REG; hl.liu lo, ->t;
  or REG, t#1, ->REG`` (16 bytes), which **pushes one entry onto the T queue** (two more
  when REG is ``t`` itself); ``li`` to ``ra`` never uses ``c.movi`` (that encoding is
  C.SETRET).

  ``mv RD, RS`` is ``c.movr RS, ->RD``.

Output (docs/interfaces.md §3): ELF64 little-endian, ``e_machine`` 233, ``ET_EXEC``, entry ``_start``
(else the first executable section; a program without code, or whose ``_start`` is not
inside an executable section, is an error, so the output always loads).  The first section starts at 0x10000 (``text_base``);
sections are grouped executable, read-only, writable, NOBITS, and every one after the first
starts on a fresh 4 KiB page, so each gets its own page permissions.  One ``PT_LOAD`` per
run of sections with the same permissions (a NOBITS section extends the writable one before
it: memsz > filesz).  ``.symtab`` carries sizes (``.size``), types (``.type``) and the
absolute ``.set`` symbols; a ``.note.pto.isa`` identity note names the release.

Errors are ``FILE:LINE:COL: error: <what was wrong>; expected <what>`` (:class:`AsmError`,
which lists every error found; its message is the first).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ptodbg.isa import dwarf_lines_out, elf
from ptodbg.isa.decoder import STRICT
from ptodbg.isa.syntax import (
    DEST_EXPECTED,
    DEST_REGS,
    SOURCE_EXPECTED,
    SOURCE_REGS,
    SyntaxProblem,
    UnknownMnemonic,
    candidates,
    char_value,
    dest_text,
    encode_statement,
    evaluate,
    source_text,
    spellings,
)

TEXT_BASE = 0x10000
PAGE = 0x1000
MAX_PASSES = 12
GROW_AFTER = 4  # from this pass on, li sequences only grow (guarantees convergence)
MAX_ERRORS = 50
# Resource bounds (every source gets a result or one error, in bounded memory): a statement
# costs the assembler several hundred bytes, so a source holds at most MAX_STATEMENTS of
# them (the listing of a 670 KB compiled program has 85,000); the sections' bytes add up to
# at most MAX_IMAGE_BYTES, the size limit of a program file (ptodbg.base.userfile), and NOBITS
# sections to at most what the ELF reader maps (elf.MAX_TOTAL_MEMSZ).
MAX_STATEMENTS = 1 << 19
MAX_IMAGE_BYTES = 64 << 20
MASK64 = (1 << 64) - 1

DIRECTIVES = (
    ".text", ".data", ".bss", ".rodata", ".section", ".globl", ".global", ".local", ".type",
    ".size", ".set", ".equ", ".byte", ".half", ".short", ".2byte", ".word", ".long", ".4byte",
    ".dword", ".quad", ".8byte", ".zero", ".skip", ".space", ".align", ".p2align", ".balign",
    ".ascii", ".asciz", ".string", ".vaddr", ".file", ".ident", ".option",
)
PSEUDOS = ("li", "mv")
_DATA_SIZES = {".byte": 1, ".half": 2, ".short": 2, ".2byte": 2, ".word": 4, ".long": 4,
               ".4byte": 4, ".dword": 8, ".quad": 8, ".8byte": 8}


class AsmError(elf.ProgramError):
    """Assembly failed.  ``errors`` holds every (line, col, message) found, in order."""

    def __init__(self, filename: str, errors: list[tuple[int, int, str]]) -> None:
        self.filename = filename
        self.errors = errors
        super().__init__(self.format(0))

    def format(self, k: int) -> str:
        line, col, message = self.errors[k]
        return f"{self.filename}:{line}:{col}: error: {message}"

    def lines(self) -> list[str]:
        return [self.format(k) for k in range(len(self.errors))]


# ===================================================================== results
@dataclass
class Section:
    """An output section being assembled."""

    name: str
    flags: str
    nobits: bool
    data: bytearray = field(default_factory=bytearray)
    size: int = 0  # NOBITS size; for PROGBITS len(data)
    align: int = 1
    addr: int = 0
    order: int = 0  # first appearance
    fixed: int | None = None  # address set by .vaddr

    @property
    def length(self) -> int:
        return self.size if self.nobits else len(self.data)

    @property
    def alloc(self) -> bool:
        return "a" in self.flags


@dataclass
class Symbol:
    name: str
    value: int
    section: str | None  # None: absolute (.set)
    size: int = 0
    type: str = "notype"  # "func" | "object" | "notype"
    binding: str = "local"  # "local" | "global"
    line: int = 0


@dataclass
class Assembly:
    """The in-memory result: laid-out sections, symbols, entry, and a line table."""

    filename: str
    sections: list[Section]
    symbols: dict[str, Symbol]
    entry: int
    lines: dict[int, int]  # instruction address -> source line

    def section(self, name: str) -> Section | None:
        return next((s for s in self.sections if s.name == name), None)

    def to_elf(self) -> bytes:
        out_sections = [
            elf.OutSection(s.name, s.addr if s.alloc else 0, s.flags, s.nobits, bytes(s.data), s.length, s.align)
            for s in self.sections
        ]
        out_symbols = [
            elf.OutSymbol(sym.name, sym.value, sym.size, sym.type, sym.binding, sym.section)
            for sym in self.symbols.values()
            if not sym.name.startswith(".L")
        ]
        out_sections += self.debug_line_sections()
        return elf.write_elf(out_sections, out_symbols, self.entry)

    def debug_line_sections(self) -> list[elf.OutSection]:
        """DWARF line information for ``lines`` (:mod:`ptodbg.isa.dwarf_lines_out`), unless the
        source brings its own ``.debug_*`` sections."""
        if any(s.name.startswith(".debug_") for s in self.sections):
            return []
        code = [(s.addr, s.length) for s in self.sections if s.alloc and "x" in s.flags]
        found = dwarf_lines_out.debug_sections(self.filename, self.lines, code)
        return [elf.OutSection(name, 0, "", False, data, len(data)) for name, data in found.items()]


# ================================================================== statements
@dataclass
class Stmt:
    line: int
    labels: list[tuple[str, int]]  # (name, 1-based column)
    op: str  # lowercased mnemonic/directive, "" for a label-only line, "=" for assignment
    op_col: int  # 1-based
    args: str
    args_col: int  # 1-based column of args[0]
    target: str = ""  # assignment target


_LABEL = re.compile(r"\s*([A-Za-z_.$][A-Za-z0-9_.$]*|[0-9]+)\s*:(?![:=])")
_OP = re.compile(r"\s*([A-Za-z_.$][A-Za-z0-9_.$]*)")
_ASSIGN = re.compile(r"\s*([A-Za-z_.$][A-Za-z0-9_.$]*)\s*=(?!=)")
_NAME = re.compile(r"[A-Za-z_.$][A-Za-z0-9_.$]*")
_CHAR_LIT = re.compile(r"'(\\x[0-9a-fA-F]{1,2}|\\[0-7]{1,3}|\\.|[^\\'])'")


_SPECIAL = re.compile(r"""["'/;#*\\]""")


def _past_literal(text: str, i: int) -> int:
    """The index after the string or character literal that starts at ``text[i]`` (a
    quote): the end of the text for an unterminated string, ``i + 1`` for a ``'`` that
    starts no character literal.  The comment and argument scanners step over literals
    with it, so that a ``;``, ``#`` or ``,`` inside one stays text."""
    m = (_STRING if text[i] == '"' else _CHAR_LIT).match(text, i)
    if m is not None:
        return m.end()
    return len(text) if text[i] == '"' else i + 1


def strip_comments(line: str, in_block: bool) -> tuple[str, bool]:
    """The code part of ``line`` (comments blanked with spaces so columns stay) and
    whether a ``/*`` block comment is still open at its end."""
    if not in_block and _SPECIAL.search(line) is None:
        return line, False
    out = list(line)
    i, n = 0, len(line)
    while i < n:
        if in_block:
            end = line.find("*/", i)
            stop = n if end < 0 else end + 2
            out[i:stop] = " " * (stop - i)
            i = stop
            in_block = end < 0
            continue
        m = _SPECIAL.search(line, i)
        if m is None:
            break
        i = m.start()
        c = line[i]
        if c in "\"'":
            i = _past_literal(line, i)
            continue
        elif line.startswith("/*", i):
            in_block = True
            continue
        elif line.startswith("//", i) or c == ";" or (c == "#" and (i == 0 or not line[i - 1].isalnum())):
            out[i:] = " " * (n - i)
            break
        i += 1
    return "".join(out), in_block


class TooManyStatements(Exception):
    """The source holds more than the allowed number of statements (at line ``line``)."""

    def __init__(self, line: int, limit: int) -> None:
        super().__init__(f"more than {limit} statements")
        self.line = line
        self.limit = limit


def split_statements(text: str, limit: int = MAX_STATEMENTS) -> list[Stmt]:
    """Lines to statements (labels, operation, operand text with its column); raises
    :class:`TooManyStatements` past ``limit`` statements, before building them all."""
    stmts: list[Stmt] = []
    in_block = False
    for number, raw in enumerate(text.splitlines(), 1):
        if len(stmts) >= limit:
            raise TooManyStatements(number, limit)
        code, in_block = strip_comments(raw.replace("\t", " "), in_block)
        pos = 0
        labels: list[tuple[str, int]] = []
        while True:
            m = _LABEL.match(code, pos)
            if not m:
                break
            labels.append((m.group(1), m.start(1) + 1))
            pos = m.end()
        rest = code[pos:]
        if not rest.strip():
            if labels:
                stmts.append(Stmt(number, labels, "", 0, "", 0))
            continue
        m = _ASSIGN.match(code, pos)
        if m:
            args_at = m.end()
            stmts.append(Stmt(number, labels, "=", m.start(1) + 1, code[args_at:], args_at + 1, m.group(1)))
            continue
        m = _OP.match(code, pos)
        if not m:
            col = pos + len(rest) - len(rest.lstrip()) + 1
            stmts.append(Stmt(number, labels, "?", col, rest.strip(), col))
            continue
        args_at = m.end()
        while args_at < len(code) and code[args_at] == " ":
            args_at += 1
        stmts.append(Stmt(number, labels, m.group(1).lower(), m.start(1) + 1, code[args_at:].rstrip(), args_at + 1))
    return stmts


# ============================================================ li sequences
def _signed(value: int) -> int:
    value &= MASK64
    return value - (1 << 64) if value >> 63 else value


def _single(dest: str, v: int, allow_movi: bool) -> tuple[str, str] | None:
    """One instruction that loads the 64-bit value ``v`` (unsigned) into ``dest``."""
    s = _signed(v)
    if allow_movi and -16 <= s <= 15:
        return ("c.movi", f"{s}, ->{dest}")
    if 0 <= s <= 4095:
        return ("addi", f"zero, {s}, ->{dest}")
    if -4095 <= s < 0:
        return ("subi", f"zero, {-s}, ->{dest}")
    if s % 4096 == 0 and -(1 << 31) <= s <= (1 << 31) - 4096:
        return ("lui", f"{s >> 12}, ->{dest}")
    if -(1 << 31) <= s < (1 << 31):
        return ("hl.lis", f"{s}, ->{dest}")
    if v < (1 << 32):
        return ("hl.liu", f"{v}, ->{dest}")
    if v & 0xFFFFFFFF == 0:
        return ("hl.lui", f"{v >> 32:#x}, ->{dest}")
    return None


_INSN_SIZE = {"c.movi": 2, "addi": 4, "subi": 4, "lui": 4, "hl.lis": 6, "hl.liu": 6,
              "hl.lui": 6, "slli": 4, "hl.addi": 6, "hl.subi": 6, "or": 4}


def li_sequences(dest_code: int, value: int) -> list[list[tuple[str, str]]]:
    """Every sequence (mnemonic, operands) that loads ``value`` into destination
    ``dest_code``, shortest first (ties: fewer instructions first)."""
    v = value & MASK64
    dest = dest_text(dest_code)
    # A later instruction of a sequence reads back what the first one wrote.
    again = {31: "t#1", 30: "u#1"}.get(dest_code, source_text(dest_code) if dest_code < 24 else "zero")
    allow_movi = dest_code != 10
    out: list[list[tuple[str, str]]] = []
    one = _single(dest, v, allow_movi)
    if one:
        out.append([one])
    for k in range(1, 64):
        if v & ((1 << k) - 1):
            break
        for base in {_signed(v) >> k & MASK64, v >> k}:
            first = _single(dest, base, allow_movi)
            if first:
                out.append([first, ("slli", f"{again}, {k}, ->{dest}")])
    hi, lo = v >> 32, v & 0xFFFFFFFF
    if hi and lo and lo < (1 << 24):
        out.append([("hl.lui", f"{hi:#x}, ->{dest}"), ("hl.addi", f"{again}, {lo}, ->{dest}")])
    if lo and (1 << 32) - lo < (1 << 24) and (hi + 1) & 0xFFFFFFFF:
        out.append([("hl.lui", f"{(hi + 1) & 0xFFFFFFFF:#x}, ->{dest}"), ("hl.subi", f"{again}, {(1 << 32) - lo}, ->{dest}")])
    if dest_code == 31:
        general = [("hl.lui", f"{hi:#x}, ->t"), ("hl.liu", f"{lo}, ->t"), ("or", "t#2, t#1, ->t")]
    else:
        general = [("hl.lui", f"{hi:#x}, ->{dest}"), ("hl.liu", f"{lo}, ->t"), ("or", f"{again}, t#1, ->{dest}")]
    out.append(general)
    out.sort(key=lambda seq: (sum(_INSN_SIZE[m] for m, _ in seq), len(seq)))
    return out


def li_expansion(dest_code: int, value: int, min_size: int = 0) -> list[tuple[str, str]]:
    """The ``li`` expansion: the shortest sequence of at least ``min_size`` bytes."""
    for seq in li_sequences(dest_code, value):
        if sum(_INSN_SIZE[m] for m, _ in seq) >= min_size:
            return seq
    return li_sequences(dest_code, value)[-1]


def _seq_size(seq: list[tuple[str, str]]) -> int:
    return sum(_INSN_SIZE[m] for m, _ in seq)


# ================================================================== assembler
def _section_defaults(name: str) -> tuple[str, bool]:
    if name == ".text" or name.startswith(".text."):
        return "ax", False
    if name in (".bss", ".sbss", ".tbss") or name.startswith((".bss.", ".sbss.")):
        return "aw", True
    if name in (".data", ".sdata") or name.startswith((".data.", ".sdata.")):
        return "aw", False
    if name == ".rodata" or name.startswith(".rodata."):
        return "a", False
    return "", False


class _Problem(Exception):
    """An error at a 1-based column of the current line."""

    def __init__(self, col: int, message: str) -> None:
        super().__init__(message)
        self.col = col
        self.message = message


def _split_args(text: str, col: int) -> list[tuple[str, int]]:
    """Comma-separated arguments (respecting quotes, parentheses and char literals)."""
    parts: list[tuple[str, int]] = []  # (argument text, its column)
    if not any(c in text for c in "\"'("):
        at = col
        for piece in text.split(","):
            parts.append((piece, at))
            at += len(piece) + 1
    else:
        _split_nested(text, col, parts)
    out = [(part.strip(), at + len(part) - len(part.lstrip())) for part, at in parts]
    return [] if len(out) == 1 and not out[0][0] else out


def _split_nested(text: str, col: int, parts: list[tuple[str, int]]) -> None:
    """The arguments of ``text`` into ``parts``: commas inside parentheses or literals do
    not split."""
    depth, start, i = 0, 0, 0
    while i < len(text):
        c = text[i]
        if c in "\"'":
            i = _past_literal(text, i)
            continue
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append((text[start:i], col + start))
            start = i + 1
        i += 1
    parts.append((text[start:], col + start))


_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def _string_bytes(text: str, col: int) -> bytes:
    m = _STRING.fullmatch(text)
    if not m:
        raise _Problem(col, f"bad string {text!r}; expected a double-quoted string")
    body = m.group(1)
    out = bytearray()
    i = 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out += c.encode("utf-8")
            i += 1
            continue
        m2 = re.compile(r"\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)").match(body, i)
        out.append(char_value(m2.group(0)) & 0xFF)
        i = m2.end()
    return bytes(out)


class _Pass:
    """One pass over the statements: layout, and (in the final pass) encoding."""

    def __init__(self, asm: _Assembler, final: bool, number: int) -> None:
        self.asm = asm
        self.final = final
        self.number = number
        self.sections: dict[str, Section] = {}
        self.current = self._section(".text", None, None, 1)
        self.symbols: dict[str, Symbol] = {}
        self.numeric: dict[str, list[tuple[int, str, int]]] = {}  # "1" -> [(stmt, section, offset)]
        self.sizes: list[int] = []
        self.lines: dict[int, int] = {}
        self.errors: list[tuple[int, int, str]] = []
        self.index = 0
        self.globals: dict[str, tuple[int, int]] = {}  # name -> (line, col)
        self.types: dict[str, tuple[str, int, int]] = {}  # name -> (type, line, col)
        self.sizes_of: dict[str, tuple[int, int, int]] = {}  # name -> (size, line, col)
        self.total = 0  # bytes emitted into PROGBITS sections
        self.reserved = 0  # bytes of NOBITS sections

    # ---------------------------------------------------------------- sections
    def _section(self, name: str, flags: str | None, nobits: bool | None, line: int) -> Section:
        sec = self.sections.get(name)
        if sec is None:
            dflags, dnobits = _section_defaults(name)
            sec = Section(name, dflags if flags is None else flags,
                          dnobits if nobits is None else nobits, order=len(self.sections))
            sec.align = 2 if "x" in sec.flags else 1
            sec.addr = self.asm.bases.get(name, 0)
            self.sections[name] = sec
        elif flags is not None and (flags != sec.flags or (nobits is not None and nobits != sec.nobits)):
            raise _Problem(1, f"section {name} was declared earlier with flags \"{sec.flags}\"; expected the same flags")
        return sec

    def here(self) -> int:
        return self.current.addr + self.current.length

    # --------------------------------------------------------------- symbols
    def resolver(self, index: int) -> Callable[[str], int | None]:
        def resolve(name: str) -> int | None:
            if name == ".":
                return self.here()
            if name[:-1].isdigit() and name[-1] in "bf":
                return self._numeric(name[:-1], name[-1], index)
            sym = self.symbols.get(name)
            if sym is not None:
                return sym.value
            prev = self.asm.previous.get(name)
            if prev is not None:
                section, value = prev
                return value if section is None else self.asm.bases.get(section, 0) + value
            return None if self.final else 0

        return resolve

    def _numeric(self, label: str, way: str, index: int) -> int | None:
        if way == "b":
            for at, section, offset in reversed(self.numeric.get(label, [])):
                if at <= index:
                    return self.sections[section].addr + offset
            return None if self.final else 0
        for at, section, offset in self.asm.previous_numeric.get(label, []):
            if at > index:
                return self.asm.bases.get(section, 0) + offset
        return None if self.final else 0

    def define(self, name: str, col: int, line: int) -> None:
        if name.isdigit():
            self.numeric.setdefault(name, []).append((self.index, self.current.name, self.current.length))
            return
        if name in self.symbols:
            first = self.symbols[name].line
            raise _Problem(col, f"duplicate label '{name}' (first defined on line {first}); expected a new name")
        self.symbols[name] = Symbol(name, self.here(), self.current.name, line=line)

    # ------------------------------------------------------------- emission
    def emit(self, data: bytes, col: int) -> None:
        sec = self.current
        if sec.nobits:
            self.reserved += len(data)
            if self.reserved > elf.MAX_TOTAL_MEMSZ:
                raise _Problem(col, f"the NOBITS sections grow past {elf.MAX_TOTAL_MEMSZ >> 20} MiB; expected a smaller program")
        else:
            self.total += len(data)
            if self.total > MAX_IMAGE_BYTES:
                raise _Problem(col, f"the sections grow past {MAX_IMAGE_BYTES >> 20} MiB; expected a smaller program")
        if sec.nobits:
            if any(data):
                raise _Problem(col, f"section {sec.name} is NOBITS and cannot hold data; expected .zero or a PROGBITS section")
            sec.size += len(data)
        else:
            sec.data += data

    def run(self) -> None:
        for index, st in enumerate(self.asm.stmts):
            self.index = index
            before = self.current.length, self.current.name
            try:
                for name, col in st.labels:
                    self.define(name, col, st.line)
                self.statement(st)
            except _Problem as p:
                self.errors.append((st.line, p.col, _printable(p.message)))
            except SyntaxProblem as p:
                self.errors.append((st.line, st.args_col + p.col, _printable(p.text())))
            size = self.current.length - before[0] if self.current.name == before[1] else 0
            self.sizes.append(size)
        self.finish_symbols()

    # ----------------------------------------------------------- statements
    def statement(self, st: Stmt) -> None:
        op = st.op
        if not op:
            return
        if op == "=":
            self.set_symbol(st.target, st.args, st.args_col, st.line, st.op_col)
        elif op == "?":
            raise _Problem(st.op_col, f"unexpected '{st.args.split()[0]}'; expected a label, an instruction or a directive")
        elif op.startswith("."):
            self.directive(st)
        else:
            self.instruction(st)

    def evaluate(self, text: str, col: int) -> int:
        if not text:
            raise _Problem(col, "missing value; expected an expression")
        try:
            return evaluate(text, self.resolver(self.index))
        except SyntaxProblem as p:
            raise _Problem(col + p.col, p.text()) from None

    def set_symbol(self, name: str, expr: str, col: int, line: int, name_col: int) -> None:
        value = self.evaluate(expr.strip(), col + len(expr) - len(expr.lstrip()))
        old = self.symbols.get(name)
        if old is not None and old.section is not None:
            raise _Problem(name_col, f"'{name}' is already a label (line {old.line}); expected a new name for .set")
        self.symbols[name] = Symbol(name, value, None, line=line)

    def directive(self, st: Stmt) -> None:
        op, args, col = st.op, st.args, st.args_col
        if op in (".text", ".data", ".bss", ".rodata"):
            if args:
                raise _Problem(col, f"unexpected '{args}'; expected nothing after {op}")
            self.current = self._section(op, None, None, st.line)
        elif op == ".section":
            self.section_directive(args, col, st.line)
        elif op in (".globl", ".global", ".local"):
            for name, at in _split_args(args, col):
                if not _NAME.fullmatch(name):
                    raise _Problem(at, f"bad symbol name '{name}'; expected a symbol name")
                if op != ".local":
                    self.globals.setdefault(name, (st.line, at))
        elif op == ".type":
            self.type_directive(args, col, st.line)
        elif op == ".size":
            parts = _split_args(args, col)
            if len(parts) != 2 or not _NAME.fullmatch(parts[0][0]):
                raise _Problem(col, "bad .size; expected .size SYMBOL, EXPRESSION")
            size = self.evaluate(*parts[1])
            if not 0 <= size < 1 << 64:
                raise _Problem(parts[1][1], f".size {size} is out of range; expected 0..2**64-1")
            self.sizes_of[parts[0][0]] = (size, st.line, parts[0][1])
        elif op in (".set", ".equ"):
            parts = _split_args(args, col)
            if len(parts) != 2 or not _NAME.fullmatch(parts[0][0]):
                raise _Problem(col, f"bad {op}; expected {op} SYMBOL, EXPRESSION")
            self.set_symbol(parts[0][0], parts[1][0], parts[1][1], st.line, parts[0][1])
        elif op in _DATA_SIZES:
            self.data_directive(_DATA_SIZES[op], args, col)
        elif op in (".zero", ".skip", ".space"):
            parts = _split_args(args, col)
            if not 1 <= len(parts) <= 2:
                raise _Problem(col, f"bad {op}; expected {op} COUNT[, FILL]")
            count = self.evaluate(*parts[0])
            if not 0 <= count <= 1 << 26:
                raise _Problem(parts[0][1], f"{op} count {count} is out of range; expected 0..{1 << 26}")
            fill = self.byte_value(*parts[1]) if len(parts) == 2 else 0
            self.emit(bytes([fill]) * count, col)
        elif op in (".align", ".p2align", ".balign"):
            self.align_directive(op, args, col)
        elif op in (".ascii", ".asciz", ".string"):
            parts = _split_args(args, col)
            if not parts:
                raise _Problem(col, f"missing string; expected {op} \"TEXT\"")
            for text, at in parts:
                data = _string_bytes(text, at)
                self.emit(data + (b"\0" if op != ".ascii" else b""), at)
        elif op == ".vaddr":
            self.vaddr_directive(args, col)
        elif op in (".file", ".ident", ".option"):
            return
        else:
            close = difflib.get_close_matches(op, DIRECTIVES, n=3, cutoff=0.6) if len(self.errors) < MAX_ERRORS else []
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise _Problem(st.op_col, f"unknown directive '{op}'; expected a directive such as .text, .word or .align{hint}")

    def section_directive(self, args: str, col: int, line: int) -> None:
        parts = _split_args(args, col)
        if not parts or not 1 <= len(parts) <= 3:
            raise _Problem(col, "bad .section; expected .section NAME[, \"FLAGS\"[, @progbits|@nobits]]")
        name, at = parts[0]
        if name.startswith('"'):
            name = _string_bytes(name, at).decode("utf-8", "replace")
        if not name or not re.fullmatch(r"[A-Za-z0-9_.$-]+", name):
            raise _Problem(at, f"bad section name '{name}'; expected a name such as .data or .text.init")
        flags = nobits = None
        if len(parts) >= 2:
            text, fat = parts[1]
            raw = _string_bytes(text, fat).decode("ascii", "replace")
            bad = set(raw) - set("awxMSG")
            if bad:
                raise _Problem(fat, f"unknown section flag '{sorted(bad)[0]}'; expected flags from \"awx\"")
            flags = "".join(c for c in "awx" if c in raw)
        if len(parts) == 3:
            kind, kat = parts[2]
            if kind not in ("@progbits", "%progbits", "@nobits", "%nobits"):
                raise _Problem(kat, f"unknown section type '{kind}'; expected @progbits or @nobits")
            nobits = kind.endswith("nobits")
        elif flags is not None:
            nobits = _section_defaults(name)[1]
        self.current = self._section(name, flags, nobits, line)

    def vaddr_directive(self, args: str, col: int) -> None:
        sec = self.current
        try:
            value = evaluate(args, lambda name: None)
        except SyntaxProblem as p:
            raise _Problem(col + p.col, f"{p.what}; expected .vaddr ADDRESS (a constant)") from None
        if sec.length:
            raise _Problem(col, f".vaddr after contents of {sec.name}; expected it right after the .section line")
        if not sec.alloc:
            raise _Problem(col, f"{sec.name} is not allocated; expected .vaddr in a section with flag a")
        if not 0 <= value < 1 << 64 or value % 2:
            raise _Problem(col, f"bad section address {value}; expected an even address below 2**64")
        if sec.fixed is not None and sec.fixed != value:
            raise _Problem(col, f"{sec.name} was placed at {sec.fixed:#x} already; expected one address per section")
        sec.fixed = value
        sec.addr = value

    def type_directive(self, args: str, col: int, line: int) -> None:
        parts = _split_args(args, col)
        if len(parts) != 2 or not _NAME.fullmatch(parts[0][0]):
            raise _Problem(col, "bad .type; expected .type SYMBOL, @function or @object")
        kind = parts[1][0].strip('"').lstrip("@%").lower()
        types = {"function": "func", "stt_func": "func", "object": "object", "stt_object": "object",
                 "notype": "notype", "stt_notype": "notype"}
        if kind not in types:
            raise _Problem(parts[1][1], f"unknown symbol type '{parts[1][0]}'; expected @function, @object or @notype")
        self.types[parts[0][0]] = (types[kind], line, parts[0][1])

    def byte_value(self, text: str, col: int) -> int:
        value = self.evaluate(text, col)
        if not -128 <= value <= 255:
            raise _Problem(col, f"fill value {value} does not fit in a byte; expected -128..255")
        return value & 0xFF

    def data_directive(self, size: int, args: str, col: int) -> None:
        parts = _split_args(args, col)
        if not parts:
            raise _Problem(col, "missing value; expected one or more comma-separated expressions")
        bits = 8 * size
        for text, at in parts:
            value = self.evaluate(text, at)
            if not -(1 << (bits - 1)) <= value < (1 << bits):
                raise _Problem(at, f"value {value} does not fit in {size} byte{'s' if size > 1 else ''}; expected {-(1 << (bits - 1))}..{(1 << bits) - 1}")
            self.emit((value & ((1 << bits) - 1)).to_bytes(size, "little"), at)

    def align_directive(self, op: str, args: str, col: int) -> None:
        parts = _split_args(args, col)
        if not 1 <= len(parts) <= 3:
            raise _Problem(col, f"bad {op}; expected {op} N[, FILL]")
        n = self.evaluate(*parts[0])
        if op == ".balign":
            if n <= 0 or n & (n - 1) or n > PAGE:
                raise _Problem(parts[0][1], f".balign {n} is not a power of two up to 4096; expected 1, 2, 4, ... 4096")
            boundary = n
        else:
            if not 0 <= n <= 12:
                raise _Problem(parts[0][1], f"{op} {n} is out of range; expected 0..12 (a power of two up to 4096 bytes)")
            boundary = 1 << n
        fill = self.byte_value(*parts[1]) if len(parts) >= 2 and parts[1][0] else 0
        sec = self.current
        sec.align = max(sec.align, boundary)
        pad = -sec.length % boundary
        self.emit(bytes([fill]) * pad, col)

    # ---------------------------------------------------------- instructions
    def instruction(self, st: Stmt) -> None:
        sec = self.current
        if sec.nobits:
            raise _Problem(st.op_col, f"instruction in NOBITS section {sec.name}; expected a PROGBITS section such as .text")
        pc = self.here()
        if pc % 2:
            raise _Problem(st.op_col, f"instruction at odd address {pc:#x}; expected a 2-byte aligned location (add .align 1)")
        if st.op in PSEUDOS:
            seq = self.pseudo(st)
        else:
            seq = [(st.op, st.args, st.args_col)]
        for k, (mnemonic, args, col) in enumerate(seq):
            at = self.here()
            if k == 0:
                self.lines[at] = st.line
            self.encode(mnemonic, args, col, at, st)

    def encode(self, mnemonic: str, args: str, col: int, pc: int, st: Stmt) -> None:
        if not self.final:  # sizes only: every spelling of a mnemonic has one length
            self.emit(bytes(self.asm.size_of(mnemonic)), col)
            return
        try:
            form, _values, insn = encode_statement(mnemonic, args, pc, self.resolver(self.index), STRICT)
        except UnknownMnemonic:
            raise _Problem(st.op_col, self.unknown(mnemonic)) from None
        except SyntaxProblem as p:
            raise _Problem(col + p.col, p.text()) from None
        self.emit(insn.to_bytes(form.size, "little"), col)

    def unknown(self, mnemonic: str) -> str:
        # The "did you mean" search costs milliseconds (thousands of spellings): only the
        # errors that will be shown get one, so a source of garbage lines stays linear.
        close = difflib.get_close_matches(mnemonic, spellings() + list(PSEUDOS), n=3, cutoff=0.7) \
            if len(self.errors) < MAX_ERRORS else []
        hint = f" (did you mean {', '.join(close)}?)" if close else ""
        return f"unknown mnemonic '{mnemonic}'; expected an instruction, li or mv{hint}"

    def pseudo(self, st: Stmt) -> list[tuple[str, str, int]]:
        parts = _split_args(st.args, st.args_col)
        if len(parts) != 2:
            raise _Problem(st.args_col or st.op_col, f"bad {st.op}; expected {st.op} REG, {'IMM' if st.op == 'li' else 'REG'}")
        (dtext, dcol), (src, scol) = parts
        if dtext.startswith("->"):
            dtext, dcol = dtext[2:].lstrip(), dcol + 2
        dest = DEST_REGS.get(dtext.lower())
        if dest is None:
            raise _Problem(dcol, f"unknown destination '{dtext}'; expected {DEST_EXPECTED}")
        if st.op == "mv":
            if src.lower() not in SOURCE_REGS:
                raise _Problem(scol, f"unknown register '{src}'; expected {SOURCE_EXPECTED}")
            return [("c.movr", f"{src}, ->{dtext}", scol)]
        value = self.evaluate(src, scol)
        if not -(1 << 63) <= value < (1 << 64):
            raise _Problem(scol, f"li value {value} is out of the 64-bit range; expected -2**63..2**64-1")
        previous = self.asm.li_sizes.get(self.index, 0) if self.number >= GROW_AFTER or self.final else 0
        seq = li_expansion(dest, value, previous)
        self.asm.li_sizes[self.index] = _seq_size(seq)
        return [(m, ops, scol) for m, ops in seq]

    # ----------------------------------------------------------- symbols end
    def finish_symbols(self) -> None:
        """Apply .globl/.type/.size, which may come before the label they name."""
        for what, table in (("globl", self.globals), ("type", self.types), ("size", self.sizes_of)):
            for name, entry in table.items():
                sym = self.symbols.get(name)
                if sym is None:
                    if self.final:
                        line, col = entry[-2], entry[-1]
                        self.errors.append((line, col, f"undefined symbol '{name}' in .{what}; expected a label defined in this file"))
                    continue
                if what == "globl":
                    sym.binding = "global"
                elif what == "type":
                    sym.type = entry[0]
                else:
                    sym.size = entry[0]
        self.errors.sort(key=lambda e: (e[0], e[1]))


class _Assembler:
    def __init__(self, text: str, filename: str, text_base: int) -> None:
        self.filename = filename
        self.text_base = text_base
        try:
            self.stmts = split_statements(text)
        except TooManyStatements as e:
            raise AsmError(filename, [(e.line, 1, f"more than {e.limit} statements; expected a smaller source "
                                                  "(split it into several programs)")]) from None
        self.bases: dict[str, int] = {}
        self.previous: dict[str, tuple[str | None, int]] = {}
        self.previous_numeric: dict[str, list[tuple[int, str, int]]] = {}
        self.li_sizes: dict[int, int] = {}

    def size_of(self, mnemonic: str) -> int:
        cands = candidates(mnemonic)
        return cands[0][0].size if cands else 0

    def layout(self, sections: dict[str, Section]) -> dict[str, int]:
        """Section addresses: a ``.vaddr`` section where it says; the others grouped x, r,
        w, nobits, the first at text_base, every later one on a fresh page (alignment at
        least its own), skipping over the fixed ones."""
        def group(s: Section) -> int:
            if "x" in s.flags:
                return 0
            if "w" not in s.flags:
                return 1
            return 3 if s.nobits else 2

        bases: dict[str, int] = {s.name: 0 for s in sections.values() if not s.alloc}
        taken = [(s.fixed, s.fixed + s.length) for s in sections.values() if s.alloc and s.fixed is not None]
        for s in sections.values():
            if s.alloc and s.fixed is not None:
                bases[s.name] = s.fixed
        auto = sorted((s for s in sections.values() if s.alloc and s.fixed is None), key=lambda s: (group(s), s.order))
        addr = self.text_base
        first = True
        for s in auto:
            if not first:
                addr = _align(addr, max(PAGE, s.align))
            moved = True
            while moved:
                moved = False
                for low, high in taken:
                    if addr < high and low < addr + max(s.length, 1):
                        addr = _align(high, max(PAGE, s.align))
                        moved = True
            bases[s.name] = addr
            if s.length or s.name == ".text":
                taken.append((addr, addr + s.length))
                addr += s.length
                first = False
        return bases

    def run(self) -> Assembly:
        state: tuple | None = None
        last: _Pass | None = None
        for number in range(MAX_PASSES):
            p = _Pass(self, False, number)
            p.run()
            last = p
            old = {name: sec.addr for name, sec in p.sections.items()}
            self.bases = self.layout(p.sections)
            self.previous = {
                name: (sym.section, sym.value - old[sym.section] if sym.section is not None else sym.value)
                for name, sym in p.symbols.items()
            }
            self.previous_numeric = p.numeric
            new_state = (tuple(p.sizes), tuple(sorted(self.bases.items())),
                         tuple(sorted((k, repr(v)) for k, v in self.previous.items())),
                         tuple(sorted((k, tuple(v)) for k, v in p.numeric.items())))
            if new_state == state and self.bases == old:
                break
            state = new_state
        final = _Pass(self, True, MAX_PASSES)
        final.run()
        errors = final.errors
        if not errors and last is not None and tuple(final.sizes) != tuple(last.sizes):
            errors = [(1, 1, "internal error: the layout did not converge; expected stable instruction sizes")]
        if errors:
            raise AsmError(self.filename, errors[:MAX_ERRORS])
        return self.result(final)

    def result(self, p: _Pass) -> Assembly:
        sections = [s for s in sorted(p.sections.values(), key=lambda s: (s.addr if s.alloc else 1 << 64, s.order))
                    if s.length or s.name == ".text" or s.name in {sym.section for sym in p.symbols.values()}]
        code = [s for s in sections if "x" in s.flags and s.alloc and s.length]
        if not code:
            raise AsmError(self.filename, [(1, 1, "the program has no code; expected at least one instruction in an executable section such as .text")])
        start = p.symbols.get("_start")
        if start is None:
            return Assembly(self.filename, sections, p.symbols, code[0].addr, p.lines)
        home = p.sections.get(start.section) if start.section is not None else None
        if home is None or "x" not in home.flags or not home.addr <= start.value < home.addr + home.length:
            where = f"in section {start.section}" if start.section else "an absolute symbol"
            raise AsmError(self.filename, [(start.line, 1, f"_start is {where}, not at an instruction; expected _start in an executable section such as .text")])
        return Assembly(self.filename, sections, p.symbols, start.value, p.lines)


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def _printable(message: str) -> str:
    """An error message on one line: control characters a string literal put into a quoted
    name (``.section "a\\nb"``) are shown escaped."""
    return _CONTROL.sub(lambda m: repr(m.group(0))[1:-1], message)


def _align(value: int, boundary: int) -> int:
    return (value + boundary - 1) // boundary * boundary


def assemble_unit(text: str, filename: str = "<input>", text_base: int = TEXT_BASE) -> Assembly:
    """Assemble ``text``; the laid-out sections and symbols (raises :class:`AsmError`)."""
    return _Assembler(text, filename, text_base).run()


def assemble(text: str, filename: str = "<input>", text_base: int = TEXT_BASE) -> bytes:
    """Assemble ``text`` to an ELF64 executable image (raises :class:`AsmError`)."""
    return assemble_unit(text, filename, text_base).to_elf()
