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
enter on an empty line repeats the last one (as in gdb), and a ``:`` typed at the start
(the habit of the key that opened the line) is dropped.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.suggester import Suggester
from textual.widgets import Input

from ptodbg.debug.commands.completion import common_prefix

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
        return found[0] if found and found[0] != value else None


class CommandLine(Input):
    """The app's command line; ``submit`` runs a line (called at once on enter, with the
    line to run: the last one again for an empty line), ``leave`` gives the focus back (at
    once on escape), ``show`` puts a sentence on the message line."""

    def __init__(self, submit: Callable[[str], None], leave: Callable[[], None], *,
                 complete: Completer | None = None, show: Callable[[str], None] | None = None,
                 **kwargs) -> None:
        if complete is not None:
            kwargs.setdefault("suggester", CommandSuggester(complete))
        super().__init__(**kwargs)
        self._submit = submit
        self._leave = leave
        self._complete = complete
        self._show = show
        self.history: list[str] = []  # the lines run, oldest first (a line repeated at once is kept once)
        self._history_pos = 0  # where up/down are in the history (len(history): past the newest)

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
        self._history_pos = len(self.history)
        self._submit(line)

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

