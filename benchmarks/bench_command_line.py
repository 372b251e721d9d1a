"""Command-line tokenising speed (issue 10, item 10): ``set mem ADDR HEX`` with long hex.

A command line is split into words before its handler runs.  The split must be linear in
the length of the line: ``shlex`` grows each word one character at a time, which made a
300 kB ``set mem`` take tens of seconds.  This prints the time of ``set mem`` (split,
parse and write) for growing sizes and the time per kilobyte, which should stay flat.

Run by hand: ``python benchmarks/bench_command_line.py [--sizes 10K,100K,300K]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_history import parse_size  # noqa: E402

from ptodbg.core import DEBUG, Machine, R, W  # noqa: E402
from ptodbg.debug.commands import Commands  # noqa: E402
from ptodbg.debug.engine.debugger import Debugger  # noqa: E402

BASE = 0x100000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="100K,300K,600K", help="hex characters per line (K/M suffixes)")
    opts = parser.parse_args()
    for chars in (parse_size(s) for s in opts.sizes.split(",")):
        chars -= chars % 2
        m = Machine(DEBUG)
        m.mem.map(BASE, chars // 2, R | W)
        commands = Commands(Debugger(m))
        line = f"set mem {BASE:#x} " + "a5" * (chars // 2)
        start = time.perf_counter()
        result = commands.execute(line)
        elapsed = time.perf_counter() - start
        assert result.ok, result.error
        print(f"{chars:>9,} hex chars: {elapsed:8.3f} s  ({1e3 * elapsed / (chars / 1000):7.3f} ms per k)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
