"""The spec's state and execution functions, mapped onto ptodbg's machine.

Each function is registered under the spec function it stands for, with the pto-spec file
that defines it (commit e599a3d3).  Instruction execution is always ptodbg's own
(:meth:`Machine.execute`); the harness only sets up and reads state, as a test bench
would.
"""

from __future__ import annotations

from ptodbg.avs.convert import as_bits, as_bool, as_int, enum_name, word
from ptodbg.avs.harness.decode_functions import command_form
from ptodbg.avs.harness.registry import spec_function, spec_functions
from ptodbg.avs.harness.state import FAULT_NONE, FAULT_TRAP, MASK64, ORDER_NAME, Harness
from ptodbg.avs.values import AslError, AssertionFailed, Bits, Enum, Unsupported
from ptodbg.core import sysregs as ssr
from ptodbg.core.faults import DATA_ALIGN_FAULT, SCALL, Fault
from ptodbg.core.machine import PRED_COUNT
from ptodbg.core.memory import R, W
from ptodbg.core.semantics import amo, sysops
from ptodbg.core.state import GPR_COUNT, T_BASE, U_BASE
from ptodbg.isa.syntax import DEST_REGS, SOURCE_REGS

EXECUTED = Enum("ScalarExecution_Executed")
REJECTED = Enum("ScalarExecution_Rejected")
COMMAND_EXECUTED = Enum("CommandExecution_Executed")
COMMAND_REJECTED = Enum("CommandExecution_Rejected")


def _ring(value: object) -> int:
    ring = as_int(value, "an access control ring")
    if not 0 <= ring < 16:
        raise AssertionFailed(f"access control ring {ring} outside 0..15")
    return ring


# ------------------------------------------------------------------------ reset
@spec_function("ResetProfileState", "asl/arch/profile/reset.asl")
def reset_profile_state(h: Harness) -> None:
    """Reference-profile reset: ptodbg's Machine.reset plus zeroed memory."""
    h.reset()


# ------------------------------------------------------------------ registers
@spec_function("ReadGPR", "asl/arch/programming-model/scalar-registers.asl")
def read_gpr(h: Harness, index: object) -> Bits:
    i = as_int(index, "GPR index")
    if not 0 <= i < GPR_COUNT:
        raise AssertionFailed(f"GPR index {i} outside 0..23")
    return word(h.m.r[i])


@spec_function("WriteGPR", "asl/arch/programming-model/scalar-registers.asl")
def write_gpr(h: Harness, index: object, value: object) -> None:
    i = as_int(index, "GPR index")
    if not 0 <= i < GPR_COUNT:
        raise AssertionFailed(f"GPR index {i} outside 0..23")
    h.m.set_reg(i, as_bits(value, "WriteGPR's value"))


@spec_function("ReadPEGPR", "asl/arch/programming-model/scalar-registers.asl")
def read_pe_gpr(h: Harness, pe: object, index: object) -> Bits:
    i = as_int(index, "GPR index")
    if not 0 <= i < GPR_COUNT:
        raise AssertionFailed(f"GPR index {i} outside 0..23")
    return word(h.gpr_file(as_int(pe, "PE"))[i])


@spec_function("WritePEGPR", "asl/arch/programming-model/scalar-registers.asl")
def write_pe_gpr(h: Harness, pe: object, index: object, value: object) -> None:
    i = as_int(index, "GPR index")
    if not 0 <= i < GPR_COUNT:
        raise AssertionFailed(f"GPR index {i} outside 0..23")
    if i:
        h.gpr_file(as_int(pe, "PE"))[i] = as_bits(value, "WritePEGPR's value")


@spec_functions("ReadTPC", "ReadPC", "asl/arch/state/program-counter.asl")
def read_tpc(h: Harness) -> Bits:
    return word(h.m.pc)


@spec_functions("WriteTPC", "WritePC", "asl/arch/state/program-counter.asl")
def write_tpc(h: Harness, value: object) -> None:
    """_PC := value.  An open block whose body has not been entered keeps it so (the
    model's flag is explicit; ptodbg derives it from the header's end address)."""
    m = h.m
    header_only = m.blk and m.hdr_end == m.pc
    m.pc = as_bits(value, "WriteTPC's value")
    if header_only:
        m.hdr_end = m.pc


@spec_function("ReadBPC", "asl/arch/state/program-counter.asl")
def read_bpc(h: Harness) -> Bits:
    return word(h.m.bpc)


@spec_function("WriteBPC", "asl/arch/state/program-counter.asl")
def write_bpc(h: Harness, value: object) -> None:
    h.m.bpc = as_bits(value, "WriteBPC's value")


