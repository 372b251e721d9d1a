"""Test-run wide settings.

The TUI reads the user's theme folder (``$XDG_CONFIG_HOME/ptodbg/themes``): the test run
points ``XDG_CONFIG_HOME`` at an empty folder of its own, so that a developer's own themes
can neither break nor change a test (subprocesses inherit it).
"""

from __future__ import annotations

import os

import pytest


@pytest.fixture(autouse=True, scope="session")
def _own_config_home(tmp_path_factory):
    before = os.environ.get("XDG_CONFIG_HOME")
    os.environ["XDG_CONFIG_HOME"] = str(tmp_path_factory.mktemp("xdg-config"))
    yield
    if before is None:
        os.environ.pop("XDG_CONFIG_HOME", None)
    else:
        os.environ["XDG_CONFIG_HOME"] = before
