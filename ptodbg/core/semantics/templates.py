"""Command templates: MSET, MCOPY, the frame templates, General Queue Management and the
commands PTO v0 reserves.

Sources: ``asl/block/model/dispatch/commands.asl`` (ExecuteDecodedBundleCommand: operand
reads, selector checks, which handlers advance TPC), ``asl/block/model/commit/effects.asl``
(ExecuteBoundedMemorySet, the MCOPY template, ExecuteQueueManager*),
``asl/block/model/lifecycle/lifetime.asl`` (frame templates),
``asl/arch/programming-model/general-queue-management.asl`` (GQM queues) and the
instruction files ``asl/block/lifecycle/*.asl``.

*Restartable templates.*  MCOPY and the frame templates do not fault "before any effect":
each memory step is a restart boundary.  A fault keeps the committed steps (memory, events,
the frame's stack-pointer update) and leaves the template *active* with its progress in
``m.mcopy`` / ``m.frame``; the machine saves both with the trap context, ``recover``
restores them, and the re-executed command continues from the first uncommitted step
without rereading its operands.  While a template is active, the same command at another
TPC (or another frame kind) raises ILLEGAL_INST, exactly as the ASL does; trap entry does
not clear the live template.  That a faulting frame template keeps its stack-pointer update
is the specification's rule, not a ptodbg shortcut: ExecuteFrameTemplate runs
AdjustFrameStackPointer once, before the first step, and records ``stack_adjusted`` in the
trap-preserved template; FRET.STK's contract says "an earlier committed sp adjustment
remains restart-visible" and PTO-AVS-BLOCK-FRET-STK-RESTART-003 asserts it (README
"Precise faults").  The template commands are standalone templates that "do not consume a
BSTART/BSTOP body" (their contracts), so a fault of one at a block's header position does
not enter the body (they are commands for :func:`ptodbg.core.traps.enter`).

*Frame templates use R2 as the stack pointer* (``PTO_FRAME_SP_INDEX = 2`` in lifetime.asl)
and R10 as ra (``PTO_FRAME_RA_INDEX``), although the ADR-0076 ABI names call R1 ``sp`` and
R2 ``a0`` (ADR-0076; docs/architecture-notes.md §7.3).  ptodbg follows the ASL constants; the register is
``m.frame_sp`` (default ``FRAME_SP`` = 2), which the ``linx-v0.4`` compatibility mode sets to
R1 because LinxISA v0.4 code keeps its stack pointer there.  Restoring R10 also sets
LRA (``_ReturnAddress``); FRET.RA returns through LRA as it was before the restore.

*GQM state* is system-scope and kept in ``m.gqm`` (a :class:`GQMState`, replaced - never
mutated - by every operation, so snapshots may share it); None means the reset state.
The ASL's four queue slots size its verification backing only ("not an architectural
limit"), so ptodbg has no queue-count limit.

The block-control bookkeeping of these commands is machine state (control-state.asl):
``m.last_memory_command`` (_LastMemoryCommandAddress/Size: a completed MSET or MCOPY),
``m.frame_depth`` and ``m.last_frame`` (_FrameDepth, _LastFrameBegin/End/Size: a completed
frame template) and ``m.last_queue`` (_LastQueueLeft/Right/Flags: any HL.Q* that ran).

MSET records no memory event (StoreTranslatedFillBounded records none).  A write
watchpoint on the filled bytes still fires (ptodbg choice: a debugger must not miss a
write); its hit carries a synthetic store event that is not in the step's event list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ptodbg.base.record import Frozen
from ptodbg.core.events import LOAD, RELAXED, STORE, MemEvent
from ptodbg.core.faults import DATA_ALIGN_FAULT, ILLEGAL_INST, INST_PC_FAULT, Fault
from ptodbg.core.memory import PAGE_MASK, PAGE_SIZE, Memory, R, W
from ptodbg.core.semantics import MASK64, Builder, semantic, writer
from ptodbg.core.semantics.blocks import commit_pc, complete_block
from ptodbg.core.state import T_BASE, U_BASE

if TYPE_CHECKING:
    from ptodbg.core.machine import Handler, Machine
    from ptodbg.isa.forms import Form


# ------------------------------------------------------------------ reserved commands
@semantic("ESAVE", "ERCOV", "XB")
def reserved(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """CommandHandlerSupportedPTOv0 is FALSE for SaveExecutionContext, RecoverExecution-
    Context and ExecuteCrossBlockTransfer: ILLEGAL_INST before any operand is read."""
    name = form.mnemonic

    def unsupported(pc: int) -> int:
        raise Fault(ILLEGAL_INST, pc, reason=f"{name} is reserved in PTO v0 (not executable)")

    return unsupported


# ------------------------------------------------------------------------ helpers
def _watch_only(mem: Memory, ev: MemEvent) -> None:
    """Note watchpoint hits of an access the ASL records no event for."""
    for w in mem.watches:
        if w.fires(ev):
            mem.watch_hits.append((w, ev))


def _wraps(address: int, length: int) -> bool:
    """MemoryRangeWraps: a nonempty range whose end passes 2^64."""
    return length != 0 and address + length > MASK64


def _overlap(destination: int, source: int, length: int) -> bool:
    """MemoryCopyRangesOverlap (both ranges already known not to wrap)."""
    return length != 0 and destination < source + length and source < destination + length


# ------------------------------------------------------------------------------ MSET
MSET_MAX = 63


@semantic("MSET")
def mset(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteBoundedMemorySet: length > 63 -> ILLEGAL_INST; probe the whole destination for
    write (alignment 1) -> DATA_PAGE_FAULT at Destination; fill with FillByte[7:0]; an
    overlapped reservation granule is cleared (``write_raw``).  The selectors are absolute
    GPRs (the form's constraints reject 24..31 before this handler runs)."""
    d_code, v_code, n_code = v["RegSrc0"], v["RegSrc1"], v["RegSrc2"]
    size = length // 8
    r = m.r
    mem = m.mem
    # linx-v0.4 code (its QEMU fills 64 bytes in 8-byte stores) sets longer ranges; that
    # release's limit is not known, so ptodbg bounds it at 1 MiB and records its stores.
    v04 = getattr(m, "compat", None) == "linx-v0.4"
    limit = (1 << 20) if v04 else MSET_MAX

    def h(pc: int) -> int:
        destination, fill, count = r[d_code], r[v_code] & 0xFF, r[n_code]
        if count > limit:
            raise Fault(ILLEGAL_INST, pc, reason=f"MSET length {count} is above {limit}")
        if count:
            mem.check(destination, count, W)
            data = bytes((fill,)) * count
            mem.write_raw(destination, data)
            if v04 and mem.capture:
                done = 0
                while done < count:
                    step = _step_size(count - done)
                    mem.note(MemEvent(STORE, destination + done, step, int.from_bytes(data[:step], "little")))
                    done += step
            elif mem.watches:
                value = int.from_bytes(data, "little")
                _watch_only(mem, MemEvent(STORE, destination, count, value))
        m.last_memory_command = (destination, count)
        return pc + size

    return h


