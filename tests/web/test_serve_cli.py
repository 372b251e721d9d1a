"""``ptodbg serve`` on the command line, without a browser: bad input is one line and
exit status 2 before anything listens, the address is announced and its page served,
another interface is warned about, and what each page runs is this interpreter's ``ptodbg tui`` with the options
given (quoted for the shell textual-serve starts it with)."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from ptodbg.cli import main
from ptodbg.web.serve import session_command

pytest.importorskip("textual_serve", reason="ptodbg serve needs the web extra: pip install -e '.[web]'")
WALK = Path(__file__).resolve().parent.parent / "dap" / "programs" / "walk.s"


@pytest.mark.parametrize(("argv", "needle"), [
    (["serve", "--port", "70000"], "--port 70000: expected a TCP port 0..65535"),
    (["serve", "/nonexistent/prog.s"], "/nonexistent/prog.s"),
    (["serve", "--theme", "no-such-theme"], "no-such-theme"),
    (["serve", "--host", "256.1.1.1", "--port", "0"], "cannot listen on 256.1.1.1:0"),
])
def test_bad_usage_is_one_line_and_status_2(argv, needle, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("ptodbg: error: ") and needle in err


def test_each_page_runs_this_interpreters_tui_with_the_options(tmp_path):
    odd = tmp_path / "a b; rm -rf x" / "walk's.s"
    command = session_command([str(odd), "--profile", "linux"])
    assert command.startswith("exec ")
    assert shlex.split(command[len("exec "):]) == [sys.executable, "-m", "ptodbg", "tui", str(odd), "--profile",
                                                   "linux"]


def test_the_server_announces_its_address_and_serves_its_page():
    proc = subprocess.Popen([sys.executable, "-m", "ptodbg.cli", "serve", str(WALK), "--profile", "linux", "--port",
                             "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        m = re.fullmatch(r"ptodbg serve: ptodbg walk\.s on (http://127\.0\.0\.1:\d+) \(ctrl\+c to stop\)\n", line)
        assert m, line
        with urllib.request.urlopen(m.group(1) + "/", timeout=10) as page:
            html = page.read().decode()
        assert page.status == 200 and f'{m.group(1).replace("http:", "ws:")}/ws' in html
        assert "<div>ptodbg walk.s</div>" in html  # the start screen names the program
    finally:
        proc.terminate()
        assert proc.wait(timeout=20) == 0
        proc.stdout.close()
        proc.stderr.close()


def test_another_interface_gets_a_warning():
    proc = subprocess.Popen([sys.executable, "-m", "ptodbg.cli", "serve", "--host", "0.0.0.0", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert "on http://0.0.0.0:" in proc.stdout.readline()
        assert "warning: listening on 0.0.0.0: anyone who reaches this port can run the debugger" in \
            proc.stdout.readline()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        proc.stdout.close()
        proc.stderr.close()
