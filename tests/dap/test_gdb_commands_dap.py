"""gdb's frame commands, ``finish``, ``last``, ``display`` and ``x/FMT`` typed in an editor's
debug console (DAP ``evaluate`` in the "repl" context runs every command of DESIGN.md §5;
issue 12 items 1, 3, 4), over real pipes to a real ``ptodbg dap`` process.

gdb prints its auto-displays at every stop, so the adapter sends them as a console
``output`` event before the ``stopped`` event of every move: the stepIn/stepBack/continue
buttons and the moving console commands alike.  A console ``finish`` runs on the
adapter's worker, so ``pause`` interrupts it, and launch's ``maxSteps`` bounds it.

Facts used (tests/dap/programs/frames.s, debug profile): _start sets a0 = 0xe010 (the
frame templates' stack pointer, R2) and s0 = 5, then calls ``twice``, whose FENTRY stores
ra = ``back`` at 0xe008 and s0 = 5 at 0xe000 (lifetime.asl: one 8-byte slot each just
below the frame's address, 0xe010), doubles s0 to 10 (step 6, at twice+8), and whose
FRET.STK (step 7) reloads s0 = 5 and returns to ``back`` with a0 = 0xe010 again.
``forever`` builds the same frame and loops at forever+4, counting in s1.
"""

from __future__ import annotations

import base64
import time
from pathlib import Path

import pytest
from dap.dap_client import Client

FRAMES = Path(__file__).resolve().parent / "programs" / "frames.s"


@pytest.fixture
def client():
    c = Client.pipes()
    yield c
    c.close()


def start_at(client: Client, where: str, **launch) -> dict:
    client.start(FRAMES, stopOnEntry=False, **launch)
    got = client.ok("setFunctionBreakpoints", {"breakpoints": [{"name": where}]})
    assert got["breakpoints"][0]["verified"]
    client.ok("configurationDone")
    stop = client.stopped()
    assert stop["reason"] == "function breakpoint", stop
    return stop


def result(client: Client, line: str) -> str:
    r = client.repl(line)
    assert r["success"], f"{line}: {r.get('message')}"
    return r["body"]["result"]


def until_stopped(client: Client) -> tuple[list[str], dict]:
    """The console output events up to the next stopped event, and that event's body."""
    outputs = []
    while True:
        ev = next_event(client, ("output", "stopped"))
        if ev["event"] == "stopped":
            return outputs, ev["body"]
        if ev["body"].get("category") == "console":
            outputs.append(ev["body"]["output"])


def memory(client: Client, address: int, count: int) -> bytes:
    body = client.ok("readMemory", {"memoryReference": f"{address:#x}", "count": count})
    return base64.b64decode(body["data"])


def next_event(client: Client, names: tuple[str, ...], timeout: float = 20.0) -> dict:
    """The next event with one of ``names`` (Client.event waits for one name only)."""
    deadline = time.monotonic() + timeout
    while True:
        ev = client.events.get(timeout=max(0.01, deadline - time.monotonic()))
        if ev["event"] in names:
            return ev


