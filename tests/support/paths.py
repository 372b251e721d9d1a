"""Where the shared reference inputs live (read in place, never copied into the project)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
CATALOG = SHARED / "pto" / "catalog"
PROGRAMS = SHARED / "pto" / "programs"
TRACES = SHARED / "pto" / "traces"
TEST_PROGRAMS = ROOT / "tests" / "programs"
