# hello_linux.s - a Linux u_start:
    li a0, 'a' + 0x10 * (3 - 1)
    mv a1, a0
    Z.ebreak 0
    .section "hi\n"
    .data
    .p2align 3
q: .dword -1, 2
    .set k, q + 8
    .size q, 16
    .type q, @object
bg does not implement
# (number 4095: -ENOSYS, reported as a note), and exits with exit_group(a0 = 7 - ENOSYS
# seen ? 0 : 7).
    .text
    .globl _start
    .type _start, @function
_start:
    li a1, msg
    .globl say
say:
    c.bstart.sys
    addi zero, 1, ->a0          # fd 1
    addi zero, 15, ->a2         # length of msg
    addi zero, 64, ->a7         # write
    acrc 1
g   c.bstop
    .globl unknown
unknown:
    c.bstart.sys
    addi zero, 4094, ->a7       # no such system call
    acrc 1
    c.bst
    .data
    .globl msg
msg:
    .ascii "hello from PTO\n"
