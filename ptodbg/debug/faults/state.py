"""What a fault-injection check compares: observations of a machine and their differences.

An :class:`Observation` is the architectural state a precise fault must preserve -
registers, queues, block, reservation, system-call state, tile registers (compared by
content: a replayed run makes new tile objects), every page and its permissions - taken
as a copy-on-write snapshot, so keeping one costs a page table.  An
:class:`Ending` adds how a run stopped and what it produced (stop, pending trap, result
bytes, program output).  :func:`state_changes` and :func:`ending_changes` list every
difference as a :class:`Change` that names itself for a report.
"""

from __future__ import annotations

from dataclasses import dataclass

from ptodbg.core import Machine, Snapshot
from ptodbg.core.memory import PAGE_SHIFT, PAGE_SIZE, perms_text
from ptodbg.core.snapshot import MOVING_FIELDS
from ptodbg.core.state import GPR_COUNT, GPR_NAMES
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.view.jsonstate import block_json, trap_json
from ptodbg.debug.view.records import Trap
from ptodbg.tile.state import TileFile

MAX_NAMED = 6  # differences named in one detail text
_TILES = MOVING_FIELDS.index("tiles")  # the tile file's place in Snapshot.moving


@dataclass(frozen=True, slots=True)
class Observation:
    """The state of a machine at one moment (pages shared copy-on-write)."""

    steps: int
    pc: int
    regs: tuple[int, ...]
    t: tuple
    u: tuple
    block: dict | None
    reservation: tuple | None
    os_state: object
    exit_code: int | None
    snapshot: Snapshot

    @staticmethod
    def take(m: Machine) -> Observation:
        snap = m.snapshot()
        return Observation(m.steps, m.pc, tuple(m.r[:GPR_COUNT]), tuple(m.queue("t")), tuple(m.queue("u")),
                           block_json(m.block_state()), m.resv, m.os_state, m.exit_code, snap)

    @property
    def pages(self) -> dict[int, bytearray]:
        return self.snapshot.pages

    @property
    def tiles(self) -> TileFile:
        return self.snapshot.moving[_TILES]

    @property
    def perms(self) -> dict[int, int]:
        return self.snapshot.system.perms


@dataclass(frozen=True, slots=True)
class Ending:
    """How a run stopped: its stop, the state, the pending trap and the program's results."""

    status: str
    message: str
    state: Observation
    trap: dict | None
    result: bytes | None
    output: bytes

    @staticmethod
    def take(dbg: Debugger) -> Ending:
        m = dbg.machine
        trap = m.pending_trap
        try:
            result = dbg.result_bytes()
        except DebugError:  # the program unmapped its result: none to compare (never zeros)
            result = None
        return Ending(dbg.last.status, dbg.last.message, Observation.take(m),
                      trap_json(Trap.of(trap)), result,
                      bytes(getattr(m.os_state, "output", b"") or b""))


@dataclass(frozen=True, slots=True)
class Change:
    """One difference: ``what`` kind ("register", "memory", "mapping", "T queue", "steps",
    ...), ``where`` it is, the ``expected`` and the observed (``got``) value."""

    what: str
    where: object
    expected: object
    got: object

    def describe(self, reference: str = "expected") -> str:
        if self.what == "memory":
            pn, runs = self.where  # type: ignore[misc]
            spans = ", ".join(f"{(pn << PAGE_SHIFT) + off:#x}+{n}" for off, n in runs[:3])
            more = f" and {len(runs) - 3} more runs" if len(runs) > 3 else ""
            return f"memory at {spans}{more}"
        if self.what == "mapping":
            return f"page {self.where:#x} {self.got} ({reference} {self.expected})"
        if self.what == "steps":
            return f"{self.got} steps ({reference} {self.expected})"
        if self.what == "tile":
            return f"tile register {self.where}"
        name = self.where if self.what == "register" else self.what
        return f"{name} {_show(self.got)} ({reference} {_show(self.expected)})"


