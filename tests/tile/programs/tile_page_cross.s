# tile_page_cross.s - tile blocks whose memory footprints cross page boundaries, for the
# machine-level tile tests and the fault campaign: TLOAD reads a 4x4 U64 tile (rows of
# 32 bytes, 64 before the boundary and 64 after), TADD doubles it into a new tile, TSTORE
# writes the sum across the next boundary, TLOAD reads it back into a third tile.
# The transfers probe every element before the first moves (asl/tile/model/memory/
# load-store.asl), so a fault on either page leaves tiles, memory and events unchanged and
# reports the first element on the denied page; recovery reissues the block at its BSTOP.
# Expected final state: c.ebreak 0 stop; dst[k] == 2 * src[k] for k in 0..15; T0 holds
# src, T16 holds 2 * src, T1 holds 2 * src.
    .text
    .globl _start
_start:
    hl.liu src, ->a0
    hl.liu dst, ->a2
    addi zero, 32, ->a1
    .globl load
load:
    bstart.tload datatype=24          # U64
    b.dim zero, 4, ->lb0
    b.dim zero, 4, ->lb1
    b.ior a0, a1, zero, ->zero
    b.iot l=1, sizecode=1, pemode=1, dsttile=0
    bstop
    .globl add
add:
    bstart.tepl datatype=24, mode=0, function=0   # TADD
    b.dim zero, 4, ->lb0
    b.dim zero, 4, ->lb1
    b.iot srctile1=0, srctile0=0, l=1, sizecode=1, pemode=1, dsttile=1
    bstop
    .globl store
store:
    bstart.tstore datatype=24
    b.ior a2, a1, zero, ->zero
    b.iot srctile0=16, l=1, pemode=1
    bstop
    .globl reload
reload:
    bstart.tload datatype=24
    b.dim zero, 4, ->lb0
    b.dim zero, 4, ->lb1
    b.ior a2, a1, zero, ->zero
    b.iot l=1, sizecode=1, pemode=1, dsttile=0
    bstop
    c.bstart.sys
    c.ebreak 0

    .data
    .balign 4096
    .zero 4032
    .globl src
src:                        # 64 bytes before the page boundary, 64 after
    .dword 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16
    .balign 4096
    .zero 4064
    .globl dst
dst:                        # 32 bytes before the next boundary, 96 after
    .zero 128
