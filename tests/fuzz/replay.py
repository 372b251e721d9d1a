"""The corpus replay worker: ``python -m tests.fuzz.replay TARGET FILE...``.

Runs each file through the target (:mod:`tests.fuzz.targets`) in this process, with

* a deadline per input (SECONDS, by ``setitimer``: a hang raises :class:`Hang` in the
  target), and
* an address-space limit of MEMORY_LIMIT for the whole process (``RLIMIT_AS``: an input
  that needs more fails with MemoryError instead of taking the machine),

and prints one JSON line per input: ``{"name", "outcome": "ok" | "finding", "detail",
"seconds"}``; a line ``{"name", "start": true}`` comes first, so that the parent knows
which input was running if this process dies.  atheris is not needed.
"""

from __future__ import annotations

import json
import resource
import signal
import sys
import time
import traceback
from pathlib import Path

SECONDS = 10.0
MEMORY_LIMIT = 1 << 30


class Hang(BaseException):
    """An input ran past its deadline (a BaseException: no target code catches it)."""


def _alarm(signum, frame) -> None:
    raise Hang(f"still running after {SECONDS} s")


def main(argv: list[str]) -> int:
    from .targets import TARGETS

    name, files = argv[0], argv[1:]
    target = TARGETS[name]
    target(b"")  # warm up (imports, the assembled program) before the limits apply
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    signal.signal(signal.SIGALRM, _alarm)
    out = sys.stdout
    for file in files:
        data = Path(file).read_bytes()
        out.write(json.dumps({"name": file, "start": True}) + "\n")
        out.flush()
        start = time.perf_counter()
        outcome, detail = "ok", ""
        signal.setitimer(signal.ITIMER_REAL, SECONDS)
        try:
            target(data)
        except BaseException as e:  # noqa: BLE001 - every escape is the finding we report
            if isinstance(e, KeyboardInterrupt):
                raise
            outcome = "finding"
            detail = "".join(traceback.format_exception_only(type(e), e)).strip()[-600:]
            if not isinstance(e, Hang):
                detail += " | " + " < ".join(
                    f"{f.name}:{f.lineno}" for f in reversed(traceback.extract_tb(e.__traceback__)[-6:]))
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
        out.write(json.dumps({"name": file, "outcome": outcome, "detail": detail,
                              "seconds": round(time.perf_counter() - start, 3)}) + "\n")
        out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
