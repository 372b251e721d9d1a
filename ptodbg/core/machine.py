"""The PTO scalar machine: state, the step loop, traps, recovery and snapshots.

Using it::

    from ptodbg.core import Machine, DEBUG
    m = Machine(DEBUG)
    m.mem.map(0x1000, 0x1000, R | X, code)     # memory with permissions
    m.pc = 0x1000
    m.set_reg("a0", 0x100)                      # no side effects
    res = m.step()                              # one attempt, events captured
    res.kind, res.events, res.trap              # "executed" | "trap" | "halt"
    run = m.run(1_000_000)                      # fast: events off, stops at traps
    snap = m.snapshot(); ...; m.restore(snap)   # complete state, pages shared (COW)
    m.recover()                                 # ACRE semantics after a trap stop
    m.peek_decode(0x1000)                       # what is there, with no side effect

How it is fast (docs/interfaces.md §8): each address is decoded once into a *handler*, a closure
with its fields already extracted; ``handler(pc)`` executes the instruction and returns
the next TPC, or raises :class:`Fault` before changing anything.  ``run`` counts how often
each address executes; a hot run of instructions becomes one generated function
(:mod:`ptodbg.core.translate`), cached by its entry in ``block_cache``, and cold code runs
``pc = icache[pc](pc)``.  Stop addresses are sentinel entries in both caches (zero cost
when absent); watchpoints and event capture use the per-instruction loop; memory checks
live in :mod:`ptodbg.core.memory`'s slow path; rare conditions (a pending ACRC terminal, a
CYCLE read) switch to the precise path.  A write to code drops exactly the decoded
instructions and blocks whose bytes it overlaps (``on_code_write``).

Architectural state follows the specification's (``asl/arch/state/``); the representation choices:

* ``r`` is one 32-entry list indexed by Reg5 *source* code: 0..23 the GPRs (r[0] stays 0),
  24..27 T#1..T#4, 28..31 U#1..U#4 (newest first).  ``tq``/``uq`` count the valid entries:
  queue valid bits always form a prefix, so T#k is readable iff ``tq >= k``.
* "Body active" (docs/architecture-notes.md §7.1, ptodbg choice): the body is entered implicitly by the
  first instruction of an open block that is not a header command.  It is kept lazily:
  ``hdr_end`` is the address after the BSTART or the last header command, and the body is
  active once execution has left it (``body_active``).  The entry is part of that first
  attempt: when the attempt faults, it is rejected whole and the body stays unentered
  (trap entry saves EBARG0[6] = ECSTATE[4] = 0, recovery reissues it at the header
  position); only an attempt that completed before its trap (ACRC) has entered it.
  Commands never enter it (README "Precise faults").
* ``cycle`` equals ``steps``: both count decoded execution attempts, faulting ones
  included (BeginArchitecturalInstructionAttempt).
* A process that exited (``exit_code`` set by the linux personality's exit/exit_group)
  executes nothing more: ``step`` and ``run`` answer a halt without an attempt (the
  state after the exit is what the exit left, not a place to go on from).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from operator import attrgetter
from struct import Struct

from ptodbg.base.record import Frozen, Record
from ptodbg.core import sysregs as ssr
from ptodbg.core.events import MemEvent
from ptodbg.core.faults import (
    BUNDLE_TRAP,
    EXEC_STATE_CHECK,
    ILLEGAL_INST,
    Fault,
    Halt,
    SyncRequest,
    trap_name,
)
from ptodbg.core.memory import PAGE_SHIFT, Memory, R, W, X
from ptodbg.core.profiles import DEBUG, Profile
from ptodbg.core.semantics import (
    Placement,
    PreciseOnly,
    builders,
    in_any_block,
    in_cond_block,
    in_sys_block,
    placement_rules,
)
from ptodbg.core.semantics.shapes import shaped_mnemonics
from ptodbg.core.state import (
    FALL,
    GPR_COUNT,
    GPR_NAMES,
    KIND_STD,
    MASK64,
    REG_INDEX,
    T_BASE,
    TRANSFER_NAMES,
    U_BASE,
    block_kind_name,
)
from ptodbg.core.translate import MAX_INSNS, Block, translate
from ptodbg.core.writeset import ALL_GPRS, attempt_mask, mask_at
from ptodbg.isa.decoder import STRICT, Decoder
from ptodbg.isa.fetch import Unfetchable, fetch_instruction, split_window
from ptodbg.isa.forms import Form
from ptodbg.isa.legacy import decoder_for, legacy_form
from ptodbg.tile.state import EMPTY as EMPTY_TILES
from ptodbg.tile.state import TileFile

Handler = Callable[[int], int]

_LEGAL_KINDS = frozenset({0, 1, 2, 5, 6, 7, 8})


class StopAtPC(Exception):
    """Raised by the sentinel handler that marks a stop address (breakpoint, stop symbol)."""


def _stop_sentinel(pc: int) -> int:
    raise StopAtPC(pc)


def _stop_block(left: int) -> int:
    """The translated-block cache's entry at a stop address."""
    raise StopAtPC()


_NEVER = -(1 << 62)  # the heat of an address where no block can start
TRANSLATE_AFTER = 32  # executions of an address before the run from it is translated


class TrapInfo(Frozen):
    """A trap that was entered: what the trap pane shows."""

    number: int
    name: str
    cause: int
    arg0: int
    bank: int
    saved_tpc: int
    vector: int  # the TPC trap entry set (EVBASE, or arg0 when EVBASE is 0)
    vectored: bool  # True when the bank had a handler (EVBASE != 0)
    reason: str
    code: str = ""  # the spec's FaultCode when several share the number (Fault.code)

    def as_json(self) -> dict:
        return {
            "number": self.number,
            "name": self.name,
            "cause": self.cause,
            "arg0": self.arg0,
            "bank": self.bank,
            "saved_tpc": self.saved_tpc,
        }


class SavedContext(Frozen):
    """The part of a trap bank's saved record not visible in its EBARG/ECSTATE registers."""

    commit_arg: int
    tgt_set: bool
    cond_set: bool
    sys_pending: bool
    bseq: int
    frame_ret: int
    tq: int
    uq: int
    header: tuple
    mcopy: tuple | None
    frame: tuple | None


class StepResult(Record):
    """What one instruction attempt did."""

    kind: str  # "executed" | "trap" | "halt"
    pc: int
    next_pc: int
    insn: int
    length: int  # bits; 0 when nothing could be fetched
    form: Form | None
    events: list[MemEvent]
    writes: list[tuple[str, int]]
    trap: TrapInfo | None
    message: str
    notes: list[str]
    written: int  # GPRs the attempt wrote, same-value writes included (core.writeset)

    def __init__(self, kind: str, pc: int, next_pc: int, insn: int, length: int, form: Form | None,
                 events: list[MemEvent], writes: list[tuple[str, int]], trap: TrapInfo | None = None,
                 message: str = "", notes: list[str] | None = None, written: int = 0) -> None:
        self.kind, self.pc, self.next_pc, self.insn, self.length, self.form = kind, pc, next_pc, insn, length, form
        self.events, self.writes, self.trap, self.message = events, writes, trap, message
        self.notes = [] if notes is None else notes
        self.written = written


