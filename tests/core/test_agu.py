"""AGU conformance: loads, stores, pairs, pre/post-index forms and prefetches.

Most tests restate pto-spec AVS points of ``tests/asl/scalar/agu/<MNEMONIC>/``.  Those
files call generated validation functions (``ValidateScalarAGU{Execute,Fault,Bounds,
Alias}_<MNEMONIC>``, emitted by pto-spec's ``scripts/generate-asl-decoders``); the tables
at the end of this file restate their inputs and expected values as short operation
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


# ======================================================================== tables
EXECUTE = """
PTO-AVS-AGU-C-LDI-EXEC-001: witness 0x100 0x188 0 0x1122334455667788; poke 0x180 8 0x8000000000000003;
    exec 0xf89a 16 executed; pc 0x102; q t 0 0x8000000000000003; nev 1; ev 0 load 0x180 8 0x8000000000000003 relaxed;
    reg 2 0x188; q t 1 0x1122334455667788
PTO-AVS-AGU-C-LWI-EXEC-001: witness 0x100 0x18c 0 0x1122334455667789; poke 0x190 4 0x80000002;
    exec 0x88a 16 executed; pc 0x102; q t 0 0xffffffff80000002; nev 1; ev 0 load 0x190 4 0x80000002 relaxed;
    reg 2 0x18c; q t 1 0x1122334455667789
PTO-AVS-AGU-C-SDI-EXEC-001: witness 0x100 0x1a8 0 0x112233445566778a; exec 0xf8ba 16 executed; pc 0x102; nev 1;
    ev 0 store 0x1a0 8 0x112233445566778a relaxed; mem 0x1a0 8 0x112233445566778a; reg 2 0x1a8;
    reg 4 0x112233445566778a; q t 0 0x112233445566778a
PTO-AVS-AGU-C-SWI-EXEC-001: witness 0x100 0x1ac 0 0x112233445566778b; exec 0x8aa 16 executed; pc 0x102; nev 1;
    ev 0 store 0x1b0 4 0x5566778b relaxed; mem 0x1b0 4 0x5566778b; reg 2 0x1ac; reg 4 0x112233445566778b;
    q t 0 0x112233445566778b
PTO-AVS-AGU-HL-LB-PCR-EXEC-001: witness 0x102 0x100 0 0x112233445566778c; poke 0x108 1 0x80;
    exec 0x102b9000e 48 executed; pc 0x108; reg 5 0xffffffffffffff80; nev 1; ev 0 load 0x108 1 0x80 relaxed
PTO-AVS-AGU-HL-LB-PO-EXEC-001: witness 0x100 0x1d0 0xfffffffffffffffe 0x112233445566778d; poke 0x1d0 1 0x80;
    exec 0xe310289103e 48 executed; pc 0x106; reg 5 0xffffffffffffff80; reg 2 0x1d4; nev 1;
    ev 0 load 0x1d0 1 0x80 relaxed; reg 3 0xfffffffffffffffe
PTO-AVS-AGU-HL-LB-PR-EXEC-001: witness 0x100 0x1dc 0xfffffffffffffffe 0x112233445566778e; poke 0x1e0 1 0x80;
    exec 0xe310289102e 48 executed; pc 0x106; reg 5 0xffffffffffffff80; reg 2 0x1e0; nev 1;
    ev 0 load 0x1e0 1 0x80 relaxed; reg 3 0xfffffffffffffffe
PTO-AVS-AGU-HL-LBI-EXEC-001: witness 0x100 0x1f1 0 0x112233445566778f; poke 0x1f0 1 0x80;
    exec 0xfff10299ffce 48 executed; pc 0x106; reg 5 0xffffffffffffff80; nev 1; ev 0 load 0x1f0 1 0x80 relaxed;
    reg 2 0x1f1
PTO-AVS-AGU-HL-LBI-PO-EXEC-001: witness 0x100 0x200 0 0x1122334455667790; poke 0x200 1 0x80;
    exec 0x110299103e 48 executed; pc 0x106; reg 5 0xffffffffffffff80; reg 2 0x201; nev 1;
    ev 0 load 0x200 1 0x80 relaxed
PTO-AVS-AGU-HL-LBI-PR-EXEC-001: witness 0x100 0x20f 0 0x1122334455667791; poke 0x210 1 0x80;
    exec 0x110299102e 48 executed; pc 0x106; reg 5 0xffffffffffffff80; reg 2 0x210; nev 1;
    ev 0 load 0x210 1 0x80 relaxed
PTO-AVS-AGU-HL-LBIP-EXEC-001: witness 0x100 0x21f 0 0x1122334455667792; poke 0x220 1 0x80; poke 0x221 1 0x7f;
    exec 0x110299301e 48 executed; pc 0x106; reg 5 0xffffffffffffff80; reg 6 0x7f; nev 2;
    ev 0 load 0x220 1 0x80 relaxed; ev 1 load 0x221 1 0x7f relaxed; reg 2 0x21f
PTO-AVS-AGU-HL-LBP-EXEC-001: witness 0x100 0x22c 0xfffffffffffffffe 0x1122334455667793; poke 0x230 1 0x80;
    poke 0x231 1 0x7f; exec 0xe310289301e 48 executed; pc 0x106; reg 5 0xffffffffffffff80; reg 6 0x7f; nev 2;
    ev 0 load 0x230 1 0x80 relaxed; ev 1 load 0x231 1 0x7f relaxed; reg 3 0xfffffffffffffffe; reg 2 0x22c
PTO-AVS-AGU-HL-LBU-PCR-EXEC-001: witness 0x102 0x100 0 0x1122334455667794; poke 0x108 1 0x81;
    exec 0x142b9000e 48 executed; pc 0x108; reg 5 0x81; nev 1; ev 0 load 0x108 1 0x81 relaxed
PTO-AVS-AGU-HL-LBU-PO-EXEC-001: witness 0x100 0x250 0xfffffffffffffffe 0x1122334455667795; poke 0x250 1 0x81;
    exec 0xe314289103e 48 executed; pc 0x106; reg 5 0x81; reg 2 0x254; nev 1; ev 0 load 0x250 1 0x81 relaxed;
    reg 3 0xfffffffffffffffe
PTO-AVS-AGU-HL-LBU-PR-EXEC-001: witness 0x100 0x25c 0xfffffffffffffffe 0x1122334455667796; poke 0x260 1 0x81;
    exec 0xe314289102e 48 executed; pc 0x106; reg 5 0x81; reg 2 0x260; nev 1; ev 0 load 0x260 1 0x81 relaxed;
    reg 3 0xfffffffffffffffe
PTO-AVS-AGU-HL-LBUI-EXEC-001: witness 0x100 0x26f 0 0x1122334455667797; poke 0x270 1 0x81;
    exec 0x114299000e 48 executed; pc 0x106; reg 5 0x81; nev 1; ev 0 load 0x270 1 0x81 relaxed; reg 2 0x26f
PTO-AVS-AGU-HL-LBUI-PO-EXEC-001: witness 0x100 0x280 0 0x1122334455667798; poke 0x280 1 0x81;
    exec 0x114299103e 48 executed; pc 0x106; reg 5 0x81; reg 2 0x281; nev 1; ev 0 load 0x280 1 0x81 relaxed
PTO-AVS-AGU-HL-LBUI-PR-EXEC-001: witness 0x100 0x28f 0 0x1122334455667799; poke 0x290 1 0x81;
    exec 0x114299102e 48 executed; pc 0x106; reg 5 0x81; reg 2 0x290; nev 1; ev 0 load 0x290 1 0x81 relaxed
PTO-AVS-AGU-HL-LBUIP-EXEC-001: witness 0x100 0x29f 0 0x112233445566779a; poke 0x2a0 1 0x81; poke 0x2a1 1 0x7f;
    exec 0x114299301e 48 executed; pc 0x106; reg 5 0x81; reg 6 0x7f; nev 2; ev 0 load 0x2a0 1 0x81 relaxed;
    ev 1 load 0x2a1 1 0x7f relaxed; reg 2 0x29f
PTO-AVS-AGU-HL-LBUP-EXEC-001: witness 0x100 0x2ac 0xfffffffffffffffe 0x112233445566779b; poke 0x2b0 1 0x81;
    poke 0x2b1 1 0x7f; exec 0xe314289301e 48 executed; pc 0x106; reg 5 0x81; reg 6 0x7f; nev 2;
    ev 0 load 0x2b0 1 0x81 relaxed; ev 1 load 0x2b1 1 0x7f relaxed; reg 3 0xfffffffffffffffe; reg 2 0x2ac
PTO-AVS-AGU-HL-LD-PCR-EXEC-001: witness 0x102 0x100 0 0x112233445566779c; poke 0xf8 8 0x8000000000000003;
    exec 0xffff32b9fffe 48 executed; pc 0x108; reg 5 0x8000000000000003; nev 1;
    ev 0 load 0xf8 8 0x8000000000000003 relaxed
PTO-AVS-AGU-HL-LD-PO-EXEC-001: witness 0x100 0x2d0 0xfffffffffffffffe 0x112233445566779d;
    poke 0x2d0 8 0x8000000000000003; exec 0xe313289103e 48 executed; pc 0x106; reg 5 0x8000000000000003; reg 2 0x2d4;
    nev 1; ev 0 load 0x2d0 8 0x8000000000000003 relaxed; reg 3 0xfffffffffffffffe
PTO-AVS-AGU-HL-LD-PR-EXEC-001: witness 0x100 0x2dc 0xfffffffffffffffe 0x112233445566779e;
    poke 0x2e0 8 0x8000000000000003; exec 0xe313289102e 48 executed; pc 0x106; reg 5 0x8000000000000003; reg 2 0x2e0;
    nev 1; ev 0 load 0x2e0 8 0x8000000000000003 relaxed; reg 3 0xfffffffffffffffe
PTO-AVS-AGU-HL-LDI-EXEC-001: witness 0x100 0x2e8 0 0x112233445566779f; poke 0x2f0 8 0x8000000000000003;
    exec 0x113299000e 48 executed; pc 0x106; reg 5 0x8000000000000003; nev 1;
    ev 0 load 0x2f0 8 0x8000000000000003 relaxed; reg 2 0x2e8
PTO-AVS-AGU-HL-LDI-PO-EXEC-001: witness 0x100 0x300 0 0x11223344556677a0; poke 0x300 8 0x8000000000000003;
    exec 0x113299103e 48 executed; pc 0x106; reg 5 0x8000000000000003; reg 2 0x308; nev 1;
    ev 0 load 0x300 8 0x8000000000000003 relaxed
PTO-AVS-AGU-HL-LDI-PR-EXEC-001: witness 0x100 0x308 0 0x11223344556677a1; poke 0x310 8 0x8000000000000003;
    exec 0x113299102e 48 executed; pc 0x106; reg 5 0x8000000000000003; reg 2 0x310; nev 1;
    ev 0 load 0x310 8 0x8000000000000003 relaxed
PTO-AVS-AGU-HL-LDI-U-EXEC-001: witness 0x100 0x318 0 0x11223344556677a2; poke 0x320 8 0x8000000000000003;
    exec 0x8132a9000e 48 executed; pc 0x106; reg 5 0x8000000000000003; nev 1;
    ev 0 load 0x320 8 0x8000000000000003 relaxed; reg 2 0x318
PTO-AVS-AGU-HL-LDI-UPO-EXEC-001: witness 0x100 0x330 0 0x11223344556677a3; poke 0x330 8 0x8000000000000003;
    exec 0x8132a9103e 48 executed; pc 0x106; reg 5 0x8000000000000003; reg 2 0x338; nev 1;
    ev 0 load 0x330 8 0x8000000000000003 relaxed
PTO-AVS-AGU-HL-LDI-UPR-EXEC-001: witness 0x100 0x348 0 0x11223344556677a4; poke 0x340 8 0x8000000000000003;
    exec 0xff8132a917ee 48 executed; pc 0x106; reg 5 0x8000000000000003; reg 2 0x340; nev 1;
    ev 0 load 0x340 8 0x8000000000000003 relaxed
PTO-AVS-AGU-HL-LDIP-EXEC-001: witness 0x100 0x348 0 0x11223344556677a5; poke 0x350 8 0x8000000000000003;
    poke 0x358 8 0x7000000000000003; exec 0x113299301e 48 executed; pc 0x106; reg 5 0x8000000000000003;
    reg 6 0x7000000000000003; nev 2; ev 0 load 0x350 8 0x8000000000000003 relaxed;
    ev 1 load 0x358 8 0x7000000000000003 relaxed; reg 2 0x348
PTO-AVS-AGU-HL-LDIP-U-EXEC-001: witness 0x100 0x358 0 0x11223344556677a6; poke 0x360 8 0x8000000000000003;
    poke 0x368 8 0x7000000000000003; exec 0x8132a9301e 48 executed; pc 0x106; reg 5 0x8000000000000003;
    reg 6 0x7000000000000003; nev 2; ev 0 load 0x360 8 0x8000000000000003 relaxed;
    ev 1 load 0x368 8 0x7000000000000003 relaxed; reg 2 0x358
PTO-AVS-AGU-HL-LDP-EXEC-001: witness 0x100 0x36c 0xfffffffffffffffe 0x11223344556677a7;
    poke 0x370 8 0x8000000000000003; poke 0x378 8 0x7000000000000003; exec 0xe313289301e 48 executed; pc 0x106;
    reg 5 0x8000000000000003; reg 6 0x7000000000000003; nev 2; ev 0 load 0x370 8 0x8000000000000003 relaxed;
    ev 1 load 0x378 8 0x7000000000000003 relaxed; reg 3 0xfffffffffffffffe; reg 2 0x36c
PTO-AVS-AGU-HL-LH-PCR-EXEC-001: witness 0x102 0x100 0 0x11223344556677a8; poke 0x108 2 0x8001;
    exec 0x112b9000e 48 executed; pc 0x108; reg 5 0xffffffffffff8001; nev 1; ev 0 load 0x108 2 0x8001 relaxed
PTO-AVS-AGU-HL-LH-PO-EXEC-001: witness 0x100 0x390 0xfffffffffffffffe 0x11223344556677a9; poke 0x390 2 0x8001;
    exec 0xe311289103e 48 executed; pc 0x106; reg 5 0xffffffffffff8001; reg 2 0x394; nev 1;
    ev 0 load 0x390 2 0x8001 relaxed; reg 3 0xfffffffffffffffe
PTO-AVS-AGU-HL-LH-PR-EXEC-001: witness 0x100 0x39c 0xfffffffffffffffe 0x11223344556677aa; poke 0x3a0 2 0x8001;
    exec 0xe311289102e 48 executed; pc 0x106; reg 5 0xffffffffffff8001; reg 2 0x3a0; nev 1;
    ev 0 load 0x3a0 2 0x8001 relaxed; reg 3 0xfffffffffffffffe
PTO-AVS-AGU-HL-LHI-EXEC-001: witness 0x100 0x3b4 0 0x11223344556677ab; poke 0x3b0 2 0x8001;
    exec 0xffe11299ffce 48 executed; pc 0x106; reg 5 0xffffffffffff8001; nev 1; ev 0 load 0x3b0 2 0x8001 relaxed;
    reg 2 0x3b4
PTO-AVS-AGU-HL-LHI-PO-EXEC-001: witness 0x100 0x3c0 0 0x11223344556677ac; poke 0x3c0 2 0x8001;
    exec 0x111299103e 48 executed; pc 0x106; reg 5 0xffffffffffff8001; reg 2 0x3c2; nev 1;
    ev 0 load 0x3c0 2 0x8001 relaxed
PTO-AVS-AGU-HL-LHI-PR-EXEC-001: witness 0x100 0x3ce 0 0x11223344556677ad; poke 0x3d0 2 0x8001;
    exec 0x111299102e 48 executed; pc 0x106; reg 5 0xffffffffffff8001; reg 2 0x3d0; nev 1;
    ev 0 load 0x3d0 2 0x8001 relaxed
PTO-AVS-AGU-HL-LHI-U-EXEC-001: witness 0x100 0x3de 0 0x11223344556677ae; poke 0x3e0 2 0x8001;
    exec 0x2112a9000e 48 executed; pc 0x106; reg 5 0xffffffffffff8001; nev 1; ev 0 load 0x3e0 2 0x8001 relaxed;
    reg 2 0x3de
PTO-AVS-AGU-HL-LHI-UPO-EXEC-001: witness 0x100 0x3f0 0 0x11223344556677af; poke 0x3f0 2 0x8001;
    exec 0x2112a9103e 48 executed; pc 0x106; reg 5 0xffffffffffff8001; reg 2 0x3f2; nev 1;
    ev 0 load 0x3f0 2 0x8001 relaxed
PTO-AVS-AGU-HL-LHI-UPR-EXEC-001: witness 0x100 0x3fe 0 0x11223344556677b0; poke 0x400 2 0x8001;
    exec 0x2112a9102e 48 executed; pc 0x106; reg 5 0xffffffffffff8001; reg 2 0x400; nev 1;
    ev 0 load 0x400 2 0x8001 relaxed
PTO-AVS-AGU-HL-LHIP-EXEC-001: witness 0x100 0x40e 0 0x11223344556677b1; poke 0x410 2 0x8001; poke 0x412 2 0x7001;
    exec 0x111299301e 48 executed; pc 0x106; reg 5 0xffffffffffff8001; reg 6 0x7001; nev 2;
    ev 0 load 0x410 2 0x8001 relaxed; ev 1 load 0x412 2 0x7001 relaxed; reg 2 0x40e
