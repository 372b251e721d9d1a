"""AMO conformance: LR/SC, CAS, SWAP and the read-modify-write atomics.

The AVS points of ``tests/asl/scalar/amo/<MNEMONIC>/`` follow one template per class
(LR: RESERVE/ALIASES/PRECISE, SC: SUCCESS/MISS/PRECISE, CAS: MATCH/MISMATCH/PRECISE,
SWAP: RESULT/ALIASES/PRECISE, LD./LW.: RESULT/FORMS/PRECISE, SD./SW.: STORE/FORMS/PRECISE);
each test below restates one template and is parametrised by the per-mnemonic values of
those files, so every test id names the AVS point it restates.  Instruction words are
built as the AVS files build them: the form's match value with bit ranges set.
Semantics: ``asl/scalar/model/amo/semantics.asl``, ``asl/scalar/model/dispatch/amo.asl``.
DMA has its own file (test_dma.py).
"""

from __future__ import annotations

import pytest
from support.avs import fill, fresh, run_word, word

from ptodbg.core import DEBUG, Machine, R, W, X
from ptodbg.core.faults import DATA_ALIGN_FAULT, DATA_PAGE_FAULT, ILLEGAL_INST
from ptodbg.core.machine import StepResult
from ptodbg.core.memory import Watch
from ptodbg.core.semantics import builders
from ptodbg.isa.decoder import decode
from ptodbg.isa.forms import SCALAR_FORMS

ONES = (1 << 64) - 1
MEMORY_BYTES = 4096  # PTO_MODEL_MEMORY_BYTES of the reference profile
EVBASE_ACR1 = 0x1F01
ECSTATE_ACR1 = 0x1F00
EBARG_TPC_ACR1 = 0x1F43
VALUE = 0x1122334455667788  # the AVS files' desired / replacement / stored value

# Bit positions of the AMO fields: 32-bit forms and HL.CAS* (48-bit).
L32 = {"dst": (11, 7), "srcl": (19, 15), "srcr": (24, 20), "srcd": (31, 27), "rl": 25, "aq": 26, "far": 27}
L48 = {"dst": (27, 23), "srcl": (35, 31), "srcr": (40, 36), "srcd": (10, 6), "rl": 41, "aq": 42, "far": 43}

SIZE = {"B": 1, "H": 2, "W": 4, "D": 8}
OLD = {1: 0x80, 2: 0x8001, 4: 0x80000001, 8: 0x8000000000000001}  # the AVS old values
RETURNED = {1: 0x80, 2: 0x8001, 4: 0xFFFFFFFF80000001, 8: 0x8000000000000001}  # NormalizeAtomicReturn
STORED = {1: 0x88, 2: 0x7788, 4: 0x55667788, 8: VALUE}  # VALUE truncated to the size


def mask(size: int) -> int:
    return (1 << (8 * size)) - 1


def returned(old: int, size: int) -> int:
    """NormalizeAtomicReturn as the AVS files state it: W sign-extends, others zero-extend."""
    old &= mask(size)
    return old | 0xFFFFFFFF00000000 if size == 4 and old & 0x80000000 else old


def insn(base: int, layout: dict, bits: tuple[str, ...] = (), **fields: int) -> int:
    """``base`` with Reg5 fields (dst/srcl/srcr/srcd) and single bits (aq/rl/far) set."""
    ranges = [(*layout[name], value) for name, value in fields.items()]
    ranges += [(layout[b], layout[b], 1) for b in bits]
    return word(base, *ranges)


def poke(m: Machine, address: int, size: int, value: int) -> None:
    fill(m, address, (value & mask(size)).to_bytes(size, "little"))


def peek(m: Machine, address: int, size: int) -> int:
    return int.from_bytes(m.mem.peek(address, size), "little")


def executed(res: StepResult, m: Machine, pc: int) -> None:
    assert res.kind == "executed" and res.trap is None
    assert m.pc == pc


def precise_setup(m: Machine) -> None:
    """The PRECISE templates run at ACR2 with EVBASE_ACR1 = 0x900 and TPC 0x100."""
    m.set_acr(2)
    m.write_sysreg(EVBASE_ACR1, 0x900)
    m.pc = 0x100


def assert_swapped(res: StepResult, m: Machine, size: int, pc: int) -> None:
    """An atomic swap at 256 executed to ``pc``: memory holds STORED, R5 the RETURNED old
    value, the reservation is cleared, and one performed acq_rel atomic event says so."""
    executed(res, m, pc)
    assert peek(m, 256, size) == STORED[size]
    assert m.r[5] == RETURNED[size]
    assert m.resv is None
    atomic_event(res, 256, size, OLD[size], STORED[size], True, "acq_rel")


