# dma_fault.s - a DMA whose destination page a test (or the user, with `inject`) makes
# read-only, to watch the precise fault and the full reissue (asl/arch/memory-model/fault-precision.asl, asl/scalar/amo/DMA.asl,
# PTO-AVS-SCALAR-DMA-PRECISE-001 in program form).
# `dst` is alone in its own page-aligned section `.data.dst`, so its page permissions can
# change without touching `src`.
# Expected final state as assembled: c.ebreak 0 stop; mem[dst .. dst+64) == 0x40..0x01.
# With dst's page made read-only before the DMA: a DATA_PAGE_FAULT (trap 35) stop with
# TRAPARG0 = dst and saved TPC = `copy`, no memory change and no events; after fixing the
# permission and recovering, the DMA re-executes completely and the run ends as above.
    .text
    .globl _start
_start:
    li a0, src
    li a1, dst
    .globl copy
copy:
    dma [a0], a1
    c.bstart.sys
    c.ebreak 0

    .data
src:
    .byte 0x40, 0x3f, 0x3e, 0x3d, 0x3c, 0x3b, 0x3a, 0x39, 0x38, 0x37, 0x36, 0x35, 0x34, 0x33, 0x32, 0x31
    .byte 0x30, 0x2f, 0x2e, 0x2d, 0x2c, 0x2b, 0x2a, 0x29, 0x28, 0x27, 0x26, 0x25, 0x24, 0x23, 0x22, 0x21
    .byte 0x20, 0x1f, 0x1e, 0x1d, 0x1c, 0x1b, 0x1a, 0x19, 0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x11
    .byte 0x10, 0x0f, 0x0e, 0x0d, 0x0c, 0x0b, 0x0a, 0x09, 0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01

    .section .data.dst, "aw"
    .globl dst
dst:
    .zero 64