PTO-AVS-AGU-HL-LHIP-U-EXEC-001: witness 0x100 0x422 0 0x11223344556677b2; poke 0x420 2 0x8001; poke 0x422 2 0x7001;
    exec 0xffe112a937de 48 executed; pc 0x106; reg 5 0xffffffffffff8001; reg 6 0x7001; nev 2;
    ev 0 load 0x420 2 0x8001 relaxed; ev 1 load 0x422 2 0x7001 relaxed; reg 2 0x422
PTO-AVS-AGU-HL-LHP-EXEC-001: witness 0x100 0x42c 0xfffffffffffffffe 0x11223344556677b3; poke 0x430 2 0x8001;
    poke 0x432 2 0x7001; exec 0xe311289301e 48 executed; pc 0x106; reg 5 0xffffffffffff8001; reg 6 0x7001; nev 2;
    ev 0 load 0x430 2 0x8001 relaxed; ev 1 load 0x432 2 0x7001 relaxed; reg 3 0xfffffffffffffffe; reg 2 0x42c
PTO-AVS-AGU-HL-LHU-PCR-EXEC-001: witness 0x102 0x100 0 0x11223344556677b4; poke 0x108 2 0x8001;
    exec 0x152b9000e 48 executed; pc 0x108; reg 5 0x8001; nev 1; ev 0 load 0x108 2 0x8001 relaxed
PTO-AVS-AGU-HL-LHU-PO-EXEC-001: witness 0x100 0x450 0xfffffffffffffffe 0x11223344556677b5; poke 0x450 2 0x8001;
    exec 0xe315289103e 48 executed; pc 0x106; reg 5 0x8001; reg 2 0x454; nev 1; ev 0 load 0x450 2 0x8001 relaxed;
    reg 3 0xfffffffffffffffe
PTO-AVS-AGU-HL-LHU-PR-EXEC-001: witness 0x100 0x45c 0xfffffffffffffffe 0x11223344556677b6; poke 0x460 2 0x8001;
    exec 0xe315289102e 48 executed; pc 0x106; reg 5 0x8001; reg 2 0x460; nev 1; ev 0 load 0x460 2 0x8001 relaxed;
    reg 3 0xfffffffffffffffe
PTO-AVS-AGU-HL-LHUI-EXEC-001: witness 0x100 0x46e 0 0x11223344556677b7; poke 0x470 2 0x8001;
    exec 0x115299000e 48 executed; pc 0x106; reg 5 0x8001; nev 1; ev 0 load 0x470 2 0x8001 relaxed; reg 2 0x46e
PTO-AVS-AGU-HL-LHUI-PO-EXEC-001: witness 0x100 0x480 0 0x11223344556677b8; poke 0x480 2 0x8001;
    exec 0x115299103e 48 executed; pc 0x106; reg 5 0x8001; reg 2 0x482; nev 1; ev 0 load 0x480 2 0x8001 relaxed
PTO-AVS-AGU-HL-LHUI-PR-EXEC-001: witness 0x100 0x494 0 0x11223344556677b9; poke 0x490 2 0x8001;
    exec 0xffe1529917ee 48 executed; pc 0x106; reg 5 0x8001; reg 2 0x490; nev 1; ev 0 load 0x490 2 0x8001 relaxed
PTO-AVS-AGU-HL-LHUI-U-EXEC-001: witness 0x100 0x49e 0 0x11223344556677ba; poke 0x4a0 2 0x8001;
    exec 0x2152a9000e 48 executed; pc 0x106; reg 5 0x8001; nev 1; ev 0 load 0x4a0 2 0x8001 relaxed; reg 2 0x49e
PTO-AVS-AGU-HL-LHUI-UPO-EXEC-001: witness 0x100 0x4b0 0 0x11223344556677bb; poke 0x4b0 2 0x8001;
    exec 0x2152a9103e 48 executed; pc 0x106; reg 5 0x8001; reg 2 0x4b2; nev 1; ev 0 load 0x4b0 2 0x8001 relaxed
PTO-AVS-AGU-HL-LHUI-UPR-EXEC-001: witness 0x100 0x4be 0 0x11223344556677bc; poke 0x4c0 2 0x8001;
    exec 0x2152a9102e 48 executed; pc 0x106; reg 5 0x8001; reg 2 0x4c0; nev 1; ev 0 load 0x4c0 2 0x8001 relaxed
PTO-AVS-AGU-HL-LHUIP-EXEC-001: witness 0x100 0x4ce 0 0x11223344556677bd; poke 0x4d0 2 0x8001; poke 0x4d2 2 0x7001;
    exec 0x115299301e 48 executed; pc 0x106; reg 5 0x8001; reg 6 0x7001; nev 2; ev 0 load 0x4d0 2 0x8001 relaxed;
    ev 1 load 0x4d2 2 0x7001 relaxed; reg 2 0x4ce
PTO-AVS-AGU-HL-LHUIP-U-EXEC-001: witness 0x100 0x4de 0 0x11223344556677be; poke 0x4e0 2 0x8001; poke 0x4e2 2 0x7001;
    exec 0x2152a9301e 48 executed; pc 0x106; reg 5 0x8001; reg 6 0x7001; nev 2; ev 0 load 0x4e0 2 0x8001 relaxed;
    ev 1 load 0x4e2 2 0x7001 relaxed; reg 2 0x4de
PTO-AVS-AGU-HL-LHUP-EXEC-001: witness 0x100 0x4ec 0xfffffffffffffffe 0x11223344556677bf; poke 0x4f0 2 0x8001;
    poke 0x4f2 2 0x7001; exec 0xe315289301e 48 executed; pc 0x106; reg 5 0x8001; reg 6 0x7001; nev 2;
    ev 0 load 0x4f0 2 0x8001 relaxed; ev 1 load 0x4f2 2 0x7001 relaxed; reg 3 0xfffffffffffffffe; reg 2 0x4ec
PTO-AVS-AGU-HL-LW-PCR-EXEC-001: witness 0x102 0x100 0 0x11223344556677c0; poke 0x108 4 0x80000002;
    exec 0x122b9000e 48 executed; pc 0x108; reg 5 0xffffffff80000002; nev 1; ev 0 load 0x108 4 0x80000002 relaxed
PTO-AVS-AGU-HL-LW-PO-EXEC-001: witness 0x100 0x510 0xfffffffffffffffe 0x11223344556677c1; poke 0x510 4 0x80000002;
    exec 0xe312289103e 48 executed; pc 0x106; reg 5 0xffffffff80000002; reg 2 0x514; nev 1;
    ev 0 load 0x510 4 0x80000002 relaxed; reg 3 0xfffffffffffffffe
PTO-AVS-AGU-HL-LW-PR-EXEC-001: witness 0x100 0x51c 0xfffffffffffffffe 0x11223344556677c2; poke 0x520 4 0x80000002;
    exec 0xe312289102e 48 executed; pc 0x106; reg 5 0xffffffff80000002; reg 2 0x520; nev 1;
    ev 0 load 0x520 4 0x80000002 relaxed; reg 3 0xfffffffffffffffe
PTO-AVS-AGU-HL-LWI-EXEC-001: witness 0x100 0x52c 0 0x11223344556677c3; poke 0x530 4 0x80000002;
    exec 0x112299000e 48 executed; pc 0x106; reg 5 0xffffffff80000002; nev 1; ev 0 load 0x530 4 0x80000002 relaxed;
    reg 2 0x52c
PTO-AVS-AGU-HL-LWI-PO-EXEC-001: witness 0x100 0x540 0 0x11223344556677c4; poke 0x540 4 0x80000002;
    exec 0x112299103e 48 executed; pc 0x106; reg 5 0xffffffff80000002; reg 2 0x544; nev 1;
    ev 0 load 0x540 4 0x80000002 relaxed
PTO-AVS-AGU-HL-LWI-PR-EXEC-001: witness 0x100 0x54c 0 0x11223344556677c5; poke 0x550 4 0x80000002;
    exec 0x112299102e 48 executed; pc 0x106; reg 5 0xffffffff80000002; reg 2 0x550; nev 1;
    ev 0 load 0x550 4 0x80000002 relaxed
PTO-AVS-AGU-HL-LWI-U-EXEC-001: witness 0x100 0x55c 0 0x11223344556677c6; poke 0x560 4 0x80000002;
    exec 0x4122a9000e 48 executed; pc 0x106; reg 5 0xffffffff80000002; nev 1; ev 0 load 0x560 4 0x80000002 relaxed;
    reg 2 0x55c
PTO-AVS-AGU-HL-LWI-UPO-EXEC-001: witness 0x100 0x570 0 0x11223344556677c7; poke 0x570 4 0x80000002;
    exec 0xffc122a917fe 48 executed; pc 0x106; reg 5 0xffffffff80000002; reg 2 0x56c; nev 1;
    ev 0 load 0x570 4 0x80000002 relaxed
PTO-AVS-AGU-HL-LWI-UPR-EXEC-001: witness 0x100 0x57c 0 0x11223344556677c8; poke 0x580 4 0x80000002;
    exec 0x4122a9102e 48 executed; pc 0x106; reg 5 0xffffffff80000002; reg 2 0x580; nev 1;
    ev 0 load 0x580 4 0x80000002 relaxed
PTO-AVS-AGU-HL-LWIP-EXEC-001: witness 0x100 0x58c 0 0x11223344556677c9; poke 0x590 4 0x80000002;
    poke 0x594 4 0x70000002; exec 0x112299301e 48 executed; pc 0x106; reg 5 0xffffffff80000002; reg 6 0x70000002;
    nev 2; ev 0 load 0x590 4 0x80000002 relaxed; ev 1 load 0x594 4 0x70000002 relaxed; reg 2 0x58c
PTO-AVS-AGU-HL-LWIP-U-EXEC-001: witness 0x100 0x59c 0 0x11223344556677ca; poke 0x5a0 4 0x80000002;
    poke 0x5a4 4 0x70000002; exec 0x4122a9301e 48 executed; pc 0x106; reg 5 0xffffffff80000002; reg 6 0x70000002;
    nev 2; ev 0 load 0x5a0 4 0x80000002 relaxed; ev 1 load 0x5a4 4 0x70000002 relaxed; reg 2 0x59c
PTO-AVS-AGU-HL-LWP-EXEC-001: witness 0x100 0x5ac 0xfffffffffffffffe 0x11223344556677cb; poke 0x5b0 4 0x80000002;
    poke 0x5b4 4 0x70000002; exec 0xe312289301e 48 executed; pc 0x106; reg 5 0xffffffff80000002; reg 6 0x70000002;
    nev 2; ev 0 load 0x5b0 4 0x80000002 relaxed; ev 1 load 0x5b4 4 0x70000002 relaxed; reg 3 0xfffffffffffffffe;
    reg 2 0x5ac
PTO-AVS-AGU-HL-LWU-PCR-EXEC-001: witness 0x102 0x100 0 0x11223344556677cc; poke 0x108 4 0x80000002;
    exec 0x162b9000e 48 executed; pc 0x108; reg 5 0x80000002; nev 1; ev 0 load 0x108 4 0x80000002 relaxed
PTO-AVS-AGU-HL-LWU-PO-EXEC-001: witness 0x100 0x5d0 0xfffffffffffffffe 0x11223344556677cd; poke 0x5d0 4 0x80000002;
    exec 0xe316289103e 48 executed; pc 0x106; reg 5 0x80000002; reg 2 0x5d4; nev 1;
    ev 0 load 0x5d0 4 0x80000002 relaxed; reg 3 0xfffffffffffffffe
PTO-AVS-AGU-HL-LWU-PR-EXEC-001: witness 0x100 0x5dc 0xfffffffffffffffe 0x11223344556677ce; poke 0x5e0 4 0x80000002;
    exec 0xe316289102e 48 executed; pc 0x106; reg 5 0x80000002; reg 2 0x5e0; nev 1;
    ev 0 load 0x5e0 4 0x80000002 relaxed; reg 3 0xfffffffffffffffe
PTO-AVS-AGU-HL-LWUI-EXEC-001: witness 0x100 0x5ec 0 0x11223344556677cf; poke 0x5f0 4 0x80000002;
    exec 0x116299000e 48 executed; pc 0x106; reg 5 0x80000002; nev 1; ev 0 load 0x5f0 4 0x80000002 relaxed;
    reg 2 0x5ec
PTO-AVS-AGU-HL-LWUI-PO-EXEC-001: witness 0x100 0x600 0 0x11223344556677d0; poke 0x600 4 0x80000002;
    exec 0x116299103e 48 executed; pc 0x106; reg 5 0x80000002; reg 2 0x604; nev 1;
    ev 0 load 0x600 4 0x80000002 relaxed
PTO-AVS-AGU-HL-LWUI-PR-EXEC-001: witness 0x100 0x60c 0 0x11223344556677d1; poke 0x610 4 0x80000002;
    exec 0x116299102e 48 executed; pc 0x106; reg 5 0x80000002; reg 2 0x610; nev 1;
    ev 0 load 0x610 4 0x80000002 relaxed
PTO-AVS-AGU-HL-LWUI-U-EXEC-001: witness 0x100 0x61c 0 0x11223344556677d2; poke 0x620 4 0x80000002;
    exec 0x4162a9000e 48 executed; pc 0x106; reg 5 0x80000002; nev 1; ev 0 load 0x620 4 0x80000002 relaxed;
    reg 2 0x61c
PTO-AVS-AGU-HL-LWUI-UPO-EXEC-001: witness 0x100 0x630 0 0x11223344556677d3; poke 0x630 4 0x80000002;
    exec 0x4162a9103e 48 executed; pc 0x106; reg 5 0x80000002; reg 2 0x634; nev 1;
    ev 0 load 0x630 4 0x80000002 relaxed
PTO-AVS-AGU-HL-LWUI-UPR-EXEC-001: witness 0x100 0x63c 0 0x11223344556677d4; poke 0x640 4 0x80000002;
    exec 0x4162a9102e 48 executed; pc 0x106; reg 5 0x80000002; reg 2 0x640; nev 1;
    ev 0 load 0x640 4 0x80000002 relaxed
PTO-AVS-AGU-HL-LWUIP-EXEC-001: witness 0x100 0x658 0 0x11223344556677d5; poke 0x650 4 0x80000002;
    poke 0x654 4 0x70000002; exec 0xffe1629937de 48 executed; pc 0x106; reg 5 0x80000002; reg 6 0x70000002; nev 2;
    ev 0 load 0x650 4 0x80000002 relaxed; ev 1 load 0x654 4 0x70000002 relaxed; reg 2 0x658
PTO-AVS-AGU-HL-LWUIP-U-EXEC-001: witness 0x100 0x65c 0 0x11223344556677d6; poke 0x660 4 0x80000002;
    poke 0x664 4 0x70000002; exec 0x4162a9301e 48 executed; pc 0x106; reg 5 0x80000002; reg 6 0x70000002; nev 2;
    ev 0 load 0x660 4 0x80000002 relaxed; ev 1 load 0x664 4 0x70000002 relaxed; reg 2 0x65c
PTO-AVS-AGU-HL-LWUP-EXEC-001: witness 0x100 0x66c 0xfffffffffffffffe 0x11223344556677d7; poke 0x670 4 0x80000002;
    poke 0x674 4 0x70000002; exec 0xe316289301e 48 executed; pc 0x106; reg 5 0x80000002; reg 6 0x70000002; nev 2;
    ev 0 load 0x670 4 0x80000002 relaxed; ev 1 load 0x674 4 0x70000002 relaxed; reg 3 0xfffffffffffffffe;
    reg 2 0x66c
PTO-AVS-AGU-HL-PRF-EXEC-001: witness 0x100 0xffc 0xfffffffffffffffe 0x11223344556677d8;
    exec 0xe317009000e 48 executed; pc 0x106; nev 0; fault 0; reg 5 0x5555555555555555; reg 3 0xfffffffffffffffe;
    reg 2 0xffc
PTO-AVS-AGU-HL-PRF-A-EXEC-001: witness 0x100 0xffc 0xfffffffffffffffe 0x11223344556677d9;
    exec 0xe317289001e 48 executed; pc 0x106; nev 0; fault 0; reg 5 0x1000; reg 3 0xfffffffffffffffe; reg 2 0xffc
PTO-AVS-AGU-HL-PRFI-U-EXEC-001: witness 0x100 0xfff 0 0x11223344556677da; exec 0x117029000e 48 executed; pc 0x106;
    nev 0; fault 0; reg 5 0x5555555555555555; reg 2 0xfff
PTO-AVS-AGU-HL-PRFI-UA-EXEC-001: witness 0x100 0xfff 0 0x11223344556677db; exec 0x1172a9001e 48 executed; pc 0x106;
    nev 0; fault 0; reg 5 0x1000; reg 2 0xfff
PTO-AVS-AGU-HL-SB-PCR-EXEC-001: witness 0x102 0x100 0 0x11223344556677dc; exec 0x220069000e 48 executed; pc 0x108;
    nev 1; ev 0 store 0x108 1 0xdc relaxed; mem 0x108 1 0xdc; reg 2 0x100; reg 4 0x11223344556677dc
PTO-AVS-AGU-HL-SB-PO-EXEC-001: witness 0x100 0x6d0 0xffffffffffffffff 0x11223344556677dd;
    exec 0x26310049103e 48 executed; pc 0x106; nev 1; ev 0 store 0x6d0 1 0xdd relaxed; mem 0x6d0 1 0xdd; reg 2 0x6d1;
    reg 3 0xffffffffffffffff; reg 4 0x11223344556677dd
PTO-AVS-AGU-HL-SB-PR-EXEC-001: witness 0x100 0x6df 0xffffffffffffffff 0x11223344556677de;
    exec 0x26310049102e 48 executed; pc 0x106; nev 1; ev 0 store 0x6e0 1 0xde relaxed; mem 0x6e0 1 0xde; reg 2 0x6e0;
    reg 3 0xffffffffffffffff; reg 4 0x11223344556677de