@spec_function("CurrentACR", "asl/arch/system-registers/access-control.asl")
def current_acr(h: Harness) -> int:
    return h.m.acr


@spec_function("SetCurrentACR", "asl/arch/system-registers/access-control.asl")
def set_current_acr(h: Harness, ring: object) -> None:
    """_CurrentACR := ring, mirrored in CORE_STATE[3:0] (Machine.set_acr)."""
    h.m.set_acr(_ring(ring))


# -------------------------------------------------------------------- queues
@spec_function("PushTemporaryQueue", "asl/arch/programming-model/execution-context.asl")
def push_temporary_queue(h: Harness, use_t: object, value: object) -> None:
    which = "t" if as_bool(use_t, "use_t_queue") else "u"
    v = as_bits(value, "PushTemporaryQueue's value")
    valid = h.queue_valid(which)
    if which == "t":
        h.m.push_t(v)
    else:
        h.m.push_u(v)
    h.set_queue_valid(which, [True, *valid[:3]])


@spec_function("ReadTemporaryQueue", "asl/arch/programming-model/execution-context.asl")
def read_temporary_queue(h: Harness, use_t: object, index: object) -> Bits:
    i = as_int(index, "queue index")
    if not 0 <= i < 4:
        raise AssertionFailed(f"queue index {i} outside 0..3")
    base = T_BASE if as_bool(use_t, "use_t_queue") else U_BASE
    return word(h.m.r[base + i])


@spec_function("TemporaryQueueSourceAvailable", "asl/arch/programming-model/execution-context.asl")
def temporary_queue_source_available(h: Harness, use_t: object, index: object) -> bool:
    i = as_int(index, "queue index")
    if not 0 <= i < 4:
        raise AssertionFailed(f"queue index {i} outside 0..3")
    return h.queue_valid("t" if as_bool(use_t, "use_t_queue") else "u")[i]


@spec_function("ReadScalarRegisterOperand", "asl/scalar/model/types/operands.asl")
def read_scalar_register_operand(h: Harness, selector: object) -> Bits:
    """A Reg5 source code: 0 zero, 1..23 GPR, 24..27 T#1..4, 28..31 U#1..4."""
    code = as_int(selector, "a Reg5 selector")
    if not 0 <= code < 32:
        raise AssertionFailed(f"Reg5 selector {code} outside 0..31")
    return word(h.m.r[code])


# -------------------------------------------------------------------- faults
@spec_function("ClearFault", "asl/arch/memory-model/fault-precision.asl")
def clear_fault(h: Harness) -> None:
    m = h.m
    h.fault = FAULT_NONE
    m.last_fault = 0
    m.fault_address = 0
    m.trap_status[m.acr] = (False, False, 0, 0, 0)


def set_fault_with_cause(h: Harness, code: object, address: object, cause: int) -> None:
    name = enum_name(code, "a FaultCode")
    addr = as_bits(address, "the fault address")
    m = h.m
    if name == "Fault_None":
        h.fault = FAULT_NONE
        m.last_fault = 0
        m.fault_address = addr
        m.trap_status[m.acr] = (False, False, cause, 0, addr)
        return
    number = FAULT_TRAP.get(name)
    if number is None:
        raise AslError(f"{name} is not a FaultCode")
    h.enter_trap(number, addr, cause)
    h.fault = Enum(name)


@spec_function("SetFault", "asl/arch/memory-model/fault-precision.asl")
def set_fault(h: Harness, code: object, address: object) -> None:
    """Trap entry through ptodbg's machine (save context, bank, vector)."""
    set_fault_with_cause(h, code, address, 0)


@spec_function("SetFaultWithCause", "asl/arch/memory-model/fault-precision.asl")
def set_fault_cause(h: Harness, code: object, address: object, cause: object) -> None:
    set_fault_with_cause(h, code, address, as_bits(cause, "the cause", 24))


@spec_function("RecoverTrapContext", "asl/arch/profile/trap-context-recovery.asl")
def recover_trap_context(h: Harness, ring: object) -> bool:
    """ptodbg's Machine.recover (the ACRE recovery); FALSE when not recoverable."""
    m = h.m
    r = _ring(ring)
    if m.recoverable(r) is not None:
        return False
    m.recover(r)
    return True


@spec_function("TrapContextRecoverable", "asl/arch/profile/trap-context-recovery.asl")
def trap_context_recoverable(h: Harness, ring: object) -> bool:
    return h.m.recoverable(_ring(ring)) is None


