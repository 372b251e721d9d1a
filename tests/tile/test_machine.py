"""Tile blocks on the machine (issue 29 item 3): assembled BSTART.TLOAD / TEPL / TSTORE
blocks commit at their BSTOP; memory faults of TLOAD and TSTORE are precise (the
footprint is probed before the first element moves: asl/tile/model/memory/load-store.asl)
and recovery reissues the block; a rejected block (Fault_TileLegality, trap 5) changes no
tile; reverse execution, goto and the history's account are exact over tile state."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from campaign.helpers import listing
from support.held_bytes import assert_account_close, wander

from ptodbg.core import DEBUG, Machine, loader
from ptodbg.core.memory import PAGE_SHIFT, R
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.faults.check import SiteChecker
from ptodbg.debug.files.program import open_debugger
from ptodbg.isa.asm import assemble
from ptodbg.isa.elf import parse_program
from ptodbg.tile import codes
from ptodbg.tile.state import EMPTY

PROGRAMS = Path(__file__).resolve().parent / "programs"
PAGE_CROSS = PROGRAMS / "tile_page_cross.s"
SRC = list(range(1, 17))


def machine(source: str) -> Machine:
    m = Machine(DEBUG)
    loader.load(m, parse_program(assemble(source, "<tile>"), "<tile>"))
    return m


def words(dbg: Debugger, address: int, count: int) -> list[int]:
    data = dbg.memory(address, 8 * count)
    return [int.from_bytes(data[8 * k : 8 * k + 8], "little") for k in range(count)]


def test_load_add_store_reload_runs_to_the_end():
    dbg = open_debugger(PAGE_CROSS)
    stop = dbg.cont()
    assert "ebreak" in stop.message.lower() or stop.trap is not None
    sym = dict(dbg.symbols.by_name)
    assert words(dbg, sym["dst"], 16) == [2 * v for v in SRC]
    tiles = dbg.machine.tiles
    t0, t16, t1 = tiles[0], tiles[16], tiles[1]
    assert [t0.values[t0.index(r, c)] for r in range(4) for c in range(4)] == SRC
    assert t16.values == t1.values == [2 * v for v in SRC]
    assert (t0.dtype, t0.rows, t0.columns, t0.capacity, t0.mask) == (codes.U64, 4, 4, 128, 0b1000)
    assert t0.contents_defined and t16.contents_defined
    assert tiles.in_use() == 3 * 128


def test_every_tile_memory_site_faults_precisely_and_recovers():
    """The fault campaign over the program: both pages of each transfer, read and write;
    TRAPARG0 is the first element on the denied page (each element is a probe)."""
    found, sym = listing(PAGE_CROSS)
    checker = SiteChecker(str(PAGE_CROSS), interval=2)
    sites = found.sites
    assert [(s.mnemonic, s.access) for s in sites] == [("BSTOP", "read")] * 2 + [("BSTOP", "write")] * 2 + [
        ("BSTOP", "read")] * 2
    assert [s.address for s in sites[:2]] == [sym["src"], (sym["src"] | 0xFFF) + 1]
    for site in sites:
        v = checker.check(site)
        assert (v.precise, v.recovered, v.passed, v.exception) == (True, True, True, None), (site, v.detail)
        assert f"trap 35 TRAPARG0 {site.address:#x}" in v.detail


def test_a_tile_store_committed_before_its_check_is_caught():
    found, sym = listing(PAGE_CROSS)
    checker = SiteChecker(str(PAGE_CROSS), interval=2, defect="store-before-check")
    verdicts = {(s.access, s.page): checker.check(s) for s in found.sites[:4]}
    assert all(v.passed for (access, _), v in verdicts.items() if access == "read")
    bad = verdicts[("write", sym["dst"] & ~0xFFF)]
    assert not bad.precise and f"not precise: memory at {sym['dst']:#x}+8" in bad.detail


def test_a_tload_fault_changes_no_tile_and_no_memory_and_records_no_event():
    dbg = open_debugger(PAGE_CROSS)
    sym = dict(dbg.symbols.by_name)
    m = dbg.machine
    second = ((sym["src"] >> PAGE_SHIFT) + 1) << PAGE_SHIFT
    m.mem.set_perms(second, 4096, m.mem.perms_at(second) & ~R)
    dbg.cont()
    trap = m.last_trap
    assert (trap.number, trap.arg0) == (35, second)
    assert m.tiles is EMPTY or m.tiles.empty
    assert not m.mem.events
    assert m.resv is None


def test_a_rejected_block_is_a_tile_legality_trap_that_changes_nothing():
    # asl/block/model/dispatch/tile-schema.asl SelectedBundleClosedBinarySchemaLegal: TADD's
    # sources must be defined tiles of the block's type; an unallocated source rejects
    # before any destination is allocated (Fault_TileLegality, the bundle trap 5).
    m = machine("""
    .text
    .globl _start
