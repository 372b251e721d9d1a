"""The panes of a running process: what the program wrote (the Output tab) and the call
chain read from the frames its templates built (the Calls tab).

Both follow the timeline: the output is part of the machine state, so after a reverse
step the pane shows what the program had written by then; the call chain is the view's
(:attr:`~ptodbg.debug.view.View.frames`), drawn only while its tab is open.
"""

from __future__ import annotations

import codecs
from typing import TYPE_CHECKING

from textual.widgets import Log

from ptodbg.debug.view import FRAME_LIMIT
from ptodbg.tui.pane import ViewPane
from ptodbg.tui.widgets.base import Lines
from ptodbg.tui.widgets.panes import LineStatePane

if TYPE_CHECKING:
    from ptodbg.debug.records import Frame
    from ptodbg.debug.view import View

OUTPUT_LINES = 5000  # lines the Output tab keeps (a terminal's scrollback)


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


class BacktracePane(LineStatePane):
    """The call chain, innermost first: level, PC, function+offset and the frame's sp.

    Frames come from the view, which read them from the frames FENTRY built (the return
    address saved below the caller's sp)."""

    TAB = "Calls"
    TAB_ORDER = 30
    DEFAULT_ID = "calls"
    DEFAULT_CLASSES = "pane"
    LAZY = True

    DEFAULT_CSS = "BacktracePane { height: 1fr; padding: 0 1; }"

    @property
    def frames(self) -> tuple[Frame, ...]:
        return self.view.frames if self.view is not None else ()

    def build(self, view: View) -> Lines:
        text = Lines()
        frames = view.frames
        label, address, dim = self.style_of("label"), self.style_of("address"), self.style_of("dim")
        count = f"{len(frames)} frame{'s' if len(frames) != 1 else ''}"
        if len(frames) >= FRAME_LIMIT:
            count = f"at least {count}"
        text.append(f"{count}, innermost first; bt lists them in the console\n", dim)
        for frame in frames:
            text.append(f"#{frame.level:<3}", label)
            text.append(f"{frame.pc:#x} ", address)
            text.append(frame.label)
            text.append(f"  sp {frame.sp:#x}\n", dim)
        if len(frames) == 1 and frames[0].function is None:
            text.append("outside every function symbol: no frames to follow\n", dim)
        elif frames:
            text.append("(the chain ends at a function without a frame template)\n", dim)
        return text
