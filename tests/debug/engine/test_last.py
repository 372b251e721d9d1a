"""``last LOC [LEN]`` / ``last REG`` (issue 12 item 4; DESIGN.md §5): the most recent step
before the present that wrote those bytes or that register, by a store, a DMA (which of
its 8 store events), an atomic, a register write or a timeline edit; ``step`` is the count
just after the writing attempt, so ``goto STEP`` shows the new value and ``goto STEP-1``
the old one.  Real programs assembled from source, run by the engine and by batch mode;
a property test compares the indexed answer with a brute-force backward search."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.assembled import ENTRY, counted_loop
from support.paths import PROGRAMS, TEST_PROGRAMS
from support.random_programs import programs

from ptodbg.core.writeset import ALL_GPRS
from ptodbg.debug.commands import batch
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.engine.lastwrite import last_write, memory_target, register_target
from ptodbg.debug.engine.symbols import Symbols
from ptodbg.debug.files.program import open_debugger

DMA_COPY = TEST_PROGRAMS / "dma_copy.s"

# Same-value register writes, a CAS that writes and one that does not (CORE.md §3.4,
# asl/scalar/amo: a failed compare-and-swap performs no write), a call writing ra.
SAME_VALUE = """    .text
    .globl _start
_start:
    addi zero, 7, ->a0          # step 1: a0 = 7
    addi zero, 1, ->a1          # step 2
    addi zero, 7, ->a0          # step 3: a0 = 7 again, the same value
    li a2, cell                 # step 4
    addi zero, 5, ->a3          # step 5: expected
    addi zero, 9, ->a4          # step 6: desired
    casd [a2], a3, a4, ->a5     # step 7: cell == 5: writes 9
    casd [a2], a3, a4, ->a6     # step 8: cell == 9: no write
    c.bstart.sys
    c.ebreak 0
    .data
    .balign 8
cell:
    .dword 5
"""

# A store at the start, then a long loop that never touches the cell's page or s3.
OLD_STORE = """    .text
    .globl _start
_start:
    li s3, cell
    addi zero, 42, ->a1
    sdi a1, [s3, 0]             # step 3: the only write of cell
loop:
    addi a0, 1, ->a0
    hl.liu buf, ->a2
    sdi a0, [a2, 0]
    bstart.std cond, loop
    setc.ltui a0, 2000
    bstop
    c.bstart.sys
    c.ebreak 0
    .data
    .balign 4096
cell:
    .dword 0
    .balign 4096
buf:
    .dword 0
