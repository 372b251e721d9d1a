"""Auto-displays (gdb's ``display``): expressions shown again after every stop.

A :class:`Displays` list lives with the debugger (``dbg.settings["displays"]``, see
:func:`displays_of`), so every client of one debugger (the TUI's command line and
palette, batch mode) shares it.  Showing is a pure function of a :class:`Target` (the
readers of one stop), so the engine's commands and the TUI's pane (which reads a frozen
view) show the same lines:

* ``display EXPR``: ``1: a0 = 0x5`` (a machine word, in hex);
* ``display/FMT EXPR`` with a format only: ``2: /d a0 = 5`` (as ``print/FMT``);
* ``display/FMT EXPR`` with a size letter, or format ``i`` or ``s``: memory at the value
  as ``x/FMT`` shows it, under a header ``3: x/i $pc`` (gdb's ``do_one_display``).

A display that cannot be shown now (unmapped memory, an empty queue slot) shows its
error in its place and stays, as in gdb.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from ptodbg.debug.commands.memformat import (
    Disassembler,
    Examiner,
    Fmt,
    FormatError,
    Labeler,
    Reader,
    check_count,
    examine,
    print_value,
)
from ptodbg.debug.engine.expr import Expr, ExprError
from ptodbg.isa.registers import REG_INDEX

MAX_DISPLAYS = 64
# What one stop may show of all displays together, in units of work (a number read and
# formatted is 1, an instruction decoded 4, a string of up to 200 characters 8): one
# maximal display (x/4096i, x/8192xb) fits, 64 of them do not - they are shown after
# every stop, so without a total a step could take seconds no interrupt reaches.
SHOW_BUDGET = 4 * 4096
_WEIGHT = {"i": 4, "s": 8}
REGISTER_WORDS = frozenset(REG_INDEX) | {"pc", "tpc", "lra", "bpc", "bpcn", "acr"}
_DOLLAR = re.compile(r"\$([A-Za-z_]\w*)")


def gdb_expression(text: str) -> str:
    """gdb writes registers as ``$pc``, ``$sp``: the expression language names them
    without the ``$``.  Only register names lose it (a symbol may start with ``$``)."""
    return _DOLLAR.sub(lambda m: m.group(1) if m.group(1).lower() in REGISTER_WORDS else m.group(0), text)


@dataclass(frozen=True)
class Target:
    """How to read one stop: evaluate an expression, read mapped memory (raising on an
    unmapped byte), label an address (`` <sym+off>``), disassemble one instruction."""

    evaluate: Callable[[str], int]
    read: Reader
    label: Labeler
    disassemble: Disassembler
    pc: int


@dataclass(frozen=True)
class Display:
    number: int
    expression: str
    fmt: Fmt | None  # None: the natural format

    @property
    def examines(self) -> bool:
        """Shown as ``x/FMT`` memory rather than as a value (gdb: a size letter, or i / s)."""
        return self.fmt is not None and (bool(self.fmt.size) or self.fmt.format in ("i", "s"))

    def resolved(self) -> Fmt:
        """The x/FMT of a memory display (format x by default, gdb's defaults for the size)."""
        assert self.fmt is not None
        return Examiner().resolve(self.fmt)

    def header(self) -> str:
        """What precedes the value: ``1: a0``, ``2: /x a0``, ``3: x/4xw sp``."""
        if self.examines:
            f = self.resolved()
            letters = (str(f.count) if f.count != 1 else "") + f.format + (f.size if f.format not in "is" else "")
            return f"{self.number}: x/{letters} {self.expression}"
        if self.fmt is not None and self.fmt.format:
            return f"{self.number}: /{self.fmt.format} {self.expression}"
        return f"{self.number}: {self.expression}"

    def spec(self) -> str:
        """The expression with its format as ``info display`` lists it (``/4wx sp``)."""
        if self.examines:
            f = self.resolved()
            return f"/{f.count}{f.size or 'b'}{f.format} {self.expression}"
        if self.fmt is not None and self.fmt.format:
            return f"/{self.fmt.format} {self.expression}"
        return self.expression

    def cost(self) -> int:
        """The work showing it takes, in :data:`SHOW_BUDGET` units (1 for a value)."""
        if not self.examines:
            return 1
        f = self.resolved()
        return f.count * _WEIGHT.get(f.format, 1)

    def show(self, target: Target) -> dict:
        """This display at the stop ``target`` reads: a JSON-ready entry whose ``text``
        holds the console lines."""
        entry: dict = {"number": self.number, "expression": self.expression,
                       "format": self.fmt.text() if self.fmt is not None else None}
        expression = gdb_expression(self.expression)
        try:
            value = target.evaluate(expression)
            if self.examines:
                lines, _next = examine(self.resolved(), value, target.read, target.label,
                                       disassemble=target.disassemble, pc=target.pc)
                entry["text"] = [self.header(), *lines]
                entry["address"] = value & ((1 << 64) - 1)
                return entry
            form = self.fmt.format if self.fmt is not None and self.fmt.format else "x"
            entry["value"] = value
            entry["text"] = [f"{self.header()} = {print_value(value, form, target.label)}"]
        except (ValueError, KeyError) as e:  # DebugError, ViewError, ExprError, FormatError
            return self.refused(str(e).strip("'\"") if isinstance(e, KeyError) else str(e))
        return entry

    def refused(self, error: str) -> dict:
        """The entry of a display that cannot be shown now: its error in its place."""
        entry: dict = {"number": self.number, "expression": self.expression,
                       "format": self.fmt.text() if self.fmt is not None else None, "error": error}
        if self.examines:
            entry["text"] = [self.header(), f"<error: {error}>"]
        else:
            entry["text"] = [f"{self.header()} = <error: {error}>"]
        return entry


@dataclass
class Displays:
    """The numbered displays of one debugger (numbers are never reused, as in gdb)."""

    items: dict[int, Display] = field(default_factory=dict)
    next_number: int = 1
    version: int = field(default=0, compare=False)  # bumped on every change: what was shown is stale

    def __len__(self) -> int:
        return len(self.items)

    def add(self, expression: str, fmt: Fmt | None) -> Display:
        """A new display; the expression must parse (a value that cannot be read now is
        fine: it shows its error until it can)."""
        expression = expression.strip()
        if not expression:
            raise ValueError("usage: display[/FMT] EXPR")
        if len(self.items) >= MAX_DISPLAYS:
            raise ValueError(f"at most {MAX_DISPLAYS} displays; undisplay some first")
        try:
            Expr(gdb_expression(expression))
        except ExprError as e:
            raise ValueError(str(e)) from None
        display = Display(self.next_number, expression, fmt if fmt is None or fmt.format or fmt.size else None)
        if display.examines:
            check_count(display.resolved())  # x/a with size h, x/s with h, x/99999999i: refused now
        self.items[display.number] = display
        self.next_number += 1
        self.version += 1
        return display

    def remove(self, numbers: list[int] | None) -> list[int]:
        """Remove these displays (None: all of them); an unknown number is an error and
        nothing is removed (nor the shown displays worked out again: see version)."""
        if numbers is None:
            self.version += 1
            gone = sorted(self.items)
            self.items.clear()
            return gone
        missing = [n for n in numbers if n not in self.items]
        if missing:
            raise ValueError(f"no display number {missing[0]}")
        self.version += 1
        for n in numbers:
            self.items.pop(n, None)
        return sorted(set(numbers))

    def show(self, target: Target) -> list[dict]:
        """Every display at this stop, in number order, within :data:`SHOW_BUDGET`: the
        first is always shown; one that would pass the budget shows an error in its place
        (and stays, to be shown when fewer come before it)."""
        entries = []
        spent = 0
        for d in sorted(self.items.values(), key=lambda d: d.number):
            cost = d.cost()
            if entries and spent + cost > SHOW_BUDGET:
                entries.append(d.refused(f"not shown: the displays before it use this stop's budget of "
                                         f"{SHOW_BUDGET} units (undisplay some)"))
                continue
            spent += cost
            entries.append(d.show(target))
        return entries

    def info(self) -> list[str]:
        """``info display`` as gdb prints it."""
        if not self.items:
            return ["There are no auto-display expressions now."]
        lines = ["Auto-display expressions now in effect:", "Num Enb Expression"]
        lines += [f"{d.number}:   y  {d.spec()}" for d in sorted(self.items.values(), key=lambda d: d.number)]
        return lines


def displays_of(settings: dict) -> Displays:
    """The debugger's display list (kept in its settings, created on first use)."""
    found = settings.get("displays")
    if not isinstance(found, Displays):
        found = settings["displays"] = Displays()
    return found


def console_lines(entries: list[dict]) -> list[str]:
    """The console lines of shown displays (what gdb prints after a stop)."""
    return [line for entry in entries for line in entry.get("text", ())]


__all__ = ["Display", "Displays", "FormatError", "Target", "console_lines", "displays_of", "gdb_expression"]
