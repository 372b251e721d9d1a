"""Writes to code (issue 15 item 2, DESIGN.md §8): a write drops exactly the decoded
instructions and translated blocks whose bytes it overlaps.  Stores next to code cost a
range test (no re-decode: the 'store cliff' is gone), and self-modifying code stays exact
on both paths (per instruction and translated)."""

from __future__ import annotations

import pytest
from support.assembled import ENTRY, counted_loop
from support.encode import ACCUMULATE, CODE, STOP, code_machine, counting_block, enc
from support.random_programs import RandomProgram

from ptodbg.core import Machine

CELL = CODE + 0x800  # a data cell in the code page


def loop_storing_next_to_its_code(cell: int, translate_after: int | None) -> Machine:
    """a0 counts to a1; each iteration loads the cell, adds a0 and stores it back."""
    m = code_machine(
        *counting_block(*ACCUMULATE),
        *STOP,
    )
    m.translate_after = translate_after
    m.r[1], m.r[3] = cell, 500
    return m


@pytest.mark.parametrize("translate_after", [None, 0])
def test_stores_next_to_code_keep_the_decoded_code(translate_after):
    m = loop_storing_next_to_its_code(CELL, translate_after)
    m.run(12)  # two iterations: every instruction decoded
    handlers = {pc: m.decode.handlers[pc] for pc in m.decode.entries()}
    res = m.run(10_000)
    assert res.trap.name == "SW_BREAKPOINT" and m.r[2] == 500
    assert int.from_bytes(m.mem.peek(CELL, 8), "little") == 500 * 501 // 2
    assert all(m.decode.handlers[pc] is h for pc, h in handlers.items()), "a store re-decoded code"
    assert CODE >> 12 in m.mem.fast_code  # the page stays fast for stores that miss code


def test_a_store_into_a_code_granule_without_code_needs_no_decode():
    """The granule test is per 8 bytes: a store into the granule after the last
    instruction's granule does not call the machine back."""
    m = loop_storing_next_to_its_code(CELL, None)
    m.run(12)
    calls = []
    m.mem.on_code_write = lambda addr, size: calls.append((addr, size))
    m.mem.store(CODE + 0x20, 8, 7)  # the code ends at CODE + 0x1e
    m.mem.store(CODE + 0x18, 2, 7)  # the granule of the C.BSTART.SYS
    assert calls == [(CODE + 0x18, 2)]


SELF_MODIFYING = ENTRY + """\
    hl.liu slot, ->x2
    hl.liu {word}, ->x1
    shi x1, [x2, 0]
    srli x1, 16, ->x1
    shi x1, [x2, 2]
slot:
    addi zero, 5, ->a1
end:
    c.bstart.sys
    c.ebreak 0
    .data
data:
    .zero 8192
"""


@pytest.mark.parametrize("translate_after", [None, 0])
def test_self_modifying_code_runs_the_new_instruction(translate_after):
    """The program rewrites the instruction right after its own store, inside what is one
    translated block; the new instruction runs (a1 = 77), not the decoded one (a1 = 5)."""
    word = int.from_bytes(enc("ADDI", RegDst=3, SrcL=0, uimm12=77), "little")
    p = RandomProgram(SELF_MODIFYING.format(word=word), 0)
    m = p.machine(writable_code=True)
    m.translate_after = translate_after
    assert m.run(1000).trap.name == "SW_BREAKPOINT"
    assert m.r[3] == 77


def test_rewriting_the_halfword_a_c_bstart_peeks_at():
    """A 16-bit C.BSTART DIRECT followed by a halfword with the C.SETRET pattern is the
    fused BSTART.CALL (CORE.md §2.1): writing that halfword changes the decode at the
    C.BSTART's address."""
    m = code_machine(enc("C.BSTART", "direct", simm12=4), enc("C.BSTOP"))
    first = m.step()
    assert (first.form.mnemonic, first.length) == ("C.BSTART", 16)
    m.reset()
    m.pc = CODE
    m.mem.poke(CODE + 2, enc("C.SETRET", uimm5=2))
    again = m.step()
    assert (again.form.mnemonic, again.length) == ("BSTART.CALL", 32)


def test_a_breakpoint_on_a_rewritten_instruction_runs_the_new_one():
    m = code_machine(enc("ADDI", RegDst=2, SrcL=0, uimm12=1))
    m.add_stop(CODE)
    assert m.run(10).reason == "stop-pc"
    m.mem.poke(CODE, enc("ADDI", RegDst=2, SrcL=0, uimm12=2))
    m.remove_stop(CODE)
    m.step()
    assert m.r[2] == 2


def test_restore_keeps_code_whose_bytes_survive_and_drops_the_rest():
    m = loop_storing_next_to_its_code(CELL, 0)
    m.run(200)
    snap = m.snapshot()
    m.run(200)  # the cell's page (the code page) is copied on write: a new page object
    kept = {pc: m.decode.handlers[pc] for pc in m.decode.entries()}
    m.restore(snap)
    assert all(m.decode.handlers.get(pc) is h for pc, h in kept.items())
    m.mem.poke(CODE + 4, enc("ADDI", RegDst=2, SrcL=2, uimm12=2))
    patched = m.snapshot()
    m.restore(snap)  # the ADDI's bytes differ again: decoded anew
    assert CODE + 4 not in m.decode.handlers and CODE in m.decode.handlers
    added = []
    for state in (snap, patched):  # the same 60 attempts from the same step, before and after the patch
        m.restore(state)
        start = m.r[2]
        m.run(60)
        added.append(m.r[2] - start)
    assert added[0] > 0 and added[1] == 2 * added[0]  # the patched ADDI adds 2 where the original added 1


# One store site that first writes a cell on its own (writable) code page, then, on the
# second pass, a data page: its first execution picks the code-pages-first probe order
# (ptodbg.core.semantics.agu, issue 15 (c)); the order must not change what it writes.
STORE_SITE_MOVES = ENTRY + """\
    hl.liu cell, ->s0
    hl.liu data, ->s1
    addi zero, 0, ->a0
    addi zero, 0, ->a2
""" + counted_loop("loop", "a0", 40, "sdi a0, [s0, 0]") + """\
    addi s1, 0, ->s0
    addi a2, 1, ->a2
    addi zero, 0, ->a0
    bstart.std cond, loop
    setc.ltui a2, 2
    bstop
    c.bstart.sys
    c.ebreak 0
    .balign 8
cell:
    .dword 0
    .data
data:
    .zero 8192
"""


@pytest.mark.parametrize("translate_after", [None, 0, 32])
def test_a_store_site_that_first_wrote_a_code_page_writes_data_pages_alike(translate_after):
    p = RandomProgram(STORE_SITE_MOVES, 0)
    m = p.machine(writable_code=True)
    m.translate_after = translate_after
    assert m.run(10_000).trap.name == "SW_BREAKPOINT"
    cell = p.program().symbol("cell").value
    assert cell >> 12 == p.program().entry >> 12  # the cell is on the code page
    assert int.from_bytes(m.mem.peek(cell, 8), "little") == 40
    assert int.from_bytes(m.mem.peek(p.data_address, 8), "little") == 40
    assert (m.reg("a0"), m.reg("a2")) == (0, 2)  # a0 is cleared after each pass
