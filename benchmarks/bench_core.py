"""Core speed (issue 15): the emulator against plain Python doing the same work.

Every figure is measured in *interleaved rounds* (each round runs every contender once,
so a neighbour's load on this shared machine hits both sides alike) and reported as the
minimum and the median over the rounds; ratios compare minima (medians in brackets).

Workloads (debug profile, ``Machine.run``, event capture off):

(a) **ALU loop**, 8 instructions per iteration, against a plain Python ``for`` loop doing
    the same arithmetic and memory traffic on a ``bytearray`` through precompiled
    ``struct.Struct`` ``unpack_from`` / ``pack_into`` with registers in locals (the fair
    CPython limit, issue 27; the slice / ``int.from_bytes`` form of issue 15 is a second,
    labelled row without a target)::

        loop: bstart.std cond, loop      ; a COND block whose BSTOP branches back here
              addi a0, 1, ->a0
              ldi  [sp, 0], ->a2
              add  a2, a0, ->a2
              sdi  a2, [sp, 0]
              xori a2, 5, ->a3
              setc.ltu a0, a1            ; TAKEN = a0 < limit
              bstop

    target <= 1.2x the struct form;
(b) **DMA loop**: two 64-byte copies per iteration (target <= 1.2x the plain Python of
    pages as separate bytearrays copied by slice; the one-bytearray ``bytes`` copy form is
    the second row)::

        loop: bstart.std cond, loop
              dma [a4], a5
              dma [a5], a6
              addi a0, 1, ->a0
              setc.ltu a0, a1
              bstop

(c) **store cliff**: loop (a) with its load/store cell in the 4 KiB page that holds the
    code (mapped rwx), against the same loop with the cell on a data page (target within
    1.2x);
(d) **history recording**: ``Debugger.cont`` of loop (a) with the default history
    (a snapshot every 4096 steps) against ``Machine.run`` (target <= 1.15x);
(e) **cold decode + build**: microseconds per instruction to decode and build the handler
    of each of the distinct instructions ``01_containers.static`` executes, on a fresh
    machine (target <= 5 us);
(f) **whole process**: ``ptodbg run 01_containers.static --profile linux --compat
    linx-v0.4`` against ``python -c pass`` (target <= 4x), with bytecode caches written
    (the environment variable PYTHONDONTWRITEBYTECODE is removed for the children, as in an
    installed ptodbg) and the compiled-code cache (:mod:`ptodbg.base.codecache`) in a
    folder of the benchmark's own, filled by the warm-up round as by an installed ptodbg's
    first run; a third contender runs with that cache turned off (what a first run pays
    for compiling its shape code; no target);
(h) **conditional breakpoint**: ``Debugger.cont`` of loop (a) with ``break loop if
    a0 == 500000000`` (never true) against no breakpoint (target <= 1.5x);
(i) **watchpoint**: the same with a write watchpoint on a data address the loop never
    touches (target <= 1.2x);
(j) **reverse-continue** to a conditional breakpoint 1 M steps back (``a0 == 1``) against
    the forward run over the same steps (target <= 2x);
(p) the ALU loop with translation off (``translate_after = None``): the per-instruction
    handlers alone, to compare with the code before block translation (no target);
(g) **history memory**: in a fresh process, the resident-set growth per million recorded
    steps of a loop that dirties a new page every 512 iterations, against the history's own
    account of its bytes (target: within 10 %).

Run: ``python benchmarks/bench_core.py [--rounds N] [--iterations N] [--only a,b,...]``.
``--profile KEY`` prints the top cProfile entries of one workload (a, b, c or d).
"""

from __future__ import annotations

import argparse
import cProfile
import ctypes
import gc
import io
import json
import os
import pstats
import statistics
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

from support.encode import enc, program  # noqa: E402
from support.page_walker import ATTEMPTS_PER_ITERATION, page_walker  # noqa: E402

from ptodbg.core import DEBUG, Machine, R, W, X  # noqa: E402