@spec_function("SaveTrapContext", "asl/arch/profile/reference-profile.asl")
def save_trap_context(h: Harness, target: object, source: object) -> None:
    h.save_context(_ring(target), _ring(source))


@spec_function("RaiseServiceRequest", "asl/arch/memory-model/fault-precision.asl")
def raise_service_request(h: Harness, request_type: object) -> bool:
    """ptodbg's service-request rules (ACRC without the SYS-terminal part): the trap saves
    TPC + 4 into the target bank and TRAPARG0 is this TPC."""
    rtype = as_bits(request_type, "the request type", 4)
    m = h.m
    pc = m.pc
    if not sysops.service_permitted(m.acr, rtype):
        set_fault_with_cause(h, Enum("Fault_IllegalInstruction"), word(pc), 0)
        return False
    h.raise_fault(Fault(SCALL, pc, cause=rtype, resume=(pc + 4) & MASK64, ring=sysops.service_target(rtype)))
    h.fault = Enum("Fault_ServiceRequest")
    return True


@spec_function("ServiceRequestPermitted", "asl/arch/system-registers/access-control.asl")
def service_request_permitted(h: Harness, source: object, request_type: object) -> bool:
    return sysops.service_permitted(_ring(source), as_bits(request_type, "the request type", 4))


@spec_function("ServiceRequestTarget", "asl/arch/system-registers/access-control.asl")
def service_request_target(h: Harness, source: object, request_type: object) -> int:
    rtype = as_bits(request_type, "the request type", 4)
    if not sysops.service_permitted(_ring(source), rtype):
        raise AssertionFailed("ServiceRequestTarget of a request that is not permitted")
    return sysops.service_target(rtype)


@spec_function("RaiseInterrupt", "asl/arch/memory-model/fault-precision.asl")
def raise_interrupt(h: Harness, interrupt_id: object, cause: object) -> None:
    """ptodbg's interrupt entry (Machine.raise_interrupt): pending, then trap 44 when enabled."""
    interrupt = _interrupt(interrupt_id)
    h.m.raise_interrupt(interrupt, as_bits(cause, "the cause", 24))
    h.fault = FAULT_NONE


def _interrupt(value: object) -> int:
    interrupt = as_int(value, "an interrupt id")
    if not 0 <= interrupt < 64:
        raise AssertionFailed(f"interrupt id {interrupt} outside 0..63")
    return interrupt


@spec_function("SetInterruptPending", "asl/arch/system-registers/interrupt.asl")
def set_interrupt_pending(h: Harness, ring: object, interrupt_id: object) -> None:
    h.m.set_interrupt_pending(_ring(ring), _interrupt(interrupt_id))


@spec_function("ClearInterruptPending", "asl/arch/system-registers/interrupt.asl")
def clear_interrupt_pending(h: Harness, ring: object, interrupt_id: object) -> None:
    h.m.set_interrupt_pending(_ring(ring), _interrupt(interrupt_id), False)


@spec_function("InterruptEnabled", "asl/arch/system-registers/interrupt.asl")
def interrupt_enabled(h: Harness, ring: object, interrupt_id: object) -> bool:
    return h.m.interrupt_enabled(_ring(ring), _interrupt(interrupt_id))


@spec_function("TimerInterruptId", "asl/arch/system-registers/timer.asl")
def timer_interrupt_id(h: Harness, ring: object) -> int:
    return h.m.timer_interrupt(_ring(ring))


@spec_function("RefreshTimerPending", "asl/arch/system-registers/timer.asl")
def refresh_timer_pending(h: Harness, ring: object) -> None:
    h.m.refresh_timer(_ring(ring))


@spec_function("ReadInterruptPending", "asl/arch/system-registers/interrupt.asl")
def read_interrupt_pending(h: Harness, ring: object) -> Bits:
    r = _ring(ring)
    h.m.refresh_timer(r)
    return word(h.m.ctx(r, ssr.IPENDING))


@spec_function("ReadTopPendingInterrupt", "asl/arch/system-registers/interrupt.asl")
def read_top_pending_interrupt(h: Harness, ring: object) -> Bits:
    r = _ring(ring)
    h.m.refresh_timer(r)
    return word(h.m.ctx(r, ssr.TOPEI))


@spec_function("EndOfInterrupt", "asl/arch/system-registers/interrupt.asl")
def end_of_interrupt(h: Harness, ring: object, value: object) -> None:
    h.m.end_of_interrupt(_ring(ring), as_bits(value, "the EOIEI value"))


