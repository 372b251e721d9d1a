"""``ptodbg campaign`` against what issue 24 item 4 found: a fault-free run that stops on a
trap (it must fail, saying why, not pass with "0 of 0 sites"), scheduler addresses Dask
cannot use or where something else answers (one line, exit status 2, no traceback and no
Python in it), and a program that never stops (its bound said up front).  The worker
count under a dying worker is in test_dask.py (a real LocalCluster)."""

from __future__ import annotations

import io
import socket
import threading

import pytest
from support.paths import PROGRAMS, TEST_PROGRAMS

from ptodbg.campaign.progress import ListingProgress
from ptodbg.campaign.spec import MAX_STEPS_DEFAULT
from ptodbg.cli import main
from ptodbg.debug.faults.sites import ListingError, list_sites
from ptodbg.debug.files.program import open_debugger

DMA = str(TEST_PROGRAMS / "dma_copy.s")
PYTHON_WORDS = ("Error", "Exception", "Traceback", "unpack", "NoneType", "object")


def one_line(capsys, status: int) -> str:
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert captured.out == "" and len(lines) == 1, captured
    assert not any(word in lines[0] for word in PYTHON_WORDS), lines[0]
    return lines[0]


# ------------------------------------------------------------- a failed reference
@pytest.mark.parametrize("json_output", [False, True])
def test_a_fault_free_run_that_stops_on_a_trap_fails_the_campaign(capsys, json_output):
    """02_algorithms without --compat: ILLEGAL_INST at step 5 (a LinxISA v0.4 form), no
    site listed.  Exit status 1 and why, before any cluster starts."""
    argv = ["campaign", str(PROGRAMS / "02_algorithms.static"), "--profile", "linux", "--workers", "1"]
    assert main(argv + (["--json"] if json_output else [])) == 1
    line = one_line(capsys, 1)
    assert line.startswith("ptodbg: nothing checked: the fault-free run of 02_algorithms.static stopped on a "
                           "trap at step 5 (ILLEGAL_INST at _start+0xc: HL.BSTART.STD.CALL is a LinxISA v0.4 form")
    assert line.endswith("a campaign checks faults against a run that ends normally (its stop symbol, EBREAK or "
                         "an exit)")


# --------------------------------------------------------------- scheduler addresses
@pytest.mark.parametrize("address,needle", [
    ("tls://127.0.0.1:8786", "tls:// addresses need TLS certificates"),
    ("wss://127.0.0.1:8786", "wss:// addresses need TLS certificates"),
    ("ucx://127.0.0.1:8786", "ucx:// addresses need UCX"),
    ("inproc://x", "inproc:// addresses name a scheduler inside another Python process"),
    ("tcp://127.0.0.1:99999", "the port is not a number in 1..65535"),
    ("tcp://127.0.0.1:0", "port 0 names no scheduler"),
    ("tcp://[::1", "expected an address such as tcp://HOST:8786"),
    ("tcp://host:8786/path", "expected an address such as tcp://HOST:8786"),
])
def test_scheduler_addresses_dask_cannot_use_are_one_line(capsys, address, needle):
    assert main(["campaign", DMA, "--scheduler", address]) == 2
    line = one_line(capsys, 2)
    assert line.startswith(f"ptodbg: error: --scheduler {address}: ") and needle in line


class _Server:
    """A TCP server on 127.0.0.1 that is not a Dask scheduler."""

    def __init__(self, answer) -> None:
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.port = self.sock.getsockname()[1]
        self.answer = answer
        self.connections: list[socket.socket] = []
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.connections.append(conn)
            try:
                self.answer(conn)
            except OSError:
                pass

    def close(self) -> None:
        self.sock.close()
        for conn in self.connections:
            conn.close()


@pytest.mark.parametrize("answer,needle", [
    # Dask read these 8 bytes as a length: an HTTP answer made it allocate exabytes
    pytest.param(lambda c: c.sendall(b"HTTP/1.1 400 Bad Request\r\n\r\n"), "its first bytes are not Dask's greeting", id="http"),
    pytest.param(lambda c: c.sendall(b"\x00\x00\x00\x10\x00\x00\x00\x00"), "its first bytes are not Dask's greeting", id="length"),
    pytest.param(lambda c: c.sendall(b"\x40\x00\x00\x00\x00\x00\x00\x00" + b"\xc1" * 64), "its greeting is not Dask's", id="garbage"),
    pytest.param(lambda c: c.close(), "it closed the connection without Dask's greeting", id="closes"),
    pytest.param(lambda c: None, "no Dask greeting within 5 s", id="silent"),
])
def test_a_server_that_is_not_dask_is_named_in_one_line(capsys, answer, needle):
    server = _Server(answer)
    try:
        address = f"tcp://127.0.0.1:{server.port}"
        assert main(["campaign", DMA, "--scheduler", address]) == 2
        line = one_line(capsys, 2)
    finally:
        server.close()
    assert line == f"ptodbg: error: {address} answers, but not as a Dask scheduler ({needle})"


def test_nothing_listening_is_one_line_at_once(capsys):
    free = socket.create_server(("127.0.0.1", 0))
    port = free.getsockname()[1]
    free.close()
    assert main(["campaign", DMA, "--scheduler", f"tcp://127.0.0.1:{port}"]) == 2
    assert one_line(capsys, 2) == (f"ptodbg: error: cannot reach the Dask scheduler at tcp://127.0.0.1:{port}: "
                                   "nothing listens there (connection refused)")


# ------------------------------------------------------------ a run that never stops
def test_the_default_step_bound_is_reasonable_and_documented(capsys):
    """About 15 s of listing at most (some 60,000 attempts a second), not the 160 s of
    10,000,000; the help says it."""
    assert MAX_STEPS_DEFAULT == 1_000_000
    assert main(["campaign", "--help"]) == 0
    assert "(default 1000000)" in " ".join(capsys.readouterr().out.split())


def test_the_bound_is_said_while_a_long_fault_free_run_goes_on(monkeypatch):
    """Off a terminal, a run that takes long says once where it is and where it stops."""
    err = io.StringIO()
    monkeypatch.setattr("sys.stderr", err)
    dbg = open_debugger(TEST_PROGRAMS / "cond_loop.s")  # a counted loop, longer than 30 steps
    with ListingProgress("cond_loop.s", 30, enabled=False, notice_seconds=0) as shown, \
            pytest.raises(ListingError, match="did not stop within 30 steps"):
        list_sites(dbg, "data", 30, progress=shown.update)
    assert err.getvalue() == "ptodbg: the fault-free run of cond_loop.s is at step 0; it is stopped at 30 steps " \
                             "(--max-steps)\n"
