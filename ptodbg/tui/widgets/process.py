"""The panes of a running process: what the program wrote (the Output tab) and the call
chain read from the frames its templates built (the Calls tab).

Both follow the timeline: the output is part of the machine state (``os_state``), so
after a reverse step the pane shows what the program had written by then; the call
chain is read afresh at every stop while its tab is open (a backtrace walks memory, and
nobody needs it computed behind a hidden tab).
"""

from __future__ import annotations

import codecs
from typing import TYPE_CHECKING

from textual.widgets import Log

from ptodbg.debug.commands import frame_label
from ptodbg.tui.widgets.base import Lines
from ptodbg.tui.widgets.panes import LineStatePane

if TYPE_CHECKING:
    from ptodbg.tui.model import StopState

OUTPUT_LINES = 5000  # lines the Output tab keeps (a terminal's scrollback)


class OutputLog(Log):
    """The program's output as a terminal would show it, newest at the bottom.

    A stop that only appended is written as the new bytes (decoded incrementally, so a
    UTF-8 character split between two ``write`` calls is not mangled); a stop that went
    back in time, or anywhere else, rewrites the pane from the state's bytes."""

    def __init__(self, **kwargs) -> None:
        super().__init__(max_lines=OUTPUT_LINES, highlight=False, auto_scroll=True, **kwargs)
        self.shown = b""
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")

    def show(self, output: bytes) -> None:
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

    @property
    def text(self) -> str:
        """Everything the pane holds, as plain text (what a user reads in it)."""
        return "\n".join(self.lines)


class BacktracePane(LineStatePane):
    """The call chain, innermost first: level, PC, function+offset and the frame's sp.

    Frames come from :meth:`~ptodbg.debug.engine.Debugger.backtrace`, which follows the
    frames FENTRY built (the return address saved below the caller's sp)."""

    LIMIT = 64  # frames read (a runaway recursion stays cheap to show)

    def __init__(self, dbg, **kwargs) -> None:
        super().__init__(dbg, **kwargs)
        self.frames: list[dict] = []

    def show(self, state: StopState) -> None:
        self.frames = self.dbg.backtrace(self.LIMIT)
        super().show(state)

    def build(self, state: StopState) -> Lines:
        text = Lines()
        frames = self.frames
        label, address, dim = self.style_of("label"), self.style_of("address"), self.style_of("dim")
        count = f"{len(frames)} frame{'s' if len(frames) != 1 else ''}"
        if len(frames) >= self.LIMIT:
            count = f"at least {count}"
        text.append(f"{count}, innermost first; bt lists them in the console\n", dim)
        for frame in frames:
            text.append(f"#{frame['level']:<3}", label)
            text.append(f"{frame['pc']:#x} ", address)
            text.append(frame_label(frame))
            text.append(f"  sp {frame['sp']:#x}\n", dim)
        if len(frames) == 1 and frames[0]["function"] is None:
            text.append("outside every function symbol: no frames to follow\n", dim)
        elif frames:
            text.append("(the chain ends at a function without a frame template)\n", dim)
        return text