CODE, DATA = 0x10000, 0x20000
CELL_ON_CODE_PAGE = CODE + 0x800
M64 = (1 << 64) - 1
U64 = struct.Struct("<Q")
# CPU time of this process: what a neighbour's load on the shared cores takes from us is not
# counted (its effect on caches still is; interleaved rounds share that out).
clock = time.process_time
SHARED = Path(os.environ.get("PTODBG_SHARED", ROOT.parent / "shared"))
CONTAINERS = SHARED / "pto" / "programs" / "01_containers.static"
RUN_ARGS = ["--profile", "linux", "--compat", "linx-v0.4"]


# ------------------------------------------------------------------ workloads
def alu_loop() -> bytes:
    return program(
        enc("BSTART.STD", "cond", simm17=0),
        enc("ADDI", RegDst=2, SrcL=2, uimm12=1),
        enc("LDI", RegDst=4, SrcL=1, simm12=0),
        enc("ADD", RegDst=4, SrcL=4, SrcR=2, SrcRType=3, shamt=0),
        enc("SDI", SrcL=4, SrcR=1, simm12=0),
        enc("XORI", RegDst=5, SrcL=4, simm12=5),
        enc("SETC.LTU", SrcL=2, SrcR=3, SrcRType=0),
        enc("BSTOP"),
    )


def dma_loop() -> bytes:
    return program(
        enc("BSTART.STD", "cond", simm17=0),
        enc("DMA", SrcL=6, SrcR=7),
        enc("DMA", SrcL=7, SrcR=8),
        enc("ADDI", RegDst=2, SrcL=2, uimm12=1),
        enc("SETC.LTU", SrcL=2, SrcR=3, SrcRType=0),
        enc("BSTOP"),
    )


def machine(code: bytes, iterations: int, cell_on_code_page: bool = False) -> Machine:
    m = Machine(DEBUG)
    m.mem.map(CODE, 0x1000, R | X | (W if cell_on_code_page else 0), code)
    m.mem.map(DATA, 0x3000, R | W, bytes(range(256)) * 48)
    m.mem.map(0, 0xF000, R | W)
    m.r[1] = CELL_ON_CODE_PAGE if cell_on_code_page else 0xE000
    m.r[3] = iterations
    m.r[6], m.r[7], m.r[8] = DATA, DATA + 0x1000, DATA + 0x2000
    m.pc = CODE
    return m


def emulated(code: bytes, per_iteration: int, iterations: int, cell_on_code_page: bool = False,
             translate: bool = True) -> Callable[[], float]:
    def run() -> float:
        m = machine(code, iterations, cell_on_code_page)
        if not translate:
            m.translate_after = None  # the per-instruction handlers only
        t = clock()
        res = m.run(per_iteration * iterations + 10)
        elapsed = clock() - t
        assert res.reason == "trap", res  # fell off the end of the program
        assert m.r[2] == iterations, "the loop did not run to completion"
        return elapsed

    return run


def recorded(code: bytes, per_iteration: int, iterations: int) -> Callable[[], float]:
    from ptodbg.debug.engine.debugger import Debugger

    def run() -> float:
        d = Debugger(machine(code, iterations))
        t = clock()
        stop = d.cont(per_iteration * iterations + 10)
        elapsed = clock() - t
        assert stop.status == "trap" and d.machine.r[2] == iterations, stop
        assert len(d.history) > iterations * per_iteration // 4096 // 2, "history was not recorded"
        return elapsed

    return run


def debugged(code: bytes, per_iteration: int, iterations: int, *, condition: str | None = None,
             watch: int | None = None) -> Callable[[], float]:
    """``Debugger.cont`` of the loop to its end (history recorded), with a breakpoint at
    the loop whose ``condition`` is never true, or a write watchpoint on the never-touched
    address ``watch``, or neither."""
    from ptodbg.debug.engine.debugger import Debugger

    def run() -> float:
        d = Debugger(machine(code, iterations))
        if condition is not None:
            d.add_breakpoint(f"{CODE:#x}", condition)
        if watch is not None:
            d.add_watchpoint(f"{watch:#x}", 8, "w")
        t = clock()
        stop = d.cont(per_iteration * iterations + 10)
        elapsed = clock() - t
        assert stop.status == "trap" and d.machine.r[2] == iterations, stop
        return elapsed

    return run


