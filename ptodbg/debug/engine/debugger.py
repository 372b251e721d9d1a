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

from collections.abc import Callable
from typing import TYPE_CHECKING

from ptodbg.core import Machine
from ptodbg.core.memory import Memory, Unmapped
from ptodbg.core.sysregs import ECONFIG, EVBASE, TIMER_TIMECMP
from ptodbg.debug.engine.calls import CallsMixin
from ptodbg.debug.engine.context import resolve_location, state_context, unquote
from ptodbg.debug.engine.editing import ADDRESS_END, EditsMixin
from ptodbg.debug.engine.edits import Edit
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.expr import Context, Expr, ExprError
from ptodbg.debug.engine.forward import CALL_MNEMONICS, CHUNK, ForwardMixin
from ptodbg.debug.engine.frames import MAX_FRAMES, FramesMixin
from ptodbg.debug.engine.interrupts import command
from ptodbg.debug.engine.stops import Breakpoint, Stop, WatchHit, Watchpoint
from ptodbg.debug.engine.symbols import EMPTY_SYMBOLS, Symbols
from ptodbg.debug.engine.timeline import MAX_STEP, TimelineMixin
from ptodbg.debug.view.memimage import MemoryImage
from ptodbg.debug.view.records import (
    INTERRUPT_NAMES,
    PREDICATE_NAMES,
    CoreState,
    Interrupts,
    Registers,
    Reservation,
    Trap,
)

if TYPE_CHECKING:  # the loader is the toolchain side; the run path imports it late
    from ptodbg.core.loader import LoadedProgram
    from ptodbg.isa.decoder import Decoder
    from ptodbg.isa.elf import Program

