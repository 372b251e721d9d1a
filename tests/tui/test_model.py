"""The TUI's view model: DMA ranges, written bytes, register diffs, trap hints, event
filters, permission marks, side-effect-free decoding, and the theme files.

The DMA facts restate CORE.md §4.2 and ``asl/scalar/amo/DMA.asl``: 64 bytes [SrcL] ->
[SrcR], eight 8-byte loads then eight 8-byte stores, memmove semantics; a failing probe
raises DATA_PAGE_FAULT (35) with the failing range's start before any access
(PTO-AVS-SCALAR-DMA-PRECISE-001 in program form)."""

from __future__ import annotations

import pytest

from ptodbg.core.faults import DATA_PAGE_FAULT
from ptodbg.debug.program import open_debugger
from ptodbg.tui.model import (
    DmaInfo,
    capture,
    parse_event_filter,
    peek_decode,
    perms_marks,
    written_bytes,
)
from ptodbg.tui.themes import PTODBG_VARIABLES, THEMES_DIR, load_themes


@pytest.fixture
def dbg():
    return open_debugger(None)


def sym(d, name: str) -> int:
    return d.symbols.lookup(name)


def test_no_dma_at_start_then_next_then_done(dbg):
    assert capture(dbg, 1).dma is None  # TPC at _start: a LUI
    dbg.step(2)
    state = capture(dbg, 2)
    assert state.pc == sym(dbg, "copy")
    assert state.dma == DmaInfo(sym(dbg, "copy"), sym(dbg, "src"), sym(dbg, "dst"), "next")
    dbg.step()
    state = capture(dbg, 3, state)
    assert state.dma == DmaInfo(sym(dbg, "copy"), sym(dbg, "src"), sym(dbg, "dst"), "done")
    assert [e.kind for e in state.events] == ["load"] * 8 + ["store"] * 8
    assert state.written == frozenset(range(sym(dbg, "dst"), sym(dbg, "dst") + 64))
    assert state.pc == sym(dbg, "copy") + 4


def test_overlapping_dma_reports_the_shared_bytes(dbg):
    dbg.until("overlap")
    buf = sym(dbg, "buf")
    state = capture(dbg, 1)
    assert state.dma is not None and (state.dma.src, state.dma.dst, state.dma.when) == (buf, buf + 8, "next")
    assert state.dma.overlap == (buf + 8, buf + 64)
    assert "overlap" in state.dma.describe() and "56 bytes" in state.dma.describe()
    dbg.step()
    state = capture(dbg, 2)
    assert state.dma.when == "done" and state.written == frozenset(range(buf + 8, buf + 72))
    # memmove: the destination holds the original source bytes 0x80..0xbf
    assert dbg.machine.mem.peek(buf + 8, 64) == bytes(range(0x80, 0xC0))


def test_register_changes_since_last_stop_and_reference(dbg):
    first = capture(dbg, 1)
    dbg.step()  # li a0, src
    second = capture(dbg, 2, first, reference=first.regs)
    assert second.changed == frozenset({2})  # a0
    dbg.step()  # li a1, dst
    third = capture(dbg, 3, second, reference=first.regs)
    assert third.changed == frozenset({3})
    assert third.cumulative == frozenset({2, 3})


def test_faulted_dma_and_recovery_hints(dbg):
    dst, copy = sym(dbg, "dst"), sym(dbg, "copy")
    dbg.set_perms(dst, 64, "r--")
    dbg.cont()
    state = capture(dbg, 1)
    assert state.trap is not None
    t = state.trap.info
    assert (t.number, t.arg0, t.saved_tpc) == (DATA_PAGE_FAULT, dst, copy)
    assert state.events == () and state.focus_pc == copy and state.pc == dst
    assert state.dma == DmaInfo(copy, sym(dbg, "src"), dst, "faulted")
    assert not state.trap.ok and "perms 0x12000 0x1000 rw-" in state.trap.hint
    assert "the DMA reissues whole" in state.trap.hint
    dbg.set_perms(dst, 64, "rw-")
    state = capture(dbg, 2, state)
    assert state.trap.ok and "recover (r)" in state.trap.hint
    dbg.recover()
    state = capture(dbg, 3, state)
    assert state.trap.recovered and state.pc == copy and state.focus_pc == copy
    dbg.step()
    after = capture(dbg, 4, state)
    assert after.trap is None and after.reissued is not None and after.reissued.number == DATA_PAGE_FAULT
    assert len(after.events) == 16 and after.pc == copy + 4
    assert dbg.machine.mem.peek(dst, 64) == dbg.machine.mem.peek(sym(dbg, "src"), 64)


