"""Integer ALU forms (``asl/scalar/model/alu/semantics.asl``, ``dispatch/alu.asl``).

Value rules: all arithmetic wraps mod 2^64; W forms compute on the low 32 bits and
sign-extend (ScalarBinaryW); shifts use SrcR[5:0] (W: [4:0]); division by zero gives
quotient 0 and remainder = dividend (CORE.md §7.15).  ADDI/SUBI immediates are unsigned
(§7.16).  The right-operand modifier of the binary forms is SrcRType: 00 sign-extend the
low word, 01 zero-extend it, 10 negate (ADD/SUB) or NOT (AND/OR/XOR), 11 none (§7.17),
applied before ``<< shamt`` (DecodeScalarBinaryRightModifier in ``dispatch/decode.asl``).

Bitfield forms take width = imml + 1 and offset = imms (REV: immr); HL.BFI inserts SrcR
into SrcL from bit immr up to bit imms, wrapping at 64 (ScalarDecodedBitfieldWidth,
ExtractBitfield, CountBitfield, ModifyBitfield, ReverseBitfieldBytes, InsertBitfield).
The C16 arithmetic forms publish to T (WriteCompressedTResult); C.SLLI/C.SRLI read T#1.

Every handler reads all its sources before the first destination effect, and two-result
forms publish Dst0 then Dst1.  The hottest forms have closures specialised for a GPR
destination, so the step loop pays one call and no destination dispatch; other
destinations go through :func:`~ptodbg.core.semantics.writer`.

SETRET-family and C.SETC.TGT (catalog family ALU) live in :mod:`.bru` with the other
return-address and commit-target forms.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ptodbg.core.semantics import MASK32, MASK64, semantic, sx64, writer

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
Op3 = Callable[[int, int, int], int]
Pair2 = Callable[[int, int], tuple[int, int]]


# ------------------------------------------------------------------ value helpers
def _sx32(x: int) -> int:
    """SignExtend{64}(x[31:0]) as an unsigned 64-bit value."""
    x &= M32
    return x | HIGH32 if x & 0x80000000 else x


def _sra(a: int, n: int) -> int:
    """ASR of a 64-bit value by n (0..63)."""
    return (sx64(a) >> n) & M


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


# ------------------------------------------------------------------ handler shapes
def _imm_op(m: Machine, d: int, s: int, size: int, fn: Op1) -> Handler:
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


def _reg_op(m: Machine, d: int, s: int, t: int, size: int, fn: Op2) -> Handler:
    """Handler for Rd <- fn(SrcL, SrcR)."""
    r = m.r
    if 0 < d < 24:

        def h(pc: int) -> int:
            r[d] = fn(r[s], r[t])
            return pc + size

        return h
    w = writer(m, d)

    def hw(pc: int) -> int:
        w(fn(r[s], r[t]))
        return pc + size

    return hw


def _three_op(m: Machine, d: int, a: int, b: int, c: int, size: int, fn: Op3) -> Handler:
    """Handler for Rd <- fn(r[a], r[b], r[c]) (MADD/MADDW, CSEL)."""
    r = m.r
    w = writer(m, d)

    def h(pc: int) -> int:
        w(fn(r[a], r[b], r[c]))
        return pc + size

    return h


def _const(m: Machine, d: int, value: int, size: int) -> Handler:
    """Handler for Rd <- a constant (LUI, HL.LI*, C.MOVI)."""
    r = m.r
    value &= M
    if 0 < d < 24:

        def h(pc: int) -> int:
            r[d] = value
            return pc + size

        return h
    w = writer(m, d)

    def hw(pc: int) -> int:
        w(value)
        return pc + size

    return hw


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


def _push_t(m: Machine, s: int, t: int, fn: Op2) -> Handler:
    """C16 forms publishing fn(SrcL, SrcR) to T (WriteCompressedTResult)."""
    r = m.r
    push = m.push_t

    def h(pc: int) -> int:
        push(fn(r[s], r[t]))
        return pc + 2

    return h


# ------------------------------------------------------------- binary with modifier
def _right_modifier(mod: int, sh: int, logical: bool) -> Op1:
    """PrepareScalarRight for the binary ALU family (SrcRType, then << shamt)."""
    if mod == 0:
        return lambda x: (_sx32(x) << sh) & M
    if mod == 1:
        return lambda x: ((x & M32) << sh) & M
    if mod == 2:
        if logical:
            return lambda x: ((~x & M) << sh) & M
        return lambda x: ((-x & M) << sh) & M
    return lambda x: (x << sh) & M


def _fast_add(r: list[int], d: int, s: int, t: int) -> Handler:
    def h(pc: int) -> int:
        r[d] = (r[s] + r[t]) & M
        return pc + 4

    return h


def _fast_sub(r: list[int], d: int, s: int, t: int) -> Handler:
    def h(pc: int) -> int:
        r[d] = (r[s] - r[t]) & M
        return pc + 4

    return h


def _fast_and(r: list[int], d: int, s: int, t: int) -> Handler:
    def h(pc: int) -> int:
        r[d] = r[s] & r[t]
        return pc + 4

    return h


def _fast_or(r: list[int], d: int, s: int, t: int) -> Handler:
    def h(pc: int) -> int:
        r[d] = r[s] | r[t]
        return pc + 4

    return h


def _fast_xor(r: list[int], d: int, s: int, t: int) -> Handler:
    def h(pc: int) -> int:
        r[d] = r[s] ^ r[t]
        return pc + 4

    return h


# name -> (64-bit operation on (left, prepared right), logical family, fast closure)
_BINARY: dict[str, tuple[Op2, bool, Callable[[list[int], int, int, int], Handler]]] = {
    "ADD": (lambda a, b: (a + b) & M, False, _fast_add),
    "SUB": (lambda a, b: (a - b) & M, False, _fast_sub),
    "AND": (lambda a, b: a & b, True, _fast_and),
    "OR": (lambda a, b: a | b, True, _fast_or),
    "XOR": (lambda a, b: a ^ b, True, _fast_xor),
}


@semantic("ADD", "SUB", "AND", "OR", "XOR", "ADDW", "SUBW", "ANDW", "ORW", "XORW")
def binary(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteDecodedBinary: Rd <- SrcL op ((SrcR modified by SrcRType) << shamt)."""
    name = form.mnemonic
    word = name.endswith("W")
    op, logical, fast = _BINARY[name[:-1] if word else name]
    d, s, t, mod, sh = v["RegDst"], v["SrcL"], v["SrcR"], v["SrcRType"], v["shamt"]
    r = m.r
    if not word and mod == 3 and 0 < d < 24:
        if sh == 0:
            return fast(r, d, s, t)
        if name == "ADD":  # scaled-index address arithmetic

            def add_shifted(pc: int) -> int:
                r[d] = (r[s] + (r[t] << sh)) & M
                return pc + 4

            return add_shifted
    right = _right_modifier(mod, sh, logical)
    if word:
        return _reg_op(m, d, s, t, 4, lambda a, b: _sx32(op(a, right(b))))
    return _reg_op(m, d, s, t, 4, lambda a, b: op(a, right(b)))


