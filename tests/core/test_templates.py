"""Command templates: MSET, MCOPY, FENTRY/FEXIT/FRET.RA/FRET.STK, HL.QMT/QPUSH/QPOP and the
reserved ESAVE/ERCOV/XB.

The AVS points restated here live under ``tests/asl/block/lifecycle/`` of pto-spec; each
test names its AVS id.  Model-only bookkeeping the AVS files also assert
(_LastMemoryCommand*, _FrameDepth, _LastFrame*) has no architectural visibility and is
not modelled by ptodbg, so those assertions are not restated.  Tests without an AVS id
cover restart behaviour, events, reservations, watchpoints and the fast run path."""

from __future__ import annotations

import pytest
from support.avs import fill, fresh, run_word, word

from ptodbg.core import DEBUG, Machine, R, W, X
from ptodbg.core.events import LOAD, RELAXED, STORE
from ptodbg.core.faults import (
    BUNDLE_TRAP,
    DATA_ALIGN_FAULT,
    DATA_PAGE_FAULT,
    ILLEGAL_INST,
    INST_PC_FAULT,
)
from ptodbg.core.memory import Watch
from ptodbg.core.semantics import builders
from ptodbg.core.semantics.templates import (
    ENTRY,
    EXIT,
    GQM_RESET,
    RETURN_STACK,
    FrameTemplate,
    gqm_initialize,
    gqm_pop,
    gqm_push,
    gqm_state,
    ring_count,
    ring_register,
)
from ptodbg.isa.decoder import decode

MSET_MATCH = 0x00001031
MCOPY_MATCH = 0x00000031
FENTRY_MATCH, FEXIT_MATCH, FRET_RA_MATCH, FRET_STK_MATCH = 0x41, 0x1041, 0x2041, 0x3041
QMT_MATCH, QPOP_MATCH, QPUSH_MATCH = 0x0000007D000E, 0x0000207D000E, 0x0000107D000E
EVBASE_ACR1 = 0x1F01


# ------------------------------------------------------------------ word builders
def three(base: int, a: int, b: int, c: int) -> int:
    """RegSrc0 [19:15], RegSrc1 [24:20], RegSrc2 [31:27] (MSET, MCOPY, ESAVE, ERCOV)."""
    return word(base, (19, 15, a), (24, 20, b), (31, 27, c))


def at(pc: int, sp: int) -> Machine:
    """A reset machine about to run the instruction at ``pc`` with stack pointer ``sp`` (R2)."""
    m = fresh()
    m.pc = pc
    m.r[2] = sp
    return m


def run_at_acr2(m: Machine, pc: int) -> None:
    """Run at ACR2 (bound 3072) from ``pc``, with ACR1's handler at 0x900: a fault there
    enters ACR1 and saves the active template in bank 1."""
    m.set_acr(2)
    m.write_sysreg(EVBASE_ACR1, 0x900)
    m.pc = pc


def recover_to_acr0(m: Machine, pc: int) -> None:
    """Recover bank 1 (back to the faulting ``pc``), then reissue at ACR0 (no bound)."""
    assert m.recover(1) == pc
    m.set_acr(0)


def assert_returned_to(m: Machine, res, target: int) -> None:
    """The template executed to its end: no frame left active, next pc ``target`` (FEXIT: the
    next instruction; FRET: the restored return address)."""
    assert res.kind == "executed"
    assert m.pc == target
    assert m.frame is None


def frame(base: int, begin: int, end: int, size: int) -> int:
    """FENTRY-family word: size[9:3] -> [31:25], size[14:10] -> [11:7]."""
    return word(base, (19, 15, begin), (24, 20, end), (31, 25, size >> 3), (11, 7, size >> 10))


def qmt(dst: int, left: int, right: int, i=0, e=0, s=0, r=0) -> int:
    return word(QMT_MATCH, (27, 23, dst), (35, 31, left), (40, 36, right),
                (44, 44, i), (41, 41, e), (43, 43, s), (42, 42, r))


def qpush(dst: int, left: int, right: int, h=0, e=0, r=0) -> int:
    return word(QPUSH_MATCH, (27, 23, dst), (35, 31, left), (40, 36, right),
                (43, 43, h), (41, 41, e), (42, 42, r))


def qpop(dst0: int, dst1: int, left: int, e=0, r=0) -> int:
    return word(QPOP_MATCH, (27, 23, dst0), (15, 11, dst1), (35, 31, left),
                (41, 41, e), (42, 42, r))


def status(result: int) -> int:
    return result >> 62


def assert_illegal_at(m: Machine, res, pc: int) -> None:
    """ILLEGAL_INST at ``pc``: TRAPARG0 = pc, and with EVBASE 0 the TPC is pc again."""
    assert res.kind == "trap" and res.trap.number == ILLEGAL_INST
    assert res.trap.arg0 == pc and res.trap.saved_tpc == pc
    assert m.pc == pc
    assert res.events == []


# ------------------------------------------------------------------------- decode
@pytest.mark.parametrize(
    "avs,insn,length,index,mnemonic",
    [
        ("PTO-AVS-BLOCK-MSET-DECODE-001", 0x00001031, 32, 70, "MSET"),
        ("PTO-AVS-BLOCK-MCOPY-DECODE-001", 0x00000031, 32, 69, "MCOPY"),
        ("PTO-AVS-BLOCK-FENTRY-DECODE-001", 0x00210041, 32, 62, "FENTRY"),
        ("PTO-AVS-BLOCK-FEXIT-DECODE-001", 0x00211041, 32, 63, "FEXIT"),
        ("PTO-AVS-BLOCK-FRET-RA-DECODE-001", 0x00212041, 32, 64, "FRET.RA"),
        ("PTO-AVS-BLOCK-FRET-STK-DECODE-001", 0x00253041, 32, 65, "FRET.STK"),
        ("PTO-AVS-BLOCK-HL-QMT-DECODE-001", 0x007D000E, 48, 66, "HL.QMT"),
        ("PTO-AVS-BLOCK-HL-QPOP-DECODE-001", 0x207D000E, 48, 67, "HL.QPOP"),
        ("PTO-AVS-BLOCK-HL-QPUSH-DECODE-001", 0x107D000E, 48, 68, "HL.QPUSH"),
        ("PTO-AVS-BLOCK-ESAVE-DECODE-001", 0x00002031, 32, 61, "ESAVE"),
        ("PTO-AVS-BLOCK-ERCOV-DECODE-001", 0x00003031, 32, 60, "ERCOV"),
    ],
)
def test_avs_decode_canonical(avs, insn, length, index, mnemonic):
    """The canonical words of the block/lifecycle decode AVS points (``avs`` names each)
    decode to their command form index, and every one of them has a builder."""
    form = decode(insn, length)
    assert form is not None
    assert (form.surface, form.index, form.mnemonic) == ("command", index, mnemonic)
    assert mnemonic in builders()


