"""The assembler (ptodbg.isa.asm): directives, labels, expressions, the li/mv
pseudo-instructions (checked by running them) and FILE:LINE:COL error messages."""

from __future__ import annotations

import pytest
from support import core_programs as cp

from ptodbg.core import DEBUG, Machine
from ptodbg.core.loader import load
from ptodbg.isa.asm import (
    AsmError,
    assemble,
    assemble_unit,
    li_expansion,
    split_statements,
    strip_comments,
)
from ptodbg.isa.elf import parse_program

MASK64 = (1 << 64) - 1
STOP = "\n    c.bstart.sys\n    c.ebreak 0\n"


def text_bytes(source: str, base: int = 0x10000) -> bytes:
    a = assemble_unit(source, "t.s", text_base=base)
    return bytes(a.section(".text").data)


def words(*values: tuple[int, int]) -> bytes:
    return b"".join(v.to_bytes(n, "little") for v, n in values)


def run(source: str, steps: int = 200) -> Machine:
    m = Machine(DEBUG)
    load(m, parse_program(assemble(source, "t.s"), "t.s"))
    m.run(steps)
    return m


def error_of(source: str) -> str:
    with pytest.raises(AsmError) as info:
        assemble(source, "t.s")
    return str(info.value)


# ------------------------------------------------------------ CORE.md §1.9
def test_core_loop_program_matches_hand_assembly():
    """CORE.md §1.9 "Loop": the hand-assembled words, at address 0."""
    assert text_bytes(cp.LOOP_SRC, 0) == words(*cp.words_of(cp.LOOP))


def test_core_call_programs_match_hand_assembly():
    """CORE.md §1.9 "Call/return without blocks" and "with blocks"."""
    assert text_bytes(cp.CALL_PLAIN_SRC, 0) == words(*cp.words_of(cp.CALL_PLAIN))
    assert text_bytes(cp.CALL_BLOCKS_SRC, 0) == words(*cp.words_of(cp.CALL_BLOCKS))


# ---------------------------------------------------------------- directives
def test_sections_and_default_layout():
    a = assemble_unit("""
        .text
    _start: c.bstop
        .data
    d:  .byte 1
        .section .rodata
    r:  .byte 2
        .bss
    b:  .zero 10
        .section .data.two, "aw"
    d2: .byte 3
        .section .mine, "ax"
    x:  c.bstop
    """, "t.s")
    addr = {s.name: s.addr for s in a.sections}
    assert addr[".text"] == 0x10000
    # executable first, then read-only, then writable, then NOBITS; each on a fresh page
    assert addr[".mine"] == 0x11000 and addr[".rodata"] == 0x12000
    assert addr[".data"] == 0x13000 and addr[".data.two"] == 0x14000 and addr[".bss"] == 0x15000
    flags = {s.name: (s.flags, s.nobits) for s in a.sections}
    assert flags[".bss"] == ("aw", True) and flags[".rodata"] == ("a", False) and flags[".mine"] == ("ax", False)
    assert a.symbols["b"].value == 0x15000 and a.symbols["d2"].value == 0x14000
    assert a.entry == 0x10000


def test_vaddr_pins_a_section():
    a = assemble_unit(".text\n.vaddr 0x11240\n_start: j _start\n.data\n.vaddr 0x10100\nv: .word 1\n", "t.s")
    assert a.section(".text").addr == 0x11240 and a.section(".data").addr == 0x10100
    assert a.entry == 0x11240


def test_data_directives_little_endian():
    a = assemble_unit("""
    _start: c.bstop
        .data
        .byte 1, -1, 'a', 255
        .half 0x1234, -2
        .short 7
        .word 0x12345678
        .long -1
        .dword 0x0102030405060708, lab
        .quad 2**0 + 1
        .ascii "ab\\n\\x41\\101\\"", "c"
        .asciz "z"
        .string ""
    lab:
    """.replace("2**0 + 1", "2"), "t.s")
    data = bytes(a.section(".data").data)
    expect = (bytes([1, 0xFF, 0x61, 0xFF]) + (0x1234).to_bytes(2, "little") + (0xFFFE).to_bytes(2, "little")
              + (7).to_bytes(2, "little") + (0x12345678).to_bytes(4, "little") + b"\xff" * 4
              + (0x0102030405060708).to_bytes(8, "little") + (0x11000 + 52).to_bytes(8, "little")
              + (2).to_bytes(8, "little") + b'ab\nAA"' + b"c" + b"z\0" + b"\0")
    assert data == expect and len(expect) == 52
    assert a.symbols["lab"].value == 0x11000 + len(expect)


