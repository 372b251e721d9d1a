"""Trap classes for a client's exception filters, and where a program installs its trap
handlers.

The DAP server's exception filters read this instead of the core's tables; a trap itself,
what TRAPARG0 holds and how to recover from it are the View's
(:class:`~ptodbg.debug.view.records.TrapStop`, one record and one recovery sentence for every
client), and its JSON is :mod:`~ptodbg.debug.view.jsonstate`'s.
"""

from __future__ import annotations

import bisect
import weakref
from typing import TYPE_CHECKING

from ptodbg.core.faults import (
    BUNDLE_TRAP,
    DATA_ALIGN_FAULT,
    DATA_PAGE_FAULT,
    ILLEGAL_INST,
    INST_PAGE_FAULT,
    INST_PC_FAULT,
)
from ptodbg.core.sysregs import CONTEXT_REGISTERS

if TYPE_CHECKING:
    from ptodbg.debug.engine.debugger import Debugger

PAGE_FAULTS = "page-faults"
ALIGNMENT = "alignment"
ILLEGAL = "illegal-instruction"
ALL_TRAPS = "all-traps"

# Exception-filter id -> (label, trap numbers; None = every trap).
FILTERS: dict[str, tuple[str, frozenset[int] | None]] = {
    PAGE_FAULTS: ("Page faults", frozenset({INST_PAGE_FAULT, DATA_PAGE_FAULT})),
    ALIGNMENT: ("Alignment faults", frozenset({DATA_ALIGN_FAULT})),
    ILLEGAL: ("Illegal instructions", frozenset({ILLEGAL_INST, BUNDLE_TRAP, INST_PC_FAULT})),
    ALL_TRAPS: ("All traps", None),
}

_EVBASE = next(low for low, (name, _) in CONTEXT_REGISTERS.items() if name == "EVBASE")
_SSR_WRITES = frozenset({"SSRSET", "HL.SSRSET", "SSRSWAP"})
_WRITERS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def matches(filter_id: str, number: int) -> bool:
    """Whether a trap numbered ``number`` belongs to the exception filter ``filter_id``."""
    entry = FILTERS.get(filter_id)
    if entry is None:
        return False
    return entry[1] is None or number in entry[1]


def handler_writes(dbg: Debugger) -> list[int]:
    """Addresses of the program's instructions that write an EVBASE register (SSRSET,
    HL.SSRSET, SSRSWAP with an EVBASE id): where a trap handler gets installed.  Found by
    a linear sweep of the executable sections that restarts at every symbol (as
    ``ptodbg disasm`` does); computed once per debugger."""
    if dbg in _WRITERS:
        return _WRITERS[dbg]
    loaded = dbg.loaded
    found: list[int] = []
    if loaded is not None:
        decoder = dbg.decoder
        starts = sorted(a for a in dbg.symbols.by_name.values())
        for sec in loaded.program.sections:
            if not (sec.alloc and sec.executable) or not sec.data:
                continue
            data, base = sec.data, sec.addr
            pos = 0
            while pos + 2 <= len(data):
                form, insn, length = decoder.decode_bytes(data, pos)
                step = max(2, length // 8)
                if form is not None and form.mnemonic in _SSR_WRITES:
                    ident = form.values(insn).get("SSR_ID", -1)
                    if ident & 0xFFF == _EVBASE:
                        found.append(base + pos)
                nxt = pos + step
                i = bisect.bisect_right(starts, base + pos)
                if i < len(starts) and base + pos < starts[i] < base + nxt:
                    nxt = starts[i] - base  # a symbol inside this word: the sweep restarts there
                pos = nxt
    _WRITERS[dbg] = found
    return found
