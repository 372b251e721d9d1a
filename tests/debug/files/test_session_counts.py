"""Session files of schema 2: tomli-w's text, and [counts] written last, so that a file cut
at a record boundary (or anywhere) is refused with one clear message."""

from __future__ import annotations

import re
import tomllib

import pytest
from support.engine_program import DST, SRC, make

from ptodbg.debug.files import atomicwrite, session, session_schema
from ptodbg.debug.files.session import SessionError

LONG = " + 0" * 30  # a condition too long for one line: tomli-w writes [[breakpoint]] tables


def saved(tmp_path, long_records: bool):
    d = make()
    d.sha256 = "cd" * 32
    tail = LONG if long_records else ""
    d.add_breakpoint("copy", "a2 == 3" + tail)
    d.add_breakpoint("copy2", "a2 == 4" + tail)
    d.add_watchpoint(f"{DST:#x}", 64, "w")
    d.set_perms(DST, 0x1000, "r--", at=5)
    d.step(1)
    d.set_register("a4", 0x1234)
    d.set_memory(SRC, bytes(range(80)) if long_records else b"\x01\x02")
    d.settings["theme"] = "light"
    d.settings["views"] = [{"name": "source", "follow": "dma.src"}, {"name": "b", "follow": "dma.dst"}]
    path = session.save(d, tmp_path / "s.toml")
    return path, path.read_text()


@pytest.mark.parametrize("long_records", [False, True], ids=["inline records", "[[record]] tables"])
def test_the_text_is_toml_with_counts_last(tmp_path, long_records):
    path, text = saved(tmp_path, long_records)
    doc = tomllib.loads(text)
    assert doc["schema"] == session_schema.SCHEMA == 2
    assert doc["counts"] == {"breakpoint": 2, "watchpoint": 1, "injection": 1, "edit": 2, "view": 2}
    assert list(doc)[-1] == "counts" and text.rstrip().endswith("view = 2")
    assert ("[[breakpoint]]" in text) == long_records  # tomli-w's choice, by line length
    assert session.read(path)["breakpoint"][1]["condition"] == "a2 == 4" + (LONG if long_records else "")


def record_boundaries(text: str) -> list[int]:
    """Offsets just after each whole record: after each inline record line, and before each
    [[name]] header but the first of its list."""
    cuts = [m.end() for m in re.finditer(r"^    \{.*\},\n", text, re.M)]
    cuts += [m.start() + 1 for m in re.finditer(r"\n\n\[\[", text)]
    return sorted(cuts)


@pytest.mark.parametrize("long_records", [False, True], ids=["inline records", "[[record]] tables"])
def test_a_session_cut_at_every_record_boundary_is_refused(tmp_path, long_records):
    _, text = saved(tmp_path, long_records)
    cuts = record_boundaries(text)
    assert len(cuts) >= (5 if long_records else 8), cuts
    cut = tmp_path / "cut.toml"
    for at in cuts:
        cut.write_text(text[:at])
        with pytest.raises(SessionError) as info:
            session.read(cut)
        message = str(info.value)
        assert "\n" not in message and message.startswith(f"{cut}: "), message
        # what a reader is told: the file is incomplete ([counts] missing, or an array left open)
        assert ("counts: missing (the file is incomplete: truncated, or not written by ptodbg)" in message
                or message.endswith("(at end of document); the file is incomplete (truncated?)")), (at, message)


def test_a_whole_record_taken_out_of_a_table_list_disagrees_with_counts(tmp_path):
    _, text = saved(tmp_path, long_records=True)
    first, second = (m.start() for m in re.finditer(r"^\[\[breakpoint\]\]$", text, re.M))
    short = tmp_path / "short.toml"
    short.write_text(text[:first] + text[second:])  # the first [[breakpoint]] record gone
    with pytest.raises(SessionError, match=r"short.toml: breakpoint: 1 record, but \[counts\] says 2 "
                                           r"\(the file is truncated\)$"):
        session.read(short)


def test_counts_are_required_in_schema_2_and_optional_in_schema_1(tmp_path):
    _, text = saved(tmp_path, long_records=False)
    without = text[: text.index("\n[counts]")] + "\n"
    two = tmp_path / "two.toml"
    two.write_text(without)
    with pytest.raises(SessionError, match=r"two.toml: counts: missing \(the file is incomplete"):
        session.read(two)
    one = tmp_path / "one.toml"
    one.write_text(without.replace("schema = 2", "schema = 1", 1))
    assert len(session.read(one)["breakpoint"]) == 2  # an older file still loads
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(text.replace("schema = 2", "schema = 1", 1).replace("view = 2", "view = 3"))
    with pytest.raises(SessionError, match=r"view: 2 records, but \[counts\] says 3"):
        session.read(wrong)  # a schema 1 file with [counts] has them checked


def test_the_site_session_writer_counts_what_it_writes(tmp_path):
    """sitesession replaces the lists of session_data: the counts follow the lists."""
    data = session.session_data(make(), tmp_path / "x.toml")
    data.update(breakpoint=[], view=[{"name": "v", "follow": "sp"}])
    doc = tomllib.loads(session.to_toml(data))
    assert doc["counts"]["breakpoint"] == 0 and doc["counts"]["view"] == 1


def test_save_keeps_the_permissions_of_the_file_it_replaces(tmp_path):
    target = tmp_path / "kept.toml"
    target.write_text("old")
    target.chmod(0o640)
    session.save(make(), target)
    assert target.stat().st_mode & 0o777 == 0o640
    fresh = session.save(make(), tmp_path / "fresh.toml")
    assert fresh.stat().st_mode & 0o777 == 0o666 & ~atomicwrite._umask()  # as open() would make it
