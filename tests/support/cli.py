"""``ptodbg.cli.main`` in-process with its output captured, for the tests of the command line
(tests/cli) and of what the command line shows (batch, sessions, the result)."""

from __future__ import annotations

import contextlib
import io
import json
from dataclasses import dataclass

from ptodbg.cli import main


@dataclass
class Ran:
    rc: int
    out: str
    err: str

    @property
    def json(self) -> dict:
        lines = self.out.splitlines()
        assert len(lines) == 1, self.out
        return json.loads(lines[0])

    @property
    def lines(self) -> list[dict]:
        return [json.loads(line) for line in self.out.splitlines()]


def cli(*args) -> Ran:
    """main() with stdout/stderr captured (stdout has a byte buffer, as the real one)."""
    raw = io.BytesIO()
    out = io.TextIOWrapper(raw, encoding="utf-8", write_through=True)
    err = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main([str(a) for a in args])
    out.flush()
    return Ran(rc, raw.getvalue().decode("utf-8"), err.getvalue())


def one_error_line(ran: Ran) -> str:
    assert ran.rc == 2 and ran.out == ""
    assert ran.err.startswith("ptodbg: error: ") and ran.err.count("\n") == 1, ran.err
    assert "Traceback" not in ran.err
    return ran.err