@spec_function("PackTrapStatus", "asl/arch/memory-model/fault-precision.asl")
def pack_trap_status(h: Harness, ring: object) -> Bits:
    """TRAPNO of the bank as ptodbg packs it (the register's raw value)."""
    return word(h.m.ctx(_ring(ring), ssr.TRAPNO))


@spec_function("UnpackTrapStatus", "asl/arch/memory-model/fault-precision.asl")
def unpack_trap_status(h: Harness, ring: object, value: object) -> None:
    h.m.write_sysreg((_ring(ring) << 12) | ssr.TRAPNO, as_bits(value, "the trap status"))


@spec_function("TrapTargetForInterrupt", "asl/arch/system-registers/access-control.asl")
def trap_target_for_interrupt(h: Harness, source: object) -> int:
    """Interrupts route like faults; ptodbg's bank choice is the fault one."""
    return 0 if _ring(source) == 0 else 1


@spec_function("BeginArchitecturalInstructionAttempt", "asl/scalar/model/sys/semantics.asl")
def begin_architectural_instruction_attempt(h: Harness) -> None:
    """LastFault and FaultAddress cleared, one cycle counted (ptodbg counts attempts)."""
    h.fault = FAULT_NONE
    h.m.last_fault = 0
    h.m.fault_address = 0
    h.m.steps += 1


@spec_function("AdvanceArchitecturalTime", "asl/arch/profile/reference-profile.asl")
def advance_architectural_time(h: Harness) -> None:
    h.m.steps += 1


@spec_function("ReadMonotonicTime", "asl/arch/profile/reference-profile.asl")
def read_monotonic_time(h: Harness) -> Bits:
    """TIME is the attempt counter in the reference profile (ptodbg's ``steps``)."""
    return word(h.m.steps)


@spec_function("TranslateDataAddress", "asl/arch/profile/reference-profile.asl")
def translate_data_address(h: Harness, address: object, size: object, write: object) -> Bits:
    """Identity: ptodbg's reference-profile memory is untranslated."""
    as_bool(write, "write")
    return word(as_bits(address, "an address"))


@spec_function("AtomicAddress", "asl/arch/profile/reference-profile.asl")
def atomic_address(h: Harness, address: object, far: object) -> Bits:
    as_bool(far, "far")
    return word(as_bits(address, "an address"))


@spec_function("DataAccessPermitted", "asl/arch/profile/reference-profile.asl")
def data_access_permitted(h: Harness, address: object, size: object, write: object) -> bool:
    """ptodbg's memory check (bounds, and the ACR>=2 bound) without raising."""
    a = as_bits(address, "an address")
    n = as_int(size, "a size")
    return h.m.mem.allows(a, n, W if as_bool(write, "write") else R)


@spec_functions("RecordNumericStatusFlags", "ScalarFPRecordFlags", "asl/arch/state/numeric-status.asl")
def record_numeric_status_flags(h: Harness, flags: object) -> None:
    """CORE_STATE[36:32] |= flags (sticky), as ptodbg's FSU handlers record them."""
    h.m.core_state |= as_bits(flags, "the flags", 5) << 32


_BASE_BY_NAME = {name: address for address, (name, _access) in ssr.BASE_REGISTERS.items()}


def _base_register(reg: object) -> int:
    name = enum_name(reg, "a SystemRegister")
    address = _BASE_BY_NAME.get(name.removeprefix("SystemRegister_"))
    if address is None or not name.startswith("SystemRegister_"):
        raise AslError(f"{name} is not a SystemRegister")
    return address


@spec_function("ReadSystemRegister", "asl/scalar/model/sys/semantics.asl")
def read_system_register(h: Harness, reg: object) -> Bits:
    return word(h.m.read_sysreg(_base_register(reg)))


@spec_function("WriteSystemRegister", "asl/scalar/model/sys/semantics.asl")
def write_system_register(h: Harness, reg: object, value: object) -> None:
    address = _base_register(reg)
    v = as_bits(value, "the value")
    if ssr.BASE_REGISTERS[address][1] != "RW":
        set_fault_with_cause(h, Enum("Fault_IllegalInstruction"), word(h.m.pc), 0)
        return
    h.m.write_sysreg(address, v)


@spec_function("SwapSystemRegister", "asl/scalar/model/sys/semantics.asl")
def swap_system_register(h: Harness, reg: object, value: object) -> Bits:
    old = read_system_register(h, reg)
    write_system_register(h, reg, value)
    return old


