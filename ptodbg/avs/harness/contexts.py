"""Saved trap contexts, the restartable templates and the predicate registers as the
model's records (``asl/arch/data-types/trap-context.asl``, ``asl/block/model/state/types.asl``).

``_TrapContexts[[n]]`` is ptodbg's bank n: the EBARG/ECSTATE context registers for the
fields the architecture also saves there (TPC, BPC, source ACR, the control word), and the
saved record :class:`~ptodbg.core.traps.SavedContext` for the rest (its valid flag, the
block markers, the header, the templates, the queue valid bits, the predicates).  The
template records are views of ``m.frame`` / ``m.mcopy`` (a tuple while a template is
active, None when not): the live ones (``_FrameTemplate``, ``_MemoryCopyTemplate``) and the
saved ones alike.
"""

from __future__ import annotations

from collections.abc import Callable

from ptodbg.avs.convert import as_bits, as_bool, as_int, word
from ptodbg.avs.harness import header_state
from ptodbg.avs.harness.state import KIND_ENUM, TRANSFER_ENUM, Harness
from ptodbg.avs.harness.tile_block import block_globals, saved_bundle_operation, saved_tile_bindings
from ptodbg.avs.harness.views import ArrayView, RecordView
from ptodbg.avs.values import Array, AslError, Bits, Enum, Unsupported
from ptodbg.core import sysregs as ssr
from ptodbg.core.machine import PRED_COUNT, PRED_MASK
from ptodbg.core.semantics.templates import FrameTemplate
from ptodbg.core.traps import EMPTY_CONTEXT, SavedContext

_FRAME_KINDS = ("FrameTemplate_Entry", "FrameTemplate_Exit", "FrameTemplate_ReturnAddress",
                "FrameTemplate_ReturnStack")


def _bits_of(width: int, count: int, values: tuple[int, ...]) -> Array:
    return Array(count, [Bits(width, v) for v in values])


# ------------------------------------------------------------------ templates
def frame_template(get: Callable[[], FrameTemplate | None]) -> RecordView:
    """FrameTemplateState over a frame template tuple (None: not active, every field zero)."""
    def field(read: Callable[[FrameTemplate], object], idle: object) -> tuple:
        def value() -> object:
            t = get()
            return idle if t is None else read(t)

        return (value, None)

    return RecordView("FrameTemplateState", {
        "active": (lambda: get() is not None, None),
        "kind": field(lambda t: Enum(_FRAME_KINDS[t.kind]), Enum(_FRAME_KINDS[0])),
        "instruction_pc": field(lambda t: word(t.pc), word(0)),
        "begin_reg": field(lambda t: t.begin, 0),
        "end_reg": field(lambda t: t.end, 0),
        "register_count": field(lambda t: t.count, 0),
        "frame_size": field(lambda t: word(t.size), word(0)),
        "caller_sp": field(lambda t: word(t.caller_sp), word(0)),
        "stack_adjusted": field(lambda t: t.adjusted, False),
        "progress": field(lambda t: t.progress, 0),
        "return_target": field(lambda t: word(t.target), word(0)),
        "return_target_valid": field(lambda t: t.target_valid, False),
        "source_values": field(lambda t: Array(22, [word(v) for v in t.values] + [word(0)] * (22 - len(t.values))),
                               Array(22, [word(0)] * 22)),
    })


def memory_copy_template(get: Callable[[], tuple | None]) -> RecordView:
    """MemoryCopyTemplateState over ``m.mcopy`` = (instruction PC, destination, source,
    length, progress), None when no MCOPY is active."""
    def field(slot: int) -> tuple:
        def value() -> object:
            t = get()
            return word(0 if t is None else t[slot])

        return (value, None)

    return RecordView("MemoryCopyTemplateState", {
        "active": (lambda: get() is not None, None),
        "instruction_pc": field(0),
        "destination": field(1),
        "source": field(2),
        "length": field(3),
        "progress": field(4),
    })


# ------------------------------------------------------------------ predicates
def predicate_registers(h: Harness) -> ArrayView:
    """_PredicateRegisters: the register file itself (P0's slot included; ReadPredicateRegister
    is what makes P0 read as all ones)."""
    m = h.m

    def get(i: int) -> object:
        return Bits(32, m.preds[i])

    def put(i: int, v: object) -> None:
        preds = list(m.preds)
        preds[i] = as_bits(v, "_PredicateRegisters[[...]]", 32)
        m.preds = tuple(preds)

    return ArrayView("_PredicateRegisters", PRED_COUNT, get, put)


def assign_predicates(h: Harness, value: object) -> None:
    if not isinstance(value, Array) or value.length != PRED_COUNT:
        raise AslError("type error: _PredicateRegisters = a value that is not an array of 8 predicates")
    h.m.preds = tuple(as_bits(value.get_item(i), "a predicate", 32) & PRED_MASK for i in range(PRED_COUNT))


# --------------------------------------------------------------- trap contexts
class _SavedBlock:
    """A saved record's header as the block state the operation views read
    (:func:`.tile_block.block_globals` over it): ``m.header`` is the record's, read-only."""

    __slots__ = ("m",)

    def __init__(self, record: Callable[[], SavedContext]) -> None:
        object.__setattr__(self, "m", _SavedHeader(record))


