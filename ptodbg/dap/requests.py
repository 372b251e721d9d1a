"""The DAP requests of docs/interfaces.md §9, one method each (``on_<command>``; the requests that
run the machine are ``_move`` with their kind, see ``on_continue``).

A handler returns the response body (or None for an empty one), raises
:class:`~ptodbg.dap.args.RequestError` (or the engine's DebugError) for an error
response, or returns :data:`LATER` when a job answers it when done.
"""

from __future__ import annotations

import base64
import binascii
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import partialmethod
from pathlib import Path

from ptodbg.dap.adapter import DEFAULT_MAX_STEPS, LATER, MAX_AGAIN, Reported
from ptodbg.dap.args import Args, RequestError
from ptodbg.dap.breakpoints import data_id
from ptodbg.dap.editor_requests import EditorRequests
from ptodbg.dap.target import (
    COMPAT,
    MAX_FRAMES,
    PROFILES,
    TRAP_FILTERS,
    OpenFailed,
    SourceFileError,
    Target,
    read_source,
    trap_stop_json,
)
from ptodbg.dap.variables import number
from ptodbg.debug.engine.errors import DebugError

THREAD_ID = 1
MAX_READ = 1 << 24  # bytes one readMemory may ask for
MAX_INSTRUCTIONS = 10_000
MAX_OFFSET = 1 << 40
MAX_ARGV = 256
MASK64 = (1 << 64) - 1
MAX_LOG_MESSAGE = 4096  # characters of a logpoint's message
# The console commands that move the machine in time: their stop is a "goto" when
# the command is goto, a step otherwise (unless a breakpoint, trap... stopped it).
_TIME_TRAVEL = {"goto"}
# Console commands that run until a stop: they go on past a logpoint (and a breakpoint
# whose hit condition is not met), as the continue button does.
_RESUMABLE = frozenset({"continue", "until", "advance", "finish"})

CAPABILITIES = {
    "supportsConfigurationDoneRequest": True,
    "supportsFunctionBreakpoints": True,
    "supportsConditionalBreakpoints": True,
    "supportsHitConditionalBreakpoints": True,
    "supportsEvaluateForHovers": True,
    "supportsStepBack": True,
    "supportsSetVariable": True,
    "supportsExceptionInfoRequest": True,
    "supportsTerminateRequest": True,
    "supportsDataBreakpoints": True,
    "supportsDataBreakpointBytes": True,
    "supportsReadMemoryRequest": True,
    "supportsWriteMemoryRequest": True,
    "supportsDisassembleRequest": True,
    "supportsSteppingGranularity": True,
    "supportsInstructionBreakpoints": True,
    "supportsBreakpointLocationsRequest": True,
    "supportsValueFormattingOptions": True,
    "supportsDelayedStackTraceLoading": True,
    "supportsLogPoints": True,
    "supportsCompletionsRequest": True,
    "completionTriggerCharacters": [" ", "$"],
    "supportsRestartFrame": True,
    "supportsGotoTargetsRequest": True,
    "supportsRestartRequest": True,
    "supportsCancelRequest": True,
    "supportsLoadedSourcesRequest": True,
    "supportsExceptionFilterOptions": True,
    "exceptionBreakpointFilters": [
        {"filter": key, "label": label, "default": False,
         "description": (f"Also stop when {label.lower()} enter a trap handler the program installed "
                         "(traps without a handler always stop: the program cannot go on)"),
         "supportsCondition": True,
         "conditionDescription": ("Stop at the handler only when this expression is true "
                                  "(ptodbg's expressions, e.g. a0 == 3 or u64[counter] > 2)")}
        for key, (label, _) in TRAP_FILTERS.items()
    ],
}


@dataclass(frozen=True, slots=True)
class LaunchOptions:
    """What ``launch`` asked for (kept for ``restart``)."""

    path: Path
    profile: str
    compat: str | None
    session: str | None
    stop_on_entry: bool
    max_steps: int
    argv: tuple[str, ...]


