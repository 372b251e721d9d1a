"""B.IOS / B.IOT with PEMode = 000 (CORE.md §7.18; issue 23 item 2).

``asl/block/model/dispatch/commands.asl`` (BindBundleSharedIO, lines 151-179;
BindBundleTileIO, lines 191-215): after the encoding checks (B.IOS SizeCode 13..15 ->
Fault_IllegalInstruction, line 157; B.IOT SizeCode/DstTile, lines 198-206) a zero decoded
PE mask is a strict no-op "before placement, duplicate, stream, schema, allocation,
descriptor, and operation-specific checks": TPC advances by the length, with or without an
open block and after the body began; in an open header it only sets
``_BundleZeroParticipationSeen`` (lines 165-167, 211-213).  ``docs/block/operands/B.IOS.md``:
"PEMode=000 decodes to no participating PE and is a strict no-op"; AVS
PTO-AVS-BLOCK-B-IOS-ZERO-MASK-001 starts with such a B.IOS outside any block.  A
participating B.IOS still needs an open header (line 171: Fault_BundleControl).
"""

from __future__ import annotations

from support.assembled import reference_machine

from ptodbg.core import Machine, reference
from ptodbg.core import sysregs as ssr
from ptodbg.core.faults import BUNDLE_TRAP, ILLEGAL_INST, SW_BREAKPOINT
from ptodbg.isa.forms import COMMAND_FORMS
from ptodbg.tile.blockop import of_header

B_IOS = next(f for f in COMMAND_FORMS if f.mnemonic == "B.IOS")

ZERO_MASK_SRC = """
    b.ios sharedtid=9, sizecode=0, pemode=0
    b.iot l=1, sizecode=1, pemode=0, dsttile=0
    c.bstart.std fall
    b.ios sharedtid=9, sizecode=1, pemode=0
    b.iot srctile0=3, l=1, pemode=0
    addi a0, 1, ->a0
    b.ios sharedtid=4, sizecode=0, pemode=0
    b.iot srctile1=2, srctile0=1, l=0, pemode=0
    addi a0, 2, ->a0
    c.bstop
    c.bstart.sys
    c.ebreak 5
"""


def test_zero_mask_bindings_are_no_ops_outside_a_block():
    m = reference_machine(ZERO_MASK_SRC)
    for pc in (0x0, 0x4):
        res = m.step()
        assert res.kind == "executed" and res.pc == pc and res.trap is None
        assert m.pc == pc + 4 and not m.blk and m.header == ()
        assert res.writes == [] and res.events == []


def test_zero_mask_bindings_in_the_header_mark_zero_participation_only():
    m = reference_machine(ZERO_MASK_SRC)
    for _ in range(3):  # two no-ops, c.bstart.std fall at 0x8
        m.step()
    assert m.block_state().body is False and m.bpc == 0x8
    m.step()  # b.ios at 0xa, in the header
    assert m.pc == 0xE and of_header(m.header).zero_seen
    assert m.block_state().body is False  # a header command: the header goes on
    m.step()  # b.iot at 0xe, in the header: the mark is already there
    assert m.pc == 0x12 and of_header(m.header).zero_seen
    assert m.block_state().body is False


def test_zero_mask_bindings_after_the_body_began_are_no_ops():
    m = reference_machine(ZERO_MASK_SRC)
    for _ in range(6):  # up to and including the first body addi at 0x12
        m.step()
    assert m.block_state().body is True and m.reg("a0") == 1
    header = m.header
    for pc in (0x16, 0x1A):
        res = m.step()
        assert res.kind == "executed" and res.pc == pc and m.pc == pc + 4
        assert m.header == header and m.block_state().body is True


def test_zero_mask_program_runs_to_its_stop():
    """The fast path (``run``) and the precise path (``step``) agree."""
    m = reference_machine(ZERO_MASK_SRC)
    result = m.run(100)
    assert result.reason == "trap" and result.trap.number == SW_BREAKPOINT and result.trap.cause == 5
    assert m.reg("a0") == 3 and result.steps == 12
    precise = reference_machine(ZERO_MASK_SRC)
    while precise.step().kind == "executed":
        assert precise.steps < 100
    assert (precise.pc, precise.steps, precise.reg("a0")) == (m.pc, 12, 3)


def test_encoding_checks_come_before_the_no_op():
    """SizeCode 13..15 are reserved for B.IOS (commands.asl line 157): ILLEGAL_INST even
    with PEMode = 000, and even outside a block."""
    m = Machine(reference())
    word = B_IOS.encode({"SharedTID": 9, "SizeCode": 0, "PEMode": 0}) | 13 << 15  # SizeCode 13
    res = m.execute(word, 32)
    assert res.kind == "trap" and res.trap.number == ILLEGAL_INST and m.pc == res.trap.arg0 == 0


def test_a_participating_binding_still_needs_an_open_header():
    """commands.asl line 171: a B.IOS with a nonzero mask outside a block is
    Fault_BundleControl (BUNDLE_TRAP)."""
    m = reference_machine("    b.ios sharedtid=9, sizecode=0, pemode=1\n")
    res = m.step()
    assert res.kind == "trap" and res.trap.number == BUNDLE_TRAP and m.ctx(0, ssr.EBARG_TPC) == 0

