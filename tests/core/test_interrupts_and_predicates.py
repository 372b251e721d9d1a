"""Interrupts and the predicate registers as machine state.

Interrupts (``asl/arch/system-registers/{interrupt,timer}.asl``, RaiseInterrupt in
``asl/arch/memory-model/fault-precision.asl``): per bank IPENDING (a bitmap of ids 0..63),
TOPEI (its lowest set id), ECONFIG (bit 0 external, bit 1 timer entry enabled; 3 at reset),
EOIEI (acknowledge) and TIMER_TIMECMP (the timer, id 1 in bank 0 and 3 elsewhere, is
pending while the compare is nonzero and reached).  Vectors from AVS
PTO-AVS-ARCH-TESTINTERRUPTREGISTERSTATE-STATE-TRANSITION-001 and
PTO-AVS-ARCH-TESTCOMPLETETRAPENVELOPE-FAULT-001.

Predicates (``asl/arch/programming-model/predicate-registers.asl``): P0 reads all ones and
ignores writes; P1..P7 are 32 bits, saved with a trap context and restored by recovery
(AVS PTO-AVS-SYS-ACRE-ALIAS-001).
"""

from __future__ import annotations

from pathlib import Path

from support.avs import fresh

from ptodbg.core import DEBUG, Machine
from ptodbg.core import sysregs as ssr
from ptodbg.core.faults import INTERRUPT, Fault
from ptodbg.core.loader import load
from ptodbg.isa.asm import assemble
from ptodbg.isa.elf import parse_program

PROGRAMS = Path(__file__).resolve().parents[1] / "programs"


def ipending(m: Machine, ring: int) -> int:
    return m.ctx(ring, ssr.IPENDING)


def ssr_read(m: Machine, address: int) -> int:
    """What SSRGET reads (the instruction's read: it refreshes the timer)."""
    return ssr.read_ssr(m, address, m.pc)


# --------------------------------------------------------------------- interrupts
def test_an_enabled_interrupt_traps_44_asynchronously_and_recovers():
    m = fresh()
    m.set_acr(15)
    m.pc = 0x3000
    info = m.raise_interrupt(63, 0x55)
    assert info is not None and info.number == INTERRUPT == 44 and info.bank == 1
    assert m.acr == 1 and m.pc == 0x3000  # EVBASE_ACR1 is 0: TPC stays (TrapVectorEntry)
    assert m.trap_status[1] == (True, True, 0x55, 44, 63)  # asynchronous, argument valid, cause, number, id
    assert m.read_sysreg((1 << 12) | ssr.TRAPNO) >> 63 == 1
    assert m.context_valid(1) and m.ctx(1, ssr.EBARG_TPC) == 0x3000 and m.ctx(1, ssr.EBARG0) & 0xF == 15
    assert ipending(m, 1) == 1 << 63 and m.ctx(1, ssr.TOPEI) == 63
    assert m.recover(1) == 0x3000 and m.acr == 15


def test_an_interrupt_vectors_to_evbase_from_acr0_into_bank_0():
    m = fresh()
    m.write_sysreg(ssr.EVBASE, 0x900)
    m.pc = 0x400
    info = m.raise_interrupt(7, 9)
    assert info is not None and info.bank == 0 and info.vectored and m.pc == 0x900
    assert info.saved_tpc == 0x400 and m.ctx(0, ssr.EBARG_TPC) == 0x400


def test_a_disabled_interrupt_only_becomes_pending_and_topei_is_the_lowest_id():
    m = fresh()
    m.write_sysreg(ssr.ECONFIG, 2)  # external entry off, timer on
    m.pc = 0x5150
    assert m.raise_interrupt(63, 0x5F) is None and m.raise_interrupt(0, 0x50) is None
    assert m.pc == 0x5150 and m.acr == 0 and not m.context_valid(0) and m.trap_status[0] == (False,) * 2 + (0,) * 3
    assert ipending(m, 0) == 1 << 63 | 1 and m.ctx(0, ssr.TOPEI) == 0
    m.write_sysreg(ssr.EOIEI, 0)  # acknowledge id 0
    assert ipending(m, 0) == 1 << 63 and m.ctx(0, ssr.TOPEI) == 63
    m.write_sysreg(ssr.EOIEI, 63)
    assert ipending(m, 0) == 0


def test_end_of_interrupt_clears_the_asynchronous_status_bits_and_ignores_ids_above_63():
    m = fresh()
    m.set_interrupt_pending(0, 7)
    m.set_interrupt_pending(0, 2)
    m.trap_status[0] = (True, True, 3, 44, 7)
    m.write_sysreg(ssr.EOIEI, 1 << 6)  # not an id: pending stays, the status bits clear
    assert ipending(m, 0) == 0x84 and m.trap_status[0] == (False, False, 3, 44, 7)
    m.write_sysreg(ssr.EOIEI, 2)
    assert ipending(m, 0) == 0x80 and m.ctx(0, ssr.TOPEI) == 7


