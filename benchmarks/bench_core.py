"""Core speed: PTO instructions per second, and the ratio to plain Python doing the same work.

Two workloads, each a few million instructions, run with ``Machine.run`` (event capture
off), in the debug profile:

(a) an ALU + load/store + COND-block loop, 8 instructions per iteration::

        loop: bstart.std cond, loop      ; a COND block whose BSTOP branches back here
              addi a0, 1, ->a0
              ldi  [sp, 0], ->a2
              add  a2, a0, ->a2
              sdi  a2, [sp, 0]
              xori a2, 5, ->a3
              setc.ltu a0, a1            ; TAKEN = a0 < limit
              bstop

(b) a DMA loop: two 64-byte copies per iteration between an ALU update and the block::

        loop: bstart.std cond, loop
              dma [a4], a5
              dma [a5], a6
              addi a0, 1, ->a0
              setc.ltu a0, a1
              bstop

The ratio compares the emulator's time per iteration with a plain Python ``for`` loop
performing the same arithmetic and memory traffic on Python objects, so the figure means
something on a noisy machine.  Run: ``python benchmarks/bench_core.py [--iterations N]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support.encode import enc, program  # noqa: E402

from ptodbg.core import DEBUG, Machine, R, W, X  # noqa: E402

CODE, DATA = 0x10000, 0x20000
M64 = (1 << 64) - 1


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


def machine(code: bytes, iterations: int) -> Machine:
    m = Machine(DEBUG)
    m.mem.map(CODE, 0x1000, R | X, code)
    m.mem.map(DATA, 0x3000, R | W, bytes(range(256)) * 48)
    m.mem.map(0, 0xF000, R | W)
    m.r[1] = 0xE000
    m.r[3] = iterations
    m.r[6], m.r[7], m.r[8] = DATA, DATA + 0x1000, DATA + 0x2000
    m.pc = CODE
    return m


def python_alu(iterations: int) -> float:
    """The same arithmetic as (a), per iteration: +1, a load, an add, a store, an xor, a compare."""
    mem = bytearray(8)
    a0 = a2 = a3 = 0
    t = time.perf_counter()
    for _ in range(iterations):
        a0 = (a0 + 1) & M64
        a2 = int.from_bytes(mem[0:8], "little")
        a2 = (a2 + a0) & M64
        mem[0:8] = a2.to_bytes(8, "little")
        a3 = a2 ^ 5
        if not a0 < iterations:
            break
    assert a3 is not None
    return time.perf_counter() - t


def python_dma(iterations: int) -> float:
    """The same work as (b): two 64-byte memmove copies, +1, a compare."""
    mem = bytearray(bytes(range(256)) * 48)
    a0 = 0
    t = time.perf_counter()
    for _ in range(iterations):
        mem[0x1000:0x1040] = bytes(mem[0:0x40])
        mem[0x2000:0x2040] = bytes(mem[0x1000:0x1040])
        a0 = (a0 + 1) & M64
        if not a0 < iterations:
            break
    return time.perf_counter() - t


def measure(code: bytes, per_iteration: int, iterations: int, repeat: int) -> tuple[float, float, Machine]:
    times = []
    for _ in range(repeat):
        m = machine(code, iterations)
        m.run(per_iteration * 4)  # warm the decode cache
        m = machine(code, iterations)
        t = time.perf_counter()
        res = m.run(per_iteration * iterations + 10)
        times.append(time.perf_counter() - t)
        assert res.reason == "trap", res  # fell off the end of the program
    best = min(times)
    return best, statistics.median(times), m


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--iterations", type=int, default=400_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    n = args.iterations
    print(f"CPython {sys.version.split()[0]}, {n} iterations per workload, best of {args.repeat}")
    for name, code, per_iter, py in (
        ("(a) ALU + load/store + COND block", alu_loop(), 8, python_alu),
        ("(b) DMA loop", dma_loop(), 6, python_dma),
    ):
        best, median, m = measure(code, per_iter, n, args.repeat)
        insns = per_iter * n
        py_best = min(py(n) for _ in range(args.repeat))
        print(f"{name}: {insns / best / 1e6:.2f} M instructions/s (median {insns / median / 1e6:.2f}), "
              f"{best / n * 1e9:.0f} ns per iteration; plain Python {py_best / n * 1e9:.0f} ns per iteration; "
              f"ratio {best / py_best:.2f}x")
        assert m.r[2] == n, "the loop did not run to completion"
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
