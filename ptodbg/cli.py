"""Command-line entry points (docs/interfaces.md §4): ``ptodbg`` (the TUI on the demo),
``ptodbg tui|asm|disasm|run|batch|dap|avs|campaign|serve``, ``ptodbg --version``.

Exit status: 0 on a normal stop or success, 1 on a trap stop or a failed run (``run``
of a program that exited reports its exit status), 2 on bad usage or bad input (with
exactly one line ``ptodbg: error: ...`` on standard error, never a traceback), 130 when
SIGINT ended ``run`` or ``batch`` (the state at the interrupted step is still printed).
A reader that closes standard output early (``ptodbg batch ... | head -1``) ends the
command quietly.
"""

from __future__ import annotations

import argparse
import atexit
import errno
import gc
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

PROG = "ptodbg"


class UsageError(Exception):
    """Bad command-line usage (exit status 2)."""


def _terminal_columns() -> int:
    """The terminal's width as ``shutil.get_terminal_size`` finds it: a positive $COLUMNS,
    else the terminal of stdout, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size(sys.__stdout__.fileno()).columns or 80  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80


class _Formatter(argparse.HelpFormatter):
    """argparse's help formatter, sized without importing :mod:`shutil`: argparse makes one
    for every ``add_argument`` (to check its nargs), and shutil brings bz2, lzma and zlib,
    some 1.5 ms of every ``ptodbg run`` (issue 15 (f)).  The width is argparse's own
    (the terminal's, less 2)."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         _terminal_columns() - 2 if width is None else width)


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors instead of usage + message + exit."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):  # type: ignore[override]
        raise UsageError(message)


def _fail(message: str) -> int:
    sys.stderr.write(f"{PROG}: error: {_one_line(message)}\n")
    sys.stderr.flush()
    return 2


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


# --------------------------------------------------------------------- asm
def cmd_asm(args: argparse.Namespace) -> int:
    from ptodbg.base import userfile
    from ptodbg.isa.asm import AsmError, assemble

    source = Path(args.source)
    try:
        text = userfile.read_text(source, "assembly source")
    except userfile.UserFileError as e:
        return _fail(str(e))
    try:
        image = assemble(text, str(source))
    except AsmError as e:
        return _fail(str(e))
    out = Path(args.output)
    try:
        out.write_bytes(image)
    except OSError as e:
        return _fail(f"{out}: {e.strerror or e}")
    return 0


# ------------------------------------------------------------------ disasm
def cmd_disasm(args: argparse.Namespace) -> int:
    from ptodbg.core.loader import read_source_or_elf
    from ptodbg.isa import catalog
    from ptodbg.isa.decoder import STRICT
    from ptodbg.isa.disasm import Disassembler
    from ptodbg.isa.elf import ProgramError

    try:
        decoder = catalog.load(args.catalog) if args.catalog else STRICT
    except catalog.CatalogError as e:
        return _fail(str(e))
    if args.compat:
        if args.catalog:
            return _fail("--compat and --catalog cannot be combined")
        from ptodbg.isa.legacy import decoder_for

        decoder = decoder_for(args.compat)
    try:
        program, _ = read_source_or_elf(args.program)
    except ProgramError as e:
        return _fail(str(e))
    except OSError as e:
        return _fail(f"{args.program}: {e.strerror or e}")
    out = sys.stdout
    chunk: list[str] = []
    try:
        for line in Disassembler(program, decoder).lines():
            chunk.append(line)
            if len(chunk) >= 2048:
                out.write("\n".join(chunk) + "\n")
                chunk.clear()
        if chunk:
            out.write("\n".join(chunk) + "\n")
        out.flush()
    except BrokenPipeError:
        _silence_stdout()
    return 0


def _silence_stdout() -> None:
    """After the reader of a pipe went away (``ptodbg disasm x | head``)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


# -------------------------------------------------------------- run / batch
DEFAULT_MAX_STEPS = 200_000_000
# ``run`` never goes backwards, but its JSON state holds the events of the last attempt,
# which the fast path does not record: they come from a replay of that attempt from the
# newest snapshot.  A snapshot every 2^16 attempts bounds that replay; a zero budget keeps
# only the first and the newest snapshot (History never drops those two).
# ``run`` saves no session, so it needs no checksum of the program file.
RUN_ENGINE_OPTIONS = {"interval": 1 << 16, "budget_bytes": 0, "checksum": False}


def _open(args: argparse.Namespace, **options):
    from ptodbg.debug.files.program import OpenError, open_debugger

    try:
        return open_debugger(args.program, profile=args.profile, compat=args.compat, **options), None
    except OpenError as e:
        return None, _fail(str(e))
    finally:
        _resume_gc()
        _startup_over()


# SIGINT.  The launcher (ptodbg/__main__.py) makes SIGINT end the process quietly from its
# first line; start-up is over when the command starts its work, and SIGINT is Python's
# KeyboardInterrupt again, which each command turns into its own answer (status 130, an
# interrupted state); ``run`` and ``batch`` hand over once the program is open, the TUI
# when its Lifetime takes the signals.  Once the command has answered, SIGINT is ignored:
# the last flush of the output and the exit handlers are not cut into a traceback.  A
# caller of main(argv) (a test) keeps its own SIGINT handling throughout.
def _startup_over() -> None:
    """SIGINT raises KeyboardInterrupt again, if the launcher's quiet handler is in place."""
    if getattr(signal.getsignal(signal.SIGINT), "ptodbg_startup", False):
        signal.signal(signal.SIGINT, signal.default_int_handler)


def _answered(owner: bool) -> None:
    """The command has answered: SIGINT no longer cuts the process's last steps."""
    if owner:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


# Start-up (imports, the ELF's symbols, the machine) allocates some 100,000 objects that
# live as long as the process; the cyclic collector would scan them ~100 times on the way
# (8 ms of a 120 ms ``ptodbg run``) and find nothing.  When ``main`` owns the process (the
# console script), collection waits until the program is open, then everything allocated
# so far is frozen out of its scans (gc.freeze) and collection resumes.
_gc_held = False


def _hold_gc() -> None:
    global _gc_held
    if gc.isenabled():
        gc.disable()
        _gc_held = True


def _resume_gc() -> None:
    global _gc_held
    if _gc_held:
        _gc_held = False
        gc.freeze()
        gc.enable()


def _exit_status(dbg) -> int:
    """docs/interfaces.md §4: 0 normal stop, 1 trap stop or failed run; a program that exited
    (linux profile) reports its own exit status."""
    status = dbg.last.status
    if status == "exited":
        return dbg.machine.exit_code or 0
    return 1 if status in ("trap", "error") else 0


def cmd_run(args: argparse.Namespace) -> int:
    # (--trace's writer and --json's state and encoder are imported only when asked for:
    # json alone is a millisecond of every run's start-up)
    from ptodbg.debug.engine.interrupts import INTERRUPTED_STATUS, sigint_cancels

    global _quick_exit
    if args.max_steps < 0:
        return _fail(f"--max-steps {args.max_steps}: expected a count of 0 or more")
    _quick_exit = True
    dbg, err = _open(args, **RUN_ENGINE_OPTIONS)
    if dbg is None:
        return err
    dbg.machine.track_writes = False  # run never asks who last wrote a register
    out_stream = sys.stderr if args.json else sys.stdout
    with sigint_cancels(dbg):
        if args.trace:
            from ptodbg.debug.engine.trace import TraceWriter

            try:
                writer = TraceWriter(args.trace)
            except OSError as e:
                return _fail(f"{args.trace}: {e.strerror or e}")
            with writer:
                writer.run(dbg, args.max_steps)
        else:
            dbg.cont(args.max_steps)
        state_now = None
        if args.json:
            from ptodbg.debug.view.capture import capture_view
            from ptodbg.debug.view.jsonstate import state

            state_now = state(capture_view(dbg))
    output = getattr(dbg.machine.os_state, "output", b"")
    if output:
        out_stream.buffer.write(output)
        out_stream.flush()
    if args.json:
        import json

        sys.stdout.write(json.dumps(state_now) + "\n")
    else:
        sys.stdout.write(_describe_state(dbg))
    sys.stdout.flush()
    return INTERRUPTED_STATUS if dbg.cancel.is_set() else _exit_status(dbg)


def _describe_state(dbg) -> str:
    from ptodbg.core.faults import TRAP_ARGUMENT

    m = dbg.machine
    lines = [f"{dbg.last.status}: {dbg.last.message}", f"steps {m.steps}   tpc {m.pc:#x} ({dbg.symbolize(m.pc)})"]
    trap = m.pending_trap
    if trap is not None:
        lines.append(f"trap {trap.number} {trap.name}: TRAPARG0 {trap.arg0:#x} "
                     f"({TRAP_ARGUMENT.get(trap.number, 'argument')}), cause {trap.cause}, bank {trap.bank}, "
                     f"saved TPC {trap.saved_tpc:#x}")
    regs = list(m.regs().items())
    for i in range(0, 24, 4):
        lines.append("  ".join(f"{n:>4} {v:#018x}" for n, v in regs[i : i + 4]))
    lines.append("t " + " ".join("-" if v is None else f"{v:#x}" for v in m.queue("t"))
                 + "   u " + " ".join("-" if v is None else f"{v:#x}" for v in m.queue("u")))
    from ptodbg.debug.engine.errors import DebugError

    try:
        result = dbg.result_bytes()
    except DebugError as e:  # the program unmapped its result: say so, never zeros
        lines.append(f"result: {e}")
    else:
        if result is not None:
            lines.append(f"result {result.hex()}")
    if m.exit_code is not None:
        lines.append(f"exit code {m.exit_code}")
    return "\n".join(lines) + "\n"


def cmd_batch(args: argparse.Namespace) -> int:
    from ptodbg.debug.commands import batch
    from ptodbg.debug.engine.interrupts import sigint_cancels
    from ptodbg.debug.files import session

    if (args.script is None) == (args.commands is None):
        return _fail("batch needs exactly one of -x SCRIPT or -c \"CMD; CMD\"")
    if args.script is not None:
        from ptodbg.base import userfile

        try:
            commands = batch.script_lines(userfile.read_text(args.script, "script"))
        except userfile.UserFileError as e:
            return _fail(str(e))
    else:
        commands = batch.inline_commands(args.commands)
    if args.max_steps < 0:
        return _fail(f"--max-steps {args.max_steps}: expected a count of 0 or more")
    dbg, err = _open(args)
    if dbg is None:
        return err
    dbg.step_limit = args.max_steps
    with sigint_cancels(dbg):
        if args.session:
            try:
                session.load(dbg, args.session)
            except session.SessionError as e:
                return _fail(str(e))
        return batch.run(dbg, commands, sys.stdout, text=args.text)


def cmd_tui(args: argparse.Namespace) -> int:
    from ptodbg.tui.app import run_tui

    return run_tui(getattr(args, "program", None), session=getattr(args, "session", None),
                   theme=getattr(args, "theme", None), profile=getattr(args, "profile", "debug"),
                   compat=getattr(args, "compat", None), script=getattr(args, "script", None))


# --------------------------------------------------------------------- dap
def cmd_dap(args: argparse.Namespace) -> int:
    """The Debug Adapter Protocol server (docs/interfaces.md §9) on stdin/stdout or 127.0.0.1:PORT."""
    from ptodbg.dap.server import serve_stdio, serve_tcp

    if args.port is None:
        return serve_stdio()
    if not 0 <= args.port <= 65535:
        return _fail(f"--port {args.port}: expected a TCP port 0..65535 (0: any free port)")
    try:
        return serve_tcp(args.port)
    except OSError as e:
        return _fail(f"--port {args.port}: {e.strerror or e}")


# ------------------------------------------------------------------- serve
def cmd_serve(args: argparse.Namespace) -> int:
    """The TUI in a browser (textual-serve, the optional extra ``web``): a debugger
    process per browser session, on 127.0.0.1 unless --host says otherwise."""
    from ptodbg.web.serve import missing_web, serve

    missing = missing_web()
    if missing is not None:
        return _fail(missing)
    if not 0 <= args.port <= 65535:
        return _fail(f"--port {args.port}: expected a TCP port 0..65535 (0: any free port)")
    if args.theme is not None:
        from ptodbg.tui.themes import unknown_theme

        problem = unknown_theme(args.theme)
        if problem:
            return _fail(problem)
    tui_arguments: list[str] = []
    title = "ptodbg (demo)"
    if args.program is not None:
        dbg, status = _open(args)  # a program that cannot be opened fails here, not in every page
        if dbg is None:
            return status
        tui_arguments.append(str(Path(args.program).resolve()))
        title = f"ptodbg {Path(args.program).name}"
    if args.session is not None:
        tui_arguments += ["--session", str(Path(args.session).resolve())]
    for option in ("theme", "compat"):
        if getattr(args, option) is not None:
            tui_arguments += [f"--{option}", getattr(args, option)]
    tui_arguments += ["--profile", args.profile]
    return serve(tui_arguments, args.host, args.port, title)


def _serve_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("program", metavar="PROGRAM", nargs="?", help="ELF file or .s source (default: the demo)")
    p.add_argument("--port", type=int, default=8000, metavar="N", help="TCP port (default 8000; 0: any free port)")
    p.add_argument("--host", default="127.0.0.1", metavar="H",
                   help="address to listen on (default 127.0.0.1: this machine only)")
    p.add_argument("--session", metavar="FILE", help="open each page on a saved session")
    p.add_argument("--theme", metavar="NAME", help="theme name, as for ptodbg tui")
    _profile_args(p)


# --------------------------------------------------------------------- avs
def cmd_avs(args: argparse.Namespace) -> int:
    """Run pto-spec AVS programs against the emulator (docs/interfaces.md §11); exit 1 when a
    point fails."""
    from ptodbg.avs.report import AvsUsageError, run_and_report

    catalog = Path(args.catalog) if args.catalog else None
    if catalog is not None and not (catalog / "scalar-forms.json").is_file():
        return _fail(f"{catalog}: no scalar-forms.json in this folder")
    try:
        return run_and_report(args.paths, args.json, sys.stdout, catalog)
    except AvsUsageError as e:
        return _fail(str(e))
    except BrokenPipeError:
        _silence_stdout()
        return 0


# ---------------------------------------------------------------- campaign
def cmd_campaign(args: argparse.Namespace) -> int:
    """A fault-injection campaign (docs/interfaces.md §10) on Dask."""
    from ptodbg.campaign.command import run

    return run(args)


CAMPAIGN_HELP = "inject a fault at every memory access and check precise recovery (Dask)"


def _campaign_options(p: argparse.ArgumentParser) -> None:
    """The ``campaign`` subcommand's options, whose defaults come from
    :mod:`ptodbg.campaign.spec` (an import other commands need not pay for)."""
    from ptodbg.campaign.spec import MAX_STEPS_DEFAULT

    p.add_argument("program", metavar="PROGRAM", help="ELF file or .s source")
    _profile_args(p)
    p.add_argument("--faults", choices=("data", "all"), default="data",
                   help="data accesses only (default), or also the fetch of each code page")
    p.add_argument("--sample", type=int, metavar="K", help="check a reproducible sample of K sites")
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the sample (default 0)")
    p.add_argument("--workers", type=int, metavar="N",
                   help="local worker processes (default: one per CPU); with --scheduler, wait for N workers")
    p.add_argument("--scheduler", metavar="ADDRESS", help="an existing Dask cluster, e.g. tcp://HOST:8786")
    p.add_argument("--json", action="store_true", help="one JSON line per site, then a summary line")
    p.add_argument("--out", metavar="DIR", help="results, report, summary and a session per failing site; "
                   "resumes an interrupted campaign")
    p.add_argument("--max-steps", type=int, default=MAX_STEPS_DEFAULT, metavar="N",
                   help=f"attempts the fault-free run may take (default {MAX_STEPS_DEFAULT})")
    p.add_argument("--test-defect", choices=("store-before-check", "skip-recover"), default=None,
                   help=argparse.SUPPRESS)  # negative controls of the test suite


def _profile_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--profile", choices=("debug", "reference", "linux"), default="debug",
                   help="machine profile (default debug)")
    p.add_argument("--compat", choices=("linx-v0.4",), default=None,
                   help="accept code of an older LinxISA release (its retired forms and conventions)")


