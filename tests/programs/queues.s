# queues.s - the T and U temporary queues (CORE.md §1.3): destinations ->t / ->u push,
# sources t#1..t#4 / u#1..u#4 read without consuming (t#1 = newest).
# Expected final state: c.ebreak 0 stop; a0 = 7, a1 = 110, a2 = 0x10001 (li to t);
# T = [0x10001, 110, 107, 4] newest first, U = [100, 200, empty, empty].
    .text
    .globl _start
_start:
    c.movi 3, ->t           # T: 3
    c.movi 4, ->t           # T: 4 3
    addi zero, 200, ->u     # U: 200
    addi zero, 100, ->u     # U: 100 200
    add t#1, t#2, ->a0      # a0 = 4 + 3 = 7
    add a0, u#1, ->t        # T: 107 4 3
    c.add t#1, t#3, ->t     # T: 110 107 4 3
    mv a1, t#1              # a1 = 110
    li t, 0x10001           # T: 0x10001 110 107 4   (hl.lis pushes T)
    c.movr t#1, ->a2        # a2 = 0x10001
    c.bstart.sys
    c.ebreak 0
