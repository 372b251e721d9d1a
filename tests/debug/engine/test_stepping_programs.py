"""Stepping over calls and stopping at EBREAK in assembled test programs."""

from __future__ import annotations

from support.paths import TEST_PROGRAMS

from ptodbg.core.faults import SW_BREAKPOINT
from ptodbg.debug.files.program import open_debugger


def test_next_over_setret_and_j():
    d = open_debugger(TEST_PROGRAMS / "call_setret.s")
    back = d.symbols.lookup("back")
    stop = d.next()  # setret: a call-type instruction; run until ra is reached
    assert d.machine.pc == back and "returned" in stop.message
    assert d.machine.r[2] == 5  # the callee ran


def test_next_over_a_call_block():
    d = open_debugger(TEST_PROGRAMS / "call_blocks.s")
    ret1 = d.symbols.lookup("ret1")
    d.next()  # bstart.call f1, ret1: steps through the call block, runs f1, stops at ret1
    assert d.machine.pc == ret1 and d.machine.r[2] == 7 and d.machine.r[3] == 0


def test_ebreak_is_a_normal_stop():
    d = open_debugger(TEST_PROGRAMS / "cond_loop.s")
    stop = d.cont()
    assert stop.status == "stopped" and stop.trap.number == SW_BREAKPOINT
    assert d.machine.pending_trap.number == SW_BREAKPOINT


def test_until_and_step_count():
    d = open_debugger(TEST_PROGRAMS / "cond_loop.s")
    stop = d.until("stop")
    assert d.machine.pc == d.symbols.lookup("stop") and "reached" in stop.message
    n = d.steps
    d.reverse_step(5)
    d.step(5)
    assert d.steps == n and d.machine.pc == d.symbols.lookup("stop")
