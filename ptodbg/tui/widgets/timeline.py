"""The timeline strip: a picture of the whole recorded run, and a way to travel in it.

One column per slice of the steps 0 .. the furthest step reached (the horizon), or, for a
short run, several columns per step.  A column's height is the memory activity of its
steps at the resolution the history has: for a run of up to 4,096 steps (every shared
program) the memory events of each attempt (the view's ``Timeline.detail``); for a longer
run, the memory events of the steps the debugger stopped at (exact) and, for the
stretches a run went through without stopping, the pages its instructions wrote (the
history's per-interval summaries, recorded once per snapshot interval as the run goes).
Marks: ``✗`` a trap, ``●`` a breakpoint stop, ``◆`` a watchpoint stop, ``!`` an edit (an
injection, a permission or register change, a recovery); the column of the current step
is lit and marked ``▲``.

Click a column (or move along the strip with left/right, which move by whole steps, ``[``/``]``
between marks, and press enter) and the main screen runs ``goto`` to that step (to the
mark's own step when the column holds one).

Cost: the columns are rebuilt only when the history's summaries, the marks or the
scale change (the scale grows in steps of 1-1.25-1.5-2-2.5-3-4-5-6-8, so stepping at the
end of the run rarely rescales); a stop adds its events to one column and repaints the
strip's one or two lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.segment import Segment
from textual.binding import Binding
from textual.cache import LRUCache
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from ptodbg.tui.fmt import count
from ptodbg.tui.pane import PaneNote, ViewPane
from ptodbg.tui.widgets.base import StyleCache

if TYPE_CHECKING:
    from ptodbg.debug.view.capture import View
    from ptodbg.debug.view.records import Timeline, TimelineMark

BARS = "▁▂▃▄▅▆▇█"
MARK_GLYPHS = {"trap": "✗", "breakpoint": "●", "watchpoint": "◆", "edit": "!"}
MARK_ORDER = ("trap", "watchpoint", "breakpoint", "edit")  # which mark a shared column shows
NICE = (1, 1.25, 1.5, 2, 2.5, 3, 4, 5, 6, 8)
SEEN_LIMIT = 100_000  # stops whose event counts are kept (the oldest are forgotten)


def nice_scale(steps: int) -> int:
    """The number of steps the strip spans: the first of 1, 1.25, 1.5, 2, ... x 10^k at
    least ``steps`` (so it changes rarely while a run grows), and at least 8."""
    target = max(8, steps)
    magnitude = 1
    while True:
        for factor in NICE:
            value = int(factor * magnitude)
            if value >= target:
                return value
        magnitude *= 10


@dataclass(frozen=True, slots=True)
class Column:
    """One column of the strip: its first step, its activity level (0: none, 1-8) and
    the mark it shows (None, or the most important of its marks)."""

    step: int
    level: int
    mark: TimelineMark | None


def column_of(step: int, scale: int, ncols: int) -> int:
    return min(ncols - 1, max(0, step * ncols // scale))


def first_step(col: int, scale: int, ncols: int) -> int:
    """The step a column stands for: the one it draws when a step takes several columns,
    else the first step it covers."""
    if scale <= ncols:  # the last step whose first column is at or before ``col``
        return -(-(col + 1) * scale // ncols) - 1
    return -(-col * scale // ncols)


class StripModel:
    """The columns of the strip for ``ncols`` columns spanning ``scale`` steps: pages
    written per column (from the interval summaries), events seen per column, marks.

    Built in O(summaries + stops seen + columns); a new stop then costs O(columns)
    (:meth:`see`), whatever the length of the run."""

    def __init__(self, timeline: Timeline, seen: dict[int, int], scale: int, ncols: int) -> None:
        self.scale, self.ncols = scale, ncols
        self.pages = [0.0] * ncols
        self.events = [0] * ncols
        self.detailed = bool(timeline.detail) and len(timeline.detail) >= timeline.horizon
        self.detail: tuple[int, ...] = ()  # the attempts' events drawn (a detailed model)
        if self.detailed:  # every attempt's events: the run at the resolution of its steps
            self._add_detail(timeline.detail)
        else:
            for iv in timeline.intervals:
                lo, hi = column_of(iv.start + 1, scale, ncols), column_of(iv.end, scale, ncols)
                share = iv.pages_written / (hi - lo + 1)
                for c in range(lo, hi + 1):
                    self.pages[c] += share
            for step, n in seen.items():
                if 0 <= step < scale:
                    self.events[column_of(step, scale, ncols)] += n
        self.marks: list[TimelineMark | None] = [None] * ncols
        for mark in [*_interval_traps(timeline), *timeline.marks]:
            if not 0 <= mark.step < scale:
                continue
            c = column_of(mark.step, scale, ncols)
            held = self.marks[c]
            if held is None or MARK_ORDER.index(mark.kind) < MARK_ORDER.index(held.kind):
                self.marks[c] = mark
        self.columns: list[Column] = []
        self._levels()

    def _add_detail(self, detail: tuple[int, ...]) -> None:
        """Draw the attempts of ``detail`` after those drawn already (a step at the end of
        the run adds one: O(its columns), not a rebuild)."""
        scale, ncols, events = self.scale, self.ncols, self.events
        for k in range(len(self.detail), len(detail)):
            step, n = k + 1, detail[k]
            if not n or step >= scale:
                continue
            if scale <= ncols:  # a step takes several columns: all of them show it
                for c in range(column_of(step, scale, ncols), column_of(step + 1, scale, ncols) if step + 1 < scale
                               else ncols):
                    events[c] = n
            else:
                events[column_of(step, scale, ncols)] += n
        self.detail = detail

    def extend(self, detail: tuple[int, ...]) -> bool:
        """Take a longer detail that starts with the one drawn; False when it does not
        (the run was rewritten: the model must be built again)."""
        drawn = self.detail
        if not self.detailed or len(detail) < len(drawn) or detail[:len(drawn)] != drawn:
            return False
        if len(detail) > len(drawn):
            self._add_detail(detail)
            self._levels()
        return True

    def see(self, step: int, delta: int) -> None:
        """``delta`` more events at ``step`` (a stop seen, or seen again with new events);
        nothing when every step's events are known already."""
        if 0 <= step < self.scale and delta and not self.detailed:
            self.events[column_of(step, self.scale, self.ncols)] += delta
            self._levels()

    def _levels(self) -> None:
        pages, events = self.pages, self.events
        top_pages, top_events = max(pages, default=0) or 1, max(events, default=0) or 1
        out = []
        for c in range(self.ncols):
            level = 0
            if pages[c] > 0:
                level = 1 + round(7 * pages[c] / top_pages)
            if events[c] > 0:
                level = max(level, 1 + round(7 * events[c] / top_events))
            out.append(Column(first_step(c, self.scale, self.ncols), min(8, level), self.marks[c]))
        self.columns = out


