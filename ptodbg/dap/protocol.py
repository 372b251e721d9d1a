"""DAP base protocol: ``Content-Length`` framed JSON messages over a byte stream.

The reader never trusts the client: header lines, header counts and bodies are bounded,
and every defect (a header block without ``Content-Length``, a length that is not a
number or is too large, bytes that are not UTF-8, JSON that is not an object or holds a
number of more than 4,300 digits) comes back as a :class:`Malformed` value carrying what
could be recovered of the request (its ``seq`` and ``command``) so that the server
answers with an error response and reads on.

Resynchronisation: a ``Content-Length:`` header starts a message wherever it appears —
after garbage on the same line, after a header block that never got its blank line, or
inside a body that turned out not to be JSON (the message before it was shorter than it
said) — so one bad message costs nothing after it: the next well-formed message is read
as it was sent and answered with its own ``seq``.  A frame longer than
:data:`MAX_CONTENT_LENGTH` is skipped without being kept (its first bytes are kept to find
its ``seq``), unless a ``Content-Length:`` header turns up first.

The reader buffers what it reads itself (``read1``: whatever the pipe or socket has, never
waiting for more than one message needs); the end of input — the stream's end, or a peer
that reset the connection — is None.

The writer numbers outgoing messages and may be called from any thread (the request
loop answers requests while the run worker sends ``stopped`` and ``output`` events).
"""

from __future__ import annotations

import json
import re
import threading
from dataclasses import dataclass
from typing import BinaryIO

MAX_HEADER_LINE = 8192
MAX_HEADER_LINES = 32
MAX_CONTENT_LENGTH = 16 << 20
SALVAGE_BYTES = 1 << 16  # of a body too long to keep: where its seq and command are looked for
_CHUNK = 1 << 16
_HEADER = b"content-length:"
_SEQ = re.compile(rb'"seq"\s*:\s*(\d{1,15})')
_COMMAND = re.compile(rb'"command"\s*:\s*"([A-Za-z0-9_]{1,64})"')
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")  # \ud800..\udfff: only a pair makes a character


@dataclass(frozen=True, slots=True)
class Malformed:
    """A message that could not be read; ``seq``/``command`` when they could be found."""

    problem: str
    seq: int = 0
    command: str = ""


def _salvage(body: bytes, problem: str) -> Malformed:
    seq = _SEQ.search(body)
    command = _COMMAND.search(body)
    return Malformed(problem, int(seq.group(1)) if seq else 0, command.group(1).decode() if command else "")


def _header_at(data: bytes | bytearray, start: int = 0, end: int | None = None) -> int:
    """Where a ``Content-Length:`` header (any case) begins in ``data[start:end]``; -1 if nowhere."""
    at = bytes(data[start:end]).lower().find(_HEADER)
    return at + start if at >= 0 else -1


def _shown(data: bytes) -> str:
    """The first bytes of what a client sent, quoted for a message (not as Python bytes)."""
    return repr(data[:60].decode("utf-8", "backslashreplace"))


