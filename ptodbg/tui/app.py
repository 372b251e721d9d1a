"""The ptodbg Textual app and its entry point :func:`run_tui`.

The app is a client of :class:`~ptodbg.debug.engine.Debugger` like batch mode: every key
and every command line goes through :class:`~ptodbg.debug.commands.Commands`, so the TUI
and ``ptodbg batch`` speak one language.  The thread that runs a command captures the
:class:`~ptodbg.debug.view.View` of its stop and the app *publishes* it: every pane (a
:class:`~ptodbg.tui.pane.ViewPane`, found with one query) is handed the view and renders
from it alone.  Panes hold no debugger and no machine, so while a background run goes on
they keep showing the last published view, and nothing on screen reads a machine that
another thread is changing.

Speed (DESIGN.md §8): the step keys run short commands on the UI thread; presses that
arrive while a step is still being painted are counted, not dropped, and run as one
``step N`` when the repaint has landed (:class:`~ptodbg.tui.keys.PressQueue`), so five
quick presses give five steps and a held key never leaves the screen behind.  Continue,
until, next, goto, reverse-continue and big step counts run in a worker thread while the
status bar shows a live step counter, and ctrl+c sets ``dbg.interrupt``.

Layout (:mod:`ptodbg.tui.layout`): the same widgets arranged for the terminal's size, from
80x24 (disassembly, registers and one memory view; the rest one key away, maximised) to
200 columns and more (32 bytes a row, whole operands).  Every tab and pane has a key
(:mod:`ptodbg.tui.keys`), ``z`` maximises the focused pane, and the mouse works on every
pane: a click moves the disassembly cursor or toggles a breakpoint in its gutter, selects a
register, a byte or a frame (:class:`~ptodbg.tui.pane.Picked`, the hook for ``last`` and
``frame``), travels on the timeline strip; the wheel scrolls every list.

Run it with ``ptodbg``, ``ptodbg tui PROGRAM`` or ``python -m ptodbg.tui.app [PROGRAM]``.
"""

from __future__ import annotations

import gc
import sys
from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Input, TabbedContent, TabPane

from ptodbg.debug import session as sessions
from ptodbg.debug.commands import CommandResult, Commands, split_words
from ptodbg.debug.displays import console_lines
from ptodbg.debug.engine import Debugger
from ptodbg.debug.view import View, Viewer
from ptodbg.tui import keys
from ptodbg.tui.fmt import plural
from ptodbg.tui.layout import MODES, LayoutPlan, plan_layout
from ptodbg.tui.lifetime import Lifetime
from ptodbg.tui.palette import DebuggerCommands, SymbolCommands, ThemeCommands
from ptodbg.tui.pane import PANE_CLASS, PaneNote, Picked, ViewPane, tab_id, tab_widgets
from ptodbg.tui.screens import AskScreen, FaultScreen, HelpScreen, Injection
from ptodbg.tui.themes import DEFAULT_THEME, PTODBG_VARIABLES, load_themes
from ptodbg.tui.widgets import (
    DisasmView,
    EventList,
    EventsPane,
    HexView,
    KeyFooter,
    MemoryPane,
    RegistersPane,
    StatePane,
    StatusBar,
    TrapPane,
)
from ptodbg.tui.widgets.base import TextLine
from ptodbg.tui.widgets.commandline import CommandLine
from ptodbg.tui.widgets.console import ConsoleLog
from ptodbg.tui.widgets.timeline import TimelineStrip

VIEWS = (("a", "memory A", "dma.src"), ("b", "memory B", "dma.dst"))
STACK_NAMES = frozenset({"[stack]"})
COUNTED = frozenset({"step", "reverse-step"})  # the commands a count prefix repeats
# Keys the app sees before any widget: ctrl+c interrupts even in an input, and ':' opens the
# command line before the keys typed after it are handed out (in an input it types ':').
PRIORITY = frozenset({"ctrl+c", "colon"})


class PaneTabs(TabbedContent):
    """The bottom row's tabs; maximised as a whole (its tab keys keep working there)."""

    ALLOW_MAXIMIZE = True


def _home(view: View, which: str) -> int:
    """Where a memory view starts before its follow expression resolves.

    View A: the ``src`` symbol, else the test-binary result, else the program's first
    writable range that is not a stack, else the stack.  View B: the ``dst`` symbol, else
    the stack at sp."""
    stack = max(0, view.regs["sp"] - 64)
    named = view.symbols.lookup("dst" if which == "b" else "src")
    if named is not None:
        return named
    if which == "b":
        return stack
    if view.result is not None:
        return view.result[0]
    writable = [page.start for page in view.pages if page.perms & page.perms.W and page.name not in STACK_NAMES]
    return min(writable) if writable else stack