"""


def debugger(tmp_path, source: str, **options):
    path = tmp_path / "prog.s"
    path.write_text(source)
    return open_debugger(str(path), **options)


def batch_lines(d, commands: list[str]) -> list[dict]:
    out = io.StringIO()
    batch.run(d, commands, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def last_of(d, text: str, length: int | None = None):
    target = register_target(d.machine, text) if length is None else None
    if target is None:
        target = memory_target(d, d.resolve(text), length or 8, text)
    return last_write(d, target)


# ------------------------------------------------------------------ batch JSON
def test_last_dst_after_a_dma_names_the_dma_step_and_its_store_event():
    d = open_debugger(str(DMA_COPY))
    lines = batch_lines(d, ["continue", "last dst", "last dst+56 8", "last dst+20 1", "last a1", "last s0"])
    assert lines[0]["state"]["steps"] == 5  # c.ebreak 0 at done+2 (dma_copy.s)
    dma = lines[1]["last"]
    assert dma == {"step": 3, "pc": d.symbols.lookup("_start") + 10, "mnemonic": "DMA", "kind": "dma",
                   "address": d.symbols.lookup("dst"), "size": 64, "event": 9, "events": 16}  # dst's .size is 64
    # Events are numbered as ``events`` lists them and a watchpoint hit names them: the
    # DMA's 8 loads are events 1-8, its stores 9-16 (asl/scalar/amo/DMA.asl: all loads first).
    assert lines[1]["state"]["steps"] == 5  # the query moves nothing
    assert (lines[2]["last"]["event"], lines[2]["last"]["address"]) == (16, d.symbols.lookup("dst") + 56)
    assert lines[3]["last"]["event"] == 11  # byte 20 is in the third 8-byte store event
    assert lines[4]["last"] == {"step": 2, "pc": d.symbols.lookup("_start") + 4, "mnemonic": "HL.LIS",
                                "kind": "register"}
    assert lines[5]["ok"] and lines[5]["last"] is None  # s0: nothing wrote it since load


def test_right_after_the_dma_last_names_it():
    """At step 3 the DMA has just run and dst shows src's bytes: that DMA is their writer
    (the attempt that led to the present step is included)."""
    d = open_debugger(str(DMA_COPY))
    lines = batch_lines(d, ["goto 3", "x dst 8", "last dst", "last a1", "goto 2", "last dst"])
    assert lines[1]["bytes"] == "0102030405060708"  # src's first bytes (dma_copy.s)
    assert (lines[2]["last"]["step"], lines[2]["last"]["kind"], lines[2]["last"]["event"]) == (3, "dma", 9)
    assert lines[3]["last"]["step"] == 2  # the HL.LIS that set a1 = dst
    assert lines[5]["last"] is None  # before the DMA nothing wrote dst since load


def test_goto_step_shows_the_new_value_and_step_minus_one_the_old():
    d = open_debugger(str(DMA_COPY))
    lines = batch_lines(d, ["continue", "last dst+8 8", "goto 3", "x dst+8 8", "goto 2", "x dst+8 8"])
    assert lines[1]["last"]["step"] == 3
    assert lines[3]["bytes"] == "090a0b0c0d0e0f10"  # src's bytes 9..16 (dma_copy.s)
    assert lines[5]["bytes"] == "00" * 8


def test_a_set_mem_edit_is_named_and_repeating_from_the_found_step_finds_the_writer_before():
    d = open_debugger(str(DMA_COPY))
    lines = batch_lines(d, ["goto 3", "set mem dst+8 aabb", "continue", "last dst", "last dst+16 8",
                            "goto 3", "last dst+8 2", "goto 2", "last dst", "last dst+8 2"])
    edit = lines[3]["last"]
    assert (edit["step"], edit["kind"], edit["mnemonic"]) == (3, "set", None)
    assert edit["pc"] == d.symbols.lookup("done")  # TPC at step 3, where the edit was made
    assert (edit["address"], edit["size"]) == (d.symbols.lookup("dst") + 8, 2)
    assert lines[4]["last"]["kind"] == "dma"  # the edit did not touch dst+16
    assert lines[6]["last"]["kind"] == "set"  # at the edit's own step: the edit (applied on arrival)
    # at step 2, before the DMA and the edit: nothing wrote dst since load
    assert lines[8]["last"] is None and lines[9]["last"] is None


def test_a_register_written_with_the_same_value_and_atomics(tmp_path):
    d = debugger(tmp_path, SAME_VALUE)
    d.cont()
    assert d.machine.reg("a0") == 7
    found = last_of(d, "a0")
    assert (found.step, found.mnemonic, found.kind) == (3, "ADDI", "register")
    d.goto(found.step)
    assert last_of(d, "a0").step == 3  # at its step: that write is still the last
    d.goto(found.step - 1)
    assert last_of(d, "a0").step == 1  # just before it: the write before
    d.cont()
    cas = last_of(d, "cell", 8)
    assert (cas.step, cas.mnemonic, cas.kind, cas.address, cas.size) == (7, "CASD", "atomic", d.resolve("cell"), 8)
    assert last_of(d, "a6").step == 8  # the failed CAS still wrote its destination
    assert last_of(d, "zero") is None  # R0 is never written


def test_a_call_block_writes_ra():
    d = open_debugger(str(TEST_PROGRAMS / "call_blocks.s"))
    d.cont()
    found = last_of(d, "ra")
    assert found.mnemonic == "BSTART.CALL" and found.pc == d.symbols.lookup("ret1")


def test_a_store_in_an_older_interval_is_found_past_many_snapshots(tmp_path):
    d = debugger(tmp_path, OLD_STORE, interval=64)
    d.cont()
    assert d.steps > 10_000 and len(d.history.summaries()) > 150
    found = last_of(d, "cell", 8)
    assert (found.step, found.mnemonic, found.kind) == (3, "SDI", "store")
    assert last_of(d, "s3").step == 1  # li s3, cell
    assert last_of(d, "a0").step == 3 + 6 * 1999 + 1  # the last iteration's addi (6 per iteration)
    d.goto(found.step - 1)
    assert last_of(d, "cell", 8) is None


# A hot loop (translated into one block, ptodbg.core.translate) writes a5 with the same
# value each iteration; a second loop runs long after it without touching a5.
HOT_SAME_VALUE = """    .text
    .globl _start
