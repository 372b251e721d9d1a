"""The schema of session files: the type, range and presence of every key, checked before
anything is loaded.

A session file is data a user may have edited, truncated or forged, so
:func:`validate` checks the whole parsed TOML document against :data:`SESSION` — a
declarative description, not ad-hoc checks — and raises one :class:`SchemaError` naming
the key (``position.step``, ``edit #2.register``: records are counted from 1) and what is
wrong with it: a missing key, an unknown key, a value of the wrong type (``value = 1e30``
is a float, ``schema = true`` a boolean, ``sha256 = 7`` an integer) or out of its range
(``length = -16``, ``address = 2**70``).

Truncation: the writer (:func:`ptodbg.debug.files.session.to_toml`) always writes every table
(``[program]``, ``[position]``, ``[ui]``, ``[counts]``) and every record list
(``breakpoint = []`` when empty) and every key of every record, so all of them are
required here.  ``[counts]`` (schema 2: the number of records of each list) is written
last, so a file cut anywhere loses some of it and is refused, and a record list whose
length differs from its count (a whole record cut or taken out) is refused too.  Files of
schema 1, written before ``[counts]`` existed, are still read, with ``[counts]`` checked when
present; a schema 1 file cut between two whole records of its last list cannot be told from
a whole one.

Ranges bound the work a session can cause: the position is at most
:data:`MAX_POSITION_STEP` (the default ``--max-steps`` of ``run`` and ``batch``), addresses
and lengths stay inside the 64-bit address space, record lists are bounded in length, and
strings in size.
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass
from typing import ClassVar

from ptodbg.core.profiles import PROFILES
from ptodbg.core.state import REG_INDEX
from ptodbg.debug.engine.stops import MAX_IGNORE
from ptodbg.isa.legacy import COMPAT_MODES

SCHEMA = 2  # what the writer writes; the reader reads SUPPORTED_SCHEMAS (1 is 2 without [counts])
U64 = (1 << 64) - 1
MAX_POSITION_STEP = 200_000_000
MAX_EDIT_STEP = (1 << 63) - 1
MAX_TEXT = 4096  # locations, conditions, expressions, paths
MAX_MEM_BYTES = 1 << 19  # bytes of one "set mem" edit (the file is at most 1 MiB of hex anyway)


class SchemaError(ValueError):
    """A session document that does not match the schema; ``key`` is where."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"{key}: {problem}" if key else problem)
        self.key = key
        self.problem = problem


def describe(value: object) -> str:
    """What a TOML value is, in words (for "found ..." in a message)."""
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, int):
        return f"the integer {value}" if abs(value) < 1 << 64 else f"an integer of {len(str(abs(value)))} digits"
    if isinstance(value, float):
        return f"the float {value}"
    if isinstance(value, str):
        return f"the string {_clip(value)!r}"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, (datetime.date, datetime.time)):
        return "a date or time"
    return "a value of another kind"


def _clip(text: str, width: int = 40) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


# ====================================================================== specs
class Spec:
    def check(self, value: object, key: str) -> object:
        raise NotImplementedError

    def wanted(self, key: str) -> str:
        """What a value at ``key`` must be, as the error message says it."""
        raise NotImplementedError


def _require(value: object, kind: type, key: str, spec: Spec) -> None:
    """The first check of every spec: the TOML type (a boolean is no integer), with one
    wording for every wrong one (worked out only then: a session holds up to 65,536
    records)."""
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SchemaError(key, f"expected {spec.wanted(key)}, found {describe(value)}")


@dataclass(frozen=True)
class Int(Spec):
    low: int
    high: int

    def wanted(self, key: str) -> str:
        return f"the integer {self.low}" if self.low == self.high else f"an integer {self.low}..{self.high}"

    def check(self, value: object, key: str) -> int:
        _require(value, int, key, self)
        if not self.low <= value <= self.high:
            raise SchemaError(key, f"{describe(value)} is out of range (expected {self.low}..{self.high})")
        return value


