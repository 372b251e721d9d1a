"""Block translation is exact (issue 15, DESIGN.md §8): a differential property test.

Random valid programs (:func:`support.random_programs.programs` with ``rich=True``: the
forms compiled code uses, COND loops and skips, SETRET/J/JR and BSTART.CALL calls,
loads/stores/DMA, LR/SC, stores into the code page and self-modifying code) run on two
machines: one per instruction (``translate_after = None``), one translating every run of
instructions the first time it starts (``translate_after = 0``).  Both get the same random
sequence of operations - runs of random lengths (so budgets end mid-block), single steps
on the precise path (events compared), breakpoints (stop addresses) added and removed,
watchpoints, page permissions revoked for good or once (faults inside blocks, data and
fetch), snapshots restored, registers and code bytes edited between runs - and after
every operation the complete state (every field of a snapshot: registers, queues, TPC,
block state, reservation, steps, trap banks, memory bytes, permissions) and what the
operation returned must be equal.  A trap stop caused by a permission is undone the way a
debugger user would: permissions back, RecoverTrapContext, go on.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support.random_programs import RandomProgram, alu_words, full_state, programs

from ptodbg.core import Machine, R, W, X
from ptodbg.core.faults import SW_BREAKPOINT
from ptodbg.core.memory import PAGE_SIZE, Watch

EXAMPLES = settings(
    max_examples=70,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
OPERATIONS = ("run", "run", "run", "run", "tail", "big", "step", "stop", "stop", "unstop", "perms", "perms",
              "perms", "once", "once", "once", "snapshot", "restore", "reg", "code", "watch")


def pair(p: RandomProgram) -> tuple[Machine, Machine]:
    plain, translated = p.machine(writable_code=True), p.machine(writable_code=True)
    plain.translate_after = None
    translated.translate_after = 0
    return plain, translated


def same(a: Machine, b: Machine, what: str) -> None:
    sa, sb = full_state(a), full_state(b)
    diff = sorted(k for k in sa.keys() | sb.keys() if sa.get(k) != sb.get(k))
    assert not diff, f"{what}: {diff}"


def step_record(res) -> tuple:
    return (res.kind, res.pc, res.next_pc, res.insn, res.length, res.form, res.events, res.writes,
            res.trap, res.message)


@EXAMPLES
@given(programs(rich=True), st.data())
def test_translated_blocks_match_the_per_instruction_path(p: RandomProgram, data):
    plain, translated = pair(p)
    both = (plain, translated)
    original = dict(plain.mem.perms)
    code_pages = [pn for pn, perms in original.items() if perms & X]
    data_pages = [p.data_address // PAGE_SIZE, p.data_address // PAGE_SIZE + 1]
    slots = sorted(s.value for s in p.program().symbols if s.name.startswith(".Lpatch"))
    snapshots: list[tuple] = [(plain.snapshot(), translated.snapshot())]
    for turn in range(data.draw(st.integers(4, 60), label="operations")):
        op = data.draw(st.sampled_from(OPERATIONS), label=f"op {turn}")
        if op in ("run", "tail", "big"):
            # Budgets of at least MAX_INSNS (64) use blocks; shorter ones finish on the
            # per-instruction path, so "tail" runs end mid-block after a block.
            steps = {"run": st.integers(64, 300), "tail": st.integers(1, 63), "big": st.integers(300, 5000)}
            n = data.draw(steps[op], label="steps")
            results = [m.run(n) for m in both]
            assert results[0] == results[1], (op, n)
            stop = results[0]
            if stop.reason == "trap":
                if stop.trap.number == SW_BREAKPOINT:  # the end: again from the start
                    plain.restore(snapshots[0][0])
                    translated.restore(snapshots[0][1])
                else:  # a permission we revoked: restore it, recover, go on
                    for m in both:
                        for pn, perms in original.items():
                            m.mem.set_perms(pn * PAGE_SIZE, PAGE_SIZE, perms)
                        m.recover()
        elif op == "step":
            records = [step_record(m.step()) for m in both]
            assert records[0] == records[1]
            if records[0][0] == "trap" and records[0][8].number != SW_BREAKPOINT:
                for m in both:
                    for pn, perms in original.items():
                        m.mem.set_perms(pn * PAGE_SIZE, PAGE_SIZE, perms)
                    m.recover()
        elif op == "stop":
            # Any decoded instruction, often one inside a translated block.
            inside = sorted(translated.blocks.covered() - set(translated.blocks.entries()))
            known = inside if inside and data.draw(st.booleans(), label="inside") else \
                sorted(set(plain.decode.entries()) | set(translated.decode.entries()))
            if known:
                pc = data.draw(st.sampled_from(known), label="stop at")
                for m in both:
                    m.add_stop(pc)
        elif op == "unstop":
            if plain.stop_pcs:
                pc = data.draw(st.sampled_from(sorted(plain.stop_pcs)), label="unstop")
                for m in both:
                    m.remove_stop(pc)
        elif op in ("perms", "once"):
            pn = data.draw(st.sampled_from(data_pages + code_pages), label="page")
            perms = data.draw(st.sampled_from((R, R | X, 0, W | X)), label="perms")
            for m in both:
                if op == "perms":
                    m.mem.set_perms(pn * PAGE_SIZE, PAGE_SIZE, perms)
                else:
                    m.mem.inject_once(pn * PAGE_SIZE, PAGE_SIZE, perms)
        elif op == "snapshot":
            snapshots.append((plain.snapshot(), translated.snapshot()))
        elif op == "restore":
            if snapshots:
                a, b = data.draw(st.sampled_from(snapshots), label="restore")
                plain.restore(a)
                translated.restore(b)
        elif op == "reg":
            code = data.draw(st.integers(1, 23), label="reg")
            value = data.draw(st.integers(0, (1 << 64) - 1), label="value")
            for m in both:
                m.set_reg(code, value)
        elif op == "code":
            if slots:  # the debugger's 'set mem' over an instruction
                at = data.draw(st.sampled_from(slots), label="slot")
                word = data.draw(alu_words(), label="word").to_bytes(4, "little")
                for m in both:
                    m.mem.poke(at, word)
        elif op == "watch":
            low = p.data_address + data.draw(st.integers(0, 0x1FF0), label="watch at")
            watches = [Watch(1, low, low + 16, data.draw(st.sampled_from(("r", "w", "rw")), label="mode"))]
            for m in both:
                m.mem.set_watches(watches if not m.mem.watches else [])
        same(plain, translated, f"after operation {turn} ({op})")


def test_a_fault_inside_a_block_commits_the_instructions_before_it():
    """A load that faults in the middle of a translated loop: the instructions before it
    in the iteration are committed, TPC and the saved TPC name the load, the open block is
    in the machine (EBARG0 says so), and steps count exactly the attempts."""
    from support.encode import enc, program

    from ptodbg.core import DEBUG
    from ptodbg.core.faults import DATA_PAGE_FAULT
    from ptodbg.core.sysregs import EBARG0, EBARG_TPC, context_index

    code = program(
        enc("BSTART.STD", "cond", simm17=0),  # 0x10000: loop
        enc("ADDI", RegDst=2, SrcL=2, uimm12=1),  # 0x10004
        enc("LDI", RegDst=4, SrcL=1, simm12=0),  # 0x10008: faults when sp's page goes
        enc("ADD", RegDst=5, SrcL=5, SrcR=4, SrcRType=3, shamt=0),
        enc("SETC.LTU", SrcL=2, SrcR=3, SrcRType=0),
        enc("BSTOP"),
    )
    runs = []
    for after in (None, 0):
        m = Machine(DEBUG)
        m.translate_after = after
        m.mem.map(0x10000, 0x1000, R | X, code)
        m.mem.map(0x20000, 0x1000, R | W)
        m.r[1], m.r[3] = 0x20000, 1000
        m.pc = 0x10000
        assert m.run(600).reason == "max-steps"  # 100 iterations: hot and translated
        m.mem.inject_once(0x20000, 0x1000, 0)
        res = m.run(10_000)
        assert res.reason == "trap" and res.trap.number == DATA_PAGE_FAULT
        assert m.pc == 0x20000 and m.ctx(0, EBARG_TPC) == 0x10008
        assert m.sregs[context_index(0, EBARG0)] >> 5 & 3 == 3  # block open, body entered
        assert m.r[2] == 101 and res.steps == 3  # BSTART, ADDI committed; the LDI attempt
        runs.append(full_state(m))
    assert runs[0] == runs[1]
    assert m.blocks.entries(), "the loop was translated"


def test_run_stops_on_the_exact_step_inside_a_translated_loop():
    from support.encode import counting_block, program

    from ptodbg.core import DEBUG

    code = program(*counting_block())
    m = Machine(DEBUG)
    m.translate_after = 0
    m.mem.map(0x10000, 0x1000, R | X, code)
    m.r[3] = 1 << 40
    m.pc = 0x10000
    for n in (1, 2, 3, 5, 64, 65, 1000, 4097):
        before = m.steps
        assert m.run(n).steps == n and m.steps == before + n
    steps = 1 + 2 + 3 + 5 + 64 + 65 + 1000 + 4097
    assert m.steps == steps and m.r[2] == steps // 4 + (1 if steps % 4 >= 2 else 0)
    assert m.blk == (steps % 4 != 0) and m.blocks.entries()


TWO_CALL_SITES = """
    .text
    .globl _start
