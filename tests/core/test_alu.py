"""ALU conformance: pto-spec AVS points restated (``tests/asl/scalar/alu/**`` and the
ALU model/dispatch points under ``tests/asl/scalar/model/``), then ptodbg's own tests for
what the AVS cover thinly: SrcRType modifiers with shamt, W-form sign extension,
immediate extension, shift amounts, division edges, bitfield widths, queue and discard
destinations, and source snapshots.  Semantics: ``asl/scalar/model/alu/semantics.asl``,
``asl/scalar/model/dispatch/alu.asl``, ``dispatch/decode.asl``."""

from __future__ import annotations

import pytest
from support.avs import fresh, run_word, word
from support.scalar import SCALAR, M, insn, machine, neg, run

from ptodbg.core.faults import ILLEGAL_INST
from ptodbg.core.semantics import builders
from ptodbg.isa.decoder import decode
from ptodbg.isa.forms import SCALAR_FORMS


# ======================================================================= AVS points
def test_avs_addi_decode():
    """PTO-AVS-SCALAR-ADDI-DECODE-001: 0x00000015 is scalar form 3 (ADDI), all fields 0."""
    form = decode(0x15, 32)
    assert form is not None
    assert (form.surface, form.index, form.mnemonic) == ("scalar", 3, "ADDI")
    assert form.values(0x15) == {"RegDst": 0, "SrcL": 0, "uimm12": 0}


@pytest.mark.parametrize(("avs", "base", "before", "after"), [
    ("PTO-AVS-SCALAR-ADDI-RESULT-001", 0x15, M, 0),  # addi r1, 1 -> r1 wraps ~0 to 0
    ("PTO-AVS-SCALAR-SUBI-RESULT-001", 0x1015, 0, M),  # subi r1, 1 -> r1 wraps 0 to ~0 (unsigned imm)
])
def test_avs_addi_subi_result(avs, base, before, after):
    """PTO-AVS-SCALAR-{ADDI,SUBI}-RESULT-001: r1 +/- 1 wraps; TPC + 4."""
    m = machine(0x40, r1=before)
    res = run_word(m, word(base, (11, 7, 1), (19, 15, 1), (31, 20, 1)))
    assert res.kind == "executed" and res.trap is None, avs
    assert m.r[1] == after
    assert m.pc == 0x44


@pytest.mark.parametrize(("avs", "base", "source", "code", "destination", "result"), [
    # addi t#1, 4095 -> u: 5 + 4095; T is not consumed
    ("PTO-AVS-SCALAR-ADDI-ALIASES-001", 0x15, ("t", 5), 24, ("u", 30), 4100),
    # subi u#1, 4095 -> t: 5000 - 4095; U is not consumed
    ("PTO-AVS-SCALAR-SUBI-ALIASES-001", 0x1015, ("u", 5000), 28, ("t", 31), 905),
])
def test_avs_addi_subi_aliases(avs, base, source, code, destination, result):
    """PTO-AVS-SCALAR-{ADDI,SUBI}-ALIASES-001: a queue's T#1/U#1 (SrcL code 24/28) as the
    source and the other queue (RegDst 30 = U, 31 = T) as the destination."""
    (queue, value), (dst_queue, dst_code) = source, destination
    m = fresh()
    getattr(m, f"push_{queue}")(value)
    res = run_word(m, word(base, (11, 7, dst_code), (19, 15, code), (31, 20, 0xFFF)))
    assert res.kind == "executed", avs
    assert m.queue(queue)[0] == value
    assert m.queue(dst_queue)[0] == result


def test_avs_addw_modifier():
    """PTO-AVS-SCALAR-ADDW-MODIFIER-001: SrcRType 10 negates before << shamt:
    0xa + (-3 << 1) = 4."""
    m = machine(0x40, r1=0xA, r2=3)
    run_word(m, word(0x25, (11, 7, 1), (19, 15, 1), (24, 20, 2), (26, 25, 0b10), (31, 27, 1)))
    assert m.r[1] == 4
    assert m.pc == 0x44


def test_avs_div_totality():
    """PTO-AVS-SCALAR-DIV-TOTALITY-001 and PTO-AVS-SCALAR-DIVU-TOTALITY-001:
    -7 / 3 = -2 (truncating); 7 /u 3 = 2."""
    m = machine(r1=neg(7), r2=3)
    run_word(m, word(0x57, (11, 7, 3), (19, 15, 1), (24, 20, 2)))
    assert m.r[3] == neg(2)
    m = machine(r1=7, r2=3)
    run_word(m, word(0x1057, (11, 7, 3), (19, 15, 1), (24, 20, 2)))
    assert m.r[3] == 2


def test_avs_div_boundaries_and_zero_divisor():
    """PTO-AVS-SCALAR-ALU-TOTALITY-001 (DIV boundary-zero/lower/upper, instruction
    0x002081d7 = div r1, r2 -> r3): 5 / 0 = 0, MIN / -1 = MIN, -1 / -1 = 1."""
    for left, right, quotient in ((5, 0, 0), (1 << 63, M, 1 << 63), (M, M, 1)):
        m = machine(r1=left, r2=right, r3=0x5555555555555555)
        res = run_word(m, 0x002081D7)
        assert res.kind == "executed"
        assert m.r[3] == quotient
        assert (m.r[1], m.r[2], m.pc) == (left, right, 0x104)


def test_avs_hl_div_pair():
    """PTO-AVS-SCALAR-HL-DIV-PAIR-001: hl.div -7, 3 -> quotient -2 to Dst0, remainder -1
    to Dst1."""
    m = machine(r1=neg(7), r2=3)
    run_word(m, word(0x57000E, (27, 23, 3), (15, 11, 4), (35, 31, 1), (40, 36, 2)), 48)
    assert m.r[3] == neg(2)
    assert m.r[4] == M
    assert m.pc == 0x106


