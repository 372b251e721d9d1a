"""What a campaign is: the program, how it is opened, which sites, and where tasks run."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path

# Attempts the fault-free run may take: some 15 s of listing (about 60,000 attempts a
# second with the probe log on); a program that needs more has more sites than a campaign
# can check anyway (the real test programs run a few thousand).
MAX_STEPS_DEFAULT = 1_000_000
MAX_STEPS_LIMIT = 1_000_000_000
MAX_WORKERS = 512
MAX_SAMPLE = 1_000_000_000


@dataclass(frozen=True, slots=True)
class ProgramSpec:
    """Everything a worker needs to open the program exactly as the client did.  Workers
    on other machines get the program's bytes with the tasks, so ``path`` only names it."""

    path: str
    sha256: str
    profile: str
    compat: str | None
    interval: int  # attempts between the snapshots of the fault-free run
    max_steps: int
    defect: str | None = None  # test-only negative controls (ptodbg.debug.faults.check.DEFECTS)
    fingerprint: str = ""  # of the client's opening: a worker's must be the same
    fault_free_steps: int = 0

    @property
    def name(self) -> str:
        """The file's name: part of the program's identity (the linux profile's argv[0])."""
        return Path(self.path).name

    def key(self) -> tuple:
        """Identifies an opened program in a worker's cache."""
        return (self.sha256, self.name, self.profile, self.compat, self.interval, self.max_steps, self.defect)


@dataclass(frozen=True, slots=True)
class Config:
    """One ``ptodbg campaign`` invocation."""

    program: str
    profile: str = "debug"
    compat: str | None = None
    faults: str = "data"
    sample: int | None = None
    seed: int = 0
    workers: int = 2
    scheduler: str | None = None
    max_steps: int = MAX_STEPS_DEFAULT
    out: str | None = None
    defect: str | None = None
    # check sites in the campaign's own process while its local cluster starts (the
    # runner's choice, not the command line's: False makes a test wait for the cluster)
    in_process: bool = True

    def identity(self) -> dict:
        """What must match for a run to resume another one's results (not where it runs)."""
        data = asdict(self)
        for key in ("workers", "scheduler", "out", "program", "in_process"):
            data.pop(key)
        return data


def snapshot_interval(steps: int) -> int:
    """Attempts between snapshots of a fault-free run of ``steps`` attempts: about 512
    snapshots, so a site replays at most a few hundred attempts to reach its step."""
    return max(16, min(4096, steps // 512))
