"""The Textual TUI of ptodbg (docs/interfaces.md §1: tui -> debug -> core -> isa; tui imports only
ptodbg.debug).

:func:`ptodbg.tui.app.run_tui` is the entry point.  Each stop is one frozen
:class:`~ptodbg.debug.view.capture.View` that every pane renders (the pane protocol is
:mod:`ptodbg.tui.pane`).  The app (:mod:`ptodbg.tui.app`) keeps the engine, the keys
(:mod:`ptodbg.tui.keys`), the themes (read by :mod:`ptodbg.tui.themes`), the command palette
(:mod:`ptodbg.tui.palette`) and the worker; the main screen (:mod:`ptodbg.tui.main_screen`)
the layout (:mod:`ptodbg.tui.layout`) and the panes; the widgets live in
:mod:`ptodbg.tui.widgets`, the dialogs in :mod:`ptodbg.tui.screens`.
"""

import os

# Textual paints a changed screen on a fixed frame grid (TEXTUAL_FPS, 60 by default): a
# step's repaint waits up to one frame (16.7 ms) for its slot.  At 120 frames a second
# that wait is at most 8.3 ms, so a step key shows its stop sooner; painting still happens
# only when something changed.  Read when Textual is first imported (a user's own
# TEXTUAL_FPS wins).
os.environ.setdefault("TEXTUAL_FPS", "120")
