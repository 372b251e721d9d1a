"""Hostile files on every input surface (issue 10 item 11): a symlink loop, a too-long name, a
path through a regular file, /dev/zero, /dev/urandom, an 8 GiB sparse file and a FIFO, given
as a program (ELF or .s), an assembly source, a session, a batch script, a catalog and a
theme.  Each is one line naming the file and the reason, at once: nothing is read before the
type and size are known, so a FIFO never blocks and /dev/zero is never read.

Every case runs the real command line in-process under a watchdog: a case that blocks (the
FIFO did, in ``open``) fails after WATCHDOG seconds instead of hanging the suite."""

from __future__ import annotations

import contextlib
import io
import os
import threading
from pathlib import Path

import pytest
from support.paths import TEST_PROGRAMS

from ptodbg.base import userfile
from ptodbg.cli import main
from ptodbg.tui.themes import PTODBG_VARIABLES, load_themes

WATCHDOG = 20.0
PROGRAM = str(TEST_PROGRAMS / "dma_fault.s")


def _hostile(tmp_path: Path, kind: str, suffix: str) -> tuple[str, str]:
    """A path of the given kind and the words its error must contain."""
    if kind == "loop":
        a, b = tmp_path / f"a{suffix}", tmp_path / f"b{suffix}"
        a.symlink_to(b)
        b.symlink_to(a)
        return str(a), "symbolic links"
    if kind == "long":
        return str(tmp_path / ("x" * 300 + suffix)), "file name too long"
    if kind == "notdir":
        (tmp_path / "plain").write_text("x")
        return str(tmp_path / "plain" / f"p{suffix}"), "not a directory"
    if kind == "zero":
        return "/dev/zero", "character device, not a regular file"
    if kind == "urandom":
        return "/dev/urandom", "character device, not a regular file"
    if kind == "sparse":
        big = tmp_path / f"big{suffix}"
        with open(big, "wb") as f:
            f.truncate(8 << 30)
        return str(big), "8.0 GiB, more than the"
    fifo = tmp_path / f"fifo{suffix}"
    os.mkfifo(fifo)
    return str(fifo), "FIFO (named pipe), not a regular file"


KINDS = ["loop", "long", "notdir", "zero", "urandom", "sparse", "fifo"]


def _run_guarded(argv: list[str]) -> tuple[int, str]:
    """``ptodbg ARGV`` in a thread; fails the test if it does not end within WATCHDOG."""
    box: dict = {}
    err = io.StringIO()

    def body() -> None:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
            box["rc"] = main(argv)

    worker = threading.Thread(target=body, daemon=True)
    worker.start()
    worker.join(WATCHDOG)
    if worker.is_alive():
        for arg in argv:  # release a reader blocked on a FIFO so the thread can end
            if os.path.exists(arg) and not os.path.isfile(arg) and not arg.startswith("/dev/"):
                with contextlib.suppress(OSError):
                    os.close(os.open(arg, os.O_WRONLY | os.O_NONBLOCK))
        pytest.fail(f"ptodbg {' '.join(argv)[:120]} did not end within {WATCHDOG} s")
    return box["rc"], err.getvalue()


SURFACES = {
    # name: (suffix, argv builder)
    "program": ("", lambda p, tmp: ["disasm", p]),
    "run": (".elf", lambda p, tmp: ["run", p]),
    "source": (".s", lambda p, tmp: ["run", p]),
    "asm": (".s", lambda p, tmp: ["asm", p, "-o", str(tmp / "out.elf")]),
    "session": (".toml", lambda p, tmp: ["batch", PROGRAM, "--session", p, "-c", "step"]),
    "script": (".cmds", lambda p, tmp: ["batch", PROGRAM, "-x", p]),
    "catalog": (".json", lambda p, tmp: ["disasm", PROGRAM, "--catalog", p]),
}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("surface", sorted(SURFACES))
def test_hostile_file_is_one_line_naming_it(tmp_path, surface, kind):
    suffix, argv = SURFACES[surface]
    path, reason = _hostile(tmp_path, kind, suffix)
    rc, err = _run_guarded(argv(path, tmp_path))
    assert rc == 2, err
    assert err.startswith(f"ptodbg: error: {path}: ") and err.count("\n") == 1, err
    assert reason in err and "Traceback" not in err and "Errno" not in err, err


@pytest.mark.parametrize("kind", ["loop", "long", "notdir", "zero", "fifo"])
def test_tui_session_from_a_hostile_file(tmp_path, kind, capsys):
    from ptodbg.tui.app import run_tui

    path, reason = _hostile(tmp_path, kind, ".toml")
    assert run_tui(PROGRAM, session=path) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"ptodbg: error: {path}: ") and reason in err and err.count("\n") == 1


def test_themes_folder_with_hostile_entries(tmp_path):
    good = 'name = "mine"\nprimary = "#123456"\n[variables]\n' + "".join(f'{k} = "#010203"\n' for k in PTODBG_VARIABLES)
    (tmp_path / "good.toml").write_text(good)
    for kind in ("loop", "zero", "sparse", "fifo"):
        path, _ = _hostile(tmp_path, kind, ".toml")
        if path.startswith("/dev/"):
            (tmp_path / "zero.toml").symlink_to(path)
    (tmp_path / "deep.toml").write_text("primary = " + "[" * 600 + "]" * 600 + "\n")
    (tmp_path / "dotted.toml").write_text("a" + ".b" * 100_000 + " = 1\n")  # tomllib needs ~O(n^2) memory
    loaded = load_themes(tmp_path)
    assert loaded.names == ["mine"]
    reasons = sorted(loaded.errors)
    assert len(reasons) == 7, reasons
    assert all(e.count("\n") == 0 and ": " in e for e in reasons)
    joined = "\n".join(reasons)
    for needle in ("a.toml: too many levels of symbolic links", "big.toml: is 8.0 GiB", "fifo.toml: is a FIFO",
                   "zero.toml: is a character device", "deep.toml: not usable TOML: line 1: arrays or tables nested",
                   "dotted.toml: not usable TOML: line 1: a dotted key of more than 16 parts"):
        assert needle in joined, joined


def test_reader_limits_and_a_file_that_is_exactly_at_the_limit(tmp_path):
    at = tmp_path / "at.cmds"
    at.write_bytes(b"#" * userfile.TEXT_LIMIT)
    assert len(userfile.read_text(at, "script")) == userfile.TEXT_LIMIT
    over = tmp_path / "over.cmds"
    over.write_bytes(b"#" * (userfile.TEXT_LIMIT + 1))
    with pytest.raises(userfile.UserFileError, match=r"over.cmds: is 1.0 MiB, more than the 1.0 MiB limit for a script"):
        userfile.read_text(over, "script")
    with pytest.raises(userfile.UserFileError, match="not UTF-8 text"):
        (tmp_path / "bin.cmds").write_bytes(b"step\xff\n")
        userfile.read_text(tmp_path / "bin.cmds", "script")
    assert userfile.LIMITS["program"] == 64 << 20 and userfile.LIMITS["assembly source"] == 8 << 20
