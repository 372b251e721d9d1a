"""Instruction fetch (CORE.md §2.1) and the machine's side-effect-free ``peek_decode``.

One function, :func:`ptodbg.isa.fetch.fetch_instruction`, reads an instruction's halfwords
and finds its length; the machine's execution fetch, ``peek_decode`` and
``Decoder.decode_bytes`` all use it.
"""

from __future__ import annotations

import random

import pytest
from support.encode import enc

from ptodbg.core import DEBUG, Machine, R, W, X, reference
from ptodbg.core.decodecache import decode_span
from ptodbg.core.faults import INST_PAGE_FAULT
from ptodbg.isa.decoder import STRICT
from ptodbg.isa.fetch import Unfetchable, bytes_reader, fetch_instruction, split_window

CODE = 0x10000


def reader(halves: dict[int, int]):
    return halves.get


# ------------------------------------------------------------------ fetch_instruction
@pytest.mark.parametrize(
    ("halves", "value", "length"),
    [
        ({0: 0xC02C}, 0xC02C, 16),  # c.ebreak 0
        ({0: 0x0115, 2: 0x0001}, 0x00010115, 32),  # nibble 5: 32 bits
        ({0: 0x123E, 2: 0x811D, 4: 0x4567}, 0x4567811D123E, 48),  # HL.LIU (CORE.md §2.4)
        ({0: 0x000F, 2: 0, 4: 1, 6: 0}, 0x000000010000000F, 64),  # L.BSTOP
        ({0: 0x0142, 2: 0x5096}, 0x50960142, 32),  # fused BSTART.CALL
        ({0: 0x0142, 2: 0x0840}, 0x0142, 16),  # C.BSTART DIRECT, then C.BSTART.SYS
    ],
)
def test_length_and_value_follow_the_first_halfword(halves, value, length):
    assert fetch_instruction(reader(halves), 0) == (value, length)


def test_an_unreadable_needed_halfword_names_its_address():
    with pytest.raises(Unfetchable) as e:
        fetch_instruction(reader({0x100: 0x123E, 0x102: 0x811D}), 0x100)
    assert e.value.address == 0x104
    with pytest.raises(Unfetchable) as e:
        fetch_instruction(reader({}), 0x100)
    assert e.value.address == 0x100


def test_the_fused_call_halfword_is_only_peeked():
    """A C.BSTART DIRECT whose next halfword cannot be read is the 16-bit instruction."""
    assert fetch_instruction(reader({0: 0x0142}), 0) == (0x0142, 16)


def test_bytes_reader_and_decode_bytes_share_the_rule():
    data = enc("ADDI", RegDst=2, SrcL=2, uimm12=100)
    read = bytes_reader(data, 0x40)
    assert read(0x40) == 0x0115 and read(0x42) == 0x0641 and read(0x44) is None and read(0x3E) is None
    form, value, length = STRICT.decode_bytes(data)
    assert (form.mnemonic, value, length) == ("ADDI", 0x06410115, 32)
    assert STRICT.decode_bytes(data[:2])[0::2] == (None, 16)  # truncated: the bits available


# ------------------------------------------------------------------ the machine's fetch
def machine_with(code: bytes, perms: int = R | X) -> Machine:
    m = Machine(DEBUG)
    m.mem.map(CODE, 0x1000, perms, code)
    m.pc = CODE
    return m


def test_execution_fetch_faults_at_the_instruction_when_its_tail_is_unmapped():
    """A 32-bit instruction in the last halfword of an executable page, the next page
    unmapped: INST_PAGE_FAULT with the instruction's address as argument."""
    m = machine_with(b"")
    m.mem.poke(CODE + 0xFFE, enc("ADDI", RegDst=2, SrcL=2, uimm12=1)[:2])
    m.pc = CODE + 0xFFE
    res = m.step()
    assert res.trap.number == INST_PAGE_FAULT and res.trap.arg0 == CODE + 0xFFE
    assert "0x11000" in res.trap.reason


def test_the_fused_call_peek_consumes_no_once_injection():
    """A 16-bit C.BSTART DIRECT in the last halfword of a page whose next page is made
    non-executable once: executing it must not consume the injection (its possible
    fused-call halfword is only looked at); the next real fetch there faults."""
    m = machine_with(b"")
    m.mem.map(CODE + 0x1000, 0x1000, R | X, enc("BSTOP"))
    m.mem.poke(CODE + 0xFFE, enc("C.BSTART", "direct", simm12=1))
    m.mem.inject_once(CODE + 0x1000, 0x1000, R)
    m.pc = CODE + 0xFFE
    res = m.step()
    assert res.kind == "executed" and res.length == 16 and m.pc == CODE + 0x1000
    assert m.mem.once  # still pending: the next real fetch there faults once
    res = m.step()
    assert res.trap.number == INST_PAGE_FAULT and "injected once" in res.trap.reason
    assert not m.mem.once


