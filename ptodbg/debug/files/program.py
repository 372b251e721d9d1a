"""Opening programs into a debugger: ELF files, ``.s`` sources, raw code, the demo.

This is the one place that joins the toolchain (:mod:`ptodbg.isa`), the loader
(:mod:`ptodbg.core.loader`) and the engine; the TUI, batch mode and ``run`` all call
:func:`open_debugger`.
"""

from __future__ import annotations

from pathlib import Path

from ptodbg.core import Machine
from ptodbg.core.profiles import PROFILES
from ptodbg.debug.engine.debugger import Debugger, file_sha256
from ptodbg.debug.engine.symbols import Symbols

DEMO = Path(__file__).resolve().parents[2] / "demo" / "demo.s"


class OpenError(ValueError):
    """The program cannot be opened; the message names the file and the defect."""


def open_debugger(
    path: str | Path | None = None,
    profile: str = "debug",
    compat: str | None = None,
    argv: list[str] | None = None,
    checksum: bool = True,
    **engine_options,
) -> Debugger:
    """Load ``path`` (ELF or ``.s``; None = the built-in demo) into a new debugger.

    ``profile`` is debug, reference or linux; ``compat`` a compatibility mode of
    :mod:`ptodbg.isa.legacy` (``linx-v0.4`` for the LinxISA v0.4 toolchain's programs).
    ``checksum=False`` leaves the debugger's ``sha256`` None (as for a bare machine): a
    caller that saves and loads no session (``ptodbg run``) need not read the file again
    to hash it.  Any problem raises :class:`OpenError` with one line naming the file and
    the defect."""
    from ptodbg.core import loader  # the toolchain side; imported late to keep startup light
    from ptodbg.isa.elf import ProgramError

    source = Path(path) if path is not None else DEMO
    if profile not in PROFILES:
        raise OpenError(f"unknown profile {profile!r} (expected one of {', '.join(PROFILES)})")
    machine = Machine(PROFILES[profile])
    try:
        machine.set_compat(compat)
        program, assembly = loader.read_source_or_elf(source)
        if any(sec.name == ".dynamic" for sec in program.sections):
            raise OpenError(f"{source}: dynamically linked (it needs the musl dynamic loader "
                            f"{program.interp or ''}); ptodbg runs statically linked programs".replace("  ", " "))
        loaded = loader.load(machine, program)
        loaded.assembly = assembly
        if profile == "linux":
            _start_process(machine, program, source, argv, assembled=assembly is not None)
    except FileNotFoundError:
        raise OpenError(f"{source}: no such file") from None
    except IsADirectoryError:
        raise OpenError(f"{source}: is a directory") from None
    except PermissionError:
        raise OpenError(f"{source}: permission denied") from None
    except (ProgramError, ValueError) as e:
        if isinstance(e, OpenError):
            raise
        raise OpenError(str(e)) from None
    symbols = Symbols.of(loaded.program)
    result = None
    if loaded.result_address is not None and loaded.result_size:
        result = (loaded.result_address, loaded.result_size)
    dbg = Debugger(
        machine,
        symbols,
        stop_address=loaded.stop_address,
        result=result,
        path=str(source),
        sha256=file_sha256(str(source)) if checksum else None,
        profile=profile,
        loaded=loaded,
        **engine_options,
    )
    return dbg


def _start_process(machine: Machine, program, source: Path, argv: list[str] | None,
                   assembled: bool = False) -> None:
    """Build the process of the linux profile.  An assembled source has no program
    headers in memory, so its auxv says so (AT_PHDR 0, AT_PHNUM 0: a C library finds no
    PT_TLS and no other segment there); an ELF must have them in a loaded segment,
    because musl's start-up walks them."""
    from ptodbg.linux import ProcessImage, install

    phdr = program.phdr_address()
    phnum = program.phnum
    if phdr is None:
        if not assembled:
            raise OpenError(f"{source}: its program headers are not in a loaded segment (AT_PHDR unknown)")
        phdr, phnum = 0, 0
    end = max(seg.end for seg in program.segments)
    install(machine, ProcessImage(program.entry, phdr, 56, phnum, end), argv or [source.name])
