"""Encode instructions from the table without the assembler (for low-level tests)."""

from __future__ import annotations

from ptodbg.isa.forms import FORMS


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
