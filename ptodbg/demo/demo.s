# demo.s - the built-in ptodbg demo (`ptodbg` with no arguments).
#
# Three things to watch, in order:
#   1. copy:    a disjoint DMA, 64 bytes src -> dst.  dst sits alone in its own page
#               (section .data.dst), so a fault can be injected on it without touching
#               src: press f (or type `inject dst 64 r--`), continue, and the DMA traps
#               with DATA_PAGE_FAULT (35), TRAPARG0 = dst, nothing written.  Restore the
#               permission (`perms dst 64 rw-`), recover (r) and step: the DMA reissues
#               whole - 8 loads then 8 stores, TPC + 4, dst equal to src.
#   2. call:    a call and return without blocks (setret/j/jr), so `next` steps over it.
#   3. overlap: a forward overlapping DMA (memmove): buf -> buf+8; the 56 shared bytes
#               are copied from the original source, not from half-overwritten bytes.
# The program ends with an EBREAK stop at `done`.
    .text
    .globl _start
    .type _start, @function
_start:
    li a0, src
    li a1, dst
    .globl copy
copy:
    dma [a0], a1            # 1. copy 64 bytes [a0] -> [a1]
    setret back, ->ra       # 2. call fill ...
    j fill
back:
    li a2, buf
    addi a2, 8, ->a3
    .globl overlap
overlap:
    dma [a2], a3            # 3. overlapping copy buf -> buf+8
    .globl done
done:
    c.bstart.sys
    c.ebreak 0
    .size _start, .-_start

    .globl fill
    .type fill, @function
fill:                       # a4 := 0x5a, a5 := a4 + 0x5a
    addi zero, 0x5a, ->a4
    addi a4, 0x5a, ->a5
    jr ra, 0
    .size fill, .-fill

    .data
    .globl src, buf, dst
# Each object's type and size follow its data: the size is what the data takes (.-name).
src:
    .byte 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10
    .byte 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x1b, 0x1c, 0x1d, 0x1e, 0x1f, 0x20
    .byte 0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f, 0x30
    .byte 0x31, 0x32, 0x33, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e, 0x3f, 0x40
    .type src, @object
    .size src, .-src
buf:
    .byte 0x80, 0x81, 0x82, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a, 0x8b, 0x8c, 0x8d, 0x8e, 0x8f
    .byte 0x90, 0x91, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9e, 0x9f
    .byte 0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9, 0xaa, 0xab, 0xac, 0xad, 0xae, 0xaf
    .byte 0xb0, 0xb1, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xbb, 0xbc, 0xbd, 0xbe, 0xbf
    .zero 8
    .type buf, @object
    .size buf, .-buf

    .section .data.dst, "aw"
dst:
    .zero 64
    .type dst, @object
    .size dst, .-dst
