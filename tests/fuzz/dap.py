"""Fuzz the dap target (see tests/fuzz/targets.py): ``python -m tests.fuzz.dap -atheris_runs=N``."""

from .harness import fuzz_main

if __name__ == "__main__":
    fuzz_main("dap")
