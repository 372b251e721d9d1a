"""A TUI exits when its terminal or parent goes away (issue 24 item 6), checked on real
``ptodbg tui`` processes while an endless ``continue`` runs on their worker thread (the
case that kept a textual-serve session alive at 20 % CPU, deaf to SIGTERM: the app's
exit waited for that thread):

* in a terminal (a pseudo-terminal that is the process's controlling terminal): the
  terminal hanging up (SIGHUP), SIGTERM and SIGINT end it, and the screen is restored;
* as textual-serve runs it (Textual's web driver over pipes): the server's pipes closing,
  SIGTERM, and its parent process going away end it.

Exit status 128 + the signal, 129 when the terminal, a pipe or the parent went away
(:mod:`ptodbg.tui.lifetime`)."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest
from support.loops import COUNTER

PTODBG = [sys.executable, "-m", "ptodbg"]
WEB = {"TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver", "COLUMNS": "120", "ROWS": "40"}
ENDS_WITHIN = 15.0  # seconds; it takes well under one (a poll every 0.2 s), this is a hang detector
LEAVE_ALT_SCREEN = b"\x1b[?1049l"


@pytest.fixture
def endless(tmp_path) -> Path:
    path = tmp_path / "endless.s"
    path.write_text(COUNTER)
    return path


def env(**extra: str) -> dict:
    root = str(Path(__file__).resolve().parents[2])
    return dict(os.environ, TERM="xterm-256color", PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""),
                **extra)


class Terminal:
    """``ptodbg tui PROGRAM`` on a pseudo-terminal that is its controlling terminal."""

    def __init__(self, program: Path) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))

        def controlling_terminal() -> None:
            os.setsid()
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.proc = subprocess.Popen([*PTODBG, "tui", str(program)], stdin=slave, stdout=slave, stderr=slave,
                                     preexec_fn=controlling_terminal, env=env())
        os.close(slave)
        self.seen = b""

    def read_until(self, text: bytes, seconds: float = 60.0) -> None:
        deadline = time.monotonic() + seconds
        while text not in self.seen:
            assert time.monotonic() < deadline and self.proc.poll() is None, (text, self.seen[-500:])
            self._read(0.05)

    def _read(self, timeout: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 1 << 16)
        except OSError:
            return False
        self.seen += chunk
        return bool(chunk)

    def type(self, text: str) -> None:
        for ch in text:
            os.write(self.master, ch.encode())
            time.sleep(0.05)

    def wait(self, seconds: float = ENDS_WITHIN) -> int:
        deadline = time.monotonic() + seconds
        while self.proc.poll() is None and time.monotonic() < deadline:
            self._read(0.05)
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
            raise AssertionError(f"the TUI was still running {seconds} s later")
        while self._read(0.05):
            pass
        return self.proc.returncode

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        try:
            os.close(self.master)
        except OSError:
            pass


def running_in_a_terminal(program: Path) -> Terminal:
    term = Terminal(program)
    term.read_until(b"disassembly")
    term.type(":continue\r")
    term.read_until(b"running continue")
    return term


@pytest.mark.parametrize(("action", "status"), [("hang up", 128 + signal.SIGHUP), ("SIGTERM", 128 + signal.SIGTERM),
                                                ("SIGINT", 128 + signal.SIGINT)])
def test_the_tui_in_a_terminal_ends_when_the_terminal_goes_or_a_signal_asks(endless, action, status):
    term = running_in_a_terminal(endless)
    try:
        if action == "hang up":
            os.close(term.master)  # the terminal goes away: the kernel sends SIGHUP
            term.master = os.open(os.devnull, os.O_RDONLY)
            assert term.wait() == status
        else:
            term.proc.send_signal(getattr(signal, action))
            assert term.wait() == status
            assert LEAVE_ALT_SCREEN in term.seen  # the screen was restored, as on ctrl+q
            assert b"Traceback" not in term.seen
    finally:
        term.close()


class Served:
    """``ptodbg tui PROGRAM`` as textual-serve starts it: Textual's web driver on pipes,
    keys sent as its data packets, its output drained as the server reads it."""

    def __init__(self, command: list[str]) -> None:
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env(**WEB))
        self.out = b""
        self.lock = threading.Lock()
        self.reader = threading.Thread(target=self._drain, daemon=True)
        self.reader.start()

    def _drain(self) -> None:
        try:
            while chunk := os.read(self.proc.stdout.fileno(), 1 << 16):
                with self.lock:
                    self.out += chunk
        except OSError:
            pass

    def read_until(self, text: bytes, seconds: float = 60.0) -> None:
        deadline = time.monotonic() + seconds
        while True:
            with self.lock:
                if text in self.out:
                    return
            assert time.monotonic() < deadline and self.proc.poll() is None, text
            time.sleep(0.05)

    def type(self, text: str) -> None:
        for ch in text:
            data = ch.encode()
            self.proc.stdin.write(b"D" + len(data).to_bytes(4, "big") + data)
            self.proc.stdin.flush()
            time.sleep(0.05)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for stream in (self.proc.stdin, self.proc.stderr):
            try:
                stream.close()
            except OSError:
                pass


def ends(proc: subprocess.Popen, seconds: float = ENDS_WITHIN) -> int:
    try:
        return proc.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        raise AssertionError(f"the TUI was still running {seconds} s later") from None


@pytest.mark.parametrize(("action", "status"), [("server stops", 128 + signal.SIGHUP),
                                                ("SIGTERM", 128 + signal.SIGTERM)])
def test_a_served_tui_ends_when_its_server_stops_or_sigterm_comes(endless, action, status):
    served = Served([*PTODBG, "tui", str(endless)])
    try:
        served.read_until(b"__GANGLION__")
        served.type(":continue\r")
        served.read_until(b"running continue")
        if action == "server stops":  # its end of both pipes closes
            served.proc.stdin.close()
            os.close(served.proc.stdout.fileno())
        else:
            served.proc.send_signal(signal.SIGTERM)
        assert ends(served.proc) == status
    finally:
        served.close()


PARENT = """
import subprocess, sys
child = subprocess.Popen(sys.argv[1:])
sys.stderr.write(f"{child.pid}\\n")
sys.stderr.flush()
child.wait()
"""


def gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (reaped, or a zombie no one has reaped yet)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def test_a_tui_whose_parent_is_gone_ends(endless):
    """The parent (a stand-in for the server) is killed with SIGKILL; the pipes stay open
    (the test holds them), so only the parent's going away can end the TUI."""
    served = Served([sys.executable, "-c", PARENT, *PTODBG, "tui", str(endless)])
    try:
        tui = int(served.proc.stderr.readline())
        served.read_until(b"__GANGLION__")
        served.type(":continue\r")
        served.read_until(b"running continue")
        assert not gone(tui)
        served.proc.send_signal(signal.SIGKILL)
        served.proc.wait()
        deadline = time.monotonic() + ENDS_WITHIN
        while not gone(tui):
            assert time.monotonic() < deadline, "the TUI outlived its parent"
            time.sleep(0.05)
    finally:
        if not gone(tui):
            os.kill(tui, signal.SIGKILL)
        served.close()
