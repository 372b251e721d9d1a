"""ELF writer output read back with pyelftools, the validating reader, the identity note,
the loader (permissions, zero fill, stack, entry, pto-avs-case-v1 convention), and the
final states of the tests/programs/*.s programs run on the machine."""

from __future__ import annotations

import io
import json
import re
import struct

import pytest
from elftools.elf.elffile import ELFFile
from support.paths import PROGRAMS, TEST_PROGRAMS

from ptodbg.core import DEBUG, Machine, R, W, X, reference
from ptodbg.core.loader import load, load_path, read_source_or_elf
from ptodbg.isa import elf
from ptodbg.isa.asm import assemble, assemble_unit
from ptodbg.isa.elf import OutSection, ProgramError, parse_program, write_elf

SAMPLE = """
    .text
    .globl _start
    .type _start, @function
_start:
    li a0, buf
    c.bstart.sys
    c.ebreak 0
    .size _start, .-_start
    .section .rodata
msg: .asciz "hi"
    .data
    .type buf, @object
    .size buf, 8
buf: .dword 0x1122334455667788
    .bss
zeros: .zero 5000
    .set table_size, 48
    .globl table_size
"""


@pytest.fixture(scope="module")
def sample() -> bytes:
    return assemble(SAMPLE, "sample.s")


def test_writer_header_read_back_with_pyelftools(sample):
    e = ELFFile(io.BytesIO(sample))
    assert e.elfclass == 64 and e.little_endian
    assert e["e_machine"] == "EM_LINXISA" or e.header["e_machine"] in (233, "EM_LINXISA")
    assert e["e_type"] == "ET_EXEC"
    assert e["e_entry"] == 0x10000


def test_writer_segments_and_flags(sample):
    e = ELFFile(io.BytesIO(sample))
    loads = [s for s in e.iter_segments() if s["p_type"] == "PT_LOAD"]
    got = [(s["p_vaddr"], s["p_flags"], s["p_filesz"], s["p_memsz"]) for s in loads]
    assert got[0][:2] == (0x10000, 5)  # R+X text
    assert got[1][:2] == (0x11000, 4)  # R rodata
    assert got[2][0] == 0x12000 and got[2][1] == 6  # R+W data + bss
    assert got[2][2] == 8 and got[2][3] == 0x1000 + 5000  # memsz > filesz for .bss
    for s in loads:
        assert s["p_offset"] % 0x1000 == s["p_vaddr"] % 0x1000 and s["p_align"] == 0x1000


def test_writer_sections_and_symbols(sample):
    e = ELFFile(io.BytesIO(sample))
    secs = {s.name: s for s in e.iter_sections()}
    assert secs[".text"]["sh_flags"] == 6 and secs[".data"]["sh_flags"] == 3 and secs[".rodata"]["sh_flags"] == 2
    assert secs[".bss"]["sh_type"] == "SHT_NOBITS" and secs[".bss"]["sh_size"] == 5000
    assert secs[".text"]["sh_addralign"] == 2
    syms = {s.name: s for s in secs[".symtab"].iter_symbols()}
    start = syms["_start"]
    assert start["st_info"]["type"] == "STT_FUNC" and start["st_info"]["bind"] == "STB_GLOBAL"
    assert start["st_size"] == 8 and start["st_shndx"] == e.get_section_index(".text")
    assert syms["buf"]["st_info"]["type"] == "STT_OBJECT" and syms["buf"]["st_size"] == 8
    assert syms["buf"]["st_info"]["bind"] == "STB_LOCAL"
    assert syms["table_size"]["st_shndx"] == "SHN_ABS" and syms["table_size"]["st_value"] == 48
    assert syms["zeros"]["st_value"] == 0x13000
    # locals first, sh_info = first global
    order = [s["st_info"]["bind"] for s in secs[".symtab"].iter_symbols()][1:]
    assert order == sorted(order, key=lambda b: b != "STB_LOCAL")
    assert secs[".symtab"]["sh_info"] == 1 + order.count("STB_LOCAL")


