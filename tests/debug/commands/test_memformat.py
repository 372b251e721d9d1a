"""gdb's x/FMT, print/FMT and display formats (ptodbg.debug.commands.memformat, ptodbg.debug.commands.displays;
issue 12 item 3, DESIGN.md §5).  The expected strings are written by hand from gdb's
rules (gdb/printcmd.c: decode_format, do_examine, print_scalar_formatted; gdb/valprint.c
generic_printstr with print elements 200 and print repeats 10), not taken from our output.
"""

from __future__ import annotations

import pytest

from ptodbg.debug.commands.displays import Displays, Target, gdb_expression
from ptodbg.debug.commands.memformat import (
    MAX_STRINGS,
    MAX_UNITS,
    Examiner,
    Fmt,
    FormatError,
    StringHole,
    char_literal,
    examine,
    format_value,
    parse_fmt,
    print_value,
    read_string,
    string_literal,
    symbol_label,
)

BASE = 0x11000
MSG = b"Hello, world!\n\x00\xff"


class Unmapped(ValueError):
    pass


def memory(data: bytes, base: int = BASE):
    """A reader over ``data`` at ``base``; anything outside is unmapped (an error naming
    the first unmapped byte, as the engine's reads do)."""
    reads: list[tuple[int, int]] = []

    def read(address: int, size: int) -> bytes:
        reads.append((address, size))
        if address < base:
            raise Unmapped(f"cannot access memory at {address:#x}")
        if address + size > base + len(data):
            raise Unmapped(f"cannot access memory at {max(address, base + len(data)):#x}")
        return data[address - base:address - base + size]

    read.reads = reads  # type: ignore[attr-defined]
    return read


label = symbol_label(lambda a: ("msg", a - BASE) if BASE <= a < BASE + 0x100 else None)


# ------------------------------------------------------------------ /FMT
@pytest.mark.parametrize(("text", "fmt"), [
    ("8gx", Fmt(8, "x", "g", True)),
    ("16xb", Fmt(16, "x", "b", True)),
    ("bx", Fmt(1, "x", "b", False)),
    ("xb", Fmt(1, "x", "b", False)),
    ("3uh", Fmt(3, "u", "h", True)),
    ("s", Fmt(1, "s", "", False)),
    ("4i", Fmt(4, "i", "", True)),
    ("8", Fmt(8, "", "", True)),
])
def test_fmt_is_a_count_then_letters_in_any_order(text, fmt):
    assert parse_fmt(text) == fmt


@pytest.mark.parametrize(("text", "words"), [
    ("q", "undefined output format 'q'"),
    ("xd", "two format letters"),
    ("bw", "two size letters"),
    ("0x", "at least 1"),
    ("f", "floating point"),
    ("-3xb", "negative count"),
    ("9" * 20, "too large"),
])
def test_bad_fmt_is_one_clear_error(text, words):
    with pytest.raises(FormatError, match=words):
        parse_fmt(text)


def test_format_and_size_are_sticky_as_in_gdb():
    """gdb starts at x/xw; x/8gx makes a later x/4 giants in hex; x/s leaves size b;
    a and c pick their own size without changing what follows them."""
    ex = Examiner()
    assert ex.resolve(parse_fmt("4")) == Fmt(4, "x", "w", True)
    first = ex.resolve(parse_fmt("2gd"))
    ex.remember(first, 0x10)
    assert ex.resolve(parse_fmt("4")) == Fmt(4, "d", "g", True)
    assert ex.resolve(parse_fmt("u")) == Fmt(1, "u", "g", False)
    assert ex.resolve(parse_fmt("c")).size == "b"
    assert ex.resolve(parse_fmt("a")).size == "g"
    ex.remember(ex.resolve(parse_fmt("s")), 0x20)
    assert ex.resolve(parse_fmt("x")) == Fmt(1, "x", "b", False)
    assert ex.next_address == 0x20
    with pytest.raises(FormatError, match="size g"):
        ex.resolve(parse_fmt("aw"))


# ------------------------------------------------------------------ values
@pytest.mark.parametrize(("value", "form", "nbytes", "pad", "shown"), [
    (1, "x", 4, True, "0x00000001"),
    (0xFFFF, "x", 2, True, "0xffff"),
    (0xFF, "d", 1, True, "-1"),
    (0xFF, "u", 1, True, "255"),
    (0x8000, "d", 2, True, "-32768"),
    (8, "o", 1, True, "010"),
    (0, "o", 4, True, "0"),
    (5, "t", 1, True, "00000101"),
    (5, "t", 8, False, "101"),
    (0, "t", 8, False, "0"),
    (5, "z", 2, False, "0x0005"),
    (0x48, "c", 1, True, "72 'H'"),
    (0xC8, "c", 1, True, "-56 '\\310'"),
    (0x0A, "c", 1, True, "10 '\\n'"),
    (0x00, "c", 1, True, "0 '\\000'"),
    (0x1B, "c", 1, True, "27 '\\033'"),
])
def test_one_unit_as_gdb_prints_it(value, form, nbytes, pad, shown):
    assert format_value(value, form, nbytes, pad=pad) == shown


