"""Core tests that spell their programs in assembly: the program assembled with its text
at address 0 and loaded into a reference-profile Machine, as CORE.md's programs sit."""

from __future__ import annotations

from ptodbg.core import Machine, reference
from ptodbg.core.loader import load
from ptodbg.isa.asm import assemble
from ptodbg.isa.elf import Program, parse_program

# The opening of a one-file program: the code section and its global entry point _start.
ENTRY = """\
    .text
    .globl _start
_start:
"""


def counted_loop(label: str, counter: str, limit: int, *body: str) -> str:
    """A block at ``label`` that adds 1 to ``counter``, runs the ``body`` instructions and
    branches back to ``label`` while ``counter`` < ``limit`` (unsigned, SETC.LTUI)."""
    return "".join([
        f"{label}:\n",
        f"    addi {counter}, 1, ->{counter}\n",
        *(f"    {line}\n" for line in body),
        f"    bstart.std cond, {label}\n",
        f"    setc.ltui {counter}, {limit}\n",
        "    bstop\n",
    ])


def program_of(source: str, name: str = "core.s") -> Program:
    """``source`` assembled (text at 0) into the ELF image the loader reads."""
    return parse_program(assemble(source, name, text_base=0), name)


def reference_machine(source: str, name: str = "core.s") -> Machine:
    """A reference-profile Machine holding ``source`` (see :func:`program_of`)."""
    m = Machine(reference())
    load(m, program_of(source, name))
    return m


def symbol_of(source: str, symbol: str, name: str = "core.s") -> int:
    """The address of ``symbol`` in ``source`` assembled as :func:`program_of` does."""
    found = program_of(source, name).symbol(symbol)
    assert found is not None, symbol
    return found.value