# ----------------------------------------------------------------------------- MCOPY
def _step_size(remaining: int) -> int:
    """MemoryCopyStepSize: 8, 4, 2 or 1 bytes by the remaining length."""
    return 8 if remaining >= 8 else 4 if remaining >= 4 else 2 if remaining >= 2 else 1


def _chunk(source: int, destination: int, remaining: int) -> int:
    """A run of whole copy steps that stays inside one page of each range."""
    room = min(PAGE_SIZE - (source & PAGE_MASK), PAGE_SIZE - (destination & PAGE_MASK))
    if remaining <= room:
        return remaining
    if room >= 8:
        return room & ~7  # every step inside is 8 bytes: at least room - k >= 8 remain
    return _step_size(remaining)


def _commit(mem: Memory, source: int, destination: int, data: bytes, remaining: int,
            tracing: bool) -> None:
    """Write the bytes of consecutive steps; in tracing mode record each step's load and
    store event in program order (the ranges are disjoint, so reading the chunk first and
    writing it afterwards is exact)."""
    mem.write_raw(destination, data)
    if not tracing:
        return
    offset, total = 0, len(data)
    while offset < total:
        step = _step_size(remaining - offset)
        value = int.from_bytes(data[offset : offset + step], "little")
        mem.note(MemEvent(LOAD, source + offset, step, value, RELAXED))
        mem.note(MemEvent(STORE, destination + offset, step, value, RELAXED))
        offset += step


