"""``InstructionContract<Property>_<MNEMONIC>`` functions, answered by ptodbg.

Every instruction file of pto-spec (``asl/scalar/**/<MNEMONIC>.asl``) states its contract
as small ASL functions; the AVS points assert their values.  Three kinds have a ptodbg
counterpart and are mapped here:

* facts of the encoding table (:mod:`ptodbg.isa.forms`): which source/destination type
  codes a form accepts (its constraints), how many register sources it has, the width and
  signedness of its immediate, its AGU metadata (in :mod:`.decode_functions`);
* values the instruction computes (``Result``, ``Quotient``, ``Low`` ...): the harness runs
  the instruction itself on a private reference-profile machine with the arguments in
  registers (or in the immediate field) and reads the destination.  The arguments of each
  contract shape are placed as the spec's contract text names them (``left`` is SrcL,
  ``encoded_modifier`` SrcRType, ``addend`` SrcD ...);
* facts of behaviour the table does not state, measured on ptodbg: an atomic's operation
  and size, a comparison's signalling, which floating-point operations use the active
  rounding mode or the numeric profile (:mod:`.fp_functions`), what a TPC-relative
  immediate's extension and shift are.

A ``Handler`` without a catalog (the spec's names for its semantic handlers) has no
ptodbg counterpart and stays unsupported.
"""

from __future__ import annotations

from collections.abc import Callable

from ptodbg.avs.convert import as_bits, as_int, word
from ptodbg.avs.harness.state import Harness
from ptodbg.avs.values import AslError, AssertionFailed, Unsupported
from ptodbg.core import Machine, reference
from ptodbg.core.semantics import modifiers
from ptodbg.isa.forms import RAW, SIGNED, Form

MASK64 = (1 << 64) - 1
SOURCE_FIELDS = ("SrcL", "SrcR", "SrcA", "SrcD", "SrcP")
LEFT, RIGHT, THIRD = 1, 2, 3  # scratch GPRs holding the operands
DST0, DST1 = 4, 5  # scratch destinations

_scratch: list[Machine] = []


def scratch_machine(pc: int = 0x100) -> Machine:
    """The private reference-profile machine, reset, at TPC ``pc``."""
    if not _scratch:
        _scratch.append(Machine(reference()))
    m = _scratch[0]
    m.reset()
    m.pc = pc
    return m


def execute(form: Form, fields: dict[str, int], regs: dict[int, int], t_queue: tuple[int, ...] = (),
            pc: int = 0x100) -> Machine:
    """Run one instance of ``form`` at ``pc`` on a fresh private machine; the machine after it."""
    m = scratch_machine(pc)
    for code, value in regs.items():
        m.r[code] = value & MASK64
    for value in t_queue:
        m.push_t(value & MASK64)
    values = dict(fields)
    for name in ("RegDst", "RegDst0"):
        if name in form.by_name:
            values.setdefault(name, DST0)
    if "RegDst1" in form.by_name:
        values.setdefault("RegDst1", DST1)
    insn = form.encode(values)
    res = m.execute(insn, form.length)
    if res.kind != "executed":
        why = res.trap.reason if res.trap is not None else res.message
        raise AssertionFailed(f"ptodbg could not execute {form.mnemonic} for its contract: {why}")
    return m


def destination(form: Form, m: Machine, second: bool = False) -> int:
    if second:
        return m.r[DST1]
    if "RegDst" in form.by_name or "RegDst0" in form.by_name:
        return m.r[DST0]
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
        m = execute(form, {"SrcL": LEFT, "SrcR": RIGHT},
                    {LEFT: _word(left, "left"), RIGHT: _word(right, "right")})
        return destination(form, m, second)

    return run


def _modified(form: Form, left: object, right: object, modifier: object, shift: object = 0) -> int:
    fields = {"SrcL": LEFT, "SrcR": RIGHT, "SrcRType": _field_bits(modifier, "encoded_modifier")}
    if "shamt" in form.by_name:
        fields["shamt"] = as_int(shift, "shift_amount")
    elif shift != 0:
        raise AslError(f"{form.mnemonic} has no shift amount")
    m = execute(form, fields, {LEFT: _word(left, "left"), RIGHT: _word(right, "right")})
    return destination(form, m)


