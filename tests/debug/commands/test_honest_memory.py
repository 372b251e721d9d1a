"""Reading memory that is not mapped is an error, never zeros (issue 10, item 2; DESIGN.md
§5): ``x``, ``print u64[...]``, expressions and breakpoint conditions answer "cannot access
memory at 0x…" naming the first unmapped byte, as gdb does; no range wraps past 2^64.

The program of :mod:`support.engine_program` maps code at 0x10000, src at 0x20000, dst at
0x21000 (one page each) and the stack [0, 0xF000); 0x22000 and 0xdead0000 are unmapped.
"""

from __future__ import annotations

import io
import json

import pytest
from support.engine_program import DST, SRC, make

from ptodbg.core import DEBUG, Machine, R, W
from ptodbg.core.memory import ADDRESS_LIMIT, Memory, Unmapped
from ptodbg.core.profiles import reference
from ptodbg.debug.commands import Commands, batch
from ptodbg.debug.engine.errors import DebugError


# ============================================================ Memory.read_mapped
def test_read_mapped_returns_the_bytes_of_a_mapped_range():
    mem = Memory()
    mem.map(0x1000, 0x2000, R | W, bytes(range(256)) * 32)
    assert mem.read_mapped(0x1ff0, 0x20) == (bytes(range(256)) * 32)[0xff0:0x1010]


@pytest.mark.parametrize(("address", "length", "first"), [
    (0x3000, 1, 0x3000),          # the page after the mapping
    (0x2ff8, 16, 0x3000),         # runs off the end: the first unmapped byte
    (0x0ffc, 8, 0x0ffc),          # starts before it
    (0x1000, 0x4000, 0x3000),     # spans it
])
def test_read_mapped_names_the_first_unmapped_byte(address, length, first):
    mem = Memory()
    mem.map(0x1000, 0x2000, R)
    with pytest.raises(Unmapped) as err:
        mem.read_mapped(address, length)
    assert err.value.address == first
    assert f"cannot access memory at {first:#x}" in str(err.value)


def test_read_mapped_never_wraps_past_the_top_of_the_address_space():
    mem = Memory()
    mem.map(0, 0x1000, R)  # page 0 is mapped: a wrapping read would "succeed" there
    mem.map(ADDRESS_LIMIT - 0x1000, 0x1000, R)
    assert mem.read_mapped(ADDRESS_LIMIT - 8, 8) == bytes(8)
    with pytest.raises(Unmapped) as err:
        mem.read_mapped(ADDRESS_LIMIT - 1, 16)
    assert err.value.address == ADDRESS_LIMIT
    assert "cannot access memory at 0x10000000000000000" in str(err.value)
    assert "end of the 64-bit address space" in str(err.value)


def test_read_mapped_is_page_wise():
    """A 1 MiB read of a mapped range checks 256 pages, not a million bytes, and an
    unmapped range of any length answers at its first page."""
    mem = Memory()
    mem.map(0x100000, 1 << 20, R)
    assert len(mem.read_mapped(0x100000, 1 << 20)) == 1 << 20
    with pytest.raises(Unmapped):
        mem.read_mapped(0x900000, 1 << 40)  # would allocate a terabyte if it were read


def test_read_mapped_in_the_reference_profile_ends_at_its_memory():
    m = Machine(reference(256))
    assert m.mem.read_mapped(0xf8, 8) == bytes(8)
    with pytest.raises(Unmapped) as err:
        m.mem.read_mapped(0xf8, 16)
    assert err.value.address == 0x100


# ================================================================ commands
@pytest.mark.parametrize(("line", "first"), [
    ("x 0xdead0000 8", 0xdead0000),
    ("x 0xffffffffffffffff 16", 0xffffffffffffffff),
    (f"x {DST + 0xff8:#x} 16", DST + 0x1000),
    ("x -8 16", 0xfffffffffffffff8),
    ("print u64[0xdead0000]", 0xdead0000),
    ("print [0xdead0000]", 0xdead0000),
    (f"print u8[{SRC:#x}] + u64[0x22000]", 0x22000),
    (f"print s32[{DST + 0xffe:#x}]", DST + 0x1000),
    ("until u64[0xdead0000]", 0xdead0000),
    ("watch u64[0xdead0000]+8", 0xdead0000),  # (u64[0xdead0000] alone is a location: watch -l)
    ("watch -l u64[u64[0xdead0000]]", 0xdead0000),
])
def test_commands_reading_unmapped_memory_fail_naming_the_first_unmapped_byte(line, first):
    c = Commands(make())
    r = c.execute(line)
    assert not r.ok, r.message
    assert f"cannot access memory at {first:#x}" in r.error, r.error
    assert "\n" not in r.error


def test_reads_of_mapped_memory_still_work():
    d = make()
    c = Commands(d)
    r = c.execute(f"x {SRC:#x} 8")
    assert r.ok and r.extra["bytes"] == bytes((i * 7 + 3) & 0xFF for i in range(8)).hex()
    r = c.execute(f"print u8[{SRC + 1:#x}]")
    assert r.ok and r.extra["value"] == 10
    r = c.execute(f"x {DST + 0xff8:#x} 8")  # the last bytes of the mapping
    assert r.ok and r.extra["bytes"] == "00" * 8


def test_memory_api_raises_a_debug_error():
    d = make()
    with pytest.raises(DebugError, match="cannot access memory at 0x22000"):
        d.memory(DST + 0x800, 0x1000)
    with pytest.raises(DebugError, match="cannot access memory at 0xdead0000"):
        d.evaluate("u16[0xdead0000]")


def test_batch_x_of_unmapped_memory_is_ok_false():
    d = make()
    out = io.StringIO()
    code = batch.run(d, ["x 0xdead0000 8", "x 0xffffffffffffffff 16"], out)
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert code == 1
    assert lines[0] == {"command": "x 0xdead0000 8", "ok": False, "error": "x: cannot access memory at 0xdead0000"}
    assert lines[1]["ok"] is False and "0xffffffffffffffff" in lines[1]["error"]


def test_a_condition_reading_unmapped_memory_stops_with_a_condition_error():
    """A breakpoint condition that cannot be evaluated stops the run (as gdb does) and
    says why; it does not read zeros or end the command with an internal error."""
    d = make()
    bp = d.add_breakpoint("copy", "u64[0xdead0000] == 0")
    stop = d.cont()
    assert stop.status == "breakpoint" and stop.breakpoint == bp.ident
    assert "condition error" in stop.message and "cannot access memory at 0xdead0000" in stop.message


def test_a_machine_with_the_stack_mapped_reads_it():
    m = Machine(DEBUG)
    m.mem.map(0, 0xF000, R | W)
    assert m.mem.read_mapped(0xEFF8, 8) == bytes(8)
