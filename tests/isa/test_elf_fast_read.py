"""The ELF reader's start-up shortcuts (issue 15 item 3) read exactly what the slow way reads.

* Sections of the kinds pyelftools reads as a bare header and name are read without it
  (:func:`ptodbg.isa.elf._plain_sections`); the result, or the refusal, must be the same as
  reading every section with pyelftools, on the real programs and on corrupted copies.
* The symbol table is unpacked in one pass over an ASCII string table; the symbols must be
  the ones the ELF specification defines (gABI "Symbol Table": ``st_name`` indexes the
  linked string table, a NUL-terminated name; section and file symbols, undefined symbols
  and nameless ones are left out as DESIGN.md §3 says), sorted by address, globals first,
  then name, as a plain per-symbol decoding gives them.
"""

from __future__ import annotations

import random
import struct

import pytest
from support.paths import PROGRAMS

from ptodbg.isa import elf
from ptodbg.isa.elf import OutSection, OutSymbol, ProgramError, Symbol, parse_program, write_elf

ELF_FILES = sorted(p for p in PROGRAMS.iterdir() if p.name != "LICENSE")


def _outcome(data: bytes, via_pyelftools: bool):
    try:
        return repr(elf._Reader(data, "v.elf", via_pyelftools).read())
    except ProgramError as e:
        return f"refused: {e}"


def _reference_symbols(program: elf.Program) -> list[Symbol]:
    """Symbols decoded one by one, straight from the gABI layout (no shortcut)."""
    table = next(s for s in program.sections if s.type == elf.SHT_SYMTAB)
    strtab = program.sections[table.link].data
    out = []
    for k in range(1, table.size // 24):
        name_off, info, _other, shndx, value, size = struct.unpack_from("<IBBHQQ", table.data, 24 * k)
        if info & 0xF in (elf.STT_SECTION, elf.STT_FILE) or shndx == elf.SHN_UNDEF:
            continue
        end = strtab.find(b"\0", name_off)
        name = strtab[name_off : end if end >= 0 else len(strtab)].decode("utf-8", "replace")
        if not name:
            continue
        section = program.sections[shndx].name if shndx < len(program.sections) and shndx < elf.SHN_LORESERVE else None
        out.append(Symbol(name, value, size, elf._SYM_TYPES.get(info & 0xF, f"type{info & 0xF}"),
                          elf._SYM_BINDS.get(info >> 4, f"bind{info >> 4}"), shndx, section))
    out.sort(key=lambda s: (s.value, s.binding == "local", s.name))
    return out


@pytest.mark.parametrize("path", ELF_FILES, ids=lambda p: p.name)
def test_real_programs_read_the_same_without_pyelftools(path):
    data = path.read_bytes()
    plain = elf._plain_sections([elf._SHDR.unpack_from(data, struct.unpack_from("<Q", data, 40)[0] + 64 * i)
                                 for i in range(struct.unpack_from("<H", data, 60)[0])])
    assert plain == path.name.endswith(".static")  # a shared one has hash and relocation sections
    fast = _outcome(data, via_pyelftools=False)
    assert not fast.startswith("refused")
    assert fast == _outcome(data, via_pyelftools=True)


@pytest.mark.parametrize("path", ELF_FILES, ids=lambda p: p.name)
def test_symbols_are_the_gabi_symbols_in_address_order(path):
    program = parse_program(path.read_bytes(), path.name)
    assert len(program.symbols) >= 8
    assert list(program.symbols) == _reference_symbols(program)


def test_corrupted_section_headers_are_refused_alike():
    """Names, types, flags, offsets, sizes and links set to awkward values: the shortcut
    takes a file or refuses it with the same words as pyelftools' reading."""
    data = (PROGRAMS / "02_algorithms.static").read_bytes()
    shoff = struct.unpack_from("<Q", data, 40)[0]
    shnum = struct.unpack_from("<H", data, 60)[0]
    rng = random.Random("plain-sections")
    plain = refused = 0
    for _ in range(300):
        out = bytearray(data)
        k = rng.randrange(shnum)
        at, fmt = rng.choice([(0, "<I"), (4, "<I"), (8, "<Q"), (24, "<Q"), (32, "<Q"), (40, "<I"), (56, "<Q")])
        value = rng.choice([0, 1, 2, 3, 7, 8, 11, 14, 0x800, 0x802, shnum, len(data) - 3, len(data) + 5,
                            (1 << 32) - 1, rng.randrange(1 << 12)])
        struct.pack_into(fmt, out, shoff + 64 * k + at, value)
        fast, slow = _outcome(bytes(out), False), _outcome(bytes(out), True)
        assert fast == slow
        refused += fast.startswith("refused")
        raw = [elf._SHDR.unpack_from(out, shoff + 64 * i) for i in range(shnum)]
        plain += elf._plain_sections(raw)
    assert refused > 20 and plain > 150  # both ways were exercised


def test_non_ascii_and_unterminated_names():
    """A UTF-8 symbol name, one with an invalid byte (decoded with replacement), and a
    section name on the name table's final NUL (empty, as pyelftools reads it)."""
    image = write_elf([OutSection(".text", 0x10000, "ax", False, b"\0\0", 2)],
                      [OutSymbol("größe", 0x10000, 0, "func", "global", ".text"),
                       OutSymbol("bad\x01name", 0x10000, 0, "func", "local", ".text")], 0x10000)
    image = image.replace(b"bad\x01name", b"bad\xffname")
    p = parse_program(image)
    assert [s.name for s in p.symbols] == ["größe", "bad\ufffdname"]
    assert list(p.symbols) == _reference_symbols(p)
    assert _outcome(image, False) == _outcome(image, True)
    shoff = struct.unpack_from("<Q", image, 40)[0]
    shnum = struct.unpack_from("<H", image, 60)[0]
    names = elf._SHDR.unpack_from(image, shoff + 64 * (shnum - 1))
    out = bytearray(image)
    struct.pack_into("<I", out, shoff + 64 * (shnum - 1), names[5] - 1)  # the table's last byte
    assert _outcome(bytes(out), False) == _outcome(bytes(out), True)
