"""Block translation (docs/interfaces.md §8): a hot run of instructions becomes one Python function.

The machine's run loop counts how often each address starts an instruction outside any
translated block; when one gets hot, :func:`translate` follows the instructions from there
(BSTART ... BSTOP blocks and straight-line code alike, up to :data:`MAX_INSNS`) and
generates one function for the whole run from the instructions' shapes
(:mod:`ptodbg.core.semantics.shapes`): GPRs are locals, constants are inline, a block
opened and closed inside the run exists only in locals ("virtual" block state), and a
COND block that branches back to the run's start becomes a ``while`` loop (the run ends
after that back edge: the way out runs once).  The function is cached per entry address;
its signature is ``run(left) -> next TPC``: it executes at most ``left`` attempts and adds
the attempts it made to ``m.steps``.  Compiling costs about as much as a few thousand
executed instructions, which is why only hot code is translated (``translate_after``).

Exactness (the per-instruction path is the reference; a differential property test runs
random programs both ways):

* *Faults.*  Each instruction's code raises before its own effects, so when one raises,
  the locals hold exactly the state after the instructions before it.  The ``except``
  clause finds the faulting instruction from the traceback's line number (no cost on the
  hot path), writes the locals back, writes any virtual block state into the machine as
  the per-instruction path would have it, counts the committed attempts and names the
  instruction in ``m.fault_at``; the run loop then enters the trap there.
* *Budgets.*  The run loop calls a block only when ``left`` holds one iteration (as many
  attempts as the block has instructions); a loop checks the budget before each further
  iteration, so ``run(n)`` stops on exactly step ``n``.
* *Code writes.*  A store that leaves the fast maps (it may have written code) ends the
  block after that instruction; writing an instruction's bytes drops the blocks holding it.
* *Stops.*  A run never covers an unguarded stop address; at a guarded one
  (:mod:`ptodbg.core.stopguard`) the code tests the guard before the instruction and,
  where it holds, raises StopAtPC through the fault path above (state written back,
  ``m.fault_at`` names the address, nothing of the instruction done).
* *Watchpoints.*  Watched pages are never in the fast maps, so only slow paths can hit
  one; a slow load, store or DMA and a handler call that hit one end the block after
  that instruction, and the run loop stops there.
* *Loop-invariant probes* (issue 27): a loop that calls no handler is translated a
  second time with the accesses whose address registers it never writes hoisted: their
  alignment and page probes run once per call, and a failing probe runs the general code
  (:func:`translate`).
* *Everything else* (event capture, single steps, the precise path) never runs
  translated code: the run loop uses the per-instruction path for it.

Instructions without a shape run inside a block as a call of their per-instruction
handler, with the locals written back before and read again after (and a virtual block
written into the machine first when the instruction reads block state).  Instructions
that need the precise path, that cannot be fetched or decoded, or a BSTOP with no block
open end the run before them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ptodbg.core.faults import StopAtPC
from ptodbg.core.semantics import in_cond_block
from ptodbg.core.semantics.bru import J_SHAPE
from ptodbg.core.semantics.shapes import NAMESPACE, Op, dest_kind, push_lines, shape_of
from ptodbg.core.state import (
    CALL,
    COND,
    DIRECT,
    FALL,
    GPR_COUNT,
    KIND_FP,
    KIND_STD,
    KIND_SYS,
    RA,
    SELECTS_BPCN,
)
from ptodbg.tile.blockop import Descriptor, descriptor_of

if TYPE_CHECKING:
    from ptodbg.core.machine import Machine
    from ptodbg.isa.forms import Form

MAX_INSNS = 32  # instructions one iteration of a block executes at most
STOP_BEFORE = None  # what instruction() returns when the run must end before it

_BSTARTS = frozenset({"BSTART", "BSTART.STD", "BSTART.FP", "BSTART.SYS", "C.BSTART", "C.BSTART.STD",
                      "C.BSTART.FP", "C.BSTART.SYS", "BSTART.CALL"})
_BSTOPS = frozenset({"BSTOP", "C.BSTOP", "L.BSTOP"})
_ALWAYS_FAULT = frozenset({"EBREAK", "C.EBREAK"})  # nothing after them runs in this iteration
_KEYWORD_TRANSFER = {"fall": FALL, "direct": DIRECT, "cond": COND}


class Block:
    """One translated run: its entry, the addresses of the instructions it covers, and the
    generated function (``run(left) -> next TPC``); ``general``: for a loop with hoisted
    accesses, the code it falls back to (see :func:`translate`)."""

    __slots__ = ("entry", "pcs", "run", "source", "general", "stops")

    def __init__(self, entry: int, pcs: tuple[int, ...], run: Callable[[int], int], source: str) -> None:
        self.entry, self.pcs, self.run, self.source = entry, pcs, run, source
        self.general: _Fallback | None = None
        self.stops: tuple = ()  # the stop addresses it holds with their guards (core.blockcache)


class _Open(NamedTuple):
    """A block the translated code opened itself (virtual block state)."""

    pc: int
    kind: int
    transfer: int
    bpcn: int
    seq: int
    ret: int
    desc: Descriptor  # the descriptor its BSTART installs (Machine.bdesc)


def materialize(m: Machine, b: _Open, setc_done: bool, taken: bool) -> None:
    """Write a virtual block into the machine as BeginBundleAt (and a SETC, when one ran)
    would have left it (:func:`ptodbg.core.semantics.blocks.begin_block`)."""
    m.blk = True
    m.sys_pending = False
    m.header = ()
    m.bdesc = b.desc
    m.bkind = b.kind
    if b.kind == KIND_SYS:
        m.btype, m.bpcn = FALL, 0
        initial = False
    else:
        m.btype, m.bpcn = b.transfer, b.bpcn
        initial = b.transfer != COND
    m.taken = taken if setc_done else initial
    m.cond_set = setc_done
    m.tgt_set = False
    m.bseq = b.seq
    m.frame_ret = b.ret
    m.bpc = b.pc
    m.hdr_end = b.seq


def _bstart_facts(form: Form, v: dict[str, int], pc: int, size: int) -> _Open | None:
    """The block a BSTART form opens, when a translation can keep it virtual (STD/FP/SYS
    blocks of type FALL, DIRECT, COND and CALL with an even target)."""
    name = form.mnemonic
    if name not in _BSTARTS:
        return None
    kind = KIND_SYS if name.endswith(".SYS") else KIND_FP if name.endswith(".FP") else KIND_STD
    seq = pc + size
    desc = descriptor_of(form, v)
    if name == "BSTART.CALL":
        target = (pc + 2 * v["simm12"]) & ((1 << 64) - 1)
        ret = (pc + size - 2 + 2 * v["uimm5"]) & ((1 << 64) - 1)
        return None if target & 1 else _Open(pc, kind, CALL, target, seq, ret, desc)
    if kind == KIND_SYS:
        return _Open(pc, kind, FALL, 0, seq, seq, desc)
    if "BrType" in v:
        transfer = {1: FALL}.get(v["BrType"])
    else:
        transfer = _KEYWORD_TRANSFER.get(form.syntax.split()[1].rstrip(","))
    if transfer is None:
        return None
    offset = next((v[f] for f in ("simm25", "simm17", "simm12") if f in v), None)
    target = seq if transfer == FALL or offset is None else (pc + 2 * offset) & ((1 << 64) - 1)
    return None if target & 1 else _Open(pc, kind, transfer, target, seq, seq, desc)


class _Insn(NamedTuple):
    pc: int
    form: Form
    values: dict[str, int]
    size: int
    op: Op | None
    need_t: int
    need_u: int
    placement: object


class _Gen:
    """The generator of one block's source."""

    def __init__(self, m: Machine, entry: int) -> None:
        self.m = m
        self.entry = entry
        self.lines: list[str] = []
        self.line_index: dict[int, int] = {}  # source line -> instruction index (~index: a call)
        self.objects: dict[int, tuple[str, object]] = {}
        self.regs: set[int] = set()
        self.uses_ca = False
        self.state_at: list[tuple[_Open, bool] | None] = []  # virtual state before each insn
        self.pcs: list[int] = []
        self.entry_open: _Open | None = None
        self.entry_handler: object = None
        self.written: set[int] = set()  # GPRs the code assigns (outside calls)
        self.calls = False  # whether any instruction runs as a call of its handler
        self.loops = False  # whether the code branches back to its entry
        # Loop-invariant GPRs whose accesses may be hoisted (None: no hoisting), and
        # the prologue the hoisted accesses need (see _Translation.hoisted)
        self.invariant: frozenset[int] | None = None
        self.prologue: list[str] = []

    # ------------------------------------------------------------ helpers
    def bind(self, obj: object) -> str:
        got = self.objects.get(id(obj))
        if got is None:
            got = self.objects[id(obj)] = (f"k{len(self.objects)}", obj)
        return got[0]

    def read(self, code: int) -> str:
        if code == 0:
            return "0"
        if code < GPR_COUNT:
            self.regs.add(code)
            return f"x{code}"
        return f"r[{code}]"

    def write(self, code: int | None, expr: str) -> list[str]:
        kind = dest_kind(code)
        if kind == "gpr":
            self.regs.add(code)  # type: ignore[arg-type]
            self.written.add(code)  # type: ignore[arg-type]
            return [f"x{code} = {expr}"]
        if kind in ("t", "u"):
            return push_lines(kind, expr)
        return []

    def emit(self, index: int, lines: list[str]) -> None:
        """Append the lines of instruction ``index`` (``~index``: lines of a call, whose
        faults leave the registers in the machine, not in locals)."""
        for line in lines:
            self.lines.append(line)
            self.line_index[len(self.lines)] = index


