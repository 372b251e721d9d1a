"""Writing a user's file atomically: a reader sees the old file or the whole new one, never
a part (session files, campaign reports and site sessions).

How: a temporary file in the same folder, fsync, rename over the target, fsync of the
folder.  The rules a hostile review asked for:

* the folder must exist: a missing one is refused (``FileNotFoundError`` naming it), as
  everywhere else, rather than created;
* every failure names the target, never the temporary file (``save /proc/version`` said
  "/proc/.version.toml.hdlzuj9n.tmp");
* a temporary file is named ``.NAME.ptodbg-PID-XXXXXXXX.tmp``: recognisably ours, of that
  target, and by that process.  A writer killed between creating and renaming it (kill -9)
  leaves it behind; the next write of the same target removes those whose process is gone
  (or that are older than :data:`STALE_AFTER`, when the pid may have been reused), and
  nothing else: not another target's, not a live writer's, not a file we did not name.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path

TAG = "ptodbg"
STALE_AFTER = 3600.0  # seconds: no write takes this long, so such a temporary file is dead


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically (see the module docstring).  The file
    gets the permissions of the file it replaces, or those a plain ``open`` would give
    (0o666 less the umask), not the temporary file's 0o600."""
    path = Path(path)
    folder = path.parent
    if not folder.is_dir():
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(folder))
    remove_stale_temporaries(path)
    mode = _file_mode(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.{TAG}-{os.getpid()}-", suffix=".tmp", dir=folder)
    except OSError as e:
        raise _naming(e, path) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            os.fchmod(f.fileno(), mode)
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(e, OSError):
            raise _naming(e, path) from None
        raise
    _fsync_folder(folder)


def _naming(e: OSError, path: Path) -> OSError:
    """The same error (its errno picks the subclass) about ``path`` instead of a temporary file."""
    if e.errno is None:
        return OSError(f"{path}: {e}")
    return OSError(e.errno, e.strerror or os.strerror(e.errno), str(path))


def temporary_pattern(path: Path) -> re.Pattern[str]:
    """What the temporary files of ``path`` are called (group 1: the writer's pid)."""
    return re.compile(rf"\.{re.escape(path.name)}\.{TAG}-(\d+)-[a-z0-9_]{{8}}\.tmp")


def remove_stale_temporaries(path: Path) -> list[str]:
    """Remove the temporary files of ``path`` left by writers that are gone; returns
    their names.  Best effort: a file that cannot be examined or removed stays."""
    pattern = temporary_pattern(path)
    prefix = f".{path.name}.{TAG}-"
    removed = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        if not entry.name.startswith(prefix):
            continue
        found = pattern.fullmatch(entry.name)
        if found is None:
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if not stat.S_ISREG(info.st_mode):
                continue
            if _alive(int(found.group(1))) and now - info.st_mtime < STALE_AFTER:
                continue
            os.unlink(entry.path)
        except OSError:
            continue
        removed.append(entry.name)
    return removed


def _alive(pid: int) -> bool:
    """Whether a process ``pid`` exists (one of another user counts)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def _file_mode(path: Path) -> int:
    try:
        st = os.stat(path)
        if stat.S_ISREG(st.st_mode):
            return stat.S_IMODE(st.st_mode)
    except (OSError, ValueError):
        pass
    return 0o666 & ~_umask()


def _umask() -> int:
    """The process's umask, read without changing it (``os.umask`` can only be read by
    setting it, for a moment, under every thread); 0o022 where /proc does not say."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    return 0o022


def _fsync_folder(folder: Path) -> None:
    """Make the rename durable (best effort: some file systems cannot fsync a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
