"""Hot pages (DESIGN.md §8, History): a page written in the interval before a snapshot is
likely written again, so the snapshot takes a copy of it and the page stays writable in
place (on the fast path) instead of being copied on its next store.  What must hold: the
snapshot keeps the bytes of its moment whatever is stored after it, restore is exact, and
a hot page that was not changed shares the snapshot's copy again (one copy, not two)."""

from __future__ import annotations

from ptodbg.core import DEBUG, Machine, R, W, X
from ptodbg.core.semantics import builders
from ptodbg.isa.decoder import decode
from ptodbg.isa.forms import SCALAR_FORMS

CELL = 0x20100
PN = CELL >> 12


def machine() -> Machine:
    m = Machine(DEBUG)
    m.mem.map(0x10000, 0x1000, R | X)
    m.mem.map(0x20000, 0x2000, R | W)
    m.pc = 0x10000
    m.r[2] = CELL
    return m


def store(m: Machine, value: int) -> None:
    """SDI value, [r2, 0] through its handler with capture off (the fast path when the
    page is in the fast write map)."""
    m.r[3] = value
    sdi = next(f for f in SCALAR_FORMS if f.mnemonic == "SDI")
    insn, length = sdi.encode({"SrcL": 3, "SrcR": 2, "simm12": 0}), sdi.length
    form = decode(insn, length)
    m.pc = builders()["SDI"](m, form, form.values(insn), m.pc, length)(m.pc)


def cell(pages: dict[int, bytearray]) -> int:
    return int.from_bytes(pages[PN][CELL & 0xFFF:(CELL & 0xFFF) + 8], "little")


def test_a_page_written_before_a_snapshot_stays_writable_and_the_snapshot_keeps_its_bytes():
    m = machine()
    first = m.snapshot()
    store(m, 1)  # copy on write: the page was shared with the first snapshot
    second = m.snapshot()
    assert PN in m.mem.fast_write  # hot: the next store stays on the fast path
    assert second.pages[PN] is not m.mem.pages[PN]  # the snapshot holds its own copy
    store(m, 2)
    assert (cell(first.pages), cell(second.pages), cell(m.mem.pages)) == (0, 1, 2)
    third = m.snapshot()
    assert cell(third.pages) == 2 and third.pages[PN] is not second.pages[PN]
    m.restore(second)
    assert int.from_bytes(m.mem.peek(CELL, 8), "little") == 1
    m.restore(first)
    assert int.from_bytes(m.mem.peek(CELL, 8), "little") == 0


def test_an_unchanged_hot_page_shares_the_snapshot_copy_again():
    m = machine()
    m.snapshot()
    store(m, 5)
    hot = m.snapshot()
    m.mem.take_written_in_place()
    store(m, 5)  # the same bytes: nothing a comparison of pages can see
    later = m.snapshot()
    assert later.pages[PN] is hot.pages[PN] is m.mem.pages[PN]  # one copy for both snapshots
    assert PN not in m.mem.fast_write  # shared again: the next store copies it first
    assert PN in m.mem.take_written_in_place()  # so the last-writer index lists the page
    store(m, 6)
    assert (cell(hot.pages), cell(later.pages), cell(m.mem.pages)) == (5, 5, 6)


def test_unmapping_a_hot_page_forgets_it():
    m = machine()
    m.snapshot()
    store(m, 1)
    m.snapshot()
    m.mem.unmap(0x20000, 0x1000)
    snap = m.snapshot()
    assert PN not in snap.pages and PN not in m.mem.hot
