"""The ELF writer's input records (:func:`ptodbg.isa.elf.write_elf`), in their own module so
that reading a program (every start-up) does not pay for defining them: ``elf.OutSection``
and ``elf.OutSymbol`` resolve here on first use."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class OutSection:
    name: str
    addr: int
    flags: str  # subset of "awx"
    nobits: bool
    data: bytes
    size: int
    align: int = 1


@dataclass(frozen=True, slots=True)
class OutSymbol:
    name: str
    value: int
    size: int
    type: str  # "func" | "object" | "notype"
    binding: str  # "local" | "global"
    section: str | None  # None: SHN_ABS
