"""gdb's inspection commands in batch JSON (issue 12 item 3; DESIGN.md §5): ``x/FMT``,
``print/FMT``, ``display`` / ``undisplay`` / ``info display``, ``info registers`` and
``info symbol``, on real programs after real steps.

Facts used (from the programs themselves):

* ``tests/programs/dma_copy.s``: ``li a0, src; li a1, dst; dma [a0], a1`` copies the 64
  bytes 0x01..0x40 at ``src`` (0x11000) to ``dst`` (0x11040); the DMA is the third
  instruction, at ``_start+10`` (CORE.md §4: DMA moves 8 doublewords, loads then stores).
* ``02_algorithms.static`` (linux profile, ``--compat linx-v0.4``): the process stack
  holds argc = 1 at sp and argv[0] = "02_algorithms.static" then the environment
  (PATH, HOME) as the linux profile builds it; ``main`` starts with FENTRY.
"""

from __future__ import annotations

import io
import json

import pytest
from support.paths import PROGRAMS, TEST_PROGRAMS

from ptodbg.debug.commands import batch
from ptodbg.debug.files.program import open_debugger
from ptodbg.isa.registers import GPR_NAMES

SRC, DST = 0x11000, 0x11040
ALGORITHMS = PROGRAMS / "02_algorithms.static"


