"""Expression parsing speed for both grammars that share ``ptodbg.base.pratt``.

Run by hand: ``python benchmarks/bench_expr.py``.  Prints, per expression, the time to
parse and evaluate it once (the debugger grammar: ``Expr(text).evaluate(ctx)``; the
assembler grammar: ``syntax.evaluate(text, resolve)``), then the time to assemble the
example programs and a generated expression-heavy source.  Breakpoint conditions are
parsed once and evaluated at every hit, so evaluation alone is printed as well.

Only public names that existed before the shared parser are used, so the same file
measures an older checkout (``PYTHONPATH=<checkout> python benchmarks/bench_expr.py``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

import ptodbg
from ptodbg.debug.engine.expr import Context, Expr
from ptodbg.isa import syntax
from ptodbg.isa.asm import assemble

ROOT = Path(ptodbg.__file__).resolve().parents[1]  # the checkout being measured

DEBUGGER = [
    "a0",
    "0x1000",
    "a0 == 5",
    "u64[sp + 8] != 0 && a0 < 10",
    "s64(a1) < 0 || (pc & 0xfff) == 0x10",
    "(a0 + 1) * 3 - (a1 >> 4) ^ ~steps",
    "t#1 + u#2 + copy",
    "+".join(["a0"] * 200),
]

ASSEMBLER = [
    "42",
    "sym",
    "sym + 8",
    "(sym + 8) * 2 - 'a'",
    "((1 << 12) | 5) & ~0xf",
    "-17 / 5 + 0b1010 % 3",
    "+".join(["sym"] * 200),
]

_REGS = {"a0": 5, "a1": (1 << 64) - 1, "sp": 0xF000, "pc": 0x10000, "steps": 12}
_MEMORY = bytes(range(256)) * 256
CTX = Context(lambda name: _REGS.get(name.lower()), lambda which, slot: 7,
              lambda a, n: _MEMORY[a % 60000 : a % 60000 + n], {"copy": 0x10008}.get)
NAMES = {"sym": 0x1000}.get


def _time(fn: Callable[[], object], budget: float = 0.3) -> float:
    """Seconds per call: the best of three runs of as many calls as fit in ``budget``."""
    n = 1
    while True:
        start = time.perf_counter()
        for _ in range(n):
            fn()
        elapsed = time.perf_counter() - start
        if elapsed > budget / 10:
            break
        n *= 4
    best = elapsed / n
    for _ in range(2):
        start = time.perf_counter()
        for _ in range(n):
            fn()
        best = min(best, (time.perf_counter() - start) / n)
    return best


def _label(text: str) -> str:
    return text if len(text) <= 40 else f"{text[:30]}... ({len(text)} chars)"


def _generated_source(lines: int = 4000) -> str:
    """A source whose statements are mostly expressions: .set chains and data words."""
    out = ["    .text", "_start:", "    c.bstart.sys", "    c.ebreak 0", "    .data", "base:"]
    for i in range(lines):
        out.append(f"    .set c{i}, (base + {i} * 8) & 0xffff")
        out.append(f"    .word c{i} + ({i} << 2) - 'a', -{i} / 3, ~{i} ^ 0x55")
    return "\n".join(out) + "\n"


def main() -> int:
    print("debugger grammar: Expr(text).evaluate(ctx)          parse+eval   eval only")
    for text in DEBUGGER:
        parsed = Expr(text)
        both = _time(lambda t=text: Expr(t).evaluate(CTX))
        only = _time(lambda p=parsed: p.evaluate(CTX))
        print(f"  {_label(text):<48} {1e6 * both:9.2f} us {1e6 * only:8.2f} us")
    print("assembler grammar: syntax.evaluate(text, resolve)")
    for text in ASSEMBLER:
        print(f"  {_label(text):<48} {1e6 * _time(lambda t=text: syntax.evaluate(t, NAMES)):9.2f} us")
    programs = sorted((ROOT / "tests" / "programs").glob("*.s")) + sorted((ROOT / "sessions" / "programs").glob("*.s"))
    sources = [p.read_text() for p in programs]
    per_round = _time(lambda: [assemble(s, "bench.s") for s in sources], budget=2.0)
    size = sum(len(s) for s in sources)
    print(f"assemble {len(sources)} example programs ({size} bytes): {1e3 * per_round:.2f} ms per round")
    big = _generated_source()
    per_big = _time(lambda: assemble(big, "big.s"), budget=4.0)
    print(f"assemble a generated source ({big.count(chr(10))} lines, {len(big)} bytes): {1e3 * per_big:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
