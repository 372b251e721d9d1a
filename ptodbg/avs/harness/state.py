"""The harness state: one ptodbg machine plus what the spec model keeps beside it.

The spec's test functions (``asl/arch/**``, ``asl/scalar/model/**``) read and write the
model's global state (``_PC``, ``_TQueue``, ``_LastFault``, ``_MemoryEvents`` ...).  Here that
state is ptodbg's :class:`~ptodbg.core.Machine` (reference profile, 4096 bytes) wherever
the machine has it; the harness keeps only what is not architectural state of one PE:

* the memory-event log (``_MemoryEvents``): the model keeps it across instructions, both
  the events capture mode records from execution (ptodbg reports each attempt's) and the
  candidate executions a test builds by hand (AddInitialWriteEvent, AddLoadEvent ...),
  as MemoryEvent records that a test may change field by field;
* the four PEs' GPR files (``_PEGPRs``): ptodbg is one PE, so the files of the agents not
  selected by ``SelectMemoryEventAgent`` wait here and the machine holds the current one;
* the FaultCode of ``_LastFault``: ptodbg keeps the trap number, and several codes share
  trap 5.
"""

from __future__ import annotations

from pathlib import Path

from ptodbg.avs.convert import enum_code, word
from ptodbg.avs.values import AslError, Bits, Enum, Record, Unsupported
from ptodbg.core import Machine, reference
from ptodbg.core.events import ACQ_REL, ACQUIRE, ATOMIC, FENCE, LOAD, RELEASE, STORE, MemEvent
from ptodbg.core.faults import Fault
from ptodbg.core.machine import StepResult
from ptodbg.core.state import GPR_COUNT
from ptodbg.core.traps import TrapInfo
from ptodbg.isa.forms import Form

MASK64 = (1 << 64) - 1

FAULT_NONE = Enum("Fault_None")

# asl/arch/memory-model/fault-precision.asl (SetFaultWithCause): FaultCode -> trap number.
FAULT_TRAP = {
    "Fault_ExecutionStateCheck": 0, "Fault_IllegalInstruction": 4, "Fault_BundleControl": 5,
    "Fault_BundlePostCommit": 5, "Fault_TileLegality": 5, "Fault_TileAllocation": 5,
    "Fault_ServiceRequest": 6, "Fault_InstructionPC": 32, "Fault_InstructionPage": 33,
    "Fault_DataAlignment": 34, "Fault_DataPage": 35, "Fault_HardwareBreakpoint": 49,
    "Fault_SoftwareBreakpoint": 50, "Fault_HardwareWatchpoint": 51, "Fault_Assert": 52,
}
TRAP_FAULT = {
    0: "Fault_ExecutionStateCheck", 4: "Fault_IllegalInstruction", 5: "Fault_BundleControl",
    6: "Fault_ServiceRequest", 32: "Fault_InstructionPC", 33: "Fault_InstructionPage",
    34: "Fault_DataAlignment", 35: "Fault_DataPage", 49: "Fault_HardwareBreakpoint",
    50: "Fault_SoftwareBreakpoint", 51: "Fault_HardwareWatchpoint", 52: "Fault_Assert",
}

# asl/block/model/state/types.asl; codes as ptodbg.core.state (EBARG0 packing).
KIND_ENUM = {
    0: "BundleKind_Standard", 1: "BundleKind_Floating", 2: "BundleKind_System",
    5: "BundleKind_TileElement", 6: "BundleKind_TileMemory", 7: "BundleKind_TileMatrix",
    8: "BundleKind_FrameTemplate",
}
KIND_CODE = {name: code for code, name in KIND_ENUM.items()}
TRANSFER_ENUM = (
    "BundleTransfer_Fallthrough", "BundleTransfer_Direct", "BundleTransfer_Conditional",
    "BundleTransfer_Call", "BundleTransfer_Return", "BundleTransfer_Indirect",
    "BundleTransfer_IndirectCall",
)
TRANSFER_CODE = {name: code for code, name in enumerate(TRANSFER_ENUM)}


def kind_code(value: object, what: str = "a BundleKind") -> int:
    """A BundleKind literal as ptodbg's block-kind code."""
    return enum_code(value, KIND_CODE, what, "BundleKind")


def transfer_code(value: object, what: str = "a BundleTransfer") -> int:
    """A BundleTransfer literal as ptodbg's transfer-type code."""
    return enum_code(value, TRANSFER_CODE, what, "BundleTransfer")


# asl/arch/data-types/memory-model.asl
EVENT_KIND = {LOAD: "MemoryEvent_Load", STORE: "MemoryEvent_Store", ATOMIC: "MemoryEvent_Atomic",
              FENCE: "MemoryEvent_Fence"}
INITIAL_WRITE = "MemoryEvent_InitialWrite"


