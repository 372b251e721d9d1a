"""Completion of command lines, from the facts each command declares.

Every client with a line editor (the TUI command line today, a DAP ``completions``
request tomorrow) asks :func:`complete` for the lines a partial line can become.  The
answers come from the command table (:class:`~ptodbg.debug.commands.CommandSpec`:
names, aliases and the kind of each argument) and from the debugger's state (symbols,
breakpoint numbers, session files), never from a list a client keeps of its own, so a
new command completes the day it is registered.

Work is bounded whatever the line: symbols are searched by bisection in a sorted list
made once per symbol table (:meth:`~ptodbg.debug.engine.symbols.Symbols.sorted_names`), directory listings stop after :data:`MAX_FILES` entries, and
at most ``limit`` candidates are returned.
"""

from __future__ import annotations

import bisect
import os
import re
from typing import TYPE_CHECKING

from ptodbg.isa.registers import GPR_NAMES

if TYPE_CHECKING:
    from ptodbg.debug.commands import Commands, CommandSpec

REGISTER_WORDS = (*GPR_NAMES, "pc")
PREFIX_ALIASES = {"i": "info"}  # gdb's ``i r``, ``i b``: a first word standing for another
SUBCOMMAND_WORDS = ("info", "show")  # words whose second word names the command
TWO_WORD_PREFIXES = ("set", "watch", "last")  # ... when it is a subcommand (set mem, watch tile)
PERMISSIONS = ("---", "r--", "rw-", "r-x", "rwx", "-w-", "--x", "-wx")
WATCH_MODES = ("r", "w", "rw")
# Literal words some commands take in their "word" positions.
KEYWORDS = {"break": ("if",), "tbreak": ("if",), "inject": ("at", "once"), "watch": ("if",), "rwatch": ("if",),
            "awatch": ("if",), "bt": ("full",)}
MAX_FILES = 2000  # entries read from one directory while completing a path
_IDENTIFIER_TAIL = re.compile(r"[A-Za-z_.$][A-Za-z0-9_.$]*$")


def complete(commands: Commands, line: str, limit: int = 50) -> list[str]:
    """The whole lines ``line`` can complete to (sorted, at most ``limit``); empty when
    nothing fits or the argument is free-form (a count, a step, bytes)."""
    head = line.lstrip()
    if " " not in head:
        return _command_names(commands, head, limit)
    typed = head.split(" ", 1)[0]
    word = typed.lower()
    alias = PREFIX_ALIASES.get(word)
    if alias is not None:  # gdb's ``i r``: complete as ``info r``, keep what was typed
        found = complete(commands, alias + head[len(typed):], limit)
        return [typed + candidate[len(alias):] for candidate in found]
    if word in (*TWO_WORD_PREFIXES, *SUBCOMMAND_WORDS) and head.count(" ") == 1 and not head.endswith("  "):
        sub = _subcommands(commands, head, limit)
        if sub:
            return sub
    spec = commands.spec_for(head)
    if spec is None:
        return []
    prefix, partial = _split_partial(head)
    done = len(prefix.split()) - len(spec.name.split())
    if spec.name == "help":
        return [prefix + name for name in _command_names(commands, partial, limit)]
    if done < 0 or not spec.arguments:
        return []
    kind = spec.arguments[min(done, len(spec.arguments) - 1)]
    return [prefix + c for c in _argument(commands, spec, kind, partial, limit)]


def _split_partial(line: str) -> tuple[str, str]:
    """(everything up to the word being typed, that word)."""
    cut = line.rfind(" ") + 1
    return line[:cut], line[cut:]


def _command_names(commands: Commands, partial: str, limit: int) -> list[str]:
    """Command names and aliases (one word each) starting with ``partial``."""
    words = {name.split()[0] for name in commands.by_name}
    low = partial.lower()
    return sorted(w for w in words if w.startswith(low))[:limit]


def _subcommands(commands: Commands, line: str, limit: int) -> list[str]:
    """``info b...``, ``set m...``, ``watch t...``: the second word of two-word commands."""
    low = line.lower()
    canonical = {spec.name for spec in commands.by_name.values()}
    names = {name for name in canonical if " " in name and name.startswith(low)}
    if not names:  # only an alias fits ("info b" -> "info break")
        names = {name for name in commands.by_name if " " in name and name.startswith(low)}
    return sorted(names)[:limit]


def _argument(commands: Commands, spec: CommandSpec, kind: str, partial: str, limit: int) -> list[str]:
    if kind == "register":
        return [r for r in REGISTER_WORDS if r.startswith(partial.lower())][:limit]
    if kind == "perms":
        return [p for p in PERMISSIONS if p.startswith(partial)][:limit]
    if kind == "watch-mode":
        return [m for m in WATCH_MODES if m.startswith(partial.lower())][:limit]
    if kind == "word":
        return [w for w in KEYWORDS.get(spec.name, ()) if w.startswith(partial.lower())][:limit]
    if kind == "breakpoint":
        idents = sorted({str(b["id"]) for b in commands.dbg.info_breakpoints()}, key=int)
        return [i for i in idents if i.startswith(partial)][:limit]
    if kind == "location":
        return _symbols(commands, partial, limit)
    if kind == "expression":
        return _expression(commands, partial, limit)
    if kind == "file":
        return _paths(partial, limit)
    return []  # count, step, bytes: nothing to offer


def _symbols(commands: Commands, partial: str, limit: int) -> list[str]:
    """Symbol names starting with ``partial``, found by bisection in the symbols' sorted
    name list."""
    names = commands.dbg.symbols.sorted_names()
    start = bisect.bisect_left(names, partial)
    out: list[str] = []
    for name in names[start:]:
        if not name.startswith(partial) or len(out) >= limit:
            break
        out.append(name)
    return out


def _expression(commands: Commands, partial: str, limit: int) -> list[str]:
    """Complete the identifier at the end of an expression (``sp+co`` -> ``sp+copy``):
    registers (also as ``$name``) and symbols."""
    tail = _IDENTIFIER_TAIL.search(partial)
    if tail is None:
        return []
    stem, ident = partial[: tail.start()], tail.group()
    if ident.startswith("$"):
        names = [f"${r}" for r in REGISTER_WORDS if r.startswith(ident[1:].lower())]
    else:
        names = [r for r in REGISTER_WORDS if r.startswith(ident.lower())]
        names += _symbols(commands, ident, limit)
    return [stem + n for n in names[:limit]]


def _paths(partial: str, limit: int) -> list[str]:
    """Files and directories (with a trailing /) that start with ``partial``."""
    folder, _, stem = partial.rpartition("/")
    where = os.path.expanduser(folder) if folder else "."
    if partial.startswith("/") and not folder:
        where = "/"
    out: list[str] = []
    try:
        with os.scandir(where) as entries:
            for count, entry in enumerate(entries):
                if count >= MAX_FILES:
                    break
                if entry.name.startswith(stem) and not entry.name.startswith("."):
                    slash = "/" if entry.is_dir() else ""
                    out.append((f"{folder}/" if folder or partial.startswith("/") else "") + entry.name + slash)
    except OSError:
        return []
    return sorted(out)[:limit]


def common_prefix(candidates: list[str]) -> str:
    """What every candidate starts with (readline's partial completion on tab)."""
    return os.path.commonprefix(candidates) if candidates else ""
