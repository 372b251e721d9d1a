# tile_add.s - two tiles loaded, added and stored: the first tile program of the test
# binaries (pto-avs-case-v1 convention: the run stops at `cross_model_stop`, the result
# is the `cross_model_result_size` bytes at `cross_model_result`).
# `load_a` and `load_b` are BSTART.TLOAD blocks (asl/tile/memory-and-data-movement/
# regular/TLOAD.asl) reading 4 x 4 S32 elements with a 16-byte row stride into fresh
# tiles of hand T (size code 1: 128 bytes, so 8 physical rows of which 4 are valid, the
# padding undefined); `add` is a TADD block (asl/tile/elementwise-tile-tile/arithmetic/
# TADD.asl; integers wrap: TileIntegerBinaryValue, asl/tile/model/execution/
# elementwise.asl) whose destination is allocated in hand U; `store` is a TSTORE of the
# sum (regular/TSTORE.asl) to `cross_model_result`.  Every BSTOP commits its block's
# operation (asl/block/model/commit/validation.asl).  `check` compares the 64 result
# bytes with `expected` eight bytes at a time and ORs the differences into `status`.
# Expected final state: stop at cross_model_stop; tiles 0 (a), 1 (b) and 16 (a + b: S32,
# 4 x 4 valid of 8 x 4) allocated; result == expected (2147483647 + 1 wraps to
# -2147483648); status == 0.
    .text
    .globl _start
    .type _start, @function
_start:
    li a0, tile_a
    li a2, tile_b
    li a3, cross_model_result
    addi zero, 16, ->a1             # the row stride in bytes
    .globl load_a
load_a:
    bstart.tload s32
    b.dim zero, 4, ->lb0            # valid columns
    b.dim zero, 4, ->lb1            # valid rows
    b.ior a0, a1, zero, ->zero      # base, stride
    b.iot l=1, sizecode=1, pemode=1, dsttile=0
    bstop
    .globl load_b
load_b:
    bstart.tload s32
    b.dim zero, 4, ->lb0
    b.dim zero, 4, ->lb1
    b.ior a2, a1, zero, ->zero
    b.iot l=1, sizecode=1, pemode=1, dsttile=0
    bstop
    .globl add
add:
    bstart.vec TADD, s32
    b.dim zero, 4, ->lb0
    b.dim zero, 4, ->lb1
    b.iot srctile1=1, srctile0=0, l=1, sizecode=1, pemode=1, dsttile=1
    bstop
    .globl store
store:
    bstart.tstore s32
    b.ior a3, a1, zero, ->zero
    b.iot srctile0=16, l=1, pemode=1
    bstop
    .globl check
check:
    li a4, expected
    addi zero, 0, ->a5              # the ORed differences
    addi zero, 0, ->a6              # the dword count
compare:
    bstart.std cond, compare
    ldi [a3, 0], ->a7
    ldi [a4, 0], ->s0
    xor a7, s0, ->a7
    or a5, a7, ->a5
    addi a3, 8, ->a3
    addi a4, 8, ->a4
    addi a6, 1, ->a6
    setc.lti a6, 8
    bstop
    li a7, status
    sdi a5, [a7, 0]
    .globl cross_model_stop
cross_model_stop:
    c.bstart.sys
    c.ebreak 0
    .size _start, .-_start

    .data
    .globl tile_a
tile_a:
    .word 0x00000001, 0xfffffffe, 0x0000001e, 0x00000190   # 1, -2, 30, 400
    .word 0x00001388, 0xffff15a0, 0x7fffffff, 0x00000000   # 5000, -60000, 2147483647, 0
    .word 0xffffffff, 0xffffffff, 0x0001e240, 0xfffe1dc0   # -1, -1, 123456, -123456
    .word 0x00000007, 0x00000008, 0x00000009, 0x0000000a   # 7, 8, 9, 10
    .globl tile_b
tile_b:
    .word 0x0000000a, 0x00000014, 0xffffffe2, 0x00000028   # 10, 20, -30, 40
    .word 0x00001388, 0x0000ea60, 0x00000001, 0xfffffffb   # 5000, 60000, 1, -5
    .word 0x00000001, 0xffffffff, 0x000f4240, 0x0001e240   # 1, -1, 1000000, 123456
    .word 0xfffffff9, 0x00000000, 0x0000005b, 0x000003de   # -7, 0, 91, 990
    .globl expected
expected:
    .word 0x0000000b, 0x00000012, 0x00000000, 0x000001b8   # 11, 18, 0, 440
    .word 0x00002710, 0x00000000, 0x80000000, 0xfffffffb   # 10000, 0, -2147483648, -5
    .word 0x00000000, 0xfffffffe, 0x00112480, 0x00000000   # 0, -2, 1123456, 0
    .word 0x00000000, 0x00000008, 0x00000064, 0x000003e8   # 0, 8, 100, 1000
    .globl status
status:
    .dword -1
    .globl cross_model_result
    .type cross_model_result, @object
    .size cross_model_result, 64
cross_model_result:
    .zero 64
    .globl cross_model_result_size
    .set cross_model_result_size, 64
