"""Atomics, LR/SC and DMA (``asl/scalar/model/amo/semantics.asl``, ``dispatch/amo.asl``,
``asl/scalar/amo/DMA.asl``).

DMA is the headline instruction: an exact 64-byte copy [SrcL] -> [SrcR] with memmove
semantics.  The order of the DMA contract (``asl/scalar/amo/DMA.asl``) is kept literally: both address operands are read
first (so ``dma [a0], a0`` and queue sources see pre-instruction values), the whole
source range is probed for read, then the whole destination range for write - a failing
probe raises DATA_PAGE_FAULT with that range's start address, before any byte is read
or written, any event is recorded or the reservation is touched, so recovery reissues
the instruction whole.  On success the 64 source bytes are snapshotted, eight relaxed
8-byte load events are recorded, the snapshot is written (overlap in either direction is
exact because the snapshot is taken first), an overlapped reservation line is cleared,
and eight relaxed 8-byte store events carry the same chunk values.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ptodbg.core.events import ATOMIC, LOAD, RELAXED, STORE, MemEvent, order_of
from ptodbg.core.faults import DATA_ALIGN_FAULT, Fault
from ptodbg.core.memory import PAGE_MASK, PAGE_SHIFT, STRUCTS, Memory, R, W
from ptodbg.core.semantics import semantic, writer
from ptodbg.core.semantics.shapes import Hoist, Op, Shape, shaped

if TYPE_CHECKING:
    from ptodbg.core.machine import Handler, Machine
    from ptodbg.isa.forms import Form

DMA_BYTES = 64
DMA_CHUNK = 8


DMA_SHAPE = Shape("dma", kind="effect", body=(
    "_s = {a}",
    "_d = {b}",
    "_so = _s & 4095",
    "_do = _d & 4095",
    "if _so <= 4032 and _do <= 4032 and (_sp := {fr}.get(_s >> 12)) is not None "
    "and (_dp := {fw}.get(_d >> 12)) is not None:",
    "    _dp[_do : _do + 64] = _sp[_so : _so + 64]",
    "else:",
    "    {slow}(_s, _d)",
    "    {exit}",
), hoist=Hoist(("a", "b"), prologue=(
    "_SO{k} = {a} & 4095",
    "_DO{k} = {b} & 4095",
    "if _SO{k} > 4032 or _DO{k} > 4032 or (_SP{k} := {fr}.get({a} >> 12)) is None "
    "or (_DP{k} := {fw}.get({b} >> 12)) is None:",
    "    {fallback}",
    "_SE{k} = _SO{k} + 64",
    "_DE{k} = _DO{k} + 64",
), body=("_DP{k}[_DO{k} : _DE{k}] = _SP{k}[_SO{k} : _SE{k}]",)))


@shaped("DMA")
def dma(m: Machine, form: Form, v: dict[str, int], size: int) -> Op:
    """Both ranges inside one fast page each: no event, watch, copy-on-write, code or
    reservation duty applies (see memory.py), so the bytes are copied directly; the slice
    is a snapshot of the source, which gives memmove semantics.  Otherwise the checked
    copy of :func:`dma_copy`."""
    mem = m.mem

    def slow(src: int, dst: int) -> None:
        dma_copy(mem, src, dst)

    return Op(DMA_SHAPE, {"a": v["SrcL"], "b": v["SrcR"]},
              {"fr": mem.fast_read, "fw": mem.fast_write, "slow": slow}, None, 4)


def dma_copy(mem: Memory, src: int, dst: int) -> None:
    """ExecuteScalarDMACopy64 on the checked path: probe the source for read, then the
    destination for write, snapshot, eight load events, write, eight store events."""
    mem.check(src, DMA_BYTES, R)
    if mem.defect_store_before_check:  # test-only defect: the first store before the probe
        mem.commit_before_check(dst, mem.read_raw(src, DMA_CHUNK))
    mem.check(dst, DMA_BYTES, W)
    data = mem.read_raw(src, DMA_BYTES)
    tracing = mem.capture or mem.watches
    if tracing:
        chunks = [int.from_bytes(data[k : k + DMA_CHUNK], "little") for k in range(0, DMA_BYTES, DMA_CHUNK)]
        for k, value in enumerate(chunks):
            mem.note(MemEvent(LOAD, src + DMA_CHUNK * k, DMA_CHUNK, value, RELAXED))
    mem.write_raw(dst, data)
    if tracing:
        for k, value in enumerate(chunks):
            mem.note(MemEvent(STORE, dst + DMA_CHUNK * k, DMA_CHUNK, value, RELAXED))


# ====================================================================== LR / SC / CAS / RMW
# ``asl/scalar/model/amo/semantics.asl`` (LoadReserved, StoreConditional, CompareAndSwap,
# AtomicReadModifyWrite) dispatched by ``asl/scalar/model/dispatch/amo.asl``.  Addresses
# come from one register (``far`` is an address-class hint the flat model ignores,
# AtomicAddress); the alignment is the access size; the order label comes from aq/rl
# (forms without ``aq`` read it as 0, ScalarDecodedMemoryOrder).  Results returned to a
# register are normalised by NormalizeAtomicReturn: B/H zero-extended, W sign-extended.
#
# CAS and the RMW forms have a fast path: a page in ``fast_write`` is readable and
# writable, unwatched, private, code-free and not the reserved line's page, and capture
# is off, so an aligned atomic there has no event, watchpoint or reservation duty (the
# same argument as the AGU fast path).  Everything else probes and goes through
# ``read_raw``/``write_raw``.

ATOMIC_SIZES = {"B": 1, "H": 2, "W": 4, "D": 8}

AtomicOp = Callable[[int, int, int], int]


def _misaligned(addr: int, size: int) -> Fault:
    return Fault(DATA_ALIGN_FAULT, addr, reason=f"{size}-byte atomic at {addr:#x} is not {size}-byte aligned")


def atomic_return(value: int, size: int) -> int:
    """NormalizeAtomicReturn: B/H zero-extend, W sign-extends, D is unchanged."""
    if size == 4 and value & 0x80000000:
        return value | 0xFFFFFFFF00000000
    return value


def _signed(value: int, size: int) -> int:
    sign = 1 << (8 * size - 1)
    return (value ^ sign) - sign


def _smin(old: int, operand: int, size: int) -> int:
    return old if _signed(old, size) < _signed(operand, size) else operand


def _smax(old: int, operand: int, size: int) -> int:
    return old if _signed(old, size) > _signed(operand, size) else operand


# AtomicValueSized on values already reduced to ``size`` bytes (NormalizeAtomicUnsigned);
# the caller masks the result back to ``size`` bytes.
ATOMIC_OPS: dict[str, AtomicOp] = {
    "SWAP": lambda old, operand, size: operand,
    "ADD": lambda old, operand, size: old + operand,
    "AND": lambda old, operand, size: old & operand,
    "OR": lambda old, operand, size: old | operand,
    "XOR": lambda old, operand, size: old ^ operand,
    "SMIN": _smin,
    "SMAX": _smax,
    "UMIN": lambda old, operand, size: min(old, operand),
    "UMAX": lambda old, operand, size: max(old, operand),
}


def _order(v: dict[str, int]) -> str:
    return order_of(v.get("aq", 0), v.get("rl", 0))


def _check_atomic(mem: Memory, addr: int, size: int) -> None:
    """The read probe, then the write probe, of CompareAndSwap/AtomicReadModifyWrite
    (identity translation: both probes name the same location)."""
    if addr & (size - 1):
        raise _misaligned(addr, size)
    mem.check(addr, size, R)
    mem.check(addr, size, W)


@semantic("LR.B", "LR.H", "LR.W", "LR.D")
def load_reserved(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """LoadReserved: an ordered load that then reserves the address's 64-byte line.  A
    faulting LR leaves any older reservation as it was; SrcZero is ignored."""
    size = ATOMIC_SIZES[form.mnemonic[-1]]
    order = _order(v)
    src = v["SrcL"]
    put = writer(m, v["RegDst"])
    r = m.r
    mem = m.mem

    def lr(pc: int) -> int:
        addr = r[src]
        if addr & (size - 1):
            raise _misaligned(addr, size)
        value = mem.load(addr, size, order)
        m.set_reservation(addr, size)
        put(atomic_return(value, size))
        return pc + 4

    return lr


@semantic("SC.B", "SC.H", "SC.W", "SC.D")
def store_conditional(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """StoreConditional: SrcL to [SrcR] iff the reservation is valid and on the same
    64-byte line (any width or byte of it).  Every attempt clears the reservation first;
    a hit then probes (and may still fault, the reservation staying cleared), stores and
    returns 0; a miss is probe-free - no fault, access or event - and returns 1."""
    size = ATOMIC_SIZES[form.mnemonic[-1]]
    order = _order(v)
    data, address = v["SrcL"], v["SrcR"]
    put = writer(m, v["RegDst"])
    r = m.r
    mem = m.mem

    def sc(pc: int) -> int:
        value = r[data]
        addr = r[address]
        if m.reservation_hit(addr):
            m.clear_reservation()
            if addr & (size - 1):
                raise _misaligned(addr, size)
            mem.store(addr, size, value, order)
            put(0)
        else:
            m.clear_reservation()
            put(1)
        return pc + 4

    return sc


@semantic("CASB", "CASH", "CASW", "CASD", "HL.CASB", "HL.CASH", "HL.CASW", "HL.CASD")
def compare_and_swap(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """CompareAndSwap: [SrcL] := SrcD iff [SrcL] == SrcR (both reduced to the size);
    one atomic event, ``performed`` False on a mismatch (which writes nothing and so
    keeps a reservation); RegDst := the old value."""
    size = ATOMIC_SIZES[form.mnemonic[-1]]
    vmask = (1 << (8 * size)) - 1
    order = _order(v)
    address, expected_reg, desired_reg = v["SrcL"], v["SrcR"], v["SrcD"]
    put = writer(m, v["RegDst"])
    n = length // 8
    r = m.r
    mem = m.mem
    fast = mem.fast_write
    amask = size - 1
    unpack, pack = STRUCTS[size].unpack_from, STRUCTS[size].pack_into

    def cas(pc: int) -> int:
        addr = r[address]
        expected = r[expected_reg] & vmask
        desired = r[desired_reg] & vmask
        page = fast.get(addr >> PAGE_SHIFT)
        if page is not None and not addr & amask:
            offset = addr & PAGE_MASK
            old = unpack(page, offset)[0]
            if old == expected:
                pack(page, offset, desired)
            put(atomic_return(old, size))
            return pc + n
        _check_atomic(mem, addr, size)
        old = int.from_bytes(mem.read_raw(addr, size), "little")
        ok = old == expected
        if ok:
            mem.write_raw(addr, desired.to_bytes(size, "little"))
        if mem.capture or mem.watches:
            mem.note(MemEvent(ATOMIC, addr, size, old, order, written=desired, performed=ok))
        put(atomic_return(old, size))
        return pc + n

    return cas


def _rmw(m: Machine, form: Form, v: dict[str, int], size: int, op: AtomicOp, has_result: bool) -> Handler:
    """The handler of an RMW form (SrcL address, SrcR operand, RegDst when it returns)."""
    return rmw_handler(m, v["SrcL"], v["SrcR"], v["RegDst"] if has_result else None, size, op, _order(v))


def rmw_handler(m: Machine, address: int, operand_reg: int, dest: int | None, size: int, op: AtomicOp,
                order: str) -> Handler:
    """AtomicReadModifyWrite of ``size`` bytes: probes, old := [r[address]], [r[address]] :=
    op(old, r[operand_reg]), one performed atomic event; Reg5 ``dest`` := old when given.
    The PTO forms use sizes 4 and 8 (SWAP all four); the AVS harness also asks the others."""
    vmask = (1 << (8 * size)) - 1
    put = writer(m, dest) if dest is not None else None
    r = m.r
    mem = m.mem
    fast = mem.fast_write
    amask = size - 1
    unpack, pack = STRUCTS[size].unpack_from, STRUCTS[size].pack_into

    def rmw(pc: int) -> int:
        addr = r[address]
        operand = r[operand_reg] & vmask
        page = fast.get(addr >> PAGE_SHIFT)
        if page is not None and not addr & amask:
            offset = addr & PAGE_MASK
            old = unpack(page, offset)[0]
            pack(page, offset, op(old, operand, size) & vmask)
            if put is not None:
                put(atomic_return(old, size))
            return pc + 4
        _check_atomic(mem, addr, size)
        old = int.from_bytes(mem.read_raw(addr, size), "little")
        new = op(old, operand, size) & vmask
        mem.write_raw(addr, new.to_bytes(size, "little"))
        if mem.capture or mem.watches:
            mem.note(MemEvent(ATOMIC, addr, size, old, order, written=new, performed=True))
        if put is not None:
            put(atomic_return(old, size))
        return pc + 4

    return rmw


def _swap_builder(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    return _rmw(m, form, v, ATOMIC_SIZES[form.mnemonic[-1]], ATOMIC_OPS["SWAP"], True)


def _rmw_builder(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """LD./LW. (returning the old value) and SD./SW. (no destination) RMW forms."""
    width, _, op = form.mnemonic.partition(".")
    size = 8 if width[1] == "D" else 4
    return _rmw(m, form, v, size, ATOMIC_OPS[op], width[0] == "L")


semantic("SWAPB", "SWAPH", "SWAPW", "SWAPD")(_swap_builder)
semantic(
    *(f"{width}.{op}" for width in ("LD", "LW", "SD", "SW")
      for op in ("ADD", "AND", "OR", "XOR", "SMAX", "SMIN", "UMAX", "UMIN"))
)(_rmw_builder)
