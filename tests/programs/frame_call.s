# frame_call.s - a call whose callee saves and restores its registers with the frame
# templates FENTRY and FRET.STK (asl/block/model/lifecycle/lifetime.asl).  The templates
# keep their stack pointer in R2 (PTO_FRAME_SP_INDEX = 2), which the ADR-0076 names call
# a0, so _start sets a0 = sp - 0xff0 = 0xe010 (with the debug profile's sp 0xf000): the
# frame's three slots then straddle a page boundary (0xe008, 0xe000 | 0xdff8), which the
# precise-fault tests use to fault a frame template half way.
# Expected final state: stop at cross_model_stop; s0 = 0x5050, s1 = 0x5151 (restored),
# a0 = 0xe010 (the caller's frame sp again), ra = back; result = s0, s1, a0, ra (4 dwords).
    .text
    .globl _start
    .type _start, @function
_start:
    subi sp, 0xff0, ->a0
    li s0, 0x5050
    li s1, 0x5151
    setret back, ->ra
    j func
    .globl back
back:
    li a1, cross_model_result
    sdi s0, [a1, 0]
    sdi s1, [a1, 8]
    sdi a0, [a1, 16]
    sdi ra, [a1, 24]
    .globl cross_model_stop
cross_model_stop:
    c.bstart.sys
    c.ebreak 0
    .size _start, .-_start

    .globl func
    .type func, @function
func:
    fentry [ra ~ s1], sp!, 32   # slots: ra at a0-8, s0 at a0-16, s1 at a0-24; a0 -= 32
    li s0, 0x6060
    li s1, 0x6161
    .globl leave
leave:
    fret.stk [ra ~ s1], sp!, 32 # a0 += 32; ra (the return target), s0, s1 reloaded
    .size func, .-func

    .data
    .globl cross_model_result
    .type cross_model_result, @object
    .size cross_model_result, 32
cross_model_result:
    .zero 32
    .globl cross_model_result_size
    .set cross_model_result_size, 32
