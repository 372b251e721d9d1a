"""DWARF line information: ``ptodbg asm`` writes a real ``.debug_line`` (DWARF 4) that
pyelftools, GNU ``readelf`` and ``objdump`` decode to the assembler's own line table; the
in-memory assembly of a ``.s`` program carries the same table; the loader reads it and
the debugger maps addresses to lines and back; programs without it (or with a broken
one) are debugged by address."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from support.assembled import ENTRY
from support.paths import PROGRAMS, TEST_PROGRAMS

from ptodbg.cli import main
from ptodbg.core import DEBUG, Machine
from ptodbg.core.loader import load_path
from ptodbg.debug.engine.lines import source_line_at, source_lines
from ptodbg.debug.files.program import open_debugger
from ptodbg.isa import dwarf_lines_out
from ptodbg.isa.asm import assemble_unit
from ptodbg.isa.dwarf_lines import read_line_table
from ptodbg.isa.elf import parse_program

WALK = Path(__file__).resolve().parent / "programs" / "walk.s"
SOURCES = sorted(TEST_PROGRAMS.glob("*.s")) + [WALK]

# Two code sections interleaved, a pseudo-instruction that expands to several
# instructions, a large gap (.zero) and lines far apart: sequences, special opcodes and
# DW_LNS_advance_line/advance_pc all appear.
MIXED = ENTRY + """\
    li a0, 0x123456789abcdef0
    addi zero, 1, ->a1
    .section .text.other, "ax"
other:
    addi zero, 2, ->a2
    .text
    .zero 3000
    addi zero, 3, ->a3
""" + "\n" * 400 + """\
    c.bstart.sys
    c.ebreak 0
    .section .text.other, "ax"
    addi zero, 4, ->a4
    c.bstop