def precise_trap(m: Machine, word: int, number: int, address: int, length: int = 32) -> None:
    """Run ``word`` under the PRECISE set-up: it traps as :func:`precise_checks` says and
    leaves its destination R5 (0x55) untouched."""
    precise_setup(m)
    res = run_word(m, word, length)
    assert m.r[5] == 0x55
    precise_checks(m, res, number, address)


def precise_checks(m: Machine, res: StepResult, number: int, address: int) -> None:
    """Trap to bank 1 with the fault address, nothing recorded, then recovery to ACR2."""
    assert res.kind == "trap"
    assert res.trap.number == number and res.trap.arg0 == address
    assert m.fault_address == address
    assert m.acr == 1 and m.pc == 0x900
    assert m.context_valid(1)
    assert m.read_sysreg(ECSTATE_ACR1) & 0xF == 2  # source ACR
    assert m.read_sysreg(EBARG_TPC_ACR1) == 0x100
    assert res.events == []
    assert m.recover(1) == 0x100
    assert m.acr == 2 and m.pc == 0x100
    assert not m.context_valid(1)


def fault_of(size: int) -> tuple[int, int]:
    """The PRECISE templates: byte forms use PTO_MODEL_MEMORY_BYTES (a page fault), the
    others the aligned address + 1 (an alignment fault)."""
    return (DATA_PAGE_FAULT, MEMORY_BYTES) if size == 1 else (DATA_ALIGN_FAULT, None)


def atomic_event(res: StepResult, address: int, size: int, read: int, written: int, performed: bool, order: str):
    assert len(res.events) == 1
    ev = res.events[0]
    assert (ev.kind, ev.address, ev.size, ev.value) == ("atomic", address, size, read)
    assert (ev.written, ev.performed, ev.order) == (written, performed, order)


# ---------------------------------------------------------------------------- LR
LR = {"LR.B": 0x0000000B, "LR.H": 0x1000000B, "LR.W": 0x2000000B, "LR.D": 0x3000000B}


@pytest.mark.parametrize("mn", LR)
def test_avs_lr_reserve(mn):
    """PTO-AVS-SCALAR-LR-{B,H,W,D}-RESERVE-001: LR loads the value (W sign-extended),
    replaces the older reservation by (address, size), records one acq_rel load event;
    SrcZero = 31 is ignored."""
    size = SIZE[mn[-1]]
    m = fresh()
    poke(m, 320, size, OLD[size])
    m.set_reservation(128, 8)
    m.r[2], m.r[5] = 320, 0x55
    m.pc = 0x40
    res = run_word(m, insn(LR[mn], L32, ("rl", "aq", "far"), dst=5, srcl=2, srcr=31))
    executed(res, m, 0x44)
    assert m.r[5] == RETURNED[size]
    assert m.resv == (320, size)
    assert len(res.events) == 1
    ev = res.events[0]
    assert (ev.kind, ev.address, ev.size, ev.value, ev.order) == ("load", 320, size, OLD[size], "acq_rel")


@pytest.mark.parametrize("mn", LR)
def test_avs_lr_aliases(mn):
    """PTO-AVS-SCALAR-LR-{B,H,W,D}-ALIASES-001: address from T#1 (not consumed), result
    pushed to U, SrcZero = 29 (U#2, not even valid) ignored, relaxed order."""
    size = SIZE[mn[-1]]
    m = fresh()
    poke(m, 320, size, OLD[size])
    m.push_t(320)
    m.push_u(0x77)
    m.pc = 0x80
    res = run_word(m, insn(LR[mn], L32, dst=30, srcl=24, srcr=29))
    executed(res, m, 0x84)
    assert m.queue("t")[0] == 320
    assert m.queue("u")[:2] == [RETURNED[size], 0x77]
    assert m.resv == (320, size)
    assert len(res.events) == 1 and res.events[0].order == "relaxed"


@pytest.mark.parametrize("mn", LR)
def test_avs_lr_precise(mn):
    """PTO-AVS-SCALAR-LR-{B,H,W,D}-PRECISE-001: a faulting LR keeps the older
    reservation and the destination; ACR2 traps to bank 1 and recovers."""
    size = SIZE[mn[-1]]
    number, address = fault_of(size)
    address = address if address is not None else 320 + 1
    m = fresh()
    m.set_reservation(128, 8)
    m.r[2], m.r[5] = address, 0x55
    precise_trap(m, insn(LR[mn], L32, dst=5, srcl=2, srcr=31), number, address)
    assert m.resv == (128, 8)


# ---------------------------------------------------------------------------- SC
SC = {"SC.B": 0x0000100B, "SC.H": 0x1000100B, "SC.W": 0x2000100B, "SC.D": 0x3000100B}


