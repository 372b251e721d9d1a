"""The command line completes from the engine's command facts (issue 11 item 5, issue 12):
tab completes like readline, the first candidate is suggested as you type, and a long
command goes to the worker because its spec says so."""

from __future__ import annotations

from tui.pilot_helpers import message, pilot_test, settle, settled_app

from ptodbg.tui.widgets.commandline import CommandLine


async def command_line(pilot) -> CommandLine:
    """Open the command line (the colon key) and return it."""
    await pilot.press("colon")
    return pilot.app.query_one("#command")


async def completed(pilot, text: str) -> str:
    """Type ``text`` on the open command line, press tab: the line it completed to."""
    await _type(pilot, text)
    await pilot.press("tab")
    return pilot.app.query_one("#command").value


async def _type(pilot, text: str) -> None:
    for char in text:
        await pilot.press("space" if char == " " else char)


@pilot_test
async def test_tab_completes_a_symbol_and_the_line_then_runs():
    async with settled_app(None) as (app, pilot):
        await command_line(pilot)
        assert await completed(pilot, "unt") == "until "
        assert await completed(pilot, "co") == "until copy "
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        assert app.view.pc == app.dbg.symbols.lookup("copy"), (message(app), app.query_one(CommandLine).history)


@pilot_test
async def test_tab_with_several_candidates_extends_to_the_shared_part_and_lists_them():
    async with settled_app(None) as (app, pilot):
        line = await command_line(pilot)
        assert await completed(pilot, "reverse-") == "reverse-"
        assert "completions:" in message(app) and "reverse-continue" in message(app)
        line.value = "x $a"
        line.cursor_position = len(line.value)
        await pilot.press("tab")
        assert line.value == "x $a"  # a0..a7: nothing more is shared
        assert "$a0" in message(app)


@pilot_test
async def test_the_first_candidate_is_suggested_while_typing():
    async with settled_app(None) as (app, pilot):
        line = await command_line(pilot)
        await _type(pilot, "break ov")
        await pilot.pause()
        await pilot.pause()
        assert line._suggestion == "break overlap"
        await pilot.press("right")  # accept the suggestion as Input does
        assert line.value == "break overlap"
