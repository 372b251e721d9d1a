"""Source lines of the loaded program: address -> (file, line, text) and back.

Clients (the DAP server's stack frames, breakpoints on lines and stepping by line; the
TUI's disassembly, which can show the source line beside each instruction) ask here
instead of reading DWARF themselves.  The table comes from the program's
``.debug_line`` (``ptodbg asm`` and the in-memory assembly of a ``.s`` program write
one); a program without it has no :class:`SourceLines` and is debugged by address.

File names are compared as the operating system resolves them (``realpath``), so a
client may name a source by any path that leads to the same file.

Source files are named by the program (its line table) or by a client (a DAP ``source``
request), so they are read like every other user file (:func:`read_source`: the bounded
reader of :mod:`ptodbg.base.userfile`): a FIFO, a device or a huge file is refused at once,
never opened or read whole.
"""

from __future__ import annotations

import os
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ptodbg.debug.engine.debugger import Debugger
    from ptodbg.isa.dwarf_lines import LineTable

from ptodbg.base.userfile import UserFileError as SourceFileError
from ptodbg.base.userfile import read_bytes

MAX_SOURCE_BYTES = 16 << 20  # a source file larger than this is not read for its text
_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@dataclass(frozen=True, slots=True)
class SourceLine:
    """Where an address comes from: ``path`` (as recorded, normalised), 1-based ``line``,
    the line's ``text`` ("" when the file cannot be read), and the address range of
    the row of the table that holds the address."""

    path: str
    line: int
    text: str
    start: int
    end: int


def _key(path: str) -> str:
    """How the operating system resolves ``path``; a name it cannot take (a NUL byte, a
    lone surrogate: a client's or a line table's) stays as it is, matching no real file."""
    try:
        return os.path.normcase(os.path.realpath(path))
    except (ValueError, OSError):  # UnicodeEncodeError is a ValueError
        return "\0" + path


class SourceLines:
    """Lookups over one program's line table (immutable; safe to share between threads)."""

    def __init__(self, table: LineTable) -> None:
        self.table = table
        self._by_key = {_key(p): p for p in table.files}
        self._texts: dict[str, list[str] | None] = {}

    @property
    def files(self) -> list[str]:
        return self.table.files

    def path_of(self, path: str) -> str | None:
        """The table's name for the file ``path`` names (None: no code from that file)."""
        if path in self._by_key.values():
            return path
        found = self._by_key.get(_key(path))
        if found is not None:
            return found
        base = os.path.basename(path)
        same = [p for p in self.table.files if os.path.basename(p) == base]
        return same[0] if len(same) == 1 and not os.path.exists(path) else None

    def at(self, address: int) -> SourceLine | None:
        """The source line whose code holds ``address``."""
        row = self.table.row_at(address)
        if row is None:
            return None
        return SourceLine(row.path, row.line, self.text(row.path, row.line), row.address, row.end)

    def is_line_start(self, address: int) -> bool:
        return self.table.is_line_start(address)

    def lines(self, path: str) -> list[int]:
        """Lines of ``path`` with code (ascending)."""
        name = self.path_of(path)
        return self.table.lines(name) if name is not None else []

    def resolve(self, path: str, line: int) -> tuple[int, list[int]] | None:
        """A breakpoint on ``line`` of ``path``: the first line at or after it that has
        code, and the addresses where that line's code begins; None when there is none."""
        name = self.path_of(path)
        if name is None:
            return None
        for candidate in self.table.lines(name):
            if candidate >= line:
                return candidate, self.table.addresses(name, candidate)
        return None

    def line_count(self, path: str) -> int | None:
        """How many lines ``path`` has (None when it cannot be read)."""
        if path not in self._texts:
            self._texts[path] = _read_lines(path)
        lines = self._texts[path]
        return None if lines is None else len(lines)

    def text(self, path: str, line: int) -> str:
        """The text of ``line`` (1-based) of ``path``, without its line end."""
        if path not in self._texts:
            self._texts[path] = _read_lines(path)
        lines = self._texts[path]
        if lines is None or not 1 <= line <= len(lines):
            return ""
        return lines[line - 1]


def read_source(path: str) -> str:
    """The text of the source file ``path`` (a regular file of at most MAX_SOURCE_BYTES;
    bytes that are not UTF-8 are replaced); raises :class:`SourceFileError`, one line
    naming the file and the reason."""
    return read_bytes(path, "source file", MAX_SOURCE_BYTES).decode("utf-8", "replace")


def _read_lines(path: str) -> list[str] | None:
    try:
        return read_source(path).splitlines()
    except SourceFileError:
        return None


def source_lines(dbg: Debugger) -> SourceLines | None:
    """The source lines of the debugger's program (None without line information)."""
    if dbg in _CACHE:
        return _CACHE[dbg]
    loaded = dbg.loaded
    table = loaded.line_table()[0] if loaded is not None else None
    found = SourceLines(table) if table is not None else None
    _CACHE[dbg] = found
    return found


def line_table_problem(dbg: Debugger) -> str | None:
    """Why the program's line information could not be read (None: read, or absent)."""
    loaded = dbg.loaded
    return loaded.line_table()[1] if loaded is not None else None


def source_line_at(dbg: Debugger, address: int) -> SourceLine | None:
    """address -> (file, line, text): what a disassembly shows beside an instruction."""
    lines = source_lines(dbg)
    return lines.at(address) if lines is not None else None
