"""One immutable view of the debugger per stop: what every pane shows.

The app calls :func:`capture` once after each command that may have moved the machine
(DESIGN.md §8: "one state diff per stop feeds every pane"); the panes only read the
:class:`StopState` and the previous one, so no pane asks the engine on its own and the
per-stop cost does not grow with the number of panes.

Besides the architectural state it works out what a user needs to understand a stop:
the DMA of the current or last instruction (its 64-byte source and destination, from
its events when it executed, from its operand registers otherwise - DMA writes no
register and a precise fault changes none, ``asl/scalar/amo/DMA.asl``), the bytes the
last attempt wrote, the registers changed since the last stop and since a reference
point, and for a trap a recovery hint.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ptodbg.core.events import ATOMIC, LOAD, STORE, MemEvent
from ptodbg.core.faults import (
    DATA_ALIGN_FAULT,
    DATA_PAGE_FAULT,
    INST_PAGE_FAULT,
    SW_BREAKPOINT,
    TRAP_ARGUMENT,
    Fault,
    Halt,
)
from ptodbg.core.memory import PAGE_SHIFT, R, W, X, perms_text
from ptodbg.core.state import GPR_COUNT
from ptodbg.isa.decoder import instruction_length

if TYPE_CHECKING:
    from ptodbg.core import Machine, StepResult, TrapInfo
    from ptodbg.debug.engine import Debugger
    from ptodbg.isa.forms import Form

DMA_BYTES = 64
MASK64 = (1 << 64) - 1


# ------------------------------------------------------------------ decoding
def peek_decode(m: Machine, pc: int) -> tuple[Form | None, int, int] | None:
    """(form, insn, length) at ``pc`` without touching the machine (no decode cache
    entry, no code-page mark, no fault); None when ``pc`` is not mapped."""
    mem = m.mem
    if not mem.mapped(pc):
        return None
    first = mem.peek(pc, 2)
    h0 = first[0] | first[1] << 8
    length = instruction_length(h0)
    if h0 & 0xF == 0x2 and mem.mapped(pc + 2):
        second = mem.peek(pc + 2, 2)
        length = instruction_length(h0, second[0] | second[1] << 8)
    insn = int.from_bytes(mem.peek(pc, length // 8), "little")
    try:
        form = m.decoder.decode(insn, length)
    except (Fault, Halt, ValueError):
        form = None
    return form, insn, length


# ----------------------------------------------------------------------- DMA
@dataclass(frozen=True)
class DmaInfo:
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


def _dma_operands(m: Machine, form: Form, insn: int) -> tuple[int, int]:
    v = form.values(insn)
    return m.r[v["SrcL"]] & MASK64, m.r[v["SrcR"]] & MASK64


def find_dma(m: Machine, last: StepResult | None, trap: TrapInfo | None) -> DmaInfo | None:
    """The DMA to highlight: the last attempt if it was an executed DMA, else the DMA at
    TPC (for a trap stop: at the saved TPC), else a DMA whose last attempt faulted."""
    faulted = None
    if last is not None and last.form is not None and last.form.mnemonic == "DMA":
        src, dst = _dma_operands(m, last.form, last.insn)
        loads = [e.address for e in last.events if e.kind == LOAD]
        stores = [e.address for e in last.events if e.kind == STORE]
        if loads and stores:
            return DmaInfo(last.pc, loads[0], stores[0], "done")
        faulted = DmaInfo(last.pc, src, dst, "faulted" if last.trap is not None else "done")
    pc = trap.saved_tpc if trap is not None and not trap.vectored else m.pc
    got = peek_decode(m, pc)
    if faulted is not None and faulted.pc == pc:
        return faulted
    if got is not None and got[0] is not None and got[0].mnemonic == "DMA":
        src, dst = _dma_operands(m, got[0], got[1])
        return DmaInfo(pc, src, dst, "next")
    return faulted


# ---------------------------------------------------------------------- trap
@dataclass(frozen=True)
class TrapView:
    info: TrapInfo
    recovered: bool
    argument: str  # what TRAPARG0 holds
    hint: str
    ok: bool  # the hint says the way forward is clear

    @property
    def blocking(self) -> bool:
        """A fault still in the way (not recovered, not handled, not an EBREAK stop)."""
        return not self.recovered and not self.info.vectored and self.info.number != SW_BREAKPOINT


def _page_perms(m: Machine, address: int) -> int | None:
    return m.mem.perms_at(address)


def recovery_hint(dbg: Debugger, trap: TrapInfo, dma: DmaInfo | None, recovered: bool) -> tuple[str, bool]:
    """A sentence telling the user how to get past the trap, and whether it is clear."""
    m = dbg.machine
    if recovered:
        what = "the DMA reissues whole" if dma is not None and dma.pc == m.pc else "the instruction re-executes"
        return f"recovered: TPC is back at {dbg.symbolize(m.pc)}; step (s) and {what}", True
    if trap.vectored:
        return f"handled: the bank {trap.bank} handler at {trap.vector:#x} runs next", True
    if trap.number == SW_BREAKPOINT:
        return "an EBREAK stop: the program asked to stop here (nothing to recover)", True
    if trap.number in (DATA_PAGE_FAULT, INST_PAGE_FAULT):
        need = X if trap.number == INST_PAGE_FAULT else R
        is_dma = dma is not None and dma.pc == trap.saved_tpc
        if is_dma and trap.arg0 == dma.dst and dma.src != dma.dst:
            need = W
        elif not is_dma:
            need = R | W
        page = trap.arg0 & ~((1 << PAGE_SHIFT) - 1)
        perms = _page_perms(m, trap.arg0)
        reissue = "the DMA reissues whole" if is_dma else "the instruction re-executes"
        if perms is None:
            return f"{trap.arg0:#x} is not mapped: recovering would fault again (set pc to skip it)", False
        if perms & need == need:
            return f"the page {page:#x} is {perms_text(perms)} now: recover (r), then step: {reissue}", True
        want = perms_text(perms | need)
        return (f"restore the page permission (perms {page:#x} 0x1000 {want}), then recover (r): {reissue}",
                False)
    if trap.number == DATA_ALIGN_FAULT:
        return "the address is misaligned: fix the register (set REG VALUE), then recover (r)", False
    return "fix the cause (set REG VALUE, set mem, perms), then recover (r) to re-execute it", False


def trap_view(dbg: Debugger, dma: DmaInfo | None) -> TrapView | None:
    m = dbg.machine
    trap = m.pending_trap
    if trap is None:
        return None
    recovered = m.saved[trap.bank] is None and not trap.vectored
    hint, ok = recovery_hint(dbg, trap, dma, recovered)
    return TrapView(trap, recovered, TRAP_ARGUMENT.get(trap.number, "argument"), hint, ok)


# ---------------------------------------------------------------- the state
@dataclass(frozen=True)
class StopState:
    """Everything the panes show for one stop."""

    serial: int
    steps: int
    pc: int
    status: str
    message: str
    regs: tuple[int, ...]
    t: tuple[int | None, ...]
    u: tuple[int | None, ...]
    block: dict | None
    acr: int
    lra: int
    resv: tuple[int, int] | None
    events: tuple[MemEvent, ...]
    last_pc: int | None
    last_text: str
    dma: DmaInfo | None
    trap: TrapView | None
    written: frozenset[int]
    changed: frozenset[int] = field(default_factory=frozenset)  # GPR indices vs the last stop
    cumulative: frozenset[int] = field(default_factory=frozenset)  # vs the reference point
    queue_changed: frozenset[str] = field(default_factory=frozenset)  # "t", "u"
    notes: tuple[str, ...] = ()
    step_notes: tuple[str, ...] = ()  # what the last attempt noted (a system call, an edit applied)
    output: bytes = b""  # what the program wrote (linux profile: stdout and stderr)
    reissued: TrapInfo | None = None  # the recovered trap whose instruction the last attempt re-executed

    @property
    def focus_pc(self) -> int:
        """Where the disassembly centres: the faulting instruction at a trap stop
        without a handler (TPC then holds TRAPARG0), else TPC."""
        if self.trap is not None and not self.trap.info.vectored and not self.trap.recovered:
            return self.trap.info.saved_tpc
        return self.pc


def written_bytes(events: tuple[MemEvent, ...] | list[MemEvent]) -> frozenset[int]:
    """Byte addresses that the events stored (performed atomics included)."""
    out: set[int] = set()
    for e in events:
        if e.kind == STORE or (e.kind == ATOMIC and e.performed and e.written is not None):
            out.update(range(e.address, e.address + e.size))
    return frozenset(out)


def capture(dbg: Debugger, serial: int, prev: StopState | None = None,
            reference: tuple[int, ...] | None = None) -> StopState:
    """Read the debugger once and build the stop's view state (diffed with ``prev``)."""
    m = dbg.machine
    events = tuple(dbg.events())  # also makes dbg.last_step the last attempt
    last = dbg.last_step if m.steps else None
    trap_now = m.pending_trap
    dma = find_dma(m, last, trap_now)
    trap = trap_view(dbg, dma)
    regs = tuple(m.r[:GPR_COUNT])
    t, u = tuple(m.queue("t")), tuple(m.queue("u"))
    changed: frozenset[int] = frozenset()
    queue_changed: set[str] = set()
    if prev is not None:
        changed = frozenset(i for i in range(1, GPR_COUNT) if regs[i] != prev.regs[i])
        if t != prev.t:
            queue_changed.add("t")
        if u != prev.u:
            queue_changed.add("u")
    cumulative = frozenset()
    if reference is not None:
        cumulative = frozenset(i for i in range(1, GPR_COUNT) if regs[i] != reference[i])
    reissued = None
    if (prev is not None and prev.trap is not None and prev.trap.recovered and last is not None
            and last.pc == prev.trap.info.saved_tpc and m.steps == prev.steps + 1):
        reissued = prev.trap.info
    last_text = ""
    if last is not None:
        name = last.form.mnemonic if last.form is not None else "?"
        last_text = f"{name} at {dbg.symbolize(last.pc)}"
        if last.trap is not None:
            last_text += f" trapped ({last.trap.name})"
    return StopState(
        serial=serial,
        steps=m.steps,
        pc=m.pc,
        status=dbg.last.status,
        message=dbg.last.message,
        regs=regs,
        t=t,
        u=u,
        block=m.block_state(),
        acr=m.acr,
        lra=m.lra,
        resv=m.resv,
        events=events,
        last_pc=last.pc if last is not None else None,
        last_text=last_text,
        dma=dma,
        trap=trap,
        written=written_bytes(events),
        changed=changed,
        cumulative=cumulative,
        queue_changed=frozenset(queue_changed),
        notes=tuple(dbg.notes[-8:]),
        step_notes=step_notes(dbg, last),
        output=getattr(m.os_state, "output", b""),
        reissued=reissued,
    )


