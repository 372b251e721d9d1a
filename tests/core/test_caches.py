"""The machine's caches through their public methods (docs/interfaces.md §1, §8): the decode cache
(``Machine.decode``) and the block cache (``Machine.blocks``), which translation, the write
index and the debugger use instead of the machine's private tables."""

from __future__ import annotations

from support.encode import CODE, STOP, code_machine, counting_block, enc

from ptodbg.core import Machine, R, X
from ptodbg.core.writeset import ALL_GPRS


def counting_loop(count: int) -> Machine:
    """a0 counts to ``count`` in a COND block that branches back to itself, then EBREAK."""
    m = code_machine(
        *counting_block(),
        *STOP,
    )
    m.r[3] = count
    return m


def test_try_decode_of_unfetchable_code_has_no_effect():
    """An address in no mapped page: no decode, no fault, no trap entry, no attempt (the
    translation asks this before it follows an instruction)."""
    m = counting_loop(3)
    assert m.decode.try_decode(0x50000) is None
    assert 0x50000 not in m.decode and m.steps == 0 and m.pending_trap is None and m.last_trap is None
    got = m.decode.try_decode(CODE)
    assert got is not None and got[0].mnemonic == "BSTART.STD" and got[2] == 32
    assert m.decode.decoded(CODE) == got and CODE in m.decode.entries()


def test_write_masks_are_remembered_and_dropped_with_the_decode():
    """ADDI ->a0 may write R2 only (writeset); a write to its bytes drops the decode and its
    mask; a machine that does not track writes takes every mask as all GPRs."""
    m = counting_loop(3)
    addi = CODE + 4
    m.decode.decode(addi)
    assert m.decode.write_mask(addi) == 1 << 2 and m.decode.write_masks[addi] == 1 << 2
    m.mem.store(addi, 4, int.from_bytes(enc("ADDI", RegDst=5, SrcL=2, uimm12=1), "little"))
    assert addi not in m.decode and addi not in m.decode.write_masks
    m.decode.decode(addi)
    assert m.decode.write_mask(addi) == 1 << 5
    coarse = counting_loop(3)
    coarse.track_writes = False
    coarse.decode.decode(addi)
    assert coarse.decode.write_mask(addi) == ALL_GPRS
    assert m.decode.write_mask(0x50000) == ALL_GPRS  # nothing decoded there: a superset


def test_a_cycle_read_is_built_for_the_precise_path_only():
    """SSRGET CYCLE reads the attempt count, so it has a precise-path handler (the fast
    loop syncs to it); ADDI has none."""
    m = code_machine(enc("SSRGET", SSR_ID=0xC00, RegDst=2), enc("ADDI", RegDst=2, SrcL=2, uimm12=1), perms=R | X)
    m.decode.handler_at(CODE)
    m.decode.handler_at(CODE + 4)
    assert m.decode.precise_at(CODE) is not None and m.decode.precise_at(CODE + 4) is None
    form = m.decode.decoded(CODE)[0]
    assert m.decode.executes(form) and m.decode.guards(form, form.values(m.decode.decoded(CODE)[1]))[1:] == (0, 0)


def test_a_hot_loop_becomes_a_block_that_a_code_write_drops():
    """The loop is translated once hot; its entry and every instruction it holds are in the
    block cache.  Rewriting the ADDI drops the block (and the decode), and the loop goes on
    with the new instruction: a0 then counts by 2."""
    m = counting_loop(1000)
    m.translate_after = 0
    assert m.run(8 * 3 + 1).reason == "max-steps"
    blocks = m.blocks.entries()
    assert list(blocks) == [CODE] and len(m.blocks) == 1
    assert {CODE, CODE + 4, CODE + 8, CODE + 12} <= m.blocks.covered()
    before = m.r[2]
    m.mem.store(CODE + 4, 4, int.from_bytes(enc("ADDI", RegDst=2, SrcL=2, uimm12=2), "little"))
    assert m.blocks.entries() == {} and CODE + 4 not in m.blocks.covered()
    m.translate_after = None
    m.run(3)  # ADDI, SETC, BSTOP on the per-instruction path
    assert m.r[2] == before + 2


def test_a_stop_inside_a_block_drops_it_and_stops_there():
    """A stop address inside a translated block: the block goes, ``run`` stops before the
    instruction; without the stop the loop runs to its end."""
    m = counting_loop(100)
    m.translate_after = 0
    m.run(10)
    assert CODE in m.blocks.entries()
    m.add_stop(CODE + 8)  # the SETC
    assert m.blocks.entries() == {} and CODE + 8 not in m.blocks.covered()
    res = m.run(1000)
    assert res.reason == "stop-pc" and m.pc == CODE + 8
    m.remove_stop(CODE + 8)
    res = m.run(10_000)
    assert res.reason == "trap" and res.trap.name == "SW_BREAKPOINT" and m.r[2] == 100


def test_clear_keeps_the_stop_sentinels():
    """A new decoder forgets every decode and block, but a stop address still stops."""
    m = counting_loop(100)
    m.translate_after = 0
    m.run(10)
    m.add_stop(CODE + 4)
    m.flush_icache()
    assert len(m.decode) == 0 and len(m.blocks) == 0
    m.pc = CODE
    assert m.run(1000).reason == "stop-pc" and m.pc == CODE + 4
