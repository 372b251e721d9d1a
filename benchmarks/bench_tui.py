"""TUI responsiveness benchmark (not part of the test run).

Drives the app headless with Pilot at 160x50 with every pane visible and prints:

* step latency: from posting one step key to the end of the repaint that shows its stop
  (the app's after-refresh callback), median and 95th percentile over N steps of a loop
  that runs a DMA every third instruction (target: median <= 30 ms), and the CPU time the
  UI thread spent per step (the figure to compare on a machine other work is loading);
* held key: N step keys posted at once (a held key's repeats): how many ran, how many
  were dropped while a step was still painting, and the time until the screen settled;
* open time of ``/work/shared/pto/programs/01_containers.static`` (9,844 symbols) from
  nothing to the first complete screen (target <= 1.5 s).

Run: ``.venv/bin/python benchmarks/bench_tui.py [--steps N]``
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from textual import events  # noqa: E402

from ptodbg.tui.app import PtodbgApp, open_app  # noqa: E402

SIZE = (160, 50)
CONTAINERS = ROOT.parent / "shared" / "pto" / "programs" / "01_containers.static"

LOOP = """    .text
    .globl _start
_start:
    li a0, src
    li a1, dst
loop:
    dma [a0], a1
    addi a2, 1, ->a2
    j loop
    .data
src:
    .zero 64
dst:
    .zero 64
"""


async def _until(predicate, timeout: float = 30.0) -> None:
    end = time.perf_counter() + timeout
    while not predicate():
        if time.perf_counter() > end:
            raise TimeoutError("the app did not settle")
        await asyncio.sleep(0.0002)


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


async def step_latency(path: str, count: int) -> tuple[list[float], list[float]]:
    """Per step key: the wall time from posting it to the end of its repaint, and the CPU
    time the UI thread spent in between (independent of other load on the machine)."""
    app = open_app(path)
    landed: list[tuple[float, float]] = []
    done = asyncio.Event()
    original = app._landed

    def landed_hook() -> None:
        landed.append((time.perf_counter(), time.thread_time()))
        original()
        done.set()

    app._landed = landed_hook  # type: ignore[method-assign]
    walls, cpus = [], []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for i in range(count):
            done.clear()
            start, cpu = time.perf_counter(), time.thread_time()
            app._driver.send_message(events.Key("s", "s"))
            await asyncio.wait_for(done.wait(), 30)
            walls.append(landed[i][0] - start)
            cpus.append(landed[i][1] - cpu)
        assert app.dbg.steps == count, (app.dbg.steps, count)
    return walls, cpus


async def held_key(path: str, count: int) -> tuple[int, int, float]:
    app = open_app(path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = time.perf_counter()
        for _ in range(count):
            app._driver.send_message(events.Key("s", "s"))
        await _until(lambda: app.dbg.steps + app.dropped == count and not app.in_flight)
        await pilot.pause()
        return app.dbg.steps, app.dropped, time.perf_counter() - start


async def open_time(path: Path) -> tuple[float, int, int]:
    start = time.perf_counter()
    app: PtodbgApp = open_app(str(path), compat="linx-v0.4")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        elapsed = time.perf_counter() - start
        return elapsed, len(app.dbg.loaded.symbol_list()), len(app.dbg.symbols.by_name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200, help="steps to time (default 200)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        loop = Path(tmp) / "dma_loop.s"
        loop.write_text(LOOP)
        walls, cpus = asyncio.run(step_latency(str(loop), args.steps))
        ms = [t * 1000 for t in walls]
        cpu_ms = [t * 1000 for t in cpus]
        print(f"step key -> repaint ({args.steps} steps, 160x50, all panes): "
              f"median {statistics.median(ms):.1f} ms, p95 {_percentile(ms, 0.95):.1f} ms, "
              f"max {max(ms):.1f} ms (target: median <= 30 ms)")
        print(f"  UI-thread CPU per step: median {statistics.median(cpu_ms):.1f} ms, "
              f"p95 {_percentile(cpu_ms, 0.95):.1f} ms (what the wall time is when nothing else runs)")
        ran, dropped, settled = asyncio.run(held_key(str(loop), 60))
        print(f"held step key (60 repeats at once): {ran} ran, {dropped} dropped, "
              f"settled in {settled * 1000:.0f} ms")
    if CONTAINERS.exists():
        elapsed, entries, names = asyncio.run(open_time(CONTAINERS))
        print(f"open {CONTAINERS.name} ({entries} symbols, {names} distinct names): "
              f"{elapsed:.2f} s (target <= 1.5 s)")
    else:
        print(f"open time: {CONTAINERS} not found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
