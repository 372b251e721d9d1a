"""The three programs of CORE.md §1.9 ("Minimal control model: three verified programs"),
as the hand-assembled words CORE.md tabulates and as assembly source.  Shared by the
core, assembler and CLI tests, so that every test of them checks the same programs."""

from __future__ import annotations

# (address, word, length in bytes), as in CORE.md §1.9's tables
LOOP = [(0x000, 0x00000115, 4), (0x004, 0x00003001, 4), (0x008, 0x00110115, 4), (0x00C, 0x00A14075, 4),
        (0x010, 0x00000001, 4), (0x014, 0x0840, 2), (0x016, 0xC02C, 2)]
CALL_PLAIN = [(0x000, 0x00004507, 4), (0x004, 0x00020037, 4), (0x008, 0x0840, 2), (0x00A, 0xC06C, 2),
              (0x00C, 0x00510115, 4), (0x010, 0x00056027, 4)]
CALL_BLOCKS = [(0x000, 0x50960082, 4), (0x004, 0x0000, 2), (0x006, 0x0840, 2), (0x008, 0xC0AC, 2),
               (0x010, 0x00710115, 4), (0x014, 0x3800, 2), (0x016, 0x0000, 2)]

LOOP_SRC = """
    addi zero, 0, ->a0
1:  bstart.std cond, 1b
    addi a0, 1, ->a0
    setc.lti a0, 10
    bstop
    c.bstart.sys
    c.ebreak 0
"""
CALL_PLAIN_SRC = """
    setret back, ->ra
    j func
back:
    c.bstart.sys
    c.ebreak 1
func:
    addi a0, 5, ->a0
    jr ra, 0
"""
CALL_BLOCKS_SRC = """
    bstart.call callee, back, ->ra
    c.bstop
back:
    c.bstart.sys
    c.ebreak 2
    .zero 6
callee:
    addi a0, 7, ->a0
    c.bstart.std ret
    c.bstop
"""


def words_of(table: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    """(word, length) pairs of a table, the gaps between its addresses as zero fill."""
    out, at = [], 0
    for address, word, size in table:
        if address > at:
            out.append((0, address - at))
        out.append((word, size))
        at = address + size
    return out
