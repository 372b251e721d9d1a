"""Debugger engine: stops, reverse execution, fault injection and the precise DMA
reissue (issue 'Debugger engine'), on a program of encoded words in the debug profile."""

from __future__ import annotations

import pytest
from support.engine_program import CODE, DST, SRC, full_state, make

from ptodbg.core import DEBUG, Machine, R, W
from ptodbg.core.faults import BUNDLE_TRAP, DATA_PAGE_FAULT
from ptodbg.debug.engine.errors import DebugError


def test_step_and_reverse_step():
    d = make()
    d.step()
    assert d.steps == 1 and d.machine.r[4] == 1 and d.machine.pc == CODE + 4
    d.step(2)
    assert d.steps == 3 and d.machine.mem.peek(DST, 64) == d.machine.mem.peek(SRC, 64)
    d.reverse_step()
    assert d.steps == 2 and d.machine.pc == CODE + 8
    assert d.machine.mem.peek(DST, 64) == bytes(64)  # the DMA is undone
    d.reverse_step(5)
    assert d.steps == 0 and d.machine.pc == CODE and d.machine.r[4] == 0


def test_goto_equals_fresh_run():
    d = make(interval=2)
    d.cont()
    for s in (0, 1, 3, 5, 6):
        d.goto(s)
        fresh = make()
        fresh.step(s) if s else None
        assert full_state(d) == full_state(fresh)


def test_breakpoint_then_continue_steps_past_it():
    d = make()
    bp = d.add_breakpoint("copy2")
    stop = d.cont()
    assert stop.status == "breakpoint" and stop.breakpoint == bp.ident
    assert d.machine.pc == CODE + 0x10 and d.steps == 4
    stop = d.cont()
    assert stop.status == "trap" and stop.trap.number == BUNDLE_TRAP
    assert stop.trap.saved_tpc == CODE + 0x18
    assert d.breakpoints[bp.ident].hits == 1


def test_conditional_breakpoint_and_tbreak():
    d = make()
    d.add_breakpoint("start+0xc", "a2 == 3")  # a2 is 2 there: never fires
    t = d.add_breakpoint("copy2", temporary=True)
    stop = d.cont()
    assert stop.status == "breakpoint" and stop.breakpoint == t.ident
    assert t.ident not in d.breakpoints
    with pytest.raises(DebugError):
        d.add_breakpoint("copy", "a2 ==")


def test_watchpoint_on_dma_destination_reports_the_event():
    d = make()
    w = d.add_watchpoint(f"{DST + 16:#x}", 8, "w")
    stop = d.cont()
    assert stop.status == "watchpoint"
    assert d.machine.pc == CODE + 0x0C  # stops after the DMA completed
    hit = stop.watch_hits[0]
    assert hit.watch == w.ident and hit.event.kind == "store" and hit.event.address == DST + 16
    assert hit.index == 10  # loads are events 0..7, this store is the third of eight
    assert "event 11 of 16" in stop.message


def test_read_watchpoint_on_source():
    d = make()
    d.add_watchpoint(f"{SRC + 56:#x}", 1, "r")
    stop = d.cont()
    assert stop.status == "watchpoint" and stop.watch_hits[0].index == 7


def test_injected_read_only_destination_faults_precisely_and_reissues_whole():
    """The mission's scenario: DMA onto a page made read-only traps with DATA_PAGE_FAULT
    (35), TRAPARG0 = destination; everything but the trap bank, ACR and TPC is unchanged;
    restore the permission, recover, and the DMA reissues whole."""
    d = make()
    d.step(2)
    d.set_perms(DST, 0x1000, "r--")
    m = d.machine
    m.set_reservation(DST + 8, 8)
    m.push_t(0x1234)
    before = (tuple(m.r), m.t_valid, m.u_valid, m.resv, m.mem.peek(0, 0), m.mem.peek(DST, 0x1000), m.mem.peek(SRC, 64))
    stop = d.cont()
    assert stop.status == "trap"
    t = stop.trap
    assert (t.number, t.name, t.arg0, t.saved_tpc, t.bank) == (DATA_PAGE_FAULT, "DATA_PAGE_FAULT", DST, CODE + 8, 0)
    assert d.events() == []
    assert (tuple(m.r), m.t_valid, m.u_valid, m.resv, m.mem.peek(0, 0), m.mem.peek(DST, 0x1000), m.mem.peek(SRC, 64)) == before
    assert m.pc == DST  # EVBASE 0: TPC := the fault address
    assert m.read_sysreg(0xF43) == CODE + 8  # EBARG_TPC_ACR0
    d.set_perms(DST, 0x1000, "rw-")
    d.recover()
    assert m.pc == CODE + 8
    stop = d.step()
    events = d.events()
    assert len(events) == 16 and [e.kind for e in events] == ["load"] * 8 + ["store"] * 8
    assert m.pc == CODE + 0x0C
    assert m.mem.peek(DST, 64) == m.mem.peek(SRC, 64)
    assert m.resv is None  # the reissued copy overlapped the reserved line