class PtodbgApp(App):
    """The debugger's terminal interface over one :class:`Debugger`."""

    TITLE = "ptodbg"
    CSS_PATH = "ptodbg.tcss"
    COMMANDS = App.COMMANDS | {DebuggerCommands, SymbolCommands, ThemeCommands}
    AUTO_FOCUS = "#disasm"
    ALLOW_IN_MAXIMIZED_VIEW = "#statusbar, #bottom-bar"

    BINDINGS = [
        *(Binding(k.key, k.action, k.short, show=k.footer > 0, key_display=k.label, priority=k.key in PRIORITY)
          for k in keys.KEYS),
        *(Binding(str(d), f"digit('{d}')", str(d), show=False, key_display="0-9") for d in range(10)),
    ]

    # The F1 words of every bound action (the key table's long descriptions).
    LONG_HELP = {k.action: k.long for k in keys.KEYS} | {f"digit('{d}')": keys.OTHER_KEYS[0][1] for d in range(10)}

    @classmethod
    def key_help(cls) -> list[tuple[str, str]]:
        """(key, what it does) for every key of the app, then the keys of the panes."""
        return keys.help_rows()

    def __init__(self, dbg: Debugger, *, theme: str | None = None, themes_dir: Path | None = None,
                 program_name: str | None = None, notice: str = "") -> None:
        super().__init__()
        self._gc_paused = False
        self._not_run = 0  # queued presses not run: a command of the burst failed, or ctrl+c
        self.dbg = dbg
        self.commands = Commands(dbg, save=sessions.save, load=sessions.load)
        self.viewer = Viewer(dbg)
        loaded = load_themes(themes_dir)
        for t in loaded.themes:
            self.register_theme(t)
        self.theme_names = loaded.names
        self.theme_errors = list(loaded.errors)
        self.program_name = program_name or (Path(dbg.path).name if dbg.path else "(raw code)")
        self._wanted_theme = theme
        self.notice = notice
        self.view: View = self.viewer.capture()  # the machine is idle: nothing runs yet
        self.busy = False
        self.busy_command = ""
        self.running_steps = 0  # the worker's progress (written by the worker thread)
        dbg.on_progress = self._progress
        self.in_flight = False  # a key's step runs or is still being painted
        self.presses = keys.PressQueue()  # key presses that came while painting
        self.count = keys.CountPrefix()
        self.command_history: list[str] = []
        self._history_pos = 0
        self._return_focus: Widget | None = None  # the pane the command line was opened from
        self._ticker: Timer | None = None
        self.last_result: CommandResult | None = None
        self.message_text, self.message_error = "", False
        self.view_names: dict[str, str] = {}  # view key -> the name sessions use for it
        self.picked: Picked | None = None  # the register, byte or frame the user picked last
        self._jump_to_writer = False  # the w key's `last` is followed by a goto to its answer
        self.layout_plan: LayoutPlan | None = None
        self.lifetime: Lifetime | None = None  # set by run_tui: ends the app when its terminal goes
        self._widgets: dict = {}  # selector -> widget of the main screen (see _one)
        self._panes: list[ViewPane] | None = None  # every view pane (see panes())
        # The theme before the first styling (set after mounting, every node is styled again).
        self._apply_theme_choice()

    @property
    def dropped(self) -> int:
        """Key presses that were not run: refused by a full queue, dropped because a
        command of the burst failed (the message line says so), or cancelled by ctrl+c."""
        return self.presses.refused + self._not_run

    # ------------------------------------------------------------- layout
    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(PTODBG_VARIABLES)

    def compose(self) -> ComposeResult:
        # Starting makes thousands of objects that live as long as the app (widgets,
        # styles): the collector is paused until the first screen is up, and then those
        # objects are frozen out of every later collection (see _started).
        self._pause_gc()
        view = self.view
        # The arrangement for the terminal's size, given before the widgets are styled and
        # laid out (changing the screen's class after mounting would style every node
        # again, and new sizes would lay the screen out twice).
        screen = self.screen_stack[0]
        plan = self.layout_plan = plan_layout(*self.size)
        for mode in MODES:
            screen.set_class(mode == plan.mode, f"-{mode}")
        sized: dict[str, Widget] = {}

        def size(widget: Widget) -> Widget:
            sized[f"#{widget.id}"] = widget
            return widget

        yield StatusBar(self.program_name, self.dbg.profile, id="statusbar")
        with Vertical(id="bottom-bar"):
            yield TextLine("", id="message")
            yield CommandLine(self.submit_command_line, self.action_leave_input, id="command", compact=True,
                              complete=self.commands.complete, show=self.set_message,
                              placeholder=": command (help lists them; enter repeats the last)")
            yield KeyFooter(id="footer")
        yield size(TimelineStrip(id="timeline"))
        with Horizontal(id="work"):
            with Vertical(id="leftcol"):
                with Horizontal(id="upper"):
                    yield size(DisasmView(id="disasm", classes="box"))
                    with Vertical(id="memory"):
                        for key, label, follow in VIEWS:
                            yield MemoryPane(key, label, follow, _home(view, key), id=f"pane-{key}",
                                             classes="mempane")
                with size(Horizontal(id="lower")):
                    yield size(EventsPane(id="events-pane", classes="box"))
                    tabs = tab_widgets()
                    with PaneTabs(id="tabs", initial=tab_id(tabs[0]) if tabs else ""):
                        for cls in tabs:
                            with TabPane(cls.TAB, id=tab_id(cls)):
                                yield cls(id=cls.DEFAULT_ID)
            with size(Vertical(id="side")):
                yield RegistersPane(id="regs", classes="box pane")
                yield StatePane(id="state", classes="box pane")
                yield size(TrapPane(id="trap", classes="box pane"))
        for selector, rules in self._sizes(plan).items():
            for name, value in rules.items():
                setattr(sized[selector].styles, name, value)

    def on_mount(self) -> None:
        if self.lifetime is not None:  # the driver has started: its signal handlers are in
            self.lifetime.claim_signals()
        views = self.dbg.settings.get("views")
        if isinstance(views, list):
            self._apply_views(views)
        self.apply_layout(self.size.width, self.size.height)
        self.watch(self.screen_stack[0], "maximized", self._apply_sizes, init=False)
        self.query_one("#disasm").border_title = "disassembly"
        self.query_one("#regs").border_title = "registers · queues"
        self.query_one("#state").border_title = "TPC · block · reservation"
        self.query_one("#trap").border_title = "trap"
        self.query_one("#events-pane").border_title = "events of the last instruction"
        for view in self._hex_views():
            view.border_title = view.label
            view.border_subtitle = self._legend()
        self.theme_changed_signal.subscribe(self, self._on_theme_changed)
        self.publish(self.view)
        message, error = self.notice or self._welcome(), False
        if self.theme_errors:
            message, error = "; ".join(self.theme_errors), True
        self.set_message(message, error=error)
        self.call_after_refresh(self._started)

    def _started(self) -> None:
        """The first screen is up: freeze what starting made (it lives as long as the
        app, and the little garbage among it is not worth a full collection now), so
        later collections skip it, and let the collector run again."""
        gc.freeze()
        self._resume_gc()

    def on_resize(self, event: events.Resize) -> None:
        self.apply_layout(event.size.width, event.size.height)

    def apply_layout(self, width: int, height: int) -> None:
        """Arrange the panes for a terminal of this size (see :mod:`ptodbg.tui.layout`)."""
        plan = plan_layout(width, height)
        if plan == self.layout_plan:
            return
        self.layout_plan = plan
        screen = self.screen_stack[0]
        for mode in MODES:
            screen.set_class(mode == plan.mode, f"-{mode}")
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
        }

    def _apply_sizes(self, *_args) -> None:
        """Give the panes the plan's sizes; a maximised pane keeps none of them (it fills
        the screen), and gets them back when it is restored."""
        plan = self.layout_plan
        if plan is None:
            return
        maximized = self.screen_stack[0].maximized
        for selector, rules in self._sizes(plan).items():
            widget = self._one(selector)
            for name, value in rules.items():
                setattr(widget.styles, name, None if widget is maximized else value)

    def _one(self, selector, kind=None):
        """``query_one`` of the main screen, remembered: the layout never changes, and a
        DOM query per pane per stop costs more than the pane's update."""
        widget = self._widgets.get(selector)
        if widget is None:
            widget = self.query_one(selector, kind) if kind is not None else self.query_one(selector)
            self._widgets[selector] = widget
        return widget

    def _memory_pane(self, key: str) -> MemoryPane:
        return self._one(f"#pane-{key}", MemoryPane)

    def _hex_views(self) -> list[HexView]:
        return [self._memory_pane(key).hexview for key, _l, _f in VIEWS]

    def on_descendant_focus(self, event) -> None:
        self.query_one(KeyFooter).show_for(isinstance(self.focused, Input))

    def on_descendant_blur(self, event) -> None:
        self.call_after_refresh(lambda: self.query_one(KeyFooter).show_for(isinstance(self.focused, Input)))

    def _welcome(self) -> str:
        if self.dbg.path and Path(self.dbg.path).name == "demo.s":
            return ("demo: s steps, n steps over the call, f injects a fault on dst, c continues, "
                    "r recovers, S steps back; F1 lists every key")
        return "F1 lists every key; : opens the command line; ctrl+p the palette"

    def _legend(self) -> str:
        return ("[on $pd-dma-src] src [/][on $pd-dma-dst] dst [/][on $pd-dma-overlap] both [/]"
                " [b $pd-written]written[/] [$pd-perm-fault]! once * set @ later[/]")

    # -------------------------------------------------------------- themes
    def _apply_theme_choice(self) -> None:
        wanted = self._wanted_theme or self.dbg.settings.get("theme") or DEFAULT_THEME
        if wanted not in self.available_themes:
            fallback = DEFAULT_THEME if DEFAULT_THEME in self.available_themes else "textual-dark"
            self.theme_errors.insert(0, f"no theme {wanted!r}: using {fallback}; {self.themes_text()}")
            wanted = fallback
        self.theme = wanted
        self.dbg.settings["theme"] = wanted

    def themes_text(self) -> str:
        """The themes a user can name, in one clause."""
        return f"themes: {', '.join(self.theme_names) or '(none loaded)'} (ctrl+p lists Textual's too)"

    def use_theme(self, name: str) -> None:
        if name not in self.available_themes:
            self.set_message(f"no theme {name!r}; {self.themes_text()}", error=True)
            return
        self.theme = name
        self.dbg.settings["theme"] = name
        self.set_message(f"theme {name} (t: the next one)")

    def action_cycle_theme(self) -> None:
        """The next of the loaded themes (after a Textual theme: the first)."""
        names = self.theme_names
        if not names:
            self.set_message(f"no theme files were loaded; {self.themes_text()}", error=True)
            return
        following = names[(names.index(self.theme) + 1) % len(names)] if self.theme in names else names[0]
        self.use_theme(following)

    def _on_theme_changed(self, _theme) -> None:
        self.dbg.settings["theme"] = self.theme
        for pane in self.panes():
            pane.redraw()

    # --------------------------------------------------------------- views
    def panes(self) -> list[ViewPane]:
        """Every view pane of the main screen (one query, remembered until a pane is
        mounted or removed)."""
        panes = self._panes
        if panes is None:
            panes = self._panes = list(self.screen_stack[0].query(f".{PANE_CLASS}"))  # type: ignore[arg-type]
        return panes

    def on_view_pane_changed(self, _message: ViewPane.Changed) -> None:
        self._panes = None

    def publish(self, view: View) -> None:
        """Hand the view of a stop to every pane (the one state diff per stop); the trap
        pane is shown while it has something to say."""
        self.view = view
        for pane in self.panes():
            pane.show_view(view)
        self._one("#trap").set_class(TrapPane.has_news(view), "-shown")

    def _progress(self, steps: int) -> None:
        """The engine's progress callback (on the worker thread): only an int is kept."""
        self.running_steps = steps

    @on(TabbedContent.TabActivated, "#tabs")
    def _tab_activated(self, event: TabbedContent.TabActivated) -> None:
        for pane in event.pane.query(f".{PANE_CLASS}"):
            pane.catch_up()  # type: ignore[attr-defined]

    def on_pane_note(self, note: PaneNote) -> None:
        self.set_message(note.text, error=note.error)

    # ------------------------------------------------------------ messages
    def set_message(self, text: str, *, error: bool = False) -> None:
        if (text, error) == (self.message_text, self.message_error):
            return
        self.message_text, self.message_error = text, error
        widget = self._one("#message", TextLine)
        widget.update(("✗ " if error else "") + text)
        widget.set_class(error, "-error")

    def log_console(self, text: str) -> None:
        self._one("#console", ConsoleLog).write(Text(text))

    # ------------------------------------------------------------ commands
    def _is_long(self, line: str) -> bool:
        """Whether the line runs on the worker: the command's own fact
        (:meth:`~ptodbg.debug.commands.CommandSpec.runs_long`)."""
        spec = self.commands.spec_for(line)
        if spec is None:
            return False
        try:
            args = split_words(line.strip().partition(" ")[2])
        except ValueError:
            return False
        return spec.runs_long(args)

    def _execute(self, line: str) -> tuple[CommandResult, View | None]:
        """Run one command line and capture the view of its stop, on the calling thread
        (the one that owns the machine now).  A bug in the engine becomes a message,
        never a traceback; the view is then re-read, since the machine may have moved."""
        try:
            result = self.commands.execute(line)
        except Exception as e:  # noqa: BLE001 - the UI must survive any engine error
            result = CommandResult(line, False, error=f"internal error: {type(e).__name__}: {e}", moved=True)
        if not result.ok and not result.moved:
            return result, None
        try:
            return result, self.viewer.capture(moved=result.moved)
        except Exception as e:  # noqa: BLE001 - a view that cannot be read must not kill the app
            return CommandResult(line, False, error=f"internal error reading the stop: {type(e).__name__}: {e}"), None

    def run_command(self, line: str) -> None:
        """Run a command line (from the command line, a key, the palette or a dialog)."""
        line = line.strip().lstrip(":").strip()
        if not line:
            return
        self.log_console(f"> {line}")
        if self.busy:
            self.set_message(f"{self.busy_command} is still running: ctrl+c interrupts it", error=True)
            return
        if self._is_long(line):
            self._start_worker(line)
            return
        self._finish(*self._execute(line))

    def _request(self, command: str, count: int = 1) -> None:
        """A key press.  While the previous key's step is still being painted the press
        is queued (:class:`~ptodbg.tui.keys.PressQueue`): it runs, folded with the other
        presses of the same key, as soon as the repaint has landed."""
        if self.busy:
            self.set_message(f"{self.busy_command} is running: ctrl+c interrupts it", error=True)
            return
        if self.in_flight:
            self.presses.add(command, count)
            return
        self.in_flight = True
        self._pause_gc()
        self.run_command(command if count == 1 else f"{command} {count}")
        self.call_after_refresh(self._landed)

    def _landed(self) -> None:
        """The repaint of a key's stop is on screen: run the presses that came meanwhile."""
        self.in_flight = False
        self._resume_gc()
        queued = self.presses.pop()
        if queued is None:
            return
        result = self.last_result
        if self.busy or (result is not None and not result.ok):
            dropped = queued[1] + self.presses.clear()
            self._not_run += dropped
            if result is not None and not result.ok:
                self.set_message(f"{result.error or 'failed'} ({plural(dropped, 'queued key press', 'queued key presses')}"
                                 " not run)", error=True)
            return
        self._request(*queued)

    # The cyclic garbage collector is paused from a step key to the end of its repaint
    # and runs right after it, while the user reads the screen (Textual does the same
    # during smooth scrolling, App.PAUSE_GC_ON_SCROLL): a collection in the middle of a
    # frame costs 1-2 ms, a full one tens of milliseconds.  A step allocates little, so
    # the pause is short and bounded; nothing is left uncollected.
    def _pause_gc(self) -> None:
        if gc.isenabled():
            gc.disable()
            self._gc_paused = True

    def _resume_gc(self) -> None:
        if self._gc_paused:
            self._gc_paused = False
            gc.enable()

    def on_unmount(self) -> None:
        self._resume_gc()

    def on_exit_app(self, _message) -> None:
        """The app is ending (ctrl+q, a signal, a lost terminal): a command still running
        stops at its next step boundary, so its worker thread ends - the exit waits for
        it, and an endless ``continue`` kept the process alive."""
        self.dbg.cancel.set()

    def _start_worker(self, line: str) -> None:
        self.busy = True
        self.busy_command = line
        self.running_steps = self.view.steps
        self.dbg.interrupt.clear()
        self._one(StatusBar).show_running(line, self.running_steps)
        self.set_message(f"running {line} ... ctrl+c interrupts")
        self._ticker = self.set_interval(0.1, self._tick)
        self.run_worker(lambda: self._work(line), thread=True, exclusive=True, group="run",
                        exit_on_error=False, name=line)

    def _work(self, line: str) -> None:
        """The worker: it runs the command, captures the view of its stop and publishes it
        through the UI thread; until then the panes show the last view.  An app that has
        ended meanwhile gets nothing (there is no UI thread to publish through)."""
        result, view = self._execute(line)
        if self.dbg.cancel.is_set() and not self.is_running:
            return
        try:
            self.call_from_thread(self._worker_done, result, view)
        except RuntimeError:  # the app is not running any more
            pass

    def _tick(self) -> None:
        if self.busy:
            self._one(StatusBar).show_running(self.busy_command, self.running_steps)

    def _worker_done(self, result: CommandResult, view: View | None) -> None:
        self.busy = False
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None
        if view is None:  # the status bar said "running": it shows the stop it is at again
            self._one(StatusBar).show_view(self.view)
        self._finish(result, view)

    def _finish(self, result: CommandResult, view: View | None) -> None:
        self.last_result = result
        spec = self.commands.spec_for(result.command) if result.command else None
        name = spec.name if spec is not None else None
        if not result.ok:
            self.set_message(result.error or "failed", error=True)
            self.log_console(f"  error: {result.error}")
        else:
            text = result.message or "ok"
            self.log_console("\n".join("  " + line for line in text.splitlines()) or "  ok")
            shown = console_lines(result.extra.get("displays", [])) if result.moved else []
            if shown:  # gdb's displays after a stop (the Displays tab shows them too)
                self.log_console("\n".join("  " + line for line in shown))
            if "\n" in text:
                first = text.splitlines()[0]
                tabs = self._one("#tabs", TabbedContent)
                tabs.active = "tab-console"
                where = "the Console tab" if self._on_screen(tabs) else "the Console tab: F6"
                self.set_message(f"{first} ... (the rest is in {where})")
            else:
                self.set_message(text)
            if name == "load":
                self._apply_theme_choice()
                views = self.dbg.settings.get("views")
                if isinstance(views, list):
                    self._apply_views(views)
        if name == "last" and self._jump_to_writer:
            self.call_later(self._jump_after_last, result)  # the w key: on to the writer's step
        if view is None:
            return
        self.publish(view)
        if result.ok and view.reissued is not None:
            self.set_message(f"{result.message or 'ok'}: reissued whole after the {view.reissued.name} recovery "
                             f"({plural(len(view.events), 'event')}, TPC + {view.pc - view.reissued.saved_tpc})")

    def prefill_command(self, text: str) -> None:
        box = self.query_one("#command", Input)
        box.value = text
        box.cursor_position = len(text)
        if not isinstance(self.focused, Input):
            self._return_focus = self.focused
        box.focus()

    def submit_command_line(self, value: str) -> None:
        """Enter on the command line: run the line, then give the focus back to the pane
        the line was opened from.  An empty line repeats the last command, as in gdb."""
        line = value.strip().lstrip(":").strip()
        if not line:
            if not self.command_history:
                self.set_message("no command to repeat yet")
                return
            line = self.command_history[-1]
        elif not self.command_history or self.command_history[-1] != line:
            self.command_history.append(line)
        self._history_pos = len(self.command_history)
        self.run_command(line)
        self._restore_focus()

    @on(Input.Changed, "#command")
    def _command_changed(self, event: Input.Changed) -> None:
        """A ':' typed at the start of the line (the habit of the key that opened it) is
        not part of the command."""
        if event.value.startswith(":"):
            event.input.value = event.value.lstrip(":")

    def _restore_focus(self) -> None:
        target = self._return_focus
        self._return_focus = None
        if target is None or not target.is_attached or not self._on_screen(target):
            target = self._one("#disasm")
        self.screen_stack[0].set_focus(target)  # at once: the next key is a debugger key again

    def on_key(self, event) -> None:
        box = self.focused
        if isinstance(box, Input) and box.id == "command" and event.key in ("up", "down") and self.command_history:
            step = -1 if event.key == "up" else 1
            self._history_pos = max(0, min(len(self.command_history), self._history_pos + step))
            box.value = self.command_history[self._history_pos] if self._history_pos < len(self.command_history) else ""
            box.cursor_position = len(box.value)
            event.stop()

    # ---------------------------------------------------------- the views
    def follow(self, which: str, text: str) -> None:
        pane = self._memory_pane(which)
        result = pane.follow(text)
        self._save_views()
        if result.error:
            self.set_message(f"{pane.label}: {result.error}", error=True)
        else:
            self.set_message(pane.hexview.title())

    def _apply_views(self, views: list) -> None:
        """Session views: records named "a"/"b" go to that view, others in order
        (the first to memory A, the second to memory B); their names are kept."""
        records = [r for r in views if isinstance(r, dict) and isinstance(r.get("follow"), str)]
        keys = [key for key, _l, _f in VIEWS]
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
        for key, r in placed.items():
            follow = r["follow"].strip()
            if not follow:
                continue
            self.view_names[key] = str(r.get("name") or key)
            pane = self._memory_pane(key)
            pane.input.value = follow
            pane.hexview.follow = replace(pane.hexview.follow, text=follow)

    def _save_views(self) -> None:
        self.dbg.settings["views"] = [
            {"name": self.view_names.get(key, key), "follow": self._memory_pane(key).hexview.follow.text}
            for key, _l, _f in VIEWS
        ]

    @on(Input.Submitted, ".follow")
    def _follow_submitted(self, event: Input.Submitted) -> None:
        which = (event.input.id or "follow-a")[-1]
        self.follow(which, event.value.strip() or VIEWS[0 if which == "a" else 1][2])
        self._memory_pane(which).hexview.focus()

    @on(EventList.Selected)
    def _event_selected(self, event: EventList.Selected) -> None:
        row = event.row
        views = self._hex_views()
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
        self.set_message(f"event {row.index} ({where}{e.kind} {e.size} bytes at {e.address:#x} = {e.value:#x})")

    # ------------------------------------------------------------- actions
    DEBUGGER_ACTIONS = frozenset({
        "execute", "toggle_breakpoint", "fault", "goto", "diff_mode", "command_line", "help", "zoom", "cycle_theme", "tab", "pane", "digit",
    })

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        """The debugger keys do nothing while a dialog is open."""
        if action in self.DEBUGGER_ACTIONS and len(self.screen_stack) > 1:
            return False
        return True

    def _counted(self, action: str) -> int:
        """The count typed before a key (1 without one); other keys cancel a count."""
        if not self.count.active:
            return 1
        if action not in COUNTED:
            self.count.clear()
            self.set_message("count cancelled: only s and S take a count")
            return 1
        return self.count.take()

    def action_digit(self, digit: str) -> None:
        """A digit before s or S: a count (5s steps five, 10S steps back ten)."""
        if not self.count.push(digit):
            if self.count.active:
                self.set_message(f"count {self.count.digits}: at most {keys.MAX_COUNT:,}", error=True)
            return
        self.set_message(f"count {self.count.digits}: s steps {self.count.digits}, S steps back "
                         f"{self.count.digits} (escape cancels)")

    def action_help(self) -> None:
        self.count.clear()
        self.push_screen(HelpScreen(self.key_help()))

    def action_execute(self, command: str) -> None:
        """s n c S C r: the key's execution command, through the press queue; a count typed
        before it repeats step and reverse-step and is cancelled by the others."""
        self._request(command, self._counted(command))

    def action_toggle_breakpoint(self, address: int | None = None) -> None:
        self._counted("toggle_breakpoint")
        if self.busy:
            self.set_message(f"{self.busy_command} is running: ctrl+c interrupts it", error=True)
            return
        if address is None:
            address = self._one("#disasm", DisasmView).cursor
        try:
            bp = self.dbg.toggle_breakpoint_at(address)
        except ValueError as e:
            self.set_message(f"break: {e}", error=True)
            return
        where = self.view.symbolize(address)
        if bp is None:
            self.set_message(f"deleted the breakpoint at {address:#x} ({where})")
        else:
            self.set_message(f"breakpoint {bp.ident} at {address:#x} ({where})")
        self.publish(self.viewer.capture(moved=False))

    @on(DisasmView.BreakpointClicked)
    def _gutter_clicked(self, event: DisasmView.BreakpointClicked) -> None:
        self.action_toggle_breakpoint(event.address)

    @on(TimelineStrip.Travel)
    def _timeline_travel(self, event: TimelineStrip.Travel) -> None:
        if event.step == self.view.steps:
            self.set_message(f"already at step {event.step:,}")
            return
        self.run_command(f"goto {event.step}")

    # ------------------------------------------------------- picked items
    def _has_command(self, name: str) -> bool:
        return any(spec.name == name for spec in Commands.specs())

    def command_for_pick(self, picked: Picked) -> str | None:
        """The command line that acts on a picked item, when the command language has
        it: ``last REGISTER|ADDRESS`` for a register or a byte, ``frame LEVEL`` for a
        frame (None until the command exists)."""
        name = "frame" if picked.kind == "frame" else "last"
        return f"{name} {picked.argument}" if self._has_command(name) else None

    def action_last_writer(self) -> None:
        """w: travel to the last writer of the picked register or byte (``last``, then
        ``goto`` the step before its attempt: the writer at pc, about to run, as reverse
        execution to a watchpoint stops in rr); pressed again there, it finds the writer
        before that one."""
        self._counted("last_writer")
        picked = self.picked
        line = self.command_for_pick(picked) if picked is not None and picked.kind != "frame" else None
        if line is None:
            self.set_message("click a register or a byte first: w goes to the step that last wrote it", error=True)
            return
        if self.busy:
            self.set_message(f"{self.busy_command} is running: ctrl+c interrupts it", error=True)
            return
        self._jump_to_writer = True  # _finish of this `last` goes on to its step
        self.run_command(line)

    def _jump_after_last(self, result: CommandResult) -> None:
        self._jump_to_writer = False
        found = result.extra.get("last") if result.ok else None
        if found is not None:
            self.run_command(f"goto {max(0, found['step'] - 1)}")  # an edit at load: step 0

    def on_picked(self, picked: Picked) -> None:
        """A register, byte or frame was picked with the mouse.  A frame is selected
        (``frame N``) when the command exists; a register or byte is kept for ``last``."""
        self.picked = picked
        line = self.command_for_pick(picked)
        if picked.kind == "frame" and line is not None:
            self.run_command(line)
            return
        hint = f"; :{line} tells when it last changed" if line is not None else ""
        self.set_message(f"selected {picked.what}{hint}")

    # -------------------------------------------------- panes, tabs, zoom
    def _on_screen(self, widget: Widget) -> bool:
        """True when ``widget`` is shown now (its containers displayed, and inside the
        maximised pane if one is)."""
        maximized = self.screen_stack[0].maximized
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

    def show_pane(self, widget: Widget) -> None:
        """Bring a pane into sight and focus it: it is focused where the layout shows it,
        and maximised where it has no room (a small terminal, a trap pane with no trap)."""
        screen = self.screen_stack[0]
        if screen.maximized is not None and screen.maximized is not widget:
            screen.minimize()
        if not self._on_screen(widget):
            screen.maximize(widget, container=False)
        target = self._focus_target(widget)
        if target is not None:
            self.call_after_refresh(target.focus)

    def action_pane(self, pane_id: str) -> None:
        self.count.clear()
        self.show_pane(self.query_one(f"#{pane_id}"))

    def action_tab(self, tab: str) -> None:
        """Open a tab of the bottom row (maximised when the row is not on screen)."""
        self.count.clear()
        tabs = self._one("#tabs", TabbedContent)
        tabs.active = tab
        screen = self.screen_stack[0]
        if screen.maximized is not None and screen.maximized is not tabs:
            screen.minimize()
        if not self._on_screen(tabs):
            screen.maximize(tabs, container=False)
        target = self._focus_target(tabs.get_pane(tab))
        if target is not None:
            self.call_after_refresh(target.focus)

    def action_zoom(self) -> None:
        """Maximise the focused pane, or bring the others back."""
        self.count.clear()
        screen = self.screen_stack[0]
        if screen.maximized is not None:
            screen.minimize()
            self.set_message("all panes are back (z maximises the focused one)")
            return
        focused = self.focused
        if focused is None or isinstance(focused, Input):
            focused = self._one("#disasm")
        if screen.maximize(focused, container=True):
            self.set_message("maximised: z or escape brings the other panes back")

    def action_fault(self) -> None:
        self._counted("fault")
        if self.busy:
            self.set_message(f"{self.busy_command} is running: ctrl+c interrupts it", error=True)
            return
        self._open_fault(FaultScreen(self._fault_default()))

    def _fault_default(self) -> str:
        view = self.view
        if view.dma is not None:
            return f"{view.dma.dst:#x}"
        if view.symbols.lookup("dst") is not None:
            return "dst"
        address = self._memory_pane("b").hexview.follow.address
        return f"{address:#x}" if address is not None else ""

    def _open_fault(self, screen: FaultScreen) -> None:
        def done(result: Injection | None) -> None:
            if result is None:
                self.set_message("fault injection cancelled")
                return
            line = result.command()
            self.run_command(line)
            if self.last_result is not None and not self.last_result.ok and self.last_result.command == line:
                self._open_fault(FaultScreen(result.address, result.length, result.perms, result.mode,
                                             result.at, error=self.last_result.error or ""))

        self.push_screen(screen, done)

    def action_goto(self) -> None:
        self._counted("goto")
        if self.busy:
            self.set_message(f"{self.busy_command} is running: ctrl+c interrupts it", error=True)
            return

        def done(value: str | None) -> None:
            if value:
                self.run_command(f"goto {value}")

        self.push_screen(AskScreen("Go to step", str(self.view.steps), "a step number or expression"), done)

    def action_diff_mode(self) -> None:
        regs = self.query_one(RegistersPane)
        view = self.view
        if regs.cumulative_from is None:
            self.viewer.reference = view.regs
            regs.cumulative_from = view.steps
            self.set_message(f"register changes now count from step {view.steps:,} (d again: since the last stop)")
        else:
            self.viewer.reference = None
            regs.cumulative_from = None
            self.set_message("register changes count from the last stop")
        self.view = replace(view, cumulative=view.regs.changed(self.viewer.reference))
        regs.show_view(self.view)

    def action_command_line(self) -> None:
        if isinstance(self.focused, Input):  # a priority key: in an input it is a character
            self.focused.insert_text_at_cursor(":")
            return
        self.count.clear()
        self._return_focus = self.focused
        # At once, not after the queued messages (Widget.focus waits for them): the keys
        # typed right after ':' are the command's, never debugger keys.
        self.screen_stack[0].set_focus(self._one("#command", Input))

    def action_leave_input(self) -> None:
        """Escape: leave an input (back to the pane it was opened from) and cancel a count."""
        if self.count.active:
            self.count.clear()
            self.set_message("count cancelled")
        if isinstance(self.focused, Input):
            if self.focused.id == "command":
                self._restore_focus()
            else:
                self._one("#disasm").focus()

    def action_interrupt(self) -> None:
        self.count.clear()
        dropped = self.presses.clear()
        if dropped:
            self._not_run += dropped
        if self.busy:
            self.dbg.interrupt.set()
            self.set_message(f"interrupting {self.busy_command} ...")
        else:
            self.set_message("nothing is running (ctrl+q quits)")

    def jump_to(self, location: str) -> None:
        try:
            address = self.view.resolve(location)
        except ValueError as e:
            self.set_message(str(e), error=True)
            return
        disasm = self.query_one(DisasmView)
        disasm.jump(address)
        disasm.focus()
        self.set_message(f"{location} = {address:#x}: b sets a breakpoint at the cursor")


