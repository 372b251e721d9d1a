# gdb_names.s - the program the batch fuzz target (tests/fuzz/targets.py) runs the gdb-style
# commands on: a recursive C++-named function with FENTRY/FRET.STK frames (frame, up, down,
# finish, info frame, bt), C++ symbols to break on by their demangled names (operator
# new(unsigned long), std::vector<int>::push_back twice: ambiguous), a store and a DMA for
# `last`, and a string ending at a page's last byte for x/s.
# Expected final state: c.ebreak 0 stop; s0 = 3 (the outermost activation's s2).
    .text
    .globl _start
    .type _start, @function
_start:
    subi sp, 0xff0, ->a0
    li s2, 3
    li a1, buf
    li a2, 0x1234
    sdi a2, [a1, 0]
    li a0, src
    dma [a0], a1
    subi sp, 0xff0, ->a0
    setret done, ->ra
    j _Z3reci
done:
    c.bstart.sys
    c.ebreak 0
    .size _start, .-_start
    .globl _Z3reci
    .type _Z3reci, @function
_Z3reci:
    fentry [ra ~ s0], sp!, 16
    addi s2, 0, ->s0
    bstart.std cond, .Lbase
    subi s2, 1, ->s2
    setc.eq s2, zero
    bstop
    setret .Lback, ->ra
    j _Z3reci
.Lback:
.Lbase:
    fret.stk [ra ~ s0], sp!, 16
    .size _Z3reci, .-_Z3reci
    .globl _Znwm
    .type _Znwm, @function
_Znwm:
    addi a0, 1, ->a0
    .globl _ZNSt3__16vectorIiNS_9allocatorIiEEE9push_backERKi
_ZNSt3__16vectorIiNS_9allocatorIiEEE9push_backERKi:
    addi a0, 1, ->a0
    .globl _ZNSt3__16vectorIiNS_9allocatorIiEEE9push_backEOi
_ZNSt3__16vectorIiNS_9allocatorIiEEE9push_backEOi:
    addi a0, 2, ->a0
    c.bstart.sys
    c.ebreak 0

    .data
src:
    .byte 0x40, 0x3f, 0x3e, 0x3d, 0x3c, 0x3b, 0x3a, 0x39, 0x38, 0x37, 0x36, 0x35, 0x34, 0x33, 0x32, 0x31
    .byte 0x30, 0x2f, 0x2e, 0x2d, 0x2c, 0x2b, 0x2a, 0x29, 0x28, 0x27, 0x26, 0x25, 0x24, 0x23, 0x22, 0x21
    .byte 0x20, 0x1f, 0x1e, 0x1d, 0x1c, 0x1b, 0x1a, 0x19, 0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x11
    .byte 0x10, 0x0f, 0x0e, 0x0d, 0x0c, 0x0b, 0x0a, 0x09, 0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01

    .section .data.buf, "aw"
    .globl buf
buf:
    .zero 64
    .zero 4026
    .globl edge
edge:
    .ascii "abcdef"
