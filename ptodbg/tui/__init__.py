"""The Textual TUI of ptodbg (DESIGN.md §1: tui -> debug -> core -> isa).

:func:`ptodbg.tui.app.run_tui` is the entry point; :mod:`ptodbg.tui.model` turns each
debugger stop into one immutable view state that every pane renders; the widgets live in
:mod:`ptodbg.tui.widgets`, the dialogs in :mod:`ptodbg.tui.screens`, the command-palette
providers in :mod:`ptodbg.tui.palette` and the theme files are read by
:mod:`ptodbg.tui.themes`.
"""
