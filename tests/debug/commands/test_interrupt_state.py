"""Predicates and interrupts as the debugger shows them (issue 23): the JSON state's
``predicates`` (P0..P7; P0 reads all ones, ``asl/arch/programming-model/predicate-registers.asl``)
and ``interrupts`` (the bank the current ring's interrupts go to: IPENDING and TOPEI as an
instruction would read them, ECONFIG, TIMER_TIMECMP; ``asl/arch/system-registers/
{interrupt,timer}.asl``), ``info registers`` and ``print $ipending``, through a real
program (``tests/programs/timer_irq.s``: the timer compare is 6, so id 1 of bank 0 is
pending from cycle 6 until the compare is cleared), forward and in reverse.
"""

from __future__ import annotations

import io
import json

from support.paths import TEST_PROGRAMS

from ptodbg.debug.commands import batch
from ptodbg.debug.files.program import open_debugger

TIMER = TEST_PROGRAMS / "timer_irq.s"
LEGACY_KEYS = ["status", "message", "steps", "tpc", "regs", "t", "u", "block", "reservation", "trap", "events",
               "result", "exit_code"]


def run(commands: list[str]) -> list[dict]:
    dbg = open_debugger(TIMER)
    out = io.StringIO()
    batch.run(dbg, commands, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_the_state_adds_predicates_and_interrupts_after_the_existing_keys():
    (start,) = run(["regs"])
    state = start["state"]
    assert list(state) == [*LEGACY_KEYS, "predicates", "interrupts", "tiles", "operation"]  # tiles: issue 29
    assert state["predicates"] == [0xFFFFFFFF] + [0] * 7
    assert state["interrupts"] == {"bank": 0, "pending": 0, "top": 0, "config": 3, "timecmp": 0}


def test_the_timer_becomes_pending_and_reverse_execution_takes_it_back():
    before, pending, regs, value, back, done = run(
        ["step 4", "until pending", "info registers ipending topei econfig timecmp p0 p7", "print $ipending",
         "goto 3", "continue"])
    assert before["state"]["interrupts"]["pending"] == 0 and before["state"]["interrupts"]["timecmp"] == 6
    irq = pending["state"]["interrupts"]
    assert irq == {"bank": 0, "pending": 2, "top": 1, "config": 3, "timecmp": 6}  # id 1: bank 0's timer
    assert pending["state"]["regs"]["a2"] == 2 and pending["state"]["regs"]["a3"] == 1
    assert [(r["name"], r["value"]) for r in regs["registers"]] == [
        ("ipending", 2), ("topei", 1), ("econfig", 3), ("timecmp", 6), ("p0", 0xFFFFFFFF), ("p7", 0)]
    assert regs["message"].splitlines()[0] == "ipending       0x2                 2"
    assert value["message"] == "$1 = 0x2 (2)"  # gdb's value history numbers it
    assert back["state"]["steps"] == 3 and back["state"]["interrupts"]["timecmp"] == 6
    assert back["state"]["interrupts"]["pending"] == 0  # cycle 3 has not reached the compare
    assert done["state"]["status"] == "stopped" and done["state"]["interrupts"]["timecmp"] == 0
    assert done["state"]["regs"]["a4"] == 2 and done["state"]["regs"]["a5"] == 0
