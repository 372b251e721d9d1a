"""``reverse-next`` and ``reverse-finish`` (rr's two most used reverse moves, DESIGN.md
§5), checked against fresh runs on random valid programs, as ``finish`` and ``last`` are.

Both are defined by what ``next`` does going forward, so the oracle is a *fresh*
debugger that only runs forward: for every step c before t it goes to c and runs ``next``,
noting where ``next`` lands.  Then, from step t,

* ``reverse-next`` lands on the call c < t - 1 whose ``next`` lands exactly at t (back
  over the whole call, to the call itself), or on t - 1 when there is none;
* ``reverse-finish`` lands on the latest step c < t whose ``next`` lands beyond t (the
  innermost call still open at t), and is refused when there is none;

and the state there is the state a fresh run has at that step (every field of
``Machine.snapshot``).  The programs call functions with SETRET + J/JR (and, the rich
ones, through BSTART.CALL blocks) that return with ``jr ra`` (``asl/scalar/model/bru``:
SETRET writes R10 and LRA; the return is a jump to ra)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.fresh_runs import assert_same, end_steps, examples, fresh_state
from support.random_programs import full_state, programs

from ptodbg.debug.commands import Commands
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.symbols import Symbols


def rich_debugger(p, **options) -> Debugger:
    """A debugger on a rich program (its code pages are writable: it patches itself)."""
    prog = p.program()
    return Debugger(p.machine(writable_code=True), Symbols({s.name: s.value for s in prog.symbols if s.name}, {}),
                    **options)


def landings(p, upto: int, make=None) -> list[int]:
    """Where a fresh debugger's ``next`` from each step 0..upto-1 lands."""
    d = make(p) if make is not None else p.debugger()
    out = []
    for c in range(upto):
        d.goto(c)
        d.next()
        out.append(d.steps)
    return out


LIMIT = 160  # the steps of a program looked at (calls start within the first few dozen)


def pick(data, land: list[int], total: int, inside: bool) -> int:
    """A step to start from: often one where a call returns (``inside`` False) or a step
    inside a call (True), else any step."""
    calls = [(c, land[c]) for c in range(len(land)) if land[c] > c + 1]
    if inside:
        places = sorted({u for c, end in calls for u in range(c + 1, min(end, total + 1))})
    else:
        places = sorted({end for _c, end in calls if end <= total})
    if places and data.draw(st.booleans(), label="at a call"):
        return data.draw(st.sampled_from(places), label="step")
    return data.draw(st.integers(1, total), label="step")


def placed(p, data, inside: bool):
    """A debugger on ``p`` (a drawn snapshot interval) gone to a picked step (see
    :func:`pick`), with where ``next`` lands from each step before :data:`LIMIT`:
    ``(debugger, landings, step)``."""
    total = min(end_steps(p), LIMIT)
    land = landings(p, total)
    step = pick(data, land, total, inside=inside)
    d = p.debugger(interval=data.draw(st.integers(3, 64), label="interval"))
    d.goto(step)
    return d, land, step


@examples(40)
@given(programs(max_segments=8, calls=True), st.data())
def test_reverse_next_goes_back_over_the_call_that_returned_here(p, data):
    d, land, t = placed(p, data, inside=False)
    closing = [c for c in range(t - 1) if land[c] == t]
    expected = min(closing) if closing else t - 1
    stop = d.reverse_next()
    assert d.steps == expected, (t, closing)
    assert stop.status == "stopped" and ("back over the call" in stop.message) == bool(closing)
    assert_same(full_state(d.machine), fresh_state(p, expected), f"reverse-next from {t}")


@examples(40)
@given(programs(max_segments=8, calls=True), st.data())
def test_reverse_finish_goes_back_to_the_call_of_the_frame(p, data):
    d, land, u = placed(p, data, inside=True)
    still_open = [c for c in range(u) if land[c] > u]
    if not still_open:
        with pytest.raises(DebugError, match="outermost frame"):
            d.reverse_finish()
        assert d.steps == u
        return
    d.reverse_finish()
    assert d.steps == max(still_open)
    assert_same(full_state(d.machine), fresh_state(p, max(still_open)), f"reverse-finish from {u}")


@examples(15)
@given(programs(max_segments=8, rich=True, calls=True), st.data())
def test_reverse_next_over_call_blocks_in_rich_programs(p, data):
    """Rich programs also call through BSTART.CALL blocks (stepped through to their
    commit by ``next``)."""
    d = rich_debugger(p)
    d.cont(5000)
    total = min(d.steps, 120)
    land = landings(p, total, rich_debugger)
    t = pick(data, land, total, inside=False)
    closing = [c for c in range(t - 1) if land[c] == t]
    d.goto(t)
    d.reverse_next()
    assert d.steps == (min(closing) if closing else t - 1)
    fresh = rich_debugger(p)
    fresh.goto(d.steps)
    assert_same(full_state(d.machine), full_state(fresh.machine), f"reverse-next from {t}")


def test_the_commands_and_their_facts():
    """rn / rni / reverse-nexti name reverse-next; reverse-finish takes no argument; both
    move and may run long (a replay)."""
    from support.paths import TEST_PROGRAMS

    from ptodbg.debug.files.program import open_debugger
    c = Commands(open_debugger(TEST_PROGRAMS / "dma_copy.s"))
    for alias in ("rn", "rni", "reverse-nexti"):
        assert c.spec_for(alias).name == "reverse-next"
    assert c.spec_for("rsi").name == "reverse-step" and c.spec_for("ni").name == "next"
    assert c.spec_for("reverse-finish").moves and c.spec_for("reverse-finish").long is True
    r = c.execute("reverse-finish now")
    assert not r.ok and r.error == "reverse-finish: usage: reverse-finish"
    r = c.execute("reverse-next")
    assert not r.ok and "already at step 0" in r.error
