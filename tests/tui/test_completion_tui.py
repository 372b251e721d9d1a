"""The command line completes from the engine's command facts (issue 11 item 5, issue 12):
tab completes like readline, the first candidate is suggested as you type, and a long
command goes to the worker because its spec says so."""

from __future__ import annotations

from tui.pilot_helpers import SIZE, message, pilot_test, settle

from ptodbg.tui.app import open_app
from ptodbg.tui.widgets.commandline import CommandLine


async def _type(pilot, text: str) -> None:
    for char in text:
        await pilot.press("space" if char == " " else char)


@pilot_test
async def test_tab_completes_a_symbol_and_the_line_then_runs():
    app = open_app(None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        line = app.query_one("#command")
        await _type(pilot, "unt")
        await pilot.press("tab")
        assert line.value == "until "
        await _type(pilot, "co")
        await pilot.press("tab")
        assert line.value == "until copy "
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.view.pc == app.dbg.symbols.lookup("copy"), (message(app), app.query_one(CommandLine).history)


@pilot_test
async def test_tab_with_several_candidates_extends_to_the_shared_part_and_lists_them():
    app = open_app(None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        line = app.query_one("#command")
        await _type(pilot, "reverse-")
        await pilot.press("tab")
        assert line.value == "reverse-"
        assert "completions:" in message(app) and "reverse-continue" in message(app)
        line.value = "x $a"
        line.cursor_position = len(line.value)
        await pilot.press("tab")
        assert line.value == "x $a"  # a0..a7: nothing more is shared
        assert "$a0" in message(app)


@pilot_test
async def test_the_first_candidate_is_suggested_while_typing():
    app = open_app(None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon")
        line = app.query_one("#command")
        await _type(pilot, "break ov")
        await pilot.pause()
        await pilot.pause()
        assert line._suggestion == "break overlap"
        await pilot.press("right")  # accept the suggestion as Input does
        assert line.value == "break overlap"
