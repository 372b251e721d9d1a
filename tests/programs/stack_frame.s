# stack_frame.s - loads and stores with byte offsets on the stack (DESIGN.md §7: memory
# operands are [base, byte offset]; `sdi a0, [sp, -8]` encodes -1) and numeric local labels.
# sp starts at the stack top (0xF000 in the debug profile).
# Expected final state: c.ebreak 0 stop; sp = stack top - 32; a0 = 0x1234, a1 = -2
# (0xfffffffffffffffe), a2 = 0x1234 + (-2) = 0x1232, a3 = 0x1232 (reloaded).
    .text
    .globl _start
_start:
    subi sp, 32, ->sp
    li a0, 0x1234
    li a1, -2
    sdi a0, [sp, 24]
    sdi a1, [sp, 16]
    ldi [sp, 24], ->a2
    ldi [sp, 16], ->a3
    add a2, a3, ->a2
    sdi a2, [sp, 0]
1:  ldi [sp, 0], ->a3
    j 1f
    c.ebreak 9              # skipped
1:  c.bstart.sys
    c.ebreak 0
