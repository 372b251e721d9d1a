"""The JSON state of DESIGN.md §6 (``run --json`` and every batch line's ``state``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ptodbg.debug.engine import Debugger


def state(dbg: Debugger) -> dict:
    """The machine and debugger state as plain JSON data (unsigned 64-bit integers)."""
    m = dbg.machine
    trap = m.pending_trap
    result = dbg.result_bytes()
    return {
        "status": dbg.last.status,
        "message": dbg.last.message,
        "steps": m.steps,
        "tpc": m.pc,
        "regs": m.regs(),
        "t": m.queue("t"),
        "u": m.queue("u"),
        "block": m.block_state(),
        "reservation": None if m.resv is None else {"address": m.resv[0], "size": m.resv[1]},
        "trap": None if trap is None else trap.as_json(),
        "events": [e.as_json() for e in dbg.events()],
        "result": None if result is None else result.hex(),
        "exit_code": m.exit_code,
    }
