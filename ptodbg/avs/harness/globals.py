"""The spec model's global variables as views of ptodbg's machine.

Each entry names the model variable (declared in the pto-spec file given in the section
comment) and the machine state it is.  Variables a test writes that ptodbg has no state
for are absent, so a program using them reports ``unsupported: global <name>``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ptodbg.avs.convert import as_bits, as_bool, as_int, enum_name, word
from ptodbg.avs.harness.contexts import (
    assign_predicates,
    frame_template,
    memory_copy_template,
    predicate_registers,
    trap_context,
)
from ptodbg.avs.harness.header_state import header_globals
from ptodbg.avs.harness.state import (
    FAULT_NONE,
    FAULT_TRAP,
    KIND_ENUM,
    MASK64,
    TRANSFER_ENUM,
    Harness,
    kind_code,
    transfer_code,
)
from ptodbg.avs.harness.tile_block import block_globals
from ptodbg.avs.harness.tile_values import TileFiles, set_tile_capacity, tile_globals
from ptodbg.avs.harness.views import ArrayView, Fixed, RecordView, Scalar
from ptodbg.avs.interpreter import Global
from ptodbg.avs.values import Array, AslError, Bits, Enum, Unsupported
from ptodbg.core import sysregs as ssr
from ptodbg.core.semantics.templates import FRAME_DEPTH_MAX, gqm_state
from ptodbg.core.state import T_BASE, U_BASE


def _word_field(h: Harness, attr: str) -> tuple:
    return (lambda: word(getattr(h.m, attr)), lambda v: setattr(h.m, attr, as_bits(v, attr)))


def _enum_field(h: Harness, attr: str, names: Mapping[int, str] | Sequence[str],
                code_of: Callable[[object, str], int], what: str) -> tuple:
    """A machine attribute holding a code, seen as the model's enumeration literal."""
    return (lambda: Enum(names[getattr(h.m, attr)]), lambda v: setattr(h.m, attr, code_of(v, what)))


def _int_field(h: Harness, attr: str) -> tuple:
    return (lambda: getattr(h.m, attr), lambda v: setattr(h.m, attr, as_int(v, attr)))


def _bool_field(h: Harness, attr: str) -> tuple:
    return (lambda: bool(getattr(h.m, attr)), lambda v: setattr(h.m, attr, as_bool(v, attr)))


# ------------------------------------------------------------------------- queues
def _queue_value(h: Harness, base: int, name: str) -> ArrayView:
    def get(i: int) -> object:
        return word(h.m.r[base + i])

    def put(i: int, v: object) -> None:
        h.m.r[base + i] = as_bits(v, name)

    return ArrayView(name, 4, get, put)


def _queue_valid(h: Harness, which: str, name: str) -> ArrayView:
    def get(i: int) -> object:
        return h.queue_valid(which)[i]

    def put(i: int, v: object) -> None:
        valid = h.queue_valid(which)
        valid[i] = as_bool(v, name)
        h.set_queue_valid(which, valid)

    return ArrayView(name, 4, get, put)


def _assign_queue(h: Harness, base: int, name: str):  # noqa: ANN202
    def assign(v: object) -> None:
        if not isinstance(v, Array):
            raise AslError(f"type error: {name} = non-array")
        for i in range(4):
            h.m.r[base + i] = as_bits(v.get_item(i), name)

    return assign


def _assign_queue_valid(h: Harness, which: str, name: str):  # noqa: ANN202
    def assign(v: object) -> None:
        if not isinstance(v, Array):
            raise AslError(f"type error: {name} = non-array")
        h.set_queue_valid(which, [as_bool(v.get_item(i), name) for i in range(4)])

    return assign


# ------------------------------------------------------------------ faults, traps
def _set_last_fault(h: Harness, v: object) -> None:
    name = enum_name(v, "_LastFault")
    if name != "Fault_None" and name not in FAULT_TRAP:
        raise AslError(f"{name} is not a FaultCode")
    h.fault = v  # type: ignore[assignment]
    h.m.last_fault = FAULT_TRAP.get(name, 0)


def _trap_status(h: Harness, slot: int, name: str, convert, back) -> ArrayView:  # noqa: ANN001
    def get(ring: int) -> object:
        return convert(h.m.trap_status[ring][slot])

    def put(ring: int, v: object) -> None:
        row = list(h.m.trap_status[ring])  # rows are tuples: replaced, never mutated
        row[slot] = back(v)
        h.m.trap_status[ring] = tuple(row)

    return ArrayView(name, 16, get, put)


