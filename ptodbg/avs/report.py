"""``ptodbg avs``: run AVS programs and report each point and the totals (docs/interfaces.md §11).

Text: one line per point (``pass``/``FAIL``/``unsupported``, the id, the file, and for a
point that does not pass the reason), then a summary line.  ``--json``: one JSON object per
point ``{"id", "kind", "file", "status", "detail"}``, then ``{"total", "pass", "fail",
"unsupported"}``.  The exit status is 0 when no point fails.

The paths are checked before anything runs, without opening a file: each must be a folder
or a regular file of at most MAX_PROGRAM_BYTES (a FIFO, a device, an 8 GiB sparse file, a
name too long for the file system are refused with one line: bad usage, exit status 2).
"""

from __future__ import annotations

import json
import os
import stat
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from ptodbg.avs.limits import MAX_PROGRAM_BYTES
from ptodbg.avs.suite import FAIL, PASS, UNSUPPORTED, WHAT, Result, find_programs, run_program
from ptodbg.base import userfile


class AvsUsageError(ValueError):
    """A path that cannot be run (missing, or holding no program)."""


def _display(path: Path) -> str:
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return str(path)


def programs_of(paths: Iterable[str | Path]) -> list[Path]:
    """The programs the command line names: each path a folder (its ``.asl`` files) or a
    program file; raises AvsUsageError (one line) for a path that is neither."""
    out: list[Path] = []
    for raw in paths:
        text = os.fspath(raw)
        name = userfile.shown(text)
        if not text:
            raise AvsUsageError("'': no file or folder named")
        try:
            mode = os.stat(text).st_mode
        except FileNotFoundError:
            raise AvsUsageError(f"{name}: no such file or folder") from None
        except (OSError, ValueError) as e:  # ValueError: a NUL byte in the name
            raise AvsUsageError(f"{name}: {userfile.reason(e) if isinstance(e, OSError) else 'file name holds a NUL byte'}") from None
        path = Path(text)
        if stat.S_ISDIR(mode):
            try:
                found = find_programs([path])
            except OSError as e:
                raise AvsUsageError(f"{name}: {userfile.reason(e)}") from None
            if not found:
                raise AvsUsageError(f"{name}: no .asl programs")
        else:
            try:
                userfile.check_regular(path, WHAT, MAX_PROGRAM_BYTES)
            except userfile.UserFileError as e:
                raise AvsUsageError(str(e)) from None
            found = [path]
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
