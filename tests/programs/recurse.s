# recurse.s - a recursive function with frame templates, for restarting a frame
# (DAP restartFrame) among several activations of one function.  `down` saves ra and s0
# with FENTRY (asl/block/model/lifecycle/lifetime.asl: the slots go just below the
# caller's sp, which the templates keep in R2 = a0, and a0 moves down by 16), counts its
# activations in s0 (each activation sees the caller's count plus one) and calls itself
# until a1 reaches 0; FRET.STK restores s0 and returns.  _start calls down with a1 = 3:
# four activations, entered with a0 = 0xe010, 0xe000, 0xdff0, 0xdfe0.
# Expected final state: c.ebreak 0 at `done` + 2; a0 = 0xe010, a1 = 0, s0 = 0 (restored).
    .text
    .globl _start
    .type _start, @function
_start:
    subi sp, 0xff0, ->a0
    addi zero, 3, ->a1
    setret done, ->ra
    j down
    .globl done
done:
    c.bstart.sys
    c.ebreak 0
    .size _start, .-_start

    .globl down
    .type down, @function
down:
    fentry [ra ~ s0], sp!, 16
    addi s0, 1, ->s0
    bstart.std cond, .Lleave
    setc.eqi a1, 0
    bstop
    subi a1, 1, ->a1
    setret .Lleave, ->ra
    j down
.Lleave:
    fret.stk [ra ~ s0], sp!, 16
    .size down, .-down
