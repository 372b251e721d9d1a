"""Honest status (issue 13 item 6) and the source lines beside the code (issue 14 item 3):
the header shows the real state after every command, a failed background command
included; counts are written one way everywhere and agree with their nouns; an unknown
theme is answered with the list of themes; a program with line information shows its
source lines, one without keeps the disassembly as it was."""

from __future__ import annotations

from support.loops import COUNTER
from support.paths import PROGRAMS
from tui.pilot_helpers import SIZE, app_on, command, message, pilot_test, press, program, settle

from ptodbg.debug.files.program import open_debugger
from ptodbg.tui.app import PtodbgApp, open_app, run_tui
from ptodbg.tui.fmt import count, plural
from ptodbg.tui.widgets import DisasmView, StatePane


def test_counts_and_plurals():
    assert [count(n) for n in (0, 999, 1000, 20_545_536)] == ["0", "999", "1,000", "20,545,536"]
    assert plural(1, "event") == "1 event" and plural(0, "event") == "0 events"
    assert plural(2, "breakpoint") == "2 breakpoints" and plural(1_024, "page") == "1,024 pages"
    assert plural(3, "entry") == "3 entries" and plural(2, "key press", "key presses") == "2 key presses"


@pilot_test
async def test_a_failed_background_command_leaves_no_running_in_the_header(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "s")
        for line in ("until nosuchsymbol", "goto 99999999999999999999999"):
            await command(pilot, line)
            header = demo.query_one("#statusbar").plain
            assert demo.message_error and not demo.busy, line
            assert "running" not in header and "step 1 │ stopped" in header, header


@pilot_test
async def test_counts_read_the_same_while_running_and_stopped(tmp_path):
    app = app_on(tmp_path, "counter.s", COUNTER)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.one("#statusbar").show_running("continue", 20_545_536)
        assert "running continue: step 20,545,536" in app.query_one("#statusbar").plain
        await command(pilot, "step 20000")
        assert "step 20,000 │" in app.query_one("#statusbar").plain
        assert "steps 20,000" in app.query_one(StatePane).plain
        timeline = app.query_one("#timeline").render_line(1).text
        assert "step 20,000" in timeline and "25,000" in timeline


@pilot_test
async def test_one_event_is_one_event(tmp_path):
    app = app_on(tmp_path, "counter.s", COUNTER)
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, "step 3")  # li, addi, sdi: one store
        assert app.query_one("#events-title").plain.endswith(": 1 event")
        await command(pilot, "break loop")
        await command(pilot, "save " + str(tmp_path / "one.toml"))
        await command(pilot, "load " + str(tmp_path / "one.toml"))
        assert "1 breakpoint," in message(app) and "1 breakpoints" not in message(app)


def test_an_unknown_theme_on_the_command_line_lists_the_themes(capsys):
    assert run_tui(None, theme="no-such-theme") == 2
    err = capsys.readouterr().err
    assert err.startswith("ptodbg: error: no theme 'no-such-theme'; themes: dark, high-contrast, light")
    assert "textual-dark" in err and err.count("\n") == 1


@pilot_test
async def test_an_unknown_theme_from_a_session_is_named_with_the_themes():
    dbg = open_debugger(None)
    dbg.settings["theme"] = "retired-theme"  # as a session file of an older install says
    demo = PtodbgApp(dbg)
    async with demo.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert demo.theme == "dark" and demo.message_error
        assert message(demo).startswith("no theme 'retired-theme': using dark; themes: dark, high-contrast, light")


@pilot_test
async def test_source_lines_beside_the_code_and_in_the_title():
    app = open_app(program("dma_fault.s"))
    async with app.run_test(size=(220, 60)) as pilot:
        await press(pilot, "s")
        disasm = app.query_one(DisasmView)
        text = "\n".join(disasm.render_line(y).text for y in range(disasm.size.height))
        assert "│ 13 li a0, src" in text and "│ 17 dma [a0], a1" in text
        li_rows = [line for line in text.splitlines() if "│ 13" in line]
        assert len(li_rows) == 1  # once, beside the first instruction of the line
        assert disasm.border_title == "disassembly · dma_fault.s:14"
        assert "src   dma_fault.s:14 li a1, dst" in app.query_one(StatePane).plain


@pilot_test
async def test_a_binary_without_line_information_shows_no_source():
    app = open_app(str(PROGRAMS / "01_containers.static"), compat="linx-v0.4")
    async with app.run_test(size=(220, 60)) as pilot:
        await press(pilot, "s")
        disasm = app.query_one(DisasmView)
        text = "\n".join(disasm.render_line(y).text for y in range(disasm.size.height))
        assert "│" not in text and disasm.border_title == "disassembly"
        assert "src " not in app.query_one(StatePane).plain