def _left_immediate(form: Form, left: object, immediate: object) -> int:
    m = execute(form, {"SrcL": LEFT, _immediate_field(form): _field_bits(immediate, "immediate")},
                {LEFT: _word(left, "left")})
    return destination(form, m)


def immediate_only(form: Form, immediate: object) -> int:
    m = execute(form, {_immediate_field(form): _field_bits(immediate, "encoded_immediate")}, {})
    return destination(form, m)


def bitfield(form: Form, value: object, width: object, offset: object) -> int:
    offset_field = "immr" if "immr" in form.by_name else "imms"
    m = execute(form, {"SrcL": LEFT, "imml": as_int(width, "width") - 1, offset_field: as_int(offset, "offset")},
                {LEFT: _word(value, "value")})
    return destination(form, m)


def single(form: Form, value: object) -> int:
    m = execute(form, {"SrcL": LEFT}, {LEFT: _word(value, "value")})
    return destination(form, m)


def _multiply_add(second: bool = False) -> Shape:
    def run(form: Form, addend: object, left: object, right: object) -> int:
        m = execute(form, {"SrcD": THIRD, "SrcL": LEFT, "SrcR": RIGHT},
                    {THIRD: _word(addend, "addend"), LEFT: _word(left, "left"), RIGHT: _word(right, "right")})
        return destination(form, m, second)

    return run


def _concatenate(second: bool = False) -> Shape:
    def run(form: Form, left: object, right: object, shift: object) -> int:
        m = execute(form, {"SrcL": LEFT, "SrcR": RIGHT, "shamt": as_int(shift, "shift_amount")},
                    {LEFT: _word(left, "left"), RIGHT: _word(right, "right")})
        return destination(form, m, second)

    return run


def _t_shift(form: Form, old_t1: object, amount: object) -> int:
    m = execute(form, {_immediate_field(form): _field_bits(amount, "encoded_amount")}, {},
                t_queue=(_word(old_t1, "old_t1"),))
    return destination(form, m)


def left_right_immediate(form: Form, left: object, right: object, immediate: object) -> int:
    m = execute(form, {"SrcL": LEFT, "SrcR": RIGHT, _immediate_field(form): _field_bits(immediate, "immediate")},
                {LEFT: _word(left, "left"), RIGHT: _word(right, "right")})
    return destination(form, m)


def select(form: Form, predicate: object, true_value: object, false_value: object, modifier: object) -> int:
    m = execute(form, {"SrcP": THIRD, "SrcL": LEFT, "SrcR": RIGHT,
                       "SrcRType": _field_bits(modifier, "encoded_modifier")},
                {THIRD: _word(predicate, "predicate"), LEFT: _word(true_value, "selected_true"),
                 RIGHT: _word(false_value, "selected_false")})
    return destination(form, m)


def insert(form: Form, base: object, source: object, first: object, last: object) -> int:
    m = execute(form, {"SrcL": LEFT, "SrcR": RIGHT, "immr": as_int(first, "first"), "imms": as_int(last, "last")},
                {LEFT: _word(base, "base"), RIGHT: _word(source, "source")})
    return destination(form, m)


def _setret_target(form: Form, tpc: object, uimm5: object) -> int:
    """C.SETRET at ``tpc``: the return address it writes to ra (R10)."""
    m = scratch_machine()
    m.pc = _word(tpc, "tpc")
    res = m.execute(form.encode({_immediate_field(form): _field_bits(uimm5, "uimm5")}), form.length)
    if res.kind != "executed":
        raise AssertionFailed(f"ptodbg's {form.mnemonic} trapped for its contract")
    return m.r[10]


def shift_amount(form: Form, right: object) -> int:
    """The shift amount the instruction takes from ``right``: shift a single one bit and
    see where it lands (left shifts from bit 0, right shifts from the top bit)."""
    width = 32 if form.mnemonic.endswith("W") else 64
    left_shift = form.mnemonic.startswith("SLL")
    start = 1 if left_shift else 1 << (width - 1)
    m = execute(form, {"SrcL": LEFT, "SrcR": RIGHT}, {LEFT: start, RIGHT: _word(right, "right")})
    result = m.r[DST0] & ((1 << width) - 1)
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
    _RESULT_SHAPES[_name] = bitfield
for _name in ("C.MOVR", "C.SEXT.B", "C.SEXT.H", "C.SEXT.W", "C.ZEXT.B", "C.ZEXT.H", "C.ZEXT.W"):
    _RESULT_SHAPES[_name] = single
