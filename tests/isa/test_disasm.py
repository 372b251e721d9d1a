"""The disassembler and the ``asm``/``disasm`` command line: listings reassemble to the
same bytes, the sweep of the LinxISA binaries agrees with an independent catalog-driven
sweep, unknown and illegal words print as data with a note, and bad input gives exit
status 2 with one line on stderr."""

from __future__ import annotations

import json

import pytest
from support.paths import CATALOG, PROGRAMS, TEST_PROGRAMS

from ptodbg.cli import main
from ptodbg.isa import catalog
from ptodbg.isa.asm import assemble, assemble_unit
from ptodbg.isa.decoder import STRICT
from ptodbg.isa.disasm import Disassembler, format_instruction, listing
from ptodbg.isa.elf import parse_program, read_program

SOURCES = sorted(TEST_PROGRAMS.glob("*.s"))


def _program_content(image: bytes) -> tuple:
    """Everything of an ELF file but its DWARF line information, which names the source
    file and lines it was assembled from (a listing is another file)."""
    p = parse_program(image, "x.elf")
    return (p.entry, p.e_type,
            [(s.vaddr, s.memsz, s.filesz, s.flags, s.data) for s in p.segments],
            [(s.name, s.type, s.flags, s.addr, s.size, s.data) for s in p.sections
             if not s.name.startswith(".debug_") and s.name not in (".symtab", ".strtab", ".shstrtab")],
            p.symbols)


@pytest.mark.parametrize("source", SOURCES, ids=lambda p: p.name)
def test_asm_disasm_asm_gives_identical_bytes(source, tmp_path, capsys):
    """Every test program: the listing of its ELF assembles to the identical program
    (segments, sections, symbols, entry); only the DWARF line table differs, because it
    points into the listing instead of the original source."""
    elf_path = tmp_path / "a.elf"
    assert main(["asm", str(source), "-o", str(elf_path)]) == 0
    assert main(["disasm", str(elf_path)]) == 0
    text = capsys.readouterr().out
    relisted = tmp_path / "a.s"
    relisted.write_text(text)
    again = tmp_path / "b.elf"
    assert main(["asm", str(relisted), "-o", str(again)]) == 0
    assert _program_content(again.read_bytes()) == _program_content(elf_path.read_bytes())
    assert main(["asm", str(relisted), "-o", str(tmp_path / "c.elf")]) == 0
    assert (tmp_path / "c.elf").read_bytes() == again.read_bytes()  # and the writer is deterministic


def test_listing_shape():
    image = assemble("""
        .globl _start
        .type _start, @function
    _start:
        addi zero, 64, ->a0
    loop:
        j loop
        .size _start, .-_start
        .data
    v:  .byte 1, 2
    """, "s.s")
    lines, stats = listing(parse_program(image, "s.elf"))
    text = "\n".join(lines)
    assert "\t.text\n\t.vaddr 0x10000\n\t.globl _start\n\t.type _start, @function\n\t.size _start, 8\n_start:\n" in text
    assert "/* 10000: 15 01 00 04       */ addi zero, 64, ->a0" in lines
    assert "/* 10004: 37 00 00 00       */ j loop" in lines
    assert "/* 11000 */ .byte 0x01, 0x02" in lines
    assert lines[1] == "# ELF64 ET_EXEC, entry 0x10000, PTO identity note: release 0.58.3 (matches)"
    assert (stats.words, stats.decoded, stats.unknown) == (2, 2, 0)


def test_unknown_illegal_and_hidden_words_are_noted():
    """An unmatched 48-bit word, a C.BSTART.STD whose BrType the constraint rejects, and
    a JR with its ignored SrcZero set: each keeps its bytes on reassembly or says why not."""
    unknown = 0x0003C001000E  # the retired LinxISA v0.4 HL.BSTART.STD CALL header
    text, note = format_instruction(None, unknown, 48, 0)
    assert text == ".half 0x000e, 0xc001, 0x0003" and note == "unknown 48-bit word"
    form, insn, _ = STRICT.decode_bytes((0x3000).to_bytes(2, "little"))
    text, note = format_instruction(form, insn, 16, 0)
    assert text == ".half 0x3000" and note == "illegal C.BSTART.STD: BrType must be one of [1, 5, 7]"
    form, insn, _ = STRICT.decode_bytes((0x00556027).to_bytes(4, "little"))
    text, note = format_instruction(form, insn, 32, 0)
    assert text == "jr ra, 0" and note == "not shown, reassembles as 0: SrcZero=5"
    assert bytes(assemble_unit(".half 0x000e, 0xc001, 0x0003", "x.s").section(".text").data) == unknown.to_bytes(6, "little")
    assert bytes(assemble_unit(".half 0x3000", "x.s").section(".text").data) == b"\x00\x30"


