"""Compare, condition setters, jumps and return-address forms
(``asl/scalar/model/bru/semantics.asl``, ``dispatch/bru.asl``), plus the commit-target
setters SETC.TGT / C.SETC.TGT (``asl/scalar/model/sys/semantics.asl`` SetCommitTarget)
and the SETRET family's compressed form C.SETRET (catalog family ALU).

Value rules:

* Conditions compare the full 64-bit values (LT/GE signed, LTU/GEU unsigned).  Register
  forms apply the comparison modifier SrcRType (DecodeScalarComparisonRightModifier):
  00 none, 01 sign-extend the low word, 10 zero-extend it, 11 negate-or-not, which the
  ordered/equality compares ignore (ApplyRestrictedCompareModifier) and the logical
  .AND/.OR forms apply as NOT.
* Immediate compares: signed immediates are sign-extended, the LTUI/GEUI ones
  zero-extended; SETC immediates are shifted left by shamt (ExecuteDecodedSetCommit*).
* SETC.* write CommitArgument (0/1) and TAKEN and mark the block's condition as set
  (ExecuteSetCommit); the placement rule makes sure it is the first one in a COND block.
* C.CMP.EQI/NEI read T#1 without an availability check (CORE.md §7.5) and push T.
* J: TPC + 2*simm22.  JR: Reg5(SrcL) + 2*simm12, an odd target raises INST_PC_FAULT with
  the target as argument, before any effect.  SETRET-family: R10 and the block-local
  return address LRA := TPC + 2*zext(imm); not a jump.  ADDTPC: Rd := TPC + (sext(imm)
  << 12) (CORE.md §7.7).

The hot forms (CMP.*, SETC.*, J, JR, C.SETRET) are single closures for a GPR destination.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ptodbg.core.faults import INST_PC_FAULT, Fault
from ptodbg.core.semantics import (
    MASK32,
    MASK64,
    in_cond_block,
    in_std_or_fp_block,
    in_std_or_fp_block_once,
    placement,
    semantic,
    writer,
)
from ptodbg.core.state import RA

if TYPE_CHECKING:
    from ptodbg.core.machine import Handler, Machine
    from ptodbg.isa.forms import Form

M = MASK64
SIGN = 1 << 63
Pred = Callable[[int, int], bool]

# Conditions on (left, right): EQ, NE, LT, GE, LTU, GEU.  The signed ones flip the sign
# bit so that one unsigned comparison serves (x ^ 2^63 orders like SInt(x)).
_FLIP = {"EQ": 0, "NE": 0, "LT": SIGN, "GE": SIGN, "LTU": 0, "GEU": 0}
_BASE = {"EQ": "EQ", "NE": "NE", "LT": "LT", "GE": "GE", "LTU": "LT", "GEU": "GE"}


def _condition(name: str) -> str:
    """The condition of a compare/set mnemonic: CMP.LTUI -> LTU, HL.SETC.GEI -> GE."""
    cond = name.rsplit(".", 1)[1]
    return cond if cond in _FLIP else cond.removesuffix("I")


def _predicate(cond: str) -> Pred:
    """ConditionHolds for the generic (non-specialised) paths."""
    f = _FLIP[cond]
    return {
        "EQ": lambda a, b: a == b,
        "NE": lambda a, b: a != b,
        "LT": lambda a, b: (a ^ f) < (b ^ f),
        "GE": lambda a, b: (a ^ f) >= (b ^ f),
    }[_BASE[cond]]


def _sx32(x: int) -> int:
    x &= MASK32
    return x | (M ^ MASK32) if x & 0x80000000 else x


def _compare_modifier(mod: int, logical: bool) -> Callable[[int], int] | None:
    """The comparison-family right modifier; None when it leaves SrcR unchanged."""
    if mod == 1:
        return _sx32
    if mod == 2:
        return lambda x: x & MASK32
    if mod == 3 and logical:
        return lambda x: ~x & M
    return None


def _immediate(v: dict[str, int]) -> int:
    """The compare/set immediate as a 64-bit value (signed fields sign-extended)."""
    for name in ("simm12", "simm24", "uimm12", "uimm24", "simm5"):
        if name in v:
            return v[name] & M
    raise KeyError("no immediate field")


# ------------------------------------------------------------------------ CMP.*
def _cmp_reg_fast(r: list[int], d: int, s: int, t: int, cond: str) -> Handler:
    """CMP.<cond> SrcL, SrcR -> GPR, no modifier: one closure, no calls."""
    f = _FLIP[cond]
    base = _BASE[cond]
    if base == "EQ":

        def h(pc: int) -> int:
            r[d] = 1 if r[s] == r[t] else 0
            return pc + 4

    elif base == "NE":

        def h(pc: int) -> int:
            r[d] = 1 if r[s] != r[t] else 0
            return pc + 4

    elif base == "LT":

        def h(pc: int) -> int:
            r[d] = 1 if (r[s] ^ f) < (r[t] ^ f) else 0
            return pc + 4

    else:

        def h(pc: int) -> int:
            r[d] = 1 if (r[s] ^ f) >= (r[t] ^ f) else 0
            return pc + 4

    return h


def _cmp_imm_fast(r: list[int], d: int, s: int, imm: int, cond: str, size: int) -> Handler:
    """CMP.<cond>I SrcL, imm -> GPR: one closure, the flipped immediate precomputed."""
    f = _FLIP[cond]
    k = imm ^ f
    base = _BASE[cond]
    if base == "EQ":

        def h(pc: int) -> int:
            r[d] = 1 if r[s] == imm else 0
            return pc + size

    elif base == "NE":

        def h(pc: int) -> int:
            r[d] = 1 if r[s] != imm else 0
            return pc + size

    elif base == "LT":

        def h(pc: int) -> int:
            r[d] = 1 if (r[s] ^ f) < k else 0
            return pc + size

    else:

        def h(pc: int) -> int:
            r[d] = 1 if (r[s] ^ f) >= k else 0
            return pc + size

    return h


@semantic("CMP.EQ", "CMP.NE", "CMP.LT", "CMP.GE", "CMP.LTU", "CMP.GEU")
def cmp_reg(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteDecodedCompareRegister: Rd <- 1 if SrcL cond modifier(SrcR) else 0."""
    cond = _condition(form.mnemonic)
    d, s, t = v["RegDst"], v["SrcL"], v["SrcR"]
    mod = _compare_modifier(v["SrcRType"], logical=False)
    r = m.r
    if mod is None and 0 < d < 24:
        return _cmp_reg_fast(r, d, s, t, cond)
    holds = _predicate(cond)
    right = mod or (lambda x: x)
    w = writer(m, d)

    def h(pc: int) -> int:
        w(1 if holds(r[s], right(r[t])) else 0)
        return pc + 4

    return h


