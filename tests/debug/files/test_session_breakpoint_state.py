"""Sessions keep what ``enable``/``disable`` and ``ignore`` did (issue 12 item 2; DESIGN.md
§5: ``save SESSION`` / ``load SESSION``): each breakpoint's enabled state and ignore count,
each watchpoint's enabled state.  The new keys are optional (``ignore`` written only when
not 0, a watchpoint's ``enabled`` only when false), so a session that never used them is
written byte for byte as before and older files still load; a hostile value is one clear
error naming the file and the key, and nothing is loaded.

Facts used (from the programs themselves):

* ``tests/programs/cond_loop.s``: ``loop`` (the COND block's start) is reached with
  a0 = 0, 1, 2, ... 9, so the k-th crossing of a breakpoint there has a0 = k - 1.
* ``tests/programs/dma_copy.s``: the third instruction (``_start+10``) is a DMA whose 8
  stores copy 0x01..0x40 to the 64 bytes at ``dst``; the program ends at the
  ``c.ebreak 0`` stop after 5 steps.
"""

from __future__ import annotations

import io
import json
import tomllib

import pytest
from support.paths import TEST_PROGRAMS

from ptodbg.debug.commands import batch
from ptodbg.debug.files import session
from ptodbg.debug.files.program import open_debugger

LOOP = TEST_PROGRAMS / "cond_loop.s"
DMA = TEST_PROGRAMS / "dma_copy.s"


def run(commands: list[str], program=LOOP) -> list[dict]:
    dbg = open_debugger(program)
    out = io.StringIO()
    batch.run(dbg, commands, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def stops(answer: dict) -> list[dict]:
    return [{k: b[k] for k in ("id", "type", "enabled", "hits") + (("ignore",) if b["type"] != "watch" else ())}
            for b in answer["breakpoints"]]


# ------------------------------------------------------------------ round trip
def test_an_ignore_count_saved_mid_run_is_spent_after_load(tmp_path):
    path = tmp_path / "loop.toml"
    saved = run(["break loop", "ignore 1 3", "continue", "ignore 1 2", f"save {path}"])
    assert saved[2]["state"]["regs"]["a0"] == 3  # the 4th crossing: three ignored
    assert tomllib.loads(path.read_text())["breakpoint"] == [
        {"location": "loop", "temporary": False, "enabled": True, "ignore": 2}]
    step = saved[2]["state"]["steps"]
    loaded, info, cont = run([f"load {path}", "info breakpoints", "continue"])
    assert loaded["ok"] and loaded["state"]["steps"] == step
    assert info["breakpoints"][0]["ignore"] == 2
    # two more crossings (a0 = 4, 5) passed over: the stop is the one with a0 = 6
    assert cont["state"]["status"] == "breakpoint" and cont["state"]["regs"]["a0"] == 6
    # without the saved count the same position stops at the very next crossing (a0 = 4)
    assert run([f"goto {step}", "break loop", "continue"])[-1]["state"]["regs"]["a0"] == 4


def test_disabled_breakpoints_and_watchpoints_stay_disabled_after_load(tmp_path):
    path = tmp_path / "dma.toml"
    saved = run(["break _start+10", "watch dst 64 w", "disable", f"save {path}"], DMA)
    doc = tomllib.loads(path.read_text())
    assert doc["breakpoint"][0]["enabled"] is False and doc["watchpoint"][0]["enabled"] is False
    assert saved[-1]["ok"]
    loaded, info, cont, written = run([f"load {path}", "info breakpoints", "continue", "x dst 8"], DMA)
    assert stops(info) == [{"id": 1, "type": "break", "enabled": False, "hits": 0, "ignore": 0},
                           {"id": 2, "type": "watch", "enabled": False, "hits": 0}]
    # neither the breakpoint at the DMA nor the watch on its stores stops the run: the
    # c.ebreak at the end does (step 5), with dst written
    assert cont["state"]["message"].startswith("EBREAK 0") and cont["state"]["steps"] == 5
    assert written["bytes"] == "0102030405060708"
    # enabled again, the watchpoint stops at the DMA's stores (the control)
    again = run([f"load {path}", "enable 2", "continue"], DMA)[-1]
    assert again["state"]["status"] == "watchpoint" and again["state"]["steps"] == 3


def test_an_enabled_watchpoint_and_no_ignore_are_written_as_before(tmp_path):
    path = tmp_path / "plain.toml"
    run(["break _start+10", "tbreak _start+4", "watch dst 64", "disable 1", f"save {path}"], DMA)
    text = path.read_text()
    assert ('breakpoint = [\n'
            '    { location = "_start+10", temporary = false, enabled = false },\n'
            '    { location = "_start+4", temporary = true, enabled = true },\n'
            ']\n'
            'watchpoint = [\n'
            '    { address = "dst", length = 64, mode = "w" },\n'
            ']\n') in text
    assert "ignore" not in text


def test_a_file_without_the_new_keys_loads_with_gdb_defaults(tmp_path):
    path = tmp_path / "old.toml"
    run(["break _start+10", "watch dst 64", f"save {path}"], DMA)
    text = path.read_text()
    assert "ignore" not in text and "mode = \"w\" }" in text
    info = run([f"load {path}", "info breakpoints"], DMA)[-1]
    assert stops(info) == [{"id": 1, "type": "break", "enabled": True, "hits": 0, "ignore": 0},
                           {"id": 2, "type": "watch", "enabled": True, "hits": 0}]


# --------------------------------------------------------------- hostile values
@pytest.mark.parametrize(("old", "new", "words"), [
    ("ignore = 2", "ignore = -1", "breakpoint #1.ignore: the integer -1 is out of range (expected 0..4611686018427387904)"),
    ("ignore = 2", "ignore = 1e30", "breakpoint #1.ignore: expected an integer 0..4611686018427387904, found the float 1e+30"),
    ("ignore = 2", "ignore = true", "breakpoint #1.ignore: expected an integer 0..4611686018427387904, found the boolean true"),
    ("ignore = 2", "ignore = 18446744073709551616", "breakpoint #1.ignore: an integer of 20 digits is out of range"),
    ("ignore = 2", 'ignore = "2"', "breakpoint #1.ignore: expected an integer 0..4611686018427387904, found the string '2'"),
    ('mode = "w", enabled = false', 'mode = "w", enabled = "yes"',
     "watchpoint #1.enabled: expected true or false, found the string 'yes'"),
    ('mode = "w", enabled = false', 'mode = "w", enabled = 1', "watchpoint #1.enabled: expected true or false, found the integer 1"),
    ("enabled = true, ignore = 2", 'enabled = "yes", ignore = 2',
     "breakpoint #1.enabled: expected true or false, found the string 'yes'"),
    ("ignore = 2", "ignore = 2, hits = 5", "breakpoint #1.hits: unknown key"),
])
def test_a_hostile_value_is_one_clear_error_and_loads_nothing(tmp_path, old, new, words):
    path = tmp_path / "s.toml"
    run(["break _start+10", "ignore 1 2", "watch dst 64", "disable 2", f"save {path}"], DMA)
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))
    before, loaded, after = run(["break _start+4", f"load {path}", "info breakpoints"], DMA)
    assert not loaded["ok"]
    message = loaded["error"]
    assert message.startswith(f"load: {path}: ") and words in message, message
    assert "\n" not in message and "Traceback" not in message
    # nothing was loaded: the one breakpoint set before is all there is
    assert [(b["id"], b["location"]) for b in after["breakpoints"]] == [(1, "_start+4")]


