"""Names and codes of the architectural state (no behaviour), and the typed record of
the open block that the machine hands out (:class:`BlockState`).

Register names and Reg5 codes live in :mod:`ptodbg.isa.registers` (re-exported here);
block kind and transfer codes follow ``asl/block/model/schema/profile-encoding.asl``
(the EBARG0 packing).
"""

from __future__ import annotations

from ptodbg.base.record import Frozen

# Register naming is the ISA's (re-exported here for the core's modules).
from ptodbg.isa.registers import (  # noqa: F401
    GPR_COUNT,
    GPR_NAMES,
    PUSH_T,
    PUSH_U,
    RA,
    REG_INDEX,
    T_BASE,
    U_BASE,
)

MASK64 = (1 << 64) - 1


# Block kinds (EBARG0[10:7]) and transfer types (EBARG0[13:11]).
KIND_STD, KIND_FP, KIND_SYS = 0, 1, 2
KIND_TILE_ELEMENT, KIND_TILE_MEMORY, KIND_TILE_MATRIX, KIND_FRAME = 5, 6, 7, 8
KIND_NAMES = {0: "STD", 1: "FP", 2: "SYS", 5: "TILE_ELEMENT", 6: "TILE_MEMORY", 7: "TILE_MATRIX", 8: "FRAME"}

FALL, DIRECT, COND, CALL, RET, IND, ICALL = range(7)
TRANSFER_NAMES = ("FALL", "DIRECT", "COND", "CALL", "RET", "IND", "ICALL")

# Transfers whose commit selects BPCN (BARGSelectsBPCN); COND only when TAKEN.
SELECTS_BPCN = frozenset({DIRECT, CALL, IND, ICALL, RET})


def block_kind_name(code: int) -> str:
    return KIND_NAMES.get(code, f"KIND{code}")


class BlockState(Frozen):
    """The open block (:meth:`Machine.block_state`; docs/interfaces.md §6 ``block``): its kind and
    transfer type by name, BPC and BPCN, TAKEN, and whether its body has begun."""

    kind: str
    type: str
    bpc: int
    bpcn: int
    taken: bool
    body: bool
