"""Names and codes of the architectural state (no behaviour).

GPR ABI names follow ADR-0076 (CORE.md §1.2); block kind and transfer codes follow
``asl/block/model/schema/profile-encoding.asl`` (the EBARG0 packing).
"""

from __future__ import annotations

GPR_NAMES: tuple[str, ...] = (
    "zero", "sp", "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "ra",
    "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "x0", "x1", "x2", "x3",
)
GPR_COUNT = 24
RA = 10
T_BASE = 24  # Reg5 source codes 24..27 read T#1..T#4
U_BASE = 28  # Reg5 source codes 28..31 read U#1..U#4
PUSH_U = 30  # destination code 30 pushes U
PUSH_T = 31  # destination code 31 pushes T
QUEUE_DEPTH = 4

REG_INDEX: dict[str, int] = {name: i for i, name in enumerate(GPR_NAMES)}
REG_INDEX.update({f"r{i}": i for i in range(GPR_COUNT)})
REG_INDEX["fp"] = REG_INDEX["s0"]

MASK64 = (1 << 64) - 1


def source_name(code: int) -> str:
    """Assembly spelling of a Reg5 *source* code."""
    if code < GPR_COUNT:
        return GPR_NAMES[code]
    if code < U_BASE:
        return f"t#{code - T_BASE + 1}"
    return f"u#{code - U_BASE + 1}"


def dest_name(code: int) -> str:
    """Assembly spelling of a Reg5 *destination* code (without the arrow)."""
    if code < GPR_COUNT:
        return GPR_NAMES[code]
    if code == PUSH_T:
        return "t"
    if code == PUSH_U:
        return "u"
    return f"r{code}"  # 24..29: discarding encodings


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
