"""After the program has exited (issue 24 item 1; DESIGN.md §5): forward moves answer "the
program has exited" and change nothing; reverse moves and ``goto`` work from the exit, and
from an earlier step the forward moves run again, up to the exit.

hello_linux.s (linux profile) writes "hello from PTO\\n", makes one unknown system call
(-ENOSYS) and calls exit_group(0) at its 15th attempt: status 0 at step 15.  Before the
fix every move after the exit re-executed the instruction after the exit's ACRC and
reported a phantom BUNDLE_TRAP ("after ACRC only BSTOP or a new BSTART may follow"),
counting a step each time; then reverse-step answered "the replay halted".

A test binary's stop symbol and an EBREAK (debug profile) are stops, not an exit: the
machine is still there and ``continue`` goes on from them, as today.
"""

from __future__ import annotations

import pytest
from support.cli import cli
from support.paths import PROGRAMS, TEST_PROGRAMS

from ptodbg.core.faults import SW_BREAKPOINT
from ptodbg.debug.files.program import open_debugger

HELLO = TEST_PROGRAMS / "hello_linux.s"
ALG = PROGRAMS / "02_algorithms.static"
EXIT_STEP = 15
REFUSED = "the program has exited with status 0"

# Every command of §5 that executes forward, as a user types it after the exit.
FORWARD = ["step", "stepi", "si", "s", "step 3", "next", "n", "nexti", "continue", "c", "continue 5",
           "until leave", "u _start", "finish", "goto 16", "goto 1000000"]


def batch_lines(*commands: str, program=HELLO, profile: str = "linux", extra: tuple = ()) -> list[dict]:
    ran = cli("batch", program, "--profile", profile, *extra, "-c", "; ".join(commands))
    assert ran.err == "", ran.err
    return ran.lines


def test_forward_moves_after_the_exit_are_refused_in_batch_json_and_change_nothing():
    first, *refused, regs = batch_lines("continue", *FORWARD, "regs")
    end = first["state"]
    assert (end["status"], end["steps"], end["exit_code"]) == ("exited", EXIT_STEP, 0)
    for command, line in zip(FORWARD, refused, strict=True):
        assert line == {"command": command, "ok": False, "error": line["error"]}, line
        assert REFUSED in line["error"] and line["error"].count("\n") == 0, line
    assert regs["ok"] and regs["state"] == end  # status, step count, registers, TPC: all as at the exit


def test_reverse_moves_and_goto_work_from_the_exit_and_forward_works_again_up_to_it():
    lines = batch_lines("continue", "reverse-step", "step", "step", "reverse-step 5", "continue", "goto 3",
                        "goto 15", "next", "reverse-continue", "goto 20")
    status = [(line["command"], line["ok"] and line["state"]["status"], line["ok"] and line["state"]["steps"])
              for line in lines]
    assert status == [
        ("continue", "exited", 15),
        ("reverse-step", "stopped", 14),   # the exit_group attempt not yet made
        ("step", "exited", 15),            # made again: the same exit
        ("step", False, False),            # refused
        ("reverse-step 5", "stopped", 10),
        ("continue", "exited", 15),
        ("goto 3", "stopped", 3),
        ("goto 15", "exited", 15),         # arriving at the exit's step: exited there
        ("next", False, False),
        ("reverse-continue", "stopped", 0),
        ("goto 20", "exited", 15),         # forward from step 0: it ends at the exit
    ]
    assert lines[1]["state"]["exit_code"] is None and lines[2]["state"]["exit_code"] == 0
    assert lines[7]["message"] == "at step 15: exited with status 0"


def test_the_issue_repro_in_text_mode():
    """``continue; continue; step; next`` on the real LinxISA program of the issue."""
    if not ALG.exists():
        pytest.skip("shared programs are not present")
    ran = cli("batch", ALG, "--profile", "linux", "--compat", "linx-v0.4", "--text",
              "-c", "continue; continue; step; next; reverse-step; info registers pc")
    refusal = f"{REFUSED}: reverse-step, reverse-continue or goto STEP go back"
    assert ran.out == (
        "(ptodbg) continue\nexited with status 0\n"
        f"(ptodbg) continue\nerror: continue: {refusal}\n"
        f"(ptodbg) step\nerror: step: {refusal}\n"
        f"(ptodbg) next\nerror: next: {refusal}\n"
        "(ptodbg) reverse-step\nreversed to step 2218\n"
        "(ptodbg) info registers pc\npc             0x11fa0             0x11fa0 <__linx_syscall+76>\n")
    assert "BUNDLE_TRAP" not in ran.out


def test_the_engine_refuses_and_the_machine_executes_nothing_after_the_exit():
    """The engine's commands raise one clear error; the machine itself answers a halt
    without an attempt (nothing counted, nothing written)."""
    d = open_debugger(HELLO, profile="linux")
    assert d.cont().status == "exited" and d.exited
    before = (d.steps, d.machine.pc, list(d.machine.r), d.last)
    for move in (d.step, d.next, d.cont, d.finish, lambda: d.until("leave"), lambda: d.goto(99)):
        with pytest.raises(Exception, match=REFUSED):
            move()
    assert (d.steps, d.machine.pc, list(d.machine.r), d.last) == before
    res = d.machine.step()
    assert (res.kind, res.message, d.steps) == ("halt", REFUSED, EXIT_STEP)
    run = d.machine.run(1000)
    assert (run.reason, run.steps, d.steps) == ("halt", 0, EXIT_STEP)
    assert d.machine.os_state.output == b"hello from PTO\n"


def test_the_stop_symbol_and_an_ebreak_are_stops_that_continue_goes_on_from():
    """cross_model.s (debug profile): the run stops at cross_model_stop (a stop, status
    "stopped"); continue goes on to its ``c.ebreak 0`` (SW_BREAKPOINT, trap 50, status
    "stopped"); with no handler (EVBASE 0) TPC is the EBREAK's address and each continue
    attempts it again (one attempt, the same trap), as gdb continues onto a BRK."""
    lines = batch_lines("continue", "continue", "continue", program=TEST_PROGRAMS / "cross_model.s", profile="debug")
    stop, ebreak, again = (line["state"] for line in lines)
    assert all(line["ok"] for line in lines)
    assert (stop["status"], stop["message"], stop["result"]) == (
        "stopped", "reached cross_model_stop", "2a000000000000008877665544332211")
    assert (ebreak["status"], ebreak["trap"]["number"], ebreak["steps"]) == ("stopped", SW_BREAKPOINT, stop["steps"] + 2)
    assert ebreak["trap"]["saved_tpc"] == ebreak["tpc"] == stop["tpc"] + 2
    assert (again["status"], again["trap"], again["steps"]) == ("stopped", ebreak["trap"], ebreak["steps"] + 1)
    assert again["exit_code"] is None