# ====================================================================== entry
def open_app(path: str | None = None, *, session: str | None = None, theme: str | None = None,
             profile: str = "debug", compat: str | None = None) -> PtodbgApp:
    """Build the app for a program (None: the built-in demo) and an optional session.

    Raises :class:`~ptodbg.debug.program.OpenError` or
    :class:`~ptodbg.debug.session.SessionError` with one clear sentence."""
    from ptodbg.debug.program import open_debugger

    data = None
    if session is not None:
        data = sessions.read(session)
        if path is None:
            named = sessions.program_path(data)
            path = str(named) if named is not None else None
        saved_profile = data.get("program", {}).get("profile")
        if isinstance(saved_profile, str) and profile == "debug":
            profile = saved_profile
        saved_compat = data.get("program", {}).get("compat")
        if isinstance(saved_compat, str) and compat is None:
            compat = saved_compat
    dbg = open_debugger(path, profile=profile, compat=compat)
    notice = ""
    if data is not None:
        notice = sessions.apply(dbg, data)
    return PtodbgApp(dbg, theme=theme, notice=notice)


def unknown_theme(name: str, themes_dir: Path | None = None) -> str | None:
    """One sentence naming every theme when ``name`` is none of them (None: it is one);
    ``themes_dir`` None: the shipped themes and the user's (:func:`~ptodbg.tui.themes.load_themes`)."""
    from textual.theme import BUILTIN_THEMES

    loaded = load_themes(themes_dir).names
    if name in loaded or name in BUILTIN_THEMES:
        return None
    return (f"no theme {name!r}; themes: {', '.join(loaded) or '(none loaded)'}; "
            f"Textual's: {', '.join(sorted(BUILTIN_THEMES))}")


