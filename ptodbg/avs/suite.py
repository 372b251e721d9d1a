"""Finding AVS programs, running one, and the validator library they share.

An AVS program is one ``.asl`` file whose ``// PTO-TEST: {json}`` header line names the
point (``id``, ``kind`` ...) and whose ``main()`` returns 0 when every assertion holds
(``../shared/pto/avs/README.md``).  About 890 programs call generated ``Validate*``
functions kept in ``validators.asl.gz`` next to the ``asl/`` folder; that 36 MB file is
read and indexed once per process (where each function starts), and a function is parsed
when a program calls it (see :class:`Library`).

Programs are user files: each is read through the bounded reader (:mod:`ptodbg.base.userfile`:
a regular file of at most MAX_PROGRAM_BYTES, so a FIFO, a device or a huge sparse file is
refused without being read) and runs within the bounds of :mod:`ptodbg.avs.limits`.
Whatever a program holds, its point is one line: ``pass``, ``fail`` with the reason, or
``unsupported`` — never a traceback; a validators file that cannot be read fails the
points that call into it, saying why.
"""

from __future__ import annotations

import gzip
import json
import re
import zlib
from array import array
from bisect import bisect_right
from pathlib import Path
from typing import NamedTuple

from ptodbg.avs import syntax
from ptodbg.avs.harness import Harness, make_context
from ptodbg.avs.lexer import strip_block_comments
from ptodbg.avs.limits import MAX_LIBRARY_BYTES, MAX_PROGRAM_BYTES, MAX_SECONDS
from ptodbg.avs.parser import Parser, parse_function
from ptodbg.avs.reasons import classify
from ptodbg.avs.values import AslError, AssertionFailed, ParseError, Unsupported, show
from ptodbg.base import userfile

WHAT = "AVS program"  # how the bounded reader's messages name a program file

VALIDATORS = "validators.asl.gz"
HEADER = "// PTO-TEST:"
PASS, FAIL, UNSUPPORTED = "pass", "fail", "unsupported"


class Result(NamedTuple):
    """One point's outcome (docs/interfaces.md §11); its JSON object has these fields, in order."""

    id: str
    kind: str
    file: str
    status: str  # "pass" | "fail" | "unsupported"
    detail: str

    def as_json(self) -> dict:
        return self._asdict()


class Library:
    """The generated ``Validate*`` functions: indexed once, each parsed when called.

    The 36 MB text is kept as one string with an index of where each function's lines
    are; a function is parsed for each program that calls it (almost every validator has
    one caller) and its one-line statements come from the parser's shared memo, so only
    the memo and the closures of its statements stay between programs."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.name = path.name
        self.problem: str | None = None  # why the file cannot serve: every look-up says so
        self.text = ""
        try:
            with gzip.open(path, "rb") as f:
                data = f.read(MAX_LIBRARY_BYTES + 1)
            if len(data) > MAX_LIBRARY_BYTES:
                raise ValueError(f"more than {MAX_LIBRARY_BYTES >> 20} MiB once decompressed")
            self.text = strip_block_comments(data.decode("utf-8"), self.name)
        except (OSError, EOFError, ValueError, zlib.error, AslError) as e:  # ValueError: also not UTF-8
            reason = userfile.reason(e) if isinstance(e, OSError) and e.errno else str(e) or "unreadable"
            self.problem = f"{self.name}: cannot be read ({' '.join(reason.split())[:200]})"
        # offsets[i] is where line i + 1 starts
        self.offsets = array("q", [0])
        self.offsets.extend(m.end() for m in re.finditer("\n", self.text))
        self.index: dict[str, tuple[int, int]] = {}
        for m in re.finditer(r"^func (\w+)", self.text, re.M):
            end = self.text.find("\nend;", m.start())
            if end >= 0:
                self.index[m.group(1)] = (m.start(), end + len("\nend;"))

    def __call__(self, name: str) -> syntax.Function | None:
        if self.problem is not None and name.startswith("Validate"):
            raise AslError(self.problem)
        span = self.index.get(name)
        if span is None:
            return None
        start, end = span
        first_line = bisect_right(self.offsets, start)
        return parse_function(self.text[start:end].split("\n"), self.name, first_line)

    def source_line(self, line: int) -> str:
        if not 0 < line < len(self.offsets):
            return ""
        end = self.offsets[line] - 1 if line < len(self.offsets) - 1 else len(self.text)
        return self.text[self.offsets[line - 1]:end].strip()


_libraries: dict[Path, Library | None] = {}


def library_for(program: Path) -> Library | None:
    """The validators file of the AVS tree a program lives in (searched upwards)."""
    for folder in program.resolve().parents:
        if folder in _libraries:
            return _libraries[folder]
        candidate = folder / VALIDATORS
        if candidate.is_file():
            lib = Library(candidate)
            _libraries[folder] = lib
            return lib
    return None


def catalog_for(program: Path) -> Path | None:
    """The official catalogs beside the AVS tree (``pto/avs`` -> ``pto/catalog``)."""
    for folder in program.resolve().parents:
        candidate = folder / "catalog" / "scalar-forms.json"
        if candidate.is_file():
            return candidate.parent
    return None


def find_programs(paths: list[Path]) -> list[Path]:
    """Every ``.asl`` program under the given files and folders, in a stable order.  An
    entry that is not a folder is listed whatever it is (a FIFO, a device, a dangling
    link): reading it then fails its point, saying why, instead of hiding it."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*.asl") if not p.is_dir()))
        else:
            out.append(path)
    return out


