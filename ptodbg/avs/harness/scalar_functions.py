"""The scalar model's value, comparison, transfer and memory functions, answered by the
ptodbg instruction that performs each (``asl/scalar/model/{alu,bru}/semantics.asl``,
``asl/scalar/model/agu/addressing.asl``, ``asl/scalar/model/amo/semantics.asl``).

``ScalarBinary(ScalarBinary_ADD, l, r)`` is what ADD computes with no right modifier,
``MultiplyWideUnsigned`` the (low, high) pair HL.MULU publishes, ``ExtractBitfield`` what
BXS/BXU leave ... so each pure function runs that instruction on a private reference machine
(:func:`~ptodbg.avs.harness.contracts.execute`) and reads its destination; each function
with effects (``ExecuteScalarDividePair``, ``JumpRegister``, ``ExecuteScalarLoad`` ...) runs
it on the live machine, or computes on the private one and publishes through
WriteScalarDestination in the model's order.  The right-operand modifiers are ptodbg's own
tables (:mod:`ptodbg.core.semantics.modifiers`), the ones the instructions are built from.
"""

from __future__ import annotations

from ptodbg.avs.convert import as_bits, as_bool, as_int, enum_name, word
from ptodbg.avs.harness import contracts
from ptodbg.avs.harness.contracts import DST0, DST1, LEFT, MODIFIER_ENUM, RIGHT, THIRD, execute
from ptodbg.avs.harness.decode_functions import _form, decoded_field
from ptodbg.avs.harness.machine_functions import write_scalar_destination
from ptodbg.avs.harness.registry import spec_function
from ptodbg.avs.harness.semantic_functions import run_semantics, scratch_for
from ptodbg.avs.harness.state import Harness
from ptodbg.avs.values import AslError, AssertionFailed, Bits, Enum, Unsupported
from ptodbg.core.semantics import modifiers
from ptodbg.core.state import GPR_COUNT
from ptodbg.isa.forms import SCALAR_FORMS, Form

FORM: dict[str, Form] = {f.mnemonic: f for f in SCALAR_FORMS}
MASK64 = (1 << 64) - 1


def _word(value: object, what: str) -> int:
    return as_bits(value, what)


def _result(mnemonic: str, fields: dict[str, int], regs: dict[int, int], second: bool = False) -> int:
    form = FORM[mnemonic]
    return contracts.destination(form, execute(form, fields, regs), second)


# ------------------------------------------------------------------ modifiers
_MODIFIER_OF = {name: modifier for modifier, name in MODIFIER_ENUM.items()}
_FAMILY_TABLES = {
    "DecodeScalarBinaryRightModifier": modifiers.BINARY,
    "DecodeScalarComparisonRightModifier": modifiers.COMPARE,
    "DecodeScalarSelectRightModifier": modifiers.SELECT,
    "DecodeScalarAddressRightModifier": modifiers.ADDRESS,
}


def modifier_of(value: object) -> str:
    name = enum_name(value, "a ScalarRightModifier")
    if name not in _MODIFIER_OF:
        raise AslError(f"{name} is not a ScalarRightModifier")
    return _MODIFIER_OF[name]


def _decoder(table: tuple[str, ...]):  # noqa: ANN202
    def decode(h: Harness, raw: object) -> Enum:
        return Enum(MODIFIER_ENUM[table[as_bits(raw, "a modifier code", 2)]])

    return decode


for _name, _table in _FAMILY_TABLES.items():
    spec_function(_name, "asl/scalar/model/dispatch/decode.asl")(_decoder(_table))


def _decoded(table: tuple[str, ...]):  # noqa: ANN202
    def decoded(h: Harness, insn: object, index: object) -> Enum:
        form = _form(index)
        raw = decoded_field(form, as_bits(insn, "the instruction", 48), "SrcRType") & 3
        return Enum(MODIFIER_ENUM[table[raw]])

    return decoded