def test_writer_identity_note(sample):
    """The .note.pto.isa format of pto-spec scripts/generate-release-manifest (elf_identity):
    owner PTO, type 1, sorted compact JSON, 4-byte alignment."""
    e = ELFFile(io.BytesIO(sample))
    note = e.get_section_by_name(".note.pto.isa")
    namesz, descsz, ntype = struct.unpack_from("<III", note.data())
    assert (namesz, ntype) == (4, 1) and note.data()[12:16] == b"PTO\0"
    desc = note.data()[16 : 16 + descsz]
    assert json.loads(desc) == elf.IDENTITY
    assert desc == json.dumps(elf.IDENTITY, sort_keys=True, separators=(",", ":")).encode()
    p = parse_program(sample, "sample.elf")
    assert p.identity.status == "match"


def test_writer_is_deterministic():
    """The same source under the same name gives the same bytes; under another name only
    the DWARF line table (which names the source file) differs."""
    assert assemble(SAMPLE, "a.s") == assemble(SAMPLE, "a.s")
    a, b = parse_program(assemble(SAMPLE, "a.s")), parse_program(assemble(SAMPLE, "b.s"))
    assert [(s.name, s.data) for s in a.sections if not s.name.startswith(".debug_")] == \
        [(s.name, s.data) for s in b.sections if not s.name.startswith(".debug_")]
    assert {s.name for s in a.sections if s.name.startswith(".debug_")} == {".debug_abbrev", ".debug_info", ".debug_line"}


def test_reader_model(sample):
    p = parse_program(sample, "sample.elf")
    assert p.e_type == "ET_EXEC" and p.entry == 0x10000 and p.interp is None
    assert [(s.vaddr, s.perms) for s in p.segments] == [(0x10000, "r-x"), (0x11000, "r--"), (0x12000, "rw-")]
    assert p.symbol("_start").type == "func" and p.symbol("table_size").absolute
    assert [s.name for s in p.symbols_at(0x12000)] == ["buf"]
    assert p.section_at(0x10004).name == ".text"


def test_reader_on_toolchain_programs():
    """The LinxISA LLVM/musl binaries: ET_EXEC with PT_INTERP, loaded at link addresses."""
    p = elf.read_program(PROGRAMS / "02_algorithms.static")
    assert p.e_type == "ET_EXEC" and p.entry == 0x11240
    assert p.interp == "/lib/ld-musl-linx64.so.1"
    assert [(s.vaddr, s.perms) for s in p.segments] == [
        (0x10000, "r--"), (0x11240, "r-x"), (0x13960, "rw-"), (0x149B8, "rw-")]
    assert p.identity.status == "absent" and "absent" in p.identity.describe()
    assert p.symbol("_start").value == 0x11240
    big = elf.read_program(PROGRAMS / "01_containers.static")
    assert len(big.symbols) > 9000 and big.memsz < 1 << 20
    shared = elf.read_program(PROGRAMS / "02_algorithms.shared")
    assert shared.interp and shared.entry == 0x11348


def _header(data: bytes, offset: int, fmt: str, value: int) -> bytes:
    out = bytearray(data)
    struct.pack_into(fmt, out, offset, value)
    return bytes(out)


def _phdr(data: bytes, index: int, field: str, value: int) -> bytes:
    phoff = struct.unpack_from("<Q", data, 32)[0]
    offsets = {"type": 0, "flags": 4, "offset": 8, "vaddr": 16, "filesz": 32, "memsz": 40}
    fmt = "<I" if field in ("type", "flags") else "<Q"
    return _header(data, phoff + 56 * index + offsets[field], fmt, value)


