"""``ptodbg batch`` and ``ptodbg run`` as a hostile user drives them (issue 10, items 5, 8,
9, 14 and ``--version``; DESIGN.md §4-§5):

* a script's ``#`` starts a comment only at the start of a line or after whitespace, so
  ``t#1`` stays an operand;
* ``step``/``continue``/``until``/``goto`` in batch stop after ``--max-steps`` with status
  "max-steps", and SIGINT ends the running command with its JSON line (status
  "interrupted") and skips the rest — checked on a real subprocess;
* ``run --json`` computes the last attempt's events from a recent snapshot, not by running
  the whole program a second time;
* a closed standard output ends the command quietly.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support.cli import cli
from support.loops import COUNTER
from support.paths import TEST_PROGRAMS

from ptodbg.cli import RUN_ENGINE_OPTIONS
from ptodbg.debug.commands import batch
from ptodbg.debug.files.program import open_debugger
from ptodbg.debug.view.capture import capture_view
from ptodbg.debug.view.jsonstate import state

ROOT = Path(__file__).resolve().parents[2]
QUEUES = TEST_PROGRAMS / "queues.s"


@pytest.fixture
def endless(tmp_path) -> Path:
    path = tmp_path / "endless.s"
    path.write_text(COUNTER)
    return path


def subprocess_env() -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


# =========================================================== item 5: comments
def test_a_hash_starts_a_comment_only_at_line_start_or_after_blank():
    text = ("break copy if t#1 == 0\n"
            "# a whole-line comment\n"
            "   # an indented one\n"
            "step 3 # a trailing one\n"
            "print t#2\t# after a tab\n"
            "x sp#not-a-comment 8\n")
    assert batch.script_lines(text) == ["break copy if t#1 == 0", "step 3", "print t#2",
                                        "x sp#not-a-comment 8"]


def test_a_script_keeps_queue_operands(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("break _start if t#1 == 0   # t#1 is the newest T entry\n")
    ran = cli("batch", QUEUES, "-x", script)
    (line,) = ran.lines
    assert line["command"] == "break _start if t#1 == 0"
    assert line["ok"] and "if t#1 == 0" in line["message"]


# ======================================================= item 8: --max-steps
@pytest.mark.parametrize("command", ["step 1000000000000", "continue", "until 0x30000", "goto 1000000000000000",
                                     "continue 1000000000000"])
def test_batch_forward_commands_stop_at_max_steps(endless, command):
    """The endless loop never reaches 0x30000: each command would run forever."""
    ran = cli("batch", endless, "--max-steps", "30000", "-c", f"{command}; regs")
    first, second = ran.lines
    assert first["ok"], first
    assert first["state"]["status"] == "max-steps", first["state"]
    assert first["state"]["steps"] <= 30000 + 1
    assert "max-steps" in first["state"]["message"]
    assert second["ok"]  # the next command runs


def test_batch_max_steps_is_checked(endless):
    ran = cli("batch", endless, "--max-steps", "-1", "-c", "step")
    assert ran.rc == 2 and "--max-steps" in ran.err


def test_batch_continue_n_and_step_n_below_max_steps_are_unchanged(endless):
    ran = cli("batch", endless, "--max-steps", "30000", "-c", "step 100; continue 50")
    first, second = ran.lines
    assert first["state"]["status"] == "stopped" and first["state"]["steps"] == 100
    assert second["state"]["status"] == "max-steps" and second["state"]["steps"] == 150


def test_sigint_ends_the_running_batch_command_with_its_line_and_skips_the_rest(endless):
    """A real process: the first command prints its line, SIGINT arrives during the
    endless ``continue``, which answers with status "interrupted"; ``regs`` is skipped."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "ptodbg.cli", "batch", str(endless), "-c", "step 5; continue; regs"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=subprocess_env(), cwd=ROOT)
    try:
        first = json.loads(proc.stdout.readline())
        assert first["ok"] and first["state"]["steps"] == 5
        time.sleep(0.5)  # continue is running now
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 1, out
    (cont,) = lines
    assert cont["command"] == "continue" and cont["ok"]
    assert cont["state"]["status"] == "interrupted" and cont["state"]["steps"] >= 5
    assert "Traceback" not in err
    assert proc.returncode == 130


