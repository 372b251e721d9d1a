"""How many malformed-ELF messages quote Python internals (issue 10 item 15).

Builds a mutation corpus of the real ELF programs in ``../shared/pto/programs`` with the
generators of ``tests/isa/test_robustness.py`` (whole-file corruptions and section-header
corruptions, seeded, so every run sees the same corpus), feeds each variant to
:func:`ptodbg.isa.elf.parse_program` and prints, of the rejected variants, the fraction
whose message names a Python exception or quotes one (``OverflowError: Python int too
large…``, ``ELFError: Expected section size…``) instead of saying the defect in plain
words, with the most common such messages.  Run by hand:
``python benchmarks/bench_elf_messages.py [--variants N]`` (N per file and generator).
"""

from __future__ import annotations

import argparse
import collections
import importlib.util
import random
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from support.paths import PROGRAMS  # noqa: E402

from ptodbg.isa.elf import UNFORESEEN_DEFECT, ProgramError, parse_program  # noqa: E402


def _robustness():
    spec = importlib.util.spec_from_file_location("robustness", ROOT / "tests" / "isa" / "test_robustness.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", type=int, default=1000, help="variants per file and generator")
    args = parser.parse_args()
    rob = _robustness()
    rejected = quoting = unforeseen = accepted = 0
    kinds: collections.Counter[str] = collections.Counter()
    start = time.perf_counter()
    for path in sorted(p for p in PROGRAMS.iterdir() if p.name != "LICENSE"):
        data = path.read_bytes()
        for generator in ("file", "sections"):
            rng = random.Random(f"bench-{generator}-{path.name}")
            for k in range(args.variants):
                variant = rob._variant(data, rng, k) if generator == "file" else rob._section_variant(data, rng)
                try:
                    parse_program(variant, "f")
                    accepted += 1
                except ProgramError as e:
                    rejected += 1
                    message = str(e)
                    unforeseen += UNFORESEEN_DEFECT in message
                    if rob.quotes_python_internals(message):
                        quoting += 1
                        kinds[re.sub(r"0x[0-9a-f]+|\d+", "N", message)[:100]] += 1
    elapsed = time.perf_counter() - start
    print(f"{accepted + rejected} variants in {elapsed:.1f} s: {accepted} accepted, {rejected} rejected")
    print(f"messages quoting Python internals: {quoting} = {100 * quoting / max(rejected, 1):.2f} % of the rejections")
    print(f"messages of the unforeseen-defect fallback: {unforeseen}")
    for message, n in kinds.most_common(12):
        print(f"  {n:5d}  {message}")


if __name__ == "__main__":
    main()
