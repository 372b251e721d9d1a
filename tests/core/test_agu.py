"""AGU conformance: loads, stores, pairs, pre/post-index forms and prefetches.

Most tests restate pto-spec AVS points of ``tests/asl/scalar/agu/<MNEMONIC>/``.  Those
files call generated validation functions (``ValidateScalarAGU{Execute,Fault,Bounds,
Alias}_<MNEMONIC>``, emitted by pto-spec's ``scripts/generate-asl-decoders``); the tables
of ``tests/core/agu_points.txt`` restate their inputs and expected values as short operation
lists, one AVS point per entry, named by its AVS id:

* ``EXECUTE``: every AGU form's EXEC-001 point (canonical address, effect, events);
* ``FAULT``: FAULT-001 points (precise page fault, alignment before page, the ACR2
  bound, pair preflight, recovery and reissue);
* ``BOUNDS``: BOUND-001 points (immediate limits, SrcRType modifiers, shamt, prefetch
  models, address wrap);
* ``ALIAS``: ALIAS-001 points (T/U source selectors, destination aliases, pair lanes).

The operation language (see :class:`Avs`): ``witness TPC R2 R3 R4`` is the common setup
of the EXEC points (TPC, a1..a2 = R2..R4 in Reg5 codes 2..4, codes 5/6 = the sentinel
0x5555..., T#1 = R4); ``tpc``/``gpr``/``push``/``queues``/``fillq``/``poke``/``acr``/``reset``
set state; ``exec INSN BITS executed|trap`` runs one ExecuteScalarInstruction; then
``fault``, ``faultaddr``, ``pc``, ``reg``, ``q``, ``mem``, ``nev``, ``ev``, ``evf``,
``saved``, ``savedtpc``, ``recover`` and ``form`` check it.

Semantics under test: ``asl/scalar/model/dispatch/agu.asl`` and
``asl/scalar/model/agu/{addressing,memory}.asl``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.avs import fill, fresh, run_word

from ptodbg.core import DEBUG, Machine, R, W, X
from ptodbg.core.faults import DATA_ALIGN_FAULT, DATA_PAGE_FAULT, ILLEGAL_INST, Fault
from ptodbg.core.memory import Watch
from ptodbg.core.semantics import builders
from ptodbg.isa.decoder import decode
from ptodbg.isa.forms import SCALAR_FORMS

SENTINEL = 0x5555555555555555
EBARG_TPC = 0xF43


def parse(table: str) -> dict[str, str]:
    """AVS id -> operation text; continuation lines are indented, lines end at an
    operation boundary."""
    points: dict[str, list[str]] = {}
    current = None
    for line in table.strip().splitlines():
        if line.startswith(" "):
            assert current is not None
            points[current].append(line.strip())
        else:
            current, _, rest = line.partition(": ")
            points[current] = [rest]
    return {ident: "; ".join(part.rstrip(";") for part in parts) for ident, parts in points.items()}


POINTS = Path(__file__).with_name("agu_points.txt")


def tables(path: Path = POINTS) -> dict[str, str]:
    """Table name -> its text, from the ``[NAME]`` sections of the points file."""
    found: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        if line.startswith("["):
            current = found.setdefault(line.strip("[]"), [])
        elif line and not line.startswith("#"):
            current.append(line)
    return {name: "\n".join(lines) for name, lines in found.items()}


TABLES = tables()
EXECUTE, FAULT, BOUNDS, ALIAS = (TABLES[name] for name in ("EXECUTE", "FAULT", "BOUNDS", "ALIAS"))


def num(text: str) -> int:
    return int(text, 0)


class Avs:
    """Runs one AVS point.

    ``mode`` "avs" executes through :meth:`Machine.execute` (events captured, memory slow
    path) and checks everything; "capture" calls the form's handler directly after
    ``Memory.set_capture(True)`` (slow path, events checked); "fast" calls it with capture
    off, so plain accesses take the fast maps, and skips the event checks.  Trap-bank
    checks apply to "avs" only.
    ``profile`` "reference" is ResetProfileState (4096 flat bytes); "debug" maps the
    same 4096 bytes as r/w/x pages of the debug profile (EXEC points only: the debug
    profile has no ACR2 bound).
    """

    def __init__(self, mode: str = "avs", profile: str = "reference") -> None:
        self.mode = mode
        self.profile = profile
        self.m = self.new_machine()
        self.res = None
        self.fault: Fault | None = None
        self.events: list | None = None

    def new_machine(self) -> Machine:
        if self.profile == "reference":
            return fresh()
        m = Machine(DEBUG)
        m.mem.map(0, 0x1000, R | W | X)
        return m

    def run(self, text: str) -> None:
        for op in text.split(";"):
            words = op.split()
            if words:
                getattr(self, "op_" + words[0].replace("?", "_q"))(*words[1:])

    # ------------------------------------------------------------------ setup
    def op_reset(self) -> None:
        self.m = self.new_machine()

    def op_witness(self, tpc: str, r2: str, r3: str, r4: str) -> None:
        m = self.m
        m.pc = num(tpc)
        m.r[2], m.r[3], m.r[4] = num(r2), num(r3), num(r4)
        m.r[5] = m.r[6] = SENTINEL
        m.push_t(num(r4))

    def op_tpc(self, value: str) -> None:
        self.m.pc = num(value)

    def op_gpr(self, index: str, value: str) -> None:
        self.m.set_reg(num(index), num(value))

    def op_push(self, which: str, value: str) -> None:
        (self.m.push_t if which == "t" else self.m.push_u)(num(value))

    def op_queues(self, t: str, u: str) -> None:
        """Per slot (T#1..T#4, U#1..U#4): ``V`` value and valid, ``V?`` value only (the
        valid bit unchanged), ``-`` invalid, ``.`` unchanged."""
        for which, text in (("t", t), ("u", u)):
            slots = self.m.queue(which)
            for k, token in enumerate(text.split(",")):
                if token == "-":
                    slots[k] = None
                elif token.endswith("?"):
                    slots[k] = None if slots[k] is None else num(token[:-1])
                elif token != ".":
                    slots[k] = num(token)
            self.m.set_queue(which, slots)

    def op_fillq(self, value: str) -> None:
        """All eight T/U entries valid and equal to ``value`` ("-": both queues empty)."""
        entries = [None if value == "-" else num(value)] * 4
        self.m.set_queue("t", entries)
        self.m.set_queue("u", entries)

    def op_poke(self, address: str, size: str, value: str) -> None:
        n = num(size)
        fill(self.m, num(address), (num(value) & ((1 << (8 * n)) - 1)).to_bytes(n, "little"))

    def op_acr(self, ring: str) -> None:
        self.m.set_acr(num(ring))

    # -------------------------------------------------------------- execution
    def op_exec(self, insn: str, bits: str, status: str) -> None:
        m = self.m
        value, length = num(insn), num(bits)
        if self.mode == "avs":
            steps = m.steps
            self.res = run_word(m, value, length)
            assert self.res.kind == status, self.res
            assert m.steps == steps + 1
            self.events = self.res.events
            return
        m.mem.set_capture(self.mode == "capture")
        m.mem.events = []
        form = decode(value, length)
        handler = builders()[form.mnemonic](m, form, form.values(value), m.pc, length)
        try:
            m.pc = handler(m.pc)
            self.fault = None
        except Fault as f:
            self.fault = f
        assert (self.fault is None) == (status == "executed")
        self.events = m.mem.events if self.mode == "capture" else None

    # ----------------------------------------------------------------- checks
    def op_fault(self, number: str) -> None:
        n = num(number)
        if self.mode == "avs":
            assert (self.res.trap.number if self.res.trap else 0) == n
        else:
            assert (self.fault.number if self.fault else 0) == n

    def op_faultaddr(self, address: str) -> None:
        if self.mode == "avs":
            assert self.m.fault_address == self.res.trap.arg0 == num(address)
        else:
            assert self.fault.arg == num(address)

    def op_pc(self, value: str) -> None:
        if self.mode == "avs" or self.fault is None:
            assert self.m.pc == num(value)

    def op_reg(self, index: str, value: str) -> None:
        assert self.m.r[num(index)] == num(value), f"r{index}"

    def op_q(self, which: str, slot: str, value: str) -> None:
        assert self.m.queue(which)[num(slot)] == num(value)

    def op_mem(self, address: str, size: str, value: str) -> None:
        assert int.from_bytes(self.m.mem.peek(num(address), num(size)), "little") == num(value)

    def op_nev(self, count: str) -> None:
        if self.events is not None:
            assert len(self.events) == num(count)

    def op_ev(self, k: str, kind: str, address: str, size: str, value: str, order: str) -> None:
        if self.events is not None:
            ev = self.events[num(k)]
            assert (ev.kind, ev.address, ev.size, ev.value, ev.order) == (kind, num(address), num(size), num(value), order)

    def op_evf(self, k: str, field: str, value: str) -> None:
        if self.events is not None:
            assert getattr(self.events[num(k)], field) == num(value)

    def op_saved(self, bank: str, valid: str) -> None:
        if self.mode == "avs":
            assert self.m.context_valid(num(bank)) == bool(num(valid))

    def op_savedtpc(self, bank: str, value: str) -> None:
        if self.mode == "avs":
            assert self.m.read_sysreg(num(bank) << 12 | EBARG_TPC) == num(value)

    def op_recover(self, bank: str) -> None:
        assert self.m.recover(num(bank)) == self.m.pc

    def op_form(self, insn: str, bits: str, index: str) -> None:
        form = decode(num(insn), num(bits))
        assert form is not None and form.surface == "scalar" and form.index == num(index)


def state(m: Machine) -> tuple:
    return tuple(m.r), m.t_valid, m.u_valid, m.pc, m.mem.peek(0, 0x1000)


# ------------------------------------------------------------------ AVS points
def pytest_generate_tests(metafunc):
    """Parametrise the AVS tests by the tables at the end of the file (ids = AVS ids)."""
    tables = {"exec_point": EXECUTE, "fault_point": FAULT, "bound_point": BOUNDS, "alias_point": ALIAS}
    for name, table in tables.items():
        if name in metafunc.fixturenames:
            points = parse(table)
            metafunc.parametrize(name, list(points.values()), ids=list(points))


def test_avs_execute(exec_point):
    """EXEC-001 of every AGU form (ids name the AVS point)."""
    Avs().run(exec_point)


def test_avs_fault(fault_point):
    """FAULT-001 points: precise DATA_PAGE fault (bank 0, TPC := fault address), alignment
    before page, the ACR2 bound (3072), pair preflight, recovery from bank 1 and reissue."""
    Avs().run(fault_point)


def test_avs_bounds(bound_point):
    """BOUND-001 points: immediate extremes, SrcRType modifiers, shamt, prefetch models
    (reserved ones are ILLEGAL_INST), address wrap."""
    Avs().run(bound_point)


def test_avs_alias(alias_point):
    """ALIAS-001 points: T#k/U#k sources, discarding and queue-pushing destinations,
    pair lanes into the same GPR or queue."""
    Avs().run(alias_point)


def test_fast_path_matches_slow_path(exec_point):
    """The same EXEC point gives the same registers, queues, TPC and memory with events
    captured (``set_capture(True)``: slow path) and with capture off (fast maps), in the
    reference profile and in the debug profile with pages mapped by ``Memory.map``; the
    captured events agree too."""
    results = []
    events = []
    for profile in ("reference", "debug"):
        for mode in ("avs", "capture", "fast"):
            avs = Avs(mode, profile)
            if mode == "fast":
                assert 0 in avs.m.mem.fast_read and 0 in avs.m.mem.fast_write
            avs.run(exec_point)
            results.append(state(avs.m))
            if avs.events is not None:
                events.append(avs.events)
    assert results[1:] == results[:1] * 5
    assert events[1:] == events[:1] * 3


def _avs_name(form) -> str:
    return "PTO-AVS-AGU-" + form.mnemonic.replace(".", "-") + "-EXEC-001"


def test_every_agu_form_has_a_builder_and_an_execute_point():
    agu_forms = [f for f in SCALAR_FORMS if f.family == "AGU"]
    assert len(agu_forms) == 183
    table = builders()
    assert [f.mnemonic for f in agu_forms if f.mnemonic not in table] == []
    assert sorted(_avs_name(f) for f in agu_forms) == sorted(parse(EXECUTE))


# ------------------------------------------------------------ targeted checks
FORMS = {f.mnemonic: f for f in SCALAR_FORMS}


def enc(mnemonic: str, **fields: int) -> tuple[int, int]:
    """(instruction, length) of a form with the given field values (our table's encoder)."""
    form = FORMS[mnemonic]
    return form.encode(fields), form.length


def run_fast(m: Machine, mnemonic: str, **fields: int) -> int:
    """Execute one instruction through its handler with capture off (the fast path)."""
    insn, length = enc(mnemonic, **fields)
    form = decode(insn, length)
    assert form is FORMS[mnemonic]
    handler = builders()[mnemonic](m, form, form.values(insn), m.pc, length)
    m.pc = handler(m.pc)
    return m.pc


def debug_machine() -> Machine:
    m = Machine(DEBUG)
    m.mem.map(0x10000, 0x1000, R | X)
    m.mem.map(0x20000, 0x2000, R | W)
    m.mem.map(0x22000, 0x1000, R)  # read-only
    m.pc = 0x10000
    return m


@pytest.mark.parametrize("fast", [False, True])
def test_misalignment_is_checked_before_the_page(fast):
    """ProbeDataAccess: a misaligned address on an unmapped page is DATA_ALIGN_FAULT (34)
    with that address; aligned, it is DATA_PAGE_FAULT (35)."""
    for address, number in ((0x40001, DATA_ALIGN_FAULT), (0x40004, DATA_ALIGN_FAULT), (0x40000, DATA_PAGE_FAULT)):
        m = debug_machine()
        m.r[2], m.r[5] = address, 0x55
        if fast:
            with pytest.raises(Fault) as info:
                run_fast(m, "LDI", RegDst=5, SrcL=2, simm12=0)
            got, arg = info.value.number, info.value.arg
        else:
            res = run_word(m, *enc("LDI", RegDst=5, SrcL=2, simm12=0))
            assert res.kind == "trap" and res.events == []
            got, arg = res.trap.number, res.trap.arg0
        assert (got, arg) == (number, address)
        assert m.r[5] == 0x55


def test_store_to_read_only_page_faults_with_nothing_written():
    m = debug_machine()
    m.r[2], m.r[3] = 0x22008, 0xABCD
    res = run_word(m, *enc("SDI", SrcL=3, SrcR=2, simm12=0))
    assert res.kind == "trap" and res.trap.number == DATA_PAGE_FAULT and res.trap.arg0 == 0x22008
    assert m.mem.peek(0x22008, 8) == bytes(8) and res.events == []


def test_pair_probes_both_elements_before_any_effect():
    """HL.SDIP whose second element lies on a read-only page: the fault names the second
    address, the first element is not written; HL.LDIP across the boundary of two
    readable pages loads both with two events."""
    m = debug_machine()
    m.mem.poke(0x21FF8, (0x1111).to_bytes(8, "little"))
    m.r[2], m.r[3], m.r[4] = 0x21FF8, 7, 8
    res = run_word(m, *enc("HL.SDIP", SrcD=3, SrcD1=4, SrcR=2, simm17=0))
    assert res.kind == "trap" and res.trap.number == DATA_PAGE_FAULT and res.trap.arg0 == 0x22000
    assert int.from_bytes(m.mem.peek(0x21FF8, 8), "little") == 0x1111 and res.events == []
    m.mem.poke(0x22000, (0x2222).to_bytes(8, "little"))
    m.pc = 0x10000
    res = run_word(m, *enc("HL.LDIP", RegDst0=5, RegDst1=6, SrcL=2, simm17=0))
    assert res.kind == "executed" and (m.r[5], m.r[6]) == (0x1111, 0x2222)
    assert [(e.kind, e.address, e.value) for e in res.events] == [("load", 0x21FF8, 0x1111), ("load", 0x22000, 0x2222)]


def test_post_and_pre_index_publish_the_base_only_after_success():
    """Post-index accesses the old base, pre-index the new one; both write base+offset
    to RegDst1 after RegDst0 (so RegDst1 wins when both name the same GPR)."""
    m = debug_machine()
    for k in range(4):
        m.mem.poke(0x20000 + 8 * k, (100 + k).to_bytes(8, "little"))
    m.r[2] = 0x20008
    run_word(m, *enc("HL.LDI.PO", RegDst0=5, RegDst1=2, SrcL=2, simm17=1))
    assert (m.r[5], m.r[2]) == (101, 0x20010)
    run_word(m, *enc("HL.LDI.PR", RegDst0=5, RegDst1=2, SrcL=2, simm17=1))
    assert (m.r[5], m.r[2]) == (103, 0x20018)
    run_word(m, *enc("HL.LDI.PR", RegDst0=2, RegDst1=2, SrcL=2, simm17=-2))
    assert m.r[2] == 0x20008
    m.r[2] = 0x22000
    m.r[3] = 9
    res = run_word(m, *enc("HL.SDI.PO", RegDst=2, SrcD=3, SrcR=2, simm17=1))
    assert res.kind == "trap" and m.r[2] == 0x22000  # base kept on a fault
    m.r[2] = 0x20020
    res = run_word(m, *enc("HL.SDI.PO", RegDst=2, SrcD=3, SrcR=2, simm17=1))
    assert res.kind == "executed" and m.r[2] == 0x20028
    assert [(e.kind, e.address, e.value) for e in res.events] == [("store", 0x20020, 9)]


def test_load_update_to_queue_destinations_pushes_in_order():
    m = debug_machine()
    m.mem.poke(0x20010, (77).to_bytes(8, "little"))
    m.r[2] = 0x20010
    run_word(m, *enc("HL.LDI.PO", RegDst0=31, RegDst1=31, SrcL=2, simm17=1))
    assert m.queue("t")[:2] == [0x20018, 77] and m.r[2] == 0x20010


@pytest.mark.parametrize("fast", [False, True])
def test_store_clears_an_overlapped_reservation_only(fast):
    """A completed store clears the reservation iff it overlaps the reserved 64-byte line
    (the reserved page is never in the fast write map, so the fast path cannot skip it)."""
    for address, kept in ((0x20208, False), (0x2023F, False), (0x20240, True), (0x201F8, True)):
        m = debug_machine()
        m.set_reservation(0x20200, 8)
        assert 0x20 not in m.mem.fast_write
        m.r[2], m.r[3] = address, 1
        if fast:
            run_fast(m, "SBI", SrcL=3, SrcR=2, simm12=0)
        else:
            run_word(m, *enc("SBI", SrcL=3, SrcR=2, simm12=0))
        assert (m.resv == (0x20200, 8)) is kept, hex(address)
        assert m.mem.peek(address, 1) == b"\x01"


def test_loads_keep_the_reservation():
    m = debug_machine()
    m.set_reservation(0x20200, 8)
    m.r[2] = 0x20200
    run_fast(m, "LDI", RegDst=5, SrcL=2, simm12=0)
    run_word(m, *enc("HL.LDIP", RegDst0=5, RegDst1=6, SrcL=2, simm17=0))
    assert m.resv == (0x20200, 8)


def test_prefetch_never_faults_and_touches_nothing():
    """PRF/HL.PRF*: no alignment, translation or permission check, no event; the .A forms
    publish the address; a reserved model is ILLEGAL_INST before anything else."""
    m = debug_machine()
    m.r[2], m.r[3], m.r[5] = 0xDEAD_0001, 3, 0x55
    res = run_word(m, *enc("PRF", RegDst=5, SrcL=2, SrcR=3, SrcRType=3, shamt=4))
    assert res.kind == "executed" and res.events == [] and m.r[5] == 0x55
    res = run_word(m, *enc("HL.PRF.A", RegDst=5, SrcL=2, SrcR=3, SrcRType=3, shamt=4, model=2))
    assert res.kind == "executed" and res.events == [] and m.r[5] == 0xDEAD_0001 - 48
    res = run_word(m, *enc("HL.PRFI.UA", RegDst=31, SrcL=2, simm17=-1, model=1))
    assert res.kind == "executed" and m.queue("t")[0] == 0xDEAD_0000
    res = run_word(m, *enc("HL.PRFI.UA", RegDst=6, SrcL=2, simm17=0, model=3))
    assert res.kind == "trap" and res.trap.number == ILLEGAL_INST and m.r[6] == 0


def test_register_offset_modifiers_and_shift():
    """SrcRType 00 none, 01 sign-extend SrcR[31:0], 10 zero-extend it, 11 negate; then
    << shamt (loads) or << scale (stores without shamt)."""
    m = debug_machine()
    base = 0x20800
    for offset, value in ((0x40, 1), (-0x40, 2), (-8, 3), (0x10, 4)):
        m.mem.poke(base + offset, value.to_bytes(8, "little"))
    m.r[2] = base
    cases = [
        (0, 0x10, 2, 1),                      # 0x10 << 2 = 0x40
        (1, 0xABCD_0000_FFFF_FFF0, 2, 2),     # sext32(0xFFFFFFF0) << 2 = -0x40
        (2, 0xFFFF_FFFF_0000_0004, 2, 4),     # zext32 -> 4 << 2 = 0x10
        (3, 1, 3, 3),                         # -1 << 3 = -8
    ]
    for kind, offset, shamt, expected in cases:
        m.r[3] = offset
        run_fast(m, "LD", RegDst=5, SrcL=2, SrcR=3, SrcRType=kind, shamt=shamt)
        assert m.r[5] == expected, kind
    m.r[3], m.r[4] = 0x7FFF_FFFE, 0xBEEF  # sext32 of 0x7FFFFFFE is itself: offset (2^31 - 2) << 1
    m.r[2] = (0x20100 - (0x7FFF_FFFE << 1)) & ((1 << 64) - 1)
    run_fast(m, "SH", SrcD=4, SrcL=2, SrcR=3, SrcRType=1)
    assert m.mem.peek(0x20100, 2) == (0xBEEF).to_bytes(2, "little")


def test_snapshot_pages_are_copied_before_a_store():
    """Stores after a snapshot must not change the snapshot (copy-on-write): the page is
    out of the fast write map until copied."""
    m = debug_machine()
    m.r[2], m.r[3] = 0x20100, 0x1234
    snap = m.snapshot()
    run_fast(m, "SDI", SrcL=3, SrcR=2, simm12=0)
    assert int.from_bytes(m.mem.peek(0x20100, 8), "little") == 0x1234
    run_fast(m, "SDI", SrcL=3, SrcR=2, simm12=1)  # the page is private now: fast path
    m.restore(snap)
    assert m.mem.peek(0x20100, 16) == bytes(16)


def test_store_over_decoded_code_takes_effect():
    """Self-modifying code on the run path: the store drops the decoded instruction it
    overwrites, so the new instruction executes."""
    m = fresh()
    old, _ = enc("LDI", RegDst=5, SrcL=4, simm12=0)
    new, _ = enc("LDI", RegDst=6, SrcL=4, simm12=0)
    store, _ = enc("SWI", SrcL=3, SrcR=2, simm12=0)
    fill(m, 0x100, store.to_bytes(4, "little") + old.to_bytes(4, "little"))
    fill(m, 0x800, (0x99).to_bytes(8, "little"))
    m.r[2], m.r[3], m.r[4] = 0x104, new, 0x800
    m.pc = 0x100
    m.handler_at(0x104)  # decode the old instruction first
    assert m.run(2).reason == "max-steps"
    assert (m.r[5], m.r[6], m.pc) == (0, 0x99, 0x108)


def test_watchpoints_stop_run_on_loads_and_stores():
    m = debug_machine()
    program = [enc("LDI", RegDst=5, SrcL=2, simm12=0)[0], enc("SDI", SrcL=5, SrcR=2, simm12=1)[0]]
    m.mem.poke(0x10000, b"".join(w.to_bytes(4, "little") for w in program))
    m.mem.poke(0x20000, (5).to_bytes(8, "little"))
    m.r[2] = 0x20000
    m.mem.set_watches([Watch(1, 0x20008, 0x20010, "w")])
    assert 0x20 not in m.mem.fast_read
    result = m.run(10)
    assert result.reason == "watch" and result.steps == 2
    ((watch, ev),) = m.mem.watch_hits
    assert (ev.kind, ev.address, ev.value) == ("store", 0x20008, 5)
    m.mem.set_watches([Watch(2, 0x20000, 0x20001, "r")])
    m.pc = 0x10000
    assert m.run(10).reason == "watch" and m.pc == 0x10004


def test_unavailable_queue_source_is_illegal():
    m = debug_machine()
    res = run_word(m, *enc("C.SDI", SrcL=2, simm5=0))  # C.SDI stores T#1: none valid
    assert res.kind == "trap" and res.trap.number == ILLEGAL_INST and res.events == []


def test_address_arithmetic_wraps():
    m = debug_machine()
    m.mem.poke(0x20000, (42).to_bytes(8, "little"))
    m.r[2] = (1 << 64) - 8
    run_fast(m, "HL.LDI.U", RegDst=5, SrcL=2, simm22=0x20008)
    assert m.r[5] == 42
