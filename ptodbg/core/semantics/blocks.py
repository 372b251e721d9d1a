"""Block commands: BSTART/BSTOP and the header commands (``asl/block/model/dispatch/start.asl``, ``commands.asl``).

Sources: ``asl/block/model/dispatch/start.asl`` (target, retiring commit, begin),
``asl/block/model/lifecycle/{begin,enter-stop}.asl``, ``asl/block/model/state/barg.asl``,
``asl/block/model/commit/validation.asl`` (CompleteBundleAt) and
``asl/block/model/dispatch/commands.asl`` (header placement rules).

A BSTART that retires an open block (docs/architecture-notes.md §7.2).  IND and ICALL (C.BSTART.STD/FP IND,
BSTART.STD/FP IND, BSTART.ICALL) exist to consume the retiring BPCN: they snapshot it,
commit the retiring block and always open the new block at P carrying the snapshot
(``start.asl``, ``docs/block/execution/BSTART.ICALL.md``, ADR-0077 decision 035), whatever
that commit selected.  Every other form follows the ptodbg choice backed by
PTO-BARG-CONTINUATION-001, ADR-0061, ADR-0077 decision 033 and compiled LinxISA code: the
BSTART at P first commits the open block; if that commit selects a next PC other than P
(DIRECT, CALL, RET, IND, ICALL, or COND with TAKEN), control goes there and the new block
is *not* opened - the instruction at the target runs next.  Otherwise the new block opens
as usual.  (The literal ASL model would overwrite the retiring target there too.)

Body entry (docs/architecture-notes.md §7.1, README "Precise faults"): header commands advance the header
position (``m.hdr_end``, see :func:`_record`); the body is entered by the first attempt at
that position of an instruction that is not a command when it completes; an attempt that
faults is rejected whole and leaves the body unentered (``ptodbg.core.traps.enter``).

The header state of a block is ``m.header``, a tuple of (key, value) items cleared with
the block (ClearBundleHeaderState): B.CATR's attributes, B.DIM/C.B.DIMI's ``lb0``..``lb2``,
B.HINT's ``hint.*`` and the bundle argument (_BundleArgument, _BundleArgumentKind) as
``arg`` and ``arg.kind`` when set (no PTO v0 instruction sets it; a trap context saves it
with the rest of the header).

A block whose header holds a tile operation (a tile BSTART's, :mod:`.tileblocks`) runs it
when it completes (:mod:`.tilecommit`), before it closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.core.faults import BUNDLE_TRAP, INST_PC_FAULT, Fault
from ptodbg.core.semantics import MASK64, semantic
from ptodbg.core.semantics.tilecommit import commit_operation
from ptodbg.core.state import (
    CALL,
    COND,
    DIRECT,
    FALL,
    ICALL,
    IND,
    KIND_FP,
    KIND_STD,
    KIND_SYS,
    KIND_TILE_ELEMENT,
    KIND_TILE_MEMORY,
    RA,
    RET,
    SELECTS_BPCN,
)
from ptodbg.tile.blockop import Descriptor, descriptor_of

if TYPE_CHECKING:
    from ptodbg.core.machine import Handler, Machine
    from ptodbg.isa.forms import Form

_KEYWORD_TRANSFER = {"fall": FALL, "direct": DIRECT, "cond": COND, "ind": IND, "ret": RET}
_BRTYPE_TRANSFER = {1: FALL, 5: IND, 6: ICALL, 7: RET}


def commit_pc(m: Machine, continuation: int) -> int:
    """BARGCommitPC: BPCN when the block's type selects it, else ``continuation``."""
    if m.btype in SELECTS_BPCN or (m.btype == COND and m.taken):
        return m.bpcn
    return continuation


def close_block(m: Machine) -> None:
    """StopBundleAt's state effects: no block is open, and every block field reads its
    reset value (BPC 0, STD, FALL, BPCN 0, TAKEN false, no markers or header), so the
    state never depends on which way a block was executed (per instruction or as a
    translated block, which leaves these fields untouched)."""
    m.blk = False
    m.sys_pending = False
    reset_block_fields(m)


def reset_block_fields(m: Machine) -> None:
    """The reset values of the fields that describe an open block."""
    m.bkind = KIND_STD
    m.btype = FALL
    m.taken = False
    m.bpcn = m.bseq = m.frame_ret = m.bpc = 0
    m.cond_set = m.tgt_set = False
    m.header = ()
    m.bdesc = None
    m.hdr_end = None