def test_sigint_ends_run_at_an_exact_step_with_its_state(endless, tmp_path):
    """``run --trace`` writes one record per attempt; once records appear, SIGINT stops
    the run between two attempts and the JSON state is that of the last record."""
    trace = tmp_path / "t.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "ptodbg.cli", "run", str(endless), "--json", "--trace", str(trace)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=subprocess_env(), cwd=ROOT)
    try:
        for _ in range(600):
            if trace.exists() and trace.stat().st_size > 10_000:
                break
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    got = json.loads(out)
    assert got["status"] == "interrupted" and "Traceback" not in err
    records = trace.read_text().splitlines()
    assert got["steps"] == len(records) == json.loads(records[-1])["step"]
    assert proc.returncode == 130


# ================================================== item 9: run --json events
def test_run_json_replays_only_from_a_recent_snapshot(endless):
    """The engine options ``run`` uses keep a recent snapshot: the events of the last
    attempt come from a replay of less than one snapshot interval, not from step 0."""
    dbg = open_debugger(endless, **RUN_ENGINE_OPTIONS)
    dbg.cont(300_000)
    replayed_from = []
    dbg.on_progress = replayed_from.append
    events = state(capture_view(dbg))["events"]  # step 300,000 = 1 + 3k + 2: the sdi of iteration k + 1
    assert events == [{"kind": "store", "address": dbg.resolve("counter"), "size": 8,
                       "value": dbg.machine.reg("a0"), "order": "relaxed"}]
    assert replayed_from and min(replayed_from) > 300_000 - dbg.history.interval - 1
    assert dbg.history.interval <= 1 << 16
    assert len(dbg.history) <= 3  # the first snapshot, the newest, and one being replaced


def test_run_json_reports_the_events_of_the_last_attempt(endless):
    """Step 3 + 3k is the ``sdi`` of iteration k + 1 (li, then addi/sdi/j)."""
    ran = cli("run", endless, "--max-steps", "100002", "--json")
    got = ran.json
    assert got["status"] == "max-steps" and got["steps"] == 100002
    assert got["events"] == [{"kind": "store", "address": got["events"][0]["address"], "size": 8,
                              "value": got["regs"]["a0"], "order": "relaxed"}]


# =============================================== item 14: closed stdout
@pytest.mark.parametrize("args", [["batch", "-c", "step; step; step; regs; step"], ["run", "--json"]])
def test_a_closed_stdout_ends_quietly(args):
    program = str(TEST_PROGRAMS / "cond_loop.s")
    argv = [sys.executable, "-m", "ptodbg.cli", args[0], program] + args[1:]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=subprocess_env(), cwd=ROOT)
    proc.stdout.close()  # the reader went away before the first line (`| head -0`)
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err and "BrokenPipe" not in err and "Exception ignored" not in err, err
    assert proc.returncode in (0, 1), (proc.returncode, err)


# ======================================================== --version
def test_version_names_the_package_and_the_isa():
    from importlib.metadata import version

    ran = cli("--version")
    assert ran.rc == 0 and ran.err == ""
    assert ran.out == f"ptodbg {version('ptodbg')} (PTO ISA 0.58.3)\n"


def test_max_steps_zero_runs_nothing_even_from_a_breakpoint(endless):
    ran = cli("batch", endless, "--max-steps", "0", "-c", "break _start; step; continue; goto 5")
    assert [line["state"]["steps"] for line in ran.lines] == [0, 0, 0, 0]
    assert all(line["state"]["status"] == "max-steps" for line in ran.lines[1:])
    ran = cli("batch", endless, "--max-steps", "1", "-c", "break loop; continue; continue")
    assert [line["state"]["steps"] for line in ran.lines] == [0, 1, 2]  # one attempt each


# =========================================================== output that cannot be written
@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("args", [
    ["run", str(TEST_PROGRAMS / "dma_copy.s")],
    ["disasm", str(TEST_PROGRAMS / "dma_copy.s")],
    ["batch", "-c", "step 3; x/8xb dst", str(TEST_PROGRAMS / "dma_copy.s")],
])
def test_a_full_disk_is_one_line_on_stderr_not_a_traceback(args):
    """stdout on /dev/full (every write fails with ENOSPC): one clear line, status 1."""
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "ptodbg.cli", *args], stdout=full, stderr=subprocess.PIPE,
                              text=True, env=subprocess_env(), cwd=ROOT, timeout=60)
    assert proc.returncode == 1
    assert proc.stderr == "ptodbg: error: cannot write the output: No space left on device\n"
