"""The layering of DESIGN.md §1 is a checked contract: import-linter runs in the test run.

pyproject.toml's ``[tool.importlinter]`` holds the contracts: the layers
cli > {tui | dap | campaign} > {debug | avs} > linux > core > tile > isa > base (``|``: siblings
that may not import each other; tile is the core layer's tile part, DESIGN.md §1), and tui, dap and campaign reading the machine only through
ptodbg.debug (never ptodbg.core, isa, linux or avs).  ``lint-imports`` runs in a subprocess
(it is a few hundred milliseconds); its report is printed when a contract is broken.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from support.paths import ROOT

LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def lint_imports(cwd: Path, pythonpath: Path | None = None) -> subprocess.CompletedProcess:
    assert LINT_IMPORTS.exists(), f"{LINT_IMPORTS} is missing: pip install -e '.[test]' installs import-linter"
    env = {**os.environ}
    env.pop("PYTHONPATH", None)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    return subprocess.run([str(LINT_IMPORTS), "--no-cache", "--no-logo"], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=120, check=False)


def test_the_imports_keep_the_layers():
    done = lint_imports(ROOT)
    assert done.returncode == 0, f"lint-imports found imports against DESIGN.md §1:\n{done.stdout}\n{done.stderr}"
    assert "Contracts: 2 kept, 0 broken." in done.stdout, done.stdout


def test_the_contracts_catch_an_upward_import_and_a_client_around_the_engine(tmp_path):
    """The same contracts on a copy of the package with four bad imports added (isa and
    tile reaching up into core, base up into isa, a TUI module around the engine): all are
    reported, with the importing module (so the contracts are not vacuous)."""
    shutil.copy2(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    shutil.copytree(ROOT / "ptodbg", tmp_path / "ptodbg", ignore=shutil.ignore_patterns("__pycache__"))
    fetch = tmp_path / "ptodbg" / "isa" / "fetch.py"
    fetch.write_text(fetch.read_text() + "\nfrom ptodbg.core import memory  # noqa: E402\n")
    formats = tmp_path / "ptodbg" / "tile" / "formats.py"
    formats.write_text(formats.read_text() + "\nfrom ptodbg.core import state  # noqa: E402\n")
    userfile = tmp_path / "ptodbg" / "base" / "userfile.py"
    userfile.write_text(userfile.read_text() + "\nfrom ptodbg.isa import elf  # noqa: E402\n")
    pane = tmp_path / "ptodbg" / "tui" / "fmt.py"
    pane.write_text(pane.read_text() + "\nimport ptodbg.core.machine  # noqa: E402\n")
    done = lint_imports(tmp_path, pythonpath=tmp_path)
    report = done.stdout
    assert done.returncode == 1, report + done.stderr
    assert "Contracts: 0 kept, 2 broken." in report, report
    assert "ptodbg.isa.fetch -> ptodbg.core.memory" in report, report
    assert "ptodbg.tile.formats -> ptodbg.core.state" in report, report
    assert "ptodbg.base.userfile -> ptodbg.isa.elf" in report, report
    assert "ptodbg.tui.fmt -> ptodbg.core.machine" in report, report
