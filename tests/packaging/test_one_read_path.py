"""DESIGN.md §1, one read path: every client renders a stopped machine from the frozen
``View`` (or reads the engine's public reads where a View cannot hold it), so no module of
ptodbg/dap, ptodbg/campaign or ptodbg/debug/view reads the live machine: none touches an
attribute named ``machine`` (``dbg.machine``, ``self.dbg.machine``, ``target.machine``) or
imports the core's ``Machine`` or ``Memory``.  The scan reads the source (imports inside
functions and under TYPE_CHECKING included), so it also holds for the modules others add.
"""

from __future__ import annotations

import ast
from pathlib import Path

from support.paths import ROOT

PACKAGE = ROOT / "ptodbg"
CLIENTS = (PACKAGE / "dap", PACKAGE / "campaign", PACKAGE / "debug" / "view")
LIVE_CLASSES = {"Machine", "Memory"}


def machine_reads(path: Path) -> list[str]:
    """Where a module reads the live machine: ``file:line what``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Attribute) and node.attr == "machine":
            found.append(f"{path.name}:{node.lineno} .machine")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("ptodbg.core"):
            found += [f"{path.name}:{node.lineno} imports {a.name}" for a in node.names if a.name in LIVE_CLASSES]
    return found


def test_no_client_module_reads_the_machine():
    modules = [path for folder in CLIENTS for path in sorted(folder.rglob("*.py"))]
    assert len(modules) >= 25  # the scan saw the three packages
    found = [hit for path in modules for hit in machine_reads(path)]
    assert found == []


def test_the_scan_sees_a_machine_read(tmp_path):
    """The scan is not vacuous: the engine, which owns the machine, reads it and imports
    it, and both are found; so is a client line that would reach around the View."""
    engine = PACKAGE / "debug" / "engine" / "debugger.py"
    hits = machine_reads(engine)
    assert any(hit.endswith(".machine") for hit in hits) and any("imports Machine" in hit for hit in hits)
    client = tmp_path / "client.py"
    client.write_text("def pc(target):\n    return target.dbg.machine.pc\n")
    assert machine_reads(client) == ["client.py:2 .machine"]
