"""The page map of a stopped machine (pwndbg's ``vmmap``): every mapped range with its
permissions, what it is (an ELF segment and its sections, the stack, the heap, anonymous
mappings) and any injected permission pending on it.

Names come from what the engine knows, not from guesses on addresses: the program's
``PT_LOAD`` segments and section headers, the stack the loader mapped (``profile.stack_top``
and ``stack_size``), and for the linux profile the process stack, the brk heap and the
mmap area of :mod:`ptodbg.linux`'s ``OsState``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ptodbg.debug.engine.edits import PermsEdit
from ptodbg.debug.view.records import PAGE_SHIFT, PAGE_SIZE, PageRange, Perms
from ptodbg.linux import STACK_SIZE, STACK_TOP
from ptodbg.linux.syscalls import MMAP_BASE, OsState

if TYPE_CHECKING:
    from ptodbg.debug.engine.debugger import Debugger
    from ptodbg.debug.engine.edits import Edit
    from ptodbg.debug.view.memimage import MemoryImage

PAGE_MASK = PAGE_SIZE - 1


@dataclass(frozen=True, slots=True)
class Region:
    """A named address range [start, end)."""

    start: int
    end: int
    name: str


def _pages(address: int, length: int, mapped: Mapping[int, int]) -> Iterable[int]:
    """The page numbers of [address, address+length) a mark is kept for: all of them, or,
    when the range has more pages than memory has mapped (an injection over 2^60 bytes is
    a valid command), only its mapped pages, so a mark costs no more than the memory."""
    pages = range(address >> PAGE_SHIFT, ((address + max(length, 1) - 1) >> PAGE_SHIFT) + 1)
    if pages.stop - pages.start <= len(mapped):
        return pages
    return sorted(pn for pn in mapped if pn in pages)


def page_marks(memory: MemoryImage, edits: Iterable[Edit], cursor: int) -> tuple[dict[int, str], dict[int, str]]:
    """Per page number: a mark for user-injected permissions ("!" revoked until the next
    faulting access, "*" changed by perms/inject, "@" a scheduled injection still to come)
    and a short description of it."""
    marks: dict[int, str] = {}
    why: dict[int, str] = {}
    for i, edit in enumerate(edits):
        if not isinstance(edit, PermsEdit):  # (OnceEdit is one too)
            continue
        address, length, perms = edit.address, edit.length, Perms.of(edit.perms).text
        applied = i < cursor
        for pn in _pages(address, length, memory.perms):
            if not applied:
                marks.setdefault(pn, "@")
                why.setdefault(pn, f"{perms} at step {edit.step}")
            elif edit.kind == "perms":
                marks[pn] = "*"
                why[pn] = f"perms {perms} since step {edit.step}"
    for pn in memory.once:
        marks[pn] = "!"
        why[pn] = f"{Perms.of(memory.perms.get(pn, 0)).text} until the next access faults"
    return marks, why


def program_regions(dbg: Debugger) -> tuple[Region, ...]:
    """The ranges the program and the loader mapped: segments (named by their sections)
    and the loader's stack (debug profile; wherever :mod:`ptodbg.core.stack` placed it).  Fixed for a loaded program."""
    out: list[Region] = []
    loaded = dbg.loaded
    flat = dbg.flat_memory_bytes
    if flat is not None:
        return (Region(0, flat, "[memory]"),)
    if loaded is not None:
        program = loaded.program
        sections = [s for s in program.sections if s.alloc and s.size]
        for seg in program.segments:
            if not seg.memsz:
                continue
            names = [s.name for s in sections if seg.vaddr <= s.addr < seg.end]
            out.append(Region(seg.vaddr, seg.end, " ".join(names) or f"segment {seg.index}"))
        if loaded.stack_low is not None and loaded.stack_top is not None:
            out.append(Region(loaded.stack_low, loaded.stack_top, "[stack]"))  # the linux profile's is the process's
    return tuple(out)


def process_regions(os_state) -> tuple[Region, ...]:
    """The linux profile's process ranges at this stop: stack, heap (brk) and mmap area."""
    if not isinstance(os_state, OsState):
        return ()
    heap_end = (os_state.brk + PAGE_MASK) & ~PAGE_MASK
    regions = [Region(STACK_TOP - STACK_SIZE, STACK_TOP, "[stack]")]
    if heap_end > os_state.brk_start:
        regions.append(Region(os_state.brk_start, heap_end, "[heap]"))
    if os_state.mmap_next > MMAP_BASE:
        regions.append(Region(MMAP_BASE, os_state.mmap_next, "[mmap]"))
    return tuple(regions)


def page_map(memory: MemoryImage, regions: Iterable[Region], marks: Mapping[int, str],
             why: Mapping[int, str]) -> tuple[PageRange, ...]:
    """Every mapped page, grouped into ranges of consecutive pages with the same
    permissions, name and injection state.  A page is named by the regions it overlaps
    (the innermost ones, when one region holds another: a segment in the flat memory;
    joined with "+" when a page holds the end of one segment and the start of the next);
    pages no region names are ``[anon]``."""
    ordered = sorted(regions, key=lambda r: (r.start, r.end))
    perms = memory.perms
    out: list[PageRange] = []
    run: list = []  # [first page, last page, perms, name, mark, why]
    for pn in memory.mapped_pages():
        key = (perms.get(pn, 0), _page_name(ordered, pn << PAGE_SHIFT), marks.get(pn, ""), why.get(pn, ""))
        if run and run[1] == pn - 1 and tuple(run[2:]) == key:
            run[1] = pn
            continue
        if run:
            out.append(_range(run))
        run = [pn, pn, *key]
    if run:
        out.append(_range(run))
    return tuple(out)


def _page_name(regions: list[Region], address: int) -> str:
    end = address + PAGE_SIZE
    hits = [r for r in regions if r.start < end and address < r.end]
    inner = [r for r in hits if not any(o is not r and r.start <= o.start and o.end <= r.end
                                        and (o.start, o.end) != (r.start, r.end) for o in hits)]
    names = list(dict.fromkeys(r.name for r in inner))
    return " + ".join(names) or "[anon]"


def _range(run: list) -> PageRange:
    first, last, bits, name, mark, why = run
    return PageRange(first << PAGE_SHIFT, (last + 1) << PAGE_SHIFT, Perms.of(bits), name, mark, why)
