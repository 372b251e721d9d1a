"""The harness state: one ptodbg machine plus what the spec model keeps beside it.

The spec's test functions (``asl/arch/**``, ``asl/scalar/model/**``) read and write the
model's global state (``_PC``, ``_TQueue``, ``_LastFault``, ``_MemoryEvents`` ...).  Here that
state is ptodbg's :class:`~ptodbg.core.Machine` (reference profile, 4096 bytes) wherever
the machine has it; the harness keeps only what is not architectural state of one PE:

* the memory-event log of capture mode (``StartMemoryEventCapture``): the model keeps it
  across instructions, ptodbg reports the events of each attempt;
* the four PEs' GPR files (``_PEGPRs``): ptodbg is one PE, so the files of the agents not
  selected by ``SelectMemoryEventAgent`` wait here and the machine holds the current one;
* queue validity while a test has written a pattern that is not a prefix (ptodbg keeps
  the count of valid entries, which is all an instruction can produce);
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
        self.events: list[tuple[int, MemEvent]] = []
        self.fault: Enum = FAULT_NONE
        self.valid_shadow: dict[str, list[bool] | None] = {"t": None, "u": None}
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
        shadow = self.valid_shadow[which]
        if shadow is not None:
            return list(shadow)
        count = self.m.tq if which == "t" else self.m.uq
        return [k < count for k in range(4)]

    def set_queue_valid(self, which: str, valid: list[bool]) -> None:
        count = 0
        while count < 4 and valid[count]:
            count += 1
        if any(valid[count:]):
            self.valid_shadow[which] = list(valid)
            return
        self.valid_shadow[which] = None
        if which == "t":
            self.m.tq = count
        else:
            self.m.uq = count

    def machine_ready(self) -> Machine:
        """The machine, once the state the test wrote is one ptodbg can represent."""
        for which, shadow in self.valid_shadow.items():
            if shadow is not None:
                pattern = "".join("1" if v else "0" for v in shadow)
                raise Unsupported(
                    f"{which.upper()}-queue validity {pattern} (newest first) is not a prefix; "
                    "ptodbg counts valid entries, as every push and recovery produces"
                )
        return self.m

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
        return self.machine_ready().enter_trap(fault)

    def save_context(self, ring: int, source: int) -> None:
        """SaveTrapContext (reference-profile.asl): the machine's own context save."""
        self.machine_ready().save_context(ring, source)

    # ---------------------------------------------------------------- events
    def record(self, events: list[MemEvent]) -> None:
        if self.capture:
            for ev in events:
                if len(self.events) >= EVENT_LIMIT:
                    raise AslError(f"more than {EVENT_LIMIT} memory events captured (AddMemoryEvent assertion)")
                self.events.append((self.agent, ev))

    def record_agents(self, events: list[MemEvent], agents: list[int | None]) -> None:
        """Record events each made for a given PE (None: the selected one; a four-PE tile
        operation names the others)."""
        if not self.capture:
            return
        for ev, agent in zip(events, agents, strict=False):
            if len(self.events) >= EVENT_LIMIT:
                raise AslError(f"more than {EVENT_LIMIT} memory events captured (AddMemoryEvent assertion)")
            self.events.append((self.agent if agent is None else agent, ev))

    def event_record(self, index: int) -> Record:
        """_MemoryEvents[[index]] as the model's MemoryEvent record."""
        if not 0 <= index < len(self.events):
            raise AslError(f"_MemoryEvents[[{index}]] read, but only {len(self.events)} events were captured")
        agent, ev = self.events[index]
        kind = Enum(EVENT_KIND[ev.kind])
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
        return Record("MemoryEvent", {
            "kind": kind, "agent": agent, "address": word(ev.address), "size_bytes": ev.size,
            "read_value": word(read_value), "write_value": word(write_value),
            "write_performed": performed, "order": Enum(ORDER_ENUM[ev.order]), "read_from": 0,
            "coherence_rank": 0, "fence_predecessor": Bits(4, pred), "fence_successor": Bits(4, succ),
        })

    # ----------------------------------------------------------- execution
    def execute(self, insn: int, length: int) -> StepResult:
        """One instruction attempt on the machine; events go to the log; _LastFault set."""
        m = self.machine_ready()
        pc = m.pc
        res = m.execute(insn, length)
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

