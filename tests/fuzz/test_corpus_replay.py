"""Replay the kept fuzz corpus (tests/fuzz/corpus/TARGET/*) in the normal test run: every
input — each repro of issue 10 that concerns an input surface, and what the fuzzers found —
gets a clear error or succeeds: never a traceback (an exception escaping the target), never
a hang (10 s per input), never more than 1 GiB (the worker's address-space limit).

The inputs run in a worker process per target (:mod:`tests.fuzz.replay`), so a hang or a
memory blow-up is contained and named; atheris is not needed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "tests" / "fuzz" / "corpus"
TARGETS = ("elf", "asm", "expr", "session", "batch", "dap", "avs")
SHARED_PROGRAMS = ROOT.parent / "shared" / "pto" / "programs"


def _inputs(target: str) -> list[Path]:
    files = sorted(p for p in (CORPUS / target).iterdir() if p.is_file())
    if target == "elf" and SHARED_PROGRAMS.is_dir():  # the real programs, read in place
        files += sorted(p for p in SHARED_PROGRAMS.iterdir() if p.name != "LICENSE")
    if target == "asm":
        files += sorted((ROOT / "tests" / "programs").glob("*.s"))
    if target == "session":
        files += sorted((ROOT / "sessions").glob("*.toml"))
    return files


def test_every_target_has_a_corpus():
    for target in TARGETS:
        assert len(list((CORPUS / target).iterdir())) >= 5, target


@pytest.mark.parametrize("target", TARGETS)
def test_corpus_replays_cleanly(target):
    files = _inputs(target)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    proc = subprocess.run([sys.executable, "-m", "tests.fuzz.replay", target, *map(str, files)],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=60 + 12 * len(files))
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    started = [r["name"] for r in lines if r.get("start")]
    results = {r["name"]: r for r in lines if not r.get("start")}
    if proc.returncode != 0 or len(results) != len(files):
        running = started[-1] if started else "(before the first input)"
        pytest.fail(f"the {target} worker died (status {proc.returncode}) on {running}: {proc.stderr[-1500:]}")
    findings = [f"{Path(name).name}: {r['detail']}" for name, r in results.items() if r["outcome"] != "ok"]
    assert not findings, "\n".join(findings)
