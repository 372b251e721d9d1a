"""Fault-injection campaigns at scale (issue 16 item 6), run by hand:

    .venv/bin/python benchmarks/bench_campaign.py [--repeat N] [--skip-containers]

1. Sites per second on 1 and on 2 local Dask workers (the full data-fault campaign of
   02_algorithms.static, linux profile, linx-v0.4) and their ratio (target >= 1.7x on a
   2-core machine).  The rate counts the checking phase (first task submitted to last
   result; the cluster's start is not in it, each worker's first opening of the program
   is); with --repeat N the runs alternate between 1 and 2 workers and the best of each
   is kept, since other work on the machine only ever slows a run down.
2. The full campaign of 02_algorithms.static with --faults all on 2 workers, and a
   500-site sample (seed 0) of 01_containers.static: sites, passing (documented
   exceptions counted apart), failing, seconds.

The load average before and after each measurement is printed: on a shared machine the
ratio means little unless both runs had the cores to themselves.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROGRAMS = ROOT.parent / "shared" / "pto" / "programs"
sys.path.insert(0, str(ROOT))

from ptodbg.campaign.runner import run_campaign  # noqa: E402
from ptodbg.campaign.spec import Config  # noqa: E402

LINUX = {"profile": "linux", "compat": "linx-v0.4"}


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


def campaign(program: str, workers: int, **options) -> dict:
    outcome = run_campaign(Config(str(PROGRAMS / program), workers=workers, **LINUX, **options), progress=False)
    s = dict(outcome.summary)
    s["passing"] = s["checked"] - s["failed"]
    return s


def line(title: str, s: dict) -> str:
    return (f"{title:<44} {s['sites']:>6} sites  {s['passing']:>6} passing ({s['exceptions']} documented "
            f"exceptions)  {s['failed']:>4} failing  {s['seconds']:>7.1f} s  "
            f"{s['sites_per_second'] or 0:>7.1f} sites/s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="rate runs per worker count (best kept)")
    parser.add_argument("--skip-containers", action="store_true", help="leave out the 01_containers sample")
    args = parser.parse_args()
    if not 1 <= args.repeat <= 20:
        parser.error("--repeat must be 1..20")
    print(f"cpus {os.cpu_count()}  {load()}")

    rates = {1: 0.0, 2: 0.0}
    for _ in range(args.repeat):  # interleaved, so a burst of load elsewhere hits both
        for workers in (1, 2):
            before = load()
            s = campaign("02_algorithms.static", workers)
            print(line(f"02_algorithms data faults, {workers} worker{'s' if workers > 1 else ''}", s)
                  + f"   [{before} -> {load()}]")
            rates[workers] = max(rates[workers], s["sites_per_second"])
    ratio = rates[2] / rates[1]
    print(f"sites per second: 1 worker {rates[1]:.1f}, 2 workers {rates[2]:.1f}: ratio {ratio:.2f}x "
          f"(target >= 1.70x) {'ok' if ratio >= 1.7 else 'BELOW TARGET'}")

    s = campaign("02_algorithms.static", 2, faults="all")
    print(line("02_algorithms full campaign, --faults all", s) + f"   [{load()}]")
    if not args.skip_containers:
        s = campaign("01_containers.static", 2, sample=500, seed=0)
        print(line("01_containers 500-site sample (seed 0)", s) + f"   [{load()}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
