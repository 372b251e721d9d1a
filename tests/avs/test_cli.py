"""``ptodbg avs`` through ``ptodbg.cli.main`` (DESIGN.md §11): per-point lines and the
summary, ``--json`` objects, exit statuses (0 nothing fails, 1 a point fails, 2 bad
usage with one ``ptodbg: error:`` line), on our own small programs and on real AVS points.
"""

from __future__ import annotations

import contextlib
import io
import json

from support.paths import CATALOG, SHARED

from ptodbg.cli import main

SD = SHARED / "pto" / "avs" / "asl" / "scalar" / "agu" / "SD"

PASSING = """// PTO-TEST: {"id":"T-PASS-001","kind":"execution"}
func main() => integer
begin
    ResetProfileState();
    WriteGPR(3, Zeros{PTO_XLEN} + 7);
    assert ReadGPR(3) == Zeros{PTO_XLEN} + 7;
    return 0;
end;
"""
FAILING = """// PTO-TEST: {"id":"T-FAIL-001","kind":"boundary"}
func main() => integer
begin
    ResetProfileState();
    WriteTPC(Zeros{PTO_XLEN} + 0x100);
    assert ReadTPC() == Zeros{PTO_XLEN} + 0x104;
    return 0;
end;
"""
UNSUPPORTED = """// PTO-TEST: {"id":"T-UNSUP-001","kind":"execution"}
func main() => integer
begin
    TMATMUL(0, 1, 2);
    return 0;
end;
"""
BROKEN = """// PTO-TEST: {"id":"T-BROKEN-001","kind":"execution"}
func main() => integer
begin
    let x = ;
end;
"""


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def write(tmp_path, **programs: str):
    for name, text in programs.items():
        (tmp_path / f"{name}.asl").write_text(text)
    return tmp_path


def test_text_report_lines_and_summary(tmp_path):
    folder = write(tmp_path, a=PASSING, b=FAILING, c=UNSUPPORTED)
    status, out, err = cli("avs", str(folder))
    lines = out.splitlines()
    assert status == 1 and err == ""
    assert lines[0].startswith("pass        T-PASS-001  ")
    assert lines[1].startswith("FAIL        T-FAIL-001  ")
    assert "assertion failed: left is bits(64) 0x100, right is bits(64) 0x104" in lines[2]
    assert "b.asl:6: assert ReadTPC() == Zeros{PTO_XLEN} + 0x104;" in lines[2]
    assert lines[3].startswith("unsupported T-UNSUP-001  ")
    assert "tile part two, matrix and cube engine: unsupported: function TMATMUL at" in lines[4]
    assert lines[-1].startswith("3 points: 1 pass, 1 fail, 1 unsupported (")


def test_json_report_and_exit_status_without_failures(tmp_path):
    folder = write(tmp_path, a=PASSING, c=UNSUPPORTED)
    status, out, _ = cli("avs", "--json", str(folder))
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert rows[0] == {"id": "T-PASS-001", "kind": "execution", "file": rows[0]["file"], "status": "pass",
                       "detail": ""}
    assert rows[0]["file"].endswith("a.asl")
    assert rows[1]["status"] == "unsupported" and rows[1]["detail"].startswith("tile part two, matrix and cube engine:")
    assert rows[-1] == {"total": 2, "pass": 1, "fail": 0, "unsupported": 1}


def test_a_program_that_does_not_parse_fails_with_its_place(tmp_path):
    folder = write(tmp_path, broken=BROKEN)
    status, out, _ = cli("avs", "--json", str(folder / "broken.asl"))
    row = json.loads(out.splitlines()[0])
    assert status == 1
    assert row["status"] == "fail"
    assert row["detail"].startswith("parse error: ") and "broken.asl:4:13: expected an expression" in row["detail"]


def test_bad_usage_is_one_error_line(tmp_path):
    status, out, err = cli("avs", str(tmp_path / "missing"))
    assert status == 2 and out == ""
    assert err == f"ptodbg: error: {tmp_path / 'missing'}: no such file or folder\n"
    status, _, err = cli("avs", str(tmp_path))
    assert status == 2 and err == f"ptodbg: error: {tmp_path}: no .asl programs\n"
    status, _, err = cli("avs", "--catalog", str(tmp_path), str(SD))
    assert status == 2 and "no scalar-forms.json" in err
    status, _, err = cli("avs")
    assert status == 2 and err.startswith("ptodbg: error: the following arguments are required: PATH")


def test_real_avs_points_pass(tmp_path):
    status, out, _ = cli("avs", "--json", "--catalog", str(CATALOG), str(SD))
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert {r["id"]: r["status"] for r in rows[:-1]} == {
        "PTO-AVS-AGU-SD-BOUND-001": "pass",
        "PTO-AVS-SCALAR-SD-DECODE-001": "pass",
        "PTO-AVS-AGU-SD-EXEC-001": "pass",
        "PTO-AVS-AGU-SD-ALIAS-001": "pass",
        "PTO-AVS-AGU-SD-FAULT-001": "pass",
    }
    assert rows[-1] == {"total": 5, "pass": 5, "fail": 0, "unsupported": 0}


def test_hostile_programs_fail_without_a_traceback(tmp_path):
    deep = "func main() => integer\nbegin\n    let x = " + "(" * 5000 + "1" + ")" * 5000 + ";\n    return 0;\nend;\n"
    binary = b"\xff\xfe\x00func"
    (tmp_path / "deep.asl").write_text(deep)
    (tmp_path / "binary.asl").write_bytes(binary)
    (tmp_path / "nomain.asl").write_text("func helper() => integer\nbegin\n    return 1;\nend;\n")
    status, out, err = cli("avs", "--json", str(tmp_path))
    rows = {json.loads(line).get("id"): json.loads(line) for line in out.splitlines()}
    assert status == 1 and err == ""
    assert rows["deep"]["status"] == "fail" and "nested too deeply" in rows["deep"]["detail"]
    assert rows["binary"]["status"] == "fail" and rows["binary"]["detail"].startswith("cannot read")
    assert rows["nomain"] == {"id": "nomain", "kind": "", "file": rows["nomain"]["file"], "status": "fail",
                              "detail": "no main() function"}