@pytest.mark.parametrize(("mutate", "defect"), [
    (lambda d: b"\x7fELG" + d[4:], "not an ELF file (bad magic number)"),
    (lambda d: d[:40], "truncated ELF header (40 of 64 bytes)"),
    (lambda d: _header(d, 4, "<B", 1), "not a 64-bit ELF file"),
    (lambda d: _header(d, 5, "<B", 2), "not a little-endian ELF file"),
    (lambda d: _header(d, 18, "<H", 62), "e_machine 62 (x86-64) is not EM_LINXISA (233)"),
    (lambda d: _header(d, 16, "<H", 1), "ELF type ET_REL is not loadable"),
    (lambda d: _header(d, 56, "<H", 0), "no program headers"),
    (lambda d: _header(d, 32, "<Q", 1 << 40), "program header table"),
    (lambda d: _header(d, 24, "<Q", 0x99999), "entry point 0x99999 is not inside an executable PT_LOAD segment"),
    (lambda d: _phdr(d, 0, "filesz", 1 << 30), "past the end of the file"),
    (lambda d: _phdr(d, 2, "memsz", 1 << 40), "more than the 256 MiB limit"),
    (lambda d: _phdr(d, 1, "vaddr", 0x10004), "overlap"),
    (lambda d: _phdr(d, 1, "memsz", 1), "p_filesz 0x3 larger than p_memsz 0x1"),
    (lambda d: _phdr(d, 0, "vaddr", (1 << 64) - 4), "wraps the 64-bit address space"),
    (lambda d: _header(d, 40, "<Q", len(d)), "section header table"),
])
def test_reader_rejects_with_one_clear_defect(sample, mutate, defect):
    with pytest.raises(ProgramError) as info:
        parse_program(mutate(sample), "bad.elf")
    message = str(info.value)
    assert message.startswith("bad.elf: ") and defect in message and "\n" not in message


# Words that only a Python exception would bring into a message (issue 10 item 15).
PYTHON_INTERNALS = r"\b\w*(Error|Exception)\b|Python|struct|unpack|NoneType|codec|Expected section|Traceback|int too large"


def _shdr(data: bytes, index: int, field: str, value: int) -> bytes:
    shoff = struct.unpack_from("<Q", data, 40)[0]
    offsets = {"name": 0, "type": 4, "flags": 8, "offset": 24, "size": 32, "link": 40, "entsize": 56}
    fmt = "<I" if field in ("name", "type", "link") else "<Q"
    return _header(data, shoff + 64 * index + offsets[field], fmt, value)


def _section_index(data: bytes, name: str) -> int:
    return next(s.index for s in parse_program(data).sections if s.name == name)


@pytest.mark.parametrize(("mutate", "defect"), [
    # each of these reached pyelftools and came back as "malformed ELF file (ELFError: ...)"
    (lambda d: _shdr(d, _section_index(d, ".symtab"), "entsize", 12), "(symbol table) has entries of 12 bytes (expected 24)"),
    (lambda d: _shdr(d, _section_index(d, ".symtab"), "size", 25), "(symbol table) is 25 bytes, not a whole number of 24-byte entries"),
    (lambda d: _shdr(d, _section_index(d, ".symtab"), "link", _section_index(d, ".note.pto.isa")),
     "(symbol table) links to section 8, which is a note section (expected a string table)"),
    (lambda d: _shdr(d, _section_index(d, ".symtab"), "link", 99), "links to section 99, which does not exist"),
    (lambda d: _shdr(d, _section_index(d, ".data"), "type", 4), "(SHT_RELA relocations) has entries of 0 bytes (expected 24)"),
    (lambda d: _shdr(d, _section_index(d, ".data"), "type", 9), "(SHT_REL relocations) has entries of 0 bytes (expected 16)"),
    (lambda d: _shdr(d, _section_index(d, ".data"), "type", 5), "(hash table) links to section 0, which does not exist"),
    (lambda d: _shdr(d, _section_index(d, ".data"), "name", 1 << 31), "name offset 0x80000000 outside the section name table"),
    (lambda d: _shdr(d, _section_index(d, ".data"), "offset", (1 << 64) - 8), "past the end of the file"),
    (lambda d: _shdr(d, _section_index(d, ".data"), "flags", 0x803), "marked compressed but is too small"),
    (lambda d: _header(d, 62, "<H", 1), "section name table (section 1) is not a string table"),
], ids=["symtab-entsize", "symtab-size", "symtab-link-note", "symtab-link-missing", "rela-entsize", "rel-entsize",
        "hash-link", "name-offset", "huge-offset", "compressed", "shstrndx"])
