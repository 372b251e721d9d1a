"""Timeline edits: every change a user makes to a running program.

Reverse execution replays the program from a snapshot, so anything that changed the
machine from outside the instruction stream must be replayed at the same step: register
and memory writes, permission changes, injected faults, recovery.  Each kind of edit is a
record of its own (:class:`RegisterEdit`, :class:`QueueEdit`, :class:`MemoryEdit`,
:class:`TileEdit`, :class:`PermsEdit`, :class:`OnceEdit`, :class:`RecoverEdit`) with the
fields it needs, and
knows how to apply itself (:meth:`Edit.apply`), how to describe itself for the event pane
(:meth:`Edit.describe`) and how to write itself into a session file
(:meth:`Edit.to_record`; :func:`edit_from_record` reads one back).  Permissions are kept
as bits and spelt ``rw-`` only when written out.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ptodbg.base.record import Frozen
from ptodbg.core.memory import parse_perms, perms_text
from ptodbg.tile.codes import PREDICATE
from ptodbg.tile.state import TileError, TileFile

if TYPE_CHECKING:
    from ptodbg.core import Machine

REG_PC = "pc"


def with_element(file: TileFile, index: int, row: int, column: int, raw: int) -> TileFile:
    """``file`` with element (row, column) of tile ``index`` set to ``raw`` and defined
    (WriteTileElement on a copy: the tile in the file, shared with snapshots, is never
    changed).  ValueError when the tile is not allocated or the element is outside it."""
    tile = file.local[index] if 0 <= index < len(file.local) else None
    if tile is None:
        raise ValueError(f"tile {index} is not allocated")
    changed = tile.copy()
    try:
        if changed.kind == PREDICATE:  # one bit
            changed.set_predicate_bit(row, column, bool(raw & 1))
        else:
            changed.write(row, column, raw)
    except TileError as e:
        raise ValueError(str(e)) from None
    return file.with_local(index, changed)


class Edit(Frozen):
    """One timeline edit, made at (or scheduled for) ``step``.  ``scheduled`` edits were
    asked for a future step (``inject ... at STEP``) and survive when the user rewrites the
    past; recorded ones do not.  Each kind adds its fields and ends with ``scheduled``."""

    step: int
    kind: ClassVar[str]  # the session file's name of the kind ("reg", "mem", ...)
    # every kind declares ``scheduled: bool = False`` after its own fields (a field with a
    # default cannot come before them)

    def apply(self, m: Machine) -> str:
        """Apply to the machine; returns a one-line description of what happened."""
        raise NotImplementedError

    def describe(self) -> str:
        """``@STEP: `` and the command that makes this edit."""
        raise NotImplementedError

    def to_record(self) -> dict:
        """Plain data for a session file (TOML-serialisable)."""
        return {"step": self.step, "kind": self.kind, "scheduled": self.scheduled, **self._fields()}

    def _fields(self) -> dict:
        raise NotImplementedError

    @property
    def args(self) -> tuple:
        """The edit's operands as its command takes them (permissions spelt ``rw-``)."""
        raise NotImplementedError

    @staticmethod
    def from_record(rec: dict) -> Edit:
        """Inverse of :meth:`to_record` (see :func:`edit_from_record`)."""
        return edit_from_record(rec)


class RegisterEdit(Edit):
    """``set REG VALUE`` (``set pc ADDRESS`` too: ``name`` is :data:`REG_PC`)."""

    kind: ClassVar[str] = "reg"
    name: str
    value: int
    scheduled: bool = False

    def apply(self, m: Machine) -> str:
        if self.name == REG_PC:
            m.pc = self.value
        else:
            m.set_reg(self.name, self.value)
        return f"set {self.name} = {self.value:#x}"

    def describe(self) -> str:
        return f"@{self.step}: set {self.name} {self.value:#x}"

    def _fields(self) -> dict:
        return {"register": self.name, "value": self.value}

    @property
    def args(self) -> tuple:
        return (self.name, self.value)


class QueueEdit(Edit):
    """A T or U queue set whole (a session's record; newest first, None: empty slot)."""

    kind: ClassVar[str] = "queue"
    which: str
    values: tuple
    scheduled: bool = False

    def apply(self, m: Machine) -> str:
        m.set_queue(self.which, self.values)
        return f"set {self.which} queue"

    def describe(self) -> str:
        return f"@{self.step}: set {self.which} queue {self.values}"

    def _fields(self) -> dict:
        return {"queue": self.which, "values": [-1 if v is None else v for v in self.values]}

    @property
    def args(self) -> tuple:
        return (self.which, self.values)


