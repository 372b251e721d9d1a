"""Loads, stores and prefetches (``asl/scalar/model/dispatch/agu.asl``,
``asl/scalar/model/agu/{addressing,memory}.asl``).

Every AGU form carries its catalog addressing facts in ``form.agu`` (action, size,
signedness, address kind, offset scale, update mode, address return), so one builder
serves all 183 forms; behaviour follows ExecuteDecodedAGUForm:

* **base** (ScalarDecodedAGUBase): PC-relative forms use TPC with bits 1:0 cleared;
  compressed forms SrcL; immediate stores and store pairs SrcR (their SrcL/SrcD is the
  data); everything else SrcL.
* **offset** (ScalarDecodedAGUOffset): an immediate is shifted left by the form's scale;
  a register offset is SrcR modified by SrcRType (00 none, 01 sign-extend the low word,
  10 zero-extend it, 11 negate - DecodeScalarAddressRightModifier), then shifted by the
  encoded ``shamt`` when the form has one, else by the scale.  All sums wrap mod 2^64.
* **address**: base + offset, except post-index forms, which access at the base; both
  pre- and post-index forms publish base + offset (loads through RegDst1 after the value
  in RegDst0, stores through RegDst) only after the access succeeded.
* **probe** (ProbeDataAccess): natural alignment first (DATA_ALIGN_FAULT with the
  address), then the page/permission check of :class:`~ptodbg.core.memory.Memory`
  (DATA_PAGE_FAULT).  Pairs probe both elements before any effect and record two events.
* **result**: loads zero- or sign-extend per the form (NormalizeScalarLoadResult);
  compressed loads push T (WriteCompressedTResult); compressed stores store T#1
  (ReadDecodedAGUStoreSource).  Prefetches never fault and touch no memory; the ``.A``
  forms publish the address (ScalarPrefetch, ScalarPrefetchAddress).

Speed: a plain single access (no update, not a pair) is a shape
(:mod:`~ptodbg.core.semantics.shapes`) specialised by address kind, offset modifier, width
and signedness, which allocates nothing.  It looks the page up in the memory's fast maps
and uses a precompiled :class:`struct.Struct`; an aligned access never crosses a page, and
a page in the fast map needs no permission, event, watchpoint, copy-on-write, code or
reservation work.  A store to a page that holds code writes directly as well when its
8-byte granule holds none (no store cliff).  Anything else takes :meth:`Memory.load` /
:meth:`Memory.store`, which do all of that.  Pre/post-index forms use the same fast/slow
split; pairs take the slow path after probing both elements.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from ptodbg.core.faults import DATA_ALIGN_FAULT, Fault
from ptodbg.core.memory import PAGE_MASK, PAGE_SHIFT, Memory, R, W
from ptodbg.core.semantics import MASK32, MASK64, modifiers, writer
from ptodbg.core.semantics.shapes import Hoist, Op, Shape, shaped
from ptodbg.core.state import PUSH_T, T_BASE
from ptodbg.isa.forms import SCALAR_FORMS

if TYPE_CHECKING:
    from ptodbg.core.machine import Handler, Machine
    from ptodbg.isa.forms import AguSpec, Form

M = MASK64
HIGH32 = M ^ MASK32

UNSIGNED_STRUCTS = {1: struct.Struct("<B"), 2: struct.Struct("<H"), 4: struct.Struct("<I"), 8: struct.Struct("<Q")}
SIGNED_STRUCTS = {1: struct.Struct("<b"), 2: struct.Struct("<h"), 4: struct.Struct("<i"), 8: struct.Struct("<q")}

IMMEDIATE_FIELDS = ("simm5", "simm12", "simm17", "simm22", "simm")  # ScalarDecodedAGUImmediate order

AGU_MNEMONICS = tuple(f.mnemonic for f in SCALAR_FORMS if f.family == "AGU")

Modifier = Callable[[int], int]


# ------------------------------------------------------------------ helpers
def misaligned(addr: int, size: int) -> Fault:
    """The DATA_ALIGN_FAULT of ProbeDataAccess (alignment is checked before the page)."""
    return Fault(DATA_ALIGN_FAULT, addr, reason=f"{size}-byte access at {addr:#x} is not {size}-byte aligned")


def probe(mem: Memory, addr: int, size: int, need: int) -> None:
    """ProbeDataAccess with natural alignment: alignment fault, then page fault."""
    if addr & (size - 1):
        raise misaligned(addr, size)
    mem.check(addr, size, need)


def sign_bit(size: int, signed: bool) -> int:
    """The value used by ``((v ^ sb) - sb) & M`` to sign-extend a size-byte value (0:
    leave it zero-extended)."""
    return 1 << (8 * size - 1) if signed and size < 8 else 0


def _modifier(code: int) -> Modifier | None:
    """ApplyScalarRightModifier for addresses (:data:`modifiers.ADDRESS`); None for the
    unmodified offset."""
    modifier = modifiers.ADDRESS[code]
    return None if modifier == modifiers.NONE else modifiers.function(modifier)


def _mod_code(m: Machine, v: dict[str, int]) -> int:
    """The AGU offset-modifier code (00 none, 01 sext32, 10 zext32, 11 negate).  LinxISA
    v0.4 code (``--compat linx-v0.4``) encodes it like the ALU's binary modifier (00
    sext32, 01 zext32, 10 negate, 11 none): its plain ``ld [a0, a1<<3]`` has 11."""
    code = v["SrcRType"] & 3
    if _v04(m):
        return (code + 1) & 3
    return code


def immediate(form: Form, v: dict[str, int]) -> int:
    """The form's immediate (ScalarDecodedAGUImmediate), already sign-extended."""
    for name in IMMEDIATE_FIELDS:
        if name in v:
            return v[name]
    raise ValueError(f"{form.mnemonic}: AGU form without an immediate")


