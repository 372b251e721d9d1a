"""The layout for every terminal (issue 13 item 1): 80x24 shows the disassembly, the
registers and one memory view, usable, with the rest one key away; 120x40 and 160x50
show every pane; 200 columns and more give the memory views 32 bytes a row with ASCII
and the disassembly whole operands; any pane can be maximised; the trap pane appears
when there is a trap."""

from __future__ import annotations

import pytest
from tui.pilot_helpers import fault_the_dma, pilot_test, press, program, settle, settled_app

from ptodbg.tui.app import open_app
from ptodbg.tui.layout import (
    CHROME_ROWS,
    COMPACT,
    NORMAL,
    REGS_PANE,
    REGS_ROWS,
    STATE_ROWS,
    TRAP_LEAST,
    WIDE,
    plan_layout,
)
from ptodbg.tui.widgets import DisasmView, HexView, RegistersPane

MAIN_PANES = ("#disasm", "#pane-a", "#pane-b", "#regs", "#state", "#events-pane", "#tabs", "#timeline")


def drawn(widget):
    """The region the widget and what it holds are drawn in (a layout container is not
    drawn itself: its region is that of its visible contents)."""
    regions = [w.region for w in widget.walk_children(with_self=True) if w.region.area]
    if not regions:
        return widget.region
    x0, y0 = min(r.x for r in regions), min(r.y for r in regions)
    return type(widget.region)(x0, y0, max(r.right for r in regions) - x0, max(r.bottom for r in regions) - y0)


def on_screen(app, selector: str) -> bool:
    widget = app.query_one(selector)
    return app.main.is_shown(widget) and drawn(widget).area > 0


def inside_the_terminal(app, selector: str) -> bool:
    return app.screen.region.contains_region(drawn(app.query_one(selector)))


def assert_shown_whole(app, *selectors: str) -> None:
    """Each of ``selectors`` is on screen, drawn whole inside the terminal."""
    for selector in selectors:
        assert on_screen(app, selector) and inside_the_terminal(app, selector), selector


@pytest.mark.parametrize(("size", "mode"), [
    ((80, 24), COMPACT), ((100, 40), COMPACT), ((160, 28), COMPACT), ((120, 40), NORMAL), ((160, 50), NORMAL),
    ((199, 60), NORMAL), ((200, 44), NORMAL), ((200, 45), WIDE), ((220, 60), WIDE), ((300, 80), WIDE),
])
def test_the_plan_for_each_size(size, mode):
    plan = plan_layout(*size)
    assert plan.mode == mode
    if mode == WIDE:
        assert size[0] - plan.disasm_width >= 148  # the memory views' 32-byte rows fit
    if mode == NORMAL:
        assert plan.disasm_width >= 24 and size[0] - plan.disasm_width - plan.side_width >= 40
        # The side column holds the registers (grid, queues, P0..P7, the interrupt row), the
        # TPC/block pane and rows for a trap; the pointer rows get what is left.
        work = size[1] - CHROME_ROWS - plan.timeline_height
        assert REGS_ROWS <= plan.regs_height <= REGS_PANE
        assert plan.regs_height + STATE_ROWS + TRAP_LEAST <= work or plan.regs_height == REGS_ROWS


@pilot_test
async def test_80x24_shows_code_registers_and_one_memory_view_usable():
    async with settled_app(None, (80, 24)) as (app, pilot):
        await press(pilot, "s", "s", "s")
        assert app.screen.has_class("-compact")
        assert_shown_whole(app, "#disasm", "#pane-a", "#regs", "#timeline")
        for selector in ("#pane-b", "#state", "#events-pane", "#tabs"):
            assert not on_screen(app, selector), selector
        disasm = app.query_one(DisasmView)
        hexview = app.query_one("#mem-a", HexView)
        assert disasm.scrollable_content_region.height >= 8
        assert hexview.scrollable_content_region.height >= 8 and hexview.bpr == 8
        regs = app.query_one(RegistersPane)
        assert regs.size.height >= 16  # every register and queue row
        assert regs.render_line(0).text.startswith("zero 0000000000000000 sp   000000000000f000")
        rows = [hexview.render_line(y).text for y in range(4)]
        assert any(row.startswith("rw- 00011000 01 02 03 04 05 06 07 08") for row in rows), rows
        assert "▶ 0001000c  setret back, ->ra" in "\n".join(disasm.render_line(y).text for y in range(10))