def test_every_template_command_form_has_a_builder():
    """No command form of this family ends in the 'decodes but not executed' halt."""
    names = {"MSET", "MCOPY", "FENTRY", "FEXIT", "FRET.RA", "FRET.STK", "HL.QMT", "HL.QPOP",
             "HL.QPUSH", "ESAVE", "ERCOV", "XB"}
    assert names <= set(builders())
    for insn, length in [(three(MSET_MATCH, 0, 0, 0), 32), (three(MCOPY_MATCH, 0, 0, 0), 32),
                         (qmt(0, 0, 0), 48), (qpush(0, 0, 0), 48), (qpop(0, 0, 0), 48)]:
        m = fresh()
        res = run_word(m, insn, length)
        assert res.kind == "executed", decode(insn, length).mnemonic
        assert m.pc == length // 8


# --------------------------------------------------------------------------- MSET
def test_avs_mset_fill():
    """PTO-AVS-BLOCK-MSET-FILL-001: a three-byte fill publishes only FillByte[7:0]; a
    zero-length command touches no memory; TPC advances by 4 each time; no events."""
    m = fresh()
    m.pc = 0x5C0
    m.r[2], m.r[3], m.r[4] = 0x100, 0x12AB, 3
    res = run_word(m, three(MSET_MATCH, 2, 3, 4))
    assert res.kind == "executed"
    assert m.mem.peek(0x100, 4) == b"\xab\xab\xab\x00"
    assert m.pc == 0x5C4
    assert res.events == []

    m.r[2], m.r[4] = 0x180, 0
    res = run_word(m, three(MSET_MATCH, 2, 3, 4))
    assert res.kind == "executed"
    assert m.mem.peek(0x180, 1) == b"\x00"
    assert m.pc == 0x5C8


@pytest.mark.parametrize("selector", range(24, 32))
@pytest.mark.parametrize("position", range(3))
def test_avs_mset_rejects_relative_selectors(selector, position):
    """PTO-AVS-BLOCK-MSET-GPR-001: 24..31 in any source field -> ILLEGAL_INST at TPC."""
    m = fresh()
    m.pc = 0x580
    m.push_t(0x100)
    m.push_u(0x100)
    ops = [0, 0, 0]
    ops[position] = selector
    res = run_word(m, three(MSET_MATCH, *ops))
    assert_illegal_at(m, res, 0x580)


def test_mset_length_bound_and_fault_order():
    """ExecuteBoundedMemorySet: length 64 -> ILLEGAL_INST before the probe (even for an
    unwritable destination); a failing write probe -> DATA_PAGE_FAULT at Destination with
    the whole range unchanged and the reservation kept."""
    m = fresh()
    m.r[2], m.r[3], m.r[4] = 0x5000, 0xFF, 64
    m.pc = 0x40
    assert_illegal_at(m, run_word(m, three(MSET_MATCH, 2, 3, 4)), 0x40)

    m = fresh()
    fill(m, 0xFE0, b"\x5a" * 32)
    m.set_reservation(0xFE0, 8)
    m.r[2], m.r[3], m.r[4] = 0xFE0, 0x11, 33  # ends at 0x1001, past the 4096 bytes
    m.pc = 0x40
    res = run_word(m, three(MSET_MATCH, 2, 3, 4))
    assert res.kind == "trap" and res.trap.number == DATA_PAGE_FAULT
    assert res.trap.arg0 == 0xFE0 and res.trap.saved_tpc == 0x40
    assert m.mem.peek(0xFE0, 32) == b"\x5a" * 32
    assert m.resv == (0xFE0, 8)

    m.r[4] = 32  # ends exactly at the end of memory: legal
    m.pc = 0x40
    assert run_word(m, three(MSET_MATCH, 2, 3, 4)).kind == "executed"
    assert m.mem.peek(0xFE0, 32) == b"\x11" * 32
    assert m.resv is None


@pytest.mark.parametrize("dst,count,kept", [(0x1F0, 16, True), (0x1F0, 17, False),
                                            (0x23F, 1, False), (0x240, 63, True),
                                            (0x200, 0, True)])
def test_mset_reservation(dst, count, kept):
    """A nonzero fill overlapping the reserved 64-byte granule 0x200..0x23F clears it;
    zero length performs no access and keeps it."""
    m = fresh()
    m.set_reservation(0x210, 8)
    m.r[2], m.r[3], m.r[4] = dst, 0x77, count
    assert run_word(m, three(MSET_MATCH, 2, 3, 4)).kind == "executed"
    assert (m.resv == (0x210, 8)) is kept


def test_mset_fires_a_write_watchpoint_without_an_event():
    m = fresh()
    m.mem.set_watches([Watch(1, 0x104, 0x105, "w")])
    m.r[2], m.r[3], m.r[4] = 0x100, 0xCD, 8
    res = run_word(m, three(MSET_MATCH, 2, 3, 4))
    assert res.kind == "executed" and res.events == []
    [(watch, ev)] = m.mem.watch_hits
    assert watch.ident == 1
    assert (ev.kind, ev.address, ev.size) == (STORE, 0x100, 8)