def test_avs_hl_rem_pair_and_order():
    """PTO-AVS-SCALAR-HL-REM-PAIR-001: hl.rem -7, 3 -> remainder -1 to Dst0, quotient -2
    to Dst1.  PTO-AVS-SCALAR-HL-REM-ORDER-002 / PTO-AVS-SCALAR-HL-REMU-ORDER-002: with
    Dst0 = Dst1 the quotient (written second) survives."""
    m = machine(r1=neg(7), r2=3)
    run_word(m, word(0x4057000E, (27, 23, 3), (15, 11, 4), (35, 31, 1), (40, 36, 2)), 48)
    assert (m.r[3], m.r[4]) == (M, neg(2))
    for base in (0x4057000E, 0x5057000E):
        m = machine(r1=7, r2=3)
        run_word(m, word(base, (27, 23, 3), (15, 11, 3), (35, 31, 1), (40, 36, 2)), 48)
        assert m.r[3] == 2
    m = machine(r1=7, r2=3)
    run_word(m, word(0x5057000E, (27, 23, 3), (15, 11, 4), (35, 31, 1), (40, 36, 2)), 48)
    assert (m.r[3], m.r[4]) == (1, 2)  # PTO-AVS-SCALAR-HL-REMU-PAIR-001


def test_avs_hl_mul_product():
    """PTO-AVS-SCALAR-HL-MUL-PRODUCT-001: hl.mul -2, 3 -> low -6, high all-ones."""
    m = machine(r1=neg(2), r2=3)
    run_word(m, word(0x47000E, (27, 23, 3), (15, 11, 4), (35, 31, 1), (40, 36, 2)), 48)
    assert (m.r[3], m.r[4]) == (neg(6), M)


def test_avs_hl_maddw():
    """PTO-AVS-SCALAR-HL-MADDW-ACCUMULATE-001: sext words: -1 + (-2 * 3) = -7, high
    word all-ones.  PTO-AVS-SCALAR-HL-MADDW-HALVES-002: 0x7fffffff^2 splits into
    low 1 and high 0x3fffffff."""
    m = machine(r1=0xFFFFFFFF, r2=0xFFFFFFFE, r3=3)
    base = word(0x7047000E, (27, 23, 4), (15, 11, 5), (47, 43, 1), (35, 31, 2), (40, 36, 3))
    run_word(m, base, 48)
    assert (m.r[4], m.r[5]) == (0xFFFFFFFFFFFFFFF9, M)
    m = machine(r1=0, r2=0x7FFFFFFF, r3=0x7FFFFFFF)
    run_word(m, base, 48)
    assert (m.r[4], m.r[5]) == (1, 0x3FFFFFFF)


def test_avs_pair_aliases():
    """PTO-AVS-SCALAR-ALU-PAIR-ALIAS-EXEC-005: pair forms snapshot sources, then write
    Dst0 then Dst1 (hl.div 23, 5 = 4 rem 3)."""
    base = 0x57000E
    m = machine(r2=23, r3=5)
    run_word(m, word(base, (35, 31, 2), (40, 36, 3), (27, 23, 2), (15, 11, 3)), 48)
    assert (m.r[2], m.r[3]) == (4, 3)
    m = machine(r2=23, r3=5)
    run_word(m, word(base, (35, 31, 2), (40, 36, 3), (27, 23, 4), (15, 11, 4)), 48)
    assert m.r[4] == 3
    m = fresh()
    for v in (1, 2, 3, 23):
        m.push_t(v)
    for v in (10, 20, 30, 5):
        m.push_u(v)
    run_word(m, word(base, (35, 31, 24), (40, 36, 28), (27, 23, 31), (15, 11, 30)), 48)
    assert m.queue("t")[:2] == [4, 23]
    assert m.queue("u")[:2] == [3, 5]
    m.r[2], m.r[3] = 23, 5
    run_word(m, word(base, (35, 31, 2), (40, 36, 3), (27, 23, 31), (15, 11, 31)), 48)
    assert m.queue("t")[:3] == [3, 4, 4]


def test_avs_queue_aliases():
    """PTO-AVS-SCALAR-ALU-QUEUE-ALIAS-EXEC-002: every T/U source position reaches ADD;
    a push to T reads the pre-push T#1."""
    m = fresh()
    for v in (1, 2, 3, 4):
        m.push_t(v)
    for v in (10, 20, 30, 40):
        m.push_u(v)
    m.r[1] = 100
    expected = {24: 104, 25: 103, 26: 102, 27: 101, 28: 140, 29: 130, 30: 120, 31: 110}
    for code, value in expected.items():
        run_word(m, word(0x5, (11, 7, 4), (19, 15, code), (24, 20, 1)))
        assert m.r[4] == value
    run_word(m, word(0x5, (11, 7, 4), (19, 15, 24), (24, 20, 31)))
    assert m.r[4] == 14
    m.r[3] = 6
    run_word(m, word(0x5, (11, 7, 31), (19, 15, 24), (24, 20, 3)))
    assert m.queue("t") == [10, 4, 3, 2]


def test_avs_c_add_queue():
    """PTO-AVS-SCALAR-C-ADD-QUEUE-001: c.add t#1, u#1 pushes 5 + 3 to T; TPC + 2."""
    m = machine()
    m.push_t(5)
    m.push_u(3)
    run_word(m, word(0x8, (10, 6, 24), (15, 11, 28)), 16)
    assert m.queue("t")[:2] == [8, 5]
    assert m.queue("u")[0] == 3
    assert m.pc == 0x102


