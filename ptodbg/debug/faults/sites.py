"""Fault-injection sites: where one fault-free run touches memory, and for what.

A campaign (docs/interfaces.md §10) faults every memory access of a program once.  The accesses
are learned from one fault-free run stepped on the precise path with the memory's probe
log on: every permission probe an attempt makes (``ProbeDataAccess`` in the ASL) is
``(address, size, need)``.  Each attempt gives one :class:`Site` per (page, access) it
needs — a DMA's source and destination ranges separately, both pages of an access that
crosses a page boundary, the read and the write probe of an atomic — and, with
``faults="all"``, one fetch site each time execution enters a code page (the first
instruction fetched from it after an instruction on another page, page-crossing
instructions included).

A site's expected TRAPARG0 is the address of the first probe of that attempt which needs
that access on that page: the ASL's RaiseDataAccessFault reports the *probe's* original
address (``asl/scalar/model/agu/memory.asl``; for DMA the start of the 64-byte range,
``asl/scalar/model/amo/semantics.asl``), not the first denied byte.  A fetch fault reports
TPC (docs/interfaces.md §2).

Not sites: the bytes a system call copies (the kernel's accesses answer -EFAULT, they do
not trap, so the linux personality's buffer checks are left out), and attempts that trap
in the fault-free run itself.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

from ptodbg.core.memory import PAGE_SHIFT, R, W, X, perms_text
from ptodbg.debug.engine.debugger import Debugger

ACCESS_NEED = {"read": R, "write": W, "fetch": X}
ACCESS_OF_NEED = {R: "read", W: "write", X: "fetch"}
FAULT_KINDS = ("data", "all")
LISTING_CHUNK = 4096  # attempts between interrupt/progress checks while listing


class ListingError(ValueError):
    """The fault-free run cannot serve as a campaign's reference (one clear sentence)."""


@dataclass(frozen=True, slots=True)
class Site:
    """One access to fault.  ``step`` counts the attempts before it: ``goto STEP`` shows the
    state the fault must preserve and ``inject PAGE 4096 PERMS at STEP once`` arms it."""

    step: int
    pc: int
    page: int  # base address of the page
    access: str  # "read" | "write" | "fetch"
    address: int  # the TRAPARG0 the fault must report
    mnemonic: str
    perms: str = ""  # what the page is given for the attempt: its permissions without the one needed

    @property
    def key(self) -> tuple[int, int, str]:
        return (self.step, self.page, self.access)

    @property
    def need(self) -> int:
        return ACCESS_NEED[self.access]

    def as_json(self) -> dict:
        return {"step": self.step, "pc": self.pc, "page": self.page, "access": self.access,
                "address": self.address, "mnemonic": self.mnemonic, "perms": self.perms}

    @staticmethod
    def from_json(data: dict) -> Site:
        access = str(data["access"])
        if access not in ACCESS_NEED:
            raise ValueError(f"unknown access {access!r}")
        return Site(int(data["step"]), int(data["pc"]), int(data["page"]), access,
                    int(data["address"]), str(data.get("mnemonic", "?")), str(data.get("perms", "")))


@dataclass(frozen=True, slots=True)
class Listing:
    """The sites of one fault-free run and how that run ended."""

    sites: list[Site]
    steps: int  # attempts of the fault-free run
    status: str  # the engine's stop status at its end
    message: str


def _pages(address: int, size: int) -> range:
    return range(address >> PAGE_SHIFT, ((address + max(size, 1) - 1) >> PAGE_SHIFT) + 1)


