"""The linux profile's stacks (DESIGN.md §2, README "Where the stack goes"): the loader maps
no bare test-binary stack there (the process stack replaces it, so the null page of a
Linux program stays unmapped and a program linked low loads as linked), and the process
stack (512 KiB below ``STACK_TOP``) moves clear of any segment that uses those pages
instead of overwriting it."""

from __future__ import annotations

from ptodbg.core.faults import DATA_PAGE_FAULT
from ptodbg.core.stack import STACK_CEILING
from ptodbg.debug.files.program import open_debugger
from ptodbg.linux import STACK_SIZE, STACK_TOP

EXIT_WITH_WORD = """
    .text
    .vaddr {text:#x}
    .globl _start
_start:
    li a1, marker
    ldi [a1, 0], ->a0           # the exit status: the marker as loaded
    subi sp, 8, ->sp            # a push on the process stack
    sdi a0, [sp, 0]
    ldi [sp, 0], ->a0
    c.bstart.sys
    addi zero, 94, ->a7         # exit_group(a0)
    acrc 1
    c.bstop
    .data
    .vaddr {data:#x}
marker:
    .dword 42
"""


def open_linux(tmp_path, text: int, data: int):
    path = tmp_path / "p.s"
    path.write_text(EXIT_WITH_WORD.format(text=text, data=data))
    return open_debugger(path, profile="linux")


def test_a_linux_program_linked_at_0x100_loads_and_page_1_stays_unmapped(tmp_path):
    """Linked at 0x100 it used to be refused ('overlaps the stack (0x0..0xf000)'); now it
    runs and exits 42, and no bare stack was mapped under 0xF000."""
    d = open_linux(tmp_path, 0x100, 0x2000)
    m = d.machine
    assert not m.mem.mapped(0x1000) and not m.mem.mapped(0xE000)
    assert STACK_TOP - STACK_SIZE <= m.r[1] < STACK_TOP
    stop = d.cont()
    assert stop.status == "exited" and m.exit_code == 42


def test_a_linux_null_pointer_load_faults(tmp_path):
    """With no bare stack under 0xF000, a load from address 8 is a DATA_PAGE_FAULT."""
    path = tmp_path / "null.s"
    path.write_text("""
    .text
    .globl _start
_start:
    ldi [zero, 8], ->a0
    c.bstart.sys
    c.ebreak 0
""")
    d = open_debugger(path, profile="linux")
    stop = d.cont()
    assert stop.status == "trap" and stop.trap.number == DATA_PAGE_FAULT and stop.trap.arg0 == 8


def test_a_segment_in_the_default_process_stack_is_kept_and_the_stack_moves(tmp_path):
    """A data segment just under STACK_TOP (where the start-up would write AT_RANDOM's
    bytes): the process stack becomes the highest free 512 KiB below 2^47, sp lies there,
    the segment keeps its bytes and permissions, and the program exits with its 42."""
    marker = STACK_TOP - 8
    d = open_linux(tmp_path, 0x10000, marker)
    m = d.machine
    assert STACK_CEILING - STACK_SIZE <= m.r[1] < STACK_CEILING
    assert m.mem.peek(marker, 8) == (42).to_bytes(8, "little")
    assert m.mem.perms_at(marker) == 6  # rw-, as linked
    assert not m.mem.mapped(STACK_TOP - STACK_SIZE)
    stop = d.cont()
    assert stop.status == "exited" and m.exit_code == 42
