"""Frames as gdb users type them (issue 12 item 1, DESIGN.md §5): ``frame [N]``, ``up``,
``down``, ``info frame`` and ``finish``, on real programs.

The frames are the ones FENTRY built (``asl/block/model/lifecycle/lifetime.asl``: FENTRY
[ra ~ rE], sp!, SIZE stores ra..rE just below the caller's sp, one 8-byte slot each, and
moves sp down by SIZE; FRET.STK undoes it and returns to the stacked ra).  Facts checked:
the caller's pc is the saved ra, the caller's sp is sp + SIZE, the saved registers are the
caller's values, and ``finish`` lands on the caller's pc with sp back and a0 the result."""

from __future__ import annotations

import io
import json

import pytest
from support.paths import PROGRAMS, TEST_PROGRAMS

from ptodbg.debug.commands import Commands, batch
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.files.program import open_debugger
from ptodbg.debug.view.capture import Viewer

ALG = PROGRAMS / "02_algorithms.static"
CONT = PROGRAMS / "01_containers.static"
MAIN_AFTER_CALL = 0x112D0  # main+0xc: where cpp_gate_case02 returns (test_linux.py, bt)


def linux(path=ALG):
    return open_debugger(path, profile="linux", compat="linx-v0.4")


def word(d, address: int) -> int:
    return int.from_bytes(d.memory(address, 8), "little")


def in_case02():
    """02_algorithms stopped inside cpp_gate_case02, past its FENTRY (frame built)."""
    d = linux()
    c = Commands(d)
    assert c.execute("break cpp_gate_case02").ok and d.cont().status == "breakpoint"
    sp_at_call = d.machine.r[1]
    assert c.execute("stepi").ok  # the FENTRY
    return d, c, sp_at_call


def lines(d, text: str) -> list[dict]:
    out = io.StringIO()
    batch.run(d, batch.inline_commands(text), out)
    return [json.loads(x) for x in out.getvalue().splitlines()]


# ----------------------------------------------------------- frame/up/down
def test_frame_up_down_select_the_callers_frame():
    d, c, sp_at_call = in_case02()
    frame0 = d.frames(2)[0]
    assert frame0.frame_address == sp_at_call  # the caller's sp: the frame's address
    assert d.machine.r[1] < sp_at_call  # FENTRY moved sp down by the frame size
    r = c.execute("up")
    assert r.ok and d.selected_frame == 1
    assert r.extra["frame"]["pc"] == MAIN_AFTER_CALL and r.extra["frame"]["function"] == "main"
    assert r.extra["frame"]["sp"] == sp_at_call
    assert r.message.startswith(f"#1  {MAIN_AFTER_CALL:#x} in main+0xc")
    assert c.execute("frame").extra["frame"]["level"] == 1  # no N: shows the selection
    r = c.execute("down")
    assert r.ok and d.selected_frame == 0 and r.extra["frame"]["pc"] == d.machine.pc
    assert c.execute("frame 2").extra["frame"]["function"] == "libc_start_main_stage2"
    assert c.execute("down 5").extra["frame"]["level"] == 0  # clamped at the innermost, as gdb
    assert c.execute("up 100").extra["frame"]["function"] == "_start"  # ... and the outermost


def test_selection_resets_when_the_machine_moves():
    d, c, _ = in_case02()
    assert c.execute("frame 1").ok and d.selected_frame == 1
    assert c.execute("stepi").ok
    assert d.selected_frame == 0  # a stop shows frame #0 again, as gdb
    assert c.execute("frame 1").ok and c.execute("set s5 7").ok
    assert d.selected_frame == 0  # an edit moves the machine too


