"""The events of the last attempt are cached under (steps, edits version) and never
cleared by hand (issue 11 item 6): a new timeline with the same step and the same number
of applied edits must still answer with its own events.  The program is
support/engine_program.py: the DMA at ``copy`` (step 3) loads the 64-byte line at SRC
(asl/scalar/amo/DMA.asl: 8 loads then 8 stores, DESIGN.md §6 events)."""

from __future__ import annotations

from support.engine_program import SRC, make

from ptodbg.debug.engine.edits import MemoryEdit


def dma_loads(d) -> list[int]:
    return [e.value for e in d.events() if e.kind == "load"]


def test_a_new_timeline_answers_with_its_own_events():
    d = make()
    d.restart([MemoryEdit(0, SRC, bytes([0x11] * 8))])
    d.goto(3)
    assert dma_loads(d)[0] == 0x1111111111111111
    d.restart([MemoryEdit(0, SRC, bytes([0x22] * 8))])  # same step, same cursor after goto
    d.goto(3)
    assert d.cursor == 1 and dma_loads(d)[0] == 0x2222222222222222


def test_an_edit_at_the_present_keeps_the_last_attempts_events():
    d = make()
    d.step(3)
    before = d.events()
    assert [e.kind for e in before] == ["load"] * 8 + ["store"] * 8
    d.set_memory(SRC, bytes(8))  # at step 3: after the DMA, which read the old bytes
    assert d.events() == before and d.last_step is not None and d.last_step.pc == d.symbols.lookup("copy")


def test_travel_back_and_forth_gives_the_same_events():
    d = make()
    d.step(5)
    at5 = d.events()
    d.goto(3)
    at3 = d.events()
    d.goto(5)
    assert d.events() == at5 and at3 != at5