def test_avs_c_add_readiness():
    """PTO-AVS-SCALAR-C-ADD-READINESS-001: c.add t#4, r1 with an empty T queue is
    ILLEGAL_INST before the push; TPC stays."""
    m = machine(0x200, r1=0x55)
    res = run_word(m, word(0x8, (10, 6, 27), (15, 11, 1)), 16)
    assert res.trap is not None and res.trap.number == ILLEGAL_INST
    assert m.t_valid == 0
    assert m.r[1] == 0x55
    assert m.pc == 0x200


def test_avs_c_slli_queue_and_readiness():
    """PTO-AVS-SCALAR-C-SLLI-QUEUE-001: c.slli t#1, 1 pushes 2 (bit 63 shifted out).
    PTO-AVS-SCALAR-C-SLLI-READINESS-001: with T empty it is ILLEGAL_INST."""
    m = machine()
    m.push_t(0x8000000000000001)
    run_word(m, word(0x102C, (10, 6, 1)), 16)
    assert m.queue("t")[:2] == [2, 0x8000000000000001]
    assert m.pc == 0x102
    m = machine(0x200, r1=0x55)
    res = run_word(m, word(0x102C, (10, 6, 1)), 16)
    assert res.trap is not None and res.trap.number == ILLEGAL_INST
    assert (m.t_valid, m.r[1], m.pc) == (0, 0x55, 0x200)


def test_avs_c_sext_b():
    """PTO-AVS-SCALAR-C-SEXT-B-MATERIALIZE-001: c.sext.b t#1 of 0x80 pushes
    0xffffffffffffff80."""
    m = fresh()
    m.push_t(0x80)
    run_word(m, word(0x401C, (10, 6, 24)), 16)
    assert m.queue("t")[:2] == [0xFFFFFFFFFFFFFF80, 0x80]


def test_avs_csel_select():
    """PTO-AVS-SCALAR-CSEL-SELECT-001: any nonzero predicate selects SrcL; SrcRType 11
    negates the false source."""
    m = machine(r1=1 << 63, r2=0x1111, r3=7)
    true_insn = word(0x77, (11, 7, 4), (19, 15, 2), (24, 20, 3), (26, 25, 0b11), (31, 27, 1))
    run_word(m, true_insn)
    assert m.r[4] == 0x1111 and m.pc == 0x104
    m.r[1] = 0
    run_word(m, word(true_insn, (11, 7, 5)))
    assert m.r[5] == neg(7) and m.pc == 0x108


def test_avs_csel_aliases():
    """PTO-AVS-SCALAR-CSEL-ALIASES-001: csel t#1, u#1, u#1 (SrcRType 10 = unmodified)
    -> t; the predicate T#1 = 1 selects 0x55 and the push keeps T#1 below it."""
    m = fresh()
    m.push_t(1)
    m.push_u(0x55)
    run_word(m, word(0x77, (11, 7, 31), (19, 15, 28), (24, 20, 28), (26, 25, 0b10), (31, 27, 24)))
    assert m.queue("u")[0] == 0x55
    assert m.queue("t")[:2] == [0x55, 1]


def test_avs_csel_readiness():
    """PTO-AVS-SCALAR-CSEL-READINESS-001: an unavailable T#4 false source faults before
    selection, whatever the predicate."""
    m = machine(0x200, r1=1, r2=0x22, r3=0x33, r4=0x44)
    res = run_word(m, word(0x77, (11, 7, 4), (19, 15, 2), (24, 20, 27), (31, 27, 1)))
    assert res.trap is not None and res.trap.number == ILLEGAL_INST
    assert (m.r[4], m.pc) == (0x44, 0x200)


def test_avs_hl_ccat():
    """PTO-AVS-SCALAR-HL-CCAT-SHIFT-001: {SrcL, SrcR} >> 64 = (SrcL, 0).
    PTO-AVS-SCALAR-HL-CCATW-SHIFT-001: shamt 0 gives sext(SrcR[31:0]), sext(SrcL[31:0]).
    PTO-AVS-SCALAR-HL-CCAT-READINESS-001: an unavailable T#4 writes neither destination."""
    m = machine(r1=0x0123456789ABCDEF, r2=0xFEDCBA9876543210)
    ccat = word(0x105D000E, (27, 23, 3), (15, 11, 4), (35, 31, 1), (40, 36, 2), (47, 41, 64))
    run_word(m, ccat, 48)
    assert (m.r[3], m.r[4]) == (0x0123456789ABCDEF, 0)
    m = machine(r1=0x80000001, r2=0x7FFFFFFF)
    run_word(m, word(0x205D000E, (27, 23, 3), (15, 11, 4), (35, 31, 1), (40, 36, 2)), 48)
    assert (m.r[3], m.r[4]) == (0x7FFFFFFF, 0xFFFFFFFF80000001)
    m = machine(0x90)
    res = run_word(m, word(0x105D000E, (27, 23, 3), (15, 11, 4), (35, 31, 27), (40, 36, 1)), 48)
    assert res.trap is not None and res.trap.number == ILLEGAL_INST
    assert (m.r[3], m.r[4], m.pc) == (0, 0, 0x90)


def test_avs_lui_family():
    """PTO-AVS-SCALAR-LUI-MATERIALIZE-001: lui 0x80000 -> sext << 12 = 0xffffffff80000000.
    PTO-AVS-SCALAR-HL-LUI-MATERIALIZE-001 / PTO-AVS-SCALAR-HL-LUI-UPPER-002: hl.lui puts
    imm32 in bits 63:32."""
    m = fresh()
    run_word(m, word(0x17, (11, 7, 2), (31, 12, 0x80000)))
    assert m.r[2] == 0xFFFFFFFF80000000
    run_word(m, word(0x17000E, (27, 23, 2), (15, 4, 0x800)), 48)
    assert m.r[2] == 0x8000000000000000
    run_word(m, word(0x17000E, (27, 23, 2), (47, 28, 1)), 48)
    assert m.r[2] == 0x0000000100000000