for _name, _table in (("ScalarDecodedBinaryRightModifier", modifiers.BINARY),
                      ("ScalarDecodedComparisonRightModifier", modifiers.COMPARE),
                      ("ScalarDecodedSelectRightModifier", modifiers.SELECT),
                      ("ScalarDecodedAddressRightModifier", modifiers.ADDRESS)):
    spec_function(_name, "asl/scalar/model/dispatch/decode.asl")(_decoded(_table))


@spec_function("ApplyScalarRightModifier", "asl/scalar/model/alu/semantics.asl")
def apply_scalar_right_modifier(h: Harness, value: object, modifier: object, logical: object) -> Bits:
    return word(modifiers.function(modifier_of(modifier), as_bool(logical, "logical_family"))(_word(value, "value")))


@spec_function("ApplyRestrictedCompareModifier", "asl/scalar/model/alu/semantics.asl")
def apply_restricted_compare_modifier(h: Harness, value: object, modifier: object) -> Bits:
    return word(modifiers.function(modifiers.restricted(modifier_of(modifier)))(_word(value, "value")))


@spec_function("ApplySelectModifier", "asl/scalar/model/alu/semantics.asl")
def apply_select_modifier(h: Harness, value: object, modifier: object) -> Bits:
    return word(modifiers.function(modifiers.selected(modifier_of(modifier)))(_word(value, "value")))


# ------------------------------------------------------------------ integer values
_BINARY_NONE = modifiers.BINARY.index(modifiers.NONE)  # the code of "no modifier" for ADD ... XOR
_MODIFIED = frozenset({"ADD", "SUB", "AND", "OR", "XOR"})
_BINARY_OPS = _MODIFIED | {"SLL", "SRL", "SRA", "MIN", "MINU", "MAX", "MAXU"}
_BINARY_W = frozenset({"ADD", "SUB", "AND", "OR", "XOR", "SLL", "SRL", "SRA"})


def _binary(op: object, left: object, right: object, word_form: bool) -> Bits:
    name = enum_name(op, "a ScalarBinaryOperation").removeprefix("ScalarBinary_")
    if name not in _BINARY_OPS:
        raise AslError(f"ScalarBinary_{name} is not a ScalarBinaryOperation")
    if word_form and name not in _BINARY_W:
        raise AssertionFailed(f"ScalarBinaryW has no {name} (no {name}W form: the model asserts FALSE)")
    fields = {"SrcL": LEFT, "SrcR": RIGHT}
    if name in _MODIFIED:
        fields["SrcRType"] = _BINARY_NONE
    mnemonic = name + ("W" if word_form else "")
    return word(_result(mnemonic, fields, {LEFT: _word(left, "left"), RIGHT: _word(right, "right")}))


@spec_function("ScalarBinary", "asl/scalar/model/alu/semantics.asl")
def scalar_binary(h: Harness, op: object, left: object, right: object) -> Bits:
    return _binary(op, left, right, False)


@spec_function("ScalarBinaryW", "asl/scalar/model/alu/semantics.asl")
def scalar_binary_w(h: Harness, op: object, left: object, right: object) -> Bits:
    return _binary(op, left, right, True)


def _two(mnemonic: str):  # noqa: ANN202
    def run(h: Harness, left: object, right: object) -> Bits:
        fields = {"SrcL": LEFT, "SrcR": RIGHT}
        return word(_result(mnemonic, fields, {LEFT: _word(left, "left"), RIGHT: _word(right, "right")}))

    return run


for _name, _mnemonic in (("MultiplyWord", "MUL"), ("ScalarMultiplyW", "MULW"),
                         ("ScalarDivideUnsigned", "DIVU"), ("ScalarDivideSigned", "DIV"),
                         ("ScalarRemainderUnsigned", "REMU"), ("ScalarRemainderSigned", "REM"),
                         ("ScalarDivideUnsignedW", "DIVUW"), ("ScalarDivideSignedW", "DIVW"),
                         ("ScalarRemainderUnsignedW", "REMUW"), ("ScalarRemainderSignedW", "REMW")):
    spec_function(_name, "asl/scalar/model/alu/semantics.asl")(_two(_mnemonic))