# -------------------------------------------------------------------------- MCOPY
def test_avs_mcopy_xlen_length_and_events():
    """PTO-AVS-BLOCK-MCOPY-XLEN-001: a disjoint 70-byte copy (above the old 63-byte bound)
    copies in forward 8/4/2-byte steps, clears the destination reservation and advances
    TPC once.  Events: per step one relaxed load then one relaxed store of the same value
    (effects.asl ExecuteMemoryCopyStep)."""
    m = fresh()
    m.pc = 0x640
    m.r[2], m.r[3], m.r[4] = 0x200, 0x100, 70
    m.set_reservation(0x200, 8)
    data = bytes(range(1, 71))
    fill(m, 0x100, data)
    res = run_word(m, three(MCOPY_MATCH, 2, 3, 4))
    assert res.kind == "executed"
    assert m.mem.peek(0x200, 70) == data
    assert m.resv is None
    assert m.pc == 0x644
    assert m.mcopy is None
    sizes = [8] * 8 + [4, 2]
    assert len(res.events) == 2 * len(sizes)
    offset = 0
    for k, size in enumerate(sizes):
        load, store = res.events[2 * k], res.events[2 * k + 1]
        value = int.from_bytes(data[offset : offset + size], "little")
        assert (load.kind, load.address, load.size, load.value, load.order) == (
            LOAD, 0x100 + offset, size, value, RELAXED)
        assert (store.kind, store.address, store.size, store.value, store.order) == (
            STORE, 0x200 + offset, size, value, RELAXED)
        offset += size


@pytest.mark.parametrize("selector", range(24, 32))
@pytest.mark.parametrize("position", range(3))
def test_avs_mcopy_rejects_relative_selectors(selector, position):
    """PTO-AVS-BLOCK-MCOPY-GPR-001: 24..31 in any field -> ILLEGAL_INST, no template."""
    m = fresh()
    m.pc = 0x600
    ops = [0, 0, 0]
    ops[position] = selector
    res = run_word(m, three(MCOPY_MATCH, *ops))
    assert_illegal_at(m, res, 0x600)
    assert m.mcopy is None


@pytest.mark.parametrize("dst,src", [(0x100, 0x100), (0x104, 0x100), (0x100, 0x104)])
def test_avs_mcopy_rejects_overlap(dst, src):
    """PTO-AVS-BLOCK-MCOPY-OVERLAP-001: exact and partial overlap (length 8) ->
    ILLEGAL_INST at TPC; memory, events and progress untouched."""
    m = fresh()
    m.pc = 0x680
    data = bytes(range(1, 13))
    fill(m, 0x100, data)
    m.r[2], m.r[3], m.r[4] = dst, src, 8
    res = run_word(m, three(MCOPY_MATCH, 2, 3, 4))
    assert_illegal_at(m, res, 0x680)
    assert m.mem.peek(0x100, 12) == data
    assert m.mcopy is None


@pytest.mark.parametrize("dst,src", [((1 << 64) - 1, 0x100), (0x100, (1 << 64) - 1),
                                     ((1 << 64) - 2, 0x100)])
def test_avs_mcopy_rejects_wrapping_range(dst, src):
    """PTO-AVS-BLOCK-MCOPY-RANGE-001: a wrapping nonempty interval (length 2) ->
    ILLEGAL_INST (FaultAddress = TPC 0x6c0), no events, reservation and memory kept.  A
    range ending exactly at 2^64 wraps too (its end address is 0)."""
    m = fresh()
    m.pc = 0x6C0
    fill(m, 0x100, b"\xa5")
    m.set_reservation(0x100, 8)
    m.r[2], m.r[3], m.r[4] = dst, src, 2
    res = run_word(m, three(MCOPY_MATCH, 2, 3, 4))
    assert_illegal_at(m, res, 0x6C0)
    assert m.fault_address == 0x6C0
    assert m.resv == (0x100, 8)
    assert m.mem.peek(0x100, 1) == b"\xa5"
    assert m.mcopy is None


def test_avs_mcopy_restart_resumes_at_faulting_step():
    """PTO-AVS-BLOCK-MCOPY-RESTART-001: at ACR2 (bound 3072) a 16-byte copy to 3064 commits
    its first 8-byte step (2 events) and faults at 3072; bank 1 saves the active template
    with progress 8.  After the GPRs are clobbered, recovery and a reissue at ACR0 copy only
    the second step (2 events), complete the template and retire once (TPC + 4)."""
    m = fresh()
    src, dst, pc = 0x100, 3064, 0x700
    data = bytes(range(1, 17))
    fill(m, src, data)
    m.r[2], m.r[3], m.r[4] = dst, src, 16
    run_at_acr2(m, pc)
    insn = three(MCOPY_MATCH, 2, 3, 4)
    res = run_word(m, insn)
    assert res.kind == "trap" and res.trap.number == DATA_PAGE_FAULT
    assert res.trap.arg0 == dst + 8 == m.fault_address
    assert m.acr == 1 and m.pc == 0x900
    assert len(res.events) == 2
    assert m.mem.peek(dst, 8) == data[:8]
    assert m.mem.peek(dst + 8, 8) == bytes(8)
    assert m.saved[1].mcopy == (pc, dst, src, 16, 8)

    m.r[2], m.r[3], m.r[4] = 0x20, 0x40, 0
    recover_to_acr0(m, pc)
    again = run_word(m, insn)
    assert again.kind == "executed"
    assert [(e.kind, e.address, e.size) for e in again.events] == [
        (LOAD, src + 8, 8), (STORE, dst + 8, 8)]
    assert m.mem.peek(dst, 16) == data
    assert m.mcopy is None
    assert m.pc == pc + 4


def test_mcopy_source_probe_precedes_destination_probe():
    """Each step probes the source, then the destination, before reading: with both bad
    (ACR2, beyond the 3072-byte bound) the source address faults; with only the
    destination bad there is no source load event.  Either way the template has started
    (progress 0)."""
    m = fresh()
    m.set_acr(2)
    m.r[2], m.r[3], m.r[4] = 0xD00, 0xC00, 8
    res = run_word(m, three(MCOPY_MATCH, 2, 3, 4))
    assert res.trap.number == DATA_PAGE_FAULT and res.trap.arg0 == 0xC00
    assert m.saved[1].mcopy == (0, 0xD00, 0xC00, 8, 0)

    m = fresh()
    m.set_acr(2)
    m.r[2], m.r[3], m.r[4] = 0xBFC, 0x100, 8  # destination 0xBFC..0xC03 crosses the bound
    res = run_word(m, three(MCOPY_MATCH, 2, 3, 4))
    assert res.trap.number == DATA_PAGE_FAULT and res.trap.arg0 == 0xBFC
    assert res.events == []
    assert m.mem.peek(0xBFC, 4) == bytes(4)


