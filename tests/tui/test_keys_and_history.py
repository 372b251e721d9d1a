"""Keys, help and what the TUI keeps between runs (issue 26): F1's help scrolls at once,
the key footer leaves "typing" after the fault dialog, tab completes the shared part and
lists the choices (the inline suggestion only for a certain completion), ctrl+r searches
the history, the history outlives the session in the XDG state folder, and start-up
commands come from ``$XDG_CONFIG_HOME/ptodbg/init`` and ``tui -x FILE``."""

from __future__ import annotations

from textual.widgets import Input
from tui.pilot_helpers import SIZE, command, message, pilot_test, press, settle

from ptodbg.tui.app import open_app
from ptodbg.tui.startup import MAX_HISTORY, history_path, init_path, load_history, startup_commands
from ptodbg.tui.widgets import KeyFooter


@pilot_test
async def test_f1_help_scrolls_with_the_page_keys_at_once(demo):
    async with demo.run_test(size=(80, 24)) as pilot:
        await press(pilot, "f1")
        body = demo.screen.query_one("#help-body")
        assert demo.focused is body and body.scroll_y == 0
        await press(pilot, "pagedown")
        assert body.scroll_y > 0
        await press(pilot, "end")
        assert body.scroll_y == body.max_scroll_y > 0
        await press(pilot, "home", "down")
        assert body.scroll_y == 1


@pilot_test
async def test_the_footer_leaves_typing_mode_after_the_fault_dialog(demo):
    async with demo.run_test(size=SIZE) as pilot:
        footer = demo.main.one("#footer", KeyFooter)
        await press(pilot, "s", "s", "f")
        assert isinstance(demo.focused, Input) and footer.typing
        await press(pilot, "escape")
        await settle(pilot)
        assert not isinstance(demo.focused, Input) and footer.typing is False
        assert "s Step" in str(footer.render())


@pilot_test
async def test_tab_completes_the_shared_part_and_lists_the_choices(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        line = demo.query_one("#command")
        line.value = "info reg"
        line.cursor_position = len(line.value)
        await pilot.press("tab")
        assert line.value == "info registers "  # one candidate: the word, then a blank
        await pilot.pause()
        assert not line._suggestion  # several registers may follow: none is chosen for the user
        await pilot.press("tab")
        assert line.value == "info registers " and message(demo).startswith("25 completions: zero  sp  a0")  # 24 GPRs and pc
        line.value = "i r"
        line.cursor_position = 3
        await pilot.press("tab")
        assert line.value == "i registers "  # gdb's short word is kept


@pilot_test
async def test_ctrl_r_searches_the_history_backwards(demo):
    async with demo.run_test(size=SIZE) as pilot:
        for line in ("print 1", "x/2i $pc", "print 22", "step"):
            await command(pilot, line)
        await pilot.press("colon")
        box = demo.query_one("#command")
        await pilot.press("ctrl+r", "p", "r")
        assert box.value == "print 22" and message(demo).startswith("(reverse-i-search)'pr': print 22")
        await pilot.press("ctrl+r")
        assert box.value == "print 1"
        await pilot.press("ctrl+r")
        assert box.value == "print 1" and "(reverse-i-search)'pr'" in message(demo)  # no older match
        await pilot.press("enter")
        await settle(pilot)
        assert message(demo) == "$3 = 0x1 (1)"
        await pilot.press("colon", "ctrl+r", "x", "escape")
        assert box.value == "" and message(demo) == "search cancelled"


@pilot_test
async def test_the_history_outlives_the_session_and_stays_bounded(tmp_path):
    path = history_path({"XDG_STATE_HOME": str(tmp_path), "HOME": "/nonexistent"})
    assert path == tmp_path / "ptodbg" / "history"
    path.parent.mkdir()
    path.write_text("".join(f"print {i}\n" for i in range(MAX_HISTORY + 5)))
    app = open_app(None, history_file=path)
    async with app.run_test(size=SIZE) as pilot:
        box = app.query_one("#command")
        assert len(box.history) == MAX_HISTORY and box.history[-1] == f"print {MAX_HISTORY + 4}"
        await command(pilot, "step 2")
    assert path.read_text().splitlines()[-1] == "step 2" and len(path.read_text().splitlines()) == MAX_HISTORY
    again = open_app(None, history_file=path)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.press("colon", "up")
        assert again.query_one("#command").value == "step 2"


def test_an_unreadable_history_costs_the_history_not_the_session(tmp_path):
    folder = tmp_path / "history"
    folder.mkdir()
    lines, problem = load_history(folder)  # a folder where the file should be
    assert lines == [] and problem.startswith("command history not read:")


@pilot_test
async def test_start_up_commands_run_in_order_and_stop_at_the_first_error(tmp_path):
    env = {"XDG_CONFIG_HOME": str(tmp_path), "HOME": "/nonexistent"}
    init = init_path(env)
    init.parent.mkdir()
    init.write_text("# gdb's .gdbinit\nbreak fill\n")
    script = tmp_path / "start.gdb"
    script.write_text("continue   # to fill\nbt\nbogus\nstep\n")
    startup, problem = startup_commands(str(script), env)
    assert problem is None and [line for _where, line in startup] == ["break fill", "continue", "bt", "bogus", "step"]
    app = open_app(None, startup=startup)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await settle(pilot)
        assert app.view.status == "breakpoint" and app.view.pc == app.dbg.symbols.lookup("fill")
        assert message(app).startswith(f"{script}: unknown command 'bogus'") and "(1 start-up command not run)" \
            in message(app)
        assert app.view.steps == 5  # the step after bogus did not run


def test_an_unreadable_init_file_costs_its_commands_not_the_session(tmp_path):
    env = {"XDG_CONFIG_HOME": str(tmp_path), "HOME": "/nonexistent"}
    init_path(env).mkdir(parents=True)  # a folder where the file should be
    startup, problem = startup_commands(None, env)
    assert startup == [] and problem.startswith("start-up commands not run:") and "init" in problem


def test_tui_x_with_a_missing_file_is_one_line_and_status_2(tmp_path):
    from support.cli import cli

    ran = cli("tui", "-x", str(tmp_path / "nope.gdb"))
    assert ran.rc == 2 and ran.out == "" and ran.err.startswith("ptodbg: error:") and "nope.gdb" in ran.err
    assert len(ran.err.splitlines()) == 1
