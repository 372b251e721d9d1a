"""Campaigns on a real Dask cluster (issue 16 items 3-5): one LocalCluster of 2 worker
processes for the module, the DMA programs pass at every site, the negative control
fails, results go to --out with a session per failing site that opens at the site with
the fault armed, an interrupted campaign resumes without redoing finished sites, and the
default (a LocalCluster the command starts itself) works from the command line."""

from __future__ import annotations

import json
import logging
import re

import pytest
from campaign.helpers import CAMPAIGN_PROGRAMS, DMA_PROGRAMS
from support.paths import TEST_PROGRAMS

from ptodbg.campaign.runner import CampaignError, run_campaign
from ptodbg.campaign.spec import Config
from ptodbg.cli import main
from ptodbg.debug.files import session
from ptodbg.debug.files.program import open_debugger

SECTION10_SITE_KEYS = {"step", "pc", "page", "access", "precise", "recovered", "detail"}
SECTION10_SUMMARY_KEYS = {"program", "sites", "precise", "recovered", "failed", "workers", "engine", "seconds"}


@pytest.fixture(scope="module")
def scheduler():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address="127.0.0.1:0",
                                  silence_logs=logging.CRITICAL) as cluster:
        yield cluster.scheduler_address


def test_every_site_of_the_dma_programs_passes_on_two_workers(scheduler):
    for path in DMA_PROGRAMS:
        outcome = run_campaign(Config(str(path), faults="all", workers=2, scheduler=scheduler), progress=False)
        s = outcome.summary
        assert s["workers"] == 2 and "dask.distributed" in s["engine"], s
        assert s["sites"] == s["checked"] == s["precise"] == s["recovered"] == 3, (path.name, s)
        assert (s["failed"], s["exceptions"], s["complete"], outcome.exit_status) == (0, 0, True, 0)
        assert sorted(r["access"] for r in outcome.records) == ["fetch", "read", "write"]


def test_the_negative_control_fails_with_a_session_that_reopens_the_fault(scheduler, tmp_path, capsys):
    program = TEST_PROGRAMS / "dma_fault.s"
    out = tmp_path / "run"
    status = main(["campaign", str(program), "--scheduler", scheduler, "--json", "--out", str(out),
                   "--test-defect", "store-before-check"])
    assert status == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    sites, summary = lines[:-1], lines[-1]
    assert SECTION10_SUMMARY_KEYS <= summary.keys()
    assert (summary["sites"], summary["failed"], summary["precise"], summary["recovered"]) == (2, 1, 1, 2)
    assert all(SECTION10_SITE_KEYS <= s.keys() for s in sites)
    bad = next(s for s in sites if not s["passed"])
    dbg = open_debugger(program)
    dst, copy = dbg.symbols.lookup("dst"), dbg.symbols.lookup("copy")
    assert (bad["step"], bad["pc"], bad["page"], bad["access"], bad["precise"]) == (2, copy, dst, "write", False)
    assert f"memory at {dst:#x}+8" in bad["detail"]

    report = json.loads((out / "report.json").read_text())
    assert report["summary"]["failed"] == 1 and len(report["sites"]) == 2
    assert "Failing sites (1): DMA write x1" in (out / "summary.txt").read_text()
    saved = out / f"site-{bad['site']}.toml"
    assert sorted(p.name for p in out.glob("site-*.toml")) == [saved.name]
    # The session opens at the site's step with the injection armed: one step traps.
    session.load(dbg, saved)
    assert dbg.steps == 2 and dbg.machine.pc == copy
    assert dbg.machine.mem.perms_at(dst) == 4  # r--: write permission removed, once
    stop = dbg.step()
    assert stop.status == "trap" and (stop.trap.number, stop.trap.arg0, stop.trap.saved_tpc) == (35, dst, copy)
    dbg.recover()
    assert dbg.cont().status == "stopped" and dbg.memory(dst, 64) == dbg.memory(dbg.symbols.lookup("src"), 64)


def test_the_failing_site_session_opens_in_the_tui(scheduler, tmp_path):
    from ptodbg.tui.app import open_app

    out = tmp_path / "run"
    outcome = run_campaign(Config(str(TEST_PROGRAMS / "dma_copy.s"), workers=2, scheduler=scheduler, out=str(out),
                                  defect="skip-recover"), progress=False)
    assert outcome.exit_status == 1 and len(outcome.sessions) == 2
    app = open_app(None, session=str(outcome.sessions[0]))
    assert app.dbg.steps == 2 and any(e.kind == "once" for e in app.dbg.edits)


