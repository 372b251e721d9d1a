"""Checking a campaign's sites, the same way wherever it runs: on a Dask worker (through
:mod:`ptodbg.campaign.plugin`) or in the campaign's own process while its local cluster
starts (the runner calls :func:`open_checker` and :func:`check_sites` itself).

Each campaign registers a :class:`~ptodbg.campaign.plugin.ProgramCache` worker plugin (Dask's own way to give
every worker - those that join later too - per-worker state): it carries the program's
bytes, so workers on other machines need no shared file system, and it keeps the
program opened.  A worker opens the program once, on its first batch, with one
fault-free run with snapshots; every later batch goes straight to the nearest snapshot of
each site.  When the named file is there with the same sha256 it is used as it is.  The
campaign unregisters the plugin when it ends, and Dask's teardown drops the opened
program, so a long-lived cluster does not keep programs of campaigns that are over.

A site whose check raises is reported as a failing site with the error, not retried: the
scheduler's retries are for lost workers, and an error in a check would happen again.
"""

from __future__ import annotations

import hashlib
import os
import socket
import tempfile
from pathlib import Path

from ptodbg.campaign.spec import ProgramSpec
from ptodbg.debug.engine.debugger import file_sha256
from ptodbg.debug.faults.check import SiteChecker, Verdict
from ptodbg.debug.faults.sites import Site


def _local_copy(spec: ProgramSpec, data: bytes) -> str:
    """A path on this machine holding the program's bytes under the program's own name
    (a ``.s`` source is assembled, and a linux-profile stack holds argv[0])."""
    if os.path.isfile(spec.path):
        try:
            if file_sha256(spec.path) == spec.sha256:
                return spec.path
        except OSError:
            pass
    if hashlib.sha256(data).hexdigest() != spec.sha256:
        raise ValueError(f"the program bytes sent with the task do not have sha256 {spec.sha256}")
    folder = Path(tempfile.gettempdir()) / "ptodbg-campaign" / spec.sha256
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / spec.name
    if not target.exists():
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, target)
    return str(target)


class OpeningMismatch(RuntimeError):
    """This worker's opening of the program is not the client's: its sites cannot be checked here."""


def open_checker(spec: ProgramSpec, data: bytes) -> SiteChecker:
    """The program opened and run fault-free as the client did; raises
    :class:`OpeningMismatch` when this opening differs from the client's."""
    checker = SiteChecker(_local_copy(spec, data), profile=spec.profile, compat=spec.compat,
                          interval=spec.interval, max_steps=spec.max_steps, defect=spec.defect)
    steps = checker.final.state.steps
    if checker.fingerprint != spec.fingerprint or steps != spec.fault_free_steps:
        raise OpeningMismatch(f"worker {socket.gethostname()}: its opening of {spec.name} differs from the "
                              f"client's (state digest {checker.fingerprint[:12]} vs {spec.fingerprint[:12]}, "
                              f"fault-free run {steps} vs {spec.fault_free_steps} steps)")
    return checker


def record(index: int, site: Site, verdict: Verdict) -> dict:
    """One site's result line (docs/interfaces.md §10 keys first)."""
    return {"step": site.step, "pc": site.pc, "page": site.page, "access": site.access,
            "precise": verdict.precise, "recovered": verdict.recovered, "detail": verdict.detail,
            "site": index, "mnemonic": site.mnemonic, "address": site.address,
            "exception": verdict.exception, "passed": verdict.passed}


def check_sites(checker: SiteChecker, batch: list[tuple[int, dict]]) -> list[dict]:
    """Check ``batch`` ((index, site as JSON) pairs); one result record per site."""
    out = []
    for index, site_data in batch:
        site = Site.from_json(site_data)
        try:
            verdict = checker.check(site)
        except Exception as e:  # noqa: BLE001 - reported as this site's failure
            verdict = Verdict(False, False, None, False, f"the check failed: {type(e).__name__}: {e}")
        out.append(record(index, site, verdict))
    return out
