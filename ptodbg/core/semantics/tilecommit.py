"""A tile block's commit: the operation its header selected runs when the block completes
(CompleteBundleAt -> ExecuteBundleTileOperation, ``asl/block/model/commit/validation.asl``).

The operation (:func:`ptodbg.tile.dispatch.execute_block`) runs against a workspace of the
machine's tile file; only when it succeeds are its tiles committed, and the block closes.
A rejection is a trap at the BSTOP with the block still open and every tile, memory byte
and event as before, so recovering the trap context re-executes the BSTOP and with it the
whole operation (``recover`` reissues the block).

Memory (TLOAD, TSTORE, TPREFETCH) goes through :class:`MemoryPort`: every element of the
footprint is probed first (ProbeDataAccess: natural alignment, then the page permissions
through the memory's ``check``, whose probe log the fault-injection sites read), and only
then are the elements read or written, each with its event; so a fault leaves memory,
events and the reservation untouched (the DMA rule of docs/interfaces.md §12).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.core.events import LOAD, STORE, MemEvent, order_of
from ptodbg.core.faults import BUNDLE_TRAP, DATA_ALIGN_FAULT, ILLEGAL_INST, Fault, Halt
from ptodbg.core.memory import R, W
from ptodbg.tile.blockop import FIXED_POINT, TILE_CLASSES, BlockOperation, TileFault
from ptodbg.tile.execution import Env, TileUnsupported, Workspace

if TYPE_CHECKING:
    from ptodbg.core.machine import Machine

FLAGS_SHIFT = 32  # CORE_STATE[36:32]: NV, DZ, OF, UF, NX


def fault_of(e: TileFault, pc: int) -> Fault:
    """The trap a tile rejection raises: ILLEGAL_INST for Fault_IllegalInstruction, the
    bundle trap for Fault_BundleControl, Fault_TileLegality and Fault_TileAllocation (which
    the trap keeps as its code: they share trap number 5)."""
    number = ILLEGAL_INST if e.code == "IllegalInstruction" else BUNDLE_TRAP
    return Fault(number, pc, reason=e.reason, code=e.code)


class MemoryPort:
    """Tile memory traffic over the machine's memory (ptodbg.tile.execution.Memory)."""

    __slots__ = ("mem", "order", "agents")

    def __init__(self, m: Machine) -> None:
        self.mem = m.mem
        attrs = dict(m.header)
        self.order = order_of(attrs.get("aq", 0), attrs.get("rl", 0))  # CurrentBundleMemoryOrder
        self.agents: list[int | None] = []  # each recorded event's PE (None: this one)

    def probe(self, address: int, size: int, write: bool) -> None:
        """ProbeDataAccess with the element's natural alignment; raises the fault."""
        if address % size:
            raise Fault(DATA_ALIGN_FAULT, address, reason=f"tile element access {address:#x} is not {size}-byte aligned")
        mem = self.mem
        if write and mem.defect_store_before_check:  # test-only defect: the element changes before its probe
            mem.commit_before_check(address, bytes(~b & 0xFF for b in mem.read_raw(address, size)))
        mem.check(address, size, W if write else R)

    def load(self, address: int, size: int, agent: int | None = None) -> int:
        """A probed element's bytes, with its load event."""
        mem = self.mem
        value = int.from_bytes(mem.read_raw(address, size), "little")
        if mem.capture or mem.watched:
            mem.note(MemEvent(LOAD, address, size, value, self.order))
            self.agents.append(agent)
        return value

    def peek(self, address: int, size: int) -> int:
        """A probed byte range without an event (a packed store's containing byte)."""
        return int.from_bytes(self.mem.read_raw(address, size), "little")

    def store(self, address: int, size: int, value: int, agent: int | None = None) -> None:
        """Write a probed element, with its store event."""
        mem = self.mem
        value &= (1 << (8 * size)) - 1
        mem.write_raw(address, value.to_bytes(size, "little"))
        if mem.capture or mem.watched:
            mem.note(MemEvent(STORE, address, size, value, self.order))
            self.agents.append(agent)


def dimensions(header: tuple) -> tuple:
    """(LB0, LB1, LB2) of the block header, None for an absent dimension."""
    attrs = dict(header)
    return attrs.get("lb0"), attrs.get("lb1"), attrs.get("lb2")


def tile_env(m: Machine, op: BlockOperation) -> Env:
    """The environment a tile operation of the machine's open block runs in."""
    from ptodbg.core.semantics.fsu import numeric_model

    r = m.r
    return Env(Workspace(m.tiles, m.profile.tile_capacity), op, numeric_model(m), MemoryPort(m), r.__getitem__)


def commit_operation(m: Machine, pc: int, op: BlockOperation) -> None:
    """Execute the block's tile operation for the BSTOP at ``pc``: the tiles and flags
    change only when it succeeds; otherwise the trap (or halt) leaves everything as it was."""
    cls = op.op_class
    if cls == FIXED_POINT:
        raise Fault(ILLEGAL_INST, pc, reason="a FIXP block has no executable operation in PTO 0.58.3")
    if cls not in TILE_CLASSES:
        return
    # The operations and their numeric formats load on the first tile block, not at start-up:
    # a scalar program never pays for them (about 13 ms of imports, measured by
    # benchmarks/bench_core.py row f).
    from ptodbg.tile.dispatch import execute_block

    env = tile_env(m, op)
    try:
        execute_block(env, dimensions(m.header))
    except TileFault as e:
        raise fault_of(e, pc) from None
    except TileUnsupported as e:
        raise Halt(f"{e}: ptodbg does not execute it (at {pc:#x})") from None
    m.tiles = env.tiles.commit()
    if env.flags:
        m.core_state |= env.flags << FLAGS_SHIFT
