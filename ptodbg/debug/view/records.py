"""The typed records every client of the engine reads: frozen records for the block
state, the reservation, a trap, a backtrace frame, a note and a system call, a DMA, a
decoded instruction and a page range, plus the names a client needs to read them
(permission bits, event kinds, trap numbers).

Why a layer of its own: the TUI, batch mode, the DAP server and fault campaigns all show
the same facts.  Building them once, typed and immutable, in ``ptodbg.debug`` means no
client reaches into :mod:`ptodbg.core` for a constant or matches a sentence to learn what
happened (an unsupported system call is a :class:`Note` of kind ``syscall`` with severity
``warning``, not a string that ends in "-ENOSYS"), and JSON is made from these records in
one place (:mod:`ptodbg.debug.view.jsonstate`).
"""

from __future__ import annotations

from enum import IntFlag

from ptodbg.base.record import Frozen
from ptodbg.core.events import ATOMIC, FENCE, LOAD, STORE, MemEvent
from ptodbg.core.faults import (
    DATA_ALIGN_FAULT,
    DATA_PAGE_FAULT,
    INST_PAGE_FAULT,
    SW_BREAKPOINT,
    TRAP_ARGUMENT,
)
from ptodbg.core.machine import PRED_COUNT
from ptodbg.core.memory import PAGE_SHIFT, PAGE_SIZE
from ptodbg.core.state import GPR_NAMES, RA, BlockState
from ptodbg.core.traps import TrapInfo
from ptodbg.isa.registers import REG_INDEX

__all__ = [
    "ATOMIC", "DATA_ALIGN_FAULT", "DATA_PAGE_FAULT", "DMA_BYTES", "EVENT_KINDS", "FENCE", "GPR_NAMES",
    "INST_PAGE_FAULT", "LOAD", "PAGE_SHIFT", "PAGE_SIZE", "RA", "STORE", "SW_BREAKPOINT", "BlockState",
    "CoreState", "DmaInfo", "EditNote", "Frame", "HistorySummary", "Instruction", "Interrupts", "IntervalSummary",
    "LastWrite", "MemEvent", "Note", "PageRange", "Perms", "Registers", "Reservation", "SavedRegister", "Syscall",
    "Timeline", "TimelineMark", "Trap", "TrapStop", "INTERRUPT_NAMES", "PREDICATE_NAMES",
]

EVENT_KINDS = (LOAD, STORE, ATOMIC, FENCE)
DMA_BYTES = 64  # a DMA moves one 64-byte line (asl/scalar/amo/DMA.asl)


# ----------------------------------------------------------------- permissions
class Perms(IntFlag):
    """Page permission bits (the values of :mod:`ptodbg.core.memory`'s R/W/X)."""

    NONE = 0
    X = 1
    W = 2
    R = 4

    @property
    def text(self) -> str:
        """'rwx' spelling, '-' for a missing right."""
        return _PERMS_TEXT[self.value]

    @classmethod
    def of(cls, bits: int) -> Perms:
        """The member for raw bits, without IntFlag's per-call construction cost (the
        eight are made on the first call: a ``ptodbg run`` asks for none)."""
        if not _PERMS:
            _PERMS.extend(Perms(p) for p in range(8))
        return _PERMS[bits & 7]


_PERMS_TEXT = tuple(("r" if p & 4 else "-") + ("w" if p & 2 else "-") + ("x" if p & 1 else "-") for p in range(8))
_PERMS: list[Perms] = []  # Perms.of's eight members, made on its first call


# -------------------------------------------------------------------- registers
class Registers(Frozen):
    """The 24 GPRs, indexable by number or ABI name (``regs[2]``, ``regs["a0"]``)."""

    values: tuple[int, ...]

    NAMES = GPR_NAMES

    def __getitem__(self, key: int | str) -> int:
        if isinstance(key, str):
            return self.values[REG_INDEX[key.lower()]]
        return self.values[key]

    def __len__(self) -> int:
        return len(self.values)

    def items(self) -> list[tuple[str, int]]:
        return list(zip(GPR_NAMES, self.values, strict=True))

    def as_dict(self) -> dict[str, int]:
        return dict(self.items())

    def changed(self, other: Registers | tuple[int, ...] | None) -> frozenset[int]:
        """Indices (1..23) whose value differs from ``other`` (none when it is None)."""
        if other is None:
            return frozenset()
        old = other.values if isinstance(other, Registers) else other
        return frozenset(i for i in range(1, len(self.values)) if self.values[i] != old[i])



