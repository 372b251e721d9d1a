# spin.s - runs until interrupted (the DAP tests pause it, and set breakpoints while
# it runs).  a0 counts the iterations.
    .text
    .globl _start
_start:
    addi zero, 0, ->a0
spin:
    addi a0, 1, ->a0
    addi a1, 2, ->a1
    j spin
