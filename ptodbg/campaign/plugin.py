"""The campaign's Dask side on a worker: the :class:`ProgramCache` worker plugin (the
program, opened once per worker) and the task :func:`check_batch`.

A module of its own because it imports Dask: the campaign's client imports it only when
it hands sites to a cluster, so that a campaign that checks all its sites in its own
process (a small one, done before the local cluster is up) never pays Dask's import.
"""

from __future__ import annotations

import threading

from distributed import WorkerPlugin

from ptodbg.campaign.spec import ProgramSpec
from ptodbg.campaign.worker import check_sites, open_checker
from ptodbg.debug.faults.check import SiteChecker


def plugin_name(token: str) -> str:
    return f"ptodbg-campaign-{token}"


class ProgramCache(WorkerPlugin):
    """One campaign's program on one worker: opened on the first batch, kept for the
    others.  ``loads`` counts the openings (one per worker process), ``batches`` the
    batches checked on them.  A lock makes the
    batches of a worker with several threads take turns: they share one machine."""

    def __init__(self, spec: ProgramSpec, data: bytes) -> None:
        self.spec = spec
        self.data = data
        self.loads = 0
        self.batches = 0
        self._checker: SiteChecker | None = None
        self._lock = threading.Lock()

    def __getstate__(self) -> dict:  # what travels to the workers: the program, not an opening
        return {"spec": self.spec, "data": self.data}

    def __setstate__(self, state: dict) -> None:
        self.__init__(state["spec"], state["data"])  # type: ignore[misc]

    def teardown(self, worker) -> None:
        self._checker = None

    def check(self, batch: list[tuple[int, dict]]) -> list[dict]:
        with self._lock:
            if self._checker is None:
                self.loads += 1
                self._checker = open_checker(self.spec, self.data)
            self.batches += 1
            return check_sites(self._checker, batch)


def check_batch(name: str, batch: list[tuple[int, dict]]) -> dict:
    """The task: check ``batch`` with this worker's :class:`ProgramCache` of the campaign
    ``name``; returns the worker's address (the campaign counts the workers that really
    checked its sites), how many times this worker opened the program and how many
    batches it checked on it (``{"worker", "loads", "batches", "records"}``)."""
    from distributed import get_worker

    worker = get_worker()
    cache = worker.plugins[name]
    records = cache.check(batch)
    return {"worker": worker.address, "loads": cache.loads, "batches": cache.batches, "records": records}
