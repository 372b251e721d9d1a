"""Precise faults of real assembled programs: the frame templates' restart points and the
block body on a faulting attempt (README "Precise faults").

Precise means (DESIGN.md §10, the DMA rule): a faulting attempt leaves every architectural
field as it was before it.  The two departures the specification itself prescribes are
kept and tested here: the restartable frame templates (below) and SC's cleared
reservation (``asl/scalar/model/amo/semantics.asl`` StoreConditional).

* FENTRY / FRET.STK (``asl/block/model/lifecycle/lifetime.asl`` ExecuteFrameTemplate):
  AdjustFrameStackPointer runs once, before the first memory step, and every 8-byte step
  is a restart boundary.  A fault keeps the committed steps *and the sp update*; the
  template (progress, caller sp, FENTRY's source snapshot) is saved with the trap context
  (``asl/arch/state/trap-context.asl``), recovery restores it, and the reissue continues
  at the first uncommitted step without adjusting sp again or rereading a register.  The
  contracts say so (``asl/block/lifecycle/FENTRY.asl``: "a recoverable access fault
  preserves earlier committed events and retries exactly the first uncommitted event";
  ``FRET.STK.asl``: "an earlier committed sp adjustment remains restart-visible") and so
  do PTO-AVS-BLOCK-FRET-STK-RESTART-003 and PTO-AVS-BLOCK-FEXIT-RESTART-001.
* Block body (CORE.md §7.1): the ASL enters a body only through EnterBundleBody
  (``asl/block/model/lifecycle/enter-stop.asl``), which no instruction calls; ptodbg
  enters it implicitly with the first attempt at the header position that is not a
  command.  That entry is part of the attempt, so a faulting first body instruction is
  rejected whole and leaves the body unentered: block.body stays false, EBARG0[6] and
  ECSTATE[4] are 0, and after ``recover`` the instruction reissues at the header position
  and enters the body by completing (issue 23).  An attempt that fetched nothing
  (INST_PAGE_FAULT, a ptodbg extension) enters nothing either, so a header command there
  reissues as one.

Frame templates keep their stack pointer in R2 (PTO_FRAME_SP_INDEX = 2), which the ADR-0076
names call ``a0``; the programs copy the loader's sp there.
"""

from __future__ import annotations

import pytest
from support.paths import TEST_PROGRAMS

from ptodbg.core import DEBUG, Machine, R, W, X
from ptodbg.core import sysregs as ssr
from ptodbg.core.events import LOAD, RELAXED, STORE
from ptodbg.core.faults import DATA_PAGE_FAULT, INST_PAGE_FAULT, SCALL, SW_BREAKPOINT
from ptodbg.core.loader import LoadedProgram, load, load_path
from ptodbg.core.semantics.templates import ENTRY, RETURN_STACK
from ptodbg.core.state import BlockState
from ptodbg.isa.asm import assemble
from ptodbg.isa.elf import parse_program

FRAME_CALL = TEST_PROGRAMS / "frame_call.s"
PAGE = 0x1000
CALLER_SP = 0xE010  # frame_call.s: a0 = sp - 0xff0; slots 0xe008, 0xe000 (page 0xe000), 0xdff8 (page 0xd000)
SLOTS = (0xE008, 0xE000, 0xDFF8)  # ra, s0, s1: caller_sp - 8 * (k + 1)


def u64(m: Machine, address: int) -> int:
    return int.from_bytes(m.mem.peek(address, 8), "little")


def open_program(path=FRAME_CALL) -> tuple[Machine, LoadedProgram]:
    m = Machine(DEBUG)
    loaded = load_path(m, path)
    m.add_stop(loaded.stop_address)
    return m, loaded


def from_source(source: str) -> tuple[Machine, LoadedProgram]:
    m = Machine(DEBUG)
    loaded = load(m, parse_program(assemble(source, "p.s"), "p.s"))
    return m, loaded


def run_to(m: Machine, address: int) -> None:
    m.add_stop(address)
    assert m.run(1000).reason == "stop-pc" and m.pc == address
    m.remove_stop(address)


def result_words(m: Machine, loaded: LoadedProgram) -> list[int]:
    data = loaded.result_bytes(m)
    return [int.from_bytes(data[k : k + 8], "little") for k in range(0, len(data), 8)]