def _prepare(m: Machine, pc: int) -> _Insn | None:
    """What the translation needs to know of the instruction at ``pc``; None when the run
    must end before it."""
    decode = m.decode
    got = decode.try_decode(pc)
    if got is None:
        return None
    form, insn, length = got
    if form is None:
        return None
    values = form.values(insn)
    if form.violation(values) is not None or not decode.executes(form):
        return None
    decode.handler_at(pc)  # builds it (the generic call uses it), and learns PreciseOnly
    if decode.precise_at(pc) is not None:
        return None
    size = length // 8
    op = None
    shape = shape_of(form.mnemonic)
    if shape is not None:
        got_op = shape(m, form, values, size)
        op = got_op if isinstance(got_op, Op) else None
    placement, need_t, need_u = decode.guards(form, values)
    return _Insn(pc, form, values, size, op, need_t, need_u, placement)


def translate(m: Machine, entry: int) -> Block | None:
    """The block starting at ``entry``, or None when no useful run starts there.

    A loop that calls no handler is walked a second time with the GPRs it never writes
    declared invariant: its memory accesses on invariant addresses are hoisted (their
    probes run once per call, before the loop; :class:`~ptodbg.core.semantics.shapes.Hoist`).
    That block falls back to the general one, compiled on first need, when a probe fails."""
    g = _Translation(m, entry).walk()
    if g is None:
        return None
    if g.loops and not g.calls:
        invariant = frozenset(range(1, GPR_COUNT)) - g.written
        h = _Translation(m, entry, invariant).walk()
        if h is not None and h.prologue and h.pcs == g.pcs:
            general = _Fallback(m, g)
            block = _assemble(m, h, general)
            block.general = general
            return block
    return _assemble(m, g)