def memory_event(kind: str, agent: int, address: int, size: int, read_value: int, write_value: int,
                 performed: bool, order: str, rank: int, pred: int = 0, succ: int = 0) -> Record:
    """A MemoryEvent record (values reduced to the access size: NormalizeMemoryAccessValue)."""
    mask = (1 << (8 * size)) - 1 if size < 8 else MASK64
    return Record("MemoryEvent", {
        "kind": Enum(kind), "agent": agent, "address": word(address), "size_bytes": size,
        "read_value": word(read_value & mask), "write_value": word(write_value & mask),
        "write_performed": performed, "order": Enum(order), "read_from": 0, "coherence_rank": rank,
        "fence_predecessor": Bits(4, pred), "fence_successor": Bits(4, succ),
    })


def is_write(event: Record) -> bool:
    kind = event.fields["kind"].name  # type: ignore[attr-defined]
    return kind in (INITIAL_WRITE, "MemoryEvent_Store") or (kind == "MemoryEvent_Atomic"
                                                            and event.fields["write_performed"] is True)


def location(event: Record) -> tuple[int, int]:
    return event.fields["address"].value, event.fields["size_bytes"]  # type: ignore[attr-defined]
ORDER_ENUM = {"relaxed": "MemoryOrder_Relaxed", ACQUIRE: "MemoryOrder_Acquire",
              RELEASE: "MemoryOrder_Release", ACQ_REL: "MemoryOrder_AcquireRelease"}
ORDER_NAME = {Enum(v): k for k, v in ORDER_ENUM.items()}

EVENT_LIMIT = 16  # PTO_MODEL_MEMORY_EVENTS


