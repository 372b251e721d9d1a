"""The ``ptodbg`` command (the console script) and ``python -m ptodbg``.

Start-up - importing the command's modules, reading its command line, opening the program,
the TUI taking the terminal - takes a tenth of a second or more, and a SIGINT then used to
print a KeyboardInterrupt traceback from whatever was being imported (3 tries in 20).  So
the first thing this module does, as it is imported, is make SIGINT end the process at
once and quietly, with status 130 (nothing has been written yet and nothing needs undoing).
The command takes SIGINT over when it starts its work: :func:`ptodbg.cli.main` gives it
back to Python's KeyboardInterrupt (``run`` and ``batch`` once the program is open, then
their interrupt that reports the state), the TUI to :mod:`ptodbg.tui.lifetime`.

It uses ``_signal``, the C module the interpreter loaded at its start, not ``signal``,
whose import (an enum conversion) is a millisecond more of the window before the handler.
What comes before this module's first line is the interpreter's own start-up (site and
its ``.pth`` files) and the import of this module.  Only the console script and ``python
-m ptodbg`` import this module.
"""

import _signal
import os


def _quit_quietly(signum: int, frame: object) -> None:
    """SIGINT during start-up: end now, as the interrupted process it is (128 + SIGINT)."""
    os._exit(128 + signum)


_quit_quietly.ptodbg_startup = True  # how ptodbg.cli recognises it (and only it) to replace
_signal.signal(_signal.SIGINT, _quit_quietly)


def main() -> int:
    from ptodbg.cli import main as cli_main

    return cli_main()


if __name__ == "__main__":
    raise SystemExit(main())
