"""The program's symbols: name -> address, address -> nearest name, and the names as a
C++ programmer reads them.

Why a module of its own: symbols serve breakpoints (LOC), backtraces, the disassembly and
every client's display; none of that needs the rest of the engine.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ptodbg.base.record import Frozen
from ptodbg.debug.cxx.names import FunctionIndex

if TYPE_CHECKING:
    from ptodbg.isa.elf import Program, Symbol

_set = object.__setattr__  # how a frozen record's __init__ sets its fields


class Symbols(Frozen):
    """The program's symbols: name -> address, and address -> nearest name.

    A frozen record of its two dictionaries (equality and repr by them; like the frozen
    dataclass it was, unhashable, since dictionaries are); what is derived from them is
    made on first use and kept beside them."""

    __slots__ = ("by_name", "sizes", "_others", "_ordered", "_sorted_names", "_pretty", "_functions", "_several")

    by_name: dict[str, int]
    sizes: dict[str, int]

    def __init__(self, by_name: dict[str, int], sizes: dict[str, int], others: Sequence[Symbol] = ()) -> None:
        _set(self, "by_name", by_name)
        _set(self, "sizes", sizes)
        # the definitions (name, address, ...) by_name does not resolve to: a name defined
        # in several units still names each of its addresses
        _set(self, "_others", tuple(others))
        _set(self, "_ordered", None)  # (addresses, names), made on first use
        _set(self, "_sorted_names", None)  # every name in order, made on first use
        _set(self, "_pretty", {})  # name -> how pretty() shows it
        _set(self, "_functions", None)  # FunctionIndex, made on first use
        _set(self, "_several", None)  # name -> its addresses, for names defined at several, on first use

    @classmethod
    def of(cls, program: Program) -> Symbols:
        """A program's symbols: each name's address and size as the loader resolves the
        name (``program.by_name``: a global symbol, else the first local one), so that the
        debugger and the loader never resolve one name two ways (a C++ program defines
        hundreds of local names, ``.LBB0_2`` or a static ``dummy``, in several units); and
        its other definitions (``program.shadowed``), so that each still names its own
        address.  Nameless symbols are left out."""
        chosen = program.by_name.values()
        by_name = {s.name: s.value for s in chosen}
        sizes = {s.name: s.size for s in chosen}
        by_name.pop("", None)
        sizes.pop("", None)
        return cls(by_name, sizes, program.shadowed)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return (self.by_name, self.sizes) == (other.by_name, other.sizes)  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((self.by_name, self.sizes))  # TypeError, as a frozen dataclass of dicts

    def __repr__(self) -> str:
        return f"Symbols(by_name={self.by_name!r}, sizes={self.sizes!r})"

    def __reduce__(self) -> tuple:
        return Symbols, (self.by_name, self.sizes, self._others)  # type: ignore[attr-defined]

    def ordered(self) -> tuple[list[int], list[str]]:
        """The symbols sorted by address: (addresses, names), made on first use (a run
        that never symbolizes an address does not pay for sorting ten thousand names).
        Assembler-local labels (.L...) name places inside functions; symbolization uses
        the enclosing function instead (they can still be looked up by name)."""
        got = self._ordered  # type: ignore[attr-defined]
        if got is None:
            pairs = [(a, n) for n, a in self.by_name.items() if not n.startswith(_PLACE_ONLY)]
            pairs += {(s[1], s[0]) for s in self._others  # type: ignore[attr-defined]
                      if s[0] and not s[0].startswith(_PLACE_ONLY)}.difference(pairs)
            pairs.sort()
            got = ([a for a, _ in pairs], [n for _, n in pairs])
            _set(self, "_ordered", got)
        return got

    def sorted_names(self) -> list[str]:
        """Every symbol name in sorted order (completion bisects it), made on first use."""
        got = self._sorted_names  # type: ignore[attr-defined]
        if got is None:
            got = sorted(self.by_name)
            _set(self, "_sorted_names", got)
        return got

    def lookup(self, name: str) -> int | None:
        return self.by_name.get(name)

    def definitions(self, name: str) -> list[int]:
        """Every address ``name`` is defined at, ascending, when there are several (a
        static function in two units); [] otherwise.  :meth:`lookup` answers one of them,
        the loader's choice; a client says which others there are."""
        several: dict[str, list[int]] | None = self._several  # type: ignore[attr-defined]
        if several is None:
            at: dict[str, set[int]] = {}
            for s in self._others:  # type: ignore[attr-defined]
                if s[0] in self.by_name:
                    at.setdefault(s[0], {self.by_name[s[0]]}).add(s[1])
            several = {n: sorted(addresses) for n, addresses in at.items() if len(addresses) > 1}
            _set(self, "_several", several)
        return several.get(name, [])

    def containing(self, address: int) -> tuple[str, int] | None:
        """(name, offset) of the closest symbol at or below ``address``."""
        addrs, names = self.ordered()
        i = bisect.bisect_right(addrs, address)
        if not i:
            return None
        name = names[i - 1]
        base = addrs[i - 1]
        size = self.sizes.get(name, 0)
        if size and address >= base + size and address - base > 0x10000:
            return None
        return name, address - base

    def at(self, address: int) -> list[str]:
        addrs, names = self.ordered()
        i = bisect.bisect_left(addrs, address)
        out = []
        while i < len(addrs) and addrs[i] == address:
            out.append(names[i])
            i += 1
        return out

    def symbolize(self, address: int) -> str:
        """``address`` as a location is printed: ``name+0x4``, the name demangled
        (``operator new(unsigned long)+0x4``, as gdb and ``bt`` show it), or the address
        when no symbol covers it."""
        hit = self.containing(address)
        if hit is None:
            return f"{address:#x}"
        name, off = hit
        shown = self.pretty(name)
        return shown if off == 0 else f"{shown}+{off:#x}"

    def pretty_at(self, address: int) -> list[str]:
        """The names of the symbols at ``address`` as a C++ programmer reads them."""
        return [self.pretty(name) for name in self.at(address)]

    def pretty(self, name: str) -> str:
        """The name as a C++ programmer reads it (demangled, remembered), else itself.
        Only for display: commands, sessions and the JSON state keep the symbol's name."""
        cache: dict[str, str] = self._pretty  # type: ignore[attr-defined]
        shown = cache.get(name)
        if shown is None:
            shown = cache[name] = (_demangle(name) if name.startswith("_Z") else None) or name
        return shown

    def functions(self, typed: str) -> list[tuple[str, str, int]]:
        """The C++ functions a typed name matches (see :mod:`ptodbg.debug.cxx.names`):
        (symbol, demangled, address) each.  The index of demangled names is made on the
        first call (tens of milliseconds for ten thousand symbols)."""
        index: FunctionIndex | None = self._functions  # type: ignore[attr-defined]
        if index is None:
            mangled = [(n, a) for n, a in self.by_name.items() if n.startswith("_Z")]
            index = FunctionIndex([(n, shown, a) for n, a in mangled if (shown := self.pretty(n)) != n])
            _set(self, "_functions", index)
        return index.find(typed)


EMPTY_SYMBOLS = Symbols({}, {})
_PLACE_ONLY = (".L", "$")  # prefixes of labels that do not name addresses (see Symbols.ordered)


def _demangle(name: str) -> str | None:
    """:func:`ptodbg.debug.cxx.demangle.demangle`, imported on the first C++ name shown: a
    ``ptodbg run`` that shows none starts without building the demangler's tables."""
    from ptodbg.debug.cxx.demangle import demangle

    return demangle(name)