def test_frame_commands_finish_last_and_displays_in_the_debug_console(client):
    start_at(client, "twice+8")
    pc = int(client.top()["instructionPointerReference"], 16)
    twice = pc - 8
    back = twice - 0xC  # twice follows back's setret (4) + j (4) + c.bstart.sys (2) + c.ebreak (2)
    assert result(client, "display/x s0") == "1: /x s0 = 0xa"
    assert result(client, "display/i $pc") == f"2: x/i $pc\n=> {pc:#x} <twice+8>:\tfret.stk [ra ~ s0], sp!, 16"
    info = result(client, "info frame").splitlines()
    assert info[0] == "Stack level 0, frame at 0xe010:"
    assert info[2] == f" saved pc = {back:#x} (back), called by frame #1"
    assert info[4] == f"  ra at 0xe008 = {back:#x}, s0 at 0xe000 = 0x5"
    # what FENTRY stored, read back through readMemory: the caller's ra and s0
    assert memory(client, 0xE000, 16) == (5).to_bytes(8, "little") + back.to_bytes(8, "little")
    assert result(client, "up") == f"#1  {back:#x} in back  (sp 0xf000)"
    assert result(client, "frame") == f"#1  {back:#x} in back  (sp 0xf000)"
    assert result(client, "info frame").splitlines()[0] == "Stack level 1:"
    assert result(client, "down") == f"#0  {pc:#x} in twice+0x8  (sp 0xf000)"
    code = memory(client, twice, 4)
    assert result(client, "x/4xb twice") == f"{twice:#x} <twice>:\t" + "\t".join(f"{b:#04x}" for b in code) + "\t\t\t\t\t" \
        + "".join(chr(b) if 32 <= b < 127 else "." for b in code)

    # finish: the answer, then the displays of the stop (s0 reloaded by FRET.STK), then the stop
    client.drain()
    answer = result(client, "finish")
    assert answer == "run till exit from #0 twice+0x8: returned to back; value returned a0 = 0xe010 (57360)"
    shown, stop = until_stopped(client)
    assert stop["reason"] == "step"
    assert shown == [f"1: /x s0 = 0x5\n2: x/i $pc\n=> {back:#x} <back>:\tsetret back2, ->ra\n"]
    assert int(client.top()["instructionPointerReference"], 16) == back

    # the buttons: step in, then back twice (s0 is 10 again before FRET.STK)
    client.ok("stepIn", {"threadId": 1, "granularity": "instruction"})
    shown, stop = until_stopped(client)
    assert stop["reason"] == "step" and shown[-1].startswith(f"1: /x s0 = 0x5\n2: x/i $pc\n=> {back + 4:#x} <back+4>:")
    assert result(client, "last s0") == "s0 last written at step 7 by FRET.STK (register) at twice+0x8"
    client.ok("stepBack", {"threadId": 1, "granularity": "instruction"})
    shown, _ = until_stopped(client)
    assert shown[-1].startswith("1: /x s0 = 0x5\n")
    client.ok("stepBack", {"threadId": 1, "granularity": "instruction"})
    shown, _ = until_stopped(client)
    assert shown[-1].startswith(f"1: /x s0 = 0xa\n2: x/i $pc\n=> {pc:#x} <twice+8>:")
    # continue (the button) to forever's loop
    client.ok("setFunctionBreakpoints", {"breakpoints": [{"name": "twice+8"}, {"name": "forever+4"}]})
    client.drain()
    client.ok("continue", {"threadId": 1})
    shown, stop = until_stopped(client)
    assert stop["reason"] == "function breakpoint"
    assert shown[-1].startswith("1: /x s0 = 0x5\n2: x/i $pc\n=> ") and "<forever+4>:\taddi s1, 1, ->s1" in shown[-1]
    # a console move shows them too; undisplay ends them
    client.drain()
    result(client, "step")
    shown, _ = until_stopped(client)
    assert shown[-1].startswith("1: /x s0 = 0x5\n")
    assert result(client, "undisplay") == "deleted displays 1, 2"
    client.ok("stepBack", {"threadId": 1, "granularity": "instruction"})
    shown, _ = until_stopped(client)
    assert not any(line.startswith("1: ") for line in shown)


def test_pause_interrupts_a_console_finish(client):
    start_at(client, "forever+4")
    assert result(client, "display/x s1") == "1: /x s1 = 0x0"
    client.ok("setFunctionBreakpoints", {"breakpoints": []})  # else the loop stops finish at once
    client.drain()
    seq = client.request_async("evaluate", {"expression": "finish", "context": "repl"})
    client.event("continued")
    time.sleep(0.3)
    assert client.ok("threads")["threads"][0]["id"] == 1  # the adapter answers meanwhile
    client.ok("pause", {"threadId": 1})
    assert client.response(seq)["success"]
    shown, stop = until_stopped(client)
    assert stop["reason"] == "pause"
    s1 = int(client.scope_vars("Registers")["s1"]["value"], 16)
    assert s1 > 1000 and shown[-1] == f"1: /x s1 = {s1:#x}\n"
    assert client.top()["name"].startswith("forever+")  # still in the loop: finish did not end


def test_max_steps_bounds_a_console_finish(client):
    start_at(client, "forever+4", maxSteps=5000)
    steps = int(client.scope_vars("Registers")["steps"]["value"], 16)
    client.ok("setFunctionBreakpoints", {"breakpoints": []})
    assert result(client, "finish").startswith("stopped at the step limit: 5000 attempts")
    _, stop = until_stopped(client)
    assert stop["reason"] == "pause" and "maxSteps" in stop["description"]
    assert int(client.scope_vars("Registers")["steps"]["value"], 16) == steps + 5000


def test_looking_is_allowed_before_configuration_done_and_moving_is_not(client):
    client.start(FRAMES)
    assert result(client, "x/2xb _start").startswith("0x10000 <_start>:\t0x")
    assert result(client, "info frame").startswith("Stack level 0")
    assert result(client, "print/x 12") == "$1 = 0xc"  # gdb's value history
    refused = client.repl("finish")
    assert not refused["success"] and "configurationDone" in refused["message"]


def test_the_day_one_commands_run_in_the_debug_console(client):
    """Issue 26's commands are the console's too (one language): the value history, the
    breakpoint table, telescope, disassemble, reverse-finish and reverse-next (each a
    stop), and quit, which ends the session."""
    start_at(client, "twice+8")
    assert result(client, "print 2 + 3") == "$1 = 0x5 (5)" and result(client, "print $1 * 2") == "$2 = 0xa (10)"
    assert result(client, "info breakpoints").splitlines()[0].split() == ["Num", "Type", "Disp", "Enb", "Address",
                                                                         "What"]
    assert result(client, "telescope sp 1").startswith("00:0000│ sp")
    assert "Dump of assembler code for function twice:" in result(client, "disas")
    r = client.repl("reverse-finish")
    assert r["success"] and r["body"]["result"].startswith("run back to call of #0 twice")
    client.stopped()
    r = client.repl("rn")
    assert r["success"] and r["body"]["result"].startswith("reversed to step")
    client.stopped()
    assert client.repl("quit")["success"]
    client.event("terminated")