# ------------------------------------------------------------------- reservation
def _reservation(h: Harness) -> dict[str, Global]:
    """_ReservationValid/Address/Size over ``m.resv``; an invalid reservation's address and
    size are not architectural, the harness keeps what the test wrote."""
    m = h.m

    def addr() -> int:
        return m.resv[0] if m.resv is not None else h.resv_shadow[0]

    def size() -> int:
        return m.resv[1] if m.resv is not None else h.resv_shadow[1]

    def set_valid(v: object) -> None:
        if as_bool(v, "_ReservationValid"):
            m.set_reservation(addr(), size())
        else:
            h.resv_shadow = (addr(), size())
            m.clear_reservation()

    def set_addr(v: object) -> None:
        a = as_bits(v, "_ReservationAddress")
        if m.resv is not None:
            m.set_reservation(a, m.resv[1])
        else:
            h.resv_shadow = (a, size())

    def set_size(v: object) -> None:
        s = as_int(v, "_ReservationSize")
        if m.resv is not None:
            m.set_reservation(m.resv[0], s)
        else:
            h.resv_shadow = (addr(), s)

    return {
        "_ReservationValid": Scalar("_ReservationValid", lambda: m.resv is not None, set_valid),
        "_ReservationAddress": Scalar("_ReservationAddress", lambda: word(addr()), set_addr),
        "_ReservationSize": Scalar("_ReservationSize", size, set_size),
    }


# --------------------------------------------------------------- system registers
def _system_registers(h: Harness) -> RecordView:
    """_SystemRegisters (asl/arch/system-registers/addressing.asl)."""
    m = h.m

    def base(name: str) -> tuple:
        """A read-only identification register: a test may assign the value it holds (the
        model's reset writes it), not another (ptodbg's is fixed)."""
        address = next(a for a, (n, *_rest) in ssr.BASE_REGISTERS.items() if n == name)

        def put(v: object) -> None:
            value = as_bits(v, f"_SystemRegisters.{name.lower()}")
            if value != m.read_sysreg(address):
                raise Unsupported(f"_SystemRegisters.{name.lower()} = {value:#x} (ptodbg's {name} is "
                                  f"{m.read_sysreg(address):#x}, fixed)")

        return (lambda: word(m.read_sysreg(address)), put)

    def set_core_state(v: object) -> None:
        m.core_state = as_bits(v, "core_state")  # the ACR is _CurrentACR's, not core_state's

    def set_cycle(v: object) -> None:
        m.steps = as_bits(v, "cycle")

    fields = {
        "thread_ptr": _word_field(h, "thread_ptr"),
        "global_ptr": _word_field(h, "global_ptr"),
        "core_state": (lambda: word(m.core_state), set_core_state),
        "core_feature_enable": _word_field(h, "feature_enable"),
        "cycle": (lambda: word(m.steps), set_cycle),
    }
    for name, reg in (("version", "VERSION"), ("tile_capacity", "TILE_CAPACITY"), ("core_id", "CORE_ID"),
                      ("thread_id", "THREAD_ID"), ("vendor", "VENDOR"), ("core_feature", "CORE_FEATURE")):
        try:
            fields[name] = base(reg)
        except StopIteration:
            pass
    fields["tile_capacity"] = (fields["tile_capacity"][0], lambda v: set_tile_capacity(h, v))
    return RecordView("_SystemRegisters", fields)


def _barg(h: Harness) -> RecordView:
    """_BARG (asl/block/model/state/barg.asl) over the machine's block fields."""
    m = h.m

    def taken() -> object:
        return bool(m.taken)

    def bpcn() -> object:
        return word(m.bpcn)

    return RecordView("_BARG", {
        "block_type": _enum_field(h, "bkind", KIND_ENUM, kind_code, "_BARG.block_type"),
        "transfer_type": _enum_field(h, "btype", TRANSFER_ENUM, transfer_code, "_BARG.transfer_type"),
        "taken": (taken, lambda v: setattr(m, "taken", as_bool(v, "_BARG.taken"))),
        "bpcn": (bpcn, lambda v: setattr(m, "bpcn", as_bits(v, "_BARG.bpcn"))),
    })


def _set_bundle_active(h: Harness, v: object) -> None:
    """_BundleActive: a block the test opens by hand has not entered its body
    (_BundleBodyActive stays as it was, FALSE after reset): its header ends at TPC."""
    m = h.m
    active = as_bool(v, "_BundleActive")
    if active and not m.blk and m.hdr_end is None:
        m.hdr_end = m.pc
    m.blk = active


