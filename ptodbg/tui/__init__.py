"""The Textual TUI of ptodbg (DESIGN.md §1: tui -> debug -> core -> isa; tui imports only
ptodbg.debug).

:func:`ptodbg.tui.app.run_tui` is the entry point.  Each stop is one frozen
:class:`~ptodbg.debug.view.View` that every pane renders (the pane protocol is
:mod:`ptodbg.tui.pane`); the widgets live in :mod:`ptodbg.tui.widgets`, the dialogs in
:mod:`ptodbg.tui.screens`, the command-palette providers in :mod:`ptodbg.tui.palette` and
the theme files are read by :mod:`ptodbg.tui.themes`.
"""