def reverse_to_condition(code: bytes, per_iteration: int, iterations: int) -> dict[str, Callable[[], float]]:
    """Two contenders over the same ``iterations`` of the loop: the forward run from a
    breakpoint whose condition held there (``a0 == 1``) to the end, and reverse-continue
    from the end back to it (every interval of history scanned with the guard)."""
    from ptodbg.debug.engine.debugger import Debugger

    state: dict[str, Debugger] = {}

    def forward() -> float:
        d = Debugger(machine(code, iterations))
        d.add_breakpoint(f"{CODE:#x}", "a0 == 1")
        d.cont()  # the first arrival with a0 == 1
        assert d.machine.r[2] == 1
        start = d.machine.steps
        t = clock()
        stop = d.cont(per_iteration * iterations + 10)
        elapsed = clock() - t
        assert stop.status == "trap" and d.machine.steps - start >= per_iteration * (iterations - 1)
        state["d"] = d
        return elapsed

    def reverse() -> float:
        d = state["d"]
        t = clock()
        stop = d.reverse_continue()
        elapsed = clock() - t
        assert stop.status == "breakpoint" and d.machine.r[2] == 1, stop
        return elapsed

    return {"forward run": forward, "reverse-continue": reverse}


def python_alu(iterations: int) -> Callable[[], float]:
    """The fair CPython limit for (a): the same arithmetic and memory traffic per iteration
    (+1, an 8-byte load, an add, an 8-byte store, an xor, a compare) on a ``bytearray``
    read and written with precompiled ``struct.Struct`` ``unpack_from`` / ``pack_into``
    (the primitive the translated code calls), registers in locals, masks as literals:
    the tightest correct Python for a byte-addressed machine doing this job."""

    def run() -> float:
        mem = bytearray(0x1000)
        unpack_from, pack_into = U64.unpack_from, U64.pack_into
        sp = 0xE00
        a0 = a2 = a3 = 0
        t = clock()
        for _ in range(iterations):
            a0 = (a0 + 1) & 0xFFFFFFFFFFFFFFFF
            a2 = unpack_from(mem, sp)[0]
            a2 = (a2 + a0) & 0xFFFFFFFFFFFFFFFF
            pack_into(mem, sp, a2)
            a3 = a2 ^ 5
            if not a0 < iterations:
                break
        elapsed = clock() - t
        assert a0 == iterations and a3 == unpack_from(mem, sp)[0] ^ 5
        return elapsed

    return run


def python_alu_slices(iterations: int) -> Callable[[], float]:
    """(a) as plain Python written naively: each access through slices and
    ``int.from_bytes`` / ``to_bytes`` (two bytes objects per access; the baseline before
    issue 27, kept as a second, labelled row)."""

    def run() -> float:
        mem = bytearray(8)
        a0 = a2 = a3 = 0
        t = clock()
        for _ in range(iterations):
            a0 = (a0 + 1) & M64
            a2 = int.from_bytes(mem[0:8], "little")
            a2 = (a2 + a0) & M64
            mem[0:8] = a2.to_bytes(8, "little")
            a3 = a2 ^ 5
            if not a0 < iterations:
                break
        assert a3 is not None
        return clock() - t

    return run


def python_dma(iterations: int) -> Callable[[], float]:
    """The fair CPython limit for (b): two 64-byte copies between pages held as separate
    ``bytearray`` s (slice assignment from a slice: one memmove into a temporary, one out;
    the source slice is the snapshot memmove semantics need), +1, a compare, registers in
    locals."""

    def run() -> float:
        pages = [bytearray(bytes(range(256)) * 16) for _ in range(3)]
        p0, p1, p2 = pages
        a0 = 0
        t = clock()
        for _ in range(iterations):
            p1[0:64] = p0[0:64]
            p2[0:64] = p1[0:64]
            a0 = (a0 + 1) & 0xFFFFFFFFFFFFFFFF
            if not a0 < iterations:
                break
        elapsed = clock() - t
        assert a0 == iterations and p2[:64] == p0[:64]
        return elapsed

    return run


