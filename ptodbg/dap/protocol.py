"""DAP base protocol: ``Content-Length`` framed JSON messages over a byte stream.

The reader never trusts the client: header lines, header counts and bodies are bounded,
and every defect (a header block without ``Content-Length``, a length that is not a
number or is too large, bytes that are not UTF-8, JSON that is not an object) comes
back as a :class:`Malformed` value carrying what could be recovered of the request
(its ``seq`` and ``command``) so that the server answers with an error response and
reads on.  After garbage the reader finds the next ``Content-Length:`` header, even when
it follows a body on the same line, so one bad message loses nothing after it.

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
_HEADER = b"content-length:"
_SEQ = re.compile(rb'"seq"\s*:\s*(\d{1,15})')
_COMMAND = re.compile(rb'"command"\s*:\s*"([A-Za-z0-9_]{1,64})"')


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


class MessageReader:
    """Reads framed messages from a binary stream (a pipe or a socket file)."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self._pushback: bytes | None = None

    def _line(self) -> bytes:
        if self._pushback is not None:
            line, self._pushback = self._pushback, None
            return line
        return self.stream.readline(MAX_HEADER_LINE + 1)

    def read(self) -> dict | Malformed | None:
        """The next message (a dict), a :class:`Malformed` one, or None at end of input."""
        headers: dict[str, str] = {}
        problem: str | None = None
        lines = 0
        while True:
            line = self._line()
            if not line:
                return None
            at = line.lower().find(_HEADER)
            if at > 0:
                # A header glued to the end of something else (a body longer than its
                # Content-Length said, or garbage): drop what comes before it.
                self._pushback = line[at:]
                return Malformed(f"unexpected bytes before a Content-Length header: {line[:at][:60]!r}")
            if len(line) > MAX_HEADER_LINE:
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
                problem = problem or f"malformed header line {text[:60]!r} (expected 'Name: value')"
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
            return Malformed(f"Content-Length {length} exceeds the limit of {MAX_CONTENT_LENGTH} bytes")
        body = self._read_exactly(length)
        if body is None:
            return None
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as e:
            return _salvage(body, f"message body is not UTF-8 (byte {e.start})")
        try:
            message = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as e:
            return _salvage(body, f"message body is not JSON ({getattr(e, 'msg', 'nested too deeply')})")
        if not isinstance(message, dict):
            return _salvage(body, f"message body is a JSON {type(message).__name__}, not an object")
        return message

    def _read_exactly(self, n: int) -> bytes | None:
        parts = []
        if self._pushback:
            head, self._pushback = self._pushback[:n], (self._pushback[n:] or None)
            parts.append(head)
            n -= len(head)
        while n > 0:
            chunk = self.stream.read(n)
            if not chunk:
                return None
            parts.append(chunk)
            n -= len(chunk)
        return b"".join(parts)


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
            body = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
            try:
                self.stream.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
                self.stream.flush()
            except (OSError, ValueError):
                self.closed = True  # the client went away; the reader sees the end of input