def test_written_bytes_counts_stores_and_performed_atomics_only():
    from ptodbg.core.events import MemEvent

    events = [
        MemEvent("load", 0x100, 8, 1),
        MemEvent("store", 0x200, 4, 2),
        MemEvent("atomic", 0x300, 2, 3, written=4, performed=True),
        MemEvent("atomic", 0x400, 2, 3, written=4, performed=False),
        MemEvent("fence", 0, 0, 0x33),
    ]
    assert written_bytes(events) == frozenset({0x200, 0x201, 0x202, 0x203, 0x300, 0x301})


def test_event_filter_kinds_and_ranges(dbg):
    from ptodbg.core.events import MemEvent

    load = MemEvent("load", 0x11000, 8, 1)
    store = MemEvent("store", 0x12038, 8, 2)
    f = parse_event_filter(dbg, "store")
    assert not f(load) and f(store)
    f = parse_event_filter(dbg, "dst..dst+64")
    assert not f(load) and f(store)
    f = parse_event_filter(dbg, "load store 0x11004")
    assert f(load) and not f(store)
    assert parse_event_filter(dbg, "")(load)
    with pytest.raises(ValueError):
        parse_event_filter(dbg, "nosuchsymbol")
    with pytest.raises(ValueError, match="empty range"):
        parse_event_filter(dbg, "dst..src")


def test_permission_marks(dbg):
    dst, src = sym(dbg, "dst"), sym(dbg, "src")
    dbg.set_perms(dst, 64, "r--")
    dbg.set_perms(src, 64, "r--", once=True)
    dbg.set_perms(dst, 64, "---", at=5)
    marks, why = perms_marks(dbg)
    assert marks[dst >> 12] == "*" and "r--" in why[dst >> 12]
    assert marks[src >> 12] == "!"
    dbg2 = open_debugger(None)
    dbg2.set_perms(sym(dbg2, "dst"), 64, "---", at=5)
    marks, why = perms_marks(dbg2)
    assert marks[sym(dbg2, "dst") >> 12] == "@" and "step 5" in why[sym(dbg2, "dst") >> 12]


def test_peek_decode_leaves_the_machine_alone(dbg):
    m = dbg.machine
    copy = sym(dbg, "copy")
    before = (dict(m._decoded), {k: set(v) for k, v in m.mem.code.items()}, dict(m.mem.fast_write))
    form, insn, length = peek_decode(m, copy)
    assert form.mnemonic == "DMA" and length == 32
    assert (dict(m._decoded), {k: set(v) for k, v in m.mem.code.items()}, dict(m.mem.fast_write)) == before
    assert peek_decode(m, 0x7000_0000) is None


# ------------------------------------------------------------------ themes
def test_the_shipped_themes_load_completely():
    loaded = load_themes(THEMES_DIR)
    assert loaded.errors == []
    assert {"dark", "light", "high-contrast"} <= set(loaded.names)
    for theme in loaded.themes:
        assert set(PTODBG_VARIABLES) <= set(theme.variables)
    light = next(t for t in loaded.themes if t.name == "light")
    assert light.dark is False


GOOD = """name = "mine"
primary = "#123456"
[variables]
""" + "\n".join(f'{k} = "#010203"' for k in PTODBG_VARIABLES) + "\n"


@pytest.mark.parametrize(("text", "problem"), [
    ("name = 'x'\n", "primary colour is missing"),
    ("primary = '#zz'\n", "is not a colour"),
    ("primary = '#123456'\ncolour = 1\n", "unknown keys colour"),
    ("primary = '#123456'\n[variables]\npd-dma-src = '#010203'\n", "variables missing"),
    ("primary = '#123456\n", "not valid TOML"),
    (GOOD.replace('pd-zero = "#010203"', 'pd-zero = "nope"'), "pd-zero = 'nope' is not a colour"),
])
def test_bad_theme_files_are_skipped_with_one_message(tmp_path, text, problem):
    (tmp_path / "bad.toml").write_text(text)
    (tmp_path / "good.toml").write_text(GOOD)
    loaded = load_themes(tmp_path)
    assert loaded.names == ["mine"]
    assert len(loaded.errors) == 1 and loaded.errors[0].startswith("bad.toml: ") and problem in loaded.errors[0]
