"""ELF64 programs for PTO (docs/interfaces.md §3): a validating reader and the assembler's writer.

Reader
======

:func:`read_program` / :func:`parse_program` accept ELF64 little-endian files with
``e_machine`` 233 (EM_LINXISA) of type ``ET_EXEC``, or ``ET_DYN`` when position-dependent
(every ``PT_LOAD`` at a nonzero link address: such files load where they were linked).
Anything else, and every malformed file, raises one :class:`ProgramError` whose message is
``"<file>: <defect>"`` in plain words (never a Python exception's name or text); nothing is
half-read.  The header, the program headers and every section header are checked here field
by field, before pyelftools sees them (so that the message names the defect, and pyelftools
is never handed a header it would choke on): table bounds, name offsets inside the section
name table, bytes inside the file, entry sizes and links of the section kinds whose layout
pyelftools relies on (symbol tables, relocations, hash and version tables, ``.dynamic``).
pyelftools then reads the section headers and names; should it still refuse one, the
section is reported with its header's inconsistency, and any other slip is the plain
:data:`UNFORESEEN_DEFECT`.  The symbol table is unpacked with :mod:`struct` (pyelftools'
per-symbol objects take most of a second on a 10,000-symbol file).  Resource bounds: the
file is read through :mod:`ptodbg.base.userfile` (64 MiB at most), the ``PT_LOAD`` segments
may not overlap and their memory sizes may not add up to more than :data:`MAX_TOTAL_MEMSZ`
(256 MiB), and a symbol table holds at most :data:`MAX_SYMBOLS` entries, so a corrupt header
cannot make a loader allocate gigabytes.

The ``.note.pto.isa`` identity note (owner ``PTO``, type 1, a JSON descriptor with
``release``, ``encoding_abi`` and ``encoding_projection_sha256``; format from pto-spec
``scripts/generate-release-manifest``, ``elf_identity``) is parsed and compared with this
implementation's identity when present.  A malformed note is a :class:`ProgramError`; a
well-formed note naming another identity is *reported* (``Identity.status ==
"mismatch"``, with the differences) but does not stop loading: ptodbg is a debugger and
the user decides.  An absent note is reported as absent.

Writer
======

:func:`write_elf` lays out ``ET_EXEC`` images for the assembler: ELF header, program
headers, the identity note, each ``PT_LOAD`` at a file offset congruent to its address
modulo 4 KiB, then non-allocated sections, ``.symtab``/``.strtab``/``.shstrtab`` and the
section header table.  Symbols are written locals first (as ELF requires), each group
sorted by (address, name), so equal inputs give equal bytes.
"""

from __future__ import annotations

import io
import struct
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ptodbg.base import userfile
from ptodbg.base.record import Frozen, Record

if TYPE_CHECKING:
    from ptodbg.isa.elf_out import OutSection, OutSymbol

EM_LINXISA = 233
ET_EXEC, ET_DYN = 2, 3
PT_LOAD, PT_INTERP, PT_NOTE, PT_PHDR = 1, 3, 4, 6
PF_X, PF_W, PF_R = 1, 2, 4
SHT_NULL, SHT_PROGBITS, SHT_SYMTAB, SHT_STRTAB, SHT_NOTE, SHT_NOBITS, SHT_DYNSYM = 0, 1, 2, 3, 7, 8, 11
SHF_WRITE, SHF_ALLOC, SHF_EXECINSTR, SHF_COMPRESSED = 1, 2, 4, 0x800
SHT_RELA, SHT_HASH, SHT_DYNAMIC, SHT_REL, SHT_RELR = 4, 5, 6, 9, 19
SHT_GNU_HASH, SHT_GNU_VERDEF, SHT_GNU_VERNEED, SHT_GNU_VERSYM = 0x6FFFFFF6, 0x6FFFFFFD, 0x6FFFFFFE, 0x6FFFFFFF
_CHDR_SIZE = 24
# Section kinds whose layout pyelftools relies on: their entry sizes, and what they link to.
_ENTRY_SIZES = {2: ("symbol table", 24), 11: ("dynamic symbol table", 24), SHT_RELA: ("SHT_RELA relocations", 24),
                SHT_REL: ("SHT_REL relocations", 16), SHT_RELR: ("SHT_RELR relocations", 8),
                SHT_DYNAMIC: ("dynamic section", 16)}
_LINKS_TO = {2: ("symbol table", (3,)), 11: ("dynamic symbol table", (3,)), SHT_HASH: ("hash table", (2, 11)),
             SHT_GNU_HASH: ("GNU hash table", (2, 11)), SHT_GNU_VERSYM: ("symbol versions", (2, 11)),
             SHT_GNU_VERDEF: ("version definitions", (3,)), SHT_GNU_VERNEED: ("version needs", (3,)),
             SHT_DYNAMIC: ("dynamic section", (3,))}