def test_section_defects_are_named_in_plain_words(sample, mutate, defect):
    with pytest.raises(ProgramError) as info:
        parse_program(mutate(sample), "bad.elf")
    message = str(info.value)
    assert message.startswith("bad.elf: section ") and defect in message and "\n" not in message
    assert not re.search(PYTHON_INTERNALS, message), message


def test_position_independent_dyn_is_rejected():
    image = write_elf([OutSection(".text", 0, "ax", False, b"\0\0", 2)], [], 0)
    with pytest.raises(ProgramError, match="position-independent ET_DYN"):
        parse_program(_header(image, 16, "<H", 3), "pie.elf")
    ok = _header(write_elf([OutSection(".text", 0x10000, "ax", False, b"\0\0", 2)], [], 0x10000), 16, "<H", 3)
    assert parse_program(ok, "dyn.elf").e_type == "ET_DYN"


def _with_note(desc: bytes, owner: bytes = b"PTO\0", ntype: int = 1) -> bytes:
    image = bytearray(write_elf([OutSection(".text", 0x10000, "ax", False, b"\0\0", 2)], [], 0x10000))
    p = parse_program(bytes(image))
    note = next(s for s in p.sections if s.name == ".note.pto.isa")
    desc = desc.ljust(note.size - 16)
    blob = struct.pack("<III", len(owner), len(desc), ntype) + owner + bytes(-len(owner) % 4) + desc
    blob += bytes(note.size - len(blob))
    assert len(blob) == note.size
    image[note.offset : note.offset + note.size] = blob
    return bytes(image)


def test_identity_mismatch_is_reported_not_fatal():
    other = dict(elf.IDENTITY, release="0.58.0")
    p = parse_program(_with_note(json.dumps(other, sort_keys=True, separators=(",", ":")).encode()), "old.elf")
    assert p.identity.status == "mismatch"
    assert "release is '0.58.0', this emulator implements '0.58.3'" in p.identity.describe()


@pytest.mark.parametrize(("desc", "defect"), [
    (b"{not json", "descriptor is not UTF-8 JSON"),
    (json.dumps({"release": "0.58.3"}).encode(), "lacks string fields"),
])
def test_malformed_identity_note_is_an_error(desc, defect):
    with pytest.raises(ProgramError, match=defect):
        parse_program(_with_note(desc), "n.elf")


# ------------------------------------------------------------------ loader
def test_loader_maps_permissions_zero_fill_stack_and_entry(sample):
    m = Machine(DEBUG)
    loaded = load(m, parse_program(sample, "sample.elf"))
    perms = m.mem.perms
    assert perms[0x10] == R | X and perms[0x11] == R and perms[0x12] == R | W and perms[0x13] == R | W
    assert perms[0x14] == R | W  # the bss tail (5000 bytes from 0x13000)
    assert 0x15 not in perms
    assert m.mem.peek(0x12000, 8) == (0x1122334455667788).to_bytes(8, "little")
    assert m.mem.peek(0x13000, 5000) == bytes(5000)
    assert m.pc == 0x10000 and m.r[1] == 0xF000 and loaded.stack_top == 0xF000
    assert perms[0xE] == R | W and perms[0] == R | W  # stack [0, 0xF000): the top is below 64 KiB
    assert loaded.stop_address is None and loaded.result_address is None
    assert [s.name for s in loaded.symbol_list()][:1] == ["table_size"]


def test_loader_page_shared_by_two_segments_gets_the_union():
    image = write_elf([OutSection(".text", 0x10000, "ax", False, b"\x40\x08\x2c\xc0", 4),
                       OutSection(".data", 0x10800, "aw", False, b"\x07" * 8, 8)], [], 0x10000)
    p = parse_program(image, "shared.elf")
    assert len(p.segments) == 2
    m = Machine(DEBUG)
    load(m, p)
    assert m.mem.perms[0x10] == R | W | X
    assert m.mem.peek(0x10800, 8) == b"\x07" * 8