def test_mcopy_zero_length_is_a_memory_free_no_op():
    m = fresh()
    m.set_reservation(0x100, 8)
    m.r[2], m.r[3], m.r[4] = 0x100, 0x100, 0  # "overlap" is only for nonempty ranges
    res = run_word(m, three(MCOPY_MATCH, 2, 3, 4))
    assert res.kind == "executed" and res.events == [] and m.pc == 4
    assert m.resv == (0x100, 8) and m.mcopy is None


def test_mcopy_active_template_rejects_another_pc():
    """ExecuteMemoryCopyTemplate: an active template whose instruction PC is not TPC ->
    ILLEGAL_INST; the template stays active and the original MCOPY still resumes."""
    m = fresh()
    m.r[2], m.r[3], m.r[4] = 0xFF8, 0x100, 16
    m.pc = 0x40
    assert run_word(m, three(MCOPY_MATCH, 2, 3, 4)).trap.number == DATA_PAGE_FAULT
    template = m.mcopy
    assert template == (0x40, 0xFF8, 0x100, 16, 8)
    m.pc = 0x80
    res = run_word(m, three(MCOPY_MATCH, 5, 6, 7))
    assert_illegal_at(m, res, 0x80)
    assert m.mcopy == template


def test_mcopy_reservation_cleared_only_when_a_step_overlaps_it():
    m = fresh()
    m.set_reservation(0x300, 8)
    m.r[2], m.r[3], m.r[4] = 0x2C0, 0x100, 64  # destination 0x2C0..0x2FF: next to the line
    assert run_word(m, three(MCOPY_MATCH, 2, 3, 4)).kind == "executed"
    assert m.resv == (0x300, 8)
    m.r[4] = 65
    assert run_word(m, three(MCOPY_MATCH, 2, 3, 4)).kind == "executed"
    assert m.resv is None


def _debug_copy_machine() -> Machine:
    m = Machine(DEBUG)
    m.mem.map(0x10000, 0x1000, R | X)
    m.mem.map(0x40000, 0x4000, R | W)  # source
    m.mem.map(0x80000, 0x2000, R | W)  # destination, then a read-only page
    m.mem.map(0x82000, 0x1000, R)
    m.pc = 0x10000
    return m


def test_mcopy_large_copy_across_pages_and_exact_fault_step():
    """Debug profile: a 0x3000-byte copy from an unaligned source crosses pages; the
    destination's third page is read-only, so the step at 0x82000 faults with everything
    before it committed; making the page writable and recovering finishes the copy."""
    m = _debug_copy_machine()
    data = bytes((i * 37 + 11) & 0xFF for i in range(0x3000))
    m.mem.poke(0x40003, data)
    m.r[2], m.r[3], m.r[4] = 0x80000, 0x40003, 0x3000
    insn = three(MCOPY_MATCH, 2, 3, 4)
    res = run_word(m, insn)
    assert res.kind == "trap" and res.trap.number == DATA_PAGE_FAULT
    assert res.trap.arg0 == 0x82000
    assert m.mem.peek(0x80000, 0x2000) == data[:0x2000]
    assert m.mcopy == (0x10000, 0x80000, 0x40003, 0x3000, 0x2000)
    assert len(res.events) == 2 * 0x2000 // 8
    m.mem.set_perms(0x82000, 0x1000, R | W)
    assert m.recover() == 0x10000
    again = run_word(m, insn)
    assert again.kind == "executed" and m.pc == 0x10004
    assert m.mem.peek(0x80000, 0x3000) == data
    assert len(again.events) == 2 * 0x1000 // 8


def test_mcopy_on_the_fast_run_path():
    """``run`` (events off) gives the same memory and template progress as ``step``."""
    m = _debug_copy_machine()
    m.mem.poke(0x10000, three(MCOPY_MATCH, 2, 3, 4).to_bytes(4, "little"))
    data = bytes(range(256)) * 48
    m.mem.poke(0x40001, data)
    m.r[2], m.r[3], m.r[4] = 0x80005, 0x40001, len(data)  # 0x3000: ends inside the r-- page
    out = m.run(1)
    assert out.reason == "trap" and out.trap.number == DATA_PAGE_FAULT
    assert out.trap.arg0 == 0x81FFD  # the first step touching 0x82000
    assert m.saved[0].mcopy == (0x10000, 0x80005, 0x40001, 0x3000, 0x1FF8)
    assert m.mem.peek(0x80005, 0x1FF8) == data[:0x1FF8]
    assert m.mem.peek(0x81FFD, 3) == bytes(3)


def test_mcopy_one_shot_injected_fault_is_not_swallowed():
    """A page made read-only "for the next access" must fault on the exact step even
    though MCOPY tests whole chunks first (the chunk test must not consume it)."""
    m = _debug_copy_machine()
    if not hasattr(m.mem, "inject_once"):
        pytest.skip("memory has no one-shot fault injection")
    m.mem.inject_once(0x81000, 0x1000, R)
    m.r[2], m.r[3], m.r[4] = 0x80FF0, 0x40000, 0x40
    res = run_word(m, three(MCOPY_MATCH, 2, 3, 4))
    assert res.kind == "trap" and res.trap.arg0 == 0x81000
    assert m.mcopy[4] == 0x10
    assert m.recover() == 0x10000
    assert run_word(m, three(MCOPY_MATCH, 2, 3, 4)).kind == "executed"


def test_mcopy_template_survives_snapshot_restore():
    m = fresh()
    m.r[2], m.r[3], m.r[4] = 0xFF8, 0x100, 16
    run_word(m, three(MCOPY_MATCH, 2, 3, 4))
    snap = m.snapshot()
    m.mcopy = None
    m.restore(snap)
    assert m.mcopy == (0, 0xFF8, 0x100, 16, 8)


# ---------------------------------------------------------------- frame templates
def test_ring_range_arithmetic():
    """FrameRegisterRangeCount / FrameRegisterAt over the R2..R23 ring."""
    assert ring_count(2, 23) == 22 and ring_count(5, 5) == 1
    assert ring_count(22, 3) == 4
    assert [ring_register(22, k) for k in range(4)] == [22, 23, 2, 3]
    assert ring_count(3, 2) == 22 and ring_register(3, 21) == 2


