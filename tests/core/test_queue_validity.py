"""T/U queue validity as the spec keeps it: one valid bit per slot (_TQueueValid,
_UQueueValid in ``asl/arch/programming-model/execution-context.asl``), not a count.

A push shifts the bits towards the older slots and sets the newest; an instruction reads
T#k only when slot k is valid (TemporaryQueueSourceAvailable, ``asl/scalar/model/types/
operands.asl``).  Pushes alone keep the bits a prefix, but a recovered trap context
(``t_queue_valid`` of ``asl/arch/data-types/trap-context.asl``) or a debugger edit can hold
any pattern: AVS PTO-AVS-SCALAR-SYS-MAINT-SELECTOR-TOTALITY-001 writes validity 0100 (T#2
only) and expects T#2 readable.
"""

from __future__ import annotations

from support.avs import fresh

from ptodbg.core import DEBUG, Machine
from ptodbg.core.faults import ILLEGAL_INST
from ptodbg.core.loader import load
from ptodbg.core.state import T_BASE, U_BASE
from ptodbg.isa.asm import assemble, assemble_unit
from ptodbg.isa.elf import parse_program
from ptodbg.isa.forms import SCALAR_FORMS

FORM = {f.mnemonic: f for f in SCALAR_FORMS}
NONE = 3  # the binary ALU's "no modifier" SrcRType


def add(dst: int, left: int, right: int = 0) -> int:
    """ADD left + right (no modifier) -> dst, as an instruction value."""
    return FORM["ADD"].encode({"RegDst": dst, "SrcL": left, "SrcR": right, "SrcRType": NONE, "shamt": 0})


def test_a_slot_is_readable_exactly_when_its_own_bit_is_set():
    m = fresh()
    m.pc = 0x100
    m.set_queue("t", [None, 0x55, None, None])  # validity 0100, newest first
    assert m.t_valid == 0b0010 and m.queue("t") == [None, 0x55, None, None]
    res = m.execute(add(5, T_BASE + 1), 32)  # T#2
    assert res.kind == "executed" and m.r[5] == 0x55
    before = m.r[:]
    res = m.execute(add(6, T_BASE), 32)  # T#1 holds no value
    assert res.trap is not None and res.trap.number == ILLEGAL_INST and res.trap.arg0 == 0x104
    assert m.r == before
    res = m.execute(add(6, T_BASE + 2), 32)  # T#3 neither
    assert res.trap is not None and res.trap.number == ILLEGAL_INST


def test_a_push_shifts_the_valid_bits_and_validates_the_newest_slot():
    m = fresh()
    m.set_queue("u", [None, 0x55, None, None])
    m.push_u(0x77)
    assert m.u_valid == 0b0101 and m.queue("u") == [0x77, None, 0x55, None]
    for _ in range(3):
        m.push_u(1)
    assert m.u_valid == 0b1111  # the oldest bit falls off, as _UQueueValid[[3]] is overwritten


def test_a_trap_context_saves_and_recovers_any_validity_pattern():
    m = fresh()
    m.set_queue("t", [None, 0x55, None, 0x99])
    m.set_queue("u", [0x11, None, None, None])
    m.save_context(0, 0)
    m.set_queue("t", [1, 2, 3, 4])
    m.set_queue("u", [None] * 4)
    m.recover(0)
    assert m.queue("t") == [None, 0x55, None, 0x99] and m.queue("u") == [0x11, None, None, None]
    assert (m.t_valid, m.u_valid) == (0b1010, 0b0001)


def test_snapshot_and_restore_keep_the_bits():
    m = fresh()
    m.set_queue("t", [None, None, 7, None])
    snap = m.snapshot()
    m.push_t(8)
    m.restore(snap)
    assert m.t_valid == 0b0100 and m.queue("t") == [None, None, 7, None]
    assert m.r[T_BASE + 2] == 7 and m.u_valid == 0 and m.r[U_BASE] == 0


def test_a_translated_block_checks_the_slot_it_reads():
    """A hot loop reading T#2 runs as a translated block; once an edit leaves T#2 invalid
    and T#3 valid (a bitmap of 0b0100, greater than T#2's bit: a count or a comparison of
    the bitmap would let it through), the block raises ILLEGAL_INST at the reading
    instruction, as the per-instruction handler does."""
    source = """
    .globl _start
_start:
    addi zero, 100, ->a1
loop:
    bstart.std cond, loop
    .globl read
read:
    add t#2, zero, ->a2
    addi a0, 1, ->a0
    setc.ltu a0, a1
    bstop
    c.bstart.sys
    c.ebreak 0
"""
    m = Machine(DEBUG)
    load(m, parse_program(assemble(source, "t2.s"), "t2.s"))
    start, read = m.pc, assemble_unit(source, "t2.s").symbols["read"].value
    m.set_queue("t", [3, 9, None, None])
    run = m.run(1000)
    assert run.reason == "trap" and run.trap.name == "SW_BREAKPOINT" and m.reg("a2") == 9  # T#2
    assert read in m.blocks.covered(), "the loop ran as a translated block"
    m.pc, m.r[10], m.r[11] = start, 0, 0
    m.set_queue("t", [None, None, 3, None])
    run = m.run(1000)
    assert run.reason == "trap" and run.trap.number == ILLEGAL_INST and run.trap.saved_tpc == read
