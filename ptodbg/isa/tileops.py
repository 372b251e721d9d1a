"""The encoding side of the tile operations: which block start and selector select each of
the 109 operations of PTO 0.58.3, the engine that runs it, and the names of the DataType
field's codes - the facts the assembler and the disassembler need to spell a tile block
start by its operation (``bstart.vec TADD, u64``) instead of its raw fields.

Sources (pto-spec 0.58.3): each operation's decode section (``asl/tile/<class>/<group>/
<NAME>.asl``: family, Mode:Function or Function, engine), the DataType field's value
dispositions (PTO-FIELD-BLOCK-DATATYPE, ``docs/block/execution/BSTART.TEPL.md``) and the
TEPL alias contract (PTO-ARCH-TEPL-ALIAS-001, ``asl/arch/overview/instruction-
classification.asl``): BSTART.VEC and BSTART.SFU are spellings of the BSTART.TEPL carrier
for a VEC or an SFU operation; canonical assembly and disassembly use them and never
BSTART.TEPL, which stays an accepted compatibility spelling.

The semantic side of the same operations (class, handler, arguments, B.DATR contract) is
:mod:`ptodbg.tile.operations`, which takes family, code and engine from here.
"""

from __future__ import annotations

from typing import NamedTuple


class Selector(NamedTuple):
    """How a block start selects one tile operation."""

    name: str
    family: str  # "TEPL" | "TLSU" | "CUBE" (TileDecodeFamily)
    code: int  # the 12-bit decode code: TEPL Mode << 5 | Function, else the start's Function
    engine: str  # "VEC" | "SFU" | "TLSU" | "CUBE"


SELECTORS: tuple[Selector, ...] = tuple(Selector(*row) for row in (
    ("TADD", "TEPL", 0x000, "VEC"),
    ("TSUB", "TEPL", 0x001, "VEC"),
    ("TMUL", "TEPL", 0x002, "VEC"),
    ("TDIV", "TEPL", 0x003, "SFU"),
    ("TREM", "TEPL", 0x004, "SFU"),
    ("TAND", "TEPL", 0x006, "VEC"),
    ("TOR", "TEPL", 0x007, "VEC"),
    ("TXOR", "TEPL", 0x008, "VEC"),
    ("TSHL", "TEPL", 0x009, "VEC"),
    ("TSHR", "TEPL", 0x00a, "VEC"),
    ("TMAX", "TEPL", 0x00b, "VEC"),
    ("TMIN", "TEPL", 0x00c, "VEC"),
    ("TCMP", "TEPL", 0x00d, "VEC"),
    ("TABS", "TEPL", 0x00f, "VEC"),
    ("TNOT", "TEPL", 0x010, "VEC"),
    ("TNEG", "TEPL", 0x011, "VEC"),
    ("TEXP", "TEPL", 0x012, "SFU"),
    ("TLOG", "TEPL", 0x013, "SFU"),
    ("TRECIP", "TEPL", 0x014, "SFU"),
    ("TSQRT", "TEPL", 0x015, "SFU"),
    ("TRSQRT", "TEPL", 0x016, "SFU"),
    ("TRELU", "TEPL", 0x017, "VEC"),
    ("TSEL", "TEPL", 0x01a, "VEC"),
    ("TCVT", "TEPL", 0x01b, "VEC"),
    ("TFMA", "TEPL", 0x01c, "VEC"),
    ("TADDS", "TEPL", 0x020, "VEC"),
    ("TSUBS", "TEPL", 0x021, "VEC"),
    ("TMULS", "TEPL", 0x022, "VEC"),
    ("TDIVS", "TEPL", 0x023, "SFU"),
    ("TREMS", "TEPL", 0x024, "SFU"),
    ("TANDS", "TEPL", 0x026, "VEC"),
    ("TORS", "TEPL", 0x027, "VEC"),
    ("TXORS", "TEPL", 0x028, "VEC"),
    ("TSHLS", "TEPL", 0x029, "VEC"),
    ("TSHRS", "TEPL", 0x02a, "VEC"),
    ("TMAXS", "TEPL", 0x02b, "VEC"),
    ("TMINS", "TEPL", 0x02c, "VEC"),
    ("TCMPS", "TEPL", 0x02d, "VEC"),
    ("TSELS", "TEPL", 0x03a, "VEC"),
    ("TEXPANDS", "TEPL", 0x03b, "VEC"),
    ("TROWSUM", "TEPL", 0x040, "SFU"),
    ("TROWMAX", "TEPL", 0x041, "SFU"),
    ("TROWMIN", "TEPL", 0x042, "SFU"),
    ("TROWPROD", "TEPL", 0x043, "SFU"),
    ("TROWEXPAND", "TEPL", 0x044, "SFU"),
    ("TROWEXPANDADD", "TEPL", 0x045, "SFU"),
    ("TROWEXPANDSUB", "TEPL", 0x046, "SFU"),
    ("TROWEXPANDMUL", "TEPL", 0x047, "SFU"),
    ("TROWEXPANDDIV", "TEPL", 0x048, "SFU"),
    ("TROWEXPANDMAX", "TEPL", 0x049, "SFU"),
    ("TROWEXPANDMIN", "TEPL", 0x04a, "SFU"),
    ("TROWEXPANDEXPDIF", "TEPL", 0x04b, "SFU"),
    ("TROWARGMAX", "TEPL", 0x04c, "SFU"),
    ("TROWARGMIN", "TEPL", 0x04d, "SFU"),
    ("TCOLSUM", "TEPL", 0x050, "SFU"),
    ("TCOLMAX", "TEPL", 0x051, "SFU"),
    ("TCOLMIN", "TEPL", 0x052, "SFU"),
    ("TCOLPROD", "TEPL", 0x053, "SFU"),
    ("TCOLEXPAND", "TEPL", 0x054, "SFU"),
    ("TCOLEXPANDADD", "TEPL", 0x055, "SFU"),
    ("TCOLEXPANDSUB", "TEPL", 0x056, "SFU"),
    ("TCOLEXPANDMUL", "TEPL", 0x057, "SFU"),
    ("TCOLEXPANDDIV", "TEPL", 0x058, "SFU"),
    ("TCOLEXPANDMAX", "TEPL", 0x059, "SFU"),
    ("TCOLEXPANDMIN", "TEPL", 0x05a, "SFU"),
    ("TCOLEXPANDEXPDIF", "TEPL", 0x05b, "SFU"),
    ("TCOLARGMAX", "TEPL", 0x05c, "SFU"),
    ("TCOLARGMIN", "TEPL", 0x05d, "SFU"),
    ("TCONCAT", "TEPL", 0x060, "SFU"),
    ("TEXTRACT", "TEPL", 0x062, "SFU"),
    ("TINSERT", "TEPL", 0x063, "SFU"),
    ("TIMG2COL", "TEPL", 0x064, "SFU"),
    ("TFILLPAD", "TEPL", 0x065, "SFU"),
    ("TCI", "TEPL", 0x066, "SFU"),
    ("TTRI", "TEPL", 0x067, "SFU"),
    ("THISTOGRAM", "TEPL", 0x068, "SFU"),
    ("TQUANT", "TEPL", 0x06a, "SFU"),
    ("TDEQUANT", "TEPL", 0x06b, "SFU"),
    ("TSORT", "TEPL", 0x06c, "SFU"),
    ("TMRGSORT", "TEPL", 0x06d, "SFU"),
    ("TTRANS", "TEPL", 0x06e, "SFU"),
    ("TGATHER", "TEPL", 0x06f, "SFU"),
    ("TSCATTER", "TEPL", 0x070, "SFU"),
    ("TPARTADD", "TEPL", 0x071, "SFU"),
    ("TPARTMUL", "TEPL", 0x072, "SFU"),
    ("TPARTMAX", "TEPL", 0x073, "SFU"),
    ("TPARTMIN", "TEPL", 0x074, "SFU"),
    ("TLOAD", "TLSU", 0x000, "TLSU"),
    ("TSTORE", "TLSU", 0x001, "TLSU"),
    ("TMOV", "TLSU", 0x002, "TLSU"),
    ("TPREFETCH", "TLSU", 0x003, "TLSU"),
    ("MGATHER", "TLSU", 0x004, "TLSU"),
    ("MSCATTER", "TLSU", 0x005, "TLSU"),
    ("MGATHER_MASK", "TLSU", 0x006, "TLSU"),
    ("MSCATTER_MASK", "TLSU", 0x007, "TLSU"),
    ("MGATHER_CAS", "TLSU", 0x008, "TLSU"),
    ("GMOV", "TLSU", 0x00d, "TLSU"),
    ("TMATMUL", "CUBE", 0x000, "CUBE"),
    ("TMATMUL_BIAS", "CUBE", 0x001, "CUBE"),
    ("TMATMUL_ACC", "CUBE", 0x002, "CUBE"),
    ("TMATMUL_MX", "CUBE", 0x004, "CUBE"),
    ("TMATMUL_MX_BIAS", "CUBE", 0x005, "CUBE"),
    ("TMATMUL_MX_ACC", "CUBE", 0x006, "CUBE"),
    ("TGEMV", "CUBE", 0x010, "CUBE"),
    ("TGEMV_BIAS", "CUBE", 0x011, "CUBE"),
    ("TGEMV_ACC", "CUBE", 0x012, "CUBE"),
    ("TGEMV_MX", "CUBE", 0x014, "CUBE"),
    ("TGEMV_MX_BIAS", "CUBE", 0x015, "CUBE"),
    ("TGEMV_MX_ACC", "CUBE", 0x016, "CUBE"),
))

