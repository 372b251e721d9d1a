# call_blocks.s - calls and returns with blocks (CORE.md §1.8, §1.9 "Call/return with
# blocks"): BSTART.CALL opens a CALL block whose candidate is the callee and writes ra
# (= LRA) with the return target; BSTOP commits the call.  f1 returns with BSTART.STD RET
# + C.BSTOP, f2 with C.BSTART.STD RET + C.BSTOP (both use LRA).
# Expected final state: c.ebreak 2 stop (cause 2); a0 = 7, a1 = 9; ra = ret2.
    .text
    .globl _start
_start:
    bstart.call f1, ret1, ->ra
    c.bstop
ret1:
    bstart.call f2, ret2, ->ra
    c.bstop
ret2:
    c.bstart.sys
    c.ebreak 2

f1:
    addi a0, 7, ->a0
    bstart.std ret
    c.bstop

f2:
    addi a1, 9, ->a1
    c.bstart.std ret
    c.bstop
