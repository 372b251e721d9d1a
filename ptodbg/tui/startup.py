"""What the TUI brings from one run to the next: the command history and the start-up
commands.

* **History**: the lines run on the command line are kept in
  ``$XDG_STATE_HOME/ptodbg/history`` (default ``~/.local/state/ptodbg/history``), one per
  line, the newest :data:`MAX_HISTORY` of them; the file is read through the bounded reader
  at start and rewritten atomically after each command, so two ptodbg sessions never leave
  a torn file (the later one wins).  A file that cannot be read or written costs the
  history, never the session: the message line says so once.
* **Start-up commands** (gdb's ``.gdbinit`` and ``gdb -x FILE``): the lines of
  ``$XDG_CONFIG_HOME/ptodbg/init`` (default ``~/.config/ptodbg/init``), then those of
  ``ptodbg tui -x FILE``, run one after the other once the screen is up, as if typed on the
  command line (``#`` comments as in batch scripts).  The first that fails stops the rest,
  as gdb stops sourcing a file at its first error.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ptodbg.debug.commands.batch import script_lines
from ptodbg.debug.files.atomicwrite import write_atomically
from ptodbg.debug.files.datafiles import (
    DataFileError,
    read_user_text,
    user_config_dir,
    user_state_dir,
)

MAX_HISTORY = 1000  # lines kept
MAX_LINE = 1000  # a longer line is not kept (the history is for typing; 1,000 lines fit the reader's 1 MiB)


def history_path(environ: Mapping[str, str] | None = None) -> Path:
    return user_state_dir(environ) / "history"


def init_path(environ: Mapping[str, str] | None = None) -> Path:
    return user_config_dir(environ) / "init"


def load_history(path: Path) -> tuple[list[str], str | None]:
    """The kept lines, oldest first, and why none could be read (None: fine, or no file)."""
    if not path.exists():
        return [], None
    try:
        text = read_user_text(path, "history")
    except DataFileError as e:
        return [], f"command history not read: {e}"
    lines = [line for line in text.splitlines() if line.strip() and len(line) <= MAX_LINE]
    return lines[-MAX_HISTORY:], None


def save_history(path: Path, lines: list[str]) -> str | None:
    """Keep the newest :data:`MAX_HISTORY` lines; why it failed, or None."""
    kept = [line for line in lines if "\n" not in line and len(line) <= MAX_LINE][-MAX_HISTORY:]
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, "".join(line + "\n" for line in kept))
    except OSError as e:
        return f"command history not saved: {e.strerror or e}: {path}"
    return None


def startup_commands(script: str | None, environ: Mapping[str, str] | None = None) -> tuple[list[tuple[str, str]],
                                                                                          str | None]:
    """(where, line) of every start-up command, the init file's then ``script``'s, and why
    the init file could not be read (None: read, or there is none), which costs its
    commands, not the session (the message line says it, as a broken theme file).
    ``script`` was asked for by name: a file that cannot be read raises
    :class:`DataFileError` (one line naming it)."""
    out: list[tuple[str, str]] = []
    problem = None
    init = init_path(environ)
    if init.exists():
        try:
            out += [(str(init), line) for line in script_lines(read_user_text(init))]
        except DataFileError as e:
            problem = f"start-up commands not run: {e}"
    if script is not None:
        out += [(script, line) for line in script_lines(read_user_text(script))]
    return out, problem
