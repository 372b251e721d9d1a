"""How long ``ptodbg tui`` lives: not longer than its terminal, its parent or its input.

A ``ptodbg tui`` started by textual-serve kept running at 20 % CPU after its server stopped
(its standard input and output closed, its parent gone) and ignored SIGTERM: nothing
watched for the first, and the app's exit waited for its worker thread, which was running
an endless ``continue``.  While the app runs, :class:`Lifetime` ends it when

* SIGHUP (the terminal hung up), SIGTERM or SIGINT arrives - the handlers only note the
  signal (a handler must not take locks the interrupted code may hold); a watcher thread
  acts on it;
* standard input, output or error is hung up or broken (``poll``: POLLHUP, POLLERR,
  POLLNVAL) - no key can arrive any more, or nothing can be shown (Textual draws on
  standard error in a terminal, on standard output under textual-serve);
* the parent process is gone (the process was given another parent).

Ending: the engine's ``cancel`` is set, so a running command stops at its next step
boundary (its worker thread then ends, which the app's exit waits for), and the app is
asked to exit; the terminal is restored as on ctrl+q.  If the process is still there
:data:`GRACE` seconds later (a terminal that blocks writes, a loop that does not answer),
it ends at once.  Exit status: 128 + the signal's number, or 129 (SIGHUP's: "hangup of the
controlling terminal or death of the controlling process") when the terminal, the input
or the parent went away.

The SIGINT handler is also what keeps a KeyboardInterrupt out of Textual while the app
starts (it was printed as a traceback from a mount handler).
"""

from __future__ import annotations

import os
import select
import signal
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.app import App

SIGNALS = (signal.SIGHUP, signal.SIGTERM, signal.SIGINT)
POLL_SECONDS = 0.2  # how often the watcher looks at the input, the output and the parent
GRACE = 3.0  # seconds the app has to end cleanly before the process ends at once (Textual can
# block for good restoring a terminal that hung up: its writer thread died on EIO)
GONE_STATUS = 128 + signal.SIGHUP
_BROKEN = select.POLLHUP | select.POLLERR | select.POLLNVAL


class Lifetime:
    """While active (``with Lifetime(app, cancel): app.run()``), end ``app`` when its
    terminal, input, output or parent goes away or a signal asks (module docstring)."""

    def __init__(self, app: App, cancel: threading.Event, *, poll_seconds: float = POLL_SECONDS,
                 grace: float = GRACE, quit_now: Callable[[int], None] = os._exit) -> None:
        self.app = app
        self.cancel = cancel
        self.fds = ((0, select.POLLIN, "standard input"), (1, select.POLLOUT, "standard output"),
                    (2, select.POLLOUT, "standard error"))
        self.poll_seconds = poll_seconds
        self.grace = grace
        self.quit_now = quit_now
        self.parent = os.getppid()
        self.reason: str | None = None  # why the app is ending (None: it is not)
        self.status = 0
        self._previous: dict[int, object] = {}
        self._done = threading.Event()
        self._watcher: threading.Thread | None = None
        self._deadline: threading.Timer | None = None

    # ------------------------------------------------------------ life cycle
    def __enter__(self) -> Lifetime:
        self.claim_signals()
        self._watcher = threading.Thread(target=self._watch, name="ptodbg-lifetime", daemon=True)
        self._watcher.start()
        return self

    def __exit__(self, *exc) -> None:
        self._done.set()
        if self._deadline is not None:
            self._deadline.cancel()
        for signum, handler in self._previous.items():
            try:
                signal.signal(signum, handler)  # type: ignore[arg-type]
            except (ValueError, TypeError, OSError):
                pass

    def claim_signals(self) -> None:
        """Install (again) the handlers of :data:`SIGNALS`: the app's driver may have put
        its own in (Textual's web driver takes SIGINT and SIGTERM); main thread only."""
        for signum in SIGNALS:
            try:
                previous = signal.signal(signum, self._noted)
            except ValueError:  # not the main thread: signals stay as they are
                return
            self._previous.setdefault(signum, previous)

    def _noted(self, signum: int, frame) -> None:
        if self.reason is None:
            self.status = 128 + signum
            self.reason = signal.Signals(signum).name

    # ------------------------------------------------------------- watching
    def _watch(self) -> None:
        while not self._done.wait(self.poll_seconds):
            if self.ending():
                self._end()
                return

    def ending(self) -> bool:
        """Whether the app must end: a signal came, or something it lives on is gone now
        (then :attr:`reason` and :attr:`status` say so)."""
        if self.reason is None:
            gone = self.gone()
            if gone is not None:
                self.status, self.reason = GONE_STATUS, gone
        return self.reason is not None

    def gone(self) -> str | None:
        """What went away (a sentence), or None while the terminal, the input, the output
        and the parent are all there."""
        if os.getppid() != self.parent:
            return "the parent process is gone"
        poller = select.poll()
        names = {}
        for fd, events, name in self.fds:
            poller.register(fd, events)
            names[fd] = name
        try:
            ready = poller.poll(0)
        except OSError:
            return "the standard streams cannot be polled"
        for fd, events in ready:
            if events & _BROKEN:
                return f"{names[fd]} is closed"
        return None

    def _end(self) -> None:
        """Stop the running command, ask the app to exit, and end the process if the app
        has not ended within the grace time."""
        self.cancel.set()
        self._deadline = threading.Timer(self.grace, self.quit_now, args=(self.status,))
        self._deadline.daemon = True
        self._deadline.start()
        while not self._done.is_set():
            try:
                self.app.call_from_thread(self.app.exit, None, self.status)
                return
            except RuntimeError:  # not running yet (starting): ask again soon
                self._done.wait(self.poll_seconds)
