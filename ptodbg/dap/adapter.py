"""The adapter's state, its messages to the client, and how the program runs.

Threads.  The request loop (:mod:`ptodbg.dap.server`) reads requests one at a time and
answers them.  Anything that may run long — continue, the steps, reverse execution, a
debugger command typed in the console — runs as a *job* on a worker thread, so the loop
stays responsive: it answers ``threads``, ``pause`` and breakpoint changes meanwhile.
Exactly one of the two owns the engine at any time: while a job runs (``busy``) the
loop refuses requests that read the machine, and only the job calls the
:class:`~ptodbg.dap.target.Target`.  ``pause`` sets the engine's interrupt from the loop
(and keeps setting it until the job ends, so an interrupt that lands between two engine
calls is not lost).  A breakpoint change during a ``continue`` is made by interrupting
the run, applying it, and resuming; during other jobs it is applied when the job ends.

Stops.  Every move ends in a DAP ``stopped`` event whose reason says why (entry, step,
breakpoint, function/instruction/data breakpoint, exception, pause, goto, restart), or —
when the program exited — ``exited`` with its status and ``terminated``.  A logpoint
prints its message as it is passed (forward moves only) and stops nothing.  Program output (linux
profile) and the engine's notes (system calls, timeline edits) go out as ``output``
events after each move, and gdb's auto-displays (``display EXPR``) as console output just
before the ``stopped`` event of every move, buttons and console commands alike.
"""

from __future__ import annotations

import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from ptodbg.dap.args import RequestError
from ptodbg.dap.breakpoints import Book, ClientBreakpoint
from ptodbg.dap.protocol import MessageWriter
from ptodbg.dap.target import Frame, Target
from ptodbg.dap.variables import Scopes
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.stops import Stop

DEFAULT_MAX_STEPS = 200_000_000
MAX_AGAIN = 10_000  # stops a run may pass over (hit conditions, unmatched trap catches)
NUDGE_SECONDS = 0.02
LATER = object()  # what a request handler returns when a job (or the handler itself) answers later


@dataclass(frozen=True, slots=True)
class Reported:
    """A stop as the client hears of it."""

    reason: str
    description: str
    hit_ids: tuple[int, ...] = ()