def test_avs_fentry_frame():
    """PTO-AVS-BLOCK-FENTRY-FRAME-001: FENTRY [R2 ~ R3], sp!, 16 with R2 = 0x300 (the
    frame sp, PTO_FRAME_SP_INDEX = 2): the caller sp (R2's snapshot) goes to 0x2f8, R3 to
    0x2f0, R2 becomes 0x2f0, two relaxed store events, TPC + 4."""
    m = fresh()
    m.pc = 0x500
    m.r[2], m.r[3] = 0x300, 0x3344
    res = run_word(m, frame(FENTRY_MATCH, 2, 3, 16))
    assert res.kind == "executed"
    assert m.r[2] == 0x2F0
    assert m.mem.peek(0x2F8, 8) == (0x300).to_bytes(8, "little")
    assert m.mem.peek(0x2F0, 8) == (0x3344).to_bytes(8, "little")
    assert [(e.kind, e.address, e.size, e.value, e.order) for e in res.events] == [
        (STORE, 0x2F8, 8, 0x300, RELAXED), (STORE, 0x2F0, 8, 0x3344, RELAXED)]
    assert m.frame is None
    assert m.pc == 0x504


@pytest.mark.parametrize("begin,end,size", [(1, 3, 16), (2, 24, 16), (2, 4, 16), (2, 2, 0)])
def test_avs_fentry_rejects_range(begin, end, size):
    """PTO-AVS-BLOCK-FENTRY-RANGE-001 (and the canonical word's zero size): endpoints
    outside R2..R23 or a frame smaller than 8 bytes per register -> ILLEGAL_INST with sp
    and memory unchanged and no template."""
    m = at(pc=0x540, sp=0x300)
    fill(m, 0x2F8, b"\xaa")
    res = run_word(m, frame(FENTRY_MATCH, begin, end, size))
    assert_illegal_at(m, res, 0x540)
    assert m.r[2] == 0x300
    assert m.mem.peek(0x2F8, 1) == b"\xaa"
    assert m.frame is None


def test_fentry_wrapping_ring_range():
    """FENTRY [R22 ~ R3]: R22, R23, R2, R3 into descending slots below the caller sp."""
    m = fresh()
    m.r[2] = 0x400
    m.r[22], m.r[23], m.r[3] = 0x22, 0x23, 0x3
    assert run_word(m, frame(FENTRY_MATCH, 22, 3, 48)).kind == "executed"
    slots = [int.from_bytes(m.mem.peek(0x400 - 8 * (k + 1), 8), "little") for k in range(4)]
    assert slots == [0x22, 0x23, 0x400, 0x3]
    assert m.r[2] == 0x400 - 48


def test_fentry_fault_mid_frame_resumes_from_progress():
    """Debug profile: the third store hits a read-only page.  Two stores stay committed,
    sp is already the new sp, and the template (snapshot, progress 2) is in the trap
    context.  Clobbering the sources does not matter: the reissue stores the snapshot,
    commits only the two remaining stores and does not move sp again."""
    m = Machine(DEBUG)
    m.mem.map(0x10000, 0x1000, R | X)
    m.mem.map(0x20000, 0x1000, R)
    m.mem.map(0x21000, 0x1000, R | W)
    m.pc = 0x10000
    m.r[2] = 0x21010
    m.r[3], m.r[4], m.r[5] = 0x33, 0x44, 0x55
    res = run_word(m, insn := frame(FENTRY_MATCH, 2, 5, 32))
    assert res.kind == "trap" and res.trap.number == DATA_PAGE_FAULT
    assert res.trap.arg0 == 0x20FF8 and res.trap.saved_tpc == 0x10000
    assert [e.address for e in res.events] == [0x21008, 0x21000]
    assert m.r[2] == 0x20FF0
    t = m.saved[0].frame
    assert isinstance(t, FrameTemplate)
    assert (t.kind, t.pc, t.adjusted, t.progress, t.caller_sp) == (ENTRY, 0x10000, True, 2, 0x21010)
    assert t.values == (0x21010, 0x33, 0x44, 0x55)

    m.r[4] = m.r[5] = 0xDEAD
    m.mem.set_perms(0x20000, 0x1000, R | W)
    assert m.recover() == 0x10000
    again = run_word(m, insn)
    assert again.kind == "executed" and m.pc == 0x10004
    assert [(e.address, e.value) for e in again.events] == [(0x20FF8, 0x44), (0x20FF0, 0x55)]
    assert m.r[2] == 0x20FF0
    assert m.frame is None


def test_avs_fexit_frame():
    """PTO-AVS-BLOCK-FEXIT-FRAME-001: FEXIT [R3 ~ R4], sp!, 16 with R2 = 0x2f0: sp becomes
    0x300 first, R3 <- [0x2f8], R4 <- [0x2f0], two load events, TPC + 4."""
    m = at(pc=0x580, sp=0x2F0)
    fill(m, 0x2F8, b"\x11\x11" + bytes(6))
    fill(m, 0x2F0, b"\x22\x22" + bytes(6))
    res = run_word(m, frame(FEXIT_MATCH, 3, 4, 16))
    assert res.kind == "executed"
    assert (m.r[2], m.r[3], m.r[4]) == (0x300, 0x1111, 0x2222)
    assert [(e.kind, e.address, e.value) for e in res.events] == [
        (LOAD, 0x2F8, 0x1111), (LOAD, 0x2F0, 0x2222)]
    assert m.frame is None
    assert m.pc == 0x584


def test_avs_fexit_restart_does_not_add_sp_twice():
    """PTO-AVS-BLOCK-FEXIT-RESTART-001: at ACR2 FEXIT [R3 ~ R3], sp!, 8 with R2 = 3072
    moves sp to 3080 and faults loading slot 3072; bank 1 holds the adjusted template with
    progress 0.  Recovered at ACR0, the reissue loads 0x77 and leaves sp at 3080."""
    m = fresh()
    fill(m, 3072, b"\x77")
    m.r[2] = 3072
    run_at_acr2(m, 0x5C0)
    res = run_word(m, insn := frame(FEXIT_MATCH, 3, 3, 8))
    assert res.kind == "trap" and res.trap.number == DATA_PAGE_FAULT
    assert res.trap.arg0 == 3072
    assert m.r[2] == 3080
    t = m.saved[1].frame
    assert (t.kind, t.adjusted, t.progress) == (EXIT, True, 0)

    recover_to_acr0(m, 0x5C0)
    assert_returned_to(m, run_word(m, insn), 0x5C4)
    assert m.r[2] == 3080
    assert m.r[3] & 0xFF == 0x77


