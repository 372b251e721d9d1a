"""C++ name demangling speed: every ``_Z`` symbol of 01_containers.static, ten times.

Run by hand: ``python benchmarks/bench_demangle.py``.  Prints names per second and the
share of names demangled; the figure that matters is the cost at program open (the
backtrace and call panes demangle lazily, one frame at a time).
"""

from __future__ import annotations

import time
from pathlib import Path

from elftools.elf.elffile import ELFFile

from ptodbg.debug.cxx.demangle import demangle

PROGRAM = Path(__file__).resolve().parents[2] / "shared" / "pto" / "programs" / "01_containers.static"
ROUNDS = 10


def main() -> int:
    if not PROGRAM.exists():
        print(f"{PROGRAM} not found")
        return 1
    with PROGRAM.open("rb") as f:
        symtab = ELFFile(f).get_section_by_name(".symtab")
        names = sorted({s.name for s in symtab.iter_symbols() if s.name.startswith("_Z")})
    start = time.perf_counter()
    for _ in range(ROUNDS):
        results = [demangle(n) for n in names]
    elapsed = time.perf_counter() - start
    done = sum(r is not None for r in results)
    total = len(names) * ROUNDS
    print(f"{len(names)} distinct _Z names, {done} demangled ({100 * done / len(names):.1f} %)")
    print(f"{total / elapsed:,.0f} names/s ({1e6 * elapsed / total:.1f} us per name)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
