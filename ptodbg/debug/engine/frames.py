"""The call chain: unwinding the frames FENTRY built, and which frame the user selected.

PTO functions built by the LinxISA toolchain open with ``FENTRY [ra ~ rE], sp!, SIZE``:
it stores ra..rE (a ring range of R2..R23) just below the caller's sp, one 8-byte slot per
register (ra at caller sp - 8, the next at - 16, ...), and moves sp down by SIZE
(``asl/block/model/lifecycle/lifetime.asl``; :mod:`ptodbg.core.semantics.templates`).  So,
once a function's FENTRY has run, caller sp = sp + SIZE and every saved register of the
caller can be read back from its slot: that is how :func:`walk` unwinds, as gdb does with
CFI.  Before a function's FENTRY has run (pc at its symbol), ra is still live in R10.

A function without a frame template (a leaf such as the demo's ``fill``, called with
SETRET + J and returning with ``jr ra``) saves nothing and moves no sp, so while it is the
innermost frame its return address is still in R10, or in LRA, the block-local copy that
SETRET and CALL starts write with it and that a later ordinary write of R10 leaves alone
(``asl/block/model/dispatch/start.asl``: BSTART RET returns through it).  gdb unwinds such
a frame through the link register when no CFI describes it; :func:`walk` does the same
for the innermost frame and marks the caller it finds *inferred* (``bt`` says so): the
chain is then a reading of ra, not of a frame the program built.  An address qualifies
only when it is even, on an executable page, and outside the function itself (a function
without a template that made a call of its own holds a return into itself there).

Frame selection (``frame N``, ``up``, ``down``) is remembered with the machine position it
was made at; when the machine moves (a step, a travel, an edit) the selection falls back
to frame 0, as gdb's does.
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from ptodbg.core.semantics.templates import ring_count, ring_register
from ptodbg.core.state import RA
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.state import EngineState
from ptodbg.debug.view.records import Frame, SavedRegister

if TYPE_CHECKING:
    from ptodbg.core import Machine
    from ptodbg.debug.engine.symbols import Symbols

MAX_FRAMES = 4096  # the most frames a backtrace walks
_LABELS_INSIDE = 64  # labels looked past to find the sized function around an address
MASK64 = (1 << 64) - 1


def frame_template(machine: Machine, entry: int) -> tuple[int, int, int] | None:
    """(first saved register, last saved register, frame size) of the FENTRY at a
    function's entry; None when there is none, or it does not save ra first (then the
    return address cannot be found and the chain ends there)."""
    peeked = machine.peek_decode(entry)
    form, insn = peeked.form, peeked.insn
    if form is None or form.mnemonic != "FENTRY":
        return None
    v = form.values(insn)
    if v.get("SrcBegin") != RA:
        return None
    return v["SrcBegin"], v["SrcEnd"], v["uimm"]


def _extent(symbols: Symbols, pc: int) -> tuple[int, int] | None:
    """[start, end) of the sized symbol around ``pc`` (a function's ``.size``), looking
    past the labels inside it (``back:``, ``cross_model_stop:``); None when none covers it."""
    addresses, names = symbols.ordered()
    i = bisect.bisect_right(addresses, pc)
    for k in range(i - 1, max(-1, i - 1 - _LABELS_INSIDE), -1):
        size = symbols.sizes.get(names[k], 0)
        if size and addresses[k] <= pc < addresses[k] + size:
            return addresses[k], addresses[k] + size
    return None


def _link_return(machine: Machine, symbols: Symbols, regs: list[int], pc: int) -> int | None:
    """The return address of a frame without a template, read from ra or else LRA (see
    the module docstring); None when neither can be one."""
    from ptodbg.core.memory import X

    extent = _extent(symbols, pc)
    here = symbols.containing(pc)
    for value in (regs[RA], machine.lra):
        if not value or value & 1 or value == pc:
            continue
        perms = machine.mem.perms_at(value)
        if perms is None or not perms & X:
            continue
        if extent is not None and extent[0] <= value < extent[1]:
            continue  # a return into the function itself: a call it made, not its own return
        if extent is None and here is not None and symbols.containing(value) == (here[0], value - (pc - here[1])):
            continue
        return value
    return None


def walk(machine: Machine, symbols: Symbols, limit: int) -> list[Frame]:
    """The call chain, innermost first, at most ``limit`` (1..MAX_FRAMES) frames: a
    corrupt stack can make the chain loop."""
    if not 1 <= limit <= MAX_FRAMES:
        raise DebugError(f"frame count {limit} must be 1..{MAX_FRAMES}")
    m = machine
    # The frame templates keep their sp in R2 (PTO 0.58.3, PTO_FRAME_SP_INDEX) or R1 (the
    # linx-v0.4 toolchain's code); a frame's "sp" is the one its code uses (R1 but under
    # linx-v0.4, as the DAP server and batch have always shown it).
    frame_sp = m.frame_sp
    sp_index = frame_sp if m.compat else 1
    regs = list(m.r[:24])
    pc = m.pc
    frames: list[Frame] = []
    linked = False  # this frame's pc came from its callee's ra/LRA, not from a save slot
    for depth in range(limit):
        sp = regs[sp_index]
        hit = symbols.containing(pc)
        name, off = hit if hit else (None, 0)
        pretty = symbols.pretty(name) if name else None
        demangled = pretty if pretty != name else None
        template = frame_template(m, pc - off) if name is not None else None
        if template is None:
            # No frame template: the innermost frame returns through ra/LRA (a leaf); any
            # other frame's return address is lost (the chain ends there).
            ret = _link_return(m, symbols, regs, pc) if depth == 0 else None
            frames.append(Frame(depth, pc, name, off, sp, symbols.symbolize(pc), demangled,
                                None if ret is None else regs[frame_sp], (), tuple(regs), inferred=linked))
            if ret is None:
                break
            pc, linked = ret, True  # the caller sees the same registers: a leaf saved none
            continue
        begin, end, size = template
        caller = list(regs)
        saved: tuple[SavedRegister, ...] = ()
        if off == 0:  # FENTRY has not run: nothing saved yet, ra is live
            frame_address = regs[frame_sp]
            ret = regs[RA] if depth == 0 else None
        else:
            frame_address = (regs[frame_sp] + size) & MASK64
            slots = []
            for k in range(ring_count(begin, end)):
                address = (frame_address - 8 * (k + 1)) & MASK64
                value = int.from_bytes(m.mem.peek(address, 8), "little")
                index = ring_register(begin, k)
                slots.append(SavedRegister(index, address, value))
                caller[index] = value
            saved = tuple(slots)
            ret = caller[RA]
        caller[frame_sp] = frame_address
        frames.append(Frame(depth, pc, name, off, sp, symbols.symbolize(pc), demangled, frame_address, saved,
                            tuple(regs), inferred=linked))
        linked = False
        if ret is None or ret == 0 or not m.mem.mapped(ret):
            break
        pc, regs = ret, caller
    return frames


class FramesMixin(EngineState):
    """The frame commands of :class:`~ptodbg.debug.engine.debugger.Debugger`: ``bt``, ``frame``,
    ``up``, ``down`` and ``info frame``.  (``finish`` runs forward: see forward.py.)"""

    def position(self) -> tuple[int, int, int]:
        """Where the machine is: (steps, edits applied, edits version).  Two equal positions
        are the same machine state, so a selection, or anything computed from the state,
        made at one position holds at the other and nowhere else."""
        return (self.machine.steps, self.cursor, self._edits_version)

    def frames(self, limit: int = 64) -> list[Frame]:
        """The typed call chain (see :func:`walk`)."""
        return walk(self.machine, self.symbols, limit)

    @property
    def selected_frame(self) -> int:
        """The level ``frame``/``up``/``down`` selected; 0 once the machine has moved."""
        level, at = self._selection
        return level if at == self.position() else 0

    def select_frame(self, level: int) -> Frame:
        """Select frame ``level`` (gdb's ``frame N``)."""
        if not 0 <= level < MAX_FRAMES:
            raise DebugError(f"frame number {level} must be 0..{MAX_FRAMES - 1}")
        chain = self.frames(min(MAX_FRAMES, level + 1))
        if level >= len(chain):
            raise DebugError(f"no frame {level}: the call chain has {len(chain)} frame{'s' if len(chain) != 1 else ''}"
                             f" (0..{len(chain) - 1})")
        self._selection = (level, self.position())
        return chain[level]

    def frame_up(self, count: int = 1) -> Frame:
        """Select the frame ``count`` levels out (toward the callers), stopping at the
        outermost as gdb does (an error only when already there)."""
        if not 1 <= count <= MAX_FRAMES:
            raise DebugError(f"frame count {count} must be 1..{MAX_FRAMES}")
        now = self.selected_frame
        chain = self.frames(min(MAX_FRAMES, now + count + 1))
        if now + 1 >= len(chain):
            raise DebugError("initial frame selected; you cannot go up")
        return self.select_frame(min(now + count, len(chain) - 1))

    def frame_down(self, count: int = 1) -> Frame:
        """Select the frame ``count`` levels in (toward frame 0)."""
        if not 1 <= count <= MAX_FRAMES:
            raise DebugError(f"frame count {count} must be 1..{MAX_FRAMES}")
        now = self.selected_frame
        if now == 0:
            raise DebugError("bottom (innermost) frame selected; you cannot go down")
        return self.select_frame(max(0, now - count))

    def current_frame(self) -> Frame:
        """The selected frame (frame 0 when the selection no longer applies)."""
        level = self.selected_frame
        chain = self.frames(min(MAX_FRAMES, level + 1))
        return chain[min(level, len(chain) - 1)]

    def selected_and_caller(self) -> tuple[Frame, Frame | None]:
        """The selected frame and its caller (None at the outermost frame)."""
        level = self.selected_frame
        chain = self.frames(min(MAX_FRAMES, level + 2))
        frame = chain[min(level, len(chain) - 1)]
        return frame, (chain[frame.level + 1] if frame.level + 1 < len(chain) else None)
