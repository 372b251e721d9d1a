"""The disassembly around TPC, drawn with Textual's Line API.

The view sweeps a window of code (from the symbol that contains the focus address, at
most :data:`BEFORE` bytes back, to :data:`AFTER` bytes on), restarting the sweep at every
symbol as ``ptodbg disasm`` does, and formats a row only when it becomes visible, so a
program with thousands of symbols costs no more than a small one.  Decoding here reads
memory without side effects (:func:`ptodbg.tui.model.peek_decode`): showing code never
changes the machine.

Each row has a breakpoint marker (``●``), the TPC marker (``▶``; ``✗`` for the
instruction that trapped), the address and the instruction; symbols get label rows.
The cursor (up/down when the view has focus) is where ``b`` toggles a breakpoint.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.segment import Segment
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from ptodbg.core.memory import PAGE_SHIFT, X
from ptodbg.isa.decoder import instruction_length
from ptodbg.isa.disasm import format_instruction
from ptodbg.tui.model import peek_decode
from ptodbg.tui.widgets.base import CURSOR_BINDINGS, RowStrips, merge_runs

if TYPE_CHECKING:
    from ptodbg.debug.engine import Debugger
    from ptodbg.tui.model import StopState

BEFORE = 0x800
AFTER = 0x1000
WIDTH = 200


@dataclass(frozen=True, slots=True)
class Row:
    address: int
    length: int  # bytes; 0 for a label row
    label: str = ""
    note: bool = False  # a message row rather than a symbol label


class DisasmView(RowStrips, ScrollView, can_focus=True):
    """Disassembly with breakpoint and TPC markers and a cursor."""

    STRIP_CACHE = 1024  # the TPC marker moving through a loop and back is drawn once

    COMPONENT_CLASSES = {
        "disasm--pc", "disasm--cursor", "disasm--breakpoint", "disasm--label", "disasm--address",
        "disasm--trap", "disasm--note",
    }

    COMPONENT_PREFIX = "disasm"

    BINDINGS = [
        *CURSOR_BINDINGS,
        Binding("home", "to_pc", "To TPC", show=False),
    ]

    def __init__(self, dbg: Debugger, **kwargs) -> None:
        super().__init__(**kwargs)
        self.dbg = dbg
        self.rows: list[Row] = []
        self.index: dict[int, int] = {}  # instruction address -> row
        self.window = (0, 0)
        self.focus_pc = dbg.machine.pc
        self.cursor = self.focus_pc
        self.breakpoints: set[int] = set()
        self.state: StopState | None = None
        self._text: dict[tuple[int, int], str] = {}
        self.init_rows()
        self._build(self.focus_pc)

    # ----------------------------------------------------------- the sweep
    def _exec_extent(self, address: int) -> tuple[int, int] | None:
        """[low, high) of the run of executable pages around ``address``."""
        perms = self.dbg.machine.mem.perms
        pn = address >> PAGE_SHIFT
        if pn not in perms:
            return None
        low = pn
        while low - 1 in perms and perms[low - 1] & X and pn - low < 64:
            low -= 1
        high = pn
        while high + 1 in perms and perms[high + 1] & X and high - pn < 64:
            high += 1
        return low << PAGE_SHIFT, (high + 1) << PAGE_SHIFT

    def _symbols_between(self, low: int, high: int) -> list[int]:
        syms = self.dbg.symbols
        addrs = syms._addrs  # type: ignore[attr-defined]
        i = bisect.bisect_left(addrs, low)
        j = bisect.bisect_left(addrs, high)
        return sorted(set(addrs[i:j]))

    def _build(self, center: int) -> None:
        """Sweep a window of code that contains ``center`` as an instruction start."""
        extent = self._exec_extent(center)
        self.rows, self.index = [], {}
        if extent is None:
            self.window = (center, center)
            self.rows = [Row(center, 0, f"{center:#x} is not mapped or not executable", note=True)]
            self._refresh_size()
            return
        low, high = extent
        start = max(low, center - BEFORE)
        hit = self.dbg.symbols.containing(center)
        if hit is not None and center - hit[1] >= start:
            start = center - hit[1]
        elif start != low:
            start = center  # no symbol to sweep from: begin at the focus
        end = min(high, center + AFTER)
        stops = self._symbols_between(start, end) + [center]
        stops = sorted(set(s for s in stops if start <= s < end and not s & 1))
        mem = self.dbg.machine.mem
        pos = start
        k = 0
        while pos < end:
            while k < len(stops) and stops[k] < pos:
                # the sweep overran a symbol or the focus: restart there
                pos = stops[k]
                k += 1
                if self.rows and self.rows[-1].address + self.rows[-1].length > pos:
                    self._truncate_overrun(pos)
            if k < len(stops) and stops[k] == pos:
                k += 1
            for name in self.dbg.symbols.at(pos):
                self.rows.append(Row(pos, 0, name))
            raw = mem.peek(pos, 4)
            h0 = raw[0] | raw[1] << 8
            length = instruction_length(h0, raw[2] | raw[3] << 8 if h0 & 0xF == 0x2 else None) // 8
            self.index[pos] = len(self.rows)
            self.rows.append(Row(pos, length))
            pos += length
        self.window = (start, end)
        self._refresh_size()

    def _truncate_overrun(self, pos: int) -> None:
        """Drop the last instruction row when it runs past a restart point."""
        last = self.rows[-1]
        self.index.pop(last.address, None)
        self.rows.pop()

    def _refresh_size(self) -> None:
        self.drop_rows()
        self.virtual_size = Size(WIDTH, len(self.rows))

    # ------------------------------------------------------------- updates
    def show(self, state: StopState, breakpoints: set[int]) -> None:
        """A new stop: follow the focus address; repaint the rows whose markers changed."""
        self.state = state
        self.breakpoints = breakpoints
        self.focus_pc = state.focus_pc
        if self.focus_pc not in self.index:
            self._build(self.focus_pc)
            self.refresh()
        self.cursor = self.focus_pc
        self._bring_into_view(self.focus_pc)
        self._repaint_changed()

    def set_breakpoints(self, breakpoints: set[int]) -> None:
        self.breakpoints = breakpoints
        self._repaint_changed()

    def jump(self, address: int) -> None:
        """Show ``address`` and put the cursor there (palette: go to a symbol)."""
        if address not in self.index:
            self._build(address)
            self.refresh()
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

    def _instruction_text(self, address: int) -> str:
        got = peek_decode(self.dbg.machine, address)
        if got is None:
            return "(not mapped)"
        form, insn, length = got
        key = (address, insn)
        text = self._text.get(key)
        if text is None:
            syms = self.dbg.symbols

            def name(a: int) -> str | None:
                at = syms.at(a)
                return at[0] if at else None

            try:
                text, _note = format_instruction(form, insn, length, address, name)
            except Exception as e:  # noqa: BLE001 - a formatter gap must not break the view
                mnemonic = form.mnemonic.lower() if form is not None else "?"
                text = f"{mnemonic} {insn:#0{length // 4 + 2}x}  (not formatted: {e})"
            if len(self._text) > 4096:
                self._text.clear()
            self._text[key] = text
        return text

    def _signature(self, row_index: int) -> tuple:
        """What a row's look depends on (markers, focus, the instruction word)."""
        row = self.rows[row_index]
        if not row.length:
            return (row.label, row.note)
        state = self.state
        trapped = (state is not None and state.trap is not None and not state.trap.recovered
                   and not state.trap.info.vectored and row.address == state.trap.info.saved_tpc)
        word = self.dbg.machine.mem.peek(row.address, row.length)
        return (row.address == self.focus_pc, row.address == self.cursor and self.has_focus,
                row.address in self.breakpoints, trapped, word, self.scrollable_content_region.width)

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
        at_pc, cursor, bp, trapped, _word, _width = sig
        line = "pc" if at_pc else ("cursor" if cursor else "")
        on = self.on_base
        digits = 8 if row.address < 1 << 32 else 16
        segs = [
            Segment("●" if bp else " ", on(line, "breakpoint")),
            Segment("✗" if trapped else ("▶" if at_pc else " "), on(line, "trap") if trapped else on(line)),
            Segment(" ", on(line)),
            Segment(f"{row.address:0{digits}x}", on(line, "address")),
            Segment("  ", on(line)),
            Segment(self._instruction_text(row.address), on(line)),
        ]
        strip = Strip(segs)
        if line:
            strip = strip.extend_cell_length(width, on(line))
        return strip

    def on_focus(self) -> None:
        self._repaint_changed()

    def on_blur(self) -> None:
        self._repaint_changed()
