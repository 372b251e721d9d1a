"""Loading programs into a machine (DESIGN.md §2, §3).

:func:`load` maps a validated :class:`~ptodbg.isa.elf.Program`:

* debug/linux profiles: every ``PT_LOAD`` segment is mapped with the permissions of its
  ``p_flags`` (a page touched by two segments gets the union; bytes past ``p_filesz`` are
  zero), a read-write stack of ``profile.stack_size`` (64 KiB) is mapped below ``stack_top``
  (default ``profile.stack_top`` = 0xF000; the stack never goes below address 0, so with
  that default it is [0, 0xF000)) and ``sp`` = ``stack_top``; a segment that overlaps the
  stack is an error;
* reference profile: the flat memory is already mapped; every segment must lie inside it;
  ``sp`` = ``stack_top`` when that is inside memory, else the end of memory.

TPC is set to the entry point.  The returned :class:`LoadedProgram` carries the symbols
and the pto-avs-case-v1 convention: the stop address (symbol ``cross_model_stop``) and the
result range (``cross_model_result``, its size from the absolute symbol
``cross_model_result_size``, else from the symbol's own size).

:func:`load_path` accepts an ELF file or an assembly source (``.s``/``.S``/``.asm``, or any
other file that is not ELF and is plain UTF-8 text), which is assembled in memory.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ptodbg.core.memory import R, W, X
from ptodbg.isa.elf import PF_R, PF_W, PF_X, Program, ProgramError, Symbol, is_elf, parse_program

if TYPE_CHECKING:
    from ptodbg.core.machine import Machine
    from ptodbg.isa.asm import Assembly

SOURCE_SUFFIXES = (".s", ".S", ".asm")
_BINARY = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")  # control characters text does not hold
STOP_SYMBOL = "cross_model_stop"
RESULT_SYMBOL = "cross_model_result"
RESULT_SIZE_SYMBOL = "cross_model_result_size"


@dataclass
class LoadedProgram:
    """What was loaded, and the program's conventions."""

    program: Program
    entry: int
    stack_top: int
    stop_address: int | None
    result_address: int | None
    result_size: int | None
    assembly: Assembly | None = None  # set when the program came from source

    @property
    def symbols(self) -> dict[str, Symbol]:
        return self.program.by_name

    def symbol_list(self) -> list[Symbol]:
        """Every symbol, sorted by address."""
        return list(self.program.symbols)

    def result_bytes(self, machine: Machine) -> bytes | None:
        if self.result_address is None or not self.result_size:
            return None
        return machine.mem.peek(self.result_address, self.result_size)


def _perms(flags: int) -> int:
    return (R if flags & PF_R else 0) | (W if flags & PF_W else 0) | (X if flags & PF_X else 0)


def load(machine: Machine, program: Program, stack_top: int | None = None) -> LoadedProgram:
    """Map ``program`` into ``machine`` (see the module docstring)."""
    profile = machine.profile
    mem = machine.mem
    top = profile.stack_top if stack_top is None else stack_top
    if mem.limit is not None:
        for seg in program.segments:
            if seg.end > mem.limit:
                raise ProgramError(f"{program.path}: segment {seg.index} ({seg.vaddr:#x}..{seg.end:#x}) does not fit "
                                   f"the {profile.name} profile's {mem.limit}-byte memory")
        for seg in program.segments:
            mem.poke(seg.vaddr, seg.data + bytes(seg.memsz - seg.filesz))
        sp = top if 0 < top <= mem.limit else mem.limit
    else:
        if not 0 < top <= 1 << 64:
            raise ProgramError(f"{program.path}: stack top {top:#x} is outside the address space")
        low = max(0, top - profile.stack_size)  # the default top 0xF000 leaves 60 KiB
        for seg in program.segments:
            if seg.vaddr < top and low < seg.end:
                raise ProgramError(f"{program.path}: segment {seg.index} ({seg.vaddr:#x}..{seg.end:#x}) overlaps "
                                   f"the stack ({low:#x}..{top:#x})")
        for seg in program.segments:
            mem.map(seg.vaddr, seg.memsz, _perms(seg.flags), seg.data)
        mem.map(low, top - low, R | W)
        sp = top
    machine.r[1] = sp & ((1 << 64) - 1)
    machine.pc = program.entry
    machine.flush_icache()
    return LoadedProgram(program, program.entry, sp, *_convention(program))


def _convention(program: Program) -> tuple[int | None, int | None, int | None]:
    stop = program.symbol(STOP_SYMBOL)
    result = program.symbol(RESULT_SYMBOL)
    size_sym = program.symbol(RESULT_SIZE_SYMBOL)
    size = None
    if result is not None:
        size = size_sym.value if size_sym is not None and size_sym.absolute else result.size
    return (stop.value if stop is not None else None,
            result.value if result is not None else None,
            size)


def read_source_or_elf(path: str | Path) -> tuple[Program, Assembly | None]:
    """The program at ``path``: an ELF file, or assembly source assembled in memory.
    OSError (missing file, directory) propagates; bad content raises ProgramError
    (an :class:`~ptodbg.isa.asm.AsmError` for source errors)."""
    p = Path(path)
    data = p.read_bytes()
    if is_elf(data):
        return parse_program(data, str(p)), None
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
