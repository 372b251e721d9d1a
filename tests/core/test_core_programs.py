"""The three programs of CORE.md §1.9 ("Minimal control model: three verified programs")
in the reference profile: from their hand-assembled hex words, and assembled from source
with ``ptodbg.isa.asm.assemble`` (the same words, then loaded from the ELF image).

Each ends with ``c.bstart.sys; c.ebreak N``: SW_BREAKPOINT (trap 50) with cause N and
TRAPARG0 = the EBREAK's address (``asl/scalar/sys/C.EBREAK.asl``); bank 0 has EVBASE 0, so
trap entry sets TPC to that address (``asl/arch/system-registers/access-control.asl``
TrapVectorEntry, CORE.md §7.6) and saves the context (``asl/arch/profile/reference-profile.asl``
SaveTrapContext): EBARG_TPC = the EBREAK, EBARG_BPC_CUR = the SYS block's BSTART, and
EBARG0 = 0x130 = ACR 0 | snapshot valid (bit 4) | block active (5) | kind SYS (2 << 7),
type FALL, TAKEN 0 (CORE.md §7.9: SYS blocks start with TAKEN = 0), body not active (6):
the EBREAK is the SYS block's first body instruction and its attempt is rejected by the
trap, so it has not entered the body (precise faults: the implicit entry of CORE.md §7.1
is part of that attempt; issue 23).  CORE.md §1.9/§7.9 give 0x170 (body active): that
value comes from AVS tests that call EnterBundleBody before the EBREAK, which no
instruction does (CORE.md §7.1); ECSTATE[4] is 0 likewise.
The pc sequences are the ones CORE.md's notes give (blocks commit at BSTOP, CORE.md §1.8).
"""

from __future__ import annotations

import pytest
from support.assembled import reference_machine
from support.core_programs import (
    CALL_BLOCKS,
    CALL_BLOCKS_SRC,
    CALL_PLAIN,
    CALL_PLAIN_SRC,
    LOOP,
    LOOP_SRC,
)

from ptodbg.core import Machine, reference
from ptodbg.core import sysregs as ssr
from ptodbg.core.faults import SW_BREAKPOINT
from ptodbg.core.state import BlockState


class Expect:
    """A program's documented stop."""

    def __init__(self, pcs: list[int], cause: int, a0: int, ra: int, lra: int, sys_block: int) -> None:
        self.pcs = pcs  # TPC of every attempt, the EBREAK last
        self.cause = cause
        self.a0 = a0
        self.ra = ra
        self.lra = lra
        self.sys_block = sys_block  # the C.BSTART.SYS address (EBARG_BPC_CUR)

    @property
    def ebreak(self) -> int:
        return self.pcs[-1]


PROGRAMS = {
    "loop": (LOOP, LOOP_SRC, Expect([0x0] + [0x4, 0x8, 0xC, 0x10] * 10 + [0x14, 0x16], 0, 10, 0, 0, 0x14)),
    "call-plain": (CALL_PLAIN, CALL_PLAIN_SRC, Expect([0x0, 0x4, 0xC, 0x10, 0x8, 0xA], 1, 5, 0x8, 0x8, 0x8)),
    "call-blocks": (CALL_BLOCKS, CALL_BLOCKS_SRC,
                    Expect([0x0, 0x4, 0x10, 0x14, 0x16, 0x6, 0x8], 2, 7, 0x6, 0x6, 0x6)),
}


def image(words: list[tuple[int, int, int]]) -> bytes:
    end = max(a + n for a, _, n in words)
    out = bytearray(end)
    for a, w, n in words:
        out[a : a + n] = w.to_bytes(n, "little")
    return bytes(out)


def from_hex(words: list[tuple[int, int, int]]) -> Machine:
    """Reset reference-profile machine (4096 bytes) with the words at address 0, TPC 0
    (every GPR zero, as ResetProfileState leaves them)."""
    m = Machine(reference())
    m.mem.poke(0, image(words))
    m.pc = 0
    return m


def from_source(source: str) -> Machine:
    """The same, through the assembler's ELF image and the loader."""
    m = reference_machine(source)
    assert m.pc == 0
    return m