_TYPE_WORDS = {0: "null section", 1: "PROGBITS section", 2: "symbol table", 3: "string table",
               4: "SHT_RELA section", 7: "note section", 8: "NOBITS section", 11: "dynamic symbol table"}
SHN_UNDEF, SHN_ABS, SHN_COMMON, SHN_LORESERVE = 0, 0xFFF1, 0xFFF2, 0xFF00
STB_LOCAL, STB_GLOBAL, STB_WEAK = 0, 1, 2
STT_NOTYPE, STT_OBJECT, STT_FUNC, STT_SECTION, STT_FILE, STT_TLS = 0, 1, 2, 3, 4, 6
PAGE = 0x1000
MAX_TOTAL_MEMSZ = 256 << 20
MAX_PHNUM = 4096
MAX_SYMBOLS = 1 << 20  # a symbol costs ~200 bytes in memory; real programs have ~10,000

IDENTITY = {
    "release": "0.58.3",
    "encoding_abi": "pto-isa-0.58.3-mode-function-v1",
    # sha256 of the normalized encoding projection of the 0.58.3 catalogs, computed with
    # pto-spec scripts/generate-release-manifest (encoding_projection) at e599a3d3.
    "encoding_projection_sha256": "8a48b80e04484c70870f155bf9efc79d2a805cf99e809f4e4e8a7e6a7eb34172",
}
NOTE_SECTION = ".note.pto.isa"
NOTE_OWNER = "PTO"
NOTE_TYPE = 1

_EHDR = struct.Struct("<16sHHIQQQIHHHHHH")
_PHDR = struct.Struct("<IIQQQQQQ")
_SHDR = struct.Struct("<IIQQQQIIQQ")
_SYM = struct.Struct("<IBBHQQ")
_set = object.__setattr__
_MACHINES = {0: "none", 3: "x86", 40: "ARM", 62: "x86-64", 183: "AArch64", 243: "RISC-V"}
_TYPE_NAMES = {0: "ET_NONE", 1: "ET_REL", 2: "ET_EXEC", 3: "ET_DYN", 4: "ET_CORE"}
_SYM_TYPES = {STT_NOTYPE: "notype", STT_OBJECT: "object", STT_FUNC: "func", STT_SECTION: "section",
              STT_FILE: "file", STT_TLS: "tls"}
_SYM_BINDS = {STB_LOCAL: "local", STB_GLOBAL: "global", STB_WEAK: "weak"}


class ProgramError(ValueError):
    """A file that is not a loadable PTO program; the message names the file and defect."""


# ====================================================================== model
class Segment(Frozen):
    """A ``PT_LOAD`` segment."""

    index: int
    vaddr: int
    memsz: int
    filesz: int
    flags: int  # PF_R | PF_W | PF_X
    offset: int
    data: bytes  # the filesz bytes from the file

    @property
    def end(self) -> int:
        return self.vaddr + self.memsz

    @property
    def perms(self) -> str:
        f = self.flags
        return ("r" if f & PF_R else "-") + ("w" if f & PF_W else "-") + ("x" if f & PF_X else "-")


class Section(Frozen):
    """A section header with its name and (for all but NOBITS) its bytes."""

    index: int
    name: str
    type: int
    flags: int
    addr: int
    size: int
    offset: int
    align: int
    link: int
    entsize: int
    data: bytes  # b"" for NOBITS

    @property
    def alloc(self) -> bool:
        return bool(self.flags & SHF_ALLOC)

    @property
    def executable(self) -> bool:
        return bool(self.flags & SHF_EXECINSTR)

    @property
    def writable(self) -> bool:
        return bool(self.flags & SHF_WRITE)

    @property
    def nobits(self) -> bool:
        return self.type == SHT_NOBITS

    @property
    def flag_text(self) -> str:
        return ("a" if self.alloc else "") + ("w" if self.writable else "") + ("x" if self.executable else "")


class Symbol(NamedTuple):
    """One defined symbol (a named tuple: programs have ten thousand of them)."""

    name: str
    value: int
    size: int
    type: str  # "func" | "object" | "notype" | "section" | "file" | "tls" | "type<N>"
    binding: str  # "local" | "global" | "weak" | "bind<N>"
    shndx: int
    section: str | None  # name of the defining section; None for absolute/undefined

    @property
    def absolute(self) -> bool:
        return self.shndx == SHN_ABS

    @property
    def defined(self) -> bool:
        return self.shndx != SHN_UNDEF


class Identity(Frozen):
    """What the ``.note.pto.isa`` note says, compared with :data:`IDENTITY`."""

    present: bool
    fields: dict[str, str]
    problems: tuple[str, ...]

    def __init__(self, present: bool, fields: dict[str, str] | None = None, problems: tuple[str, ...] = ()) -> None:
        _set(self, "present", present)
        _set(self, "fields", {} if fields is None else fields)
        _set(self, "problems", problems)

    @property
    def status(self) -> str:
        if not self.present:
            return "absent"
        return "mismatch" if self.problems else "match"

    def describe(self) -> str:
        if not self.present:
            return "PTO identity note absent"
        if not self.problems:
            return f"PTO identity note: release {self.fields.get('release')} (matches)"
        return "PTO identity note mismatch: " + "; ".join(self.problems)


