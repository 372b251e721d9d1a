"""gdb's value history and convenience variables, and assignments with ``set``.

``print`` records each value it shows as ``$1``, ``$2`` ...; expressions read them back as
``$N``, the last as ``$`` (``$$`` the one before, ``$$N`` N back), and ``$_`` / ``$__`` as
the last address ``x`` examined and the unit it found there.  ``set $name = EXPR`` makes a
convenience variable; ``set $a0 = EXPR``, ``set var a0 = EXPR`` and ``set var u32[sp+8] =
EXPR`` change a register or memory at this step (timeline edits, as ``set REG VALUE`` and
``set mem``).  The history lives with the debugger (``dbg.settings["values"]``), so the
TUI, batch mode and the DAP console share it; it is not saved in sessions, as gdb's is not.

The engine reads these names through its :attr:`~ptodbg.debug.engine.debugger.Debugger.convenience`
hook (registers keep their ``$`` names: ``$sp`` is sp, never a variable), so breakpoint
conditions and every expression of the command language see them.

Bounds: the history keeps the newest :data:`MAX_VALUES` values (their numbers go on), at
most :data:`MAX_VARIABLES` convenience variables exist, and a value is an integer of at most
the expression language's width.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ptodbg.debug.commands.language import CommandResult, Commands, command, on_init
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.expr import ExprError

if TYPE_CHECKING:
    from ptodbg.debug.engine.debugger import Debugger

MAX_VALUES = 10_000  # history values kept (the oldest are forgotten; numbers keep counting)
MAX_VARIABLES = 1_000  # convenience variables
MASK64 = (1 << 64) - 1
_HISTORY = re.compile(r"\$(\$?)(\d*)$")  # $, $$, $N, $$N
_VARIABLE = re.compile(r"\$[A-Za-z_][A-Za-z0-9_]*$")


class ValueHistory:
    """``$1``, ``$2`` ... and the convenience variables of one debugger."""

    def __init__(self) -> None:
        self.values: dict[int, int] = {}
        self.count = 0  # the number of the newest value
        self.variables: dict[str, int] = {}  # name (without $) -> value

    def record(self, value: int) -> int:
        """Keep ``value`` as the next ``$N``; returns N."""
        self.count += 1
        self.values[self.count] = value
        if len(self.values) > MAX_VALUES:
            del self.values[next(iter(self.values))]
        return self.count

    def set(self, name: str, value: int) -> None:
        if name not in self.variables and len(self.variables) >= MAX_VARIABLES:
            raise DebugError(f"at most {MAX_VARIABLES} convenience variables")
        self.variables[name] = value

    def lookup(self, name: str) -> int | None:
        """The value of ``$...`` (None: not one of these names).  Raises ExprError for a
        history number that does not exist or a variable never set, in gdb's words."""
        found = _HISTORY.match(name)
        if found is not None:
            back, digits = found.groups()
            if back:  # $$ and $$N: N back from the newest
                number = self.count - (int(digits) if digits else 1)
            elif digits:
                number = int(digits) if len(digits) < 19 else -1
            else:
                number = self.count
            if number in self.values:
                return self.values[number]
            if self.count == 0:
                raise ExprError(f"{name}: the value history is empty (print records $1, $2, ...)")
            raise ExprError(f"{name}: history has no value {number} (it holds ${min(self.values)}..${self.count})")
        if _VARIABLE.match(name):
            value = self.variables.get(name[1:])
            if value is None:
                raise ExprError(f"{name}: no convenience variable of that name (set {name} = EXPR makes one)")
            return value
        return None


def values_of(dbg: Debugger) -> ValueHistory:
    """The debugger's value history (made on first use), installed as the engine's hook."""
    found = dbg.settings.get("values")
    if not isinstance(found, ValueHistory):
        found = dbg.settings["values"] = ValueHistory()
    dbg.convenience = found.lookup
    return found


@on_init
def _install(c: Commands) -> None:
    """Every client's expressions read ``$1`` and ``$name`` from the start."""
    values_of(c.dbg)


