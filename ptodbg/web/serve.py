"""The server of ``ptodbg serve [PROGRAM] [--port N] [--host H]``.

textual-serve answers the page (HTML, JavaScript, the terminal in the browser) and, for
each browser session's websocket, starts the command it was given as a process of its
own; the page's keys and size go to that process, its screen comes back.  The command
here is this interpreter's ``ptodbg tui`` with the options given to ``serve``, so every
page debugs the same program from the start, independently of the others.

Lifetimes.  A page that closes (or reloads) closes its websocket: textual-serve asks its
process to quit (Textual's web driver ends the app).  When the server stops (ctrl+c,
SIGTERM) it asks every process still running to quit the same way, and then terminates
those still there after :data:`QUIT_GRACE` seconds, so none outlives the server.  A
server killed outright cannot ask anything: then the TUI's own watch ends it
(:mod:`ptodbg.tui.lifetime`: its parent is gone, its input hung up).

Addresses.  The server binds 127.0.0.1 unless ``--host`` says otherwise (the debugger
reads and writes files a page names: on another interface anyone who reaches the port
can); port 0 takes any free port, and the address served is printed on standard output.
The page's websocket address is made from the address the browser used, so a page
reached through any name of the host works.
"""

from __future__ import annotations

import asyncio
import shlex
import signal
import socket
import sys
from collections.abc import Sequence
from typing import Any

QUIT_GRACE = 5.0  # seconds a session's process has to quit before it is terminated
INSTALL_HINT = "pip install 'ptodbg[web]'"
LOOPBACK = ("127.0.0.1", "::1", "localhost")


def missing_web() -> str | None:
    """Why ``serve`` cannot run here (textual-serve is an optional extra), in one line
    with the command that installs it; None when it is installed."""
    from importlib.util import find_spec

    if find_spec("textual_serve") is None:
        return f"ptodbg serve needs textual-serve, which is not installed: {INSTALL_HINT}"
    return None


def session_command(tui_arguments: Sequence[str]) -> str:
    """The shell command that starts one browser session's debugger: this interpreter
    running ``ptodbg tui`` with ``tui_arguments`` (``exec``: the shell textual-serve
    starts it with is replaced, so the server's child is the debugger itself, and the
    TUI's watch on its parent sees the server)."""
    return "exec " + shlex.join([sys.executable, "-m", "ptodbg", "tui", *tui_arguments])


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on (host, port); port 0 picks a free one.  Raises OSError."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.setblocking(False)
    return sock


def serve(tui_arguments: Sequence[str], host: str, port: int, title: str) -> int:
    """Serve until ctrl+c or SIGTERM; 0 then, 2 when the address cannot be bound (one
    line on standard error)."""
    from ptodbg.web.server import DebuggerServer

    try:
        sock = bind(host, port)
    except OSError as e:
        sys.stderr.write(f"ptodbg: error: cannot listen on {host}:{port}: {e.strerror or e}\n")
        return 2
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    server = DebuggerServer(session_command(tui_arguments), host=host, port=bound, title=title)
    sys.stdout.write(f"ptodbg serve: {title} on http://{shown}:{bound} (ctrl+c to stop)\n")
    if host not in LOOPBACK:
        sys.stdout.write(f"ptodbg serve: warning: listening on {host}: anyone who reaches this port can run the "
                         "debugger, which reads and writes files on this machine\n")
    sys.stdout.flush()
    server.serve_socket(sock)
    return 0


def _stop_signals() -> tuple[signal.Signals, ...]:
    return (signal.SIGINT, signal.SIGTERM)


def install_stop(loop: asyncio.AbstractEventLoop, stop: Any) -> None:
    """Call ``stop`` on ctrl+c and SIGTERM (where the loop can take signals)."""
    for sig in _stop_signals():
        try:
            loop.add_signal_handler(sig, stop)
        except (NotImplementedError, RuntimeError):
            pass