class Program(Record):
    """A validated PTO program file."""

    path: str
    e_type: str  # "ET_EXEC" | "ET_DYN"
    entry: int
    segments: tuple[Segment, ...]
    sections: tuple[Section, ...]
    symbols: tuple[Symbol, ...]  # defined, non-section, non-file symbols sorted by address
    identity: Identity
    interp: str | None
    by_name: dict[str, Symbol]  # the symbol each name resolves to: a global one, else the first local
    phoff: int  # file offset of the program header table
    phnum: int
    phdr_vaddr: int | None  # PT_PHDR's address, when the file has one
    shadowed: tuple[Symbol, ...]  # the symbols by_name does not resolve to (a name's other definitions)

    def __init__(self, path: str, e_type: str, entry: int, segments: tuple[Segment, ...],
                 sections: tuple[Section, ...], symbols: tuple[Symbol, ...], identity: Identity,
                 interp: str | None = None, by_name: dict[str, Symbol] | None = None, phoff: int = 0,
                 phnum: int = 0, phdr_vaddr: int | None = None, shadowed: tuple[Symbol, ...] = ()) -> None:
        self.path, self.e_type, self.entry = path, e_type, entry
        self.segments, self.sections, self.symbols, self.identity = segments, sections, symbols, identity
        self.interp, self.by_name = interp, {} if by_name is None else by_name
        self.phoff, self.phnum, self.phdr_vaddr = phoff, phnum, phdr_vaddr
        self.shadowed = shadowed

    def __repr__(self) -> str:  # by_name and shadowed are left out (derived from symbols)
        return (f"Program(path={self.path!r}, e_type={self.e_type!r}, entry={self.entry!r}, "
                f"segments={self.segments!r}, sections={self.sections!r}, symbols={self.symbols!r}, "
                f"identity={self.identity!r}, interp={self.interp!r}, phoff={self.phoff!r}, "
                f"phnum={self.phnum!r}, phdr_vaddr={self.phdr_vaddr!r})")

    def phdr_address(self) -> int | None:
        """Where the program headers are in memory (for AT_PHDR): PT_PHDR, else the
        segment that maps file offset ``phoff``."""
        if self.phdr_vaddr is not None:
            return self.phdr_vaddr
        for seg in self.segments:
            if seg.offset <= self.phoff < seg.offset + seg.filesz:
                return seg.vaddr + self.phoff - seg.offset
        return None

    def symbol(self, name: str) -> Symbol | None:
        return self.by_name.get(name)

    def symbols_at(self, address: int) -> list[Symbol]:
        return [s for s in self.symbols if s.value == address and not s.absolute]

    def section_at(self, address: int) -> Section | None:
        for s in self.sections:
            if s.alloc and s.addr <= address < s.addr + s.size:
                return s
        return None

    @property
    def memsz(self) -> int:
        return sum(s.memsz for s in self.segments)


# ===================================================================== reader
def read_program(path: str | Path) -> Program:
    """Read (bounded, :mod:`ptodbg.base.userfile`) and validate the ELF file at ``path``."""
    try:
        data = userfile.read_bytes(path, "program")
    except userfile.UserFileError as e:
        raise ProgramError(str(e)) from None
    return parse_program(data, str(path))


def is_elf(data: bytes) -> bool:
    return data[:4] == b"\x7fELF"


def parse_program(data: bytes, path: str = "<memory>") -> Program:
    """Validate ``data`` as a PTO program (raises :class:`ProgramError`)."""
    try:
        return _Reader(data, path).read()
    except ProgramError:
        raise
    except Exception:  # a defect the checks above missed: still one plain sentence
        raise ProgramError(f"{path}: {UNFORESEEN_DEFECT}") from None


# What a file gets when a defect slips past every check (the fuzz target for the reader
# treats this message as a finding: each such defect should get its own check and words).
UNFORESEEN_DEFECT = "malformed ELF file (its headers or tables are inconsistent)"