def _wide(mnemonic: str):  # noqa: ANN202
    def run(h: Harness, left: object, right: object) -> Bits:
        """The (low, high) pair the form publishes, as one 128-bit product."""
        m = execute(FORM[mnemonic], {"SrcL": LEFT, "SrcR": RIGHT},
                    {LEFT: _word(left, "left"), RIGHT: _word(right, "right")})
        return Bits(128, m.r[DST1] << 64 | m.r[DST0])

    return run


spec_function("MultiplyWideUnsigned", "asl/scalar/model/alu/semantics.asl")(_wide("HL.MULU"))
spec_function("MultiplyWideSigned", "asl/scalar/model/alu/semantics.asl")(_wide("HL.MUL"))


def _multiply_add(mnemonic: str):  # noqa: ANN202
    def run(h: Harness, addend: object, left: object, right: object) -> Bits:
        return word(_result(mnemonic, {"SrcD": THIRD, "SrcL": LEFT, "SrcR": RIGHT},
                            {THIRD: _word(addend, "addend"), LEFT: _word(left, "left"), RIGHT: _word(right, "right")}))

    return run


spec_function("ScalarMultiplyAdd", "asl/scalar/model/alu/semantics.asl")(_multiply_add("MADD"))
spec_function("ScalarMultiplyAddW", "asl/scalar/model/alu/semantics.asl")(_multiply_add("MADDW"))


@spec_function("ScalarMultiplyImmediateAdd", "asl/scalar/model/alu/semantics.asl")
def scalar_multiply_immediate_add(h: Harness, left: object, right: object, immediate: object,
                                  subtract: object) -> Bits:
    form = FORM["HL.MISUB" if as_bool(subtract, "subtract") else "HL.MIADD"]
    return word(contracts.left_right_immediate(form, left, right, immediate))


def _bitfield_operands(width: object, offset: object) -> tuple[int, int]:
    w, o = as_int(width, "width"), as_int(offset, "offset")
    if not (1 <= w <= 64 and 0 <= o <= 63):
        raise AssertionFailed(f"bitfield width {w} / offset {o} outside 1..64 / 0..63")
    return w, o


@spec_function("ExtractBitfield", "asl/scalar/model/alu/semantics.asl")
def extract_bitfield(h: Harness, value: object, width: object, offset: object, signed: object) -> Bits:
    w, o = _bitfield_operands(width, offset)
    form = FORM["BXS" if as_bool(signed, "signed_result") else "BXU"]
    return word(contracts.bitfield(form, value, w, o))


@spec_function("CountBitfield", "asl/scalar/model/alu/semantics.asl")
def count_bitfield(h: Harness, value: object, width: object, offset: object, leading: object,
                   population: object) -> Bits:
    w, o = _bitfield_operands(width, offset)
    name = "BCNT" if as_bool(population, "population") else "CLZ" if as_bool(leading, "leading") else "CTZ"
    return word(contracts.bitfield(FORM[name], value, w, o))


@spec_function("ModifyBitfield", "asl/scalar/model/alu/semantics.asl")
def modify_bitfield(h: Harness, value: object, width: object, offset: object, set_bits: object) -> Bits:
    w, o = _bitfield_operands(width, offset)
    return word(contracts.bitfield(FORM["BIS" if as_bool(set_bits, "set_bits") else "BIC"], value, w, o))


@spec_function("ReverseBitfieldBytes", "asl/scalar/model/alu/semantics.asl")
def reverse_bitfield_bytes(h: Harness, value: object, width: object, offset: object) -> Bits:
    w, o = _bitfield_operands(width, offset)
    return word(contracts.bitfield(FORM["REV"], value, w, o))


@spec_function("InsertBitfield", "asl/scalar/model/alu/semantics.asl")
def insert_bitfield(h: Harness, base: object, source: object, first: object, last: object) -> Bits:
    return word(contracts.insert(FORM["HL.BFI"], base, source, first, last))


