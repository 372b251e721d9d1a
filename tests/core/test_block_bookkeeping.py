"""The block-control bookkeeping the spec keeps beside the block state
(``asl/block/model/state/control-state.asl``): _FrameDepth and _LastFrameBegin/End/Size
(CompleteFrameTemplate, ``asl/block/model/lifecycle/lifetime.asl``),
_LastMemoryCommandAddress/Size (a completed MSET or MCOPY, ``asl/block/model/commit/
effects.asl``), _LastBundleHintPayload and _BundleHintEpoch (B.HINT,
``asl/block/model/dispatch/commands.asl`` and BundleTransformHint in
``asl/scalar/model/sys/semantics.asl``), _LastQueueLeft/Right/Flags (HL.Q*).  Each is
machine state: changed by the instruction, unchanged by its fault, and brought back by
snapshot/restore.  Vectors from AVS PTO-AVS-BLOCK-FENTRY-FRAME-001, -MCOPY-XLEN-001,
-MSET-FILL-001, -CMD-001.
"""

from __future__ import annotations

from support.avs import fresh

from ptodbg.core import Machine
from ptodbg.core.faults import DATA_PAGE_FAULT, ILLEGAL_INST
from ptodbg.core.semantics.blocks import begin_block
from ptodbg.core.state import FALL, KIND_STD
from ptodbg.isa.forms import COMMAND_FORMS

FORM = {f.mnemonic: f for f in COMMAND_FORMS}


def run(m: Machine, mnemonic: str, **fields: int):
    form = FORM[mnemonic]
    values = {f.name: 0 for f in form.fields}
    values.update(fields)
    return m.execute(form.encode(values), form.length)


def test_fentry_and_fret_count_the_frame_depth_and_record_the_last_frame():
    m = fresh()
    m.pc = 0x500
    m.r[2], m.r[3], m.r[10] = 0x300, 0x3344, 0x120
    assert run(m, "FENTRY", SrcBegin=2, SrcEnd=3, uimm=16).kind == "executed"
    assert m.frame_depth == 1 and m.last_frame == (2, 3, 16) and m.r[2] == 0x2F0
    m.lra = 0x700
    assert run(m, "FRET.RA", DstBegin=2, DstEnd=3, uimm=16).kind == "executed"
    assert m.frame_depth == 0 and m.last_frame == (2, 3, 16) and m.pc == 0x700
    assert run(m, "FEXIT", DstBegin=3, DstEnd=3, uimm=8).kind == "executed"
    assert m.frame_depth == 0  # never below zero


def test_the_frame_depth_saturates_at_sixteen():
    m = fresh()
    m.pc = 0x500
    m.r[2] = 0xF00
    for k in range(18):
        assert run(m, "FENTRY", SrcBegin=3, SrcEnd=3, uimm=8).kind == "executed", k
        m.pc = 0x500
    assert m.frame_depth == 16


def test_a_rejected_frame_template_leaves_the_bookkeeping():
    m = fresh()
    m.pc = 0x540
    m.frame_depth, m.last_frame = 3, (4, 5, 16)
    res = run(m, "FENTRY", SrcBegin=1, SrcEnd=3, uimm=16)  # R1 is no frame endpoint
    assert res.trap is not None and res.trap.number == ILLEGAL_INST
    assert m.frame_depth == 3 and m.last_frame == (4, 5, 16)


def test_mset_and_mcopy_record_the_last_memory_command_only_when_they_complete():
    m = fresh()
    m.pc = 0x100
    m.r[2], m.r[3], m.r[4] = 0x400, 0xA5, 8
    assert run(m, "MSET", RegSrc0=2, RegSrc1=3, RegSrc2=4).kind == "executed"
    assert m.last_memory_command == (0x400, 8) and m.mem.peek(0x400, 8) == b"\xa5" * 8
    m.r[5], m.r[6], m.r[7] = 0x800, 0x400, 8
    assert run(m, "MCOPY", RegSrc0=5, RegSrc1=6, RegSrc2=7).kind == "executed"
    assert m.last_memory_command == (0x800, 8) and m.mem.peek(0x800, 8) == b"\xa5" * 8
    m.r[5] = 0x100000  # outside the 4096-byte reference memory
    res = run(m, "MCOPY", RegSrc0=5, RegSrc1=6, RegSrc2=7)
    assert res.trap is not None and res.trap.number == DATA_PAGE_FAULT
    assert m.last_memory_command == (0x800, 8)


def test_b_hint_records_its_word_and_counts_the_hint_epoch():
    m = fresh()
    m.pc = 0x300
    begin_block(m, 0x2FC, KIND_STD, FALL, 0x300, 0x300, 0x300)
    form = next(f for f in COMMAND_FORMS if f.mnemonic == "B.HINT" and "B/E" not in f.by_name)  # not TRACE
    values = {f.name: 0 for f in form.fields}
    values.update({"V": 1, "temp": 2})
    word = form.encode(values)
    assert m.execute(word, form.length).kind == "executed"
    assert m.hint_payload == word and m.hint_epoch == 1


def test_hl_qpush_records_its_queue_operands():
    m = fresh()
    m.pc = 0x100
    m.r[2], m.r[3] = 0x80, 0x1234
    run(m, "HL.QMT", RegDst=4, SrcL=2, SrcR=3, i=1)
    assert m.last_queue == (0x80, 0x1234, 0b1000)  # i e s r
    m.r[3] = 0x55
    run(m, "HL.QPUSH", RegDst=4, SrcL=2, SrcR=3, h=1, e=1)
    assert m.last_queue == (0x80, 0x55, 0b1100)  # h e - r


def test_snapshot_and_restore_bring_the_bookkeeping_back():
    m = fresh()
    m.frame_depth, m.last_frame, m.last_memory_command = 2, (2, 9, 64), (0x10, 3)
    m.hint_payload, m.hint_epoch, m.last_queue, m.last_cross_block = 0x1181, 4, (1, 2, 3), (5, 6)
    snap = m.snapshot()
    m.frame_depth, m.last_frame, m.last_memory_command = 0, (0, 0, 0), (0, 0)
    m.hint_payload, m.hint_epoch, m.last_queue, m.last_cross_block = 0, 0, (0, 0, 0), (0, 0)
    m.restore(snap)
    assert (m.frame_depth, m.last_frame, m.last_memory_command) == (2, (2, 9, 64), (0x10, 3))
    assert (m.hint_payload, m.hint_epoch, m.last_queue, m.last_cross_block) == (0x1181, 4, (1, 2, 3), (5, 6))