def complete_block(m: Machine, pc: int, continuation: int) -> int:
    """CompleteBundleAt(continuation): validate, close the block, return the next PC.

    Faults (no active block, odd target, DR on a non-tile block) happen before any effect.
    A B.CATR trap attribute makes a post-commit BUNDLE_TRAP whose saved context is the
    already committed state, resuming at the selected next PC."""
    if not m.blk:
        raise Fault(BUNDLE_TRAP, pc, reason="no block is open")
    nxt = commit_pc(m, continuation)
    if continuation & 1 or nxt & 1:
        raise Fault(INST_PC_FAULT, nxt, reason=f"block commit to odd address {nxt:#x}")
    post_trap = False
    if m.header:
        attrs = dict(m.header)
        if attrs.get("dr") and m.bkind not in (KIND_TILE_ELEMENT, KIND_TILE_MEMORY):
            raise Fault(BUNDLE_TRAP, pc, reason="B.CATR dr is only for tile element/memory blocks")
        post_trap = bool(attrs.get("trap"))
        op = attrs.get("op")
        if op is not None:  # a tile block: its operation runs now, or the block stays open
            commit_operation(m, pc, op)
    close_block(m)
    if post_trap:
        raise Fault(BUNDLE_TRAP, nxt, resume=nxt, reason="B.CATR trap: post-commit trap")
    return nxt


def begin_block(
    m: Machine, pc: int, kind: int, transfer: int, target: int, seq: int, ret: int,
    desc: Descriptor | None = None,
) -> None:
    """BeginBundleAt (begin.asl), with InstallBundleOperationDescriptor(``desc``) when a
    BSTART opens the block; the caller checked the target and retired any block."""
    m.blk = True
    m.cond_set = m.tgt_set = m.sys_pending = False
    m.header = ()
    m.bdesc = desc
    m.bkind = kind
    if kind == KIND_SYS:
        m.btype, m.taken, m.bpcn = FALL, False, 0
    else:
        m.btype, m.taken, m.bpcn = transfer, transfer != COND, target
    m.bseq = seq
    m.frame_ret = ret
    m.bpc = pc
    m.hdr_end = seq
    if transfer in (CALL, ICALL):
        m.lra = ret
        m.r[RA] = ret


def _start(m: Machine, kind: int, transfer: int, offset: int | None, ret_half: int | None,
           length: int, pc: int, desc: Descriptor | None = None) -> Handler:
    """Handler for one BSTART form.  ``offset`` is the signed halfword offset of a
    PC-relative target; ``ret_half`` the uimm5 of a call's return address; ``desc`` the
    descriptor the start installs (a STD, FP or SYS start's; None: a tile start's is its
    header's)."""
    size = length // 8
    here = pc
    if transfer in (DIRECT, COND, FALL) and kind != KIND_SYS:
        seq0 = pc + size
        target0 = seq0 if transfer == FALL or offset is None else (pc + 2 * offset) & MASK64
        taken0 = transfer != COND
        if target0 & 1:
            return _start_general(m, kind, transfer, offset, ret_half, length, desc)
        general: Handler | None = None  # made on first need: most BSTARTs never take it

        def start_fast(pc: int) -> int:
            # The common case, no block open at this BSTART: install the new block.
            if m.blk or pc != here:
                nonlocal general
                if general is None:
                    general = _start_general(m, kind, transfer, offset, ret_half, length, desc)
                return general(pc)
            m.blk = True
            m.cond_set = m.tgt_set = False
            if m.header:
                m.header = ()
            m.bdesc = desc
            m.bkind = kind
            m.btype = transfer
            m.taken = taken0
            m.bpcn = target0
            m.bseq = seq0
            m.frame_ret = seq0
            m.bpc = here
            m.hdr_end = seq0
            return seq0

        return start_fast
    return _start_general(m, kind, transfer, offset, ret_half, length, desc)


def _start_general(m: Machine, kind: int, transfer: int, offset: int | None, ret_half: int | None,
                   length: int, desc: Descriptor | None = None) -> Handler:
    size = length // 8

    consumes_bpcn = transfer in (IND, ICALL)

    def start(pc: int) -> int:
        if m.blk and not consumes_bpcn:
            retiring = commit_pc(m, pc)
            if retiring != pc:
                return complete_block(m, pc, pc)  # ptodbg choice: transfer, open nothing
        seq = pc + size
        if transfer in (IND, ICALL):
            if not m.blk or m.bkind not in (KIND_STD, KIND_FP):
                raise Fault(BUNDLE_TRAP, pc, reason="IND/ICALL needs the retiring STD/FP block's BPCN")
            target = m.bpcn
        elif transfer == RET:
            target = m.lra
        elif transfer == FALL or offset is None:
            target = seq
        else:
            target = (pc + 2 * offset) & MASK64
        ret = ((pc + size - 2 + 2 * ret_half) & MASK64) if ret_half is not None else seq
        if target & 1:
            raise Fault(INST_PC_FAULT, target, reason=f"block target {target:#x} is odd")
        if m.blk:
            complete_block(m, pc, pc)
        begin_block(m, pc, kind, transfer, target, seq, ret, desc)
        return seq

    return start


