"""Command-line entry points (DESIGN.md §4): ``ptodbg asm``, ``ptodbg disasm``, ...

Exit status: 0 on success, 2 on bad usage or bad input (with exactly one line
``ptodbg: error: ...`` on standard error, never a traceback).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

PROG = "ptodbg"


class UsageError(Exception):
    """Bad command-line usage (exit status 2)."""


class _Parser(argparse.ArgumentParser):
    """argparse with one-line errors instead of usage + message + exit."""

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
    from ptodbg.isa.asm import AsmError, assemble

    source = Path(args.source)
    try:
        text = source.read_bytes().decode("utf-8")
    except UnicodeDecodeError as e:
        return _fail(f"{source}: not UTF-8 text (byte {e.start})")
    except OSError as e:
        return _fail(f"{source}: {e.strerror or e}")
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


# ----------------------------------------------------------------- parser
def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Debugger and emulator for PTO ISA 0.58.3 programs.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("asm", help="assemble a .s source to an ELF64 executable")
    p.add_argument("source", metavar="SOURCE", help="assembly source file")
    p.add_argument("-o", "--output", metavar="OUT", required=True, help="ELF file to write")
    p.set_defaults(handler=cmd_asm)

    p = sub.add_parser("disasm", help="list a program's instructions and data")
    p.add_argument("program", metavar="PROGRAM", help="ELF file or .s source")
    p.add_argument("--catalog", metavar="PATH", action="append", default=[],
                   help="official scalar-forms.json/command-forms.json, or a folder holding them (repeatable)")
    p.set_defaults(handler=cmd_disasm)

    # ---- lead: add the `run`, `batch` and `tui` subcommands here (DESIGN.md §4). ----
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv) if argv is not None else None)
    except UsageError as e:
        return _fail(f"{e} (see '{PROG} --help')")
    except SystemExit as e:  # --help
        return int(e.code or 0)
    if args.command is None:
        # ---- lead: with no subcommand, open the TUI on the built-in demo. ----
        print(f"{PROG}: the TUI is not available yet; try '{PROG} asm' or '{PROG} disasm'")
        return 0
    try:
        return args.handler(args)
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