def _materialize(mnemonic: str):  # noqa: ANN202
    def run(h: Harness, immediate: object) -> Bits:
        return word(contracts.immediate_only(FORM[mnemonic], immediate))

    return run


for _name, _mnemonic in (("MaterializeLUI", "LUI"), ("MaterializeLongSigned", "HL.LIS"),
                         ("MaterializeLongUpper", "HL.LUI"), ("MaterializeLongUnsigned", "HL.LIU")):
    spec_function(_name, "asl/scalar/model/alu/semantics.asl")(_materialize(_mnemonic))


@spec_function("MoveScalarValue", "asl/scalar/model/alu/semantics.asl")
def move_scalar_value(h: Harness, value: object) -> Bits:
    return word(contracts.single(FORM["C.MOVR"], value))


@spec_function("ExtendScalarValue", "asl/scalar/model/alu/semantics.asl")
def extend_scalar_value(h: Harness, value: object, width: object, signed: object) -> Bits:
    suffix = {8: "B", 16: "H", 32: "W"}.get(as_int(width, "width"))
    if suffix is None:
        raise AssertionFailed(f"ExtendScalarValue width {width} is not 8, 16 or 32")
    mnemonic = f"C.{'SEXT' if as_bool(signed, 'signed_result') else 'ZEXT'}.{suffix}"
    return word(contracts.single(FORM[mnemonic], value))


@spec_function("ScalarConditionalSelect", "asl/scalar/model/alu/semantics.asl")
def scalar_conditional_select(h: Harness, predicate: object, selected_true: object, selected_false: object) -> Bits:
    none = Bits(2, modifiers.SELECT.index(modifiers.NONE))
    return word(contracts.select(FORM["CSEL"], predicate, selected_true, selected_false, none))


# ------------------------------------------------------------ two-result forms
def _pair(mnemonic: str, fields: dict[str, int], regs: dict[int, int]) -> tuple[int, int]:
    m = execute(FORM[mnemonic], fields, regs)
    return m.r[DST0], m.r[DST1]


def _publish(h: Harness, first: object, second: object, values: tuple[int, int]) -> None:
    """WriteScalarDestination of both results, in the model's order."""
    write_scalar_destination(h, first, word(values[0]))
    write_scalar_destination(h, second, word(values[1]))


def _left_right(left: object, right: object) -> dict[int, int]:
    return {LEFT: _word(left, "left"), RIGHT: _word(right, "right")}


_SOURCES = {"SrcL": LEFT, "SrcR": RIGHT}


@spec_function("ExecuteScalarMultiplyPair", "asl/scalar/model/alu/semantics.asl")
def execute_scalar_multiply_pair(h: Harness, low: object, high: object, left: object, right: object,
                                 signed: object) -> None:
    mnemonic = "HL.MUL" if as_bool(signed, "signed_operation") else "HL.MULU"
    _publish(h, low, high, _pair(mnemonic, _SOURCES, _left_right(left, right)))


def _divide_pair(word_form: bool, remainder_first: bool):  # noqa: ANN202
    def run(h: Harness, first: object, second: object, left: object, right: object, signed: object) -> None:
        """HL.DIV* publish quotient then remainder, HL.REM* remainder then quotient."""
        base = "HL.REM" if remainder_first else "HL.DIV"
        mnemonic = base + ("" if as_bool(signed, "signed_operation") else "U") + ("W" if word_form else "")
        _publish(h, first, second, _pair(mnemonic, _SOURCES, _left_right(left, right)))

    return run


for _name, _word_form, _rem in (("ExecuteScalarDividePair", False, False), ("ExecuteScalarDividePairW", True, False),
                                ("ExecuteScalarRemainderPair", False, True),
                                ("ExecuteScalarRemainderPairW", True, True)):
    spec_function(_name, "asl/scalar/model/alu/semantics.asl")(_divide_pair(_word_form, _rem))


