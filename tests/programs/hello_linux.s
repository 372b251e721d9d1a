# hello_linux.s - a Linux user-mode program for `--profile linux`: system calls by
# `acrc 1` in a SYS block (number in a7, arguments a0..a5, result in a0, asm-generic
# numbering).  It writes a line to stdout, makes one call ptodbg does not implement
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
    c.bstop
    .globl unknown
unknown:
    c.bstart.sys
    addi zero, 4095, ->a7       # no such system call
    acrc 1
    c.bstop
    addi a0, 38, ->a0           # -ENOSYS + 38 = 0
    .globl leave
leave:
    c.bstart.sys
    addi zero, 94, ->a7         # exit_group(a0)
    acrc 1
    c.bstop
    .size _start, .-_start

    .data
    .globl msg
msg:
    .ascii "hello from PTO\n"
