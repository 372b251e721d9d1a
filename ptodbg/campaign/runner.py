"""Running a campaign: list the sites, skip the finished ones, check the rest on Dask,
keep every result safe, report.

The Dask engine starts as soon as the program is open (:class:`~ptodbg.campaign.cluster.EngineStart`),
so the cluster comes up during the fault-free run instead of after it.  The sites are
listed here, in the client, from that run; a seeded sample keeps
the listing's order, and each site keeps its index in the full listing (the N of
``site-N.toml``).  With a local cluster the client checks sites itself from then on
(:func:`_check_here`, the workers' own code) while the cluster comes up; Dask's client
connects only once the cluster is up and the sites left would take longer than
HANDOVER_SECONDS here, so a small campaign is done without Dask's client and abandons
the cluster's start.  The remaining sites go to the workers in batches of a few dozen
(enough work per task to make the scheduler's overhead small, small enough to balance
the load and to move the progress bar), checked with the campaign's
:class:`~ptodbg.campaign.worker.ProgramCache` worker plugin (one opening of the program
per worker); each batch's results are appended to the
folder's results file as soon as they arrive.  Tasks are submitted with ``retries``, so
the scheduler reruns the batches of a worker that dies; a batch that still fails is
"lost": its sites are not recorded, and the next run with the same ``--out`` checks them.

An interrupt (ctrl+c) cancels the outstanding tasks, closes the cluster and writes the
report of what is done; running the same command again resumes.

The fault-free run is the reference every site is checked against, so it must end as a
program ends (its stop symbol, EBREAK, an exit): one that stops on a trap or an emulator
halt fails the campaign at once (:class:`FaultFreeRunFailed`) instead of reporting "0 of
0 sites" as a pass.  It runs at most ``--max-steps`` attempts, said on standard error
while it runs (:class:`~ptodbg.campaign.progress.ListingProgress`).

Workers: the summary counts the sites checked in the client (``checked_in_process``),
the worker processes whose results were used, and the
workers the cluster lost during the campaign (``workers_lost``): a dead worker's tasks
run again elsewhere, and the summary says so instead of naming the cluster's size at the
start.
"""

from __future__ import annotations

import math
import random
import time
import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ptodbg.campaign import report
from ptodbg.campaign.cluster import ClusterError, EngineStart, dask_engine
from ptodbg.campaign.progress import CampaignProgress, ListingProgress
from ptodbg.campaign.spec import Config, ProgramSpec, snapshot_interval
from ptodbg.campaign.store import CampaignFolder, StoreError
from ptodbg.campaign.worker import check_sites, open_checker
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.faults.check import DEFECTS
from ptodbg.debug.faults.sites import FAULT_KINDS, ListingError, Site, fingerprint, list_sites
from ptodbg.debug.files.program import OpenError, open_debugger

TASK_RETRIES = 3
MAX_BATCH = 32
BATCHES_PER_WORKER = 8
# The cluster takes over from the in-process checks only when the sites left would keep
# this process busy longer than this (at the rate it has checked them so far): below it,
# connecting Dask's client and opening the program on the workers costs more than it saves.
HANDOVER_SECONDS = 1.0
SAVE_EVERY = 0.5  # seconds between appends of in-process results to --out's results file


class CampaignError(ValueError):
    """Bad usage or input: the campaign cannot start (one clear sentence, exit status 2)."""


class FaultFreeRunFailed(RuntimeError):
    """The program's fault-free run fails (a trap stop, a halt): nothing can be checked
    against it (one clear sentence, exit status 1)."""


@dataclass
class Outcome:
    summary: dict
    records: list[dict]
    interrupted: bool = False
    lost: list[int] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # why batches were lost
    sessions: list[Path] = field(default_factory=list)
    loads: dict[str, tuple[int, int]] = field(default_factory=dict)  # worker: (openings, batches checked on them)
    batches: int = 0  # tasks whose results were used

    @property
    def exit_status(self) -> int:
        """0 when every site passed, 1 otherwise (failures, lost sites); 130 when interrupted."""
        if self.interrupted:
            return 130
        return 0 if self.summary["complete"] and not self.summary["failed"] else 1


@dataclass
class Distribution:
    """How the checking phase went."""

    interrupted: bool = False
    lost: list[int] = field(default_factory=list)  # sites of batches the scheduler gave up on
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0  # first check (in-process or submission) to last result
    in_process: int = 0  # sites checked in the campaign's own process
    workers: set[str] = field(default_factory=set)  # addresses of the workers whose results were used
    # each of those workers: (times it opened the program, batches it checked on that opening)
    loads: dict[str, tuple[int, int]] = field(default_factory=dict)
    batches: int = 0  # tasks whose results were used


def choose(count: int, sample: int | None, seed: int) -> list[int]:
    """Indices of the sites to check: all, or a reproducible sample of ``sample``."""
    if sample is None or sample >= count:
        return list(range(count))
    return sorted(random.Random(seed).sample(range(count), sample))


