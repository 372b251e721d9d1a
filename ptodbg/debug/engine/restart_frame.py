"""Restarting a frame: travel back to the step at which a frame of the call chain was
entered (DAP's ``restartFrame``, which debuggers of machine code cannot do without a
recorded timeline).

A frame was entered at the latest earlier step at which TPC was its function's entry
(the symbol with a size that holds the frame's pc, for a function without a frame
template, whose labels are no entries) and, when the function has a frame template, the template's stack pointer held the
frame's address (the caller's sp that :func:`~ptodbg.debug.frames.walk` unwinds to): so
a recursive call deeper down, which enters the same function with a lower sp, is not
taken for it.  The frames are entered innermost last, so the search goes outward from
frame 0, each frame's entry looked for before the entry of the frame it called.  At the
step found the registers are the caller's (arguments, return address, callee-saved
values), and going forward again re-executes the frame exactly, as the timeline does.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.stops import Stop

MAX_LABELS = 64  # symbols looked at below a frame's pc for the function that holds it

if TYPE_CHECKING:
    from ptodbg.debug.engine.debugger import Debugger


def restart_frame(dbg: Debugger, level: int) -> Stop:
    """Go back to the step at which frame ``level`` (0: innermost) was entered; the
    machine is left there.  Raises DebugError when the frame cannot be restarted (no
    such frame, outside every function, entered before the recorded timeline); an
    interrupt leaves the machine where it was and answers an "interrupted" stop."""
    chain = dbg.frames(level + 1)
    if level >= len(chain):
        raise DebugError(f"no frame {level}: the call chain has {len(chain)} frame{'s' if len(chain) != 1 else ''}")
    m = dbg.machine
    now = dbg.steps
    bound = now + 1  # frame 0 may be at its entry now
    for frame in chain[: level + 1]:
        if frame.function is None:
            raise DebugError(f"frame {frame.level} at {frame.where} is outside every function: no entry to go back to")
        cfa = frame.frame_address
        entry = frame.pc - frame.offset if cfa is not None else _function_start(dbg, frame.pc, frame.pc - frame.offset)
        index = m.frame_sp

        def holds(index: int = index, cfa: int | None = cfa) -> bool:
            return cfa is None or m.r[index] == cfa

        found = dbg.latest_visit(entry, holds, bound)
        if found is None:
            if dbg.interrupted():
                dbg.last = Stop("interrupted", f"restart of frame {level} interrupted at step {now}")
                return dbg.last
            raise DebugError(f"frame {frame.level} ({frame.label}) was not entered on the recorded timeline")
        bound = found
    moved = dbg.goto(bound)
    if moved.status != "stopped":
        return moved
    target = chain[level]
    dbg.last = Stop("stopped", f"restarted frame {level}: {target.function} entered at step {bound}")
    return dbg.last


def _function_start(dbg: Debugger, pc: int, nearest: int) -> int:
    """Where the function holding ``pc`` starts: the nearest symbol below ``pc`` whose size
    covers it (a global label inside a function, such as a return point, has no size),
    else the nearest symbol's address."""
    addresses, names = dbg.symbols.ordered()
    i = bisect.bisect_right(addresses, pc)
    for k in range(i - 1, max(-1, i - 1 - MAX_LABELS), -1):
        size = dbg.symbols.sizes.get(names[k], 0)
        if size and addresses[k] <= pc < addresses[k] + size:
            return addresses[k]
    return nearest
