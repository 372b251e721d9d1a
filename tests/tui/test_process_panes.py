"""Pilot tests of the linux profile in the TUI (issue 'Run real compiled programs' §1, §5):
the system-call notes under the events' caption, the Output tab that follows the
timeline, the Calls tab built from the frames FENTRY made, and a session that reopens
with its profile and compatibility mode.

System calls follow CORE.md / DESIGN.md's linux profile: ``acrc 1`` in a SYS block, number
in a7, arguments a0..a5, result in a0, asm-generic numbers (write = 64, exit_group = 94);
an unknown number returns -ENOSYS (-38)."""

from __future__ import annotations

from support.paths import PROGRAMS
from tui.pilot_helpers import SIZE, command, pilot_test, press, program, run_to, settle

from ptodbg.tui.app import open_app
from ptodbg.tui.widgets.base import TextLine
from ptodbg.tui.widgets.process import BacktracePane, OutputLog

ENOSYS = 38


def hello():
    return open_app(program("hello_linux.s"), profile="linux")


async def step_to(pilot, steps: int) -> None:
    while pilot.app.view.steps < steps:
        await press(pilot, "s")


@pilot_test
async def test_write_shows_its_note_and_its_output():
    app = hello()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        notes = app.query_one("#events-notes", TextLine)
        assert notes.has_class("-none") and not notes.display
        assert app.query_one(OutputLog).text == ""
        await step_to(pilot, 6)  # the ACRC of the write: a0 = 1, a1 = msg, a2 = 15, a7 = 64
        assert app.view.last_text.startswith("ACRC at say")
        assert notes.display and notes.plain == f"syscall write(0x1, {app.dbg.symbols.lookup('msg'):#x}, 0xf) = 15"
        assert app.view.regs[2] == 15  # a0: the bytes written
        assert app.query_one(OutputLog).text == "hello from PTO\n"
        await press(pilot, "s")  # c.bstop: nothing noted, the line goes away
        assert not notes.display


@pilot_test
async def test_unsupported_call_is_reported_with_enosys():
    app = hello()
    async with app.run_test(size=SIZE) as pilot:
        await step_to(pilot, 10)  # the ACRC with a7 = 4095
        notes = app.query_one("#events-notes", TextLine)
        assert notes.plain == "syscall 4095 is not supported: returned -ENOSYS"
        assert notes.has_class("-warn")
        assert app.view.regs[2] == (1 << 64) - ENOSYS
        assert "@10 syscall 4095 is not supported: returned -ENOSYS" in app.dbg.notes


@pilot_test
async def test_output_follows_reverse_execution_and_the_program_exits():
    app = hello()
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "c")
        assert app.view.status == "exited" and app.dbg.machine.exit_code == 0
        out = app.query_one(OutputLog)
        assert out.text == "hello from PTO\n"
        await command(pilot, "goto 5")  # before the write
        assert app.view.steps == 5 and out.text == ""
        await press(pilot, "s")
        assert out.text == "hello from PTO\n"
        # the replays did not repeat the write's note in the log
        assert sum("syscall write" in n for n in app.dbg.notes) == 1


@pilot_test
async def test_calls_tab_lists_the_chain_inside_a_real_program():
    app = open_app(str(PROGRAMS / "02_algorithms.static"), profile="linux", compat="linx-v0.4")
    async with app.run_test(size=SIZE) as pilot:
        await run_to(pilot, "cpp_gate_case02")
        assert app.view.status == "breakpoint"
        await press(pilot, "s")  # past cpp_gate_case02's FENTRY: its frame is built
        app.query_one("#tabs").active = "tab-calls"
        await settle(pilot)
        calls = app.query_one(BacktracePane)
        names = [f.where for f in calls.frames]
        assert names[0].startswith("cpp_gate_case02+")
        assert names[1:] == ["main+0xc", "libc_start_main_stage2+0x46", "__libc_start_main+0x72",
                             "_start_c+0x58", "_start+0x16"]
        text = calls.plain
        assert text.startswith("6 frames, innermost first") and "#1  " in text and "main+0xc" in text
        # the pane follows the stops while its tab is open
        await press(pilot, "s", "s", "s")
        assert calls.frames[0].where.startswith("main+")


@pilot_test
async def test_session_reopens_with_profile_and_compat(tmp_path):
    path = tmp_path / "alg.toml"
    app = open_app(str(PROGRAMS / "02_algorithms.static"), profile="linux", compat="linx-v0.4")
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, "break main")
        await press(pilot, "c")
        await command(pilot, f"save {path}")
        steps = app.view.steps
    assert 'compat = "linx-v0.4"' in path.read_text() and 'profile = "linux"' in path.read_text()
    again = open_app(None, session=str(path))
    assert again.dbg.profile == "linux" and again.dbg.machine.compat == "linx-v0.4"
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert again.view.steps == steps and again.dbg.symbolize(again.view.pc) == "main"
