"""The Console tab: every command line typed and what it answered."""

from __future__ import annotations

from textual.widgets import RichLog


class ConsoleLog(RichLog):
    """The command log (the long answers of ``help``, ``bt``, ``info`` land here)."""

    TAB = "Console"
    TAB_ORDER = 90
    DEFAULT_ID = "console"

    DEFAULT_CSS = "ConsoleLog { height: 1fr; background: $surface; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(max_lines=2000, wrap=False, markup=False, **kwargs)