def test_fexit_restored_sp_is_not_adjusted_again_on_restart():
    """FEXIT [R2 ~ R3]: slot 0 restores R2 itself, slot 1 faults.  The template remembers
    that sp was adjusted, so the reissue keeps the restored R2 (AdjustFrameStackPointer runs
    once per template) and loads only R3."""
    m = Machine(DEBUG)
    m.mem.map(0x10000, 0x1000, R | X)
    m.mem.map(0x21000, 0x1000, R)
    m.mem.poke(0x21000, (0x5550).to_bytes(8, "little"))
    m.pc = 0x10000
    m.r[2] = 0x20FF8
    res = run_word(m, insn := frame(FEXIT_MATCH, 2, 3, 16))
    assert res.kind == "trap" and res.trap.arg0 == 0x20FF8
    assert m.r[2] == 0x5550
    assert m.saved[0].frame.progress == 1
    m.mem.map(0x20000, 0x1000, R)
    m.mem.poke(0x20FF8, (0x3333).to_bytes(8, "little"))
    assert m.recover() == 0x10000
    again = run_word(m, insn)
    assert again.kind == "executed"
    assert [e.address for e in again.events] == [0x20FF8]
    assert (m.r[2], m.r[3]) == (0x5550, 0x3333)


def test_fexit_restoring_ra_updates_lra_and_misaligned_slot_faults():
    """A restored R10 also becomes LRA; a misaligned slot raises DATA_ALIGN_FAULT after the
    sp update (the probe's alignment check, with progress 0)."""
    m = fresh()
    m.r[2] = 0x2F8
    fill(m, 0x2F8, (0x1230).to_bytes(8, "little"))
    m.lra = 0x40
    assert run_word(m, frame(FEXIT_MATCH, 10, 10, 8)).kind == "executed"
    assert m.r[10] == 0x1230 and m.lra == 0x1230 and m.r[2] == 0x300

    m = fresh()
    m.r[2] = 0x2F4
    m.pc = 0x20
    res = run_word(m, frame(FEXIT_MATCH, 3, 3, 16))
    assert res.kind == "trap" and res.trap.number == DATA_ALIGN_FAULT
    assert res.trap.arg0 == 0x2FC and res.trap.saved_tpc == 0x20
    assert m.r[2] == 0x304
    assert m.frame.progress == 0 and m.frame.adjusted


def test_frame_template_active_rejects_other_kind_or_pc():
    m = fresh()
    m.r[2] = 3072
    run_at_acr2(m, 0x100)
    run_word(m, frame(FEXIT_MATCH, 3, 3, 8))
    assert m.recover(1) == 0x100
    res = run_word(m, frame(FENTRY_MATCH, 3, 3, 8))  # same pc, another kind
    assert res.kind == "trap" and res.trap.number == ILLEGAL_INST
    assert m.saved[1].frame.kind == EXIT


def test_avs_fret_ra_target():
    """PTO-AVS-BLOCK-FRET-RA-TARGET-001: FRET.RA [R10 ~ R10], sp!, 16 snapshots LRA 0x800
    as the target, then restores R10 = 0x1234 from 0x2f8; TPC becomes 0x800."""
    m = at(pc=0x600, sp=0x2F0)
    fill(m, 0x2F8, b"\x34\x12")
    m.lra = 0x800
    assert_returned_to(m, run_word(m, frame(FRET_RA_MATCH, 10, 10, 16)), 0x800)
    assert m.r[10] == 0x1234 and m.lra == 0x1234
    assert m.r[2] == 0x300


def test_fret_ra_odd_return_address_faults_before_any_effect():
    m = at(pc=0x600, sp=0x2F0)
    m.lra = 0x801
    res = run_word(m, frame(FRET_RA_MATCH, 10, 10, 16))
    assert res.kind == "trap" and res.trap.number == INST_PC_FAULT
    assert res.trap.arg0 == 0x801 and res.trap.saved_tpc == 0x600
    assert res.events == [] and m.r[2] == 0x2F0 and m.frame is None


def test_avs_fret_stk_target():
    """PTO-AVS-BLOCK-FRET-STK-TARGET-001: FRET.STK [R10 ~ R11], sp!, 16: slot 0 (0x2f8 =
    0x900) is the target and restores ra and LRA, slot 1 restores R11 = 0xabcd, TPC 0x900."""
    m = at(pc=0x640, sp=0x2F0)
    fill(m, 0x2F8, b"\x00\x09")
    fill(m, 0x2F0, b"\xcd\xab")
    assert_returned_to(m, run_word(m, frame(FRET_STK_MATCH, 10, 11, 16)), 0x900)
    assert m.r[10] == 0x900 and m.lra == 0x900
    assert m.r[11] == 0xABCD


def test_avs_fret_stk_requires_ra_begin():
    """PTO-AVS-BLOCK-FRET-STK-RANGE-001: a range beginning at R9 -> ILLEGAL_INST, sp kept."""
    m = at(pc=0x680, sp=0x2F8)
    res = run_word(m, frame(FRET_STK_MATCH, 9, 10, 16))
    assert_illegal_at(m, res, 0x680)
    assert m.r[2] == 0x2F8 and m.frame is None


def test_avs_fret_stk_restart():
    """PTO-AVS-BLOCK-FRET-STK-RESTART-003: at ACR2 the slot-0 load at 3072 faults after sp
    became 3080 (ra untouched, template progress 0 in bank 1); the reissue at ACR0 restores
    ra = LRA = 0x900 and returns there, sp still 3080."""
    m = fresh()
    fill(m, 3072, b"\x00\x09")
    m.r[2], m.r[10] = 3072, 0x777
    m.lra = 0x777
    run_at_acr2(m, 0x6C0)
    res = run_word(m, insn := frame(FRET_STK_MATCH, 10, 10, 8))
    assert res.kind == "trap" and res.trap.number == DATA_PAGE_FAULT
    assert m.r[2] == 3080 and m.r[10] == 0x777
    t = m.saved[1].frame
    assert (t.kind, t.adjusted, t.progress) == (RETURN_STACK, True, 0)

    recover_to_acr0(m, 0x6C0)
    assert_returned_to(m, run_word(m, insn), 0x900)
    assert m.r[2] == 3080
    assert m.r[10] == 0x900 and m.lra == 0x900