_start:
first:
    addi a0, 1, ->a0
    addi zero, 3, ->a5
    bstart.std cond, first
    setc.ltui a0, 1000
    bstop
second:
    addi a1, 1, ->a1
    bstart.std cond, second
    setc.ltui a1, 3000
    bstop
    c.bstart.sys
    c.ebreak 0
"""


def test_same_value_writes_inside_translated_blocks_are_indexed(tmp_path):
    d = debugger(tmp_path, HOT_SAME_VALUE, interval=64)
    d.cont()
    assert d.machine.blocks.entries(), "the loops ran as translated blocks"
    found = last_of(d, "a5")
    assert (found.step, found.mnemonic) == (5 * 999 + 2, "ADDI")  # 5 attempts per iteration
    d.goto(found.step - 1)
    assert last_of(d, "a5").step == 5 * 998 + 2


def test_after_thinning_the_index_still_finds_the_old_store(tmp_path):
    d = debugger(tmp_path, OLD_STORE, interval=64, budget_bytes=96 << 10)
    d.cont()
    assert d.history.thinned > 0 and len(d.history) < len(d.history.summaries())
    found = last_of(d, "cell", 8)
    assert (found.step, found.kind) == (3, "store")
    assert last_of(d, "s3").step == 1


def test_unmapped_bytes_are_an_error_and_bad_input_is_one_clear_sentence():
    d = open_debugger(str(DMA_COPY))
    lines = batch_lines(d, ["last 0xdead00000000", "last dst 0", "last", "last a0 1 2", "last nosuchsymbol"])
    assert lines[0] == {"command": "last 0xdead00000000", "ok": False,
                        "error": "last: cannot access memory at 0xdead00000000"}
    assert all(not line["ok"] for line in lines[1:])
    assert "length 0 must be" in lines[1]["error"] and "usage" in lines[2]["error"]


def test_an_interrupt_ends_the_search_and_a_stale_one_does_not(tmp_path):
    d = debugger(tmp_path, OLD_STORE, interval=64)
    d.cont()
    end = d.steps
    d.interrupt.set()  # left over from an earlier command: dropped as the query starts
    assert last_of(d, "cell", 8).step == 3
    d.on_progress = lambda step: d.interrupt.set()  # ctrl+c while it re-runs
    line = batch_lines(d, ["last cell"])[0]
    # DESIGN.md §5: an interrupt ends the running command with its line, status "interrupted";
    # no "last" key: the search proved nothing (null would say "nothing wrote it")
    assert line["ok"] and line["state"]["status"] == "interrupted" and "last" not in line
    assert line["message"].startswith("interrupted: no write of cell")
    assert d.steps == end and line["state"]["steps"] == end  # back at the present


def test_the_help_and_the_command_facts():
    d = open_debugger(str(DMA_COPY))
    spec = next(s for s in batch_commands(d).specs() if s.name == "last")
    assert spec.long is True and spec.arguments == ("expression", "count")
    assert "last LOC [LEN]" in batch_lines(d, ["help last"])[0]["message"]


def batch_commands(d):
    from ptodbg.debug.commands import Commands

    return Commands(d)


# ------------------------------------------------------------------ property
def brute_force(d, target) -> tuple[int, str] | None:
    """The last write up to the present found by stepping back one attempt at a time:
    edits at a step come after its attempt (they are applied on arrival there)."""
    m = d.machine
    now = m.steps
    edits = [e for e in d.edits[: d.cursor] if e.step <= now and _edit_hits(e, target, m)]
    found = None
    for s in range(now, -1, -1):
        if any(e.step == s for e in edits):
            found = (s, "set")
            break
        if s == 0:
            break
        d.goto(s - 1)
        before = m.mem.peek(target.low, target.high - target.low)
        res = m.step()
        if target.reg is not None:
            wrote = bool(res.written >> target.reg & 1)
        else:
            wrote = m.mem.peek(target.low, target.high - target.low) != before or any(
                ev.kind in ("store", "atomic") and ev.performed and ev.touches(target.low, target.high)
                for ev in res.events)
        if wrote:
            found = (s, "write")
            break
    d.goto(now)
    return found


def _edit_hits(edit, target, m) -> bool:
    if target.reg is not None:
        return edit.kind == "reg" and m.reg_index(edit.args[0]) == target.reg
    return edit.kind == "mem" and edit.args[0] < target.high and target.low < edit.args[0] + len(edit.args[1])


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(programs(max_segments=10), st.data())
def test_last_agrees_with_a_brute_force_backward_search(prog, data):
    d = prog.debugger(interval=16, budget_bytes=data.draw(st.sampled_from([64 << 10, 256 << 20])))
    d.cont(5000)
    total = d.steps
    data_address = prog.data_address
    for _ in range(3):
        d.goto(data.draw(st.integers(0, total)))
        if data.draw(st.booleans()) and d.steps:
            if data.draw(st.booleans()):
                d.set_register(data.draw(st.sampled_from(["a0", "a1", "s0"])), 0x1234)
            else:
                d.set_memory(data_address + 8 * data.draw(st.integers(0, 15)), b"\x55" * 8)
            d.goto(data.draw(st.integers(d.steps, total)))
        if data.draw(st.booleans()):
            target = register_target(d.machine, data.draw(st.sampled_from(
                ["a0", "a1", "a2", "a3", "a7", "s0", "s2", "s4", "s6", "ra"])))
        else:
            length = data.draw(st.sampled_from([1, 8, 64]))
            low = data_address + data.draw(st.integers(0, 0x2000 - length))  # the data area (random_programs)
            target = memory_target(d, low, length, "data")
        here = d.steps
        found = last_write(d, target)
        assert d.steps == here
        expected = brute_force(d, target)
        got = None if found is None else (found.step, "set" if found.kind == "set" else "write")
        assert got == expected, (target, here)


def test_a_run_with_a_watchpoint_keeps_the_register_index(tmp_path):
    """With a watchpoint set the machine runs instruction by instruction; the index still
    names only the registers written (``cell``'s write is the watch's single hit)."""
    d = debugger(tmp_path, OLD_STORE, interval=64)
    d.add_watchpoint("buf", 8, "w")
    while d.cont().status == "watchpoint":
        pass
    summaries = d.history.summaries()
    s3 = d.machine.reg_index("s3")
    assert len(summaries) > 150 and all(not s.regs >> s3 & 1 for s in summaries[1:])
    assert last_of(d, "s3").step == 1 and last_of(d, "cell", 8).step == 3


@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(programs(max_segments=10, rich=True), st.data())
def test_last_agrees_with_brute_force_on_rich_self_modifying_programs(prog, data):
    """Compiled-code forms, calls through BSTART.CALL blocks and code that rewrites its
    own page (random_programs' rich mode), run as translated blocks."""
    p = prog.program()
    symbols = Symbols({s.name: s.value for s in p.symbols if s.name}, {})
    d = Debugger(prog.machine(writable_code=True), symbols, interval=16)
    d.cont(5000)
    total = d.steps
    for _ in range(3):
        d.goto(data.draw(st.integers(0, total)))
        if data.draw(st.booleans()):
            target = register_target(d.machine, data.draw(st.sampled_from(
                ["a0", "a3", "a7", "x0", "x1", "x3", "s2", "ra"])))
        else:
            length = data.draw(st.sampled_from([1, 8, 64]))
            target = memory_target(d, prog.data_address + data.draw(st.integers(0, 0x2000 - length)), length, "data")
        found = last_write(d, target)
        got = None if found is None else (found.step, "set" if found.kind == "set" else "write")
        assert got == brute_force(d, target), target


def test_every_register_change_of_compiled_programs_is_in_the_static_write_mask():
    """The index is a superset only if each instruction's static mask holds every register
    it changes (ptodbg.core.writeset): checked attempt by attempt on compiled C++ (linux
    profile: system calls write a0, FENTRY/FRET move sp and reload registers, calls
    write ra)."""
    from support.paths import PROGRAMS

    from ptodbg.core.writeset import static_mask

    for name in ("01_containers.static", "02_algorithms.static"):
        d = open_debugger(str(PROGRAMS / name), profile="linux", compat="linx-v0.4")
        m = d.machine
        mnemonics = set()
        while m.exit_code is None and m.steps < 200_000:
            before = list(m.r)
            res = m.step()
            if res.kind == "halt":  # exit_group
                break
            changed = sum(1 << i for i in range(1, 24) if m.r[i] != before[i])
            if res.form is not None and res.trap is None:
                mnemonics.add(res.form.mnemonic)
                mask = static_mask(m, res.form, res.form.values(res.insn))
                assert changed & ~mask == 0, (name, hex(res.pc), res.form.mnemonic, hex(changed & ~mask))
                assert res.written & ~mask == 0 and changed & ~res.written == 0
        assert m.exit_code == 0 and {"FENTRY", "ACRC"} <= mnemonics, mnemonics
        assert mnemonics & {"FEXIT", "FRET.RA", "FRET.STK"} and mnemonics & {"BSTART.CALL", "HL.BSTART.STD.CALL"}


def test_a_frame_return_writes_its_stack_pointer_and_ra_but_not_a0():
    """FRET.STK [ra ~ ra] in the linx-v0.4 mode moves R1 (sp) and reloads ra; a0, the
    return value, was last written by the C.MOVR before it (02_algorithms.static)."""
    program = PROGRAMS / "02_algorithms.static"
    if not program.exists():
        pytest.skip("the shared programs are not here")
    d = open_debugger(str(program), profile="linux", compat="linx-v0.4")
    lines = batch_lines(d, ["break cpp_gate_case02", "continue", "finish", "last a0", "last sp", "last ra"])
    assert lines[2]["value"] == 0 and lines[2]["ok"]
    assert (lines[3]["last"]["mnemonic"], lines[3]["last"]["pc"]) == ("C.MOVR", d.symbols.lookup("cpp_gate_case02") + 6)
    assert lines[4]["last"]["mnemonic"] == lines[5]["last"]["mnemonic"] == "FRET.STK"
    assert lines[4]["last"]["step"] == lines[3]["last"]["step"] + 1


# A cell stored with new values, then again and again with the value it already holds
# (same-value stores), then a tail that never touches its page.
SAME_BYTES = (
    ENTRY
    + "    li s3, cell\n"
    + counted_loop("count", "a0", 40, "sdi a0, [s3, 0]")
    + counted_loop("again", "a1", 30, "sdi a0, [s3, 0]")
    + counted_loop("tail", "a2", 60)
    + """\
    c.bstart.sys
    c.ebreak 0
    .data
    .balign 8
cell:
    .dword 0
"""
)


@pytest.mark.parametrize("interval", range(6, 22))
def test_a_same_value_store_to_a_hot_page_is_found(tmp_path, interval):
    """A page written in one interval stays writable in place after the next snapshot
    (memory.share_all); a store there of the bytes the page already holds changes no page
    object, so the index lists the page from the memory's record of pages written in place.
    Every interval length puts the last same-value store in a different interval; the
    answer must be the one a search from the start (one snapshot, no index) gives."""
    oracle = debugger(tmp_path, SAME_BYTES, interval=1 << 40)
    oracle.cont()
    expected = last_of(oracle, "cell", 8).step
    d = debugger(tmp_path, SAME_BYTES, interval=interval)
    d.cont()
    assert d.steps == oracle.steps and len(d.history) > 10
    assert last_of(d, "cell", 8).step == expected


def test_without_write_tracking_the_index_is_coarser_but_last_is_still_exact(tmp_path):
    """``ptodbg run`` turns write tracking off (``Machine.track_writes``): every instruction
    then counts as writing every GPR (a superset), so the run executes the same way and
    ``last`` still names the real writer, by re-running more intervals."""
    exact = debugger(tmp_path, HOT_SAME_VALUE, interval=64)
    coarse = debugger(tmp_path, HOT_SAME_VALUE, interval=64)
    coarse.machine.track_writes = False
    exact.cont()
    coarse.cont()
    assert (coarse.steps, coarse.machine.pc, coarse.machine.r) == (exact.steps, exact.machine.pc, exact.machine.r)
    assert set(coarse.machine.decode.write_masks.values()) == {ALL_GPRS}
    assert ALL_GPRS not in set(exact.machine.decode.write_masks.values())
    for reg in ("a0", "a1", "a5"):
        assert last_of(coarse, reg) == last_of(exact, reg)