@dataclass(frozen=True)
class Bool(Spec):
    def wanted(self, key: str) -> str:
        return "true or false"

    def check(self, value: object, key: str) -> bool:
        _require(value, bool, key, self)
        return value


@dataclass(frozen=True)
class Str(Spec):
    max_len: int = MAX_TEXT
    choices: tuple[str, ...] | None = None  # exactly as the writer spells them
    pattern: str | None = None  # a full match
    expected: str = "a string"
    min_len: int = 0

    def wanted(self, key: str) -> str:
        return self.expected

    def check(self, value: object, key: str) -> str:
        _require(value, str, key, self)
        if len(value) > self.max_len:
            raise SchemaError(key, f"a string of {len(value)} characters is too long (at most {self.max_len})")
        if len(value) < self.min_len:
            raise SchemaError(key, f"expected {self.expected}, found an empty string")
        if self.choices is not None and value not in self.choices:
            shown = ", ".join(self.choices) if len(self.choices) <= 12 else ", ".join(self.choices[:12]) + ", ..."
            raise SchemaError(key, f"{_clip(value)!r} is not {self.expected} (expected one of {shown})")
        if self.pattern is not None and re.fullmatch(self.pattern, value) is None:
            raise SchemaError(key, f"{_clip(value)!r} is not {self.expected}")
        return value


@dataclass(frozen=True)
class Array(Spec):
    """An array of plain values."""

    item: Spec
    max_items: int
    entries: ClassVar[str] = "values"  # what the too-many message calls the items

    def wanted(self, key: str) -> str:
        return "an array"

    def item_key(self, key: str, i: int) -> str:
        return f"{key}[{i + 1}]"

    def check(self, value: object, key: str) -> list:
        _require(value, list, key, self)
        if len(value) > self.max_items:
            raise SchemaError(key, f"{len(value)} {self.entries}, more than {self.max_items}")
        return [self.item.check(v, self.item_key(key, i)) for i, v in enumerate(value)]


@dataclass(frozen=True)
class Table(Spec):
    """A table with known keys; ``optional`` keys may be absent, all others are required.
    ``rule`` checks relations between keys (after each key is checked on its own)."""

    keys: dict[str, Spec]
    optional: frozenset[str] = frozenset()
    rule: object = None  # Callable[[dict, str], None] | None

    def wanted(self, key: str) -> str:
        return "a table"

    def check(self, value: object, key: str) -> dict:
        _require(value, dict, key, self)
        unknown = [k for k in value if k not in self.keys]
        if unknown:
            where = f"{key}.{unknown[0]}" if key else unknown[0]
            raise SchemaError(where, f"unknown key (expected {_names(self.keys)})")
        for name in self.keys:
            if name not in value and name not in self.optional:
                raise SchemaError(f"{key}.{name}" if key else name,
                                  "missing (the file is incomplete: truncated, or not written by ptodbg)")
        out = {k: self.keys[k].check(v, f"{key}.{k}" if key else k) for k, v in value.items()}
        if self.rule is not None:
            self.rule(out, key)  # type: ignore[operator]
        return out


@dataclass(frozen=True)
class Tagged(Spec):
    """A table whose ``tag`` key (a string) chooses which :class:`Table` it must be."""

    tag: str
    variants: dict[str, Table]

    def wanted(self, key: str) -> str:
        return "a table"

    def check(self, value: object, key: str) -> dict:
        _require(value, dict, key, self)
        if self.tag not in value:
            raise SchemaError(f"{key}.{self.tag}", "missing (the file is incomplete: truncated, or not written by ptodbg)")
        kind = Str(32, tuple(self.variants), expected=f"a {self.tag}").check(value[self.tag], f"{key}.{self.tag}")
        return self.variants[kind].check(value, key)


