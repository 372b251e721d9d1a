"""Trap entry and recovery: what a trap saves in its bank, and how ACRE brings it back.

The machine calls :func:`enter` when an attempt faults (SetFaultWithCause: save the
context in the target bank, then vector); ``ACRE`` and the debugger's ``recover`` call
:func:`recover` (RecoverTrapContext).  The bank's visible record is its context system
registers (ECSTATE, the EBARG words, the saved queues); the rest of the record, which no
register shows, is a :class:`SavedContext` in ``Machine.saved``.  Rules followed:
``asl/arch/profile/reference-profile.asl`` (SaveTrapContext) and
``asl/arch/profile/trap-context-recovery.asl`` (TrapContextRecoverable, RecoverTrapContext).

Why a module of its own: trap entry touches every part of the state but is no part of
the step loop; keeping it here keeps :mod:`ptodbg.core.machine` to state and execution.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.base.record import Frozen
from ptodbg.core import sysregs as ssr
from ptodbg.core.faults import EXEC_STATE_CHECK, Fault, trap_name
from ptodbg.core.state import FALL, KIND_NAMES, KIND_STD, MASK64, T_BASE, U_BASE

if TYPE_CHECKING:
    from ptodbg.core.machine import Machine

# EBARG0, the block control word trap entry saves (SaveTrapContext; its legality is
# PTOv0EBARGControlLegal in asl/block/model/schema/profile-encoding.asl):
# [3:0] source ACR, [4] context valid, [5] block open, [6] body active, [10:7] block kind,
# [13:11] transfer type, [14] TAKEN; bits 63:15 zero.
RING_MASK = 0xF
CONTROL_VALID = 1 << 4
OPEN_SHIFT, BODY_SHIFT, KIND_SHIFT, TRANSFER_SHIFT, TAKEN_SHIFT, CONTROL_BITS = 5, 6, 7, 11, 14, 15
KIND_MASK, TRANSFER_MASK = 0xF, 0x7
MAX_TRANSFER = 6  # ICALL, the highest transfer code
ECSTATE_SAVED = 0x1F  # ECSTATE = CORE_STATE with the source ACR in [3:0] and the body flag at [4]
ECSTATE_BODY_SHIFT = 4
CAUSE_MASK = 0xFFFFFF  # TRAPNO holds 24 bits of cause
BANKS = 16
LEGAL_KINDS = frozenset(KIND_NAMES)


class TrapInfo(Frozen):
    """A trap that was entered: what the trap pane shows."""

    number: int
    name: str
    cause: int
    arg0: int
    bank: int
    saved_tpc: int
    vector: int  # the TPC trap entry set (EVBASE, or arg0 when EVBASE is 0)
    vectored: bool  # True when the bank had a handler (EVBASE != 0)
    reason: str
    code: str = ""  # the spec's FaultCode when several share the number (Fault.code)


class SavedContext(Frozen):
    """The part of a trap bank's saved record not visible in its EBARG/ECSTATE registers.

    ``valid`` is the record's valid flag (_TrapContexts[[n]].valid): recovery clears it and
    keeps the fields, as the architecture does; a bank that never saved a context holds
    no record (``Machine.saved[n]`` is None), which reads as an invalid all-zero one."""

    valid: bool
    core_state: int  # CORE_STATE as it was (ECSTATE holds it with the source ACR and body bits)
    commit_arg: int
    tgt_set: bool
    cond_set: bool
    sys_pending: bool
    bseq: int
    frame_ret: int
    t_valid: int  # the queues' valid bitmaps (Machine.t_valid)
    u_valid: int
    header: tuple
    mcopy: tuple | None
    frame: tuple | None
    preds: tuple[int, ...]
    bdesc: object  # the open control block's BSTART descriptor (Machine.bdesc)


#: The record a bank holds after reset: invalid, every field zero (ResetProfileState).
EMPTY_CONTEXT = SavedContext(False, 0, 0, False, False, False, 0, 0, 0, 0, (), None, None, (0,) * 8, None)


def enter(m: Machine, f: Fault, pc: int, no_body_entry: bool) -> TrapInfo:
    """SetFaultWithCause: save the context in the target bank, then vector.

    The saved body flag is the body as it was before the attempt: a faulting first
    body instruction is rejected whole, its implicit body entry included (precise
    faults, README "Precise faults").  Only an attempt that completed before its trap
    (``f.resume``: ACRC's service request) has entered the body.  ``no_body_entry``:
    the attempt never enters it (a command, or an instruction that could not be
    fetched)."""
    source = m.acr
    ring = f.ring
    if ring is None:
        ring = 0 if source == 0 else 1
    body = m.blk and (pc != m.hdr_end or (f.resume is not None and not no_body_entry))
    if body:
        m.hdr_end = None  # entered before or by the attempt (it stays entered)
    saved_tpc = f.resume if f.resume is not None else pc
    if f.preserve_bank and m.context_valid(ring):
        saved_tpc = m.ctx(ring, ssr.EBARG_TPC)
    else:
        save_context(m, ring, source, saved_tpc, body)
    m.trap_status[ring] = (False, True, f.cause & CAUSE_MASK, f.number, f.arg & MASK64)
    m.last_fault = f.number
    m.fault_address = f.arg & MASK64
    m.set_acr(ring)
    evbase = m.sregs.get(ssr.context_index(ring, ssr.EVBASE), 0)
    m.pc = evbase if evbase else f.arg & MASK64
    if m.blk and not body:
        m.hdr_end = m.pc  # trap entry keeps the body unentered wherever TPC goes
    info = TrapInfo(
        number=f.number,
        name=trap_name(f.number),
        cause=f.cause,
        arg0=f.arg & MASK64,
        bank=ring,
        saved_tpc=saved_tpc,
        vector=m.pc,
        vectored=bool(evbase),
        reason=f.reason,
        code=f.code,
    )
    m.last_trap = info
    m.trap_step = m.steps
    return info


def save_context(m: Machine, ring: int, source: int, tpc: int, body: bool) -> None:
    """SaveTrapContext (reference-profile.asl) into bank ``ring``: resume at ``tpc``,
    ``source`` the ACR it came from, ``body`` whether the block body had begun."""
    r = m.r
    m.saved[ring] = SavedContext(
        valid=True,
        core_state=m.core_state,
        commit_arg=m.commit_arg,
        tgt_set=m.tgt_set,
        cond_set=m.cond_set,
        sys_pending=m.sys_pending,
        bseq=m.bseq,
        frame_ret=m.frame_ret,
        t_valid=m.t_valid,
        u_valid=m.u_valid,
        header=m.header,
        mcopy=m.mcopy,
        frame=m.frame,
        preds=m.preds,
        bdesc=m.bdesc,
    )
    put = m.sregs.__setitem__
    base = ring << 12
    put(base | ssr.ECSTATE, (m.core_state & ~ECSTATE_SAVED) | source | (body << ECSTATE_BODY_SHIFT))
    control = (
        source | CONTROL_VALID | m.blk << OPEN_SHIFT | body << BODY_SHIFT | m.bkind << KIND_SHIFT
        | m.btype << TRANSFER_SHIFT | m.taken << TAKEN_SHIFT
    )
    put(base | ssr.EBARG0, control)
    put(base | ssr.EBARG_BPC_CUR, m.bpc)
    put(base | ssr.EBARG_BPC_TGT, m.bpcn)
    put(base | ssr.EBARG_TPC, tpc)
    put(base | ssr.EBARG_LRA, m.lra)
    for k in range(4):
        put(base | (ssr.EBARG_TQ0 + k), r[T_BASE + k])
        put(base | (ssr.EBARG_UQ0 + k), r[U_BASE + k])
    put(base | ssr.EBARG_LB, 0)
    put(base | ssr.EBARG_LC, 0)


def recoverable(m: Machine, ring: int) -> str | None:
    """None when bank ``ring`` can be recovered, else the reason it cannot
    (TrapContextRecoverable)."""
    control = m.ctx(ring, ssr.EBARG0)
    ecstate = m.ctx(ring, ssr.ECSTATE)
    if not m.context_valid(ring):
        return f"bank {ring} holds no saved trap context"
    if not control & CONTROL_VALID:
        return f"EBARG0_ACR{ring} bit 4 (snapshot valid) is clear"
    kind = (control >> KIND_SHIFT) & KIND_MASK
    if control >> CONTROL_BITS or kind not in LEGAL_KINDS or (control >> TRANSFER_SHIFT) & TRANSFER_MASK > MAX_TRANSFER \
            or (control >> BODY_SHIFT & 1 and not control >> OPEN_SHIFT & 1):
        return f"EBARG0_ACR{ring} = {control:#x} is not a legal block control word"
    if control & RING_MASK != ecstate & RING_MASK:
        return f"EBARG0_ACR{ring}[3:0] differs from ECSTATE_ACR{ring}[3:0]"
    if m.ctx(ring, ssr.EBARG_BPC_CUR) & 1 or m.ctx(ring, ssr.EBARG_TPC) & 1:
        return f"saved BPC or TPC of bank {ring} is odd"
    return None


def recover(m: Machine, ring: int | None = None) -> int:
    """RecoverTrapContext of bank ``ring`` (default: the current ACR, where trap entry
    went).  Returns the resumed TPC; raises ValueError when not recoverable."""
    if ring is None:
        ring = m.acr
    why = recoverable(m, ring)
    if why is not None:
        raise ValueError(why)
    ctx = m.saved[ring]
    assert ctx is not None
    control = m.ctx(ring, ssr.EBARG0)
    ecstate = m.ctx(ring, ssr.ECSTATE)
    m.pc = m.ctx(ring, ssr.EBARG_TPC)
    m.bpc = m.ctx(ring, ssr.EBARG_BPC_CUR)
    m.core_state = ecstate
    m.commit_arg = ctx.commit_arg
    m.blk = bool(control >> OPEN_SHIFT & 1)
    body = bool(control >> BODY_SHIFT & 1)
    m.tgt_set, m.cond_set, m.sys_pending = ctx.tgt_set, ctx.cond_set, ctx.sys_pending
    kind = (control >> KIND_SHIFT) & KIND_MASK
    m.bkind = kind if kind in LEGAL_KINDS else KIND_STD
    transfer = (control >> TRANSFER_SHIFT) & TRANSFER_MASK
    m.btype = transfer if transfer <= MAX_TRANSFER else FALL
    m.taken = bool(control >> TAKEN_SHIFT & 1)
    m.bpcn = m.ctx(ring, ssr.EBARG_BPC_TGT)
    m.frame_ret = ctx.frame_ret
    m.lra = m.ctx(ring, ssr.EBARG_LRA)
    m.bseq = ctx.bseq
    m.header = ctx.header
    m.mcopy = ctx.mcopy
    m.frame = ctx.frame
    m.preds = ctx.preds
    m.bdesc = ctx.bdesc
    for k in range(4):
        m.r[T_BASE + k] = m.ctx(ring, ssr.EBARG_TQ0 + k)
        m.r[U_BASE + k] = m.ctx(ring, ssr.EBARG_UQ0 + k)
    m.t_valid, m.u_valid = ctx.t_valid, ctx.u_valid
    # The body is entered unless the context was saved in an open block's header; with no
    # block there is no header either.  The other block fields are restored as saved,
    # open block or not (RecoverTrapContext; PTO-AVS-SYS-ACRE-EXEC-001 expects BPC back).
    m.hdr_end = m.pc if m.blk and not body else None
    m.acr = ecstate & RING_MASK
    m.apply_bound()
    m.sregs[(ring << 12) | ssr.EBARG0] = control & ~CONTROL_VALID
    m.saved[ring] = ctx.replace(valid=False)
    return m.pc


def recovery_fault(m: Machine, pc: int) -> Fault:
    """The fault ACRE raises when the current bank cannot be recovered."""
    return Fault(EXEC_STATE_CHECK, pc, reason=recoverable(m, m.acr) or "", preserve_bank=True)
