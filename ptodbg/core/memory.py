"""Paged memory with per-page permissions, copy-on-write snapshots and memory events.

Memory is sparse: 4 KiB pages (``bytearray``) keyed by page number, each with r/w/x bits.
Small dictionaries, ``fast_read`` and ``fast_write``, name the pages that the semantic
handlers may touch directly, with no further check; every other access takes the *slow
path* here, which checks permissions and bounds, records memory events, notes watchpoint
hits, copies pages shared with a snapshot before writing them, tells the machine which
decoded instructions a write overlapped and clears an overlapped LR/SC reservation.

A page leaves the fast maps whenever one of those duties applies to it, so the fast path
never needs a flag test:

* capture mode (events wanted for every access) empties both maps;
* a watched page, a page outside the flat profile's bound, or a page only partly inside
  the flat profile's memory is never fast;
* a page shared with a snapshot, a page holding decoded instructions, or the page of the
  reserved 64-byte line is never fast for writes.  (A page written just before a
  snapshot is not shared with it: the snapshot takes a copy and the page stays fast,
  see :meth:`Memory.share_all`.)

*Code on a data page costs a range test, not a cliff* (docs/interfaces.md §8).  The machine marks
the bytes of every instruction it decoded (:meth:`mark_code`) in ``code``: per page, a
reference count for each aligned 8-byte granule.  A page that holds code but would
otherwise be fast for writes is in ``fast_code`` as ``(page, granule counts)``: a store
there writes directly when its granule holds no code (an aligned access of up to 8 bytes
lies in one granule).  Any write that does overlap a marked granule calls
``on_code_write(address, size)``, and the machine drops exactly the decoded instructions
(and translated blocks) whose bytes the write overlaps.

Addresses are unsigned 64-bit; a range never wraps (``addr + size`` is compared as an
integer, ADR-0029).  A failing access raises ``Fault(DATA_PAGE_FAULT, addr)`` with the
original address; alignment is the caller's check because it comes first in the probe
order (``ProbeDataAccess``: alignment, translation, permission).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable
from itertools import compress
from operator import is_not

from ptodbg.base.record import Frozen
from ptodbg.core.events import FENCE, LOAD, RELAXED, STORE, MemEvent
from ptodbg.core.faults import DATA_PAGE_FAULT, INST_PAGE_FAULT, Fault, Halt

PAGE_SHIFT = 12
PAGE_SIZE = 1 << PAGE_SHIFT
PAGE_MASK = PAGE_SIZE - 1
GRANULE_SHIFT = 3  # code marks count instructions per aligned 8-byte granule
GRANULES = PAGE_SIZE >> GRANULE_SHIFT
ADDRESS_LIMIT = 1 << 64

R, W, X = 4, 2, 1

U8 = struct.Struct("<B")
U16 = struct.Struct("<H")
U32 = struct.Struct("<I")
U64 = struct.Struct("<Q")
STRUCTS = {1: U8, 2: U16, 4: U32, 8: U64}


def perms_text(perms: int) -> str:
    """'rwx' spelling of permission bits, '-' for a missing bit."""
    return ("r" if perms & R else "-") + ("w" if perms & W else "-") + ("x" if perms & X else "-")


def parse_perms(text: str) -> int:
    """Permission bits of a spelling such as 'rw-', 'r-x', '---' or 'rw'."""
    text = text.strip().lower()
    if not text or any(c not in "rwx-" for c in text) or len(text) > 3:
        raise ValueError(f"bad permissions {text!r}: expected letters r, w, x or - (e.g. 'rw-')")
    return (R if "r" in text else 0) | (W if "w" in text else 0) | (X if "x" in text else 0)


class Unmapped(ValueError):
    """A debugger read touched a byte that is not mapped; ``address`` is the first one
    (2^64 when the range runs past the end of the address space)."""

    def __init__(self, address: int) -> None:
        self.address = address
        where = f"cannot access memory at {address:#x}"
        if address >= ADDRESS_LIMIT:
            where += " (past the end of the 64-bit address space)"
        super().__init__(where)


class Watch(Frozen):
    """A watched byte range [low, high) for reads ('r'), writes ('w') or both ('rw')."""

    ident: int
    low: int
    high: int
    mode: str

    def fires(self, ev: MemEvent) -> bool:
        if not ev.touches(self.low, self.high):
            return False
        if ev.kind == LOAD:
            return "r" in self.mode
        if ev.kind == STORE:
            return "w" in self.mode
        # An atomic read-modify-write reads and (maybe) writes the location.
        return "r" in self.mode or ("w" in self.mode and ev.performed)


class Memory:
    """Sparse paged memory.  See the module docstring for the fast/slow split."""

    def __init__(self, limit: int | None = None) -> None:
        self.pages: dict[int, bytearray] = {}
        self.perms: dict[int, int] = {}
        self.fast_read: dict[int, bytearray] = {}
        self.fast_write: dict[int, bytearray] = {}
        self.fast_code: dict[int, tuple[bytearray, bytearray]] = {}
        self.shared: set[int] = set()
        self.code: dict[int, bytearray] = {}  # page -> instructions per 8-byte granule
        self.watches: list[Watch] = []
        self.watched: set[int] = set()
        self.watch_hits: list[tuple[Watch, MemEvent]] = []
        self.capture = False
        self.events: list[MemEvent] = []
        self.limit = limit
        self.bound: int | None = None
        self.reserved_line: int | None = None
        # Pages whose permissions were revoked "for the next access only": page -> the
        # permissions to restore when an access (data or fetch) faults on it.
        self.once: dict[int, int] = {}
        self.on_code_write: Callable[[int, int], None] = lambda addr, size: None
        # The page table share_all last returned (or adopt took): every snapshot shares it
        # while it is current, until a page object changes (a copy on write, a new or
        # removed page); and what the last share_all changed from it (take_last_share).
        self._last_table: dict[int, bytearray] | None = None
        self._table_current = False
        self._last_share: tuple[dict[int, bytearray], list[int]] | None = None
        # Copy-on-write bookkeeping for snapshots (see share_all): pages copied on write
        # since the last snapshot; *hot* pages (written in the interval before the last
        # snapshot, so likely written again), which stay writable in place while that
        # snapshot holds a copy of them (page -> the copy); and every page that was hot
        # since the debugger last asked (take_written_in_place).
        self.copied: set[int] = set()
        self.hot: dict[int, bytearray] = {}
        self.in_place: set[int] = set()
        self.on_reserved_store: Callable[[], None] = lambda: None
        # The debugger's probe log: when a list, every permission probe (check, and the
        # allows of a chunked copy) appends (address, size, need) - how a fault-injection
        # campaign learns which pages an attempt needs, and for what.  None: no cost.
        self.probe_log: list[tuple[int, int, int]] | None = None
        # Test-only defect (the campaign's negative control, never set by users): a store
        # commits its bytes before its permission check, so a faulting store is not precise.
        self.defect_store_before_check = False

    # ------------------------------------------------------------------ mapping
    def map(self, addr: int, size: int, perms: int, data: bytes = b"") -> None:
        """Map every page touching [addr, addr+size), OR-ing ``perms`` into existing pages,
        and copy ``data`` to ``addr``.  New pages are zero-filled."""
        if size <= 0:
            return
        for pn in range(addr >> PAGE_SHIFT, ((addr + size - 1) >> PAGE_SHIFT) + 1):
            was = self.perms.get(pn)
            if was is None:
                self.pages[pn] = bytearray(PAGE_SIZE)
                self.perms[pn] = 0
                self._table_current = False
            self.perms[pn] |= perms
            self._refresh(pn)
            if pn in self.code and (was is None or (was ^ self.perms[pn]) & X):
                self.on_code_write(pn << PAGE_SHIFT, PAGE_SIZE)  # what fetch sees changed
        if data:
            self.poke(addr, data)

    def unmap(self, addr: int, size: int) -> None:
        for pn in self.mapped_pages(addr, size):
            self._table_current = False
            for table in (self.pages, self.perms, self.fast_read, self.fast_write, self.fast_code):
                table.pop(pn, None)
            self.shared.discard(pn)
            self.copied.discard(pn)
            self.hot.pop(pn, None)
            if pn in self.code:
                self.on_code_write(pn << PAGE_SHIFT, PAGE_SIZE)

    def set_perms(self, addr: int, size: int, perms: int) -> list[int]:
        """Set the permissions of every mapped page touching the range; returns the pages."""
        changed = self.mapped_pages(addr, size)
        for pn in changed:
            was = self.perms[pn]
            self.perms[pn] = perms
            self.once.pop(pn, None)
            self._refresh(pn)
            if pn in self.code and (was ^ perms) & X:
                self.on_code_write(pn << PAGE_SHIFT, PAGE_SIZE)  # fetch now faults, or no longer
        return changed

    def inject_once(self, addr: int, size: int, perms: int) -> list[int]:
        """Give the pages of a range ``perms`` until the first access that faults on one
        of them; that access faults and the page gets its permissions back."""
        original = {pn: self.once.get(pn, self.perms[pn]) for pn in self.mapped_pages(addr, size)}
        self.set_perms(addr, size, perms)
        self.once.update(original)
        return list(original)

    def _consume_once(self, pn: int) -> str:
        restored = self.once.pop(pn)
        was = self.perms[pn]
        self.perms[pn] = restored
        self._refresh(pn)
        if pn in self.code and (was ^ restored) & X:
            self.on_code_write(pn << PAGE_SHIFT, PAGE_SIZE)
        return f" (injected once; now restored to {perms_text(restored)})"

    def perms_at(self, addr: int) -> int | None:
        """Permission bits of the page holding ``addr``; None when unmapped."""
        return self.perms.get(addr >> PAGE_SHIFT)

    def mapped(self, addr: int) -> bool:
        return (addr >> PAGE_SHIFT) in self.pages

    def mapped_pages(self, addr: int, size: int) -> list[int]:
        """The mapped pages touching [addr, addr+size), in order.  The work is bounded by
        the smaller of the range's page count and the number of mapped pages, so a range
        as large as the address space costs what is mapped, not what it spans."""
        span = self._page_range(addr, size)
        if span.stop - span.start <= len(self.pages):  # (len() overflows past 2^63 pages)
            return [pn for pn in span if pn in self.pages]
        return sorted(pn for pn in self.pages if pn in span)

    @staticmethod
    def _page_range(addr: int, size: int) -> range:
        if size <= 0:
            return range(0)
        return range(addr >> PAGE_SHIFT, ((addr + size - 1) >> PAGE_SHIFT) + 1)

    # ---------------------------------------------------------------- fast maps
    def _read_fast_ok(self, pn: int) -> bool:
        if self.capture or pn in self.watched or not self.perms.get(pn, 0) & R:
            return False
        end = (pn + 1) << PAGE_SHIFT
        if self.limit is not None and end > self.limit:
            return False
        return self.bound is None or end <= self.bound

    def _refresh(self, pn: int) -> None:
        """Recompute whether page ``pn`` belongs in the fast maps."""
        page = self.pages.get(pn)
        self.fast_write.pop(pn, None)
        self.fast_code.pop(pn, None)
        if page is not None and self._read_fast_ok(pn):
            self.fast_read[pn] = page
            line = self.reserved_line
            if self.perms[pn] & W and pn not in self.shared and (line is None or line >> PAGE_SHIFT != pn):
                marks = self.code.get(pn)
                if marks is None:
                    self.fast_write[pn] = page
                else:
                    self.fast_code[pn] = (page, marks)
        else:
            self.fast_read.pop(pn, None)

    def refresh_all(self) -> None:
        self.fast_read.clear()
        self.fast_write.clear()
        self.fast_code.clear()
        for pn in self.pages:
            self._refresh(pn)

    def set_capture(self, on: bool) -> None:
        if on != self.capture:
            self.capture = on
            if on:  # no page is fast while events are captured (_read_fast_ok): what
                self.fast_read.clear()  # refresh_all would leave, without visiting each page
                self.fast_write.clear()
                self.fast_code.clear()
            else:
                self.refresh_all()

    def set_bound(self, bound: int | None) -> None:
        if bound != self.bound:
            self.bound = bound
            self.refresh_all()

    def set_reserved_line(self, line: int | None) -> None:
        old = self.reserved_line
        self.reserved_line = line
        for addr in (old, line):
            if addr is not None:
                self._refresh(addr >> PAGE_SHIFT)

    def mark_code(self, addr: int, size: int) -> None:
        """Record that the bytes [addr, addr+size) hold a decoded instruction."""
        pn = addr >> PAGE_SHIFT
        if (addr + size - 1) >> PAGE_SHIFT == pn:  # the usual case: one page
            marks = self.code.get(pn)
            if marks is None:
                marks = self.code[pn] = bytearray(GRANULES)
                self._refresh(pn)
            first = (addr & PAGE_MASK) >> GRANULE_SHIFT
            marks[first] += 1
            last = ((addr + size - 1) & PAGE_MASK) >> GRANULE_SHIFT
            if last != first:
                marks[last] += 1
            return
        for pn, first, last in self._granules(addr, size):
            marks = self.code.get(pn)
            if marks is None:
                marks = self.code[pn] = bytearray(GRANULES)
                self._refresh(pn)
            for g in range(first, last + 1):
                marks[g] += 1

    def unmark_code(self, addr: int, size: int) -> None:
        """Undo one :meth:`mark_code` of the same range."""
        for pn, first, last in self._granules(addr, size):
            marks = self.code.get(pn)
            if marks is None:
                continue
            for g in range(first, last + 1):
                if marks[g]:
                    marks[g] -= 1
            if not any(marks):
                del self.code[pn]
                self._refresh(pn)

    def code_overlaps(self, addr: int, size: int) -> bool:
        """Whether [addr, addr+size) touches a granule that holds decoded code."""
        for pn, first, last in self._granules(addr, size):
            marks = self.code.get(pn)
            if marks is not None and any(marks[first : last + 1]):
                return True
        return False

    def clear_code(self) -> None:
        """Forget every code mark (the machine forgot its decoded instructions)."""
        pages = list(self.code)
        self.code.clear()
        for pn in pages:
            self._refresh(pn)

    @staticmethod
    def _granules(addr: int, size: int):
        """(page, first granule, last granule) of each page [addr, addr+size) touches."""
        end = addr + size
        while addr < end:
            pn = addr >> PAGE_SHIFT
            stop = min(end, (pn + 1) << PAGE_SHIFT)
            yield pn, (addr & PAGE_MASK) >> GRANULE_SHIFT, ((stop - 1) & PAGE_MASK) >> GRANULE_SHIFT
            addr = stop

    # --------------------------------------------------------------- watchpoints
    def set_watches(self, watches: Iterable[Watch]) -> None:
        self.watches = list(watches)
        old = self.watched
        self.watched = set()
        for w in self.watches:
            self.watched.update(self._page_range(w.low, w.high - w.low))
        for pn in old | self.watched:
            self._refresh(pn)

    # --------------------------------------------------------------- snapshots
    def share_all(self) -> dict[int, bytearray]:
        """Pages for a snapshot: the current page objects, now copy-on-write, except the
        pages written since the previous snapshot (copied on write, or hot and changed):
        those become *hot*, the snapshot gets a copy and the live page stays writable in
        place.  A page written in one interval is usually written in the next (a stack, a
        loop's data), and its first store after a snapshot would otherwise leave the fast
        path to copy it (and end a translated block); copying it here costs one page copy
        and nothing else.  A hot page still equal to its copy at the next snapshot was not
        changed: it shares the copy again, so the history holds no second copy of it.
        While no page changes, every snapshot gets the same (never mutated) table."""
        pages, hot = self.pages, self.hot
        table = before = self._last_table if self._table_current else None
        changed: list[int] = []
        if hot:
            self.in_place.update(hot)  # written in place, maybe with the same bytes
            for pn, copy in list(hot.items()):
                if pages[pn] == copy:  # unchanged since the last snapshot: share its copy
                    pages[pn] = copy
                    del hot[pn]
                    self.shared.add(pn)
                    self._refresh(pn)
                else:
                    changed.append(pn)
            if changed and table is not None:  # only hot pages changed (a loop's steady state):
                table = self._last_table = dict(table)  # the fast maps stay as they are
                for pn in changed:
                    hot[pn] = table[pn] = bytearray(pages[pn])
        if table is not None:
            self._last_share = (before, changed)  # type: ignore[assignment]
            return table
        warm = self.copied.union(hot)
        self.copied = set()
        table = dict(pages)
        hot = self.hot = {}
        for pn in warm:
            hot[pn] = table[pn] = bytearray(pages[pn])
        self.shared = set(pages)
        self.shared.difference_update(hot)
        self.fast_write.clear()
        self.fast_code.clear()
        for pn in hot:
            self._refresh(pn)
        before = self._last_table
        self._last_share = None if before is None else (before, differing_pages(before, table))
        self._last_table, self._table_current = table, True
        return table

    def take_last_share(self) -> tuple[dict[int, bytearray], list[int]] | None:
        """What the last :meth:`share_all` changed, once: (the table it started from, the
        numbers of the pages whose objects differ in the table it returned), None when
        there was no table before or it was taken already.  A history accounts a new
        table by it instead of comparing every page (and the old table is let go here)."""
        got, self._last_share = self._last_share, None
        return got

    def take_written_in_place(self) -> set[int]:
        """The pages that were hot (writable in place while a snapshot held a copy) since
        the last call: the ones a comparison of page objects between two snapshots cannot
        show as written, so the last-writer index adds them (a superset)."""
        got, self.in_place = self.in_place, set()
        return got

    def adopt(self, pages: dict[int, bytearray], perms: dict[int, int], once: dict[int, int]) -> None:
        """Restore page contents and permissions from a snapshot (pages stay shared)."""
        self.pages.clear()
        self.pages.update(pages)
        self.perms.clear()
        self.perms.update(perms)
        self.once.clear()
        self.once.update(once)
        self.shared = set(pages)
        self._last_table, self._table_current = pages, True
        self.copied = set()
        self.hot = {}
        self.refresh_all()

    def _writable_page(self, pn: int) -> bytearray:
        """The page object to write into, copied first if a snapshot shares it."""
        page = self.pages[pn]
        if pn in self.shared:
            self.shared.discard(pn)
            self.copied.add(pn)
            page = bytearray(page)
            self.pages[pn] = page
            self._table_current = False
            self._refresh(pn)
            if pn in self.fast_read:
                self.fast_read[pn] = page
        return page

    def _code_write(self, addr: int, size: int) -> None:
        """A write to [addr, addr+size) inside one page that holds code: the machine drops
        the decoded instructions the write overlaps (only when a marked granule is hit)."""
        marks = self.code[addr >> PAGE_SHIFT]
        off = addr & PAGE_MASK
        if any(marks[off >> GRANULE_SHIFT : ((off + size - 1) >> GRANULE_SHIFT) + 1]):
            self.on_code_write(addr, size)

    # ----------------------------------------------------- checks and raw access
    def check(self, addr: int, size: int, need: int) -> None:
        """Raise DATA_PAGE_FAULT unless every byte of [addr, addr+size) allows ``need``."""
        if self.probe_log is not None:
            self.probe_log.append((addr, size, need))
        end = addr + size
        if end > ADDRESS_LIMIT:
            raise Fault(DATA_PAGE_FAULT, addr, reason=f"access {addr:#x}+{size} wraps the address space")
        if self.limit is not None and end > self.limit:
            raise Fault(DATA_PAGE_FAULT, addr, reason=f"access {addr:#x}+{size} is beyond memory ({self.limit:#x} bytes)")
        if self.bound is not None and end > self.bound:
            raise Fault(DATA_PAGE_FAULT, addr, reason=f"access {addr:#x}+{size} is beyond the ACR>=2 bound {self.bound:#x}")
        for pn in range(addr >> PAGE_SHIFT, ((end - 1) >> PAGE_SHIFT) + 1):
            p = self.perms.get(pn)
            if p is None:
                raise Fault(DATA_PAGE_FAULT, addr, reason=f"page {pn << PAGE_SHIFT:#x} is not mapped")
            if not p & need:
                what = "read" if need == R else "write"
                reason = f"page {pn << PAGE_SHIFT:#x} is {perms_text(p)}: no {what} permission"
                if pn in self.once:
                    reason += self._consume_once(pn)
                raise Fault(DATA_PAGE_FAULT, addr, reason=reason)

    def allows(self, addr: int, size: int, need: int) -> bool:
        """Whether :meth:`check` would pass, without raising or consuming a once-injection."""
        if self.probe_log is not None:
            self.probe_log.append((addr, size, need))
        end = addr + size
        if end > ADDRESS_LIMIT or (self.limit is not None and end > self.limit):
            return False
        if self.bound is not None and end > self.bound:
            return False
        return all(self.perms.get(pn, 0) & need for pn in range(addr >> PAGE_SHIFT, ((end - 1) >> PAGE_SHIFT) + 1))

    def read_raw(self, addr: int, size: int) -> bytes:
        """Bytes of a range already checked (or for the debugger); unmapped bytes read 0."""
        out = bytearray()
        while size > 0:
            pn, off = addr >> PAGE_SHIFT, addr & PAGE_MASK
            n = min(size, PAGE_SIZE - off)
            page = self.pages.get(pn)
            out += page[off : off + n] if page is not None else bytes(n)
            addr += n
            size -= n
        return bytes(out)

    def write_raw(self, addr: int, data: bytes) -> None:
        """Write a checked range: copy-on-write, code-page and reservation duties done."""
        size = len(data)
        line = self.reserved_line
        pos = 0
        a = addr
        while pos < size:
            pn, off = a >> PAGE_SHIFT, a & PAGE_MASK
            n = min(size - pos, PAGE_SIZE - off)
            page = self._writable_page(pn)
            page[off : off + n] = data[pos : pos + n]
            if pn in self.code:
                self._code_write(a, n)
            a += n
            pos += n
        if line is not None and addr < line + 64 and line < addr + size:
            self.on_reserved_store()

    # --------------------------------------------------------- architectural ops
    def load(self, addr: int, size: int, order: str = RELAXED) -> int:
        """Checked little-endian load of 1/2/4/8 bytes (value zero-extended), with event."""
        self.check(addr, size, R)
        pn, off = addr >> PAGE_SHIFT, addr & PAGE_MASK
        if off + size <= PAGE_SIZE:
            value = STRUCTS[size].unpack_from(self.pages[pn], off)[0]
        else:
            value = int.from_bytes(self.read_raw(addr, size), "little")
        if self.capture or self.watched:
            self.note(MemEvent(LOAD, addr, size, value, order))
        return value

    def store(self, addr: int, size: int, value: int, order: str = RELAXED) -> None:
        """Checked little-endian store of the low ``size`` bytes of ``value``, with event."""
        value &= (1 << (8 * size)) - 1
        if self.defect_store_before_check:
            self.commit_before_check(addr, value.to_bytes(size, "little"))
        self.check(addr, size, W)
        self.write_raw(addr, value.to_bytes(size, "little"))
        if self.capture or self.watched:
            self.note(MemEvent(STORE, addr, size, value, order))

    def note(self, ev: MemEvent) -> None:
        """Record one event (capture mode) and any watchpoint it hits."""
        if self.capture:
            self.events.append(ev)
        if self.watches:
            for w in self.watches:
                if w.fires(ev):
                    self.watch_hits.append((w, ev))

    def note_fence(self, pred: int, succ: int) -> None:
        if self.capture:
            self.events.append(MemEvent(FENCE, 0, 0, (pred << 4) | succ, "acq_rel"))

    def commit_before_check(self, addr: int, data: bytes) -> None:
        """The test-only defect of ``defect_store_before_check``: write the mapped bytes of
        a store whatever the permissions say (the checker must catch it)."""
        for i, byte in enumerate(data):
            pn = (addr + i) >> PAGE_SHIFT
            if pn in self.pages:
                self._writable_page(pn)[(addr + i) & PAGE_MASK] = byte

    # --------------------------------------------------------------- debugger
    def peek(self, addr: int, size: int) -> bytes:
        """Read without checks, events or side effects (unmapped bytes read as 0)."""
        return self.read_raw(addr, size)

    def first_unmapped(self, addr: int, size: int) -> int | None:
        """The first byte of [addr, addr+size) that is not mapped, or None.  Bytes from
        2^64 on do not exist (a range never wraps) and neither do bytes past a flat
        profile's memory.  Checks whole pages: the work does not grow with ``size``
        beyond the pages that are mapped."""
        if size <= 0:
            return None
        end = addr + size
        ceiling = ADDRESS_LIMIT if self.limit is None else min(ADDRESS_LIMIT, self.limit)
        if addr < 0 or addr >= ceiling:
            return addr
        for pn in range(addr >> PAGE_SHIFT, ((min(end, ceiling) - 1) >> PAGE_SHIFT) + 1):
            if pn not in self.pages:
                return max(addr, pn << PAGE_SHIFT)
        return ceiling if end > ceiling else None

    def read_mapped(self, addr: int, size: int) -> bytes:
        """The debugger's honest read: the bytes of a wholly mapped range (no checks of
        permissions, no events), else :class:`Unmapped` naming the first unmapped byte."""
        first = self.first_unmapped(addr, size)
        if first is not None:
            raise Unmapped(first)
        return self.read_raw(addr, size)

    def poke(self, addr: int, data: bytes) -> None:
        """Write mapped bytes without permission checks or events (the debugger's ``set
        mem``); copy-on-write and decoded-code invalidation still happen.  Raises
        ValueError when part of the range is unmapped."""
        for pn in self._page_range(addr, len(data)):
            if pn not in self.pages:
                raise ValueError(f"address {max(addr, pn << PAGE_SHIFT):#x} is not mapped")
        pos = 0
        a = addr
        while pos < len(data):
            pn, off = a >> PAGE_SHIFT, a & PAGE_MASK
            n = min(len(data) - pos, PAGE_SIZE - off)
            self._writable_page(pn)[off : off + n] = data[pos : pos + n]
            if pn in self.code:
                self._code_write(a, n)
            a += n
            pos += n

    def fetch_reader(self, check_exec: bool) -> Callable[[int], int | None]:
        """A side-effect-free halfword reader for instruction fetch
        (:func:`ptodbg.isa.fetch.fetch_instruction`): None where :meth:`fetch` would fault
        or halt, which the caller then calls for the precise fault."""
        pages, perms, limit = self.pages, self.perms, self.limit

        def read(addr: int) -> int | None:
            p = perms.get(addr >> PAGE_SHIFT)
            if p is None or (check_exec and not p & X) or (limit is not None and addr + 2 > limit):
                return None
            off = addr & PAGE_MASK
            if off == PAGE_MASK:  # an odd TPC set by hand: the halfword crosses a page
                return self.halfword_or_none(addr, check_exec)
            page = pages[addr >> PAGE_SHIFT]
            return page[off] | page[off + 1] << 8

        return read

    def fetch_window_reader(self, check_exec: bool) -> Callable[[int], int | None]:
        """``window(addr)``: the 8 bytes at ``addr`` as a little-endian integer when they
        lie in one page from which :meth:`fetch_reader`'s reader would return every
        halfword, else None (the caller then fetches halfword by halfword).  Side-effect free."""
        pages, perms, limit = self.pages, self.perms, self.limit
        last = PAGE_SIZE - 8
        from_bytes = int.from_bytes

        def window(addr: int) -> int | None:
            off = addr & PAGE_MASK
            if off > last:
                return None
            p = perms.get(addr >> PAGE_SHIFT)
            if p is None or (check_exec and not p & X) or (limit is not None and addr + 8 > limit):
                return None
            return from_bytes(pages[addr >> PAGE_SHIFT][off : off + 8], "little")

        return window

    def halfword_or_none(self, addr: int, check_exec: bool) -> int | None:
        """The halfword at ``addr`` when every byte of it is fetchable, else None."""
        if self.fetch_problem(addr, 2, check_exec) is not None:
            return None
        data = self.read_raw(addr, 2)
        return data[0] | data[1] << 8

    def peek_reader(self) -> Callable[[int], int | None]:
        """A halfword reader over every mapped byte (no permission test, no side effect);
        None where a byte is unmapped or outside a flat memory."""

        def read(addr: int) -> int | None:
            if self.limit is not None and addr + 2 > self.limit:
                return None
            if (addr >> PAGE_SHIFT) not in self.pages or ((addr + 1) >> PAGE_SHIFT) not in self.pages:
                return None
            data = self.read_raw(addr, 2)
            return data[0] | data[1] << 8

        return read

    def fetch_problem(self, addr: int, size: int, check_exec: bool) -> str | None:
        """Why :meth:`fetch` of [addr, addr+size) would fault or halt, or None; no side
        effects (a once-injection is named, not consumed)."""
        if self.limit is not None and addr + size > self.limit:
            return f"instruction fetch at {addr:#x} is outside the {self.limit}-byte memory"
        for pn in self._page_range(addr, size):
            p = self.perms.get(pn)
            if p is None:
                return f"fetch from unmapped page {pn << PAGE_SHIFT:#x}"
            if check_exec and not p & X:
                once = " (injected once)" if pn in self.once else ""
                return f"fetch from page {pn << PAGE_SHIFT:#x} ({perms_text(p)}): not executable{once}"
        return None

    def fetch(self, addr: int, size: int, check_exec: bool) -> bytes:
        """Instruction bytes.  Debug profile: the page must be mapped and executable
        (INST_PAGE_FAULT otherwise, a ptodbg extension).  Flat profile: fetching outside
        memory is an emulator halt (docs/architecture-notes.md §7.12)."""
        end = addr + size
        if self.limit is not None and end > self.limit:
            raise Halt(f"instruction fetch at {addr:#x} is outside the {self.limit}-byte memory")
        for pn in self._page_range(addr, size):
            p = self.perms.get(pn)
            if p is None or (check_exec and not p & X):
                reason = (f"fetch from unmapped page {pn << PAGE_SHIFT:#x}" if p is None
                          else f"fetch from page {pn << PAGE_SHIFT:#x} ({perms_text(p)}): not executable")
                if p is not None and pn in self.once:
                    reason += self._consume_once(pn)
                raise Fault(INST_PAGE_FAULT, addr, reason=reason)
        return self.read_raw(addr, size)


def differing_pages(before: dict[int, bytearray], after: dict[int, bytearray]) -> list[int]:
    """The page numbers whose page object in ``after`` is not the one in ``before`` (pages
    copied on write, mapped or remapped in between; an unmapped page is not listed)."""
    if after is before:
        return []
    return list(compress(after, map(is_not, after.values(), map(before.get, after))))
