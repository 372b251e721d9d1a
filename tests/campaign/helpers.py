"""Programs and helpers shared by the campaign tests."""

from __future__ import annotations

from pathlib import Path

from support.paths import TEST_PROGRAMS

from ptodbg.debug.faults.sites import Listing, list_sites
from ptodbg.debug.files.program import open_debugger

HERE = Path(__file__).resolve().parent
CAMPAIGN_PROGRAMS = HERE / "programs"
DMA_PROGRAMS = sorted(TEST_PROGRAMS.glob("dma_*.s"))
PAGE = 0x1000


def listing(path: Path, faults: str = "data", **options) -> tuple[Listing, dict[str, int]]:
    """The sites of a program and its symbols."""
    dbg = open_debugger(path, **options)
    return list_sites(dbg, faults), dict(dbg.symbols.by_name)
