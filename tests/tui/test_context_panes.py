"""The context view of issue 26, driven with Pilot: the registers pane's pointer chains,
the Stack tab (following the selected frame), the Breakpoints tab (keys and clicks), memory
B on sp for a compiled program, a leaf's inferred caller in the Calls tab, and ``quit``.

Facts from the programs: the demo's ``li a0, src; li a1, dst`` leave a0 = 0x11000 (src,
whose first word is 0x0807060504030201) and a1 = 0x12000; ``setret back`` puts ``back``
(0x10014) in ra (SETRET writes R10 and LRA, ``asl/scalar/model/bru``); 02_algorithms'
cpp_gate_case02 is called from main and its FENTRY stores ra (main+12) at the new sp
(``asl/block/model/lifecycle/lifetime.asl``)."""

from __future__ import annotations

import pytest
from support.paths import PROGRAMS
from textual.widgets import TabbedContent
from tui.pilot_helpers import SIZE, click_content, command, message, pilot_test, press, run_to

from ptodbg.tui.app import PtodbgApp, open_app
from ptodbg.tui.widgets import RegistersPane
from ptodbg.tui.widgets.breakpoints import BreakpointsPane
from ptodbg.tui.widgets.stack import StackPane

ALG = PROGRAMS / "02_algorithms.static"


@pilot_test
async def test_the_registers_pane_shows_where_registers_point(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "s", "s", "s", "s")
        lines = demo.main.one("#regs").plain.splitlines()
        pointing = lines[lines.index("→ registers that point into memory") + 1:]
        assert pointing[0].split() == ["a0", "0x11000", "<src>", "→", "0x807060504030201"]
        assert pointing[1].split()[:3] == ["a1", "0x12000", "<dst>"]
        assert pointing[2].split() == ["ra", "0x10014", "<back>"]


def alg_app() -> PtodbgApp:
    """The app on the shared 02_algorithms.static (linux profile, linx-v0.4), or a skip
    where the shared programs are not installed."""
    if not ALG.exists():
        pytest.skip("the shared programs are not here")
    return open_app(str(ALG), profile="linux", compat="linx-v0.4")


@pilot_test
async def test_the_stack_tab_telescopes_the_selected_frames_sp():
    app = alg_app()
    async with app.run_test(size=SIZE) as pilot:
        await run_to(pilot, "cpp_gate_case02")
        await command(pilot, "stepi")  # its FENTRY: ra (main+12) stored at the new sp
        await press(pilot, "f8")  # the Stack tab
        assert app.main.one("#tabs", TabbedContent).active == "tab-stack"
        stack = app.query_one(StackPane)
        assert app.focused is stack
        rows = stack.plain.splitlines()
        sp = app.view.regs["sp"]
        assert rows[0].startswith(f"frame #0 cpp_gate_case02+0x4: 64 words from sp {sp:#x}")
        assert rows[1].split()[:5] == ["00:0000│", "sp", f"{sp:#x}", "→", "0x112d0"] and "<main+12>" in rows[1]
        await command(pilot, "up")  # main's frame: its sp is the callee's frame address
        rows = stack.plain.splitlines()
        assert rows[0].startswith(f"frame #1 main+0xc: 64 words from sp {app.view.frame_regs['sp']:#x}")
        assert app.view.frame_regs["sp"] == sp + 8


@pilot_test
async def test_memory_b_follows_sp_in_a_program_without_a_dma():
    app = alg_app()
    async with app.run_test(size=SIZE) as pilot:
        await run_to(pilot, "cpp_gate_case02")
        pane = app.main.memory("b")
        assert pane.hexview.follow.address == app.view.regs["sp"]
        assert "(no DMA now: sp)" in pane.hexview.title()


