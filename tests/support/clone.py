"""A copy of the checkout as a clean clone has it (the files git tracks, symlinks kept),
for the packaging tests that build from it."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from support.paths import ROOT


def tracked_copy(dest: Path) -> None:
    """Copy every file git tracks to ``dest`` (a skip is the caller's when git is missing)."""
    names = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in names.decode().split("\0"):
        if not name:
            continue
        src = ROOT / name
        target = dest / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if src.is_symlink():
            target.symlink_to(os.readlink(src))
        elif src.is_file():
            shutil.copy2(src, target)


def have_git_checkout() -> bool:
    return shutil.which("git") is not None and (ROOT / ".git").exists()


def clean_copy(tmp_path_factory, name: str, made: str) -> Path:
    """A fresh folder holding ``src/``, a copy of what git tracks (see :func:`tracked_copy`);
    the test is skipped outside a git checkout, naming what is ``made`` from that copy."""
    if not have_git_checkout():
        pytest.skip(f"not a git checkout: {made} is made from the files git tracks")
    work = tmp_path_factory.mktemp(name)
    tracked_copy(work / "src")
    return work
