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

from textual.message import Message

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

    KINDS = ("register", "memory", "frame")

    def __init__(self, kind: str, value: int | str, what: str = "") -> None:
        super().__init__()
        assert kind in self.KINDS, kind
        self.kind = kind
        self.value = value  # register name, byte address or frame level
        self.what = what  # the item in words, for the message line

    @property
    def argument(self) -> str:
        """The item as the command language writes it: ``a0``, ``0x11000``, ``2``."""
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


def tab_id(cls: type) -> str:
    """The id of the tab a tab widget class lives in ("tab-history" for TAB "History")."""
    return getattr(cls, "TAB_ID", "") or "tab-" + str(cls.TAB).lower().replace(" ", "-")  # type: ignore[attr-defined]
