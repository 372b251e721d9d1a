"""A BSTART that retires an open block (CORE.md §7.2, corrected; issue 23 item 1).

IND and ICALL (C.BSTART.STD/FP IND, BSTART.STD/FP IND, BSTART.ICALL) exist to consume the
retiring block's BPCN: they snapshot it (``asl/block/model/dispatch/start.asl`` lines
40-49: ``reads_retiring_bpcn``, ``retiring_bpcn = _BARG.bpcn``), commit the retiring block
(line 63) and always open the new block at P with that BPCN (line 68, ``BeginBundleAt``);
ICALL writes ra and LRA with its return target (``docs/block/execution/BSTART.ICALL.md``,
ADR-0077 decision 035: "snapshot and validate that target before retiring BARG is cleared,
successfully commit the retiring block, then atomically initialize the new STD BARG and
write return_target to ra"; AVS PTO-AVS-BLOCK-BSTART-ICALL-BARG-001).  The indirect target
is entered only when the new block commits.  Every other form keeps the ADR-0061 / decision
033 rule: a retiring commit that selects a PC other than P goes there and opens nothing.

The programs are assembled from source and run on the precise path (``step``) and on the
fast path (``run``; the loop runs long enough to be translated), which must agree.
"""

from __future__ import annotations

import pytest
from support.assembled import reference_machine, symbol_of

from ptodbg.core import sysregs as ssr
from ptodbg.core.faults import BUNDLE_TRAP, INST_PC_FAULT, SW_BREAKPOINT
from ptodbg.core.state import BlockState

# BSTART.STD DIRECT opens a block whose BPCN is `target`; the IND start at `ind` retires it.
# The IND block's body adds 5 to a0 and its C.BSTOP enters the snapshotted target.
IND_SRC = """
    bstart.std direct, target
ind:
    {start}
    addi a0, 5, ->a0
    c.bstop
    c.bstart.sys
    c.ebreak 1
target:
    addi a0, 100, ->a0
    c.bstart.sys
    c.ebreak 2
"""

# BSTART.STD DIRECT names the callee; BSTART.ICALL retires that block, opens an ICALL block
# carrying the callee as BPCN and writes ra = LRA = back.  The callee returns through LRA.
ICALL_SRC = """
    bstart.std direct, callee
icall:
    bstart.icall back, ->ra
    addi a1, 3, ->a1
    c.bstop
back:
    c.bstart.sys
    c.ebreak 3
callee:
    addi a0, 7, ->a0
    c.bstart.std ret
    c.bstop
"""


# The IND retirement inside a hot loop (translated after 32 runs): 50 iterations.
LOOP_SRC = """
loop:
    bstart.std direct, target
    c.bstart.std ind
    addi a0, 5, ->a0
    c.bstop
target:
    bstart.std cond, loop
    addi a1, 1, ->a1
    setc.lti a1, 50
    bstop
    c.bstart.sys
    c.ebreak 4
"""


IND_STARTS = ["bstart.std ind", "bstart.fp ind", "c.bstart.std ind", "c.bstart.fp ind"]


@pytest.mark.parametrize("start", IND_STARTS)
def test_ind_start_opens_its_block_with_the_retiring_bpcn(start):
    """The IND start retires the DIRECT block and opens an IND block at P whose BPCN is the
    retiring BPCN, instead of jumping to that target; its body runs, and its commit enters
    the target."""
    source = IND_SRC.format(start=start)
    m = reference_machine(source)
    ind, target = symbol_of(source, "ind"), symbol_of(source, "target")
    m.step()  # bstart.std direct, target
    res = m.step()  # the IND start
    assert res.kind == "executed" and res.pc == ind
    kind = "FP" if ".fp" in start else "STD"
    assert m.block_state() == BlockState(kind=kind, type="IND", bpc=ind, bpcn=target, taken=True, body=False)
    assert m.pc == ind + res.length // 8
    m.step()  # addi: the IND block's body ran
    assert m.reg("a0") == 5
    m.step()  # c.bstop: the IND block commits to the snapshot
    assert m.pc == target and m.block_state() is None
    result = m.run(100)
    assert result.reason == "trap" and result.trap.number == SW_BREAKPOINT and result.trap.cause == 2
    assert m.reg("a0") == 105


