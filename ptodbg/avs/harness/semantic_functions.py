"""Spec model functions that are one instruction's effect, run through that instruction's
ptodbg semantics.

``FenceData(pred, succ)`` is what FENCE.D does once placement is checked; ``ExecuteSetCommit``
is SETC.<cond> on two prepared values.  The harness builds ptodbg's handler for the form
(:func:`ptodbg.core.semantics.builders`, the same builders the machine uses) and runs it at
the current TPC: no placement check, no TPC or cycle change, as the model function has
none.  Operand values travel in GPRs x1..x3, which are put back afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ptodbg.avs.convert import as_bits, as_bool, as_int, enum_name, word
from ptodbg.avs.harness.registry import spec_function
from ptodbg.avs.harness.state import ORDER_ENUM, TRAP_FAULT, Harness
from ptodbg.avs.values import AslError, Enum, Unsupported
from ptodbg.core.events import order_of
from ptodbg.core.faults import ILLEGAL_INST, SCALL, Fault
from ptodbg.core.semantics import MASK64, PreciseOnly, amo, builders
from ptodbg.core.state import PUSH_T
from ptodbg.isa.forms import COMMAND_FORMS, SCALAR_FORMS

if TYPE_CHECKING:
    from ptodbg.core.machine import Handler, Machine

_FORM = {f.mnemonic: f for f in (*SCALAR_FORMS, *COMMAND_FORMS)}  # no mnemonic is in both
_SCRATCH = (21, 22, 23)  # x1..x3


def scratch_for(*named: int) -> tuple[int, int, int]:
    """Three GPRs for operands that none of the ``named`` registers (the call's own) is."""
    free = [code for code in range(23, 0, -1) if code not in named]
    return free[0], free[1], free[2]


def run_semantics(h: Harness, mnemonic: str, fields: dict[str, int], operands: tuple[int, ...] = (),
                  jump: bool = False, scratch: tuple[int, int, int] = _SCRATCH) -> list[int]:
    """ptodbg's handler of ``mnemonic`` on the live machine, operands in the ``scratch``
    GPRs (x1..x3 unless given); returns them as the handler left them (a destination can
    be one of them).  ``jump``: the function is a transfer of control, TPC becomes the
    next TPC the handler returns."""
    form = _FORM[mnemonic]
    values = {f.name: 0 for f in form.fields}
    values.update(fields)
    bad = form.violation(values)

    def build(m: Machine) -> Handler:
        if bad is not None:  # an operand the form reserves: ILLEGAL_INST, as its decode would say
            def illegal(pc: int) -> int:
                raise Fault(ILLEGAL_INST, pc, reason=f"{mnemonic}: {bad.describe()}")

            return illegal
        built = builders()[mnemonic](m, form, values, m.pc, form.length)
        return built.run if isinstance(built, PreciseOnly) else built

    return run_handler(h, build, operands, jump, scratch)


def run_handler(h: Harness, build: Callable[[Machine], Handler], operands: tuple[int, ...] = (),
                jump: bool = False, scratch: tuple[int, int, int] = _SCRATCH) -> list[int]:
    """Run the handler ``build`` makes at the current TPC (see :func:`run_semantics`): the
    operands in the scratch GPRs, which are put back afterwards; a fault is a trap entry
    through the machine; the events go to the capture log."""
    m = h.m
    saved = [m.r[code] for code in scratch]
    for code, value in zip(scratch, operands, strict=False):
        m.r[code] = value
    mem = m.mem
    mem.set_capture(True)
    mem.events = []
    handler = build(m)
    try:
        next_pc = handler(m.pc)
        if jump:
            m.pc = next_pc & MASK64
    except Fault as f:
        h.raise_fault(f)
        h.fault = Enum("Fault_ServiceRequest" if f.number == SCALL else TRAP_FAULT[f.number])
    finally:
        events = mem.events
        mem.events = []
        mem.set_capture(False)
        after = [m.r[code] for code in scratch]
        for code, value in zip(scratch, saved, strict=True):
            m.r[code] = value
    h.record(events)
    return after


@spec_function("FenceData", "asl/scalar/model/sys/semantics.asl")
def fence_data(h: Harness, predecessor: object, successor: object) -> None:
    run_semantics(h, "FENCE.D", {"PRED_IMM": as_bits(predecessor, "predecessor", 4),
                                 "SUCC_IMM": as_bits(successor, "successor", 4)})


@spec_function("FenceInstruction", "asl/scalar/model/sys/semantics.asl")
def fence_instruction(h: Harness) -> None:
    run_semantics(h, "FENCE.I", {})


_CONDITIONS = ("EQ", "NE", "LT", "GE", "LTU", "GEU")


@spec_function("ExecuteSetCommit", "asl/scalar/model/bru/semantics.asl")
def execute_set_commit(h: Harness, condition: object, left: object, right: object) -> None:
    """SETC.<cond> with no right-operand modifier (SrcRType 0) on the two values."""
    name = enum_name(condition, "a ScalarCondition").removeprefix("ScalarCondition_")
    if name not in _CONDITIONS:
        raise AslError(f"ScalarCondition_{name} has no SETC form")
    run_semantics(h, f"SETC.{name}", {"SrcL": _SCRATCH[0], "SrcR": _SCRATCH[1], "SrcRType": 0},
                  (as_bits(left, "left"), as_bits(right, "right")))


@spec_function("ExecuteSetCommitLogical", "asl/scalar/model/bru/semantics.asl")
def execute_set_commit_logical(h: Harness, left: object, right: object, combine_or: object) -> None:
    mnemonic = "SETC.OR" if as_bool(combine_or, "combine_or") else "SETC.AND"
    run_semantics(h, mnemonic, {"SrcL": _SCRATCH[0], "SrcR": _SCRATCH[1], "SrcRType": 0},
                  (as_bits(left, "left"), as_bits(right, "right")))


@spec_function("ArchitectureCloseRequest", "asl/scalar/model/sys/semantics.asl")
def architecture_close_request(h: Harness, request_type: object) -> None:
    """ACRC's effect: the SYS terminal pending, then the service request (ptodbg's ACRC)."""
    run_semantics(h, "ACRC", {"RST_Type": as_bits(request_type, "the request type", 4)})


@spec_function("ExecuteMaintenance", "asl/scalar/model/sys/semantics.asl")
def execute_maintenance(h: Harness, operation: object, operand: object) -> None:
    name = enum_name(operation, "a MaintenanceOperation")
    if not name.startswith("Maintenance_"):
        raise AslError(f"{name} is not a MaintenanceOperation")
    mnemonic = name.removeprefix("Maintenance_").replace("_", ".", 1)
    fields = {"SrcL": _SCRATCH[0]} if "SrcL" in _FORM[mnemonic].by_name else {}
    run_semantics(h, mnemonic, fields, (as_bits(operand, "the operand"),))


_LR = {1: "LR.B", 2: "LR.H", 4: "LR.W", 8: "LR.D"}
_ORDER_BITS = {"MemoryOrder_Relaxed": (0, 0), "MemoryOrder_Acquire": (1, 0), "MemoryOrder_Release": (0, 1),
               "MemoryOrder_AcquireRelease": (1, 1)}


@spec_function("LoadReserved", "asl/scalar/model/amo/semantics.asl")
def load_reserved(h: Harness, address: object, size: object, order: object) -> object:
    """LR.<size> with the order's aq/rl bits: the loaded value, the reservation set."""
    n = as_int(size, "the size")
    if n not in _LR:
        raise AslError(f"LoadReserved size {n}")
    aq, rl = _ORDER_BITS[enum_name(order, "a MemoryOrder")]
    after = run_semantics(h, _LR[n], {"SrcL": _SCRATCH[0], "RegDst": _SCRATCH[1], "aq": aq, "rl": rl},
                          (as_bits(address, "the address"),))
    return word(after[1])


@spec_function("ScalarDecodedMemoryOrder", "asl/scalar/model/dispatch/decode.asl")
def scalar_decoded_memory_order(h: Harness, insn: object, index: object) -> object:
    """The order label ptodbg gives the form's aq/rl bits (events.order_of)."""
    from ptodbg.avs.harness.decode_functions import _form

    form = _form(index)
    value = as_bits(insn, "the instruction", 48)
    aq = form.by_name["aq"].raw(value) if "aq" in form.by_name else 0
    rl = form.by_name["rl"].raw(value) if "rl" in form.by_name else 0
    return Enum(ORDER_ENUM[order_of(aq, rl)])


def _order_fields(form_name: str, order: object) -> dict[str, int]:
    aq, rl = _ORDER_BITS[enum_name(order, "a MemoryOrder")]
    fields = {}
    if "aq" in _FORM[form_name].by_name:
        fields["aq"] = aq
    if "rl" in _FORM[form_name].by_name:
        fields["rl"] = rl
    return fields


_SIZE_SUFFIX = {1: "B", 2: "H", 4: "W", 8: "D"}


def _size_suffix(size: object) -> str:
    n = as_int(size, "the size")
    if n not in _SIZE_SUFFIX:
        raise AslError(f"atomic size {n}")
    return _SIZE_SUFFIX[n]


@spec_function("StoreConditional", "asl/scalar/model/amo/semantics.asl")
def store_conditional(h: Harness, address: object, size: object, value: object, order: object) -> object:
    """SC.<size>: the status word ptodbg's SC writes (0 success, 1 miss)."""
    name = "SC." + _size_suffix(size)
    after = run_semantics(h, name, {"SrcL": _SCRATCH[0], "SrcR": _SCRATCH[1], "RegDst": _SCRATCH[2],
                                    **_order_fields(name, order)},
                          (as_bits(value, "the value"), as_bits(address, "the address")))
    return word(after[2])


@spec_function("CompareAndSwap", "asl/scalar/model/amo/semantics.asl")
def compare_and_swap(h: Harness, address: object, size: object, expected: object, desired: object,
                     order: object) -> object:
    name = "CAS" + _size_suffix(size)
    after = run_semantics(h, name, {"SrcL": _SCRATCH[0], "SrcR": _SCRATCH[1], "SrcD": _SCRATCH[2],
                                    "RegDst": _SCRATCH[0], **_order_fields(name, order)},
                          (as_bits(address, "the address"), as_bits(expected, "expected"),
                           as_bits(desired, "desired")))
    return word(after[0])


@spec_function("AtomicReadModifyWrite", "asl/scalar/model/amo/semantics.asl")
def atomic_read_modify_write(h: Harness, address: object, size: object, op: object, operand: object,
                             order_arg: object) -> object:
    """The PTO form with that size and operation (LD.<op>, LW.<op>, SWAP<size>); the old
    value as it returns it.  Sizes no form has (a byte SMIN ...) run ptodbg's RMW semantics
    (amo.rmw_handler) at that size, with the forms' normalised return (B/H zero-extended)."""
    suffix = _size_suffix(size)
    operation = enum_name(op, "an AtomicOperation").removeprefix("Atomic_")
    if operation == "SWAP":
        name = "SWAP" + suffix
    elif suffix in ("D", "W"):
        name = f"L{suffix}.{operation}"
    else:
        name = ""
    order = order_of(*_ORDER_BITS[enum_name(order_arg, "a MemoryOrder")])
    if name in _FORM:
        after = run_semantics(h, name, {"SrcL": _SCRATCH[0], "SrcR": _SCRATCH[1], "RegDst": _SCRATCH[2],
                                        **_order_fields(name, order_arg)},
                              (as_bits(address, "the address"), as_bits(operand, "the operand")))
        return word(after[2])
    # No PTO form performs a byte or halfword RMW: the RMW semantics of the forms, at that size.
    size_bytes = as_int(size, "the size")
    if operation not in amo.ATOMIC_OPS:
        raise AslError(f"Atomic_{operation} is not an AtomicOperation")

    def build(m: Machine) -> Handler:
        return amo.rmw_handler(m, _SCRATCH[0], _SCRATCH[1], _SCRATCH[2], size_bytes, amo.ATOMIC_OPS[operation], order)

    after = run_handler(h, build, (as_bits(address, "the address"), as_bits(operand, "the operand")))
    return word(after[2])


@spec_function("ArchitectureAssert", "asl/scalar/model/sys/semantics.asl")
def architecture_assert(h: Harness, value: object) -> None:
    run_semantics(h, "ASSERT", {"SrcL": _SCRATCH[0]}, (as_bits(value, "the value"),))


@spec_function("ClearBundleHeaderState", "asl/block/model/state/descriptor-state.asl")
def clear_bundle_header_state(h: Harness) -> None:
    """The header record and the per-block markers (SETC, commit target, ACRC terminal)."""
    m = h.m
    m.header = ()
    m.bdesc = None
    m.cond_set = m.tgt_set = m.sys_pending = False


@spec_function("ArchitectureEnterRequest", "asl/scalar/model/sys/semantics.asl")
def architecture_enter_request(h: Harness, request_type: object) -> None:
    """ACRE's effect: recover the current bank's context (the recovery request)."""
    run_semantics(h, "ACRE", {"RRA_Type": as_bits(request_type, "the request type", 4)}, jump=True)


_CONTROL = {"ExecutionControl_SendEvent": "BSE", "ExecutionControl_WaitEvent": "BWE",
            "ExecutionControl_WaitInterrupt": "BWI", "ExecutionControl_WaitTimeout": "BWT"}


@spec_function("ExecuteControlRequest", "asl/scalar/model/sys/semantics.asl")
def execute_control_request(h: Harness, request: object, operand: object) -> None:
    """BSE/BWE/BWI/BWT on the operand."""
    name = _CONTROL.get(enum_name(request, "an ExecutionControlRequest"))
    if name is None:
        raise AslError(f"{request!r} is not an ExecutionControlRequest")
    run_semantics(h, name, {"SrcL": _SCRATCH[0]}, (as_bits(operand, "the operand"),))


def _address(value: object) -> int:
    return as_bits(value, "a system register address", 24)


@spec_function("ExecuteSystemRegisterGet", "asl/scalar/model/sys/registers.asl")
def execute_system_register_get(h: Harness, destination: object, address: object) -> None:
    """HL.SSRGET (24-bit address) to the Reg5 destination."""
    run_semantics(h, "HL.SSRGET", {"SSR_ID": _address(address), "RegDst": as_int(destination, "a Reg5 selector")})


@spec_function("ExecuteSystemRegisterSet", "asl/scalar/model/sys/registers.asl")
def execute_system_register_set(h: Harness, source: object, address: object) -> None:
    run_semantics(h, "HL.SSRSET", {"SSR_ID": _address(address), "SrcL": as_int(source, "a Reg5 selector")})


@spec_function("ExecuteSystemRegisterSwap", "asl/scalar/model/sys/registers.asl")
def execute_system_register_swap(h: Harness, destination: object, source: object, address: object) -> None:
    """SSRSWAP, whose address field holds 12 bits."""
    a = _address(address)
    if a >> 12:
        raise Unsupported(f"ExecuteSystemRegisterSwap of {a:#x}: SSRSWAP's address field holds 12 bits")
    run_semantics(h, "SSRSWAP", {"SSR_ID": a, "SrcL": as_int(source, "a Reg5 selector"),
                                 "RegDst": as_int(destination, "a Reg5 selector")})


@spec_function("ExecuteCompressedSystemRegisterGet", "asl/scalar/model/sys/registers.asl")
def execute_compressed_system_register_get(h: Harness, address: object) -> None:
    """C.SSRGET (pushes T) for the addresses its 5-bit field names, HL.SSRGET to T for the
    others (WriteCompressedTResult is a T push)."""
    a = _address(address)
    if a < 32 and _FORM["C.SSRGET"].violation({"SSRID": a}) is None:
        run_semantics(h, "C.SSRGET", {"SSRID": a})
    else:
        run_semantics(h, "HL.SSRGET", {"SSR_ID": a, "RegDst": PUSH_T})


@spec_function("SoftwareBreakpoint", "asl/scalar/model/sys/semantics.asl")
def software_breakpoint(h: Harness, tag: object) -> None:
    """C.EBREAK with the tag: SW_BREAKPOINT at TPC, the tag as its cause."""
    run_semantics(h, "C.EBREAK", {"imm5": as_bits(tag, "the tag", 5)})


def _frame(h: Harness, mnemonic: str, begin: object, end: object, size: object, jump: bool) -> None:
    """A frame template command (FENTRY, FEXIT, FRET.RA, FRET.STK) on the live machine."""
    form = _FORM[mnemonic]
    first, last = ("SrcBegin", "SrcEnd") if mnemonic == "FENTRY" else ("DstBegin", "DstEnd")
    n = as_bits(size, "the frame size")
    width = form.by_name["uimm"].width
    if n >> width or n & 7:
        raise Unsupported(f"frame size {n:#x}: {mnemonic} encodes multiples of 8 below {1 << width:#x}")
    run_semantics(h, mnemonic, {first: as_int(begin, "a Reg5 selector"), last: as_int(end, "a Reg5 selector"),
                                "uimm": n}, jump=jump)


@spec_function("EnterFrame", "asl/block/model/lifecycle/lifetime.asl")
def enter_frame(h: Harness, begin: object, end: object, size: object) -> None:
    _frame(h, "FENTRY", begin, end, size, False)


@spec_function("ExitFrame", "asl/block/model/lifecycle/lifetime.asl")
def exit_frame(h: Harness, begin: object, end: object, size: object) -> None:
    _frame(h, "FEXIT", begin, end, size, False)


@spec_function("ReturnFromFrame", "asl/block/model/lifecycle/lifetime.asl")
def return_from_frame(h: Harness, begin: object, end: object, size: object, use_return_address: object) -> None:
    """FRET.RA or FRET.STK: TPC becomes the return target."""
    _frame(h, "FRET.RA" if as_bool(use_return_address, "use_return_address") else "FRET.STK", begin, end, size, True)


def _memory_command(h: Harness, mnemonic: str, destination: object, second: object, length: object) -> None:
    """MCOPY / MSET on the live machine, its three operands in scratch GPRs; TPC stays (the
    model's function leaves it to the command dispatcher)."""
    run_semantics(h, mnemonic, {"RegSrc0": _SCRATCH[0], "RegSrc1": _SCRATCH[1], "RegSrc2": _SCRATCH[2]},
                  (as_bits(destination, "the destination"), as_bits(second, "the operand"),
                   as_bits(length, "the length")))


@spec_function("ExecuteMemoryCopyTemplate", "asl/block/model/commit/effects.asl")
def execute_memory_copy_template(h: Harness, destination: object, source: object, length: object) -> None:
    """MCOPY: a new template reads the operands, an active one continues from its progress."""
    _memory_command(h, "MCOPY", destination, source, length)


@spec_function("ExecuteBoundedMemorySet", "asl/block/model/commit/effects.asl")
def execute_bounded_memory_set(h: Harness, destination: object, value: object, length: object) -> None:
    _memory_command(h, "MSET", destination, value, length)
