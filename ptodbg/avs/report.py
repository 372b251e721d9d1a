"""``ptodbg avs``: run AVS programs and report each point and the totals (docs/interfaces.md §11).

Text: one line per point (``pass``/``FAIL``/``unsupported``, the id, the file, and for a
point that does not pass the reason), then a summary line.  ``--json``: one JSON object per
point ``{"id", "kind", "file", "status", "detail"}``, then ``{"total", "pass", "fail",
"unsupported"}``.  The exit status is 0 when no point fails.
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from ptodbg.avs.suite import FAIL, PASS, UNSUPPORTED, Result, find_programs, run_program


class AvsUsageError(ValueError):
    """A path that cannot be run (missing, or holding no program)."""


def _display(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return str(path)


def programs_of(paths: Iterable[str | Path]) -> list[Path]:
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            raise AvsUsageError(f"{path}: no such file or folder")
        found = find_programs([path])
        if not found:
            raise AvsUsageError(f"{path}: no .asl programs")
        out.extend(found)
    return out


def run_all(programs: list[Path], catalog: Path | None = None) -> Iterator[Result]:
    for path in programs:
        yield run_program(path, _display(path), catalog=catalog)


def summary(results: Iterable[Result]) -> dict[str, int]:
    counts = Counter(r.status for r in results)
    return {
        "total": sum(counts.values()),
        PASS: counts.get(PASS, 0),
        FAIL: counts.get(FAIL, 0),
        UNSUPPORTED: counts.get(UNSUPPORTED, 0),
    }


_LABEL = {PASS: "pass", FAIL: "FAIL", UNSUPPORTED: "unsupported"}


def text_line(r: Result) -> str:
    line = f"{_LABEL[r.status]:<11} {r.id}  {r.file}"
    return f"{line}\n            {r.detail}" if r.detail else line


def run_and_report(paths: list[str], as_json: bool, out: TextIO, catalog: Path | None = None) -> int:
    """The ``ptodbg avs`` command; returns the exit status (raises AvsUsageError)."""
    programs = programs_of(paths)
    start = time.perf_counter()
    results: list[Result] = []
    for r in run_all(programs, catalog):
        results.append(r)
        out.write((json.dumps(r.as_json()) if as_json else text_line(r)) + "\n")
    totals = summary(results)
    if as_json:
        out.write(json.dumps(totals) + "\n")
    else:
        seconds = time.perf_counter() - start
        out.write(f"{totals['total']} points: {totals[PASS]} pass, {totals[FAIL]} fail, "
                  f"{totals[UNSUPPORTED]} unsupported ({seconds:.1f} s)\n")
    out.flush()
    return 1 if totals[FAIL] else 0
