"""The Stack tab: the selected frame's stack as pwndbg shows it (its ``stack`` view).

One row per 8-byte word from sp up: the index and offset, the registers that hold the
word's address, the address, and the chain of the value it holds (``→ 0x112d0 <main+12>``,
``→ 0x7fff... → 0x7fff... → 'PATH=/us'``).  The rows are the view's
(:attr:`~ptodbg.debug.view.capture.View.stack`, the telescope the ``telescope`` command prints),
following the frame ``frame``/``up``/``down`` or a click in the Calls tab selected.  Drawn
only while its tab is open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.segment import Segment
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ptodbg.debug.view.telescope import CODE, DATA, TEXT
from ptodbg.tui.pane import ViewPane
from ptodbg.tui.widgets.base import ListedLines

if TYPE_CHECKING:
    from ptodbg.debug.view.capture import View
    from ptodbg.debug.view.telescope import StackRow

WIDTH = 160  # the virtual width (long chains are cut, not wrapped)
LINK_STYLES = {CODE: "code", DATA: "data", TEXT: "text"}


class StackPane(ViewPane, ListedLines, ScrollView, can_focus=True):
    """The words at the selected frame's sp and where they point."""

    TAB = "Stack"
    TAB_ORDER = 50
    DEFAULT_ID = "stack"
    LAZY = True
    HEADER = 1

    DEFAULT_CSS = "StackPane { height: 1fr; padding: 0 1; background: $surface; overflow-x: hidden; }"
    COMPONENT_PREFIX = "stack"
    COMPONENTS = {
        "header": "color: $foreground-muted;",
        "index": "color: $pd-future;",
        "register": "color: $pd-label; text-style: bold;",
        "address": "color: $pd-address;",
        "code": "color: $pd-perm-x;",
        "data": "color: $pd-perm-w;",
        "text": "color: $pd-label;",
        "unmapped": "color: $pd-future;",
    }

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[StackRow] = []
        self.header = ""

    @property
    def plain(self) -> str:
        """The rows as text (what a user reads)."""
        return "\n".join([self.header, *(row.show() for row in self.lines)])

    def show(self, view: View) -> None:
        rows = view.stack
        frame = view.frame
        where = f"frame #{view.selected_frame} {frame.label}" if frame is not None else "the stack"
        sp = view.frame_regs["sp"]
        self.header = f"{where}: {len(rows)} words from sp {sp:#x} (telescope sp {len(rows)})"
        self.lines = list(rows)
        self.virtual_size = Size(WIDTH, len(rows) + 1)
        self.refresh()

    def render_header(self, row: int, width: int) -> Strip:
        return Strip([Segment(self.header, self.on_base("header"))]).crop_extend(0, width, self.base_style)

    def render_entry(self, entry: StackRow, width: int) -> Strip:
        on = self.on_base
        segs = [Segment(f"{entry.index:02x}:{entry.offset:04x}│ ", on("index")),
                Segment(f"{' '.join(entry.registers):<6} ", on("register")),
                Segment(f"{entry.address:#x}", on("address"))]
        if entry.chain is None:
            segs.append(Segment(" (not mapped)", on("unmapped")))
        else:
            for link in entry.chain.links:
                segs.append(Segment(" → ", on("index")))
                segs.append(Segment(link.show(), on(LINK_STYLES.get(link.kind))))
            if entry.chain.looped:
                segs.append(Segment(" ↺", on("index")))
        return Strip(segs).crop_extend(0, width, self.base_style)
