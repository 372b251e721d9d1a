"""A frozen image of a machine's memory: its pages and permissions at one stop.

A :class:`MemoryImage` holds the page objects a snapshot would hold (shared
copy-on-write: the machine copies a page before it next writes it, so the image's bytes
never change) and copies of the permission tables.  Reading it never touches the
machine, so a client can render memory and code from it while another thread runs the
machine on (docs/interfaces.md §1: clients read the machine only through the engine).

Reads are honest about unmapped memory: :meth:`MemoryImage.read` returns None, and
:meth:`MemoryImage.row` returns no bytes for an unmapped page; nothing reads as zeros.
Decoding goes through :func:`peek_decode`, the one place that turns bytes into an
instruction.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Protocol

from ptodbg.debug.view.records import PAGE_SHIFT, PAGE_SIZE, Perms
from ptodbg.isa.fetch import Unfetchable, bytes_reader, fetch_instruction

if TYPE_CHECKING:
    from ptodbg.isa.decoder import Decoder
    from ptodbg.isa.forms import Form

PAGE_MASK = PAGE_SIZE - 1
MAX_INSTRUCTION = 8  # bytes of the longest instruction (64 bits)


class CodeMemory(Protocol):
    """What decoding reads: a :class:`MemoryImage` (a frozen stop) or the engine's live
    memory reader (:meth:`~ptodbg.debug.engine.debugger.Debugger.code_memory`)."""

    def readable_prefix(self, address: int, size: int) -> bytes:
        """The bytes at ``address`` up to ``size`` or the first unmapped byte."""


class MemoryImage:
    """Read-only pages and permissions (see the module docstring)."""

    __slots__ = ("_pages", "_perms", "_once")

    def __init__(self, pages: Mapping[int, bytearray], perms: Mapping[int, int], once: Mapping[int, int]) -> None:
        self._pages = pages  # the snapshot's dict: nobody else holds it
        self._perms = perms
        self._once = once

    @classmethod
    def of_memory(cls, mem) -> MemoryImage:
        """The image of a machine's :class:`~ptodbg.core.memory.Memory` now: its pages,
        shared copy-on-write as a snapshot shares them (``Memory.share_all``), and copies
        of its permission tables.  Call it on the thread that runs the machine."""
        return cls(mem.share_all(), dict(mem.perms), dict(mem.once))

    # ------------------------------------------------------------- pages
    @property
    def perms(self) -> Mapping[int, int]:
        """Page number -> permission bits, read-only."""
        return MappingProxyType(self._perms)

    @property
    def once(self) -> Mapping[int, int]:
        """Pages whose permissions are revoked until the next faulting access -> the
        permissions that access restores."""
        return MappingProxyType(self._once)

    def same_page(self, other: MemoryImage, pn: int) -> bool:
        """True when page ``pn`` holds the same bytes in both images (copy-on-write: an
        unchanged page is the very same object)."""
        return self._pages.get(pn) is other._pages.get(pn)

    def page_perms(self, pn: int) -> Perms | None:
        """Permissions of page number ``pn``; None when unmapped."""
        bits = self._perms.get(pn)
        return None if bits is None else Perms.of(bits)

    def perms_at(self, address: int) -> Perms | None:
        return self.page_perms(address >> PAGE_SHIFT)

    def mapped(self, address: int) -> bool:
        return (address >> PAGE_SHIFT) in self._pages

    # ------------------------------------------------------------- bytes
    def read(self, address: int, size: int) -> bytes | None:
        """``size`` bytes at ``address``; None when any of them is unmapped."""
        out = bytearray()
        while size > 0:
            pn, off = address >> PAGE_SHIFT, address & PAGE_MASK
            page = self._pages.get(pn)
            if page is None:
                return None
            n = min(size, PAGE_SIZE - off)
            out += page[off : off + n]
            address += n
            size -= n
        return bytes(out)

    def readable_prefix(self, address: int, size: int) -> bytes:
        """The bytes at ``address`` up to ``size`` or the first unmapped byte."""
        out = bytearray()
        while size > 0:
            pn, off = address >> PAGE_SHIFT, address & PAGE_MASK
            page = self._pages.get(pn)
            if page is None:
                break
            n = min(size, PAGE_SIZE - off)
            out += page[off : off + n]
            address += n
            size -= n
        return bytes(out)

    def row(self, address: int, size: int) -> tuple[bytes | None, Perms | None]:
        """(bytes, permissions) of a row that lies inside one page (a hex view row):
        (None, None) when the page is unmapped."""
        pn, off = address >> PAGE_SHIFT, address & PAGE_MASK
        page = self._pages.get(pn)
        if page is None:
            return None, None
        return bytes(page[off : off + size]), Perms.of(self._perms[pn])

    def mapped_pages(self) -> list[int]:
        """Every mapped page number, ascending."""
        return sorted(self._pages)

    def executable_run(self, address: int, limit: int = 64) -> tuple[int, int] | None:
        """[low, high) of the run of executable pages around ``address`` (at most
        ``limit`` pages each way); None when its page is unmapped."""
        perms = self._perms
        pn = address >> PAGE_SHIFT
        if pn not in perms:
            return None
        low = pn
        while perms.get(low - 1, 0) & Perms.X and pn - low < limit:
            low -= 1
        high = pn
        while perms.get(high + 1, 0) & Perms.X and high - pn < limit:
            high += 1
        return low << PAGE_SHIFT, (high + 1) << PAGE_SHIFT


def fetch_at(memory: CodeMemory, decoder: Decoder, pc: int) -> tuple[Form | None, int, int, bool] | None:
    """(form or None, instruction value, length in bits, whole) at ``pc``; None when ``pc``
    is unmapped.  ``whole`` is False for an instruction that runs into unmapped memory: then
    it has no form and the length of the bytes there.

    THE one place the view decodes an instruction (the disassembly, the DAP's listing, the
    DMA at TPC, the last attempt): it reads the image, never the machine, so it is safe while
    another thread runs the machine.  It fetches with the ISA's one fetch function
    (:func:`ptodbg.isa.fetch.fetch_instruction`, through :meth:`Decoder.decode_bytes`, the
    fused-call length rule included), as :meth:`Machine.peek_decode` does on a live machine."""
    raw = memory.readable_prefix(pc, MAX_INSTRUCTION)
    if len(raw) < 2:
        return None
    form, value, length = decoder.decode_bytes(raw)
    return form, value, length, form is not None or _fetchable(raw)


def peek_decode(memory: CodeMemory, decoder: Decoder, pc: int) -> tuple[Form | None, int, int] | None:
    """(form or None, instruction value, length in bits) at ``pc`` (see :func:`fetch_at`)."""
    got = fetch_at(memory, decoder, pc)
    return None if got is None else got[:3]


def _fetchable(raw: bytes) -> bool:
    """Whether every halfword of the instruction at the start of ``raw`` is in it (an
    illegal word is; one that runs into unmapped memory is not)."""
    try:
        fetch_instruction(bytes_reader(raw), 0)
    except Unfetchable:
        return False
    return True