@spec_function("WriteScalarDestination", "asl/scalar/model/types/operands.asl")
def write_scalar_destination(h: Harness, selector: object, value: object) -> None:
    """ptodbg's destination rule: GPR 1..23, 30 pushes U, 31 pushes T, others discard."""
    code = as_int(selector, "a Reg5 selector")
    if not 0 <= code < 32:
        raise AssertionFailed(f"Reg5 selector {code} outside 0..31")
    v = as_bits(value, "the value")
    which = "t" if code == 31 else "u" if code == 30 else None
    valid = h.queue_valid(which) if which else None
    m = h.m
    if code == 31:
        m.push_t(v)
    elif code == 30:
        m.push_u(v)
    elif 0 < code < GPR_COUNT:
        m.r[code] = v
    if which and valid is not None:
        h.set_queue_valid(which, [True, *valid[:3]])


@spec_function("TrapVectorEntry", "asl/arch/system-registers/access-control.asl")
def trap_vector_entry(h: Harness, ring: object, address: object) -> Bits:
    base = h.context_register(_ring(ring), ssr.EVBASE)
    return word(base) if base else word(as_bits(address, "the fault address"))


@spec_function("TrapTargetForFault", "asl/arch/system-registers/access-control.asl")
def trap_target_for_fault(h: Harness, source: object) -> int:
    return 0 if _ring(source) == 0 else 1


# ----------------------------------------------------------- system registers
@spec_function("PTOv0ReadContextRegister", "asl/arch/system-registers/context.asl")
def read_context_register(h: Harness, ring: object, low: object) -> Bits:
    return word(h.context_register(_ring(ring), as_int(low, "low index")))


@spec_function("PTOv0WriteContextRegister", "asl/arch/system-registers/context.asl")
def write_context_register(h: Harness, ring: object, low: object, value: object) -> None:
    h.set_context_register(_ring(ring), as_int(low, "low index"), as_bits(value, "a context register value"))


@spec_function("ReadSystemRegisterAddress", "asl/scalar/model/sys/registers.asl")
def read_system_register_address(h: Harness, address: object) -> Bits:
    """ptodbg's read_ssr (the SSRGET check and read); a refusal is ILLEGAL_INST at TPC."""
    a = as_bits(address, "a system register address", 24)
    try:
        return word(ssr.read_ssr(h.m, a, h.m.pc))
    except Fault as f:
        set_fault_with_cause(h, Enum("Fault_IllegalInstruction"), word(f.arg), 0)
        return word(0)


@spec_function("WriteSystemRegisterAddress", "asl/scalar/model/sys/registers.asl")
def write_system_register_address(h: Harness, address: object, value: object) -> None:
    a = as_bits(address, "a system register address", 24)
    try:
        ssr.write_ssr(h.m, a, as_bits(value, "a system register value"), h.m.pc)
    except Fault as f:
        set_fault_with_cause(h, Enum("Fault_IllegalInstruction"), word(f.arg), 0)


@spec_function("SwapSystemRegisterAddress", "asl/scalar/model/sys/registers.asl")
def swap_system_register_address(h: Harness, address: object, value: object) -> Bits:
    a = as_bits(address, "a system register address", 24)
    try:
        return word(ssr.swap_ssr(h.m, a, as_bits(value, "a system register value"), h.m.pc))
    except Fault as f:
        set_fault_with_cause(h, Enum("Fault_IllegalInstruction"), word(f.arg), 0)
        return word(0)


@spec_function("ScalarFPFlags", "asl/scalar/model/fsu/profile.asl")
def scalar_fp_flags(h: Harness) -> Bits:
    """NumericStatusFlags: CORE_STATE[36:32] (NV, DZ, OF, UF, NX)."""
    return Bits(5, h.m.core_state >> 32)


@spec_function("NumericStatusFlags", "asl/arch/state/numeric-status.asl")
def numeric_status_flags(h: Harness) -> Bits:
    return Bits(5, h.m.core_state >> 32)


# ---------------------------------------------------------------------- memory
def _address(value: object) -> int:
    return as_bits(value, "an address")


def _size(value: object) -> int:
    size = as_int(value, "an access size")
    if size not in (1, 2, 4, 8):
        raise AssertionFailed(f"access size {size} is not 1, 2, 4 or 8")
    return size


@spec_function("ReadMemoryByte", "asl/scalar/model/agu/memory.asl")
def read_memory_byte(h: Harness, address: object) -> Bits:
    a = _address(address)
    if a >= h.memory_bytes:
        raise AssertionFailed(f"ReadMemoryByte({a:#x}) outside the model memory")
    return Bits(8, h.m.mem.peek(a, 1)[0])


