"""``InstructionContract<Property>_<MNEMONIC>`` functions, answered by ptodbg.

Every instruction file of pto-spec (``asl/scalar/**/<MNEMONIC>.asl``) states its contract
as small ASL functions; the AVS points assert their values.  Two kinds have a ptodbg
counterpart and are mapped here:

* facts of the encoding table (:mod:`ptodbg.isa.forms`): which source/destination type
  codes a form accepts (its constraints), how many register sources it has, the width and
  signedness of its immediate, its AGU metadata (in :mod:`.decode_functions`);
* values the instruction computes (``Result``, ``Quotient``, ``Low`` ...): the harness runs
  the instruction itself on a private reference-profile machine with the arguments in
  registers (or in the immediate field) and reads the destination.  The arguments of each
  contract shape are placed as the spec's contract text names them (``left`` is SrcL,
  ``encoded_modifier`` SrcRType, ``addend`` SrcD ...).

Contract properties that only declare how the spec model is organised (``UsesProfileFlags``,
``Handler`` without a catalog ...) have no ptodbg counterpart and stay unsupported.
"""

from __future__ import annotations

from collections.abc import Callable

from ptodbg.avs.harness.state import Harness, as_bits, as_int, word
from ptodbg.avs.values import AslError, AssertionFailed, Unsupported
from ptodbg.core import Machine, reference
from ptodbg.isa.forms import RAW, SIGNED, Form

MASK64 = (1 << 64) - 1
SOURCE_FIELDS = ("SrcL", "SrcR", "SrcA", "SrcD", "SrcP")
_LEFT, _RIGHT, _THIRD = 1, 2, 3  # scratch GPRs holding the operands
_DST0, _DST1 = 4, 5  # scratch destinations

_scratch: list[Machine] = []


def _machine() -> Machine:
    if not _scratch:
        _scratch.append(Machine(reference()))
    m = _scratch[0]
    m.reset()
    m.pc = 0x100
    return m


def execute(form: Form, fields: dict[str, int], regs: dict[int, int], t_queue: tuple[int, ...] = ()) -> Machine:
    """Run one instance of ``form`` on a fresh private machine; the machine after it."""
    m = _machine()
    for code, value in regs.items():
        m.r[code] = value & MASK64
    for value in t_queue:
        m.push_t(value & MASK64)
    values = dict(fields)
    for name in ("RegDst", "RegDst0"):
        if name in form.by_name:
            values.setdefault(name, _DST0)
    if "RegDst1" in form.by_name:
        values.setdefault("RegDst1", _DST1)
    insn = form.encode(values)
    res = m.execute(insn, form.length)
    if res.kind != "executed":
        why = res.trap.reason if res.trap is not None else res.message
        raise AssertionFailed(f"ptodbg could not execute {form.mnemonic} for its contract: {why}")
    return m


def _destination(form: Form, m: Machine, second: bool = False) -> int:
    if second:
        return m.r[_DST1]
    if "RegDst" in form.by_name or "RegDst0" in form.by_name:
        return m.r[_DST0]
    return m.r[24]  # the C16 forms publish to T (WriteCompressedTResult)


def _word(value: object, what: str) -> int:
    return as_bits(value, what)


def _field_bits(value: object, what: str) -> int:
    return as_bits(value, what, None)


def _immediate_field(form: Form) -> str:
    names = [f.name for f in form.fields if f.name.startswith(("simm", "uimm", "imm")) and f.name not in ("imml", "imms", "immr")]
    if len(names) != 1:
        raise Unsupported(f"contract of {form.mnemonic}: no single immediate field")
    return names[0]


# --------------------------------------------------------------- value shapes
Shape = Callable[..., int]


def _two_sources(second: bool = False) -> Shape:
    def run(form: Form, left: object, right: object) -> int:
        m = execute(form, {"SrcL": _LEFT, "SrcR": _RIGHT},
                    {_LEFT: _word(left, "left"), _RIGHT: _word(right, "right")})
        return _destination(form, m, second)

    return run


def _modified(form: Form, left: object, right: object, modifier: object, shift: object = 0) -> int:
    fields = {"SrcL": _LEFT, "SrcR": _RIGHT, "SrcRType": _field_bits(modifier, "encoded_modifier")}
    if "shamt" in form.by_name:
        fields["shamt"] = as_int(shift, "shift_amount")
    elif shift != 0:
        raise AslError(f"{form.mnemonic} has no shift amount")
    m = execute(form, fields, {_LEFT: _word(left, "left"), _RIGHT: _word(right, "right")})
    return _destination(form, m)


def _left_immediate(form: Form, left: object, immediate: object) -> int:
    m = execute(form, {"SrcL": _LEFT, _immediate_field(form): _field_bits(immediate, "immediate")},
                {_LEFT: _word(left, "left")})
    return _destination(form, m)


