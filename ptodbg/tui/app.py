"""The ptodbg Textual app and its entry point :func:`run_tui`.

The app is a client of :class:`~ptodbg.debug.engine.Debugger` like batch mode: every key
and every command line goes through :class:`~ptodbg.debug.commands.Commands`, so the TUI
and ``ptodbg batch`` speak one language.  The thread that runs a command captures the
:class:`~ptodbg.debug.view.View` of its stop and the app *publishes* it: the main screen
(:class:`~ptodbg.tui.main_screen.MainScreen`, which owns the layout and the panes) hands it
to every pane, and panes render from it alone.  Panes hold no debugger and no machine, so
while a background run goes on they keep showing the last published view, and nothing on
screen reads a machine that another thread is changing.

The app keeps what is app-wide: the engine and the command runner, the keys (one table,
:mod:`ptodbg.tui.keys`), the themes, the command palette and the worker.

Speed (DESIGN.md §8): the step keys run short commands on the UI thread; presses that
arrive while a step is still being painted are counted, not dropped, and run as one
``step N`` when the repaint has landed (:class:`~ptodbg.tui.keys.PressQueue`), so five
quick presses give five steps and a held key never leaves the screen behind.  Continue,
until, next, goto, reverse-continue and big step counts run in a worker thread while the
status bar shows a live step counter, and ctrl+c sets ``dbg.interrupt``.

Run it with ``ptodbg``, ``ptodbg tui PROGRAM`` or ``python -m ptodbg.tui.app [PROGRAM]``.
"""

from __future__ import annotations

import gc
import sys
from dataclasses import replace
from pathlib import Path

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.timer import Timer
from textual.widgets import Input

from ptodbg.debug import session as sessions
from ptodbg.debug.commands import CommandResult, Commands, split_words
from ptodbg.debug.displays import console_lines
from ptodbg.debug.engine import Debugger
from ptodbg.debug.view import View, Viewer
from ptodbg.tui import keys
from ptodbg.tui.fmt import plural
from ptodbg.tui.main_screen import MainScreen
from ptodbg.tui.palette import DebuggerCommands, SymbolCommands, ThemeCommands
from ptodbg.tui.pane import ViewPane
from ptodbg.tui.screens import HelpScreen
from ptodbg.tui.themes import DEFAULT_THEME, PTODBG_VARIABLES, load_themes
from ptodbg.tui.widgets import DisasmView, KeyFooter, RegistersPane

COUNTED = frozenset({"step", "reverse-step"})  # the commands a count prefix repeats
# Keys the app sees before any widget: ctrl+c interrupts even in an input, and ':' opens the
# command line before the keys typed after it are handed out (in an input it types ':').
PRIORITY = frozenset({"ctrl+c", "colon"})