def _interval_traps(timeline: Timeline) -> list[TimelineMark]:
    """Traps the interval summaries saw that no stop marked (entered during a run, with a
    handler, or stopped at without the view being captured)."""
    from ptodbg.debug.view.records import TimelineMark

    stopped = {m.step for m in timeline.marks if m.kind == "trap"}
    return [TimelineMark(iv.trap_step, "trap", f"trap {iv.trap} (entered during a run)")
            for iv in timeline.intervals if iv.trap is not None and iv.trap_step is not None
            and iv.trap_step not in stopped]


class TimelineStrip(ViewPane, StyleCache, Widget, can_focus=True):
    """The strip across the recorded run (one line in a small terminal, else two)."""

    COMPONENT_PREFIX = "timeline"
    COMPONENT_CLASSES = {
        "timeline--activity", "timeline--quiet", "timeline--now", "timeline--cursor", "timeline--trap",
        "timeline--breakpoint", "timeline--watchpoint", "timeline--edit", "timeline--label",
    }

    DEFAULT_CSS = """
    TimelineStrip { height: 2; background: $panel; }
    TimelineStrip:focus { background: $primary-background; }
    TimelineStrip > .timeline--activity { color: $pd-perm-r; }
    TimelineStrip > .timeline--quiet { color: $pd-future; }
    TimelineStrip > .timeline--now { background: $pd-pc; color: $foreground; text-style: bold; }
    TimelineStrip > .timeline--cursor { background: $pd-cursor; text-style: bold underline; }
    TimelineStrip > .timeline--trap { color: $pd-trap; text-style: bold; }
    TimelineStrip > .timeline--breakpoint { color: $pd-breakpoint; text-style: bold; }
    TimelineStrip > .timeline--watchpoint { color: $pd-label; text-style: bold; }
    TimelineStrip > .timeline--edit { color: $pd-cumulative; text-style: bold; }
    TimelineStrip > .timeline--label { color: $foreground-muted; }
    """

    BINDINGS = [
        Binding("left", "move(-1)", "Left", show=False),
        Binding("right", "move(1)", "Right", show=False),
        Binding("home", "edge(0)", "Start", show=False),
        Binding("end", "edge(1)", "End", show=False),
        Binding("left_square_bracket", "mark(-1)", "Previous mark", show=False),
        Binding("right_square_bracket", "mark(1)", "Next mark", show=False),
        Binding("enter", "travel", "Go there", show=False),
    ]

    class Travel(Message):
        """The user picked a step on the strip: the main screen goes there (``goto``)."""

        def __init__(self, step: int) -> None:
            super().__init__()
            self.step = step

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.timeline: Timeline | None = None
        self.now = 0
        self.seen: dict[int, int] = {}  # step -> memory events of the stop seen there
        self.scale = 8
        self.model: StripModel | None = None
        self.cursor: int | None = None  # the column the keys moved to (None: follow now)
        self._built: tuple | None = None
        self._version = 0  # changes whenever a column may have changed
        self._strips: LRUCache[tuple, Strip] = LRUCache(16)

    # -------------------------------------------------------------- model
    @property
    def ncols(self) -> int:
        return max(1, self.size.width)

    @property
    def columns(self) -> list[Column]:
        return self.model.columns if self.model is not None else []

    @property
    def plain(self) -> str:
        return "\n".join(self.render_line(y).text for y in range(self.size.height))

    def show(self, view: View) -> None:
        timeline = view.timeline
        self.now = view.steps
        self.timeline = timeline
        if self.seen and next(reversed(self.seen)) > timeline.horizon:  # the past was rewritten
            self.seen = {s: n for s, n in self.seen.items() if s <= timeline.horizon}
            self._built = None
        self._rebuild()
        if view.steps and view.last is not None:
            self._see(view.steps, len(view.events))
        self.refresh()

    def _see(self, step: int, events: int) -> None:
        old = self.seen.get(step)
        if old == events:
            return
        if old is None and len(self.seen) >= SEEN_LIMIT:
            oldest = next(iter(self.seen))
            if self.model is not None:
                self.model.see(oldest, -self.seen[oldest])
            del self.seen[oldest]
        self.seen[step] = events
        if self.model is not None:
            self.model.see(step, events - (old or 0))
            self._version += 1

    def _rebuild(self) -> bool:
        """Build the columns again when the summaries, marks, scale or width changed."""
        timeline = self.timeline
        if timeline is None:
            return False
        last_mark = timeline.marks[-1].step if timeline.marks else 0
        scale = nice_scale(max(timeline.horizon, self.now, last_mark) + 1)
        key = (timeline.intervals, timeline.marks, scale, self.ncols, bool(timeline.detail))
        if key == self._built and self.model is not None:
            model = self.model
            if model.detail is timeline.detail or model.extend(timeline.detail):
                if model.detail is not timeline.detail:
                    model.detail = timeline.detail
                    self._version += 1
                return False
        self._built = key
        self.scale = scale
        self.model = StripModel(timeline, self.seen, scale, self.ncols)
        self._version += 1
        return True

    def on_resize(self) -> None:
        self._rebuild()
        self._strips.clear()

    def redraw(self) -> None:
        self.forget_styles()
        self._strips.clear()
        self.refresh()

    def styles_changed(self) -> None:
        self._strips.clear()

    # ------------------------------------------------------------ drawing
    def render_line(self, y: int) -> Strip:
        width = self.size.width
        base = self.base_style
        if not self.columns or len(self.columns) != width:
            return Strip.blank(width, base)
        now_col = column_of(self.now, self.scale, width)
        horizon = self.timeline.horizon if self.timeline is not None else 0
        key = (y, self.size.height, self._version, now_col, self.cursor, horizon)
        strip = self._strips.get(key)
        if strip is None:
            strip = self._draw(y, now_col, horizon, width)
            self._strips.set(key, strip)
        return strip

    def _draw(self, y: int, now_col: int, horizon: int, width: int) -> Strip:
        """Line ``y``: activity bars (over the rows above the last; one line in a small
        terminal, many when maximised), then the marks with "step N" and the span."""
        height = self.size.height
        one_line = height < 2
        bar_rows = max(1, height - 1)
        cells: list[str] = []
        names: list[tuple[str | None, ...]] = []
        cursor = self.cursor
        for c, col in enumerate(self.columns):
            lit = "now" if c == now_col else ("cursor" if c == cursor else None)
            mark = col.mark
            if y < bar_rows and not (one_line and (mark is not None or (c == now_col and not col.level))):
                fill = col.level * bar_rows - (bar_rows - 1 - y) * 8  # eighths of this row's cell
                if fill > 0:
                    cells.append(BARS[min(8, fill) - 1])
                    names.append((lit, "activity"))
                elif y == bar_rows - 1 and col.step <= horizon:
                    cells.append("▁")
                    names.append((lit, "quiet"))
                else:
                    cells.append(" ")
                    names.append((lit,))
            elif mark is not None:
                cells.append(MARK_GLYPHS[mark.kind])
                names.append((lit, mark.kind))
            elif c == now_col:
                cells.append("▲")
                names.append((lit,))
            else:
                cells.append(" ")
                names.append((lit,))
        if y == height - 1:
            self._label(cells, names, now_col, one_line)
        on = self.on_base
        segs = []
        start = 0
        for i in range(1, len(cells) + 1):
            if i == len(cells) or names[i] != names[start]:
                segs.append(Segment("".join(cells[start:i]), on(*names[start])))
                start = i
        return Strip(segs).crop_extend(0, width, self.base_style)

    def _label(self, cells: list[str], names: list, now_col: int, one_line: bool) -> None:
        """Write "step N" beside the current column and the span's end at the right, over
        blank cells (on a one-line strip over quiet ones too)."""
        now = f"step {count(self.now)}"
        end_text = f"{count(self.scale)} "
        texts = [(now, now_col + 2 if now_col < len(cells) // 2 else now_col - 1 - len(now)),
                 (end_text, len(cells) - len(end_text))]
        free = (" ", "▁") if one_line else (" ",)
        for text, start in texts:
            end = start + len(text)
            if start < 0 or end > len(cells) or any(ch not in free for ch in cells[max(0, start - 1):end + 1]):
                continue
            for i, ch in enumerate(text):
                cells[start + i] = ch
                names[start + i] = ("label",)

    # ---------------------------------------------------------- travelling
    def step_at(self, col: int) -> int:
        """The step a column stands for: its mark's step, else its first step."""
        if not self.columns:
            return 0
        col = max(0, min(len(self.columns) - 1, col))
        column = self.columns[col]
        return column.mark.step if column.mark is not None else column.step

    def on_click(self, event) -> None:
        if self.columns:
            self.post_message(self.Travel(self.step_at(event.x)))

    def _cursor_col(self) -> int:
        if self.cursor is not None:
            return self.cursor
        return column_of(self.now, self.scale, self.ncols)

    def _move_to(self, col: int) -> None:
        if not self.columns:
            return
        self.cursor = max(0, min(len(self.columns) - 1, col))
        column = self.columns[self.cursor]
        what = f": {column.mark.kind} — {column.mark.text}" if column.mark is not None else ""
        self.post_message(PaneNote(f"timeline: step {count(self.step_at(self.cursor))}{what} (enter goes there)"))
        self.refresh()

    def action_move(self, delta: int) -> None:
        """left/right: to the column of the previous/next step (a step may take several
        columns: the move is a whole step, never a part of one)."""
        here = self._cursor_col()
        if self.scale > self.ncols:
            self._move_to(here + delta)
            return
        horizon = self.timeline.horizon if self.timeline is not None else 0
        step = max(0, min(horizon, first_step(here, self.scale, self.ncols) + delta))
        self._move_to(column_of(step, self.scale, self.ncols))

    def action_edge(self, end: int) -> None:
        horizon = self.timeline.horizon if self.timeline is not None else 0
        self._move_to(column_of(horizon, self.scale, self.ncols) if end else 0)

    def action_mark(self, direction: int) -> None:
        here = self._cursor_col()
        cols = [c for c, col in enumerate(self.columns) if col.mark is not None]
        ahead = [c for c in cols if (c > here if direction > 0 else c < here)]
        if not ahead:
            self.post_message(PaneNote("timeline: no mark " + ("after" if direction > 0 else "before") + " this one"))
            return
        self._move_to(ahead[0] if direction > 0 else ahead[-1])

    def action_travel(self) -> None:
        self.post_message(self.Travel(self.step_at(self._cursor_col())))

    def on_blur(self) -> None:
        self.cursor = None
        self.refresh()
