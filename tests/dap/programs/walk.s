# walk.s - the program the DAP tests drive (linux profile).  `bump` adds 1 to `counter`
# (a store a data breakpoint can watch); _start calls it three times (SETRET + J, JR ra
# returns), copies `src` to `dst` with one DMA (`dst` is alone in its page, so `inject
# dst 64 r--` faults the DMA: DATA_PAGE_FAULT, TRAPARG0 = dst, saved TPC = `copy`),
# writes "walked 3x\n" to stdout and exits with status counter = 3.
    .text
    .globl _start
    .type _start, @function
_start:
    li s1, counter
    setret back1, ->ra
    j bump
back1:
    setret back2, ->ra
    j bump
back2:
    setret back3, ->ra
    j bump
back3:
    li a1, src
    li a2, dst
    .globl copy
copy:
    dma [a1], a2
    li a1, msg
    c.bstart.sys
    addi zero, 1, ->a0
    addi zero, 10, ->a2
    addi zero, 64, ->a7
    acrc 1
    c.bstop
    ldi [s1, 0], ->a0
    c.bstart.sys
    addi zero, 94, ->a7
    acrc 1
    c.bstop
    .size _start, .-_start

    .globl bump
    .type bump, @function
bump:
    ldi [s1, 0], ->a3
    addi a3, 1, ->a3
    sdi a3, [s1, 0]
    jr ra, 0
    .size bump, .-bump

    .data
    .globl counter
counter:
    .dword 0
msg:
    .ascii "walked 3x\n"
src:
    .byte 0x40, 0x3f, 0x3e, 0x3d, 0x3c, 0x3b, 0x3a, 0x39, 0x38, 0x37, 0x36, 0x35, 0x34, 0x33, 0x32, 0x31
    .byte 0x30, 0x2f, 0x2e, 0x2d, 0x2c, 0x2b, 0x2a, 0x29, 0x28, 0x27, 0x26, 0x25, 0x24, 0x23, 0x22, 0x21
    .byte 0x20, 0x1f, 0x1e, 0x1d, 0x1c, 0x1b, 0x1a, 0x19, 0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x11
    .byte 0x10, 0x0f, 0x0e, 0x0d, 0x0c, 0x0b, 0x0a, 0x09, 0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01

    .section .data.dst, "aw"
    .globl dst
dst:
    .zero 64
