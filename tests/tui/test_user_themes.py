"""The user's theme folder ($XDG_CONFIG_HOME/ptodbg/themes) beside the shipped themes."""

from __future__ import annotations

import os

import pytest

from ptodbg.debug.files.datafiles import user_config_dir
from ptodbg.tui.app import unknown_theme
from ptodbg.tui.themes import MAX_THEME_FILES, PTODBG_VARIABLES, load_themes, user_themes_dir


def theme_text(name: str, primary: str = "#123456", dark: bool = True) -> str:
    return (f'name = "{name}"\ndark = {str(dark).lower()}\nprimary = "{primary}"\n[variables]\n'
            + "".join(f'{k} = "#010203"\n' for k in PTODBG_VARIABLES))


@pytest.fixture
def user_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    folder = tmp_path / "config" / "ptodbg" / "themes"
    folder.mkdir(parents=True)
    return folder


def test_user_themes_extend_and_override_the_shipped_ones(user_folder):
    (user_folder / "light.toml").write_text(theme_text("light", primary="#abcdef", dark=False))
    (user_folder / "mine.toml").write_text(theme_text("mine"))
    loaded = load_themes()
    assert loaded.errors == []
    assert loaded.names == ["dark", "high-contrast", "light", "mine"]  # light kept its place
    light = next(t for t in loaded.themes if t.name == "light")
    assert light.primary == "#abcdef"  # the user's, not the shipped one
    assert unknown_theme("mine") is None  # `ptodbg tui --theme mine` finds it


def test_a_bad_user_theme_is_one_message_with_its_full_path_and_the_others_load(user_folder):
    (user_folder / "broken.toml").write_text('primary = "#zz"\n')
    (user_folder / "cut.toml").write_text(theme_text("cut")[:42])  # inside the primary colour
    (user_folder / "mine.toml").write_text(theme_text("mine"))
    (user_folder / ".hidden.toml").write_text("not toml at all [")  # an editor's file: not read
    (user_folder / "notes.txt").write_text("not a theme")
    loaded = load_themes()
    assert loaded.names == ["dark", "high-contrast", "light", "mine"]
    assert loaded.errors == [
        f"{user_folder / 'broken.toml'}: primary = '#zz' is not a colour",
        f"{user_folder / 'cut.toml'}: not valid TOML: Unterminated string (at end of document)",
    ]


def test_a_hostile_user_theme_folder(user_folder):
    (user_folder / "loop.toml").symlink_to(user_folder / "loop.toml")
    os.mkfifo(user_folder / "fifo.toml")
    (user_folder / "folder.toml").mkdir()
    (user_folder / "a.toml").write_text(theme_text("twice"))
    (user_folder / "b.toml").write_text(theme_text("twice", primary="#654321"))
    loaded = load_themes()
    assert loaded.names == ["dark", "high-contrast", "light", "twice"]
    assert next(t for t in loaded.themes if t.name == "twice").primary == "#123456"  # the first file's
    assert sorted(loaded.errors) == sorted([
        f"{user_folder / 'b.toml'}: theme 'twice' is already defined by {user_folder / 'a.toml'} (skipped)",
        f"{user_folder / 'fifo.toml'}: is a FIFO (named pipe), not a regular file",
        f"{user_folder / 'folder.toml'}: is a directory",
        f"{user_folder / 'loop.toml'}: too many levels of symbolic links (a symlink loop?)",
    ])


def test_too_many_user_theme_files_are_read_in_part(user_folder):
    for i in range(MAX_THEME_FILES + 3):
        (user_folder / f"t{i:03}.toml").write_text(theme_text(f"t{i:03}"))
    loaded = load_themes()
    assert len(loaded.names) == 3 + MAX_THEME_FILES
    assert loaded.errors == [f"{user_folder}: {MAX_THEME_FILES + 3} theme files; only the first "
                             f"{MAX_THEME_FILES} were read"]


def test_no_user_folder_is_no_message(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "nothing-here"))
    loaded = load_themes()
    assert loaded.errors == [] and loaded.names == ["dark", "high-contrast", "light"]


def test_a_user_folder_that_is_a_file_is_one_message(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    (tmp_path / "ptodbg").mkdir()
    (tmp_path / "ptodbg" / "themes").write_text("a file where the folder should be")
    loaded = load_themes()
    assert loaded.names == ["dark", "high-contrast", "light"]
    assert loaded.errors == [f"theme folder {tmp_path / 'ptodbg' / 'themes'}: not a directory"]


def test_where_the_user_folder_is():
    assert str(user_config_dir({"XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"})) == "/x/cfg/ptodbg"
    # unset, empty or relative (the XDG rule: ignore a relative one): ~/.config
    for env in ({"HOME": "/home/u"}, {"XDG_CONFIG_HOME": "", "HOME": "/home/u"},
                {"XDG_CONFIG_HOME": "rel/cfg", "HOME": "/home/u"}):
        assert str(user_config_dir(env)) == "/home/u/.config/ptodbg", env


def test_the_test_run_has_its_own_empty_config_home():
    """tests/conftest.py: a developer's own themes never reach a test."""
    assert not user_themes_dir().exists() or not any(user_themes_dir().iterdir())
    assert str(user_themes_dir()).startswith(os.environ["XDG_CONFIG_HOME"])
