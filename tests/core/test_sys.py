"""SYS conformance: pto-spec AVS points of ``tests/asl/scalar/sys/`` restated with the
AVS-shaped harness (each test names its AVS id), plus builder coverage, placement, and the
exact attempt count seen by CYCLE/TIME reads on the fast run path and on ``step``.

The AVS setup ``BeginBundle(SYS, FALL, 0, 0x180, 0)`` at TPC 0x100 followed by
``EnterBundleBody()`` is :func:`sys_block`: BPC 0x100, TPC = sequential PC = 0x180, body
entered.  ``_TrapContexts[[n]]`` maps to ``m.saved[n]`` and the EBARG/ECSTATE registers of
bank n; model-only epochs map to the attributes documented in ``semantics/sysops.py``.
"""

from __future__ import annotations

import pytest
from support.avs import fill, fresh, run_word

from ptodbg.core import Machine
from ptodbg.core import sysregs as ssr
from ptodbg.core.events import FENCE
from ptodbg.core.faults import (
    ASSERT_FAIL,
    BUNDLE_TRAP,
    DATA_PAGE_FAULT,
    EXEC_STATE_CHECK,
    ILLEGAL_INST,
    INST_PC_FAULT,
    SCALL,
    SW_BREAKPOINT,
)
from ptodbg.core.semantics import builders, placement_rules
from ptodbg.core.semantics.blocks import begin_block
from ptodbg.core.semantics.sysops import SYS_BLOCK_OPERATIONS
from ptodbg.core.state import COND, DIRECT, FALL, KIND_STD, KIND_SYS
from ptodbg.isa.forms import SCALAR_FORMS

FORM = {f.mnemonic: f for f in SCALAR_FORMS if f.family == "SYS"}


def enc(mnemonic: str, **fields: int) -> int:
    return FORM[mnemonic].encode(fields)


def sys_block(m: Machine | None = None, acr: int = 0, seq: int = 0x180) -> Machine:
    """ResetProfileState; SetCurrentACR(0); TPC 0x100; BeginBundle(SYS...); EnterBundleBody;
    then SetCurrentACR(acr)."""
    m = m or fresh()
    m.set_acr(0)
    m.pc = 0x100
    begin_block(m, 0x100, KIND_SYS, FALL, 0, seq, 0)
    m.pc = seq
    m.hdr_end = None  # the body has been entered
    m.set_acr(acr)
    return m


def saved_tpc(m: Machine, ring: int) -> int:
    return m.ctx(ring, ssr.EBARG_TPC)


def saved_source(m: Machine, ring: int) -> int:
    return m.ctx(ring, ssr.EBARG0) & 0xF


def trap_number(m: Machine, ring: int) -> int:
    return m.trap_status[ring][3]


def trap_cause(m: Machine, ring: int) -> int:
    return m.trap_status[ring][2]


def trap_arg(m: Machine, ring: int) -> int:
    return m.trap_status[ring][4]


# ------------------------------------------------------------------------ coverage
def test_every_sys_form_has_a_builder_and_placement():
    """Every family-SYS scalar form executes; the IsSystemBlockScalarOperation set needs
    a SYS block and LSRGET any block (sys/semantics.asl ScalarOperationApplicable)."""
    table = builders()
    rules = placement_rules()
    names = {f.mnemonic for f in SCALAR_FORMS if f.family == "SYS"}
    assert len(names) == 35
    assert all(name in table for name in names - {"SETC.TGT"})  # SETC.TGT: block-control helpers
    assert set(SYS_BLOCK_OPERATIONS) == names - {"LSRGET", "SETC.TGT"}
    assert all(rules[name].__name__ == "in_sys_block" for name in SYS_BLOCK_OPERATIONS)
    assert rules["LSRGET"].__name__ == "in_any_block"


@pytest.mark.parametrize("mnemonic", SYS_BLOCK_OPERATIONS)
def test_sys_set_outside_a_block_is_bundle_trap(mnemonic):
    """PTO-AVS-SYS-<M>-PLACE-001 for every SYS-set mnemonic (e.g. PTO-AVS-SYS-EBREAK-PLACE-001,
    PTO-AVS-SYS-ASSERT-PLACE-001, PTO-AVS-SYS-ACRC-PLACE-001): BUNDLE_TRAP, nothing changes."""
    m = fresh()
    m.pc = 0x100
    m.r[3], m.r[5] = 0x333, 0x555
    res = run_word(m, FORM[mnemonic].match, FORM[mnemonic].length)
    assert res.kind == "trap" and res.trap.number == BUNDLE_TRAP
    assert m.last_fault == BUNDLE_TRAP and m.fault_address == 0x100
    assert (m.r[3], m.r[5]) == (0x333, 0x555)
    assert getattr(m, "dcache_epoch", 0) == 0 and getattr(m, "request_epoch", 0) == 0


def test_sys_set_inside_a_std_block_is_bundle_trap():
    """The SYS set needs a *SYS* block: inside an STD block FENCE.I is BUNDLE_TRAP."""
    m = fresh()
    m.pc = 0x100
    begin_block(m, 0x100, KIND_STD, FALL, 0x180, 0x180, 0x180)
    m.pc = 0x180
    m.hdr_end = None
    res = run_word(m, enc("FENCE.I"))
    assert res.trap.number == BUNDLE_TRAP and m.icache_epoch == 0


