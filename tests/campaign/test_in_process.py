"""A campaign checks sites in its own process while its local cluster starts (issue 27
item 3): a small campaign is done before the cluster is up and abandons its start (no
Dask client, no worker, no process left behind, nothing on standard error), a larger one
hands the rest to the cluster, and ctrl+c ends either phase with status 130, no
traceback and no process left.  The verdicts are those of one SiteChecker in this
process, whichever process checked a site."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support.paths import PROGRAMS, TEST_PROGRAMS

from ptodbg.campaign import runner
from ptodbg.campaign.runner import run_campaign
from ptodbg.campaign.spec import Config, snapshot_interval
from ptodbg.debug.faults.check import SiteChecker
from ptodbg.debug.faults.sites import list_sites
from ptodbg.debug.files.program import open_debugger

pytest.importorskip("distributed")

LINUX = {"profile": "linux", "compat": "linx-v0.4"}
ALGORITHMS = PROGRAMS / "02_algorithms.static"
PTODBG = [sys.executable, "-m", "ptodbg"]


def assert_verdicts_are_the_in_process_ones(program: Path, faults: str, records: list[dict], **options) -> None:
    listed = list_sites(open_debugger(program, **options), faults)
    checker = SiteChecker(str(program), **options, interval=snapshot_interval(listed.steps))
    for rec in records:
        site = listed.sites[rec["site"]]
        v = checker.check(site)
        assert (rec["step"], rec["pc"], rec["page"], rec["access"]) == (site.step, site.pc, site.page, site.access)
        assert (rec["precise"], rec["recovered"], rec["passed"], rec["exception"], rec["detail"]) == \
            (v.precise, v.recovered, v.passed, v.exception, v.detail), rec["site"]


def session_processes(sid: int) -> list[str]:
    """The processes still alive in session ``sid`` (a command started with
    start_new_session: everything it started, unless it escaped with setsid)."""
    left = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (comm) "
        if int(fields[3]) == sid and fields[0] != "Z":
            left.append(stat[: stat.rindex(")") + 1])
    return left


def test_a_small_campaign_is_done_before_the_cluster_and_leaves_nothing(tmp_path):
    """The 3 sites of dma_fault.s --faults all are checked in the command's own process
    (the summary says so: no worker, 3 sites in-process); its cluster's start is
    abandoned - nothing on standard error (no dashboard, no Dask warning) and no process
    of the command's session alive after it ends."""
    program = TEST_PROGRAMS / "dma_fault.s"
    out = tmp_path / "run"
    done = subprocess.run([*PTODBG, "campaign", str(program), "--faults", "all", "--workers", "2", "--json",
                           "--out", str(out)], capture_output=True, text=True, timeout=120, start_new_session=True)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    sites, summary = lines[:-1], lines[-1]
    assert (summary["sites"], summary["checked"], summary["failed"], summary["precise"], summary["recovered"]) == \
        (3, 3, 0, 3, 3)
    assert (summary["workers"], summary["checked_in_process"], summary["complete"]) == (0, 3, True)
    assert summary["engine"].startswith("in-process")
    assert sorted(s["access"] for s in sites) == ["fetch", "read", "write"]
    assert_verdicts_are_the_in_process_ones(program, "all", sites)
    assert json.loads((out / "report.json").read_text())["sites"] == sorted(sites, key=lambda r: r["site"])


def test_no_process_of_an_abandoned_cluster_outlives_the_command():
    """Started in a session of its own, the command's cluster host (and any worker it
    forked) is gone when the command has ended."""
    proc = subprocess.Popen([*PTODBG, "campaign", str(TEST_PROGRAMS / "dma_copy.s"), "--workers", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 0 and err == "", err
    assert "2 of 2 sites checked in" in out and "in the campaign's own process" in out
    assert session_processes(proc.pid) == []


def test_a_larger_campaign_hands_the_rest_to_the_cluster_with_the_same_verdicts(monkeypatch):
    """60 sites of 02_algorithms.static on a local cluster of one worker, the handover
    made as soon as the cluster is up (HANDOVER_SECONDS 0): every site is checked once,
    the first in this process; the summary's counts add up, and ``workers`` counts the
    workers whose results were used."""
    monkeypatch.setattr(runner, "HANDOVER_SECONDS", 0.0)
    outcome = run_campaign(Config(str(ALGORITHMS), **LINUX, sample=60, seed=3, workers=1), progress=False)
    s = outcome.summary
    assert (s["checked"], s["failed"], s["complete"]) == (60, 0, True), s
    assert sorted(r["site"] for r in outcome.records) == sorted({r["site"] for r in outcome.records})
    on_workers = sum(batches for _, batches in outcome.loads.values())
    assert s["checked_in_process"] >= 1 and s["workers"] == len(outcome.loads) <= 1
    assert outcome.batches == on_workers
    if s["workers"]:
        assert "LocalCluster" in s["engine"] and s["checked_in_process"] < 60
    else:  # the machine was slow enough for this process to check all of them
        assert s["checked_in_process"] == 60 and s["engine"].startswith("in-process")
    assert_verdicts_are_the_in_process_ones(ALGORITHMS, "data", outcome.records, **LINUX)


@pytest.mark.parametrize("phase", ["in-process", "on the cluster"])
def test_ctrl_c_ends_either_phase_with_status_130_and_nothing_left(phase, tmp_path):
    """SIGINT while the command checks sites itself (at its first result), or once the
    cluster has taken over (its dashboard line is out): exit status 130, the resume hint,
    no traceback, the results so far kept, and no process of its session left."""
    out = tmp_path / "run"
    argv = [*PTODBG, "campaign", str(ALGORITHMS), "--profile", "linux", "--compat", "linx-v0.4", "--sample", "400",
            "--workers", "2", "--json", "--out", str(out)]
    errors = tmp_path / "stderr.txt"
    with open(errors, "w") as err:
        proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=err, text=True, start_new_session=True)
        try:
            if phase == "in-process":
                assert proc.stdout is not None and json.loads(proc.stdout.readline())["site"] >= 0
            else:
                deadline = time.monotonic() + 90
                while "ptodbg: Dask dashboard:" not in errors.read_text():
                    assert proc.poll() is None and time.monotonic() < deadline, errors.read_text()
                    time.sleep(0.05)
            os.kill(proc.pid, signal.SIGINT)
            rest, _ = proc.communicate(timeout=120)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    text = errors.read_text()
    assert proc.returncode == 130, text
    assert "Traceback" not in text and "ptodbg: interrupted after" in text and "run the same command again" in text
    summary = json.loads(rest.splitlines()[-1])
    assert not summary["complete"] and summary["checked"] < 400
    kept = (out / "results.jsonl").read_text().splitlines()
    assert len(kept) == summary["checked"]
    assert session_processes(proc.pid) == []
