# timer_irq.s - the timer's pending interrupt (asl/arch/system-registers/{timer,interrupt}.asl).
# In bank 0 (the reset ring ACR0) the timer is interrupt id 1: it is pending while
# TIMER_TIMECMP_ACR0 (0xf21) is nonzero and the cycle count has reached it, as an
# instruction reading IPENDING_ACR0 (0xf08) or TOPEI_ACR0 (0xf09) sees it.  The program sets
# the compare to 6 at cycle 3, reads IPENDING at cycles 4 (not yet: a1 = 0) and 7 (reached:
# a2 = 2, bit 1), TOPEI (a3 = 1), acknowledges id 1 through EOIEI_ACR0 (0xf0a), reads
# IPENDING again (a4 = 2: the compare still holds, so the timer is pending again), clears
# the compare and reads once more (a5 = 0).  No trap is taken: an interrupt becomes pending
# but nothing raises one.  Expected final state: c.ebreak 0 stop; a1 = 0, a2 = 2, a3 = 1,
# a4 = 2, a5 = 0; IPENDING_ACR0 = 0, ECONFIG_ACR0 = 3 (its reset value).
    .text
    .globl _start
_start:
    addi zero, 6, ->a0       # cycle 1
    c.bstart.sys             # cycle 2
    ssrset a0, 0xf21         # cycle 3: TIMER_TIMECMP_ACR0 = 6
    ssrget 0xf08, ->a1       # cycle 4: IPENDING_ACR0, compare not reached
    c.bstop                  # cycle 5
    c.bstart.sys             # cycle 6
    ssrget 0xf08, ->a2       # cycle 7: IPENDING_ACR0, compare reached
    ssrget 0xf09, ->a3       # TOPEI_ACR0
    .globl pending
pending:
    addi zero, 1, ->a0
    ssrset a0, 0xf0a         # EOIEI_ACR0: acknowledge id 1
    ssrget 0xf08, ->a4       # pending again: the compare still holds
    ssrset zero, 0xf21       # no compare
    ssrget 0xf08, ->a5
    c.ebreak 0