def _v04(m: Machine) -> bool:
    return getattr(m, "compat", None) == "linx-v0.4"


def immediate_scale(m: Machine, spec: AguSpec) -> int:
    """The immediate's scale.  Under ``--compat linx-v0.4`` the PC-relative forms take a
    byte offset from the unaligned TPC: that toolchain encodes *.PCR displacements that
    way (0.58.3 scales them by the catalog's offset_scale and aligns TPC down to 4), and
    its data references only resolve so."""
    if spec.kind == "pcr" and _v04(m):
        return 0
    return spec.scale


def pcr_base_mask(m: Machine) -> int:
    """TPC bits kept for a PC-relative base: bits 1:0 cleared (0.58.3), all (linx-v0.4)."""
    return M if _v04(m) else ~3 & M


def base_code(spec: AguSpec) -> str:
    """The Reg5 field holding the base (ScalarDecodedAGUBase); "" for PC-relative."""
    if spec.kind == "pcr":
        return ""
    if spec.action in ("st", "stp") and spec.kind == "imm":
        return "SrcR"
    return "SrcL"


def address_parts(m: Machine, form: Form, v: dict[str, int]) -> Callable[[int], tuple[int, int]]:
    """A function pc -> (base, offset) for the general (slow) path."""
    spec = form.agu
    assert spec is not None
    r = m.r
    if spec.kind == "reg":
        offset_reg = v["SrcR"]
        shift = v["shamt"] & 63 if "shamt" in v else spec.scale
        mod = _modifier(_mod_code(m, v)) or (lambda x: x)
        base_reg = v["SrcL"]

        def reg_parts(pc: int) -> tuple[int, int]:
            return r[base_reg], (mod(r[offset_reg]) << shift) & M

        return reg_parts
    offset = (immediate(form, v) << immediate_scale(m, spec)) & M
    if spec.kind == "pcr":
        base_mask = pcr_base_mask(m)

        def pcr_parts(pc: int) -> tuple[int, int]:
            return pc & base_mask, offset

        return pcr_parts
    base_reg = v[base_code(spec)]

    def imm_parts(pc: int) -> tuple[int, int]:
        return r[base_reg], offset

    return imm_parts


def store_source(form: Form, v: dict[str, int]) -> int:
    """Reg5 code of the stored value (ReadDecodedAGUStoreSource): SrcD, T#1 for the
    compressed forms, else SrcL."""
    if "SrcD" in v:
        return v["SrcD"]
    if form.agu is not None and form.agu.kind == "c":
        return T_BASE
    return v["SrcL"]


