"""The tile commands (docs/interfaces.md §12) on the assembled tile programs: ``info tiles``,
``tile N [ROW [COL]] [/FMT]``, ``set tile`` (a timeline edit replayed by reverse execution,
``goto`` and sessions), ``watch tile N`` and ``last tile N ROW COL``; and the programs run
in batch mode to their checked results.

The expected values are the spec's: TADD of S32 wraps (TileIntegerBinaryValue,
``asl/tile/model/execution/elementwise.asl``); a TLOAD defines only the valid region, the
padding rows stay undefined (``asl/tile/memory-and-data-movement/regular/TLOAD.asl``); a
tile operation runs when its block commits at the BSTOP (``asl/block/model/commit/
validation.asl``)."""

from __future__ import annotations

import pytest
from support.cli import cli
from support.tile_programs import (
    ADD_A,
    ADD_SUM,
    FAULT_SUM,
    TILE_ADD,
    TILE_STORE_FAULT,
    s32_bytes,
    u16_bytes,
)

from ptodbg.debug.commands import Commands
from ptodbg.debug.files import session
from ptodbg.debug.files.program import open_debugger


def _commands(path=TILE_ADD) -> Commands:
    return Commands(open_debugger(path), save=session.save, load=session.load)


def _ok(c: Commands, line: str):
    result = c.execute(line)
    assert result.ok, result.error
    return result


def test_info_tiles_lists_the_allocated_tiles():
    c = _commands()
    assert _ok(c, "info tiles").message == "no tile is allocated"
    _ok(c, "until store")
    result = _ok(c, "info tiles")
    assert [t["index"] for t in result.extra["tiles"]] == [0, 1, 16]
    lines = result.message.splitlines()
    assert lines[3].split()[:5] == ["16", "U#1", "numeric", "s32", "4x4"] and "defined 16/16" in lines[3]


def test_tile_shows_the_elements_decoded_and_the_undefined_padding():
    c = _commands()
    _ok(c, "until store")
    result = _ok(c, "tile 16")
    rows = result.extra["rows"]
    assert [v for row in rows[:4] for v in map(int, row["values"])] == ADD_SUM
    assert rows[4]["defined"] == [False] * 4 and all(row["defined"] == [True] * 4 for row in rows[:4])
    text = result.message.splitlines()
    assert text[0] == "tile 16 (U#1): s32 4x4 of 8x4 RowMajor, defined 16/16"
    assert text[2].split() == ["[", "1]", "10000", "0", "-2147483648", "-5"] and text[5].split()[2:] == ["--"] * 4
    one = _ok(c, "tile 0 1 2 /x")
    assert one.extra["element"] == {"row": 1, "column": 2, "raw": 0x7FFFFFFF, "defined": True, "value": "0x7fffffff"}
    assert _ok(c, "tile 0 3").extra["rows"][0]["values"] == [str(v) for v in ADD_A[12:]]


@pytest.mark.parametrize(("line", "error"), [
    ("tile 64", "tile: tile 64 does not exist: tiles are 0..63"),
    ("tile 5", "tile: tile 5 is not allocated"),
    ("tile 16 8 0", "tile: element (8, 0) is outside tile 16 (8x4)"),
    ("tile 16 0 4", "tile: element (0, 4) is outside tile 16 (8x4)"),
    ("tile 16 /q", "tile: unknown tile format /q: use /x (raw bits), /d or /u (integers), or none (by type)"),
    ("tile", "tile: usage: tile N [ROW [COL]] [/FMT]"),
    ("set tile 16 0 0 2147483648", "set tile: 2147483648 does not fit in S32 (-2147483648..2147483647)"),
    ("set tile 16 0", "set tile: usage: set tile N ROW COL VALUE"),
    ("watch tile 99", "watch tile: tile 99 does not exist: tiles are 0..63"),
    ("last tile 3 0 0", "last tile: tile 3 is not allocated"),
])
def test_bad_tile_commands_say_what_is_wrong(line, error):
    c = _commands()
    _ok(c, "until store")
    result = c.execute(line)
    assert not result.ok and result.error == error


def test_set_tile_is_a_timeline_edit_replayed_by_reverse_and_goto(tmp_path):
    c = _commands()
    _ok(c, "until store")
    _ok(c, "step 3")  # at the TSTORE's BSTOP
    edit_step = c.dbg.steps
    assert _ok(c, "set tile 16 0 0 -7").message == "set tile 16 (0, 0) = 0xfffffff9"
    _ok(c, "step")  # the store writes the edited element
    result = c.dbg.symbols.lookup("cross_model_result")
    assert c.dbg.memory(result, 8) == s32_bytes([-7, ADD_SUM[1]])
    _ok(c, "reverse-step")
    assert _ok(c, "tile 16 0 0").extra["element"]["value"] == "-7"  # the edit belongs to its step
    _ok(c, f"goto {edit_step - 1}")
    assert _ok(c, "tile 16 0 0").extra["element"]["value"] == "11"
    _ok(c, f"goto {edit_step + 1}")
    assert c.dbg.memory(result, 4) == s32_bytes([-7])
    found = _ok(c, "last tile 16 0 0").extra["last"]
    assert found == {"step": edit_step, "pc": c.dbg.symbols.lookup("store") + 12, "mnemonic": None, "kind": "set"}
    path = tmp_path / "tile.toml"
    _ok(c, f"save {path}")
    again = _commands()
    _ok(again, f"load {path}")
    _ok(again, f"goto {edit_step + 1}")
    assert again.dbg.memory(result, 4) == s32_bytes([-7])