class _Reader:
    def __init__(self, data: bytes, path: str, via_pyelftools: bool = False) -> None:
        self.data = data
        self.path = path
        self.via_pyelftools = via_pyelftools  # tests: read every section with pyelftools

    def fail(self, defect: str) -> ProgramError:
        return ProgramError(f"{self.path}: {defect}")

    def read(self) -> Program:
        hdr = self.header()
        segments, interp, notes = self.program_headers(hdr)
        sections = self.sections(hdr)
        symbols = self.symbols(sections)
        identity = self.identity(sections, notes)
        entry = hdr["entry"]
        if not any(s.flags & PF_X and s.vaddr <= entry < s.vaddr + s.memsz for s in segments):
            raise self.fail(f"entry point {entry:#x} is not inside an executable PT_LOAD segment")
        by_name: dict[str, Symbol] = {}
        for s in symbols:
            if s.binding != "local":
                by_name[s.name] = s
        shadowed = []
        for s in symbols:
            if by_name.setdefault(s.name, s) is not s:
                shadowed.append(s)
        return Program(self.path, _TYPE_NAMES[hdr["type"]], entry, tuple(segments), tuple(sections),
                       tuple(symbols), identity, interp, by_name, hdr["phoff"], hdr["phnum"],
                       self.phdr_vaddr, tuple(shadowed))

    # ------------------------------------------------------------------ header
    def header(self) -> dict[str, int]:
        d = self.data
        if len(d) < 4 or d[:4] != b"\x7fELF":
            raise self.fail("not an ELF file (bad magic number)")
        if len(d) < 64:
            raise self.fail(f"truncated ELF header ({len(d)} of 64 bytes)")
        ident, e_type, machine, version, entry, phoff, shoff, _flags, ehsize, phentsize, phnum, \
            shentsize, shnum, shstrndx = _EHDR.unpack_from(d)
        if ident[4] != 2:
            raise self.fail(f"not a 64-bit ELF file (EI_CLASS {ident[4]}; expected ELFCLASS64)")
        if ident[5] != 1:
            raise self.fail(f"not a little-endian ELF file (EI_DATA {ident[5]}; expected ELFDATA2LSB)")
        if ident[6] != 1 or version != 1:
            raise self.fail(f"unknown ELF version {ident[6]}/{version} (expected 1)")
        if machine != EM_LINXISA:
            name = _MACHINES.get(machine, "unknown")
            raise self.fail(f"e_machine {machine} ({name}) is not EM_LINXISA (233)")
        if e_type not in (ET_EXEC, ET_DYN):
            raise self.fail(f"ELF type {_TYPE_NAMES.get(e_type, e_type)} is not loadable (expected ET_EXEC or a position-dependent ET_DYN)")
        if ehsize < 64:
            raise self.fail(f"bad e_ehsize {ehsize} (expected 64)")
        if phnum == 0:
            raise self.fail("no program headers (nothing to load)")
        if phentsize != _PHDR.size:
            raise self.fail(f"bad e_phentsize {phentsize} (expected 56)")
        if phnum > MAX_PHNUM or phoff + phnum * _PHDR.size > len(d):
            raise self.fail(f"program header table ({phnum} entries at offset {phoff:#x}) runs past the end of the file ({len(d)} bytes)")
        if shnum:
            if shentsize != _SHDR.size:
                raise self.fail(f"bad e_shentsize {shentsize} (expected 64)")
            if shoff + shnum * _SHDR.size > len(d):
                raise self.fail(f"section header table ({shnum} entries at offset {shoff:#x}) runs past the end of the file ({len(d)} bytes)")
            if shstrndx >= shnum:
                raise self.fail(f"section name table index {shstrndx} is out of range (there are {shnum} sections)")
        return {"type": e_type, "entry": entry, "phoff": phoff, "phnum": phnum, "shoff": shoff,
                "shnum": shnum, "shstrndx": shstrndx}

    # --------------------------------------------------------- program headers
    def program_headers(self, hdr: dict[str, int]) -> tuple[list[Segment], str | None, list[bytes]]:
        d = self.data
        segments: list[Segment] = []
        interp = None
        notes: list[bytes] = []
        total = 0
        self.phdr_vaddr = None
        for i in range(hdr["phnum"]):
            p_type, flags, offset, vaddr, _paddr, filesz, memsz, _align = _PHDR.unpack_from(d, hdr["phoff"] + i * _PHDR.size)
            if p_type == PT_PHDR:
                self.phdr_vaddr = vaddr
            if p_type in (PT_LOAD, PT_INTERP, PT_NOTE) and offset + filesz > len(d):
                raise self.fail(f"program header {i} (type {p_type}) has file bytes {offset:#x}+{filesz:#x} past the end of the file ({len(d)} bytes)")
            if p_type == PT_INTERP:
                raw = d[offset : offset + min(filesz, 4096)]
                interp = raw.split(b"\0", 1)[0].decode("utf-8", "replace")
            elif p_type == PT_NOTE:
                notes.append(d[offset : offset + filesz])
            if p_type != PT_LOAD:
                continue
            if memsz == 0:
                continue
            if filesz > memsz:
                raise self.fail(f"PT_LOAD segment {i} has p_filesz {filesz:#x} larger than p_memsz {memsz:#x}")
            if vaddr + memsz > 1 << 64:
                raise self.fail(f"PT_LOAD segment {i} ({vaddr:#x}+{memsz:#x}) wraps the 64-bit address space")
            total += memsz
            if total > MAX_TOTAL_MEMSZ:
                raise self.fail(f"PT_LOAD segments need {total:#x} bytes of memory, more than the {MAX_TOTAL_MEMSZ >> 20} MiB limit")
            segments.append(Segment(i, vaddr, memsz, filesz, flags & (PF_R | PF_W | PF_X), offset, d[offset : offset + filesz]))
        if not segments:
            raise self.fail("no PT_LOAD segment with memory (nothing to load)")
        ordered = sorted(segments, key=lambda s: s.vaddr)
        for a, b in zip(ordered, ordered[1:], strict=False):
            if b.vaddr < a.end:
                raise self.fail(f"PT_LOAD segments {a.index} ({a.vaddr:#x}..{a.end:#x}) and {b.index} ({b.vaddr:#x}..{b.end:#x}) overlap")
        if hdr["type"] == ET_DYN and ordered[0].vaddr < PAGE:
            raise self.fail("position-independent ET_DYN (linked at address 0) is not supported; expected ET_EXEC or an ET_DYN linked at its load address")
        return segments, interp, notes

    # ---------------------------------------------------------------- sections
    def sections(self, hdr: dict[str, int]) -> list[Section]:
        """The section header table: every header is checked here first (so that the
        message names the defect in plain words), then pyelftools reads the headers and
        names; anything it still objects to is reported as a defect of that section."""
        shnum = hdr["shnum"]
        if not shnum:
            return []
        d = self.data
        raw = [_SHDR.unpack_from(d, hdr["shoff"] + i * _SHDR.size) for i in range(shnum)]
        names_at = raw[hdr["shstrndx"]] if hdr["shstrndx"] else None
        if names_at is not None:
            if names_at[1] != SHT_STRTAB:
                raise self.fail(f"section name table (section {hdr['shstrndx']}) is not a string table (type {names_at[1]})")
            if names_at[4] + names_at[5] > len(d):
                raise self.fail(f"section name table (section {hdr['shstrndx']}) has bytes {names_at[4]:#x}+{names_at[5]:#x} past the end of the file ({len(d)} bytes)")
        for i, (name, stype, flags, _addr, offset, size, link, _info, _align, entsize) in enumerate(raw):
            label = f"section {i}"
            if names_at is not None and name >= max(names_at[5], 1):
                raise self.fail(f"{label} has name offset {name:#x} outside the section name table ({names_at[5]} bytes)")
            if stype != SHT_NOBITS and size and offset + size > len(d):
                raise self.fail(f"{label} has bytes {offset:#x}+{size:#x} past the end of the file ({len(d)} bytes)")
            if flags & SHF_COMPRESSED and stype != SHT_NOBITS and size < _CHDR_SIZE:
                raise self.fail(f"{label} is marked compressed but is too small ({size} bytes) for a compression header")
            if stype in _ENTRY_SIZES:
                kind, want = _ENTRY_SIZES[stype]
                if entsize != want:
                    raise self.fail(f"{label} ({kind}) has entries of {entsize} bytes (expected {want})")
                if size % want:
                    raise self.fail(f"{label} ({kind}) is {size} bytes, not a whole number of {want}-byte entries")
            if stype in _LINKS_TO:
                kind, targets = _LINKS_TO[stype]
                if not 0 < link < shnum or raw[link][1] not in targets:
                    what = " or ".join(_TYPE_WORDS[t] for t in targets)
                    found = "does not exist" if not 0 < link < shnum else f"is a {_TYPE_WORDS.get(raw[link][1], f'type-{raw[link][1]} section')}"
                    raise self.fail(f"{label} ({kind}) links to section {link}, which {found} (expected a {what})")
        if not self.via_pyelftools and _plain_sections(raw):
            return self.plain_sections(raw, raw[hdr["shstrndx"]][4])
        from elftools.common.exceptions import ELFError
        from elftools.elf.elffile import ELFFile

        elf = ELFFile(io.BytesIO(d))
        out: list[Section] = []
        for i in range(shnum):
            try:
                sec = elf.get_section(i)
                h = sec.header
                name = sec.name
            except (ELFError, ValueError, OverflowError, KeyError, TypeError, AttributeError, IndexError,
                    struct.error, UnicodeDecodeError):
                raise self.fail(f"section {i} cannot be read: {_section_defect(raw[i])}") from None
            stype = _section_type(h["sh_type"])
            data = b"" if stype == SHT_NOBITS else d[h["sh_offset"] : h["sh_offset"] + h["sh_size"]]
            out.append(Section(i, name, stype, h["sh_flags"], h["sh_addr"], h["sh_size"], h["sh_offset"],
                               h["sh_addralign"], h["sh_link"], h["sh_entsize"], data))
        return out

    def plain_sections(self, raw: list[tuple], names_offset: int) -> list[Section]:
        """The sections of a file whose every section is of a kind pyelftools reads as a
        plain header (:func:`_plain_sections`), read without it (importing pyelftools is a
        fifth of ``ptodbg run``'s start-up).  Names are read exactly as pyelftools'
        ``StringTableSection.get_string`` reads them: from the file, at the name table's
        offset plus the name offset, up to the next NUL byte of the *file*; a name with no
        NUL before the end of the file is empty; bytes decode as UTF-8 with replacement."""
        d = self.data
        out: list[Section] = []
        for i, (name_off, stype, flags, addr, offset, size, link, _info, align, entsize) in enumerate(raw):
            at = names_offset + name_off
            end = d.find(b"\0", at)
            name = d[at:end].decode("utf-8", "replace") if end >= 0 else ""
            data = b"" if stype == SHT_NOBITS else d[offset : offset + size]
            out.append(Section(i, name, stype, flags, addr, size, offset, align, link, entsize, data))
        return out

    def symbols(self, sections: list[Section]) -> list[Symbol]:
        table = next((s for s in sections if s.type == SHT_SYMTAB), None)
        if table is None:
            table = next((s for s in sections if s.type == SHT_DYNSYM), None)
        if table is None:
            return []
        if table.entsize not in (0, _SYM.size) or table.size % _SYM.size:
            raise self.fail(f"symbol table {table.name} has entries of {table.entsize} bytes (expected 24)")
        if table.size // _SYM.size > MAX_SYMBOLS:
            raise self.fail(f"symbol table {table.name} has {table.size // _SYM.size} entries, more than the limit of {MAX_SYMBOLS}")
        if not 0 < table.link < len(sections):
            raise self.fail(f"symbol table {table.name} links to string table {table.link}, which does not exist")
        strtab = sections[table.link].data
        limit = len(strtab)
        # An ASCII table (every real one) is decoded once and sliced as text: the same
        # names as decoding each slice, at a fraction of the cost on a 10,000-symbol file.
        ascii_only = strtab.isascii()
        text: str | bytes = strtab.decode("ascii") if ascii_only else strtab
        find = text.find
        nul = "\0" if ascii_only else b"\0"
        names = [sec.name if i < SHN_LORESERVE else None for i, sec in enumerate(sections)]
        names += [None] * (0x10000 - len(names))  # shndx is 16 bits: a list lookup, no test
        types = [_SYM_TYPES.get(t, f"type{t}") for t in range(16)]
        binds = [_SYM_BINDS.get(b, f"bind{b}") for b in range(16)]
        kept = [(i & 0xF) not in (STT_SECTION, STT_FILE) for i in range(256)]  # by st_info
        new = tuple.__new__
        out: list[Symbol] = []
        keys: list[tuple[int, bool, str]] = []
        for name_off, info, _other, shndx, value, size in _SYM.iter_unpack(memoryview(table.data)[_SYM.size :]):
            if not shndx or not kept[info]:  # undefined, section and file symbols
                continue
            end = find(nul, name_off)
            name = text[name_off:end] if end >= 0 else text[name_off:]
            if not name:
                if name_off >= limit and name_off:
                    raise self._bad_name_offset(table, limit, kept)
                continue
            if not ascii_only:
                name = name.decode("utf-8", "replace")
            out.append(new(Symbol, (name, value, size, types[info & 0xF], binds[info >> 4], shndx, names[shndx])))
            keys.append((value, info < 0x10, name))  # address, globals first (STB_LOCAL is 0), name
        order = sorted(range(len(out)), key=keys.__getitem__)  # stable, as list.sort(key=...)
        return [out[i] for i in order]

    def _bad_name_offset(self, table: Section, limit: int, kept: list[bool]) -> ProgramError:
        """The error for the first kept symbol whose name lies outside the string table."""
        for k, (name_off, info, _other, shndx, _value, _size) in enumerate(_SYM.iter_unpack(table.data)):
            if k and shndx and kept[info] and name_off >= limit and name_off:
                return self.fail(f"symbol {k} has name offset {name_off:#x} outside its string table")
        return self.fail(UNFORESEEN_DEFECT)  # not reached: the caller saw one

    # ---------------------------------------------------------------- identity
    def identity(self, sections: list[Section], notes: list[bytes]) -> Identity:
        blobs = [s.data for s in sections if s.name == NOTE_SECTION]
        if not blobs:
            blobs = notes
        for blob in blobs:
            for owner, ntype, desc in self.notes(blob):
                if owner == NOTE_OWNER and ntype == NOTE_TYPE:
                    return self.check_identity(desc)
        if any(s.name == NOTE_SECTION for s in sections):
            raise self.fail(f"{NOTE_SECTION} holds no PTO type-1 note")
        return Identity(False)

    def notes(self, blob: bytes) -> list[tuple[str, int, bytes]]:
        out = []
        pos = 0
        while pos + 12 <= len(blob):
            namesz, descsz, ntype = struct.unpack_from("<III", blob, pos)
            name_at = pos + 12
            desc_at = name_at + (namesz + 3) // 4 * 4
            end = desc_at + (descsz + 3) // 4 * 4
            if desc_at + descsz > len(blob):
                raise self.fail(f"malformed note at offset {pos:#x} (sizes {namesz}/{descsz} run past its {len(blob)} bytes)")
            owner = blob[name_at : name_at + namesz].rstrip(b"\0").decode("utf-8", "replace")
            out.append((owner, ntype, blob[desc_at : desc_at + descsz]))
            pos = end
        return out

    def check_identity(self, desc: bytes) -> Identity:
        import json  # only a program with an identity note needs it (kept off start-up)

        try:
            value = json.loads(desc.rstrip(b"\0").decode("utf-8"))
        except (UnicodeDecodeError, ValueError):
            raise self.fail(f"{NOTE_SECTION}: the PTO identity descriptor is not UTF-8 JSON") from None
        if not isinstance(value, dict) or not all(isinstance(value.get(k), str) for k in IDENTITY):
            raise self.fail(f"{NOTE_SECTION}: the PTO identity descriptor lacks string fields {', '.join(IDENTITY)}")
        fields = {k: value[k] for k in IDENTITY}
        problems = tuple(f"{k} is {fields[k]!r}, this emulator implements {IDENTITY[k]!r}"
                         for k in IDENTITY if fields[k] != IDENTITY[k])
        return Identity(True, fields, problems)


