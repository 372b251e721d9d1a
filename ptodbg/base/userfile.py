"""The one way ptodbg reads a file a user named: regular files only, size-capped, never blocking.

Every input surface (programs, assembly sources, sessions, batch scripts, themes, catalogs)
reads through :func:`read_bytes` / :func:`read_text`, so that a hostile path gets one line
naming the file and the reason instead of a traceback, a hang or a memory blow-up:

* the path is checked with ``stat`` before anything is opened, so a FIFO (which would block
  ``open`` forever), ``/dev/zero`` or ``/dev/urandom`` (endless), a directory, a socket or a
  device is refused without being opened; symlink loops, too-long names and a path component
  that is not a directory become plain sentences;
* the size is checked before reading, against a limit per kind of file (:data:`LIMITS`), so an
  8 GiB sparse file is refused at once instead of filling memory;
* the file is then opened with ``O_NONBLOCK`` and checked again with ``fstat`` (it could have
  been replaced in between), and the read is capped at the limit plus one byte (it could have
  grown).

The limits (documented in the README):  programs (ELF) 64 MiB — an ELF reader may not load
more than 256 MiB of segments anyway and real test binaries are well under 1 MiB; assembly
sources 8 MiB — about 300,000 lines, each of which costs the assembler a few hundred bytes
per pass; catalogs 16 MiB — the official scalar catalog is 0.8 MiB of JSON; sessions, batch
scripts and themes 1 MiB.
"""

from __future__ import annotations

import errno
import os
import stat

MiB = 1 << 20
PROGRAM_LIMIT = 64 * MiB
SOURCE_LIMIT = 8 * MiB
CATALOG_LIMIT = 16 * MiB
TEXT_LIMIT = 1 * MiB
LIMITS = {"program": PROGRAM_LIMIT, "assembly source": SOURCE_LIMIT, "catalog": CATALOG_LIMIT,
          "session": TEXT_LIMIT, "script": TEXT_LIMIT, "theme": TEXT_LIMIT}

_REASONS = {
    errno.ENOENT: "no such file",
    errno.ELOOP: "too many levels of symbolic links (a symlink loop?)",
    errno.ENAMETOOLONG: "file name too long",
    errno.ENOTDIR: "a component of the path is not a directory",
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.EISDIR: "is a directory",
    errno.EIO: "input/output error",
}


class UserFileError(ValueError):
    """A user's file that cannot be read; the message is ``"<path>: <reason>"``."""


def reason(e: OSError) -> str:
    """An OSError in plain words (no errno numbers, no exception names)."""
    if e.errno in _REASONS:
        return _REASONS[e.errno]
    return (e.strerror or "cannot be read").lower().rstrip(".")


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "is a directory"
    if stat.S_ISFIFO(mode):
        return "is a FIFO (named pipe), not a regular file"
    if stat.S_ISCHR(mode):
        return "is a character device, not a regular file"
    if stat.S_ISBLK(mode):
        return "is a block device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a regular file"
    return "is not a regular file"


def _size_text(n: int) -> str:
    if n >= 1 << 30:
        return f"{n / (1 << 30):.1f} GiB"
    if n >= MiB:
        return f"{n / MiB:.1f} MiB"
    return f"{n // 1024} KiB" if n >= 64 * 1024 and n % 1024 == 0 else f"{n} bytes"


def shown(name: str) -> str:
    """A file name as a message shows it: control characters escaped."""
    return name if name.isprintable() else repr(name)[1:-1]


def _too_big(size: int, limit: int, what: str) -> str:
    article = "an" if what[:1].lower() in "aeiou" else "a"
    return f"is {_size_text(size)}, more than the {_size_text(limit)} limit for {article} {what}"


def check_regular(path: str | os.PathLike, what: str = "program", limit: int | None = None) -> None:
    """Check, without opening it, that ``path`` is a regular file of at most ``limit``
    bytes (default :data:`LIMITS` of ``what``): :class:`UserFileError` otherwise.  For a
    command that names its files up front and reads them later."""
    _stat_checked(path, what, limit)


def _stat_checked(path: str | os.PathLike, what: str, limit: int | None) -> tuple[str, str, int]:
    """(shown name, raw path, size cap) of a path that ``stat`` shows to be a regular file
    within the cap."""
    name = shown(os.fspath(path))
    raw = os.fspath(path)
    cap = LIMITS.get(what, TEXT_LIMIT) if limit is None else limit
    if name == "":
        raise UserFileError(f"'': no {what} file named")
    try:
        st = os.stat(raw)
    except (OSError, ValueError) as e:  # ValueError: an embedded NUL byte
        raise UserFileError(f"{name}: {reason(e) if isinstance(e, OSError) else 'file name holds a NUL byte'}") from None
    if not stat.S_ISREG(st.st_mode):
        raise UserFileError(f"{name}: {_kind(st.st_mode)}")
    if st.st_size > cap:
        raise UserFileError(f"{name}: {_too_big(st.st_size, cap, what)}")
    return name, raw, cap