@pytest.mark.parametrize("start", IND_STARTS)
def test_ind_start_fast_path_agrees(start):
    m = reference_machine(IND_SRC.format(start=start))
    result = m.run(100)
    assert result.reason == "trap" and result.trap.cause == 2
    assert m.reg("a0") == 105 and result.steps == 7


def test_icall_start_opens_its_block_and_writes_ra():
    """PTO-AVS-BLOCK-BSTART-ICALL-BARG-001 as a program: BSTART.ICALL writes ra = LRA = the
    return target and carries the callee as BPCN; the callee returns through LRA."""
    m = reference_machine(ICALL_SRC)
    icall, back, callee = (symbol_of(ICALL_SRC, s) for s in ("icall", "back", "callee"))
    m.step()
    m.step()  # bstart.icall
    assert m.block_state() == BlockState(kind="STD", type="ICALL", bpc=icall, bpcn=callee, taken=True, body=False)
    assert m.reg("ra") == m.lra == back
    m.step()  # addi a1
    m.step()  # c.bstop: enters the callee
    assert m.pc == callee
    result = m.run(100)
    assert result.reason == "trap" and result.trap.cause == 3
    assert (m.reg("a0"), m.reg("a1"), m.reg("ra")) == (7, 3, back)

    fast = reference_machine(ICALL_SRC)
    result = fast.run(100)
    assert result.reason == "trap" and result.trap.cause == 3
    assert (fast.reg("a0"), fast.reg("a1"), fast.pc) == (7, 3, m.pc)


def test_a_direct_start_retiring_a_selecting_block_still_transfers():
    """Every other form keeps ADR-0061 / decision 033: a DIRECT start at P retiring a block
    whose commit selects another PC goes there and opens nothing (compiled LinxISA code
    needs it)."""
    source = IND_SRC.format(start="bstart.std direct, target")
    m = reference_machine(source)
    m.step()
    res = m.step()  # the DIRECT start at `ind`
    assert res.kind == "executed" and m.pc == symbol_of(source, "target") and m.block_state() is None
    assert m.run(100).trap.cause == 2 and m.reg("a0") == 100


def test_ind_start_with_an_odd_retiring_bpcn_changes_nothing():
    """start.asl lines 59-62: an odd snapshot raises Fault_InstructionPC (argument = the
    target) before the retiring block commits."""
    m = reference_machine(IND_SRC.format(start="bstart.std ind"))
    m.step()
    m.bpcn = 0x41  # as SETC.TGT could have left it
    before = m.snapshot()
    res = m.step()
    assert res.kind == "trap" and res.trap.number == INST_PC_FAULT and res.trap.arg0 == 0x41
    assert m.ctx(0, ssr.EBARG_TPC) == res.pc and m.ctx(0, ssr.EBARG_BPC_TGT) == 0x41
    m.recover(0)
    after = m.snapshot()
    assert after.regs == before.regs and after.moving == before.moving


def test_ind_start_needs_an_open_std_or_fp_block():
    """start.asl lines 43-46: no retiring STD/FP block -> Fault_BundleControl (BUNDLE_TRAP)."""
    m = reference_machine("    c.bstart.sys\n    bstart.std ind\n    c.bstop\n")
    m.step()
    res = m.step()
    assert res.kind == "trap" and res.trap.number == BUNDLE_TRAP


def test_ind_retirement_in_a_hot_loop_precise_and_fast_paths_agree():
    fast = reference_machine(LOOP_SRC)
    result = fast.run(10_000)
    assert result.reason == "trap" and result.trap.cause == 4
    assert (fast.reg("a0"), fast.reg("a1")) == (250, 50)
    precise = reference_machine(LOOP_SRC)
    while precise.step().kind == "executed":
        assert precise.steps < 10_000
    assert (precise.reg("a0"), precise.reg("a1"), precise.pc, precise.steps) == (250, 50, fast.pc, fast.steps)
