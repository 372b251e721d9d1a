"""The debugger engine: stops, stepping, reverse execution, fault injection.

One :class:`Debugger` drives one :class:`~ptodbg.core.Machine`.  The TUI and the batch
mode are two clients of it; it knows nothing of Textual.

Time is counted in instruction attempts (``machine.steps``), faulting attempts included.
The *timeline* is the deterministic execution from step 0 plus the list of user
:class:`~ptodbg.debug.edits.Edit` s, each tagged with the step it happened at.  Going
forward applies the edits whose step is reached; going back (``reverse_step``,
``reverse_continue``, ``goto``) restores the nearest earlier snapshot of
:class:`~ptodbg.debug.history.History` and re-executes, applying the same edits, so a
replay reproduces the original run exactly.  An edit made in the past rewrites the future:
later recorded edits and snapshots are dropped (scheduled injections are kept).

Stops while running forward: breakpoints (machine stop sentinels; conditions and hit
counts checked here), the test-binary stop symbol, watchpoints (memory slow-path hits),
traps whose bank has no handler (EBREAK among them), emulator halts, step limits and
interrupts.  ``continue`` from an address that has a breakpoint first steps past it.

Interrupts: a client (the TUI's ctrl+c) sets :attr:`Debugger.interrupt` to stop the running
command.  An interrupt belongs to the command that was running when it came, so every
command drops a pending one as it starts (:func:`command`): one that arrived after the
previous command ended can never cut the next.  A headless client that gives up on all
work (batch mode's SIGINT) sets :attr:`Debugger.cancel` instead, which no command clears.
An interrupted command stops between two attempts, at an exact step, with status
"interrupted".  Replays the engine needs for itself (the last attempt's events, a
watchpoint hit's event indices) are never cut: they always reach their target.

Bounded work: :attr:`Debugger.step_limit` (batch mode's ``--max-steps``) caps the attempts
any one forward command runs (step, continue, until, next, goto past the recorded
timeline); a command it ends has status "max-steps".  Backward travel replays only steps
the timeline already ran.
"""

from __future__ import annotations

import functools
import hashlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from ptodbg.core import Machine, StepResult, TrapInfo
from ptodbg.core.events import MemEvent
from ptodbg.core.faults import SW_BREAKPOINT
from ptodbg.core.memory import Unmapped, Watch, parse_perms, perms_text
from ptodbg.core.state import CALL as CALL_TYPE
from ptodbg.core.state import ICALL as ICALL_TYPE
from ptodbg.core.state import RA
from ptodbg.debug.demangle import demangle
from ptodbg.debug.edits import REG_PC, Edit
from ptodbg.debug.expr import Context, Expr, ExprError
from ptodbg.debug.history import History
from ptodbg.debug.records import EditNote

CHUNK = 20_000  # steps per fast-run call: bounds interrupt and progress latency
ADDRESS_END = 1 << 64
MAX_STEP = (1 << 63) - 1  # the largest step number a command or session may name
MAX_FRAMES = 4096  # the most frames a backtrace walks
CALL_MNEMONICS = frozenset({"BSTART.CALL", "BSTART.ICALL", "SETRET", "C.SETRET", "HL.SETRET", "HL.BSTART.STD.CALL"})


class DebugError(ValueError):
    """A command that cannot be carried out; the message is one clear sentence."""


def command(method):
    """Mark a public engine command.  The outermost command clears a pending interrupt as
    it starts: an interrupt is meant for the command running when it came, and one left
    over from an earlier command (it came as that one ended) must not cut this one."""

    @functools.wraps(method)
    def run(self: Debugger, *args, **kwargs):
        outermost = self._depth == 0
        if outermost:
            self.interrupt.clear()
        self._depth += 1
        try:
            return method(self, *args, **kwargs)
        finally:
            self._depth -= 1

    return run


@dataclass
class Breakpoint:
    ident: int
    location: str
    address: int
    condition: Expr | None = None
    temporary: bool = False
    enabled: bool = True
    hits: int = 0

    def describe(self, symbolize: Callable[[int], str]) -> dict:
        return {
            "id": self.ident,
            "type": "tbreak" if self.temporary else "break",
            "location": self.location,
            "address": self.address,
            "where": symbolize(self.address),
            "condition": self.condition.text if self.condition else None,
            "enabled": self.enabled,
            "hits": self.hits,
        }


@dataclass
class Watchpoint:
    ident: int
    expression: str
    low: int
    length: int
    mode: str
    hits: int = 0

    def watch(self) -> Watch:
        return Watch(self.ident, self.low, self.low + self.length, self.mode)

    def describe(self) -> dict:
        return {
            "id": self.ident,
            "type": "watch",
            "location": self.expression,
            "address": self.low,
            "length": self.length,
            "mode": self.mode,
            "hits": self.hits,
        }


@dataclass
class WatchHit:
    watch: int
    event: MemEvent
    index: int | None  # position of the event among the instruction's events