# ------------------------------------------------------------ block, reservation
# BlockState (the open block, docs/interfaces.md §6 ``block``) is the core's record, as
# ``Machine.block_state()`` returns it.


class Reservation(Frozen):
    """The LR reservation: the address LR recorded and its size; SC compares the line."""

    address: int
    size: int

    @property
    def line(self) -> int:
        return self.address & ~63


class Interrupts(Frozen):
    """The interrupt state of the bank the current ring's interrupts go to (bank 0 from
    ACR0, bank 1 from the others): IPENDING and TOPEI as an instruction reading them now
    would see them (the timer refreshed), ECONFIG and TIMER_TIMECMP
    (:meth:`~ptodbg.debug.engine.debugger.Debugger.core_state` reads them)."""

    bank: int
    pending: int
    top: int
    config: int
    timecmp: int


#: The names the debugger reads them by (``$p3``, ``info registers ipending``): a
#: predicate's index, an interrupt register's :class:`Interrupts` field.
PREDICATE_NAMES = tuple(f"p{i}" for i in range(PRED_COUNT))
INTERRUPT_NAMES = {"ipending": "pending", "topei": "top", "econfig": "config", "timecmp": "timecmp"}


# ------------------------------------------------------------ the core's state
class CoreState(Frozen):
    """The architectural state at a stop, as the engine hands it to its clients
    (:meth:`~ptodbg.debug.engine.debugger.Debugger.core_state`): what a
    :class:`~ptodbg.debug.view.capture.View` is made from, read from the machine at once."""

    steps: int
    pc: int  # TPC
    regs: Registers
    t: tuple[int | None, ...]  # newest first; None: the slot is not valid
    u: tuple[int | None, ...]
    block: BlockState | None
    bpc: int
    bpcn: int
    acr: int
    lra: int
    reservation: Reservation | None
    trap: Trap | None  # the trap the last attempt entered
    last_trap: Trap | None  # the most recent trap taken, pending or not
    recovered: bool  # the pending trap's bank holds no saved context any more (``recover`` ran)
    recoverable: str | None  # None: ``recover`` of the pending trap's bank works now; else why not
    exit_code: int | None
    output: bytes  # what the program wrote to stdout/stderr (linux profile)
    predicates: tuple[int, ...]  # P0..P7 as instructions read them (P0: all ones)
    interrupts: Interrupts


# ---------------------------------------------------------------------- traps
class Trap(TrapInfo):
    """A trap that was entered (the fields of docs/interfaces.md §6 ``trap`` and what the engine
    knows besides: where trap entry sent TPC, whether a handler runs, and why): the
    core's record, with what a debugger asks of it.  It adds no field, so the core
    record's equality (same class, same fields), hash, repr and immutability hold as they
    are."""

    __slots__ = ()

    @classmethod
    def of(cls, info: TrapInfo | None) -> Trap | None:
        """From the core's ``TrapInfo`` (None stays None)."""
        if info is None:
            return None
        return cls(*[getattr(info, name) for name in TrapInfo.__match_args__])

    @property
    def argument(self) -> str:
        """What TRAPARG0 holds for this trap number."""
        return TRAP_ARGUMENT.get(self.number, "argument")

    @property
    def is_breakpoint(self) -> bool:
        """An EBREAK stop: the program asked to stop; nothing to recover."""
        return self.number == SW_BREAKPOINT


class TrapStop(Frozen):
    """The trap of the last attempt as every client shows it (the TUI's trap pane, the
    DAP's Trap scope and exceptionInfo): the trap, whether it was recovered yet, the one
    sentence that says how to get past it (:func:`~ptodbg.debug.view.capture.recovery_hint`)
    and whether ``recover`` would work now."""

    info: Trap
    recovered: bool
    hint: str  # one sentence: how to get past it
    ok: bool  # the hint says the way forward is clear
    recoverable: str | None = None  # None: ``recover`` restores the bank now; else why it cannot

    @property
    def argument(self) -> str:
        return self.info.argument

    @property
    def blocking(self) -> bool:
        """A fault still in the way (not recovered, not handled, not an EBREAK stop)."""
        return not self.recovered and not self.info.vectored and not self.info.is_breakpoint