# ------------------------------------------------------------------ the builder
@shaped(*AGU_MNEMONICS)
def agu(m: Machine, form: Form, v: dict[str, int], size: int) -> Op | Handler:
    """ExecuteDecodedAGUForm, specialised at build time: plain loads and stores are
    shapes, the other forms prepared closures."""
    spec = form.agu
    assert spec is not None, f"{form.mnemonic} has no AGU metadata"
    action = spec.action
    if action == "prf":
        return _prefetch(m, form, v, size)
    if action == "ldp":
        return _load_pair(m, form, v, size)
    if action == "stp":
        return _store_pair(m, form, v, size)
    if spec.update:
        return _load_update(m, form, v, size) if action == "ld" else _store_update(m, form, v, size)
    return _plain_access(m, form, v, size)


# ------------------------------------------------------------- plain loads and stores
_ADDRESS = {
    "imm": "({b} + {off}) & M",
    "pcr": "(({pc} & {base_mask}) + {off}) & M",
}
_INDEX = {code: modifiers.text(modifier, "{x}") for code, modifier in enumerate(modifiers.ADDRESS)}


@cache
def _access_shape(action: str, kind: str, mod: int, shifted: bool, width: int, signed: bool,
                  code_first: bool = False) -> Shape:
    """A plain load or store: the address (ScalarDecodedAGUBase + ScalarDecodedAGUOffset),
    alignment then page probe, then the access.  A page in the memory's fast map needs no
    further duty (see memory.py), so the access is a struct call on the page; a store to a
    code page whose 8-byte granule holds no code writes directly too; everything else takes
    Memory.load / Memory.store (permissions, events, watchpoints, copy-on-write, code,
    reservation), after which a translated block ends (the store may have written code).
    ``code_first``: a store that probes the code pages before the data pages (a page is in
    one of the two maps, never both, so the order changes only the cost): for a store site
    whose first execution wrote a code page, as a literal pool or a cell beside its loop
    does - the second probe costs as much as the whole store (issue 15 (c))."""
    if kind == "reg":
        index = _INDEX[mod]
        address = f"({{b}} + (({index} << {{sh}}) & M)) & M" if shifted else f"({{b}} + {index}) & M"
    else:
        address = _ADDRESS["pcr" if kind == "pcr" else "imm"]
    body = [f"_a = {address}"]
    if width > 1:
        body += ["if _a & {amask}:", "    raise misaligned(_a, {width})"]
    if action == "ld":
        body += ["_p = {fast}.get(_a >> 12)", "if _p is None:"]
        if signed:
            body += ["    _v = (({load}(_a, {width}) ^ {sign}) - {sign}) & M", "else:",
                     "    _v = {unpack}(_p, _a & 4095)[0] & M"]
        else:
            body += ["    _v = {load}(_a, {width})", "else:", "    _v = {unpack}(_p, _a & 4095)[0]"]
        name = f"ld{width}{'s' if signed else 'u'}.{kind}{mod if kind == 'reg' else ''}"
        value = "{unpack}(_P{k}, _O{k})[0]" + (" & M" if signed else "")
        return Shape(name, body=tuple(body), result="_v",
                     hoist=Hoist(_address_needs(kind), _hoisted_probe(address, width, "ld"), result=value),
                     after=("if _p is None:", "    {exit}"))
    value = "_v" if width == 8 else "_v & {vmask}"
    # The two direct writes, each a probe and its struct call; the one tried first is the
    # outer test, the other nested under its else, and then the slow path.
    data = ["_p = {fast}.get(_a >> 12)", "if _p is not None:", f"    {{pack}}(_p, _a & 4095, {value})"]
    code = ["_c = {code}.get(_a >> 12)", "if _c is not None and not _c[1][(_a & 4095) >> 3]:",
            f"    {{pack}}(_c[0], _a & 4095, {value})"]
    first, second = (code, data) if code_first else (data, code)
    body = ["_v = {d}"] + body + first + ["else:"] + ["    " + line for line in second] + [
        "    else:",
        "        {store}(_a, {width}, _v)",
        "        {exit}",
    ]
    name = f"st{width}.{kind}{mod if kind == 'reg' else ''}" + (".code" if code_first else "")
    stored = "{d}" if width == 8 else "{d} & {vmask}"
    return Shape(name, body=tuple(body), kind="effect",
                 hoist=Hoist(_address_needs(kind), _hoisted_probe(address, width, "st"),
                             body=(f"{{pack}}(_P{{k}}, _O{{k}}, {stored})",)))


