"""``ptodbg campaign``: the command line around :func:`ptodbg.campaign.runner.run_campaign`.

Standard output: with ``--json`` one line per site as it is checked and a summary line
last; without it, the readable summary.  Standard error: the address of Dask's
dashboard (``ptodbg: Dask dashboard: http://...``, where the task stream and the workers
can be watched while the campaign runs), the progress bar (on a terminal) and, for bad
usage or input, one ``ptodbg: error: ...`` line.  Exit status 0
when every site passes (documented exceptions pass, and say so), 1 otherwise, 2 on bad
usage or input, 130 when interrupted (run the same command again to resume).  A program
whose fault-free run fails (a trap stop, an emulator halt) is no reference to check faults
against: one line says so and the status is 1, with nothing checked.
"""

from __future__ import annotations

import json
import os
import sys
from typing import TextIO

from ptodbg.campaign.cluster import missing_dask, scheduler_address
from ptodbg.campaign.runner import (
    CampaignError,
    FaultFreeRunFailed,
    Outcome,
    options_text,
    run_campaign,
)
from ptodbg.campaign.spec import MAX_SAMPLE, MAX_STEPS_LIMIT, MAX_WORKERS, Config

SEED_LIMIT = (1 << 63) - 1


def config_from_args(args) -> Config:
    """Check the numbers a user typed (each bounded) and build the configuration."""
    if args.workers is not None and not 1 <= args.workers <= MAX_WORKERS:
        raise CampaignError(f"--workers {args.workers}: expected 1..{MAX_WORKERS}")
    if args.sample is not None and not 1 <= args.sample <= MAX_SAMPLE:
        raise CampaignError(f"--sample {args.sample}: expected 1..{MAX_SAMPLE}")
    if not 0 <= args.seed <= SEED_LIMIT:
        raise CampaignError(f"--seed {args.seed}: expected 0..{SEED_LIMIT}")
    if not 1 <= args.max_steps <= MAX_STEPS_LIMIT:
        raise CampaignError(f"--max-steps {args.max_steps}: expected 1..{MAX_STEPS_LIMIT}")
    if args.scheduler is not None:
        try:
            scheduler_address(args.scheduler)
        except ValueError as e:
            raise CampaignError(str(e)) from None
    workers = args.workers
    if workers is None and args.scheduler is None:
        workers = max(1, min(MAX_WORKERS, os.cpu_count() or 1))
    return Config(program=args.program, profile=args.profile, compat=args.compat, faults=args.faults,
                  sample=args.sample, seed=args.seed, workers=workers, scheduler=args.scheduler,
                  max_steps=args.max_steps, out=args.out, defect=args.test_defect)


def run(args, out: TextIO | None = None) -> int:
    out = out or sys.stdout
    missing = missing_dask()
    if missing is not None:
        sys.stderr.write(f"ptodbg: error: {missing}\n")
        return 2
    reader_gone = False

    def emit(record: dict) -> None:
        nonlocal reader_gone
        try:
            out.write(json.dumps(record) + "\n")
            out.flush()
        except BrokenPipeError:  # `ptodbg campaign ... --json | head`: stop as if interrupted
            reader_gone = True
            _silence(out)
            raise KeyboardInterrupt from None

    def show_dashboard(link: str) -> None:
        sys.stderr.write(f"ptodbg: Dask dashboard: {link}\n")
        sys.stderr.flush()

    try:
        config = config_from_args(args)
        outcome: Outcome = run_campaign(config, emit=emit if args.json else None, dashboard=show_dashboard)
    except CampaignError as e:
        sys.stderr.write(f"ptodbg: error: {' '.join(str(e).split())}\n")
        return 2
    except FaultFreeRunFailed as e:
        sys.stderr.write(f"ptodbg: nothing checked: {' '.join(str(e).split())}\n")
        return 1
    if reader_gone:
        return 1
    if args.json:
        out.write(json.dumps(outcome.summary) + "\n")
    else:
        from ptodbg.campaign.report import table

        out.write(table(outcome.summary, outcome.records, options_text(config)))
    out.flush()
    if outcome.interrupted:
        sys.stderr.write(f"ptodbg: interrupted after {outcome.summary['checked']} of {outcome.summary['sites']} "
                         "sites" + (f"; run the same command again to resume from {config.out}" if config.out
                                    else " (with --out DIR a campaign can be resumed)") + "\n")
    elif outcome.lost:
        why = outcome.errors[0] if outcome.errors else "their worker tasks failed after retries"
        sys.stderr.write(f"ptodbg: {len(outcome.lost)} sites could not be checked ({' '.join(why.split())})"
                         + ("; run the same command again to check them" if config.out else "") + "\n")
    return outcome.exit_status


def _silence(out: TextIO) -> None:
    """After the reader of a pipe went away: later writes (and the interpreter's final
    flush) go nowhere instead of raising."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, out.fileno())
    except (OSError, ValueError, AttributeError):
        pass