def test_frame_errors_are_one_sentence():
    d, c, _ = in_case02()
    depth = len(d.frames(64))
    r = c.execute("frame 99")
    assert not r.ok and r.error == f"frame: no frame 99: the call chain has {depth} frames (0..{depth - 1})"
    assert c.execute("down").error == "down: bottom (innermost) frame selected; you cannot go down"
    assert c.execute(f"frame {depth - 1}").ok
    assert c.execute("up").error == "up: initial frame selected; you cannot go up"
    assert "must be 0..4095" in c.execute("frame 5000").error
    assert "at least 1" in c.execute("up 0").error
    assert c.execute("frame 1 2").error == "frame: usage: frame [N]"


def test_info_frame_lists_the_saved_registers():
    d, c, sp_at_call = in_case02()
    r = c.execute("info frame")
    info = r.extra["frame"]
    assert info["level"] == 0 and info["frame_address"] == sp_at_call
    assert info["caller"]["pc"] == MAIN_AFTER_CALL and info["callee"] is None
    # FENTRY [ra ~ ra]: ra stored at caller sp - 8, holding the return address
    assert info["saved"] == [{"register": "ra", "address": sp_at_call - 8, "value": MAIN_AFTER_CALL}]
    assert word(d, sp_at_call - 8) == MAIN_AFTER_CALL
    assert r.message.splitlines()[0] == f"Stack level 0, frame at {sp_at_call:#x}:"
    assert f"ra at {sp_at_call - 8:#x} = {MAIN_AFTER_CALL:#x}" in r.message
    assert c.execute("up").ok
    up = c.execute("info frame").extra["frame"]
    assert up["level"] == 1 and up["callee"] == 0 and up["pc"] == MAIN_AFTER_CALL


def test_info_frame_before_fentry_has_nothing_saved():
    d = linux()
    c = Commands(d)
    assert c.execute("break cpp_gate_case02").ok and d.cont().status == "breakpoint"
    r = c.execute("info frame")
    assert r.extra["frame"]["saved"] == [] and r.extra["frame"]["caller"]["pc"] == d.machine.r[10]
    assert "has not run" in r.message


def test_frame_registers_unwind_from_fentry_slots():
    """frame_call.s (strict PTO 0.58.3: the templates' sp is R2): func's FENTRY [ra ~ s1],
    sp!, 32 saved ra, s0 = 0x5050, s1 = 0x5151 at 0xe008, 0xe000, 0xdff8; after it func set
    s0 = 0x6060.  Frame #1 sees the caller's values, as gdb's registers after ``up``."""
    d = open_debugger(TEST_PROGRAMS / "frame_call.s")
    c = Commands(d)
    assert c.execute("until func").ok and c.execute("step 2").ok  # FENTRY, li s0
    assert d.symbolize(d.machine.pc).startswith("func+") and d.machine.reg("s0") == 0x6060
    viewer = Viewer(d)
    assert viewer.capture().frame_regs["s0"] == 0x6060
    info = c.execute("info frame").extra["frame"]
    assert info["frame_address"] == 0xE010
    assert [(s["register"], s["address"], s["value"]) for s in info["saved"]] == [
        ("ra", 0xE008, d.symbols.lookup("back")), ("s0", 0xE000, 0x5050), ("s1", 0xDFF8, 0x5151)]
    assert c.execute("frame 1").ok
    view = viewer.capture(moved=False)
    assert view.selected_frame == 1 and view.frame_pc == d.symbols.lookup("back")
    regs = view.frame_regs
    assert (regs["s0"], regs["s1"], regs["a0"]) == (0x5050, 0x5151, 0xE010)
    assert view.regs["s0"] == 0x6060  # the live registers are untouched


# ------------------------------------------------------------------ finish
def test_finish_returns_to_the_caller_with_the_value():
    d, c, sp_at_call = in_case02()
    before = d.steps
    r = c.execute("finish")
    assert r.ok and r.stop.status == "stopped"
    assert d.machine.pc == MAIN_AFTER_CALL and d.machine.r[1] == sp_at_call
    assert r.extra["value"] == d.machine.r[2] == 0  # the verdict cpp_gate_case02 returns (a0)
    assert d.steps > before
    assert "value returned a0 = 0x0 (0)" in r.message


