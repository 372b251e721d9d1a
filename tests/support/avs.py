"""A harness shaped like the pto-spec AVS tests (``tests/asl/**``).

AVS tests start from ``ResetProfileState()`` (the reference profile, 4096 bytes), poke
state, then call ``ExecuteScalarInstruction(instruction, length)`` on an instruction
*value* that is not fetched from memory.  :func:`fresh` and :func:`run_word` do the same
with ptodbg's machine, and :func:`word` builds an instruction value the way the AVS files
do: start from a match value and set bit ranges (``instruction[19:15] = 24``).
"""

from __future__ import annotations

from ptodbg.core import Machine, StepResult, reference


def fresh(memory_bytes: int = 4096) -> Machine:
    """ResetProfileState(): a reset reference-profile machine."""
    return Machine(reference(memory_bytes))


def word(base: int, *ranges: tuple[int, int, int]) -> int:
    """``base`` with each (hi, lo, value) range written, as ``instruction[hi:lo] = value``."""
    value = base
    for hi, lo, v in ranges:
        width = hi - lo + 1
        mask = ((1 << width) - 1) << lo
        value = (value & ~mask) | ((v << lo) & mask)
    return value


def run_word(m: Machine, insn: int, length: int = 32) -> StepResult:
    """ExecuteScalarInstruction / ExecutePTOInstruction on the machine's current state."""
    return m.execute(insn, length)


def fill(m: Machine, address: int, data: bytes) -> None:
    """WriteMemoryByte for a run of bytes (no events, no side effects)."""
    m.mem.poke(address, data)
