# call_setret.s - call and return without blocks (CORE.md §1.8, §1.9 "Call/return
# without blocks"): SETRET writes ra (and the block-local return address) with the return
# target, J jumps to the callee, JR ra, 0 returns.
# Expected final state: c.ebreak 1 stop (cause 1) at `back` + 2; a0 = 5; ra = back.
    .text
    .globl _start
_start:
    setret back, ->ra
    j func
back:
    c.bstart.sys
    c.ebreak 1
    .type func, @function
func:
    addi a0, 5, ->a0
    jr ra, 0
    .size func, .-func
