"""Restarting a frame (DAP's restartFrame): travel back to the step at which a frame of the
call chain was entered, where the registers are the caller's.

Facts used.  FENTRY [ra ~ rE], sp!, SIZE stores ra..rE just below the caller's sp and
moves the templates' sp (R2 in PTO 0.58.3) down by SIZE
(``asl/block/model/lifecycle/lifetime.asl``), so a frame's address is its caller's sp at
the entry, and each saved slot holds the value the caller had in that register.
tests/programs/recurse.s: ``down`` (FENTRY [ra ~ s0], sp!, 16; s0 += 1) calls itself
while a1 > 0; _start calls it with a0 = 0xe010, a1 = 3, s0 = 0 and ra = done, so the
k-th activation (k = 1..4) is entered with a0 = 0xe010 - 16 (k - 1), a1 = 4 - k,
s0 = k - 1 and ra = done for k = 1, the return point after ``j down`` (down+0x20)
otherwise.
"""

from __future__ import annotations

import pytest
from support.paths import PROGRAMS, TEST_PROGRAMS

from ptodbg.debug.commands import Commands
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.restart_frame import restart_frame
from ptodbg.debug.files.program import open_debugger

RECURSE = TEST_PROGRAMS / "recurse.s"


def deepest():
    """recurse.s stopped in the fourth (deepest) activation of ``down``, after its
    s0 += 1 (down+8)."""
    d = open_debugger(RECURSE)
    d.add_breakpoint("down+8")
    for _ in range(4):
        assert d.cont().status == "breakpoint"
    m = d.machine
    assert (m.reg("a1"), m.reg("s0"), m.reg("a0")) == (0, 4, 0xDFD0)
    return d


def entry_state(d) -> tuple[int, int, int, int, int]:
    m = d.machine
    return m.pc, m.reg("a0"), m.reg("a1"), m.reg("s0"), m.reg("ra")


@pytest.mark.parametrize("level", [0, 1, 2, 3])
def test_each_activation_restarts_at_its_own_entry(level):
    d = deepest()
    down, done = d.symbols.lookup("down"), d.symbols.lookup("done")
    frames = d.frames(6)
    assert [f.function for f in frames] == ["down"] * 4 + ["done"]
    now = d.steps
    stop = restart_frame(d, level)
    assert stop.status == "stopped" and d.steps < now
    k = 4 - level  # the activation frame `level` is
    ret = done if k == 1 else down + 0x20
    assert entry_state(d) == (down, 0xE010 - 16 * (k - 1), 4 - k, k - 1, ret)
    assert frames[level].frame_address == 0xE010 - 16 * (k - 1)  # what the unwinder said


def test_outer_frames_are_entered_earlier_and_the_outermost_at_step_0():
    steps = []
    for level in range(5):
        d = deepest()
        restart_frame(d, level)
        steps.append(d.steps)
    assert steps == sorted(steps, reverse=True) and len(set(steps)) == 5
    assert steps[-1] == 0  # `done` lies in _start (its size covers it): entered at step 0


def test_at_the_entry_restarting_stays_and_going_forward_replays_the_frame():
    d = deepest()
    inside = d.steps
    restart_frame(d, 0)
    entry = d.steps
    assert restart_frame(d, 0).status == "stopped" and d.steps == entry  # already at the entry
    d.goto(inside)
    assert (d.machine.reg("s0"), d.machine.reg("a0")) == (4, 0xDFD0)


def test_errors_and_interrupts_leave_the_machine_where_it_was():
    d = deepest()
    now, pc = d.steps, d.machine.pc
    with pytest.raises(DebugError, match="no frame 9"):
        restart_frame(d, 9)
    d.interrupt.set()
    stop = restart_frame(d, 3)
    assert stop.status == "interrupted" and (d.steps, d.machine.pc) == (now, pc)
    d.interrupt.clear()
    d.add_breakpoint("down")  # breakpoints and hit counts play no part in the search
    hits = d.breakpoints[2].hits
    assert restart_frame(d, 3).status == "stopped" and d.breakpoints[2].hits == hits


def test_a_compiled_function_restarts_with_its_callers_saved_registers():
    """02_algorithms.static (LinxISA LLVM/musl, linux profile): inside cpp_gate_case02,
    after its FENTRY, each register the FENTRY saved holds at the entry the value its
    slot holds now, and the frame's sp is the frame's address."""
    d = open_debugger(PROGRAMS / "02_algorithms.static", profile="linux", compat="linx-v0.4")
    c = Commands(d)
    assert c.execute("break cpp_gate_case02").ok and d.cont().status == "breakpoint"
    entry_pc = d.machine.pc
    assert c.execute("stepi").ok and c.execute("stepi").ok
    frame = d.frames(2)[0]
    assert frame.saved and frame.function == "cpp_gate_case02"
    restart_frame(d, 0)
    m = d.machine
    assert m.pc == entry_pc
    assert m.r[m.frame_sp] == frame.frame_address
    assert all(m.r[slot.index] == slot.value for slot in frame.saved)