def run(commands: list[str], program=TEST_PROGRAMS / "dma_copy.s", **options) -> list[dict]:
    dbg = open_debugger(program, **options)
    out = io.StringIO()
    batch.run(dbg, commands, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def linux(commands: list[str]) -> list[dict]:
    if not ALGORITHMS.exists():
        pytest.skip(f"{ALGORITHMS} is not here")
    return run(commands, ALGORITHMS, profile="linux", compat="linx-v0.4")


# ------------------------------------------------------------------ x/FMT
def test_x_fmt_shows_what_the_dma_wrote_as_gdb_rows():
    before, _step, after, giants, sticky, halves = run(
        ["x/16xb dst", "step 3", "x/16xb dst", "x/2gx dst", "x/2 dst+48", "x/3uh src"])
    assert before["text"] == [f"{DST:#x} <dst>:" + "\t0x00" * 8 + "\t........",
                              f"{DST + 8:#x} <dst+8>:" + "\t0x00" * 8 + "\t........"]
    assert after["text"] == [
        f"{DST:#x} <dst>:\t0x01\t0x02\t0x03\t0x04\t0x05\t0x06\t0x07\t0x08\t........",
        f"{DST + 8:#x} <dst+8>:\t0x09\t0x0a\t0x0b\t0x0c\t0x0d\t0x0e\t0x0f\t0x10\t........",
    ]
    assert giants["text"] == [f"{DST:#x} <dst>:\t0x0807060504030201\t0x100f0e0d0c0b0a09"]
    # the format and size stick (gdb): x/2 after x/2gx shows two giants in hex
    assert sticky["text"] == [f"{DST + 48:#x} <dst+48>:\t0x3837363534333231\t0x403f3e3d3c3b3a39"]
    assert halves["text"] == [f"{SRC:#x} <src>:\t{0x0201}\t{0x0403}\t{0x0605}"]
    assert after["address"] == DST and "bytes" not in after


def test_plain_x_keeps_its_json():
    (line,) = run(["x src 4"])
    assert (line["address"], line["bytes"], "text" in line) == (SRC, "01020304", False)


def test_x_i_disassembles_with_the_pc_marked():
    _step, line = run(["step 2", "x/3i _start"])
    assert line["text"] == ["   0x10000 <_start>:\tlui 17, ->a0",
                            "   0x10004 <_start+4>:\thl.lis 69696, ->a1",
                            "=> 0x1000a <_start+10>:\tdma [a0], a1"]
    assert line["state"]["tpc"] == 0x1000A


def test_x_without_an_address_goes_on_after_the_last_one():
    first, nxt = run(["x/4xb src", "x/4xb"])
    assert nxt["text"] == [f"{SRC + 4:#x} <src+4>:\t0x05\t0x06\t0x07\t0x08\t\t\t\t\t...."]
    assert first["ok"]


def test_x_fmt_on_unmapped_memory_is_an_error_never_zeros():
    lines = run(["x/4xb 0x7fff0000", "x/s 0x7fff0000", "x/2i 0x7fff0000", "x/2gx dst+0xff8"],
                TEST_PROGRAMS / "dma_fault.s")
    assert [line["ok"] for line in lines] == [False] * 4
    assert [line["error"] for line in lines[:3]] == ["x: cannot access memory at 0x7fff0000"] * 3
    # dma_fault.s: dst is alone in its page (0x12000); the page after it is not mapped
    assert lines[3]["error"] == "x: cannot access memory at 0x13000"


@pytest.mark.parametrize(("line", "words"), [
    ("x/100000xb src", "count 100000 is too large"),
    ("x/99999999999999999999xb src", "too large"),
    ("x/5000s src", "too large"),
    ("x/q src", "undefined output format 'q'"),
    ("x/xb", "no previous x"),
])
def test_x_fmt_refuses_unbounded_or_bad_requests_with_one_error(line, words):
    (out,) = run([line])
    assert not out["ok"] and words in out["error"]


def test_x_s_reads_the_arguments_the_linux_profile_built():
    lines = linux(["x/gx sp", "x/3s u64[sp+8]", "x/s"])
    assert lines[0]["text"][0].endswith(":\t0x0000000000000001")  # argc
    strings = [row.split("\t", 1)[1] for row in lines[1]["text"]]
    assert strings == ['"02_algorithms.static"', '"PATH=/usr/bin:/bin"', '"HOME=/"']
    # each string starts right after the previous one's NUL
    starts = [int(row.split(":")[0], 16) for row in lines[1]["text"]]
    assert starts[1] == starts[0] + len("02_algorithms.static") + 1
    assert starts[2] == starts[1] + len("PATH=/usr/bin:/bin") + 1


# ------------------------------------------------------------------ print/FMT
def test_print_fmt_formats_like_gdb():
    lines = run(["step 3", "print/x a1", "print/d u8[dst+15]-20", "print/u -1", "print/o 8", "print/t a0 & 7",
                 "print/c u8[dst+63]", "print/a a1+8", "print a1"])
    assert [line["message"] for line in lines[1:]] == [
        "$1 = 0x11040", "$2 = -4", "$3 = 18446744073709551615", "$4 = 010", "$5 = 0",
        "$6 = 64 '@'", "$7 = 0x11048 <dst+8>", "$8 = 0x11040 (69696)"]  # gdb's value history: $1, $2, ...
    assert lines[1]["value"] == DST


@pytest.mark.parametrize(("line", "words"), [
    ("print/8x a0", "item count other than 1 is meaningless"),
    ("print/xb a0", "size letters are meaningless"),
    ("print/i a0", "meaningless"),
    ("print/x", "usage: print/FMT EXPR"),
    ("print/x u64[0x7fff0000]", "0x7fff0000"),
])
def test_print_fmt_errors(line, words):
    (out,) = run([line], TEST_PROGRAMS / "dma_fault.s")
    assert not out["ok"] and words in out["error"]


# ------------------------------------------------------------------ display
def test_displays_follow_every_stop_in_the_json():
    lines = run(["step", "display/x a1", "display/4xb dst", "print a0", "step 2", "info display",
                 "undisplay 1", "step", "undisplay 7", "undisplay", "reverse-step"])
    first_step, made, made2, printed, dma, info, gone, stepped, bad, cleared, back = lines
    assert "displays" not in first_step  # no display yet: the JSON is as before
    assert made["display"] == 1 and made["message"] == "1: /x a1 = 0x0"
    assert made2["message"] == f"2: x/4xb dst\n{DST:#x} <dst>:\t0x00\t0x00\t0x00\t0x00\t\t\t\t\t...."
    assert "displays" not in printed  # print does not move the machine
    assert dma["state"]["steps"] == 3
    assert dma["displays"] == [
        {"number": 1, "expression": "a1", "format": "x", "value": DST, "text": [f"1: /x a1 = {DST:#x}"]},
        {"number": 2, "expression": "dst", "format": "4xb", "address": DST,
         "text": ["2: x/4xb dst", f"{DST:#x} <dst>:\t0x01\t0x02\t0x03\t0x04\t\t\t\t\t...."]},
    ]
    assert info["message"].splitlines() == ["Auto-display expressions now in effect:", "Num Enb Expression",
                                            "1:   y  /x a1", "2:   y  /4bx dst"]
    assert gone["deleted"] == [1]
    assert [d["number"] for d in stepped["displays"]] == [2]
    assert not bad["ok"] and bad["error"] == "undisplay: no display number 7"
    assert cleared["deleted"] == [2]
    assert "displays" not in back


def test_a_display_that_cannot_be_read_shows_its_error_and_stays():
    lines = run(["display u64[0x7fff0000]", "step"], TEST_PROGRAMS / "dma_fault.s")
    for line in lines:
        (entry,) = line["displays"]
        assert entry["error"] == "cannot access memory at 0x7fff0000"
        assert entry["text"] == ["1: u64[0x7fff0000] = <error: cannot access memory at 0x7fff0000>"]


def test_display_i_pc_at_a_breakpoint_in_a_real_program():
    lines = linux(["break main", "display/i $pc", "continue", "display"])
    stop = lines[2]
    assert stop["state"]["status"] == "breakpoint"
    main = stop["state"]["tpc"]
    (entry,) = stop["displays"]
    assert entry["text"] == ["1: x/i $pc", f"=> {main:#x} <main>:\tfentry [ra ~ ra], sp!, 16"]
    assert lines[3]["displays"] == stop["displays"]  # display alone shows them all again


def test_display_refuses_bad_input():
    lines = run(["display a0 +", "display/q a0", "display/x", "undisplay one"])
    assert [line["ok"] for line in lines] == [False] * 4
    assert "ends too early" in lines[0]["error"]
    assert "undefined output format" in lines[1]["error"]
    assert lines[3]["error"] == "undisplay: 'one' is not a display number"


# ------------------------------------------------------------------ info registers / symbol
def test_info_registers_lists_every_gpr_and_pc_in_gdb_columns():
    _step, everything, some, bad = run(["step 3", "info registers", "info registers a1 $a0 r10 pc", "info registers q9"])
    names = [r["name"] for r in everything["registers"]]
    irq = ["ipending", "topei", "econfig", "timecmp"]
    assert names == [*GPR_NAMES, "pc", *(f"p{i}" for i in range(8)), *irq]
    state = everything["state"]
    assert {r["name"]: r["value"] for r in everything["registers"]} == {
        **state["regs"], "pc": state["tpc"], **{f"p{i}": v for i, v in enumerate(state["predicates"])},
        **dict(zip(irq, (state["interrupts"][k] for k in ("pending", "top", "config", "timecmp")), strict=True))}
    assert some["message"].splitlines() == [
        "a1             0x11040             69696",
        "a0             0x11000             69632",
        "ra             0x0                 0x0",
        "pc             0x1000e             0x1000e <done>",
    ]
    assert not bad["ok"] and "invalid register 'q9'" in bad["error"]


def test_info_symbol_as_gdb_says_it():
    lines = run(["info symbol dst+8", "info symbol done", "info symbol a0", "info symbol 0x10"])
    assert [line["message"] for line in lines] == [
        "dst + 8 in section .data", "done in section .text", "No symbol matches a0.", "No symbol matches 0x10."]
    assert lines[0]["symbol"] == {"name": "dst", "offset": 8, "section": ".data"}
    assert lines[3]["symbol"] is None


def test_info_symbol_in_a_real_program():
    (line,) = linux(["info symbol main+4"])
    assert line["message"] == "main + 4 in section .text"


def test_every_new_command_has_help():
    lines = run(["help x", "help display", "help undisplay", "help info display", "help info registers",
                 "help info symbol", "help print"])
    assert all(line["ok"] for line in lines)
    assert "x/FMT" in lines[0]["message"] and "display/FMT EXPR" in lines[1]["message"]
    assert lines[4]["message"].startswith("info registers [REG...]: ")
    assert "/x" in lines[6]["message"]


# ------------------------------------------------------------------ sessions
def test_displays_are_saved_and_loaded_with_the_session(tmp_path):
    import tomllib

    path = tmp_path / "s.toml"
    saved = run(["display/x a1", "display/4xb dst", "display a0", "undisplay 3", "step 2", f"save {path}"])
    assert saved[-1]["ok"]
    doc = tomllib.loads(path.read_text())
    assert doc["display"] == [{"expression": "a1", "format": "x"}, {"expression": "dst", "format": "4xb"}]
    assert doc["counts"]["display"] == 2
    loaded, stepped = run([f"load {path}", "step"])
    assert loaded["ok"] and loaded["state"]["steps"] == 2
    assert [d["text"][0] for d in loaded["displays"]] == [f"1: /x a1 = {DST:#x}", "2: x/4xb dst"]
    assert stepped["displays"][1]["text"][1] == f"{DST:#x} <dst>:\t0x01\t0x02\t0x03\t0x04\t\t\t\t\t...."


def test_a_session_without_displays_is_written_as_before(tmp_path):
    import tomllib

    path = tmp_path / "s.toml"
    run([f"save {path}"])
    doc = tomllib.loads(path.read_text())
    assert "display" not in doc and "display" not in doc["counts"]


@pytest.mark.parametrize(("edit", "words"), [
    (lambda t: t.replace('format = "x"', 'format = "q"'), "display #1.format"),
    (lambda t: t.replace('expression = "a1"', 'expression = "a1 +"'), "display #1: expression 'a1 +' ends too early"),
    (lambda t: t.replace("display = 1", "display = 2"), r"display: 1 record, but [counts] says 2"),
    (lambda t: t.replace("display = 1\n", ""), "display: 1 records, but [counts] does not count them"),
])
def test_a_bad_display_in_a_session_is_one_clear_error(tmp_path, edit, words):
    path = tmp_path / "s.toml"
    run(["display/x a1", f"save {path}"])
    path.write_text(edit(path.read_text()))
    (loaded,) = run([f"load {path}"])
    assert not loaded["ok"] and words in loaded["error"], loaded["error"]


# ------------------------------------------------------------------ one computation per stop
def test_the_view_of_a_stop_carries_the_displays_the_command_showed():
    """The command that moved the machine and the view of its stop share one computation
    of the displays (the TUI's tab renders ``View.displays``): the same entries, worked
    out again only when the stop, the selected frame or the list changes.  Facts: after
    ``step 3`` of dma_copy.s the DMA has copied 0x01..0x08 to the first bytes of dst."""
    from ptodbg.debug.commands import Commands
    from ptodbg.debug.commands.stopdisplays import shown_displays
    from ptodbg.debug.view.capture import Viewer

    dbg = open_debugger(TEST_PROGRAMS / "dma_copy.s")
    commands, viewer = Commands(dbg), Viewer(dbg)
    assert viewer.capture().displays == ()
    commands.execute("display/x a1")
    commands.execute("display/8xb dst")
    stepped = commands.execute("step 3")
    view = viewer.capture()
    assert view.displays is shown_displays(dbg)
    assert stepped.extra["displays"] == list(view.displays)
    assert view.displays[0]["text"] == [f"1: /x a1 = {DST:#x}"]
    assert view.displays[1]["text"][1].split("\t")[1:9] == [f"0x{b:02x}" for b in range(1, 9)]
    commands.execute("set mem dst 0xee")  # an edit: the same step, another machine state
    assert viewer.capture(moved=False).displays[1]["text"][1].split("\t")[1] == "0xee"
    commands.execute("undisplay 2")
    assert [d["number"] for d in viewer.capture(moved=False).displays] == [1]
