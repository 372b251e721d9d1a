"""The ptodbg Textual app and its entry point :func:`run_tui`.

The app is a client of :class:`~ptodbg.debug.engine.debugger.Debugger` like batch mode: every key
and every command line goes through :class:`~ptodbg.debug.commands.Commands`, so the TUI
and ``ptodbg batch`` speak one language.  The thread that runs a command captures the
:class:`~ptodbg.debug.view.capture.View` of its stop and the app *publishes* it: the main screen
(:class:`~ptodbg.tui.main_screen.MainScreen`: the layout, the panes and their handlers)
hands it to every pane, which renders from it alone.  Panes hold no debugger and no
machine, so while a background run goes on they keep showing the last published view, and
nothing on screen reads a machine that another thread is changing.

The app keeps what is app-wide: the engine, the command runner and its worker, the keys
(one table, :mod:`ptodbg.tui.keys`; the pane keys act on the main screen), the themes and
the command palette.  Speed (docs/interfaces.md §8): the step keys run short commands on the UI
thread, and presses that arrive while a step is still being painted are queued, never
dropped (:mod:`ptodbg.tui.keys`); continue, until, next, goto, reverse-continue and big
step counts run in a worker thread while the status bar counts steps, and ctrl+c sets
``dbg.interrupt``.

Run it with ``ptodbg``, ``ptodbg tui PROGRAM`` or ``python -m ptodbg.tui.app [PROGRAM]``.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App
from textual.timer import Timer
from textual.widgets import Input

from ptodbg.debug.commands import CommandResult, Commands
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.files import session as sessions
from ptodbg.debug.view.capture import View, Viewer
from ptodbg.tui import keys, runner
from ptodbg.tui.fmt import plural
from ptodbg.tui.gcpause import GcPause
from ptodbg.tui.launch import open_target
from ptodbg.tui.lifetime import Lifetime
from ptodbg.tui.main_screen import MainScreen
from ptodbg.tui.palette import DebuggerCommands, SymbolCommands, ThemeCommands
from ptodbg.tui.pane import ViewPane
from ptodbg.tui.screens import HelpScreen
from ptodbg.tui.themes import DEFAULT_THEME, PTODBG_VARIABLES, load_themes, unknown_theme
from ptodbg.tui.widgets import KeyFooter

if TYPE_CHECKING:
    from ptodbg.debug.view.records import Registers


class PtodbgApp(App):
    """The debugger's terminal interface over one :class:`Debugger`."""

    TITLE = "ptodbg"
    CSS_PATH = "ptodbg.tcss"
    COMMANDS = App.COMMANDS | {DebuggerCommands, SymbolCommands, ThemeCommands}
    AUTO_FOCUS = "#disasm"
    BINDINGS = keys.bindings()  # every key of the key table, and the digits of a count
    LONG_HELP = keys.long_help()  # the F1 words of every bound action

    def __init__(self, dbg: Debugger, *, theme: str | None = None, themes_dir: Path | None = None,
                 program_name: str | None = None, notice: str = "", history_file: Path | None = None,
                 startup: list[tuple[str, str]] | None = None) -> None:
        super().__init__()
        self.history_file = history_file  # where the command line keeps its history (None: nowhere)
        self.startup = list(startup or [])  # (file, line) of the start-up commands still to run
        self.gc_pause = GcPause()
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
        program_name = program_name or (Path(dbg.path).name if dbg.path else "(raw code)")
        self.main = MainScreen(program_name, dbg.profile)
        self.lifetime: Lifetime | None = None  # set by run_tui: ends the app when its terminal goes
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
        self.gc_pause.pause()  # until the first screen is up (see screen_ready)
        return self.main

    def on_mount(self) -> None:
        if self.lifetime is not None:  # the driver has started: its signal handlers are in
            self.lifetime.claim_signals()
        self.theme_changed_signal.subscribe(self, self._on_theme_changed)

    def screen_ready(self) -> None:
        """The main screen is composed and arranged: show the first stop and message."""
        self.publish(self.view)
        if self.theme_errors:
            self.set_message("; ".join(self.theme_errors), error=True)
        elif self.notice:
            self.set_message(self.notice)
        elif self.dbg.path and Path(self.dbg.path).name == "demo.s":
            self.set_message("demo: s steps, n steps over the call, f injects a fault on dst, c continues, "
                             "r recovers, S steps back; F1 lists every key")
        else:
            self.set_message("F1 lists every key; : opens the command line; ctrl+p the palette")
        self.call_after_refresh(self.gc_pause.freeze_and_resume)
        if self.startup:
            self.call_after_refresh(self._next_startup)

    def _next_startup(self) -> None:
        """Run the next start-up command (the init file's, then ``-x FILE``'s); the next
        runs when this one has finished (see :meth:`_finish`)."""
        if not self.startup or self.busy:
            return
        self._startup_line = self.startup.pop(0)
        self.run_command(self._startup_line[1])

    def on_resize(self, event: events.Resize) -> None:
        self.main.apply_layout(event.size.width, event.size.height)  # before the screen lays out

    # Focus anywhere (a dialog's input too): the key footer says whether letters type.
    def on_descendant_focus(self, event) -> None:
        self.main.one("#footer", KeyFooter).show_for(isinstance(self.focused, Input))

    def on_descendant_blur(self, event) -> None:
        self.call_after_refresh(lambda: self.main.one("#footer", KeyFooter).show_for(isinstance(self.focused, Input)))

    def on_view_pane_changed(self, _message: ViewPane.Changed) -> None:
        self.main.forget_panes()  # (a pane that leaves tells the app: it has no screen then)

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
    def run_command(self, line: str) -> None:
        """Run a command line (from the command line, a key, the palette or a dialog)."""
        line = line.strip().lstrip(":").strip()
        if not line:
            return
        self.main.log_console(f"> {line}")
        if self.busy:
            self.set_message(f"{self.busy_command} is still running: ctrl+c interrupts it", error=True)
        elif runner.runs_long(self.commands, line):
            self._start_worker(line)
        else:
            self._finish(*runner.execute(self.commands, self.viewer, line))

    def _request(self, command: str, count: int = 1) -> None:
        """A key press.  While the previous key's step is still being painted the press
        is queued (:class:`~ptodbg.tui.keys.PressQueue`): it runs, folded with the other
        presses of the same key, as soon as the repaint has landed."""
        if self.refused_while_busy():
            return
        if self.in_flight:
            self.presses.add(command, count)
            return
        self.in_flight = True
        self.gc_pause.pause()  # until the repaint has landed (ptodbg.tui.gcpause)
        self.run_command(command if count == 1 else f"{command} {count}")
        self.call_after_refresh(self._landed)

    def _landed(self) -> None:
        """The repaint of a key's stop is on screen: run the presses that came meanwhile."""
        self.in_flight = False
        self.gc_pause.resume()
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

    def _startup_done(self, result: CommandResult) -> None:
        """After a start-up command: the next one, or none after a failure (gdb stops
        sourcing a file at its first error; the message line names the file)."""
        line = getattr(self, "_startup_line", None)
        if line is None or result.command != line[1].strip().lstrip(":").strip():
            return
        self._startup_line = None
        if not result.ok:
            skipped = len(self.startup)
            self.startup.clear()
            self.call_after_refresh(self.set_message, f"{line[0]}: {result.error}"
                                    + (f" ({plural(skipped, 'start-up command')} not run)" if skipped else ""),
                                    error=True)
        elif self.startup:
            self.call_after_refresh(self._next_startup)

    def on_unmount(self) -> None:
        self.gc_pause.resume()

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
        self.main.show_running(line, self.running_steps)
        self.set_message(f"running {line} ... ctrl+c interrupts")
        self._ticker = self.set_interval(0.1, self._tick)
        self.run_worker(lambda: self._work(line), thread=True, exclusive=True, group="run",
                        exit_on_error=False, name=line)

    def _work(self, line: str) -> None:
        """The worker: it runs the command, captures the view of its stop and publishes it
        through the UI thread; until then the panes show the last view.  An app that has
        ended meanwhile gets nothing (there is no UI thread to publish through)."""
        result, view = runner.execute(self.commands, self.viewer, line)
        if self.dbg.cancel.is_set() and not self.is_running:
            return
        try:
            self.call_from_thread(self._worker_done, result, view)
        except RuntimeError:  # the app is not running any more
            pass

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
        self._startup_done(result)
        spec = self.commands.spec_for(result.command) if result.command else None
        name = spec.name if spec is not None else None
        self.main.show_result(result, name)
        if result.ok and result.extra.get("quit"):
            self.exit()  # quit / q: as ctrl+q
            return
        if result.ok and name == "load":
            self._apply_theme_choice()
            self.main.restore_views()
        if view is None:
            return
        self.publish(view)
        if result.ok and view.reissued is not None:
            self.set_message(f"{result.message or 'ok'}: reissued whole after the {view.reissued.name} recovery "
                             f"({plural(len(view.events), 'event')}, TPC + {view.pc - view.reissued.saved_tpc})")

    # ------------------------------------------------------------- actions
    # The app's keys (the screen's are "screen." actions of the key table).  While a
    # dialog is open the debugger keys do nothing (the screen's keys reach the dialog).
    DEBUGGER_ACTIONS = frozenset({"execute", "help", "cycle_theme", "digit"})

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        return not (action in self.DEBUGGER_ACTIONS and len(self.screen_stack) > 1)

    def counted(self, action: str) -> int:
        """The count typed before a key (1 without one); other keys cancel a count."""
        if self.count.active and action not in keys.COUNTED:
            self.count.clear()
            self.set_message("count cancelled: only s and S take a count")
        return self.count.take()

    def refused_while_busy(self) -> bool:
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
        self.push_screen(HelpScreen(keys.help_rows()))

    def action_execute(self, command: str) -> None:
        """s n c S C r: the key's execution command, through the press queue; a count typed
        before it repeats step and reverse-step and is cancelled by the others."""
        self._request(command, self.counted(command))

    def republish(self) -> None:
        """Publish the stop again, read anew (the machine did not move: a breakpoint changed)."""
        self.publish(self.viewer.capture(moved=False))

    def action_last_writer(self) -> None:
        self.main.last_writer()  # an app key: w acts on the picked item of the main screen

    def count_changes_from(self, regs: Registers | None) -> View:
        """Register changes counted from ``regs`` from now on (None: since the last stop);
        the current view again, with its changes counted so."""
        self.viewer.reference = regs
        self.view = replace(self.view, cumulative=self.view.regs.changed(regs))
        return self.view

    def action_leave_input(self) -> None:
        """Escape: leave an input (back to the pane it was opened from) and cancel a count."""
        if self.count.active:
            self.count.clear()
            self.set_message("count cancelled")
        self.main.leave_input()

    def action_interrupt(self) -> None:
        self.count.clear()
        self._not_run += self.presses.clear()
        if self.busy:
            self.dbg.interrupt.set()
            self.set_message(f"interrupting {self.busy_command} ...")
        else:
            self.set_message("nothing is running (ctrl+q quits)")


