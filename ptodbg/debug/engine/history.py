"""Execution history: periodic full-state snapshots for reverse execution.

A snapshot (:meth:`Machine.snapshot`) shares memory pages copy-on-write, so keeping one
costs its page table plus the pages written since the previous one.  The debugger takes
one every ``interval`` steps while it runs forward; going back restores the nearest
earlier snapshot and re-executes deterministically (:mod:`ptodbg.debug.engine.debugger`).

The history is bounded by a memory budget, measured honestly and kept up to date as
snapshots come and go, with no walk over the objects they hold (recording must cost
little next to running: bench_core row d).  The snapshot records, their tuples and
tables and the page copies are counted once each, by identity, at their
``sys.getsizeof`` size plus the allocator's header; a part's size comes from its shape
(the integers in it too large to be shared are counted with it: a little over, never
under, what an identity walk finds); a new page table counts only the pages that differ
from the neighbour it was recorded against (its *base*), so recording costs the pages
written, not every page mapped; a page the live machine still uses is not the history's.
When the figure exceeds the budget, snapshots are
dropped ("thinning") where they are densest: each removal takes the inner snapshot whose
neighbours are closest together, so the largest gap between kept snapshots — the worst
replay a goto or reverse-step can need — stays near (steps / snapshots) instead of
growing without bound.  The first snapshot and the newest one are never dropped (the
next reverse-step is the most likely move), and a later visit to thinned history
re-densifies it, because replay records snapshots on its way.  Once thinning starts, the
merged gaps are kept in a heap, so a history at its budget records in logarithmic time.

Each snapshot also closes an *interval* of the timeline (from the previous snapshot to
it), and the history keeps a small summary of it (:class:`IntervalSummary`): how many
pages its instructions and edits changed (a comparison of the two page tables, made once
per interval when its snapshot is taken) and the last trap entered in it.  The summary
is also the *last-writer index* (``last``, see :mod:`ptodbg.debug.engine.lastwrite`): the
numbers of those pages and of the pages written in place (hot pages, see
:meth:`~ptodbg.core.memory.Memory.share_all`, whose same-value stores change no page
object), and the mask of GPRs the interval's instructions may have written (the machine's
:attr:`~ptodbg.core.Machine.wmask`, taken at each snapshot; same-value writes included),
so a query replays only the intervals that can hold its answer.  Both are exact or a
superset, never less.  Clients draw a picture of a whole run from these (the TUI's
timeline strip) at no cost per step; thinning drops snapshots, never summaries, so the
picture stays complete while the snapshots thin out.
"""

from __future__ import annotations

import bisect
import heapq
import sys
from collections.abc import Callable, Iterable
from itertools import filterfalse
from operator import attrgetter

from ptodbg.base.record import Record
from ptodbg.core import Snapshot
from ptodbg.core.memory import differing_pages
from ptodbg.core.snapshot import MOVING_FIELDS, SETTLED_FIELDS, SystemParts
from ptodbg.core.writeset import ALL_GPRS
from ptodbg.debug.view.records import IntervalSummary
from ptodbg.tile.state import TileFile
from ptodbg.tile.state import footprint as tile_footprint

KEEP_NEWEST = 1  # snapshots nearest the present that thinning never drops
ALLOCATION_HEADER = 16  # malloc's chunk header of a large object (pages, big dicts)
_ID_BYTES = sys.getsizeof(id(object()))  # a reference-table key: an address as an int
_INT_BYTES = sys.getsizeof(1 << 20)  # a part's size in the charges table
_GAP_BYTES = sys.getsizeof((1, 2, 3, 4)) + 3 * sys.getsizeof(1 << 20)  # a heap item and its integers
_LIST_BYTES = sys.getsizeof([None, None, None, None])  # a base's list of tables based on it
_EMPTY_OWN = 5 * sys.getsizeof({}) + 2 * sys.getsizeof([]) + 1024  # the empty tables and lists, and slack
MAX_SUMMARIES = 8192  # interval summaries kept; beyond it neighbours merge (coarser, same span)
_TRAP = SETTLED_FIELDS.index("last_trap")
_TRAP_STEP = SETTLED_FIELDS.index("trap_step")


