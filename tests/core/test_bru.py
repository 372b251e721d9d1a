"""BRU conformance: compares, SETC.*, jumps, SETRET-family, ADDTPC, and the commit-target
setters SETC.TGT / C.SETC.TGT.  First the pto-spec AVS points restated
(``tests/asl/scalar/bru/**``, whose vectors the generated ``ValidateScalarBRU*``
functions hold; ``tests/asl/scalar/alu/C.SETC.TGT``, ``alu/C.SETRET``,
``tests/asl/scalar/sys/SETC.TGT``), then ptodbg's own tests: immediate extension and
shamt, comparison modifiers, queue destinations, C.CMP.*'s unchecked T#1, placement
faults (BUNDLE_TRAP) and a COND block driven through the fetch path.
Semantics: ``asl/scalar/model/bru/semantics.asl``, ``asl/scalar/model/dispatch/bru.asl``,
``asl/scalar/model/sys/semantics.asl`` (ScalarOperationApplicable, SetCommitTarget)."""

from __future__ import annotations

import pytest
from support.avs import fresh, run_word, word
from support.scalar import SCALAR, M, insn, machine, neg, run

from ptodbg.core import Machine
from ptodbg.core import sysregs as ssr
from ptodbg.core.faults import BUNDLE_TRAP, ILLEGAL_INST, INST_PC_FAULT
from ptodbg.core.semantics.blocks import begin_block
from ptodbg.core.state import COND, DIRECT, FALL, KIND_FP, KIND_STD, KIND_SYS
from ptodbg.isa.forms import FORMS

FORMS_BY_NAME = {f.mnemonic: f for f in FORMS if f.surface == "command"}
SENTINEL = 0x5555555555555555
CONTROL = 0xAAAAAAAAAAAAAAAA



def sentinels(m: Machine) -> None:
    """The generated BRU validations' untouched-state sentinels."""
    m.r[3] = SENTINEL
    m.r[10] = CONTROL
    m.lra = CONTROL
    m.commit_arg = CONTROL


def open_block(m: Machine, kind: int = KIND_STD, transfer: int = COND, target: int = 0,
               seq: int = 0x100, taken: bool = False) -> None:
    """BeginBundleAt(TPC, kind, transfer, target, seq, 0, taken) + EnterBundleBody:
    the block opens at the current TPC, TPC moves to ``seq`` and the body is entered
    (``hdr_end`` None, as the harness's EnterBundleBody leaves it)."""
    begin_block(m, m.pc, kind, transfer, target, seq, 0)
    if kind != KIND_SYS:
        m.taken = taken
    m.pc = seq
    m.hdr_end = None


def trapped(res, number: int) -> bool:
    return res.kind == "trap" and res.trap is not None and res.trap.number == number


# ======================================================================= AVS points
def test_avs_j_exec_and_bounds():
    """PTO-AVS-BRU-J-EXEC-001: 0x00018037 (j +6) at 0x100 goes to 0x106 and leaves R10,
    LRA and CommitArgument alone.  PTO-AVS-BRU-J-BOUND-001: simm22 zero, minimum and
    maximum."""
    m = machine(r1=5, r2=3)
    sentinels(m)
    res = run_word(m, 0x00018037)
    assert res.kind == "executed" and m.pc == 0x106
    assert (m.r[10], m.lra, m.commit_arg, m.r[3]) == (CONTROL, CONTROL, CONTROL, SENTINEL)
    assert m.steps == 1
    for value, target in ((0x37, 0x100), (0x837, 0xFFFFFFFFFFC00100), (0xFFFF87B7, 0x4000FE)):
        m = machine()
        run_word(m, value)
        assert m.pc == target


def test_avs_jr_exec_and_odd_target():
    """PTO-AVS-BRU-JR-EXEC-001: jr r1, +3 halfwords (0x0600e027) with r1 = 0x200 goes to
    0x206; with r1 = 0x201 the target 0x207 is odd: INST_PC_FAULT, TRAPARG0 = 0x207,
    saved TPC 0x100, no state change."""
    m = machine(r1=0x200, r2=3)
    sentinels(m)
    run_word(m, 0x0600E027)
    assert m.pc == 0x206
    assert (m.r[1], m.r[10], m.lra, m.commit_arg) == (0x200, CONTROL, CONTROL, CONTROL)
    m = machine(r1=0x201)
    res = run_word(m, 0x0600E027)
    assert trapped(res, INST_PC_FAULT)
    assert res.trap.arg0 == 0x207 and res.trap.saved_tpc == 0x100
    assert m.ctx(0, ssr.EBARG_TPC) == 0x100
    assert m.r[1] == 0x201 and m.steps == 1


