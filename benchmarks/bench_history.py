"""Reverse-execution costs: recording overhead, reverse-step, goto, reverse-continue, last, memory.

For each program size (``--sizes``, default 1M,10M,50M attempts) one assembled loop with
memory traffic runs in the debug profile, about 14 attempts per iteration::

            sdi  a1, [a4, 0]           ; step 5: the only write of `cell` (and a4, s1 are
                                       ; never written again): what ``last`` looks for
    marker: addi zero, 0, ->a0         ; reached once, at step 5: the far-back breakpoint
    loop:   addi a0, 1, ->a0
            slli a0, 51, ->a2          ; a2 = (a0 mod 8192) * 8: walks a 64 KiB buffer
            srli a2, 48, ->a2
            add  s0, a2, ->a3
            ldi  [a3, 0], ->a5         ; load, add, store back: a new dirty page every
            add  a5, a0, ->a5          ; 512 iterations
            sdi  a5, [a3, 0]
            andi a0, 63, ->a6
            bstart.std cond, nodma     ; every 64th iteration: a 64-byte DMA of the line
            setc.ne a6, zero           ; just written into a second buffer
            bstop
            andi a3, -64, ->a7
            dma  [a7], s1
    nodma:  bstart.std cond, loop      ; the back-edge: TAKEN while a0 < iterations
            setc.ltu a0, a1
            bstop
    end:    c.bstart.sys; c.ebreak 0

Printed per size (targets from the issue 'Debugger engine'):

* recording: ``Debugger.cont()`` with the default history against ``Machine.run`` of
  the same program with no debugger (target <= 1.3x);
* ``reverse_step`` latency, median and worst, at three depths: the last steps, the middle,
  the first steps (target <= 20 ms at any depth);
* ``goto`` to random steps, split into backward and forward jumps (target <= 200 ms);
* ``reverse_continue`` from the end to a breakpoint hit once at the start: steps scanned
  per second;
* ``last`` (issue 12 item 4) of the bytes of ``cell`` and of ``s1``, written once at the
  start, asked about 1 M and 10 M steps later (target <= 200 ms, median), and of a recent
  write (``a0``, the loop's ``buf`` line), through the command language;
* history memory per million steps (``history_usage()["bytes"]``), snapshots kept and
  thinned, and the last-writer index's bytes per million steps (the interval summaries,
  ``History.index_bytes``) against it.

Run: ``python benchmarks/bench_history.py [--sizes 1M,10M] [--profile] [--interval N]
[--budget 8M]``; ``--profile`` prints the top cProfile entries of the slowest operation of
each kind that missed its target; a small ``--budget`` shows the cost of thinning.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ptodbg.core import DEBUG, Machine, loader  # noqa: E402
from ptodbg.debug.commands import Commands  # noqa: E402
from ptodbg.debug.engine.debugger import Debugger  # noqa: E402
from ptodbg.debug.engine.symbols import Symbols
from ptodbg.isa.asm import assemble  # noqa: E402
from ptodbg.isa.elf import parse_program  # noqa: E402

PER_ITERATION = 14  # attempts of one loop iteration without the DMA
MARKER_STEP = 5  # the step count at which TPC reaches the marker (executed once)
CELL_STEP = 5  # the step count after the only store to `cell`
DMA_EVERY = 64

SOURCE = """
    .text
    .globl _start
_start:
    hl.liu buf, ->s0
    hl.liu copy, ->s1
    hl.liu {iterations}, ->a1
    hl.liu cell, ->a4
    sdi a1, [a4, 0]
marker:
    addi zero, 0, ->a0
loop:
    addi a0, 1, ->a0
    slli a0, 51, ->a2
    srli a2, 48, ->a2
    add s0, a2, ->a3
    ldi [a3, 0], ->a5
    add a5, a0, ->a5
    sdi a5, [a3, 0]
    andi a0, {dma_mask}, ->a6
    bstart.std cond, nodma
    setc.ne a6, zero
    bstop
    andi a3, -64, ->a7
    dma [a7], s1
nodma:
    bstart.std cond, loop
    setc.ltu a0, a1
    bstop
end:
    c.bstart.sys
    c.ebreak 0

    .data
    .balign 4096
cell:
    .dword 0

    .bss
    .balign 4096
buf:
    .zero 65536
copy:
    .zero 4096
