"""Instruction forms: the parsed, immutable view of :mod:`ptodbg.isa.table`.

A :class:`Form` knows how to recognise its encoding (mask/match), how to pull its fields out
of an instruction value and put them back in, and which field values are illegal.  It knows
nothing about execution; the core binds semantics to forms by mnemonic.

``FORMS`` holds every form, command forms first (they are tried before scalar forms, as
``asl/arch/dispatch/top-level.asl`` orders them).  ``COMMAND_FORMS[i]`` / ``SCALAR_FORMS[i]``
is the form with catalog index ``i`` of that surface.
"""

from __future__ import annotations

import re
from functools import cache

from ptodbg.base.record import Frozen
from ptodbg.isa import table
from ptodbg.isa.registers import T_BASE, U_BASE

SIGNED = "signed"
UNSIGNED = "unsigned"
RAW = "encoding-defined"


class Piece(Frozen):
    """Instruction bits ``[insn_lsb + width - 1 : insn_lsb]`` land at value bit ``value_lsb``."""

    insn_lsb: int
    value_lsb: int
    width: int


class Field(Frozen):
    """One named operand field of a form."""

    name: str
    pieces: tuple[Piece, ...]
    signedness: str
    width: int

    def raw(self, insn: int) -> int:
        """The field's bits as an unsigned integer."""
        value = 0
        for p in self.pieces:
            value |= ((insn >> p.insn_lsb) & ((1 << p.width) - 1)) << p.value_lsb
        return value

    def value(self, insn: int) -> int:
        """The field value, sign-extended when the field is signed (as ScalarDecodedWord)."""
        value = self.raw(insn)
        if self.signedness == SIGNED and value >> (self.width - 1):
            value -= 1 << self.width
        return value

    def encode(self, value: int) -> int:
        """The instruction bits that hold ``value`` (two's complement for signed fields)."""
        value &= (1 << self.width) - 1
        bits = 0
        for p in self.pieces:
            bits |= ((value >> p.value_lsb) & ((1 << p.width) - 1)) << p.insn_lsb
        return bits

    def value_range(self) -> tuple[int, int]:
        """Inclusive range of values the field can hold."""
        if self.signedness == SIGNED:
            return -(1 << (self.width - 1)), (1 << (self.width - 1)) - 1
        return 0, (1 << self.width) - 1

    def representable(self, value: int) -> bool:
        """True when encoding ``value`` loses no bits (pieces may leave value-bit holes)."""
        low, high = self.value_range()
        if not low <= value <= high:
            return False
        covered = 0
        for p in self.pieces:
            covered |= ((1 << p.width) - 1) << p.value_lsb
        return (value & ((1 << self.width) - 1)) & ~covered == 0


class Constraint(Frozen):
    """A legality rule on one field: ``allowed`` values, or one ``excluded`` value."""

    field: str
    allowed: frozenset[int] | None = None
    excluded: int | None = None

    def holds(self, value: int) -> bool:
        if self.allowed is not None:
            return value in self.allowed
        return value != self.excluded

    def describe(self) -> str:
        if self.allowed is not None:
            return f"{self.field} must be one of {sorted(self.allowed)}"
        return f"{self.field} must not be {self.excluded}"


class AguSpec(Frozen):
    """Addressing facts of an AGU form (catalog ``agu`` metadata)."""

    action: str  # "ld" | "st" | "ldp" | "stp" | "prf"
    size: int
    signed: bool
    kind: str  # "imm" | "reg" | "c" | "pcr"
    scale: int
    update: str  # "" | "pre" | "post"
    returns_address: bool


