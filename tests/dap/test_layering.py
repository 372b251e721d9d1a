"""DESIGN.md §1: the DAP server is a client of ptodbg.debug only — it imports nothing
from ptodbg.core, ptodbg.isa, ptodbg.linux or ptodbg.tui — and reads the engine through
one module (ptodbg/dap/target.py), so it can move to another view of the machine in one
place."""

from __future__ import annotations

import ast
from pathlib import Path

DAP = Path(__file__).resolve().parents[2] / "ptodbg" / "dap"


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
    return out


def test_dap_imports_only_the_debugger_layer():
    for path in sorted(DAP.glob("*.py")):
        ours = {m for m in _imports(path) if m == "ptodbg" or m.startswith("ptodbg.")}
        assert all(m.startswith(("ptodbg.dap", "ptodbg.debug")) for m in ours), (path.name, ours)


def test_only_the_target_module_imports_the_engine():
    engine_users = {path.name for path in DAP.glob("*.py")
                    if any(m.startswith("ptodbg.debug") and m not in ("ptodbg.debug.engine.errors", "ptodbg.debug.engine.stops")
                           for m in _imports(path))}
    assert engine_users == {"target.py"}
