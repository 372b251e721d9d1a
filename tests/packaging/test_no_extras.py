"""``pip install .`` without extras, in a fresh virtual environment (its own pip, the
package index, a clean clone's files): the TUI, ``run``, ``batch`` and the DAP server
work, Dask, bokeh, textual-serve and Playwright are not installed, and ``ptodbg
campaign`` and ``ptodbg serve`` say in one line how to install what they need (exit 2).

This is what a user of the README's first command gets (``pip install -e .``), without
the editable link.  It installs the hard dependencies from the index (pip's cache makes
a second run quick); about 20 s."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from dap.dap_client import Client
from support.clone import clean_copy
from support.paths import ROOT

WALK = ROOT / "tests" / "dap" / "programs" / "walk.s"
DMA = ROOT / "tests" / "programs" / "dma_copy.s"
OPTIONAL = ("dask", "distributed", "bokeh", "textual_serve", "playwright", "pytest")


def clean_env() -> dict:
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_INPUT": "1"}
    for name in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME"):
        env.pop(name, None)
    return env


@pytest.fixture(scope="module")
def venv(tmp_path_factory):
    """The bin folder of a fresh venv holding ``pip install .`` of a clean copy."""
    work = clean_copy(tmp_path_factory, "plain", "the install")
    src = work / "src"
    env = clean_env()
    done = subprocess.run([sys.executable, "-m", "venv", str(work / "venv")], capture_output=True, text=True,
                          timeout=180, env=env)
    assert done.returncode == 0, done.stderr
    bin_dir = work / "venv" / "bin"
    done = subprocess.run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(src)], capture_output=True,
                          text=True, timeout=600, env=env, cwd=work)
    assert done.returncode == 0, f"pip install . failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return bin_dir


def run(bin_dir: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run([str(bin_dir / "ptodbg"), *args], capture_output=True, text=True, timeout=timeout,
                          env=clean_env(), cwd=bin_dir.parent)


def test_no_optional_package_comes_with_it(venv):
    probe = f"import importlib.util as u, json; print(json.dumps([m for m in {OPTIONAL!r} if u.find_spec(m)]))"
    done = subprocess.run([str(venv / "python"), "-c", probe], capture_output=True, text=True, timeout=60,
                          env=clean_env())
    assert json.loads(done.stdout) == []
    frozen = subprocess.run([str(venv / "python"), "-m", "pip", "list", "--format=json"], capture_output=True,
                            text=True, timeout=60, env=clean_env())
    installed = {p["name"].lower().replace("_", "-") for p in json.loads(frozen.stdout)}
    assert {"ptodbg", "textual", "rich", "pyelftools", "tomli-w"} <= installed
    assert len(installed) < 20, sorted(installed)  # not the 35 packages Dask brings


def test_run_and_batch_work(venv):
    """dma_copy.s: one DMA copies 0x01..0x40 from src to dst, then c.ebreak 0 stops at
    done+2 (SW_BREAKPOINT, trap 50) after 5 attempts."""
    done = run(venv, "run", str(DMA), "--json")
    assert done.returncode == 0, done.stderr  # EBREAK is a normal stop
    state = json.loads(done.stdout)
    assert state["trap"]["number"] == 50 and state["steps"] == 5
    done = run(venv, "batch", str(DMA), "-c", "step; continue; x dst 4")
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    assert [line["ok"] for line in lines] == [True, True, True] and lines[0]["state"]["steps"] == 1
    assert lines[2]["bytes"] == "01020304"


def test_the_tui_steps_a_program(venv):
    script = f"""
import asyncio
from ptodbg.tui.app import open_app

async def main():
    app = open_app({str(DMA)!r})
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        before = app.dbg.steps
        await pilot.press("s")
        await pilot.pause()
        print(before, app.dbg.steps)

asyncio.run(main())
"""
    done = subprocess.run([str(venv / "python"), "-c", script], capture_output=True, text=True, timeout=120,
                          env=clean_env())
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.split() == ["0", "1"]


def test_the_dap_server_debugs_a_program(venv):
    proc = subprocess.Popen([str(venv / "ptodbg"), "dap"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=clean_env())
    c = Client(proc.stdout, proc.stdin, proc)
    try:
        c.ok("initialize", {"adapterID": "ptodbg"})
        c.ok("launch", {"program": str(WALK), "profile": "linux", "stopOnEntry": True})
        c.event("initialized")
        c.ok("configurationDone")
        assert c.stopped()["reason"] == "entry"
        c.ok("next", {"threadId": 1})
        assert c.stopped()["reason"] == "step"
        assert [t["label"] for t in c.ok("completions", {"text": "inj", "column": 4})["targets"]] == ["inject"]
    finally:
        c.close()


@pytest.mark.parametrize(("argv", "extra"), [
    (["campaign", str(DMA)], "campaign"),
    (["serve", "--port", "0"], "web"),
])
def test_the_optional_commands_say_how_to_install_them(venv, argv, extra):
    done = run(venv, *argv)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and f"pip install 'ptodbg[{extra}]'" in done.stderr
