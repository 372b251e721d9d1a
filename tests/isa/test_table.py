"""Our encoding table against the official PTO 0.58.3 catalogs (spec/catalog/*.json).

Every row must state exactly the catalog's mask, match, field pieces, signedness and
constraints for the same form_id, in the catalog's order (row position = catalog index,
used by the AVS decode tests).  Then 100,000 random instruction words are decoded both by
``ptodbg.isa.decoder`` and by an independent catalog-driven reference decode written here
(priority per scripts/encoding_witness.py: command forms first, most mask bits first,
ties by form_id, same length only).
"""

from __future__ import annotations

import json
import random

import pytest
from support.paths import CATALOG

from ptodbg.isa.decoder import decode, instruction_length
from ptodbg.isa.forms import COMMAND_FORMS, FORMS_BY_ID, SCALAR_FORMS, SIGNED, UNSIGNED


def _catalog(name: str) -> list[dict]:
    return json.loads((CATALOG / name).read_text())["forms"]


SCALAR = _catalog("scalar-forms.json")
COMMAND = _catalog("command-forms.json")


def _encoding(entry: dict) -> tuple[int, int]:
    mask = match = 0
    for part in entry["encoding"]:
        mask |= int(part["mask"], 16) << (32 * part["index"])
        match |= int(part["match"], 16) << (32 * part["index"])
    return mask, match


def test_counts_and_order():
    assert [f.form_id for f in SCALAR_FORMS] == [e["form_id"] for e in SCALAR]
    assert [f.form_id for f in COMMAND_FORMS] == [e["form_id"] for e in COMMAND]
    assert len(SCALAR_FORMS) == 466 and len(COMMAND_FORMS) == 74


@pytest.mark.parametrize("entry", SCALAR + COMMAND, ids=lambda e: e["form_id"])
def test_entry_matches_catalog(entry):
    form = FORMS_BY_ID[entry["form_id"]]
    assert form.mnemonic == entry["mnemonic"]
    assert form.length == entry["length_bits"]
    assert (form.mask, form.match) == _encoding(entry)
    assert form.variants == tuple(_encoding(v) for v in entry.get("encoding_variants", []))
    assert [f.name for f in form.fields] == [f["name"] for f in entry["fields"]]
    for ours, theirs in zip(form.fields, entry["fields"], strict=True):
        assert ours.width == theirs["width"], ours.name
        expected_sign = {"signed": SIGNED, "unsigned": UNSIGNED}.get(theirs["signedness"], "encoding-defined")
        assert ours.signedness == expected_sign, ours.name
        assert [(p.insn_lsb, p.value_lsb, p.width) for p in ours.pieces] == [
            (p["instruction_lsb"], p["value_lsb"], p["width"]) for p in theirs["pieces"]
        ], ours.name
    assert len(form.constraints) == len(entry["constraints"])
    for ours, theirs in zip(form.constraints, entry["constraints"], strict=True):
        assert ours.field == theirs["field"]
        if theirs["operator"] == "not-equal":
            assert ours.excluded == theirs["value"] and ours.allowed is None
        else:
            assert ours.allowed == frozenset(theirs["values"])
    if "agu" in entry:
        a = entry["agu"]
        assert form.agu is not None
        assert form.agu.size == a["size_bytes"] and form.agu.scale == a["offset_scale"]
        assert form.agu.signed == a["signed_load"]
        assert form.agu.returns_address == a["prefetch_returns_address"]


class ReferenceDecoder:
    """Catalog-driven decode, independent of ptodbg's table."""

    def __init__(self) -> None:
        def ordered(entries: list[dict]) -> list[tuple[int, int, int, str]]:
            rows = []
            for e in entries:
                mask, match = _encoding(e)
                alternatives = [(mask, match)] + [_encoding(v) for v in e.get("encoding_variants", [])]
                rows.append((e["length_bits"], mask, alternatives, e["form_id"]))
            return sorted(rows, key=lambda r: (-r[1].bit_count(), r[3]))

        self.by_length: dict[int, list[tuple[list, str]]] = {16: [], 32: [], 48: [], 64: []}
        for length, _mask, alternatives, form_id in ordered(COMMAND) + ordered(SCALAR):
            self.by_length[length].append((alternatives, form_id))

    def decode(self, insn: int, length: int) -> str | None:
        for alternatives, form_id in self.by_length[length]:
            if any(insn & mask == match for mask, match in alternatives):
                return form_id
        return None


NIBBLES = {16: [0, 2, 4, 6, 8, 0xA, 0xC], 32: [1, 3, 5, 7, 9, 0xB, 0xD], 48: [0xE]}