def test_zero_align_and_fill():
    a = assemble_unit("""
    _start: c.bstop
        .data
        .byte 1
        .align 2
    w:  .byte 2
        .p2align 3, 0xee
    q:  .byte 3
        .balign 16
    s:  .zero 3, 0x5a
        .skip 2
        .space 1
    """, "t.s")
    data = bytes(a.section(".data").data)
    base = a.section(".data").addr
    assert a.symbols["w"].value == base + 4 and a.symbols["q"].value == base + 8 and a.symbols["s"].value == base + 16
    assert data[1:4] == b"\0\0\0" and data[5:8] == b"\xee\xee\xee"
    assert data[16:] == b"\x5a\x5a\x5a\0\0\0"
    assert a.section(".data").align == 16


def test_symbols_globl_type_size_set():
    a = assemble_unit("""
        .globl main, helper
        .type main, @function
    main:
        c.bstop
        c.bstop
        .size main, .-main
        .type obj, %object
        .size obj, 8
        .data
    obj: .dword 0
        .set limit, 0x40
        .equ twice, limit * 2
        thrice = limit * 3
        .globl limit
        .text
    helper: c.bstop
    .Llocal: c.bstop
    """, "t.s")
    s = a.symbols
    assert (s["main"].type, s["main"].size, s["main"].binding) == ("func", 4, "global")
    assert (s["obj"].type, s["obj"].size, s["obj"].binding) == ("object", 8, "local")
    assert (s["limit"].section, s["limit"].value, s["limit"].binding) == (None, 0x40, "global")
    assert s["twice"].value == 0x80 and s["thrice"].value == 0xC0
    program = parse_program(a.to_elf(), "t.s")
    names = {sym.name for sym in program.symbols}
    assert ".Llocal" not in names and {"main", "helper", "obj", "limit"} <= names


def test_numeric_local_labels_and_forward_references():
    a = assemble_unit("""
    1:  j 1f
    1:  j 1b
        j 1b
        j later
        j 2f
    2:
    later:
    """, "t.s", text_base=0)
    t = bytes(a.section(".text").data)
    offs = [int.from_bytes(t[i:i + 4], "little") for i in range(0, 20, 4)]
    j = [((w >> 15) & 0x1FFFF) | (((w >> 7) & 0x1F) << 17) for w in offs]
    j = [v - (1 << 22) if v >> 21 else v for v in j]
    assert j == [2, 0, -2, 4, 2]  # halfwords: 1f from 0 -> 4; 1b at 4 -> itself; ...


def test_comments_and_statement_forms():
    a = assemble_unit("""
    # a whole-line comment
    a: b:   addi zero, 1, ->a0   # trailing, t#1 below is a register
            c.add t#1, t#2, ->t  // C++ style
            c.bstop ; semicolon comment
    /* block
       comment */ c.bstop /* inline */
            .ascii "#not a comment;"
    """.replace("c.add t#1, t#2, ->t", "c.movi 1, ->t"), "t.s")
    assert a.symbols["a"].value == a.symbols["b"].value == 0x10000
    assert len(a.section(".text").data) == 4 + 2 + 2 + 2 + len("#not a comment;")
    assert bytes(a.section(".text").data).endswith(b"#not a comment;")


def test_strip_comments_keeps_columns():
    code, open_block = strip_comments("c.sdi t#1, [a0, 8] # x", False)
    assert code == "c.sdi t#1, [a0, 8]   " + " " and not open_block
    code, open_block = strip_comments("x /* y", False)
    assert code.rstrip() == "x" and open_block


def test_statement_columns():
    (st,) = split_statements("  loop:  addi a0, 1, ->a0")
    assert st.labels == [("loop", 3)] and st.op == "addi" and st.op_col == 10 and st.args_col == 15


def test_line_table():
    a = assemble_unit("c.bstop\n\nli a0, 5\nc.bstop\n", "t.s")
    assert a.lines == {0x10000: 1, 0x10002: 3, 0x10004: 4}


