"""``ptodbg run`` and ``ptodbg batch`` in-process through ``ptodbg.cli.main`` (DESIGN.md §4-§6):
human and JSON output, traces, exit statuses, profiles, batch scripts and sessions, the
linux-profile acceptance runs of the two LinxISA programs, and corrupted programs.

Exit statuses (DESIGN.md §4): 0 on a normal stop (stop symbol, EBREAK, breakpoint, max
steps), 1 on a trap stop or a failed run, 2 on bad usage or bad input, with exactly one
``ptodbg: error: ...`` line on standard error; a linux program that exited returns its own
exit status.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import re

import pytest
from support.cli import Ran, cli, one_error_line
from support.core_programs import LOOP_SRC
from support.elf_variants import corrupted
from support.paths import PROGRAMS, TEST_PROGRAMS

from ptodbg.cli import main

ALG = PROGRAMS / "02_algorithms.static"
CONT = PROGRAMS / "01_containers.static"
SHARED = PROGRAMS / "02_algorithms.shared"
CROSS = TEST_PROGRAMS / "cross_model.s"  # stops at cross_model_stop, has a result
LOOP = TEST_PROGRAMS / "cond_loop.s"  # a counted loop ending with an EBREAK stop
DMA_FAULT = TEST_PROGRAMS / "dma_fault.s"
RUN_VARIANTS = 300
LINUX = ["--profile", "linux", "--compat", "linx-v0.4"]

# CORE.md §1.9 "Loop" at 0x100, inside the reference profile's 4096 bytes.
REFERENCE_LOOP = """
    .text
    .vaddr 0x100
    .globl _start
_start:""" + LOOP_SRC
# A load from an unmapped page: DATA_PAGE_FAULT, a trap stop.
FAULT = """
    .text
_start:
    li a1, 0x7f000000
    addi zero, 5, ->a0
    ldi [a1, 8], ->a2
    c.bstart.sys
    c.ebreak 0
"""
# A jump beyond the reference profile's memory: the emulator halts (a failed run).
HALT = """
    .text
    .vaddr 0x100
_start:
    li a0, 0x2000
    jr a0, 0
"""
# Stops inside a SYS block holding an LR.D reservation.
RESERVE = """
    .text
_start:
    li a0, buf
    lr.d [a0], ->a1
    c.bstart.sys
    c.ebreak 3
    .data
