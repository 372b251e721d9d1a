"""The read-only view of a stopped machine (issue 11 §2, §3): frozen, complete, read
without touching the machine, honest about unmapped memory; the DMA, trap and register
facts it works out; typed notes; the page map; the JSON made from its records.

The DMA facts restate CORE.md §4.2 and ``asl/scalar/amo/DMA.asl``: 64 bytes [SrcL] ->
[SrcR], eight 8-byte loads then eight 8-byte stores, memmove semantics; a failing probe
raises DATA_PAGE_FAULT (35) with the failing range's start before any access
(PTO-AVS-SCALAR-DMA-PRECISE-001 in program form).  System calls follow the linux
profile: ``acrc 1`` in a SYS block, number in a7, result in a0, asm-generic numbers
(write = 64, brk = 214, mmap = 222), -ENOSYS (-38) for an unknown number.
"""

from __future__ import annotations

import dataclasses
import json
import pickle

import pytest
from support.paths import PROGRAMS, TEST_PROGRAMS

from ptodbg.debug.files.program import open_debugger
from ptodbg.debug.view import jsonstate
from ptodbg.debug.view.capture import View, Viewer, ViewError, capture_view, written_bytes
from ptodbg.debug.view.records import DATA_PAGE_FAULT, GPR_NAMES, EditNote, MemEvent, Perms

ALGORITHMS = PROGRAMS / "02_algorithms.static"

HEAP = """    .text
    .globl _start
_start:
    c.bstart.sys
    addi zero, 0, ->a0
    addi zero, 214, ->a7        # brk(0): where the heap starts
    acrc 1
    c.bstop
    li a1, 8192
    add a0, a1, ->a0
    c.bstart.sys
    addi zero, 214, ->a7        # brk(start + 8192): two pages of heap
    acrc 1
    c.bstop
    c.bstart.sys
    addi zero, 0, ->a0
    li a1, 4096
    addi zero, 3, ->a2          # PROT_READ | PROT_WRITE
    addi zero, 0x22, ->a3       # MAP_PRIVATE | MAP_ANONYMOUS
    addi zero, 222, ->a7        # mmap(0, 4096, rw-, anonymous)
    acrc 1
    c.bstop
    .globl mapped
mapped:
    c.bstart.sys
    addi zero, 0, ->a0
    addi zero, 94, ->a7
    acrc 1
    c.bstop
    .data
    .globl word
word:
    .dword 0x1122334455667788
"""


@pytest.fixture
def dbg():
    return open_debugger(None)


def sym(d, name: str) -> int:
    return d.symbols.lookup(name)


# ------------------------------------------------------------ frozen, complete
def test_a_view_is_frozen_and_outlives_the_machine_moving_on(dbg):
    viewer = Viewer(dbg)
    dbg.step(2)
    view = viewer.capture()
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.pc = 0  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.regs.values = ()  # type: ignore[misc]
    with pytest.raises(TypeError):
        view.memory.perms[0x11] = 0  # type: ignore[index]
    dst = sym(dbg, "dst")
    assert view.read(dst, 64) == bytes(64)
    dbg.step()  # the DMA writes dst, a later step changes a4/a5
    dbg.cont()
    m = dbg.machine
    assert m.mem.peek(dst, 64) == bytes(range(1, 65)) and m.reg("a5") == 0xB4
    # the view still says what was true at its stop
    assert view.steps == 2 and view.pc == sym(dbg, "copy")
    assert view.read(dst, 64) == bytes(64) and view.regs["a5"] == 0
    assert view.instruction(view.pc).text == "dma [a0], a1"


