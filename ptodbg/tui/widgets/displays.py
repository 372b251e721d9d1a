"""The Displays tab: gdb's auto-displays (``display a0``, ``display/i $pc``) at the stop.

Each display shows what the console shows after a stop (``1: a0 = 0x5``, or an ``x/FMT``
header and its rows): the view of the stop carries them (:attr:`View.displays
<ptodbg.debug.view.capture.View.displays>`, worked out once by the engine for the command and the
view alike), so the pane reads nothing but the view while a background run goes on.

The tab stays hidden until the first display is made (and hides again when the last is
removed), so a session without displays looks as it always did
(:class:`~ptodbg.tui.pane.OptionalTab`).  F7 opens it anyway
(:data:`ptodbg.tui.keys.TAB_KEYS`): shown with no display, it says how to make one, and
its tab is hidden again once another tab is opened while there is still none.

This module is the whole pane: its tab, its colours (``DEFAULT_CSS``) and its rendering
(a :class:`~ptodbg.tui.pane.ViewPane`, found by the main screen with no edit to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.segment import Segment
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ptodbg.tui.pane import OptionalTab, ViewPane
from ptodbg.tui.widgets.base import ListedLines

if TYPE_CHECKING:
    from ptodbg.debug.view.capture import View

WIDTH = 160


class DisplaysPane(OptionalTab, ViewPane, ListedLines, ScrollView, can_focus=True):
    """Every display of the debugger at the stop, as the console shows them."""

    TAB = "Displays"
    TAB_ORDER = 40
    DEFAULT_ID = "displays"
    LAZY = True

    DEFAULT_CSS = "DisplaysPane { height: 1fr; padding: 0 1; background: $surface; overflow-x: auto; }"
    COMPONENT_PREFIX = "displays"
    COMPONENTS = {
        "header": "color: $pd-label; text-style: bold;",
        "error": "color: $pd-trap;",
        "pc": "background: $pd-pc;",
        "empty": "color: $foreground-muted;",
    }

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[tuple[str, str | None]] = []  # (text, component)

    @property
    def plain(self) -> str:
        """The lines as text (what a user reads)."""
        return "\n".join(text for text, _ in self.lines)

    def wanted(self, view: View) -> bool:
        """The tab is shown while there is a display."""
        return bool(view.displays)

    def show(self, view: View) -> None:
        lines: list[tuple[str, str | None]] = []
        if not view.displays:
            lines.append(("no displays: display EXPR, display/FMT EXPR (e.g. display/i $pc)", "empty"))
            lines.append(("type : then display/x a0 (or display/4gx sp): each display is shown here and in the "
                          "console after every stop; undisplay N removes one", "empty"))
        else:
            for entry in view.displays:
                text = entry["text"]
                for k, line in enumerate(text):
                    kind = "error" if line.startswith("<error") or (k == 0 and "error" in entry and len(text) == 1) \
                        else "pc" if line.startswith("=> ") else "header" if k == 0 else None
                    lines.append((line.expandtabs(8), kind))
        if lines == self.lines:
            return
        self.lines = lines
        self.virtual_size = Size(max(WIDTH, *(len(t) for t, _ in lines)), len(lines))
        self.refresh()

    def render_entry(self, entry: tuple[str, str | None], width: int) -> Strip:
        text, kind = entry
        strip = Strip([Segment(text, self.on_base(kind))])
        return strip.crop(int(self.scroll_x), int(self.scroll_x) + width).extend_cell_length(width, self.base_style)
