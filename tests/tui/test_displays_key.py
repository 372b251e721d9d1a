"""F7 opens the Displays tab (gdb's auto-displays, DESIGN.md §5 ``display EXPR``; issue 12
item 3), real app and real program driven with Pilot.  The tab is hidden while there is no
display; F7 shows it anyway, with how to make one, and it hides again when another tab is
opened while it is still empty.  Once a display exists the tab follows the displays
(``undisplay`` of the last one hides it), and its lines are the display's value at the
stop (tests/programs/dma_copy.s: ``li a1, dst`` sets a1 = dst = 0x11040 at step 2)."""

from __future__ import annotations

from tui.pilot_helpers import command, displays_tab, pilot_test, press, program, settle, settled_app

from ptodbg.tui import keys
from ptodbg.tui.pane import tab_id
from ptodbg.tui.widgets.displays import DisplaysPane

DST = 0x11040


def test_f7_is_the_displays_tab_key_and_f1_lists_it():
    assert ("tab-displays", "Displays", "f7") in keys.TAB_KEYS
    assert tab_id(DisplaysPane) == "tab-displays"
    assert ("F7", "the Displays tab (maximised in a small terminal)") in keys.help_rows()
    assert len({key for _tab, _title, key in keys.TAB_KEYS}) == len(keys.TAB_KEYS)


@pilot_test
async def test_f7_shows_the_hidden_displays_tab_and_how_to_add_a_display():
    async with settled_app(program("dma_copy.s")) as (app, pilot):
        tabs, tab, pane = displays_tab(app)
        assert not tab.display  # no display yet: hidden
        await press(pilot, "f7")
        assert tabs.active == "tab-displays" and tab.display
        assert pane.is_displayed()
        assert pane.plain.splitlines()[0] == "no displays: display EXPR, display/FMT EXPR (e.g. display/i $pc)"
        assert "display/x a0" in pane.plain
        # another tab while still empty: the tab hides again
        await press(pilot, "f2")
        await settle(pilot)
        assert tabs.active == "tab-history" and not tab.display
        # F7 again, then a display: the tab stays for good and shows the value at the stop
        await press(pilot, "f7")
        assert tab.display
        await command(pilot, "display/x a1")
        await press(pilot, "s", "s")  # li a0, src; li a1, dst
        await press(pilot, "f7")
        assert tabs.active == "tab-displays"
        assert pane.plain.splitlines() == [f"1: /x a1 = {DST:#x}"]
        await press(pilot, "f2")
        await settle(pilot)
        assert tab.display  # a display exists: the tab stays when left
        await command(pilot, "undisplay 1")
        assert not tab.display  # the last display gone: hidden again, as before F7 existed