# ------------------------------------------------------------------ EBREAK / C.EBREAK
def test_avs_ebreak_exec():
    """PTO-AVS-SYS-EBREAK-EXEC-001: ebreak 15 -> SW_BREAKPOINT, cause 15, TRAPARG0 = saved TPC
    = new TPC = 0x180 (EVBASE 0)."""
    m = sys_block()
    res = run_word(m, 0x0F10102B)
    assert res.kind == "trap" and res.trap.number == SW_BREAKPOINT == 50
    assert m.last_fault == SW_BREAKPOINT and m.fault_address == 0x180
    assert (trap_number(m, 0), trap_cause(m, 0), trap_arg(m, 0)) == (50, 15, 0x180)
    assert m.context_valid(0) and saved_tpc(m, 0) == 0x180
    assert m.pc == 0x180


def test_avs_ebreak_zero():
    """PTO-AVS-SYS-EBREAK-ZERO-001: ebreak 0 -> cause 0; bank 0 saved from ACR0 with the block
    and its body active; GPRs and epochs untouched."""
    m = sys_block()
    m.r[7] = 0x777
    m.dcache_epoch, m.request_epoch = 9, 11
    res = run_word(m, 0x0010102B)
    assert res.trap.number == SW_BREAKPOINT and trap_cause(m, 0) == 0
    assert m.fault_address == 0x180 and trap_arg(m, 0) == 0x180
    control = m.ctx(0, ssr.EBARG0)
    assert m.context_valid(0) and saved_source(m, 0) == 0
    assert control >> 5 & 1 and control >> 6 & 1  # bundle_active, bundle_body_active
    assert saved_tpc(m, 0) == 0x180 and m.pc == 0x180
    assert m.r[7] == 0x777 and (m.dcache_epoch, m.request_epoch) == (9, 11)


def test_avs_ebreak_place_and_decode():
    """PTO-AVS-SYS-EBREAK-PLACE-001 and PTO-AVS-SCALAR-EBREAK-DECODE-001: 0x0010102b is scalar
    form 86 (imm4 = 0); outside a block it is BUNDLE_TRAP."""
    form = FORM["EBREAK"]
    assert form.index == 86 and form.values(0x0010102B) == {"imm4": 0}
    m = fresh()
    m.pc = 0x100
    m.r[3], m.r[5] = 0x333, 0x555
    m.dcache_epoch, m.request_epoch = 7, 9
    res = run_word(m, 0x0010102B)
    assert res.trap.number == BUNDLE_TRAP and m.last_fault == BUNDLE_TRAP
    assert (m.r[3], m.r[5], m.dcache_epoch, m.request_epoch) == (0x333, 0x555, 7, 9)


def test_avs_c_ebreak_exec_and_zero():
    """PTO-AVS-SYS-C-EBREAK-EXEC-001 (c.ebreak 31: cause 31) and PTO-AVS-SYS-C-EBREAK-ZERO-001
    (c.ebreak 0: cause 0, context saved, epochs kept); C.EBREAK is scalar form 28."""
    assert FORM["C.EBREAK"].index == 28
    m = sys_block()
    res = run_word(m, 0xC7EC, 16)
    assert res.trap.number == SW_BREAKPOINT
    assert (trap_number(m, 0), trap_cause(m, 0), trap_arg(m, 0)) == (50, 31, 0x180)
    assert saved_tpc(m, 0) == 0x180 and m.pc == 0x180
    m = sys_block()
    m.r[7] = 0x777
    m.dcache_epoch, m.request_epoch = 9, 11
    res = run_word(m, 0xC02C, 16)
    assert res.trap.number == SW_BREAKPOINT and trap_cause(m, 0) == 0
    assert m.context_valid(0) and saved_source(m, 0) == 0 and saved_tpc(m, 0) == 0x180
    assert m.r[7] == 0x777 and (m.dcache_epoch, m.request_epoch) == (9, 11)


def test_avs_c_ebreak_place():
    """PTO-AVS-SYS-C-EBREAK-PLACE-001: outside a block C.EBREAK is BUNDLE_TRAP."""
    m = fresh()
    m.pc = 0x100
    res = run_word(m, 0xC02C, 16)
    assert res.trap.number == BUNDLE_TRAP


# ------------------------------------------------------------------------- ASSERT
def test_avs_assert_exec_and_queue_sources():
    """PTO-AVS-SYS-ASSERT-EXEC-001, -TSRC-001, -USRC-001: a nonzero source passes, TPC + 4,
    queue sources are read, not consumed."""
    m = sys_block()
    m.r[5] = 0x1000
    res = run_word(m, 0x0002902B)
    assert res.kind == "executed" and m.pc == 0x184 and m.r[5] == 0x1000
    m = sys_block()
    m.push_t(0x1000)
    assert run_word(m, 0x000C102B).kind == "executed"
    assert m.queue("t")[0] == 0x1000 and m.pc == 0x184
    m = sys_block()
    m.push_u(0x1000)
    assert run_word(m, 0x000E102B).kind == "executed"
    assert m.queue("u")[0] == 0x1000 and m.pc == 0x184