@pytest.mark.parametrize("mn", SC)
def test_avs_sc_success(mn):
    """PTO-AVS-SCALAR-SC-{B,H,W,D}-SUCCESS-001: a 1-byte reservation at 256 covers the
    whole line, so SC at 320 - size succeeds: truncated store, status 0, reservation
    cleared, one acq_rel store event."""
    size = SIZE[mn[-1]]
    address = 320 - size
    m = fresh()
    poke(m, address, size, 0)
    m.set_reservation(256, 1)
    m.r[2], m.r[3], m.r[5] = VALUE, address, ONES
    m.pc = 0x40
    res = run_word(m, insn(SC[mn], L32, ("rl", "aq", "far"), dst=5, srcl=2, srcr=3))
    executed(res, m, 0x44)
    assert peek(m, address, size) == STORED[size]
    assert m.r[5] == 0
    assert m.resv is None
    assert len(res.events) == 1
    ev = res.events[0]
    assert (ev.kind, ev.address, ev.size, ev.value, ev.order) == ("store", address, size, STORED[size], "acq_rel")


@pytest.mark.parametrize("mn", SC)
def test_avs_sc_miss(mn):
    """PTO-AVS-SCALAR-SC-{B,H,W,D}-MISS-001: a reservation on another line makes SC a
    probe-free miss: no fault even for an address outside memory, no event, status 1
    pushed to U, reservation cleared."""
    m = fresh()
    m.set_reservation(128, 8)
    m.push_t(VALUE)
    m.push_u(MEMORY_BYTES + 1)
    m.pc = 0x80
    res = run_word(m, insn(SC[mn], L32, dst=30, srcl=24, srcr=28))
    executed(res, m, 0x84)
    assert m.queue("t")[0] == VALUE
    assert m.queue("u")[:2] == [1, MEMORY_BYTES + 1]
    assert m.resv is None
    assert res.events == []


@pytest.mark.parametrize("mn", SC)
def test_avs_sc_precise(mn):
    """PTO-AVS-SCALAR-SC-{B,H,W,D}-PRECISE-001: the reservation matches, so SC clears it
    and then faults on the probe; the reservation stays cleared, no status is written."""
    size = SIZE[mn[-1]]
    number, address = fault_of(size)
    address = address if address is not None else 256 + 1
    m = fresh()
    m.set_reservation(address, 1)
    m.r[2], m.r[3], m.r[5] = VALUE, address, 0x55
    precise_trap(m, insn(SC[mn], L32, dst=5, srcl=2, srcr=3), number, address)
    assert m.resv is None


# ---------------------------------------------------------------------------- CAS
CAS = {
    "CASB": (0x0000001B, L32, ("rl", "aq")), "CASH": (0x0000101B, L32, ("rl", "aq")),
    "CASW": (0x0000201B, L32, ("rl", "aq")), "CASD": (0x0000301B, L32, ("rl", "aq")),
    "HL.CASB": (0x0000600B000E, L48, ("rl", "aq", "far")), "HL.CASH": (0x1000600B000E, L48, ("rl", "aq", "far")),
    "HL.CASW": (0x2000600B000E, L48, ("rl", "aq", "far")), "HL.CASD": (0x3000600B000E, L48, ("rl", "aq", "far")),
}


def _cas(mn: str) -> tuple[int, dict, tuple[str, ...], int, int]:
    base, layout, bits = CAS[mn]
    length = 48 if layout is L48 else 32
    return base, layout, bits, length, SIZE[mn[-1]]