def _body_active(h: Harness) -> Scalar:
    """_BundleBodyActive: ptodbg enters the body implicitly (``hdr_end``, docs/architecture-notes.md §7.1);
    the explicit flag of the model maps onto it."""
    m = h.m

    def put(v: object) -> None:
        if as_bool(v, "_BundleBodyActive"):
            m.hdr_end = None
        else:
            m.hdr_end = m.pc

    return Scalar("_BundleBodyActive", lambda: bool(m.body_active), put)


def _memory(h: Harness) -> ArrayView:
    m = h.m

    def get(i: int) -> object:
        return Bits(8, m.mem.peek(i, 1)[0])

    def put(i: int, v: object) -> None:
        m.mem.poke(i, bytes([as_bits(v, "_Memory[[...]]", 8)]))

    return ArrayView("_Memory", h.memory_bytes, get, put)


def _extended(h: Harness) -> ArrayView:
    m = h.m
    return ArrayView(
        "_ExtendedSystemRegisters", 65536,
        lambda i: word(m.read_sysreg(i)),
        lambda i, v: m.write_sysreg(i, as_bits(v, "_ExtendedSystemRegisters[[...]]")),
    )


def _maintenance(h: Harness) -> tuple[str, int]:
    """(mnemonic, operand) of the last maintenance operation; reset value DC.IALL, 0."""
    return h.m.maintenance or ("DC.IALL", 0)


def _set_maintenance(h: Harness, operation: object = None, operand: object = None) -> None:
    name, value = _maintenance(h)
    if operation is not None:
        label = enum_name(operation, "a MaintenanceOperation")
        if not label.startswith("Maintenance_"):
            raise AslError(f"{label} is not a MaintenanceOperation")
        name = label.removeprefix("Maintenance_").replace("_", ".", 1)
    if operand is not None:
        value = as_bits(operand, "_LastMaintenanceOperand")
    h.m.maintenance = (name, value)


def _set_event_count(h: Harness, v: object) -> None:
    n = as_int(v, "_MemoryEventCount")
    if n != 0:
        raise Unsupported("_MemoryEventCount set to a value other than 0")
    h.events.clear()


def _slot(h: Harness, attr: str, slot: int, name: str, width: int | None) -> Scalar:
    """One element of a tuple the machine keeps (``m.last_frame[0]`` ...) as a global:
    bits(width), or an integer when ``width`` is None."""
    m = h.m

    def get() -> object:
        value = getattr(m, attr)[slot]
        return value if width is None else Bits(width, value)

    def put(v: object) -> None:
        items = list(getattr(m, attr))
        items[slot] = as_int(v, name) if width is None else as_bits(v, name, width)
        setattr(m, attr, tuple(items))

    return Scalar(name, get, put)


def _gqm_field(h: Harness, field: str, name: str, as_word: bool = False) -> Scalar:
    """A counter of the GQM state (``m.gqm``, replaced on every change)."""
    m = h.m

    def put(v: object) -> None:
        m.gqm = gqm_state(m).replace(**{field: as_bits(v, name) if as_word else as_int(v, name)})

    def get() -> object:
        value = getattr(gqm_state(m), field)
        return word(value) if as_word else value

    return Scalar(name, get, put)


def _frame_depth(h: Harness, v: object) -> None:
    depth = as_int(v, "_FrameDepth")
    if not 0 <= depth <= FRAME_DEPTH_MAX:
        raise AslError(f"_FrameDepth {depth} outside 0..{FRAME_DEPTH_MAX}")
    h.m.frame_depth = depth