def _immediate_only(form: Form, immediate: object) -> int:
    m = execute(form, {_immediate_field(form): _field_bits(immediate, "encoded_immediate")}, {})
    return _destination(form, m)


def _bitfield(form: Form, value: object, width: object, offset: object) -> int:
    offset_field = "immr" if "immr" in form.by_name else "imms"
    m = execute(form, {"SrcL": _LEFT, "imml": as_int(width, "width") - 1, offset_field: as_int(offset, "offset")},
                {_LEFT: _word(value, "value")})
    return _destination(form, m)


def _single(form: Form, value: object) -> int:
    m = execute(form, {"SrcL": _LEFT}, {_LEFT: _word(value, "value")})
    return _destination(form, m)


def _multiply_add(second: bool = False) -> Shape:
    def run(form: Form, addend: object, left: object, right: object) -> int:
        m = execute(form, {"SrcD": _THIRD, "SrcL": _LEFT, "SrcR": _RIGHT},
                    {_THIRD: _word(addend, "addend"), _LEFT: _word(left, "left"), _RIGHT: _word(right, "right")})
        return _destination(form, m, second)

    return run


def _concatenate(second: bool = False) -> Shape:
    def run(form: Form, left: object, right: object, shift: object) -> int:
        m = execute(form, {"SrcL": _LEFT, "SrcR": _RIGHT, "shamt": as_int(shift, "shift_amount")},
                    {_LEFT: _word(left, "left"), _RIGHT: _word(right, "right")})
        return _destination(form, m, second)

    return run


def _t_shift(form: Form, old_t1: object, amount: object) -> int:
    m = execute(form, {_immediate_field(form): _field_bits(amount, "encoded_amount")}, {},
                t_queue=(_word(old_t1, "old_t1"),))
    return _destination(form, m)


def _left_right_immediate(form: Form, left: object, right: object, immediate: object) -> int:
    m = execute(form, {"SrcL": _LEFT, "SrcR": _RIGHT, _immediate_field(form): _field_bits(immediate, "immediate")},
                {_LEFT: _word(left, "left"), _RIGHT: _word(right, "right")})
    return _destination(form, m)


def _select(form: Form, predicate: object, true_value: object, false_value: object, modifier: object) -> int:
    m = execute(form, {"SrcP": _THIRD, "SrcL": _LEFT, "SrcR": _RIGHT,
                       "SrcRType": _field_bits(modifier, "encoded_modifier")},
                {_THIRD: _word(predicate, "predicate"), _LEFT: _word(true_value, "selected_true"),
                 _RIGHT: _word(false_value, "selected_false")})
    return _destination(form, m)


def _insert(form: Form, base: object, source: object, first: object, last: object) -> int:
    m = execute(form, {"SrcL": _LEFT, "SrcR": _RIGHT, "immr": as_int(first, "first"), "imms": as_int(last, "last")},
                {_LEFT: _word(base, "base"), _RIGHT: _word(source, "source")})
    return _destination(form, m)


def shift_amount(form: Form, right: object) -> int:
    """The shift amount the instruction takes from ``right``: shift a single one bit and
    see where it lands (left shifts from bit 0, right shifts from the top bit)."""
    width = 32 if form.mnemonic.endswith("W") else 64
    left_shift = form.mnemonic.startswith("SLL")
    start = 1 if left_shift else 1 << (width - 1)
    m = execute(form, {"SrcL": _LEFT, "SrcR": _RIGHT}, {_LEFT: start, _RIGHT: _word(right, "right")})
    result = m.r[_DST0] & ((1 << width) - 1)
    if not result:
        raise AssertionFailed(f"{form.mnemonic} shifted its probe bit out")
    lowest = (result & -result).bit_length() - 1
    return lowest if left_shift else width - 1 - lowest


_DIVIDE = ("DIV", "DIVU", "DIVUW", "DIVW", "REM", "REMU", "REMUW", "REMW")
_RESULT_SHAPES: dict[str, Shape] = {}
for _name in _DIVIDE + ("MUL", "MULU", "MULUW", "MULW", "MAX", "MAXU", "MIN", "MINU", "SLL", "SLLW", "SRA", "SRAW",
                        "SRL", "SRLW", "C.ADD", "C.AND", "C.OR", "C.SUB"):
    _RESULT_SHAPES[_name] = _two_sources()
for _name in ("ADD", "ADDW", "AND", "ANDW", "OR", "ORW", "SUB", "SUBW", "XOR", "XORW"):
    _RESULT_SHAPES[_name] = _modified
for _name in ("HL.ADDI", "HL.ADDIW", "HL.ANDI", "HL.ANDIW", "HL.ORI", "HL.ORIW", "HL.SUBI", "HL.SUBIW", "HL.XORI",
              "HL.XORIW", "C.ADDI"):
    _RESULT_SHAPES[_name] = _left_immediate