def test_avs_assert_zero():
    """PTO-AVS-SYS-ASSERT-ZERO-001: a zero source is ASSERT_FAIL (52) at 0x180, cause 0."""
    m = sys_block()
    m.r[5] = 0
    m.request_epoch = 7
    res = run_word(m, 0x0002902B)
    assert res.trap.number == ASSERT_FAIL == 52
    assert m.fault_address == 0x180 and (trap_number(m, 0), trap_cause(m, 0), trap_arg(m, 0)) == (52, 0, 0x180)
    assert saved_tpc(m, 0) == 0x180 and m.request_epoch == 7 and m.r[5] == 0


def test_assert_empty_queue_source_is_illegal():
    """ASSERT t#1 with an empty T queue: ILLEGAL_INST before the assert (ScalarSourceOperandsLegal)."""
    m = sys_block()
    res = run_word(m, 0x000C102B)
    assert res.trap.number == ILLEGAL_INST


# ------------------------------------------------------------------------- fences
@pytest.mark.parametrize(
    ("insn", "pred", "succ", "epoch", "avs"),
    [
        (0x0000202B, 0, 0, 7, "PTO-AVS-SYS-FENCE-D-ZERO-001"),
        (0x0FF0202B, 15, 15, 8, "PTO-AVS-SYS-FENCE-D-EXEC-001"),
        (0x0800202B, 8, 0, 8, "PTO-AVS-SYS-FENCE-D-VISIBLE-001"),
    ],
)
def test_avs_fence_d(insn, pred, succ, epoch, avs):
    """PTO-AVS-SYS-FENCE-D-ZERO-001, -EXEC-001, -VISIBLE-001: reservation cleared, pred/succ
    recorded, instruction epoch bumped only when bit 3 is set, one acq_rel fence event."""
    m = sys_block()
    m.set_reservation(0x200, 8)
    m.icache_epoch = 7
    res = run_word(m, insn)
    assert res.kind == "executed", avs
    assert m.resv is None and m.icache_epoch == epoch
    assert (m.fence_pred, m.fence_succ) == (pred, succ)
    assert len(res.events) == 1
    ev = res.events[0]
    assert ev.kind == FENCE and ev.order == "acq_rel" and ev.value == pred << 4 | succ
    assert m.pc == 0x184


def test_avs_fence_i():
    """PTO-AVS-SYS-FENCE-I-EXEC-001: reservation cleared, epoch + 1, no event, the last
    FENCE.D pred/succ kept."""
    m = sys_block()
    m.set_reservation(0x200, 8)
    m.icache_epoch = 7
    m.fence_pred, m.fence_succ = 0b1010, 0b0101
    res = run_word(m, 0x1000202B)
    assert res.kind == "executed" and res.events == []
    assert m.resv is None and m.icache_epoch == 8
    assert (m.fence_pred, m.fence_succ) == (0b1010, 0b0101) and m.pc == 0x184


# --------------------------------------------------------------- system registers
def test_avs_ssrget_destinations():
    """PTO-AVS-SYS-SSRGET-EXEC-001, -TDST-001, -UDST-001, -DISCARD-001: THREAD_PTR (0x000)
    to a GPR, pushed on T or U, or discarded."""
    for insn, check in (
        (0x000001BB, lambda m: m.r[3] == 0x111),
        (0x00000FBB, lambda m: m.queue("t")[0] == 0x111),
        (0x00000F3B, lambda m: m.queue("u")[0] == 0x111),
        (0x00000C3B, lambda m: m.t_valid == 0 and m.u_valid == 0),
    ):
        m = sys_block()
        m.thread_ptr = 0x111
        res = run_word(m, insn)
        assert res.kind == "executed" and check(m) and m.pc == 0x184


def test_avs_hl_ssrget():
    """PTO-AVS-SYS-HL-SSRGET-EXEC-001 (24-bit id 0 -> a1 = THREAD_PTR) and
    PTO-AVS-SYS-HL-SSRGET-RING-001 (TRAPNO_ACR1 = 0x1F02 from ACR2 is ILLEGAL_INST into bank 1)."""
    m = sys_block()
    m.thread_ptr = 0x111
    res = run_word(m, 0x0001BB000E, 48)
    assert res.kind == "executed" and m.r[3] == 0x111 and m.pc == 0x186
    assert FORM["HL.SSRGET"].values(0xF02001BB001E)["SSR_ID"] == 0x1F02
    m = sys_block(acr=2)
    m.r[3] = 0x333
    res = run_word(m, 0xF02001BB001E, 48)
    assert res.trap.number == ILLEGAL_INST and m.r[3] == 0x333
    assert saved_source(m, 1) == 2 and saved_tpc(m, 1) == 0x180


