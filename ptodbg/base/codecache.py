"""Generated code that outlives the process (issue 15, cold start).

The shape factories (:mod:`ptodbg.core.semantics.shapes`) are Python source generated per
(shape, destination kind); compiling the few dozen a program needs costs more than decoding
and building all of its instructions.  The records' ``__init__`` methods
(:mod:`ptodbg.base.record`) are generated at import, some forty on every start-up path.
(It lives in ``base``, the floor under both.)  This module keeps their code objects in one file in
the user's cache folder, written with :mod:`marshal` (code objects and strings only - never
pickle), so the compile cost is paid once per Python version, as for a module's ``.pyc``.

Exactness does not depend on the file: an entry is found by the *whole source text* and the
code's file name, so a source that changed (another ptodbg version, an edited shape) simply
misses and is compiled afresh; the file's name carries the interpreter's bytecode tag and
magic number (as a ``.pyc`` does) and this module's format number.  A file that is
missing, unreadable, corrupt or of another shape is ignored; a folder that cannot be
written is ignored (the process keeps its compiled code in memory either way).  Writing
is atomic (a temporary file renamed over the old one), merges what other processes added
meanwhile, and is bounded (:data:`MAX_ENTRIES`; past that the file starts again).

Where: ``$PTODBG_CACHE_DIR`` when set (an empty value turns the cache off), else
``$XDG_CACHE_HOME/ptodbg`` or ``~/.cache/ptodbg``.
"""

from __future__ import annotations

import atexit
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from types import CodeType

FORMAT = 2
MAX_ENTRIES = 1024  # the whole test suite needs about 500; the bound stops unbounded growth
MAX_FILE_BYTES = 16 << 20  # a larger file is not ours (or is damaged): ignored

Key = tuple[str, str]  # (code file name, source text)

# The file holds {key: marshal.dumps(code)}: reading it costs little (bytes objects), and
# only the code objects a process asks for are unmarshalled (a code object is the costly
# part - the whole table of them would take longer to read than a few compiles).
_known: dict[Key, bytes] | None = None  # what the file held, plus this process's compiles
_added: dict[Key, bytes] = {}  # compiled by this process, not yet written
_path: str | None = None  # the file _known came from (and new entries go to)
_save_registered = False


def cache_file() -> str | None:
    """The cache file's path, or None when the cache is turned off."""
    folder = os.environ.get("PTODBG_CACHE_DIR")
    if folder is None:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        folder = os.path.join(base, "ptodbg")
    elif not folder:
        return None
    tag = sys.implementation.cache_tag or "python"
    return os.path.join(folder, f"code-{tag}-{MAGIC_NUMBER.hex()}-f{FORMAT}.marshal")


def _read(path: str | None) -> dict[Key, bytes]:
    """The entries of the file at ``path``; {} for anything but a well-formed cache file."""
    if path is None:
        return {}
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            return {}
        table = marshal.loads(data)
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if type(table) is not dict:
        return {}
    for key, blob in table.items():
        if not (type(key) is tuple and len(key) == 2 and type(key[0]) is str and type(key[1]) is str
                and type(blob) is bytes):
            return {}
    return table


def compile_cached(text: str, filename: str) -> CodeType:
    """``compile(text, filename, "exec")``, from the cache when this text was compiled
    before (by this process or an earlier one)."""
    global _known, _path, _save_registered
    if _known is None:
        _path = cache_file()
        _known = _read(_path)
    key = (filename, text)
    blob = _known.get(key)
    if blob is not None:
        try:
            code = marshal.loads(blob)
        except (EOFError, ValueError, TypeError):
            code = None
        if type(code) is CodeType:
            return code
    code = compile(text, filename, "exec", dont_inherit=True)
    _known[key] = _added[key] = marshal.dumps(code)
    if not _save_registered:
        _save_registered = True
        atexit.register(save)
    return code


def forget() -> None:
    """Drop what this process read from the file (the next compile looks the file up and
    reads it again); entries not yet written are kept."""
    global _known
    _known = None


def save() -> None:
    """Write this process's new entries into the cache file they were looked up in
    (merged with what the file holds now); every failure leaves the file as it was."""
    path = _path
    if not _added or path is None:
        _added.clear()
        return
    table = _read(path)
    if len(table) + len(_added) > MAX_ENTRIES:
        table = {}
    table.update(_added)
    _added.clear()
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(tmp, "wb") as f:
            f.write(marshal.dumps(table))
        os.replace(tmp, path)
    except (OSError, ValueError):
        try:
            os.unlink(tmp)
        except OSError:
            pass
