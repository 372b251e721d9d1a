"""The Breakpoints tab: every breakpoint and watchpoint, to enable, disable and delete by
key or click.

One row each: ``●`` enabled / ``○`` disabled, ``✗``, the number, the kind as gdb names it,
the address, what it is (a watchpoint's length and mode, a register), its condition and
hits.  Keys on the selected row: space or enter toggles it (``enable N`` /
``disable N``), delete or x deletes it (``delete N``); a click on ``●``/``○`` toggles, on
``✗`` deletes, elsewhere selects.  The pane changes nothing itself: it asks the main
screen to run those commands (:class:`BreakpointsPane.Act`), so the console, sessions and
batch mode see the same commands, and it redraws from the next view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.segment import Segment
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ptodbg.tui.fmt import plural
from ptodbg.tui.pane import ViewPane
from ptodbg.tui.widgets.base import ListedLines

if TYPE_CHECKING:
    from ptodbg.debug.view.capture import View
    from ptodbg.debug.view.stoplist import UserStop

WIDTH = 160
TOGGLE_CELLS = (0, 2)  # the ●/○ marker (and the space after it)
DELETE_CELLS = (2, 4)  # the ✗ (and the space after it)
DELETE_MARK = "✗"


class BreakpointsPane(ViewPane, ListedLines, ScrollView, can_focus=True):
    """The user's breakpoints and watchpoints, managed by keys and clicks."""

    TAB = "Breakpoints"
    TAB_ORDER = 60
    DEFAULT_ID = "breakpoints"
    LAZY = True  # drawn only while its tab is open
    HEADER = 1

    DEFAULT_CSS = "BreakpointsPane { height: 1fr; padding: 0 1; background: $surface; overflow-x: hidden; }"
    COMPONENT_PREFIX = "bps"
    COMPONENTS = {
        "header": "color: $foreground-muted;",
        "on": "color: $pd-breakpoint; text-style: bold;",
        "off": "color: $pd-future;",
        "label": "color: $pd-label;",
        "address": "color: $pd-address;",
        "dim": "color: $pd-future;",
        "delete": "color: $pd-trap;",
        "selected": "background: $pd-cursor;",
    }

    BINDINGS = [
        Binding("up", "cursor(-1)", "Up", show=False),
        Binding("down", "cursor(1)", "Down", show=False),
        Binding("space,enter", "toggle", "Toggle", show=False),
        Binding("delete,backspace,x", "delete", "Delete", show=False),
    ]

    class Act(Message):
        """Run a command on a breakpoint (``enable N``, ``disable N``, ``delete N``)."""

        def __init__(self, line: str) -> None:
            super().__init__()
            self.line = line

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[UserStop] = []
        self.cursor = 0

    @property
    def plain(self) -> str:
        return "\n".join(self.render_line(y).text.rstrip() for y in range(len(self.lines) + 1))

    def show(self, view: View) -> None:
        self.lines = list(view.user_stops)
        self.cursor = max(0, min(self.cursor, len(self.lines) - 1))
        self.virtual_size = Size(WIDTH, len(self.lines) + 1)
        self.refresh()

    def render_header(self, row: int, width: int) -> Strip:
        if not self.lines:
            text = "no breakpoints or watchpoints: b at the disassembly cursor, or break / watch on the command line"
        else:
            text = (f"{plural(len(self.lines), 'breakpoint or watchpoint', 'breakpoints and watchpoints')}: "
                    "space toggles, del deletes; click ● toggles, ✗ deletes")
        return Strip([Segment(text, self.on_base("header"))]).crop_extend(0, width, self.base_style)

    def render_entry(self, entry: UserStop, width: int) -> Strip:
        on = self.on_base
        lit = "selected" if self.lines and entry is self.lines[self.cursor] and self.has_focus else None
        address = f"{entry.address:#x}" if entry.address is not None else ""
        runs = [("●" if entry.enabled else "○", "on" if entry.enabled else "off"), (" ", None),
                (DELETE_MARK, "delete"), (" ", None), (f"{entry.ident:<4}", "label"), (f"{entry.kind:<16}", None),
                (f"{address:<14}", "address"), (entry.what, None)]
        if entry.temporary:
            runs.append(("  (temporary)", "dim"))
        if entry.condition:
            runs.append((f"  if {entry.condition}", "label"))
        runs.append((f"  hits {entry.hits}", "dim"))
        if entry.ignore:
            runs.append((f"  ignore {entry.ignore}", "dim"))
        if entry.commands:
            runs.append((f"  {plural(entry.commands, 'command')}", "dim"))
        strip = Strip([Segment(text, on(lit, name)) for text, name in runs])
        if lit:
            strip = strip.extend_cell_length(width, on(lit))
        return strip.crop_extend(0, width, self.base_style)

    # ------------------------------------------------------------ acting
    def _act(self, verb: str, entry: UserStop) -> None:
        self.post_message(self.Act(f"{verb} {entry.ident}"))

    def action_cursor(self, delta: int) -> None:
        if self.lines:
            self.cursor = max(0, min(len(self.lines) - 1, self.cursor + delta))
            self.scroll_to_region(Region(0, self.cursor + 1, 1, 1), animate=False, immediate=True)
            self.refresh()

    def action_toggle(self) -> None:
        if self.lines:
            entry = self.lines[self.cursor]
            self._act("disable" if entry.enabled else "enable", entry)

    def action_delete(self) -> None:
        if self.lines:
            self._act("delete", self.lines[self.cursor])

    def entry_at(self, y: int) -> int | None:
        index = int(self.scroll_y) + y - self.HEADER
        return index if 0 <= index < len(self.lines) else None

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        index = self.entry_at(offset.y)
        if index is None:
            return
        self.cursor = index
        entry = self.lines[index]
        if TOGGLE_CELLS[0] <= offset.x < TOGGLE_CELLS[1]:
            self._act("disable" if entry.enabled else "enable", entry)
        elif DELETE_CELLS[0] <= offset.x < DELETE_CELLS[1]:
            self._act("delete", entry)
        self.refresh()
