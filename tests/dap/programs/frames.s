# frames.s - calls with frame templates for the DAP tests of gdb's frame commands (issue 12
# item 1).  The templates keep their stack pointer in R2 (a0, strict PTO 0.58.3), so
# _start sets a0 = sp - 0xff0 = 0xe010 first (debug profile, sp = 0xf000).
# `twice` saves ra and s0 with FENTRY, doubles s0 (5 -> 10) and FRET.STK restores s0 = 5
# and returns to `back`; `forever` builds a frame and never returns (a0 counts).
    .text
    .globl _start
    .type _start, @function
_start:
    subi sp, 0xff0, ->a0
    li s0, 5
    setret back, ->ra
    j twice
    .globl back
back:
    setret back2, ->ra
    j forever
back2:
    c.bstart.sys
    c.ebreak 0
    .size _start, .-_start

    .globl twice
    .type twice, @function
twice:
    fentry [ra ~ s0], sp!, 16
    add s0, s0, ->s0
.Lbody:                          # twice+8
    fret.stk [ra ~ s0], sp!, 16
    .size twice, .-twice

    .globl forever
    .type forever, @function
forever:
    fentry [ra ~ s0], sp!, 16
.Lspin:                          # forever+4
    addi s1, 1, ->s1
    j .Lspin
    .size forever, .-forever
