"""Memory and values as gdb prints them: ``x/FMT``, ``print/FMT`` and ``display/FMT``.

Pure functions (they read through the callables they are given, never a machine), so the
engine's commands and the TUI's display pane (which reads a frozen view) format alike.

gdb's rules, reproduced here (gdb/printcmd.c ``decode_format``, ``do_examine``,
``print_scalar_formatted``):

* ``/FMT`` is an optional count followed by format and size letters in any order:
  formats ``x d u o t c a s i z``, sizes ``b h w g`` (1, 2, 4, 8 bytes).
* ``x`` remembers the last format and size (initially ``x`` and ``w``): ``x/4 ADDR`` after
  ``x/2gx`` shows giants in hex.  ``a`` defaults to the pointer size (``g``), ``c`` to
  ``b``, ``s`` reads bytes and leaves the sticky size ``b``.
* Rows start with the address and ``<symbol+offset>`` (decimal offset), then a tab
  before each unit: 8 units a row for ``b`` and ``h``, 4 for ``w``, 2 for ``g``, one
  string or instruction a row for ``s`` and ``i``.  In ``x`` hex and binary are
  zero-padded to the unit's size; ``print`` pads neither.  ``c`` shows the byte as a
  signed char and its C literal (``72 'H'``, ``-56 '\\310'``).
* Strings stop at NUL or after :data:`STRING_LIMIT` characters (gdb's ``print elements``,
  then ``...``); runs longer than :data:`REPEAT_THRESHOLD` print as ``'A' <repeats 30 times>``.
  A string that runs into unmapped memory shows what was read, then the error in its
  place (gdb's ``val_print_string``: ``"abc"<error: cannot access memory at 0x12000>``),
  and the examination stops there.
* ptodbg adds an ASCII column (pwndbg's hexdump) to byte rows in hex.

Every count is checked against :data:`MAX_UNITS` / :data:`MAX_STRINGS` /
:data:`MAX_INSTRUCTIONS` before anything is read (docs/interfaces.md §5: bounded work).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

MASK64 = (1 << 64) - 1
SIZES = {"b": 1, "h": 2, "w": 4, "g": 8}
FORMATS = "xduotcasiz"
PER_ROW = {"b": 8, "h": 8, "w": 4, "g": 2}
STRING_LIMIT = 200  # gdb's default "print elements"
REPEAT_THRESHOLD = 10  # gdb's default "print repeats"
MAX_UNITS = 8192  # numbers one x/FMT may show
MAX_STRINGS = 1024
MAX_INSTRUCTIONS = 4096
MAX_COUNT_DIGITS = 12

Reader = Callable[[int, int], bytes]  # (address, size) -> bytes, or raises naming the unmapped byte
Labeler = Callable[[int], str]  # address -> " <sym+off>" or ""
Disassembler = Callable[[int], tuple[int, str]]  # address -> (length in bytes, text), or raises


class StringHole(ValueError):
    """A string ran into unmapped memory after ``data`` (at least one byte) was read."""

    def __init__(self, message: str, data: bytes) -> None:
        super().__init__(message)
        self.data = data


class FormatError(ValueError):
    """A /FMT gdb would refuse; one clear sentence."""


@dataclass(frozen=True)
class Fmt:
    """A parsed ``/FMT``: the count, the format letter and the size letter ("" when the
    user gave none, which the command resolves against its defaults)."""

    count: int = 1
    format: str = ""
    size: str = ""
    count_given: bool = False

    def text(self) -> str:
        """The letters as typed back (``4xw``): how ``info display`` and JSON name it."""
        return (str(self.count) if self.count_given else "") + self.format + self.size


def parse_fmt(text: str) -> Fmt:
    """``/FMT`` without the slash: digits, then format and size letters in any order.
    Raises :class:`FormatError` for anything else (gdb: 'Undefined output format')."""
    if text.startswith("-"):
        raise FormatError("a negative count (examining backwards) is not supported")
    i = 0
    while i < len(text) and text[i].isdigit():
        i += 1
    digits, letters = text[:i], text[i:]
    if len(digits) > MAX_COUNT_DIGITS:
        raise FormatError(f"count {digits[:MAX_COUNT_DIGITS]}... is too large")
    count = int(digits) if digits else 1
    if digits and count < 1:
        raise FormatError("the count must be at least 1")
    fmt = size = ""
    for ch in letters:
        low = ch.lower()
        if ch in SIZES:
            if size and size != ch:
                raise FormatError(f"two size letters in /{text}: {size!r} and {ch!r}")
            size = ch
        elif ch in FORMATS:
            if fmt and fmt != ch:
                raise FormatError(f"two format letters in /{text}: {fmt!r} and {ch!r}")
            fmt = ch
        elif low == "f":
            raise FormatError("format 'f' (floating point) is not supported: PTO values here are integers")
        else:
            raise FormatError(f"undefined output format {ch!r} in /{text} "
                              f"(formats: {' '.join(FORMATS)}; sizes: b h w g)")
    return Fmt(count, fmt, size, bool(digits))


@dataclass
class Examiner:
    """gdb's sticky state of ``x``: the last format and size, and where the next ``x``
    without an address continues."""

    last_format: str = "x"
    last_size: str = "w"
    next_address: int | None = None

    def resolve(self, fmt: Fmt) -> Fmt:
        """The format and size this ``x`` uses (gdb's defaults), not yet remembered."""
        form = fmt.format or self.last_format
        size = fmt.size
        if not size:
            if form == "a":
                size = "g"
            elif form == "c":
                size = "b"
            elif form in "si":
                size = ""
            else:
                size = self.last_size if self.last_size in SIZES else "w"
        if form in "si" and not fmt.size:
            size = ""
        if form == "s" and size not in ("", "b"):
            raise FormatError("x/s reads 8-bit strings only (size b)")
        if form == "a" and size != "g":
            raise FormatError("x/a shows 64-bit addresses (size g)")
        return Fmt(fmt.count, form, size, fmt.count_given)

    def remember(self, fmt: Fmt, next_address: int) -> None:
        """After a successful ``x``: gdb keeps the format, the size ('b' after strings)."""
        self.last_format = fmt.format
        if fmt.format == "s":
            self.last_size = "b"
        elif fmt.size:
            self.last_size = fmt.size
        self.next_address = next_address & MASK64


def check_count(fmt: Fmt) -> None:
    """Refuse a count that would make unbounded work, before any read."""
    limit = MAX_STRINGS if fmt.format == "s" else MAX_INSTRUCTIONS if fmt.format == "i" else MAX_UNITS
    if fmt.count > limit:
        raise FormatError(f"count {fmt.count} is too large: x/{fmt.format} shows at most {limit} at a time")


# ------------------------------------------------------------------ one value
_ESCAPES = {7: "\\a", 8: "\\b", 9: "\\t", 10: "\\n", 11: "\\v", 12: "\\f", 13: "\\r", 92: "\\\\"}


def _char_body(byte: int, quote: str) -> str:
    """One byte inside a C literal quoted with ``quote``, as gdb escapes it."""
    if byte == ord(quote):
        return "\\" + quote
    if byte in _ESCAPES:
        return _ESCAPES[byte]
    if 0x20 <= byte < 0x7F:
        return chr(byte)
    return f"\\{byte:03o}"


def char_literal(byte: int) -> str:
    """``'A'``, ``'\\n'``, ``'\\310'``."""
    return "'" + _char_body(byte & 0xFF, "'") + "'"


def signed(value: int, nbytes: int) -> int:
    bits = 8 * nbytes
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


def format_value(value: int, form: str, nbytes: int, *, pad: bool, label: Labeler | None = None) -> str:
    """One integer of ``nbytes`` bytes in gdb's format letter ``form``.  ``pad``: zero-pad
    hex and binary to the size (``x`` does, ``print`` does not)."""
    unsigned = value & ((1 << (8 * nbytes)) - 1)
    if form == "x":
        return f"{unsigned:#0{2 * nbytes + 2}x}" if pad else f"{unsigned:#x}"
    if form == "z":
        return f"{unsigned:#0{2 * nbytes + 2}x}"
    if form == "d":
        return str(signed(unsigned, nbytes))
    if form == "u":
        return str(unsigned)
    if form == "o":
        return f"0{unsigned:o}" if unsigned else "0"
    if form == "t":
        return f"{unsigned:0{8 * nbytes}b}" if pad else f"{unsigned:b}"
    if form == "c":
        byte = unsigned & 0xFF
        return f"{signed(byte, 1)} {char_literal(byte)}"
    if form == "a":
        return f"{unsigned:#x}" + (label(unsigned) if label is not None else "")
    raise FormatError(f"format {form!r} does not apply to a number")


def print_value(value: int, form: str, label: Labeler | None = None) -> str:
    """``print/FMT``: a 64-bit value in format ``form`` (no padding except ``z``; ``s``
    prints the value in decimal, as gdb does for an integer)."""
    if form == "i":
        raise FormatError('format letter "i" is meaningless in "print" command')
    if form == "s":
        return str(signed(value, 8))
    return format_value(value, form, 8, pad=False, label=label)


# ------------------------------------------------------------------ strings
def string_literal(data: bytes, *, cut: bool = False) -> str:
    """A C string as gdb prints it: runs of more than :data:`REPEAT_THRESHOLD` equal bytes
    as ``'c' <repeats N times>``, the rest in "..." pieces, joined by ", "; ``cut``: the
    string went on past the limit (``...`` follows)."""
    pieces: list[str] = []
    plain: list[str] = []
    i = 0
    while i < len(data):
        j = i
        while j < len(data) and data[j] == data[i]:
            j += 1
        if j - i > REPEAT_THRESHOLD:
            if plain:
                pieces.append('"' + "".join(plain) + '"')
                plain = []
            pieces.append(f"{char_literal(data[i])} <repeats {j - i} times>")
        else:
            plain.extend(_char_body(data[i], '"') for _ in range(j - i))
        i = j
    if plain or not pieces:
        pieces.append('"' + "".join(plain) + '"')
    return ", ".join(pieces) + ("..." if cut else "")


def read_string(read: Reader, address: int, limit: int = STRING_LIMIT) -> tuple[bytes, bool, int]:
    """The bytes of the NUL-terminated string at ``address`` (without the NUL), whether it
    was cut at ``limit``, and the address after it.  Reads at most ``limit`` bytes, in
    pieces that never cross a 256-byte boundary (so never past the page holding the NUL);
    ``read`` raises a ValueError naming the first unmapped byte, which comes out as it is
    when the string's first byte is unmapped, and as a :class:`StringHole` holding the
    bytes read before the hole otherwise."""
    out = bytearray()
    pos = address
    while len(out) < limit:
        want = min(limit - len(out), 256 - pos % 256)
        try:
            chunk = read(pos, want)
        except ValueError:
            # part of the piece is unmapped: byte by byte, so a NUL before the hole ends
            # the string and a hole before any NUL is the error (naming its address)
            chunk = bytearray()
            for k in range(want):
                try:
                    byte = read(pos + k, 1)
                except ValueError as hole:
                    if not out and not chunk:
                        raise
                    raise StringHole(str(hole), bytes(out + chunk)) from None
                chunk += byte
                if byte == b"\0":
                    break
            chunk = bytes(chunk)
        nul = chunk.find(0)
        if nul >= 0:
            out += chunk[:nul]
            return bytes(out), False, address + len(out) + 1
        out += chunk
        pos += want
    return bytes(out), True, address + len(out)


# ------------------------------------------------------------------ rows
def _row_head(address: int, label: Labeler) -> str:
    return f"{address:#x}{label(address)}:"


def _ascii(data: bytes) -> str:
    return "".join(chr(b) if 0x20 <= b < 0x7F else "." for b in data)


def examine(fmt: Fmt, address: int, read: Reader, label: Labeler, *,
            disassemble: Disassembler | None = None, pc: int | None = None) -> tuple[list[str], int]:
    """The rows of ``x/FMT ADDRESS`` (``fmt`` resolved: format and size set) and the
    address after the last unit.  Raises what ``read`` / ``disassemble`` raise for
    unmapped memory, and :class:`FormatError` for a count past the limits."""
    check_count(fmt)
    address &= MASK64
    form = fmt.format
    if form == "s":
        lines = []
        for _ in range(fmt.count):
            try:
                data, cut, after = read_string(read, address)
            except StringHole as hole:  # what was read, then the error; nothing after the hole
                lines.append(f"{_row_head(address, label)}\t{string_literal(hole.data)}<error: {hole}>")
                return lines, (address + len(hole.data)) & MASK64
            lines.append(f"{_row_head(address, label)}\t{string_literal(data, cut=cut)}")
            address = after & MASK64
        return lines, address
    if form == "i":
        if disassemble is None:
            raise FormatError("x/i needs a disassembler here")
        lines = []
        for _ in range(fmt.count):
            length, text = disassemble(address)
            mark = "=> " if address == pc else "   "
            lines.append(f"{mark}{_row_head(address, label)}\t{text}")
            address = (address + length) & MASK64
        return lines, address
    nbytes = SIZES[fmt.size]
    total = fmt.count * nbytes
    data = read(address, total)  # unmapped bytes (and a range past 2^64) are the reader's error
    per_row = PER_ROW[fmt.size]
    lines = []
    for start in range(0, fmt.count, per_row):
        row = data[start * nbytes:(start + per_row) * nbytes]
        at = address + start * nbytes
        units = [int.from_bytes(row[k:k + nbytes], "little") for k in range(0, len(row), nbytes)]
        text = _row_head(at, label) + "".join("\t" + format_value(u, form, nbytes, pad=True, label=label)
                                              for u in units)
        if nbytes == 1 and form in "xz":
            text += "\t" * (per_row - len(units)) + "\t" + _ascii(row)
        lines.append(text)
    return lines, address + total


def symbol_label(containing: Callable[[int], tuple[str, int] | None]) -> Labeler:
    """A :data:`Labeler` from a symbol table's ``containing``: gdb's `` <sym+off>``."""

    def label(address: int) -> str:
        hit = containing(address)
        if hit is None:
            return ""
        name, off = hit
        return f" <{name}+{off}>" if off else f" <{name}>"

    return label