_start:
    bstart.tepl datatype=24, mode=0, function=0
    b.dim zero, 4, ->lb0
    b.iot srctile1=3, srctile0=3, l=1, sizecode=1, pemode=1, dsttile=1
    bstop
    c.bstart.sys
    c.ebreak 0
""")
    results = [m.step() for _ in range(4)]
    trap = results[-1].trap
    assert trap is not None and trap.number == 5 and trap.code == "TileLegality"
    assert m.tiles.empty


def test_reverse_steps_and_goto_restore_tile_state_exactly():
    dbg = open_debugger(PAGE_CROSS, interval=3)
    m = dbg.machine
    files = [m.tiles]
    while True:
        stop = dbg.step()
        if dbg.last_step is None or dbg.last_step.trap is not None or stop.status != "stopped":
            break
        files.append(m.tiles)
    end = len(files) - 1
    # empty, then each block that writes a tile makes a new file (TSTORE keeps the file)
    assert len({id(f) for f in files}) == 4
    dbg.goto(end)
    for k in range(end - 1, -1, -1):
        dbg.reverse_step()
        assert dbg.steps == k and m.tiles.differences(files[k]) == []
    rnd = random.Random(29)
    for k in rnd.sample(range(len(files)), len(files)):
        dbg.goto(k)
        assert m.tiles.differences(files[k]) == []
    dbg.goto(len(files) - 1)
    unchanged = files[-1][0]
    assert m.tiles[16].values == [2 * v for v in SRC] and m.tiles[0].same(unchanged)


def _tile_loop_source(blocks: int) -> str:
    """``blocks`` TLOADs, each into the next free register of hand T, U, M or N in turn,
    with a scalar loop between them that dirties a page (history snapshots of both)."""
    body = []
    for k in range(blocks):
        body.append(f"""
    bstart.tload datatype=24
    b.dim zero, 4, ->lb0
    b.dim zero, {1 + k % 4}, ->lb1
    b.ior a0, a1, zero, ->zero
    b.iot l=1, sizecode=1, pemode=1, dsttile={k % 4}
    bstop
    addi zero, 0, ->a3
spin{k}:
    addi a3, 1, ->a3
    sdi a3, [a0, 0]
    bstart.std cond, spin{k}
    setc.ltu a3, a4
    bstop""")
    return """
    .text
    .globl _start
_start:
    hl.liu buf, ->a0
    addi zero, 32, ->a1
    addi zero, 50, ->a4""" + "".join(body) + """
    c.bstart.sys
    c.ebreak 0

    .data
    .balign 4096
buf:
    .zero 4096
"""


@pytest.mark.parametrize(("seed", "interval", "budget"), [(1, 16, 1 << 30), (2, 5, 40_000)])
def test_the_history_account_bounds_what_snapshots_with_tiles_hold(seed, interval, budget):
    m = machine(_tile_loop_source(40))
    d = Debugger(m, interval=interval, budget_bytes=budget)
    d.cont()
    assert len([t for t in m.tiles.local if t is not None]) == 40
    for h in wander(d, seed, moves=20, longest=500):
        assert_account_close(h)
    d.history.clear()
    assert d.history._bytes == 0 and not d.history._refs
