"""The main screen: the panes, their layout, the publish step and the panes' handlers.

The split follows Posting and Toolong: the app (:mod:`ptodbg.tui.app`) owns the engine, the
command runner and its worker, the keys, the themes and the palette; this screen owns what
is on it.  It composes the panes for the terminal's size, hands every pane the view of each
stop (:meth:`MainScreen.publish`), and turns what the panes report with messages (a pick,
a click in the disassembly gutter, a travel on the timeline, a selected event, a note, a
new follow expression) into commands and messages.  The widgets keep their own glue (the
command line its history, a memory pane its follow field and its session record, the fault
dialog its retry).  The screen holds no debugger: what it needs from the engine goes
through the app (:class:`Host`), and what it shows comes from the frozen
:class:`~ptodbg.debug.view.capture.View`.

Layout (:mod:`ptodbg.tui.layout`): the same widgets arranged for the terminal's size, from
80x24 (disassembly, registers and one memory view; the rest one key away, maximised) to
200 columns and more (32 bytes a row, whole operands).  Every tab and pane has a key
(:mod:`ptodbg.tui.keys`), ``z`` maximises the focused pane, and the mouse works on every
pane: a click moves the disassembly cursor or toggles a breakpoint in its gutter, selects a
register, a byte or a frame (:class:`~ptodbg.tui.pane.Picked`, the hook for ``last`` and
``frame``), travels on the timeline strip; the wheel scrolls every list.

Adding a pane: a pane in a tab of the bottom row is one widget module that declares its
``TAB`` (:func:`ptodbg.tui.widgets.tab_widgets` finds it; no edit here); a pane in the fixed
arrangement is one line in :meth:`MainScreen.compose` (it brings its own border title,
``BORDER_TITLE``, and CSS).  Either way it is fed every view by :meth:`MainScreen.publish`
(it carries the view-pane class, :mod:`ptodbg.tui.pane`) and gets a key by one row in
:data:`ptodbg.tui.keys.TAB_KEYS` or :data:`~ptodbg.tui.keys.PANE_KEYS`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, TabbedContent, TabPane

from ptodbg.debug.commands import CommandResult, Commands
from ptodbg.debug.commands.displays import console_lines
from ptodbg.tui.layout import MODES, LayoutPlan, plan_layout
from ptodbg.tui.pane import PANE_CLASS, PaneNote, Picked, ViewPane, tab_id
from ptodbg.tui.screens import AskScreen, FaultScreen
from ptodbg.tui.widgets import (
    DisasmView,
    EventList,
    EventsPane,
    KeyFooter,
    MemoryPane,
    RegistersPane,
    StatePane,
    StatusBar,
    TrapPane,
    tab_widgets,
)
from ptodbg.tui.widgets.base import TextLine
from ptodbg.tui.widgets.commandline import CommandLine
from ptodbg.tui.widgets.console import ConsoleLog
from ptodbg.tui.widgets.hexview import MEMORY_VIEWS, home_address, place_views
from ptodbg.tui.widgets.timeline import TimelineStrip

if TYPE_CHECKING:
    from pathlib import Path

    from ptodbg.debug.engine.debugger import Debugger
    from ptodbg.debug.view.capture import View
    from ptodbg.debug.view.records import Registers
    from ptodbg.tui.keys import CountPrefix
    from ptodbg.tui.widgets.hexview import Follow

LAST_COMMANDS = frozenset({"last", "last tile"})  # what w runs for a picked item (the writer's step follows)


class Host(Protocol):
    """What the screen needs from its app (:class:`~ptodbg.tui.app.PtodbgApp`): the view
    of the last stop, the command runner and its last result, the message line, the
    session's settings (``dbg.settings``), the command language (for completion) and the
    key state (a count typed before a key, a run going on)."""

    dbg: Debugger
    commands: Commands
    view: View
    history_file: Path | None
    last_result: CommandResult | None
    count: CountPrefix

    def run_command(self, line: str) -> None: ...
    def count_changes_from(self, regs: Registers | None) -> View: ...
    def set_message(self, text: str, *, error: bool = False) -> None: ...
    def counted(self, action: str) -> int: ...
    def refused_while_busy(self) -> bool: ...
    def republish(self) -> None: ...
    def action_leave_input(self) -> None: ...
    def screen_ready(self) -> None: ...


class PaneTabs(TabbedContent):
    """The bottom row's tabs; maximised as a whole (its tab keys keep working there)."""

    ALLOW_MAXIMIZE = True


