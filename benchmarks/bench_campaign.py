"""Fault-injection campaigns at scale (issues 16 and 27), run by hand:

    .venv/bin/python benchmarks/bench_campaign.py [--rounds N] [--skip-full]

Every comparison is measured in *interleaved rounds* (each round runs every contender
once, so a burst of load elsewhere hits them all) and reported as the minimum and the
median over the rounds; ratios compare minima (medians in brackets).  The load average
is printed with each row: on a shared machine the figures mean little unless it is low.

1. A small campaign: the 3 sites of ``tests/programs/dma_fault.s --faults all`` as
   ``ptodbg campaign --workers 2 --json`` runs them (a new process that starts its own
   LocalCluster), against the same checks done serially in one new process (open, list,
   one SiteChecker).  Wall time of each process, and the CPU time of it and everything
   it started.  Target: the campaign <= 3x the serial check.
2. Sites per second of the full data-fault campaign of ``02_algorithms.static`` (1,087
   sites, linux profile, linx-v0.4): in this process (one SiteChecker, checking only),
   on 1 and on 2 warm local Dask workers (a LocalCluster warmed by a small campaign, the
   measured one reaching it through ``--scheduler``; the rate is the summary's, from the
   first task submitted to the last result).  Targets: 2 workers >= 1.7x 1 worker, 1
   worker >= 0.8x in-process.  A control measures what the machine gives right now
   without Dask: the same checks in 1 process, then split over 2 forked processes - the
   2-worker ratio can only be as good as the control's.
3. The same campaign cold, in a new process that starts its own cluster (as ``ptodbg
   campaign`` does), on 2 workers: as the command runs it (sites checked in-process
   while the cluster starts, the rest handed over) against the runner's
   ``in_process=False`` (every site waits for the cluster), interleaved - the
   in-process start must not make a large campaign slower.  Wall time of each process,
   and where its sites were checked.
4. The same campaign cold on 1 and 2 workers (one run each, in this process); the full
   campaign with ``--faults all`` and a 500-site sample of ``01_containers.static``
   (leave them out with --skip-full).
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROGRAMS = ROOT.parent / "shared" / "pto" / "programs"
sys.path.insert(0, str(ROOT))

from ptodbg.campaign.runner import run_campaign  # noqa: E402
from ptodbg.campaign.spec import Config, snapshot_interval  # noqa: E402
from ptodbg.debug.faults.check import SiteChecker  # noqa: E402
from ptodbg.debug.faults.sites import list_sites  # noqa: E402
from ptodbg.debug.files.program import open_debugger  # noqa: E402

LINUX = {"profile": "linux", "compat": "linx-v0.4"}
RATE_PROGRAM = "02_algorithms.static"
SMALL = ROOT / "tests" / "programs" / "dma_fault.s"
SERIAL = """
import sys
from ptodbg.campaign.spec import snapshot_interval
from ptodbg.debug.faults.check import SiteChecker
from ptodbg.debug.faults.sites import list_sites
from ptodbg.debug.files.program import open_debugger
path = sys.argv[1]
listing = list_sites(open_debugger(path), "all")
checker = SiteChecker(path, interval=snapshot_interval(listing.steps))
assert all(checker.check(site).passed for site in listing.sites)
"""
COLD = """
import json, sys
from ptodbg.campaign.runner import run_campaign
from ptodbg.campaign.spec import Config
config = Config(sys.argv[1], profile="linux", compat="linx-v0.4", workers=int(sys.argv[2]),
                in_process=sys.argv[3] == "1")