def test_avs_fret_stk_odd_target():
    """PTO-AVS-BLOCK-FRET-STK-ODD-TARGET-002: slot 0 holds 0x901 -> INST_PC_FAULT with
    FaultAddress 0x901, bank 0 saves TPC 0x680; sp is already 0x300 but ra/LRA keep 0x777
    and the active template has progress 0 and no valid target."""
    m = fresh()
    m.pc = 0x680
    m.r[2], m.r[10] = 0x2F8, 0x777
    m.lra = 0x777
    fill(m, 0x2F8, b"\x01\x09")
    res = run_word(m, frame(FRET_STK_MATCH, 10, 10, 8))
    assert res.kind == "trap" and res.trap.number == INST_PC_FAULT
    assert m.fault_address == 0x901
    assert res.trap.bank == 0 and res.trap.saved_tpc == 0x680
    assert m.r[2] == 0x300
    assert m.r[10] == 0x777 and m.lra == 0x777
    assert res.events == []
    t = m.frame
    assert (t.adjusted, t.progress, t.target_valid) == (True, 0, False)
    assert m.saved[0].frame == t


# ------------------------------------------------------- General Queue Management
def test_avs_hl_qmt_init_and_query():
    """PTO-AVS-BLOCK-HL-QMT-INIT-001: hl.qmt.i with capacity 3 returns 24 allocated bytes
    (status 0) and creates an empty writable queue; a bare query returns 3; TPC + 6 each."""
    m = fresh()
    m.pc = 0x700
    m.r[1], m.r[2] = 0x1000, 3
    res = run_word(m, qmt(3, 1, 2, i=1), 48)
    assert res.kind == "executed"
    assert status(m.r[3]) == 0 and m.r[3] & 0x1FFF == 24
    q = gqm_state(m).queues[0x1000]
    assert q.remaining == 3 and not q.suspended
    assert run_word(m, qmt(4, 1, 0), 48).kind == "executed"
    assert status(m.r[4]) == 0 and m.r[4] & 0x1FFF == 3
    assert m.pc == 0x70C


def test_avs_hl_qmt_rejects_suspend_with_restore():
    """PTO-AVS-BLOCK-HL-QMT-FLAGS-001: s+r -> ILLEGAL_INST before the (unavailable) T#1/T#2
    sources matter; destination, events and TPC unchanged."""
    m = fresh()
    m.pc = 0x740
    m.r[3] = 0x55
    res = run_word(m, qmt(3, 24, 25, s=1, r=1), 48)
    assert_illegal_at(m, res, 0x740)
    assert m.r[3] == 0x55
    assert gqm_state(m).event_epoch == 0


def test_avs_hl_qmt_control_order():
    """PTO-AVS-BLOCK-HL-QMT-CONTROL-001: hl.qmt.ies initialises, broadcasts one event, then
    suspends; hl.qmt.r restores; a query with e on a missing queue reports status 1 (value
    0) without an event or creating the queue."""
    m = fresh()
    m.r[1], m.r[2] = 0x1100, 2
    assert run_word(m, qmt(3, 1, 2, i=1, e=1, s=1), 48).kind == "executed"
    assert status(m.r[3]) == 0
    st = gqm_state(m)
    assert st.queues[0x1100].suspended
    assert (st.event_epoch, st.event_address) == (1, 0x1100)
    assert run_word(m, qmt(4, 1, 0, r=1), 48).kind == "executed"
    assert not gqm_state(m).queues[0x1100].suspended
    m.r[1] = 0x2200
    assert run_word(m, qmt(5, 1, 0, e=1), 48).kind == "executed"
    assert status(m.r[5]) == 1 and m.r[5] & 0x1FFF == 0
    assert 0x2200 not in gqm_state(m).queues
    assert gqm_state(m).event_epoch == 1


def test_hl_qmt_reads_srcr_only_when_initialising():
    """Without i, an unavailable SrcR selector is ignored; with i it is ILLEGAL_INST."""
    m = fresh()
    m.r[1] = 0x1000
    assert run_word(m, qmt(3, 1, 27), 48).kind == "executed"  # T#4 not valid: not read
    assert status(m.r[3]) == 1
    m.pc = 0x10
    assert_illegal_at(m, run_word(m, qmt(3, 1, 27, i=1), 48), 0x10)
    assert 0x1000 not in gqm_state(m).queues


def test_avs_hl_qpush_order():
    """PTO-AVS-BLOCK-HL-QPUSH-ORDER-001: a tail push then a head push (release ordering)
    into a capacity-3 queue return remaining 2 then 1; the head entry is the second value
    with release epoch 2."""
    m = fresh()
    m.gqm = gqm_initialize(GQM_RESET, 0x1200, 3)
    m.r[1], m.r[2] = 0x1200, 0x11
    assert run_word(m, qpush(3, 1, 2), 48).kind == "executed"
    assert status(m.r[3]) == 0 and m.r[3] & 0x3FF == 2
    m.r[2] = 0x22
    assert run_word(m, qpush(4, 1, 2, h=1), 48).kind == "executed"
    assert m.r[4] & 0x3FF == 1
    assert gqm_state(m).queues[0x1200].entries == ((0x22, 2), (0x11, 1))


def test_avs_hl_qpush_status():
    """PTO-AVS-BLOCK-HL-QPUSH-STATUS-001: full and suspended -> status 1, missing and
    corrupt -> status 2; no failed push changes entries, the release or the event epoch."""
    st = gqm_initialize(GQM_RESET, 0x1300, 1)
    st, _ = gqm_push(st, 0x1300, 0xAA, False, False, False)
    before = (st.release_epoch, st.event_epoch)
    st, full = gqm_push(st, 0x1300, 0xBB, False, False, True)
    assert status(full) == 1 and st.queues[0x1300].entries[0][0] == 0xAA
    st = st.with_queue(0x1300, st.queues[0x1300].replace(suspended=True))
    st, suspended = gqm_push(st, 0x1300, 0xCC, False, False, True)
    assert status(suspended) == 1
    st, missing = gqm_push(st, 0x2300, 0xDD, False, False, True)
    assert status(missing) == 2
    st = st.with_queue(0x1300, st.queues[0x1300].replace(corrupt=True))
    st, corrupt = gqm_push(st, 0x1300, 0xEE, False, False, True)
    assert status(corrupt) == 2
    assert (st.release_epoch, st.event_epoch) == before
    assert st.queues[0x1300].entries == ((0xAA, 1),)


