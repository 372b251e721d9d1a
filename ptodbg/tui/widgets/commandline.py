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
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.suggester import Suggester
from textual.widgets import Input

from ptodbg.debug.completion import common_prefix

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
    """The app's command line; ``submit`` runs a line (called at once on enter),
    ``leave`` gives the focus back (at once on escape)."""

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
        value = self.value
        self.value = ""
        self._submit(value)

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
        if event.key in ("enter", "escape"):  # here, before the keys typed after it
            event.stop()
            event.prevent_default()
            if event.key == "enter":
                await self.action_submit()
            else:
                self._leave()
            return
        await super()._on_key(event)

