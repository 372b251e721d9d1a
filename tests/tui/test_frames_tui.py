"""Frames and breakpoint management in the TUI (issue 12 items 1-2), with Pilot on the
real 02_algorithms.static (linux profile, linx-v0.4): the Calls tab selects a frame by
keyboard (up/down + enter) and click, and the registers pane and the disassembly follow
the selected frame (its pc, sp and the registers its callee's FENTRY saved) with a
visible "frame #N"; a stop goes back to frame #0.  ``finish`` runs on the worker and
reports a0; ``disable`` removes a breakpoint's marker without deleting it."""

from __future__ import annotations

import contextlib

from support.paths import PROGRAMS
from tui.pilot_helpers import SIZE, command, message, pilot_test, press, run_to, settle

from ptodbg.tui.app import open_app
from ptodbg.tui.widgets import RegistersPane
from ptodbg.tui.widgets.disasm import DisasmView
from ptodbg.tui.widgets.process import BacktracePane

ALG = PROGRAMS / "02_algorithms.static"
MAIN_AFTER_CALL = 0x112D0  # main+0xc, where cpp_gate_case02 returns


def alg():
    return open_app(str(ALG), profile="linux", compat="linx-v0.4")


@contextlib.asynccontextmanager
async def inside_case02():
    """The app on ALG stopped in cpp_gate_case02 past its FENTRY (the frame is built):
    ``(app, pilot)``."""
    app = alg()
    async with app.run_test(size=SIZE) as pilot:
        await run_to(pilot, "cpp_gate_case02")
        await press(pilot, "s")
        yield app, pilot


async def calls_tab(pilot) -> BacktracePane:
    """Show the Calls tab and return its pane."""
    pilot.app.query_one("#tabs").active = "tab-calls"
    await settle(pilot)
    return pilot.app.query_one(BacktracePane)


@pilot_test
async def test_calls_tab_selects_a_frame_by_keyboard_and_the_panes_follow():
    async with inside_case02() as (app, pilot):
        frame0 = app.view.frames[0]
        calls = await calls_tab(pilot)
        calls.focus()
        await press(pilot, "down", "enter")  # highlight #1, select it: frame 1 runs
        assert app.view.selected_frame == 1 and app.dbg.selected_frame == 1
        assert "→#1  " in calls.plain
        regs = app.query_one(RegistersPane)
        assert regs.border_subtitle.startswith("frame #1 main+0xc")
        assert f"{frame0.frame_address:016x}" in regs.plain  # frame #1's sp: frame #0's address
        assert app.view.frame_regs["sp"] == frame0.frame_address
        disasm = app.query_one(DisasmView)
        assert disasm.cursor == MAIN_AFTER_CALL and disasm.frame_pc == MAIN_AFTER_CALL
        assert "frame #1" in str(disasm.border_title)
        await press(pilot, "s")  # the machine moves: back to frame #0, as gdb
        assert app.view.selected_frame == 0 and disasm.frame_pc is None
        assert "frame #" not in str(regs.border_subtitle) and "frame #" not in str(disasm.border_title)
        assert "→#0  " in calls.plain


@pilot_test
async def test_clicking_a_frame_runs_frame_n():
    async with inside_case02() as (app, pilot):
        calls = await calls_tab(pilot)
        await pilot.click(BacktracePane, offset=(4, 3))  # row 0 is the caption: row 3 is frame #2
        await settle(pilot)
        assert app.view.selected_frame == 2 and app.view.frame.function == "libc_start_main_stage2"
        assert message(app).startswith("#2  ")
        assert "→#2  " in calls.plain


@pilot_test
async def test_up_down_and_finish_from_the_command_line():
    async with inside_case02() as (app, pilot):
        sp_at_call = app.view.frames[0].frame_address
        await command(pilot, "up")
        assert app.view.selected_frame == 1 and message(app).startswith(f"#1  {MAIN_AFTER_CALL:#x} in main+0xc")
        await command(pilot, "down")
        assert app.view.selected_frame == 0
        await command(pilot, "finish")  # long: it runs on the worker
        assert app.view.pc == MAIN_AFTER_CALL and app.view.regs["sp"] == sp_at_call
        assert "value returned a0 = 0x0 (0)" in message(app)


@pilot_test
async def test_disable_and_enable_change_the_breakpoint_marker():
    app = alg()
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, "break main")
        main = app.dbg.symbols.lookup("main")
        assert main in app.view.breakpoints
        await command(pilot, "disable 1")
        assert main not in app.view.breakpoints and message(app) == "disabled 1"
        assert main in app.view.disabled  # drawn hollow (○), kept in the table
        await command(pilot, "ignore 1 3")
        assert message(app) == "will ignore next 3 crossings of breakpoint 1"
        await command(pilot, "enable")
        assert main in app.view.breakpoints
        await command(pilot, "info breakpoints")
        assert message(app).startswith("Num     Type") and "the rest is in the Console tab" in message(app)
        logged = "\n".join(strip.text for strip in app.query_one("#console").lines)
        assert f"1       breakpoint      keep y   {main:#x}" in logged
        assert "Will ignore next 3 crossings of breakpoint." in logged
