"""Sessions (atomic, schema-checked, transactional) and the command language with its
batch JSON lines (DESIGN.md §5-6)."""

from __future__ import annotations

import io
import json

import pytest
from support.engine_program import CODE, DST, SRC, make

from ptodbg.debug.commands import Commands, batch
from ptodbg.debug.files import session
from ptodbg.debug.files.session import SessionError


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
    assert "schema = 2" in text and 'perms = "r--"' in text and 'path = "prog.elf"' in text

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


# The smallest complete session a writer produces: every table and record list present.
COMPLETE = """schema = 1
breakpoint = []
watchpoint = []
injection = []
edit = []
view = []
[program]
profile = "debug"
[position]
step = 0
[ui]
"""


def _with(*records: str, drop: str = "") -> str:
    """COMPLETE with record tables appended (their empty list removed) or a line dropped."""
    text = COMPLETE
    for rec in records:
        name = rec.split("]]")[0].strip("[")
        text = text.replace(f"{name} = []\n", "")
    text = text.replace(drop, "") if drop else text
    return text + "".join(records)


BREAK_NOSUCH = '[[breakpoint]]\nlocation = "nosuchsymbol"\ntemporary = false\nenabled = true\n'


@pytest.mark.parametrize(
    "content,needle",
    [
        ("schema = 3\n", "schema 3 is not supported (expected 1 or 2)"),
        ("this is [not toml", "not valid TOML"),
        (_with(BREAK_NOSUCH), "breakpoint #1: unknown name 'nosuchsymbol'"),
        (COMPLETE.replace('profile = "debug"', 'profile = "debug"\nsha256 = "ffff"'), "program.sha256: 'ffff' is not a sha256"),
        (COMPLETE.replace('profile = "debug"', 'profile = "debug"\nsha256 = "' + "cd" * 32 + '"'),
         "saved for a program with sha256 cdcdcdcdcdcd"),
        (_with('[[injection]]\nstep = 1\nkind = "perms"\nscheduled = true\naddress = 1\nlength = 1\nperms = "rwz"\n'),
         "injection #1.perms: 'rwz' is not permissions"),
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


# ------------------------------------------------- hostile session files (issue 10 items 6, 12, 13)
def _saved_session(tmp_path):
    """A real saved session with every kind of record: breakpoints (one conditional),
    a watchpoint, a scheduled injection, register, queue-less memory and register edits,
    and views."""
    d = make()
    d.sha256 = "ab" * 32
    d.add_breakpoint("copy", "a2 == 3")
    d.add_watchpoint(f"{DST:#x}", 64, "w")
    d.set_perms(DST, 0x1000, "r--", at=5)
    d.step(1)
    d.set_register("a4", 0x1234)
    d.set_memory(SRC, b"\x01\x02")
    d.settings["theme"] = "light"
    d.settings["views"] = [{"name": "source", "follow": "dma.src"}, {"name": "destination", "follow": "dma.dst"}]
    path = session.save(d, tmp_path / "good.toml")
    return path, path.read_text()


def _fresh():
    d = make()
    d.sha256 = "ab" * 32
    d.add_breakpoint("copy2")
    d.step(2)
    return d


def _state(d):
    return (d.steps, [(b.location, b.enabled) for b in d.breakpoints.values()], list(d.edits),
            dict(d.settings), [(w.low, w.length) for w in d.watchpoints.values()])


HOSTILE = [
    # (what, replace this, with this, the key the error must name, words it must say)
    ("bogus register", 'register = "a4"', 'register = "bogus"', "edit #1.register", "'bogus' is not a register"),
    ("float value", "value = 4660", "value = 1e30", "edit #1.value", "found the float 1e+30"),
    ("negative value", "value = 4660", "value = -1", "edit #1.value", "the integer -1 is out of range"),
    ("boolean schema", "schema = 2", "schema = true", "schema", "found the boolean true"),
    ("negative length", "length = 4096", "length = -16", "injection #1.length", "the integer -16 is out of range"),
    ("2**70 address", "address = 135168", "address = 1180591620717411303424", "injection #1.address",
     "an integer of 22 digits is out of range"),
    ("past 2**64", "address = 135168, length = 4096", "address = 18446744073709547520, length = 4097",
     "injection #1", "runs past the end of the 64-bit address space"),
    ("infinite step", "step = 1\n\n[ui]", "step = inf\n\n[ui]", "position.step", "found the float inf"),
    ("integer sha256", 'sha256 = "' + "ab" * 32 + '"', "sha256 = 7", "program.sha256", "found the integer 7"),
    ("unknown key", 'theme = "light"', 'theme = "light"\ncolour = 1', "ui.colour", "unknown key"),
    ("odd hex", 'bytes = "0102"', 'bytes = "010"', "edit #2.bytes", "is not bytes in hex"),
    ("bad mode", 'mode = "w"', 'mode = "x"', "watchpoint #1.mode", "'x' is not a watch mode"),
    ("deep TOML", 'theme = "light"', "theme = " + "[" * 600 + "]" * 600, "", "nested more than 16 deep"),
    ("dotted key", 'theme = "light"', "a" + ".b" * 50_000 + " = 1", "", "a dotted key of more than 16 parts"),
    ("5,000 digits", "value = 4660", "value = " + "9" * 5000, "", "a number too long"),
    ("deep location", 'location = "copy"', 'location = "' + "(" * 1000 + "copy" + ")" * 1000 + '"',
     "breakpoint #1", "brackets nested more than 256 deep"),
    ("deep condition", 'condition = "a2 == 3"', 'condition = "' + "-" * 500 + "(" * 300 + '"',
     "breakpoint #1", "brackets nested more than 256 deep"),
    ("odd location", 'location = "copy"', 'location = "copy+1"', "breakpoint #1.location", "is odd"),
    ("huge position", "step = 1\n\n[ui]", "step = 10000000000000\n\n[ui]", "position.step", "out of range"),
    ("missing table", "[position]\nstep = 1\n", "", "position", "missing"),
    ("missing record key", ", enabled = true", "", "breakpoint #1.enabled", "missing"),
    ("missing counts", "\n[counts]\nbreakpoint = 1\nwatchpoint = 1\ninjection = 1\nedit = 2\nview = 2\n", "",
     "counts", "missing (the file is incomplete"),
]


@pytest.mark.parametrize(("what", "old", "new", "key", "words"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_hostile_session_is_one_error_naming_file_and_key(tmp_path, what, old, new, key, words):
    _, text = _saved_session(tmp_path)
    assert old in text, what
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace(old, new, 1))
    d = _fresh()
    before = _state(d)
    with pytest.raises(SessionError) as info:
        session.load(d, bad)
    message = str(info.value)
    assert message.startswith(f"{bad}: {key}") and words in message, message
    assert "\n" not in message and "Error" not in message and len(message) < 400, message
    assert _state(d) == before  # nothing was loaded


def test_the_saved_session_itself_loads(tmp_path):
    path, _ = _saved_session(tmp_path)
    d = _fresh()
    assert "2 breakpoints" not in session.load(d, path)
    assert d.steps == 1 and d.settings["theme"] == "light" and len(d.edits) == 3


def test_truncated_session_is_refused(tmp_path):
    """Cut a saved session at every line and at every byte of its last lines: each cut is
    refused with one line naming the file (cuts between two whole records included: the
    writer's [counts] table tells them from a whole file; see test_session_counts.py)."""
    path, text = _saved_session(tmp_path)
    session.read(path)
    cut = tmp_path / "cut.toml"
    points = {i + 1 for i, c in enumerate(text) if c == "\n"} | set(range(len(text) - 120, len(text)))
    for at in sorted(points):
        if at >= len(text.rstrip("\n")):
            continue  # only trailing newlines cut: the same document
        cut.write_text(text[:at])
        with pytest.raises(SessionError) as info:
            session.read(cut)
        assert str(info.value).startswith(f"{cut}: ") and "\n" not in str(info.value), at


def test_counts_table_closes_the_last_gap(tmp_path):
    """A whole record taken out of a list (what a cut between two records leaves) disagrees
    with [counts]."""
    _, text = _saved_session(tmp_path)
    last_view = '    { name = "destination", follow = "dma.dst" },\n'
    assert "view = 2" in text and last_view in text
    short = tmp_path / "short.toml"
    short.write_text(text.replace(last_view, ""))
    with pytest.raises(SessionError, match=r"short.toml: view: 1 record, but \[counts\] says 2 \(the file is truncated\)"):
        session.read(short)


def test_tui_session_naming_a_program_path_of_the_wrong_type(tmp_path, capsys):
    from ptodbg.tui.app import run_tui

    bad = tmp_path / "bad.toml"
    bad.write_text(COMPLETE.replace('profile = "debug"', 'profile = "debug"\npath = 5'))
    assert run_tui(None, session=str(bad)) == 2  # no program given: the session's is used
    err = capsys.readouterr().err
    assert err == f"ptodbg: error: {bad}: program.path: expected a file path, found the integer 5\n"


def test_an_injection_of_2_to_the_40_is_accepted_by_the_schema(tmp_path):
    # The length is inside the address space, so it is valid data; the engine's work for it
    # must be proportional to the mapped pages (issue 10 item 7, the engine's side).
    bad = tmp_path / "big.toml"
    bad.write_text(_with('[[injection]]\nstep = 5\nkind = "perms"\nscheduled = true\naddress = 0\n'
                         'length = 1099511627776\nperms = "r--"\n'))
    data = session.read(bad)
    assert data["injection"][0]["length"] == 1 << 40
    d = make()
    session.apply(d, data)  # scheduled at step 5: loads at once
    assert d.steps == 0 and d.edits[0].args == (0, 1 << 40, "r--")


def test_an_injection_of_2_to_the_40_applied_at_load_does_not_hang(tmp_path):
    bad = tmp_path / "big.toml"
    bad.write_text(_with('[[injection]]\nstep = 0\nkind = "perms"\nscheduled = false\naddress = 0\n'
                         'length = 1099511627776\nperms = "r--"\n').replace("step = 0\n[ui]", "step = 2\n[ui]"))
    d = make()
    session.load(d, bad)
    # every page, code included, became r-- at step 0: the first fetch traps (INST_PAGE_FAULT,
    # trap 33, TRAPARG0 = TPC) and the travel to step 2 ends at that trap stop
    assert d.steps == 1 and d.last.status == "trap" and d.last.trap.number == 33
    assert d.last.trap.arg0 == d.last.trap.saved_tpc
