"""Where the loader puts the stack (DESIGN.md §2), with real assembled programs.

The debug profile maps a read-write stack on the free pages directly below ``stack_top``
(0xF000; sp starts there), at most 64 KiB of them; a program is never refused for the
stack's sake.  A pto-avs test binary (code, data and result in page 0) loads as linked;
when fewer than 4 KiB are free under 0xF000 the stack moves to the highest free 64 KiB
below 2^47 and sp says where.  A segment maps every page it touches; a page shared by two
segments gets the union of their permissions.  The linux profile maps no such stack (its
process stack replaces it) and places the process stack clear of the segments too.
"""

from __future__ import annotations

import contextlib
import io
import json

import pytest
from support.paths import TEST_PROGRAMS

from ptodbg.cli import main
from ptodbg.core import DEBUG, Machine, R, W, X
from ptodbg.core.faults import DATA_PAGE_FAULT
from ptodbg.core.loader import LoadedProgram, load, load_path
from ptodbg.core.memory import PAGE_SHIFT
from ptodbg.core.stack import STACK_CEILING, StackPlace, page_ranges, place_stack
from ptodbg.debug.files.program import open_debugger
from ptodbg.isa.asm import assemble
from ptodbg.isa.elf import parse_program
from ptodbg.linux import STACK_SIZE, STACK_TOP

AVS_LAYOUT = TEST_PROGRAMS / "avs_layout.s"
INPUT = 0x1122334455667788
KIB = 1024
HIGH_STACK = (STACK_CEILING - 64 * KIB, STACK_CEILING)


def from_source(source: str, name: str = "p.s") -> tuple[Machine, LoadedProgram]:
    m = Machine(DEBUG)
    loaded = load(m, parse_program(assemble(source, name), name))
    return m, loaded


def run_to_stop(m: Machine, loaded: LoadedProgram) -> list[int]:
    """Run to cross_model_stop; the result as little-endian dwords."""
    m.add_stop(loaded.stop_address)
    stop = m.run(10_000)
    assert stop.reason == "stop-pc" and m.pc == loaded.stop_address, stop
    data = loaded.result_bytes(m)
    return [int.from_bytes(data[k : k + 8], "little") for k in range(0, len(data), 8)]


def stack_pages(m: Machine, low: int, high: int) -> list[int]:
    """The mapped page numbers in [low, high)."""
    return sorted(pn for pn in m.mem.pages if low >> PAGE_SHIFT <= pn < high >> PAGE_SHIFT)


# --------------------------------------------------------------------- pto-avs layout
def test_avs_layout_loads_as_linked_with_the_stack_on_the_free_pages():
    """avs_layout.s: .text at 0x100 (r-x) and .data at 0x200 (rw-) share page 0, which
    gets rwx; the stack is pages 0x1000..0xF000 (56 KiB), sp = 0xF000; the pushes and pops
    work and the result bytes are the program's."""
    m = Machine(DEBUG)
    loaded = load_path(m, AVS_LAYOUT)
    assert [(s.vaddr, s.perms) for s in loaded.program.segments] == [(0x100, "r-x"), (0x200, "rw-")]
    assert m.pc == 0x100 and m.r[1] == 0xF000 == loaded.stack_top
    assert (loaded.stack_low, loaded.stack_moved) == (0x1000, False)
    assert m.mem.perms[0] == R | W | X
    assert all(m.mem.perms[pn] == R | W for pn in range(1, 15)) and 15 not in m.mem.perms
    assert m.mem.peek(0x200, 8) == INPUT.to_bytes(8, "little")

    assert run_to_stop(m, loaded) == [INPUT + 1, 42, 0xF000 - 16, 0xF000]
    assert m.r[1] == 0xF000
    assert m.mem.peek(0xEFF0, 16) == (42).to_bytes(8, "little") + (INPUT + 1).to_bytes(8, "little")


def test_avs_layout_through_the_command_line():
    """``ptodbg run avs_layout.s --json`` (the default debug profile): it stops at
    cross_model_stop with the result bytes, where it used to be refused with 'segment 0
    (0x100..) overlaps the stack (0x0..0xf000)'."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        rc = main(["run", str(AVS_LAYOUT), "--json"])
    assert rc == 0 and err.getvalue() == ""
    s = json.loads(out.getvalue())
    assert s["status"] == "stopped" and s["message"] == "reached cross_model_stop"
    expected = [INPUT + 1, 42, 0xF000 - 16, 0xF000]
    assert s["result"] == b"".join(v.to_bytes(8, "little") for v in expected).hex()
    assert s["regs"]["sp"] == 0xF000


FILLED = AVS_LAYOUT.read_text() + """
    .section .bss
    .vaddr 0x1000
