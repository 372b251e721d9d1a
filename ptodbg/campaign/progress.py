"""The progress of a campaign on standard error.

* :class:`ListingProgress`, while the fault-free run lists the sites: the steps so far and
  the bound it stops at (``--max-steps``), said up front — a program that never stops
  runs until that bound, and the user sees it coming.  On a terminal a bar from the first
  step; elsewhere (a pipe, a log) one line, only when the run takes more than
  NOTICE_SECONDS.
* :class:`CampaignProgress`, while the sites are checked: sites done, passing, failing,
  rate and time left.  Shown only when standard error is a terminal; otherwise every call
  is a no-op, so pipes and logs get no control sequences."""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import Self

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)


class _ShownBar:
    """A rich bar that may not be shown (``_bar`` None): a context manager that starts and
    stops it when it is."""

    _bar: Progress | None = None

    def __enter__(self) -> Self:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.stop()


class CampaignProgress(_ShownBar):
    def __init__(self, total: int, done: int = 0, passing: int = 0, failing: int = 0,
                 enabled: bool | None = None) -> None:
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self.passing, self.failing = passing, failing
        self._bar: Progress | None = None
        self._task: TaskID | None = None
        if self.enabled:
            self._bar = Progress(
                TextColumn("[bold]sites"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("[green]{task.fields[passing]} passing"),
                TextColumn("[red]{task.fields[failing]} failing"),
                TextColumn("{task.fields[rate]}"),
                TimeElapsedColumn(),
                TextColumn("ETA"),
                TimeRemainingColumn(),
                console=Console(file=sys.stderr),
                transient=False,
            )
            self._task = self._bar.add_task("sites", total=total, completed=done, passing=passing,
                                            failing=failing, rate="")
            self._start_done = done

    def advance(self, records: list[dict]) -> None:
        """Count a finished batch."""
        passed = sum(1 for r in records if r["passed"])
        self.passing += passed
        self.failing += len(records) - passed
        if self._bar is None or self._task is None:
            return
        self._bar.advance(self._task, len(records))
        task = self._bar.tasks[0]
        speed = task.speed
        self._bar.update(self._task, passing=self.passing, failing=self.failing,
                         rate=f"{speed:.1f} sites/s" if speed else "")


NOTICE_SECONDS = 2.0


class ListingProgress(_ShownBar):
    """Where the fault-free run is, against its bound; ``update(steps)`` is list_sites'
    progress callback."""

    def __init__(self, program: str, max_steps: int, enabled: bool | None = None,
                 notice_seconds: float = NOTICE_SECONDS) -> None:
        self.program = program
        self.max_steps = max_steps
        self.notice_seconds = notice_seconds
        self.enabled = sys.stderr.isatty() if enabled is None else enabled
        self._bar: Progress | None = None
        self._task: TaskID | None = None
        self._started = time.monotonic()
        self._noticed = False
        if self.enabled:
            self._bar = Progress(
                TextColumn("[bold]fault-free run"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn(f"steps (it stops at {max_steps:,}: --max-steps)"),
                TimeElapsedColumn(),
                console=Console(file=sys.stderr),
                transient=True,
            )
            self._task = self._bar.add_task("listing", total=max_steps)

    def update(self, steps: int) -> None:
        if self._bar is not None and self._task is not None:
            self._bar.update(self._task, completed=steps)
            return
        if not self._noticed and time.monotonic() - self._started >= self.notice_seconds:
            self._noticed = True
            sys.stderr.write(f"ptodbg: the fault-free run of {self.program} is at step {steps:,}; it is stopped "
                             f"at {self.max_steps:,} steps (--max-steps)\n")
            sys.stderr.flush()