# ------------------------------------------------------------------------ DMA
class DmaInfo(Frozen):
    """A DMA the memory views highlight: ``when`` is "next" (at TPC, not yet executed),
    "done" (the last attempt, executed) or "faulted" (the last attempt trapped)."""

    pc: int
    src: int
    dst: int
    when: str

    @property
    def src_range(self) -> tuple[int, int]:
        return self.src, self.src + DMA_BYTES

    @property
    def dst_range(self) -> tuple[int, int]:
        return self.dst, self.dst + DMA_BYTES

    @property
    def overlap(self) -> tuple[int, int] | None:
        low, high = max(self.src, self.dst), min(self.src, self.dst) + DMA_BYTES
        return (low, high) if low < high else None

    def describe(self) -> str:
        text = f"DMA ({self.when}) {self.src:#x}..{self.src + DMA_BYTES:#x} -> {self.dst:#x}..{self.dst + DMA_BYTES:#x}"
        ov = self.overlap
        if ov is not None:
            text += f", overlap {ov[0]:#x}..{ov[1]:#x} ({ov[1] - ov[0]} bytes)"
        return text


# --------------------------------------------------------------------- frames
class SavedRegister(Frozen):
    """A register a frame's FENTRY stored: where, and the value it held for the caller."""

    index: int  # GPR number
    address: int
    value: int

    @property
    def name(self) -> str:
        return GPR_NAMES[self.index]


class Frame(Frozen):
    """One level of the call chain (innermost = level 0), unwound as gdb does: the
    registers the frame's FENTRY saved (``saved``, read from its stack slots) are the
    caller's values, so frame N's ``regs`` are frame N-1's with the registers N-1 saved
    replaced by their slots and sp set to N-1's frame address."""

    level: int
    pc: int
    function: str | None
    offset: int
    sp: int
    where: str  # symbolized pc ("main+0xc")
    demangled: str | None = None  # the function as a C++ programmer reads it, when different
    frame_address: int | None = None  # the caller's sp (gdb's "frame at"); None: no frame template
    saved: tuple[SavedRegister, ...] = ()  # what this frame's FENTRY stored (its caller's values)
    regs: tuple[int, ...] = ()  # the 24 GPRs as this frame sees them (level 0: the live ones)
    inferred: bool = False  # its pc is its callee's ra/LRA (a callee without a frame template)

    @property
    def label(self) -> str:
        """The frame as gdb shows it: the demangled function and the offset in it."""
        if self.demangled is None:
            return self.where
        return self.demangled + (f"+{self.offset:#x}" if self.offset else "")



# ---------------------------------------------------------------------- notes
NOTE_KINDS = ("syscall", "exit", "edit", "other")
SEVERITIES = ("info", "warning")


class Syscall(Frozen):
    """One system call of the linux profile: number, name (None: unsupported), the first
    arguments and the result (None when the call did not return, as exit)."""

    step: int
    number: int
    name: str | None
    args: tuple[int, ...]
    result: int | None

    @property
    def supported(self) -> bool:
        return self.name is not None


class Note(Frozen):
    """Something the timeline noted: a system call, an edit applied, an exit.

    ``kind`` is one of :data:`NOTE_KINDS`, ``severity`` one of :data:`SEVERITIES` (an
    unsupported system call, an edit that could not be applied: ``warning``).  ``text`` is
    the sentence without its "@step" prefix; ``syscall`` the call's facts when it is one."""

    step: int | None
    kind: str
    severity: str
    text: str
    syscall: Syscall | None = None

    @property
    def warning(self) -> bool:
        return self.severity == "warning"


class EditNote(str):
    """The engine's note of a timeline edit, as the text its log has always held
    ("@5: perms 0x12000+0x40 r--"), tagged with its step and whether applying it failed.

    A ``str`` so the engine's log, its de-duplication of replayed notes and every reader
    of it stay as they are; the tag is what :mod:`ptodbg.debug.view.capture` reads to make a typed
    :class:`Note` without matching the words."""

    step: int
    failed: bool

    def __new__(cls, text: str, step: int, failed: bool = False) -> EditNote:
        self = super().__new__(cls, text)
        self.__dict__.update(step=step, failed=failed)
        return self

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self):  # pickle and copy rebuild it with its tag
        return EditNote, (str(self), self.step, self.failed)

    @property
    def message(self) -> str:
        """The text without its "@step:" prefix."""
        return self.removeprefix(f"@{self.step}:").strip()


# ----------------------------------------------------------- code and memory
class Instruction(Frozen):
    """One decoded instruction as a disassembly row shows it (the one listing builder,
    :mod:`ptodbg.debug.view.listing`, makes them for every client)."""

    address: int
    length: int  # bytes (0: nothing could be read there)
    data: bytes  # the instruction's bytes
    value: int  # little-endian instruction word
    mnemonic: str | None  # None: no form matches (or the bytes run into unmapped memory)
    text: str  # assembly (or a data directive / a sentence for what cannot be decoded)
    labels: tuple[str, ...] = ()  # symbols at this address
    note: str = ""  # what the text does not say (a hidden field, an illegal form's reason)
    whole: bool = True  # False: the instruction is not wholly mapped (or not there at all)

    @property
    def symbol(self) -> str | None:
        """The first symbol at this address (a listing's label for the row)."""
        return self.labels[0] if self.labels else None


