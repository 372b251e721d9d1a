# first_body_access.s - blocks whose first body instruction is a memory access (a load,
# then a store), for the campaign's body rule: a faulting first body instruction is
# rejected whole, its implicit body entry included, so every site is strictly precise
# (block.body stays false at the trap) and recovery reissues it at the header position.
# Expected final state: c.ebreak 0 stop after 9 attempts; a2 = 0x77, value = 0x78.
    .text
    .globl _start
_start:
    li a1, value
    c.bstart.std fall
    ldi [a1, 0], ->a2
    addi a2, 1, ->a3
    c.bstop
    c.bstart.std fall
    sdi a3, [a1, 0]
    c.bstop
    c.bstart.sys
    c.ebreak 0
    .data
value:
    .dword 0x77
