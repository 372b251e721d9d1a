"""Starts `ptodbg dap` on stdin/stdout for the DebugClient suite (DebugClient spawns
`RUNTIME EXECUTABLE`: RUNTIME is the tests' Python, EXECUTABLE this file)."""

import sys

from ptodbg.cli import main

sys.exit(main(["dap"]))
