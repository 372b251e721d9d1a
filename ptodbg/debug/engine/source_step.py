"""Stepping by source line, forwards and backwards, and running to the caller.

Built on the engine's instruction-level moves (``step``, ``next``, ``goto``) and the
program's line table (:mod:`ptodbg.debug.engine.lines`), for clients that show source (the DAP
server's ``next``/``stepIn``/``stepBack``/``stepOut``):

* **forward** (:func:`line_step`): instruction steps (``next`` steps over calls) until TPC
  is where the code of a different line begins, or back at the start of the line it
  left (a loop), or outside the line table (code without lines is shown by address).
  Any other stop — breakpoint, watchpoint, trap, exit — ends the step.
* **backward** (:func:`line_step_back`): to the most recent earlier step at which TPC was
  at the start of a line and that a forward ``next`` would have stopped at: the steps of
  a call that returned before the present are skipped (a call as the engine's ``next``
  sees one: a SETRET-family instruction or a call block, up to TPC at its return
  address with the stack no deeper), so ``next`` then ``stepBack`` comes back to the
  same line; from the first line of a function it goes back into the caller.  The recent
  past is replayed in growing windows (16, 128, 1024, ... steps), so the usual case
  replays a few steps.
* **out** (:func:`step_out`): to the return address of the innermost frame's caller (the
  backtrace's next frame; ra for a function without a frame template) at a stack
  pointer no lower than the caller's.

Every loop is bounded by ``budget`` steps and ends when ``cancelled()`` says so, leaving
the machine exactly at a step of the timeline.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ptodbg.core.state import CALL as CALL_TYPE
from ptodbg.core.state import ICALL as ICALL_TYPE
from ptodbg.core.state import RA
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.forward import CALL_MNEMONICS
from ptodbg.debug.engine.stops import Stop

if TYPE_CHECKING:
    from ptodbg.debug.engine.debugger import Debugger
    from ptodbg.debug.engine.lines import SourceLines

FIRST_WINDOW = 16
MAX_WINDOW = 1 << 16


def _never() -> bool:
    return False


def line_step(
    dbg: Debugger,
    lines: SourceLines,
    *,
    over: bool,
    ends_step: Callable[[Stop], bool],
    cancelled: Callable[[], bool] = _never,
    budget: int = 1 << 24,
) -> Stop:
    """Step to the next source line (see the module docstring).  ``ends_step(stop)``
    says whether a stop of an instruction step other than a plain one ends the line step
    (a breakpoint whose hit condition is not met does not)."""
    m = dbg.machine
    row0 = lines.table.row_at(m.pc)
    move = dbg.next if over else (lambda: dbg.step(1))
    if row0 is None:
        return move()
    start = dbg.steps
    while True:
        stop = move()
        if (stop.status != "stopped" or stop.trap is not None) and ends_step(stop):
            return stop
        if stop.status in ("exited", "error"):
            return stop
        pc = m.pc
        row = lines.table.row_at(pc)
        if row is None:
            return Stop("stopped", f"left the source at {dbg.symbolize(pc)}")
        if lines.is_line_start(pc) and (row.line != row0.line or row.path != row0.path or pc == row0.address):
            return Stop("stopped", f"line {row.line} at {dbg.symbolize(pc)}")
        if cancelled():
            return Stop("interrupted", "interrupted")
        if dbg.steps - start >= budget:
            return Stop("max-steps", f"no new line within {budget} steps")


@dataclass(frozen=True, slots=True)
class _Past:
    """One recorded step: TPC and stack pointer before it, and, when it was a call as
    ``Debugger.next`` sees one, the return address it set (ra after it; None otherwise)."""

    pc: int
    sp: int
    ret: int | None


def _is_call(dbg: Debugger, pc: int) -> bool:
    """Whether the instruction at ``pc`` is one ``next`` steps over (the SETRET family,
    call block starts)."""
    form = dbg.machine.peek_decode(pc).form  # no side effects; None when unfetchable
    return form is not None and form.mnemonic in CALL_MNEMONICS


def _record(dbg: Debugger, low: int, high: int, sp_index: int,
            cancelled: Callable[[], bool]) -> list[_Past] | None:
    """The steps [low, high), replayed from ``low`` (stops and hit counts untouched: the
    engine's ``goto`` replays without them); None when cancelled."""
    m = dbg.machine
    dbg.goto(low)
    past = []
    for _ in range(high - low):
        if cancelled():
            return None
        pc, sp = m.pc, m.r[sp_index]
        call = _is_call(dbg, pc)
        dbg.goto(m.steps + 1)
        block_call = m.blk and m.bpc == pc and m.btype in (CALL_TYPE, ICALL_TYPE)
        past.append(_Past(pc, sp, m.r[RA] if call or block_call else None))
    return past


def _visible(past: list[_Past], now_pc: int, now_sp: int) -> list[int]:
    """The positions a forward ``next`` from the first one passes through (indices into
    ``past``): a call's steps up to its return (TPC at the return address with the
    stack no deeper) are skipped, unless the return is not before the present, i.e.
    the present is inside that call."""
    n = len(past)
    at: dict[int, list[int]] = {}
    for j, step in enumerate(past):
        at.setdefault(step.pc, []).append(j)
    shown = []
    k = 0
    while k < n:
        shown.append(k)
        step = past[k]
        if step.ret is not None:
            candidates = at.get(step.ret, [])
            i = bisect.bisect_right(candidates, k)
            back = next((j for j in candidates[i:] if past[j].sp >= step.sp), None)
            if back is None and now_pc == step.ret and now_sp >= step.sp:
                back = n
            if back is not None:
                k = back
                continue
        k += 1
    return shown


def line_step_back(
    dbg: Debugger,
    lines: SourceLines,
    *,
    cancelled: Callable[[], bool] = _never,
    budget: int = 1 << 24,
) -> Stop:
    """Go back to the start of the previous source line (see the module docstring)."""
    m = dbg.machine
    now = dbg.steps
    if now == 0:
        raise DebugError("already at step 0: nothing to reverse")
    sp_index = m.frame_sp if m.compat else 1
    now_pc, now_sp = m.pc, m.r[sp_index]
    window = FIRST_WINDOW
    past: list[_Past] = []
    low = now
    while True:
        new_low = max(0, now - window)
        earlier = _record(dbg, new_low, low, sp_index, cancelled)
        if earlier is None:
            dbg.goto(now)
            return Stop("interrupted", "interrupted")
        past = earlier + past
        low = new_low
        starts = [k for k in _visible(past, now_pc, now_sp) if lines.is_line_start(past[k].pc)]
        if starts:
            found = low + starts[-1]
            dbg.goto(found)
            row = lines.table.row_at(m.pc)
            return Stop("stopped", f"reverse: line {row.line if row else '?'} at step {found}")
        if low == 0:
            dbg.goto(0)
            return Stop("stopped", "reverse: reached the start of the program")
        if now - low >= budget:
            dbg.goto(low)
            return Stop("max-steps", f"no earlier line within {budget} steps")
        window = min(window * 8, MAX_WINDOW) if window < MAX_WINDOW else window + MAX_WINDOW


def step_out(dbg: Debugger, frame_sp_register: str, *, budget: int | None = None) -> Stop:
    """Run until the innermost frame returns to its caller (the backtrace's frame 1), at
    a stack pointer no lower than the caller's."""
    dbg.refuse_after_exit()
    frames = dbg.frames(2)
    m = dbg.machine
    if len(frames) >= 2:
        ret, sp = frames[1].pc, frames[1].sp
    else:
        # A function without a frame template (a leaf, or hand-written code): its
        # return address is still in ra, and the caller's stack is the current one.
        ret, sp = m.r[RA], frames[0].sp if frames else 0
        if ret == m.pc or ret & 1 or not m.mem.mapped(ret):
            raise DebugError(f"no caller is known here (one frame, and ra = {ret:#x} is not a return address)")
    caller = {"pc": ret, "sp": sp}
    bp = dbg.add_breakpoint(f"{caller['pc']:#x}", f"{frame_sp_register} >= {caller['sp']:#x}", temporary=True)
    try:
        stop = dbg.cont(budget)
    finally:
        if bp.ident in dbg.breakpoints:
            dbg.delete(bp.ident)
    if stop.breakpoint == bp.ident:
        stop = Stop("stopped", f"returned to {dbg.symbolize(caller['pc'])}")
        dbg.last = stop
    return stop
