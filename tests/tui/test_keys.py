"""Every keypress counts, focus and keys (issue 13 items 2 and 3): bursts and held keys
step once per press, vi-style counts, enter repeats the last command, focus goes back to
the pane a command came from, a typed ':' is ignored, every tab and pane has a key, the
theme key cycles, and F1 and the footer list the keys."""

from __future__ import annotations

import pytest
from textual import events
from tui.pilot_helpers import SIZE, command, message, pilot_test, press, settle

from ptodbg.tui import keys
from ptodbg.tui.app import PtodbgApp, open_app
from ptodbg.tui.keys import MAX_COUNT, CountPrefix, PressQueue
from ptodbg.tui.screens import HelpScreen
from ptodbg.tui.widgets import DisasmView, HexView
from ptodbg.tui.widgets.commandline import CommandLine


# ----------------------------------------------------------- the pieces
def test_count_prefix_reads_digits_and_is_bounded():
    count = CountPrefix()
    assert not count.push("0") and not count.active  # a count does not start with 0
    assert count.push("1") and count.push("0") and count.digits == "10"
    assert count.take() == 10 and not count.active and count.take() == 1
    for digit in str(MAX_COUNT):
        assert count.push(digit)
    assert not count.push("0") and count.take() == MAX_COUNT  # one digit more is refused


def test_press_queue_folds_presses_of_the_same_key_in_order():
    queue = PressQueue()
    for name in ("step", "step", "step", "reverse-step", "step"):
        queue.add(name)
    assert queue.pending == 5 and len(queue) == 3
    assert queue.pop() == ("step", 3) and queue.pop() == ("reverse-step", 1) and queue.pop() == ("step", 1)
    assert queue.pop() is None
    for i in range(keys.MAX_QUEUED):
        queue.add("step" if i % 2 else "next")
    queue.add("step")  # the same key as the newest entry: folded into it
    queue.add("next")  # a new entry: the queue is full
    assert len(queue) == keys.MAX_QUEUED and queue.refused == 1  # counted, never silently lost
    assert queue.pending == keys.MAX_QUEUED + 1
    assert queue.clear() == keys.MAX_QUEUED + 1 and queue.pending == 0


def test_footer_fits_the_width_dropping_the_least_used_keys_first():
    entries = keys.footer_entries(False)
    wide = keys.fit_footer(entries, 400)
    assert [e[0] for e in wide][:3] == ["F1", "s", "n"] and any(e[0] == "F2-F10" for e in wide)
    narrow = keys.fit_footer(entries, 60)
    assert [e[0] for e in narrow][:2] == ["F1", "s"] and len(narrow) < len(wide)
    size = sum(len(k) + 1 + len(w) + 2 for k, w, _a, _p in narrow)
    assert size <= 60


# ----------------------------------------------------------------- keys
async def posted(pilot, app: PtodbgApp, key: str, times: int) -> None:
    """``times`` presses of ``key`` at once, as a terminal delivers a burst."""
    for _ in range(times):
        app._driver.send_message(events.Key(key, key))
    for _ in range(200):
        await pilot.pause(0.01)
        if not app.in_flight and not len(app.presses) and not app.busy:
            break
    await settle(pilot)


