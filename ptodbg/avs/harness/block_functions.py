"""The spec's block lifecycle functions, mapped onto ptodbg's block state.

ptodbg's block commands are built from the same pieces the harness uses here
(:func:`ptodbg.core.semantics.blocks.begin_block` is BeginBundleAt's state effect,
:func:`~ptodbg.core.semantics.blocks.complete_block` CompleteBundleAt's), so a block a test
opens by hand is the block a BSTART would have opened.
"""

from __future__ import annotations

from ptodbg.avs.convert import as_bits, as_bool, as_int, word
from ptodbg.avs.harness import header_state
from ptodbg.avs.harness.header_state import DIMENSIONS, set_control_attributes
from ptodbg.avs.harness.machine_functions import set_fault_with_cause
from ptodbg.avs.harness.registry import spec_function
from ptodbg.avs.harness.state import FAULT_NONE, Harness, kind_code, transfer_code
from ptodbg.avs.harness.tile_block import operation
from ptodbg.avs.values import AssertionFailed, Enum
from ptodbg.core.faults import Fault
from ptodbg.core.semantics.blocks import begin_block, commit_pc, complete_block
from ptodbg.core.state import FALL, KIND_FP, KIND_STD
from ptodbg.core.traps import EMPTY_CONTEXT

_BUNDLE_CONTROL = Enum("Fault_BundleControl")
_INSTRUCTION_PC = Enum("Fault_InstructionPC")


def _begin(h: Harness, start: int, kind: object, transfer: object, target: object, sequential: object,
           return_target: object, taken: object) -> None:
    m = h.m
    k, t = kind_code(kind), transfer_code(transfer)
    tgt = as_bits(target, "the target")
    seq = as_bits(sequential, "the sequential PC")
    ret = as_bits(return_target, "the return target")
    tk = as_bool(taken, "taken")
    if m.blk:
        set_fault_with_cause(h, _BUNDLE_CONTROL, word(m.pc), 0)
        return
    if tgt & 1:
        set_fault_with_cause(h, _INSTRUCTION_PC, word(tgt), 0)
        return
    begin_block(m, start, k, t, tgt, seq, ret)
    if k != 2:  # the model installs the given TAKEN; ptodbg's BSTARTs derive it from the type
        m.taken = tk
    m.pc = seq


@spec_function("BeginBundle", "asl/block/model/lifecycle/begin.asl")
def begin_bundle(h: Harness, kind: object, transfer: object, target: object, sequential: object,
                 return_target: object, taken: object) -> None:
    _begin(h, h.m.pc, kind, transfer, target, sequential, return_target, taken)


@spec_function("BeginBundleAt", "asl/block/model/lifecycle/begin.asl")
def begin_bundle_at(h: Harness, start: object, kind: object, transfer: object, target: object,
                    sequential: object, return_target: object, taken: object) -> None:
    _begin(h, as_bits(start, "the start PC"), kind, transfer, target, sequential, return_target, taken)


@spec_function("EnterBundleBody", "asl/block/model/lifecycle/enter-stop.asl")
def enter_bundle_body(h: Harness) -> None:
    m = h.m
    if not m.blk:
        set_fault_with_cause(h, _BUNDLE_CONTROL, word(m.pc), 0)
    else:
        m.hdr_end = None


def _stop(h: Harness, continuation: int) -> None:
    m = h.m
    pc = m.pc
    try:
        m.pc = complete_block(m, pc, continuation)
    except Fault as f:
        if f.resume is not None:  # B.CATR trap: committed, then the post-commit trap
            m.pc = f.resume
            set_fault_with_cause(h, Enum("Fault_BundlePostCommit"), word(f.arg), 0)
            return
        set_fault_with_cause(h, Enum({5: "Fault_BundleControl", 32: "Fault_InstructionPC"}[f.number]),
                             word(f.arg), 0)
        return


@spec_function("StopBundle", "asl/block/model/lifecycle/enter-stop.asl")
def stop_bundle(h: Harness) -> None:
    m = h.m
    if not m.blk:
        set_fault_with_cause(h, _BUNDLE_CONTROL, word(m.pc), 0)
        return
    _stop(h, m.bseq)


@spec_function("StopBundleAt", "asl/block/model/lifecycle/enter-stop.asl")
def stop_bundle_at(h: Harness, continuation: object) -> None:
    _stop(h, as_bits(continuation, "the continuation"))


@spec_function("CompleteBundleAt", "asl/block/model/commit/validation.asl")
def complete_bundle_at(h: Harness, continuation: object) -> bool:
    """ptodbg's complete_block (the BSTOP commit); TRUE when it committed cleanly."""
    _stop(h, as_bits(continuation, "the continuation"))
    return h.fault == FAULT_NONE


