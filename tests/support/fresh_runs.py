"""What the engine's answers are checked against: a fresh machine run straight to a step
(no travel, no history), and the hypothesis settings of the property tests."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

from ptodbg.core import Machine
from ptodbg.core.faults import SW_BREAKPOINT
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.files.program import open_debugger
from support.random_programs import RandomProgram, full_state

PROFILE = settings(
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


BIG = 1_000_000


def examples(n: int) -> settings:
    return settings(PROFILE, max_examples=n)


# ================================================================== helpers
def differing(a: dict, b: dict) -> set[str]:
    return {k for k in a.keys() | b.keys() if a.get(k) != b.get(k)}


def assert_same(a: dict, b: dict, what: str) -> None:
    diff = differing(a, b)
    assert not diff, f"{what}: {sorted(diff)}"


def end_steps(p: RandomProgram) -> int:
    """Attempts of a plain run to the final EBREAK (included)."""
    m = p.machine()
    res = m.run(BIG)
    assert res.reason == "trap" and res.trap.number == SW_BREAKPOINT, res
    return m.steps


def fresh_state(p: RandomProgram, steps: int, edits: list[tuple[int, str, tuple]] = ()) -> dict:
    """State of a fresh machine run to ``steps``, applying (step, kind, args) edits the
    engine's way: an edit at step s happens before the attempt numbered s + 1."""
    m = p.machine()
    for at, kind, args in sorted(edits, key=lambda e: e[0]):
        if at > steps:
            break
        if at > m.steps:
            m.run(at - m.steps)
        apply_edit(m, kind, args)
    if steps > m.steps:
        m.run(steps - m.steps)
    assert m.steps == steps
    return full_state(m)


def apply_edit(m: Machine, kind: str, args: tuple) -> None:
    if kind == "reg":
        m.set_reg(*args)
    else:
        m.mem.poke(*args)


def fresh_machine(source: str, steps: int) -> Machine:
    """A new debugger's machine run straight to ``steps`` (no engine travel involved)."""
    m = open_debugger(source).machine
    m.run(steps)
    assert m.steps == steps
    return m


def interrupt_after(d: Debugger, callbacks: int) -> None:
    """Set the interrupt from the progress callback, as a client thread would mid-run."""
    seen = [0]

    def progress(_step: int) -> None:
        seen[0] += 1
        if seen[0] == callbacks:
            d.interrupt.set()

    d.on_progress = progress
