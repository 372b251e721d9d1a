"""The pane protocol: how a widget says what it shows, and how the main screen finds it.

A *view pane* is a widget that renders from a :class:`~ptodbg.debug.view.capture.View` and from
nothing else.  It mixes in :class:`ViewPane` and implements :meth:`ViewPane.show`; the
main screen (:class:`~ptodbg.tui.main_screen.MainScreen`) finds every view pane with one ``query`` (they carry the CSS class :data:`PANE_CLASS`)
and hands each the view of every stop, and asks each to :meth:`~ViewPane.redraw` after a
theme change.  A pane never holds the debugger or the machine: while a background run
goes on, panes keep showing the last view they were handed.

A pane that lives in a tab of the bottom row declares it (:attr:`ViewPane.TAB`, its title,
and :attr:`ViewPane.TAB_ORDER`); the main screen composes one tab per such class that
:func:`ptodbg.tui.widgets.tab_widgets` finds in the modules of :mod:`ptodbg.tui.widgets`.
So a new pane is one widget module with its CSS in ``DEFAULT_CSS`` and the colours of its
parts in ``COMPONENTS`` (:class:`~ptodbg.tui.widgets.base.StyleCache`), and no edit to the
screen or the app.  Widgets that are tabs without rendering views (the console) declare
:attr:`TAB`, :attr:`TAB_ORDER` and :attr:`DEFAULT_ID` the same way; the screen builds a tab
widget with ``cls(id=cls.DEFAULT_ID)``.

A pane may be :attr:`~ViewPane.LAZY`: it is handed the view at once but renders it only
while it is displayed (a backtrace behind a closed tab costs nothing per stop).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.message import Message
from textual.widgets import Tabs

if TYPE_CHECKING:
    from ptodbg.debug.view.capture import View

PANE_CLASS = "view-pane"


class PaneNote(Message):
    """A pane's one-line message for the user (shown on the message line)."""

    def __init__(self, text: str, *, error: bool = False) -> None:
        super().__init__()
        self.text = text
        self.error = error


class Picked(Message):
    """The user picked one item of a pane: a register (a click on it), a byte of memory
    (a click on it in a memory view) or a frame of the call chain (a click or enter on it
    in the Calls tab).

    This is the hook for the commands that act on one item: ``last REGISTER`` /
    ``last ADDRESS`` (when did it last change) and ``frame LEVEL`` (select a frame).  The
    main screen keeps the item (:attr:`MainScreen.picked
    <ptodbg.tui.main_screen.MainScreen.picked>`), and
    :meth:`~ptodbg.tui.main_screen.MainScreen.command_for_pick` gives the command line for
    it when the command language has that command."""

    KINDS = ("register", "memory", "frame", "tile")

    def __init__(self, kind: str, value: int | str, what: str = "") -> None:
        super().__init__()
        assert kind in self.KINDS, kind
        self.kind = kind
        self.value = value  # register name, byte address, frame level or "tile N ROW COL"
        self.what = what  # the item in words, for the message line

    @property
    def argument(self) -> str:
        """The item as the command language writes it: ``a0``, ``0x11000``, ``2``,
        ``tile 16 1 2``."""
        if self.kind == "memory":
            return f"{int(self.value):#x}"
        return str(self.value)