def _bookkeeping(h: Harness) -> dict[str, Global]:
    """Block-control bookkeeping (asl/block/model/state/control-state.asl), the hint epoch
    (asl/arch/programming-model/execution-context.asl) and the GQM counters
    (asl/arch/programming-model/general-queue-management.asl)."""
    m = h.m
    globals_: dict[str, Global] = {
        "_FrameDepth": Scalar("_FrameDepth", lambda: m.frame_depth, lambda v: _frame_depth(h, v)),
        "_LastFrameBegin": _slot(h, "last_frame", 0, "_LastFrameBegin", None),
        "_LastFrameEnd": _slot(h, "last_frame", 1, "_LastFrameEnd", None),
        "_LastFrameSize": _slot(h, "last_frame", 2, "_LastFrameSize", 64),
        "_LastMemoryCommandAddress": _slot(h, "last_memory_command", 0, "_LastMemoryCommandAddress", 64),
        "_LastMemoryCommandSize": _slot(h, "last_memory_command", 1, "_LastMemoryCommandSize", 64),
        "_LastCrossBlockACR": _slot(h, "last_cross_block", 0, "_LastCrossBlockACR", 10),
        "_LastCrossBlockID": _slot(h, "last_cross_block", 1, "_LastCrossBlockID", 7),
        "_LastQueueLeft": _slot(h, "last_queue", 0, "_LastQueueLeft", 64),
        "_LastQueueRight": _slot(h, "last_queue", 1, "_LastQueueRight", 64),
        "_LastQueueFlags": _slot(h, "last_queue", 2, "_LastQueueFlags", 4),
        "_LastBundleHintPayload": Scalar("_LastBundleHintPayload", *_word_field(h, "hint_payload")),
        "_BundleHintEpoch": Scalar("_BundleHintEpoch", *_int_field(h, "hint_epoch")),
        "_FrameTemplate": Fixed("_FrameTemplate", frame_template(lambda: m.frame)),
        "_MemoryCopyTemplate": Fixed("_MemoryCopyTemplate", memory_copy_template(lambda: m.mcopy)),
        "_GQMReleaseEpoch": _gqm_field(h, "release_epoch", "_GQMReleaseEpoch"),
        "_LastGQMAcquireEpoch": _gqm_field(h, "acquire_epoch", "_LastGQMAcquireEpoch"),
        "_GQMEventEpoch": _gqm_field(h, "event_epoch", "_GQMEventEpoch"),
        "_LastGQMEventAddress": _gqm_field(h, "event_address", "_LastGQMEventAddress", as_word=True),
    }
    return globals_