def test_the_timer_is_pending_while_its_compare_holds_as_a_read_sees_it():
    m = fresh()
    m.steps = 9
    m.write_sysreg((1 << 12) | ssr.TIMER_TIMECMP, 10)  # bank 1: the timer is id 3
    assert ssr_read(m, 0x1F08) >> 3 & 1 == 0
    m.steps = 10
    assert ipending(m, 1) == 0  # nothing refreshed it yet: the debugger's view reads the register
    assert m.interrupt_view(1) == (0b1000, 3)  # what an instruction would read
    assert ssr_read(m, 0x1F08) == 0b1000 and ssr_read(m, 0x1F09) == 3
    m.write_sysreg((1 << 12) | ssr.EOIEI, 3)  # acknowledged, but the compare still holds
    assert ssr_read(m, 0x1F08) == 0b1000
    m.write_sysreg((1 << 12) | ssr.TIMER_TIMECMP, 0)  # no compare: not pending
    assert ipending(m, 1) == 0 and ssr_read(m, 0x1F08) == 0


def test_a_refused_swap_of_ipending_refreshes_nothing():
    """SSRSWAP checks both access classes before it reads (IPENDING is read-only), so the
    rejected swap cannot refresh the timer (AVS PTO-AVS-SCALAR-TESTSCALARSYSTEM-EXECUTION-001)."""
    m = fresh()
    m.steps = 10
    m.sregs[ssr.TIMER_TIMECMP] = 9  # compare reached, never refreshed
    try:
        ssr.swap_ssr(m, 0x0F08, 1, 0)
    except Fault:
        pass
    else:
        raise AssertionError("SSRSWAP of IPENDING must be refused")
    assert ipending(m, 0) == 0 and m.ctx(0, ssr.TOPEI) == 0


def test_the_timer_program_reads_its_interrupt_state():
    """tests/programs/timer_irq.s: IPENDING 0 before the compare, 2 (id 1) once reached,
    TOPEI 1, still 2 after an acknowledge, 0 once the compare is cleared; no trap."""
    source = (PROGRAMS / "timer_irq.s").read_text()
    m = Machine(DEBUG)
    load(m, parse_program(assemble(source, "timer_irq.s"), "timer_irq.s"))
    run = m.run(100)
    assert run.reason == "trap" and run.trap.name == "SW_BREAKPOINT"
    assert [m.reg(r) for r in ("a1", "a2", "a3", "a4", "a5")] == [0, 2, 1, 2, 0]
    assert ipending(m, 0) == 0 and m.ctx(0, ssr.ECONFIG) == 3


def test_snapshot_and_restore_bring_the_interrupt_state_back():
    m = fresh()
    m.set_interrupt_pending(1, 5)
    snap = m.snapshot()
    m.raise_interrupt(9, 1)  # from ACR0: bank 0, enabled, trap 44
    m.write_sysreg((1 << 12) | ssr.EOIEI, 5)
    assert ipending(m, 0) == 1 << 9 and ipending(m, 1) == 0 and m.context_valid(0)
    m.restore(snap)
    assert ipending(m, 1) == 1 << 5 and m.ctx(1, ssr.TOPEI) == 5 and ipending(m, 0) == 0
    assert m.acr == 0 and not m.context_valid(0) and m.trap_status[0] == (False, False, 0, 0, 0)


# --------------------------------------------------------------------- predicates
def test_p0_reads_all_ones_and_ignores_writes():
    m = fresh()
    assert [m.pred(i) for i in range(8)] == [0xFFFFFFFF] + [0] * 7
    m.set_pred(0, 0)
    m.set_pred(7, 0x7F)
    m.set_pred(3, 0x1_0000_005A)  # 32 bits wide
    assert m.pred(0) == 0xFFFFFFFF and m.pred(7) == 0x7F and m.pred(3) == 0x5A


def test_a_trap_context_saves_the_predicates_and_recovery_restores_them():
    m = fresh()
    m.set_pred(3, 0x5A)
    m.save_context(0, 0)
    assert m.context(0).preds[3] == 0x5A
    m.set_pred(3, 0xA5)
    m.recover(0)
    assert m.pred(3) == 0x5A and not m.context_valid(0) and m.context(0).preds[3] == 0x5A


def test_snapshot_and_restore_bring_the_predicates_back():
    m = fresh()
    m.set_pred(5, 1)
    snap = m.snapshot()
    m.set_pred(5, 2)
    m.restore(snap)
    assert m.pred(5) == 1
