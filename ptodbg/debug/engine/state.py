"""The state the engine's parts share, declared once.

:class:`~ptodbg.debug.engine.debugger.Debugger` is put together from mixins that each own
one part of the engine (forward runs, travel, reverse calls, edits, frames).  They share
one machine, one timeline and one table of stops; :class:`EngineState` declares every
attribute they share - its type and what it means - and makes them all
(:meth:`EngineState.init_state`), so no part reads an attribute another part set up
without a declaration, and a new part starts from this list.  Every mixin derives from
it; the attributes stay plain attributes of the one engine object (the forward run loop
reads them on every chunk).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from ptodbg.debug.engine.history import History
from ptodbg.debug.engine.stops import Stop, StopTable

if TYPE_CHECKING:
    from ptodbg.core import Machine, StepResult
    from ptodbg.debug.engine.edits import Edit
    from ptodbg.debug.engine.symbols import Symbols


class EngineState:
    """What every part of the engine may read and write (see the module docstring)."""

    # the program and the machine
    machine: Machine
    symbols: Symbols
    table: StopTable  # breakpoints, watchpoints and the stop symbol, placed in the machine
    # the timeline
    history: History  # snapshots and interval summaries of the recorded run
    edits: list[Edit]  # in step order
    cursor: int  # edits[:cursor] are reflected in the machine state
    horizon: int  # the furthest step the recorded run reached
    _edits_version: int  # bumped whenever the list of edits changes (keys the caches below)
    _events_cache: tuple[tuple[int, int], StepResult] | None  # (steps, edits version) -> the last attempt
    # what the last command left
    last: Stop
    notes: list  # timeline notes for the event pane (edits, commits)
    _selection: tuple[int, tuple[int, int, int]]  # (frame level, the position it was selected at)
    # running commands
    step_limit: int | None  # most attempts one forward command may run
    interrupt: threading.Event  # set by a client to stop the running command
    cancel: threading.Event  # set by a client to stop this and every later command
    on_progress: Callable[[int], None] | None  # told the step count while a long travel runs
    _depth: int  # nesting of engine commands (see :func:`~ptodbg.debug.engine.interrupts.command`)

    def init_state(self, machine: Machine, symbols: Symbols, stop_address: int | None, interval: int,
                   budget_bytes: int) -> None:
        """Make every shared attribute for a machine just loaded (step 0 of an empty timeline)."""
        self.machine = machine
        self.symbols = symbols
        self.table = StopTable(machine, stop_address)
        self.history = History(interval, budget_bytes, live_pages=lambda: machine.mem.pages)
        self.edits = []
        self.cursor = 0
        self.horizon = 0
        self._edits_version = 0
        self._events_cache = None
        self.last = Stop("stopped", "loaded")
        self.notes = []
        self._selection = (0, (0, 0, 0))
        self.step_limit = None
        self.interrupt = threading.Event()
        self.cancel = threading.Event()
        self.on_progress = None
        self._depth = 0
