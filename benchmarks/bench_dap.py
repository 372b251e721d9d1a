"""DAP latency over a pipe: what an editor waits for on each click.

Starts ``ptodbg dap`` as a process (as VS Code does), drives it over its stdin/stdout
with the tests' client (tests/dap/dap_client.py) and measures, on an assembled program
that has run ``--depth`` steps first (so reverse steps replay from a snapshot, not from
step 0):

* ``next`` by line: request -> response, and request -> ``stopped`` event;
* ``stepBack`` by line: the same;
* one refresh of the Variables pane after a new stop: ``stackTrace`` + ``scopes`` +
  ``variables`` (Registers), back to back;
* ``readMemory`` of 64 KiB (the memory view's page).

Target (issue 14): median <= 10 ms for next, stepBack and the refresh round trip.

    .venv/bin/python benchmarks/bench_dap.py [--rounds 200] [--depth 100000]
"""

from __future__ import annotations

import argparse
import base64
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from dap.dap_client import Client  # noqa: E402

TARGET_MS = 10.0
BODY = 48  # straight-line statements in the loop


def program() -> str:
    """A loop of BODY one-instruction lines and a call per iteration, a 64 KiB buffer
    it writes into, and an exit after ~1M steps."""
    lines = ["    .text", "    .globl _start", "_start:", "    li s1, buffer", "    li s2, 20000", "loop:"]
    for k in range(BODY):
        lines.append(f"    addi a{k % 6}, {k + 1}, ->a{k % 6}")
    lines += [
        "    setret back, ->ra",
        "    j touch",
        "back:",
        "    subi s2, 1, ->s2",
        "    bstart.std cond, loop",
        "    setc.ne s2, zero",
        "    bstop",
        "    c.bstart.sys",
        "    c.ebreak 0",
        "touch:",
        "    andi a0, 0x7f8, ->a5",
        "    add s1, a5, ->a5",
        "    sdi a0, [a5, 0]",
        "    jr ra, 0",
        "    .data",
        "buffer:",
        "    .zero 65536",
    ]
    return "\n".join(lines) + "\n"


def ms(values: list[float]) -> str:
    values = sorted(values)
    p90 = values[int(len(values) * 0.9)]
    return f"median {statistics.median(values) * 1e3:6.2f} ms   p90 {p90 * 1e3:6.2f} ms   max {values[-1] * 1e3:6.2f} ms"


def timed_move(c: Client, command: str) -> tuple[float, float]:
    t0 = time.perf_counter()
    seq = c.request_async(command, {"threadId": 1})
    r = c.response(seq)
    t1 = time.perf_counter()
    assert r["success"], r
    c.stopped()
    t2 = time.perf_counter()
    return t1 - t0, t2 - t0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--depth", type=int, default=100_000, help="steps run before measuring")
    args = parser.parse_args()
    if not 1 <= args.rounds <= 100_000 or not 0 <= args.depth <= 10_000_000:
        parser.error("--rounds 1..100000, --depth 0..10000000")
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "bench.s"
        source.write_text(program())
        c = Client.pipes()
        try:
            c.start(source)
            c.ok("configurationDone")
            c.stopped()
            if args.depth:
                r = c.repl(f"goto {args.depth}")
                assert r["success"], r
                c.stopped()
            buffer = c.ok("evaluate", {"expression": "buffer", "context": "hover"})["memoryReference"]
            print(f"bench_dap: {source.name}, {BODY}-line loop with a call, at step {args.depth}, "
                  f"{args.rounds} rounds over a pipe")

            nexts = [timed_move(c, "next") for _ in range(args.rounds)]
            backs = [timed_move(c, "stepBack") for _ in range(args.rounds)]

            refresh = []
            for _ in range(args.rounds):
                timed_move(c, "next")  # a new stop: nothing cached from the last refresh
                t0 = time.perf_counter()
                frame = c.ok("stackTrace", {"threadId": 1, "levels": 20})["stackFrames"][0]
                scopes = c.ok("scopes", {"frameId": frame["id"]})["scopes"]
                c.ok("variables", {"variablesReference": scopes[0]["variablesReference"]})
                refresh.append(time.perf_counter() - t0)

            reads = []
            for _ in range(max(10, args.rounds // 10)):
                t0 = time.perf_counter()
                got = c.ok("readMemory", {"memoryReference": buffer, "count": 65536})
                reads.append(time.perf_counter() - t0)
                assert len(base64.b64decode(got["data"])) == 65536
        finally:
            c.close()

    print(f"  next      response  {ms([a for a, _ in nexts])}")
    print(f"  next      stopped   {ms([b for _, b in nexts])}")
    print(f"  stepBack  response  {ms([a for a, _ in backs])}")
    print(f"  stepBack  stopped   {ms([b for _, b in backs])}")
    print(f"  stackTrace+scopes+variables  {ms(refresh)}")
    print(f"  readMemory 64 KiB            {ms(reads)}")
    verdicts = []
    for name, values in (("next", [b for _, b in nexts]), ("stepBack", [b for _, b in backs]),
                         ("refresh", refresh)):
        median = statistics.median(values) * 1e3
        verdicts.append(f"{name} {median:.2f} ms {'<=' if median <= TARGET_MS else '>'} {TARGET_MS:.0f} ms "
                        f"({median / TARGET_MS:.2f}x of target)")
    print("  target (median, request -> stopped/last response): " + "; ".join(verdicts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
