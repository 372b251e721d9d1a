"""DESIGN.md §1: campaign/ is a client of debug/ - it imports ptodbg.debug (and itself),
never ptodbg.core, ptodbg.isa, ptodbg.linux or ptodbg.tui."""

from __future__ import annotations

import ast
from pathlib import Path

import ptodbg.campaign

ALLOWED = ("ptodbg.campaign", "ptodbg.debug")


def test_campaign_imports_only_the_debugger():
    package = Path(ptodbg.campaign.__file__).parent
    found = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else (
                [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else [])
            found += [(path.name, n) for n in names if n.startswith("ptodbg") and not n.startswith(ALLOWED)]
    assert found == []
    assert len(list(package.rglob("*.py"))) >= 8  # the walk saw the package
