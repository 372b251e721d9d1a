"""Atomics, LR/SC and DMA (``asl/scalar/model/amo/semantics.asl``, ``dispatch/amo.asl``,
``asl/scalar/amo/DMA.asl``).

DMA is the headline instruction: an exact 64-byte copy [SrcL] -> [SrcR] with memmove
semantics.  The order of CORE.md §4.2 is kept literally: both address operands are read
first (so ``dma [a0], a0`` and queue sources see pre-instruction values), the whole
source range is probed for read, then the whole destination range for write - a failing
probe raises DATA_PAGE_FAULT with that range's start address, before any byte is read
or written, any event is recorded or the reservation is touched, so recovery reissues
the instruction whole.  On success the 64 source bytes are snapshotted, eight relaxed
8-byte load events are recorded, the snapshot is written (overlap in either direction is
exact because the snapshot is taken first), an overlapped reservation line is cleared,
and eight relaxed 8-byte store events carry the same chunk values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.core.events import LOAD, RELAXED, STORE, MemEvent
from ptodbg.core.memory import R, W
from ptodbg.core.semantics import semantic

if TYPE_CHECKING:
    from ptodbg.core.machine import Handler, Machine
    from ptodbg.isa.forms import Form

DMA_BYTES = 64
DMA_CHUNK = 8


@semantic("DMA")
def dma(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    left, right = v["SrcL"], v["SrcR"]
    r = m.r
    mem = m.mem

    def h(pc: int) -> int:
        src = r[left]
        dst = r[right]
        mem.check(src, DMA_BYTES, R)
        mem.check(dst, DMA_BYTES, W)
        data = mem.read_raw(src, DMA_BYTES)
        tracing = mem.capture or mem.watches
        if tracing:
            chunks = [int.from_bytes(data[k : k + DMA_CHUNK], "little") for k in range(0, DMA_BYTES, DMA_CHUNK)]
            for k, value in enumerate(chunks):
                mem.note(MemEvent(LOAD, src + DMA_CHUNK * k, DMA_CHUNK, value, RELAXED))
        mem.write_raw(dst, data)
        if tracing:
            for k, value in enumerate(chunks):
                mem.note(MemEvent(STORE, dst + DMA_CHUNK * k, DMA_CHUNK, value, RELAXED))
        return pc + 4

    return h
