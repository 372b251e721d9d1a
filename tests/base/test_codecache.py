"""The compiled-code cache of the shape factories (ptodbg.base.codecache; issue 15): a
cached code object is the one ``compile`` makes, and a missing, corrupt, foreign or
unwritable cache never changes what runs - it only costs the compile."""

from __future__ import annotations

import marshal
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ptodbg.base import codecache

SOURCE = "def factory(r, dest_):\n    def h(pc):\n        r[dest_] = 7\n        return pc + 4\n    return h\n"
NAME = "<shape test gpr>"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def cache_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("PTODBG_CACHE_DIR", str(tmp_path))
    codecache.save()  # what earlier tests compiled goes to their own folder
    codecache.forget()
    yield tmp_path
    codecache.save()
    codecache.forget()


def run_factory(code) -> int:
    namespace: dict = {}
    exec(code, namespace)  # noqa: S102 - the test's own source
    r = [0] * 4
    assert namespace["factory"](r, 2)(0x100) == 0x104
    return r[2]


def test_a_saved_entry_is_read_back_as_the_same_code(cache_dir):
    fresh = compile(SOURCE, NAME, "exec", dont_inherit=True)
    first = codecache.compile_cached(SOURCE, NAME)
    assert first == fresh
    codecache.save()
    path = Path(codecache.cache_file())
    assert path.parent == cache_dir and path.is_file()
    codecache.forget()
    again = codecache.compile_cached(SOURCE, NAME)
    assert again == fresh and run_factory(again) == 7
    assert not codecache._added  # read from the file, not compiled again


def test_another_source_with_the_same_name_misses(cache_dir):
    codecache.compile_cached(SOURCE, NAME)
    codecache.save()
    codecache.forget()
    changed = SOURCE.replace("= 7", "= 9")
    assert run_factory(codecache.compile_cached(changed, NAME)) == 9


@pytest.mark.parametrize("content", [b"", b"\x00garbage\xff", marshal.dumps([1, 2]),
                                     marshal.dumps({("a", "b"): 3}), marshal.dumps({(NAME, SOURCE): b"\x00"})])
def test_a_corrupt_or_foreign_file_is_ignored_and_replaced(cache_dir, content):
    path = Path(codecache.cache_file())
    path.write_bytes(content)
    assert run_factory(codecache.compile_cached(SOURCE, NAME)) == 7
    codecache.save()
    table = marshal.loads(path.read_bytes())
    assert marshal.loads(table[(NAME, SOURCE)]) == compile(SOURCE, NAME, "exec", dont_inherit=True)


def test_an_unwritable_folder_is_ignored(tmp_path, monkeypatch):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PTODBG_CACHE_DIR", str(blocker / "cache"))
    codecache.save()
    codecache.forget()
    assert run_factory(codecache.compile_cached(SOURCE, NAME)) == 7
    codecache.save()  # cannot create the folder: nothing raised, nothing written
    assert blocker.read_text() == "not a folder"
    codecache.forget()


def test_an_empty_setting_turns_the_cache_off(monkeypatch):
    monkeypatch.setenv("PTODBG_CACHE_DIR", "")
    assert codecache.cache_file() is None


def test_a_second_process_runs_a_program_from_the_cache(tmp_path):
    """Two runs of the same program: the second compiles no shape factory, and both
    print the same final state."""
    program = tmp_path / "p.s"
    program.write_text("    .text\n    .globl _start\n_start:\n    addi zero, 5, ->a0\n    addi a0, 3, ->a1\n"
                       "    c.bstart.sys\n    c.ebreak 0\n")
    env = dict(os.environ, PTODBG_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=str(ROOT))
    script = ("import sys\nfrom ptodbg.cli import main\nfrom ptodbg.base import codecache\n"
              "status = main(['run', sys.argv[1]])\nprint('compiled', len(codecache._added))\n")
    runs = [subprocess.run([sys.executable, "-c", script, str(program)], env=env, capture_output=True, text=True,
                           check=False) for _ in range(2)]
    first, second = (r.stdout.splitlines() for r in runs)
    assert int(first[-1].split()[1]) > 0 and second[-1] == "compiled 0"
    assert first[:-1] == second[:-1] and any("a1" in line and "0x0000000000000008" in line for line in first)