def test_finish_of_an_outer_frame_runs_until_that_frame_returns():
    """operator new called from cpp_gate_case01: ``finish`` in frame #0 returns the
    storage to cpp_gate_case01; with frame #1 selected (``up``) it runs on until
    cpp_gate_case01 itself returns to main."""
    d = linux(CONT)
    c = Commands(d)
    assert c.execute('break "operator new(unsigned long)"').ok and d.cont().status == "breakpoint"
    assert d.machine.pc == d.symbols.lookup("_Znwm")
    chain = d.frames(4)
    assert [f.function for f in chain[:3]] == ["_Znwm", "cpp_gate_case01", "main"]
    at_new = d.steps
    r = c.execute("finish")  # frame #0: operator new returns the storage
    assert r.ok and d.machine.pc == chain[1].pc and r.extra["value"] == d.machine.r[2]
    storage = r.extra["value"]
    assert d.machine.mem.mapped(storage) and storage % 8 == 0
    assert c.execute(f"goto {at_new}").ok and c.execute("delete").ok
    assert c.execute("up").extra["frame"]["function"] == "cpp_gate_case01"
    r = c.execute("finish")
    assert r.ok and r.stop.status == "stopped" and d.machine.pc == chain[2].pc
    assert d.machine.r[1] == chain[1].frame_address  # main's sp again
    assert r.extra["value"] == d.machine.r[2] and r.message.startswith("run till exit from #1 cpp_gate_case01+")


def test_finish_stops_at_a_breakpoint_on_the_way():
    d = linux()
    c = Commands(d)
    assert c.execute("break main").ok and d.cont().status == "breakpoint"
    assert c.execute("stepi").ok  # main's FENTRY
    assert c.execute("break cpp_gate_case02").ok
    r = c.execute("finish")
    assert r.ok and r.stop.status == "breakpoint" and r.extra["value"] is None
    assert d.machine.pc == d.symbols.lookup("cpp_gate_case02")


def test_finish_in_the_outermost_frame_is_refused():
    d, c, _ = in_case02()
    depth = len(d.frames(64))
    assert c.execute(f"frame {depth - 1}").ok
    steps = d.steps
    r = c.execute("finish")
    assert not r.ok and r.error.startswith('finish: "finish" not meaningful in the outermost frame (#5 _start')
    assert d.steps == steps


def test_finish_is_bounded_by_the_step_limit():
    d, c, _ = in_case02()
    d.step_limit = 3
    r = c.execute("finish")
    assert r.stop.status == "max-steps" and r.extra["value"] is None


# tests/programs/gdb_names.s: _start (10 instructions up to the call: a store, a DMA,
# a0 = sp - 0xff0, s2 = 3) calls _Z3reci, which calls itself until s2 reaches 0.
REC = "_Z3reci"
ENTRY_STEPS = 10  # steps until _Z3reci's first instruction
RETURN = 0x20  # _Z3reci+0x20: the FRET.STK every activation but the first returns to


def recursion():
    """gdb_names.s: three activations of _Z3reci, frames at 0xe000, 0xdff0, 0xdfe0
    (strict PTO 0.58.3: FENTRY moves R2), all but the outermost returning to
    _Z3reci+0x20."""
    d = open_debugger(TEST_PROGRAMS / "gdb_names.s")
    return d, Commands(d)


def test_finish_skips_a_deeper_activation_returning_to_the_same_place():
    d, c = recursion()
    back = d.symbols.lookup(REC) + RETURN
    assert c.execute(f"until {back:#x}").ok and d.machine.r[2] == 0xDFE0  # the innermost
    assert [f.frame_address for f in d.frames(8)[:3]] == [0xDFF0, 0xE000, 0xE010]
    assert [f.pc for f in d.frames(8)[:3]] == [back, back, back]
    assert c.execute("up").ok
    r = c.execute("finish")  # frame #1 (at 0xe000): the innermost returning to +0x20 does not end it
    assert r.ok and r.stop.status == "stopped" and d.machine.pc == back
    assert d.machine.r[2] == 0xE000 and d.steps == ENTRY_STEPS + 24 and d.machine.reg("s0") == 3
    assert r.extra["value"] == 0xE000  # a0 is R2, the frame templates' sp (CORE.md 7.3)


