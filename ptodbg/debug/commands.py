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
from ptodbg.debug.disasm_rows import decode_row
from ptodbg.debug.displays import (
    MAX_DISPLAYS,
    Displays,
    Target,
    console_lines,
    displays_of,
    gdb_expression,
)
from ptodbg.debug.engine import DebugError, Stop
from ptodbg.debug.expr import ExprError
from ptodbg.debug.jsonstate import frame_json, state
from ptodbg.debug.memformat import (
    MASK64,
    Examiner,
    Fmt,
    FormatError,
    examine,
    parse_fmt,
    print_value,
    symbol_label,
)
from ptodbg.debug.records import Frame
from ptodbg.isa.registers import GPR_NAMES

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
        fmt = command_word(text)[1]
        if fmt:  # gdb's x/8gx, print/x, display/i: the format goes to the handler
            rest = f"/{fmt} {rest}".strip()
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
        if result.moved and result.ok:
            _attach_displays(self, result)
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
    return c.moved(c.dbg.until(_location(raw)))


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


MAX_LOCATION = 4096  # characters of a LOC (a demangled C++ signature can be long, not this long)


def _location(text: str) -> str:
    """A LOC as typed, refused when longer than any name could be: its errors quote it, and
    a 10,000-character name made a 10 kB error line."""
    if len(text) > MAX_LOCATION:
        raise DebugError(f"a location of {len(text)} characters is too long (at most {MAX_LOCATION})")
    return text


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
    loc = _location(loc)
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
    loc = _location(loc)
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


@command("regs", "regs", "show the GPRs, queues and TPC", "registers")
def _regs(c: Commands, args: list[str], raw: str) -> CommandResult:
    m = c.dbg.machine
    lines = [" ".join(f"{n}={v:#x}" for n, v in list(m.regs().items())[i : i + 6]) for i in range(0, 24, 6)]
    return CommandResult("", True, "\n".join(lines), extra={"regs": m.regs()})


@command("x", "x ADDR [LEN]  or  x/FMT [ADDR]",
         "examine LEN bytes of memory (default 64); x/FMT as gdb: count, format x d u o t c a s i z, "
         "size b h w g (x/8gx sp, x/16xb dst, x/s msg, x/4i $pc)", "examine", arguments=("expression", "count"))
def _x(c: Commands, args: list[str], raw: str) -> CommandResult:
    if raw.startswith("/"):
        return _examine(c, raw)
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


@command("info breakpoints", "info breakpoints", "list breakpoints and watchpoints: enabled (y/n), hits, ignore counts",
         "info break", "info b")