class ViewPane:
    """Mixin for widgets that render a :class:`View` (put it first among the bases)."""

    TAB: ClassVar[str | None] = None  # the title of the bottom-row tab it lives in
    TAB_ID: ClassVar[str] = ""  # the tab's id (default: "tab-" + TAB in lower case)
    TAB_ORDER: ClassVar[int] = 100  # tabs are ordered by this, then by title
    DEFAULT_ID: ClassVar[str | None] = None  # the id the screen gives a tab widget it composes
    LAZY: ClassVar[bool] = False  # render only while displayed

    view: View | None = None
    _pending: View | None = None

    class Changed(Message):
        """A view pane was mounted or removed: the main screen forgets its list of panes."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs["classes"] = f"{kwargs.get('classes') or ''} {PANE_CLASS}".strip()
        super().__init__(*args, **kwargs)

    def on_mount(self) -> None:
        self.post_message(ViewPane.Changed())  # type: ignore[attr-defined]

    def on_unmount(self) -> None:
        self.app.post_message(ViewPane.Changed())  # type: ignore[attr-defined]

    def show_view(self, view: View) -> None:
        """Take the view of a stop (what the screen calls); a lazy pane hidden from sight
        keeps it for when it is shown."""
        if self.LAZY and not self.is_displayed():
            self._pending = view
            return
        self._pending = None
        self.view = view
        self.show(view)

    def is_displayed(self) -> bool:
        """True when the pane is on screen (its tab is open; in a small terminal, its tab
        row maximised while the row's own column is hidden)."""
        maximized = getattr(self.screen, "maximized", None)  # type: ignore[attr-defined]
        node = self
        while node is not None:
            if not node.display:  # type: ignore[attr-defined]
                return False
            if node is maximized:
                return True
            node = node.parent  # type: ignore[attr-defined]
        return True

    def catch_up(self) -> None:
        """Render a view kept while hidden (the screen calls it when a tab opens)."""
        if self._pending is not None:
            self.show_view(self._pending)

    def show(self, view: View) -> None:  # pragma: no cover - the protocol
        """Render ``view`` (repaint only what changed)."""
        raise NotImplementedError

    def redraw(self) -> None:
        """Rebuild with fresh styles (after a theme change)."""
        if self.view is not None:
            self.show(self.view)


class OptionalTab:
    """Mixin for a tab pane whose tab is hidden while it has nothing to show (the Displays
    tab before the first display, the Tiles tab of a program without tiles), so a session
    that does not use it looks as it always did.  Its key opens it anyway: shown empty, it
    says how to fill it, and its tab is hidden again once another tab is opened while it is
    still empty.  A subclass says when it has something: :meth:`wanted` of a view.

    Put it before :class:`ViewPane` among the bases."""

    _wanted = False  # the newest view handed over has something to show
    _shown: bool | None = None  # what the tab was last set to (None: not yet)
    _opened_empty = False  # the tab was shown by its key while there was nothing

    def wanted(self, view: View) -> bool:  # pragma: no cover - the protocol
        raise NotImplementedError

    def show_view(self, view: View) -> None:
        """Show or hide the tab for what the view holds, then take the view."""
        self._wanted = self.wanted(view)
        self._sync_tab()
        super().show_view(view)  # type: ignore[misc]

    def on_mount(self) -> None:
        super().on_mount()  # type: ignore[misc]
        self.call_after_refresh(self._sync_tab)  # type: ignore[attr-defined]

    def on_show(self, event: events.Show) -> None:
        """Opened (its key, a click) while the tab is hidden and there is nothing: show the
        tab, so what is on screen has its title, and keep it while it is open."""
        if self._wanted:
            return
        tabs = self.app.query_one("#tabs")  # type: ignore[attr-defined]
        try:
            tab = tabs.get_tab(tab_id(type(self)))
        except Tabs.TabError:
            return
        if tab is not None and not tab.display:
            tabs.show_tab(tab_id(type(self)))
            self._opened_empty = True

    def on_hide(self, event: events.Hide) -> None:
        """Left while still empty: the tab hides again (once the switch has landed: a
        dialog over the screen hides the pane too, and leaves the tab open)."""
        if self._opened_empty:
            self.call_after_refresh(self._close_if_left)  # type: ignore[attr-defined]

    def _close_if_left(self) -> None:
        tabs = self.app.query_one("#tabs")  # type: ignore[attr-defined]
        if not self._opened_empty or self._wanted or getattr(tabs, "active", "") == tab_id(type(self)):
            return
        self._opened_empty = False
        try:
            tabs.hide_tab(tab_id(type(self)))
        except Tabs.TabError:
            pass

    def _sync_tab(self) -> None:
        """The tab is shown while there is something (retried once the tabs exist), or
        while it is open after its key showed it empty."""
        wanted = self._wanted
        if wanted:
            self._opened_empty = False
        elif self._opened_empty:
            return
        if self._shown is not None and wanted == self._shown:
            return
        tabs = self.app.query_one("#tabs")  # type: ignore[attr-defined]
        try:
            (tabs.show_tab if wanted else tabs.hide_tab)(tab_id(type(self)))
        except Tabs.TabError:  # the tab row is not composed yet
            self.call_after_refresh(self._sync_tab)  # type: ignore[attr-defined]
            return
        self._shown = wanted


def tab_id(cls: type) -> str:
    """The id of the tab a tab widget class lives in ("tab-history" for TAB "History")."""
    return getattr(cls, "TAB_ID", "") or "tab-" + str(cls.TAB).lower().replace(" ", "-")  # type: ignore[attr-defined]