@dataclass
class Stop:
    """Why the debugger stopped, in the terms of the JSON ``status`` (DESIGN.md §6)."""

    status: str  # stopped | exited | breakpoint | watchpoint | trap | max-steps | interrupted | error
    message: str = ""
    trap: TrapInfo | None = None
    breakpoint: int | None = None
    watch_hits: list[WatchHit] = field(default_factory=list)


@dataclass(frozen=True)
class Symbols:
    """The program's symbols: name -> address, and address -> nearest name."""

    by_name: dict[str, int]
    sizes: dict[str, int]

    def __post_init__(self) -> None:
        # Assembler-local labels (.L...) name places inside functions; symbolization uses
        # the enclosing function instead (they can still be looked up by name).
        ordered = sorted((a, n) for n, a in self.by_name.items() if not n.startswith((".L", "$")))
        object.__setattr__(self, "_addrs", [a for a, _ in ordered])
        object.__setattr__(self, "_names", [n for _, n in ordered])
        object.__setattr__(self, "_pretty", {})  # name -> how pretty() shows it

    def lookup(self, name: str) -> int | None:
        return self.by_name.get(name)

    def containing(self, address: int) -> tuple[str, int] | None:
        """(name, offset) of the closest symbol at or below ``address``."""
        import bisect

        i = bisect.bisect_right(self._addrs, address)  # type: ignore[attr-defined]
        if not i:
            return None
        name = self._names[i - 1]  # type: ignore[attr-defined]
        base = self._addrs[i - 1]  # type: ignore[attr-defined]
        size = self.sizes.get(name, 0)
        if size and address >= base + size and address - base > 0x10000:
            return None
        return name, address - base

    def at(self, address: int) -> list[str]:
        import bisect

        i = bisect.bisect_left(self._addrs, address)  # type: ignore[attr-defined]
        out = []
        while i < len(self._addrs) and self._addrs[i] == address:  # type: ignore[attr-defined]
            out.append(self._names[i])  # type: ignore[attr-defined]
            i += 1
        return out

    def symbolize(self, address: int) -> str:
        hit = self.containing(address)
        if hit is None:
            return f"{address:#x}"
        name, off = hit
        return name if off == 0 else f"{name}+{off:#x}"

    def pretty(self, name: str) -> str:
        """The name as a C++ programmer reads it (demangled, remembered), else itself.
        Only for display: commands, sessions and the JSON state keep the symbol's name."""
        cache: dict[str, str] = self._pretty  # type: ignore[attr-defined]
        shown = cache.get(name)
        if shown is None:
            shown = cache[name] = (demangle(name) if name.startswith("_Z") else None) or name
        return shown


EMPTY_SYMBOLS = Symbols({}, {})


