"""The widgets of the ptodbg TUI.  Every module here is looked at for tab panes (see
:mod:`ptodbg.tui.pane`): a module that defines a widget class with ``TAB`` set adds a tab."""

from ptodbg.tui.widgets.disasm import DisasmView
from ptodbg.tui.widgets.events import EventList, EventRow, EventsPane
from ptodbg.tui.widgets.hexview import HexView, MemoryPane
from ptodbg.tui.widgets.panes import KeyFooter, RegistersPane, StatePane, StatusBar, TrapPane

__all__ = [
    "DisasmView", "EventList", "EventRow", "EventsPane", "HexView", "KeyFooter", "MemoryPane",
    "RegistersPane", "StatePane", "StatusBar", "TrapPane",
]
