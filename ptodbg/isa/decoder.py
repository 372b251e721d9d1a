"""Form decode: which form owns an instruction value.

Form choice (``scripts/encoding_witness.py`` catalog_decode_order, ``asl/arch/dispatch``):
command forms before scalar forms; within each surface the form with the most mask bits wins,
ties broken by form_id; only forms of the instruction's own length take part.  Constraints are
*not* checked here: a constraint violation makes the chosen form illegal (trap 4), it never
selects another form, so the caller checks :meth:`Form.violation` after decode.

Instruction length and fetch live in :mod:`ptodbg.isa.fetch` (re-exported here).
"""

from __future__ import annotations

from collections.abc import Iterable

from ptodbg.isa.fetch import (  # noqa: F401 - re-exported
    LENGTH_BY_NIBBLE,
    Unfetchable,
    bytes_reader,
    fetch_instruction,
    instruction_length,
    is_fused_call,
)
from ptodbg.isa.forms import COMMAND_FORMS, SCALAR_FORMS, Form


def _key_bits(length: int) -> tuple[int, int]:
    """(shift, 7-bit mask) of the bucket key inside mask/match for a length."""
    if length == 48:
        return 16, 0x7F
    if length == 64:
        return 0, 0
    return 0, 0x7F


class Decoder:
    """Priority-ordered form lookup, bucketed on the opcode bits for speed."""

    def __init__(self, command_forms: Iterable[Form], scalar_forms: Iterable[Form]) -> None:
        def order(forms: Iterable[Form]) -> list[Form]:
            return sorted(forms, key=lambda f: (-f.mask_bits, f.form_id))

        ordered = order(command_forms) + order(scalar_forms)
        self.forms: tuple[Form, ...] = tuple(ordered)
        self._buckets: dict[int, list[list[Form]]] = {}
        for length in (16, 32, 48, 64):
            shift, keymask = _key_bits(length)
            buckets: list[list[Form]] = [[] for _ in range(keymask + 1)]
            for form in ordered:
                if form.length != length:
                    continue
                keys: set[int] = set()
                for mask, match in form.encodings():
                    fmask = (mask >> shift) & keymask
                    fmatch = (match >> shift) & keymask
                    free = keymask & ~fmask  # every key that agrees on the fixed bits
                    sub = free
                    while True:
                        keys.add(fmatch | sub)
                        if not sub:
                            break
                        sub = (sub - 1) & free
                for key in sorted(keys):
                    buckets[key].append(form)
            self._buckets[length] = buckets

    def decode(self, insn: int, length: int) -> Form | None:
        """The form that owns ``insn`` of ``length`` bits, or None (illegal instruction)."""
        # The bucket key (inline): 48-bit forms share the 0xE prefix nibble
        # and keep their opcode at bits 22:16; 64-bit forms have one bucket.
        key = (insn >> 16) & 0x7F if length == 48 else 0 if length == 64 else insn & 0x7F
        for form in self._buckets[length][key]:
            if insn & form.mask == form.match or (form.variants and form.matches(insn)):
                return form
        return None

    def decode_bytes(self, data: bytes, offset: int = 0) -> tuple[Form | None, int, int]:
        """Decode at ``data[offset:]``: (form or None, instruction value, length in bits).

        When fewer bytes remain than the length needs, the form is None and the length is the
        number of bits available (rounded down to halfwords).
        """
        avail = len(data) - offset
        if avail < 2:
            return None, 0, avail * 8
        try:
            insn, length = fetch_instruction(bytes_reader(data), offset)
        except Unfetchable:
            avail &= ~1
            return None, int.from_bytes(data[offset : offset + avail], "little"), avail * 8
        return self.decode(insn, length), insn, length


STRICT = Decoder(COMMAND_FORMS, SCALAR_FORMS)


def decode(insn: int, length: int) -> Form | None:
    """Decode with the strict PTO 0.58.3 table."""
    return STRICT.decode(insn, length)
