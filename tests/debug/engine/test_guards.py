"""Conditional breakpoints tested inside translated code (issue 27): a condition on GPRs
becomes a stop guard the blocks test inline, and every stop lands on exactly the step the
per-arrival evaluation finds.  The reference is the same condition made uncompilable
(``steps >= 0 && ...`` reads ``steps``, which no guard reads), so it is evaluated at
every arrival as before."""

from __future__ import annotations

import pytest
from support.encode import ACCUMULATE, counting_block, enc, program

from ptodbg.core import DEBUG, Machine, R, W, X
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.engine.expr import Expr
from ptodbg.debug.engine.guards import compile_guard

LOOP = 0x10000


def loop_debugger(iterations: int) -> Debugger:
    """The ALU loop of benchmarks/bench_core.py: a0 (r2) counts the iterations."""
    code = program(
        *counting_block(*ACCUMULATE, enc("XORI", RegDst=5, SrcL=4, simm12=5)),
    )
    m = Machine(DEBUG)
    m.mem.map(LOOP, 0x1000, R | X, code)
    m.mem.map(0, 0xF000, R | W)
    m.r[1], m.r[3] = 0xE000, iterations
    m.pc = LOOP
    return Debugger(m)


@pytest.mark.parametrize("condition", [
    "a0 == 700", "a0 >= 650 && a2 != 0", "a0 - 1 == 1000 || a0 == 1500", "s64(a0 - 900) > 0",
    "!(a0 < 1200) && (a0 & 0xff) == 0x10",
])
def test_a_guarded_condition_stops_where_the_evaluation_does(condition):
    guarded, plain = loop_debugger(2000), loop_debugger(2000)
    guarded.add_breakpoint(f"{LOOP:#x}", condition)
    plain.add_breakpoint(f"{LOOP:#x}", f"steps >= 0 && ({condition})")
    assert guarded.machine.stop_guards and not plain.machine.stop_guards
    for _ in range(3):
        a, b = guarded.cont(), plain.cont()
        assert (a.status, a.message) == (b.status, b.message)
        assert guarded.machine.steps == plain.machine.steps and guarded.machine.r == plain.machine.r
    assert guarded.breakpoints[1].hits == plain.breakpoints[1].hits
    assert guarded.machine.blocks.entries(), "the loop ran translated"
    for _ in range(2):  # and backwards, from where the last one stopped
        a, b = guarded.reverse_continue(), plain.reverse_continue()
        assert (a.status, a.message) == (b.status, b.message)
        assert guarded.machine.steps == plain.machine.steps and guarded.machine.r == plain.machine.r


def test_the_first_stop_of_a_guarded_breakpoint_is_on_its_exact_step():
    d = loop_debugger(100_000)
    d.add_breakpoint(f"{LOOP:#x}", "a0 == 5000")
    stop = d.cont()
    assert stop.status == "breakpoint" and d.machine.r[2] == 5000
    assert d.machine.steps == 5000 * 8 and d.machine.pc == LOOP  # 8 attempts an iteration
    d.table.set_condition(1, "a0 == 4000")  # earlier now: reverse-continue finds it
    back = d.reverse_continue()
    assert back.status == "breakpoint" and d.machine.steps == 4000 * 8 and d.machine.r[2] == 4000


@pytest.mark.parametrize(("condition", "compiles"), [
    ("a0 == 5", True), ("r5 + sp > 3 && !a1", True), ("~a0 | 4 ^ a2", True),
    ("[sp] == 1", False), ("pc == 4", False), ("t#1 == 0", False), ("a0 * 2 == 4", False),
    ("a0 << 2 == 4", False), ("a0 / 2 == 4", False), ("a0 == 0x1" + "0" * 20, False), ("steps > 3", False),
])
def test_what_compiles_into_a_guard(condition, compiles):
    """Only what a guard computes exactly: GPRs, numbers of 64 bits, + - & | ^ ~ ! and
    comparisons; memory, queues, pc, steps, shifts, * / and wide numbers keep evaluation."""
    assert (compile_guard(Expr(condition), Machine.reg_index) is not None) == compiles