"""


def parse_size(text: str) -> int:
    text = text.strip().upper()
    scale = {"K": 1_000, "M": 1_000_000, "G": 1_000_000_000}.get(text[-1:], 1)
    return int(float(text[:-1] if text[-1:] in "KMG" else text) * scale)


def program_for(steps: int):
    """The loop program sized to about ``steps`` attempts, and its symbols."""
    per = PER_ITERATION  # every 64th iteration the DMA path adds 2 more
    iterations = max(1, steps // per)
    text = SOURCE.format(iterations=iterations, dma_mask=DMA_EVERY - 1)
    return parse_program(assemble(text, "<bench>"), "<bench>")


def fresh_machine(prog) -> Machine:
    m = Machine(DEBUG)
    loader.load(m, prog)
    return m


def fresh_debugger(prog, **options) -> Debugger:
    symbols = {s.name: s.value for s in prog.symbols if s.name}
    return Debugger(fresh_machine(prog), Symbols(symbols, {}), **options)


def timed(fn: Callable[[], object]) -> float:
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


def profile_of(fn: Callable[[], object], top: int = 14) -> str:
    prof = cProfile.Profile()
    prof.enable()
    fn()
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(top)
    return out.getvalue()


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:9.1f} ms"


def verdict(value: float, target: float) -> str:
    return "ok" if value <= target else f"MISSED by {value / target:.1f}x"


class Report:
    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str]] = []
        self.profiles: list[tuple[str, str]] = []

    def row(self, what: str, value: str, note: str = "") -> None:
        self.rows.append((what, value, note))
        print(f"  {what:<44} {value:>16}  {note}", flush=True)


def bench(size: int, rng: random.Random, want_profile: bool, options: dict) -> Report:
    rep = Report()
    prog = program_for(size)
    print(f"\n== program of about {size:,} steps", flush=True)

    # ---- recording overhead
    m = fresh_machine(prog)
    plain = timed(lambda: m.run(10 * size + 1000))
    total = m.steps
    assert m.pending_trap is not None, "the loop did not reach its EBREAK"
    d = fresh_debugger(prog, **options)
    recorded = timed(d.cont)
    assert d.steps == total, (d.steps, total)
    ratio = recorded / plain
    rep.row("steps", f"{total:,}")
    rep.row("Machine.run, no history", f"{plain:8.2f} s", f"{total / plain / 1e6:.2f} M steps/s")
    rep.row("Debugger.cont, history on", f"{recorded:8.2f} s", f"{total / recorded / 1e6:.2f} M steps/s")
    rep.row("recording overhead", f"{ratio:8.2f} x", verdict(ratio, 1.3) + " (target <= 1.3x)")
    usage = d.history_usage()
    per_m = usage["bytes"] / (total / 1e6)
    rep.row("history memory", f"{usage['bytes'] / 2**20:8.1f} MiB",
            f"{per_m / 2**20:.2f} MiB per million steps; {usage['snapshots']} snapshots, "
            f"{usage['thinned']} thinned, budget {usage['budget'] / 2**20:.0f} MiB")
    index = d.history.index_bytes()
    rep.row("last-writer index (interval summaries)", f"{index / 2**10:8.1f} KiB",
            f"{index / (total / 1e6) / 2**10:.1f} KiB per million steps = {index / max(1, usage['bytes']):.2%} "
            f"of the history's bytes, {index / usage['budget']:.3%} of its budget")
    if want_profile and ratio > 1.3:
        d2 = fresh_debugger(prog, **options)
        rep.profiles.append(("Debugger.cont", profile_of(d2.cont)))

    # ---- last: writes far back (the cell and s1 at the start) and recent ones
    commands = Commands(d)
    for depth in (1_000_000, 10_000_000):
        if CELL_STEP + depth > total:
            rep.row(f"last, {depth / 1e6:g} M steps back: median / worst", "-", "the program is shorter")
            continue
        times = []
        for k in range(7):
            at = min(total, CELL_STEP + depth + k * 977)
            d.goto(at)
            for line, step in (("last cell", CELL_STEP), ("last s1", 2)):
                t0 = time.perf_counter()
                result = commands.execute(line)
                times.append(time.perf_counter() - t0)
                assert result.ok and result.extra["last"]["step"] == step, (line, result)
        rep.row(f"last, {depth / 1e6:g} M steps back: median / worst",
                f"{statistics.median(times) * 1e3:.1f} / {max(times) * 1e3:.1f} ms",
                verdict(statistics.median(times), 0.200) + " (target <= 200 ms, median)")
    recent = []
    for _ in range(10):
        d.goto(rng.randrange(total // 2, total))
        for line in ("last a0", "last buf"):
            t0 = time.perf_counter()
            result = commands.execute(line)
            recent.append(time.perf_counter() - t0)
            assert result.ok and result.extra["last"] is not None, (line, result)
    rep.row("last of a recent write (a0, buf): median / worst",
            f"{statistics.median(recent) * 1e3:.1f} / {max(recent) * 1e3:.1f} ms")

    # ---- reverse_step at three depths
    worst_rs = (0.0, None)
    for name, start in (("end", total), ("middle", total // 2), ("start", min(total, 50))):
        d.goto(start)
        times = []
        for _ in range(25 if start > 25 else max(1, start - 1)):
            if d.steps == 0:
                break
            here = d.steps
            times.append(timed(d.reverse_step))
            if times[-1] > worst_rs[0]:
                worst_rs = (times[-1], here)
        # and 15 single reverse steps from random places in the same region
        lo, hi = {"end": (total * 9 // 10, total), "middle": (total * 4 // 10, total * 6 // 10),
                  "start": (1, max(2, total // 10))}[name]
        for _ in range(15):
            at = rng.randrange(max(1, lo), max(2, hi))
            d.goto(at)
            times.append(timed(d.reverse_step))
            if times[-1] > worst_rs[0]:
                worst_rs = (times[-1], at)
        worst = max(times)
        rep.row(f"reverse_step near the {name}: median / worst",
                f"{statistics.median(times) * 1e3:.2f} / {worst * 1e3:.2f} ms", verdict(worst, 0.020))
    if want_profile and worst_rs[0] > 0.020 and worst_rs[1]:
        at = worst_rs[1]
        d.goto(at)
        rep.profiles.append((f"reverse_step from {at}", profile_of(d.reverse_step)))

    # ---- goto to random steps
    back, fwd = [], []
    slowest = (0.0, 0, 0)
    for _ in range(20):
        target = rng.randrange(0, total + 1)
        here = d.steps
        t = timed(lambda target=target: d.goto(target))
        assert d.steps == target
        (back if target < here else fwd).append(t)
        if t > slowest[0]:
            slowest = (t, here, target)
    for name, times in (("backward", back), ("forward", fwd)):
        if times:
            rep.row(f"goto {name} ({len(times)}): median / worst",
                    f"{statistics.median(times) * 1e3:.1f} / {max(times) * 1e3:.1f} ms", verdict(max(times), 0.200))
    if want_profile and slowest[0] > 0.200:
        t, here, target = slowest
        d.goto(here)
        rep.profiles.append((f"goto {here} -> {target}", profile_of(lambda: d.goto(target))))

    # ---- reverse_continue from the end back to the marker (hit once, at step 5)
    marker = prog.symbol("marker").value
    d.goto(total)
    bp = d.add_breakpoint(f"{marker:#x}")
    t = timed(d.reverse_continue)
    assert d.machine.pc == marker and d.steps == MARKER_STEP, (hex(d.machine.pc), d.steps)
    rep.row(f"reverse_continue to a hit at step {MARKER_STEP}", f"{t:8.2f} s", f"{total / t / 1e6:.2f} M steps scanned/s")
    d.delete(bp.ident)
    return rep


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1M,10M,50M", help="comma-separated step counts (K/M suffixes)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="store_true", help="cProfile the operations that miss a target")
    ap.add_argument("--interval", type=int, default=4096, help="steps between snapshots (engine default 4096)")
    ap.add_argument("--budget", default="256M", help="history budget in bytes, K/M suffixes = KiB/MiB (default 256M)")
    args = ap.parse_args()
    sizes = [parse_size(s) for s in args.sizes.split(",") if s.strip()]
    budget = args.budget.strip().upper()
    budget_bytes = int(budget[:-1]) << {"K": 10, "M": 20, "G": 30}[budget[-1]] if budget[-1:] in "KMG" else int(budget)
    options = {"interval": args.interval, "budget_bytes": budget_bytes}
    print(f"CPython {sys.version.split()[0]}; history interval {args.interval} steps, "
          f"budget {budget_bytes / 2**20:g} MiB")
    reports = []
    for size in sizes:
        reports.append((size, bench(size, random.Random(args.seed), args.profile, options)))
    print("\n== summary")
    names = [r[0] for r in reports[0][1].rows]
    print(f"  {'':<44}" + "".join(f"{f'{s:,} steps':>22}" for s, _ in reports))
    for i, name in enumerate(names):
        print(f"  {name:<44}" + "".join(f"{rep.rows[i][1]:>22}" for _, rep in reports))
    for size, rep in reports:
        for what, text in rep.profiles:
            print(f"\n== profile ({size:,} steps): {what}\n{text}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
