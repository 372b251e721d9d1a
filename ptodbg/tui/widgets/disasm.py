"""The disassembly around TPC, drawn with Textual's Line API.

The rows come from the view (:meth:`~ptodbg.debug.view.capture.View.listing`: a window of code
from the symbol that contains the focus address, restarting at every symbol as ``ptodbg
disasm`` does) and a row's text is made only when it becomes visible
(:meth:`~ptodbg.debug.view.capture.View.instruction`), so a program with thousands of symbols
costs no more than a small one.  Everything is read from the frozen view: showing code
never touches the machine, and scrolling during a background run shows the code of the
last stop.

Each row has a breakpoint marker (``●``; ``○`` when disabled), the TPC marker (``▶``; ``✗`` for the
instruction that trapped), the address and the instruction; symbols get label rows.
When ``frame``/``up``/``down`` selected an outer frame, the window follows that frame's
pc (its return address, marked ``↩`` and highlighted) and the title says "frame #N".
The cursor (up/down when the view has focus, or a click on a row) is where ``b``
toggles a breakpoint; a click in the two-cell gutter toggles the breakpoint of that row.

When the program has line information (a ``.s`` program, or an ELF with DWARF
``.debug_line``), the source line of the code is shown beside its first instruction
when the pane is wide enough, and the title names the file and line of the cursor's
instruction at any width.  The lines come from the view (:meth:`View.source_line`).
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.segment import Segment
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ptodbg.tui.pane import ViewPane
from ptodbg.tui.widgets.base import CURSOR_BINDINGS, RowStrips, merge_runs, set_title

if TYPE_CHECKING:
    from ptodbg.debug.engine.lines import SourceLine
    from ptodbg.debug.view.capture import View
    from ptodbg.debug.view.listing import Listing, Row

WIDTH = 200
TEXT_AT = 13  # the instruction's column: gutter 2, space, 8 address digits, 2 spaces
SOURCE_GAP = 30  # cells of instruction text before the source column
SOURCE_MIN = 20  # the source column is shown only when this many cells are left for it
GUTTER = 2  # cells of the breakpoint and TPC markers: a click here toggles a breakpoint


class DisasmView(ViewPane, RowStrips, ScrollView, can_focus=True):
    """Disassembly with breakpoint and TPC markers and a cursor."""

    STRIP_CACHE = 1024  # the TPC marker moving through a loop and back is drawn once

    COMPONENT_CLASSES = {
        "disasm--pc", "disasm--cursor", "disasm--breakpoint", "disasm--label", "disasm--address",
        "disasm--trap", "disasm--note", "disasm--source",
    }

    class BreakpointClicked(Message):
        """A click in the gutter of an instruction row: toggle its breakpoint."""

        def __init__(self, address: int) -> None:
            super().__init__()
            self.address = address

    COMPONENT_PREFIX = "disasm"

    BORDER_TITLE = "disassembly"
    BINDINGS = [
        *CURSOR_BINDINGS,
        Binding("home", "to_pc", "To TPC", show=False),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.listing: Listing | None = None
        self.rows: tuple[Row, ...] = ()
        self.focus_pc = 0
        self.cursor = 0
        self.breakpoints: frozenset[int] = frozenset()
        self._stop = 0  # the view.stop shown
        self._frame: tuple[int, int] = (0, 0)  # (view.stop, selected frame) shown
        self.frame_pc: int | None = None  # the selected outer frame's pc (a return address)
        self._text: dict[tuple[int, bytes], str] = {}
        self._sources: dict[int, tuple[SourceLine | None, bool]] = {}  # address -> (line, first of it)
        self.title_base = "disassembly"
        self.init_rows()

    # ---------------------------------------------------------- the window
    def _build(self, center: int) -> None:
        """Rows of the window around ``center`` (the view's listing, reused while the
        window's code is unchanged)."""
        assert self.view is not None
        listing = self.view.listing(center, self.listing)
        if listing is not self.listing:
            self.listing = listing
            self.rows = listing.rows
            self._sources.clear()
            self._refresh_size()
            self.refresh()

    def _refresh_size(self) -> None:
        self.drop_rows()
        self.virtual_size = Size(WIDTH, len(self.rows))

    @property
    def index(self):
        """Instruction address -> row number of the window shown."""
        return self.listing.index if self.listing is not None else {}

    # ------------------------------------------------------------- updates
    def show(self, view: View) -> None:
        """A new stop: follow the focus address (the cursor goes there); the same stop
        re-read (a breakpoint set): repaint the rows whose markers changed."""
        self.breakpoints = view.breakpoints
        new_stop = view.stop != self._stop
        new_frame = (view.stop, view.selected_frame) != self._frame
        self._stop = view.stop
        self._frame = (view.stop, view.selected_frame)
        self.focus_pc = view.focus_pc
        self.frame_pc = view.frame_pc if view.selected_frame else None
        follow = self.frame_pc if self.frame_pc is not None else self.focus_pc  # frame/up/down move the window
        self._build(follow if new_stop or new_frame or self.listing is None else self.cursor)
        if new_stop or new_frame:
            self.cursor = follow
            self._bring_into_view(follow)
        self.title_base = f"disassembly · frame #{view.selected_frame}" if view.selected_frame else "disassembly"
        self._repaint_changed()

    def jump(self, address: int) -> None:
        """Show ``address`` and put the cursor there (palette: go to a symbol)."""
        if self.view is None:
            return
        self._build(address)
        if address in self.index:
            self.cursor = address
        self._bring_into_view(address)
        self._repaint_changed()

    def _repaint_changed(self) -> None:
        top = int(self.scroll_y)
        width = self.size.width
        drawn = self._drawn
        for row in range(top, min(len(self.rows), top + max(1, self.scrollable_content_region.height))):
            if drawn.get(row) != self._signature(row):
                self.refresh(Region(0, row - top, width, 1))
        self._show_title()

    def _show_title(self) -> None:
        """The title names the source line of the cursor's instruction, when known."""
        title = self.title_base
        if self.view is not None and self.view.lines is not None:
            line, _first = self.source(self.cursor)
            if line is not None:
                title += f" · {line.path.rsplit('/', 1)[-1]}:{line.line}"
        set_title(self, title)

    def source(self, address: int) -> tuple[SourceLine | None, bool]:
        """The source line of the instruction at ``address`` and whether it is the first
        instruction of that line in the window (where the line is shown)."""
        got = self._sources.get(address)
        if got is None:
            view = self.view
            line = view.source_line(address) if view is not None else None
            first = False
            if line is not None:
                row = self.index.get(address)
                before = self._previous_instruction(row) if row is not None else None
                previous = view.source_line(before) if before is not None and view is not None else None
                first = previous is None or (previous.path, previous.line) != (line.path, line.line)
            got = self._sources[address] = (line, first)
        return got

    def _previous_instruction(self, row: int) -> int | None:
        for k in range(row - 1, -1, -1):
            if self.rows[k].length:
                return self.rows[k].address
            if not self.rows[k].note:
                return None  # a label row: a new symbol starts, show the line again
        return None

    def _source_column(self, width: int) -> int | None:
        """Where the source column starts at this width (None: no room for it)."""
        if self.view is None or self.view.lines is None:
            return None
        at = TEXT_AT + SOURCE_GAP
        return at if width - at >= SOURCE_MIN else None

    # --------------------------------------------------------------- mouse
    def on_click(self, event) -> None:
        """A click on a row moves the cursor there; in the gutter it toggles the row's
        breakpoint."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        row_index = int(self.scroll_y) + offset.y
        if not 0 <= row_index < len(self.rows) or not self.rows[row_index].length:
            return
        address = self.rows[row_index].address
        self.cursor = address
        self._repaint_changed()
        if int(self.scroll_x) + offset.x < GUTTER:
            self.post_message(self.BreakpointClicked(address))

    def _bring_into_view(self, address: int) -> None:
        row = self.index.get(address)
        if row is None:
            return
        height = max(1, self.scrollable_content_region.height)
        top = int(self.scroll_y)
        if not top + 1 <= row < top + height - 2:
            self.scroll_to(y=max(0, row - height // 3), animate=False, immediate=True)

    def action_cursor(self, delta: int) -> None:
        addrs = [r.address for r in self.rows if r.length]
        if not addrs:
            return
        i = bisect.bisect_left(addrs, self.cursor)
        i = max(0, min(len(addrs) - 1, i + delta))
        self.cursor = addrs[i]
        self._bring_into_view(self.cursor)
        self._repaint_changed()

    def action_to_pc(self) -> None:
        self.cursor = self.focus_pc
        self._bring_into_view(self.focus_pc)
        self._repaint_changed()

    # ----------------------------------------------------------- rendering

    def _instruction_text(self, address: int, word: bytes | None) -> str:
        key = (address, word or b"")
        text = self._text.get(key)
        if text is None:
            assert self.view is not None
            text = self.view.instruction(address).text
            if len(self._text) > 4096:
                self._text.clear()
            self._text[key] = text
        return text

    def _signature(self, row_index: int) -> tuple:
        """What a row's look depends on (markers, focus, the instruction's bytes)."""
        row = self.rows[row_index]
        if not row.length:
            return (row.label, row.note)
        view = self.view
        assert view is not None
        trap = view.trap
        trapped = (trap is not None and not trap.recovered and not trap.info.vectored
                   and row.address == trap.info.saved_tpc)
        word = view.memory.read(row.address, row.length)
        return (row.address == self.focus_pc, row.address == self.cursor and self.has_focus,
                row.address in self.breakpoints, trapped, word, self.scrollable_content_region.width,
                row.address == self.frame_pc, row.address in view.disabled)

    def _source_text(self, address: int, width: int) -> str | None:
        """The source beside a row (its first instruction of a line), None when none."""
        if self._source_column(width) is None:
            return None
        line, first = self.source(address)
        if line is None or not first:
            return None
        return f"│ {line.line} {line.text.strip()}"

    def render_line(self, y: int) -> Strip:
        row_index = int(self.scroll_y) + y
        width = self.scrollable_content_region.width
        base = self.base_style
        if not 0 <= row_index < len(self.rows):
            return Strip.blank(width, base)
        sig = self._signature(row_index)
        self._drawn[row_index] = sig
        scroll_x = int(self.scroll_x)
        row = self.rows[row_index]
        key = (row, sig, width, scroll_x)
        strip = self._strips.get(key)
        if strip is None:
            strip = Strip(merge_runs(list(self._draw(row, sig, width))))
            strip = strip.crop_extend(scroll_x, scroll_x + width, base)
            self._strips.set(key, strip)
        return strip

    def _draw(self, row: Row, sig: tuple, width: int) -> Strip:
        if not row.length:
            style = self.on_base("note" if row.note else "label")
            return Strip([Segment(row.label if row.note else f"{row.label}:", style)])
        at_pc, cursor, bp, trapped, word, _width, at_frame, disabled = sig
        line = "pc" if at_pc or at_frame else ("cursor" if cursor else "")
        on = self.on_base
        digits = 8 if row.address < 1 << 32 else 16
        text = self._instruction_text(row.address, word)
        segs = [
            Segment("●" if bp else ("○" if disabled else " "), on(line, "breakpoint")),
            Segment("✗" if trapped else ("▶" if at_pc else ("↩" if at_frame else " ")),
                    on(line, "trap") if trapped else on(line)),
            Segment(" ", on(line)),
            Segment(f"{row.address:0{digits}x}", on(line, "address")),
            Segment("  ", on(line)),
            Segment(text, on(line)),
        ]
        source = self._source_text(row.address, width)
        if source is not None:
            used = 5 + digits + cell_len(text)
            column = self._source_column(width) or used
            segs.append(Segment(" " * max(2, column - used), on(line)))
            segs.append(Segment(source, on(line, "source")))
        strip = Strip(segs)
        if line:
            strip = strip.extend_cell_length(width, on(line))
        return strip

    def redraw(self) -> None:
        RowStrips.redraw(self)

    def on_focus(self) -> None:
        self._repaint_changed()

    def on_blur(self) -> None:
        self._repaint_changed()
