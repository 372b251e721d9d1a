"""ctrl+c in the TUI, then reverse-step (issue 10, item 1): the real app, a real worker run
of an endless loop, the real interrupt binding.

The bug: after an interrupted ``continue`` the interrupt flag stayed set, so the next
replay stopped right after restoring its snapshot: ``reverse-step 10`` (and each ``S``)
landed up to 4096 steps back, and the event pane showed the events of a replay cut short.
Every landing is compared with a fresh debugger taken to the same step.
"""

from __future__ import annotations

import asyncio

from support.loops import ACCUMULATE
from tui.pilot_helpers import SIZE, command, pilot_test, press, settle

from ptodbg.debug.files.program import open_debugger
from ptodbg.tui.app import open_app


def fresh(source: str, steps: int):
    """A new debugger's machine run straight to ``steps``."""
    dbg = open_debugger(source)
    dbg.machine.run(steps)
    assert dbg.machine.steps == steps
    return dbg


def assert_like_fresh(app, source: str, steps: int) -> None:
    m = app.dbg.machine
    other = fresh(source, steps)
    assert m.steps == steps == app.view.steps
    assert m.regs() == other.machine.regs() and m.pc == other.machine.pc
    assert app.view.regs.values == tuple(other.machine.r[:24])
    buf = app.dbg.resolve("buf")
    assert m.mem.peek(buf, 8) == other.machine.mem.peek(buf, 8)


@pilot_test
async def test_reverse_step_after_an_interrupted_continue_lands_exactly(tmp_path):
    source = tmp_path / "loop.s"
    source.write_text(ACCUMULATE)
    app = open_app(str(source))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("c")
        for _ in range(500):
            await asyncio.sleep(0.02)
            if app.dbg.machine.steps > 3 * app.dbg.history.interval:
                break
        assert app.busy
        await pilot.press("ctrl+c")  # the app's interrupt action, while the worker runs
        await settle(pilot)
        assert not app.busy and app.dbg.last.status == "interrupted"
        s = app.dbg.steps
        assert s > 3 * app.dbg.history.interval
        assert_like_fresh(app, str(source), s)
        # the event pane shows the last attempt's events, from a replay that was not cut
        other = fresh(str(source), s - 1).machine
        other.mem.set_capture(True)
        assert list(app.view.events) == other.step().events

        await command(pilot, "reverse-step 1")
        assert app.last_result.ok, app.last_result.error
        assert_like_fresh(app, str(source), s - 1)
        await command(pilot, "reverse-step 10")
        assert_like_fresh(app, str(source), s - 11)
        await press(pilot, "S")
        assert_like_fresh(app, str(source), s - 12)