@pilot_test
async def test_five_quick_presses_give_five_steps_and_back(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await posted(pilot, demo, "s", 5)
        assert demo.dbg.steps == 5 and demo.view.steps == 5 and demo.dropped == 0
        await posted(pilot, demo, "S", 3)
        assert demo.dbg.steps == 2 and demo.view.steps == 2 and demo.dropped == 0


@pilot_test
async def test_a_held_key_is_counted_whole_and_the_screen_catches_up(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await posted(pilot, demo, "s", 15)  # the demo stops at its EBREAK on the way
        assert demo.dropped == 0
        assert demo.view.steps == demo.dbg.steps  # the screen shows the last stop
        assert demo.query_one("#statusbar").plain.count(f"step {demo.dbg.steps:,}") == 1


@pilot_test
async def test_count_prefixes_step_and_step_back_that_many(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "5")
        assert "count 5" in message(demo)
        await press(pilot, "s")
        assert demo.dbg.steps == 5 and demo.last_result.command == "step 5"
        await press(pilot, "1", "0", "s")
        steps = demo.dbg.steps
        await press(pilot, "3", "S")
        assert demo.dbg.steps == steps - 3
        await press(pilot, "4", "escape")  # escape cancels the count
        assert message(demo) == "count cancelled"
        await press(pilot, "s")
        assert demo.dbg.steps == steps - 2 and demo.last_result.command == "step"


@pilot_test
async def test_enter_on_an_empty_command_line_repeats_the_last_command(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await command(pilot, "step 2")
        await command(pilot, "")
        assert demo.dbg.steps == 4 and demo.last_result.command == "step 2"
        assert demo.query_one(CommandLine).history == ["step 2"]


@pilot_test
async def test_focus_goes_back_to_the_pane_the_command_came_from(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hexview = demo.query_one("#mem-b", HexView)
        hexview.focus()
        await pilot.pause()
        await pilot.press("colon")
        assert demo.focused is demo.query_one("#command")
        for ch in "break overlap":
            await pilot.press(ch if ch != " " else "space")
        await pilot.press("enter")
        await settle(pilot)
        assert demo.focused is hexview
        assert demo.dbg.symbols.lookup("overlap") in demo.view.breakpoints
        await pilot.press("colon", "escape")  # leaving the line without a command: back too
        assert demo.focused is hexview


@pilot_test
async def test_a_leading_colon_typed_into_the_command_line_is_ignored(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("colon", "colon")
        assert demo.query_one("#command").value == ""
        for ch in "print 1+2":
            await pilot.press({" ": "space", "+": "plus"}.get(ch, ch))
        await pilot.press("enter")
        await settle(pilot)
        assert not demo.message_error and message(demo) == "$1 = 0x3 (3)"


@pilot_test
async def test_keys_typed_right_after_the_colon_go_to_the_command_line(demo):
    """A fast typist's ':print sp' arrives in one read: the letters after ':' are the
    command's (never 'r' recover, 'n' next, 't' theme, 's' step)."""
    async with demo.run_test(size=SIZE) as pilot:
        await settle(pilot)
        burst = ["colon", *"print", "space", "s", "p", "enter", "s"]
        for key in burst:
            demo._driver.send_message(events.Key(key, {"colon": ":", "space": " "}.get(key, key)))
        for _ in range(100):
            await pilot.pause(0.02)
            if demo.dbg.steps:
                break
        await settle(pilot)
        assert demo.last_result.command == "step" and demo.dbg.steps == 1  # the 's' after enter
        assert demo.theme == "dark" and demo.query_one(CommandLine).history == ["print sp"]
        assert demo.focused is demo.query_one("#disasm")


@pytest.mark.parametrize(("key", "tab"), [(key, tab) for tab, _title, key in keys.TAB_KEYS])
@pilot_test
async def test_each_tab_has_a_key(key, tab):
    app = open_app(None)
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "s")
        await press(pilot, key)
        tabs = app.query_one("#tabs")
        assert tabs.active == tab and app.screen.maximized is None  # room for it: no maximising
        assert app.focused is not None and tabs in app.focused.ancestors_with_self


@pilot_test
async def test_each_pane_has_a_key(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await settle(pilot)
        for pane, _name, key in keys.PANE_KEYS:
            await press(pilot, key)
            widget = demo.query_one(f"#{pane}")
            assert demo.focused is not None and widget in demo.focused.ancestors_with_self, key
            if pane == "trap":  # no trap now: the pane is not in the layout, so it is shown alone
                assert demo.screen.maximized is widget
                await press(pilot, "escape")
            else:
                assert demo.screen.maximized is None


@pilot_test
async def test_the_theme_key_cycles_through_the_themes(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await settle(pilot)
        names = demo.theme_names
        seen = [demo.theme]
        for _ in names:
            await press(pilot, "t")
            seen.append(demo.theme)
        assert sorted(set(seen)) == sorted(names) and seen[-1] == seen[0]
        assert demo.dbg.settings["theme"] == demo.theme


@pilot_test
async def test_f1_lists_every_key_and_the_footer_the_main_ones(demo):
    async with demo.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        footer = str(demo.query_one("#footer").render())
        for words in ("F1 Help", "s Step", "n Next", "c Cont", "S RevStep", "C RevCont", "b Break", "f Fault",
                      "r Recover", "g Goto", "d Diff", ": Cmd", "z Zoom", "t Theme", "F2-F10 Tabs",
                      "M-d/a/m/r/s/e/t/l Panes", "^p palette"):
            assert words in footer, words
        await press(pilot, "f1")
        screen = demo.screen
        assert isinstance(screen, HelpScreen)
        listed = dict(screen.keys)
        for key in keys.KEYS:
            assert listed[key.label] == key.long
        for _tab, title, key in keys.TAB_KEYS:
            assert title in listed[keys.display_key(key)]
        assert {"0-9", "mouse", "timeline", "ctrl+p", "ctrl+q"} <= set(listed)


@pilot_test
async def test_the_footer_of_a_small_terminal_keeps_the_most_used_keys():
    app = open_app(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        footer = str(app.query_one("#footer").render())
        assert footer.startswith("F1 Help  s Step  n Next  c Cont") and footer.rstrip().endswith("^p palette")
        assert len(footer.rstrip()) <= 78


@pilot_test
async def test_keys_do_nothing_while_a_dialog_is_open(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "f1")
        await press(pilot, "s", "f2", "alt+m", "z", "t")
        assert demo.dbg.steps == 0 and isinstance(demo.screen, HelpScreen)
        await press(pilot, "escape")
        assert isinstance(demo.query_one("#disasm"), DisasmView)