def record(c: Commands, value: int) -> int:
    """A value ``print`` shows becomes the next ``$N``."""
    return values_of(c.dbg).record(value)


def examined(c: Commands, address: int, contents: int | None) -> None:
    """``x`` sets ``$_`` to the last address it examined and ``$__`` to what it found."""
    values = values_of(c.dbg)
    values.variables["_"] = address & MASK64
    if contents is not None:
        values.variables["__"] = contents


# ------------------------------------------------------------------ assignments
_ASSIGN = re.compile(r"(?<![=!<>])=(?!=)")
_LOAD = re.compile(r"\s*([us])(8|16|32|64)?\[|\s*\[")


def split_assignment(raw: str) -> tuple[str, str] | None:
    """``LHS = EXPR`` -> (LHS, EXPR); None when the text has no assignment."""
    found = _ASSIGN.search(raw)
    if found is None:
        return None
    return raw[: found.start()].strip(), raw[found.end():].strip()


def assign(c: Commands, lhs: str, rhs: str) -> CommandResult:
    """``set [var] LHS = EXPR``: a register, a convenience variable or memory."""
    target = lhs.removeprefix("var ").strip() if lhs.startswith("var ") else lhs
    if not target or not rhs:
        raise DebugError("usage: set [var] $NAME|REG|uN[ADDR] = EXPR")
    value = c.dbg.evaluate(rhs)
    name = target.removeprefix("$").lower()
    if name in ("pc", "tpc") or _is_gpr(c, name):
        return CommandResult("", True, c.dbg.set_register(name, value & MASK64), moved=True)
    if target.startswith("$"):
        if not _VARIABLE.match(target) or target[1:].isdigit():
            raise DebugError(f"{target} cannot be assigned: a convenience variable is $ and a name ($count)")
        values_of(c.dbg).set(target[1:], value)
        return CommandResult("", True, f"{target} = {value & MASK64:#x} ({value})",
                             extra={"variable": target[1:], "value": value})
    address, size = _location(c, target)
    data = (value & ((1 << (8 * size)) - 1)).to_bytes(size, "little")
    return CommandResult("", True, c.dbg.set_memory(address, data), moved=True)


def _is_gpr(c: Commands, name: str) -> bool:
    try:
        c.dbg.machine.reg_index(name)
    except (KeyError, ValueError):
        return False
    return True


def _location(c: Commands, target: str) -> tuple[int, int]:
    """Where ``set var`` writes: ``u32[E]`` (4 bytes at E), ``[E]`` (8), or a symbol
    whose size is 1, 2, 4 or 8 bytes."""
    load = _LOAD.match(target)
    if load is not None and target.endswith("]"):
        bits = load.group(2)
        address = c.dbg.evaluate(target[load.end():-1]) & MASK64
        return address, int(bits) // 8 if bits else 8
    address = c.dbg.symbols.lookup(target)
    if address is None:
        raise DebugError(f"cannot assign to {target!r}: not a register, $variable, symbol or uN[ADDR]")
    size = c.dbg.symbols.sizes.get(target, 0)
    if size not in (1, 2, 4, 8):
        raise DebugError(f"{target} is {size} bytes: say how many to write, e.g. set var u64[{target}] = VALUE")
    return address, size


@command("show values", "show values", "the value history: the last ten values print recorded ($N)",
         "show conv", "show convenience")
def _show_values(c: Commands, args: list[str], raw: str) -> CommandResult:
    values = values_of(c.dbg)
    if raw.split() and raw.split()[0].lower().startswith("conv"):
        rows = [f"${name} = {v & MASK64:#x} ({v})" for name, v in sorted(values.variables.items())]
        return CommandResult("", True, "\n".join(rows) or "No debugger convenience values now defined.",
                             extra={"variables": dict(values.variables)})
    numbers = sorted(values.values)[-10:]
    rows = [f"${n} = {values.values[n] & MASK64:#x} ({values.values[n]})" for n in numbers]
    return CommandResult("", True, "\n".join(rows) or "the value history is empty",
                         extra={"values": {str(n): values.values[n] for n in numbers}})
