"""``ptodbg dap`` against hostile framing and hostile transports (issue 24 item 2), over
real pipes and real TCP connections to the real process: a number of more than 4,300
digits, a lone surrogate, a header line without its blank line, garbage glued to a
header, a frame over 16 MiB, ``source`` requests on special and huge files, and clients
that vanish mid-run (a closed connection, a reset one).  Every bad message gets an error
response — with the request's own ``seq`` when it can be found — and the adapter reads on;
every well-formed message after it is answered with its own ``seq``."""

from __future__ import annotations

import json
import os
import re
import socket
import struct
import subprocess
import time
from pathlib import Path

import pytest
from dap.dap_client import ROOT, Client, ptodbg_command

HERE = Path(__file__).resolve().parent
SPIN = HERE / "programs" / "spin.s"
WALK = HERE / "programs" / "walk.s"
EXIT_SECONDS = 3.0  # the server's own wait is about 1 s; the rest is a busy machine's slack


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def request(seq: int, command: str, arguments: dict | None = None) -> bytes:
    msg: dict = {"seq": seq, "type": "request", "command": command}
    if arguments is not None:
        msg["arguments"] = arguments
    return frame(json.dumps(msg).encode())


@pytest.fixture
def client():
    c = Client.pipes()
    c.ok("initialize", {"adapterID": "ptodbg"})
    yield c
    c.close()


def answered_after(c: Client, raw: bytes, seq: int = 900) -> dict:
    """Send ``raw`` then a well-formed ``threads`` request numbered ``seq``: that request
    must be answered with its own seq (nothing after the bad bytes is lost)."""
    c.send_raw(raw + request(seq, "threads"))
    got = c.response(seq, timeout=10)
    assert got["success"] and got["body"]["threads"][0]["id"] == 1
    return got


def errors(c: Client) -> list[dict]:
    found = c.orphans + [r for r in c.responses.values() if not r["success"]]
    c.orphans.clear()
    c.responses.clear()
    return found


# ------------------------------------------------------------------ message bodies
def test_a_number_of_more_than_4300_digits_gets_an_error_with_its_seq_and_the_adapter_lives(client):
    body = b'{"seq": 31, "type": "request", "command": "threads", "arguments": {"threadId": ' + b"9" * 5000 + b"}}"
    answered_after(client, frame(body))
    [bad] = errors(client)
    assert bad["request_seq"] == 31 and bad["command"] == "threads" and not bad["success"]
    assert "more than 4300 digits" in bad["message"]
    assert client.process.poll() is None


@pytest.mark.parametrize("body", [
    b'{"seq": 32, "type": "request", "command": "\\ud800"}',
    b'{"seq": 32, "type": "request", "command": "source", "arguments": {"source": {"path": "/tmp/\\udc00.s"}}}',
], ids=["command", "path"])
def test_a_lone_surrogate_in_a_request_is_answered_not_fatal(client, body):
    """Valid JSON, but not text: a path holding one made realpath raise (found by the dap
    fuzz target); a command holding one killed the adapter when it was quoted back."""
    answered_after(client, frame(body))
    [bad] = errors(client)
    assert bad["request_seq"] == 32 and "lone surrogate" in bad["message"]
    pair = b'{"seq": 34, "type": "request", "command": "evaluate", "arguments": {"expression": "\\ud83d\\ude00"}}'
    client.send_raw(frame(pair))  # a pair is a character: the request is read and answered as usual
    got = client.response(34)
    assert not got["success"] and got["message"] == "evaluate: no program is loaded: send launch first"


# -------------------------------------------------------------- resynchronisation
@pytest.mark.parametrize("junk,problem", [
    (b"garbage\r\n", "malformed header line"),
    (b"Content-Length: 5", "unexpected bytes before a Content-Length header"),
    (b"Content-Length: 5\r\n", "without its blank line"),
    (b"Content-Type: x\r\nnonsense\r\n", "malformed header line"),
    (b"Z" * 9000 + b"Content-Length: 3\r\n", "longer than 8192 bytes"),
], ids=["garbage-line", "glued-header", "no-blank-line", "bad-second-line", "overlong-line"])
def test_after_a_broken_header_the_next_message_is_answered_with_its_own_seq(client, junk, problem):
    answered_after(client, junk)
    found = errors(client)
    assert found and all(r["request_seq"] == 0 for r in found)
    assert any(problem in r["message"] for r in found), found


def test_a_body_shorter_than_its_length_said_costs_only_itself(client):
    """The next message's header inside a body that is not JSON: the body was cut short,
    the next message begins there (its seq salvaged from what came before)."""
    short = b'Content-Length: 90\r\n\r\n{"seq": 33, "type": "request", "command": "threads"'
    answered_after(client, short)
    [bad] = errors(client)
    assert bad["request_seq"] == 33 and "not JSON" in bad["message"]


def test_a_frame_over_16_mib_is_answered_with_its_seq_and_skipped_unkept(client):
    body = b'{"seq": 42, "type": "request", "command": "threads", "pad": "' + b"a" * (17 << 20) + b'"}'
    answered_after(client, frame(body))
    [bad] = errors(client)
    assert bad["request_seq"] == 42 and bad["command"] == "threads"
    assert f"Content-Length {len(body)} exceeds the limit of 16777216 bytes" in bad["message"]
    assert _rss_mib(client.process.pid) < 200  # skipped, not kept


