"""Which GPRs an instruction may write: a static bitmask per decoded instruction.

Why: the debugger's ``last REG`` asks which step last *wrote* a register, a write of the
same value included, so comparing register values between snapshots cannot answer it.
The machine instead ORs, into :attr:`Machine.wmask`, the mask of every instruction it
executes (translated blocks OR the union of their instructions' masks once per call), and
the history keeps that mask per snapshot interval: an exact-or-superset index of the
registers written there.

Bit ``k`` stands for GPR ``k`` (1..23; R0 is never written).  The mask of an instruction
is its Reg5 destination fields (``RegDst``, ``RegDst0``, ``RegDst1``) that name a GPR, plus
what it writes implicitly (``asl/scalar``): a block start may open a call and
write RA (R10, ``begin.asl``), the SETRET family writes RA, the frame templates move the frame's stack pointer and
FEXIT/FRET reload their register range (``lifetime.asl``), and ACRC serviced in place by a
system-call hook returns its result in a0.  A mask may hold more than the instruction
writes on a given execution (a BSTART that opens no call); :func:`attempt_mask` narrows
it for one executed attempt.  The decode cache remembers each address's static mask
(:meth:`ptodbg.core.decodecache.DecodeCache.write_mask`) and drops it with the decode.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.core.state import CALL, GPR_COUNT, GPR_NAMES, ICALL, RA, T_BASE, U_BASE

if TYPE_CHECKING:
    from ptodbg.core.machine import Machine
    from ptodbg.isa.forms import Form

ALL_GPRS = ((1 << GPR_COUNT) - 1) & ~1  # every register but R0
_DEST_FIELDS = ("RegDst", "RegDst0", "RegDst1")
_NO_DEST_WRITE = frozenset({"B.IOR"})  # its RegDst is recorded in the block header, not written
_FRAMES = frozenset({"FENTRY", "FEXIT", "FRET.RA", "FRET.STK"})
_A0 = 2


def _ring(begin: int, end: int) -> int:
    """The mask of the frame register range begin..end over the R2..R23 ring (as
    ``templates.ring_count``/``ring_register`` walk it)."""
    count = end - begin + 1 if end >= begin else 24 - begin + end - 1
    mask = 0
    for k in range(max(0, min(count, 22))):
        reg = begin + k
        mask |= 1 << (reg if reg <= 23 else reg - 22)
    return mask & ALL_GPRS


def static_mask(m: Machine, form: Form | None, values: dict[str, int]) -> int:
    """The GPRs the instruction ``form`` with field ``values`` may write (a superset)."""
    if form is None:
        return 0
    name = form.mnemonic
    mask = 0
    if name not in _NO_DEST_WRITE:
        for field in _DEST_FIELDS:
            code = values.get(field)
            if code is not None and 0 < code < GPR_COUNT:
                mask |= 1 << code
    if "BSTART" in name or "SETRET" in name:
        mask |= 1 << RA
    elif name in _FRAMES:
        mask |= 1 << m.frame_sp  # the frame's stack pointer: R2, or R1 in the linx-v0.4 mode
        if name != "FENTRY":
            mask |= _ring(values.get("DstBegin", 2), values.get("DstEnd", 2))
    elif name == "ACRC" and m.syscall is not None:
        mask |= 1 << _A0
    return mask


def attempt_mask(m: Machine, pc: int, form: Form | None, insn: int, faulted: bool,
                 changed: int) -> int:
    """The GPRs one executed attempt wrote: those whose value changed (``changed``), and
    the destinations of an attempt that completed (a same-value write is a write).  A
    BSTART counts RA only when it opened a call block; a faulting attempt wrote only what
    changed (a restartable template's committed part)."""
    if faulted or form is None:
        return changed
    mask = static_mask(m, form, form.values(insn))
    if "BSTART" in form.mnemonic and not (m.blk and m.bpc == pc and m.btype in (CALL, ICALL)):
        mask &= ~(1 << RA)
    return mask | changed


def changed_gprs(r: list[int], before: list[int]) -> int:
    """The mask of the GPRs whose value in ``r`` differs from ``before`` (bit i: R<i>)."""
    changed = 0
    for i in range(1, GPR_COUNT):
        if r[i] != before[i]:
            changed |= 1 << i
    return changed


def register_writes(m: Machine, before: list[int], t_valid: int, u_valid: int, changed: int) -> list[tuple[str, int]]:
    """What one attempt changed, as ``StepResult.writes`` lists it: the GPRs of the
    ``changed`` mask by name with their new values, and T#1/U#1 when a queue moved
    (``before``, ``t_valid``, ``u_valid``: the register file and queue valid bitmaps before the attempt)."""
    r = m.r
    out = [(GPR_NAMES[i], r[i]) for i in range(1, GPR_COUNT) if changed >> i & 1]
    if m.t_valid != t_valid or r[T_BASE:U_BASE] != before[T_BASE:U_BASE]:
        out.append(("t#1", r[T_BASE]))
    if m.u_valid != u_valid or r[U_BASE:] != before[U_BASE:]:
        out.append(("u#1", r[U_BASE]))
    return out