class PtodbgApp(App):
    """The debugger's terminal interface over one :class:`Debugger`."""

    TITLE = "ptodbg"
    CSS_PATH = "ptodbg.tcss"
    COMMANDS = App.COMMANDS | {DebuggerCommands, SymbolCommands, ThemeCommands}
    AUTO_FOCUS = "#disasm"

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
        self._ticker: Timer | None = None
        self.last_result: CommandResult | None = None
        self.message_text, self.message_error = "", False
        self._jump_to_writer = False  # the w key's `last` is followed by a goto to its answer
        program_name = program_name or (Path(dbg.path).name if dbg.path else "(raw code)")
        self.main = MainScreen(program_name, dbg.profile)  # the layout, the panes, their handlers
        # The theme before the first styling (set after mounting, every node is styled again).
        self._apply_theme_choice()

    @property
    def dropped(self) -> int:
        """Key presses that were not run: refused by a full queue, dropped because a
        command of the burst failed (the message line says so), or cancelled by ctrl+c."""
        return self.presses.refused + self._not_run

    # ------------------------------------------------------------ screens
    def get_theme_variable_defaults(self) -> dict[str, str]:
        return dict(PTODBG_VARIABLES)

    def get_default_screen(self) -> MainScreen:
        # Starting makes thousands of objects that live as long as the app (widgets,
        # styles): the collector is paused until the first screen is up, and then those
        # objects are frozen out of every later collection (see _started).
        self._pause_gc()
        return self.main

    def on_mount(self) -> None:
        self.theme_changed_signal.subscribe(self, self._on_theme_changed)

    def screen_ready(self) -> None:
        """The main screen is composed and arranged: show the first stop and message."""
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
        self.main.apply_layout(event.size.width, event.size.height)  # before the screen lays out

    # Focus anywhere (a dialog's input too): the key footer says whether letters type.
    def on_descendant_focus(self, event) -> None:
        self.main.one("#footer", KeyFooter).show_for(isinstance(self.focused, Input))

    def on_descendant_blur(self, event) -> None:
        self.call_after_refresh(lambda: self.main.one("#footer", KeyFooter).show_for(isinstance(self.focused, Input)))

    def on_view_pane_changed(self, _message: ViewPane.Changed) -> None:
        self.main.forget_panes()  # (a pane tells the app when it leaves: it has no screen then)

    def _welcome(self) -> str:
        if self.dbg.path and Path(self.dbg.path).name == "demo.s":
            return ("demo: s steps, n steps over the call, f injects a fault on dst, c continues, "
                    "r recovers, S steps back; F1 lists every key")
        return "F1 lists every key; : opens the command line; ctrl+p the palette"

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
        self.main.redraw()

    # --------------------------------------------------- views, messages
    def publish(self, view: View) -> None:
        """The view of a stop becomes the current one, and every pane is handed it."""
        self.view = view
        self.main.publish(view)

    def _progress(self, steps: int) -> None:
        """The engine's progress callback (on the worker thread): only an int is kept."""
        self.running_steps = steps

    def set_message(self, text: str, *, error: bool = False) -> None:
        """The message line: what the last key or command did (an error marked)."""
        if (text, error) != (self.message_text, self.message_error):
            self.message_text, self.message_error = text, error
            self.main.show_message(text, error)

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
        self.main.log_console(f"> {line}")
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
        if self._refused_while_busy():
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

    def _start_worker(self, line: str) -> None:
        self.busy = True
        self.busy_command = line
        self.running_steps = self.view.steps
        self.dbg.interrupt.clear()
        self.main.show_running(line, self.running_steps)
        self.set_message(f"running {line} ... ctrl+c interrupts")
        self._ticker = self.set_interval(0.1, self._tick)
        self.run_worker(lambda: self._work(line), thread=True, exclusive=True, group="run",
                        exit_on_error=False, name=line)

    def _work(self, line: str) -> None:
        """The worker: it runs the command, captures the view of its stop and publishes it
        through the UI thread; until then the panes show the last view."""
        result, view = self._execute(line)
        self.call_from_thread(self._worker_done, result, view)

    def _tick(self) -> None:
        if self.busy:
            self.main.show_running(self.busy_command, self.running_steps)

    def _worker_done(self, result: CommandResult, view: View | None) -> None:
        self.busy = False
        if self._ticker is not None:
            self._ticker.stop()
            self._ticker = None
        if view is None:  # the status bar said "running": it shows the stop it is at again
            self.main.show_stop(self.view)
        self._finish(result, view)

    def _finish(self, result: CommandResult, view: View | None) -> None:
        self.last_result = result
        spec = self.commands.spec_for(result.command) if result.command else None
        name = spec.name if spec is not None else None
        if not result.ok:
            self.set_message(result.error or "failed", error=True)
            self.main.log_console(f"  error: {result.error}")
        else:
            text = result.message or "ok"
            self.main.log_console("\n".join("  " + line for line in text.splitlines()) or "  ok")
            shown = console_lines(result.extra.get("displays", [])) if result.moved else []
            if shown:  # gdb's displays after a stop (the Displays tab shows them too)
                self.main.log_console("\n".join("  " + line for line in shown))
            self.main.show_answer(text)
            if name == "load":
                self._apply_theme_choice()
                self.main.restore_views()
        if name == "last" and self._jump_to_writer:
            self.call_later(self._jump_after_last, result)  # the w key: on to the writer's step
        if view is None:
            return
        self.publish(view)
        if result.ok and view.reissued is not None:
            self.set_message(f"{result.message or 'ok'}: reissued whole after the {view.reissued.name} recovery "
                             f"({plural(len(view.events), 'event')}, TPC + {view.pc - view.reissued.saved_tpc})")

    def _jump_after_last(self, result: CommandResult) -> None:
        self._jump_to_writer = False
        found = result.extra.get("last") if result.ok else None
        if found is not None:
            self.run_command(f"goto {max(0, found['step'] - 1)}")  # an edit at load: step 0

    # ------------------------------------------------------------- actions
    # The keys (keys.KEYS) are the app's bindings; those about the panes act on the main
    # screen.  The debugger keys do nothing while a dialog is open.
    DEBUGGER_ACTIONS = frozenset({
        "execute", "toggle_breakpoint", "fault", "goto", "diff_mode", "command_line", "help", "zoom", "cycle_theme", "tab", "pane", "digit",
    })

    def check_action(self, action: str, parameters: tuple) -> bool | None:
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

    def _refused_while_busy(self) -> bool:
        """True (and the message line says why) while a command runs on the worker."""
        if self.busy:
            self.set_message(f"{self.busy_command} is running: ctrl+c interrupts it", error=True)
        return self.busy

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
        """b (at the disassembly cursor) and a click in its gutter (at that row)."""
        self._counted("toggle_breakpoint")
        if self._refused_while_busy():
            return
        if address is None:
            address = self.main.one("#disasm", DisasmView).cursor
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

    def action_last_writer(self) -> None:
        """w: travel to the last writer of the picked register or byte (``last``, then
        ``goto`` the step before its attempt: the writer at pc, about to run, as reverse
        execution to a watchpoint stops in rr); pressed again there, it finds the writer
        before that one."""
        self._counted("last_writer")
        line = self.main.writer_command()
        if line is None:
            self.set_message("click a register or a byte first: w goes to the step that last wrote it", error=True)
            return
        if self._refused_while_busy():
            return
        self._jump_to_writer = True  # _finish of this `last` goes on to its step
        self.run_command(line)

    def action_fault(self) -> None:
        self._counted("fault")
        if not self._refused_while_busy():
            self.main.ask_fault()

    def action_goto(self) -> None:
        self._counted("goto")
        if not self._refused_while_busy():
            self.main.ask_goto()

    def action_diff_mode(self) -> None:
        """d: register changes since the last stop, or since a reference point set now."""
        regs = self.main.one("#regs", RegistersPane)
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
        self.main.open_command_line()

    def action_leave_input(self) -> None:
        """Escape: leave an input (back to the pane it was opened from) and cancel a count."""
        if self.count.active:
            self.count.clear()
            self.set_message("count cancelled")
        self.main.leave_input()

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

    def action_pane(self, pane_id: str) -> None:
        self.count.clear()
        self.main.show_pane(pane_id)

    def action_tab(self, tab: str) -> None:
        self.count.clear()
        self.main.show_tab(tab)

    def action_zoom(self) -> None:
        self.count.clear()
        self.main.zoom()


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
    naming the themes there are)."""
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
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(run_tui(sys.argv[1] if len(sys.argv) > 1 else None))
