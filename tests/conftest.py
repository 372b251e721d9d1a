"""Test-run wide settings.

The TUI reads the user's theme folder (``$XDG_CONFIG_HOME/ptodbg/themes``): the test run
points ``XDG_CONFIG_HOME`` at an empty folder of its own, so that a developer's own themes
can neither break nor change a test (subprocesses inherit it).  Likewise the compiled-code
cache (``PTODBG_CACHE_DIR``, :mod:`ptodbg.base.codecache`) lives in a folder of the run's own.
"""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def _own_config_home(tmp_path_factory):
    before = {name: os.environ.get(name) for name in ("XDG_CONFIG_HOME", "PTODBG_CACHE_DIR")}
    os.environ["XDG_CONFIG_HOME"] = str(tmp_path_factory.mktemp("xdg-config"))
    os.environ["PTODBG_CACHE_DIR"] = str(tmp_path_factory.mktemp("ptodbg-cache"))
    yield
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
