"""``last LOC [LEN]`` / ``last REG``: the most recent attempt, up to and including the one
that led to the present step, that wrote those bytes or that register (docs/interfaces.md §5;
Undo's ``last``).  Right after a DMA, ``last dst`` names that DMA: what the panes show was
written by it, and a debugger never says otherwise.

Why a module of its own: the question reverse debuggers exist for must be answered fast
at any depth, so it is answered from an index rather than by stepping back.  The history
keeps, per snapshot interval, the pages written and a mask of the GPRs written
(:class:`~ptodbg.debug.view.records.IntervalSummary`, exact or a superset); a query

1. takes the latest timeline edit that wrote the target at or before the present step
   (``set``, ``set mem``: the edit list is exact and small; an edit is applied on arrival
   at its step, after that step's attempt) - an instruction at or before its step cannot
   be the answer;
2. walks the intervals after that edit backwards, newest first, and re-runs only the ones
   whose index says they may have written the target (and the newest steps, not
   summarised yet), stopping at the first that did: the last write in it is the answer.
   A re-run is fast (a write watchpoint on the bytes, or 256-step chunks with the
   machine's write mask for a register), and only its candidate attempts are executed
   on the precise path, events captured, to confirm and describe the write.

A write is a store, atomic or DMA store event overlapping the bytes (a DMA names which of
its 8 store events), a system call writing them (a change without an event), or an
attempt whose destinations include the register (:mod:`ptodbg.core.writeset`); a write of
the same value counts.  ``step`` is the step count just after the writing attempt: ``goto
STEP`` shows the new value, ``goto STEP-1`` the old one with the writer about to run (where
reverse execution to a watchpoint stops, as in rr), and ``last`` from there finds the
writer before that one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ptodbg.core.events import ATOMIC, STORE
from ptodbg.core.memory import PAGE_SHIFT, Watch
from ptodbg.debug.engine.edits import Edit, MemoryEdit, RegisterEdit
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.view.records import LastWrite

if TYPE_CHECKING:
    from ptodbg.core import Machine, StepResult
    from ptodbg.debug.engine.debugger import Debugger

MAX_LENGTH = 1 << 20  # the most bytes one query names (as ``x``)


@dataclass(frozen=True, slots=True)
class Target:
    """What a query asks about: one GPR (``reg``: its number) or the bytes [low, high)."""

    text: str
    reg: int | None = None
    low: int = 0
    high: int = 0

    def pages(self) -> frozenset[int]:
        if self.reg is not None:
            return frozenset()
        return frozenset(range(self.low >> PAGE_SHIFT, ((self.high - 1) >> PAGE_SHIFT) + 1))


def register_target(m: Machine, name: str) -> Target | None:
    """The target for a GPR name (ABI name or rN), or None when ``name`` is no GPR."""
    try:
        return Target(name, reg=m.reg_index(name.lower()))
    except (KeyError, ValueError):
        return None


def memory_target(d: Debugger, address: int, length: int, text: str) -> Target:
    """The target for ``length`` bytes at ``address``: every byte must be mapped now."""
    if not 1 <= length <= MAX_LENGTH:
        raise DebugError(f"length {length} must be 1..{MAX_LENGTH} bytes")
    first = d.machine.mem.first_unmapped(address, length)
    if first is not None:
        d.memory(first, 1)  # raises the one honest message: cannot access memory at ...
    return Target(text, low=address, high=address + length)


def _edit_writes(edit: Edit, target: Target, m: Machine) -> bool:
    if target.reg is not None:
        if not isinstance(edit, RegisterEdit):
            return False
        try:
            return m.reg_index(edit.name) == target.reg
        except (KeyError, ValueError):
            return False  # a TPC edit
    if not isinstance(edit, MemoryEdit):
        return False
    return edit.address < target.high and target.low < edit.address + len(edit.data)


class _Stop(Exception):
    """Raised inside the search when the client interrupts it (unwinds to last_write)."""


class Interrupted(DebugError):
    """The client interrupted the query; the machine is back at the present.  A DebugError,
    so a caller that only knows those still reports it in one sentence; the command
    language turns it into a stop with status "interrupted" (docs/interfaces.md §5), as every
    interrupted command ends."""


def last_write(d: Debugger, target: Target) -> LastWrite | None:
    """The last write of ``target`` up to the present step, or None when nothing wrote it
    since load.  The machine is back at the present when it returns.  An interrupt (the
    TUI's ctrl+c, batch mode's SIGINT) ends the search between two re-runs with
    :class:`Interrupted`; one left pending by an earlier command is dropped first, as
    every engine command does."""
    if not d.in_command:
        d.interrupt.clear()
    try:
        return _last_write(d, target)
    except _Stop:
        raise Interrupted(f"interrupted: no write of {target.text} found in the steps searched") from None


def _last_write(d: Debugger, target: Target) -> LastWrite | None:
    m = d.machine
    now = m.steps
    edit = None
    for e in reversed(d.edits[: d.cursor]):
        if e.step <= now and _edit_writes(e, target, m):
            edit = e
            break
    floor = edit.step if edit is not None else 0  # attempts at or before it lose to it
    with d.present_kept():
        found = _search(d, target, floor, now)
        if found is None and edit is not None:
            d.travel_to(edit.step, interruptible=False)
            if target.reg is None:
                assert isinstance(edit, MemoryEdit)
                found = LastWrite(edit.step, m.pc, None, "set", edit.address, len(edit.data))
            else:
                found = LastWrite(edit.step, m.pc, None, "set")
    return found


def _search(d: Debugger, target: Target, floor: int, last: int) -> LastWrite | None:
    """The last write of ``target`` by an attempt whose step lies in (floor, last]: the
    intervals are visited newest first; steps no summary covers (the newest ones, not
    summarised yet) are always re-run, summarised ones only when their index allows."""
    history = d.history
    pages = target.pages()
    bit = 1 << target.reg if target.reg is not None else 0
    high = last  # the steps (floor, high] are still to search
    for i in range(history.summaries_before(last) - 1, -1, -1):
        if high <= floor:
            return None
        if d.interrupted():
            raise _Stop
        s = history.summary(i)
        if s.end < high:  # not summarised: re-run them
            found = _replay(d, target, max(s.end, floor), high)
            if found is not None:
                return found
        if (s.regs & bit) if bit else not pages.isdisjoint(s.pages):
            found = _replay(d, target, max(s.start, floor), min(s.end, high))
            if found is not None:
                return found
        high = min(high, s.start)
    return _replay(d, target, floor, high) if high > floor else None


def _replay(d: Debugger, target: Target, start: int, end: int) -> LastWrite | None:
    """The last attempt of start+1 .. end that wrote ``target`` (None: none did).

    The interval is first re-run on the fast path to narrow the answer down: for a
    register, in chunks of :data:`CHUNK` attempts with the machine's write mask cleared
    before each (a superset again: translated blocks OR their whole mask); for memory,
    with a write watchpoint on the bytes, whose hits are the candidate attempts.  Only
    the candidates are then executed on the precise path, events captured.  A change of
    the bytes that no store event explains (a system call writing them) sends the whole
    interval to the precise path."""
    if end <= start:
        return None
    m = d.machine
    if target.reg is not None:
        chunks = _register_chunks(d, target.reg, start, end)
        for lo in reversed(chunks):
            found = _precise(d, target, lo, min(lo + CHUNK, end))
            if found is not None:
                return found
        return None
    low, size = target.low, target.high - target.low
    d.travel_to(start, interruptible=False)
    before = m.mem.peek(low, size)
    hits = _watch_hits(d, target, end)
    for step in reversed(hits):
        found = _precise(d, target, step - 1, step)
        if found is not None:
            return found
    if m.steps == end and m.mem.peek(low, size) == before:
        return None
    return _precise(d, target, start, end)  # a write without a store event (a system call)


CHUNK = 256  # attempts per fast re-run chunk when narrowing a register's writer down


def _fast_until(d: Debugger, end: int, chunk: int) -> str:
    """Run fast to at most ``chunk`` attempts further and never past ``end`` or a due
    edit (applied first); returns the machine's stop reason."""
    m = d.machine
    if d.on_progress is not None:
        d.on_progress(m.steps)  # (the TUI's status bar shows where the re-run is)
    if d.interrupted():
        raise _Stop
    d.apply_due_edits()
    n = min(chunk, end - m.steps)
    if d.cursor < len(d.edits):
        n = min(n, max(1, d.edits[d.cursor].step - m.steps))
    return m.run(n).reason