def test_a_user_breakpoint_on_the_way_back_stops_finish():
    d, c = recursion()
    back = d.symbols.lookup(REC) + RETURN
    assert c.execute(f"break {back:#x}").ok and d.cont().status == "breakpoint"
    assert c.execute("up").ok
    r = c.execute("finish")
    assert r.stop.status == "breakpoint" and r.stop.breakpoint == 1 and d.machine.r[2] == 0xDFF0
    assert d.steps == ENTRY_STEPS + 23 and r.extra["value"] is None and d.info_breakpoints()[0]["hits"] == 2


# ------------------------------------------------------------------- batch
def test_batch_json_of_the_frame_commands():
    d = linux()
    out = lines(d, "break cpp_gate_case02; continue; stepi; bt; frame 1; info frame; down; finish; frame 9")
    bt, frame1, info, down, finish, bad = out[3:]
    assert [f["function"] for f in bt["frames"][:2]] == ["cpp_gate_case02", "main"]
    assert set(bt["frames"][0]) >= {"level", "pc", "sp", "function"}
    assert frame1["frame"]["pc"] == MAIN_AFTER_CALL and frame1["frame"]["level"] == 1
    assert frame1["frame"]["sp"] == bt["frames"][0]["frame_address"] == bt["frames"][1]["sp"]
    assert info["frame"]["level"] == 1 and info["frame"]["callee"] == 0
    assert down["frame"]["level"] == 0
    assert finish["ok"] and finish["value"] == 0 and finish["state"]["tpc"] == MAIN_AFTER_CALL
    assert finish["state"]["regs"]["a0"] == 0 and finish["state"]["status"] == "stopped"
    assert bad == {"command": "frame 9", "ok": False, "error": bad["error"]} and "no frame 9" in bad["error"]


@pytest.mark.parametrize("line", ["finish now", "frame x+", "up -1", "down 0"])
def test_bad_frame_commands_answer_one_error(line):
    d, c, _ = in_case02()
    r = c.execute(line)
    assert not r.ok and r.error and "Traceback" not in r.error


def test_finish_and_frame_specs_declare_their_facts():
    c = Commands(linux())
    assert c.spec_for("finish").long is True and c.spec_for("finish").moves
    assert c.spec_for("frame 1").long is False and not c.spec_for("up").moves
    assert c.spec_for("info frame").name == "info frame"
    with pytest.raises(DebugError):
        linux().select_frame(-1)


def test_expressions_read_the_selected_frames_registers_as_gdb_does():
    """After ``up``, ``$sp``, ``pc``, ``ra`` and ``x/2gx $sp`` are the caller's (gdb
    evaluates in the selected frame); ``down`` and any move give frame 0's back."""
    d, c, sp_at_call = in_case02()
    live_sp, live_pc = d.machine.r[1], d.machine.pc
    assert c.execute("up").ok
    caller = d.frames(2)[1]
    assert d.evaluate("$sp") == d.evaluate("sp") == caller.sp == sp_at_call  # $ as gdb writes it  # the caller's sp, before FENTRY moved it
    assert d.evaluate("pc") == caller.pc == MAIN_AFTER_CALL
    shown = c.execute("x/2gx $sp")
    assert shown.ok and shown.extra["text"][0].startswith(f"{sp_at_call:#x}")
    assert c.execute("down").ok
    assert (d.evaluate("sp"), d.evaluate("pc")) == (live_sp, live_pc)
    assert c.execute("up").ok and c.execute("stepi").ok  # the machine moved: frame 0 again
    assert d.selected_frame == 0 and d.evaluate("pc") == d.machine.pc