@spec_function("WriteMemoryByte", "asl/scalar/model/agu/memory.asl")
def write_memory_byte(h: Harness, address: object, value: object) -> None:
    a = _address(address)
    if a >= h.memory_bytes:
        raise AssertionFailed(f"WriteMemoryByte({a:#x}) outside the model memory")
    h.m.mem.poke(a, bytes([as_bits(value, "a byte", 8)]))


@spec_function("LoadTranslatedUnsigned", "asl/scalar/model/agu/memory.asl")
def load_translated_unsigned(h: Harness, address: object, size: object) -> Bits:
    a, n = _address(address), _size(size)
    if a + n > h.memory_bytes:
        raise AssertionFailed(f"LoadTranslatedUnsigned({a:#x}, {n}) outside the model memory")
    return word(int.from_bytes(h.m.mem.peek(a, n), "little"))


def _data_access(h: Harness, address: object, size: object, value: object | None, order: str) -> Bits:
    """LoadWithOrder / StoreWithOrder: probe (alignment, then bounds), one event."""
    a, n = _address(address), _size(size)
    m = h.m
    mem = m.mem
    mem.set_capture(True)
    mem.events = []
    try:
        if a % n:
            raise Fault(DATA_ALIGN_FAULT, a)
        if value is None:
            result = mem.load(a, n, order)
        else:
            mem.store(a, n, as_bits(value, "the stored value"), order)
            result = 0
    except Fault as f:
        mem.events = []
        mem.set_capture(False)
        h.enter_trap(f.number, a)
        h.fault = Enum({34: "Fault_DataAlignment", 35: "Fault_DataPage"}[f.number])
        return word(0)
    events = mem.events
    mem.events = []
    mem.set_capture(False)
    h.record(events)
    return word(result)


@spec_function("LoadUnsigned", "asl/scalar/model/agu/memory.asl")
def load_unsigned(h: Harness, address: object, size: object) -> Bits:
    return _data_access(h, address, size, None, "relaxed")


@spec_function("Store", "asl/scalar/model/agu/memory.asl")
def store(h: Harness, address: object, size: object, value: object) -> None:
    _data_access(h, address, size, value, "relaxed")


@spec_function("LoadWithOrder", "asl/scalar/model/agu/memory.asl")
def load_with_order(h: Harness, address: object, size: object, order: object) -> Bits:
    return _data_access(h, address, size, None, ORDER_NAME[order])  # type: ignore[index]


@spec_function("StoreWithOrder", "asl/scalar/model/agu/memory.asl")
def store_with_order(h: Harness, address: object, size: object, value: object, order: object) -> None:
    _data_access(h, address, size, value, ORDER_NAME[order])  # type: ignore[index]


@spec_function("NormalizeMemoryAccessValue", "asl/scalar/model/agu/memory.asl")
def normalize_memory_access_value(h: Harness, value: object, size: object) -> Bits:
    n = _size(size)
    return word(as_bits(value, "the value") & ((1 << (8 * n)) - 1))


@spec_function("NaturalToWord", "asl/scalar/model/alu/semantics.asl")
def natural_to_word(h: Harness, value: object) -> Bits:
    v = as_int(value, "NaturalToWord's argument")
    if not 0 <= v <= 262144:
        raise AssertionFailed(f"NaturalToWord({v}) outside 0..262144")
    return word(v)


# ---------------------------------------------------------------- memory events
@spec_function("ResetMemoryExecution", "asl/arch/memory-model/memory-events.asl")
def reset_memory_execution(h: Harness) -> None:
    h.events.clear()


@spec_function("StartMemoryEventCapture", "asl/arch/memory-model/memory-events.asl")
def start_memory_event_capture(h: Harness, agent: object) -> None:
    h.events.clear()
    h.select_agent(as_int(agent, "a memory agent"))
    h.capture = True


@spec_function("SelectMemoryEventAgent", "asl/arch/memory-model/memory-events.asl")
def select_memory_event_agent(h: Harness, agent: object) -> None:
    h.select_agent(as_int(agent, "a memory agent"))


@spec_function("StopMemoryEventCapture", "asl/arch/memory-model/memory-events.asl")
def stop_memory_event_capture(h: Harness) -> None:
    h.capture = False


# --------------------------------------------------------------------- execution
def _instruction(insn: object, width: int) -> int:
    return as_bits(insn, "the instruction", width)


@spec_function("ExecuteScalarInstruction", "asl/scalar/model/dispatch/top-level.asl")
def execute_scalar_instruction(h: Harness, insn: object, length: object) -> Enum:
    """One attempt of ptodbg's machine on the instruction value (Machine.execute).

    The spec's scalar dispatcher only knows scalar forms: a value that ptodbg decodes as a
    command form is, for it, no scalar form at all (Fault_IllegalInstruction)."""
    return _dispatch(h, insn, length, (16, 32, 48), command=False, outcomes=(EXECUTED, REJECTED))


