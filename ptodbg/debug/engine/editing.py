"""Timeline edits: set a register, memory or a tile element, change page permissions (now,
at a step, or for one access), recover from a trap.

An edit made at the present is applied and recorded at the present step; one made for a
later step is scheduled and applied when the run reaches it.  An edit made in the past
rewrites the future: later recorded edits and snapshots are dropped (scheduled injections
are kept).  Every change to the list of edits bumps the edits version, which keys the
caches that depend on the timeline (see :mod:`ptodbg.debug.engine.timeline`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.core.memory import parse_perms
from ptodbg.debug.engine.edits import (
    REG_PC,
    Edit,
    MemoryEdit,
    OnceEdit,
    PermsEdit,
    RecoverEdit,
    RegisterEdit,
    TileEdit,
    with_element,
)
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.state import EngineState
from ptodbg.debug.engine.timeline import MAX_STEP
from ptodbg.debug.view.records import EditNote

if TYPE_CHECKING:
    pass

ADDRESS_END = 1 << 64


class EditsMixin(EngineState):
    """The editing half of :class:`~ptodbg.debug.engine.debugger.Debugger`."""

    def _edit(self, kind: type[Edit], *fields: object, at: int | None = None) -> str:
        """Record and (when it is due now) apply one timeline edit of ``kind`` with its
        ``fields`` (the record's fields after ``step``)."""
        m = self.machine
        if at is not None and at > MAX_STEP:
            raise DebugError(f"step {at} is beyond the last step number {MAX_STEP}")
        if at is not None and at > m.steps:
            edit = kind(at, *fields, scheduled=True)
            i = self.cursor
            while i < len(self.edits) and self.edits[i].step <= at:
                i += 1
            self.edits.insert(i, edit)
            self._edits_version += 1
            return f"scheduled at step {at}: {edit.describe()}"
        if at is not None and at < m.steps:
            raise DebugError(f"step {at} is in the past (now {m.steps}); go there first with goto {at}")
        self._rewrite_future()
        edit = kind(m.steps, *fields)
        try:
            text = edit.apply(m)
        except (ValueError, KeyError) as e:
            raise DebugError(str(e)) from None
        self.edits.insert(self.cursor, edit)
        self.cursor += 1
        self._edits_version += 1
        self.notes.append(EditNote(edit.describe(), edit.step))
        return text

    def _rewrite_future(self) -> None:
        """An edit at the present drops the recorded future (scheduled edits stay)."""
        m = self.machine
        future = self.edits[self.cursor :]
        keep = [e for e in future if e.scheduled]
        if len(keep) != len(future) or self.horizon > m.steps:
            del self.edits[self.cursor :]
            self.edits.extend(keep)
            self.history.truncate_after(m.steps)
            self.horizon = m.steps
            self._edits_version += 1

    def apply_due_edits(self) -> None:
        """Apply recorded/scheduled edits whose step has been reached."""
        m = self.machine
        while self.cursor < len(self.edits) and self.edits[self.cursor].step <= m.steps:
            edit = self.edits[self.cursor]
            failed = False
            try:
                text = edit.apply(m)
            except (ValueError, KeyError) as e:
                text, failed = f"could not apply {edit.describe()}: {e}", True
            self.cursor += 1
            note = EditNote(f"@{m.steps}: {text}", m.steps, failed)
            if edit.step == m.steps and note not in self.notes:
                self.notes.append(note)  # (a replay reaching the step again says nothing new)

    # ---------------------------------------------------------- commands
    def set_register(self, name: str, value: int) -> str:
        if not -(1 << 63) <= value < 1 << 64:
            raise DebugError(f"value {value:#x} does not fit in 64 bits")
        low = name.strip().lower()
        if low in ("pc", "tpc"):
            if value & 1:
                raise DebugError(f"TPC must be even, {value:#x} is odd")
            return self._edit(RegisterEdit, REG_PC, value & ((1 << 64) - 1))
        try:
            self.machine.reg_index(low)
        except KeyError:
            raise DebugError(f"unknown register {name!r} (use ABI names such as a0, sp, ra, or rN)") from None
        if low == "zero" or low == "r0":
            raise DebugError("zero always reads 0; it cannot be set")
        return self._edit(RegisterEdit, low, value & ((1 << 64) - 1))

    def set_memory(self, address: int, data: bytes) -> str:
        if not data:
            raise DebugError("no bytes to write")
        # The whole range is checked before the edit drops the recorded future it rewrites.
        first = self.machine.mem.first_unmapped(address, len(data))
        if first is not None:
            raise DebugError(f"cannot write memory at {first:#x}: it is not mapped")
        return self._edit(MemoryEdit, address, bytes(data))

    def set_tile(self, index: int, row: int, column: int, raw: int) -> str:
        """Write element (row, column) of tile ``index`` as raw bits (defined from then on):
        a timeline edit, replayed at this step by reverse execution and goto."""
        try:  # checked before the edit drops the recorded future it rewrites
            with_element(self.machine.tiles, index, row, column, raw)
        except ValueError as e:
            raise DebugError(str(e)) from None
        return self._edit(TileEdit, index, row, column, raw)

    def set_perms(self, address: int, length: int, perms: str, *, at: int | None = None, once: bool = False) -> str:
        try:
            bits = parse_perms(perms)
        except ValueError as e:
            raise DebugError(str(e)) from None
        if length <= 0:
            raise DebugError("the length must be positive")
        if not 0 <= address < ADDRESS_END:
            raise DebugError(f"address {address:#x} is not a 64-bit address")
        if address + length > ADDRESS_END:
            raise DebugError(f"{address:#x} + {length:#x} runs past the end of the 64-bit address space")
        if not self.machine.mem.mapped_pages(address, length):  # (work bounded by the mapped pages)
            raise DebugError(f"no page of {address:#x}..{address + length:#x} is mapped")
        return self._edit(OnceEdit if once else PermsEdit, address, length, bits, at=at)

    def recover(self, bank: int | None = None) -> str:
        m = self.machine
        if bank is not None and not 0 <= bank < len(m.saved):
            raise DebugError(f"bank {bank} does not exist: trap banks are 0..{len(m.saved) - 1}")
        ring = m.acr if bank is None else bank
        why = m.recoverable(ring)
        if why is not None:
            raise DebugError(f"cannot recover: {why}")
        return self._edit(RecoverEdit, ring)
