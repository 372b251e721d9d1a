"""``InstructionContract<Property>_<COMMAND>`` functions of the block commands, measured on
ptodbg (``asl/block/**/<MNEMONIC>.asl``).

As for the scalar contracts (:mod:`.contracts`), a property is either a fact of ptodbg's
encoding table (which BrType codes C.BSTART.STD accepts) or what ptodbg does when it runs
the command on a private reference-profile machine: the dimension register C.B.DIMI's
LoopNest selects and the value it records, the target C.BSTART installs, the block kind
and transfer a BSTART opens, whether XB executes and whether its rejection leaves the
state as it was.
"""

from __future__ import annotations

from collections.abc import Callable

from ptodbg.avs.convert import as_bits, word
from ptodbg.avs.harness.contracts import scratch_machine
from ptodbg.avs.harness.state import KIND_ENUM, TRANSFER_ENUM, Harness
from ptodbg.avs.values import AssertionFailed, Enum, Unsupported
from ptodbg.core import Machine
from ptodbg.core.semantics.blocks import begin_block
from ptodbg.core.snapshot import MOVING_FIELDS
from ptodbg.core.state import FALL, KIND_STD
from ptodbg.isa.forms import Form

_PC = 0x1000


def run_command(form: Form, fields: dict[str, int], pc: int = _PC, in_block: bool = False) -> tuple[Machine, object]:
    """One attempt of ``form`` at ``pc`` on the private machine: the machine and the
    attempt's result.  ``in_block``: at the header end of an open STD FALL block whose
    BPCN is ``pc`` (a header command's place; a BSTART there retires that block, whose
    commit continues at the BSTART, so the new block opens, and an IND/ICALL one has the
    retiring BPCN it needs)."""
    m = scratch_machine(pc)
    if in_block:
        begin_block(m, pc - 4, KIND_STD, FALL, pc, pc, pc)
    values = {f.name: 0 for f in form.fields}
    values.update(fields)
    return m, m.execute(form.encode(values), form.length)


def _executed(form: Form, fields: dict[str, int], pc: int = _PC, in_block: bool = False) -> Machine:
    m, res = run_command(form, fields, pc, in_block)
    if res.kind != "executed":  # type: ignore[attr-defined]
        raise AssertionFailed(f"ptodbg's {form.mnemonic} did not execute for its contract")
    return m


def _dimension_item(form: Form, fields: dict[str, int]) -> tuple[int, int]:
    """(dimension index, value) of the one dimension item the command records."""
    m = _executed(form, fields, in_block=True)
    items = [(int(k[2:]), v) for k, v in m.header if k.startswith("lb")]
    if len(items) != 1:
        raise AssertionFailed(f"ptodbg's {form.mnemonic} recorded {len(items)} dimensions")
    return items[0]


def _dimension(h: Harness, form: Form, code: object) -> int:
    return _dimension_item(form, {"LoopNest": as_bits(code, "LoopNest", 2)})[0]


def _value(h: Harness, form: Form, immediate: object) -> object:
    return word(_dimension_item(form, {"imm8": as_bits(immediate, "imm8", 8)})[1])


def _target(h: Harness, form: Form, pc: object, offset: object) -> object:
    """The BPCN a PC-relative BSTART at ``pc`` installs for the offset field value."""
    field = next(f for f in form.fields if f.name.startswith("simm"))
    m = _executed(form, {field.name: as_bits(offset, "the offset", field.width)}, as_bits(pc, "the PC"))
    return word(m.bpcn)


def _branch_type_legal(h: Harness, form: Form, code: object) -> bool:
    value = as_bits(code, "BrType", 3)
    return all(c.holds(value) for c in form.constraints if c.field == "BrType")


def _transfer(h: Harness, form: Form, code: object) -> object:
    m = _executed(form, {"BrType": as_bits(code, "BrType", 3)}, in_block=True)
    return Enum(TRANSFER_ENUM[m.btype])


def _kind(h: Harness, form: Form) -> object:
    return Enum(KIND_ENUM[_executed(form, {}).bkind])


def _supported(h: Harness, form: Form) -> bool:
    """Whether ptodbg executes the command (a reserved one raises ILLEGAL_INST)."""
    _m, res = run_command(form, {})
    return res.trap is None  # type: ignore[attr-defined]


# Block state and the block bookkeeping a command could change (everything but the PC).
_BLOCK_STATE = (*(f for f in MOVING_FIELDS if f != "pc"), "frame_depth", "last_frame", "last_memory_command",
                "hint_payload", "hint_epoch", "last_queue", "last_cross_block")


def _rejects_before_effects(h: Harness, form: Form) -> bool:
    """Whether a rejected attempt leaves registers, block state and memory events as
    they were (only the trap entry happens)."""
    m = scratch_machine(_PC)
    before = (list(m.r), tuple(getattr(m, f) for f in _BLOCK_STATE))
    values = {f.name: 0 for f in form.fields}
    res = m.execute(form.encode(values), form.length)
    if res.trap is None:
        raise Unsupported(f"{form.mnemonic} executes: it rejects nothing")
    after = (list(m.r), tuple(getattr(m, f) for f in _BLOCK_STATE))
    return before == after and not res.events and m.ctx(m.acr, 0xF43) == _PC


COMMAND_PROPERTIES: dict[str, Callable] = {
    "Dimension": _dimension,
    "Value": _value,
    "Target": _target,
    "BranchTypeLegal": _branch_type_legal,
    "Transfer": _transfer,
    "Kind": _kind,
    "Supported": _supported,
    "RejectsBeforeEffects": _rejects_before_effects,
}


def command_bundle_transfer(form: Form) -> object:
    """CommandBundleTransferOfForm: the transfer of the block the BSTART form opens."""
    fields = {f.name: next(iter(sorted(c.allowed)), 0) for c in form.constraints if c.allowed
              for f in form.fields if f.name == c.field}
    m, res = run_command(form, fields, in_block=True)
    if res.trap is not None or not m.blk:  # type: ignore[attr-defined]
        raise Unsupported(f"{form.mnemonic} opens no block: no transfer of its own")
    return Enum(TRANSFER_ENUM[m.btype])
