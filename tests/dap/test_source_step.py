"""Stepping by source line (ptodbg.debug.engine.source_step) and the disassembly rows
(ptodbg.debug.view.listing, over the View of a stop) on the engine directly: a pseudo-instruction's expansion is one
line, a one-line loop stops at each pass, ``line_step_back`` returns to where a forward
``next`` came from (the call it ran over skipped), from mid-line to the line's start, and
into the caller from a function's first line; disassembly rows never read unmapped memory
and restart at the address asked for."""

from __future__ import annotations

from ptodbg.debug.engine.lines import source_lines
from ptodbg.debug.engine.source_step import line_step, line_step_back, step_out
from ptodbg.debug.engine.stops import Stop
from ptodbg.debug.files.program import open_debugger
from ptodbg.debug.view import listing
from ptodbg.debug.view.capture import capture_view

SOURCE = """\
    .text
    .globl _start
_start:
    li a0, 0x123456789abcdef0
    addi zero, 3, ->a1
    setret back, ->ra
    j leaf
back:
    bstart.std cond, back
    subi a1, 1, ->a1
    setc.ne a1, zero
    bstop
spin:
    c.bstart.sys
    c.ebreak 0
leaf:
    addi a2, 1, ->a2
    addi a2, 1, ->a2
    jr ra, 0
"""


def _open(tmp_path):
    path = tmp_path / "steps.s"
    path.write_text(SOURCE)
    dbg = open_debugger(path)
    return dbg, source_lines(dbg)


def _line(dbg, lines) -> int:
    return lines.at(dbg.machine.pc).line


def _always(stop: Stop) -> bool:
    return True


def test_forward_line_steps(tmp_path):
    dbg, lines = _open(tmp_path)
    assert _line(dbg, lines) == 4
    line_step(dbg, lines, over=True, ends_step=_always)
    assert _line(dbg, lines) == 5 and dbg.steps > 1  # the whole li expansion was one line
    line_step(dbg, lines, over=True, ends_step=_always)
    assert _line(dbg, lines) == 6
    line_step(dbg, lines, over=True, ends_step=_always)  # next over the SETRET call
    assert _line(dbg, lines) == 9 and dbg.machine.reg("a2") == 2
    line_step(dbg, lines, over=False, ends_step=_always)
    assert _line(dbg, lines) == 10


def test_step_in_and_out(tmp_path):
    dbg, lines = _open(tmp_path)
    for _ in range(3):
        line_step(dbg, lines, over=False, ends_step=_always)
    assert _line(dbg, lines) == 7  # j leaf
    line_step(dbg, lines, over=False, ends_step=_always)
    assert _line(dbg, lines) == 17
    stop = step_out(dbg, "sp")
    assert stop.status == "stopped" and _line(dbg, lines) == 9 and dbg.machine.reg("a2") == 2


def test_backward_line_steps(tmp_path):
    dbg, lines = _open(tmp_path)
    line_step(dbg, lines, over=True, ends_step=_always)
    line_step(dbg, lines, over=True, ends_step=_always)
    line_step(dbg, lines, over=True, ends_step=_always)
    assert _line(dbg, lines) == 9
    line_step_back(dbg, lines)
    assert _line(dbg, lines) == 6  # back over the call, to the line next came from
    dbg.step(1)
    dbg.step(1)  # into leaf (by instruction): its first line
    assert _line(dbg, lines) == 17
    line_step_back(dbg, lines)
    assert _line(dbg, lines) == 7  # from a function's first line into the caller
    dbg.goto(2)  # inside the li expansion of line 4
    assert _line(dbg, lines) == 4 and not lines.is_line_start(dbg.machine.pc)
    stop = line_step_back(dbg, lines)
    assert dbg.steps == 0 and _line(dbg, lines) == 4 and "line 4" in stop.message


def test_a_loop_on_lines_stops_at_each_pass(tmp_path):
    dbg, lines = _open(tmp_path)
    dbg.until("back")
    passes = []
    for _ in range(9):
        line_step(dbg, lines, over=True, ends_step=_always)
        passes.append(_line(dbg, lines))
    assert passes[:6] == [10, 11, 12, 9, 10, 11]


def test_cancelled_and_budget(tmp_path):
    dbg, lines = _open(tmp_path)
    stop = line_step(dbg, lines, over=True, ends_step=_always, cancelled=lambda: True)
    assert stop.status == "interrupted"
    stop = line_step(dbg, lines, over=True, ends_step=_always, budget=1)
    assert stop.status in ("stopped", "max-steps")
    dbg.goto(10)
    stop = line_step_back(dbg, lines, cancelled=lambda: True)
    assert stop.message == "interrupted" and dbg.steps == 10  # left exactly where it was


def test_disassembly_rows(tmp_path):
    dbg, _ = _open(tmp_path)
    view = capture_view(dbg)

    def rows_around(address, offset, count):
        return listing.rows_around(view.memory, view.decoder, view.symbols, address, offset, count)

    def decode_row(address):
        return listing.row_at(view.memory, view.decoder, view.symbols, address)

    start = dbg.symbols.lookup("_start")
    leaf = dbg.symbols.lookup("leaf")
    rows = rows_around(leaf, -3, 6)
    assert len(rows) == 6 and rows[3].address == leaf and rows[3].symbol == "leaf"
    assert rows[3].text == "addi a2, 1, ->a2" and all(r.whole for r in rows)
    assert rows[2].text == "c.ebreak 0"
    rows = rows_around(start, -4, 6)
    # [0xf000, 0x10000) is not mapped (the stack ends at 0xf000): invalid rows, never zeros
    assert [(r.address, r.whole) for r in rows[:4]] == [(start - 8, False), (start - 6, False),
                                                         (start - 4, False), (start - 2, False)]
    assert rows[4].address == start and rows[4].symbol == "_start" and rows[4].whole
    gone = decode_row(0x7F000000)
    assert not gone.whole and gone.data == b""
    assert not decode_row(start + 1).whole  # instructions are halfword aligned
