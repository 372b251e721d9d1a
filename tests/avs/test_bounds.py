"""``ptodbg avs`` on hostile input (issue 24 item 3), through ``ptodbg.cli.main`` as a user
types it: every case is one clear line — exit status 2 with one ``ptodbg: error:`` line
for a path that cannot be read as a program (a device, a FIFO, an 8 GiB sparse file, a
name too long), a ``fail`` point saying which bound it passed for a bad program — never a
traceback, a hang, a memory blow-up, or a RecursionError shown as an "internal error".
Each runs in seconds; the bounds are those of :mod:`ptodbg.avs.limits`."""

from __future__ import annotations

import contextlib
import gzip
import io
import json
import os
import time

import pytest

from ptodbg.avs.limits import MAX_PROGRAM_BYTES, MAX_STATEMENTS, MAX_SYNTAX_DEPTH
from ptodbg.cli import main

HEADER = '// PTO-TEST: {"id":"T-BOUND-001","kind":"boundary"}\n'


def program(body: str, header: str = HEADER) -> str:
    return header + "func main() => integer\nbegin\n" + body + "\n    return 0;\nend;\n"


def cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(list(args))
    return status, out.getvalue(), err.getvalue()


def point(tmp_path, text: str | bytes, name: str = "p.asl", seconds: float = 10.0) -> dict:
    """Run one program file; its point as ``--json`` reports it (and nothing on stderr)."""
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    started = time.monotonic()
    status, out, err = cli("avs", "--json", str(path))
    assert time.monotonic() - started < seconds
    rows = [json.loads(line) for line in out.splitlines()]
    assert err == "" and len(rows) == 2, (status, out, err)
    assert status == (1 if rows[0]["status"] == "fail" else 0)
    assert "\n" not in rows[0]["detail"] and "internal error" not in rows[0]["detail"]
    assert "Traceback" not in rows[0]["detail"] and "RecursionError" not in rows[0]["detail"]
    return rows[0]


def refused(path: str, reason: str) -> None:
    status, out, err = cli("avs", path)
    assert (status, out) == (2, "")
    assert err == f"ptodbg: error: {path}: {reason}\n"


# ----------------------------------------------------------------------------- paths
def test_special_files_and_huge_files_are_bad_paths(tmp_path):
    fifo = tmp_path / "pipe.asl"
    os.mkfifo(fifo)
    sparse = tmp_path / "huge.asl"
    with open(sparse, "wb") as f:
        f.truncate(8 << 30)
    refused("/dev/zero", "is a character device, not a regular file")
    refused("/dev/urandom", "is a character device, not a regular file")
    refused(str(fifo), "is a FIFO (named pipe), not a regular file")
    refused(str(sparse), "is 8.0 GiB, more than the 256 KiB limit for an AVS program")


def test_a_name_too_long_for_the_file_system_is_a_bad_path(tmp_path):
    refused(str(tmp_path / ("a" * 300 + ".asl")), "file name too long")
    status, _, err = cli("avs", "")
    assert status == 2 and err == "ptodbg: error: '': no file or folder named\n"


def test_in_a_folder_an_unreadable_program_fails_its_point_and_the_others_run(tmp_path):
    os.mkfifo(tmp_path / "a-pipe.asl")
    with open(tmp_path / "b-huge.asl", "wb") as f:
        f.truncate(8 << 30)
    (tmp_path / "c-good.asl").write_text(program("    pass;"))
    status, out, err = cli("avs", "--json", str(tmp_path))
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 1 and err == ""
    assert [(r["id"], r["status"]) for r in rows[:-1]] == [("a-pipe", "fail"), ("b-huge", "fail"),
                                                          ("T-BOUND-001", "pass")]
    assert rows[0]["detail"].endswith("a-pipe.asl: is a FIFO (named pipe), not a regular file")
    assert rows[1]["detail"].endswith("b-huge.asl: is 8.0 GiB, more than the 256 KiB limit for an AVS program")