@dataclass(frozen=True)
class Records(Array):
    """An array of tables (``[[name]]``), at most ``max_items`` of them: an :class:`Array`
    whose messages speak of records, numbered as the file's reader counts them."""

    entries: ClassVar[str] = "records"

    def wanted(self, key: str) -> str:
        return f"a list of [[{key}]] tables"

    def item_key(self, key: str, i: int) -> str:
        return f"{key} #{i + 1}"


def _names(keys: dict) -> str:
    return ", ".join(keys) if keys else "no keys"


# ================================================================== the schema
def _range_in_memory(rec: dict, key: str) -> None:
    """address + length (or the bytes' length) must stay inside the 64-bit address space."""
    length = rec["length"] if "length" in rec else len(rec["bytes"]) // 2
    if rec["address"] + length > 1 << 64:
        raise SchemaError(key, f"address {rec['address']:#x} + length {length:#x} runs past the end of the "
                               "64-bit address space")


def _edit(kind: str, keys: dict[str, Spec], rule=None) -> Table:
    base: dict[str, Spec] = {"step": Int(0, MAX_EDIT_STEP), "kind": Str(32, (kind,), expected="an edit kind"),
                             "scheduled": Bool()}
    return Table({**base, **keys}, rule=rule)


_REGISTERS = tuple(sorted(set(REG_INDEX) - {"zero", "r0"}) + ["pc"])
_PERMS = Str(3, pattern=r"[rwxRWX-]{1,3}", expected="permissions such as 'r--' or 'rw-'", min_len=1)
_INJECTION = {"address": Int(0, U64), "length": Int(1, 1 << 64), "perms": _PERMS}
_NAME = r"[A-Za-z0-9_.+-]+"

# ``ignore`` (gdb's ignore count: hits still to pass over) and a watchpoint's ``enabled``
# are optional, written only when they differ from a new stop's (ignore 0, enabled), so a
# session that never used ``ignore`` or ``disable`` on a watchpoint is written as before.
# A stop's ``commands`` (gdb's ``commands N`` list), a watchpoint's ``condition``, the
# ``register`` a register watchpoint watches and ``at``, the address a memory watchpoint
# was set on (``watch -l u32[sp+8]`` watches where sp+8 was, not what it holds), are
# optional too: files written before them load as they did.
_COMMANDS = Array(Str(4096, expected="a command"), 256)
BREAKPOINT = Table({"location": Str(min_len=1, expected="a location"), "condition": Str(expected="an expression"),
                    "temporary": Bool(), "enabled": Bool(), "ignore": Int(0, MAX_IGNORE), "commands": _COMMANDS},
                   optional=frozenset({"condition", "ignore", "commands"}))
WATCHPOINT = Table({"address": Str(min_len=1, expected="an address expression"), "length": Int(1, 1 << 20),
                    "mode": Str(2, ("r", "w", "rw"), expected="a watch mode"), "enabled": Bool(),
                    "condition": Str(expected="an expression"), "at": Int(0, U64),
                    "register": Str(8, tuple(sorted(set(REG_INDEX) - {"zero", "r0"})), expected="a register"),
                    "commands": _COMMANDS},
                   optional=frozenset({"enabled", "condition", "at", "register", "commands"}))
INJECTION = Tagged("kind", {kind: _edit(kind, _INJECTION, _range_in_memory) for kind in ("perms", "once")})
EDIT = Tagged("kind", {
    "reg": _edit("reg", {"register": Str(8, _REGISTERS, expected="a register"), "value": Int(0, U64)}),
    "queue": _edit("queue", {"queue": Str(1, ("t", "u"), expected="a queue"), "values": Array(Int(-1, U64), 4)}),
    "mem": _edit("mem", {"address": Int(0, U64),
                         "bytes": Str(2 * MAX_MEM_BYTES, pattern=r"(?:[0-9a-fA-F]{2})+", min_len=2,
                                      expected="bytes in hex (an even number of hex digits)")}, _range_in_memory),
    "tile": _edit("tile", {"tile": Int(0, 63), "row": Int(0, 65535), "column": Int(0, 65535), "raw": Int(0, U64)}),
    "recover": _edit("recover", {"bank": Int(0, 15)}),
})
VIEW = Table({"name": Str(64, pattern=_NAME, expected="a view name"), "follow": Str(expected="an expression")})