@spec_function("ExecuteCommandInstruction", "asl/block/model/dispatch/top-level.asl")
def execute_command_instruction(h: Harness, insn: object, length: object) -> Enum:
    return _dispatch(h, insn, length, (16, 32, 48, 64), command=True,
                     outcomes=(COMMAND_EXECUTED, COMMAND_REJECTED))


def _dispatch(h: Harness, insn: object, length: object, lengths: tuple[int, ...], *, command: bool,
              outcomes: tuple[Enum, Enum]) -> Enum:
    """One attempt through a dispatcher that knows only command forms (``command``) or
    only scalar forms: a value of the other kind is Fault_IllegalInstruction."""
    executed, rejected = outcomes
    n = as_int(length, "the length")
    value = _instruction(insn, max(lengths))
    if n not in lengths:
        raise AssertionFailed(f"{'command' if command else 'scalar instruction'} length {n}")
    value &= (1 << n) - 1
    form = h.m.decoder.decode(value, n)
    if form is not None and (form.surface == "command") != command:
        h.m.steps += 1  # BeginArchitecturalInstructionAttempt
        set_fault_with_cause(h, Enum("Fault_IllegalInstruction"), word(h.m.pc), 0)
        return rejected
    res = h.execute(value, n)
    return executed if res.trap is None else rejected


@spec_function("ExecuteDecodedBundleCommand", "asl/block/model/dispatch/commands.asl")
def execute_decoded_bundle_command(h: Harness, insn: object, index: object, length: object) -> Enum:
    """One attempt of the instruction word as the command form at ``index`` (the machine
    builds it from that form's fields, whatever the decoder would make of the word)."""
    form = command_form(index)
    n = as_int(length, "the length")
    if n != form.length:
        raise AssertionFailed(f"command length {n} for a {form.length}-bit form")
    res = h.execute(_instruction(insn, 64), n, form)
    return COMMAND_EXECUTED if res.trap is None else COMMAND_REJECTED


@spec_function("ExecutePTOInstruction", "asl/arch/dispatch/top-level.asl")
def execute_pto_instruction(h: Harness, insn: object, length: object) -> Enum:
    """The architectural dispatcher: command forms first, then scalar forms (ptodbg's
    decoder has the same order)."""
    n = as_int(length, "the length")
    value = _instruction(insn, 64) & ((1 << n) - 1) if n in (16, 32, 48, 64) else None
    if value is None:
        raise AssertionFailed(f"instruction length {n}")
    res = h.execute(value, n)
    return Enum("PTOInstruction_Executed" if res.trap is None else "PTOInstruction_Rejected")


# --------------------------------------------------------------------- atomics
_ATOMIC_OP = {f"Atomic_{name}": name for name in amo.ATOMIC_OPS}


@spec_function("NormalizeAtomicReturn", "asl/scalar/model/amo/semantics.asl")
def normalize_atomic_return(h: Harness, value: object, size: object) -> Bits:
    """ptodbg's atomic_return on the low ``size`` bytes (B/H zero-, W sign-extended)."""
    n = _size(size)
    v = as_bits(value, "the value") & ((1 << (8 * n)) - 1)
    return word(amo.atomic_return(v, n))


@spec_function("AtomicValueSized", "asl/scalar/model/amo/semantics.asl")
def atomic_value_sized(h: Harness, op: object, old: object, operand: object, size: object) -> Bits:
    """ptodbg's ATOMIC_OPS on the operands reduced to ``size`` bytes, masked back."""
    name = _ATOMIC_OP.get(enum_name(op, "an AtomicOperation"))
    if name is None:
        raise AslError(f"{op!r} is not an AtomicOperation")
    n = _size(size)
    mask = (1 << (8 * n)) - 1
    result = amo.ATOMIC_OPS[name](as_bits(old, "the old value") & mask, as_bits(operand, "the operand") & mask, n)
    return word(result & mask)


# ----------------------------------------------------------------- predicates
def _predicate_index(index: object) -> int:
    i = as_int(index, "a predicate index")
    if not 0 <= i < PRED_COUNT:
        raise AssertionFailed(f"predicate index {i} outside 0..{PRED_COUNT - 1}")
    return i


@spec_function("ReadPredicateRegister", "asl/arch/programming-model/predicate-registers.asl")
def read_predicate_register(h: Harness, index: object) -> Bits:
    """ptodbg's P0..P7 (Machine.pred): P0 reads as all ones."""
    return Bits(32, h.m.pred(_predicate_index(index)))


