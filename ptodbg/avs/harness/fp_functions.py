"""The scalar floating-point model functions, answered by ptodbg's FSU
(``asl/scalar/model/fsu/{arithmetic,profile}.asl``, ``asl/scalar/model/dispatch/fsu.asl``).

Two kinds of answer:

* encodings and modes: the carrier and type codes, the rounding modes (ptodbg's
  ``ACTIVE_MODE`` and ``FIXED_MODE`` tables, the ones its FSU handlers use), and the
  profile functions on encodings (``ConvertFloatingEncoding``, ``ScalarFPMinMax``), which
  run the instruction on a private reference-profile machine, as the machine under test is;
* the model's functions on mathematical reals (``FloatingBinary(FloatingBinary_ADD, 1.5,
  2.25)``): the instruction on a private machine with ptodbg's IEEE model, the reals as
  binary64 encodings, rounding to nearest-even.  That answer is the exact real only when
  every operand is a binary64 value and the result is exact (no NX); otherwise the point
  is unsupported, never answered with a rounded value.

And two behaviour probes for the per-instruction contracts, measured on ptodbg:
``UsesActiveRounding`` (the result under the IEEE model changes with CORE_STATE's rounding
field) and ``UsesProfileFlags`` (the result comes from the numeric profile: it differs
between ptodbg's reference-profile carrier model and its IEEE model, which only the
profile operations do; min/max, abs and the comparisons are architecture-owned rules).
"""

from __future__ import annotations

from fractions import Fraction

from ptodbg.avs.convert import as_bits, enum_name, word
from ptodbg.avs.harness.contracts import (
    DST0,
    LEFT,
    PROBE_PROPERTIES,
    RIGHT,
    TABLE_PROPERTIES,
    THIRD,
)
from ptodbg.avs.harness.registry import spec_function
from ptodbg.avs.harness.state import Harness
from ptodbg.avs.values import AslError, AssertionFailed, Bits, Enum, Unsupported
from ptodbg.core import Machine, reference
from ptodbg.core.semantics import fsu
from ptodbg.isa.forms import SCALAR_FORMS, Form

FORM: dict[str, Form] = {f.mnemonic: f for f in SCALAR_FORMS}
MASK64 = (1 << 64) - 1
_MODE_NAME = {fsu.RNE: "RNE", fsu.RTM: "RTM", fsu.RTP: "RTP", fsu.RTZ: "RTZ", fsu.RNA: "RNA"}
_MODE_OF = {f"NumericRound_{name}": mode for mode, name in _MODE_NAME.items()}
_ROUNDING_CODE = {fsu.RTM: 1, fsu.RTP: 2, fsu.RTZ: 3}  # CORE_STATE[39:37] selecting each mode
_machines: dict[str, Machine] = {}


def _mode_enum(mode: int) -> Enum:
    return Enum(f"NumericRound_{_MODE_NAME[mode]}")


def fp_execute(form: Form, fields: dict[str, int], regs: dict[int, int], model: str = "carrier",
               rounding: int = 0) -> Machine:
    """One attempt of ``form`` on a private reference-profile machine whose numeric model
    is ``model`` ("carrier" or "ieee") and whose CORE_STATE[39:37] is ``rounding``."""
    m = _machines.get(model)
    if m is None:
        m = _machines[model] = Machine(reference())
        m.fp_model = model  # type: ignore[attr-defined] - read when the form is built
    m.reset()
    m.pc = 0x100
    m.core_state = rounding << fsu.ROUND_SHIFT
    for code, value in regs.items():
        m.r[code] = value & MASK64
    res = m.execute(form.encode({**fields, "RegDst": DST0}), form.length)
    if res.kind != "executed":
        why = res.trap.reason if res.trap is not None else res.message
        raise AssertionFailed(f"ptodbg's {form.mnemonic} did not execute for the FP model function: {why}")
    return m


def _sources(form: Form, operands: tuple[int, ...]) -> tuple[dict[str, int], dict[int, int]]:
    """Fields and registers placing ``operands`` in SrcA, SrcL, SrcR (those the form has)."""
    names = [n for n in ("SrcA", "SrcL", "SrcR") if n in form.by_name]
    codes = (THIRD, LEFT, RIGHT)[-len(names):]
    return dict(zip(names, codes, strict=True)), dict(zip(codes, operands, strict=True))


