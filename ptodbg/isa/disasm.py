"""The disassembler: a listing that ``ptodbg asm`` accepts back.

Every allocated section of a program is listed in address order: executable sections as
a linear sweep of instructions, the others as ``.byte`` rows (``.zero`` for NOBITS);
without section headers the ``PT_LOAD`` segments are listed instead.  Each line carries
its address and raw bytes in a leading ``/* ... */`` comment, so the listing is itself
assembly source::

    _start:
    /* 10000: 15 01 00 04       */ addi zero, 64, ->a0
    /* 10004: 00 00             */ c.bstop

Symbols become labels (with ``.globl``, ``.type`` and ``.size``; absolute symbols become
``.set``); branch and block targets print as the label at the target, else as an absolute
address.  A word no form of the decoder matches prints as ``.half``/``.word``/``.dword``
with a ``# unknown`` note, a word whose form rejects its field values (a catalog constraint)
prints the same way with an ``# illegal`` note, and a field no template slot shows is noted
when nonzero.  The sweep restarts at every symbol address, so a misdecoded word never hides
a function entry.

Each section is pinned to its address with ``.vaddr`` (a ptodbg directive), so a listing
reassembles at the original layout: targets without a label print as absolute addresses
and re-encode the same.  Our own programs (``tests/programs/*.s``) reassemble from their
listing to an identical ELF file.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ptodbg.isa.decoder import LENGTH_BY_NIBBLE, STRICT, Decoder
from ptodbg.isa.elf import PF_W, PF_X, Program, Symbol
from ptodbg.isa.forms import Form
from ptodbg.isa.syntax import (
    DEST_REGS,
    SOURCE_REGS,
    Slot,
    hidden_fields,
    is_pc_relative,
    render,
    target_of,
    template,
)

_NAME = re.compile(r"[A-Za-z_.$][A-Za-z0-9_.$]*")
_CACHES: weakref.WeakKeyDictionary[Decoder, dict[bytes, tuple]] = weakref.WeakKeyDictionary()
_BYTES_WIDTH = 17  # room for 6 bytes


@dataclass
class Stats:
    """Counts of one sweep (a *word* is one decode attempt of the sweep)."""

    words: int = 0
    decoded: int = 0
    unknown: int = 0
    illegal: int = 0
    data_bytes: int = 0
    by_form: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Region:
    """One listed range: a section, or a segment when there are no section headers."""

    name: str
    addr: int
    data: bytes
    size: int
    flags: str  # "awx" subset
    nobits: bool
    align: int = 1

    @property
    def executable(self) -> bool:
        return "x" in self.flags


def stray_bits(form: Form, insn: int) -> int:
    """Instruction bits outside the mask and outside every field (they reassemble as 0)."""
    covered = form.mask
    for f in form.fields:
        for p in f.pieces:
            covered |= ((1 << p.width) - 1) << p.insn_lsb
    return insn & ~covered & ((1 << form.length) - 1)


def data_directive(insn: int, length: int) -> str:
    """Assembly that emits exactly the bytes of an instruction value of ``length`` bits."""
    if length == 16:
        return f".half {insn:#06x}"
    if length == 32:
        return f".word {insn:#010x}"
    if length == 64:
        return f".dword {insn:#018x}"
    halves = [(insn >> (16 * k)) & 0xFFFF for k in range(length // 16)]
    return ".half " + ", ".join(f"{h:#06x}" for h in halves)


def format_instruction(form: Form | None, insn: int, length: int, pc: int,
                       symbolize: Callable[[int], str | None] | None = None) -> tuple[str, str]:
    """(assembly text, note) of one decoded word; the text reassembles to the same bytes
    except where the note says a hidden field or stray bit is set."""
    if form is None:
        return data_directive(insn, length), f"unknown {length}-bit word"
    values = form.values(insn)
    bad = form.violation(values)
    if bad is not None:
        return data_directive(insn, length), f"illegal {form.mnemonic}: {bad.describe()}"
    text = render(form, values, pc, symbolize)
    notes = []
    hidden = hidden_fields(form, values)
    if hidden:
        notes.append("not shown, reassembles as 0: " + ", ".join(f"{n}={values[n]}" for n in hidden))
    stray = stray_bits(form, insn)
    if stray:
        notes.append(f"bits {stray:#x} are outside every field and reassemble as 0")
    if insn & form.mask != form.match:
        notes.append(f"encoding variant {insn & form.mask:#x} reassembles as {form.match:#x}")
    return text, "; ".join(notes)


def _hex(value: int) -> str:
    return f"{value:#x}" if value >= 0 else f"-{-value:#x}"


def _valid_label(name: str) -> bool:
    return bool(_NAME.fullmatch(name)) and name.lower() not in SOURCE_REGS and name.lower() not in DEST_REGS \
        and name != "."


class Disassembler:
    """Produces the listing of one program; ``stats`` fills in as lines are generated."""

    def __init__(self, program: Program, decoder: Decoder = STRICT, title: str | None = None) -> None:
        self.program = program
        self.decoder = decoder
        self.title = title
        self.stats = Stats()
        self.labels: dict[int, list[Symbol]] = {}  # address -> symbols emitted as labels
        self.label_of: dict[int, str] = {}  # address -> the name branch targets use
        self.comments: dict[int, list[str]] = {}  # address -> symbols listed as comments only
        self._cache: dict[bytes, tuple] = _CACHES.setdefault(decoder, {})
        self._choose_labels()

    # ------------------------------------------------------------------ symbols
    def _choose_labels(self) -> None:
        seen: set[str] = set()
        for sym in self.program.symbols:
            if sym.absolute:
                continue
            if not _valid_label(sym.name) or sym.name in seen:
                self.comments.setdefault(sym.value, []).append(sym.name)
                continue
            seen.add(sym.name)
            self.labels.setdefault(sym.value, []).append(sym)
            self.label_of.setdefault(sym.value, sym.name)

    def symbolize(self, address: int) -> str | None:
        return self.label_of.get(address)

    # ------------------------------------------------------------------ regions
    def regions(self) -> list[Region]:
        secs = [s for s in self.program.sections if s.alloc and s.size]
        if secs:
            return [Region(s.name, s.addr, s.data, s.size, s.flag_text, s.nobits, s.align)
                    for s in sorted(secs, key=lambda s: (s.addr, s.index))]
        out = []
        for seg in sorted(self.program.segments, key=lambda s: s.vaddr):
            flags = "a" + ("w" if seg.flags & PF_W else "") + ("x" if seg.flags & PF_X else "")
            out.append(Region(f".segment{seg.index}", seg.vaddr, seg.data, seg.filesz, flags, False))
            if seg.memsz > seg.filesz:
                out.append(Region(f".segment{seg.index}.bss", seg.vaddr + seg.filesz, b"", seg.memsz - seg.filesz, flags, True))
        return out

    # -------------------------------------------------------------------- lines
    def lines(self) -> Iterator[str]:
        p = self.program
        yield f"# ptodbg disasm of {self.title or p.path}"
        extra = f", interpreter {p.interp}" if p.interp else ""
        yield f"# ELF64 {p.e_type}, entry {p.entry:#x}, {p.identity.describe()}{extra}"
        for sym in p.symbols:
            if sym.absolute and _valid_label(sym.name):
                yield f"\t.set {sym.name}, {sym.value:#x}"
                if sym.binding != "local":
                    yield f"\t.globl {sym.name}"
        for region in self.regions():
            yield ""
            yield self._section_line(region)
            yield f"\t.vaddr {region.addr:#x}"
            if region.align > (2 if region.executable else 1) and region.align & (region.align - 1) == 0 \
                    and region.align <= 4096 and region.addr % region.align == 0:
                yield f"\t.balign {region.align}"
            if region.nobits:
                yield from self._nobits(region)
            elif region.executable:
                yield from self._code(region)
            else:
                yield from self._data(region)

    def _section_line(self, r: Region) -> str:
        kind = ", @nobits" if r.nobits else ""
        if r.name in (".text", ".data", ".bss", ".rodata") and r.flags == {".text": "ax", ".data": "aw", ".bss": "aw", ".rodata": "a"}[r.name]:
            return f"\t{r.name}"
        name = r.name if re.fullmatch(r"[A-Za-z0-9_.$-]+", r.name) else f'"{r.name}"'
        return f'\t.section {name}, "{r.flags}"{kind}'

    def _label_lines(self, address: int) -> Iterator[str]:
        for name in self.comments.get(address, []):
            yield f"# symbol {name!r} at {address:#x}"
        for sym in self.labels.get(address, []):
            name = sym.name
            if sym.binding != "local":
                yield f"\t.globl {name}"
            if sym.type == "func":
                yield f"\t.type {name}, @function"
            elif sym.type == "object":
                yield f"\t.type {name}, @object"
            if sym.size:
                yield f"\t.size {name}, {sym.size}"
            yield f"{name}:"

    def _boundaries(self, r: Region) -> list[int]:
        end = r.addr + r.size
        return sorted({a for a in list(self.labels) + list(self.comments) if r.addr < a < end})

    def _line(self, address: int, raw: bytes, text: str, note: str = "") -> str:
        head = f"/* {address:x}: {raw.hex(' '):<{_BYTES_WIDTH}} */ {text}"
        return f"{head}  # {note}" if note else head

    def _code(self, r: Region) -> list[str]:
        """Linear sweep; restarts at every symbol address (``_boundaries``)."""
        data = r.data
        stops = self._boundaries(r) + [r.addr + len(data)]
        pos = 0
        out: list[str] = []
        for stop in stops:
            limit = stop - r.addr
            out.extend(self._label_lines(r.addr + pos))
            self._sweep(out, data, r.addr, pos, limit)
            pos = max(pos, limit)
        if r.size > len(data):  # the section claims more bytes than the file holds
            out.append(f"\t.zero {r.size - len(data)}  # beyond the end of the file")
        return out

    def _sweep(self, out: list[str], data: bytes, base: int, pos: int, limit: int) -> None:
        """Lines for ``data[pos:limit]``.  The per-decoder cache maps a word's raw bytes to
        its decode and its rendered line; a pc-relative text is kept as the parts around
        its one target, so only the label lookup is left per word."""
        cache = self._cache
        stats = self.stats
        by_form = stats.by_form
        label_of = self.label_of
        lengths = LENGTH_BY_NIBBLE
        emit = out.append
        while pos < limit:
            addr = base + pos
            if addr & 1 or limit - pos < 2:
                take = 1 if addr & 1 else limit - pos
                chunk = data[pos : pos + take]
                stats.data_bytes += take
                emit(self._line(addr, chunk, ".byte " + ", ".join(f"{b:#04x}" for b in chunk), "not a whole instruction"))
                pos += take
                continue
            h0 = data[pos] | data[pos + 1] << 8
            size = lengths[h0 & 0xF] >> 3
            if h0 & 0xF == 2 and pos + 4 <= limit and (data[pos + 2] | data[pos + 3] << 8) & 0xF83F == 0x5016:
                size = 4
            if pos + size > limit:
                take = (limit - pos) & ~1
                chunk = data[pos : pos + take]
                stats.words += 1
                stats.unknown += 1
                halves = ", ".join(f"{int.from_bytes(chunk[i:i + 2], 'little'):#06x}" for i in range(0, take, 2))
                emit(self._line(addr, chunk, f".half {halves}", "truncated instruction"))
                pos += take
                continue
            raw = data[pos : pos + size]
            hit = cache.get(raw)
            if hit is None:
                hit = self._decode(raw, addr)
                if len(cache) > 1 << 19:
                    cache.clear()
                cache[raw] = hit
            form, insn, kind, tail, rel = hit
            stats.words += 1
            if kind == 0:
                by_form[form.form_id] = by_form.get(form.form_id, 0) + 1
                stats.decoded += 1
            elif kind == 1:
                stats.unknown += 1
            else:
                stats.illegal += 1
            if rel is None:
                emit(f"/* {addr:x}: {tail}")
            elif rel[0] is None:
                text, note = format_instruction(form, insn, size * 8, addr, self.symbolize)
                emit(self._line(addr, raw, text, note))
            else:
                mask, const, prefix, suffix = rel
                target = (addr & mask) + const
                name = label_of.get(target)
                emit(f"/* {addr:x}: {prefix}{name if name else _hex(target)}{suffix}")
            pos += size

    def _decode(self, raw: bytes, addr: int) -> tuple:
        """(form, value, kind 0 decoded / 1 unknown / 2 illegal, line after the address or
        None, and for pc-relative text (address mask, constant, text before and after the
        target), or (None,) when the text has several targets)."""
        form, insn, length = self.decoder.decode_bytes(raw)
        text, note = format_instruction(form, insn, length, addr, self.symbolize)
        kind = 1 if form is None else 2 if note.startswith("illegal") else 0
        if kind != 0 or not is_pc_relative(form):
            return form, insn, kind, self._line(addr, raw, text, note).split(": ", 1)[1], None
        slots = [i for i in template(form).body if isinstance(i, Slot) and i.mod.startswith("pc")]
        if len(slots) != 1:
            return form, insn, kind, None, (None,)
        slot = slots[0]
        value = form.values(insn)[slot.field]
        mask = ~3 if slot.mod.startswith("pcr") else -1
        const = target_of(form.by_name[slot.field], slot.mod, value, 0)
        marked = render(form, form.values(insn), addr, lambda target: "\0")
        before, after = marked.split("\0")
        head = self._line(addr, raw, before).split(": ", 1)[1]
        return form, insn, kind, None, (mask, const, head, after + (f"  # {note}" if note else ""))

    def _data(self, r: Region) -> Iterator[str]:
        data = r.data
        stops = self._boundaries(r) + [r.addr + len(data)]
        pos = 0
        k = 0
        while pos < len(data):
            addr = r.addr + pos
            yield from self._label_lines(addr)
            while k < len(stops) and stops[k] <= addr:
                k += 1
            limit = min(len(data), stops[k] - r.addr, pos + 16)
            chunk = data[pos:limit]
            self.stats.data_bytes += len(chunk)
            yield f"/* {addr:x} */ .byte " + ", ".join(f"{b:#04x}" for b in chunk)
            pos = limit
        if r.size > len(data):
            yield from self._label_lines(r.addr + len(data))
            yield f"\t.zero {r.size - len(data)}  # beyond the file"

    def _nobits(self, r: Region) -> Iterator[str]:
        stops = self._boundaries(r) + [r.addr + r.size]
        addr = r.addr
        for stop in stops:
            yield from self._label_lines(addr)
            if stop > addr:
                yield f"/* {addr:x} */ .zero {stop - addr}"
            addr = stop


def listing(program: Program, decoder: Decoder = STRICT, title: str | None = None) -> tuple[list[str], Stats]:
    """The whole listing and its counts."""
    d = Disassembler(program, decoder, title)
    lines = list(d.lines())
    return lines, d.stats
