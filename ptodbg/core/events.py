"""Memory events: what one instruction did to memory, in order.

The record follows ``asl/arch/data-types/memory-model.asl`` reduced to what a debugger
shows: kind, (untranslated = translated, identity translation) address, size in bytes,
value normalised to the event size, and the ordering label from the aq/rl bits.  Atomic
events carry the value read in ``value`` and the value written in ``written``
(``performed`` False for a failed compare-and-swap).  Events exist only in capture mode
(ADR-0020); they are a verification aid, not architectural state.
"""

from __future__ import annotations

from typing import NamedTuple

LOAD = "load"
STORE = "store"
ATOMIC = "atomic"
FENCE = "fence"

RELAXED = "relaxed"
ACQUIRE = "acquire"
RELEASE = "release"
ACQ_REL = "acq_rel"


def order_of(aq: int, rl: int) -> str:
    """Ordering label of the aq/rl bits (ScalarDecodedMemoryOrder)."""
    if aq and rl:
        return ACQ_REL
    if aq:
        return ACQUIRE
    if rl:
        return RELEASE
    return RELAXED


class MemEvent(NamedTuple):
    kind: str
    address: int
    size: int
    value: int
    order: str = RELAXED
    written: int | None = None
    performed: bool = True

    def touches(self, low: int, high: int) -> bool:
        """True when the event's bytes overlap [low, high)."""
        return self.kind != FENCE and self.address < high and low < self.address + self.size