# -------------------------------------------------------------- codes and modes
def _carrier_code(sel: int) -> int:
    """The destination-type code of the carrier SrcType ``sel`` selects (FP64 0, FP32 1),
    or 31 for a SrcType that FADD's constraints reject (reserved)."""
    if not all(c.holds(sel) for c in FORM["FADD"].constraints if c.field == "SrcType"):
        return 31
    width = fsu.CARRIERS[sel].width
    return next(code for code, bits in fsu.FP_CARRIER_BITS.items() if bits == width)


@spec_function("ScalarFPSourceTypeCode", "asl/scalar/model/fsu/profile.asl")
def scalar_fp_source_type_code(h: Harness, source_type: object) -> Bits:
    return Bits(5, _carrier_code(as_bits(source_type, "a SrcType", 2)))


def _integer_source(signed: bool):  # noqa: ANN202
    def code(h: Harness, source_type: object) -> Bits:
        """The integer type code SCVTF (signed) / UCVTF reads for a SrcType: s64/u64 for
        0, s32/u32 for 1 (the low word), 31 for a reserved SrcType."""
        sel = as_bits(source_type, "a SrcType", 2)
        form = FORM["SCVTF" if signed else "UCVTF"]
        if not all(c.holds(sel) for c in form.constraints if c.field == "SrcType"):
            return Bits(5, 31)
        width = 32 if sel == fsu.FP32 else 64
        return Bits(5, next(c for c, (w, s) in fsu.INT_TYPES.items() if (w, s) == (width, signed)))

    return code


spec_function("ScalarSignedIntegerSourceTypeCode", "asl/scalar/model/fsu/profile.asl")(_integer_source(True))
spec_function("ScalarUnsignedIntegerSourceTypeCode", "asl/scalar/model/fsu/profile.asl")(_integer_source(False))


@spec_function("ScalarFPTypeCodeSupported", "asl/scalar/model/fsu/profile.asl")
def scalar_fp_type_code_supported(h: Harness, code: object) -> bool:
    return as_bits(code, "a type code", 5) in fsu.FP_CARRIER_BITS


@spec_function("ScalarIntegerTypeCodeSupported", "asl/scalar/model/fsu/profile.asl")
def scalar_integer_type_code_supported(h: Harness, code: object) -> bool:
    return as_bits(code, "a type code", 5) in fsu.INT_TYPES


@spec_function("ResolveScalarFPActiveRoundingMode", "asl/scalar/model/fsu/arithmetic.asl")
def resolve_scalar_fp_active_rounding_mode(h: Harness, encoded: object) -> Enum:
    return _mode_enum(fsu.ACTIVE_MODE[as_bits(encoded, "a rounding field", 3)])


@spec_function("ScalarFPActiveRoundingMode", "asl/scalar/model/fsu/profile.asl")
def scalar_fp_active_rounding_mode(h: Harness) -> Enum:
    return _mode_enum(fsu.ACTIVE_MODE[(h.m.core_state >> fsu.ROUND_SHIFT) & 7])


@spec_function("ScalarFPFixedConversionRoundingMode", "asl/scalar/model/fsu/profile.asl")
def scalar_fp_fixed_conversion_rounding_mode(h: Harness, operation: object) -> Enum:
    name = enum_name(operation, "a ScalarOperation").removeprefix("ScalarOperation_")
    if name not in fsu.FIXED_MODE:
        raise AslError(f"ScalarFPFixedConversionRoundingMode of {name}: unreachable in the model")
    return _mode_enum(fsu.FIXED_MODE[name])


def _fixed_rounding(h: Harness, form: Form) -> Enum:
    if form.mnemonic not in fsu.FIXED_MODE:
        raise Unsupported(f"{form.mnemonic} has no fixed rounding mode")
    return _mode_enum(fsu.FIXED_MODE[form.mnemonic])


TABLE_PROPERTIES["FixedRounding"] = _fixed_rounding


# ------------------------------------------------------------ behaviour probes
# 1 + 2**-52 and the binary64 nearest 1/3: every profile operation on them is inexact (a
# sum, difference, product, quotient, fused product, root, exponential, reciprocal, FP32
# conversion, and the integer conversion of the 1/3 carrier's bits).
_ONE_PLUS = 0x3FF0000000000001
_THIRD = 0x3FD5555555555555


