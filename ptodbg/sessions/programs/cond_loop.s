# cond_loop.s - a counted loop with a COND block (``asl/block/model/dispatch/start.asl``: a COND block branching back).
# `bstart.std cond, loop` opens a COND block whose candidate continuation is the block
# itself; setc.lti sets TAKEN while a0 < 10 and bstop commits the back-edge.
# Expected final state: c.ebreak 0 stop at `stop` + 2; a0 = 10; the SYS block stays open (trap entry does not close it)
# (the SYS block was retired by the trap); the COND block ran 10 times.
    .text
    .globl _start
_start:
    addi zero, 0, ->a0
loop:
    bstart.std cond, loop
    addi a0, 1, ->a0
    setc.lti a0, 10
    bstop
stop:
    c.bstart.sys
    c.ebreak 0