def test_avs_bitfield_wraps():
    """PTO-AVS-SCALAR-BXS-WRAP-001: a 2-bit field at offset 63 wraps to bit 0
    (bxs -> -1).  PTO-AVS-SCALAR-BIC-WRAP-001: bic clears bits 63 and 0.
    PTO-AVS-SCALAR-BXS-SELECTORS-001: bxs t#1 -> t keeps T#1.
    PTO-AVS-SCALAR-HL-BFI-WRAP-001: hl.bfi immr 63, imms 0 inserts 2 bits at 63..0."""
    m = machine(r1=0x8000000000000001)
    run_word(m, word(0x67, (11, 7, 2), (19, 15, 1), (25, 20, 1), (31, 26, 63)))
    assert m.r[2] == M
    m = machine(r1=M)
    run_word(m, word(0x2067, (11, 7, 2), (19, 15, 1), (25, 20, 1), (31, 26, 63)))
    assert m.r[2] == 0x7FFFFFFFFFFFFFFE
    m = fresh()
    m.push_t(M)
    run_word(m, word(0x67, (11, 7, 31), (19, 15, 24)))
    assert m.queue("t")[:2] == [M, M]
    m = machine(r1=0, r2=3)
    bfi = word(0x204D000E, (27, 23, 3), (35, 31, 1), (40, 36, 2), (9, 4, 63), (15, 10, 0))
    run_word(m, bfi, 48)
    assert m.r[3] == 0x8000000000000001


# ================================================================ ptodbg's own tests
def test_every_alu_bru_form_has_a_builder():
    """Every ALU and BRU form of the table, and SETC.TGT, binds to a builder."""
    names = {f.mnemonic for f in SCALAR_FORMS if f.family in ("ALU", "BRU")} | {"SETC.TGT"}
    assert len(names) == 166
    missing = sorted(names - builders().keys())
    assert missing == []


@pytest.mark.parametrize(
    ("name", "mod", "sh", "left", "right", "result"),
    [
        ("ADD", 3, 0, 1, 2, 3),
        ("ADD", 3, 3, 1, 2, 17),
        ("ADD", 0, 0, 0, 0x00000000_80000000, 0xFFFFFFFF_80000000),  # sext low word
        ("ADD", 1, 0, 0, 0xFFFFFFFF_80000000, 0x80000000),  # zext low word
        ("ADD", 2, 1, 10, 3, 4),  # negate, then << 1
        ("SUB", 3, 0, 0, 1, M),
        ("SUB", 2, 0, 5, 3, 8),  # 5 - (-3)
        ("SUB", 0, 4, 0, 0xFFFFFFFF, 0x10),  # 0 - (sext(-1) << 4)
        ("AND", 3, 0, 0xFF, 0x0F, 0x0F),
        ("AND", 2, 0, 0xFF, 0x0F, 0xF0),  # NOT for the logical family
        ("AND", 3, 4, 0xFF, 0x0F, 0xF0),
        ("OR", 3, 0, 0xF0, 0x0F, 0xFF),
        ("OR", 2, 0, 0, 0, M),
        ("OR", 1, 31, 0, M, 0x7FFFFFFF_80000000),  # shamt is 5 bits
        ("XOR", 3, 0, 0xFF, 0x0F, 0xF0),
        ("XOR", 2, 0, 0, 1, M - 1),
        ("XOR", 0, 0, 0, 0x80000000, 0xFFFFFFFF_80000000),
    ],
)
def test_binary_modifiers(name, mod, sh, left, right, result):
    """PrepareScalarRight: SrcRType 00 sext / 01 zext / 10 negate-or-NOT / 11 none, then
    << shamt (asl/scalar/model/dispatch/decode.asl DecodeScalarBinaryRightModifier)."""
    for dest in (3, 31):  # fast GPR closure and the generic writer path
        m = machine(r1=left, r2=right)
        run(m, name, RegDst=dest, SrcL=1, SrcR=2, SrcRType=mod, shamt=sh)
        got = m.r[3] if dest == 3 else m.queue("t")[0]
        assert got == result
        assert m.pc == 0x104


@pytest.mark.parametrize(
    ("name", "left", "right", "result"),
    [
        ("ADDW", 0x7FFFFFFF, 1, 0xFFFFFFFF_80000000),
        ("ADDW", 0xDEAD_0000_0000_0001, 1, 2),
        ("SUBW", 0, 1, M),
        ("SUBW", 0x1_0000_0000, 0, 0),
        ("ANDW", M, 0x80000000, 0xFFFFFFFF_80000000),
        ("ORW", 0x1_0000_0000, 0x7FFFFFFF, 0x7FFFFFFF),
        ("XORW", 0xFFFFFFFF, 0x7FFFFFFF, 0xFFFFFFFF_80000000),
    ],
)
def test_word_forms_sign_extend(name, left, right, result):
    """ScalarBinaryW: 32-bit result, sign-extended; upper source bits ignored."""
    m = machine(r1=left, r2=right)
    run(m, name, RegDst=3, SrcL=1, SrcR=2, SrcRType=3)
    assert m.r[3] == result


