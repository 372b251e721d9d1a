"""Which part-two tile feature an unsupported construct needs (issue 29: every unsupported
tile point names the feature it waits for).

Part one of the tile surface (ptodbg.tile) holds the tile registers, shared registers and
CUBE cells as state, and executes the elementwise, scalar, reduce-and-expand, memory
(TLOAD/TSTORE/TPREFETCH/TMOV, shared and CUBE transport) and layout operations.  Part two
adds the matrix engine, the irregular and complex operations, the indexed memory
transfers and the peer-tile move; a construct that belongs to one of them is classed by
it here, before the general classes of :mod:`ptodbg.avs.reasons`.
"""

from __future__ import annotations

import re

MATRIX = "tile part two, matrix and cube engine"
IRREGULAR = "tile part two, irregular and complex operations"
INDEXED = "tile part two, MGATHER and MSCATTER"
GMOV = "tile part two, GMOV"
CLASSES = (MATRIX, IRREGULAR, INDEXED, GMOV)

_RULES = (
    (INDEXED, re.compile(r"MGATHER|MSCATTER")),
    (GMOV, re.compile(r"GMOV")),
    (MATRIX, re.compile(
        r"TMATMUL|TGEMV|Matrix|CubeFunction|the matrix engine|FPATRPreQuant|ResolveBundleTMATMUL|BundleMatrix")),
    (IRREGULAR, re.compile(
        r"(?<![A-Za-z])(TCI|TTRI|TSORT|TMRGSORT|TGATHER|TSCATTER|TPART[A-Z]*|THISTOGRAM|TQUANT|TDEQUANT)(?![A-Za-z])"
        r"|ExecuteTilePartial|TileSort|irregular and complex|Closed(Partial|Sorting|Quantization|Generation|Histogram)")),
)


def part_two(construct: str) -> str | None:
    """The part-two class of ``construct``, or None when it needs none of them."""
    for name, pattern in _RULES:
        if pattern.search(construct):
            return name
    return None
