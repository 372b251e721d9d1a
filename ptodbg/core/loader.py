"""Loading programs into a machine (docs/interfaces.md §2, §3).

:func:`load` maps a validated :class:`~ptodbg.isa.elf.Program`:

* debug/linux profiles: every ``PT_LOAD`` segment is mapped with the permissions of its
  ``p_flags`` (it maps every page it touches; a page touched by two segments gets the
  union; bytes past ``p_filesz`` are zero).  The debug profile then maps a read-write stack
  on the free pages directly below ``stack_top`` (default ``profile.stack_top`` = 0xF000),
  at most ``profile.stack_size`` (64 KiB) and never below address 0, and sets ``sp`` =
  ``stack_top``; when fewer than 4 KiB are free there, the stack moves to the highest free
  64 KiB below 2^47 and ``sp`` is its top (:mod:`ptodbg.core.stack`).  A program is never
  refused because of the stack.  The linux profile maps no stack here: its process
  start-up (:func:`ptodbg.linux.install`) builds one;
* reference profile: the flat memory is already mapped; every segment must lie inside it;
  ``sp`` = ``stack_top`` when that is inside memory, else the end of memory.

TPC is set to the entry point.  The returned :class:`LoadedProgram` carries the symbols
and the pto-avs-case-v1 convention: the stop address (symbol ``cross_model_stop``) and the
result range (``cross_model_result``, its size from the absolute symbol
``cross_model_result_size``, else from the symbol's own size).  A result range larger than
:data:`MAX_RESULT` or not wholly inside what the program maps is a defect of the file: the
program is refused with one line naming it (reading it would mean reading unmapped bytes,
which are an error and never zeros).

:func:`load_path` accepts an ELF file or an assembly source (``.s``/``.S``/``.asm``, or any
other file that is not ELF and is plain UTF-8 text), which is assembled in memory.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

from ptodbg.base import userfile
from ptodbg.base.record import Record
from ptodbg.core.memory import PAGE_SHIFT, R, W, X
from ptodbg.core.stack import place_stack
from ptodbg.isa.elf import PF_R, PF_W, PF_X, Program, ProgramError, Symbol, is_elf, parse_program

if TYPE_CHECKING:
    from ptodbg.core.machine import Machine
    from ptodbg.isa.asm import Assembly
    from ptodbg.isa.dwarf_lines import LineTable

SOURCE_SUFFIXES = (".s", ".S", ".asm")
_BINARY = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")  # control characters text does not hold
STOP_SYMBOL = "cross_model_stop"
RESULT_SYMBOL = "cross_model_result"
RESULT_SIZE_SYMBOL = "cross_model_result_size"
# The most bytes a test binary's result may have.  The result is read in full at every stop
# (each batch line's state, ``run``'s output, campaign comparisons), so its size must be
# bounded before it drives a read: a pto-avs case keeps its result beside its code in page 0
# (the reference profile's whole memory is at most 64 KiB), and 1 MiB - the most one ``x``
# shows - leaves room for any honest test binary, where 0xffffffff from a corrupt symbol
# asked for 4 GiB of reads.
MAX_RESULT = 1 << 20


class LoadedProgram(Record):
    """What was loaded, and the program's conventions."""

    program: Program
    entry: int
    stack_top: int | None  # the sp the loader set; None when the environment builds the stack
    stop_address: int | None
    result_address: int | None
    result_size: int | None
    assembly: Assembly | None  # set when the program came from source
    stack_low: int | None  # the bottom of the stack the loader mapped (debug profile)
    stack_moved: bool  # True when segments left too little room below stack_top
    _lines: tuple[LineTable | None, str | None] | None  # read on first use

    def __init__(self, program: Program, entry: int, stack_top: int | None, stop_address: int | None,
                 result_address: int | None, result_size: int | None, assembly: Assembly | None = None,
                 stack_low: int | None = None, stack_moved: bool = False) -> None:
        self.program, self.entry, self.stack_top, self.stop_address = program, entry, stack_top, stop_address
        self.result_address, self.result_size, self.assembly = result_address, result_size, assembly
        self.stack_low, self.stack_moved = stack_low, stack_moved
        self._lines = None

    def __repr__(self) -> str:  # the cached line table is left out
        return (f"LoadedProgram(program={self.program!r}, entry={self.entry!r}, stack_top={self.stack_top!r}, "
                f"stop_address={self.stop_address!r}, result_address={self.result_address!r}, "
                f"result_size={self.result_size!r}, assembly={self.assembly!r}, stack_low={self.stack_low!r}, "
                f"stack_moved={self.stack_moved!r})")

    @property
    def symbols(self) -> dict[str, Symbol]:
        return self.program.by_name

    def symbol_list(self) -> list[Symbol]:
        """Every symbol, sorted by address."""
        return list(self.program.symbols)

    def line_table(self) -> tuple[LineTable | None, str | None]:
        """(the program's DWARF line table or None, why it could not be read or None),
        read with pyelftools on first use (:mod:`ptodbg.isa.dwarf_lines`)."""
        if self._lines is None:
            from ptodbg.isa.dwarf_lines import (  # not on the run path
                LineTableError,
                read_line_table,
            )

            debug = {s.name: s.data for s in self.program.sections if s.name.startswith(".debug_")}
            try:
                self._lines = (read_line_table(debug), None)
            except LineTableError as e:
                self._lines = (None, f"{self.program.path}: {e}; debugging by address")
        return self._lines

    def result_bytes(self, machine: Machine) -> bytes | None:
        """The result bytes (None without a result); raises
        :class:`~ptodbg.core.memory.Unmapped` when part of them is not mapped (a program
        that unmapped its own result): never zeros."""
        if self.result_address is None or not self.result_size:
            return None
        return machine.mem.read_mapped(self.result_address, self.result_size)


