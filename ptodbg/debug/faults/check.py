"""Checking one fault-injection site: a precise trap, then recovery to the fault-free end.

A :class:`SiteChecker` opens a program once and runs it fault-free once, keeping the
engine's history (a snapshot every ``interval`` attempts) and the final state.  For each
:class:`~ptodbg.debug.faults.sites.Site` it restores the nearest snapshot at or before the
site's step, builds a :class:`~ptodbg.debug.engine.debugger.Debugger` whose timeline starts there,
travels to the step (``goto``) and does what a user would type:
``inject PAGE 4096 PERMS once`` (the page's permissions without the one the access
needs), ``step``, ``recover``, ``continue``.  It checks (docs/interfaces.md §10):

1. *precise*: the attempt trapped with the right number (DATA_PAGE_FAULT 35, or
   INST_PAGE_FAULT 33 for a fetch), TRAPARG0 (the probe's original address, see
   :mod:`ptodbg.debug.faults.sites`), saved TPC and step count; it recorded no memory event;
   registers, queues, reservation, block state, system-call state, tile registers and every
   page (contents and permissions) are as the fault-free run had them before that step; the
   block's ``body`` flag too (a faulting first body instruction has not entered it).
2. *recovered*: after ``recover`` the run stops exactly as the fault-free one did - stop
   status and message, TPC, registers, queues, block, reservation, pending trap, result
   bytes, exit code, program output, every page - with one more attempt.

*Documented exceptions* are departures the specification prescribes.  They are reported
by name, with what they changed, never as a plain pass, and they excuse only the
differences they describe (anything else still fails the site):

* MCOPY and the frame templates (FENTRY, FEXIT, FRET.RA, FRET.STK) are restartable: a
  fault keeps their committed steps (the frame's stack-pointer update, stores or register
  loads already done, copied chunks) and recovery resumes at the first uncommitted step
  (``asl/block/model/lifecycle/lifetime.asl`` ExecuteFrameTemplate,
  ``asl/block/model/commit/effects.asl`` ExecuteMemoryCopyTemplate).  ADR-0084 decisions
  151 and 152 make that restart behaviour a MUST ("earlier committed events remain
  visible"), and the AVS points PTO-AVS-BLOCK-FEXIT-RESTART-001, FRET-STK-RESTART-003 and
  FRET-STK-ODD-TARGET-002 assert the adjusted sp after the fault.  Excused: changes
  that hold exactly the value the fault-free attempt gives them - memory only where a
  store event of the faulting attempt wrote it - and events that are a prefix of its
  events.  Recovery must be exact.
* SC clears the reservation on every attempt, "including a successful reservation check
  followed by an access fault" (``asl/scalar/model/amo/semantics.asl`` StoreConditional),
  so the reissued SC fails and the program runs its retry path.  Excused: the cleared
  reservation at the trap; at the end, the step count and the T/U queue history.

Test-only defects (the campaign's negative controls): ``store-before-check`` sets the
machine's flag that commits a store before its permission check; ``skip-recover`` leaves
out the ``recover``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ptodbg.core import TrapInfo
from ptodbg.core.events import STORE, MemEvent
from ptodbg.core.faults import DATA_PAGE_FAULT, INST_PAGE_FAULT
from ptodbg.core.memory import PAGE_SHIFT, PAGE_SIZE, perms_text
from ptodbg.core.state import GPR_NAMES
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.stops import Stop
from ptodbg.debug.faults.sites import Site, fingerprint, without
from ptodbg.debug.faults.state import (
    Change,
    Ending,
    Observation,
    ending_changes,
    name_changes,
    state_changes,
)
from ptodbg.debug.files.program import open_debugger

DEFECTS = ("store-before-check", "skip-recover")


@dataclass(frozen=True, slots=True)
class Documented:
    """A documented exception: what it is, and which differences it excuses."""

    text: str
    # (change at the trap, fault-free state after the attempt, events the faulting attempt recorded)
    excuses_at_trap: Callable[[Change, Observation, list[MemEvent]], bool]
    event_prefix: bool  # events of the faulting attempt may be a prefix of the fault-free ones
    excused_at_end: frozenset[str]  # kinds of Change at the end of the run


def _stored(events: list[MemEvent], address: int) -> bool:
    return any(e.kind == STORE and e.address <= address < e.address + e.size for e in events)


def _committed(change: Change, after: Observation, events: list[MemEvent]) -> bool:
    """A restartable template's committed step: the value the fault-free attempt gives it,
    and - for memory - a byte written by a store the faulting attempt recorded (a byte the
    faulting step itself wrote has no event: that is not a committed step)."""
    if change.what == "register":
        return after.regs[GPR_NAMES.index(change.where)] == change.got  # type: ignore[arg-type]
    if change.what == "memory":
        pn, runs = change.where  # type: ignore[misc]
        page, got, base = after.pages.get(pn), change.got, pn << PAGE_SHIFT
        return page is not None and all(
            page[o : o + n] == got[o : o + n] and all(_stored(events, base + a) for a in range(o, o + n))  # type: ignore[index]
            for o, n in runs)
    return {"block": after.block, "T queue": after.t, "U queue": after.u}.get(change.what, ()) == change.got


def _reservation_cleared(change: Change, after: Observation, events: list[MemEvent]) -> bool:
    return change.what == "reservation" and change.got is None


_RESTARTABLE = "{} is restartable by design ({}): a fault keeps its committed steps and recovery resumes after them"
DOCUMENTED: dict[str, Documented] = {
    "MCOPY": Documented(_RESTARTABLE.format("MCOPY", "asl/block/model/commit/effects.asl ExecuteMemoryCopyTemplate"),
                        _committed, True, frozenset()),
    **{name: Documented(_RESTARTABLE.format(f"the frame template {name}",
                                            "ADR-0084 decision 151, asl/block/model/lifecycle/lifetime.asl "
                                            "ExecuteFrameTemplate"),
                        _committed, True, frozenset())
       for name in ("FENTRY", "FEXIT", "FRET.RA", "FRET.STK")},
    **{name: Documented(f"{name} clears the reservation on every attempt, a faulting one included "
                        "(asl/scalar/model/amo/semantics.asl StoreConditional): the reissued SC fails and "
                        "the program retries", _reservation_cleared, False,
                        frozenset({"steps", "T queue", "U queue"}))
       for name in ("SC.B", "SC.H", "SC.W", "SC.D")},
}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The outcome of one site: the strict results, the documented exception that
    explains what they missed (if one does), and what happened in words."""

    precise: bool
    recovered: bool
    exception: str | None
    passed: bool
    detail: str


