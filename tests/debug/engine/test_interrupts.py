"""Interrupts (issue 10, item 1; HELPERS.md: "every long operation can be interrupted and
leaves the state exact").

A client interrupts the running command by setting ``Debugger.interrupt`` (the TUI's
ctrl+c, batch mode's SIGINT).  Three promises are checked here on real assembled programs,
against a fresh machine run to the same step:

* an interrupted command stops at an exact step and says so (status "interrupted");
* an interrupt that outlived its command (it came as the command ended, or nothing was
  running) never cuts a later one: ``reverse-step 1`` lands exactly one step back — the
  bug was a stale flag that stopped the replay right at the restored snapshot, up to 4096
  steps too early;
* replays the engine needs for itself (the last step's events) always reach their target.

The property test interrupts every kind of interruptible command after a random number of
progress callbacks on random valid programs (:mod:`support.random_programs`).
"""

from __future__ import annotations

import pytest
from hypothesis import event, given
from hypothesis import strategies as st
from support.fresh_runs import (
    assert_same,
    end_steps,
    examples,
    fresh_machine,
    fresh_state,
    interrupt_after,
)
from support.loops import ACCUMULATE
from support.random_programs import full_state, programs

from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.files.program import open_debugger


@pytest.fixture(scope="module")
def loop_source(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("interrupts") / "loop.s"
    path.write_text(ACCUMULATE)
    return str(path)



def fresh_events(source: str, steps: int) -> list:
    """Memory events of attempt number ``steps`` on a fresh machine."""
    m = fresh_machine(source, steps - 1)
    m.mem.set_capture(True)
    return m.step().events



def assert_at(d: Debugger, source: str, steps: int) -> None:
    assert d.steps == steps
    assert_same(full_state(d.machine), full_state(fresh_machine(source, steps)), f"state at step {steps}")


def test_interrupted_continue_then_reverse_step_lands_exactly(loop_source):
    d = open_debugger(loop_source)
    interrupt_after(d, 8)
    stop = d.cont()
    assert stop.status == "interrupted"
    s = d.steps
    assert s > 2 * d.history.interval  # well past a snapshot: the replay has work to do
    d.on_progress = None
    assert_at(d, loop_source, s)
    assert d.events() == fresh_events(loop_source, s)
    stop = d.reverse_step(1)
    assert stop.status == "stopped"
    assert_at(d, loop_source, s - 1)
    d.reverse_step(10)
    assert_at(d, loop_source, s - 11)
    assert d.events() == fresh_events(loop_source, s - 11)


@pytest.mark.parametrize("command", ["reverse_step", "goto_back", "goto_forward", "step", "cont",
                                     "until", "reverse_continue", "events"])
def test_a_stale_interrupt_never_cuts_a_command(loop_source, command):
    """The interrupt is set while nothing runs (ctrl+c just after a run ended): the next
    command runs to its end as if it had never been set."""
    d = open_debugger(loop_source)
    d.step(3 * d.history.interval + 123)
    s = d.steps
    d.add_breakpoint("loop")
    d.interrupt.set()
    if command == "reverse_step":
        d.reverse_step(10)
        assert_at(d, loop_source, s - 10)
    elif command == "goto_back":
        d.goto(s - 4000)
        assert_at(d, loop_source, s - 4000)
    elif command == "goto_forward":
        d.goto(s + 50_000)
        assert_at(d, loop_source, s + 50_000)
    elif command == "step":
        d.delete()
        d.step(50_000)
        assert_at(d, loop_source, s + 50_000)
    elif command == "cont":
        stop = d.cont()
        assert stop.status == "breakpoint" and d.machine.pc == d.resolve("loop")
    elif command == "until":
        d.delete()
        stop = d.until("loop")
        assert stop.status == "stopped" and d.machine.pc == d.resolve("loop")
    elif command == "reverse_continue":
        stop = d.reverse_continue()
        # the loop is five instructions; step t is at `loop` when t % 5 == 1
        previous = max(t for t in range(s - 6, s) if t % 5 == 1)
        assert stop.status == "breakpoint" and d.steps == previous
        assert_at(d, loop_source, previous)
    else:
        assert d.events() == fresh_events(loop_source, s)
        assert_at(d, loop_source, s)


def test_interrupted_travel_stops_at_an_exact_step_and_says_so(loop_source):
    d = open_debugger(loop_source, interval=1 << 20)  # one snapshot: a long replay from 0
    d.step(200_000)
    interrupt_after(d, 3)
    stop = d.goto(150_000)
    assert stop.status == "interrupted" and "interrupted" in stop.message
    reached = d.steps
    assert 0 < reached < 150_000
    d.on_progress = None
    assert_at(d, loop_source, reached)
    d.reverse_step(1)
    assert_at(d, loop_source, reached - 1)


def test_interrupted_reverse_step_says_so(loop_source):
    d = open_debugger(loop_source, interval=1 << 20)
    d.step(200_000)
    interrupt_after(d, 2)
    stop = d.reverse_step(5)
    assert stop.status == "interrupted" and d.steps < 200_000 - 5
    d.on_progress = None
    assert_at(d, loop_source, d.steps)


def test_interrupted_reverse_continue_reports_no_stop_it_did_not_prove(loop_source):
    """A scan cut short cannot know the latest stop: it says interrupted, at an exact step."""
    d = open_debugger(loop_source, interval=1 << 20)
    d.step(200_000)
    d.add_breakpoint("loop")
    interrupt_after(d, 2)
    stop = d.reverse_continue()
    assert stop.status == "interrupted" and stop.breakpoint is None
    d.on_progress = None
    assert_at(d, loop_source, d.steps)


def test_events_replay_is_never_cut(loop_source):
    """The last step's events come from a replay the engine needs: an interrupt set during
    it (from the progress callback) is ignored by it."""
    d = open_debugger(loop_source, interval=1 << 20)
    d.step(100_000)
    d.goto(60_000)
    d._events_cache = None
    interrupt_after(d, 1)
    assert d.events() == fresh_events(loop_source, 60_000)
    assert_at(d, loop_source, 60_000)


# ================================================================ property
COMMANDS = ("cont", "step", "until", "goto_forward", "goto_back", "reverse_step", "reverse_continue")
BACKWARD = ("goto_back", "reverse_step", "reverse_continue")


@pytest.mark.parametrize("command", COMMANDS)
@examples(25)
@given(p=programs(), data=st.data())
def test_interrupting_any_command_at_any_point_leaves_an_exact_state(command, p, data):
    """Forward commands start at a random step with no recorded future, so they run in
    chunks of at most ``interval`` attempts; backward ones start at the end of a run
    whose history a 1-byte budget thinned to its first and newest snapshots, so their
    replays span many chunks.  The interrupt comes after 1..3 progress callbacks."""
    total = end_steps(p)
    interval = data.draw(st.integers(2, 12), label="interval")
    if command in BACKWARD:
        d = p.debugger(interval=interval, budget_bytes=1)
        d.cont()
        start = total
    else:
        d = p.debugger(interval=interval)
        start = data.draw(st.integers(0, total - 1), label="start")
        d.goto(start)
    if command in ("cont", "until", "reverse_continue"):
        where = data.draw(st.integers(0, total - 1), label="breakpoint step")
        m = p.machine()
        m.run(where) if where else None
        d.add_breakpoint(f"{m.pc:#x}")
    interrupt_after(d, data.draw(st.integers(1, 3), label="callbacks"))
    if command == "cont":
        stop = d.cont()
    elif command == "step":
        stop = d.step(data.draw(st.integers(65, max(65, total)), label="count"))
    elif command == "until":
        stop = d.until(f"{p.ebreak_address:#x}")
    elif command == "goto_forward":
        stop = d.goto(data.draw(st.integers(start, total), label="target"))
    elif command == "goto_back":
        stop = d.goto(data.draw(st.integers(0, start), label="target"))
    elif command == "reverse_step":
        stop = d.reverse_step(data.draw(st.integers(1, start), label="count"))
    else:
        stop = d.reverse_continue()
    d.on_progress = None
    event(f"{command}: {stop.status}")
    here = d.steps
    assert_same(full_state(d.machine), fresh_state(p, here), f"{command} stopped at {here} ({stop})")
    if stop.status == "interrupted":
        assert "interrupted" in stop.message
    if here == 0:
        return
    # The interrupt may still be set (it came as the command ended): the next commands
    # are not cut by it.
    d.interrupt.set()
    back = data.draw(st.integers(1, here), label="back")
    d.reverse_step(back)
    assert d.steps == here - back
    assert_same(full_state(d.machine), fresh_state(p, here - back), f"reverse-step {back} from {here}")
    d.interrupt.set()
    d.goto(here)
    assert d.steps == here
    assert_same(full_state(d.machine), fresh_state(p, here), f"goto {here} back")
