"""A DMA-aware hex view of sparse memory, drawn with Textual's Line API.

Only the visible rows are rendered (:meth:`HexView.render_line`), so the cost of a repaint
does not depend on how much memory the program maps.  The view scrolls over a *window*
of :data:`WINDOW` bytes around its anchor; the anchor comes from the view's *follow*
expression, re-evaluated at every stop: ``dma.src`` / ``dma.dst`` (the DMA of the current
or last instruction; with no DMA, the memory a tile block's TLOAD or TSTORE moves), a
symbol, an address, or any register expression such as ``sp+16``.

Each row shows, left to right: the page permissions (``r``/``w``/``x``, ``-`` for a
missing right) and a mark for injected permissions (``!`` once-only, ``*`` set by the
user, ``@`` a scheduled injection), the address, the bytes and their ASCII.  The DMA
source and destination ranges and their overlap have their own background (and so do the
footprint of a tile block's memory operation, the ranges it reads and writes:
:attr:`View.tile_transfer <ptodbg.debug.view.capture.View.tile_transfer>`), bytes written
by the last step are bold in their own colour, and the bytes of the event selected in
the event pane are highlighted.  Every colour is a component class styled from the
theme's ``pd-*`` variables (see ``ptodbg.tcss``).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widgets import Input, Label

from ptodbg.debug.view.records import PAGE_SHIFT, Perms
from ptodbg.tui.pane import Picked, ViewPane
from ptodbg.tui.widgets.base import RowStrips, TextLine, merge_runs

if TYPE_CHECKING:
    from ptodbg.debug.view.capture import View

WINDOW = 1 << 18  # bytes a view scrolls over around its anchor
CONTEXT_ROWS = 1  # rows shown above the anchor when the view moves
MASK64 = (1 << 64) - 1
PRINTABLE = frozenset(range(0x20, 0x7F))
# Row layouts, widest first: (bytes a row, ASCII column, spaces after the address).  A
# view takes the first that fits its width (32 bytes a row on a 200-column terminal).  The
# last, for an 80-column terminal, also lets the injection mark share its cell with the
# space after the permissions ("rw-!00011000" when marked, "rw- 00011000" when not).
LAYOUTS = ((32, True, 2), (16, True, 2), (16, False, 2), (8, True, 2), (8, False, 2), (8, False, 1))
# The memory views of the main screen: (key, label, what it follows at first).
MEMORY_VIEWS = (("a", "memory A", "dma.src"), ("b", "memory B", "dma.dst"))
STACK_NAMES = frozenset({"[stack]"})  # page names that are a stack (a view's home is elsewhere)
# The subtitle of every memory view: what its colours and marks mean.
LEGEND = ("[on $pd-dma-src] src [/][on $pd-dma-dst] dst [/][on $pd-dma-overlap] both [/]"
          " [b $pd-written]written[/] [$pd-perm-fault]! once * set @ later[/]")


Ranges = tuple[tuple[int, int], ...]  # [low, high) byte ranges, in address order, disjoint


def moved_ranges(view: View | None) -> tuple[Ranges, Ranges]:
    """The byte ranges the memory views shade as read (src) and written (dst): the DMA's,
    else the footprint of the tile block the stop is at or just committed (a TLOAD reads
    rows of memory, a TSTORE writes them; a faulted one shows what it would move)."""
    if view is None:
        return (), ()
    if view.dma is not None:
        return (view.dma.src_range,), (view.dma.dst_range,)
    moved = view.tile_transfer
    if moved is None:
        return (), ()
    return moved.src, moved.dst


def _in_ranges(ranges: Ranges, address: int) -> bool:
    at = bisect_right(ranges, (address, MASK64 + 1)) - 1
    return at >= 0 and address < ranges[at][1]


def _meets(ranges: Ranges, low: int, high: int) -> bool:
    """Some range holds a byte of [low, high)."""
    at = bisect_right(ranges, (high - 1, MASK64 + 1)) - 1
    return at >= 0 and low < ranges[at][1]


def _gutter(sep: int) -> int:
    """Cells of the permission gutter: "rw-", the mark, a space (the tight layout: the
    mark is the space)."""
    return 5 if sep > 1 else 4


@dataclass(frozen=True)
class Follow:
    """What a view follows and where that is now (``address`` None: unknown)."""

    text: str
    address: int | None
    error: str | None = None
    note: str = ""


def evaluate_follow(view: View | None, text: str) -> Follow:
    """The address a follow expression names at this stop."""
    key = text.strip().lower()
    if key in ("dma.src", "dma.dst"):
        if view is not None and view.dma is None and key == "dma.dst" and view.symbols.lookup("dst") is None:
            # memory B of a program without a DMA destination of its own (a compiled
            # program): the stack at the selected frame's sp, as its home promises
            return Follow(text, view.frame_regs["sp"], note="no DMA now: sp")
        if view is None or view.dma is None:
            moved = view.tile_transfer if view is not None else None
            ranges = (moved.src if key == "dma.src" else moved.dst) if moved is not None else ()
            if moved is not None and ranges:  # no DMA: the tile block's footprint
                return Follow(text, ranges[0][0], note=f"{moved.name or 'tile block'} {moved.when}")
            return Follow(text, None, note="no DMA now")
        dma = view.dma
        return Follow(text, dma.src if key == "dma.src" else dma.dst, note=f"DMA {dma.when}")
    if view is None:
        return Follow(text, None, note="no stop yet")
    try:
        return Follow(text, view.resolve(text) & MASK64)
    except ValueError as e:  # ViewError is a ValueError
        return Follow(text, None, error=str(e))


class HexView(RowStrips, ScrollView, can_focus=True):
    """One memory view.  Its :class:`MemoryPane` hands it every view with :meth:`show`."""

    STRIP_CACHE = 1024  # both DMA states of a few screens of rows

    COMPONENT_CLASSES = {
        "hexview--src", "hexview--dst", "hexview--overlap", "hexview--written", "hexview--event",
        "hexview--perm-r", "hexview--perm-w", "hexview--perm-x", "hexview--perm-none",
        "hexview--perm-fault", "hexview--unmapped", "hexview--zero", "hexview--address",
        "hexview--anchor",
    }

    # up/down/pageup/pagedown scroll as in every ScrollView (inherited); home goes back to
    # the followed address rather than to the top of memory.
    BINDINGS = [Binding("home", "to_anchor", "Anchor", show=False)]

    COMPONENT_PREFIX = "hexview"

    def __init__(self, follow: str, label: str, home: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.label = label
        self.follow = Follow(follow, None)
        self.home = home & ~0xF
        self.anchor = self.home
        self.target: int | None = None  # the last address the follow expression resolved to
        self.view: View | None = None
        self.moved: tuple[Ranges, Ranges] = ((), ())  # the shaded (src, dst) ranges of the view
        self.selected: tuple[int, int] | None = None
        self.base = 0
        self.rows = 1
        self.bpr = 16
        self.ascii = True
        self.sep = 2  # spaces between the address and the bytes
        self.init_rows()
        self._set_window(self.anchor)

    # ------------------------------------------------------------ geometry
    @property
    def address_digits(self) -> int:
        return 8 if self.base + WINDOW <= 1 << 32 else 16

    def _width_of(self, bpr: int, ascii_: bool, sep: int = 2) -> int:
        """Cells of a row: gutter, address, bytes (an extra space every 8), ASCII."""
        width = _gutter(sep) + self.address_digits + sep + bpr * 3 - 1 + (bpr // 8 - 1)
        return width + (1 + bpr if ascii_ else 0)

    def line_width(self) -> int:
        return self._width_of(self.bpr, self.ascii, self.sep)

    def _bytes_at(self) -> int:
        """The cell where the first byte of a row starts."""
        return _gutter(self.sep) + self.address_digits + self.sep

    def _choose_layout(self, width: int) -> None:
        """The widest of :data:`LAYOUTS` that fits (32 bytes a row with ASCII, down to 8
        bytes without ASCII and one space after the address)."""
        bpr, ascii_, sep = next((layout for layout in LAYOUTS if width >= self._width_of(*layout)), LAYOUTS[-1])
        if (bpr, ascii_, sep) != (self.bpr, self.ascii, self.sep):
            self.bpr, self.ascii, self.sep = bpr, ascii_, sep
            self._set_window(self.anchor)
            self._scroll_to_anchor()

    def on_resize(self) -> None:
        self._choose_layout(self.scrollable_content_region.width)
        self._drawn.clear()
        self.virtual_size = Size(self.line_width(), self.rows)
        low, high = self.visible_range()
        if not low <= self.anchor < high:  # moved while hidden (a pane of a small terminal)
            self._scroll_to_anchor()

    def _set_window(self, address: int) -> None:
        half = WINDOW // 2
        base = max(0, min(address - half, (1 << 64) - WINDOW))
        self.base = base - base % self.bpr
        self.rows = WINDOW // self.bpr
        self.virtual_size = Size(self.line_width(), self.rows)
        self._drawn.clear()

    def row_of(self, address: int) -> int:
        return (address - self.base) // self.bpr

    def visible_range(self) -> tuple[int, int]:
        top = self.base + int(self.scroll_y) * self.bpr
        return top, top + max(1, self.scrollable_content_region.height) * self.bpr

    def _scroll_to_anchor(self) -> None:
        self.scroll_to(y=max(0, self.row_of(self.anchor) - CONTEXT_ROWS), animate=False, immediate=True)

    def move_to(self, address: int, *, force: bool = False) -> None:
        """Make ``address`` the anchor; scroll only when it is not already in sight."""
        address &= MASK64
        self.anchor = address - address % self.bpr
        if not self.base <= address < self.base + WINDOW:
            self._set_window(address)
            force = True
        low, high = self.visible_range()
        if force or not low <= address < high:
            self._scroll_to_anchor()
        self.refresh()

    def ensure_visible(self, low: int, high: int) -> None:
        """Scroll so that [low, high) is in sight (an event's bytes)."""
        vis_low, vis_high = self.visible_range()
        if vis_low <= low and high <= vis_high:
            return
        if not self.base <= low < self.base + WINDOW:
            self._set_window(low)
        self.scroll_to(y=max(0, self.row_of(low) - CONTEXT_ROWS), animate=False, immediate=True)

    def action_to_anchor(self) -> None:
        self._scroll_to_anchor()

    # --------------------------------------------------------------- state
    def set_follow(self, text: str) -> Follow:
        """Follow a new expression (checked at once); the view moves when it resolves."""
        self.follow = evaluate_follow(self.view, text)
        if self.follow.address is not None:
            self.target = self.follow.address
            self.move_to(self.follow.address, force=True)
        return self.follow

    def show(self, view: View) -> None:
        """A new stop: re-evaluate the follow expression; repaint the rows that changed."""
        if self.view is None or view.stop != self.view.stop:
            self.selected = None  # a new stop: the selected event is gone
        self.view = view
        self.moved = moved_ranges(view)
        self.follow = evaluate_follow(view, self.follow.text)
        if self.follow.address is not None and self.follow.address != self.target:
            self.target = self.follow.address
            self.move_to(self.follow.address, force=True)
        else:
            self._repaint_changed()

    def select(self, low: int | None, high: int = 0) -> None:
        """Highlight [low, high) (an event's bytes); None clears the highlight."""
        self.selected = None if low is None else (low, high)
        if low is not None and self.base <= low < self.base + WINDOW:
            self.ensure_visible(low, high)
        self._repaint_changed()

    def _repaint_changed(self) -> None:
        """Refresh only the visible rows whose content or highlighting changed."""
        top = int(self.scroll_y)
        width = self.size.width
        drawn = self._drawn
        for row in range(top, min(self.rows, top + max(1, self.scrollable_content_region.height))):
            if drawn.get(row) != self._signature(row):
                self.refresh(Region(0, row - top, width, 1))

    def where(self) -> str:
        """Where the follow expression points now (the text beside the follow field)."""
        f = self.follow
        if f.error:
            return f"✗ {f.error}"
        text = f"= {f.address:#x}" if f.address is not None else "= ?"
        return text + (f" ({f.note})" if f.note else "")

    def title(self) -> str:
        f = self.follow
        where = f"{f.address:#x}" if f.address is not None else "?"
        text = f"{self.label}: {f.text} = {where}"
        if f.error:
            text = f"{self.label}: {f.text}: {f.error}"
        elif f.note:
            text += f" ({f.note})"
        return text

    # --------------------------------------------------------------- mouse
    def byte_at(self, x: int, y: int) -> int | None:
        """The address of the byte drawn at content cell (x, y) (in the hex or the ASCII
        column), None elsewhere."""
        row = int(self.scroll_y) + y
        if not 0 <= row < self.rows:
            return None
        x += int(self.scroll_x)
        start = self._bytes_at()
        address = self.base + row * self.bpr
        hex_end = start + self.bpr * 3 - 1 + (self.bpr // 8 - 1)
        if start <= x < hex_end:
            group, inside = divmod(x - start, 25)  # a group of 8 bytes: 8 x "hh " and one more space
            k, cell = divmod(inside, 3)
            if k < 8 and cell < 2:
                return address + 8 * group + k
            return None
        if self.ascii and hex_end + 1 <= x < hex_end + 1 + self.bpr:
            return address + x - hex_end - 1
        return None

    def on_click(self, event) -> None:
        """A click on a byte selects it (highlighted) and tells the main screen (:class:`Picked`)."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        address = self.byte_at(offset.x, offset.y)
        if address is None:
            return
        self.select(address, address + 1)
        data = self.view.read(address, 1) if self.view is not None else None
        value = f" = {data[0]:#04x}" if data is not None else " (not mapped)"
        self.post_message(Picked("memory", address, f"{self.label} byte {address:#x}{value}"))

    # ----------------------------------------------------------- rendering
    def render_line(self, y: int) -> Strip:
        row = int(self.scroll_y) + y
        width = self.scrollable_content_region.width
        base = self.base_style
        if not 0 <= row < self.rows:
            return Strip.blank(width, base)
        sig = self._signature(row)
        self._drawn[row] = sig
        address = self.base + row * self.bpr
        scroll_x = int(self.scroll_x)
        key = (address, sig, self.bpr, self.ascii, self.sep, self.address_digits, scroll_x, width)
        strip = self._strips.get(key)
        if strip is None:
            strip = Strip(merge_runs(self._segments(address, sig))).crop_extend(scroll_x, scroll_x + width, base)
            self._strips.set(key, strip)
        return strip

    def _byte_classes(self, address: int) -> tuple[tuple[str, bool], ...]:
        """Per byte of a row: its background class ("" for none) and whether the last
        step wrote it."""
        view = self.view
        written = view.written if view is not None else frozenset()
        sel = self.selected
        src, dst = self.moved
        end = address + self.bpr
        if not written and sel is None and not _meets(src, address, end) and not _meets(dst, address, end):
            return ()
        out = []
        for a in range(address, end):
            if sel is not None and sel[0] <= a < sel[1]:
                bg = "event"
            else:
                in_src = _in_ranges(src, a)
                in_dst = _in_ranges(dst, a)
                bg = "overlap" if in_src and in_dst else "src" if in_src else "dst" if in_dst else ""
            out.append((bg, a in written))
        return tuple(out)

    def _signature(self, row: int) -> tuple:
        """Everything a row's look depends on; equal signatures draw equal rows."""
        address = self.base + row * self.bpr
        view = self.view
        if view is None:
            return (None, None, None, address == self.anchor, ())
        data, perms = view.memory.row(address, self.bpr)
        return (data, perms, view.marks.get(address >> PAGE_SHIFT), address == self.anchor,
                self._byte_classes(address))

    def _segments(self, address: int, sig: tuple) -> list[Segment]:
        data, perms, mark, anchor, classes = sig
        on = self.on_base
        base = self.base_style
        segs: list[Segment] = []
        if perms is None:
            segs.append(Segment(" " * _gutter(self.sep), base))
        else:
            segs += [
                Segment("r", on("perm-r")) if perms & Perms.R else Segment("-", on("perm-none")),
                Segment("w", on("perm-w")) if perms & Perms.W else Segment("-", on("perm-none")),
                Segment("x", on("perm-x")) if perms & Perms.X else Segment("-", on("perm-none")),
                Segment(mark, on("perm-fault")) if mark else Segment(" ", base),
                *((Segment(" ", base),) if self.sep > 1 else ()),
            ]
        segs.append(Segment(f"{address:0{self.address_digits}x}", on("anchor" if anchor else "address")))
        segs.append(Segment(" " * self.sep, base))
        bpr = self.bpr
        plain = classes == ()
        styles: list[Style] = []
        for k in range(bpr):
            bg, wrote = ("", False) if plain else classes[k]
            if data is None:
                fg = "unmapped"
            elif wrote:
                fg = "written"
            elif data[k] == 0:
                fg = "zero"
            else:
                fg = ""
            style = on(bg, fg)
            styles.append(style)
            segs.append(Segment(f"{data[k]:02x}" if data is not None else "··", style))
            if k + 1 < bpr:
                gap = " " if (k + 1) % 8 else "  "
                same = bg and not plain and classes[k + 1][0] == bg
                segs.append(Segment(gap, on(bg) if same else base))
        if self.ascii:
            segs.append(Segment(" ", base))
            for k in range(bpr):
                ch = "·" if data is None else (chr(data[k]) if data[k] in PRINTABLE else ".")
                segs.append(Segment(ch, styles[k]))
        return segs


class MemoryPane(ViewPane, Vertical):
    """A memory view with its follow row: the expression it follows (an input) and where
    that points now.  ``key`` names it ("a", "b"): the ids of its parts end in it.

    The pane owns its glue: enter in its follow field follows that expression (an empty
    field: the pane's first one) and tells the screen (:class:`Followed`), and it keeps the
    name a session knows it by (:meth:`record`, :meth:`restore`)."""

    ALLOW_MAXIMIZE = True  # z, or its key in a small terminal, shows it alone

    class Followed(Message):
        """The user gave the pane a new expression to follow (its follow field): the
        screen keeps it in the session and says where the view went."""

        def __init__(self, pane: MemoryPane, result: Follow) -> None:
            super().__init__()
            self.pane = pane
            self.result = result

    def __init__(self, key: str, label: str, follow: str, home: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.key = key
        self.label = label
        self.first_follow = follow  # what the pane follows when its field is emptied
        self.session_name = key  # the name sessions save the view under ("source" in an example)
        self.input = Input(follow, id=f"follow-{key}", classes="follow", compact=True,
                           placeholder="dma.src, dma.dst, symbol, address, sp+16")
        self.where = TextLine("", id=f"where-{key}", classes="where")
        self.hexview = HexView(follow, label, home, id=f"mem-{key}", classes="box")

    def compose(self) -> ComposeResult:
        with Horizontal(classes="followrow"):
            yield Label(f"{self.label} follows")
            yield self.input
            yield self.where
        yield self.hexview

    def on_mount(self) -> None:  # (ViewPane.on_mount runs too: Textual calls each class's handler)
        self.hexview.border_title = self.label
        self.hexview.border_subtitle = LEGEND

    def show(self, view: View) -> None:
        self.hexview.show(view)
        self.show_where()

    def redraw(self) -> None:
        self.hexview.redraw()

    def follow(self, text: str) -> Follow:
        """Follow a new expression; the input shows it."""
        self.input.value = text
        result = self.hexview.set_follow(text)
        self.show_where()
        return result

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter in the follow field: follow it, and the bytes get the focus."""
        event.stop()
        result = self.follow(event.value.strip() or self.first_follow)
        self.post_message(self.Followed(self, result))
        self.hexview.focus()

    def show_where(self) -> None:
        """The follow field's neighbour: where the view's expression points now."""
        self.where.update(self.hexview.where())
        self.where.set_class(self.hexview.follow.error is not None, "-error")

    # ------------------------------------------------------------ sessions
    def record(self) -> dict[str, str]:
        """The view as a session saves it: its name and what it follows."""
        return {"name": self.session_name, "follow": self.hexview.follow.text}

    def restore(self, record: dict) -> None:
        """Take a session's view (a record with a ``follow`` string): its expression is
        evaluated at the next stop; its name is kept for the next save."""
        follow = record["follow"].strip()
        if not follow:
            return
        self.session_name = str(record.get("name") or self.key)
        self.input.value = follow
        self.hexview.follow = replace(self.hexview.follow, text=follow)


def place_views(records: list, keys: Sequence[str]) -> dict[str, dict]:
    """Which memory view takes which of a session's views: a record named after a view
    ("a", "b") goes to it, the others in order to the views left (the first to memory A,
    the second to memory B).  Records without a ``follow`` string are skipped."""
    records = [r for r in records if isinstance(r, dict) and isinstance(r.get("follow"), str)]
    free = list(keys)
    placed: dict[str, dict] = {}
    for r in records:
        name = str(r.get("name", "")).lower()
        if name in free:
            placed[name] = r
            free.remove(name)
    for r in records:
        if r not in placed.values() and free:
            placed[free.pop(0)] = r
    return placed


def home_address(view: View, key: str) -> int:
    """Where a memory view starts before its follow expression resolves.

    View A: the ``src`` symbol, else the test-binary result, else the program's first
    writable range that is not a stack, else the stack.  View B: the ``dst`` symbol, else
    the stack at sp."""
    stack = max(0, view.regs["sp"] - 64)
    named = view.symbols.lookup("dst" if key == "b" else "src")
    if named is not None:
        return named
    if key == "b":
        return stack
    if view.result is not None:
        return view.result[0]
    writable = [page.start for page in view.pages if page.perms & page.perms.W and page.name not in STACK_NAMES]
    return min(writable) if writable else stack