class Entry(Record):  # not frozen only because a frozen record is slower to make; never changed
    step: int
    edits: int  # how many timeline edits the snapshot's state already includes
    snap: Snapshot


class History:
    def __init__(
        self,
        interval: int = 4096,
        budget_bytes: int = 256 << 20,
        live_pages: Callable[[], dict[int, bytearray]] | None = None,
    ) -> None:
        self.interval = interval
        self.live_pages = live_pages
        self.budget = budget_bytes
        self._steps: list[int] = []
        self._entries: list[Entry] = []
        # id -> how many holders it has: snapshots (held by entries) and their parts (held
        # by snapshots); each is alive while it has a holder, so its id stays its own.
        self._refs: dict[int, int] = {}
        self._charges: dict[int, int] = {}  # id(part) -> its bytes, for every part in _refs
        self._pages: dict[int, int] = {}  # id(page) -> how many held page tables count it
        self._bases: dict[int, dict[int, bytearray]] = {}  # id(table) -> its base (see _count)
        self._children: dict[int, list[dict[int, bytearray]]] = {}  # id(table) -> tables based on it
        self._bytes = 0  # bytes of the entries and of everything in _refs and _pages
        self.thinned = 0
        # Once thinning starts: (merged gap, step, previous step, next step) of inner
        # snapshots, a heap with stale items (checked when popped), so each removal costs
        # a logarithm of the snapshots kept instead of a walk over them.
        self._gaps: list[tuple[int, int, int, int]] | None = None
        self._summaries: list[IntervalSummary] = []  # ascending by end, never overlapping
        self._summary_tuple: tuple[IntervalSummary, ...] | None = ()

    # ------------------------------------------------------------- queries
    def __len__(self) -> int:
        return len(self._entries)

    def latest_at_or_before(self, step: int) -> Entry | None:
        i = bisect.bisect_right(self._steps, step)
        return self._entries[i - 1] if i else None

    def has(self, step: int) -> bool:
        i = bisect.bisect_left(self._steps, step)
        return i < len(self._steps) and self._steps[i] == step

    def steps(self) -> list[int]:
        return list(self._steps)

    def summaries(self) -> tuple[IntervalSummary, ...]:
        """The summaries of the intervals recorded so far, in step order (the same tuple
        until the history changes, so a client may cache what it built from it)."""
        if self._summary_tuple is None:
            self._summary_tuple = tuple(self._summaries)
        return self._summary_tuple

    def summaries_before(self, step: int) -> int:
        """How many summaries start before ``step`` (those a query at ``step`` may need)."""
        return bisect.bisect_left(self._summaries, step, key=lambda s: s.start)

    def summary(self, index: int) -> IntervalSummary:
        return self._summaries[index]

    def index_bytes(self) -> int:
        """Bytes of the interval summaries (the timeline picture and the last-writer
        index): the list, each record, its page tuple (once when shared) and its mask."""
        seen: set[int] = set()
        total = sys.getsizeof(self._summaries)
        for s in self._summaries:
            total += sys.getsizeof(s) + sys.getsizeof(s.regs)
            if id(s.pages) not in seen:
                seen.add(id(s.pages))
                total += sys.getsizeof(s.pages) + sum(sys.getsizeof(p) for p in s.pages if p > 256)
        return total

    def memory_bytes(self) -> int:
        """Bytes the history keeps alive beyond the live machine: every object its
        snapshots hold, once, except the pages the live machine also holds, plus its own
        bookkeeping (the reference table and the two sorted lists)."""
        live = self.live_pages().values() if self.live_pages else ()
        pages = self._pages
        shared = sum(_size(p) for p in live if id(p) in pages)
        return self._bytes - shared + self._own_bytes()

    def _own_bound(self) -> int:
        """At least :meth:`_own_bytes`, from lengths alone: a table entry costs at most its
        key, its value and three slots of its table; a list item at most two slots."""
        return ((len(self._refs) + len(self._charges) + len(self._pages) + 3 * len(self._bases)
                 + 2 * len(self._gaps or ()))
                * (_ID_BYTES + _INT_BYTES + 3 * 24) + len(self._entries) * 32 + _EMPTY_OWN)

    def _own_bytes(self) -> int:
        """The bookkeeping: the holder tables (an address-sized key each) and the lists."""
        refs, charges, pages, bases, children = self._refs, self._charges, self._pages, self._bases, self._children
        return (sys.getsizeof(refs) + sys.getsizeof(charges) + sys.getsizeof(pages)
                + sys.getsizeof(bases) + sys.getsizeof(children)
                + len(children) * _LIST_BYTES
                + sys.getsizeof(self._steps) + sys.getsizeof(self._entries)
                + len(self._gaps or ()) * _GAP_BYTES + sys.getsizeof(self._gaps or [])
                + (len(refs) + len(pages) + len(bases) + len(children)) * _ID_BYTES
                + len(charges) * _INT_BYTES)  # refs and charges share keys

    # ------------------------------------------------------------- updates
    def record(self, step: int, edits: int, snap: Snapshot, regs: int = ALL_GPRS,
               in_place: Iterable[int] = (),
               pages_from: tuple[dict[int, bytearray], list[int]] | None = None) -> None:
        """Keep a snapshot of ``step`` (replacing one already kept for that step).  ``regs``:
        the GPRs written since the previous record (a superset; default all of them);
        ``in_place``: pages that may have been written since then without a change of page
        object (:meth:`~ptodbg.core.memory.Memory.take_written_in_place`); ``pages_from``:
        a page table and the pages in which the snapshot's differs from it
        (:meth:`~ptodbg.core.memory.Memory.take_last_share`), to spare a comparison of every
        page when that table is the neighbour's."""
        i = bisect.bisect_left(self._steps, step)
        entries = self._entries
        # The pages that differ from a neighbour's table (for forward recording, those
        # written in the interval): the only ones the new table can add to the history.
        near = entries[i - 1] if i else entries[i] if entries else None
        if near is None:
            written = None
        elif pages_from is not None and pages_from[0] is near.snap.pages:
            written = pages_from[1]
        else:
            written = differing_pages(near.snap.pages, snap.pages)
        if i and (not self._summaries or self._summaries[-1].end < step):
            self._summarize(entries[i - 1], step, snap, regs, written, in_place)  # type: ignore[arg-type]
        entry = Entry(step, edits, snap)
        self._hold(entry, near.snap.pages if near is not None else None, written)
        if i < len(entries) and self._steps[i] == step:
            self._drop(entries[i])
            entries[i] = entry
        else:
            self._steps.insert(i, step)
            entries.insert(i, entry)
            if self._gaps is not None:
                self._push_gaps(i - 1, i, i + 1)
        if self._bytes + self._own_bound() > self.budget and self.memory_bytes() > self.budget:
            self._thin()

    def _summarize(self, previous: Entry, step: int, snap: Snapshot, regs: int, written: list[int],
                   in_place: Iterable[int] = ()) -> None:
        """Summarise the interval from ``previous`` to the new snapshot (only for new
        territory: a replay through summarised steps finds them already there).  After a
        rewrite of thinned history the previous snapshot may lie before the last summary's
        end: the interval then starts there, and its pages are counted from ``previous``.
        ``written``: the pages whose objects differ between the two snapshots' tables (those
        whose contents changed); the index also lists ``in_place``, pages that may have
        been written with the bytes they held."""
        count = len(written)
        pages = tuple(sorted(set(written).union(in_place))) if in_place else tuple(sorted(written))
        start = max(previous.step, self._summaries[-1].end) if self._summaries else previous.step
        settled = snap.system.settled
        trap_step = settled[_TRAP_STEP]
        trap = settled[_TRAP] if start < trap_step <= step else None
        last = self._summaries[-1] if self._summaries else None
        if last is not None and last.pages == pages:
            pages = last.pages  # one tuple for a run of intervals writing the same pages
        self._summaries.append(IntervalSummary(start, step, count,
                                               trap.number if trap is not None else None,
                                               trap_step if trap is not None else None,
                                               pages, regs))
        if len(self._summaries) > MAX_SUMMARIES:
            pairs = self._summaries
            self._summaries = [a.merged(b) for a, b in zip(pairs[::2], pairs[1::2], strict=False)]
            if len(pairs) % 2:
                self._summaries.append(pairs[-1])
        self._summary_tuple = None

    def truncate_after(self, step: int) -> None:
        """Forget snapshots later than ``step`` (the timeline changed there), and the
        summaries of the intervals that reach past it."""
        k = len(self._summaries)
        while k and self._summaries[k - 1].end > step:
            k -= 1
        if k < len(self._summaries):
            del self._summaries[k:]
            self._summary_tuple = None
        i = bisect.bisect_right(self._steps, step)
        for entry in self._entries[i:]:
            self._drop(entry)
        del self._steps[i:]
        del self._entries[i:]
        self._compact()

    def clear(self) -> None:
        self.truncate_after(-1)

    def _thin(self) -> None:
        """Drop the snapshot whose removal leaves the smallest merged gap (the earliest of
        equals), until the history fits its budget (never the first one or the newest)."""
        steps = self._steps
        if self._gaps is None or len(self._gaps) > 2 * len(steps) + 64:
            self._gaps = [(steps[i + 1] - steps[i - 1], steps[i], steps[i - 1], steps[i + 1])
                          for i in range(1, len(steps) - KEEP_NEWEST)]
            heapq.heapify(self._gaps)
        while self.memory_bytes() > self.budget and len(self._entries) > KEEP_NEWEST + 1:
            best = self._smallest_gap()
            if best is None:
                break
            self._drop(self._entries[best])
            del self._entries[best]
            del steps[best]
            self.thinned += 1
            self._push_gaps(best - 1, best)
            self._compact()

    def _compact(self) -> None:
        """A dict keeps its capacity when items go: copy the bookkeeping tables that are
        mostly empty (after thinning or a truncation), so their memory goes too."""
        for name in ("_refs", "_charges", "_pages", "_bases", "_children"):
            table = getattr(self, name)
            if sys.getsizeof(table) > 128 * (len(table) + 8):
                setattr(self, name, dict(table))

    def _push_gaps(self, *indices: int) -> None:
        """(Re)enter the merged gaps of the inner snapshots at ``indices``."""
        steps, gaps = self._steps, self._gaps
        assert gaps is not None
        last = len(steps) - 1 - KEEP_NEWEST
        for i in indices:
            if 1 <= i <= last:
                heapq.heappush(gaps, (steps[i + 1] - steps[i - 1], steps[i], steps[i - 1], steps[i + 1]))

    def _smallest_gap(self) -> int | None:
        """The index of the inner snapshot with the smallest merged gap (None: none)."""
        steps, gaps = self._steps, self._gaps
        assert gaps is not None
        last = len(steps) - 1 - KEEP_NEWEST
        while gaps:
            _, step, before, after = heapq.heappop(gaps)
            i = bisect.bisect_left(steps, step)
            if 1 <= i <= last and steps[i] == step and steps[i - 1] == before and steps[i + 1] == after:
                return i
        return None

    # ------------------------------------------------------------- accounting
    def _hold(self, entry: Entry, base: dict[int, bytearray] | None, written: list[int] | None) -> None:
        """Account a new entry.  Its snapshot's parts (shared by identity with neighbouring
        snapshots) are counted once each, by a holder count per part, at a size known
        from the part's shape (:func:`_part_bytes`); the parts of a new
        :class:`~ptodbg.core.snapshot.SystemParts` record are its holdings, counted the
        same way.  Pages are counted once each by identity, however many page tables
        hold them: a new page table counts only the pages that differ from ``base``, a
        table already held, whose pages are counted (``written``, their numbers; None
        with no base: all of them)."""
        # The holder counts are inlined (this runs at every checkpoint of a forward run,
        # where nearly every part is held already: one dictionary update each).
        snap = entry.snap
        refs = self._refs
        key = id(snap)
        count = refs.get(key)
        refs[key] = 1 if count is None else count + 1
        total = _ENTRY_BYTES + getsizeof(entry.step)
        if count is not None:  # the snapshot is held already (a second entry)
            self._bytes += total
            return
        total += _SNAPSHOT_BYTES + getsizeof(snap.steps)
        charges = self._charges
        moving = snap.moving
        for part in (snap.regs, moving):
            key = id(part)
            count = refs.get(key)
            if count is None:
                refs[key] = 1
                size = charges[key] = _part_bytes(part)
                total += size
            else:
                refs[key] = count + 1
        tiles = moving[_TILES]
        count = refs.get(id(tiles))
        if count is None:
            total += self._hold_tiles(tiles)
        else:
            refs[id(tiles)] = count + 1
        system = snap.system
        count = refs.get(id(system))
        if count is None:
            refs[id(system)] = 1
            total += _SYSTEM_BYTES + self._hold_parts(_system_parts(system))
        else:
            refs[id(system)] = count + 1
        table = snap.pages
        key = id(table)
        count = refs.get(key)
        if count is None:
            refs[key] = 1
            total += _size(table)
            if base is None or written is None:
                total += self._count(table.values())
            else:
                self._bases[key] = base
                self._children.setdefault(id(base), []).append(table)
                held = self._pages
                for pn in written:
                    page = table[pn]
                    count = held.get(id(page))
                    if count is None:
                        held[id(page)] = 1
                        total += _size(page)
                    else:
                        held[id(page)] = count + 1
        else:
            refs[key] = count + 1
        self._bytes += total

    def _hold_parts(self, parts: Iterable[object]) -> int:
        """One holder more for each of ``parts``; the bytes of those held for the first time."""
        refs, charges = self._refs, self._charges
        total = 0
        for part in parts:
            if _take_hold(refs, id(part)):
                size = charges[id(part)] = _part_bytes(part)
                total += size
        return total

    def _let_go_parts(self, parts: Iterable[object]) -> int:
        """One holder fewer for each of ``parts``; the bytes of those no longer held."""
        refs, charges = self._refs, self._charges
        return sum(charges.pop(id(part)) for part in parts if _let_go(refs, id(part)))

    def _hold_tiles(self, file: TileFile) -> int:
        """One holder more for the snapshot's tile file; the first time, one more for each
        tile in it (tiles an operation left unchanged are the same objects in neighbouring
        files, counted once).  A program that never touches tiles holds the one empty file."""
        refs = self._refs
        if not _take_hold(refs, id(file)):
            return 0
        charges = self._charges
        total = charges[id(file)] = file.footprint(_size)
        for part in file.parts():
            if _take_hold(refs, id(part)):
                size = charges[id(part)] = tile_footprint(part, _size)
                total += size
        return total

    def _let_go_tiles(self, file: TileFile) -> int:
        """The reverse of :meth:`_hold_tiles`: the bytes no longer held."""
        refs = self._refs
        if not _let_go(refs, id(file)):
            return 0
        charges = self._charges
        return charges.pop(id(file)) + sum(charges.pop(id(part)) for part in file.parts() if _let_go(refs, id(part)))

    def _drop(self, entry: Entry) -> None:
        """The reverse of :meth:`_hold`: a part, table or page no entry holds any more is
        freed with its last holder."""
        self._bytes -= _entry_bytes(entry)
        snap = entry.snap
        refs = self._refs
        if not _let_go(refs, id(snap)):
            return
        total = (_SNAPSHOT_BYTES + getsizeof(snap.steps) + self._let_go_parts((snap.regs, snap.moving))
                 + self._let_go_tiles(snap.moving[_TILES]))
        system = snap.system
        if _let_go(refs, id(system)):
            total += _SYSTEM_BYTES + self._let_go_parts(_system_parts(system))
        table = snap.pages
        if _let_go(refs, id(table)):
            total += _size(table) + self._release(table)
        self._bytes -= total

    # A held page table counts (in _pages) the pages that differ from its base, another
    # held table, or all its pages when it has none; a page is counted by some table as
    # long as any held table holds it (follow the bases while they hold it: the last one
    # counts it).  So recording a table costs the pages written since its neighbour's.
    def _count(self, pages: Iterable[bytearray]) -> int:
        """Count ``pages`` once more; the bytes of those counted for the first time."""
        held = self._pages
        return sum(_size(page) for page in pages if _take_hold(held, id(page)))

    def _uncount(self, pages: Iterable[bytearray]) -> int:
        """Count ``pages`` once less; the bytes of those no table counts any more."""
        held = self._pages
        return sum(_size(page) for page in pages if _let_go(held, id(page)))

    def _own(self, table: dict[int, bytearray], base: dict[int, bytearray] | None) -> list[bytearray]:
        """The pages ``table`` counts when its base is ``base``."""
        if base is None:
            return list(table.values())
        return [table[pn] for pn in differing_pages(base, table)]

    def _release(self, table: dict[int, bytearray]) -> int:
        """A page table no snapshot holds any more: the tables based on it move to its
        base (counting what they inherited from it), then its own pages are uncounted.
        Returns the bytes freed."""
        key = id(table)
        base = self._bases.pop(key, None)
        if base is not None:
            siblings = self._children[id(base)]
            # by identity: list.remove compares with ==, and two page tables holding the
            # same page objects are equal dicts (a re-recorded step's table, say)
            del siblings[next(k for k, sibling in enumerate(siblings) if sibling is table)]
            if not siblings:
                del self._children[id(base)]
        freed = 0
        for child in self._children.pop(key, ()):
            freed -= self._count(self._own(child, base))
            freed += self._uncount(self._own(child, table))
            if base is None:
                del self._bases[id(child)]
            else:
                self._bases[id(child)] = base
                self._children.setdefault(id(base), []).append(child)
        return freed + self._uncount(self._own(table, base))


