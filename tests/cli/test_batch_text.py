"""``ptodbg batch --text`` (issue 12 item 5; DESIGN.md §4): what the TUI's console shows,
as a gdb session reads — the command after a ``(ptodbg)`` prompt, its output lines, the
displays of each stop — while JSON lines stay the default.

The README's sessions are run as written and must print exactly what the README shows,
so the documentation cannot drift from the program (dma_fault.s: the DMA traps with
DATA_PAGE_FAULT, TRAPARG0 = dst, and after recovery re-executes whole, CORE.md §3.6)."""

from __future__ import annotations

import json
import re
import shlex

import pytest
from support.cli import cli
from support.paths import PROGRAMS, ROOT, TEST_PROGRAMS

README = ROOT / "README.md"
_BLOCK = re.compile(r"```\n(\$ ptodbg batch [^\n]*--text.*?)```", re.DOTALL)


def readme_sessions() -> list[tuple[list[str], str]]:
    """(argv after 'ptodbg', the output shown) of every ``batch --text`` block of the README."""
    found = []
    for block in _BLOCK.findall(README.read_text()):
        lines = block.splitlines()
        command = lines.pop(0)
        while command.endswith("\\"):
            command = command[:-1] + " " + lines.pop(0).strip()
        found.append((shlex.split(command[2:])[1:], "".join(line + "\n" for line in lines)))
    return found


def test_the_readme_shows_text_sessions():
    sessions = readme_sessions()
    assert len(sessions) >= 4
    assert any("dma_fault.s" in arg for argv, _ in sessions for arg in argv)
    shown = "".join(text for _, text in sessions)
    for command in ("finish", "frame", "info frame", "x/2gx", "display", "last"):
        assert f"(ptodbg) {command}" in shown  # issue 12: the README shows each


@pytest.mark.parametrize("index", range(len(readme_sessions())))
def test_readme_text_sessions_print_what_the_readme_shows(index):
    argv, shown = readme_sessions()[index]
    program = next(a for a in argv if "/" in a and not a.startswith("-"))
    if not (ROOT / program).exists():
        pytest.skip(f"{program} is not here")
    ran = cli(*[str(ROOT / a) if a == program else a for a in argv])
    assert ran.err == ""
    assert ran.out == shown


def test_text_is_the_console_and_json_stays_the_default():
    script = "step 3; display/x a1; x/4xb dst; print/x u8[dst+3]; bogus"
    path = TEST_PROGRAMS / "dma_copy.s"
    text = cli("batch", path, "--text", "-c", script)
    assert text.rc == 1  # a command failed, as in JSON mode
    assert text.out.splitlines() == [
        "(ptodbg) step 3",
        "stepped 3",
        "(ptodbg) display/x a1",
        "1: /x a1 = 0x11040",
        "(ptodbg) x/4xb dst",
        "0x11040 <dst>:\t0x01\t0x02\t0x03\t0x04\t\t\t\t\t....",
        "(ptodbg) print/x u8[dst+3]",
        "$1 = 0x4",  # gdb's value history
        "(ptodbg) bogus",
        "error: unknown command 'bogus'; type 'help' for the list",
    ]
    plain = cli("batch", path, "-c", script)
    lines = [json.loads(line) for line in plain.out.splitlines()]
    assert [line["command"] for line in lines] == [part.strip() for part in script.split(";")]
    assert lines[2]["text"] == ["0x11040 <dst>:\t0x01\t0x02\t0x03\t0x04\t\t\t\t\t...."]
    assert plain.rc == 1


def test_text_shows_the_displays_after_each_stop_of_a_real_program():
    if not (PROGRAMS / "02_algorithms.static").exists():
        pytest.skip("the shared programs are not here")
    ran = cli("batch", PROGRAMS / "02_algorithms.static", "--profile", "linux", "--compat", "linx-v0.4", "--text",
              "-c", "display/i $pc; stepi; stepi")
    lines = ran.out.splitlines()
    assert lines[0] == "(ptodbg) display/i $pc"
    assert lines[1:3] == ["1: x/i $pc", "=> 0x11240 <_start>:\tc.bstart.std fall"]
    assert lines[3:6] == ["(ptodbg) stepi", "C.BSTART.STD at _start", "1: x/i $pc"]
    assert lines[6] == "=> 0x11242 <_start+2>:\tc.movr sp, ->a0"
    assert lines[10] == "=> 0x11244 <_start+4>:\taddtpc -17, ->a1"
