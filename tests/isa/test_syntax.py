"""The canonical assembly syntax (ptodbg.isa.syntax): every form round-trips, the worked
encodings of CORE.md §2.4 / §1.9 and the spec's documentation examples render and parse
as written, modifiers and suffixes map to the right field codes, and errors name the
column and what was expected."""

from __future__ import annotations

import random

import pytest

from ptodbg.isa import syntax as S
from ptodbg.isa.decoder import STRICT
from ptodbg.isa.disasm import stray_bits
from ptodbg.isa.forms import FORMS


def _legal_values(form, rng: random.Random, tries: int = 400):
    """Random field values that encode to a word this form owns and whose constraints hold
    (fields no template slot shows are 0: they assemble as 0)."""
    shown = S.template(form).shown
    for _ in range(tries):
        values = {}
        for f in form.fields:
            low, high = f.value_range()
            values[f.name] = rng.randint(low, high) if f.name in shown else 0
        for c in form.constraints:
            if c.allowed is not None:
                values[c.field] = rng.choice(sorted(c.allowed))
            elif values[c.field] == c.excluded:
                values[c.field] ^= 1
        insn = form.encode(values)
        insn &= ~stray_bits(form, insn)
        owner, _, length = STRICT.decode_bytes(insn.to_bytes(form.size, "little"))
        if owner is not form or length != form.length:
            continue
        canonical = form.values(insn)
        if form.violation(canonical) is None:
            return canonical, insn
    return None


def _parse_text(text: str, pc: int, resolve=lambda name: None):
    mnemonic, _, operands = text.partition(" ")
    return S.encode_statement(mnemonic, operands, pc, resolve)


@pytest.mark.parametrize("form", FORMS, ids=lambda f: f.form_id)
def test_every_form_round_trips(form):
    """Random legal field values -> render -> parse -> the same values and encoding, at
    several addresses (targets are absolute, so pc-relative fields re-encode exactly)."""
    rng = random.Random(form.form_id)
    samples = 0
    for _ in range(12):
        got = _legal_values(form, rng)
        if got is None:
            continue
        values, insn = got
        pc = 0x10000 + 2 * rng.randrange(0, 1 << 14)
        text = S.render(form, values, pc)
        parsed_form, parsed, encoded = _parse_text(text, pc)
        assert parsed_form is form, text
        assert {k: parsed[k] for k in values} == values, text
        assert encoded == insn, text
        samples += 1
    assert samples >= 6, f"could not generate legal values for {form.form_id}"


def test_every_spelling_names_its_form():
    """The spelling index covers every form; mnemonics are case-insensitive."""
    for form in FORMS:
        spells = S.template(form).spellings
        assert spells, form.form_id
        for spelling in list(spells)[:3]:
            assert form in [f for f, _ in S.candidates(spelling.upper())]


# CORE.md §2.4 worked decode examples and §1.9 hand-assembled programs (value, length, pc, text).
WORKED = [
    (0x0031700B, 32, 0, "dma [a0], a1"),            # docs/scalar/amo/DMA.md example
    (0x01CC700B, 32, 0, "dma [t#1], u#1"),          # docs/scalar/amo/DMA.md example
    (0x0000700B, 32, 0, "dma [zero], zero"),        # PTO-AVS-SCALAR-DMA-DECODE-001 (fields 0)
    (0x00000015, 32, 0, "addi zero, 0, ->zero"),    # PTO-AVS-SCALAR-ADDI-DECODE-001 (fields 0)
    (0x06410115, 32, 0, "addi a0, 100, ->a0"),
    (0xFFF0B199, 32, 0, "ldi [sp, -8], ->a1"),
    (0xFFFE0FB7, 32, 0x1000, "j 0xff8"),
    (0x0310102B, 32, 0, "ebreak 3"),
    (0xC06C, 16, 0, "c.ebreak 1"),
    (0xFF56, 16, 0, "c.movi -3, ->t"),
    (0x4567811D123E, 48, 0, "hl.liu 305419896, ->a0"),
    (0x00002507, 32, 0, "setret 0x4, ->ra"),
    (0x50960142, 32, 0, "bstart.call 0x28, 0x6, ->ra"),
    (0x00003001, 32, 0x4, "bstart.std cond, 0x4"),
    (0x00A14075, 32, 0, "setc.lti a0, 10"),
    (0x00000001, 32, 0, "bstop"),
    (0x0840, 16, 0, "c.bstart.sys"),
    (0xC02C, 16, 0, "c.ebreak 0"),
    (0x00004507, 32, 0, "setret 0x8, ->ra"),
    (0x00020037, 32, 0x4, "j 0xc"),
    (0x00056027, 32, 0, "jr ra, 0"),
    (0x50960082, 32, 0, "bstart.call 0x10, 0x6, ->ra"),
    (0x3800, 16, 0, "c.bstart.std ret"),
    (0x0000, 16, 0, "c.bstop"),
]


