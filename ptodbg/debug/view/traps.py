"""Traps as a debugger's client presents them: their class (for exception filters), what
TRAPARG0 holds, whether and how the user can recover, and where each bank's handler is.

The DAP server's ``exceptionInfo`` and exception filters read this instead of the core's
tables; the words follow docs/interfaces.md §2 (trap stops, ``recover``) and the precise faults of ``asl/arch/memory-model/fault-precision.asl``.
"""

from __future__ import annotations

import bisect
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ptodbg.core.faults import (
    BUNDLE_TRAP,
    DATA_ALIGN_FAULT,
    DATA_PAGE_FAULT,
    ILLEGAL_INST,
    INST_PAGE_FAULT,
    INST_PC_FAULT,
    SW_BREAKPOINT,
    TRAP_ARGUMENT,
    trap_name,
)
from ptodbg.core.sysregs import CONTEXT_REGISTERS, context_index

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


@dataclass(frozen=True, slots=True)
class TrapView:
    """A trap as a client shows it."""

    number: int
    name: str
    cause: int
    arg0: int
    argument: str  # what TRAPARG0 holds ("data address", ...)
    bank: int
    saved_tpc: int
    reason: str
    vectored: bool
    recoverable: str | None  # None: `recover` will work now; else why not
    how_to_recover: str

    def as_json(self) -> dict:
        return {"number": self.number, "name": self.name, "cause": self.cause, "arg0": self.arg0,
                "argument": self.argument, "bank": self.bank, "saved_tpc": self.saved_tpc,
                "reason": self.reason, "recoverable": self.recoverable is None,
                "how_to_recover": self.how_to_recover}


def matches(filter_id: str, number: int) -> bool:
    """Whether a trap numbered ``number`` belongs to the exception filter ``filter_id``."""
    entry = FILTERS.get(filter_id)
    if entry is None:
        return False
    return entry[1] is None or number in entry[1]


def _hint(number: int, arg0: int, saved_tpc: int) -> str:
    resume = f"`recover` restores the saved context: TPC returns to {saved_tpc:#x}, which re-executes in full"
    if number in (DATA_PAGE_FAULT, INST_PAGE_FAULT):
        return (f"Give the page of {arg0:#x} the access it needs (`perms {arg0:#x} 1 rw-`, or r-x for code), "
                f"then {resume}.")
    if number == DATA_ALIGN_FAULT:
        return f"Make the address register hold an aligned address (`set REG VALUE`), then {resume}."
    if number in (ILLEGAL_INST, BUNDLE_TRAP):
        return (f"Replace the instruction at {saved_tpc:#x} (`set mem {saved_tpc:#x} BYTES`) or move past it "
                f"(`set pc ADDRESS` after recovering); {resume}.")
    if number == SW_BREAKPOINT:
        return f"EBREAK asks the debugger to stop; {resume} (the EBREAK itself), so move on with `set pc ADDRESS`."
    return f"Fix the cause, then {resume}."


def view(dbg: Debugger, trap) -> TrapView:
    """A :class:`TrapView` of a core TrapInfo."""
    why = dbg.machine.recoverable(trap.bank)
    return TrapView(trap.number, trap.name, trap.cause, trap.arg0, TRAP_ARGUMENT.get(trap.number, "argument"),
                    trap.bank, trap.saved_tpc, trap.reason, trap.vectored, why,
                    _hint(trap.number, trap.arg0, trap.saved_tpc))


def pending(dbg: Debugger) -> TrapView | None:
    """The trap the most recent instruction attempt entered, if it trapped."""
    trap = dbg.machine.pending_trap
    return view(dbg, trap) if trap is not None else None


def last(dbg: Debugger) -> TrapView | None:
    """The most recent trap taken (pending or not)."""
    m = dbg.machine
    trap = m.pending_trap or m.last_trap
    return view(dbg, trap) if trap is not None else None


def handlers(dbg: Debugger) -> dict[int, int]:
    """Bank -> handler address (EVBASE) for the banks that have one."""
    sregs = dbg.machine.sregs
    out = {}
    for bank in range(len(dbg.machine.saved)):
        base = sregs.get(context_index(bank, _EVBASE), 0)
        if base:
            out[bank] = base
    return out


def name_of(number: int) -> str:
    return trap_name(number)


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
        decoder = dbg.machine.decoder
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