class PeekedInstruction(Frozen):
    """The instruction at ``pc`` as :meth:`Machine.peek_decode` sees it.

    ``form`` is None when no form matches (an illegal instruction) or when the instruction
    is not wholly mapped; ``length`` is in bits (the mapped bits when not wholly mapped,
    0 when nothing at ``pc`` is); ``problem`` is None when executing at ``pc`` would fetch
    the instruction, else why not (as its INST_PAGE_FAULT or halt would say)."""

    pc: int
    form: Form | None
    insn: int
    length: int
    problem: str | None

    @property
    def fetchable(self) -> bool:
        return self.problem is None


class RunResult(Frozen):
    """Why ``run`` stopped, and how many attempts it made."""

    reason: str  # "max-steps" | "trap" | "stop-pc" | "halt" | "watch"
    steps: int
    trap: TrapInfo | None = None
    message: str = ""


class SystemParts(Frozen):
    """The parts of a snapshot that change rarely: the settled scalars
    (:data:`SETTLED_FIELDS`), system registers, trap banks and page permissions (a trap,
    a system call, a system-register write, a map or protect changes them).  A snapshot
    taken while none changed shares the previous one's record whole, so a history holds,
    and accounts for, one object where there would be six."""

    settled: tuple
    sregs: dict[int, int]
    trap_status: tuple
    saved: tuple
    perms: dict[int, int]
    once: dict[int, int]


class Snapshot(Frozen):
    """The complete machine state at one point; memory pages are shared copy-on-write.
    The registers are packed (:data:`PACKED_REGS`, 64-bit words): a history holds
    thousands of snapshots, and a register file as a tuple of Python integers costs twice
    the memory and an inspection per integer to account for it.  The scalars are split
    in three: the step count, which always differs; those ordinary instructions change
    (``moving``, :data:`MOVING_FIELDS`: at a hot loop's head, often none of them, and the
    previous snapshot's tuple is shared); and the settled ones, in :class:`SystemParts`."""

    steps: int
    regs: bytes
    moving: tuple
    system: SystemParts
    pages: dict[int, bytearray]

    @property
    def scalars(self) -> tuple:
        """Every scalar, in :data:`SCALAR_FIELDS` order."""
        return (self.steps, *self.moving, *self.system.settled)


# The machine attributes a snapshot holds besides registers, tables and pages.  Which group
# an attribute is in decides only what a snapshot can share with the previous one.
MOVING_FIELDS = (  # changed by ordinary instructions: PC, queues, block state, reservation
    "pc", "tq", "uq", "blk", "bpc", "bkind", "btype", "bpcn", "taken", "bseq", "lra", "frame_ret",
    "commit_arg", "cond_set", "tgt_set", "sys_pending", "hdr_end", "header", "resv", "mcopy", "frame", "tiles",
)
SETTLED_FIELDS = (  # changed by traps, system calls, system registers and maintenance
    "acr", "core_state", "thread_ptr", "global_ptr", "feature_enable", "last_fault", "fault_address",
    "last_trap", "trap_step", "fence_pred", "fence_succ", "icache_epoch", "exit_code", "os_state", "gqm",
    "dcache_epoch", "bcache_epoch", "tlb_epoch", "maintenance", "request_epoch", "request_operand",
    "control_request",
)
SCALAR_FIELDS = ("steps", *MOVING_FIELDS, *SETTLED_FIELDS)  # Snapshot.scalars order
PACKED_REGS = Struct("<32Q")  # Snapshot.regs: the register file r, as unsigned 64-bit words
_moving_of, _settled_of = attrgetter(*MOVING_FIELDS), attrgetter(*SETTLED_FIELDS)
_pack_regs, _unpack_regs = PACKED_REGS.pack, PACKED_REGS.unpack

# Reg5 source fields of scalar forms (checked for T/U availability before any effect).
SOURCE_FIELDS = ("SrcL", "SrcR", "SrcD", "SrcD1", "SrcP", "SrcA")
# Compressed forms that read T#1 implicitly and check it (ScalarImplicitSourceOperandsLegal).
IMPLICIT_T1 = frozenset({"C.SDI", "C.SWI", "C.SLLI", "C.SRLI"})