RECORD_LISTS: dict[str, Records] = {
    "breakpoint": Records(BREAKPOINT, 4096),
    "watchpoint": Records(WATCHPOINT, 4096),
    "injection": Records(INJECTION, 65536),
    "edit": Records(EDIT, 65536),
    "view": Records(VIEW, 16),
}
# gdb's auto-displays (``display/FMT EXPR``): optional, so files written before them (and
# sessions without displays, whose text is unchanged) still read; counted when written.
DISPLAY = Table({"expression": Str(min_len=1, expected="an expression"),
                 "format": Str(24, pattern=r"[0-9]{0,12}[xduotcasizbhwg]{0,2}", expected="a display format such as 'x' or '4xw'")},
                optional=frozenset({"format"}))
OPTIONAL_RECORD_LISTS: dict[str, Records] = {"display": Records(DISPLAY, 64)}


def _counts_agree(doc: dict, key: str) -> None:
    counts = doc.get("counts")
    if counts is None:
        return
    for name in OPTIONAL_RECORD_LISTS:
        if doc.get(name) and name not in counts:
            raise SchemaError(name, f"{len(doc[name])} records, but [counts] does not count them")
    for name, expected in counts.items():
        if len(doc.get(name, [])) != expected:
            found = len(doc.get(name, []))
            raise SchemaError(name, f"{found} record{'' if found == 1 else 's'}, but [counts] says {expected} "
                                    "(the file is truncated)")


PROGRAM = Table({"path": Str(expected="a file path", min_len=1),
                 "sha256": Str(64, pattern=r"[0-9a-f]{64}", expected="a sha256 (64 lowercase hex digits)"),
                 "profile": Str(16, tuple(PROFILES), expected="a machine profile"),
                 "compat": Str(32, tuple(COMPAT_MODES), expected="a compatibility mode")},
                optional=frozenset({"path", "sha256", "compat"}))
UI = Table({"theme": Str(64, pattern=_NAME, expected="a theme name")}, optional=frozenset({"theme"}))
COUNTS = Table({name: Int(0, spec.max_items) for name, spec in {**RECORD_LISTS, **OPTIONAL_RECORD_LISTS}.items()},
               optional=frozenset(OPTIONAL_RECORD_LISTS))


def _session(schema: int, counts_required: bool) -> Table:
    return Table(
        {
            "schema": Int(schema, schema),
            "program": PROGRAM,
            "position": Table({"step": Int(0, MAX_POSITION_STEP)}),
            "ui": UI,
            "counts": COUNTS,
            **RECORD_LISTS,
            **OPTIONAL_RECORD_LISTS,
        },
        optional=frozenset(OPTIONAL_RECORD_LISTS) | (frozenset() if counts_required else frozenset({"counts"})),
        rule=_counts_agree,
    )


SESSIONS: dict[int, Table] = {1: _session(1, counts_required=False), 2: _session(2, counts_required=True)}
SESSION = SESSIONS[SCHEMA]
SUPPORTED_SCHEMAS = tuple(SESSIONS)


def validate(doc: object) -> dict:
    """Check a parsed session document; returns it, or raises :class:`SchemaError`.

    The schema number is checked first, so that a future format gets "not supported"
    rather than a complaint about one of its keys, and a file of an older schema is
    checked against that schema."""
    spec = SESSION
    if isinstance(doc, dict) and "schema" in doc:
        schema = doc["schema"]
        if isinstance(schema, int) and not isinstance(schema, bool):
            if schema not in SESSIONS:
                shown = schema if abs(schema) < 1 << 64 else "number"
                raise SchemaError("", f"session schema {shown} is not supported "
                                      f"(expected {' or '.join(map(str, SUPPORTED_SCHEMAS))})")
            spec = SESSIONS[schema]
    return spec.check(doc, "")
