"""Where a campaign's tasks run: a Dask ``LocalCluster`` of worker processes started for
the campaign (no set-up), or an existing Dask cluster at a scheduler address (several
machines: ``dask scheduler`` on one, ``dask worker tcp://HOST:8786`` on each).

The cluster is started in the background as soon as a campaign starts
(:class:`EngineStart`), so that it comes up while the client runs the program
fault-free and checks its first sites itself: a local cluster in a process forked from
the campaign (:class:`ClusterHost`), whose workers are forked in turn
(:data:`START_METHOD`), with ptodbg imported already.  The client imports Dask's client
only when the campaign hands sites to the cluster; a campaign done before that
abandons the start (:meth:`ClusterHost.abandon`).
SIGINT is ignored there and in the workers, and blocked in the client's Dask threads, so
a ctrl+c in the terminal reaches only the campaign, which cancels its tasks and shuts the
cluster down itself (no tracebacks from dying workers).
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
import time
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


# How the cluster's worker processes are started: ``fork`` copies the process that holds
# the cluster, whose interpreter has ptodbg and Dask imported already (some 0.2 s for two
# workers on the development machine, against 3 s for Dask's default ``spawn``, where
# every worker imports Dask and ptodbg again).
START_METHOD = "fork"
HOST_WAIT = 120  # seconds for a local cluster to come up
HOST_EXIT = 30  # seconds for it to shut down before it is killed


def _host_cluster(conn, workers: int, gate, begun) -> None:
    """The body of the process that holds a campaign's LocalCluster (scheduler, dashboard
    and the nannies of its workers): import Dask, start the cluster, send its address (or
    why it failed), keep it until the campaign says so or goes away (the pipe's end),
    close it.  SIGINT is ignored here and in the workers (they inherit it): a ctrl+c is
    the campaign's.  Until ``begun`` is set (under ``gate``) this process has started
    nothing of its own, and a campaign that no longer needs the cluster ends it at once
    (:meth:`ClusterHost.abandon`); once it is set, only the close message ends it, so
    that its workers always go with it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    import dask
    import distributed

    with gate:
        if conn.poll(0):  # closed (or gone) while Dask was imported: nothing to start
            return
        begun.value = 1
    try:
        with dask.config.set({"distributed.worker.multiprocessing-method": START_METHOD}):
            # the scheduler's web server listens from the start; its bokeh pages come after
            cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                               dashboard_address="127.0.0.1:0", silence_logs=logging.CRITICAL,
                                               scheduler_kwargs={"dashboard": False})
    except Exception as e:  # noqa: BLE001 - said to the campaign in one sentence
        try:
            conn.send(("error", _plain_reason(e)))
        except OSError:
            pass
        return
    try:
        conn.send(("ready", cluster.scheduler_address))
        # bokeh in a thread of its own: a campaign that is over before it is loaded
        # (a few sites) closes the cluster without waiting for it
        threading.Thread(target=_serve_dashboard, args=(cluster,), name="ptodbg-dashboard", daemon=True).start()
        conn.recv()
    except (EOFError, OSError):  # the campaign is gone
        pass
    finally:
        cluster.close()


def _serve_dashboard(cluster) -> None:
    """Add Dask's dashboard (bokeh) to the running scheduler's web server, as the
    scheduler does itself when asked at its start - here after the campaign has the
    cluster's address, so that the campaign does not wait some 0.7 s for bokeh's import.
    Without bokeh the web server serves Dask's plain pages only."""
    try:
        import distributed.dashboard.scheduler as dashboard
    except ImportError:
        return
    scheduler = cluster.scheduler

    async def connect() -> None:  # in the scheduler's event loop, as bokeh needs
        dashboard.connect(scheduler.http_application, scheduler.http_server, scheduler, prefix="/")

    cluster.sync(connect)


class ClusterHost:
    """A process, forked from the campaign, that holds its LocalCluster: Dask's import,
    the scheduler, the workers and then the dashboard (bokeh, some 0.7 s to import, added
    once the cluster's address is out) come up there, on another core, while the campaign
    runs the program fault-free and starts checking sites itself.  Forked before the
    campaign starts any thread of its own, it has ptodbg imported already, and so have
    the workers it forks in turn (a process that runs other threads starts it with
    ``spawn`` instead)."""

    def __init__(self, workers: int) -> None:
        import multiprocessing

        # A fork copies only the forking thread: a lock another thread holds stays held
        # in the child forever.  So fork only a process with no other thread (the command
        # line's); anywhere else (a test, an embedding program with Dask's threads
        # running) start the host afresh, which costs it its imports.
        alone = threading.active_count() == 1
        ctx = multiprocessing.get_context("fork" if alone else "spawn")
        self._conn, child = ctx.Pipe()
        # ``begun``: the host has started (or is starting) the cluster; set under ``gate``
        self._gate = ctx.Lock()
        self._begun = ctx.RawValue("b", 0)
        self._message: tuple[str, str] | None = None
        self.process = ctx.Process(target=_host_cluster, args=(child, workers, self._gate, self._begun),
                                   name="ptodbg-campaign-cluster")
        self.process.start()
        child.close()

    def ready(self) -> bool:
        """Whether the host has said how the start went (without waiting): the cluster is
        up, or it failed (or the host is gone); :meth:`address` then answers at once."""
        try:
            return self._message is not None or self._conn.poll(0)
        except (EOFError, OSError):
            return True

    def address(self, abandoned: threading.Event | None = None) -> str:
        """The scheduler's address once the cluster is up; ClusterError when it cannot
        start (or ``abandoned`` is set while it comes up)."""
        if self._message is None:
            try:
                deadline = time.monotonic() + HOST_WAIT
                while not self._conn.poll(0.05):
                    if abandoned is not None and abandoned.is_set():
                        raise ClusterError("the campaign no longer needs the cluster")
                    if time.monotonic() > deadline:
                        raise ClusterError(f"the local Dask cluster did not start within {HOST_WAIT} s")
                self._message = self._conn.recv()
            except (EOFError, OSError):
                raise ClusterError("the process that starts the local Dask cluster ended without it") from None
        kind, text = self._message
        if kind != "ready":
            raise ClusterError(text)
        return text

    def abandon(self) -> None:
        """The campaign is done without the cluster: a host still importing Dask (it has
        started nothing) is ended at once; one that has begun the start is told to close
        and waited for, so that no worker process outlives the campaign."""
        with self._gate:
            if not self._begun.value:
                self.process.terminate()  # SIGTERM; nothing of its own to leave behind
                self.process.join()
                self._conn.close()
                return
        self.close()

    def close(self) -> None:
        """Tell the host to close the cluster (its workers with it) and wait for it."""
        try:
            self._conn.send(("close", ""))
        except OSError:
            pass
        self._conn.close()
        self.process.join(HOST_EXIT)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()