class _Fallback:
    """The general code of a loop with hoisted accesses, compiled when a probe first fails
    (a loop whose probes always pass never pays for it)."""

    __slots__ = ("m", "g", "block")

    def __init__(self, m: Machine, g: _Gen) -> None:
        self.m, self.g = m, g
        self.block: Block | None = None

    def __call__(self, left: int) -> int:
        if self.block is None:
            self.block = _assemble(self.m, self.g)
        return self.block.run(left)


class _Translation:
    """Follows the instructions from ``entry`` and generates their code (see the module
    docstring).  ``state`` is what the code knows of the machine's block state at the
    current instruction: "unknown" (it is in the machine), "open" (a block this code
    opened, held in locals: ``open_``, ``setc_done`` and the local ``tk``) or "closed"
    (no block open, and the machine's block fields untouched since the entry check)."""

    def __init__(self, m: Machine, entry: int, invariant: frozenset[int] | None = None) -> None:
        self.m = m
        self.entry = entry
        self.g = _Gen(m, entry)
        self.g.invariant = invariant
        self.state = "unknown"
        self.open_: _Open | None = None
        self.setc_done = False

    # ------------------------------------------------------------ exits
    def exit_lines(self, target: int | str, executed: int, may_loop: bool = True) -> list[str]:
        """Lines that end the iteration after ``executed`` attempts and continue at
        ``target``: back to the start when that is the entry and the state the entry
        assumed holds again (and the budget allows another iteration), else out."""
        lines = [f"n += {executed}"]
        if may_loop and target == self.entry and self.can_loop():
            self.g.loops = True
            lines += ["if n <= last:", "    continue"]  # last: see _assemble
        return lines + [f"nxt = {target}", "break"]

    def can_loop(self) -> bool:
        # A run that opens a virtual block at its entry needs the block closed again (the
        # machine's fields untouched, as the entry check saw them); otherwise the entry
        # instruction reads the machine, which is up to date unless a block is virtual.
        if self.g.entry_open is not None:
            return self.state == "closed"
        return self.state != "open"

    def materialize_lines(self) -> list[str]:
        """Lines writing the virtual open block into the machine (before a call or an exit
        that leaves it open)."""
        if self.state != "open":
            return []
        return _materialize_lines(self.g, self.open_, self.setc_done)  # type: ignore[arg-type]

    # ------------------------------------------------------------ the walk
    def walk(self) -> _Gen | None:
        """Follow and generate the run; None when no instruction can be in it."""
        m, g = self.m, self.g
        pc = self.entry
        index = 0
        ended = False
        guards = m.stop_guards
        while index < MAX_INSNS and not ended:
            guard = guards.get(pc)
            if index and pc in m.stop_pcs and guard is None:
                break
            insn = _prepare(m, pc)
            if insn is None:
                break
            g.pcs.append(pc)
            g.state_at.append((self.open_, self.setc_done) if self.state == "open" else None)
            mark = len(g.lines)
            if guard is not None:  # the stop before it, where its guard holds (core.stopguard)
                g.emit(index, [f"if {guard.source(g.read)}:", f"    raise {g.bind(StopAtPC)}()"])
            ended = self.instruction(insn, index)
            if ended is STOP_BEFORE:
                g.pcs.pop()
                g.state_at.pop()
                del g.lines[mark:]
                for line in range(mark + 1, len(g.line_index) + 1):
                    g.line_index.pop(line, None)
                ended = False
                break
            index += 1
            pc += insn.size
        if not g.pcs:
            return None
        if not ended:
            last = len(g.pcs) - 1
            g.emit(last, self.materialize_lines() + self.exit_lines(pc, len(g.pcs), may_loop=False))
        return g

    def instruction(self, insn: _Insn, k: int) -> bool | None:
        """Emit instruction ``k``; True when the run ends with it, STOP_BEFORE when it
        must end before it (nothing emitted)."""
        pc = insn.pc
        nxt_seq = pc + insn.size
        name = insn.form.mnemonic
        facts = _bstart_facts(insn.form, insn.values, pc, insn.size)
        if facts is not None and (self.state != "unknown" or k == 0):
            return self.bstart(facts, k, pc)
        if name in _BSTOPS and self.state == "open":
            return self.bstop(k, nxt_seq)
        if name in _BSTOPS and self.state == "closed":
            return STOP_BEFORE  # no block is open: it faults, on the per-instruction path
        op = insn.op
        if op is not None and op.shape.kind == "cond":
            if self.setc(insn, op, k):
                return False
        elif op is not None and insn.placement is None:
            return self.shaped(insn, op, k)
        return self.call(insn, k, nxt_seq)

    def bstart(self, facts: _Open, k: int, pc: int) -> bool:
        g = self.g
        if self.state == "unknown":  # the run's first instruction: checked at entry
            g.entry_open = facts
            g.entry_handler = self.m.decode.handler_at(pc)
        elif self.state == "open":
            # A BSTART retires the open block first (docs/architecture-notes.md §7.2, ptodbg choice): a commit
            # that selects another PC transfers there and opens nothing.  (IND and ICALL
            # starts, which always open their block, are never kept virtual: they are
            # calls of their handler.)
            b = self.open_
            assert b is not None
            if b.kind != KIND_SYS and b.bpcn != pc:
                if b.transfer in SELECTS_BPCN:
                    self.state = "closed"
                    g.emit(k, self.exit_lines(b.bpcn, k + 1))
                    return True
                if b.transfer == COND:
                    self.state = "closed"
                    g.emit(k, [f"if {self.taken()}:"] + ["    " + s for s in self.exit_lines(b.bpcn, k + 1)])
                    if b.bpcn == self.entry and self.can_loop():
                        # A loop's back edge: the way out (this BSTART opening its block)
                        # runs once and is not worth compiling further.
                        self.state, self.open_, self.setc_done = "open", facts, False
                        g.emit(k, self._start_lines(facts) + self.materialize_lines()
                               + self.exit_lines(facts.seq, k + 1, may_loop=False))
                        return True
        self.state, self.open_, self.setc_done = "open", facts, False
        g.emit(k, self._start_lines(facts))
        return False

    def _start_lines(self, facts: _Open) -> list[str]:
        """What opening a virtual block writes now: a call's return address (R10 and LRA,
        begin.asl).  (A COND block's TAKEN starts false: the local ``tk`` is read only
        after an inline SETC set it, see :meth:`taken`.)"""
        lines = []
        if facts.transfer == CALL:
            self.g.regs.add(RA)
            self.g.written.add(RA)
            lines += [f"x{RA} = {facts.ret}", f"m.lra = {facts.ret}"]
        return lines

    def taken(self) -> str:
        """The open virtual COND block's TAKEN: the local ``tk`` once an inline SETC set
        it, else the initial false (then the taken way is dead code)."""
        return "tk" if self.setc_done else "False"

    def bstop(self, k: int, nxt_seq: int) -> bool:
        g, b = self.g, self.open_
        assert b is not None
        taken = self.taken()
        self.state, self.open_, self.setc_done = "closed", None, False
        if b.kind == KIND_SYS or b.transfer == FALL:
            return False
        if b.transfer in SELECTS_BPCN:
            g.emit(k, self.exit_lines(b.bpcn, k + 1))
            return True
        # COND: TAKEN goes to BPCN, otherwise on to the next instruction - except after a
        # loop's back edge, where the way out runs once and is not worth compiling.
        g.emit(k, [f"if {taken}:"] + ["    " + s for s in self.exit_lines(b.bpcn, k + 1)])
        if b.bpcn == self.entry and self.can_loop():
            g.emit(k, self.exit_lines(nxt_seq, k + 1, may_loop=False))
            return True
        return False

    def setc(self, insn: _Insn, op: Op, k: int) -> bool:
        """A condition setter this code can do inline; False: it is the generic call's."""
        g, pc = self.g, insn.pc
        b = self.open_
        if self.state == "open" and b is not None and b.transfer == COND and b.kind != KIND_SYS \
                and not self.setc_done and insn.placement is in_cond_block:
            lines, cond = op.block_lines(pc, g.read, g.write, g.bind, "")
            g.emit(k, _queue_check(insn, pc) + lines + [f"tk = {cond}", "ca = 1 if tk else 0"])
            g.uses_ca = True
            self.setc_done = True
            return True
        if self.state == "unknown" and insn.placement is in_cond_block:
            lines, cond = op.block_lines(pc, g.read, g.write, g.bind, "")
            rule = g.bind(in_cond_block)
            g.emit(k, [
                f"if not m.blk or m.btype != {COND} or m.cond_set:",
                f"    {rule}(m, {pc})",
                *_queue_check(insn, pc), *lines,
                f"_c = {cond}", "m.commit_arg = ca = 1 if _c else 0", "m.taken = _c", "m.cond_set = True",
            ])
            g.uses_ca = True
            return True
        return False

    def shaped(self, insn: _Insn, op: Op, k: int) -> bool:
        g, pc = self.g, insn.pc
        nxt_seq = pc + insn.size
        slow_exit = "; ".join(self.materialize_lines() + self.exit_lines(nxt_seq, k + 1, may_loop=False))
        hoisted = self.hoisted(op, pc, k)
        if hoisted is not None:
            lines, result = hoisted
        else:
            lines, result = op.block_lines(pc, g.read, g.write, g.bind, slow_exit)
        out = _queue_check(insn, pc) + lines
        if op.shape.kind == "value":
            out += g.write(op.dest, result)  # type: ignore[arg-type]
        if hoisted is None:
            out += [line.replace("{exit}", slow_exit) for line in op.shape.after]
        g.emit(k, out)
        if op.shape.next is None:
            return False
        # A jump ends the run; J's static target back to the entry loops.  (Leaving with a
        # virtual block open writes it into the machine first; a loop never has one.)
        target: int | str = "_t"
        if op.shape is J_SHAPE:
            target = (pc + op.consts["off"]) & ((1 << 64) - 1)  # type: ignore[operator]
        else:
            g.emit(k, [f"_t = {op.next_expr(pc, g.read, g.bind)}"])
        g.emit(k, self.materialize_lines() + self.exit_lines(target, k + 1))
        return True

    def hoisted(self, op: Op, pc: int, k: int) -> tuple[list[str], str | None] | None:
        """(statements, result) of a memory access hoisted out of a loop
        (:class:`~ptodbg.core.semantics.shapes.Hoist`), its probe added to the prologue;
        None when it is not hoisted: no invariant set (the first walk), no hoisted form,
        or an address source the loop writes (or a T/U queue slot)."""
        g = self.g
        hoist = op.shape.hoist
        if g.invariant is None or hoist is None:
            return None
        if any(op.srcs[hole] not in g.invariant for hole in hoist.needs):
            return None
        prologue, lines, result = op.hoisted_lines(pc, k, g.read, g.bind, "return general(left)")
        g.prologue += prologue
        return lines, result

    def call(self, insn: _Insn, k: int, nxt_seq: int) -> bool:
        """The per-instruction handler as a call: locals go to the machine first and come
        back after; a next TPC other than the fall-through ends the iteration there.  A
        virtual block goes to the machine only for the instructions that read or write
        block state (commands, placement-checked forms); the others keep it."""
        g = self.g
        name = insn.form.mnemonic
        g.calls = True
        h = g.bind(self.m.decode.handler_at(insn.pc))
        touches_block = insn.form.surface != "scalar" or insn.placement is not None
        pre = self.materialize_lines() if touches_block else []
        g.emit(k, pre + ["#sync-out"])
        g.emit(~k, [f"_t = {h}({insn.pc})"])
        if touches_block:
            self.state, self.open_, self.setc_done = "unknown", None, False
            if name in _BSTOPS:
                self.state = "closed"  # a BSTOP that returns closed the block (reset fields)
        exits = self.exit_lines("_t", k + 1)
        if self.state == "open":  # leaving with the block still virtual
            exits = self.materialize_lines() + exits
        # a watchpoint the call hit ends the block after it (the run loop stops there)
        hits = g.bind(self.m.mem.watch_hits)
        g.emit(k, ["#sync-in", f"if _t != {nxt_seq} or {hits}:"] + ["    " + s for s in exits])
        return name in _ALWAYS_FAULT