@pilot_test
async def test_80x24_the_rest_is_one_key_away_maximised():
    async with settled_app(None, (80, 24)) as (app, pilot):
        await press(pilot, "s", "s", "s")
        for key, selector in (("alt+m", "#pane-b"), ("alt+e", "#events-pane"), ("alt+s", "#state")):
            await press(pilot, key)
            assert app.screen.maximized is app.query_one(selector), key
            assert on_screen(app, selector) and drawn(app.query_one(selector)).width == 80
            if selector == "#pane-b":  # hidden until now, it still shows what it follows
                view = app.query_one("#mem-b", HexView)
                assert any("00012000  01 02 03" in view.render_line(y).text for y in range(4))
            await press(pilot, "escape")
            assert app.screen.maximized is None and not on_screen(app, selector)
        await press(pilot, "f2")
        tabs = app.query_one("#tabs")
        assert app.screen.maximized is tabs and tabs.active == "tab-history"
        assert "load" in app.query_one("#history").render_line(0).text
        await press(pilot, "f3")
        assert app.screen.maximized is tabs and tabs.active == "tab-output"
        await press(pilot, "escape")
        assert app.screen.maximized is None


@pytest.mark.parametrize("size", [(120, 40), (160, 50)])
@pilot_test
async def test_the_full_view_at(size):
    app = open_app(program("dma_fault.s"))
    async with app.run_test(size=size) as pilot:
        await fault_the_dma(pilot)
        assert app.screen.has_class("-normal")
        assert_shown_whole(app, *MAIN_PANES, "#trap")
        assert app.query_one(RegistersPane).size.height >= 16
        for which in ("a", "b"):
            assert app.query_one(f"#mem-{which}", HexView).scrollable_content_region.height >= 4
        assert "TRAP 35 DATA_PAGE_FAULT" in app.query_one("#trap").plain


@pilot_test
async def test_220x60_memory_rows_of_32_bytes_and_whole_operands():
    async with settled_app(None, (220, 60)) as (app, pilot):
        await press(pilot, "s", "s", "s")
        assert app.screen.has_class("-wide")
        assert_shown_whole(app, *MAIN_PANES)
        for which in ("a", "b"):
            view = app.query_one(f"#mem-{which}", HexView)
            assert view.bpr == 32 and view.ascii
        a = app.query_one("#mem-a", HexView)
        rows = [a.render_line(y).text for y in range(8)]
        first = next(row for row in rows if "00011000" in row)
        assert "01 02 03 04 05 06 07 08  09 0a" in first and "19 1a 1b 1c 1d 1e 1f 20 " in first
        second = next(row for row in rows if "00011020" in row)
        assert second.rstrip().endswith("!\"#$%&'()*+,-./0123456789:;<=>?@")
        disasm = app.query_one(DisasmView)
        shown = "\n".join(disasm.render_line(y).text for y in range(disasm.size.height))
        for row in disasm.rows[:disasm.size.height]:
            if row.length:
                assert app.view.instruction(row.address).text in shown  # never cut
        assert "│ 18 li a0, src" in shown  # the source line beside its first instruction


@pilot_test
async def test_the_trap_pane_appears_with_a_trap_and_goes_with_it():
    app = open_app(program("dma_fault.s"))
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot)
        assert not on_screen(app, "#trap")
        await fault_the_dma(pilot)
        assert on_screen(app, "#trap") and app.query_one("#trap").has_class("-trapped")
        await press(pilot, "S")
        assert not on_screen(app, "#trap")


@pilot_test
async def test_the_trap_pane_appears_in_a_small_terminal_too():
    app = open_app(program("dma_fault.s"))
    async with app.run_test(size=(80, 24)) as pilot:
        await fault_the_dma(pilot)
        trap = app.query_one("#trap")
        assert on_screen(app, "#trap") and inside_the_terminal(app, "#trap") and trap.region.height >= 5
        assert "TRAP 35 DATA_PAGE_FAULT" in trap.plain


@pilot_test
async def test_z_maximises_the_focused_pane_and_brings_the_others_back():
    app = open_app(None)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "z")
        disasm = app.query_one(DisasmView)
        assert app.screen.maximized is disasm and disasm.region.width == 120
        await press(pilot, "z")
        assert app.screen.maximized is None
        app.query_one("#mem-b").focus()  # (focus lands on a later message: wait for it)
        await settle(pilot)
        await press(pilot, "z")
        assert app.screen.maximized is app.query_one("#pane-b")
        wide = app.query_one("#mem-b", HexView)
        assert (wide.bpr, wide.ascii) == (16, True)  # the whole width: 16 bytes a row and their ASCII
        await press(pilot, "escape")
        assert app.screen.maximized is None and app.query_one("#mem-b", HexView).bpr == 8


@pilot_test
async def test_resizing_the_terminal_rearranges_the_panes():
    app = open_app(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.screen.has_class("-compact") and not on_screen(app, "#pane-b")
        await pilot.resize_terminal(160, 50)
        await settle(pilot)
        assert app.screen.has_class("-normal") and on_screen(app, "#pane-b")
        await pilot.resize_terminal(220, 60)
        await settle(pilot)
        assert app.screen.has_class("-wide") and app.query_one("#mem-a", HexView).bpr == 32
