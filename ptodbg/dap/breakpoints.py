"""The client's breakpoints and the engine breakpoints that carry them.

DAP replaces breakpoints by kind (``setBreakpoints`` per source file,
``setFunctionBreakpoints``, ``setInstructionBreakpoints``, ``setDataBreakpoints``,
``setExceptionBreakpoints``); the engine has numbered breakpoints and watchpoints.  The
book keeps what the client wants, resolved without touching a running engine (line
table, symbols, numbers), and :meth:`Book.sync` makes the engine match it on the thread
that owns the engine: it adds what is missing and deletes what is no longer wanted, so
a breakpoint that stays keeps its engine number and hit count.  Two client breakpoints
at one address share one engine breakpoint.

A source breakpoint with a ``logMessage`` is a logpoint (:mod:`ptodbg.dap.logpoints`):
the adapter prints its message when it is hit (its condition and hit condition hold)
and goes on.

Hit conditions (``hitCondition``) are checked here against the engine's hit count:
``N`` or ``>=N`` (from the Nth hit on), ``==N``/``=N``, ``>N``, ``<N``, ``<=N`` and
``%N`` (every Nth).  Conditions of code breakpoints are the engine's own; conditions of
data breakpoints are evaluated here after the watchpoint fires.

Exception filters for trap classes (:mod:`ptodbg.debug.view.traps`): a trap whose bank has
no handler always stops the machine (it cannot go on).  A filter makes the debugger also
stop when a trap of its class enters a handler the program installed (EVBASE), and only
when its condition (``exceptionFilterOptions``: an expression of ptodbg's, read at the
handler's entry) holds: the book
keeps an engine breakpoint at each bank's handler address, and a stop there counts only
when a trap of a chosen class was just taken.  Because a program installs its handler
while it runs, the book also keeps breakpoints at the instructions that write EVBASE
(:func:`ptodbg.debug.view.traps.handler_writes`): the adapter executes such an instruction,
moves the handler breakpoints to the new address and goes on.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ptodbg.dap.logpoints import LogMessage, LogMessageError
from ptodbg.dap.target import Target, trap_matches
from ptodbg.debug.engine.errors import DebugError

_HIT = re.compile(r"^\s*(==|=|>=|>|<=|<|%)?\s*(\d{1,18})\s*$")
ACCESS_MODES = {"read": "r", "write": "w", "readWrite": "rw"}
MAX_WATCH = 1 << 20


@dataclass(frozen=True, slots=True)
class HitCondition:
    op: str
    count: int

    @classmethod
    def parse(cls, text: str) -> HitCondition:
        m = _HIT.match(text)
        if m is None:
            raise ValueError(f"hit condition {text!r}: expected N, ==N, >N, >=N, <N, <=N or %N")
        op, n = m.group(1) or ">=", int(m.group(2))
        if op == "%" and n == 0:
            raise ValueError("hit condition %0: the modulus must be at least 1")
        return cls("==" if op == "=" else op, n)

    def met(self, hits: int) -> bool:
        n = self.count
        return {"==": hits == n, ">=": hits >= n, ">": hits > n, "<": hits < n, "<=": hits <= n,
                "%": n > 0 and hits % n == 0}[self.op]


@dataclass
class ClientBreakpoint:
    """One breakpoint as the client sees it."""

    ident: int
    kind: str  # "source" | "function" | "instruction" | "data"
    verified: bool = False
    message: str | None = None
    condition: str | None = None
    hit: HitCondition | None = None
    keys: list[tuple] = field(default_factory=list)  # engine entries that carry it
    path: str | None = None
    line: int | None = None
    address: int | None = None
    length: int = 0
    mode: str = ""
    engine_ids: set[int] = field(default_factory=set)
    log: LogMessage | None = None  # a logpoint: print this and go on
    requested: int | str | None = None  # the line or function name the client asked for
    placeable: bool = False  # its condition, hit condition and message are good: it can be placed

    def body(self, line_base: int) -> dict:
        out: dict = {"id": self.ident, "verified": self.verified}
        if self.message:
            out["message"] = self.message
        if self.path is not None:
            out["source"] = {"name": self.path.rsplit("/", 1)[-1], "path": self.path}
        if self.line is not None:
            out["line"] = self.line - 1 + line_base
        if self.address is not None and self.kind != "data":
            out["instructionReference"] = f"{self.address:#x}"
        return out


class Book:
    """What the client wants, and what is installed in the engine."""

    def __init__(self) -> None:
        self._next = 1
        self.by_source: dict[str, list[ClientBreakpoint]] = {}
        self.functions: list[ClientBreakpoint] = []
        self.instructions: list[ClientBreakpoint] = []
        self.data: list[ClientBreakpoint] = []
        self.filters: dict[str, str | None] = {}  # exception filter -> its condition (None: always)
        self.installed: dict[tuple, int] = {}  # key -> engine id
        self.catch_keys: set[tuple] = set()

    def _new(self, kind: str) -> ClientBreakpoint:
        bp = ClientBreakpoint(self._next, kind)
        self._next += 1
        return bp

    def all(self) -> list[ClientBreakpoint]:
        out = [bp for bps in self.by_source.values() for bp in bps]
        return out + self.functions + self.instructions + self.data

    @staticmethod
    def _conditions(bp: ClientBreakpoint, target: Target | None, condition: str | None,
                    hit_condition: str | None) -> bool:
        if condition is not None and condition.strip():
            why = Target.check_expression(condition)
            if why is not None:
                bp.message = f"bad condition: {why}"
                return False
            bp.condition = condition.strip()
        if hit_condition is not None and hit_condition.strip():
            try:
                bp.hit = HitCondition.parse(hit_condition)
            except ValueError as e:
                bp.message = str(e)
                return False
        return True

    # ------------------------------------------------------------ setting
    def set_source(self, target: Target | None, path: str,
                   specs: list[tuple[int, str | None, str | None, str | None]]) -> list[ClientBreakpoint]:
        """Breakpoints on lines of ``path``: (line, condition, hit condition, log message) each."""
        out = []
        for line, condition, hit_condition, log_message in specs:
            bp = self._new("source")
            bp.path, bp.line, bp.requested = path, line, line
            out.append(bp)
            if not self._conditions(bp, target, condition, hit_condition):
                continue
            if log_message is not None:
                try:
                    bp.log = LogMessage.parse(log_message)
                except LogMessageError as e:
                    bp.message = str(e)
                    continue
            bp.placeable = True
            self._resolve_line(bp, target)
        self.by_source[path] = out
        if not out:
            del self.by_source[path]
        return out

    @staticmethod
    def _resolve_line(bp: ClientBreakpoint, target: Target | None) -> None:
        """Place a source breakpoint (its ``requested`` line of ``path``) in the program."""
        path, line = bp.path, bp.requested
        assert path is not None and isinstance(line, int)
        bp.verified, bp.message, bp.keys, bp.address, bp.line = False, None, [], None, line
        if target is None:
            bp.message = "no program is loaded yet"
        elif target.lines is None:
            bp.message = target.lines_problem or (
                f"{target.name} has no DWARF line information: assemble it with ptodbg asm "
                "(or debug it by address: function and instruction breakpoints)")
        else:
            found = target.lines.resolve(path, line)
            if found is None or not found[1]:
                files = ", ".join(f.rsplit("/", 1)[-1] for f in target.lines.files)
                bp.message = (f"no code at or after line {line} of {path.rsplit('/', 1)[-1]}"
                              if target.lines.path_of(path) else
                              f"{target.name} has no code from this file (its lines come from {files})")
            else:
                bp.line, addresses = found
                bp.address = addresses[0]
                bp.keys = [("code", a, bp.condition) for a in addresses]
                bp.verified = True

    def set_functions(self, target: Target | None, specs: list[tuple[str, str | None, str | None]]) -> list[ClientBreakpoint]:
        out = []
        for name, condition, hit_condition in specs:
            bp = self._new("function")
            bp.requested = name
            out.append(bp)
            if not self._conditions(bp, target, condition, hit_condition):
                continue
            bp.placeable = True
            self._resolve_function(bp, target)
        self.functions = out
        return out

    @staticmethod
    def _resolve_function(bp: ClientBreakpoint, target: Target | None) -> None:
        """Place a function breakpoint (its ``requested`` name) in the program."""
        name = bp.requested
        assert isinstance(name, str)
        bp.verified, bp.message, bp.keys, bp.address, bp.path, bp.line = False, None, [], None, None, None
        if target is None:
            bp.message = "no program is loaded yet"
            return
        try:
            address = target.static_address(name)
        except DebugError as e:
            bp.message = f"{name}: {e}"
            return
        if address & 1:
            bp.message = f"{name} = {address:#x} is odd: instructions are halfword aligned"
            return
        bp.address = address
        src = target.source_at(address)
        if src is not None:
            bp.path, bp.line = src.path, src.line
        bp.keys = [("code", address, bp.condition)]
        bp.verified = True

    def rebind(self, target: Target) -> list[ClientBreakpoint]:
        """After the program was opened again (``restart``): place the source and function
        breakpoints anew in it (the file may have been rebuilt), keeping their ids, and
        forget the engine breakpoints of the old one.  Returns those whose placement
        changed (the client is told with ``breakpoint`` events)."""
        self.installed.clear()
        self.catch_keys = set()
        changed = []
        for bp in self.all():
            bp.engine_ids = set()
            before = (bp.verified, bp.line, bp.address, bp.message)
            if bp.placeable and bp.kind == "source":
                self._resolve_line(bp, target)
            elif bp.placeable and bp.kind == "function":
                self._resolve_function(bp, target)
            if (bp.verified, bp.line, bp.address, bp.message) != before:
                changed.append(bp)
        return changed

    def set_instructions(self, target: Target | None, specs: list[tuple[int, str | None, str | None]]) -> list[ClientBreakpoint]:
        out = []
        for address, condition, hit_condition in specs:
            bp = self._new("instruction")
            bp.address = address
            out.append(bp)
            if not self._conditions(bp, target, condition, hit_condition):
                continue
            if address & 1:
                bp.message = f"{address:#x} is odd: instructions are halfword aligned"
                continue
            if target is not None:
                src = target.source_at(address)
                if src is not None:
                    bp.path, bp.line = src.path, src.line
            bp.keys = [("code", address, bp.condition)]
            bp.verified = target is not None
            if target is None:
                bp.message = "no program is loaded yet"
        self.instructions = out
        return out

    def set_data(self, specs: list[tuple[str, str, str | None, str | None]]) -> list[ClientBreakpoint]:
        """Data breakpoints: (dataId "ADDRESS/LENGTH", accessType, condition, hit condition)."""
        out = []
        for data_id, access, condition, hit_condition in specs:
            bp = self._new("data")
            out.append(bp)
            if not self._conditions(bp, None, condition, hit_condition):
                continue
            parsed = parse_data_id(data_id)
            if parsed is None:
                bp.message = f"dataId {data_id[:40]!r} is not one this adapter gave (ADDRESS/LENGTH)"
                continue
            mode = ACCESS_MODES.get(access)
            if mode is None:
                bp.message = f"accessType {access[:20]!r} must be read, write or readWrite"
                continue
            bp.address, bp.length = parsed
            bp.mode = mode
            bp.keys = [("watch", bp.address, bp.length, mode)]
            bp.verified = True
        self.data = out
        return out

    def set_filters(self, filters: dict[str, str | None]) -> None:
        """The exception filters chosen, each with its condition (None: none)."""
        self.filters = dict(filters)

    # --------------------------------------------------------------- sync
    def sync(self, target: Target) -> tuple[list[ClientBreakpoint], list[ClientBreakpoint]]:
        """Make the engine match the book (on the engine's thread).  Returns (changed,
        removed): client breakpoints whose verification changed, and those whose engine
        breakpoint the user deleted with a command (they are dropped from the book)."""
        wanted: dict[tuple, list[ClientBreakpoint]] = {}
        for bp in self.all():
            if bp.verified or bp.keys:
                for key in bp.keys:
                    wanted.setdefault(key, []).append(bp)
        catch: dict[tuple, list] = {}
        if self.filters:
            catch = {("catch", address): [] for address in target.trap_handlers().values()}
            catch.update({("vector-write", address): [] for address in target.handler_writes()})
        removed: list[ClientBreakpoint] = []
        for key, ident in list(self.installed.items()):
            if not target.exists(ident):
                del self.installed[key]
                if key[0] == "code" or key[0] == "watch":
                    removed += [bp for bp in wanted.get(key, []) if bp not in removed]
            elif key not in wanted and key not in catch:
                target.delete(ident)
                del self.installed[key]
        for bp in removed:
            self._drop(bp)
            for key in bp.keys:
                wanted.pop(key, None)
        changed: list[ClientBreakpoint] = []
        for key, owners in list(wanted.items()) + list(catch.items()):
            if key in self.installed:
                continue
            try:
                if key[0] == "watch":
                    ident = target.add_watchpoint(key[1], key[2], key[3])
                else:
                    ident = target.add_breakpoint(f"{key[1]:#x}", key[2] if key[0] == "code" else None)
            except DebugError as e:
                for bp in owners:
                    if bp.verified:
                        bp.verified, bp.message = False, str(e)
                        changed.append(bp)
                continue
            self.installed[key] = ident
        self.catch_keys = set(catch)
        for bp in self.all():
            bp.engine_ids = {self.installed[k] for k in bp.keys if k in self.installed}
        return changed, removed

    def _drop(self, bp: ClientBreakpoint) -> None:
        for bps in self.by_source.values():
            if bp in bps:
                bps.remove(bp)
        for group in (self.functions, self.instructions, self.data):
            if bp in group:
                group.remove(bp)

    # ------------------------------------------------------------- lookup
    def owners(self, engine_id: int | None) -> list[ClientBreakpoint]:
        if engine_id is None:
            return []
        return [bp for bp in self.all() if engine_id in bp.engine_ids]

    def is_catch(self, engine_id: int | None) -> bool:
        """A breakpoint at a trap handler's entry (exception filters)."""
        return engine_id is not None and any(self.installed.get(k) == engine_id
                                             for k in self.catch_keys if k[0] == "catch")

    def is_vector_write(self, engine_id: int | None) -> bool:
        """A breakpoint at an instruction that installs a trap handler (writes EVBASE)."""
        return engine_id is not None and any(self.installed.get(k) == engine_id
                                             for k in self.catch_keys if k[0] == "vector-write")

    def catches(self, trap_number: int, holds: Callable[[str], bool]) -> bool:
        """Whether a chosen filter stops at a handler entry for trap ``trap_number``: its
        class matches and its condition, if any, ``holds``."""
        return any(trap_matches(f, trap_number) and (condition is None or holds(condition))
                   for f, condition in self.filters.items())

    def hit_met(self, bp: ClientBreakpoint, target: Target) -> bool:
        if bp.hit is None:
            return True
        return bp.hit.met(sum(target.hits(i) for i in bp.engine_ids))


def data_id(address: int, length: int) -> str:
    return f"{address:#x}/{length}"


def parse_data_id(text: str) -> tuple[int, int] | None:
    m = re.fullmatch(r"0x([0-9a-fA-F]{1,16})/(\d{1,8})", text.strip())
    if m is None:
        return None
    length = int(m.group(2))
    if not 1 <= length <= MAX_WATCH:
        return None
    return int(m.group(1), 16), length
