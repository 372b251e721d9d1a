"""SYS forms: EBREAK, ASSERT, fences, system registers, ACRC/ACRE, maintenance, control
requests and LSRGET (``asl/scalar/model/sys/semantics.asl``, ``sys/registers.asl``,
``dispatch/sys.asl``, ``asl/arch/memory-model/fault-precision.asl``,
``asl/block/model/state/barg.asl``).  SETC.TGT lives with the block-control helpers.

Placement: every mnemonic of IsSystemBlockScalarOperation needs an open SYS block
(BUNDLE_TRAP otherwise); LSRGET needs any open block (ScalarOperationApplicable).

State the ASL keeps and the machine has no field for lives in plain attributes, read
with defaults so a machine created before this module still works:

* ``dcache_epoch``, ``bcache_epoch``, ``tlb_epoch`` - _DataCacheEpoch, _BundleCacheEpoch,
  _TLBEpoch (``icache_epoch`` is the machine's own);
* ``maintenance`` - (mnemonic, operand) of the last completed maintenance operation
  (_LastMaintenanceOperation/_LastMaintenanceOperand), or None;
* ``request_epoch`` - _ArchitectureRequestEpoch (BSE/BWE/BWI/BWT, ACRC, ACRE);
* ``request_operand`` - _ControlRequestOperand (ACRC/ACRE replace only bits 3:0);
* ``control_request`` - _LastControlRequest as the mnemonic "BSE"/"BWE"/"BWI"/"BWT", or None.

Reads of CYCLE, TIME and TIMER_TIME_ACRn, ACRC and ACRE run on the machine's precise path:
their builders return :class:`~ptodbg.core.semantics.PreciseOnly` (the fast loop raises
:class:`SyncRequest` in their place).  On that path ``m.steps`` already counts the current attempt, as
BeginArchitecturalInstructionAttempt advances the cycle before the instruction reads it.
ACRC and ACRE change the SYS-terminal state the fast loop does not look at.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ptodbg.core.faults import (
    ASSERT_FAIL,
    BUNDLE_TRAP,
    DATA_PAGE_FAULT,
    ILLEGAL_INST,
    SCALL,
    SW_BREAKPOINT,
    Fault,
)
from ptodbg.core.semantics import (
    PreciseOnly,
    in_any_block,
    in_sys_block,
    placement,
    semantic,
    writer,
)
from ptodbg.core.semantics.blocks import complete_block
from ptodbg.core.state import KIND_FP, KIND_STD
from ptodbg.core.sysregs import read_ssr, swap_ssr, write_ssr

if TYPE_CHECKING:
    from ptodbg.core.machine import Handler, Machine
    from ptodbg.isa.forms import Form

# IsSystemBlockScalarOperation (semantics.asl).
SYS_BLOCK_OPERATIONS = (
    "ACRC", "ACRE", "ASSERT", "BC.IALL", "BC.IVA", "BSE", "BWE", "BWI", "BWT",
    "C.EBREAK", "C.SSRGET", "DC.CISW", "DC.CIVA", "DC.CSW", "DC.CVA", "DC.IALL",
    "DC.ISW", "DC.IVA", "DC.ZVA", "EBREAK", "FENCE.D", "FENCE.I", "HL.SSRGET",
    "HL.SSRSET", "IC.IALL", "IC.IVA", "SSRGET", "SSRSET", "SSRSWAP",
    "TLB.IA", "TLB.IALL", "TLB.IAV", "TLB.IV",
)
placement(in_sys_block, *SYS_BLOCK_OPERATIONS)
placement(in_any_block, "LSRGET")

# Base registers and the per-bank TIMER_TIME whose value is the attempt counter.
_TIME_BASE = frozenset({0x0010, 0x0C00})
_TIMER_TIME_LOW = 0xF20


def reads_time(address: int) -> bool:
    """True when reading ``address`` returns the cycle count (ReadMonotonicTime, CYCLE)."""
    return address in _TIME_BASE or (address >> 16 == 0 and address & 0xFFF == _TIMER_TIME_LOW)


def _bump(m: Machine, name: str) -> None:
    setattr(m, name, getattr(m, name, 0) + 1)


# ----------------------------------------------------------------- breakpoints, assert
@semantic("EBREAK", "C.EBREAK")
def ebreak(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """SoftwareBreakpoint: SW_BREAKPOINT at the instruction, cause = the zero-extended tag."""
    tag = v["imm4"] if "imm4" in v else v["imm5"]

    def h(pc: int) -> int:
        raise Fault(SW_BREAKPOINT, pc, cause=tag, reason=f"{form.mnemonic.lower()} {tag}")

    return h


@semantic("ASSERT")
def assert_(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ArchitectureAssert: a zero source faults ASSERT_FAIL; otherwise nothing changes."""
    s = v["SrcL"]
    r = m.r

    def h(pc: int) -> int:
        if not r[s]:
            raise Fault(ASSERT_FAIL, pc, reason="assert: the source is zero")
        return pc + 4

    return h


