"""textual-serve's server, as ``ptodbg serve`` runs it (see :mod:`ptodbg.web.serve`).

What it adds to the library's server: it listens on a socket bound beforehand (port 0
works and the address is known before the first page); it keeps every browser session's
process and makes sure each one ends (asked to quit, terminated after a grace period) when
its page goes or the server stops; and it answers only pages of its own address: a
request naming another host (DNS rebinding) or a websocket opened by a page of another
origin is refused, since a session runs a debugger that reads and writes files.
"""

from __future__ import annotations

import asyncio
import logging
import re
import socket

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from ptodbg.web.serve import QUIT_GRACE, install_stop

log = logging.getLogger("ptodbg.web")
TERMINATE_GRACE = 2.0  # seconds after SIGTERM before SIGKILL
MIN_CELLS, MAX_CELLS = 10, 1000  # the terminal size a page may ask for
_HOST = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$")
_LOOPBACK_NAMES = {"127.0.0.1", "localhost", "[::1]", "::1"}


class DebuggerServer(Server):
    """One ``ptodbg serve``: a page and a debugger process per browser session."""

    def __init__(self, command: str, *, host: str, port: int, title: str) -> None:
        super().__init__(command, host=host, port=port, title=title)
        self.loopback_only = host in ("127.0.0.1", "::1", "localhost")
        self.sessions: set[AppService] = set()

    # ------------------------------------------------------------- running
    def serve_socket(self, sock: socket.socket) -> None:
        """Serve on ``sock`` until ctrl+c or SIGTERM, then end every session."""
        self.debug = False
        logging.basicConfig(level=logging.WARNING, format="ptodbg serve: %(message)s")
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        install_stop(loop, self.request_exit)
        web.run_app(self._make_app(), sock=sock, handle_signals=False, loop=loop, print=None,
                    shutdown_timeout=QUIT_GRACE + TERMINATE_GRACE + 1)

    async def on_startup(self, app: web.Application) -> None:
        """The address was printed when it was bound: no banner."""

    async def on_shutdown(self, app: web.Application) -> None:
        """The server stops: every session's process is asked to quit, and ended."""
        await asyncio.gather(*(self.end_session(s) for s in list(self.sessions)))

    # ------------------------------------------------------------ requests
    def refusal(self, request: web.Request, *, websocket: bool) -> web.Response | None:
        """Why this request is not served (a 403 response), or None.  The Host header
        must be an address of this server (on loopback: a loopback name, which a DNS
        rebinding page cannot have), and a websocket's Origin must be this server's page."""
        host = request.headers.get("Host", "")
        m = _HOST.match(host)
        if m is None:
            return web.Response(status=403, text="bad Host header\n")
        if self.loopback_only and m.group(1).lower() not in _LOOPBACK_NAMES:
            return web.Response(status=403, text="this ptodbg serve answers on its loopback address only\n")
        origin = request.headers.get("Origin")
        if websocket and origin is not None and origin not in (f"http://{host}", f"https://{host}"):
            return web.Response(status=403, text="a page of another origin cannot open a debugger session\n")
        return None

    async def handle_index(self, request: web.Request):  # type: ignore[override]
        """The page, with its websocket address made from the address the browser used."""
        refused = self.refusal(request, websocket=False)
        if refused is not None:
            return refused
        self.public_url = f"http://{request.headers['Host']}"
        return await super().handle_index(request)

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        """One browser session: its own debugger process, ended with the page."""
        refused = self.refusal(request, websocket=True)
        if refused is not None:
            return refused
        websocket = web.WebSocketResponse(heartbeat=15)
        width = _cells(request.query.get("width"), 80)
        height = _cells(request.query.get("height"), 24)
        service: AppService | None = None
        try:
            await websocket.prepare(request)
            service = AppService(self.command, write_bytes=websocket.send_bytes, write_str=websocket.send_str,
                                 close=websocket.close, download_manager=self.download_manager, debug=False)
            self.sessions.add(service)
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:  # noqa: BLE001 - one session's failure must not stop the server
            log.exception("a browser session failed")
        finally:
            if service is not None:
                await self.end_session(service)
        return websocket

    async def end_session(self, service: AppService) -> None:
        """Make sure a session's process has ended: ask it to quit (Textual's web driver
        exits the app), then SIGTERM after :data:`QUIT_GRACE` s and SIGKILL after
        :data:`TERMINATE_GRACE` s more."""
        process = service._process  # textual-serve keeps the session's process here
        if process is not None and process.returncode is None:
            await service.send_meta({"type": "quit"})
            for action, grace in (None, QUIT_GRACE), (process.terminate, TERMINATE_GRACE), (process.kill, None):
                if action is not None:
                    try:
                        action()
                    except ProcessLookupError:
                        break
                try:
                    await asyncio.wait_for(process.wait(), grace)
                    break
                except TimeoutError:
                    continue
        if service in self.sessions:
            self.sessions.discard(service)
            await service.stop()  # the process is gone: this collects its output reader


def _cells(text: str | None, default: int) -> int:
    """A terminal dimension a page asked for, bounded."""
    try:
        value = int(text) if text is not None and len(text) <= 6 else default
    except ValueError:
        value = default
    return max(MIN_CELLS, min(MAX_CELLS, value))