def machine_globals(h: Harness) -> dict[str, Global]:
    """Every model global the harness maps, by name."""
    m = h.m
    out: dict[str, Global] = {
        # asl/arch/state/program-counter.asl, execution-context.asl
        "_PC": Scalar("_PC", *_word_field(h, "pc")),
        "_BPC": Scalar("_BPC", *_word_field(h, "bpc")),
        "_ReturnAddress": Scalar("_ReturnAddress", *_word_field(h, "lra")),
        "_CommitArgument": Scalar("_CommitArgument", *_word_field(h, "commit_arg")),
        "_TQueue": Fixed("_TQueue", _queue_value(h, T_BASE, "_TQueue"), _assign_queue(h, T_BASE, "_TQueue")),
        "_UQueue": Fixed("_UQueue", _queue_value(h, U_BASE, "_UQueue"), _assign_queue(h, U_BASE, "_UQueue")),
        "_TQueueValid": Fixed("_TQueueValid", _queue_valid(h, "t", "_TQueueValid"),
                              _assign_queue_valid(h, "t", "_TQueueValid")),
        "_UQueueValid": Fixed("_UQueueValid", _queue_valid(h, "u", "_UQueueValid"),
                              _assign_queue_valid(h, "u", "_UQueueValid")),
        "_LastFault": Scalar("_LastFault", lambda: h.fault, lambda v: _set_last_fault(h, v)),
        "_FaultAddress": Scalar("_FaultAddress", *_word_field(h, "fault_address")),
        "_CurrentACR": Scalar("_CurrentACR", lambda: m.acr, lambda v: m.set_acr(as_int(v, "_CurrentACR"))),
        "_Memory": Fixed("_Memory", _memory(h)),
        "_ExtendedSystemRegisters": Fixed("_ExtendedSystemRegisters", _extended(h)),
        "_SystemRegisters": Fixed("_SystemRegisters", _system_registers(h)),
        # asl/arch/memory-model/memory-events.asl
        "_MemoryEventCount": Scalar("_MemoryEventCount", lambda: len(h.events), lambda v: _set_event_count(h, v)),
        "_MemoryEvents": Fixed("_MemoryEvents", ArrayView("_MemoryEvents", 16, h.event_record)),
        "_MemoryEventCaptureEnabled": Scalar("_MemoryEventCaptureEnabled", lambda: h.capture,
                                             lambda v: setattr(h, "capture", as_bool(v, "capture"))),
        "_CurrentMemoryAgent": Scalar("_CurrentMemoryAgent", lambda: h.agent,
                                      lambda v: h.select_agent(as_int(v, "_CurrentMemoryAgent"))),
        "_LastFencePredecessor": Scalar("_LastFencePredecessor", lambda: Bits(4, m.fence_pred),
                                        lambda v: setattr(m, "fence_pred", as_bits(v, "fence", 4))),
        "_LastFenceSuccessor": Scalar("_LastFenceSuccessor", lambda: Bits(4, m.fence_succ),
                                      lambda v: setattr(m, "fence_succ", as_bits(v, "fence", 4))),
        # maintenance bookkeeping (asl/arch/programming-model/execution-context.asl)
        "_DataCacheEpoch": Scalar("_DataCacheEpoch", *_int_field(h, "dcache_epoch")),
        "_InstructionCacheEpoch": Scalar("_InstructionCacheEpoch", *_int_field(h, "icache_epoch")),
        "_BundleCacheEpoch": Scalar("_BundleCacheEpoch", *_int_field(h, "bcache_epoch")),
        "_TLBEpoch": Scalar("_TLBEpoch", *_int_field(h, "tlb_epoch")),
        "_ArchitectureRequestEpoch": Scalar("_ArchitectureRequestEpoch", *_int_field(h, "request_epoch")),
        "_ControlRequestOperand": Scalar("_ControlRequestOperand", *_word_field(h, "request_operand")),
        "_LastMaintenanceOperation": Scalar(
            "_LastMaintenanceOperation",
            lambda: Enum("Maintenance_" + _maintenance(h)[0].replace(".", "_")),
            lambda v: _set_maintenance(h, operation=v),
        ),
        "_LastMaintenanceOperand": Scalar(
            "_LastMaintenanceOperand", lambda: word(_maintenance(h)[1]),
            lambda v: _set_maintenance(h, operand=v),
        ),
        "_LastControlRequest": Scalar(
            "_LastControlRequest",
            lambda: Enum({None: "ExecutionControl_SendEvent", "BSE": "ExecutionControl_SendEvent",
                          "BWE": "ExecutionControl_WaitEvent", "BWI": "ExecutionControl_WaitInterrupt",
                          "BWT": "ExecutionControl_WaitTimeout"}[m.control_request]),
        ),
        # trap banks (asl/arch/memory-model/fault-precision.asl)
        "_ACRTrapAsynchronous": Fixed("_ACRTrapAsynchronous", _trap_status(h, 0, "_ACRTrapAsynchronous", bool, bool)),
        "_ACRTrapArgumentValid": Fixed("_ACRTrapArgumentValid",
                                       _trap_status(h, 1, "_ACRTrapArgumentValid", bool, bool)),
        "_ACRTrapCause": Fixed("_ACRTrapCause", _trap_status(h, 2, "_ACRTrapCause", lambda x: Bits(24, x),
                                                             lambda v: as_bits(v, "cause", 24))),
        "_ACRTrapNumber": Fixed("_ACRTrapNumber", _trap_status(h, 3, "_ACRTrapNumber", lambda x: Bits(6, x),
                                                               lambda v: as_bits(v, "trap number", 6))),
        "_ACRTrapArgument0": Fixed("_ACRTrapArgument0", _trap_status(h, 4, "_ACRTrapArgument0", word,
                                                                     lambda v: as_bits(v, "argument"))),
        "_TrapContexts": Fixed("_TrapContexts", ArrayView("_TrapContexts", 16, lambda r: trap_context(h, r))),
        # asl/arch/programming-model/predicate-registers.asl
        "_PredicateRegisters": Fixed("_PredicateRegisters", predicate_registers(h),
                                     lambda v: assign_predicates(h, v)),
        # block state (asl/block/model/state/*.asl)
        "_BundleActive": Scalar("_BundleActive", lambda: bool(m.blk), lambda v: _set_bundle_active(h, v)),
        "_BundleBodyActive": _body_active(h),
        "_BARG": Fixed("_BARG", _barg(h)),
        "_BundleSequentialPC": Scalar("_BundleSequentialPC", *_word_field(h, "bseq")),
        "_FrameStackReturnTarget": Scalar("_FrameStackReturnTarget", *_word_field(h, "frame_ret")),
        "_BundleCommitTargetSet": Scalar("_BundleCommitTargetSet", *_bool_field(h, "tgt_set")),
        "_BundleConditionSet": Scalar("_BundleConditionSet", *_bool_field(h, "cond_set")),
        "_SystemBlockTerminalPending": Scalar("_SystemBlockTerminalPending", *_bool_field(h, "sys_pending")),
    }
    out.update(_reservation(h))
    out.update(header_globals(h))
    out.update(_bookkeeping(h))
    out.update(block_globals(h))
    out.update(tile_globals(TileFiles(lambda: h.m.tiles, lambda f: setattr(h.m, "tiles", f))))
    return out


__all__ = ["FAULT_NONE", "MASK64", "machine_globals"]
