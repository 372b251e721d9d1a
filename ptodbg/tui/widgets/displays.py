"""The Displays tab: gdb's auto-displays (``display a0``, ``display/i $pc``) at the stop.

Each display shows what the console shows after a stop (``1: a0 = 0x5``, or an ``x/FMT``
header and its rows): the view of the stop carries them (:attr:`View.displays
<ptodbg.debug.view.capture.View.displays>`, worked out once by the engine for the command and the
view alike), so the pane reads nothing but the view while a background run goes on.

The tab stays hidden until the first display is made (and hides again when the last is
removed), so a session without displays looks as it always did.  F7 opens it anyway
(:data:`ptodbg.tui.keys.TAB_KEYS`): shown with no display, it says how to make one, and
its tab is hidden again once another tab is opened while there is still none.

This module is the whole pane: its tab, its colours (``DEFAULT_CSS``) and its rendering
(a :class:`~ptodbg.tui.pane.ViewPane`, found by the main screen with no edit to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.segment import Segment
from textual import events
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Tabs

from ptodbg.tui.pane import ViewPane, tab_id
from ptodbg.tui.widgets.base import ListedLines

if TYPE_CHECKING:
    from ptodbg.debug.view.capture import View

WIDTH = 160


class DisplaysPane(ViewPane, ListedLines, ScrollView, can_focus=True):
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
        self._shown: int | None = None  # the number of displays the tab was last set for
        self._count = 0  # the number of displays at the newest stop handed over
        self._opened_empty = False  # the tab was shown by its key while there was no display

    @property
    def plain(self) -> str:
        """The lines as text (what a user reads)."""
        return "\n".join(text for text, _ in self.lines)

    def show_view(self, view: View) -> None:
        """Show or hide the tab for the number of displays, then take the view."""
        self._count = len(view.displays)
        self._sync_tab()
        super().show_view(view)

    def on_mount(self) -> None:
        super().on_mount()
        self.call_after_refresh(self._sync_tab)

    def on_show(self, event: events.Show) -> None:
        """Opened (F7, or a click) while the tab is hidden, with no display yet: show the
        tab, so what is on screen has its title, and keep it while it is open."""
        if self._count:
            return
        tabs = self.app.query_one("#tabs")
        try:
            tab = tabs.get_tab(tab_id(type(self)))  # type: ignore[attr-defined]
        except Tabs.TabError:
            return
        if tab is not None and not tab.display:
            tabs.show_tab(tab_id(type(self)))  # type: ignore[attr-defined]
            self._opened_empty = True

    def on_hide(self, event: events.Hide) -> None:
        """Left while still empty: the tab hides again (once the switch has landed: a
        dialog over the screen hides the pane too, and leaves the tab open)."""
        if self._opened_empty:
            self.call_after_refresh(self._close_if_left)

    def _close_if_left(self) -> None:
        tabs = self.app.query_one("#tabs")
        if not self._opened_empty or self._count or getattr(tabs, "active", "") == tab_id(type(self)):
            return
        self._opened_empty = False
        try:
            tabs.hide_tab(tab_id(type(self)))  # type: ignore[attr-defined]
        except Tabs.TabError:
            pass

    def _sync_tab(self) -> None:
        """The tab is shown while there is a display (retried once the tabs exist), or
        while it is open after F7 showed it empty."""
        count = self._count
        if count:
            self._opened_empty = False
        elif self._opened_empty:
            return
        if (count > 0) == (self._shown is not None and self._shown > 0) and self._shown is not None:
            return
        tabs = self.app.query_one("#tabs")
        try:
            (tabs.show_tab if count else tabs.hide_tab)(tab_id(type(self)))  # type: ignore[attr-defined]
        except Tabs.TabError:  # the tab row is not composed yet
            self.call_after_refresh(self._sync_tab)
            return
        self._shown = count

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
