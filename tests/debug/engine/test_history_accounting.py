"""The history's memory account and its thinning (issue 15; ptodbg.debug.engine.history): the
account is kept up to date as snapshots come and go, and must never be below what the
kept snapshots really hold (every object counted once, by identity: the reference walk
below), nor far above it; thinning drops the inner snapshot whose removal leaves the
smallest merged gap, the earliest of equals.  A real assembled program, recorded with
random forward runs, gotos (replays that fill thinned history back in) and reverse steps."""

from __future__ import annotations

import pytest
from support.held_bytes import assert_account_close, held_bytes, wander
from support.page_walker import page_walker

from ptodbg.core import DEBUG, Machine, loader
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.engine.history import KEEP_NEWEST
from ptodbg.isa.asm import assemble
from ptodbg.isa.elf import parse_program


def walker(**options) -> Debugger:
    """The page walker (support/page_walker.py, 20,000 iterations) on a debug machine."""
    m = Machine(DEBUG)
    loader.load(m, parse_program(assemble(page_walker(20_000), "<walker>"), "<walker>"))
    return Debugger(m, **options)



def thinned_as_documented(before: list[int], after: list[int]) -> bool:
    """Whether ``after`` is ``before`` with snapshots dropped one at a time, each the inner
    one (not the first, not the newest) with the smallest merged gap, earliest of equals."""
    steps = list(before)
    while len(steps) > len(after):
        inner = range(1, len(steps) - KEEP_NEWEST)
        best = min(inner, key=lambda i: (steps[i + 1] - steps[i - 1], i))
        del steps[best]
    return steps == after


@pytest.mark.parametrize(("seed", "interval", "budget"), [
    (1, 512, 1 << 30), (2, 64, 200_000), (3, 16, 60_000), (4, 100, 1), (5, 7, 30_000),
])
def test_the_account_bounds_what_the_snapshots_hold(seed, interval, budget):
    d = walker(interval=interval, budget_bytes=budget)
    for h in wander(d, seed, moves=25, longest=20_000):
        assert_account_close(h)
        assert set(h._pages) == {id(p) for e in h._entries for p in e.snap.pages.values()}
        assert h.memory_bytes() <= budget or len(h) == KEEP_NEWEST + 1  # (the first and the newest stay)
    d.history.clear()
    assert d.history._bytes == 0 and not (d.history._refs or d.history._pages or d.history._bases)


def test_thinning_drops_the_smallest_merged_gap_first():
    d = walker(interval=32, budget_bytes=1 << 30)
    d.cont(40_000)
    h = d.history
    before = h.steps()
    for budget in (400_000, 250_000, 120_000, 60_000):
        kept = h.steps()
        h.budget = budget
        h._thin()
        assert h.memory_bytes() <= budget and h.steps()[0] == before[0] and h.steps()[-1] == before[-1]
        assert thinned_as_documented(kept, h.steps())
    thinned = h.thinned
    d.cont(20_000)  # recording on at the budget: new snapshots thin older ones
    assert h.thinned > thinned
    assert h.memory_bytes() <= 60_000 or len(h) == KEEP_NEWEST + 1  # (the first and the newest stay)


# A loop whose only store is a DMA onto its own source (same bytes back): the pages never
# change object, so a step re-recorded on the way back has a page table equal to (but not
# the same object as) its neighbours'.
SAME_BYTES_DMA = """
    .text
    .globl _start
_start:
    hl.liu data, ->s0
    hl.liu data + 4096, ->s1
    hl.lis 0, ->a0
    c.movi 0, ->t
    addi zero, 0, ->s2
again:
    bstart.std cond, again
    addi s0, 0, ->s5
    addi s0, 0, ->s6
    dma [s5], s6
    addi s2, 1, ->s2
    setc.lti s2, 31
    bstop
    c.bstart.sys
    c.ebreak 0
    .data
data:
    .zero 8192
"""


def test_equal_page_tables_are_told_apart_by_identity_while_thinning():
    """Stepping back one attempt at a time through a thinned history re-records steps whose
    page tables are equal dicts; the account links each table to its base by identity
    (a regression: list.remove matched an equal neighbour and lost a link, KeyError)."""
    m = Machine(DEBUG)
    loader.load(m, parse_program(assemble(SAME_BYTES_DMA, "<dma>"), "<dma>"))
    d = Debugger(m, interval=16, budget_bytes=48 << 10)
    d.cont(5000)
    assert d.history.thinned > 0
    for step in range(d.steps - 1, -1, -1):
        d.goto(step)
        h = d.history
        for table_id, base in h._bases.items():
            assert sum(child_id == table_id for child_id in map(id, h._children[id(base)])) == 1
    exact = held_bytes(d.history)
    assert exact <= d.history._bytes <= exact * 1.03 + 2048