def test_avs_jr_bounds():
    """PTO-AVS-BRU-JR-BOUND-001: simm12 zero / minimum / maximum, SrcZero [24:20] = 31 is
    ignored, odd target faults with TPC := fault address (EVBASE 0)."""
    for value, target in ((0xE027, 0x200), (0xE827, 0xFFFFFFFFFFFFF200),
                          (0xFE00E7A7, 0x11FE), (0x01F0E027, 0x200)):
        m = machine(r1=0x200, r2=3)
        run_word(m, value)
        assert m.pc == target
    m = machine(r1=0x201)
    res = run_word(m, 0xE027)
    assert trapped(res, INST_PC_FAULT) and res.trap.arg0 == 0x201
    assert m.pc == 0x201


def test_avs_jr_alias_fault_inside_block():
    """PTO-AVS-BRU-JR-ALIAS-001 (jr-odd-fault-inside-bundle): the trap context keeps the
    open DIRECT block, the queues and CommitArgument."""
    m = machine(r1=0x201)
    sentinels(m)
    m.push_t(0x11)
    m.push_u(0x22)
    open_block(m, KIND_STD, DIRECT, target=0x100, seq=0x104, taken=True)
    res = run_word(m, 0xE027)
    assert trapped(res, INST_PC_FAULT) and res.trap.arg0 == 0x201
    assert m.ctx(0, ssr.EBARG_TPC) == 0x104
    assert m.ctx(0, ssr.EBARG_BPC_CUR) == 0x100
    assert m.ctx(0, ssr.EBARG_BPC_TGT) == 0x100
    control = m.ctx(0, ssr.EBARG0)
    assert control >> 5 & 1 and control >> 6 & 1  # block active, body entered
    assert (control >> 7) & 0xF == KIND_STD and (control >> 11) & 7 == DIRECT
    assert control >> 14 & 1  # TAKEN
    assert m.ctx(0, ssr.EBARG_TQ0) == 0x11 and m.ctx(0, ssr.EBARG_UQ0) == 0x22
    assert m.saved[0].commit_arg == CONTROL
    assert (m.r[1], m.r[3], m.r[10], m.lra) == (0x201, SENTINEL, CONTROL, CONTROL)


def test_avs_setret_exec_and_bounds():
    """PTO-AVS-BRU-SETRET-EXEC-001: setret +3 halfwords (0x3507) writes R10 = LRA =
    0x106 and advances TPC by 4 (not a jump).  PTO-AVS-BRU-SETRET-BOUND-001: imm20 0, 1
    and 0xfffff are zero-extended."""
    m = machine()
    sentinels(m)
    run_word(m, 0x3507)
    assert (m.r[10], m.lra, m.pc) == (0x106, 0x106, 0x104)
    assert m.commit_arg == CONTROL
    for value, ra in ((0x507, 0x100), (0x1507, 0x102), (0xFFFFF507, 0x2000FE)):
        m = machine()
        run_word(m, value)
        assert (m.r[10], m.lra, m.pc) == (ra, ra, 0x104)


def test_avs_hl_setret_bounds():
    """PTO-AVS-BRU-HL-SETRET-BOUND-001: imm32 0, 1 and 0xffffffff are zero-extended."""
    for value, ra in ((0x0507000E, 0x100), (0x1507000E, 0x102), (0xFFFFF507FFFE, 0x2000000FE)):
        m = machine()
        run_word(m, value, 48)
        assert (m.r[10], m.lra, m.pc) == (ra, ra, 0x106)


def test_avs_c_setret_boundary():
    """PTO-AVS-SCALAR-C-SETRET-BOUND-001: c.setret 31 at 0x100 gives 0x13e; a later
    write to R10 does not change LRA."""
    m = machine()
    run_word(m, word(0x5016, (10, 6, 31)), 16)
    assert (m.r[10], m.lra, m.pc) == (0x13E, 0x13E, 0x102)
    run(m, "ADDI", RegDst=10, SrcL=0, uimm12=0x777)
    assert m.lra == 0x13E


def test_avs_addtpc_page_and_signed():
    """PTO-AVS-SCALAR-ADDTPC-PAGE-001: addtpc 1 -> r3 at 0x100 gives 0x1100, TPC + 4.
    PTO-AVS-SCALAR-ADDTPC-SIGNED-001: imm20 all-ones subtracts 0x1000; +1 from a high
    TPC wraps modulo 2^64.  PTO-AVS-SCALAR-HL-ADDTPC-SIGNED-001: the same with imm32."""
    m = machine()
    run_word(m, word(0x7, (11, 7, 3), (31, 12, 1)))
    assert (m.r[3], m.pc) == (0x1100, 0x104)
    m = machine(0x800)
    run_word(m, word(0x7, (11, 7, 3), (31, 12, 0xFFFFF)))
    assert (m.r[3], m.pc) == (0xFFFFFFFFFFFFF800, 0x804)
    m = machine(0xFFFFFFFFFFFFF800)
    run_word(m, word(0x7, (11, 7, 3), (31, 12, 1)))
    assert (m.r[3], m.pc) == (0x800, 0xFFFFFFFFFFFFF804)

    def hl(imm: int) -> int:
        return word(0x7000E, (27, 23, 3), (47, 28, imm & 0xFFFFF), (15, 4, imm >> 20))

    m = machine(0x800)
    run_word(m, hl(0xFFFFFFFF), 48)
    assert (m.r[3], m.pc) == (0xFFFFFFFFFFFFF800, 0x806)
    m = machine(0xFFFFFFFFFFFFF800)
    run_word(m, hl(1), 48)
    assert (m.r[3], m.pc) == (0x800, 0xFFFFFFFFFFFFF806)


