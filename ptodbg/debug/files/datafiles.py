"""Data files for the clients of the engine: the ones ptodbg ships and the ones a user gives.

The TUI and the DAP server may import only :mod:`ptodbg.debug` (docs/interfaces.md §1), yet they read
TOML files.  This module is their door to them:

* **user files** go through the one bounded reader (:mod:`ptodbg.base.userfile`: a regular
  file, size-capped, nesting checked before :mod:`tomllib` sees it), so that no client opens
  a user file any other way;
* **shipped files** — the themes and the example sessions with their programs — are package
  data (``ptodbg/themes/``, ``ptodbg/sessions/``), found with :mod:`importlib.resources`, so a
  wheel installed anywhere finds them the way a source checkout does (the repository's
  top-level ``themes/`` and ``sessions/`` are symbolic links to those folders);
* the **user's configuration folder** is ``$XDG_CONFIG_HOME/ptodbg`` (the XDG base directory
  rule: a relative or empty ``XDG_CONFIG_HOME`` is ignored), by default ``~/.config/ptodbg``;
  its ``themes/`` extend and override the shipped themes, and its ``init`` holds the
  commands the TUI runs at start (gdb's ``.gdbinit``);
* the **user's state folder** is ``$XDG_STATE_HOME/ptodbg`` (same rule), by default
  ``~/.local/state/ptodbg``: the TUI keeps its command history there.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from ptodbg.base.userfile import UserFileError as DataFileError
from ptodbg.base.userfile import load_toml, read_text, reason, shown

__all__ = ["DataFileError", "example_sessions", "folder_entries", "read_toml_file", "read_user_text",
           "shipped_folder", "shipped_path", "user_config_dir", "user_state_dir"]

PACKAGE = "ptodbg"
SHIPPED_FOLDERS = ("themes", "sessions")


def read_toml_file(path: str | os.PathLike, what: str, shown_as: str | None = None) -> dict:
    """The TOML document at ``path`` (``what`` names the kind of file in errors, and picks
    its size limit); raises :class:`DataFileError` with one line naming the file: as
    ``shown_as`` when given, else by its path (a read error) or its name (a TOML error)."""
    raw = os.fspath(path)
    try:
        text = read_text(raw, what)
    except DataFileError as e:
        given = shown(raw) + ": "
        if shown_as is None or not str(e).startswith(given):
            raise
        raise DataFileError(f"{shown_as}: {str(e)[len(given):]}") from None
    return load_toml(text, raw.rsplit("/", 1)[-1] if shown_as is None else shown_as)


def folder_entries(folder: Traversable, suffix: str) -> list[Traversable]:
    """The entries of ``folder`` whose names end in ``suffix`` (hidden ones left out), in name
    order, whatever their type (the reader refuses a FIFO or a folder by name).  A folder
    that does not exist has none; one that cannot be listed is a :class:`DataFileError`."""
    try:
        entries = [e for e in folder.iterdir() if e.name.endswith(suffix) and not e.name.startswith(".")]
    except FileNotFoundError:
        return []
    except NotADirectoryError:
        raise DataFileError(f"{shown(str(folder))}: not a directory") from None
    except OSError as e:
        raise DataFileError(f"{shown(str(folder))}: {reason(e)}") from None
    return sorted(entries, key=lambda e: e.name)


def shipped_folder(name: str) -> Traversable:
    """The shipped data folder ``name`` (``"themes"`` or ``"sessions"``) inside the installed
    package.  A :class:`~importlib.resources.abc.Traversable`: a :class:`~pathlib.Path` for
    any installation on a file system; use :func:`shipped_path` to get a real file."""
    if name not in SHIPPED_FOLDERS:
        raise ValueError(f"no shipped folder {name!r} (there are: {', '.join(SHIPPED_FOLDERS)})")
    return resources.files(PACKAGE) / name


@contextmanager
def shipped_path(entry: Traversable) -> Iterator[Path]:
    """A real file for a shipped entry while the ``with`` block lasts (the file itself for
    an installation on disk; a temporary copy for one inside a zip archive)."""
    with resources.as_file(entry) as path:
        yield Path(path)


def example_sessions() -> list[Traversable]:
    """The shipped example sessions (``*.toml``), in name order.  Each names its program
    relative to itself (``programs/NAME.s``, shipped beside it)."""
    return folder_entries(shipped_folder("sessions"), ".toml")


def read_user_text(path: str | os.PathLike, what: str = "script") -> str:
    """The text of a user's file through the bounded reader (a regular file, size-capped by
    ``what``); :class:`DataFileError` with one line naming the file."""
    return read_text(os.fspath(path), what)


def _xdg(environ: Mapping[str, str] | None, variable: str, default: str) -> Path:
    env = os.environ if environ is None else environ
    base = env.get(variable, "")
    if not base or not os.path.isabs(base):
        home = env.get("HOME") or os.path.expanduser("~")
        base = os.path.join(home, default)
    return Path(base) / "ptodbg"


def user_state_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_STATE_HOME/ptodbg``, or ``~/.local/state/ptodbg`` (as :func:`user_config_dir`)."""
    return _xdg(environ, "XDG_STATE_HOME", os.path.join(".local", "state"))


def user_config_dir(environ: Mapping[str, str] | None = None) -> Path:
    """``$XDG_CONFIG_HOME/ptodbg``, or ``~/.config/ptodbg`` when that variable is unset, empty
    or relative (the XDG base directory specification says to ignore a relative one)."""
    env = os.environ if environ is None else environ
    base = env.get("XDG_CONFIG_HOME", "")
    if not base or not os.path.isabs(base):
        home = env.get("HOME") or os.path.expanduser("~")
        base = os.path.join(home, ".config")
    return Path(base) / "ptodbg"