def test_hl_qpush_through_block_queues():
    """hl.qpush.he t#1, u#1, ->t: sources read (not consumed) from T/U; the result is pushed
    onto T; an unavailable source -> ILLEGAL_INST with no queue change."""
    m = fresh()
    m.gqm = gqm_initialize(GQM_RESET, 0x1400, 4)
    m.push_t(0x1400)
    m.push_u(0xBEEF)
    assert run_word(m, qpush(31, 24, 28, h=1, e=1), 48).kind == "executed"
    assert m.queue("t")[:2] == [3, 0x1400] and m.t_valid == 0b11
    st = gqm_state(m)
    assert st.queues[0x1400].entries == ((0xBEEF, 1),) and st.event_epoch == 1
    m.pc = 0x30
    assert_illegal_at(m, run_word(m, qpush(3, 24, 29), 48), 0x30)  # U#2 is not valid
    assert gqm_state(m) is st


def test_avs_hl_qpop_acquire():
    """PTO-AVS-BLOCK-HL-QPOP-ACQUIRE-001: hl.qpop.e pops 0x1234 into R2, status 0 and count
    0 into R3, acquires release epoch 1 and broadcasts one event."""
    m = fresh()
    st = gqm_initialize(GQM_RESET, 0x1400, 2)
    m.gqm, _ = gqm_push(st, 0x1400, 0x1234, False, False, False)
    m.r[1] = 0x1400
    assert run_word(m, qpop(2, 3, 1, e=1), 48).kind == "executed"
    assert m.r[2] == 0x1234
    assert status(m.r[3]) == 0 and m.r[3] & 0x1FFF == 0
    st = gqm_state(m)
    assert st.queues[0x1400].remaining == 2
    assert (st.acquire_epoch, st.event_epoch) == (1, 1)


def test_avs_hl_qpop_status():
    """PTO-AVS-BLOCK-HL-QPOP-STATUS-001: empty -> status 1, missing and corrupt -> status 2,
    data 0 each time, no acquire and no event."""
    st = gqm_initialize(GQM_RESET, 0x1500, 0)
    st, data, empty = gqm_pop(st, 0x1500, False, True)
    assert (data, status(empty)) == (0, 1)
    st, data, missing = gqm_pop(st, 0x2500, False, True)
    assert (data, status(missing)) == (0, 2)
    st = st.with_queue(0x1500, st.queues[0x1500].replace(corrupt=True))
    st, data, corrupt = gqm_pop(st, 0x1500, False, True)
    assert (data, status(corrupt)) == (0, 2)
    assert (st.acquire_epoch, st.event_epoch) == (0, 0)


def test_avs_hl_qpop_reserved_bits():
    """PTO-AVS-BLOCK-HL-QPOP-RESERVED-001: any nonzero value in bits [40:36] -> ILLEGAL_INST
    before source (T#1, unavailable), queue, event, destination or TPC effects."""
    m = fresh()
    m.pc = 0x780
    m.r[2], m.r[3] = 0xAA, 0xBB
    for reserved in range(1, 32):
        insn = word(qpop(2, 3, 24), (40, 36, reserved))
        res = run_word(m, insn, 48)
        assert_illegal_at(m, res, 0x780)
        assert (m.r[2], m.r[3]) == (0xAA, 0xBB)
        assert gqm_state(m).event_epoch == 0


def test_hl_qpop_writes_data_then_result_and_relaxed_pop_does_not_acquire():
    """RegDst0 (data) is written before RegDst1 (result): two pushes onto T leave the result
    at T#1 and the data at T#2.  hl.qpop.r records no acquire edge."""
    m = fresh()
    st = gqm_initialize(GQM_RESET, 0x1600, 2)
    st, _ = gqm_push(st, 0x1600, 0x51, False, False, False)
    m.gqm, _ = gqm_push(st, 0x1600, 0x52, False, False, False)
    m.r[1] = 0x1600
    assert run_word(m, qpop(31, 31, 1, r=1), 48).kind == "executed"
    assert m.queue("t")[:2] == [1, 0x51]
    assert gqm_state(m).acquire_epoch == 0
    assert run_word(m, qpop(4, 5, 1), 48).kind == "executed"
    assert (m.r[4], m.r[5]) == (0x52, 0)
    assert gqm_state(m).acquire_epoch == 2


# ------------------------------------------------------------- reserved commands
@pytest.mark.parametrize("avs,insn", [
    ("PTO-AVS-BLOCK-ESAVE-RSVD-001", 0x00002031), ("PTO-AVS-BLOCK-ESAVE-RSVD-001", 0xF9FFA031),
    ("PTO-AVS-BLOCK-ERCOV-RSVD-001", 0x00003031), ("PTO-AVS-BLOCK-ERCOV-RSVD-001", 0xF9FFB031),
])
def test_avs_esave_ercov_reserved(avs, insn):
    """ESAVE/ERCOV boundary forms (``avs``): ILLEGAL_INST at TPC before any operand is
    read; registers and queues untouched."""
    m = fresh()
    m.pc = 0x540
    m.push_t(7)
    before = (m.r[:], m.t_valid, m.u_valid)
    res = run_word(m, insn)
    assert_illegal_at(m, res, 0x540)
    assert (m.r[:], m.t_valid, m.u_valid) == before


def test_xb_is_not_supported_in_pto_v0():
    """CommandHandlerSupportedPTOv0(ExecuteCrossBlockTransfer) is FALSE."""
    m = fresh()
    m.pc = 0x20
    assert_illegal_at(m, run_word(m, 0x00006F81 | 5 << 15 | 3 << 25), 0x20)


def test_pending_acrc_terminal_wins_over_templates():
    """After ACRC only BSTOP/BSTART may run: an MSET then is BUNDLE_TRAP (top-level.asl)."""
    m = fresh()
    m.sys_pending = True
    m.blk = True
    m.r[4] = 1
    res = run_word(m, three(MSET_MATCH, 2, 3, 4))
    assert res.kind == "trap" and res.trap.number == BUNDLE_TRAP
    assert m.mem.peek(0, 1) == b"\x00"