PTO-AVS-AGU-HL-SBI-EXEC-001: witness 0x100 0x6ef 0 0x11223344556677df; exec 0x2220059000e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x6f0 1 0xdf relaxed; mem 0x6f0 1 0xdf; reg 2 0x6ef; reg 4 0x11223344556677df
PTO-AVS-AGU-HL-SBI-PO-EXEC-001: witness 0x100 0x700 0 0x11223344556677e0; exec 0x2220059103e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x700 1 0xe0 relaxed; mem 0x700 1 0xe0; reg 2 0x701; reg 4 0x11223344556677e0
PTO-AVS-AGU-HL-SBI-PR-EXEC-001: witness 0x100 0x70f 0 0x11223344556677e1; exec 0x2220059102e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x710 1 0xe1 relaxed; mem 0x710 1 0xe1; reg 2 0x710; reg 4 0x11223344556677e1
PTO-AVS-AGU-HL-SBIP-EXEC-001: witness 0x100 0x71f 0 0x11223344556677e2; gpr 5 0x887766554433226b;
    exec 0x2220059015e 48 executed; pc 0x106; nev 2; ev 0 store 0x720 1 0xe2 relaxed;
    ev 1 store 0x721 1 0x6b relaxed; mem 0x720 1 0xe2; mem 0x721 1 0x6b; reg 2 0x71f; reg 4 0x11223344556677e2
PTO-AVS-AGU-HL-SBP-EXEC-001: witness 0x100 0x72f 0xffffffffffffffff 0x11223344556677e3; gpr 5 0x887766554433226c;
    exec 0x26310049015e 48 executed; pc 0x106; nev 2; ev 0 store 0x730 1 0xe3 relaxed;
    ev 1 store 0x731 1 0x6c relaxed; mem 0x730 1 0xe3; mem 0x731 1 0x6c; reg 3 0xffffffffffffffff; reg 2 0x72f;
    reg 4 0x11223344556677e3
PTO-AVS-AGU-HL-SD-PCR-EXEC-001: witness 0x102 0x100 0 0x11223344556677e4; exec 0x223069000e 48 executed; pc 0x108;
    nev 1; ev 0 store 0x108 8 0x11223344556677e4 relaxed; mem 0x108 8 0x11223344556677e4; reg 2 0x100;
    reg 4 0x11223344556677e4
PTO-AVS-AGU-HL-SD-PO-EXEC-001: witness 0x100 0x750 0xffffffffffffffff 0x11223344556677e5;
    exec 0x26313049103e 48 executed; pc 0x106; nev 1; ev 0 store 0x750 8 0x11223344556677e5 relaxed;
    mem 0x750 8 0x11223344556677e5; reg 2 0x758; reg 3 0xffffffffffffffff; reg 4 0x11223344556677e5
PTO-AVS-AGU-HL-SD-PR-EXEC-001: witness 0x100 0x758 0xffffffffffffffff 0x11223344556677e6;
    exec 0x26313049102e 48 executed; pc 0x106; nev 1; ev 0 store 0x760 8 0x11223344556677e6 relaxed;
    mem 0x760 8 0x11223344556677e6; reg 2 0x760; reg 3 0xffffffffffffffff; reg 4 0x11223344556677e6
PTO-AVS-AGU-HL-SD-UPO-EXEC-001: witness 0x100 0x770 0xfffffffffffffff8 0x11223344556677e7;
    exec 0x26317049103e 48 executed; pc 0x106; nev 1; ev 0 store 0x770 8 0x11223344556677e7 relaxed;
    mem 0x770 8 0x11223344556677e7; reg 2 0x778; reg 3 0xfffffffffffffff8; reg 4 0x11223344556677e7
PTO-AVS-AGU-HL-SD-UPR-EXEC-001: witness 0x100 0x778 0xfffffffffffffff8 0x11223344556677e8;
    exec 0x26317049102e 48 executed; pc 0x106; nev 1; ev 0 store 0x780 8 0x11223344556677e8 relaxed;
    mem 0x780 8 0x11223344556677e8; reg 2 0x780; reg 3 0xfffffffffffffff8; reg 4 0x11223344556677e8
PTO-AVS-AGU-HL-SDI-EXEC-001: witness 0x100 0x788 0 0x11223344556677e9; exec 0x2223059000e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x790 8 0x11223344556677e9 relaxed; mem 0x790 8 0x11223344556677e9; reg 2 0x788;
    reg 4 0x11223344556677e9
PTO-AVS-AGU-HL-SDI-PO-EXEC-001: witness 0x100 0x7a0 0 0x11223344556677ea; exec 0xfc223fd917fe 48 executed; pc 0x106;
    nev 1; ev 0 store 0x7a0 8 0x11223344556677ea relaxed; mem 0x7a0 8 0x11223344556677ea; reg 2 0x790;
    reg 4 0x11223344556677ea
PTO-AVS-AGU-HL-SDI-PR-EXEC-001: witness 0x100 0x7a8 0 0x11223344556677eb; exec 0x2223059102e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x7b0 8 0x11223344556677eb relaxed; mem 0x7b0 8 0x11223344556677eb; reg 2 0x7b0;
    reg 4 0x11223344556677eb
PTO-AVS-AGU-HL-SDI-U-EXEC-001: witness 0x100 0x7b8 0 0x11223344556677ec; exec 0x10227059000e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x7c0 8 0x11223344556677ec relaxed; mem 0x7c0 8 0x11223344556677ec; reg 2 0x7b8;
    reg 4 0x11223344556677ec
PTO-AVS-AGU-HL-SDI-UPO-EXEC-001: witness 0x100 0x7d0 0 0x11223344556677ed; exec 0x10227059103e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x7d0 8 0x11223344556677ed relaxed; mem 0x7d0 8 0x11223344556677ed; reg 2 0x7d8;
    reg 4 0x11223344556677ed
PTO-AVS-AGU-HL-SDI-UPR-EXEC-001: witness 0x100 0x7d8 0 0x11223344556677ee; exec 0x10227059102e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x7e0 8 0x11223344556677ee relaxed; mem 0x7e0 8 0x11223344556677ee; reg 2 0x7e0;
    reg 4 0x11223344556677ee
PTO-AVS-AGU-HL-SDIP-EXEC-001: witness 0x100 0x7e8 0 0x11223344556677ef; gpr 5 0x8877665544332278;
    exec 0x2223059015e 48 executed; pc 0x106; nev 2; ev 0 store 0x7f0 8 0x11223344556677ef relaxed;
    ev 1 store 0x7f8 8 0x8877665544332278 relaxed; mem 0x7f0 8 0x11223344556677ef; mem 0x7f8 8 0x8877665544332278;
    reg 2 0x7e8; reg 4 0x11223344556677ef
PTO-AVS-AGU-HL-SDIP-U-EXEC-001: witness 0x100 0x7f8 0 0x11223344556677f0; gpr 5 0x8877665544332279;
    exec 0x10227059015e 48 executed; pc 0x106; nev 2; ev 0 store 0x800 8 0x11223344556677f0 relaxed;
    ev 1 store 0x808 8 0x8877665544332279 relaxed; mem 0x800 8 0x11223344556677f0; mem 0x808 8 0x8877665544332279;
    reg 2 0x7f8; reg 4 0x11223344556677f0
PTO-AVS-AGU-HL-SDP-EXEC-001: witness 0x100 0x808 0xffffffffffffffff 0x11223344556677f1; gpr 5 0x887766554433227a;
    exec 0x26313049015e 48 executed; pc 0x106; nev 2; ev 0 store 0x810 8 0x11223344556677f1 relaxed;
    ev 1 store 0x818 8 0x887766554433227a relaxed; mem 0x810 8 0x11223344556677f1; mem 0x818 8 0x887766554433227a;
    reg 3 0xffffffffffffffff; reg 2 0x808; reg 4 0x11223344556677f1
PTO-AVS-AGU-HL-SDP-U-EXEC-001: witness 0x100 0x818 0xfffffffffffffff8 0x11223344556677f2; gpr 5 0x887766554433227b;
    exec 0x26317049015e 48 executed; pc 0x106; nev 2; ev 0 store 0x820 8 0x11223344556677f2 relaxed;
    ev 1 store 0x828 8 0x887766554433227b relaxed; mem 0x820 8 0x11223344556677f2; mem 0x828 8 0x887766554433227b;
    reg 3 0xfffffffffffffff8; reg 2 0x818; reg 4 0x11223344556677f2
PTO-AVS-AGU-HL-SH-PCR-EXEC-001: witness 0x102 0x100 0 0x11223344556677f3; exec 0x221069000e 48 executed; pc 0x108;
    nev 1; ev 0 store 0x108 2 0x77f3 relaxed; mem 0x108 2 0x77f3; reg 2 0x100; reg 4 0x11223344556677f3
PTO-AVS-AGU-HL-SH-PO-EXEC-001: witness 0x100 0x840 0xffffffffffffffff 0x11223344556677f4;
    exec 0x26311049103e 48 executed; pc 0x106; nev 1; ev 0 store 0x840 2 0x77f4 relaxed; mem 0x840 2 0x77f4;
    reg 2 0x842; reg 3 0xffffffffffffffff; reg 4 0x11223344556677f4
PTO-AVS-AGU-HL-SH-PR-EXEC-001: witness 0x100 0x84e 0xffffffffffffffff 0x11223344556677f5;
    exec 0x26311049102e 48 executed; pc 0x106; nev 1; ev 0 store 0x850 2 0x77f5 relaxed; mem 0x850 2 0x77f5;
    reg 2 0x850; reg 3 0xffffffffffffffff; reg 4 0x11223344556677f5
PTO-AVS-AGU-HL-SH-UPO-EXEC-001: witness 0x100 0x860 0xfffffffffffffffe 0x11223344556677f6;
    exec 0x26315049103e 48 executed; pc 0x106; nev 1; ev 0 store 0x860 2 0x77f6 relaxed; mem 0x860 2 0x77f6;
    reg 2 0x862; reg 3 0xfffffffffffffffe; reg 4 0x11223344556677f6
PTO-AVS-AGU-HL-SH-UPR-EXEC-001: witness 0x100 0x86e 0xfffffffffffffffe 0x11223344556677f7;
    exec 0x26315049102e 48 executed; pc 0x106; nev 1; ev 0 store 0x870 2 0x77f7 relaxed; mem 0x870 2 0x77f7;
    reg 2 0x870; reg 3 0xfffffffffffffffe; reg 4 0x11223344556677f7
PTO-AVS-AGU-HL-SHI-EXEC-001: witness 0x100 0x884 0 0x11223344556677f8; exec 0xfc221fd9ffce 48 executed; pc 0x106;
    nev 1; ev 0 store 0x880 2 0x77f8 relaxed; mem 0x880 2 0x77f8; reg 2 0x884; reg 4 0x11223344556677f8
PTO-AVS-AGU-HL-SHI-PO-EXEC-001: witness 0x100 0x890 0 0x11223344556677f9; exec 0x2221059103e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x890 2 0x77f9 relaxed; mem 0x890 2 0x77f9; reg 2 0x892; reg 4 0x11223344556677f9
PTO-AVS-AGU-HL-SHI-PR-EXEC-001: witness 0x100 0x89e 0 0x11223344556677fa; exec 0x2221059102e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x8a0 2 0x77fa relaxed; mem 0x8a0 2 0x77fa; reg 2 0x8a0; reg 4 0x11223344556677fa
PTO-AVS-AGU-HL-SHI-U-EXEC-001: witness 0x100 0x8ae 0 0x11223344556677fb; exec 0x4225059000e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x8b0 2 0x77fb relaxed; mem 0x8b0 2 0x77fb; reg 2 0x8ae; reg 4 0x11223344556677fb
PTO-AVS-AGU-HL-SHI-UPO-EXEC-001: witness 0x100 0x8c0 0 0x11223344556677fc; exec 0x4225059103e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x8c0 2 0x77fc relaxed; mem 0x8c0 2 0x77fc; reg 2 0x8c2; reg 4 0x11223344556677fc
PTO-AVS-AGU-HL-SHI-UPR-EXEC-001: witness 0x100 0x8ce 0 0x11223344556677fd; exec 0x4225059102e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x8d0 2 0x77fd relaxed; mem 0x8d0 2 0x77fd; reg 2 0x8d0; reg 4 0x11223344556677fd
PTO-AVS-AGU-HL-SHIP-EXEC-001: witness 0x100 0x8de 0 0x11223344556677fe; gpr 5 0x8877665544332287;
    exec 0x2221059015e 48 executed; pc 0x106; nev 2; ev 0 store 0x8e0 2 0x77fe relaxed;
    ev 1 store 0x8e2 2 0x2287 relaxed; mem 0x8e0 2 0x77fe; mem 0x8e2 2 0x2287; reg 2 0x8de; reg 4 0x11223344556677fe
PTO-AVS-AGU-HL-SHIP-U-EXEC-001: witness 0x100 0x8f2 0 0x11223344556677ff; gpr 5 0x8877665544332288;
    exec 0xfc225fd9f95e 48 executed; pc 0x106; nev 2; ev 0 store 0x8f0 2 0x77ff relaxed;
    ev 1 store 0x8f2 2 0x2288 relaxed; mem 0x8f0 2 0x77ff; mem 0x8f2 2 0x2288; reg 2 0x8f2; reg 4 0x11223344556677ff
PTO-AVS-AGU-HL-SHP-EXEC-001: witness 0x100 0x8fe 0xffffffffffffffff 0x1122334455667800; gpr 5 0x8877665544332289;
    exec 0x26311049015e 48 executed; pc 0x106; nev 2; ev 0 store 0x900 2 0x7800 relaxed;
    ev 1 store 0x902 2 0x2289 relaxed; mem 0x900 2 0x7800; mem 0x902 2 0x2289; reg 3 0xffffffffffffffff; reg 2 0x8fe;
    reg 4 0x1122334455667800
PTO-AVS-AGU-HL-SHP-U-EXEC-001: witness 0x100 0x90e 0xfffffffffffffffe 0x1122334455667801; gpr 5 0x887766554433228a;
    exec 0x26315049015e 48 executed; pc 0x106; nev 2; ev 0 store 0x910 2 0x7801 relaxed;
    ev 1 store 0x912 2 0x228a relaxed; mem 0x910 2 0x7801; mem 0x912 2 0x228a; reg 3 0xfffffffffffffffe; reg 2 0x90e;
    reg 4 0x1122334455667801
PTO-AVS-AGU-HL-SW-PCR-EXEC-001: witness 0x102 0x100 0 0x1122334455667802; exec 0x222069000e 48 executed; pc 0x108;
    nev 1; ev 0 store 0x108 4 0x55667802 relaxed; mem 0x108 4 0x55667802; reg 2 0x100; reg 4 0x1122334455667802
PTO-AVS-AGU-HL-SW-PO-EXEC-001: witness 0x100 0x930 0xffffffffffffffff 0x1122334455667803;
    exec 0x26312049103e 48 executed; pc 0x106; nev 1; ev 0 store 0x930 4 0x55667803 relaxed; mem 0x930 4 0x55667803;
    reg 2 0x934; reg 3 0xffffffffffffffff; reg 4 0x1122334455667803
PTO-AVS-AGU-HL-SW-PR-EXEC-001: witness 0x100 0x93c 0xffffffffffffffff 0x1122334455667804;
    exec 0x26312049102e 48 executed; pc 0x106; nev 1; ev 0 store 0x940 4 0x55667804 relaxed; mem 0x940 4 0x55667804;
    reg 2 0x940; reg 3 0xffffffffffffffff; reg 4 0x1122334455667804
PTO-AVS-AGU-HL-SW-UPO-EXEC-001: witness 0x100 0x950 0xfffffffffffffffc 0x1122334455667805;
    exec 0x26316049103e 48 executed; pc 0x106; nev 1; ev 0 store 0x950 4 0x55667805 relaxed; mem 0x950 4 0x55667805;
    reg 2 0x954; reg 3 0xfffffffffffffffc; reg 4 0x1122334455667805
PTO-AVS-AGU-HL-SW-UPR-EXEC-001: witness 0x100 0x95c 0xfffffffffffffffc 0x1122334455667806;
    exec 0x26316049102e 48 executed; pc 0x106; nev 1; ev 0 store 0x960 4 0x55667806 relaxed; mem 0x960 4 0x55667806;
    reg 2 0x960; reg 3 0xfffffffffffffffc; reg 4 0x1122334455667806
PTO-AVS-AGU-HL-SWI-EXEC-001: witness 0x100 0x96c 0 0x1122334455667807; exec 0x2222059000e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x970 4 0x55667807 relaxed; mem 0x970 4 0x55667807; reg 2 0x96c; reg 4 0x1122334455667807
PTO-AVS-AGU-HL-SWI-PO-EXEC-001: witness 0x100 0x980 0 0x1122334455667808; exec 0x2222059103e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x980 4 0x55667808 relaxed; mem 0x980 4 0x55667808; reg 2 0x984; reg 4 0x1122334455667808
PTO-AVS-AGU-HL-SWI-PR-EXEC-001: witness 0x100 0x98c 0 0x1122334455667809; exec 0x2222059102e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x990 4 0x55667809 relaxed; mem 0x990 4 0x55667809; reg 2 0x990; reg 4 0x1122334455667809
PTO-AVS-AGU-HL-SWI-U-EXEC-001: witness 0x100 0x99c 0 0x112233445566780a; exec 0x8226059000e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x9a0 4 0x5566780a relaxed; mem 0x9a0 4 0x5566780a; reg 2 0x99c; reg 4 0x112233445566780a
PTO-AVS-AGU-HL-SWI-UPO-EXEC-001: witness 0x100 0x9b0 0 0x112233445566780b; exec 0x8226059103e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x9b0 4 0x5566780b relaxed; mem 0x9b0 4 0x5566780b; reg 2 0x9b4; reg 4 0x112233445566780b
PTO-AVS-AGU-HL-SWI-UPR-EXEC-001: witness 0x100 0x9bc 0 0x112233445566780c; exec 0x8226059102e 48 executed; pc 0x106;
    nev 1; ev 0 store 0x9c0 4 0x5566780c relaxed; mem 0x9c0 4 0x5566780c; reg 2 0x9c0; reg 4 0x112233445566780c