def test_set_tile_reads_a_floating_value_by_type():
    c = _commands()
    _ok(c, "until store")
    # an S32 element takes an integer; /x takes raw bits
    _ok(c, "set tile/x 16 2 3 0xffffffff")
    assert _ok(c, "tile 16 2 3").extra["element"]["value"] == "-1"
    _ok(c, "set tile 16 7 0 5")  # a padding element becomes defined
    assert _ok(c, "tile 16 7 0").extra["element"] == {"row": 7, "column": 0, "raw": 5, "defined": True, "value": "5"}


def test_watch_tile_stops_after_the_attempt_that_writes_it():
    c = _commands()
    ident = _ok(c, "watch tile 16").extra["watchpoint"]
    stop = _ok(c, "continue")
    add_bstop = c.dbg.symbols.lookup("add") + 16
    assert stop.stop.status == "watchpoint" and stop.message == f"watchpoint {ident}: tile 16 written by BSTOP at add+0x10"
    assert c.dbg.last_step.pc == add_bstop
    assert _ok(c, "tile 16 0 0").extra["element"]["value"] == "11"
    assert [b["hits"] for b in _ok(c, "info breakpoints").extra["breakpoints"]] == [1]
    assert _ok(c, "continue").stop.status == "stopped"  # cross_model_stop: nothing writes tile 16 again
    _ok(c, "goto 0")
    _ok(c, f"condition {ident} a0 == 0")  # a false condition: the change is no stop
    assert _ok(c, "continue").message == "reached cross_model_stop"


def test_watch_tile_in_step_by_step_moves():
    c = _commands()
    _ok(c, "until load_b")
    _ok(c, "watch tile 1")
    result = _ok(c, "step 10")
    assert result.stop.status == "watchpoint" and c.dbg.last_step.pc == c.dbg.symbols.lookup("load_b") + 20


def test_last_tile_names_the_block_that_wrote_the_element():
    c = _commands()
    _ok(c, "until cross_model_stop")
    found = _ok(c, "last tile 16 1 1").extra["last"]
    assert found["kind"] == "tile" and found["mnemonic"] == "BSTOP"
    assert found["pc"] == c.dbg.symbols.lookup("add") + 16
    _ok(c, f"goto {found['step']}")
    assert _ok(c, "tile 16 1 1").extra["element"]["value"] == "0"
    _ok(c, f"goto {found['step'] - 1}")  # the old state: TADD about to run, no tile 16 yet
    assert not c.execute("tile 16").ok
    _ok(c, "goto 15")
    first = _ok(c, "last tile 0 2 2").extra["last"]
    assert first["pc"] == c.dbg.symbols.lookup("load_a") + 20 and first["kind"] == "tile"


# ------------------------------------------------------------- batch mode
def test_tile_add_runs_in_batch_to_its_checked_result():
    ran = cli("batch", TILE_ADD, "-c", "continue; x/1gx status; tile 16")
    assert ran.rc == 0, ran.err
    cont, status, tile = ran.lines
    assert cont["state"]["status"] == "stopped" and cont["message"] == "reached cross_model_stop"
    assert bytes.fromhex(cont["state"]["result"]) == s32_bytes(ADD_SUM)
    assert status["text"][0].endswith("<status>:\t0x0000000000000000")  # the program's own check: no difference
    assert [int(v) for row in tile["rows"][:4] for v in row["values"]] == ADD_SUM
    assert [t["index"] for t in tile["state"]["tiles"]] == [0, 1, 16]
    done = cli("run", TILE_ADD, "--json")
    assert done.rc == 0 and bytes.fromhex(done.json["result"]) == s32_bytes(ADD_SUM)


def test_a_fault_in_the_middle_of_a_tstore_and_the_whole_reissue_in_batch():
    script = ("until store; step 3; inject dst+32 32 r--; continue; events; x/64xb dst; "
              "perms dst+32 32 rw-; recover; step; events; continue")
    ran = cli("batch", TILE_STORE_FAULT, "-c", script)
    assert ran.rc == 0, ran.err
    lines = ran.lines
    trap = lines[3]["state"]["trap"]
    dst = lines[2]["state"]["regs"]["a3"]
    assert lines[3]["state"]["status"] == "trap" and (trap["number"], trap["arg0"]) == (35, dst + 32)
    assert trap["saved_tpc"] == lines[2]["state"]["tpc"]  # the store's BSTOP
    assert lines[4]["events"] == [] and lines[5]["text"] and all(
        "0x00" == b for line in lines[5]["text"] for b in line.split("\t")[1:9])  # no byte written, rows 0-1 too
    assert [t["index"] for t in lines[3]["state"]["tiles"]] == [0, 1, 16]  # and no tile changed
    reissue = lines[9]
    assert len(reissue["events"]) == 32 and {e["kind"] for e in reissue["events"]} == {"store"}
    assert [e["address"] for e in reissue["events"]] == [dst + 2 * k for k in range(32)]
    assert bytes.fromhex(lines[10]["state"]["result"]) == u16_bytes(FAULT_SUM)