def _probe_fields(form: Form) -> dict[str, int]:
    fields = {"SrcType": 0}
    if "DstType" in form.by_name:
        # FCVT to FP32, FCVT{A,M,N,P,Z} to s64, SCVTF/UCVTF to FP64: all may round
        fields["DstType"] = 1 if form.mnemonic == "FCVT" else 8 if form.mnemonic in fsu.FIXED_MODE else 0
    return fields


_PROBES = ((0, _ONE_PLUS, _THIRD), (0x4000000000000000, 0x3FE0000000000000, 0x4010000000000000))


def _probe(form: Form, model: str, rounding: int, operands: tuple[int, int, int]) -> tuple[int, int]:
    """(result, flags) of the form on the probe operands: the last one, two or three,
    as many as it has sources (SrcA the addend, SrcL, SrcR)."""
    count = sum(n in form.by_name for n in ("SrcA", "SrcL", "SrcR"))
    names, regs = _sources(form, operands[3 - count:])
    m = fp_execute(form, {**_probe_fields(form), **names}, regs, model, rounding)
    return m.r[DST0], (m.core_state >> fsu.FLAGS_SHIFT) & 0x1F


def _uses_active_rounding(h: Harness, form: Form) -> bool:
    """Whether rounding up and rounding down (CORE_STATE[39:37]) give different results on
    an inexact operation (IEEE model)."""
    up = _probe(form, "ieee", _ROUNDING_CODE[fsu.RTP], _PROBES[0])
    down = _probe(form, "ieee", _ROUNDING_CODE[fsu.RTM], _PROBES[0])
    return up[0] != down[0]


def _uses_profile_flags(h: Harness, form: Form) -> bool:
    """Whether the result comes from the numeric profile (carrier and IEEE models differ)."""
    return any(_probe(form, "carrier", 0, p) != _probe(form, "ieee", 0, p) for p in _PROBES)


PROBE_PROPERTIES["UsesActiveRounding"] = _uses_active_rounding
PROBE_PROPERTIES["UsesProfileFlags"] = _uses_profile_flags


# ------------------------------------------------------------ profile functions
@spec_function("ConvertFloatingEncoding", "asl/scalar/model/fsu/arithmetic.asl")
def convert_floating_encoding(h: Harness, value: object, source_type: object, destination_type: object,
                              rounding_mode: object) -> Bits:
    """FCVT (reference profile) from the carrier a source code names to a destination code,
    with the rounding field given."""
    src = as_bits(source_type, "a source type code", 5)
    sel = next((sel for sel in range(4) if _carrier_code(sel) == src), None)
    if sel is None:
        raise Unsupported(f"ConvertFloatingEncoding from type code {src}: no FCVT SrcType selects it")
    dst = as_bits(destination_type, "a destination type code", 5)
    form = FORM["FCVT"]
    if not all(c.holds(dst) for c in form.constraints if c.field == "DstType"):
        raise AssertionFailed(f"FCVT has no destination type {dst}")
    m = fp_execute(form, {"SrcType": sel, "DstType": dst, "SrcL": LEFT}, {LEFT: as_bits(value, "the value")},
                   rounding=as_bits(rounding_mode, "the rounding field", 3))
    return word(m.r[DST0])


@spec_function("ScalarFPMinMax", "asl/scalar/model/fsu/arithmetic.asl")
def scalar_fp_min_max(h: Harness, op: object, left: object, right: object, source_type: object) -> Bits:
    name = enum_name(op, "a FloatingBinaryOperation").removeprefix("FloatingBinary_")
    if name not in ("MIN", "MAX"):
        raise AslError(f"ScalarFPMinMax of FloatingBinary_{name}")
    form = FORM["F" + name]
    m = fp_execute(form, {"SrcType": as_bits(source_type, "a SrcType", 2), "SrcL": LEFT, "SrcR": RIGHT},
                   {LEFT: as_bits(left, "left"), RIGHT: as_bits(right, "right")})
    return word(m.r[DST0])


# ------------------------------------------------------------------ reals
def _real(value: object, what: str) -> Fraction:
    if type(value) is int:
        return Fraction(value)
    if type(value) is not Fraction:
        raise AslError(f"type error: {what} must be a real")
    return value  # type: ignore[return-value]


def _encode(value: object, what: str) -> int:
    bits, flags = fsu.ieee_from_fraction(_real(value, what), fsu.F64, fsu.RNE)
    if flags:
        raise Unsupported(f"{what} {value} is not a binary64 value (ptodbg's FSU computes on encodings)")
    return bits


