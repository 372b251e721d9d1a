"""A loop that dirties a new 4 KiB page of its buffer every 512 iterations (10 attempts
each): the workload of the history's memory account, shared by its tests
(tests/debug/engine/test_history_accounting.py) and bench_core's row (g), so that the test and
the benchmark measure the same program."""

from __future__ import annotations

PAGE_WALKER = """
    .text
    .globl _start
_start:
    hl.liu buf, ->s0
    hl.liu {iterations}, ->a1
    addi zero, 0, ->a0
loop:
    addi a0, 1, ->a0
    slli a0, 51, ->a2
    srli a2, 48, ->a2
    add s0, a2, ->a3
    ldi [a3, 0], ->a5
    add a5, a0, ->a5
    sdi a5, [a3, 0]
    bstart.std cond, loop
    setc.ltu a0, a1
    bstop
end:
    c.bstart.sys
    c.ebreak 0

    .bss
    .balign 4096
buf:
    .zero 65536
"""
ATTEMPTS_PER_ITERATION = 10


def page_walker(iterations: int) -> str:
    """The walker's source, running ``iterations`` times."""
    return PAGE_WALKER.format(iterations=iterations)
