"""Instruction traces: one JSON object per instruction attempt (``ptodbg run --trace``).

Each record holds ``step`` (the attempt count after it), ``pc``, ``insn`` (the value as a
lowercase hex string), ``length`` (bits), ``mnemonic`` (null for an illegal word),
``writes`` (register and queue write-backs, by name), ``events`` (memory events in order),
``trap`` (null, or the trap entered) and ``notes`` (system calls and the like).  The run
stops where ``run`` stops: a trap stop, EBREAK, the stop symbol, an exit or max steps.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from ptodbg.debug.view.jsonstate import event_json, trap_json
from ptodbg.debug.view.records import Trap

if TYPE_CHECKING:
    from ptodbg.core.machine import StepResult
    from ptodbg.debug.engine.debugger import Debugger


def record(res: StepResult, step: int) -> dict:
    return {
        "step": step,
        "pc": res.pc,
        "insn": f"{res.insn:0{max(res.length // 4, 1)}x}",
        "length": res.length,
        "mnemonic": res.form.mnemonic if res.form is not None else None,
        "writes": dict(res.writes),
        "events": [event_json(e) for e in res.events],
        "trap": trap_json(Trap.of(res.trap)),
        "notes": list(res.notes),
    }


class TraceWriter:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._file: TextIO = self.path.open("w", encoding="utf-8")

    def __enter__(self) -> TraceWriter:
        return self

    def __exit__(self, *exc) -> None:
        self._file.close()

    def run(self, dbg: Debugger, max_steps: int | None) -> None:
        """Step until a stop (as ``continue`` would), writing a record per attempt; an
        interrupt (``dbg.cancel``, SIGINT) stops it between two attempts."""
        from ptodbg.debug.engine.stops import Stop

        mem = dbg.machine.mem
        mem.set_capture(True)
        done = 0
        try:
            while max_steps is None or done < max_steps:
                if dbg.interrupted():
                    dbg.last = Stop("interrupted", "interrupted")
                    return
                res = dbg.single_step()
                done += 1
                self._file.write(json.dumps(record(res, dbg.machine.steps), separators=(",", ":")) + "\n")
                stop = dbg.stop_after(res, done == 1)
                if stop is not None:
                    dbg.last = stop
                    return
            dbg.last = Stop("max-steps", f"ran {done} steps")
        finally:
            mem.set_capture(False)