def test_char_literals_escape_as_c():
    assert [char_literal(b) for b in (0x27, 0x5C, 0x22, 0x09, 0x7F)] == ["'\\''", "'\\\\'", "'\"'", "'\\t'", "'\\177'"]


@pytest.mark.parametrize(("value", "form", "shown"), [
    (5, "x", "0x5"),
    (-1, "x", "0xffffffffffffffff"),
    (-1, "d", "-1"),
    (-1, "u", "18446744073709551615"),
    (8, "o", "010"),
    (5, "t", "101"),
    (65, "c", "65 'A'"),
    (321, "c", "65 'A'"),  # gdb's /c takes the low byte
    (5, "z", "0x0000000000000005"),
    (BASE + 16, "a", f"{BASE + 16:#x} <msg+16>"),
    (BASE, "a", f"{BASE:#x} <msg>"),
    (0, "a", "0x0"),
])
def test_print_fmt_pads_nothing_but_z(value, form, shown):
    assert print_value(value, form, label) == shown


def test_print_i_is_meaningless():
    with pytest.raises(FormatError, match='meaningless in "print"'):
        print_value(1, "i")


# ------------------------------------------------------------------ strings
@pytest.mark.parametrize(("data", "shown"), [
    (b"hello\n", '"hello\\n"'),
    (b"", '""'),
    (b'say "hi"', '"say \\"hi\\""'),
    (b"it's", '"it\'s"'),
    (b"\xff\x01", '"\\377\\001"'),
    (b"x" * 10, '"xxxxxxxxxx"'),  # 10 is not more than the threshold
    (b"A" * 30, "'A' <repeats 30 times>"),
    (b"ab" + b"x" * 11 + b"cd", "\"ab\", 'x' <repeats 11 times>, \"cd\""),
])
def test_strings_as_gdb_prints_them(data, shown):
    assert string_literal(data) == shown


def test_a_string_stops_at_its_nul_without_reading_past_it():
    """The NUL is the last mapped byte: the read must not touch the byte after it."""
    read = memory(b"abc\x00")
    assert read_string(read, BASE) == (b"abc", False, BASE + 4)


def test_a_long_string_is_cut_at_200_and_the_next_one_goes_on_there():
    read = memory(b"a" * 250 + b"\x00")
    data, cut, after = read_string(read, BASE)
    assert (len(data), cut, after) == (200, True, BASE + 200)
    assert string_literal(data, cut=cut) == "'a' <repeats 200 times>..."
    assert sum(size for _a, size in read.reads) == 200  # never more than the limit


def test_a_string_running_into_unmapped_memory_is_an_error_naming_it():
    with pytest.raises(StringHole, match=f"cannot access memory at {BASE + 3:#x}") as hole:
        read_string(memory(b"abc"), BASE)
    assert hole.value.data == b"abc"
    with pytest.raises(Unmapped, match=f"cannot access memory at {BASE + 3:#x}"):
        read_string(memory(b"abc"), BASE + 3)  # no byte of it is mapped: the reader's own error


def test_x_s_shows_the_part_before_a_hole_then_the_error_as_gdb_does():
    """gdb's val_print_string prints what it read, then ``<error: ...>`` in place; the
    examination ends at the hole (the next x/s would start there)."""
    lines, after = examine(Fmt(3, "s", "b"), BASE, memory(b"hi\x00abc"), label)
    assert lines == [f'{BASE:#x} <msg>:\t"hi"',
                     f'{BASE + 3:#x} <msg+3>:\t"abc"<error: cannot access memory at {BASE + 6:#x}>']
    assert after == BASE + 6


# ------------------------------------------------------------------ x rows
def test_x_16xb_rows_have_8_bytes_and_ascii():
    lines, after = examine(Fmt(16, "x", "b"), BASE, memory(MSG), label)
    assert lines == [
        "0x11000 <msg>:\t0x48\t0x65\t0x6c\t0x6c\t0x6f\t0x2c\t0x20\t0x77\tHello, w",
        "0x11008 <msg+8>:\t0x6f\t0x72\t0x6c\t0x64\t0x21\t0x0a\t0x00\t0xff\torld!...",
    ]
    assert after == BASE + 16