def step_notes(dbg: Debugger, last) -> tuple[str, ...]:
    """The notes of the step that led here, without their "@step" prefix: what the last
    attempt noted itself (a system call and its result, an unsupported call's -ENOSYS)
    and the timeline edits applied on reaching this step."""
    steps = dbg.machine.steps
    if not steps:
        return ()
    out = [_unprefixed(n) for n in (last.notes if last is not None else ())]
    mine = f"@{steps}:"
    out += [n[len(mine):].strip() for n in dbg.notes[-8:] if n.startswith(mine)]
    return tuple(out)


def _unprefixed(note: str) -> str:
    head, _, rest = note.partition(" ")
    return rest if head.startswith("@") and rest else note


def perms_marks(dbg: Debugger) -> tuple[dict[int, str], dict[int, str]]:
    """Per page number: a mark for user-injected permissions ("!" once-only pending,
    "*" changed by perms/inject, "@" a scheduled injection still to come) and a short
    description of it (for the gutter and its legend)."""
    marks: dict[int, str] = {}
    why: dict[int, str] = {}
    mem = dbg.machine.mem

    def pages(address: int, length: int) -> range:
        return range(address >> PAGE_SHIFT, ((address + max(length, 1) - 1) >> PAGE_SHIFT) + 1)

    for i, edit in enumerate(dbg.edits):
        if edit.kind not in ("perms", "once"):
            continue
        address, length, perms = edit.args
        applied = i < dbg.cursor
        for pn in pages(address, length):
            if not applied:
                marks.setdefault(pn, "@")
                why.setdefault(pn, f"{perms} at step {edit.step}")
            elif edit.kind == "perms":
                marks[pn] = "*"
                why[pn] = f"perms {perms} since step {edit.step}"
    for pn in mem.once:
        marks[pn] = "!"
        why[pn] = f"{perms_text(mem.perms.get(pn, 0))} until the next access faults"
    return marks, why


