"""The timeline strip (issue 13 item 5): memory activity and traps along the recorded
run, breakpoint stops and injections marked, the current step lit; a click or the keys
travel there with goto; built from the history's interval summaries and the stops seen,
so a step costs one column, not a rebuild."""

from __future__ import annotations

from support.loops import COUNTER
from tui.pilot_helpers import (
    SIZE,
    app_on,
    command,
    fault_the_dma,
    message,
    pilot_test,
    press,
    program,
    settle,
)

from ptodbg.debug.files.program import open_debugger
from ptodbg.debug.view.capture import Viewer
from ptodbg.tui.app import PtodbgApp, open_app
from ptodbg.tui.widgets.timeline import BARS, StripModel, TimelineStrip, column_of, nice_scale


def test_the_scale_grows_in_few_round_steps():
    assert [nice_scale(n) for n in (0, 8, 9, 11, 13, 16, 21, 26, 31, 41, 51, 61, 81, 101)] == [
        8, 8, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100, 125]
    assert nice_scale(20_545_536) == 25_000_000
    scales = {nice_scale(n) for n in range(1, 100_001)}
    assert len(scales) < 60  # stepping through 100,000 steps rescales the strip < 60 times


def test_the_model_puts_pages_events_and_marks_in_their_columns(tmp_path):
    path = tmp_path / "counter.s"
    path.write_text(COUNTER)
    d = open_debugger(str(path), interval=100)
    viewer = Viewer(d)
    bp = d.add_breakpoint("loop")
    d.cont()  # step 1: the breakpoint
    viewer.capture()
    d.delete(bp.ident)
    d.set_perms(d.resolve("counter"), 8, "r--", at=500)
    d.cont(400)
    timeline = viewer.capture().timeline
    assert len(timeline.detail) == timeline.horizon  # a run this short is known attempt by attempt ...
    model = StripModel(timeline.replace(detail=()), {1: 0, 400: 1}, 1000, 100)  # ... the summaries are for longer
    assert model.marks[column_of(500, 1000, 100)].kind == "edit"
    assert model.columns[column_of(1, 1000, 100)].mark.kind == "breakpoint"
    written = [c for c, pages in enumerate(model.pages) if pages]
    assert written and max(written) <= column_of(400, 1000, 100)  # summaries only where the run went
    assert model.columns[column_of(400, 1000, 100)].level >= 1
    assert all(column.level == 0 for column in model.columns[column_of(401, 1000, 100) + 1:])


def test_a_short_run_is_pictured_attempt_by_attempt_and_the_keys_move_by_whole_steps(tmp_path):
    """Under 4,096 steps the history holds one snapshot interval, so its summary says one
    thing for the whole run; the view then carries each attempt's memory events
    (``Timeline.detail``: the DMA of the demo's step 3 has 16, ``asl/scalar/amo/DMA.asl``),
    and each step gets its own columns."""
    d = open_debugger(None)
    viewer = Viewer(d)
    d.until("done")
    timeline = viewer.capture().timeline
    assert timeline.detail[2] == 16 and timeline.detail[10] == 16  # copy, then overlap (8 loads, 8 stores)
    assert sum(timeline.detail) == 32 and len(timeline.detail) == timeline.horizon == d.steps
    model = StripModel(timeline, {}, 10, 80)  # 8 columns a step
    assert [c.level for c in model.columns[24:32]] == [8] * 8 and model.columns[23].level == 0
    assert {c.step for c in model.columns[24:32]} == {3}
    d.goto(3)
    d.set_memory(d.resolve("dst"), b"\x01")  # an edit: the detail is made again, same counts
    assert viewer.capture().timeline.detail[:3] == (0, 0, 16)


async def strip_of(app: PtodbgApp) -> TimelineStrip:
    return app.query_one("#timeline", TimelineStrip)


@pilot_test
async def test_the_strip_shows_the_dma_steps_the_trap_and_the_injection():
    app = open_app(program("dma_fault.s"))
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, "inject dst 64 r-- at 2")  # before the DMA, the third attempt
        await press(pilot, "s")
        strip = await strip_of(app)
        marks = strip.render_line(1).text
        assert marks[column_of(1, strip.scale, strip.ncols)] == "▲" and "step 1" in marks
        assert marks[column_of(2, strip.scale, strip.ncols)] == "!"  # the injection to come
        await press(pilot, "s", "s")  # the DMA faults at step 3
        assert app.view.trap is not None and app.view.steps == 3
        marks = strip.render_line(1).text
        assert marks[column_of(3, strip.scale, strip.ncols)] == "✗"
        await command(pilot, "perms dst 64 rw-")
        await press(pilot, "r", "s")  # the reissue: 16 events at step 4
        top = strip.render_line(0).text
        assert top[column_of(4, strip.scale, strip.ncols)] == BARS[-1]
        assert set(top[:column_of(1, strip.scale, strip.ncols)]) <= {"▁"}
        model = StripModel(app.view.timeline, {3: 0}, 10, 1)  # one column: the trap outranks the edit
        assert model.columns[0].mark.kind == "trap"


@pilot_test
async def test_breakpoint_stops_are_marked_and_the_keys_travel_between_marks(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await command(pilot, "break overlap")
        await press(pilot, "c")
        assert demo.view.status == "breakpoint"
        stop = demo.view.steps
        await press(pilot, "c")  # on to the EBREAK
        strip = await strip_of(demo)
        assert strip.render_line(1).text[column_of(stop, strip.scale, strip.ncols)] == "●"
        await press(pilot, "alt+l")
        assert demo.focused is strip
        await press(pilot, "left_square_bracket")
        assert f"step {stop}: breakpoint" in message(demo)
        await press(pilot, "enter")
        assert demo.view.steps == stop and demo.dbg.steps == stop
        await press(pilot, "home", "enter")
        assert demo.view.steps == 0
        assert strip.scale < strip.ncols  # the demo's run is short: a step takes several columns
        await press(pilot, "right", "right", "enter")
        assert demo.view.steps == 2  # left/right move by whole steps, never a part of one
        await press(pilot, "left", "enter")
        assert demo.view.steps == 1


@pilot_test
async def test_a_run_is_pictured_from_the_interval_summaries_and_a_step_does_not_rebuild(tmp_path):
    app = app_on(tmp_path, "counter.s", COUNTER)
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, "step 20000")  # a run in the worker: summaries every 4,096 steps
        strip = await strip_of(app)
        assert strip.scale == 25_000
        busy = [c for c, column in enumerate(strip.columns) if column.level]
        assert len(busy) > strip.ncols // 2  # the whole run shows activity, not just the stop
        model = strip.model
        await command(pilot, "reverse-step")  # within the scale: the same model, one column updated
        assert strip.model is model and strip.now == 19_999
        assert strip.render_line(1).text.count("▲") <= 1 and "step 19,999" in strip.render_line(1).text


@pilot_test
async def test_the_one_line_strip_of_a_small_terminal():
    app = open_app(program("dma_fault.s"))
    async with app.run_test(size=(80, 24)) as pilot:
        await fault_the_dma(pilot)
        strip = await strip_of(app)
        assert strip.size.height == 1
        line = strip.render_line(0).text
        assert line[column_of(3, strip.scale, strip.ncols)] == "✗" and line[0] == "!" and "step 3" in line
        await settle(pilot)