# -------------------------------------------------------------------- li / mv
LI_CASES = [
    (0, 2), (15, 2), (-16, 2), (16, 4), (-17, 4), (4095, 4), (-4095, 4), (4096, 4), (-4096, 4),
    (0x7FFFF000, 4), (-(1 << 31), 4), (0x7FFFFFFF, 6), (0x80000000, 6), (0xFFFFFFFF, 6),
    (1 << 32, 6), (1 << 63, 6), (-1, 2), ((1 << 64) - 1, 2), (-(1 << 63), 6),
    (0x1234_5678_0000, 10), (0x7FFF_0000_0000_0123, 12), (0x1_0000_0000 - 5 + (7 << 32), 12),
    (0x123456789ABCDEF0, 16), (0x8000_0000_0000_0001, 12), (0x8000_0001_8000_0001, 16),
]


@pytest.mark.parametrize(("value", "size"), LI_CASES, ids=[hex(v & MASK64) for v, _ in LI_CASES])
def test_li_sequences_are_short_and_correct(value, size):
    """li picks the shortest sequence (CORE.md §5.1, §7.16) and it loads the value."""
    seq = li_expansion(2, value)
    assert sum({"c.movi": 2, "hl.lis": 6, "hl.liu": 6, "hl.lui": 6, "hl.addi": 6, "hl.subi": 6}.get(m, 4)
               for m, _ in seq) == size
    m = run(f"_start:\n    li a0, {value}{STOP}")
    assert m.r[2] == value & MASK64
    assert len(text_bytes(f"li a0, {value}")) == size
    if size < 16:
        assert m.t_valid == 0  # only the general 64-bit recipe touches a queue


def test_li_general_recipe_pushes_one_t_entry():
    m = run(f"_start:\n    li a3, 0x123456789abcdef0{STOP}")
    assert m.r[5] == 0x123456789ABCDEF0 and m.queue("t")[0] == 0x9ABCDEF0


@pytest.mark.parametrize("dest", ["ra", "t", "u", "x3"])
def test_li_to_every_kind_of_destination(dest):
    for v in (5, -3, 0x12345678_9ABCDEF0, 0x1000, 1 << 40):
        m = run(f"_start:\n    li {dest}, {v}{STOP}")
        got = {"ra": m.r[10], "x3": m.r[23], "t": m.queue("t")[0], "u": m.queue("u")[0]}[dest]
        assert got == v & MASK64
    assert li_expansion(10, 5)[0][0] == "addi"  # C.MOVI cannot write ra (that is C.SETRET)


def test_li_of_a_label_converges():
    a = assemble_unit("_start:\n    li a0, far\n    .zero 0x20000\nfar: c.bstop\n", "t.s")
    assert a.symbols["far"].value == 0x10000 + 6 + 0x20000


def test_mv():
    m = run(f"_start:\n    li a1, 77\n    mv a0, a1\n    mv t, a0{STOP}")
    assert m.r[2] == 77 and m.queue("t")[0] == 77
    assert text_bytes("mv a0, a1") == text_bytes("c.movr a1, ->a0")


def test_elf_entry_is_start():
    a = assemble_unit("c.bstop\n_start: c.bstop\n", "t.s")
    assert a.entry == 0x10002
    assert parse_program(a.to_elf()).entry == 0x10002