def _failure(detail: str) -> Verdict:
    return Verdict(False, False, None, False, detail)


@dataclass
class Findings:
    """What one site's check found, and what a documented exception excuses of it."""

    site: Site
    trap: TrapInfo
    documented: Documented | None
    facts: list[str] = field(default_factory=list)  # wrong trap number, TRAPARG0, saved TPC, steps
    events: list[MemEvent] = field(default_factory=list)  # recorded by the faulting attempt
    changes: list[Change] = field(default_factory=list)  # at the trap, from the state before the step
    at_trap: list[Change] | None = None  # the changes no documented exception excuses (None: all)
    events_excused: bool = False
    end_problem: str | None = None  # recover refused
    end_changes: list[Change] = field(default_factory=list)  # from the fault-free end

    def excuse_trap(self, after: Observation, after_events: list[MemEvent]) -> None:
        doc = self.documented
        assert doc is not None
        self.at_trap = [c for c in self.changes if not doc.excuses_at_trap(c, after, self.events)]
        self.events_excused = bool(self.events) and doc.event_prefix and self.events == after_events[: len(self.events)]

    def verdict(self) -> Verdict:
        doc = self.documented
        at_trap = self.changes if self.at_trap is None else self.at_trap
        excused = [c for c in self.changes if c not in at_trap]
        bad_events = bool(self.events) and not self.events_excused
        at_end = [c for c in self.end_changes if doc is None or c.what not in doc.excused_at_end]
        precise = not self.facts and not self.changes and not self.events
        recovered = self.end_problem is None and not self.end_changes
        explained = doc is not None and bool(excused or self.events_excused or len(at_end) < len(self.end_changes))
        passed = (precise and recovered) or (explained and not self.facts and not at_trap and not bad_events
                                             and self.end_problem is None and not at_end)
        site, trap = self.site, self.trap
        parts = [f"{site.mnemonic} {site.access} of page {site.page:#x}: trap {trap.number} TRAPARG0 {trap.arg0:#x}"]
        if explained:
            parts.append(f"documented exception: {doc.text}")  # type: ignore[union-attr]
        if self.facts:
            parts.append("wrong trap: " + ", ".join(self.facts))
        if at_trap or bad_events:
            events = f"{len(self.events)} memory events" if bad_events else ""
            parts.append(("not excused: " if explained else "not precise: ")
                         + ", ".join(x for x in (name_changes(at_trap, "before the step was"), events) if x))
        if explained and (excused or self.events_excused):
            events = f"{len(self.events)} events" if self.events_excused else ""
            parts.append("kept at the trap: " + ", ".join(x for x in (name_changes(excused, "before"), events) if x))
        if self.end_problem is not None:
            parts.append(self.end_problem)
        elif at_end:
            parts.append("after recover the end differs: " + name_changes(at_end, "fault-free"))
        elif self.end_changes:
            parts.append("after recover, excused: " + name_changes(self.end_changes, "fault-free"))
        else:
            parts.append("recovered to the fault-free end")
        return Verdict(precise, recovered, doc.text if explained else None, passed,  # type: ignore[union-attr]
                       "; ".join(parts))