@pytest.mark.parametrize(
    ("value", "left", "right", "result"),
    [
        (0x002081C5, 0, 0, 1),
        (0x002081C5, 1 << 63, (1 << 63) - 1, 0),
        (0x002081C5, M, 1, 0),
        (0x022081C5, 0xFFFFFFFF80000001, 0x1234567880000001, 1),  # 01: sext low word
        (0x042081C5, 0x80000001, 0x1234567880000001, 1),  # 10: zext low word
        (0x062081C5, 0x1234567880000001, 0x1234567880000001, 1),  # 11: unchanged
    ],
)
def test_avs_cmp_eq_bounds(value, left, right, result):
    """PTO-AVS-BRU-CMP-EQ-BOUND-001: cmp.eq r1, r2 -> r3 over the comparison modifiers;
    CommitArgument is not touched."""
    m = machine(r1=left, r2=right, r3=SENTINEL)
    run_word(m, value)
    assert (m.r[3], m.r[1], m.r[2], m.commit_arg, m.pc) == (result, left, right, 0, 0x104)


@pytest.mark.parametrize(("avs", "value", "left", "right", "result"), [
    ("PTO-AVS-BRU-CMP-LT-BOUND-001", 0x0020C1C5, 0, 0, 0),
    ("PTO-AVS-BRU-CMP-LT-BOUND-001", 0x0020C1C5, 1 << 63, (1 << 63) - 1, 1),  # signed
    ("PTO-AVS-BRU-CMP-LT-BOUND-001", 0x0020C1C5, M, 1, 1),
    ("PTO-AVS-BRU-CMP-LT-BOUND-001", 0x0220C1C5, 1 << 63, 0x1234567880000001, 1),
    ("PTO-AVS-BRU-CMP-LT-BOUND-001", 0x0420C1C5, 0, 0x1234567880000001, 1),
    ("PTO-AVS-BRU-CMP-LT-BOUND-001", 0x0620C1C5, 0, 0x1234567880000001, 1),  # 11 is ignored by ordered compares
    ("PTO-AVS-BRU-CMP-OR-BOUND-001", 0x0020B1C5, 0, 0, 0),
    ("PTO-AVS-BRU-CMP-OR-BOUND-001", 0x0020B1C5, 1 << 63, (1 << 63) - 1, 1),
    ("PTO-AVS-BRU-CMP-OR-BOUND-001", 0x0220B1C5, 0, M, 1),
    ("PTO-AVS-BRU-CMP-OR-BOUND-001", 0x0420B1C5, 0, M, 1),
    ("PTO-AVS-BRU-CMP-OR-BOUND-001", 0x0620B1C5, 0, M, 0),  # 11 is NOT for the logical compares
])
def test_avs_cmp_register_bounds(avs, value, left, right, result):
    """PTO-AVS-BRU-CMP-LT-BOUND-001 and PTO-AVS-BRU-CMP-OR-BOUND-001: cmp r1, r2 -> r3 over
    the comparison modifiers."""
    m = machine(r1=left, r2=right, r3=SENTINEL)
    run_word(m, value)
    assert m.r[3] == result, avs


@pytest.mark.parametrize(("avs", "value", "left", "result"), [
    # uimm12 0xfff is zero-extended (M <u 4095 is 0)
    ("PTO-AVS-BRU-CMP-LTUI-BOUND-001", 0xE1D5, 0, 0),
    ("PTO-AVS-BRU-CMP-LTUI-BOUND-001", 0x0010E1D5, 1 << 63, 0),
    ("PTO-AVS-BRU-CMP-LTUI-BOUND-001", 0xFFF0E1D5, M, 0),
    # simm12 minimum -2048 and maximum 2047 are signed
    ("PTO-AVS-BRU-CMP-GEI-BOUND-001", 0xD1D5, 0, 1),
    ("PTO-AVS-BRU-CMP-GEI-BOUND-001", 0x8000D1D5, 1 << 63, 0),
    ("PTO-AVS-BRU-CMP-GEI-BOUND-001", 0x7FF0D1D5, M, 0),
])
def test_avs_cmp_immediate_bounds(avs, value, left, result):
    """PTO-AVS-BRU-CMP-LTUI-BOUND-001 and PTO-AVS-BRU-CMP-GEI-BOUND-001: cmp r1, imm -> r3."""
    m = machine(r1=left, r3=SENTINEL)
    run_word(m, value)
    assert m.r[3] == result, avs