def run_tui(path: str | None = None, session: str | None = None, theme: str | None = None,
            profile: str = "debug", compat: str | None = None) -> int:
    """``ptodbg tui`` and ``ptodbg``: run the app; 0 on a normal exit, 2 when the program
    or session cannot be opened or the theme does not exist (one line on standard error,
    naming the themes there are), 128 + N when signal N ended it and 129 when its
    terminal, input, output or parent went away (:mod:`ptodbg.tui.lifetime`)."""
    from ptodbg.debug.program import OpenError

    if theme is not None:
        problem = unknown_theme(theme)
        if problem:
            sys.stderr.write(f"ptodbg: error: {problem}\n")
            return 2
    try:
        app = open_app(path, session=session, theme=theme, profile=profile, compat=compat)
    except (OpenError, sessions.SessionError) as e:
        sys.stderr.write(f"ptodbg: error: {' '.join(str(e).split())}\n")
        return 2
    with Lifetime(app, app.dbg.cancel) as lifetime:
        app.lifetime = lifetime
        try:
            app.run()
        except OSError:  # drawing on, or restoring, a terminal that went away (EPIPE, EIO)
            if not lifetime.ending():
                raise
    return lifetime.status if lifetime.reason is not None else 0


if __name__ == "__main__":
    sys.exit(run_tui(sys.argv[1] if len(sys.argv) > 1 else None))
