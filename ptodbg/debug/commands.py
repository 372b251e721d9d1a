"""The command language (DESIGN.md §5): one parser for the TUI command line, the
command palette and batch mode.

:meth:`Commands.execute` takes one line and returns a :class:`CommandResult`; batch mode
turns it into one JSON line, the TUI shows its message.  Numbers are decimal or 0x-hex;
addresses and values are expressions of :mod:`ptodbg.debug.expr` (written without
spaces, e.g. ``x sp+16 32``); LOC is a symbol, ``symbol+off`` or an address.  The words
of a line are split as a POSIX shell would (:func:`split_words`), in linear time.

Every number a command takes is checked before it drives any work: counts are at least
1, lengths are checked against their limits and the mapped pages, banks against the
machine's trap banks, step numbers against 2^63 - 1, values against 64 bits; forward
work is bounded by the engine's step limit (batch ``--max-steps``) or its interrupt.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ptodbg.core.faults import TRAP_ARGUMENT
from ptodbg.debug import completion
from ptodbg.debug.engine import DebugError, Stop
from ptodbg.debug.expr import ExprError
from ptodbg.debug.jsonstate import state

if TYPE_CHECKING:
    from ptodbg.debug.engine import Debugger


# One piece of a POSIX-shell word: blanks, a '...' or "..." string, a backslash escape, or
# a run of plain characters.  Matching a piece at a time keeps splitting linear (shlex
# grows each word a character at a time: quadratic in a long word such as set mem's hex).
_PIECE = re.compile(r"""
      (?P<blank>[ \t\r\n]+)
    | '(?P<single>[^']*)'
    | "(?P<double>(?:[^"\\]|\\.)*)"
    | \\(?P<escaped>.)
    | (?P<plain>[^ \t\r\n'"\\]+)
""", re.VERBOSE | re.DOTALL)
_DOUBLE_ESCAPE = re.compile(r'\\(["\\])')


def split_words(text: str) -> list[str]:
    """Split a command line into words as ``shlex.split(text)`` does (POSIX rules:
    blanks separate words, '...' is literal, "..." honours \\" and \\\\, a backslash
    outside quotes escapes the next character), in time linear in the line.  Raises
    ValueError "No closing quotation" or "No escaped character" as shlex does."""
    words: list[str] = []
    word: list[str] | None = None
    pos, end = 0, len(text)
    while pos < end:
        piece = _PIECE.match(text, pos)
        if piece is None:
            raise ValueError("No escaped character" if text[pos] == "\\" else "No closing quotation")
        pos = piece.end()
        kind = piece.lastgroup
        if kind == "blank":
            if word is not None:
                words.append("".join(word))
                word = None
            continue
        if word is None:
            word = []
        value = piece.group(kind)
        word.append(_DOUBLE_ESCAPE.sub(r"\1", value) if kind == "double" else value)
    if word is not None:
        words.append("".join(word))
    return words


@dataclass
class CommandResult:
    command: str
    ok: bool
    message: str = ""
    error: str | None = None
    extra: dict = field(default_factory=dict)
    stop: Stop | None = None
    moved: bool = False  # the machine state (may have) changed

    def as_json(self, dbg: Debugger) -> dict:
        if not self.ok:
            return {"command": self.command, "ok": False, "error": self.error}
        out = {"command": self.command, "ok": True, "state": state(dbg)}
        if self.message:
            out["message"] = self.message
        out.update(self.extra)
        return out


# How a command's arguments complete (see :mod:`ptodbg.debug.completion`): each word
# position names a kind; the last kind repeats for the words after it.
ARGUMENT_KINDS = frozenset({"location", "expression", "register", "breakpoint", "perms", "watch-mode",
                            "file", "count", "step", "bytes", "word"})


@dataclass(frozen=True)
class CommandSpec:
    """One command and the facts its clients need without running it.

    ``moves``: the machine state may change (clients re-read their view).
    ``long``: how long it can run, for clients with a worker thread (the TUI): ``True``
    always may run long (continue, until, goto...), an int N means "long when its count
    argument is above N" (``step 100000``), ``False`` never.
    ``arguments``: the kind of each argument, for completion (:data:`ARGUMENT_KINDS`).
    """

    name: str
    usage: str
    help: str
    handler: Callable[[Commands, list[str], str], CommandResult]
    aliases: tuple[str, ...] = ()
    moves: bool = False
    long: bool | int = False
    arguments: tuple[str, ...] = ()

    def runs_long(self, args: list[str]) -> bool:
        """Whether this invocation belongs on a worker thread: a count above the spec's
        threshold, or one that is not a plain number (an expression may be large)."""
        if self.long is True or self.long is False:
            return bool(self.long)
        if not args:
            return False
        try:
            return int(args[0], 0) > self.long
        except ValueError:
            return True


_SPECS: list[CommandSpec] = []


def command(name: str, usage: str, help: str, *aliases: str, moves: bool = False,
            long: bool | int = False, arguments: tuple[str, ...] = ()):
    """Register a command (see :class:`CommandSpec` for the facts)."""
    unknown = set(arguments) - ARGUMENT_KINDS
    if unknown:
        raise ValueError(f"command {name}: unknown argument kinds {sorted(unknown)}")

    def register(fn):
        _SPECS.append(CommandSpec(name, usage, help, fn, aliases, moves, long, arguments))
        return fn

    return register


def command_word(line: str) -> tuple[str, str, str]:
    """Split a line into (command word, format suffix, rest): ``x/8gx sp`` gives
    ("x", "8gx", "sp"), as gdb reads a ``/FMT`` glued to the command word."""
    word, _, rest = line.strip().partition(" ")
    word, _, fmt = word.partition("/")
    return word.lower(), fmt, rest


class Commands:
    """Parses and runs command lines against one debugger."""

    def __init__(self, dbg: Debugger, *, save=None, load=None) -> None:
        self.dbg = dbg
        self._save = save
        self._load = load
        self.by_name: dict[str, CommandSpec] = {}
        for spec in _SPECS:
            self.by_name[spec.name] = spec
            for alias in spec.aliases:
                self.by_name[alias] = spec

    @staticmethod
    def specs() -> list[CommandSpec]:
        return list(_SPECS)

    def execute(self, line: str) -> CommandResult:
        text = line.strip()
        if not text:
            return CommandResult("", False, error="empty command")
        word, _, rest = text.partition(" ")
        spec = self.spec_for(text)
        if spec is None:
            return CommandResult(text, False, error=f"unknown command {word!r}; type 'help' for the list")
        try:
            args = split_words(rest)
        except ValueError as e:
            return CommandResult(text, False, error=f"{text}: {e}")
        try:
            result = spec.handler(self, args, rest.strip())
        except (DebugError, ExprError, ValueError, KeyError) as e:
            msg = str(e).strip("'\"") if isinstance(e, KeyError) else str(e)
            return CommandResult(text, False, error=f"{spec.name}: {msg}")
        except OSError as e:
            return CommandResult(text, False, error=f"{spec.name}: {e.strerror or e}: {e.filename or ''}".rstrip(": "))
        result.command = text
        result.moved = result.moved or spec.moves
        return result

    def complete(self, line: str, limit: int = 50) -> list[str]:
        """The whole lines a partial line can complete to (:mod:`~ptodbg.debug.completion`)."""
        return completion.complete(self, line, limit)

    def spec_for(self, line: str) -> CommandSpec | None:
        """The command a line would run (None when there is none), without running it:
        ``info``/``set mem`` subcommands and a gdb ``/FMT`` suffix are understood."""
        word, _, rest = command_word(line)
        return self._lookup(word, rest)

    def _lookup(self, word: str, rest: str) -> CommandSpec | None:
        if word == "info":
            sub = rest.split()[0].lower() if rest.split() else ""
            return self.by_name.get(f"info {sub}") or self.by_name.get("info")
        if word == "set" and rest.split() and rest.split()[0].lower() == "mem":
            return self.by_name.get("set mem")
        return self.by_name.get(word)

    # -------------------------------------------------------------- helpers
    def num(self, text: str) -> int:
        return self.dbg.evaluate(text)

    def moved(self, stop: Stop) -> CommandResult:
        return CommandResult("", True, message=stop.message, stop=stop, moved=True)


def _count(c: Commands, args: list[str], default: int | None = 1) -> int | None:
    """The optional count of step, continue, reverse-step and bt: at least 1."""
    if not args:
        return default
    if len(args) > 1:
        raise DebugError(f"expected one count, got {' '.join(args)!r}")
    count = c.num(args[0])
    if count < 1:
        raise DebugError(f"the count must be at least 1, not {count}")
    return count


@command("step", "step [N]", "execute N instructions (default 1)", "stepi", "si", "s", moves=True,
         long=256, arguments=("count",))
def _step(c: Commands, args: list[str], raw: str) -> CommandResult:
    return c.moved(c.dbg.step(_count(c, args)))


@command("next", "next", "step over a call (BSTART.CALL, SETRET...)", "n", "nexti", moves=True, long=True)
def _next(c: Commands, args: list[str], raw: str) -> CommandResult:
    return c.moved(c.dbg.next())


@command("continue", "continue [N]", "run until a stop (at most N steps)", "c", "cont", moves=True,
         long=True, arguments=("count",))
def _continue(c: Commands, args: list[str], raw: str) -> CommandResult:
    return c.moved(c.dbg.cont(_count(c, args, None)))


@command("until", "until LOC", "run until LOC is reached (or another stop)", "u", moves=True,
         long=True, arguments=("location",))
def _until(c: Commands, args: list[str], raw: str) -> CommandResult:
    if not raw:
        raise DebugError("usage: until LOC")
    return c.moved(c.dbg.until(raw))


@command("reverse-step", "reverse-step [N]", "go back N steps", "rs", "reverse-stepi", moves=True,
         long=256, arguments=("count",))
def _rstep(c: Commands, args: list[str], raw: str) -> CommandResult:
    return c.moved(c.dbg.reverse_step(_count(c, args)))


@command("reverse-continue", "reverse-continue", "go back to the previous breakpoint, watchpoint hit or trap", "rc", moves=True,
         long=True)
def _rcont(c: Commands, args: list[str], raw: str) -> CommandResult:
    return c.moved(c.dbg.reverse_continue())


@command("goto", "goto STEP", "travel to an absolute step count", moves=True, long=True, arguments=("step",))
def _goto(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) != 1:
        raise DebugError("usage: goto STEP")
    return c.moved(c.dbg.goto(c.num(args[0])))


def _split_condition(raw: str) -> tuple[str, str | None]:
    words = raw.split()
    if "if" in words:
        i = words.index("if")
        return " ".join(words[:i]), " ".join(words[i + 1 :]) or None
    return raw, None


@command("break", "break LOC [if EXPR]", "set a breakpoint, optionally conditional", "b", "br",
         arguments=("location", "word", "expression"))
def _break(c: Commands, args: list[str], raw: str) -> CommandResult:
    loc, cond = _split_condition(raw)
    if not loc:
        raise DebugError("usage: break LOC [if EXPR]")
    bp = c.dbg.add_breakpoint(loc, cond)
    where = c.dbg.symbolize(bp.address)
    return CommandResult("", True, f"breakpoint {bp.ident} at {bp.address:#x} ({where})" + (f" if {cond}" if cond else ""),
                         extra={"breakpoint": bp.ident})


@command("tbreak", "tbreak LOC [if EXPR]", "set a breakpoint that deletes itself when hit", "tb",
         arguments=("location", "word", "expression"))
def _tbreak(c: Commands, args: list[str], raw: str) -> CommandResult:
    loc, cond = _split_condition(raw)
    if not loc:
        raise DebugError("usage: tbreak LOC")
    bp = c.dbg.add_breakpoint(loc, cond, temporary=True)
    return CommandResult("", True, f"temporary breakpoint {bp.ident} at {bp.address:#x}", extra={"breakpoint": bp.ident})


@command("delete", "delete [N]", "delete breakpoint/watchpoint N, or all of them", "d", arguments=("breakpoint",))
def _delete(c: Commands, args: list[str], raw: str) -> CommandResult:
    gone = c.dbg.delete(c.num(args[0]) if args else None)
    return CommandResult("", True, f"deleted {', '.join(map(str, gone)) or 'nothing'}", extra={"deleted": gone})


@command("watch", "watch ADDR [LEN] [r|w|rw]", "stop when an access touches ADDR..ADDR+LEN (default 8 bytes, w)",
         arguments=("expression", "count", "watch-mode"))
def _watch(c: Commands, args: list[str], raw: str) -> CommandResult:
    if not args or len(args) > 3:
        raise DebugError("usage: watch ADDR [LEN] [r|w|rw]")
    mode = "w"
    modes = {"r": "r", "w": "w", "rw": "rw", "wr": "rw"}
    if len(args) == 3 or (len(args) == 2 and args[1].lower() in modes):
        word = args.pop().lower()
        if word not in modes:
            raise DebugError(f"watch mode {word!r} must be r, w or rw")
        mode = modes[word]
    length = c.num(args[1]) if len(args) > 1 else 8
    wp = c.dbg.add_watchpoint(args[0], length, mode)
    return CommandResult("", True, f"watchpoint {wp.ident}: {mode} {wp.low:#x}..{wp.low + wp.length:#x}",
                         extra={"watchpoint": wp.ident})


@command("perms", "perms ADDR LEN PERMS", "set page permissions now (e.g. r--, rw-, ---)", moves=True,
         arguments=("expression", "count", "perms"))
def _perms(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) != 3:
        raise DebugError("usage: perms ADDR LEN PERMS")
    return CommandResult("", True, c.dbg.set_perms(c.num(args[0]), c.num(args[1]), args[2]))


@command("inject", "inject ADDR LEN PERMS [at STEP] [once]",
         "change page permissions now, at a step, or for the next access only", moves=True,
         arguments=("expression", "count", "perms", "word"))
def _inject(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) < 3:
        raise DebugError("usage: inject ADDR LEN PERMS [at STEP] [once]")
    address, length, perms = c.num(args[0]), c.num(args[1]), args[2]
    at = None
    once = False
    rest = [a.lower() for a in args[3:]]
    i = 0
    while i < len(rest):
        if rest[i] == "once":
            once = True
        elif rest[i] == "at" and i + 1 < len(rest):
            at = c.num(rest[i + 1])
            i += 1
        else:
            raise DebugError(f"unexpected {args[3 + i]!r}; expected 'at STEP' or 'once'")
        i += 1
    return CommandResult("", True, c.dbg.set_perms(address, length, perms, at=at, once=once))


@command("recover", "recover [BANK]", "restore the saved trap context (ACRE): the faulting instruction reissues", moves=True,
         arguments=("count",))
def _recover(c: Commands, args: list[str], raw: str) -> CommandResult:
    text = c.dbg.recover(c.num(args[0]) if args else None)
    c.dbg.last = Stop("stopped", text)
    return CommandResult("", True, text, stop=c.dbg.last)


@command("set", "set REG VALUE", "write a register (ABI name, rN or pc) at this step", moves=True,
         arguments=("register", "expression"))
def _set(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) != 2:
        raise DebugError("usage: set REG VALUE  or  set mem ADDR BYTES")
    return CommandResult("", True, c.dbg.set_register(args[0], c.num(args[1])))


@command("set mem", "set mem ADDR BYTES", "write bytes (hex, e.g. 0011aabb) at ADDR at this step", moves=True,
         arguments=("expression", "bytes"))
def _set_mem(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) < 3:
        raise DebugError("usage: set mem ADDR BYTES")
    text = "".join(args[2:]).replace("0x", "").replace(",", "")
    try:
        data = bytes.fromhex(text)
    except ValueError:
        raise DebugError(f"{' '.join(args[2:])!r} is not a hex byte string (e.g. 0011aabb)") from None
    return CommandResult("", True, c.dbg.set_memory(c.num(args[1]), data))


@command("regs", "regs", "show the GPRs, queues and TPC", "registers", "info registers")
def _regs(c: Commands, args: list[str], raw: str) -> CommandResult:
    m = c.dbg.machine
    lines = [" ".join(f"{n}={v:#x}" for n, v in list(m.regs().items())[i : i + 6]) for i in range(0, 24, 6)]
    return CommandResult("", True, "\n".join(lines), extra={"regs": m.regs()})


@command("x", "x ADDR [LEN]", "examine LEN bytes of memory (default 64)", "examine", arguments=("expression", "count"))
def _x(c: Commands, args: list[str], raw: str) -> CommandResult:
    if not args or len(args) > 2:
        raise DebugError("usage: x ADDR [LEN]")
    address = c.num(args[0]) & ((1 << 64) - 1)
    length = c.num(args[1]) if len(args) > 1 else 64
    data = c.dbg.memory(address, length)
    return CommandResult("", True, f"{address:#x}: {data.hex()}", extra={"address": address, "bytes": data.hex()})


@command("events", "events", "memory events of the last instruction")
def _events(c: Commands, args: list[str], raw: str) -> CommandResult:
    evs = c.dbg.events()
    text = "\n".join(f"{i + 1:2} {e.kind:6} {e.address:#x} {e.size} {e.value:#x} {e.order}" for i, e in enumerate(evs))
    return CommandResult("", True, text or "no memory events", extra={"events": [e.as_json() for e in evs]})


@command("trap", "trap", "show the pending trap and its saved context")
def _trap(c: Commands, args: list[str], raw: str) -> CommandResult:
    m = c.dbg.machine
    t = m.pending_trap or m.last_trap
    if t is None:
        return CommandResult("", True, "no trap has been taken", extra={"trap": None})
    arg = TRAP_ARGUMENT.get(t.number, "argument")
    text = (f"trap {t.number} {t.name}: cause {t.cause}, TRAPARG0 {t.arg0:#x} ({arg}), bank {t.bank}, "
            f"saved TPC {t.saved_tpc:#x}" + (f" - {t.reason}" if t.reason else ""))
    return CommandResult("", True, text, extra={"trap": t.as_json()})


@command("info breakpoints", "info breakpoints", "list breakpoints and watchpoints", "info break", "info b")
def _info_b(c: Commands, args: list[str], raw: str) -> CommandResult:
    bps = c.dbg.info_breakpoints()
    text = "\n".join(
        f"{b['id']:3} {b['type']:6} {b.get('where', b['location'])} {b['address']:#x} hits={b['hits']}"
        + (f" if {b['condition']}" if b.get("condition") else "")
        for b in bps
    )
    return CommandResult("", True, text or "no breakpoints or watchpoints", extra={"breakpoints": bps})


@command("info watchpoints", "info watchpoints", "list watchpoints", "info watch")
def _info_w(c: Commands, args: list[str], raw: str) -> CommandResult:
    wps = [b for b in c.dbg.info_breakpoints() if b["type"] == "watch"]
    return CommandResult("", True, "\n".join(str(w) for w in wps) or "no watchpoints", extra={"breakpoints": wps})


@command("info history", "info history", "snapshots kept for reverse execution and their memory use", "info h")
def _info_h(c: Commands, args: list[str], raw: str) -> CommandResult:
    use = c.dbg.history_usage()
    snapshots = f"{use['snapshots']} snapshot" + ("" if use["snapshots"] == 1 else "s")
    text = (f"{snapshots}, {use['bytes'] / 1e6:.1f} MB of {use['budget'] / 1e6:.0f} MB, "
            f"furthest step {use['horizon']}, {use['thinned']} thinned")
    return CommandResult("", True, text, extra={"history": use})


@command("info", "info breakpoints|watchpoints|history", "information about the debugger")
def _info(c: Commands, args: list[str], raw: str) -> CommandResult:
    raise DebugError("usage: info breakpoints | info watchpoints | info history")


@command("bt", "bt [N]", "the call chain from the frames FENTRY built (innermost first)", "backtrace", "where",
         arguments=("count",))
def _bt(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) > 1:
        raise DebugError(f"expected one count, got {' '.join(args)!r}")
    frames = c.dbg.backtrace(c.num(args[0]) if args else 64)
    text = "\n".join(f"#{f['level']:<2} {f['pc']:#x} in {frame_label(f)}  (sp {f['sp']:#x})" for f in frames)
    return CommandResult("", True, text, extra={"frames": frames})


def frame_label(frame: dict) -> str:
    """A backtrace frame as gdb shows it: the demangled function and the offset in it."""
    if frame.get("demangled") is None:
        return frame["where"]
    return frame["demangled"] + (f"+{frame['offset']:#x}" if frame["offset"] else "")


@command("print", "print EXPR", "evaluate an expression", "p", arguments=("expression",))
def _print(c: Commands, args: list[str], raw: str) -> CommandResult:
    if not raw:
        raise DebugError("usage: print EXPR")
    value = c.dbg.evaluate(raw)
    return CommandResult("", True, f"{raw} = {value & ((1 << 64) - 1):#x} ({value})", extra={"value": value})


# ------------------------------------------------------------------ last (issue 12 item 4)
@command("last", "last LOC [LEN] | last REG",
         "the last step before this one that wrote LEN bytes at LOC (default: the symbol's size, else 8) "
         "or register REG: a store, DMA, atomic, register write or edit",
         long=True, arguments=("expression", "count"))  # long: it may replay an interval
def _last(c: Commands, args: list[str], raw: str) -> CommandResult:
    from ptodbg.debug.lastwrite import MAX_LENGTH, last_write, memory_target, register_target

    if not 1 <= len(args) <= 2:
        raise DebugError("usage: last LOC [LEN] | last REG")
    dbg = c.dbg
    word = args[0]
    target = register_target(dbg.machine, word.removeprefix("$")) if len(args) == 1 else None
    if target is None:
        address = dbg.resolve(word)
        if len(args) > 1:
            length = c.num(args[1])
        else:
            size = dbg.symbols.sizes.get(word, 0) if dbg.symbols.lookup(word) is not None else 0
            length = size if 0 < size <= MAX_LENGTH else 8
        target = memory_target(dbg, address, length, word)
        what = f"{length} bytes at {address:#x}"
    else:
        what = word
    found = last_write(dbg, target)
    if found is None:
        return CommandResult("", True, f"nothing wrote {what} since load", extra={"last": None})
    doer = "a timeline edit" if found.kind == "set" else f"{found.mnemonic or '?'} ({found.kind})"
    event = f", store event {found.event}" if found.event is not None else ""
    text = f"{what} last written at step {found.step} by {doer} at {dbg.symbolize(found.pc)}{event}"
    return CommandResult("", True, text, extra={"last": found.as_json()})


@command("save", "save SESSION", "save breakpoints, watchpoints, injections, views and the step to a session file",
         arguments=("file",))
def _save(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) != 1:
        raise DebugError("usage: save SESSION")
    if c._save is None:
        raise DebugError("sessions are not available here")
    path = c._save(c.dbg, args[0])
    return CommandResult("", True, f"saved session to {path}", extra={"path": str(path)})


@command("load", "load SESSION", "load a session file for this program", moves=True, long=True, arguments=("file",))
def _load(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) != 1:
        raise DebugError("usage: load SESSION")
    if c._load is None:
        raise DebugError("sessions are not available here")
    msg = c._load(c.dbg, args[0])
    return CommandResult("", True, msg)


@command("help", "help [COMMAND]", "list commands, or describe one", arguments=("word",))
def _help(c: Commands, args: list[str], raw: str) -> CommandResult:
    if raw:
        spec = c.spec_for(raw)
        if spec is None:
            raise DebugError(f"no command {raw!r}")
        return CommandResult("", True, f"{spec.usage}: {spec.help}")
    lines = [f"{s.usage:42} {s.help}" for s in _SPECS]
    return CommandResult("", True, "\n".join(lines))
