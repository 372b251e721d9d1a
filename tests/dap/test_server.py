"""``ptodbg dap`` as a process, driven over real pipes and a real TCP socket: the
session life cycle, every request of DESIGN.md §9, the stops and their reasons, runs on
the worker (pause, breakpoints set while running), and hostile input (malformed frames,
bad JSON, unknown commands, wrong argument types, requests out of order) that gets an
error response while the connection lives on."""

from __future__ import annotations

import base64
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from dap.dap_client import ROOT, WALK, Client, launch_walk, line_of, ptodbg_command, stop_reasons
from support.paths import PROGRAMS, TEST_PROGRAMS

HERE = Path(__file__).resolve().parent
SPIN = HERE / "programs" / "spin.s"



@pytest.fixture
def client():
    c = Client.pipes()
    yield c
    c.close()



def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def still_alive(c: Client) -> None:
    assert c.ok("threads")["threads"][0]["id"] == 1


# ------------------------------------------------------------------ life cycle
def test_session_over_pipes_stops_on_entry_and_exits_with_the_status(client):
    caps = client.start(WALK, profile="linux")
    assert caps["supportsStepBack"] and caps["supportsDataBreakpoints"]
    assert [f["filter"] for f in caps["exceptionBreakpointFilters"]] == [
        "page-faults", "alignment", "illegal-instruction", "all-traps"]
    client.ok("configurationDone")
    stop = client.stopped()
    assert stop["reason"] == "entry"
    frame = client.top()
    assert (frame["name"], frame["line"], frame["source"]["path"]) == ("_start", 10, str(WALK))
    client.ok("continue", {"threadId": 1})
    assert client.event("exited")["body"] == {"exitCode": 3}
    client.event("terminated")
    outputs = [e["body"] for e in client.seen_events if e["event"] == "output"]
    assert {"category": "stdout", "output": "walked 3x\n"} in outputs
    assert any("syscall exit_group(3)" in o["output"] for o in outputs if o["category"] == "console")
    client.ok("disconnect")
    assert client.process.wait(timeout=10) == 0


def test_session_over_tcp():
    c = Client.tcp()
    try:
        c.start(WALK, profile="linux")
        c.ok("configurationDone")
        assert c.stopped()["reason"] == "entry"
        c.ok("next", {"threadId": 1})
        assert c.stopped()["reason"] == "step"
        assert c.top()["line"] == 11
        c.ok("disconnect")
        assert c.process.wait(timeout=10) == 0
    finally:
        c.close()


