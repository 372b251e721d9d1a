"""Command facts and completion (issue 11 item 5): every command declares whether it may
run long (the TUI's worker decides from that fact alone) and how its arguments complete;
completion is computed by the engine from those facts and the debugger's state."""

from __future__ import annotations

import pytest

from ptodbg.debug.commands import ARGUMENT_KINDS, Commands, command, command_word
from ptodbg.debug.files.program import open_debugger
from ptodbg.isa.registers import GPR_NAMES


@pytest.fixture
def commands() -> Commands:
    """The command language on the built-in DMA demo (symbols copy, dst, src, buf...)."""
    return Commands(open_debugger())


def test_every_command_declares_known_argument_kinds():
    for spec in Commands.specs():
        assert set(spec.arguments) <= ARGUMENT_KINDS, spec.name
    with pytest.raises(ValueError, match="unknown argument kinds"):
        command("bogus", "bogus X", "never registered", arguments=("colour",))


@pytest.mark.parametrize(("line", "long"), [
    ("step", False), ("step 256", False), ("step 257", True), ("step 0x1000", True),
    ("step n*2", True),  # an expression may be large: the worker, never a frozen UI
    ("reverse-step 3", False), ("reverse-step 100000", True),
    ("continue", True), ("until copy", True), ("next", True), ("goto 5", True),
    ("reverse-continue", True), ("x sp 64", False), ("break copy", False), ("print a0", False),
])
def test_long_running_is_a_fact_of_the_command(commands, line, long):
    spec = commands.spec_for(line)
    assert spec is not None
    assert spec.runs_long(line.split()[1:]) is long


def test_spec_for_understands_subcommands_aliases_and_gdb_format_suffixes(commands):
    assert commands.spec_for("info b").name == "info breakpoints"
    assert commands.spec_for("set mem dst 00").name == "set mem"
    assert commands.spec_for("set a0 1").name == "set"
    assert commands.spec_for("si").name == "step"
    assert commands.spec_for("x/8gx sp").name == "x"
    assert commands.spec_for("frobnicate") is None
    assert command_word("x/16xb dst") == ("x", "16xb", "dst")


def test_command_names_and_subcommands_complete(commands):
    assert {"step", "save", "set", "si"} <= set(commands.complete("s"))
    assert commands.complete("reverse-c") == ["reverse-continue"]
    assert commands.complete("set m") == ["set mem"]
    assert "info breakpoints" in commands.complete("info b")
    assert "info history" in commands.complete("info ")
    assert commands.complete("zz") == []


def test_locations_expressions_and_registers_complete_from_the_program(commands):
    assert commands.complete("break co") == ["break copy"]
    assert commands.complete("until ds") == ["until dst"]
    assert commands.complete("break copy i") == ["break copy if"]
    assert commands.complete("x sp+co") == ["x sp+copy"]  # the identifier at the end
    assert commands.complete("x $a") == [f"x ${r}" for r in GPR_NAMES if r.startswith("a")]
    assert commands.complete("set a") == [f"set {r}" for r in GPR_NAMES if r.startswith("a")]
    assert commands.complete("perms dst 64 r-") == ["perms dst 64 r--", "perms dst 64 r-x"]
    assert commands.complete("watch dst 8 r") == ["watch dst 8 r", "watch dst 8 rw"]
    assert commands.complete("step 1") == []  # a count: nothing to offer
    assert commands.complete("help reverse-c") == ["help reverse-continue"]


def test_breakpoint_numbers_complete_from_the_current_table(commands):
    assert commands.complete("delete ") == []
    first = commands.dbg.add_breakpoint("copy")
    second = commands.dbg.add_watchpoint("dst", 8, "w")
    assert commands.complete("delete ") == [f"delete {first.ident}", f"delete {second.ident}"]


def test_session_files_complete_from_the_file_system(commands, tmp_path, monkeypatch):
    (tmp_path / "sessions").mkdir()
    (tmp_path / "sessions" / "dma.toml").write_text("")
    (tmp_path / "sessions" / "deep").mkdir()
    monkeypatch.chdir(tmp_path)
    assert commands.complete("load sessions/d") == ["load sessions/deep/", "load sessions/dma.toml"]
    assert commands.complete("load sessions/x") == []
    assert commands.complete("save /nonexistent-dir/a") == []


def test_completion_is_bounded_on_a_program_with_many_symbols(commands):
    names = {f"sym{i:05}": 0x10000 + i for i in range(20000)}
    commands.dbg.symbols.by_name.update(names)
    found = commands.complete("break sym1", limit=50)
    assert len(found) == 50 and found[0] == "break sym10000" and found == sorted(found)


def test_info_history_counts_its_snapshots_in_plain_english(commands):
    """One snapshot (the one taken at load) is "1 snapshot", never "1 snapshots"."""
    first = commands.execute("info history")
    assert first.ok and first.message.startswith("1 snapshot,"), first.message
    commands.dbg.history.interval = 2  # a snapshot every other step from here on
    commands.execute("step 9")
    count = commands.dbg.history_usage()["snapshots"]
    assert count > 1 and commands.execute("info history").message.startswith(f"{count} snapshots,")