def _queue_check(insn: _Insn, pc: int) -> list[str]:
    """T/U availability of the Reg5 sources (ScalarSourceSelectorLegal), before anything."""
    if not (insn.need_t or insn.need_u):
        return []
    tests = [f"m.{name} & {need} != {need}" for name, need in (("t_valid", insn.need_t), ("u_valid", insn.need_u))
             if need]
    return [f"if {' or '.join(tests)}:", f"    raise queue_fault({pc})"]


def _materialize_lines(g: _Gen, b: _Open, setc_done: bool) -> list[str]:
    return [f"{g.bind(materialize)}(m, {g.bind(b)}, {setc_done}, {'tk' if setc_done else 'False'})"]


_BODY = " " * 16  # the indentation of instruction code inside ``try: while True:``


def _assemble(m: Machine, g: _Gen, general: _Fallback | None = None) -> Block:
    """Wrap the instruction lines into the block function and compile it (with the
    hoisted accesses' prologue and ``general``, their fallback, when there are some)."""
    regs = sorted(g.regs)
    load = [f"x{c} = r[{c}]" for c in regs]
    store = [f"r[{c}] = x{c}" for c in regs]
    if g.uses_ca:
        load.append("ca = m.commit_arg")
        store.append("m.commit_arg = ca")
    pcs = g.bind(tuple(g.pcs))
    states = g.bind(tuple(g.state_at))
    mat = g.bind(materialize)
    entry: list[str] = []
    if g.entry_open is not None:
        h0 = g.bind(g.entry_handler)
        entry = [
            "        if m.blk:  # the first BSTART retires an open block: its own handler",
            "            try:",
            f"                _t = {h0}({g.entry})",
            "            except BaseException:",
            f"                m.fault_at = {g.entry}",
            "                raise",
            "            m.steps += 1",
            "            return _t",
        ]
    written = 0  # the GPRs its instructions may write: ORed once per call (core.writeset)
    for p in g.pcs:
        written |= m.decode.write_mask(p)
    src = ["def make(m, r, " + ", ".join(name for name, _ in g.objects.values()) + "):", "    def block(left):"]
    guard = m.stop_guards.get(g.entry)
    if guard is not None:  # before the entry's own handler runs a retiring BSTART
        src += [f"        if {guard.source(lambda code: f'r[{code}]')}:", f"            raise {g.bind(StopAtPC)}()"]
        src[0] = "def make(m, r, " + ", ".join(name for name, _ in g.objects.values()) + "):"
    src += [f"        m.wmask |= {written}", *entry]
    src += [f"        {line}" for line in load]
    if general is not None:
        g.objects[id(general)] = ("general", general)
        src[0] = "def make(m, r, " + ", ".join(name for name, _ in g.objects.values()) + "):"
        src += [f"        {line}" for line in g.prologue]
    # ``last``: one more iteration fits while the attempts made leave as many as the run
    # has instructions (no path through it executes more)
    src += ["        n = 0", "        last = left - ITERATION", "        tk = False", "        try:",
            "            while True:"]
    lines_of: dict[int, int] = {}
    for i, line in enumerate(g.lines, start=1):
        text = line.strip()
        indent = line[: len(line) - len(line.lstrip())]
        expanded = store if text == "#sync-out" else load if text == "#sync-in" else [text]
        for piece in expanded:
            src.append(_BODY + indent + piece)
            lines_of[len(src)] = g.line_index[i]
    src += [
        "        except BaseException as e:",
        "            _i = LINES.get(e.__traceback__.tb_lineno)",
        "            if _i is None:",
        "                raise",
        "            if _i >= 0:  # raised by inline code: the locals are the state before it",
        *[f"                {s}" for s in store or ["pass"]],
        "            else:  # raised by a called handler: the registers are up to date",
        "                _i = ~_i",
        f"            _s = {states}[_i]",
        "            if _s is not None:  # a block the code kept virtual",
        f"                {mat}(m, _s[0], _s[1], tk)",
        "            m.steps += n + _i",
        f"            m.fault_at = {pcs}[_i]",
        "            raise",
        *[f"        {s}" for s in store],
        "        m.steps += n",
        "        return nxt",
        "    return block",
    ]
    text = "\n".join(src).replace("ITERATION", str(len(g.pcs))) + "\n"
    namespace = dict(NAMESPACE)
    namespace["LINES"] = lines_of
    exec(compile(text, f"<block {g.entry:#x}>", "exec"), namespace)  # noqa: S102 - our own shapes
    run = namespace["make"](m, m.r, *(obj for _, obj in g.objects.values()))
    return Block(g.entry, tuple(g.pcs), run, text)