# ------------------------------------------------------------------ immediates
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


@semantic("SUBI", "HL.SUBI")
def subi(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """SrcL - zext(uimm): the immediate is unsigned (CORE.md §7.16)."""
    d, s = v["RegDst"], v["SrcL"]
    imm = v.get("uimm12", v.get("uimm24"))
    size = length // 8
    r = m.r
    if 0 < d < 24:

        def h(pc: int) -> int:
            r[d] = (r[s] - imm) & M
            return pc + size

        return h
    return _imm_op(m, d, s, size, lambda a: (a - imm) & M)


@semantic("ANDI", "HL.ANDI")
def andi(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """SrcL AND sext(simm)."""
    d, s = v["RegDst"], v["SrcL"]
    imm = v.get("simm12", v.get("simm24")) & M
    size = length // 8
    r = m.r
    if 0 < d < 24:

        def h(pc: int) -> int:
            r[d] = r[s] & imm
            return pc + size

        return h
    return _imm_op(m, d, s, size, lambda a: a & imm)


@semantic("ORI", "HL.ORI")
def ori(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """SrcL OR sext(simm)."""
    d, s = v["RegDst"], v["SrcL"]
    imm = v.get("simm12", v.get("simm24")) & M
    size = length // 8
    r = m.r
    if 0 < d < 24:

        def h(pc: int) -> int:
            r[d] = r[s] | imm
            return pc + size

        return h
    return _imm_op(m, d, s, size, lambda a: a | imm)


@semantic("XORI", "HL.XORI")
def xori(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """SrcL XOR sext(simm)."""
    d, s = v["RegDst"], v["SrcL"]
    imm = v.get("simm12", v.get("simm24")) & M
    size = length // 8
    r = m.r
    if 0 < d < 24:

        def h(pc: int) -> int:
            r[d] = r[s] ^ imm
            return pc + size

        return h
    return _imm_op(m, d, s, size, lambda a: a ^ imm)


_IMM_W: dict[str, Callable[[int, int], int]] = {
    "ADDIW": lambda a, i: a + i,
    "SUBIW": lambda a, i: a - i,
    "ANDIW": lambda a, i: a & i,
    "ORIW": lambda a, i: a | i,
    "XORIW": lambda a, i: a ^ i,
}


@semantic("ADDIW", "SUBIW", "ANDIW", "ORIW", "XORIW",
          "HL.ADDIW", "HL.SUBIW", "HL.ANDIW", "HL.ORIW", "HL.XORIW")
def immediate_w(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ScalarBinaryW with the decoded immediate: 32-bit result, sign-extended.  ADDIW and
    SUBIW zero-extend their immediate, the logical forms sign-extend it."""
    op = _IMM_W[form.mnemonic.removeprefix("HL.")]
    imm = next(v[f] for f in ("uimm12", "uimm24", "simm12", "simm24") if f in v) & M
    return _imm_op(m, v["RegDst"], v["SrcL"], length // 8, lambda a: _sx32(op(a, imm)))


# ------------------------------------------------------------------------- shifts
@semantic("SLLI")
def slli(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    d, s, sh = v["RegDst"], v["SrcL"], v["shamt"] & 63
    r = m.r
    if 0 < d < 24:

        def h(pc: int) -> int:
            r[d] = (r[s] << sh) & M
            return pc + 4

        return h
    return _imm_op(m, d, s, 4, lambda a: (a << sh) & M)


@semantic("SRLI")
def srli(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    d, s, sh = v["RegDst"], v["SrcL"], v["shamt"] & 63
    r = m.r
    if 0 < d < 24:

        def h(pc: int) -> int:
            r[d] = r[s] >> sh
            return pc + 4

        return h
    return _imm_op(m, d, s, 4, lambda a: a >> sh)


@semantic("SRAI")
def srai(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    d, s, sh = v["RegDst"], v["SrcL"], v["shamt"] & 63
    r = m.r
    if 0 < d < 24:

        def h(pc: int) -> int:
            a = r[s]
            r[d] = ((a - ((a & SIGN) << 1)) >> sh) & M
            return pc + 4

        return h
    return _imm_op(m, d, s, 4, lambda a: _sra(a, sh))


@semantic("SLLIW", "SRLIW", "SRAIW")
def shift_imm_w(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ScalarBinaryW on the low word by shamt[4:0], result sign-extended."""
    sh = v["shamt"] & 31
    fn: Op1 = {
        "SLLIW": lambda a: _sx32(a << sh),
        "SRLIW": lambda a: _sx32((a & M32) >> sh),
        "SRAIW": lambda a: _sx32(sx64(_sx32(a)) >> sh),
    }[form.mnemonic]
    return _imm_op(m, v["RegDst"], v["SrcL"], 4, fn)


_SHIFT: dict[str, Op2] = {
    "SLL": lambda a, b: (a << (b & 63)) & M,
    "SRL": lambda a, b: a >> (b & 63),
    "SRA": lambda a, b: _sra(a, b & 63),
    "SLLW": lambda a, b: _sx32(a << (b & 31)),
    "SRLW": lambda a, b: _sx32((a & M32) >> (b & 31)),
    "SRAW": lambda a, b: _sx32(sx64(_sx32(a)) >> (b & 31)),
}


@semantic(*_SHIFT)
def shift_reg(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteDecodedSimpleBinary shifts: amount SrcR[5:0] (W: SrcR[4:0])."""
    return _reg_op(m, v["RegDst"], v["SrcL"], v["SrcR"], 4, _SHIFT[form.mnemonic])


# --------------------------------------------------------------- min / max / mul / div
_SIMPLE: dict[str, Op2] = {
    "MIN": lambda a, b: a if sx64(a) < sx64(b) else b,
    "MAX": lambda a, b: a if sx64(a) > sx64(b) else b,
    "MINU": lambda a, b: a if a < b else b,
    "MAXU": lambda a, b: a if a > b else b,
    # MultiplyWord: the low 64 bits, identical for signed and unsigned operands.
    "MUL": lambda a, b: (a * b) & M,
    "MULU": lambda a, b: (a * b) & M,
    # ScalarMultiplyW: zero-extended low words, low 32 bits of the product sign-extended.
    "MULW": lambda a, b: _sx32((a & M32) * (b & M32)),
    "MULUW": lambda a, b: _sx32((a & M32) * (b & M32)),
    "DIV": _divs,
    "DIVU": _divu,
    "DIVW": _divw,
    "DIVUW": _divuw,
    "REM": _rems,
    "REMU": _remu,
    "REMW": _remw,
    "REMUW": _remuw,
}


@semantic(*_SIMPLE)
def simple(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """Rd <- op(SrcL, SrcR) without a right modifier."""
    return _reg_op(m, v["RegDst"], v["SrcL"], v["SrcR"], 4, _SIMPLE[form.mnemonic])


@semantic("MADD", "MADDW")
def madd(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ScalarMultiplyAdd(SrcD, SrcL, SrcR) = SrcD + SrcL * SrcR; the W form adds the low
    words of the 64-bit product and of SrcD and sign-extends the 32-bit sum."""
    if form.mnemonic == "MADD":
        fn: Op3 = lambda acc, a, b: (acc + a * b) & M  # noqa: E731
    else:
        fn = lambda acc, a, b: _sx32(a * b + acc)  # noqa: E731
    return _three_op(m, v["RegDst"], v["SrcD"], v["SrcL"], v["SrcR"], 4, fn)


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


@semantic("HL.MIADD", "HL.MISUB")
def multiply_immediate(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ScalarMultiplyImmediateAdd: SrcL +/- SrcR * zext(uimm19)."""
    imm = v["uimm19"]
    if form.mnemonic == "HL.MIADD":
        fn: Op2 = lambda a, b: (a + b * imm) & M  # noqa: E731
    else:
        fn = lambda a, b: (a - b * imm) & M  # noqa: E731
    return _reg_op(m, v["RegDst"], v["SrcL"], v["SrcR"], 6, fn)


# ---------------------------------------------------------------------- bitfields
def _extract(x: int, width: int, offset: int, signed: bool) -> int:
    """ExtractBitfield: rotate right by offset, keep width bits, optionally sign-extend."""
    low = _low_mask(width)
    f = _ror(x, offset) & low
    if signed and f >> (width - 1):
        f |= M ^ low
    return f


@semantic("BXS", "BXU")
def extract(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    width, offset = (v["imml"] & 63) + 1, v["imms"] & 63
    signed = form.mnemonic == "BXS"
    return _imm_op(m, v["RegDst"], v["SrcL"], 4, lambda a: _extract(a, width, offset, signed))


@semantic("CLZ", "CTZ", "BCNT")
def count(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
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
    return _imm_op(m, v["RegDst"], v["SrcL"], 4, fn)


@semantic("BIC", "BIS")
def modify(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ModifyBitfield: clear or set bits (offset + i) mod 64 for i < width."""
    width, offset = (v["imml"] & 63) + 1, v["imms"] & 63
    mask = _rol(_low_mask(width), offset)
    if form.mnemonic == "BIS":
        fn: Op1 = lambda a: a | mask  # noqa: E731
    else:
        keep = M ^ mask
        fn = lambda a: a & keep  # noqa: E731
    return _imm_op(m, v["RegDst"], v["SrcL"], 4, fn)


@semantic("REV")
def rev(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ReverseBitfieldBytes: the byte-reversed field of width imml + 1 at offset immr;
    zero when the width is not a whole number of bytes."""
    width, offset = (v["imml"] & 63) + 1, v["immr"] & 63
    if width % 8:
        return _const(m, v["RegDst"], 0, 4)
    n = width // 8

    def fn(a: int) -> int:
        return int.from_bytes(_extract(a, width, offset, False).to_bytes(n, "little"), "big")

    return _imm_op(m, v["RegDst"], v["SrcL"], 4, fn)


@semantic("HL.BFI")
def bfi(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """InsertBitfield(SrcL, SrcR, immr, imms): the low bits of SrcR replace bits
    immr .. imms of SrcL, counting upward modulo 64."""
    first, last = v["immr"] & 63, v["imms"] & 63
    width = (last - first) % 64 + 1
    low = _low_mask(width)
    mask = _rol(low, first)
    keep = M ^ mask
    fn: Op2 = lambda base, src: (base & keep) | _rol(src & low, first)  # noqa: E731
    return _reg_op(m, v["RegDst"], v["SrcL"], v["SrcR"], 6, fn)


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
@semantic("CSEL")
def csel(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ScalarConditionalSelect: SrcP != 0 selects SrcL, else SrcR (negated when SrcRType
    is 11, DecodeScalarSelectRightModifier; other codes leave it unchanged).

    ``--compat linx-v0.4``: that code's CSEL selects SrcR when SrcP is nonzero and SrcL
    otherwise, with SrcRType 11 meaning "no modifier" (its libc++ string accessors only
    work so)."""
    if getattr(m, "compat", None) == "linx-v0.4":
        fn0: Op3 = lambda p, a, b: b if p else a  # noqa: E731
        return _three_op(m, v["RegDst"], v["SrcP"], v["SrcL"], v["SrcR"], 4, fn0)
    if v["SrcRType"] == 3:
        fn: Op3 = lambda p, a, b: a if p else (-b & M)  # noqa: E731
    else:
        fn = lambda p, a, b: a if p else b  # noqa: E731
    return _three_op(m, v["RegDst"], v["SrcP"], v["SrcL"], v["SrcR"], 4, fn)


@semantic("LUI")
def lui(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """MaterializeLUI: sext(imm20) << 12."""
    imm = v["imm20"]
    value = ((imm - (1 << 20) if imm >> 19 else imm) << 12) & M
    return _const(m, v["RegDst"], value, 4)


@semantic("HL.LUI", "HL.LIS", "HL.LIU")
def long_immediate(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """HL.LUI: zext(imm32) << 32; HL.LIS: sext(simm32); HL.LIU: zext(uimm32).

    Under ``--compat linx-v0.4`` HL.LUI loads sext(imm32): that toolchain materialises -1
    as ``hl.lui 0xffffffff`` dozens of times, and where it needs a 32-bit unsigned value
    it zero-extends explicitly (01_containers.static at 0x23772: ``hl.lui 0xfffffff0,
    ->t`` then ``bxu t#1, 0, 32, ->u``), which only makes sense if the load sign-extends."""
    name = form.mnemonic
    if name == "HL.LUI":
        value = (v["imm"] & M32) << 32
        if getattr(m, "compat", None) == "linx-v0.4":
            value = (v["imm"] & M32) | (~M32 & M if v["imm"] & 0x80000000 else 0)
    elif name == "HL.LIS":
        value = v["simm32"] & M
    else:
        value = v["uimm32"]
    return _const(m, v["RegDst"], value, 6)


@semantic("C.MOVI")
def c_movi(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """Rd <- sext(simm5) (RegDst 10 is illegal, checked by the form constraint)."""
    return _const(m, v["RegDst"], v["simm5"], 2)


@semantic("C.MOVR")
def c_movr(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    d, s = v["RegDst"], v["SrcL"]
    r = m.r
    if 0 < d < 24:

        def h(pc: int) -> int:
            r[d] = r[s]
            return pc + 2

        return h
    w = writer(m, d)

    def hw(pc: int) -> int:
        w(r[s])
        return pc + 2

    return hw


# ------------------------------------------------------------ compressed, push T
@semantic("C.ADDI")
def c_addi(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """T <- SrcL + sext(simm5); the push is inlined (hot form)."""
    s, imm = v["SrcL"], v["simm5"] & M
    r = m.r

    def h(pc: int) -> int:
        value = (r[s] + imm) & M
        r[27] = r[26]
        r[26] = r[25]
        r[25] = r[24]
        r[24] = value
        if m.tq < 4:
            m.tq += 1
        return pc + 2

    return h


@semantic("C.ADD")
def c_add(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """T <- SrcL + SrcR; the push is inlined (hot form)."""
    s, t = v["SrcL"], v["SrcR"]
    r = m.r

    def h(pc: int) -> int:
        value = (r[s] + r[t]) & M
        r[27] = r[26]
        r[26] = r[25]
        r[25] = r[24]
        r[24] = value
        if m.tq < 4:
            m.tq += 1
        return pc + 2

    return h


_C_BINARY: dict[str, Op2] = {
    "C.SUB": lambda a, b: (a - b) & M,
    "C.AND": lambda a, b: a & b,
    "C.OR": lambda a, b: a | b,
}


@semantic(*_C_BINARY)
def c_binary(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    return _push_t(m, v["SrcL"], v["SrcR"], _C_BINARY[form.mnemonic])


@semantic("C.SLLI", "C.SRLI")
def c_shift(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """T <- T#1 shifted by uimm5 (the machine checks T#1 is available)."""
    sh = v["uimm5"]
    if form.mnemonic == "C.SLLI":
        fn: Op2 = lambda a, _: (a << sh) & M  # noqa: E731
    else:
        fn = lambda a, _: a >> sh  # noqa: E731
    return _push_t(m, 24, 0, fn)


_EXTEND: dict[str, Op2] = {
    "C.SEXT.B": lambda a, _: ((a & 0xFF) - ((a & 0x80) << 1)) & M,
    "C.SEXT.H": lambda a, _: ((a & 0xFFFF) - ((a & 0x8000) << 1)) & M,
    "C.SEXT.W": lambda a, _: _sx32(a),
    "C.ZEXT.B": lambda a, _: a & 0xFF,
    "C.ZEXT.H": lambda a, _: a & 0xFFFF,
    "C.ZEXT.W": lambda a, _: a & M32,
}


@semantic(*_EXTEND)
def c_extend(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExtendScalarValue of SrcL's low byte, half or word, published to T."""
    return _push_t(m, v["SrcL"], 0, _EXTEND[form.mnemonic])
