"""Saved sessions: TOML files with the program, stops, timeline edits, views, theme and step.

Format (schema 1)::

    schema = 1
    [program]
    path = "../tests/programs/dma_fault.s"   # relative to the session file
    sha256 = "…"                             # of the program file
    profile = "debug"
    compat = "linx-v0.4"                     # only when a compatibility mode is on
    [position]
    step = 12
    [ui]
    theme = "dark"
    [[breakpoint]]   location = "copy", condition = "a0 == 3", temporary = false, enabled = true
    [[watchpoint]]   address = "dst", length = 64, mode = "w"
    [[injection]]    step = 5, kind = "perms" | "once", address = …, length = …, perms = "r--", scheduled = true
    [[edit]]         step = 7, kind = "reg" | "queue" | "mem" | "recover", …
    [[view]]         name = "source", follow = "dma.src"

Files are written atomically (temporary file in the same folder, fsync, rename) and read
with :mod:`tomllib` — data only, never code.  A corrupt file, an unknown schema or a
program whose sha256 differs gets one clear error and changes nothing: the new state is
built and checked completely before it replaces the old one.
"""

from __future__ import annotations

import os
import tempfile
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

from ptodbg.debug.edits import Edit
from ptodbg.debug.engine import Breakpoint, DebugError, Watchpoint
from ptodbg.debug.expr import Expr, ExprError

if TYPE_CHECKING:
    from ptodbg.debug.engine import Debugger

SCHEMA = 1
SESSION_SUFFIX = ".toml"


class SessionError(DebugError):
    """The session file cannot be used; nothing was changed."""


# ------------------------------------------------------------------ TOML writing
def _toml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        out = ['"']
        for ch in value:
            if ch == '"':
                out.append('\\"')
            elif ch == "\\":
                out.append("\\\\")
            elif ch == "\n":
                out.append("\\n")
            elif ch == "\t":
                out.append("\\t")
            elif ord(ch) < 0x20 or ord(ch) == 0x7F:
                out.append(f"\\u{ord(ch):04x}")
            else:
                out.append(ch)
        out.append('"')
        return "".join(out)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {type(value).__name__} to TOML")


def to_toml(data: dict) -> str:
    """Serialise plain data: top-level scalars, tables (dict) and arrays of tables."""
    lines = ["# ptodbg session"]
    scalars = {k: v for k, v in data.items() if not isinstance(v, (dict, list)) or (
        isinstance(v, list) and not any(isinstance(x, dict) for x in v))}
    for key, value in scalars.items():
        lines.append(f"{key} = {_toml_value(value)}")
    for key, value in data.items():
        if isinstance(value, dict):
            lines += ["", f"[{key}]"]
            lines += [f"{k} = {_toml_value(v)}" for k, v in value.items() if v is not None]
    for key, value in data.items():
        if isinstance(value, list) and any(isinstance(x, dict) for x in value):
            for item in value:
                lines += ["", f"[[{key}]]"]
                lines += [f"{k} = {_toml_value(v)}" for k, v in item.items() if v is not None]
    return "\n".join(lines) + "\n"


