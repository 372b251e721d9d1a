"""Import circles between the engine and the view (issue 25): the engine hands out typed
records and the view (and its JSON) is made from them, so no chain of imports runs from
``ptodbg.debug.engine`` to ``ptodbg.debug.view`` and back (there was one: engine.debugger
-> engine.frames -> view.jsonstate -> engine.debugger).  Every import counts: at module
level, inside functions and under TYPE_CHECKING."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from support.paths import ROOT

PACKAGE = ROOT / "ptodbg"


def module_graph() -> dict[str, set[str]]:
    """ptodbg module -> the ptodbg modules it imports (a package import is its __init__)."""
    names: dict[str, Path] = {}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path

    def known(name: str) -> str | None:
        while name and name not in names:
            name = name.rpartition(".")[0]
        return name or None

    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found |= {known(a.name) for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                found |= {known(f"{node.module}.{a.name}") for a in node.names}
        graph[name] = {m for m in found if m is not None and m != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(component)

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for v in graph:
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(limit)
    return out


def test_no_circle_runs_through_the_engine_and_the_view():
    graph = module_graph()
    assert "ptodbg.debug.view.jsonstate" in graph and "ptodbg.debug.engine.frames" in graph
    mixed = [sorted(c) for c in circles(graph)
             if any(m.startswith("ptodbg.debug.engine") for m in c) and any(m.startswith("ptodbg.debug.view") for m in c)]
    assert mixed == []


def test_the_scan_finds_a_circle():
    """Not vacuous: the frames -> jsonstate import that made the circle is found again."""
    graph = module_graph()
    graph["ptodbg.debug.engine.frames"].add("ptodbg.debug.view.jsonstate")
    graph["ptodbg.debug.view.jsonstate"].add("ptodbg.debug.engine.debugger")
    assert any({"ptodbg.debug.engine.frames", "ptodbg.debug.view.jsonstate"} <= c for c in circles(graph))