def options_text(config: Config) -> str:
    parts = [f"profile {config.profile}", f"faults {config.faults}"]
    if config.compat:
        parts.append(f"compat {config.compat}")
    if config.sample is not None:
        parts.append(f"sample {config.sample} seed {config.seed}")
    if config.defect:
        parts.append(f"TEST DEFECT {config.defect}")
    return ", ".join(parts)


def _batches(indices: list[int], workers: int) -> list[list[int]]:
    size = max(1, min(MAX_BATCH, math.ceil(len(indices) / max(1, workers * BATCHES_PER_WORKER))))
    return [indices[i : i + size] for i in range(0, len(indices), size)]


def run_campaign(config: Config, *, emit: Callable[[dict], None] | None = None,
                 progress: bool | None = None, dashboard: Callable[[str], None] | None = None) -> Outcome:
    """Run ``config`` to completion (or interruption).  ``emit`` receives each site's
    record as it is known (finished ones from ``--out`` first); ``progress``: show the
    bar (None: when standard error is a terminal); ``dashboard`` receives the address of
    Dask's dashboard once the cluster is up (when it serves one).  Raises
    :class:`CampaignError` when the campaign cannot start."""
    started = time.monotonic()
    if config.faults not in FAULT_KINDS:
        raise CampaignError(f"--faults {config.faults}: expected one of {', '.join(FAULT_KINDS)}")
    if config.defect is not None and config.defect not in DEFECTS:
        raise CampaignError(f"unknown test defect {config.defect!r}")
    try:
        dbg = open_debugger(config.program, profile=config.profile, compat=config.compat)
    except OpenError as e:
        raise CampaignError(str(e)) from None
    with dask_engine(config.workers, config.scheduler) as start:  # comes up during the fault-free run
        return _campaign(config, dbg, start, started, emit, progress, dashboard)


def _campaign(config: Config, dbg: Debugger, start: EngineStart, started: float, emit: Callable[[dict], None] | None,
              progress: bool | None, dashboard: Callable[[str], None] | None) -> Outcome:
    """The campaign once the program is open and its engine is starting."""
    try:
        opening = fingerprint(dbg)
        with ListingProgress(Path(config.program).name, config.max_steps, enabled=progress) as shown:
            listing = list_sites(dbg, config.faults, config.max_steps, progress=shown.update)
    except ListingError as e:
        raise CampaignError(str(e)) from None
    if listing.status in ("trap", "error"):
        what = "stopped on a trap" if listing.status == "trap" else "halted"
        raise FaultFreeRunFailed(f"the fault-free run of {Path(config.program).name} {what} at step {listing.steps} "
                                 f"({listing.message}); a campaign checks faults against a run that ends normally "
                                 "(its stop symbol, EBREAK or an exit)")
    sites = listing.sites
    chosen = choose(len(sites), config.sample, config.seed)
    spec = ProgramSpec(str(config.program), dbg.sha256 or "", config.profile, config.compat,
                       snapshot_interval(listing.steps), config.max_steps, config.defect, opening, listing.steps)

    folder = CampaignFolder(config.out) if config.out else None
    finished: dict[int, dict] = {}
    if folder is not None:
        manifest = {"program": Path(config.program).name, "sha256": spec.sha256, "options": config.identity(),
                    "listed": len(sites), "fault_free_steps": listing.steps}
        try:
            finished = folder.open(manifest, len(sites))
        except StoreError as e:
            raise CampaignError(str(e)) from None
    wanted = set(chosen)
    records = [finished[i] for i in chosen if i in finished]
    resumed = len(records)
    if emit is not None:
        for rec in records:
            emit(rec)
    todo = [i for i in chosen if i not in finished]

    run = Distribution()
    engine_text = "none (every site was already checked)" if chosen else "none (the run touches no memory to fault)"
    workers_lost = 0
    if todo:
        passing = sum(1 for r in records if r["passed"])
        with CampaignProgress(len(todo) + len(records), len(records), passing, len(records) - passing,
                              enabled=progress) as bar:
            checking = time.monotonic()
            if start.local and config.in_process:
                todo = _check_here(spec, sites, todo, records, folder, emit, bar, start, run)
                engine_text = IN_PROCESS
            if todo and not run.interrupted:
                try:
                    try:
                        engine = start.wait()
                    except ClusterError as e:
                        raise CampaignError(str(e)) from None
                    engine_text = engine.description
                    if dashboard is not None and engine.dashboard is not None:
                        dashboard(engine.dashboard)
                    _distribute(engine.client, spec, sites, todo, engine.workers, records, folder, emit, bar, run)
                    if not run.interrupted:
                        workers_lost = _lost_workers(engine, run.workers)
                except KeyboardInterrupt:  # while the client connected, before the tasks went out
                    run.interrupted = True
            run.seconds = time.monotonic() - checking
    records = [r for r in records if r["site"] in wanted]
    summary = report.summary(str(config.program), len(chosen), records, workers=len(run.workers),
                             engine=engine_text, seconds=time.monotonic() - started, lost=len(run.lost),
                             interrupted=run.interrupted, check_seconds=run.seconds,
                             checked_now=len(records) - resumed, workers_lost=workers_lost,
                             in_process=run.in_process)
    outcome = Outcome(summary, sorted(records, key=lambda r: r["site"]), run.interrupted, run.lost, run.errors,
                      loads=run.loads, batches=run.batches)
    if folder is not None:
        outcome.sessions = report.write_folder(folder.path, summary, outcome.records, options_text(config), dbg, sites)
    return outcome


