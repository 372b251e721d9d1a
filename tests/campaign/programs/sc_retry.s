# sc_retry.s - an LR/SC increment in a retry loop, for the campaign's documented
# exception: SC clears the reservation on every attempt, a faulting one included
# (asl/scalar/model/amo/semantics.asl StoreConditional), so after a fault on its store
# and `recover`, the reissued SC fails and the loop runs once more.
# Expected final state: c.ebreak 0 stop; the dword at `counter` = 0x2a; a2 = 0 (the SC
# that succeeded).
    .text
    .globl _start
_start:
    li a0, counter
retry:
    bstart.std cond, retry
    lr.d [a0], ->a1
    addi a1, 1, ->a1
    sc.d a1, [a0], ->a2
    setc.nei a2, 0
    bstop
done:
    c.bstart.sys
    c.ebreak 0

    .data
    .balign 64
    .globl counter
counter:
    .dword 0x29