def test_loader_custom_stack_top_and_a_segment_below_it():
    m = Machine(DEBUG)
    p = parse_program(assemble("_start: c.bstop\n", "s.s"), "s.elf")
    loaded = load(m, p, stack_top=0x80000)
    assert m.r[1] == 0x80000 and m.mem.perms[0x7F] == R | W and 0x6F not in m.mem.perms
    assert loaded.stack_top == 0x80000
    # 64 KiB below 0x12000 would reach the code page 0x10000: the stack is the one free
    # page above it (DESIGN.md §2: a program is never refused for the stack's sake)
    m = Machine(DEBUG)
    loaded = load(m, p, stack_top=0x12000)
    assert m.r[1] == 0x12000 and (loaded.stack_low, loaded.stack_moved) == (0x11000, False)
    assert m.mem.perms[0x10] == R | X and m.mem.perms[0x11] == R | W and 0xF not in m.mem.perms


def test_loader_reference_profile():
    m = Machine(reference(4096))
    p = parse_program(assemble("_start: addi zero, 3, ->a0\n c.bstart.sys\n c.ebreak 0\n", "r.s", text_base=0x100))
    load(m, p)
    assert m.pc == 0x100 and m.r[1] == 4096
    m.run(10)
    assert m.r[2] == 3
    with pytest.raises(ProgramError, match="does not fit the reference profile's 4096-byte memory"):
        load(Machine(reference(4096)), parse_program(assemble("_start: c.bstop\n", "r.s")))


def test_load_path_accepts_source_and_rejects_garbage(tmp_path):
    src = tmp_path / "p.s"
    src.write_text("_start: addi zero, 9, ->a1\n c.bstart.sys\n c.ebreak 0\n")
    m = Machine(DEBUG)
    loaded = load_path(m, src)
    assert loaded.assembly is not None and loaded.entry == 0x10000
    m.run(10)
    assert m.r[3] == 9
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"\0\1\2\3" * 10)
    with pytest.raises(ProgramError, match="not an ELF file"):
        read_source_or_elf(junk)
    bad = tmp_path / "bad.s"
    bad.write_text("nope a0\n")
    with pytest.raises(ProgramError, match=r"bad.s:1:1: error: unknown mnemonic 'nope'"):
        read_source_or_elf(bad)


# --------------------------------------------- the test programs, run to their stop
def _run(name: str, steps: int = 2000, prepare=None):
    m = Machine(DEBUG)
    loaded = load_path(m, TEST_PROGRAMS / name)
    if prepare:
        prepare(m, loaded)
    if loaded.stop_address is not None:
        m.add_stop(loaded.stop_address)
    result = m.run(steps)
    return m, loaded, result


def _sym(loaded, name):
    return loaded.program.symbol(name).value


def _ebreak(result, cause=0):
    assert result.reason == "trap" and result.trap.number == 50 and result.trap.cause == cause


def test_program_dma_copy():
    """PTO-AVS-SCALAR-DMA-COPY-001 in program form: disjoint 64-byte copy."""
    m, lp, res = _run("dma_copy.s")
    _ebreak(res)
    src, dst = _sym(lp, "src"), _sym(lp, "dst")
    assert m.r[2] == src and m.r[3] == dst
    assert m.mem.peek(dst, 64) == bytes(range(1, 65)) == m.mem.peek(src, 64)


def test_program_dma_overlaps():
    """PTO-AVS-SCALAR-DMA-OVERLAP-001 (forward) in program form, and the backward case."""
    m, lp, res = _run("dma_overlap_forward.s")
    _ebreak(res)
    buf = _sym(lp, "buf")
    assert m.mem.peek(buf, 8) == bytes(range(0x80, 0x88))
    assert m.mem.peek(buf + 8, 64) == bytes(range(0x80, 0xC0))
    m, lp, res = _run("dma_overlap_backward.s")
    _ebreak(res)
    buf = _sym(lp, "buf")
    assert m.mem.peek(buf, 64) == bytes(range(0x80, 0xC0))
    assert m.mem.peek(buf + 64, 8) == bytes(range(0xB8, 0xC0))


