"""Code as gdb shows it: ``disassemble`` (``disas``), and for programs with a line table
(``.s`` sources, which ``ptodbg asm`` and the in-memory assembly give DWARF line
information) ``list``, ``info line`` and ``info source``.

``disassemble`` without an argument lists the function of the selected frame's pc, with
``LOC`` the function holding LOC, with ``START,END`` or ``START,+LEN`` that range; ``=>``
marks the pc, ``/r`` adds the raw bytes, ``/s`` (or ``/m``) the source line above the
instructions that come from it.  The rows come from the one instruction reader of the
engine (:func:`~ptodbg.debug.view.listing.row_at`, the one listing builder: mapped bytes
only, nothing changed), as ``x/i`` and the DAP ``disassemble`` request.  At most :data:`MAX_BYTES`
bytes are listed.

``list`` shows :data:`LIST_LINES` lines around the selected frame's line (or LOC's, or line
N of the current file: ``list 12``, ``list demo.s:12``); ``list`` again goes on after the
last line shown, ``list -`` shows the lines before the first.
"""

from __future__ import annotations

import os

from ptodbg.debug.commands.language import CommandResult, Commands, command, location_arg
from ptodbg.debug.commands.memformat import symbol_label
from ptodbg.debug.commands.stopdisplays import containing
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.lines import SourceLines, line_table_problem, source_lines
from ptodbg.debug.view.listing import row_at

MAX_BYTES = 0x10000  # bytes one disassemble lists
LIST_LINES = 10
MASK64 = (1 << 64) - 1


# ------------------------------------------------------------------ disassemble
def _function_extent(c: Commands, address: int) -> tuple[str, int, int]:
    """(name, start, end) of the function holding ``address``: its symbol's size, else up
    to the next symbol."""
    symbols = c.dbg.symbols
    hit = symbols.containing(address)
    if hit is None:
        raise DebugError(f"no function contains {address:#x} (disassemble START,END lists a range)")
    name, offset = hit
    start = address - offset
    size = symbols.sizes.get(name, 0)
    if not size:
        addresses = symbols.ordered()[0]
        later = [a for a in addresses if a > start]
        size = (later[0] - start) if later else 0x100
    return name, start, start + min(size, MAX_BYTES)


def _range(c: Commands, text: str) -> tuple[int, int]:
    """``START,END`` or ``START,+LEN`` -> [start, end)."""
    first, _, second = text.partition(",")
    start = c.dbg.resolve(location_arg(first.strip())) & MASK64
    second = second.strip()
    if not second:
        raise DebugError("usage: disassemble START,END  or  START,+LEN")
    end = start + c.num(second[1:]) if second.startswith("+") else c.dbg.resolve(second) & MASK64
    if end <= start:
        raise DebugError(f"the range {start:#x}..{end:#x} is empty")
    if end - start > MAX_BYTES:
        raise DebugError(f"at most {MAX_BYTES:#x} bytes at a time ({end - start:#x} asked)")
    return start, end


@command("disassemble", "disassemble [/r|/s] [LOC | START,END | START,+LEN]",
         "the instructions of the function holding LOC (default: the selected frame's pc), or of a range; "
         "=> marks pc; /r adds the bytes, /s the source lines", "disas", arguments=("location",))
def _disassemble(c: Commands, args: list[str], raw: str) -> CommandResult:
    modifiers = ""
    while raw.startswith("/"):
        word, _, raw = raw.partition(" ")
        modifiers += word[1:].lower()
        raw = raw.strip()
    unknown = set(modifiers) - set("rsm")
    if unknown:
        raise DebugError(f"unknown modifier /{''.join(sorted(unknown))} (/r bytes, /s or /m source lines)")
    pc = c.dbg.current_frame().pc
    if "," in raw:
        start, end = _range(c, raw)
        name = None
        head = f"Dump of assembler code from {start:#x} to {end:#x}:"
    else:
        address = c.dbg.resolve(location_arg(raw)) & MASK64 if raw else pc
        name, start, end = _function_extent(c, address)
        head = f"Dump of assembler code for function {c.dbg.symbols.pretty(name)}:"
    lines_of = source_lines(c.dbg) if set(modifiers) & set("sm") else None
    label = symbol_label(containing(c.dbg))
    rows, out = [head], []
    shown_line = None
    address = start
    code, decoder, symbols = c.dbg.code_memory(), c.dbg.decoder, c.dbg.symbols
    while address < end:
        row = row_at(code, decoder, symbols, address)
        if lines_of is not None:
            line = lines_of.at(address)
            if line is not None and (line.path, line.line) != shown_line:
                shown_line = (line.path, line.line)
                rows.append(f"{os.path.basename(line.path)}:{line.line}\t{line.text}")
        mark = "=> " if address == pc else "   "
        where = f"<+{address - start}>" if name is not None else label(address).strip()
        if not row.whole:
            rows.append(f"{mark}{address:#018x} {where}:\t(cannot access memory at {address:#x})")
            break
        data = "\t" + " ".join(f"{b:02x}" for b in row.data) if "r" in modifiers else ""
        rows.append(f"{mark}{address:#018x} {where}:{data}\t{row.text}")
        out.append({"address": address, "length": row.length, "bytes": row.data.hex(), "text": row.text})
        address += row.length
    rows.append("End of assembler dump.")
    return CommandResult("", True, "\n".join(rows), extra={"instructions": out, "text": rows})


