"""The debugger engine: one façade over stops, stepping, travel, edits and frames.

One :class:`Debugger` drives one :class:`~ptodbg.core.Machine`.  The TUI, batch mode, the
DAP server and campaigns are clients of it; it knows nothing of Textual.  Its jobs live in
modules of their own and :class:`Debugger` puts them together:

=====================  ==============================================================
:mod:`.symbols`        the program's symbols (name <-> address, demangled names)
:mod:`.stops`          why a command stopped; the breakpoint/watchpoint table
:mod:`.forward`        step, continue, until, next, finish and the run loop
:mod:`.timeline`       goto, reverse-step, reverse-continue, the last attempt's events
:mod:`.calls`          reverse-next and reverse-finish (the calls of the recorded run)
:mod:`.editing`        timeline edits (set, set mem, perms, inject, recover)
:mod:`.frames`         the call chain and the selected frame
:mod:`.interrupts`     which command an interrupt belongs to
=====================  ==============================================================

Time is counted in instruction attempts (``machine.steps``), faulting attempts included.

Interrupts: a client (the TUI's ctrl+c) sets :attr:`Debugger.interrupt` to stop the running
command; a headless client that gives up on all work (batch mode's SIGINT) sets
:attr:`Debugger.cancel`.  An interrupted command stops between two attempts, at an exact
step, with status "interrupted".

Bounded work: :attr:`Debugger.step_limit` (batch mode's ``--max-steps``) caps the attempts
any one forward command runs (step, continue, until, next, finish, goto past the recorded
timeline); a command it ends has status "max-steps".  Backward travel replays only steps
the timeline already ran.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from ptodbg.core import Machine, StepResult
from ptodbg.core.memory import Unmapped
from ptodbg.debug.cxx.names import ambiguity
from ptodbg.debug.engine.calls import CallsMixin
from ptodbg.debug.engine.editing import ADDRESS_END, EditsMixin
from ptodbg.debug.engine.edits import Edit
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.expr import Context, Expr, ExprError
from ptodbg.debug.engine.forward import CALL_MNEMONICS, CHUNK, ForwardMixin
from ptodbg.debug.engine.frames import MAX_FRAMES, FramesMixin
from ptodbg.debug.engine.history import History
from ptodbg.debug.engine.interrupts import command
from ptodbg.debug.engine.stops import Breakpoint, Stop, StopTable, WatchHit, Watchpoint
from ptodbg.debug.engine.symbols import EMPTY_SYMBOLS, Symbols
from ptodbg.debug.engine.timeline import MAX_STEP, TimelineMixin
from ptodbg.debug.view.records import INTERRUPT_NAMES, PREDICATE_NAMES, Interrupts, Registers

if TYPE_CHECKING:  # the loader is the toolchain side; the run path imports it late
    from ptodbg.core.loader import LoadedProgram
    from ptodbg.isa.elf import Program

__all__ = [
    "ADDRESS_END", "CALL_MNEMONICS", "CHUNK", "EMPTY_SYMBOLS", "MAX_FRAMES", "MAX_STEP", "Breakpoint",
    "DebugError", "Debugger", "Stop", "Symbols", "WatchHit", "Watchpoint", "command", "file_sha256",
]

_CXX_MARKS = ("::", "(", "<", "~", "operator")  # a location that reads as a C++ name
_CXX_ONLY = ("::", "~", "operator")  # ... and cannot be an expression


def unquote(location: str) -> str:
    """A location without the quotes a demangled name with blanks is written in."""
    loc = location.strip()
    if len(loc) >= 2 and loc[0] == loc[-1] and loc[0] in "\"'":
        loc = loc[1:-1].strip()
    return loc


class Debugger(ForwardMixin, TimelineMixin, CallsMixin, EditsMixin, FramesMixin):
    """The engine.  Build it with a machine already loaded with a program (see
    :func:`ptodbg.debug.files.session.open_program`)."""

    def __init__(
        self,
        machine: Machine,
        symbols: Symbols = EMPTY_SYMBOLS,
        *,
        stop_address: int | None = None,
        result: tuple[int, int] | None = None,
        path: str | None = None,
        sha256: str | None = None,
        profile: str = "debug",
        interval: int = 4096,
        budget_bytes: int = 256 << 20,
        loaded: LoadedProgram | None = None,
    ) -> None:
        self.machine = machine
        self.loaded = loaded  # the program file's sections, segments and symbols; None for a bare machine
        self.symbols = symbols
        self.result = result
        self.path = path
        self.sha256 = sha256
        self.profile = profile
        self.table = StopTable(machine, stop_address)
        self.edits: list[Edit] = []
        self.cursor = 0  # edits[:cursor] are reflected in the machine state
        self._edits_version = 0  # bumped whenever the list of edits changes
        self.history = History(interval, budget_bytes, live_pages=lambda: machine.mem.pages)
        self.horizon = 0
        self.last = Stop("stopped", "loaded")
        self._events_cache: tuple[tuple[int, int], StepResult] | None = None
        self._selection: tuple[int, tuple[int, int, int]] = (0, (0, 0, 0))
        self.interrupt = threading.Event()  # set by a client to stop the running command
        self.cancel = threading.Event()  # set by a client to stop this and every later command
        self.step_limit: int | None = None  # most attempts one forward command may run
        self._depth = 0  # nesting of engine commands (see :func:`command`)
        self.on_progress: Callable[[int], None] | None = None
        self.notes: list[str] = []  # timeline notes for the event pane (edits, commits)
        self.settings: dict = {}  # client settings kept in sessions (views, theme)
        # gdb's $1, $, $_ and $name in expressions: installed by the command language
        # (ptodbg.debug.commands.values); None until it is used
        self.convenience: Callable[[str], int | None] | None = None
        machine.mem.set_capture(False)
        self._initial = machine.snapshot()
        self.history.record(machine.steps, 0, self._initial)

    def restart(self, edits: list[Edit] | None = None) -> None:
        """Back to the loaded state with a new (default: empty) timeline of edits."""
        m = self.machine
        m.restore(self._initial)
        self.edits = sorted(edits or [], key=lambda e: e.step)
        self.cursor = 0
        self._edits_version += 1
        self.history.clear()
        self.history.record(m.steps, 0, self._initial)
        self.horizon = m.steps
        self.notes.clear()
        self._apply_due()
        self.last = Stop("stopped", "restarted")

    # ================================================================ basics
    @property
    def steps(self) -> int:
        return self.machine.steps

    @property
    def program(self) -> Program | None:
        """The program file the debugger loaded (sections, symbols), None for a bare machine."""
        return self.loaded.program if self.loaded is not None else None

    @property
    def stop_address(self) -> int | None:
        """The test binary's stop symbol (a stop that is always there), or None."""
        return self.table.stop_address

    @property
    def breakpoints(self) -> dict[int, Breakpoint]:
        return self.table.breakpoints

    @property
    def watchpoints(self) -> dict[int, Watchpoint]:
        return self.table.watchpoints

    def interrupted(self) -> bool:
        """Whether the running command must stop at the next step boundary it checks."""
        return self.interrupt.is_set() or self.cancel.is_set()

    def expr_context(self) -> Context:
        """What expressions read: the machine, with the registers and pc of the selected
        frame when ``frame``/``up`` chose one (as gdb evaluates ``$sp`` and ``x/2gx sp``
        in the selected frame)."""
        m = self.machine
        frame = self.current_frame() if self.selected_frame else None
        frame_regs = frame.regs if frame is not None and frame.regs else None
        pc = frame.pc if frame is not None else m.pc

        def register(name: str) -> int | None:
            low = name.lower().removeprefix("$")  # gdb's $pc, $sp, $a0
            if low in ("pc", "tpc"):
                return pc
            if frame_regs is not None:
                try:
                    return frame_regs[m.reg_index(low)]
                except (KeyError, ValueError):
                    pass
            if low == "lra":
                return m.lra
            if low == "bpc":
                return m.bpc
            if low == "bpcn":
                return m.bpcn
            if low == "acr":
                return m.acr
            if low == "steps":
                return m.steps
            if low in PREDICATE_NAMES:
                return m.pred(PREDICATE_NAMES.index(low))
            if low in INTERRUPT_NAMES:
                return Interrupts.of(m).as_json()[INTERRUPT_NAMES[low]]
            try:
                return m.reg(low)
            except KeyError:
                if name.startswith("$") and self.convenience is not None:
                    return self.convenience(name)
                return None

        def queue(which: str, slot: int) -> int | None:
            return m.queue(which)[slot - 1]

        return Context(register, queue, self._read, self.symbols.lookup)

    def _read(self, address: int, length: int) -> bytes:
        """Memory as the debugger shows it: unmapped bytes are an error, never zeros."""
        try:
            return self.machine.mem.read_mapped(address, length)
        except Unmapped as e:
            raise DebugError(str(e)) from None

    def evaluate(self, text: str) -> int:
        try:
            return Expr(text).evaluate(self.expr_context())
        except ExprError as e:
            raise DebugError(str(e)) from None

    def resolve(self, location: str) -> int:
        """LOC: a symbol, a C++ function by its demangled name (quoted when it has blanks:
        ``"operator new(unsigned long)"``, or without parameters when that is unambiguous:
        ``std::vector<int>::push_back``), ``symbol+off``, an address, or any expression."""
        loc = unquote(location)
        if not loc:
            raise DebugError("a location is needed (symbol, symbol+off or address)")
        value = self.symbols.lookup(loc)
        if value is not None:
            return value
        if any(mark in loc for mark in _CXX_MARKS):
            address = self._function(loc)
            if address is not None:
                return address
            try:
                return self.evaluate(loc) & ((1 << 64) - 1)
            except DebugError:
                if any(mark in loc for mark in _CXX_ONLY):  # not an expression: say so
                    raise DebugError(f"no function or symbol matches {loc!r}") from None
                raise
        try:
            return self.evaluate(loc) & ((1 << 64) - 1)
        except DebugError:
            address = self._function(loc) if loc.replace("_", "a").isalnum() else None
            if address is None:
                raise
            return address

    def _function(self, typed: str) -> int | None:
        """The address of the one C++ function ``typed`` names; None when none does."""
        found = self.symbols.functions(typed)
        if not found:
            return None
        if len({address for _s, _shown, address in found}) > 1:
            raise DebugError(ambiguity(typed, found))
        return found[0][2]

    def symbolize(self, address: int) -> str:
        return self.symbols.symbolize(address)

    # ========================================================== breakpoints
    def _new_id(self) -> int:
        return self.table.new_id()

    def _sync_stops(self) -> None:
        self.table.sync_stops()

    def _sync_watches(self) -> None:
        self.table.sync_watches()

    def add_breakpoint(self, location: str, condition: str | None = None, temporary: bool = False) -> Breakpoint:
        return self.table.add_breakpoint(unquote(location), self.resolve(location), condition, temporary)

    def add_watchpoint(self, address_text: str, length: int = 8, mode: str = "w", condition: str | None = None,
                       *, address: int | None = None) -> Watchpoint:
        """Watch ``length`` bytes at ``address`` (default: ``address_text`` resolved as a
        LOC) for reads, writes or both; ``condition``: stop only when it holds."""
        if mode not in ("r", "w", "rw"):
            raise DebugError(f"watch mode {mode!r} must be r, w or rw")
        if not 1 <= length <= 1 << 20:
            raise DebugError(f"watch length {length} must be 1..1048576 bytes")
        low = self.resolve(address_text) if address is None else address & ((1 << 64) - 1)
        return self.table.add_watchpoint(address_text, low, length, mode, condition)

    def add_register_watch(self, register: str, condition: str | None = None) -> Watchpoint:
        """Watch a GPR (by ABI name or rN): stop after an attempt that changed its value
        (gdb's ``watch $a0``).  Runs go one attempt at a time while it is set."""
        try:
            index = self.machine.reg_index(register.lower().removeprefix("$"))
        except (KeyError, ValueError):
            raise DebugError(f"{register!r} is not a register") from None
        if index == 0:
            raise DebugError("zero never changes: there is nothing to watch")
        name = Registers.NAMES[index]
        return self.table.add_watchpoint(name, 0, 0, "w", condition, register=name)

    def set_condition(self, ident: int, condition: str | None) -> Breakpoint | Watchpoint:
        """gdb's ``condition N [EXPR]``."""
        return self.table.set_condition(ident, condition)

    def delete(self, ident: int | None = None) -> list[int]:
        """Delete one breakpoint/watchpoint, or all of them (gdb's ``delete``)."""
        return self.table.delete(ident)

    def toggle_breakpoint_at(self, address: int) -> Breakpoint | None:
        """Add a breakpoint at ``address``, or delete the ones there (TUI toggle)."""
        if self.table.toggle_at(address):
            return None
        return self.add_breakpoint(f"{address:#x}")

    def enable(self, ident: int | None = None, on: bool = True) -> list[int]:
        """Enable (or with ``on`` False disable) breakpoint/watchpoint ``ident``, or all."""
        return self.table.enable(ident, on)

    def ignore(self, ident: int, count: int) -> Breakpoint:
        """Pass over the next ``count`` hits of breakpoint ``ident``."""
        return self.table.set_ignore(ident, count)

    def info_breakpoints(self) -> list[dict]:
        return self.table.info(self.symbolize)

    # ============================================================ queries
    def regs(self) -> dict[str, int]:
        return self.machine.regs()

    def memory(self, address: int, length: int) -> bytes:
        """``length`` bytes at ``address``; DebugError naming the first unmapped byte."""
        if not 0 < length <= 1 << 20:
            raise DebugError("length must be 1..1048576 bytes")
        return self._read(address, length)

    def result_bytes(self) -> bytes | None:
        """The test binary's result bytes, None without a result.  The loader bounded the
        range and found it mapped; a program that unmapped it since gets DebugError naming
        the first unmapped byte, never zeros."""
        if self.result is None:
            return None
        return self._read(*self.result)

    def history_usage(self) -> dict:
        return {
            "snapshots": len(self.history),
            "bytes": self.history.memory_bytes(),
            "budget": self.history.budget,
            "thinned": self.history.thinned,
            "horizon": self.horizon,
        }


def file_sha256(path: str) -> str:
    """The sha256 of the file at ``path`` (a session names its program by it).  hashlib
    is imported here: loading OpenSSL is a millisecond and more of a start-up that needs
    no checksum (``ptodbg run``)."""
    import hashlib

    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()
