"""The command language against hostile input (issue 10, items 6, 7, 10 and 13; DESIGN.md
§5: "every command does bounded work for any argument").

* ``watch ADDR LEN x`` is an error, not a silent ``w``; ``save`` refuses a target that is
  not a regular file (``save /dev/null`` wrote ``/dev/null.toml``);
* ``perms``/``inject`` over the whole address space, and an injection of 2^40 bytes from
  a session, do work proportional to the mapped pages, not to the range;
* command lines are split into words in linear time (``shlex`` was quadratic: a 300 kB
  ``set mem`` took tens of seconds), with the same words as ``shlex``;
* every number a command takes is bounded with a clear error (``recover 99`` was an
  IndexError).

Work that used to hang runs in a daemon thread with a generous deadline: a hang fails the
test instead of stopping the suite (a deadline of tens of seconds for work that takes
milliseconds is a hang detector, not a speed goal; speed lives in ``benchmarks/``).
"""

from __future__ import annotations

import os
import shlex
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.engine_program import CODE, DST, SRC, commands, make

from ptodbg.core import R, W, X
from ptodbg.core.memory import PAGE_SIZE, Memory
from ptodbg.debug.commands import Commands, split_words
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.engine.edits import OnceEdit, PermsEdit

TOP = (1 << 64) - 1
HANG = 60.0  # seconds: only a hang takes this long


def finishes(fn, seconds: float = HANG):
    """Run ``fn`` in a daemon thread; its result, or a failure if it is still running."""
    box: dict = {}

    def target() -> None:
        try:
            box["value"] = fn()
        except BaseException as e:  # noqa: BLE001 - re-raised in the test thread
            box["error"] = e

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still running after {seconds} s: work grows with the range"
    if "error" in box:
        raise box["error"]
    return box["value"]



# ================================================================ item 6: watch
@pytest.mark.parametrize("line", ["watch dst 8 x", "watch dst 8 rwx", "watch dst 8 read", "watch dst 8 w extra"])
def test_watch_with_a_bad_mode_is_an_error(line):
    c, d = commands()
    r = c.execute(line)
    assert not r.ok and ("mode" in r.error or "usage" in r.error), r.error
    assert d.watchpoints == {}


@pytest.mark.parametrize(("line", "length", "mode"), [("watch dst", 8, "w"), ("watch dst r", 8, "r"),
                                                       ("watch dst 16 rw", 16, "rw"), ("watch dst 4 wr", 4, "rw"),
                                                       ("watch dst 32", 32, "w")])
def test_watch_modes_and_lengths(line, length, mode):
    c, d = commands()
    c.dbg.symbols.by_name["dst"] = DST
    r = c.execute(line)
    assert r.ok, r.error
    (wp,) = d.watchpoints.values()
    assert (wp.low, wp.length, wp.mode) == (DST, length, mode)