class MainScreen(Screen[None]):
    """The debugger's screen: every pane of a stop, arranged for the terminal's size."""

    # The status bar and the bottom bar (message, command line, keys) stay in sight when a
    # pane is maximised.
    ALLOW_IN_MAXIMIZED_VIEW = "#statusbar, #bottom-bar"

    def __init__(self, program_name: str, profile: str) -> None:
        super().__init__()
        self.program_name = program_name
        self.profile = profile
        self.layout_plan: LayoutPlan | None = None
        self._mounted = False  # the panes exist (the app's first resize may come before)
        self.picked: Picked | None = None  # the register, byte or frame the user picked last
        self._return_focus: Widget | None = None  # the pane the command line was opened from
        self._jump_to_writer = False  # the w key's `last` is followed by a goto to its answer
        self._widgets: dict = {}  # selector -> widget (see one)
        self._panes: list[ViewPane] | None = None  # every view pane (see panes())

    @property
    def host(self) -> Host:
        return self.app  # type: ignore[return-value]

    # ------------------------------------------------------------- layout
    def compose(self) -> ComposeResult:
        view = self.host.view
        # The arrangement for the terminal's size, given before the widgets are styled and
        # laid out (changing the screen's class after mounting would style every node
        # again, and new sizes would lay the screen out twice).
        plan = self.layout_plan = plan_layout(*self.app.size)
        for mode in MODES:
            self.set_class(mode == plan.mode, f"-{mode}")
        sized: dict[str, Widget] = {}

        def size(widget: Widget) -> Widget:
            sized[f"#{widget.id}"] = widget
            return widget

        yield StatusBar(self.program_name, self.profile, id="statusbar")
        with Vertical(id="bottom-bar"):
            yield TextLine("", id="message")
            yield CommandLine(self.run_line, self.host.action_leave_input, id="command", compact=True,
                              complete=self.host.commands.complete, show=self.host.set_message,
                              history_file=self.host.history_file,
                              placeholder=": command (help lists them; enter repeats the last)")
            yield KeyFooter(id="footer")
        yield size(TimelineStrip(id="timeline"))
        with Horizontal(id="work"):
            with Vertical(id="leftcol"):
                with Horizontal(id="upper"):
                    yield size(DisasmView(id="disasm", classes="box"))
                    with Vertical(id="memory"):
                        for key, label, follow in MEMORY_VIEWS:
                            yield MemoryPane(key, label, follow, home_address(view, key), id=f"pane-{key}",
                                             classes="mempane")
                with size(Horizontal(id="lower")):
                    yield size(EventsPane(id="events-pane", classes="box"))
                    tabs = tab_widgets()
                    with PaneTabs(id="tabs", initial=tab_id(tabs[0]) if tabs else ""):
                        for cls in tabs:
                            with TabPane(cls.TAB, id=tab_id(cls)):
                                yield cls(id=cls.DEFAULT_ID)
            with size(Vertical(id="side")):
                yield size(RegistersPane(id="regs", classes="box pane"))
                yield StatePane(id="state", classes="box pane")
                yield size(TrapPane(id="trap", classes="box pane"))
        for selector, rules in self._sizes(plan).items():
            for name, value in rules.items():
                setattr(sized[selector].styles, name, value)

    def on_screen_resume(self) -> None:
        """Back from a dialog (the fault dialog, goto): the key footer says again whether
        letters type, from where the focus is now (the dialog's input is gone)."""
        self.app.call_after_refresh(lambda: self.one("#footer", KeyFooter).show_for(isinstance(self.app.focused, Input)))

    def on_mount(self) -> None:
        self._mounted = True
        self.restore_views()
        self.apply_layout(self.app.size.width, self.app.size.height)
        self.host.screen_ready()

    def apply_layout(self, width: int, height: int) -> None:
        """Arrange the panes for a terminal of this size (see :mod:`ptodbg.tui.layout`)."""
        plan = plan_layout(width, height)
        if plan == self.layout_plan or not self._mounted:
            return
        self.layout_plan = plan
        for mode in MODES:
            self.set_class(mode == plan.mode, f"-{mode}")
        self._apply_sizes()

    def _sizes(self, plan: LayoutPlan) -> dict[str, dict[str, object]]:
        """The sizes the plan gives: selector -> style -> value."""
        side = ({"width": "1fr", "height": plan.side_height} if plan.side_height
                else {"width": plan.side_width, "height": "1fr"})
        return {
            "#disasm": {"width": plan.disasm_width or "1fr"},
            "#side": side,
            "#lower": {"height": plan.lower_height or "1fr"},
            "#events-pane": {"width": plan.events_width},
            "#timeline": {"height": plan.timeline_height},
            "#trap": {"max_height": plan.trap_height or None},
            "#regs": {"height": plan.regs_height or None},
        }

    def watch_maximized(self) -> None:
        self._apply_sizes()  # a pane maximised or restored

    def _apply_sizes(self) -> None:
        """Give the panes the plan's sizes; a maximised pane keeps none of them (it fills
        the screen), and gets them back when it is restored."""
        plan = self.layout_plan
        if plan is None:
            return
        for selector, rules in self._sizes(plan).items():
            widget = self.one(selector)
            for name, value in rules.items():
                setattr(widget.styles, name, None if widget is self.maximized else value)

    def one(self, selector: str | type[Widget], kind: type[Widget] | None = None):
        """``query_one``, remembered: the layout never changes, and a DOM query per pane
        per stop costs more than the pane's update."""
        widget = self._widgets.get(selector)
        if widget is None:
            widget = self.query_one(selector, kind) if kind is not None else self.query_one(selector)
            self._widgets[selector] = widget
        return widget

    def memory(self, key: str) -> MemoryPane:
        """Memory view ``key`` ("a", "b": :data:`~ptodbg.tui.widgets.hexview.MEMORY_VIEWS`)."""
        return self.one(f"#pane-{key}", MemoryPane)

    # -------------------------------------------------------------- views
    def panes(self) -> list[ViewPane]:
        """Every view pane of the screen (one query, remembered until a pane is mounted or
        removed: :meth:`forget_panes`)."""
        panes = self._panes
        if panes is None:
            panes = self._panes = list(self.query(f".{PANE_CLASS}"))  # type: ignore[arg-type]
        return panes

    def forget_panes(self) -> None:
        self._panes = None

    def publish(self, view: View) -> None:
        """Hand the view of a stop to every pane (the one state diff per stop); the trap
        pane is shown while it has something to say."""
        for pane in self.panes():
            pane.show_view(view)
        self.one("#trap").set_class(TrapPane.has_news(view), "-shown")

    def redraw(self) -> None:
        """Every pane again in the new theme's colours."""
        for pane in self.panes():
            pane.redraw()

    # (The handlers go by Textual's naming convention, not @on: a screen with decorated
    # handlers pays a cast and a loop for every message it is sent, many per step.)
    def on_tabbed_content_tab_activated(self, event: TabbedContent.TabActivated) -> None:
        if event.tabbed_content.id != "tabs":
            return
        for pane in event.pane.query(f".{PANE_CLASS}"):
            pane.catch_up()  # type: ignore[attr-defined]

    def on_pane_note(self, note: PaneNote) -> None:
        self.host.set_message(note.text, error=note.error)

    # -------------------------------------------------- the message line
    def show_message(self, text: str, error: bool) -> None:
        """The message line (the app's :meth:`~ptodbg.tui.app.PtodbgApp.set_message`)."""
        widget = self.one("#message", TextLine)
        widget.update(("✗ " if error else "") + text)
        widget.set_class(error, "-error")

    def show_running(self, line: str, steps: int) -> None:
        """The status bar's live counter while a command runs on the worker."""
        self.one(StatusBar).show_running(line, steps)

    def show_stop(self, view: View) -> None:
        """The status bar shows the stop it is at again (a run that ended without one)."""
        self.one(StatusBar).show_view(view)

    def log_console(self, text: str) -> None:
        self.one("#console", ConsoleLog).write(Text(text))

    def show_result(self, result: CommandResult, name: str | None) -> None:
        """A command's answer (or error) in the console and on the message line; of a long
        answer the message line gives the first line and opens the Console tab.  ``name``:
        the command's (after the w key's ``last``, the writer's step is next)."""
        if name in LAST_COMMANDS and self._jump_to_writer:
            self.app.call_later(self._jump_after_last, result)
        if not result.ok:
            self.host.set_message(result.error or "failed", error=True)
            self.log_console(f"  error: {result.error}")
            return
        text = result.message or "ok"
        self.log_console("\n".join("  " + line for line in text.splitlines()) or "  ok")
        shown = console_lines(result.extra.get("displays", [])) if result.moved else []
        if shown:  # gdb's displays after a stop (the Displays tab shows them too)
            self.log_console("\n".join("  " + line for line in shown))
        if "\n" not in text:
            self.host.set_message(text)
            return
        tabs = self.one("#tabs", TabbedContent)
        tabs.active = "tab-console"
        where = "the Console tab" if self.is_shown(tabs) else "the Console tab: F6"
        self.host.set_message(f"{text.splitlines()[0]} ... (the rest is in {where})")

    # ------------------------------------------------ what the panes report
    def on_disasm_view_breakpoint_clicked(self, event: DisasmView.BreakpointClicked) -> None:
        self.action_toggle_breakpoint(event.address)

    def action_toggle_breakpoint(self, address: int | None = None) -> None:
        """b at the disassembly cursor, or a click in its gutter at that row."""
        host = self.host
        host.counted("toggle_breakpoint")
        if host.refused_while_busy():
            return
        if address is None:
            address = self.one("#disasm", DisasmView).cursor
        try:
            bp = host.dbg.toggle_breakpoint_at(address)
        except ValueError as e:
            host.set_message(f"break: {e}", error=True)
            return
        where = host.view.symbolize(address)
        if bp is None:
            host.set_message(f"deleted the breakpoint at {address:#x} ({where})")
        else:
            host.set_message(f"breakpoint {bp.ident} at {address:#x} ({where})")
        host.republish()

    def on_breakpoints_pane_act(self, event) -> None:
        """The Breakpoints tab asks to enable, disable or delete one (a key or a click)."""
        if not self.host.refused_while_busy():
            self.host.run_command(event.line)

    def on_timeline_strip_travel(self, event: TimelineStrip.Travel) -> None:
        if event.step == self.host.view.steps:
            self.host.set_message(f"already at step {event.step:,}")
            return
        self.host.run_command(f"goto {event.step}")

    def on_event_list_selected(self, event: EventList.Selected) -> None:
        row = event.row
        views = [self.memory(key).hexview for key, _l, _f in MEMORY_VIEWS]
        if row is None or row.event.kind == "fence":
            for view in views:
                view.select(None)
            return
        e = row.event
        low, high = e.address, e.address + e.size
        for view in views:
            view.select(low, high)
        in_sight = [v for v in views if v.visible_range()[0] <= low and high <= v.visible_range()[1]]
        if not in_sight:
            target = views[0] if e.kind == "load" else views[-1]
            target.ensure_visible(low, high)
            target.select(low, high)
        where = f"step {row.step}, " if row.step is not None else ""
        self.host.set_message(f"event {row.index} ({where}{e.kind} {e.size} bytes at {e.address:#x} = {e.value:#x})")

    @staticmethod
    def has_command(name: str) -> bool:
        return any(spec.name == name for spec in Commands.specs())

    def command_for_pick(self, picked: Picked) -> str | None:
        """The command line that acts on a picked item, when the command language has
        it: ``last REGISTER|ADDRESS`` for a register or a byte, ``frame LEVEL`` for a
        frame (None until the command exists)."""
        name = "frame" if picked.kind == "frame" else "last"
        return f"{name} {picked.argument}" if self.has_command(name) else None

    def last_writer(self) -> None:
        """w: travel to the last writer of the picked register or byte (``last``, then
        ``goto`` the step before its attempt: the writer at pc, about to run, as reverse
        execution to a watchpoint stops in rr); pressed again there, it finds the writer
        before that one."""
        self.host.counted("last_writer")
        picked = self.picked
        line = self.command_for_pick(picked) if picked is not None and picked.kind != "frame" else None
        if line is None:
            self.host.set_message(
                "click a register, a byte or a tile element first: w goes to the step that last wrote it", error=True)
        elif not self.host.refused_while_busy():
            self._jump_to_writer = True  # show_result of this `last` goes on to its step
            self.host.run_command(line)

    def _jump_after_last(self, result: CommandResult) -> None:
        if any(w.group == "run" and w.is_running for w in self.app.workers):
            # the `last` worker is still returning from publishing its result: the goto's
            # worker (exclusive in the group) would cancel it, so it waits for its end
            self.set_timer(0.005, lambda: self._jump_after_last(result))
            return
        self._jump_to_writer = False
        found = result.extra.get("last") if result.ok else None
        if found is not None:
            self.host.run_command(f"goto {max(0, found['step'] - 1)}")  # an edit at load: step 0

    def on_picked(self, picked: Picked) -> None:
        """A register, byte or frame was picked with the mouse.  A frame is selected
        (``frame N``) when the command exists; a register or byte is kept for ``last``."""
        self.picked = picked
        line = self.command_for_pick(picked)
        if picked.kind == "frame" and line is not None:
            self.host.run_command(line)
            return
        hint = f"; :{line} tells when it last changed" if line is not None else ""
        self.host.set_message(f"selected {picked.what}{hint}")

    # ------------------------------------------------------ memory views
    def follow(self, which: str, text: str) -> None:
        """Memory view ``which`` ("a", "b") follows ``text`` (the palette's "follow")."""
        pane = self.memory(which)
        self._followed(pane, pane.follow(text))

    def on_memory_pane_followed(self, event: MemoryPane.Followed) -> None:
        self._followed(event.pane, event.result)

    def _followed(self, pane: MemoryPane, result: Follow) -> None:
        """A view follows something new: the session keeps it; the message line says where."""
        self.host.dbg.settings["views"] = [self.memory(key).record() for key, _l, _f in MEMORY_VIEWS]
        if result.error:
            self.host.set_message(f"{pane.label}: {result.error}", error=True)
        else:
            self.host.set_message(pane.hexview.title())

    def restore_views(self) -> None:
        """The session's views (its settings' ``views``) onto the memory views."""
        views = self.host.dbg.settings.get("views")
        if isinstance(views, list):
            for key, record in place_views(views, [key for key, _l, _f in MEMORY_VIEWS]).items():
                self.memory(key).restore(record)

    # -------------------------------------------------- panes, tabs, zoom
    def is_shown(self, widget: Widget) -> bool:
        """True when ``widget`` is shown now (its containers displayed, and inside the
        maximised pane if one is)."""
        maximized = self.maximized
        node = widget
        inside = maximized is None
        while isinstance(node, Widget):
            if node is maximized:
                return True  # a maximised pane shows even when its column is hidden
            if not node.display:
                return False
            node = node.parent
        return inside

    def _focus_target(self, widget: Widget) -> Widget | None:
        if widget.can_focus:
            return widget
        return next((w for w in widget.query("*") if w.can_focus and not isinstance(w, Input)), None)

    def _bring(self, widget: Widget, focus: Widget) -> None:
        """Bring ``widget`` into sight (maximised where the layout has no room for it) and
        focus what can be focused in ``focus``."""
        if self.maximized is not None and self.maximized is not widget:
            self.minimize()
        if not self.is_shown(widget):
            self.maximize(widget, container=False)
        target = self._focus_target(focus)
        if target is not None:
            self.app.call_after_refresh(target.focus)

    # The screen's keys (the "screen." actions of ptodbg.tui.keys): a count typed before
    # them is dropped, or cancelled with a word where the key could be mistaken for one.
    def action_pane(self, pane_id: str) -> None:
        """Bring a pane into sight and focus it: it is focused where the layout shows it,
        and maximised where it has no room (a small terminal, a trap pane with no trap)."""
        self.host.count.clear()
        widget = self.query_one(f"#{pane_id}")
        self._bring(widget, widget)

    def action_tab(self, tab: str) -> None:
        """Open a tab of the bottom row (maximised when the row is not on screen)."""
        self.host.count.clear()
        tabs = self.one("#tabs", TabbedContent)
        tabs.active = tab
        pane = tabs.get_pane(tab)
        self._bring(tabs, pane)
        for widget in pane.query(f".{PANE_CLASS}"):  # a lazy pane maximised into sight draws now
            widget.catch_up()  # type: ignore[attr-defined]

    def action_zoom(self) -> None:
        """Maximise the focused pane, or bring the others back."""
        self.host.count.clear()
        if self.maximized is not None:
            self.minimize()
            self.host.set_message("all panes are back (z maximises the focused one)")
            return
        focused = self.focused
        if focused is None or isinstance(focused, Input):
            focused = self.one("#disasm")
        if self.maximize(focused, container=True):
            self.host.set_message("maximised: z or escape brings the other panes back")

    def action_diff_mode(self) -> None:
        """d: register changes since the last stop, or since a reference point set now."""
        regs = self.one("#regs", RegistersPane)
        view = self.host.view
        if regs.cumulative_from is None:
            regs.cumulative_from = view.steps
            view = self.host.count_changes_from(view.regs)
            self.host.set_message(f"register changes now count from step {view.steps:,} (d again: since the last stop)")
        else:
            regs.cumulative_from = None
            view = self.host.count_changes_from(None)
            self.host.set_message("register changes count from the last stop")
        regs.show_view(view)

    def jump_to(self, location: str) -> None:
        """The disassembly shows ``location`` (the palette's "go to")."""
        try:
            address = self.host.view.resolve(location)
        except ValueError as e:
            self.host.set_message(str(e), error=True)
            return
        disasm = self.query_one(DisasmView)
        disasm.jump(address)
        disasm.focus()
        self.host.set_message(f"{location} = {address:#x}: b sets a breakpoint at the cursor")

    # ---------------------------------------------------------- dialogs
    def action_fault(self) -> None:
        """The fault-injection dialog, proposing the DMA's destination (or memory view B)."""
        self.host.counted("fault")
        if self.host.refused_while_busy():
            return
        proposal = FaultScreen.proposal(self.host.view, self.memory("b").hexview.follow.address)
        FaultScreen.ask(self.app, proposal, self._inject, self.host.set_message)

    def _inject(self, line: str) -> str | None:
        """Run the dialog's ``inject`` line: the engine's error, None when it was done."""
        host = self.host
        host.run_command(line)
        result = host.last_result
        if result is not None and not result.ok and result.command == line:
            return result.error or ""
        return None

    def action_goto(self) -> None:
        """The goto dialog: a step number or expression, the current step proposed."""
        self.host.counted("goto")
        if self.host.refused_while_busy():
            return

        def done(value: str | None) -> None:
            if value:
                self.host.run_command(f"goto {value}")

        self.app.push_screen(AskScreen("Go to step", str(self.host.view.steps), "a step number or expression"), done)

    # ------------------------------------------------------- command line
    def action_command_line(self) -> None:
        """Focus the command line, remembering the pane it was opened from."""
        if isinstance(self.focused, Input):  # a priority key: in an input it is a character
            self.focused.insert_text_at_cursor(":")
            return
        self.host.count.clear()
        self._return_focus = self.focused
        # At once, not after the queued messages (Widget.focus waits for them): the keys
        # typed right after ':' are the command's, never debugger keys.
        self.set_focus(self.one("#command", Input))

    def leave_input(self) -> None:
        """Escape in an input: back to the pane the command line was opened from (another
        input: to the disassembly)."""
        if isinstance(self.focused, Input):
            if self.focused.id == "command":
                self._restore_focus()
            else:
                self.one("#disasm").focus()

    def prefill_command(self, text: str) -> None:
        """Put ``text`` on the command line and focus it (the palette's commands that need
        arguments)."""
        box = self.query_one("#command", Input)
        box.value = text
        box.cursor_position = len(text)
        focused = self.app.focused  # (the palette that asked may still be the screen in front)
        if not isinstance(focused, Input):
            self._return_focus = focused
        box.focus()

    def run_line(self, line: str) -> None:
        """Enter on the command line: run the line, then give the focus back to the pane
        the line was opened from."""
        self.host.run_command(line)
        self._restore_focus()

    def _restore_focus(self) -> None:
        target = self._return_focus
        self._return_focus = None
        if target is None or not target.is_attached or not self.is_shown(target):
            target = self.one("#disasm")
        self.set_focus(target)  # at once: the next key is a debugger key again