class Form:
    """One encoding form of the PTO ISA (immutable; equal and hashed by every attribute
    but ``by_name``, as the frozen dataclass it was)."""

    mnemonic: str
    form_id: str
    surface: str  # "command" | "scalar" | "legacy"
    index: int
    family: str
    length: int  # bits: 16, 32, 48 or 64
    mask: int
    match: int
    fields: tuple[Field, ...]
    constraints: tuple[Constraint, ...]
    agu: AguSpec | None
    syntax: str
    mask_bits: int
    by_name: dict[str, Field]
    # Further (mask, match) encodings of the same form (the catalog's encoding_variants:
    # BSTART.TMOV and BSTART.TSTORE select their tile operation in bits the mask fixes).
    variants: tuple[tuple[int, int], ...]
    # Reg5 source codes the form reads without a field (``reads=t#1`` in its row): checked
    # before it executes as its source fields are (ScalarImplicitSourceOperandsLegal).
    implicit_sources: tuple[int, ...]

    def __init__(self, mnemonic: str, form_id: str, surface: str, index: int, family: str, length: int,
                 mask: int, match: int, fields: tuple[Field, ...], constraints: tuple[Constraint, ...],
                 agu: AguSpec | None, syntax: str, mask_bits: int = 0, by_name: dict[str, Field] | None = None,
                 variants: tuple[tuple[int, int], ...] = (), implicit_sources: tuple[int, ...] = ()) -> None:
        self.__dict__.update(
            mnemonic=mnemonic, form_id=form_id, surface=surface, index=index, family=family, length=length,
            mask=mask, match=match, fields=fields, constraints=constraints, agu=agu, syntax=syntax,
            mask_bits=mask_bits, by_name={} if by_name is None else by_name, variants=variants,
            implicit_sources=implicit_sources, _plan=_plan(fields))

    def _key(self) -> tuple:
        return (self.mnemonic, self.form_id, self.surface, self.index, self.family, self.length, self.mask,
                self.match, self.fields, self.constraints, self.agu, self.syntax, self.mask_bits, self.variants,
                self.implicit_sources)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (f"Form(mnemonic={self.mnemonic!r}, form_id={self.form_id!r}, surface={self.surface!r}, "
                f"index={self.index!r}, family={self.family!r}, length={self.length!r}, mask={self.mask!r}, "
                f"match={self.match!r}, fields={self.fields!r}, constraints={self.constraints!r}, "
                f"agu={self.agu!r}, syntax={self.syntax!r}, mask_bits={self.mask_bits!r}, "
                f"variants={self.variants!r}, implicit_sources={self.implicit_sources!r})")

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r} of a frozen Form")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r} of a frozen Form")

    def matches(self, insn: int) -> bool:
        if insn & self.mask == self.match:
            return True
        return any(insn & mask == match for mask, match in self.variants)

    def encodings(self) -> tuple[tuple[int, int], ...]:
        """(mask, match) of the main encoding, then of each variant."""
        return ((self.mask, self.match), *self.variants)

    def values(self, insn: int) -> dict[str, int]:
        """Every field's value (signed fields sign-extended)."""
        out = {}
        for name, shift, mask, sign, multi in self._plan:  # type: ignore[attr-defined]
            if multi is None:
                value = (insn >> shift) & mask
                if value & sign:
                    value -= sign << 1
                out[name] = value
            else:
                out[name] = multi.value(insn)
        return out

    def violation(self, values: dict[str, int]) -> Constraint | None:
        """The first constraint the field values break, or None when the encoding is legal."""
        for c in self.constraints:
            if not c.holds(values[c.field]):
                return c
        return None

    def encode(self, values: dict[str, int]) -> int:
        """Instruction value with ``values`` placed into the fields (missing fields are 0)."""
        insn = self.match
        for f in self.fields:
            insn |= f.encode(values.get(f.name, 0))
        return insn

    @property
    def size(self) -> int:
        """Length in bytes."""
        return self.length // 8


class _Operand:
    """A form's operand attribute (fields, constraints, agu, by_name, the extraction plan)
    for a table row, parsed from the row's words on first use: start-up parses the operands
    of the forms a program executes, not of all 540.  A non-data descriptor: once the
    values are in the form's ``__dict__``, reading them costs a plain attribute read."""

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, form: Form | None, owner: type | None = None) -> object:
        if form is None:
            return self
        d = form.__dict__
        words = d.pop("_words", None)
        if words is None:
            raise AttributeError(f"'Form' object has no attribute {self.name!r}")
        fields, constraints, agu, plan, by_name, implicit = _operands(words)
        d.update(fields=fields, constraints=constraints, agu=agu, by_name=dict(by_name), _plan=plan,
                 implicit_sources=implicit)
        return d[self.name]


for _name in ("fields", "constraints", "agu", "by_name", "_plan", "implicit_sources"):
    setattr(Form, _name, _Operand(_name))


def _plan(fields: tuple[Field, ...]) -> tuple[tuple[str, int, int, int, Field | None], ...]:
    """Field extraction prepared once per field list (see _operands): (name, shift,
    mask, sign bit, None) for a field in one piece, (name, 0, 0, 0, field) for others."""
    plan = []
    for f in fields:
        sign = 1 << (f.width - 1) if f.signedness == SIGNED else 0
        if len(f.pieces) == 1 and f.pieces[0].value_lsb == 0:
            p = f.pieces[0]
            plan.append((f.name, p.insn_lsb, (1 << p.width) - 1, sign, None))
        else:
            plan.append((f.name, 0, 0, 0, f))
    return tuple(plan)


_FIELD_RE = re.compile(r"^(?P<name>[^=:?]+)(?::(?P<sign>[su]))?=(?P<pieces>[0-9:@,]+)$")
_AGU_RE = re.compile(
    r"^agu=(?P<action>ldp|stp|ld|st|prf)(?P<size>\d)(?P<sign>[su])\.(?P<kind>imm|reg|c|pcr)"
    r"<<(?P<scale>\d)(?P<upd>\+pre|\+post)?(?P<ret>\+ret)?$"
)


