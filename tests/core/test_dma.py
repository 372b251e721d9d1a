"""DMA conformance: the four pto-spec AVS points (tests/asl/scalar/amo/DMA/, restated in
CORE.md §4.3) plus the cases the seed contract names (backward and exact overlap,
``dma [a0], a0``, source-before-destination fault order, read-only destination page in
the debug profile, reservation kept and invalidated)."""

from __future__ import annotations

import pytest
from support.avs import fill, fresh, run_word, word

from ptodbg.core import DEBUG, Machine, R, W, X
from ptodbg.core.faults import DATA_PAGE_FAULT
from ptodbg.isa.decoder import decode

DMA_MATCH = 0x0000700B
DMA_R1_R2 = word(DMA_MATCH, (19, 15, 1), (24, 20, 2))  # dma [sp], a0 = 0x0020f00b


def chunks(data: bytes) -> list[int]:
    return [int.from_bytes(data[k : k + 8], "little") for k in range(0, 64, 8)]


def test_avs_decode_canonical():
    """PTO-AVS-SCALAR-DMA-DECODE-001: 0x0000700b is scalar form 81 (DMA), SrcL = SrcR = 0."""
    form = decode(DMA_MATCH, 32)
    assert form is not None
    assert (form.surface, form.index, form.mnemonic) == ("scalar", 81, "DMA")
    assert form.values(DMA_MATCH) == {"SrcL": 0, "SrcR": 0}
    assert DMA_R1_R2 == 0x0020F00B


def test_avs_copy_disjoint():
    """PTO-AVS-SCALAR-DMA-COPY-001: disjoint copy, 16 ordered relaxed events, reservation
    on the destination line invalidated, TPC + 4."""
    m = fresh()
    fill(m, 0x100, bytes(range(1, 65)))
    fill(m, 0x200, b"\xaa" * 64)
    m.set_reservation(0x200, 8)
    m.r[1], m.r[2] = 0x100, 0x200
    m.pc = 0x40
    res = run_word(m, DMA_R1_R2)
    assert res.kind == "executed" and res.trap is None
    assert m.resv is None
    assert m.pc == 0x44
    assert m.mem.peek(0x200, 64) == m.mem.peek(0x100, 64)
    assert len(res.events) == 16
    expected = [
        0x0807060504030201, 0x100F0E0D0C0B0A09, 0x1817161514131211, 0x201F1E1D1C1B1A19,
        0x2827262524232221, 0x302F2E2D2C2B2A29, 0x3837363534333231, 0x403F3E3D3C3B3A39,
    ]
    for k in range(8):
        load, store = res.events[k], res.events[k + 8]
        assert (load.kind, load.address, load.size, load.order) == ("load", 0x100 + 8 * k, 8, "relaxed")
        assert (store.kind, store.address, store.size, store.order) == ("store", 0x200 + 8 * k, 8, "relaxed")
        assert load.value == expected[k] == store.value


def test_avs_forward_overlap_through_queues():
    """PTO-AVS-SCALAR-DMA-OVERLAP-001: dma [t#1], u#1 with dst = src + 8; queues are not
    consumed, a reservation elsewhere survives, the copy has memmove semantics."""
    m = fresh()
    original = bytes(0x80 + i for i in range(64))
    fill(m, 0x100, original)
    m.push_t(0x100)
    m.push_u(0x108)
    m.set_reservation(0x300, 8)
    m.pc = 0x80
    insn = word(DMA_MATCH, (19, 15, 24), (24, 20, 28))
    assert insn == 0x01CC700B
    res = run_word(m, insn)
    assert res.kind == "executed"
    assert m.queue("t")[0] == 0x100 and m.queue("u")[0] == 0x108
    assert m.resv == (0x300, 8)
    assert m.pc == 0x84
    assert m.mem.peek(0x108, 64) == original


def test_avs_precise_fault_and_reissue():
    """PTO-AVS-SCALAR-DMA-PRECISE-001: destination beyond the ACR2 bound faults precisely
    (DATA_PAGE, FaultAddress 0xFE0, no events, memory and reservation kept, ACR2 -> bank 1,
    TPC = EVBASE 0x900, saved TPC 0x100); recovery returns to ACR2 at 0x100; the reissue
    with a legal destination commits once with 16 events."""
    m = fresh()
    fill(m, 0x100, bytes(range(1, 65)))
    fill(m, 0xFE0, b"\xa5" * 32)
    m.set_reservation(0x500, 8)
    m.r[1], m.r[2] = 0x100, 0xFE0
    m.set_acr(2)
    m.write_sysreg(0x1F01, 0x900)  # EVBASE_ACR1
    m.pc = 0x100
    res = run_word(m, DMA_R1_R2)
    assert res.kind == "trap"
    assert res.trap.number == DATA_PAGE_FAULT and res.trap.name == "DATA_PAGE_FAULT"
    assert m.fault_address == 0xFE0 and res.trap.arg0 == 0xFE0
    assert m.read_sysreg(0x1F03) == 0xFE0  # TRAPARG0_ACR1
    assert res.events == []
    assert m.resv == (0x500, 8)
    assert m.mem.peek(0xFE0, 32) == b"\xa5" * 32
    assert m.acr == 1
    assert m.pc == 0x900
    assert res.trap.bank == 1 and res.trap.saved_tpc == 0x100
    assert m.read_sysreg(0x1F43) == 0x100  # EBARG_TPC_ACR1
    assert m.read_sysreg(0x1F02) & 0x3F == DATA_PAGE_FAULT  # TRAPNO_ACR1

    assert m.recover(1) == 0x100
    assert m.acr == 2 and m.pc == 0x100

    m.r[2] = 0x300
    again = run_word(m, DMA_R1_R2)
    assert again.kind == "executed"
    assert m.pc == 0x104
    assert len(again.events) == 16
    assert m.resv == (0x500, 8)
    assert m.mem.peek(0x300, 64) == m.mem.peek(0x100, 64)