class Harness:
    """ptodbg's machine seen through the spec model's state and test functions."""

    def __init__(self, memory_bytes: int = 4096, catalog: Path | None = None) -> None:
        self.memory_bytes = memory_bytes
        self.catalog = catalog  # folder of the official catalogs (semantic-handler names)
        self.reset()

    # ------------------------------------------------------------------ reset
    def reset(self) -> None:
        """ResetProfileState (asl/arch/profile/reset.asl): the machine's architectural
        reset, and zeroed memory.  The machine object stays (the views refer to it)."""
        if not hasattr(self, "m"):
            self.m = Machine(reference(self.memory_bytes))
        else:
            self.m.profile = reference(self.memory_bytes)  # a test may have changed TILE_CAPACITY
            self.m.reset()
            self.m.mem.poke(0, bytes(self.memory_bytes))
        self.agent = 0
        self.files: list[list[int]] = [[0] * GPR_COUNT for _ in range(4)]
        self.capture = False
        self.events: list[Record] = []  # the model's MemoryEvent records
        self.fault: Enum = FAULT_NONE
        self.resv_shadow = (0, 1)  # _ReservationAddress/Size while no reservation is valid

    # ----------------------------------------------------------- GPR files
    def select_agent(self, agent: int) -> None:
        """_CurrentMemoryAgent: the machine holds the selected PE's GPR file."""
        if not 0 <= agent < 4:
            raise AslError(f"memory agent {agent} outside 0..3")
        if agent != self.agent:
            r = self.m.r
            self.files[self.agent] = r[:GPR_COUNT]
            r[:GPR_COUNT] = self.files[agent]
            self.agent = agent

    def gpr_file(self, agent: int) -> list[int]:
        return self.m.r if agent == self.agent else self.files[agent]

    # ------------------------------------------------------- queue validity
    def queue_valid(self, which: str) -> list[bool]:
        """_TQueueValid / _UQueueValid: the machine's valid bitmap as four booleans."""
        valid = self.m.t_valid if which == "t" else self.m.u_valid
        return [bool(valid >> k & 1) for k in range(4)]

    def set_queue_valid(self, which: str, valid: list[bool]) -> None:
        bits = sum(1 << k for k, v in enumerate(valid) if v)
        if which == "t":
            self.m.t_valid = bits
        else:
            self.m.u_valid = bits

    # ---------------------------------------------------------------- faults
    def fault_of(self, trap: TrapInfo | None, pc: int) -> Enum:
        if trap is None:
            return FAULT_NONE
        if trap.code:  # several FaultCodes share the trap number (tile rejections)
            return Enum("Fault_" + trap.code)
        if trap.number == 5 and trap.saved_tpc != pc:
            return Enum("Fault_BundlePostCommit")
        name = TRAP_FAULT.get(trap.number)
        if name is None:
            raise AslError(f"ptodbg raised trap {trap.number}, which no FaultCode names")
        return Enum(name)

    def enter_trap(self, number: int, address: int, cause: int = 0) -> TrapInfo:
        """SetFaultWithCause's trap entry at the current TPC, through the machine."""
        return self.raise_fault(Fault(number, address & MASK64, cause))

    def raise_fault(self, fault: Fault) -> TrapInfo:
        """The machine's own trap entry (save context, bank, vector) for ``fault`` at TPC.

        A harness-raised fault is not an instruction attempt: the saved body flag is the
        block's own."""
        return self.m.enter_trap(fault)

    def save_context(self, ring: int, source: int) -> None:
        """SaveTrapContext (reference-profile.asl): the machine's own context save."""
        self.m.save_context(ring, source)

    # ---------------------------------------------------------------- events
    def record(self, events: list[MemEvent]) -> None:
        """Capture mode: ptodbg's events of one operation join the log, as the model's
        Record*Event functions add them (RecordLoadEvent ...): a store or performed
        atomic gets the next coherence rank of its location, a load or atomic the latest
        earlier write of its location with its value as the write it read from."""
        if self.capture:
            for ev in events:
                self.add_event(self.event_of(ev))

    def add_event(self, event: Record) -> int:
        """AddMemoryEvent: the index of the new event."""
        if len(self.events) >= EVENT_LIMIT:
            raise AslError(f"more than {EVENT_LIMIT} memory events (AddMemoryEvent assertion)")
        self.events.append(event)
        return len(self.events) - 1

    def record_agents(self, events: list[MemEvent], agents: list[int | None]) -> None:
        """Record events each made for a given PE (None: the selected one; a four-PE tile
        operation names the others)."""
        if self.capture:
            for ev, agent in zip(events, agents, strict=False):
                self.add_event(self.event_of(ev, agent))

    def event_of(self, ev: MemEvent, agent: int | None = None) -> Record:
        """ptodbg's event (made by ``agent``, the selected PE when None) as the model's
        MemoryEvent record, ranked and resolved against the log."""
        read_value = write_value = 0
        performed = False
        pred = succ = 0
        if ev.kind == LOAD:
            read_value = ev.value
        elif ev.kind == STORE:
            write_value, performed = ev.value, True
        elif ev.kind == ATOMIC:
            read_value, write_value, performed = ev.value, ev.written or 0, ev.performed
        else:
            pred, succ = (ev.value >> 4) & 0xF, ev.value & 0xF
        rank = self.next_rank(ev.address, ev.size) if performed else 0
        order = "MemoryOrder_AcquireRelease" if ev.kind == FENCE else ORDER_ENUM[ev.order]
        record = memory_event(EVENT_KIND[ev.kind], self.agent if agent is None else agent, ev.address, ev.size, read_value, write_value,
                              performed, order, rank, pred, succ)
        if ev.kind in (LOAD, ATOMIC):
            record.fields["read_from"] = self.resolve_read_from(record)
        return record

    def _writes(self) -> list[tuple[int, Record]]:
        return [(i, e) for i, e in enumerate(self.events) if is_write(e)]

    def next_rank(self, address: int, size: int) -> int:
        """NextMemoryCoherenceRank: one more than the highest rank of the location."""
        ranks = [e.fields["coherence_rank"] for _i, e in self._writes() if location(e) == (address, size)]
        return max(ranks, default=0) + 1

    def resolve_read_from(self, read: Record) -> int:
        """ResolveCapturedReadFrom: the latest earlier write of the location whose value the
        read returned (0 when none)."""
        found = 0
        for i, e in self._writes():
            if location(e) == location(read) and e.fields["write_value"] == read.fields["read_value"]:
                found = i
        return found

    def event_record(self, index: int) -> Record:
        """_MemoryEvents[[index]]: the record itself (assignments to its fields change it)."""
        if not 0 <= index < len(self.events):
            raise AslError(f"_MemoryEvents[[{index}]] read, but only {len(self.events)} events were recorded")
        return self.events[index]

    # ----------------------------------------------------------- execution
    def execute(self, insn: int, length: int, form: Form | None = None) -> StepResult:
        """One instruction attempt on the machine (as ``form`` when given); events go to
        the log; _LastFault set.  The attempt first clears the transient fault result
        (BeginArchitecturalInstructionAttempt: _LastFault, _FaultAddress); a trap sets them."""
        m = self.m
        pc = m.pc
        m.last_fault = m.fault_address = 0
        res = m.execute(insn, length, form)
        if res.kind == "halt":
            raise Unsupported(f"ptodbg halts: {res.message}")
        self.record(res.events)
        self.fault = self.fault_of(res.trap, pc)
        return res

    # ------------------------------------------------------ context registers
    def context_register(self, ring: int, low: int) -> int:
        return self.m.read_sysreg((ring << 12) | low)

    def set_context_register(self, ring: int, low: int, value: int) -> None:
        self.m.write_sysreg((ring << 12) | low, value)

