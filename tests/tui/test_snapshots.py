"""Snapshot tests (pytest-textual-snapshot) of the screens a user must understand: the
demo at start, a DMA with both ranges highlighted, an overlapping DMA, the trap stop of
an injected fault, recovery and the whole reissue, a reverse step, the dialogs, and each
theme.  Fixed 160x50 terminal; the UI shows no clock or timing, so the SVGs are stable.

Regenerate after an intended change with ``pytest tests/tui/test_snapshots.py
--snapshot-update`` and look at the SVGs before committing them."""

from __future__ import annotations

import pytest
from textual.widgets import Input
from tui.pilot_helpers import SIZE, command, press, program, settle

from ptodbg.tui.app import open_app


def snap(snap_compare, *steps, path: str | None = None, theme: str | None = None,
         profile: str = "debug", tab: str | None = None) -> bool:
    """Open the app, run ``steps`` (keys, or ':command' lines), open ``tab`` of the
    bottom pane and compare the screen."""
    app = open_app(path, theme=theme, profile=profile)

    async def run_before(pilot) -> None:
        await settle(pilot)
        for item in steps:
            if item.startswith(":"):
                await command(pilot, item[1:])
            else:
                await press(pilot, item)
        if tab is not None:
            pilot.app.query_one("#tabs").active = tab
        for box in pilot.app.screen.query(Input):
            box.cursor_blink = False  # a blinking cursor would make the picture depend on timing
        await settle(pilot)

    return snap_compare(app, terminal_size=SIZE, run_before=run_before)


def test_demo_at_start(snap_compare):
    assert snap(snap_compare)


def test_after_a_dma_both_ranges_highlighted(snap_compare):
    assert snap(snap_compare, "s", "s", "s")


def test_dma_about_to_run(snap_compare):
    assert snap(snap_compare, "s", "s")


def test_overlapping_dma(snap_compare):
    assert snap(snap_compare, ":until overlap", "s")


def test_trap_stop_after_an_injected_fault(snap_compare):
    assert snap(snap_compare, ":inject dst 64 r--", "c", path=program("dma_fault.s"))


def test_after_recovery(snap_compare):
    assert snap(snap_compare, ":inject dst 64 r--", "c", ":perms dst 64 rw-", "r", path=program("dma_fault.s"))


def test_linux_write_noted_and_in_the_output_tab(snap_compare):
    """The step of a write system call: the note under the events' caption, a0 = 15, the
    text in the Output tab."""
    assert snap(snap_compare, ":until say+0x12", path=program("hello_linux.s"), profile="linux", tab="tab-output")


def test_page_map_tab_with_injections(snap_compare):
    """The Pages tab of a linux process: segments by their sections, the loader's and the
    process's stack, a once-only injection pending on .data and one scheduled on .text."""
    assert snap(snap_compare, ":inject msg 16 r-- once", ":inject _start 4 --x at 50", "s",
                path=program("hello_linux.s"), profile="linux", tab="tab-pages")


def test_reissue_after_recovery(snap_compare):
    assert snap(snap_compare, ":inject dst 64 r--", "c", ":perms dst 64 rw-", "r", "s",
                path=program("dma_fault.s"))


def test_after_a_reverse_step(snap_compare):
    assert snap(snap_compare, "s", "s", "s", "S")


def test_fault_dialog(snap_compare):
    assert snap(snap_compare, "s", "s", "f")


def test_help_screen(snap_compare):
    assert snap(snap_compare, "f1")


@pytest.mark.parametrize("theme", ["dark", "light", "high-contrast"])
def test_each_theme(snap_compare, theme):
    assert snap(snap_compare, ":inject dst 64 r-- once", "s", "s", "s", theme=theme)
