"""Machine profiles (docs/interfaces.md §2).

* ``debug``: sparse 4 KiB pages with r/w/x permissions; data faults are DATA_PAGE_FAULT,
  fetch from an unmapped or non-executable page is INST_PAGE_FAULT (a ptodbg extension:
  the reference model leaves fetch unmodelled).
* ``reference``: the pto-spec reference profile: one flat read-write region of
  ``memory_bytes`` (256..65536, default 4096), accesses must end inside it, and at ACR >= 2
  inside the first 3072 bytes (``DataAccessPermitted``); identity translation; fetching
  outside memory is an emulator halt (docs/architecture-notes.md §7.12).
* ``linux``: the debug profile plus a Linux user-mode environment (ptodbg.linux), whose
  process stack (argc, argv, envp, auxv) replaces the bare test binaries' stack: the loader
  maps none there, so a Linux program's null page stays unmapped.

The bare stack of the debug profile lies below ``stack_top`` on pages no segment uses,
at most ``stack_size`` bytes of them (:mod:`ptodbg.core.stack`).
"""

from __future__ import annotations

from ptodbg.base.record import Frozen

REFERENCE_DEFAULT_BYTES = 4096
REFERENCE_ACR2_BOUND = 3072


class Profile(Frozen):
    """An execution profile: memory model, fault behaviour, stack and FP model."""

    name: str
    flat_bytes: int | None = None
    acr2_bound: int | None = None
    fetch_faults: bool = True
    stack_top: int = 0xF000
    stack_size: int = 64 * 1024
    # Whether the loader maps the bare stack below stack_top (False: the environment
    # builds its own, as the linux profile's ELF process start-up does).
    loader_stack: bool = True
    # Scalar FP: "carrier" = the reference profile's raw-bit surrogates (ADR-0028, what the
    # AVS tests check); "ieee" = correctly rounded IEEE-754 for real programs.
    fp_model: str = "ieee"
    # TILE_CAPACITY: the bytes of tile storage the core has (TileCapacityLimitBytes).
    tile_capacity: int = 262144


DEBUG = Profile("debug")
LINUX = Profile("linux", loader_stack=False)


def reference(memory_bytes: int = REFERENCE_DEFAULT_BYTES) -> Profile:
    """The reference profile with ``memory_bytes`` of memory (PTO_MODEL_MEMORY_BYTES)."""
    if not 256 <= memory_bytes <= 65536:
        raise ValueError(f"reference memory size {memory_bytes} is outside 256..65536 bytes")
    return Profile(
        "reference",
        flat_bytes=memory_bytes,
        acr2_bound=min(REFERENCE_ACR2_BOUND, memory_bytes),
        fetch_faults=False,
        fp_model="carrier",
    )


REFERENCE = reference()

PROFILES = {"debug": DEBUG, "reference": REFERENCE, "linux": LINUX}