def python_dma_slices(iterations: int) -> Callable[[], float]:
    """(b) as plain Python written naively: one bytearray, each copy through an extra
    ``bytes`` object (the baseline before issue 27, kept as a second, labelled row)."""

    def run() -> float:
        mem = bytearray(bytes(range(256)) * 48)
        a0 = 0
        t = clock()
        for _ in range(iterations):
            mem[0x1000:0x1040] = bytes(mem[0:0x40])
            mem[0x2000:0x2040] = bytes(mem[0x1000:0x1040])
            a0 = (a0 + 1) & M64
            if not a0 < iterations:
                break
        return clock() - t

    return run


# ------------------------------------------------------------------ reporting
class Table:
    def __init__(self) -> None:
        self.rows: list[str] = []

    def row(self, what: str, value: str, target: str = "", verdict: str = "") -> None:
        line = f"  {what:<60} {value:>40}  {target:<16} {verdict}"
        self.rows.append(line)
        print(line, flush=True)


def load() -> str:
    """The load average now (other work on these shared cores slows every contender)."""
    one, five, fifteen = os.getloadavg()
    return f"load {one:.2f} {five:.2f} {fifteen:.2f}"


def verdict(value: float, target: float) -> str:
    return "ok" if value <= target else f"MISSED ({value / target:.2f}x the target)"


def interleaved(contenders: dict[str, Callable[[], float]], rounds: int) -> dict[str, list[float]]:
    """Run every contender once per round, in turn; returns the times of each."""
    times: dict[str, list[float]] = {name: [] for name in contenders}
    for fn in contenders.values():
        fn()  # warm-up: imports, first decode, caches
    for _ in range(rounds):
        for name, fn in contenders.items():
            gc.collect()
            times[name].append(fn())
    return times


def times_row(table: Table, what: str, name: str, times: list[float], per: float, unit: str) -> None:
    """One contender's time per ``per`` units: minimum, median and the spread (max / min)."""
    lo, med, hi = min(times), statistics.median(times), max(times)
    table.row(f"{what}: {name}", f"{lo / per * 1e9:8.0f} {unit} (med {med / per * 1e9:.0f}, spread {hi / lo:.2f})")


def ratio_row(table: Table, what: str, times: dict[str, list[float]], num: str, den: str,
              target: float | None, per: float, unit: str, *, show: bool = True) -> None:
    """The ratio of contender ``num`` to ``den``: of the minima (the verdict), of the
    medians, and the range of the per-round ratios (each round ran both under the same
    load).  ``show``: print the two contenders' own rows first."""
    a, b = times[num], times[den]
    if show:
        times_row(table, what, num, a, per, unit)
        times_row(table, what, den, b, per, unit)
    r_min, r_med = min(a) / min(b), statistics.median(a) / statistics.median(b)
    rounds = sorted(x / y for x, y in zip(a, b, strict=True))
    text = f"{r_min:8.2f}x (med {r_med:.2f}x, rounds {rounds[0]:.2f}..{rounds[-1]:.2f})"
    label = f"{what}: {num} / {den}"
    if target is None:
        table.row(label, text, "no target")
    else:
        table.row(label, text, f"target <= {target}x", verdict(r_min, target))


# ------------------------------------------------------------------ (e) cold decode
def containers_machine():
    from ptodbg.debug.files.program import open_debugger

    return open_debugger(str(CONTAINERS), profile="linux", compat="linx-v0.4", interval=1 << 62).machine


def executed_pcs(limit: int = 200_000) -> list[int]:
    """The distinct instruction addresses ``01_containers.static`` executes, in order."""
    m = containers_machine()
    seen: dict[int, None] = {}
    for _ in range(limit):
        res = m.step()
        seen.setdefault(res.pc, None)
        if res.kind != "executed" and (res.kind == "halt" or not res.trap.vectored):
            break
    return list(seen)


def cold_decode(table: Table, rounds: int) -> None:
    pcs = executed_pcs()
    times = []
    for _ in range(rounds):
        m = containers_machine()
        gc.collect()
        t = clock()
        for pc in pcs:
            m.handler_at(pc)
        times.append(clock() - t)
    per = min(times) / len(pcs) * 1e6
    table.row(f"(e) cold decode+build, {len(pcs)} instructions",
              f"{per:8.2f} us (med {statistics.median(times) / len(pcs) * 1e6:.2f})", "target <= 5 us",
              verdict(per, 5.0))


