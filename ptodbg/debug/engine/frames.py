"""The call chain: unwinding the frames FENTRY built, and which frame the user selected.

PTO functions built by the LinxISA toolchain open with ``FENTRY [ra ~ rE], sp!, SIZE``:
it stores ra..rE (a ring range of R2..R23) just below the caller's sp, one 8-byte slot per
register (ra at caller sp - 8, the next at - 16, ...), and moves sp down by SIZE
(``asl/block/model/lifecycle/lifetime.asl``; :mod:`ptodbg.core.semantics.templates`).  So,
once a function's FENTRY has run, caller sp = sp + SIZE and every saved register of the
caller can be read back from its slot: that is how :func:`walk` unwinds, as gdb does with
CFI.  Before a function's FENTRY has run (pc at its symbol), ra is still live in R10.

Frame selection (``frame N``, ``up``, ``down``) is remembered with the machine position it
was made at; when the machine moves (a step, a travel, an edit) the selection falls back
to frame 0, as gdb's does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.core.semantics.templates import ring_count, ring_register
from ptodbg.core.state import RA
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.view.records import Frame, SavedRegister

if TYPE_CHECKING:
    from ptodbg.core import Machine
    from ptodbg.debug.engine.symbols import Symbols

MAX_FRAMES = 4096  # the most frames a backtrace walks
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
    for depth in range(limit):
        sp = regs[sp_index]
        hit = symbols.containing(pc)
        name, off = hit if hit else (None, 0)
        pretty = symbols.pretty(name) if name else None
        demangled = pretty if pretty != name else None
        template = frame_template(m, pc - off) if name is not None else None
        if template is None:  # outside every function, or no frame template: the chain ends
            frames.append(Frame(depth, pc, name, off, sp, symbols.symbolize(pc), demangled, None, (), tuple(regs)))
            break
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
                            tuple(regs)))
        if ret is None or ret == 0 or not m.mem.mapped(ret):
            break
        pc, regs = ret, caller
    return frames


class FramesMixin:
    """The frame commands of :class:`~ptodbg.debug.engine.debugger.Debugger`: ``bt``, ``frame``,
    ``up``, ``down`` and ``info frame``.  (``finish`` runs forward: see forward.py.)"""

    machine: Machine
    symbols: Symbols
    _selection: tuple[int, tuple[int, int, int]]

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