@pytest.mark.skipif(not ALGORITHMS.exists(), reason="shared programs not present")
def test_the_view_holds_the_architectural_state_of_a_real_program():
    """02_algorithms.static (linux, linx-v0.4) stopped one step into cpp_gate_case02: every
    field of the view equals the machine's state read directly at that step."""
    d = open_debugger(ALGORITHMS, profile="linux", compat="linx-v0.4")
    d.add_breakpoint("cpp_gate_case02")
    assert d.cont().status == "breakpoint"
    d.step()
    view = Viewer(d).capture()
    m = d.machine
    assert view.steps == m.steps and view.pc == m.pc and view.status == "stopped"
    assert view.regs.as_dict() == m.regs() and len(view.regs) == 24
    assert view.regs["sp"] == m.r[1] and view.regs[10] == m.r[10] == view.regs["ra"]
    assert list(view.t) == m.queue("t") and list(view.u) == m.queue("u")
    assert view.block == m.block_state()
    assert view.reservation is None and m.resv is None
    assert (view.acr, view.lra, view.bpc, view.bpcn) == (m.acr, m.lra, m.bpc, m.bpcn)
    assert view.trap is None and m.pending_trap is None
    assert view.events == tuple(d.events())
    assert view.output == m.os_state.output and view.exit_code is None
    assert [jsonstate.frame_json(f) for f in view.frames] == [jsonstate.frame_json(f) for f in d.frames(64)]
    assert view.frames[0].where.startswith("cpp_gate_case02+") and view.frames[1].where == "main+0xc"
    assert view.history.horizon == d.horizon and view.history.snapshots == len(d.history)
    # memory: every mapped page reads as the machine's bytes, with the machine's permissions
    for pn in m.mem.pages:
        assert view.read(pn << 12, 4096) == m.mem.peek(pn << 12, 4096)
        assert view.memory.page_perms(pn) == m.mem.perms[pn]
    # decoded instructions: the view's decode equals the machine's own fetch and decode
    listing = view.listing(view.pc)
    starts = [row.address for row in listing.rows if row.length]
    assert view.pc in starts and len(starts) > 100
    for address in starts:
        peeked = m.peek_decode(address)
        assert view.decode(address) == (peeked.form, peeked.insn, peeked.length)
    entry = view.instruction(d.symbols.lookup("cpp_gate_case02"))
    assert entry.labels == ("cpp_gate_case02",) and entry.mnemonic == m.peek_decode(entry.address).form.mnemonic
    assert view.symbolize(view.pc) == d.symbolize(m.pc)


def test_reading_the_view_leaves_the_machine_alone(dbg):
    m = dbg.machine
    view = Viewer(dbg).capture()
    before = (m.decode.entries(), {k: set(v) for k, v in m.mem.code.items()}, m.steps, list(m.r))
    copy = sym(dbg, "copy")
    form, value, length = view.decode(copy)
    assert form.mnemonic == "DMA" and length == 32
    listing = view.listing(copy)
    for row in listing.rows:
        if row.length:
            view.instruction(row.address)
    assert (m.decode.entries(), {k: set(v) for k, v in m.mem.code.items()}, m.steps, list(m.r)) == before


def test_unmapped_memory_is_reported_not_read_as_zeros(dbg):
    view = Viewer(dbg).capture()
    src = sym(dbg, "src")
    assert view.read(src, 4) == b"\x01\x02\x03\x04"
    assert view.memory.row(src, 16) == (bytes(range(1, 17)), Perms.R | Perms.W)
    hole = 0x7000_0000
    assert view.read(hole, 8) is None and view.memory.row(hole, 16) == (None, None)
    assert view.read(0xF000 - 4, 8) is None  # the stack's last bytes, then an unmapped page
    assert view.memory.perms_at(hole) is None and not view.memory.mapped(hole)
    assert view.decode(hole) is None and view.instruction(hole).text == "(not mapped)"
    assert view.evaluate("u32[src]") == 0x04030201
    with pytest.raises(ViewError, match="not mapped"):
        view.evaluate("[0x70000000]")
    assert view.resolve("dst+8") == sym(dbg, "dst") + 8
    with pytest.raises(ViewError):
        view.resolve("nosuchsymbol")
    listing = view.listing(hole)
    assert [r.label for r in listing.rows] == ["0x70000000 is not mapped or not executable"]


# ------------------------------------------------------------------- DMA, diffs
def test_no_dma_at_start_then_next_then_done(dbg):
    viewer = Viewer(dbg)
    assert viewer.capture().dma is None  # TPC at _start: a LUI
    dbg.step(2)
    view = viewer.capture()
    assert view.pc == sym(dbg, "copy")
    assert (view.dma.pc, view.dma.src, view.dma.dst, view.dma.when) == (sym(dbg, "copy"), sym(dbg, "src"),
                                                                         sym(dbg, "dst"), "next")
    dbg.step()
    view = viewer.capture()
    assert view.dma.when == "done" and (view.dma.src, view.dma.dst) == (sym(dbg, "src"), sym(dbg, "dst"))
    assert [e.kind for e in view.events] == ["load"] * 8 + ["store"] * 8
    assert view.written == frozenset(range(sym(dbg, "dst"), sym(dbg, "dst") + 64))
    assert view.pc == sym(dbg, "copy") + 4 and view.last_text == "DMA at copy"


def test_overlapping_dma_reports_the_shared_bytes(dbg):
    dbg.until("overlap")
    buf = sym(dbg, "buf")
    viewer = Viewer(dbg)
    view = viewer.capture()
    assert (view.dma.src, view.dma.dst, view.dma.when) == (buf, buf + 8, "next")
    assert view.dma.overlap == (buf + 8, buf + 64)
    assert "overlap" in view.dma.describe() and "56 bytes" in view.dma.describe()
    dbg.step()
    view = viewer.capture()
    assert view.dma.when == "done" and view.written == frozenset(range(buf + 8, buf + 72))
    # memmove: the destination holds the original source bytes 0x80..0xbf
    assert view.read(buf + 8, 64) == bytes(range(0x80, 0xC0))