class Machine:
    """One PTO core (PE/agent 0), its memory and its trap banks."""

    def __init__(self, profile: Profile = DEBUG, decoder: Decoder = STRICT) -> None:
        self.profile = profile
        self.decoder = decoder
        self._builders = builders()
        self._placement = dict(placement_rules())
        self.compat: str | None = None
        self.mem = Memory(limit=profile.flat_bytes)
        self.mem.on_code_write = self._invalidate
        self.mem.on_reserved_store = self.clear_reservation
        self._fetch_half = self.mem.fetch_reader(profile.fetch_faults)
        self._fetch_window = self.mem.fetch_window_reader(profile.fetch_faults)
        self.r: list[int] = [0] * 32
        self.icache: dict[int, Handler] = {}
        self._decoded: dict[int, tuple[Form | None, int, int]] = {}
        self.stop_pcs: set[int] = set()
        self._shadow: dict[int, Handler] = {}  # real handlers hidden behind stop sentinels
        self._precise: dict[int, Handler] = {}  # precise-path handlers of PreciseOnly forms
        self._by_word: dict[tuple[int, int], tuple[Handler, Handler | None]] = {}  # shaped forms
        self._shaped = shaped_mnemonics()
        self._source_fields: dict[int, tuple[str, ...]] = {}  # id(form) -> its Reg5 source fields
        self._code_pcs: dict[int, set[int]] = {}  # page -> decoded pcs whose bytes touch it
        # Translated blocks (ptodbg.core.translate): entry -> run function (stop addresses
        # hold a sentinel), the Block records, the blocks covering each instruction, and how
        # often each address ran outside a block.  ``translate_after``: an address is
        # translated once it ran that often (None: never translate).
        self.block_cache: dict[int, Callable[[int], int]] = {}
        self._blocks: dict[int, Block] = {}
        self._block_lengths: dict[int, int] = {}  # entry -> attempts one iteration makes at most
        self._blocks_at: dict[int, list[Block]] = {}
        self._heat: dict[int, int] = {}
        self.translate_after: int | None = TRANSLATE_AFTER
        self.fault_at: int | None = None  # set by a block that raised: the faulting TPC
        self._last_snapshot: Snapshot | None = None  # what the next snapshot may share
        self.sregs: dict[int, int] = {}
        # Per bank: (async, argument valid, cause, trap number, argument0); rows are
        # replaced, never changed, so snapshots share them.
        self.trap_status: list[tuple[bool, bool, int, int, int]] = []
        self.saved: list[SavedContext | None] = []
        self.syscall: Callable[[Machine, int, int], int] | None = None
        # Stack pointer of the frame templates: R2 per lifetime.asl (PTO_FRAME_SP_INDEX);
        # the linx-v0.4 compatibility mode uses R1, where that code keeps sp.
        self.frame_sp = 2
        # What attempts did besides state (system calls): appended by semantics, drained
        # by the client (the debugger's event pane); StepResult.notes has one attempt's.
        self.notes: list[str] = []
        # GPRs written since the client last took the mask (core.writeset): a superset,
        # ORed by every executed attempt and translated block, for the history's index.
        self.wmask = 0
        self._wmasks: dict[int, int] = {}  # pc -> static write mask (dropped with the decode)
        # False: every instruction's static mask is taken as "all GPRs" instead of being
        # worked out on its first execution (a superset, so still exact for the index, only
        # coarser): for a client that never asks who wrote what (``ptodbg run``).
        self.track_writes = True
        self.reset()
        if profile.flat_bytes is not None:
            self.mem.map(0, profile.flat_bytes, R | W | X)

    # ------------------------------------------------------------------ reset
    def reset(self) -> None:
        """Architectural reset (``asl/arch/profile/reset.asl``); memory is kept."""
        self.r[:] = [0] * 32
        self.tq = self.uq = 0
        self.pc = 0
        self.acr = 0
        self.core_state = 0
        self.thread_ptr = self.global_ptr = self.feature_enable = 0
        self.blk = False
        self.bpc = 0
        self.bkind = KIND_STD
        self.btype = FALL
        self.bpcn = 0
        self.taken = False
        self.bseq = 0
        self.lra = 0
        self.frame_ret = 0
        self.commit_arg = 0
        self.cond_set = self.tgt_set = self.sys_pending = False
        self.hdr_end: int | None = None
        self.header: tuple = ()
        self.resv: tuple[int, int] | None = None
        self.steps = 0
        self.last_fault = 0
        self.fault_address = 0
        self.last_trap: TrapInfo | None = None
        self.trap_step = -1  # the attempt count when last_trap was entered
        self.fence_pred = self.fence_succ = 0
        self.icache_epoch = 0
        self.exit_code: int | None = None
        self.os_state: tuple = ()
        # Restartable template progress (MCOPY, frame templates); saved with trap context.
        self.mcopy: tuple | None = None
        self.frame: tuple | None = None
        self.gqm: object | None = None  # general queue manager state (HL.Q*), immutable
        # The tile registers (ptodbg.tile.state): one immutable file, replaced on change.
        self.tiles: TileFile = EMPTY_TILES
        # Maintenance and request bookkeeping of the SYS forms (epochs are their effect).
        self.dcache_epoch = self.bcache_epoch = self.tlb_epoch = 0
        self.maintenance: tuple | None = None
        self.request_epoch = self.request_operand = 0
        self.control_request: str | None = None
        self.sregs.clear()
        for ring in range(16):
            self.sregs[ssr.context_index(ring, ssr.ECONFIG)] = 3
        self.trap_status[:] = [(False, False, 0, 0, 0)] * 16
        self.saved[:] = [None] * 16
        self.mem.set_reserved_line(None)
        self._apply_bound()

    # -------------------------------------------------------------- registers
    @staticmethod
    def reg_index(name: str | int) -> int:
        if isinstance(name, int):
            if 0 <= name < GPR_COUNT:
                return name
            raise KeyError(f"no GPR r{name}")
        key = name.strip().lower()
        if key not in REG_INDEX:
            raise KeyError(f"unknown register {name!r}")
        return REG_INDEX[key]

    def reg(self, name: str | int) -> int:
        return self.r[self.reg_index(name)]

    def set_reg(self, name: str | int, value: int) -> None:
        """Write a GPR without side effects (writing zero is ignored, as architecturally)."""
        i = self.reg_index(name)
        if i:
            self.r[i] = value & MASK64

    def regs(self) -> dict[str, int]:
        return {GPR_NAMES[i]: self.r[i] for i in range(GPR_COUNT)}

    def queue(self, which: str) -> list[int | None]:
        """T or U queue, newest first; None for an invalid slot."""
        base, count = (T_BASE, self.tq) if which == "t" else (U_BASE, self.uq)
        return [self.r[base + k] if k < count else None for k in range(4)]

    def set_queue(self, which: str, values: Iterable[int | None]) -> None:
        """Replace a queue (newest first); valid slots must form a prefix."""
        vals = list(values)[:4]
        vals += [None] * (4 - len(vals))
        count = 0
        while count < 4 and vals[count] is not None:
            count += 1
        if any(v is not None for v in vals[count:]):
            raise ValueError("queue valid slots must be the newest ones (a prefix)")
        base = T_BASE if which == "t" else U_BASE
        for k in range(4):
            self.r[base + k] = (vals[k] or 0) & MASK64 if k < count else self.r[base + k]
        if which == "t":
            self.tq = count
        else:
            self.uq = count

    def push_t(self, value: int) -> None:
        r = self.r
        r[27] = r[26]
        r[26] = r[25]
        r[25] = r[24]
        r[24] = value
        if self.tq < 4:
            self.tq += 1

    def push_u(self, value: int) -> None:
        r = self.r
        r[31] = r[30]
        r[30] = r[29]
        r[29] = r[28]
        r[28] = value
        if self.uq < 4:
            self.uq += 1

    @property
    def cycle(self) -> int:
        return self.steps

    @property
    def body_active(self) -> bool:
        return self.blk and self.pc != self.hdr_end

    # ------------------------------------------------------------ ring and SSRs
    def set_acr(self, ring: int) -> None:
        self.acr = ring & 0xF
        self.core_state = (self.core_state & ~0xF) | self.acr
        self._apply_bound()

    def _apply_bound(self) -> None:
        bound = self.profile.acr2_bound if self.acr >= 2 else None
        self.mem.set_bound(bound)

    def read_sysreg(self, address: int) -> int:
        """Value of a system register, without access checks (the debugger's view)."""
        if address in ssr.BASE_REGISTERS:
            name = ssr.BASE_REGISTERS[address][0]
            return {
                "THREAD_PTR": self.thread_ptr,
                "GLOBAL_PTR": self.global_ptr,
                "TIME": self.steps,
                "CYCLE": self.steps,
                "CORE_STATE": self.core_state,
                "CORE_FEATURE_ENABLE": self.feature_enable,
                "VERSION": 1,
                "TILE_CAPACITY": self.profile.tile_capacity,
            }.get(name, 0)
        ring, low = (address >> 12) & 0xF, address & 0xFFF
        if low == ssr.TRAPNO:
            a, valid, cause, number, _ = self.trap_status[ring]
            return (a << 63) | (valid << 62) | ((cause & 0xFFFFFF) << 24) | (number & 0x3F)
        if low == ssr.TRAPARG0:
            return self.trap_status[ring][4]
        if low == 0xF20:
            return self.steps
        return self.sregs.get(address & 0xFFFF, 0)

    def write_sysreg(self, address: int, value: int) -> None:
        """Write a system register, without access checks (the debugger's view)."""
        value &= MASK64
        if address in ssr.BASE_REGISTERS:
            name = ssr.BASE_REGISTERS[address][0]
            if name == "THREAD_PTR":
                self.thread_ptr = value
            elif name == "GLOBAL_PTR":
                self.global_ptr = value
            elif name == "CORE_STATE":
                self.core_state = value
                self.acr = value & 0xF
                self._apply_bound()
            elif name == "CORE_FEATURE_ENABLE":
                self.feature_enable = value
            return
        ring, low = (address >> 12) & 0xF, address & 0xFFF
        if low == ssr.TRAPNO:
            arg = self.trap_status[ring][4]
            self.trap_status[ring] = (bool(value >> 63 & 1), bool(value >> 62 & 1), (value >> 24) & 0xFFFFFF,
                                      value & 0x3F, arg)
        elif low == ssr.TRAPARG0:
            self.trap_status[ring] = self.trap_status[ring][:4] + (value,)
        else:
            self.sregs[address & 0xFFFF] = value

    def ctx(self, ring: int, low: int) -> int:
        return self.read_sysreg((ring << 12) | low)

    # ------------------------------------------------------------ reservation
    def set_reservation(self, address: int, size: int) -> None:
        self.resv = (address, size)
        self.mem.set_reserved_line(address & ~63)

    def clear_reservation(self) -> None:
        if self.resv is not None:
            self.resv = None
            self.mem.set_reserved_line(None)

    def reservation_hit(self, address: int) -> bool:
        """True when ``address`` lies in the reserved 64-byte line (SC success rule)."""
        return self.resv is not None and (address & ~63) == (self.resv[0] & ~63)

    # ------------------------------------------------------------ compatibility
    def set_compat(self, mode: str | None) -> None:
        """Run code of an older LinxISA release (see :mod:`ptodbg.isa.legacy`).

        ``linx-v0.4``: the retired 48-bit HL.BSTART.STD CALL header decodes; the frame
        templates keep sp in R1 (that code's stack pointer) instead of R2; the SYS-block
        instructions (ACRC system calls, SSRGET/SSRSET of THREAD_PTR) are accepted inside
        any open block, as that code issues them from STD blocks; ADDTPC is page based and
        PC-relative loads/stores take unscaled byte offsets, HL.LUI is a sign-extended
        32-bit load and HL.SETRET's offset is signed (see the ALU/AGU/BRU semantics and
        the legacy forms).  None restores strict PTO 0.58.3."""
        self.compat = mode
        self._placement = dict(placement_rules())
        if mode == "linx-v0.4":
            self.frame_sp = 1
            for name, rule in list(self._placement.items()):
                if rule is in_sys_block:
                    self._placement[name] = in_any_block
        else:
            self.frame_sp = 2
        self.set_decoder(decoder_for(mode))

    # ------------------------------------------------------------ decode cache
    def set_decoder(self, decoder: Decoder) -> None:
        self.decoder = decoder
        self.flush_icache()

    def flush_icache(self) -> None:
        """Forget every decoded instruction and translated block (a new decoder, a new
        program)."""
        self.icache.clear()
        self._decoded.clear()
        self._precise.clear()
        self._by_word.clear()
        self._shadow.clear()
        self._code_pcs.clear()
        self.block_cache.clear()
        self._blocks.clear()
        self._block_lengths.clear()
        self._blocks_at.clear()
        self._heat.clear()
        self._wmasks.clear()
        self.mem.clear_code()
        for pc in self.stop_pcs:
            self.icache[pc] = _stop_sentinel
            self.block_cache[pc] = _stop_block

    def _invalidate(self, addr: int, size: int) -> None:
        """Drop the decoded instructions whose bytes overlap [addr, addr+size) (the
        memory's ``on_code_write``): a store into a code page costs this range test, and
        self-modifying code re-decodes exactly what it changed."""
        end = addr + size
        decoded = self._decoded
        if size <= 64:
            candidates = [pc for pc in range(addr - 7, end) if pc in decoded]
        else:
            candidates = list({pc for pn in range(addr >> PAGE_SHIFT, ((end - 1) >> PAGE_SHIFT) + 1)
                               for pc in self._code_pcs.get(pn, ())})
        for pc in candidates:
            _, insn, length = decoded[pc]
            if pc < end and addr < pc + _code_span(insn, length):
                self._forget(pc)

    def _forget(self, pc: int) -> None:
        """Drop everything decoded or built for the instruction at ``pc``."""
        _, insn, length = self._decoded.pop(pc)
        span = _code_span(insn, length)
        self.mem.unmark_code(pc, span)
        for pn in range(pc >> PAGE_SHIFT, ((pc + span - 1) >> PAGE_SHIFT) + 1):
            pcs = self._code_pcs.get(pn)
            if pcs is not None:
                pcs.discard(pc)
                if not pcs:
                    del self._code_pcs[pn]
        self._precise.pop(pc, None)
        self._shadow.pop(pc, None)
        self._wmasks.pop(pc, None)
        if self.icache.get(pc) is not _stop_sentinel:
            self.icache.pop(pc, None)
        for block in self._blocks_at.get(pc, ())[:]:
            self._drop_block(block)
        self._heat.pop(pc, None)

    def _still_decodes(self, pc: int) -> bool:
        """Whether fetching at ``pc`` now gives the instruction decoded there."""
        _, insn, length = self._decoded[pc]
        try:
            return fetch_instruction(self._fetch_half, pc) == (insn, length)
        except Unfetchable:
            return False

    def add_stop(self, pc: int) -> None:
        """Make ``run`` stop before executing the instruction at ``pc`` (no translated
        block runs through it any more)."""
        self.stop_pcs.add(pc)
        self.icache[pc] = _stop_sentinel
        for block in self._blocks_at.get(pc, ())[:]:
            self._drop_block(block)
        self.block_cache[pc] = _stop_block

    def remove_stop(self, pc: int) -> None:
        self.stop_pcs.discard(pc)
        if self.icache.get(pc) is _stop_sentinel:
            del self.icache[pc]
            real = self._shadow.pop(pc, None)
            if real is not None:
                self.icache[pc] = real
        if self.block_cache.get(pc) is _stop_block:
            del self.block_cache[pc]

    def _decode(self, pc: int) -> tuple[Form | None, int, int]:
        """(form, instruction value, length in bits) at ``pc`` for execution, cached per
        address; raises the fetch Fault (or Halt) when the instruction cannot be fetched."""
        got = self._decoded.get(pc)
        if got is not None:
            return got
        window = self._fetch_window(pc)
        if window is not None:
            insn, length = split_window(window)
        else:
            try:
                insn, length = fetch_instruction(self._fetch_half, pc)
            except Unfetchable as u:
                # The precise fault, for the whole range up to the first unreadable halfword.
                self.mem.fetch(pc, u.address + 2 - pc, self.profile.fetch_faults)
                raise AssertionError("Memory.fetch accepted an unfetchable halfword") from None
        form = self.decoder.decode(insn, length)
        got = (form, insn, length)
        self._decoded[pc] = got
        span = 4 if length == 16 and insn & 0xF == 0x2 else length >> 3  # _code_span
        self.mem.mark_code(pc, span)
        code_pcs = self._code_pcs
        pn = pc >> PAGE_SHIFT
        pcs = code_pcs.get(pn)
        if pcs is None:
            code_pcs[pn] = {pc}
        else:
            pcs.add(pc)
        last = (pc + span - 1) >> PAGE_SHIFT
        if last != pn:  # the instruction's bytes run into the next page
            pcs = code_pcs.get(last)
            if pcs is None:
                code_pcs[last] = {pc}
            else:
                pcs.add(pc)
        return got

    def peek_decode(self, pc: int) -> PeekedInstruction:
        """What the instruction at ``pc`` is, without touching the machine: no decode-cache
        entry, no code mark, no event, no fault, no once-injection consumed, no trap state.

        The bytes of any mapped page are decoded (a view may show code in a page that is
        not executable); ``problem`` says why executing at ``pc`` could not fetch it
        (unmapped, not executable, outside a flat memory), or is None.  When not all of
        the instruction's halfwords are mapped, ``form`` is None and ``length`` counts the
        bits that are (0: nothing at ``pc`` is mapped)."""
        mem = self.mem
        read = mem.peek_reader()
        try:
            insn, length = fetch_instruction(read, pc)
        except Unfetchable as u:
            have = u.address - pc
            insn = int.from_bytes(mem.peek(pc, have), "little") if have > 0 else 0
            return PeekedInstruction(pc, None, insn, have * 8, mem.fetch_problem(pc, max(have, 0) + 2,
                                                                                self.profile.fetch_faults))
        return PeekedInstruction(pc, self.decoder.decode(insn, length), insn, length,
                                 mem.fetch_problem(pc, length // 8, self.profile.fetch_faults))

    def handler_at(self, pc: int) -> Handler:
        """The real handler for ``pc`` (never a stop sentinel); builds and caches it."""
        h = self.icache.get(pc)
        if h is _stop_sentinel:
            h = self._shadow.get(pc)
        if h is None:
            form, insn, length = self._decode(pc)
            h, precise = self._build(pc, form, insn, length)
            if precise is not None:
                self._precise[pc] = precise
            if pc in self.stop_pcs:
                self._shadow[pc] = h
            else:
                self.icache[pc] = h
        return h

    def _is_command(self, pc: int) -> bool:
        """Whether the decoded instruction at ``pc`` is a block command (trap entry's
        body rule: a command at the header end never enters the body)."""
        got = self._decoded.get(pc)
        return got is not None and got[0] is not None and got[0].surface == "command"

    def guards(self, form: Form, values: dict[str, int]) -> tuple[Placement | None, int, int]:
        """The checks ExecuteScalarInstruction makes before a scalar form's handler: its
        placement rule and the T/U queue counts its Reg5 sources (and implicit T#1) need."""
        if form.surface == "command":
            return None, 0, 0
        need_t = need_u = 0
        names = self._source_fields.get(id(form))
        if names is None:
            names = self._source_fields[id(form)] = tuple(n for n in SOURCE_FIELDS if n in form.by_name)
        for name in names:
            code = values[name]
            if code >= T_BASE:
                if code < U_BASE:
                    need_t = max(need_t, code - T_BASE + 1)
                else:
                    need_u = max(need_u, code - U_BASE + 1)
        if form.mnemonic in IMPLICIT_T1:
            need_t = max(need_t, 1)
        return self._placement.get(form.mnemonic), need_t, need_u

    def _build(self, pc: int, form: Form | None, insn: int, length: int) -> tuple[Handler, Handler | None]:
        """(fast handler, precise-path handler or None) of one decoded instruction.

        A shaped form's handler takes its address as an argument and nothing else from
        where it sits, so one handler serves every copy of the same instruction word."""
        if form is None:
            return _raiser(ILLEGAL_INST, self._illegal_reason(insn, length)), None
        if form.mnemonic in self._shaped:
            got = self._by_word.get((insn, length))
            if got is None:
                got = self._by_word[(insn, length)] = self._build_form(pc, form, insn, length)
            return got
        return self._build_form(pc, form, insn, length)

    def _build_form(self, pc: int, form: Form, insn: int, length: int) -> tuple[Handler, Handler | None]:
        values = form.values(insn)
        if form.variants:  # which encoding variant it is (BSTART.TMOV/TSTORE) is in the word
            values["_encoding"] = insn
        placement, need_t, need_u = self.guards(form, values)
        bad = form.violation(values)
        precise: Handler | None = None
        if bad is not None:
            inner: Handler = _raiser(ILLEGAL_INST, f"{form.mnemonic}: {bad.describe()}")
            need_t = need_u = 0  # the constraint fault comes before the queue check
        else:
            builder = self._builders.get(form.mnemonic)
            if builder is None:
                inner = _halter(f"{form.mnemonic} decodes, but ptodbg does not execute it")
            else:
                built = builder(self, form, values, pc, length)
                if isinstance(built, PreciseOnly):
                    inner, precise = _sync_request, built.run
                else:
                    inner = built
        if placement is None and not (need_t or need_u):
            return inner, precise
        if precise is not None:
            precise = _guarded(self, placement, need_t, need_u, precise)
        return _guarded(self, placement, need_t, need_u, inner), precise

    @staticmethod
    def _illegal_reason(insn: int, length: int) -> str:
        legacy = legacy_form(insn, length)
        if legacy is not None:
            return (f"{legacy[1].mnemonic} is a LinxISA {legacy[0].split('-')[1]} form that "
                    f"PTO 0.58.3 reserves; run with --compat {legacy[0]}")
        return f"no PTO 0.58.3 form matches {insn:#0{length // 4 + 2}x} ({length} bits)"

    def exited_message(self) -> str:
        """Why nothing runs after the program's exit (the halt of ``step`` and ``run``)."""
        return f"the program has exited with status {self.exit_code}"

    # ------------------------------------------------------------------- step
    def step(self) -> StepResult:
        """Execute one instruction attempt at TPC on the precise path, events captured."""
        return self._attempt(None)

    def execute(self, insn: int, length: int) -> StepResult:
        """Execute the instruction value ``insn`` of ``length`` bits at the current TPC
        without fetching it from memory (ExecutePTOInstruction: the AVS harness)."""
        return self._attempt((insn, length))

    def _attempt(self, given: tuple[int, int] | None) -> StepResult:
        if self.exit_code is not None:
            return StepResult("halt", self.pc, self.pc, 0, 0, None, [], [], message=self.exited_message())
        mem = self.mem
        capture_was = mem.capture
        if not capture_was:
            mem.set_capture(True)
        mem.events = []
        mem.watch_hits.clear()
        before = self.r[:]
        btq, buq = self.tq, self.uq
        pc = self.pc
        notes_from = len(self.notes)
        form: Form | None = None
        insn = length = 0
        trap = None
        message = ""
        kind = "executed"
        try:
            try:
                if given is None:
                    form, insn, length = self._decode(pc)
                    h = self.handler_at(pc)
                    h = self._precise.get(pc, h)
                else:
                    insn, length = given
                    form = self.decoder.decode(insn, length)
                    fast, precise = self._build(pc, form, insn, length)
                    h = precise or fast
            except Fault as f:  # nothing fetched: no instruction to enter the body
                self.steps += 1
                trap = self._enter_trap(f, pc, True)
                kind = "trap"
            else:
                self.steps += 1
                try:
                    if self.sys_pending and not _ends_or_starts_block(form):
                        raise Fault(BUNDLE_TRAP, pc, reason="after ACRC only BSTOP or a new BSTART may follow")
                    self.pc = h(pc) & MASK64
                except Fault as f:
                    trap = self._enter_trap(f, pc, form is not None and form.surface == "command")
                    kind = "trap"
                except Halt as e:
                    if not getattr(e, "counted", False):
                        self.steps -= 1
                    kind, message = "halt", str(e)
        except Halt as e:
            kind, message = "halt", str(e)
        finally:
            events = mem.events
            mem.events = []
            if not capture_was:
                mem.set_capture(False)
        changed = self._changed_gprs(before)
        writes = self._diff(before, btq, buq, changed)
        written = attempt_mask(self, pc, form, insn, kind != "executed", changed)
        self.wmask |= written
        return StepResult(kind, pc, self.pc, insn, length, form, events, writes, trap, message,
                          self.notes[notes_from:], written)

    def take_written(self) -> int:
        """The GPR mask written since the last call (a superset), and start a new one."""
        mask, self.wmask = self.wmask, 0
        return mask

    def _changed_gprs(self, before: list[int]) -> int:
        """The mask of the GPRs whose value differs from ``before`` (bit i: R<i>)."""
        r = self.r
        changed = 0
        for i in range(1, GPR_COUNT):
            if r[i] != before[i]:
                changed |= 1 << i
        return changed

    def _diff(self, before: list[int], tq: int, uq: int, changed: int) -> list[tuple[str, int]]:
        """The registers an attempt changed (GPRs from the ``changed`` mask), and a queue
        entry when a queue moved."""
        r = self.r
        out = [(GPR_NAMES[i], r[i]) for i in range(1, GPR_COUNT) if changed >> i & 1]
        if self.tq != tq or r[T_BASE:U_BASE] != before[T_BASE:U_BASE]:
            out.append(("t#1", r[T_BASE]))
        if self.uq != uq or r[U_BASE:] != before[U_BASE:]:
            out.append(("u#1", r[U_BASE]))
        return out

    # -------------------------------------------------------------------- run
    def run(self, max_steps: int) -> RunResult:
        """Run up to ``max_steps`` attempts on the fast path (no events).

        Stops at a trap whose bank has no handler (EVBASE 0), at a stop address, at a
        watchpoint hit, or when the emulator must halt.  Traps with a handler continue
        at EVBASE.  Hot code runs as translated blocks (:mod:`ptodbg.core.translate`)
        unless watchpoints or event capture need the per-instruction path."""
        if self.exit_code is not None:
            return RunResult("halt", 0, message=self.exited_message())
        start = self.steps
        limit = start + max_steps
        self.mem.watch_hits.clear()
        self.fault_at = None
        while self.steps < limit:
            if self.sys_pending:
                stop = self._after_precise(self.step(), start)
                if stop is not None:
                    return stop
                continue
            if self.translate_after is None or self.mem.watches or self.mem.capture:
                stop = self._run_plain(limit, start)
            else:
                stop = self._run_blocks(limit, start)
            if stop is not None:
                return stop
        return RunResult("max-steps", self.steps - start)

    def _run_plain(self, limit: int, start: int) -> RunResult | None:
        """The per-instruction loop, up to step ``limit``: ``pc = handler(pc)``.  Returns
        why it stopped, or None to be called again (a trap with a handler, a build)."""
        cache = self.icache
        hits = self.mem.watch_hits
        watching = bool(self.mem.watches)
        wmasks = self._wmasks
        written = 0  # the watching loop keeps the write mask; the plain one says "any"
        if not watching:
            self.wmask = ALL_GPRS
        pc = self.pc
        budget = limit - self.steps
        i = 0
        try:
            if watching:
                for i in range(budget):  # noqa: B007 - i is read after the loop
                    w = wmasks.get(pc)
                    written |= mask_at(self, pc) if w is None else w
                    pc = cache[pc](pc)
                    if hits:
                        i += 1
                        break
                else:
                    i = budget
                self.pc = pc
                self.steps += i
                return RunResult("watch", self.steps - start) if hits else None
            for i in range(budget):  # noqa: B007
                pc = cache[pc](pc)
            self.pc = pc
            self.steps += budget
        except KeyError:
            self.pc = pc
            self.steps += i
            if pc in cache:
                raise
            return self._build_or_trap(pc, start)
        except Fault as f:
            self.pc = pc
            self.steps += i + 1
            trap = self._enter_trap(f, pc, self._is_command(pc))
            if not trap.vectored:
                return RunResult("trap", self.steps - start, trap)
            if watching and hits:
                return RunResult("watch", self.steps - start, trap)
        except StopAtPC:
            self.pc = pc
            self.steps += i
            return RunResult("stop-pc", self.steps - start)
        except SyncRequest:
            self.pc = pc
            self.steps += i
            return self._after_precise(self.step(), start)
        except Halt as e:
            self.pc = pc
            self.steps += i
            return RunResult("halt", self.steps - start, message=str(e))
        finally:
            self.wmask |= written
        return None

    def _run_blocks(self, limit: int, start: int) -> RunResult | None:
        """The block loop, up to step ``limit``: translated blocks where there are (when
        the budget holds one more iteration of theirs), single handlers elsewhere, counting
        how often each address runs, so that hot ones get translated."""
        blocks = self.block_cache
        lengths = self._block_lengths
        cache = self.icache
        heat = self._heat
        threshold = self.translate_after or 0
        wmasks = self._wmasks
        written = 0
        pc = self.pc
        try:
            while True:
                left = limit - self.steps
                if left <= 0:
                    self.pc = pc
                    return None
                block = blocks.get(pc)
                if block is not None and (left >= MAX_INSNS or left >= lengths.get(pc, 0)):
                    pc = block(left)
                    continue
                try:
                    h = cache[pc]
                except KeyError:  # a first execution: build it here, without leaving the loop
                    self.pc = pc
                    stop = self._build_or_trap(pc, start)
                    if stop is not None or self.pc != pc or pc not in cache:  # a fault entered a trap
                        return stop
                    h = cache[pc]
                if block is None:
                    k = heat.get(pc, 0)
                    if k >= threshold:
                        if self._translate(pc):
                            continue
                        heat[pc] = _NEVER
                    else:
                        heat[pc] = k + 1
                w = wmasks.get(pc)
                written |= mask_at(self, pc) if w is None else w
                pc = h(pc)
                self.steps += 1
        except KeyError:
            if self.fault_at is not None or pc in cache:
                raise
            self.pc = pc
            return self._build_or_trap(pc, start)
        except Fault as f:
            if self.fault_at is not None:  # inside a block, which counted what it committed
                pc, self.fault_at = self.fault_at, None
            self.pc = pc
            self.steps += 1
            trap = self._enter_trap(f, pc, self._is_command(pc))
            if not trap.vectored:
                return RunResult("trap", self.steps - start, trap)
        except StopAtPC:
            self.pc = pc
            return RunResult("stop-pc", self.steps - start)
        except SyncRequest:
            self.pc = pc
            return self._after_precise(self.step(), start)
        except Halt as e:
            if self.fault_at is not None:
                pc, self.fault_at = self.fault_at, None
            self.pc = pc
            return RunResult("halt", self.steps - start, message=str(e))
        except BaseException:
            # Anything else (a KeyboardInterrupt): TPC names the instruction a block was
            # at, whose steps it counted, so TPC and steps agree for the caller.
            if self.fault_at is not None:
                pc, self.fault_at = self.fault_at, None
            self.pc = pc
            raise
        finally:
            self.wmask |= written
        return None

    def _build_or_trap(self, pc: int, start: int) -> RunResult | None:
        """Build the handler at ``pc`` (the cache missed); a fetch fault is an attempt."""
        try:
            self.handler_at(pc)
        except Fault as f:  # nothing fetched: no instruction to enter the body
            self.steps += 1
            trap = self._enter_trap(f, pc, True)
            if not trap.vectored:
                return RunResult("trap", self.steps - start, trap)
        except Halt as e:
            return RunResult("halt", self.steps - start, message=str(e))
        return None

    def _after_precise(self, res: StepResult, start: int) -> RunResult | None:
        """Why a run stops after one precise attempt, or None to go on."""
        done = self.steps - start  # a halt other than an exit is not an attempt
        if res.kind == "halt":
            return RunResult("halt", done, message=res.message)
        if res.trap is not None and not res.trap.vectored:
            return RunResult("trap", done, res.trap)
        if self.mem.watch_hits:
            return RunResult("watch", done, res.trap)
        if self.pc in self.stop_pcs:
            return RunResult("stop-pc", done)
        return None

    # ------------------------------------------------------------ translation
    def _translate(self, pc: int) -> bool:
        """Translate the run of instructions at ``pc`` into a block; False when none."""
        block = translate(self, pc)
        if block is None:
            return False
        self.block_cache[pc] = block.run
        self._blocks[pc] = block
        self._block_lengths[pc] = len(block.pcs)
        for p in block.pcs:
            self._blocks_at.setdefault(p, []).append(block)
        return True

    def _drop_block(self, block: Block) -> None:
        if self._blocks.get(block.entry) is block:
            del self._blocks[block.entry]
            del self._block_lengths[block.entry]
            if self.block_cache.get(block.entry) is block.run:
                del self.block_cache[block.entry]
        for p in block.pcs:
            holders = self._blocks_at.get(p)
            if holders is not None:
                holders[:] = [b for b in holders if b is not block]
                if not holders:
                    del self._blocks_at[p]
        self._heat.pop(block.entry, None)

    # ------------------------------------------------------------------ traps
    def _enter_trap(self, f: Fault, pc: int, no_body_entry: bool) -> TrapInfo:
        """SetFaultWithCause: save the context in the target bank, then vector.

        The saved body flag is the body as it was before the attempt: a faulting first
        body instruction is rejected whole, its implicit body entry included (precise
        faults, README "Precise faults").  Only an attempt that completed before its trap
        (``f.resume``: ACRC's service request) has entered the body.  ``no_body_entry``:
        the attempt never enters it (a command, or an instruction that could not be
        fetched)."""
        source = self.acr
        ring = f.ring
        if ring is None:
            ring = 0 if source == 0 else 1
        body = self.blk and (pc != self.hdr_end or (f.resume is not None and not no_body_entry))
        if body:
            self.hdr_end = None  # entered before or by the attempt (it stays entered)
        saved_tpc = f.resume if f.resume is not None else pc
        if f.preserve_bank and self.saved[ring] is not None:
            saved_tpc = self.ctx(ring, ssr.EBARG_TPC)
        else:
            self._save_context(ring, source, saved_tpc, body)
        self.trap_status[ring] = (False, True, f.cause & 0xFFFFFF, f.number, f.arg & MASK64)
        self.last_fault = f.number
        self.fault_address = f.arg & MASK64
        self.set_acr(ring)
        evbase = self.sregs.get(ssr.context_index(ring, ssr.EVBASE), 0)
        self.pc = evbase if evbase else f.arg & MASK64
        if self.blk and not body:
            self.hdr_end = self.pc  # trap entry keeps the body unentered wherever TPC goes
        info = TrapInfo(
            number=f.number,
            name=trap_name(f.number),
            cause=f.cause,
            arg0=f.arg & MASK64,
            bank=ring,
            saved_tpc=saved_tpc,
            vector=self.pc,
            vectored=bool(evbase),
            reason=f.reason,
            code=f.code,
        )
        self.last_trap = info
        self.trap_step = self.steps
        return info

    def enter_trap(self, fault: Fault) -> TrapInfo:
        """Take ``fault`` at the current TPC outside any instruction attempt, as trap entry
        does (context save, target bank, vector); the saved body flag is the block's own.
        For test benches that raise faults themselves (the AVS harness's SetFault)."""
        return self._enter_trap(fault, self.pc, True)

    def save_context(self, ring: int, source: int) -> None:
        """SaveTrapContext of the current state into bank ``ring`` without a trap."""
        self._save_context(ring, source, self.pc, bool(self.body_active))

    def _save_context(self, ring: int, source: int, tpc: int, body: bool) -> None:
        """SaveTrapContext (reference-profile.asl) into bank ``ring``."""
        r = self.r
        self.saved[ring] = SavedContext(
            commit_arg=self.commit_arg,
            tgt_set=self.tgt_set,
            cond_set=self.cond_set,
            sys_pending=self.sys_pending,
            bseq=self.bseq,
            frame_ret=self.frame_ret,
            tq=self.tq,
            uq=self.uq,
            header=self.header,
            mcopy=self.mcopy,
            frame=self.frame,
        )
        put = self.sregs.__setitem__
        base = ring << 12
        put(base | ssr.ECSTATE, (self.core_state & ~0x1F) | source | (body << 4))
        control = (
            source | 1 << 4 | self.blk << 5 | body << 6 | self.bkind << 7 | self.btype << 11
            | self.taken << 14
        )
        put(base | ssr.EBARG0, control)
        put(base | ssr.EBARG_BPC_CUR, self.bpc)
        put(base | ssr.EBARG_BPC_TGT, self.bpcn)
        put(base | ssr.EBARG_TPC, tpc)
        put(base | ssr.EBARG_LRA, self.lra)
        for k in range(4):
            put(base | (ssr.EBARG_TQ0 + k), r[T_BASE + k])
            put(base | (ssr.EBARG_UQ0 + k), r[U_BASE + k])
        put(base | ssr.EBARG_LB, 0)
        put(base | ssr.EBARG_LC, 0)

    def recoverable(self, ring: int) -> str | None:
        """None when bank ``ring`` can be recovered, else the reason it cannot
        (TrapContextRecoverable)."""
        control = self.ctx(ring, ssr.EBARG0)
        ecstate = self.ctx(ring, ssr.ECSTATE)
        if self.saved[ring] is None:
            return f"bank {ring} holds no saved trap context"
        if not control >> 4 & 1:
            return f"EBARG0_ACR{ring} bit 4 (snapshot valid) is clear"
        kind = (control >> 7) & 0xF
        if control >> 15 or kind not in _LEGAL_KINDS or (control >> 11) & 7 > 6 or (
            control >> 6 & 1 and not control >> 5 & 1
        ):
            return f"EBARG0_ACR{ring} = {control:#x} is not a legal block control word"
        if control & 0xF != ecstate & 0xF:
            return f"EBARG0_ACR{ring}[3:0] differs from ECSTATE_ACR{ring}[3:0]"
        if self.ctx(ring, ssr.EBARG_BPC_CUR) & 1 or self.ctx(ring, ssr.EBARG_TPC) & 1:
            return f"saved BPC or TPC of bank {ring} is odd"
        return None

    def recover(self, ring: int | None = None) -> int:
        """RecoverTrapContext of bank ``ring`` (default: the current ACR, where trap entry
        went).  Returns the resumed TPC; raises ValueError when not recoverable."""
        if ring is None:
            ring = self.acr
        why = self.recoverable(ring)
        if why is not None:
            raise ValueError(why)
        ctx = self.saved[ring]
        assert ctx is not None
        control = self.ctx(ring, ssr.EBARG0)
        ecstate = self.ctx(ring, ssr.ECSTATE)
        self.pc = self.ctx(ring, ssr.EBARG_TPC)
        self.bpc = self.ctx(ring, ssr.EBARG_BPC_CUR)
        self.core_state = ecstate
        self.commit_arg = ctx.commit_arg
        self.blk = bool(control >> 5 & 1)
        body = bool(control >> 6 & 1)
        self.tgt_set, self.cond_set, self.sys_pending = ctx.tgt_set, ctx.cond_set, ctx.sys_pending
        kind = (control >> 7) & 0xF
        self.bkind = kind if kind in _LEGAL_KINDS else KIND_STD
        transfer = (control >> 11) & 7
        self.btype = transfer if transfer <= 6 else FALL
        self.taken = bool(control >> 14 & 1)
        self.bpcn = self.ctx(ring, ssr.EBARG_BPC_TGT)
        self.frame_ret = ctx.frame_ret
        self.lra = self.ctx(ring, ssr.EBARG_LRA)
        self.bseq = ctx.bseq
        self.header = ctx.header
        self.mcopy = ctx.mcopy
        self.frame = ctx.frame
        for k in range(4):
            self.r[T_BASE + k] = self.ctx(ring, ssr.EBARG_TQ0 + k)
            self.r[U_BASE + k] = self.ctx(ring, ssr.EBARG_UQ0 + k)
        self.tq, self.uq = ctx.tq, ctx.uq
        # The body is entered unless the context was saved in an open block's header; with no
        # block there is no header either.  The other block fields are restored as saved,
        # open block or not (RecoverTrapContext; PTO-AVS-SYS-ACRE-EXEC-001 expects BPC back).
        self.hdr_end = self.pc if self.blk and not body else None
        self.acr = ecstate & 0xF
        self._apply_bound()
        self.sregs[(ring << 12) | ssr.EBARG0] = control & ~(1 << 4)
        self.saved[ring] = None
        return self.pc

    def recovery_fault(self, pc: int) -> Fault:
        """The fault ACRE raises when the current bank cannot be recovered."""
        return Fault(EXEC_STATE_CHECK, pc, reason=self.recoverable(self.acr) or "", preserve_bank=True)

    # -------------------------------------------------------------- snapshots
    def snapshot(self) -> Snapshot:
        """The complete state; O(registers + page table), pages shared copy-on-write.
        Parts equal to the previous snapshot's are that snapshot's objects (a history of
        snapshots holds each unchanged table once)."""
        mem = self.mem
        regs = _pack_regs(*self.r)
        moving = _moving_of(self)
        settled = _settled_of(self)
        trap_status = tuple(self.trap_status)
        saved = tuple(self.saved)
        sregs, perms, once = self.sregs, mem.perms, mem.once
        prev = self._last_snapshot
        if prev is None:
            system = SystemParts(settled, dict(sregs), trap_status, saved, dict(perms), dict(once))
        else:
            regs = prev.regs if regs == prev.regs else regs
            moving = prev.moving if moving == prev.moving else moving
            system = prev.system
            if not (settled == system.settled and trap_status == system.trap_status and saved == system.saved
                    and sregs == system.sregs and perms == system.perms and once == system.once):
                system = SystemParts(
                    system.settled if settled == system.settled else settled,
                    system.sregs if sregs == system.sregs else dict(sregs),
                    system.trap_status if trap_status == system.trap_status else trap_status,
                    system.saved if saved == system.saved else saved,
                    system.perms if perms == system.perms else dict(perms),
                    system.once if once == system.once else dict(once),
                )
        snap = Snapshot(self.steps, regs, moving, system, mem.share_all())
        self._last_snapshot = snap
        return snap

    def restore(self, snap: Snapshot) -> None:
        """Return to a snapshot exactly; decoded code survives where its bytes did."""
        mem = self.mem
        changed = [
            pn for pn in self._code_pcs
            if snap.pages.get(pn) is not mem.pages.get(pn) or snap.system.perms.get(pn) != mem.perms.get(pn)
        ]
        self.r[:] = _unpack_regs(snap.regs)
        system = snap.system
        self.steps = snap.steps
        for name, value in zip(MOVING_FIELDS, snap.moving, strict=True):
            setattr(self, name, value)
        for name, value in zip(SETTLED_FIELDS, system.settled, strict=True):
            setattr(self, name, value)
        self.sregs.clear()
        self.sregs.update(system.sregs)
        self.trap_status[:] = system.trap_status
        self.saved[:] = list(system.saved)
        mem.adopt(snap.pages, system.perms, system.once)
        self._last_snapshot = snap
        mem.set_reserved_line(self.resv[0] & ~63 if self.resv else None)
        self._apply_bound()
        for pn in changed:
            for pc in list(self._code_pcs.get(pn, ())):
                if pc in self._decoded and not self._still_decodes(pc):
                    self._forget(pc)

    # -------------------------------------------------------------- display
    def block_state(self) -> dict | None:
        if not self.blk:
            return None
        return {
            "kind": block_kind_name(self.bkind),
            "type": TRANSFER_NAMES[self.btype],
            "bpc": self.bpc,
            "bpcn": self.bpcn,
            "taken": self.taken,
            "body": self.body_active,
        }

    @property
    def pending_trap(self) -> TrapInfo | None:
        """The trap entered by the most recent attempt, if that attempt trapped."""
        return self.last_trap if self.trap_step == self.steps else None


def _code_span(insn: int, length: int) -> int:
    """Bytes whose contents decide the decode at an address: the instruction's, plus the
    halfword a 16-bit C.BSTART DIRECT peeks at (a fused BSTART.CALL: docs/architecture-notes.md, instruction length)."""
    if length == 16 and insn & 0xF == 0x2:
        return 4
    return length >> 3


def _ends_or_starts_block(form: Form | None) -> bool:
    """BSTART and BSTOP forms: the only instructions legal after ACRC (top-level.asl)."""
    if form is None or form.surface != "command":
        return False
    name = form.mnemonic
    return "BSTART" in name or name.endswith("BSTOP")


def _raiser(number: int, reason: str) -> Handler:
    def fault(pc: int) -> int:
        raise Fault(number, pc, reason=reason)

    return fault


def _halter(message: str) -> Handler:
    def halt(pc: int) -> int:
        raise Halt(f"{message} (at {pc:#x})")

    return halt


def _sync_request(pc: int) -> int:
    """The fast-loop stand-in of a :class:`PreciseOnly` instruction."""
    raise SyncRequest()


def _guarded(
    m: Machine,
    placement: Placement | None,
    need_t: int,
    need_u: int,
    inner: Handler,
) -> Handler:
    """Checks in ExecuteScalarInstruction order: placement (BUNDLE_TRAP), then the form's
    constraints (already folded into ``inner`` for an illegal encoding, which needs no
    queue counts), then T/U availability."""
    if not (need_t or need_u):
        # The hot cases get the rule's test inline (one call instead of two); the rule
        # itself still raises, with its message, when the test fails.
        if placement is in_cond_block:

            def cond_only(pc: int) -> int:
                if not m.blk or m.btype != 2 or m.cond_set:
                    in_cond_block(m, pc)
                return inner(pc)

            return cond_only
        if placement is in_sys_block:

            def sys_only(pc: int) -> int:
                if not m.blk or m.bkind != 2:
                    in_sys_block(m, pc)
                return inner(pc)

            return sys_only

    def guarded(pc: int) -> int:
        if placement is not None:
            placement(m, pc)
        if m.tq < need_t or m.uq < need_u:
            raise Fault(ILLEGAL_INST, pc, reason="reads a T/U queue slot that holds no value")
        return inner(pc)

    return guarded
