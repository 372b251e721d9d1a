"""Travel on the timeline: goto, reverse-step, reverse-continue, and the events of the
last attempt.

The *timeline* is the deterministic execution from step 0 plus the list of user
:class:`~ptodbg.debug.engine.edits.Edit` s, each tagged with the step it happened at.  Going
back restores the nearest earlier snapshot of :class:`~ptodbg.debug.engine.history.History` and
re-executes with stops disabled, applying the same edits, so a replay reproduces the
original run exactly.  ``reverse-continue`` scans the timeline backwards one snapshot
interval at a time for the latest earlier breakpoint hit, watchpoint hit or trap.

Replays the engine needs for itself (the last attempt's events, a watchpoint hit's event
indices) are never cut by an interrupt: they always reach their target.

The events of the last attempt are cached under (steps, edits version): the version
changes whenever the timeline's edits change (an edit made, the future rewritten, a
restart), and the edits applied on arriving at a step cannot change the attempt that led
there, so the cache is right without being cleared by hand.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import contextmanager
from typing import TYPE_CHECKING

from ptodbg.core import StepResult
from ptodbg.core.events import MemEvent
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.interrupts import command
from ptodbg.debug.engine.state import EngineState
from ptodbg.debug.engine.stops import Stop

if TYPE_CHECKING:
    from collections.abc import Iterator


MAX_STEP = (1 << 63) - 1  # the largest step number a command or session may name
WATCH_PLACEHOLDER = "watchpoint"  # a scan's memory watch stop, rebuilt with its events when chosen


class TimelineMixin(EngineState):
    """The travelling half of :class:`~ptodbg.debug.engine.debugger.Debugger`."""

    # ------------------------------------------------- the last attempt
    def _events_key(self) -> tuple[int, int]:
        return (self.machine.steps, self._edits_version)

    def _remember(self, res: StepResult) -> None:
        """Keep the attempt that led to the present step (its events, its trap)."""
        self._events_cache = (self._events_key(), res)

    @property
    def last_step(self) -> StepResult | None:
        """The attempt that led to the present step, when it is known without a replay
        (call :meth:`events` first to be sure it is)."""
        cache = self._events_cache
        return cache[1] if cache is not None and cache[0] == self._events_key() else None

    @command
    def events(self) -> list[MemEvent]:
        """Memory events of the last instruction attempt (re-executed when needed)."""
        m = self.machine
        known = self.last_step
        if known is not None:
            return known.events
        if m.steps == 0:
            return []
        snap_state = m.snapshot()
        cursor = self.cursor
        try:
            self.travel_to(m.steps - 1, interruptible=False)
            res = m.step()
        finally:
            m.restore(snap_state)
            self.cursor = cursor
        self._remember(res)
        return res.events

    @contextmanager
    def _without_stops(self) -> Iterator[None]:
        """Breakpoints and watchpoints off while a replay steps (as :meth:`travel_to` runs)."""
        m = self.machine
        saved = {pc: m.stop_guards.get(pc) for pc in m.stop_pcs}
        for pc in saved:
            m.remove_stop(pc)
        watches = list(m.mem.watches)
        m.mem.set_watches([])
        try:
            yield
        finally:
            for pc, guard in saved.items():
                m.add_stop(pc, guard)
            m.mem.set_watches(watches)
            m.mem.watch_hits.clear()

    @contextmanager
    def present_kept(self) -> Iterator[None]:
        """Leave the machine exactly at the present afterwards, whatever a search in the
        timeline does inside (travels, replays): its state, the edits applied, the cached
        last attempt, the history index's write mask of the present interval; memory
        watches are off inside (a replay must not stop on them).  For queries that look
        into the past and return (``last``)."""
        m = self.machine
        present, cursor, cache, wmask = m.snapshot(), self.cursor, self._events_cache, m.wmask
        watches = list(m.mem.watches)
        m.mem.set_watches([])
        try:
            yield
        finally:
            m.restore(present)
            self.cursor = cursor
            m.wmask = wmask
            m.mem.set_watches(watches)
            m.mem.watch_hits.clear()
            self._events_cache = cache

    def event_counts(self, start: int, end: int) -> list[int]:
        """The number of memory events of each attempt from ``start`` + 1 to ``end`` of the
        recorded timeline (``end`` at most the furthest step reached), by one replay on
        the precise path; the machine comes back to the present exactly (state, applied
        edits, the cached last attempt).  For a picture of a short run, step by step."""
        m = self.machine
        if not 0 <= start <= end <= max(self.horizon, m.steps):
            raise DebugError(f"steps {start}..{end} are not in the recorded timeline")
        if start == end:
            return []
        counts: list[int] = []
        try:
            with self.present_kept():
                self.travel_to(start, interruptible=False)
                with self._without_stops():
                    m.mem.set_capture(True)  # once, not per attempt (each switch revisits every page)
                    while m.steps < end:
                        self.apply_due_edits()
                        res = m.step()
                        counts.append(len(res.events))
                        if res.kind == "halt":
                            break
        finally:
            m.mem.set_capture(False)  # after the restore: the fast maps are made for the present's pages
        return counts

    # ------------------------------------------------------------ travel
    def travel_to(self, target: int, *, interruptible: bool = True) -> bool:
        """Put the machine exactly at step ``target``: restore the nearest snapshot at or
        before it (unless the present is nearer) and replay, stops disabled.  Returns
        whether it got there: an interrupt stops an interruptible travel between two
        chunks, at an exact step, with the edits of that step applied."""
        m = self.machine
        entry = self.history.latest_at_or_before(target)
        assert entry is not None, "history always holds the first snapshot"
        if target < m.steps or entry.step > m.steps:
            m.restore(entry.snap)
            self.cursor = entry.edits
        saved_stops = {pc: m.stop_guards.get(pc) for pc in m.stop_pcs}
        for pc in saved_stops:
            m.remove_stop(pc)
        watches = list(m.mem.watches)
        m.mem.set_watches([])
        try:
            while m.steps < target:
                if interruptible and self.interrupted():
                    break  # the caller reports where the interrupted travel stopped
                self.apply_due_edits()
                reason, _ = self._run_chunk(target - m.steps)
                if self.on_progress is not None:
                    self.on_progress(m.steps)
                if reason == "halt":
                    break
        finally:
            for pc, guard in saved_stops.items():
                m.add_stop(pc, guard)
            m.mem.set_watches(watches)
            m.mem.watch_hits.clear()
        self.apply_due_edits()
        return m.steps == target

    @command
    def goto(self, target: int) -> Stop:
        """Travel to step ``target``.  Inside the recorded timeline the state comes from the
        nearest snapshot and a replay (traps the timeline recovered from included), so a
        step looks the same whichever direction it is reached from; beyond it, execution
        goes forward without breakpoints and stops early only at a trap stop, halt or the
        program's exit.  From the exit, a step after it is refused (there is none)."""
        if target < 0:
            raise DebugError("steps start at 0")
        if target > MAX_STEP:
            raise DebugError(f"step {target} is beyond the last step number {MAX_STEP}")
        m = self.machine
        if target > m.steps:
            self.refuse_after_exit()
        if target <= max(self.horizon, m.steps):
            if not self.travel_to(target):
                return self._cut_short(f"goto {target}")
        else:
            budget, capped = self._limited(target - m.steps)
            stop = self._forward(budget, stops=False, skip_first_stop=False)
            if m.steps < target and (stop.status != "max-steps" or capped):
                self.apply_due_edits()
                self.last = self._limit_stop() if stop.status == "max-steps" else stop
                return self.last
            self.apply_due_edits()
        if m.exit_code is not None:  # the step of the exit: the program has exited there
            self.last = Stop("exited", f"at step {m.steps}: exited with status {m.exit_code}")
        else:
            self.last = Stop("stopped", f"at step {m.steps}")
        return self.last

    @command
    def reverse_step(self, count: int = 1) -> Stop:
        if count < 1:
            raise DebugError("reverse-step count must be at least 1")
        m = self.machine
        if m.steps == 0:
            raise DebugError("already at step 0: nothing to reverse")
        target = max(0, m.steps - count)
        if not self.travel_to(target):
            return self._cut_short("reverse-step")
        self.last = Stop("stopped", f"reversed to step {m.steps}")
        return self.last

    def _cut_short(self, what: str) -> Stop:
        """The stop of a travel that did not reach its target (an interrupt, or a replay
        that halted): the machine is exactly at the step it reached."""
        m = self.machine
        if self.interrupted():
            self.last = Stop("interrupted", f"{what} interrupted at step {m.steps}")
        else:
            self.last = Stop("error", f"{what}: the replay halted at step {m.steps}")
        return self.last

    # ---------------------------------------------------- reverse-continue
    def _scan(self, start: int, end: int) -> list[tuple[int, Stop]] | None:
        """Replay [start, end) and list every stop position (step, why) on the way;
        None when the scan was cut short (the list would be incomplete).  While a register
        is watched the replay goes one attempt at a time (its changes are seen per step)."""
        m = self.machine
        if not self.travel_to(start):
            return None
        found: list[tuple[int, Stop]] = []
        self.table.sync()
        watched = bool(self.table.register_watches())
        while m.steps < end:
            if self.interrupted():
                return None
            if self.on_progress is not None:
                self.on_progress(m.steps)
            self.apply_due_edits()
            if watched or (m.pc in m.stop_pcs and m.steps < end):
                if m.pc in m.stop_pcs:
                    stop = self._peek_stop_pc()
                    if stop is not None:
                        found.append((m.steps, stop))
                before = tuple(m.r)
                res = self.single_step()
                if res.trap is not None and not res.trap.vectored and m.steps <= end:
                    found.append((m.steps, self._classify_trap(res.trap)))
                if m.mem.watch_hits and m.steps <= end:
                    stop = self._watch_stop(res.events)
                    if stop is not None:
                        found.append((m.steps, stop))
                if watched and m.steps <= end:
                    stop = self._register_stop(before, res, count=False)
                    if stop is not None:
                        found.append((m.steps, stop))
                continue
            reason, res = self._run_chunk(end - m.steps)
            if reason == "trap" and m.steps <= end:
                found.append((m.steps, self._classify_trap(res.trap)))  # type: ignore[union-attr]
            elif reason == "watch" and m.steps <= end:
                holds = any(self.table.watch_holds(w.ident, self.expr_context) for w, _ev in m.mem.watch_hits)
                m.mem.watch_hits.clear()
                if holds:
                    found.append((m.steps, Stop("watchpoint", WATCH_PLACEHOLDER)))
            elif reason == "halt":
                break
        return found

    def _peek_stop_pc(self) -> Stop | None:
        """Like :meth:`_at_stop_pc` but without hit counting or tbreak deletion."""
        return self.table.peek_at(self.machine.pc, self.expr_context, self.symbolize)

    @command
    def reverse_continue(self) -> Stop:
        """Go back to the latest earlier breakpoint hit, watchpoint hit or trap.  The
        timeline is scanned backwards one snapshot interval at a time; an interrupt
        leaves the machine where the scan was, at an exact step."""
        m = self.machine
        now = m.steps
        end = now
        while True:
            entry = self.history.latest_at_or_before(max(0, end - 1))
            start = entry.step if entry is not None else 0
            scanned = self._scan(start, end)
            if scanned is None:
                return self._cut_short("reverse-continue")
            found = [f for f in scanned if f[0] < now]
            if found:
                step, stop = found[-1]
                if not self.travel_to(step):
                    return self._cut_short("reverse-continue")
                if stop.status == "watchpoint" and stop.message == WATCH_PLACEHOLDER:
                    stop = self._rebuild_watch_stop(step)
                stop.message = f"reverse: {stop.message}"
                self.last = stop
                return stop
            if start == 0:
                self.travel_to(0)
                self.last = Stop("stopped", "reverse: reached the start of the program")
                return self.last
            end = start

    # ------------------------------------------------------ earlier visits
    def latest_visit(self, address: int, holds: Callable[[], bool], before: int) -> int | None:
        """The latest step before ``before`` at which TPC was ``address`` and ``holds()``
        was true of the machine at that step (edits of the step applied); None when no
        such step is on the timeline, or an interrupt cut the search (check
        :meth:`interrupted`).  Scans back one snapshot interval at a time with a stop at
        ``address`` only (breakpoints and watchpoints play no part, hit counts do not
        change), then puts the machine back at the step it was at."""
        home = self.machine.steps
        end = min(before, max(self.horizon, home) + 1)
        found: int | None = None
        try:
            while end > 0 and found is None:
                entry = self.history.latest_at_or_before(end - 1)
                start = entry.step if entry is not None else 0
                visits = self._visits(start, end, address, holds)
                if visits is None:
                    break
                if visits:
                    found = visits[-1]
                end = start
        finally:
            self.travel_to(home, interruptible=False)
        return found

    def _visits(self, start: int, end: int, address: int, holds: Callable[[], bool]) -> list[int] | None:
        """The steps in [start, end) at which TPC is ``address`` and ``holds()``; None when
        interrupted."""
        m = self.machine
        if not self.travel_to(start):
            return None
        saved_stops = {pc: m.stop_guards.get(pc) for pc in m.stop_pcs}
        for pc in saved_stops:
            m.remove_stop(pc)
        watches = list(m.mem.watches)
        m.mem.set_watches([])
        m.add_stop(address)
        found: list[int] = []
        try:
            while True:
                if self.interrupted():
                    return None
                self.apply_due_edits()
                if m.pc == address and holds():
                    found.append(m.steps)
                if m.steps >= end - 1:
                    break
                if m.pc == address:
                    self.single_step()
                    continue
                reason, _ = self._run_chunk(end - 1 - m.steps)
                if reason == "halt":
                    break
        finally:
            m.remove_stop(address)
            for pc, guard in saved_stops.items():
                m.add_stop(pc, guard)
            m.mem.set_watches(watches)
            m.mem.watch_hits.clear()
        return found

    def _rebuild_watch_stop(self, step: int) -> Stop:
        """The watch stop at ``step`` with its event indices (re-execute that attempt)."""
        m = self.machine
        self.travel_to(step - 1, interruptible=False)
        res = m.step()
        self._remember(res)
        stop = self._watch_stop(res.events) or Stop("watchpoint", "watchpoint")
        self.apply_due_edits()  # the edits of the step arrived at belong to its state
        return stop