def test_avs_c_ssrget():
    """PTO-AVS-SYS-C-SSRGET-EXEC-001 (id 0 THREAD_PTR), -GLOBAL-001 (id 1 GLOBAL_PTR, cycle 1)
    and -RSVD-001 (id 2 is ILLEGAL_INST): the value is pushed on T, TPC + 2."""
    m = sys_block()
    m.thread_ptr = 0x111
    assert run_word(m, 0x802C, 16).kind == "executed"
    assert m.queue("t")[0] == 0x111 and m.pc == 0x182
    m = sys_block()
    m.global_ptr = 0x222
    assert run_word(m, 0x806C, 16).kind == "executed"
    assert m.t_valid == 1 and m.queue("t")[0] == 0x222 and m.cycle == 1 and m.pc == 0x182
    m = sys_block()
    m.r[3] = 0x333
    res = run_word(m, 0x80AC, 16)
    assert res.trap.number == ILLEGAL_INST and m.r[3] == 0x333 and m.t_valid == 0


def test_avs_c_ssrget_time():
    """PTO-AVS-SYS-C-SSRGET-TIME-001: with cycle = 40 before the attempt, C.SSRGET TIME reads
    41 (the attempt counts itself first) and cycle ends at 41."""
    m = sys_block()
    m.steps = 40
    res = run_word(m, 0x842C, 16)
    assert res.kind == "executed"
    assert m.t_valid == 1 and m.queue("t")[0] == 41 and m.cycle == 41 and m.pc == 0x182


def test_avs_ssrset():
    """PTO-AVS-SYS-SSRSET-EXEC-001, -TSRC-001, -USRC-001: THREAD_PTR <- a3 / t#1 / u#1,
    queues not consumed."""
    m = sys_block()
    m.r[5] = 0x222
    assert run_word(m, 0x0002903B).kind == "executed" and m.thread_ptr == 0x222 and m.pc == 0x184
    m = sys_block()
    m.push_t(0x222)
    assert run_word(m, 0x000C103B).kind == "executed"
    assert m.thread_ptr == 0x222 and m.queue("t")[0] == 0x222
    m = sys_block()
    m.push_u(0x222)
    assert run_word(m, 0x000E103B).kind == "executed"
    assert m.thread_ptr == 0x222 and m.queue("u")[0] == 0x222


@pytest.mark.parametrize(
    ("insn", "acr", "bank", "avs"),
    [
        (0xF0A001BB, 0, 0, "PTO-AVS-SYS-SSRGET-ACCESS-001"),  # EOIEI is write-only
        (0xF02001BB, 2, 1, "PTO-AVS-SYS-SSRGET-RING-001"),  # TRAPNO from ACR2
        (0x002001BB, 0, 0, "PTO-AVS-SYS-SSRGET-UNKNOWN-001"),  # 0x002 names nothing
        (0x0102903B, 0, 0, "PTO-AVS-SYS-SSRSET-ACCESS-001"),  # TIME is read-only
        (0xF022903B, 2, 1, "PTO-AVS-SYS-SSRSET-RING-001"),  # TRAPNO from ACR2
        (0x0022903B, 0, 0, "PTO-AVS-SYS-SSRSET-UNKNOWN-001"),
        (0x0102A1BB, 0, 0, "PTO-AVS-SYS-SSRSWAP-ACCESS-001"),
        (0xF022A1BB, 2, 1, "PTO-AVS-SYS-SSRSWAP-RING-001"),
        (0x0022A1BB, 0, 0, "PTO-AVS-SYS-SSRSWAP-UNKNOWN-001"),
    ],
)
def test_avs_ssrget_ssrset_and_swap_refused(insn, acr, bank, avs):
    """PTO-AVS-SYS-SSRGET-{ACCESS,RING,UNKNOWN}-001, PTO-AVS-SYS-SSRSET-{ACCESS,RING,UNKNOWN}-001
    and PTO-AVS-SYS-SSRSWAP-{ACCESS,RING,UNKNOWN}-001: ILLEGAL_INST at 0x180 into the trap
    bank of the source ring, no register, queue or epoch effect."""
    m = sys_block(acr=acr)
    m.r[3], m.r[5] = 0x333, 0x222
    m.request_epoch, m.dcache_epoch = 7, 9
    res = run_word(m, insn)
    assert res.trap.number == ILLEGAL_INST, avs
    assert m.fault_address == 0x180 and (m.r[3], m.r[5]) == (0x333, 0x222)
    assert m.t_valid == 0 and m.u_valid == 0 and (m.request_epoch, m.dcache_epoch) == (7, 9)
    assert m.thread_ptr == 0
    assert m.context_valid(bank) and saved_source(m, bank) == acr and saved_tpc(m, bank) == 0x180


def test_avs_ssrswap():
    """PTO-AVS-SYS-SSRSWAP-EXEC-001, -TDST-001, -UDST-001, -DISCARD-001, -TSRC-001: the old
    THREAD_PTR goes to the destination, the source becomes THREAD_PTR."""
    for insn, setup, check in (
        (0x0002A1BB, lambda m: m.r.__setitem__(5, 0x222), lambda m: m.r[3] == 0x111),
        (0x0002AFBB, lambda m: m.r.__setitem__(5, 0x222), lambda m: m.queue("t")[0] == 0x111),
        (0x0002AF3B, lambda m: m.r.__setitem__(5, 0x222), lambda m: m.queue("u")[0] == 0x111),
        (0x0002AC3B, lambda m: m.r.__setitem__(5, 0x222), lambda m: m.t_valid == m.u_valid == 0),
        (0x000C21BB, lambda m: m.push_t(0x222), lambda m: m.r[3] == 0x111 and m.queue("t")[0] == 0x222),
    ):
        m = sys_block()
        m.thread_ptr = 0x111
        setup(m)
        res = run_word(m, insn)
        assert res.kind == "executed" and check(m)
        assert m.thread_ptr == 0x222 and m.pc == 0x184