@pytest.mark.parametrize(
    ("value", "left", "right", "taken"),
    [
        (0x0020A065, 0, 0, 0),
        (0x0020A065, 1 << 63, (1 << 63) - 1, 0),
        (0x0020A065, M, 1, 1),
        (0x0220A065, 1, 0x1234567880000001, 1),
        (0x0420A065, 1, 0x1234567880000001, 1),
        (0x0620A065, 1, 0x1234567880000001, 0),  # NOT(SrcR) & 1 == 0
    ],
)
def test_avs_setc_and_bounds(value, left, right, taken):
    """PTO-AVS-BRU-SETC-AND-BOUND-001: in a COND block body, CommitArgument and TAKEN
    follow (SrcL AND modifier(SrcR)) != 0; no GPR is written."""
    m = machine(r1=left, r2=right)
    open_block(m)
    m.r[3] = SENTINEL
    res = run_word(m, value)
    assert res.kind == "executed"
    assert (m.commit_arg, m.taken, m.cond_set) == (taken, bool(taken), True)
    assert m.r[3] == SENTINEL and m.pc == 0x104


@pytest.mark.parametrize(
    ("name", "value", "length", "left", "taken"),
    [
        ("SETC.EQI", 0x8075, 32, 0, 1),
        ("SETC.EQI", 0x80008075, 32, 1 << 63, 0),
        ("SETC.EQI", 0x7FF08075, 32, M, 0),
        ("SETC.EQI", 0x00108FF5, 32, 0x80000000, 1),  # 1 << shamt 31
        ("SETC.LTUI", 0xE075, 32, 0, 0),
        ("SETC.LTUI", 0x0010E075, 32, 1 << 63, 0),
        ("SETC.LTUI", 0xFFF0E075, 32, M, 0),
        ("SETC.LTUI", 0x0010EFF5, 32, 0x80000000, 0),
        ("HL.SETC.GEUI", 0xF075000E, 48, 0, 1),
        ("HL.SETC.GEUI", 0x10F075000E, 48, 1 << 63, 1),
        ("HL.SETC.GEUI", 0xFFF0F075FFFE, 48, M, 1),
        ("HL.SETC.GEUI", 0x10FFF5000E, 48, 0x80000000, 1),
    ],
)
def test_avs_setc_immediate_bounds(name, value, length, left, taken):
    """PTO-AVS-BRU-SETC-EQI-BOUND-001, PTO-AVS-BRU-SETC-LTUI-BOUND-001,
    PTO-AVS-BRU-HL-SETC-GEUI-BOUND-001: immediates (sext / zext) shifted by shamt."""
    m = machine(r1=left)
    open_block(m)
    res = run_word(m, value, length)
    assert res.form.mnemonic == name
    assert (m.commit_arg, m.taken) == (taken, bool(taken))
    assert m.pc == 0x100 + length // 8


def test_avs_c_setc_eq_exec():
    """PTO-AVS-BRU-C-SETC-EQ-EXEC-001: c.setc.eq r1, r2 (0x1066) sets CommitArgument 1
    for 5 == 5 and 0 for 5 != 3; TPC + 2."""
    for right, taken in ((5, 1), (3, 0)):
        m = machine(r1=5, r2=right)
        open_block(m)
        sentinels(m)
        run_word(m, 0x1066, 16)
        assert (m.commit_arg, m.taken, m.r[3], m.pc) == (taken, bool(taken), SENTINEL, 0x102)


def test_avs_c_cmp_eqi_exec_and_alias():
    """PTO-AVS-BRU-C-CMP-EQI-EXEC-001: c.cmp.eqi t#1, 3 (0x00ec) pushes 1 for T#1 = 3
    and 0 for T#1 = 4, the older entries shift down.  PTO-AVS-BRU-C-CMP-EQI-ALIAS-001:
    c.cmp.eqi t#1, 5 (0x016c) reads T#1 before its own push."""
    for t1, result in ((3, 1), (4, 0)):
        m = machine()
        sentinels(m)
        m.push_t(0x7777777777777777)
        m.push_t(t1)
        run_word(m, 0xEC, 16)
        assert m.queue("t")[:3] == [result, t1, 0x7777777777777777]
        assert (m.r[3], m.commit_arg, m.pc) == (SENTINEL, CONTROL, 0x102)
    m = machine()
    m.push_t(0x7777777777777777)
    m.push_t(5)
    run_word(m, 0x16C, 16)
    assert m.queue("t")[:3] == [1, 5, 0x7777777777777777]


def test_avs_c_setc_tgt_absolute():
    """PTO-AVS-SCALAR-C-SETC-TGT-ABS-001: c.setc.tgt r1 snapshots 0x600 into BPCN; a later
    write to r1 does not change it; the DIRECT block's commit goes to 0x600."""
    m = machine(0x100, r1=0x600)
    open_block(m, KIND_STD, DIRECT, target=0x300, seq=0x102)
    run_word(m, word(0x1C, (10, 6, 1)), 16)
    assert (m.bpcn, m.tgt_set, m.pc) == (0x600, True, 0x104)
    m.r[1] = 0x700
    assert m.bpcn == 0x600
    res = run_word(m, FORMS_BY_NAME["C.BSTOP"].match, 16)
    assert res.kind == "executed"
    assert m.pc == 0x600 and not m.blk and not m.tgt_set