class Debugger:
    """The engine.  Build it with a machine already loaded with a program (see
    :func:`ptodbg.debug.session.open_program`)."""

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
    ) -> None:
        self.machine = machine
        self.symbols = symbols
        self.stop_address = stop_address
        self.result = result
        self.path = path
        self.sha256 = sha256
        self.profile = profile
        self.breakpoints: dict[int, Breakpoint] = {}
        self.watchpoints: dict[int, Watchpoint] = {}
        self._next_id = 1
        self.edits: list[Edit] = []
        self.cursor = 0  # edits[:cursor] are reflected in the machine state
        self.history = History(interval, budget_bytes, live_pages=lambda: machine.mem.pages)
        self.horizon = 0
        self.last = Stop("stopped", "loaded")
        self.last_step: StepResult | None = None
        self._events_cache: tuple[int, int, list[MemEvent]] | None = None
        self.interrupt = threading.Event()  # set by a client to stop the running command
        self.cancel = threading.Event()  # set by a client to stop this and every later command
        self.step_limit: int | None = None  # most attempts one forward command may run
        self._depth = 0  # nesting of engine commands (see :func:`command`)
        self.on_progress: Callable[[int], None] | None = None
        self.notes: list[str] = []  # timeline notes for the event pane (edits, commits)
        self.settings: dict = {}  # client settings kept in sessions (views, theme)
        machine.mem.set_capture(False)
        if stop_address is not None:
            machine.add_stop(stop_address)
        self._initial = machine.snapshot()
        self.history.record(machine.steps, 0, self._initial)

    def restart(self, edits: list[Edit] | None = None) -> None:
        """Back to the loaded state with a new (default: empty) timeline of edits."""
        m = self.machine
        m.restore(self._initial)
        self.edits = sorted(edits or [], key=lambda e: e.step)
        self.cursor = 0
        self.history.clear()
        self.history.record(m.steps, 0, self._initial)
        self.horizon = m.steps
        self._events_cache = None
        self.last_step = None
        self.notes.clear()
        self._apply_due()
        self.last = Stop("stopped", "restarted")

    # ================================================================ basics
    @property
    def steps(self) -> int:
        return self.machine.steps

    def interrupted(self) -> bool:
        """Whether the running command must stop at the next step boundary it checks."""
        return self.interrupt.is_set() or self.cancel.is_set()

    def _limited(self, budget: int | None) -> tuple[int | None, bool]:
        """A forward command's budget under :attr:`step_limit`, and whether the limit
        (rather than the command's own count) is what bounds it."""
        limit = self.step_limit
        if limit is None or (budget is not None and budget <= limit):
            return budget, False
        return limit, True

    def _limit_stop(self) -> Stop:
        return Stop("max-steps", f"stopped at the step limit: {self.step_limit} attempts (--max-steps)")

    def expr_context(self) -> Context:
        m = self.machine

        def register(name: str) -> int | None:
            low = name.lower()
            if low in ("pc", "tpc"):
                return m.pc
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
            try:
                return m.reg(low)
            except KeyError:
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
        """LOC: a symbol, ``symbol+off``, an address, or any expression."""
        loc = location.strip()
        if not loc:
            raise DebugError("a location is needed (symbol, symbol+off or address)")
        value = self.symbols.lookup(loc)
        if value is not None:
            return value
        return self.evaluate(loc) & ((1 << 64) - 1)

    def symbolize(self, address: int) -> str:
        return self.symbols.symbolize(address)

    # ========================================================== breakpoints
    def _new_id(self) -> int:
        ident = self._next_id
        self._next_id += 1
        return ident

    def add_breakpoint(self, location: str, condition: str | None = None, temporary: bool = False) -> Breakpoint:
        address = self.resolve(location)
        if address & 1:
            raise DebugError(f"{location} = {address:#x} is odd: instructions are halfword aligned")
        cond = None
        if condition:
            try:
                cond = Expr(condition)
            except ExprError as e:
                raise DebugError(f"bad condition: {e}") from None
        bp = Breakpoint(self._new_id(), location.strip(), address, cond, temporary)
        self.breakpoints[bp.ident] = bp
        self._sync_stops()
        return bp

    def add_watchpoint(self, address_text: str, length: int = 8, mode: str = "w") -> Watchpoint:
        if mode not in ("r", "w", "rw"):
            raise DebugError(f"watch mode {mode!r} must be r, w or rw")
        if not 1 <= length <= 1 << 20:
            raise DebugError(f"watch length {length} must be 1..1048576 bytes")
        low = self.resolve(address_text)
        wp = Watchpoint(self._new_id(), address_text.strip(), low, length, mode)
        self.watchpoints[wp.ident] = wp
        self._sync_watches()
        return wp

    def delete(self, ident: int | None = None) -> list[int]:
        """Delete one breakpoint/watchpoint, or all of them (gdb's ``delete``)."""
        if ident is None:
            gone = list(self.breakpoints) + list(self.watchpoints)
            self.breakpoints.clear()
            self.watchpoints.clear()
        elif ident in self.breakpoints:
            del self.breakpoints[ident]
            gone = [ident]
        elif ident in self.watchpoints:
            del self.watchpoints[ident]
            gone = [ident]
        else:
            raise DebugError(f"no breakpoint or watchpoint number {ident}")
        self._sync_stops()
        self._sync_watches()
        return gone

    def toggle_breakpoint_at(self, address: int) -> Breakpoint | None:
        """Add a breakpoint at ``address``, or delete the ones there (TUI toggle)."""
        there = [b.ident for b in self.breakpoints.values() if b.address == address]
        if there:
            for ident in there:
                del self.breakpoints[ident]
            self._sync_stops()
            return None
        return self.add_breakpoint(f"{address:#x}")

    def _sync_stops(self) -> None:
        m = self.machine
        wanted = {b.address for b in self.breakpoints.values() if b.enabled}
        if self.stop_address is not None:
            wanted.add(self.stop_address)
        for pc in list(m.stop_pcs - wanted):
            m.remove_stop(pc)
        for pc in wanted - m.stop_pcs:
            m.add_stop(pc)

    def _sync_watches(self) -> None:
        self.machine.mem.set_watches(w.watch() for w in self.watchpoints.values())

    def info_breakpoints(self) -> list[dict]:
        out = [b.describe(self.symbolize) for b in self.breakpoints.values()]
        out += [w.describe() for w in self.watchpoints.values()]
        return sorted(out, key=lambda d: d["id"])

    # =============================================================== edits
    def _edit(self, kind: str, args: tuple, *, at: int | None = None) -> Stop | str:
        """Record and (when it is due now) apply one timeline edit."""
        m = self.machine
        if at is not None and at > MAX_STEP:
            raise DebugError(f"step {at} is beyond the last step number {MAX_STEP}")
        if at is not None and at > m.steps:
            edit = Edit(at, kind, args, scheduled=True)
            i = self.cursor
            while i < len(self.edits) and self.edits[i].step <= at:
                i += 1
            self.edits.insert(i, edit)
            return f"scheduled at step {at}: {edit.describe()}"
        if at is not None and at < m.steps:
            raise DebugError(f"step {at} is in the past (now {m.steps}); go there first with goto {at}")
        self._rewrite_future()
        edit = Edit(m.steps, kind, args)
        try:
            text = edit.apply(m)
        except (ValueError, KeyError) as e:
            raise DebugError(str(e)) from None
        self.edits.insert(self.cursor, edit)
        self.cursor += 1
        self._events_cache = None
        self.notes.append(EditNote(edit.describe(), edit.step))
        return text

    def _rewrite_future(self) -> None:
        """An edit at the present drops the recorded future (scheduled edits stay)."""
        m = self.machine
        future = self.edits[self.cursor :]
        keep = [e for e in future if e.scheduled]
        if len(keep) != len(future) or self.horizon > m.steps:
            del self.edits[self.cursor :]
            self.edits.extend(keep)
            self.history.truncate_after(m.steps)
            self.horizon = m.steps

    def set_register(self, name: str, value: int) -> str:
        if not -(1 << 63) <= value < 1 << 64:
            raise DebugError(f"value {value:#x} does not fit in 64 bits")
        low = name.strip().lower()
        if low in ("pc", "tpc"):
            if value & 1:
                raise DebugError(f"TPC must be even, {value:#x} is odd")
            return self._edit("reg", (REG_PC, value & ((1 << 64) - 1)))
        try:
            self.machine.reg_index(low)
        except KeyError:
            raise DebugError(f"unknown register {name!r} (use ABI names such as a0, sp, ra, or rN)") from None
        if low == "zero" or low == "r0":
            raise DebugError("zero always reads 0; it cannot be set")
        return self._edit("reg", (low, value & ((1 << 64) - 1)))

    def set_memory(self, address: int, data: bytes) -> str:
        if not data:
            raise DebugError("no bytes to write")
        # The whole range is checked before the edit drops the recorded future it rewrites.
        first = self.machine.mem.first_unmapped(address, len(data))
        if first is not None:
            raise DebugError(f"cannot write memory at {first:#x}: it is not mapped")
        return self._edit("mem", (address, bytes(data)))

    def set_perms(self, address: int, length: int, perms: str, *, at: int | None = None, once: bool = False) -> str:
        try:
            text = perms_text(parse_perms(perms))
        except ValueError as e:
            raise DebugError(str(e)) from None
        if length <= 0:
            raise DebugError("the length must be positive")
        if not 0 <= address < ADDRESS_END:
            raise DebugError(f"address {address:#x} is not a 64-bit address")
        if address + length > ADDRESS_END:
            raise DebugError(f"{address:#x} + {length:#x} runs past the end of the 64-bit address space")
        if not self.machine.mem.mapped_pages(address, length):  # (work bounded by the mapped pages)
            raise DebugError(f"no page of {address:#x}..{address + length:#x} is mapped")
        return self._edit("once" if once else "perms", (address, length, text), at=at)

    def recover(self, bank: int | None = None) -> str:
        m = self.machine
        if bank is not None and not 0 <= bank < len(m.saved):
            raise DebugError(f"bank {bank} does not exist: trap banks are 0..{len(m.saved) - 1}")
        ring = m.acr if bank is None else bank
        why = m.recoverable(ring)
        if why is not None:
            raise DebugError(f"cannot recover: {why}")
        return self._edit("recover", (ring,))

    def _apply_due(self) -> None:
        """Apply recorded/scheduled edits whose step has been reached."""
        m = self.machine
        while self.cursor < len(self.edits) and self.edits[self.cursor].step <= m.steps:
            edit = self.edits[self.cursor]
            failed = False
            try:
                text = edit.apply(m)
            except (ValueError, KeyError) as e:
                text, failed = f"could not apply {edit.describe()}: {e}", True
            self.cursor += 1
            self._events_cache = None
            note = EditNote(f"@{m.steps}: {text}", m.steps, failed)
            if edit.step == m.steps and note not in self.notes:
                self.notes.append(note)  # (a replay reaching the step again says nothing new)

    # ============================================================ forward
    def _drain_notes(self) -> None:
        """Move the machine's notes into the log.  A note carries its step ("@6 syscall
        …"), so one that a replay (reverse execution, goto, re-executing the last step for
        its events) produces again is already there and is not repeated."""
        m = self.machine
        if m.notes:
            recent = set(self.notes)
            for note in m.notes:
                if note not in recent:
                    self.notes.append(note)
                    recent.add(note)
            m.notes.clear()
            del self.notes[:-200]  # the pane shows the recent ones

    def _checkpoint(self) -> None:
        self._drain_notes()
        m = self.machine
        if m.steps % self.history.interval == 0 and not self.history.has(m.steps):
            self.history.record(m.steps, self.cursor, m.snapshot(), m.take_written())  # last-writer index
        if m.steps > self.horizon:
            self.horizon = m.steps

    def _run_chunk(self, budget: int) -> tuple[str, object]:
        """Fast-run at most ``budget`` attempts, never across a snapshot boundary or a
        due edit.  Returns (reason, payload) from the machine."""
        m = self.machine
        n = min(budget, CHUNK, self.history.interval - m.steps % self.history.interval)
        if self.cursor < len(self.edits):
            n = min(n, max(0, self.edits[self.cursor].step - m.steps))
        if n <= 0:
            return "edit", None
        res = m.run(n)
        self._checkpoint()
        return res.reason, res

    def _classify_trap(self, trap: TrapInfo) -> Stop:
        if trap.number == SW_BREAKPOINT:
            return Stop("stopped", f"EBREAK {trap.cause} at {self.symbolize(trap.saved_tpc)}", trap=trap)
        return Stop("trap", f"{trap.name} at {self.symbolize(trap.saved_tpc)}: {trap.reason}".rstrip(": "), trap=trap)

    def _at_stop_pc(self) -> Stop | None:
        """At a sentinel address: the stop symbol, or breakpoints (conditions, hits)."""
        m = self.machine
        pc = m.pc
        if m.exit_code is not None:
            return Stop("exited", f"exited with status {m.exit_code}")
        if self.stop_address is not None and pc == self.stop_address:
            return Stop("stopped", f"reached {self.symbolize(pc)}")
        for bp in sorted(self.breakpoints.values(), key=lambda b: b.ident):
            if not bp.enabled or bp.address != pc:
                continue
            if bp.condition is not None:
                try:
                    if not bp.condition.evaluate(self.expr_context()):
                        continue
                except (ExprError, DebugError) as e:
                    bp.hits += 1
                    return Stop("breakpoint", f"breakpoint {bp.ident}: condition error: {e}", breakpoint=bp.ident)
            bp.hits += 1
            if bp.temporary:
                del self.breakpoints[bp.ident]
                self._sync_stops()
            return Stop("breakpoint", f"breakpoint {bp.ident} at {self.symbolize(pc)}", breakpoint=bp.ident)
        return None

    def _single(self) -> StepResult:
        """One attempt on the precise path, edits and history kept."""
        self._apply_due()
        res = self.machine.step()
        self.last_step = res
        self._events_cache = (self.machine.steps, self.cursor, res.events)
        self._checkpoint()
        return res

    def _after_single(self, res: StepResult, first: bool) -> Stop | None:
        m = self.machine
        if res.kind == "halt":  # exit_group halts the machine: an exit, as continue says
            return Stop("exited" if m.exit_code is not None else "error", res.message)
        if res.trap is not None and not res.trap.vectored:
            return self._classify_trap(res.trap)
        if m.exit_code is not None:
            return Stop("exited", f"exited with status {m.exit_code}")
        if m.mem.watch_hits:
            return self._watch_stop(res.events)
        if m.pc in m.stop_pcs:
            return self._at_stop_pc()
        return None

    def _watch_stop(self, events: list[MemEvent] | None = None) -> Stop:
        hits_raw = list(self.machine.mem.watch_hits)
        self.machine.mem.watch_hits.clear()
        if events is None:
            events = self.events()
        hits = []
        for w, ev in hits_raw:
            index = events.index(ev) if ev in events else None
            hits.append(WatchHit(w.ident, ev, index))
            if w.ident in self.watchpoints:
                self.watchpoints[w.ident].hits += 1
        first = hits[0]
        where = f"event {first.index + 1} of {len(events)}" if first.index is not None else "an access"
        msg = f"watchpoint {first.watch}: {first.event.kind} {first.event.size} bytes at {first.event.address:#x} ({where})"
        return Stop("watchpoint", msg, watch_hits=hits)

    def _forward(self, budget: int | None, *, stops: bool = True, skip_first_stop: bool = True) -> Stop:
        """Run forward up to ``budget`` attempts (None: unbounded) honouring stops and the
        interrupt (checked between chunks, so it stops at an exact step)."""
        m = self.machine
        done = 0
        if skip_first_stop and m.pc in m.stop_pcs and stops and budget != 0:
            res = self._single()
            done += 1
            stop = self._after_single(res, True)
            if stop is not None:
                return stop
        while budget is None or done < budget:
            if self.interrupted():
                return Stop("interrupted", "interrupted")
            self._apply_due()
            before = m.steps
            reason, res = self._run_chunk(CHUNK if budget is None else budget - done)
            done += m.steps - before
            if self.on_progress is not None:
                self.on_progress(m.steps)
            if reason in ("max-steps", "edit"):
                continue
            if reason == "trap":
                return self._classify_trap(res.trap)  # type: ignore[union-attr]
            if reason == "halt":
                return Stop("exited" if m.exit_code is not None else "error", res.message)  # type: ignore[union-attr]
            if reason == "watch":
                self._events_cache = None
                return self._watch_stop()
            if reason == "stop-pc":
                stop = self._at_stop_pc() if stops else None
                if stop is not None:
                    return stop
                res1 = self._single()
                done += 1
                stop = self._after_single(res1, False) if stops else None
                if stop is not None:
                    return stop
        return Stop("max-steps", f"ran {done} steps")

    # ---------------------------------------------------------- commands
    @command
    def step(self, count: int = 1) -> Stop:
        """Execute ``count`` attempts; stops early at a trap stop, watchpoint, breakpoint
        or the stop symbol reached after the first one."""
        if count < 1:
            raise DebugError("step count must be at least 1")
        count, capped = self._limited(count)
        if not count:
            self.last = self._limit_stop()
            return self.last
        res = self._single()
        stop = self._after_single(res, True)
        if stop is None and count > 1:
            if count <= 64:
                for _ in range(count - 1):
                    res = self._single()
                    stop = self._after_single(res, False)
                    if stop is not None:
                        break
            else:
                stop = self._forward(count - 1, skip_first_stop=False)
                if stop.status == "max-steps":
                    stop = None
        if stop is None and capped:
            stop = self._limit_stop()
        if stop is None:
            stop = Stop("stopped", f"stepped {count}" if count > 1 else self._describe_step(res))
        self._apply_due()  # edits recorded at the step we arrived at belong to its state
        self.last = stop
        return stop

    def _describe_step(self, res: StepResult) -> str:
        name = res.form.mnemonic if res.form else "?"
        return f"{name} at {self.symbolize(res.pc)}"

    @command
    def cont(self, max_steps: int | None = None) -> Stop:
        """Run to the next stop, or ``max_steps`` attempts."""
        budget, capped = self._limited(max_steps)
        stop = self._forward(budget)
        self.last = self._limit_stop() if capped and stop.status == "max-steps" else stop
        self._apply_due()
        return self.last

    @command
    def until(self, location: str) -> Stop:
        address = self.resolve(location)
        temp = Breakpoint(-1, location, address, temporary=True)
        self.breakpoints[-1] = temp
        self._sync_stops()
        budget, capped = self._limited(None)
        try:
            stop = self._forward(budget)
        finally:
            self.breakpoints.pop(-1, None)
            self._sync_stops()
        if stop.breakpoint == -1:
            stop = Stop("stopped", f"reached {self.symbolize(address)}")
        elif capped and stop.status == "max-steps":
            stop = self._limit_stop()
        self.last = stop
        return stop

    @command
    def next(self) -> Stop:
        """Step over a call.  A SETRET-family instruction, or a block start of type CALL or
        ICALL (its transfer happens when the block commits, so the call block is stepped
        through first), is followed by a run to the return address it set — at the same
        or a shallower stack depth, so recursion does not stop early."""
        m = self.machine
        sp0 = m.r[1]
        start = m.pc
        first = m.steps  # the step the command started from (step_limit counts from it)
        res = self._single()
        stop = self._after_single(res, True)
        if stop is not None and stop.status != "breakpoint":
            self.last = stop
            return stop
        is_call = res.form is not None and res.form.mnemonic in CALL_MNEMONICS
        if m.blk and m.bpc == start and m.btype in (CALL_TYPE, ICALL_TYPE):
            for _ in range(4096):  # the call block's own instructions, up to its commit
                if not (m.blk and m.bpc == start):
                    break
                res = self._single()
                stop = self._after_single(res, False)
                if stop is not None:
                    self.last = stop
                    return stop
            is_call = True
        if not is_call:
            self.last = stop or Stop("stopped", self._describe_step(res))
            return self.last
        ret = m.r[RA]
        if m.pc == ret:
            self.last = Stop("stopped", f"at {self.symbolize(ret)}")
            return self.last
        temp = Breakpoint(-2, f"{ret:#x}", ret, temporary=True)
        while True:
            self.breakpoints[-2] = temp
            self._sync_stops()
            budget = None if self.step_limit is None else max(0, self.step_limit - (m.steps - first))
            try:
                stop = self._forward(budget, skip_first_stop=False)
            finally:
                self.breakpoints.pop(-2, None)
                self._sync_stops()
            if stop.breakpoint == -2 and m.r[1] < sp0:
                continue  # a deeper (recursive) activation reached the address
            break
        if stop.breakpoint == -2:
            stop = Stop("stopped", f"returned to {self.symbolize(ret)}")
        elif stop.status == "max-steps":
            stop = self._limit_stop()
        self.last = stop
        return stop

    def backtrace(self, limit: int = 64) -> list[dict]:
        """The call chain, innermost first, read from the frames FENTRY built: each
        function's FENTRY at its symbol stored ra just below the caller's sp and moved sp
        down by its frame size, so caller sp = sp + size and the return address is at
        caller sp - 8.  Before a function's FENTRY has run, ra is still in R10.  At most
        ``limit`` (1..MAX_FRAMES) frames: a corrupt stack can make the chain loop."""
        if not 1 <= limit <= MAX_FRAMES:
            raise DebugError(f"frame count {limit} must be 1..{MAX_FRAMES}")
        m = self.machine
        frames = []
        pc, sp, ra_live = m.pc, m.r[m.frame_sp if m.compat else 1], m.r[RA]
        sp_index = m.frame_sp if m.compat else 1
        sp = m.r[sp_index]
        for depth in range(limit):
            hit = self.symbols.containing(pc)
            name, off = hit if hit else (None, 0)
            pretty = self.symbols.pretty(name) if name else None
            frames.append({"level": depth, "pc": pc, "function": name, "offset": off, "sp": sp,
                           "where": self.symbolize(pc),
                           "demangled": pretty if pretty != name else None})
            if name is None:
                break
            entry = pc - off
            size = self._frame_size(entry)
            if size is None:
                break  # a function without a frame template: the chain ends here
            if off == 0 or pc == entry:
                ret, caller_sp = (ra_live if depth == 0 else None), sp
            else:
                caller_sp = (sp + size) & ((1 << 64) - 1)
                ret = int.from_bytes(m.mem.peek(caller_sp - 8, 8), "little")
            if ret is None or ret == 0 or not m.mem.mapped(ret):
                break
            pc, sp = ret, caller_sp
        return frames

    def _frame_size(self, entry: int) -> int | None:
        """Frame size of the FENTRY at a function's entry (None when there is none)."""
        peeked = self.machine.peek_decode(entry)
        form, insn = peeked.form, peeked.insn
        if form is None or form.mnemonic != "FENTRY":
            return None
        v = form.values(insn)
        return v["uimm"] if v.get("SrcBegin") == RA else None

    # ========================================================== backward
    def _travel(self, target: int, *, interruptible: bool = True) -> bool:
        """Put the machine exactly at step ``target``: restore the nearest snapshot at or
        before it (unless the present is nearer) and replay, stops disabled.  Returns
        whether it got there: an interrupt stops an interruptible travel between two
        chunks, at an exact step, with the edits of that step applied."""
        m = self.machine
        entry = self.history.latest_at_or_before(target)
        assert entry is not None, "history always holds the first snapshot"
        if target < m.steps or entry.step > m.steps:
            m.restore(entry.snap)
            self.cursor = entry.edits
        saved_stops = set(m.stop_pcs)
        for pc in saved_stops:
            m.remove_stop(pc)
        watches = list(m.mem.watches)
        m.mem.set_watches([])
        try:
            while m.steps < target:
                if interruptible and self.interrupted():
                    break  # the caller reports where the interrupted travel stopped
                self._apply_due()
                reason, _ = self._run_chunk(target - m.steps)
                if self.on_progress is not None:
                    self.on_progress(m.steps)
                if reason == "halt":
                    break
        finally:
            for pc in saved_stops:
                m.add_stop(pc)
            m.mem.set_watches(watches)
            m.mem.watch_hits.clear()
        self._apply_due()
        self._events_cache = None
        self.last_step = None
        return m.steps == target

    @command
    def goto(self, target: int) -> Stop:
        """Travel to step ``target``.  Inside the recorded timeline the state comes from the
        nearest snapshot and a replay (traps the timeline recovered from included), so a
        step looks the same whichever direction it is reached from; beyond it, execution
        goes forward without breakpoints and stops early only at a trap stop or halt."""
        if target < 0:
            raise DebugError("steps start at 0")
        if target > MAX_STEP:
            raise DebugError(f"step {target} is beyond the last step number {MAX_STEP}")
        m = self.machine
        if target <= max(self.horizon, m.steps):
            if not self._travel(target):
                return self._cut_short(f"goto {target}")
        else:
            budget, capped = self._limited(target - m.steps)
            stop = self._forward(budget, stops=False, skip_first_stop=False)
            if m.steps < target and (stop.status != "max-steps" or capped):
                self._apply_due()
                self.last = self._limit_stop() if stop.status == "max-steps" else stop
                return self.last
            self._apply_due()
        self.last = Stop("stopped", f"at step {m.steps}")
        return self.last

    @command
    def reverse_step(self, count: int = 1) -> Stop:
        if count < 1:
            raise DebugError("reverse-step count must be at least 1")
        m = self.machine
        if m.steps == 0:
            raise DebugError("already at step 0: nothing to reverse")
        target = max(0, m.steps - count)
        if not self._travel(target):
            return self._cut_short("reverse-step")
        self.last = Stop("stopped", f"reversed to step {m.steps}")
        return self.last

    def _cut_short(self, what: str) -> Stop:
        """The stop of a travel that did not reach its target (an interrupt, or a replay
        that halted): the machine is exactly at the step it reached."""
        m = self.machine
        if self.interrupted():
            self.last = Stop("interrupted", f"{what} interrupted at step {m.steps}")
        else:
            self.last = Stop("error", f"{what}: the replay halted at step {m.steps}")
        return self.last

    def _scan(self, start: int, end: int) -> list[tuple[int, Stop]] | None:
        """Replay [start, end) and list every stop position (step, why) on the way;
        None when the scan was cut short (the list would be incomplete)."""
        m = self.machine
        if not self._travel(start):
            return None
        found: list[tuple[int, Stop]] = []
        self._sync_stops()
        self._sync_watches()
        while m.steps < end:
            if self.interrupted():
                return None
            if self.on_progress is not None:
                self.on_progress(m.steps)
            self._apply_due()
            if m.pc in m.stop_pcs and m.steps < end:
                stop = self._peek_stop_pc()
                if stop is not None:
                    found.append((m.steps, stop))
                res = self._single()
                if res.trap is not None and not res.trap.vectored and m.steps <= end:
                    found.append((m.steps, self._classify_trap(res.trap)))
                if m.mem.watch_hits and m.steps <= end:
                    found.append((m.steps, self._watch_stop(res.events)))
                continue
            reason, res = self._run_chunk(end - m.steps)
            if reason == "trap" and m.steps <= end:
                found.append((m.steps, self._classify_trap(res.trap)))  # type: ignore[union-attr]
            elif reason == "watch" and m.steps <= end:
                m.mem.watch_hits.clear()
                found.append((m.steps, Stop("watchpoint", "watchpoint")))
            elif reason == "halt":
                break
        return found

    def _peek_stop_pc(self) -> Stop | None:
        """Like :meth:`_at_stop_pc` but without hit counting or tbreak deletion."""
        m = self.machine
        for bp in self.breakpoints.values():
            if bp.enabled and bp.address == m.pc:
                if bp.condition is not None:
                    try:
                        if not bp.condition.evaluate(self.expr_context()):
                            continue
                    except (ExprError, DebugError):
                        pass
                return Stop("breakpoint", f"breakpoint {bp.ident} at {self.symbolize(m.pc)}", breakpoint=bp.ident)
        return None

    @command
    def reverse_continue(self) -> Stop:
        """Go back to the latest earlier breakpoint hit, watchpoint hit or trap.  The
        timeline is scanned backwards one snapshot interval at a time; an interrupt
        leaves the machine where the scan was, at an exact step."""
        m = self.machine
        now = m.steps
        end = now
        while True:
            entry = self.history.latest_at_or_before(max(0, end - 1))
            start = entry.step if entry is not None else 0
            scanned = self._scan(start, end)
            if scanned is None:
                return self._cut_short("reverse-continue")
            found = [f for f in scanned if f[0] < now]
            if found:
                step, stop = found[-1]
                if not self._travel(step):
                    return self._cut_short("reverse-continue")
                if stop.status == "watchpoint":
                    stop = self._rebuild_watch_stop(step)
                stop.message = f"reverse: {stop.message}"
                self.last = stop
                return stop
            if start == 0:
                self._travel(0)
                self.last = Stop("stopped", "reverse: reached the start of the program")
                return self.last
            end = start

    def _rebuild_watch_stop(self, step: int) -> Stop:
        """The watch stop at ``step`` with its event indices (re-execute that attempt)."""
        m = self.machine
        self._travel(step - 1, interruptible=False)
        res = m.step()
        events = res.events
        stop = self._watch_stop(events)
        self._events_cache = (m.steps, self.cursor, events)
        self.last_step = res
        return stop

    # ============================================================ queries
    @command
    def events(self) -> list[MemEvent]:
        """Memory events of the last instruction attempt (re-executed when needed)."""
        m = self.machine
        key = (m.steps, self.cursor)
        if self._events_cache is not None and self._events_cache[:2] == key:
            return self._events_cache[2]
        if m.steps == 0:
            return []
        now = m.steps
        snap_state = m.snapshot()
        cursor = self.cursor
        try:
            self._travel(now - 1, interruptible=False)
            res = m.step()
            events = res.events
            self.last_step = res
        finally:
            m.restore(snap_state)
            self.cursor = cursor
        self._events_cache = (now, cursor, events)
        return events

    def regs(self) -> dict[str, int]:
        return self.machine.regs()

    def memory(self, address: int, length: int) -> bytes:
        """``length`` bytes at ``address``; DebugError naming the first unmapped byte."""
        if not 0 < length <= 1 << 20:
            raise DebugError("length must be 1..1048576 bytes")
        return self._read(address, length)

    def result_bytes(self) -> bytes | None:
        if self.result is None:
            return None
        return self.machine.mem.peek(*self.result)

    def history_usage(self) -> dict:
        return {
            "snapshots": len(self.history),
            "bytes": self.history.memory_bytes(),
            "budget": self.history.budget,
            "thinned": self.history.thinned,
            "horizon": self.horizon,
        }


def file_sha256(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()