# ------------------------------------------------------------------ (f) process
def process_time(table: Table, rounds: int) -> None:
    with tempfile.TemporaryDirectory(prefix="ptodbg-bench-cache-") as cache:
        env = dict(os.environ, PYTHONPATH=str(ROOT), PTODBG_CACHE_DIR=cache)  # this checkout's ptodbg
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        ptodbg = str(Path(sys.executable).with_name("ptodbg"))
        run_cmd = [ptodbg, "run", str(CONTAINERS), *RUN_ARGS]
        cmds = {
            "python -c pass": ([sys.executable, "-c", "pass"], env),
            "ptodbg run 01_containers": (run_cmd, env),
            "ptodbg run, code cache off": (run_cmd, dict(env, PTODBG_CACHE_DIR="")),
        }

        def timed(cmd: list[str], cmd_env: dict[str, str]) -> Callable[[], float]:
            def run() -> float:
                t = time.perf_counter()
                subprocess.run(cmd, env=cmd_env, stdout=subprocess.DEVNULL, check=True)
                return time.perf_counter() - t

            return run

        times = interleaved({k: timed(*c) for k, c in cmds.items()}, rounds)
    b = times["python -c pass"]
    table.row("(f) python -c pass", f"{min(b) * 1e3:8.1f} ms (med {statistics.median(b) * 1e3:.1f})")
    for name, what, target in (("ptodbg run 01_containers", "(f) ratio", 4.0),
                               ("ptodbg run, code cache off", "(f) ratio, code cache off", None)):
        a = times[name]
        table.row(f"(f) {name}", f"{min(a) * 1e3:8.1f} ms (med {statistics.median(a) * 1e3:.1f})")
        r = min(a) / min(b)
        ratio = f"{r:8.2f}x (med {statistics.median(a) / statistics.median(b):.2f}x)"
        if target is None:
            table.row(what, ratio, "no target")
        else:
            table.row(what, ratio, f"target <= {target:g}x", verdict(r, target))


# ------------------------------------------------------------------ (g) history memory
def _trim() -> None:
    """Give the allocator's free memory back to the system (glibc's malloc_trim), so that
    memory the warm-up freed and the history then reuses counts as growth."""
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        pass


