"""The panes of the ptodbg TUI."""

from ptodbg.tui.widgets.disasm import DisasmView
from ptodbg.tui.widgets.events import EventList, EventRow
from ptodbg.tui.widgets.hexview import HexView
from ptodbg.tui.widgets.panes import KeyFooter, RegistersPane, StatePane, StatusBar, TrapPane

__all__ = ["DisasmView", "EventList", "EventRow", "HexView", "KeyFooter", "RegistersPane", "StatePane", "StatusBar",
           "TrapPane"]