"""


def _rows(table) -> dict[int, tuple[str, int]]:
    return {r.address: (r.path, r.line) for r in table.rows}


def _sections(image: bytes) -> dict[str, bytes]:
    return {s.name: s.data for s in parse_program(image).sections}


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_asm_writes_the_assemblers_line_table(source, tmp_path):
    out = tmp_path / "p.elf"
    assert main(["asm", str(source), "-o", str(out)]) == 0
    unit = assemble_unit(source.read_text(), str(source))
    table = read_line_table(_sections(out.read_bytes()))
    assert table is not None
    rows = _rows(table)
    assert {a: line for a, (_, line) in rows.items()} == unit.lines
    assert {p for p, _ in rows.values()} == {os.path.normpath(str(source))}


def test_line_program_uses_sequences_special_opcodes_and_advances(tmp_path):
    unit = assemble_unit(MIXED, "mixed.s")
    image = unit.to_elf()
    table = read_line_table(_sections(image))
    rows = _rows(table)
    assert {a: line for a, (_, line) in rows.items()} == unit.lines
    text, other = unit.section(".text"), unit.section(".text.other")
    # each code section is its own sequence: the last row of each ends at the section's end
    ends = {r.end for r in table.rows}
    assert text.addr + text.length in ends and other.addr + other.length in ends
    # the li expansion (several instructions) is one row of line 4
    li = table.row_at(text.addr)
    assert li.line == 4 and li.end - li.address > 4
    assert table.row_at(text.addr + 2).line == 4
    data = _sections(image)[".debug_line"]
    assert bytes([dwarf_lines_out.DW_LNS_advance_line]) in data and bytes([dwarf_lines_out.DW_LNS_advance_pc]) in data


def _objdump_rows(path: Path) -> dict[int, int]:
    out = subprocess.run(["objdump", "--dwarf=decodedline", str(path)], capture_output=True, text=True,
                         check=True).stdout
    rows = {}
    for m in re.finditer(r"^\S+\s+(\d+)\s+0x([0-9a-f]+)\s+(?:\d+\s+)?x\s*$", out, re.M):
        rows[int(m.group(2), 16)] = int(m.group(1))
    return rows


@pytest.mark.skipif(shutil.which("objdump") is None or shutil.which("readelf") is None,
                    reason="GNU binutils (readelf, objdump) are not installed")
@pytest.mark.parametrize("name", ["walk", "mixed"])
def test_binutils_decode_the_same_table(name, tmp_path):
    if name == "walk":
        unit = assemble_unit(WALK.read_text(), str(WALK))
    else:
        unit = assemble_unit(MIXED, "mixed.s")
    path = tmp_path / f"{name}.elf"
    path.write_bytes(unit.to_elf())
    assert _objdump_rows(path) == unit.lines
    raw = subprocess.run(["readelf", "--debug-dump=line,info", str(path)], capture_output=True, text=True,
                         check=True)
    assert "DWARF Version:               4" in raw.stdout
    assert "DW_TAG_compile_unit" in raw.stdout and "DW_AT_stmt_list" in raw.stdout
    assert "Warning" not in raw.stderr and "Error" not in raw.stderr and "warning" not in raw.stderr


def test_in_memory_assembly_carries_the_same_table(tmp_path):
    out = tmp_path / "walk.elf"
    assert main(["asm", str(WALK), "-o", str(out)]) == 0
    from_file = read_line_table(_sections(out.read_bytes()))
    dbg = open_debugger(WALK, profile="linux")
    lines = source_lines(dbg)
    assert lines is not None and _rows(lines.table) == _rows(from_file)
    m = Machine(DEBUG)
    loaded = load_path(m, WALK)
    assert _rows(loaded.line_table()[0]) == _rows(from_file)


def test_address_to_source_line_and_back():
    dbg = open_debugger(WALK, profile="linux")
    lines = source_lines(dbg)
    bump = dbg.symbols.lookup("bump")
    at = source_line_at(dbg, bump)
    assert (at.path, at.line, at.text.strip()) == (str(WALK), 42, "ldi [s1, 0], ->a3")
    assert source_line_at(dbg, bump + 2).line == 42  # inside the instruction's row
    assert lines.resolve(str(WALK), 42) == (42, [bump])
    assert lines.resolve(str(WALK), 38)[0] == 42  # a line without code moves to the next with code
    assert lines.resolve(str(WALK), 500) is None
    assert lines.resolve("/no/such/dir/other.s", 10) is None
    assert lines.lines(str(WALK))[:3] == [10, 11, 12]
    assert source_line_at(dbg, 0x7000_0000) is None


def test_sources_are_matched_by_the_file_they_name(tmp_path, monkeypatch):
    """A relative source name is recorded relative to the compilation directory; a
    client may name the file through a symbolic link or a relative path."""
    src = tmp_path / "dir" / "prog.s"
    src.parent.mkdir()
    src.write_text("_start:\n    addi zero, 1, ->a0\n    c.bstart.sys\n    c.ebreak 0\n")
    link = tmp_path / "link.s"
    link.symlink_to(src)
    monkeypatch.chdir(tmp_path)
    assert main(["asm", "dir/prog.s", "-o", "prog.elf"]) == 0
    table = read_line_table(_sections((tmp_path / "prog.elf").read_bytes()))
    assert table.files == [str(src)]
    monkeypatch.chdir("/")
    dbg = open_debugger(tmp_path / "prog.elf")
    lines = source_lines(dbg)
    for name in (str(src), str(link), str(tmp_path / "dir" / ".." / "dir" / "prog.s")):
        assert lines.resolve(name, 2) == (2, [0x10000]), name
    assert source_line_at(dbg, 0x10000).text == "    addi zero, 1, ->a0"


def test_programs_without_dwarf_are_debugged_by_address():
    path = PROGRAMS / "02_algorithms.static"
    if not path.exists():
        pytest.skip("shared programs are not present")
    dbg = open_debugger(path, profile="linux", compat="linx-v0.4")
    assert source_lines(dbg) is None
    assert dbg.loaded.line_table() == (None, None)
    assert source_line_at(dbg, dbg.machine.pc) is None


def test_a_broken_line_table_is_reported_and_the_program_still_loads(tmp_path):
    source = TEST_PROGRAMS / "call_setret.s"
    image = bytearray(assemble_unit(source.read_text(), str(source)).to_elf())
    line = next(s for s in parse_program(bytes(image)).sections if s.name == ".debug_line")
    image[line.offset + 4: line.offset + 6] = (99).to_bytes(2, "little")  # DWARF version 99
    path = tmp_path / "broken.elf"
    path.write_bytes(bytes(image))
    dbg = open_debugger(path)
    table, problem = dbg.loaded.line_table()
    assert table is None and problem.startswith(f"{path}: unreadable DWARF line information")
    assert problem.endswith("debugging by address")
    assert source_lines(dbg) is None
    stop = dbg.cont()  # the program itself is fine: it ends at its EBREAK 1 with a0 = 5
    assert stop.trap is not None and stop.trap.cause == 1 and dbg.machine.reg("a0") == 5


def test_a_program_that_brings_its_own_debug_sections_keeps_them():
    unit = assemble_unit('_start: c.bstop\n    .section .debug_line, ""\n    .byte 1, 2, 3\n', "own.s")
    sections = _sections(unit.to_elf())
    assert sections[".debug_line"] == b"\x01\x02\x03" and ".debug_info" not in sections


def test_leb128_encodings():
    assert dwarf_lines_out.uleb128(0) == b"\x00" and dwarf_lines_out.uleb128(624485) == b"\xe5\x8e\x26"
    assert dwarf_lines_out.sleb128(-1) == b"\x7f" and dwarf_lines_out.sleb128(-123456) == b"\xc0\xbb\x78"
    assert dwarf_lines_out.sleb128(63) == b"\x3f" and dwarf_lines_out.sleb128(64) == b"\xc0\x00"
    with pytest.raises(ValueError):
        dwarf_lines_out.uleb128(-1)