def test_ssrset_core_state_switches_acr():
    """Writing CORE_STATE (0x020) switches ACR (WriteSystemRegister) and keeps the upper bits."""
    m = sys_block()
    m.r[5] = (0x1F << 32) | 2
    res = run_word(m, enc("SSRSET", SSR_ID=0x020, SrcL=5))
    assert res.kind == "executed" and m.acr == 2 and m.core_state == (0x1F << 32) | 2


# ------------------------------------------------------------------------- LSRGET
def test_avs_lsrget():
    """PTO-AVS-SYS-LSRGET-EXEC-001 (id 0 = BPC), -TDST-001, -UDST-001, -DISCARD-001."""
    for insn, check in (
        (0x000031BB, lambda m: m.r[3] == 0x100),
        (0x00003FBB, lambda m: m.queue("t")[0] == 0x100),
        (0x00003F3B, lambda m: m.queue("u")[0] == 0x100),
        (0x00003C3B, lambda m: m.t_valid == m.u_valid == 0),
    ):
        m = sys_block()
        res = run_word(m, insn)
        assert res.kind == "executed" and check(m) and m.pc == 0x184


def test_avs_lsrget_bpcn_and_control():
    """PTO-AVS-SYS-LSRGET-BPCN-001 (STD DIRECT: id 1 = BPCN 0x1000) and
    PTO-AVS-SYS-LSRGET-CONTROL-001 (STD COND taken with atomic/acquire/release/far/DR:
    id 2 = 0x1fa0); BARG is not changed."""
    m = fresh()
    m.pc = 0x100
    begin_block(m, 0x100, KIND_STD, DIRECT, 0x1000, 0x180, 0)
    m.taken = False
    m.pc, m.hdr_end = 0x180, None
    m.r[3] = 0x333
    assert run_word(m, 0x001031BB).kind == "executed"
    assert m.r[3] == 0x1000 and m.bpc == 0x100 and m.bpcn == 0x1000 and m.pc == 0x184
    assert (m.bkind, m.btype, m.taken) == (KIND_STD, DIRECT, False)
    m = fresh()
    m.pc = 0x100
    begin_block(m, 0x100, KIND_STD, COND, 0x1000, 0x180, 0)
    m.taken = True
    m.header = (("trap", 0), ("atom", 1), ("aq", 1), ("rl", 1), ("far", 1), ("dr", 1))
    m.pc, m.hdr_end = 0x180, None
    assert run_word(m, 0x002031BB).kind == "executed"
    assert m.r[3] == 0x1FA0 and m.pc == 0x184 and (m.btype, m.taken, m.bpcn) == (COND, True, 0x1000)


def test_avs_lsrget_faults():
    """PTO-AVS-SYS-LSRGET-APPLICABLE-001 (BPCN in a SYS block), -RSVD-001 (id 3) and
    -PLACE-001 (no block): BUNDLE_TRAP, destination untouched."""
    m = sys_block()
    m.r[3] = 0x333
    m.request_epoch = 7
    res = run_word(m, 0x001031BB)
    assert res.trap.number == BUNDLE_TRAP and m.fault_address == 0x180 and m.r[3] == 0x333
    assert m.t_valid == m.u_valid == 0 and m.request_epoch == 7 and saved_tpc(m, 0) == 0x180
    m = sys_block()
    m.r[3] = 0x333
    assert run_word(m, 0x003031BB).trap.number == BUNDLE_TRAP and m.r[3] == 0x333
    m = fresh()
    m.pc = 0x100
    assert run_word(m, 0x000031BB).trap.number == BUNDLE_TRAP


# ------------------------------------------------------------- maintenance, requests
def test_avs_maintenance_epochs():
    """PTO-AVS-SYS-DC-ZVA-EXEC-001, PTO-AVS-SYS-DC-IALL-EXEC-001, PTO-AVS-SYS-IC-IVA-EXEC-001,
    PTO-AVS-SYS-BC-IVA-EXEC-001, PTO-AVS-SYS-TLB-IV-EXEC-001: the matching epoch + 1 and the
    operation/operand recorded."""
    for insn, name, epoch, operand in (
        (0x0072E02B, "DC.ZVA", "dcache_epoch", 0x1000),
        (0x0010602B, "DC.IALL", "dcache_epoch", 0),
        (0x0002D02B, "IC.IVA", "icache_epoch", 0x1000),
        (0x0002C02B, "BC.IVA", "bcache_epoch", 0x1000),
        (0x0012F02B, "TLB.IV", "tlb_epoch", 0x1000),
    ):
        m = sys_block()
        m.r[5] = 0x1000
        res = run_word(m, insn)
        assert res.kind == "executed" and m.pc == 0x184
        assert getattr(m, epoch) == 1 and m.maintenance == (name, operand)