def _take_hold(holders: dict[int, int], key: int) -> bool:
    """One holder more for ``key``; True when it is the first (the key is new)."""
    count = holders.get(key)
    holders[key] = 1 if count is None else count + 1
    return count is None


def _let_go(holders: dict[int, int], key: int) -> bool:
    """One holder fewer for ``key``; True when that was the last (the key is gone)."""
    count = holders[key] - 1
    if count:
        holders[key] = count
        return False
    del holders[key]
    return True


def _size(obj: object) -> int:
    """Bytes ``obj`` occupies: its own size plus the allocator header of a large object
    (small ones come from pymalloc's pools)."""
    size = sys.getsizeof(obj)
    return size + ALLOCATION_HEADER if size > 512 else size


def _entry_bytes(entry: Entry) -> int:
    """An entry record and its step integer (each entry has its own)."""
    return _ENTRY_BYTES + sys.getsizeof(entry.step)


def _part_bytes(part: object) -> int:
    """Bytes of one part of a snapshot, from its shape: the tuple, table or packed
    registers itself, the integers in it that are too large to be CPython's shared small
    ones, and the tuples and byte arrays nested in a tuple (the bank tuples of
    ``trap_status`` and ``saved``).  A large integer two parts share (a scalar unchanged
    between two snapshots) counts in both: an overestimate of a few dozen bytes a part,
    never an underestimate.  Objects of other types in the scalars (the OS state, a trap
    record) are shared with the live machine and are not counted."""
    kind = type(part)
    if kind is bytes:
        return _size(part)
    if kind is dict:
        return _size(part) + _items_bytes(part.values())  # type: ignore[attr-defined]
    return _size(part) + _items_bytes(part)  # type: ignore[arg-type]


