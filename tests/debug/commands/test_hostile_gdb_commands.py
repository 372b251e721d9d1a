"""The gdb-style commands of issue 12 against a hostile user (issues 10 and 12; DESIGN.md §5:
"every command does bounded work for any argument" and "an interrupt ends the running
command with its JSON line (status "interrupted")").

* ``finish`` and ``last`` can be interrupted at any point and leave the state exact:
  ``finish`` at the step it reached, equal to a fresh machine run straight there; ``last``
  back at the present, equal to the state before it.  An interrupted ``last`` ends as the
  other commands do: ``ok`` with status "interrupted" (it was ``ok: false``), and no
  ``last`` key, since ``null`` would claim that nothing wrote the bytes.
* every number these commands take (x/FMT and display counts, ``last`` lengths, ``ignore``
  counts, frame levels, ``up``/``down``/``bt`` counts, display numbers, register lists,
  names given to ``break``) is bounded before it drives a loop, with one clear sentence;
* the displays shown after a stop have a total budget: 64 displays of ``x/4096i`` made a
  single ``step`` take six seconds no interrupt could reach.
"""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from support.fresh_runs import assert_same, examples, fresh_machine, interrupt_after
from support.paths import TEST_PROGRAMS
from support.random_programs import full_state

from ptodbg.debug.commands import MAX_LOCATION, Commands, batch
from ptodbg.debug.commands.displays import MAX_DISPLAYS, SHOW_BUDGET
from ptodbg.debug.commands.memformat import MAX_INSTRUCTIONS
from ptodbg.debug.engine.lastwrite import Interrupted, last_write, memory_target, register_target
from ptodbg.debug.files.program import open_debugger

# `work` (a frame built by FENTRY, CORE.md 7.3: the templates keep their sp in R2 = a0)
# loops 4000 times storing its counter s1 to buf, then returns to `done` with FRET.STK.
# cell is written once, by _start's store, before the call: a `last cell` from the end
# re-runs the whole loop's intervals only if the index says so (it never does).
WORK = """
    .text
    .globl _start
_start:
    subi sp, 0xff0, ->a0
    hl.liu cell, ->s2
    sdi s2, [s2, 0]
    setret done, ->ra
    j work
done:
    c.bstart.sys
    c.ebreak 0
    .globl work
    .type work, @function
work:
    fentry [ra ~ s0], sp!, 16
    hl.liu buf, ->s0
.Lloop:
    addi s1, 1, ->s1
    sdi s1, [s0, 0]
    bstart.std cond, .Lloop
    setc.ltui s1, 4000
    bstop
    fret.stk [ra ~ s0], sp!, 16
    .size work, .-work
    .data
    .balign 4096
cell:
    .dword 7
    .balign 4096
buf:
    .dword 0
"""
IN_LOOP = "work+10"  # the first addi: inside the frame `work` built


@pytest.fixture(scope="module")
def work_source(tmp_path_factory) -> str:
    path = tmp_path_factory.mktemp("gdb") / "work.s"
    path.write_text(WORK)
    return str(path)