__all__ = [
    "ADDRESS_END", "CALL_MNEMONICS", "CHUNK", "EMPTY_SYMBOLS", "MAX_FRAMES", "MAX_STEP", "Breakpoint",
    "DebugError", "Debugger", "Stop", "Symbols", "WatchHit", "Watchpoint", "command", "file_sha256",
]

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
        self.init_state(machine, symbols, stop_address, interval, budget_bytes)
        self.loaded = loaded  # the program file's sections, segments and symbols; None for a bare machine
        self.result = result
        self.path = path
        self.sha256 = sha256
        self.profile = profile
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
        self.apply_due_edits()
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

    @property
    def in_command(self) -> bool:
        """Whether an engine command is running (a query it makes is part of it and keeps
        its interrupt; see :func:`~ptodbg.debug.engine.interrupts.command`)."""
        return self._depth > 0

    def interrupted(self) -> bool:
        """Whether the running command must stop at the next step boundary it checks."""
        return self.interrupt.is_set() or self.cancel.is_set()

    def expr_context(self) -> Context:
        """What expressions read: the machine, in the selected frame when ``frame``/``up``
        chose one (:func:`~ptodbg.debug.engine.context.state_context`, the one context the
        View reads through too)."""
        m = self.machine
        frame = self.current_frame() if self.selected_frame else None
        regs = frame.regs if frame is not None and frame.regs else m.r
        pc = frame.pc if frame is not None else m.pc
        special = {"pc": pc, "tpc": pc, "lra": m.lra, "bpc": m.bpc, "bpcn": m.bpcn, "acr": m.acr, "steps": m.steps}

        def queue(which: str, slot: int) -> int | None:
            return m.queue(which)[slot - 1]

        def more(low: str) -> int | None:  # read only when an expression names them
            if low in PREDICATE_NAMES:
                return m.pred(PREDICATE_NAMES.index(low))
            field = INTERRUPT_NAMES.get(low)
            return None if field is None else getattr(self.interrupts(), field)

        return state_context(regs, special, queue, self._read, self.symbols.lookup, self.convenience, more)

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
        """LOC (:func:`~ptodbg.debug.engine.context.resolve_location`): a symbol, a C++
        function by its demangled name, ``symbol+off``, an address, or any expression."""
        return resolve_location(location, self.symbols, self.evaluate)

    def symbolize(self, address: int) -> str:
        return self.symbols.symbolize(address)

    # ========================================================== breakpoints
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
    # What clients read of the machine, as typed records and plain values: the View is
    # made from these (and the DAP reads what a View does not hold through them), so no
    # client reaches into the machine.
    @property
    def pc(self) -> int:
        """TPC."""
        return self.machine.pc

    @property
    def exit_code(self) -> int | None:
        """The program's exit status once it has exited (linux profile), else None."""
        return self.machine.exit_code

    @property
    def decoder(self) -> Decoder:
        """The machine's decode table (stateless: safe to use from any thread)."""
        return self.machine.decoder

    @property
    def frame_sp_register(self) -> str:
        """The register the program's frames keep their sp in: ``sp`` (R1), or the
        linx-v0.4 toolchain's frame register under that compatibility mode."""
        m = self.machine
        return f"r{m.frame_sp}" if m.compat else "sp"

    @property
    def flat_memory_bytes(self) -> int | None:
        """The size of the reference profile's one flat memory region (None: paged)."""
        return self.machine.profile.flat_bytes

    @property
    def os_state(self) -> object:
        """The linux personality's process state (brk, mmap area, output), or None."""
        return self.machine.os_state

    def core_state(self) -> CoreState:
        """The architectural state now, read at once (see :class:`CoreState`)."""
        m = self.machine
        trap = Trap.of(m.pending_trap)
        recovered = recoverable = None
        if trap is not None:
            recovered = not m.context_valid(trap.bank) and not trap.vectored
            recoverable = m.recoverable(trap.bank)
        output = getattr(m.os_state, "output", b"")
        return CoreState(
            steps=m.steps,
            pc=m.pc,
            regs=Registers(tuple(m.r[:len(Registers.NAMES)])),
            t=tuple(m.queue("t")),
            u=tuple(m.queue("u")),
            block=m.block_state(),
            bpc=m.bpc,
            bpcn=m.bpcn,
            acr=m.acr,
            lra=m.lra,
            reservation=None if m.resv is None else Reservation(*m.resv),
            trap=trap,
            last_trap=trap if trap is not None else Trap.of(m.last_trap),
            recovered=bool(recovered),
            recoverable=recoverable,
            exit_code=m.exit_code,
            output=bytes(output) if output else b"",
            predicates=tuple(m.pred(i) for i in range(len(PREDICATE_NAMES))),
            interrupts=self.interrupts(),
        )

    def interrupts(self) -> Interrupts:
        """The interrupt state of the bank the current ring's interrupts go to, as an
        instruction reading IPENDING/TOPEI now would see it (the timer refreshed)."""
        m = self.machine
        bank = m.interrupt_bank()
        pending, top = m.interrupt_view(bank)
        return Interrupts(bank, pending, top, m.ctx(bank, ECONFIG), m.ctx(bank, TIMER_TIMECMP))

    def memory_image(self) -> MemoryImage:
        """A frozen image of memory now (its pages shared copy-on-write, as a snapshot
        shares them): read it from any thread while the machine runs on."""
        return MemoryImage.of_memory(self.machine.mem)

    def code_memory(self) -> LiveCode:
        """The live memory as the listing builder reads code (for x/i and display/i at the
        stop the engine is at; a client that keeps what it reads takes a
        :meth:`memory_image`)."""
        return LiveCode(self.machine.mem)

    def trap_handlers(self) -> dict[int, int]:
        """Bank -> the handler address (EVBASE) of every trap bank that has one."""
        m = self.machine
        return {bank: base for bank in range(len(m.saved)) if (base := m.ctx(bank, EVBASE))}

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


class LiveCode:
    """Read-only access to live memory for decoding (a
    :class:`~ptodbg.debug.view.memimage.CodeMemory`): mapped bytes only, never zeros."""

    __slots__ = ("_mem",)

    def __init__(self, mem: Memory) -> None:
        self._mem = mem

    def readable_prefix(self, address: int, size: int) -> bytes:
        """The bytes at ``address`` up to ``size`` or the first unmapped byte."""
        first = self._mem.first_unmapped(address, size)
        count = size if first is None else first - address
        return self._mem.peek(address, count) if count > 0 else b""


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