def test_register_changes_since_the_last_view_and_a_reference(dbg):
    viewer = Viewer(dbg)
    first = viewer.capture()
    viewer.reference = first.regs
    dbg.step()  # li a0, src
    second = viewer.capture()
    assert second.changed == frozenset({2})  # a0
    dbg.step()  # li a1, dst
    third = viewer.capture()
    assert third.changed == frozenset({3}) and third.cumulative == frozenset({2, 3})
    dbg.add_breakpoint("overlap")
    same = viewer.capture(moved=False)  # the same stop re-read: the diffs stay
    assert same.changed == frozenset({3}) and same.stop == third.stop and same.serial == third.serial + 1
    assert same.breakpoints == {sym(dbg, "overlap")} and third.breakpoints == frozenset()


def test_faulted_dma_and_recovery_hints(dbg):
    dst, copy = sym(dbg, "dst"), sym(dbg, "copy")
    viewer = Viewer(dbg)
    dbg.set_perms(dst, 64, "r--")
    dbg.cont()
    view = viewer.capture()
    t = view.trap.info
    assert (t.number, t.arg0, t.saved_tpc, t.name) == (DATA_PAGE_FAULT, dst, copy, "DATA_PAGE_FAULT")
    assert t.argument == "data address" and view.trap.blocking
    assert view.events == () and view.focus_pc == copy and view.pc == dst
    assert (view.dma.pc, view.dma.src, view.dma.dst, view.dma.when) == (copy, sym(dbg, "src"), dst, "faulted")
    assert not view.trap.ok and "perms 0x12000 0x1000 rw-" in view.trap.hint
    assert "the DMA reissues whole" in view.trap.hint
    dbg.set_perms(dst, 64, "rw-")
    view = viewer.capture()
    assert view.trap.ok and "recover (r)" in view.trap.hint
    dbg.recover()
    view = viewer.capture()
    assert view.trap.recovered and view.pc == copy and view.focus_pc == copy and not view.trap.blocking
    assert view.dma.when == "next"  # the faulted DMA reissues next
    dbg.step()
    after = viewer.capture()
    assert after.trap is None and after.reissued is not None and after.reissued.number == DATA_PAGE_FAULT
    assert len(after.events) == 16 and after.pc == copy + 4
    assert after.read(dst, 64) == after.read(sym(dbg, "src"), 64)


def test_written_bytes_counts_stores_and_performed_atomics_only():
    events = [
        MemEvent("load", 0x100, 8, 1),
        MemEvent("store", 0x200, 4, 2),
        MemEvent("atomic", 0x300, 2, 3, written=4, performed=True),
        MemEvent("atomic", 0x400, 2, 3, written=4, performed=False),
        MemEvent("fence", 0, 0, 0x33),
    ]
    assert written_bytes(events) == frozenset({0x200, 0x201, 0x202, 0x203, 0x300, 0x301})


# -------------------------------------------------------------- notes, typed
def test_system_call_notes_are_typed_with_their_facts():
    d = open_debugger(TEST_PROGRAMS / "hello_linux.s", profile="linux")
    viewer = Viewer(d)
    d.step(6)  # the ACRC of write(1, msg, 15)
    view = viewer.capture()
    (note,) = view.step_notes
    assert (note.kind, note.severity, note.step) == ("syscall", "info", 6)
    call = note.syscall
    assert (call.number, call.name, call.args[:3], call.result) == (64, "write", (1, sym(d, "msg"), 15), 15)
    assert note.text == f"syscall write(0x1, {sym(d, 'msg'):#x}, 0xf) = 15"
    assert view.output == b"hello from PTO\n"
    d.step(4)  # the ACRC of the unknown call 4095
    view = viewer.capture()
    (note,) = view.step_notes
    assert note.kind == "syscall" and note.warning and not note.syscall.supported
    assert (note.syscall.number, note.syscall.result) == (4095, -38)
    assert view.regs["a0"] == (1 << 64) - 38
    # the engine's log keeps its text (what batch, the trace and sessions read), tagged
    assert "@10 syscall 4095 is not supported: returned -ENOSYS" in d.notes
    tagged = pickle.loads(pickle.dumps(d.notes[-1]))  # a campaign may ship notes to a worker
    assert tagged == d.notes[-1] and (tagged.number, tagged.name, tagged.result) == (4095, None, -38)


