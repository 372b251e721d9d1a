"""The widgets of the ptodbg TUI, and the discovery of the tab panes among them.

Every module here is looked at for tab panes (see :mod:`ptodbg.tui.pane`): a module that
defines a widget class with ``TAB`` set adds a tab to the bottom row, and the main screen
composes one tab per class :func:`tab_widgets` finds.  So a new tab is one module here,
with no edit to the screen or the app."""

import importlib
import pkgutil

from ptodbg.tui.widgets.disasm import DisasmView
from ptodbg.tui.widgets.events import EventList, EventRow, EventsPane
from ptodbg.tui.widgets.hexview import HexView, MemoryPane
from ptodbg.tui.widgets.panes import KeyFooter, RegistersPane, StatePane, StatusBar, TrapPane

__all__ = [
    "DisasmView", "EventList", "EventRow", "EventsPane", "HexView", "KeyFooter", "MemoryPane",
    "RegistersPane", "StatePane", "StatusBar", "TrapPane", "tab_widgets",
]


def tab_widgets() -> list[type]:
    """Every widget class of this package that declares a tab, in tab order (``TAB_ORDER``,
    then title).  The modules are imported by name, so this package imports none of its
    tab modules itself (and a module put on its ``__path__`` later is found too)."""
    found = []
    for info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and value.__module__ == module.__name__ and value.__dict__.get("TAB"):
                found.append(value)
    return sorted(found, key=lambda cls: (getattr(cls, "TAB_ORDER", 100), cls.TAB))
