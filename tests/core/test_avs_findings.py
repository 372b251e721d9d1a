"""Core defects found by running the pto-spec AVS suite (``ptodbg avs``), one regression
test each, citing the AVS point that found it.

PTO-AVS-BLOCK-B-DIM-DUP-001 (``tests/asl/block/attributes/B.DIM/block-fault-b-dim-duplicate-001``)
and PTO-AVS-BLOCK-C-B-DIMI-DUP-001 (``.../C.B.DIMI/block-fault-c-b-dimi-duplicate-001``):
SetBundleDimension (``asl/block/model/schema/dimensions.asl``) keeps one write-once
presence bit per loop bound, shared by B.DIM and C.B.DIMI; a second bound for the same
loop is Fault_BundleControl (BUNDLE_TRAP) before the first value is replaced.
"""

from __future__ import annotations

from support.avs import fresh, run_word

from ptodbg.core import sysregs as ssr
from ptodbg.core.faults import BUNDLE_TRAP, ILLEGAL_INST
from ptodbg.core.semantics.blocks import begin_block
from ptodbg.core.snapshot import SCALAR_FIELDS
from ptodbg.core.state import FALL, KIND_STD, KIND_TILE_ELEMENT
from ptodbg.isa.forms import COMMAND_FORMS

B_DIM_LB0 = next(f for f in COMMAND_FORMS if f.mnemonic == "B.DIM" and f.syntax.endswith("->lb0"))
B_DIM_LB1 = next(f for f in COMMAND_FORMS if f.mnemonic == "B.DIM" and f.syntax.endswith("->lb1"))
C_B_DIMI = next(f for f in COMMAND_FORMS if f.mnemonic == "C.B.DIMI")


def _open_std_block(pc: int):
    m = fresh()
    m.pc = pc
    begin_block(m, pc, KIND_STD, FALL, pc + 4, pc + 4, pc + 4)
    m.pc = pc + 4
    return m


def test_avs_b_dim_duplicate_is_bundle_trap():
    """PTO-AVS-BLOCK-B-DIM-DUP-001: B.DIM lb0 = 3, then B.DIM lb0 = 9 is rejected."""
    m = _open_std_block(0x100)
    first = run_word(m, B_DIM_LB0.encode({"RegSrc": 0, "uimm17": 3}), 32)
    assert first.trap is None
    assert dict(m.header)["lb0"] == 3
    second = run_word(m, B_DIM_LB0.encode({"RegSrc": 0, "uimm17": 9}), 32)
    assert second.trap is not None and second.trap.number == BUNDLE_TRAP
    assert second.trap.saved_tpc == 0x108
    assert [v for k, v in m.header if k == "lb0"] == [3]


def test_avs_c_b_dimi_and_b_dim_share_the_presence_bit():
    """PTO-AVS-BLOCK-C-B-DIMI-DUP-001: C.B.DIMI lb1 = 7, then B.DIM lb1 = 9 is rejected,
    and the other order too."""
    m = _open_std_block(0x200)
    assert run_word(m, C_B_DIMI.encode({"LoopNest": 1, "imm8": 7}), 16).trap is None
    res = run_word(m, B_DIM_LB1.encode({"RegSrc": 0, "uimm17": 9}), 32)
    assert res.trap is not None and res.trap.number == BUNDLE_TRAP
    assert [v for k, v in m.header if k == "lb1"] == [7]

    m = _open_std_block(0x300)
    assert run_word(m, B_DIM_LB1.encode({"RegSrc": 0, "uimm17": 5}), 32).trap is None
    res = run_word(m, C_B_DIMI.encode({"LoopNest": 1, "imm8": 7}), 16)
    assert res.trap is not None and res.trap.number == BUNDLE_TRAP
    assert [v for k, v in m.header if k == "lb1"] == [5]


def test_distinct_loop_bounds_are_accepted():
    m = _open_std_block(0x400)
    assert run_word(m, B_DIM_LB0.encode({"RegSrc": 0, "uimm17": 2}), 32).trap is None
    assert run_word(m, C_B_DIMI.encode({"LoopNest": 1, "imm8": 4}), 16).trap is None
    assert dict(m.header) == {"lb0": 2, "lb1": 4}