def _perms(flags: int) -> int:
    return (R if flags & PF_R else 0) | (W if flags & PF_W else 0) | (X if flags & PF_X else 0)


def load(machine: Machine, program: Program, stack_top: int | None = None) -> LoadedProgram:
    """Map ``program`` into ``machine`` (see the module docstring).  Everything is
    checked before the first page is mapped, so an error loads nothing."""
    profile = machine.profile
    mem = machine.mem
    convention = _convention(program, machine.mem.limit)
    top = profile.stack_top if stack_top is None else stack_top
    sp: int | None
    stack = None
    if mem.limit is not None:
        for seg in program.segments:
            if seg.end > mem.limit:
                raise ProgramError(f"{program.path}: segment {seg.index} ({seg.vaddr:#x}..{seg.end:#x}) does not fit "
                                   f"the {profile.name} profile's {mem.limit}-byte memory")
        for seg in program.segments:
            mem.poke(seg.vaddr, seg.data + bytes(seg.memsz - seg.filesz))
        sp = top if 0 < top <= mem.limit else mem.limit
    else:
        if profile.loader_stack:
            if not 0 < top <= 1 << 64:
                raise ProgramError(f"{program.path}: stack top {top:#x} is outside the address space")
            try:
                stack = place_stack(((seg.vaddr, seg.end) for seg in program.segments), top, profile.stack_size)
            except ValueError as e:
                raise ProgramError(f"{program.path}: {e}") from None
        for seg in program.segments:
            mem.map(seg.vaddr, seg.memsz, _perms(seg.flags), seg.data)
        sp = None
        if stack is not None:
            mem.map(stack.low, stack.size, R | W)
            sp = stack.top
    if sp is not None:
        machine.r[1] = sp & ((1 << 64) - 1)
    machine.pc = program.entry
    machine.flush_icache()
    return LoadedProgram(program, program.entry, sp, *convention,
                         stack_low=stack.low if stack is not None else None,
                         stack_moved=stack is not None and stack.moved)


