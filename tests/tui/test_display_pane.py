"""The Displays tab and the console after a stop (issue 12 item 3; DESIGN.md §5: ``display
EXPR`` is shown after every stop).  Real app, real program, driven with Pilot: the tab is
hidden until the first display, then shows each display's value at the stop (the
destination of a real DMA after it ran), the console prints the gdb-style lines after
each step, and ``undisplay`` hides the tab again."""

from __future__ import annotations

from tui.pilot_helpers import (
    SIZE,
    command,
    displays_tab,
    pilot_test,
    press,
    program,
    settle,
    settled_app,
)

from ptodbg.tui.app import open_app
from ptodbg.tui.pane import tab_id
from ptodbg.tui.widgets.displays import DisplaysPane

# tests/programs/dma_copy.s: src = 0x11000 holds 0x01..0x40, dst = 0x11040 is zero until
# the DMA (the third instruction) copies src to it; li a1, dst sets a1 = 0x11040.
DST = 0x11040


def _console(app) -> str:
    return "\n".join(strip.text for strip in app.query_one("#console").lines)


@pilot_test
async def test_display_tab_follows_the_stops_of_a_dma():
    async with settled_app(program("dma_copy.s")) as (app, pilot):
        tabs, tab, pane = displays_tab(app)
        assert not tab.display  # hidden until the first display
        await command(pilot, "display/x a1")
        await command(pilot, "display/8xb dst")
        assert tab.display
        tabs.active = tab_id(DisplaysPane)
        await settle(pilot)
        assert pane.plain.splitlines() == [
            "1: /x a1 = 0x0",
            "2: x/8xb dst",
            f"{DST:#x} <dst>:  0x00    0x00    0x00    0x00    0x00    0x00    0x00    0x00    ........",
        ]
        await press(pilot, "s", "s", "s")  # li, li, dma
        assert app.view.steps == 3
        assert pane.plain.splitlines() == [
            f"1: /x a1 = {DST:#x}",
            "2: x/8xb dst",
            f"{DST:#x} <dst>:  0x01    0x02    0x03    0x04    0x05    0x06    0x07    0x08    ........",
        ]
        # the console: each step's answer, then the displays of its stop (tabs expanded)
        after_dma = _console(app).split("> step")[-1].splitlines()
        assert after_dma == [
            "", "  DMA at _start+0xa", f"  1: /x a1 = {DST:#x}", "  2: x/8xb dst",
            f"  {DST:#x} <dst>:        0x01    0x02    0x03    0x04    0x05    0x06    0x07    0x08    ........",
        ]
        await command(pilot, "undisplay")
        assert not tab.display


@pilot_test
async def test_display_of_unmapped_memory_shows_its_error_in_the_tab():
    """Page 0 is unmapped in the linux profile: the tab shows the error in the display's
    place, worded as the console words it (both show the engine's one computation)."""
    app = open_app(program("hello_linux.s"), profile="linux")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await command(pilot, "display/i $pc")
        await command(pilot, "display u64[0]")
        app.query_one("#tabs").active = tab_id(DisplaysPane)
        await settle(pilot)
        lines = app.query_one(DisplaysPane).plain.splitlines()
        assert lines[0] == "1: x/i $pc"
        assert lines[1].startswith(f"=> {app.view.pc:#x} <_start>:")
        assert lines[2] == "2: u64[0] = <error: cannot access memory at 0x0>"
        assert lines[2] in _console(app).splitlines()[-1]


@pilot_test
async def test_x_fmt_and_info_registers_on_the_command_line():
    """x/FMT answers in gdb rows (the console shows them, tabs expanded); a one-line answer
    (info registers a1, print/x) goes to the message line."""
    async with settled_app(program("dma_copy.s")) as (app, pilot):
        await press(pilot, "s", "s", "s")
        await command(pilot, "x/16xb dst")
        assert app.query_one("#tabs").active == "tab-console"
        tail = _console(app).splitlines()[-3:]
        assert tail == [
            "> x/16xb dst",
            f"  {DST:#x} <dst>:        0x01    0x02    0x03    0x04    0x05    0x06    0x07    0x08    ........",
            f"  {DST + 8:#x} <dst+8>:      0x09    0x0a    0x0b    0x0c    0x0d    0x0e    0x0f    0x10    ........",
        ]
        await command(pilot, "info registers a1")
        assert app.message_text == "a1             0x11040             69696"
        await command(pilot, "print/x u8[dst+15]")
        assert app.message_text == "$1 = 0x10"  # gdb's value history