def copy_forward(mem: Memory, destination: int, source: int, length: int,
                 progress: int) -> tuple[int, Fault | None]:
    """ExecuteMemoryCopyStep repeated from ``progress``: returns the new progress and the
    fault of the first step that could not commit (None when the copy completed).

    Each step probes source (read) then destination (write) before reading; whole chunks
    of steps are committed at once when :meth:`Memory.allows` proves every step in them passes."""
    tracing = mem.capture or bool(mem.watches)
    while progress < length:
        remaining = length - progress
        src, dst = source + progress, destination + progress
        chunk = _chunk(src, dst, remaining)
        if not (mem.allows(src, chunk, R) and mem.allows(dst, chunk, W)):
            chunk = _step_size(remaining)
            try:
                mem.check(src, chunk, R)
                mem.check(dst, chunk, W)
            except Fault as f:
                return progress, f
        _commit(mem, src, dst, mem.read_raw(src, chunk), remaining, tracing)
        progress += chunk
    return progress, None


@semantic("MCOPY")
def mcopy(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteMemoryCopyTemplate.  A new template reads Destination/Source/Length with
    ReadGPR and rejects wrapping or overlapping nonempty ranges (ILLEGAL_INST) before any
    effect; an active one (``m.mcopy = (instruction_pc, destination, source, length,
    progress)``) continues without reading the GPRs and must be at its instruction PC."""
    d_code, s_code, n_code = v["RegSrc0"], v["RegSrc1"], v["RegSrc2"]
    size = length // 8
    r = m.r
    mem = m.mem

    def h(pc: int) -> int:
        template = m.mcopy
        if template is None:
            destination, source, count = r[d_code], r[s_code], r[n_code]
            if _wraps(destination, count) or _wraps(source, count):
                raise Fault(ILLEGAL_INST, pc, reason="MCOPY range wraps the address space")
            if _overlap(destination, source, count):
                raise Fault(ILLEGAL_INST, pc, reason="MCOPY source and destination overlap")
            progress = 0
        else:
            start_pc, destination, source, count, progress = template
            if start_pc != pc:
                raise Fault(ILLEGAL_INST, pc,
                            reason=f"an MCOPY template started at {start_pc:#x} is still active")
        progress, fault = copy_forward(mem, destination, source, count, progress)
        if fault is not None:
            m.mcopy = (pc, destination, source, count, progress)
            raise fault
        m.mcopy = None  # CompleteMemoryCopyTemplate
        m.last_memory_command = (destination, count)
        return pc + size

    return h


# ------------------------------------------------------------------ frame templates
FRAME_SP = 2  # PTO_FRAME_SP_INDEX
FRAME_RA = 10  # PTO_FRAME_RA_INDEX
FRAME_DEPTH_MAX = 16  # _FrameDepth's range is 0..PTO_MODEL_MEMORY_EVENTS (control-state.asl)
ENTRY, EXIT, RETURN_RA, RETURN_STACK = range(4)
_KIND_NAMES = ("FENTRY", "FEXIT", "FRET.RA", "FRET.STK")


class FrameTemplate(NamedTuple):
    """FrameTemplateState while a frame template is active (``m.frame``)."""

    kind: int
    pc: int
    begin: int
    end: int
    count: int
    size: int
    caller_sp: int
    adjusted: bool
    progress: int
    target: int
    target_valid: bool
    values: tuple[int, ...]  # FENTRY: the source snapshot; empty for the others


def ring_count(begin: int, end: int) -> int:
    """FrameRegisterRangeCount over the R2..R23 ring (wrapping ranges allowed)."""
    return end - begin + 1 if end >= begin else 24 - begin + end - 1


def ring_register(begin: int, ordinal: int) -> int:
    """FrameRegisterAt: the ordinal-th register of the ring range starting at ``begin``."""
    reg = begin + ordinal
    return reg if reg <= 23 else reg - 22


def _frame_legal(kind: int, begin: int, end: int, size: int) -> str | None:
    """FrameTemplateOperandsLegal; None when legal, else why not."""
    if not (2 <= begin <= 23 and 2 <= end <= 23):
        return "frame range endpoints must be R2..R23"
    if kind == RETURN_STACK and begin != FRAME_RA:
        return "FRET.STK's range must begin at ra (R10)"
    count = ring_count(begin, end)
    if size & 7 or size < 8 * count:
        return f"frame size {size} is smaller than {count} registers x 8 bytes"
    return None


def _start_frame(m: Machine, kind: int, pc: int, begin: int, end: int, size: int,
                 illegal: str | None) -> FrameTemplate:
    """StartFrameTemplate: validate, snapshot sp, (FRET.RA) LRA, (FENTRY) the sources."""
    if illegal is not None:
        raise Fault(ILLEGAL_INST, pc, reason=f"{_KIND_NAMES[kind]}: {illegal}")
    count = ring_count(begin, end)
    sp = m.r[m.frame_sp]
    caller_sp = sp if kind == ENTRY else (sp + size) & MASK64
    target = m.lra if kind == RETURN_RA else 0
    if kind == RETURN_RA and target & 1:
        raise Fault(INST_PC_FAULT, target, reason=f"FRET.RA: return address {target:#x} is odd")
    values: tuple[int, ...] = ()
    if kind == ENTRY:
        values = tuple(m.r[ring_register(begin, k)] for k in range(count))
    return FrameTemplate(kind, pc, begin, end, count, size, caller_sp, False, 0, target,
                         kind == RETURN_RA, values)


def _frame_steps(m: Machine, t: FrameTemplate) -> FrameTemplate:
    """ExecuteFrameStoreStep / ExecuteFrameLoadStep from ``t.progress`` to the end.  On a
    fault the template with the committed progress is left in ``m.frame``."""
    mem, r = m.mem, m.r
    progress, target, target_valid = t.progress, t.target, t.target_valid
    try:
        for k in range(t.progress, t.count):
            address = (t.caller_sp - 8 * (k + 1)) & MASK64
            if address & 7:
                raise Fault(DATA_ALIGN_FAULT, address,
                            reason=f"frame slot {address:#x} is not 8-byte aligned")
            if t.kind == ENTRY:
                mem.store(address, 8, t.values[k], RELAXED)
            else:
                mem.check(address, 8, R)
                value = int.from_bytes(mem.read_raw(address, 8), "little")
                if t.kind == RETURN_STACK and k == 0:
                    if value & 1:
                        raise Fault(INST_PC_FAULT, value,
                                    reason=f"FRET.STK: stacked return target {value:#x} is odd")
                    target, target_valid = value, True
                if mem.capture or mem.watches:
                    mem.note(MemEvent(LOAD, address, 8, value, RELAXED))
                reg = ring_register(t.begin, k)
                r[reg] = value
                if reg == FRAME_RA:
                    m.lra = value
            progress = k + 1
    except Fault:
        m.frame = t._replace(progress=progress, target=target, target_valid=target_valid)
        raise
    return t._replace(progress=progress, target=target, target_valid=target_valid)


def _complete_frame(m: Machine, t: FrameTemplate) -> None:
    """CompleteFrameTemplate: no template is active, the frame's range and size are the
    last frame's, and the frame depth counts the entry (saturating at FRAME_DEPTH_MAX) or
    the exit/return (not below 0)."""
    m.frame = None
    m.last_frame = (t.begin, t.end, t.size)
    if t.kind == ENTRY:
        if m.frame_depth < FRAME_DEPTH_MAX:
            m.frame_depth += 1
    elif m.frame_depth:
        m.frame_depth -= 1


def _frame_builder(kind: int) -> Builder:
    """ExecuteFrameTemplate for one kind (EnterFrame, ExitFrame, ReturnFromFrame)."""

    def build(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
        begin = v["SrcBegin"] if kind == ENTRY else v["DstBegin"]
        end = v["SrcEnd"] if kind == ENTRY else v["DstEnd"]
        size = v["uimm"]
        illegal = _frame_legal(kind, begin, end, size)
        step = length // 8
        r = m.r

        def h(pc: int) -> int:
            t = m.frame
            if t is None:
                t = _start_frame(m, kind, pc, begin, end, size, illegal)
            elif t.pc != pc or t.kind != kind:
                raise Fault(ILLEGAL_INST, pc, reason=(
                    f"a {_KIND_NAMES[t.kind]} frame template started at {t.pc:#x} is still active"))
            if not t.adjusted:  # AdjustFrameStackPointer, once per template
                r[m.frame_sp] = (t.caller_sp - t.size) & MASK64 if kind == ENTRY else t.caller_sp
                t = t._replace(adjusted=True)
            t = _frame_steps(m, t)
            _complete_frame(m, t)
            return t.target if kind in (RETURN_RA, RETURN_STACK) else pc + step

        if getattr(m, "compat", None) == "linx-v0.4":
            return _splits_blocks(m, h)
        return h

    return build


def _splits_blocks(m: Machine, h: Handler) -> Handler:
    """linx-v0.4 compatibility: the frame commands are block boundaries ("Bundle Split"),
    as that code relies on - a call block is closed by the FRET/FENTRY at its return
    label.  An open block commits first; when its commit selects another PC control goes
    there and the template does not run (the same rule as a retiring BSTART, docs/architecture-notes.md
    §7.2).  A template resumed after a fault has already retired its block."""
    def split(pc: int) -> int:
        if m.blk and m.frame is None:
            retiring = commit_pc(m, pc)
            complete_block(m, pc, pc)
            if retiring != pc:
                return retiring
        return h(pc)

    return split


semantic("FENTRY")(_frame_builder(ENTRY))
semantic("FEXIT")(_frame_builder(EXIT))
semantic("FRET.RA")(_frame_builder(RETURN_RA))
semantic("FRET.STK")(_frame_builder(RETURN_STACK))


# ------------------------------------------------------ General Queue Management
# Result statuses ([63:62]).  Push: 1 full or suspended, 2 missing or corrupt; pop: 1 empty,
# 2 missing or corrupt; HL.QMT: 1 missing or corrupt.
STATUS_OK, STATUS_BUSY, STATUS_MISSING, STATUS_QMT_MISSING = 0, 1, 2, 1


class GQMQueue(Frozen):
    """One initialised queue: its entries head first, each (value, release epoch)."""

    capacity: int
    entries: tuple[tuple[int, int], ...] = ()
    suspended: bool = False
    corrupt: bool = False

    @property
    def remaining(self) -> int:
        return self.capacity - len(self.entries)


class GQMState(Frozen):
    """The GQM state (PTO-STATE-ARCH-GQM).  ``queues`` is never mutated in place."""

    queues: dict[int, GQMQueue]
    release_epoch: int
    acquire_epoch: int
    event_epoch: int
    event_address: int

    def __init__(self, queues: dict[int, GQMQueue] | None = None, release_epoch: int = 0, acquire_epoch: int = 0,
                 event_epoch: int = 0, event_address: int = 0) -> None:
        _set = object.__setattr__
        _set(self, "queues", {} if queues is None else queues)  # a fresh dict per state, never a shared default
        _set(self, "release_epoch", release_epoch)
        _set(self, "acquire_epoch", acquire_epoch)
        _set(self, "event_epoch", event_epoch)
        _set(self, "event_address", event_address)

    def with_queue(self, address: int, queue: GQMQueue) -> GQMState:
        queues = dict(self.queues)
        queues[address] = queue
        return self.replace(queues=queues)

    def broadcast(self, address: int) -> GQMState:
        """BroadcastGQMEvent."""
        return self.replace(event_epoch=self.event_epoch + 1, event_address=address)


GQM_RESET = GQMState()


def gqm_state(m: Machine) -> GQMState:
    """The machine's GQM state (the reset state until a queue operation ran)."""
    state = getattr(m, "gqm", None)
    return GQM_RESET if state is None else state


def gqm_result(primary: int, status: int) -> int:
    """GQMResult: primary value in [12:0], status in [63:62]."""
    return (primary & 0x1FFF) | status << 62


def gqm_initialize(state: GQMState, address: int, capacity: int) -> GQMState:
    """InitializeGQMQueue: create or replace an empty, writable, uncorrupted queue."""
    return state.with_queue(address, GQMQueue(capacity))


def gqm_push(state: GQMState, address: int, value: int, at_head: bool, relaxed: bool,
             notify: bool) -> tuple[GQMState, int]:
    """PushGQMQueueEntry: (new state, result word)."""
    q = state.queues.get(address)
    if q is None or q.corrupt:
        return state, gqm_result(0, STATUS_MISSING)
    if q.suspended or q.remaining == 0:
        return state, gqm_result(q.remaining, STATUS_BUSY)
    epoch = 0
    if not relaxed:
        epoch = state.release_epoch + 1
        state = state.replace(release_epoch=epoch)
    entry = ((value & MASK64, epoch),)
    q = q.replace(entries=entry + q.entries if at_head else q.entries + entry)
    state = state.with_queue(address, q)
    if notify:
        state = state.broadcast(address)
    return state, gqm_result(q.remaining, STATUS_OK)


def gqm_pop(state: GQMState, address: int, relaxed: bool,
            notify: bool) -> tuple[GQMState, int, int]:
    """PopGQMQueueEntry: (new state, data, result word).  Suspension does not stop a pop."""
    q = state.queues.get(address)
    if q is None or q.corrupt:
        return state, 0, gqm_result(0, STATUS_MISSING)
    if not q.entries:
        return state, 0, gqm_result(0, STATUS_BUSY)
    (value, epoch), rest = q.entries[0], q.entries[1:]
    state = state.with_queue(address, q.replace(entries=rest))
    if not relaxed and epoch:
        state = state.replace(acquire_epoch=epoch)
    if notify:
        state = state.broadcast(address)
    return state, value, gqm_result(len(rest), STATUS_OK)


def gqm_move(state: GQMState, address: int, capacity_source: int, initialize: bool,
             notify: bool, suspend: bool, restore: bool) -> tuple[GQMState, int]:
    """ExecuteQueueManagerMove: query or initialise, then event, then suspend/restore."""
    if initialize:
        capacity = capacity_source & 0x3FF
        state = gqm_initialize(state, address, capacity)
        result = gqm_result(capacity * 8, STATUS_OK)
    else:
        q = state.queues.get(address)
        if q is None or q.corrupt:
            return state, gqm_result(0, STATUS_QMT_MISSING)
        result = gqm_result(q.remaining, STATUS_OK)
    if notify:
        state = state.broadcast(address)
    if suspend or restore:
        state = state.with_queue(address, state.queues[address].replace(suspended=suspend))
    return state, result


def _need(*codes: int) -> tuple[int, int]:
    """The T and U valid bits that the Reg5 source selectors ``codes`` require
    (ScalarSourceSelectorLegal), as masks of ``m.t_valid`` / ``m.u_valid``."""
    need_t = need_u = 0
    for code in codes:
        if T_BASE <= code < U_BASE:
            need_t |= 1 << (code - T_BASE)
        elif code >= U_BASE:
            need_u |= 1 << (code - U_BASE)
    return need_t, need_u


def _unavailable(name: str) -> str:
    return f"{name} reads a T/U queue slot that holds no value"


@semantic("HL.QMT")
def hl_qmt(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """HL.QMT: s+r -> ILLEGAL_INST, then SrcL (and SrcR when i) must be available; SrcR is
    read only when i is set; the result goes to RegDst."""
    left, right = v["SrcL"], v["SrcR"]
    initialize, notify, suspend, restore = bool(v["i"]), bool(v["e"]), bool(v["s"]), bool(v["r"])
    flags = initialize << 3 | notify << 2 | suspend << 1 | restore  # CommandDecodedQueueMoveFlags
    need_t, need_u = _need(left, right) if initialize else _need(left)
    out = writer(m, v["RegDst"])
    size = length // 8
    r = m.r

    def h(pc: int) -> int:
        if suspend and restore:
            raise Fault(ILLEGAL_INST, pc, reason="HL.QMT: s and r together are reserved")
        if m.t_valid & need_t != need_t or m.u_valid & need_u != need_u:
            raise Fault(ILLEGAL_INST, pc, reason=_unavailable("HL.QMT"))
        address = r[left]
        capacity = r[right] if initialize else 0
        m.gqm, result = gqm_move(
            gqm_state(m), address, capacity, initialize, notify, suspend, restore)
        m.last_queue = (address, capacity, flags)
        out(result)
        return pc + size

    return h


@semantic("HL.QPUSH")
def hl_qpush(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """HL.QPUSH SrcL (queue address), SrcR (entry) -> RegDst (result)."""
    left, right = v["SrcL"], v["SrcR"]
    at_head, notify, relaxed = bool(v["h"]), bool(v["e"]), bool(v["r"])
    flags = at_head << 3 | notify << 2 | relaxed  # CommandDecodedQueuePushFlags
    need_t, need_u = _need(left, right)
    out = writer(m, v["RegDst"])
    size = length // 8
    r = m.r

    def h(pc: int) -> int:
        if m.t_valid & need_t != need_t or m.u_valid & need_u != need_u:
            raise Fault(ILLEGAL_INST, pc, reason=_unavailable("HL.QPUSH"))
        address, entry = r[left], r[right]
        m.gqm, result = gqm_push(gqm_state(m), address, entry, at_head, relaxed, notify)
        m.last_queue = (address, entry, flags)
        out(result)
        return pc + size

    return h


@semantic("HL.QPOP")
def hl_qpop(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """HL.QPOP SrcL -> RegDst0 (data), RegDst1 (result), written in that order."""
    left = v["SrcL"]
    notify, relaxed = bool(v["e"]), bool(v["r"])
    flags = notify << 1 | relaxed  # CommandDecodedQueuePopFlags
    need_t, need_u = _need(left)
    out_data, out_result = writer(m, v["RegDst0"]), writer(m, v["RegDst1"])
    size = length // 8
    r = m.r

    def h(pc: int) -> int:
        if m.t_valid & need_t != need_t or m.u_valid & need_u != need_u:
            raise Fault(ILLEGAL_INST, pc, reason=_unavailable("HL.QPOP"))
        address = r[left]
        m.gqm, data, result = gqm_pop(gqm_state(m), address, relaxed, notify)
        m.last_queue = (address, 0, flags)
        out_data(data)
        out_result(result)
        return pc + size

    return h