def test_x_row_widths_per_size():
    data = bytes(range(1, 33))
    words, _ = examine(Fmt(5, "x", "w"), BASE, memory(data), label)
    assert words == ["0x11000 <msg>:\t0x04030201\t0x08070605\t0x0c0b0a09\t0x100f0e0d",
                     "0x11010 <msg+16>:\t0x14131211"]
    giants, _ = examine(Fmt(3, "x", "g"), BASE, memory(data), label)
    assert giants == ["0x11000 <msg>:\t0x0807060504030201\t0x100f0e0d0c0b0a09",
                      "0x11010 <msg+16>:\t0x1817161514131211"]
    halves, _ = examine(Fmt(3, "u", "h"), BASE, memory(data), label)
    assert halves == ["0x11000 <msg>:\t513\t1027\t1541"]


def test_x_a_short_byte_row_keeps_the_ascii_column_aligned():
    lines, _ = examine(Fmt(3, "x", "b"), BASE, memory(b"AB\x00"), label)
    assert lines == ["0x11000 <msg>:\t0x41\t0x42\t0x00\t\t\t\t\t\tAB."]


def test_x_c_and_s():
    chars, _ = examine(Fmt(3, "c", "b"), BASE, memory(MSG), label)
    assert chars == ["0x11000 <msg>:\t72 'H'\t101 'e'\t108 'l'"]
    strings, after = examine(Fmt(2, "s", ""), BASE, memory(b"hi\x00yo\n\x00"), label)
    assert strings == ['0x11000 <msg>:\t"hi"', '0x11003 <msg+3>:\t"yo\\n"']
    assert after == BASE + 7


def test_x_i_marks_the_pc_as_gdb():
    def disassemble(address: int) -> tuple[int, str]:
        return (4, "addi a0, 1, ->a0") if address == BASE else (2, "c.bstop")

    lines, after = examine(Fmt(3, "i", ""), BASE, memory(b""), label, disassemble=disassemble, pc=BASE + 4)
    assert lines == ["   0x11000 <msg>:\taddi a0, 1, ->a0", "=> 0x11004 <msg+4>:\tc.bstop",
                     "   0x11006 <msg+6>:\tc.bstop"]
    assert after == BASE + 8


def test_unmapped_memory_is_an_error_never_zeros():
    with pytest.raises(Unmapped, match=f"cannot access memory at {BASE + 16:#x}"):
        examine(Fmt(3, "x", "g"), BASE, memory(MSG), label)


def test_counts_are_bounded_before_any_read():
    read = memory(MSG)
    with pytest.raises(FormatError, match="too large"):
        examine(Fmt(MAX_UNITS + 1, "x", "b"), BASE, read, label)
    with pytest.raises(FormatError, match="too large"):
        examine(Fmt(MAX_STRINGS + 1, "s", ""), BASE, read, label)
    assert read.reads == []


# ------------------------------------------------------------------ displays
def _target(values: dict[str, int]) -> Target:
    def evaluate(text: str) -> int:
        if text not in values:
            raise ValueError(f"unknown name {text!r}")
        return values[text]

    return Target(evaluate, memory(MSG), label, lambda a: (2, "c.bstop"), BASE)


def test_display_lines_as_gdb_shows_them():
    displays = Displays()
    displays.add("a0", None)
    displays.add("a0", parse_fmt("d"))
    displays.add("msg", parse_fmt("4xb"))
    displays.add("$pc", parse_fmt("i"))
    displays.add("nothing", None)
    shown = displays.show(_target({"a0": -2, "msg": BASE, "pc": BASE}))
    assert [e["text"] for e in shown] == [
        ["1: a0 = 0xfffffffffffffffe"],
        ["2: /d a0 = -2"],
        ["3: x/4xb msg", "0x11000 <msg>:\t0x48\t0x65\t0x6c\t0x6c\t\t\t\t\tHell"],
        ["4: x/i $pc", "=> 0x11000 <msg>:\tc.bstop"],
        ["5: nothing = <error: unknown name 'nothing'>"],
    ]
    assert displays.info() == [
        "Auto-display expressions now in effect:", "Num Enb Expression",
        "1:   y  a0", "2:   y  /d a0", "3:   y  /4bx msg", "4:   y  /1bi $pc", "5:   y  nothing",
    ]


def test_display_numbers_are_never_reused_and_unknown_numbers_refused():
    displays = Displays()
    for name in ("a0", "a1", "a2"):
        displays.add(name, None)
    assert displays.remove([2]) == [2]
    assert displays.add("a3", None).number == 4
    with pytest.raises(ValueError, match="no display number 2"):
        displays.remove([1, 2])
    assert sorted(displays.items) == [1, 3, 4]  # nothing removed by the refused call
    assert displays.remove(None) == [1, 3, 4]
    assert displays.info() == ["There are no auto-display expressions now."]


def test_a_display_must_parse():
    with pytest.raises(ValueError, match="ends too early"):
        Displays().add("a0 +", None)


def test_gdb_dollar_registers():
    assert gdb_expression("$pc") == "pc"
    assert gdb_expression("u64[$sp+8]") == "u64[sp+8]"
    assert gdb_expression("$notareg") == "$notareg"
