"""The source distribution carries what packagers need: the license, the tests (with
their programs, clients and corpora) and the editor extension, and nothing built or
downloaded (node_modules, caches); its metadata is the SPDX form (PEP 639).

Built from a copy of the checkout's files that git knows (as a clean clone has them),
offline, with the test environment's setuptools.  About 3 s."""

from __future__ import annotations

import email
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
from support.clone import clean_copy

WANTED = {
    "LICENSE", "README.md", "pyproject.toml", "MANIFEST.in", "ptodbg/py.typed", "ptodbg/cli.py",
    "ptodbg/web/serve.py", "ptodbg/themes/dark.toml", "ptodbg/demo/demo.s",
    "tests/conftest.py", "tests/support/paths.py", "tests/programs/dma_copy.s", "tests/fuzz/corpus/expr/found-leading-zero",
    "tests/dap/programs/walk.s", "tests/dap/js/package.json", "tests/dap/js/package-lock.json",
    "tests/dap/js/test/walk.test.js", "tests/packaging/test_sdist.py", "tests/web/test_serve_browser.py",
    "editors/vscode/package.json", "editors/vscode/package-lock.json", "editors/vscode/extension.js",
    "editors/vscode/LICENSE", "editors/vscode/.vscodeignore", "benchmarks/bench_core.py",
}


@pytest.fixture(scope="module")
def sdist(tmp_path_factory):
    work = clean_copy(tmp_path_factory, "sdist", "the sdist")
    src = work / "src"
    (src / "tests" / "dap" / "js" / "node_modules").mkdir(parents=True, exist_ok=True)  # as after npm ci
    (src / "tests" / "dap" / "js" / "node_modules" / "junk.js").write_text("x")
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)
    build = ("import sys; from setuptools import build_meta as b; "
             "print(b.build_sdist(sys.argv[1]))")
    done = subprocess.run([sys.executable, "-c", build, str(work / "dist")], cwd=src, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    name = done.stdout.strip().splitlines()[-1]
    return work / "dist" / name


def members(path: Path) -> dict[str, tarfile.TarInfo]:
    with tarfile.open(path) as tar:
        return {m.name.split("/", 1)[1]: m for m in tar.getmembers() if "/" in m.name}


def test_the_sdist_carries_the_license_tests_and_editors(sdist):
    names = members(sdist)
    assert WANTED <= set(names), sorted(WANTED - set(names))
    assert not [n for n in names if "node_modules" in n or "__pycache__" in n or n.endswith((".pyc", ".vsix"))]
    assert len([n for n in names if n.startswith("tests/") and n.endswith(".py")]) > 100


def test_the_metadata_is_spdx_with_the_license_file_and_extras(sdist):
    with tarfile.open(sdist) as tar:
        info = next(m for m in tar.getmembers() if m.name.endswith("/PKG-INFO") and m.name.count("/") == 1)
        meta = email.message_from_bytes(tar.extractfile(info).read())
    assert meta["License-Expression"] == "BSD-3-Clause"
    assert meta.get_all("License-File") == ["LICENSE"]
    assert "Topic :: Software Development :: Debuggers" in meta.get_all("Classifier")
    assert "Environment :: Console :: Curses" in meta.get_all("Classifier")
    assert {"campaign", "web", "test"} <= set(meta.get_all("Provides-Extra"))
    requires = meta.get_all("Requires-Dist")
    hard = [r for r in requires if "extra ==" not in r]
    assert not [r for r in hard if r.startswith(("dask", "distributed", "bokeh", "textual-serve", "playwright"))]
    assert any(r.startswith("dask[distributed]") and 'extra == "campaign"' in r for r in requires)
    assert any(r.startswith("bokeh") and 'extra == "campaign"' in r for r in requires)
    assert any(r.startswith("textual-serve") and 'extra == "web"' in r for r in requires)
    assert meta["Keywords"] and meta.get_all("Project-URL")