PTO-AVS-AGU-HL-SWIP-EXEC-001: witness 0x100 0x9d8 0 0x112233445566780d; gpr 5 0x8877665544332296;
    exec 0xfc222fd9f95e 48 executed; pc 0x106; nev 2; ev 0 store 0x9d0 4 0x5566780d relaxed;
    ev 1 store 0x9d4 4 0x44332296 relaxed; mem 0x9d0 4 0x5566780d; mem 0x9d4 4 0x44332296; reg 2 0x9d8;
    reg 4 0x112233445566780d
PTO-AVS-AGU-HL-SWIP-U-EXEC-001: witness 0x100 0x9dc 0 0x112233445566780e; gpr 5 0x8877665544332297;
    exec 0x8226059015e 48 executed; pc 0x106; nev 2; ev 0 store 0x9e0 4 0x5566780e relaxed;
    ev 1 store 0x9e4 4 0x44332297 relaxed; mem 0x9e0 4 0x5566780e; mem 0x9e4 4 0x44332297; reg 2 0x9dc;
    reg 4 0x112233445566780e
PTO-AVS-AGU-HL-SWP-EXEC-001: witness 0x100 0x9ec 0xffffffffffffffff 0x112233445566780f; gpr 5 0x8877665544332298;
    exec 0x26312049015e 48 executed; pc 0x106; nev 2; ev 0 store 0x9f0 4 0x5566780f relaxed;
    ev 1 store 0x9f4 4 0x44332298 relaxed; mem 0x9f0 4 0x5566780f; mem 0x9f4 4 0x44332298; reg 3 0xffffffffffffffff;
    reg 2 0x9ec; reg 4 0x112233445566780f
PTO-AVS-AGU-HL-SWP-U-EXEC-001: witness 0x100 0x9fc 0xfffffffffffffffc 0x1122334455667810; gpr 5 0x8877665544332299;
    exec 0x26316049015e 48 executed; pc 0x106; nev 2; ev 0 store 0xa00 4 0x55667810 relaxed;
    ev 1 store 0xa04 4 0x44332299 relaxed; mem 0xa00 4 0x55667810; mem 0xa04 4 0x44332299; reg 3 0xfffffffffffffffc;
    reg 2 0x9fc; reg 4 0x1122334455667810
PTO-AVS-AGU-LB-EXEC-001: witness 0x100 0xa0c 0xfffffffffffffffe 0x1122334455667811; poke 0xa10 1 0x80;
    exec 0xe310289 32 executed; pc 0x104; reg 5 0xffffffffffffff80; nev 1; ev 0 load 0xa10 1 0x80 relaxed;
    reg 3 0xfffffffffffffffe; reg 2 0xa0c
PTO-AVS-AGU-LB-PCR-EXEC-001: witness 0x102 0x100 0 0x1122334455667812; poke 0x108 1 0x80; exec 0x102b9 32 executed;
    pc 0x106; reg 5 0xffffffffffffff80; nev 1; ev 0 load 0x108 1 0x80 relaxed
PTO-AVS-AGU-LBI-EXEC-001: witness 0x100 0xa2f 0 0x1122334455667813; poke 0xa30 1 0x80; exec 0x110299 32 executed;
    pc 0x104; reg 5 0xffffffffffffff80; nev 1; ev 0 load 0xa30 1 0x80 relaxed; reg 2 0xa2f
PTO-AVS-AGU-LBU-EXEC-001: witness 0x100 0xa3c 0xfffffffffffffffe 0x1122334455667814; poke 0xa40 1 0x81;
    exec 0xe314289 32 executed; pc 0x104; reg 5 0x81; nev 1; ev 0 load 0xa40 1 0x81 relaxed;
    reg 3 0xfffffffffffffffe; reg 2 0xa3c
PTO-AVS-AGU-LBU-PCR-EXEC-001: witness 0x102 0x100 0 0x1122334455667815; poke 0x108 1 0x81; exec 0x142b9 32 executed;
    pc 0x106; reg 5 0x81; nev 1; ev 0 load 0x108 1 0x81 relaxed
PTO-AVS-AGU-LBUI-EXEC-001: witness 0x100 0xa5f 0 0x1122334455667816; poke 0xa60 1 0x81; exec 0x114299 32 executed;
    pc 0x104; reg 5 0x81; nev 1; ev 0 load 0xa60 1 0x81 relaxed; reg 2 0xa5f
PTO-AVS-AGU-LD-EXEC-001: witness 0x100 0xa6c 0xfffffffffffffffe 0x1122334455667817; poke 0xa70 8 0x8000000000000003;
    exec 0xe313289 32 executed; pc 0x104; reg 5 0x8000000000000003; nev 1;
    ev 0 load 0xa70 8 0x8000000000000003 relaxed; reg 3 0xfffffffffffffffe; reg 2 0xa6c
PTO-AVS-AGU-LD-PCR-EXEC-001: witness 0x102 0x100 0 0x1122334455667818; poke 0x108 8 0x8000000000000003;
    exec 0x132b9 32 executed; pc 0x106; reg 5 0x8000000000000003; nev 1;
    ev 0 load 0x108 8 0x8000000000000003 relaxed
PTO-AVS-AGU-LDI-EXEC-001: witness 0x100 0xa88 0 0x1122334455667819; poke 0xa90 8 0x8000000000000003;
    exec 0x113299 32 executed; pc 0x104; reg 5 0x8000000000000003; nev 1;
    ev 0 load 0xa90 8 0x8000000000000003 relaxed; reg 2 0xa88
PTO-AVS-AGU-LDI-U-EXEC-001: witness 0x100 0xa98 0 0x112233445566781a; poke 0xaa0 8 0x8000000000000003;
    exec 0x8132a9 32 executed; pc 0x104; reg 5 0x8000000000000003; nev 1;
    ev 0 load 0xaa0 8 0x8000000000000003 relaxed; reg 2 0xa98
PTO-AVS-AGU-LH-EXEC-001: witness 0x100 0xaac 0xfffffffffffffffe 0x112233445566781b; poke 0xab0 2 0x8001;
    exec 0xe311289 32 executed; pc 0x104; reg 5 0xffffffffffff8001; nev 1; ev 0 load 0xab0 2 0x8001 relaxed;
    reg 3 0xfffffffffffffffe; reg 2 0xaac
PTO-AVS-AGU-LH-PCR-EXEC-001: witness 0x102 0x100 0 0x112233445566781c; poke 0x108 2 0x8001; exec 0x112b9 32 executed;
    pc 0x106; reg 5 0xffffffffffff8001; nev 1; ev 0 load 0x108 2 0x8001 relaxed
PTO-AVS-AGU-LHI-EXEC-001: witness 0x100 0xace 0 0x112233445566781d; poke 0xad0 2 0x8001; exec 0x111299 32 executed;
    pc 0x104; reg 5 0xffffffffffff8001; nev 1; ev 0 load 0xad0 2 0x8001 relaxed; reg 2 0xace
PTO-AVS-AGU-LHI-U-EXEC-001: witness 0x100 0xade 0 0x112233445566781e; poke 0xae0 2 0x8001; exec 0x2112a9 32 executed;
    pc 0x104; reg 5 0xffffffffffff8001; nev 1; ev 0 load 0xae0 2 0x8001 relaxed; reg 2 0xade
PTO-AVS-AGU-LHU-EXEC-001: witness 0x100 0xaec 0xfffffffffffffffe 0x112233445566781f; poke 0xaf0 2 0x8001;
    exec 0xe315289 32 executed; pc 0x104; reg 5 0x8001; nev 1; ev 0 load 0xaf0 2 0x8001 relaxed;
    reg 3 0xfffffffffffffffe; reg 2 0xaec
PTO-AVS-AGU-LHU-PCR-EXEC-001: witness 0x102 0x100 0 0x1122334455667820; poke 0x108 2 0x8001;
    exec 0x152b9 32 executed; pc 0x106; reg 5 0x8001; nev 1; ev 0 load 0x108 2 0x8001 relaxed
PTO-AVS-AGU-LHUI-EXEC-001: witness 0x100 0xb0e 0 0x1122334455667821; poke 0xb10 2 0x8001; exec 0x115299 32 executed;
    pc 0x104; reg 5 0x8001; nev 1; ev 0 load 0xb10 2 0x8001 relaxed; reg 2 0xb0e
PTO-AVS-AGU-LHUI-U-EXEC-001: witness 0x100 0xb22 0 0x1122334455667822; poke 0xb20 2 0x8001;
    exec 0xffe152a9 32 executed; pc 0x104; reg 5 0x8001; nev 1; ev 0 load 0xb20 2 0x8001 relaxed; reg 2 0xb22
PTO-AVS-AGU-LW-EXEC-001: witness 0x100 0xb2c 0xfffffffffffffffe 0x1122334455667823; poke 0xb30 4 0x80000002;
    exec 0xe312289 32 executed; pc 0x104; reg 5 0xffffffff80000002; nev 1; ev 0 load 0xb30 4 0x80000002 relaxed;
    reg 3 0xfffffffffffffffe; reg 2 0xb2c
PTO-AVS-AGU-LW-PCR-EXEC-001: witness 0x102 0x100 0 0x1122334455667824; poke 0x108 4 0x80000002;
    exec 0x122b9 32 executed; pc 0x106; reg 5 0xffffffff80000002; nev 1; ev 0 load 0x108 4 0x80000002 relaxed
PTO-AVS-AGU-LWI-EXEC-001: witness 0x100 0xb4c 0 0x1122334455667825; poke 0xb50 4 0x80000002;
    exec 0x112299 32 executed; pc 0x104; reg 5 0xffffffff80000002; nev 1; ev 0 load 0xb50 4 0x80000002 relaxed;
    reg 2 0xb4c
PTO-AVS-AGU-LWI-U-EXEC-001: witness 0x100 0xb5c 0 0x1122334455667826; poke 0xb60 4 0x80000002;
    exec 0x4122a9 32 executed; pc 0x104; reg 5 0xffffffff80000002; nev 1; ev 0 load 0xb60 4 0x80000002 relaxed;
    reg 2 0xb5c
PTO-AVS-AGU-LWU-EXEC-001: witness 0x100 0xb6c 0xfffffffffffffffe 0x1122334455667827; poke 0xb70 4 0x80000002;
    exec 0xe316289 32 executed; pc 0x104; reg 5 0x80000002; nev 1; ev 0 load 0xb70 4 0x80000002 relaxed;
    reg 3 0xfffffffffffffffe; reg 2 0xb6c
PTO-AVS-AGU-LWU-PCR-EXEC-001: witness 0x102 0x100 0 0x1122334455667828; poke 0xf8 4 0x80000002;
    exec 0xffff62b9 32 executed; pc 0x106; reg 5 0x80000002; nev 1; ev 0 load 0xf8 4 0x80000002 relaxed
PTO-AVS-AGU-LWUI-EXEC-001: witness 0x100 0xb98 0 0x1122334455667829; poke 0xb90 4 0x80000002;
    exec 0xffe16299 32 executed; pc 0x104; reg 5 0x80000002; nev 1; ev 0 load 0xb90 4 0x80000002 relaxed;
    reg 2 0xb98
PTO-AVS-AGU-LWUI-U-EXEC-001: witness 0x100 0xb9c 0 0x112233445566782a; poke 0xba0 4 0x80000002;
    exec 0x4162a9 32 executed; pc 0x104; reg 5 0x80000002; nev 1; ev 0 load 0xba0 4 0x80000002 relaxed; reg 2 0xb9c
PTO-AVS-AGU-PRF-EXEC-001: witness 0x100 0xffc 0xfffffffffffffffe 0x112233445566782b; exec 0xe317289 32 executed;
    pc 0x104; nev 0; fault 0; reg 5 0x5555555555555555; reg 3 0xfffffffffffffffe; reg 2 0xffc
PTO-AVS-AGU-PRFI-U-EXEC-001: witness 0x100 0xfff 0 0x112233445566782c; exec 0x1172a9 32 executed; pc 0x104; nev 0;
    fault 0; reg 5 0x5555555555555555; reg 2 0xfff
PTO-AVS-AGU-SB-EXEC-001: witness 0x100 0xbcf 0xffffffffffffffff 0x112233445566782d; exec 0x26310049 32 executed;
    pc 0x104; nev 1; ev 0 store 0xbd0 1 0x2d relaxed; mem 0xbd0 1 0x2d; reg 2 0xbcf; reg 3 0xffffffffffffffff;
    reg 2 0xbcf; reg 4 0x112233445566782d
PTO-AVS-AGU-SB-PCR-EXEC-001: witness 0x102 0x100 0 0x112233445566782e; exec 0x220069 32 executed; pc 0x106; nev 1;
    ev 0 store 0x108 1 0x2e relaxed; mem 0x108 1 0x2e; reg 2 0x100; reg 4 0x112233445566782e
PTO-AVS-AGU-SBI-EXEC-001: witness 0x100 0xbef 0 0x112233445566782f; exec 0x2220059 32 executed; pc 0x104; nev 1;
    ev 0 store 0xbf0 1 0x2f relaxed; mem 0xbf0 1 0x2f; reg 2 0xbef; reg 4 0x112233445566782f
PTO-AVS-AGU-SD-EXEC-001: witness 0x100 0xbf8 0xffffffffffffffff 0x1122334455667830; exec 0x26313049 32 executed;
    pc 0x104; nev 1; ev 0 store 0xc00 8 0x1122334455667830 relaxed; mem 0xc00 8 0x1122334455667830; reg 2 0xbf8;
    reg 3 0xffffffffffffffff; reg 2 0xbf8; reg 4 0x1122334455667830
PTO-AVS-AGU-SD-PCR-EXEC-001: witness 0x102 0x100 0 0x1122334455667831; exec 0x223069 32 executed; pc 0x106; nev 1;
    ev 0 store 0x108 8 0x1122334455667831 relaxed; mem 0x108 8 0x1122334455667831; reg 2 0x100;
    reg 4 0x1122334455667831
PTO-AVS-AGU-SD-U-EXEC-001: witness 0x100 0xc18 0xfffffffffffffff8 0x1122334455667832; exec 0x26317049 32 executed;
    pc 0x104; nev 1; ev 0 store 0xc20 8 0x1122334455667832 relaxed; mem 0xc20 8 0x1122334455667832; reg 2 0xc18;
    reg 3 0xfffffffffffffff8; reg 2 0xc18; reg 4 0x1122334455667832
PTO-AVS-AGU-SDI-EXEC-001: witness 0x100 0xc28 0 0x1122334455667833; exec 0x2223059 32 executed; pc 0x104; nev 1;
    ev 0 store 0xc30 8 0x1122334455667833 relaxed; mem 0xc30 8 0x1122334455667833; reg 2 0xc28;
    reg 4 0x1122334455667833
PTO-AVS-AGU-SDI-U-EXEC-001: witness 0x100 0xc38 0 0x1122334455667834; exec 0x10227059 32 executed; pc 0x104; nev 1;
    ev 0 store 0xc40 8 0x1122334455667834 relaxed; mem 0xc40 8 0x1122334455667834; reg 2 0xc38;
    reg 4 0x1122334455667834
PTO-AVS-AGU-SH-EXEC-001: witness 0x100 0xc4e 0xffffffffffffffff 0x1122334455667835; exec 0x26311049 32 executed;
    pc 0x104; nev 1; ev 0 store 0xc50 2 0x7835 relaxed; mem 0xc50 2 0x7835; reg 2 0xc4e; reg 3 0xffffffffffffffff;
    reg 2 0xc4e; reg 4 0x1122334455667835
PTO-AVS-AGU-SH-PCR-EXEC-001: witness 0x102 0x100 0 0x1122334455667836; exec 0x221069 32 executed; pc 0x106; nev 1;
    ev 0 store 0x108 2 0x7836 relaxed; mem 0x108 2 0x7836; reg 2 0x100; reg 4 0x1122334455667836
PTO-AVS-AGU-SH-U-EXEC-001: witness 0x100 0xc6e 0xfffffffffffffffe 0x1122334455667837; exec 0x26315049 32 executed;
    pc 0x104; nev 1; ev 0 store 0xc70 2 0x7837 relaxed; mem 0xc70 2 0x7837; reg 2 0xc6e; reg 3 0xfffffffffffffffe;
    reg 2 0xc6e; reg 4 0x1122334455667837
PTO-AVS-AGU-SHI-EXEC-001: witness 0x100 0xc7e 0 0x1122334455667838; exec 0x2221059 32 executed; pc 0x104; nev 1;
    ev 0 store 0xc80 2 0x7838 relaxed; mem 0xc80 2 0x7838; reg 2 0xc7e; reg 4 0x1122334455667838
PTO-AVS-AGU-SHI-U-EXEC-001: witness 0x100 0xc8e 0 0x1122334455667839; exec 0x4225059 32 executed; pc 0x104; nev 1;
    ev 0 store 0xc90 2 0x7839 relaxed; mem 0xc90 2 0x7839; reg 2 0xc8e; reg 4 0x1122334455667839