def _address_needs(kind: str) -> tuple[str, ...]:
    """The source holes a plain access's address reads (a PC-relative one: none)."""
    return ("b", "x") if kind == "reg" else () if kind == "pcr" else ("b",)


def _hoisted_probe(address: str, width: int, action: str) -> tuple[str, ...]:
    """The prologue of a hoisted plain access (:class:`Hoist`): the address, then the
    probe the access's own code makes - alignment, then a fast page (for a store, a code
    page whose granule holds no code as well) - leaving the page in ``_P{k}`` and the
    offset in ``_O{k}``; any other outcome falls back to the general code."""
    lines = ["_A{k} = " + address]
    if width > 1:
        lines += ["if _A{k} & {amask}:", "    {fallback}"]
    if action == "ld":
        lines += ["_P{k} = {fast}.get(_A{k} >> 12)", "if _P{k} is None:", "    {fallback}"]
    else:
        lines += ["_P{k} = {fast}.get(_A{k} >> 12)", "if _P{k} is None:",
                  "    _c = {code}.get(_A{k} >> 12)",
                  "    if _c is None or _c[1][(_A{k} & 4095) >> 3]:",
                  "        {fallback}",
                  "    _P{k} = _c[0]"]
    return (*lines, "_O{k} = _A{k} & 4095")