def write_atomically(path: Path, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# ---------------------------------------------------------------------- saving
def session_data(dbg: Debugger, session_path: Path) -> dict:
    program_path = None
    if dbg.path is not None:
        try:
            program_path = os.path.relpath(Path(dbg.path).resolve(), Path(session_path).resolve().parent)
        except ValueError:
            program_path = str(Path(dbg.path).resolve())
    injections = [e.to_record() for e in dbg.edits if e.kind in ("perms", "once")]
    others = [e.to_record() for e in dbg.edits if e.kind not in ("perms", "once")]
    data: dict = {
        "schema": SCHEMA,
        "program": {"path": program_path, "sha256": dbg.sha256, "profile": dbg.profile,
                    "compat": dbg.machine.compat},
        "position": {"step": dbg.steps},
        "ui": {k: v for k, v in dbg.settings.items() if isinstance(v, (str, int, bool))},
        "breakpoint": [
            {"location": b.location, "condition": b.condition.text if b.condition else None,
             "temporary": b.temporary, "enabled": b.enabled}
            for b in sorted(dbg.breakpoints.values(), key=lambda b: b.ident) if b.ident > 0
        ],
        "watchpoint": [
            {"address": w.expression, "length": w.length, "mode": w.mode}
            for w in sorted(dbg.watchpoints.values(), key=lambda w: w.ident)
        ],
        "injection": injections,
        "edit": others,
        "view": [dict(v) for v in dbg.settings.get("views", []) if isinstance(v, dict)],
    }
    return data


def save(dbg: Debugger, path: str | Path) -> Path:
    """Write the session to ``path`` (``.toml`` added when missing), atomically.  A path
    that names something other than a regular file (a device such as /dev/null, a FIFO,
    a folder) is refused, rather than writing a file beside it."""
    p = Path(path)
    if p.suffix != SESSION_SUFFIX:
        _regular_or_absent(p)
        p = p.with_name(p.name + SESSION_SUFFIX)
    _regular_or_absent(p)
    write_atomically(p, to_toml(session_data(dbg, p)))
    return p


def _regular_or_absent(p: Path) -> None:
    if p.exists() and not p.is_file():
        raise SessionError(f"{p}: not a regular file; a session is saved to a regular file")


# --------------------------------------------------------------------- loading
def read(path: str | Path) -> dict:
    """Parse and validate a session file's structure (not yet against a program)."""
    p = Path(path)
    if not p.exists() and p.suffix != SESSION_SUFFIX and p.with_name(p.name + SESSION_SUFFIX).exists():
        p = p.with_name(p.name + SESSION_SUFFIX)
    try:
        data = tomllib.loads(p.read_text(encoding="utf-8"))
    except OSError as e:
        raise SessionError(f"{p}: cannot read: {e.strerror}") from None
    except UnicodeDecodeError:
        raise SessionError(f"{p}: not a text file") from None
    except tomllib.TOMLDecodeError as e:
        raise SessionError(f"{p}: not valid TOML: {e}") from None
    schema = data.get("schema")
    if schema != SCHEMA:
        raise SessionError(f"{p}: session schema {schema!r} is not supported (expected {SCHEMA})")
    for key, kind in (("program", dict), ("position", dict), ("ui", dict), ("breakpoint", list),
                      ("watchpoint", list), ("injection", list), ("edit", list), ("view", list)):
        if key in data and not isinstance(data[key], kind):
            raise SessionError(f"{p}: '{key}' must be a {'table' if kind is dict else 'list of tables'}")
    data["_path"] = p
    return data


def program_path(data: dict) -> Path | None:
    """The program the session names, resolved against the session file's folder."""
    prog = data.get("program", {}).get("path")
    if not prog:
        return None
    p = Path(prog)
    return p if p.is_absolute() else (data["_path"].resolve().parent / p).resolve()


def apply(dbg: Debugger, data: dict) -> str:
    """Replace the debugger's stops, edits, views and position with the session's.

    Everything is parsed and checked first; on any error nothing changes."""
    p = data["_path"]
    sha = data.get("program", {}).get("sha256")
    if sha and dbg.sha256 and sha != dbg.sha256:
        raise SessionError(
            f"{p}: saved for a program with sha256 {sha[:12]}..., but the loaded program is {dbg.sha256[:12]}..."
        )
    breakpoints = []
    try:
        for rec in data.get("breakpoint", []):
            loc = str(rec["location"])
            address = dbg.resolve(loc)
            cond = rec.get("condition")
            breakpoints.append((loc, address, Expr(cond) if cond else None, bool(rec.get("temporary", False)),
                                bool(rec.get("enabled", True))))
        watchpoints = []
        for rec in data.get("watchpoint", []):
            mode = str(rec.get("mode", "w"))
            length = int(rec.get("length", 8))
            if mode not in ("r", "w", "rw") or not 1 <= length <= 1 << 20:
                raise SessionError(f"{p}: bad watchpoint {rec}")
            watchpoints.append((str(rec["address"]), dbg.resolve(str(rec["address"])), length, mode))
        edits = sorted((Edit.from_record(r) for r in data.get("injection", []) + data.get("edit", [])),
                       key=lambda e: e.step)
        step = int(data.get("position", {}).get("step", 0))
        ui = dict(data.get("ui", {}))
        views = [dict(v) for v in data.get("view", [])]
    except SessionError:
        raise
    except (KeyError, TypeError, ValueError, DebugError, ExprError) as e:
        raise SessionError(f"{p}: {e}") from None
    if step < 0:
        raise SessionError(f"{p}: position step {step} is negative")

    # Commit: back to the start of the timeline, then install everything.
    dbg.restart(edits)
    dbg.breakpoints.clear()
    dbg.watchpoints.clear()
    for loc, address, cond, temporary, enabled in breakpoints:
        bp = Breakpoint(dbg._new_id(), loc, address, cond, temporary, enabled)
        dbg.breakpoints[bp.ident] = bp
    for text, low, length, mode in watchpoints:
        wp = Watchpoint(dbg._new_id(), text, low, length, mode)
        dbg.watchpoints[wp.ident] = wp
    dbg._sync_stops()
    dbg._sync_watches()
    dbg.settings.update(ui)
    dbg.settings["views"] = views
    stop = dbg.goto(step)
    counted = ", ".join(f"{n} {noun}{'' if n == 1 else 's'}" for n, noun in (
        (len(breakpoints), "breakpoint"), (len(watchpoints), "watchpoint"), (len(edits), "edit")))
    return (f"loaded {p.name}: {counted}; at step {dbg.steps}" + ("" if stop.status == "stopped" else f" ({stop.message})"))


def load(dbg: Debugger, path: str | Path) -> str:
    return apply(dbg, read(path))
