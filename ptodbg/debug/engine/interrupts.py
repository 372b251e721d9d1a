"""Which command an interrupt belongs to.

A client (the TUI's ctrl+c) sets ``Debugger.interrupt`` to stop the running command.  An
interrupt belongs to the command that was running when it came, so every command drops a
pending one as it starts (:func:`command`): one that arrived after the previous command
ended can never cut the next.  A headless client that gives up on all work (batch mode's
SIGINT) sets ``Debugger.cancel`` instead, which no command clears
(:func:`sigint_cancels`).
"""

from __future__ import annotations

import contextlib
import functools
import signal
from collections.abc import Iterator
from typing import Any

INTERRUPTED_STATUS = 130  # 128 + SIGINT, as shells report a command ended by ctrl+c


def command(method):
    """Mark a public engine command.  The outermost command clears a pending interrupt as
    it starts: an interrupt is meant for the command running when it came, and one left
    over from an earlier command (it came as that one ended) must not cut this one."""

    @functools.wraps(method)
    def run(self: Any, *args, **kwargs):
        outermost = self._depth == 0
        if outermost:
            self.interrupt.clear()
        self._depth += 1
        try:
            return method(self, *args, **kwargs)
        finally:
            self._depth -= 1

    return run


@contextlib.contextmanager
def sigint_cancels(dbg: Any) -> Iterator[None]:
    """While active, SIGINT sets ``dbg.cancel``: the running command stops at the next
    step boundary with status "interrupted" and no later command runs.  A second SIGINT
    (the user insists) raises KeyboardInterrupt as usual.  Only the main thread can
    install a handler; elsewhere this does nothing."""

    def handler(signum, frame) -> None:
        if dbg.cancel.is_set():
            raise KeyboardInterrupt
        dbg.cancel.set()

    try:
        previous = signal.signal(signal.SIGINT, handler)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
