"""Sessions (atomic, schema-checked, transactional) and the command language with its
batch JSON lines (DESIGN.md §5-6)."""

from __future__ import annotations

import io
import json

import pytest
from support.engine_program import CODE, DST, SRC, make

from ptodbg.debug import batch, session
from ptodbg.debug.commands import Commands
from ptodbg.debug.session import SessionError


def test_save_and_load_round_trip(tmp_path):
    d = make()
    d.path = str(tmp_path / "prog.elf")
    (tmp_path / "prog.elf").write_bytes(b"x")
    d.sha256 = "ab" * 32
    d.add_breakpoint("copy2", "a2 == 3")
    d.add_watchpoint(f"{DST:#x}", 64, "w")
    d.set_perms(DST, 0x1000, "r--", at=2)
    d.settings["theme"] = "light"
    d.settings["views"] = [{"name": "source", "follow": "dma.src"}]
    d.step(1)
    path = session.save(d, tmp_path / "s1")
    assert path.name == "s1.toml"
    text = path.read_text()
    assert "schema = 1" in text and 'perms = "r--"' in text and 'path = "prog.elf"' in text

    e = make()
    e.sha256 = "ab" * 32
    msg = session.load(e, path)
    assert "1 breakpoint," in msg and e.steps == 1
    assert [b.location for b in e.breakpoints.values()] == ["copy2"]
    assert next(iter(e.breakpoints.values())).condition.text == "a2 == 3"
    assert [(w.low, w.length, w.mode) for w in e.watchpoints.values()] == [(DST, 64, "w")]
    assert e.settings["theme"] == "light" and e.settings["views"][0]["follow"] == "dma.src"
    stop = e.cont()
    assert stop.status == "trap" and stop.trap.arg0 == DST  # the injection at step 2 came back


@pytest.mark.parametrize(
    "content,needle",
    [
        ("schema = 2\n", "schema 2 is not supported"),
        ("this is [not toml", "not valid TOML"),
        ('schema = 1\n[[breakpoint]]\nlocation = "nosuchsymbol"\n', "nosuchsymbol"),
        ('schema = 1\n[program]\nsha256 = "ffff"\n', "sha256"),
        ('schema = 1\n[[injection]]\nstep = 1\nkind = "perms"\naddress = 1\nlength = 1\nperms = "rwz"\n', "bad permissions"),
    ],
)
def test_bad_session_changes_nothing(tmp_path, content, needle):
    d = make()
    d.sha256 = "ab" * 32
    d.add_breakpoint("copy")
    d.step(2)
    before = (d.steps, [b.location for b in d.breakpoints.values()], list(d.edits))
    p = tmp_path / "bad.toml"
    p.write_text(content)
    with pytest.raises(SessionError) as err:
        session.load(d, p)
    assert needle in str(err.value)
    assert (d.steps, [b.location for b in d.breakpoints.values()], list(d.edits)) == before


def test_save_is_atomic(tmp_path, monkeypatch):
    d = make()
    target = tmp_path / "s.toml"
    target.write_text("old contents")

    def boom(*a, **k):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(session.os, "replace", boom)
    with pytest.raises(OSError):
        session.save(d, target)
    assert target.read_text() == "old contents"
    assert [p.name for p in tmp_path.iterdir()] == ["s.toml"]  # no temporary left behind


def test_batch_lines_are_json_with_state():
    d = make()
    out = io.StringIO()
    code = batch.run(d, batch.inline_commands("break copy; continue; x 0x20000 8; events; info breakpoints; bogus; step"), out)
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(lines) == 7 and code == 1
    assert lines[0]["ok"] and lines[0]["state"]["steps"] == 0
    assert lines[1]["state"]["status"] == "breakpoint" and lines[1]["state"]["tpc"] == CODE + 8
    assert lines[2]["address"] == SRC and lines[2]["bytes"] == bytes((i * 7 + 3) & 0xFF for i in range(8)).hex()
    assert lines[3]["events"] == [] and lines[3]["state"]["regs"]["a0"] == SRC
    assert lines[4]["breakpoints"][0]["location"] == "copy"
    assert lines[5] == {"command": "bogus", "ok": False, "error": lines[5]["error"]} and "unknown command" in lines[5]["error"]
    state = lines[6]["state"]
    assert len(state["events"]) == 16 and state["events"][8]["kind"] == "store"
    assert set(state) >= {"status", "steps", "tpc", "regs", "t", "u", "block", "reservation", "trap", "events",
                          "result", "exit_code"}
    assert len(state["regs"]) == 24 and state["t"] == [None] * 4


def test_command_errors_are_one_sentence():
    c = Commands(make())
    for line, needle in [("step x", "unknown name"), ("watch", "usage"), ("perms 0x21000 16 rwq", "bad permissions"),
                         ("set mem 0x21000 zz", "hex"), ("recover", "no saved trap context"), ("goto -1", "steps start"),
                         ("set zero 1", "cannot be set"), ("x 0x0 0", "length")]:
        r = c.execute(line)
        assert not r.ok and needle in r.error, (line, r.error)
        assert "\n" not in r.error and "Traceback" not in r.error


def test_script_lines_drop_comments():
    assert batch.script_lines("step  # one\n\n# only a comment\n continue \n") == ["step", "continue"]
