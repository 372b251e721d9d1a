"""The DAP requests editors use beyond stepping and inspecting (issue 28), next to what
debugpy, lldb-dap and CodeLLDB offer:

* ``completions``: the Debug Console completes what the TUI's command line completes
  (the engine's :mod:`~ptodbg.debug.completion`: command words, subcommands, symbols,
  registers, breakpoint numbers, files), and a bare word also as an expression.
* ``restartFrame``: travel back to the step at which the frame was entered, with the
  caller's registers (:mod:`ptodbg.debug.restart_frame`); the stop's reason is
  ``restart``.
* ``gotoTargets`` / ``goto``: "Jump to Cursor" sets TPC to the code of a source line (a
  timeline edit, so reverse execution replays it); the stop's reason is ``goto``.
* ``cancel``: a console command or a restartFrame still running is interrupted, at an
  exact step, and its request answered with the error "cancelled".
* ``loadedSources``: the source files of the program's line table.
"""

from __future__ import annotations

from ptodbg.dap.adapter import LATER, Adapter, Reported
from ptodbg.dap.args import Args, RequestError
from ptodbg.dap.target import MAX_FRAMES
from ptodbg.debug.engine.errors import DebugError

MAX_COMPLETIONS = 200
MAX_GOTO_TARGETS = 64
THREAD_ID = 1


class EditorRequests(Adapter):
    """Request handlers ``on_<command>`` for the requests above (``restart`` is with
    the session's requests in :mod:`ptodbg.dap.requests`, whose class derives from this
    one)."""

    # =========================================================== completions
    def on_completions(self, args: Args, request: dict):
        """Candidates for the word before the cursor: ``text`` is the console's line,
        ``column`` the cursor (in the client's column base).  Each candidate replaces
        that word (``start``, ``length``)."""
        target = self.loaded()
        text = args.string("text", limit=4096)
        column = args.integer("column", len(text) + self.column_base, low=self.column_base,
                              high=len(text) + self.column_base)
        head = text[: column - self.column_base]
        if self.busy:  # symbols and breakpoints are read from the engine: not while it runs
            return {"targets": []}
        line = head.lstrip()
        cut = line.rfind(" ") + 1  # where the word being typed starts
        start = len(head) - len(line) + cut
        word = line[cut:]
        found: dict[str, str] = {}
        for whole in target.complete(line, MAX_COMPLETIONS):
            found.setdefault(whole[cut:], "keyword" if cut == 0 else "value")
        if cut == 0:  # a bare word may also start an expression: registers, symbols
            for whole in target.complete("print " + line, MAX_COMPLETIONS):
                found.setdefault(whole[len("print "):], "variable")
        targets = [{"label": label, "type": kind, "start": start + self.column_base, "length": len(word)}
                   for label, kind in found.items() if label]
        return {"targets": targets[:MAX_COMPLETIONS]}

    # ========================================================= restartFrame
    def on_restartFrame(self, args: Args, request: dict):
        target = self.stopped_target()
        if not self.started:
            raise RequestError("send configurationDone first")
        frame_id = args.integer("frameId", low=1, high=1 << 31)
        if self.frames is None:
            self.frames = target.frames(MAX_FRAMES)
        frames = self.frames
        if frame_id > len(frames):
            raise RequestError(f"no frame {frame_id} at this stop")
        if not frames[frame_id - 1].restartable:
            raise RequestError(f"frame {frame_id - 1} ({frames[frame_id - 1].name}) is outside every function")
        level = frame_id - 1

        def work() -> None:
            try:
                stop = target.restart_frame(level)
            except DebugError as e:
                message = str(e)
                self.finish(None, None, after=lambda: self.fail(request, f"restartFrame: {message}"))
                return
            if stop.status == "interrupted":
                reported = Reported("pause", stop.message)
            else:
                reported = Reported("restart", stop.message)

            def answer() -> None:
                if self.cancelled is not None and self.cancelled == request.get("seq"):
                    self.fail(request, "cancelled")
                else:
                    self.respond(request)

            self.finish(stop, reported, after=answer)

        self.start_job("restartFrame", work, request)
        return LATER

    # ========================================================== goto targets
    def on_gotoTargets(self, args: Args, request: dict):
        """The code of one source line, as places TPC can be set to."""
        target = self.stopped_target()
        source = args.obj("source")
        path = source.string("path", None, limit=4096)
        if path is None:
            raise RequestError("source.path is required")
        path = self.client_path(path)
        line = args.integer("line", low=self.line_base, high=1 << 31) - self.line_base + 1
        self.goto_targets = {}
        if target.lines is None:
            return {"targets": []}
        found = target.lines.resolve(path, line)
        if found is None or found[0] != line:
            return {"targets": []}
        out = []
        for n, address in enumerate(found[1][:MAX_GOTO_TARGETS], 1):
            self.goto_targets[n] = address
            out.append({"id": n, "label": f"{target.symbolize(address)} ({address:#x})",
                        "line": line - 1 + self.line_base, "instructionPointerReference": f"{address:#x}"})
        return {"targets": out}

    def on_goto(self, args: Args, request: dict):
        """Set TPC to a goto target: an edit of the timeline at this step."""
        self._thread_id(args)
        target = self.stopped_target()
        if not self.started:
            raise RequestError("send configurationDone first")
        ident = args.integer("targetId", low=0, high=1 << 31)
        address = self.goto_targets.get(ident)
        if address is None:
            raise RequestError(f"goto target {ident} is not one of this stop's (ask gotoTargets first)")

        def work() -> None:
            try:
                note = target.set_register("pc", address)
            except DebugError as e:
                message = str(e)
                self.finish(None, None, after=lambda: self.fail(request, f"goto: {message}"))
                return
            self.goto_targets = {}
            self.finish(None, Reported("goto", f"jumped to {target.symbolize(address)}: {note}"),
                        after=lambda: self.respond(request))

        self.start_job("goto", work, request)
        return LATER

    # ================================================================= cancel
    def on_cancel(self, args: Args, request: dict):
        """Cancel the running job's request (a console command, restartFrame): it stops
        at an exact step and answers "cancelled".  Anything else has nothing to cancel."""
        seq = args.integer("requestId", -1, low=-1, high=1 << 53)
        job = self.job_request
        if self.busy and job is not None and seq == job.get("seq"):
            self.cancelled = seq
            self.request_pause()
        return None

    # ========================================================= loadedSources
    def on_loadedSources(self, args: Args, request: dict):
        target = self.loaded()
        if target.lines is None:
            return {"sources": []}
        return {"sources": [self.source_body(self.aliases.get(path, path)) for path in target.lines.files]}

    # ================================================================ helpers
    def _thread_id(self, args: Args) -> None:
        thread = args.integer("threadId", THREAD_ID, low=-(1 << 53), high=1 << 53)
        if thread != THREAD_ID:
            raise RequestError(f"there is one thread, id {THREAD_ID} (not {thread})")

