"""The built wheel, installed (not editable) in a fresh virtual environment, has its data.

A source checkout finds ``themes/`` and ``sessions/`` beside the code; an installed wheel
has only what the package ships.  This test builds the wheel from a copy of the sources
(offline: no build isolation, no index), installs it into a new venv that sees the test
environment's third-party packages but not its editable ptodbg, and from a folder outside
the repository checks that the themes load (``ptodbg tui --theme light`` finds its theme;
the app opens with it), that the example sessions load against the programs shipped beside
them, and that nothing is read from the source tree.  About 10 s.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest
from support.paths import ROOT

SHIPPED_DATA = {
    "ptodbg/themes/dark.toml", "ptodbg/themes/light.toml", "ptodbg/themes/high-contrast.toml",
    "ptodbg/sessions/cond-loop-conditional-break.toml", "ptodbg/sessions/dma-fault-injection.toml",
    "ptodbg/sessions/lr-sc-broken-by-dma.toml", "ptodbg/sessions/tile-store-fault.toml",
    "ptodbg/sessions/programs/cond_loop.s", "ptodbg/sessions/programs/dma_fault.s",
    "ptodbg/sessions/programs/lr_sc_dma.s", "ptodbg/sessions/programs/tile_store_fault.s",
    "ptodbg/demo/demo.s", "ptodbg/tui/ptodbg.tcss", "ptodbg/py.typed",
}


def run(args: list[str], cwd: Path, timeout: float = 120, env: dict | None = None) -> subprocess.CompletedProcess:
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    return done


def ok(done: subprocess.CompletedProcess) -> subprocess.CompletedProcess:
    assert done.returncode == 0, f"{done.args}\n--- stdout\n{done.stdout}\n--- stderr\n{done.stderr}"
    return done


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """(venv python, its site-packages, a working folder outside the repository)."""
    work = tmp_path_factory.mktemp("wheel")
    src = work / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    shutil.copytree(ROOT / "ptodbg", src / "ptodbg", symlinks=True,
                    ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
    quiet = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INPUT": "1"}
    quiet.pop("PYTHONPATH", None)
    ok(run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
            "-w", str(work / "dist"), str(src)], cwd=work, env=quiet))
    wheels = sorted((work / "dist").glob("ptodbg-*.whl"))
    assert len(wheels) == 1, wheels

    venv = work / "venv"
    ok(run([sys.executable, "-m", "venv", "--without-pip", str(venv)], cwd=work))
    python = venv / "bin" / "python"
    ok(run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "--no-index",
            str(wheels[0])], cwd=work, env=quiet))
    site = Path(ok(run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                       cwd=work)).stdout.strip())
    # The dependencies (textual, pyelftools, tomli-w, ...) come from the test environment:
    # its site-packages folder is appended to the new venv's path by a .pth line.  A folder
    # added that way has its own .pth files left unread, so the editable ptodbg of the test
    # environment (a .pth import hook) stays out.
    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "zz_test_environment.pth").write_text("".join(f"{d}\n" for d in sorted(deps)))
    outside = work / "elsewhere"
    outside.mkdir()
    return python, site, outside, wheels[0]


def env_outside() -> dict:
    env = {**os.environ}
    env.pop("PYTHONPATH", None)
    return env


def test_the_wheel_holds_the_data_files_once(installed):
    *_, wheel = installed
    names = zipfile.ZipFile(wheel).namelist()
    assert SHIPPED_DATA <= set(names), sorted(SHIPPED_DATA - set(names))
    assert len(names) == len(set(names))
    assert not [n for n in names if n.startswith(("tests/", "themes/", "sessions/"))]


def test_the_installed_package_finds_its_themes(installed):
    python, site, outside, _ = installed
    check = """
import asyncio, json, ptodbg
from ptodbg.tui.themes import THEMES_DIR, load_themes
from ptodbg.tui.app import open_app, unknown_theme

async def opened_theme():
    app = open_app(None, theme="light")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        return app.theme, app.theme_errors

theme, errors = asyncio.run(opened_theme())
loaded = load_themes()
print(json.dumps({"package": ptodbg.__file__, "themes_dir": str(THEMES_DIR), "names": loaded.names,
                  "errors": loaded.errors, "light_found": unknown_theme("light") is None,
                  "opened": theme, "open_errors": errors}))
"""
    got = json.loads(ok(run([str(python), "-c", check], cwd=outside, env=env_outside())).stdout)
    assert got["package"] == str(site / "ptodbg" / "__init__.py")  # the wheel's, not the checkout's
    assert got["themes_dir"] == str(site / "ptodbg" / "themes")
    assert got["names"] == ["dark", "high-contrast", "light"] and got["errors"] == []
    assert got["light_found"] and got["opened"] == "light" and got["open_errors"] == []


def test_the_installed_command_line_names_the_shipped_themes(installed):
    python, _, outside, _ = installed
    done = run([str(python.parent / "ptodbg"), "tui", "--theme", "no-such-theme"], cwd=outside, env=env_outside())
    assert done.returncode == 2, done
    assert done.stderr.startswith("ptodbg: error: no theme 'no-such-theme'; themes: dark, high-contrast, light;")


def test_the_installed_example_sessions_load(installed):
    python, site, outside, _ = installed
    sessions = sorted((site / "ptodbg" / "sessions").glob("*.toml"))
    assert [p.name for p in sessions] == sorted(p.name for p in (ROOT / "sessions").glob("*.toml"))
    listing = """
import json
from ptodbg.debug.files import datafiles, session
out = []
for entry in datafiles.example_sessions():
    with datafiles.shipped_path(entry) as path:
        data = session.read(path)
        out.append([str(path), str(session.program_path(data)), len(data["breakpoint"]) + len(data["watchpoint"])])
print(json.dumps(out))
"""
    found = json.loads(ok(run([str(python), "-c", listing], cwd=outside, env=env_outside())).stdout)
    assert [Path(s) for s, *_ in found] == sessions
    for session_file, program, stops in found:
        assert Path(program).parent == site / "ptodbg" / "sessions" / "programs" and Path(program).is_file()
        done = ok(run([str(python.parent / "ptodbg"), "batch", program, "--session", session_file,
                       "-c", "info breakpoints"], cwd=outside, env=env_outside()))
        line = json.loads(done.stdout)
        assert line["ok"] and line["command"] == "info breakpoints", line
        assert len(line["breakpoints"]) == stops >= 1, line  # the session's breakpoints and watchpoints