def test_frame_call_runs_to_its_stop():
    """Without faults: s0/s1 survive the call, the frame sp is back at the caller's."""
    m, loaded = open_program()
    assert m.run(1000).reason == "stop-pc" and m.pc == loaded.stop_address
    assert result_words(m, loaded) == [0x5050, 0x5151, CALLER_SP, loaded.symbols["back"].value]
    assert [u64(m, a) for a in SLOTS] == [loaded.symbols["back"].value, 0x5050, 0x5151]


@pytest.mark.parametrize("page,committed", [(0xD000, 2), (0xE000, 0)])
def test_fentry_fault_keeps_sp_and_committed_stores_then_reissues_exactly(page, committed):
    """FENTRY [ra ~ s1], sp!, 32 with a store page made read-only: DATA_PAGE_FAULT with
    TRAPARG0 = the first uncommitted slot, saved TPC = the FENTRY, TPC = TRAPARG0 (EVBASE 0);
    sp (R2) already caller_sp - 32; the earlier slots written, the faulting one not; no
    block; the template (progress, snapshot) in bank 0.  After the fix and ``recover`` the
    reissue stores only the remaining slots, from the snapshot (the live s1 is clobbered),
    and does not move sp again."""
    m, loaded = open_program()
    func, back = loaded.symbols["func"].value, loaded.symbols["back"].value
    run_to(m, func)
    assert (m.r[2], m.r[10], m.r[11], m.r[12]) == (CALLER_SP, back, 0x5050, 0x5151)
    m.mem.set_perms(page, PAGE, R)

    stop = m.run(1000)
    assert stop.reason == "trap"
    t = stop.trap
    fault_at = SLOTS[committed]
    assert (t.number, t.arg0, t.saved_tpc, t.bank) == (DATA_PAGE_FAULT, fault_at, func, 0)
    assert m.pc == fault_at and m.read_sysreg(ssr.TRAPARG0) == fault_at
    assert m.ctx(0, ssr.EBARG_TPC) == func
    assert m.ctx(0, ssr.EBARG0) == 0x10  # ACR 0, snapshot valid, no block
    assert m.r[2] == CALLER_SP - 32  # the sp update stays (AdjustFrameStackPointer ran)
    assert [u64(m, a) for a in SLOTS] == [back, 0x5050, 0][:committed] + [0] * (3 - committed)
    frame = m.saved[0].frame
    assert (frame.kind, frame.pc, frame.adjusted, frame.progress) == (ENTRY, func, True, committed)
    assert frame.caller_sp == CALLER_SP and frame.values == (back, 0x5050, 0x5151)

    m.r[12] = 0xDEAD  # recovery never rereads a source register
    m.mem.set_perms(page, PAGE, R | W)
    assert m.recover() == func
    again = m.step()
    assert again.kind == "executed" and m.pc == func + 4
    assert [(e.kind, e.address, e.value, e.order) for e in again.events] == [
        (STORE, a, v, RELAXED) for a, v in zip(SLOTS, (back, 0x5050, 0x5151), strict=True)][committed:]
    assert m.r[2] == CALLER_SP - 32 and m.frame is None
    assert m.run(1000).reason == "stop-pc"
    assert result_words(m, loaded) == [0x5050, 0x5151, CALLER_SP, back]


@pytest.mark.parametrize("page,committed", [(0xD000, 2), (0xE000, 0)])
def test_fret_stk_fault_keeps_sp_and_restored_registers_then_reissues_exactly(page, committed):
    """FRET.STK [ra ~ s1], sp!, 32 with a stack page made unreadable: sp (R2) is already
    the caller sp; the slots before the fault are restored (slot 0 also sets LRA and the
    return target), the rest not; TRAPARG0 = the slot, saved TPC = the FRET.STK.  Slot 0
    faulting is PTO-AVS-BLOCK-FRET-STK-RESTART-003's case: sp moved, ra untouched.  After
    the fix and ``recover`` the reissue loads only the remaining slots and returns."""
    m, loaded = open_program()
    leave, back = loaded.symbols["leave"].value, loaded.symbols["back"].value
    run_to(m, leave)
    assert (m.r[2], m.r[10], m.r[11], m.r[12]) == (CALLER_SP - 32, back, 0x6060, 0x6161)
    m.set_reg("ra", 0x4444)  # so that a restored ra is visible
    m.lra = 0x4444
    m.mem.set_perms(page, PAGE, W)

    stop = m.run(1000)
    assert stop.reason == "trap"
    t = stop.trap
    fault_at = SLOTS[committed]
    assert (t.number, t.arg0, t.saved_tpc) == (DATA_PAGE_FAULT, fault_at, leave)
    assert m.pc == fault_at and m.ctx(0, ssr.EBARG_TPC) == leave
    assert m.r[2] == CALLER_SP
    restored = [back, 0x5050, 0x5151]
    before = [0x4444, 0x6060, 0x6161]
    assert [m.r[10], m.r[11], m.r[12]] == restored[:committed] + before[committed:]
    assert m.lra == (back if committed else 0x4444)
    assert m.ctx(0, ssr.EBARG_LRA) == m.lra
    frame = m.saved[0].frame
    assert (frame.kind, frame.adjusted, frame.progress) == (RETURN_STACK, True, committed)
    assert frame.target_valid == (committed > 0)

    m.mem.set_perms(page, PAGE, R | W)
    assert m.recover() == leave
    again = m.step()
    assert again.kind == "executed" and m.pc == back
    assert [(e.kind, e.address) for e in again.events] == [(LOAD, a) for a in SLOTS][committed:]
    assert (m.r[2], m.r[10], m.lra, m.r[11], m.r[12]) == (CALLER_SP, back, back, 0x5050, 0x5151)
    assert m.run(1000).reason == "stop-pc"
    assert result_words(m, loaded) == [0x5050, 0x5151, CALLER_SP, back]