for _name in ("BCNT", "BIC", "BIS", "BXS", "BXU", "CLZ", "CTZ", "REV"):
    _RESULT_SHAPES[_name] = _bitfield
for _name in ("C.MOVR", "C.SEXT.B", "C.SEXT.H", "C.SEXT.W", "C.ZEXT.B", "C.ZEXT.H", "C.ZEXT.W"):
    _RESULT_SHAPES[_name] = _single
for _name in ("MADD", "MADDW", "HL.MADDW"):
    _RESULT_SHAPES[_name] = _multiply_add()
for _name in ("HL.LIS", "HL.LIU", "HL.LUI", "LUI", "C.MOVI"):
    _RESULT_SHAPES[_name] = _immediate_only
_RESULT_SHAPES.update({
    "C.SLLI": _t_shift, "C.SRLI": _t_shift, "HL.MIADD": _left_right_immediate, "HL.MISUB": _left_right_immediate,
    "CSEL": _select, "HL.BFI": _insert,
})

# Two-destination forms publish Dst0 then Dst1: quotient/remainder, low/high words.
_PAIR_FIRST: dict[str, Shape] = {}
_PAIR_SECOND: dict[str, Shape] = {}
for _name in ("HL.DIV", "HL.DIVU", "HL.DIVUW", "HL.DIVW", "HL.MUL", "HL.MULU"):
    _PAIR_FIRST[_name] = _two_sources()
    _PAIR_SECOND[_name] = _two_sources(second=True)
# The remainder forms publish the remainder first (ExecuteScalarRemainderPair).
for _name in ("HL.REM", "HL.REMU", "HL.REMUW", "HL.REMW"):
    _PAIR_FIRST[_name] = _two_sources(second=True)
    _PAIR_SECOND[_name] = _two_sources()
for _name in ("HL.MADD", "HL.MADDW"):
    _PAIR_FIRST[_name] = _multiply_add()
    _PAIR_SECOND[_name] = _multiply_add(second=True)
for _name in ("HL.CCAT", "HL.CCATW"):
    _PAIR_FIRST[_name] = _concatenate()
    _PAIR_SECOND[_name] = _concatenate(second=True)


def value_contract(prop: str, form: Form) -> Callable | None:
    """The function computing ``InstructionContract<prop>_<form>`` by execution, or None."""
    name = form.mnemonic
    if prop == "Result":
        shape = _RESULT_SHAPES.get(name)
        if shape is None and name in _PAIR_FIRST and name.startswith("HL.MADD"):
            shape = _PAIR_FIRST[name]  # HL.MADDW's Result is its low word
    elif prop in ("Quotient", "Low", "LowResult"):
        shape = _PAIR_FIRST.get(name)
    elif prop in ("Remainder", "High", "HighResult"):
        shape = _PAIR_SECOND.get(name)
    elif prop == "ShiftAmount":
        if name not in ("SLL", "SLLW", "SRA", "SRAW", "SRL", "SRLW"):
            return None
        return lambda h, right: shift_amount(form, right)
    else:
        return None
    if shape is None:
        return None

    def contract(h: Harness, *args: object) -> object:
        return word(shape(form, *args))

    return contract


# ---------------------------------------------------------------- table facts
def _type_legal(field: str) -> Callable:
    def legal(h: Harness, form: Form, code: object) -> bool:
        f = form.by_name.get(field)
        if f is None:
            raise Unsupported(f"{form.mnemonic} has no {field} field")
        value = as_bits(code, f"a {field} code", None)
        if value >> f.width:
            return False
        return all(c.holds(value) for c in form.constraints if c.field == field)

    return legal


def _source_arity(h: Harness, form: Form) -> int:
    return sum(1 for name in SOURCE_FIELDS if name in form.by_name)


def _immediate(form: Form):  # noqa: ANN202
    return form.by_name[_immediate_field(form)]


def _signedness(signed: bool) -> Callable:
    def check(h: Harness, form: Form) -> bool:
        f = _immediate(form)
        if f.signedness == RAW:
            raise Unsupported(f"signedness of {form.mnemonic}'s {f.name} (the table leaves its extension to the "
                              "handler: encoding-defined)")
        return (f.signedness == SIGNED) == signed

    return check


TABLE_PROPERTIES: dict[str, Callable] = {
    "SourceTypeLegal": _type_legal("SrcType"),
    "DestinationTypeLegal": _type_legal("DstType"),
    "SourceArity": _source_arity,
    "ImmediateWidth": lambda h, f: _immediate(f).width,
    "ImmediateIsSigned": _signedness(True),
    "ImmediateIsUnsigned": _signedness(False),
}
