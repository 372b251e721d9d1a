"""Integer ALU forms (``asl/scalar/model/alu/semantics.asl``, ``dispatch/alu.asl``).

Value rules: all arithmetic wraps mod 2^64; W forms compute on the low 32 bits and
sign-extend (ScalarBinaryW); shifts use SrcR[5:0] (W: [4:0]); division by zero gives
quotient 0 and remainder = dividend (docs/architecture-notes.md §7.15).  ADDI/SUBI immediates are unsigned
(§7.16).  The right-operand modifier of the binary forms is SrcRType: 00 sign-extend the
low word, 01 zero-extend it, 10 negate (ADD/SUB) or NOT (AND/OR/XOR), 11 none (§7.17),
applied before ``<< shamt`` (DecodeScalarBinaryRightModifier in ``dispatch/decode.asl``).

Bitfield forms take width = imml + 1 and offset = imms (REV: immr); HL.BFI inserts SrcR
into SrcL from bit immr up to bit imms, wrapping at 64 (ScalarDecodedBitfieldWidth,
ExtractBitfield, CountBitfield, ModifyBitfield, ReverseBitfieldBytes, InsertBitfield).
The C16 arithmetic forms publish to T (WriteCompressedTResult); C.SLLI/C.SRLI read T#1.

Every handler reads all its sources before the first destination effect, and two-result
forms publish Dst0 then Dst1.  The single-result forms are shapes
(:mod:`~ptodbg.core.semantics.shapes`): the common ones an inline expression, the others a
call of a prepared function of their operands; each gets a closure specialised for its
destination kind, and the block translator inlines the same text.

SETRET-family and C.SETC.TGT (catalog family ALU) live in :mod:`.bru` with the other
return-address and commit-target forms.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from ptodbg.core.semantics import MASK32, MASK64, modifiers, semantic, sx64, writer
from ptodbg.core.semantics.shapes import Op, Shape, shaped, sx32
from ptodbg.core.state import PUSH_T, T_BASE

if TYPE_CHECKING:
    from ptodbg.core.machine import Handler, Machine
    from ptodbg.isa.forms import Form

M = MASK64
M32 = MASK32
M128 = (1 << 128) - 1
SIGN = 1 << 63
HIGH32 = M ^ M32  # bits 63:32 set

Op1 = Callable[[int], int]
Op2 = Callable[[int, int], int]
Pair2 = Callable[[int, int], tuple[int, int]]


# ------------------------------------------------------------------ value helpers
def _sx32(x: int) -> int:
    """SignExtend{64}(x[31:0]) as an unsigned 64-bit value."""
    x &= M32
    return x | HIGH32 if x & 0x80000000 else x


def _divu(a: int, b: int) -> int:
    """ScalarDivideUnsigned: quotient 0 for a zero divisor."""
    return a // b if b else 0


def _remu(a: int, b: int) -> int:
    """ScalarRemainderUnsigned: the dividend for a zero divisor."""
    return a % b if b else a


def _divs(a: int, b: int) -> int:
    """ScalarDivideSigned: magnitudes divided, sign applied, truncating toward zero;
    MIN / -1 wraps to MIN."""
    if not b:
        return 0
    sa, sb = sx64(a), sx64(b)
    q = abs(sa) // abs(sb)
    return (-q if (sa < 0) != (sb < 0) else q) & M


def _rems(a: int, b: int) -> int:
    """ScalarRemainderSigned: dividend - quotient * divisor (mod 2^64)."""
    if not b:
        return a
    return (a - _divs(a, b) * b) & M


def _divw(a: int, b: int) -> int:
    return _sx32(_divs(_sx32(a), _sx32(b)))


def _remw(a: int, b: int) -> int:
    return _sx32(_rems(_sx32(a), _sx32(b)))


def _divuw(a: int, b: int) -> int:
    return _sx32(_divu(a & M32, b & M32))


def _remuw(a: int, b: int) -> int:
    return _sx32(_remu(a & M32, b & M32))


def _rol(x: int, n: int) -> int:
    return ((x << n) | (x >> (64 - n))) & M if n else x


def _ror(x: int, n: int) -> int:
    return ((x >> n) | (x << (64 - n))) & M if n else x


def _low_mask(width: int) -> int:
    return (1 << width) - 1


# ------------------------------------------------------------------ shapes
# Inline shapes for the hot forms; the others call a prepared function of their operands
# (CALL1/2/3), which is still one handler per form and a plain call inside a block.
CALL1 = Shape("call1", result="{fn}({a})")
CALL2 = Shape("call2", result="{fn}({a}, {b})")
CALL3 = Shape("call3", result="{fn}({a}, {b}, {c})")
CONST = Shape("const", result="{value}")
MOVE = Shape("move", result="{a}")


def _call1(d: int, s: int, size: int, fn: Op1) -> Op:
    """Rd <- fn(SrcL)."""
    return Op(CALL1, {"a": s}, {"fn": fn}, d, size)


def _call2(d: int, s: int, t: int, size: int, fn: Op2) -> Op:
    """Rd <- fn(SrcL, SrcR)."""
    return Op(CALL2, {"a": s, "b": t}, {"fn": fn}, d, size)


def _const(d: int, value: int, size: int) -> Op:
    """Rd <- a constant (LUI, HL.LI*, C.MOVI)."""
    return Op(CONST, {}, {"value": value & M}, d, size)


def _pair(m: Machine, v: dict[str, int], size: int, fn: Pair2) -> Handler:
    """Two-result forms: (Dst0, Dst1) <- fn(SrcL, SrcR); Dst0 is published first."""
    r = m.r
    s, t = v["SrcL"], v["SrcR"]
    w0, w1 = writer(m, v["RegDst0"]), writer(m, v["RegDst1"])

    def h(pc: int) -> int:
        lo, hi = fn(r[s], r[t])
        w0(lo)
        w1(hi)
        return pc + size

    return h


# ------------------------------------------------------------- binary with modifier
_OPS = {"ADD": "({a} + {r}) & M", "SUB": "({a} - {r}) & M", "AND": "{a} & {r}", "OR": "{a} | {r}",
        "XOR": "{a} ^ {r}"}
_LOGICAL = frozenset({"AND", "OR", "XOR"})


@cache
def _binary_shape(op: str, mod: int, shifted: bool, word: bool) -> Shape:
    """PrepareScalarRight for the binary ALU family (SrcRType, then << shamt), then op."""
    right = modifiers.text(modifiers.BINARY[mod], "{b}", op in _LOGICAL)
    if shifted:
        right = f"(({right} << {{sh}}) & M)"
    expr = _OPS[op].replace("{r}", right)
    return Shape(f"{op}{'W' if word else ''}.{mod}{'.sh' if shifted else ''}",
                 result=sx32(expr) if word else expr)


@shaped("ADD", "SUB", "AND", "OR", "XOR", "ADDW", "SUBW", "ANDW", "ORW", "XORW")
def binary(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """ExecuteDecodedBinary: Rd <- SrcL op ((SrcR modified by SrcRType) << shamt)."""
    name = form.mnemonic
    word = name.endswith("W")
    sh = v["shamt"]
    shape = _binary_shape(name[:-1] if word else name, v["SrcRType"], sh != 0, word)
    return Op(shape, {"a": v["SrcL"], "b": v["SrcR"]}, {"sh": sh} if sh else {}, v["RegDst"], 4)


# ------------------------------------------------------------------ immediates
_IMMEDIATE = {
    "ADDI": Shape("addi", result="({a} + {imm}) & M"),
    "SUBI": Shape("subi", result="({a} - {imm}) & M"),  # zext(uimm): docs/architecture-notes.md §7.16
    "ANDI": Shape("andi", result="{a} & {imm}"),
    "ORI": Shape("ori", result="{a} | {imm}"),
    "XORI": Shape("xori", result="{a} ^ {imm}"),
    "ADDIW": Shape("addiw", result=sx32("{a} + {imm}")),
    "SUBIW": Shape("subiw", result=sx32("{a} - {imm}")),
    "ANDIW": Shape("andiw", result=sx32("{a} & {imm}")),
    "ORIW": Shape("oriw", result=sx32("{a} | {imm}")),
    "XORIW": Shape("xoriw", result=sx32("{a} ^ {imm}")),
}
_IMMEDIATE_FIELDS = ("uimm12", "uimm24", "simm12", "simm24")


@shaped(*_IMMEDIATE, *(f"HL.{name}" for name in _IMMEDIATE))
def immediate(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """Rd <- SrcL op imm.  ADDI/SUBI (and W) zero-extend their immediate (docs/architecture-notes.md §7.16),
    the logical forms sign-extend it; the W forms compute on the low word and sign-extend
    (ScalarBinaryW)."""
    for name in _IMMEDIATE_FIELDS:  # (a loop, not a generator: this runs for every ADDI built)
        if name in v:
            imm = v[name] & M
            break
    else:
        raise StopIteration  # as next() of the generator it replaces: no immediate field
    return Op(_IMMEDIATE[form.mnemonic.removeprefix("HL.")], {"a": v["SrcL"]}, {"imm": imm}, v["RegDst"], size)


# ------------------------------------------------------------------------- shifts
# The six shifts by an amount {n}: 64-bit, and W (the low word, result sign-extended).
_SHIFT_RESULTS = {
    "SLL": "({a} << {n}) & M",
    "SRL": "{a} >> {n}",
    "SRA": "((({a} ^ SIGN) - SIGN) >> {n}) & M",
    "SLLW": sx32("{a} << {n}"),
    "SRLW": sx32("({a} & M32) >> {n}"),
    "SRAW": sx32("((({a} & M32) ^ S32) - S32) >> {n}"),
}


def _shift_shapes(immediate: bool) -> dict[str, Shape]:
    """The shifts by an immediate (SLLI, SLLIW ...: the amount is the ``sh`` constant, cut
    to its width when built) or by SrcR (SLL, SLLW ...: SrcR[5:0], W forms SrcR[4:0])."""
    shapes = {}
    for name, result in _SHIFT_RESULTS.items():
        word = name.endswith("W")
        if immediate:
            name = name[:3] + "I" + name[3:]
        amount = "{sh}" if immediate else "({b} & 31)" if word else "({b} & 63)"
        shapes[name] = Shape(name.lower(), result=result.replace("{n}", amount))
    return shapes


_SHIFT_IMMEDIATE = _shift_shapes(immediate=True)


@shaped(*_SHIFT_IMMEDIATE)
def shift_immediate(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """Shift by shamt (64-bit forms: shamt[5:0]; W forms: the low word by shamt[4:0],
    result sign-extended)."""
    name = form.mnemonic
    sh = v["shamt"] & (31 if name.endswith("W") else 63)
    return Op(_SHIFT_IMMEDIATE[name], {"a": v["SrcL"]}, {"sh": sh}, v["RegDst"], 4)


_SHIFT_REGISTER = _shift_shapes(immediate=False)


@shaped(*_SHIFT_REGISTER)
def shift_register(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """ExecuteDecodedSimpleBinary shifts: amount SrcR[5:0] (W: SrcR[4:0])."""
    return Op(_SHIFT_REGISTER[form.mnemonic], {"a": v["SrcL"], "b": v["SrcR"]}, {}, v["RegDst"], 4)


# --------------------------------------------------------------- min / max / mul / div
_SIMPLE = {
    "MIN": Shape("min", result="{a} if ({a} ^ SIGN) < ({b} ^ SIGN) else {b}"),
    "MAX": Shape("max", result="{a} if ({a} ^ SIGN) > ({b} ^ SIGN) else {b}"),
    "MINU": Shape("minu", result="{a} if {a} < {b} else {b}"),
    "MAXU": Shape("maxu", result="{a} if {a} > {b} else {b}"),
    # MultiplyWord: the low 64 bits, identical for signed and unsigned operands.
    "MUL": Shape("mul", result="({a} * {b}) & M"),
    "MULU": Shape("mul", result="({a} * {b}) & M"),
    # ScalarMultiplyW: zero-extended low words, low 32 bits of the product sign-extended.
    "MULW": Shape("mulw", result=sx32("({a} & M32) * ({b} & M32)")),
    "MULUW": Shape("mulw", result=sx32("({a} & M32) * ({b} & M32)")),
}
_DIVIDE: dict[str, Op2] = {
    "DIV": _divs,
    "DIVU": _divu,
    "DIVW": _divw,
    "DIVUW": _divuw,
    "REM": _rems,
    "REMU": _remu,
    "REMW": _remw,
    "REMUW": _remuw,
}


@shaped(*_SIMPLE, *_DIVIDE)
def simple(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """Rd <- op(SrcL, SrcR) without a right modifier."""
    name = form.mnemonic
    if name in _DIVIDE:
        return _call2(v["RegDst"], v["SrcL"], v["SrcR"], 4, _DIVIDE[name])
    return Op(_SIMPLE[name], {"a": v["SrcL"], "b": v["SrcR"]}, {}, v["RegDst"], 4)


_MADD = {
    "MADD": Shape("madd", result="({c} + {a} * {b}) & M"),
    "MADDW": Shape("maddw", result=sx32("{a} * {b} + {c}")),
}


@shaped(*_MADD)
def madd(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """ScalarMultiplyAdd(SrcD, SrcL, SrcR) = SrcD + SrcL * SrcR; the W form adds the low
    words of the 64-bit product and of SrcD and sign-extends the 32-bit sum."""
    return Op(_MADD[form.mnemonic], {"c": v["SrcD"], "a": v["SrcL"], "b": v["SrcR"]}, {}, v["RegDst"], 4)


def _wide_signed(a: int, b: int) -> tuple[int, int]:
    p = (sx64(a) * sx64(b)) & M128
    return p & M, p >> 64


def _wide_unsigned(a: int, b: int) -> tuple[int, int]:
    p = a * b
    return p & M, p >> 64


@semantic("HL.MUL", "HL.MULU")
def mul_pair(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteScalarMultiplyPair: the 128-bit product, low half to Dst0, high to Dst1."""
    fn = _wide_signed if form.mnemonic == "HL.MUL" else _wide_unsigned
    return _pair(m, v, 6, fn)


