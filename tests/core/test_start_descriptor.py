"""The descriptor a STD, FP or SYS BSTART installs (InstallBundleOperationDescriptor in
ExecuteDecodedBundleStart, ``asl/block/model/dispatch/start.asl``;
DecodeBundleOperationDescriptor, ``asl/block/model/dispatch/decode.asl``) is machine state,
``Machine.bdesc``: installed by the start, gone when the block closes (StopBundleAt clears
the header state), saved in a trap context and brought back by RecoverTrapContext and by
snapshot/restore.  (A tile start's descriptor is its header's operation state instead;
translated blocks write it as the per-instruction path does: tests/core/test_translate.py
compares every snapshot field.)  Vectors from AVS PTO-AVS-BLOCK-CMD-CTRLSTART-001 and
PTO-AVS-BLOCK-TESTBUNDLEOPERATIONDESCRIPTORFIELDS-EXECUTION-001."""

from __future__ import annotations

from support.avs import fresh, word

from ptodbg.core.faults import DATA_PAGE_FAULT, Fault
from ptodbg.tile.blockop import CONTROL


def test_a_control_start_installs_its_form_and_the_block_close_clears_it():
    for insn, form in ((0x11, 13), (0x21, 14)):  # the first two canonical 32-bit starts
        m = fresh()
        assert m.execute(insn, 32).kind == "executed" and m.pc == 4
        d = m.bdesc
        assert (d.valid, d.form, d.op_class) == (True, form, CONTROL)
        assert not (d.selector_valid or d.dtype_valid or d.mode_valid or d.brtype_valid)
        assert m.execute(0x0, 16).kind == "executed"  # C.BSTOP
        assert m.blk is False and m.bdesc is None


def test_a_compressed_start_records_its_branch_type():
    for brtype in (1, 5, 7):  # FALL, IND (after a STD block), RET
        m = fresh()
        m.pc = 0x300
        if brtype == 5:
            assert m.execute(0x11, 32).kind == "executed"  # a STD block supplies BPCN
        m.lra = 0x520
        assert m.execute(word(0, (13, 11, brtype)), 16).kind == "executed"
        assert m.bdesc.brtype_valid and m.bdesc.brtype == brtype


def test_a_trap_saves_the_descriptor_and_recovery_brings_it_back():
    m = fresh()
    m.pc = 0x100
    m.execute(0x11, 32)
    installed = m.bdesc
    m.enter_trap(Fault(DATA_PAGE_FAULT, 0xDEAD))
    assert m.context(m.acr).bdesc is installed
    m.bdesc = None
    m.recover()
    assert m.blk and m.bdesc is installed


def test_snapshot_and_restore_bring_the_descriptor_back():
    m = fresh()
    m.pc = 0x100
    m.execute(0x21, 32)
    snap = m.snapshot()
    installed = m.bdesc
    m.execute(0x0, 16)
    assert m.bdesc is None
    m.restore(snap)
    assert m.bdesc is installed
