"""Instruction fetch: an instruction's halfwords and its length, in one place.

Length (docs/architecture-notes.md, instruction length: derived from the catalogs): the low nibble of the first halfword gives
16 bits (even nibble other than 0xE), 32 (odd, other than 0xF), 48 (0xE) or 64 (0xF).  The one
exception is the fused BSTART.CALL: a C.BSTART DIRECT halfword (nibble 0x2) followed by a
halfword with the C.SETRET pattern (``h1 & 0xf83f == 0x5016``) is one 32-bit instruction.
The instruction value is the little-endian concatenation of its halfwords (first halfword =
bits 15:0); instructions are 2-byte aligned.

:func:`fetch_instruction` is the only implementation of that rule that reads memory: the
machine's execution fetch, its side-effect-free ``peek_decode``, the decoder's
``decode_bytes`` and the debugger's views all call it with a way to read one halfword.
:func:`split_window` applies the same rule to 8 bytes already read (the machine's first
fetch of an instruction whose 8 bytes lie in one fetchable page: one read, not four).
"""

from __future__ import annotations

from collections.abc import Callable

LENGTH_BY_NIBBLE: tuple[int, ...] = tuple(
    48 if n == 0xE else 64 if n == 0xF else 16 if n % 2 == 0 else 32 for n in range(16)
)

# The fused BSTART.CALL: a first halfword with this low nibble (C.BSTART DIRECT) followed by
# a halfword matching the C.SETRET pattern.
FUSED_FIRST_NIBBLE = 0x2
SETRET_MASK, SETRET_MATCH = 0xF83F, 0x5016

# Reads the halfword at an address; None when it cannot be read (unmapped, not
# executable, beyond the data).  It must not have side effects.
HalfwordReader = Callable[[int], "int | None"]


class Unfetchable(Exception):
    """A halfword the instruction needs cannot be read; ``address`` is the first such one."""

    def __init__(self, address: int) -> None:
        super().__init__(address)
        self.address = address


def is_fused_call(first_half: int, second_half: int) -> bool:
    """True when two halfwords form the 32-bit BSTART.CALL (C.BSTART DIRECT + C.SETRET)."""
    return first_half & 0xF == FUSED_FIRST_NIBBLE and second_half & SETRET_MASK == SETRET_MATCH


def instruction_length(first_half: int, second_half: int | None = None) -> int:
    """Length in bits of the instruction whose first halfword is ``first_half``."""
    if second_half is not None and is_fused_call(first_half, second_half):
        return 32
    return LENGTH_BY_NIBBLE[first_half & 0xF]


def fetch_instruction(read_half: HalfwordReader, pc: int) -> tuple[int, int]:
    """(instruction value, length in bits) of the instruction at ``pc``.

    ``read_half(address)`` returns the halfword at ``address`` or None when it cannot be
    read; a halfword the instruction needs that cannot be read raises
    :class:`Unfetchable`.  The second halfword of a possible fused BSTART.CALL is only
    looked at: when it cannot be read the instruction is the 16-bit C.BSTART."""
    h0 = read_half(pc)
    if h0 is None:
        raise Unfetchable(pc)
    nibble = h0 & 0xF
    length = LENGTH_BY_NIBBLE[nibble]
    if length == 16:
        if nibble == FUSED_FIRST_NIBBLE:
            h1 = read_half(pc + 2)
            if h1 is not None and h1 & SETRET_MASK == SETRET_MATCH:
                return h0 | h1 << 16, 32
        return h0, 16
    value = h0
    for k in range(1, length >> 4):
        half = read_half(pc + 2 * k)
        if half is None:
            raise Unfetchable(pc + 2 * k)
        value |= half << (16 * k)
    return value, length


def split_window(window: int) -> tuple[int, int]:
    """(instruction value, length in bits) of the instruction at the start of ``window``,
    the little-endian value of 8 bytes that can all be fetched: what
    :func:`fetch_instruction` returns for them, since every halfword it may read is there."""
    h0 = window & 0xFFFF
    nibble = h0 & 0xF
    length = LENGTH_BY_NIBBLE[nibble]
    if length == 16:
        if nibble == FUSED_FIRST_NIBBLE and (window >> 16) & SETRET_MASK == SETRET_MATCH:
            return window & 0xFFFFFFFF, 32
        return h0, 16
    return window & ((1 << length) - 1), length


def bytes_reader(data: bytes | bytearray, base: int = 0) -> HalfwordReader:
    """A halfword reader over ``data`` placed at address ``base``."""
    end = base + len(data)

    def read(address: int) -> int | None:
        if address < base or address + 2 > end:
            return None
        i = address - base
        return data[i] | data[i + 1] << 8

    return read