# Section kinds pyelftools reads as a header and a name and nothing more, once the checks of
# ``_Reader.sections`` passed (``ELFFile._make_section``: ``Section``, ``NullSection``,
# ``StringTableSection``, ``NoteSection``, ``StabSection`` for PROGBITS named ``.stab``, and
# ``SymbolTableSection``, whose entry size and string-table link are checked above).
# Compressed sections are not plain: pyelftools parses their compression header.
_PLAIN_TYPES = frozenset({SHT_NULL, SHT_PROGBITS, SHT_SYMTAB, SHT_STRTAB, SHT_NOTE, SHT_NOBITS, SHT_DYNSYM,
                          14, 15, 16})  # SHT_INIT_ARRAY, SHT_FINI_ARRAY, SHT_PREINIT_ARRAY


def _plain_sections(raw: list[tuple]) -> bool:
    """True when pyelftools could refuse none of these (checked) section headers, so that
    reading them without it gives the same sections and refuses the same files."""
    return all(h[1] in _PLAIN_TYPES and not h[2] & SHF_COMPRESSED for h in raw)


def _section_defect(header: tuple) -> str:
    """Plain words for a section header pyelftools refused after our own checks passed."""
    _name, stype, flags, _addr, offset, size, link, _info, _align, entsize = header
    if flags & SHF_COMPRESSED:
        return "its compression header is malformed"
    if entsize and size % entsize:
        return f"its size {size} is not a whole number of its {entsize}-byte entries"
    return (f"its header (type {stype}, {size} bytes at offset {offset:#x}, link {link}, "
            f"entry size {entsize}) is inconsistent with its contents")