def _lone_surrogate(message: dict) -> bool:
    """Whether a string of ``message`` holds a lone surrogate: valid JSON, but no text —
    a path holding one cannot even be given to the operating system."""
    try:
        json.dumps(message, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _json_problem(e: Exception) -> str:
    if isinstance(e, json.JSONDecodeError):
        return f"message body is not JSON ({e.msg})"
    if isinstance(e, RecursionError):
        return "message body is not JSON (nested too deeply)"
    if "digits" in str(e):
        return "message body holds a number of more than 4300 digits"
    return "message body is not usable JSON"


class MessageReader:
    """Reads framed messages from a binary stream (a pipe, a socket file, or any object
    with ``read1``)."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self._buf = bytearray()
        self._ended = False

    # ----------------------------------------------------------------- bytes
    def _more(self) -> bool:
        """Append what the stream has to the buffer (waiting for at least one byte);
        False at the end of input."""
        if self._ended:
            return False
        try:
            chunk = self.stream.read1(_CHUNK)
        except (OSError, ValueError):  # a reset connection, a closed stream: the client is gone
            chunk = b""
        if not chunk:
            self._ended = True
            return False
        self._buf += chunk
        return True

    def _take(self, n: int) -> bytes:
        data = bytes(self._buf[:n])
        del self._buf[:n]
        return data

    def _push_back(self, data: bytes) -> None:
        self._buf[:0] = data

    def _line(self) -> bytes | None:
        """The next header line with its line end; a line longer than MAX_HEADER_LINE
        comes in pieces without one (each piece ends before a ``Content-Length:`` that
        might begin in it); what is left at the end of input comes as a last piece.
        None at the end of input."""
        while True:
            newline = self._buf.find(b"\n", 0, MAX_HEADER_LINE + 1)
            if newline >= 0:
                return self._take(newline + 1)
            if len(self._buf) > MAX_HEADER_LINE:
                header = _header_at(self._buf, 1, MAX_HEADER_LINE + len(_HEADER))
                return self._take(header if header > 0 else MAX_HEADER_LINE + 1 - len(_HEADER))
            if not self._more():
                return self._take(len(self._buf)) if self._buf else None

    def _read_exactly(self, n: int) -> bytes | None:
        while len(self._buf) < n:
            if not self._more():
                return None
        return self._take(n)

    def _skip(self, n: int) -> tuple[bytes, bool] | None:
        """Drop the ``n`` bytes of a frame too long to keep, or those before a
        ``Content-Length:`` header that begins in them (the frame was garbage, or cut
        short: a message begins there).  Returns the first SALVAGE_BYTES dropped and
        whether the whole frame was dropped; None at the end of input."""
        head = bytearray()
        while n > 0:
            if not self._buf and not self._more():
                return None
            window = min(n, len(self._buf))
            header = _header_at(self._buf, 0, window)
            if header >= 0:
                window = header
            elif window == len(self._buf) < n:
                window -= len(_HEADER) - 1  # the end of the buffer may begin a header
                if window <= 0:
                    if not self._more():
                        return None
                    continue
            dropped = self._take(window)
            if len(head) < SALVAGE_BYTES:
                head += dropped[: SALVAGE_BYTES - len(head)]
            n -= window
            if header >= 0:
                return bytes(head), False
        return bytes(head), True

    # -------------------------------------------------------------- messages
    def read(self) -> dict | Malformed | None:
        """The next message (a dict), a :class:`Malformed` one, or None at end of input."""
        headers: dict[str, str] = {}
        problem: str | None = None
        lines = 0
        while True:
            line = self._line()
            if line is None:
                return None
            at = _header_at(line, 1)
            if at > 0:
                # A header glued to the end of something else (a body longer than its
                # Content-Length said, or garbage): what comes before it is lost.
                self._push_back(line[at:])
                return Malformed(problem or f"unexpected bytes before a Content-Length header: {_shown(line[:at])}")
            if line[: len(_HEADER)].lower() == _HEADER and ("content-length" in headers or problem is not None):
                # A new message begins before this header block ended: the block was broken.
                self._push_back(line)
                return Malformed(problem or "a header block without its blank line (a Content-Length header "
                                            "began another message)")
            if not line.endswith(b"\n"):  # a piece of an overlong line (or the input's last bytes)
                problem = problem or f"header line longer than {MAX_HEADER_LINE} bytes"
                continue
            text = line.rstrip(b"\r\n")
            if not text:
                if not headers and problem is None:
                    continue  # blank lines between messages
                break
            lines += 1
            if lines > MAX_HEADER_LINES:
                problem = problem or f"more than {MAX_HEADER_LINES} header lines"
                continue
            name, colon, value = text.partition(b":")
            if not colon or not name.strip():
                problem = problem or f"malformed header line {_shown(text)} (expected 'Name: value')"
                continue
            try:
                headers[name.strip().decode("ascii").lower()] = value.strip().decode("ascii")
            except UnicodeDecodeError:
                problem = problem or "header bytes are not ASCII"
        if problem is not None:
            return Malformed(problem)
        raw_length = headers.get("content-length")
        if raw_length is None:
            return Malformed("header block without Content-Length")
        if not raw_length.isdigit() or len(raw_length) > 12:
            return Malformed(f"Content-Length {raw_length[:20]!r} is not a byte count")
        length = int(raw_length)
        if length > MAX_CONTENT_LENGTH:
            return self._too_long(length)
        body = self._read_exactly(length)
        if body is None:
            return None
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as e:
            return self._broken(body, f"message body is not UTF-8 (byte {e.start})")
        try:
            message = json.loads(text)
        except (ValueError, RecursionError) as e:  # ValueError: also an integer of more than 4,300 digits
            return self._broken(body, _json_problem(e))
        if not isinstance(message, dict):
            return _salvage(body, f"message body is a JSON {type(message).__name__}, not an object")
        if _SURROGATE_ESCAPE.search(body) and _lone_surrogate(message):
            return _salvage(body, "message body holds a lone surrogate (a \\ud800-\\udfff escape outside a pair): "
                                  "not Unicode text")
        return message

    def _broken(self, body: bytes, problem: str) -> Malformed:
        """A body that is not a message: when a ``Content-Length:`` header is inside it, the
        message was shorter than it said and the next one begins there (read it next)."""
        at = _header_at(body, 1)
        if at > 0:
            self._push_back(body[at:])
            body = body[:at]
        return _salvage(body, problem)

    def _too_long(self, length: int) -> Malformed | None:
        skipped = self._skip(length)
        if skipped is None:
            return None
        head, whole = skipped
        problem = f"Content-Length {length} exceeds the limit of {MAX_CONTENT_LENGTH} bytes"
        return _salvage(head, problem + ("" if whole else " (the frame was cut short by the next message)"))


def _encode(message: dict) -> bytes:
    """The JSON of ``message`` in UTF-8; a string holding a lone surrogate (JSON may carry
    one in from a client: ``"\\ud800"``) is written escaped, since UTF-8 cannot hold it."""
    try:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(message, separators=(",", ":")).encode("ascii")


class MessageWriter:
    """Writes framed messages; numbers them (``seq``); thread-safe."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self._lock = threading.Lock()
        self._seq = 0
        self.closed = False

    def send(self, message: dict) -> None:
        with self._lock:
            if self.closed:
                return
            self._seq += 1
            message = {"seq": self._seq, **message}
            body = _encode(message)
            try:
                self.stream.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
                self.stream.flush()
            except (OSError, ValueError):
                self.closed = True  # the client went away; the reader sees the end of input