def _items_bytes(items: Iterable[object]) -> int:
    """Bytes of the large integers, tuples and byte arrays among ``items``."""
    total = 0
    try:  # most items are shared singletons (small integers, None, booleans): skip them in C
        rest: Iterable[object] = list(filterfalse(_SHARED.__contains__, items))
    except TypeError:  # an unhashable item: look at every one
        rest = items
    for x in rest:
        kind = type(x)
        if kind is int:
            if not -5 <= x <= 256:  # type: ignore[operator]
                total += getsizeof(x)
        elif kind is tuple:
            if x:  # the empty tuple is a shared singleton
                total += _size(x) + _items_bytes(x)  # type: ignore[arg-type]
        elif kind is bytearray:
            total += _size(x)
    return total


_TILES = MOVING_FIELDS.index("tiles")  # the tile file's place in Snapshot.moving
_SHARED = frozenset(range(-5, 257)) | {None, ()}  # objects CPython shares (True == 1, False == 0)
getsizeof = sys.getsizeof
_ENTRY_BYTES = sys.getsizeof(Entry(0, 0, None))  # type: ignore[arg-type]
_SNAPSHOT_BYTES = sys.getsizeof(Snapshot(0, b"", (), None, {}))  # type: ignore[arg-type]
_SYSTEM_BYTES = sys.getsizeof(SystemParts((), {}, (), (), {}, {}))
_system_parts = attrgetter("settled", "sregs", "trap_status", "saved", "perms", "once")