def test_the_issue_s_large_programs_are_refused_by_their_size(tmp_path):
    """300,000 statements and a 5 MB line (each over 20 s before): over the size limit."""
    for name, text in [("many.asl", program("\n".join(["    pass;"] * 300_000))),
                       ("wide.asl", program("    " + "pass; " * (5_000_000 // 6)))]:
        path = tmp_path / name
        path.write_text(text)
        started = time.monotonic()
        status, out, err = cli("avs", str(path))
        assert time.monotonic() - started < 2
        assert status == 2 and out == "" and err.startswith(f"ptodbg: error: {path}: is ")
        assert err.endswith("MiB, more than the 256 KiB limit for an AVS program\n")


# ------------------------------------------------------------------------ programs
def test_a_100000_digit_literal_is_a_parse_error_at_its_place(tmp_path):
    row = point(tmp_path, program("    let x = " + "9" * 100_000 + ";"))
    assert row["status"] == "fail"
    assert row["detail"].endswith("p.asl:4:13: a literal of 100000 characters (at most 1000)")


def test_a_long_flat_sum_is_refused_by_the_depth_bound_not_a_recursion_error(tmp_path):
    terms = (MAX_PROGRAM_BYTES - 200) // 2  # as many "1+" as the size limit lets through
    row = point(tmp_path, program("    let x = " + "1+" * terms + "1;"))
    assert row["status"] == "fail" and row["detail"].startswith("parse error: ")
    assert f"p.asl:4: statement or expression nested more than {MAX_SYNTAX_DEPTH} deep" in row["detail"]
    # The bound itself: the function's block, the let, 97 operators and the last literal
    # are 100 levels and fit; one more operator does not.
    assert point(tmp_path, program("    let x = " + "1 + " * 97 + "1;\n    assert x == 98;"))["status"] == "pass"
    assert "nested more than" in point(tmp_path, program("    let x = " + "1 + " * 98 + "1;"))["detail"]


def test_a_header_nested_100000_deep_fails_its_point(tmp_path):
    row = point(tmp_path, program("    pass;", header="// PTO-TEST: " + "[" * 100_000 + "]" * 100_000 + "\n"))
    assert (row["id"], row["status"]) == ("p", "fail")
    assert row["detail"] == "the PTO-TEST header line is not usable JSON (nested too deeply)"


def test_an_unterminated_comment_is_a_parse_error_at_its_place(tmp_path):
    row = point(tmp_path, program("    pass;\n    /* never closed"))
    assert row["status"] == "fail" and row["detail"].startswith("parse error: ")
    assert row["detail"].endswith("p.asl:5:5: unterminated /* comment")


def test_an_array_of_a_tebi_elements_is_refused_before_it_is_built(tmp_path):
    row = point(tmp_path, program("    var a : array [[1099511627776]] of integer;"))
    assert row["status"] == "fail"
    assert row["detail"].startswith("an array of 1099511627776 elements (0..65536 are allowed) at ")
    # Arrays of arrays are charged element by element to the work budget.
    row = point(tmp_path, program("    var a : array [[65536]] of array [[65536]] of integer;"))
    assert row["status"] == "fail" and "loop budget of 1000000 statements exhausted" in row["detail"]


def test_too_many_statements_is_a_parse_error(tmp_path):
    row = point(tmp_path, program("\n".join(["    pass;"] * (MAX_STATEMENTS + 5))))
    assert row["status"] == "fail"
    assert f"more than {MAX_STATEMENTS} statements and declarations in one program" in row["detail"]
    row = point(tmp_path, program("    " + "pass; " * (MAX_STATEMENTS + 5)))  # all on one line
    assert row["status"] == "fail" and "more than 10000 statements" in row["detail"]


def test_an_endless_recursion_is_bounded_by_the_call_depth(tmp_path):
    text = HEADER + ("func f(x: integer) => integer\nbegin\n    return f(x + 1);\nend;\n"
                     "func main() => integer\nbegin\n    return f(0);\nend;\n")
    row = point(tmp_path, text)
    assert row["status"] == "fail"
    assert row["detail"].startswith("error: ASL calls nested more than 64 deep (calling f: a recursion that "
                                    "does not end?) at ")


def test_an_exponential_recursion_is_bounded_by_the_work_budget(tmp_path):
    text = HEADER + ("func f(n: integer) => integer\nbegin\n    if n == 0 then\n        return 1;\n    end;\n"
                     "    return f(n - 1) + f(n - 1);\nend;\n"
                     "func main() => integer\nbegin\n    let x = f(60);\n    return 0;\nend;\n")
    row = point(tmp_path, text)
    assert row["status"] == "fail" and "loop budget of 1000000 statements exhausted" in row["detail"]


def test_calls_deep_in_deep_expressions_are_too_deep_not_an_internal_error(tmp_path):
    """Each call 60 expression levels deeper than its caller, 60 calls deep: within every
    bound of the parser and the call depth, but past Python's stack."""
    deep = "0 + (" * 60 + "f(n - 1)" + ")" * 60
    text = HEADER + ("func f(n: integer) => integer\nbegin\n    if n == 0 then\n        return 0;\n    end;\n"
                     f"    return {deep};\nend;\n"
                     "func main() => integer\nbegin\n    return f(60);\nend;\n")
    row = point(tmp_path, text)
    assert row["status"] == "fail"
    assert row["detail"] == "error: nested too deeply (ASL calls, blocks and expressions within one another)"


def test_huge_values_in_messages_stay_short(tmp_path):
    row = point(tmp_path, program("    let x = 1 << 65000;\n    assert x == 0;"))
    assert row["status"] == "fail" and len(row["detail"]) < 300
    assert "an integer of 65001 bits" in row["detail"]
    row = point(tmp_path, program("    let s = \"\\x\";"))
    assert row["status"] == "fail" and row["detail"].endswith("p.asl:4:13: a string with a broken escape")


@pytest.mark.parametrize("validators", [b"not gzip at all", gzip.compress(b"\xff\xfe not utf-8")],
                         ids=["not-gzip", "not-utf8"])
def test_a_broken_validators_file_fails_the_points_that_call_into_it(tmp_path, validators):
    (tmp_path / "validators.asl.gz").write_bytes(validators)
    row = point(tmp_path, program("    ValidateSomething();"))
    assert row["status"] == "fail" and row["detail"].startswith("error: validators.asl.gz: cannot be read (")
    assert point(tmp_path, program("    pass;"), name="q.asl")["status"] == "pass"


def test_a_var_without_a_type_or_a_value_is_a_parse_error(tmp_path):
    """Found by the avs fuzz target: it was "unsupported: base value of type NoneType"."""
    row = point(tmp_path, program("    var er;"))
    assert row["status"] == "fail" and row["detail"].endswith("p.asl:4:11: 'var' needs ': type' or '= value'")


@pytest.mark.parametrize("call,message", [
    ("let s = ExecuteScalarInstruction(Zeros{48} + 0x06410115, 6410194, 32);",
     "ExecuteScalarInstruction takes 2 arguments, not 3"),
    ("ResetProfileState(1);", "ResetProfileState takes 0 arguments, not 1"),
    ("let x = UInt();", "UInt takes 1 argument, not 0"),
    ("let x = Min();", "Min takes 1 or more arguments, not 0"),
], ids=["harness-too-many", "harness-none-wanted", "stdlib-too-few", "stdlib-variadic"])
def test_a_builtin_called_with_the_wrong_number_of_arguments_is_the_program_s_error(tmp_path, call, message):
    """Found by the avs fuzz target: Python's TypeError read as ptodbg's internal error."""
    row = point(tmp_path, program("    ResetProfileState();\n    " + call))
    assert row["status"] == "fail" and row["detail"].startswith(f"error: {message} at ")


def test_a_loop_of_expensive_calls_is_stopped_by_the_clock():
    """The budget counts statements; a statement calling the harness costs far more than
    one of arithmetic, so the point's time is bounded too (MAX_SECONDS; here 0.5 s)."""
    from ptodbg.avs.suite import run_text

    started = time.monotonic()
    result = run_text(program("    while TRUE do\n        ResetProfileState();\n    end;"), "p.asl", seconds=0.5)
    assert time.monotonic() - started < 5
    assert result.status == "fail"
    assert result.detail.startswith("error: the program ran for more than 0.5 s (a loop of expensive calls?) at p.asl:4")


def test_a_global_whose_value_fails_fails_its_point(tmp_path):
    """A program's globals are evaluated before main(): an error there was a traceback."""
    row = point(tmp_path, HEADER + "let g = 1 DIV 0;\n" + program("    pass;", header=""))
    assert row["status"] == "fail" and row["detail"] == "DIV by 0 (the divisor must be positive)"


def test_wide_values_are_bounded_in_width_and_in_total(tmp_path):
    """Tile-sized values (the tile model's definedness bits are 524,288 wide) are allowed,
    but a program cannot fill memory with them: one run makes at most 128 MiB of values
    wider than 65,536 bits, and none wider than 2,097,152."""
    row = point(tmp_path, program("    let x = Ones{524288};\n    assert UInt(x) + 1 == 1 << 524288;"))
    assert row["status"] == "pass"
    row = point(tmp_path, program("    let x = Ones{2097153};"))
    assert row["status"] == "fail" and row["detail"].startswith("Ones: width 2097153 is out of range at ")
    row = point(tmp_path, program("    var a : array [[4096]] of bits(524288);\n    for i = 0 to 4095 do\n"
                                  "        a[[i]] = Ones{524288};\n    end;"))
    assert row["status"] == "fail" and row["detail"].startswith(
        "more than 128 MiB of values wider than 65536 bits made in one run (a loop making tile-sized values?) at ")


def test_a_long_comment_is_no_literal(tmp_path):
    assert point(tmp_path, program("    pass; // " + "c" * 5000))["status"] == "pass"


@pytest.mark.parametrize("body,detail", [
    ("let x = (1 << 70000) DIV 3;", "an integer of 70001 bits (low 32 bits 0x0) DIV 3 is not exact at "),
    ("var a : array [[4]] of integer;\n    let x = a[[-(1 << 70000)]];",
     "array index a negative integer of 70001 bits (low 32 bits 0x0) outside 0..3 at "),
    ("let x = (1 << 70000) MOD ((1 << 70000) + 1);", "MOD of two integers wider than 65536 bits at "),
    ("var r : real = 2.5;\n    for i = 0 to 200 do\n        r = r / 3.0 + r * r;\n    end;",
     "real result with a numerator or denominator wider than 65536 bits at "),
    ("let y = 1 << 70000;\n    let x = y[1 << 20000 : 0];", "slice of an integer of 20001 bits (low 32 bits 0x1) bits"),
], ids=["not-exact", "array-index", "wide-modulo", "reals", "slice"])
def test_numbers_past_python_s_printing_limit_stay_numbers_in_messages(tmp_path, body, detail):
    """An integer of more than 4,300 digits cannot be printed by Python (ValueError): the
    messages show its width instead; and work quadratic in two wide operands is refused."""
    row = point(tmp_path, program("    " + body))
    assert row["status"] == "fail" and row["detail"].startswith(detail), row["detail"]


def test_the_result_of_a_procedure_used_as_a_value_is_named_in_asl_terms(tmp_path):
    """Found by the avs fuzz target: a call that returns nothing, used in an expression,
    was a type error naming Python's NoneType."""
    row = point(tmp_path, program("    let a = 2 ^ WriteTPC(Zeros{PTO_XLEN} + 0x100);"))
    assert row["status"] == "fail"
    assert row["detail"].startswith("error: type error: integer ^ nothing (a call that returns no value) at ")