def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def rss_child(steps: int) -> None:
    """Runs in a fresh process: prints RSS growth and accounted history bytes (JSON)."""
    from ptodbg.core import loader
    from ptodbg.debug.engine.debugger import Debugger
    from ptodbg.isa.asm import assemble
    from ptodbg.isa.elf import parse_program

    per = ATTEMPTS_PER_ITERATION
    prog = parse_program(assemble(page_walker(steps // per), "<bench>"), "<bench>")
    m = Machine(DEBUG)
    loader.load(m, prog)
    d = Debugger(m)
    d.cont(50_000)  # warm: decode, translated blocks, first snapshots, allocator arenas
    gc.collect()
    _trim()
    before = _rss()
    accounted_before = d.history_usage()["bytes"]
    steps_before = d.steps
    d.cont()
    gc.collect()
    _trim()
    grown = _rss() - before
    usage = d.history_usage()
    print(json.dumps({"steps": d.steps - steps_before, "rss": grown,
                      "accounted": usage["bytes"] - accounted_before,
                      "snapshots": usage["snapshots"], "thinned": usage["thinned"]}))


def history_memory(table: Table, steps: int) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, __file__, "--rss-child", str(steps)], capture_output=True,
                         text=True, check=True, env=env).stdout
    got = json.loads(out.strip().splitlines()[-1])
    per_m = 1e6 / got["steps"] / 2**20
    rss, acc = got["rss"] * per_m, got["accounted"] * per_m
    off = abs(rss - acc) / acc if acc else float("inf")
    table.row(f"(g) RSS growth per million recorded steps ({got['snapshots']} snapshots)", f"{rss:8.2f} MiB")
    table.row("(g) accounted history bytes per million steps", f"{acc:8.2f} MiB")
    table.row("(g) difference", f"{off * 100:8.1f} %", "target <= 10 %", verdict(off, 0.10))


# ------------------------------------------------------------------ main
def profile_of(fn: Callable[[], float], top: int = 25) -> str:
    prof = cProfile.Profile()
    prof.enable()
    fn()
    prof.disable()
    out = io.StringIO()
    pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=200_000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--only", default="a,b,c,d,h,j,e,f,g,p")
    ap.add_argument("--rss-steps", type=int, default=2_000_000)
    ap.add_argument("--profile", choices=("a", "b", "c", "d"))
    ap.add_argument("--rss-child", type=int, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.rss_child:
        rss_child(args.rss_child)
        return 0
    n = args.iterations
    alu, dma = alu_loop(), dma_loop()
    if args.profile:
        fn = {"a": emulated(alu, 8, n), "b": emulated(dma, 6, n), "c": emulated(alu, 8, n, True),
              "d": recorded(alu, 8, n)}[args.profile]
        fn()
        print(profile_of(fn))
        return 0
    only = set(args.only.split(","))
    print(f"CPython {sys.version.split()[0]}, {n} loop iterations, {args.rounds} interleaved rounds; "
          f"CPU times per loop iteration; {load()}")
    table = Table()
    if "a" in only:
        t = interleaved({"emulated": emulated(alu, 8, n), "struct Python": python_alu(n),
                         "slice Python": python_alu_slices(n)}, args.rounds)
        ratio_row(table, "(a) ALU loop", t, "emulated", "struct Python", 1.2, n, "ns")
        times_row(table, "(a) ALU loop", "slice Python", t["slice Python"], n, "ns")
        ratio_row(table, "(a) ALU loop", t, "emulated", "slice Python", None, n, "ns", show=False)
    if "p" in only:  # no target: the per-instruction handlers alone, for before/after
        t = interleaved({"per instruction": emulated(alu, 8, n, translate=False), "struct Python": python_alu(n)},
                        args.rounds)
        ratio_row(table, "(p) ALU loop, translation off", t, "per instruction", "struct Python", None, n, "ns")
    if "b" in only:
        t = interleaved({"emulated": emulated(dma, 6, n), "struct Python": python_dma(n),
                         "slice Python": python_dma_slices(n)}, args.rounds)
        ratio_row(table, "(b) DMA loop", t, "emulated", "struct Python", 1.2, n, "ns")
        times_row(table, "(b) DMA loop", "slice Python", t["slice Python"], n, "ns")
        ratio_row(table, "(b) DMA loop", t, "emulated", "slice Python", None, n, "ns", show=False)
    if "h" in only:
        t = interleaved({"never-true condition": debugged(alu, 8, n, condition="a0 == 500000000"),
                         "no breakpoint": debugged(alu, 8, n)}, args.rounds)
        ratio_row(table, "(h) ALU loop, cont", t, "never-true condition", "no breakpoint", 1.5, n, "ns")
        t = interleaved({"untouched watchpoint": debugged(alu, 8, n, watch=DATA + 0x2800),
                         "no watchpoint": debugged(alu, 8, n)}, args.rounds)
        ratio_row(table, "(i) ALU loop, cont", t, "untouched watchpoint", "no watchpoint", 1.2, n, "ns")
    if "j" in only:
        back = max(n, 1_000_000 // 8)
        contenders = reverse_to_condition(alu, 8, back)
        t = interleaved(contenders, args.rounds)  # forward first in each round: reverse needs its run
        ratio_row(table, f"(j) {back * 8:,} steps", t, "reverse-continue", "forward run", 2.0, back, "ns")
    if "c" in only:
        t = interleaved({"cell on code page": emulated(alu, 8, n, True), "cell on data page": emulated(alu, 8, n)},
                        args.rounds)
        ratio_row(table, "(c) store cliff", t, "cell on code page", "cell on data page", 1.2, n, "ns")
    if "d" in only:
        t = interleaved({"Debugger.cont": recorded(alu, 8, n), "Machine.run": emulated(alu, 8, n)}, args.rounds)
        ratio_row(table, "(d) history recording", t, "Debugger.cont", "Machine.run", 1.15, n, "ns")
    if "e" in only:
        cold_decode(table, args.rounds)
    if "f" in only:
        process_time(table, max(args.rounds, 7))
    if "g" in only:
        history_memory(table, args.rss_steps)
    print(f"done; {load()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
