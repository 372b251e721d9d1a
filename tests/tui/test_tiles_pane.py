"""The Tiles tab (docs/interfaces.md §12; issue 29 item 4), the real app on the assembled tile
programs driven with Pilot: the 64 registers by hand, the selected tile as a grid decoded by
its type, undefined elements shaded, elements changed since the last stop marked, a click
on an element picked for ``w`` (``last tile N ROW COL``), and the memory a TLOAD or TSTORE
moves shaded in the memory views as DMA's ranges are.

Facts from the spec (tests/support/tile_programs.py works the values out): TLOAD defines
the valid region only, so rows 4..7 of a 4 x 4 S32 tile of 128 bytes are undefined
(``asl/tile/memory-and-data-movement/regular/TLOAD.asl``, DerivedTileRows of
``asl/tile/model/state/descriptors.asl``); TADD's destination is allocated in hand U
(tile 16) and integer TADD wraps (TileIntegerBinaryValue,
``asl/tile/model/execution/elementwise.asl``); a TSTORE of a 4 x 8 U16 tile with a 16-byte
stride writes rows of 16 bytes at base + 16 r (TileMemoryStridedByteAddress,
``asl/tile/model/memory/addressing.asl``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from support.paths import ROOT
from support.tile_programs import (
    ADD_A,
    ADD_B,
    ADD_SUM,
    FAULT_SUM,
    TILE_ADD,
    TILE_STORE_FAULT,
    u16_bytes,
)
from textual.pilot import Pilot
from tui.pilot_helpers import SIZE, click_content, command, message, pilot_test, press, settle

from ptodbg.tui import keys
from ptodbg.tui.app import PtodbgApp, open_app
from ptodbg.tui.pane import tab_id
from ptodbg.tui.widgets.hexview import HexView
from ptodbg.tui.widgets.tiles import GRID_LABEL, MAP_PREFIX, MAP_TOP, TilesPane


def grid(pane: TilesPane, rows: int, columns: int) -> list[list[tuple[str, str | None]]]:
    """The (text, style) of each element drawn for the selected tile."""
    top = pane._grid_top
    return [[(text.strip(), style) for text, style in pane.lines[top + r][1::2][:columns]] for r in range(rows)]


@asynccontextmanager
async def tiles_tab(program: Path, stop: str) -> AsyncIterator[tuple[PtodbgApp, Pilot, TilesPane]]:
    """The real app on ``program`` run ``until stop``, then the Tiles tab opened with F10."""
    app = open_app(str(program))
    async with app.run_test(size=SIZE) as pilot:
        await command(pilot, f"until {stop}")
        await press(pilot, "f10")
        yield app, pilot, app.query_one(TilesPane)


def test_f10_is_the_tiles_tab_key():
    assert ("tab-tiles", "Tiles", "f10") in keys.TAB_KEYS and tab_id(TilesPane) == "tab-tiles"
    assert len({key for _tab, _title, key in keys.TAB_KEYS}) == len(keys.TAB_KEYS)


@pilot_test
async def test_the_tab_appears_with_the_first_tile_and_f10_opens_it_empty_before():
    app = open_app(str(TILE_ADD))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        tabs = app.query_one("#tabs")
        tab = tabs.get_tab("tab-tiles")
        pane = app.query_one(TilesPane)
        assert not tab.display  # no tile and no tile block yet: hidden
        await press(pilot, "f10")
        assert tabs.active == "tab-tiles" and tab.display
        assert pane.plain.startswith("no tile is allocated")
        assert pane.plain.splitlines()[MAP_TOP].split() == ["T"] + ["·"] * 16
        await press(pilot, "f2")
        await settle(pilot)
        assert not tab.display  # left while empty: hidden again
        await command(pilot, "until load_b")  # load_a's BSTOP committed: tile 0 allocated
        assert tab.display
        await press(pilot, "f10")
        lines = pane.plain.splitlines()
        assert lines[0].startswith("1 of 64 tiles")
        assert lines[MAP_TOP].split() == ["T", "0"] + ["·"] * 15
        assert all(lines[MAP_TOP + k].split() == [hand] + ["·"] * 16 for k, hand in enumerate("UMN", 1))


@pilot_test
async def test_select_a_tile_then_step_over_tadd_and_see_its_elements_marked():
    async with tiles_tab(TILE_ADD, "add") as (app, pilot, pane):
        assert pane.selected == 0
        assert "tile 0 T#1 s32 4x4 of 8x4 RowMajor Any pe 1000 128 B defined 16/16" in pane.plain
        cells = grid(pane, 8, 4)
        assert [int(t) for row in cells[:4] for t, _ in row] == ADD_A
        assert all(cell == ("--", "undefined") for row in cells[4:] for cell in row)  # TLOAD: valid region only
        await press(pilot, "right")  # the next allocated tile
        assert pane.selected == 1 and pane.pinned
        assert [int(t) for row in grid(pane, 4, 4) for t, _ in row] == ADD_B
        assert all(style == "changed" for row in grid(pane, 4, 4) for _, style in row)  # loaded since the start
        await press(pilot, "s")  # BSTART.VEC TADD: no tile changes
        assert all(style is None for row in grid(pane, 4, 4) for _, style in row)
        await press(pilot, "left")
        assert pane.selected == 0
        await click_content(pilot, pane, MAP_PREFIX + 3 * 1 + 1, MAP_TOP)  # T row, cell of tile 1
        assert pane.selected == 1
        # the rest of the TADD block: two B.DIMs, B.IOT, BSTOP (which commits it)
        for _ in range(4):
            await press(pilot, "s")
        assert app.view.tiles_changed == frozenset({16})
        assert pane.selected == 1  # picked: it stays; the map marks tile 16 as changed
        assert pane.lines[MAP_TOP + 1][1] == (" 16", "changed")
        await click_content(pilot, pane, MAP_PREFIX + 1, MAP_TOP + 1)  # U row, first cell: tile 16
        assert pane.selected == 16
        assert "tile 16 U#1 s32 4x4 of 8x4" in pane.plain
        cells = grid(pane, 8, 4)
        assert [int(t) for row in cells[:4] for t, _ in row] == ADD_SUM
        assert all(style == "changed" for row in cells[:4] for _, style in row)  # new since the last stop
        assert all(cell == ("--", "undefined") for row in cells[4:] for cell in row)
        assert cells[1][2][0] == "-2147483648"  # 2147483647 + 1 wraps
        await press(pilot, "x")  # raw bits
        assert grid(pane, 2, 4)[1][2][0] == "0x80000000"
        await press(pilot, "x")
        await press(pilot, "s")  # a scalar step: nothing changed any more
        assert all(style is None for row in grid(pane, 4, 4) for _, style in row)


@pilot_test
async def test_a_tile_follows_the_stops_until_picked_and_only_changed_elements_are_marked():
    """tile_store_fault's `reload` reads the stored sums back into a fresh tile of hand T
    (tile 2); a ``set tile`` of one element then marks that element alone."""
    async with tiles_tab(TILE_STORE_FAULT, "add+0x10") as (app, pilot, pane):  # TADD's BSTOP
        assert pane.selected == 0 and not pane.pinned  # tiles 0 and 1 were loaded since the start
        await press(pilot, "s")
        assert pane.selected == 16 and not pane.pinned  # the TADD just wrote it
        for _ in range(3):  # into the TSTORE block (BSTART, B.IOR, B.IOT): the open block reads tile 16
            await press(pilot, "s")
        assert "block: TSTORE on TLSU, u16: 16" in pane.plain and pane.selected == 16
        await command(pilot, "until cross_model_stop")
        assert pane.selected == 2  # the reload's destination
        cells = grid(pane, 4, 8)
        assert [int(t) for row in cells for t, _ in row] == FAULT_SUM
        await command(pilot, "set tile 2 1 2 7")
        cells = grid(pane, 4, 8)
        assert cells[1][2] == ("7", "changed")
        assert [style for row in cells for _, style in row].count("changed") == 1
        assert pane.lines[MAP_TOP][3] == ("  2", "selected")


@pilot_test
async def test_a_click_on_an_element_then_w_goes_to_the_tadd_that_wrote_it():
    async with tiles_tab(TILE_ADD, "check") as (app, pilot, pane):
        await click_content(pilot, pane, MAP_PREFIX + 1, MAP_TOP + 1)  # tile 16
        width = len(pane.lines[pane._grid_top][1][0])
        await click_content(pilot, pane, GRID_LABEL + (width + 1) * 2 + 1, pane._grid_top + 1)  # row 1, column 2
        assert pane.element == (1, 2)
        assert (app.main.picked.kind, app.main.picked.argument) == ("tile", "tile 16 1 2")
        assert "tile 16 element (1, 2) = -2147483648" in message(app)
        tadd_bstop = app.dbg.symbols.lookup("add") + 0x10
        await press(pilot, "w")
        assert app.view.pc == tadd_bstop  # the BSTOP that committed TADD, about to run
        assert 16 not in {t.index for t in app.view.tiles}


@pilot_test
async def test_the_memory_views_shade_a_tstore_footprint_and_follow_it_through_the_fault():
    """Memory B follows dma.dst: with no DMA, the TSTORE's destination rows (dst .. dst+64),
    shaded as a DMA destination, before the BSTOP, at its fault (nothing written) and after
    the recovery stores them all."""
    app = open_app(str(TILE_STORE_FAULT))
    async with app.run_test(size=SIZE) as pilot:
        dst = app.dbg.symbols.lookup("dst")
        mem_b = app.query_one("#mem-b", HexView)
        mem_a = app.query_one("#mem-a", HexView)
        await command(pilot, "until store+0xc")  # at the TSTORE's BSTOP
        assert mem_b.follow.address == dst and mem_b.follow.note == "TSTORE next"
        assert mem_b.moved == ((), ((dst, dst + 64),))
        row = mem_b._byte_classes(dst + 16)
        assert [bg for bg, _ in row] == ["dst"] * len(row)
        assert mem_b._byte_classes(dst + 64) == ()  # past the footprint
        await command(pilot, "inject dst+32 32 r--")
        await press(pilot, "s")
        assert app.view.trap is not None and app.view.trap.info.arg0 == dst + 32
        assert mem_b.follow.note == "TSTORE faulted" and mem_b.moved[1] == ((dst, dst + 64),)
        assert app.view.read(dst, 64) == bytes(64)  # precise: not even rows 0 and 1
        await command(pilot, f"perms {dst + 32 & ~0xFFF:#x} 0x1000 rw-")
        await press(pilot, "r", "s")
        assert mem_b.follow.note == "tile block done" and mem_b.moved[1] == ((dst, dst + 64),)
        row = mem_b._byte_classes(dst)
        assert all(bg == "dst" and written for bg, written in row)
        assert app.view.read(dst, 64) == b"".join(v.to_bytes(2, "little") for v in FAULT_SUM)
        await command(pilot, "until reload+0x14")  # the reload's BSTOP: it reads dst back
        assert mem_a.follow.address == dst and mem_a.moved == (((dst, dst + 64),), ())


@pilot_test
async def test_the_tile_store_fault_session_in_the_tui():
    """sessions/tile-store-fault.toml opens the TUI on tile_store_fault.s with a breakpoint
    at `store` and the second page of dst made read-only at step 2: c stops at the
    breakpoint, c again traps at the TSTORE's BSTOP with its footprint shaded and its
    source tile shown; the permission back, r and s store the sums, and the run ends at
    cross_model_stop."""
    app = open_app(session=str(ROOT / "sessions" / "tile-store-fault.toml"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        dst = app.dbg.symbols.lookup("dst")
        await press(pilot, "c")
        assert app.view.pc == app.dbg.symbols.lookup("store")
        await press(pilot, "c")
        assert app.view.trap is not None and app.view.trap.info.arg0 == dst + 32
        assert app.query_one("#tabs").get_tab("tab-tiles").display
        await press(pilot, "f10")
        pane = app.query_one(TilesPane)
        assert pane.selected == 16 and "block: TSTORE on TLSU, u16: 16" in pane.plain
        mem_b = app.query_one("#mem-b", HexView)
        assert mem_b.follow.address == dst and mem_b.follow.note == "TSTORE faulted"
        await command(pilot, "perms dst+32 32 rw-")
        await press(pilot, "r", "s")
        assert app.view.read(dst, 64) == u16_bytes(FAULT_SUM) and len(app.view.events) == 32
        await press(pilot, "c")
        assert app.view.message == "reached cross_model_stop"