def _catalog_sweep(data: bytes) -> tuple[int, int]:
    """An independent catalog-driven linear sweep (scripts/encoding_witness.py order:
    command forms first, most mask bits, then form_id; same length only; CORE.md §2.1
    length rule): (words, words some form matches)."""
    forms = []
    for name, rank in (("command-forms.json", 0), ("scalar-forms.json", 1)):
        for entry in json.loads((CATALOG / name).read_text())["forms"]:
            mask = match = 0
            for part in entry["encoding"]:
                mask |= int(part["mask"], 16) << (32 * part["index"])
                match |= int(part["match"], 16) << (32 * part["index"])
            forms.append((rank, -bin(mask).count("1"), entry["form_id"], entry["length_bits"], mask, match))
    forms.sort()
    words = matched = pos = 0
    while pos + 2 <= len(data):
        h0 = int.from_bytes(data[pos:pos + 2], "little")
        h1 = int.from_bytes(data[pos + 2:pos + 4], "little") if pos + 4 <= len(data) else None
        nib = h0 & 0xF
        length = 48 if nib == 0xE else 64 if nib == 0xF else 16 if nib % 2 == 0 else 32
        if nib == 2 and h1 is not None and h1 & 0xF83F == 0x5016:
            length = 32
        if pos + length // 8 > len(data):
            break
        insn = int.from_bytes(data[pos:pos + length // 8], "little")
        words += 1
        if any(f[3] == length and insn & f[4] == f[5] for f in forms):
            matched += 1
        pos += length // 8
    return words, matched


def test_02_algorithms_sweep_counts():
    """02_algorithms.static: 1,930 words in .text; the catalog listing, the table listing
    and an independent catalog sweep all match 1,889 of them (1,885 legal + 4 C.BSTART.STD
    with the retired ICALL BrType); the other 41 are unknown 48-bit words (the v0.4 header)."""
    program = read_program(PROGRAMS / "02_algorithms.static")
    text = next(s for s in program.sections if s.name == ".text")
    assert _catalog_sweep(text.data) == (1930, 1889)
    _, ours = listing(program)
    _, official = listing(program, catalog.load([CATALOG]))
    for stats in (ours, official):
        assert stats.words == 1930 and stats.decoded + stats.illegal == 1889
        assert (stats.decoded, stats.illegal, stats.unknown) == (1885, 4, 41)
    assert ours.by_form == official.by_form


def test_foreign_listing_reassembles_at_its_layout(tmp_path, capsys):
    """The listing of a LinxISA binary is assembly: with .vaddr every section lands at its
    address again and every allocated section has the same bytes."""
    src = PROGRAMS / "02_algorithms.static"
    assert main(["disasm", str(src)]) == 0
    lst = tmp_path / "a.s"
    lst.write_text(capsys.readouterr().out)
    out = tmp_path / "a.elf"
    assert main(["asm", str(lst), "-o", str(out)]) == 0
    a, b = read_program(src), read_program(out)
    for s in a.sections:
        if s.alloc:
            t = next(x for x in b.sections if x.name == s.name)
            assert (t.addr, t.size, t.data, t.flag_text) == (s.addr, s.size, s.data, s.flag_text)


def test_catalog_option_files_and_folder(capsys):
    target = str(PROGRAMS / "02_algorithms.static")
    assert main(["disasm", target, "--catalog", str(CATALOG)]) == 0
    by_folder = capsys.readouterr().out
    assert main(["disasm", target, "--catalog", str(CATALOG / "scalar-forms.json"),
                 "--catalog", str(CATALOG / "command-forms.json")]) == 0
    assert capsys.readouterr().out == by_folder
    assert "c.bstart.std fall" in by_folder and "fentry [ra ~ ra], sp!, 48" in by_folder


def test_catalog_forms_match_the_table():
    decoder = catalog.load([CATALOG])
    assert len(decoder.forms) == 540
    assert [f.form_id for f in decoder.forms] == [f.form_id for f in STRICT.forms]


def test_program_without_section_headers_lists_segments(tmp_path):
    image = bytearray(assemble("_start: addi zero, 1, ->a0\n.data\nv: .byte 7\n", "s.s"))
    image[40:48] = bytes(8)  # e_shoff
    image[58:64] = bytes(6)  # e_shentsize, e_shnum, e_shstrndx
    lines, stats = listing(parse_program(bytes(image), "stripped.elf"))
    assert '\t.section .segment0, "ax"' in lines and stats.decoded == 1


# ------------------------------------------------------------------ the CLI
def test_cli_no_subcommand_and_help(capsys, monkeypatch):
    import ptodbg.tui.app
    calls = []
    monkeypatch.setattr(ptodbg.tui.app, "run_tui", lambda path, **kw: calls.append((path, kw)) or 0)
    assert main([]) == 0 and calls and calls[0][0] is None  # the TUI on the built-in demo
    assert main(["--help"]) == 0
    assert "disasm" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["frobnicate"], ["asm"], ["asm", "x.s"], ["disasm"], ["--bogus"]])