@pilot_test
async def test_the_breakpoints_tab_toggles_and_deletes_by_keys_and_clicks(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await command(pilot, "break copy")
        await command(pilot, "watch a4")
        await command(pilot, "tbreak fill")
        await press(pilot, "f9")
        pane = demo.query_one(BreakpointsPane)
        assert demo.focused is pane
        rows = pane.plain.splitlines()
        assert rows[1].split()[:5] == ["●", "✗", "1", "breakpoint", "0x10008"]
        assert rows[2].split()[:4] == ["●", "✗", "2", "watchpoint"] and "a4 (register)" in rows[2]
        await press(pilot, "space")  # row 1: disable 1
        assert not demo.dbg.breakpoints[1].enabled and message(demo) == "disabled 1"
        assert pane.plain.splitlines()[1].startswith("○")
        await press(pilot, "down", "delete")  # row 2: delete 2
        assert 2 not in demo.dbg.watchpoints and message(demo) == "deleted 2"
        await pilot.click(BreakpointsPane, offset=(1, 1))  # the ○ of row 1 (the pane's padding: 1 cell)
        await pilot.pause()
        assert demo.dbg.breakpoints[1].enabled
        await pilot.click(BreakpointsPane, offset=(3, 2))  # the ✗ of the tbreak's row
        await pilot.pause()
        assert 3 not in demo.dbg.breakpoints and len(pane.lines) == 1


@pilot_test
async def test_the_calls_tab_marks_a_leafs_caller_inferred(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await command(pilot, "break fill")
        await press(pilot, "c", "f4")
        text = demo.query_one("#calls").plain
        assert "#1  0x10014 back" in text and "[inferred from ra" in text


@pilot_test
async def test_quit_on_the_command_line_leaves_the_app(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await command(pilot, "q")
        await pilot.pause()
        assert demo.return_code == 0 and not demo.is_running


@pilot_test
async def test_a_command_list_is_typed_line_by_line(demo):
    async with demo.run_test(size=SIZE) as pilot:
        for line in ("break fill", "commands", "silent", "print a4", "end"):
            await command(pilot, line)
        assert message(demo) == "commands of 1: 2 lines"
        await press(pilot, "c")
        assert demo.view.status == "breakpoint" and message(demo) == "$1 = 0x0 (0)"


@pilot_test
async def test_the_reverse_moves_and_gdb_words_on_the_command_line(demo):
    """rn from the call's return goes back over the call (the view is republished at the
    SETRET, step 3); reverse-finish from inside fill goes to the same call; disas and info
    b put their tables in the Console tab."""
    async with demo.run_test(size=SIZE) as pilot:
        await command(pilot, "until back")
        assert demo.view.steps == 8  # two li, the DMA, setret, j, fill's three instructions
        await command(pilot, "rn")
        assert demo.view.steps == 3 and demo.view.pc == 0x1000C and "back over the call" in message(demo)
        await command(pilot, "goto 6")
        await command(pilot, "reverse-finish")
        assert demo.view.steps == 3 and message(demo).startswith("run back to call of #0 fill")
        await command(pilot, "disas fill")
        assert message(demo).startswith("Dump of assembler code for function fill:")
        logged = "\n".join(strip.text for strip in demo.query_one("#console").lines)
        assert "0x000000000001002a <+4>:" in logged and "addi a4, 90, ->a5" in logged


@pilot_test
async def test_a_click_on_a_pointing_register_picks_that_register(demo):
    """The pointer rows sit under the grid, the queues, P0..P7 and the interrupt row; a
    click on a name there picks the register of that row (a0 = src, a1 = dst)."""
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "s", "s", "s", "s")
        regs = demo.query_one(RegistersPane)
        lines = regs.plain.splitlines()
        caption = lines.index("→ registers that point into memory")
        assert lines[caption - 1].lstrip().startswith("IRQ0")  # the interrupt row comes before them
        for row, name in ((caption + 1, "a0"), (caption + 2, "a1")):
            assert lines[row].split()[0] == name
            await click_content(pilot, regs, 2, row)
            assert regs.selected == name and demo.main.picked.argument == name
