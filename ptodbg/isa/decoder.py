"""Instruction length and form decode.

Length (CORE.md §2.1, derived from the catalogs): the low nibble of the first halfword gives
16 bits (even nibble other than 0xE), 32 (odd, other than 0xF), 48 (0xE) or 64 (0xF).  The one
exception is the fused BSTART.CALL: a C.BSTART DIRECT halfword (nibble 0x2) followed by a
halfword with the C.SETRET pattern (``h1 & 0xf83f == 0x5016``) is one 32-bit instruction.

Form choice (``scripts/encoding_witness.py`` catalog_decode_order, ``asl/arch/dispatch``):
command forms before scalar forms; within each surface the form with the most mask bits wins,
ties broken by form_id; only forms of the instruction's own length take part.  Constraints are
*not* checked here: a constraint violation makes the chosen form illegal (trap 4), it never
selects another form, so the caller checks :meth:`Form.violation` after decode.
"""

from __future__ import annotations

from collections.abc import Iterable

from ptodbg.isa.forms import COMMAND_FORMS, SCALAR_FORMS, Form

LENGTH_BY_NIBBLE = tuple(
    48 if n == 0xE else 64 if n == 0xF else 16 if n % 2 == 0 else 32 for n in range(16)
)


def is_fused_call(first_half: int, second_half: int) -> bool:
    """True when two halfwords form the 32-bit BSTART.CALL (C.BSTART DIRECT + C.SETRET)."""
    return first_half & 0xF == 0x2 and second_half & 0xF83F == 0x5016


def instruction_length(first_half: int, second_half: int | None = None) -> int:
    """Length in bits of the instruction whose first halfword is ``first_half``."""
    if second_half is not None and is_fused_call(first_half, second_half):
        return 32
    return LENGTH_BY_NIBBLE[first_half & 0xF]


def _bucket_key(insn: int, length: int) -> int:
    # 48-bit forms share the 0xE prefix nibble; their body opcode sits at bits 22:16.
    if length == 48:
        return (insn >> 16) & 0x7F
    if length == 64:
        return 0
    return insn & 0x7F


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
                keys = set()
                for mask, match in form.encodings():
                    fmask = (mask >> shift) & keymask
                    fmatch = (match >> shift) & keymask
                    keys.update(key for key in range(keymask + 1) if key & fmask == fmatch)
                for key in sorted(keys):
                    buckets[key].append(form)
            self._buckets[length] = buckets

    def decode(self, insn: int, length: int) -> Form | None:
        """The form that owns ``insn`` of ``length`` bits, or None (illegal instruction)."""
        for form in self._buckets[length][_bucket_key(insn, length)]:
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
        h0 = data[offset] | data[offset + 1] << 8
        h1 = data[offset + 2] | data[offset + 3] << 8 if avail >= 4 else None
        length = instruction_length(h0, h1)
        if avail * 8 < length:
            return None, int.from_bytes(data[offset : offset + (avail & ~1)], "little"), (avail & ~1) * 8
        insn = int.from_bytes(data[offset : offset + length // 8], "little")
        return self.decode(insn, length), insn, length


STRICT = Decoder(COMMAND_FORMS, SCALAR_FORMS)


def decode(insn: int, length: int) -> Form | None:
    """Decode with the strict PTO 0.58.3 table."""
    return STRICT.decode(insn, length)
