"""The one error type of the engine's commands.

Why a module of its own: every engine module (stops, frames, the timeline, edits) raises
it and every client (the command language, the TUI, the DAP server, campaigns) catches it,
so it must sit below all of them.
"""

from __future__ import annotations


class DebugError(ValueError):
    """A command that cannot be carried out; the message is one clear sentence."""