class _SavedHeader:
    __slots__ = ("_record",)

    def __init__(self, record: Callable[[], SavedContext]) -> None:
        object.__setattr__(self, "_record", record)

    @property
    def header(self) -> tuple:
        return self._record().header

    def __setattr__(self, name: str, value: object) -> None:
        raise Unsupported("assignment to a leaf of a saved trap context's block state")


def trap_context(h: Harness, ring: int) -> RecordView:
    """_TrapContexts[[ring]] over ptodbg's bank ``ring``."""
    m = h.m

    def record():  # noqa: ANN202 - SavedContext
        return m.context(ring)

    def ctx(low: int) -> tuple:
        return (lambda: word(m.ctx(ring, low)),
                lambda v: m.write_sysreg((ring << 12) | low, as_bits(v, f"_TrapContexts[[{ring}]]")))

    def control_bit(bit: int) -> tuple:
        return (lambda: bool(m.ctx(ring, ssr.EBARG0) >> bit & 1), None)

    def saved(attr: str, convert: Callable[[object], object] = lambda x: x) -> tuple:
        return (lambda: convert(getattr(record(), attr)), None)

    def set_valid(v: object) -> None:
        m.saved[ring] = record().replace(valid=as_bool(v, f"_TrapContexts[[{ring}]].valid"))

    def set_source(v: object) -> None:
        source = as_int(v, "source_acr")
        if not 0 <= source < 16:
            raise AslError(f"source_acr {source} outside 0..15")
        control = m.ctx(ring, ssr.EBARG0)
        m.write_sysreg((ring << 12) | ssr.EBARG0, control & ~0xF | source)

    def queue(base_low: int) -> tuple:
        return (lambda: Array(4, [word(m.ctx(ring, base_low + k)) for k in range(4)]), None)

    def queue_valid(attr: str) -> tuple:
        return (lambda: Array(4, [bool(getattr(record(), attr) >> k & 1) for k in range(4)]), None)

    def saved_header() -> header_state.Header:
        return header_state.Header(lambda: record().header, None)

    barg = RecordView("BundleArgumentRegister", {
        "block_type": (lambda: Enum(KIND_ENUM.get((m.ctx(ring, ssr.EBARG0) >> 7) & 0xF, "BundleKind_Standard")), None),
        "transfer_type": (lambda: Enum(TRANSFER_ENUM[min((m.ctx(ring, ssr.EBARG0) >> 11) & 7, 6)]), None),
        "taken": control_bit(14),
        "bpcn": ctx(ssr.EBARG_BPC_TGT),
    })
    hdr = saved_header()
    operation_state = block_globals(_SavedBlock(record))  # type: ignore[arg-type]

    def leaf(name: str) -> tuple:
        return (operation_state[name].get, None)

    return RecordView(f"_TrapContexts[[{ring}]]", {
        "valid": (lambda: m.context_valid(ring), set_valid),
        "source_acr": (lambda: m.ctx(ring, ssr.EBARG0) & 0xF, set_source),
        "tpc": ctx(ssr.EBARG_TPC),
        "bpc": ctx(ssr.EBARG_BPC_CUR),
        "return_address": ctx(ssr.EBARG_LRA),
        "bundle_active": control_bit(5),
        "bundle_body_active": control_bit(6),
        "barg": (lambda: barg, None),
        "core_state": saved("core_state", word),
        "commit_argument": saved("commit_arg", word),
        "bundle_commit_target_set": saved("tgt_set", bool),
        "bundle_condition_set": saved("cond_set", bool),
        "system_block_terminal_pending": saved("sys_pending", bool),
        "bundle_sequential_pc": saved("bseq", word),
        "frame_stack_return_target": saved("frame_ret", word),
        "bundle_tile_bindings": saved("header", saved_tile_bindings),
        "bundle_scalar_bindings": leaf("_BundleScalarBindings"),
        "bundle_shared_bindings": leaf("_BundleSharedBindings"),
        "bundle_zero_participation_seen": leaf("_BundleZeroParticipationSeen"),
        "bundle_data_attributes": leaf("_BundleDataAttributes"),
        "bundle_data_attributes_present": leaf("_BundleDataAttributesPresent"),
        "bundle_fixed_point_attributes": leaf("_BundleFixedPointAttributes"),
        "bundle_operation": (lambda: saved_bundle_operation(record().header, record().bdesc), None),
        "bundle_argument": (lambda: header_state.bundle_argument(hdr), None),
        "bundle_argument_kind": (lambda: header_state.bundle_argument_kind(hdr), None),
        "bundle_control_attributes": (lambda: header_state.control_attributes(hdr), None),
        "bundle_dimensions": (lambda: header_state.dimensions(hdr), None),
        "bundle_dimension_present": (lambda: header_state.dimension_present(hdr), None),
        "bundle_hint": (lambda: header_state.hint(hdr), None),
        "frame_template": (lambda: frame_template(lambda: record().frame), None),
        "memory_copy_template": (lambda: memory_copy_template(lambda: record().mcopy), None),
        "t_queue": queue(ssr.EBARG_TQ0),
        "u_queue": queue(ssr.EBARG_UQ0),
        "t_queue_valid": queue_valid("t_valid"),
        "u_queue_valid": queue_valid("u_valid"),
        "predicates": saved("preds", lambda p: _bits_of(32, PRED_COUNT, p)),  # type: ignore[arg-type]
    })


__all__ = ["EMPTY_CONTEXT", "assign_predicates", "frame_template", "memory_copy_template", "predicate_registers",
           "trap_context"]
