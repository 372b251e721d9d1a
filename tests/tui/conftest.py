"""Fixtures of the TUI tests."""

from __future__ import annotations

import pytest

from ptodbg.tui.app import PtodbgApp, open_app


@pytest.fixture
def demo() -> PtodbgApp:
    """The app on the built-in demo program."""
    return open_app(None)
