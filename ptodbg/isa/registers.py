"""Register names and Reg5 codes: the ISA's naming of the scalar register file.

GPR ABI names follow ADR-0076 (``docs/status/decisions/0076-block-scalar-and-tile-bindings.md``).  The 5-bit Reg5 selector means different
things as a source and as a destination (``asl/scalar/model/types/operands.asl``):
sources 0..23 read the GPRs (0 reads zero), 24..27 T#1..T#4 and 28..31 U#1..U#4;
destinations 1..23 write a GPR, 31 pushes T, 30 pushes U and the rest discard.  The
assembler, the disassembler and the machine all name registers from here.
"""

from __future__ import annotations

GPR_NAMES: tuple[str, ...] = (
    "zero", "sp", "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "ra",
    "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "x0", "x1", "x2", "x3",
)
GPR_COUNT = 24
RA = 10  # R10: SETRET-family and CALL block starts write it (architectural)
T_BASE = 24  # Reg5 source codes 24..27 read T#1..T#4
U_BASE = 28  # Reg5 source codes 28..31 read U#1..U#4
PUSH_U = 30  # destination code 30 pushes U
PUSH_T = 31  # destination code 31 pushes T

# Every spelling of a GPR the debugger accepts: ABI names, r0..r23 and fp (= s0).
REG_INDEX: dict[str, int] = {name: i for i, name in enumerate(GPR_NAMES)}
REG_INDEX.update({f"r{i}": i for i in range(GPR_COUNT)})
REG_INDEX["fp"] = REG_INDEX["s0"]
