"""Snapshot tests (pytest-textual-snapshot) of the screens a user must understand: the
demo at start, a DMA with both ranges highlighted, an overlapping DMA, the trap stop of
an injected fault, recovery and the whole reissue, a reverse step, the dialogs, and each
theme, at 160x50; and the layouts of issue 13 at 80x24, 120x40, 160x50 and 220x60 (a DMA
just done, a trap stop, a pane maximised).  The UI shows no clock or timing, so the SVGs
are stable.

Regenerate after an intended change with ``pytest tests/tui/test_snapshots.py
--snapshot-update`` and look at the SVGs before committing them."""

from __future__ import annotations

import pytest
from textual.widgets import Input
from tui.pilot_helpers import SIZE, command, press, program, settle

from ptodbg.tui.app import open_app


def snap(snap_compare, *steps, path: str | None = None, theme: str | None = None,
         profile: str = "debug", tab: str | None = None, size: tuple[int, int] = SIZE) -> bool:
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

    return snap_compare(app, terminal_size=size, run_before=run_before)


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


def test_timer_interrupt_pending_in_the_registers_pane(snap_compare):
    """The registers pane's interrupt row once the timer compare is reached (timer_irq.s):
    IRQ0 pending 2 (the timer's id 1), TOPEI 1, ECONFIG 3; P0 all ones, P1..P7 zero."""
    assert snap(snap_compare, ":until pending", path=program("timer_irq.s"), size=(120, 40))


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


# ------------------------------------------------------------ every terminal
SIZES = [(80, 24), (120, 40), (160, 50), (220, 60)]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_dma_just_done_at(snap_compare, size):
    """80x24: code, registers and memory A; 120x40 and 160x50: every pane; 220x60: 32
    bytes a row with their ASCII and the source lines beside the code."""
    assert snap(snap_compare, "s", "s", "s", size=size)


@pytest.mark.parametrize("size", [(80, 24), (220, 60)], ids=["80x24", "220x60"])
def test_a_trap_stop_at(snap_compare, size):
    """The trap pane appears (its way forward first), the timeline marks the injection
    and the trap."""
    assert snap(snap_compare, ":inject dst 64 r--", "c", path=program("dma_fault.s"), size=size)


def test_memory_b_maximised_at_80x24(snap_compare):
    assert snap(snap_compare, "s", "s", "s", "alt+m", size=(80, 24))


def test_the_history_tab_maximised_at_80x24(snap_compare):
    assert snap(snap_compare, "s", "s", "s", "f2", size=(80, 24))


# ------------------------------------------------------------ the context view (issue 26)
@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
def test_registers_point_into_memory_at(snap_compare, size):
    """After the demo's call: a0 and a1 point at src and dst (their first words shown),
    ra at back; at 80x24 the registers pane is maximised to show them."""
    keys = ("s", "s", "s", "s", "alt+r", "z") if size == (80, 24) else ("s", "s", "s", "s")
    assert snap(snap_compare, *keys, size=size)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
def test_the_stack_tab_at(snap_compare, size):
    """A Linux process stopped in a function: the Stack tab telescopes sp (argv and envp
    strings, code pointers with their symbols); at 80x24 it is maximised (F8)."""
    assert snap(snap_compare, ":until say+0x12", "f8", path=program("hello_linux.s"), profile="linux", size=size)


def test_the_breakpoints_tab(snap_compare):
    assert snap(snap_compare, ":break copy", ":tbreak fill if a0 != 0", ":watch a4", ":rwatch src 16",
                ":disable 3", "f9")


# ------------------------------------------------------------ tiles (issue 29)
@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=["80x24", "160x50"])
def test_the_tiles_tab_after_a_tadd_at(snap_compare, size):
    """tile_add.s just after TADD's BSTOP: tiles 0, 1 (hand T) and 16 (hand U, changed) on
    the map; tile 16's sums as S32, its valid rows marked changed, rows 4..7 undefined;
    at 80x24 the tab is maximised (F10)."""
    assert snap(snap_compare, ":until add+0x10", "s", "f10", path=program("tile_add.s"), size=size)


def test_a_tstore_fault_in_the_middle_of_its_footprint(snap_compare):
    """tile_store_fault.s with the second page of dst read-only: the TSTORE's BSTOP traps
    with nothing written; memory B follows and shades the footprint (dst .. dst+64), the
    Tiles tab shows the open TSTORE and its source tile 16."""
    assert snap(snap_compare, ":inject dst+32 32 r--", "c", "f10", path=program("tile_store_fault.s"))
