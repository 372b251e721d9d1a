"""The DAP requests editors use beyond the basics (issue 28), against ``ptodbg dap`` as a
process over real pipes: logpoints, completions, restartFrame, gotoTargets/goto,
restart, cancel, loadedSources, exception filter conditions and ``invalidated`` events.

Facts used: tests/dap/programs/walk.s (linux profile): ``bump`` loads ``counter`` into
a3 (line 42), adds 1 (43), stores it (44) and returns (45); _start calls it three times
(lines 12, 15, 18) and reaches line 20 after the third.  tests/dap/programs/frames.s
(debug profile): _start sets a0 = 0xe010 and s0 = 5 and calls ``twice`` (return address
``back``), whose FENTRY saves ra and s0 and moves a0 (the templates' sp, R2) down by 16,
then doubles s0 to 10 at twice+8.  tests/programs/trap_handler.s: the DMA at ``fault``
raises DATA_PAGE_FAULT with a2 = 0x7f000000 and the handler installed through EVBASE
takes it (s0 counts the handler's runs, 0 at its first entry).
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from dap.dap_client import Client, stop_reasons
from support.paths import TEST_PROGRAMS

HERE = Path(__file__).resolve().parent
WALK = HERE / "programs" / "walk.s"
FRAMES = HERE / "programs" / "frames.s"
SPIN = HERE / "programs" / "spin.s"
STORE_LINE, AFTER_CALLS = 44, 20


@pytest.fixture
def client():
    c = Client.pipes()
    yield c
    c.close()


def start(c: Client, program: Path, *, invalidated: bool = False, **launch) -> dict:
    caps = c.ok("initialize", {"adapterID": "ptodbg", "linesStartAt1": True, "columnsStartAt1": True,
                               "pathFormat": "path", "supportsInvalidatedEvent": invalidated})
    c.ok("launch", {"program": str(program), **launch})
    c.event("initialized")
    return caps


def walk_to(c: Client, lines: list[int], *, logpoints: dict[int, str] | None = None, **initialize) -> list[dict]:
    """walk.s with breakpoints on ``lines`` and logpoints {line: message}; returns the
    breakpoints as set."""
    start(c, WALK, profile="linux", stopOnEntry=False, **initialize)
    bps = [{"line": n} for n in lines] + [{"line": n, "logMessage": m} for n, m in (logpoints or {}).items()]
    got = c.ok("setBreakpoints", {"source": {"path": str(WALK)}, "breakpoints": bps})["breakpoints"]
    c.ok("configurationDone")
    return got


def events_until_stop(c: Client) -> tuple[list[dict], dict]:
    """Every event up to the next ``stopped`` one, and its body."""
    seen = []
    while True:
        ev = c.events.get(timeout=20)
        if ev["event"] == "stopped":
            return seen, ev["body"]
        seen.append(ev)


def console_lines(events: list[dict]) -> list[str]:
    return [e["body"]["output"] for e in events
            if e["event"] == "output" and e["body"].get("category") == "console"
            and not e["body"]["output"].startswith("ptodbg: ")]


def register(c: Client, name: str) -> int:
    return int(c.scope_vars("Registers")[name]["value"], 16)


# ------------------------------------------------------------------ capabilities
def test_initialize_advertises_each_request_it_answers(client):
    caps = start(client, WALK, profile="linux")
    for cap in ("supportsLogPoints", "supportsCompletionsRequest", "supportsRestartFrame",
                "supportsGotoTargetsRequest", "supportsRestartRequest", "supportsCancelRequest",
                "supportsLoadedSourcesRequest", "supportsExceptionFilterOptions"):
        assert caps[cap] is True, cap
    assert all(f["supportsCondition"] for f in caps["exceptionBreakpointFilters"])


# --------------------------------------------------------------------- logpoints
def test_a_logpoint_prints_its_interpolated_message_and_does_not_stop(client):
    got = walk_to(client, [AFTER_CALLS],
                  logpoints={STORE_LINE: "bump stores {a3} (counter was {u64[counter]}, s1 {s1,x}) {{literal}}"})
    assert all(bp["verified"] for bp in got)
    events, stop = events_until_stop(client)
    assert stop["reason"] == "breakpoint" and stop["hitBreakpointIds"] == [got[0]["id"]]
    assert client.top()["line"] == AFTER_CALLS  # the three logpoint hits did not stop
    counter = client.ok("evaluate", {"expression": "counter"})["memoryReference"]
    assert console_lines(events) == [f"bump stores {n} (counter was {n - 1}, s1 {counter}) {{literal}}\n"
                                     for n in (1, 2, 3)]
    logged = [e for e in events if e["event"] == "output" and e["body"].get("line") == STORE_LINE]
    assert len(logged) == 3 and logged[0]["body"]["source"]["path"] == str(WALK)


def test_logpoint_conditions_errors_and_bad_messages(client):
    start(client, WALK, profile="linux", stopOnEntry=False)
    got = client.ok("setBreakpoints", {"source": {"path": str(WALK)}, "breakpoints": [
        {"line": AFTER_CALLS},
        {"line": STORE_LINE, "logMessage": "third {a3}", "condition": "a3 == 3"},
        {"line": 43, "logMessage": "every 2nd {a3}", "hitCondition": "%2"},
        {"line": 42, "logMessage": "bad {u64[0x7f000000]} ok"},
        {"line": 45, "logMessage": "unclosed {a3"},
        {"line": 45, "logMessage": "bad format {a3,q}"},
    ]})["breakpoints"]
    assert [bp["verified"] for bp in got] == [True, True, True, True, False, False]
    assert "unmatched '{'" in got[4]["message"] and "format 'q'" in got[5]["message"]
    client.ok("configurationDone")
    events, stop = events_until_stop(client)
    assert stop["reason"] == "breakpoint" and client.top()["line"] == AFTER_CALLS
    lines = console_lines(events)
    assert [line for line in lines if line.startswith("third")] == ["third 3\n"]
    assert [line for line in lines if line.startswith("every")] == ["every 2nd 1\n"]  # a3 = 1 at the 2nd hit
    bad = [line for line in lines if line.startswith("bad")]
    assert len(bad) == 3 and bad[0] == "bad <error: cannot access memory at 0x7f000000> ok\n"


def test_logpoints_print_on_forward_moves_only(client):
    walk_to(client, [AFTER_CALLS], logpoints={STORE_LINE: "store {a3}"})
    events, _ = events_until_stop(client)
    assert len(console_lines(events)) == 3
    client.ok("reverseContinue", {"threadId": 1})  # back over the three logpoints: silent
    events, stop = events_until_stop(client)
    assert stop["reason"] == "entry" and console_lines(events) == []
    r = client.repl("until back3")  # a console command that runs passes logpoints too
    assert r["success"]
    events, stop = events_until_stop(client)
    assert console_lines(events)[:3] == ["store 1\n", "store 2\n", "store 3\n"]
    assert client.top()["line"] == AFTER_CALLS


# ------------------------------------------------------------------- completions
def complete(c: Client, text: str, column: int | None = None) -> list[dict]:
    args = {"text": text, "column": len(text) + 1 if column is None else column}
    return c.ok("completions", args)["targets"]


def test_completions_come_from_the_engine(client):
    walk_to(client, [AFTER_CALLS])
    client.stopped()
    inj = complete(client, "inj")
    assert [t["label"] for t in inj] == ["inject"] and inj[0]["start"] == 1 and inj[0]["length"] == 3
    assert "breakpoints" in [t["label"] for t in complete(client, "info b")]
    hits = complete(client, "break bu")
    assert [t["label"] for t in hits] == ["bump"] and hits[0]["start"] == 7 and hits[0]["length"] == 2
    assert [t["label"] for t in complete(client, "inject dst 64 r")] == ["r--", "rw-", "r-x", "rwx"]
    assert "counter" in [t["label"] for t in complete(client, "cou")]  # a bare word: also an expression
    assert "sp" in [t["label"] for t in complete(client, "s")]
    middle = complete(client, "info b | x", column=7)  # the cursor after "info b"
    assert "breakpoints" in [t["label"] for t in middle]
    assert complete(client, "x/8gx zzz") == []


# ------------------------------------------------------------------ restartFrame
def test_restart_frame_lands_on_the_entry_step_with_the_callers_registers(client):
    start(client, FRAMES, stopOnEntry=False)
    client.ok("setFunctionBreakpoints", {"breakpoints": [{"name": "twice+8"}]})
    client.ok("configurationDone")
    assert client.stopped()["reason"] == "function breakpoint"
    frames = client.ok("stackTrace", {"threadId": 1})["stackFrames"]
    assert [f["name"] for f in frames] == ["twice+0x8", "back"] and all(f["canRestart"] for f in frames)
    assert (register(client, "s0"), register(client, "a0")) == (10, 0xE000)
    inside = register(client, "steps")
    back = int(client.ok("evaluate", {"expression": "back"})["memoryReference"], 16)
    twice = int(client.ok("evaluate", {"expression": "twice"})["memoryReference"], 16)
    client.ok("restartFrame", {"frameId": frames[0]["id"]})
    stop = client.stopped()
    assert stop["reason"] == "restart"
    assert int(client.top()["instructionPointerReference"], 16) == twice
    assert register(client, "tpc") == twice
    assert (register(client, "s0"), register(client, "a0"), register(client, "ra")) == (5, 0xE010, back)
    entry = register(client, "steps")
    assert entry == inside - 2  # FENTRY and the add ran between the entry and twice+8
    # the frame runs again exactly: the breakpoint at twice+8 with s0 doubled again
    client.ok("continue", {"threadId": 1})
    assert client.stopped()["reason"] == "function breakpoint"
    assert (register(client, "s0"), register(client, "steps")) == (10, inside)
    # the outer frame (_start, no frame template) restarts at the program's first step
    client.ok("restartFrame", {"frameId": 2})
    assert client.stopped()["reason"] == "restart"
    assert register(client, "steps") == 0 and client.top()["name"] == "_start"
    r = client.request("restartFrame", {"frameId": 5})
    assert not r["success"] and "no frame 5" in r["message"]


# ---------------------------------------------------------------- gotoTargets/goto
def test_goto_moves_tpc_to_the_lines_code(client):
    walk_to(client, [AFTER_CALLS])
    client.stopped()
    steps = register(client, "steps")
    assert client.ok("gotoTargets", {"source": {"path": str(WALK)}, "line": 38})["targets"] == []  # blank
    targets = client.ok("gotoTargets", {"source": {"path": str(WALK)}, "line": 24})["targets"]
    copy = int(client.ok("evaluate", {"expression": "copy"})["memoryReference"], 16)
    assert len(targets) == 1 and int(targets[0]["instructionPointerReference"], 16) == copy
    client.ok("goto", {"threadId": 1, "targetId": targets[0]["id"]})
    assert client.stopped()["reason"] == "goto"
    assert client.top()["line"] == 24 and register(client, "tpc") == copy
    assert register(client, "steps") == steps  # a jump, not a step
    r = client.request("goto", {"threadId": 1, "targetId": targets[0]["id"]})
    assert not r["success"] and "gotoTargets first" in r["message"]  # targets belong to their stop


# ----------------------------------------------------------------------- restart
def test_restart_opens_the_program_again_and_keeps_the_breakpoints(client):
    got = walk_to(client, [AFTER_CALLS])
    client.stopped()
    client.ok("continue", {"threadId": 1})
    client.event("exited")
    client.ok("restart", {})
    events, stop = events_until_stop(client)
    assert stop["reason"] == "breakpoint" and stop["hitBreakpointIds"] == [got[0]["id"]]
    assert client.top()["line"] == AFTER_CALLS and register(client, "steps") < 20
    assert client.ok("evaluate", {"expression": "u64[counter]"})["result"].startswith("0x3 ")
    # new launch arguments: stop on entry this time
    client.ok("restart", {"arguments": {"program": str(WALK), "profile": "linux", "stopOnEntry": True}})
    assert client.stopped()["reason"] == "entry" and register(client, "steps") == 0
    r = client.request("restart", {"arguments": {"program": str(WALK) + ".missing"}})
    assert not r["success"] and register(client, "steps") == 0  # the old program stays


# ------------------------------------------------------------------------ cancel
def test_cancel_stops_a_long_console_command(client):
    start(client, SPIN)
    client.ok("configurationDone")
    client.stopped()
    seq = client.request_async("evaluate", {"expression": "continue", "context": "repl"})
    client.event("continued")
    time.sleep(0.2)
    client.ok("cancel", {"requestId": seq})
    r = client.response(seq)
    assert not r["success"] and r["message"] == "cancelled"
    assert client.stopped()["reason"] == "pause"
    assert register(client, "a0") > 100  # it ran, and stopped at an exact step
    client.ok("cancel", {"requestId": seq})  # nothing left to cancel: fine


# ----------------------------------------------------------------- loadedSources
def test_loaded_sources_are_the_line_tables_files(client):
    start(client, WALK, profile="linux")
    assert client.ok("loadedSources")["sources"] == [{"name": "walk.s", "path": str(WALK)}]


# ------------------------------------------------------ exception filter options
@pytest.mark.parametrize(("condition", "reasons"), [
    ("a2 == 0x7f000000 && s0 == 0", ["exception", "breakpoint"]),
    ("a2 == 0", ["breakpoint"]),
])
def test_exception_filter_conditions(condition, reasons):
    c = Client.pipes()
    try:
        start(c, TEST_PROGRAMS / "trap_handler.s", stopOnEntry=False)
        got = c.ok("setExceptionBreakpoints", {"filters": [], "filterOptions": [
            {"filterId": "page-faults", "condition": condition}, {"filterId": "alignment", "condition": "a0 =="}]})
        assert [bp["verified"] for bp in got["breakpoints"]] == [True, False]
        assert got["breakpoints"][1]["message"].startswith("bad condition")
        c.ok("configurationDone")
        assert stop_reasons(c, len(reasons)) == reasons
    finally:
        c.close()


# ------------------------------------------------------------------- invalidated
def test_console_edits_that_do_not_move_send_invalidated(client):
    walk_to(client, [AFTER_CALLS], invalidated=True)
    client.stopped()
    steps = register(client, "steps")
    client.drain()
    for line in ("inject dst 64 r--", "perms dst 64 rw-", "set a5 0x1234", "set mem dst 0102"):
        r = client.repl(line)
        assert r["success"], r
        ev = client.event("invalidated")
        assert ev["body"]["areas"] == ["stacks", "variables"] and ev["body"]["threadId"] == 1
    names = [e["event"] for e in client.drain()]
    assert "stopped" not in names and "continued" not in names
    assert register(client, "a5") == 0x1234 and register(client, "steps") == steps
    client.repl("stepi")  # a console command that moves still stops
    assert client.stopped()["reason"] == "step" and register(client, "steps") == steps + 1
