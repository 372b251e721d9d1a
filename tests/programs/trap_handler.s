# trap_handler.s - a trap handler installed through EVBASE (CORE.md §3.6, §6).
# Inside a SYS block, ssrset writes the handler's address to EVBASE_ACR0 (0xf01).  The
# DMA at `fault` names an unmapped destination and raises DATA_PAGE_FAULT (trap 35); the
# trap vectors to `handler`, which fixes the cause (a valid destination in a2) and
# recovers with ACRE: TPC returns to the DMA, which re-executes in full.  Before the
# final EBREAK the handler is uninstalled (EVBASE = 0) so that the EBREAK stops.
# Expected final state: c.ebreak 0 stop at `stop` + 4 (cause 0); a2 = dst;
# mem[dst .. dst+64) == 0x01..0x40; bank 0: TRAPNO = 35, TRAPARG0 = 0x7f000000 of the
# DMA fault before the EBREAK replaced them, EVBASE_ACR0 = 0; s0 = 1 (the handler ran once).
    .text
    .globl _start
_start:
    li a0, handler
    c.bstart.sys
    ssrset a0, 0xf01         # EVBASE_ACR0 = handler
    c.bstop
    li a1, src
    li a2, 0x7f000000        # not mapped: the DMA below faults
    .globl fault
fault:
    dma [a1], a2
stop:
    c.bstart.sys
    ssrset zero, 0xf01       # uninstall the handler
    c.ebreak 0

    .globl handler
handler:
    addi s0, 1, ->s0         # count the traps
    li a2, dst               # fix the cause
    c.bstart.sys
    acre 0                   # restore the saved context: TPC = fault

    .data
src:
    .byte 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10
    .byte 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x20
    .byte 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f, 0x30
    .byte 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f, 0x40
dst:
    .zero 64