# ====================================================================== entry
def open_app(path: str | None = None, *, session: str | None = None, theme: str | None = None,
             profile: str = "debug", compat: str | None = None, history_file: Path | None = None,
             startup: list[tuple[str, str]] | None = None) -> PtodbgApp:
    """Build the app for a program (None: the built-in demo) and an optional session
    (:func:`~ptodbg.tui.launch.open_target`, which raises one clear sentence).  The
    history file and start-up commands are what ``ptodbg tui`` gives it
    (:mod:`ptodbg.tui.startup`); an app built without them keeps neither."""
    dbg, notice = open_target(path, session=session, profile=profile, compat=compat)
    return PtodbgApp(dbg, theme=theme, notice=notice, history_file=history_file, startup=startup)


def run_tui(path: str | None = None, session: str | None = None, theme: str | None = None,
            profile: str = "debug", compat: str | None = None, script: str | None = None) -> int:
    """``ptodbg tui`` and ``ptodbg``: run the app; 0 on a normal exit, 2 when the program
    or session cannot be opened or the theme does not exist (one line on standard error,
    naming the themes there are), 128 + N when signal N ended it and 129 when its
    terminal, input, output or parent went away (:mod:`ptodbg.tui.lifetime`)."""
    from ptodbg.debug.files.datafiles import DataFileError
    from ptodbg.debug.files.program import OpenError
    from ptodbg.tui.startup import history_path, startup_commands

    if theme is not None:
        problem = unknown_theme(theme)
        if problem:
            sys.stderr.write(f"ptodbg: error: {problem}\n")
            return 2
    try:
        startup, problem = startup_commands(script)
        app = open_app(path, session=session, theme=theme, profile=profile, compat=compat,
                       history_file=history_path(), startup=startup)
        if problem is not None:
            app.theme_errors.append(problem)  # shown on the message line at start, as a theme file's
    except (OpenError, sessions.SessionError, DataFileError) as e:
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
