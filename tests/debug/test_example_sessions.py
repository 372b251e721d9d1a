"""The example sessions in sessions/ load against tests/programs/ and do what they say."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.paths import ROOT

from ptodbg.core.faults import DATA_PAGE_FAULT
from ptodbg.debug import session
from ptodbg.debug.program import open_debugger

SESSIONS = sorted((ROOT / "sessions").glob("*.toml"))


def test_there_are_at_least_three():
    assert len(SESSIONS) >= 3


@pytest.mark.parametrize("path", SESSIONS, ids=lambda p: p.stem)
def test_session_loads_against_its_program(path: Path):
    data = session.read(path)
    program = session.program_path(data)
    assert program is not None and program.exists() and program.parent == ROOT / "tests" / "programs"
    d = open_debugger(program)
    msg = session.load(d, path)
    assert d.steps == data["position"]["step"], msg
    assert len(d.breakpoints) == len(data.get("breakpoint", []))
    assert d.settings["theme"] == data["ui"]["theme"]


def test_fault_injection_session_reproduces_the_dma_fault():
    path = ROOT / "sessions" / "dma-fault-injection.toml"
    d = open_debugger(session.program_path(session.read(path)))
    session.load(d, path)
    assert d.cont().status == "breakpoint"  # at copy
    stop = d.cont()
    assert stop.status == "trap" and stop.trap.number == DATA_PAGE_FAULT
    assert stop.trap.arg0 == d.symbols.lookup("dst")