class Adapter:
    """One debugging session over one connection."""

    def __init__(self, writer: MessageWriter) -> None:
        self.writer = writer
        self.initialized = False
        self.line_base = 1
        self.column_base = 1
        self.uri_paths = False
        self.client_caps: dict = {}
        self.target: Target | None = None
        self.book = Book()
        self.scopes = Scopes()
        self.frames: list[Frame] | None = None
        self.aliases: dict[str, str] = {}  # line-table path -> the client's spelling
        self.max_steps = DEFAULT_MAX_STEPS
        self.stop_on_entry = True
        self.configured = False
        self.started = False
        self.ended = False
        self.done = False
        self.busy = False
        self.job_kind = ""
        self._job: threading.Thread | None = None
        self.pause_requested = threading.Event()
        self.service = threading.Event()
        self._nudger: threading.Thread | None = None
        self.output_sent = 0
        self._notes_seen: set[str] = set()
        self._notes_order: deque[str] = deque()
        self.last_reported: Reported | None = None
        self.job_request: dict | None = None  # the request a running job answers when done
        self.cancelled: int | None = None  # its seq, when the client cancelled it
        self._logged: set[tuple[int, int]] = set()  # (step, breakpoint id) printed in this job
        self.goto_targets: dict[int, int] = {}  # gotoTargets' ids -> addresses, until the next move

    # ============================================================ messages
    def send_event(self, event: str, body: dict | None = None) -> None:
        msg: dict = {"type": "event", "event": event}
        if body is not None:
            msg["body"] = body
        self.writer.send(msg)

    def respond(self, request: dict, body: dict | None = None) -> None:
        msg = {"type": "response", "request_seq": request.get("seq", 0), "success": True,
               "command": request.get("command", "")}
        if body is not None:
            msg["body"] = body
        self.writer.send(msg)

    def fail(self, request: dict, message: str) -> None:
        self.writer.send({"type": "response", "request_seq": request.get("seq", 0), "success": False,
                          "command": request.get("command", ""), "message": message})

    def console(self, text: str, category: str = "console") -> None:
        self.send_event("output", {"category": category, "output": text if text.endswith("\n") else text + "\n"})

    # ============================================================== access
    def loaded(self) -> Target:
        if self.target is None:
            raise RequestError("no program is loaded: send launch first")
        return self.target

    def stopped_target(self) -> Target:
        """The target, for a request that reads or changes the stopped machine."""
        target = self.loaded()
        if self.busy:
            raise RequestError("the program is running: pause it first")
        return target

    # ================================================================ jobs
    def start_job(self, kind: str, work: Callable[[], None], request: dict | None = None) -> None:
        """Run ``work`` on the worker thread; it must end by calling :meth:`finish`.
        ``request``: the request the job answers when it ends (``cancel`` can name it)."""
        if self.busy:
            raise RequestError("the program is already running")
        if self.ended:
            raise RequestError("the program has ended")
        self.busy = True
        self.job_kind = kind
        self.job_request = request
        self.cancelled = None
        self._logged.clear()
        self.pause_requested.clear()
        self.service.clear()
        if self.target is not None:
            self.target.clear_interrupt()
        self.scopes.clear()
        self.frames = None
        self._job = threading.Thread(target=self._run_job, args=(work,), name=f"ptodbg-dap-{kind}", daemon=True)
        self._job.start()

    def _run_job(self, work: Callable[[], None]) -> None:
        try:
            work()
        except Exception as e:  # noqa: BLE001 - a bug must not kill the session
            traceback.print_exc(file=sys.stderr)
            self.busy = False
            self.console(f"ptodbg internal error during {self.job_kind}: {type(e).__name__}: {e}", "stderr")
            self.send_event("stopped", {"reason": "exception", "description": "internal error",
                                        "threadId": 1, "allThreadsStopped": True})

    def wait_idle(self, timeout: float) -> bool:
        job = self._job
        if job is not None and job is not threading.current_thread():
            job.join(timeout)
        return not self.busy

    def request_pause(self) -> None:
        self.pause_requested.set()
        self._nudge()

    def request_service(self) -> None:
        """Ask a running continue to stop briefly and bring the engine's breakpoints up
        to date."""
        self.service.set()
        self._nudge()

    def _nudge(self) -> None:
        target = self.target
        if target is None:
            return
        target.interrupt()
        if self._nudger is not None and self._nudger.is_alive():
            return

        def keep_interrupting() -> None:
            while self.busy and (self.pause_requested.is_set() or self.service.is_set()):
                target.interrupt()
                time.sleep(NUDGE_SECONDS)

        self._nudger = threading.Thread(target=keep_interrupting, name="ptodbg-dap-pause", daemon=True)
        self._nudger.start()

    # ========================================================= breakpoints
    def sync_breakpoints(self) -> None:
        """Bring the engine up to the book (on the engine's thread) and tell the client
        about breakpoints that changed or were deleted by a command."""
        target = self.target
        if target is None:
            return
        changed, removed = self.book.sync(target)
        for bp in changed:
            self.send_event("breakpoint", {"reason": "changed", "breakpoint": self.breakpoint_body(bp)})
        for bp in removed:
            self.send_event("breakpoint", {"reason": "removed", "breakpoint": {"id": bp.ident, "verified": False}})

    def breakpoint_body(self, bp: ClientBreakpoint) -> dict:
        body = bp.body(self.line_base)
        if "source" in body:
            path = self.aliases.get(bp.path, bp.path) if bp.path else bp.path
            body["source"] = self.source_body(path)
        return body

    def after_breakpoint_change(self) -> None:
        """Apply a change of the book now (idle), or soon (running)."""
        if self.target is None:
            return
        if not self.busy:
            self.sync_breakpoints()
        elif self.job_kind == "continue":
            self.request_service()

    # ====================================================== source helpers
    def source_body(self, path: str) -> dict:
        from pathlib import Path

        shown = path
        if self.uri_paths:
            from urllib.parse import quote

            shown = "file://" + quote(path)
        return {"name": Path(path).name, "path": shown}

    def client_path(self, path: str) -> str:
        if self.uri_paths and path.startswith("file:"):
            from urllib.parse import unquote, urlparse

            return unquote(urlparse(path).path)
        return path

    # ================================================================ runs
    def classify(self, stop: Stop, kind: str) -> Reported | None:
        """How a stop of a move of ``kind`` is reported; None when the move should go on
        (a breakpoint whose hit condition is not met, a handler entry no filter asked
        for, a data breakpoint whose condition is false)."""
        target = self.target
        assert target is not None
        status = stop.status
        paused = self.pause_requested.is_set()
        if status == "breakpoint":
            ident = stop.breakpoint
            if self.book.is_vector_write(ident):
                return None if not paused else Reported("pause", "paused")
            if self.book.is_catch(ident):
                trap = target.trap()
                if trap is not None and self.book.catches(trap.info.number, self._holds):
                    return Reported("exception", f"{trap.info.name} (trap {trap.info.number}) entered the handler at "
                                                 f"{target.symbolize(target.pc)}")
                return None if not paused else Reported("pause", "paused")
            owners = self.book.owners(ident)
            if owners:
                hit = [bp for bp in owners if self.book.hit_met(bp, target)]
                if kind not in _REVERSE:
                    self.print_logpoints([bp for bp in hit if bp.log is not None])
                hit = [bp for bp in hit if bp.log is None]
                if not hit:
                    return None if not paused else Reported("pause", "paused")
                reason = {"source": "breakpoint", "function": "function breakpoint",
                          "instruction": "instruction breakpoint"}.get(hit[0].kind, "breakpoint")
                return Reported(reason, stop.message, tuple(bp.ident for bp in hit))
            return Reported("breakpoint", stop.message)
        if status == "watchpoint":
            owners = [bp for h in stop.watch_hits for bp in self.book.owners(h.watch)]
            if owners:
                hit = [bp for bp in owners if self._data_condition(bp) and self.book.hit_met(bp, target)]
                if not hit:
                    return None if not paused else Reported("pause", "paused")
                return Reported("data breakpoint", stop.message, tuple(dict.fromkeys(bp.ident for bp in hit)))
            return Reported("data breakpoint", stop.message)
        if status in ("trap", "error"):
            return Reported("exception", stop.message)
        if status == "max-steps":
            return Reported("pause", f"stopped after {self.max_steps} steps (maxSteps): {stop.message}")
        if status == "interrupted":
            return Reported("pause", "paused")
        if status == "stopped":
            if stop.trap is not None:
                return Reported("breakpoint", stop.message)  # EBREAK: a breakpoint in the program
            if kind == "goto":
                return Reported("goto", stop.message)
            if kind == "reverseContinue" and "start of the program" in stop.message:
                return Reported("entry", stop.message)
            if kind in ("continue", "reverseContinue"):
                return Reported("breakpoint", stop.message)  # the test program's stop symbol
            return Reported("step", stop.message)
        return Reported("pause", stop.message)

    def _data_condition(self, bp: ClientBreakpoint) -> bool:
        return bp.condition is None or self._holds(bp.condition)

    def _holds(self, condition: str) -> bool:
        try:
            return bool(self.loaded().evaluate(condition))
        except DebugError:
            return True  # a condition that cannot be evaluated stops (as gdb does)

    def print_logpoints(self, logpoints: list[ClientBreakpoint]) -> None:
        """Print the messages of logpoints hit at this step (each once per step and job:
        a stop may be classified twice), after the program output that came before."""
        target = self.loaded()
        due = [bp for bp in logpoints if (target.steps, bp.ident) not in self._logged]
        if not due:
            return
        for category, text in self._pending_output(target):
            self.send_event("output", {"category": category, "output": text})
        for bp in due:
            self._logged.add((target.steps, bp.ident))
            assert bp.log is not None
            body: dict = {"category": "console", "output": bp.log.render(target.format_value) + "\n"}
            if bp.path is not None and bp.line is not None:
                body["source"] = self.source_body(self.aliases.get(bp.path, bp.path))
                body["line"] = bp.line - 1 + self.line_base
            self.send_event("output", body)

    def budget(self, start: int) -> int:
        target = self.loaded()
        return max(0, self.max_steps - (target.steps - start))

    def run_forward(self) -> tuple[Stop, Reported | None]:
        """``continue``: run until a stop the client should hear of."""
        target = self.loaded()
        start = target.steps
        for _ in range(MAX_AGAIN):
            self.sync_breakpoints()
            budget = self.budget(start)
            if budget <= 0:
                return Stop("max-steps", f"ran {self.max_steps} steps"), None
            stop = target.cont(budget)
            if stop.status == "breakpoint" and self.book.is_vector_write(stop.breakpoint):
                stop = self._install_handler(stop)
                if stop is None:
                    continue
            if _interrupted(stop) and not self.pause_requested.is_set():
                self.service.clear()  # a breakpoint change (or a late nudge): apply and go on
                self.sync_breakpoints()
                here = target.stop_here()
                if here is None:
                    continue
                stop = here
            reported = self.classify(stop, "continue")
            if reported is not None:
                return stop, reported
        return Stop("interrupted", "interrupted"), Reported("pause", f"passed over {MAX_AGAIN} stops")

    def _install_handler(self, stop: Stop) -> Stop | None:
        """At an instruction that writes EVBASE (exception filters): execute it, move the
        handler breakpoints, and go on (None) unless that step itself stopped."""
        target = self.loaded()
        step = target.step_instruction(False)
        self.sync_breakpoints()
        if step.status == "stopped" and step.trap is None:
            return None
        return step

    def run_step(self, kind: str, granularity: str) -> tuple[Stop, Reported | None]:
        target = self.loaded()
        self.sync_breakpoints()
        start = target.steps
        by_line = granularity != "instruction" and target.lines is not None

        def ends_step(stop: Stop) -> bool:
            return self.classify(stop, kind) is not None

        def cancelled() -> bool:
            return self.pause_requested.is_set()

        budget = max(1, self.budget(start))
        if kind == "stepOut":
            stop = target.step_out(budget)
        elif kind == "stepBack":
            if by_line and target.has_lines_at(target.pc):
                stop = target.step_back_line(cancelled, budget)
            else:
                stop = target.step_back_instruction()
        elif by_line and target.has_lines_at(target.pc):
            stop = target.step_line(kind == "next", ends_step, cancelled, budget)
        else:
            stop = target.step_instruction(kind == "next")
        reported = self.classify(stop, kind)
        if reported is None:  # a breakpoint that does not count ends the step as a step
            reported = Reported("step", stop.message)
        return stop, reported

    def run_reverse(self) -> tuple[Stop, Reported | None]:
        target = self.loaded()
        self.sync_breakpoints()
        for _ in range(MAX_AGAIN):
            stop = target.reverse_continue()
            if self.pause_requested.is_set():
                return stop, Reported("pause", "paused")
            reported = self.classify(stop, "reverseContinue")
            if reported is not None:
                return stop, reported
            if target.steps == 0:
                return stop, Reported("entry", "reverse: reached the start of the program")
        return Stop("interrupted", "interrupted"), Reported("pause", f"passed over {MAX_AGAIN} stops")

    def finish(self, stop: Stop | None, reported: Reported | None, after: Callable[[], None] | None = None,
               displays: list[str] | None = None) -> None:
        """End a job: flush output, free the engine, then tell the client how it stopped
        (``after`` runs first: the response of a console command).  A stop the client
        hears of is preceded by gdb's auto-displays (``display EXPR``) as console output,
        as gdb prints them at every stop; ``displays`` are those a console command already
        showed (None: read them here, while the job still owns the engine)."""
        target = self.loaded()
        self.sync_breakpoints()
        pending = self._pending_output(target)
        exited = target.exit_code if (stop is not None and stop.status == "exited") or target.exit_code is not None else None
        if reported is None or exited is not None:
            displays = []
        elif displays is None:
            displays = target.display_lines()
        self.scopes.clear()
        self.frames = None
        self.busy = False
        self.service.clear()
        for category, text in pending:
            self.send_event("output", {"category": category, "output": text})
        if after is not None:
            after()
        if displays:
            self.console("\n".join(displays))
        if exited is not None and not self.ended:
            self.ended = True
            self.send_event("exited", {"exitCode": exited})
            self.send_event("terminated")
            return
        if reported is not None:
            self.report(reported)

    def report(self, reported: Reported) -> None:
        self.last_reported = reported
        body = {"reason": reported.reason, "description": reported.description, "threadId": 1,
                "allThreadsStopped": True, "text": reported.description}
        if reported.hit_ids:
            body["hitBreakpointIds"] = list(reported.hit_ids)
        self.send_event("stopped", body)

    def _pending_output(self, target: Target) -> list[tuple[str, str]]:
        out = []
        output = target.output()
        if len(output) > self.output_sent:
            out.append(("stdout", output[self.output_sent:].decode("utf-8", "replace")))
            self.output_sent = len(output)
        for note in target.notes():
            if note not in self._notes_seen:
                self._notes_seen.add(note)
                self._notes_order.append(note)
                out.append(("console", f"ptodbg: {note}\n"))
        while len(self._notes_order) > 10_000:
            self._notes_seen.discard(self._notes_order.popleft())
        return out


# Moves that go back in time: logpoints print only when the program runs forward.
_REVERSE = frozenset({"stepBack", "reverseContinue", "reverseCommand"})


def _interrupted(stop: Stop) -> bool:
    return stop.status == "interrupted"
