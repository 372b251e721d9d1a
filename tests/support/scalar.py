"""Running one scalar form by name on a reference-profile machine, for the per-family
conformance tests (ALU, BRU): the form's encoding comes from ptodbg's table, the value is
executed as the AVS files execute theirs (:mod:`support.avs`)."""

from __future__ import annotations

from ptodbg.core import Machine
from ptodbg.isa.forms import SCALAR_FORMS
from support.avs import fresh, run_word

M = (1 << 64) - 1  # a register's bits
SCALAR = {f.mnemonic: f for f in SCALAR_FORMS}


def insn(name: str, **fields: int) -> tuple[int, int]:
    """(instruction value, length in bits) of scalar form ``name`` with ``fields``."""
    f = SCALAR[name]
    return f.encode(fields), f.length


def run(m: Machine, name: str, **fields: int):
    """Execute scalar form ``name`` with ``fields`` on ``m``'s current state (as the AVS
    files' ExecuteScalarInstruction does: the instruction is not fetched)."""
    value, length = insn(name, **fields)
    res = run_word(m, value, length)
    assert res.form is not None and res.form.mnemonic == name
    return res


def neg(x: int) -> int:
    """-x as a 64-bit register holds it."""
    return -x & M


def machine(pc: int = 0x100, **regs: int) -> Machine:
    """A reset reference-profile machine at ``pc`` with registers set by number
    (``r3=5``)."""
    m = fresh()
    m.pc = pc
    for name, value in regs.items():
        m.r[int(name[1:])] = value & M
    return m