@semantic("HL.MADD", "HL.MADDW")
def madd_pair(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteScalarMultiplyAddPair: signed wide product plus sign-extended SrcD.  The W
    form works on sign-extended low words and publishes the sign-extended words 31:0 and
    63:32 of the sum."""
    r = m.r
    s, t, a = v["SrcL"], v["SrcR"], v["SrcD"]
    w0, w1 = writer(m, v["RegDst0"]), writer(m, v["RegDst1"])
    word = form.mnemonic == "HL.MADDW"

    def h(pc: int) -> int:
        left, right, addend = r[s], r[t], r[a]
        if word:
            acc = sx64(_sx32(left)) * sx64(_sx32(right)) + sx64(_sx32(addend))
            lo, hi = _sx32(acc), _sx32(acc >> 32)
        else:
            acc = (sx64(left) * sx64(right) + sx64(addend)) & M128
            lo, hi = acc & M, acc >> 64
        w0(lo)
        w1(hi)
        return pc + 6

    return h


_DIVIDE_PAIR: dict[str, Pair2] = {
    "HL.DIV": lambda a, b: (_divs(a, b), _rems(a, b)),
    "HL.DIVU": lambda a, b: (_divu(a, b), _remu(a, b)),
    "HL.DIVW": lambda a, b: (_divw(a, b), _remw(a, b)),
    "HL.DIVUW": lambda a, b: (_divuw(a, b), _remuw(a, b)),
    # The remainder forms publish the remainder first (ExecuteScalarRemainderPair).
    "HL.REM": lambda a, b: (_rems(a, b), _divs(a, b)),
    "HL.REMU": lambda a, b: (_remu(a, b), _divu(a, b)),
    "HL.REMW": lambda a, b: (_remw(a, b), _divw(a, b)),
    "HL.REMUW": lambda a, b: (_remuw(a, b), _divuw(a, b)),
}


@semantic(*_DIVIDE_PAIR)
def divide_pair(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """HL.DIV*: Dst0 quotient, Dst1 remainder; HL.REM*: Dst0 remainder, Dst1 quotient."""
    return _pair(m, v, 6, _DIVIDE_PAIR[form.mnemonic])


_MULTIPLY_IMMEDIATE = {
    "HL.MIADD": Shape("miadd", result="({a} + {b} * {imm}) & M"),
    "HL.MISUB": Shape("misub", result="({a} - {b} * {imm}) & M"),
}


@shaped(*_MULTIPLY_IMMEDIATE)
def multiply_immediate(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """ScalarMultiplyImmediateAdd: SrcL +/- SrcR * zext(uimm19)."""
    return Op(_MULTIPLY_IMMEDIATE[form.mnemonic], {"a": v["SrcL"], "b": v["SrcR"]}, {"imm": v["uimm19"]},
              v["RegDst"], 6)


# ---------------------------------------------------------------------- bitfields
def _extract(x: int, width: int, offset: int, signed: bool) -> int:
    """ExtractBitfield: rotate right by offset, keep width bits, optionally sign-extend."""
    low = _low_mask(width)
    f = _ror(x, offset) & low
    if signed and f >> (width - 1):
        f |= M ^ low
    return f


@shaped("BXS", "BXU")
def extract(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    width, offset = (v["imml"] & 63) + 1, v["imms"] & 63
    signed = form.mnemonic == "BXS"
    return _call1(v["RegDst"], v["SrcL"], 4, lambda a: _extract(a, width, offset, signed))


@shaped("CLZ", "CTZ", "BCNT")
def count(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """CountBitfield on the unsigned field: leading zeros, trailing zeros (width for a
    zero field) or population count."""
    width, offset = (v["imml"] & 63) + 1, v["imms"] & 63
    name = form.mnemonic
    if name == "CLZ":
        fn: Op1 = lambda a: width - _extract(a, width, offset, False).bit_length()  # noqa: E731
    elif name == "CTZ":

        def fn(a: int) -> int:
            f = _extract(a, width, offset, False)
            return (f & -f).bit_length() - 1 if f else width

    else:
        fn = lambda a: _extract(a, width, offset, False).bit_count()  # noqa: E731
    return _call1(v["RegDst"], v["SrcL"], 4, fn)


@shaped("BIC", "BIS")
def modify(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """ModifyBitfield: clear or set bits (offset + i) mod 64 for i < width."""
    width, offset = (v["imml"] & 63) + 1, v["imms"] & 63
    mask = _rol(_low_mask(width), offset)
    if form.mnemonic == "BIS":
        fn: Op1 = lambda a: a | mask  # noqa: E731
    else:
        keep = M ^ mask
        fn = lambda a: a & keep  # noqa: E731
    return _call1(v["RegDst"], v["SrcL"], 4, fn)


@shaped("REV")
def rev(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """ReverseBitfieldBytes: the byte-reversed field of width imml + 1 at offset immr;
    zero when the width is not a whole number of bytes."""
    width, offset = (v["imml"] & 63) + 1, v["immr"] & 63
    if width % 8:
        return _const(v["RegDst"], 0, 4)
    n = width // 8

    def fn(a: int) -> int:
        return int.from_bytes(_extract(a, width, offset, False).to_bytes(n, "little"), "big")

    return _call1(v["RegDst"], v["SrcL"], 4, fn)


@shaped("HL.BFI")
def bfi(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """InsertBitfield(SrcL, SrcR, immr, imms): the low bits of SrcR replace bits
    immr .. imms of SrcL, counting upward modulo 64."""
    first, last = v["immr"] & 63, v["imms"] & 63
    width = (last - first) % 64 + 1
    low = _low_mask(width)
    mask = _rol(low, first)
    keep = M ^ mask
    fn: Op2 = lambda base, src: (base & keep) | _rol(src & low, first)  # noqa: E731
    return _call2(v["RegDst"], v["SrcL"], v["SrcR"], 6, fn)


@semantic("HL.CCAT", "HL.CCATW")
def concatenate(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """HL.CCAT: {SrcL, SrcR} >> shamt (0..127), low word to Dst0, high to Dst1.
    HL.CCATW: {SrcL[31:0], SrcR[31:0]} >> shamt, both halves sign-extended; zero for
    shamt >= 64 (asl/scalar/alu/HL.CCAT.asl, HL.CCATW.asl)."""
    sh = v["shamt"] & 127
    if form.mnemonic == "HL.CCAT":

        def fn(a: int, b: int) -> tuple[int, int]:
            x = ((a << 64) | b) >> sh
            return x & M, x >> 64

    elif sh < 64:

        def fn(a: int, b: int) -> tuple[int, int]:
            x = (((a & M32) << 32) | (b & M32)) >> sh
            return _sx32(x), _sx32(x >> 32)

    else:

        def fn(a: int, b: int) -> tuple[int, int]:
            return 0, 0

    return _pair(m, v, 6, fn)


# ------------------------------------------------------------------ select, constants
_CSEL = {
    "plain": Shape("csel", result="{a} if {p} else {b}"),
    "negate": Shape("csel.neg", result="{a} if {p} else (-{b} & M)"),
    "v0.4": Shape("csel.v04", result="{b} if {p} else {a}"),
}


@shaped("CSEL")
def csel(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """ScalarConditionalSelect: SrcP != 0 selects SrcL, else SrcR (negated when SrcRType
    is 11: :data:`modifiers.SELECT`; other codes leave it unchanged).

    ``--compat linx-v0.4``: that code's CSEL selects SrcR when SrcP is nonzero and SrcL
    otherwise, with SrcRType 11 meaning "no modifier" (its libc++ string accessors only
    work so)."""
    if m.compat == "linx-v0.4":
        shape = _CSEL["v0.4"]
    else:
        negate = modifiers.selected(modifiers.SELECT[v["SrcRType"]]) == modifiers.NEGATE_OR_NOT
        shape = _CSEL["negate" if negate else "plain"]
    return Op(shape, {"p": v["SrcP"], "a": v["SrcL"], "b": v["SrcR"]}, {}, v["RegDst"], 4)


@shaped("LUI")
def lui(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """MaterializeLUI: sext(imm20) << 12."""
    imm = v["imm20"]
    return _const(v["RegDst"], (imm - (1 << 20) if imm >> 19 else imm) << 12, 4)


@shaped("HL.LUI", "HL.LIS", "HL.LIU")
def long_immediate(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """HL.LUI: zext(imm32) << 32; HL.LIS: sext(simm32); HL.LIU: zext(uimm32).

    Under ``--compat linx-v0.4`` HL.LUI loads sext(imm32): that toolchain materialises -1
    as ``hl.lui 0xffffffff`` dozens of times, and where it needs a 32-bit unsigned value
    it zero-extends explicitly (01_containers.static at 0x23772: ``hl.lui 0xfffffff0,
    ->t`` then ``bxu t#1, 0, 32, ->u``), which only makes sense if the load sign-extends."""
    name = form.mnemonic
    if name == "HL.LUI":
        value = (v["imm"] & M32) << 32
        if m.compat == "linx-v0.4":
            value = (v["imm"] & M32) | (~M32 & M if v["imm"] & 0x80000000 else 0)
    elif name == "HL.LIS":
        value = v["simm32"]
    else:
        value = v["uimm32"]
    return _const(v["RegDst"], value, 6)


@shaped("C.MOVI")
def c_movi(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """Rd <- sext(simm5) (RegDst 10 is illegal, checked by the form constraint)."""
    return _const(v["RegDst"], v["simm5"], 2)


@shaped("C.MOVR")
def c_movr(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    return Op(MOVE, {"a": v["SrcL"]}, {}, v["RegDst"], 2)


# ------------------------------------------------------------ compressed, push T
# The C16 arithmetic forms publish to T (WriteCompressedTResult).
_COMPRESSED = {
    "C.ADD": Shape("c.add", result="({a} + {b}) & M"),
    "C.SUB": Shape("c.sub", result="({a} - {b}) & M"),
    "C.AND": Shape("c.and", result="{a} & {b}"),
    "C.OR": Shape("c.or", result="{a} | {b}"),
}
C_ADDI = Shape("c.addi", result="({a} + {imm}) & M")
_C_SHIFT = {
    "C.SLLI": Shape("c.slli", result="({a} << {sh}) & M"),
    "C.SRLI": Shape("c.srli", result="{a} >> {sh}"),
}
_EXTEND = {
    "C.SEXT.B": Shape("c.sext.b", result="((({a} & 0xFF) ^ 0x80) - 0x80) & M"),
    "C.SEXT.H": Shape("c.sext.h", result="((({a} & 0xFFFF) ^ 0x8000) - 0x8000) & M"),
    "C.SEXT.W": Shape("c.sext.w", result=sx32("{a}")),
    "C.ZEXT.B": Shape("c.zext.b", result="{a} & 0xFF"),
    "C.ZEXT.H": Shape("c.zext.h", result="{a} & 0xFFFF"),
    "C.ZEXT.W": Shape("c.zext.w", result="{a} & M32"),
}


@shaped("C.ADDI")
def c_addi(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """T <- SrcL + sext(simm5)."""
    return Op(C_ADDI, {"a": v["SrcL"]}, {"imm": v["simm5"] & M}, PUSH_T, 2)


@shaped(*_COMPRESSED)
def c_binary(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """T <- SrcL op SrcR."""
    return Op(_COMPRESSED[form.mnemonic], {"a": v["SrcL"], "b": v["SrcR"]}, {}, PUSH_T, 2)


@shaped(*_C_SHIFT)
def c_shift(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """T <- T#1 shifted by uimm5 (the machine checks T#1 is available)."""
    return Op(_C_SHIFT[form.mnemonic], {"a": T_BASE}, {"sh": v["uimm5"]}, PUSH_T, 2)


@shaped(*_EXTEND)
def c_extend(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """ExtendScalarValue of SrcL's low byte, half or word, published to T."""
    return Op(_EXTEND[form.mnemonic], {"a": v["SrcL"]}, {}, PUSH_T, 2)
