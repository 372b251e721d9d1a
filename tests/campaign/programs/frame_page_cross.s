# frame_page_cross.s - FENTRY and FEXIT whose three stack slots straddle a page boundary,
# for the campaign's documented exception: frame templates are restartable by design
# (asl/block/model/lifecycle/lifetime.asl ExecuteFrameTemplate): a fault keeps the
# stack-pointer update and the slots already done, and recovery resumes after them.
# PTO 0.58.3 frame templates keep their stack pointer in R2 (a0, PTO_FRAME_SP_INDEX).
# The slots of a frame at `top` are top-8 (ra), top-16 (s0), top-24 (s1): the first two
# on top's page, the third on the page below.
# Expected final state: c.ebreak 0 stop; a0 = top; ra = 0x1111, s0 = 0x2222, s1 = 0x3333.
    .text
    .globl _start
_start:
    li a0, top
    li ra, 0x1111
    li s0, 0x2222
    li s1, 0x3333
    fentry [ra ~ s1], sp!, 32
    li ra, 0
    li s0, 0
    li s1, 0
    fexit [ra ~ s1], sp!, 32
    c.bstart.sys
    c.ebreak 0

    .data
    .balign 4096
    .zero 4096
    .zero 16
    .globl top
top:
    .zero 16