def test_an_interrupted_campaign_resumes_without_redoing_finished_sites(scheduler, tmp_path):
    program = str(CAMPAIGN_PROGRAMS / "frame_page_cross.s")
    out = tmp_path / "run"
    config = Config(program, faults="all", workers=2, scheduler=scheduler, out=str(out))
    seen: list[dict] = []

    def interrupt_after_first(record):  # ctrl+c while the results come in
        seen.append(record)
        raise KeyboardInterrupt

    first = run_campaign(config, emit=interrupt_after_first, progress=False)
    assert first.interrupted and first.exit_status == 130 and not first.summary["complete"]
    results = out / "results.jsonl"
    done = [json.loads(line) for line in results.read_text().splitlines()]
    assert 1 <= len(done) < 5 and done[0]["site"] == seen[0]["site"]
    # Mark a finished site (a resumed run must keep it, not redo it) and leave a torn line
    # as a crash in the middle of a write would.
    done[0]["detail"] = "checked by the first run"
    results.write_text("".join(json.dumps(r) + "\n" for r in done) + '{"step": 4, "pc"')

    second = run_campaign(config, progress=False)
    assert second.exit_status == 0 and second.summary["complete"] and second.summary["checked"] == 5
    assert next(r for r in second.records if r["site"] == done[0]["site"])["detail"] == "checked by the first run"
    lines = results.read_text().splitlines()
    assert len(lines) == 5 and all(json.loads(line) for line in lines)  # the torn line is gone
    assert second.summary["exceptions"] == 4  # the frame templates: documented, not failures
    third = run_campaign(config, progress=False)  # all done: no cluster, the same results
    assert third.summary["engine"].startswith("none") and third.records == second.records

    with pytest.raises(CampaignError, match="holds another campaign"):
        run_campaign(Config(program, faults="data", workers=2, scheduler=scheduler, out=str(out)), progress=False)


def test_the_command_starts_its_own_local_cluster(capsys, monkeypatch):
    """The embedded default: no --scheduler, a LocalCluster of --workers processes (one
    here, to keep the test light) that the command starts and stops itself.  The runner's
    in-process checks are turned off (its ``in_process`` option), so that the two sites
    wait for the cluster instead of being done before it is up."""
    from dataclasses import replace

    from ptodbg.campaign import command

    parse = command.config_from_args
    monkeypatch.setattr(command, "config_from_args", lambda args: replace(parse(args), in_process=False))
    assert main(["campaign", str(TEST_PROGRAMS / "dma_copy.s"), "--workers", "1", "--json"]) == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out.splitlines()[-1])
    assert (summary["sites"], summary["failed"], summary["workers"], summary["checked_in_process"]) == (2, 0, 1, 0)
    assert "LocalCluster" in summary["engine"]
    # the dashboard's address, and nothing else: no progress bar off a terminal, no worker noise
    assert re.fullmatch(r"ptodbg: Dask dashboard: http://127\.0\.0\.1:\d+/status\n", captured.err), captured.err


def test_the_dashboard_serves_while_the_campaign_runs(scheduler):
    """The address handed out is the scheduler's live dashboard (bokeh): fetched while
    the results come in, it answers with Dask's status page."""
    import urllib.request

    seen: dict = {}

    def fetch(record):
        if "page" not in seen:
            with urllib.request.urlopen(seen["link"], timeout=20) as reply:
                seen["status"], seen["page"] = reply.status, reply.read().decode("utf-8", "replace")

    run_campaign(Config(str(TEST_PROGRAMS / "dma_copy.s"), workers=2, scheduler=scheduler), emit=fetch,
                 progress=False, dashboard=lambda link: seen.setdefault("link", link))
    assert seen["link"].endswith("/status") and seen["status"] == 200
    assert "<title>Dask Diagnostic UI</title>" in seen["page"] and "bokeh" in seen["page"].lower()


