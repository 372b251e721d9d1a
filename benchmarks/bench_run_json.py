"""``ptodbg run --json``: the cost of the last step's events (issue 10, item 9).

The JSON state holds the memory events of the last instruction attempt (docs/interfaces.md §6).
``run`` executes on the fast path, which records no events, so they come from a replay of
the last attempt.  That replay must start from a recent snapshot, not from step 0: this
benchmark times ``run`` with and without ``--json`` on a loop of loads, stores and DMAs
(``bench_history``'s program) and prints the ratio, which should stay near 1.0; then, in
one process, the run and the JSON state separately, with the engine options ``run`` uses
and with the old ones (a single snapshot at step 0: the state replayed the whole run).

Run by hand: ``python benchmarks/bench_run_json.py [--steps 3M,10M] [--repeat 3]``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_history import DMA_EVERY, SOURCE, parse_size  # noqa: E402

from ptodbg.cli import RUN_ENGINE_OPTIONS, main  # noqa: E402
from ptodbg.debug.files.program import open_debugger  # noqa: E402
from ptodbg.debug.view.capture import capture_view  # noqa: E402
from ptodbg.debug.view.jsonstate import state  # noqa: E402

OLD_OPTIONS = {"interval": 1 << 62}  # before issue 10: no snapshot but the first


def endless_source() -> str:
    """The benchmark loop with a limit it never reaches: runs end at --max-steps."""
    return SOURCE.format(iterations=0x7FFF_FFFF, dma_mask=DMA_EVERY - 1)


def timed_run(path: str, steps: int, json_flag: bool) -> float:
    args = ["run", path, "--max-steps", str(steps)] + (["--json"] if json_flag else [])
    sink = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    start = time.perf_counter()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(io.StringIO()):
        rc = main(args)
    elapsed = time.perf_counter() - start
    assert rc == 0, rc
    return elapsed


def split_times(path: str, steps: int, options: dict) -> tuple[float, float]:
    """Seconds of the run and of its JSON state (the last attempt's events)."""
    dbg = open_debugger(path, **options)
    start = time.perf_counter()
    dbg.cont(steps)
    ran = time.perf_counter()
    state(capture_view(dbg))
    return ran - start, time.perf_counter() - ran


def main_bench() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", default="3M,10M", help="comma-separated step counts (K/M suffixes)")
    parser.add_argument("--repeat", type=int, default=3)
    opts = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "loop.s")
        Path(path).write_text(endless_source())
        for steps in (parse_size(s) for s in opts.steps.split(",")):
            plain = statistics.median(timed_run(path, steps, False) for _ in range(opts.repeat))
            with_json = statistics.median(timed_run(path, steps, True) for _ in range(opts.repeat))
            print(f"{steps:>12,} steps: run {plain:6.2f} s   run --json {with_json:6.2f} s   "
                  f"ratio {with_json / plain:4.2f}")
            for name, options in (("old", OLD_OPTIONS), ("now", RUN_ENGINE_OPTIONS)):
                ran, json_state = split_times(path, steps, options)
                print(f"{'':>19}{name}: run {ran:6.2f} s   JSON state {json_state:6.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main_bench())