def _register_chunks(d: Debugger, reg: int, start: int, end: int) -> list[int]:
    """The first steps of the chunks of (start, end] whose write mask holds ``reg``."""
    m = d.machine
    d.travel_to(start, interruptible=False)
    stops = {pc: m.stop_guards.get(pc) for pc in m.stop_pcs}
    for pc in stops:
        m.remove_stop(pc)
    found = []
    try:
        while m.steps < end:
            lo = m.steps
            m.wmask = 0
            reason = _fast_until(d, min(end, lo + CHUNK), CHUNK)
            if m.wmask >> reg & 1:
                found.append(lo)
            if reason == "halt":
                break
    finally:
        for pc, guard in stops.items():
            m.add_stop(pc, guard)
    return found


def _watch_hits(d: Debugger, target: Target, end: int) -> list[int]:
    """Run fast to step ``end`` with a write watchpoint on the target's bytes; the steps
    (counts after the attempt) of the attempts that hit it."""
    m = d.machine
    stops = {pc: m.stop_guards.get(pc) for pc in m.stop_pcs}
    for pc in stops:
        m.remove_stop(pc)
    m.mem.set_watches([Watch(-1, target.low, target.high, "w")])
    hits = []
    try:
        while m.steps < end:
            reason = _fast_until(d, end, end - m.steps)
            if m.mem.watch_hits:
                m.mem.watch_hits.clear()
                hits.append(m.steps)
            if reason == "halt":
                break
    finally:
        m.mem.set_watches([])
        m.mem.watch_hits.clear()
        for pc, guard in stops.items():
            m.add_stop(pc, guard)
    return hits