@spec_function("SetBundleDimension", "asl/block/model/schema/dimensions.asl")
def set_bundle_dimension(h: Harness, index: object, value: object) -> None:
    i = as_int(index, "a dimension index")
    if not 0 <= i < DIMENSIONS:
        raise AssertionFailed(f"dimension index {i} outside 0..{DIMENSIONS - 1}")
    key = f"lb{i}"
    if any(k == key for k, _ in h.m.header):
        set_fault_with_cause(h, _BUNDLE_CONTROL, word(h.m.pc), 0)
        return
    h.m.header = (*h.m.header, (key, as_bits(value, "the dimension")))


@spec_function("SetBundleControlAttributeState", "asl/block/model/schema/attributes.asl")
def set_bundle_control_attribute_state(h: Harness, trap: object, atomic: object, acquire: object,
                                       release: object, far: object, dr: object) -> None:
    set_control_attributes(h, *(as_bool(x, "an attribute") for x in (trap, atomic, acquire, release, far, dr)))


@spec_function("SetCommitTarget", "asl/scalar/model/sys/semantics.asl")
def set_commit_target(h: Harness, value: object) -> None:
    """SETC.TGT's effect: BPCN := value in an open STD or FP block, else BUNDLE_TRAP."""
    m = h.m
    v = as_bits(value, "the target")
    if not m.blk or m.bkind not in (KIND_STD, KIND_FP):
        set_fault_with_cause(h, _BUNDLE_CONTROL, word(m.pc), 0)
        return
    m.bpcn = v


@spec_function("SetCompressedCommitTarget", "asl/scalar/model/sys/semantics.asl")
def set_compressed_commit_target(h: Harness, value: object) -> None:
    m = h.m
    v = as_bits(value, "the target")
    if not m.blk or m.bkind not in (KIND_STD, KIND_FP) or m.tgt_set:
        set_fault_with_cause(h, _BUNDLE_CONTROL, word(m.pc), 0)
        return
    m.bpcn = v
    m.tgt_set = True


@spec_function("BundleIsActive", "asl/block/model/state/control-state.asl")
def bundle_is_active(h: Harness) -> bool:
    return bool(h.m.blk)


@spec_function("BundleBodyIsActive", "asl/block/model/state/control-state.asl")
def bundle_body_is_active(h: Harness) -> bool:
    return bool(h.m.body_active)


@spec_function("BARGCommitPC", "asl/block/model/state/barg.asl")
def barg_commit_pc(h: Harness, continuation: object) -> object:
    return word(commit_pc(h.m, as_bits(continuation, "the continuation")))


@spec_function("ResetBundleControlState", "asl/block/model/lifecycle/reset.asl")
def reset_bundle_control_state(h: Harness) -> None:
    """No block, canonical BARG, empty header, no templates, zeroed block bookkeeping, and
    every trap bank's record invalid, holding the queue valid bits and predicates of now
    (the model copies them into each record here)."""
    m = h.m
    m.blk = False
    m.bkind, m.btype, m.taken, m.bpcn, m.bseq, m.frame_ret = KIND_STD, FALL, False, 0, 0, 0
    m.cond_set = m.tgt_set = m.sys_pending = False
    m.header = ()
    m.bdesc = None
    m.hdr_end = None
    m.mcopy = m.frame = None
    m.frame_depth = 0
    m.last_frame = (0, 0, 0)
    m.last_queue = (0, 0, 0)
    m.last_memory_command = (0, 0)
    m.last_cross_block = (0, 0)
    m.hint_payload = 0
    record = EMPTY_CONTEXT.replace(t_valid=m.t_valid, u_valid=m.u_valid, preds=m.preds)
    m.saved[:] = [record] * 16


@spec_function("SetBundleArgument", "asl/block/model/operands/scalar-bindings.asl")
def set_bundle_argument(h: Harness, value: object) -> None:
    """_BundleArgument := value with kind 001, and CommitArgument := value."""
    v = as_bits(value, "the bundle argument")
    header_state.set_bundle_argument(h, v, 1)
    h.m.commit_arg = v


@spec_function("SetBundleArgumentKind", "asl/block/model/operands/scalar-bindings.asl")
def set_bundle_argument_kind(h: Harness, kind: object, value: object) -> None:
    v = as_bits(value, "the bundle argument")
    header_state.set_bundle_argument(h, v, as_bits(kind, "the argument kind", 3))
    h.m.commit_arg = v


@spec_function("BundleOperationGPRInputSelector", "asl/block/model/dispatch/scalar-schema.asl")
def bundle_operation_gpr_input_selector(h: Harness, slot: object) -> int:
    """The GPR B.IOR's binding 0 names for source ``slot`` (0 when the block has none)."""
    k = as_int(slot, "the slot")
    if not 0 <= k <= 2:
        raise AssertionFailed(f"GPR input slot {k} outside 0..2")
    scalar = operation(h).scalar
    return 0 if scalar is None else (scalar.source0, scalar.source1, scalar.source2)[k]