PTO-AVS-AGU-SW-EXEC-001: witness 0x100 0xc9c 0xffffffffffffffff 0x112233445566783a; exec 0x26312049 32 executed;
    pc 0x104; nev 1; ev 0 store 0xca0 4 0x5566783a relaxed; mem 0xca0 4 0x5566783a; reg 2 0xc9c;
    reg 3 0xffffffffffffffff; reg 2 0xc9c; reg 4 0x112233445566783a
PTO-AVS-AGU-SW-PCR-EXEC-001: witness 0x102 0x100 0 0x112233445566783b; exec 0x222069 32 executed; pc 0x106; nev 1;
    ev 0 store 0x108 4 0x5566783b relaxed; mem 0x108 4 0x5566783b; reg 2 0x100; reg 4 0x112233445566783b
PTO-AVS-AGU-SW-U-EXEC-001: witness 0x100 0xcbc 0xfffffffffffffffc 0x112233445566783c; exec 0x26316049 32 executed;
    pc 0x104; nev 1; ev 0 store 0xcc0 4 0x5566783c relaxed; mem 0xcc0 4 0x5566783c; reg 2 0xcbc;
    reg 3 0xfffffffffffffffc; reg 2 0xcbc; reg 4 0x112233445566783c
PTO-AVS-AGU-SWI-EXEC-001: witness 0x100 0xccc 0 0x112233445566783d; exec 0x2222059 32 executed; pc 0x104; nev 1;
    ev 0 store 0xcd0 4 0x5566783d relaxed; mem 0xcd0 4 0x5566783d; reg 2 0xccc; reg 4 0x112233445566783d
PTO-AVS-AGU-SWI-U-EXEC-001: witness 0x100 0xce4 0 0x112233445566783e; exec 0xf8226fd9 32 executed; pc 0x104; nev 1;
    ev 0 store 0xce0 4 0x5566783e relaxed; mem 0xce0 4 0x5566783e; reg 2 0xce4; reg 4 0x112233445566783e
"""

FAULT = """
PTO-AVS-AGU-LDI-FAULT-001: tpc 0x100; gpr 2 0xff8; gpr 3 0; gpr 4 0x1122334455667819; gpr 5 0x5555555555555555;
    gpr 6 0x5555555555555555; push t 0x1122334455667819; exec 0x113299 32 trap; fault 0x23; faultaddr 0x1000;
    savedtpc 0 0x100; saved 0 1; pc 0x1000; nev 0; reg 5 0x5555555555555555; reg 2 0xff8
    reset; tpc 0x100; gpr 2 0x1001; gpr 3 0; gpr 4 0x5555000000000000; gpr 5 0x6666000000000000;
    gpr 6 0x7777000000000000; fillq 0x1001; exec 0x13299 32 trap; fault 0x22; faultaddr 0x1001; nev 0;
    reg 5 0x6666000000000000
    reset; acr 2; tpc 0x100; gpr 2 0xc00; gpr 3 0; gpr 4 0x5555000000000001; gpr 5 0x6666000000000001;
    gpr 6 0x7777000000000001; fillq 0xc00; exec 0x13299 32 trap; fault 0x23; faultaddr 0xc00; nev 0;
    reg 5 0x6666000000000001; acr 0; poke 0xc00 8 0x8000000000000003; acr 2; tpc 0x100; gpr 1 0xc00; gpr 2 0xc00;
    gpr 3 0; gpr 4 0x4400000000000002; gpr 5 0x6600000000000002; gpr 6 0x7700000000000002; fillq 0xc00;
    exec 0x13299 32 trap; fault 0x23; reg 5 0x6600000000000002; savedtpc 1 0x100; nev 0; recover 1; pc 0x100; acr 0;
    exec 0x13299 32 executed; pc 0x104; nev 1; ev 0 load 0xc00 8 0x8000000000000003 relaxed;
    reg 5 0x8000000000000003
PTO-AVS-AGU-SDI-FAULT-001: tpc 0x100; gpr 2 0xff8; gpr 3 0; gpr 4 0x1122334455667833; gpr 5 0x5555555555555555;
    gpr 6 0x5555555555555555; push t 0x1122334455667833; exec 0x2223059 32 trap; fault 0x23; faultaddr 0x1000;
    savedtpc 0 0x100; saved 0 1; pc 0x1000; nev 0; reg 2 0xff8; reg 4 0x1122334455667833
    reset; tpc 0x100; gpr 2 0x1001; gpr 3 0; gpr 4 0x5555000000000000; gpr 5 0x6666000000000000;
    gpr 6 0x7777000000000000; fillq 0x1001; exec 0x223059 32 trap; fault 0x22; faultaddr 0x1001; nev 0
    reset; acr 2; tpc 0x100; gpr 2 0xc00; gpr 3 0; gpr 4 0x5555000000000001; gpr 5 0x6666000000000001;
    gpr 6 0x7777000000000001; fillq 0xc00; exec 0x223059 32 trap; fault 0x23; faultaddr 0xc00; nev 0; acr 0;
    poke 0xc00 8 0x5a; acr 2; tpc 0x100; gpr 1 0xc00; gpr 2 0xc00; gpr 3 0; gpr 4 0x4400000000000002;
    gpr 5 0x6600000000000002; gpr 6 0x7700000000000002; fillq 0xc00; exec 0x223059 32 trap; fault 0x23;
    savedtpc 1 0x100; nev 0; mem 0xc00 8 0x5a; recover 1; pc 0x100; acr 0; exec 0x223059 32 executed; pc 0x104;
    nev 1; ev 0 store 0xc00 8 0x4400000000000002 relaxed
PTO-AVS-AGU-LD-FAULT-001: tpc 0x100; gpr 2 0xffc; gpr 3 0xfffffffffffffffe; gpr 4 0x1122334455667817;
    gpr 5 0x5555555555555555; gpr 6 0x5555555555555555; push t 0x1122334455667817; exec 0xe313289 32 trap;
    fault 0x23; faultaddr 0x1000; savedtpc 0 0x100; saved 0 1; pc 0x1000; nev 0; reg 3 0xfffffffffffffffe;
    reg 5 0x5555555555555555; reg 2 0xffc
    reset; tpc 0x100; gpr 2 0x1001; gpr 3 0; gpr 4 0x5555000000000000; gpr 5 0x6666000000000000;
    gpr 6 0x7777000000000000; fillq 0x1001; exec 0x313289 32 trap; fault 0x22; faultaddr 0x1001; nev 0;
    reg 5 0x6666000000000000
    reset; acr 2; tpc 0x100; gpr 2 0xc00; gpr 3 0; gpr 4 0x5555000000000001; gpr 5 0x6666000000000001;
    gpr 6 0x7777000000000001; fillq 0xc00; exec 0x313289 32 trap; fault 0x23; faultaddr 0xc00; nev 0;
    reg 5 0x6666000000000001; acr 0; poke 0xc00 8 0x8000000000000003; acr 2; tpc 0x100; gpr 1 0xc00; gpr 2 0xc00;
    gpr 3 0; gpr 4 0x4400000000000002; gpr 5 0x6600000000000002; gpr 6 0x7700000000000002; fillq 0xc00;
    exec 0x313289 32 trap; fault 0x23; reg 5 0x6600000000000002; savedtpc 1 0x100; nev 0; recover 1; pc 0x100; acr 0;
    exec 0x313289 32 executed; pc 0x104; nev 1; ev 0 load 0xc00 8 0x8000000000000003 relaxed;
    reg 5 0x8000000000000003
PTO-AVS-AGU-LD-PCR-FAULT-001: tpc 0x102; gpr 2 0x100; gpr 3 0; gpr 4 0x1122334455667818; gpr 5 0x5555555555555555;
    gpr 6 0x5555555555555555; push t 0x1122334455667818; exec 0x1e032b9 32 trap; fault 0x23; faultaddr 0x1000;
    savedtpc 0 0x102; saved 0 1; pc 0x1000; nev 0; reg 5 0x5555555555555555; reg 2 0x100
    reset; tpc 0x1004; gpr 2 0x1004; gpr 3 0; gpr 4 0x5555000000000000; gpr 5 0x6666000000000000;
    gpr 6 0x7777000000000000; fillq 0x1004; exec 0x32b9 32 trap; fault 0x22; faultaddr 0x1004; nev 0;
    reg 5 0x6666000000000000
    reset; acr 2; tpc 0xc00; gpr 2 0xc00; gpr 3 0; gpr 4 0x5555000000000001; gpr 5 0x6666000000000001;
    gpr 6 0x7777000000000001; fillq 0xc00; exec 0x32b9 32 trap; fault 0x23; faultaddr 0xc00; nev 0;
    reg 5 0x6666000000000001; acr 0; poke 0xc00 8 0x8000000000000003; acr 2; tpc 0xc00; gpr 1 0xc00; gpr 2 0xc00;
    gpr 3 0; gpr 4 0x4400000000000002; gpr 5 0x6600000000000002; gpr 6 0x7700000000000002; fillq 0xc00;
    exec 0x32b9 32 trap; fault 0x23; reg 5 0x6600000000000002; savedtpc 1 0xc00; nev 0; recover 1; pc 0xc00; acr 0;
    exec 0x32b9 32 executed; pc 0xc04; nev 1; ev 0 load 0xc00 8 0x8000000000000003 relaxed; reg 5 0x8000000000000003
PTO-AVS-AGU-HL-LDIP-FAULT-001: tpc 0x100; gpr 2 0xff0; gpr 3 0; gpr 4 0x11223344556677a5; gpr 5 0x5555555555555555;
    gpr 6 0x5555555555555555; push t 0x11223344556677a5; exec 0x113299301e 48 trap; fault 0x23; faultaddr 0x1000;
    savedtpc 0 0x100; saved 0 1; pc 0x1000; nev 0; reg 5 0x5555555555555555; reg 2 0xff0
    reset; tpc 0x100; gpr 2 0x1001; gpr 3 0; gpr 4 0x5555000000000000; gpr 5 0x6666000000000000;
    gpr 6 0x7777000000000000; fillq 0x1001; exec 0x13299301e 48 trap; fault 0x22; faultaddr 0x1001; nev 0;
    reg 5 0x6666000000000000; reg 6 0x7777000000000000
    reset; acr 2; tpc 0x100; gpr 2 0xc00; gpr 3 0; gpr 4 0x5555000000000001; gpr 5 0x6666000000000001;
    gpr 6 0x7777000000000001; fillq 0xc00; exec 0x13299301e 48 trap; fault 0x23; faultaddr 0xc00; nev 0;
    reg 5 0x6666000000000001; reg 6 0x7777000000000001
    reset; tpc 0x100; gpr 2 0x1000; gpr 3 0; gpr 4 0x1111000000000002; gpr 5 0x2222000000000002;
    gpr 6 0x3333000000000002; fillq 0x1000; exec 0x13299301e 48 trap; fault 0x23; faultaddr 0x1000; nev 0;
    reg 5 0x2222000000000002; reg 6 0x3333000000000002
    reset; tpc 0x100; gpr 2 0xff8; gpr 3 0; gpr 4 0x1111000000000003; gpr 5 0x2222000000000003;
    gpr 6 0x3333000000000003; fillq 0xff8; exec 0x13299301e 48 trap; fault 0x23; faultaddr 0x1000; nev 0;
    reg 5 0x2222000000000003; reg 6 0x3333000000000003; acr 0; poke 0xc00 8 0x8000000000000003;
    poke 0xc08 8 0x7000000000000003; acr 2; tpc 0x100; gpr 1 0xc00; gpr 2 0xc00; gpr 3 0; gpr 4 0x4400000000000004;
    gpr 5 0x6600000000000004; gpr 6 0x7700000000000004; fillq 0xc00; exec 0x13299301e 48 trap; fault 0x23;
    reg 5 0x6600000000000004; reg 6 0x7700000000000004; savedtpc 1 0x100; nev 0; recover 1; pc 0x100; acr 0;
    exec 0x13299301e 48 executed; pc 0x106; nev 2; ev 0 load 0xc00 8 0x8000000000000003 relaxed;
    ev 1 load 0xc08 8 0x7000000000000003 relaxed; reg 5 0x8000000000000003; reg 6 0x7000000000000003
PTO-AVS-AGU-HL-SDIP-FAULT-001: tpc 0x100; gpr 2 0xff0; gpr 3 0; gpr 4 0x11223344556677ef; gpr 5 0x5555555555555555;
    gpr 6 0x5555555555555555; push t 0x11223344556677ef; poke 0xff8 8 0xaa; exec 0x2223059015e 48 trap; fault 0x23;
    faultaddr 0x1000; savedtpc 0 0x100; saved 0 1; pc 0x1000; nev 0; mem 0xff8 8 0xaa; reg 4 0x11223344556677ef
    reset; tpc 0x100; gpr 2 0x1001; gpr 3 0; gpr 4 0x5555000000000000; gpr 5 0x6666000000000000;
    gpr 6 0x7777000000000000; fillq 0x1001; exec 0x223059015e 48 trap; fault 0x22; faultaddr 0x1001; nev 0
    reset; acr 2; tpc 0x100; gpr 2 0xc00; gpr 3 0; gpr 4 0x5555000000000001; gpr 5 0x6666000000000001;
    gpr 6 0x7777000000000001; fillq 0xc00; exec 0x223059015e 48 trap; fault 0x23; faultaddr 0xc00; nev 0
    reset; tpc 0x100; gpr 2 0x1000; gpr 3 0; gpr 4 0x1111000000000002; gpr 5 0x2222000000000002;
    gpr 6 0x3333000000000002; fillq 0x1000; exec 0x223059015e 48 trap; fault 0x23; faultaddr 0x1000; nev 0
    reset; tpc 0x100; gpr 2 0xff8; gpr 3 0; gpr 4 0x1111000000000003; gpr 5 0x2222000000000003;
    gpr 6 0x3333000000000003; fillq 0xff8; poke 0xff8 8 0x5a; exec 0x223059015e 48 trap; fault 0x23;
    faultaddr 0x1000; nev 0; mem 0xff8 8 0x5a; acr 0; poke 0xc00 8 0x5a; poke 0xc08 8 0xa5; acr 2; tpc 0x100;
    gpr 1 0xc00; gpr 2 0xc00; gpr 3 0; gpr 4 0x4400000000000004; gpr 5 0x5500000000000004; gpr 6 0x7700000000000004;
    fillq 0xc00; exec 0x223059015e 48 trap; fault 0x23; savedtpc 1 0x100; nev 0; mem 0xc00 8 0x5a; mem 0xc08 8 0xa5;
    recover 1; pc 0x100; acr 0; exec 0x223059015e 48 executed; pc 0x106; nev 2;
    ev 0 store 0xc00 8 0x4400000000000004 relaxed; ev 1 store 0xc08 8 0x5500000000000004 relaxed
PTO-AVS-AGU-HL-LDI-PO-FAULT-001: tpc 0x100; gpr 2 0x1000; gpr 3 0; gpr 4 0x11223344556677a0;
    gpr 5 0x5555555555555555; gpr 6 0x5555555555555555; push t 0x11223344556677a0; exec 0x113299103e 48 trap;
    fault 0x23; faultaddr 0x1000; savedtpc 0 0x100; saved 0 1; pc 0x1000; nev 0; reg 5 0x5555555555555555;
    reg 2 0x1000
    reset; tpc 0x100; gpr 2 0x1001; gpr 3 0; gpr 4 0x5555000000000000; gpr 5 0x6666000000000000;
    gpr 6 0x7777000000000000; fillq 0x1001; exec 0x13299103e 48 trap; fault 0x22; faultaddr 0x1001; nev 0;
    reg 5 0x6666000000000000; reg 2 0x1001
    reset; acr 2; tpc 0x100; gpr 2 0xc00; gpr 3 0; gpr 4 0x5555000000000001; gpr 5 0x6666000000000001;
    gpr 6 0x7777000000000001; fillq 0xc00; exec 0x13299103e 48 trap; fault 0x23; faultaddr 0xc00; nev 0;
    reg 5 0x6666000000000001; reg 2 0xc00; acr 0; poke 0xc00 8 0x8000000000000003; acr 2; tpc 0x100; gpr 1 0xc00;
    gpr 2 0xc00; gpr 3 0; gpr 4 0x4400000000000002; gpr 5 0x6600000000000002; gpr 6 0x7700000000000002; fillq 0xc00;
    exec 0x13299103e 48 trap; fault 0x23; reg 5 0x6600000000000002; reg 2 0xc00; savedtpc 1 0x100; nev 0; recover 1;
    pc 0x100; acr 0; exec 0x13299103e 48 executed; pc 0x106; nev 1; ev 0 load 0xc00 8 0x8000000000000003 relaxed;
    reg 5 0x8000000000000003; reg 2 0xc00
