"""The panes of a running process: what the program wrote (the Output tab) and the call
chain read from the frames its templates built (the Calls tab).

Both follow the timeline: the output is part of the machine state, so after a reverse
step the pane shows what the program had written by then; the call chain is the view's
(:attr:`~ptodbg.debug.view.capture.View.frames`), drawn only while its tab is open.
"""

from __future__ import annotations

import codecs
from typing import TYPE_CHECKING

from rich.segment import Segment
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Log

from ptodbg.debug.view.capture import FRAME_LIMIT
from ptodbg.tui.fmt import plural
from ptodbg.tui.pane import Picked, ViewPane
from ptodbg.tui.widgets.base import ListedLines

if TYPE_CHECKING:
    from ptodbg.debug.view.capture import View
    from ptodbg.debug.view.records import Frame

OUTPUT_LINES = 5000  # lines the Output tab keeps (a terminal's scrollback)
WIDTH = 200  # the Calls tab's virtual width (long demangled names are cut, not wrapped)


class OutputLog(ViewPane, Log):
    """The program's output as a terminal would show it, newest at the bottom.

    A stop that only appended is written as the new bytes (decoded incrementally, so a
    UTF-8 character split between two ``write`` calls is not mangled); a stop that went
    back in time, or anywhere else, rewrites the pane from the view's bytes."""

    TAB = "Output"
    TAB_ORDER = 20
    DEFAULT_ID = "output"

    DEFAULT_CSS = "OutputLog { height: 1fr; background: $surface; }"

    def __init__(self, **kwargs) -> None:
        super().__init__(max_lines=OUTPUT_LINES, highlight=False, auto_scroll=True, **kwargs)
        self.shown = b""
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def show(self, view: View) -> None:
        output = view.output
        if output is self.shown or output == self.shown:
            self.shown = output
            return
        if output.startswith(self.shown):
            fresh = output[len(self.shown):]
        else:
            self.clear()
            self._decoder.reset()
            fresh = output
        self.shown = output
        self.write(self._decoder.decode(fresh).expandtabs())

    def redraw(self) -> None:
        """Plain text: nothing to recolour."""

    @property
    def text(self) -> str:
        """Everything the pane holds, as plain text (what a user reads in it)."""
        return "\n".join(self.lines)


class BacktracePane(ViewPane, ListedLines, ScrollView, can_focus=True):
    """The call chain, innermost first: level, PC, function+offset and the frame's sp.

    Frames come from the view, which read them from the frames FENTRY built (the return
    address saved below the caller's sp).  A click on a frame (or up/down and enter)
    selects it and tells the main screen (:class:`~ptodbg.tui.pane.Picked`): the hook for frame
    selection (``frame LEVEL``); the wheel scrolls a long chain."""

    TAB = "Calls"
    TAB_ORDER = 30
    DEFAULT_ID = "calls"
    LAZY = True

    DEFAULT_CSS = "BacktracePane { height: 1fr; padding: 0 1; background: $surface; overflow-x: hidden; }"
    COMPONENT_PREFIX = "calls"
    COMPONENTS = {
        "label": "color: $pd-label;",
        "address": "color: $pd-address;",
        "dim": "color: $pd-future;",
        "selected": "background: $pd-cursor; text-style: bold;",
    }

    BINDINGS = [
        Binding("up", "select_frame(-1)", "Up", show=False),
        Binding("down", "select_frame(1)", "Down", show=False),
        Binding("enter", "pick", "Select", show=False),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[tuple[list[tuple[str, str | None]], int | None]] = []  # (runs, frame level)
        self.selected: int | None = None  # the frame level picked

    @property
    def frames(self) -> tuple[Frame, ...]:
        return self.view.frames if self.view is not None else ()

    @property
    def plain(self) -> str:
        """The pane's text (what a user reads)."""
        return "\n".join("".join(t for t, _ in runs) for runs, _level in self.lines)

    def show(self, view: View) -> None:
        frames = view.frames
        # The engine's selection (frame/up/down, reset to #0 when the machine moves) is the
        # one shown; the arrow keys move a highlight that enter (or a click) selects.
        self.selected = view.selected_frame if frames else None
        count = plural(len(frames), "frame")
        if len(frames) >= FRAME_LIMIT:
            count = f"at least {count}"
        lines: list[tuple[list[tuple[str, str | None]], int | None]] = [
            ([(f"{count}, innermost first; click or up/down + enter selects one (frame N): registers and "
               "disassembly follow it", "dim")], None)]
        for frame in frames:
            chosen = "→" if frame.level == view.selected_frame else " "
            lines.append(([(chosen, "label"), (f"#{frame.level:<3}", "label"), (f"{frame.pc:#x} ", "address"),
                           (frame.label, None), (f"  sp {frame.sp:#x}", "dim"),
                           *([("  [inferred from ra: its callee has no frame template]", "dim")]
                             if frame.inferred else [])], frame.level))
        if len(frames) == 1 and frames[0].function is None:
            lines.append(([("outside every function symbol: no frames to follow", "dim")], None))
        elif frames:
            lines.append(([("(the chain ends at a function without a frame template)", "dim")], None))
        self.lines = lines
        self.virtual_size = Size(WIDTH, len(lines))
        self.refresh()

    def render_entry(self, entry, width: int) -> Strip:
        runs, level = entry
        lit = "selected" if level is not None and level == self.selected else None
        strip = Strip([Segment(text, self.on_base(lit, name)) for text, name in runs])
        if lit:
            strip = strip.extend_cell_length(width, self.on_base(lit))
        return strip.crop_extend(0, width, self.base_style)

    def frame_at(self, y: int) -> int | None:
        """The level of the frame drawn at content row ``y``."""
        index = int(self.scroll_y) + y
        return self.lines[index][1] if 0 <= index < len(self.lines) else None

    def on_click(self, event) -> None:
        offset = event.get_content_offset(self)
        level = self.frame_at(offset.y) if offset is not None else None
        if level is not None:
            self.select(level)

    def select(self, level: int) -> None:
        """Select the frame at ``level`` and post :class:`Picked` for it."""
        self.selected = level
        frame = self.frames[level]
        self.refresh()
        self.post_message(Picked("frame", level, f"frame #{level} {frame.label} (sp {frame.sp:#x})"))

    def action_select_frame(self, delta: int) -> None:
        if not self.frames:
            return
        level = 0 if self.selected is None else max(0, min(len(self.frames) - 1, self.selected + delta))
        self.selected = level
        self.scroll_to_region(Region(0, level + 1, 1, 1), animate=False, immediate=True)
        self.refresh()

    def action_pick(self) -> None:
        if self.selected is not None and self.frames:
            self.select(self.selected)