@pytest.mark.parametrize(
    ("name", "imm", "left", "result"),
    [
        ("ADDI", 0xFFF, 1, 0x1000),  # unsigned 12-bit immediate, no sign extension
        ("SUBI", 0xFFF, 0, neg(0xFFF)),
        ("ANDI", -1, 0x1234_5678_9ABC_DEF0, 0x1234_5678_9ABC_DEF0),  # sext(-1)
        ("ANDI", 0x7FF, M, 0x7FF),
        ("ORI", -2048, 0, neg(2048)),
        ("XORI", -1, 0x0F, M ^ 0x0F),
        ("ADDIW", 1, 0x7FFFFFFF, 0xFFFFFFFF_80000000),
        ("SUBIW", 1, 0x1_0000_0000, M),
        ("ANDIW", -1, 0xFFFF_FFFF_8000_0000, 0xFFFFFFFF_80000000),
        ("ORIW", 1, 0x1_0000_0000, 1),
        ("XORIW", -1, 0, M),
        ("HL.ADDI", 0xFFFFFF, 1, 0x1000000),
        ("HL.SUBI", 0xFFFFFF, 0, neg(0xFFFFFF)),
        ("HL.ANDI", -(1 << 23), M, neg(1 << 23)),
        ("HL.ORI", 0x7FFFFF, 0, 0x7FFFFF),
        ("HL.XORI", -1, 1, M - 1),
        ("HL.ADDIW", 0xFFFFFF, 0x7F000001, 0xFFFFFFFF_80000000),
        ("HL.SUBIW", 1, 0, M),
        ("HL.ANDIW", -1, 0x8000_0000, 0xFFFFFFFF_80000000),
        ("HL.ORIW", -(1 << 23), 0, 0xFFFFFFFF_FF800000),
        ("HL.XORIW", 0x7FFFFF, 0x7FFFFF, 0),
    ],
)
def test_immediate_forms(name, imm, left, result):
    """ADDI/SUBI zero-extend (CORE.md §7.16), the logical immediates sign-extend;
    W forms work on the low word."""
    field = next(f.name for f in SCALAR[name].fields if "imm" in f.name)
    m = machine(r5=left)
    res = run(m, name, RegDst=6, SrcL=5, **{field: imm})
    assert m.r[6] == result
    assert m.pc == 0x100 + SCALAR[name].size
    assert res.trap is None


# register-register operations: (name, left = R1, right = R2, result in R3)
SHIFTS = [  # the amount is SrcR[5:0] (W forms: SrcR[4:0])
    ("SLL", 1, 65, 2),  # SrcR[5:0]
    ("SRL", 1 << 63, 63, 1),
    ("SRA", 1 << 63, 63, M),
    ("SRA", 0x4000_0000_0000_0000, 62, 1),
    ("SLLW", 1, 31, 0xFFFFFFFF_80000000),
    ("SLLW", 1, 33, 2),  # SrcR[4:0]
    ("SRLW", 0xFFFF_FFFF_8000_0000, 31, 1),
    ("SRAW", 0x8000_0000, 31, M),
    ("SRAW", 0xFFFF_FFFF_0000_0008, 3, 1),
]
MIN_MAX_MULTIPLY = [
    ("MIN", M, 1, M),
    ("MAX", M, 1, 1),
    ("MINU", M, 1, 1),
    ("MAXU", M, 1, M),
    ("MUL", M, M, 1),
    ("MULU", 1 << 32, 1 << 32, 0),
    ("MUL", 0x1_0000_0001, 0x1_0000_0001, 0x2_0000_0001),
    ("MULW", 0x8000_0000, 1, 0xFFFFFFFF_80000000),
    ("MULUW", 0xFFFF_FFFF, 0xFFFF_FFFF, 1),
    ("MULW", 0x1_0000_0003, 0x1_0000_0005, 15),
]
DIVISION = [  # truncating; zero divisor: quotient 0, remainder = dividend (CORE.md §7.15)
    ("DIV", neg(7), 2, neg(3)),
    ("DIV", 7, neg(2), neg(3)),
    ("DIV", 1 << 63, M, 1 << 63),
    ("DIV", 9, 0, 0),
    ("DIVU", M, 2, M >> 1),
    ("DIVU", 9, 0, 0),
    ("REM", neg(7), 2, M),  # the sign follows the dividend
    ("REM", 7, neg(2), 1),
    ("REM", 1 << 63, M, 0),
    ("REM", 9, 0, 9),
    ("REMU", M, 10, 5),
    ("REMU", 9, 0, 9),
    ("DIVW", 0xFFFF_FFF6, 3, neg(3)),  # low word -10
    ("DIVW", 0x8000_0000, 0xFFFF_FFFF, 0xFFFFFFFF_80000000),
    ("DIVW", 0x1_0000_0009, 0x1_0000_0000, 0),  # divisor low word 0
    ("DIVUW", 0xFFFF_FFFF, 2, 0x7FFFFFFF),
    ("DIVUW", 0xFFFF_FFFF, 1, M),  # quotient word sign-extended
    ("REMW", 0xFFFF_FFF6, 3, M),
    ("REMW", 0xABCD_0000_FFFF_FFF6, 0, M ^ 9),  # sext of the dividend's low word
    ("REMUW", 0xFFFF_FFFF, 16, 15),
    ("REMUW", 0x8000_0000, 0, 0xFFFFFFFF_80000000),
]


@pytest.mark.parametrize(("name", "left", "right", "result"), SHIFTS + MIN_MAX_MULTIPLY + DIVISION)
def test_register_operations(name, left, right, result):
    """Shifts by a register, min/max, multiplies and divisions: ``name r1, r2 -> r3``."""
    m = machine(r1=left, r2=right)
    run(m, name, RegDst=3, SrcL=1, SrcR=2)
    assert m.r[3] == result


