"""The command language itself: splitting a line into words, the command table
(:class:`CommandSpec`: each command's facts) and :class:`Commands`, which runs a line.

The commands register into the table from the modules of this package, one module per
kind of command (see ``__init__``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ptodbg.debug.commands import completion
from ptodbg.debug.commands.completion import PREFIX_ALIASES, SUBCOMMAND_WORDS, TWO_WORD_PREFIXES
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.expr import ExprError
from ptodbg.debug.engine.stops import Stop
from ptodbg.debug.view.jsonstate import state

if TYPE_CHECKING:
    from ptodbg.debug.engine.debugger import Debugger
    from ptodbg.debug.view.capture import View




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

    def as_json(self, view: View | None) -> dict:
        """The batch JSON line of this result (DESIGN.md §5); ``view`` is the stop it left
        the machine at (needed when it succeeded: its ``state``)."""
        if not self.ok:
            return {"command": self.command, "ok": False, "error": self.error}
        assert view is not None, "a successful command's line holds the state of its stop"
        out = {"command": self.command, "ok": True, "state": state(view)}
        if self.message:
            out["message"] = self.message
        out.update(self.extra)
        return out


# How a command's arguments complete (see :mod:`ptodbg.debug.commands.completion`): each word
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
# Called with each new Commands (see :func:`on_init`).
_ON_INIT: list[Callable[[Commands], None]] = []
# Called after every successful command that moved the machine (see :func:`after_move`).
_AFTER_MOVE: list[Callable[[Commands, CommandResult], None]] = []


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


def on_init(hook: Callable[[Commands], None]):
    """Register ``hook(commands)`` to run when a :class:`Commands` is made: how a module of
    the language installs what the engine reads from it (the value history's names)."""
    _ON_INIT.append(hook)
    return hook


def after_move(hook: Callable[[Commands, CommandResult], None]):
    """Register ``hook(commands, result)`` to run after every successful command that
    moved the machine: how gdb's displays reach every stop (:mod:`.inspect`)."""
    _AFTER_MOVE.append(hook)
    return hook


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
        self.current = ""  # the command being run (a handler shared by several commands reads it)
        self.collector = None  # the open ``commands N`` list (see .scripts), taking the lines
        self.running_lists = False  # breakpoint command lists are running (see .scripts)
        self.by_name: dict[str, CommandSpec] = {}
        for spec in _SPECS:
            self.by_name[spec.name] = spec
            for alias in spec.aliases:
                self.by_name[alias] = spec
        for hook in _ON_INIT:
            hook(self)

    @staticmethod
    def specs() -> list[CommandSpec]:
        return list(_SPECS)

    def execute(self, line: str) -> CommandResult:
        text = line.strip()
        if self.collector is not None:  # the lines of ``commands N`` until ``end``
            try:
                result = self.collector.take(self, text)
            except DebugError as e:
                return CommandResult(text, False, error=f"commands: {e}")
            result.command = text
            return result
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
        self.current = spec.name
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
            for hook in _AFTER_MOVE:
                hook(self, result)
        return result

    def complete(self, line: str, limit: int = 50) -> list[str]:
        """The whole lines a partial line can complete to (:mod:`~ptodbg.debug.commands.completion`)."""
        return completion.complete(self, line, limit)

    def spec_for(self, line: str) -> CommandSpec | None:
        """The command a line would run (None when there is none), without running it:
        two-word commands (``info tiles``, ``set mem``, ``watch tile``) and a gdb ``/FMT``
        suffix are understood."""
        word, _, rest = command_word(line)
        return self._lookup(word, rest)

    def _lookup(self, word: str, rest: str) -> CommandSpec | None:
        word = PREFIX_ALIASES.get(word, word)
        if word in SUBCOMMAND_WORDS:
            sub = rest.split()[0].lower() if rest.split() else ""
            return self.by_name.get(f"{word} {sub}") or self.by_name.get(word)
        words = rest.split()
        if words and word in TWO_WORD_PREFIXES:  # set mem, set tile, watch tile, last tile
            spec = self.by_name.get(f"{word} {words[0].lower().partition('/')[0]}")  # (set tile/x: a format)
            if spec is not None:
                return spec
        return self.by_name.get(word)

    # -------------------------------------------------------------- helpers
    def num(self, text: str) -> int:
        return self.dbg.evaluate(text)

    def moved(self, stop: Stop) -> CommandResult:
        return CommandResult("", True, message=stop.message, stop=stop, moved=True)


def count_arg(c: Commands, args: list[str], default: int | None = 1) -> int | None:
    """The optional count of step, continue, reverse-step and bt: at least 1."""
    if not args:
        return default
    if len(args) > 1:
        raise DebugError(f"expected one count, got {' '.join(args)!r}")
    count = c.num(args[0])
    if count < 1:
        raise DebugError(f"the count must be at least 1, not {count}")
    return count



MAX_LOCATION = 4096  # characters of a LOC (a demangled C++ signature can be long, not this long)


def location_arg(text: str) -> str:
    """A LOC as typed, refused when longer than any name could be: its errors quote it, and
    a 10,000-character name made a 10 kB error line."""
    if len(text) > MAX_LOCATION:
        raise DebugError(f"a location of {len(text)} characters is too long (at most {MAX_LOCATION})")
    return text


def split_condition(raw: str) -> tuple[str, str | None]:
    """``LOC if EXPR`` -> (LOC, EXPR); (raw, None) without ``if``.  An ``if`` with nothing
    after it is an error, not a silent unconditional stop."""
    words = raw.split()
    if "if" in words:
        i = words.index("if")
        condition = " ".join(words[i + 1 :])
        if not condition:
            raise DebugError("a condition is needed after 'if'")
        return " ".join(words[:i]), condition
    return raw, None