# ----------------------------------------------------------------- parser
def version_text() -> str:
    """``ptodbg X.Y.Z (PTO ISA R)``: the version from the package metadata (set once, in
    pyproject.toml), the release from the ISA identity the ELF note carries."""
    from importlib.metadata import PackageNotFoundError, version

    from ptodbg.isa.elf import IDENTITY

    try:
        ours = version("ptodbg")
    except PackageNotFoundError:  # run from a source tree that was never installed
        ours = "unknown"
    return f"{PROG} {ours} (PTO ISA {IDENTITY['release']})"


class _Version(argparse.Action):
    """``--version``, its text computed only when asked (it reads package metadata)."""

    def __call__(self, parser, namespace, values, option_string=None):
        sys.stdout.write(version_text() + "\n")
        sys.stdout.flush()
        raise SystemExit(0)


def _asm_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("source", metavar="SOURCE", help="assembly source file")
    p.add_argument("-o", "--output", metavar="OUT", required=True, help="ELF file to write")


def _disasm_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("program", metavar="PROGRAM", help="ELF file or .s source")
    p.add_argument("--catalog", metavar="PATH", action="append", default=[],
                   help="official scalar-forms.json/command-forms.json, or a folder holding them (repeatable)")
    p.add_argument("--compat", choices=("linx-v0.4",), default=None,
                   help="also decode the forms of an older LinxISA release")


