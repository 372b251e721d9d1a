"""The debugged program as the adapter sees it: the one module of ``ptodbg.dap`` that
touches the engine.

Everything the server reads of a stop (registers, queues, block, trap, events, output,
memory, disassembly, frames, displays) comes from the frozen :class:`View` of that stop,
captured once on the first read after the engine moved or changed (DESIGN.md §1: one read
path for every client), or from the engine's public reads where a View does not hold it
(a backtrace deeper than the View's, source lines, symbols); everything it does (runs,
steps, breakpoints, edits, commands) goes through :class:`Target`, which drops the View
of the stop it changed.  Only the request loop *or* the run worker calls a Target at any
one time (see :mod:`ptodbg.dap.server`); :meth:`interrupt` is the exception, safe from
any thread.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ptodbg.debug.commands import CommandResult, Commands, CommandSpec
from ptodbg.debug.commands.displays import console_lines
from ptodbg.debug.commands.memformat import FormatError, print_value, symbol_label
from ptodbg.debug.commands.stopdisplays import containing
from ptodbg.debug.engine import source_step
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.expr import Context, Expr, ExprError
from ptodbg.debug.engine.lines import (
    SourceFileError,
    SourceLine,
    SourceLines,
    line_table_problem,
    read_source,
    source_lines,
)
from ptodbg.debug.engine.restart_frame import restart_frame
from ptodbg.debug.engine.stops import Stop
from ptodbg.debug.view import listing, traps
from ptodbg.debug.view.capture import FRAME_LIMIT, View, Viewer
from ptodbg.debug.view.jsonstate import block_json, event_json, trap_stop_json
from ptodbg.debug.view.records import Instruction, Trap, TrapStop
from ptodbg.debug.view.tiles import TileContents, TileOperation
from ptodbg.debug.view.traps import FILTERS as TRAP_FILTERS
from ptodbg.debug.view.traps import matches as trap_matches

__all__ = ["COMPAT", "PROFILES", "TRAP_FILTERS", "Frame", "MemoryRead", "OpenFailed", "SourceFileError", "Target",
           "TileContents", "TileOperation", "read_source", "trap_matches", "trap_stop_json"]

MASK64 = (1 << 64) - 1
PAGE = 4096
MAX_FRAMES = 1000
PROFILES = ("debug", "reference", "linux")
COMPAT = ("linx-v0.4",)


class OpenFailed(Exception):
    """The program cannot be debugged; one sentence naming the file and the defect."""


@dataclass(frozen=True, slots=True)
class Frame:
    level: int
    pc: int
    sp: int
    name: str  # function (demangled) and offset, or the address
    source: SourceLine | None
    restartable: bool = False  # in a function: restartFrame can go back to its entry


@dataclass(frozen=True, slots=True)
class MemoryRead:
    """A read of [address, address+count): the readable prefix and how many bytes after
    it cannot be read (not mapped)."""

    address: int
    data: bytes
    unreadable: int


class Target:
    """One loaded program in one engine."""

    def __init__(self, dbg: Debugger) -> None:
        from ptodbg.debug.files import session

        self.dbg = dbg
        self.commands = Commands(dbg, save=session.save, load=session.load)
        self.lines: SourceLines | None = source_lines(dbg)
        self.lines_problem = line_table_problem(dbg)
        self._viewer = Viewer(dbg)
        self._view: View | None = None
        self._view_at: tuple | None = None  # the engine position the view was captured at

    # ------------------------------------------------------------ opening
    @classmethod
    def open(cls, program: str, *, profile: str = "debug", compat: str | None = None,
             argv: list[str] | None = None, session_file: str | None = None,
             max_steps: int | None = None) -> Target:
        from ptodbg.debug.files import session
        from ptodbg.debug.files.program import OpenError, open_debugger

        try:
            dbg = open_debugger(program, profile=profile, compat=compat, argv=argv)
        except OpenError as e:
            raise OpenFailed(str(e)) from None
        # launch's maxSteps bounds every forward command, those typed in the debug console
        # (continue, until, finish, goto past the recorded timeline) included
        dbg.step_limit = max_steps
        if session_file:
            try:
                session.load(dbg, session_file)
            except session.SessionError as e:
                raise OpenFailed(str(e)) from None
        return cls(dbg)

    @property
    def path(self) -> str:
        return self.dbg.path or "program"

    @property
    def name(self) -> str:
        return Path(self.path).name

    # ------------------------------------------------------------- state
    def view(self) -> View:
        """The View of the stop the engine is at: captured on the first read after the
        engine moved or a Target call changed it, then every read of that stop is answered
        from it."""
        at = (self.dbg.position(), self.dbg.selected_frame)
        if self._view is None or at != self._view_at:
            moved = self._view_at is None or at[0] != self._view_at[0]
            self._view, self._view_at = self._viewer.capture(moved=moved), at
        return self._view

    def _changed(self) -> None:
        """A call changed the engine (a move, an edit, a breakpoint, a command): the next
        read captures a new View."""
        self._view = None

    @property
    def steps(self) -> int:
        return self.dbg.steps

    @property
    def pc(self) -> int:
        return self.dbg.pc

    @property
    def last_stop(self) -> Stop:
        return self.dbg.last

    def registers(self) -> list[tuple[str, int, bool]]:
        """(name, value, writable): TPC, the 24 GPRs, then LRA, BPC, BPCN, ACR, steps."""
        v = self.view()
        out = [("tpc", v.pc, True)]
        out += [(name, value, name != "zero") for name, value in v.regs.items()]
        out += [("lra", v.lra, False), ("bpc", v.bpc, False), ("bpcn", v.bpcn, False),
                ("acr", v.acr, False), ("steps", v.steps, False)]
        return out

    def queues(self) -> dict[str, list[int | None]]:
        v = self.view()
        return {"t": list(v.t), "u": list(v.u)}

    def block(self) -> dict | None:
        return block_json(self.view().block)

    def tiles(self) -> tuple[TileOperation | None, list[TileContents]]:
        """The open block's tile operation and the allocated tile registers at this stop
        (docs/interfaces.md §12), from the View captured at the stop (its records of
        :mod:`ptodbg.debug.view.tiles`: immutable, by reference)."""
        v = self.view()
        tiles = [v.tile(reg.index) for reg in v.tiles]
        return v.operation, [t for t in tiles if t is not None]

    def reservation(self) -> tuple[int, int] | None:
        resv = self.view().reservation
        return None if resv is None else (resv.address, resv.size)

    def trap(self) -> TrapStop | None:
        """The trap the last instruction attempt entered (a trap stop, or a handler entry)."""
        return self.view().trap

    def last_trap(self) -> Trap | None:
        """The most recent trap taken, pending or not."""
        return self.view().last_trap

    def trap_handlers(self) -> dict[int, int]:
        return self.dbg.trap_handlers()

    def handler_writes(self) -> list[int]:
        return traps.handler_writes(self.dbg)

    def events(self) -> list[dict]:
        return [event_json(e) for e in self.view().events]

    def notes(self) -> list[str]:
        return list(self.dbg.notes)

    def output(self) -> bytes:
        return self.view().output

    @property
    def exit_code(self) -> int | None:
        return self.dbg.exit_code

    def result(self) -> bytes | None:
        return self.dbg.result_bytes()

    def frame_sp_register(self) -> str:
        return self.dbg.frame_sp_register

    def frames(self, limit: int) -> list[Frame]:
        """The call chain, innermost first.  At a trap stop TPC holds the fault address
        (or EVBASE), not code: the one frame shown is the faulting instruction (the
        saved TPC), which is what the user needs to see; the Registers scope keeps the
        architectural TPC."""
        limit = max(1, min(limit, MAX_FRAMES))
        v = self.view()
        trap = v.trap
        if trap is not None and not trap.info.vectored:
            saved_tpc = trap.info.saved_tpc
            return [Frame(0, saved_tpc, v.regs[1], f"{self.symbolize(saved_tpc)} [{trap.info.name}]",
                          self.source_at(saved_tpc))]
        chain = v.frames
        if len(chain) < limit and len(chain) == FRAME_LIMIT:  # deeper than the View reads
            chain = tuple(self.dbg.frames(limit))
        return [Frame(f.level, f.pc, f.sp, f.label, self.source_at(f.pc), f.function is not None)
                for f in chain[:limit]]

    def restart_frame(self, level: int) -> Stop:
        """Travel back to the step at which frame ``level`` was entered (the caller's
        registers, TPC at the function's entry); DebugError when it cannot be."""
        self._changed()
        return restart_frame(self.dbg, level)

    # ------------------------------------------------------------ symbols
    def symbol(self, name: str) -> int | None:
        return self.dbg.symbols.lookup(name)

    def symbol_size(self, name: str) -> int:
        return self.dbg.symbols.sizes.get(name, 0)

    def symbolize(self, address: int) -> str:
        return self.dbg.symbolize(address)

    def static_address(self, text: str) -> int:
        """A location from symbols and numbers only (no registers or memory): usable
        while the program runs.  Raises DebugError."""
        found = self.dbg.symbols.lookup(text.strip())
        if found is not None:
            return found
        ctx = Context(lambda name: None, lambda which, slot: None, _no_memory, self.dbg.symbols.lookup)
        try:
            return Expr(text).evaluate(ctx) & MASK64
        except (ExprError, RecursionError) as e:
            raise DebugError(str(e) if isinstance(e, ExprError) else "expression nested too deeply") from None

    @staticmethod
    def check_expression(text: str) -> str | None:
        """None when ``text`` parses as an expression, else why not."""
        try:
            Expr(text)
        except ExprError as e:
            return str(e)
        except RecursionError:
            return "expression nested too deeply"
        return None

    # ------------------------------------------------------------- source
    def source_at(self, address: int) -> SourceLine | None:
        return self.lines.at(address) if self.lines is not None else None

    def line_boundaries(self, low: int, high: int) -> list[int]:
        """Line-table row starts in [low, high): known instruction boundaries."""
        if self.lines is None:
            return []
        import bisect

        starts = self.lines.table._starts  # sorted row addresses
        return starts[bisect.bisect_left(starts, low):bisect.bisect_left(starts, high)]

    # ------------------------------------------------------------- memory
    def mapped(self, address: int) -> bool:
        return 0 <= address <= MASK64 and self.view().memory.mapped(address)

    def read_memory(self, address: int, count: int) -> MemoryRead:
        """The mapped prefix of [address, address+count), page by page, and the length
        of the unmapped run after it (never zeros for unmapped bytes)."""
        mem = self.view().memory
        end = min(address + count, MASK64 + 1)
        pos = address
        while pos < end and mem.mapped(pos):
            pos = min((pos // PAGE + 1) * PAGE, end)
        data = mem.read(address, pos - address) if pos > address else b""
        gap = pos
        while gap < end and not mem.mapped(gap):
            gap = min((gap // PAGE + 1) * PAGE, end)
        return MemoryRead(address, data or b"", gap - pos)

    def write_memory(self, address: int, data: bytes) -> str:
        self._changed()
        return self.dbg.set_memory(address, data)

    def instructions(self, address: int, offset: int, count: int) -> list[Instruction]:
        """The rows of the DAP ``disassemble`` request (:func:`~ptodbg.debug.view.listing.rows_around`
        over the View's memory): invalid rows (``whole`` False) for bytes that are not a
        whole mapped instruction."""
        v = self.view()
        span = (abs(offset) + 1) * 8
        boundaries = self.line_boundaries(max(0, address - max(span, listing.SYNC_REACH)), address + 1)
        return listing.rows_around(v.memory, v.decoder, v.symbols, address, offset, count, boundaries)

    # -------------------------------------------------------- breakpoints
    def add_breakpoint(self, location: str, condition: str | None = None) -> int:
        self._changed()
        return self.dbg.add_breakpoint(location, condition).ident

    def add_watchpoint(self, address: int, length: int, mode: str) -> int:
        self._changed()
        return self.dbg.add_watchpoint(f"{address:#x}", length, mode).ident

    def delete(self, ident: int) -> None:
        if ident in self.dbg.breakpoints or ident in self.dbg.watchpoints:
            self._changed()
            self.dbg.delete(ident)

    def exists(self, ident: int) -> bool:
        return ident in self.dbg.breakpoints or ident in self.dbg.watchpoints

    def hits(self, ident: int) -> int:
        found = self.dbg.breakpoints.get(ident) or self.dbg.watchpoints.get(ident)
        return found.hits if found is not None else 0

    def stop_here(self) -> Stop | None:
        """A breakpoint stop for an enabled breakpoint at TPC whose condition holds (a
        run that was interrupted right at it has not checked it yet); no hit counted."""
        pc = self.pc
        for bp in sorted(self.dbg.breakpoints.values(), key=lambda b: b.ident):
            if not bp.enabled or bp.address != pc:
                continue
            if bp.condition is not None:
                try:
                    if not bp.condition.evaluate(self.dbg.expr_context()):
                        continue
                except (ExprError, RecursionError):
                    pass
            return Stop("breakpoint", f"breakpoint {bp.ident} at {self.symbolize(pc)}", breakpoint=bp.ident)
        return None

    # -------------------------------------------------------------- moves
    def interrupt(self) -> None:
        """Ask a running engine call to stop soon (any thread)."""
        self.dbg.interrupt.set()

    def clear_interrupt(self) -> None:
        """Before a job starts (the engine is idle): no interrupt left over from a pause."""
        self.dbg.interrupt.clear()

    def cont(self, budget: int | None) -> Stop:
        self._changed()
        return self.dbg.cont(budget)

    def step_instruction(self, over: bool) -> Stop:
        self._changed()
        return self.dbg.next() if over else self.dbg.step(1)

    def step_line(self, over: bool, ends_step, cancelled, budget: int) -> Stop:
        assert self.lines is not None
        self._changed()
        return source_step.line_step(self.dbg, self.lines, over=over, ends_step=ends_step,
                                     cancelled=cancelled, budget=budget)

    def step_back_instruction(self) -> Stop:
        self._changed()
        return self.dbg.reverse_step(1)

    def step_back_line(self, cancelled, budget: int) -> Stop:
        assert self.lines is not None
        self._changed()
        return source_step.line_step_back(self.dbg, self.lines, cancelled=cancelled, budget=budget)

    def step_out(self, budget: int | None) -> Stop:
        self._changed()
        return source_step.step_out(self.dbg, self.frame_sp_register(), budget=budget)

    def reverse_continue(self) -> Stop:
        self._changed()
        return self.dbg.reverse_continue()

    def has_lines_at(self, address: int) -> bool:
        return self.lines is not None and self.lines.table.row_at(address) is not None

    # -------------------------------------------------------- expressions
    def evaluate(self, text: str) -> int:
        try:
            return self.dbg.evaluate(text)
        except RecursionError:
            raise DebugError("expression nested too deeply") from None

    def set_register(self, name: str, value: int) -> str:
        self._changed()
        return self.dbg.set_register(name, value)

    def format_value(self, text: str, form: str) -> str:
        """``text`` evaluated and shown as gdb's ``print/FORM`` shows it (``d``: signed
        decimal, ``x`` hex ...).  Raises DebugError."""
        value = self.evaluate(text)
        try:
            return print_value(value, form, symbol_label(containing(self.dbg)))
        except FormatError as e:
            raise DebugError(str(e)) from None

    def complete(self, line: str, limit: int) -> list[str]:
        """The whole command lines ``line`` can complete to: the engine's completion, the
        one the TUI's command line offers."""
        return self.commands.complete(line, limit)

    def display_lines(self) -> list[str]:
        """gdb's auto-displays at this stop, as the console prints them (``1: /x a0 =
        0x5``); empty when there are none.  They are shown by the engine's own
        ``display`` command's (:func:`~ptodbg.debug.commands.stopdisplays.shown_displays`), so the
        debug console reads exactly as the TUI's and batch ``--text`` do."""
        return console_lines(self.view().displays)

    @staticmethod
    def shown_displays(result: CommandResult) -> list[str]:
        """The console lines of the displays a command that moved showed at its stop."""
        return console_lines(result.extra.get("displays", []))

    def is_command(self, line: str) -> bool:
        return self.commands.spec_for(line) is not None  # x/8gx and print/x too

    def command_spec(self, line: str) -> CommandSpec | None:
        """The command ``line`` would run (whether it moves the machine, ...), unrun."""
        return self.commands.spec_for(line)

    def execute(self, line: str) -> CommandResult:
        self._changed()
        try:
            return self.commands.execute(line)
        except RecursionError:
            return CommandResult(line, False, error=f"{line.split()[0]}: expression nested too deeply")


def _no_memory(address: int, size: int) -> bytes:
    raise ExprError("memory cannot be read while the program runs")