def test_edit_notes_are_typed(dbg):
    viewer = Viewer(dbg)
    dbg.step()
    dbg.set_register("a2", 0x1234)
    view = viewer.capture()
    (note,) = view.step_notes
    assert (note.kind, note.severity, note.step, note.text) == ("edit", "info", 1, "set a2 0x1234")
    assert isinstance(dbg.notes[-1], EditNote) and dbg.notes[-1] == "@1: set a2 0x1234"
    with pytest.raises(AttributeError):
        dbg.notes[-1].failed = True
    again = pickle.loads(pickle.dumps(dbg.notes[-1]))
    assert isinstance(again, EditNote) and (again, again.step, again.failed) == ("@1: set a2 0x1234", 1, False)


# -------------------------------------------------------------------- page map
def test_page_map_of_a_linux_process_names_segments_stack_heap_and_mmap(tmp_path):
    source = tmp_path / "heap.s"
    source.write_text(HEAP)
    d = open_debugger(source, profile="linux")
    d.until("mapped")
    view = Viewer(d).capture()
    rows = [(p.start, p.end, p.perms.text, p.name) for p in view.pages]
    assert (0x10000, 0x11000, "r-x", ".text") in rows and (0x11000, 0x12000, "rw-", ".data") in rows
    heap_start = 0x12000  # the first page after the highest segment (brk(0))
    assert (heap_start, heap_start + 0x2000, "rw-", "[heap]") in rows
    assert (0x20_0000_0000, 0x20_0000_1000, "rw-", "[mmap]") in rows
    assert (0x7FFF_EFF8_0000, 0x7FFF_F000_0000, "rw-", "[stack]") in rows
    assert [n.syscall.name for n in view.notes] == ["brk", "brk", "mmap"]


def test_page_map_marks_injections(dbg):
    dst, src = sym(dbg, "dst"), sym(dbg, "src")
    dbg.set_perms(dst, 64, "r--")
    dbg.set_perms(src, 64, "r--", once=True)
    view = Viewer(dbg).capture()
    by_start = {p.start: p for p in view.pages}
    assert (by_start[dst].perms, by_start[dst].mark, by_start[dst].injection) == (Perms.R, "*", "perms r-- since step 0")
    assert by_start[src].mark == "!" and "until the next access faults" in by_start[src].injection
    assert by_start[0].name == "[stack]" and by_start[0x10000].perms.text == "r-x"
    later = open_debugger(None)
    later.set_perms(sym(later, "dst"), 64, "---", at=5)
    view = Viewer(later).capture()
    page = next(p for p in view.pages if p.start == sym(later, "dst"))
    assert page.mark == "@" and page.injection == "--- at step 5" and page.perms.text == "rw-"
    assert view.marks[dst >> 12] == "@"


def test_an_injection_over_a_huge_range_marks_the_mapped_pages_only():
    """``inject dst 0xdddddddddddd1000 --- at 9`` is a valid command (a fuzz find): the
    view marks the range's mapped pages, not its 2^36 page numbers."""
    later = open_debugger(None)
    dst = sym(later, "dst")
    later.set_perms(dst, 0xDDDDDDDDDDDD1000, "---", at=9)
    view = Viewer(later).capture()
    mapped = set(view.memory.perms)
    assert view.marks[dst >> 12] == "@" and set(view.marks) == {pn for pn in mapped if pn >= dst >> 12}
    assert all(view.marks_why[pn] == "--- at step 9" for pn in view.marks)


# --------------------------------------------------------------------- JSON
def test_json_is_made_from_the_records(dbg):
    dbg.set_perms(sym(dbg, "dst"), 64, "r--")
    dbg.cont()
    state = jsonstate.state(capture_view(dbg))
    json.dumps(state)
    assert state["trap"] == {"number": DATA_PAGE_FAULT, "name": "DATA_PAGE_FAULT", "cause": 0,
                             "arg0": sym(dbg, "dst"), "bank": 0, "saved_tpc": sym(dbg, "copy")}
    assert list(state["regs"]) == list(GPR_NAMES) and state["events"] == []
    view: View = Viewer(dbg).capture()
    assert jsonstate.trap_json(view.trap.info) == state["trap"]
    assert jsonstate.frame_json(view.frames[0]) == jsonstate.frame_json(dbg.frames(64)[0])
    page = jsonstate.page_json(view.pages[0])
    assert page == {"start": 0, "end": 0xF000, "perms": "rw-", "name": "[stack]", "mark": "", "injection": ""}
    note = view.notes[0]
    assert jsonstate.note_json(note) == {"step": 0, "kind": "edit", "severity": "info",
                                         "text": f"perms {sym(dbg, 'dst'):#x} 0x40 r--"}