def _real_result(form: Form, fields: dict[str, int], operands: tuple[object, ...]) -> Fraction:
    names, regs = _sources(form, tuple(_encode(v, "operand") for v in operands))
    m = fp_execute(form, {"SrcType": 0, **fields, **names}, regs, "ieee")
    if (m.core_state >> fsu.FLAGS_SHIFT) & (fsu.NX | fsu.NV | fsu.DZ | fsu.OF | fsu.UF):
        raise Unsupported(f"the exact result of {form.mnemonic} on {operands} is not a binary64 value")
    value = fsu.ieee_value(m.r[DST0], fsu.F64)
    if value is None:
        raise Unsupported(f"{form.mnemonic} on {operands} is not a finite real")
    return value


_BINARY = {"ADD": "FADD", "SUB": "FSUB", "MUL": "FMUL", "DIV": "FDIV", "MIN": "FMIN", "MAX": "FMAX"}
_FUSED = {"MADD": "FMADD", "MSUB": "FMSUB", "NMADD": "FNMADD", "NMSUB": "FNMSUB"}
_UNARY = {"SQRT": "FSQRT", "EXP": "FEXP", "RECIP": "FRECIP", "ABS": "FABS"}
# (form, swap the operands): LE and GT are GE and LT with the operands exchanged
_COMPARE = {"EQ": ("FEQ", False), "NE": ("FNE", False), "LT": ("FLT", False), "GE": ("FGE", False),
            "LE": ("FGE", True), "GT": ("FLT", True)}


def _operation(value: object, kind: str, table: dict) -> object:
    name = enum_name(value, f"a {kind}Operation").removeprefix(f"{kind}_")
    if name not in table:
        raise AslError(f"{kind}_{name} is not a {kind}Operation")
    return table[name]


@spec_function("FloatingBinary", "asl/scalar/model/fsu/arithmetic.asl")
def floating_binary(h: Harness, op: object, left: object, right: object) -> Fraction:
    return _real_result(FORM[_operation(op, "FloatingBinary", _BINARY)], {}, (left, right))  # type: ignore[index]


@spec_function("FloatingFused", "asl/scalar/model/fsu/arithmetic.asl")
def floating_fused(h: Harness, op: object, addend: object, left: object, right: object) -> Fraction:
    return _real_result(FORM[_operation(op, "FloatingFused", _FUSED)], {}, (addend, left, right))  # type: ignore[index]


@spec_function("FloatingUnary", "asl/scalar/model/fsu/arithmetic.asl")
def floating_unary(h: Harness, op: object, value: object) -> Fraction:
    return _real_result(FORM[_operation(op, "FloatingUnary", _UNARY)], {}, (value,))  # type: ignore[index]


@spec_function("FloatingCompare", "asl/scalar/model/fsu/arithmetic.asl")
def floating_compare(h: Harness, op: object, left: object, right: object) -> bool:
    mnemonic, swap = _operation(op, "FloatingCompare", _COMPARE)  # type: ignore[misc]
    a, b = (right, left) if swap else (left, right)
    names, regs = _sources(FORM[mnemonic], (_encode(a, "left"), _encode(b, "right")))
    return bool(fp_execute(FORM[mnemonic], {"SrcType": 0, **names}, regs, "ieee").r[DST0])


@spec_function("FloatingExponential", "asl/arch/profile/reference-profile.asl")
def floating_exponential(h: Harness, value: object) -> Fraction:
    """FEXP (IEEE model) where e**x is a binary64 value: only x = 0 (the reference
    profile's Taylor series and ptodbg's correctly rounded exp agree there)."""
    return _real_result(FORM["FEXP"], {}, (value,))


# ------------------------------------------------- the reference profile's FP hooks
# ScalarFP*Profile (asl/arch/profile/reference-profile.asl): what the FSU instructions
# compute on the reference profile (ptodbg's carrier model), given a rounding mode the
# CORE_STATE rounding field can select, a carrier or integer type code and the operands.
_PROFILE = "asl/arch/profile/reference-profile.asl"


def _profile_rounding(mode: object) -> int:
    rounding = _MODE_OF.get(enum_name(mode, "a NumericRoundingMode"))
    if rounding == fsu.RNE:
        return 0
    if rounding not in _ROUNDING_CODE:
        raise Unsupported(f"{mode!r} is not a mode CORE_STATE's rounding field selects (a tile-surface mode)")
    return _ROUNDING_CODE[rounding]