print(json.dumps(run_campaign(config, progress=False).summary))
"""


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


def spread(values: list[float]) -> str:
    return f"{min(values):.3f} / {statistics.median(values):.3f}"


def ratio(a: list[float], b: list[float]) -> str:
    return f"{min(a) / min(b):.2f}x ({statistics.median(a) / statistics.median(b):.2f}x)"


def timed_process(argv: list[str]) -> tuple[float, float]:
    """(wall, CPU) seconds of a process and all it started (its children are reaped by it)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def small_campaign(rounds: int) -> None:
    campaign = [str(ROOT / ".venv" / "bin" / "ptodbg"), "campaign", str(SMALL), "--faults", "all",
                "--workers", "2", "--json"]
    serial = [sys.executable, "-c", SERIAL, str(SMALL)]
    walls: dict[str, list[float]] = {"campaign": [], "serial": []}
    cpus: dict[str, list[float]] = {"campaign": [], "serial": []}
    before = load()
    for _ in range(rounds):
        for name, argv in (("serial", serial), ("campaign", campaign)):
            wall, cpu = timed_process(argv)
            walls[name].append(wall)
            cpus[name].append(cpu)
    print(f"(1) {SMALL.name} --faults all, 3 sites, {rounds} rounds, min / median s   [{before} -> {load()}]")
    print(f"    serial check, one process     wall {spread(walls['serial'])}   CPU {spread(cpus['serial'])}")
    print(f"    ptodbg campaign --workers 2   wall {spread(walls['campaign'])}   CPU {spread(cpus['campaign'])}")
    r = min(walls["campaign"]) / min(walls["serial"])
    print(f"    campaign / serial: wall {ratio(walls['campaign'], walls['serial'])}, CPU "
          f"{ratio(cpus['campaign'], cpus['serial'])}   (target <= 3x) {'ok' if r <= 3 else 'ABOVE TARGET'}")


def cold(program: str, workers: int, rounds: int) -> None:
    """A cold campaign in a new process: in-process start and handover against waiting for the cluster."""
    import json

    runs: dict[str, list[float]] = {"in-process start": [], "wait for the cluster": []}
    where: dict[str, str] = {}
    before = load()
    for _ in range(rounds):
        for name, flag in (("in-process start", "1"), ("wait for the cluster", "0")):
            started = time.perf_counter()
            done = subprocess.run([sys.executable, "-c", COLD, str(PROGRAMS / program), str(workers), flag],
                                  check=True, capture_output=True, text=True, cwd=ROOT)
            runs[name].append(time.perf_counter() - started)
            s = json.loads(done.stdout.splitlines()[-1])
            assert s["failed"] == 0 and s["checked"] == s["sites"], s
            where[name] = f"{s['checked_in_process']} in-process, {s['checked'] - s['checked_in_process']} on " \
                          f"{s['workers']} workers"
    print(f"(3) {program} data faults cold, {workers} workers, {rounds} rounds, wall min / median s   "
          f"[{before} -> {load()}]")
    for name, values in runs.items():
        print(f"    {name:<22} {spread(values)}   (last run: {where[name]})")
    r = min(runs["in-process start"]) / min(runs["wait for the cluster"])
    print(f"    in-process start / wait: {ratio(runs['in-process start'], runs['wait for the cluster'])}   "
          f"(must not be slower) {'ok' if r <= 1.05 else 'SLOWER'}")


def campaign(program: str, workers: int, **options) -> dict:
    outcome = run_campaign(Config(str(PROGRAMS / program), workers=workers, **LINUX, **options), progress=False)
    s = dict(outcome.summary)
    s["passing"] = s["checked"] - s["failed"]
    return s


def line(title: str, s: dict) -> str:
    return (f"{title:<46} {s['sites']:>6} sites  {s['passing']:>6} passing ({s['exceptions']} documented "
            f"exceptions)  {s['failed']:>4} failing  {s['seconds']:>7.1f} s  "
            f"{s['sites_per_second'] or 0:>7.1f} sites/s")


def in_process_rate(program: str) -> float:
    """Sites per second of checking every data site with one SiteChecker in this process
    (the program opened and its sites listed first, not counted)."""
    path = str(PROGRAMS / program)
    listing = list_sites(open_debugger(path, **LINUX), "data")
    checker = SiteChecker(path, **LINUX, interval=snapshot_interval(listing.steps))
    started = time.perf_counter()
    for site in listing.sites:
        checker.check(site)
    return len(listing.sites) / (time.perf_counter() - started)


def _check_part(job: tuple[str, int, int]) -> float:
    """Seconds to check every ``parts``-th site from ``part`` (the program opened first)."""
    program, part, parts = job
    path = str(PROGRAMS / program)
    listing = list_sites(open_debugger(path, **LINUX), "data")
    checker = SiteChecker(path, **LINUX, interval=snapshot_interval(listing.steps))
    started = time.perf_counter()
    for site in listing.sites[part::parts]:
        checker.check(site)
    return time.perf_counter() - started


