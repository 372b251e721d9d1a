# cross_model.s - a test binary following the pto-avs-case-v1 convention (DESIGN.md §3):
# entry _start, the run stops when TPC reaches `cross_model_stop`, the result is the
# `cross_model_result_size` bytes at `cross_model_result`.
# It stores 6 * 7 and a 64-bit constant built with li.
# Expected final state: stop at cross_model_stop; a3 = 42; a4 = 0x1122334455667788;
# T#1 = 0x55667788 (li of a full 64-bit constant pushes its low half onto T);
# result = 2a00000000000000 8877665544332211 (hex of the 16 result bytes).
    .text
    .globl _start
    .type _start, @function
_start:
    li a0, cross_model_result
    c.movi 6, ->a1
    addi zero, 7, ->a2
    mul a1, a2, ->a3
    sdi a3, [a0, 0]
    li a4, 0x1122334455667788
    sdi a4, [a0, 8]
cross_model_stop:
    c.bstart.sys
    c.ebreak 0
    .globl cross_model_stop
    .size _start, .-_start

    .data
    .globl cross_model_result
    .type cross_model_result, @object
    .size cross_model_result, 16
cross_model_result:
    .zero 16
    .globl cross_model_result_size
    .set cross_model_result_size, 16