# ================================================================ item 6: save
def test_save_refuses_a_fifo_and_writes_nothing_beside_it(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    c, _ = commands()
    r = finishes(lambda: c.execute(f"save {fifo}"))
    assert not r.ok and "not a regular file" in r.error, r.error
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_save_refuses_a_directory(tmp_path):
    (tmp_path / "d.toml").mkdir()
    c, _ = commands()
    for target in (tmp_path, tmp_path / "d.toml", tmp_path / "d"):
        r = c.execute(f"save {target}")
        assert not r.ok and "not a regular file" in r.error, (target, r.error)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.toml"]


def test_save_dev_null_writes_nothing():
    c, _ = commands()
    r = c.execute("save /dev/null")
    assert not r.ok and "/dev/null" in r.error and "not a regular file" in r.error
    assert not Path("/dev/null.toml").exists()


def test_save_adds_the_suffix_and_says_where_it_wrote(tmp_path):
    c, _ = commands()
    r = c.execute(f"save {tmp_path / 'mine'}")
    assert r.ok and r.message == f"saved session to {tmp_path / 'mine.toml'}"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.toml"]


# ======================================================== item 7: bounded perms
@pytest.mark.parametrize("line", ["perms 0 0xffffffffffffffff r--", "inject 0 0xffffffffffffffff ---",
                                  "inject 0 0xffffffffffffffff --- once", "inject 0 0xffffffffffffffff --- at 3",
                                  f"inject {DST:#x} 0xffffffffffffffff ---"])
def test_permission_changes_over_the_whole_address_space_are_bounded(line):
    c, d = commands()
    m = d.machine
    before = dict(m.mem.perms)
    r = finishes(lambda: c.execute(line))
    if line.endswith("at 3"):
        assert r.ok, r.error
        finishes(lambda: d.step(3))
    elif line.startswith(f"inject {DST:#x}"):
        assert not r.ok and "past the end" in r.error, r.error  # DST + 2^64 - 1 wraps
        return
    else:
        assert r.ok, r.error
    want = 4 if line.startswith("perms") else 0  # r-- or ---, on every mapped page
    assert m.mem.perms == {pn: want for pn in before}
    if line.endswith("once"):
        assert m.mem.once == before
    if line.endswith("at 3"):  # back before the step it is scheduled at: not applied
        finishes(lambda: d.reverse_step(1))
        assert m.mem.perms == before
        finishes(lambda: d.step(1))
    else:
        finishes(lambda: d.goto(0))  # replayed from the snapshot of step 0
    assert m.mem.perms == {pn: want for pn in before}


def test_an_injection_of_two_to_the_forty_bytes_from_a_session_is_bounded(tmp_path):
    """The engine side of a session's huge injection: applying the edit visits mapped
    pages only (a session reader may also refuse it; either way nothing hangs)."""
    d = make()
    edit = PermsEdit(0, 0, 1 << 40, R)
    assert finishes(lambda: edit.apply(d.machine)).startswith("perms 0x0+0x10000000000")
    assert set(d.machine.mem.perms.values()) == {4}
    once = OnceEdit(0, 0, 1 << 40, 0)
    finishes(lambda: once.apply(d.machine))
    assert set(d.machine.mem.perms.values()) == {0}
    assert set(d.machine.mem.once.values()) == {4}


def test_memory_page_loops_visit_mapped_pages_only():
    mem = Memory()
    mem.map(0x10000, 2 * PAGE_SIZE, R | W)
    mem.map(1 << 40, PAGE_SIZE, R | X)
    assert finishes(lambda: mem.set_perms(0, 1 << 63, R)) == [0x10, 0x11, 1 << 28]
    assert finishes(lambda: mem.inject_once(0x10800, 1 << 62, 0)) == [0x10, 0x11, 1 << 28]
    assert finishes(lambda: mem.mapped_pages(0x11000, 1 << 60)) == [0x11, 1 << 28]
    assert mem.mapped_pages(0x12000, (1 << 40) - 0x12000) == []
    finishes(lambda: mem.unmap(0x11000, 1 << 62))
    assert sorted(mem.pages) == [0x10]


def test_perms_over_a_range_that_wraps_is_an_error():
    c, _ = commands()
    r = finishes(lambda: c.execute(f"perms {SRC:#x} 0xffffffffffffffff r--"))
    assert not r.ok and "past the end of the 64-bit address space" in r.error, r.error


# ==================================================== item 10: linear tokenising
WORDS = st.text(alphabet="ab01 \t\n\r\x0b'\"\\#$x,.", max_size=40)


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(WORDS)
def test_split_words_splits_as_shlex_does(text):
    try:
        want = shlex.split(text, posix=True)
    except ValueError:
        with pytest.raises(ValueError):
            split_words(text)
        return
    assert split_words(text) == want


@pytest.mark.parametrize(("text", "words"), [
    ("x sp+16 32", ["x", "sp+16", "32"]),
    ('break "operator new(unsigned long)" if a0 == 1', ["break", "operator new(unsigned long)", "if", "a0", "==", "1"]),
    ("set mem 0x10 'aa bb'", ["set", "mem", "0x10", "aa bb"]),
    ('a"b c"d', ["ab cd"]),
    (r"a\ b", ["a b"]),
    ("", []),
])
def test_split_words_examples(text, words):
    assert split_words(text) == words


def test_set_mem_with_300_kb_of_hex():
    """300 kB of bytes as 600,000 hex digits on one line (tens of seconds with shlex)."""
    c, d = commands()
    d.machine.mem.map(0x100000, 300_000, R | W)
    data = bytes(i * 37 & 0xFF for i in range(300_000))
    r = finishes(lambda: c.execute(f"set mem 0x100000 {data.hex()}"))
    assert r.ok, r.error
    assert d.machine.mem.read_mapped(0x100000, len(data)) == data


def test_unbalanced_quotes_are_one_clear_error():
    c, _ = commands()
    r = c.execute('break "copy')
    assert not r.ok and "closing quotation" in r.error.lower()


# ======================================================= item 13: bounded numbers
@pytest.mark.parametrize(("line", "needle"), [
    ("recover 99", "bank 99"),
    ("recover -1", "bank -1"),
    ("recover 0x10000000000000000000", "bank"),
    ("bt 0", "1..4096"),
    ("bt 1000000000000", "1..4096"),
    ("step 0", "at least 1"),
    ("step -5", "at least 1"),
    ("continue 0", "at least 1"),
    ("continue -5", "at least 1"),
    ("reverse-step 0", "at least 1"),
    ("goto 0x8000000000000000", "step"),
    ("inject 0x21000 16 --- at 0x8000000000000000", "step"),
    ("set a0 0x10000000000000000", "64 bits"),
    ("set a0 -0x8000000000000001", "64 bits"),
    ("x 0x20000 0", "1..1048576"),
    ("x 0x20000 0x100001", "1..1048576"),
    ("watch 0x20000 0", "1..1048576"),
    ("watch 0x20000 0x100000000", "1..1048576"),
    ("perms 0x21000 0 r--", "positive"),
    ("perms 0x21000 -4096 r--", "positive"),
])
def test_out_of_range_numbers_are_one_clear_error(line, needle):
    c, d = commands()
    before = (d.steps, dict(d.machine.mem.perms), list(d.edits))
    r = finishes(lambda: c.execute(line))
    assert not r.ok, (line, r.message)
    assert needle in r.error, (line, r.error)
    assert "\n" not in r.error and "Traceback" not in r.error and "IndexError" not in r.error
    assert (d.steps, dict(d.machine.mem.perms), list(d.edits)) == before


@pytest.mark.parametrize("line", ["set a0 -1", "set a0 0xffffffffffffffff", "bt 4096", "bt 1", "recover 0" ])
def test_numbers_at_the_edges_of_their_ranges_are_accepted(line):
    c, d = commands()
    r = c.execute(line)
    if line == "recover 0":  # a valid bank with nothing saved: the reason, not a range error
        assert not r.ok and "no saved trap context" in r.error
        return
    assert r.ok, r.error
    if line.startswith("set a0"):
        assert d.machine.reg("a0") == TOP


def test_a_cyclic_frame_chain_is_cut_at_the_frame_limit():
    """bt follows saved return addresses; a chain that loops cannot make it loop for the
    count typed (it was unbounded) — at most 4096 frames."""
    c, d = commands()
    r = c.execute("bt 4096")
    assert r.ok and len(r.extra["frames"]) <= 4096
    assert d.machine.pc == CODE


def test_a_failed_set_mem_across_a_hole_keeps_the_recorded_future():
    """The range is checked before the edit drops the future it would rewrite."""
    m = make().machine
    m.mem.map(0x30000, PAGE_SIZE, R | W)
    m.mem.map(0x32000, PAGE_SIZE, R | W)  # 0x31000 is a hole
    d = Debugger(m)  # the pages are part of the loaded state
    d.step(4)
    d.goto(1)
    horizon = d.horizon
    r = Commands(d).execute(f"set mem 0x30ff8 {'11' * (PAGE_SIZE + 16)}")
    assert not r.ok and "0x31000" in r.error, r.error
    assert d.horizon == horizon == 4 and d.steps == 1