buf: .dword 0x1234
"""

ABI = ["zero", "sp", "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "ra", "s0",
       "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "x0", "x1", "x2", "x3"]
STATE_KEYS = {"status", "steps", "tpc", "regs", "t", "u", "block", "reservation", "trap", "events",
              "result", "exit_code"}
STATUSES = {"stopped", "exited", "breakpoint", "watchpoint", "trap", "max-steps", "error"}
KINDS = {"STD", "FP", "SYS", "MPAR", "MSEQ", "VPAR", "VSEQ", "TMA", "CUBE", "TEPL", "FRAME"}
TYPES = {"FALL", "DIRECT", "COND", "CALL", "RET", "IND", "ICALL"}



@pytest.fixture
def src(tmp_path):
    def write(text: str, name: str = "p.s"):
        path = tmp_path / name
        path.write_text(text)
        return path

    return write


# ------------------------------------------------------------------ the JSON state
def _u64(v) -> bool:
    return type(v) is int and 0 <= v < 1 << 64


def check_state(s: dict) -> dict:
    """Every DESIGN.md §6 key with its type; returns the state."""
    assert STATE_KEYS <= s.keys(), STATE_KEYS - s.keys()
    assert s["status"] in STATUSES
    assert type(s["steps"]) is int and s["steps"] >= 0 and _u64(s["tpc"])
    assert list(s["regs"]) == ABI and all(_u64(v) for v in s["regs"].values()) and s["regs"]["zero"] == 0
    for q in ("t", "u"):
        assert len(s[q]) == 4 and all(v is None or _u64(v) for v in s[q])
        valid = [v is not None for v in s[q]]
        assert valid == sorted(valid, reverse=True)  # valid slots are the newest ones
    b = s["block"]
    if b is not None:
        assert set(b) >= {"kind", "type", "bpc", "bpcn", "taken", "body"}
        assert b["kind"] in KINDS and b["type"] in TYPES and _u64(b["bpc"]) and _u64(b["bpcn"])
        assert type(b["taken"]) is bool and type(b["body"]) is bool
    r = s["reservation"]
    assert r is None or (set(r) >= {"address", "size"} and _u64(r["address"]) and type(r["size"]) is int)
    t = s["trap"]
    if t is not None:
        assert set(t) >= {"number", "name", "cause", "arg0", "bank", "saved_tpc"}
        assert type(t["number"]) is int and type(t["name"]) is str and type(t["cause"]) is int
        assert _u64(t["arg0"]) and type(t["bank"]) is int and _u64(t["saved_tpc"])
    for e in s["events"]:
        assert set(e) >= {"kind", "address", "size", "value", "order"}
        assert e["kind"] in {"load", "store", "atomic", "fence"}
        assert e["order"] in {"relaxed", "acquire", "release", "acq_rel"}
        assert _u64(e["address"]) and type(e["size"]) is int and _u64(e["value"])
    assert s["result"] is None or re.fullmatch(r"[0-9a-f]*", s["result"])
    assert s["exit_code"] is None or type(s["exit_code"]) is int
    return s


# ---------------------------------------------------------------------------- run
def test_run_human_output():
    ran = cli("run", CROSS)
    assert ran.rc == 0 and ran.err == ""
    lines = ran.out.splitlines()
    assert lines[0] == "stopped: reached cross_model_stop"
    assert lines[1] == "steps 9   tpc 0x10026 (cross_model_stop)"
    assert "a3 0x000000000000002a" in ran.out and "a4 0x1122334455667788" in ran.out
    assert sum(line.count(" 0x") for line in lines[2:8]) == 24  # all 24 GPRs
    assert "t 0x55667788 - - -   u - - - -" in lines
    assert lines[-1] == "result 2a000000000000008877665544332211"


def test_run_human_output_of_a_trap_stop(src):
    ran = cli("run", src(FAULT))
    assert ran.rc == 1 and ran.err == ""
    lines = ran.out.splitlines()
    assert lines[0] == "trap: DATA_PAGE_FAULT at _start+0x8: page 0x7f000000 is not mapped"
    assert lines[2] == ("trap 35 DATA_PAGE_FAULT: TRAPARG0 0x7f000008 (data address), cause 0, bank 0, "
                        "saved TPC 0x10008")


def test_run_json_cross_model():
    s = check_state(cli("run", CROSS, "--json").json)
    assert s["status"] == "stopped" and s["steps"] == 9 and s["tpc"] == 0x10026
    assert s["regs"]["a3"] == 42 and s["regs"]["a4"] == 0x1122334455667788 and s["regs"]["sp"] == 0xF000
    assert s["t"] == [0x55667788, None, None, None] and s["u"] == [None] * 4
    assert s["block"] is None and s["reservation"] is None and s["trap"] is None and s["exit_code"] is None
    assert s["events"] == [{"kind": "store", "address": s["regs"]["a0"] + 8, "size": 8,
                            "value": 0x1122334455667788, "order": "relaxed"}]
    assert s["result"] == "2a000000000000008877665544332211"


def test_run_json_block_reservation_and_trap(src):
    s = check_state(cli("run", src(RESERVE), "--json").json)
    assert s["status"] == "stopped"  # an EBREAK is a normal stop
    assert s["reservation"] == {"address": s["regs"]["a0"], "size": 8} and s["regs"]["a1"] == 0x1234
    assert s["block"]["kind"] == "SYS" and s["block"]["type"] == "FALL" and s["block"]["taken"] is False
    assert s["trap"] == {"number": 50, "name": "SW_BREAKPOINT", "cause": 3, "arg0": s["tpc"], "bank": 0,
                         "saved_tpc": s["tpc"]}
    assert s["result"] is None


def test_run_json_trap_stop(src):
    ran = cli("run", src(FAULT), "--json")
    s = check_state(ran.json)
    assert ran.rc == 1 and s["status"] == "trap" and s["steps"] == 3  # the faulting attempt counts
    assert s["trap"] == {"number": 35, "name": "DATA_PAGE_FAULT", "cause": 0, "arg0": 0x7F000008, "bank": 0,
                         "saved_tpc": 0x10008}
    assert s["tpc"] == 0x7F000008  # EVBASE 0: TPC is the fault address (DESIGN.md §6)
    assert s["regs"]["a0"] == 5 and s["regs"]["a2"] == 0 and s["events"] == []


@pytest.mark.parametrize(("args", "rc", "status"), [
    (["run", CROSS], 0, "stopped"),  # stop symbol
    (["run", LOOP], 0, "stopped"),  # EBREAK
    (["run", LOOP, "--max-steps", "5"], 0, "max-steps"),
    (["run", LOOP, "--max-steps", "0"], 0, "max-steps"),
    (["run", ALG, *LINUX], 0, "exited"),  # the program's exit status
], ids=["stop-symbol", "ebreak", "max-steps", "max-steps-0", "exit"])
def test_exit_status_of_normal_stops(args, rc, status):
    ran = cli(*args, "--json")
    assert ran.rc == rc and check_state(ran.json)["status"] == status


def test_exit_status_of_failed_runs(src):
    assert cli("run", src(FAULT), "--json").rc == 1  # trap stop
    ran = cli("run", src(HALT, "halt.s"), "--profile", "reference")
    assert ran.rc == 1 and ran.out.startswith("error: instruction fetch at 0x2000 is outside the 4096-byte memory")


@pytest.mark.parametrize("args", [
    ["run"],
    ["run", LOOP, "--frobnicate"],
    ["run", LOOP, "--max-steps", "abc"],
    ["run", LOOP, "--profile", "bogus"],
    ["run", LOOP, "--compat", "linx-v0.1"],
    ["run", "/nonexistent/program.s"],
    ["run", TEST_PROGRAMS],
    ["run", LOOP, "--trace", "/nonexistent/dir/t.jsonl"],
    ["run", LOOP, "--profile", "reference"],  # 0x10000 is outside the 4096-byte memory
    ["batch", LOOP],
    ["batch", LOOP, "-c", "regs", "-x", "script"],
    ["batch", LOOP, "-x", "/nonexistent/script"],
    ["batch", LOOP, "-c", "regs", "--session", "/nonexistent/s.toml"],
    ["frobnicate"],
])
def test_bad_usage_and_input_exit_2_with_one_line(args):
    one_error_line(cli(*args))


def test_bad_program_bytes_exit_2(src, tmp_path):
    err = one_error_line(cli("run", src("addi zero, 1, ->q9\n", "bad.s")))
    assert re.match(r"ptodbg: error: .*bad\.s:1:\d+: ", err)
    junk = tmp_path / "junk.bin"
    junk.write_bytes(b"\x7fELF" + bytes(range(60)))
    assert one_error_line(cli("run", junk)).startswith(f"ptodbg: error: {junk}: ")


def test_max_steps_stops_after_exactly_n_attempts():
    for n in (1, 4, 11):
        s = check_state(cli("run", LOOP, "--max-steps", n, "--json").json)
        assert s["status"] == "max-steps" and s["steps"] == n and s["trap"] is None
    s = check_state(cli("run", LOOP, "--max-steps", 1000, "--json").json)
    assert s["status"] == "stopped" and s["steps"] < 1000


def test_trace_has_one_record_per_attempt(tmp_path, src):
    trace = tmp_path / "t.jsonl"
    s = check_state(cli("run", CROSS, "--json", "--trace", trace).json)
    records = [json.loads(line) for line in trace.read_text().splitlines()]
    assert len(records) == s["steps"] == 9
    assert [r["step"] for r in records] == list(range(1, 10))
    for r in records:
        assert set(r) >= {"step", "pc", "insn", "length", "mnemonic", "writes", "events", "trap", "notes"}
        assert re.fullmatch(r"[0-9a-f]+", r["insn"]) and r["length"] in (16, 32, 48, 64)
    assert records[0]["pc"] == 0x10000
    assert records[-1]["events"] == s["events"]  # the last attempt's events are the state's
    assert all(r["trap"] is None for r in records)
    # a trap stop: the faulting attempt is the last record
    s = check_state(cli("run", src(FAULT), "--json", "--trace", trace).json)
    records = [json.loads(line) for line in trace.read_text().splitlines()]
    assert len(records) == s["steps"] == 3
    assert records[-1]["trap"] == s["trap"] and records[-1]["mnemonic"] == "LDI" and records[-1]["writes"] == {}
    assert records[1]["writes"] == {"a0": 5}
    # max steps
    s = check_state(cli("run", LOOP, "--json", "--max-steps", 7, "--trace", trace).json)
    assert len(trace.read_text().splitlines()) == s["steps"] == 7


def test_trace_records_the_stop_the_same_as_a_plain_run(tmp_path):
    trace = tmp_path / "t.jsonl"
    with_trace = cli("run", DMA_FAULT, "--json", "--trace", trace).json
    plain = cli("run", DMA_FAULT, "--json").json
    assert with_trace == plain
    records = [json.loads(line) for line in trace.read_text().splitlines()]
    dma = next(r for r in records if r["mnemonic"] == "DMA")
    assert [e["kind"] for e in dma["events"]] == ["load"] * 8 + ["store"] * 8


def test_profile_reference(src):
    """The CORE.md §1.9 loop at 0x100 in the reference profile: 43 attempts, a0 = 10,
    the C.EBREAK stop at 0x116; sp = the end of the 4096-byte memory."""
    path = src(REFERENCE_LOOP)
    ran = cli("run", path, "--profile", "reference", "--json")
    s = check_state(ran.json)
    assert ran.rc == 0 and s["status"] == "stopped" and s["steps"] == 43
    assert s["regs"]["a0"] == 10 and s["regs"]["sp"] == 4096 and s["tpc"] == 0x116
    assert s["trap"]["number"] == 50 and s["trap"]["cause"] == 0 and s["trap"]["saved_tpc"] == 0x116
    # the debug profile loads it as linked too, its stack on the free pages under 0xF000
    # (DESIGN.md §2: never refused for the stack's sake)
    ran = cli("run", path, "--json")
    s = check_state(ran.json)
    assert ran.rc == 0 and s["steps"] == 43 and s["tpc"] == 0x116
    assert s["regs"]["a0"] == 10 and s["regs"]["sp"] == 0xF000


# -------------------------------------------------------------------------- batch
def _check_lines(ran: Ran, commands: list[str]) -> list[dict]:
    lines = ran.lines
    assert ran.err == "" and [ln["command"] for ln in lines] == commands
    for ln in lines:
        if ln["ok"]:
            check_state(ln["state"])
        else:
            assert set(ln) == {"command", "ok", "error"} and "\n" not in ln["error"] and ln["error"]
    return lines


def test_batch_inline_commands():
    commands = ["break copy", "continue", "x dst 16", "stepi", "events", "x dst 8", "info breakpoints",
                "bogus", "set q9 1", "regs"]
    ran = cli("batch", DMA_FAULT, "-c", "; ".join(commands))
    lines = _check_lines(ran, commands)
    assert ran.rc == 1  # a command failed
    brk, cont, x0, stepi, events, x1, info, bogus, badset, regs = lines
    assert brk["ok"] and brk["state"]["steps"] == 0
    assert cont["state"]["status"] == "breakpoint" and cont["state"]["steps"] == 2
    assert x0["bytes"] == "00" * 16 and x0["address"] == x1["address"]
    assert stepi["state"]["steps"] == 3 and len(stepi["state"]["events"]) == 16
    assert events["events"] == stepi["state"]["events"]
    assert x1["bytes"] == "403f3e3d3c3b3a39"  # the DMA copied src
    assert [(b["location"], b["address"], b["hits"]) for b in info["breakpoints"]] == [("copy", 0x10008, 1)]
    assert not bogus["ok"] and "unknown command" in bogus["error"]
    assert not badset["ok"] and "q9" in badset["error"]
    assert regs["ok"] and regs["state"]["steps"] == 3


def test_batch_script_with_comments(tmp_path):
    script = tmp_path / "s.cmd"
    script.write_text("# a script\n\nbreak copy   # stop before the DMA\n   \ncontinue\n"
                      "x dst 4 # first bytes\n# done\ncontinue\n")
    ran = cli("batch", DMA_FAULT, "-x", script)
    lines = _check_lines(ran, ["break copy", "continue", "x dst 4", "continue"])
    assert ran.rc == 0
    assert lines[2]["bytes"] == "00000000"
    assert lines[3]["state"]["status"] == "stopped" and lines[3]["state"]["trap"]["number"] == 50


def test_batch_session_round_trip(tmp_path):
    session = tmp_path / "s.toml"
    ran = cli("batch", DMA_FAULT, "-c", f"break copy; watch dst 64 w; continue; save {session}")
    assert ran.rc == 0 and all(ln["ok"] for ln in ran.lines) and session.exists()
    ran = cli("batch", DMA_FAULT, "--session", session, "-c", "info breakpoints; continue")
    info, cont = _check_lines(ran, ["info breakpoints", "continue"])
    assert info["state"]["steps"] == 2  # the position, and the stops, are restored
    assert [(b["type"], b["location"]) for b in info["breakpoints"]] == [("break", "copy"), ("watch", "dst")]
    assert cont["state"]["status"] == "watchpoint" and cont["state"]["steps"] == 3
    session.write_text("schema = 99\n")
    assert "schema" in one_error_line(cli("batch", DMA_FAULT, "--session", session, "-c", "regs"))


# ---------------------------------------------------------- linux profile acceptance
@pytest.mark.parametrize("path", [ALG, CONT], ids=lambda p: p.name)
def test_linux_programs_exit_zero(path):
    ran = cli("run", path, *LINUX)
    assert ran.rc == 0 and ran.err == ""
    assert ran.out.startswith("exited: exited with status 0\n") and "exit code 0" in ran.out.splitlines()
    s = check_state(cli("run", path, *LINUX, "--json").json)
    assert s["status"] == "exited" and s["exit_code"] == 0 and s["trap"] is None
    assert s["regs"]["a7"] == 94  # exit_group


def test_linux_strict_mode_names_the_compat_option():
    ran = cli("run", ALG, "--profile", "linux")
    assert ran.rc == 1
    first = ran.out.splitlines()[0]
    assert first.startswith("trap: ILLEGAL_INST at _start+0xc: ") and "--compat linx-v0.4" in first
    s = check_state(cli("run", ALG, "--profile", "linux", "--json").json)
    assert s["trap"]["number"] == 4 and s["trap"]["saved_tpc"] == 0x1124C  # the first HL.BSTART.STD CALL


def test_linux_dynamic_build_is_refused():
    for args in (["run", SHARED, *LINUX], ["batch", SHARED, *LINUX, "-c", "regs"]):
        err = one_error_line(cli(*args))
        assert err.startswith(f"ptodbg: error: {SHARED}: dynamically linked")


def test_linux_changing_the_verdict_operand_changes_the_exit_status():
    """cpp_gate_case02 (0x112b8) was folded by the compiler to ``c.movr zero, ->a0`` at
    +0x6: its verdict is a0, which main returns and libc passes to exit_group.  A break
    inside the function after that instruction (+0x8, its ``fret.stk``) sees a0 = 0; setting
    it to 1 and continuing makes the process exit with status 1; without the change the
    same session exits 0."""
    prefix = "break cpp_gate_case02+8; continue; print a0"
    ran = cli("batch", ALG, *LINUX, "-c", f"{prefix}; set a0 1; continue")
    brk, hit, show, change, done = _check_lines(ran, ["break cpp_gate_case02+8", "continue", "print a0",
                                                      "set a0 1", "continue"])
    assert ran.rc == 0
    assert hit["state"]["status"] == "breakpoint" and hit["state"]["tpc"] == 0x112C0
    assert hit["state"]["regs"]["a0"] == 0
    assert change["state"]["regs"]["a0"] == 1
    assert done["state"]["status"] == "exited" and done["state"]["exit_code"] == 1
    control = cli("batch", ALG, *LINUX, "-c", f"{prefix}; continue").lines
    assert control[-1]["state"]["status"] == "exited" and control[-1]["state"]["exit_code"] == 0


# ------------------------------------------------------------------ corrupted files
class _Sink(io.TextIOBase):
    """A stdout that keeps only the first line (and has a byte buffer, as the real one)."""

    def __init__(self) -> None:
        self.first = ""
        self.buffer = io.BytesIO()

    def write(self, text: str) -> int:
        if not self.first:
            self.first = text.split("\n", 1)[0]
        return len(text)


ELF_FILES = sorted(p for p in PROGRAMS.iterdir() if p.name != "LICENSE")


def _run_variants(path, tmp_path, count: int, seed: str, options: list[str]) -> dict[int, int]:
    data = path.read_bytes()
    rng = random.Random(seed)
    target = tmp_path / path.name
    outcomes = {0: 0, 1: 0, 2: 0}
    for k in range(count):
        target.write_bytes(corrupted(data, rng, k))
        out, err = _Sink(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            rc = main(["run", str(target), "--max-steps", "2000", *options])
        outcomes[rc] += 1
        if rc == 2:
            text = err.getvalue()
            assert text.startswith(f"ptodbg: error: {target}: ") and text.count("\n") == 1, (k, text)
            assert out.first == ""
        else:
            assert rc in (0, 1) and err.getvalue() == "", (k, rc, err.getvalue())
            assert out.first.split(":")[0] in STATUSES, (k, out.first)
    return outcomes


@pytest.mark.parametrize("path", ELF_FILES, ids=lambda p: p.name)
def test_corrupted_programs_run_or_exit_2(path, tmp_path):
    """300 corrupted variants (the generator of test_robustness): each runs to a stop
    within 2000 attempts (status 0 or 1 and a state) or exits 2 with one error line; no
    traceback ever.  (In the debug profile the static programs stop at their first
    HL.BSTART.STD CALL.)"""
    outcomes = _run_variants(path, tmp_path, RUN_VARIANTS, f"run-{path.name}", [])
    assert outcomes[2] > 0 and (outcomes[1] > 0 or path == SHARED), outcomes


@pytest.mark.parametrize("path", ELF_FILES, ids=lambda p: p.name)
def test_corrupted_programs_run_in_the_linux_profile(path, tmp_path):
    """100 more variants where the corrupted code really runs (linux profile, linx-v0.4)."""
    outcomes = _run_variants(path, tmp_path, 100, f"linux-{path.name}", LINUX)
    assert outcomes[2] > 0 and (outcomes[0] > 0 or path == SHARED), outcomes


@pytest.mark.parametrize("columns", ["0", "-5", "wide"])
def test_help_ignores_a_columns_value_that_is_no_width(columns, monkeypatch, capsys):
    """$COLUMNS of 0, below 0 or not a number is no width (as shutil.get_terminal_size
    treats it): help is laid out for the terminal or 80 columns, not one word a line."""
    monkeypatch.setenv("COLUMNS", columns)
    assert main(["--help"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("usage: ptodbg [-h]"), first
