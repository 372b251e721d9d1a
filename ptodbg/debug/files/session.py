"""Saved sessions: TOML files with the program, stops, timeline edits, views, theme and step.

Format (schema 2), as tomli-w writes it::

    # ptodbg session
    schema = 2
    breakpoint = [                           # records as inline tables, one a line
        { location = "copy", condition = "a0 == 3", temporary = false, enabled = true },
    ]
    watchpoint = []                          # every record list, even when empty
    [program]
    path = "programs/dma_fault.s"            # relative to the session file
    sha256 = "…"                             # of the program file
    profile = "debug"
    compat = "linx-v0.4"                     # only when a compatibility mode is on
    [position]
    step = 12
    [ui]
    theme = "dark"
    [[edit]]                                 # a list with a record too long for one line
    step = 7                                 # is written as [[name]] tables instead
    kind = "mem"
    …
    [counts]                                 # last: the number of records of each list
    breakpoint = 1
    …

Records: ``breakpoint`` {location, condition?, temporary, enabled, ignore?}; ``watchpoint``
{address, length, mode, enabled?} (``ignore`` written only when not 0, a watchpoint's
``enabled`` only when false, so files that need neither read and write as before); ``injection`` {step, kind = "perms" | "once", scheduled, address, length,
perms}; ``edit`` {step, kind = "reg" | "queue" | "mem" | "tile" | "recover", scheduled, …}; ``view``
{name, follow} (:mod:`ptodbg.debug.files.session_schema` has every key).  Schema 2 is schema 1
plus ``[counts]``, which lets the reader refuse a file cut anywhere, even between two whole
records (schema 1 had no way to tell); schema 1 files still load.

Files are written atomically (:mod:`ptodbg.debug.files.atomicwrite`: a temporary file in the
same, existing folder, fsync, rename; a temporary file a killed writer left is removed by
the next save of the same file) and read
with :mod:`tomllib` — data only, never code — through the bounded reader of
:mod:`ptodbg.base.userfile` (a regular file of at most 1 MiB; TOML nesting and dotted keys
checked before parsing).  Every key is checked against the schema of
:mod:`ptodbg.debug.files.session_schema` (types, ranges, required and unknown keys).  A corrupt,
truncated or forged file, an unknown schema or a program whose sha256 differs gets one
clear error naming the file and the key, and changes nothing: the new state is built and
checked completely before it replaces the old one.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import tomli_w

from ptodbg.base import userfile
from ptodbg.debug.commands.displays import Displays, displays_of
from ptodbg.debug.commands.memformat import parse_fmt
from ptodbg.debug.engine.edits import Edit
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.expr import Expr, ExprError
from ptodbg.debug.engine.stops import Breakpoint, Watchpoint
from ptodbg.debug.files import session_schema
from ptodbg.debug.files.atomicwrite import write_atomically

if TYPE_CHECKING:
    from ptodbg.debug.engine.debugger import Debugger

SCHEMA = session_schema.SCHEMA
RECORD_LISTS = tuple(session_schema.RECORD_LISTS)
SESSION_SUFFIX = ".toml"


class SessionError(DebugError):
    """The session file cannot be used; nothing was changed."""


# ------------------------------------------------------------------ TOML writing
def to_toml(data: dict) -> str:
    """The text of the session document ``data`` (as :func:`session_data` makes it): TOML
    written by tomli-w, after a first comment line, with ``None`` values left out (TOML has
    no null) and a ``[counts]`` table — the number of records of each list — computed here
    from the lists themselves and written last, so that a reader can tell a file cut
    anywhere, between two whole records included, from a complete one
    (:mod:`ptodbg.debug.files.session_schema`)."""
    doc: dict = {"schema": data["schema"]}
    for key, value in data.items():
        if key in doc or key == "counts" or value is None or (key in session_schema.OPTIONAL_RECORD_LISTS and not value):
            continue
        if isinstance(value, dict):
            value = _without_none(value)
        elif isinstance(value, list):
            value = [_without_none(v) if isinstance(v, dict) else v for v in value]
        doc[key] = value
    for name in RECORD_LISTS:
        doc.setdefault(name, [])
    # Last in the dict, so last in the file (tomli-w writes plain values, then tables in
    # order): a file cut anywhere loses some of [counts] and is refused.
    doc["counts"] = {name: len(doc[name]) for name in RECORD_LISTS}
    doc["counts"].update({name: len(doc[name]) for name in session_schema.OPTIONAL_RECORD_LISTS if doc.get(name)})
    return "# ptodbg session\n" + tomli_w.dumps(doc)


def _without_none(table: dict) -> dict:
    return {k: v for k, v in table.items() if v is not None}


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
        "ui": {k: dbg.settings[k] for k in session_schema.UI.keys if isinstance(dbg.settings.get(k), (str, int, bool))},
        "breakpoint": [
            {"location": b.location, "condition": b.condition.text if b.condition else None,
             "temporary": b.temporary, "enabled": b.enabled, "ignore": b.ignore or None,
             "commands": list(b.commands) or None}
            for b in sorted(dbg.breakpoints.values(), key=lambda b: b.ident) if b.ident > 0
        ],
        "watchpoint": [
            {"address": w.expression, "length": max(1, w.length), "mode": w.mode,
             "enabled": None if w.enabled else False, "condition": w.condition.text if w.condition else None,
             "at": _watched_at(dbg, w), "register": w.register,
             "commands": list(w.commands) or None}
            for w in sorted(dbg.watchpoints.values(), key=lambda w: w.ident)
        ],
        "injection": injections,
        "edit": others,
        "view": [dict(v) for v in dbg.settings.get("views", []) if isinstance(v, dict)],
        "display": [{"expression": d.expression, "format": d.fmt.text() if d.fmt is not None else None}
                    for d in sorted(displays_of(dbg.settings).items.values(), key=lambda d: d.number)],
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
    """Read, parse and validate a session file (not yet against a program).

    The file is read through :mod:`ptodbg.base.userfile` (a regular file of at most 1 MiB,
    never blocking), its TOML shape is checked before :mod:`tomllib` parses it, and the
    document is checked against :data:`~ptodbg.debug.files.session_schema.SESSION`: every
    problem is one :class:`SessionError` naming the file and the key."""
    p = Path(path)
    if p.suffix != SESSION_SUFFIX and p.name and userfile.missing(p) \
            and userfile.exists(p.with_name(p.name + SESSION_SUFFIX)):
        p = p.with_name(p.name + SESSION_SUFFIX)
    try:
        text = userfile.read_text(p, "session")
    except userfile.UserFileError as e:
        raise SessionError(str(e)) from None
    return parse_text(text, p)


def parse_text(text: str, path: Path) -> dict:
    """Parse and validate the text of the session file ``path`` (see :func:`read`)."""
    try:
        doc = userfile.load_toml(text, str(path))
    except userfile.UserFileError as e:
        message = str(e)
        if message.endswith("(at end of document)"):  # a value or table left open: cut short
            message += "; the file is incomplete (truncated?)"
        raise SessionError(message) from None
    try:
        data = session_schema.validate(doc)
    except session_schema.SchemaError as e:
        raise SessionError(f"{path}: {e}") from None
    data["_path"] = path
    return data


def program_path(data: dict) -> Path | None:
    """The program the session names, resolved against the session file's folder
    (lexically: a symlink loop in it is for the program reader to report)."""
    prog = data.get("program", {}).get("path")
    if not prog:
        return None
    p = Path(prog)
    if p.is_absolute():
        return p
    return Path(os.path.normpath(os.path.join(os.path.abspath(data["_path"].parent), p)))


def apply(dbg: Debugger, data: dict) -> str:
    """Replace the debugger's stops, edits, views and position with the session's.

    ``data`` comes from :func:`read` (validated).  Everything that needs the program —
    locations, conditions, watch addresses, edits — is resolved and checked first; on any
    error nothing changes."""
    p = data["_path"]
    sha = data["program"].get("sha256")
    if sha and dbg.sha256 and sha != dbg.sha256:
        raise SessionError(
            f"{p}: saved for a program with sha256 {sha[:12]}..., but the loaded program is {dbg.sha256[:12]}..."
        )
    breakpoints = []
    watchpoints = []
    key = ""
    try:
        for i, rec in enumerate(data["breakpoint"], 1):
            key = f"breakpoint #{i}"
            loc = rec["location"]
            address = dbg.resolve(loc)
            if address & 1:
                raise SessionError(f"{p}: {key}.location: {loc} = {address:#x} is odd: instructions are halfword aligned")
            cond = rec.get("condition")
            breakpoints.append((loc, address, Expr(cond) if cond else None, rec["temporary"], rec["enabled"],
                                rec.get("ignore", 0), tuple(rec.get("commands", ()))))
        for i, rec in enumerate(data["watchpoint"], 1):
            key = f"watchpoint #{i}"
            register = rec.get("register")
            cond = rec.get("condition")
            low = 0 if register is not None else rec["at"] if "at" in rec else dbg.resolve(rec["address"])
            watchpoints.append((rec["address"], low, 0 if register is not None else rec["length"], rec["mode"],
                                rec.get("enabled", True), Expr(cond) if cond else None, register,
                                tuple(rec.get("commands", ()))))
        edits = []
        for name in ("injection", "edit"):
            for i, rec in enumerate(data[name], 1):
                key = f"{name} #{i}"
                edits.append(Edit.from_record(rec))
        edits.sort(key=lambda e: e.step)
        displays = Displays()
        for i, rec in enumerate(data.get("display", []), 1):
            key = f"display #{i}"
            displays.add(rec["expression"], parse_fmt(rec["format"]) if rec.get("format") else None)
    except SessionError:
        raise
    except (DebugError, ExprError, ValueError) as e:  # FormatError is a ValueError
        raise SessionError(f"{p}: {key}: {e}") from None
    step = data["position"]["step"]
    ui = dict(data["ui"])
    views = [dict(v) for v in data["view"]]

    # Commit: back to the start of the timeline, then install everything.
    dbg.restart(edits)
    dbg.breakpoints.clear()
    dbg.watchpoints.clear()
    for loc, address, cond, temporary, enabled, ignore, commands in breakpoints:
        bp = Breakpoint(dbg.table.new_id(), loc, address, cond, temporary, enabled, ignore=ignore, commands=commands)
        dbg.breakpoints[bp.ident] = bp
    for text, low, length, mode, enabled, cond, register, commands in watchpoints:
        wp = Watchpoint(dbg.table.new_id(), text, low, length, mode, enabled=enabled, condition=cond, register=register,
                        commands=commands)
        dbg.watchpoints[wp.ident] = wp
    dbg.table.sync()
    dbg.settings.update(ui)
    dbg.settings["views"] = views
    dbg.settings["displays"] = displays
    stop = dbg.goto(step)
    counted = ", ".join(f"{n} {noun}{'' if n == 1 else 's'}" for n, noun in (
        (len(breakpoints), "breakpoint"), (len(watchpoints), "watchpoint"), (len(edits), "edit")))
    return (f"loaded {p.name}: {counted}; at step {dbg.steps}" + ("" if stop.status == "stopped" else f" ({stop.message})"))


def _watched_at(dbg: Debugger, w: Watchpoint) -> int | None:
    """A memory watchpoint's address when its expression no longer names it (``watch -l
    u32[sp+8]`` was set where sp+8 was); None when loading can resolve the expression
    again (every session written before ``at`` existed), or for a register."""
    if w.register is not None:
        return None
    try:
        again = dbg.resolve(w.expression)
    except (DebugError, ExprError, ValueError):
        return w.low
    return None if again == w.low else w.low


def load(dbg: Debugger, path: str | Path) -> str:
    return apply(dbg, read(path))