@spec_function("ExecuteScalarMultiplyAddPair", "asl/scalar/model/alu/semantics.asl")
def execute_scalar_multiply_add_pair(h: Harness, low: object, high: object, addend: object, left: object,
                                     right: object, word_operation: object) -> None:
    mnemonic = "HL.MADDW" if as_bool(word_operation, "word_operation") else "HL.MADD"
    regs = {THIRD: _word(addend, "addend"), **_left_right(left, right)}
    _publish(h, low, high, _pair(mnemonic, {"SrcD": THIRD, **_SOURCES}, regs))


def _concatenate(mnemonic: str):  # noqa: ANN202
    def run(h: Harness, low: object, high: object, left: object, right: object, shift: object) -> None:
        fields = {**_SOURCES, "shamt": as_int(shift, "shift_amount")}
        _publish(h, low, high, _pair(mnemonic, fields, _left_right(left, right)))

    return run


spec_function("ExecuteConcatenatePair", "asl/scalar/model/alu/semantics.asl")(_concatenate("HL.CCAT"))
spec_function("ExecuteConcatenatePairW", "asl/scalar/model/alu/semantics.asl")(_concatenate("HL.CCATW"))


# ------------------------------------------------------------ comparisons, transfers
_CONDITIONS = ("EQ", "NE", "LT", "GE", "LTU", "GEU")
_COMPARE_NONE = modifiers.COMPARE.index(modifiers.NONE)


def _condition_holds(condition: object, left: object, right: object) -> bool:
    """CMP.<cond> with no modifier; Z and NZ test the left value against zero (CMP.EQ /
    CMP.NE with zero)."""
    name = enum_name(condition, "a ScalarCondition").removeprefix("ScalarCondition_")
    a, b = _word(left, "left"), _word(right, "right")
    if name in ("Z", "NZ"):
        name, b = ("EQ" if name == "Z" else "NE"), 0
    if name not in _CONDITIONS:
        raise AslError(f"ScalarCondition_{name} is not a ScalarCondition")
    return bool(_result(f"CMP.{name}", {**_SOURCES, "SrcRType": _COMPARE_NONE}, {LEFT: a, RIGHT: b}))


@spec_function("ConditionHolds", "asl/scalar/model/bru/semantics.asl")
def condition_holds(h: Harness, condition: object, left: object, right: object) -> bool:
    return _condition_holds(condition, left, right)


@spec_function("ExecuteCompare", "asl/scalar/model/bru/semantics.asl")
def execute_compare(h: Harness, destination: object, condition: object, left: object, right: object) -> None:
    write_scalar_destination(h, destination, word(int(_condition_holds(condition, left, right))))


@spec_function("ExecuteCompareLogical", "asl/scalar/model/bru/semantics.asl")
def execute_compare_logical(h: Harness, destination: object, left: object, right: object, combine_or: object) -> None:
    mnemonic = "CMP.OR" if as_bool(combine_or, "combine_or") else "CMP.AND"
    value = _result(mnemonic, {**_SOURCES, "SrcRType": _COMPARE_NONE}, _left_right(left, right))
    write_scalar_destination(h, destination, word(value))


def _signed_offset(value: object, width: int, what: str) -> int:
    """A Word offset as the field value of a signed ``width``-bit immediate."""
    v = _word(value, what)
    signed = v - (1 << 64) if v >> 63 else v
    if not -(1 << (width - 1)) <= signed < 1 << (width - 1):
        raise Unsupported(f"{what} {signed} does not fit the {width}-bit offset of a PTO jump")
    return signed & ((1 << width) - 1)


@spec_function("JumpRelative", "asl/scalar/model/bru/semantics.asl")
def jump_relative(h: Harness, halfword_offset: object) -> None:
    """J: TPC + 2 * simm22."""
    run_semantics(h, "J", {"simm22": _signed_offset(halfword_offset, 22, "the halfword offset")}, jump=True)