def _run_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("program", metavar="PROGRAM", help="ELF file or .s source")
    p.add_argument("--max-steps", type=int, default=DEFAULT_MAX_STEPS, metavar="N",
                   help=f"stop after N instruction attempts (default {DEFAULT_MAX_STEPS})")
    p.add_argument("--json", action="store_true", help="print the final state as one JSON object")
    p.add_argument("--trace", metavar="FILE.jsonl", help="write one JSON object per instruction attempt")
    _profile_args(p)


def _batch_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("program", metavar="PROGRAM", help="ELF file or .s source")
    p.add_argument("-x", dest="script", metavar="SCRIPT", help="file with one command per line")
    p.add_argument("-c", dest="commands", metavar="CMDS", help='commands separated by ";"')
    p.add_argument("--session", metavar="FILE", help="load a saved session first")
    p.add_argument("--max-steps", type=int, default=DEFAULT_MAX_STEPS, metavar="N",
                   help=f"most instruction attempts one step/continue/until/next/goto may run "
                        f"(default {DEFAULT_MAX_STEPS})")
    p.add_argument("--text", action="store_true",
                   help="print what the TUI's console shows (a gdb-like session) instead of JSON lines")
    _profile_args(p)


def _dap_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", type=int, metavar="N", default=None,
                   help="listen on 127.0.0.1:N for one connection instead of using stdin/stdout")


