"""The read-only view of a stopped machine: what every client renders from.

:class:`Viewer` makes one :class:`View` per stop (docs/interfaces.md §8: "one state diff per stop
feeds every pane").  A view is frozen and complete: the registers by ABI name, the T/U
queues, TPC and the block state, the pending trap with a recovery hint, the reservation,
the memory (a copy-on-write image, read with its permissions), decoded instructions,
symbols, the call chain (with the frame ``frame``/``up``/``down`` selected, its pc and its
unwound registers), the events and notes of the last step, the program's output, a
summary of the history, the timeline (the history's interval summaries, the stops seen and
the edits, for a picture of the whole run), the page map and the program's source lines.  Nothing in it refers to the live machine, so a
client may keep rendering the last view while another thread runs the machine on: the
thread that runs a command captures the view of its stop and hands it over (the TUI's
worker publishes views; its widgets only ever see one).

Besides the architectural state a view works out what a user needs to understand a stop:
the DMA of the current or last instruction (its 64-byte source and destination, from its
events when it executed, from its operand registers otherwise — DMA writes no register and
a precise fault changes none, ``asl/scalar/amo/DMA.asl``), the bytes the last attempt
wrote, the registers changed since the previous view and since a reference point, and for
a trap a recovery hint.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING

from ptodbg.debug.engine.context import resolve_location, state_context
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.expr import Context, Expr, ExprError
from ptodbg.debug.engine.lines import SourceLine, SourceLines, source_lines
from ptodbg.debug.engine.tiles import tile_state
from ptodbg.debug.view.listing import Listing, instruction, sweep
from ptodbg.debug.view.memimage import MemoryImage, peek_decode
from ptodbg.debug.view.pagemap import Region, page_map, page_marks, process_regions, program_regions
from ptodbg.debug.view.records import (
    ATOMIC,
    DATA_ALIGN_FAULT,
    DATA_PAGE_FAULT,
    INST_PAGE_FAULT,
    INTERRUPT_NAMES,
    LOAD,
    PAGE_SHIFT,
    PREDICATE_NAMES,
    STORE,
    BlockState,
    DmaInfo,
    EditNote,
    Frame,
    HistorySummary,
    Instruction,
    Interrupts,
    MemEvent,
    Note,
    PageRange,
    Perms,
    Registers,
    Reservation,
    Syscall,
    Timeline,
    TimelineMark,
    Trap,
    TrapStop,
)
from ptodbg.debug.view.stoplist import UserStop, user_stops
from ptodbg.debug.view.telescope import Chain, StackRow, chain, symbol_labeler, telescope
from ptodbg.debug.view.tiles import (
    EMPTY_STATE,
    TileContents,
    TileOperation,
    TileRegister,
    TileState,
    TileTransfer,
    merge_ranges,
    registers,
)
from ptodbg.debug.view.tiles import operation as tile_operation
from ptodbg.debug.view.tiles import transfer as tile_transfer
from ptodbg.linux.syscalls import SyscallNote
from ptodbg.tile.state import EMPTY as EMPTY_FILE
from ptodbg.tile.state import TileFile

if TYPE_CHECKING:
    from ptodbg.core import StepResult
    from ptodbg.debug.engine.debugger import Debugger
    from ptodbg.debug.engine.symbols import Symbols
    from ptodbg.isa.decoder import Decoder
    from ptodbg.isa.forms import Form

MASK64 = (1 << 64) - 1
RECENT_NOTES = 8  # notes a view keeps (the newest)
STACK_WORDS = 64  # words of the stack a view telescopes (the stack pane)
DETAIL_STEPS = 4096  # a timeline this short is pictured attempt by attempt (Timeline.detail)
FRAME_LIMIT = 64  # backtrace levels a view reads (a runaway recursion stays cheap)
STOP_MARKS = {"breakpoint": "breakpoint", "watchpoint": "watchpoint", "trap": "trap"}  # status -> mark
BLOCK_ENDS = frozenset({"BSTOP", "C.BSTOP"})  # the instructions a tile block's operation commits at


class ViewError(ValueError):
    """An expression or location a view cannot evaluate; one clear sentence."""


@dataclass(frozen=True, slots=True)
class LastStep:
    """The last instruction attempt: where, what, and the trap it entered if any."""

    pc: int
    mnemonic: str | None
    trap: Trap | None
    text: str  # "DMA at copy", "DMA at copy trapped (DATA_PAGE_FAULT)"


@dataclass(frozen=True, eq=False)
class View:
    """One stop, frozen.  Read it from any thread; it never reads the machine."""

    serial: int  # 1, 2, ... per viewer: every view has its own number
    stop: int  # 1, 2, ... per viewer: a new number when the machine may have moved
    steps: int
    status: str  # the JSON status of the stop (docs/interfaces.md §6)
    message: str
    pc: int  # TPC
    regs: Registers
    t: tuple[int | None, ...]  # newest first; None: slot not valid
    u: tuple[int | None, ...]
    block: BlockState | None
    bpc: int
    bpcn: int
    acr: int
    lra: int
    reservation: Reservation | None
    trap: TrapStop | None  # the trap the last attempt entered
    reissued: Trap | None  # the recovered trap whose instruction the last attempt re-executed
    last_trap: Trap | None  # the most recent trap taken (the pending one, or an earlier one)
    last: LastStep | None
    events: tuple[MemEvent, ...]  # memory events of the last attempt, in order
    written: frozenset[int]  # byte addresses the last attempt stored to
    dma: DmaInfo | None
    notes: tuple[Note, ...]  # the newest notes of the timeline
    step_notes: tuple[Note, ...]  # what the step that led here noted
    output: bytes  # what the program wrote to stdout/stderr (linux profile)
    exit_code: int | None
    predicates: tuple[int, ...]  # P0..P7 (P0 reads all ones)
    interrupts: Interrupts  # the interrupt state of the current ring's interrupt bank
    memory: MemoryImage
    symbols: Symbols
    breakpoints: frozenset[int]  # addresses of the enabled user breakpoints
    marks: Mapping[int, str]  # page number -> injection mark (see pagemap.page_marks)
    marks_why: Mapping[int, str]  # page number -> the injection in words
    frames: tuple[Frame, ...]
    history: HistorySummary
    profile: str
    result: tuple[int, int] | None  # (address, size) of a test binary's cross_model_result
    decoder: Decoder = field(repr=False)  # the machine's (stateless) decode table
    regions: tuple[Region, ...] = field(repr=False)  # named address ranges for the page map
    changed: frozenset[int] = frozenset()  # GPR indices changed since the previous view
    cumulative: frozenset[int] = frozenset()  # ... since the viewer's reference registers
    queue_changed: frozenset[str] = frozenset()  # "t", "u"
    timeline: Timeline = Timeline(0, 1)
    lines: SourceLines | None = field(default=None, repr=False)  # None: no line information
    selected_frame: int = 0  # the level frame/up/down selected (an index of ``frames``)
    disabled: frozenset[int] = frozenset()  # addresses with only disabled user breakpoints
    displays: tuple[dict, ...] = ()  # the auto-displays at this stop, as the console shows them
    user_stops: tuple[UserStop, ...] = ()  # the breakpoints and watchpoints, by number
    tile_state: TileState = EMPTY_STATE  # the tile registers and the open block's operation (by reference)
    tiles_before: TileFile = EMPTY_FILE  # the tile registers at the previous stop (what changed since)

    # -------------------------------------------------------------- facts
    @property
    def focus_pc(self) -> int:
        """Where a disassembly centres: the faulting instruction at a trap stop without
        a handler (TPC then holds TRAPARG0), else TPC."""
        trap = self.trap
        if trap is not None and not trap.info.vectored and not trap.recovered:
            return trap.info.saved_tpc
        return self.pc

    @property
    def frame(self) -> Frame | None:
        """The selected frame (None only for a view without frames)."""
        return self.frames[self.selected_frame] if self.selected_frame < len(self.frames) else None

    @property
    def frame_regs(self) -> Registers:
        """The registers as the selected frame sees them (gdb's registers after ``up``):
        the live ones in frame 0, else those unwound from the FENTRY save slots."""
        frame = self.frame
        if self.selected_frame == 0 or frame is None or not frame.regs:
            return self.regs
        return Registers(frame.regs)

    @property
    def frame_pc(self) -> int:
        """Where the selected frame is: its pc (a return address in a caller), or in
        frame 0 the focus address."""
        frame = self.frame
        return frame.pc if self.selected_frame and frame is not None else self.focus_pc

    def result_bytes(self) -> bytes | None:
        """A test binary's ``cross_model_result`` bytes; None without a result, or when the
        program unmapped them since the load (never zeros)."""
        return None if self.result is None else self.memory.read(*self.result)

    @property
    def last_text(self) -> str:
        return self.last.text if self.last is not None else ""

    # --------------------------------------------------------------- tiles
    @cached_property
    def tiles(self) -> tuple[TileRegister, ...]:
        """The allocated tiles (docs/interfaces.md §12), by index."""
        return registers(self.tile_state.file)

    @cached_property
    def operation(self) -> TileOperation | None:
        """The open block's tile operation (None: no block, or no tile operation)."""
        return tile_operation(self.tile_state.op)

    def tile(self, index: int) -> TileContents | None:
        """Tile ``index``'s elements at this stop (None: not allocated)."""
        return self.tile_state.contents(index)

    def tile_before(self, index: int) -> TileContents | None:
        """Tile ``index`` as it was at the previous stop."""
        return TileState(self.tiles_before, None).contents(index)

    @cached_property
    def tiles_changed(self) -> frozenset[int]:
        """The tiles whose descriptor, elements or definedness changed since the previous
        stop (allocated or freed included)."""
        now, before = self.tile_state.file, self.tiles_before
        if now is before:
            return frozenset()
        return frozenset(i for i, (a, b) in enumerate(zip(now.local, before.local, strict=True))
                         if a is not b and (a is None or b is None or not a.same(b)))

    @cached_property
    def tile_transfer(self) -> TileTransfer | None:
        """The memory a tile block moves, for the memory views (as :attr:`dma`): the block
        the last attempt committed (its events), else the open tile-memory block whose
        BSTOP is at TPC (or trapped at the saved TPC), worked out by a dry run."""
        last = self.last
        if last is not None and last.mnemonic in BLOCK_ENDS and self.events:
            loads = [(e.address, e.size) for e in self.events if e.kind == LOAD]
            stores = [(e.address, e.size) for e in self.events if e.kind == STORE]
            if loads or stores:
                return TileTransfer(last.pc, None, merge_ranges(loads), merge_ranges(stores), "done")
        state = self.tile_state
        if state.op is None:
            return None
        trap = self.trap
        faulted = trap is not None and trap.blocking
        at = trap.info.saved_tpc if faulted else self.pc
        got = self.decode(at)
        if got is None or got[0] is None or got[0].mnemonic not in BLOCK_ENDS:
            return None
        return tile_transfer(state, self._read_gpr, at, "faulted" if faulted else "next")

    def _read_gpr(self, code: int) -> int:
        """A Reg5 source at this stop: a GPR, or T#1..T#4 / U#1..U#4 (0 when empty)."""
        if code < len(self.regs):
            return self.regs.values[code]
        queue = self.t if code < 28 else self.u
        value = queue[(code - 24) % 4]
        return 0 if value is None else value

    @cached_property
    def stack(self) -> tuple[StackRow, ...]:
        """The selected frame's stack, pwndbg's way: :data:`STACK_WORDS` words from its sp,
        each with the registers that point at it and the chain of the word it holds."""
        regs = self.frame_regs
        pointing = [(name, value) for name, value in regs.items() if name != "zero"]
        return telescope(self.memory, self.label, regs["sp"], STACK_WORDS, pointing)

    @cached_property
    def pointers(self) -> tuple[tuple[str, int, Chain], ...]:
        """The registers of the selected frame that hold the address of mapped memory
        (zero excepted: a null pointer is none), with where each leads: (name, value,
        chain), in register order."""
        out = []
        for name, value in self.frame_regs.items():
            if value and name != "zero" and self.memory.perms_at(value) is not None:
                found = chain(value, self.memory, self.label)
                if found.points:
                    out.append((name, value, found))
        return tuple(out)

    def label(self, address: int) -> str:
        """`` <sym+off>`` (demangled) for an address in the program's own ranges, "" for
        any other (a stack or heap address is no symbol's)."""
        return self._labeler(address)

    @cached_property
    def _labeler(self):
        program = [r for r in self.regions if not r.name.startswith("[")]
        symbols = self.symbols

        def containing(address: int) -> tuple[str, int] | None:
            if not any(r.start <= address < r.end for r in program):
                return None
            return symbols.containing(address)

        return symbol_labeler(symbols, containing)

    @cached_property
    def pages(self) -> tuple[PageRange, ...]:
        """The page map: every mapped range, its permissions, name and injection."""
        return page_map(self.memory, self.regions, self.marks, self.marks_why)

    # ------------------------------------------------------------- reading
    def symbolize(self, address: int) -> str:
        return self.symbols.symbolize(address)

    def source_line(self, address: int) -> SourceLine | None:
        """The source line whose code holds ``address`` (file, line, text); None for a
        program without line information or an address outside it."""
        return self.lines.at(address) if self.lines is not None else None

    def read(self, address: int, size: int) -> bytes | None:
        """``size`` bytes at ``address``; None when any byte is unmapped."""
        return self.memory.read(address, size)

    def instruction(self, address: int) -> Instruction:
        """The decoded instruction at ``address`` (text, bytes, labels)."""
        return instruction(self.memory, self.decoder, self.symbols, address)

    def decode(self, address: int) -> tuple[Form | None, int, int] | None:
        """(form, value, length in bits) at ``address``, None when unmapped."""
        return peek_decode(self.memory, self.decoder, address)

    def listing(self, center: int, reuse: Listing | None = None) -> Listing:
        """The disassembly window around ``center``; ``reuse`` when it still fits."""
        if reuse is not None and reuse.fits(self.memory, center):
            return reuse
        return sweep(self.memory, self.decoder, self.symbols, center)

    # --------------------------------------------------------- expressions
    def _context(self) -> Context:
        """The one expression context (:func:`~ptodbg.debug.engine.context.state_context`),
        over this stop: the selected frame's registers and pc, as the engine reads them."""
        frame = self.frame if self.selected_frame else None
        pc = frame.pc if frame is not None else self.pc
        special = {"pc": pc, "tpc": pc, "lra": self.lra, "bpc": self.bpc, "bpcn": self.bpcn, "acr": self.acr,
                   "steps": self.steps}

        def queue(which: str, slot: int) -> int | None:
            return (self.t if which == "t" else self.u)[slot - 1]

        def memory(address: int, size: int) -> bytes:
            data = self.memory.read(address, size)
            if data is None:
                raise ExprError(f"memory at {address:#x} ({size} bytes) is not mapped")
            return data

        def more(low: str) -> int | None:
            if low in PREDICATE_NAMES:
                return self.predicates[PREDICATE_NAMES.index(low)]
            field = INTERRUPT_NAMES.get(low)
            return None if field is None else getattr(self.interrupts, field)

        return state_context(self.frame_regs.values, special, queue, memory, self.symbols.lookup, None, more)

    def evaluate(self, text: str) -> int:
        """An expression of :mod:`ptodbg.debug.engine.expr` at this stop (reads of unmapped
        memory are an error, not zeros)."""
        try:
            return Expr(text).evaluate(self._context())
        except ExprError as e:
            raise ViewError(str(e)) from None

    def resolve(self, location: str) -> int:
        """LOC as the engine resolves it (:func:`~ptodbg.debug.engine.context.resolve_location`):
        a symbol, a C++ function, ``symbol+off``, an address, or any expression (unsigned 64-bit)."""

        def evaluate(text: str) -> int:
            try:
                return Expr(text).evaluate(self._context())
            except ExprError as e:
                raise DebugError(str(e)) from None

        try:
            return resolve_location(location, self.symbols, evaluate)
        except DebugError as e:
            raise ViewError(str(e)) from None


# ====================================================================== capture
def capture_view(dbg: Debugger) -> View:
    """The view of ``dbg``'s stop, for a client that renders one stop and keeps no viewer
    (``run --json``)."""
    return Viewer(dbg).capture()


class Viewer:
    """Makes the views of one debugger, numbered and each diffed with the previous one.

    Call :meth:`capture` on the thread that runs the debugger, after a command: it reads
    the machine once; what it returns is safe to hand to any other thread."""

    def __init__(self, dbg: Debugger) -> None:
        self.dbg = dbg
        self.serial = 0
        self.stops = 0
        self.last: View | None = None
        self.reference: Registers | None = None  # "changed since" point for ``cumulative``
        self._regions: tuple[Region, ...] | None = None
        self._stops: list[TimelineMark] = []  # the stops captured, in the order seen
        self._edits: tuple = ()
        self._timeline: Timeline | None = None
        self._detail: list[int] = []  # memory events of attempts 1..len (see _detail_of)
        self._detail_made: tuple[tuple[int, ...], int] = ((), -1)  # (the tuple handed out, edits version)

    def capture(self, *, moved: bool = True) -> View:
        """The view of the machine now.  ``moved``: the machine may have moved since the
        previous view (the diffs are taken against it); False re-reads the same stop
        (breakpoints or permissions changed) and keeps the previous view's diffs."""
        dbg = self.dbg
        core = dbg.core_state()
        events = tuple(dbg.events())  # also makes dbg.last_step the last attempt
        result = dbg.last_step if core.steps else None
        memory = dbg.memory_image()
        decoder = dbg.decoder
        regs, t, u = core.regs, core.t, core.u
        symbols = dbg.symbols
        pending = core.trap
        last = _last_step(result, symbols)
        dma = find_dma(memory, decoder, regs, result, pending, core.pc)
        trap = None
        if pending is not None:
            if core.recovered and dma is not None and dma.when == "faulted":
                dma = DmaInfo(dma.pc, dma.src, dma.dst, "next")  # the reissue is next
            hint, ok = recovery_hint(symbols, memory, pending, dma, core.recovered, core.pc)
            trap = TrapStop(pending, core.recovered, hint, ok, core.recoverable)
        prev = self.last
        same_stop = not moved and prev is not None and prev.steps == core.steps
        if same_stop:
            changed, queue_changed, reissued = prev.changed, prev.queue_changed, prev.reissued
        else:
            changed = regs.changed(prev.regs if prev is not None else None)
            queue_changed = frozenset()
            if prev is not None:
                queue_changed = frozenset(q for q, now, old in (("t", t, prev.t), ("u", u, prev.u)) if now != old)
            reissued = None
            if (prev is not None and prev.trap is not None and prev.trap.recovered and last is not None
                    and last.pc == prev.trap.info.saved_tpc and core.steps == prev.steps + 1):
                reissued = prev.trap.info
        marks, why = page_marks(memory, dbg.edits, dbg.cursor)
        if self._regions is None:
            self._regions = program_regions(dbg)
        usage = dbg.history_usage()
        timeline = self._timeline_of(usage["horizon"], core.steps, moved)
        frames = tuple(dbg.frames(FRAME_LIMIT))
        tiles = tile_state(dbg)
        if prev is None:
            tiles_before = tiles.file
        elif same_stop:
            tiles_before = prev.tiles_before
        else:
            tiles_before = prev.tile_state.file
        self.serial += 1
        if not same_stop:
            self.stops += 1
        view = View(
            serial=self.serial,
            stop=self.stops,
            steps=core.steps,
            status=dbg.last.status,
            message=dbg.last.message,
            pc=core.pc,
            regs=regs,
            t=t,
            u=u,
            block=core.block,
            bpc=core.bpc,
            bpcn=core.bpcn,
            acr=core.acr,
            lra=core.lra,
            reservation=core.reservation,
            trap=trap,
            reissued=reissued,
            last_trap=core.last_trap,
            last=last,
            events=events,
            written=written_bytes(events),
            dma=dma,
            notes=tuple(note_of(n) for n in dbg.notes[-RECENT_NOTES:]),
            step_notes=step_notes(dbg, result),
            output=core.output,
            exit_code=core.exit_code,
            predicates=core.predicates,
            interrupts=core.interrupts,
            memory=memory,
            symbols=symbols,
            breakpoints=frozenset(b.address for b in dbg.breakpoints.values() if b.enabled and b.ident > 0),
            marks=MappingProxyType(marks),
            marks_why=MappingProxyType(why),
            frames=frames,
            history=HistorySummary(usage["snapshots"], usage["bytes"], usage["budget"], usage["thinned"],
                                   usage["horizon"], len(dbg.edits)),
            profile=dbg.profile,
            result=dbg.result,
            changed=changed,
            cumulative=regs.changed(self.reference),
            queue_changed=queue_changed,
            decoder=decoder,
            regions=self._regions + process_regions(dbg.os_state),
            timeline=timeline,
            lines=source_lines(dbg),
            selected_frame=min(dbg.selected_frame, len(frames) - 1) if frames else 0,
            disabled=frozenset(b.address for b in dbg.breakpoints.values() if b.ident > 0 and not b.enabled)
            - {b.address for b in dbg.breakpoints.values() if b.enabled},
            displays=_displays(dbg),
            user_stops=user_stops(dbg),
            tile_state=tiles,
            tiles_before=tiles_before,
        )
        self.last = view
        return view

    def _timeline_of(self, horizon: int, steps: int, moved: bool) -> Timeline:
        """The timeline of this stop: reused while nothing in it changed, so a client can
        tell by identity that its picture is still right."""
        dbg = self.dbg
        stops = self._stops
        changed = False
        if stops and stops[-1].step > horizon:  # the past was rewritten: that future is gone
            self._stops = stops = [mark for mark in stops if mark.step <= horizon]
            changed = True
        status = dbg.last.status
        if moved and status in STOP_MARKS:
            kind = STOP_MARKS[status]
            if not any(mark.step == steps and mark.kind == kind for mark in stops):
                stops.append(TimelineMark(steps, kind, dbg.last.message))
                changed = True
        edits = tuple(dbg.edits)
        if edits != self._edits:
            self._edits = edits
            changed = True
        intervals = dbg.history.summaries()
        detail = self._detail_of(horizon, steps)
        old = self._timeline
        if (not changed and old is not None and old.horizon == horizon and old.intervals is intervals
                and old.detail is detail):
            return old
        marks = sorted([*stops, *(TimelineMark(e.step, "edit", e.describe().removeprefix(f"@{e.step}:").strip())
                                     for e in edits)],
                       key=lambda mark: (mark.step, mark.kind != "edit"))  # an edit applies before the stop
        self._timeline = Timeline(horizon, dbg.history.interval, intervals, tuple(marks), detail)
        return self._timeline

    def _detail_of(self, horizon: int, steps: int) -> tuple[int, ...]:
        """The memory events of every attempt of a short timeline (up to
        :data:`DETAIL_STEPS`), the picture of a run at the resolution its history has: a
        program under 4,096 steps has a single snapshot interval, so its interval summary
        would say one thing for the whole run.  Kept between stops and extended as the run
        grows: the attempt that led to the present is known already (a step key costs
        nothing), and the stretch a run went through without stopping is replayed once on
        the precise path (:meth:`~ptodbg.debug.engine.timeline.TimelineMixin.event_counts`);
        a change of the timeline's edits starts it again."""
        dbg = self.dbg
        if horizon > DETAIL_STEPS:
            return ()
        made, version = self._detail_made
        known = self._detail
        if version != dbg.position()[2]:
            known.clear()
        del known[horizon:]
        if len(known) == steps - 1 and steps and dbg.last_step is not None:
            known.append(len(dbg.last_step.events))
        if len(known) < horizon:
            known.extend(dbg.event_counts(len(known), horizon))
        if made != tuple(known):
            made = tuple(known)
        self._detail_made = (made, dbg.position()[2])
        return made


# ------------------------------------------------------------------ pieces
def _displays(dbg: Debugger) -> tuple[dict, ...]:
    """The auto-displays at this stop.  The command language (which shows them) is imported
    only when the debugger has a display list: ``run --json`` and a batch script without
    ``display`` never load it."""
    if not dbg.settings.get("displays"):
        return ()
    from ptodbg.debug.commands.stopdisplays import shown_displays

    return shown_displays(dbg)


def _last_step(result: StepResult | None, symbols: Symbols) -> LastStep | None:
    if result is None:
        return None
    mnemonic = result.form.mnemonic if result.form is not None else None
    trap = Trap.of(result.trap)
    text = f"{mnemonic or '?'} at {symbols.symbolize(result.pc)}"
    if trap is not None:
        text += f" trapped ({trap.name})"
    return LastStep(result.pc, mnemonic, trap, text)


def written_bytes(events: tuple[MemEvent, ...] | list[MemEvent]) -> frozenset[int]:
    """Byte addresses that the events stored (performed atomics included)."""
    out: set[int] = set()
    for e in events:
        if e.kind == STORE or (e.kind == ATOMIC and e.performed and e.written is not None):
            out.update(range(e.address, e.address + e.size))
    return frozenset(out)


def _dma_operands(regs: Registers, form, value: int) -> tuple[int, int]:
    v = form.values(value)
    return regs.values[v["SrcL"]] & MASK64, regs.values[v["SrcR"]] & MASK64


def find_dma(memory: MemoryImage, decoder: Decoder, regs: Registers, last: StepResult | None,
             trap: Trap | None, pc: int) -> DmaInfo | None:
    """The DMA to highlight: the last attempt if it was an executed DMA, else the DMA at
    TPC (for a trap stop without a handler: at the saved TPC), else a DMA whose last
    attempt faulted."""
    faulted = None
    if last is not None and last.form is not None and last.form.mnemonic == "DMA":
        src, dst = _dma_operands(regs, last.form, last.insn)
        loads = [e.address for e in last.events if e.kind == LOAD]
        stores = [e.address for e in last.events if e.kind == STORE]
        if loads and stores:
            return DmaInfo(last.pc, loads[0], stores[0], "done")
        faulted = DmaInfo(last.pc, src, dst, "faulted" if last.trap is not None else "done")
    at = trap.saved_tpc if trap is not None and not trap.vectored else pc
    if faulted is not None and faulted.pc == at:
        return faulted
    got = peek_decode(memory, decoder, at)
    if got is not None and got[0] is not None and got[0].mnemonic == "DMA":
        src, dst = _dma_operands(regs, got[0], got[1])
        return DmaInfo(at, src, dst, "next")
    return faulted


def recovery_hint(symbols: Symbols, memory: MemoryImage, trap: Trap, dma: DmaInfo | None,
                  recovered: bool, pc: int) -> tuple[str, bool]:
    """A sentence telling the user how to get past the trap, and whether it is clear."""
    if recovered:
        what = "the DMA reissues whole" if dma is not None and dma.pc == pc else "the instruction re-executes"
        return f"recovered: TPC is back at {symbols.symbolize(pc)}; step (s) and {what}", True
    if trap.vectored:
        return f"handled: the bank {trap.bank} handler at {trap.vector:#x} runs next", True
    if trap.is_breakpoint:
        return "an EBREAK stop: the program asked to stop here (nothing to recover)", True
    if trap.number in (DATA_PAGE_FAULT, INST_PAGE_FAULT):
        need = Perms.X if trap.number == INST_PAGE_FAULT else Perms.R
        is_dma = dma is not None and dma.pc == trap.saved_tpc
        if is_dma and trap.arg0 == dma.dst and dma.src != dma.dst:
            need = Perms.W
        elif not is_dma:
            need = Perms.R | Perms.W
        page = trap.arg0 & ~((1 << PAGE_SHIFT) - 1)
        perms = memory.perms_at(trap.arg0)
        reissue = "the DMA reissues whole" if is_dma else "the instruction re-executes"
        if perms is None:
            return f"{trap.arg0:#x} is not mapped: recovering would fault again (set pc to skip it)", False
        if perms & need == need:
            return f"the page {page:#x} is {perms.text} now: recover (r), then step: {reissue}", True
        want = Perms.of(perms | need).text
        return (f"restore the page permission (perms {page:#x} 0x1000 {want}), then recover (r): {reissue}",
                False)
    if trap.number == DATA_ALIGN_FAULT:
        return "the address is misaligned: fix the register (set REG VALUE), then recover (r)", False
    return "fix the cause (set REG VALUE, set mem, perms), then recover (r) to re-execute it", False


# ------------------------------------------------------------------- notes
def note_of(raw: str) -> Note:
    """The typed note of one entry of the engine's (or the machine's) note log, read from
    the tag its origin gave it (never from its words)."""
    if isinstance(raw, SyscallNote):
        call = Syscall(raw.step, raw.number, raw.name, raw.args, raw.result)
        return Note(raw.step, "syscall", "info" if call.supported else "warning", raw.message, call)
    if isinstance(raw, EditNote):
        return Note(raw.step, "edit", "warning" if raw.failed else "info", raw.message)
    return Note(None, "other", "info", str(raw))


def step_notes(dbg: Debugger, last: StepResult | None) -> tuple[Note, ...]:
    """The notes of the step that led here: what the last attempt noted itself (a system
    call and its result) and the timeline edits applied on reaching this step."""
    steps = dbg.steps
    if not steps:
        return ()
    out = [note_of(n) for n in (last.notes if last is not None else ())]
    out += [note_of(n) for n in dbg.notes[-RECENT_NOTES:] if isinstance(n, EditNote) and n.step == steps]
    return tuple(out)
