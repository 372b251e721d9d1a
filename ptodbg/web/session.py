"""``python -m ptodbg.web.session SERVER_PID -- COMMAND...``: how ``ptodbg serve`` starts
one browser session's debugger so that it cannot outlive the server.

A server that stops normally ends its sessions itself (:mod:`ptodbg.web.server`); one
killed outright (SIGKILL, a crash, the OOM killer) cannot.  So before the debugger
starts, this asks the kernel to send it SIGTERM when its parent, the server, dies
(Linux's ``PR_SET_PDEATHSIG``, which lasts across the ``exec`` of the debugger; Textual's
web driver ends the app on SIGTERM), and it starts nothing when the server is already
gone.  Elsewhere the debugger relies on its own check that its parent is gone.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys

PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def die_with_parent(sig: int = signal.SIGTERM) -> bool:
    """Have ``sig`` sent to this process when its parent dies (Linux); whether it was set."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[1] != "--" or not argv[0].isdigit():
        sys.stderr.write("usage: python -m ptodbg.web.session SERVER_PID -- COMMAND...\n")
        return 2
    server, command = int(argv[0]), argv[2:]
    die_with_parent()
    if os.getppid() != server:  # the server died before the request took effect
        return 0
    os.execv(command[0], command)
    return 127  # not reached: execv replaces this process or raises


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
