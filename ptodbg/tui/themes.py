"""Theme files: every ``*.toml`` of a theme folder becomes a Textual :class:`~textual.theme.Theme`.

Two folders are read, in order: the themes shipped in the package (``ptodbg/themes/``, found
with :mod:`importlib.resources`, so an installed wheel has them), then the user's theme folder
``$XDG_CONFIG_HOME/ptodbg/themes`` (default ``~/.config/ptodbg/themes``; see
:mod:`ptodbg.debug.files.datafiles`).  A user theme extends the list, or replaces the shipped
theme of the same name in its place.

A theme file is data, never code (read with :mod:`tomllib`, through the bounded reader of
:mod:`ptodbg.debug.files.datafiles`: a regular file of at most 1 MiB, its nesting checked).  Its top-level keys are
Textual's theme colours (``primary``, ``background``, ...; ``dark`` a boolean) and its
``[variables]`` table holds ptodbg's own colours, the ``pd-*`` names of
:data:`PTODBG_VARIABLES`: the panes draw every DMA, change, permission and marker colour
from those CSS variables (``ptodbg.tcss``), so a theme changes all of them.  A file that
cannot be used is skipped with one message naming the file (a user's by its full path, so
it can be found) and the defect; the others still load.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path

from textual.color import Color, ColorParseError
from textual.theme import Theme

from ptodbg.debug.files.datafiles import (
    DataFileError,
    folder_entries,
    read_toml_file,
    shipped_folder,
    shipped_path,
    user_config_dir,
)

THEMES_DIR: Traversable = shipped_folder("themes")
DEFAULT_THEME = "dark"
MAX_THEME_FILES = 64  # per folder: a user's folder of thousands of files is read in part, and said so

# ptodbg's colour variables with fallbacks.  A ptodbg theme file must define all of them;
# the fallbacks serve Textual's built-in themes, so that the stylesheet always parses.
PTODBG_VARIABLES: dict[str, str] = {
    "pd-dma-src": "#1d4f7a",
    "pd-dma-dst": "#6e4a12",
    "pd-dma-overlap": "#6a2f6e",
    "pd-written": "#ffd866",
    "pd-changed": "#ffd866",
    "pd-cumulative": "#ff9e64",
    "pd-event": "#2f7d4f",
    "pd-perm-r": "#7fc8f8",
    "pd-perm-w": "#f4a259",
    "pd-perm-x": "#9bde7e",
    "pd-perm-none": "#5a6270",
    "pd-perm-fault": "#ff5f5f",
    "pd-unmapped": "#4a505a",
    "pd-zero": "#7d8590",
    "pd-pc": "#2b4a6b",
    "pd-cursor": "#3a3f4a",
    "pd-breakpoint": "#ff5f5f",
    "pd-label": "#c49bff",
    "pd-address": "#8a96a8",
    "pd-trap": "#ff5f5f",
    "pd-ok": "#5fbf77",
    "pd-future": "#5a6270",
}

COLOUR_KEYS = ("primary", "secondary", "warning", "error", "success", "accent",
               "foreground", "background", "surface", "panel", "boost")


@dataclass(frozen=True)
class LoadedThemes:
    themes: list[Theme]
    errors: list[str]

    @property
    def names(self) -> list[str]:
        return [t.name for t in self.themes]


def _colour(key: str, value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{key} must be a colour string such as \"#1d4f7a\"")
    try:
        Color.parse(value)
    except ColorParseError:
        raise ValueError(f"{key} = {value!r} is not a colour") from None
    return value


def theme_from_data(stem: str, data: dict) -> Theme:
    """Check one parsed theme file (named ``stem`` + ``.toml``) and build its Theme
    (a ValueError says the defect, without the file's name)."""
    name = data.get("name", stem)
    if not isinstance(name, str) or not name.strip():
        raise ValueError("name must be a non-empty string")
    if "primary" not in data:
        raise ValueError("the primary colour is missing")
    unknown = set(data) - set(COLOUR_KEYS) - {"name", "dark", "variables"}
    if unknown:
        raise ValueError(f"unknown keys {', '.join(sorted(unknown))}")
    colours = {k: _colour(k, data[k]) for k in COLOUR_KEYS if k in data}
    dark = data.get("dark", True)
    if not isinstance(dark, bool):
        raise ValueError("dark must be true or false")
    variables = data.get("variables", {})
    if not isinstance(variables, dict):
        raise ValueError("[variables] must be a table")
    missing = [v for v in PTODBG_VARIABLES if v not in variables]
    if missing:
        raise ValueError(f"variables missing: {', '.join(missing)}")
    checked = {k: _colour(k, v) if k.startswith("pd-") else str(v) for k, v in variables.items()}
    return Theme(name=name.strip(), dark=dark, variables=checked, **colours)


def user_themes_dir() -> Path:
    """The user's theme folder: ``$XDG_CONFIG_HOME/ptodbg/themes`` (``~/.config/ptodbg/themes``)."""
    return user_config_dir() / "themes"


def _read_folder(folder: Traversable, full_names: bool) -> tuple[list[Theme], list[str]]:
    """The usable themes of one folder in file-name order, and one message per file that is
    not usable (named by its full path when ``full_names``, else by its name)."""
    themes: list[Theme] = []
    errors: list[str] = []
    try:
        entries = folder_entries(folder, ".toml")
    except DataFileError as e:
        return [], [f"theme folder {e}"]
    if len(entries) > MAX_THEME_FILES:
        errors.append(f"{folder}: {len(entries)} theme files; only the first {MAX_THEME_FILES} were read")
        entries = entries[:MAX_THEME_FILES]
    defined: dict[str, str] = {}
    for entry in entries:
        label = str(entry) if full_names else entry.name
        try:
            with shipped_path(entry) as path:
                theme = theme_from_data(path.stem, read_toml_file(path, "theme", shown_as=label))
        except DataFileError as e:
            errors.append(str(e))
            continue
        except ValueError as e:
            errors.append(f"{label}: {e}")
            continue
        if theme.name in defined:
            errors.append(f"{label}: theme {theme.name!r} is already defined by {defined[theme.name]} (skipped)")
            continue
        defined[theme.name] = label
        themes.append(theme)
    return themes, errors


def load_themes(folder: Traversable | str | os.PathLike | None = None) -> LoadedThemes:
    """The themes of ``folder`` (every ``*.toml`` in name order); without one, the shipped
    themes and then the user's (:func:`user_themes_dir`), whose themes replace shipped ones
    of the same name in place or come after them.  Unusable files are reported, one message
    each, and the others still load."""
    if folder is not None:
        themes, errors = _read_folder(Path(folder) if isinstance(folder, (str, os.PathLike)) else folder, False)
        return LoadedThemes(themes, errors)
    return _merged([_read_folder(THEMES_DIR, False), _read_folder(user_themes_dir(), True)])


def unknown_theme(name: str, themes_dir: Path | None = None) -> str | None:
    """One sentence naming every theme when ``name`` is none of them (None: it is one);
    ``themes_dir`` None: the shipped themes and the user's (:func:`load_themes`)."""
    from textual.theme import BUILTIN_THEMES

    loaded = load_themes(themes_dir).names
    if name in loaded or name in BUILTIN_THEMES:
        return None
    return (f"no theme {name!r}; themes: {', '.join(loaded) or '(none loaded)'}; "
            f"Textual's: {', '.join(sorted(BUILTIN_THEMES))}")


def _merged(parts: Iterable[tuple[list[Theme], list[str]]]) -> LoadedThemes:
    by_name: dict[str, Theme] = {}
    errors: list[str] = []
    for themes, problems in parts:
        for theme in themes:
            by_name[theme.name] = theme  # a later folder's theme keeps the earlier one's place
        errors += problems
    return LoadedThemes(list(by_name.values()), errors)