PTO-AVS-AGU-HL-SDI-PR-FAULT-001: tpc 0x100; gpr 2 0xff8; gpr 3 0; gpr 4 0x11223344556677eb; gpr 5 0x5555555555555555;
    gpr 6 0x5555555555555555; push t 0x11223344556677eb; exec 0x2223059102e 48 trap; fault 0x23; faultaddr 0x1000;
    savedtpc 0 0x100; saved 0 1; pc 0x1000; nev 0; reg 2 0xff8; reg 4 0x11223344556677eb
    reset; tpc 0x100; gpr 2 0x1001; gpr 3 0; gpr 4 0x5555000000000000; gpr 5 0x6666000000000000;
    gpr 6 0x7777000000000000; fillq 0x1001; exec 0x223059102e 48 trap; fault 0x22; faultaddr 0x1001; nev 0;
    reg 2 0x1001
    reset; acr 2; tpc 0x100; gpr 2 0xc00; gpr 3 0; gpr 4 0x5555000000000001; gpr 5 0x6666000000000001;
    gpr 6 0x7777000000000001; fillq 0xc00; exec 0x223059102e 48 trap; fault 0x23; faultaddr 0xc00; nev 0;
    reg 2 0xc00; acr 0; poke 0xc00 8 0x5a; acr 2; tpc 0x100; gpr 1 0xc00; gpr 2 0xc00; gpr 3 0;
    gpr 4 0x4400000000000002; gpr 5 0x6600000000000002; gpr 6 0x7700000000000002; fillq 0xc00;
    exec 0x223059102e 48 trap; fault 0x23; reg 2 0xc00; savedtpc 1 0x100; nev 0; mem 0xc00 8 0x5a; recover 1;
    pc 0x100; acr 0; exec 0x223059102e 48 executed; pc 0x106; nev 1; ev 0 store 0xc00 8 0x4400000000000002 relaxed;
    reg 2 0xc00
PTO-AVS-AGU-C-LDI-FAULT-001: tpc 0x100; gpr 2 0x1008; gpr 3 0; gpr 4 0x1122334455667788; gpr 5 0x5555555555555555;
    gpr 6 0x5555555555555555; push t 0x1122334455667788; exec 0xf89a 16 trap; fault 0x23; faultaddr 0x1000;
    savedtpc 0 0x100; saved 0 1; pc 0x1000; nev 0; q t 0 0x1122334455667788; reg 2 0x1008
    reset; tpc 0x100; gpr 2 0x1001; gpr 3 0; gpr 4 0x5555000000000000; gpr 5 0x6666000000000000;
    gpr 6 0x7777000000000000; fillq 0x1001; exec 0x9a 16 trap; fault 0x22; faultaddr 0x1001; nev 0; q t 0 0x1001
    reset; acr 2; tpc 0x100; gpr 2 0xc00; gpr 3 0; gpr 4 0x5555000000000001; gpr 5 0x6666000000000001;
    gpr 6 0x7777000000000001; fillq 0xc00; exec 0x9a 16 trap; fault 0x23; faultaddr 0xc00; nev 0; q t 0 0xc00; acr 0;
    poke 0xc00 8 0x8000000000000003; acr 2; tpc 0x100; gpr 1 0xc00; gpr 2 0xc00; gpr 3 0; gpr 4 0x4400000000000002;
    gpr 5 0x6600000000000002; gpr 6 0x7700000000000002; fillq 0xc00; exec 0x9a 16 trap; fault 0x23; q t 0 0xc00;
    savedtpc 1 0x100; nev 0; recover 1; pc 0x100; acr 0; exec 0x9a 16 executed; pc 0x102; nev 1;
    ev 0 load 0xc00 8 0x8000000000000003 relaxed; q t 0 0x8000000000000003
PTO-AVS-AGU-C-SDI-FAULT-001: tpc 0x100; gpr 2 0x1008; gpr 3 0; gpr 4 0x112233445566778a; gpr 5 0x5555555555555555;
    gpr 6 0x5555555555555555; push t 0x112233445566778a; exec 0xf8ba 16 trap; fault 0x23; faultaddr 0x1000;
    savedtpc 0 0x100; saved 0 1; pc 0x1000; nev 0; q t 0 0x112233445566778a; reg 2 0x1008; reg 4 0x112233445566778a
    reset; tpc 0x100; gpr 2 0x1001; gpr 3 0; gpr 4 0x5555000000000000; gpr 5 0x6666000000000000;
    gpr 6 0x7777000000000000; fillq 0x1001; exec 0xba 16 trap; fault 0x22; faultaddr 0x1001; nev 0
    reset; acr 2; tpc 0x100; gpr 2 0xc00; gpr 3 0; gpr 4 0x5555000000000001; gpr 5 0x6666000000000001;
    gpr 6 0x7777000000000001; fillq 0xc00; exec 0xba 16 trap; fault 0x23; faultaddr 0xc00; nev 0; acr 0;
    poke 0xc00 8 0x5a; acr 2; tpc 0x100; gpr 1 0xc00; gpr 2 0xc00; gpr 3 0; gpr 4 0x4400000000000002;
    gpr 5 0x6600000000000002; gpr 6 0x7700000000000002; fillq 0xc00; exec 0xba 16 trap; fault 0x23; savedtpc 1 0x100;
    nev 0; mem 0xc00 8 0x5a; recover 1; pc 0x100; acr 0; exec 0xba 16 executed; pc 0x102; nev 1;
    ev 0 store 0xc00 8 0xc00 relaxed
PTO-AVS-AGU-LB-FAULT-001: tpc 0x100; gpr 2 0xffc; gpr 3 0xfffffffffffffffe; gpr 4 0x1122334455667811;
    gpr 5 0x5555555555555555; gpr 6 0x5555555555555555; push t 0x1122334455667811; exec 0xe310289 32 trap;
    fault 0x23; faultaddr 0x1000; savedtpc 0 0x100; saved 0 1; pc 0x1000; nev 0; reg 3 0xfffffffffffffffe;
    reg 5 0x5555555555555555; reg 2 0xffc
    reset; tpc 0x100; gpr 2 0x1000; gpr 3 0; gpr 4 0x5555000000000000; gpr 5 0x6666000000000000;
    gpr 6 0x7777000000000000; fillq 0x1000; exec 0x310289 32 trap; fault 0x23; faultaddr 0x1000; nev 0;
    reg 5 0x6666000000000000
    reset; acr 2; tpc 0x100; gpr 2 0xc00; gpr 3 0; gpr 4 0x5555000000000001; gpr 5 0x6666000000000001;
    gpr 6 0x7777000000000001; fillq 0xc00; exec 0x310289 32 trap; fault 0x23; faultaddr 0xc00; nev 0;
    reg 5 0x6666000000000001; acr 0; poke 0xc00 1 0x80; acr 2; tpc 0x100; gpr 1 0xc00; gpr 2 0xc00; gpr 3 0;
    gpr 4 0x4400000000000002; gpr 5 0x6600000000000002; gpr 6 0x7700000000000002; fillq 0xc00; exec 0x310289 32 trap;
    fault 0x23; reg 5 0x6600000000000002; savedtpc 1 0x100; nev 0; recover 1; pc 0x100; acr 0;
    exec 0x310289 32 executed; pc 0x104; nev 1; ev 0 load 0xc00 1 0x80 relaxed; reg 5 0xffffffffffffff80
PTO-AVS-AGU-SW-FAULT-001: tpc 0x100; gpr 2 0xffc; gpr 3 0xffffffffffffffff; gpr 4 0x112233445566783a;
    gpr 5 0x5555555555555555; gpr 6 0x5555555555555555; push t 0x112233445566783a; exec 0x26312049 32 trap;
    fault 0x23; faultaddr 0x1000; savedtpc 0 0x100; saved 0 1; pc 0x1000; nev 0; reg 3 0xffffffffffffffff;
    reg 2 0xffc; reg 4 0x112233445566783a
    reset; tpc 0x100; gpr 2 0x1001; gpr 3 0; gpr 4 0x5555000000000000; gpr 5 0x6666000000000000;
    gpr 6 0x7777000000000000; fillq 0x1001; exec 0x20312049 32 trap; fault 0x22; faultaddr 0x1001; nev 0
    reset; acr 2; tpc 0x100; gpr 2 0xc00; gpr 3 0; gpr 4 0x5555000000000001; gpr 5 0x6666000000000001;
    gpr 6 0x7777000000000001; fillq 0xc00; exec 0x20312049 32 trap; fault 0x23; faultaddr 0xc00; nev 0; acr 0;
    poke 0xc00 4 0x5a; acr 2; tpc 0x100; gpr 1 0xc00; gpr 2 0xc00; gpr 3 0; gpr 4 0x4400000000000002;
    gpr 5 0x6600000000000002; gpr 6 0x7700000000000002; fillq 0xc00; exec 0x20312049 32 trap; fault 0x23;
    savedtpc 1 0x100; nev 0; mem 0xc00 4 0x5a; recover 1; pc 0x100; acr 0; exec 0x20312049 32 executed; pc 0x104;
    nev 1; ev 0 store 0xc00 4 2 relaxed
PTO-AVS-AGU-HL-SW-PO-FAULT-001: tpc 0x100; gpr 2 0x1000; gpr 3 0xffffffffffffffff; gpr 4 0x1122334455667803;
    gpr 5 0x5555555555555555; gpr 6 0x5555555555555555; push t 0x1122334455667803; exec 0x26312049103e 48 trap;
    fault 0x23; faultaddr 0x1000; savedtpc 0 0x100; saved 0 1; pc 0x1000; nev 0; reg 3 0xffffffffffffffff;
    reg 2 0x1000; reg 4 0x1122334455667803
    reset; tpc 0x100; gpr 2 0x1001; gpr 3 0; gpr 4 0x5555000000000000; gpr 5 0x6666000000000000;
    gpr 6 0x7777000000000000; fillq 0x1001; exec 0x20312049103e 48 trap; fault 0x22; faultaddr 0x1001; nev 0;
    reg 2 0x1001
    reset; acr 2; tpc 0x100; gpr 2 0xc00; gpr 3 0; gpr 4 0x5555000000000001; gpr 5 0x6666000000000001;
    gpr 6 0x7777000000000001; fillq 0xc00; exec 0x20312049103e 48 trap; fault 0x23; faultaddr 0xc00; nev 0;
    reg 2 0xc00; acr 0; poke 0xc00 4 0x5a; acr 2; tpc 0x100; gpr 1 0xc00; gpr 2 0xc00; gpr 3 0;
    gpr 4 0x4400000000000002; gpr 5 0x6600000000000002; gpr 6 0x7700000000000002; fillq 0xc00;
    exec 0x20312049103e 48 trap; fault 0x23; reg 2 0xc00; savedtpc 1 0x100; nev 0; mem 0xc00 4 0x5a; recover 1;
    pc 0x100; acr 0; exec 0x20312049103e 48 executed; pc 0x106; nev 1; ev 0 store 0xc00 4 2 relaxed; reg 2 0xc00
PTO-AVS-AGU-HL-PRF-A-FAULT-001: tpc 0x100; gpr 1 0xffc; gpr 2 0xffc; gpr 3 0xfffffffffffffffe;
    gpr 4 0x5100000000000000; gpr 5 0x5300000000000000; gpr 6 0x5400000000000000; fillq 0xffc;
    exec 0xe317289001e 48 executed; nev 0; reg 5 0x1000; fault 0; nev 0
PTO-AVS-AGU-PRF-FAULT-001: tpc 0x100; gpr 1 0xffc; gpr 2 0xffc; gpr 3 0xfffffffffffffffe; gpr 4 0x5100000000000000;
    gpr 5 0x5300000000000000; gpr 6 0x5400000000000000; fillq 0xffc; exec 0xe317289 32 executed; nev 0; fault 0;
    nev 0
"""

BOUNDS = """
PTO-AVS-AGU-LDI-BOUND-001: tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444; gpr 5 0x555;
    gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0x80013299 0x20 0x144; acr 0; tpc 0x100; gpr 1 0x4200; gpr 2 0x4200; gpr 3 0; gpr 4 0x5100000000000000;
    gpr 5 0x5300000000000000; gpr 6 0x5400000000000000; fillq 0x4200; poke 0x200 8 0x8000000000000003;
    exec 0x80013299 32 executed; nev 1; ev 0 load 0x200 8 0x8000000000000003 relaxed; reg 5 0x8000000000000003;
    acr 0; tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444; gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0x7ff13299 0x20 0x144; acr 0; tpc 0x100; gpr 1 0xffffffffffffc208; gpr 2 0xffffffffffffc208; gpr 3 0;
    gpr 4 0x5100000000000001; gpr 5 0x5300000000000001; gpr 6 0x5400000000000001; fillq 0xffffffffffffc208;
    poke 0x200 8 0x8000000000000003; exec 0x7ff13299 32 executed; nev 1;
    ev 0 load 0x200 8 0x8000000000000003 relaxed; reg 5 0x8000000000000003; acr 0; tpc 0x100;
    gpr 1 0xfffffffffffffff8; gpr 2 0xfffffffffffffff8; gpr 3 0; gpr 4 0x5100000000000002; gpr 5 0x5300000000000002;
    gpr 6 0x5400000000000002; fillq 0xfffffffffffffff8; poke 0 8 0x8000000000000003; exec 0x113299 32 executed;
    nev 1; ev 0 load 0 8 0x8000000000000003 relaxed; reg 5 0x8000000000000003
PTO-AVS-AGU-SDI-BOUND-001: tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444; gpr 5 0x555;
    gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0x223859 0x20 0x18c; acr 0; tpc 0x100; gpr 1 0x4200; gpr 2 0x4200; gpr 3 0; gpr 4 0x5100000000000000;
    gpr 5 0x5300000000000000; gpr 6 0x5400000000000000; fillq 0x4200; gpr 4 0x5100000000000000;
    gpr 5 0x5200000000000000; exec 0x223859 32 executed; nev 1; ev 0 store 0x200 8 0x5100000000000000 relaxed;
    mem 0x200 8 0x5100000000000000; acr 0; tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002;
    gpr 4 0x444; gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0xfe2237d9 0x20 0x18c; acr 0; tpc 0x100; gpr 1 0xffffffffffffc208; gpr 2 0xffffffffffffc208; gpr 3 0;
    gpr 4 0x5100000000000001; gpr 5 0x5300000000000001; gpr 6 0x5400000000000001; fillq 0xffffffffffffc208;
    gpr 4 0x5100000000000001; gpr 5 0x5200000000000001; exec 0xfe2237d9 32 executed; nev 1;
    ev 0 store 0x200 8 0x5100000000000001 relaxed; mem 0x200 8 0x5100000000000001; acr 0; tpc 0x100;
    gpr 1 0xfffffffffffffff8; gpr 2 0xfffffffffffffff8; gpr 3 0; gpr 4 0x5100000000000002; gpr 5 0x5300000000000002;
    gpr 6 0x5400000000000002; fillq 0xfffffffffffffff8; gpr 4 0x5100000000000002; gpr 5 0x5200000000000002;
    exec 0x2223059 32 executed; nev 1; ev 0 store 0 8 0x5100000000000002 relaxed; mem 0 8 0x5100000000000002
PTO-AVS-AGU-LD-BOUND-001: tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444; gpr 5 0x555;
    gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0x8313289 0x20 0x13a; gpr 3 1; acr 0; tpc 0x100; gpr 1 0x1fe; gpr 2 0x1fe; gpr 3 1;
    gpr 4 0x5100000000000000; gpr 5 0x5300000000000000; gpr 6 0x5400000000000000; fillq 0x1fe;
    poke 0x200 8 0x8000000000000003; exec 0x8313289 32 executed; nev 1; ev 0 load 0x200 8 0x8000000000000003 relaxed;
    reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444;
    gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0xa313289 0x20 0x13a; gpr 3 1; acr 0; tpc 0x100; gpr 1 0x1fe; gpr 2 0x1fe; gpr 3 1;
    gpr 4 0x5100000000000001; gpr 5 0x5300000000000001; gpr 6 0x5400000000000001; fillq 0x1fe;
    poke 0x200 8 0x8000000000000003; exec 0xa313289 32 executed; nev 1; ev 0 load 0x200 8 0x8000000000000003 relaxed;
    reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444;
    gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0xc313289 0x20 0x13a; gpr 3 1; acr 0; tpc 0x100; gpr 1 0x1fe; gpr 2 0x1fe; gpr 3 1;
    gpr 4 0x5100000000000002; gpr 5 0x5300000000000002; gpr 6 0x5400000000000002; fillq 0x1fe;
    poke 0x200 8 0x8000000000000003; exec 0xc313289 32 executed; nev 1; ev 0 load 0x200 8 0x8000000000000003 relaxed;
    reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444;
    gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0xe313289 0x20 0x13a; gpr 3 1; acr 0; tpc 0x100; gpr 1 0x202; gpr 2 0x202; gpr 3 1;
    gpr 4 0x5100000000000003; gpr 5 0x5300000000000003; gpr 6 0x5400000000000003; fillq 0x202;
    poke 0x200 8 0x8000000000000003; exec 0xe313289 32 executed; nev 1; ev 0 load 0x200 8 0x8000000000000003 relaxed;
    reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444;
    gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0x4313289 0x20 0x13a; gpr 3 1; acr 0; tpc 0x100; gpr 1 0x1ff; gpr 2 0x1ff; gpr 3 1;
    gpr 4 0x5100000000000004; gpr 5 0x5300000000000004; gpr 6 0x5400000000000004; fillq 0x1ff;
    poke 0x200 8 0x8000000000000003; exec 0x4313289 32 executed; nev 1; ev 0 load 0x200 8 0x8000000000000003 relaxed;
    reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444;
    gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0xfc313289 0x20 0x13a; gpr 3 1; acr 0; tpc 0x100; gpr 1 0xffffffff80000200; gpr 2 0xffffffff80000200;
    gpr 3 1; gpr 4 0x5100000000000005; gpr 5 0x5300000000000005; gpr 6 0x5400000000000005; fillq 0xffffffff80000200;
    poke 0x200 8 0x8000000000000003; exec 0xfc313289 32 executed; nev 1;
    ev 0 load 0x200 8 0x8000000000000003 relaxed; reg 5 0x8000000000000003; acr 0; tpc 0x100;
    gpr 1 0xffffffffffffffff; gpr 2 0xffffffffffffffff; gpr 3 1; gpr 4 0x5100000000000006; gpr 5 0x5300000000000006;
    gpr 6 0x5400000000000006; fillq 0xffffffffffffffff; poke 0 8 0x8000000000000003; exec 0x313289 32 executed;
    nev 1; ev 0 load 0 8 0x8000000000000003 relaxed; reg 5 0x8000000000000003
