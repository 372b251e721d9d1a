"""Memory event lists (Line API), and the pane of the last instruction's events.

Moving the cursor over an event (when the list has focus) posts :class:`EventList.Selected`;
the main screen then highlights the event's bytes in the memory views and scrolls them there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ptodbg.debug.view.records import FENCE, MemEvent
from ptodbg.tui.fmt import count, plural
from ptodbg.tui.pane import ViewPane
from ptodbg.tui.widgets.base import CURSOR_BINDINGS, RowStrips, TextLine, merge_runs

if TYPE_CHECKING:
    from ptodbg.debug.view.capture import View

WIDTH = 72


@dataclass(frozen=True, slots=True)
class EventRow:
    step: int | None  # the step after the attempt (history rows), None for the last one
    index: int  # 1-based position among the instruction's events
    event: MemEvent


class EventList(RowStrips, ScrollView, can_focus=True):
    """A list of memory events with a cursor."""

    COMPONENT_CLASSES = {
        "eventlist--cursor", "eventlist--load", "eventlist--store", "eventlist--atomic",
        "eventlist--fence", "eventlist--address", "eventlist--future", "eventlist--dim",
    }

    COMPONENT_PREFIX = "eventlist"

    BINDINGS = [
        *CURSOR_BINDINGS,
        Binding("home", "cursor(-1000000)", "First", show=False),
        Binding("end", "cursor(1000000)", "Last", show=False),
    ]

    class Selected(Message):
        def __init__(self, source: EventList, row: EventRow | None) -> None:
            super().__init__()
            self.source = source
            self.row = row

    def __init__(self, *, show_step: bool, empty: str, min_rows: int = 16, **kwargs) -> None:
        super().__init__(**kwargs)
        self.min_rows = min_rows
        self.now: int | None = None  # history rows after this step are the future (dimmed)
        self.show_step = show_step
        self.empty = empty
        self.items: list[EventRow] = []
        self.cursor = 0
        self.digits = 8
        self._biggest = 0  # the highest end address among the rows
        self.init_rows()

    def set_rows(self, rows: list[EventRow], *, keep_end: bool = False, now: int | None = None,
                 prepended: int | None = None) -> None:
        """New rows; only the visible lines that differ are repainted.

        ``prepended``: the new list is that many new rows in front of the previous ones
        (the history after a stop), so only those are looked at: the cost of a stop does
        not grow with the history's length."""
        if rows is self.items and now == self.now:
            return
        self.now = now
        at_end = keep_end and self.cursor >= len(self.items) - 1
        if rows is not self.items:
            scan = rows if prepended is None else rows[:prepended]
            fresh = max((r.event.address + r.event.size for r in scan), default=0)
            self._biggest = fresh if prepended is None else max(self._biggest, fresh)
            self.items = rows
        digits = 8 if self._biggest <= 1 << 32 else 16
        if digits != self.digits:
            self.digits = digits
            self._drawn.clear()
        if at_end or self.cursor >= len(rows):
            self.cursor = max(0, len(rows) - 1)
        # The virtual height grows in steps of 64 rows (the scrollbar moves less often).
        height = max(self.min_rows, -(-len(rows) // 64) * 64 if len(rows) > self.min_rows else self.min_rows)
        self._set_height(height)
        if at_end:
            self.scroll_to(y=max(0, len(rows) - self.scrollable_content_region.height), animate=False, immediate=True)
        self._repaint_changed()

    def _set_height(self, height: int) -> None:
        """Set the virtual height; without a new layout of the screen (tens of
        milliseconds) when the vertical scrollbar is shown before and after, since then
        only the scrollbar's thumb changes."""
        size = Size(WIDTH, height)
        if self.virtual_size == size:
            return
        if self.is_mounted and self.show_vertical_scrollbar and height > self.container_size.height:
            self.set_reactive(EventList.virtual_size, size)
            bar = self.vertical_scrollbar
            bar.window_virtual_size = height
            bar.refresh()
            self.scroll_y = self.validate_scroll_y(self.scroll_y)
        else:
            self.virtual_size = size

    def is_future(self, item: EventRow) -> bool:
        return self.now is not None and item.step is not None and item.step > self.now

    def _signature(self, row: int) -> tuple:
        item = self.items[row] if 0 <= row < len(self.items) else None
        future = item is not None and self.is_future(item)
        return (item, future, row == self.cursor and self.has_focus, not self.items and row == 0, self.empty)

    def _repaint_changed(self) -> None:
        top = int(self.scroll_y)
        width = self.size.width
        for y in range(max(1, self.scrollable_content_region.height)):
            if self._drawn.get(top + y) != self._signature(top + y):
                self.refresh(Region(0, y, width, 1))

    @property
    def current(self) -> EventRow | None:
        return self.items[self.cursor] if 0 <= self.cursor < len(self.items) else None

    def action_cursor(self, delta: int) -> None:
        if not self.items:
            return
        self.cursor = max(0, min(len(self.items) - 1, self.cursor + delta))
        height = max(1, self.scrollable_content_region.height)
        top = int(self.scroll_y)
        if self.cursor < top:
            self.scroll_to(y=self.cursor, animate=False, immediate=True)
        elif self.cursor >= top + height:
            self.scroll_to(y=self.cursor - height + 1, animate=False, immediate=True)
        self._repaint_changed()
        self.post_message(self.Selected(self, self.current))

    def on_focus(self) -> None:
        self._repaint_changed()
        self.post_message(self.Selected(self, self.current))

    def on_blur(self) -> None:
        self._repaint_changed()

    def on_click(self, event) -> None:
        row = int(self.scroll_y) + event.y
        if 0 <= row < len(self.items):
            self.cursor = row
            self._repaint_changed()
            self.post_message(self.Selected(self, self.current))

    def _style(self, name: str) -> Style:
        return self.comp(name)

    def render_line(self, y: int) -> Strip:
        row_index = int(self.scroll_y) + y
        sig = self._signature(row_index)
        self._drawn[row_index] = sig
        width = self.scrollable_content_region.width
        scroll_x = int(self.scroll_x)
        key = (sig, width, scroll_x, self.digits, self.show_step)
        strip = self._strips.get(key)
        if strip is None:
            strip = self._draw(sig, width, scroll_x)
            self._strips.set(key, strip)
        return strip

    def _draw(self, sig: tuple, width: int, scroll_x: int) -> Strip:
        row, future, cursor, first_empty, empty = sig
        base = self.base_style
        if row is None:
            if first_empty:
                return Strip([Segment(empty, base + self._style("dim"))]).crop_extend(0, width, base)
            return Strip.blank(width, base)
        e = row.event
        line = base
        if future:
            line = base + self._style("future")
        if cursor:
            line = line + self._style("cursor")
        segs = []
        if self.show_step:
            segs.append(Segment(f"@{count(row.step):<6} ", line))
        segs.append(Segment(f"{row.index:2} ", line))
        kind_style = line if future else line + self._style(e.kind)
        segs.append(Segment(f"{e.kind:<6} ", kind_style))
        segs.append(Segment(f"{e.address:0{self.digits}x}", line if future else line + self._style("address")))
        value = f"{e.value:0{2 * max(1, e.size)}x}" if e.kind != FENCE else f"pred/succ {e.value:#04x}"
        tail = f" {e.size} {value}"
        if e.written is not None:
            tail += f" -> {e.written:0{2 * e.size}x}{'' if e.performed else ' (failed)'}"
        if e.order != "relaxed":
            tail += f" {e.order}"
        segs.append(Segment(tail, line))
        strip = Strip(merge_runs(segs))
        if cursor:
            strip = strip.extend_cell_length(width + scroll_x, line)
        return strip.crop_extend(scroll_x, scroll_x + width, base)


class EventsPane(ViewPane, Vertical):
    """The last instruction's memory events, under a caption that says which instruction
    it was and, on a line of its own only then, what the step noted (a system call and its
    result, an edit applied); a warning note (an unsupported call) stands out."""

    ALLOW_MAXIMIZE = True  # z, or its key in a small terminal, shows it alone
    BORDER_TITLE = "events of the last instruction"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.caption = TextLine("", id="events-title")
        self.notes = TextLine("", id="events-notes", classes="-none")
        self.event_list = EventList(show_step=False, empty="no memory events", id="events")

    def compose(self) -> ComposeResult:
        yield self.caption
        yield self.notes
        yield self.event_list

    def show(self, view: View) -> None:
        events = self.event_list
        events.empty = no_events_text(view)
        events.set_rows([EventRow(None, i + 1, e) for i, e in enumerate(view.events)])
        what = view.last_text or "nothing executed yet"
        self.caption.update(f"{what}: {plural(len(view.events), 'event')}" if view.steps else "nothing executed yet")
        text = "; ".join(note.text for note in view.step_notes)
        if text != self.notes.plain:
            self.notes.update(text)
            self.notes.set_class(not text, "-none")
        self.notes.set_class(any(note.warning for note in view.step_notes), "-warn")

    def redraw(self) -> None:
        self.event_list.redraw()


def no_events_text(view: View) -> str:
    """What the event list says when the last attempt made no memory access."""
    if view.steps == 0:
        return ""
    trap = view.trap
    if trap is not None and view.last is not None and view.last.pc == trap.info.saved_tpc and not trap.info.is_breakpoint:
        return "none: it faulted before any access"
    return "no memory events"