def _section_type(value: object) -> int:
    if isinstance(value, int):
        return value
    names = {"SHT_NULL": SHT_NULL, "SHT_PROGBITS": SHT_PROGBITS, "SHT_SYMTAB": SHT_SYMTAB,
             "SHT_STRTAB": SHT_STRTAB, "SHT_NOTE": SHT_NOTE, "SHT_NOBITS": SHT_NOBITS,
             "SHT_DYNSYM": SHT_DYNSYM}
    from elftools.elf.enums import ENUM_SH_TYPE_BASE

    return names.get(str(value), ENUM_SH_TYPE_BASE.get(str(value), -1))


# ===================================================================== writer
def __getattr__(name: str) -> object:
    """``OutSection`` and ``OutSymbol``, the writer's records, defined on first use in
    :mod:`ptodbg.isa.elf_out` (the run path reads programs and never writes one)."""
    if name in ("OutSection", "OutSymbol"):
        from ptodbg.isa import elf_out

        return getattr(elf_out, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def identity_note() -> bytes:
    """The ``.note.pto.isa`` note for this implementation's identity."""
    import json

    desc = json.dumps(IDENTITY, sort_keys=True, separators=(",", ":")).encode("utf-8")
    name = NOTE_OWNER.encode() + b"\0"
    return (struct.pack("<III", len(name), len(desc), NOTE_TYPE) + _pad4(name) + _pad4(desc))


def _pad4(b: bytes) -> bytes:
    return b + bytes(-len(b) % 4)


def _perm_flags(flags: str) -> int:
    return PF_R | (PF_W if "w" in flags else 0) | (PF_X if "x" in flags else 0)


def _segments(sections: list[OutSection]) -> list[list[OutSection]]:
    """Runs of allocated, non-empty sections with equal permissions (address order)."""
    groups: list[list[OutSection]] = []
    for s in sorted((s for s in sections if "a" in s.flags and s.size), key=lambda s: s.addr):
        if groups:
            g = groups[-1]
            last = g[-1]
            same = _perm_flags(last.flags) == _perm_flags(s.flags)
            if same and s.addr >= last.addr + last.size and not (last.nobits and not s.nobits) \
                    and s.addr - (last.addr + last.size) <= 16 * PAGE:
                g.append(s)
                continue
        groups.append([s])
    return groups


def write_elf(sections: list[OutSection], symbols: list[OutSymbol], entry: int, identity: bool = True) -> bytes:
    """An ET_EXEC image of ``sections`` and ``symbols`` (see the module docstring)."""
    groups = _segments(sections)
    out = bytearray(_EHDR.size + _PHDR.size * len(groups))
    shdrs: list[tuple] = []  # (name, type, flags, addr, offset, size, link, info, align, entsize)
    offsets: dict[str, int] = {}

    def put(blob: bytes, align: int) -> int:
        out.extend(bytes(-len(out) % max(align, 1)))
        at = len(out)
        out.extend(blob)
        return at

    note_at = put(identity_note(), 4) if identity else 0
    phdrs = []
    for g in groups:
        base = g[0].addr
        at = len(out) + (base - len(out)) % PAGE
        out.extend(bytes(at - len(out)))
        filesz = 0
        for s in g:
            pos = at + (s.addr - base)
            offsets[s.name] = pos
            if not s.nobits:
                out.extend(bytes(pos - len(out)))
                out.extend(s.data)
                filesz = s.addr + s.size - base
        memsz = g[-1].addr + g[-1].size - base
        phdrs.append(_PHDR.pack(PT_LOAD, _perm_flags(g[0].flags), at, base, base, filesz, memsz, PAGE))
    out[_EHDR.size : _EHDR.size + len(b"".join(phdrs))] = b"".join(phdrs)
    for s in sections:
        if s.name not in offsets:
            offsets[s.name] = len(out) if s.nobits else put(s.data, s.align)
    index = {s.name: i + 1 for i, s in enumerate(sections)}
    symtab, strtab, first_global = _symbol_table(symbols, index)
    symtab_at = put(symtab, 8)
    strtab_at = put(strtab, 1)
    names = [s.name for s in sections] + ([NOTE_SECTION] if identity else []) + [".symtab", ".strtab", ".shstrtab"]
    shstrtab = bytearray(b"\0")
    name_off = {}
    for n in names:
        name_off[n] = len(shstrtab)
        shstrtab += n.encode() + b"\0"
    shstrtab_at = put(bytes(shstrtab), 1)
    symtab_index = len(sections) + 1 + (1 if identity else 0)
    for s in sections:
        flags = (SHF_ALLOC if "a" in s.flags else 0) | (SHF_WRITE if "w" in s.flags else 0) | (SHF_EXECINSTR if "x" in s.flags else 0)
        shdrs.append((name_off[s.name], SHT_NOBITS if s.nobits else SHT_PROGBITS, flags, s.addr,
                      offsets[s.name], s.size, 0, 0, max(s.align, 1), 0))
    if identity:
        shdrs.append((name_off[NOTE_SECTION], SHT_NOTE, 0, 0, note_at, len(identity_note()), 0, 0, 4, 0))
    shdrs.append((name_off[".symtab"], SHT_SYMTAB, 0, 0, symtab_at, len(symtab), symtab_index + 1, first_global, 8, _SYM.size))
    shdrs.append((name_off[".strtab"], SHT_STRTAB, 0, 0, strtab_at, len(strtab), 0, 0, 1, 0))
    shdrs.append((name_off[".shstrtab"], SHT_STRTAB, 0, 0, shstrtab_at, len(shstrtab), 0, 0, 1, 0))
    out.extend(bytes(-len(out) % 8))
    shoff = len(out)
    out.extend(bytes(_SHDR.size))  # the null section
    for h in shdrs:
        out.extend(_SHDR.pack(*h))
    ident = b"\x7fELF" + bytes([2, 1, 1, 0]) + bytes(8)
    out[: _EHDR.size] = _EHDR.pack(ident, ET_EXEC, EM_LINXISA, 1, entry, _EHDR.size, shoff, 0, _EHDR.size,
                                   _PHDR.size, len(groups), _SHDR.size, len(shdrs) + 1, len(shdrs))
    return bytes(out)


def _symbol_table(symbols: list[OutSymbol], index: dict[str, int]) -> tuple[bytes, bytes, int]:
    types = {"func": STT_FUNC, "object": STT_OBJECT, "notype": STT_NOTYPE}
    strtab = bytearray(b"\0")
    entries = [bytes(_SYM.size)]
    ordered = sorted(symbols, key=lambda s: (s.binding != "local", s.value, s.name))
    first_global = 1 + sum(1 for s in symbols if s.binding == "local")
    for s in ordered:
        name_off = len(strtab)
        strtab += s.name.encode("utf-8") + b"\0"
        bind = STB_LOCAL if s.binding == "local" else STB_GLOBAL
        shndx = SHN_ABS if s.section is None else index.get(s.section, SHN_ABS)
        entries.append(_SYM.pack(name_off, (bind << 4) | types.get(s.type, STT_NOTYPE), 0, shndx,
                                 s.value & ((1 << 64) - 1), s.size))
    return b"".join(entries), bytes(strtab), first_global