@pytest.mark.parametrize(
    ("name", "left", "sh", "result"),
    [
        ("SLLI", 3, 63, 1 << 63),
        ("SRLI", M, 60, 0xF),
        ("SRAI", 1 << 63, 4, 0xF8 << 56),
        ("SRAI", 0x7FFF_FFFF_FFFF_FFFF, 62, 1),
        ("SLLIW", 3, 31, 0xFFFFFFFF_80000000),
        ("SRLIW", 0xFFFF_FFFF_FFFF_FFFF, 28, 0xF),
        ("SRAIW", 0x8000_0000, 4, 0xFFFFFFFF_F8000000),
    ],
)
def test_immediate_shifts(name, left, sh, result):
    for dest in (3, 30):
        m = machine(r1=left)
        run(m, name, RegDst=dest, SrcL=1, shamt=sh)
        assert (m.r[3] if dest == 3 else m.queue("u")[0]) == result


@pytest.mark.parametrize(
    ("name", "left", "right", "dst0", "dst1"),
    [
        ("HL.DIV", 9, 0, 0, 9),
        ("HL.DIVU", M, 0, 0, M),
        ("HL.REM", 9, 0, 9, 0),
        ("HL.REMU", 9, 4, 1, 2),
        ("HL.DIVW", 0xFFFF_FFF6, 0, 0, M ^ 9),
        ("HL.DIVUW", 0xFFFF_FFF6, 0, 0, M ^ 9),
        ("HL.REMW", 0xFFFF_FFF6, 3, M, neg(3)),
        ("HL.REMUW", 0xFFFF_FFFF, 16, 15, 0x0FFFFFFF),
        ("HL.MUL", M, M, 1, 0),
        ("HL.MUL", 1 << 63, 2, 0, M),
        ("HL.MULU", M, M, 1, M - 1),
        ("HL.MULU", M, 2, M - 1, 1),
    ],
)
def test_pair_forms(name, left, right, dst0, dst1):
    """Two-destination forms (asl/scalar/model/alu/semantics.asl Execute*Pair)."""
    m = machine(r1=left, r2=right)
    res = run(m, name, RegDst0=3, RegDst1=4, SrcL=1, SrcR=2)
    assert (m.r[3], m.r[4]) == (dst0, dst1)
    assert m.pc == 0x106
    assert ("a1", dst0) in res.writes or dst0 == 0


def test_pair_queue_destinations_and_discard():
    """Dst0 then Dst1: both to T makes Dst1 the newest; code 0 discards its half."""
    m = machine(r1=M, r2=M)
    run(m, "HL.MULU", RegDst0=31, RegDst1=31, SrcL=1, SrcR=2)
    assert m.queue("t")[:2] == [M - 1, 1]
    run(m, "HL.MULU", RegDst0=0, RegDst1=30, SrcL=1, SrcR=2)
    assert m.queue("u")[0] == M - 1
    assert m.t_valid == 0b11 and m.u_valid == 0b1


@pytest.mark.parametrize(
    ("name", "acc", "left", "right", "result"),
    [
        ("MADD", 1, 2, 3, 7),
        ("MADD", 1, M, M, 2),
        ("MADDW", 0, 0x8000_0000, 1, 0xFFFFFFFF_80000000),
        ("MADDW", 0x1_0000_0001, 0x1_0000_0002, 3, 7),
    ],
)
def test_multiply_add(name, acc, left, right, result):
    """MADD: SrcD + SrcL * SrcR; MADDW: low words of product and SrcD, sign-extended."""
    m = machine(r1=left, r2=right, r4=acc)
    run(m, name, RegDst=3, SrcL=1, SrcR=2, SrcD=4)
    assert m.r[3] == result


@pytest.mark.parametrize(
    ("name", "acc", "left", "right", "dst0", "dst1"),
    [
        ("HL.MADD", 1, M, 1, 0, 0),  # -1 * 1 + 1
        ("HL.MADD", neg(1), 0, 0, M, M),  # addend sign-extended into the high half
        ("HL.MADD", M, 1 << 63, 1 << 63, M, 0x3FFFFFFFFFFFFFFF),
        ("HL.MADDW", 0x1_0000_0000, 0x1_0000_0002, 3, 6, 0),  # operand high words ignored
    ],
)
def test_multiply_add_pair(name, acc, left, right, dst0, dst1):
    m = machine(r1=left, r2=right, r4=acc)
    run(m, name, RegDst0=3, RegDst1=5, SrcL=1, SrcR=2, SrcD=4)
    assert (m.r[3], m.r[5]) == (dst0, dst1)


def test_multiply_immediate():
    """HL.MIADD / HL.MISUB: SrcL +/- SrcR * zext(uimm19) (ScalarMultiplyImmediateAdd)."""
    m = machine(r1=100, r2=7)
    run(m, "HL.MIADD", RegDst=3, SrcL=1, SrcR=2, uimm19=3)
    assert m.r[3] == 121
    run(m, "HL.MISUB", RegDst=3, SrcL=1, SrcR=2, uimm19=3)
    assert m.r[3] == 79
    run(m, "HL.MISUB", RegDst=3, SrcL=0, SrcR=2, uimm19=0x7FFFF)
    assert m.r[3] == neg(7 * 0x7FFFF)


