# reference_store.s - a store, a load and a DMA in the reference profile's flat memory
# (code, data and stack in page 0, the pto-avs convention), for campaigns there: four
# data sites on page 0, each faulting with TRAPARG0 = 0x800.
# Expected final state: c.ebreak 0 stop after 7 attempts; a2 = 0x1234.
    .text
    .vaddr 0x100
    .globl _start
_start:
    li a0, 0x800
    li a1, 0x1234
    sdi a1, [a0, 0]
    ldi [a0, 0], ->a2
    dma [a0], a0
    c.bstart.sys
    c.ebreak 0