FIRST_BODY_LOAD = """
    .text
    .globl _start
_start:
    li a1, value
    c.bstart.std fall
    .globl first
first:
    ldi [a1, 0], ->a2
    c.bstop
    .globl done
done:
    c.bstart.sys
    c.ebreak 0
    .data
value:
    .dword 0x77
"""


def test_faulting_first_body_instruction_leaves_the_body_unentered():
    """The block's first body instruction (a load) faults on an injected ``---`` data page:
    the attempt is rejected whole, its implicit body entry included - the block stays open
    with its body *not* entered, and the saved context says so (EBARG0[6] = ECSTATE[4] =
    0).  Recovery restores the header position; the load reissues once, enters the body
    and completes."""
    m, loaded = from_source(FIRST_BODY_LOAD)
    first, done = loaded.symbols["first"].value, loaded.symbols["done"].value
    value = loaded.symbols["value"].value
    run_to(m, first)
    assert m.block_state().body is False and m.hdr_end == first
    before = m.block_state()
    m.mem.inject_once(value, 8, 0)

    res = m.step()
    assert res.kind == "trap" and res.trap.number == DATA_PAGE_FAULT and res.trap.arg0 == value
    assert res.trap.saved_tpc == first and m.r[4] == 0 and res.events == []
    assert m.block_state() == before == BlockState(kind="STD", type="FALL", bpc=first - 2, bpcn=first,
                                                   taken=True, body=False)
    control = m.ctx(0, ssr.EBARG0)
    assert control & 0x7F == 0x30  # ACR 0, snapshot valid (4), block active (5), body not active (6)
    assert m.ctx(0, ssr.ECSTATE) >> 4 & 1 == 0
    assert m.mem.perms_at(value) == R | W  # the once-injection was consumed by the fault

    assert m.recover() == first
    assert m.block_state().body is False and m.hdr_end == first
    again = m.step()
    assert again.kind == "executed" and m.r[4] == 0x77 and m.block_state().body is True
    assert [(e.kind, e.address, e.value) for e in again.events] == [(LOAD, value, 0x77)]
    assert m.run(10).reason == "trap" and m.pc == done + 2 and m.last_trap.number == SW_BREAKPOINT


def test_faulting_first_body_instruction_on_the_fast_path_leaves_the_body_unentered():
    """The same fault taken by ``run`` (the per-instruction and translated loops share
    trap entry): the saved context and block.body equal the precise path's."""
    m, loaded = from_source(FIRST_BODY_LOAD)
    first, value = loaded.symbols["first"].value, loaded.symbols["value"].value
    m.mem.inject_once(value, 8, 0)
    stop = m.run(100)
    assert stop.reason == "trap" and stop.trap.number == DATA_PAGE_FAULT and stop.trap.saved_tpc == first
    assert m.block_state().body is False and m.ctx(0, ssr.EBARG0) & 0x7F == 0x30
    assert m.recover() == first
    assert m.run(100).reason == "trap" and m.r[4] == 0x77 and m.last_trap.number == SW_BREAKPOINT


SERVICE_FIRST = """
    .text
    .globl _start
_start:
    c.bstart.sys
    .globl request
request:
    acrc 0
    c.bstop
"""


