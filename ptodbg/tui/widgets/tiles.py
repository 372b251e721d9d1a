"""The Tiles tab: the 64 local tile registers and the selected tile's elements
(docs/interfaces.md §12).

At the top, one row per hand (T, U, M, N: the spec's TileHandOf) with its 16 registers: an
allocated tile shows its number, a free one ``·``; the tiles changed since the last stop
are marked, the selected one highlighted.  Then the open block's tile operation (its name,
engine, type and bindings) and the selected tile: its descriptor and its elements as a
grid, decoded by the tile's data type (``x`` switches to the raw bits), undefined elements
shaded, elements outside the valid region dimmed, elements changed since the last stop
marked.  The tile shown follows the stops (the first tile the open block reads, else the
tile an operation just wrote) until one is picked: left/right or a click on the map picks
another; a click on an element selects it for ``w`` (go to the step that last wrote it:
``last tile N ROW COL``).

The tab is hidden while the program has no tile and no tile block open (an
:class:`~ptodbg.tui.pane.OptionalTab`); F10 opens it anyway.  Everything comes from the
view (:mod:`ptodbg.debug.view.tiles`); the pane draws only while its tab is open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.segment import Segment
from textual.binding import Binding
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ptodbg.tui.pane import OptionalTab, Picked, ViewPane
from ptodbg.tui.widgets.base import StyleCache

if TYPE_CHECKING:
    from ptodbg.debug.view.capture import View
    from ptodbg.debug.view.tiles import TileContents, TileOperation

HANDS = "TUMN"
MAP_TOP = 1  # the first row of the register map (after the header)
MAP_PREFIX = 3  # "T  " before a hand's cells
CELL = 3  # cells of one register in the map
GRID_LABEL = 6  # "[ 12] " before a row's elements
MAX_ROWS = 512  # rows of a tile drawn (a note says how many more)

Run = tuple[str, str | None]  # (text, component)


class TilesPane(OptionalTab, ViewPane, StyleCache, ScrollView, can_focus=True):
    """The tile registers and the selected tile (see the module)."""

    TAB = "Tiles"
    TAB_ORDER = 65
    DEFAULT_ID = "tiles"
    LAZY = True

    DEFAULT_CSS = "TilesPane { height: 1fr; padding: 0 1; background: $surface; }"
    COMPONENT_PREFIX = "tiles"
    COMPONENTS = {
        "header": "color: $foreground-muted;",
        "hand": "color: $pd-label; text-style: bold;",
        "free": "color: $pd-future;",
        "changed": "color: $pd-changed; text-style: bold;",
        "selected": "background: $pd-event; text-style: bold;",
        "title": "color: $pd-label; text-style: bold;",
        "operation": "color: $pd-label;",
        "label": "color: $pd-address;",
        "padding": "color: $pd-zero;",
        "undefined": "color: $pd-future; background: $pd-cursor;",
        "picked": "background: $pd-event; text-style: underline;",
    }

    BINDINGS = [
        Binding("left", "pick(-1)", "Previous tile", show=False),
        Binding("right", "pick(1)", "Next tile", show=False),
        Binding("x", "raw", "Raw bits", show=False),
    ]

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[list[Run]] = []
        self.selected: int | None = None  # the tile shown
        self.pinned = False  # the user picked it (else it follows the stops)
        self.fmt = ""  # "" by type, "x" raw bits
        self.element: tuple[int, int] | None = None  # the element clicked (for w)
        self._grid_top = 0  # the line of the selected tile's row 0
        self._cell = 2  # cells of one element of the grid (a space follows each)
        self._width = 1

    # ------------------------------------------------------------ content
    def wanted(self, view: View) -> bool:
        """The tab is shown while a tile is allocated or a tile block is open."""
        return not view.tile_state.empty

    @property
    def plain(self) -> str:
        """The lines as text (what a user reads)."""
        return "\n".join("".join(text for text, _ in line).rstrip() for line in self.lines)

    def show(self, view: View) -> None:
        allocated = [t.index for t in view.tiles]
        if self.selected not in allocated:
            self.pinned = False
            self.element = None
        if not self.pinned:
            changed = sorted(set(allocated) & view.tiles_changed)
            used = self._operands(view)
            if any(index in allocated for index in used):
                self.selected = next(index for index in used if index in allocated)
            elif changed:
                self.selected = changed[0]
            elif self.selected not in allocated:
                self.selected = allocated[0] if allocated else None
        self._build(view)

    @staticmethod
    def _operands(view: View) -> list[int]:
        """The tiles the open block reads (a TSTORE's source, a TADD's operands)."""
        op = view.operation
        return [index for binding in op.tiles for index in binding.sources] if op is not None else []

    def _build(self, view: View) -> None:
        allocated = {t.index for t in view.tiles}
        lines: list[list[Run]] = []
        if allocated:
            other = "by type" if self.fmt == "x" else "raw bits"
            lines.append([(f"{len(allocated)} of 64 tiles  left/right: pick  x: {other}  "
                           "click an element, w: its writer", "header")])
        else:
            lines.append([("no tile is allocated: a TLOAD (or any tile block) allocates its destination; "
                           "info tiles and tile N show them on the command line", "header")])
        for hand, name in enumerate(HANDS):
            runs: list[Run] = [(f"{name}  ", "hand")]
            for k in range(16):
                index = 16 * hand + k
                if index not in allocated:
                    runs.append((f"{'·':>{CELL}}", "free"))
                    continue
                style = "selected" if index == self.selected else "changed" if index in view.tiles_changed else None
                runs.append((f"{index:>{CELL}}", style))
            lines.append(runs)
        lines.append(self._operation_line(view.operation))
        lines.append([])
        contents = view.tile(self.selected) if self.selected is not None else None
        self._grid_top = len(lines) + 2
        if contents is not None:
            lines.extend(self._grid(contents, contents.changed_from(view.tile_before(contents.index))))
        self.lines = lines
        self._width = max((sum(len(t) for t, _ in line) for line in lines), default=1)
        self.virtual_size = Size(self._width, len(lines))
        self.refresh()

    @staticmethod
    def _operation_line(op: TileOperation | None) -> list[Run]:
        if op is None:
            return [("no tile block open", "free")]
        binds = []
        for b in op.tiles:
            part = ", ".join(map(str, b.sources)) or "-"
            if b.destination is not None:
                part += f" -> {b.destination} ({b.size} B)"
            binds.append(part)
        if op.scalar_sources:
            binds.append("regs " + ", ".join(op.scalar_sources))
        text = f"block: {op.name} on {op.engine}, {op.dtype or 'no type'}" + (": " + "; ".join(binds) if binds else "")
        return [(text, "operation")]

    def _grid(self, contents: TileContents, changed) -> list[list[Run]]:
        reg = contents.register
        fmt = self.fmt
        rows = min(contents.rows, MAX_ROWS)
        texts = [[contents.text(r, c, fmt) for c in range(contents.columns)] for r in range(rows)]
        width = max([2, *(len(t) for row in texts for t in row)])
        self._cell = width
        out: list[list[Run]] = [[
            (f"tile {reg.index} {reg.hand} {'' if reg.kind == 'numeric' else reg.kind + ' '}{reg.dtype} {reg.shape} "
             f"{reg.layout} {reg.location} pe {reg.pe_mask:04b} {reg.capacity} B defined {reg.defined_elements}/"
             f"{reg.valid_rows * reg.valid_columns}", "title")]]
        out.append([(" " * GRID_LABEL, None)] + [(f"{c:>{width}} ", "label") for c in range(contents.columns)])
        for r in range(rows):
            runs: list[Run] = [(f"[{r:3}] ", "label")]
            for c in range(contents.columns):
                _, defined = contents.element(r, c)
                text = texts[r][c] if defined else "--"
                if self.element == (r, c):
                    style = "picked"
                elif not defined:
                    style = "undefined"
                elif changed(r, c):
                    style = "changed"
                elif not contents.in_valid(r, c):
                    style = "padding"
                else:
                    style = None
                runs.append((f"{text:>{width}}", style))
                runs.append((" ", None))
            out.append(runs)
        if contents.rows > rows:
            out.append([(f"(+{contents.rows - rows} rows: tile {reg.index} ROW on the command line)", "header")])
        return out

    # ---------------------------------------------------------- rendering
    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        index = int(self.scroll_y) + y
        if not 0 <= index < len(self.lines):
            return Strip.blank(width, self.base_style)
        on = self.on_base
        strip = Strip([Segment(text, on(style)) for text, style in self.lines[index]])
        scroll_x = int(self.scroll_x)
        return strip.crop_extend(scroll_x, scroll_x + width, self.base_style)

    def redraw(self) -> None:
        self.forget_styles()
        if self.view is not None:
            self._build(self.view)

    # ------------------------------------------------------------- acting
    def action_pick(self, delta: int) -> None:
        """The previous or next allocated tile."""
        view = self.view
        if view is None or not view.tiles:
            return
        allocated = [t.index for t in view.tiles]
        at = allocated.index(self.selected) if self.selected in allocated else 0
        self._pick(allocated[(at + delta) % len(allocated)])

    def action_raw(self) -> None:
        """x: raw bits / values by type."""
        self.fmt = "" if self.fmt == "x" else "x"
        if self.view is not None:
            self._build(self.view)

    def _pick(self, index: int) -> None:
        self.selected, self.pinned, self.element = index, True, None
        if self.view is not None:
            self._build(self.view)

    def on_click(self, event) -> None:
        """A click on the map picks a tile; on an element, selects it (:class:`Picked`)."""
        offset = event.get_content_offset(self)
        view = self.view
        if offset is None or view is None:
            return
        x, y = offset.x + int(self.scroll_x), offset.y + int(self.scroll_y)
        if MAP_TOP <= y < MAP_TOP + len(HANDS) and x >= MAP_PREFIX:
            index = 16 * (y - MAP_TOP) + (x - MAP_PREFIX) // CELL
            if (x - MAP_PREFIX) // CELL < 16 and view.tile(index) is not None:
                self._pick(index)
            return
        contents = view.tile(self.selected) if self.selected is not None else None
        row = y - self._grid_top
        if contents is None or not 0 <= row < min(contents.rows, MAX_ROWS) or x < GRID_LABEL:
            return
        column = (x - GRID_LABEL) // (self._cell + 1)
        if column >= contents.columns:
            return
        self.element = (row, column)
        self.pinned = True
        self._build(view)
        value = contents.text(row, column, self.fmt)
        what = f"tile {contents.index} element ({row}, {column}) = {value}"
        self.post_message(Picked("tile", f"tile {contents.index} {row} {column}", what))
