"""What a gdb or rr user types in the first ten minutes (issue 26, DESIGN.md §5), in batch
JSON on real assembled programs: the short names, watchpoints of every kind, gdb's
breakpoint table, ``condition``, ``commands N ... end``, the value history and convenience
variables, ``set var``, ``advance``, a leaf call in the backtrace, and one numbering of a
DMA's events.

The facts come from the programs: the demo (``ptodbg/demo/demo.s``: ``copy`` DMAs src to
dst, then ``setret back; j fill`` calls the leaf ``fill``, which sets a4 = 0x5a and
a5 = 0xb4 and returns with ``jr ra``), where a DMA records 8 load events then 8 store
events (``asl/scalar/amo/DMA.asl``: "eight ordered 8-byte relaxed load events followed by
eight ordered 8-byte relaxed store events"), and SETRET writes ra and LRA
(``asl/scalar/model/bru``)."""

from __future__ import annotations

import io
import json

import pytest

from ptodbg.debug.commands import Commands, batch
from ptodbg.debug.files.program import open_debugger


def run(*commands: str, path=None) -> list[dict]:
    d = open_debugger(path)
    out = io.StringIO()
    batch.run(d, list(commands), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def demo() -> tuple:
    d = open_debugger(None)
    return d, Commands(d)


# ------------------------------------------------------------------ short names
@pytest.mark.parametrize("alias, name", [
    ("ni", "next"), ("si", "step"), ("rsi", "reverse-step"), ("rs", "reverse-step"), ("rc", "reverse-continue"),
    ("rn", "reverse-next"), ("rni", "reverse-next"), ("i r", "info registers"), ("i r a0", "info registers"),
    ("i b", "info breakpoints"), ("disas", "disassemble"), ("q", "quit"), ("quit", "quit"),
    ("reverse-nexti", "reverse-next"), ("bt full", "bt"), ("i all-registers", "info all-registers"),
    ("info proc mappings", "info proc mappings"),
])
def test_gdb_and_rr_short_names(alias, name):
    _, c = demo()
    assert c.spec_for(alias).name == name


def test_the_short_names_run_as_their_commands():
    lines = run("ni", "ni", "ni", "i r a0", "rsi", "i b", "break fill", "i b")
    assert [x["state"]["steps"] for x in lines[:3]] == [1, 2, 3]  # two LIs, then the DMA
    assert lines[3]["registers"] == [{"name": "a0", "value": 0x11000}]  # src (the demo's data)
    assert lines[4]["state"]["steps"] == 2
    assert lines[5]["message"] == "No breakpoints or watchpoints." and lines[5]["breakpoints"] == []
    assert lines[7]["breakpoints"][0]["location"] == "fill"


# -------------------------------------------------------------------- frames
def test_a_leaf_call_shows_its_caller_inferred_from_ra():
    """``break fill; continue; bt``: fill has no frame template, so its caller comes from
    ra (SETRET set it to ``back``), marked inferred; finish returns there."""
    lines = run("break fill", "continue", "bt", "info frame", "finish")
    frames = lines[2]["frames"]
    d = open_debugger(None)
    back = d.symbols.lookup("back")
    assert [(f["function"], f["pc"], f["inferred"]) for f in frames] == [
        ("fill", d.symbols.lookup("fill"), False), ("back", back, True)]
    assert lines[2]["message"].splitlines()[1].endswith("[inferred from ra]")
    assert lines[3]["frame"]["caller"]["inferred"] and "return address in ra" in lines[3]["message"]
    assert lines[4]["state"]["tpc"] == back and lines[4]["ok"]


def test_bt_full_adds_the_saved_registers_of_each_frame():
    lines = run("break fill", "continue", "bt full", "bt full 1", "bt 1 full")
    assert lines[2]["frames"] == run("break fill", "continue", "bt")[2]["frames"]
    text = lines[2]["message"].splitlines()
    assert text[0].startswith("#0  ") and text[1] == "        No locals (assembly); no registers saved"
    assert len(lines[3]["frames"]) == 1 and len(lines[4]["frames"]) == 1


# ---------------------------------------------------------------- watchpoints
def test_watch_a_register_stops_when_it_changes():
    """watch a4 stops after fill's ADDI wrote 0x5a (not at the memory a4 points to)."""
    lines = run("watch a4", "continue", "continue", "info watchpoints")
    assert lines[0]["message"] == "watchpoint 1: a4 (stops when it changes)"
    stop = lines[1]["state"]
    assert stop["status"] == "watchpoint" and stop["regs"]["a4"] == 0x5A
    assert lines[1]["message"] == "watchpoint 1: a4 changed 0x0 -> 0x5a by ADDI at fill"
    assert lines[2]["state"]["status"] == "stopped"  # a4 never changes again: the EBREAK at done
    wp = lines[3]["breakpoints"][0]
    assert (wp["register"], wp["address"], wp["hits"]) == ("a4", None, 1)


def test_reverse_continue_finds_the_register_change():
    lines = run("continue", "watch a5", "reverse-continue")
    assert lines[2]["state"]["status"] == "watchpoint" and lines[2]["state"]["regs"]["a5"] == 0xB4
    assert lines[2]["message"].startswith("reverse: watchpoint 1: a5 changed 0x0 -> 0xb4")


def test_rwatch_awatch_and_watch_location():
    lines = run("rwatch src", "awatch -l u32[dst+4]", "watch -l [buf]", "info breakpoints", "continue", "continue")
    table = lines[3]["breakpoints"]
    assert [(w["mode"], w["address"], w["length"]) for w in table] == [
        ("r", 0x11000, 8), ("rw", 0x12004, 4), ("w", 0x11040, 8)]
    assert lines[3]["message"].splitlines()[1].split()[:4] == ["1", "read", "watchpoint", "keep"]
    assert "acc watchpoint" in lines[3]["message"] and "u32[dst+4] (4 bytes, rw)" in lines[3]["message"]
    # the DMA reads src first (event 1 of 16), then writes dst+4 (its second store: event 10)
    assert lines[4]["message"] == "watchpoint 1: load 8 bytes at 0x11000 (event 1 of 16)"


def test_a_conditional_watchpoint_stops_only_when_its_condition_holds():
    lines = run("watch dst if u8[dst] == 9", "continue", "watch dst+8 8 w if u8[dst+8] == 9", "continue")
    assert lines[1]["state"]["status"] == "stopped"  # dst[0] becomes 1, never 9: the EBREAK
    assert lines[3]["state"]["status"] == "stopped"
    lines = run("watch dst+8 if u8[dst+8] == 9", "continue", "info watchpoints")
    assert lines[1]["state"]["status"] == "watchpoint" and lines[1]["message"].endswith("(event 10 of 16)")
    assert lines[2]["breakpoints"][0]["condition"] == "u8[dst+8] == 9"


@pytest.mark.parametrize("line, error", [
    ("watch -l a0", "watch: a0 is a register, it has no location: watch a0 watches its value"),
    ("watch a0 8", "watch: a register watchpoint stops when a0 changes: no length (usage: watch REG [if COND])"),
    ("rwatch $a1", "rwatch: a register watchpoint stops when $a1 changes: no length and no read watch "
                   "(usage: watch REG [if COND])"),
    ("watch zero", "watch: zero never changes: there is nothing to watch"),
    ("watch $pc", "watch: $pc changes at every step: step (s) stops there"),
    ("watch dst if", "watch: a condition is needed after 'if'"),
    ("watch if a0", "watch: usage: watch [-l] EXPR [LEN] [r|w|rw] [if COND]"),
    ("watch dst 8 x", "watch: watch mode 'x' must be r, w or rw"),
    ("watch dst if a0 ==", "watch: bad condition: expression 'a0 ==' ends too early"),
])
def test_bad_watch_commands_answer_one_sentence(line, error):
    _, c = demo()
    r = c.execute(line)
    assert not r.ok and r.error == error


# ------------------------------------------------------------- the table
def test_info_breakpoints_is_gdbs_table_with_lengths_and_modes():
    lines = run("break copy", "tbreak fill if a0 != 0", "watch dst 16 rw", "watch a4", "disable 3", "info breakpoints")
    rows = lines[5]["message"].splitlines()
    assert rows[0].split() == ["Num", "Type", "Disp", "Enb", "Address", "What"]
    assert rows[1].split() == ["1", "breakpoint", "keep", "y", "0x10008", "copy"]
    assert rows[2].split() == ["2", "breakpoint", "del", "y", "0x10026", "fill"]
    assert rows[3] == "\tstop only if a0 != 0"
    assert rows[4].split() == ["3", "acc", "watchpoint", "keep", "n", "0x12000", "dst", "(16", "bytes,", "rw)"]
    assert rows[5].split() == ["4", "watchpoint", "keep", "y", "a4", "(register)"]
    assert "{" not in lines[5]["message"]  # never a Python dict


def test_break_twice_notes_the_other_breakpoint():
    lines = run("break copy", "break copy")
    assert lines[1]["message"] == "breakpoint 2 at 0x10008 (copy); note: breakpoint 1 also set at pc 0x10008"
    assert lines[1]["duplicates"] == [1]


def test_condition_makes_a_breakpoint_conditional_and_unconditional():
    lines = run("break copy", "condition 1 a0 == 5", "continue", "condition 1", "goto 0", "continue", "condition 1 (")
    assert lines[1]["message"] == "breakpoint 1 stops only if a0 == 5" and lines[1]["condition"] == "a0 == 5"
    assert lines[2]["state"]["status"] == "stopped"  # a0 = src, never 5: the EBREAK at the end
    assert lines[3]["message"] == "breakpoint 1 now unconditional." and lines[3]["condition"] is None
    assert lines[5]["state"]["status"] == "breakpoint"
    assert not lines[6]["ok"] and lines[6]["error"].startswith("condition: bad condition:")


# ----------------------------------------------------------- command lists
def test_commands_run_at_the_stop_and_silent_hides_its_line():
    lines = run("break fill", "commands", "silent", "print a4", "x/1gx dst", "end", "continue", "info breakpoints")
    assert lines[1]["collecting"] == [1] and lines[2]["message"] == ">"
    assert lines[5]["message"] == "commands of 1: 3 lines" and lines[5]["commands"] == ["silent", "print a4",
                                                                                        "x/1gx dst"]
    stop = lines[6]
    assert stop["state"]["status"] == "breakpoint"
    assert stop["message"].splitlines() == ["$1 = 0x0 (0)", "0x12000 <dst>:\t0x0807060504030201"]
    assert [x["command"] for x in stop["commands"]] == ["print a4", "x/1gx dst"]
    assert "        print a4" in lines[7]["message"]


def test_a_command_that_resumes_ends_the_list_and_the_next_stop_runs_its_own():
    lines = run("break fill", "break done", "commands 1", "print a4", "continue", "print 99", "end",
                "commands 2", "print a5", "end", "continue")
    last = lines[-1]
    assert last["state"]["status"] == "breakpoint" and last["state"]["tpc"] == 0x10022  # done
    assert last["message"].splitlines() == ["breakpoint 1 at fill", "$1 = 0x0 (0)", "breakpoint 2 at done",
                                            "$2 = 0xb4 (180)"]  # print 99 after continue is skipped, as gdb does


def test_commands_of_a_missing_breakpoint_is_refused():
    lines = run("commands", "commands 7", "break copy", "commands 1 7")
    assert lines[0]["error"] == "commands: no breakpoints or watchpoints: set one first"
    assert lines[1]["error"] == "commands: no breakpoint or watchpoint number 7"
    assert lines[3]["error"] == "commands: no breakpoint or watchpoint number 7"


# ------------------------------------------------- value history, variables
def test_print_keeps_a_value_history():
    lines = run("print 5", "print $ + 1", "print $$", "print $1 * 3", "p/x $", "print $$2", "print $9")
    assert [x.get("message") for x in lines[:6]] == ["$1 = 0x5 (5)", "$2 = 0x6 (6)", "$3 = 0x5 (5)",
                                                     "$4 = 0xf (15)", "$5 = 0xf", "$6 = 0x5 (5)"]
    assert [x.get("history") for x in lines[:6]] == [1, 2, 3, 4, 5, 6]
    assert lines[6]["error"] == "print: $9: history has no value 9 (it holds $1..$6)"


def test_x_sets_dollar_underscore_to_the_last_address_examined():
    lines = run("step 3", "x/2xg dst", "print $_", "print/x $__", "x dst 4", "print $_")
    assert lines[2]["value"] == 0x12008 and lines[3]["value"] == 0x100F0E0D0C0B0A09  # dst's second word
    assert lines[5]["value"] == 0x12003


def test_convenience_variables_and_set_var():
    lines = run("set $n = 7", "print $n * 2", "set $a0 = $n + 1", "set var a1 = 3", "set var u16[dst] = 0xbeef",
                "x dst 2", "show conv", "print $nope", "set $1 = 2", "set var dst = 1")
    assert lines[0]["message"] == "$n = 0x7 (7)" and lines[0]["variable"] == "n"
    assert lines[1]["value"] == 14
    assert lines[2]["state"]["regs"]["a0"] == 8 and lines[3]["state"]["regs"]["a1"] == 3
    assert lines[5]["bytes"] == "efbe"
    assert lines[6]["variables"]["n"] == 7
    assert lines[7]["error"] == "print: $nope: no convenience variable of that name (set $nope = EXPR makes one)"
    assert lines[8]["error"].startswith("set: $1 cannot be assigned")
    assert lines[9]["error"] == "set: dst is 64 bytes: say how many to write, e.g. set var u64[dst] = VALUE"


def test_a_set_var_edit_is_replayed_by_reverse_execution():
    lines = run("set var u8[dst] = 0x77", "step 3", "reverse-step 3", "x dst 1", "goto 3", "x dst 1")
    assert lines[3]["bytes"] == "77" and lines[5]["bytes"] == "01"  # the DMA overwrote it at step 3


def test_conditions_read_convenience_variables():
    lines = run("set $want = 0x5a", "watch a4 if a4 == $want", "continue")
    assert lines[2]["state"]["status"] == "watchpoint" and lines[2]["state"]["regs"]["a4"] == 0x5A


# ----------------------------------------------------------------- advance
def test_advance_stops_at_the_location_or_when_the_frame_returns():
    lines = run("advance back", "goto 5", "advance done")
    assert lines[0]["state"]["tpc"] == 0x10014 and lines[0]["message"] == "reached back"
    # in fill (a leaf: its caller comes from ra), advance done stops when fill returns
    assert lines[2]["state"]["tpc"] == 0x10014
    assert lines[2]["message"] == "the frame returned to back before reaching done"


# ---------------------------------------------------------- event numbers
def test_one_numbering_of_a_dmas_events():
    """``events`` lists 1-16, a watchpoint hit names its event's number, ``last`` names the
    same number."""
    lines = run("watch dst+40 1", "continue", "events", "last dst+40 1")
    hit = lines[1]["message"]
    assert hit == "watchpoint 1: store 8 bytes at 0x12028 (event 14 of 16)"
    listed = lines[2]["message"].splitlines()
    assert listed[13].split()[:3] == ["14", "store", "0x12028"]
    assert lines[3]["last"]["event"] == 14 and lines[3]["message"].endswith("at copy, event 14 of 16")


# ------------------------------------------------------------ the process
def test_quit_ends_a_batch_script():
    lines = run("step", "quit", "step")
    assert len(lines) == 2 and lines[1]["ok"] and lines[1]["quit"] is True
    assert run("q", "step")[0]["quit"] is True


@pytest.mark.parametrize("line, says", [
    ("run", "continue (c) runs it; goto 0 starts over"),
    ("r", "continue (c) runs it; goto 0 starts over"),
    ("start", "goto 0 comes back here; until main runs to main"),
    ("kill", "there is no process to kill"),
])
def test_run_start_and_kill_say_what_ptodbg_does_instead(line, says):
    lines = run("step", line)
    assert not lines[1]["ok"] and says in lines[1]["error"] and "\n" not in lines[1]["error"]


def test_info_proc_mappings_is_the_page_map():
    lines = run("inject dst 64 r-- once", "info proc mappings")
    maps = lines[1]["mappings"]
    assert [(m["start"], m["end"], m["perms"]) for m in maps] == [
        (0, 0xF000, "rw-"), (0x10000, 0x11000, "r-x"), (0x11000, 0x12000, "rw-"), (0x12000, 0x13000, "r--")]
    assert maps[0]["name"] == "[stack]" and maps[1]["name"] == ".text" and maps[3]["mark"] == "!"
    text = lines[1]["message"].splitlines()
    assert text[0] == "Mapped address spaces:" and text[2].split() == ["Start", "Addr", "End", "Addr", "Size",
                                                                       "Perms", "What"]
    assert text[4].split()[:4] == ["0x10000", "0x11000", "0x1000", "r-x"]


def test_info_all_registers_lists_the_specials_and_the_queues():
    lines = run("step 3", "info all-registers")
    names = [r["name"] for r in lines[1]["registers"]]
    assert names[:2] == ["zero", "sp"] and names[24:29] == ["pc", "lra", "bpc", "bpcn", "acr"]
    assert names[29:41] == [*(f"p{i}" for i in range(8)), "ipending", "topei", "econfig", "timecmp"]
    assert names[41:] == ["t#1", "t#2", "t#3", "t#4", "u#1", "u#2", "u#3", "u#4"]
    values = {r["name"]: r["value"] for r in lines[1]["registers"]}
    assert values["p0"] == 0xFFFFFFFF and values["p1"] == 0  # P0 reads all ones (predicate-registers.asl)
    assert values["econfig"] == 3  # both interrupt entries enabled at reset (interrupt.asl)
    assert lines[1]["registers"][24]["value"] == 0x1000C  # copy+4
    assert "pc             0x1000c             0x1000c <copy+4>" in lines[1]["message"]
    assert lines[1]["message"].splitlines()[-1] == "u#4            <empty>"


# ---------------------------------------------------------------- code
def test_disassemble_the_function_of_pc_a_location_and_a_range():
    lines = run("step 3", "disassemble", "disas /r fill", "disassemble copy,+8", "disassemble copy,copy+4",
                "disas/s")
    assert lines[1]["text"] == [
        "Dump of assembler code for function copy:",
        "   0x0000000000010008 <+0>:\tdma [a0], a1",
        "=> 0x000000000001000c <+4>:\tsetret back, ->ra",
        "   0x0000000000010010 <+8>:\tj fill",
        "End of assembler dump."]
    assert lines[2]["text"][1] == "   0x0000000000010026 <+0>:\t15 03 a0 05\taddi zero, 90, ->a4"
    assert [i["address"] for i in lines[3]["instructions"]] == [0x10008, 0x1000C]
    assert lines[3]["text"][2] == "=> 0x000000000001000c <copy+4>:\tsetret back, ->ra"
    assert len(lines[4]["instructions"]) == 1
    assert lines[5]["text"][1].startswith("demo.s:22\t    dma [a0], a1")


@pytest.mark.parametrize("line, error", [
    ("disassemble 0x5000", "disassemble: no function contains 0x5000 (disassemble START,END lists a range)"),
    ("disassemble copy,copy", "disassemble: the range 0x10008..0x10008 is empty"),
    ("disassemble 0,+0x20000", "disassemble: at most 0x10000 bytes at a time (0x20000 asked)"),
    ("disassemble /q", "disassemble: unknown modifier /q (/r bytes, /s or /m source lines)"),
])
def test_bad_disassemble_answers_one_sentence(line, error):
    assert run(line)[0]["error"] == error


def test_list_info_line_and_info_source_read_the_line_table():
    lines = run("step 3", "list", "list", "list -", "list fill", "list demo.s:30", "info line", "info line fill",
                "info source")
    assert (lines[1]["first"], lines[1]["last"]) == (18, 27)  # line 23 (copy+4) centred as gdb does
    assert lines[1]["message"].splitlines()[5] == "23\t    setret back, ->ra       # 2. call fill ..."
    # list - shows the lines just before the lines last printed (gdb's manual)
    assert (lines[2]["first"], lines[2]["last"]) == (28, 37) and (lines[3]["first"], lines[3]["last"]) == (18, 27)
    assert lines[4]["first"] == 35 and lines[5]["first"] == 25  # fill is line 40, demo.s:30 asked
    assert lines[6]["message"] == 'Line 23 of "demo.s" starts at address 0x1000c <copy+4> and ends at 0x10010 <copy+8>.'
    assert (lines[7]["start"], lines[7]["end"], lines[7]["line"]) == (0x10026, 0x1002A, 40)
    assert lines[8]["message"].splitlines()[0] == "Current source file is demo.s" and lines[8]["lines"] == 68


def test_without_a_line_table_list_says_so(tmp_path):
    """A source that brings its own ``.debug_*`` section gets no line table from the
    assembler: such a program is debugged by address."""
    source = tmp_path / "bare.s"
    source.write_text("    .text\n    .globl _start\n_start:\n    c.bstart.sys\n    c.ebreak 0\n"
                      "    .section .debug_str, \"\"\n    .byte 0\n")
    lines = run("list", "info source", "info line _start", "disassemble _start", path=source)
    for line in lines[:3]:
        assert line["error"].endswith("the program has no line table (it is debugged by address: disassemble, x/i)")
    assert lines[3]["ok"]


# ------------------------------------------------------------ telescope
def test_telescope_follows_pointer_chains():
    lines = run("set var u64[buf] = src", "telescope buf 2")
    rows = lines[1]["rows"]
    assert rows[0]["chain"]["links"][:2] == [{"value": 0x11000, "kind": "data", "label": "src"},
                                            {"value": 0x0807060504030201, "kind": "value", "label": None}]
    assert lines[1]["message"].splitlines()[0] == "00:0000│        0x11040 → 0x11000 <src> → 0x807060504030201"
    lines = run("step 2", "telescope a0 1", "telescope sp 1")
    assert lines[1]["rows"][0]["registers"] == ["a0"] and lines[2]["message"].endswith("(not mapped)")


# ------------------------------------------------------------------ sessions
def test_a_session_keeps_command_lists_conditions_and_register_watchpoints(tmp_path):
    """save/load keep what gdb's ``save breakpoints`` keeps: command lists, a watchpoint's
    condition, a register watchpoint, and the place ``watch -l`` was set on."""
    path = tmp_path / "s.toml"
    run("break fill", "commands", "silent", "print a4", "end", "watch a4 if a4 > 1", "awatch -l u32[dst+4]",
        "disable 3", f"save {path}")
    from ptodbg.debug.files import session

    d = open_debugger(None)
    session.load(d, path)
    c = Commands(d)
    table = c.execute("info breakpoints").extra["breakpoints"]
    assert table[0]["commands"] == ["silent", "print a4"]
    assert (table[1]["register"], table[1]["condition"]) == ("a4", "a4 > 1")
    assert (table[2]["address"], table[2]["length"], table[2]["mode"], table[2]["enabled"]) == (0x12004, 4, "rw", False)
    stop = c.execute("continue")
    assert stop.message == "$1 = 0x0 (0)"  # silent: the breakpoint's own line is not shown
    assert c.execute("continue").message == "watchpoint 2: a4 changed 0x0 -> 0x5a by ADDI at fill"


# -------------------------------------------------------------- completion
@pytest.mark.parametrize("typed, first", [
    ("rwatch s", "rwatch sp"), ("disas f", "disas fill"), ("info a", "info all-registers"),
    ("i pro", "i proc mappings"), ("reverse-f", "reverse-finish"), ("tele a", "tele a0"), ("list f", "list fill"),
    ("advance d", "advance done"),
])
def test_the_new_commands_complete(typed, first):
    _, c = demo()
    assert c.complete(typed)[0] == first


def test_condition_and_commands_complete_breakpoint_numbers():
    _, c = demo()
    c.execute("break copy")
    c.execute("watch a4")
    assert c.complete("condition ") == ["condition 1", "condition 2"]
    assert c.complete("commands 2") == ["commands 2"]