def _plain_access(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """A single load or store without update (the data register is read before anything
    else: Reg5 snapshot); a register-offset one here, the others in _plain_immediate_access."""
    spec = form.agu
    assert spec is not None
    if spec.kind != "reg":
        return _plain_immediate_access(m, form, spec, v, size)
    mem = m.mem
    load = spec.action == "ld"
    consts = _width_constants(spec)
    srcs: dict[str, int] = {} if load else {"d": store_source(form, v)}
    srcs["b"], srcs["x"] = v["SrcL"], v["SrcR"]
    # Register-offset loads shift by their shamt field, stores by the form's scale.
    sh = v["shamt"] & 63 if load else spec.scale
    if sh:
        consts["sh"] = sh
    if load:
        consts["fast"], consts["load"] = mem.fast_read, mem.load
        dest = v["RegDst"]
    else:
        consts["fast"], consts["code"], consts["store"] = mem.fast_write, mem.fast_code, mem.store
        dest = None
    shape = _access_shape(spec.action, "reg", _mod_code(m, v), sh != 0, spec.size,
                          load and spec.signed and spec.size < 8)
    return Op(shape, srcs, {k: consts[k] for k in shape.holes if k not in srcs}, dest, size)


def _width_constants(spec: AguSpec) -> dict[str, object]:
    """The constants of a plain access that depend on its width and signedness alone."""
    width = spec.size
    consts: dict[str, object] = {"width": width, "amask": width - 1}
    if spec.action == "ld":
        consts["unpack"] = (SIGNED_STRUCTS if spec.signed else UNSIGNED_STRUCTS)[width].unpack_from
        if spec.signed and width < 8:
            consts["sign"] = sign_bit(width, True)
    else:
        consts["pack"] = UNSIGNED_STRUCTS[width].pack_into
        if width < 8:
            consts["vmask"] = (1 << (8 * width)) - 1
    return consts


# id(form) -> what an immediate or PC-relative plain access takes from its form alone
# (found once per form: the builds of a program's loads and stores share it); the form
# itself first, so a reused id never finds another form's facts
_ACCESS_FACTS: dict[int, tuple] = {}


def _access_facts(form: Form, spec: AguSpec) -> tuple:
    """(form, shape, the constants that depend on the form only, the data field or None
    for T#1, the immediate field, the base field or "" for PC-relative, the destination
    field or None for T#1) of a plain non-register-offset access (see _plain_access)."""
    width = spec.size
    load = spec.action == "ld"
    fixed = _width_constants(spec)
    shape = _access_shape(spec.action, "imm" if spec.kind == "c" else spec.kind, 0, False, width,
                          load and spec.signed and width < 8)
    fields = form.by_name
    data = None
    if not load:
        data = "SrcD" if "SrcD" in fields else None if spec.kind == "c" else "SrcL"
    immediate_field = next((name for name in IMMEDIATE_FIELDS if name in fields), None)
    dest = None if not load else None if spec.kind == "c" else "RegDst"
    return form, shape, fixed, data, immediate_field, base_code(spec), dest


def _plain_immediate_access(m: Machine, form: Form, spec: AguSpec, v: dict[str, int], size: int) -> Op:
    """_plain_access of an immediate (imm, c) or PC-relative form: what it computes, with
    the form's own facts found once."""
    facts = _ACCESS_FACTS.get(id(form))
    if facts is None or facts[0] is not form:
        facts = _ACCESS_FACTS[id(form)] = _access_facts(form, spec)
    _, shape, fixed, data, immediate_field, base, dest_field = facts
    mem = m.mem
    srcs: dict[str, int] = {}
    consts = dict(fixed)
    load = spec.action == "ld"
    if not load:
        srcs["d"] = v[data] if data is not None else T_BASE
    imm = v[immediate_field] if immediate_field is not None else immediate(form, v)
    consts["off"] = (imm << immediate_scale(m, spec)) & M
    if base:
        srcs["b"] = v[base]
    else:
        consts["base_mask"] = pcr_base_mask(m)
    if load:
        consts["fast"], consts["load"] = mem.fast_read, mem.load
        dest = v[dest_field] if dest_field is not None else PUSH_T
    else:
        consts["fast"], consts["code"], consts["store"] = mem.fast_write, mem.fast_code, mem.store
        dest = None
        if base and ((m.r[srcs["b"]] + consts["off"]) & M) >> 12 in mem.fast_code:  # where it writes now
            shape = _access_shape("st", "imm", 0, False, spec.size, False, True)
    return Op(shape, srcs, {k: consts[k] for k in shape.holes if k not in srcs}, dest, size)


# ------------------------------------------------------------ pre/post-index forms
def _update_operands(m: Machine, form: Form, v: dict[str, int]) -> tuple[int, int, Modifier, int, int]:
    """(base code, offset code or -1, offset modifier, shift, constant offset) of an
    update form: register-offset forms add ``modify(r[offset code]) << shift``,
    immediate forms the constant.  (Update forms are never PC-relative.)"""
    spec = form.agu
    assert spec is not None and spec.kind in ("imm", "reg")
    base = v[base_code(spec)]
    if spec.kind == "reg":
        shift = v["shamt"] & 63 if "shamt" in v else spec.scale
        return base, v["SrcR"], _modifier(_mod_code(m, v)) or (lambda x: x), shift, 0
    return base, -1, lambda x: x, 0, (immediate(form, v) << spec.scale) & M


def _load_update(m: Machine, form: Form, v: dict[str, int], n: int) -> Handler:
    """Pre/post-index load: RegDst0 := value, then RegDst1 := base + offset, both only
    after the access succeeded (ExecuteDecodedAGULoad)."""
    spec = form.agu
    assert spec is not None
    size = spec.size
    amask = size - 1
    sb = sign_bit(size, spec.signed)
    unpack = (SIGNED_STRUCTS if spec.signed else UNSIGNED_STRUCTS)[size].unpack_from
    post = spec.update == "post"
    b, x, modify, shift, constant = _update_operands(m, form, v)
    r = m.r
    mem = m.mem
    fast = mem.fast_read
    load = mem.load
    put_value = writer(m, v["RegDst0"])
    put_base = writer(m, v["RegDst1"])

    def ld_update(pc: int) -> int:
        base = r[b]
        updated = (base + (modify(r[x]) << shift if x >= 0 else constant)) & M
        addr = base if post else updated
        if addr & amask:
            raise misaligned(addr, size)
        page = fast.get(addr >> PAGE_SHIFT)
        if page is None:
            value = ((load(addr, size) ^ sb) - sb) & M
        else:
            value = unpack(page, addr & PAGE_MASK)[0] & M
        put_value(value)
        put_base(updated)
        return pc + n

    return ld_update


def _store_update(m: Machine, form: Form, v: dict[str, int], n: int) -> Handler:
    """Pre/post-index store: RegDst := base + offset after the store succeeded
    (ExecuteDecodedAGUStore)."""
    spec = form.agu
    assert spec is not None
    size = spec.size
    amask = size - 1
    vmask = (1 << (8 * size)) - 1
    pack = UNSIGNED_STRUCTS[size].pack_into
    post = spec.update == "post"
    b, x, modify, shift, constant = _update_operands(m, form, v)
    r = m.r
    mem = m.mem
    fast = mem.fast_write
    store = mem.store
    src = store_source(form, v)
    put_base = writer(m, v["RegDst"])

    def st_update(pc: int) -> int:
        value = r[src]
        base = r[b]
        updated = (base + (modify(r[x]) << shift if x >= 0 else constant)) & M
        addr = base if post else updated
        if addr & amask:
            raise misaligned(addr, size)
        page = fast.get(addr >> PAGE_SHIFT)
        if page is None:
            store(addr, size, value)
        else:
            pack(page, addr & PAGE_MASK, value & vmask)
        put_base(updated)
        return pc + n

    return st_update


# ------------------------------------------------------------------ pairs
def _load_pair(m: Machine, form: Form, v: dict[str, int], n: int) -> Handler:
    """ExecuteDecodedAGULoadPair: probe [addr] then [addr + size] (alignment, page),
    then read both, two load events, RegDst0 := first, RegDst1 := second."""
    spec = form.agu
    assert spec is not None
    size = spec.size
    sb = sign_bit(size, spec.signed)
    parts = address_parts(m, form, v)
    mem = m.mem
    put_first = writer(m, v["RegDst0"])
    put_second = writer(m, v["RegDst1"])

    def ld_pair(pc: int) -> int:
        base, offset = parts(pc)
        first = (base + offset) & M
        second = (first + size) & M
        probe(mem, first, size, R)
        probe(mem, second, size, R)
        a = ((mem.load(first, size) ^ sb) - sb) & M
        b = ((mem.load(second, size) ^ sb) - sb) & M
        put_first(a)
        put_second(b)
        return pc + n

    return ld_pair


def _store_pair(m: Machine, form: Form, v: dict[str, int], n: int) -> Handler:
    """ExecuteDecodedAGUStorePair: probe both elements for write, then store SrcD at
    [addr] and SrcD1 at [addr + size], each with its event."""
    spec = form.agu
    assert spec is not None
    size = spec.size
    parts = address_parts(m, form, v)
    r = m.r
    mem = m.mem
    src0, src1 = v["SrcD"], v["SrcD1"]

    def st_pair(pc: int) -> int:
        a, b = r[src0], r[src1]
        base, offset = parts(pc)
        first = (base + offset) & M
        second = (first + size) & M
        probe(mem, first, size, W)
        probe(mem, second, size, W)
        mem.store(first, size, a)
        mem.store(second, size, b)
        return pc + n

    return st_pair


# ------------------------------------------------------------------ prefetch
def _prefetch(m: Machine, form: Form, v: dict[str, int], n: int) -> Handler:
    """ScalarPrefetch: a non-binding hint with no translation, check, event or memory
    effect; the ``.A`` forms publish base + offset.  The model field's legality is a
    form constraint the machine checks before the handler runs."""
    spec = form.agu
    assert spec is not None
    if not spec.returns_address:

        def prf(pc: int) -> int:
            return pc + n

        return prf
    parts = address_parts(m, form, v)
    put = writer(m, v["RegDst"])

    def prf_address(pc: int) -> int:
        base, offset = parts(pc)
        put((base + offset) & M)
        return pc + n

    return prf_address
