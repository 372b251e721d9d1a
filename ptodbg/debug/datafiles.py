"""User data files (themes, sessions) for the clients of the engine.

The TUI and the DAP server may import only :mod:`ptodbg.debug` (DESIGN.md §1), yet they read
TOML files a user gives them.  This is their door to the one bounded reader
(:mod:`ptodbg.isa.userfile`: a regular file, size-capped, nesting checked before
:mod:`tomllib` sees it), so that no client opens a user file any other way.
"""

from __future__ import annotations

import os

from ptodbg.isa.userfile import UserFileError as DataFileError
from ptodbg.isa.userfile import load_toml, read_text

__all__ = ["DataFileError", "read_toml_file"]


def read_toml_file(path: str | os.PathLike, what: str) -> dict:
    """The TOML document at ``path`` (``what`` names the kind of file in errors, and picks
    its size limit); raises :class:`DataFileError` with one line naming the file."""
    return load_toml(read_text(path, what), os.fspath(path).rsplit("/", 1)[-1])
