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
"""

from __future__ import annotations

import logging
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

CONNECT_TIMEOUT = 20  # seconds to reach a scheduler
WORKER_WAIT = 120  # seconds to wait for the workers asked for on an existing cluster


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
            try:
                client = distributed.Client(scheduler, timeout=CONNECT_TIMEOUT)
            except (OSError, ValueError, TimeoutError) as e:
                raise ClusterError(f"cannot reach the Dask scheduler at {scheduler}: {e}") from None
            description = f"dask.distributed {version} at {scheduler}"
            try:
                client.wait_for_workers(workers or 1, timeout=WORKER_WAIT)
            except (TimeoutError, OSError) as e:
                raise ClusterError(f"the Dask cluster at {scheduler} has fewer than {workers or 1} workers "
                                   f"after {WORKER_WAIT} s ({e})") from None
        count = len(client.scheduler_info(n_workers=-1).get("workers", {}))
        yield Engine(client, description, count, dashboard_link(client))
    finally:
        with _sigint_ignored():
            if client is not None:
                client.close()
            if cluster is not None:
                cluster.close()