@pytest.mark.parametrize(
    ("name", "value", "imml", "imms", "result"),
    [
        ("BXU", 0xABCD, 7, 8, 0xAB),  # width 8 at offset 8
        ("BXS", 0x80, 7, 0, 0xFFFFFFFFFFFFFF80),
        ("BXU", M, 63, 0, M),  # width 64
        ("BXS", 0x2000000000000003, 7, 60, 0x32),  # wraps: bits 63:60 then 3:0
        ("CLZ", 0x2000000000000003, 7, 60, 2),  # PTO-AVS-SCALAR-CLZ-WRAP-001's vector
        ("CTZ", 0x2000000000000003, 7, 60, 1),  # PTO-AVS-SCALAR-CTZ-WRAP-001's vector
        ("BCNT", 0x2000000000000003, 7, 60, 3),  # PTO-AVS-SCALAR-BCNT-WRAP-001's vector
        ("CLZ", 0, 63, 0, 64),
        ("CTZ", 0, 15, 4, 16),  # a zero field counts its whole width
        ("CTZ", 1 << 63, 63, 0, 63),
        ("BCNT", M, 63, 0, 64),
        ("BIS", 0, 1, 63, 0x8000000000000001),  # PTO-AVS-SCALAR-BIS-WRAP-001's vector
        ("BIS", 0, 63, 0, M),
        ("BIC", M, 7, 4, M ^ 0xFF0),
    ],
)
def test_bitfields(name, value, imml, imms, result):
    """width = imml + 1, offset = imms (ScalarDecodedBitfieldWidth, dispatch/alu.asl)."""
    m = machine(r1=value)
    run(m, name, RegDst=3, SrcL=1, imml=imml, imms=imms)
    assert m.r[3] == result


@pytest.mark.parametrize(
    ("value", "imml", "immr", "result"),
    [
        (0x0102030405060708, 63, 0, 0x0807060504030201),
        (0x0102030405060708, 31, 0, 0x08070605),
        (0x0102030405060708, 15, 8, 0x0706),
        (0x0102030405060708, 11, 0, 0),  # width 12 is not whole bytes
    ],
)
def test_rev(value, imml, immr, result):
    """ReverseBitfieldBytes: byte-reverse the field of width imml + 1 at offset immr."""
    m = machine(r1=value)
    run(m, "REV", RegDst=3, SrcL=1, imml=imml, immr=immr)
    assert m.r[3] == result


def test_bfi_ranges():
    """InsertBitfield(base, source, first=immr, last=imms): 0xf at 62..1 wraps into
    0xc000000000000003 (PTO-AVS-SCALAR-ADD-EXECUTION-001's vector); 0..63 is a copy."""
    m = machine(r1=0, r2=0xF)
    run(m, "HL.BFI", RegDst=3, SrcL=1, SrcR=2, immr=62, imms=1)
    assert m.r[3] == 0xC000000000000003
    m = machine(r1=M, r2=0x1234)
    run(m, "HL.BFI", RegDst=3, SrcL=1, SrcR=2, immr=0, imms=63)
    assert m.r[3] == 0x1234
    run(m, "HL.BFI", RegDst=3, SrcL=1, SrcR=2, immr=4, imms=11)
    assert m.r[3] == M ^ 0xFF0 | 0x340


@pytest.mark.parametrize(
    ("name", "sh", "dst0", "dst1"),
    [
        ("HL.CCAT", 0, 0x2222, 0x1111),
        ("HL.CCAT", 4, 0x1000_0000_0000_0222, 0x111),
        ("HL.CCAT", 127, 0, 0),
        ("HL.CCATW", 4, 0x1000_0222, 0x111),
        ("HL.CCATW", 64, 0, 0),
    ],
)
def test_concatenate(name, sh, dst0, dst1):
    m = machine(r1=0x1111, r2=0x2222)
    run(m, name, RegDst0=3, RegDst1=4, SrcL=1, SrcR=2, shamt=sh)
    assert (m.r[3], m.r[4]) == (dst0, dst1)


def test_csel_modifier_codes():
    """DecodeScalarSelectRightModifier: only SrcRType 11 negates the false source."""
    for mod, expected in ((0, 7), (1, 7), (2, 7), (3, neg(7))):
        m = machine(r1=0, r2=0x99, r3=7)
        run(m, "CSEL", RegDst=4, SrcP=1, SrcL=2, SrcR=3, SrcRType=mod)
        assert m.r[4] == expected
        m.r[1] = 2
        run(m, "CSEL", RegDst=4, SrcP=1, SrcL=2, SrcR=3, SrcRType=mod)
        assert m.r[4] == 0x99


def test_long_immediates():
    m = fresh()
    run(m, "HL.LIS", RegDst=2, simm32=-2)
    assert m.r[2] == M - 1
    run(m, "HL.LIU", RegDst=2, uimm32=0xFFFF_FFFE)
    assert m.r[2] == 0xFFFF_FFFE
    run(m, "LUI", RegDst=2, imm20=0x7FFFF)
    assert m.r[2] == 0x7FFFF000
    run(m, "HL.LUI", RegDst=31, imm=0xFFFF_FFFF)
    assert m.queue("t")[0] == 0xFFFFFFFF_00000000


def test_compressed_moves():
    """C.MOVI sign-extends simm5; C.MOVR copies any Reg5 source.  (C.MOVI with RegDst 10
    is not encodable: that pattern is C.SETRET.)"""
    m = fresh()
    run(m, "C.MOVI", RegDst=5, simm5=-16)
    assert m.r[5] == 0xFFFFFFFFFFFFFFF0
    run(m, "C.MOVI", RegDst=31, simm5=15)
    assert m.queue("t")[0] == 15
    run(m, "C.MOVR", RegDst=6, SrcL=24)
    assert m.r[6] == 15
    run(m, "C.MOVR", RegDst=30, SrcL=5)
    assert m.queue("u")[0] == 0xFFFFFFFFFFFFFFF0
    assert m.pc == 8
    value, length = insn("C.MOVI", RegDst=10, simm5=1)
    assert decode(value, length).mnemonic == "C.SETRET"