def list_sites(
    dbg: Debugger,
    faults: str = "data",
    max_steps: int = 10_000_000,
    progress: Callable[[int], None] | None = None,
) -> Listing:
    """Run ``dbg`` (freshly opened, at step 0, no stops of the user's) to its stop on the
    precise path and list its sites.  Raises :class:`ListingError` when the run does not
    stop within ``max_steps`` attempts."""
    if faults not in FAULT_KINDS:
        raise ListingError(f"faults must be one of {', '.join(FAULT_KINDS)}, not {faults!r}")
    m = dbg.machine
    if faults == "all" and not m.profile.fetch_faults:
        raise ListingError(f"the {m.profile.name} profile does not model instruction fetch faults: "
                           "use --faults data")
    mem = m.mem
    kernel = m.syscall
    sites: list[Site] = []
    previous_fetch: range = range(0)
    end_status = end_message = ""

    def quiet_kernel(machine, request, pc):  # the kernel's copies are not the instruction's accesses
        log = mem.probe_log
        mem.probe_log = None
        try:
            return kernel(machine, request, pc)
        finally:
            mem.probe_log = log

    if kernel is not None:
        m.syscall = quiet_kernel
    mem.set_capture(True)  # once for the whole run, not twice per attempt
    try:
        while m.steps < max_steps:
            if progress is not None and m.steps % LISTING_CHUNK == 0:
                progress(m.steps)
            step, pc = m.steps, m.pc
            log: list[tuple[int, int, int]] = []
            mem.probe_log = log
            stop = dbg.step()
            mem.probe_log = None
            res = dbg.last_step
            if res is None or m.steps != step + 1:
                end_status, end_message = stop.status, stop.message
                break
            mnemonic = res.form.mnemonic if res.form is not None else "?"
            fetched = _pages(pc, res.length // 8) if res.length else range(0)
            if res.trap is None:
                if faults == "all":
                    for pn in fetched:
                        if pn not in previous_fetch:
                            sites.append(_site(mem, step, pc, pn, X, pc, mnemonic))
                seen: set[tuple[int, int]] = set()
                for address, size, need in log:
                    for pn in _pages(address, size):
                        if (pn, need) not in seen and need in ACCESS_OF_NEED:
                            seen.add((pn, need))
                            sites.append(_site(mem, step, pc, pn, need, address, mnemonic))
            previous_fetch = fetched
            if _ended(dbg, stop):
                end_status = "exited" if m.exit_code is not None else stop.status
                end_message = stop.message
                break
        else:
            raise ListingError(f"the fault-free run did not stop within {max_steps} steps (raise --max-steps)")
    finally:
        mem.probe_log = None
        mem.set_capture(False)
        if kernel is not None:
            m.syscall = kernel
    return Listing(sites, m.steps, end_status, end_message)


def _site(mem, step: int, pc: int, pn: int, need: int, address: int, mnemonic: str) -> Site:
    perms = mem.perms_at(pn << PAGE_SHIFT) or 0
    return Site(step, pc, pn << PAGE_SHIFT, ACCESS_OF_NEED[need], address, mnemonic, perms_text(perms & ~need))


def fingerprint(dbg: Debugger) -> str:
    """A digest of a freshly opened program's state (TPC, registers, compatibility mode,
    every page and its permissions).  Two openings run the same way only when it is equal:
    a linux-profile stack holds argv[0], so even the file's name matters."""
    m = dbg.machine
    h = hashlib.sha256(repr((m.pc, tuple(m.r), m.compat, m.steps)).encode())
    for pn in sorted(m.mem.pages):
        h.update(pn.to_bytes(8, "little") + bytes((m.mem.perms.get(pn, 0),)))
        h.update(m.mem.pages[pn])
    return h.hexdigest()


def _ended(dbg: Debugger, stop) -> bool:
    """Whether the step just taken ended the run (stop symbol, EBREAK, trap stop, exit,
    emulator halt): ``step`` reports an ordinary step as "stopped" without a trap."""
    m = dbg.machine
    if stop.status != "stopped" or stop.trap is not None or m.exit_code is not None:
        return True
    return dbg.stop_address is not None and m.pc == dbg.stop_address


def without(perms: int, access: str) -> int:
    """``perms`` with the permission ``access`` needs removed."""
    return perms & ~ACCESS_NEED[access]