def test_avs_c_setc_tgt_duplicate():
    """PTO-AVS-SCALAR-C-SETC-TGT-DUP-001: a second C.SETC.TGT is BUNDLE_TRAP, checked
    before its (unavailable) T#4 source; the first target stays."""
    m = machine(0x300, r1=0xA00)
    open_block(m, KIND_STD, COND, target=0x500, seq=0x302)
    run_word(m, word(0x1C, (10, 6, 1)), 16)
    res = run_word(m, word(0x1C, (10, 6, 27)), 16)
    assert trapped(res, BUNDLE_TRAP)
    assert m.ctx(0, ssr.EBARG_BPC_TGT) == 0xA00
    assert m.saved[0].tgt_set and m.saved[0].t_valid == 0


def test_avs_c_setc_tgt_readiness():
    """PTO-AVS-SCALAR-C-SETC-TGT-READY-001: an unavailable source is ILLEGAL_INST and
    does not use up the block's one C.SETC.TGT; after recovery and four pushes the
    retry snapshots T#4 = 0x810."""
    m = machine(0x400)
    open_block(m, KIND_STD, COND, target=0x700, seq=0x402)
    value = word(0x1C, (10, 6, 27))
    res = run_word(m, value, 16)
    assert trapped(res, ILLEGAL_INST)
    assert m.ctx(0, ssr.EBARG_BPC_TGT) == 0x700 and not m.saved[0].tgt_set
    m.recover(0)
    for v in (0x810, 0x820, 0x830, 0x840):
        m.push_t(v)
    res = run_word(m, value, 16)
    assert res.kind == "executed"
    assert (m.bpcn, m.tgt_set) == (0x810, True)


def test_avs_c_setc_tgt_odd_target():
    """PTO-AVS-SCALAR-C-SETC-TGT-TARGET-001: an odd target is accepted; the commit that
    selects it raises INST_PC_FAULT with the block kept in the trap context."""
    m = machine(0x500, r1=0x901)
    open_block(m, KIND_STD, DIRECT, target=0x900, seq=0x502, taken=True)
    res = run_word(m, word(0x1C, (10, 6, 1)), 16)
    assert res.kind == "executed" and m.bpcn == 0x901
    m.pc = 0x502
    res = run_word(m, FORMS_BY_NAME["C.BSTOP"].match, 16)
    assert trapped(res, INST_PC_FAULT) and res.trap.arg0 == 0x901
    assert m.ctx(0, ssr.EBARG0) >> 5 & 1  # block still active in the saved context
    assert m.ctx(0, ssr.EBARG_BPC_TGT) == 0x901 and m.saved[0].tgt_set


SETC_TGT_R5 = 0b000000000000000000101100000000111011  # setc.tgt r5 (0x0002c03b)


def test_avs_setc_tgt_standard_and_floating():
    """PTO-AVS-SYS-SETC-TGT-EXEC-001 and PTO-AVS-SYS-SETC-TGT-FLOAT-001: setc.tgt r5
    replaces only BPCN in a STD FALL or FP COND block; TPC + 4."""
    for kind, transfer, taken in ((KIND_STD, FALL, False), (KIND_FP, COND, True)):
        m = machine(0x100, r5=0x1000)
        open_block(m, kind, transfer, target=0x444, seq=0x180, taken=taken)
        res = run_word(m, SETC_TGT_R5)
        assert res.kind == "executed"
        assert (m.bpc, m.bkind, m.btype, m.taken) == (0x100, kind, transfer, taken)
        assert (m.bpcn, m.pc) == (0x1000, 0x184)
        assert not m.tgt_set


def test_avs_setc_tgt_queue_sources():
    """PTO-AVS-SYS-SETC-TGT-TSRC-001 / PTO-AVS-SYS-SETC-TGT-USRC-001: setc.tgt t#1 and
    u#1 read the queues without consuming them."""
    for code, push, which in ((24, "push_t", "t"), (28, "push_u", "u")):
        m = machine()
        open_block(m, KIND_STD, FALL, seq=0x180)
        getattr(m, push)(0x1000)
        run_word(m, word(0x403B, (19, 15, code)))
        assert m.bpcn == 0x1000 and m.queue(which)[0] == 0x1000


