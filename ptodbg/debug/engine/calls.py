"""The calls of the recorded run, for the two reverse moves rr users type most:
``reverse-next`` and ``reverse-finish``.

Both are defined by what ``next`` does going forward (:meth:`ForwardMixin.next
<ptodbg.debug.engine.forward.ForwardMixin.next>`), so that going back undoes exactly what going
forward does: a *call* is an attempt that ``next`` steps over (a SETRET-family instruction,
or a CALL/ICALL block start stepped through to its commit), and it stays *open* until the
machine first arrives at the return address it set with sp (R1) at or above its value at
the call, the place where ``next`` from the call stops.

* ``reverse-next`` from step t goes to the call that closed on arriving at t (back over
  the whole call, to the call itself), and to t - 1 when the last attempt closed no call.
* ``reverse-finish`` goes to the call that opened the selected frame: the innermost call
  still open at t (frame #1 selected: the one outside it, ...), the state with the call
  about to run, where gdb's reverse-finish stops.

The calls come from replaying the recorded timeline one attempt at a time (stops off,
edits applied, as every replay), from a window before t that doubles until the answer is
certain: a window whose replay ends with a call still open holds every call that can
close at t or enclose it (calls nest), and a window from step 0 holds them all.  The
replay is interruptible; an interrupt leaves the machine at an exact step, as every
travel does.  ``reverse-next`` first looks at the last attempt alone: when it fell
through to the next instruction it cannot have been a return, and no replay is needed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.core.state import CALL as CALL_TYPE
from ptodbg.core.state import ICALL as ICALL_TYPE
from ptodbg.core.state import RA
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.forward import CALL_MNEMONICS, MAX_CALL_BLOCK
from ptodbg.debug.engine.interrupts import command
from ptodbg.debug.engine.state import EngineState
from ptodbg.debug.engine.stops import Stop

if TYPE_CHECKING:
    pass

FIRST_WINDOW = 1024  # steps replayed first (doubled until the answer is certain)
SP = 1  # the register ``next`` compares to tell a deeper activation (R1)


class Call(tuple):
    """An open call: (the step of the call attempt, the return address, sp at the call)."""

    __slots__ = ()

    @property
    def step(self) -> int:
        return self[0]


class CallsMixin(EngineState):
    """``reverse-next`` and ``reverse-finish`` of :class:`~ptodbg.debug.engine.debugger.Debugger`."""

    def _calls(self, start: int, end: int) -> tuple[list[Call], list[Call]] | None:
        """Replay from step ``start`` to ``end`` one attempt at a time: the calls still
        open at ``end`` (outermost first) and those closed on arriving at ``end``; None
        when an interrupt cut the replay (the machine is at the step it reached)."""
        m = self.machine
        if not self.travel_to(start):
            return None
        stack: list[Call] = []
        closed: list[Call] = []
        block: list | None = None  # [step, block pc, sp, attempts] of a call block being stepped through
        with self._without_stops():
            while m.steps < end:
                if m.steps % 256 == 0 and self.interrupted():
                    return None
                self.apply_due_edits()
                step, pc, sp = m.steps, m.pc, m.r[SP]
                res = m.step()
                self._checkpoint()
                if block is not None:
                    block[3] += 1
                    if not (m.blk and m.bpc == block[1]) or block[3] >= MAX_CALL_BLOCK:
                        stack.append(Call((block[0], m.r[RA], block[2])))
                        block = None
                if m.blk and m.bpc == pc and m.btype in (CALL_TYPE, ICALL_TYPE) and block is None:
                    block = [step, pc, sp, 0]
                elif res.form is not None and res.form.mnemonic in CALL_MNEMONICS and block is None:
                    stack.append(Call((step, m.r[RA], sp)))
                here, sp_now = m.pc, m.r[SP]
                for i in range(len(stack) - 1, -1, -1):
                    if stack[i][1] == here and sp_now >= stack[i][2]:
                        if m.steps == end:
                            closed = stack[i:]
                        del stack[i:]
                        break
        if block is not None:  # a call block still running at ``end`` is open
            stack.append(Call((block[0], m.r[RA], block[2])))
        self.apply_due_edits()
        return stack, closed

    def _fell_through(self, before: int) -> bool:
        """Whether the attempt that led to the present step went on to the next
        instruction (``before``: TPC before it), so it cannot have been a return."""
        m = self.machine
        peeked = m.peek_decode(before)
        return peeked.form is not None and m.pc == before + peeked.length // 8

    @command
    def reverse_next(self, count: int = 1) -> Stop:
        """Go back ``count`` steps over calls (see the module docstring)."""
        if count < 1:
            raise DebugError("reverse-next count must be at least 1")
        m = self.machine
        if m.steps == 0:
            raise DebugError("already at step 0: nothing to reverse")
        over = None
        for _ in range(count):
            if m.steps == 0:
                break
            target, call = self._reverse_next_target()
            if target is None:
                return self._cut_short("reverse-next")
            if not self.travel_to(target):
                return self._cut_short("reverse-next")
            over = call if call is not None else over
        where = self.symbolize(m.pc)
        text = f"reversed to step {m.steps}" + (f", back over the call at {where}" if over is not None else "")
        self.last = Stop("stopped", text)
        return self.last

    def _reverse_next_target(self) -> tuple[int | None, Call | None]:
        """The step ``reverse-next`` goes to from here and the call it steps back over
        (None: an ordinary step back); (None, None) when an interrupt cut the search."""
        m = self.machine
        now, pc_now = m.steps, m.pc
        if not self.travel_to(now - 1, interruptible=False):
            return None, None
        before = m.pc
        self.travel_to(now, interruptible=False)
        if m.pc == pc_now and self._fell_through(before):
            return now - 1, None
        window = FIRST_WINDOW
        while True:
            start = max(0, now - window)
            found = self._calls(start, now)
            if found is None:
                return None, None
            still_open, closed = found
            if closed:
                return closed[0].step, closed[0]
            if still_open or start == 0:
                return now - 1, None
            window *= 4

    @command
    def reverse_finish(self) -> Stop:
        """Go back to the call that opened the selected frame (frame #N selected: the
        N-th call out), with the call about to run."""
        m = self.machine
        frame = self.current_frame()
        level = frame.level
        now = m.steps
        if now == 0:
            raise DebugError("already at step 0: nothing to reverse")
        window = FIRST_WINDOW
        while True:
            start = max(0, now - window)
            found = self._calls(start, now)
            if found is None:
                return self._cut_short("reverse-finish")
            still_open = found[0]
            if len(still_open) > level or start == 0:
                break
            window *= 4
        if len(still_open) <= level:
            self.travel_to(now, interruptible=False)
            raise DebugError(f'"reverse-finish" not meaningful in the outermost frame (#{level} {frame.label}): '
                             "no call of it was recorded")
        call = still_open[-1 - level]
        if not self.travel_to(call.step):
            return self._cut_short("reverse-finish")
        name = frame.demangled or frame.function or frame.where
        self.last = Stop("stopped", f"run back to call of #{level} {name}: at {self.symbolize(m.pc)}, step {m.steps}")
        return self.last