# ------------------------------------------------------------------------ sources
def _rss_mib(pid: int) -> float:
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024


def test_source_requests_on_special_and_huge_files_are_refused_at_once(client, tmp_path):
    fifo = tmp_path / "pipe.s"
    os.mkfifo(fifo)
    sparse = tmp_path / "huge.s"
    with open(sparse, "wb") as f:
        f.truncate(2 << 30)  # 2 GiB, no blocks
    cases = [("/dev/zero", "is a character device, not a regular file"),
             (str(fifo), "is a FIFO (named pipe), not a regular file"),
             ("/dev/urandom", "is a character device, not a regular file"),
             (str(sparse), "is 2.0 GiB, more than the 16.0 MiB limit for a source file")]
    for path, reason in cases:
        started = time.monotonic()
        r = client.request("source", {"source": {"path": path}}, timeout=10)
        assert time.monotonic() - started < 2.0, path
        assert not r["success"] and r["message"] == f"source: {path}: {reason}"
        assert client.ok("threads")["threads"][0]["id"] == 1  # the loop never blocked
    assert _rss_mib(client.process.pid) < 200
    body = client.ok("source", {"source": {"path": str(WALK)}})
    assert body["content"] == WALK.read_text()


# ----------------------------------------------------------- clients that vanish
def _tcp_server() -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen([*ptodbg_command(), "dap", "--port", "0"], stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    line = proc.stderr.readline().decode()
    m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
    assert m, line
    return proc, int(m.group(1))


def _running_spin(sock: socket.socket) -> None:
    """initialize, launch spin.s without stopping on entry, configurationDone: the
    program runs (until paused) once the server has read these."""
    sock.sendall(request(1, "initialize", {"adapterID": "x"}) + request(2, "launch", {
        "program": str(SPIN), "stopOnEntry": False}))
    time.sleep(1.0)  # launch answers, then "initialized"
    sock.sendall(request(3, "configurationDone"))
    time.sleep(0.5)


def _ends_quietly(proc: subprocess.Popen, since: float) -> None:
    try:
        status = proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    took = time.monotonic() - since
    err = proc.stderr.read().decode()
    proc.stderr.close()
    proc.stdout.close()
    assert status == 0 and err == "", (status, err)
    assert took < EXIT_SECONDS, f"the server lived {took:.1f} s after its client left"


def test_a_tcp_client_that_closes_mid_run_ends_the_server_at_once():
    proc, port = _tcp_server()
    sock = socket.create_connection(("127.0.0.1", port))
    c = Client(sock.makefile("rb"), sock.makefile("wb"))
    c.start(SPIN, stopOnEntry=False)
    c.ok("configurationDone")
    time.sleep(0.3)
    assert c.ok("threads")["threads"]  # the loop answers while the program runs
    since = time.monotonic()
    sock.shutdown(socket.SHUT_RDWR)  # end of input, without disconnect
    sock.close()
    _ends_quietly(proc, since)
    c.thread.join(5)


def test_a_tcp_client_that_resets_the_connection_mid_run_ends_the_server_at_once():
    """A client that dies with answers unread: the kernel resets the connection (RST);
    that is the end of the input too, not an error of the server (status 0, silent)."""
    proc, port = _tcp_server()
    sock = socket.create_connection(("127.0.0.1", port))
    _running_spin(sock)  # and never read: the answers wait unread
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    since = time.monotonic()
    sock.close()
    _ends_quietly(proc, since)


def test_a_tcp_client_that_stops_reading_then_leaves_does_not_hold_the_server(tmp_path):
    """Requests whose answers fill the socket (the client reads nothing), while the
    program runs: the server is blocked sending when the client goes away."""
    text = tmp_path / "big.s"
    text.write_text("# filler\n" * (400_000))
    proc, port = _tcp_server()
    sock = socket.create_connection(("127.0.0.1", port))
    _running_spin(sock)
    sock.settimeout(5)
    for seq in range(4, 24):  # 20 answers of 4 MB: more than the sockets hold
        try:
            sock.sendall(request(seq, "source", {"source": {"path": str(text)}}))
        except OSError:
            break
    time.sleep(0.5)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    since = time.monotonic()
    sock.close()
    _ends_quietly(proc, since)


def test_paths_the_operating_system_cannot_take_match_nothing(client):
    """A NUL byte in a source path (valid JSON) made realpath raise: an internal error
    for setBreakpoints and breakpointLocations.  Such a path names no file: the breakpoint
    is unverified, there are no locations, the source cannot be read."""
    client.ok("launch", {"program": str(WALK), "profile": "linux"})
    client.event("initialized")
    bad = "walk\u0000.s"
    bp = client.ok("setBreakpoints", {"source": {"path": bad}, "breakpoints": [{"line": 14}]})["breakpoints"][0]
    assert bp["verified"] is False and bp["message"] == "walk.s has no code from this file (its lines come from walk.s)"
    assert client.ok("breakpointLocations", {"source": {"path": bad}, "line": 1, "endLine": 40}) == {"breakpoints": []}
    r = client.request("source", {"source": {"path": bad}})
    assert not r["success"] and r["message"] == "source: walk\\x00.s: file name holds a NUL byte"
