"""The mouse (issue 13 item 4): a click on a disassembly line moves the cursor, a click
in its gutter toggles a breakpoint; a click on a register, a byte or a frame picks it
(the hook for ``last`` and frame selection: a :class:`~ptodbg.tui.pane.Picked` message
the app keeps); the wheel scrolls every scrolling view."""

from __future__ import annotations

from textual import events
from textual.scroll_view import ScrollView
from tui.pilot_helpers import (
    SIZE,
    click_content,
    command,
    message,
    pilot_test,
    press,
    program,
    settle,
)

from ptodbg.tui.app import open_app
from ptodbg.tui.widgets import DisasmView, HexView, RegistersPane
from ptodbg.tui.widgets.pagemap import PageMapPane
from ptodbg.tui.widgets.process import BacktracePane


async def wheel(pilot, widget, times: int = 3) -> None:
    """Turn the mouse wheel down over a widget, as a terminal reports it."""
    for _ in range(times):
        await pilot._post_mouse_events([events.MouseScrollDown], widget, offset=(2, 2))
    await settle(pilot)


def row_of(disasm: DisasmView, address: int) -> int:
    return disasm.index[address] - int(disasm.scroll_y)


@pilot_test
async def test_a_click_moves_the_cursor_and_a_click_in_the_gutter_toggles_a_breakpoint(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await settle(pilot)
        disasm = demo.query_one(DisasmView)
        overlap = demo.dbg.symbols.lookup("overlap")
        await click_content(pilot, disasm, 20, row_of(disasm, overlap))
        assert disasm.cursor == overlap and demo.focused is disasm and not demo.view.breakpoints
        await press(pilot, "b")  # the key acts where the click put the cursor
        assert overlap in demo.view.breakpoints
        copy = demo.dbg.symbols.lookup("copy")
        await click_content(pilot, disasm, 0, row_of(disasm, copy))  # the gutter
        assert copy in demo.view.breakpoints and disasm.cursor == copy
        assert disasm.render_line(row_of(disasm, copy)).text.startswith("●")
        await click_content(pilot, disasm, 1, row_of(disasm, copy))  # again: deleted
        assert copy not in demo.view.breakpoints and "deleted the breakpoint" in message(demo)
        await click_content(pilot, disasm, 0, row_of(disasm, copy) - 1)  # a label row: nothing
        assert demo.view.breakpoints == frozenset({overlap})


@pilot_test
async def test_a_click_on_a_register_picks_it_for_last(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "s")
        regs = demo.query_one(RegistersPane)
        await click_content(pilot, regs, 3, 1)  # "*a0  0000..." at the start of the second line
        assert regs.selected == "a0" and demo.main.picked is not None
        assert (demo.main.picked.kind, demo.main.picked.argument) == ("register", "a0")
        assert "selected a0 = 0x11000" in message(demo)
        await click_content(pilot, regs, 30, 1)  # the right column: a1
        assert demo.main.picked.argument == "a1" and regs.selected == "a1"
        await click_content(pilot, regs, 30, 13)  # U#2
        assert demo.main.picked.argument == "u#2" and "U#2 (not valid)" in message(demo)
        has_last = demo.main.has_command("last")
        assert (demo.main.command_for_pick(demo.main.picked) is not None) == has_last


@pilot_test
async def test_a_click_on_a_byte_picks_its_address(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "s", "s", "s")
        view = demo.query_one("#mem-a", HexView)
        src = demo.dbg.symbols.lookup("src")
        y = next(y for y in range(view.size.height) if f"{src:08x}" in view.render_line(y).text)
        x = view._bytes_at() + 3 * 5  # the sixth byte
        await click_content(pilot, view, x, y)
        assert demo.main.picked.kind == "memory" and demo.main.picked.value == src + 5
        assert view.selected == (src + 5, src + 6) and "byte 0x11005 = 0x06" in message(demo)
        if view.ascii:  # the ASCII column picks the same bytes
            ascii_at = view._bytes_at() + view.bpr * 3 - 1 + (view.bpr // 8 - 1) + 1
            await click_content(pilot, view, ascii_at + 9, y)
            assert demo.main.picked.value == src + 9
        before = demo.main.picked
        await click_content(pilot, view, 1, y)  # the permission gutter: no byte
        assert demo.main.picked is before


@pilot_test
async def test_a_click_on_a_frame_picks_it_for_frame_selection():
    app = open_app(program("frame_call.s"))
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, "step 5")
        await press(pilot, "f4")
        calls = app.query_one(BacktracePane)
        assert [f.where for f in calls.frames][:2][1] == "back"
        await click_content(pilot, calls, 4, 2)  # header line, then #0, then #1
        if app.main.has_command("frame"):
            assert app.last_result.command == "frame 1"
        else:
            assert app.main.picked.kind == "frame" and app.main.picked.argument == "1"
            assert calls.selected == 1 and "frame #1 back" in message(app)
        await press(pilot, "up", "enter")
        assert app.main.picked.argument == "0"


@pilot_test
async def test_the_wheel_scrolls_every_scrolling_view():
    app = open_app(None)
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, "until done")
        for selector in ("#disasm", "#mem-a", "#mem-b", "#events", "#history"):
            widget = app.query_one(selector)
            before = widget.scroll_y
            await wheel(pilot, widget)
            assert widget.scroll_y > before, selector
        await command(pilot, "help")  # a long answer: the Console tab opens
        console = app.query_one("#console")
        console.scroll_home(animate=False)
        await settle(pilot)
        await wheel(pilot, console)
        assert console.scroll_y > 0
        # the short lists scroll by the same machinery when they grow
        for cls in (BacktracePane, PageMapPane):
            assert issubclass(cls, ScrollView)


@pilot_test
async def test_a_click_on_the_timeline_travels_there(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await command(pilot, "step 6")
        strip = demo.query_one("#timeline")
        col = next(c for c, column in enumerate(strip.columns) if column.step >= 2 and column.mark is None)
        target = strip.step_at(col)
        await click_content(pilot, strip, col, 0)
        assert demo.view.steps == target and demo.dbg.steps == target
        assert demo.dbg.history_usage()["horizon"] == 6  # the future is kept: goto, not a rewrite
