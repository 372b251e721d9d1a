"""C++ names are shown demangled wherever a location is printed (issue 26, DESIGN.md §5):
stop messages, ``info breakpoints``, the TPC pane (the view's symbolized pc), disassembly
labels and ``x/i`` (01_containers.static: ``_Znwm`` is ``operator new(unsigned long)`` in
the Itanium ABI), while commands, sessions and the JSON keep the symbol itself."""

from __future__ import annotations

import pytest
from support.paths import PROGRAMS

from ptodbg.debug.commands import Commands
from ptodbg.debug.files.program import open_debugger
from ptodbg.debug.view.capture import Viewer

CONT = PROGRAMS / "01_containers.static"
NEW = "operator new(unsigned long)"


@pytest.fixture(scope="module")
def stopped():
    if not CONT.exists():
        pytest.skip("the shared programs are not here")
    d = open_debugger(CONT, profile="linux", compat="linx-v0.4")
    c = Commands(d)
    assert c.execute("break _Znwm").ok
    stop = c.execute("continue")
    return d, c, stop


def test_the_stop_message_and_info_breakpoints(stopped):
    d, c, stop = stopped
    assert stop.message == f"breakpoint 1 at {NEW}"
    table = c.execute("info breakpoints")
    assert table.message.splitlines()[1].endswith(NEW) and table.extra["breakpoints"][0]["location"] == "_Znwm"


def test_the_tpc_pane_and_the_disassembly_labels(stopped):
    d, c, _ = stopped
    view = Viewer(d).capture()
    assert view.symbolize(view.pc) == NEW and view.symbolize(view.pc + 4) == f"{NEW}+0x4"
    assert view.instruction(view.pc).labels == (NEW,)
    rows = view.listing(view.pc).rows
    assert any(row.label == NEW for row in rows)
    assert c.execute("x/1i $pc").message.startswith(f"=> {view.pc:#x} <{NEW}>:")
    assert c.execute("bt 1").extra["frames"][0]["function"] == "_Znwm"


def test_the_same_on_an_assembled_program():
    """tests/programs/gdb_names.s defines rec(int) as ``_Z3reci`` (Itanium: ``_Z`` name
    ``3rec`` and parameter ``i``)."""
    from support.paths import TEST_PROGRAMS

    d = open_debugger(TEST_PROGRAMS / "gdb_names.s")
    c = Commands(d)
    assert c.execute("break _Z3reci").message.endswith("(rec(int))")
    assert c.execute("continue").message == "breakpoint 1 at rec(int)"
    assert c.execute("info breakpoints").message.splitlines()[1].endswith("rec(int)")
    view = Viewer(d).capture()
    assert view.symbolize(view.pc) == "rec(int)" and view.instruction(view.pc).labels == ("rec(int)",)
    assert "Dump of assembler code for function rec(int):" in c.execute("disassemble").message
