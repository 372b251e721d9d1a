"""Disassembly of a frozen memory image: the window of rows around an address, and the
instruction of one row.

The window runs from the symbol that contains the focus address (at most
:data:`BEFORE` bytes back) to :data:`AFTER` bytes on, inside the run of executable pages,
and the sweep restarts at every symbol as ``ptodbg disasm`` does, so a misdecoded word
never hides a function entry.  Only lengths are worked out for the window; the text of
a row is made when a client asks for it (:func:`instruction`), so a program with
thousands of symbols costs no more than a small one.  Both read a
:class:`~ptodbg.debug.view.memimage.MemoryImage`, never the machine.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from ptodbg.debug.view.memimage import MemoryImage, peek_decode
from ptodbg.debug.view.records import PAGE_SHIFT, Instruction
from ptodbg.isa.disasm import format_instruction

if TYPE_CHECKING:
    from ptodbg.debug.engine.symbols import Symbols
    from ptodbg.isa.decoder import Decoder

BEFORE = 0x800
AFTER = 0x1000


@dataclass(frozen=True, slots=True)
class Row:
    """A disassembly row: an instruction (``length`` bytes), or a label or message row
    (``length`` 0; ``note`` for a message rather than a symbol)."""

    address: int
    length: int
    label: str = ""
    note: bool = False


@dataclass(frozen=True)
class Listing:
    """The rows of one window, where each instruction's row is, and the image swept (a
    later image can reuse the listing while the window's pages are unchanged)."""

    rows: tuple[Row, ...]
    index: Mapping[int, int]  # instruction address -> row number
    window: tuple[int, int]
    memory: MemoryImage

    def fits(self, memory: MemoryImage, address: int) -> bool:
        """True when this listing still shows ``address`` correctly in ``memory``: the
        address starts one of its rows and no page of the window has changed."""
        if address not in self.index:
            return False
        if memory is self.memory:
            return True
        low, high = self.window
        return all(memory.same_page(self.memory, pn) for pn in range(low >> PAGE_SHIFT, ((high - 1) >> PAGE_SHIFT) + 1))


def _symbol_starts(symbols: Symbols, low: int, high: int) -> list[int]:
    """Addresses of symbols in [low, high), ascending (walking down with ``containing``)."""
    found = []
    address = high - 1
    while address >= low:
        hit = symbols.containing(address)
        if hit is None:
            break
        base = address - hit[1]
        if base < low:
            break
        found.append(base)
        address = base - 1
    return found[::-1]


def sweep(memory: MemoryImage, decoder: Decoder, symbols: Symbols, center: int) -> Listing:
    """The rows of code around ``center``, which is an instruction start in the result."""
    extent = memory.executable_run(center)
    if extent is None:
        row = Row(center, 0, f"{center:#x} is not mapped or not executable", note=True)
        return Listing((row,), MappingProxyType({}), (center, center), memory)
    low, high = extent
    start = max(low, center - BEFORE)
    hit = symbols.containing(center)
    if hit is not None and center - hit[1] >= start:
        start = center - hit[1]
    elif start != low:
        start = center  # no symbol to sweep from: begin at the focus
    end = min(high, center + AFTER)
    stops = sorted({s for s in [*_symbol_starts(symbols, start, end), center] if start <= s < end and not s & 1})
    rows: list[Row] = []
    index: dict[int, int] = {}
    pos = start
    k = 0
    while pos < end:
        while k < len(stops) and stops[k] < pos:
            # the sweep overran a symbol or the focus: drop the overrunning row, restart there
            pos = stops[k]
            k += 1
            if rows and rows[-1].length and rows[-1].address + rows[-1].length > pos:
                index.pop(rows.pop().address, None)
        if k < len(stops) and stops[k] == pos:
            k += 1
        names = symbols.at(pos)
        if names:  # (most addresses have none: no call for them)
            rows.extend(Row(pos, 0, symbols.pretty(name)) for name in names)
        got = peek_decode(memory, decoder, pos)
        length = max(2, got[2] // 8) if got is not None else 2
        index[pos] = len(rows)
        rows.append(Row(pos, length))
        pos += length
    return Listing(tuple(rows), MappingProxyType(index), (start, end), memory)


def instruction(memory: MemoryImage, decoder: Decoder, symbols: Symbols, address: int) -> Instruction:
    """The decoded instruction at ``address`` with its text and labels."""
    labels = tuple(symbols.pretty_at(address))  # demangled, as every printed location
    got = peek_decode(memory, decoder, address)
    if got is None:
        return Instruction(address, 0, b"", 0, None, "(not mapped)", labels)
    form, value, length = got
    size = length // 8
    data = memory.readable_prefix(address, size)
    if form is None and length not in (16, 32, 48, 64):
        return Instruction(address, size, data, value, None,
                           f"({size} bytes before unmapped memory: no whole instruction)", labels)

    def name(target: int) -> str | None:
        at = symbols.pretty_at(target)
        return at[0] if at else None

    try:
        text, _note = format_instruction(form, value, length, address, name)
    except Exception as e:  # noqa: BLE001 - a formatter gap must not break a listing
        mnemonic = form.mnemonic.lower() if form is not None else "?"
        text = f"{mnemonic} {value:#0{length // 4 + 2}x}  (not formatted: {e})"
    return Instruction(address, size, data, value, form.mnemonic if form is not None else None, text, labels)
