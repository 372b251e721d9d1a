"""pwndbg's telescope: words of memory with the pointer chains they start, and what a
register points to.

A value *points* somewhere when it is the address of a mapped byte (off page 0: small
numbers are numbers, even where a stack maps the page).  Its chain follows it:
a pointer into a readable data page is read as the 8-byte word there, which may point on;
a pointer into an executable page ends the chain at its code (``<sym+off>``); a word that
points nowhere ends the chain as a value, shown as the characters it holds when they are
all printable.  Chains stop after :data:`MAX_DEPTH` links and at a loop.  So the
registers pane shows ``a0 0x11000 → 0x0807060504030201`` and ``ra 0x1101c <back>``, and
the stack pane (and ``telescope sp``) each stack word and where it leads.

Everything here reads a :class:`~ptodbg.debug.view.memimage.MemoryImage`, never the machine:
the views of the TUI and the ``telescope`` command make the same rows from the same
function (the command from an image of the machine taken for it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ptodbg.base.record import Frozen
from ptodbg.debug.view.records import Perms

if TYPE_CHECKING:
    from ptodbg.debug.engine.symbols import Symbols
    from ptodbg.debug.view.memimage import MemoryImage
MAX_DEPTH = 4  # links followed after the first value
MIN_POINTER = 0x1000  # values on page 0 are read as numbers (a debug-profile stack may map it)
MAX_ROWS = 1024  # words one telescope shows
WORD = 8
MASK64 = (1 << 64) - 1
CODE, DATA, VALUE, TEXT = "code", "data", "value", "text"  # what a link is


class Link(Frozen):
    """One value of a chain: ``kind`` "data" (a pointer to readable data, followed),
    "code" (a pointer into executable memory: the chain ends with its label), "value" (a
    number that points nowhere) or "text" (a value whose bytes are printable characters:
    ``text`` holds them)."""

    value: int
    kind: str
    label: str = ""  # " <sym+off>" for a pointer a symbol covers
    text: str = ""

    def show(self) -> str:
        if self.kind == TEXT:
            return f"'{self.text}'"  # the characters a word holds say more than its number
        return f"{self.value:#x}{self.label}"


class Chain(Frozen):
    """A value and where it leads: ``links[0]`` is the value itself."""

    links: tuple[Link, ...]
    looped: bool = False  # the chain came back to an address it had passed

    @property
    def points(self) -> bool:
        """The value is an address of mapped memory."""
        return self.links[0].kind in (CODE, DATA)

    def show(self, arrow: str = " → ") -> str:
        return arrow.join(link.show() for link in self.links) + (" ↺" if self.looped else "")

    def tail(self, arrow: str = " → ") -> str:
        """The chain after its first value (what a register pane adds to the value)."""
        if not self.points:
            return ""
        first = self.links[0]
        rest = arrow.join(link.show() for link in self.links[1:]) + (" ↺" if self.looped else "")
        if first.kind == CODE:
            return first.label.strip()
        return (first.label.strip() + " " if first.label else "") + (arrow.strip() + " " + rest if rest else "")


class StackRow(Frozen):
    """One word of a telescope: its index, address and offset from the start, the
    registers that hold its address, and the chain of the word it holds (None: the word
    is not mapped)."""

    index: int
    address: int
    offset: int
    registers: tuple[str, ...]
    chain: Chain | None

    def show(self) -> str:
        names = " ".join(self.registers)
        head = f"{self.index:02x}:{self.offset:04x}│ {names:<6} {self.address:#x}"
        if self.chain is None:
            return head + " (not mapped)"
        return head + " → " + self.chain.show()


Labeler = Callable[[int], str]


def _printable(data: bytes) -> str | None:
    """The characters of a word that holds text (at least 2, then zeros), None otherwise."""
    text = data.split(b"\0", 1)[0]
    if len(text) >= 2 and all(0x20 <= b < 0x7F for b in text) and not any(data[len(text):]):
        return text.decode("ascii")
    return None


def chain(value: int, memory: MemoryImage, label: Labeler, depth: int = MAX_DEPTH) -> Chain:
    """Follow ``value`` through ``memory`` (see the module docstring)."""
    links: list[Link] = []
    seen: set[int] = set()
    value &= MASK64
    for _ in range(depth + 1):
        perms = memory.perms_at(value) if value >= MIN_POINTER else None
        if perms is None or not perms & Perms.R:
            data = value.to_bytes(8, "little")
            text = _printable(data) if links else None
            links.append(Link(value, TEXT, "", text) if text is not None else Link(value, VALUE))
            return Chain(tuple(links))
        if perms & Perms.X:
            links.append(Link(value, CODE, label(value)))
            return Chain(tuple(links))
        links.append(Link(value, DATA, label(value)))
        if value in seen:
            return Chain(tuple(links), looped=True)
        seen.add(value)
        word = memory.read(value, WORD)
        if word is None:  # the word runs off the mapped page
            return Chain(tuple(links))
        value = int.from_bytes(word, "little")
    return Chain(tuple(links))


def telescope(memory: MemoryImage, label: Labeler, address: int, count: int,
              registers: Iterable[tuple[str, int]] = ()) -> tuple[StackRow, ...]:
    """``count`` words from ``address`` (8-byte aligned down), each with the registers
    that point at it (``registers``: (name, value) pairs, e.g. sp, s0) and its chain."""
    if not 1 <= count <= MAX_ROWS:
        raise ValueError(f"a telescope shows 1..{MAX_ROWS} words, not {count}")
    start = address & MASK64 & ~(WORD - 1)
    pointing: dict[int, list[str]] = {}
    for name, value in registers:
        pointing.setdefault(value & MASK64, []).append(name)
    rows = []
    for i in range(count):
        at = (start + i * WORD) & MASK64
        word = memory.read(at, WORD)
        found = None if word is None else chain(int.from_bytes(word, "little"), memory, label)
        rows.append(StackRow(i, at, i * WORD, tuple(pointing.get(at, ())), found))
    return tuple(rows)


def symbol_labeler(symbols: Symbols, containing: Callable[[int], tuple[str, int] | None] | None = None) -> Labeler:
    """`` <sym+off>`` (demangled) for an address a symbol covers, "" otherwise;
    ``containing`` (default: the symbols') says which symbol that is, so a client can keep
    labels to the program's own sections (a stack address is no symbol's)."""
    find = containing or symbols.containing

    def label(address: int) -> str:
        hit = find(address)
        if hit is None:
            return ""
        name, off = hit
        shown = symbols.pretty(name)
        return f" <{shown}+{off}>" if off else f" <{shown}>"

    return label
