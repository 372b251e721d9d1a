# avs_layout.s - a test binary linked the way pto-avs cases are (the pto-avs-case-v1
# convention, DESIGN.md §3): code, data and result all in page 0 (.text at 0x100, .data at
# 0x200).  The debug profile loads it as linked, with the stack on the free pages under
# 0xf000 (DESIGN.md §2); page 0 holds an r-x and an rw- segment, so it is rwx (the union).
# It reads `input`, pushes two dwords, pops them and stores what it saw.
# Expected final state: stop at cross_model_stop; result (4 dwords) = input + 1 =
# 0x1122334455667789, 42, the sp after the two pushes (stack top - 16), the stack top
# (0xf000 in the debug profile); sp back at the stack top.
    .text
    .vaddr 0x100
    .globl _start, cross_model_stop
    .type _start, @function
_start:
    li a0, input
    ldi [a0, 0], ->a1
    addi a1, 1, ->a1
    mv a4, sp                   # the stack top as loaded
    subi sp, 16, ->sp           # push input + 1, then 42
    sdi a1, [sp, 8]
    addi zero, 42, ->a2
    sdi a2, [sp, 0]
    mv a5, sp
    ldi [sp, 0], ->a3           # pop 42
    ldi [sp, 8], ->a2           # pop input + 1
    addi sp, 16, ->sp
    li a0, cross_model_result
    sdi a2, [a0, 0]
    sdi a3, [a0, 8]
    sdi a5, [a0, 16]
    sdi a4, [a0, 24]
cross_model_stop:
    c.bstart.sys
    c.ebreak 0
    .size _start, .-_start

    .data
    .vaddr 0x200
    .globl input
input:
    .dword 0x1122334455667788
    .globl cross_model_result
    .type cross_model_result, @object
    .size cross_model_result, 32
cross_model_result:
    .zero 32
    .globl cross_model_result_size
    .set cross_model_result_size, 32