class MemoryEdit(Edit):
    """``set mem ADDRESS BYTES``."""

    kind: ClassVar[str] = "mem"
    address: int
    data: bytes
    scheduled: bool = False

    def apply(self, m: Machine) -> str:
        m.mem.poke(self.address, bytes(self.data))
        size = len(self.data)
        return f"set mem {self.address:#x} ({size} byte{'' if size == 1 else 's'})"

    def describe(self) -> str:
        return f"@{self.step}: set mem {self.address:#x} {bytes(self.data).hex()}"

    def _fields(self) -> dict:
        return {"address": self.address, "bytes": bytes(self.data).hex()}

    @property
    def args(self) -> tuple:
        return (self.address, self.data)


class TileEdit(Edit):
    """``set tile N ROW COL VALUE``: one element's raw bits (defined from then on)."""

    kind: ClassVar[str] = "tile"
    tile: int
    row: int
    column: int
    raw: int
    scheduled: bool = False

    def apply(self, m: Machine) -> str:
        m.tiles = with_element(m.tiles, self.tile, self.row, self.column, self.raw)
        return f"set tile {self.tile} ({self.row}, {self.column}) = {self.raw:#x}"

    def describe(self) -> str:
        return f"@{self.step}: set tile {self.tile} {self.row} {self.column} {self.raw:#x}"

    def _fields(self) -> dict:
        return {"tile": self.tile, "row": self.row, "column": self.column, "raw": self.raw}

    @property
    def args(self) -> tuple:
        return (self.tile, self.row, self.column, self.raw)


class PermsEdit(Edit):
    """``perms ADDRESS LENGTH PERMS`` (or ``inject ... at STEP``): the pages' permissions
    become ``perms`` (bits: R, W, X of :mod:`ptodbg.core.memory`)."""

    kind: ClassVar[str] = "perms"
    address: int
    length: int
    perms: int
    scheduled: bool = False

    @property
    def perms_text(self) -> str:
        return perms_text(self.perms)

    def apply(self, m: Machine) -> str:
        m.mem.set_perms(self.address, self.length, self.perms)
        return f"perms {self.address:#x}+{self.length:#x} {self.perms_text}"

    def describe(self) -> str:
        return f"@{self.step}: perms {self.address:#x} {self.length:#x} {self.perms_text}"

    def _fields(self) -> dict:
        return {"address": self.address, "length": self.length, "perms": self.perms_text}

    @property
    def args(self) -> tuple:
        return (self.address, self.length, self.perms_text)


class OnceEdit(PermsEdit):
    """``inject ADDRESS LENGTH PERMS once``: the permissions hold until the next access
    they make fault, then the page's own come back."""

    kind: ClassVar[str] = "once"

    def apply(self, m: Machine) -> str:
        m.mem.inject_once(self.address, self.length, self.perms)
        return f"inject {self.address:#x}+{self.length:#x} {self.perms_text} once"

    def describe(self) -> str:
        return f"@{self.step}: inject {self.address:#x} {self.length:#x} {self.perms_text} once"


class RecoverEdit(Edit):
    """``recover``: bank ``bank``'s saved context restored (ACRE semantics)."""

    kind: ClassVar[str] = "recover"
    bank: int
    scheduled: bool = False

    def apply(self, m: Machine) -> str:
        pc = m.recover(self.bank)
        return f"recover bank {self.bank}: TPC = {pc:#x}"

    def describe(self) -> str:
        return f"@{self.step}: recover bank {self.bank}"

    def _fields(self) -> dict:
        return {"bank": self.bank}

    @property
    def args(self) -> tuple:
        return (self.bank,)


KINDS: dict[str, type[Edit]] = {k.kind: k for k in (RegisterEdit, QueueEdit, MemoryEdit, TileEdit, PermsEdit,
                                                      OnceEdit, RecoverEdit)}


def edit_from_record(rec: dict) -> Edit:
    """The edit a session file's record describes; raises ValueError on a malformed one."""
    try:
        kind = rec["kind"]
        step = int(rec["step"])
        scheduled = bool(rec.get("scheduled", False))
        if kind == "reg":
            edit: Edit = RegisterEdit(step, str(rec["register"]), int(rec["value"]), scheduled)
        elif kind == "queue":
            values = tuple(None if v == -1 else int(v) for v in rec["values"])
            edit = QueueEdit(step, str(rec["queue"]), values, scheduled)
        elif kind == "mem":
            edit = MemoryEdit(step, int(rec["address"]), bytes.fromhex(rec["bytes"]), scheduled)
        elif kind == "tile":
            edit = TileEdit(step, int(rec["tile"]), int(rec["row"]), int(rec["column"]), int(rec["raw"]), scheduled)
        elif kind in ("perms", "once"):
            edit = KINDS[kind](step, int(rec["address"]), int(rec["length"]), parse_perms(str(rec["perms"])),
                               scheduled)
        elif kind == "recover":
            edit = RecoverEdit(step, int(rec["bank"]), scheduled)
        else:
            raise ValueError(f"unknown edit kind {kind!r}")
    except (KeyError, TypeError) as exc:
        raise ValueError(f"malformed edit record {rec!r}") from exc
    if step < 0:
        raise ValueError(f"edit step {step} is negative")
    return edit