def _precise(d: Debugger, target: Target, start: int, end: int) -> LastWrite | None:
    """Execute attempts start+1 .. end on the precise path; the last that wrote ``target``."""
    if end <= start:
        return None
    m = d.machine
    d.travel_to(start, interruptible=False)
    mem = m.mem
    found: LastWrite | None = None
    low, size = target.low, target.high - target.low
    while m.steps < end:
        d.apply_due_edits()
        before = mem.peek(low, size) if target.reg is None else b""
        res = m.step()
        if res.kind == "halt":
            break
        if target.reg is not None:
            if res.written >> target.reg & 1:
                found = LastWrite(m.steps, res.pc, _mnemonic(res), "register")
        else:
            hit = _memory_hit(res, target, m.steps)
            if hit is None and mem.peek(low, size) != before:
                hit = LastWrite(m.steps, res.pc, _mnemonic(res), "store", low, size)
            if hit is not None:
                found = hit
    return found


def _mnemonic(res: StepResult) -> str | None:
    return res.form.mnemonic if res.form is not None else None


def _memory_hit(res: StepResult, target: Target, step: int) -> LastWrite | None:
    """The write of ``res`` overlapping the target: its range (all its overlapping write
    events) and, for a DMA, the number of the first such store event among all the
    attempt's events (1-based, as ``events`` lists them and a watchpoint hit names them)."""
    name = _mnemonic(res)
    dma = name is not None and "DMA" in name
    low = high = None
    kind = None
    event = None
    for number, ev in enumerate(res.events, 1):
        if ev.kind == STORE or (ev.kind == ATOMIC and ev.performed and ev.written is not None):
            if ev.address < target.high and target.low < ev.address + ev.size:
                if low is None:
                    low, kind = ev.address, ("dma" if dma else "atomic" if ev.kind == ATOMIC else "store")
                    event = number if dma else None
                low = min(low, ev.address)
                high = max(high or 0, ev.address + ev.size)
    if low is None or kind is None or high is None:
        return None
    return LastWrite(step, res.pc, name, kind, low, high - low, event, len(res.events) if dma else None)
