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
* C.CMP.EQI/NEI read T#1 without an availability check (docs/architecture-notes.md §7.5) and push T.
* J: TPC + 2*simm22.  JR: Reg5(SrcL) + 2*simm12, an odd target raises INST_PC_FAULT with
  the target as argument, before any effect.  SETRET-family: R10 and the block-local
  return address LRA := TPC + 2*zext(imm); not a jump.  ADDTPC: Rd := TPC + (sext(imm)
  << 12) (docs/architecture-notes.md §7.7).

The compare, condition-setting, jump and return-address forms are shapes
(:mod:`~ptodbg.core.semantics.shapes`): one source text per condition and operand kind,
inlined in a closure per instruction and in translated blocks alike.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ptodbg.core.semantics import (
    MASK64,
    in_cond_block,
    in_std_or_fp_block,
    in_std_or_fp_block_once,
    modifiers,
    placement,
    semantic,
)
from ptodbg.core.semantics.shapes import Op, Shape, shaped
from ptodbg.core.state import PUSH_T, RA, T_BASE

if TYPE_CHECKING:
    from ptodbg.core.machine import Handler, Machine
    from ptodbg.isa.forms import Form

M = MASK64
SIGN = 1 << 63

_CONDITIONS = frozenset({"EQ", "NE", "LT", "GE", "LTU", "GEU", "AND", "OR"})


def _condition(name: str) -> str:
    """The condition of a compare/set mnemonic: CMP.LTUI -> LTU, HL.SETC.GEI -> GE,
    SETC.ANDI -> AND."""
    cond = name.rsplit(".", 1)[1]
    return cond if cond in _CONDITIONS else cond.removesuffix("I")


# The condition of each relation on the source texts of its operands (full 64 bits; the
# signed ones flip the sign bit so that one comparison serves: x ^ 2^63 orders like SInt(x)).
_RELATION = {
    "EQ": "{l} == {r}",
    "NE": "{l} != {r}",
    "LT": "({l} ^ SIGN) < ({r} ^ SIGN)",
    "GE": "({l} ^ SIGN) >= ({r} ^ SIGN)",
    "LTU": "{l} < {r}",
    "GEU": "{l} >= {r}",
}


def _relation(cond: str, left: str, right: str) -> str:
    return _RELATION[cond].replace("{l}", left).replace("{r}", right)


def _right(mod: int, logical: bool) -> str:
    """The comparison-family right modifier applied to source ``{b}``
    (DecodeScalarComparisonRightModifier: 00 none, 01 sext32, 10 zext32, 11 NOT for the
    logical forms, none for the ordered and equality ones)."""
    modifier = modifiers.COMPARE[mod]
    return modifiers.text(modifier if logical else modifiers.restricted(modifier), "{b}", logical)


def _immediate(v: dict[str, int]) -> int:
    """The compare/set immediate as a 64-bit value (signed fields sign-extended)."""
    for name in ("simm12", "simm24", "uimm12", "uimm24", "simm5"):
        if name in v:
            return v[name] & M
    raise KeyError("no immediate field")


@cache
def _test_shape(kind: str, test: str, operand: str) -> Shape:
    """``kind`` "value" (CMP: Rd <- 1/0) or "cond" (SETC: the block condition) of a test.
    ``test`` is a relation (EQ ... GEU) or AND/OR (nonzero result); ``operand`` is "imm"
    or a register modifier spelled "reg<mod><l>" ("l" for the logical forms)."""
    if operand == "imm":
        right = "{imm}"
    else:
        right = _right(int(operand[3]), operand.endswith("l"))
    if test in ("AND", "OR"):
        cond = f"({{a}} {'&' if test == 'AND' else '|'} {right}) != 0"
    elif operand == "imm" and test in ("LT", "GE"):
        cond = f"({{a}} ^ SIGN) {'<' if test == 'LT' else '>='} {{k}}"  # the immediate pre-flipped
    else:
        cond = _relation(test, "{a}", right)
    result = f"1 if {cond} else 0" if kind == "value" else cond
    return Shape(f"{kind}.{test}.{operand}", result=result, kind=kind)


def _imm_operands(cond: str, imm: int) -> dict[str, int]:
    """Constants of an immediate test: the signed ones compare flipped values (x ^ 2^63
    orders like SInt(x)), so the flipped immediate is precomputed."""
    return {"k": imm ^ SIGN} if cond in ("LT", "GE") else {"imm": imm}


