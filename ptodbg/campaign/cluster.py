"""Where a campaign's tasks run: a Dask ``LocalCluster`` of worker processes started for
the campaign (no set-up), or an existing Dask cluster at a scheduler address (several
machines: ``dask scheduler`` on one, ``dask worker tcp://HOST:8786`` on each).

Local worker processes are started with SIGINT ignored (they inherit it), so a ctrl+c in
the terminal reaches only the campaign, which cancels its tasks and shuts the cluster
down itself (no tracebacks from dying workers).  The price: a ctrl+c during the few
seconds the cluster takes to start is ignored; the campaign's own handler is back in
place once the cluster is up.  (Blocking SIGINT instead would defer it, but Python
delivers it to whichever thread has it unblocked, and Dask's event-loop thread does.)
Dask's own log lines are silenced in a local cluster (a worker's heartbeat racing the
shutdown logs an error that means nothing); errors of the tasks still reach the campaign.

An existing cluster is named ``tcp://HOST[:PORT]`` (:func:`scheduler_address` checks it
before anything starts: Dask's other schemes need what a campaign does not set up — TLS
certificates, UCX — or live inside one Python process).  Before Dask's client connects,
:func:`probe_scheduler` reads the scheduler's greeting itself, bounded in size and time:
Dask's client trusts the first bytes it reads (an HTTP server's answer made it try to
allocate exabytes), so a server that is not a Dask scheduler is named as such in one
line instead.
"""

from __future__ import annotations

import logging
import signal
import socket
import struct
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from urllib.parse import urlsplit

CONNECT_TIMEOUT = 20  # seconds to reach a scheduler
GREETING_TIMEOUT = 5  # seconds for a scheduler to greet a new connection (it does at once)
MAX_GREETING = 1 << 16  # bytes: a Dask greeting is some 60
WORKER_WAIT = 120  # seconds to wait for the workers asked for on an existing cluster
DEFAULT_PORT = 8786
# Dask's other address schemes, and why a campaign cannot use them.
OTHER_SCHEMES = {
    "tls": "need TLS certificates, which ptodbg campaign does not configure",
    "wss": "need TLS certificates, which ptodbg campaign does not configure",
    "ws": "need Dask's websocket support, which ptodbg campaign does not set up",
    "ucx": "need UCX (ucx-py), which ptodbg campaign does not set up",
    "inproc": "name a scheduler inside another Python process, which nothing else can reach",
}


INSTALL_HINT = "pip install 'ptodbg[campaign]'"


def missing_dask() -> str | None:
    """Why campaigns cannot run here (Dask is an optional extra), in one line with the
    command that installs it; None when Dask is installed."""
    from importlib.util import find_spec

    absent = [name for name in ("dask", "distributed") if find_spec(name) is None]
    if not absent:
        return None
    return f"ptodbg campaign runs on Dask, which is not installed ({' and '.join(absent)} missing): {INSTALL_HINT}"


class ClusterError(RuntimeError):
    """The Dask cluster cannot be started or reached (one clear sentence)."""


@dataclass
class Engine:
    client: object  # distributed.Client
    description: str  # for the summary's "engine"
    workers: int
    dashboard: str | None = None  # the scheduler's dashboard (bokeh), when it serves one
    addresses: set[str] = field(default_factory=set)  # of the workers there at the start

    def current_workers(self) -> set[str]:
        """The addresses of the workers the scheduler knows now."""
        return set(self.client.scheduler_info(n_workers=-1).get("workers", {}))  # type: ignore[attr-defined]


def scheduler_address(text: str) -> tuple[str, int]:
    """(host, port) of a ``--scheduler`` address; ValueError (one sentence) for anything
    but ``tcp://HOST[:PORT]``."""
    try:
        parts = urlsplit(text)
    except ValueError:
        raise ValueError(f"--scheduler {text}: expected an address such as tcp://HOST:8786") from None
    scheme = parts.scheme.lower()
    if scheme in OTHER_SCHEMES:
        raise ValueError(f"--scheduler {text}: {scheme}:// addresses {OTHER_SCHEMES[scheme]}; use tcp://HOST:PORT")
    try:
        port = parts.port
    except ValueError:
        raise ValueError(f"--scheduler {text}: the port is not a number in 1..65535") from None
    if scheme != "tcp" or not parts.hostname or parts.path not in ("", "/") or parts.query or parts.fragment:
        raise ValueError(f"--scheduler {text}: expected an address such as tcp://HOST:8786")
    if port == 0:
        raise ValueError(f"--scheduler {text}: port 0 names no scheduler")
    return parts.hostname, port or DEFAULT_PORT


