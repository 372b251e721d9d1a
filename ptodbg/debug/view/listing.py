"""The one listing builder: disassembly rows for every client.  The TUI's window of rows
around an address (:func:`sweep`), the DAP's and x/i's row-by-row listings
(:func:`rows_around`), and the instruction of one row (:func:`instruction`), all decoded by
:func:`~ptodbg.debug.view.memimage.fetch_at`.

The window runs from the symbol that contains the focus address (at most
:data:`BEFORE` bytes back) to :data:`AFTER` bytes on, inside the run of executable pages,
and the sweep restarts at every symbol as ``ptodbg disasm`` does, so a misdecoded word
never hides a function entry.  Only lengths are worked out for the window; the text of
a row is made when a client asks for it (:func:`instruction`), so a program with
thousands of symbols costs no more than a small one.  Both read a
:class:`~ptodbg.debug.view.memimage.MemoryImage`, never the machine.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING

from ptodbg.debug.view.memimage import CodeMemory, MemoryImage, fetch_at, peek_decode
from ptodbg.debug.view.records import PAGE_SHIFT, Instruction
from ptodbg.isa.disasm import format_instruction

if TYPE_CHECKING:
    from ptodbg.debug.engine.symbols import Symbols
    from ptodbg.isa.decoder import Decoder

BEFORE = 0x800
AFTER = 0x1000
MAX_ROWS = 100_000  # rows one row-by-row listing may produce
SYNC_REACH = 0x10000  # a boundary further back than this is not used to sweep from
MASK64 = (1 << 64) - 1


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


def instruction(memory: CodeMemory, decoder: Decoder, symbols: Symbols, address: int) -> Instruction:
    """The decoded instruction at ``address`` with its text, note and labels."""
    labels = tuple(symbols.pretty_at(address))  # demangled, as every printed location
    got = fetch_at(memory, decoder, address)
    if got is None:
        return Instruction(address, 0, b"", 0, None, "(not mapped)", labels, whole=False)
    form, value, length, whole = got
    size = length // 8
    data = memory.readable_prefix(address, size)
    if not whole:
        return Instruction(address, size, data, value, None,
                           f"({size} bytes before unmapped memory: no whole instruction)", labels, whole=False)

    def name(target: int) -> str | None:
        at = symbols.pretty_at(target)
        return at[0] if at else None

    try:
        text, note = format_instruction(form, value, length, address, name)
    except Exception as e:  # noqa: BLE001 - a formatter gap must not break a listing
        mnemonic = form.mnemonic.lower() if form is not None else "?"
        text, note = f"{mnemonic} {value:#0{length // 4 + 2}x}  (not formatted: {e})", ""
    return Instruction(address, size, data, value, form.mnemonic if form is not None else None, text, labels, note)


# ------------------------------------------------- listings that step row by row
# The DAP's ``disassemble`` request and gdb's x/i list instructions from an address on (or
# the ones that end at it), one whole instruction a row: bytes that are not a whole mapped
# instruction (or an odd address) make an invalid row of 2 bytes, never zeros.  A listing
# that must start before an address sweeps forward from a known instruction boundary - the
# start of the symbol or source line at or before it - and restarts at the address itself,
# as ``ptodbg disasm`` restarts at every symbol, so the rows at and after the address are
# always its real instructions.


def row_at(memory: CodeMemory, decoder: Decoder, symbols: Symbols, address: int) -> Instruction:
    """The row of ``address``: its instruction when it is whole and mapped, else an
    invalid row (``whole`` False, 2 bytes, note "not mapped")."""
    address &= MASK64
    if not address & 1:
        found = instruction(memory, decoder, symbols, address)
        if found.whole:
            return found
    return _invalid(symbols, address)


def _invalid(symbols: Symbols, address: int) -> Instruction:
    return Instruction(address, 2, b"", 0, None, "", tuple(symbols.at(address)), "not mapped", whole=False)


def _row_length(memory: CodeMemory, decoder: Decoder, address: int) -> int:
    """Bytes of the row at ``address`` (2 for an invalid one), without its text."""
    got = None if address & 1 else fetch_at(memory, decoder, address)
    return got[2] // 8 if got is not None and got[3] else 2


def rows_after(memory: CodeMemory, decoder: Decoder, symbols: Symbols, address: int,
               count: int) -> list[Instruction]:
    """``count`` rows from ``address`` on."""
    out = []
    pos = address & MASK64
    for _ in range(max(0, min(count, MAX_ROWS))):
        row = row_at(memory, decoder, symbols, pos)
        out.append(row)
        pos = (pos + row.length) & MASK64
    return out


def rows_before(memory: CodeMemory, decoder: Decoder, symbols: Symbols, address: int, count: int,
                boundaries: list[int] | None = None) -> list[Instruction]:
    """The ``count`` rows that end at ``address`` (oldest first).  ``boundaries`` are
    known instruction starts (line-table rows) besides the symbols."""
    count = max(0, min(count, MAX_ROWS))
    known = sorted(set(symbols.ordered()[0]) | set(boundaries or []))
    out: list[Instruction] = []
    high = address & MASK64
    for _ in range(64):
        if len(out) >= count or high == 0:
            break
        need = count - len(out)
        i = bisect.bisect_left(known, high)
        start = known[i - 1] if i and high - known[i - 1] <= SYNC_REACH else None
        if start is None or high - start < 2:
            start = max(0, high - 8 * need)  # no boundary: a guess that the restart fixes after
        starts: list[int] = []
        pos = start
        while pos < high:
            size = _row_length(memory, decoder, pos)
            if pos + size > high:
                break  # the sweep overran the restart point: the next row starts there
            starts.append(pos)
            pos += size
        if not starts:
            starts = [high - 2]
        out = [row_at(memory, decoder, symbols, a) for a in starts[-need:]] + out
        high = starts[0] if len(starts) <= need else starts[-need]
    if len(out) < count:
        first = out[0].address if out else address
        out = [_invalid(symbols, first - 2 * k) for k in range(count - len(out), 0, -1) if first - 2 * k >= 0] + out
    return out[-count:] if count else []


def rows_around(memory: CodeMemory, decoder: Decoder, symbols: Symbols, address: int, offset: int, count: int,
                boundaries: list[int] | None = None) -> list[Instruction]:
    """``count`` rows starting ``offset`` instructions from ``address`` (negative: before
    it), as the DAP ``disassemble`` request asks."""
    count = max(0, min(count, MAX_ROWS))
    offset = max(-MAX_ROWS, min(offset, MAX_ROWS))
    if offset >= 0:
        return rows_after(memory, decoder, symbols, address, offset + count)[offset:]
    before = rows_before(memory, decoder, symbols, address, -offset, boundaries)
    if count <= len(before):
        return before[:count]
    return before + rows_after(memory, decoder, symbols, address, count - len(before))