_start:
    addi zero, 3, ->a0
top:
    bstart.call func, .La, ->ra
    c.bstop
.La:
    bstart.call func, .Lb, ->ra
    c.bstop
.Lb:
    subi a0, 1, ->a0
    bstart.std cond, top
    setc.ne a0, zero
    bstop
end:
    c.bstart.sys
    c.ebreak 0
func:
    addi a1, 1, ->a1
    bstart.std fall
    c.bstart.std ret
    c.bstop
    .data
data:
    .zero 8192
"""


@pytest.mark.parametrize("text", [TWO_CALL_SITES], ids=["two call sites"])
def test_every_stop_of_a_small_program_matches(text):
    """Run to every step n of the program, from the start, both ways: the translated
    blocks (BSTART.CALL blocks opened in locals, returns through LRA, a COND loop) leave
    exactly the per-instruction state wherever the budget ends."""
    p = RandomProgram(text, 0)
    end = None
    n = 1
    while end is None or n <= end:
        plain, translated = pair(p)
        results = [m.run(n) for m in (plain, translated)]
        assert results[0] == results[1], n
        same(plain, translated, f"after {n} steps")
        if results[0].reason == "trap":
            end = n
        n += 1
    assert translated.blocks.entries()


# A loop whose load, store and DMA addresses never change inside it: their probes are
# hoisted before the loop (issue 27); the general code takes over whenever a probe fails.
HOISTED_LOOP = [
    ("BSTART.STD", ("cond",), {"simm17": 0}),  # 0x10000: loop
    ("ADDI", (), {"RegDst": 2, "SrcL": 2, "uimm12": 1}),
    ("LDI", (), {"RegDst": 4, "SrcL": 1, "simm12": 0}),  # the cell at [r1]
    ("ADD", (), {"RegDst": 4, "SrcL": 4, "SrcR": 2, "SrcRType": 3, "shamt": 0}),
    ("SDI", (), {"SrcL": 4, "SrcR": 1, "simm12": 0}),
    ("DMA", (), {"SrcL": 6, "SrcR": 7}),  # 64 bytes [r6] -> [r7]
    ("SETC.LTU", (), {"SrcL": 2, "SrcR": 3, "SrcRType": 0}),
    ("BSTOP", (), {}),
]


def _hoisted_machine(after: int | None, cell: int) -> Machine:
    from support.encode import enc, program

    from ptodbg.core import DEBUG

    m = Machine(DEBUG)
    m.translate_after = after
    m.mem.map(0x10000, 0x1000, R | W | X, program(*(enc(n, *a, **f) for n, a, f in HOISTED_LOOP)))
    m.mem.map(0x20000, 0x2000, R | W, bytes(range(256)) * 32)
    m.r[1], m.r[3], m.r[6], m.r[7] = cell, 1 << 40, 0x20040, 0x21000
    m.pc = 0x10000
    return m


@pytest.mark.parametrize("cell", [0x20000, 0x10800], ids=["data page", "code page"])
def test_a_loop_with_hoisted_probes_matches_the_per_instruction_path(cell):
    """Runs of the loop both ways with every reason a hoisted probe can fail between them
    (a snapshot shares the pages, read or write permission goes once, the base register
    is edited to a misaligned address, the cell's granule gets code): the same stops on
    the same steps, and the same state after each run."""
    from ptodbg.core.faults import DATA_ALIGN_FAULT, DATA_PAGE_FAULT

    plain, translated = _hoisted_machine(None, cell), _hoisted_machine(0, cell)
    both = (plain, translated)

    def run(n: int, reason: str = "max-steps", number: int | None = None) -> None:
        results = [m.run(n) for m in both]
        assert results[0] == results[1]
        assert results[0].reason == reason, results[0]
        if number is not None:
            assert results[0].trap.number == number
        same(plain, translated, f"after run({n})")

    run(700)
    assert any(b.general is not None for b in translated.blocks.entries().values()), "probes were hoisted"
    for m in both:  # the store and DMA pages now shared with a snapshot: the slow path copies
        m.snapshot()
    run(700)
    for page, perms in ((cell, R | X), (0x20000, W), (0x21000, R)):
        for m in both:
            m.mem.inject_once(page & ~0xFFF, 0x1000, perms)
        run(700, "trap", DATA_PAGE_FAULT)
        for m in both:
            m.recover()
        run(300)
    for m in both:
        m.set_reg(1, cell + 4)
    run(700, "trap", DATA_ALIGN_FAULT)
    for m in both:
        m.set_reg(1, cell)
        m.recover()
    run(300)
    if cell < 0x20000:  # an instruction decoded in the cell's granule: the store overwrites it
        word = translated.mem.peek(0x10004, 4)  # the ADDI
        for m in both:
            m.mem.poke(cell, word)
            m.decode.handler_at(cell)
        assert translated.mem.code_overlaps(cell, 8)
    run(700)
    assert translated.r[2] == plain.r[2] > 400