@semantic("CMP.EQI", "CMP.NEI", "CMP.LTI", "CMP.GEI", "CMP.LTUI", "CMP.GEUI",
          "HL.CMP.EQI", "HL.CMP.NEI", "HL.CMP.LTI", "HL.CMP.GEI", "HL.CMP.LTUI", "HL.CMP.GEUI")
def cmp_imm(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteDecodedCompareImmediate: Rd <- 1 if SrcL cond imm else 0."""
    cond = _condition(form.mnemonic)
    d, s, imm, size = v["RegDst"], v["SrcL"], _immediate(v), length // 8
    r = m.r
    if 0 < d < 24:
        return _cmp_imm_fast(r, d, s, imm, cond, size)
    holds = _predicate(cond)
    w = writer(m, d)

    def h(pc: int) -> int:
        w(1 if holds(r[s], imm) else 0)
        return pc + size

    return h


@semantic("CMP.AND", "CMP.OR")
def cmp_logical(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteDecodedCompareLogicalRegister: Rd <- (SrcL and/or modifier(SrcR)) != 0."""
    d, s, t = v["RegDst"], v["SrcL"], v["SrcR"]
    right = _compare_modifier(v["SrcRType"], logical=True) or (lambda x: x)
    r = m.r
    w = writer(m, d)
    if form.mnemonic == "CMP.AND":

        def h(pc: int) -> int:
            w(1 if r[s] & right(r[t]) else 0)
            return pc + 4

    else:

        def h(pc: int) -> int:
            w(1 if r[s] | right(r[t]) else 0)
            return pc + 4

    return h


@semantic("CMP.ANDI", "CMP.ORI", "HL.CMP.ANDI", "HL.CMP.ORI")
def cmp_logical_imm(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteDecodedCompareLogicalImmediate: Rd <- (SrcL and/or sext(imm)) != 0."""
    d, s, imm, size = v["RegDst"], v["SrcL"], _immediate(v), length // 8
    r = m.r
    w = writer(m, d)
    if form.mnemonic.endswith("ANDI"):

        def h(pc: int) -> int:
            w(1 if r[s] & imm else 0)
            return pc + size

    else:

        def h(pc: int) -> int:
            w(1 if r[s] | imm else 0)
            return pc + size

    return h


@semantic("C.CMP.EQI", "C.CMP.NEI")
def c_cmp(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """T <- (T#1 cond sext(simm5)); T#1 is read with no availability check (CORE.md §7.5)."""
    imm = v["simm5"] & M
    r = m.r
    push = m.push_t
    if form.mnemonic == "C.CMP.EQI":

        def h(pc: int) -> int:
            push(1 if r[24] == imm else 0)
            return pc + 2

    else:

        def h(pc: int) -> int:
            push(1 if r[24] != imm else 0)
            return pc + 2

    return h


# ------------------------------------------------------------------------ SETC.*
def _set_commit(m: Machine, holds: bool) -> None:
    """ExecuteSetCommit's effects; the placement rule guarantees an open COND block."""
    m.commit_arg = 1 if holds else 0
    m.taken = holds
    m.cond_set = True


def _setc_closure(m: Machine, s: int, t: int, imm: int | None, cond: str, size: int) -> Handler:
    """SETC.<cond> against SrcR (imm None) or a prepared immediate: one closure."""
    r = m.r
    f = _FLIP[cond]
    base = _BASE[cond]
    if imm is not None:
        k = imm ^ f
        if base == "EQ":

            def h(pc: int) -> int:
                c = r[s] == imm
                m.commit_arg = 1 if c else 0
                m.taken = c
                m.cond_set = True
                return pc + size

        elif base == "NE":

            def h(pc: int) -> int:
                c = r[s] != imm
                m.commit_arg = 1 if c else 0
                m.taken = c
                m.cond_set = True
                return pc + size

        elif base == "LT":

            def h(pc: int) -> int:
                c = (r[s] ^ f) < k
                m.commit_arg = 1 if c else 0
                m.taken = c
                m.cond_set = True
                return pc + size

        else:

            def h(pc: int) -> int:
                c = (r[s] ^ f) >= k
                m.commit_arg = 1 if c else 0
                m.taken = c
                m.cond_set = True
                return pc + size

        return h
    if base == "EQ":

        def hr(pc: int) -> int:
            c = r[s] == r[t]
            m.commit_arg = 1 if c else 0
            m.taken = c
            m.cond_set = True
            return pc + size

    elif base == "NE":

        def hr(pc: int) -> int:
            c = r[s] != r[t]
            m.commit_arg = 1 if c else 0
            m.taken = c
            m.cond_set = True
            return pc + size

    elif base == "LT":

        def hr(pc: int) -> int:
            c = (r[s] ^ f) < (r[t] ^ f)
            m.commit_arg = 1 if c else 0
            m.taken = c
            m.cond_set = True
            return pc + size

    else:

        def hr(pc: int) -> int:
            c = (r[s] ^ f) >= (r[t] ^ f)
            m.commit_arg = 1 if c else 0
            m.taken = c
            m.cond_set = True
            return pc + size

    return hr


_SETC_REG = ("SETC.EQ", "SETC.NE", "SETC.LT", "SETC.GE", "SETC.LTU", "SETC.GEU")
_SETC_IMM = ("SETC.EQI", "SETC.NEI", "SETC.LTI", "SETC.GEI", "SETC.LTUI", "SETC.GEUI",
             "HL.SETC.EQI", "HL.SETC.NEI", "HL.SETC.LTI", "HL.SETC.GEI", "HL.SETC.LTUI",
             "HL.SETC.GEUI")
_SETC_LOGICAL = ("SETC.AND", "SETC.OR")
_SETC_LOGICAL_IMM = ("SETC.ANDI", "SETC.ORI", "HL.SETC.ANDI", "HL.SETC.ORI")
_C_SETC = ("C.SETC.EQ", "C.SETC.NE")


@semantic(*_SETC_REG)
def setc_reg(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteDecodedSetCommitRegister: TAKEN <- SrcL cond modifier(SrcR)."""
    cond = _condition(form.mnemonic)
    s, t = v["SrcL"], v["SrcR"]
    mod = _compare_modifier(v["SrcRType"], logical=False)
    if mod is None:
        return _setc_closure(m, s, t, None, cond, 4)
    holds = _predicate(cond)
    r = m.r

    def h(pc: int) -> int:
        _set_commit(m, holds(r[s], mod(r[t])))
        return pc + 4

    return h


@semantic(*_SETC_IMM)
def setc_imm(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteDecodedSetCommitImmediate: TAKEN <- SrcL cond (imm << shamt)."""
    imm = (_immediate(v) << (v["shamt"] & 63)) & M
    return _setc_closure(m, v["SrcL"], 0, imm, _condition(form.mnemonic), length // 8)


@semantic(*_SETC_LOGICAL)
def setc_logical(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteDecodedSetCommitLogicalRegister: TAKEN <- (SrcL and/or modifier(SrcR)) != 0."""
    s, t = v["SrcL"], v["SrcR"]
    right = _compare_modifier(v["SrcRType"], logical=True) or (lambda x: x)
    r = m.r
    if form.mnemonic == "SETC.AND":

        def h(pc: int) -> int:
            _set_commit(m, r[s] & right(r[t]) != 0)
            return pc + 4

    else:

        def h(pc: int) -> int:
            _set_commit(m, r[s] | right(r[t]) != 0)
            return pc + 4

    return h


@semantic(*_SETC_LOGICAL_IMM)
def setc_logical_imm(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteDecodedSetCommitLogicalImmediate: TAKEN <- (SrcL and/or (imm << shamt)) != 0."""
    imm = (_immediate(v) << (v["shamt"] & 63)) & M
    s, size = v["SrcL"], length // 8
    r = m.r
    if form.mnemonic.endswith("ANDI"):

        def h(pc: int) -> int:
            _set_commit(m, r[s] & imm != 0)
            return pc + size

    else:

        def h(pc: int) -> int:
            _set_commit(m, r[s] | imm != 0)
            return pc + size

    return h


@semantic(*_C_SETC)
def c_setc(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """C.SETC.EQ/NE SrcL, SrcR (no modifier)."""
    return _setc_closure(m, v["SrcL"], v["SrcR"], None, _condition(form.mnemonic), 2)


placement(in_cond_block, *_SETC_REG, *_SETC_IMM, *_SETC_LOGICAL, *_SETC_LOGICAL_IMM, *_C_SETC)


# ----------------------------------------------------------------- commit target
@semantic("SETC.TGT")
def setc_tgt(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """SetCommitTarget: BARG.BPCN <- SrcL (any number of times per block)."""
    s = v["SrcL"]
    r = m.r

    def h(pc: int) -> int:
        m.bpcn = r[s]
        return pc + 4

    return h


@semantic("C.SETC.TGT")
def c_setc_tgt(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """SetCompressedCommitTarget: BPCN <- SrcL and mark the block's target as set; the
    target's alignment is checked only by the commit that selects it."""
    s = v["SrcL"]
    r = m.r

    def h(pc: int) -> int:
        m.bpcn = r[s]
        m.tgt_set = True
        return pc + 2

    return h


placement(in_std_or_fp_block, "SETC.TGT")
placement(in_std_or_fp_block_once, "C.SETC.TGT")


# ------------------------------------------------------------------------- jumps
@semantic("J")
def j(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """JumpRelative: TPC + 2*simm22."""
    off = 2 * v["simm22"]

    def h(pc: int) -> int:
        return (pc + off) & M

    return h


@semantic("JR")
def jr(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """JumpRegister(Reg5(SrcL) + 2*simm12); SrcZero [24:20] is ignored."""
    s, off = v["SrcL"], 2 * v["simm12"]
    r = m.r

    def h(pc: int) -> int:
        target = (r[s] + off) & M
        if target & 1:
            raise Fault(INST_PC_FAULT, target, reason=f"jr to odd address {target:#x}")
        return target

    return h


# ------------------------------------------------------------ return address, TPC
def _setret(m: Machine, half: int, size: int) -> Handler:
    """SetReturnAddress: R10 and LRA <- TPC + 2*half; TPC advances normally."""
    off = 2 * half
    r = m.r

    def h(pc: int) -> int:
        target = (pc + off) & M
        r[RA] = target
        m.lra = target
        return pc + size

    return h


@semantic("SETRET")
def setret(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    return _setret(m, v["imm20"] & 0xFFFFF, 4)


@semantic("C.SETRET")
def c_setret(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    return _setret(m, v["uimm5"], 2)


@semantic("HL.SETRET")
def hl_setret(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ZeroExtend(imm32) in 0.58.3; the linx-v0.4 form's field is signed (isa/legacy.py)."""
    return _setret(m, v["imm32"], 6)


@semantic("ADDTPC", "HL.ADDTPC")
def addtpc(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """AddToPC: Rd <- TPC + (sext(imm) << 12) (RegDst 10 is illegal by constraint).

    Under ``--compat linx-v0.4`` the base is TPC with its low 12 bits cleared (an
    ADRP-style page address): the v0.4 LLVM toolchain pairs ADDTPC with a low-12-bit
    ADDI on that assumption, so its address computations only hold that way."""
    bits = 20 if form.mnemonic == "ADDTPC" else 32
    raw = v["imm20"] if bits == 20 else v["imm32"]
    imm = raw - (1 << bits) if raw >> (bits - 1) else raw
    off = (imm << 12) & M
    d, size = v["RegDst"], length // 8
    r = m.r
    if getattr(m, "compat", None) == "linx-v0.4":
        w = writer(m, d)

        def h_page(pc: int) -> int:
            w(((pc & ~0xFFF) + off) & M)
            return pc + size

        return h_page
    if 0 < d < 24:

        def h(pc: int) -> int:
            r[d] = (pc + off) & M
            return pc + size

        return h
    w = writer(m, d)

    def hw(pc: int) -> int:
        w((pc + off) & M)
        return pc + size

    return hw
