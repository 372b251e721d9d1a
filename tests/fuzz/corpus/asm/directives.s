_start:
    li a0, 'a' + 0x10 * (3 - 1)
    mv a1, a0
    c.ebreak 0
    .section .rodata
m: .asciz "hi\n"
    .data
    .p2align 3
q: .dword -1, 2
    .set k, q + 8
    .size q, 16
    .type q, @object
