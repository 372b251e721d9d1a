"""Encode instructions from the table without the assembler (for low-level tests)."""

from __future__ import annotations

from ptodbg.core import DEBUG, Machine, R, W, X
from ptodbg.isa.forms import FORMS

CODE = 0x10000  # where code_machine maps its page


def form(mnemonic: str, keyword: str | None = None):
    """The form named ``mnemonic`` (and, when given, whose syntax has ``keyword``)."""
    for f in FORMS:
        if f.mnemonic == mnemonic and (keyword is None or keyword in [w.strip(",") for w in f.syntax.split()]):
            return f
    raise KeyError(f"no form {mnemonic} {keyword or ''}")


def enc(mnemonic: str, keyword: str | None = None, **fields: int) -> bytes:
    f = form(mnemonic, keyword)
    return f.encode(fields).to_bytes(f.size, "little")


def program(*parts: bytes) -> bytes:
    return b"".join(parts)


def code_machine(*parts: bytes, perms: int = R | W | X) -> Machine:
    """A debug-profile Machine with ``parts`` (encoded instructions) on a code page at
    :data:`CODE` (read/write/execute unless ``perms`` says otherwise), TPC there."""
    m = Machine(DEBUG)
    m.mem.map(CODE, 0x1000, perms, program(*parts))
    m.pc = CODE
    return m


def counting_block(*body: bytes) -> tuple[bytes, ...]:
    """A COND block that branches back to itself while a0 (r2) < a1 (r3): a0 += 1, then
    ``body``; the loop of benchmarks/bench_core.py's ALU row with ``ACCUMULATE`` as body."""
    return (
        enc("BSTART.STD", "cond", simm17=0),
        enc("ADDI", RegDst=2, SrcL=2, uimm12=1),
        *body,
        enc("SETC.LTU", SrcL=2, SrcR=3, SrcRType=0),
        enc("BSTOP"),
    )


# The cell at r1 += a0 (r2), through r4: a load, an add and a store.
ACCUMULATE = (
    enc("LDI", RegDst=4, SrcL=1, simm12=0),
    enc("ADD", RegDst=4, SrcL=4, SrcR=2, SrcRType=3, shamt=0),
    enc("SDI", SrcL=4, SrcR=1, simm12=0),
)

# The end of a program: a SYS block whose EBREAK 0 stops it.
STOP = (enc("C.BSTART.SYS"), enc("C.EBREAK", imm5=0))