def test_avs_tlb_iv_queue_sources():
    """PTO-AVS-SYS-TLB-IV-TSRC-001 and -USRC-001: the operand comes from t#1 / u#1."""
    for insn, push, which in ((0x001C702B, "push_t", "t"), (0x001E702B, "push_u", "u")):
        m = sys_block()
        getattr(m, push)(0x1000)
        assert run_word(m, insn).kind == "executed"
        assert m.tlb_epoch == 1 and m.maintenance == ("TLB.IV", 0x1000) and m.queue(which)[0] == 0x1000


@pytest.mark.parametrize(
    ("insn", "operand", "acr", "fault", "address", "avs"),
    [
        (0x0012F02B, 0x1000000000000, 0, DATA_PAGE_FAULT, 0x1000000000000, "PTO-AVS-SYS-TLB-IV-OPERAND-001"),
        (0x0012F02B, 0x1000, 1, ILLEGAL_INST, 0x180, "PTO-AVS-SYS-TLB-IV-RING-001"),
        (0x0002F02B, 0x10000, 0, ILLEGAL_INST, 0x180, "PTO-AVS-SYS-TLB-IA-OPERAND-001"),
        (0x0002F02B, 0x1234, 1, ILLEGAL_INST, 0x180, "PTO-AVS-SYS-TLB-IA-RING-001"),
    ],
)
def test_avs_tlb_faults(insn, operand, acr, fault, address, avs):
    """PTO-AVS-SYS-TLB-IV-{OPERAND,RING}-001, PTO-AVS-SYS-TLB-IA-{OPERAND,RING}-001: the fault,
    its address, the saved TPC 0x180, and no epoch or record change."""
    m = sys_block(acr=acr)
    m.r[5] = operand
    m.tlb_epoch = 7
    m.maintenance = ("DC.IALL", 0x444)
    res = run_word(m, insn)
    assert res.trap.number == fault, avs
    assert m.fault_address == address and m.r[5] == operand
    assert m.tlb_epoch == 7 and m.maintenance == ("DC.IALL", 0x444)
    bank = 0 if acr == 0 else 1
    assert saved_source(m, bank) == acr and saved_tpc(m, bank) == 0x180


def test_avs_control_requests():
    """PTO-AVS-SYS-BSE-EXEC-001, PTO-AVS-SYS-BWE-TSRC-001, PTO-AVS-SYS-BWI-USRC-001,
    PTO-AVS-SYS-BWT-EXEC-001: the request and operand are published, epoch + 1."""
    for insn, name, setup in (
        (0x0002802B, "BSE", lambda m: m.r.__setitem__(5, 0x1000)),
        (0x001C002B, "BWE", lambda m: m.push_t(0x1000)),
        (0x002E002B, "BWI", lambda m: m.push_u(0x1000)),
        (0x0032802B, "BWT", lambda m: m.r.__setitem__(5, 0x1000)),
    ):
        m = sys_block()
        setup(m)
        res = run_word(m, insn)
        assert res.kind == "executed" and m.pc == 0x184
        assert (m.control_request, m.request_operand, m.request_epoch) == (name, 0x1000, 1)


# -------------------------------------------------------------------------- ACRC
def test_avs_acrc_exec():
    """PTO-AVS-SYS-ACRC-EXEC-001: acrc 1 from ACR2 -> SCALL (6) into bank 1, cause 1,
    TRAPARG0 0x180, saved TPC 0x184 with the terminal pending, ACR1, TPC 0x180."""
    m = sys_block(acr=2)
    res = run_word(m, 0x0010302B)
    assert res.trap.number == SCALL == 6 and m.last_fault == SCALL and m.fault_address == 0x180
    assert (trap_number(m, 1), trap_cause(m, 1), trap_arg(m, 1)) == (6, 1, 0x180)
    assert m.context_valid(1) and saved_source(m, 1) == 2 and saved_tpc(m, 1) == 0x184
    assert m.saved[1].sys_pending
    control = m.ctx(1, ssr.EBARG0)
    assert control >> 5 & 1 and control >> 6 & 1
    assert m.request_epoch == 1 and m.request_operand == 1
    assert m.acr == 1 and m.pc == 0x180


PENDING = (7, 0x555)  # a request epoch and operand a refused ACRC/ACRE must keep


def refused(m: Machine, insn: int):
    """Run ``insn`` with a request pending (:data:`PENDING`): it must trap and keep it."""
    m.request_epoch, m.request_operand = PENDING
    res = run_word(m, insn)
    assert res.kind == "trap" and (m.request_epoch, m.request_operand) == PENDING
    return res


@pytest.mark.parametrize(
    ("insn", "acr", "bank", "avs"),
    [
        (0x0030302B, 2, 1, "PTO-AVS-SYS-ACRC-REQUEST-001"),  # type 3 is never permitted
        (0x0000302B, 0, 0, "PTO-AVS-SYS-ACRC-RING0-001"),  # ACR0 may not ask
        (0x0010302B, 1, 1, "PTO-AVS-SYS-ACRC-RING1-001"),  # ACR1 may ask 0 or 2 only
    ],
)
def test_avs_acrc_refused(insn, acr, bank, avs):
    """PTO-AVS-SYS-ACRC-{REQUEST,RING0,RING1}-001: ILLEGAL_INST at 0x180, terminal not pending
    (live and saved), request epoch and operand kept."""
    m = sys_block(acr=acr)
    res = refused(m, insn)
    assert res.trap.number == ILLEGAL_INST, avs
    assert m.fault_address == 0x180 and (trap_number(m, bank), trap_arg(m, bank)) == (4, 0x180)
    assert saved_source(m, bank) == acr and saved_tpc(m, bank) == 0x180
    assert not m.saved[bank].sys_pending and not m.sys_pending


