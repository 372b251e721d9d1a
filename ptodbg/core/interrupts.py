"""Interrupts: the pending bitmaps, their enables, the timer compare, and trap 44.

Rules followed: ``asl/arch/system-registers/interrupt.asl`` and ``timer.asl``,
``asl/arch/memory-model/fault-precision.asl`` (an interrupt is taken at TPC, between
instructions).  Each bank has IPENDING (a bitmap of interrupt ids 0..63), TOPEI (the
lowest pending id, kept up to date with it), ECONFIG (bit 0 external, bit 1 timer
interrupt entry enabled; 3 at reset) and TIMER_TIMECMP.  The timer's id (1 in bank 0, 3
in the others) is pending while TIMECMP is nonzero and the cycle count has reached it;
that is refreshed when an instruction reads IPENDING or TOPEI and when TIMECMP is written,
and nowhere else (reading the registers as the debugger does changes nothing).  An
interrupt is raised by the environment (:func:`raise_interrupt`): no instruction raises
one, and none is taken between instructions by itself.

Why a module of its own: like trap entry (:mod:`ptodbg.core.traps`) it is no part of the
step loop; the machine keeps only thin public faces for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.core import sysregs as ssr
from ptodbg.core import traps
from ptodbg.core.faults import INTERRUPT, trap_name
from ptodbg.core.traps import CAUSE_MASK, TrapInfo

if TYPE_CHECKING:
    from ptodbg.core.machine import Machine

ID_BITS = 6  # interrupt ids are 0..63 (one IPENDING bit each)


def timer_interrupt(ring: int) -> int:
    """TimerInterruptId: the timer's interrupt id in bank ``ring``."""
    return 1 if ring == 0 else 3


def bank_of(acr: int) -> int:
    """TrapTargetForInterrupt: bank 0 from ACR0, else bank 1."""
    return 0 if acr == 0 else 1


def lowest(pending: int) -> int:
    """TOPEI of a pending bitmap: its lowest set bit, 0 when none."""
    return (pending & -pending).bit_length() - 1 if pending else 0


def _store(m: Machine, ring: int, pending: int) -> None:
    """IPENDING := pending, and TOPEI its lowest set bit."""
    m.sregs[(ring << 12) | ssr.IPENDING] = pending
    m.sregs[(ring << 12) | ssr.TOPEI] = lowest(pending)


def set_pending(m: Machine, ring: int, interrupt: int, pending: bool = True) -> None:
    """SetInterruptPending / ClearInterruptPending of id ``interrupt`` in bank ``ring``."""
    old = m.sregs.get((ring << 12) | ssr.IPENDING, 0)
    _store(m, ring, old | 1 << interrupt if pending else old & ~(1 << interrupt))


def timer_pending(m: Machine, ring: int) -> bool:
    """Whether bank ``ring``'s timer compare value is set and reached."""
    compare = m.sregs.get((ring << 12) | ssr.TIMER_TIMECMP, 0)
    return compare != 0 and m.steps >= compare


def refresh_timer(m: Machine, ring: int) -> None:
    """RefreshTimerPending: the timer's id is pending exactly while its compare holds."""
    set_pending(m, ring, timer_interrupt(ring), timer_pending(m, ring))


def view(m: Machine, ring: int) -> tuple[int, int]:
    """(IPENDING, TOPEI) of bank ``ring`` as an instruction reading them now would see
    them (the timer refreshed), without refreshing anything."""
    pending = m.sregs.get((ring << 12) | ssr.IPENDING, 0)
    timer = 1 << timer_interrupt(ring)
    pending = pending | timer if timer_pending(m, ring) else pending & ~timer
    return pending, lowest(pending)


def enabled(m: Machine, ring: int, interrupt: int) -> bool:
    """InterruptEnabled: ECONFIG bit 1 for the timer's id, bit 0 for the others."""
    config = m.sregs.get((ring << 12) | ssr.ECONFIG, 0)
    return bool(config >> (1 if interrupt == timer_interrupt(ring) else 0) & 1)


def end_of_interrupt(m: Machine, ring: int, value: int) -> None:
    """EndOfInterrupt (a write of EOIEI): clear pending id ``value`` (when it is one)
    and the bank's asynchronous and argument-valid trap status bits."""
    if not value >> ID_BITS:
        set_pending(m, ring, value, False)
    _async, _valid, cause, number, arg = m.trap_status[ring]
    m.trap_status[ring] = (False, False, cause, number, arg)


def raise_interrupt(m: Machine, interrupt: int, cause: int) -> TrapInfo | None:
    """RaiseInterrupt: mark ``interrupt`` pending in the target bank (0 from ACR0, else
    1) and, when its entry is enabled there, take trap 44 at TPC: the context is saved
    with TPC as the resume point, the trap status is asynchronous with the id as its
    argument, and TPC goes to the bank's EVBASE (or stays when that is 0).  None when
    the interrupt only became pending."""
    source = m.acr
    ring = bank_of(source)
    set_pending(m, ring, interrupt)
    if not enabled(m, ring, interrupt):
        return None
    pc = m.pc
    traps.save_context(m, ring, source, pc, bool(m.body_active))
    m.last_fault = 0
    m.fault_address = 0
    m.trap_status[ring] = (True, True, cause & CAUSE_MASK, INTERRUPT, interrupt)
    m.set_acr(ring)
    evbase = m.sregs.get(ssr.context_index(ring, ssr.EVBASE), 0)
    if evbase:
        m.pc = evbase
        if m.blk and m.hdr_end == pc:
            m.hdr_end = m.pc
    info = TrapInfo(number=INTERRUPT, name=trap_name(INTERRUPT), cause=cause & CAUSE_MASK, arg0=interrupt,
                    bank=ring, saved_tpc=pc, vector=m.pc, vectored=bool(evbase),
                    reason=f"interrupt {interrupt}")
    m.last_trap = info
    m.trap_step = m.steps
    return info