def _tui_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("program", metavar="PROGRAM", nargs="?", help="ELF file or .s source (default: the demo)")
    p.add_argument("--session", metavar="FILE", help="open a saved session")
    p.add_argument("--theme", metavar="NAME", help="theme name: a shipped theme (dark, light...) or one in $XDG_CONFIG_HOME/ptodbg/themes")
    p.add_argument("-x", dest="script", metavar="FILE",
                   help="run the commands of FILE at start, after $XDG_CONFIG_HOME/ptodbg/init (gdb's -x)")
    _profile_args(p)


def _avs_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("paths", metavar="PATH", nargs="+", help=".asl program or a folder of them")
    p.add_argument("--json", action="store_true", help="one JSON object per point, then the totals")
    p.add_argument("--catalog", metavar="DIR",
                   help="folder of the official catalogs (default: a catalog/ folder beside the AVS tree)")


# (name, help, handler, options) of each command, in the order ``ptodbg --help`` lists them
COMMANDS = (
    ("asm", "assemble a .s source to an ELF64 executable", cmd_asm, _asm_options),
    ("disasm", "list a program's instructions and data", cmd_disasm, _disasm_options),
    ("run", "run a program headless to a stop and print the final state", cmd_run, _run_options),
    ("batch", "run debugger commands headless, one JSON line per command", cmd_batch, _batch_options),
    ("dap", "serve the Debug Adapter Protocol (editors: VS Code, nvim-dap, ...)", cmd_dap, _dap_options),
    ("tui", "open the debugger's terminal interface", cmd_tui, _tui_options),
    ("avs", "run pto-spec AVS programs against the emulator and report each point", cmd_avs, _avs_options),
    ("campaign", CAMPAIGN_HELP, cmd_campaign, _campaign_options),
    ("serve", "serve the TUI to a browser (textual-serve): a debugger per page", cmd_serve, _serve_options),
)