for _name in ("MADD", "MADDW", "HL.MADDW"):
    _RESULT_SHAPES[_name] = _multiply_add()
for _name in ("HL.LIS", "HL.LIU", "HL.LUI", "LUI", "C.MOVI"):
    _RESULT_SHAPES[_name] = immediate_only
_RESULT_SHAPES.update({
    "C.SLLI": _t_shift, "C.SRLI": _t_shift, "HL.MIADD": left_right_immediate, "HL.MISUB": left_right_immediate,
    "CSEL": select, "HL.BFI": insert,
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
    elif prop == "Target" and name == "C.SETRET":
        return lambda h, tpc, uimm5: word(_setret_target(form, tpc, uimm5))
    elif prop == "Target" and name in ("ADDTPC", "HL.ADDTPC"):
        return lambda h, base, offset: word(_pc_relative_target(form, base, offset))
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
            return pc_relative_signed(form) == signed
        return (f.signedness == SIGNED) == signed

    return check


# ----------------------------------------------------- TPC-relative destinations
# ADDTPC and HL.ADDTPC leave their immediate's extension to the handler (encoding-defined
# in the table): their facts are measured.  At TPC P = 2**40 the destination is P for an
# immediate of zero; the immediate's top bit moves it below P (as a signed value) when the
# handler sign-extends.
_PC_PROBE = 1 << 40


def _pc_relative_run(form: Form, immediate: int, pc: int = _PC_PROBE) -> Machine:
    m = execute(form, {_immediate_field(form): immediate}, {}, pc=pc)
    return m


def _require_pc_relative(form: Form) -> None:
    if destination(form, _pc_relative_run(form, 0)) != _PC_PROBE:
        raise Unsupported(f"signedness of {form.mnemonic}'s {_immediate(form).name} (encoding-defined, and the "
                          "form's result is not TPC plus a scaled immediate)")


def pc_relative_signed(form: Form) -> bool:
    """Whether the handler sign-extends the immediate of a TPC-relative form."""
    _require_pc_relative(form)
    top = 1 << (_immediate(form).width - 1)
    result = destination(form, _pc_relative_run(form, top))
    return (result - (1 << 64) if result >> 63 else result) < _PC_PROBE  # below TPC, wrapped or not


def _page_shift(h: Harness, form: Form) -> int:
    """How far the immediate is shifted: log2 of what an immediate of one adds to TPC."""
    _require_pc_relative(form)
    step = destination(form, _pc_relative_run(form, 1)) - _PC_PROBE
    if step <= 0 or step & (step - 1):
        raise AssertionFailed(f"{form.mnemonic} adds {step} to TPC for an immediate of one")
    return step.bit_length() - 1


def _writes_tpc(h: Harness, form: Form) -> bool:
    """Whether the instruction changes TPC other than by stepping past itself."""
    m = _pc_relative_run(form, 1)
    return m.pc != _PC_PROBE + form.length // 8


def _pc_relative_target(form: Form, base: object, offset: object) -> int:
    """The destination the form computes at TPC ``base`` for the immediate ``offset``."""
    f = _immediate(form)
    value = _word(offset, "page_offset")
    signed = value - (1 << 64) if value >> 63 else value
    if not -(1 << (f.width - 1)) <= signed < 1 << f.width:
        raise Unsupported(f"{form.mnemonic}'s {f.width}-bit immediate cannot hold {signed}")
    return destination(form, _pc_relative_run(form, signed & ((1 << f.width) - 1), _word(base, "base")))


# ScalarRightModifier literals of ptodbg's modifier names (ptodbg.core.semantics.modifiers).
MODIFIER_ENUM = {
    modifiers.NONE: "ScalarRight_None", modifiers.SIGNED_WORD: "ScalarRight_SignedWord",
    modifiers.UNSIGNED_WORD: "ScalarRight_UnsignedWord", modifiers.NEGATE_OR_NOT: "ScalarRight_NegateOrNot",
}


def family_table(form: Form) -> tuple[str, ...]:
    """The modifier table of a form with a SrcRType field: CSEL's, the AGU's, the
    comparisons' (BRU forms) or the binary ALU forms'."""
    if form.mnemonic == "CSEL":
        return modifiers.SELECT
    if form.agu is not None:
        return modifiers.ADDRESS
    if form.family == "BRU":
        return modifiers.COMPARE
    return modifiers.BINARY


def _right_modifier(h: Harness, form: Form, raw: object) -> object:
    """InstructionContractRightModifier_<form>(raw): what the code means in the form's family."""
    from ptodbg.avs.values import Enum

    if "SrcRType" not in form.by_name:
        raise Unsupported(f"{form.mnemonic} has no SrcRType field")
    return Enum(MODIFIER_ENUM[family_table(form)[as_bits(raw, "a modifier code", 2)]])


TABLE_PROPERTIES: dict[str, Callable] = {
    "SourceTypeLegal": _type_legal("SrcType"),
    "DestinationTypeLegal": _type_legal("DstType"),
    "SourceArity": _source_arity,
    "ImmediateWidth": lambda h, f: _immediate(f).width,
    "ImmediateIsSigned": _signedness(True),
    "ImmediateIsUnsigned": _signedness(False),
    "DirectSystemIDLegal": _type_legal("SSRID"),
    "RightModifier": _right_modifier,
}


# ----------------------------------------------------------- behaviour probes
# Facts of the atomics the encoding table does not state, measured on ptodbg: the size of
# the memory event, which operation the written value follows, what the destination gets.
_ADDRESS = 0x200  # 64-byte aligned, inside the 4096-byte reference memory


def _spec_atomic_value(op: str, old: int, operand: int, size: int) -> int:
    """AtomicValueSized of ``asl/scalar/model/amo/semantics.asl`` (independent of ptodbg)."""
    mask = (1 << (8 * size)) - 1
    old, operand = old & mask, operand & mask
    sign = 1 << (8 * size - 1)

    def signed(x: int) -> int:
        return (x ^ sign) - sign

    value = {
        "ADD": old + operand, "AND": old & operand, "OR": old | operand, "XOR": old ^ operand,
        "SWAP": operand, "UMIN": min(old, operand), "UMAX": max(old, operand),
        "SMIN": old if signed(old) < signed(operand) else operand,
        "SMAX": old if signed(old) > signed(operand) else operand,
    }[op]
    return value & mask


def _atomic_run(form: Form, old: int, operand: int):  # noqa: ANN202
    """One RMW/SWAP attempt with ``old`` in memory: (event, machine)."""
    m = scratch_machine()
    m.mem.poke(_ADDRESS, (old & MASK64).to_bytes(8, "little"))
    m.r[LEFT], m.r[RIGHT], m.r[DST0] = _ADDRESS, operand & MASK64, 0x5A5A5A5A5A5A5A5A
    values = {"SrcL": LEFT, "SrcR": RIGHT}
    if "RegDst" in form.by_name:
        values["RegDst"] = DST0
    res = m.execute(form.encode(values), form.length)
    if res.kind != "executed" or len(res.events) != 1:
        raise AssertionFailed(f"ptodbg's {form.mnemonic} did not make one atomic event for its contract")
    return res.events[0], m


_PROBES = ((5, 3), (-1, 1), (1, 2), (0x80, 0x7F))


def _atomic_operation(h: Harness, form: Form) -> object:
    from ptodbg.avs.values import Enum

    size = _atomic_run(form, 0, 0)[0].size
    observed = [_atomic_run(form, old, operand)[0].written for old, operand in _PROBES]
    found = [op for op in ("ADD", "AND", "OR", "XOR", "SWAP", "SMIN", "SMAX", "UMIN", "UMAX")
             if observed == [_spec_atomic_value(op, old, operand, size) for old, operand in _PROBES]]
    if len(found) != 1:
        raise AssertionFailed(f"ptodbg's {form.mnemonic} writes values no single AtomicOperation gives")
    return Enum("Atomic_" + found[0])


def _publishes(h: Harness, form: Form) -> bool:
    _event, m = _atomic_run(form, 0x1234, 1)
    return m.r[DST0] != 0x5A5A5A5A5A5A5A5A


def _sign_extends(h: Harness, form: Form) -> bool:
    size = _atomic_run(form, 0, 0)[0].size
    old = 1 << (8 * size - 1)
    _event, m = _atomic_run(form, old, 0)
    sign_extended = (old | (MASK64 ^ ((1 << (8 * size)) - 1))) & MASK64
    return size < 8 and m.r[DST0] == sign_extended


def _reserve(m: Machine) -> None:
    m.set_reservation(_ADDRESS, 8)


def _event_size(form: Form, reserve: bool = False) -> int:
    m = scratch_machine()
    if reserve:
        _reserve(m)
    m.r[LEFT] = _ADDRESS
    m.r[RIGHT] = _ADDRESS  # SC's address register; CAS's expected value
    m.r[THIRD] = 0
    values = {"SrcL": LEFT, "SrcR": RIGHT}
    if "SrcD" in form.by_name:
        values["SrcD"] = THIRD
    values["RegDst"] = DST0
    res = m.execute(form.encode(values), form.length)
    if res.kind != "executed" or not res.events:
        raise AssertionFailed(f"ptodbg's {form.mnemonic} made no memory event for its contract")
    return res.events[0].size


def _store_conditional(form: Form, reserve: bool, address: int = _ADDRESS) -> Machine:
    m = scratch_machine()
    if reserve:
        _reserve(m)
    m.r[LEFT], m.r[RIGHT], m.r[DST0] = 0x77, address, 0x5A5A5A5A5A5A5A5A
    res = m.execute(form.encode({"SrcL": LEFT, "SrcR": RIGHT, "RegDst": DST0}), form.length)
    if res.kind != "executed":
        why = res.trap.reason if res.trap is not None else res.message
        raise AssertionFailed(f"ptodbg's {form.mnemonic} trapped for its contract: {why}")
    return m


def _granule(h: Harness, form: Form) -> int:
    """The reservation line: how many byte addresses an LR-style reservation covers."""
    m = scratch_machine()
    _reserve(m)
    return sum(1 for a in range(_ADDRESS - 128, _ADDRESS + 128) if m.reservation_hit(a))


def _ignores_src_zero(h: Harness, form: Form) -> bool:
    results = []
    for src_zero in (0, 31):
        m = scratch_machine()
        m.mem.poke(_ADDRESS, (0x1122334455667788).to_bytes(8, "little"))
        m.r[LEFT] = _ADDRESS
        res = m.execute(form.encode({"SrcL": LEFT, "SrcZero": src_zero, "RegDst": DST0}), form.length)
        results.append((res.kind, m.r[DST0], m.resv))
    return results[0] == results[1] and results[0][0] == "executed"


PROBE_PROPERTIES: dict[str, Callable] = {
    "AtomicOperation": _atomic_operation,
    "AtomicSizeBytes": lambda h, f: _atomic_run(f, 0, 0)[0].size,
    "PublishesOldValue": _publishes,
    "SignExtendsOldValue": _sign_extends,
    "CompareSizeBytes": lambda h, f: _event_size(f),
    "LoadSizeBytes": lambda h, f: _event_size(f),
    "StoreSizeBytes": lambda h, f: _event_size(f, reserve=True),
    "SuccessStatus": lambda h, f: word(_store_conditional(f, True).r[DST0]),
    "MissStatus": lambda h, f: word(_store_conditional(f, False).r[DST0]),
    "MissIsProbeFree": lambda h, f: _store_conditional(f, False, address=MASK64 - 2).r[DST0] == 1,
    "ReservationGranuleBytes": _granule,
    "IgnoresSrcZero": _ignores_src_zero,
    "HasFarField": lambda h, f: "far" in f.by_name,
    "PageShift": _page_shift,
    "WritesTPC": _writes_tpc,
    "ShiftWidth": lambda h, f: f.by_name["shamt"].width,
}


# Which floating-point operation a form performs, measured on the reference profile's raw
# carriers (modular integer arithmetic on the fp64 bit patterns, ADR-0028) with operands
# that give every candidate a different result.
def _fp_run(form: Form, *operands: int, extra: dict | None = None) -> Machine:
    names = [n for n in ("SrcA", "SrcL", "SrcR") if n in form.by_name]
    regs = dict(zip((THIRD, LEFT, RIGHT)[-len(names):], operands, strict=True)) if names else {}
    fields = {"SrcType": 0, **dict(zip(names, (THIRD, LEFT, RIGHT)[-len(names):], strict=True))}
    m = scratch_machine()
    for code, value in regs.items():
        m.r[code] = value & MASK64
    res = m.execute(form.encode({**fields, **(extra or {}), "RegDst": DST0}), form.length)
    if res.kind != "executed":
        raise AssertionFailed(f"ptodbg's {form.mnemonic} trapped for its contract")
    return m


def _identify(form: Form, kind: str, observed: object, table: dict[str, object]) -> object:
    from ptodbg.avs.values import Enum

    found = [name for name, value in table.items() if value == observed]
    if len(found) != 1:
        raise AssertionFailed(f"ptodbg's {form.mnemonic} behaves like no single {kind}")
    return Enum(f"{kind}_{found[0]}")


def _binary_operation(h: Harness, form: Form) -> object:
    observed = _fp_run(form, 7, 3).r[DST0]
    return _identify(form, "FloatingBinary", observed,
                     {"ADD": 10, "SUB": 4, "MUL": 21, "DIV": 2, "MIN": 3, "MAX": 7})


def _unary_operation(h: Harness, form: Form) -> object:
    x = (1 << 63) | 5
    observed = _fp_run(form, x).r[DST0]
    return _identify(form, "FloatingUnary", observed,
                     {"SQRT": x, "EXP": x + 1, "RECIP": MASK64 // x, "ABS": 5})


def _fused_operation(h: Harness, form: Form) -> object:
    observed = _fp_run(form, 1, 2, 3).r[DST0]  # addend 1, product 2 * 3
    return _identify(form, "FloatingFused", observed,
                     {"MADD": 7, "MSUB": 5, "NMADD": -7 & MASK64, "NMSUB": -5 & MASK64})


def _compare_operation(h: Harness, form: Form) -> object:
    observed = tuple(_fp_run(form, a, b).r[DST0] for a, b in ((1, 2), (2, 1), (2, 2)))
    return _identify(form, "FloatingCompare", observed,
                     {"EQ": (0, 0, 1), "NE": (1, 1, 0), "LT": (1, 0, 0), "GE": (0, 1, 1)})


_QUIET_NAN = 0x7FF8000000000000  # fp64 quiet NaN carrier
_NV = 1 << 32  # CORE_STATE[32]: NV, the first flag (ScalarFPFlags: invalid is Zeros{5} + 1)


def _signaling_compare(h: Harness, form: Form) -> bool:
    """A signaling comparison raises NV for a quiet NaN operand; a quiet one does not."""
    return bool(_fp_run(form, _QUIET_NAN, 1).core_state & _NV)


def _dma_stores(form: Form) -> list:
    m = scratch_machine()
    m.r[LEFT], m.r[RIGHT] = 0x100, 0x300
    res = m.execute(form.encode({"SrcL": LEFT, "SrcR": RIGHT}), form.length)
    if res.kind != "executed":
        raise AssertionFailed(f"ptodbg's {form.mnemonic} trapped for its contract")
    return [e for e in res.events if e.kind == "store"]


PROBE_PROPERTIES.update({
    "BinaryOperation": _binary_operation,
    "UnaryOperation": _unary_operation,
    "FusedOperation": _fused_operation,
    "CompareOperation": _compare_operation,
    "SignalingCompare": _signaling_compare,
    "CopySizeBytes": lambda h, f: sum(e.size for e in _dma_stores(f)),
    "EventChunkSizeBytes": lambda h, f: _dma_stores(f)[0].size,
    "EventChunkCount": lambda h, f: len(_dma_stores(f)),
})


def _is_word_operation(h: Harness, form: Form) -> bool:
    """A word operation's result is always a sign-extended 32-bit value; a 64-bit one keeps
    the upper half of a left operand such as 0x123456789abcdef0 for some second operand
    (zero, or all ones: AND needs the first, OR the second)."""
    left = 0x123456789ABCDEF0
    others = [f for f in form.fields if f.name not in ("RegDst", "SrcL")]
    for extreme in (0, 1):
        fields = {"SrcL": LEFT}
        regs = {LEFT: left}
        for f in others:
            if f.name.startswith("Src"):
                fields[f.name] = RIGHT
                regs[RIGHT] = MASK64 if extreme else 0
            else:
                fields[f.name] = (1 << f.width) - 1 if extreme else 0
        result = execute(form, fields, regs).r[DST0]
        low = result & 0xFFFFFFFF
        if result != (low | (MASK64 ^ 0xFFFFFFFF) if low >> 31 else low):
            return False
    return True


PROBE_PROPERTIES["IsWordOperation"] = _is_word_operation
