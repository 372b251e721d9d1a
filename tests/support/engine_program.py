"""A small program of encoded words for engine tests (no assembler needed):
two DMA copies between ADDIs, ending in a trap stop."""

from __future__ import annotations

from ptodbg.core import DEBUG, Machine, R, W, X
from ptodbg.debug.commands import Commands
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.engine.symbols import Symbols
from ptodbg.debug.files import session
from support.encode import enc, program

CODE = 0x10000
SRC, DST, DST2 = 0x20000, 0x21000, 0x21800

PROGRAM = program(
    enc("ADDI", RegDst=4, SrcL=4, uimm12=1),  # 0x00 a2 += 1
    enc("ADDI", RegDst=4, SrcL=4, uimm12=1),  # 0x04
    enc("DMA", SrcL=2, SrcR=3),  # 0x08 dma [a0], a1
    enc("ADDI", RegDst=4, SrcL=4, uimm12=1),  # 0x0c
    enc("DMA", SrcL=3, SrcR=5),  # 0x10 dma [a1], a3
    enc("ADDI", RegDst=4, SrcL=4, uimm12=1),  # 0x14
)  # 0x18: zero bytes decode as C.BSTOP: BUNDLE_TRAP outside a block (a trap stop)


def make(**options) -> Debugger:
    m = Machine(DEBUG)
    m.mem.map(CODE, 0x1000, R | X, PROGRAM)
    m.mem.map(SRC, 0x1000, R | W, bytes((i * 7 + 3) & 0xFF for i in range(4096)))
    m.mem.map(DST, 0x1000, R | W)
    m.mem.map(0, 0xF000, R | W)
    m.r[1] = 0xF000
    m.r[2], m.r[3], m.r[5] = SRC, DST, DST2
    m.pc = CODE
    return Debugger(m, Symbols({"start": CODE, "copy": CODE + 8, "copy2": CODE + 0x10}, {}), **options)


def full_state(d: Debugger):
    m = d.machine
    return (m.steps, m.pc, tuple(m.r), m.t_valid, m.u_valid, m.resv, m.acr, m.mem.peek(DST, 0x1000),
            {pn: m.mem.perms[pn] for pn in sorted(m.mem.perms)})


def commands(**options) -> tuple[Commands, Debugger]:
    """The command language over :func:`make`'s debugger, with session save and load."""
    d = make(**options)
    return Commands(d, save=session.save, load=session.load), d
