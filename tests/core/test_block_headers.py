"""Block header commands found wrong by the AVS run (``ptodbg avs``).

PTO-AVS-BLOCK-B-DIM-DUP-001 (``tests/asl/block/attributes/B.DIM/block-fault-b-dim-duplicate-001``)
and PTO-AVS-BLOCK-C-B-DIMI-DUP-001 (``.../C.B.DIMI/block-fault-c-b-dimi-duplicate-001``):
SetBundleDimension (``asl/block/model/schema/dimensions.asl``) keeps one write-once
presence bit per loop bound, shared by B.DIM and C.B.DIMI; a second bound for the same
loop is Fault_BundleControl (BUNDLE_TRAP) before the first value is replaced.
"""

from __future__ import annotations

from support.avs import fresh, run_word

from ptodbg.core.faults import BUNDLE_TRAP
from ptodbg.core.semantics.blocks import begin_block
from ptodbg.core.state import FALL, KIND_STD
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
