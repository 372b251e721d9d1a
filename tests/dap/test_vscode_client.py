"""Microsoft's own DAP client against ``ptodbg dap``: the mocha suite in tests/dap/js runs
``@vscode/debugadapter-testsupport``'s DebugClient (the library VS Code's debug adapters
are tested with) over real pipes to a real ``ptodbg dap`` process.

The npm packages come from the committed lockfile: when ``node_modules`` is missing (a
fresh clone, CI) this test runs ``npm ci`` first.  It is skipped only on a machine
without node and npm."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parent / "js"
EXPECTED = [
    "answers initialize with the capabilities of DESIGN.md §9",
    "launches a .s program and stops at a breakpoint on a source line",
    "steps by line (next over the call, stepIn, stepOut) and steps back to the line it came from",
    "reverseContinue goes back to an earlier breakpoint",
    "reads memory (unmapped bytes are unreadable, not zeros) and disassembles with symbols",
    "stops on a data breakpoint when bump stores to counter",
    "injects a fault through evaluate, stops on the exception breakpoint, recovers and exits with the status",
    "prints a logpoint's interpolated message without stopping",
    "offers inject among the Debug Console completions of inj",
    "restartFrame lands on the frame's entry step with the caller's registers",
    "goto moves TPC to the code of a source line",
    "sends invalidated, not stopped, after inject in the Debug Console",
]


def _installed() -> bool:
    return (JS / "node_modules" / "@vscode" / "debugadapter-testsupport" / "package.json").exists() and \
        (JS / "node_modules" / "mocha" / "package.json").exists()


def test_vscode_debug_client_suite(tmp_path):
    npm, npx = shutil.which("npm"), shutil.which("npx")
    if shutil.which("node") is None or npm is None or npx is None:
        pytest.skip("node and npm are not installed: the VS Code DebugClient suite needs them")
    if not _installed():
        done = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=JS, capture_output=True, text=True,
                              timeout=600)
        assert done.returncode == 0, f"npm ci failed:\n{done.stdout}\n{done.stderr}"
    report = tmp_path / "mocha.json"
    env = dict(os.environ, PTODBG_PYTHON=sys.executable, PYTHONUNBUFFERED="1")
    run = subprocess.run([npx, "mocha", "--reporter", "json", "--reporter-option", f"output={report}"],
                         cwd=JS, env=env, capture_output=True, text=True, timeout=600)
    assert report.exists(), f"mocha wrote no report:\n{run.stdout}\n{run.stderr}"
    result = json.loads(report.read_text())
    failures = [f"{t['title']}: {t['err'].get('message')}" for t in result["failures"]]
    assert not failures and run.returncode == 0, "\n".join(failures) + f"\n{run.stderr[-3000:]}"
    assert [t["title"] for t in result["passes"]] == EXPECTED
