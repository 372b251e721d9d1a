"""The command line: an input whose keys never go astray when typed fast.

Textual hands a key to the widget that has the focus *when the key is read*, so in a
burst (a fast typist, a paste, a terminal that delivers several keys in one read) the
keys typed right after ``:`` could reach the pane the command line was opened from (and
``r`` would recover), and the ones typed right after enter could land in the command
line again.  The app opens the line with a priority binding and moves the focus at once;
this input submits at once (not through a message that waits behind the burst) and
passes a key that reaches it after the focus has left to the widget that has it now.
"""

from __future__ import annotations

from collections.abc import Callable

from textual import events
from textual.widgets import Input


class CommandLine(Input):
    """The app's command line; ``submit`` runs a line (called at once on enter),
    ``leave`` gives the focus back (at once on escape)."""

    def __init__(self, submit: Callable[[str], None], leave: Callable[[], None], **kwargs) -> None:
        super().__init__(**kwargs)
        self._submit = submit
        self._leave = leave

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
        if event.key in ("enter", "escape"):  # here, before the keys typed after it
            event.stop()
            event.prevent_default()
            if event.key == "enter":
                await self.action_submit()
            else:
                self._leave()
            return
        await super()._on_key(event)