filler:
    .zero 0xe000
"""


def test_a_program_filling_the_low_stack_area_gets_its_stack_in_high_memory():
    """The same program plus a .bss over 0x1000..0xF000: no page is free under 0xF000, so
    the stack is the highest free 64 KiB below 2^47 and sp starts at 2^47; the program's
    own pages are untouched and its pushes go to the high stack."""
    m, loaded = from_source(FILLED, "filled.s")
    assert max(s.end for s in loaded.program.segments) == 0xF000  # .data + .bss up to 0xF000
    assert m.r[1] == STACK_CEILING == loaded.stack_top
    assert (loaded.stack_low, loaded.stack_moved) == (HIGH_STACK[0], True)
    assert stack_pages(m, *HIGH_STACK) == list(range(HIGH_STACK[0] >> PAGE_SHIFT, HIGH_STACK[1] >> PAGE_SHIFT))
    assert all(m.mem.perms[pn] == R | W for pn in range(1, 15))

    assert run_to_stop(m, loaded) == [INPUT + 1, 42, STACK_CEILING - 16, STACK_CEILING]
    assert m.mem.peek(0x1000, 0xE000) == bytes(0xE000)  # nothing landed in the program's .bss
    assert m.mem.peek(STACK_CEILING - 16, 8) == (42).to_bytes(8, "little")


def test_the_debugger_shows_where_the_moved_stack_is(tmp_path):
    """``sp says where``: the JSON state of a freshly opened debugger shows sp = 2^47 for
    the filled program and 0xF000 for the plain pto-avs layout."""
    from ptodbg.debug.view.capture import capture_view
    from ptodbg.debug.view.jsonstate import state

    path = tmp_path / "filled.s"
    path.write_text(FILLED)
    assert state(capture_view(open_debugger(path)))["regs"]["sp"] == STACK_CEILING
    assert state(capture_view(open_debugger(AVS_LAYOUT)))["regs"]["sp"] == 0xF000


@pytest.mark.parametrize("where,stack_low,moved", [
    (0x8000, 0x9000, False),  # a segment in page 8: the stack is the run above it (24 KiB)
    (0xE000, HIGH_STACK[0], True),  # the page right under 0xF000: nothing free there
    (0xF000, 0x1000, False),  # at the stack top itself: below it all is free
    (0x10000, 0x1000, False),
])
def test_the_stack_is_the_free_run_directly_below_the_top(where, stack_low, moved):
    """A data segment at ``where`` besides the code in page 0: the stack is the free run
    directly below 0xF000 (never skipping over a segment, whose page its pushes would
    write), or moves high when that run is under 4 KiB; a push then pops its value."""
    source = f"""
    .text
    .vaddr 0x100
    .globl _start
_start:
    subi sp, 8, ->sp
    addi zero, 7, ->a0
    sdi a0, [sp, 0]
    ldi [sp, 0], ->a1
    .globl cross_model_stop