def test_the_local_cluster_s_dashboard_serves_once_bokeh_is_in(tmp_path):
    """A campaign's own cluster serves Dask's dashboard too: its web server listens from
    the start and the bokeh pages are added as soon as bokeh is imported (after the
    campaign has the cluster, so that a small campaign does not wait for it).  Fetched
    (for up to 60 s) while the campaign waits for the first result to be taken."""
    import time
    import urllib.error
    import urllib.request

    seen: dict = {}

    def fetch(record):
        deadline = time.monotonic() + 60
        while "page" not in seen and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(seen["link"], timeout=20) as reply:
                    seen["status"], seen["page"] = reply.status, reply.read().decode("utf-8", "replace")
            except urllib.error.HTTPError:  # 404 until the bokeh pages are there
                time.sleep(0.2)

    outcome = run_campaign(Config(str(TEST_PROGRAMS / "dma_copy.s"), workers=1, in_process=False), emit=fetch,
                           progress=False,
                           dashboard=lambda link: seen.setdefault("link", link))
    assert outcome.exit_status == 0 and "LocalCluster" in outcome.summary["engine"]
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/status", seen["link"]) and seen["status"] == 200
    assert "<title>Dask Diagnostic UI</title>" in seen["page"] and "bokeh" in seen["page"].lower()


def test_a_lost_worker_s_tasks_are_run_again(scheduler):
    """Kill one worker process (SIGKILL) as the first results arrive: the scheduler runs
    its tasks elsewhere (and the nanny restarts it); every site is still checked once."""
    import os
    import signal

    import distributed
    from support.paths import PROGRAMS

    with distributed.Client(scheduler) as observer:
        pids = observer.run(os.getpid)
    killed: list[int] = []

    def kill_one(record):
        if not killed:
            victim = next(iter(pids.values()))
            os.kill(victim, signal.SIGKILL)
            killed.append(victim)

    config = Config(str(PROGRAMS / "02_algorithms.static"), profile="linux", compat="linx-v0.4", sample=48,
                    seed=16, workers=2, scheduler=scheduler)
    outcome = run_campaign(config, emit=kill_one, progress=False)
    assert killed and outcome.summary["lost"] == 0 and outcome.summary["complete"]
    assert outcome.summary["checked"] == 48 and len({r["site"] for r in outcome.records}) == 48
    assert outcome.summary["failed"] == 0, [r["detail"] for r in outcome.records if not r["passed"]]
    # The summary says what happened to the cluster (issue 24): one worker died (the
    # nanny started another in its place, a new process), and "workers" counts the worker
    # processes whose results were used, not the cluster's size at the start.
    assert outcome.summary["workers_lost"] == 1
    assert 1 <= outcome.summary["workers"] <= 3
    from ptodbg.campaign.report import table

    assert "  1 worker was lost during the campaign (the scheduler ran its tasks again elsewhere)" in \
        table(outcome.summary, outcome.records, "")


def test_each_worker_opens_the_program_once_for_all_its_batches(scheduler):
    """One program load per worker: 64 sites of 02_algorithms.static go out in 16 batches;
    each worker opens the program (its fault-free run with snapshots) on its first batch
    and checks every later batch on that opening.  The verdicts are those of one
    SiteChecker checking the same sites in this process."""
    from support.paths import PROGRAMS

    from ptodbg.campaign.spec import snapshot_interval
    from ptodbg.debug.faults.check import SiteChecker
    from ptodbg.debug.faults.sites import list_sites

    program, linux = PROGRAMS / "02_algorithms.static", {"profile": "linux", "compat": "linx-v0.4"}
    outcome = run_campaign(Config(str(program), **linux, sample=64, seed=1, workers=2, scheduler=scheduler),
                           progress=False)
    s = outcome.summary
    assert (s["checked"], s["failed"], outcome.batches) == (64, 0, 16), s
    assert len(outcome.loads) == s["workers"] >= 1, outcome.loads
    assert [opened for opened, _ in outcome.loads.values()] == [1] * s["workers"], outcome.loads
    assert sum(batches for _, batches in outcome.loads.values()) == 16, outcome.loads

    listed = list_sites(open_debugger(program, **linux), "data")
    checker = SiteChecker(str(program), **linux, interval=snapshot_interval(listed.steps))
    for rec in outcome.records:
        v = checker.check(listed.sites[rec["site"]])
        assert (rec["precise"], rec["recovered"], rec["passed"], rec["exception"], rec["detail"]) == \
            (v.precise, v.recovered, v.passed, v.exception, v.detail), rec["site"]
