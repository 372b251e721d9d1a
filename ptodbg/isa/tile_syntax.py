"""The named spellings of tile block starts: ``bstart.vec TADD, u64`` for a BSTART.TEPL
whose Mode:Function selects TADD, ``bstart.tload u64`` for a typed start.

Why beside the templates of :mod:`ptodbg.isa.syntax`: a template prints each field of a
form, and a TEPL start's fields (DataType, Mode, Function) mean nothing to a reader until
they are looked up in the operation table (:mod:`ptodbg.isa.tileops`).  The disassembler
prints the named spelling whenever the fields name an operation and an assigned data type
(the canonical ``bstart.vec``/``bstart.sfu`` of PTO-ARCH-TEPL-ALIAS-001 for TEPL starts);
otherwise the raw fields (``bstart.tepl datatype=24, mode=3, function=31``), which the
assembler keeps accepting beside the names.  Both spell the same bits, so a listing
reassembles byte for byte.

Operands: ``OPERATION, TYPE`` for the TEPL carrier (``bstart.tepl``, ``bstart.vec``,
``bstart.sfu``; the last two only for an operation of their engine) and ``TYPE`` for the
typed starts (``bstart.tload``, ``bstart.tstore``, ``bstart.tmatmul.acc`` ...).  Names are
case-insensitive; an operand with ``=`` is the raw-field spelling and is left to the
templates.
"""

from __future__ import annotations

from ptodbg.isa.forms import Form
from ptodbg.isa.tileops import (
    BY_NAME,
    DATA_TYPE_CODES,
    DATA_TYPE_NAMES,
    TEPL,
    TEPL_BY_CODE,
    TEPL_SPELLINGS,
    canonical_tepl,
)


class NamedStartError(ValueError):
    """A named tile start that cannot be encoded: the column in the operands, what was
    wrong and what was expected (the assembler turns it into its file:line:col error)."""

    def __init__(self, col: int, what: str, expected: str) -> None:
        super().__init__(what)
        self.col = col
        self.what = what
        self.expected = expected


def typed_start(form: Form) -> bool:
    """A tile start whose only field is its DataType (BSTART.TLOAD, BSTART.TMATMUL ...)."""
    return form.mnemonic.startswith("BSTART.") and [f.name for f in form.fields] == ["DataType"]


def render_named(form: Form, values: dict[str, int]) -> str | None:
    """The named spelling of a tile start, or None when its fields name no operation or
    no assigned data type (then the raw fields are printed)."""
    dtype = DATA_TYPE_NAMES.get(values.get("DataType", -1))
    if dtype is None:
        return None
    if form.mnemonic == TEPL:
        selector = TEPL_BY_CODE.get((values["Mode"] & 3) << 5 | values["Function"] & 0x1F)
        if selector is None:
            return None
        return f"{canonical_tepl(selector)} {selector.name}, {dtype}"
    if typed_start(form):
        return f"{form.mnemonic.lower()} {dtype}"
    return None


def _word(operands: str, start: int, end: int) -> tuple[str, int]:
    """The text of operands[start:end] without its blanks, and the column it starts at."""
    piece = operands[start:end]
    stripped = piece.lstrip()
    return stripped.rstrip(), start + len(piece) - len(stripped)


def _dtype(text: str, col: int) -> int:
    code = DATA_TYPE_CODES.get(text.lower())
    if code is None:
        raise NamedStartError(col, f"unknown data type '{text}'", "a data type such as u64, s32, fp16 or bf16")
    return code


def parse_named(mnemonic: str, form: Form, operands: str) -> dict[str, int] | None:
    """The field values of a named start of ``form`` spelled ``mnemonic`` (None: the
    operands are the raw-field spelling, or the form has no named spelling)."""
    if "=" in operands:
        return None
    low = mnemonic.lower()
    if form.mnemonic == TEPL:
        if low not in TEPL_SPELLINGS:
            return None
        comma = operands.find(",")
        if comma < 0:
            name, col = _word(operands, 0, len(operands))
            raise NamedStartError(col + len(name), f"'{name}' needs a data type" if name else "no operation",
                                  "OPERATION, TYPE (e.g. TADD, u64)")
        name, col = _word(operands, 0, comma)
        selector = BY_NAME.get(name.upper())
        if selector is None or selector.family != "TEPL":
            raise NamedStartError(col, f"'{name}' is no TEPL tile operation",
                                  "an operation of the TEPL carrier such as TADD, TMULS or TROWSUM")
        engine = TEPL_SPELLINGS[low]
        if engine is not None and selector.engine != engine:
            raise NamedStartError(col, f"{selector.name} runs on {selector.engine}, not {engine}",
                                  f"{canonical_tepl(selector)} {selector.name} (or bstart.tepl)")
        text, tcol = _word(operands, comma + 1, len(operands))
        return {"DataType": _dtype(text, tcol), "Mode": selector.code >> 5, "Function": selector.code & 0x1F}
    if typed_start(form) and low == form.mnemonic.lower():
        text, col = _word(operands, 0, len(operands))
        if not text:
            return None
        return {"DataType": _dtype(text, col)}
    return None
