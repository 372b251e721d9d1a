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
program is dma_fault.s, or gdb_names.s for an input starting with GDB_MARKER), ``dap`` (the
DAP server's framing and request dispatch: the bytes are the client's side of a
connection to the real server, in process; an input starting with DAP_MARKER comes after
a session that launched walk.s and stopped on entry), ``avs`` (an AVS program: the ASL lexer,
parser and interpreter with the bounds of ptodbg.avs.limits, on the harness's reference
machine, with the official catalogs when ../shared has them; the point must come out
pass, fail or unsupported with one plain line, in the replay's deadline).

Writing files: the ``dap`` target runs the real server, whose console commands include
``save``; :func:`_no_writes` (an audit hook, installed once) refuses every write outside
the temporary folder, so a fuzz input can never change a file that matters.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
import tempfile
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


# ------------------------------------------------------------------------- dap
DAP_MARKER = b"#launch\n"
DAP_PROGRAM = ROOT / "tests" / "dap" / "programs" / "walk.s"
SENTINEL_SEQ = 987654321  # the well-formed request every input is followed by
_WRITES = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND
_FILE_CHANGES = frozenset({"os.rename", "os.remove", "os.rmdir", "os.mkdir", "os.truncate", "os.chmod",
                           "os.symlink", "os.link", "os.utime", "shutil.rmtree", "shutil.move"})


_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"")


def _dap_frame(message: dict) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _dap_request(seq: int, command: str, arguments: dict | None = None) -> bytes:
    return _dap_frame({"seq": seq, "type": "request", "command": command, "arguments": arguments or {}})


# initialize, launch walk.s (linux profile, a small step budget), configurationDone: the
# program is stopped on entry when the input's own messages begin.
_DAP_SESSION = (_dap_request(1, "initialize", {"adapterID": "fuzz"})
                + _dap_request(2, "launch", {"program": str(DAP_PROGRAM), "profile": "linux", "maxSteps": 20000})
                + _dap_request(3, "configurationDone"))
_DAP_SENTINEL = _dap_request(SENTINEL_SEQ, "threads")


@cache
def _no_writes() -> None:
    """Refuse (PermissionError) every write to a file outside the temporary folder, for
    the rest of this process: an audit hook cannot be removed, and it sees every open."""
    allowed = os.path.realpath(tempfile.gettempdir()) + os.sep

    def inside(path: object) -> bool:
        if isinstance(path, int):  # a file descriptor: already open
            return True
        try:
            return os.path.realpath(os.fsdecode(path)).startswith(allowed)
        except (TypeError, ValueError):
            return False

    def hook(event: str, args: tuple) -> None:
        if event == "open" and len(args) >= 3 and isinstance(args[2], int) and args[2] & _WRITES:
            if not inside(args[0]):
                raise PermissionError(f"fuzz target: no writes outside {allowed}")
        elif event in _FILE_CHANGES and args and not inside(args[0]):
            raise PermissionError(f"fuzz target: no file changes outside {allowed}")

    sys.addaudithook(hook)


def _dap_messages(out: bytes) -> list[dict]:
    """The server's output, frame by frame; anything else is a finding."""
    messages = []
    pos = 0
    while pos < len(out):
        m = re.compile(rb"Content-Length: (\d+)\r\n\r\n").match(out, pos)
        if m is None:
            raise Finding(f"dap: output that is not a frame at byte {pos}: {out[pos:pos + 60]!r}")
        end = m.end() + int(m.group(1))
        messages.append(json.loads(out[m.end():end]))
        pos = end
    return messages


def dap(data: bytes) -> None:
    from ptodbg.dap.protocol import MessageReader, MessageWriter
    from ptodbg.dap.server import Server

    _no_writes()
    launched = data.startswith(DAP_MARKER)
    body = data[len(DAP_MARKER):] if launched else data
    out = io.BytesIO()
    server = Server(MessageReader(io.BytesIO((_DAP_SESSION if launched else b"") + body + _DAP_SENTINEL)),
                    MessageWriter(out))
    server.serve()  # every exception escaping it is a finding as it is
    if server.busy:
        raise Finding("dap: a job still runs after the end of the input")
    messages = _dap_messages(out.getvalue())
    if [m.get("seq") for m in messages] != list(range(1, len(messages) + 1)):
        raise Finding("dap: the output's seq numbers are not 1, 2, 3...")
    for m in messages:
        if m.get("type") == "response" and not m.get("success"):
            text = str(m.get("message", ""))
            # What the client sent comes back quoted ('fooError' is its name, not Python's).
            _plain(_QUOTED.sub("''", text), f"dap {str(m.get('command'))[:40]!r}")
            if "internal error" in text:
                raise Finding(f"dap: {text[:300]!r}")
    if b"content-length" not in body.lower() and not server.done:
        # Nothing framed in the input: whatever it was, the request after it is answered.
        if not any(m.get("request_seq") == SENTINEL_SEQ for m in messages if m.get("type") == "response"):
            raise Finding("dap: the well-formed request after the input was never answered")


# ------------------------------------------------------------------------- avs
AVS_CATALOG = ROOT.parent / "shared" / "pto" / "catalog"
AVS_SECONDS = 4.0  # a point's time limit here: inside the 10 s deadline, instrumented or loaded


def avs(data: bytes) -> None:
    from ptodbg.avs.suite import FAIL, PASS, UNSUPPORTED, run_text

    text = _text(data)
    if text is None:
        return
    result = run_text(text, "fuzz.asl", "fuzz", catalog=AVS_CATALOG if AVS_CATALOG.is_dir() else None,
                      seconds=AVS_SECONDS)
    if result.status not in (PASS, FAIL, UNSUPPORTED):
        raise Finding(f"avs: status {result.status!r}")
    detail = result.detail
    if "internal error" in detail:
        raise Finding(f"avs: {detail[:300]!r}")
    if len(detail) > 2000:
        raise Finding(f"avs: a detail of {len(detail)} characters")
    # A program's own words come back in the detail (names, its source line): only words
    # that are not the program's are Python's.
    for m in PYTHON_INTERNALS.finditer(detail):
        if m.group() not in text:
            raise Finding(f"avs: a detail quoting Python internals: {detail[:300]!r}")
    if "\n" in detail:
        raise Finding(f"avs: a detail of several lines: {detail[:300]!r}")


TARGETS: dict[str, Callable[[bytes], None]] = {"elf": elf, "asm": asm, "expr": expr, "session": session,
                                               "batch": batch, "dap": dap, "avs": avs}
