"""Spec model functions that are one instruction's effect, run through that instruction's
ptodbg semantics.

``FenceData(pred, succ)`` is what FENCE.D does once placement is checked; ``ExecuteSetCommit``
is SETC.<cond> on two prepared values.  The harness builds ptodbg's handler for the form
(:func:`ptodbg.core.semantics.builders`, the same builders the machine uses) and runs it at
the current TPC: no placement check, no TPC or cycle change, as the model function has
none.  Operand values travel in GPRs x1..x3, which are put back afterwards.
"""

from __future__ import annotations

from ptodbg.avs.harness.machine_functions import set_fault_with_cause
from ptodbg.avs.harness.registry import spec_function
from ptodbg.avs.harness.state import TRAP_FAULT, Harness, as_bits, as_bool, enum_name, word
from ptodbg.avs.values import AslError, Enum
from ptodbg.core.faults import Fault
from ptodbg.core.semantics import builders
from ptodbg.isa.forms import SCALAR_FORMS

_FORM = {f.mnemonic: f for f in SCALAR_FORMS}
_SCRATCH = (21, 22, 23)  # x1..x3


def run_semantics(h: Harness, mnemonic: str, fields: dict[str, int], operands: tuple[int, ...] = ()) -> None:
    """ptodbg's handler of ``mnemonic`` on the live machine, operands in x1..x3."""
    m = h.machine_ready()
    form = _FORM[mnemonic]
    saved = [m.r[code] for code in _SCRATCH]
    for code, value in zip(_SCRATCH, operands, strict=False):
        m.r[code] = value
    values = {f.name: 0 for f in form.fields}
    values.update(fields)
    mem = m.mem
    mem.set_capture(True)
    mem.events = []
    try:
        builders()[mnemonic](m, form, values, m.pc, form.length)(m.pc)
    except Fault as f:
        set_fault_with_cause(h, Enum(TRAP_FAULT[f.number]), word(f.arg), f.cause)
    finally:
        events = mem.events
        mem.events = []
        mem.set_capture(False)
        for code, value in zip(_SCRATCH, saved, strict=True):
            m.r[code] = value
    h.record(events)


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
