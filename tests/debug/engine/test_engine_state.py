"""The engine's mixins share one declared state (ptodbg.debug.engine.state.EngineState):
every attribute a mixin reads or writes on ``self`` is one of the state's declared fields,
a method or property of the engine, or set up by the Debugger itself; and a fresh engine
holds every declared field."""

from __future__ import annotations

import ast

from support.engine_program import make
from support.paths import ROOT

from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.engine.state import EngineState

MIXINS = ("forward", "timeline", "calls", "editing", "frames")


def self_attributes(module: str) -> set[str]:
    tree = ast.parse((ROOT / "ptodbg" / "debug" / "engine" / f"{module}.py").read_text())
    return {node.attr for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self"}


def test_every_attribute_a_mixin_uses_is_declared():
    declared = set(EngineState.__annotations__)
    engine = set(dir(Debugger))  # methods and properties of every part
    made_by_debugger = {"loaded", "result", "path", "sha256", "profile", "settings", "convenience", "_initial"}
    used = set().union(*(self_attributes(m) for m in MIXINS))
    undeclared = used - declared - engine - made_by_debugger
    assert undeclared == set()
    assert {"machine", "history", "edits", "cursor", "_events_cache", "_selection"} <= used & declared


def test_a_fresh_engine_holds_every_declared_field():
    d = make()
    fields = EngineState.__annotations__
    assert len(fields) >= 15
    missing = [name for name in fields if not hasattr(d, name)]
    assert missing == [] and d.cursor == 0 and d.edits == [] and d.last.status == "stopped"
