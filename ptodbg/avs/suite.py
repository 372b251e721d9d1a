"""Finding AVS programs, running one, and the validator library they share.

An AVS program is one ``.asl`` file whose ``// PTO-TEST: {json}`` header line names the
point (``id``, ``kind`` ...) and whose ``main()`` returns 0 when every assertion holds
(``../shared/pto/avs/README.md``).  About 890 programs call generated ``Validate*``
functions kept in ``validators.asl.gz`` next to the ``asl/`` folder; that 36 MB file is
read and indexed once per process (where each function starts), and a function is parsed
when a program calls it (see :class:`Library`).
"""

from __future__ import annotations

import gzip
import json
import re
from array import array
from bisect import bisect_right
from pathlib import Path
from typing import NamedTuple

from ptodbg.avs import syntax
from ptodbg.avs.harness import Harness, make_context
from ptodbg.avs.lexer import strip_block_comments
from ptodbg.avs.parser import Parser, parse_function
from ptodbg.avs.reasons import classify
from ptodbg.avs.values import AslError, AssertionFailed, ParseError, Unsupported

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
        with gzip.open(path, "rt", encoding="utf-8") as f:
            self.text = strip_block_comments(f.read())
        # offsets[i] is where line i + 1 starts
        self.offsets = array("q", [0])
        self.offsets.extend(m.end() for m in re.finditer("\n", self.text))
        self.index: dict[str, tuple[int, int]] = {}
        for m in re.finditer(r"^func (\w+)", self.text, re.M):
            end = self.text.find("\nend;", m.start())
            if end >= 0:
                self.index[m.group(1)] = (m.start(), end + len("\nend;"))

    def __call__(self, name: str) -> syntax.Function | None:
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
    """Every ``.asl`` program under the given files and folders, in a stable order."""
    out: list[Path] = []
    for path in paths:
        if path.is_dir():
            out.extend(sorted(p for p in path.rglob("*.asl") if p.is_file()))
        else:
            out.append(path)
    return out


def read_header(text: str) -> dict:
    for line in text.split("\n", 5)[:5]:
        if line.startswith(HEADER):
            try:
                header = json.loads(line[len(HEADER):])
            except ValueError:
                return {}
            return header if isinstance(header, dict) else {}
    return {}


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


def run_program(path: Path, display: str | None = None, catalog: Path | None = None,
                library: Library | None = None) -> Result:
    """Run one AVS program against a fresh reference-profile machine."""
    name = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return Result(path.stem, "", name, FAIL, f"cannot read: {e}")
    header = read_header(text)
    point = str(header.get("id") or path.stem)
    kind = str(header.get("kind") or "")
    lines = strip_block_comments(text).split("\n")
    try:
        module = Parser(lines, name).module()
    except Unsupported as e:
        return Result(point, kind, name, UNSUPPORTED, _unsupported(e))
    except ParseError as e:
        return Result(point, kind, name, FAIL, f"parse error: {e}")
    except RecursionError:
        return Result(point, kind, name, FAIL, "parse error: expressions nested too deeply")
    if "main" not in module.functions:
        return Result(point, kind, name, FAIL, "no main() function")
    if library is None:
        library = library_for(path)
    harness = Harness(catalog=catalog if catalog is not None else catalog_for(path))
    ctx = make_context(harness, module, library)
    try:
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
        return Result(point, kind, name, FAIL, "error: recursion too deep")
    if value != 0 or type(value) is not int:
        return Result(point, kind, name, FAIL, f"main() returned {value!r}")
    if ctx.skipped is not None:
        return Result(point, kind, name, UNSUPPORTED, f"{_unsupported(ctx.skipped)} (other assertions hold)")
    return Result(point, kind, name, PASS, "")


__all__ = ["FAIL", "PASS", "UNSUPPORTED", "Library", "Result", "find_programs", "run_program"]
