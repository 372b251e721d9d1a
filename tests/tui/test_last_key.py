"""The ``w`` key (issue 12 item 4): on the picked register or byte it travels to the step
that last wrote it (``last``, then ``goto`` there, DESIGN.md §5), and pressed again there
to the writer before that one.  The real app on assembled programs, driven by Pilot."""

from __future__ import annotations

from tui.pilot_helpers import (
    SIZE,
    app_on,
    click_content,
    message,
    pilot_test,
    press,
    program,
    settle,
)

from ptodbg.tui.app import open_app
from ptodbg.tui.pane import Picked
from ptodbg.tui.widgets import HexView, RegistersPane

# a0 is written at steps 1 and 3 (the same value 7 both times), a1 at step 2.
TWICE = """    .text
    .globl _start
_start:
    addi zero, 7, ->a0
    addi zero, 1, ->a1
    addi zero, 7, ->a0
    addi a1, 1, ->a1
    c.bstart.sys
    c.ebreak 0
"""


@pilot_test
async def test_w_goes_to_the_last_writer_of_a_clicked_register_and_then_the_one_before(tmp_path):
    app = app_on(tmp_path, "twice.s", TWICE)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "c")
        assert app.view.steps == 6  # four ADDIs, c.bstart.sys, the c.ebreak stop
        regs = app.query_one(RegistersPane)
        await click_content(pilot, regs, 3, 1)  # "a0" at the start of the second line
        assert app.main.picked is not None and app.main.picked.argument == "a0"
        await press(pilot, "w")
        await settle(pilot)
        # the second ADDI to a0 (a same-value write) ran as attempt 3: the view stops just
        # before it, the writer at pc (as reverse execution to a watchpoint stops)
        assert app.view.steps == 2 and app.last_result.command == "goto 2"
        assert app.view.pc == app.dbg.symbols.lookup("_start") + 8
        await press(pilot, "w")
        await settle(pilot)
        assert app.view.steps == 0  # the writer before that one: the first ADDI
        await press(pilot, "w")
        await settle(pilot)
        assert app.view.steps == 0 and "nothing wrote a0 since load" in message(app)


@pilot_test
async def test_w_on_a_picked_byte_goes_to_the_dma_that_wrote_it():
    app = open_app(program("dma_copy.s"))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "c")
        assert app.view.steps == 5
        dst = app.dbg.symbols.lookup("dst")
        view = app.query_one("#mem-a", HexView)
        view.post_message(Picked("memory", dst + 16, f"byte {dst + 16:#x}"))  # as a click posts it
        await settle(pilot)
        await press(pilot, "w")
        await settle(pilot)
        assert app.view.steps == 2  # just before the DMA (dma_copy.s: li, li, dma), the DMA at pc
        assert app.view.pc == app.dbg.symbols.lookup("_start") + 10
        await press(pilot, "f6")  # the Console tab, where the answer of `last` is logged
        logged = "\n".join(strip.text for strip in app.query_one("#console").lines)
        assert f"> last {dst + 16:#x}" in logged and "by DMA (dma)" in logged and "event 11 of 16" in logged  # the DMA's third store: after its 8 loads


@pilot_test
async def test_w_without_a_picked_item_says_what_to_do(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "s")
        await press(pilot, "w")
        assert "click a register, a byte or a tile element first" in message(demo) and demo.view.steps == 1
