"""The fuzz targets: one function per input surface, taking the raw bytes of one input.

Each function returns quietly when ptodbg handled the input — it worked, or it was refused
with ptodbg's own clear error — and raises otherwise: any other exception escaping
(a traceback for a user) is a finding as it is, and :class:`Finding` marks an error that
escaped correctly but reads badly (several lines, a Python exception's name or text, the
ELF reader's catch-all).  The same functions serve the coverage-guided fuzzers
(:mod:`tests.fuzz.harness`, atheris) and the corpus replay of the normal test run
(:mod:`tests.fuzz.replay`), which must not need atheris.

Targets: ``elf`` (the ELF reader), ``asm`` (the assembler, output read back), ``expr`` (the
expression language: parse and evaluate), ``session`` (the session reader: parse, validate
and apply to a real debugger), ``batch`` (the command language: each line executed against
a small real debugger, each command stopped by an interrupt after COMMAND_SECONDS; the
program is dma_fault.s, or gdb_names.s for an input starting with GDB_MARKER).
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROGRAM = ROOT / "tests" / "programs" / "dma_fault.s"
# An input whose first line is GDB_MARKER runs on gdb_names.s instead: frames made by
# FENTRY, C++ names, a string at a page's end (the gdb-style commands of issue 12).
GDB_PROGRAM = ROOT / "tests" / "programs" / "gdb_names.s"
GDB_MARKER = "#program gdb_names"
COMMAND_SECONDS = 0.1  # 64 lines at most: an input stays under the 10 s deadline

# Words only a Python exception brings into a message.
PYTHON_INTERNALS = re.compile(r"\b\w*(Error|Exception)\b|Traceback|NoneType|object has no attribute"
                              r"|int too large|int_max_str_digits|unpack requires|codec can't")


class Finding(AssertionError):
    """ptodbg refused the input, but not with one clear sentence."""


def _plain(message: str, what: str) -> None:
    if "\n" in message:
        raise Finding(f"{what}: a message of several lines: {message[:300]!r}")
    if PYTHON_INTERNALS.search(message):
        raise Finding(f"{what}: a message quoting Python internals: {message[:300]!r}")


def _text(data: bytes) -> str | None:
    """The input as the readers see a file: UTF-8 or refused (they refuse it cleanly)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


# ------------------------------------------------------------------------- elf
def elf(data: bytes) -> None:
    from ptodbg.isa.elf import UNFORESEEN_DEFECT, ProgramError, parse_program

    try:
        program = parse_program(data, "fuzz.elf")
    except ProgramError as e:
        message = str(e)
        _plain(message, "elf")
        if not message.startswith("fuzz.elf: "):
            raise Finding(f"elf: the message does not name the file: {message[:200]!r}") from None
        if UNFORESEEN_DEFECT in message:
            raise Finding("elf: a defect only the reader's catch-all noticed") from None
        return
    _load(program)


def _load(program) -> None:
    """An accepted program must also load (or be refused by the loader in one sentence)."""
    from ptodbg.core import DEBUG, Machine
    from ptodbg.core.loader import load
    from ptodbg.isa.elf import ProgramError

    try:
        load(Machine(DEBUG), program)
    except ProgramError as e:
        _plain(str(e), "elf load")


# ------------------------------------------------------------------------- asm
def asm(data: bytes) -> None:
    from ptodbg.isa.asm import AsmError, assemble
    from ptodbg.isa.elf import parse_program

    text = _text(data)
    if text is None:
        return
    try:
        image = assemble(text, "fuzz.s")
    except AsmError as e:
        for line in e.lines():
            _plain(line, "asm")
            if not re.match(r"fuzz\.s:\d+:\d+: error: .", line):
                raise Finding(f"asm: an error without file:line:col: {line[:200]!r}") from None
        return
    _load(parse_program(image, "fuzz.elf"))  # what the assembler writes, the reader takes