def _convention(program: Program, limit: int | None) -> tuple[int | None, int | None, int | None]:
    """(stop address, result address, result size) of the pto-avs-case-v1 convention; a
    result range that is too large or not mapped by the program raises ProgramError."""
    stop = program.symbol(STOP_SYMBOL)
    result = program.symbol(RESULT_SYMBOL)
    size_sym = program.symbol(RESULT_SIZE_SYMBOL)
    size = None
    if result is not None:
        sized_by = size_sym if size_sym is not None and size_sym.absolute else None
        size = sized_by.value if sized_by is not None else result.size
        if size > MAX_RESULT:
            said = (f"{RESULT_SIZE_SYMBOL} says {size:#x}" if sized_by is not None
                    else f"{RESULT_SYMBOL} has size {size:#x}")
            raise ProgramError(f"{program.path}: {said} bytes ({size}); a result is at most {MAX_RESULT} bytes")
        if size:
            unmapped = _first_unmapped(program, limit, result.value, size)
            if unmapped is not None:
                raise ProgramError(f"{program.path}: {RESULT_SYMBOL} ({result.value:#x}, {size} bytes) is not all "
                                   f"in the program's memory: {unmapped:#x} is not mapped")
    return (stop.value if stop is not None else None,
            result.value if result is not None else None,
            size)


def _first_unmapped(program: Program, limit: int | None, address: int, size: int) -> int | None:
    """The first byte of [address, address+size) that loading ``program`` leaves unmapped:
    outside a flat memory of ``limit`` bytes, or on a page no segment touches."""
    if limit is not None:
        return None if address + size <= limit else max(address, limit)
    spans = [(seg.vaddr >> PAGE_SHIFT, (seg.end - 1) >> PAGE_SHIFT) for seg in program.segments if seg.memsz]
    for pn in range(address >> PAGE_SHIFT, ((address + size - 1) >> PAGE_SHIFT) + 1):  # at most 257 pages
        if not any(low <= pn <= high for low, high in spans):
            return max(address, pn << PAGE_SHIFT)
    return None


def read_source_or_elf(path: str | Path) -> tuple[Program, Assembly | None]:
    """The program at ``path``: an ELF file, or assembly source assembled in memory.

    The file is read through :mod:`ptodbg.base.userfile` (a regular file, at most 64 MiB
    for a program and 8 MiB for assembly source), so every problem — a missing file, a
    directory, a FIFO or device, a symlink loop, a file too large, bad content — raises one
    :class:`ProgramError` naming the file and the reason (an
    :class:`~ptodbg.isa.asm.AsmError` for source errors)."""
    p = Path(path)
    try:
        data = userfile.read_bytes(p, "assembly source" if p.suffix in SOURCE_SUFFIXES else "program")
    except userfile.UserFileError as e:
        raise ProgramError(str(e)) from None
    if is_elf(data):
        return parse_program(data, str(p)), None
    if len(data) > userfile.SOURCE_LIMIT:
        raise ProgramError(f"{p}: not an ELF file (bad magic number), and larger than the "
                           f"{userfile.SOURCE_LIMIT >> 20} MiB limit for assembly source")
    from ptodbg.isa.asm import assemble_unit  # only sources need the assembler (startup time)

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ProgramError(f"{p}: not an ELF file (bad magic number) and not UTF-8 assembly source (byte {e.start})") from None
    if p.suffix not in SOURCE_SUFFIXES and (not text or _BINARY.search(text)):
        raise ProgramError(f"{p}: not an ELF file (bad magic number) and not assembly source")
    assembly = assemble_unit(text, str(p))
    return parse_program(assembly.to_elf(), str(p)), assembly


def load_path(machine: Machine, path: str | Path, stack_top: int | None = None) -> LoadedProgram:
    """Load an ELF file or an assembly source (assembled in memory) into ``machine``."""
    program, assembly = read_source_or_elf(path)
    loaded = load(machine, program, stack_top)
    loaded.assembly = assembly
    return loaded