def test_avs_acrc_terminal():
    """PTO-AVS-SYS-ACRC-TERMINAL-001: after the SCALL, recovering bank 1 returns to ACR2 at
    0x184 with the terminal pending; a second ACRC there is BUNDLE_TRAP at 0x184."""
    m = sys_block(acr=2)
    assert run_word(m, 0x0010302B).trap.number == SCALL
    assert m.recover(1) == 0x184
    assert m.acr == 2 and m.pc == 0x184 and m.sys_pending
    res = run_word(m, 0x0010302B)
    assert res.trap.number == BUNDLE_TRAP and m.fault_address == 0x184 and m.sys_pending
    assert m.request_epoch == 1 and m.request_operand == 1


def test_acrc_with_syscall_hook():
    """Linux profile path: an installed ``m.syscall`` services the request in place; TPC + 4,
    terminal pending, no trap."""
    m = sys_block(acr=3)
    calls = []
    m.syscall = lambda mach, rtype, pc: calls.append((rtype, pc)) or 0
    res = run_word(m, 0x0010302B)
    assert res.kind == "executed" and calls == [(1, 0x180)]
    assert m.pc == 0x184 and m.sys_pending and m.acr == 3 and not m.context_valid(1)


# -------------------------------------------------------------------------- ACRE
def saved_context_at_0x240(m: Machine) -> None:
    """SaveTrapContext(0, 0) at TPC 0x240, BPC 0x220 with T#1 = 0xaa and CommitArgument 0x66:
    made by a real trap (a SYS instruction outside a block), then the live state changes."""
    m.set_acr(0)
    m.pc, m.bpc = 0x240, 0x220
    m.commit_arg = 0x66
    m.push_t(0xAA)
    assert run_word(m, 0x1000202B).trap.number == BUNDLE_TRAP  # FENCE.I, no block
    assert saved_tpc(m, 0) == 0x240 and m.ctx(0, ssr.EBARG_BPC_CUR) == 0x220
    m.commit_arg = 0x88
    m.r[24] = 0xBB


ACRE = 0x0100302B  # ACRE with request type 0


def unrecoverable_context() -> Machine:
    """Bank 0 saved at TPC 0x240, then its TPC made odd (0x241: not recoverable), inside a
    SYS block: the set-up of PTO-AVS-SYS-ACRE-CONTEXT-001."""
    m = fresh()
    saved_context_at_0x240(m)
    m.sregs[ssr.EBARG_TPC] = 0x241
    sys_block(m)
    return m


@pytest.mark.parametrize(("insn", "operand", "avs"), [(ACRE, 0, "PTO-AVS-SYS-ACRE-EXEC-001"),
                                                      (0x0110302B, 1, "PTO-AVS-SYS-ACRE-ALIAS-001")])
def test_avs_acre_recovers(insn, operand, avs):
    """PTO-AVS-SYS-ACRE-EXEC-001 and -ALIAS-001: the SYS block commits, bank 0's context is
    restored (TPC 0x240, BPC 0x220, no block, CommitArgument and T#1 from the snapshot) and
    consumed; request epoch 1, operand[3:0] = request type."""
    m = fresh()
    saved_context_at_0x240(m)
    sys_block(m)
    res = run_word(m, insn)
    assert res.kind == "executed", avs
    assert m.acr == 0 and m.pc == 0x240 and m.bpc == 0x220 and not m.blk
    assert m.commit_arg == 0x66 and m.t_valid == 1 and m.queue("t")[0] == 0xAA
    assert not m.context_valid(0)
    assert m.request_epoch == 1 and m.request_operand == operand


def test_avs_acre_missing():
    """PTO-AVS-SYS-ACRE-MISSING-001: no saved context -> EXEC_STATE_CHECK at 0x180, the block
    stays open, epoch/operand kept; the fault itself saves bank 0 with TPC 0x180."""
    m = sys_block()
    res = refused(m, ACRE)
    assert res.trap.number == EXEC_STATE_CHECK and m.fault_address == 0x180
    assert m.blk
    assert m.context_valid(0) and saved_tpc(m, 0) == 0x180


def test_avs_acre_context_fault():
    """PTO-AVS-SYS-ACRE-CONTEXT-001: a saved TPC of 0x241 is not recoverable ->
    EXEC_STATE_CHECK at 0x180, block still open, epoch/operand kept."""
    m = unrecoverable_context()
    res = refused(m, ACRE)
    assert res.trap.number == EXEC_STATE_CHECK and m.fault_address == 0x180
    assert m.blk


