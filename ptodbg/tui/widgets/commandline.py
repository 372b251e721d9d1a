"""The command line: an input whose keys never go astray when typed fast.

Textual hands a key to the widget that has the focus *when the key is read*, so in a
burst (a fast typist, a paste, a terminal that delivers several keys in one read) the
keys typed right after ``:`` could reach the pane the command line was opened from (and
``r`` would recover), and the ones typed right after enter could land in the command
line again.  The app opens the line with a priority binding and moves the focus at once;
this input submits at once (not through a message that waits behind the burst) and
passes a key that reaches it after the focus has left to the widget that has it now.

Completion comes from the engine (``Commands.complete``): the first candidate is shown
greyed after the cursor as you type (right arrow or end accepts it), and tab completes as
readline does: the one candidate, or the part all candidates share, listing them when it
cannot choose.

The line keeps its own history, as a shell does: up and down recall the lines run before,
ctrl+r searches them backwards as readline does (type to narrow, ctrl+r again for an older
match, enter runs it, escape gives the line back, any other key edits it), enter on an
empty line repeats the last one (as in gdb), and a ``:`` typed at the start (the habit of
the key that opened the line) is dropped.  The history outlives the session when the app
gives a file for it (:mod:`ptodbg.tui.startup`: the newest 1,000 lines, in the XDG state
folder).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from textual import events
from textual.suggester import Suggester
from textual.widgets import Input

from ptodbg.debug.commands.completion import common_prefix
from ptodbg.tui.startup import load_history, save_history

Completer = Callable[[str], list[str]]


class CommandSuggester(Suggester):
    """Suggests the first completion of the line; never cached, since symbols and
    breakpoints change while the app runs."""

    def __init__(self, complete: Completer) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self._complete = complete

    async def get_suggestion(self, value: str) -> str | None:
        if not value.strip():
            return None
        found = self._complete(value)
        # Only a completion that is certain: with several, tab lists them (as bash and gdb),
        # and showing the first would read as a choice made for the user.
        return found[0] if len(found) == 1 and found[0] != value else None


class CommandLine(Input):
    """The app's command line; ``submit`` runs a line (called at once on enter, with the
    line to run: the last one again for an empty line), ``leave`` gives the focus back (at
    once on escape), ``show`` puts a sentence on the message line."""

    def __init__(self, submit: Callable[[str], None], leave: Callable[[], None], *,
                 complete: Completer | None = None, show: Callable[[str], None] | None = None,
                 history_file: Path | None = None, **kwargs) -> None:
        if complete is not None:
            kwargs.setdefault("suggester", CommandSuggester(complete))
        super().__init__(**kwargs)
        self._submit = submit
        self._leave = leave
        self._complete = complete
        self._show = show
        self.history: list[str] = []  # the lines run, oldest first (a line repeated at once is kept once)
        self.history_file = history_file
        self.history_problem: str | None = None  # why the history file could not be read or written
        if history_file is not None:
            self.history, self.history_problem = load_history(history_file)
        self._history_pos = len(self.history)  # where up/down are in the history (len(history): past the newest)
        self.search: tuple[str, int, str] | None = None  # ctrl+r: (query, match index, the line before)

    def complete_line(self) -> None:
        """Tab: complete to the only candidate or to what all candidates share, and
        list them (through ``show``) when there are several."""
        if self._complete is None:
            return
        found = self._complete(self.value)
        if not found:
            if self._show is not None:
                self._show(f"no completions for {self.value.strip()!r}")
            return
        common = found[0] if len(found) == 1 else common_prefix(found)
        if len(found) == 1 and not common.endswith(("/", " ")):
            common += " "
        if len(common) > len(self.value):
            self.value = common
            self.cursor_position = len(common)
        if len(found) > 1 and self._show is not None:
            shown = [f.rstrip("/").rsplit(" ", 1)[-1] or f for f in found[:12]]
            more = f" (+{len(found) - 12} more)" if len(found) > 12 else ""
            self._show(f"{len(found)} completions: {'  '.join(shown)}{more}")

    async def action_submit(self) -> None:
        """Enter: run the line, kept in the history; an empty line repeats the last one."""
        line = self.value.strip().lstrip(":").strip()
        self.value = ""
        if not line:
            if not self.history:
                if self._show is not None:
                    self._show("no command to repeat yet")
                return
            line = self.history[-1]
        elif not self.history or self.history[-1] != line:
            self.history.append(line)
            self._keep_history()
        self._history_pos = len(self.history)
        self._submit(line)

    def _keep_history(self) -> None:
        """Write the history to its file (the problem, once, to the message line)."""
        if self.history_file is None:
            return
        problem = save_history(self.history_file, self.history)
        if problem is not None and problem != self.history_problem and self._show is not None:
            self._show(problem)
        self.history_problem = problem

    # ----------------------------------------------------- ctrl+r search
    def _search_from(self, query: str, before: int) -> int | None:
        """The newest history line before index ``before`` that contains ``query``."""
        for i in range(min(before, len(self.history)) - 1, -1, -1):
            if query in self.history[i]:
                return i
        return None

    def _show_search(self, found: int | None) -> None:
        query = self.search[0] if self.search is not None else ""
        if found is not None:
            self.value = self.history[found]
            self.cursor_position = len(self.value)
        if self._show is not None:
            what = "no match" if found is None else "ctrl+r older, enter runs, escape cancels"
            self._show(f"(reverse-i-search)'{query}': {self.value if found is not None else ''}  ({what})")

    def search_key(self, event: events.Key) -> bool:
        """A key while searching (True: it was the search's)."""
        if event.key == "ctrl+r":
            if self.search is None:
                self.search = ("", len(self.history), self.value)
            query, at, before = self.search
            found = self._search_from(query, at)
            self.search = (query, found if found is not None else at, before)
            self._show_search(found)
            return True
        if self.search is None:
            return False
        query, at, before = self.search
        if event.key == "escape":
            self.search = None
            self.value = before
            self.cursor_position = len(before)
            if self._show is not None:
                self._show("search cancelled")
            return True
        if event.key == "backspace" or (event.character and event.is_printable):
            query = query[:-1] if event.key == "backspace" else query + (event.character or "")
            found = self._search_from(query, len(self.history))
            self.search = (query, found if found is not None else len(self.history), before)
            self._show_search(found)
            return True
        self.search = None  # enter runs the line found; any other key edits it
        return False

    def recall(self, step: int) -> None:
        """Up (-1) or down (+1) through the history; past the newest line: an empty line."""
        self._history_pos = max(0, min(len(self.history), self._history_pos + step))
        self.value = self.history[self._history_pos] if self._history_pos < len(self.history) else ""
        self.cursor_position = len(self.value)

    def on_input_changed(self, event: Input.Changed) -> None:
        """A ':' typed at the start of the line (the habit of the key that opened it) is
        not part of the command."""
        if event.input is self and event.value.startswith(":"):
            self.value = event.value.lstrip(":")

    async def _on_key(self, event: events.Key) -> None:
        focused = self.screen.focused
        if focused is not None and focused is not self:
            # A key of the burst that reached the line after the focus left it.
            event.stop()
            event.prevent_default()
            focused.post_message(events.Key(event.key, event.character))
            return
        if self.search_key(event):
            event.stop()
            event.prevent_default()
            return
        if event.key == "tab" and self._complete is not None:
            event.stop()
            event.prevent_default()
            self.complete_line()
            return
        if event.key in ("up", "down") and self.history:
            event.stop()
            event.prevent_default()
            self.recall(-1 if event.key == "up" else 1)
            return
        if event.key in ("enter", "escape"):  # here, before the keys typed after it
            event.stop()
            event.prevent_default()
            if event.key == "enter":
                await self.action_submit()
            else:
                self._leave()
            return
        await super()._on_key(event)