def test_avs_setc_tgt_faults():
    """PTO-AVS-SYS-SETC-TGT-PLACE-001: outside a block, BUNDLE_TRAP with no effect.
    PTO-AVS-SYS-SETC-TGT-SYSTEM-001: in a SYS block, BUNDLE_TRAP at TPC 0x180.
    PTO-AVS-SYS-SETC-TGT-SOURCE-001: an unavailable t#1 is ILLEGAL_INST, BPCN kept."""
    m = machine(0x100, r3=0x333, r5=0x555)
    res = run_word(m, SETC_TGT_R5)
    assert trapped(res, BUNDLE_TRAP) and (m.r[3], m.r[5]) == (0x333, 0x555)
    m = machine(0x100, r5=0x2468)
    open_block(m, KIND_SYS, FALL, seq=0x180)
    res = run_word(m, SETC_TGT_R5)
    assert trapped(res, BUNDLE_TRAP) and res.trap.arg0 == 0x180
    assert (m.bkind, m.bpcn, m.r[5]) == (KIND_SYS, 0, 0x2468)
    assert m.ctx(0, ssr.EBARG_TPC) == 0x180
    m = machine()
    open_block(m, KIND_STD, FALL, seq=0x180)
    m.bpcn = 0x555
    res = run_word(m, word(0x403B, (19, 15, 24)))
    assert trapped(res, ILLEGAL_INST) and res.trap.arg0 == 0x180
    assert m.bpcn == 0x555 and m.t_valid == 0
    assert m.ctx(0, ssr.EBARG_TPC) == 0x180


# ================================================================ ptodbg's own tests


@pytest.mark.parametrize(
    ("name", "left", "right", "result"),
    [
        ("CMP.EQ", M, M, 1),
        ("CMP.NE", M, M, 0),
        ("CMP.LT", M, 0, 1),
        ("CMP.GE", M, 0, 0),
        ("CMP.LTU", 0, M, 1),
        ("CMP.GEU", 0, M, 0),
        ("CMP.GE", 5, 5, 1),
        ("CMP.LTU", 5, 5, 0),
    ],
)
def test_register_compares(name, left, right, result):
    """ConditionHolds on full 64-bit values; GPR and queue destinations agree."""
    for dest in (3, 31, 30, 0):
        m = machine(r1=left, r2=right)
        run(m, name, RegDst=dest, SrcL=1, SrcR=2, SrcRType=0)
        got = {3: m.r[3], 31: m.queue("t")[0], 30: m.queue("u")[0], 0: result}[dest]
        assert got == result
        assert m.pc == 0x104


@pytest.mark.parametrize(
    ("name", "mod", "left", "right", "result"),
    [
        ("CMP.LT", 1, 0, 0x80000000, 0),  # sext: 0 < -2^31 is false
        ("CMP.LT", 2, 0, 0xFFFF_FFFF_8000_0000, 1),  # zext: 0 < 2^31
        ("CMP.GEU", 1, 0xFFFF_FFFF_0000_0000, 0xFFFF_FFFF, 0),
        ("CMP.NE", 3, 7, 7, 0),
        ("CMP.AND", 3, 1, 1, 0),  # NOT(1) & 1
        ("CMP.AND", 2, 1 << 40, 1 << 40, 0),  # zext drops bit 40
        ("CMP.OR", 1, 0, 0x1_0000_0000, 0),  # sext of a zero low word
        ("CMP.OR", 0, 0, 0x1_0000_0000, 1),  # 00 is "none" in the comparison family
    ],
)
def test_compare_modifiers_on_the_generic_path(name, mod, left, right, result):
    """Comparison modifiers (DecodeScalarComparisonRightModifier): 01 sext, 10 zext,
    11 ignored by ordered/equality compares and NOT for .AND/.OR."""
    for dest in (3, 31):
        m = machine(r1=left, r2=right)
        run(m, name, RegDst=dest, SrcL=1, SrcR=2, SrcRType=mod)
        assert (m.r[3] if dest == 3 else m.queue("t")[0]) == result


@pytest.mark.parametrize(
    ("name", "imm", "left", "result"),
    [
        ("CMP.EQI", -1, M, 1),
        ("CMP.NEI", -1, M, 0),
        ("CMP.LTI", -1, neg(2), 1),
        ("CMP.GEI", -2048, neg(2048), 1),
        ("CMP.LTUI", 0xFFF, 0xFFE, 1),
        ("CMP.GEUI", 0xFFF, M, 1),
        ("CMP.ANDI", -1, 1 << 63, 1),
        ("CMP.ANDI", 0x7FF, 0x800, 0),
        ("CMP.ORI", 0, 0, 0),
        ("HL.CMP.EQI", -(1 << 23), neg(1 << 23), 1),
        ("HL.CMP.NEI", 5, 5, 0),
        ("HL.CMP.LTI", 0, M, 1),
        ("HL.CMP.GEI", (1 << 23) - 1, (1 << 23) - 1, 1),
        ("HL.CMP.LTUI", 0xFFFFFF, M, 0),
        ("HL.CMP.GEUI", 0xFFFFFF, 0xFFFFFF, 1),
        ("HL.CMP.ANDI", 0x800000 - 1, 0x800000, 0),
        ("HL.CMP.ORI", -1, 0, 1),
    ],
)
def test_immediate_compares(name, imm, left, result):
    """Signed immediates sign-extend, the LTUI/GEUI ones zero-extend (dispatch/bru.asl)."""
    field = next(f.name for f in SCALAR[name].fields if "imm" in f.name)
    for dest in (4, 31):
        m = machine(r1=left)
        run(m, name, RegDst=dest, SrcL=1, **{field: imm})
        assert (m.r[4] if dest == 4 else m.queue("t")[0]) == result
        assert m.pc == 0x100 + SCALAR[name].size


