"""Memory event lists (Line API): the last instruction's events and the event history.

Moving the cursor over an event (when the list has focus) posts :class:`EventList.Selected`;
the app then highlights the event's bytes in the memory views and scrolls them there.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ptodbg.core.events import MemEvent
from ptodbg.tui.widgets.base import StyleCache

WIDTH = 72


@dataclass(frozen=True, slots=True)
class EventRow:
    step: int | None  # the step after the attempt (history rows), None for the last one
    index: int  # 1-based position among the instruction's events
    event: MemEvent


class EventList(StyleCache, ScrollView, can_focus=True):
    """A list of memory events with a cursor."""

    COMPONENT_CLASSES = {
        "eventlist--cursor", "eventlist--load", "eventlist--store", "eventlist--atomic",
        "eventlist--fence", "eventlist--address", "eventlist--future", "eventlist--dim",
    }

    COMPONENT_PREFIX = "eventlist"

    BINDINGS = [
        Binding("up", "cursor(-1)", "Up", show=False),
        Binding("down", "cursor(1)", "Down", show=False),
        Binding("pageup", "cursor(-10)", "Page up", show=False),
        Binding("pagedown", "cursor(10)", "Page down", show=False),
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
        self._drawn: dict[int, tuple] = {}

    def set_rows(self, rows: list[EventRow], *, keep_end: bool = False, now: int | None = None) -> None:
        """New rows; only the visible lines that differ are repainted."""
        if rows is self.items and now == self.now:
            return
        self.now = now
        at_end = keep_end and self.cursor >= len(self.items) - 1
        self.items = rows
        biggest = max((r.event.address + r.event.size for r in rows), default=0)
        digits = 8 if biggest <= 1 << 32 else 16
        if digits != self.digits:
            self.digits = digits
            self._drawn.clear()
        if at_end or self.cursor >= len(rows):
            self.cursor = max(0, len(rows) - 1)
        # The virtual height grows in steps so that most updates need no new layout.
        height = max(self.min_rows, -(-len(rows) // 64) * 64 if len(rows) > self.min_rows else self.min_rows)
        if self.virtual_size.height != height:
            self.virtual_size = Size(WIDTH, height)
        if at_end:
            self.scroll_to(y=max(0, len(rows) - self.scrollable_content_region.height), animate=False, immediate=True)
        self._repaint_changed()

    def is_future(self, item: EventRow) -> bool:
        return self.now is not None and item.step is not None and item.step > self.now

    def _signature(self, row: int) -> tuple:
        item = self.items[row] if 0 <= row < len(self.items) else None
        future = item is not None and self.is_future(item)
        return (item, future, row == self.cursor and self.has_focus, not self.items and row == 0, self.empty)

    def _repaint_changed(self) -> None:
        top = int(self.scroll_y)
        for row in range(top, top + max(1, self.scrollable_content_region.height)):
            if self._drawn.get(row) != self._signature(row):
                self.refresh_line(row)

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

    def redraw(self) -> None:
        self._drawn.clear()
        self.forget_styles()
        self.refresh()

    def styles_changed(self) -> None:
        self._drawn.clear()

    def _style(self, name: str) -> Style:
        return self.comp(name)

    def render_line(self, y: int) -> Strip:
        row_index = int(self.scroll_y) + y
        self._drawn[row_index] = self._signature(row_index)
        width = self.scrollable_content_region.width
        base = self.base_style
        if not self.items:
            if y == 0:
                return Strip([Segment(self.empty, base + self._style("dim"))]).crop_extend(0, width, base)
            return Strip.blank(width, base)
        if not 0 <= row_index < len(self.items):
            return Strip.blank(width, base)
        row = self.items[row_index]
        e = row.event
        future = self.is_future(row)
        line = base
        if future:
            line = base + self._style("future")
        if row_index == self.cursor and self.has_focus:
            line = line + self._style("cursor")
        segs = []
        if self.show_step:
            segs.append(Segment(f"@{row.step:<6}", line))
        segs.append(Segment(f"{row.index:2} ", line))
        kind_style = line if future else line + self._style(e.kind)
        segs.append(Segment(f"{e.kind:<6} ", kind_style))
        segs.append(Segment(f"{e.address:0{self.digits}x}", line if future else line + self._style("address")))
        segs.append(Segment(f" {e.size} ", line))
        value = f"{e.value:0{2 * max(1, e.size)}x}" if e.kind != "fence" else f"pred/succ {e.value:#04x}"
        segs.append(Segment(value, line))
        if e.written is not None:
            segs.append(Segment(f" -> {e.written:0{2 * e.size}x}{'' if e.performed else ' (failed)'}", line))
        if e.order != "relaxed":
            segs.append(Segment(f" {e.order}", line))
        strip = Strip(segs)
        if row_index == self.cursor and self.has_focus:
            strip = strip.extend_cell_length(width + int(self.scroll_x), line)
        return strip.crop_extend(int(self.scroll_x), int(self.scroll_x) + width, base)