def _lost_workers(engine, used: set[str]) -> int:
    """Workers there at the start or whose results were used that the scheduler no longer
    knows (0 when it cannot be asked: the results are in, the count is only a report)."""
    try:
        now = engine.current_workers()
    except Exception:  # noqa: BLE001 - a scheduler gone by now: nothing to count against
        return 0
    return len((engine.addresses | used) - now)


IN_PROCESS = "in-process (the local Dask cluster was not needed)"


def _check_here(spec: ProgramSpec, sites: list[Site], todo: list[int], records: list[dict],
                folder: CampaignFolder | None, emit: Callable[[dict], None] | None,
                bar: CampaignProgress, start: EngineStart, run: Distribution) -> list[int]:
    """Check sites in this process, with the workers' own code (the program opened as a
    worker opens it, each site through the same JSON), while the local cluster starts;
    returns the sites left for the cluster.  As soon as the sites left would take
    longer than HANDOVER_SECONDS here, Dask's client is imported (in a thread) and waits
    for the cluster; once the cluster is up this process stops checking, so that the
    client connects without competing with the checks, and the cluster takes the rest.
    A campaign with less work never imports Dask; one done before its cluster is up
    abandons it.  A ctrl+c stops at once (``run.interrupted``); the results so far are kept."""
    left = deque(todo)
    unsaved: list[dict] = []
    saved_at = began = time.monotonic()
    try:
        try:
            checker = open_checker(spec, Path(spec.path).read_bytes())
        except Exception:  # noqa: BLE001 - the workers meet it too and say why (lost batches)
            return list(left)
        while left:
            # at the rate of the checks so far (one at least), is the rest worth the cluster?
            if run.in_process and (time.monotonic() - began) / run.in_process * len(left) > HANDOVER_SECONDS:
                start.connect()  # Dask's client is imported meanwhile, then waits for the cluster
                if start.cluster_ready():
                    break  # the cluster takes the rest: its client connects at full speed
            index = left[0]
            record = check_sites(checker, [(index, sites[index].as_json())])[0]
            left.popleft()
            run.in_process += 1
            records.append(record)
            unsaved.append(record)
            bar.advance([record])
            if folder is not None and time.monotonic() - saved_at >= SAVE_EVERY:
                folder.append(unsaved)
                unsaved, saved_at = [], time.monotonic()
            if emit is not None:
                emit(record)
    except KeyboardInterrupt:
        run.interrupted = True
    finally:
        if folder is not None:
            folder.append(unsaved)
    return list(left)


def _distribute(client, spec: ProgramSpec, sites: list[Site], todo: list[int], workers: int,
                records: list[dict], folder: CampaignFolder | None,
                emit: Callable[[dict], None] | None, bar: CampaignProgress, run: Distribution) -> None:
    """Submit the remaining sites in batches and collect the results as they come."""
    from distributed import as_completed

    from ptodbg.campaign.plugin import ProgramCache, check_batch, plugin_name

    token = uuid.uuid4().hex[:8]
    name = plugin_name(token)
    futures = {}
    try:
        client.register_plugin(ProgramCache(spec, Path(spec.path).read_bytes()), name=name)
        for n, batch in enumerate(_batches(todo, workers)):
            payload = [(i, sites[i].as_json()) for i in batch]
            future = client.submit(check_batch, name, payload, key=f"ptodbg-sites-{token}-{n}",
                                   retries=TASK_RETRIES, pure=False)
            futures[future] = batch
        for future in as_completed(list(futures)):
            try:
                done = future.result()
            except Exception as e:  # noqa: BLE001 - a batch the scheduler gave up on
                run.lost += futures[future]
                run.errors.append(f"{type(e).__name__}: {e}")
                continue
            run.workers.add(done["worker"])
            run.loads[done["worker"]] = max(run.loads.get(done["worker"], (0, 0)), (done["loads"], done["batches"]),
                                            key=lambda pair: pair[1])
            run.batches += 1
            batch_records = done["records"]
            if folder is not None:
                folder.append(batch_records)
            records += batch_records
            bar.advance(batch_records)
            if emit is not None:
                for rec in batch_records:
                    emit(rec)
    except KeyboardInterrupt:
        client.cancel(list(futures))
        run.interrupted = True
    finally:
        _forget(client, name)


def _forget(client, name: str) -> None:
    """Unregister the campaign's worker plugin: its teardown drops the opened program on
    every worker (what matters on a long-lived cluster; a LocalCluster closes anyway)."""
    try:
        client.unregister_worker_plugin(name)
    except Exception:  # noqa: BLE001 - a scheduler gone by now keeps nothing to forget
        pass