# ------------------------------------------------------------------ peek_decode
def observable(m: Machine):
    return (m.decode.entries(), {k: set(v) for k, v in m.mem.code.items()}, dict(m.mem.fast_write),
            dict(m.mem.perms), dict(m.mem.once), m.steps, m.pc, m.last_trap, list(m.notes))


def test_peek_decode_changes_nothing():
    m = machine_with(enc("ADDI", RegDst=2, SrcL=2, uimm12=1) + enc("BSTOP"), R | W | X)
    m.mem.map(0x30000, 0x1000, R)
    m.mem.inject_once(0x30000, 0x1000, R)  # a pending injection must stay pending
    before = observable(m)
    got = m.peek_decode(CODE)
    assert (got.form.mnemonic, got.insn, got.length, got.problem) == ("ADDI", 0x00110115, 32, None)
    assert got.fetchable
    for pc in (CODE + 4, 0x30000, 0x30FFE, 0x50000, CODE + 1):
        m.peek_decode(pc)
    assert observable(m) == before


def test_peek_decode_reports_what_fetch_would_do():
    m = machine_with(enc("ADDI", RegDst=2, SrcL=2, uimm12=1))
    unmapped = m.peek_decode(0x50000)
    assert (unmapped.form, unmapped.length) == (None, 0) and "unmapped" in unmapped.problem
    m.mem.map(0x30000, 0x1000, R | W, enc("ADDI", RegDst=2, SrcL=2, uimm12=1))
    data = m.peek_decode(0x30000)
    assert data.form.mnemonic == "ADDI" and "not executable" in data.problem and not data.fetchable
    m.mem.poke(CODE + 0xFFE, enc("ADDI", RegDst=2, SrcL=2, uimm12=1)[:2])
    straddle = m.peek_decode(CODE + 0xFFE)
    assert (straddle.form, straddle.length, straddle.insn) == (None, 16, 0x0115)
    assert "0x11000" in straddle.problem


def test_peek_decode_in_the_flat_profile():
    m = Machine(reference(256))
    m.mem.poke(0xFC, enc("C.BSTART.SYS") + enc("C.EBREAK", imm5=0))
    assert m.peek_decode(0xFC).form.mnemonic == "C.BSTART.SYS"
    beyond = m.peek_decode(0xFE + 2)
    assert beyond.length == 0 and "outside the 256-byte memory" in beyond.problem


def test_split_window_is_fetch_instruction_on_readable_bytes():
    """CORE.md §2.1 length rule, fused BSTART.CALL included: the machine's one-read fetch of
    8 fetchable bytes gives what the halfword-by-halfword fetch gives, for every first
    nibble, with and without the C.SETRET pattern after a C.BSTART DIRECT halfword."""
    rng = random.Random("split-window")
    for k in range(20_000):
        window = rng.getrandbits(64)
        if k % 3 == 0:  # force C.BSTART DIRECT + C.SETRET (the fused 32-bit call)
            window = (window & ~0xF & ~(0xF83F << 16)) | 0x2 | (0x5016 << 16)
        data = window.to_bytes(8, "little")
        assert split_window(window) == fetch_instruction(bytes_reader(data), 0), hex(window)


# ------------------------------------------------------------------ decode_span
@pytest.mark.parametrize(
    ("halves", "span"),
    [
        ({0: 0xC02C}, 2),  # c.ebreak 0: its own halfword
        ({0: 0x0115, 2: 0x0001}, 4),  # nibble 5: 32 bits
        ({0: 0x123E, 2: 0x811D, 4: 0x4567}, 6),  # HL.LIU
        ({0: 0x000F, 2: 0, 4: 1, 6: 0}, 8),  # L.BSTOP
        ({0: 0x0142, 2: 0x5096}, 4),  # fused BSTART.CALL
        ({0: 0x0142, 2: 0x0840}, 4),  # C.BSTART DIRECT: the next halfword decides whether it is fused
    ],
)
def test_decode_span_covers_the_bytes_that_decide_the_decode(halves, span):
    """docs/architecture-notes.md, "Instruction length": the length follows the first
    halfword's low nibble, and a C.BSTART DIRECT (nibble 0x2) is fused with a C.SETRET after
    it: the halfword after it takes part in its decode whether or not it is fused (a write
    there can change it)."""
    assert decode_span(halves[0]) == span
    value, length = fetch_instruction(reader(halves), 0)
    assert decode_span(value & 0xFFFF) >= length // 8
    changed = dict(halves)
    for offset in range(0, 8, 2):  # a halfword outside the span cannot change the decode
        if offset >= span:
            changed[offset] = 0x5016
            assert fetch_instruction(reader(changed), 0) == (value, length)