def _info_b(c: Commands, args: list[str], raw: str) -> CommandResult:
    bps = c.dbg.info_breakpoints()
    text = "\n".join(
        f"{b['id']:3} {b['type']:6} {'y' if b['enabled'] else 'n'} {b['address']:#x} {b.get('where', b['location'])}"
        f" hits={b['hits']}"
        + (f" if {b['condition']}" if b.get("condition") else "")
        + (f" (ignore next {b['ignore']} hits)" if b.get("ignore") else "")
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


@command("info", "info breakpoints|watchpoints|history|frame|registers|symbol|display",
         "information about the debugger")
def _info(c: Commands, args: list[str], raw: str) -> CommandResult:
    raise DebugError("usage: info breakpoints | info watchpoints | info history | info frame | "
                     "info registers [REG...] | info symbol ADDR | info display")


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


# ------------------------------------------------ frames and breakpoint management
# (issue 12 items 1-2; the engine side is ptodbg.debug.frames, .forward and .stops)
def _frame_line(frame: Frame) -> str:
    """A frame as gdb prints it on selection: ``#1  0x16b80 in main+0x8  (sp 0x...)``."""
    return f"#{frame.level:<2} {frame.pc:#x} in {frame.label}  (sp {frame.sp:#x})"


def _frame_result(c: Commands, frame: Frame) -> CommandResult:
    return CommandResult("", True, _frame_line(frame), extra={"frame": frame_json(frame)})


def _level(c: Commands, args: list[str], usage: str) -> int | None:
    if len(args) > 1:
        raise DebugError(f"usage: {usage}")
    return c.num(args[0]) if args else None


@command("frame", "frame [N]", "select frame N of the call chain (0 = innermost) and show it; "
         "without N show the selected frame", "f", arguments=("count",))
def _frame(c: Commands, args: list[str], raw: str) -> CommandResult:
    level = _level(c, args, "frame [N]")
    frame = c.dbg.current_frame() if level is None else c.dbg.select_frame(level)
    return _frame_result(c, frame)


@command("up", "up [N]", "select the frame N levels toward the callers (default 1)", arguments=("count",))
def _up(c: Commands, args: list[str], raw: str) -> CommandResult:
    return _frame_result(c, c.dbg.frame_up(_count(c, args)))


@command("down", "down [N]", "select the frame N levels toward the innermost (default 1)", arguments=("count",))
def _down(c: Commands, args: list[str], raw: str) -> CommandResult:
    return _frame_result(c, c.dbg.frame_down(_count(c, args)))


@command("info frame", "info frame", "the selected frame: pc, function, sp, frame address, caller, saved registers",
         "info f")
def _info_frame(c: Commands, args: list[str], raw: str) -> CommandResult:
    info = c.dbg.frame_info()
    at = info["frame_address"]
    lines = [f"Stack level {info['level']}, frame at {at:#x}:" if at is not None else f"Stack level {info['level']}:",
             f" pc = {info['pc']:#x} in {frame_label(info)}; sp = {info['sp']:#x}"]
    caller = info["caller"]
    if caller is not None:
        lines.append(f" saved pc = {caller['pc']:#x} ({caller['where']}), called by frame #{caller['level']}"
                     + (f" at {caller['frame_address']:#x}" if caller["frame_address"] is not None else ""))
    if info["callee"] is not None:
        lines.append(f" caller of frame #{info['callee']}")
    if info["saved"]:
        lines.append(" Saved registers:")
        lines.append("  " + ", ".join(f"{s['register']} at {s['address']:#x} = {s['value']:#x}" for s in info["saved"]))
    elif at is None:
        lines.append(" no frame template (FENTRY) at this function's entry: nothing saved")
    else:
        lines.append(" no registers saved yet (the function's FENTRY has not run)")
    return CommandResult("", True, "\n".join(lines), extra={"frame": info})


@command("finish", "finish", "run until the selected frame returns; shows the value returned (a0)", "fin",
         moves=True, long=True)
def _finish(c: Commands, args: list[str], raw: str) -> CommandResult:
    if args:
        raise DebugError("usage: finish")
    stop = c.dbg.finish()
    result = c.moved(stop)
    result.extra["value"] = stop.value
    return result


def _enable(c: Commands, args: list[str], on: bool) -> CommandResult:
    if len(args) > 1:
        raise DebugError(f"usage: {'enable' if on else 'disable'} [N]")
    changed = c.dbg.enable(c.num(args[0]) if args else None, on)
    word = "enabled" if on else "disabled"
    return CommandResult("", True, f"{word} {', '.join(map(str, changed)) or 'nothing'}", extra={word: changed})


@command("enable", "enable [N]", "enable breakpoint/watchpoint N, or all of them", arguments=("breakpoint",))
def _enable_cmd(c: Commands, args: list[str], raw: str) -> CommandResult:
    return _enable(c, args, True)


@command("disable", "disable [N]", "disable breakpoint/watchpoint N, or all of them (kept, not deleted)",
         arguments=("breakpoint",))
def _disable_cmd(c: Commands, args: list[str], raw: str) -> CommandResult:
    return _enable(c, args, False)


@command("ignore", "ignore N COUNT", "pass over the next COUNT hits of breakpoint N (0 stops at the next one)",
         arguments=("breakpoint", "count"))
def _ignore(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) != 2:
        raise DebugError("usage: ignore N COUNT")
    bp = c.dbg.ignore(c.num(args[0]), c.num(args[1]))
    text = (f"will stop next time breakpoint {bp.ident} is reached" if bp.ignore == 0
            else f"will ignore next {bp.ignore} crossing{'s' if bp.ignore != 1 else ''} of breakpoint {bp.ident}")
    return CommandResult("", True, text, extra={"breakpoint": bp.ident, "ignore": bp.ignore})
# ------------------------------------------------ end of frames and breakpoint management


@command("print", "print EXPR  or  print/FMT EXPR", "evaluate an expression; /x /d /u /o /t /c /a /z format it as gdb",
         "p", arguments=("expression",))
def _print(c: Commands, args: list[str], raw: str) -> CommandResult:
    if raw.startswith("/"):
        return _print_formatted(c, raw)
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
    from ptodbg.debug.lastwrite import (
        MAX_LENGTH,
        Interrupted,
        last_write,
        memory_target,
        register_target,
    )

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
        what = f"{length} byte{'' if length == 1 else 's'} at {address:#x}"
    else:
        what = word
    try:
        found = last_write(dbg, target)
    except Interrupted as e:  # the machine is back at the present: the line says interrupted
        dbg.last = Stop("interrupted", str(e))
        return CommandResult("", True, str(e), stop=dbg.last)  # no "last" key: nothing was proven
    if found is None:
        return CommandResult("", True, f"nothing wrote {what} since load", extra={"last": None})
    doer = "a timeline edit" if found.kind == "set" else f"{found.mnemonic or '?'} ({found.kind})"
    event = f", store event {found.event}" if found.event is not None else ""
    text = f"{what} last written at step {found.step} by {doer} at {dbg.symbolize(found.pc)}{event}"
    return CommandResult("", True, text, extra={"last": found.as_json()})


@command("save", "save SESSION", "save breakpoints, watchpoints, injections, views and the step to a session file",
         arguments=("file",))
def _save(c: Commands, args: list[str], raw: str) -> CommandResult:
    path = _session_file(c._save, "save", args)(c.dbg, args[0])
    return CommandResult("", True, f"saved session to {path}", extra={"path": str(path)})


def _session_file(handler, verb: str, args: list[str]):
    """The client's session ``handler`` for ``save``/``load SESSION`` (one file name)."""
    if len(args) != 1:
        raise DebugError(f"usage: {verb} SESSION")
    if handler is None:
        raise DebugError("sessions are not available here")
    return handler


@command("load", "load SESSION", "load a session file for this program", moves=True, long=True, arguments=("file",))
def _load(c: Commands, args: list[str], raw: str) -> CommandResult:
    return CommandResult("", True, _session_file(c._load, "load", args)(c.dbg, args[0]))


@command("help", "help [COMMAND]", "list commands, or describe one", arguments=("word",))
def _help(c: Commands, args: list[str], raw: str) -> CommandResult:
    if raw:
        spec = c.spec_for(raw)
        if spec is None:
            raise DebugError(f"no command {raw!r}")
        return CommandResult("", True, f"{spec.usage}: {spec.help}")
    lines = [f"{s.usage:42} {s.help}" for s in _SPECS]
    return CommandResult("", True, "\n".join(lines))


# ====================================================================== gdb's inspection
# x/FMT, print/FMT, display / undisplay / info display, info registers, info symbol
# (issue 12 items 3 and 5; the formatting is ptodbg.debug.memformat, the displays
# ptodbg.debug.displays).
def _target(c: Commands) -> Target:
    """The readers of the stop the machine is at, for memformat and displays."""
    dbg = c.dbg

    def disassemble(address: int) -> tuple[int, str]:
        if address & 1:
            raise DebugError(f"{address:#x} is odd: instructions are halfword aligned")
        row = decode_row(dbg, address)
        if not row.valid:
            first = dbg.machine.mem.first_unmapped(address, 8)
            raise DebugError(f"cannot access memory at {first if first is not None else address:#x}")
        return row.length, row.text

    return Target(dbg.evaluate, dbg.memory, symbol_label(_containing(dbg)), disassemble, dbg.machine.pc)


def _examiner(c: Commands) -> Examiner:
    found = c.dbg.settings.get("examiner")
    if not isinstance(found, Examiner):
        found = c.dbg.settings["examiner"] = Examiner()
    return found


def _split_fmt(raw: str) -> tuple[Fmt, str]:
    """``/FMT rest`` -> (the parsed FMT, the rest)."""
    word, _, rest = raw[1:].partition(" ")
    try:
        return parse_fmt(word), rest.strip()
    except FormatError as e:
        raise DebugError(str(e)) from None


def _examine(c: Commands, raw: str) -> CommandResult:
    """x/FMT [ADDR]: without ADDR it goes on after the last unit the previous x showed."""
    fmt, expression = _split_fmt(raw)
    examiner = _examiner(c)
    target = _target(c)
    try:
        fmt = examiner.resolve(fmt)
        if expression:
            address = target.evaluate(gdb_expression(expression)) & MASK64
        elif examiner.next_address is not None:
            address = examiner.next_address
        else:
            raise DebugError("usage: x/FMT ADDR (no previous x to go on from)")
        lines, after = examine(fmt, address, target.read, target.label, disassemble=target.disassemble,
                               pc=target.pc)
    except FormatError as e:
        raise DebugError(str(e)) from None
    examiner.remember(fmt, after)
    return CommandResult("", True, "\n".join(lines), extra={"address": address, "text": lines})


def _print_formatted(c: Commands, raw: str) -> CommandResult:
    fmt, expression = _split_fmt(raw)
    if fmt.size:
        raise DebugError('size letters are meaningless in "print" command')
    if fmt.count_given:
        raise DebugError('item count other than 1 is meaningless in "print" command')
    if not expression:
        raise DebugError("usage: print/FMT EXPR")
    value = c.dbg.evaluate(gdb_expression(expression))
    try:
        shown = print_value(value, fmt.format or "x", symbol_label(_containing(c.dbg)))
    except FormatError as e:
        raise DebugError(str(e)) from None
    return CommandResult("", True, f"{expression} = {shown}", extra={"value": value, "text": shown})


def _displays(c: Commands) -> Displays:
    return displays_of(c.dbg.settings)


def _attach_displays(c: Commands, result: CommandResult) -> None:
    """After a command that moved the machine: every display, in the JSON and for the
    console (gdb shows them at every stop)."""
    displays = _displays(c)
    if len(displays):
        result.extra["displays"] = displays.show(_target(c))


@command("display", "display EXPR  or  display/FMT EXPR  or  display",
         "show EXPR after every stop (display/x a0, display/i $pc, display/4gx sp); alone: show them all now",
         arguments=("expression",))
def _display(c: Commands, args: list[str], raw: str) -> CommandResult:
    displays = _displays(c)
    fmt = None
    if raw.startswith("/"):
        fmt, raw = _split_fmt(raw)
    if not raw:
        if fmt is not None:
            raise DebugError("usage: display/FMT EXPR")
        entries = displays.show(_target(c))
        return CommandResult("", True, "\n".join(console_lines(entries)) or "no displays",
                             extra={"displays": entries})
    try:
        new = displays.add(raw, fmt)
    except FormatError as e:
        raise DebugError(str(e)) from None
    mine = [new.show(_target(c))]  # as gdb: the new display only (the others were shown at the stop)
    return CommandResult("", True, "\n".join(console_lines(mine)), extra={"display": new.number, "displays": mine})


@command("undisplay", "undisplay [N...]", "stop showing displays N (all of them without N)", arguments=("count",))
def _undisplay(c: Commands, args: list[str], raw: str) -> CommandResult:
    numbers = None
    if args:
        if len(args) > MAX_DISPLAYS:
            raise DebugError(f"at most {MAX_DISPLAYS} display numbers")
        numbers = []
        for word in args:
            if not word.isdigit() or len(word) > 6:
                raise DebugError(f"{word!r} is not a display number")
            numbers.append(int(word))
    gone = _displays(c).remove(numbers)
    return CommandResult("", True, f"deleted display{'s' if len(gone) != 1 else ''} "
                                   f"{', '.join(map(str, gone)) or 'nothing'}", extra={"deleted": gone})


@command("info display", "info display", "list the displays shown after every stop")
def _info_display(c: Commands, args: list[str], raw: str) -> CommandResult:
    displays = _displays(c)
    listed = [{"number": d.number, "expression": d.expression, "format": d.fmt.text() if d.fmt else None}
              for d in sorted(displays.items.values(), key=lambda d: d.number)]
    return CommandResult("", True, "\n".join(displays.info()), extra={"displays": listed})


_CODE_POINTERS = frozenset({"ra", "pc", "tpc", "lra", "bpc", "bpcn"})
_DATA_POINTERS = frozenset({"sp", "s0"})
_SPECIAL = ("pc", "tpc", "lra", "bpc", "bpcn", "acr")


def _register_row(name: str, value: int, label) -> str:
    """One row of gdb's ``info registers``: name, hex from column 15, natural from 35."""
    row = name + " "
    row += " " * max(0, 15 - len(row)) + f"{value:#x} "
    row += " " * max(0, 35 - len(row))
    if name in _CODE_POINTERS:
        return row + f"{value:#x}{label(value)}"
    if name in _DATA_POINTERS:
        return row + f"{value:#x}"
    return row + str(value - (1 << 64) if value >> 63 else value)


@command("info registers", "info registers [REG...]",
         "registers as gdb lists them: name, hex, natural (all 24 GPRs and pc without REG)", "info reg", "info r",
         arguments=("register",))
def _info_registers(c: Commands, args: list[str], raw: str) -> CommandResult:
    regs = c.dbg.machine.regs()
    words = args[1:] if args and args[0].lower() in ("registers", "reg", "r") else args
    if not words:
        names = [*regs, "pc"]
    else:
        if len(words) > 64:
            raise DebugError("at most 64 registers at a time")
        names = []
        for word in words:
            name = word.lstrip("$").lower()
            name = GPR_NAMES[int(name[1:])] if re.fullmatch(r"r\d+", name) and int(name[1:]) < len(GPR_NAMES) else name
            name = "s0" if name == "fp" else name
            if name not in regs and name not in _SPECIAL:
                raise DebugError(f"invalid register {word!r} (expected an ABI name such as a0 or sp, rN, pc or tpc)")
            names.append(name)
    context = c.dbg.expr_context()
    values = {name: (regs[name] if name in regs else context.register(name)) & MASK64 for name in names}
    label = symbol_label(_containing(c.dbg))
    lines = [_register_row(name, values[name], label) for name in names]
    return CommandResult("", True, "\n".join(lines),
                         extra={"registers": [{"name": n, "value": values[n]} for n in names]})


def _containing(dbg: Debugger) -> Callable[[int], tuple[str, int] | None]:
    """The symbol an address is in, as ``<sym+off>`` labels name it: only inside the
    program's allocated sections (as ``info symbol``), so that print/a 0xffffffffffffffff
    is not "<edge+18446744073709473797>" (the last symbol below it, 2^64 bytes away)."""
    known = getattr(getattr(getattr(dbg, "loaded", None), "program", None), "sections", None) is not None

    def containing(address: int) -> tuple[str, int] | None:
        if known and _section_of(dbg, address) is None:
            return None
        return dbg.symbols.containing(address)

    return containing


def _section_of(dbg: Debugger, address: int) -> str | None:
    loaded = getattr(dbg, "loaded", None)
    program = getattr(loaded, "program", None)
    for section in getattr(program, "sections", ()):
        if section.alloc and section.size and section.addr <= address < section.addr + section.size:
            return section.name
    return None


@command("info symbol", "info symbol ADDR", "the symbol ADDR is in, as gdb says it (copy + 16 in section .text)",
         arguments=("location",))
def _info_symbol(c: Commands, args: list[str], raw: str) -> CommandResult:
    words = raw.split(None, 1)
    expression = words[1].strip() if len(words) > 1 else ""
    if not expression:
        raise DebugError("usage: info symbol ADDR")
    address = c.dbg.evaluate(gdb_expression(expression)) & MASK64
    hit = c.dbg.symbols.containing(address)
    section = _section_of(c.dbg, address)
    if hit is None or (section is None and getattr(c.dbg, "loaded", None) is not None
                       and getattr(c.dbg.loaded, "program", None) is not None):
        return CommandResult("", True, f"No symbol matches {expression}.", extra={"symbol": None})
    name, offset = hit
    text = name + (f" + {offset}" if offset else "") + (f" in section {section}" if section else "")
    return CommandResult("", True, text, extra={"symbol": {"name": name, "offset": offset, "section": section}})
