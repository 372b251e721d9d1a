"""The History tab: the memory events of every stop seen, newest first, with a filter.

The pane keeps each stop's events by step as the views arrive and forgets the steps the
timeline no longer has (after the past was rewritten).  A stop costs O(its events)
whatever the history's length: the rows on screen are extended at the front, and only
a cut of the timeline, an out-of-order step or a new filter rebuilds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input

from ptodbg.debug.view.records import EVENT_KINDS, MemEvent
from ptodbg.tui.fmt import plural
from ptodbg.tui.pane import PaneNote, ViewPane
from ptodbg.tui.widgets.events import EventList, EventRow

if TYPE_CHECKING:
    from ptodbg.debug.view.capture import View

HISTORY_ROWS = 5000  # event history rows on screen (the newest, newest first)
MASK64 = (1 << 64) - 1


@dataclass(frozen=True)
class EventFilter:
    """A history filter: event kinds (any of) and address ranges (any of), both optional.

    Written as words: ``load``, ``store``, ``atomic``, ``fence``; ``A..B`` (a byte range),
    or an expression ``A`` (events touching that byte), e.g. ``store dst..dst+64``."""

    kinds: frozenset[str] = frozenset()
    ranges: tuple[tuple[int, int], ...] = ()
    text: str = ""

    def __call__(self, e: MemEvent) -> bool:
        if self.kinds and e.kind not in self.kinds:
            return False
        if self.ranges and not any(e.touches(lo, hi) for lo, hi in self.ranges):
            return False
        return True


def parse_event_filter(view: View, text: str) -> EventFilter:
    """Parse a filter (addresses evaluated at ``view``); ValueError (one sentence) for a
    word that is neither a kind nor an address."""
    kinds: set[str] = set()
    ranges: list[tuple[int, int]] = []
    for word in text.split():
        low = word.lower().removeprefix("kind:")
        if low in EVENT_KINDS:
            kinds.add(low)
            continue
        word = word.removeprefix("addr:")
        if ".." in word:
            a, _, b = word.partition("..")
            lo, hi = view.evaluate(a) & MASK64, view.evaluate(b) & MASK64
            if hi <= lo:
                raise ValueError(f"empty range {word!r}")
            ranges.append((lo, hi))
        else:
            lo = view.evaluate(word) & MASK64
            ranges.append((lo, lo + 1))
    return EventFilter(frozenset(kinds), tuple(ranges), text)


class HistoryPane(ViewPane, Vertical):
    """The event history with its filter field."""

    TAB = "History"
    TAB_ORDER = 10
    DEFAULT_ID = "history-pane"

    DEFAULT_CSS = """
    HistoryPane { height: 1fr; }
    HistoryPane #history-filter { height: 1; border: none; padding: 0 1; background: $panel; }
    HistoryPane #history { height: 1fr; }
    """

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.history: dict[int, tuple[MemEvent, ...]] = {}
        self.filter = EventFilter()
        self._rows: list[EventRow] | None = []
        self._newest = -1  # the newest step in self.history
        self._fresh: int | None = None  # rows the last stop put in front of the others
        self.box = Input(id="history-filter", compact=True,
                         placeholder="filter: load store atomic fence, A..B or address")
        self.events = EventList(show_step=True, empty="no events yet", id="history")

    def compose(self) -> ComposeResult:
        yield self.box
        yield self.events

    def show(self, view: View) -> None:
        self._record(view)
        self._show()

    def redraw(self) -> None:
        self.events.redraw()

    def _record(self, view: View) -> None:
        horizon = view.history.horizon
        if self._newest > horizon:
            for s in [s for s in self.history if s > horizon]:
                del self.history[s]
            self._newest = max(self.history, default=-1)
            self._rows = None
        self._fresh = None
        if view.steps and view.events and self.history.get(view.steps) != view.events:
            newest = self._newest
            self.history[view.steps] = view.events
            self._newest = max(newest, view.steps)
            if self._rows is not None and view.steps > newest:
                fresh = [EventRow(view.steps, i + 1, e) for i, e in enumerate(view.events) if self.filter(e)]
                if fresh:
                    self._rows = (fresh + self._rows)[:HISTORY_ROWS]
                    self._fresh = len(fresh)
            else:
                self._rows = None

    def _show(self) -> None:
        """The event history, newest first (no scrolling per stop)."""
        fresh, self._fresh = self._fresh, None
        if self._rows is None:
            fresh = None
            rows: list[EventRow] = []
            keep = self.filter
            for step in sorted(self.history, reverse=True):
                rows += [EventRow(step, i + 1, e) for i, e in enumerate(self.history[step]) if keep(e)]
                if len(rows) >= HISTORY_ROWS:
                    break
            self._rows = rows[:HISTORY_ROWS]
        now = self.view.steps if self.view is not None else 0
        self.events.set_rows(self._rows, now=now, prepended=fresh)

    @on(Input.Submitted, "#history-filter")
    def _filter_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if self.view is None:
            return
        try:
            self.filter = parse_event_filter(self.view, event.value)
        except ValueError as e:
            self.post_message(PaneNote(f"filter: {e}", error=True))
            return
        self._rows = None
        self._show()
        self.post_message(PaneNote(f"history filter {event.value.strip() or '(none)'}: "
                                   f"{plural(len(self.events.items), 'event')}"))
        self.events.focus()
