"""Timeline edits: every change a user makes to a running program.

Reverse execution replays the program from a snapshot, so anything that changed the
machine from outside the instruction stream must be replayed at the same step: register
and memory writes, permission changes, injected faults, recovery.  Each edit records the
step at which it was made and knows how to apply itself and how to describe itself (for
the event pane and the session file).
"""

from __future__ import annotations

from ptodbg.base.record import Frozen
from ptodbg.core import Machine
from ptodbg.core.memory import parse_perms, perms_text
from ptodbg.tile.codes import PREDICATE
from ptodbg.tile.state import TileError, TileFile

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
    """One timeline edit.  ``scheduled`` edits were asked for a future step (``inject ...
    at STEP``) and survive when the user rewrites the past; recorded ones do not."""

    step: int
    kind: str  # "reg" | "queue" | "mem" | "tile" | "perms" | "once" | "recover"
    args: tuple
    scheduled: bool = False

    def apply(self, m: Machine) -> str:
        """Apply to the machine; returns a one-line description of what happened."""
        if self.kind == "reg":
            name, value = self.args
            if name == REG_PC:
                m.pc = value
            else:
                m.set_reg(name, value)
            return f"set {name} = {value:#x}"
        if self.kind == "queue":
            which, values = self.args
            m.set_queue(which, values)
            return f"set {which} queue"
        if self.kind == "mem":
            address, data = self.args
            m.mem.poke(address, bytes(data))
            return f"set mem {address:#x} ({len(data)} byte{'' if len(data) == 1 else 's'})"
        if self.kind == "tile":
            index, row, column, raw = self.args
            m.tiles = with_element(m.tiles, index, row, column, raw)
            return f"set tile {index} ({row}, {column}) = {raw:#x}"
        if self.kind == "perms":
            address, length, perms = self.args
            m.mem.set_perms(address, length, parse_perms(perms))
            return f"perms {address:#x}+{length:#x} {perms}"
        if self.kind == "once":
            address, length, perms = self.args
            m.mem.inject_once(address, length, parse_perms(perms))
            return f"inject {address:#x}+{length:#x} {perms} once"
        if self.kind == "recover":
            (bank,) = self.args
            pc = m.recover(bank)
            return f"recover bank {bank}: TPC = {pc:#x}"
        raise ValueError(f"unknown edit kind {self.kind!r}")

    def describe(self) -> str:
        a = self.args
        if self.kind == "reg":
            return f"@{self.step}: set {a[0]} {a[1]:#x}"
        if self.kind == "queue":
            return f"@{self.step}: set {a[0]} queue {a[1]}"
        if self.kind == "mem":
            return f"@{self.step}: set mem {a[0]:#x} {bytes(a[1]).hex()}"
        if self.kind == "tile":
            return f"@{self.step}: set tile {a[0]} {a[1]} {a[2]} {a[3]:#x}"
        if self.kind in ("perms", "once"):
            return f"@{self.step}: {'inject' if self.kind == 'once' else 'perms'} {a[0]:#x} {a[1]:#x} {a[2]}" + (
                " once" if self.kind == "once" else ""
            )
        return f"@{self.step}: recover bank {a[0]}"

    def to_record(self) -> dict:
        """Plain data for a session file (TOML-serialisable)."""
        rec: dict = {"step": self.step, "kind": self.kind, "scheduled": self.scheduled}
        a = self.args
        if self.kind == "reg":
            rec.update(register=a[0], value=a[1])
        elif self.kind == "queue":
            rec.update(queue=a[0], values=[-1 if v is None else v for v in a[1]])
        elif self.kind == "mem":
            rec.update(address=a[0], bytes=bytes(a[1]).hex())
        elif self.kind == "tile":
            rec.update(tile=a[0], row=a[1], column=a[2], raw=a[3])
        elif self.kind in ("perms", "once"):
            rec.update(address=a[0], length=a[1], perms=a[2])
        else:
            rec.update(bank=a[0])
        return rec

    @staticmethod
    def from_record(rec: dict) -> Edit:
        """Inverse of :meth:`to_record`; raises ValueError on a malformed record."""
        try:
            kind = rec["kind"]
            step = int(rec["step"])
            scheduled = bool(rec.get("scheduled", False))
            if kind == "reg":
                args: tuple = (str(rec["register"]), int(rec["value"]))
            elif kind == "queue":
                args = (str(rec["queue"]), tuple(None if v == -1 else int(v) for v in rec["values"]))
            elif kind == "mem":
                args = (int(rec["address"]), bytes.fromhex(rec["bytes"]))
            elif kind == "tile":
                args = (int(rec["tile"]), int(rec["row"]), int(rec["column"]), int(rec["raw"]))
            elif kind in ("perms", "once"):
                perms = perms_text(parse_perms(str(rec["perms"])))
                args = (int(rec["address"]), int(rec["length"]), perms)
            elif kind == "recover":
                args = (int(rec["bank"]),)
            else:
                raise ValueError(f"unknown edit kind {kind!r}")
        except (KeyError, TypeError) as exc:
            raise ValueError(f"malformed edit record {rec!r}") from exc
        if step < 0:
            raise ValueError(f"edit step {step} is negative")
        return Edit(step, kind, args, scheduled)
