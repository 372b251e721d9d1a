"""Numeric-format speed: elements per second decoded and encoded, per tile data type.

Run by hand: ``python benchmarks/bench_numeric.py [ELEMENTS]``.  For each floating type
(and two integer types) it times, over ELEMENTS (default 20,000) elements:

* ``decode``: the fast decoder (``codecs.decoder``) one element at a time, and the exact
  one (``formats.decode``) for comparison;
* ``decode[]``: ``codecs.decode_array`` on the whole sequence;
* ``encode``: the fast encoder (``codecs.encoder``, RNE) of binary64 values that mostly
  need rounding, and the exact one (``formats.encode``); ``encode RTZ``: another mode,
  which takes the exact path.

Tile operations decode their sources and encode their results element by element, so
these rates bound their speed (a 64x64 tile is 4,096 elements).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable

from ptodbg.tile.codecs import decode_array, decoder, encoder
from ptodbg.tile.dtypes import DataType
from ptodbg.tile.formats import FORMATS
from ptodbg.tile.rounding import NumericControl, Rounding

TYPES = [dt for dt in DataType if dt.is_floating] + [DataType.S32, DataType.U8]


def rate(fn: Callable[[], object], count: int) -> float:
    """Elements per second of ``fn`` (which handles ``count`` elements), best of three."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return count / best


def sample(dt: DataType, n: int, rng: random.Random) -> tuple[list[int], list[float]]:
    """Valid raw elements and binary64 values spread over the type's finite range."""
    fmt = FORMATS[dt]
    raws: list[int] = []
    while len(raws) < n:
        raw = rng.getrandbits(fmt.width)
        if fmt.encoding_valid(raw):
            raws.append(raw)
    values = []
    for raw in raws:
        v = fmt.decode(raw)
        if isinstance(v, float) and v != v:  # NaN: any number instead
            v = 1.0
        values.append(float(v) * (1 + rng.random() * 2.0 ** -8))  # mostly inexact
    return raws, values


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    rng = random.Random(29)
    rtz = NumericControl(Rounding.RTZ)
    print(f"{n:,} elements per measurement; elements per second (best of three)")
    print(f"{'type':8} {'decode':>11} {'exact':>11} {'decode[]':>11} {'encode':>11} {'exact':>11} {'encode RTZ':>11}")
    for dt in TYPES:
        raws, values = sample(dt, n, rng)
        fmt = FORMATS[dt]
        fast_dec, fast_enc, rtz_enc = decoder(dt), encoder(dt), encoder(dt, rtz)
        row = [
            rate(lambda: [fast_dec(r) for r in raws], n),  # noqa: B023 - measured at once
            rate(lambda: [fmt.decode(r) for r in raws], n),  # noqa: B023
            rate(lambda: decode_array(dt, raws), n),  # noqa: B023
            rate(lambda: [fast_enc(v) for v in values], n),  # noqa: B023
            rate(lambda: [fmt.encode(v) for v in values], n),  # noqa: B023
            rate(lambda: [rtz_enc(v) for v in values], n),  # noqa: B023
        ]
        print(f"{dt.name:8} " + " ".join(f"{r:>11,.0f}" for r in row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
