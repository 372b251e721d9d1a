"""The PTO scalar machine: its architectural state and the step and run loops.

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

The parts, as Spike separates ``state_t`` from the processor and its caches: the
architectural state is this class's attributes; beside it are the decode cache
(``m.decode``, :mod:`ptodbg.core.decodecache`: each address decoded once and bound to a
handler by :mod:`ptodbg.core.handlers`) and the block cache (``m.blocks``,
:mod:`ptodbg.core.blockcache`: hot runs translated by :mod:`ptodbg.core.translate`).  Trap
entry and recovery are :mod:`ptodbg.core.traps`, snapshots :mod:`ptodbg.core.snapshot`,
the system registers' values :mod:`ptodbg.core.sysregs`, write masks and an attempt's
register diff :mod:`ptodbg.core.writeset`.

Why the state stays flat on the machine: handlers and generated block code read it per
instruction, and one more object between them and a field costs an attribute load per
read (about 2.7 ns each in CPython 3.11: the inline COND-placement guard, three reads, is
8 ns slower through a state object, 118 -> 126 ns per call).

How it is fast (docs/interfaces.md §8): each address is decoded once into a *handler*, a closure
with its fields already extracted; ``handler(pc)`` executes the instruction and returns
the next TPC, or raises :class:`Fault` before changing anything.  ``run`` counts how often
each address executes; a hot run of instructions becomes one generated function, cached
by its entry in the block cache, and cold code runs ``pc = handlers[pc](pc)``.  Stop
addresses are sentinel entries in both caches (zero cost when absent); watchpoints and
event capture use the per-instruction loop; memory checks live in
:mod:`ptodbg.core.memory`'s slow path; rare conditions (a pending ACRC terminal, a CYCLE
read) switch to the precise path.  A write to code drops exactly the decoded instructions
and blocks whose bytes it overlaps (``on_code_write``).

Architectural state follows the specification's (``asl/arch/state/``); the representation choices:

* ``r`` is one 32-entry list indexed by Reg5 *source* code: 0..23 the GPRs (r[0] stays 0),
  24..27 T#1..T#4, 28..31 U#1..U#4 (newest first).  ``t_valid``/``u_valid`` are the
  queues' valid bits (_TQueueValid/_UQueueValid) as bitmaps: bit k-1 set when T#k (U#k)
  holds a value.  A push shifts the bits up and sets bit 0; an instruction reads T#k only
  when bit k-1 is set.  Pushes and recoveries keep the bits a prefix, but a recovered
  context or a debugger edit may hold any pattern, and the machine keeps it exactly.
* P0..P7 (``preds``) and the interrupt registers are architectural state too; interrupts
  are :mod:`ptodbg.core.interrupts`.
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

from ptodbg.base.record import Frozen, Record
from ptodbg.core import interrupts, traps
from ptodbg.core import snapshot as snapshots
from ptodbg.core import sysregs as ssr
from ptodbg.core.blockcache import NEVER, TRANSLATE_AFTER, BlockCache
from ptodbg.core.decodecache import DecodeCache, PeekedInstruction
from ptodbg.core.events import MemEvent
from ptodbg.core.faults import (
    BUNDLE_TRAP,
    Fault,
    Halt,
    StopAtPC,
    SyncRequest,
)
from ptodbg.core.handlers import Handler
from ptodbg.core.memory import Memory, R, W, X
from ptodbg.core.profiles import DEBUG, Profile
from ptodbg.core.snapshot import Snapshot
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
    BlockState,
    block_kind_name,
)
from ptodbg.core.stopguard import StopGuard
from ptodbg.core.translate import MAX_INSNS
from ptodbg.core.traps import BANKS, EMPTY_CONTEXT, SavedContext, TrapInfo
from ptodbg.core.writeset import ALL_GPRS, attempt_mask, changed_gprs, register_writes
from ptodbg.isa.decoder import STRICT, Decoder
from ptodbg.isa.forms import Form
from ptodbg.isa.legacy import decoder_for
from ptodbg.tile.state import EMPTY as EMPTY_TILES
from ptodbg.tile.state import TileFile

PRED_COUNT = 8  # PTO_PREDICATE_REGISTER_COUNT
PRED_MASK = (1 << 32) - 1  # PTO_PREDICATE_WIDTH bits


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


class RunResult(Frozen):
    """Why ``run`` stopped, and how many attempts it made."""

    reason: str  # "max-steps" | "trap" | "stop-pc" | "halt" | "watch"
    steps: int
    trap: TrapInfo | None = None
    message: str = ""


class Machine:
    """One PTO core (PE/agent 0), its memory and its trap banks."""

    def __init__(self, profile: Profile = DEBUG, decoder: Decoder = STRICT) -> None:
        self.profile = profile
        self.decoder = decoder
        self.compat: str | None = None
        self.mem = Memory(limit=profile.flat_bytes)
        self.mem.on_reserved_store = self.clear_reservation
        self.r: list[int] = [0] * 32
        self.stop_pcs: set[int] = set()
        # Stop addresses a translated block may run through, stopping only where the guard
        # holds (core.stopguard); the per-instruction path stops there every time.
        self.stop_guards: dict[int, StopGuard] = {}
        # The caches (Spike's processor keeps its caches beside its state_t): translated
        # blocks (core.blockcache), and decoded instructions with their handlers by
        # address (core.decodecache); a write to code drops exactly what it overlaps,
        # blocks included.
        self.blocks = BlockCache(self)
        self.decode = DecodeCache(self, on_forget=self.blocks.forget)
        self.mem.on_code_write = self.decode.invalidate
        # An address is translated once it ran ``translate_after`` times outside a block
        # (None: never translate).
        self.translate_after: int | None = TRANSLATE_AFTER
        self.fault_at: int | None = None  # set by a block that raised: the faulting TPC
        self.last_snapshot: Snapshot | None = None  # what the next snapshot may share (core.snapshot)
        self.sregs: dict[int, int] = {}
        # Per bank: (async, argument valid, cause, trap number, argument0); rows are
        # replaced, never changed, so snapshots share them.
        self.trap_status: list[tuple[bool, bool, int, int, int]] = []
        self.saved: list[SavedContext | None] = []  # per bank (core.traps)
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
        self.t_valid = self.u_valid = 0
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
        # The descriptor the open block's BSTART installed (_BundleOperation of a STD, FP
        # or SYS start: form identity, branch type ...; ptodbg.tile.blockop.Descriptor,
        # immutable, one per decoded BSTART), None with no block open or one opened by
        # other means.  A tile start's is its header's operation state instead.
        self.bdesc: object | None = None
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
        # Block-control bookkeeping the architecture keeps (asl/block/model/state/control-state.asl):
        # the frame-template depth and the last completed frame's (begin, end, size), the
        # last MSET/MCOPY (destination, length), the last B.HINT word and the hint epoch,
        # the last cross-block (ACR, ID), the last GQM operands (left, right, flags).  (The
        # bundle argument is a header item: ``header``.)
        self.frame_depth = 0
        self.last_frame: tuple[int, int, int] = (0, 0, 0)
        self.last_memory_command: tuple[int, int] = (0, 0)
        self.hint_payload = self.hint_epoch = 0
        self.last_cross_block: tuple[int, int] = (0, 0)
        self.last_queue: tuple[int, int, int] = (0, 0, 0)
        # P0..P7 (asl/arch/programming-model/predicate-registers.asl); P0 reads as all ones,
        # whatever the tuple holds in its place.
        self.preds: tuple[int, ...] = (0,) * PRED_COUNT
        # The tile registers (ptodbg.tile.state): one immutable file, replaced on change.
        self.tiles: TileFile = EMPTY_TILES
        # Maintenance and request bookkeeping of the SYS forms (epochs are their effect).
        self.dcache_epoch = self.bcache_epoch = self.tlb_epoch = 0
        self.maintenance: tuple | None = None
        self.request_epoch = self.request_operand = 0
        self.control_request: str | None = None
        self.sregs.clear()
        for ring in range(BANKS):
            self.sregs[ssr.context_index(ring, ssr.ECONFIG)] = 3
        self.trap_status[:] = [(False, False, 0, 0, 0)] * BANKS
        self.saved[:] = [None] * BANKS
        self.mem.set_reserved_line(None)
        self.apply_bound()

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
        base, valid = (T_BASE, self.t_valid) if which == "t" else (U_BASE, self.u_valid)
        return [self.r[base + k] if valid >> k & 1 else None for k in range(4)]

    def set_queue(self, which: str, values: Iterable[int | None]) -> None:
        """Replace a queue (newest first; None marks an invalid slot, whose value is kept)."""
        vals = list(values)[:4]
        vals += [None] * (4 - len(vals))
        base = T_BASE if which == "t" else U_BASE
        valid = 0
        for k, v in enumerate(vals):
            if v is not None:
                self.r[base + k] = v & MASK64
                valid |= 1 << k
        if which == "t":
            self.t_valid = valid
        else:
            self.u_valid = valid

    # push_t/push_u index r by literal Reg5 codes (T#1..T#4 = 24..27 = T_BASE.., U#1..U#4 =
    # 28..31 = U_BASE..): a push is on the per-instruction path, and a named constant
    # costs a global load per index (115 -> 125 ns a push, measured).
    def push_t(self, value: int) -> None:
        r = self.r
        r[27] = r[26]
        r[26] = r[25]
        r[25] = r[24]
        r[24] = value
        if self.t_valid != 15:  # a full queue stays full: the common case costs a compare
            self.t_valid = (self.t_valid << 1 | 1) & 15

    def push_u(self, value: int) -> None:
        r = self.r
        r[31] = r[30]
        r[30] = r[29]
        r[29] = r[28]
        r[28] = value
        if self.u_valid != 15:
            self.u_valid = (self.u_valid << 1 | 1) & 15

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
        self.apply_bound()

    def apply_bound(self) -> None:
        bound = self.profile.acr2_bound if self.acr >= 2 else None
        self.mem.set_bound(bound)

    def read_sysreg(self, address: int) -> int:
        """Value of a system register, without access checks (the debugger's view)."""
        return ssr.read(self, address)

    def write_sysreg(self, address: int, value: int) -> None:
        """Write a system register, without access checks (the debugger's view)."""
        ssr.write(self, address, value)

    def ctx(self, ring: int, low: int) -> int:
        return self.read_sysreg((ring << 12) | low)

    # -------------------------------------------------------------- interrupts
    # The rules are :mod:`ptodbg.core.interrupts`; these are its public faces.
    @staticmethod
    def timer_interrupt(ring: int) -> int:
        """TimerInterruptId: the timer's interrupt id in bank ``ring``."""
        return interrupts.timer_interrupt(ring)

    def set_interrupt_pending(self, ring: int, interrupt: int, pending: bool = True) -> None:
        """SetInterruptPending / ClearInterruptPending of id ``interrupt`` in bank ``ring``."""
        interrupts.set_pending(self, ring, interrupt, pending)

    def timer_pending(self, ring: int) -> bool:
        """Whether bank ``ring``'s timer compare value is set and reached."""
        return interrupts.timer_pending(self, ring)

    def refresh_timer(self, ring: int) -> None:
        """RefreshTimerPending: the timer's id is pending exactly while its compare holds."""
        interrupts.refresh_timer(self, ring)

    def interrupt_bank(self) -> int:
        """TrapTargetForInterrupt of the current ring: bank 0 from ACR0, else bank 1."""
        return interrupts.bank_of(self.acr)

    def interrupt_view(self, ring: int) -> tuple[int, int]:
        """(IPENDING, TOPEI) of bank ``ring`` as an instruction reading them now would see
        them (the timer refreshed), without refreshing anything."""
        return interrupts.view(self, ring)

    def interrupt_enabled(self, ring: int, interrupt: int) -> bool:
        """InterruptEnabled: ECONFIG bit 1 for the timer's id, bit 0 for the others."""
        return interrupts.enabled(self, ring, interrupt)

    def end_of_interrupt(self, ring: int, value: int) -> None:
        """EndOfInterrupt (a write of EOIEI)."""
        interrupts.end_of_interrupt(self, ring, value)

    def raise_interrupt(self, interrupt: int, cause: int) -> TrapInfo | None:
        """RaiseInterrupt: pending in the target bank, and trap 44 when enabled there
        (:func:`ptodbg.core.interrupts.raise_interrupt`); None when only pending."""
        return interrupts.raise_interrupt(self, interrupt, cause)

    # ------------------------------------------------------------ predicates
    def pred(self, index: int) -> int:
        """ReadPredicateRegister: P0 is the hardwired all-ones predicate."""
        return PRED_MASK if index == 0 else self.preds[index]

    def set_pred(self, index: int, value: int) -> None:
        """WritePredicateRegister: a write to P0 is ignored."""
        if index:
            preds = list(self.preds)
            preds[index] = value & PRED_MASK
            self.preds = tuple(preds)

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
        self.frame_sp = 1 if mode == "linx-v0.4" else 2
        self.decode.factory.relax_sys_placement(mode == "linx-v0.4")
        self.set_decoder(decoder_for(mode))

    # ------------------------------------------------------------ decode cache
    def set_decoder(self, decoder: Decoder) -> None:
        self.decoder = decoder
        self.flush_icache()

    def flush_icache(self) -> None:
        """Forget every decoded instruction and translated block (a new decoder, a new
        program)."""
        self.decode.clear(self.stop_pcs)
        self.blocks.clear(self.stop_pcs - self.stop_guards.keys())

    def add_stop(self, pc: int, guard: StopGuard | None = None) -> None:
        """Make ``run`` stop before executing the instruction at ``pc`` (no translated
        block runs through it any more).  With a ``guard``, translated code runs through
        ``pc`` and stops there only where the guard holds (a stop there then means "the
        guard held, or the per-instruction path was there": the caller decides)."""
        if pc in self.stop_pcs and self.stop_guards.get(pc) == guard:
            return
        self.stop_pcs.add(pc)
        self.decode.add_stop(pc)
        if guard is None:
            self.stop_guards.pop(pc, None)
        else:
            self.stop_guards[pc] = guard
        self.blocks.restop(pc)

    def remove_stop(self, pc: int) -> None:
        if pc not in self.stop_pcs:
            return
        self.stop_pcs.discard(pc)
        self.stop_guards.pop(pc, None)
        self.decode.remove_stop(pc)
        self.blocks.restop(pc)

    def peek_decode(self, pc: int) -> PeekedInstruction:
        """What the instruction at ``pc`` is, without touching the machine
        (:meth:`DecodeCache.peek`: no cache entry, no code mark, no event, no fault)."""
        return self.decode.peek(pc)

    def handler_at(self, pc: int) -> Handler:
        """The real handler for ``pc`` (never a stop sentinel); builds and caches it."""
        return self.decode.handler_at(pc)

    def exited_message(self) -> str:
        """Why nothing runs after the program's exit (the halt of ``step`` and ``run``)."""
        return f"the program has exited with status {self.exit_code}"

    # ------------------------------------------------------------------- step
    def step(self) -> StepResult:
        """Execute one instruction attempt at TPC on the precise path, events captured."""
        return self._attempt(None)

    def execute(self, insn: int, length: int, form: Form | None = None) -> StepResult:
        """Execute the instruction value ``insn`` of ``length`` bits at the current TPC
        without fetching it from memory (ExecutePTOInstruction: the AVS harness); with
        ``form``, as that form whatever the decoder would say (a dispatcher handed a form
        index: ExecuteDecodedBundleCommand)."""
        return self._attempt((insn, length), form)

    def _attempt(self, given: tuple[int, int] | None, given_form: Form | None = None) -> StepResult:
        if self.exit_code is not None:
            return StepResult("halt", self.pc, self.pc, 0, 0, None, [], [], message=self.exited_message())
        mem = self.mem
        capture_was = mem.capture
        if not capture_was:
            mem.set_capture(True)
        mem.events = []
        mem.watch_hits.clear()
        before = self.r[:]
        btq, buq = self.t_valid, self.u_valid
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
                    decode = self.decode
                    form, insn, length = decode.decode(pc)
                    h = decode.handler_at(pc)  # builds it, learning whether it is precise-only
                    h = decode.precise_at(pc) or h
                else:
                    insn, length = given
                    form = given_form if given_form is not None else self.decoder.decode(insn, length)
                    fast, precise = self.decode.build(pc, form, insn, length)
                    h = precise or fast
            except Fault as f:  # nothing fetched: no instruction to enter the body
                self.steps += 1
                trap = traps.enter(self, f, pc, True)
                kind = "trap"
            else:
                self.steps += 1
                try:
                    if self.sys_pending and not _ends_or_starts_block(form):
                        raise Fault(BUNDLE_TRAP, pc, reason="after ACRC only BSTOP or a new BSTART may follow")
                    self.pc = h(pc) & MASK64
                except Fault as f:
                    trap = traps.enter(self, f, pc, form is not None and form.surface == "command")
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
        changed = changed_gprs(self.r, before)
        writes = register_writes(self, before, btq, buq, changed)
        written = attempt_mask(self, pc, form, insn, kind != "executed", changed)
        self.wmask |= written
        return StepResult(kind, pc, self.pc, insn, length, form, events, writes, trap, message,
                          self.notes[notes_from:], written)

    def take_written(self) -> int:
        """The GPR mask written since the last call (a superset), and start a new one."""
        mask, self.wmask = self.wmask, 0
        return mask

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
            if self.translate_after is None or self.mem.capture:
                stop = self._run_plain(limit, start)
            else:
                stop = self._run_blocks(limit, start)
            if stop is not None:
                return stop
        return RunResult("max-steps", self.steps - start)

    def _run_plain(self, limit: int, start: int) -> RunResult | None:
        """The per-instruction loop, up to step ``limit``: ``pc = handler(pc)``.  Returns
        why it stopped, or None to be called again (a trap with a handler, a build)."""
        cache = self.decode.handlers
        hits = self.mem.watch_hits
        watching = bool(self.mem.watches)
        wmasks = self.decode.write_masks
        mask_at = self.decode.write_mask
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
                    written |= mask_at(pc) if w is None else w
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
            trap = traps.enter(self, f, pc, self.decode.is_command(pc))
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
        translated = self.blocks
        blocks, lengths, heat = translated.runs, translated.lengths, translated.heat
        # Watched pages are never fast: only a slow path notes a hit, and a block ends
        # after the instruction whose slow path or call did (core.translate)
        hits = self.mem.watch_hits
        cache = self.decode.handlers
        threshold = self.translate_after or 0
        wmasks = self.decode.write_masks
        mask_at = self.decode.write_mask
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
                    if hits:
                        self.pc = pc
                        return RunResult("watch", self.steps - start)
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
                        if translated.translate(pc):
                            continue
                        heat[pc] = NEVER
                    else:
                        heat[pc] = k + 1
                w = wmasks.get(pc)
                written |= mask_at(pc) if w is None else w
                pc = h(pc)
                self.steps += 1
                if hits:
                    self.pc = pc
                    return RunResult("watch", self.steps - start)
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
            trap = traps.enter(self, f, pc, self.decode.is_command(pc))
            if not trap.vectored:
                return RunResult("trap", self.steps - start, trap)
            if hits:
                return RunResult("watch", self.steps - start, trap)
        except StopAtPC:
            if self.fault_at is not None:  # a block's guard held inside it (core.stopguard)
                pc, self.fault_at = self.fault_at, None
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
            trap = traps.enter(self, f, pc, True)
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

    # ------------------------------------------------------------------ traps
    # Trap entry and recovery are :mod:`ptodbg.core.traps`; these are its public faces.
    def enter_trap(self, fault: Fault) -> TrapInfo:
        """Take ``fault`` at the current TPC outside any instruction attempt, as trap entry
        does (context save, target bank, vector); the saved body flag is the block's own.
        For test benches that raise faults themselves (the AVS harness's SetFault)."""
        return traps.enter(self, fault, self.pc, True)

    def save_context(self, ring: int, source: int) -> None:
        """SaveTrapContext of the current state into bank ``ring`` without a trap."""
        traps.save_context(self, ring, source, self.pc, bool(self.body_active))

    def context_valid(self, ring: int) -> bool:
        """Whether bank ``ring`` holds a valid saved context (_TrapContexts[[ring]].valid)."""
        ctx = self.saved[ring]
        return ctx is not None and ctx.valid

    def context(self, ring: int) -> SavedContext:
        """Bank ``ring``'s saved record, valid or not (the reset record when none was saved)."""
        ctx = self.saved[ring]
        return EMPTY_CONTEXT if ctx is None else ctx

    def recoverable(self, ring: int) -> str | None:
        """None when bank ``ring`` can be recovered, else why not (TrapContextRecoverable)."""
        return traps.recoverable(self, ring)

    def recover(self, ring: int | None = None) -> int:
        """RecoverTrapContext of bank ``ring`` (default: the current ACR); the resumed TPC."""
        return traps.recover(self, ring)

    def recovery_fault(self, pc: int) -> Fault:
        """The fault ACRE raises when the current bank cannot be recovered."""
        return traps.recovery_fault(self, pc)

    # -------------------------------------------------------------- snapshots
    def snapshot(self) -> Snapshot:
        """The complete state, pages shared copy-on-write (:func:`ptodbg.core.snapshot.take`)."""
        return snapshots.take(self)

    def restore(self, snap: Snapshot) -> None:
        """Return to a snapshot exactly; decoded code survives where its bytes did."""
        snapshots.restore(self, snap)

    # -------------------------------------------------------------- display
    def block_state(self) -> BlockState | None:
        """The open block as a typed record; None when no block is open."""
        if not self.blk:
            return None
        return BlockState(block_kind_name(self.bkind), TRANSFER_NAMES[self.btype], self.bpc, self.bpcn,
                          self.taken, self.body_active)

    @property
    def pending_trap(self) -> TrapInfo | None:
        """The trap entered by the most recent attempt, if that attempt trapped."""
        return self.last_trap if self.trap_step == self.steps else None


def _ends_or_starts_block(form: Form | None) -> bool:
    """BSTART and BSTOP forms: the only instructions legal after ACRC (top-level.asl)."""
    if form is None or form.surface != "command":
        return False
    name = form.mnemonic
    return "BSTART" in name or name.endswith("BSTOP")