class SiteChecker:
    """One program, opened once and run fault-free once; checks sites on demand."""

    def __init__(self, path: str, *, profile: str = "debug", compat: str | None = None,
                 interval: int = 256, max_steps: int = 10_000_000, defect: str | None = None) -> None:
        if defect is not None and defect not in DEFECTS:
            raise ValueError(f"unknown defect {defect!r} (expected one of {', '.join(DEFECTS)})")
        self.defect = defect
        self.reference = open_debugger(path, profile=profile, compat=compat, interval=max(1, interval))
        self.machine = self.reference.machine
        self.fingerprint = fingerprint(self.reference)
        if defect == "store-before-check":
            self.machine.mem.defect_store_before_check = True
        stop = self.reference.cont(max_steps)
        if stop.status == "max-steps":
            raise ValueError(f"{path}: the fault-free run did not stop within {max_steps} steps")
        self.final = Ending.take(self.reference)
        self.history = self.reference.history
        self.budget = max(1000, 2 * self.final.state.steps)  # a diverging recovery stops here

    def _debugger_at(self, step: int) -> Debugger:
        """A debugger on the shared machine whose timeline starts at the nearest snapshot at
        or before ``step`` of the fault-free run, travelled to ``step``."""
        ref = self.reference
        entry = self.history.latest_at_or_before(step)
        assert entry is not None, "the history always holds step 0"
        self.machine.restore(entry.snap)
        dbg = Debugger(self.machine, ref.symbols, stop_address=ref.stop_address, result=ref.result,
                       path=ref.path, sha256=ref.sha256, profile=ref.profile, interval=1 << 62,
                       loaded=ref.loaded)
        dbg.goto(step)
        return dbg

    def _fault_free_attempt(self, before: Observation, resume: Observation) -> tuple[Observation, list]:
        """The state and events of the fault-free attempt from ``before``; the machine is put
        back at ``resume`` (an exact snapshot, so the debugger driving it sees no change)."""
        m = self.machine
        m.restore(before.snapshot)
        res = m.step()
        after = Observation.take(m)
        m.restore(resume.snapshot)
        return after, res.events

    def check(self, site: Site) -> Verdict:
        m = self.machine
        dbg = self._debugger_at(site.step)
        if m.steps != site.step or m.pc != site.pc:
            return _failure(f"the fault-free replay is at step {m.steps}, pc {m.pc:#x}, not step {site.step}, "
                            f"pc {site.pc:#x}: the program does not run the same way twice")
        perms = m.mem.perms_at(site.page)
        if perms is None:
            return _failure(f"page {site.page:#x} is not mapped at step {site.step}")
        before = Observation.take(m)
        try:
            dbg.set_perms(site.page, PAGE_SIZE, perms_text(without(perms, site.access)), once=True)
        except DebugError as e:
            return _failure(f"cannot inject: {e}")
        stop = dbg.step()
        attempt = dbg.last_step
        trapped = Observation.take(m)
        if stop.trap is None:
            entered = attempt.trap if attempt is not None else None
            if entered is not None and entered.vectored:
                return _failure(f"the fault ({entered.name}, TRAPARG0 {entered.arg0:#x}) went to the program's own "
                                f"trap handler at {entered.vector:#x}: a campaign checks faults that stop the machine "
                                "(EVBASE 0); nothing to recover")
            return _failure(f"no trap: the attempt ended '{stop.status}: {stop.message}'; nothing to recover")
        f = Findings(site, stop.trap, DOCUMENTED.get(site.mnemonic))
        f.facts = self._trap_facts(site, stop, trapped)
        f.events = list(attempt.events) if attempt is not None else []
        f.changes = state_changes(before, trapped)
        if f.documented is not None and (f.changes or f.events):
            after, after_events = self._fault_free_attempt(before, trapped)
            f.excuse_trap(after, after_events)
        f.end_problem = self._recover(dbg)
        if f.end_problem is None:
            f.end_changes = ending_changes(self.final, Ending.take(dbg))
        return f.verdict()

    @staticmethod
    def _trap_facts(site: Site, stop: Stop, trapped: Observation) -> list[str]:
        """What is wrong with the trap itself (number, TRAPARG0, saved TPC, step count)."""
        trap = stop.trap
        if trap is None or stop.status != "trap":
            return [f"no trap: the attempt ended '{stop.status}: {stop.message}'"]
        number = INST_PAGE_FAULT if site.access == "fetch" else DATA_PAGE_FAULT
        out = []
        if trap.number != number:
            out.append(f"trap {trap.number} {trap.name} (expected {number})")
        if trap.arg0 != site.address:
            out.append(f"TRAPARG0 {trap.arg0:#x} (expected {site.address:#x})")
        if trap.saved_tpc != site.pc:
            out.append(f"saved TPC {trap.saved_tpc:#x} (expected {site.pc:#x})")
        if trapped.steps != site.step + 1:
            out.append(f"step count {trapped.steps} (expected {site.step + 1})")
        return out

    def _recover(self, dbg: Debugger) -> str | None:
        """``recover`` and ``continue`` to the end; a sentence when recover is refused."""
        if self.defect != "skip-recover":
            try:
                dbg.recover()
            except DebugError as e:
                return f"recover refused: {e}"
        dbg.cont(max(1, self.budget - dbg.steps))
        return None
