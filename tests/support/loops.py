"""Endless loops for the tests that run a program in the background, interrupt it or travel
over a long history (the TUI's worker, the timeline, interrupts, history summaries): one
copy of each, written to a ``.s`` file by the test that needs it."""

from __future__ import annotations

# a0 counts iterations and each iteration stores it at the global ``counter`` (a page of
# its own, .data): one store per 3 instructions, never an exit.
COUNTER = """    .text
    .globl _start
_start:
    li a1, counter
loop:
    addi a0, 1, ->a0
    sdi a0, [a1, 0]
    j loop
    .data
    .globl counter
counter:
    .dword 0
"""

# a0 counts iterations; ``buf`` accumulates a0 (a load, an add and a store per iteration).
ACCUMULATE = """
    .text
    .globl _start
_start:
    hl.liu buf, ->s0
loop:
    addi a0, 1, ->a0
    ldi [s0, 0], ->a2
    add a2, a0, ->a2
    sdi a2, [s0, 0]
    j loop
    .data
buf: .dword 0
"""
