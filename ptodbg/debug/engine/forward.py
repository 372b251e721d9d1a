"""Running forward: step, continue, until, next and finish, and the run loop under them.

Stops while running forward: breakpoints (machine stop sentinels; conditions, ignore and
hit counts decided by :class:`~ptodbg.debug.engine.stops.StopTable`), the test-binary stop
symbol, watchpoints (memory slow-path hits), traps whose bank has no handler (EBREAK
among them), emulator halts, step limits and interrupts.  ``continue`` from an address
that has a breakpoint first steps past it.

The machine runs in chunks (:func:`ForwardMixin._run_chunk`) that never cross a history
snapshot boundary or a due timeline edit, so the interrupt is checked, snapshots are taken
and edits applied at exact steps.  :attr:`Debugger.step_limit` (batch mode's
``--max-steps``) caps the attempts any one forward command runs; a command it ends has
status "max-steps".

After the program has exited (linux profile: exit/exit_group) every forward command is
refused with :data:`EXITED` and changes nothing, as gdb answers "The program is not being
run."; the process is gone, and what the machine holds after the exit attempt is not a
place execution can go on from.  Travel back (reverse-step, reverse-continue, goto) works
from the exit, and from any earlier step the forward commands run again, up to the exit.
A test binary's stop symbol and an EBREAK are stops, not an exit: the machine is still
there and ``continue`` goes on from them (an EBREAK without a handler traps again at each
attempt, as a BRK does under gdb on AArch64).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.core import StepResult, TrapInfo
from ptodbg.core.events import MemEvent
from ptodbg.core.faults import SW_BREAKPOINT
from ptodbg.core.state import CALL as CALL_TYPE
from ptodbg.core.state import ICALL as ICALL_TYPE
from ptodbg.core.state import RA
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.interrupts import command
from ptodbg.debug.engine.state import EngineState
from ptodbg.debug.engine.stops import Stop, WatchHit
from ptodbg.tile.state import EMPTY as EMPTY_TILES
from ptodbg.tile.state import TileFile

if TYPE_CHECKING:
    pass

CHUNK = 20_000  # steps per fast-run call: bounds interrupt and progress latency
CALL_MNEMONICS = frozenset({"BSTART.CALL", "BSTART.ICALL", "SETRET", "C.SETRET", "HL.SETRET", "HL.BSTART.STD.CALL"})
UNTIL_ID, NEXT_ID, FINISH_ID, RETURN_ID = -1, -2, -3, -4  # the engine's own breakpoints (never listed)
A0 = 2  # the return-value register (ABI name a0)
MAX_CALL_BLOCK = 4096  # the most instructions ``next`` steps through a call block
EXITED = "the program has exited with status {code}: reverse-step, reverse-continue or goto STEP go back"


class ForwardMixin(EngineState):
    """The forward half of :class:`~ptodbg.debug.engine.debugger.Debugger`."""

    _tiles_before: TileFile = EMPTY_TILES  # the tile registers before the last attempt of _single

    # ------------------------------------------------------------- exits
    @property
    def exited(self) -> bool:
        """Whether the program has exited at the present step (forward moves are refused)."""
        return self.machine.exit_code is not None

    def refuse_after_exit(self) -> None:
        """Raise DebugError when the program has exited: every forward move starts here."""
        code = self.machine.exit_code
        if code is not None:
            raise DebugError(EXITED.format(code=code))

    # ------------------------------------------------------------ budgets
    def _limited(self, budget: int | None) -> tuple[int | None, bool]:
        """A forward command's budget under :attr:`step_limit`, and whether the limit
        (rather than the command's own count) is what bounds it."""
        limit = self.step_limit
        if limit is None or (budget is not None and budget <= limit):
            return budget, False
        return limit, True

    def _limit_stop(self) -> Stop:
        return Stop("max-steps", f"stopped at the step limit: {self.step_limit} attempts (--max-steps)")

    # ------------------------------------------------------------ the loop
    def _drain_notes(self) -> None:
        """Move the machine's notes into the log.  A note carries its step ("@6 syscall
        …"), so one that a replay (reverse execution, goto, re-executing the last step for
        its events) produces again is already there and is not repeated."""
        m = self.machine
        if m.notes:
            recent = set(self.notes)
            for note in m.notes:
                if note not in recent:
                    self.notes.append(note)
                    recent.add(note)
            m.notes.clear()
            del self.notes[:-200]  # the pane shows the recent ones

    def _checkpoint(self) -> None:
        self._drain_notes()
        m = self.machine
        if m.steps % self.history.interval == 0 and not self.history.has(m.steps):
            snap = m.snapshot()  # first: it may find pages written in place (memory.share_all)
            mem = m.mem
            self.history.record(m.steps, self.cursor, snap, m.take_written(), mem.take_written_in_place(),
                                mem.take_last_share())
        if m.steps > self.horizon:
            self.horizon = m.steps

    def _run_chunk(self, budget: int) -> tuple[str, object]:
        """Fast-run at most ``budget`` attempts, never across a snapshot boundary or a
        due edit.  Returns (reason, payload) from the machine."""
        m = self.machine
        n = min(budget, CHUNK, self.history.interval - m.steps % self.history.interval)
        edits, cursor = self.edits, self.cursor
        if cursor < len(edits):
            n = min(n, max(0, edits[cursor].step - m.steps))
        if n <= 0:
            return "edit", None
        res = m.run(n)
        self._checkpoint()
        return res.reason, res

    def single_step(self) -> StepResult:
        """One attempt on the precise path, edits and history kept."""
        self.apply_due_edits()
        self._tiles_before = self.machine.tiles  # (a tile watch compares: edits applied above are not the attempt's)
        res = self.machine.step()
        self._remember(res)
        self._checkpoint()
        return res

    # ------------------------------------------------------------- stops
    def _classify_trap(self, trap: TrapInfo) -> Stop:
        symbolize = self.symbolize
        if trap.number == SW_BREAKPOINT:
            return Stop("stopped", f"EBREAK {trap.cause} at {symbolize(trap.saved_tpc)}", trap=trap)
        return Stop("trap", f"{trap.name} at {symbolize(trap.saved_tpc)}: {trap.reason}".rstrip(": "), trap=trap)

    def _at_stop_pc(self) -> Stop | None:
        """At a sentinel address: the stop symbol, or breakpoints (conditions, hits)."""
        m = self.machine
        pc = m.pc
        if m.exit_code is not None:
            return Stop("exited", f"exited with status {m.exit_code}")
        if self.table.stop_address is not None and pc == self.table.stop_address:
            return Stop("stopped", f"reached {self.symbolize(pc)}")
        return self.table.hit_at(pc, self.expr_context, self.symbolize)

    def stop_after(self, res: StepResult, first: bool) -> Stop | None:
        m = self.machine
        if res.kind == "halt":  # exit_group halts the machine: an exit, as continue says
            return Stop("exited" if m.exit_code is not None else "error", res.message)
        if res.trap is not None and not res.trap.vectored:
            return self._classify_trap(res.trap)
        if m.exit_code is not None:
            return Stop("exited", f"exited with status {m.exit_code}")
        if m.mem.watch_hits:
            stop = self._watch_stop(res.events)
            if stop is not None:
                return stop
        if self.table.tile_watches:
            stop = self._tile_watch_stop(self._tiles_before, res)
            if stop is not None:
                return stop
        if m.pc in m.stop_pcs:
            return self._at_stop_pc()
        return None

    # -------------------------------------------------------- tile watches
    def _tile_watch_stop(self, before: TileFile, res: StepResult) -> Stop | None:
        """The stop of a ``watch tile N`` whose tile the last attempt changed: replaced
        its object (an operation wrote it, allocated or released it: tiles are immutable,
        :mod:`ptodbg.debug.engine.tiles`)."""
        now = self.machine.tiles
        if now is before:
            return None
        for watch in self.table.watched_tiles():
            if now.local[watch.tile] is not before.local[watch.tile] and watch.holds(self.expr_context):
                watch.hits += 1
                by = f" by {res.form.mnemonic} at {self.symbolize(res.pc)}" if res.form is not None else ""
                state = "released" if now.local[watch.tile] is None else "written"
                return Stop("watchpoint", f"watchpoint {watch.ident}: tile {watch.tile} {state}{by}",
                            breakpoint=watch.ident)
        return None

    def _tile_watch_hit(self, before: TileFile) -> bool:
        """Whether a watched tile is not the object it was in ``before`` (a chunk changed it)."""
        now = self.machine.tiles
        return now is not before and any(now.local[w.tile] is not before.local[w.tile]
                                         for w in self.table.watched_tiles())

    def _tile_change_in(self, start: int, end: int) -> Stop | None:
        """A fast chunk from ``start`` to ``end`` changed a watched tile: travel back and
        find the attempt that did, one at a time (stopping at any stop on the way)."""
        m = self.machine
        self.travel_to(start, interruptible=False)
        while m.steps < end:
            res = self.single_step()
            stop = self.stop_after(res, False)
            if stop is not None:
                return stop
        return None

    def _watch_stop(self, events: list[MemEvent] | None = None) -> Stop | None:
        """The stop of the memory watchpoint hits the last attempt made, None when every
        hit's condition (``watch ... if EXPR``) was false: then it is no stop."""
        hits_raw = list(self.machine.mem.watch_hits)
        self.machine.mem.watch_hits.clear()
        hits_raw = [(w, ev) for w, ev in hits_raw if self.table.watch_holds(w.ident, self.expr_context)]
        if not hits_raw:
            return None
        if events is None:
            events = self.events()
        hits = []
        for w, ev in hits_raw:
            index = events.index(ev) if ev in events else None
            hits.append(WatchHit(w.ident, ev, index))
            self.table.count_watch_hit(w.ident)
        first = hits[0]
        where = f"event {first.index + 1} of {len(events)}" if first.index is not None else "an access"
        msg = f"watchpoint {first.watch}: {first.event.kind} {first.event.size} bytes at {first.event.address:#x} ({where})"
        return Stop("watchpoint", msg, watch_hits=hits)

    def _register_stop(self, before: tuple[int, ...], res: StepResult | None, *, count: bool = True) -> Stop | None:
        """The stop of a register watchpoint whose register the last attempt changed (from
        ``before``, the GPRs before it) and whose condition holds; None otherwise."""
        m = self.machine
        for wp in self.table.register_watches():
            index = m.reg_index(wp.register)
            old, new = before[index], m.r[index]
            if old == new or not wp.holds(self.expr_context):
                continue
            if count:
                wp.hits += 1
            by = f" by {res.form.mnemonic} at {self.symbolize(res.pc)}" if res is not None and res.form else ""
            return Stop("watchpoint", f"watchpoint {wp.ident}: {wp.register} changed {old:#x} -> {new:#x}{by}",
                        breakpoint=wp.ident)
        return None

    def _forward_by_steps(self, budget: int | None) -> Stop:
        """The run loop while a register is watched: one attempt at a time on the precise
        path, each checked for the stops :meth:`stop_after` knows and for a watched
        register's change (gdb's software watchpoints; a run is slower while one is set)."""
        m = self.machine
        done = 0
        while budget is None or done < budget:
            if done % 1024 == 0:
                if self.interrupted():
                    return Stop("interrupted", "interrupted")
                if self.on_progress is not None:
                    self.on_progress(m.steps)
            before = tuple(m.r)
            res = self.single_step()
            done += 1
            stop = self.stop_after(res, done == 1)
            if stop is None:
                stop = self._register_stop(before, res)
            if stop is not None:
                return stop
        return Stop("max-steps", f"ran {done} steps")

    def _forward(self, budget: int | None, *, stops: bool = True, skip_first_stop: bool = True) -> Stop:
        """Run forward up to ``budget`` attempts (None: unbounded) honouring stops and the
        interrupt (checked between chunks, so it stops at an exact step)."""
        m = self.machine
        if stops and self.table.register_watches():
            return self._forward_by_steps(budget)
        done = 0
        if skip_first_stop and m.pc in m.stop_pcs and stops and budget != 0:
            res = self.single_step()
            done += 1
            stop = self.stop_after(res, True)
            if stop is not None:
                return stop
        watching = stops and bool(self.table.tile_watches)
        while budget is None or done < budget:
            if self.interrupted():
                return Stop("interrupted", "interrupted")
            self.apply_due_edits()
            before, tiles = m.steps, m.tiles
            reason, res = self._run_chunk(CHUNK if budget is None else budget - done)
            if watching and self._tile_watch_hit(tiles):
                stop = self._tile_change_in(before, m.steps)
                if stop is not None:
                    return stop
            done += m.steps - before
            if self.on_progress is not None:
                self.on_progress(m.steps)
            if reason in ("max-steps", "edit"):
                continue
            if reason == "trap":
                return self._classify_trap(res.trap)  # type: ignore[union-attr]
            if reason == "halt":
                return Stop("exited" if m.exit_code is not None else "error", res.message)  # type: ignore[union-attr]
            if reason == "watch":
                stop = self._watch_stop()
                if stop is not None:
                    return stop
                continue
            if reason == "stop-pc":
                stop = self._at_stop_pc() if stops else None
                if stop is not None:
                    return stop
                res1 = self.single_step()
                done += 1
                stop = self.stop_after(res1, False) if stops else None
                if stop is not None:
                    return stop
        return Stop("max-steps", f"ran {done} steps")

    def _run_to(self, ident: int, address: int, first: int, deeper_than: int, sp_index: int = 1,
                *, skip_first: bool = False) -> Stop:
        """Run to ``address`` with an engine breakpoint there, under the step limit
        counted from step ``first``.  An arrival while sp (register ``sp_index``) is below
        ``deeper_than`` is a deeper (recursive) activation and the run goes on, stepping
        past the address first (a stop sentinel stops a run that starts on it).
        ``skip_first``: the run starts by stepping past a stop at the present pc."""
        m = self.machine
        while True:
            budget = None if self.step_limit is None else max(0, self.step_limit - (m.steps - first))
            with self.table.internal(ident, f"{address:#x}", address):
                stop = self._forward(budget, skip_first_stop=skip_first)
            if stop.breakpoint == ident and m.r[sp_index] < deeper_than:
                skip_first = True
                continue
            return stop

    # ---------------------------------------------------------- commands
    @command
    def step(self, count: int = 1) -> Stop:
        """Execute ``count`` attempts; stops early at a trap stop, watchpoint, breakpoint
        or the stop symbol reached after the first one."""
        if count < 1:
            raise DebugError("step count must be at least 1")
        self.refuse_after_exit()
        count, capped = self._limited(count)
        if not count:
            self.last = self._limit_stop()
            return self.last
        res, stop = self._attempt(True)
        if stop is None and count > 1:
            if count <= 64:
                for _ in range(count - 1):
                    res, stop = self._attempt(False)
                    if stop is not None:
                        break
            else:
                stop = self._forward(count - 1, skip_first_stop=False)
                if stop.status == "max-steps":
                    stop = None
        if stop is None and capped:
            stop = self._limit_stop()
        if stop is None:
            stop = Stop("stopped", f"stepped {count}" if count > 1 else self._describe_step(res))
        self.apply_due_edits()  # edits recorded at the step we arrived at belong to its state
        self.last = stop
        return stop

    @command
    def finish(self) -> Stop:
        """Run until the selected frame returns to its caller (gdb's ``finish``): to the
        caller's pc with sp back at the frame's address, so a recursive activation of the
        same function returning to the same place does not end it.  Breakpoints, traps,
        watchpoints, the step limit and an interrupt stop it on the way, as ``continue``.
        On return the stop carries the value the function returned (a0)."""
        self.refuse_after_exit()
        frame, caller = self.selected_and_caller()
        if caller is None or frame.frame_address is None:
            raise DebugError(f'"finish" not meaningful in the outermost frame (#{frame.level} {frame.label})')
        m = self.machine
        stop = self._run_to(FINISH_ID, caller.pc, m.steps, frame.frame_address, m.frame_sp, skip_first=True)
        if stop.breakpoint == FINISH_ID:
            value = m.r[A0]
            stop = Stop("stopped", f"run till exit from #{frame.level} {frame.label}: returned to "
                                   f"{self.symbolize(caller.pc)}; value returned a0 = {value:#x} ({value})",
                        value=value)
        elif stop.status == "max-steps":
            stop = self._limit_stop()
        self.apply_due_edits()
        self.last = stop
        return stop

    def _attempt(self, first: bool) -> tuple[StepResult, Stop | None]:
        """One attempt (:meth:`single_step`) and the stop it makes, a watched register's
        change included."""
        watched = self.table.register_watches()
        before = tuple(self.machine.r) if watched else ()
        res = self.single_step()
        stop = self.stop_after(res, first)
        if stop is None and watched:
            stop = self._register_stop(before, res)
        return res, stop

    def _describe_step(self, res: StepResult) -> str:
        name = res.form.mnemonic if res.form else "?"
        return f"{name} at {self.symbolize(res.pc)}"

    @command
    def cont(self, max_steps: int | None = None) -> Stop:
        """Run to the next stop, or ``max_steps`` attempts."""
        self.refuse_after_exit()
        budget, capped = self._limited(max_steps)
        stop = self._forward(budget)
        self.last = self._limit_stop() if capped and stop.status == "max-steps" else stop
        self.apply_due_edits()
        return self.last

    @command
    def until(self, location: str) -> Stop:
        self.refuse_after_exit()
        address = self.resolve(location)
        budget, capped = self._limited(None)
        with self.table.internal(UNTIL_ID, location, address):
            stop = self._forward(budget)
        if stop.breakpoint == UNTIL_ID:
            stop = Stop("stopped", f"reached {self.symbolize(address)}")
        elif capped and stop.status == "max-steps":
            stop = self._limit_stop()
        self.last = stop
        return stop

    @command
    def advance(self, location: str) -> Stop:
        """Run until ``location`` or until the current frame returns, whichever comes
        first (gdb's ``advance``): ``until`` with the caller's pc as a second stop, kept
        only when sp is back at the frame's address (a deeper activation returning there
        does not count, as in ``finish``)."""
        self.refuse_after_exit()
        address = self.resolve(location)
        frames = self.frames(2)
        caller = frames[1] if len(frames) > 1 and frames[0].frame_address is not None else None
        m = self.machine
        first = m.steps
        while True:
            budget = None if self.step_limit is None else max(0, self.step_limit - (m.steps - first))
            with self.table.internal(UNTIL_ID, location, address):
                if caller is None:
                    stop = self._forward(budget)
                else:
                    with self.table.internal(RETURN_ID, f"{caller.pc:#x}", caller.pc):
                        stop = self._forward(budget)
            deeper = caller is not None and m.r[m.frame_sp] < frames[0].frame_address  # type: ignore[operator]
            if stop.breakpoint == RETURN_ID and deeper:
                continue
            break
        if stop.breakpoint == UNTIL_ID:
            stop = Stop("stopped", f"reached {self.symbolize(address)}")
        elif stop.breakpoint == RETURN_ID:
            stop = Stop("stopped", f"the frame returned to {self.symbolize(m.pc)} before reaching {location}")
        elif stop.status == "max-steps" and self.step_limit is not None:
            stop = self._limit_stop()
        self.apply_due_edits()
        self.last = stop
        return stop

    @command
    def next(self) -> Stop:
        """Step over a call.  A SETRET-family instruction, or a block start of type CALL or
        ICALL (its transfer happens when the block commits, so the call block is stepped
        through first), is followed by a run to the return address it set — at the same
        or a shallower stack depth, so recursion does not stop early."""
        self.refuse_after_exit()
        m = self.machine
        sp0 = m.r[1]
        start = m.pc
        first = m.steps  # the step the command started from (step_limit counts from it)
        res, stop = self._attempt(True)
        if stop is not None and stop.status != "breakpoint":
            self.last = stop
            return stop
        is_call = res.form is not None and res.form.mnemonic in CALL_MNEMONICS
        if m.blk and m.bpc == start and m.btype in (CALL_TYPE, ICALL_TYPE):
            for _ in range(MAX_CALL_BLOCK):  # the call block's own instructions, up to its commit
                if not (m.blk and m.bpc == start):
                    break
                res, stop = self._attempt(False)
                if stop is not None:
                    self.last = stop
                    return stop
            is_call = True
        if not is_call:
            self.last = stop or Stop("stopped", self._describe_step(res))
            return self.last
        ret = m.r[RA]
        if m.pc == ret:
            self.last = Stop("stopped", f"at {self.symbolize(ret)}")
            return self.last
        stop = self._run_to(NEXT_ID, ret, first, sp0)
        if stop.breakpoint == NEXT_ID:
            stop = Stop("stopped", f"returned to {self.symbolize(ret)}")
        elif stop.status == "max-steps":
            stop = self._limit_stop()
        self.last = stop
        return stop