def _parse_field(text: str) -> Field:
    m = _FIELD_RE.match(text)
    if not m:
        raise ValueError(f"bad field {text!r}")
    pieces = []
    for part in m["pieces"].split(","):
        bits, _, vlsb = part.partition("@")
        hi, _, lo = bits.partition(":")
        low = int(lo or hi)
        pieces.append(Piece(low, int(vlsb or 0), int(hi) - low + 1))
    sign = {"s": SIGNED, "u": UNSIGNED}.get(m["sign"] or "", RAW)
    width = max(p.value_lsb + p.width for p in pieces)
    return Field(m["name"], tuple(pieces), sign, width)


def _parse_values(text: str) -> frozenset[int]:
    out: set[int] = set()
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out.update(range(int(lo), int(hi or lo) + 1))
    return frozenset(out)


def _parse_constraint(text: str) -> Constraint:
    body = text[1:]
    if "!=" in body:
        name, value = body.split("!=")
        return Constraint(name, excluded=int(value))
    name, values = body.split("=")
    return Constraint(name, allowed=_parse_values(values))


def _parse_agu(text: str) -> AguSpec:
    m = _AGU_RE.match(text)
    if not m:
        raise ValueError(f"bad agu spec {text!r}")
    return AguSpec(
        action=m["action"],
        size=int(m["size"]),
        signed=m["sign"] == "s",
        kind=m["kind"],
        scale=int(m["scale"]),
        update=(m["upd"] or "").lstrip("+"),
        returns_address=bool(m["ret"]),
    )


class ImplicitSource(Frozen):
    """A Reg5 source the form reads without a field (a ``reads=t#1`` word)."""

    code: int


def _parse_reads(text: str) -> ImplicitSource:
    queue, _, slot = text.removeprefix("reads=").partition("#")
    if queue not in ("t", "u") or slot not in ("1", "2", "3", "4"):
        raise ValueError(f"bad implicit source {text!r}")
    return ImplicitSource((T_BASE if queue == "t" else U_BASE) + int(slot) - 1)


@cache
def _parse_word(word: str) -> Field | Constraint | AguSpec | ImplicitSource:
    """One field, constraint, AGU or implicit-source word of a row; the objects are
    immutable, so the many rows that share a word (RegDst=11:7, SrcL=19:15, ...) share one."""
    if word.startswith("?"):
        return _parse_constraint(word)
    if word.startswith("agu="):
        return _parse_agu(word)
    if word.startswith("reads="):
        return _parse_reads(word)
    return _parse_field(word)


@cache
def _operands(words: tuple[str, ...]) -> tuple[tuple[Field, ...], tuple[Constraint, ...], AguSpec | None,
                                               tuple, dict[str, Field], tuple[int, ...]]:
    """(fields, constraints, AGU spec, extraction plan, fields by name, implicit source
    codes) of a row's operand words; rows of one format share them (and are looked up by
    their words, whose hashes are cheap, rather than by the frozen field objects)."""
    fields: list[Field] = []
    constraints: list[Constraint] = []
    implicit: list[int] = []
    agu = None
    for word in words:
        part = _parse_word(word)
        if type(part) is Constraint:
            constraints.append(part)
        elif type(part) is AguSpec:
            agu = part
        elif type(part) is ImplicitSource:
            implicit.append(part.code)
        else:
            fields.append(part)
    field_tuple = tuple(fields)
    return field_tuple, tuple(constraints), agu, _plan(field_tuple), {f.name: f for f in fields}, tuple(implicit)


def parse_rows(rows: str, surface: str) -> tuple[Form, ...]:
    """Parse one block of table rows (see :mod:`ptodbg.isa.table` for the notation)."""
    forms = []
    for index, line in enumerate(rows.strip().splitlines()):
        spec, _, syntax = line.partition(" | ")
        words = spec.split()
        mnemonic, form_id, family, length, encoding = words[:5]
        if "+" in encoding:
            main, *others = encoding.split("+")
            variants = tuple((int(m, 16), int(v, 16)) for m, v in (o.split("/") for o in others))
        else:
            main, variants = encoding, ()
        mask_text, match_text = main.split("/")
        mask = int(mask_text, 16)
        # The attributes set directly: what Form(...) would set, except the operands
        # (fields, constraints, agu, by_name, the extraction plan), which the _Operand
        # descriptors parse from the row's words on first use (this module's import is on every
        # start-up path).
        form = new_form(Form)
        form.__dict__.update(
            mnemonic=mnemonic, form_id=form_id, surface=surface, index=index, family=family,
            length=int(length), mask=mask, match=int(match_text, 16), syntax=syntax.strip(),
            mask_bits=mask.bit_count(), variants=variants, _words=tuple(words[5:]))
        forms.append(form)
    return tuple(forms)


new_form = object.__new__


COMMAND_FORMS: tuple[Form, ...] = parse_rows(table.COMMAND_ROWS, "command")
SCALAR_FORMS: tuple[Form, ...] = parse_rows(table.SCALAR_ROWS, "scalar")
FORMS: tuple[Form, ...] = COMMAND_FORMS + SCALAR_FORMS
FORMS_BY_ID: dict[str, Form] = {f.form_id: f for f in FORMS}
