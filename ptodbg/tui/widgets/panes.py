"""The small text panes: registers and queues, TPC/block state, the trap panel and the
status bar.  Each renders a :class:`~ptodbg.debug.view.capture.View` with the colours of its
component classes (themed in ``ptodbg.tcss``).  The register and state panes use the
Line API and repaint only the lines that changed (:class:`~ptodbg.tui.widgets.base.LinePane`);
the trap pane wraps its text and is repainted only when its text changes."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.style import Style
from rich.text import Text
from textual.content import Content
from textual.markup import escape
from textual.widgets import Static

from ptodbg.debug.view.records import DMA_BYTES, GPR_NAMES, LOAD, RA, STORE
from ptodbg.tui import keys
from ptodbg.tui.fmt import count, plural
from ptodbg.tui.pane import Picked, ViewPane
from ptodbg.tui.widgets.base import LinePane, Lines, TextLine

if TYPE_CHECKING:
    from ptodbg.debug.view.capture import View


PANE_COMPONENTS = {
    "pane--changed", "pane--cumulative", "pane--zero", "pane--dim", "pane--label",
    "pane--ok", "pane--trap", "pane--title", "pane--address", "pane--selected",
}
MARKED_WIDTH = 46  # the register pane's width for change marks ("*a0 ...") and wide gaps
BESIDE_WIDTH = 78  # from this width the pointer chains sit beside the register grid, not under it
BESIDE_AT = 48  # the cell they start at there


class _Builder:
    """What the pane builders share: themed styles and 64-bit hex with dim zeros.

    ``style_of`` gives what the builder's text takes as a style: a Rich style for the
    wrapping :class:`Pane`, a component name for the Line-API panes (resolved when a
    line is drawn, so a theme change needs no rebuild)."""

    def style_of(self, name: str):
        return self.get_component_rich_style(f"pane--{name}", partial=True)  # type: ignore[attr-defined]

    def hex64(self, text, value: int, style=None) -> None:
        """A 64-bit value as 16 hex digits with its leading zeros dimmed."""
        digits = f"{value & ((1 << 64) - 1):016x}"
        body = digits.lstrip("0") or "0"
        zeros = len(digits) - len(body)
        text.append("0" * zeros, self.style_of("zero"))
        text.append(body, style)


class Pane(ViewPane, _Builder, Static):
    """A Static that renders a view (wrapping); repainted only when its text changes."""

    COMPONENT_CLASSES = PANE_COMPONENTS

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.text = Text()

    @property
    def plain(self) -> str:
        return self.text.plain

    def show(self, view: View) -> None:
        text = self.build(view)
        if text != self.text:
            self.text = text
            self.update(text, layout=False)

    def redraw(self) -> None:
        if self.view is not None:
            self.text = self.build(self.view)
            self.update(self.text, layout=False)

    def build(self, view: View) -> Text:  # pragma: no cover - abstract
        raise NotImplementedError


class LineStatePane(ViewPane, _Builder, LinePane):
    """A Line-API pane rendering a view into :class:`Lines`."""

    COMPONENT_CLASSES = PANE_COMPONENTS
    COMPONENT_PREFIX = "pane"

    def style_of(self, name: str) -> str:
        return name

    def show(self, view: View) -> None:
        self.set_lines(self.build(view))

    def redraw(self) -> None:
        if self.view is not None:
            self.forget_styles()
            self.set_lines(self.build(self.view))

    def build(self, view: View) -> Lines:  # pragma: no cover - abstract
        raise NotImplementedError


def frame_restored(view: View) -> frozenset[int]:
    """The registers of the selected frame that unwinding changed: read back from its
    callee's save slots (and sp, the callee's frame address)."""
    level = view.selected_frame
    if not 0 < level < len(view.frames):
        return frozenset()
    inner, outer = view.frames[level - 1].regs, view.frames[level].regs
    if not inner or not outer:
        return frozenset()
    return frozenset(i for i in range(1, len(outer)) if outer[i] != inner[i])


class RegistersPane(LineStatePane, can_focus=True):
    """The 24 GPRs by ABI name, the T/U queues with their valid flags, the predicate
    registers P0..P7 and the interrupt registers of the current ring's interrupt bank.

    Changed registers are coloured, and marked ``*`` when the pane is wide enough
    (:data:`MARKED_WIDTH` cells; a small terminal shows the colour alone).  A click on a
    register selects it (underlined) and tells the main screen (:class:`~ptodbg.tui.pane.Picked`)."""

    BORDER_TITLE = "registers · queues"

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.cumulative_from: int | None = None  # the reference step, when cumulative
        self.selected: str | None = None  # the register picked with the mouse
        self.cells: list[tuple[int, int, int, str]] = []  # (row, first cell, end cell, register)

    def subtitle(self, view: View | None = None) -> str:
        if view is not None and view.selected_frame and view.frame is not None:
            return f"frame #{view.selected_frame} {view.frame.label} · * read back from its callee's frame"
        if self.cumulative_from is None:
            return "* changed since the last stop"
        return f"* changed since step {count(self.cumulative_from)}"

    def on_resize(self) -> None:
        if self.view is not None:
            self.set_lines(self.build(self.view))

    def build(self, view: View) -> Lines:
        text = Lines()
        marks = self.size.width >= MARKED_WIDTH or not self.size.width
        flag = (lambda hot: "*" if hot else " ") if marks else (lambda hot: "")
        gap = "  " if marks else " "
        regs = view.frame_regs  # a selected outer frame shows its registers, as gdb's up does
        if view.selected_frame:
            marked, mark_style = frame_restored(view), self.style_of("cumulative")
        elif self.cumulative_from is None:
            marked, mark_style = view.changed, self.style_of("changed")
        else:
            marked, mark_style = view.cumulative, self.style_of("cumulative")
        subtitle = self.subtitle(view)
        if self.border_subtitle != subtitle:
            self.border_subtitle = subtitle
        cells = []
        selected = self.style_of("selected")
        beside = self.size.width >= BESIDE_WIDTH
        # Not beside the grid, the caption goes under it: 12 register rows, 4 queue rows, 2
        # predicate rows and the interrupt row come first (rows 0..18).
        pointers = self._pointer_rows(view, cells, BESIDE_AT if beside else 0, 0 if beside else 19,
                                      " " if marks and not beside else "")
        row_end = (lambda r: self._beside(text, pointers, r)) if beside else (lambda r: None)
        for i in range(0, 24, 2):
            x = 0
            for j in (i, i + 1):
                hot = j in marked
                name = GPR_NAMES[j]
                name_style = mark_style if hot else self.style_of("label")
                if name == self.selected:
                    name_style = selected
                label = f"{flag(hot)}{name:<4} "
                text.append(label, name_style)
                self.hex64(text, regs.values[j], mark_style if hot else None)
                cells.append((i // 2, x, x + len(label) + 16, name))
                x += len(label) + 16 + len(gap)
                if j != i:
                    row_end(i // 2)
                text.append(gap if j == i else "\n")
        for k in range(4):
            x = 0
            for which, values in (("T", view.t), ("U", view.u)):
                value = values[k]
                hot = which.lower() in view.queue_changed and k == 0
                name = f"{which.lower()}#{k + 1}"
                label_style = self.style_of("changed") if hot else self.style_of("label")
                if name == self.selected:
                    label_style = selected
                label = f"{flag(hot)}{which}#{k + 1} "
                text.append(label, label_style)
                if value is None:
                    text.append("·", self.style_of("dim"))
                    text.append("-" * 16, self.style_of("dim"))
                else:
                    text.append("✓", self.style_of("ok"))
                    self.hex64(text, value, self.style_of("changed") if hot else None)
                cells.append((12 + k, x, x + len(label) + 17, name))
                x += len(label) + 17 + len(gap)
                if which == "U":
                    row_end(12 + k)
                text.append(gap if which == "T" else ("\n" if k < 3 else ""))
        self.predicates_and_interrupts(text, view, flag(False))
        if not beside:
            for runs in pointers:  # under the queues, as many as the pane's height shows
                text.append("\n")
                for chunk, style in runs:
                    text.append(chunk, style)
        self.cells = cells
        return text

    def predicates_and_interrupts(self, text: Lines, view: View, indent: str) -> None:
        """P0..P7 (32-bit, four a row) and the interrupt bank of the current ring: IPENDING
        as a read would see it, TOPEI and ECONFIG (``indent``: the change-mark column)."""
        label = self.style_of("label")
        for first in (0, 4):
            text.append(f"\n{indent}P{first}-{first + 3}", label)
            for value in view.predicates[first:first + 4]:
                digits = f"{value:08x}"
                body = digits.lstrip("0") or "0"
                text.append(" " + "0" * (8 - len(body)), self.style_of("zero"))
                text.append(body)
        irq = view.interrupts
        text.append(f"\n{indent}IRQ{irq.bank} ", label)
        self.hex64(text, irq.pending, self.style_of("changed") if irq.pending else None)
        text.append(" top ", label)
        text.append(f"{irq.top:<2}")
        text.append(" cfg ", label)
        text.append(f"{irq.config:x}")

    def _pointer_rows(self, view: View, cells: list, x: int, first_row: int,
                      indent: str) -> list[list[tuple[str, object]]]:
        """The lines that show where registers point (pwndbg's ``a0 0x11000 <src> →
        0x0807060504030201``, ``ra 0x1101c <back>``): a caption, then each register that
        holds the address of mapped memory (its name after ``indent``, under the grid's
        change marks); the clickable cells of their names, at column ``x`` from row
        ``first_row``."""
        pointers = view.pointers
        if not pointers:
            return []
        caption = "→ where they point" if x else "→ registers that point into memory"
        rows: list[list[tuple[str, object]]] = [[(caption, self.style_of("dim"))]]
        for row, (name, value, found) in enumerate(pointers, first_row + 1):
            label = f"{indent}{name:<4} "
            rows.append([(label, self.style_of("selected") if name == self.selected else self.style_of("label")),
                         (f"{value:#x}", self.style_of("address")),
                         (" " + found.tail(), self.style_of("dim") if found.links[0].kind == "code" else None)])
            cells.append((row, x, x + len(label) + len(f"{value:#x}"), name))
        return rows

    def _beside(self, text: Lines, pointers: list, row: int) -> None:
        """Row ``row`` of the grid goes on with line ``row`` of the pointer chains."""
        if row < len(pointers):
            used = sum(len(t) for t, _ in text.lines[-1])
            text.append(" " * max(1, BESIDE_AT - used))
            for chunk, style in pointers[row]:
                text.append(chunk, style)

    def register_at(self, x: int, y: int) -> str | None:
        """The register drawn at content cell (x, y), None between them."""
        return next((name for row, lo, hi, name in self.cells if row == y and lo <= x < hi), None)

    def on_click(self, event) -> None:
        """A click on a register selects it and tells the main screen (the ``last`` hook)."""
        offset = event.get_content_offset(self)
        name = self.register_at(offset.x, offset.y) if offset is not None else None
        if name is None or self.view is None:
            return
        self.select(name)

    def select(self, name: str | None) -> None:
        """Select a register (None: none) and post :class:`Picked` for it."""
        self.selected = name
        if self.view is not None:
            self.set_lines(self.build(self.view))
        if name is None or self.view is None:
            return
        if "#" in name:
            which, slot = name.split("#")
            value = (self.view.t if which == "t" else self.view.u)[int(slot) - 1]
            what = f"{name.upper()} = {value:#x}" if value is not None else f"{name.upper()} (not valid)"
        else:
            what = f"{name} = {self.view.frame_regs[name]:#x}"
        self.post_message(Picked("register", name, what))


class StatePane(LineStatePane, can_focus=True):
    """TPC, steps, ACR, block state, reservation, R10 vs LRA, the last attempt and, for a
    program with line information, the source line of TPC."""

    BORDER_TITLE = "TPC · block · reservation"

    def build(self, view: View) -> Lines:
        text = Lines()
        label = self.style_of("label")
        text.append("TPC   ", label)
        self.hex64(text, view.pc, self.style_of("address"))
        text.append(f" {view.symbolize(view.pc)}\n")
        text.append("steps ", label)
        text.append(f"{count(view.steps):<11}")
        text.append("ACR ", label)
        text.append(f"{view.acr}\n")
        b = view.block
        text.append("block ", label)
        if b is None:
            text.append("none (outside a block)\n", self.style_of("dim"))
        else:
            text.append(f"{b.kind} {b.type}  ")
            text.append("body ", label)
            text.append(f"{'yes' if b.body else 'no'}  ")
            text.append("TAKEN ", label)
            text.append(f"{'yes' if b.taken else 'no'}\n")
            text.append("  BPC ", label)
            text.append(f"{b.bpc:#x}  ")
            text.append("BPCN ", label)
            text.append(f"{b.bpcn:#x}\n")
        text.append("resv  ", label)
        resv = view.reservation
        if resv is None:
            text.append("none\n", self.style_of("dim"))
        else:
            line = resv.line
            text.append(f"{resv.address:#x} size {resv.size}, line {line:#x}..{line + 64:#x}\n")
        ra = view.regs.values[RA]
        text.append("R10   ", label)
        text.append(f"ra {ra:#x} ")
        text.append("LRA ", label)
        text.append(f"{view.lra:#x} ")
        if ra == view.lra:
            text.append("= same\n", self.style_of("ok"))
        else:
            text.append("≠ differ\n", self.style_of("changed"))
        text.append("last  ", label)
        text.append(view.last_text or "(nothing executed yet)", None if view.last_text else self.style_of("dim"))
        if view.lines is not None:
            line = view.source_line(view.focus_pc)
            text.append("\nsrc   ", label)
            if line is None:
                text.append("(no source line here)", self.style_of("dim"))
            else:
                text.append(f"{line.path.rsplit('/', 1)[-1]}:{line.line} ", self.style_of("address"))
                text.append(line.text.strip())
        return text


class TrapPane(Pane, can_focus=True):
    """The pending trap: number, name, cause, TRAPARG0, bank, saved TPC and a hint; its
    border says whether the trap is in the way (``-trapped``) or past (``-recovered``).

    The main screen shows the pane only while there is something to say (:meth:`has_news`): a
    trap at this stop, or the reissue of a recovered instruction."""

    BORDER_TITLE = "trap"

    @staticmethod
    def has_news(view: View) -> bool:
        return view.trap is not None or view.reissued is not None

    def show(self, view: View) -> None:
        super().show(view)
        trap = view.trap
        self.set_class(trap is not None and trap.blocking, "-trapped")
        self.set_class(trap is not None and not trap.blocking, "-recovered")

    def build(self, view: View) -> Text:
        text = Text(no_wrap=False)
        tv = view.trap
        if tv is None:
            text.append("no trap pending\n", self.style_of("dim"))
            if view.reissued is not None:
                self._reissue(text, view)
            else:
                text.append("\nA trap stop shows here: its number and name, cause, TRAPARG0, bank, "
                            "saved TPC, and how to recover.", self.style_of("dim"))
            return text
        t = tv.info
        label = self.style_of("label")
        title = self.style_of("trap" if tv.blocking else "ok")
        hint = self.style_of("ok" if tv.ok else "trap")
        status = "recovered" if tv.recovered else ("handled" if t.vectored else "pending")
        text.append(f"TRAP {t.number} {t.name}", title + Style(bold=True))
        text.append(f"  {status}\n", title)
        text.append("→ ", hint)  # the way forward first: a short pane still shows it
        text.append(tv.hint + "\n", hint)
        text.append("cause     ", label)
        text.append(f"{t.cause}\n")
        text.append("TRAPARG0  ", label)
        text.append(f"{t.arg0:#x}", self.style_of("address"))
        sym = view.symbols.containing(t.arg0)
        where = f" {view.symbolize(t.arg0)}" if sym is not None else ""
        text.append(f" ({tv.argument}){where}\n")
        text.append("bank      ", label)
        text.append(f"{t.bank}   ")
        text.append("saved TPC ", label)
        text.append(f"{t.saved_tpc:#x} {view.symbolize(t.saved_tpc)}\n")
        if not t.vectored and not tv.recovered:
            text.append("TPC now   ", label)
            text.append(f"{view.pc:#x} (no handler: EVBASE 0, TPC = TRAPARG0)\n", self.style_of("dim"))
        if t.reason:
            text.append("why       ", label)
            text.append(f"{t.reason}\n")
        if not t.vectored and not tv.recovered and not t.is_breakpoint:
            text.append("precise   ", label)
            text.append("nothing was read or written; registers, queues and the reservation are as before",
                        self.style_of("dim"))
        return text

    def _reissue(self, text: Text, view: View) -> None:
        """After a recovery: what the re-executed instruction did."""
        t = view.reissued
        assert t is not None
        ok = self.style_of("ok")
        loads = sum(1 for e in view.events if e.kind == LOAD)
        stores = sum(1 for e in view.events if e.kind == STORE)
        what = view.last.mnemonic if view.last is not None and view.last.mnemonic else "the instruction"
        text.append(f"\n✓ after the {t.name} recovery the {what} at {view.symbolize(t.saved_tpc)} "
                    "re-executed in full:\n", ok + Style(bold=True))
        text.append(f"  {plural(len(view.events), 'event')} ({plural(loads, 'load')}, {plural(stores, 'store')})\n",
                    ok)
        text.append(f"  TPC {t.saved_tpc:#x} -> {view.pc:#x} (+{view.pc - t.saved_tpc})\n", ok)
        dma = view.dma
        if dma is not None and dma.when == "done" and dma.overlap is None:
            source, destination = view.read(dma.src, DMA_BYTES), view.read(dma.dst, DMA_BYTES)
            same = source is not None and source == destination
            text.append(f"  destination {dma.dst:#x} {'equals' if same else 'differs from'} source {dma.src:#x}\n",
                        ok if same else self.style_of("trap"))


class StatusBar(ViewPane, TextLine):
    """The top line: program, profile, step, stop status (or the live run counter)."""

    COMPONENT_CLASSES = {"statusbar--trap", "statusbar--ok", "statusbar--busy", "statusbar--name"}
    COMPONENT_PREFIX = "statusbar"

    def __init__(self, program: str, profile: str, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.program = program
        self.profile = profile
        self.running: tuple[str, int] | None = None

    def show(self, view: View) -> None:
        self.running = None
        self.redraw()

    def show_running(self, command: str, steps: int) -> None:
        self.running = (command, steps)
        self.redraw()

    def redraw(self) -> None:
        text = Lines(" ptodbg ", "name")
        text.append(f" {self.program} ({self.profile}) ")
        if self.running is not None:
            command, steps = self.running
            text.append("│ ")
            text.append(f"running {command}: step {count(steps)}  (ctrl+c interrupts)", "busy")
        elif self.view is not None:
            s = self.view
            text.append(f"│ step {count(s.steps)} │ ")
            text.append(f"{s.status}", "trap" if s.status in ("trap", "error") else "ok")
            if s.message:
                text.append(f": {s.message}")
        self.update(text)


class KeyFooter(Static):
    """The key line at the bottom: the keys of :mod:`ptodbg.tui.keys`, clickable, as many
    as the width holds (the least used go first; F1 lists them all).

    One widget that changes only when the focus moves between the panes and an input
    (where letter keys type instead) or the width changes, unlike Textual's Footer, which
    rebuilds a widget per key whenever the bindings are re-evaluated (every key press)."""

    COMPONENT_CLASSES = {"keyfooter--key", "keyfooter--desc"}
    TAIL = "^p palette"

    def __init__(self, **kwargs) -> None:
        super().__init__("", **kwargs)
        self.typing: bool | None = None
        self.width = 0
        self.entries: list[tuple[str, str, str, int]] = []

    def on_mount(self) -> None:
        self.show_for(False)

    def on_resize(self) -> None:
        self.show_for(bool(self.typing), force=True)

    def show_for(self, typing: bool, *, force: bool = False) -> None:
        """``typing``: an input has focus (letter keys type, so only the others work)."""
        width = self.content_region.width or 160
        if typing == self.typing and width == self.width and not force:
            return
        self.typing, self.width = typing, width
        extra = "escape leave the input  enter run  " if typing else ""
        self.entries = keys.fit_footer(keys.footer_entries(typing), width, len(extra) + len(self.TAIL))
        parts = [f"[@click={keys.click(action)}][b $footer-key-foreground]{escape(key)}[/] {escape(word)}[/]"
                 for key, word, action, _priority in self.entries]
        if typing:
            parts.append("[b $footer-key-foreground]escape[/] leave the input  [b $footer-key-foreground]enter[/] run")
        parts.append("[b $footer-key-foreground]^p[/] palette")
        self.update(Content.from_markup("  ".join(parts)), layout=False)
