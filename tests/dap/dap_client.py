"""A small DAP client for the tests and the benchmark: it starts ``ptodbg dap`` as a real
process and talks to it over real pipes (or a real TCP socket), as an editor does."""

from __future__ import annotations

import json
import os
import queue
import re
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 20.0


def ptodbg_command() -> list[str]:
    """``ptodbg`` of this checkout's virtualenv (the interpreter running the tests)."""
    return [sys.executable, "-m", "ptodbg.cli"]


class Client:
    """Requests get responses by ``request_seq``; events are queued in order."""

    def __init__(self, reader, writer, process: subprocess.Popen | None = None) -> None:
        self.reader = reader
        self.writer = writer
        self.process = process
        self.seq = 0
        self.responses: dict[int, dict] = {}
        self.orphans: list[dict] = []  # responses to messages without a usable seq
        self.events: queue.Queue = queue.Queue()
        self.seen_events: list[dict] = []
        self.cond = threading.Condition()
        self.closed = False
        self.raw_lock = threading.Lock()
        self.thread = threading.Thread(target=self._read_loop, daemon=True)
        self.thread.start()

    # ------------------------------------------------------------ startup
    @classmethod
    def pipes(cls, *extra: str, cwd: Path = ROOT) -> Client:
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        proc = subprocess.Popen([*ptodbg_command(), "dap", *extra], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, cwd=cwd, env=env)
        return cls(proc.stdout, proc.stdin, proc)

    @classmethod
    def tcp(cls, cwd: Path = ROOT) -> Client:
        proc = subprocess.Popen([*ptodbg_command(), "dap", "--port", "0"], stdin=subprocess.DEVNULL,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd)
        line = proc.stderr.readline().decode()
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        assert m, f"no port announced: {line!r}"
        sock = socket.create_connection(("127.0.0.1", int(m.group(1))), timeout=TIMEOUT)
        sock.settimeout(None)
        client = cls(sock.makefile("rb"), sock.makefile("wb"), proc)
        client.sock = sock
        return client

    # -------------------------------------------------------------- I/O
    def _read_loop(self) -> None:
        try:
            self._read_messages()
        except (OSError, ValueError):  # the stream was closed under the reader
            pass
        self._mark_closed()

    def _mark_closed(self) -> None:
        """The server's output ended: wake every waiter, which then sees ``closed``."""
        with self.cond:
            self.closed = True
            self.cond.notify_all()

    def _read_messages(self) -> None:
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                ch = self.reader.read(1)
                if not ch:
                    self._mark_closed()
                    return
                header += ch
            length = int(re.search(rb"Content-Length: (\d+)", header).group(1))
            body = b""
            while len(body) < length:
                chunk = self.reader.read(length - len(body))
                if not chunk:
                    self._mark_closed()
                    return
                body += chunk
            msg = json.loads(body)
            with self.cond:
                if msg["type"] == "response" and msg["request_seq"] == 0:
                    self.orphans.append(msg)
                elif msg["type"] == "response":
                    self.responses[msg["request_seq"]] = msg
                elif msg["type"] == "event":
                    self.events.put(msg)
                    self.seen_events.append(msg)
                self.cond.notify_all()

    def send_raw(self, data: bytes) -> None:
        with self.raw_lock:
            self.writer.write(data)
            self.writer.flush()

    def send(self, message: dict) -> None:
        body = json.dumps(message).encode()
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request_async(self, command: str, arguments: dict | None = None) -> int:
        self.seq += 1
        msg: dict = {"seq": self.seq, "type": "request", "command": command}
        if arguments is not None:
            msg["arguments"] = arguments
        self.send(msg)
        return self.seq

    def response(self, seq: int, timeout: float = TIMEOUT) -> dict:
        deadline = time.monotonic() + timeout
        with self.cond:
            while seq not in self.responses:
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    raise TimeoutError(f"no response to request {seq}" + (" (connection closed)" if self.closed else ""))
                self.cond.wait(left)
            return self.responses.pop(seq)

    def request(self, command: str, arguments: dict | None = None, timeout: float = TIMEOUT) -> dict:
        return self.response(self.request_async(command, arguments), timeout)

    def ok(self, command: str, arguments: dict | None = None, timeout: float = TIMEOUT) -> dict:
        r = self.request(command, arguments, timeout)
        assert r["success"], f"{command} failed: {r.get('message')}"
        return r.get("body") or {}

    def event(self, name: str, timeout: float = TIMEOUT) -> dict:
        """The next event called ``name`` (earlier events of other names are dropped)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {name} event")
            try:
                ev = self.events.get(timeout=left)
            except queue.Empty:
                raise TimeoutError(f"no {name} event") from None
            if ev["event"] == name:
                return ev

    def stopped(self, timeout: float = TIMEOUT) -> dict:
        return self.event("stopped", timeout)["body"]

    def drain(self) -> list[dict]:
        out = []
        while True:
            try:
                out.append(self.events.get_nowait())
            except queue.Empty:
                return out

    # -------------------------------------------------------- conveniences
    def start(self, program: str | Path, **launch) -> dict:
        """initialize + launch + (initialized) + configurationDone; returns the
        capabilities."""
        caps = self.ok("initialize", {"adapterID": "ptodbg", "linesStartAt1": True, "columnsStartAt1": True,
                                      "pathFormat": "path"})
        self.ok("launch", {"program": str(program), **launch})
        self.event("initialized")
        return caps

    def top(self) -> dict:
        return self.ok("stackTrace", {"threadId": 1})["stackFrames"][0]

    def scope_vars(self, name: str, frame_id: int = 1) -> dict[str, dict]:
        scopes = self.ok("scopes", {"frameId": frame_id})["scopes"]
        ref = next(s["variablesReference"] for s in scopes if s["name"] == name)
        return {v["name"]: v for v in self.ok("variables", {"variablesReference": ref})["variables"]}

    def repl(self, text: str) -> dict:
        return self.request("evaluate", {"expression": text, "context": "repl"})

    def close(self) -> None:
        try:
            if not self.closed:
                self.request("disconnect", {}, timeout=5)
        except (TimeoutError, OSError, ValueError):
            pass
        try:
            self.writer.close()
        except OSError:
            pass
        if self.process is not None:
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.thread.join(timeout=5)
        try:
            self.reader.close()
        except OSError:
            pass
        if getattr(self, "sock", None) is not None:
            self.sock.close()
        if self.process is not None:
            for f in (self.process.stdout, self.process.stderr, self.process.stdin):
                if f is not None:
                    try:
                        f.close()
                    except OSError:
                        pass


WALK = ROOT / "tests" / "dap" / "programs" / "walk.s"  # the DAP tests' Linux program


def line_of(path: Path, text: str) -> int:
    """The line number of the first line of ``path`` that is ``text`` (stripped)."""
    lines = path.read_text().splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.strip() == text)


def launch_walk(c: Client, lines: list[int], **extra) -> dict:
    """Launch walk.s in the linux profile with breakpoints on ``lines`` and run to the first."""
    c.start(WALK, profile="linux", stopOnEntry=False, **extra)
    r = c.ok("setBreakpoints", {"source": {"path": str(WALK)}, "breakpoints": [{"line": n} for n in lines]})
    c.ok("configurationDone")
    return r


def stop_reasons(c: Client, count: int, at_exception=None) -> list[str]:
    """The reasons of the next ``count`` stops, continuing after each.  An exception stop
    must be at the entry of the program's trap ``handler`` (trap_handler.s); then
    ``at_exception(c)`` checks what else the test expects there."""
    seen = []
    for _ in range(count):
        stop = c.stopped()
        seen.append(stop["reason"])
        if stop["reason"] == "exception":
            assert c.top()["name"] == "handler"
            if at_exception is not None:
                at_exception(c)
        c.ok("continue", {"threadId": 1})
    return seen