@pytest.mark.parametrize(
    ("name", "fields", "left", "right", "taken"),
    [
        ("SETC.EQ", {"SrcRType": 0}, 4, 4, True),
        ("SETC.NE", {"SrcRType": 3}, 4, 4, False),
        ("SETC.LT", {"SrcRType": 0}, M, 0, True),
        ("SETC.GE", {"SrcRType": 0}, M, 0, False),
        ("SETC.LTU", {"SrcRType": 0}, M, 0, False),
        ("SETC.GEU", {"SrcRType": 0}, M, 0, True),
        ("SETC.LT", {"SrcRType": 1}, 0, 0x8000_0000, False),  # generic path, sext
        ("SETC.GEU", {"SrcRType": 2}, 0xFFFF_FFFF, M, True),  # zext
        ("SETC.OR", {"SrcRType": 3}, 0, M, False),
        ("SETC.OR", {"SrcRType": 0}, 0, 1, True),
        ("C.SETC.NE", {}, 1, 2, True),
    ],
)
def test_setc_register_forms(name, fields, left, right, taken):
    m = machine(r1=left, r2=right)
    open_block(m)
    res = run(m, name, SrcL=1, SrcR=2, **fields)
    assert res.kind == "executed"
    assert (m.taken, m.commit_arg, m.cond_set) == (taken, int(taken), True)


@pytest.mark.parametrize(
    ("name", "imm", "sh", "left", "taken"),
    [
        ("SETC.EQI", -1, 0, M, True),
        ("SETC.EQI", -1, 4, M ^ 0xF, True),  # sext(-1) << 4
        ("SETC.NEI", 1, 31, 1 << 31, False),
        ("SETC.LTI", -1, 63 & 31, 0, False),
        ("SETC.GEI", -2048, 1, neg(4096), True),
        ("SETC.LTUI", 0xFFF, 20, 0xFFF << 20, False),
        ("SETC.GEUI", 1, 31, 1 << 31, True),
        ("SETC.ANDI", 1, 31, 1 << 31, True),
        ("SETC.ORI", 0, 5, 0, False),
        ("HL.SETC.EQI", -(1 << 23), 8, neg(1 << 31), True),
        ("HL.SETC.NEI", 3, 0, 3, False),
        ("HL.SETC.LTI", 1, 31, (1 << 31) - 1, True),
        ("HL.SETC.GEI", -1, 0, M, True),
        ("HL.SETC.LTUI", 0xFFFFFF, 8, M, False),
        ("HL.SETC.ANDI", 0x10, 28, 1 << 32, True),
        ("HL.SETC.ORI", -1, 31, 0, True),
    ],
)
def test_setc_immediate_forms(name, imm, sh, left, taken):
    """ExecuteDecodedSetCommit*Immediate: the immediate is extended, then << shamt."""
    field = next(f.name for f in SCALAR[name].fields if "imm" in f.name)
    m = machine(r1=left)
    open_block(m)
    run(m, name, SrcL=1, shamt=sh, **{field: imm})
    assert (m.taken, m.commit_arg) == (taken, int(taken))
    assert m.pc == 0x100 + SCALAR[name].size


def test_setc_placement_faults():
    """Commit-condition setters need an open COND block with no earlier successful
    SETC (ScalarOperationApplicable): otherwise BUNDLE_TRAP at TPC, nothing changes."""
    m = machine(r1=1, r2=1)
    res = run(m, "SETC.EQ", SrcL=1, SrcR=2)
    assert trapped(res, BUNDLE_TRAP) and res.trap.arg0 == 0x100
    assert (m.commit_arg, m.taken, m.cond_set) == (0, False, False)
    for kind, transfer in ((KIND_STD, FALL), (KIND_STD, DIRECT), (KIND_SYS, FALL)):
        m = machine(r1=1)
        open_block(m, kind, transfer, seq=0x100)
        res = run(m, "C.SETC.EQ", SrcL=1, SrcR=1)
        assert trapped(res, BUNDLE_TRAP)
    m = machine(r1=1)
    open_block(m)
    assert run(m, "HL.SETC.EQI", SrcL=1, simm24=1).kind == "executed"
    res = run(m, "SETC.NEI", SrcL=1, simm12=0)
    assert trapped(res, BUNDLE_TRAP) and res.trap.arg0 == 0x106
    assert m.saved[0].cond_set and m.saved[0].commit_arg == 1