def check_stop(m: Machine, e: Expect, sp: int = 0) -> None:
    trap = m.pending_trap
    assert trap is not None and trap.number == SW_BREAKPOINT and trap.name == "SW_BREAKPOINT"
    assert (trap.cause, trap.arg0, trap.bank, trap.saved_tpc) == (e.cause, e.ebreak, 0, e.ebreak)
    assert not trap.vectored and m.pc == e.ebreak  # EVBASE 0: TPC := the fault address
    assert m.steps == m.cycle == len(e.pcs)
    assert m.reg("a0") == e.a0 and m.r[10] == e.ra and m.lra == e.lra
    assert m.ctx(0, ssr.EBARG0) == 0x130
    assert m.block_state() == BlockState(kind="SYS", type="FALL", bpc=e.sys_block, bpcn=0, taken=False, body=False)
    assert m.ctx(0, ssr.EBARG_TPC) == e.ebreak
    assert m.ctx(0, ssr.EBARG_BPC_CUR) == e.sys_block
    assert m.ctx(0, ssr.EBARG_LRA) == e.lra
    assert m.ctx(0, ssr.TRAPNO) == (1 << 62) | (e.cause << 24) | SW_BREAKPOINT
    assert m.ctx(0, ssr.TRAPARG0) == e.ebreak
    assert m.ctx(0, ssr.ECSTATE) == 0x00  # ACR 0, the body not entered
    assert m.acr == 0
    assert m.queue("t") == [None] * 4 and m.queue("u") == [None] * 4
    assert m.r[1] == sp and all(m.r[i] == 0 for i in range(3, 24) if i != 10)


@pytest.mark.parametrize("name", PROGRAMS)
def test_hex_words_run_to_the_documented_stop(name):
    """Fast path (``run``): one RunResult "trap" after exactly the documented attempts."""
    words, _, e = PROGRAMS[name]
    m = from_hex(words)
    result = m.run(1000)
    assert result.reason == "trap" and result.steps == len(e.pcs)
    check_stop(m, e)


@pytest.mark.parametrize("name", PROGRAMS)
def test_hex_words_step_through_the_documented_pcs(name):
    """Precise path (``step``): every attempt's TPC, and only the EBREAK traps."""
    words, _, e = PROGRAMS[name]
    m = from_hex(words)
    pcs = []
    while True:
        res = m.step()
        pcs.append(res.pc)
        if res.kind != "executed":
            break
        assert len(pcs) < 100
    assert res.kind == "trap" and pcs == e.pcs
    check_stop(m, e)


@pytest.mark.parametrize("name", PROGRAMS)
def test_source_assembles_to_the_same_words_and_stops_the_same(name):
    words, source, e = PROGRAMS[name]
    m = from_source(source)
    assert m.mem.peek(0, len(image(words))) == image(words)
    result = m.run(1000)
    assert result.reason == "trap"
    check_stop(m, e, sp=4096)  # the loader's sp: the end of the 4096-byte memory (DESIGN.md §2)


def test_loop_block_state_on_the_way():
    """Loop notes: BPCN = 0x004 (the BSTART itself), TAKEN = (a0 < 10) after SETC.LTI;
    the last BSTOP falls through to 0x014 with no block open."""
    m = from_hex(LOOP)
    m.step()
    m.step()  # bstart.std cond, +0
    assert m.block_state() == BlockState(kind="STD", type="COND", bpc=4, bpcn=4, taken=False, body=False)
    for _ in range(2):  # addi, setc.lti
        m.step()
    assert m.reg("a0") == 1 and m.taken and m.commit_arg == 1 and m.block_state().body
    m.step()  # bstop: taken -> 0x004
    assert m.pc == 0x4 and m.block_state() is None
    for _ in range(9 * 4 - 1):
        m.step()
    assert m.pc == 0x10 and m.reg("a0") == 10 and not m.taken and m.commit_arg == 0
    m.step()
    assert m.pc == 0x14 and m.block_state() is None


def test_call_with_blocks_sets_ra_and_lra_at_the_call():
    """BSTART.CALL writes R10 = LRA = 0x006 and BPCN = 0x010; C.BSTART.STD RET takes
    BPCN from LRA (CORE.md §1.8, §7.8)."""
    m = from_hex(CALL_BLOCKS)
    m.step()
    assert (m.r[10], m.lra) == (0x6, 0x6)
    assert m.block_state() == BlockState(kind="STD", type="CALL", bpc=0, bpcn=0x10, taken=True, body=False)
    m.step()  # c.bstop
    assert m.pc == 0x10
    m.step()  # addi a0, 7
    m.step()  # c.bstart.std ret
    assert m.block_state().type == "RET" and m.block_state().bpcn == 0x6
