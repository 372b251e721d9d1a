"""The theme files: the shipped themes load completely, and a bad file is skipped with one
message naming the file and the defect.  (The view model these tests once shared the file
with is now :mod:`ptodbg.debug.view.capture`, tested in ``tests/debug/view/test_view.py``.)"""

from __future__ import annotations

import pytest

from ptodbg.tui.themes import PTODBG_VARIABLES, THEMES_DIR, load_themes


# ------------------------------------------------------------------ themes
def test_the_shipped_themes_load_completely():
    loaded = load_themes(THEMES_DIR)
    assert loaded.errors == []
    assert {"dark", "light", "high-contrast"} <= set(loaded.names)
    for theme in loaded.themes:
        assert set(PTODBG_VARIABLES) <= set(theme.variables)
    light = next(t for t in loaded.themes if t.name == "light")
    assert light.dark is False


GOOD = """name = "mine"
primary = "#123456"
[variables]
""" + "\n".join(f'{k} = "#010203"' for k in PTODBG_VARIABLES) + "\n"


@pytest.mark.parametrize(("text", "problem"), [
    ("name = 'x'\n", "primary colour is missing"),
    ("primary = '#zz'\n", "is not a colour"),
    ("primary = '#123456'\ncolour = 1\n", "unknown keys colour"),
    ("primary = '#123456'\n[variables]\npd-dma-src = '#010203'\n", "variables missing"),
    ("primary = '#123456\n", "not valid TOML"),
    (GOOD.replace('pd-zero = "#010203"', 'pd-zero = "nope"'), "pd-zero = 'nope' is not a colour"),
])
def test_bad_theme_files_are_skipped_with_one_message(tmp_path, text, problem):
    (tmp_path / "bad.toml").write_text(text)
    (tmp_path / "good.toml").write_text(GOOD)
    loaded = load_themes(tmp_path)
    assert loaded.names == ["mine"]
    assert len(loaded.errors) == 1 and loaded.errors[0].startswith("bad.toml: ") and problem in loaded.errors[0]