# ------------------------------------------------------------------------ expr
_REGS = {"a0": 5, "a1": (1 << 64) - 1, "sp": 0xF000, "pc": 0x10000, "t": None}
_MEMORY = bytes(range(256)) * 16


def _memory(address: int, size: int) -> bytes:
    from ptodbg.debug.engine.expr import ExprError

    if address + size > len(_MEMORY):
        raise ExprError(f"cannot access memory at {max(address, len(_MEMORY)):#x}")
    return _MEMORY[address : address + size]


def expr(data: bytes) -> None:
    from ptodbg.debug.engine.expr import Context, Expr, ExprError

    text = _text(data)
    if text is None:
        return
    ctx = Context(lambda name: _REGS.get(name.lower()), lambda which, slot: 7 if slot == 1 else None,
                  _memory, lambda name: {"copy": 0x10008, "dst": 0x100}.get(name))
    try:
        value = Expr(text).evaluate(ctx)
    except ExprError as e:
        _plain(str(e), "expr")
        return
    if not isinstance(value, int):
        raise Finding(f"expr: evaluated to {type(value).__name__}")


# --------------------------------------------------------------------- session
@cache
def _program(path: Path = PROGRAM):
    from ptodbg.core.loader import read_source_or_elf

    return read_source_or_elf(path)


def _debugger(path: Path = PROGRAM):
    """A fresh debugger on dma_fault.s, or another test program (each assembled once)."""
    from ptodbg.core import DEBUG, Machine
    from ptodbg.core.loader import load
    from ptodbg.debug.engine.debugger import Debugger, file_sha256
    from ptodbg.debug.engine.symbols import Symbols

    program, _ = _program(path)
    machine = Machine(DEBUG)
    loaded = load(machine, program)
    return Debugger(machine, Symbols.of(program), stop_address=loaded.stop_address, path=str(path),
                    sha256=_sha(file_sha256, path), profile="debug", loaded=loaded)


@cache
def _sha(file_sha256: Callable[[str], str], path: Path) -> str:
    return file_sha256(str(path))


def session(data: bytes) -> None:
    from ptodbg.debug.files import session as sessions

    text = _text(data)
    if text is None:
        return
    path = ROOT / "sessions" / "fuzz.toml"  # never read or written: names the text
    try:
        parsed = sessions.parse_text(text, path)
    except sessions.SessionError as e:
        _plain(str(e), "session")
        return
    if any(rec["length"] > 1 << 24 for rec in parsed["injection"]):
        return  # applying it loops over every page of the range: issue 10 item 7, another branch
    dbg = _debugger()
    timer = threading.Timer(COMMAND_SECONDS, dbg.interrupt.set)
    timer.start()
    try:
        sessions.apply(dbg, parsed)
    except sessions.SessionError as e:
        _plain(str(e), "session apply")
    finally:
        timer.cancel()


# ----------------------------------------------------------------------- batch
def batch(data: bytes) -> None:
    from ptodbg.debug.commands import Commands
    from ptodbg.debug.commands import batch as batch_mode
    from ptodbg.debug.view.capture import capture_view

    text = _text(data)
    if text is None:
        return
    dbg = _debugger(GDB_PROGRAM if text.startswith(GDB_MARKER) else PROGRAM)
    if not text:
        _debugger(GDB_PROGRAM)  # warm up: both programs assembled before any limit applies
    runner = Commands(dbg)  # no save/load: a fuzz input must not write files
    for line in batch_mode.script_lines(text)[:64]:
        timer = threading.Timer(COMMAND_SECONDS, dbg.interrupt.set)
        timer.start()
        try:
            result = runner.execute(line)
        finally:
            timer.cancel()
        if not result.ok:
            _plain(result.error or "", f"batch {line[:60]!r}")
        json.dumps(result.as_json(capture_view(dbg) if result.ok else None))  # every line: one JSON object


TARGETS: dict[str, Callable[[bytes], None]] = {"elf": elf, "asm": asm, "expr": expr, "session": session,
                                               "batch": batch}