@spec_function("BranchRelative", "asl/scalar/model/bru/semantics.asl")
def branch_relative(h: Harness, condition: object, left: object, right: object, halfword_offset: object) -> None:
    """PTO has no conditional branch instruction (the B.<cond> encodings are reserved):
    the condition is CMP's, the taken transfer J's, the other the next instruction."""
    if _condition_holds(condition, left, right):
        jump_relative(h, halfword_offset)
    else:
        h.m.pc = (h.m.pc + 4) & MASK64


@spec_function("JumpRegister", "asl/scalar/model/bru/semantics.asl")
def jump_register(h: Harness, target: object) -> None:
    """JR with a zero offset: an odd target is INST_PC_FAULT with the target."""
    run_semantics(h, "JR", {"SrcL": 21, "simm12": 0}, (_word(target, "the target"),), jump=True)


@spec_function("SetReturnAddress", "asl/scalar/model/bru/semantics.asl")
def set_return_address(h: Harness, halfword_offset: object) -> None:
    """SETRET (imm20) or HL.SETRET (imm32): R10 and LRA := TPC + 2 * offset."""
    offset = _word(halfword_offset, "the halfword offset")
    for mnemonic, field, width in (("SETRET", "imm20", 20), ("HL.SETRET", "imm32", 32)):
        if offset < 1 << width:
            run_semantics(h, mnemonic, {field: offset})
            return
    raise Unsupported(f"SetReturnAddress offset {offset:#x} wider than HL.SETRET's 32-bit immediate")


@spec_function("AddToPC", "asl/scalar/model/bru/semantics.asl")
def add_to_pc(h: Harness, destination: object, page_offset: object) -> None:
    """ADDTPC (imm20) or HL.ADDTPC (imm32) at the current TPC: the Reg5 destination gets
    TPC + (offset << 12)."""
    offset = _word(page_offset, "the page offset")
    signed = offset - (1 << 64) if offset >> 63 else offset
    for mnemonic, field, width in (("ADDTPC", "imm20", 20), ("HL.ADDTPC", "imm32", 32)):
        if -(1 << (width - 1)) <= signed < 1 << (width - 1):
            m = execute(FORM[mnemonic], {field: signed & ((1 << width) - 1)}, {}, pc=h.m.pc)
            write_scalar_destination(h, destination, word(m.r[DST0]))
            return
    raise Unsupported(f"AddToPC offset {signed} wider than HL.ADDTPC's 32-bit immediate")


# ---------------------------------------------------------------------- memory
_UPDATE = {"AddressUpdate_None": "", "AddressUpdate_PreIndex": "pre", "AddressUpdate_PostIndex": "post"}
_ADDRESS_NONE = modifiers.ADDRESS.index(modifiers.NONE)


def _agu_form(action: str, size: int, signed: bool, update: str) -> Form:
    """The register-offset form of that access with an unscaled offset (shamt 0 or a
    store of scale 0): its semantics are ExecuteScalar<Load|Store>[Pair] with offset SrcR."""
    for form in SCALAR_FORMS:
        agu = form.agu
        if (agu is not None and agu.kind == "reg" and agu.action == action and agu.size == size
                and agu.update == update and (action not in ("ld", "ldp") or agu.signed == signed)
                and ("shamt" in form.by_name or agu.scale == 0)):
            return form
    raise Unsupported(f"no register-offset {action} form of {size} bytes with update {update or 'none'}")


def _gpr(value: object, what: str) -> int:
    code = as_int(value, what)
    if not 0 <= code < GPR_COUNT:
        raise AssertionFailed(f"{what} {code} outside 0..23")
    return code


def _size(value: object) -> int:
    n = as_int(value, "the size")
    if n not in (1, 2, 4, 8):
        raise AssertionFailed(f"access size {n} is not 1, 2, 4 or 8")
    return n


def _update(mode: object) -> str:
    name = enum_name(mode, "an AddressUpdateMode")
    if name not in _UPDATE:
        raise AslError(f"{name} is not an AddressUpdateMode")
    return _UPDATE[name]


