# tile_store_fault.s - a TSTORE whose footprint crosses a page boundary in its middle, for
# fault injection: the precise-fault rule of tile memory traffic (asl/tile/model/memory/
# load-store.asl: every element of the footprint is probed before the first moves) and
# the full reissue by recovery (the trap is taken at the BSTOP with the block still open,
# asl/block/model/commit/validation.asl; ACRE restores it and the BSTOP re-executes).
# `load_a`/`load_b` read two 4 x 8 U16 tiles (16-byte rows; size code 1: 128 bytes, 8
# physical rows), `add` is TADD (U16 wraps: 65535 + 1 = 0), `store` writes the sum to
# `dst`, whose first two rows end a page and last two start the next (`dst` is alone in
# the page-aligned section .data.dst), and `reload` reads it back into a tile.
# Expected final state as assembled: stop at cross_model_stop; result (dst) == the sums.
# With the second page of dst made read-only before `store` commits: a DATA_PAGE_FAULT
# (trap 35) at the store's BSTOP with TRAPARG0 = dst + 32 (row 2, the first element on
# the denied page), no byte of dst written (not even rows 0 and 1), no event and no tile
# changed; after restoring the permission and `recover`, one step stores all 32
# elements (32 store events) and the run ends as above.
    .text
    .globl _start
    .type _start, @function
_start:
    li a0, tile_a
    li a2, tile_b
    li a3, dst
    addi zero, 16, ->a1             # the row stride in bytes
    .globl load_a
load_a:
    bstart.tload u16
    b.dim zero, 8, ->lb0            # valid columns
    b.dim zero, 4, ->lb1            # valid rows
    b.ior a0, a1, zero, ->zero      # base, stride
    b.iot l=1, sizecode=1, pemode=1, dsttile=0
    bstop
    .globl load_b
load_b:
    bstart.tload u16
    b.dim zero, 8, ->lb0
    b.dim zero, 4, ->lb1
    b.ior a2, a1, zero, ->zero
    b.iot l=1, sizecode=1, pemode=1, dsttile=0
    bstop
    .globl add
add:
    bstart.vec TADD, u16
    b.dim zero, 8, ->lb0
    b.dim zero, 4, ->lb1
    b.iot srctile1=1, srctile0=0, l=1, sizecode=1, pemode=1, dsttile=1
    bstop
    .globl store
store:
    bstart.tstore u16
    b.ior a3, a1, zero, ->zero
    b.iot srctile0=16, l=1, pemode=1
    bstop
    .globl reload
reload:
    bstart.tload u16
    b.dim zero, 8, ->lb0
    b.dim zero, 4, ->lb1
    b.ior a3, a1, zero, ->zero
    b.iot l=1, sizecode=1, pemode=1, dsttile=0
    bstop
    .globl cross_model_stop
cross_model_stop:
    c.bstart.sys
    c.ebreak 0
    .size _start, .-_start

    .data
    .globl tile_a
tile_a:
    .half 0x0001, 0x0002, 0x0003, 0x0004, 0x0005, 0x0006, 0x0007, 0x0008   # 1 2 3 4 5 6 7 8
    .half 0x0064, 0x00c8, 0x012c, 0x0190, 0x01f4, 0x0258, 0x02bc, 0x0320   # 100 200 300 400 500 600 700 800
    .half 0xffff, 0xfffe, 0x0001, 0x0000, 0x9c40, 0x7530, 0x3039, 0xd431   # 65535 65534 1 0 40000 30000 12345 54321
    .half 0x0009, 0x0063, 0x03e7, 0x270f, 0x0000, 0x0000, 0x0000, 0x0007   # 9 99 999 9999 0 0 0 7
    .globl tile_b
tile_b:
    .half 0x000a, 0x0014, 0x001e, 0x0028, 0x0032, 0x003c, 0x0046, 0x0050   # 10 20 30 40 50 60 70 80
    .half 0x0001, 0x0002, 0x0003, 0x0004, 0x0005, 0x0006, 0x0007, 0x0008   # 1 2 3 4 5 6 7 8
    .half 0x0001, 0x0002, 0xffff, 0x0000, 0x7530, 0x9c40, 0xd431, 0x3039   # 1 2 65535 0 30000 40000 54321 12345
    .half 0x0001, 0x0001, 0x0001, 0x0001, 0xffff, 0x0001, 0x0002, 0x0003   # 1 1 1 1 65535 1 2 3

    .section .data.dst, "aw"
    .zero 4064
    .globl dst
    .globl cross_model_result
    .type cross_model_result, @object
    .size cross_model_result, 64
dst:                                # 32 bytes before the page boundary, 32 after
cross_model_result:
    .zero 64
    .globl cross_model_result_size
    .set cross_model_result_size, 64