def read_header(text: str) -> dict:
    """The JSON object of the ``// PTO-TEST:`` line among the first five; an empty one when
    there is none or it is not a usable JSON object (see :func:`header_problem`)."""
    return _header(text)[0]


def header_problem(text: str) -> str | None:
    """Why the ``// PTO-TEST:`` line is not a usable JSON object; None when it is, or
    when there is no such line (the point is then named by its file)."""
    return _header(text)[1]


def _header(text: str) -> tuple[dict, str | None]:
    for line in text.split("\n", 5)[:5]:
        if line.startswith(HEADER):
            try:
                header = json.loads(line[len(HEADER):])
            except json.JSONDecodeError as e:
                return {}, f"not JSON ({e.msg} at column {e.colno + len(HEADER)})"
            except RecursionError:
                return {}, "not usable JSON (nested too deeply)"
            except ValueError:  # a number of more than 4,300 digits
                return {}, "not usable JSON (a number too long)"
            if not isinstance(header, dict):
                return {}, f"a JSON {type(header).__name__}, not an object"
            return header, None
    return {}, None


def _source_line(where: str | None, text_lines: list[str], program: str, library: Library | None) -> str:
    if not where:
        return ""
    file, _, line = where.rpartition(":")
    if not line.isdigit():
        return ""
    n = int(line)
    if file == program and 0 < n <= len(text_lines):
        return text_lines[n - 1].strip()
    if library is not None and file == library.name:
        return library.source_line(n)
    return ""


def _unsupported(e: Unsupported) -> str:
    return f"{classify(e.construct)}: {e}"


def read_program(path: Path) -> str:
    """The text of a program file (the bounded reader); raises userfile.UserFileError."""
    return userfile.read_text(path, WHAT, MAX_PROGRAM_BYTES)


def _point_name(header: dict, key: str, default: str) -> str:
    """A header field as the report shows it: one line, of a sensible length."""
    value = header.get(key)
    text = default if value is None or value == "" else value if isinstance(value, str) else json.dumps(value)
    return " ".join(text.split())[:200] or default


def run_program(path: Path, display: str | None = None, catalog: Path | None = None,
                library: Library | None = None) -> Result:
    """Run one AVS program against a fresh reference-profile machine."""
    name = display or str(path)
    try:
        text = read_program(path)
    except userfile.UserFileError as e:
        return Result(path.stem, "", name, FAIL, f"cannot read: {e}")
    if library is None:
        library = library_for(path)
    return run_text(text, name, path.stem, catalog=catalog if catalog is not None else catalog_for(path),
                    library=library)


def run_text(text: str, name: str, stem: str = "", catalog: Path | None = None,
             library: Library | None = None, seconds: float = MAX_SECONDS) -> Result:
    """Run the AVS program ``text`` (shown as ``name``; its point is ``stem`` when its
    header names none) for at most ``seconds``."""
    header, problem = _header(text)
    point = _point_name(header, "id", stem or name)
    kind = _point_name(header, "kind", "")
    if problem is not None:
        return Result(point, kind, name, FAIL, f"the {HEADER[3:-1]} header line is {problem}")
    try:
        lines = strip_block_comments(text, name).split("\n")
        module = Parser(lines, name).module()
    except Unsupported as e:
        return Result(point, kind, name, UNSUPPORTED, _unsupported(e))
    except ParseError as e:
        return Result(point, kind, name, FAIL, f"parse error: {e}")
    except RecursionError:
        return Result(point, kind, name, FAIL, "parse error: expressions nested too deeply")
    if "main" not in module.functions:
        return Result(point, kind, name, FAIL, "no main() function")
    harness = Harness(catalog=catalog)
    try:
        ctx = make_context(harness, module, library)  # evaluates the program's globals
        ctx.limit_time(seconds)
        value = ctx.call("main", [], [])
    except AssertionFailed as e:
        src = _source_line(e.where, lines, name, library)
        return Result(point, kind, name, FAIL, f"{e}" + (f": {src}" if src else ""))
    except Unsupported as e:
        return Result(point, kind, name, UNSUPPORTED, _unsupported(e))
    except AslError as e:
        src = _source_line(e.where, lines, name, library)
        return Result(point, kind, name, FAIL, f"error: {e}" + (f": {src}" if src else ""))
    except RecursionError:
        return Result(point, kind, name, FAIL, "error: nested too deeply (ASL calls, blocks and expressions within "
                                               "one another)")
    except MemoryError:
        return Result(point, kind, name, FAIL, "error: the program needs more memory than there is")
    if value != 0 or type(value) is not int:
        return Result(point, kind, name, FAIL, f"main() returned {show(value)}")
    if ctx.skipped is not None:
        return Result(point, kind, name, UNSUPPORTED, f"{_unsupported(ctx.skipped)} (other assertions hold)")
    return Result(point, kind, name, PASS, "")


__all__ = ["FAIL", "PASS", "UNSUPPORTED", "WHAT", "Library", "Result", "find_programs", "read_program", "run_program",
           "run_text"]