BY_NAME: dict[str, Selector] = {s.name: s for s in SELECTORS}
TEPL_BY_CODE: dict[int, Selector] = {s.code: s for s in SELECTORS if s.family == "TEPL"}

# The DataType field (5 bits) of B.DATR and the typed block starts: the 25 assigned codes
# and the spellings the assembler reads and the disassembler writes (lower case, as the
# rest of the syntax; input is case-insensitive).  Codes 15, 21..23 and 29..31 are reserved
# (31 is B.DATR's "inherit" sentinel, no type).
DATA_TYPE_NAMES: dict[int, str] = {
    0: "fp64", 1: "fp32", 2: "tf32", 3: "hf32", 4: "fp16", 5: "bf16", 6: "hif8", 7: "e4m3", 8: "e5m2",
    9: "e3m2", 10: "e2m3", 11: "e2m1x2", 12: "e1m2x2", 13: "e8m0", 14: "hif4x2",
    16: "s64", 17: "s32", 18: "s16", 19: "s8", 20: "s4x2",
    24: "u64", 25: "u32", 26: "u16", 27: "u8", 28: "u4x2",
}
DATA_TYPE_CODES: dict[str, int] = {name: code for code, name in DATA_TYPE_NAMES.items()}

TEPL = "BSTART.TEPL"
# The spellings of the TEPL carrier: the engine each one accepts (None: any TEPL operation).
TEPL_SPELLINGS: dict[str, str | None] = {"bstart.tepl": None, "bstart.vec": "VEC", "bstart.sfu": "SFU"}


def canonical_tepl(selector: Selector) -> str:
    """The canonical spelling of a TEPL operation's start: ``bstart.vec`` or ``bstart.sfu``."""
    return "bstart." + selector.engine.lower()
