"""``save`` against a hostile file system (issue 24 item 6):

* ``save a/b/c/x`` refuses the missing folder, as for any other missing folder (it used to
  create a/b/c);
* ``save /proc/version`` names the file it meant to write in its error, never the
  temporary file;
* a writer killed with SIGKILL between creating its temporary file and renaming it leaves
  that file behind: the next save of the same target removes it, and only the stale
  temporaries of that target (not another target's, not a live writer's, not files we did
  not name).

Sessions are written by :mod:`ptodbg.debug.files.atomicwrite` (a temporary file, fsync,
rename)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from support.cli import cli
from support.engine_program import commands
from support.paths import ROOT, TEST_PROGRAMS

from ptodbg.debug.files import atomicwrite, session


def test_save_refuses_a_missing_folder_and_creates_none(tmp_path):
    c, d = commands()
    for target in (tmp_path / "a" / "b" / "c" / "x", tmp_path / "a" / "x.toml"):
        r = c.execute(f"save {target}")
        missing = target.parent
        assert not r.ok and r.error == f"save: No such file or directory: {missing}", r.error
    assert list(tmp_path.iterdir()) == []
    r = c.execute(f"save {tmp_path / 'x'}")  # an existing folder is fine
    assert r.ok and [p.name for p in tmp_path.iterdir()] == ["x.toml"]


def test_save_in_a_missing_folder_from_batch_relative_to_the_working_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ran = cli("batch", TEST_PROGRAMS / "cross_model.s", "--text", "-c", "save a/b/c/x")
    assert ran.out == "(ptodbg) save a/b/c/x\nerror: save: No such file or directory: a/b/c\n"
    assert list(tmp_path.iterdir()) == []


def test_an_unwritable_target_is_named_not_the_temporary_file():
    c, _ = commands()
    r = c.execute("save /proc/version")
    assert not r.ok and r.error == "save: No such file or directory: /proc/version.toml", r.error
    assert ".tmp" not in r.error


def dead_pid() -> int:
    """The pid of a process that has ended (a real one, reaped)."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_a_save_removes_the_stale_temporaries_of_its_target_only(tmp_path):
    c, _ = commands()
    target = tmp_path / "s.toml"
    gone = dead_pid()
    stale = [f".s.toml.ptodbg-{gone}-abcdefgh.tmp", f".s.toml.ptodbg-{gone}-0123_xyz.tmp"]
    kept = [
        f".s.toml.ptodbg-{os.getpid()}-livewrit.tmp",   # a live writer's (this process)
        f".other.toml.ptodbg-{gone}-abcdefgh.tmp",     # another target's
        ".s.toml.abcdefgh.tmp",                        # not named by us (no tag, no pid)
        f"s.toml.ptodbg-{gone}-abcdefgh.tmp",          # not hidden: not a name we make
        f".s.toml.ptodbg-{gone}-abcdefgh.tmp.bak",
    ]
    for name in stale + kept:
        (tmp_path / name).write_text("half a session")
    r = c.execute(f"save {target}")
    assert r.ok, r.error
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*kept, "s.toml"])
    assert session.read(target)["position"]["step"] == 0


def test_an_old_temporary_of_a_pid_in_use_again_is_removed(tmp_path):
    """A pid can be reused: past STALE_AFTER a temporary file is dead whoever has its pid."""
    c, _ = commands()
    old = tmp_path / f".s.toml.ptodbg-{os.getpid()}-oldwrite.tmp"
    old.write_text("half")
    past = time.time() - atomicwrite.STALE_AFTER - 60
    os.utime(old, (past, past))
    assert c.execute(f"save {tmp_path / 's'}").ok
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.toml"]


# A real writer, killed by SIGKILL after it wrote and synced its temporary file and before
# the rename (os.replace waits forever here, so the kill lands in that window every time).
KILLED_WRITER = """
import os, sys, time
from pathlib import Path
from ptodbg.debug.files import atomicwrite
os.replace = lambda *args: time.sleep(600)
atomicwrite.write_atomically(Path(sys.argv[1]), "# a session that never landed\\n")
"""


def test_the_temporary_file_of_a_killed_writer_is_removed_by_the_next_save(tmp_path):
    target = tmp_path / "s.toml"
    target.write_text("# the old session\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    writer = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(target)], env=env)
    try:
        deadline = time.monotonic() + 30
        while not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]:
            assert time.monotonic() < deadline and writer.poll() is None, "no temporary file appeared"
            time.sleep(0.01)
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait()
    (left,) = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert left.name.startswith(f".s.toml.ptodbg-{writer.pid}-") and target.read_text() == "# the old session\n"
    c, _ = commands()
    assert c.execute(f"save {target}").ok
    assert [p.name for p in tmp_path.iterdir()] == ["s.toml"]
    assert session.read(target)["schema"] == 2


def test_write_failures_name_the_target(tmp_path):
    """A write that fails after the temporary file exists (here: the target is a folder,
    so the rename fails) names the target, leaves nothing behind and changes nothing."""
    folder = tmp_path / "d"
    folder.mkdir()
    try:
        atomicwrite.write_atomically(folder, "x")
    except OSError as e:
        assert e.filename == str(folder) and ".tmp" not in str(e)
    else:
        raise AssertionError("a folder was replaced by a file")
    assert [p.name for p in tmp_path.iterdir()] == ["d"] and list(folder.iterdir()) == []


def test_the_written_session_is_whole(tmp_path):
    c, d = commands()
    assert c.execute("break copy").ok and c.execute(f"save {tmp_path / 'one'}").ok
    data = session.read(Path(tmp_path / "one.toml"))
    assert [b["location"] for b in data["breakpoint"]] == ["copy"]
