"""The example sessions in sessions/ load against their programs and do what they say.

They are package data (``ptodbg/sessions/``; the top-level ``sessions/`` is a symlink to
it) and name their programs relative to themselves, ``programs/NAME.s``, shipped beside
them: the very files the tests assemble from ``tests/programs/`` (symlinks there)."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.paths import ROOT

from ptodbg.core.faults import DATA_PAGE_FAULT
from ptodbg.debug.files import datafiles, session
from ptodbg.debug.files.program import open_debugger
from ptodbg.debug.view.capture import Viewer

SESSIONS = sorted((ROOT / "sessions").glob("*.toml"))


def test_there_are_at_least_three():
    assert len(SESSIONS) >= 3


def test_the_shipped_examples_are_the_repositorys():
    """What importlib.resources finds in the package is what sessions/ holds (one copy)."""
    shipped = datafiles.example_sessions()
    assert [e.name for e in shipped] == [p.name for p in SESSIONS]
    for entry in shipped:
        with datafiles.shipped_path(entry) as path:
            assert path.resolve() == (ROOT / "sessions" / entry.name).resolve()


@pytest.mark.parametrize("path", SESSIONS, ids=lambda p: p.stem)
def test_session_loads_against_its_program(path: Path):
    data = session.read(path)
    assert data["schema"] == session.SCHEMA  # written by today's writer, [counts] included
    program = session.program_path(data)
    assert program is not None and program.exists() and program.parent == path.parent / "programs"
    assert program.resolve() == (ROOT / "tests" / "programs" / program.name).resolve()
    d = open_debugger(program)
    msg = session.load(d, path)
    assert d.steps == data["position"]["step"], msg
    assert len(d.breakpoints) == len(data.get("breakpoint", []))
    assert d.settings["theme"] == data["ui"]["theme"]


@pytest.mark.parametrize("path", SESSIONS, ids=lambda p: p.stem)
def test_session_is_what_the_writer_writes(path: Path):
    """Saving a loaded example where it is would give the same text: the examples stay in
    the current format (regenerate them with session.save when the format changes)."""
    data = session.read(path)
    d = open_debugger(session.program_path(data))
    session.apply(d, data)
    assert session.to_toml(session.session_data(d, path)) == path.read_text()


def test_fault_injection_session_reproduces_the_dma_fault():
    path = ROOT / "sessions" / "dma-fault-injection.toml"
    d = open_debugger(session.program_path(session.read(path)))
    session.load(d, path)
    assert d.cont().status == "breakpoint"  # at copy
    stop = d.cont()
    assert stop.status == "trap" and stop.trap.number == DATA_PAGE_FAULT
    assert stop.trap.arg0 == d.symbols.lookup("dst")


def test_tile_store_fault_session_faults_in_the_middle_of_the_tstore_footprint_then_recovers():
    """sessions/tile-store-fault.toml (issue 29 item 5): the second page of dst is made
    read-only at step 2, so the TSTORE of the 4 x 8 U16 sum, whose rows 0-1 end dst's page
    and rows 2-3 start the next, traps at its BSTOP with TRAPARG0 = dst + 32 and no byte
    written (the DMA rule of tile memory traffic: ``asl/tile/model/memory/load-store.asl``
    probes the whole footprint first); with the permission back, recovery reissues the
    block whole: 32 stores of the sums (TileIntegerBinaryValue: U16 wraps)."""
    from support.tile_programs import FAULT_SUM, u16_bytes

    from ptodbg.debug.commands import Commands

    path = ROOT / "sessions" / "tile-store-fault.toml"
    d = open_debugger(session.program_path(session.read(path)))
    session.load(d, path)
    commands = Commands(d)
    dst = d.symbols.lookup("dst")
    assert d.cont().status == "breakpoint" and d.machine.pc == d.symbols.lookup("store")
    stop = d.cont()
    assert stop.status == "trap" and stop.trap.number == DATA_PAGE_FAULT and stop.trap.arg0 == dst + 32
    assert d.memory(dst, 64) == bytes(64)  # not even the rows on the page that allows writes
    assert [t.index for t in Viewer(d).capture().tiles] == [0, 1, 16]
    assert commands.execute("perms dst+32 32 rw-").ok and commands.execute("recover").ok
    step = commands.execute("step")
    assert step.ok and len(Viewer(d).capture().events) == 32  # the whole TSTORE reissued
    assert d.memory(dst, 64) == u16_bytes(FAULT_SUM)
    assert d.cont().message == "reached cross_model_stop"
