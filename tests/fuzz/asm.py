"""Fuzz the asm target (see tests/fuzz/targets.py): ``python -m tests.fuzz.asm -atheris_runs=N``."""

from .harness import fuzz_main

if __name__ == "__main__":
    fuzz_main("asm")