# ------------------------------------------------------------------------ CMP.*
@shaped("CMP.EQ", "CMP.NE", "CMP.LT", "CMP.GE", "CMP.LTU", "CMP.GEU", "CMP.AND", "CMP.OR")
def cmp_reg(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """ExecuteDecodedCompareRegister / ...LogicalRegister: Rd <- 1 if SrcL cond
    modifier(SrcR) else 0; the logical forms test (SrcL and/or modifier(SrcR)) != 0."""
    cond = _condition(form.mnemonic)
    logical = cond in ("AND", "OR")
    shape = _test_shape("value", cond, f"reg{v['SrcRType']}{'l' if logical else ''}")
    return Op(shape, {"a": v["SrcL"], "b": v["SrcR"]}, {}, v["RegDst"], 4)


@shaped("CMP.EQI", "CMP.NEI", "CMP.LTI", "CMP.GEI", "CMP.LTUI", "CMP.GEUI",
        "HL.CMP.EQI", "HL.CMP.NEI", "HL.CMP.LTI", "HL.CMP.GEI", "HL.CMP.LTUI", "HL.CMP.GEUI",
        "CMP.ANDI", "CMP.ORI", "HL.CMP.ANDI", "HL.CMP.ORI")
def cmp_imm(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """ExecuteDecodedCompareImmediate / ...LogicalImmediate: Rd <- 1 if SrcL cond imm."""
    cond = _condition(form.mnemonic)
    imm = _immediate(v)
    return Op(_test_shape("value", cond, "imm"), {"a": v["SrcL"]}, _imm_operands(cond, imm), v["RegDst"], size)


@shaped("C.CMP.EQI", "C.CMP.NEI")
def c_cmp(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """T <- (T#1 cond sext(simm5)); T#1 is read with no availability check (docs/architecture-notes.md §7.5)."""
    cond = _condition(form.mnemonic)
    return Op(_test_shape("value", cond, "imm"), {"a": T_BASE}, {"imm": v["simm5"] & M}, PUSH_T, 2)


# ------------------------------------------------------------------------ SETC.*
# ExecuteSetCommit: CommitArgument <- 1/0, TAKEN <- the condition, the block's condition is
# set; the placement rule makes sure this is the first SETC of an open COND block.
_SETC_REG = ("SETC.EQ", "SETC.NE", "SETC.LT", "SETC.GE", "SETC.LTU", "SETC.GEU", "SETC.AND",
             "SETC.OR", "C.SETC.EQ", "C.SETC.NE")
_SETC_IMM = ("SETC.EQI", "SETC.NEI", "SETC.LTI", "SETC.GEI", "SETC.LTUI", "SETC.GEUI",
             "HL.SETC.EQI", "HL.SETC.NEI", "HL.SETC.LTI", "HL.SETC.GEI", "HL.SETC.LTUI",
             "HL.SETC.GEUI", "SETC.ANDI", "SETC.ORI", "HL.SETC.ANDI", "HL.SETC.ORI")


@shaped(*_SETC_REG)
def setc_reg(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """ExecuteDecodedSetCommitRegister / ...LogicalRegister: TAKEN <- SrcL cond
    modifier(SrcR) (C.SETC.EQ/NE: no modifier)."""
    cond = _condition(form.mnemonic)
    logical = cond in ("AND", "OR")
    mod = v.get("SrcRType", 0)
    shape = _test_shape("cond", cond, f"reg{mod}{'l' if logical else ''}")
    return Op(shape, {"a": v["SrcL"], "b": v["SrcR"]}, {}, None, size)


@shaped(*_SETC_IMM)
def setc_imm(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """ExecuteDecodedSetCommitImmediate / ...LogicalImmediate: TAKEN <- SrcL cond
    (imm << shamt)."""
    cond = _condition(form.mnemonic)
    imm = (_immediate(v) << (v["shamt"] & 63)) & M
    return Op(_test_shape("cond", cond, "imm"), {"a": v["SrcL"]}, _imm_operands(cond, imm), None, size)


placement(in_cond_block, *_SETC_REG, *_SETC_IMM)


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
J_SHAPE = Shape("j", kind="effect", next="({pc} + {off}) & M")
JR_SHAPE = Shape("jr", body=("_t = ({a} + {off}) & M", "if _t & 1:", "    raise odd_target(_t, 'jr')"),
                 kind="effect", next="_t")


@shaped("J")
def j(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """JumpRelative: TPC + 2*simm22."""
    return Op(J_SHAPE, {}, {"off": 2 * v["simm22"]}, None, 4)


@shaped("JR")
def jr(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """JumpRegister(Reg5(SrcL) + 2*simm12): an odd target is INST_PC_FAULT with the target
    as argument, before any effect; SrcZero [24:20] is ignored."""
    return Op(JR_SHAPE, {"a": v["SrcL"]}, {"off": 2 * v["simm12"]}, None, 4)


# ------------------------------------------------------------ return address, TPC
SETRET_SHAPE = Shape("setret", body=("_t = ({pc} + {off}) & M", "m.lra = _t"), result="_t")


def _setret(half: int, size: int) -> Op:
    """SetReturnAddress: R10 and LRA <- TPC + 2*half; TPC advances normally."""
    return Op(SETRET_SHAPE, {}, {"off": 2 * half}, RA, size)


@shaped("SETRET")
def setret(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    return _setret(v["imm20"] & 0xFFFFF, 4)


@shaped("C.SETRET")
def c_setret(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    return _setret(v["uimm5"], 2)


@shaped("HL.SETRET")
def hl_setret(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """ZeroExtend(imm32) in 0.58.3; the linx-v0.4 form's field is signed (isa/legacy.py)."""
    return _setret(v["imm32"], 6)


ADDTPC_SHAPE = Shape("addtpc", result="({pc} + {off}) & M")
ADDTPC_PAGE_SHAPE = Shape("addtpc.page", result="(({pc} & -4096) + {off}) & M")


@shaped("ADDTPC", "HL.ADDTPC")
def addtpc(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """AddToPC: Rd <- TPC + (sext(imm) << 12) (RegDst 10 is illegal by constraint).

    Under ``--compat linx-v0.4`` the base is TPC with its low 12 bits cleared (an
    ADRP-style page address): the v0.4 LLVM toolchain pairs ADDTPC with a low-12-bit
    ADDI on that assumption, so its address computations only hold that way."""
    bits = 20 if form.mnemonic == "ADDTPC" else 32
    raw = v["imm20"] if bits == 20 else v["imm32"]
    imm = raw - (1 << bits) if raw >> (bits - 1) else raw
    shape = ADDTPC_PAGE_SHAPE if m.compat == "linx-v0.4" else ADDTPC_SHAPE
    return Op(shape, {}, {"off": (imm << 12) & M}, v["RegDst"], size)
