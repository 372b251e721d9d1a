"""TUI responsiveness benchmark (not part of the test run).

Drives the app headless with Pilot, at 80x24 and at 160x50 (every pane visible), and
prints for each size:

* step latency: from posting one step key to the end of the repaint that shows its stop
  (the app's after-refresh callback), median and 95th percentile over N steps of a loop
  that runs a DMA every third instruction (targets: median <= 20 ms, p95 <= 35 ms), and
  the CPU time the UI thread spent per step (the figure to compare on a machine other
  work is loading: the wall time when nothing else runs);
* a burst: 5 step keys posted at once must give 5 steps;
* a held key: step keys posted at a terminal's repeat rate for a while; every press must
  be a step (taken, not dropped), at >= 30 steps per second of holding, and the screen
  must settle <= 60 ms after the last repeat;
* the open time of ``/work/shared/pto/programs/01_containers.static`` (9,844 symbols) from
  nothing to the first complete screen (target <= 0.3 s), with the debugger's own open
  for comparison.

Run: ``.venv/bin/python benchmarks/bench_tui.py [--steps N] [--size 80x24 ...]``
"""

# ruff: noqa: I001  (ptodbg.tui is imported before Textual, as the ptodbg command does)
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

import ptodbg.tui  # noqa: E402,F401  (first: it sets Textual's frame rate, read when Textual loads)
from ptodbg.debug.files.program import open_debugger  # noqa: E402
from ptodbg.tui.app import PtodbgApp, open_app  # noqa: E402
from textual import events  # noqa: E402

SIZES = ((80, 24), (160, 50))
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


def _settled(app: PtodbgApp) -> bool:
    return not app.in_flight and not len(app.presses) and not app.busy and app.view.steps == app.dbg.steps


def _key(app: PtodbgApp) -> None:
    app._driver.send_message(events.Key("s", "s"))


async def step_latency(path: str, count: int, size: tuple[int, int]) -> tuple[list[float], list[float]]:
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
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for i in range(count):
            done.clear()
            start, cpu = time.perf_counter(), time.thread_time()
            _key(app)
            await asyncio.wait_for(done.wait(), 30)
            walls.append(landed[i][0] - start)
            cpus.append(landed[i][1] - cpu)
        assert app.dbg.steps == count, (app.dbg.steps, count)
    return walls, cpus


async def burst(path: str, presses: int, size: tuple[int, int]) -> tuple[int, int]:
    """``presses`` step keys posted at once: (steps taken, presses dropped)."""
    app = open_app(path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(presses):
            _key(app)
        await _until(lambda: app.dbg.steps + app.dropped >= presses and _settled(app))
        return app.dbg.steps, app.dropped


async def held_key(path: str, rate: float, seconds: float, size: tuple[int, int]) -> tuple[int, int, int, float, float]:
    """Step keys posted at ``rate`` per second for ``seconds`` (a held key's repeats):
    (presses, steps taken, dropped, steps per second of holding, ms from the last repeat
    until the screen showed the last stop)."""
    app = open_app(path)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        presses = int(rate * seconds)
        start = time.perf_counter()
        for i in range(presses):
            due = start + i / rate
            while time.perf_counter() < due:
                await asyncio.sleep(0.0005)
            _key(app)
        released = time.perf_counter()
        await _until(lambda: app.dbg.steps + app.dropped >= presses and _settled(app))
        settled = time.perf_counter()
        held = released - start
        return presses, app.dbg.steps, app.dropped, app.dbg.steps / held, (settled - released) * 1000


async def open_time(path: Path) -> tuple[float, float, int, int]:
    """Wall and CPU seconds from nothing to the first complete screen."""
    start, cpu = time.perf_counter(), time.process_time()
    app: PtodbgApp = open_app(str(path), compat="linx-v0.4")
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        elapsed, cpu_used = time.perf_counter() - start, time.process_time() - cpu
        return elapsed, cpu_used, len(app.dbg.loaded.symbol_list()), len(app.dbg.symbols.by_name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=200, help="steps to time (default 200)")
    parser.add_argument("--size", action="append", help="WxH (default: 80x24 and 160x50)")
    parser.add_argument("--rate", type=float, default=40.0, help="key repeats per second when held (default 40)")
    parser.add_argument("--hold", type=float, default=2.0, help="seconds the key is held (default 2)")
    parser.add_argument("--opens", type=int, default=3, help="times to open 01_containers (best kept)")
    args = parser.parse_args()
    sizes = [tuple(int(v) for v in s.lower().split("x")) for s in args.size] if args.size else list(SIZES)
    with tempfile.TemporaryDirectory() as tmp:
        loop = Path(tmp) / "dma_loop.s"
        loop.write_text(LOOP)
        for size in sizes:
            label = f"{size[0]}x{size[1]}"
            walls, cpus = asyncio.run(step_latency(str(loop), args.steps, size))
            ms = [t * 1000 for t in walls]
            cpu_ms = [t * 1000 for t in cpus]
            print(f"[{label}] step key -> repaint ({args.steps} steps): median {statistics.median(ms):.1f} ms, "
                  f"p95 {_percentile(ms, 0.95):.1f} ms, max {max(ms):.1f} ms (targets: median <= 20, p95 <= 35)")
            print(f"[{label}]   UI-thread CPU per step: median {statistics.median(cpu_ms):.1f} ms, "
                  f"p95 {_percentile(cpu_ms, 0.95):.1f} ms (the wall time when nothing else runs)")
            steps, dropped = asyncio.run(burst(str(loop), 5, size))
            print(f"[{label}] 5 presses posted at once: {steps} steps, {dropped} dropped (target: 5 steps)")
            presses, steps, dropped, per_second, settle = asyncio.run(held_key(str(loop), args.rate, args.hold, size))
            print(f"[{label}] key held {args.hold:.1f} s at {args.rate:.0f} repeats/s: {presses} presses, {steps} steps, "
                  f"{dropped} dropped, {per_second:.1f} steps per second held, settled {settle:.0f} ms after release "
                  f"(targets: >= 30 steps/s, settle <= 60 ms)")
    if CONTAINERS.exists():
        start, cpu = time.perf_counter(), time.process_time()
        open_debugger(str(CONTAINERS), compat="linx-v0.4")
        own, own_cpu = time.perf_counter() - start, time.process_time() - cpu
        runs = [asyncio.run(open_time(CONTAINERS)) for _ in range(max(1, args.opens))]
        elapsed, cpu_used, entries, names = min(runs)
        print(f"open {CONTAINERS.name} ({entries} symbols, {names} distinct names) in the TUI: "
              f"{elapsed:.2f} s wall, {cpu_used:.2f} s CPU (best of {len(runs)}; target <= 0.3 s); "
              f"the debugger's own open: {own:.3f} s wall, {own_cpu:.3f} s CPU")
    else:
        print(f"open time: {CONTAINERS} not found")
    return 0


if __name__ == "__main__":
    sys.exit(main())
