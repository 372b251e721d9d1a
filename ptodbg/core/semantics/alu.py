"""Integer ALU forms (``asl/scalar/model/alu/semantics.asl``, ``dispatch/alu.asl``).

Value rules: all arithmetic wraps mod 2^64; W forms compute on the low 32 bits and
sign-extend (ScalarBinaryW); shifts use SrcR[5:0] (W: [4:0]); division by zero gives
quotient 0 and remainder = dividend (CORE.md §7.15).  ADDI/SUBI immediates are unsigned
(§7.16).  The right-operand modifier of the binary forms is SrcRType: 00 sign-extend the
low word, 01 zero-extend it, 10 negate (ADD/SUB) or NOT (AND/OR/XOR), 11 none (§7.17),
applied before ``<< shamt``.

The hottest forms have closures specialised for a GPR destination, so the step loop pays
one call and no destination dispatch; other destinations go through
:func:`~ptodbg.core.semantics.writer`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ptodbg.core.semantics import MASK64, semantic, writer

if TYPE_CHECKING:
    from ptodbg.core.machine import Handler, Machine
    from ptodbg.isa.forms import Form

M = MASK64


def _sx32(x: int) -> int:
    x &= 0xFFFFFFFF
    return x | ~0xFFFFFFFF & M if x & 0x80000000 else x


def _imm_op(m: Machine, d: int, s: int, size: int, fn: Callable[[int], int]) -> Handler:
    """Handler for Rd <- fn(SrcL)."""
    r = m.r
    if 0 < d < 24:

        def h(pc: int) -> int:
            r[d] = fn(r[s])
            return pc + size

        return h
    w = writer(m, d)

    def hw(pc: int) -> int:
        w(fn(r[s]))
        return pc + size

    return hw


@semantic("ADDI", "HL.ADDI")
def addi(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    d, s = v["RegDst"], v["SrcL"]
    imm = v.get("uimm12", v.get("uimm24"))
    size = length // 8
    r = m.r
    if 0 < d < 24:

        def h(pc: int) -> int:
            r[d] = (r[s] + imm) & M
            return pc + size

        return h
    return _imm_op(m, d, s, size, lambda a: (a + imm) & M)


@semantic("ADD")
def add(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    d, s, t, mod, sh = v["RegDst"], v["SrcL"], v["SrcR"], v["SrcRType"], v["shamt"]
    r = m.r
    if mod == 3 and 0 < d < 24:
        if sh == 0:

            def h(pc: int) -> int:
                r[d] = (r[s] + r[t]) & M
                return pc + 4

            return h

        def hs(pc: int) -> int:
            r[d] = (r[s] + (r[t] << sh)) & M
            return pc + 4

        return hs
    right = _right_modifier(mod, sh, logical=False)
    w = writer(m, d)

    def hg(pc: int) -> int:
        w((r[s] + right(r[t])) & M)
        return pc + 4

    return hg


def _right_modifier(mod: int, sh: int, logical: bool) -> Callable[[int], int]:
    """PrepareScalarRight for the binary ALU family (SrcRType, then << shamt)."""
    if mod == 0:
        return lambda x: (_sx32(x) << sh) & M
    if mod == 1:
        return lambda x: ((x & 0xFFFFFFFF) << sh) & M
    if mod == 2:
        if logical:
            return lambda x: ((~x & M) << sh) & M
        return lambda x: ((-x & M) << sh) & M
    return lambda x: (x << sh) & M