def read_bytes(path: str | os.PathLike, what: str = "program", limit: int | None = None) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``, default :data:`LIMITS`
    of ``what``); :class:`UserFileError` names the file and the reason otherwise."""
    name, raw, cap = _stat_checked(path, what, limit)
    try:
        fd = os.open(raw, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        raise UserFileError(f"{name}: {reason(e)}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):  # replaced between stat and open
            raise UserFileError(f"{name}: {_kind(st.st_mode)}")
        chunks: list[bytes] = []
        got = 0
        while got <= cap:
            chunk = os.read(fd, min(cap + 1 - got, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as e:
        raise UserFileError(f"{name}: {reason(e)}") from None
    finally:
        os.close(fd)
    if got > cap:
        raise UserFileError(f"{name}: {_too_big(got, cap, what)} (it grew while being read)")
    return b"".join(chunks)


def read_text(path: str | os.PathLike, what: str = "session", limit: int | None = None) -> str:
    """The UTF-8 text of the regular file ``path`` (see :func:`read_bytes`)."""
    data = read_bytes(path, what, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise UserFileError(f"{shown(os.fspath(path))}: not UTF-8 text (byte {e.start})") from None


def exists(path: str | os.PathLike) -> bool:
    """Whether ``path`` names something (a stat that never raises)."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return False
    return True


def missing(path: str | os.PathLike) -> bool:
    """Whether ``path`` names nothing at all (and not, say, a symlink loop)."""
    try:
        os.stat(path)
    except FileNotFoundError:
        return True
    except (OSError, ValueError):
        return False
    return False


def is_dir(path: str | os.PathLike) -> bool:
    try:
        return stat.S_ISDIR(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False



# ---------------------------------------------------------------- TOML and JSON
MAX_TOML_DEPTH = 16  # arrays and inline tables inside each other
MAX_TOML_DOTS = 16  # dots in one key (tomllib's memory grows with the square of a key's parts)


class _Shape:
    """A single pass over TOML text that measures what :mod:`tomllib` handles badly:
    nesting (it recurses: RecursionError at ~450 levels) and dotted keys (its memory grows
    with the square of their length: 100,000 components exhaust 24 GiB).  Strings and
    comments are skipped, so dots and brackets inside them do not count."""

    def __init__(self, text: str) -> None:
        self.text = text

    def problem(self) -> str | None:
        t = self.text
        n = len(t)
        i = 0
        line = 1
        open_: list[str] = []  # the open brackets, innermost last
        in_key = True  # at a line start, after "{" or after "," in an inline table
        dots = 0  # dots in the current key
        while i < n:
            c = t[i]
            if c == "\n":
                line += 1
                i += 1
                if not open_ or open_[-1] == "{":
                    in_key, dots = True, 0
            elif c == "#":
                end = t.find("\n", i)
                i = n if end < 0 else end
            elif c in "\"'":
                quote3 = c * 3
                if t.startswith(quote3, i):
                    end = t.find(quote3, i + 3)
                    if c == '"':
                        while end >= 0 and _escaped(t, end):
                            end = t.find(quote3, end + 1)
                    stop = n if end < 0 else end + 3
                else:
                    j = i + 1
                    while j < n and t[j] != c and t[j] != "\n":
                        j += 2 if c == '"' and t[j] == "\\" else 1
                    stop = j + 1
                line += t.count("\n", i, min(stop, n))
                i = stop
            elif c in "[{":
                open_.append(c)
                if len(open_) > MAX_TOML_DEPTH:
                    return f"line {line}: arrays or tables nested more than {MAX_TOML_DEPTH} deep"
                if c == "{":
                    in_key, dots = True, 0
                i += 1
            elif c in "]}":
                if open_:
                    open_.pop()
                i += 1
            elif c == "=":
                in_key = False
                i += 1
            elif c == "," and open_ and open_[-1] == "{":
                in_key, dots = True, 0
                i += 1
            elif c == "." and in_key:
                dots += 1
                if dots > MAX_TOML_DOTS:
                    return f"line {line}: a dotted key of more than {MAX_TOML_DOTS} parts"
                i += 1
            else:
                i += 1
        return None


def _escaped(text: str, at: int) -> bool:
    """Whether the character at ``at`` is escaped by an odd run of backslashes."""
    k = at - 1
    while k >= 0 and text[k] == "\\":
        k -= 1
    return (at - 1 - k) % 2 == 1


def load_toml(text: str, name: str) -> dict:
    """Parse TOML text from the user file ``name`` (data only: :mod:`tomllib`), after
    checking its shape (:class:`_Shape`); every failure is one :class:`UserFileError`."""
    import tomllib

    problem = _Shape(text).problem()
    if problem is not None:
        raise UserFileError(f"{shown(name)}: not usable TOML: {problem}")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise UserFileError(f"{shown(name)}: not valid TOML: {e}") from None
    except (RecursionError, MemoryError, ValueError) as e:  # backstops: the shape check should prevent them
        what = "nested too deep" if isinstance(e, RecursionError) else "too large" if isinstance(e, MemoryError) \
            else "a number too long" if "digits" in str(e) else "a value out of range"
        raise UserFileError(f"{shown(name)}: not usable TOML: {what}") from None


def load_json(text: str, name: str) -> object:
    """Parse JSON text from the user file ``name``; every failure is one :class:`UserFileError`."""
    import json

    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise UserFileError(f"{shown(name)}: not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
    except RecursionError:
        raise UserFileError(f"{shown(name)}: not usable JSON: arrays or objects nested too deep") from None
    except ValueError as e:  # e.g. an integer over 4,300 digits
        raise UserFileError(f"{shown(name)}: not usable JSON: {'a number too long' if 'digits' in str(e) else 'a value out of range'}") from None
