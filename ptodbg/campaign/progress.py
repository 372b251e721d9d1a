"""The progress bar of a campaign on standard error: sites done, passing, failing, rate
and time left.  Shown only when standard error is a terminal; otherwise every call is a
no-op, so pipes and logs get no control sequences."""

from __future__ import annotations

import sys
from types import TracebackType

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


class CampaignProgress:
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

    def __enter__(self) -> CampaignProgress:
        if self._bar is not None:
            self._bar.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 tb: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.stop()

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
