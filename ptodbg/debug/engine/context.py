"""What an expression and a location read at a stop: the one expression context and the
one rule for LOC, shared by the engine (the live machine, for conditions and commands) and
the :class:`~ptodbg.debug.view.capture.View` (a frozen stop, for the TUI's panes), so a name
means the same in a breakpoint condition, ``print``, the memory pane's follow field and a
DAP hover.

Names are read as gdb reads them in the selected frame: ``pc``/``tpc`` is the frame's pc
(TPC in frame 0), the GPRs are the frame's (unwound from FENTRY's save slots outside frame
0), ``lra``, ``bpc``, ``bpcn``, ``acr`` and ``steps`` are the machine's; a GPR has every
spelling of :data:`ptodbg.isa.registers.REG_INDEX` (ABI name, ``rN``, ``fp``), and gdb's
``$`` prefix is allowed (``$pc``, ``$sp``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from ptodbg.debug.cxx.names import ambiguity
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.expr import Context
from ptodbg.isa.registers import REG_INDEX

if TYPE_CHECKING:
    from ptodbg.debug.engine.symbols import Symbols

MASK64 = (1 << 64) - 1
_CXX_MARKS = ("::", "(", "<", "~", "operator")  # a location that reads as a C++ name
_CXX_ONLY = ("::", "~", "operator")  # ... and cannot be an expression


def state_context(regs: Sequence[int], special: Mapping[str, int], queue: Callable[[str, int], int | None],
                  read: Callable[[int, int], bytes], lookup: Callable[[str], int | None],
                  convenience: Callable[[str], int | None] | None = None,
                  more: Callable[[str], int | None] | None = None) -> Context:
    """The expression context of one stop: ``regs`` the 24 GPRs as the selected frame sees
    them, ``special`` the other names (``pc``, ``tpc``, ``lra``, ``bpc``, ``bpcn``, ``acr``,
    ``steps``) by lower-case name, ``queue(which, slot)`` a T/U slot (None: empty),
    ``read(address, size)`` memory (raising on unmapped bytes: never zeros) and ``lookup``
    a symbol's address; ``convenience`` reads gdb's ``$1``, ``$``, ``$_`` and ``$name``
    (the engine's value history, :mod:`ptodbg.debug.commands.values`; a View has none);
    ``more(low)`` the names read only when asked: P0..P7 (``p3``) and the interrupt
    registers (``ipending``, ``topei``, ``econfig``, ``timecmp``)."""

    def register(name: str) -> int | None:
        low = name.lower().removeprefix("$")
        value = special.get(low)
        if value is not None:
            return value
        index = REG_INDEX.get(low)
        if index is not None:
            return regs[index]
        if more is not None:
            value = more(low)
            if value is not None:
                return value
        if name.startswith("$") and convenience is not None:
            return convenience(name)
        return None

    return Context(register, queue, read, lookup)


def unquote(location: str) -> str:
    """A location without the quotes a demangled name with blanks is written in."""
    loc = location.strip()
    if len(loc) >= 2 and loc[0] == loc[-1] and loc[0] in "\"'":
        loc = loc[1:-1].strip()
    return loc


def resolve_location(location: str, symbols: Symbols, evaluate: Callable[[str], int]) -> int:
    """LOC: a symbol, a C++ function by its demangled name (quoted when it has blanks:
    ``"operator new(unsigned long)"``, or without parameters when that is unambiguous:
    ``std::vector<int>::push_back``), ``symbol+off``, an address, or any expression
    (``evaluate`` raises :class:`DebugError` for one it cannot read)."""
    loc = unquote(location)
    if not loc:
        raise DebugError("a location is needed (symbol, symbol+off or address)")
    value = symbols.lookup(loc)
    if value is not None:
        return value
    if any(mark in loc for mark in _CXX_MARKS):
        address = _function(symbols, loc)
        if address is not None:
            return address
        try:
            return evaluate(loc) & MASK64
        except DebugError:
            if any(mark in loc for mark in _CXX_ONLY):  # not an expression: say so
                raise DebugError(f"no function or symbol matches {loc!r}") from None
            raise
    try:
        return evaluate(loc) & MASK64
    except DebugError:
        address = _function(symbols, loc) if loc.replace("_", "a").isalnum() else None
        if address is None:
            raise
        return address


def _function(symbols: Symbols, typed: str) -> int | None:
    """The address of the one C++ function ``typed`` names; None when none does."""
    found = symbols.functions(typed)
    if not found:
        return None
    if len({address for _s, _shown, address in found}) > 1:
        raise DebugError(ambiguity(typed, found))
    return found[0][2]
