"""Disassembly rows of the machine's memory for clients (the DAP ``disassemble`` request;
anything that lists instructions around an address).

Reading here never changes the machine: bytes are read only from mapped pages (an
instruction that is not wholly mapped is an *invalid* row, never zeros), no decode cache
entry is made and no code page is marked.  A listing that must start before an address
sweeps forward from a known instruction boundary — the start of the symbol or source line
at or before it — and restarts at the address itself, as ``ptodbg disasm`` restarts at
every symbol, so the rows at and after the address are always its real instructions.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ptodbg.core.memory import PAGE_SHIFT
from ptodbg.isa.decoder import instruction_length
from ptodbg.isa.disasm import format_instruction

if TYPE_CHECKING:
    from ptodbg.debug.engine.debugger import Debugger

MAX_ROWS = 100_000  # rows one call may produce
SYNC_REACH = 0x10000  # a boundary further back than this is not used to sweep from
MASK64 = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class InstructionRow:
    """One row: a decoded instruction, or ``valid`` False for bytes that are not mapped."""

    address: int
    length: int  # bytes
    raw: bytes
    text: str
    note: str
    symbol: str | None  # a symbol that starts at this address
    valid: bool


def _mapped(dbg: Debugger, address: int, size: int) -> bool:
    pages = dbg.machine.mem.pages
    if address < 0 or address + size > 1 << 64:
        return False
    return all(pn in pages for pn in range(address >> PAGE_SHIFT, ((address + size - 1) >> PAGE_SHIFT) + 1))


def _invalid(dbg: Debugger, address: int) -> InstructionRow:
    at = dbg.symbols.at(address)
    return InstructionRow(address, 2, b"", "", "not mapped", at[0] if at else None, False)


def _length_at(dbg: Debugger, address: int) -> int | None:
    """Length in bytes of the instruction at ``address`` (None: not mapped)."""
    if address & 1 or not _mapped(dbg, address, 2):
        return None
    mem = dbg.machine.mem
    first = mem.peek(address, 2)
    h0 = first[0] | first[1] << 8
    second = None
    if h0 & 0xF == 0x2 and _mapped(dbg, address + 2, 2):
        raw2 = mem.peek(address + 2, 2)
        second = raw2[0] | raw2[1] << 8
    size = instruction_length(h0, second) // 8
    return size if _mapped(dbg, address, size) else None


def decode_row(dbg: Debugger, address: int) -> InstructionRow:
    """The instruction at ``address`` (an invalid row when its bytes are not mapped)."""
    address &= MASK64
    size = _length_at(dbg, address)
    if size is None:
        return _invalid(dbg, address)
    raw = dbg.machine.mem.peek(address, size)
    insn = int.from_bytes(raw, "little")
    symbols = dbg.symbols

    def name(a: int) -> str | None:
        at = symbols.pretty_at(a)  # demangled, as every printed location
        return at[0] if at else None

    try:
        form = dbg.machine.decoder.decode(insn, size * 8)
        text, note = format_instruction(form, insn, size * 8, address, name)
    except Exception as e:  # noqa: BLE001 - a formatter gap must not break a listing
        text, note = f".half {insn:#x}", f"not formatted: {e}"
    return InstructionRow(address, size, raw, text, note, name(address), True)


def _boundaries(dbg: Debugger, extra: list[int]) -> list[int]:
    addrs = dbg.symbols.ordered()[0]  # sorted symbol addresses
    return sorted(set(addrs) | set(extra))


def rows_after(dbg: Debugger, address: int, count: int) -> list[InstructionRow]:
    """``count`` rows from ``address`` on."""
    out = []
    pos = address & MASK64
    for _ in range(max(0, min(count, MAX_ROWS))):
        row = decode_row(dbg, pos)
        out.append(row)
        pos = (pos + row.length) & MASK64
    return out


def rows_before(dbg: Debugger, address: int, count: int, boundaries: list[int] | None = None) -> list[InstructionRow]:
    """The ``count`` rows that end at ``address`` (oldest first).  ``boundaries`` are
    known instruction starts (line-table rows) besides the symbols."""
    count = max(0, min(count, MAX_ROWS))
    known = _boundaries(dbg, boundaries or [])
    out: list[InstructionRow] = []
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
            size = _length_at(dbg, pos) or 2
            if pos + size > high:
                break  # the sweep overran the restart point: the next row starts there
            starts.append(pos)
            pos += size
        if not starts:
            starts = [high - 2]
        out = [decode_row(dbg, a) for a in starts[-need:]] + out
        high = starts[0] if len(starts) <= need else starts[-need]
    if len(out) < count:
        first = out[0].address if out else address
        out = [_invalid(dbg, first - 2 * k) for k in range(count - len(out), 0, -1) if first - 2 * k >= 0] + out
    return out[-count:] if count else []


def rows_around(dbg: Debugger, address: int, offset: int, count: int,
                boundaries: list[int] | None = None) -> list[InstructionRow]:
    """``count`` rows starting ``offset`` instructions from ``address`` (negative:
    before it), as the DAP ``disassemble`` request asks."""
    count = max(0, min(count, MAX_ROWS))
    offset = max(-MAX_ROWS, min(offset, MAX_ROWS))
    if offset >= 0:
        return rows_after(dbg, address, offset + count)[offset:]
    before = rows_before(dbg, address, -offset, boundaries)
    if count <= len(before):
        return before[:count]
    return before + rows_after(dbg, address, count - len(before))