PTO-AVS-AGU-LD-PCR-BOUND-001: tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444;
    gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0x800032b9 0x20 0x13e; acr 0; tpc 0; gpr 1 0xfffffffffffc0000; gpr 2 0xfffffffffffc0000; gpr 3 0;
    gpr 4 0x5100000000000000; gpr 5 0x5300000000000000; gpr 6 0x5400000000000000; fillq 0xfffffffffffc0000;
    exec 0x800032b9 32 trap; fault 0x23; faultaddr 0xfffffffffffc0000; nev 0; reg 5 0x5300000000000000; acr 0;
    tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444; gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0x7fffb2b9 0x20 0x13e; acr 0; tpc 0; gpr 1 0x3fffc; gpr 2 0x3fffc; gpr 3 0; gpr 4 0x5100000000000001;
    gpr 5 0x5300000000000001; gpr 6 0x5400000000000001; fillq 0x3fffc; exec 0x7fffb2b9 32 trap; fault 0x22;
    faultaddr 0x3fffc; nev 0; reg 5 0x5300000000000001; acr 0; tpc 0xfffffffffffffffc; gpr 1 0xfffffffffffffffc;
    gpr 2 0xfffffffffffffffc; gpr 3 0; gpr 4 0x5100000000000002; gpr 5 0x5300000000000002; gpr 6 0x5400000000000002;
    fillq 0xfffffffffffffffc; poke 0 8 0x8000000000000003; exec 0xb2b9 32 executed; nev 1;
    ev 0 load 0 8 0x8000000000000003 relaxed; reg 5 0x8000000000000003
PTO-AVS-AGU-HL-LDIP-BOUND-001: tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444;
    gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0x13299341e 0x30 0xa6; acr 0; tpc 0x100; gpr 1 0x80200; gpr 2 0x80200; gpr 3 0; gpr 4 0x5100000000000000;
    gpr 5 0x5300000000000000; gpr 6 0x5400000000000000; fillq 0x80200; poke 0x200 8 0x8000000000000003;
    poke 0x208 8 0x7000000000000003; exec 0x13299341e 48 executed; nev 2;
    ev 0 load 0x200 8 0x8000000000000003 relaxed; ev 1 load 0x208 8 0x7000000000000003 relaxed;
    reg 5 0x8000000000000003; reg 6 0x7000000000000003; acr 0; tpc 0x100; gpr 1 0x111; gpr 2 0x222;
    gpr 3 0xffffffff80000002; gpr 4 0x444; gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0xfff1329933de 0x30 0xa6; acr 0; tpc 0x100; gpr 1 0xfffffffffff80208; gpr 2 0xfffffffffff80208; gpr 3 0;
    gpr 4 0x5100000000000001; gpr 5 0x5300000000000001; gpr 6 0x5400000000000001; fillq 0xfffffffffff80208;
    poke 0x200 8 0x8000000000000003; poke 0x208 8 0x7000000000000003; exec 0xfff1329933de 48 executed; nev 2;
    ev 0 load 0x200 8 0x8000000000000003 relaxed; ev 1 load 0x208 8 0x7000000000000003 relaxed;
    reg 5 0x8000000000000003; reg 6 0x7000000000000003; acr 0; tpc 0x100; gpr 1 0xfffffffffffffff8;
    gpr 2 0xfffffffffffffff8; gpr 3 0; gpr 4 0x5100000000000002; gpr 5 0x5300000000000002; gpr 6 0x5400000000000002;
    fillq 0xfffffffffffffff8; poke 0 8 0x8000000000000003; poke 8 8 0x7000000000000003;
    exec 0x113299301e 48 executed; nev 2; ev 0 load 0 8 0x8000000000000003 relaxed;
    ev 1 load 8 8 0x7000000000000003 relaxed; reg 5 0x8000000000000003; reg 6 0x7000000000000003
PTO-AVS-AGU-HL-LDI-PO-BOUND-001: tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444;
    gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0x13299143e 0x30 0xa1; acr 0; tpc 0x100; gpr 1 0x200; gpr 2 0x200; gpr 3 0; gpr 4 0x5100000000000000;
    gpr 5 0x5300000000000000; gpr 6 0x5400000000000000; fillq 0x200; poke 0x200 8 0x8000000000000003;
    exec 0x13299143e 48 executed; nev 1; ev 0 load 0x200 8 0x8000000000000003 relaxed; reg 5 0x8000000000000003;
    reg 2 0xfffffffffff80200; acr 0; tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444;
    gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0xfff1329913fe 0x30 0xa1; acr 0; tpc 0x100; gpr 1 0x200; gpr 2 0x200; gpr 3 0; gpr 4 0x5100000000000001;
    gpr 5 0x5300000000000001; gpr 6 0x5400000000000001; fillq 0x200; poke 0x200 8 0x8000000000000003;
    exec 0xfff1329913fe 48 executed; nev 1; ev 0 load 0x200 8 0x8000000000000003 relaxed; reg 5 0x8000000000000003;
    reg 2 0x801f8; acr 0; tpc 0x100; gpr 1 0; gpr 2 0; gpr 3 0; gpr 4 0x5100000000000002; gpr 5 0x5300000000000002;
    gpr 6 0x5400000000000002; fillq 0; poke 0 8 0x8000000000000003; exec 0xfff1329917fe 48 executed; nev 1;
    ev 0 load 0 8 0x8000000000000003 relaxed; reg 5 0x8000000000000003; reg 2 0xfffffffffffffff8
PTO-AVS-AGU-C-LDI-BOUND-001: tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444; gpr 5 0x555;
    gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0x809a 0x10 0x1d; acr 0; tpc 0x100; gpr 1 0x280; gpr 2 0x280; gpr 3 0; gpr 4 0x5100000000000000;
    gpr 5 0x5300000000000000; gpr 6 0x5400000000000000; fillq 0x280; poke 0x200 8 0x8000000000000003;
    exec 0x809a 16 executed; nev 1; ev 0 load 0x200 8 0x8000000000000003 relaxed; q t 0 0x8000000000000003; acr 0;
    tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444; gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0x789a 0x10 0x1d; acr 0; tpc 0x100; gpr 1 0x188; gpr 2 0x188; gpr 3 0; gpr 4 0x5100000000000001;
    gpr 5 0x5300000000000001; gpr 6 0x5400000000000001; fillq 0x188; poke 0x200 8 0x8000000000000003;
    exec 0x789a 16 executed; nev 1; ev 0 load 0x200 8 0x8000000000000003 relaxed; q t 0 0x8000000000000003; acr 0;
    tpc 0x100; gpr 1 0xfffffffffffffff8; gpr 2 0xfffffffffffffff8; gpr 3 0; gpr 4 0x5100000000000002;
    gpr 5 0x5300000000000002; gpr 6 0x5400000000000002; fillq 0xfffffffffffffff8; poke 0 8 0x8000000000000003;
    exec 0x89a 16 executed; nev 1; ev 0 load 0 8 0x8000000000000003 relaxed; q t 0 0x8000000000000003
PTO-AVS-AGU-PRF-BOUND-001: tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002; gpr 4 0x444; gpr 5 0x555;
    gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0x8317289 0x20 0x172; gpr 3 1; acr 0; tpc 0x100; gpr 1 0x1fe; gpr 2 0x1fe; gpr 3 1;
    gpr 4 0x5100000000000000; gpr 5 0x5300000000000000; gpr 6 0x5400000000000000; fillq 0x1fe;
    exec 0x8317289 32 executed; nev 0; acr 0; tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002;
    gpr 4 0x444; gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0xa317289 0x20 0x172; gpr 3 1; acr 0; tpc 0x100; gpr 1 0x1fe; gpr 2 0x1fe; gpr 3 1;
    gpr 4 0x5100000000000001; gpr 5 0x5300000000000001; gpr 6 0x5400000000000001; fillq 0x1fe;
    exec 0xa317289 32 executed; nev 0; acr 0; tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002;
    gpr 4 0x444; gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0xc317289 0x20 0x172; gpr 3 1; acr 0; tpc 0x100; gpr 1 0x1fe; gpr 2 0x1fe; gpr 3 1;
    gpr 4 0x5100000000000002; gpr 5 0x5300000000000002; gpr 6 0x5400000000000002; fillq 0x1fe;
    exec 0xc317289 32 executed; nev 0; acr 0; tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002;
    gpr 4 0x444; gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0xe317289 0x20 0x172; gpr 3 1; acr 0; tpc 0x100; gpr 1 0x202; gpr 2 0x202; gpr 3 1;
    gpr 4 0x5100000000000003; gpr 5 0x5300000000000003; gpr 6 0x5400000000000003; fillq 0x202;
    exec 0xe317289 32 executed; nev 0; acr 0; tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002;
    gpr 4 0x444; gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0x4317289 0x20 0x172; gpr 3 1; acr 0; tpc 0x100; gpr 1 0x1ff; gpr 2 0x1ff; gpr 3 1;
    gpr 4 0x5100000000000004; gpr 5 0x5300000000000004; gpr 6 0x5400000000000004; fillq 0x1ff;
    exec 0x4317289 32 executed; nev 0; acr 0; tpc 0x100; gpr 1 0x111; gpr 2 0x222; gpr 3 0xffffffff80000002;
    gpr 4 0x444; gpr 5 0x555; gpr 6 0x666;
    queues 0x7100000000000001,0x7100000000000002,0x7100000000000003,0x7100000000000004 0x7200000000000001,0x7200000000000002,0x7200000000000003,0x7200000000000004;
    form 0xfc317289 0x20 0x172; gpr 3 1; acr 0; tpc 0x100; gpr 1 0xffffffff80000200; gpr 2 0xffffffff80000200;
    gpr 3 1; gpr 4 0x5100000000000005; gpr 5 0x5300000000000005; gpr 6 0x5400000000000005; fillq 0xffffffff80000200;
    exec 0xfc317289 32 executed; nev 0; acr 0; tpc 0x100; gpr 1 0xffffffffffffffff; gpr 2 0xffffffffffffffff;
    gpr 3 1; gpr 4 0x5100000000000006; gpr 5 0x5300000000000006; gpr 6 0x5400000000000006; fillq 0xffffffffffffffff;
    exec 0x317289 32 executed; nev 0
"""

ALIAS = """
PTO-AVS-AGU-LDI-ALIAS-001: tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0; gpr 4 0x6100000000000000;
    gpr 5 0x6200000000000000; gpr 6 0x6300000000000000; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x5c0 8 0x8000000000000003; queues 0x5b8?,.,.,. .,.,.,.; exec 0x1c3299 32 executed; nev 1;
    evf 0 address 0x5c0; reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0;
    gpr 4 0x6100000000000001; gpr 5 0x6200000000000001; gpr 6 0x6300000000000001;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x5c0 8 0x8000000000000003;
    queues .,0x5b8?,.,. .,.,.,.; exec 0x1cb299 32 executed; nev 1; evf 0 address 0x5c0; reg 5 0x8000000000000003;
    acr 0; tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0; gpr 4 0x6100000000000002; gpr 5 0x6200000000000002;
    gpr 6 0x6300000000000002; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x5c0 8 0x8000000000000003; queues .,.,0x5b8?,. .,.,.,.; exec 0x1d3299 32 executed; nev 1;
    evf 0 address 0x5c0; reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0;
    gpr 4 0x6100000000000003; gpr 5 0x6200000000000003; gpr 6 0x6300000000000003;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x5c0 8 0x8000000000000003;
    queues .,.,.,0x5b8? .,.,.,.; exec 0x1db299 32 executed; nev 1; evf 0 address 0x5c0; reg 5 0x8000000000000003;
    acr 0; tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0; gpr 4 0x6100000000000004; gpr 5 0x6200000000000004;
    gpr 6 0x6300000000000004; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x5c0 8 0x8000000000000003; queues .,.,.,. 0x5b8?,.,.,.; exec 0x1e3299 32 executed; nev 1;
    evf 0 address 0x5c0; reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0;
    gpr 4 0x6100000000000005; gpr 5 0x6200000000000005; gpr 6 0x6300000000000005;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x5c0 8 0x8000000000000003;
    queues .,.,.,. .,0x5b8?,.,.; exec 0x1eb299 32 executed; nev 1; evf 0 address 0x5c0; reg 5 0x8000000000000003;
    acr 0; tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0; gpr 4 0x6100000000000006; gpr 5 0x6200000000000006;
    gpr 6 0x6300000000000006; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x5c0 8 0x8000000000000003; queues .,.,.,. .,.,0x5b8?,.; exec 0x1f3299 32 executed; nev 1;
    evf 0 address 0x5c0; reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0;
    gpr 4 0x6100000000000007; gpr 5 0x6200000000000007; gpr 6 0x6300000000000007;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x5c0 8 0x8000000000000003;
    queues .,.,.,. .,.,.,0x5b8?; exec 0x1fb299 32 executed; nev 1; evf 0 address 0x5c0; reg 5 0x8000000000000003;
    acr 0; tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0; gpr 4 0x6100000000000008; gpr 5 0x6200000000000008;
    gpr 6 0x6300000000000008; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x5c0 8 0x8000000000000003; exec 0x113019 32 executed; nev 1; reg 0 0; q t 0 0x700; q u 0 0x800;
    reg 5 0x6200000000000008; acr 0; tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0; gpr 4 0x6100000000000009;
    gpr 5 0x6200000000000009; gpr 6 0x6300000000000009; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x5c0 8 0x8000000000000003; exec 0x113c19 32 executed; nev 1; q t 0 0x700; q u 0 0x800;
    reg 5 0x6200000000000009; acr 0; tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0; gpr 4 0x610000000000000a;
    gpr 5 0x620000000000000a; gpr 6 0x630000000000000a; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x5c0 8 0x8000000000000003; exec 0x113c99 32 executed; nev 1; q t 0 0x700; q u 0 0x800;
    reg 5 0x620000000000000a; acr 0; tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0; gpr 4 0x610000000000000b;
    gpr 5 0x620000000000000b; gpr 6 0x630000000000000b; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x5c0 8 0x8000000000000003; exec 0x113d19 32 executed; nev 1; q t 0 0x700; q u 0 0x800;
    reg 5 0x620000000000000b; acr 0; tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0; gpr 4 0x610000000000000c;
    gpr 5 0x620000000000000c; gpr 6 0x630000000000000c; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x5c0 8 0x8000000000000003; exec 0x113d99 32 executed; nev 1; q t 0 0x700; q u 0 0x800;
    reg 5 0x620000000000000c; acr 0; tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0; gpr 4 0x610000000000000d;
    gpr 5 0x620000000000000d; gpr 6 0x630000000000000d; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x5c0 8 0x8000000000000003; exec 0x113e19 32 executed; nev 1; q t 0 0x700; q u 0 0x800;
    reg 5 0x620000000000000d; acr 0; tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0; gpr 4 0x610000000000000e;
    gpr 5 0x620000000000000e; gpr 6 0x630000000000000e; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x5c0 8 0x8000000000000003; exec 0x113e99 32 executed; nev 1; q t 0 0x700; q u 0 0x800;
    reg 5 0x620000000000000e; acr 0; tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0; gpr 4 0x610000000000000f;
    gpr 5 0x620000000000000f; gpr 6 0x630000000000000f; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x5c0 8 0x8000000000000003; exec 0x113f19 32 executed; nev 1; q u 0 0x8000000000000003; q t 0 0x700;
    reg 5 0x620000000000000f; acr 0; tpc 0x100; gpr 1 0x5b8; gpr 2 0x5b8; gpr 3 0; gpr 4 0x6100000000000010;
    gpr 5 0x6200000000000010; gpr 6 0x6300000000000010; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x5c0 8 0x8000000000000003; exec 0x113f99 32 executed; nev 1; q t 0 0x8000000000000003; q u 0 0x800;
    reg 5 0x6200000000000010
