"""Opening programs into a debugger: ELF files, ``.s`` sources, raw code, the demo.

This is the one place that joins the toolchain (:mod:`ptodbg.isa`), the loader
(:mod:`ptodbg.core.loader`) and the engine; the TUI, batch mode and ``run`` all call
:func:`open_debugger`.
"""

from __future__ import annotations

from pathlib import Path

from ptodbg.core import DEBUG, Machine, R, W, X
from ptodbg.core.profiles import PROFILES
from ptodbg.debug.engine import Debugger, Symbols, file_sha256

DEMO = Path(__file__).resolve().parent.parent / "demo" / "demo.s"


class OpenError(ValueError):
    """The program cannot be opened; the message names the file and the defect."""


def debugger_from_code(
    code: bytes,
    base: int = 0x10000,
    *,
    data: bytes = b"",
    data_base: int = 0x20000,
    symbols: dict[str, int] | None = None,
) -> Debugger:
    """A debug-profile debugger over raw instruction bytes (tests, tools): code mapped
    r-x at ``base``, ``data`` mapped rw- at ``data_base``, a 64 KiB stack below 0xF000."""
    m = Machine(DEBUG)
    m.mem.map(base, max(len(code), 1), R | X, code)
    if data:
        m.mem.map(data_base, len(data), R | W, data)
    top = DEBUG.stack_top
    m.mem.map(top - DEBUG.stack_size, DEBUG.stack_size, R | W)
    m.r[1] = top
    m.pc = base
    return Debugger(m, Symbols(dict(symbols or {}), {}))


def open_debugger(
    path: str | Path | None = None,
    profile: str = "debug",
    compat: str | None = None,
    **engine_options,
) -> Debugger:
    """Load ``path`` (ELF or ``.s``; None = the built-in demo) into a new debugger."""
    from ptodbg.core import loader  # the toolchain side; imported late to keep startup light

    source = Path(path) if path is not None else DEMO
    if profile not in PROFILES:
        raise OpenError(f"unknown profile {profile!r} (expected one of {', '.join(PROFILES)})")
    machine = Machine(PROFILES[profile])
    try:
        loaded = loader.load_path(machine, source)
    except FileNotFoundError:
        raise OpenError(f"{source}: no such file") from None
    except IsADirectoryError:
        raise OpenError(f"{source}: is a directory") from None
    symbols = Symbols(
        {s.name: s.value for s in loaded.symbol_list() if s.name},
        {s.name: s.size for s in loaded.symbol_list() if s.name},
    )
    result = None
    if loaded.result_address is not None and loaded.result_size:
        result = (loaded.result_address, loaded.result_size)
    return Debugger(
        machine,
        symbols,
        stop_address=loaded.stop_address,
        result=result,
        path=str(source),
        sha256=file_sha256(str(source)),
        profile=profile,
        **engine_options,
    )
