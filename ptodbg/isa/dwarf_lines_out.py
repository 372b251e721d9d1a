"""DWARF 4 line information for assembled programs: ``.debug_line`` with the compile unit
(``.debug_info``, ``.debug_abbrev``) that points readers at it.

``ptodbg asm`` and the in-memory assembly of a ``.s`` program call :func:`debug_sections`
so that a debugger can map addresses to source lines and back (docs/interfaces.md §9).  The
output is what GNU ``as -g`` writes for an assembly file, reduced to what the line
table needs:

* ``.debug_line``: one line-number program (version 4, header per DWARF 4 §6.2.4) with
  one *sequence* per executable section.  Each sequence sets the section's address
  (``DW_LNE_set_address``), emits one row per source statement (special opcodes when the
  line and address advance fit, ``DW_LNS_advance_line``/``DW_LNS_advance_pc`` +
  ``DW_LNS_copy`` otherwise) and ends at the section's end (``DW_LNE_end_sequence``).
  The instructions a pseudo-instruction expands to share the row of its line.
* ``.debug_info`` + ``.debug_abbrev``: one ``DW_TAG_compile_unit`` (DWARF 4, 64-bit
  addresses) with ``DW_AT_stmt_list`` = 0, the source name, the compilation directory,
  the producer, ``DW_LANG_Mips_Assembler`` and ``DW_AT_low_pc``/``DW_AT_high_pc``
  spanning the code (readers find the line program of an address through it).

The file is named as the assembler was given it: an absolute name keeps its directory
as include directory 1; a relative one is relative to the compilation directory (the
working directory at assembly time, as GNU ``as`` records it).  ``readelf
--debug-dump=line``, ``objdump --dwarf=decodedline`` and pyelftools read the result
(tests/dap/test_dwarf_lines.py checks all three).
"""

from __future__ import annotations

import os
import struct
from collections.abc import Iterable, Mapping

VERSION = 4
MIN_INSTRUCTION_LENGTH = 1  # addresses advance in bytes (a section may end on an odd byte)
LINE_BASE = -5
LINE_RANGE = 14
OPCODE_BASE = 13
STANDARD_OPCODE_LENGTHS = (0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1)
PRODUCER = "ptodbg asm"

# Standard and extended opcodes (DWARF 4 §6.2.5.2, §6.2.5.3; values from §7.21).
DW_LNS_copy = 0x01
DW_LNS_advance_pc = 0x02
DW_LNS_advance_line = 0x03
DW_LNE_end_sequence = 0x01
DW_LNE_set_address = 0x02

# Debugging-information entry codes (DWARF 4 §7.5).
DW_TAG_compile_unit = 0x11
DW_CHILDREN_no = 0x00
DW_AT_name = 0x03
DW_AT_stmt_list = 0x10
DW_AT_low_pc = 0x11
DW_AT_high_pc = 0x12
DW_AT_language = 0x13
DW_AT_comp_dir = 0x1B
DW_AT_producer = 0x25
DW_FORM_addr = 0x01
DW_FORM_data2 = 0x05
DW_FORM_data8 = 0x07
DW_FORM_string = 0x08
DW_FORM_sec_offset = 0x17
DW_LANG_Mips_Assembler = 0x8001

SECTION_NAMES = (".debug_abbrev", ".debug_info", ".debug_line")


def uleb128(value: int) -> bytes:
    if value < 0:
        raise ValueError("ULEB128 of a negative number")
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def sleb128(value: int) -> bytes:
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        done = (value == 0 and not byte & 0x40) or (value == -1 and byte & 0x40)
        out.append(byte if done else byte | 0x80)
        if done:
            return bytes(out)


def _cstr(text: str) -> bytes:
    data = text.encode("utf-8", "surrogateescape")
    if b"\0" in data:
        raise ValueError(f"a DWARF string cannot hold NUL: {text!r}")
    return data + b"\0"