cross_model_stop:
    c.bstart.sys
    c.ebreak 0
    .data
    .vaddr {where:#x}
    .globl cross_model_result
cross_model_result:
    .dword 0x5a5a
    .set cross_model_result_size, 8
"""
    m, loaded = from_source(source)
    assert (loaded.stack_low, loaded.stack_moved) == (stack_low, moved)
    assert m.r[1] == (STACK_CEILING if moved else 0xF000)
    assert m.mem.perms[where >> PAGE_SHIFT] == R | W
    assert run_to_stop(m, loaded) == [0x5A5A] and m.r[3] == 7


# A read-only doubleword ``konst`` = 5 at 0x300: on page 0, with the code at 0x100.
KONST = """\
    .section .rodata
    .vaddr 0x300
konst:
    .dword 5
"""


def test_a_segment_maps_every_page_it_touches_and_shared_pages_get_the_union():
    """Code at 0x100 (r-x), read-only data at 0x300 (r--), data at 0xFF8 whose 16 bytes
    cross into page 1 (rw-): page 0 is rwx, page 1 rw- (touched by the data segment), and
    the stack begins at page 2.  Writing the data's second half (in page 1) works."""
    m, loaded = from_source("""
    .text
    .vaddr 0x100
    .globl _start
_start:
    li a0, cross_model_result
    ldi [a0, 8], ->a1
    li a2, konst
    ldi [a2, 0], ->a3
    add a1, a3, ->a1
    sdi a1, [a0, 8]
    .globl cross_model_stop
cross_model_stop:
    c.bstart.sys
    c.ebreak 0
""" + KONST + """\
    .data
    .vaddr 0xff8
    .globl cross_model_result
cross_model_result:
    .dword 1, 2
    .set cross_model_result_size, 16
""")
    assert sorted((s.vaddr, s.perms) for s in loaded.program.segments) == [
        (0x100, "r-x"), (0x300, "r--"), (0xFF8, "rw-")]
    assert m.mem.perms[0] == R | W | X and m.mem.perms[1] == R | W
    assert loaded.stack_low == 0x2000 and m.r[1] == 0xF000
    assert run_to_stop(m, loaded) == [1, 7]


def test_a_read_only_page_shared_with_code_stays_read_only_for_the_union():
    """Two read-only segments sharing a page give r-x, not rw: a store there faults."""
    m, loaded = from_source("""
    .text
    .vaddr 0x100
    .globl _start
_start:
    li a0, konst
    sdi a0, [a0, 0]
    c.bstart.sys
    c.ebreak 0
""" + KONST)
    assert m.mem.perms[0] == R | X
    stop = m.run(10)
    assert stop.reason == "trap" and stop.trap.number == DATA_PAGE_FAULT and stop.trap.arg0 == 0x300


# ------------------------------------------------------------------- place_stack
def test_place_stack_rules():
    """The placement function itself: run directly below the top, capped at the size and
    at address 0; moved to the highest free ``size`` bytes below the ceiling otherwise."""
    size = 64 * KIB
    assert place_stack([], 0xF000, size) == StackPlace(0, 0xF000, False)
    assert place_stack([], 0x80000, size) == StackPlace(0x70000, 0x80000, False)
    assert place_stack([(0x100, 0x240)], 0xF000, size) == StackPlace(0x1000, 0xF000, False)
    assert place_stack([(0x100, 0x240), (0x5000, 0x5001)], 0xF000, size) == StackPlace(0x6000, 0xF000, False)
    assert place_stack([(0xEFFF, 0xF000)], 0xF000, size) == StackPlace(*HIGH_STACK, True)
    assert place_stack([(0x1000, 0xF000)], 0xF000, size).moved
    assert place_stack([(0x3000, 0xE000)], 0xF000, size) == StackPlace(0xE000, 0xF000, False)  # 4 KiB suffice
    # segments at the ceiling push the moved stack below them
    used = [(0xE000, 0xF000), (STACK_CEILING - 0x3000, STACK_CEILING + 0x5000)]
    assert place_stack(used, 0xF000, size) == StackPlace(STACK_CEILING - 0x3000 - size, STACK_CEILING - 0x3000, True)
    used.append((STACK_CEILING - 0x3000 - size - 0x800, STACK_CEILING - 0x3000 - 0x10))
    low = (STACK_CEILING - 0x3000 - size - 0x800) & ~0xFFF
    assert place_stack(used, 0xF000, size) == StackPlace(low - size, low, True)
    # the linux process stack wants all of its size
    assert place_stack([(STACK_TOP - 8, STACK_TOP)], STACK_TOP, STACK_SIZE, least=STACK_SIZE) == StackPlace(
        STACK_CEILING - STACK_SIZE, STACK_CEILING, True)
    with pytest.raises(ValueError, match="no 64 KiB of free address space"):
        place_stack([(0, 0x30000)], 0x10000, size, ceiling=0x30000)


def test_page_ranges_widen_and_merge():
    """Occupied ranges are whole pages; touching or overlapping ones merge, empty ones go."""
    assert page_ranges([(0x100, 0x240), (0x200, 0x300), (0x1FFF, 0x2001), (5, 5)]) == [(0, 0x3000)]
    assert page_ranges([(0x5000, 0x5001), (0x100, 0x240)]) == [(0, 0x1000), (0x5000, 0x6000)]