def test_the_reader_refuses_the_corpus_repros_naming_the_key():
    corpus = TEST_PROGRAMS.parent / "fuzz" / "corpus" / "session"
    expected = {
        "repro-ignore-negative.toml": "breakpoint #1.ignore: the integer -1 is out of range",
        "repro-ignore-float.toml": "breakpoint #1.ignore: expected an integer",
        "repro-ignore-boolean.toml": "breakpoint #1.ignore: expected an integer",
        "repro-ignore-huge.toml": "breakpoint #1.ignore: an integer of 20 digits is out of range",
        "repro-watch-enabled-string.toml": "watchpoint #1.enabled: expected true or false, found the string 'yes'",
    }
    for name, words in expected.items():
        with pytest.raises(session.SessionError) as info:
            session.read(corpus / name)
        assert str(info.value).startswith(f"{corpus / name}: ") and words in str(info.value), (name, info.value)
    # the well-formed one (saved for dma_fault.s, the replay's program) loads whole
    dbg = open_debugger(TEST_PROGRAMS / "dma_fault.s")
    message = session.load(dbg, corpus / "breakpoint-state.toml")
    assert message == "loaded breakpoint-state.toml: 2 breakpoints, 2 watchpoints, 0 edits; at step 2"
    assert [(b["type"], b["location"], b["enabled"], b.get("ignore")) for b in dbg.info_breakpoints()] == [
        ("break", "copy", False, 3), ("tbreak", "_start", True, 0), ("watch", "dst", False, None),
        ("watch", "src", True, None)]
