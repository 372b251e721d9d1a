"""Start-up of ``ptodbg run`` (issue 15 item 3): what it does not import, and the cyclic
collector held during start-up only when ``main`` owns the process.

Each check runs a fresh interpreter on a real program (../shared/pto/programs), because
what a process imported or froze cannot be undone inside the test process.
"""

from __future__ import annotations

import json
import subprocess
import sys

from support.paths import PROGRAMS, ROOT

CONTAINERS = PROGRAMS / "01_containers.static"

_CHILD = """
import gc, json, sys
sys.argv = ["ptodbg", "run", {program!r}, "--profile", "linux", "--compat", "linx-v0.4"]
from ptodbg.cli import main
status = main({argv})
print(json.dumps({{"status": status, "enabled": gc.isenabled(), "frozen": gc.get_freeze_count(),
                  "modules": sorted(sys.modules)}}))
"""


def _child(argv: str) -> dict:
    code = _CHILD.format(program=str(CONTAINERS), argv=argv)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_run_imports_no_ui_campaign_or_pyelftools():
    """The run path needs neither an interface (textual, rich, DAP), campaigns, DWARF lines, nor pyelftools
    for a statically linked program whose sections are all plain (DESIGN.md §3)."""
    got = _child("None")
    assert got["status"] == 0  # the program exits 0 (DESIGN.md §4: its own status)
    heavy = [m for m in got["modules"]
             if m.split(".")[0] in ("textual", "rich", "dask", "distributed", "elftools")
             or m.startswith(("ptodbg.tui", "ptodbg.dap", "ptodbg.campaign", "ptodbg.avs", "ptodbg.isa.dwarf_lines"))]
    assert heavy == []


def test_collector_is_frozen_and_resumed_only_for_the_process_command_line():
    own = _child("None")
    assert own["enabled"] and own["frozen"] > 10_000  # start-up objects left out of later scans
    called = _child("sys.argv[1:]")  # a caller's own argv (tests, tools): gc untouched
    assert called["status"] == 0 and called["enabled"] and called["frozen"] == 0