PTO-AVS-AGU-C-LDI-ALIAS-001: tpc 0x100; gpr 1 0x348; gpr 2 0x348; gpr 3 0; gpr 4 0x6100000000000000;
    gpr 5 0x6200000000000000; gpr 6 0x6300000000000000; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x350 8 0x8000000000000003; queues 0x348?,.,.,. .,.,.,.; exec 0xe1a 16 executed; nev 1; evf 0 address 0x350;
    q t 0 0x8000000000000003; q t 1 0x348; acr 0; tpc 0x100; gpr 1 0x348; gpr 2 0x348; gpr 3 0;
    gpr 4 0x6100000000000001; gpr 5 0x6200000000000001; gpr 6 0x6300000000000001;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x350 8 0x8000000000000003;
    queues .,0x348?,.,. .,.,.,.; exec 0xe5a 16 executed; nev 1; evf 0 address 0x350; q t 0 0x8000000000000003;
    q t 1 0x700; acr 0; tpc 0x100; gpr 1 0x348; gpr 2 0x348; gpr 3 0; gpr 4 0x6100000000000002;
    gpr 5 0x6200000000000002; gpr 6 0x6300000000000002; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x350 8 0x8000000000000003; queues .,.,0x348?,. .,.,.,.; exec 0xe9a 16 executed; nev 1; evf 0 address 0x350;
    q t 0 0x8000000000000003; q t 1 0x700; acr 0; tpc 0x100; gpr 1 0x348; gpr 2 0x348; gpr 3 0;
    gpr 4 0x6100000000000003; gpr 5 0x6200000000000003; gpr 6 0x6300000000000003;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x350 8 0x8000000000000003;
    queues .,.,.,0x348? .,.,.,.; exec 0xeda 16 executed; nev 1; evf 0 address 0x350; q t 0 0x8000000000000003;
    q t 1 0x700; acr 0; tpc 0x100; gpr 1 0x348; gpr 2 0x348; gpr 3 0; gpr 4 0x6100000000000004;
    gpr 5 0x6200000000000004; gpr 6 0x6300000000000004; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x350 8 0x8000000000000003; queues .,.,.,. 0x348?,.,.,.; exec 0xf1a 16 executed; nev 1; evf 0 address 0x350;
    q t 0 0x8000000000000003; q t 1 0x700; acr 0; tpc 0x100; gpr 1 0x348; gpr 2 0x348; gpr 3 0;
    gpr 4 0x6100000000000005; gpr 5 0x6200000000000005; gpr 6 0x6300000000000005;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x350 8 0x8000000000000003;
    queues .,.,.,. .,0x348?,.,.; exec 0xf5a 16 executed; nev 1; evf 0 address 0x350; q t 0 0x8000000000000003;
    q t 1 0x700; acr 0; tpc 0x100; gpr 1 0x348; gpr 2 0x348; gpr 3 0; gpr 4 0x6100000000000006;
    gpr 5 0x6200000000000006; gpr 6 0x6300000000000006; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x350 8 0x8000000000000003; queues .,.,.,. .,.,0x348?,.; exec 0xf9a 16 executed; nev 1; evf 0 address 0x350;
    q t 0 0x8000000000000003; q t 1 0x700; acr 0; tpc 0x100; gpr 1 0x348; gpr 2 0x348; gpr 3 0;
    gpr 4 0x6100000000000007; gpr 5 0x6200000000000007; gpr 6 0x6300000000000007;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x350 8 0x8000000000000003;
    queues .,.,.,. .,.,.,0x348?; exec 0xfda 16 executed; nev 1; evf 0 address 0x350; q t 0 0x8000000000000003;
    q t 1 0x700
PTO-AVS-AGU-C-SDI-ALIAS-001: tpc 0x100; gpr 1 0x3a8; gpr 2 0x3a8; gpr 3 0; gpr 4 0x6100000000000000;
    gpr 5 0x6200000000000000; gpr 6 0x6300000000000000; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    queues 0x3a8?,.,.,. .,.,.,.; exec 0xfe3a 16 executed; nev 1; evf 0 address 0x3a0; mem 0x3a0 8 0x3a8; acr 0;
    tpc 0x100; gpr 1 0x3a8; gpr 2 0x3a8; gpr 3 0; gpr 4 0x6100000000000001; gpr 5 0x6200000000000001;
    gpr 6 0x6300000000000001; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; queues .,0x3a8?,.,. .,.,.,.;
    exec 0xfe7a 16 executed; nev 1; evf 0 address 0x3a0; mem 0x3a0 8 0x700; acr 0; tpc 0x100; gpr 1 0x3a8;
    gpr 2 0x3a8; gpr 3 0; gpr 4 0x6100000000000002; gpr 5 0x6200000000000002; gpr 6 0x6300000000000002;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; queues .,.,0x3a8?,. .,.,.,.; exec 0xfeba 16 executed;
    nev 1; evf 0 address 0x3a0; mem 0x3a0 8 0x700; acr 0; tpc 0x100; gpr 1 0x3a8; gpr 2 0x3a8; gpr 3 0;
    gpr 4 0x6100000000000003; gpr 5 0x6200000000000003; gpr 6 0x6300000000000003;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; queues .,.,.,0x3a8? .,.,.,.; exec 0xfefa 16 executed;
    nev 1; evf 0 address 0x3a0; mem 0x3a0 8 0x700; acr 0; tpc 0x100; gpr 1 0x3a8; gpr 2 0x3a8; gpr 3 0;
    gpr 4 0x6100000000000004; gpr 5 0x6200000000000004; gpr 6 0x6300000000000004;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; queues .,.,.,. 0x3a8?,.,.,.; exec 0xff3a 16 executed;
    nev 1; evf 0 address 0x3a0; mem 0x3a0 8 0x700; acr 0; tpc 0x100; gpr 1 0x3a8; gpr 2 0x3a8; gpr 3 0;
    gpr 4 0x6100000000000005; gpr 5 0x6200000000000005; gpr 6 0x6300000000000005;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; queues .,.,.,. .,0x3a8?,.,.; exec 0xff7a 16 executed;
    nev 1; evf 0 address 0x3a0; mem 0x3a0 8 0x700; acr 0; tpc 0x100; gpr 1 0x3a8; gpr 2 0x3a8; gpr 3 0;
    gpr 4 0x6100000000000006; gpr 5 0x6200000000000006; gpr 6 0x6300000000000006;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; queues .,.,.,. .,.,0x3a8?,.; exec 0xffba 16 executed;
    nev 1; evf 0 address 0x3a0; mem 0x3a0 8 0x700; acr 0; tpc 0x100; gpr 1 0x3a8; gpr 2 0x3a8; gpr 3 0;
    gpr 4 0x6100000000000007; gpr 5 0x6200000000000007; gpr 6 0x6300000000000007;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; queues .,.,.,. .,.,.,0x3a8?; exec 0xfffa 16 executed;
    nev 1; evf 0 address 0x3a0; mem 0x3a0 8 0x700
PTO-AVS-AGU-HL-LDIP-ALIAS-001: tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0; gpr 4 0x6100000000000000;
    gpr 5 0x6200000000000000; gpr 6 0x6300000000000000; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x3e0 8 0x8000000000000003; poke 0x3e8 8 0x7000000000000003; queues 0x3d8?,.,.,. .,.,.,.;
    exec 0x1c3299301e 48 executed; nev 2; evf 0 address 0x3e0; reg 5 0x8000000000000003; reg 6 0x7000000000000003;
    acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0; gpr 4 0x6100000000000001; gpr 5 0x6200000000000001;
    gpr 6 0x6300000000000001; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x3e0 8 0x8000000000000003; poke 0x3e8 8 0x7000000000000003; queues .,0x3d8?,.,. .,.,.,.;
    exec 0x1cb299301e 48 executed; nev 2; evf 0 address 0x3e0; reg 5 0x8000000000000003; reg 6 0x7000000000000003;
    acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0; gpr 4 0x6100000000000002; gpr 5 0x6200000000000002;
    gpr 6 0x6300000000000002; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x3e0 8 0x8000000000000003; poke 0x3e8 8 0x7000000000000003; queues .,.,0x3d8?,. .,.,.,.;
    exec 0x1d3299301e 48 executed; nev 2; evf 0 address 0x3e0; reg 5 0x8000000000000003; reg 6 0x7000000000000003;
    acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0; gpr 4 0x6100000000000003; gpr 5 0x6200000000000003;
    gpr 6 0x6300000000000003; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x3e0 8 0x8000000000000003; poke 0x3e8 8 0x7000000000000003; queues .,.,.,0x3d8? .,.,.,.;
    exec 0x1db299301e 48 executed; nev 2; evf 0 address 0x3e0; reg 5 0x8000000000000003; reg 6 0x7000000000000003;
    acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0; gpr 4 0x6100000000000004; gpr 5 0x6200000000000004;
    gpr 6 0x6300000000000004; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x3e0 8 0x8000000000000003; poke 0x3e8 8 0x7000000000000003; queues .,.,.,. 0x3d8?,.,.,.;
    exec 0x1e3299301e 48 executed; nev 2; evf 0 address 0x3e0; reg 5 0x8000000000000003; reg 6 0x7000000000000003;
    acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0; gpr 4 0x6100000000000005; gpr 5 0x6200000000000005;
    gpr 6 0x6300000000000005; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x3e0 8 0x8000000000000003; poke 0x3e8 8 0x7000000000000003; queues .,.,.,. .,0x3d8?,.,.;
    exec 0x1eb299301e 48 executed; nev 2; evf 0 address 0x3e0; reg 5 0x8000000000000003; reg 6 0x7000000000000003;
    acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0; gpr 4 0x6100000000000006; gpr 5 0x6200000000000006;
    gpr 6 0x6300000000000006; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x3e0 8 0x8000000000000003; poke 0x3e8 8 0x7000000000000003; queues .,.,.,. .,.,0x3d8?,.;
    exec 0x1f3299301e 48 executed; nev 2; evf 0 address 0x3e0; reg 5 0x8000000000000003; reg 6 0x7000000000000003;
    acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0; gpr 4 0x6100000000000007; gpr 5 0x6200000000000007;
    gpr 6 0x6300000000000007; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x3e0 8 0x8000000000000003; poke 0x3e8 8 0x7000000000000003; queues .,.,.,. .,.,.,0x3d8?;
    exec 0x1fb299301e 48 executed; nev 2; evf 0 address 0x3e0; reg 5 0x8000000000000003; reg 6 0x7000000000000003;
    acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0; gpr 4 0x6100000000000008; gpr 5 0x6200000000000008;
    gpr 6 0x6300000000000008; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x3e0 8 0x8000000000000003; poke 0x3e8 8 0x7000000000000003; exec 0x113019301e 48 executed; nev 2; reg 0 0;
    q t 0 0x700; q u 0 0x800; reg 5 0x6200000000000008; reg 6 0x7000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8;
    gpr 2 0x3d8; gpr 3 0; gpr 4 0x6100000000000009; gpr 5 0x6200000000000009; gpr 6 0x6300000000000009;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x3e0 8 0x8000000000000003;
    poke 0x3e8 8 0x7000000000000003; exec 0x113c19301e 48 executed; nev 2; q t 0 0x700; q u 0 0x800;
    reg 5 0x6200000000000009; reg 6 0x7000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0;
    gpr 4 0x610000000000000a; gpr 5 0x620000000000000a; gpr 6 0x630000000000000a;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x3e0 8 0x8000000000000003;
    poke 0x3e8 8 0x7000000000000003; exec 0x113c99301e 48 executed; nev 2; q t 0 0x700; q u 0 0x800;
    reg 5 0x620000000000000a; reg 6 0x7000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0;
    gpr 4 0x610000000000000b; gpr 5 0x620000000000000b; gpr 6 0x630000000000000b;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x3e0 8 0x8000000000000003;
    poke 0x3e8 8 0x7000000000000003; exec 0x113d19301e 48 executed; nev 2; q t 0 0x700; q u 0 0x800;
    reg 5 0x620000000000000b; reg 6 0x7000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0;
    gpr 4 0x610000000000000c; gpr 5 0x620000000000000c; gpr 6 0x630000000000000c;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x3e0 8 0x8000000000000003;
    poke 0x3e8 8 0x7000000000000003; exec 0x113d99301e 48 executed; nev 2; q t 0 0x700; q u 0 0x800;
    reg 5 0x620000000000000c; reg 6 0x7000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0;
    gpr 4 0x610000000000000d; gpr 5 0x620000000000000d; gpr 6 0x630000000000000d;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x3e0 8 0x8000000000000003;
    poke 0x3e8 8 0x7000000000000003; exec 0x113e19301e 48 executed; nev 2; q t 0 0x700; q u 0 0x800;
    reg 5 0x620000000000000d; reg 6 0x7000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0;
    gpr 4 0x610000000000000e; gpr 5 0x620000000000000e; gpr 6 0x630000000000000e;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x3e0 8 0x8000000000000003;
    poke 0x3e8 8 0x7000000000000003; exec 0x113e99301e 48 executed; nev 2; q t 0 0x700; q u 0 0x800;
    reg 5 0x620000000000000e; reg 6 0x7000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0;
    gpr 4 0x610000000000000f; gpr 5 0x620000000000000f; gpr 6 0x630000000000000f;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x3e0 8 0x8000000000000003;
    poke 0x3e8 8 0x7000000000000003; exec 0x113f19301e 48 executed; nev 2; q u 0 0x8000000000000003; q t 0 0x700;
    reg 5 0x620000000000000f; reg 6 0x7000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0;
    gpr 4 0x6100000000000010; gpr 5 0x6200000000000010; gpr 6 0x6300000000000010;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x3e0 8 0x8000000000000003;
    poke 0x3e8 8 0x7000000000000003; exec 0x113f99301e 48 executed; nev 2; q t 0 0x8000000000000003; q u 0 0x800;
    reg 5 0x6200000000000010; reg 6 0x7000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0;
    gpr 4 0x6100000000000011; gpr 5 0x6200000000000011; gpr 6 0x6300000000000011;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x3e0 8 0x8000000000000003;
    poke 0x3e8 8 0x7000000000000003; exec 0x113299001e 48 executed; nev 2; reg 0 0; q t 0 0x700; q u 0 0x800;
    reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0; gpr 4 0x6100000000000012;
    gpr 5 0x6200000000000012; gpr 6 0x6300000000000012; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x3e0 8 0x8000000000000003; poke 0x3e8 8 0x7000000000000003; exec 0x113299c01e 48 executed; nev 2;
    q t 0 0x700; q u 0 0x800; reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0;
    gpr 4 0x6100000000000013; gpr 5 0x6200000000000013; gpr 6 0x6300000000000013;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x3e0 8 0x8000000000000003;
    poke 0x3e8 8 0x7000000000000003; exec 0x113299c81e 48 executed; nev 2; q t 0 0x700; q u 0 0x800;
    reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0; gpr 4 0x6100000000000014;
    gpr 5 0x6200000000000014; gpr 6 0x6300000000000014; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x3e0 8 0x8000000000000003; poke 0x3e8 8 0x7000000000000003; exec 0x113299d01e 48 executed; nev 2;
    q t 0 0x700; q u 0 0x800; reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0;
    gpr 4 0x6100000000000015; gpr 5 0x6200000000000015; gpr 6 0x6300000000000015;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x3e0 8 0x8000000000000003;
    poke 0x3e8 8 0x7000000000000003; exec 0x113299d81e 48 executed; nev 2; q t 0 0x700; q u 0 0x800;
    reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0; gpr 4 0x6100000000000016;
    gpr 5 0x6200000000000016; gpr 6 0x6300000000000016; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x3e0 8 0x8000000000000003; poke 0x3e8 8 0x7000000000000003; exec 0x113299e01e 48 executed; nev 2;
    q t 0 0x700; q u 0 0x800; reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0;
    gpr 4 0x6100000000000017; gpr 5 0x6200000000000017; gpr 6 0x6300000000000017;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x3e0 8 0x8000000000000003;
    poke 0x3e8 8 0x7000000000000003; exec 0x113299e81e 48 executed; nev 2; q t 0 0x700; q u 0 0x800;
    reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0; gpr 4 0x6100000000000018;
    gpr 5 0x6200000000000018; gpr 6 0x6300000000000018; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x3e0 8 0x8000000000000003; poke 0x3e8 8 0x7000000000000003; exec 0x113299f01e 48 executed; nev 2;
    q u 0 0x7000000000000003; q t 0 0x700; reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8;
    gpr 3 0; gpr 4 0x6100000000000019; gpr 5 0x6200000000000019; gpr 6 0x6300000000000019;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x3e0 8 0x8000000000000003;
    poke 0x3e8 8 0x7000000000000003; exec 0x113299f81e 48 executed; nev 2; q t 0 0x7000000000000003; q u 0 0x800;
    reg 5 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0; gpr 4 0x610000000000001a;
    gpr 5 0x620000000000001a; gpr 6 0x630000000000001a; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x3e0 8 0x8000000000000003; poke 0x3e8 8 0x7000000000000003; exec 0x113299281e 48 executed; nev 2;
    ev 0 load 0x3e0 8 0x8000000000000003 relaxed; ev 1 load 0x3e8 8 0x7000000000000003 relaxed;
    reg 5 0x7000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0; gpr 4 0x610000000000001b;
    gpr 5 0x620000000000001b; gpr 6 0x630000000000001b; queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800;
    poke 0x3e0 8 0x8000000000000003; poke 0x3e8 8 0x7000000000000003; exec 0x113f99f81e 48 executed; nev 2;
    ev 0 load 0x3e0 8 0x8000000000000003 relaxed; ev 1 load 0x3e8 8 0x7000000000000003 relaxed;
    q t 0 0x7000000000000003; q t 1 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0;
    gpr 4 0x610000000000001c; gpr 5 0x620000000000001c; gpr 6 0x630000000000001c;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x3e0 8 0x8000000000000003;
    poke 0x3e8 8 0x7000000000000003; exec 0x113f19f01e 48 executed; nev 2;
    ev 0 load 0x3e0 8 0x8000000000000003 relaxed; ev 1 load 0x3e8 8 0x7000000000000003 relaxed;
    q u 0 0x7000000000000003; q u 1 0x8000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0;
    gpr 4 0x610000000000001d; gpr 5 0x620000000000001d; gpr 6 0x630000000000001d;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x3e0 8 0x8000000000000003;
    poke 0x3e8 8 0x7000000000000003; exec 0x113f99f01e 48 executed; nev 2;
    ev 0 load 0x3e0 8 0x8000000000000003 relaxed; ev 1 load 0x3e8 8 0x7000000000000003 relaxed;
    q t 0 0x8000000000000003; q u 0 0x7000000000000003; acr 0; tpc 0x100; gpr 1 0x3d8; gpr 2 0x3d8; gpr 3 0;
    gpr 4 0x610000000000001e; gpr 5 0x620000000000001e; gpr 6 0x630000000000001e;
    queues 0x700,0x700,0x700,0x700 0x800,0x800,0x800,0x800; poke 0x3e0 8 0x8000000000000003;
    poke 0x3e8 8 0x7000000000000003; exec 0x113f19f81e 48 executed; nev 2;
    ev 0 load 0x3e0 8 0x8000000000000003 relaxed; ev 1 load 0x3e8 8 0x7000000000000003 relaxed;
    q u 0 0x8000000000000003; q t 0 0x7000000000000003
"""
