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


def test_last_share_names_exactly_the_pages_whose_objects_changed():
    """Memory.take_last_share (what a history accounts a new page table by) lists the pages whose
    objects differ from the previous table, whatever happened in between: stores to hot
    and to shared pages (DESIGN.md §8), same-value stores, a new page, an unmapped page, a
    restore.  Checked against a comparison of every page after each snapshot."""
    import random

    from ptodbg.core.memory import differing_pages

    rnd = random.Random(15)
    m = machine()
    snaps = [m.snapshot()]
    assert m.mem.take_last_share() is None  # no table before the first
    previous = snaps[0].pages  # the table the next snapshot's is told apart from
    for _ in range(300):
        op = rnd.choice(["store", "store", "same", "map", "unmap", "restore", "nothing"])
        if op == "store" and PN in m.mem.pages:
            store(m, rnd.randrange(1 << 64))
        elif op == "same" and PN in m.mem.pages:
            store(m, cell(m.mem.pages))
        elif op == "map":
            m.mem.map(0x30000 + 0x1000 * rnd.randrange(4), 0x1000, R | W)
        elif op == "unmap":
            m.mem.unmap(rnd.choice([0x20000, 0x30000, 0x31000]), 0x1000)
        elif op == "restore":
            back = rnd.choice(snaps)
            m.restore(back)
            previous = back.pages
        snap = m.snapshot()
        base, written = m.mem.take_last_share()
        assert base is previous and m.mem.take_last_share() is None  # once
        assert sorted(written) == sorted(differing_pages(base, snap.pages))
        snaps.append(snap)
        previous = snap.pages