@pytest.mark.parametrize(("insn", "length", "pc", "text"), WORKED, ids=[w[3] for w in WORKED])
def test_worked_examples(insn, length, pc, text):
    """CORE.md §2.4 and §1.9: the word renders as the canonical text, and the text
    assembles back to the word."""
    form, value, got_length = STRICT.decode_bytes(insn.to_bytes(length // 8, "little"))
    assert got_length == length and value == insn
    assert S.render(form, form.values(insn), pc) == text
    assert _parse_text(text, pc)[2] == insn


# Examples from the spec's rendered docs (docs/scalar/**/<MNEMONIC>.md, "Examples"),
# with the field codes they must produce.
DOC_EXAMPLES = [
    ("add t#1, u#1.neg<<1, ->u", {"SrcL": 24, "SrcR": 28, "SrcRType": 2, "shamt": 1, "RegDst": 30}),  # ADD.md
    ("add a0, a1, ->a2", {"SrcRType": 3, "shamt": 0, "RegDst": 4}),  # ADD.md: no suffix = 11
    ("add zero, a0.sw, ->zero", {"SrcRType": 0, "RegDst": 0}),  # ADD.md
    ("and t#1, u#1.not<<1, ->u", {"SrcRType": 2, "shamt": 1}),  # AND.md
    ("csel t#1, u#1, a0.neg, ->u", {"SrcP": 24, "SrcL": 28, "SrcR": 2, "SrcRType": 3}),  # CSEL.md
    ("csel a0, a1, a2, ->a3", {"SrcRType": 0}),  # CSEL.md (the canonical unmodified alias)
    ("fcvt.fd2fs a0, ->a1", {"SrcType": 0, "DstType": 1}),  # FCVT.md
    ("fcvt.fs2fd t#1, ->u", {"SrcType": 1, "DstType": 0, "RegDst": 30}),  # FCVT.md
    ("fcvtz.fs2sw t#1, ->u", {"SrcType": 1, "DstType": 9}),  # FCVTZ.md
    ("fcvta.fd2sd a0, ->a1", {"SrcType": 0, "DstType": 8}),  # FCVTA.md
    ("scvtf.sd2fd a0, ->a1", {"SrcType": 0, "DstType": 0}),  # SCVTF.md
    ("ucvtf.uw2fs t#1, ->u", {"SrcType": 1, "DstType": 1}),  # UCVTF.md
    ("fmadd.fs t#1, u#1, a0, ->t", {"SrcType": 1, "SrcA": 2, "RegDst": 31}),  # FMADD.md
    ("bcnt a0, 0, 64, ->a1", {"imms": 0, "imml": 63}),  # BCNT.md: M = start, N = width
    ("bic a0, 60, 8, ->a1", {"imms": 60, "imml": 7}),  # BIC.md
    ("rev u#1, 60, 16, ->t", {"immr": 60, "imml": 15, "SrcL": 28}),  # REV.md
    ("hl.bfi a0, a1, 8, 15, ->a2", {"immr": 8, "imms": 15}),  # HL.BFI.md
    ("C.BSTART.SYS FALL", {}),  # docs/block/encoding/C.BSTART.SYS.md
    ("BSTART.SYS FALL", {"simm17": 0}),  # docs/block/execution/BSTART.SYS.md
]


@pytest.mark.parametrize(("text", "fields"), DOC_EXAMPLES, ids=[d[0] for d in DOC_EXAMPLES])
def test_doc_examples(text, fields):
    form, values, insn = _parse_text(text, 0)
    for name, code in fields.items():
        assert values[name] == code, name
    assert _parse_text(S.render(form, values, 0), 0)[2] == insn


@pytest.mark.parametrize(("text", "fields"), [
    ("cmp.eq a0, a1, ->a2", {"SrcRType": 0}),
    ("cmp.eq a0, a1.sw, ->a2", {"SrcRType": 1}),
    ("cmp.ltu a0, a1.uw, ->a2", {"SrcRType": 2}),
    ("cmp.eq a0, a1.neg, ->a2", {"SrcRType": 3}),
    ("cmp.and a0, a1.not, ->a2", {"SrcRType": 3}),
    ("ld [a0, a1], ->a2", {"SrcRType": 0, "shamt": 0}),
    ("ld [a0, a1.uw<<3], ->a2", {"SrcRType": 2, "shamt": 3}),
    ("csel a0, a1, a2.id1, ->a3", {"SrcRType": 1}),
    ("csel a0, a1, a2.id2, ->a3", {"SrcRType": 2}),
    ("lr.d [a0], ->a1", {"aq": 0, "rl": 0, "far": 0}),
    ("lr.d.aq [a0], ->a1", {"aq": 1, "rl": 0, "far": 0}),
    ("sc.w.aqrl a1, [a0], ->a2", {"aq": 1, "rl": 1, "far": 0}),
    ("ld.add.rlf [a0], a1, ->a2", {"aq": 0, "rl": 1, "far": 1}),
    ("sd.add.f [a0], a1", {"rl": 0, "far": 1}),
    ("hl.prf.l2 [a0, a1]", {"model": 1}),
    ("hl.qpush.her a0, a1, ->a2", {"h": 1, "e": 1, "r": 1}),
    ("hl.qmt.ie t#1, u#1, ->a2", {"i": 1, "e": 1, "s": 0, "r": 0}),
    ("c.bstart.std fall", {"BrType": 1}),
    ("c.bstart.std ind", {"BrType": 5}),
    ("c.bstart.std ret", {"BrType": 7}),
    ("addi a0, 1, ->t", {"RegDst": 31}),
    ("addi a0, 1, ->u", {"RegDst": 30}),
    ("addi a0, 1, ->r24", {"RegDst": 24}),
    ("addi r31, 1, ->r2", {"SrcL": 31, "RegDst": 2}),
    ("ADDI A0, 0X10, ->FP", {"SrcL": 2, "uimm12": 16, "RegDst": 11}),
    ("lui -1, ->a0", {"imm20": 0xFFFFF}),
    ("lui 0xfffff, ->a0", {"imm20": 0xFFFFF}),
    ("ldi [ sp , 248 ] , -> a0", {"simm12": 31}),
    ("b.dim a0, 5, ->lb1", {"RegSrc": 2, "uimm17": 5}),
    ("c.b.dimi 7, ->lb2", {"imm8": 7, "LoopNest": 2}),
])
def test_modifiers_suffixes_and_registers(text, fields):
    """SrcRType tables (asl/scalar/model/dispatch/decode.asl), order/flag/level suffixes,
    BrType names, Reg5 destination spellings, byte offsets and spacing."""
    form, values, _ = _parse_text(text, 0)
    for name, code in fields.items():
        assert values[name] == code, name


def test_b_dim_picks_the_form_by_loop_level():
    forms = {_parse_text(f"b.dim a0, 1, ->lb{k}", 0)[0].form_id for k in range(3)}
    assert len(forms) == 3


def test_render_uses_symbols_for_targets():
    form, values, insn = _parse_text("j 0x10010", 0x10000)
    assert S.render(form, values, 0x10000, {0x10010: "loop"}.get) == "j loop"
    assert S.render(form, values, 0x10000) == "j 0x10010"


def test_hidden_field_is_reported():
    """JR ignores SrcZero [24:20] (ADR-0027): the template does not show it."""
    form = next(f for f in FORMS if f.mnemonic == "JR")
    values = form.values(form.match | (5 << 20) | (10 << 15))
    assert S.hidden_fields(form, values) == ["SrcZero"]
    assert S.render(form, values, 0) == "jr ra, 0"


@pytest.mark.parametrize(("text", "col", "message"), [
    ("ldi [sp, 13], ->a0", 9, "offset 13 is not a multiple of the access size 8; expected a multiple of 8"),
    ("ldi [sp, 16384], ->a0", 9, "offset 16384 is out of range for simm12; expected -16384..16376 in steps of 8"),
    ("addi a0, 4096, ->a0", 9, "value 4096 is out of range for uimm12; expected 0..4095"),
    ("addi q7, 1, ->a0", 5, "unknown register 'q7'"),
    ("addi a0, 1, a0", 12, "unexpected 'a0'; expected '->'"),
    ("addi a0, 1, ->t#1", 14, "'t#1' reads a queue and cannot be a destination"),
    ("add a0, t, ->a0", 8, "'t' is only a destination; expected t#1..t#4 to read the queue"),
    ("add a0, a1.xyz, ->a0", 10, "unknown modifier '.xyz'; expected .sw, .uw, .neg or nothing"),
    ("addi a0, a1, ->a0", 9, "'a1' is a register; expected an immediate value or a label"),
    ("j 0x10001", 2, "target 0x10001 is odd; expected an even (2-byte aligned) address"),
    ("c.bstart direct, 0x20000", 17, "target 0x20000 is out of range"),
    ("c.movi 3, ->ra", 12, "illegal C.MOVI: RegDst must not be 10"),
    ("bstart.std sideways", 11, "unexpected 'sideways'; expected 'ret', 'ind', 'cond', 'fall' or 'direct'"),
    ("c.bstart.std icall", 13, "illegal C.BSTART.STD: BrType must be one of [1, 5, 7]"),
    ("addi a0, 1, ->a0, 5", 16, "unexpected ','; expected end of operands"),
    ("addi a0, (1 + , ->a0", 14, "unexpected ','"),
])
def test_errors_name_column_and_expectation(text, col, message):
    mnemonic, _, operands = text.partition(" ")
    with pytest.raises(S.SyntaxProblem) as info:
        S.encode_statement(mnemonic, operands, 0x10000, lambda name: None)
    # columns are 0-based within the operands; the assembler adds the line position
    assert info.value.col == col - len(mnemonic) - 1
    assert message in info.value.text()


def test_unknown_mnemonic():
    with pytest.raises(S.UnknownMnemonic):
        S.encode_statement("adi", "a0, 1, ->a0", 0, lambda name: None)


@pytest.mark.parametrize(("text", "value"), [
    ("42", 42), ("-42", -42), ("0x2a", 42), ("0X2A", 42), ("0b101010", 42), ("0o52", 42),
    ("0x8000_0000", 0x80000000), ("1_000", 1000), ("'a'", 97), ("'\\n'", 10), ("'\\x41'", 65),
    ("'\\''", 39), ("' '", 32), ("sym", 0x1000), ("sym+8", 0x1008), ("sym - 8", 0xFF8),
    ("(sym+8)*2", 0x2010), ("-(3)", -3), ("~0", -1), ("(1 << 12) | 5", 4101), ("17 / 5", 3),
    ("-17 / 5", -3), ("-17 % 5", -2), ("6 & 3 ^ 1", 3), (".", 0x2000), ("1b", 0x3000),
])
def test_expressions(text, value):
    names = {"sym": 0x1000, ".": 0x2000, "1b": 0x3000}
    assert S.evaluate(text, names.get) == value


@pytest.mark.parametrize(("text", "message"), [
    ("nowhere", "undefined symbol 'nowhere'"), ("1f", "no local label '1:' after this line"),
    ("4 / 0", "division by zero"), ("(4", "expected ')'"), ("12ab", "bad number '12ab'"),
    ("1 2", "unexpected '2'; expected end of the expression"),
])
def test_expression_errors(text, message):
    with pytest.raises(S.SyntaxProblem) as info:
        S.evaluate(text, {}.get)
    assert message in info.value.text()


# ---------------------------------------------------------------- bounded work (issue 10)
@pytest.mark.parametrize(("text", "value"), [
    ("(" * 256 + "1" + ")" * 256, 1),  # the nesting limit itself is fine
    ("-" * 100_000 + "1", 1),  # unary runs do not recurse
    ("~" * 100_001 + "0", -1),
    ("+".join(["1"] * 100_000), 100_000),  # long chains do not recurse either
    ("(" * 200 + "2" + ")*2" * 10 + ")" * 190, 2048),
], ids=lambda v: v[:12] if isinstance(v, str) else str(v))
def test_deep_and_long_expressions_evaluate(text, value):
    assert S.evaluate(text, {}.get) == value


@pytest.mark.parametrize(("text", "col", "message"), [
    ("(" * 1000 + "1" + ")" * 1000, 256, "parentheses nested more than 256 deep"),
    ("1 + " + "7" * 5000, 4, "number too long (5000 characters)"),
    ("0x" + "f" * 4400, 0, "number too long"),
    ("(1" + "<<4095" * 4 + ")", 14, "value is too large"),
], ids=lambda v: v[:12] if isinstance(v, str) else str(v))
def test_expression_bounds_are_clear_errors(text, col, message):
    with pytest.raises(S.SyntaxProblem) as info:
        S.evaluate(text, {}.get)
    assert message in info.value.text() and info.value.col == col
    assert "sys.set_int_max_str_digits" not in info.value.text()