def _random_words(rng: random.Random, count: int):
    entries = [e for e in SCALAR + COMMAND if e["length_bits"] in NIBBLES]
    for i in range(count):
        length = (16, 32, 48)[i % 3]
        if i % 2:
            # Near a real encoding: a form's match with random bits outside its mask.
            e = rng.choice([x for x in entries if x["length_bits"] == length])
            mask, match = _encoding(e)
            insn = match | (rng.getrandbits(length) & ~mask)
            if rng.random() < 0.2:
                insn ^= 1 << rng.randrange(length)  # and sometimes one fixed bit flipped
        else:
            insn = (rng.getrandbits(length) & ~0xF) | rng.choice(NIBBLES[length])
        yield insn, length


def test_random_words_agree_with_catalog_reference():
    ref = ReferenceDecoder()
    rng = random.Random(20261201)
    seen = disagreements = 0
    for insn, length in _random_words(rng, 100_000):
        ours = decode(insn, length)
        theirs = ref.decode(insn, length)
        if theirs is not None:
            seen += 1
        if (ours.form_id if ours else None) != theirs:
            disagreements += 1
    assert disagreements == 0
    assert seen > 45_000  # the sample really exercises decoding, not just illegal words


def test_encoding_variants_decode_as_their_form():
    """Catalog encoding_variants (scripts/encoding_witness.py encoding_alternatives):
    BSTART.TMOV also owns function selectors 9..12, BSTART.TSTORE 14 (AVS
    PTO-AVS-BLOCK-TMOV-FORMS-001, PTO-AVS-BLOCK-TSTORE-FORMS-001: catalog indexes 47, 50)."""
    for insn in (0x00211181, 0x00911181, 0x00A11181, 0x00B11181, 0x00C11181):
        form = decode(insn, 32)
        assert form is not None and form.mnemonic == "BSTART.TMOV" and form.index == 47
    for insn in (0x00111181, 0x00E11181):
        form = decode(insn, 32)
        assert form is not None and form.mnemonic == "BSTART.TSTORE" and form.index == 50
    assert decode(0x00D11181, 32).mnemonic == "BSTART.GMOV"
    assert decode(0x00F11181, 32) is None


def test_command_forms_are_tried_first():
    """C.BSTOP (0x0000) is a command form; C.BSTART.STD RET (0x3800) beats scalar forms."""
    assert decode(0x0000, 16).mnemonic == "C.BSTOP"
    assert decode(0x3800, 16).mnemonic == "C.BSTART.STD"


def test_most_mask_bits_win_setret_over_addtpc():
    """CORE.md §2.3: SETRET (RegDst = 10 fixed) has more mask bits than ADDTPC."""
    assert decode(0x00002507, 32).mnemonic == "SETRET"
    addtpc = decode(0x00002587, 32)  # RegDst = 11
    assert addtpc.mnemonic == "ADDTPC"


def test_length_rule_and_fused_call():
    """CORE.md §2.1: nibble rule, plus the fused 32-bit BSTART.CALL."""
    assert [instruction_length(n) for n in range(16)] == [
        16, 32, 16, 32, 16, 32, 16, 32, 16, 32, 16, 32, 16, 32, 48, 64,
    ]
    assert instruction_length(0x0142, 0x5096) == 32  # bstart.call (0x50960142)
    assert instruction_length(0x0142, 0x0840) == 16  # C.BSTART DIRECT then C.BSTART.SYS
    assert decode(0x50960142, 32).mnemonic == "BSTART.CALL"


def test_constraint_violation_does_not_fall_through():
    """A form whose constraint fails is still that form (the machine then raises
    ILLEGAL_INST, ScalarFormOperandsLegal); decode never moves on to another form."""
    acre = next(f for f in SCALAR_FORMS if f.mnemonic == "ACRE")
    insn = acre.encode({"RRA_Type": 2})
    form = decode(insn, 32)
    assert form is acre
    bad = form.violation(form.values(insn))
    assert bad is not None and bad.field == "RRA_Type"
    assert form.violation(form.values(acre.encode({"RRA_Type": 1}))) is None


def test_implicit_sources_are_the_ones_the_asl_checks():
    """``asl/scalar/model/types/operands.asl`` (ScalarImplicitSourceOperandsLegal): C.SDI,
    C.SWI, C.SLLI and C.SRLI read T#1 (Reg5 source code 24) without a field and check it;
    C.CMP.EQI/NEI read it unchecked (docs/architecture-notes.md §7.5), so their rows carry no ``reads=``."""
    implicit = {f.mnemonic: f.implicit_sources for f in COMMAND_FORMS + SCALAR_FORMS if f.implicit_sources}
    assert implicit == {"C.SDI": (24,), "C.SWI": (24,), "C.SLLI": (24,), "C.SRLI": (24,)}
    assert FORMS_BY_ID["c_cmp_eqi_16_e34367883ba1"].syntax.startswith("c.cmp.eqi t#1,")
