"""Snapshots: the complete state of a machine at one point, memory shared copy-on-write.

A history holds thousands of snapshots (docs/interfaces.md §8), so a snapshot shares every part
equal to the previous one's (``Machine.last_snapshot``): the packed registers, the tuple of
scalars ordinary instructions change, and the record of the rarely changing system parts.
Restoring keeps decoded code whose bytes survived (the decode cache rechecks the code
pages the snapshot replaced).
"""

from __future__ import annotations

from operator import attrgetter
from struct import Struct
from typing import TYPE_CHECKING

from ptodbg.base.record import Frozen

if TYPE_CHECKING:
    from ptodbg.core.machine import Machine


class SystemParts(Frozen):
    """The parts of a snapshot that change rarely: the settled scalars
    (:data:`SETTLED_FIELDS`), system registers, trap banks and page permissions (a trap,
    a system call, a system-register write, a map or protect changes them).  A snapshot
    taken while none changed shares the previous one's record whole, so a history holds,
    and accounts for, one object where there would be six."""

    settled: tuple
    sregs: dict[int, int]
    trap_status: tuple
    saved: tuple
    perms: dict[int, int]
    once: dict[int, int]


class Snapshot(Frozen):
    """The complete machine state at one point; memory pages are shared copy-on-write.
    The registers are packed (:data:`PACKED_REGS`, 64-bit words): a history holds
    thousands of snapshots, and a register file as a tuple of Python integers costs twice
    the memory and an inspection per integer to account for it.  The scalars are split
    in three: the step count, which always differs; those ordinary instructions change
    (``moving``, :data:`MOVING_FIELDS`: at a hot loop's head, often none of them, and the
    previous snapshot's tuple is shared); and the settled ones, in :class:`SystemParts`."""

    steps: int
    regs: bytes
    moving: tuple
    system: SystemParts
    pages: dict[int, bytearray]

    @property
    def scalars(self) -> tuple:
        """Every scalar, in :data:`SCALAR_FIELDS` order."""
        return (self.steps, *self.moving, *self.system.settled)


# The machine attributes a snapshot holds besides registers, tables and pages.  Which group
# an attribute is in decides only what a snapshot can share with the previous one.
MOVING_FIELDS = (  # changed by ordinary instructions: PC, queues, block state, reservation
    "pc", "t_valid", "u_valid", "blk", "bpc", "bkind", "btype", "bpcn", "taken", "bseq", "lra", "frame_ret",
    "commit_arg", "cond_set", "tgt_set", "sys_pending", "hdr_end", "header", "bdesc", "resv", "mcopy", "frame",
    "tiles",
)
# (The block bookkeeping at the end of SETTLED_FIELDS changes only when a frame template,
# MSET, MCOPY, B.HINT, HL.Q* or cross-block command completes: settled, so its tuples are
# shared between snapshots.)
SETTLED_FIELDS = (  # changed by traps, system calls, system registers and maintenance
    "acr", "core_state", "thread_ptr", "global_ptr", "feature_enable", "last_fault", "fault_address",
    "last_trap", "trap_step", "fence_pred", "fence_succ", "icache_epoch", "exit_code", "os_state", "gqm",
    "dcache_epoch", "bcache_epoch", "tlb_epoch", "maintenance", "request_epoch", "request_operand",
    "control_request", "preds", "last_cross_block", "last_queue",
    "frame_depth", "last_frame", "last_memory_command", "hint_payload", "hint_epoch",
)
SCALAR_FIELDS = ("steps", *MOVING_FIELDS, *SETTLED_FIELDS)  # Snapshot.scalars order
PACKED_REGS = Struct("<32Q")  # Snapshot.regs: the register file r, as unsigned 64-bit words
_moving_of, _settled_of = attrgetter(*MOVING_FIELDS), attrgetter(*SETTLED_FIELDS)
_pack_regs, _unpack_regs = PACKED_REGS.pack, PACKED_REGS.unpack


def take(m: Machine) -> Snapshot:
    """The complete state; O(registers + page table), pages shared copy-on-write.
    Parts equal to the previous snapshot's are that snapshot's objects (a history of
    snapshots holds each unchanged table once)."""
    mem = m.mem
    regs = _pack_regs(*m.r)
    moving = _moving_of(m)
    settled = _settled_of(m)
    trap_status = tuple(m.trap_status)
    saved = tuple(m.saved)
    sregs, perms, once = m.sregs, mem.perms, mem.once
    prev = m.last_snapshot
    if prev is None:
        system = SystemParts(settled, dict(sregs), trap_status, saved, dict(perms), dict(once))
    else:
        regs = prev.regs if regs == prev.regs else regs
        moving = prev.moving if moving == prev.moving else moving
        system = prev.system
        if not (settled == system.settled and trap_status == system.trap_status and saved == system.saved
                and sregs == system.sregs and perms == system.perms and once == system.once):
            system = SystemParts(
                system.settled if settled == system.settled else settled,
                system.sregs if sregs == system.sregs else dict(sregs),
                system.trap_status if trap_status == system.trap_status else trap_status,
                system.saved if saved == system.saved else saved,
                system.perms if perms == system.perms else dict(perms),
                system.once if once == system.once else dict(once),
            )
    snap = Snapshot(m.steps, regs, moving, system, mem.share_all())
    m.last_snapshot = snap
    return snap


def restore(m: Machine, snap: Snapshot) -> None:
    """Return to a snapshot exactly; decoded code survives where its bytes did."""
    mem = m.mem
    changed = [
        pn for pn in m.decode.code_pages()
        if snap.pages.get(pn) is not mem.pages.get(pn) or snap.system.perms.get(pn) != mem.perms.get(pn)
    ]
    m.r[:] = _unpack_regs(snap.regs)
    system = snap.system
    m.steps = snap.steps
    for name, value in zip(MOVING_FIELDS, snap.moving, strict=True):
        setattr(m, name, value)
    for name, value in zip(SETTLED_FIELDS, system.settled, strict=True):
        setattr(m, name, value)
    m.sregs.clear()
    m.sregs.update(system.sregs)
    m.trap_status[:] = system.trap_status
    m.saved[:] = list(system.saved)
    mem.adopt(snap.pages, system.perms, system.once)
    m.last_snapshot = snap
    mem.set_reserved_line(m.resv[0] & ~63 if m.resv else None)
    m.apply_bound()
    m.decode.recheck(changed)