def _sequence(start: int, end: int, rows: list[tuple[int, int]]) -> bytes:
    """The opcodes of one sequence: rows (address, line) sorted by address, all inside
    [start, end); the sequence runs from the first row to ``end``."""
    out = bytearray()
    address, line = rows[0][0], 1
    out += b"\0" + uleb128(9) + bytes([DW_LNE_set_address]) + struct.pack("<Q", address)
    for row_address, row_line in rows:
        line_delta = row_line - line
        address_delta = (row_address - address) // MIN_INSTRUCTION_LENGTH
        opcode = (line_delta - LINE_BASE) + LINE_RANGE * address_delta + OPCODE_BASE
        if LINE_BASE <= line_delta < LINE_BASE + LINE_RANGE and opcode <= 255:
            out.append(opcode)
        else:
            if line_delta:
                out += bytes([DW_LNS_advance_line]) + sleb128(line_delta)
            if address_delta:
                out += bytes([DW_LNS_advance_pc]) + uleb128(address_delta)
            out.append(DW_LNS_copy)
        address, line = row_address, row_line
    if end > address:
        out += bytes([DW_LNS_advance_pc]) + uleb128((end - address) // MIN_INSTRUCTION_LENGTH)
    out += b"\0" + uleb128(1) + bytes([DW_LNE_end_sequence])
    return bytes(out)


def line_program(filename: str, sequences: Iterable[tuple[int, int, list[tuple[int, int]]]]) -> bytes:
    """``.debug_line`` for one source file: ``sequences`` are (start, end, rows)."""
    directory, base = os.path.split(filename)
    include = _cstr(directory) if directory else b""
    header = bytearray()
    header += bytes([MIN_INSTRUCTION_LENGTH, 1, 1]) + struct.pack("<bBB", LINE_BASE, LINE_RANGE, OPCODE_BASE)
    header += bytes(STANDARD_OPCODE_LENGTHS)
    header += include + b"\0"  # include_directories (0 is the compilation directory)
    header += _cstr(base or filename) + uleb128(1 if directory else 0) + uleb128(0) + uleb128(0) + b"\0"
    program = b"".join(_sequence(start, end, rows) for start, end, rows in sequences)
    after_length = struct.pack("<H", VERSION) + struct.pack("<I", len(header)) + bytes(header) + program
    return struct.pack("<I", len(after_length)) + after_length


def compile_unit(filename: str, comp_dir: str, low: int, high: int) -> tuple[bytes, bytes]:
    """(``.debug_abbrev``, ``.debug_info``) of the one compile unit."""
    attributes = (
        (DW_AT_producer, DW_FORM_string), (DW_AT_language, DW_FORM_data2),
        (DW_AT_name, DW_FORM_string), (DW_AT_comp_dir, DW_FORM_string),
        (DW_AT_stmt_list, DW_FORM_sec_offset), (DW_AT_low_pc, DW_FORM_addr),
        (DW_AT_high_pc, DW_FORM_data8),
    )
    abbrev = bytearray(uleb128(1) + uleb128(DW_TAG_compile_unit) + bytes([DW_CHILDREN_no]))
    for attribute, form in attributes:
        abbrev += uleb128(attribute) + uleb128(form)
    abbrev += b"\0\0" + b"\0"  # end of the attribute list, end of the abbreviations
    die = (uleb128(1) + _cstr(PRODUCER) + struct.pack("<H", DW_LANG_Mips_Assembler) + _cstr(filename)
           + _cstr(comp_dir) + struct.pack("<I", 0) + struct.pack("<QQ", low, high - low))
    body = struct.pack("<HIB", VERSION, 0, 8) + die
    return bytes(abbrev), struct.pack("<I", len(body)) + body


def debug_sections(
    filename: str,
    lines: Mapping[int, int],
    code: Iterable[tuple[int, int]],
    comp_dir: str | None = None,
) -> dict[str, bytes]:
    """The DWARF sections for a program assembled from ``filename``.

    ``lines`` maps the address of each statement's first instruction to its 1-based
    source line; ``code`` lists the executable sections as (address, length).  Rows
    outside every code range are dropped.  Returns {} when there is nothing to describe."""
    ranges = sorted((start, start + length) for start, length in code if length > 0)
    ordered = sorted(lines.items())
    sequences = []
    for start, end in ranges:
        rows = [(a, line) for a, line in ordered if start <= a < end and line > 0]
        if rows:
            sequences.append((start, end, rows))
    if not sequences:
        return {}
    low = min(rows[0][0] for _, _, rows in sequences)
    high = max(e for _, e, _ in sequences)
    abbrev, info = compile_unit(filename, os.getcwd() if comp_dir is None else comp_dir, low, high)
    return {".debug_abbrev": abbrev, ".debug_info": info, ".debug_line": line_program(filename, sequences)}
