"""The Pages tab: the page map of the stop (pwndbg's ``vmmap``).

One row per range of mapped pages with the same permissions and owner: start, end, size,
permissions, what it is (an ELF segment named by its sections, ``[stack]``, ``[heap]``,
``[mmap]``) and any injected permission on it ("!" revoked until the next faulting access,
"*" set by the user, "@" scheduled for a later step).  The range holding TPC is marked
``▶``, the one holding sp ``sp``.  Everything comes from the view
(:attr:`~ptodbg.debug.view.capture.View.pages`); the pane is drawn only while its tab is open.

This module is the whole pane: its tab, its colours (``DEFAULT_CSS``) and its rendering
(a :class:`~ptodbg.tui.pane.ViewPane`, found by the main screen with no edit to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.segment import Segment
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ptodbg.debug.view.records import PageRange, Perms
from ptodbg.tui.pane import ViewPane
from ptodbg.tui.widgets.base import ListedLines

if TYPE_CHECKING:
    from ptodbg.debug.view.capture import View

WIDTH = 120


def _size(n: int) -> str:
    for unit, shift in (("G", 30), ("M", 20), ("K", 10)):
        if n >= 1 << shift and not n & ((1 << shift) - 1):
            return f"{n >> shift}{unit}"
    return f"{n:#x}"


class PageMapPane(ViewPane, ListedLines, ScrollView, can_focus=True):
    """Every mapped range of the stop, one row each."""

    TAB = "Pages"
    TAB_ORDER = 35
    DEFAULT_ID = "pages"
    LAZY = True
    HEADER = 1  # the column names

    DEFAULT_CSS = "PageMapPane { height: 1fr; padding: 0 1; background: $surface; overflow-x: hidden; }"
    COMPONENT_PREFIX = "pagemap"
    COMPONENTS = {
        "header": "color: $foreground-muted; text-style: bold;",
        "address": "color: $pd-address;",
        "exec": "color: $pd-perm-x;",
        "write": "color: $pd-perm-w;",
        "read": "color: $pd-perm-r;",
        "none": "color: $pd-perm-none;",
        "mark": "color: $pd-perm-fault; text-style: bold;",
        "here": "background: $pd-pc;",
        "name": "color: $pd-label;",
    }

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.rows: tuple[PageRange, ...] = ()
        self.lines: list[tuple[PageRange | None, str]] = []  # (range, "") or (None, an injection note)
        self.digits = 8
        self._pc = self._sp = -1

    @property
    def plain(self) -> str:
        """The rows as text (what a user reads)."""
        return "\n".join(self.render_line(y).text.rstrip() for y in range(len(self.lines) + 1))

    def show(self, view: View) -> None:
        rows = view.pages
        pc, sp = view.pc, view.regs["sp"]
        if rows == self.rows and (pc, sp) == (self._pc, self._sp):
            return
        self.rows, self._pc, self._sp = rows, pc, sp
        self.digits = max(8, *(len(f"{page.end - 1:x}") for page in rows)) if rows else 8
        self.lines = []
        for page in rows:
            self.lines.append((page, ""))
            if page.injection:
                self.lines.append((None, f"{page.mark} {page.injection}"))
        self.virtual_size = Size(WIDTH, len(self.lines) + 1)
        self.refresh()

    def _perms_style(self, perms: Perms) -> str:
        if perms & Perms.X:
            return "exec"
        if perms & Perms.W:
            return "write"
        return "read" if perms & Perms.R else "none"

    def render_header(self, row: int, width: int) -> Strip:
        digits = self.digits
        header = f"   {'start':<{digits}} {'end':<{digits}} perm  size name"
        return Strip([Segment(header, self.on_base("header"))]).crop_extend(0, width, self.base_style)

    def render_entry(self, entry: tuple[PageRange | None, str], width: int) -> Strip:
        base = self.base_style
        on = self.on_base
        digits = self.digits
        page, note = entry
        if page is None:
            return Strip([Segment("   └ ", base), Segment(note, on("mark"))]).crop_extend(0, width, base)
        here = "here" if page.start <= self._pc < page.end else None
        where = "▶ " if here else ("sp" if page.start <= self._sp < page.end else "  ")
        segs = [
            Segment(f"{where} ", on(here)),  # 3 cells, as the header's indent
            Segment(f"{page.start:0{digits}x}", on(here, "address")),
            Segment(" ", on(here)),
            Segment(f"{page.end:0{digits}x}", on(here, "address")),
            Segment(" ", on(here)),
            Segment(page.perms.text, on(here, self._perms_style(page.perms))),
            Segment(page.mark or " ", on(here, "mark")),
            Segment(f"{_size(page.size):>5} ", on(here)),
            Segment(page.name, on(here, "name")),
        ]
        return Strip(segs).crop_extend(0, width, base)
