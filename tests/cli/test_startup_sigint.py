"""SIGINT during start-up never prints a KeyboardInterrupt traceback (issue 24 item 6).

Real processes of the ``ptodbg`` console script get SIGINT at several delays after ptodbg's
first line has run - the imports of the command, reading the command line, opening the
program, the TUI taking its terminal, and the run itself - and each must end quietly: no
"Traceback", no "KeyboardInterrupt" on any stream; status 130, or the command's own
status when the signal came after its answer.

The delays are counted from a mark the interpreter itself prints (PYTHONVERBOSE=1 writes
``import 'ptodbg.__main__'`` once that module has run, and its first statement made SIGINT
quiet): the interpreter's own start-up before it (site and its .pth files, where a
KeyboardInterrupt is "Fatal Python error: init_import_site") is not ptodbg's to change,
and a delay counted from the spawn would land in it on a loaded machine.
"""

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
import time
from pathlib import Path

import pytest
from support.paths import TEST_PROGRAMS

SCRIPT = Path(sys.executable).parent / "ptodbg"
MARK = b"import 'ptodbg.__main__'"
DELAYS = (0.0, 0.005, 0.02, 0.05, 0.1, 0.2, 0.4)
PROGRAM = str(TEST_PROGRAMS / "cross_model.s")


def verbose_env(**extra: str) -> dict:
    return dict(os.environ, PYTHONVERBOSE="1", TERM="xterm-256color", **extra)


def next_chunk(fd: int) -> bytes | None:
    """One read of ``fd`` if it is ready within 50 ms: None if nothing came yet, b"" at its
    end (or when reading failed, as a pty does once its child is gone)."""
    ready, _, _ = select.select([fd], [], [], 0.05)
    if not ready:
        return None
    try:
        return os.read(fd, 1 << 16)
    except OSError:
        return b""


def read_until(fd: int, proc: subprocess.Popen, marker: bytes, seconds: float = 60.0) -> bytes:
    """Read ``fd`` until ``marker`` has come (or the process ended)."""
    seen = b""
    deadline = time.monotonic() + seconds
    while marker not in seen:
        assert time.monotonic() < deadline, "the start-up mark never came"
        chunk = next_chunk(fd)
        if chunk == b"" or (chunk is None and proc.poll() is not None):
            break
        seen += chunk or b""
    return seen


def drain(fd: int, proc: subprocess.Popen, seconds: float = 60.0) -> bytes:
    """Everything ``fd`` still brings until the process has ended."""
    seen = b""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        chunk = next_chunk(fd)
        if chunk:
            seen += chunk
            continue
        if chunk is None and proc.poll() is not None:
            return seen
        if chunk == b"":
            proc.wait(timeout=seconds)
            return seen
    proc.kill()
    raise AssertionError("the process did not end after SIGINT")


def assert_quiet(text: bytes, status: int, normal: int) -> None:
    assert b"Traceback" not in text and b"KeyboardInterrupt" not in text, text[-3000:].decode(errors="replace")
    assert status in (130, normal), status


@pytest.mark.skipif(not SCRIPT.exists(), reason="the ptodbg console script is not installed")
@pytest.mark.parametrize("command", [["run", PROGRAM], ["batch", PROGRAM, "-c", "step; regs"], ["disasm", PROGRAM]])
def test_sigint_while_a_headless_command_starts(command):
    for delay in DELAYS:
        proc = subprocess.Popen([str(SCRIPT), *command], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE, env=verbose_env())
        err = proc.stderr.fileno()
        before = read_until(err, proc, MARK)
        assert MARK in before, before[-2000:]
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        after = drain(err, proc)
        proc.stderr.close()
        assert_quiet(before + after, proc.returncode, 0)


@pytest.mark.skipif(not SCRIPT.exists(), reason="the ptodbg console script is not installed")
def test_sigint_while_the_tui_starts_in_a_terminal():
    """A pseudo-terminal is the TUI's terminal (Textual draws on it); the SIGINT comes while
    Textual is imported, the program opened, the terminal taken or the first screen drawn."""
    for delay in (*DELAYS, 0.8):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        proc = subprocess.Popen([str(SCRIPT), "tui", PROGRAM], stdin=slave, stdout=slave, stderr=slave,
                                env=verbose_env(), start_new_session=True)
        os.close(slave)
        try:
            before = read_until(master, proc, MARK)
            assert MARK in before, before[-2000:]
            time.sleep(delay)
            proc.send_signal(signal.SIGINT)
            after = drain(master, proc)
        finally:
            os.close(master)
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        assert_quiet(before + after, proc.returncode, 130)