@spec_function("WritePredicateRegister", "asl/arch/programming-model/predicate-registers.asl")
def write_predicate_register(h: Harness, index: object, value: object) -> None:
    h.m.set_pred(_predicate_index(index), as_bits(value, "a predicate", 32))


@spec_function("PredicateRegisterHasInstructionConsumer", "asl/arch/programming-model/predicate-registers.asl")
def predicate_register_has_instruction_consumer(h: Harness, index: object) -> bool:
    """Whether any instruction can name P<index> as an operand: ptodbg's operand syntax
    (:mod:`ptodbg.isa.syntax`, one table for the assembler and the disassembler) has
    register operands of Reg5 sources and destinations only, and no P register among them."""
    name = f"p{_predicate_index(index)}"
    return name in SOURCE_REGS or name in DEST_REGS


@spec_function("ReadBranchPredicate", "asl/scalar/model/bru/semantics.asl")
def read_branch_predicate(h: Harness) -> Bits:
    """The predicate a block commit branches on is the SETC result, CommitArgument
    (ptodbg's ``commit_arg``), never a P register."""
    return word(h.m.commit_arg)


__all__ = ["COMMAND_EXECUTED", "EXECUTED", "MASK64", "REJECTED", "set_fault_with_cause"]


@spec_function("SystemRegisterAccessPermitted", "asl/arch/profile/applicability.asl")
def system_register_access_permitted(h: Harness, address: object, write: object, ring: object) -> bool:
    as_bool(write, "write")
    return ssr.permitted(as_bits(address, "a system register address", 24), _ring(ring))


_ACCESS = {"RO": "SystemRegisterAccess_ReadOnly", "RW": "SystemRegisterAccess_ReadWrite",
           "WO": "SystemRegisterAccess_WriteOnly", None: "SystemRegisterAccess_Unknown"}


@spec_function("SystemRegisterAccessOf", "asl/scalar/model/sys/registers.asl")
def system_register_access_of(h: Harness, address: object) -> Enum:
    """The access class of ptodbg's register table (sysregs.access_of)."""
    return Enum(_ACCESS[ssr.access_of(as_bits(address, "a system register address", 24))])


# ------------------------------------------------------------ extension first use
@spec_function("ExtensionFirstUseEnabled", "asl/arch/profile/extension-first-use.asl")
def extension_first_use_enabled(h: Harness, kind: object) -> bool:
    """ptodbg has no vector or cube extension whose first use traps: FALSE for both."""
    if enum_name(kind, "an ExtensionFirstUseKind") not in ("ExtensionFirstUseKind_VECTOR",
                                                           "ExtensionFirstUseKind_CUBE"):
        raise AslError(f"{kind!r} is not an ExtensionFirstUseKind")
    return False


@spec_function("RaiseExtensionFirstUse", "asl/arch/profile/extension-first-use.asl")
def raise_extension_first_use(h: Harness, kind: object, source: object, manager: object) -> bool:
    """No first-use trap is enabled, so none is raised and nothing changes."""
    _ring(source)
    _ring(manager)
    return extension_first_use_enabled(h, kind)


# ------------------------------------------------------------ portable trap context
@spec_function("SavePortableTrapContext", "asl/arch/state/trap-context.asl")
def save_portable_trap_context(h: Harness, target: object, source: object) -> None:
    """ptodbg has one context save, the profile's, which writes the same record (and the
    context registers besides)."""
    h.save_context(_ring(target), _ring(source))


@spec_function("PortableTrapContextRecoverable", "asl/arch/state/trap-context.asl")
def portable_trap_context_recoverable(h: Harness, target: object) -> bool:
    """A valid record whose saved BPC and TPC are even."""
    r = _ring(target)
    m = h.m
    return m.context_valid(r) and not m.ctx(r, ssr.EBARG_BPC_CUR) & 1 and not m.ctx(r, ssr.EBARG_TPC) & 1


@spec_function("RecoverPortableTrapContext", "asl/arch/state/trap-context.asl")
def recover_portable_trap_context(h: Harness, target: object) -> bool:
    """ptodbg's recovery of the bank (the record it restores is the portable one)."""
    if not portable_trap_context_recoverable(h, target):
        return False
    r = _ring(target)
    why = h.m.recoverable(r)
    if why is not None:
        raise Unsupported(f"a portable-recoverable bank ptodbg's recovery refuses ({why}): ptodbg keeps the "
                          "profile's context registers as the record's fields")
    h.m.recover(r)
    return True