def test_setc_placement_precedes_source_readiness():
    """Placement is checked before T/U availability (ExecuteScalarInstruction order)."""
    m = machine()
    res = run(m, "SETC.EQ", SrcL=27, SrcR=0)
    assert trapped(res, BUNDLE_TRAP)
    open_block(m)
    res = run(m, "SETC.EQ", SrcL=27, SrcR=0)
    assert trapped(res, ILLEGAL_INST)
    assert not m.saved[0].cond_set


def test_commit_target_placement():
    """SETC.TGT: any open STD/FP block, any number of times; C.SETC.TGT: once per block."""
    m = machine(r1=0x800, r2=0x900)
    res = run(m, "C.SETC.TGT", SrcL=1)
    assert trapped(res, BUNDLE_TRAP)
    m = machine(r1=0x800, r2=0x900)
    open_block(m, KIND_FP, FALL)
    run(m, "SETC.TGT", SrcL=1)
    run(m, "SETC.TGT", SrcL=2)
    assert m.bpcn == 0x900 and not m.tgt_set
    run(m, "C.SETC.TGT", SrcL=1)
    assert m.bpcn == 0x800 and m.tgt_set
    run(m, "SETC.TGT", SrcL=2)  # SETC.TGT is not limited by the marker
    assert m.bpcn == 0x900
    res = run(m, "C.SETC.TGT", SrcL=1)
    assert trapped(res, BUNDLE_TRAP)
    m = machine(r1=0x800)
    open_block(m, KIND_SYS, FALL)
    assert trapped(run(m, "C.SETC.TGT", SrcL=1), BUNDLE_TRAP)


def test_c_cmp_reads_t1_without_availability_check():
    """C.CMP.EQI/NEI read T#1 even when no value was ever pushed (CORE.md §7.5): after
    reset the slot holds 0."""
    m = machine()
    res = run(m, "C.CMP.EQI", simm5=0)
    assert res.kind == "executed"
    assert m.queue("t")[0] == 1 and m.t_valid == 1
    run(m, "C.CMP.NEI", simm5=1)
    assert m.queue("t")[:2] == [0, 1]
    m.push_t(neg(16))
    run(m, "C.CMP.EQI", simm5=-16)
    assert m.queue("t")[0] == 1


def test_jumps_from_queue_sources_and_wrap():
    """JR reads any Reg5 source; J and JR targets wrap modulo 2^64."""
    m = machine(0x100)
    m.push_u(0x4000)
    run(m, "JR", SrcL=28, simm12=-1)
    assert m.pc == 0x3FFE
    m.pc = 0
    run(m, "J", simm22=-1)
    assert m.pc == M - 1
    m = machine(0x100)
    res = run(m, "JR", SrcL=25, simm12=0)  # T#2 unavailable
    assert trapped(res, ILLEGAL_INST)


def test_return_address_forms_do_not_jump():
    for name, field, value, size in (
        ("SETRET", "imm20", 0xFFFFF, 4),
        ("C.SETRET", "uimm5", 31, 2),
        ("HL.SETRET", "imm32", 0xFFFFFFFF, 6),
    ):
        m = machine(0x1000)
        run(m, name, **{field: value})
        assert m.r[10] == m.lra == 0x1000 + 2 * value
        assert m.pc == 0x1000 + size


def test_addtpc_destinations():
    """ADDTPC writes any Reg5 destination.  (RegDst 10 is not encodable: that pattern
    is SETRET.)"""
    m = machine(0x2000)
    run(m, "ADDTPC", RegDst=31, imm20=2)
    assert m.queue("t")[0] == 0x4000
    run(m, "HL.ADDTPC", RegDst=0, imm32=5)
    assert m.t_valid == 1 and m.r[0] == 0
    value, length = insn("ADDTPC", RegDst=10, imm20=1)
    assert run_word(m, value, length).form.mnemonic == "SETRET"


def enc(name: str, **fields: int) -> bytes:
    f = SCALAR.get(name) or FORMS_BY_NAME[name]
    return f.encode(fields).to_bytes(f.size, "little")


@pytest.mark.parametrize(("left", "right", "target"), [(7, 7, 0x200), (7, 8, 0x10C)])
def test_cond_block_from_memory(left, right, target):
    """bstart.std cond, +0x100; setc.eq a0, a1; bstop: the commit goes to BPCN only when
    SETC made TAKEN true.  Runs through Machine.step (fetch, placement, icache)."""
    cond_start = next(f for f in FORMS if f.mnemonic == "BSTART.STD" and "cond" in f.syntax)
    code = (
        cond_start.encode({"simm17": 0x80}).to_bytes(4, "little")
        + enc("SETC.EQ", SrcL=2, SrcR=3)
        + enc("BSTOP")
    )
    m = fresh()
    m.mem.poke(0x100, code)
    m.pc = 0x100
    m.r[2], m.r[3] = left, right
    kinds = [m.step().kind for _ in range(3)]
    assert kinds == ["executed"] * 3
    assert m.pc == target
    assert not m.blk
    assert m.commit_arg == int(left == right)