@pytest.mark.parametrize("mn", CAS)
def test_avs_cas_match(mn):
    """PTO-AVS-SCALAR-{,HL-}CAS{B,H,W,D}-MATCH-001: expected == old, so the truncated
    desired value is written, RegDst := old (W sign-extended), the overlapped
    reservation is cleared, one performed acq_rel atomic event."""
    base, layout, bits, length, size = _cas(mn)
    m = fresh()
    poke(m, 256, size, OLD[size])
    m.set_reservation(256, size)
    m.r[2], m.r[3], m.r[4], m.r[5] = 256, OLD[size], VALUE, 0x55
    m.pc = 0x40
    res = run_word(m, insn(base, layout, bits, dst=5, srcl=2, srcr=3, srcd=4), length)
    assert_swapped(res, m, size, 0x40 + length // 8)


@pytest.mark.parametrize("mn", CAS)
def test_avs_cas_mismatch(mn):
    """PTO-AVS-SCALAR-{,HL-}CAS{B,H,W,D}-MISMATCH-001: expected 7 != old: memory and the
    reservation are kept, the old value is pushed to U, the event is not performed."""
    base, layout, bits, length, size = _cas(mn)
    m = fresh()
    poke(m, 256, size, OLD[size])
    m.set_reservation(256, size)
    m.push_t(256)
    m.push_u(7)
    m.r[4] = VALUE
    m.pc = 0x80
    res = run_word(m, insn(base, layout, dst=30, srcl=24, srcr=28, srcd=4), length)
    executed(res, m, 0x80 + length // 8)
    assert peek(m, 256, size) == OLD[size]
    assert m.queue("t")[0] == 256
    assert m.queue("u")[:2] == [RETURNED[size], 7]
    assert m.resv == (256, size)
    atomic_event(res, 256, size, OLD[size], STORED[size], False, "relaxed")


@pytest.mark.parametrize("mn", CAS)
def test_avs_cas_precise(mn):
    """PTO-AVS-SCALAR-{,HL-}CAS{B,H,W,D}-PRECISE-001: a faulting CAS keeps memory, the
    reservation elsewhere and the destination."""
    base, layout, _, length, size = _cas(mn)
    number, address = fault_of(size)
    address = address if address is not None else 256 + 1
    m = fresh()
    m.set_reservation(128, 8)
    m.r[2], m.r[3], m.r[4], m.r[5] = address, OLD[size], VALUE, 0x55
    precise_trap(m, insn(base, layout, dst=5, srcl=2, srcr=3, srcd=4), number, address, length)
    assert m.resv == (128, 8)


@pytest.mark.parametrize(("avs", "word", "mnemonic", "index", "fields"), [
    # 0x3000000b is scalar form 335 (LR.D), all fields 0
    ("PTO-AVS-SCALAR-LR-D-DECODE-001", 0x3000000B, "LR.D", 335, ("RegDst", "SrcL", "SrcZero", "aq", "far", "rl")),
    # 0x3000100b is scalar form 381 (SC.D)
    ("PTO-AVS-SCALAR-SC-D-DECODE-001", 0x3000100B, "SC.D", 381, ("RegDst", "SrcL", "SrcR", "aq", "far", "rl")),
    # 0x0000301b is CASD, every field 0 (no far field)
    ("PTO-AVS-SCALAR-CASD-DECODE-001", 0x0000301B, "CASD", None, ("RegDst", "SrcD", "SrcL", "SrcR", "aq", "rl")),
])
def test_avs_decode(avs, word, mnemonic, index, fields):
    """PTO-AVS-SCALAR-{LR-D,SC-D,CASD}-DECODE-001: the word decodes to the form (its scalar
    form index where the point names it) with every field 0."""
    form = decode(word, 32)
    assert form.mnemonic == mnemonic, avs
    assert index is None or form.index == index, avs
    assert form.values(word) == dict.fromkeys(fields, 0), avs


# ---------------------------------------------------------------------------- SWAP
SWAP = {"SWAPB": 0x0000600B, "SWAPH": 0x1000600B, "SWAPW": 0x2000600B, "SWAPD": 0x3000600B}


@pytest.mark.parametrize("mn", SWAP)
def test_avs_swap_result(mn):
    """PTO-AVS-SCALAR-SWAP{B,H,W,D}-RESULT-001: memory := SrcR truncated, RegDst := old,
    overlapped reservation cleared, one acq_rel atomic event."""
    size = SIZE[mn[-1]]
    m = fresh()
    poke(m, 256, size, OLD[size])
    m.set_reservation(256, 1)
    m.r[2], m.r[3], m.r[5] = 256, VALUE, 0x55
    m.pc = 0x40
    res = run_word(m, insn(SWAP[mn], L32, ("rl", "aq", "far"), dst=5, srcl=2, srcr=3))
    assert_swapped(res, m, size, 0x44)


@pytest.mark.parametrize("mn", SWAP)
def test_avs_swap_aliases(mn):
    """PTO-AVS-SCALAR-SWAP{B,H,W,D}-ALIASES-001: T#1 address, U#1 replacement, result
    pushed to U; a reservation on another line survives; relaxed order."""
    size = SIZE[mn[-1]]
    m = fresh()
    poke(m, 256, size, OLD[size])
    m.set_reservation(512, 8)
    m.push_t(256)
    m.push_u(VALUE)
    m.pc = 0x80
    res = run_word(m, insn(SWAP[mn], L32, dst=30, srcl=24, srcr=28))
    executed(res, m, 0x84)
    assert peek(m, 256, size) == STORED[size]
    assert m.queue("t")[0] == 256
    assert m.queue("u")[:2] == [RETURNED[size], VALUE]
    assert m.resv == (512, 8)
    assert len(res.events) == 1 and res.events[0].order == "relaxed"


@pytest.mark.parametrize("mn", SWAP)
def test_avs_swap_precise(mn):
    """PTO-AVS-SCALAR-SWAP{B,H,W,D}-PRECISE-001."""
    size = SIZE[mn[-1]]
    number, address = fault_of(size)
    address = address if address is not None else 256 + 1
    m = fresh()
    m.set_reservation(128, 8)
    m.r[2], m.r[3], m.r[5] = address, VALUE, 0x55
    precise_trap(m, insn(SWAP[mn], L32, dst=5, srcl=2, srcr=3), number, address)
    assert m.resv == (128, 8)


# ---------------------------------------------------------------------------- RMW
OPCODE = {"ADD": 0, "AND": 1, "OR": 2, "XOR": 3, "SMAX": 4, "SMIN": 5, "UMAX": 6, "UMIN": 7}
GROUP = {"LD": 0x400B, "LW": 0x200B, "SD": 0x500B, "SW": 0x300B}

# (mnemonic, (old, operand, expected) of RESULT/STORE, (old, operand, expected) of FORMS)
RMW = [
    ("LD.ADD", (7, 5, 0xC), (5, 7, 0xC)),
    ("LD.AND", (ONES, 5, 5), (5, 7, 5)),
    ("LD.OR", (5, 2, 7), (5, 7, 7)),
    ("LD.XOR", (5, 7, 2), (5, 7, 2)),
    ("LD.SMAX", (ONES, 5, 5), (5, 7, 7)),
    ("LD.SMIN", (ONES, 5, ONES), (5, 7, 5)),
    ("LD.UMAX", (ONES, 5, ONES), (5, 7, 7)),
    ("LD.UMIN", (ONES, 5, 5), (5, 7, 5)),
    ("LW.ADD", (7, 5, 0xC), (5, 7, 0xC)),
    ("LW.AND", (0xFFFFFFFF, 5, 5), (5, 7, 5)),
    ("LW.OR", (0xFFFFFFFF, 5, 0xFFFFFFFF), (5, 7, 7)),
    ("LW.XOR", (0xFFFFFFFF, 5, 0xFFFFFFFA), (5, 7, 2)),
    ("LW.SMAX", (0xFFFFFFFF, 5, 5), (5, 7, 7)),
    ("LW.SMIN", (0xFFFFFFFF, 5, 0xFFFFFFFF), (5, 7, 5)),
    ("LW.UMAX", (0xFFFFFFFF, 5, 0xFFFFFFFF), (5, 7, 7)),
    ("LW.UMIN", (0xFFFFFFFF, 5, 5), (5, 7, 5)),
    ("SD.ADD", (7, 5, 0xC), (7, 5, 0xC)),
    ("SD.AND", (0xF0F0F0F0, 0xFF00FF0, 0xF000F0), (0xF0F0F0F0, 0xFF00FF0, 0xF000F0)),
    ("SD.OR", (0xF000F000, 0xFF00FF0, 0xFFF0FFF0), (0xF000F000, 0xFF00FF0, 0xFFF0FFF0)),
    ("SD.XOR", (0xFFFF0000, 0xFF00FF00, 0xFFFF00), (0xFFFF0000, 0xFF00FF00, 0xFFFF00)),
    ("SD.SMAX", (ONES, 1, 1), (ONES, 1, 1)),
    ("SD.SMIN", (ONES, 1, ONES), (ONES, 1, ONES)),
    ("SD.UMAX", (ONES, 1, ONES), (ONES, 1, ONES)),
    ("SD.UMIN", (ONES, 1, 1), (ONES, 1, 1)),
    ("SW.ADD", (7, 5, 0xC), (5, 7, 0xC)),
    ("SW.AND", (0xF0F0F0F0, 0xFF00FF0, 0xF000F0), (0xF0F0F0F0, 0xFF00FF0, 0xF000F0)),
    ("SW.OR", (0xF000F000, 0xFF00FF0, 0xFFF0FFF0), (0xF000F000, 0xFF00FF0, 0xFFF0FFF0)),
    ("SW.XOR", (0xFFFF0000, 0xFF00FF00, 0xFFFF00), (0xFFFF0000, 0xFF00FF00, 0xFFFF00)),
    ("SW.SMAX", (ONES, 1, 1), (ONES, 1, 1)),
    ("SW.SMIN", (0xFFFFFFFF, 1, 0xFFFFFFFF), (0xFFFFFFFF, 1, 0xFFFFFFFF)),
    ("SW.UMAX", (0xFFFFFFFF, 1, 0xFFFFFFFF), (0xFFFFFFFF, 1, 0xFFFFFFFF)),
    ("SW.UMIN", (ONES, 1, 1), (ONES, 1, 1)),
]
RMW_IDS = [row[0] for row in RMW]


def _rmw(mn: str) -> tuple[int, int, bool]:
    group, _, op = mn.partition(".")
    return GROUP[group] | OPCODE[op] << 28, 8 if group[1] == "D" else 4, group[0] == "L"


@pytest.mark.parametrize("mn,direct,_forms", RMW, ids=RMW_IDS)
def test_avs_rmw_result(mn, direct, _forms):
    """PTO-AVS-SCALAR-{LD,LW}-<OP>-RESULT-001 and PTO-AVS-SCALAR-{SD,SW}-<OP>-STORE-001:
    [a0] := op(old, a1) over the access size; LD/LW return the old value (LW
    sign-extended), SD/SW write no register and no queue (aq/rl = 1/1 resp. rl = 1, far
    = 1); the overlapped reservation is cleared; one performed atomic event."""
    base, size, returns = _rmw(mn)
    old, operand, expected = direct
    address = 320 if mn.startswith("SD") else 256
    m = fresh()
    m.r[5] = 0x55
    m.push_t(0x66)
    m.push_u(0x77)
    poke(m, address, size, old)
    m.set_reservation(address, size)
    m.r[2], m.r[3] = address, operand
    m.pc = 0x40
    bits = ("rl", "aq", "far") if returns else ("rl", "far")
    fields = {"dst": 5} if returns else {}
    res = run_word(m, insn(base, L32, bits, srcl=2, srcr=3, **fields))
    executed(res, m, 0x44)
    assert peek(m, address, size) == expected & mask(size)
    assert m.r[5] == (returned(old, size) if returns else 0x55)
    assert m.queue("t")[0] == 0x66 and m.queue("u")[0] == 0x77
    assert m.resv is None
    order = "acq_rel" if returns else "release"
    atomic_event(res, address, size, old & mask(size), expected & mask(size), True, order)


@pytest.mark.parametrize("mn,_direct,forms", RMW, ids=RMW_IDS)
def test_avs_rmw_forms(mn, _direct, forms):
    """PTO-AVS-SCALAR-<MNEMONIC>-FORMS-001: address in T#1, operand in U#1 (neither
    consumed); LD/LW push the old value to U; a reservation on another line survives;
    relaxed order."""
    base, size, returns = _rmw(mn)
    old, operand, expected = forms
    m = fresh()
    poke(m, 256, size, old)
    m.set_reservation(512, size)
    m.push_t(256)
    m.push_u(operand)
    m.pc = 0x80
    fields = {"dst": 30} if returns else {}
    res = run_word(m, insn(base, L32, srcl=24, srcr=28, **fields))
    executed(res, m, 0x84)
    assert peek(m, 256, size) == expected & mask(size)
    assert m.queue("t")[0] == 256
    if returns:
        assert m.queue("u")[:2] == [returned(old, size), operand]
    else:
        assert m.queue("u")[0] == operand and m.u_valid == 1
    assert m.resv == (512, size)
    atomic_event(res, 256, size, old & mask(size), expected & mask(size), True, "relaxed")


@pytest.mark.parametrize("mn,_direct,forms", RMW, ids=RMW_IDS)
def test_avs_rmw_precise(mn, _direct, forms):
    """PTO-AVS-SCALAR-<MNEMONIC>-PRECISE-001: a misaligned RMW faults with nothing
    changed: memory, reservation, destination, sources and queues."""
    base, size, returns = _rmw(mn)
    old, operand = (forms[0], forms[1]) if not returns else (5, 7)
    m = fresh()
    poke(m, 256, size, old)
    m.set_reservation(512, size)
    m.push_t(0x66)
    m.push_u(0x77)
    m.r[2], m.r[3], m.r[5] = 257, operand, 0x55
    precise_setup(m)
    fields = {"dst": 5} if returns else {}
    res = run_word(m, insn(base, L32, srcl=2, srcr=3, **fields))
    assert peek(m, 256, size) == old & mask(size)
    assert m.resv == (512, size)
    assert (m.r[2], m.r[3], m.r[5]) == (257, operand, 0x55)
    assert m.queue("t")[0] == 0x66 and m.queue("u")[0] == 0x77
    precise_checks(m, res, DATA_ALIGN_FAULT, 257)


# ------------------------------------------------------------ beyond the AVS points
def test_every_amo_form_has_a_builder():
    table = builders()
    missing = [f.mnemonic for f in SCALAR_FORMS if f.family == "AMO" and f.mnemonic not in table]
    assert missing == []


def test_lr_sc_pair_and_intervening_store():
    """LR then SC succeeds once; a second SC fails (the first cleared the reservation);
    an ordinary store to the reserved line between LR and SC makes SC fail."""
    m = fresh()
    poke(m, 0x200, 8, 41)
    m.r[2] = 0x200
    lr = insn(LR["LR.D"], L32, dst=5, srcl=2, srcr=0)
    sc = insn(SC["SC.D"], L32, dst=6, srcl=7, srcr=2)
    run_word(m, lr)
    m.r[7] = m.r[5] + 1
    run_word(m, sc)
    assert m.r[6] == 0 and peek(m, 0x200, 8) == 42
    run_word(m, sc)
    assert m.r[6] == 1 and peek(m, 0x200, 8) == 42
    run_word(m, lr)
    assert m.resv == (0x200, 8)
    sdi = 0x00003059 | 3 << 15 | 2 << 20 | 1 << 25  # sdi a1, [a0, 8]: same 64-byte line
    m.r[3] = 7
    res = run_word(m, sdi)
    assert res.kind == "executed" and m.resv is None
    res = run_word(m, sc)
    assert m.r[6] == 1 and res.events == []


def test_failed_cas_keeps_reservation_successful_cas_clears_it():
    m = fresh()
    poke(m, 0x300, 4, 10)
    m.set_reservation(0x320, 8)  # same line as 0x300
    m.r[2], m.r[3], m.r[4] = 0x300, 11, 99
    cas = insn(CAS["CASW"][0], L32, dst=5, srcl=2, srcr=3, srcd=4)
    res = run_word(m, cas)
    assert res.kind == "executed" and m.r[5] == 10 and m.resv == (0x320, 8)
    m.r[3] = 10
    run_word(m, cas)
    assert peek(m, 0x300, 4) == 99 and m.resv is None


def test_sc_to_other_line_with_inaccessible_address_is_a_miss_not_a_fault():
    m = fresh()
    m.set_reservation(0x100, 8)
    m.r[3] = 0xFFFF_FFFF_FFFF_FFF1  # misaligned and outside memory: not probed
    res = run_word(m, insn(SC["SC.W"], L32, dst=5, srcl=2, srcr=3))
    assert res.kind == "executed" and m.r[5] == 1 and m.resv is None


def test_rmw_word_signed_and_unsigned_compares():
    """SMIN/SMAX compare the sized signed views, UMIN/UMAX the sized unsigned views;
    the upper half of a 64-bit operand is ignored by W forms."""
    cases = [
        ("LW.SMIN", 0x7FFFFFFF, 0xFFFFFFFF_80000000, 0x80000000),
        ("LW.SMAX", 0x80000000, 0x12345678_00000001, 0x00000001),
        ("LW.UMIN", 0x80000000, 0xFFFFFFFF_00000001, 0x00000001),
        ("LW.UMAX", 0x00000001, 0x00000000_80000000, 0x80000000),
        ("LW.ADD", 0xFFFFFFFF, 0x00000000_00000002, 0x00000001),
        ("LD.SMIN", 1, ONES, ONES),
        ("LD.UMAX", 1, ONES, ONES),
    ]
    for mn, old, operand, new in cases:
        base, size, _ = _rmw(mn)
        m = fresh()
        poke(m, 0x100, size, old)
        m.r[2], m.r[3] = 0x100, operand
        res = run_word(m, insn(base, L32, dst=5, srcl=2, srcr=3))
        assert res.kind == "executed", mn
        assert peek(m, 0x100, size) == new, mn
        assert m.r[5] == returned(old, size), mn


def test_atomic_permission_order_in_debug_profile():
    """CAS/RMW probe for read, then for write: a read-only page faults (DATA_PAGE) with
    nothing written and no event, an unmapped page too; recovery and reissue work."""
    m = Machine(DEBUG)
    m.mem.map(0x10000, 0x1000, R | X)
    m.mem.map(0x20000, 0x1000, R)
    m.mem.poke(0x20000, (5).to_bytes(8, "little"))
    m.pc = 0x10000
    m.r[2], m.r[3], m.r[5] = 0x20000, 7, 0x55
    add = insn(0x0000400B, L32, dst=5, srcl=2, srcr=3)
    res = run_word(m, add)
    assert res.kind == "trap" and res.trap.number == DATA_PAGE_FAULT and res.trap.arg0 == 0x20000
    assert res.events == [] and m.r[5] == 0x55 and peek(m, 0x20000, 8) == 5
    m.mem.set_perms(0x20000, 0x1000, R | W)
    assert m.recover() == 0x10000
    res = run_word(m, add)
    assert res.kind == "executed" and m.r[5] == 5 and peek(m, 0x20000, 8) == 12
    m.r[2] = 0x30000  # unmapped
    res = run_word(m, insn(CAS["CASD"][0], L32, dst=5, srcl=2, srcr=3, srcd=3))
    assert res.kind == "trap" and res.trap.number == DATA_PAGE_FAULT and res.trap.arg0 == 0x30000


def test_unavailable_queue_source_is_illegal_before_any_effect():
    m = fresh()
    poke(m, 0x100, 8, 1)
    m.r[2] = 0x100
    res = run_word(m, insn(SWAP["SWAPD"], L32, dst=5, srcl=2, srcr=24))  # T#1 empty
    assert res.kind == "trap" and res.trap.number == ILLEGAL_INST
    assert peek(m, 0x100, 8) == 1 and res.events == []


def _run_program(m: Machine, words: list[int], pc: int) -> None:
    """Place 32-bit instructions at ``pc`` and run them on the fast path (no capture)."""
    fill(m, pc, b"".join(w.to_bytes(4, "little") for w in words))
    m.pc = pc
    result = m.run(len(words))
    assert result.reason == "max-steps", result


@pytest.mark.parametrize("profile", ["reference", "debug"])
def test_fast_run_matches_stepping(profile):
    """The same atomic sequence gives the same registers and memory when run without
    events (``run``) and when stepped with events captured."""
    program = [
        insn(LR["LR.D"], L32, dst=5, srcl=2, srcr=0),
        insn(SC["SC.D"], L32, dst=6, srcl=3, srcr=2),
        insn(CAS["CASW"][0], L32, dst=7, srcl=4, srcr=8, srcd=9),
        insn(0x0000400B, L32, dst=10, srcl=2, srcr=3),  # LD.ADD
        insn(0x5000300B, L32, srcl=4, srcr=11),  # SW.SMIN (no result)
        insn(SWAP["SWAPH"], L32, dst=12, srcl=13, srcr=3),
    ]

    def machine() -> Machine:
        if profile == "reference":
            m = fresh(8192)
        else:
            m = Machine(DEBUG)
            m.mem.map(0x0, 0x1000, R | X)
            m.mem.map(0x1000, 0x1000, R | W)
        m.r[2], m.r[3], m.r[4] = 0x1200, 0x1234, 0x1240
        m.r[8], m.r[9], m.r[11], m.r[13] = 0x11, 0x99, ONES, 0x1282
        poke(m, 0x1200, 8, 40)
        poke(m, 0x1240, 4, 0x11)
        poke(m, 0x1282, 2, 0xBEEF)
        return m

    fast = machine()
    _run_program(fast, program, 0x100)
    slow = machine()
    fill(slow, 0x100, b"".join(w.to_bytes(4, "little") for w in program))
    slow.pc = 0x100
    kinds = [slow.step() for _ in program]
    assert all(s.kind == "executed" for s in kinds)
    assert [len(s.events) for s in kinds] == [1, 1, 1, 1, 1, 1]
    assert fast.r == slow.r and fast.pc == slow.pc == 0x118
    assert fast.mem.peek(0x1200, 0x100) == slow.mem.peek(0x1200, 0x100)
    assert fast.r[6] == 0 and fast.r[10] == 0x1234 and fast.r[7] == 0x11 and fast.r[12] == 0xBEEF
    assert peek(fast, 0x1200, 8) == 0x1234 * 2
    assert peek(fast, 0x1240, 4) == 0xFFFFFFFF


def test_atomic_watchpoints_fire_on_the_fast_path():
    """An atomic event reaches the watchpoints without capture: a read watch fires for a
    failed CAS, a write watch only when the write was performed."""
    m = Machine(DEBUG)
    m.mem.map(0x0, 0x1000, R | X)
    m.mem.map(0x2000, 0x1000, R | W)
    poke(m, 0x2000, 8, 5)
    cas = insn(CAS["CASD"][0], L32, dst=5, srcl=2, srcr=3, srcd=4)
    m.r[2], m.r[3], m.r[4] = 0x2000, 6, 9  # mismatch
    m.mem.set_watches([Watch(1, 0x2000, 0x2008, "w")])
    _run_program(m, [cas], 0x100)
    assert m.mem.watch_hits == []
    m.mem.set_watches([Watch(2, 0x2000, 0x2008, "r")])
    fill(m, 0x100, cas.to_bytes(4, "little"))
    m.pc = 0x100
    assert m.run(1).reason == "watch"
    (hit,) = m.mem.watch_hits
    assert hit[1].kind == "atomic" and hit[1].performed is False
    m.r[3] = 5  # now it matches
    m.mem.set_watches([Watch(3, 0x2000, 0x2008, "w")])
    m.pc = 0x100
    assert m.run(1).reason == "watch"
    assert peek(m, 0x2000, 8) == 9


FAST_VALUES = [(0, 0), (5, 7), (7, 5), (ONES, 1), (0x80, 0x7F), (0x8000_0001, 0x7FFF_FFFF), (0x1234_5678_9ABC_DEF0, ONES)]
FAST_MNEMONICS = [f.mnemonic for f in SCALAR_FORMS if f.family == "AMO" and f.mnemonic[:2] not in ("LR", "SC", "DM")]


@pytest.mark.parametrize("mn", FAST_MNEMONICS)
def test_atomic_fast_path_matches_slow_path(mn):
    """CAS and RMW forms give the same memory and registers through the fast write map
    (capture off, handler called directly) as with events captured (slow path)."""
    form = next(f for f in SCALAR_FORMS if f.mnemonic == mn)
    fields = {"RegDst": 5, "SrcL": 2, "SrcR": 3, "SrcD": 4}
    value = form.encode({k: v for k, v in fields.items() if k in form.by_name})
    for old, operand in FAST_VALUES:
        outcomes = []
        for fast in (False, True):
            m = fresh()
            poke(m, 0x100, 8, old)
            m.r[2], m.r[3], m.r[4], m.r[5] = 0x100, operand, operand ^ 0x5A5A, 0x55
            if fast:
                assert 0 in m.mem.fast_write
                handler = builders()[mn](m, form, form.values(value), m.pc, form.length)
                m.pc = handler(m.pc)
            else:
                assert run_word(m, value, form.length).kind == "executed"
            outcomes.append((m.r[:], m.pc, m.mem.peek(0, 0x200)))
        assert outcomes[0] == outcomes[1], (mn, old, operand)