COMMAND_NAMES = frozenset(name for name, *_ in COMMANDS)


def build_parser(command: str | None = None, alone: bool = False) -> argparse.ArgumentParser:
    """The whole parser (``command`` None); given the ``command`` about to be parsed, the
    other commands are listed with their help line but without their options, which
    only their own parse reads (building them all is a few milliseconds of every start).
    ``alone``: the command line starts with ``command``, so nothing but its own parser is
    read (no top-level help or error lists the others): the others are left out (each
    subparser costs argparse's gettext look-ups, some 0.2 ms)."""
    parser = _Parser(prog=PROG, description="Debugger and emulator for PTO ISA 0.58.3 programs.")
    parser.add_argument("--version", action=_Version, nargs=0,
                        help="print the ptodbg version and the PTO ISA release it implements")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for name, text, handler, options in COMMANDS:
        if alone and name != command:
            continue
        p = sub.add_parser(name, help=text)
        if command is None or command == name:
            options(p)
        p.set_defaults(handler=handler)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    if argv is None:  # the process's own command line: this process is ptodbg's (see _hold_gc)
        _hold_gc()
    try:
        status = _main(argv, owner=argv is None)
    except OSError as e:
        if e.errno not in _OUTPUT_ERRORS:
            raise
        status = _output_failed(e)
    finally:
        _resume_gc()
    if argv is None and _quick_exit:
        atexit.register(_exit_now, status)
    return status


