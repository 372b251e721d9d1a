"""Fuzz the avs target (see tests/fuzz/targets.py): ``python -m tests.fuzz.avs -atheris_runs=N``."""

from .harness import fuzz_main

if __name__ == "__main__":
    fuzz_main("avs")