# --------------------------------------------------------------------------- fences
@semantic("FENCE.D")
def fence_d(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """FenceData: reservation cleared, pred/succ recorded, instruction epoch bumped when
    either set names instruction fetch (bit 3), one acq_rel fence event."""
    pred, succ = v["PRED_IMM"], v["SUCC_IMM"]
    fetch = bool((pred | succ) & 8)
    mem = m.mem

    def h(pc: int) -> int:
        m.clear_reservation()
        m.fence_pred = pred
        m.fence_succ = succ
        if fetch:
            m.icache_epoch += 1
        mem.note_fence(pred, succ)
        return pc + 4

    return h


@semantic("FENCE.I")
def fence_i(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """FenceInstruction: reservation cleared, instruction epoch bumped; no event (the
    decode cache is already coherent with stores)."""

    def h(pc: int) -> int:
        m.clear_reservation()
        m.icache_epoch += 1
        return pc + 4

    return h


# ------------------------------------------------------------------ system registers
def _ssr_get(m: Machine, address: int, dest: int, size: int) -> Handler | PreciseOnly:
    """ExecuteSystemRegisterGet; time-valued addresses go through the precise path."""
    r = m.r
    if 0 < dest < 24:

        def to_gpr(pc: int) -> int:
            r[dest] = read_ssr(m, address, pc)
            return pc + size

        h = to_gpr
    else:
        w = writer(m, dest)

        def to_dest(pc: int) -> int:
            w(read_ssr(m, address, pc))
            return pc + size

        h = to_dest
    return PreciseOnly(h) if reads_time(address) else h


@semantic("SSRGET", "HL.SSRGET")
def ssrget(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler | PreciseOnly:
    """SSRGET has a 12-bit id (bank 0 context registers only), HL.SSRGET a 24-bit one."""
    return _ssr_get(m, v["SSR_ID"], v["RegDst"], length // 8)


@semantic("C.SSRGET")
def c_ssrget(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler | PreciseOnly:
    """ExecuteCompressedSystemRegisterGet: the value is pushed on T (ids 0, 1, 0x10)."""
    return _ssr_get(m, v["SSRID"], 31, length // 8)


@semantic("SSRSET", "HL.SSRSET")
def ssrset(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteSystemRegisterSet: permission first, then the source, then the write
    (CORE_STATE switches ACR inside ``write_sysreg``)."""
    address, s, size = v["SSR_ID"], v["SrcL"], length // 8
    r = m.r

    def h(pc: int) -> int:
        write_ssr(m, address, r[s], pc)
        return pc + size

    return h


@semantic("SSRSWAP")
def ssrswap(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteSystemRegisterSwap: both permissions checked before the read; the old value
    goes to the destination.  Time registers are read-only, so no swap reads the cycle."""
    address, s = v["SSR_ID"], v["SrcL"]
    r = m.r
    w = writer(m, v["RegDst"])

    def h(pc: int) -> int:
        w(swap_ssr(m, address, r[s], pc))
        return pc + 4

    return h


# ------------------------------------------------------------------------ LSRGET
def barg_control_word(m: Machine) -> int:
    """PackCurrentBARGControlWord: kind [3:0]; STD/FP also transfer [6:4] and TAKEN [7];
    the B.CATR attributes atomic, acquire, release, far, dimension-reduction [12:8]."""
    value = m.bkind & 0xF
    if m.bkind in (KIND_STD, KIND_FP):
        value |= (m.btype & 7) << 4 | int(m.taken) << 7
    attrs = dict(m.header)
    for bit, key in enumerate(("atom", "aq", "rl", "far", "dr"), start=8):
        if attrs.get(key):
            value |= 1 << bit
    return value


def read_barg_word(m: Machine, identifier: int, pc: int) -> int:
    """CurrentBARGWordApplicable / ReadCurrentBARGWord: 0 BPC, 1 BPCN (STD/FP blocks
    only), 2 the packed control word; anything else is BUNDLE_TRAP."""
    if identifier == 0:
        return m.bpc
    if identifier == 1 and m.bkind in (KIND_STD, KIND_FP):
        return m.bpcn
    if identifier == 2:
        return barg_control_word(m)
    raise Fault(BUNDLE_TRAP, pc, reason=f"lsrget {identifier:#x}: no such BARG word in this block")


@semantic("LSRGET")
def lsrget(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    identifier = v["LSR_ID"] & 0xFFF
    w = writer(m, v["RegDst"])

    def h(pc: int) -> int:
        w(read_barg_word(m, identifier, pc))
        return pc + 4

    return h


# ---------------------------------------------------------------- maintenance
def _canonical48(address: int) -> bool:
    """IsCanonicalAddress48: bits 63:47 all equal."""
    top = address >> 47
    return top == 0 or top == (1 << 17) - 1


def _maintenance(
    m: Machine, name: str, source: int | None, epoch: str, check: Callable[[int, int], None] | None
) -> Handler:
    """ExecuteMaintenance: ring check (TLB ops need ACR0), operand check, epoch, record."""
    r = m.r
    tlb = name.startswith("TLB.")

    def h(pc: int) -> int:
        operand = r[source] if source is not None else 0
        if tlb and m.acr != 0:
            raise Fault(ILLEGAL_INST, pc, reason=f"{name.lower()} needs ACR0 (now ACR{m.acr})")
        if check is not None:
            check(operand, pc)
        _bump(m, epoch)
        m.maintenance = (name, operand)
        return pc + 4

    return h


def _check_va(operand: int, pc: int) -> None:
    if not _canonical48(operand):
        raise Fault(DATA_PAGE_FAULT, operand, reason=f"{operand:#x} is not a canonical 48-bit address")


def _check_asid(operand: int, pc: int) -> None:
    if operand >> 16:
        raise Fault(ILLEGAL_INST, pc, reason=f"tlb.ia operand {operand:#x} has bits 63:16 set")


_MAINTENANCE_EPOCH = {"DC": "dcache_epoch", "IC": "icache_epoch", "BC": "bcache_epoch", "TLB": "tlb_epoch"}
_MAINTENANCE_CHECK = {"TLB.IV": _check_va, "TLB.IAV": _check_va, "TLB.IA": _check_asid}


@semantic(
    "DC.IALL", "DC.IVA", "DC.ISW", "DC.ZVA", "DC.CVA", "DC.CIVA", "DC.CSW", "DC.CISW",
    "IC.IALL", "IC.IVA", "BC.IALL", "BC.IVA", "TLB.IV", "TLB.IAV", "TLB.IA", "TLB.IALL",
)
def maintenance(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """Cache and TLB maintenance: in PTO v0 only epochs change (a local hint)."""
    name = form.mnemonic
    epoch = _MAINTENANCE_EPOCH[name.split(".")[0]]
    return _maintenance(m, name, v.get("SrcL"), epoch, _MAINTENANCE_CHECK.get(name))


# ----------------------------------------------------------- execution control
@semantic("BSE", "BWE", "BWI", "BWT")
def control_request(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteControlRequest: publish the request and its operand; no suspension is
    architecturally visible in the reference profile."""
    name, s = form.mnemonic, v["SrcL"]
    r = m.r

    def h(pc: int) -> int:
        m.control_request = name
        m.request_operand = r[s]
        _bump(m, "request_epoch")
        return pc + 4

    return h


def _note_request(m: Machine, request_type: int) -> None:
    """_ArchitectureRequestEpoch += 1; _ControlRequestOperand[3:0] = request type."""
    _bump(m, "request_epoch")
    m.request_operand = (getattr(m, "request_operand", 0) & ~0xF) | request_type


def service_permitted(source: int, request_type: int) -> bool:
    """ServiceRequestPermitted (access-control.asl): ACR1 may ask 0 or 2, ACR >= 2 may
    ask 0..2, ACR0 may not ask at all."""
    if source == 1:
        return request_type in (0, 2)
    return source >= 2 and request_type <= 2


def service_target(request_type: int) -> int:
    """ServiceRequestTarget: type 1 goes to ACR1, the others to ACR0."""
    return 1 if request_type == 1 else 0


@semantic("ACRC")
def acrc(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler | PreciseOnly:
    """ArchitectureCloseRequest + RaiseServiceRequest.

    With a system-call hook (the Linux profile) the request is serviced in place and
    execution continues at TPC + 4 with the SYS terminal pending.  Otherwise a permitted
    request marks the terminal pending (saved with the trap context) and raises SCALL into
    the target bank with TPC + 4 saved and TRAPARG0 = this TPC."""
    rtype = v["RST_Type"]

    def precise(pc: int) -> int:
        hook = m.syscall
        if hook is not None:
            m.sys_pending = True
            _note_request(m, rtype)
            hook(m, rtype, pc)
            return pc + 4
        if not service_permitted(m.acr, rtype):
            raise Fault(ILLEGAL_INST, pc, reason=f"acrc {rtype} is not permitted from ACR{m.acr}")
        m.sys_pending = True
        _note_request(m, rtype)
        raise Fault(
            SCALL, pc, cause=rtype, resume=pc + 4, ring=service_target(rtype),
            reason=f"acrc {rtype}: service request",
        )

    return PreciseOnly(precise)


@semantic("ACRE")
def acre(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler | PreciseOnly:
    """ArchitectureEnterRequest: types 0 and 1 are aliases; the current bank must hold a
    recoverable context (EXEC_STATE_CHECK otherwise), the open SYS block commits at its
    sequential PC, then the context is restored and its TPC is the next PC."""
    rtype = v["RRA_Type"]

    def precise(pc: int) -> int:
        if rtype not in (0, 1):
            raise Fault(ILLEGAL_INST, pc, reason=f"acre {rtype}: reserved request type")
        ring = m.acr
        if m.recoverable(ring) is not None:
            raise m.recovery_fault(pc)
        try:
            complete_block(m, pc, m.bseq)
        except Fault as f:
            f.preserve_bank = True  # the commit fault keeps the recovery context
            raise
        nxt = m.recover(ring)
        _note_request(m, rtype)
        return nxt

    return PreciseOnly(precise)