# ------------------------------------------------------------------ lines
def _lines(c: Commands) -> SourceLines:
    found = source_lines(c.dbg)
    if found is None:
        problem = line_table_problem(c.dbg)
        raise DebugError(f"the program's line table could not be read: {problem}" if problem else
                         "the program has no line table (it is debugged by address: disassemble, x/i)")
    return found


def _line_spec(c: Commands, lines: SourceLines, text: str) -> tuple[str, int]:
    """``FILE:LINE``, ``LINE`` (of the current file) or a LOC -> (path, line)."""
    path, _, number = text.rpartition(":")
    if number.strip().isdigit() and (path or text.strip().isdigit()):
        line = int(number)
        if path:
            found = lines.path_of(path)
            if found is None:
                raise DebugError(f"no code comes from {path!r} (files: {', '.join(lines.files)})")
            return found, line
        return _current(c, lines)[0], line
    address = c.dbg.resolve(location_arg(text)) & MASK64
    at = lines.at(address)
    if at is None:
        raise DebugError(f"no line number information for {address:#x} ({c.dbg.symbolize(address)})")
    return at.path, at.line


def _current(c: Commands, lines: SourceLines) -> tuple[str, int]:
    """The selected frame's source line, else the first line of the first file."""
    at = lines.at(c.dbg.current_frame().pc)
    if at is not None:
        return at.path, at.line
    first = lines.files[0]
    code = lines.lines(first)
    return first, code[0] if code else 1


@command("list", "list [LOC | N | FILE:N | -]",
         f"{LIST_LINES} source lines around the selected frame's line (or LOC's, or line N); again: the next ones",
         "l", arguments=("location",))
def _list(c: Commands, args: list[str], raw: str) -> CommandResult:
    lines = _lines(c)
    state = c.dbg.settings.get("list")
    if raw == "-":
        if not isinstance(state, tuple):
            raise DebugError("nothing listed yet: list shows the lines around the selected frame")
        path, first = state[0], state[1]
        if first <= 1:
            raise DebugError(f"already at the start of {os.path.basename(path)}")
        end = first - 1
        start = max(1, end - LIST_LINES + 1)
    elif not raw and isinstance(state, tuple) and state[3:] == (c.dbg.position(),):
        path, _first, last = state[:3]
        start = last + 1
        end = start + LIST_LINES - 1
    else:
        path, line = _line_spec(c, lines, raw) if raw else _current(c, lines)
        start = max(1, line - LIST_LINES // 2)  # gdb centres the line: 5 before it, 4 after
        end = start + LIST_LINES - 1
    count = lines.line_count(path)
    if count is None:
        raise DebugError(f"cannot read {path}")
    if start > count:
        asked = raw.strip() if raw.strip().isdigit() else start
        raise DebugError(f"line number {asked} out of range; {os.path.basename(path)!r} has {count} lines")
    end = min(end, count)
    if start > end:
        raise DebugError(f"line number {start} out of range; {path!r} has {count} lines")
    rows = [f"{n}\t{lines.text(path, n)}" for n in range(start, end + 1)]
    c.dbg.settings["list"] = (path, start, end, c.dbg.position())
    return CommandResult("", True, "\n".join(rows), extra={"file": path, "first": start, "last": end})


@command("info line", "info line [LOC | N | FILE:N]",
         "where the code of a source line starts and ends (default: the selected frame's line)",
         arguments=("location",))
def _info_line(c: Commands, args: list[str], raw: str) -> CommandResult:
    lines = _lines(c)
    spec = raw.split(None, 1)[1].strip() if len(raw.split(None, 1)) > 1 else ""
    path, line = _line_spec(c, lines, spec) if spec else _current(c, lines)
    found = lines.resolve(path, line)
    name = os.path.basename(path)
    if found is None or found[0] != line:
        after = f"; the next line with code is {found[0]}" if found is not None else ""
        return CommandResult("", True, f'Line {line} of "{name}" is at no address (it has no code){after}.',
                             extra={"file": path, "line": line, "start": None, "end": None})
    start = min(found[1])
    row = lines.at(start)
    end = row.end if row is not None else start
    label = symbol_label(containing(c.dbg))
    return CommandResult("", True, f'Line {line} of "{name}" starts at address {start:#x}{label(start)} '
                                   f"and ends at {end:#x}{label(end)}.",
                         extra={"file": path, "line": line, "start": start, "end": end})


@command("info source", "info source", "the current source file: its name, lines and language")
def _info_source(c: Commands, args: list[str], raw: str) -> CommandResult:
    lines = _lines(c)
    path, line = _current(c, lines)
    count = lines.line_count(path)
    rows = [f"Current source file is {os.path.basename(path)}", f"Located in {path}",
            f"Contains {count} lines." if count is not None else "Its text cannot be read.",
            "Source language is asm.", f"Files with code: {', '.join(os.path.basename(f) for f in lines.files)}"]
    return CommandResult("", True, "\n".join(rows),
                         extra={"file": path, "line": line, "lines": count, "files": list(lines.files)})