def test_backward_overlap_is_memmove():
    m = fresh()
    original = bytes(range(64))
    fill(m, 0x140, original)
    m.r[2], m.r[3] = 0x140, 0x120  # dst = src - 32
    res = run_word(m, word(DMA_MATCH, (19, 15, 2), (24, 20, 3)))
    assert res.kind == "executed"
    assert m.mem.peek(0x120, 64) == original
    assert chunks(original) == [e.value for e in res.events[:8]] == [e.value for e in res.events[8:]]


def test_exact_overlap_and_same_register():
    """``dma [a0], a0``: legal, both operands read the same snapshot; memory unchanged,
    16 events whose stores repeat the loads."""
    m = fresh()
    data = bytes((7 * i) & 0xFF for i in range(64))
    fill(m, 0x200, data)
    m.r[2] = 0x200
    m.set_reservation(0x210, 4)
    res = run_word(m, word(DMA_MATCH, (19, 15, 2), (24, 20, 2)))
    assert res.kind == "executed" and m.pc == 4
    assert m.mem.peek(0x200, 64) == data
    assert [e.kind for e in res.events] == ["load"] * 8 + ["store"] * 8
    assert [e.address for e in res.events[8:]] == [0x200 + 8 * k for k in range(8)]
    assert m.resv is None  # a completed store over the reserved line clears it


def test_source_fault_wins_over_destination_fault():
    m = fresh()
    m.r[2], m.r[3] = 0xFF0, 0xFF8  # both ranges run past the 4096-byte memory
    m.pc = 0x20
    res = run_word(m, word(DMA_MATCH, (19, 15, 2), (24, 20, 3)))
    assert res.kind == "trap" and res.trap.number == DATA_PAGE_FAULT
    assert res.trap.arg0 == 0xFF0  # the source address
    assert res.trap.saved_tpc == 0x20
    assert res.trap.bank == 0 and not res.trap.vectored
    assert m.pc == 0xFF0  # EVBASE 0: TPC := the fault address (CORE.md §7.6)


def _debug_machine_with_pages() -> Machine:
    m = Machine(DEBUG)
    m.mem.map(0x10000, 0x1000, R | X)
    m.mem.map(0x20000, 0x1000, R | W)
    m.mem.map(0x21000, 0x1000, R)  # read-only destination page
    m.mem.poke(0x20000, bytes(range(100, 164)))
    m.mem.poke(0x21000, b"\x11" * 64)
    m.pc = 0x10000
    return m


def test_read_only_destination_page_in_debug_profile():
    m = _debug_machine_with_pages()
    m.r[2], m.r[3] = 0x20000, 0x21000
    m.push_t(5)
    m.set_reservation(0x21000, 8)
    before = (m.r[:], m.t_valid, m.u_valid, m.resv, m.mem.peek(0x21000, 64))
    res = run_word(m, word(DMA_MATCH, (19, 15, 2), (24, 20, 3)))
    assert res.kind == "trap" and res.trap.number == DATA_PAGE_FAULT
    assert res.trap.arg0 == 0x21000 and res.trap.saved_tpc == 0x10000
    assert res.events == []
    assert (m.r[:], m.t_valid, m.u_valid, m.resv, m.mem.peek(0x21000, 64)) == before
    # Restore write permission, recover, reissue: the whole copy happens once.
    m.mem.set_perms(0x21000, 0x1000, R | W)
    assert m.recover() == 0x10000
    again = run_word(m, word(DMA_MATCH, (19, 15, 2), (24, 20, 3)))
    assert again.kind == "executed" and m.pc == 0x10004
    assert len(again.events) == 16
    assert m.mem.peek(0x21000, 64) == bytes(range(100, 164))
    assert m.resv is None


@pytest.mark.parametrize("dst,kept", [(0x240, True), (0x1C0, True), (0x1C1, False), (0x23F, False)])
def test_reservation_kept_or_invalidated(dst, kept):
    """Reservation line 0x200..0x23F: a destination range overlapping it clears it."""
    m = fresh()
    m.set_reservation(0x208, 8)
    m.r[2], m.r[3] = 0x400, dst
    res = run_word(m, word(DMA_MATCH, (19, 15, 2), (24, 20, 3)))
    assert res.kind == "executed"
    assert (m.resv == (0x208, 8)) is kept


@pytest.mark.parametrize("src,dst", [(0x20000, 0x20020), (0x20040, 0x20000), (0x20FF0, 0x21000), (0x20000, 0x20000)])
def test_fast_path_copy_equals_slow_path(src, dst):
    """Run (fast maps, events off) and step (capture on, slow path) copy the same bytes,
    including same-page overlaps and a source that crosses a page."""
    results = []
    for capture in (False, True):
        m = Machine(DEBUG)
        m.mem.map(0x10000, 0x1000, R | X, word(DMA_MATCH, (19, 15, 2), (24, 20, 3)).to_bytes(4, "little"))
        m.mem.map(0x20000, 0x2000, R | W, bytes((i * 13 + 1) & 0xFF for i in range(0x2000)))
        m.r[2], m.r[3] = src, dst
        m.pc = 0x10000
        m.mem.set_capture(capture)
        if capture:
            assert m.step().kind == "executed"
        else:
            m.run(1)
        results.append((m.pc, m.mem.peek(0x20000, 0x2000)))
    assert results[0] == results[1]
    assert results[0][1][dst - 0x20000 : dst - 0x20000 + 64] == bytes((i * 13 + 1) & 0xFF for i in range(0x2000))[src - 0x20000 : src - 0x20000 + 64]