def test_a_first_body_instruction_that_completes_before_its_trap_has_entered_the_body():
    """ACRC raises SCALL only after its request took effect (saved TPC = ACRC + 4,
    ``asl/scalar/model/sys/semantics.asl`` RaiseServiceRequest): that attempt completed,
    so it has entered the SYS block's body (EBARG0[6] of the target bank is 1).  From ACR1,
    request type 0 is permitted and goes to ACR0 (``access-control.asl``)."""
    m, loaded = from_source(SERVICE_FIRST)
    request = loaded.symbols["request"].value
    run_to(m, request)
    m.set_acr(1)
    assert m.block_state().body is False
    res = m.step()
    assert res.kind == "trap" and res.trap.number == SCALL and res.trap.saved_tpc == request + 4
    assert res.trap.bank == 0
    assert m.ctx(0, ssr.EBARG0) & 0x7F == 0x71  # ACR1, snapshot valid, block active, body active
    assert m.ctx(0, ssr.ECSTATE) & 0x1F == 0x11


HEADER_ON_NEXT_PAGE = """
    .text
    .vaddr 0x10ffe
    .globl _start
_start:
    c.bstart.std fall
    .globl header
header:
    b.hint l/ul=0, v=0, prefetch_size=0, temp=0
    addi zero, 5, ->a0
    c.bstop
    c.bstart.sys
    c.ebreak 0
"""


def test_fetch_fault_at_the_header_position_does_not_enter_the_body():
    """The block's B.HINT sits on the next code page, made non-executable once: the fetch
    raises INST_PAGE_FAULT (TRAPARG0 = TPC) before any instruction is known, so the body
    is not entered (EBARG0[6] = 0) and, after ``recover``, the header command reissues in
    its place instead of raising BUNDLE_TRAP as a header command in the body would."""
    m, loaded = from_source(HEADER_ON_NEXT_PAGE)
    header = loaded.symbols["header"].value
    assert header == 0x11000
    assert m.step().kind == "executed" and m.pc == header
    m.mem.inject_once(header, 4, R)

    res = m.step()
    assert res.kind == "trap" and res.trap.number == INST_PAGE_FAULT
    assert res.trap.arg0 == header and res.trap.saved_tpc == header
    assert m.block_state().body is False
    assert m.ctx(0, ssr.EBARG0) >> 6 & 1 == 0 and m.ctx(0, ssr.EBARG0) >> 5 & 1 == 1
    assert m.mem.perms_at(header) == R | X

    assert m.recover() == header
    again = m.step()
    assert again.kind == "executed" and again.form.mnemonic == "B.HINT" and m.pc == header + 4
    stop = m.run(10)
    assert stop.reason == "trap" and stop.trap.number == SW_BREAKPOINT and m.r[2] == 5


FENTRY_AT_HEADER = """
    .text
    .globl _start
_start:
    subi sp, 0xff0, ->a0        # the frame sp (R2) = 0xe010: slot 3 is on page 0xd000
    c.bstart.std fall
    .globl frame
frame:
    fentry [ra ~ s1], sp!, 32
    addi zero, 5, ->a1
    c.bstop
    c.bstart.sys
    c.ebreak 0
"""


def test_a_template_command_at_the_header_position_does_not_enter_the_body_by_faulting():
    """FENTRY first in a block, its third store faulting: a standalone template that "does
    not consume a BSTART/BSTOP body" (its contract) leaves the body flag as it was
    (block.body false, EBARG0[6] = 0) while keeping its sp update; the reissue completes
    the frame, after which execution has left the header position (body true)."""
    m, loaded = from_source(FENTRY_AT_HEADER)
    frame_pc = loaded.symbols["frame"].value
    run_to(m, frame_pc)
    m.mem.set_perms(0xD000, PAGE, R)
    res = m.step()
    assert res.kind == "trap" and res.trap.number == DATA_PAGE_FAULT and res.trap.arg0 == 0xDFF8
    assert m.r[2] == CALLER_SP - 32 and len(res.events) == 2
    assert m.block_state().body is False and m.ctx(0, ssr.EBARG0) >> 5 & 3 == 1
    m.mem.set_perms(0xD000, PAGE, R | W)
    assert m.recover() == frame_pc and m.block_state().body is False
    again = m.step()
    assert again.kind == "executed" and [e.address for e in again.events] == [0xDFF8]
    assert m.r[2] == CALLER_SP - 32 and m.block_state().body is True
    assert m.run(10).reason == "trap" and m.r[3] == 5 and m.last_trap.number == SW_BREAKPOINT