# ------------------------------------------------------------ event filter
EVENT_KINDS = (LOAD, STORE, ATOMIC, "fence")


@dataclass(frozen=True)
class EventFilter:
    """A history filter: event kinds (any of) and address ranges (any of), both optional.

    Written as words: ``load``, ``store``, ``atomic``, ``fence``; ``A..B`` (a byte range),
    or an expression ``A`` (events touching that byte), e.g. ``store dst..dst+64``."""

    kinds: frozenset[str] = frozenset()
    ranges: tuple[tuple[int, int], ...] = ()
    text: str = ""

    def __call__(self, e: MemEvent) -> bool:
        if self.kinds and e.kind not in self.kinds:
            return False
        if self.ranges and not any(e.touches(lo, hi) for lo, hi in self.ranges):
            return False
        return True


def parse_event_filter(dbg: Debugger, text: str) -> EventFilter:
    """Parse a filter; ValueError (one sentence) for a word that is neither."""
    kinds: set[str] = set()
    ranges: list[tuple[int, int]] = []
    for word in text.split():
        low = word.lower().removeprefix("kind:")
        if low in EVENT_KINDS:
            kinds.add(low)
            continue
        word = word.removeprefix("addr:")
        if ".." in word:
            a, _, b = word.partition("..")
            lo, hi = dbg.evaluate(a) & MASK64, dbg.evaluate(b) & MASK64
            if hi <= lo:
                raise ValueError(f"empty range {word!r}")
            ranges.append((lo, hi))
        else:
            lo = dbg.evaluate(word) & MASK64
            ranges.append((lo, lo + 1))
    return EventFilter(frozenset(kinds), tuple(ranges), text)
