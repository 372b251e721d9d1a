"""Reading a program's DWARF line table (``.debug_line``) with pyelftools.

The loader calls :func:`read_line_table` on the sections of a program; the debugger maps
an address to its source line (stack frames, the disassembly) and a source line to the
addresses where its code begins (breakpoints on lines, stepping by line).  Any DWARF
version pyelftools reads works (``ptodbg asm`` writes version 4, see
:mod:`ptodbg.isa.dwarf_lines_out`; LLVM writes 5).  A program without ``.debug_info`` +
``.debug_line`` has no table and is debugged by address; a table that cannot be read
raises :class:`LineTableError` with one sentence, and the caller goes on by address.
"""

from __future__ import annotations

import bisect
import inspect
import io
import os
from collections.abc import Mapping
from dataclasses import dataclass, field

MAX_ROWS = 4_000_000  # more rows than any real program: a bound for hostile input


class LineTableError(ValueError):
    """The line information is present but cannot be read."""


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the table: [address, end) is code of ``line`` in ``path``."""

    address: int
    end: int
    path: str  # normalised absolute (or as-recorded) file name
    line: int
    is_stmt: bool


@dataclass
class LineTable:
    """Rows sorted by address, and the reverse index (path, line) -> row starts."""

    rows: list[Row]
    _starts: list[int] = field(default_factory=list, repr=False)
    _by_line: dict[tuple[str, int], list[int]] = field(default_factory=dict, repr=False)
    _lines: dict[str, list[int]] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.rows.sort(key=lambda r: r.address)
        self._starts = [r.address for r in self.rows]
        previous: Row | None = None
        for row in self.rows:
            # A line's code begins where a statement row follows a row of another line
            # (or a gap): that is where a breakpoint on the line goes.
            new = (previous is None or previous.end != row.address or previous.line != row.line
                   or previous.path != row.path)
            if row.is_stmt and new:
                self._by_line.setdefault((row.path, row.line), []).append(row.address)
            previous = row
        for path, line in self._by_line:
            self._lines.setdefault(path, []).append(line)
        for lines in self._lines.values():
            lines.sort()

    @property
    def files(self) -> list[str]:
        return sorted(self._lines)

    def row_at(self, address: int) -> Row | None:
        """The row whose range holds ``address``."""
        i = bisect.bisect_right(self._starts, address) - 1
        if i >= 0 and address < self.rows[i].end:
            return self.rows[i]
        return None

    def is_line_start(self, address: int) -> bool:
        """Whether ``address`` is where the code of a source line begins."""
        row = self.row_at(address)
        return row is not None and address in self._by_line.get((row.path, row.line), ())

    def addresses(self, path: str, line: int) -> list[int]:
        """Where the code of ``line`` begins (one address per run of its rows)."""
        return list(self._by_line.get((path, line), ()))

    def lines(self, path: str) -> list[int]:
        """The lines of ``path`` that have code, ascending."""
        return list(self._lines.get(path, ()))


def _descriptor_args(sections: Mapping[str, bytes]) -> dict:
    """Keyword arguments for pyelftools' DWARFInfo (its section list grows over
    releases, so every parameter it names that we do not have is None)."""
    from elftools.dwarf.dwarfinfo import DebugSectionDescriptor, DwarfConfig, DWARFInfo

    args: dict = {}
    for name in inspect.signature(DWARFInfo.__init__).parameters:
        if name.endswith("_sec"):
            section = "." + name[: -len("_sec")]
            data = sections.get(section)
            args[name] = (None if data is None else
                          DebugSectionDescriptor(io.BytesIO(data), section, None, len(data), 0))
    args["config"] = DwarfConfig(little_endian=True, machine_arch="LinxISA", default_address_size=8)
    return args


def _text(value: object) -> str:
    if isinstance(value, bytes):
        return value.decode("utf-8", "surrogateescape")
    return str(value)


def _file_names(program, comp_dir: str) -> dict[int, str]:
    """File index -> path for one line program (DWARF 4: 1-based, directory 0 is the
    compilation directory; DWARF 5: 0-based with the directories listed from 0)."""
    header = program.header
    version = header["version"]
    directories = [_text(d) for d in header.get("include_directory", [])]
    names: dict[int, str] = {}
    for k, entry in enumerate(header.get("file_entry", [])):
        name = _text(entry.name)
        d = entry.dir_index
        if version >= 5:
            directory = directories[d] if d < len(directories) else comp_dir
            index = k
        else:
            directory = comp_dir if d == 0 else (directories[d - 1] if d - 1 < len(directories) else "")
            index = k + 1
        path = name if os.path.isabs(name) else os.path.join(comp_dir, directory, name)
        names[index] = os.path.normpath(path)
    return names


def read_line_table(sections: Mapping[str, bytes]) -> LineTable | None:
    """The line table of a program whose sections are ``sections`` (name -> bytes);
    None when it has no ``.debug_info``/``.debug_line``."""
    if ".debug_line" not in sections or ".debug_info" not in sections:
        return None
    from elftools.dwarf.dwarfinfo import DWARFInfo

    rows: list[Row] = []
    try:
        info = DWARFInfo(**_descriptor_args(sections))
        for cu in info.iter_CUs():
            top = cu.get_top_DIE()
            comp = top.attributes.get("DW_AT_comp_dir")
            comp_dir = _text(comp.value) if comp is not None else ""
            program = info.line_program_for_CU(cu)
            if program is None:
                continue
            names = _file_names(program, comp_dir)
            pending = None  # (address, file, line, is_stmt) of the row not yet closed
            for entry in program.get_entries():
                state = entry.state
                if state is None:
                    continue
                if pending is not None and state.address >= pending[0]:
                    rows.append(Row(pending[0], state.address, names.get(pending[1], f"<file {pending[1]}>"),
                                    pending[2], pending[3]))
                pending = None if state.end_sequence else (state.address, state.file, state.line, bool(state.is_stmt))
                if len(rows) > MAX_ROWS:
                    raise LineTableError(f"more than {MAX_ROWS} line rows")
    except LineTableError:
        raise
    except Exception as e:  # noqa: BLE001 - pyelftools raises many types on corrupt DWARF
        raise LineTableError(f"unreadable DWARF line information ({type(e).__name__}: {str(e)[:120]})") from None
    rows = [r for r in rows if r.end > r.address]
    return LineTable(rows) if rows else None
