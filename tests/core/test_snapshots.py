"""Snapshots (ptodbg.core.snapshot.Snapshot) keep the register file packed as 64-bit words
(issue 15, history recording): every GPR and T/U queue slot must come back exactly,
the 64-bit extremes included (CORE.md §1: 32 Reg5 codes, 24 GPRs and 4+4 queue entries
of 64 bits each; asl/scalar/model/types/operands.asl), and a snapshot whose
registers did not change shares the previous one's bytes (and its moving scalars, when
only the step count differs)."""

from __future__ import annotations

from ptodbg.core import DEBUG, Machine
from ptodbg.core.snapshot import PACKED_REGS

EXTREMES = [0, 1, (1 << 63) - 1, 1 << 63, (1 << 64) - 1, 0x8000_0000, 0xFFFF_FFFF]


def test_the_register_file_round_trips_through_a_snapshot():
    m = Machine(DEBUG)
    values = [EXTREMES[i % len(EXTREMES)] ^ (i << 8) for i in range(32)]
    values[0] = 0  # zero is hardwired
    m.r[:] = values
    snap = m.snapshot()
    assert type(snap.regs) is bytes and len(snap.regs) == PACKED_REGS.size == 32 * 8
    m.r[:] = [0x5A] * 32
    m.restore(snap)
    assert m.r == values


def test_unchanged_registers_share_the_previous_snapshots_bytes():
    m = Machine(DEBUG)
    m.r[5] = (1 << 64) - 1
    first = m.snapshot()
    m.steps += 1  # only the step count differs
    second = m.snapshot()
    assert second.regs is first.regs and second.moving is first.moving and second.system is first.system
    assert (first.steps, second.steps) == (0, 1)
    m.r[5] = 7
    assert m.snapshot().regs is not first.regs


def test_every_scalar_of_both_groups_comes_back():
    """A real program (02_algorithms.static, Linux user mode: system calls, traps, the OS
    state) runs on from a snapshot, changing the step count, moving and settled scalars
    alike; restoring the snapshot brings every one of SCALAR_FIELDS back."""
    from support.paths import PROGRAMS

    from ptodbg.core.snapshot import MOVING_FIELDS, SCALAR_FIELDS, SETTLED_FIELDS
    from ptodbg.debug.files.program import open_debugger

    assert len(set(SCALAR_FIELDS)) == len(SCALAR_FIELDS) == 1 + len(MOVING_FIELDS) + len(SETTLED_FIELDS)
    d = open_debugger(PROGRAMS / "02_algorithms.static", profile="linux", compat="linx-v0.4")
    m = d.machine
    m.run(300)
    then = {name: getattr(m, name) for name in SCALAR_FIELDS}
    snap = m.snapshot()
    m.run(100_000)  # to the end: exit_group
    changed = {name for name in SCALAR_FIELDS if getattr(m, name) != then[name]}
    assert changed & set(MOVING_FIELDS) and changed & set(SETTLED_FIELDS), changed
    m.restore(snap)
    assert {name: getattr(m, name) for name in SCALAR_FIELDS} == then
    assert dict(zip(SCALAR_FIELDS, snap.scalars, strict=True)) == then