class Requests(EditorRequests):
    """Request handlers over the adapter's state."""

    launched: LaunchOptions

    # ================================================================ session
    def on_initialize(self, args: Args, request: dict):
        if self.initialized:
            raise RequestError("initialize was already received")
        self.initialized = True
        self.line_base = 1 if args.boolean("linesStartAt1", True) else 0
        self.column_base = 1 if args.boolean("columnsStartAt1", True) else 0
        self.uri_paths = args.string("pathFormat", "path", limit=16) == "uri"
        self.client_caps = {k: v for k, v in args.raw.items() if k.startswith("supports")}
        return dict(CAPABILITIES)

    def on_launch(self, args: Args, request: dict):
        if self.target is not None:
            raise RequestError("a program is already launched in this session")
        options = self.launch_options(args)
        self.target = self.open_target(options)
        self.launched = options
        target = self.target
        self.respond(request)
        lines = f"{len(target.lines.table.rows)} source rows" if target.lines else "no line information"
        self.console(f"ptodbg: {target.path} ({options.profile} profile"
                     f"{', ' + options.compat if options.compat else ''}; {lines})")
        if target.lines_problem:
            self.console(f"ptodbg: {target.lines_problem}", "important")
        self.send_event("initialized")
        return LATER

    def launch_options(self, args: Args) -> LaunchOptions:
        """The launch arguments, checked (``launch``, and ``restart`` with new ones)."""
        program = args.string("program", limit=4096)
        cwd = args.string("cwd", None, limit=4096)
        path = Path(self.client_path(program)).expanduser()
        if not path.is_absolute():
            path = Path(cwd or os.getcwd()) / path
        profile = args.string("profile", "debug", limit=32)
        if profile not in PROFILES:
            raise RequestError(f"profile {profile!r} is not one of {', '.join(PROFILES)}")
        compat = args.string("compat", None, limit=32) or None
        if compat is not None and compat not in COMPAT:
            raise RequestError(f"compat {compat!r} is not one of {', '.join(COMPAT)}")
        session = args.string("session", None, limit=4096)
        if session is not None and not Path(session).is_absolute():
            session = str(Path(cwd or os.getcwd()) / session)
        argv = args.strings("args", [], limit=MAX_ARGV)
        return LaunchOptions(path, profile, compat, session, args.boolean("stopOnEntry", True),
                             args.integer("maxSteps", DEFAULT_MAX_STEPS, low=1, high=10**12), tuple(argv))

    def open_target(self, options: LaunchOptions) -> Target:
        """Open the program as ``options`` say; RequestError (one sentence) when it cannot be."""
        path = options.path
        try:
            target = Target.open(str(path), profile=options.profile, compat=options.compat,
                                 argv=[path.name, *options.argv] if options.argv else None,
                                 session_file=options.session, max_steps=options.max_steps)
        except OpenFailed as e:
            raise RequestError(str(e)) from None
        self.stop_on_entry = options.stop_on_entry
        self.max_steps = options.max_steps
        return target

    def on_attach(self, args: Args, request: dict):
        raise RequestError("ptodbg dap starts programs with launch; attach is not supported")

    def on_configurationDone(self, args: Args, request: dict):
        self.loaded()
        if self.started:
            raise RequestError("configurationDone was already received")
        self.started = True
        self.respond(request)
        self.begin()
        return LATER

    def begin(self) -> None:
        """Start the program: stop on entry, or run (a breakpoint on the first
        instruction stops there: continue would step past it)."""
        target = self.loaded()
        self.sync_breakpoints()
        if target.exit_code is not None:  # a session that saved the step of the exit
            self.finish(None, None)  # exited + terminated: the program is not being run
            return LATER
        if self.stop_on_entry:
            self.report(Reported("entry", f"{target.name} at step {target.steps}, {target.symbolize(target.pc)}"))
            return
        here = target.stop_here()
        reported = self.classify(here, "continue") if here is not None else None
        if reported is not None:
            self.report(reported)
        else:
            self._resume("continue", "line")

    def on_restart(self, args: Args, request: dict):
        """Open the program again (a rebuilt file is read anew), place the breakpoints
        again (same ids) and start it as configurationDone does; the launch arguments
        may come anew (``arguments.arguments``)."""
        self.loaded()
        if not self.started:
            raise RequestError("send configurationDone first")
        if self.busy:
            self.request_pause()
            if not self.wait_idle(10.0):
                raise RequestError("the running command did not stop: try again")
        launch = args.obj("arguments", None)
        options = self.launch_options(launch) if launch is not None else self.launched
        self.target = self.open_target(options)  # raises RequestError: the old program stays
        self.launched = options
        self.reset_for_restart()
        for bp in self.book.rebind(self.target):
            self.send_event("breakpoint", {"reason": "changed", "breakpoint": self.breakpoint_body(bp)})
        self.respond(request)
        self.console(f"ptodbg: restarted {self.target.path}")
        self.begin()
        return LATER

    def reset_for_restart(self) -> None:
        """Forget what belonged to the program before ``restart`` opened it again."""
        self.ended = False
        self.frames = None
        self.scopes.clear()
        self.output_sent = 0
        self._notes_seen.clear()
        self._notes_order.clear()
        self.goto_targets = {}

    def on_disconnect(self, args: Args, request: dict):
        if self.busy:
            self.request_pause()
            self.wait_idle(5.0)
        self.done = True
        return None

    def on_terminate(self, args: Args, request: dict):
        if self.busy:
            self.request_pause()
            self.wait_idle(5.0)
        self.respond(request)
        if not self.ended:
            self.ended = True
            self.send_event("terminated")
        return LATER

    # ================================================================ threads
    def on_threads(self, args: Args, request: dict):
        name = self.target.name if self.target is not None else "main"
        return {"threads": [{"id": THREAD_ID, "name": name}]}

    def _thread(self, args: Args) -> None:
        thread = args.integer("threadId", THREAD_ID, low=-(1 << 53), high=1 << 53)
        if thread != THREAD_ID:
            raise RequestError(f"there is one thread, id {THREAD_ID} (not {thread})")

    def _frames(self) -> list:
        if self.frames is None:
            self.frames = self.stopped_target().frames(MAX_FRAMES)
        return self.frames

    def on_stackTrace(self, args: Args, request: dict):
        self._thread(args)
        start = args.integer("startFrame", 0, low=0, high=MAX_FRAMES)
        levels = args.integer("levels", 0, low=0, high=MAX_FRAMES) or MAX_FRAMES
        frames = self._frames()
        out = []
        for f in frames[start:start + levels]:
            body: dict = {"id": f.level + 1, "name": f.name, "line": 0, "column": 0,
                          "instructionPointerReference": f"{f.pc:#x}", "canRestart": f.restartable}
            if f.source is not None:
                body["source"] = self.source_body(self.aliases.get(f.source.path, f.source.path))
                body["line"] = f.source.line - 1 + self.line_base
                body["column"] = self.column_base
            else:
                body["presentationHint"] = "subtle" if f.level else "normal"
            out.append(body)
        return {"stackFrames": out, "totalFrames": len(frames)}

    def on_scopes(self, args: Args, request: dict):
        frame_id = args.integer("frameId", low=0, high=MAX_FRAMES + 1)
        frames = self._frames()
        if not 1 <= frame_id <= len(frames):
            raise RequestError(f"no frame {frame_id} at this stop")
        return {"scopes": self.scopes.scopes(self.stopped_target(), frames[frame_id - 1])}

    def _hex(self, args: Args) -> bool:
        fmt = args.obj("format", None)
        return fmt.boolean("hex", True) if fmt is not None else True

    def on_variables(self, args: Args, request: dict):
        target = self.stopped_target()
        ref = args.integer("variablesReference", low=0, high=1 << 31)
        if args.string("filter", None, limit=16) == "indexed":
            return {"variables": []}
        start = args.integer("start", 0, low=0, high=1 << 31)
        count = args.integer("count", 0, low=0, high=1 << 31)
        found = self.scopes.get(ref)
        if found is None:
            raise RequestError(f"variablesReference {ref} is not valid at this stop")
        variables = found[1](self._hex(args))
        chosen = variables[start:start + count] if count else variables[start:]
        return {"variables": [self.scopes.body(v, target) for v in chosen]}

    def on_setVariable(self, args: Args, request: dict):
        target = self.stopped_target()
        ref = args.integer("variablesReference", low=0, high=1 << 31)
        name = args.string("name", limit=64)
        value_text = args.string("value", limit=4096)
        found = self.scopes.get(ref)
        if found is None:
            raise RequestError(f"variablesReference {ref} is not valid at this stop")
        if found[0] != "registers":
            raise RequestError("only registers can be set here (memory: writeMemory or 'set mem ADDR BYTES')")
        writable = {n for n, _, w in target.registers() if w}
        if name not in writable:
            raise RequestError(f"{name} cannot be set (the writable registers are tpc and the GPRs but zero)")
        value = target.evaluate(value_text) & MASK64
        target.set_register("pc" if name == "tpc" else name, value)
        self.frames = None
        self._flush_output()
        return {"value": number(value, self._hex(args)), "variablesReference": 0}

    # ============================================================ breakpoints
    def _line_in(self, line: int) -> int:
        return line - self.line_base + 1

    def on_setBreakpoints(self, args: Args, request: dict):
        source = args.obj("source")
        path = source.string("path", None, limit=4096)
        if path is None:
            raise RequestError("source.path is required (sources by reference are not used by ptodbg)")
        path = self.client_path(path)
        specs = []
        if "breakpoints" in args:
            for bp in args.objects("breakpoints"):
                line = self._line_in(bp.integer("line", low=self.line_base, high=1 << 31))
                specs.append((line, bp.string("condition", None), bp.string("hitCondition", None),
                              bp.string("logMessage", None, limit=MAX_LOG_MESSAGE)))
        else:
            for line in args.items("lines", []):
                if isinstance(line, bool) or not isinstance(line, int) or not self.line_base <= line <= 1 << 31:
                    raise RequestError("arguments.lines must hold line numbers")
                specs.append((self._line_in(line), None, None, None))
        target = self.target
        result = self.book.set_source(target, path, specs)
        if target is not None and target.lines is not None:
            name = target.lines.path_of(path)
            if name is not None:
                self.aliases[name] = path
        self.after_breakpoint_change()
        bodies = []
        for bp in result:
            body = bp.body(self.line_base)
            body["source"] = self.source_body(path)
            bodies.append(body)
        return {"breakpoints": bodies}

    def on_breakpointLocations(self, args: Args, request: dict):
        target = self.loaded()
        source = args.obj("source")
        path = self.client_path(source.string("path", "", limit=4096))
        line = self._line_in(args.integer("line", low=self.line_base, high=1 << 31))
        end = self._line_in(args.integer("endLine", line - 1 + self.line_base, low=self.line_base, high=1 << 31))
        if target.lines is None:
            return {"breakpoints": []}
        lines = [n for n in target.lines.lines(path) if line <= n <= max(line, end)]
        return {"breakpoints": [{"line": n - 1 + self.line_base} for n in lines]}

    def on_setFunctionBreakpoints(self, args: Args, request: dict):
        specs = [(bp.string("name", limit=4096), bp.string("condition", None), bp.string("hitCondition", None))
                 for bp in args.objects("breakpoints")]
        result = self.book.set_functions(self.target, specs)
        self.after_breakpoint_change()
        return {"breakpoints": [self.breakpoint_body(bp) for bp in result]}

    def on_setInstructionBreakpoints(self, args: Args, request: dict):
        specs = []
        for bp in args.objects("breakpoints"):
            ref = bp.string("instructionReference", limit=64)
            offset = bp.integer("offset", 0, low=-MAX_OFFSET, high=MAX_OFFSET)
            specs.append((_address(ref) + offset & MASK64, bp.string("condition", None),
                          bp.string("hitCondition", None)))
        result = self.book.set_instructions(self.target, specs)
        self.after_breakpoint_change()
        return {"breakpoints": [self.breakpoint_body(bp) for bp in result]}

    def on_dataBreakpointInfo(self, args: Args, request: dict):
        target = self.loaded()
        name = args.string("name", limit=4096)
        size = args.integer("bytes", 0, low=0, high=1 << 20) if "bytes" in args else 0
        as_address = args.boolean("asAddress", False)
        ref = args.integer("variablesReference", 0, low=0, high=1 << 31)
        found: tuple[int, int] | None = None
        if ref and not as_address:
            entry = self.scopes.get(ref)
            if entry is None:
                raise RequestError(f"variablesReference {ref} is not valid at this stop")
            var = next((v for v in entry[1](True) if v.name == name), None)
            if var is None or var.data is None:
                return {"dataId": None, "description": f"{name} is not in memory: ptodbg watches memory "
                                                       "(watch the address it holds with 'watch ADDR')"}
            found = var.data
        else:
            address = self._address_of(target, name)
            length = size or target.symbol_size(name.strip()) or 8
            found = (address, min(length, 1 << 20))
        address, length = found
        if size:
            length = size
        return {"dataId": data_id(address, length),
                "description": f"{length} bytes at {address:#x} ({target.symbolize(address)})",
                "accessTypes": ["read", "write", "readWrite"], "canPersist": False}

    def _address_of(self, target: Target, text: str) -> int:
        if self.busy:
            return target.static_address(text)
        return target.evaluate(text) & MASK64

    def on_setDataBreakpoints(self, args: Args, request: dict):
        specs = [(bp.string("dataId", limit=128), bp.string("accessType", "write", limit=16),
                  bp.string("condition", None), bp.string("hitCondition", None))
                 for bp in args.objects("breakpoints")]
        result = self.book.set_data(specs)
        self.after_breakpoint_change()
        return {"breakpoints": [self.breakpoint_body(bp) for bp in result]}

    def on_setExceptionBreakpoints(self, args: Args, request: dict):
        """The trap filters, plain (``filters``) or with a condition (``filterOptions``,
        ``exceptionFilterOptions``); one breakpoint answered for each, in that order.  A
        condition that does not parse leaves its filter off (unverified, with why)."""
        names = args.strings("filters", [], limit=len(TRAP_FILTERS) * 4)
        unknown = [f for f in names if f not in TRAP_FILTERS]
        if unknown:
            raise RequestError(f"unknown exception filter {unknown[0]!r} (the filters are {', '.join(TRAP_FILTERS)})")
        chosen: list[tuple[str, str | None]] = [(name, None) for name in names]
        for option in args.objects("filterOptions", [], limit=len(TRAP_FILTERS) * 4):
            fid = option.string("filterId", limit=64)
            if fid not in TRAP_FILTERS:
                raise RequestError(f"unknown exception filter {fid!r}")
            condition = (option.string("condition", None, limit=4096) or "").strip() or None
            chosen.append((fid, condition))
        filters: dict[str, str | None] = {}
        answers = []
        for fid, condition in chosen:
            why = Target.check_expression(condition) if condition is not None else None
            if why is not None:
                answers.append({"verified": False, "message": f"bad condition: {why}"})
                continue
            answers.append({"verified": True})
            if fid not in filters or condition is None:  # the first condition; a plain filter always stops
                filters[fid] = condition
        self.book.set_filters(filters)
        self.after_breakpoint_change()
        return {"breakpoints": answers}

    def on_exceptionInfo(self, args: Args, request: dict):
        self._thread(args)
        target = self.stopped_target()
        trap = target.trap()
        stop = target.last_stop
        if trap is None:
            if stop.status == "error":
                return {"exceptionId": "emulator-halt", "description": stop.message, "breakMode": "always",
                        "details": {"message": stop.message, "typeName": "ptodbg halt"}}
            raise RequestError("the program did not stop on a trap")
        info = trap.info
        description = (f"trap {info.number} {info.name}: TRAPARG0 {info.arg0:#x} ({trap.argument}), "
                       f"bank {info.bank}, saved TPC {info.saved_tpc:#x} ({target.symbolize(info.saved_tpc)})"
                       + (f" - {info.reason}" if info.reason else "")
                       + ("" if trap.recoverable is None else f". Cannot recover: {trap.recoverable}")
                       + f". {trap.hint}")
        return {"exceptionId": info.name, "description": description,
                "breakMode": "always" if info.vectored else "unhandled",
                "details": {"message": description, "typeName": "PTO trap",
                            "fullTypeName": f"trap {info.number} {info.name}", "evaluateName": "trap"},
                "trap": trap_stop_json(trap)}

    # ================================================================= moves
    def _resume(self, kind: str, granularity: str) -> None:
        if kind == "continue":
            def work() -> None:
                stop, reported = self.run_forward()
                self.finish(stop, reported)
        elif kind == "reverseContinue":
            def work() -> None:
                stop, reported = self.run_reverse()
                self.finish(stop, reported)
        else:
            def work() -> None:
                try:
                    stop, reported = self.run_step(kind, granularity)
                except DebugError as e:
                    self.console(f"{kind}: {e}", "stderr")
                    stop, reported = None, Reported("step", str(e))
                self.finish(stop, reported)
        self.start_job(kind, work)

    def handler(self, command: str) -> Callable[[Args, dict], object] | None:
        """What answers ``command``: the request method ``on_<command>`` of this class
        (looked up on the class, so no other attribute can answer a request); None for a
        request this adapter does not know."""
        if not command.isidentifier() or command.startswith("_"):
            return None
        name = f"on_{command}"
        return getattr(self, name) if callable(getattr(type(self), name, None)) else None

    def _move(self, args: Args, request: dict, kind: str):
        self._thread(args)
        target = self.stopped_target()
        if not self.started:
            raise RequestError("send configurationDone first")
        granularity = args.string("granularity", "statement", limit=16)
        if granularity not in ("statement", "line", "instruction"):
            raise RequestError(f"granularity {granularity!r} must be statement, line or instruction")
        if target.exit_code is not None and kind not in ("stepBack", "reverseContinue"):
            raise RequestError(f"the program has exited with status {target.exit_code}")
        if self.ended:
            raise RequestError("the program has ended")
        if kind in ("stepBack", "reverseContinue") and target.steps == 0:
            raise RequestError("already at step 0: there is nothing before it")
        self.respond(request, {"allThreadsContinued": True} if kind == "continue" else None)
        self._resume(kind, granularity)
        return LATER

    # The requests that run the machine: _move, the command being the kind of run.
    on_continue = partialmethod(_move, kind="continue")
    on_next = partialmethod(_move, kind="next")
    on_stepIn = partialmethod(_move, kind="stepIn")
    on_stepOut = partialmethod(_move, kind="stepOut")
    on_stepBack = partialmethod(_move, kind="stepBack")
    on_reverseContinue = partialmethod(_move, kind="reverseContinue")

    def on_pause(self, args: Args, request: dict):
        self._thread(args)
        self.loaded()
        if self.busy:
            self.request_pause()
        return None

    # ============================================================ evaluation
    def on_evaluate(self, args: Args, request: dict):
        expression = args.string("expression", limit=1 << 16)
        context = args.string("context", "watch", limit=32)
        target = self.stopped_target()
        text = expression.strip()
        if context == "hover":
            text = _hover_word(text)
        if not text:
            raise RequestError("nothing to evaluate")
        if context == "repl" and target.is_command(text):
            return self._command(text, request)
        value = target.evaluate(text)
        hex_format = self._hex(args)
        shown = f"{value & MASK64:#x} ({value})" if hex_format else str(value)
        body = {"result": shown, "variablesReference": 0, "type": "u64"}
        if target.mapped(value & MASK64):
            body["memoryReference"] = f"{value & MASK64:#x}"
        return body

    def _command(self, line: str, request: dict):
        """A debugger command typed in the console: on the worker (it may run long); the
        response carries its message.  A command that moved the machine (steps or TPC)
        ends with a stop like any other move; one that changed the state without moving
        (``inject``, ``perms``, ``set``, ``set mem``) ends with an ``invalidated`` event
        (to clients that support it; a ``stopped`` one to the others), so the client
        re-reads what it shows without a stop that did not happen.  A command that can
        run long (``continue``, ``until``, ``goto``, ``step 100000`` ...) is announced
        with ``continued`` and always ends with a stop.  ``continue``, ``until``,
        ``advance`` and ``finish`` go on past a logpoint, as the buttons do."""
        target = self.loaded()
        word = line.split(None, 1)[0].lower()
        spec = target.command_spec(line)
        if not self.started and (spec is None or spec.moves):  # looking (x/8gx, info frame) is fine
            raise RequestError("send configurationDone first")
        rest = line.split(None, 1)[1] if len(line.split(None, 1)) > 1 else ""
        runs = self.started and spec is not None and spec.moves and spec.runs_long(rest.split())
        kind = "goto" if word in _TIME_TRAVEL else (
            "reverseCommand" if spec is not None and spec.name.startswith("reverse") else "command")
        resumable = spec is not None and spec.name in _RESUMABLE and not (spec.name == "continue" and rest.strip())
        invalidating = bool(self.client_caps.get("supportsInvalidatedEvent"))

        def work() -> None:
            self.sync_breakpoints()
            before = (target.steps, target.pc)
            reported = None
            for _ in range(MAX_AGAIN):
                result = target.execute(line)
                moved = result.ok and (result.stop is not None or result.moved)
                if not moved:
                    break
                stop = result.stop or target.last_stop
                reported = self.classify(stop, kind)
                if reported is not None or not resumable or result.stop is None or self.pause_requested.is_set() \
                        or result.stop.status not in ("breakpoint", "watchpoint"):
                    break
                self.sync_breakpoints()  # a logpoint (or an unmet hit condition): go on
            displays: list[str] = []
            invalidate = False
            if moved:
                displays = target.shown_displays(result)
                if reported is None:
                    reported = Reported("step", stop.message or line)
                if (target.steps, target.pc) == before and result.stop is None:
                    reported = Reported("step", result.message or line)
                    if invalidating and not runs:
                        reported, invalidate = None, True
            elif runs:  # announced with continued: the client waits for a stop
                reported = Reported("step", result.message or result.error or line)

            def answer() -> None:
                if self.cancelled is not None and self.cancelled == request.get("seq"):
                    self.fail(request, "cancelled")
                elif result.ok:
                    self.respond(request, {"result": result.message or "ok", "variablesReference": 0})
                    if result.extra.get("quit") and not self.ended:  # quit / q: the session ends
                        self.ended = True
                        self.send_event("terminated")
                else:
                    self.fail(request, result.error or f"{line}: failed")
                if invalidate:
                    self.send_event("invalidated", {"areas": ["stacks", "variables"], "threadId": THREAD_ID})

            self.finish(result.stop, reported, after=answer, displays=displays)

        self.start_job("command", work, request)
        if runs:
            self.send_event("continued", {"threadId": THREAD_ID, "allThreadsContinued": True})
        return LATER

    def _flush_output(self) -> None:
        target = self.loaded()
        for category, text in self._pending_output(target):
            self.send_event("output", {"category": category, "output": text})

    # ================================================================ memory
    def _reference(self, target: Target, text: str) -> int:
        try:
            return _address(text)
        except RequestError:
            return self._address_of(target, text)

    def on_readMemory(self, args: Args, request: dict):
        target = self.stopped_target()
        base = self._reference(target, args.string("memoryReference", limit=4096))
        offset = args.integer("offset", 0, low=-MAX_OFFSET, high=MAX_OFFSET)
        count = args.integer("count", low=0, high=MAX_READ)
        address = base + offset
        if not 0 <= address <= MASK64:
            raise RequestError(f"address {address:#x} is outside the 64-bit address space")
        count = min(count, MASK64 + 1 - address)
        read = target.read_memory(address, count)
        body: dict = {"address": f"{address:#x}"}
        if read.data:
            body["data"] = base64.b64encode(read.data).decode("ascii")
        if read.unreadable:
            body["unreadableBytes"] = read.unreadable
        return body

    def on_writeMemory(self, args: Args, request: dict):
        target = self.stopped_target()
        base = self._reference(target, args.string("memoryReference", limit=4096))
        offset = args.integer("offset", 0, low=-MAX_OFFSET, high=MAX_OFFSET)
        encoded = args.string("data", limit=(MAX_READ // 3 + 1) * 4)
        allow_partial = args.boolean("allowPartial", False)
        try:
            data = base64.b64decode(encoded, validate=True)
        except (binascii.Error, ValueError):
            raise RequestError("data is not base64") from None
        address = base + offset
        if not 0 <= address <= MASK64 or address + len(data) > MASK64 + 1:
            raise RequestError(f"address {address:#x} + {len(data)} bytes is outside the 64-bit address space")
        if not data:
            return {"bytesWritten": 0}
        readable = target.read_memory(address, len(data))
        writable = len(readable.data)
        if writable < len(data) and not allow_partial:
            raise RequestError(f"cannot access memory at {address + writable:#x} (not mapped)")
        if writable == 0:
            raise RequestError(f"cannot access memory at {address:#x} (not mapped)")
        target.write_memory(address, data[:writable])
        self.frames = None
        self._flush_output()
        if self.client_caps.get("supportsMemoryEvent"):
            self.send_event("memory", {"memoryReference": f"{address:#x}", "offset": 0, "count": writable})
        return {"offset": 0, "bytesWritten": writable}

    def on_disassemble(self, args: Args, request: dict):
        target = self.stopped_target()
        base = self._reference(target, args.string("memoryReference", limit=4096))
        offset = args.integer("offset", 0, low=-MAX_OFFSET, high=MAX_OFFSET)
        ioffset = args.integer("instructionOffset", 0, low=-MAX_INSTRUCTIONS, high=MAX_INSTRUCTIONS)
        count = args.integer("instructionCount", low=0, high=MAX_INSTRUCTIONS)
        symbols = args.boolean("resolveSymbols", True)
        address = (base + offset) & MASK64
        out = []
        last_path = None
        for row in target.instructions(address, ioffset, count):
            item: dict = {"address": f"{row.address:#x}"}
            if not row.whole:
                item.update(instruction="??", presentationHint="invalid")
                out.append(item)
                continue
            item["instructionBytes"] = " ".join(f"{b:02x}" for b in row.data)
            item["instruction"] = row.text + (f"  # {row.note}" if row.note else "")
            if symbols and row.symbol:
                item["symbol"] = row.symbol
            src = target.source_at(row.address)
            if src is not None:
                path = self.aliases.get(src.path, src.path)
                if path != last_path:
                    item["location"] = self.source_body(path)
                    last_path = path
                item["line"] = src.line - 1 + self.line_base
                item["endLine"] = item["line"]
            out.append(item)
        return {"instructions": out}

    def on_source(self, args: Args, request: dict):
        source = args.obj("source", None)
        path = source.string("path", None, limit=4096) if source is not None else None
        if path is None:
            raise RequestError("ptodbg gives sources by path; this source has none")
        try:  # the bounded reader: a FIFO or a device is refused unopened, a huge file unread
            content = read_source(self.client_path(path))
        except SourceFileError as e:
            raise RequestError(str(e)) from None
        return {"content": content, "mimeType": "text/x-asm"}


def _hover_word(text: str) -> str:
    """The expression in a word of assembly under the mouse: ``->a0``, ``[sp,``, ``t#1``."""
    text = text.removeprefix("->").strip(",: ")
    if text.startswith("[") and "]" not in text:
        text = text[1:]
    if text.endswith("]") and "[" not in text:
        text = text[:-1]
    return text.strip()


def _address(text: str) -> int:
    """A memory reference as this adapter hands them out: 0x-hex (or decimal)."""
    t = text.strip()
    try:
        value = int(t, 16) if t.lower().startswith("0x") else int(t, 10)
    except ValueError:
        raise RequestError(f"{text[:40]!r} is not an address") from None
    if not 0 <= value <= MASK64:
        raise RequestError(f"{text[:40]!r} is outside the 64-bit address space")
    return value

