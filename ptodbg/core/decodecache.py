"""The decode cache: each address decoded once, and dropped when its bytes change.

:func:`decode_span` is the core's one statement of which bytes decide what decodes at an
address (the fused-call length rule, CORE.md §2.1).
"""

from __future__ import annotations

from ptodbg.isa.fetch import FUSED_FIRST_NIBBLE, LENGTH_BY_NIBBLE


def decode_span(first_half: int) -> int:
    """How many bytes from an instruction's address decide what decodes there, given its
    first halfword: the instruction's length, except after a C.BSTART DIRECT halfword (low
    nibble 0x2), where the next halfword decides too (with the C.SETRET pattern the two
    are one 32-bit BSTART.CALL; :func:`ptodbg.isa.fetch.fetch_instruction` applies that).

    Why one function: the decode cache marks these bytes as code and drops the decode when
    a write overlaps them (a store that turns the halfword after a C.BSTART into a
    C.SETRET changes the instruction before it); a listing reads them (those mapped) to
    find the instruction's length."""
    nibble = first_half & 0xF
    return 4 if nibble == FUSED_FIRST_NIBBLE else LENGTH_BY_NIBBLE[nibble] >> 3


# decode_span by the first halfword's low nibble (which alone decides it): for the decode
# cache's first decode of an address, where a call would cost more than the rest.
SPAN_BY_NIBBLE: tuple[int, ...] = tuple(decode_span(nibble) for nibble in range(16))
