"""Why the debugger stops, and the table of user stops (breakpoints and watchpoints).

:class:`Stop` is the answer of every moving command, in the terms of the JSON ``status``
(docs/interfaces.md §6).  :class:`StopTable` owns the breakpoints and watchpoints: numbering (one
sequence for both, as gdb), enable/disable, ignore counts, hit counts, and keeping the
machine's stop sentinels and memory watches in step with them.  The machine only knows
addresses (``Machine.add_stop``) and ranges (``Memory.set_watches``); what a stop *means*
(conditions, counts, temporary breakpoints) is decided here.

Hit counts follow gdb: a breakpoint is hit when execution reaches it and its condition
holds (or cannot be evaluated, which stops); a hit it ignores (``ignore N COUNT``) is
counted too, as gdb counts it.  Reverse execution looks for stops without counting them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from ptodbg.base.record import Record
from ptodbg.core import Machine, TrapInfo
from ptodbg.core.events import MemEvent
from ptodbg.core.memory import Watch
from ptodbg.core.stopguard import StopGuard
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.expr import Context, Expr, ExprError
from ptodbg.debug.engine.guards import compile_guard


def stop_guards(breakpoints: Iterable[Breakpoint], reg_index: Callable[[str], int]) -> dict[int, StopGuard | None]:
    """The enabled breakpoints' addresses, each with the guard a run may test there:
    the OR of their conditions' guards (:mod:`ptodbg.debug.engine.guards`), or None (stop
    at every arrival) when one of them has no condition or one that does not compile."""
    parts: dict[int, list[str] | None] = {}
    for bp in breakpoints:
        if not bp.enabled:
            continue
        guard = compile_guard(bp.condition, reg_index) if bp.condition is not None else None
        have = parts.setdefault(bp.address, [])
        if guard is None or have is None:
            parts[bp.address] = None
        else:
            have.append(guard.text)
    return {pc: None if texts is None else StopGuard(" or ".join(texts)) for pc, texts in parts.items()}


MAX_IGNORE = 1 << 62  # the largest ignore count (a count, not a loop bound: each hit takes one)
_NEW_LIST: list = []  # the default of Stop.watch_hits: stands for a new empty list (never filled)


def parse_condition(condition: str | None) -> Expr | None:
    """A stop's condition parsed once, when it is set (None: unconditional); a bad one is
    refused then, as gdb does, not met at the first arrival."""
    if not condition:
        return None
    try:
        return Expr(condition)
    except ExprError as e:
        raise DebugError(f"bad condition: {e}") from None


class Stop(Record):
    """Why the debugger stopped, in the terms of the JSON ``status`` (docs/interfaces.md §6)."""

    status: str  # stopped | exited | breakpoint | watchpoint | trap | max-steps | interrupted | error
    message: str
    trap: TrapInfo | None
    breakpoint: int | None
    watch_hits: list[WatchHit]
    value: int | None  # finish: the value the frame returned (a0)

    def __init__(self, status: str, message: str = "", trap: TrapInfo | None = None, breakpoint: int | None = None, watch_hits: list[WatchHit] = _NEW_LIST, value: int | None = None) -> None:
        self.status = status
        self.message = message
        self.trap = trap
        self.breakpoint = breakpoint
        self.watch_hits = [] if watch_hits is _NEW_LIST else watch_hits  # a new list for each stop
        self.value = value


class Breakpoint(Record):
    ident: int
    location: str
    address: int
    condition: Expr | None = None
    temporary: bool = False
    enabled: bool = True
    hits: int = 0
    ignore: int = 0  # hits still to pass over (gdb's ignore count)
    commands: tuple[str, ...] = ()  # gdb's ``commands N``: lines run when it stops

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
            "ignore": self.ignore,
            "commands": list(self.commands),
        }


class Watchpoint(Record):
    """A watchpoint: a byte range and the accesses that stop (``mode`` r, w or rw: gdb's
    rwatch, watch and awatch), or a register (``register``, its ABI name: stops when its
    value changes, as gdb's ``watch $a0``).  ``condition``: gdb's ``watch ... if EXPR``,
    evaluated after the access; a hit whose condition is false is no hit."""

    ident: int
    expression: str
    low: int
    length: int
    mode: str
    hits: int = 0
    enabled: bool = True
    condition: Expr | None = None
    register: str | None = None
    commands: tuple[str, ...] = ()  # gdb's ``commands N``: lines run when it stops

    def watch(self) -> Watch:
        return Watch(self.ident, self.low, self.low + self.length, self.mode)

    @property
    def kind(self) -> str:
        """How gdb names it: "watchpoint" (writes, or a register's changes), "read
        watchpoint" (rwatch) or "acc watchpoint" (awatch: reads and writes)."""
        if self.register is not None or self.mode == "w":
            return "watchpoint"
        return "read watchpoint" if self.mode == "r" else "acc watchpoint"

    def what(self) -> str:
        """The watched thing in words: ``dst (8 bytes at 0x12000)`` or ``a0 (register)``."""
        if self.register is not None:
            return f"{self.register} (register)"
        size = f"{self.length} byte{'' if self.length == 1 else 's'}"
        return f"{self.expression} ({size} at {self.low:#x})"

    def holds(self, context: Callable[[], Context]) -> bool:
        """Whether a hit counts: no condition, a true one, or one that cannot be evaluated
        (which stops, as a breakpoint condition error does)."""
        if self.condition is None:
            return True
        try:
            return bool(self.condition.evaluate(context()))
        except (ExprError, DebugError):
            return True

    def describe(self) -> dict:
        return {
            "id": self.ident,
            "type": "watch",
            "location": self.expression,
            "address": None if self.register is not None else self.low,
            "length": None if self.register is not None else self.length,
            "mode": self.mode,
            "register": self.register,
            "condition": self.condition.text if self.condition else None,
            "hits": self.hits,
            "enabled": self.enabled,
            "commands": list(self.commands),
        }


class TileWatch(Record):
    """``watch tile N``: stop after the attempt that changes tile N (an operation writing
    it, its allocation or its release).  ``condition`` and ``commands`` as a watchpoint's
    (``condition N EXPR``, ``commands N``)."""

    ident: int
    tile: int
    hits: int = 0
    enabled: bool = True
    condition: Expr | None = None
    commands: tuple[str, ...] = ()

    kind = "watchpoint"
    mode = "w"

    def what(self) -> str:
        return f"tile {self.tile}"

    def holds(self, context: Callable[[], Context]) -> bool:
        """Whether a change counts (see :meth:`Watchpoint.holds`)."""
        return Watchpoint.holds(self, context)  # type: ignore[arg-type]

    def describe(self) -> dict:
        return {"id": self.ident, "type": "watch", "location": f"tile {self.tile}", "address": None, "length": None,
                "mode": "w", "register": None, "tile": self.tile,
                "condition": self.condition.text if self.condition else None, "hits": self.hits,
                "enabled": self.enabled, "commands": list(self.commands)}


class WatchHit(Record):
    watch: int
    event: MemEvent
    index: int | None  # position of the event among the instruction's events


class StopTable:
    """The breakpoints and watchpoints of one debugger, and the machine's view of them."""

    def __init__(self, machine: Machine, stop_address: int | None) -> None:
        self.machine = machine
        self.stop_address = stop_address  # the test binary's stop symbol (always a stop)
        self.breakpoints: dict[int, Breakpoint] = {}
        self.watchpoints: dict[int, Watchpoint] = {}
        self.tile_watches: dict[int, TileWatch] = {}
        self._next_id = 1
        if stop_address is not None:
            machine.add_stop(stop_address)

    # ------------------------------------------------------------- editing
    def new_id(self) -> int:
        ident = self._next_id
        self._next_id += 1
        return ident

    def add_breakpoint(self, location: str, address: int, condition: str | None, temporary: bool) -> Breakpoint:
        if address & 1:
            raise DebugError(f"{location} = {address:#x} is odd: instructions are halfword aligned")
        cond = parse_condition(condition)
        bp = Breakpoint(self.new_id(), location.strip(), address, cond, temporary)
        self.breakpoints[bp.ident] = bp
        self.sync_stops()
        return bp

    def add_watchpoint(self, expression: str, low: int, length: int, mode: str, condition: str | None = None,
                       register: str | None = None) -> Watchpoint:
        cond = parse_condition(condition)
        wp = Watchpoint(self.new_id(), expression.strip(), low, length, mode, condition=cond, register=register)
        self.watchpoints[wp.ident] = wp
        self.sync_watches()
        return wp

    def add_tile_watch(self, tile: int) -> TileWatch:
        watch = TileWatch(self.new_id(), tile)
        self.tile_watches[watch.ident] = watch
        return watch

    def watched_tiles(self) -> list[TileWatch]:
        """The enabled tile watches (a forward run checks them)."""
        return [w for w in self.tile_watches.values() if w.enabled] if self.tile_watches else []

    def set_condition(self, ident: int, condition: str | None) -> Breakpoint | Watchpoint:
        """gdb's ``condition N [EXPR]``: make stop N conditional, or (without EXPR)
        unconditional again."""
        stop = self._numbered(ident)[0]
        cond = parse_condition(condition)
        stop.condition = cond
        self.sync_stops()
        return stop

    def numbered(self, ident: int) -> Breakpoint | Watchpoint:
        """User breakpoint or watchpoint ``ident`` (DebugError when there is none)."""
        return self._numbered(ident)[0]

    def register_watches(self) -> list[Watchpoint]:
        """The enabled watchpoints on registers (they make a run step by step)."""
        return [w for w in self.watchpoints.values() if w.enabled and w.register is not None]

    def find_duplicates(self, address: int, ident: int) -> list[int]:
        """The other user breakpoints at ``address`` (gdb notes them on ``break``)."""
        return sorted(b.ident for b in self.breakpoints.values() if b.address == address and 0 < b.ident != ident)

    def delete(self, ident: int | None = None) -> list[int]:
        """Delete one breakpoint/watchpoint, or all of them (gdb's ``delete``)."""
        if ident is None:
            gone = list(self.breakpoints) + list(self.watchpoints) + list(self.tile_watches)
            self.breakpoints.clear()
            self.watchpoints.clear()
            self.tile_watches.clear()
        elif ident in self.breakpoints and ident > 0:
            del self.breakpoints[ident]
            gone = [ident]
        elif ident in self.watchpoints:
            del self.watchpoints[ident]
            gone = [ident]
        elif ident in self.tile_watches:
            del self.tile_watches[ident]
            gone = [ident]
        else:
            raise DebugError(f"no breakpoint or watchpoint number {ident}")
        self.sync_stops()
        self.sync_watches()
        return gone

    def toggle_at(self, address: int) -> bool:
        """Delete the user breakpoints at ``address``; whether there were any."""
        there = [b.ident for b in self.breakpoints.values() if b.address == address and b.ident > 0]
        for ident in there:
            del self.breakpoints[ident]
        self.sync_stops()
        return bool(there)

    def _numbered(self, ident: int | None) -> list[Breakpoint | Watchpoint | TileWatch]:
        """The user stops named by ``ident`` (None: all of them), in number order."""
        if ident is None:
            found: list[Breakpoint | Watchpoint | TileWatch] = [b for b in self.breakpoints.values() if b.ident > 0]
            found += self.watchpoints.values()
            found += self.tile_watches.values()
            return sorted(found, key=lambda s: s.ident)
        if ident > 0 and ident in self.breakpoints:
            return [self.breakpoints[ident]]
        if ident in self.watchpoints:
            return [self.watchpoints[ident]]
        if ident in self.tile_watches:
            return [self.tile_watches[ident]]
        raise DebugError(f"no breakpoint or watchpoint number {ident}")

    def enable(self, ident: int | None, on: bool) -> list[int]:
        """Enable or disable one breakpoint/watchpoint, or all of them (gdb's ``enable``
        and ``disable`` without a number).  Returns the numbers changed or confirmed."""
        chosen = self._numbered(ident)
        for stop in chosen:
            stop.enabled = on
        self.sync_stops()
        self.sync_watches()
        return [s.ident for s in chosen]

    def set_ignore(self, ident: int, count: int) -> Breakpoint:
        """Pass over the next ``count`` hits of breakpoint ``ident`` (gdb's ``ignore``)."""
        if ident not in self.breakpoints or ident <= 0:
            if ident in self.watchpoints:
                raise DebugError(f"{ident} is a watchpoint: ignore counts are for breakpoints")
            raise DebugError(f"no breakpoint number {ident}")
        if not 0 <= count <= MAX_IGNORE:
            raise DebugError(f"ignore count {count} must be 0..{MAX_IGNORE}")
        bp = self.breakpoints[ident]
        bp.ignore = count
        return bp

    @contextmanager
    def internal(self, ident: int, location: str, address: int) -> Iterator[Breakpoint]:
        """A breakpoint a command sets for itself (until, next, finish: negative numbers,
        never listed) for the duration of a run."""
        temp = Breakpoint(ident, location, address, temporary=True)
        self.breakpoints[ident] = temp
        self.sync_stops()
        try:
            yield temp
        finally:
            self.breakpoints.pop(ident, None)
            self.sync_stops()

    # ------------------------------------------------------------- machine
    def sync_stops(self) -> None:
        """The machine's stop addresses, each with the guard of its breakpoints'
        conditions when every breakpoint there has one that compiles (:func:`stop_guards`)."""
        m = self.machine
        wanted = stop_guards(self.breakpoints.values(), m.reg_index)
        if self.stop_address is not None:
            wanted[self.stop_address] = None
        for pc in list(m.stop_pcs - wanted.keys()):
            m.remove_stop(pc)
        for pc, guard in wanted.items():
            if pc not in m.stop_pcs or m.stop_guards.get(pc) != guard:
                m.add_stop(pc, guard)

    def sync_watches(self) -> None:
        self.machine.mem.set_watches(w.watch() for w in self.watchpoints.values() if w.enabled and w.register is None)

    def sync(self) -> None:
        """Make the machine's stop addresses and memory watches the table's (after the
        table was filled or replaced wholesale: a session load, a replay)."""
        self.sync_stops()
        self.sync_watches()

    def info(self, symbolize: Callable[[int], str]) -> list[dict]:
        out = [b.describe(symbolize) for b in self.breakpoints.values() if b.ident > 0]
        out += [w.describe() for w in self.watchpoints.values()]
        out += [w.describe() for w in self.tile_watches.values()]
        return sorted(out, key=lambda d: d["id"])

    # ---------------------------------------------------------------- hits
    def hit_at(self, pc: int, context: Callable[[], Context], symbolize: Callable[[int], str]) -> Stop | None:
        """The breakpoint stop at ``pc`` (running forward): conditions checked, hits
        counted, ignore counts spent, a temporary breakpoint deleted when it stops."""
        # The user's breakpoints first (in number order), then the engine's own (until,
        # next, finish): a user breakpoint at the place a command runs to is reported.
        for bp in sorted(self.breakpoints.values(), key=lambda b: (b.ident < 0, b.ident)):
            if not bp.enabled or bp.address != pc:
                continue
            if bp.condition is not None:
                try:
                    if not bp.condition.evaluate(context()):
                        continue
                except (ExprError, DebugError) as e:
                    bp.hits += 1
                    return Stop("breakpoint", f"breakpoint {bp.ident}: condition error: {e}", breakpoint=bp.ident)
            bp.hits += 1
            if bp.ignore > 0:
                bp.ignore -= 1
                continue
            if bp.temporary:
                del self.breakpoints[bp.ident]
                self.sync_stops()
            return Stop("breakpoint", f"breakpoint {bp.ident} at {symbolize(pc)}", breakpoint=bp.ident)
        return None

    def peek_at(self, pc: int, context: Callable[[], Context], symbolize: Callable[[int], str]) -> Stop | None:
        """Like :meth:`hit_at` but without counting, ignoring or deleting (reverse scans)."""
        for bp in self.breakpoints.values():
            if bp.enabled and bp.address == pc:
                if bp.condition is not None:
                    try:
                        if not bp.condition.evaluate(context()):
                            continue
                    except (ExprError, DebugError):
                        pass
                return Stop("breakpoint", f"breakpoint {bp.ident} at {symbolize(pc)}", breakpoint=bp.ident)
        return None

    def count_watch_hit(self, ident: int) -> None:
        if ident in self.watchpoints:
            self.watchpoints[ident].hits += 1

    def watch_holds(self, ident: int, context: Callable[[], Context]) -> bool:
        """Whether a hit of watchpoint ``ident`` counts (its condition; see
        :meth:`Watchpoint.holds`)."""
        wp = self.watchpoints.get(ident)
        return wp is None or wp.holds(context)