@semantic("BSTART", "BSTART.STD", "BSTART.FP", "BSTART.SYS", "C.BSTART", "C.BSTART.STD",
          "C.BSTART.FP", "C.BSTART.SYS", "BSTART.CALL", "BSTART.ICALL")
def bstart(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    facts = _BSTART_FACTS.get(id(form))
    if facts is None or facts[0] is not form:
        facts = _BSTART_FACTS[id(form)] = _bstart_facts(form)
    _, name, kind, offset_field, transfer, descriptors = facts
    offset = v[offset_field] if offset_field is not None else None
    brtype = v.get("BrType", 0)  # the one field of a control start its descriptor reads
    desc = descriptors.get(brtype)
    if desc is None:
        desc = descriptors[brtype] = descriptor_of(form, v)
    if name == "BSTART.CALL":
        return _start(m, kind, CALL, v["simm12"], v["uimm5"], length, pc, desc)
    if name == "BSTART.ICALL":
        return _start(m, kind, ICALL, None, v["uimm5"], length, pc, desc)
    if transfer is None:  # BrType selects it
        transfer = _BRTYPE_TRANSFER[v["BrType"]]
        if transfer == ICALL and getattr(m, "compat", None) == "linx-v0.4":
            return _start_v04_icall(m, kind, length)
    if transfer not in (DIRECT, COND):
        offset = None
    return _start(m, kind, transfer, offset, None, length, pc, desc)


# id(form) -> what bstart() reads of the form (found once per form: a block start is
# built for every BSTART a program executes); the form itself first, so a reused id
# never finds another form's facts
_BSTART_FACTS: dict[int, tuple[Form, str, int, str | None, int | None, dict[int, Descriptor]]] = {}


def _bstart_facts(form: Form) -> tuple[Form, str, int, str | None, int | None, dict[int, Descriptor]]:
    """(the form, its mnemonic, block kind, the offset field or None, the transfer, None
    when the BrType field selects it, the descriptors it installs by BrType value, filled
    as met) of a BSTART form."""
    name = form.mnemonic
    kind = KIND_SYS if name.endswith(".SYS") else KIND_FP if name.endswith(".FP") else KIND_STD
    offset_field = next((f for f in ("simm25", "simm17", "simm12") if f in form.by_name), None)
    if "BrType" in form.by_name or name in ("BSTART.CALL", "BSTART.ICALL"):
        transfer = None
    elif kind == KIND_SYS:
        transfer = FALL
    else:
        transfer = _KEYWORD_TRANSFER[form.syntax.split()[1].rstrip(",")]
    return form, name, kind, offset_field, transfer, {}


def _start_v04_icall(m: Machine, kind: int, length: int) -> Handler:
    """linx-v0.4 ``C.BSTART.STD ICALL``: an ICALL block whose target the block itself sets
    with C.SETC.TGT and whose return address its C.SETRET sets; nothing is read from a
    retiring block and R10 is not written here (0.58.3 reserves BrType 6 for C.BSTART.STD)."""
    size = length // 8

    def start(pc: int) -> int:
        if m.blk:
            retiring = commit_pc(m, pc)
            if retiring != pc:
                return complete_block(m, pc, pc)
            complete_block(m, pc, pc)
        seq = pc + size
        begin_block(m, pc, kind, DIRECT, 0, seq, seq)
        m.btype = ICALL
        return seq

    return start


@semantic("HL.BSTART.STD.CALL")
def hl_bstart_std_call(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """LinxISA v0.4 call header (compatibility mode only, see ptodbg.isa.legacy): a STD
    CALL block with BPCN = TPC + simm bytes.  It writes no return address itself (that
    code follows it with C.SETRET), so it begins the block like a DIRECT start."""
    inner = _start(m, KIND_STD, DIRECT, v["simm"] // 2, None, length, pc)

    def call(pc: int) -> int:
        nxt = inner(pc)
        if m.blk and m.bpc == pc:
            m.btype = CALL
        return nxt

    return call


@semantic("BSTOP", "C.BSTOP", "L.BSTOP")
def bstop(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    size = length // 8

    def stop(pc: int) -> int:
        # Fast path of complete_block: an open block without header attributes whose
        # selected continuation is even.
        if m.blk and not m.header:
            t = m.btype
            nxt = m.bpcn if t in SELECTS_BPCN or (t == COND and m.taken) else pc + size
            if not nxt & 1:
                close_block(m)
                return nxt
        return complete_block(m, pc, pc + size)

    return stop


# ----------------------------------------------------------------- header commands
def _header(m: Machine, pc: int, what: str) -> None:
    """A header command needs an open block whose body has not started."""
    if not m.blk:
        raise Fault(BUNDLE_TRAP, pc, reason=f"{what} needs an open block")
    if pc != m.hdr_end:
        raise Fault(BUNDLE_TRAP, pc, reason=f"{what} must come before the block body")


def _record(m: Machine, pc: int, size: int, items: tuple) -> int:
    m.header = m.header + items
    m.hdr_end = pc + size
    return pc + size


@semantic("B.CATR")
def b_catr(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    items = tuple((k.lower(), v[k]) for k in ("trap", "atom", "aq", "rl", "far", "DR"))
    return _header_record(m, "B.CATR", length // 8, items, "trap", "the block already has control attributes")


def _header_record(m: Machine, mnemonic: str, size: int, items: tuple, once_key: str | None,
                   reason: str) -> Handler:
    """A header command that records ``items``; when ``once_key`` is set, a second one in
    the same block is BUNDLE_TRAP with ``reason``."""

    def record(pc: int) -> int:
        _header(m, pc, mnemonic)
        if once_key is not None and any(k == once_key for k, _ in m.header):
            raise Fault(BUNDLE_TRAP, pc, reason=reason)
        return _record(m, pc, size, items)

    return record


def _dimension_free(m: Machine, pc: int, loop: str) -> None:
    """SetBundleDimension (``asl/block/model/schema/dimensions.asl``): each loop bound of a
    block is set once; a second B.DIM or C.B.DIMI for the same loop is BUNDLE_TRAP."""
    if any(k == loop for k, _ in m.header):
        raise Fault(BUNDLE_TRAP, pc, reason=f"the block already has a bound for {loop}")


@semantic("B.DIM")
def b_dim(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    size = length // 8
    lb = form.syntax.rsplit("->", 1)[1].strip()
    src, imm = v["RegSrc"], v["uimm17"]
    r = m.r

    def dim(pc: int) -> int:
        _header(m, pc, "B.DIM")
        _dimension_free(m, pc, lb)
        return _record(m, pc, size, ((lb, (r[src] + imm) & 0xFFFF),))

    return dim


@semantic("C.B.DIMI")
def c_b_dimi(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    size = length // 8
    item = ((f"lb{v['LoopNest']}", v["imm8"]),)

    def dimi(pc: int) -> int:
        _header(m, pc, "C.B.DIMI")
        _dimension_free(m, pc, item[0][0])
        return _record(m, pc, size, item)

    return dimi


@semantic("B.HINT", word=True)
def b_hint(m: Machine, form: Form, v: dict[str, int], pc: int, length: int, payload: int) -> Handler:
    """SetBundleHint: the hint items of the header, the hint word as the last hint payload
    (_LastBundleHintPayload) and one more hint epoch (BundleTransformHint)."""
    size = length // 8
    if "B/E" in v:
        # B.HINT TRACE.{begin,end}: commits any open block, then opens a STD FALL block.
        item = (("hint.trace", "end" if v["B/E"] else "begin"),)

        def trace(pc: int) -> int:
            if m.blk:
                nxt = complete_block(m, pc, pc)
                if nxt != pc:
                    return nxt
            seq = pc + size
            begin_block(m, pc, KIND_STD, FALL, seq, seq, seq)
            m.header = item
            m.hint_payload = payload
            m.hint_epoch += 1
            return seq

        return trace
    items = (("hint", 1),) + tuple((f"hint.{k.lower()}", val) for k, val in v.items())

    def hint(pc: int) -> int:
        _header(m, pc, "B.HINT")
        if any(k == "hint" for k, _ in m.header):
            raise Fault(BUNDLE_TRAP, pc, reason="B.HINT may appear once per block")
        m.hint_payload = payload
        m.hint_epoch += 1
        return _record(m, pc, size, items)

    return hint