def _receive(sock: socket.socket, n: int) -> bytes:
    data = bytearray()
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            break
        data += chunk
    return bytes(data)


def probe_scheduler(address: str) -> None:
    """Connect to ``address`` and read the greeting every Dask scheduler sends a new
    connection (a length, then msgpack frames naming its Python); ClusterError with one
    plain sentence when nothing answers or what answers is not a Dask scheduler."""
    from distributed.protocol.core import loads
    from distributed.protocol.utils import unpack_frames

    host, port = scheduler_address(address)
    where = f"the Dask scheduler at {address}"
    try:
        sock = socket.create_connection((host, port), timeout=CONNECT_TIMEOUT)
    except socket.gaierror:
        raise ClusterError(f"cannot reach {where}: the host name {host} is not known") from None
    except ConnectionRefusedError:
        raise ClusterError(f"cannot reach {where}: nothing listens there (connection refused)") from None
    except TimeoutError:
        raise ClusterError(f"cannot reach {where}: no answer within {CONNECT_TIMEOUT} s") from None
    except OSError as e:
        raise ClusterError(f"cannot reach {where}: {(e.strerror or 'connection failed').lower()}") from None
    not_dask = f"{address} answers, but not as a Dask scheduler"
    with sock:
        try:
            sock.settimeout(GREETING_TIMEOUT)
            head = _receive(sock, 8)
            if len(head) < 8:
                raise ClusterError(f"{not_dask} (it closed the connection without Dask's greeting)")
            size = struct.unpack("<Q", head)[0]
            if not 0 < size <= MAX_GREETING:
                raise ClusterError(f"{not_dask} (its first bytes are not Dask's greeting)")
            body = _receive(sock, size)
        except TimeoutError:
            raise ClusterError(f"{not_dask} (no Dask greeting within {GREETING_TIMEOUT} s)") from None
        except OSError as e:
            raise ClusterError(f"{not_dask} ({(e.strerror or 'the connection failed').lower()})") from None
    try:
        greeting = loads(unpack_frames(body))
    except Exception:  # noqa: BLE001 - any decoding failure means the same thing
        greeting = None
    if not isinstance(greeting, dict) or "python" not in greeting:
        raise ClusterError(f"{not_dask} (its greeting is not Dask's)")


def _plain_reason(e: BaseException) -> str:
    """What Dask said, as a phrase: its first line, without an exception's name."""
    text = str(e).strip().splitlines()[0] if str(e).strip() else ""
    return text[:200] or "it refused the client"


def dashboard_link(client) -> str | None:
    """The address of the Dask dashboard of the client's scheduler (its live task stream,
    progress and worker pages), or None when the scheduler serves none (bokeh missing
    there: ``pip install 'ptodbg[campaign]'`` brings it)."""
    try:
        services = client.scheduler_info(n_workers=0).get("services", {})
    except (OSError, TimeoutError):
        return None
    return client.dashboard_link if "dashboard" in services else None


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@contextmanager
def dask_engine(workers: int | None, scheduler: str | None) -> Iterator[Engine]:
    """A connected client for the campaign; everything it started is closed on exit
    (with SIGINT ignored, so a second ctrl+c cannot leave worker processes behind)."""
    import distributed

    version = distributed.__version__
    cluster = client = None
    try:
        if scheduler is None:
            n = workers or 1
            with _sigint_ignored():  # the workers inherit the ignored SIGINT
                try:
                    cluster = distributed.LocalCluster(n_workers=n, threads_per_worker=1, processes=True,
                                                       dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL)
                    client = distributed.Client(cluster)
                except (OSError, RuntimeError, TimeoutError) as e:
                    raise ClusterError(f"cannot start a local Dask cluster of {n} workers: {e}") from None
            description = f"dask.distributed {version} LocalCluster"
        else:
            probe_scheduler(scheduler)
            try:
                client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT)
            except Exception as e:  # noqa: BLE001 - whatever Dask raises, one sentence
                raise ClusterError(f"cannot use the Dask scheduler at {scheduler}: {_plain_reason(e)}") from None
            description = f"dask.distributed {version} at {scheduler}"
            try:
                client.wait_for_workers(workers or 1, timeout=WORKER_WAIT)
            except (TimeoutError, OSError):
                raise ClusterError(f"the Dask cluster at {scheduler} has fewer than {workers or 1} workers "
                                   f"after {WORKER_WAIT} s") from None
        addresses = set(client.scheduler_info(n_workers=-1).get("workers", {}))
        yield Engine(client, description, len(addresses), dashboard_link(client), addresses)
    finally:
        with _sigint_ignored():
            if client is not None:
                client.close()
            if cluster is not None:
                cluster.close()