@pytest.mark.parametrize(
    ("name", "value", "result"),
    [
        ("C.SEXT.B", 0x1FF, M),
        ("C.SEXT.H", 0x7FFF, 0x7FFF),
        ("C.SEXT.H", 0x8000, 0xFFFFFFFFFFFF8000),
        ("C.SEXT.W", 0x1_8000_0000, 0xFFFFFFFF80000000),
        ("C.ZEXT.B", M, 0xFF),
        ("C.ZEXT.H", M, 0xFFFF),
        ("C.ZEXT.W", M, 0xFFFFFFFF),
    ],
)
def test_compressed_extends(name, value, result):
    m = machine(r7=value)
    run(m, name, SrcL=7)
    assert m.queue("t")[0] == result
    assert m.pc == 0x102


def test_compressed_arithmetic_pushes_t():
    """C.ADDI/C.ADD/C.SUB/C.AND/C.OR/C.SRLI publish to T (WriteCompressedTResult);
    queue depth saturates at 4 and the oldest entry is lost."""
    m = machine(r1=5, r2=3)
    run(m, "C.ADDI", SrcL=1, simm5=-6)
    run(m, "C.ADD", SrcL=1, SrcR=2)
    run(m, "C.SUB", SrcL=2, SrcR=1)
    run(m, "C.AND", SrcL=1, SrcR=2)
    assert m.queue("t") == [1, neg(2), 8, M]
    run(m, "C.OR", SrcL=1, SrcR=2)
    assert m.queue("t") == [7, 1, neg(2), 8]
    run(m, "C.SRLI", uimm5=1)
    assert m.queue("t") == [3, 7, 1, neg(2)]
    run(m, "C.SLLI", uimm5=31)
    assert m.queue("t")[0] == 3 << 31
    assert m.t_valid == 0b1111
    assert m.pc == 0x100 + 7 * 2


def test_destination_codes():
    """WriteScalarDestination: 1..23 GPR, 30 push U, 31 push T, 0 and 24..29 discard."""
    for code in (0, 24, 25, 26, 27, 28, 29):
        m = machine(r1=1, r2=2)
        before = m.r[:]
        res = run(m, "ADD", RegDst=code, SrcL=1, SrcR=2, SrcRType=3)
        assert m.r == before and (m.t_valid, m.u_valid) == (0, 0)
        assert res.writes == []
        assert m.pc == 0x104
    m = machine(r1=1, r2=2)
    run(m, "SUB", RegDst=30, SrcL=1, SrcR=2, SrcRType=3)
    assert m.queue("u")[0] == M and m.t_valid == 0
    run(m, "AND", RegDst=23, SrcL=1, SrcR=1, SrcRType=3)
    assert m.r[23] == 1


def test_sources_are_snapshotted():
    """All sources are read before the destination is written: add r1, r1 << 1 -> r1;
    add t#1, t#1 -> t reads the pre-push T#1."""
    m = machine(r1=3)
    run(m, "ADD", RegDst=1, SrcL=1, SrcR=1, SrcRType=3, shamt=1)
    assert m.r[1] == 9
    m.push_t(4)
    run(m, "OR", RegDst=31, SrcL=24, SrcR=24, SrcRType=2)
    assert m.queue("t")[:2] == [M, 4]
    run(m, "XOR", RegDst=31, SrcL=24, SrcR=25, SrcRType=3)
    assert m.queue("t")[:3] == [M ^ 4, M, 4]


def test_unavailable_sources_fault_for_every_shape():
    """A T/U source beyond the valid entries is ILLEGAL_INST with no effect, for the
    one-, two- and three-source and the pair shapes."""
    cases = [
        ("ADDI", {"RegDst": 3, "SrcL": 25, "uimm12": 1}),
        ("MUL", {"RegDst": 3, "SrcL": 1, "SrcR": 28}),
        ("MADD", {"RegDst": 3, "SrcL": 1, "SrcR": 2, "SrcD": 25}),
        ("HL.DIV", {"RegDst0": 3, "RegDst1": 4, "SrcL": 29, "SrcR": 2}),
        ("CSEL", {"RegDst": 3, "SrcP": 26, "SrcL": 1, "SrcR": 2}),
    ]
    for name, fields in cases:
        m = machine(0x300, r1=1, r2=2)
        m.push_t(9)  # T#1 only
        res = run(m, name, **fields)
        assert res.trap is not None and res.trap.number == ILLEGAL_INST, name
        assert res.trap.saved_tpc == 0x300
        assert (m.r[3], m.r[4], m.t_valid, m.u_valid) == (0, 0, 1, 0)


def test_program_runs_on_the_fast_path():
    """The closures also run from memory through Machine.run (icache path)."""
    m = fresh()
    code = b"".join(
        SCALAR[name].encode(fields).to_bytes(SCALAR[name].size, "little")
        for name, fields in [
            ("HL.LIS", {"RegDst": 1, "simm32": -5}),
            ("ADDI", {"RegDst": 2, "SrcL": 0, "uimm12": 7}),
            ("MUL", {"RegDst": 3, "SrcL": 1, "SrcR": 2}),
            ("C.ADDI", {"SrcL": 3, "simm5": 1}),
            ("SRAI", {"RegDst": 4, "SrcL": 24, "shamt": 1}),
            ("DIV", {"RegDst": 5, "SrcL": 4, "SrcR": 0}),
            ("REM", {"RegDst": 6, "SrcL": 4, "SrcR": 0}),
        ]
    )
    m.mem.poke(0x200, code)
    m.pc = 0x200
    out = m.run(7)
    assert out.reason == "max-steps" and out.steps == 7
    assert m.r[3] == neg(35)
    assert m.queue("t")[0] == neg(34)
    assert m.r[4] == neg(17)
    assert (m.r[5], m.r[6]) == (0, neg(17))
    assert m.pc == 0x200 + len(code)