def test_source_page_fault_wins_when_both_pages_are_bad():
    d = make()
    d.step(2)
    d.set_perms(SRC, 0x1000, "---")
    d.set_perms(DST, 0x1000, "r--")
    stop = d.cont()
    assert stop.trap.number == DATA_PAGE_FAULT and stop.trap.arg0 == SRC


def test_inject_once_restores_itself():
    d = make()
    d.set_perms(DST, 0x1000, "r--", once=True)
    stop = d.cont()
    assert stop.status == "trap" and stop.trap.arg0 == DST
    assert d.machine.mem.perms_at(DST) == R | W  # restored by the faulting access
    d.recover()
    stop = d.cont()
    assert stop.status == "trap" and stop.trap.number == BUNDLE_TRAP  # ran to the end
    assert d.machine.mem.peek(DST, 64) == d.machine.mem.peek(SRC, 64)


def test_inject_at_step_is_replayed():
    d = make()
    d.set_perms(DST, 0x1000, "r--", at=2)
    stop = d.cont()
    assert stop.status == "trap" and d.steps == 3
    d.goto(1)
    assert d.machine.mem.perms_at(DST) == R | W
    d.goto(3)
    assert d.machine.pending_trap is not None and d.machine.mem.perms_at(DST) == R


def test_edits_are_replayed_and_reverse_then_forward_is_identity():
    d = make(interval=2)
    d.step(2)
    d.set_register("a2", 100)
    d.set_memory(SRC, b"\xde\xad")
    d.cont()
    end = full_state(d)
    assert d.machine.r[4] == 102
    d.reverse_step(4)
    d.goto(end[0])
    assert full_state(d) == end
    d.goto(2)
    assert d.machine.r[4] == 100 and d.machine.mem.peek(SRC, 2) == b"\xde\xad"


def test_edit_in_the_past_rewrites_the_future():
    d = make()
    d.cont()
    d.goto(1)
    d.set_register("a2", 50)
    d.cont()
    assert d.machine.r[4] == 53


def test_reverse_continue_finds_previous_stops():
    d = make()
    d.add_breakpoint("copy")
    d.cont()  # breakpoint at step 2
    d.cont()  # trap at the end
    end = d.steps
    stop = d.reverse_continue()
    assert stop.status == "breakpoint" and d.steps == 2 and d.machine.pc == CODE + 8
    stop = d.reverse_continue()
    assert d.steps == 0 and "start of the program" in stop.message
    d.goto(end)
    assert d.machine.pending_trap is not None


def test_history_thins_old_snapshots_within_its_budget():
    from ptodbg.debug.engine.history import History

    m = Machine(DEBUG)
    m.mem.map(0x100000, 0x100000, R | W)
    h = History(interval=1, budget_bytes=400 * 1024, live_pages=lambda: m.mem.pages)
    for step in range(200):
        m.mem.poke(0x100000 + 4096 * (step % 16), b"x")  # each snapshot owns a fresh copy of one page
        m.steps = step
        h.record(step, 0, m.snapshot())
    assert h.memory_bytes() <= 400 * 1024
    assert h.thinned > 0
    kept = h.steps()
    assert kept[0] == 0 and kept[-1] == 199  # the first and the newest survive
    gaps = [b - a for a, b in zip(kept, kept[1:], strict=False)]
    assert max(gaps) <= 2 * (199 / (len(kept) - 1)) + 1  # thinning keeps the spacing even


def test_goto_after_thinning_replays_correctly():
    d = make(interval=1, budget_bytes=1)
    d.cont()
    end = full_state(d)
    d.goto(3)
    assert d.machine.mem.peek(DST, 64) == d.machine.mem.peek(SRC, 64)
    d.goto(end[0])
    assert full_state(d) == end