class EngineStart:
    """The Dask engine of a campaign, started (or reached) in the background from the
    moment the campaign starts, so that the cluster comes up while the client opens the
    program, runs it fault-free and checks the first sites itself; :meth:`wait` returns
    it once it is there.

    A local cluster lives in a :class:`ClusterHost` process, forked at once; Dask's
    client connects to it only when the campaign asks (:meth:`connect`: the cluster is
    up and enough work remains), so a campaign done before that never imports Dask's
    client, and :meth:`close` abandons the start.  With ``--scheduler`` the client
    connects at once.  A thread connects it; that thread blocks SIGINT for itself before
    Dask makes its own threads, which inherit the mask: a ctrl+c reaches only the
    campaign's main thread (which cancels its tasks and closes the cluster)."""

    def __init__(self, workers: int | None, scheduler: str | None) -> None:
        self.workers = workers
        self.scheduler = scheduler
        self._engine: Engine | None = None
        self._error: BaseException | None = None
        self._client = None
        self._host = ClusterHost(workers or 1) if scheduler is None else None
        self._thread: threading.Thread | None = None
        self._abandoned = threading.Event()  # close() before the client has connected
        if self._host is None:
            self.connect()

    @property
    def local(self) -> bool:
        """A LocalCluster of the campaign's own (not ``--scheduler``)."""
        return self._host is not None

    def cluster_ready(self) -> bool:
        """Whether the cluster has come up (or failed to), without waiting."""
        return self._host is None or self._host.ready()

    def connect(self) -> None:
        """Start importing Dask's client and connecting it (in a thread; to a local
        cluster once it is up), once."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._start, name="ptodbg-campaign-dask", daemon=True)
            self._thread.start()

    def _start(self) -> None:
        if hasattr(signal, "pthread_sigmask"):
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            self._engine = self._connect()
        except BaseException as e:  # noqa: BLE001 - handed to the thread that waits
            self._error = e

    def _connect(self) -> Engine:
        import distributed

        version = distributed.__version__
        if self._host is not None:
            n = self.workers or 1
            try:
                address = self._host.address(self._abandoned)
                self._client = client = distributed.Client(address, timeout=CONNECT_TIMEOUT)
            except ClusterError as e:
                raise ClusterError(f"cannot start a local Dask cluster of {n} workers: {e}") from None
            except (OSError, RuntimeError, TimeoutError) as e:
                raise ClusterError(f"cannot start a local Dask cluster of {n} workers: {_plain_reason(e)}") from None
            description = f"dask.distributed {version} LocalCluster"
        else:
            assert self.scheduler is not None
            probe_scheduler(self.scheduler)
            try:
                self._client = client = distributed.Client(self.scheduler, timeout=CONNECT_TIMEOUT)
            except Exception as e:  # noqa: BLE001 - whatever Dask raises, one sentence
                raise ClusterError(f"cannot use the Dask scheduler at {self.scheduler}: {_plain_reason(e)}") from None
            description = f"dask.distributed {version} at {self.scheduler}"
            try:
                client.wait_for_workers(self.workers or 1, timeout=WORKER_WAIT)
            except (TimeoutError, OSError):
                raise ClusterError(f"the Dask cluster at {self.scheduler} has fewer than {self.workers or 1} "
                                   f"workers after {WORKER_WAIT} s") from None
        addresses = set(client.scheduler_info(n_workers=-1).get("workers", {}))
        return Engine(client, description, len(addresses), dashboard_link(client), addresses)

    def wait(self) -> Engine:
        """The connected engine (connecting and waiting for it); ClusterError when it cannot be had."""
        self.connect()
        assert self._thread is not None
        self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._engine is not None
        return self._engine

    def close(self) -> None:
        """Close what was started (after the start has finished: Dask cannot stop a cluster
        half-way up), with SIGINT ignored so that a second ctrl+c cannot leave worker
        processes behind."""
        with _sigint_ignored():
            if self._thread is not None:
                self._abandoned.set()  # a client still waiting for the cluster stops waiting
                self._thread.join()
            if self._client is not None:
                self._client.close()
            if self._host is not None:
                if self._client is None:  # never connected: abandon the local cluster's start
                    self._host.abandon()
                else:
                    self._host.close()


@contextmanager
def dask_engine(workers: int | None, scheduler: str | None) -> Iterator[EngineStart]:
    """Start the campaign's engine now, in the background (:class:`EngineStart`);
    everything it started is closed on exit."""
    start = EngineStart(workers, scheduler)
    try:
        yield start
    finally:
        start.close()