# -------------------------------------------------------------------- errors
@pytest.mark.parametrize(("source", "expected"), [
    ("adi zero, 1, ->a0", "t.s:1:1: error: unknown mnemonic 'adi'; expected an instruction, li or mv (did you mean andi, addi"),
    ("  addi q0, 1, ->a0", "t.s:1:8: error: unknown register 'q0'; expected a source register"),
    ("addi a0, 5000, ->a0", "t.s:1:10: error: value 5000 is out of range for uimm12; expected 0..4095"),
    ("c.bstop\nldi [sp, 13], ->a0", "t.s:2:10: error: offset 13 is not a multiple of the access size 8; expected a multiple of 8"),
    ("j nowhere", "t.s:1:3: error: undefined symbol 'nowhere'; expected a defined label or constant"),
    ("c.bstart direct, far\n.zero 8192\nfar: c.bstop", "t.s:1:18: error: target 0x12002 is out of range (+8194 bytes from 0x10000); expected an address within -4096..+4094 bytes"),
    ("x: c.bstop\nx: c.bstop", "t.s:2:1: error: duplicate label 'x' (first defined on line 1); expected a new name"),
    (".wrod 5", "t.s:1:1: error: unknown directive '.wrod'; expected a directive such as .text, .word or .align (did you mean .word"),
    (".data\n.byte 300", "t.s:2:7: error: value 300 does not fit in 1 byte; expected -128..255"),
    (".bss\nc.bstop", "t.s:2:1: error: instruction in NOBITS section .bss; expected a PROGBITS section such as .text"),
    (".data\n.byte 1\n.text\n.data\n.byte 1\n.text\nc.bstop\n.section .data\nc.bstop\n.byte 1\nc.bstop",
     "t.s:11:1: error: instruction at odd address 0x11005; expected a 2-byte aligned location (add .align 1)"),
    ("li a0, 1 << 64", "t.s:1:10: error: unexpected '<<'; expected end of the expression"),
    ("li a0, (1 << 64)", "t.s:1:8: error: li value 18446744073709551616 is out of the 64-bit range"),
    ("li a0", "t.s:1:4: error: bad li; expected li REG, IMM"),
    ("li q1, 5", "t.s:1:4: error: unknown destination 'q1'"),
    (".globl ghost", "t.s:1:8: error: undefined symbol 'ghost' in .globl; expected a label defined in this file"),
    (".section .x, \"aq\"", "t.s:1:14: error: unknown section flag 'q'; expected flags from \"awx\""),
    (".ascii abc", "t.s:1:8: error: bad string 'abc'; expected a double-quoted string"),
    ("addi a0, 1, ->a0 extra", "t.s:1:18: error: unexpected 'extra'; expected end of operands"),
    ("  ,", "t.s:1:3: error: unexpected ','; expected a label, an instruction or a directive"),
    (".data\nv: .byte 1", "t.s:1:1: error: the program has no code; expected at least one instruction"),
    ("c.bstop\n.data\n_start: .byte 1", "t.s:3:1: error: _start is in section .data, not at an instruction"),
])
def test_error_messages(source, expected):
    assert error_of(source).startswith(expected)


def test_all_errors_are_collected():
    with pytest.raises(AsmError) as info:
        assemble("addi q0, 1, ->a0\nc.bstop\nj nowhere\n.wrod 1\n", "t.s")
    assert [e[0] for e in info.value.errors] == [1, 3, 4]
    assert info.value.lines()[1].startswith("t.s:3:3: error: undefined symbol")


# ---------------------------------------------------------------- bounded work (issue 10)
def _asm_error(source: str) -> str:
    with pytest.raises(AsmError) as info:
        assemble(source, "t.s")
    return str(info.value)


def test_deep_parentheses_are_an_error_with_position():
    # 1,000 nested parentheses used to end in RecursionError (a traceback from `ptodbg asm`)
    text = _asm_error("_start:\n    li a0, " + "(" * 1000 + "1" + ")" * 1000 + "\n    c.ebreak 0\n")
    assert text.startswith("t.s:2:") and "parentheses nested more than 256 deep" in text


def test_a_number_over_4300_digits_is_too_long_not_a_python_limit():
    for line in ("    li a0, " + "9" * 4400, "    .word " + "1" * 5000, "    addi zero, " + "3" * 4301 + ", ->a0"):
        text = _asm_error("_start:\n" + line + "\n    c.ebreak 0\n")
        assert "number too long" in text and text.startswith("t.s:2:"), text
        assert "int_max_str_digits" not in text and "4300" not in text


def test_statement_count_and_section_size_are_bounded():
    from ptodbg.isa.asm import MAX_STATEMENTS

    text = _asm_error("_start:\n    c.ebreak 0\n" + "1:\n" * (MAX_STATEMENTS + 5))
    assert f"more than {MAX_STATEMENTS} statements" in text
    text = _asm_error("_start:\n    c.ebreak 0\n    .data\n" + "    .zero 67108864\n" * 2)
    assert text.startswith("t.s:4:") and "grow past 64 MiB" in text  # the code + 64 MiB


def test_error_quoting_a_string_with_control_characters_stays_one_line():
    # found by the asm fuzzer: `.section "hi\n"` put a newline into the message
    text = _asm_error('_start:\n    c.ebreak 0\n    .section "hi\\n\\x01"\n')
    assert text == "t.s:3:14: error: bad section name 'hi\\n\\x01'; expected a name such as .data or .text.init"
