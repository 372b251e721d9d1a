"""Random *valid* PTO programs for property tests of the debugger engine.

:func:`programs` is a hypothesis strategy of :class:`RandomProgram` s: assembly text (DESIGN.md
§7 syntax, assembled by :mod:`ptodbg.isa.asm`) plus a seed for the contents of a two-page
data area.  Every program is deterministic, terminates, and ends with the trap stop of
``c.bstart.sys; c.ebreak 0`` (SW_BREAKPOINT, CORE.md §5.4): no other trap can happen,
because the generator only writes what it can prove legal at generation time:

* data accesses go to the data area (label ``data``, 0x2000 bytes, rw-) through pointer
  registers whose values are known: s0 = data, s1 = data + 0x1000, and s4..s8 set by an
  ADDI/HL.LIU right before their use; offsets are in range and naturally aligned
  (ProbeDataAccess, CORE.md §3.2; DMA needs no alignment);
* a T#k / U#k source is used only where at least k pushes are certain (queues only grow,
  CORE.md §1.3, so a lower bound of the valid count is tracked through loops, skipped
  code and calls); C.SDI reads T#1 implicitly;
* SETC appears only as the single condition setter of a COND block body (CORE.md §1.7);
  loops are COND blocks whose BSTOP branches back to their own BSTART with a counter in
  s2 (trip count 1..40); forward COND blocks skip code on a data-dependent condition;
* calls are SETRET + J or SETRET + JR to functions placed after the final EBREAK, which
  return with ``jr ra, 0`` (CORE.md §1.9) and never touch ra or the pointer registers.

The executable subset covered: ADDI/SUBI/ANDI/ORI/XORI, ADD/SUB/AND/OR/XOR with their
SrcR modifiers and shifts, SLL/SRL/SRA and the immediate shifts, MUL, DIV/DIVU/REM/REMU
(zero divisors included), LUI, HL.LIS/HL.LIU, C.ADDI/C.MOVI/C.MOVR/C.ADD/C.SUB,
LDI/LWI/LWUI/LBI/LBUI/SDI/SWI/SBI, C.LDI/C.SDI, LD/LW/LB/SD/SW/SB with AGU modifiers,
DMA (overlapping and page-crossing), LR/SC in both widths with order suffixes, COND blocks
with SETC.LTI/LTU/NE/EQ/LT, SETRET, J, JR and the SYS-block EBREAK.

``programs(rich=True)`` (the core's translated-vs-per-instruction differential test)
adds more of what compiled code uses - CMP.*, CSEL, MIN/MAXU, the W forms, BXU/BXS, MADD,
HL.ADDI/HL.SUBI, ADDTPC, C.SEXT/C.ZEXT, C.SLLI/C.SRLI, C.CMP.EQI, C.AND/C.OR, LHI/LHUI/SHI,
LWU/LBU, the other SETC forms (GE, ANDI, GEUI, C.SETC.EQ, HL.SETC.LTI), calls through a
BSTART.CALL block - and code that writes its own page: a 256-byte pool placed in the text
(loads, stores and DMA with their cell next to the code; pointer x3), and *patch slots*,
ADDI instructions that the program rewrites with other valid ALU instructions while it
runs (self-modifying code; x1 and x2 are the patch temporaries).  Its machine maps the
text pages rwx (:meth:`RandomProgram.machine` with ``writable_code``).  Rich programs use
x0 and a0..a7 as scratch.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from hypothesis import strategies as st

from ptodbg.core import DEBUG, Machine, R, W, X, loader
from ptodbg.core.snapshot import SCALAR_FIELDS
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.engine.symbols import Symbols
from ptodbg.isa.asm import assemble
from ptodbg.isa.elf import Program, parse_program
from ptodbg.isa.forms import SCALAR_FORMS
from ptodbg.isa.registers import REG_INDEX

DATA_SIZE = 0x2000
POOL_SIZE = 256  # rich programs: data in the text pages
SCRATCH = ("a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "x0", "x1", "x2", "x3")
RICH_SCRATCH = ("a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "x0")
POOL, PATCH_ADDR, PATCH_WORD = "x3", "x2", "x1"
# Pointer and control registers the random items never write (see the module docstring).
P0, P1, CNT, LIM, IDX, DMA_SRC, DMA_DST, LR_ADDR, FN = "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"


@dataclass(frozen=True)
class RandomProgram:
    """One generated program: its source and the seed of its data bytes."""

    text: str
    data_seed: int

    def program(self) -> Program:
        return _assembled(self.text)

    def machine(self, writable_code: bool = False) -> Machine:
        """A debug-profile machine with the program loaded and the data area filled;
        ``writable_code`` maps the text pages rwx (what rich programs need)."""
        m = Machine(DEBUG)
        prog = self.program()
        loader.load(m, prog)
        m.mem.poke(self.data_address, data_bytes(self.data_seed))
        if writable_code:
            for seg in prog.segments:
                if seg.flags & 1:  # PF_X
                    m.mem.set_perms(seg.vaddr, max(seg.memsz, 1), R | W | X)
        return m

    def debugger(self, **options) -> Debugger:
        prog = self.program()
        symbols = {s.name: s.value for s in prog.symbols if s.name}
        return Debugger(self.machine(), Symbols(symbols, {}), **options)

    @property
    def data_address(self) -> int:
        return self.program().symbol("data").value

    @property
    def ebreak_address(self) -> int:
        return self.program().symbol("end").value + 2

    def __str__(self) -> str:  # hypothesis prints the failing example this way
        return f"RandomProgram(data_seed={self.data_seed}):\n{self.text}"


@lru_cache(maxsize=256)
def _assembled(text: str) -> Program:
    return parse_program(assemble(text, "<random>"), "<random>")


def data_bytes(seed: int) -> bytes:
    return random.Random(seed).randbytes(DATA_SIZE)


class _Builder:
    """Emits lines while tracking a lower bound of the valid T/U queue counts."""

    def __init__(self, draw, prefix: str, rich: bool = False, slots: list[str] | None = None) -> None:
        self.draw = draw
        self.prefix = prefix
        self.rich = rich
        self.scratch = RICH_SCRATCH if rich else SCRATCH
        self.slots = slots if slots is not None else []  # rich: patch slot labels
        self.emitted: set[str] = set()
        self.lines: list[str] = []
        self.tq = 0
        self.uq = 0
        self.labels = 0

    # ------------------------------------------------------------ helpers
    def pick(self, seq):
        return self.draw(st.sampled_from(seq))

    def int(self, lo: int, hi: int) -> int:
        return self.draw(st.integers(lo, hi))

    def emit(self, line: str) -> None:
        self.lines.append("    " + line)

    def label(self) -> str:
        self.labels += 1
        return f"{self.prefix}{self.labels}"

    def pushed(self, dest: str) -> None:
        if dest == "t":
            self.tq = min(4, self.tq + 1)
        elif dest == "u":
            self.uq = min(4, self.uq + 1)

    def src(self) -> str:
        """A readable source: scratch GPRs, zero, the data pointers, valid queue slots."""
        choices = list(self.scratch) + ["zero", P0]
        choices += [f"t#{k}" for k in range(1, self.tq + 1)]
        choices += [f"u#{k}" for k in range(1, self.uq + 1)]
        return self.pick(choices)

    def dest(self) -> str:
        return self.pick(self.scratch + ("t", "u", "zero"))

    def set_pointer(self, reg: str, offset: int) -> None:
        """reg := data + offset (0 <= offset < DATA_SIZE + 64), with one ADDI."""
        if offset < 0x1000:
            self.emit(f"addi {P0}, {offset}, ->{reg}")
        else:
            self.emit(f"addi {P1}, {offset - 0x1000}, ->{reg}")

    # ---------------------------------------------------------------- ALU
    def alu(self) -> None:
        kind = self.int(0, 11 + (8 if self.rich else 0))
        if kind > 11:
            return self.alu_rich(kind - 12)
        s = self.src()
        if kind == 0:
            op = self.pick(("addi", "subi"))
            line, d = f"{op} {s}, {self.int(0, 4095)}, ", self.dest()
        elif kind == 1:
            op = self.pick(("andi", "ori", "xori"))
            line, d = f"{op} {s}, {self.int(-2048, 2047)}, ", self.dest()
        elif kind == 2:
            op = self.pick(("slli", "srli", "srai"))
            line, d = f"{op} {s}, {self.int(0, 63)}, ", self.dest()
        elif kind == 3:
            op = self.pick(("add", "sub", "and", "or", "xor"))
            mods = ("", ".sw", ".uw", ".neg") if op in ("add", "sub") else ("", ".sw", ".uw", ".not")
            sh = self.int(0, 31) if self.draw(st.booleans()) else 0
            line = f"{op} {s}, {self.src()}{self.pick(mods)}{f'<<{sh}' if sh else ''}, "
            d = self.dest()
        elif kind == 4:
            op = self.pick(("sll", "srl", "sra", "mul"))
            line, d = f"{op} {s}, {self.src()}, ", self.dest()
        elif kind == 5:  # division, by zero a third of the time
            op = self.pick(("div", "divu", "rem", "remu"))
            divisor = "zero" if self.int(0, 2) == 0 else self.src()
            line, d = f"{op} {s}, {divisor}, ", self.dest()
        elif kind == 6:
            line, d = f"c.addi {s}, {self.int(-16, 15)}, ", "t"
        elif kind == 7:
            line, d = f"c.movi {self.int(-16, 15)}, ", self.dest()
        elif kind == 8:
            line, d = f"c.movr {s}, ", self.dest()
        elif kind == 9:
            line, d = f"{self.pick(('c.add', 'c.sub'))} {s}, {self.src()}, ", "t"
        elif kind == 10:
            if self.draw(st.booleans()):
                line = f"hl.lis {self.int(-(1 << 31), (1 << 31) - 1)}, "
            else:
                line = f"hl.liu {self.int(0, (1 << 32) - 1)}, "
            d = self.dest()
        else:
            line, d = f"lui {self.int(-(1 << 19), (1 << 19) - 1)}, ", self.dest()
        self.emit(line + f"->{d}")
        self.pushed(d)

    def alu_rich(self, kind: int) -> None:
        """Forms compiled code uses beyond the basic subset (rich programs)."""
        s = self.src()
        if kind == 0:
            op = self.pick(("cmp.eq", "cmp.ne", "cmp.lt", "cmp.ltu", "cmp.and"))
            mod = self.pick(("", ".sw", ".uw", ".not" if op == "cmp.and" else ".neg"))
            line, d = f"{op} {s}, {self.src()}{mod}, ", self.dest()
        elif kind == 1:
            op = self.pick(("cmp.eqi", "cmp.gei", "cmp.andi", "cmp.ltui", "hl.cmp.lti"))
            imm = self.int(0, 4095) if op == "cmp.ltui" else self.int(-2048, 2047)
            line, d = f"{op} {s}, {imm}, ", self.dest()
        elif kind == 2:
            line = f"csel {self.src()}, {s}, {self.src()}{self.pick(('', '.neg'))}, "
            d = self.dest()
        elif kind == 3:
            op = self.pick(("min", "maxu", "mulw", "divw", "remuw", "sllw", "madd"))
            third = f", {self.src()}" if op == "madd" else ""
            line, d = f"{op} {s}, {self.src()}{third}, ", self.dest()
        elif kind == 4:
            op = self.pick(("addw", "subw", "xorw"))
            mods = ("", ".sw", ".uw", ".not" if op == "xorw" else ".neg")
            sh = self.int(0, 31) if self.draw(st.booleans()) else 0
            line = f"{op} {s}, {self.src()}{self.pick(mods)}{f'<<{sh}' if sh else ''}, "
            d = self.dest()
        elif kind == 5:
            op = self.pick(("bxu", "bxs", "subiw", "sraiw", "hl.addi", "hl.subi", "addtpc"))
            if op in ("bxu", "bxs"):
                line = f"{op} {s}, {self.int(0, 63)}, {self.int(1, 64)}, "
            elif op == "subiw":
                line = f"subiw {s}, {self.int(0, 4095)}, "
            elif op == "sraiw":
                line = f"sraiw {s}, {self.int(0, 31)}, "
            elif op == "addtpc":
                line = f"addtpc {self.int(-1000, 1000)}, "
            else:
                line = f"{op} {s}, {self.int(0, (1 << 24) - 1)}, "
            d = self.pick(self.scratch + ("t", "u")) if op == "addtpc" else self.dest()
        elif kind == 6:
            op = self.pick(("c.sext.b", "c.sext.h", "c.zext.w", "c.and", "c.or"))
            line = f"{op} {s}, {self.src()}, " if op in ("c.and", "c.or") else f"{op} {s}, "
            d = "t"
        else:
            if self.tq >= 1:
                op = self.pick(("c.slli", "c.srli"))
                line = f"{op} t#1, {self.int(0, 31)}, "
            else:
                line = f"c.cmp.eqi t#1, {self.int(-16, 15)}, "  # reads T#1 unchecked (§7.5)
            d = "t"
        self.emit(line + f"->{d}")
        self.pushed(d)

    # ------------------------------------------------------------- code writes
    def pool(self) -> None:
        """A load, store or DMA whose cell is in the 256-byte pool after the code (the
        store-cliff case: data in a page that holds code)."""
        kind = self.int(0, 4)
        if kind == 0:
            size = self.pick((8, 4, 2, 1))
            off = self.int(0, POOL_SIZE // size - 1) * size
            op = {8: "sdi", 4: "swi", 2: "shi", 1: "sbi"}[size]
            self.emit(f"{op} {self.src()}, [{POOL}, {off}]")
        elif kind == 1:
            size = self.pick((8, 4, 2, 1))
            off = self.int(0, POOL_SIZE // size - 1) * size
            op = self.pick({8: ("ldi",), 4: ("lwi", "lwui"), 2: ("lhi", "lhui"), 1: ("lbi", "lbui")}[size])
            d = self.dest()
            self.emit(f"{op} [{POOL}, {off}], ->{d}")
            self.pushed(d)
        elif kind == 2:
            self.emit(f"addi {POOL}, {self.int(0, POOL_SIZE - 64)}, ->{DMA_SRC}")
            self.set_pointer(DMA_DST, self.int(0, DATA_SIZE - 64))
            if self.draw(st.booleans()):
                self.emit(f"dma [{DMA_SRC}], {DMA_DST}")
            else:
                self.emit(f"dma [{DMA_DST}], {DMA_SRC}")
        else:
            self.patch()

    def patch(self) -> None:
        """Rewrite a patch slot with another valid ALU instruction (self-modifying code)."""
        fresh = [name for name in self.slots if name not in self.emitted]
        here = bool(fresh) and self.draw(st.booleans())  # rewrite the very next instruction
        if not self.slots:
            return
        slot = fresh[0] if here else self.pick(self.slots)
        self.emit(f"hl.liu {slot}, ->{PATCH_ADDR}")
        self.emit(f"hl.liu {self.draw(alu_words())}, ->{PATCH_WORD}")
        # Two halfword stores: a slot is only 2-byte aligned (the half-written word in
        # between is never executed).
        self.emit(f"shi {PATCH_WORD}, [{PATCH_ADDR}, 0]")
        self.emit(f"srli {PATCH_WORD}, 16, ->{PATCH_WORD}")
        self.emit(f"shi {PATCH_WORD}, [{PATCH_ADDR}, 2]")
        if here:
            self.slot()

    def slot(self) -> None:
        """Emit a patch slot not emitted yet (an ADDI the program may rewrite)."""
        free = [s for s in self.slots if s not in self.emitted]
        if not free:
            return
        name = free[0]
        self.emitted.add(name)
        self.lines.append(f"{name}:")
        self.emit(f"addi {self.pick(RICH_SCRATCH)}, {self.int(0, 4095)}, ->{self.pick(RICH_SCRATCH)}")

    # ------------------------------------------------------------- memory
    def mem(self) -> None:
        kind = self.int(0, 2)
        if kind == 0:
            self.mem_immediate()
        elif kind == 1:
            self.mem_register()
        else:
            self.mem_compressed()

    def mem_immediate(self) -> None:
        size = self.pick((8, 4, 1))
        store = self.draw(st.booleans())
        top = DATA_SIZE if size > 1 else 0x1800  # simm12 reach of the byte forms from s1
        off = self.int(0, top // size - 1) * size
        bases = [(P0, off)] if (size > 1 or off <= 2047) else []
        if -2048 * size <= off - 0x1000 <= 2047 * size:
            bases.append((P1, off - 0x1000))
        base, rel = self.pick(bases)
        if store:
            op = {8: "sdi", 4: "swi", 1: "sbi"}[size]
            self.emit(f"{op} {self.src()}, [{base}, {rel}]")
        else:
            op = self.pick({8: ("ldi",), 4: ("lwi", "lwui"), 1: ("lbi", "lbui")}[size])
            d = self.dest()
            self.emit(f"{op} [{base}, {rel}], ->{d}")
            self.pushed(d)

    def mem_register(self) -> None:
        """Register-offset forms: address = base + (mod(index) << shift) (CORE.md §3.3)."""
        size = self.pick((8, 4, 1))
        store = self.draw(st.booleans())
        negate = self.draw(st.booleans())
        # .neg from s1 reaches data + [0, 0x1000]; the other modifiers are the identity on
        # the small non-negative index, from s0.
        limit = 0x1000 if negate else DATA_SIZE - size
        off = self.int(0, limit // size) * size
        if off > DATA_SIZE - size:
            off = DATA_SIZE - size
        if store:
            shift = {8: 3, 4: 2, 1: 0}[size]
        else:
            shift = self.pick([s for s in range(4) if off % (1 << s) == 0 and (off >> s) <= 4095]
                              or [0])
        if negate:
            index, base, mod = (0x1000 - off) >> shift, P1, ".neg"
            if index << shift != 0x1000 - off or index > 4095:
                negate = False
        if not negate:
            index, base, mod = off >> shift, P0, self.pick(("", ".sw", ".uw"))
            if index > 4095:
                return self.mem_immediate()
        self.emit(f"addi zero, {index}, ->{IDX}")
        if store:
            op = {8: "sd", 4: "sw", 1: "sb"}[size]
            fixed = {8: "<<3", 4: "<<2", 1: ""}[size]
            self.emit(f"{op} {self.src()}, [{base}, {IDX}{mod}{fixed}]")
        else:
            op = {8: "ld", 4: "lw", 1: "lb"}[size]
            d = self.dest()
            self.emit(f"{op} [{base}, {IDX}{mod}{f'<<{shift}' if shift else ''}], ->{d}")
            self.pushed(d)

    def mem_compressed(self) -> None:
        """C.LDI pushes T; C.SDI stores T#1 (so it needs one valid T entry)."""
        base = self.pick((P0, P1))
        rel = self.int(0 if base == P0 else -16, 15) * 8
        if self.tq >= 1 and self.draw(st.booleans()):
            self.emit(f"c.sdi t#1, [{base}, {rel}]")
        else:
            self.emit(f"c.ldi [{base}, {rel}], ->t")
            self.pushed("t")

    def dma(self) -> None:
        """64-byte copies, alignment 1, anywhere in the data area; a third overlap."""
        src = self.int(0, DATA_SIZE - 64)
        if self.int(0, 2) == 0:
            dst = min(DATA_SIZE - 64, max(0, src + self.int(-63, 63)))
        else:
            dst = self.int(0, DATA_SIZE - 64)
        self.set_pointer(DMA_SRC, src)
        self.set_pointer(DMA_DST, dst)
        self.emit(f"dma [{DMA_SRC}], {DMA_DST}")

    def lr_sc(self) -> None:
        """LR, up to three items that may break the reservation, then SC to the same
        address, the same line or elsewhere (CORE.md §3.5)."""
        w = self.pick(("d", "w"))
        size = 8 if w == "d" else 4
        off = self.int(0, DATA_SIZE // size - 1) * size
        self.set_pointer(LR_ADDR, off)
        d = self.dest()
        order = self.pick(("", ".aq", ".rl", ".aqrl"))
        self.emit(f"lr.{w}{order} [{LR_ADDR}], ->{d}")
        self.pushed(d)
        for _ in range(self.int(0, 3)):
            self.simple(allow_lr=False)
        where = self.int(0, 2)
        if where == 0:
            off2 = off
        elif where == 1:
            off2 = (off & ~63) + self.int(0, 64 // size - 1) * size
        else:
            off2 = self.int(0, DATA_SIZE // size - 1) * size
        self.set_pointer(DMA_DST, off2)
        s, d = self.src(), self.dest()
        self.emit(f"sc.{w}{self.pick(('', '.aq', '.rl'))} {s}, [{DMA_DST}], ->{d}")
        self.pushed(d)

    # ------------------------------------------------------------- groups
    def simple(self, allow_lr: bool = True) -> None:
        """One straight-line item (no block, no call)."""
        kind = self.int(0, 9 if allow_lr else 8)
        if self.rich and self.int(0, 3) == 0:
            return self.slot() if self.int(0, 2) == 0 else self.pool()
        if kind <= 3:
            self.alu()
        elif kind <= 6:
            self.mem()
        elif kind <= 8:
            self.dma()
        else:
            self.lr_sc()

    def loop(self) -> None:
        """A COND block branching back to itself ``trips`` times (CORE.md §1.9 "Loop");
        one loop in four is long, so that histories hold many snapshots."""
        trips = self.int(1, 5) if self.int(0, 3) else self.int(6, 40)
        top = self.label()
        test = self.int(0, 2)
        self.emit(f"addi zero, 0, ->{CNT}")
        if test:
            self.emit(f"addi zero, {trips}, ->{LIM}")
        self.lines.append(f"{top}:")
        self.emit(f"bstart.std cond, {top}")
        if self.rich:
            self.mem()  # a data access in every rich loop: faults inside translated loops
        for _ in range(self.int(0, 4)):
            self.simple()
        self.emit(f"addi {CNT}, 1, ->{CNT}")
        self.emit((f"setc.lti {CNT}, {trips}", f"setc.ltu {CNT}, {LIM}", f"setc.ne {CNT}, {LIM}")[test])
        self.emit("bstop")

    def skip(self) -> None:
        """A COND block whose data-dependent SETC may jump over the code after it."""
        target = self.label()
        self.emit(f"bstart.std cond, {target}")
        for _ in range(self.int(0, 2)):
            self.simple()
        if self.rich and self.int(0, 1):
            kind = self.int(0, 4)
            if kind == 0:
                self.emit(f"setc.ge {self.src()}, {self.src()}{self.pick(('', '.sw', '.uw'))}")
            elif kind == 1:
                self.emit(f"setc.andi {self.src()}, {self.int(-2048, 2047)}<<{self.int(0, 31)}")
            elif kind == 2:
                self.emit(f"setc.geui {self.src()}, {self.int(0, 4095)}")
            elif kind == 3:
                self.emit(f"c.setc.eq {self.pick(self.scratch)}, {self.pick(self.scratch)}")
            else:
                self.emit(f"hl.setc.lti {self.src()}, {self.int(-(1 << 23), (1 << 23) - 1)}")
        elif self.draw(st.booleans()):
            rel = self.pick(("eq", "ne", "lt", "ltu"))
            self.emit(f"setc.{rel} {self.src()}, {self.src()}")
        else:
            self.emit(f"setc.lti {self.src()}, {self.int(-2048, 2047)}")
        self.emit("bstop")
        tq, uq = self.tq, self.uq
        for _ in range(self.int(1, 3)):
            self.simple()
        self.tq, self.uq = tq, uq  # the skipped code may not have run
        self.lines.append(f"{target}:")

    def call(self, functions: list[tuple[str, int, int]]) -> None:
        """SETRET + J, or SETRET + JR through a register holding the function's address."""
        name, pt, pu = self.pick(functions)
        back = self.label()
        if self.rich and self.draw(st.booleans()):
            self.emit(f"bstart.call {name}, {back}, ->ra")  # a CALL block (CORE.md §1.9)
            self.emit("c.bstop")
        elif self.draw(st.booleans()):
            self.emit(f"setret {back}, ->ra")
            self.emit(f"j {name}")
        else:
            self.emit(f"hl.liu {name}, ->{FN}")
            self.emit(f"setret {back}, ->ra")
            self.emit(f"jr {FN}, 0")
        self.lines.append(f"{back}:")
        self.tq, self.uq = min(4, self.tq + pt), min(4, self.uq + pu)


def alu_words():
    """Encodings of valid 32-bit ALU instructions on rich-mode scratch registers: what a
    patch writes over a slot."""
    regs = [REG_INDEX[name] for name in RICH_SCRATCH]
    forms = {f.mnemonic: f for f in SCALAR_FORMS if f.mnemonic in ("ADDI", "SUBI", "XORI", "ORI")}

    def encode(name: str, d: int, s: int, imm: int) -> int:
        f = forms[name]
        field = "uimm12" if name in ("ADDI", "SUBI") else "simm12"
        value = imm if field == "uimm12" else imm - 2048
        return f.encode({"RegDst": d, "SrcL": s, field: value})

    return st.builds(encode, st.sampled_from(sorted(forms)), st.sampled_from(regs), st.sampled_from(regs),
                     st.integers(0, 4095))


@st.composite
def programs(draw, max_segments: int = 18, rich: bool = False, calls: bool = False) -> RandomProgram:
    """A random valid program (see the module docstring); ``calls``: at least one function,
    and half the segments call one (for the reverse moves over calls)."""
    slots = [f".Lpatch{k}" for k in range(draw(st.integers(0, 3)))] if rich else []
    b = _Builder(draw, ".Lm", rich, slots)
    b.lines += ["    .text", "    .globl _start", "_start:"]
    b.emit(f"hl.liu data, ->{P0}")
    b.emit(f"hl.liu data + 4096, ->{P1}")
    if rich:
        b.emit(f"hl.liu pool, ->{POOL}")
    for reg in draw(st.lists(st.sampled_from(b.scratch), max_size=6, unique=True)):
        b.emit(f"hl.lis {draw(st.integers(-(1 << 31), (1 << 31) - 1))}, ->{reg}")
    for queue in draw(st.lists(st.sampled_from("tu"), max_size=5)):
        b.emit(f"c.movi {draw(st.integers(-16, 15))}, ->{queue}")
        b.pushed(queue)

    functions: list[tuple[str, int, int]] = []
    bodies: list[str] = []
    for k in range(draw(st.integers(1 if calls else 0, 2))):
        f = _Builder(draw, f".Lf{k}_", rich, slots)
        f.emitted = b.emitted
        f.tq, f.uq = b.tq, b.uq  # every call site has at least the prologue's pushes
        name = f"func{k}"
        f.lines.append(f"{name}:")
        for _ in range(draw(st.integers(1, 4))):
            f.simple(allow_lr=False)
        f.emit("jr ra, 0")
        functions.append((name, f.tq - b.tq, f.uq - b.uq))
        bodies += f.lines

    for _ in range(draw(st.integers(1, max_segments))):
        kind = draw(st.integers(0, 9))
        if calls and kind >= 5:
            b.call(functions)
        elif kind <= 4:
            b.simple()
        elif kind <= 6:
            b.loop()
        elif kind == 7:
            b.skip()
        elif kind == 8 and functions:
            b.call(functions)
        else:
            b.lr_sc()
    while any(slot not in b.emitted for slot in slots):
        b.slot()  # every patch slot exists (a patch may name one never reached)
    b.lines.append("end:")
    b.emit("c.bstart.sys")
    b.emit("c.ebreak 0")
    b.lines += bodies
    if rich:
        b.lines += ["    .balign 8", "pool:", f"    .zero {POOL_SIZE}"]
    b.lines += ["    .data", "data:", f"    .zero {DATA_SIZE}"]
    seed = draw(st.integers(0, 1 << 32))
    return RandomProgram("\n".join(b.lines) + "\n", seed)


# ------------------------------------------------------------------ comparisons
def full_state(m: Machine) -> dict:
    """The complete architectural and bookkeeping state of ``m``, by name (every field of
    :meth:`Machine.snapshot`; system registers absent read 0, so zero entries are
    dropped)."""
    s = m.snapshot()
    out: dict = {"regs": s.regs}
    out.update(zip(SCALAR_FIELDS, s.scalars, strict=True))
    for key, value in s.system.sregs.items():
        if value:
            out[f"sreg:{key:#06x}"] = value
    for bank, status in enumerate(s.system.trap_status):
        out[f"trap_status:{bank}"] = status
    for bank, saved in enumerate(s.system.saved):
        out[f"saved:{bank}"] = saved
    for pn, page in s.pages.items():
        out[f"page:{pn:#x}"] = bytes(page)
    out["perms"] = dict(s.system.perms)
    out["once"] = dict(s.system.once)
    return out