def _show(value: object) -> str:
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:#x}"
    if isinstance(value, (bytes, bytearray)):
        text = bytes(value).hex()
        return text if len(text) <= 32 else text[:32] + "..."
    if isinstance(value, tuple) and all(v is None or isinstance(v, int) for v in value):
        return "(" + ", ".join("-" if v is None else f"{v:#x}" for v in value) + ")"
    if isinstance(value, dict) and "number" in value and "arg0" in value:
        return f"trap {value['number']} {value.get('name', '')} arg0 {value['arg0']:#x} saved TPC {value.get('saved_tpc', 0):#x}"
    return str(value)


def _runs(a: bytes, b: bytes) -> list[tuple[int, int]]:
    """(offset, length) of each run of bytes that differ between two pages."""
    out: list[tuple[int, int]] = []
    for off in range(PAGE_SIZE):
        if a[off] != b[off]:
            if out and out[-1][0] + out[-1][1] == off:
                out[-1] = (out[-1][0], out[-1][1] + 1)
            else:
                out.append((off, 1))
    return out


def state_changes(expected: Observation, got: Observation) -> list[Change]:
    """Every difference of ``got`` from ``expected``, steps and TPC excepted (the callers
    know what those should be).  The block counts whole, its ``body`` flag included: a
    faulting attempt leaves the body as it was (README "Precise faults")."""
    out: list[Change] = []
    for i in range(1, GPR_COUNT):
        if expected.regs[i] != got.regs[i]:
            out.append(Change("register", GPR_NAMES[i], expected.regs[i], got.regs[i]))
    for attr, what in (("t", "T queue"), ("u", "U queue"), ("reservation", "reservation"),
                       ("os_state", "system-call state"), ("exit_code", "exit code")):
        a, b = getattr(expected, attr), getattr(got, attr)
        if a != b:
            out.append(Change(what, None, a, b))
    if expected.block != got.block:
        out.append(Change("block", None, expected.block, got.block))
    for name in expected.tiles.differences(got.tiles):
        out.append(Change("tile", name, "as before", "changed"))
    a_pages, b_pages = expected.pages, got.pages
    for pn in sorted(a_pages.keys() | b_pages.keys()):
        a, b = a_pages.get(pn), b_pages.get(pn)
        if a is None or b is None:
            out.append(Change("mapping", pn << PAGE_SHIFT, "mapped" if a is not None else "unmapped",
                              "mapped" if b is not None else "unmapped"))
            continue
        if a is not b and a != b:
            out.append(Change("memory", (pn, _runs(a, b)), bytes(a), bytes(b)))
        pa, pb = expected.perms.get(pn, 0), got.perms.get(pn, 0)
        if pa != pb:
            out.append(Change("mapping", pn << PAGE_SHIFT, perms_text(pa), perms_text(pb)))
    return out


def ending_changes(expected: Ending, got: Ending, extra_steps: int = 1) -> list[Change]:
    """Every difference of a run's end from the fault-free end, which it should reach with
    ``extra_steps`` more attempts (the faulting one)."""
    out: list[Change] = []
    if (got.status, got.message) != (expected.status, expected.message):
        out.append(Change("stop", None, f"{expected.status}: {expected.message}", f"{got.status}: {got.message}"))
    if got.state.steps != expected.state.steps + extra_steps:
        out.append(Change("steps", None, expected.state.steps + extra_steps, got.state.steps))
    if got.state.pc != expected.state.pc:
        out.append(Change("TPC", None, expected.state.pc, got.state.pc))
    if got.trap != expected.trap:
        out.append(Change("pending trap", None, expected.trap, got.trap))
    if got.result != expected.result:
        out.append(Change("result", None, expected.result, got.result))
    if got.output != expected.output:
        out.append(Change("output", None, expected.output, got.output))
    return out + state_changes(expected.state, got.state)


def name_changes(changes: list[Change], reference: str = "expected") -> str:
    """The first few changes in words, and how many more there are."""
    shown = [c.describe(reference) for c in changes[:MAX_NAMED]]
    if len(changes) > MAX_NAMED:
        shown.append(f"{len(changes) - MAX_NAMED} more differences")
    return ", ".join(shown)