def test_bad_port_is_bad_usage():
    done = subprocess.run([*ptodbg_command(), "dap", "--port", "70000"], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 2 and done.stderr.startswith("ptodbg: error: --port 70000")


def test_end_of_input_ends_the_server():
    proc = subprocess.run([*ptodbg_command(), "dap"], input=b"", capture_output=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0 and proc.stdout == b""


# ------------------------------------------------------------ hostile input
def test_malformed_messages_get_error_responses_and_the_connection_survives(client):
    # (threads before initialize is itself an error: initialize first)
    r = client.request("threads")
    assert not r["success"] and "the first request must be initialize" in r["message"]
    client.ok("initialize", {"adapterID": "ptodbg"})
    cases = [
        (b"Content-Type: json\r\n\r\n", "without Content-Length"),
        (b"Content-Length: many\r\n\r\n", "is not a byte count"),
        (b"Content-Length: 999999999999\r\n\r\n", "exceeds the limit"),
        (b"no colon here\r\n\r\n", "malformed header line"),
        (b"Content-Length: 4\r\n\r\n\xff\xfe{}", "not UTF-8"),
        (frame(b'{"seq": 77, "type": "req'), "not JSON"),
        (b"Content-Length: 9\r\n\r\n[1, 2, 3]", "not an object"),
        (b"Content-Length: 2\r\n\r\n{}trailing junkContent-Length: 2\r\n\r\n{}", "unexpected bytes before"),
        (b"X" * 20000 + b"\r\n\r\n", "longer than"),
        (frame(b"[" * 200000 + b"]" * 200000), "nested too deeply"),
    ]
    for raw, problem in cases:
        client.send_raw(raw)
        seq = client.request_async("threads")
        assert client.response(seq)["success"]
        bad = client.orphans + [r for r in client.responses.values() if not r["success"]]
        assert any(problem in r["message"] and not r["success"] for r in bad), (raw[:40], bad)
        client.orphans.clear()
        client.responses.clear()
    # A malformed body that still names its seq and command gets a matched response.
    client.send_raw(frame(b'{"seq": 77, "command": "next", "type": "'))
    seq = client.request_async("threads")
    assert client.response(seq)["success"]
    assert client.responses[77]["command"] == "next" and not client.responses[77]["success"]
    client.responses.clear()
    # Requests that are well framed but wrong.
    for message, problem in [
        ({"seq": 5, "type": "request", "command": "fly"}, "unknown request 'fly'"),
        ({"seq": 6, "type": "request", "command": "__init__"}, "unknown request"),
        ({"seq": 7, "type": "request"}, "command must be a non-empty string"),
        ({"seq": -3, "type": "request", "command": "threads"}, "seq must be"),
        ({"seq": 8, "type": "event", "event": "x"}, "is not 'request'"),
        ({"seq": 9, "type": "request", "command": "launch", "arguments": {"program": 5}}, "must be a string"),
        ({"seq": 10, "type": "request", "command": "launch", "arguments": []}, "must be a JSON object"),
        ({"seq": 11, "type": "request", "command": "launch", "arguments": {"program": str(WALK), "maxSteps": True}},
         "must be an integer"),
        ({"seq": 12, "type": "request", "command": "launch", "arguments": {"program": str(WALK), "maxSteps": -1}},
         "outside 1.."),
        ({"seq": 13, "type": "request", "command": "launch", "arguments": {"program": str(WALK), "profile": "x"}},
         "profile 'x'"),
        ({"seq": 14, "type": "request", "command": "launch", "arguments": {"program": "/no/such.s"}}, "no such file"),
        ({"seq": 15, "type": "request", "command": "stackTrace", "arguments": {"threadId": 1}}, "send launch first"),
        ({"seq": 16, "type": "request", "command": "initialize"}, "already received"),
    ]:
        client.send(message)
        seq = client.request_async("threads")
        assert client.response(seq)["success"]
        got = client.responses.pop(message["seq"]) if message["seq"] > 0 else client.orphans.pop()
        assert not got["success"] and problem in got["message"], (message, got)
    # After all that, a launch works and the program runs.
    client.ok("launch", {"program": str(WALK), "profile": "linux"})
    client.event("initialized")
    client.ok("configurationDone")
    assert client.stopped()["reason"] == "entry"


def test_wrong_argument_types_in_every_kind_of_request(client):
    launch_walk(client, [14])
    client.stopped()
    bad = [
        ("stackTrace", {"threadId": 1, "levels": "all"}),
        ("stackTrace", {"threadId": 2}),
        ("scopes", {"frameId": 99}),
        ("variables", {"variablesReference": 12345}),
        ("variables", {"variablesReference": 1.5}),
        ("setBreakpoints", {"source": {"path": str(WALK)}, "breakpoints": [{"line": "ten"}]}),
        ("setBreakpoints", {"source": {"path": str(WALK)}, "lines": [True]}),
        ("setBreakpoints", {"source": "walk.s"}),
        ("setFunctionBreakpoints", {"breakpoints": [{"name": ["bump"]}]}),
        ("setInstructionBreakpoints", {"breakpoints": [{"instructionReference": "here"}]}),
        ("setExceptionBreakpoints", {"filters": ["everything"]}),
        ("setDataBreakpoints", {"breakpoints": {"dataId": "x"}}),
        ("readMemory", {"memoryReference": "0x11000", "count": 1 << 40}),
        ("readMemory", {"memoryReference": "0x11000", "count": 8, "offset": -(1 << 20)}),
        ("readMemory", {"memoryReference": "nowhere+", "count": 8}),
        ("writeMemory", {"memoryReference": "0x11000", "data": "not base64!"}),
        ("writeMemory", {"memoryReference": "0x7f000000", "data": "AAAA"}),
        ("disassemble", {"memoryReference": "0x10000", "instructionCount": 10**9}),
        ("evaluate", {"expression": "(" * 5000 + "1" + ")" * 5000, "context": "watch"}),
        ("evaluate", {"expression": "no_such_symbol + 1"}),
        ("evaluate", {"expression": ""}),
        ("setVariable", {"variablesReference": 1, "name": "zero", "value": "1"}),
        ("next", {"threadId": 1, "granularity": "wobble"}),
        ("exceptionInfo", {"threadId": 1}),
        ("attach", {}),
    ]
    for command, args in bad:
        r = client.request(command, args)
        assert not r["success"] and r["message"].startswith(command), (command, r)
    still_alive(client)
    assert client.top()["line"] == 14


# ------------------------------------------------------------------- stops
def test_breakpoints_of_every_kind_and_their_stop_reasons(client):
    r = launch_walk(client, [38, 500])
    assert [b["verified"] for b in r["breakpoints"]] == [True, False]
    assert r["breakpoints"][0]["line"] == 42  # a line without code moves to the next line with code
    assert "no code at or after line 500" in r["breakpoints"][1]["message"]
    stop = client.stopped()
    assert stop["reason"] == "breakpoint" and stop["hitBreakpointIds"] == [r["breakpoints"][0]["id"]]
    client.ok("setBreakpoints", {"source": {"path": str(WALK)}, "breakpoints": []})
    # a new engine breakpoint (the line breakpoint at bump is gone): the 2nd call from now is the 3rd
    fb = client.ok("setFunctionBreakpoints", {"breakpoints": [{"name": "bump", "hitCondition": ">=2"},
                                                             {"name": "nosuch"}]})["breakpoints"]
    assert fb[0]["verified"] and fb[0]["line"] == 42 and not fb[1]["verified"]
    client.ok("continue", {"threadId": 1})
    stop = client.stopped()
    assert stop["reason"] == "function breakpoint" and stop["hitBreakpointIds"] == [fb[0]["id"]]
    assert client.scope_vars("Registers")["ra"]["value"] == hex(0x1001c)  # the third call: returns to back3
    client.ok("setFunctionBreakpoints", {"breakpoints": []})
    copy = int(client.ok("evaluate", {"expression": "copy", "context": "watch"})["memoryReference"], 16)
    ib = client.ok("setInstructionBreakpoints", {"breakpoints": [{"instructionReference": hex(copy - 4),
                                                                   "offset": 4, "condition": "s1 != 0"}]})
    assert ib["breakpoints"][0]["verified"] and ib["breakpoints"][0]["line"] == 24
    client.ok("continue", {"threadId": 1})
    assert client.stopped()["reason"] == "instruction breakpoint"
    assert client.top()["instructionPointerReference"] == hex(copy)


def test_a_breakpoint_on_the_first_instruction_stops_without_stop_on_entry(client):
    r = launch_walk(client, [10])
    stop = client.stopped()
    assert stop["reason"] == "breakpoint" and stop["hitBreakpointIds"] == [r["breakpoints"][0]["id"]]
    assert client.top()["line"] == 10 and client.scope_vars("Registers")["steps"]["value"] == "0x0"


def test_conditions_and_hit_conditions_that_do_not_hold_do_not_stop(client):
    client.start(WALK, profile="linux", stopOnEntry=False)
    bodies = client.ok("setBreakpoints", {"source": {"path": str(WALK)}, "breakpoints": [
        {"line": 43, "condition": "a3 == 2"}, {"line": 44, "hitCondition": "%2"}, {"line": 45, "condition": "(("},
        {"line": 45, "hitCondition": "sometimes"}]})["breakpoints"]
    assert [b["verified"] for b in bodies] == [True, True, False, False]
    assert "bad condition" in bodies[2]["message"] and "hit condition" in bodies[3]["message"]
    client.ok("configurationDone")
    # line 44 passes every call; %2 stops at its second pass (the second call)
    stop = client.stopped()
    assert stop["reason"] == "breakpoint" and stop["hitBreakpointIds"] == [bodies[1]["id"]]
    assert client.top()["line"] == 44 and client.scope_vars("Registers")["a3"]["value"] == "0x2"
    # line 43 sees a3 = the counter loaded: 0, 1, then 2 at the third call
    client.ok("continue", {"threadId": 1})
    stop = client.stopped()
    assert stop["hitBreakpointIds"] == [bodies[0]["id"]]
    assert client.top()["line"] == 43 and client.scope_vars("Registers")["a3"]["value"] == "0x2"
    client.ok("continue", {"threadId": 1})
    assert client.event("exited")["body"]["exitCode"] == 3


def test_data_breakpoints_read_write_and_readwrite(client):
    launch_walk(client, [14])
    client.stopped()
    info = client.ok("dataBreakpointInfo", {"name": "counter"})
    assert info["dataId"].endswith("/8") and set(info["accessTypes"]) == {"read", "write", "readWrite"}
    read = client.ok("setDataBreakpoints", {"breakpoints": [{"dataId": info["dataId"], "accessType": "read"}]})
    client.ok("continue", {"threadId": 1})
    stop = client.stopped()
    assert stop["reason"] == "data breakpoint" and stop["hitBreakpointIds"] == [read["breakpoints"][0]["id"]]
    assert client.top()["line"] == 43  # after the load at line 42
    events = client.scope_vars("Events")
    assert list(events) == ["#1 load"] and "= 0x1 " in events["#1 load"]["value"]
    # a data breakpoint on an event's address, from the Events scope
    scopes = client.ok("scopes", {"frameId": 1})["scopes"]
    ref = next(s["variablesReference"] for s in scopes if s["name"] == "Events")
    via_event = client.ok("dataBreakpointInfo", {"variablesReference": ref, "name": "#1 load"})
    assert via_event["dataId"] == info["dataId"]
    regs = next(s["variablesReference"] for s in scopes if s["name"] == "Registers")
    assert client.ok("dataBreakpointInfo", {"variablesReference": regs, "name": "a0"})["dataId"] is None
    by_address = client.ok("dataBreakpointInfo", {"name": "counter", "asAddress": True, "bytes": 4})
    assert by_address["dataId"].endswith("/4")
    bad = client.ok("setDataBreakpoints", {"breakpoints": [{"dataId": "elsewhere", "accessType": "write"},
                                                          {"dataId": info["dataId"], "accessType": "sideways"}]})
    assert [b["verified"] for b in bad["breakpoints"]] == [False, False]
    client.ok("setDataBreakpoints", {"breakpoints": [{"dataId": info["dataId"], "accessType": "readWrite",
                                                      "condition": "u64[counter] == 3"}]})
    client.ok("continue", {"threadId": 1})
    assert client.stopped()["reason"] == "data breakpoint"
    assert client.ok("evaluate", {"expression": "u64[counter]"})["result"].startswith("0x3 ")


def at_page_fault(c: Client) -> None:
    """trap_handler.s's page fault, seen at its handler's entry: the DAP's exceptionInfo
    and Trap scope name it and its address."""
    info = c.ok("exceptionInfo", {"threadId": 1})
    assert info["exceptionId"] == "DATA_PAGE_FAULT" and info["breakMode"] == "always"
    assert info["trap"]["arg0"] == 0x7F000000
    trap = c.scope_vars("Trap")
    assert trap["handled"]["value"] == "yes (EVBASE)" and trap["TRAPARG0"]["value"] == "0x7f000000"


def test_exception_filters_catch_traps_the_program_handles(tmp_path):
    """trap_handler.s installs a handler (EVBASE): its page fault does not stop the machine,
    unless the page-faults filter asks to see it at the handler's entry."""
    source = TEST_PROGRAMS / "trap_handler.s"
    for filters, reasons in ([], ["breakpoint"]), (["page-faults"], ["exception", "breakpoint"]), \
            (["alignment"], ["breakpoint"]):
        c = Client.pipes()
        try:
            c.start(source, stopOnEntry=False)
            c.ok("setExceptionBreakpoints", {"filters": filters})
            c.ok("configurationDone")
            assert stop_reasons(c, len(reasons), at_page_fault) == reasons, filters
        finally:
            c.close()


def test_stepping_granularity_and_reverse(client):
    launch_walk(client, [14])
    client.stopped()
    pc = int(client.top()["instructionPointerReference"], 16)
    client.ok("stepIn", {"threadId": 1, "granularity": "instruction"})
    client.stopped()
    assert int(client.top()["instructionPointerReference"], 16) == pc + 4
    client.ok("stepBack", {"threadId": 1, "granularity": "instruction"})
    client.stopped()
    assert int(client.top()["instructionPointerReference"], 16) == pc
    client.ok("next", {"threadId": 1, "granularity": "instruction"})  # next over the SETRET call
    client.stopped()
    assert client.top()["line"] == 17
    client.ok("stepBack", {"threadId": 1})
    client.stopped()
    assert client.top()["line"] == 14
    lines = []
    while client.scope_vars("Registers")["steps"]["value"] != "0x0" and len(lines) < 20:
        client.ok("stepBack", {"threadId": 1})
        client.stopped()
        lines.append(client.top()["line"])
    assert lines == [11, 10]  # back over the first call (SETRET..return, as next runs it) to the start
    r = client.request("stepBack", {"threadId": 1})
    assert not r["success"] and "step 0" in r["message"]
    r = client.request("reverseContinue", {"threadId": 1})
    assert not r["success"]
    client.ok("stepIn", {"threadId": 1})
    assert client.stopped()["reason"] == "step"
    client.ok("continue", {"threadId": 1})
    assert client.stopped()["reason"] == "breakpoint"
    client.ok("reverseContinue", {"threadId": 1})
    stop = client.stopped()
    assert stop["reason"] == "entry" and "start of the program" in stop["description"]


def test_pause_interrupts_a_long_run_and_the_adapter_answers_meanwhile(client):
    client.start(SPIN)
    client.ok("configurationDone")
    client.stopped()
    client.ok("continue", {"threadId": 1})
    time.sleep(0.3)
    still_alive(client)  # threads is answered while the program runs
    r = client.request("stackTrace", {"threadId": 1})
    assert not r["success"] and "running" in r["message"]
    assert not client.request("continue", {"threadId": 1})["success"]
    client.ok("pause", {"threadId": 1})
    stop = client.stopped()
    assert stop["reason"] == "pause"
    a0 = int(client.scope_vars("Registers")["a0"]["value"], 16)
    assert a0 > 1000
    # a breakpoint set while running stops the run
    client.ok("continue", {"threadId": 1})
    time.sleep(0.2)
    line = line_of(SPIN, "addi a1, 2, ->a1")
    got = client.ok("setBreakpoints", {"source": {"path": str(SPIN)}, "breakpoints": [{"line": line}]})
    assert got["breakpoints"][0]["verified"]
    stop = client.stopped()
    assert stop["reason"] == "breakpoint" and client.top()["line"] == line
    # and a console command that runs long is interrupted by pause too
    client.ok("setBreakpoints", {"source": {"path": str(SPIN)}, "breakpoints": []})
    seq = client.request_async("evaluate", {"expression": "continue", "context": "repl"})
    client.event("continued")
    time.sleep(0.2)
    client.ok("pause", {"threadId": 1})
    assert client.response(seq)["success"]
    assert client.stopped()["reason"] == "pause"


def test_max_steps_bounds_a_run(client):
    client.start(SPIN, maxSteps=5000)
    client.ok("configurationDone")
    client.stopped()
    client.ok("continue", {"threadId": 1})
    stop = client.stopped()
    assert stop["reason"] == "pause" and "maxSteps" in stop["description"]
    assert client.scope_vars("Registers")["steps"]["value"] == hex(5000)


# ---------------------------------------------------------- inspecting state
def test_scopes_variables_and_set_variable(client):
    launch_walk(client, [44])
    client.stopped()
    frames = client.ok("stackTrace", {"threadId": 1})["stackFrames"]
    assert [f["name"] for f in frames][:1] == ["bump+0x8"]
    names = [s["name"] for s in client.ok("scopes", {"frameId": 1})["scopes"]]
    assert names == ["Registers", "Queues", "Block", "Trap", "Events", "Tiles"]
    regs = client.scope_vars("Registers")
    assert list(regs)[:3] == ["tpc", "zero", "sp"] and regs["a3"]["value"] == "0x1"
    assert regs["s1"]["memoryReference"] == regs["s1"]["value"]  # s1 holds &counter (mapped)
    scopes = client.ok("scopes", {"frameId": 1})["scopes"]
    ref = next(s["variablesReference"] for s in scopes if s["name"] == "Registers")
    decimal = client.ok("variables", {"variablesReference": ref, "format": {"hex": False}})["variables"]
    assert {v["name"]: v["value"] for v in decimal}["a3"] == "1"
    paged = client.ok("variables", {"variablesReference": ref, "start": 1, "count": 2})["variables"]
    assert [v["name"] for v in paged] == ["zero", "sp"]
    set_to = client.ok("setVariable", {"variablesReference": ref, "name": "a3", "value": "0x7f000000 + 0x42"})
    assert set_to["value"] == "0x7f000042"
    a3 = client.scope_vars("Registers")["a3"]
    assert a3["value"] == "0x7f000042" and "memoryReference" not in a3  # not a mapped address
    assert client.scope_vars("Queues")["t#1"]["value"] == "(empty)"
    assert client.scope_vars("Block")["block"]["value"] == "none open"
    assert client.scope_vars("Trap")["trap"]["value"].startswith("none")
    client.ok("next", {"threadId": 1})
    client.stopped()
    events = client.scope_vars("Events")
    assert "= 0x7f000042 " in events["#1 store"]["value"]  # the edited a3 was stored
    queue_ref = next(s["variablesReference"] for s in client.ok("scopes", {"frameId": 1})["scopes"]
                     if s["name"] == "Queues")
    r = client.request("setVariable", {"variablesReference": queue_ref, "name": "t#1", "value": "1"})
    assert not r["success"] and "only registers" in r["message"]
    client.ok("setBreakpoints", {"source": {"path": str(WALK)}, "breakpoints": [{"line": 30}]})
    client.ok("continue", {"threadId": 1})
    client.stopped()
    block = client.scope_vars("Block")
    assert block["kind"]["value"] == "SYS" and block["bpc"]["value"] == hex(0x10030)


def test_read_and_write_memory(client):
    launch_walk(client, [20])
    client.stopped()
    counter = int(client.ok("evaluate", {"expression": "counter", "context": "hover"})["memoryReference"], 16)
    got = client.ok("readMemory", {"memoryReference": hex(counter), "count": 8})
    assert got["address"] == hex(counter) and base64.b64decode(got["data"]) == (3).to_bytes(8, "little")
    got = client.ok("readMemory", {"memoryReference": hex(counter + 8), "offset": -8, "count": 8})
    assert base64.b64decode(got["data"]) == (3).to_bytes(8, "little")
    # entirely unmapped: no data, all unreadable
    got = client.ok("readMemory", {"memoryReference": "0x7f000000", "count": 100})
    assert "data" not in got and got["unreadableBytes"] == 100
    # 64 KiB across the end of the data: the mapped prefix, then the unmapped run
    dst = int(client.ok("evaluate", {"expression": "dst"})["memoryReference"], 16)
    got = client.ok("readMemory", {"memoryReference": hex(dst), "count": 65536})
    assert len(base64.b64decode(got["data"])) == 4096 and got["unreadableBytes"] == 65536 - 4096
    w = client.ok("writeMemory", {"memoryReference": hex(counter), "data": base64.b64encode(b"\x07").decode()})
    assert w["bytesWritten"] == 1
    assert client.ok("evaluate", {"expression": "u64[counter]"})["result"].startswith("0x7 ")
    edge = dst + 4096 - 2
    r = client.request("writeMemory", {"memoryReference": hex(edge), "data": base64.b64encode(b"abcd").decode()})
    assert not r["success"] and f"{dst + 4096:#x}" in r["message"]
    w = client.ok("writeMemory", {"memoryReference": hex(edge), "allowPartial": True,
                                  "data": base64.b64encode(b"abcd").decode()})
    assert w["bytesWritten"] == 2
    # the edit is part of the timeline: the program exits with the edited counter
    client.ok("continue", {"threadId": 1})
    assert client.event("exited")["body"]["exitCode"] == 7


def test_disassemble(client):
    launch_walk(client, [42])
    client.stopped()
    pc = client.top()["instructionPointerReference"]
    rows = client.ok("disassemble", {"memoryReference": pc, "instructionOffset": -3, "instructionCount": 6})[
        "instructions"]
    assert [r["address"] for r in rows][3] == pc
    assert rows[3]["symbol"] == "bump" and rows[3]["instruction"] == "ldi [s1, 0], ->a3"
    assert rows[3]["line"] == 42 and rows[3]["instructionBytes"].count(" ") == 3
    assert rows[0]["location"]["path"] == str(WALK)
    # far outside anything mapped: exactly the rows asked for, marked invalid
    rows = client.ok("disassemble", {"memoryReference": "0x7f000000", "instructionOffset": -4,
                                     "instructionCount": 8})["instructions"]
    assert len(rows) == 8 and all(r["presentationHint"] == "invalid" for r in rows)
    rows = client.ok("disassemble", {"memoryReference": "0x10000", "instructionOffset": -10,
                                     "instructionCount": 12})["instructions"]
    assert len(rows) == 12 and rows[10]["address"] == "0x10000" and rows[10]["symbol"] == "_start"


def test_console_commands_through_evaluate(client):
    launch_walk(client, [14])
    client.stopped()
    r = client.repl("goto 3")
    assert r["success"] and r["body"]["result"] == "at step 3"
    assert client.stopped()["reason"] == "goto"
    r = client.repl("x counter 8")
    assert r["success"] and r["body"]["result"].endswith(": 0000000000000000")
    r = client.repl("bt")
    assert r["success"] and "bump" in r["body"]["result"]
    assert client.repl("print s1 + 8")["body"]["result"].startswith("$1 = ")
    r = client.repl("frobnicate now")
    assert not r["success"]
    r = client.repl("goto -5")
    assert not r["success"] and "steps start at 0" in r["message"]
    # goto was announced with continued (it may run long): its failure still ends with a stop
    assert client.stopped()["reason"] == "step" and client.top()["line"] == 42  # still at step 3, in bump
    r = client.repl("break back3")
    assert r["success"]
    client.ok("continue", {"threadId": 1})  # after goto 3 the line 14 breakpoint comes first again
    assert client.stopped()["reason"] == "breakpoint" and client.top()["line"] == 14
    client.ok("continue", {"threadId": 1})
    assert client.stopped()["reason"] == "breakpoint" and client.top()["line"] == 20
    # a command that deletes every breakpoint also removes the client's (breakpoint events)
    launch_lines = client.ok("setBreakpoints", {"source": {"path": str(WALK)}, "breakpoints": [{"line": 24}]})
    bp_id = launch_lines["breakpoints"][0]["id"]
    client.drain()
    assert client.repl("delete")["success"]
    removed = client.event("breakpoint")["body"]
    assert removed["reason"] == "removed" and removed["breakpoint"]["id"] == bp_id


def test_hover_and_watch_expressions(client):
    launch_walk(client, [20])
    client.stopped()
    got = client.ok("evaluate", {"expression": "dst", "context": "hover"})
    assert got["memoryReference"] == got["result"].split()[0]
    counter = client.ok("evaluate", {"expression": "counter", "context": "hover"})["result"]
    assert client.ok("evaluate", {"expression": "->s1", "context": "hover"})["result"] == counter  # li s1, counter
    assert client.ok("evaluate", {"expression": "[s1,", "context": "hover"})["result"] == counter
    got = client.ok("evaluate", {"expression": "u8[src]", "context": "watch"})
    assert got["result"] == "0x40 (64)"
    r = client.request("evaluate", {"expression": "t#1", "context": "watch"})
    assert not r["success"] and "t#1 holds no value" in r["message"]


def test_binaries_without_line_information_are_debugged_by_address(client):
    program = PROGRAMS / "02_algorithms.static"
    if not program.exists():
        pytest.skip("shared programs are not present")
    client.start(program, profile="linux", compat="linx-v0.4")
    r = client.ok("setBreakpoints", {"source": {"path": str(WALK)}, "breakpoints": [{"line": 10}]})
    assert not r["breakpoints"][0]["verified"] and "no DWARF line information" in r["breakpoints"][0]["message"]
    fb = client.ok("setFunctionBreakpoints", {"breakpoints": [{"name": "main"}]})["breakpoints"][0]
    assert fb["verified"] and "line" not in fb
    client.ok("configurationDone")
    client.stopped()
    client.ok("continue", {"threadId": 1})
    assert client.stopped()["reason"] == "function breakpoint"
    frame = client.top()
    assert frame["name"] == "main" and "source" not in frame and frame["line"] == 0
    rows = client.ok("disassemble", {"memoryReference": frame["instructionPointerReference"],
                                     "instructionOffset": -4, "instructionCount": 8})["instructions"]
    assert rows[4]["symbol"] == "main" and "line" not in rows[4]
    client.ok("next", {"threadId": 1})  # by instruction: there are no lines
    assert client.stopped()["reason"] == "step"
    client.ok("stepBack", {"threadId": 1})
    client.stopped()
    assert client.top()["instructionPointerReference"] == frame["instructionPointerReference"]
    client.ok("continue", {"threadId": 1})
    assert client.event("exited")["body"]["exitCode"] == 0


def test_terminate_and_a_disconnect_while_running():
    c = Client.pipes()
    try:
        c.start(SPIN)
        c.ok("configurationDone")
        c.stopped()
        c.ok("terminate")
        c.event("terminated")
        r = c.request("continue", {"threadId": 1})
        assert not r["success"] and "ended" in r["message"]
    finally:
        c.close()
    c = Client.pipes()
    try:
        c.start(SPIN, stopOnEntry=False)
        c.ok("configurationDone")
        time.sleep(0.2)
        c.ok("disconnect")
        assert c.process.wait(timeout=20) == 0
    finally:
        c.close()


def test_the_client_going_away_mid_run_ends_the_server():
    proc = subprocess.Popen([*ptodbg_command(), "dap"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)
    c = Client(proc.stdout, proc.stdin, proc)
    try:
        c.start(SPIN, stopOnEntry=False)
        c.ok("configurationDone")
        time.sleep(0.2)
        proc.stdin.close()
        assert proc.wait(timeout=20) == 0
    finally:
        c.close()


def test_lines_start_at_zero_and_uri_paths():
    c = Client.pipes()
    try:
        c.ok("initialize", {"adapterID": "x", "linesStartAt1": False, "pathFormat": "uri"})
        c.ok("launch", {"program": WALK.as_uri(), "profile": "linux"})
        c.event("initialized")
        bp = c.ok("setBreakpoints", {"source": {"path": WALK.as_uri()}, "breakpoints": [{"line": 13}]})
        assert bp["breakpoints"][0]["line"] == 13 and bp["breakpoints"][0]["verified"]
        c.ok("configurationDone")
        c.stopped()
        top = c.top()
        assert top["line"] == 9 and top["source"]["path"] == WALK.as_uri()
        c.ok("continue", {"threadId": 1})
        c.stopped()
        assert c.top()["line"] == 13
    finally:
        c.close()


def test_stdout_carries_nothing_but_the_protocol():
    """Every byte the server writes to standard output belongs to a framed message."""
    messages = []
    for seq, (command, args) in enumerate([
        ("initialize", {"adapterID": "x"}), ("launch", {"program": str(WALK), "profile": "linux"}),
        ("configurationDone", {}), ("continue", {"threadId": 1}),
    ], 1):
        body = json.dumps({"seq": seq, "type": "request", "command": command, "arguments": args}).encode()
        messages.append(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc = subprocess.Popen([*ptodbg_command(), "dap"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)
    for m in messages:
        proc.stdin.write(m)
        proc.stdin.flush()
        time.sleep(0.3)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == 0, err
    pos = 0
    seen = []
    while pos < len(out):
        assert out.startswith(b"Content-Length: ", pos), out[pos:pos + 80]
        end = out.index(b"\r\n\r\n", pos)
        length = int(out[pos + 16:end])
        seen.append(json.loads(out[end + 4:end + 4 + length]))
        pos = end + 4 + length
    assert any(m.get("event") == "exited" for m in seen), [(m.get("event"), m.get("command"), m.get("message")) for m in seen]
    assert [m["seq"] for m in seen] == list(range(1, len(seen) + 1))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(pytest.main([__file__, "-q"]))
