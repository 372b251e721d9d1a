"""Where a program's stack goes (docs/interfaces.md §2): on pages no segment uses, never in the way.

A program is never refused because of its stack.  The stack is the run of free pages
directly below the requested top (``stack_top``; sp starts there), at most ``size`` bytes
of them, so a test binary linked at 0x100 (the pto-avs convention: code, data and
result in page 0) keeps its layout and gets the pages above it up to 0xF000 as stack.
When fewer than ``least`` bytes are free directly below the top (a segment uses the
page under it), the whole stack moves to the highest ``size`` bytes below 2^47 that no
segment uses, and sp says where.

Only the free run *directly* below the top counts: a stack whose first push would land
in a segment (or that would have to skip one) is no stack.  Occupied ranges are whole
pages, because a segment maps every page it touches.  The work is proportional to the
number of occupied ranges, never to the size of the address space.
"""

from __future__ import annotations

from collections.abc import Iterable

from ptodbg.base.record import Frozen
from ptodbg.core.memory import PAGE_MASK, PAGE_SHIFT, PAGE_SIZE

STACK_CEILING = 1 << 47  # a moved stack ends here or below (the user half of a 48-bit space)


class StackPlace(Frozen):
    """The stack's byte range [low, top); sp starts at ``top``."""

    low: int
    top: int
    moved: bool  # True when the requested top had too little room below it

    @property
    def size(self) -> int:
        return self.top - self.low


def page_ranges(ranges: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Byte ranges [low, high) widened to whole pages, sorted and merged; empty ones dropped."""
    widened = sorted((low & ~PAGE_MASK, (high + PAGE_MASK) & ~PAGE_MASK) for low, high in ranges if high > low)
    merged: list[tuple[int, int]] = []
    for low, high in widened:
        if merged and low <= merged[-1][1]:
            if high > merged[-1][1]:
                merged[-1] = (merged[-1][0], high)
        else:
            merged.append((low, high))
    return merged


def pages_to_ranges(pages: Iterable[int]) -> list[tuple[int, int]]:
    """The byte ranges covered by a set of page numbers (e.g. a memory's mapped pages)."""
    return page_ranges((pn << PAGE_SHIFT, (pn + 1) << PAGE_SHIFT) for pn in pages)


def place_stack(used: Iterable[tuple[int, int]], top: int, size: int, least: int = PAGE_SIZE,
                ceiling: int = STACK_CEILING) -> StackPlace:
    """The stack below ``top`` on pages outside ``used`` (byte ranges [low, high)): the free
    run directly below ``top``, at most ``size`` bytes and never below address 0; when it
    is shorter than ``least``, the highest ``size`` free bytes whose end is at most
    ``ceiling``.  Raises ValueError only when no such room exists at all."""
    occupied = page_ranges(used)
    low = max(0, top - size)
    for lo, hi in occupied:
        if lo < top and hi > low:
            low = hi  # occupied is sorted, so the last overlapping range ends highest
    if top - low >= least:
        return StackPlace(low, top, False)
    high = ceiling & ~PAGE_MASK
    while True:
        blocking = [lo for lo, hi in occupied if lo < high and high - size < hi]
        if not blocking:
            break
        high = min(blocking)
    if high < size:
        raise ValueError(f"no {size // 1024} KiB of free address space below {ceiling:#x} for the stack")
    return StackPlace(high - size, high, True)