def _access(h: Harness, form: Form, fields: dict[str, int], offset: object, named: tuple[int, ...]) -> None:
    scratch = scratch_for(*named)
    fields = {**fields, "SrcR": scratch[0], "SrcRType": _ADDRESS_NONE}
    if "shamt" in form.by_name:
        fields["shamt"] = 0
    run_semantics(h, form.mnemonic, fields, (_word(offset, "the offset"),), scratch=scratch)


@spec_function("ExecuteScalarLoad", "asl/scalar/model/agu/addressing.asl")
def execute_scalar_load(h: Harness, destination: object, base: object, offset: object, size: object,
                        signed: object, mode: object) -> None:
    dst, b, update = _gpr(destination, "destination"), _gpr(base, "base register"), _update(mode)
    form = _agu_form("ld", _size(size), as_bool(signed, "signed_load"), update)
    fields = {"SrcL": b, "RegDst": dst} if not update else {"SrcL": b, "RegDst0": dst, "RegDst1": b}
    _access(h, form, fields, offset, (dst, b))


@spec_function("ExecuteScalarStore", "asl/scalar/model/agu/addressing.asl")
def execute_scalar_store(h: Harness, source: object, base: object, offset: object, size: object,
                         mode: object) -> None:
    src, b, update = _gpr(source, "source"), _gpr(base, "base register"), _update(mode)
    form = _agu_form("st", _size(size), False, update)
    fields = {"SrcL": b, "SrcD": src}
    if update:
        fields["RegDst"] = b
    _access(h, form, fields, offset, (src, b))


@spec_function("ExecuteScalarLoadPair", "asl/scalar/model/agu/addressing.asl")
def execute_scalar_load_pair(h: Harness, low: object, high: object, base: object, offset: object, size: object,
                             signed: object) -> None:
    lo, hi, b = _gpr(low, "destination"), _gpr(high, "destination"), _gpr(base, "base register")
    form = _agu_form("ldp", _size(size), as_bool(signed, "signed_load"), "")
    _access(h, form, {"SrcL": b, "RegDst0": lo, "RegDst1": hi}, offset, (lo, hi, b))


@spec_function("ExecuteScalarStorePair", "asl/scalar/model/agu/addressing.asl")
def execute_scalar_store_pair(h: Harness, low: object, high: object, base: object, offset: object,
                              size: object) -> None:
    lo, hi, b = _gpr(low, "source"), _gpr(high, "source"), _gpr(base, "base register")
    form = _agu_form("stp", _size(size), False, "")
    _access(h, form, {"SrcL": b, "SrcD": lo, "SrcD1": hi}, offset, (lo, hi, b))


@spec_function("ScalarPrefetchAddress", "asl/scalar/model/agu/addressing.asl")
def scalar_prefetch_address(h: Harness, base: object, offset: object) -> Bits:
    """The address HL.PRF.A returns for a register offset."""
    form = FORM["HL.PRF.A"]
    fields = {"SrcL": LEFT, "SrcR": RIGHT, "SrcRType": _ADDRESS_NONE, "shamt": 0}
    return word(contracts.destination(form, execute(form, fields, _left_right(base, offset))))


@spec_function("ScalarPrefetch", "asl/scalar/model/agu/addressing.asl")
def scalar_prefetch(h: Harness, base: object, offset: object, size: object, model: object) -> None:
    """PRF on the live machine: a hint with no fault, event, memory or reservation effect
    (the model operand is a decode-time choice; the function has no use for it)."""
    _size(size)
    as_bits(model, "the prefetch model", 5)
    run_semantics(h, "PRF", {"SrcL": 21, "SrcR": 22, "SrcRType": _ADDRESS_NONE, "RegDst": 0},
                  (_word(base, "the base"), _word(offset, "the offset")))


@spec_function("ExecuteScalarDMACopy64", "asl/scalar/model/amo/semantics.asl")
def execute_scalar_dma_copy64(h: Harness, source: object, destination: object) -> None:
    run_semantics(h, "DMA", {"SrcL": 21, "SrcR": 22}, (_word(source, "the source"), _word(destination, "the destination")))