# What writing the output can meet (a full disk, a quota, an I/O error, a reader gone):
# one line on stderr and status 1, not a traceback.
_OUTPUT_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EPIPE})


def _output_failed(e: OSError) -> int:
    """Report a failed write of the output once; what is still buffered for stdout can
    never be written, so stdout is pointed at /dev/null (else the interpreter's last
    flush would report the same failure again, as a traceback)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):
        pass
    if e.errno == errno.EPIPE:  # the reader left (| head): nothing to say
        return 1
    _fail(f"cannot write the output: {e.strerror or e}")
    return 1


# A process that ran ``run`` ends without the interpreter's teardown (freeing every module
# and object one by one, and a last full collection: some 4 % of a short ``ptodbg run``)
# when main owns it (argv None: its exit status is main's).  The exit is the first exit
# handler to run (atexit runs the newest first), after whatever main's caller did; what
# teardown would still do that matters is done there: write the compiled-code cache (the
# handler os._exit skips) and flush the standard streams.
_quick_exit = False


def _exit_now(status: int) -> None:
    from ptodbg.base import codecache

    codecache.save()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe: nothing more can reach the reader
            pass
    os._exit(status)


def _main(argv: Sequence[str] | None, owner: bool = False) -> int:
    try:
        status = _command(argv)
        _answered(owner)
        return status
    except KeyboardInterrupt:  # in start-up without the launcher, or between the answer and _answered
        _answered(owner)
        return 130


def _command(argv: Sequence[str] | None) -> int:
    words = list(argv) if argv is not None else sys.argv[1:]
    # The top-level options take no value, so the first word without a dash names the command.
    command = next((w for w in words if not w.startswith("-")), "")
    parser = build_parser(command, alone=bool(words) and words[0] == command and command in COMMAND_NAMES)
    try:
        args = parser.parse_args(words)
    except UsageError as e:
        return _fail(f"{e} (see '{PROG} --help')")
    except SystemExit as e:  # --help
        return int(e.code or 0)
    handler = getattr(args, "handler", None)
    if handler not in (cmd_run, cmd_batch):  # these resume collection once the program is open
        _resume_gc()
    if handler not in (cmd_run, cmd_batch, cmd_tui) and args.command is not None:  # (those take SIGINT later)
        _startup_over()
    if args.command is None:
        return cmd_tui(args)  # the built-in demo
    try:
        return args.handler(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader of standard output went away
        _silence_stdout()
        return 0


if __name__ == "__main__":
    sys.exit(main())