class PageRange(Frozen):
    """A run of mapped pages with the same permissions and owner (pwndbg's ``vmmap`` row).

    ``name`` says what the range is: an ELF segment (with its sections), ``[stack]``,
    ``[heap]``, ``[mmap]`` or ``[memory]`` (the reference profile's flat memory).  ``mark``
    is the injection state of its pages: "!" permissions revoked until the next faulting
    access, "*" set by the user (perms/inject), "@" an injection scheduled for a later
    step, "" none; ``injection`` says it in words."""

    start: int
    end: int
    perms: Perms
    name: str
    mark: str = ""
    injection: str = ""

    @property
    def size(self) -> int:
        return self.end - self.start


class HistorySummary(Frozen):
    """The recorded timeline: snapshots kept, their memory, the budget, how many were
    thinned out, the furthest step reached and the timeline edits."""

    snapshots: int
    bytes: int
    budget: int
    thinned: int
    horizon: int
    edits: int


# -------------------------------------------------------------------- timeline
class IntervalSummary(Frozen):
    """What happened between two snapshots: steps ``start`` (exclusive) to ``end``.

    ``pages_written``: pages whose contents changed (copied on write, or newly mapped);
    ``trap``: the number of the last trap entered in the interval (None: none), at step
    ``trap_step``.  The last-writer index (``last``): ``pages``, the numbers of those
    pages, ascending, and ``regs``, a mask of the GPRs its instructions may have written
    (bit k: GPR k; same-value writes included) - both exact or a superset, never less."""

    start: int
    end: int
    pages_written: int
    trap: int | None = None
    trap_step: int | None = None
    pages: tuple[int, ...] = ()
    regs: int = (1 << 24) - 2

    def merged(self, later: IntervalSummary) -> IntervalSummary:
        """This interval and the one right after it as one (pages: at most the sum; the
        index: the union of both)."""
        trap = later if later.trap is not None else self
        pages = self.pages if later.pages == self.pages else tuple(sorted({*self.pages, *later.pages}))
        return IntervalSummary(self.start, later.end, self.pages_written + later.pages_written,
                               trap.trap, trap.trap_step, pages, self.regs | later.regs)


class LastWrite(Frozen):
    """The answer of ``last`` (docs/interfaces.md §5): the write nearest before the present.

    ``step`` is the step count just after the writing attempt (``goto step`` shows the new
    value, ``goto step-1`` the old one); ``kind`` "store" | "dma" | "atomic" | "register" |
    "set" (a timeline edit, whose ``pc`` is TPC at that step and ``mnemonic`` None).  For
    memory, ``address``/``size`` is the range the write covered, and for a DMA ``event``
    the number of its first store event that wrote the asked bytes among the attempt's
    ``events`` (1-based, the numbering of ``events`` and of a watchpoint hit: "event 10
    of 16")."""

    step: int
    pc: int
    mnemonic: str | None
    kind: str
    address: int | None = None
    size: int | None = None
    event: int | None = None
    events: int | None = None

    def as_json(self) -> dict:
        out: dict = {"step": self.step, "pc": self.pc, "mnemonic": self.mnemonic, "kind": self.kind}
        if self.address is not None:
            out["address"] = self.address
            out["size"] = self.size
        if self.event is not None:
            out["event"] = self.event
            out["events"] = self.events
        return out


class TimelineMark(Frozen):
    """A point of the timeline worth marking: ``kind`` "breakpoint", "watchpoint" or
    "trap" (a stop the debugger made there) or "edit" (a timeline edit: an injection, a
    permission, register or memory change, a recovery); ``text`` says what it was."""

    step: int
    kind: str
    text: str


class Timeline(Frozen):
    """The recorded run as a client draws it: steps 0 to ``horizon`` (the furthest
    reached), the history's interval summaries (one per ``interval`` steps of a run), the
    marks (stops seen and edits, in step order) and, for a run short enough to know every
    step (:data:`~ptodbg.debug.view.capture.DETAIL_STEPS`), ``detail``: the memory events of each
    attempt (``detail[k]`` is attempt k + 1's; empty when the run is longer)."""

    horizon: int
    interval: int
    intervals: tuple[IntervalSummary, ...] = ()
    marks: tuple[TimelineMark, ...] = ()
    detail: tuple[int, ...] = ()
