"""``ptodbg dap [--port N]``: the request loop over stdin/stdout or one TCP connection.

The loop reads a message, checks that it is a request this adapter knows (``type``,
``seq``, ``command``; ``initialize`` first), runs its handler and answers.  Nothing a
client sends ends the loop except ``disconnect`` or the end of the input: a malformed
message, an unknown command, arguments of the wrong type and a handler that fails all
get an error response (``success: false`` with one sentence), and reading goes on.

On stdin/stdout, standard output belongs to the protocol: the server keeps its own
handle on it and points ``sys.stdout`` at standard error, so a stray print cannot
corrupt the stream.  With ``--port`` it listens on 127.0.0.1 (port 0: any free port),
says where on standard error, serves the first connection and exits when it closes.

The end of the input — the client closed the pipe or the connection, reset it, or died —
ends the session as ``disconnect`` would: a running job is paused and the loop returns
within about :data:`END_WAIT` seconds; on TCP the connection is shut down, so a job that
was blocked sending to a client that no longer reads is freed, and the process exits.
"""

from __future__ import annotations

import socket
import sys
import traceback
from typing import BinaryIO

from ptodbg.dap.args import Args, RequestError
from ptodbg.dap.protocol import Malformed, MessageReader, MessageWriter
from ptodbg.dap.requests import LATER, Requests
from ptodbg.debug.engine.errors import DebugError

MAX_SEQ = 1 << 53
END_WAIT = 1.0  # seconds a running job gets to stop once the client is gone


class Server(Requests):
    """The request loop of one session."""

    def __init__(self, reader: MessageReader, writer: MessageWriter) -> None:
        super().__init__(writer)
        self.reader = reader

    def serve(self) -> int:
        while not self.done:
            message = self.reader.read()
            if message is None:
                break
            if isinstance(message, Malformed):
                self.fail({"seq": message.seq, "command": message.command}, f"malformed message: {message.problem}")
                continue
            self.handle(message)
        if self.busy:  # the client went away mid-run: stop the job before leaving
            self.request_pause()
        self.wait_idle(END_WAIT)  # and let a job that is ending send its last events
        return 0

    def handle(self, message: dict) -> None:
        kind = message.get("type")
        seq = message.get("seq")
        command = message.get("command")
        request = {"seq": seq if isinstance(seq, int) and not isinstance(seq, bool) and 0 <= seq <= MAX_SEQ else 0,
                   "command": command if isinstance(command, str) else ""}
        if kind == "response":
            return  # answers to reverse requests: this adapter sends none
        if kind != "request":
            self.fail(request, f"message type {str(kind)[:20]!r} is not 'request'")
            return
        if request["seq"] != seq:
            self.fail(request, "seq must be a non-negative integer")
            return
        if not isinstance(command, str) or not command:
            self.fail(request, "command must be a non-empty string")
            return
        handler = self.handler(command)
        if handler is None:
            self.fail(request, f"unknown request {command[:64]!r}")
            return
        if not self.initialized and command != "initialize":
            self.fail(request, f"{command}: the first request must be initialize")
            return
        try:
            body = handler(Args(message.get("arguments")), request)
        except (RequestError, DebugError) as e:
            self.fail(request, f"{command}: {e}")
            return
        except RecursionError:
            self.fail(request, f"{command}: input nested too deeply")
            return
        except Exception as e:  # noqa: BLE001 - a bug answers with an error, the session goes on
            traceback.print_exc(file=sys.stderr)
            self.fail(request, f"{command}: internal error ({type(e).__name__}: {e})")
            return
        if body is LATER:
            return
        self.respond(request, body)


def serve_streams(inp: BinaryIO, out: BinaryIO) -> int:
    return Server(MessageReader(inp), MessageWriter(out)).serve()


def serve_stdio() -> int:
    inp = sys.stdin.buffer
    out = sys.stdout.buffer
    sys.stdout = sys.stderr  # the protocol owns standard output
    return serve_streams(inp, out)


def serve_tcp(port: int) -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as listener:
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", port))
        listener.listen(1)
        sys.stderr.write(f"ptodbg dap: listening on 127.0.0.1:{listener.getsockname()[1]}\n")
        sys.stderr.flush()
        conn, _ = listener.accept()
    with conn:
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        inp = conn.makefile("rb")
        out = conn.makefile("wb")
        try:
            return serve_streams(inp, out)
        finally:
            try:  # unblocks a job thread stuck sending to a client that stopped reading
                conn.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            for f in (inp, out):
                try:
                    f.close()
                except OSError:
                    pass
