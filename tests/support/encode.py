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