def test_cli_bad_usage_is_one_line(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("ptodbg: error: ") and err.count("\n") == 1


def test_cli_asm_error_is_one_line_with_position(tmp_path, capsys):
    src = tmp_path / "bad.s"
    src.write_text("_start:\n    addi a0, 99999, ->a0\n    j nowhere\n")
    assert main(["asm", str(src), "-o", str(tmp_path / "o.elf")]) == 2
    err = capsys.readouterr().err
    assert err == f"ptodbg: error: {src}:2:14: error: value 99999 is out of range for uimm12; expected 0..4095\n"
    assert not (tmp_path / "o.elf").exists()


@pytest.mark.parametrize(("setup", "defect"), [
    (lambda p: None, "no such file"),
    (lambda p: p.mkdir(), "is a directory"),
    (lambda p: p.write_bytes(b"\x7fELF\x01\x01\x01" + bytes(80)), "not a 64-bit ELF file"),
    (lambda p: p.write_bytes(bytes(100)), "not an ELF file"),
    (lambda p: p.write_bytes(b"\xff\xfe\x00garbage"), "not an ELF file"),
])
def test_cli_disasm_bad_input(setup, defect, tmp_path, capsys):
    target = tmp_path / "prog"
    setup(target)
    assert main(["disasm", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"ptodbg: error: {target}") and defect in err and err.count("\n") == 1


def test_cli_disasm_bad_catalog(tmp_path, capsys):
    empty = tmp_path / "empty"
    empty.mkdir()
    notjson = tmp_path / "x.json"
    notjson.write_text("[1, 2")
    for path, defect in ((empty, "no command-forms.json or scalar-forms.json"), (notjson, "not a PTO form catalog"),
                         (tmp_path / "missing", "no such file or folder")):
        assert main(["disasm", str(PROGRAMS / "02_algorithms.static"), "--catalog", str(path)]) == 2
        err = capsys.readouterr().err
        assert defect in err and err.count("\n") == 1


def test_cli_disasm_of_source(tmp_path, capsys):
    src = tmp_path / "p.s"
    src.write_text("_start: c.movi 3, ->a0\n")
    assert main(["disasm", str(src)]) == 0
    assert "c.movi 3, ->a0" in capsys.readouterr().out


def test_disassembler_symbol_resync():
    """A function symbol inside what a linear sweep would decode as one word restarts
    the sweep there."""
    image = assemble("_start: .half 0x0015\nf: .half 0x0000\n.type f, @function\n", "s.s")
    lines = list(Disassembler(parse_program(image)).lines())
    assert "f:" in lines
    assert any("c.bstop" in line for line in lines)