def _source_select(code: object) -> int:
    """The SrcType whose carrier has type code ``code``."""
    value = as_bits(code, "a type code", 5)
    sel = next((s for s in range(4) if _carrier_code(s) == value), None)
    if sel is None:
        raise AssertionFailed(f"type code {value} is not a scalar FP carrier")
    return sel


def _profile_result(form: Form, fields: dict[str, int], operands: tuple[int, ...], rounding: int) -> tuple:
    names, regs = _sources(form, operands)
    m = fp_execute(form, {**fields, **names}, regs, "carrier", rounding)
    return word(m.r[DST0]), Bits(5, (m.core_state >> fsu.FLAGS_SHIFT) & 0x1F)


@spec_function("ScalarFPBinaryProfile", _PROFILE)
def scalar_fp_binary_profile(h: Harness, op: object, mode: object, source_type: object, left: object,
                             right: object) -> tuple:
    form = FORM[_operation(op, "FloatingBinary", _BINARY)]  # type: ignore[index]
    return _profile_result(form, {"SrcType": _source_select(source_type)},
                           (as_bits(left, "left"), as_bits(right, "right")), _profile_rounding(mode))


@spec_function("ScalarFPUnaryProfile", _PROFILE)
def scalar_fp_unary_profile(h: Harness, op: object, mode: object, source_type: object, value: object) -> tuple:
    form = FORM[_operation(op, "FloatingUnary", _UNARY)]  # type: ignore[index]
    return _profile_result(form, {"SrcType": _source_select(source_type)}, (as_bits(value, "value"),),
                           _profile_rounding(mode))


@spec_function("ScalarFPFusedProfile", _PROFILE)
def scalar_fp_fused_profile(h: Harness, op: object, mode: object, source_type: object, addend: object,
                            left: object, right: object) -> tuple:
    form = FORM[_operation(op, "FloatingFused", _FUSED)]  # type: ignore[index]
    operands = (as_bits(addend, "addend"), as_bits(left, "left"), as_bits(right, "right"))
    return _profile_result(form, {"SrcType": _source_select(source_type)}, operands, _profile_rounding(mode))


@spec_function("ScalarFPToIntegerProfile", _PROFILE)
def scalar_fp_to_integer_profile(h: Harness, mode: object, destination_type: object, source_type: object,
                                 value: object) -> tuple:
    """The FCVT{A,M,N,P,Z} whose fixed mode is ``mode``."""
    wanted = _MODE_OF.get(enum_name(mode, "a NumericRoundingMode"))
    name = next((n for n, fixed in fsu.FIXED_MODE.items() if fixed == wanted), None)
    if name is None:
        raise Unsupported(f"{mode!r}: no scalar conversion to an integer rounds so (a tile-surface mode)")
    fields = {"SrcType": _source_select(source_type), "DstType": as_bits(destination_type, "a type code", 5)}
    return _profile_result(FORM[name], fields, (as_bits(value, "value"),), 0)


@spec_function("ScalarFPConvertProfile", _PROFILE)
def scalar_fp_convert_profile(h: Harness, mode: object, destination_type: object, source_type: object,
                              value: object) -> tuple:
    fields = {"SrcType": _source_select(source_type), "DstType": as_bits(destination_type, "a type code", 5)}
    return _profile_result(FORM["FCVT"], fields, (as_bits(value, "value"),), _profile_rounding(mode))


@spec_function("ScalarIntegerToFPProfile", _PROFILE)
def scalar_integer_to_fp_profile(h: Harness, mode: object, source_type: object, destination_type: object,
                                 value: object) -> tuple:
    """SCVTF or UCVTF, whichever reads the integer type ``source_type`` (s64/s32, u64/u32)."""
    code = as_bits(source_type, "an integer type code", 5)
    for name, signed in (("SCVTF", True), ("UCVTF", False)):
        for sel in range(4):
            if _integer_source(signed)(h, Bits(2, sel)).value == code:
                fields = {"SrcType": sel, "DstType": as_bits(destination_type, "a type code", 5)}
                return _profile_result(FORM[name], fields, (as_bits(value, "value"),), _profile_rounding(mode))
    raise AssertionFailed(f"integer type code {code} is no SCVTF/UCVTF source")