def lines(d, commands: list[str]) -> list[dict]:
    out = io.StringIO()
    batch.run(d, commands, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def finished_at(source: str) -> int:
    """The step an uninterrupted finish from IN_LOOP ends at."""
    d = open_debugger(source)
    d.until(IN_LOOP)
    stop = d.finish()
    assert stop.status == "stopped" and d.machine.pc == d.resolve("done")
    return d.steps


# ================================================================ finish interrupted
def test_an_interrupted_finish_stops_at_an_exact_step_and_says_so(work_source):
    end = finished_at(work_source)
    d = open_debugger(work_source, interval=64)
    d.until(IN_LOOP)
    start = d.steps
    interrupt_after(d, 3)
    r = Commands(d).execute("finish")
    assert r.ok and r.stop.status == "interrupted" and "interrupted" in r.message
    assert r.extra["value"] is None  # no value: the function has not returned
    reached = d.steps
    assert start < reached < end
    d.on_progress = None
    assert_same(full_state(d.machine), full_state(fresh_machine(work_source, reached)), f"finish cut at {reached}")
    stop = d.finish()  # the frame is still selected and still there: finish goes on to the return
    assert stop.status == "stopped" and d.steps == end and stop.value == d.machine.r[2]


def test_an_interrupted_finish_in_batch_prints_its_line(work_source):
    d = open_debugger(work_source)
    d.until(IN_LOOP)
    d.on_progress = lambda step: d.cancel.set()  # batch mode's SIGINT, mid-run
    out = lines(d, ["finish", "print s1"])
    assert len(out) == 1  # the rest is skipped (DESIGN.md §5)
    assert out[0]["ok"] and out[0]["state"]["status"] == "interrupted" and out[0]["value"] is None
    d.on_progress = None
    assert_same(full_state(d.machine), full_state(fresh_machine(work_source, out[0]["state"]["steps"])), "batch finish")


@examples(25)
@given(callbacks=st.integers(1, 12), interval=st.integers(8, 2000))
def test_interrupting_finish_anywhere_leaves_the_state_of_a_fresh_run(work_source, callbacks, interval):
    d = open_debugger(work_source, interval=interval)
    d.until(IN_LOOP)
    interrupt_after(d, callbacks)
    stop = d.finish()
    d.on_progress = None
    here = d.steps
    assert stop.status in ("interrupted", "stopped")
    assert_same(full_state(d.machine), full_state(fresh_machine(work_source, here)), f"finish ({stop.status}) at {here}")
    d.reverse_step(1)  # and travel from there is exact too
    assert_same(full_state(d.machine), full_state(fresh_machine(work_source, here - 1)), f"reverse-step from {here}")


# ================================================================== last interrupted
def target_of(d, text: str):
    return register_target(d.machine, text) or memory_target(d, d.resolve(text), 8, text)


@examples(25)
@given(what=st.sampled_from(["cell", "buf", "s1", "s2", "a0"]), callbacks=st.integers(1, 6),
       interval=st.integers(8, 3000))
def test_interrupting_last_anywhere_leaves_the_present_exact(work_source, what, callbacks, interval):
    d = open_debugger(work_source, interval=interval)
    d.cont()
    before, steps = full_state(d.machine), d.steps
    other = open_debugger(work_source, interval=interval)
    other.cont()
    answer = last_write(other, target_of(other, what))  # the uninterrupted answer
    interrupt_after(d, callbacks)
    try:
        found = last_write(d, target_of(d, what))
    except Interrupted as e:
        found = None
        assert str(e) == f"interrupted: no write of {what} found in the steps searched"
    else:
        assert found == answer  # not cut: the same answer as the uninterrupted query
    d.on_progress = None
    assert d.steps == steps
    assert_same(full_state(d.machine), before, f"last {what}")
    assert last_write(d, target_of(d, what)) == answer  # nothing left behind cuts the next one
    assert d.steps == steps


def test_an_interrupted_last_in_batch_says_interrupted_and_proves_nothing(work_source):
    d = open_debugger(work_source, interval=64)
    d.cont()
    steps = d.steps
    d.on_progress = lambda step: d.cancel.set()  # SIGINT while it re-runs the loop
    out = lines(d, ["last cell", "print s1"])
    assert len(out) == 1
    line = out[0]
    assert line["ok"] and line["state"]["status"] == "interrupted" and "last" not in line
    assert line["message"] == "interrupted: no write of cell found in the steps searched"
    assert line["state"]["steps"] == steps


def test_an_uninterrupted_last_names_the_store_before_the_loop(work_source):
    d = open_debugger(work_source, interval=64)
    d.cont()
    (line,) = lines(d, ["last cell"])
    assert line["last"]["step"] == 3 and line["last"]["kind"] == "store" and line["last"]["mnemonic"] == "SDI"


# ======================================================================= bounded numbers
BOUNDED = [
    ("x/999999999xg sp", "count 999999999 is too large: x/x shows at most 8192"),
    ("x/99999999999999999999999i $pc", "is too large"),
    (f"x/{MAX_INSTRUCTIONS + 1}i $pc", f"x/i shows at most {MAX_INSTRUCTIONS}"),
    ("x/1025s buf", "x/s shows at most 1024"),
    ("x/0xb buf", "the count must be at least 1"),
    ("x/-5xb buf", "negative count"),
    ("x/2xg 0xfffffffffffffff8", "cannot access memory at 0xfffffffffffffff8"),
    ("display/99999999i $pc", "count 99999999 is too large"),
    ("display/" + "9" * 5000 + "i $pc", "is too large"),
    ("print/2x 1", "item count other than 1"),
    ("last buf 18446744073709551616", "length 18446744073709551616 must be 1..1048576 bytes"),
    ("last buf 0", "length 0 must be 1..1048576 bytes"),
    ("last buf -1", "length -1 must be"),
    ("last 0xffffffffffffffff 16", "cannot access memory at 0xffffffffffffffff"),
    ("last 0xdead0000", "cannot access memory at 0xdead0000"),
    ("ignore 1 99999999999999999999999", "ignore count 99999999999999999999999 must be 0.."),
    ("ignore 1 -1", "ignore count -1 must be 0.."),
    ("ignore 1 1e99", "unexpected 'e99'"),
    ("ignore 99 1", "no breakpoint number 99"),
    ("frame 1180591620717411303424", "frame number 1180591620717411303424 must be 0..4095"),
    ("frame -1", "frame number -1 must be 0..4095"),
    ("up 99999999999999999999", "frame count 99999999999999999999 must be 1..4096"),
    ("down 99999999999999999999", "frame count 99999999999999999999 must be 1..4096"),
    ("bt 99999999999999999", "frame count 99999999999999999 must be 1..4096"),
    ("undisplay 18446744073709551617", "is not a display number"),
    ("undisplay " + " ".join(["1"] * (MAX_DISPLAYS + 1)), f"at most {MAX_DISPLAYS} display numbers"),
    ("info registers " + " ".join(["a0"] * 65), "at most 64 registers"),
    ("info registers r24", "invalid register 'r24'"),
    ("enable 99999999999999999999", "no breakpoint or watchpoint number"),
    ('break "operator new("', "no function or symbol matches 'operator new('"),
    ("break " + "a" * 10_000, "a location of 10000 characters is too long (at most 4096)"),
    ("tbreak " + "a" * 4097 + " if 1", "a location of 4097 characters is too long"),
    ("until " + "a" * 4097, "a location of 4097 characters is too long"),
    ("break " + "(" * 4000, "nested more than"),
    ('break "' + "std::vector<" * 300 + '"', "no function or symbol matches"),
    ("finish 3", "usage: finish"),
]


@pytest.mark.parametrize(("line", "error"), BOUNDED, ids=[b[0][:40] for b in BOUNDED])
def test_every_number_is_bounded_with_one_clear_sentence(work_source, line, error):
    d = open_debugger(work_source)
    c = Commands(d)
    assert c.execute("break work").ok
    r = c.execute(line)
    assert not r.ok and error in r.error, r.error
    assert "\n" not in r.error and "Error" not in r.error and len(r.error) < MAX_LOCATION + 200  # a message quotes a LOC at most


def test_finish_up_and_down_at_the_ends_of_the_stack_are_clear_errors():
    d = open_debugger(TEST_PROGRAMS / "dma_fault.s")
    c = Commands(d)
    assert c.execute("finish").error == 'finish: "finish" not meaningful in the outermost frame (#0 _start)'
    assert c.execute("up").error == "up: initial frame selected; you cannot go up"
    assert c.execute("down").error == "down: bottom (innermost) frame selected; you cannot go down"
    assert c.execute("frame 1").error == "frame: no frame 1: the call chain has 1 frame (0..0)"


# ===================================================================== display budget
def test_the_displays_of_one_stop_share_a_budget(work_source):
    d = open_debugger(work_source)
    c = Commands(d)
    for _ in range(MAX_DISPLAYS):
        r = c.execute(f"display/{MAX_INSTRUCTIONS}i $pc")
        assert r.ok and len(r.extra["displays"]) == 1  # display EXPR shows the new one only, as gdb
    assert c.execute("display a0").error == f"display: at most {MAX_DISPLAYS} displays; undisplay some first"
    r = c.execute("step")
    first, *rest = r.extra["displays"]
    assert len(first["text"]) == 1 + MAX_INSTRUCTIONS and "error" not in first  # one maximal display fits
    assert first["text"][1].startswith(f"=> {d.machine.pc:#x} <_start+4>:")
    assert len(rest) == MAX_DISPLAYS - 1
    assert all(e["error"].startswith(f"not shown: the displays before it use this stop's budget of {SHOW_BUDGET}")
               for e in rest)
    assert c.execute("undisplay 1").ok
    shown = c.execute("step").extra["displays"]
    assert shown[0]["number"] == 2 and "error" not in shown[0]  # the next in line is shown now


def test_an_address_outside_the_program_gets_no_symbol_label():
    """``<sym+off>`` only inside the program's sections, as ``info symbol`` answers: the last
    symbol below 2^64 - 1 is not where that address is (gdb prints no label there)."""
    d = open_debugger(TEST_PROGRAMS / "gdb_names.s")
    c = Commands(d)
    edge = d.symbols.lookup("edge")
    assert c.execute("print/a 0xffffffffffffffff").message == "$1 = 0xffffffffffffffff"
    assert c.execute("print/a edge+5").message == f"$2 = {edge + 5:#x} <edge+5>"  # the string's last byte
    assert c.execute("print/a edge+6").message == f"$3 = {edge + 6:#x}"  # past .data.buf
    assert c.execute("info symbol edge+6").message == "No symbol matches edge+6."


def test_x_s_on_a_string_that_runs_off_its_page_shows_it_then_the_hole():
    """``edge`` is "abcdef" in the last 6 bytes of .data.buf, with no NUL and no page after
    it: x/s shows the 6 characters, then the error at the first unmapped byte (gdb's
    ``"abcdef"<error: ...>``), and stops; x/s at the hole itself is the command's error."""
    d = open_debugger(TEST_PROGRAMS / "gdb_names.s")
    c = Commands(d)
    edge = d.symbols.lookup("edge")
    hole = edge + 6
    assert hole % 4096 == 0
    shown = c.execute("x/2s edge")
    assert shown.extra["text"] == [f'{edge:#x} <edge>:\t"abcdef"<error: cannot access memory at {hole:#x}>']
    refused = c.execute("x/s edge+6")
    assert (refused.ok, refused.error) == (False, f"x: cannot access memory at {hole:#x}")