def test_avs_acre_context_fault_keeps_bank():
    """PTO-AVS-SYS-ACRE-CONTEXT-001, last assertions: bank 0 still holds TPC 0x241 / BPC 0x220."""
    m = unrecoverable_context()
    refused(m, ACRE)
    assert saved_tpc(m, 0) == 0x241 and m.ctx(0, ssr.EBARG_BPC_CUR) == 0x220


def test_avs_acre_commit_fault():
    """PTO-AVS-SYS-ACRE-COMMIT-001: the SYS block's sequential PC 0x181 is odd ->
    INST_PC_FAULT with address 0x181 before any recovery; the block stays open."""
    m = fresh()
    saved_context_at_0x240(m)
    sys_block(m, seq=0x181)
    m.pc = 0x180  # the ACRE itself sits at an even address
    res = refused(m, ACRE)
    assert res.trap.number == INST_PC_FAULT and m.fault_address == 0x181
    assert m.blk


def test_avs_acre_reserved():
    """PTO-AVS-SYS-ACRE-RSVD-001: request type 2 is ILLEGAL_INST; a3 untouched."""
    m = sys_block()
    m.r[3] = 0x333
    res = run_word(m, 0x0120302B)
    assert res.trap.number == ILLEGAL_INST and m.r[3] == 0x333


# ------------------------------------------------------- cycle reads are exact
def _timed_program(m: Machine) -> None:
    """0x100 c.bstart.sys; fence.i; ssrget CYCLE ->a0; hl.ssrget TIME ->a1; c.ssrget TIME ->t;
    ssrget TIMER_TIME_ACR0 ->a2; ebreak 1."""
    words = [
        (0x0840, 2),
        (enc("FENCE.I"), 4),
        (enc("SSRGET", SSR_ID=0xC00, RegDst=2), 4),
        (FORM["HL.SSRGET"].encode({"SSR_ID": 0x010, "RegDst": 3}), 6),
        (enc("C.SSRGET", SSRID=16), 2),
        (enc("SSRGET", SSR_ID=0xF20, RegDst=4), 4),
        (enc("EBREAK", imm4=1), 4),
    ]
    code = b"".join(w.to_bytes(n, "little") for w, n in words)
    fill(m, 0x100, code)
    m.pc = 0x100


@pytest.mark.parametrize("start", [0, 1000])
def test_cycle_reads_are_exact_in_run(start):
    """Inside ``run`` (fast path) CYCLE, TIME and TIMER_TIME see the exact attempt count,
    the current attempt included (BeginArchitecturalInstructionAttempt)."""
    m = fresh()
    _timed_program(m)
    m.steps = start
    res = m.run(100)
    assert res.reason == "trap" and res.trap.number == SW_BREAKPOINT and res.steps == 7
    assert (m.r[2], m.r[3], m.queue("t")[0], m.r[4]) == (start + 3, start + 4, start + 5, start + 6)
    assert m.steps == start + 7


def test_cycle_reads_are_exact_in_step():
    """The same program one ``step`` at a time gives the same values."""
    m = fresh()
    _timed_program(m)
    m.steps = 50
    kinds = [m.step().kind for _ in range(7)]
    assert kinds == ["executed"] * 6 + ["trap"]
    assert (m.r[2], m.r[3], m.queue("t")[0], m.r[4]) == (53, 54, 55, 56)


def test_cycle_read_after_a_long_fast_run():
    """A CYCLE read preceded by a fast run of other instructions: FENCE.I x 40 then
    SSRGET CYCLE in one ``run`` call reads 42 (block start + 40 fences + itself)."""
    m = fresh()
    code = (0x0840).to_bytes(2, "little") + enc("FENCE.I").to_bytes(4, "little") * 40
    code += enc("SSRGET", SSR_ID=0xC00, RegDst=2).to_bytes(4, "little") + enc("EBREAK").to_bytes(4, "little")
    fill(m, 0x100, code)
    m.pc = 0x100
    res = m.run(1000)
    assert res.reason == "trap" and m.r[2] == 42 and m.icache_epoch == 40


def test_acrc_runs_on_the_precise_path_in_run():
    """In ``run``, ACRC (with a syscall hook) is followed by the SYS-terminal check: a
    non-BSTOP next instruction is BUNDLE_TRAP, a BSTOP closes the block."""
    m = fresh()
    m.syscall = lambda mach, rtype, pc: 0
    code = (0x0840).to_bytes(2, "little") + enc("ACRC", RST_Type=0).to_bytes(4, "little")
    code += enc("FENCE.I").to_bytes(4, "little")
    fill(m, 0x100, code)
    m.pc = 0x100
    res = m.run(10)
    assert res.reason == "trap" and res.trap.number == BUNDLE_TRAP and res.trap.arg0 == 0x106
    m = fresh()
    m.syscall = lambda mach, rtype, pc: 0
    code = (0x0840).to_bytes(2, "little") + enc("ACRC", RST_Type=0).to_bytes(4, "little")
    code += (0x0000).to_bytes(2, "little") + enc("EBREAK").to_bytes(4, "little")  # c.bstop; ebreak
    fill(m, 0x100, code)
    m.pc = 0x100
    res = m.run(10)
    assert res.reason == "trap" and res.trap.number == BUNDLE_TRAP and res.trap.arg0 == 0x108
    assert not m.sys_pending and not m.blk