# ------------------------------------------------------------------------------------
# PTO-AVS-BLOCK-B-CATR-DR-ENGINE-001 (``tests/asl/block/attributes/B.CATR/
# block-fault-b-catr-dr-engine-001``): CompleteBundleAt (``asl/block/model/commit/
# validation.asl``) rejects B.CATR's dimension-reduction attribute only when the block is
# neither a tile-element (VEC/SFU) nor a tile-memory (TLSU) block.
B_CATR = next(f for f in COMMAND_FORMS if f.mnemonic == "B.CATR")
BSTOP = next(f for f in COMMAND_FORMS if f.mnemonic == "BSTOP")


def _block_with_dr(kind: int, pc: int):
    m = fresh()
    m.pc = pc
    begin_block(m, pc, kind, FALL, pc + 4, pc + 4, pc + 4)
    m.pc = pc + 4
    assert run_word(m, B_CATR.encode({"DR": 1}), 32).trap is None
    return m


def test_avs_dimension_reduction_commits_in_a_tile_element_block():
    m = _block_with_dr(KIND_TILE_ELEMENT, 0x200)
    res = run_word(m, BSTOP.encode({}), 32)
    assert res.trap is None
    assert not m.blk and m.pc == 0x20C


def test_avs_dimension_reduction_is_refused_in_a_std_block():
    m = _block_with_dr(KIND_STD, 0x100)
    res = run_word(m, BSTOP.encode({}), 32)
    assert res.trap is not None and res.trap.number == BUNDLE_TRAP
    assert m.context_valid(0) and m.ctx(0, ssr.EBARG_TPC) == 0x108


# ------------------------------------------------------------------------------------
# PTO-AVS-SCALAR-SYS-EFFECTS-001 (``tests/asl/scalar/model/dispatch/sys/
# scalar-exec-effects-001``, its ACRE case): RecoverTrapContext
# (``asl/arch/profile/trap-context-recovery.asl``) writes BPC, BARG and BPCN from the bank
# whether or not the restored context has a block open.
def test_avs_recovery_outside_a_block_restores_bpc():
    m = fresh()
    m.pc = 0x240
    m.bpc = 0x80  # WriteBPC(0x80) with no block open, as the AVS case sets it up
    res = run_word(m, 0, 32)  # no PTO form: ILLEGAL_INST into bank 0
    assert res.trap is not None and res.trap.number == ILLEGAL_INST
    assert m.ctx(0, ssr.EBARG_BPC_CUR) == 0x80
    assert m.recover(0) == 0x240
    assert not m.blk and m.bpc == 0x80
    assert m.snapshot().scalars[SCALAR_FIELDS.index("bpc")] == 0x80


def test_recovery_restores_a_bank_software_rewrote():
    m = fresh()
    m.pc = 0x300
    res = run_word(m, 0, 32)
    assert res.trap is not None
    m.write_sysreg(ssr.context_index(0, ssr.EBARG_BPC_CUR), 0x1C0)
    m.write_sysreg(ssr.context_index(0, ssr.EBARG_BPC_TGT), 0x400)
    m.recover(0)
    assert (m.bpc, m.bpcn, m.blk) == (0x1C0, 0x400, False)


# ------------------------------------------------------------------------------------
# The entry points a test bench uses to raise a fault or save a context itself (the AVS
# harness's SetFault and SaveTrapContext, asl/arch/memory-model/fault-precision.asl and
# asl/arch/profile/reference-profile.asl).
def test_enter_trap_outside_an_attempt():
    from ptodbg.core import Fault
    from ptodbg.core.faults import DATA_PAGE_FAULT

    m = fresh()
    m.pc = 0x100
    m.set_acr(2)
    steps = m.steps
    info = m.enter_trap(Fault(DATA_PAGE_FAULT, 0x2000))
    assert (info.bank, info.saved_tpc, info.arg0) == (1, 0x100, 0x2000)
    assert m.acr == 1 and m.pc == 0x2000  # EVBASE 0: TPC := the fault address
    assert m.trap_status[1] == (False, True, 0, DATA_PAGE_FAULT, 0x2000)
    assert m.ctx(1, ssr.EBARG0) & 0xF == 2 and m.steps == steps  # not an attempt


def test_save_context_without_a_trap():
    m = _open_std_block(0x200)
    m.save_context(3, 0)
    assert m.context_valid(3) and m.acr == 0 and m.pc == 0x204
    control = m.ctx(3, ssr.EBARG0)
    assert control >> 4 & 1 and control >> 5 & 1 and not control >> 6 & 1  # valid, block, no body
    assert (m.ctx(3, ssr.EBARG_TPC), m.ctx(3, ssr.EBARG_BPC_CUR)) == (0x204, 0x200)