def control(program: str) -> float:
    """The machine's own 1 -> 2 process speed-up for this work, now (no Dask)."""
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(1) as pool:
        one = pool.map(_check_part, [(program, 0, 1)])[0]
    with ctx.Pool(2) as pool:
        two = max(pool.map(_check_part, [(program, 0, 2), (program, 1, 2)]))
    print(f"    control without Dask: all sites in 1 process {one:.2f} s, split over 2 processes {two:.2f} s: "
          f"{one / two:.2f}x   [{load()}]")
    return one / two


def rates(program: str, rounds: int) -> None:
    """In-process, 1 warm worker and 2 warm workers, interleaved."""
    from distributed import LocalCluster

    quiet = {"threads_per_worker": 1, "processes": True, "dashboard_address": "127.0.0.1:0",
             "silence_logs": logging.CRITICAL}
    seen: dict[str, list[float]] = {"in-process": [], "1 worker": [], "2 workers": []}
    before = load()
    with LocalCluster(n_workers=1, **quiet) as one, LocalCluster(n_workers=2, **quiet) as two:
        clusters = {"1 worker": (1, one.scheduler_address), "2 workers": (2, two.scheduler_address)}
        for workers, address in clusters.values():  # every worker imports ptodbg before the rounds
            campaign(program, workers, scheduler=address, sample=16 * workers, seed=99)
        for _ in range(rounds):
            seen["in-process"].append(in_process_rate(program))
            for name, (workers, address) in clusters.items():
                s = campaign(program, workers, scheduler=address)
                assert s["failed"] == 0 and s["checked"] == s["sites"], s
                seen[name].append(s["sites_per_second"])
    print(f"(2) {program} data faults, {rounds} rounds, sites/s max / median   [{before} -> {load()}]")
    for name, values in seen.items():
        print(f"    {name:<12} {max(values):7.1f} / {statistics.median(values):7.1f}")

    def r(a: str, b: str) -> tuple[float, str]:
        best = max(seen[a]) / max(seen[b])
        return best, f"{best:.2f}x ({statistics.median(seen[a]) / statistics.median(seen[b]):.2f}x)"

    scale, scale_text = r("2 workers", "1 worker")
    own, own_text = r("1 worker", "in-process")
    print(f"    2 workers / 1 worker {scale_text} (target >= 1.7x) {'ok' if scale >= 1.7 else 'BELOW TARGET'}")
    print(f"    1 worker / in-process {own_text} (target >= 0.8x) {'ok' if own >= 0.8 else 'BELOW TARGET'}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds per comparison (1..20)")
    parser.add_argument("--skip-full", action="store_true", help="leave out the cold and full campaigns (4)")
    parser.add_argument("--only", choices=("small", "rates", "cold"), help="run only comparison (1), (2) or (3)")
    args = parser.parse_args()
    if not 1 <= args.rounds <= 20:
        parser.error("--rounds must be 1..20")
    print(f"cpus {os.cpu_count()}  {load()}")
    if args.only in (None, "small"):
        small_campaign(args.rounds)
    if args.only in (None, "rates"):
        control(RATE_PROGRAM)
        rates(RATE_PROGRAM, args.rounds)
        control(RATE_PROGRAM)
    if args.only in (None, "cold"):
        cold(RATE_PROGRAM, 2, args.rounds)
    if args.only is not None or args.skip_full:
        return 0
    for workers in (1, 2):
        s = campaign(RATE_PROGRAM, workers)
        print(line(f"(4) {RATE_PROGRAM} data faults, {workers} cold worker{'s' if workers > 1 else ''}", s)
              + f"   [{load()}]")
    s = campaign(RATE_PROGRAM, 2, faults="all")
    print(line(f"(4) {RATE_PROGRAM} full campaign, --faults all", s) + f"   [{load()}]")
    s = campaign("01_containers.static", 2, sample=500, seed=0)
    print(line("(4) 01_containers.static 500-site sample (seed 0)", s) + f"   [{load()}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
