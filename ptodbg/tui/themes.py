"""Theme files: every ``themes/*.toml`` becomes a Textual :class:`~textual.theme.Theme`.

A theme file is data, never code (read with :mod:`tomllib`, through the bounded reader of
:mod:`ptodbg.debug.datafiles`: a regular file of at most 1 MiB, its nesting checked).  Its top-level keys are
Textual's theme colours (``primary``, ``background``, ...; ``dark`` a boolean) and its
``[variables]`` table holds ptodbg's own colours, the ``pd-*`` names of
:data:`PTODBG_VARIABLES`: the panes draw every DMA, change, permission and marker colour
from those CSS variables (``ptodbg.tcss``), so a theme changes all of them.  A file that
cannot be used is skipped with one message naming the file and the defect; the others
still load.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from textual.color import Color, ColorParseError
from textual.theme import Theme

from ptodbg.debug.datafiles import DataFileError, read_toml_file

THEMES_DIR = Path(__file__).resolve().parents[2] / "themes"
DEFAULT_THEME = "dark"

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


def _colour(path: Path, key: str, value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{path.name}: {key} must be a colour string such as \"#1d4f7a\"")
    try:
        Color.parse(value)
    except ColorParseError:
        raise ValueError(f"{path.name}: {key} = {value!r} is not a colour") from None
    return value


def theme_from_data(path: Path, data: dict) -> Theme:
    """Check one parsed theme file and build its Theme (ValueError names the defect)."""
    name = data.get("name", path.stem)
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"{path.name}: name must be a non-empty string")
    if "primary" not in data:
        raise ValueError(f"{path.name}: the primary colour is missing")
    unknown = set(data) - set(COLOUR_KEYS) - {"name", "dark", "variables"}
    if unknown:
        raise ValueError(f"{path.name}: unknown keys {', '.join(sorted(unknown))}")
    colours = {k: _colour(path, k, data[k]) for k in COLOUR_KEYS if k in data}
    dark = data.get("dark", True)
    if not isinstance(dark, bool):
        raise ValueError(f"{path.name}: dark must be true or false")
    variables = data.get("variables", {})
    if not isinstance(variables, dict):
        raise ValueError(f"{path.name}: [variables] must be a table")
    missing = [v for v in PTODBG_VARIABLES if v not in variables]
    if missing:
        raise ValueError(f"{path.name}: variables missing: {', '.join(missing)}")
    checked = {k: _colour(path, k, v) if k.startswith("pd-") else str(v) for k, v in variables.items()}
    return Theme(name=name.strip(), dark=dark, variables=checked, **colours)


def load_themes(folder: Path = THEMES_DIR) -> LoadedThemes:
    """Every ``*.toml`` of ``folder`` in name order; unusable files are reported."""
    themes: list[Theme] = []
    errors: list[str] = []
    try:
        files = sorted(Path(folder).glob("*.toml"))
    except OSError as e:
        return LoadedThemes([], [f"{folder}: {e.strerror or e}"])
    for path in files:
        try:
            data = read_toml_file(path, "theme")
        except DataFileError as e:
            errors.append(str(e).replace(str(path), path.name, 1))
            continue
        try:
            themes.append(theme_from_data(path, data))
        except ValueError as e:
            errors.append(str(e))
    return LoadedThemes(themes, errors)