def test_program_dma_fault_on_read_only_destination():
    """PTO-AVS-SCALAR-DMA-PRECISE-001 in program form: the destination page is read-only;
    the DMA faults precisely (no change), then after fixing and recovering it reissues."""
    def readonly(m, lp):
        m.mem.set_perms(_sym(lp, "dst"), 64, R)

    m, lp, res = _run("dma_fault.s", prepare=readonly)
    dst, copy = _sym(lp, "dst"), _sym(lp, "copy")
    assert dst % 4096 == 0 and m.mem.perms[(dst >> 12) - 1] != R  # its own page
    assert res.reason == "trap" and res.trap.number == 35
    assert res.trap.arg0 == dst and res.trap.saved_tpc == copy
    assert m.mem.peek(dst, 64) == bytes(64)
    m.mem.set_perms(dst, 64, R | W)
    m.recover(0)
    assert m.pc == copy
    _ebreak(m.run(100))
    assert m.mem.peek(dst, 64) == bytes(range(0x40, 0, -1))


def test_program_cond_loop():
    m, _, res = _run("cond_loop.s")
    _ebreak(res)
    assert m.r[2] == 10


def test_program_calls():
    m, lp, res = _run("call_setret.s")
    _ebreak(res, 1)
    assert m.r[2] == 5 and m.r[10] == _sym(lp, "back")
    m, lp, res = _run("call_blocks.s")
    _ebreak(res, 2)
    assert (m.r[2], m.r[3]) == (7, 9) and m.r[10] == _sym(lp, "ret2")


def test_program_queues():
    m, _, res = _run("queues.s")
    _ebreak(res)
    assert (m.r[2], m.r[3], m.r[4]) == (7, 110, 0x10001)
    assert m.queue("t") == [0x10001, 110, 107, 4] and m.queue("u") == [100, 200, None, None]


def test_program_lr_sc_broken_by_dma():
    m, lp, res = _run("lr_sc_dma.s")
    _ebreak(res)
    line, src = _sym(lp, "line"), _sym(lp, "src")
    assert m.r[3] == 0x1111111111111111 and m.r[6] == 1 and m.resv is None
    assert m.mem.peek(line, 64) == m.mem.peek(src, 64) == bytes(range(0xA0, 0xE0))


def test_program_trap_handler():
    m, lp, res = _run("trap_handler.s")
    _ebreak(res)
    dst = _sym(lp, "dst")
    assert m.r[4] == dst and m.r[11] == 1
    assert m.mem.peek(dst, 64) == bytes(range(1, 65))
    assert m.read_sysreg(0xF01) == 0


def test_program_cross_model_convention():
    m, lp, res = _run("cross_model.s")
    assert res.reason == "stop-pc" and m.pc == lp.stop_address == _sym(lp, "cross_model_stop")
    assert lp.result_size == 16 and lp.result_address == _sym(lp, "cross_model_result")
    assert lp.result_bytes(m).hex() == "2a000000000000008877665544332211"
    assert m.r[5] == 42 and m.r[6] == 0x1122334455667788 and m.queue("t")[0] == 0x55667788


def test_program_stack_frame():
    m, _, res = _run("stack_frame.s")
    _ebreak(res)
    assert m.r[1] == 0xF000 - 32
    assert (m.r[2], m.r[3], m.r[4], m.r[5]) == (0x1234, (1 << 64) - 2, 0x1232, 0x1232)


def test_program_recurse():
    """Four activations of a function with frame templates (FENTRY/FRET.STK) unwind back:
    the templates' sp (a0), the count and the callee-saved s0 are the caller's again."""
    m, _, res = _run("recurse.s")
    _ebreak(res)
    assert (m.reg("a0"), m.reg("a1"), m.reg("s0")) == (0xE010, 0, 0)
    assert int.from_bytes(m.mem.peek(0xE010 - 64, 8), "little") == 3  # the 4th FENTRY saved s0 = 3


def test_every_program_is_covered():
    names = {p.name for p in TEST_PROGRAMS.glob("*.s")}
    assert len(names) >= 10
    for name in names:
        a = assemble_unit((TEST_PROGRAMS / name).read_text(), name)
        assert a.entry == (0x100 if name == "avs_layout.s" else 0x10000)  # that one is linked the pto-avs way
        assert (TEST_PROGRAMS / name).read_text().startswith(f"# {name} - ")
