"""The tile operations: the project's own table of the 109 operations of PTO 0.58.3.

Each row is written from the operation's file in pto-spec (``asl/tile/<class>/<group>/
<NAME>.asl``: its decode section and catalog record) and the dispatch contract of
``asl/block/model/dispatch/tile-execution.asl``: the name, the decode family and 12-bit
code a BSTART selects it by (TEPL: Mode << 5 | Function; TLSU and CUBE: the Function of
the start form), the engine that executes it, its instruction class, the semantic handler
that performs it, the handler's arguments (constants such as ``ADD`` or ``Row`` and the
operand fields of TileInstructionOperands), the B.DATR fields it lets be nonzero
(C CMode, P PadValueOrByteId, S Sat, K Canonicalize, D DataType, R RMode, L Layout) and
how it reads the PadValueOrByteId field ("pad" a pad value, "byte" a histogram byte id,
"zero" must be zero).

``tests/tile/test_operations.py`` checks this table against the official catalog
(``pto/catalog/tile-operations.json``) read in place.
"""

from __future__ import annotations

from typing import NamedTuple

ELEMENTWISE = "elementwise-tile-tile"
SCALAR = "tile-scalar-and-immediate"
REDUCE = "reduce-and-expand"
MEMORY = "memory-and-data-movement"
MATRIX = "matrix-and-matrix-vector"
LAYOUT = "layout-and-rearrangement"
IRREGULAR = "irregular-and-complex"

# The instruction class names of TileClassOfIndex (TileClass_...).
CLASS_NAMES = {
    ELEMENTWISE: "ElementwiseTileTile", SCALAR: "TileScalarAndImmediate", REDUCE: "ReduceAndExpand",
    MEMORY: "MemoryAndDataMovement", MATRIX: "MatrixAndMatrixVector", LAYOUT: "LayoutAndRearrangement",
    IRREGULAR: "IrregularAndComplex",
}

FAMILIES = ("TEPL", "TLSU", "CUBE")  # TileDecodeFamily
OPERAND_FIELDS = (  # the fields of TileInstructionOperands a row can name
    "destination0", "destination1", "destination2", "source0", "source1", "source2", "source3", "source4",
    "source5", "source6", "source7", "address", "scalar0", "scalar1", "post_quant_param", "post_lrelu_param",
    "natural0", "natural1", "positive0", "positive1", "positive2", "positive3", "diagonal", "byte_count",
    "selected_byte", "sort_width", "axis", "comparison", "flag0", "numeric_control",
)


class Op(NamedTuple):
    """One tile operation (one row of the table)."""

    name: str
    family: str  # "TEPL" | "TLSU" | "CUBE"
    code: int  # the 12-bit decode code within the family
    engine: str  # "VEC" | "SFU" | "TLSU" | "CUBE"
    cls: str  # the instruction class (classification)
    handler: str  # the spec's semantic handler
    args: str  # the handler's arguments, space separated ("pad": CurrentBundlePadValue())
    datr: str  # the B.DATR fields it lets be nonzero
    pad_union: str  # "pad" | "byte" | "zero"

    @property
    def arguments(self) -> tuple[str, ...]:
        return tuple(self.args.split())

    @property
    def operands(self) -> tuple[str, ...]:
        """The operand fields the operation consumes (TileOperandPresent), in order."""
        seen: list[str] = []
        for a in self.arguments:
            if a in OPERAND_FIELDS and a not in seen:
                seen.append(a)
        return tuple(seen)

    @property
    def start(self) -> str:
        """The BSTART form that selects it (the catalog's command mnemonic)."""
        if self.family == "TEPL":
            return "BSTART.TEPL"
        head, _, tail = self.name.partition("_")
        if tail.startswith("MX"):
            head, tail = head + "MX", tail[3:]
        return "BSTART." + head + ("." + tail.replace("_", ".") if tail else "")


OPERATIONS: tuple[Op, ...] = (
    Op("TADD", "TEPL", 0x000, "VEC", ELEMENTWISE, "ExecuteTileBinary", "ADD destination0 source0 source1", "P", "pad"),
    Op("TSUB", "TEPL", 0x001, "VEC", ELEMENTWISE, "ExecuteTileBinary", "SUB destination0 source0 source1", "P", "pad"),
    Op("TMUL", "TEPL", 0x002, "VEC", ELEMENTWISE, "ExecuteTileBinary", "MUL destination0 source0 source1", "P", "pad"),
    Op("TDIV", "TEPL", 0x003, "SFU", ELEMENTWISE, "ExecuteTileBinary", "DIV destination0 source0 source1", "P", "pad"),
    Op("TREM", "TEPL", 0x004, "SFU", ELEMENTWISE, "ExecuteTileBinary", "REM destination0 source0 source1", "P", "pad"),
    Op("TAND", "TEPL", 0x006, "VEC", ELEMENTWISE, "ExecuteTileBinary", "AND destination0 source0 source1", "P", "pad"),
    Op("TOR", "TEPL", 0x007, "VEC", ELEMENTWISE, "ExecuteTileBinary", "OR destination0 source0 source1", "P", "pad"),
    Op("TXOR", "TEPL", 0x008, "VEC", ELEMENTWISE, "ExecuteTileBinary", "XOR destination0 source0 source1", "P", "pad"),
    Op("TSHL", "TEPL", 0x009, "VEC", ELEMENTWISE, "ExecuteTileBinary", "SHL destination0 source0 source1", "P", "pad"),
    Op("TSHR", "TEPL", 0x00a, "VEC", ELEMENTWISE, "ExecuteTileBinary", "SHR destination0 source0 source1", "P", "pad"),
    Op("TMAX", "TEPL", 0x00b, "VEC", ELEMENTWISE, "ExecuteTileBinary", "MAX destination0 source0 source1", "P", "pad"),
    Op("TMIN", "TEPL", 0x00c, "VEC", ELEMENTWISE, "ExecuteTileBinary", "MIN destination0 source0 source1", "P", "pad"),
    Op("TCMP", "TEPL", 0x00d, "VEC", ELEMENTWISE, "ExecuteTileCompare", "destination0 source0 source1 comparison", "CP", "pad"),
    Op("TABS", "TEPL", 0x00f, "VEC", ELEMENTWISE, "ExecuteTileUnary", "ABS destination0 source0", "P", "pad"),
    Op("TNOT", "TEPL", 0x010, "VEC", ELEMENTWISE, "ExecuteTileUnary", "NOT destination0 source0", "P", "pad"),
    Op("TNEG", "TEPL", 0x011, "VEC", ELEMENTWISE, "ExecuteTileUnary", "NEG destination0 source0", "P", "pad"),
    Op("TEXP", "TEPL", 0x012, "SFU", ELEMENTWISE, "ExecuteTileUnary", "EXP destination0 source0", "P", "pad"),
    Op("TLOG", "TEPL", 0x013, "SFU", ELEMENTWISE, "ExecuteTileUnary", "LOG destination0 source0", "P", "pad"),
    Op("TRECIP", "TEPL", 0x014, "SFU", ELEMENTWISE, "ExecuteTileUnary", "RECIP destination0 source0", "P", "pad"),
    Op("TSQRT", "TEPL", 0x015, "SFU", ELEMENTWISE, "ExecuteTileUnary", "SQRT destination0 source0", "P", "pad"),
    Op("TRSQRT", "TEPL", 0x016, "SFU", ELEMENTWISE, "ExecuteTileUnary", "RSQRT destination0 source0", "P", "pad"),
    Op("TRELU", "TEPL", 0x017, "VEC", ELEMENTWISE, "ExecuteTileUnary", "RELU destination0 source0", "P", "pad"),
    Op("TSEL", "TEPL", 0x01a, "VEC", ELEMENTWISE, "ExecuteTileSelect", "destination0 source0 source1 source2", "P", "pad"),
    Op("TCVT", "TEPL", 0x01b, "VEC", ELEMENTWISE, "TCVT", "destination0 source0 numeric_control", "PSKDRL", "pad"),
    Op("TFMA", "TEPL", 0x01c, "VEC", ELEMENTWISE, "TFMA", "destination0 source0 source1 source2", "P", "pad"),
    Op("TADDS", "TEPL", 0x020, "VEC", SCALAR, "ExecuteTileScalar", "ADD destination0 source0 scalar0", "P", "pad"),
    Op("TSUBS", "TEPL", 0x021, "VEC", SCALAR, "ExecuteTileScalar", "SUB destination0 source0 scalar0", "P", "pad"),
    Op("TMULS", "TEPL", 0x022, "VEC", SCALAR, "ExecuteTileScalar", "MUL destination0 source0 scalar0", "P", "pad"),
    Op("TDIVS", "TEPL", 0x023, "SFU", SCALAR, "ExecuteTileScalar", "DIV destination0 source0 scalar0", "P", "pad"),
    Op("TREMS", "TEPL", 0x024, "SFU", SCALAR, "ExecuteTileScalar", "REM destination0 source0 scalar0", "P", "pad"),
    Op("TANDS", "TEPL", 0x026, "VEC", SCALAR, "ExecuteTileScalar", "AND destination0 source0 scalar0", "P", "pad"),
    Op("TORS", "TEPL", 0x027, "VEC", SCALAR, "ExecuteTileScalar", "OR destination0 source0 scalar0", "P", "pad"),
    Op("TXORS", "TEPL", 0x028, "VEC", SCALAR, "ExecuteTileScalar", "XOR destination0 source0 scalar0", "P", "pad"),
    Op("TSHLS", "TEPL", 0x029, "VEC", SCALAR, "ExecuteTileScalar", "SHL destination0 source0 scalar0", "P", "pad"),
    Op("TSHRS", "TEPL", 0x02a, "VEC", SCALAR, "ExecuteTileScalar", "SHR destination0 source0 scalar0", "P", "pad"),
    Op("TMAXS", "TEPL", 0x02b, "VEC", SCALAR, "ExecuteTileScalar", "MAX destination0 source0 scalar0", "P", "pad"),
    Op("TMINS", "TEPL", 0x02c, "VEC", SCALAR, "ExecuteTileScalar", "MIN destination0 source0 scalar0", "P", "pad"),
    Op("TCMPS", "TEPL", 0x02d, "VEC", SCALAR, "ExecuteTileCompareScalar", "destination0 source0 scalar0 comparison", "CP", "pad"),
    Op("TSELS", "TEPL", 0x03a, "VEC", SCALAR, "ExecuteTileSelectScalar", "destination0 source0 source1 scalar0", "P", "pad"),
    Op("TEXPANDS", "TEPL", 0x03b, "VEC", SCALAR, "ExecuteTileFillScalar", "destination0 scalar0", "P", "pad"),
    Op("TROWSUM", "TEPL", 0x040, "SFU", REDUCE, "ExecuteTileReduction", "SUM Row destination0 source0", "P", "pad"),
    Op("TROWMAX", "TEPL", 0x041, "SFU", REDUCE, "ExecuteTileReduction", "MAX Row destination0 source0", "P", "pad"),
    Op("TROWMIN", "TEPL", 0x042, "SFU", REDUCE, "ExecuteTileReduction", "MIN Row destination0 source0", "P", "pad"),
    Op("TROWPROD", "TEPL", 0x043, "SFU", REDUCE, "ExecuteTileReduction", "PRODUCT Row destination0 source0", "P", "pad"),
    Op("TROWEXPAND", "TEPL", 0x044, "SFU", REDUCE, "ExecuteTileExpand", "COPY Row destination0 source0 source0", "P", "pad"),
    Op("TROWEXPANDADD", "TEPL", 0x045, "SFU", REDUCE, "ExecuteTileExpand", "ADD Row destination0 source0 source1", "P", "pad"),
    Op("TROWEXPANDSUB", "TEPL", 0x046, "SFU", REDUCE, "ExecuteTileExpand", "SUB Row destination0 source0 source1", "P", "pad"),
    Op("TROWEXPANDMUL", "TEPL", 0x047, "SFU", REDUCE, "ExecuteTileExpand", "MUL Row destination0 source0 source1", "P", "pad"),
    Op("TROWEXPANDDIV", "TEPL", 0x048, "SFU", REDUCE, "ExecuteTileExpand", "DIV Row destination0 source0 source1", "P", "pad"),
    Op("TROWEXPANDMAX", "TEPL", 0x049, "SFU", REDUCE, "ExecuteTileExpand", "MAX Row destination0 source0 source1", "P", "pad"),
    Op("TROWEXPANDMIN", "TEPL", 0x04a, "SFU", REDUCE, "ExecuteTileExpand", "MIN Row destination0 source0 source1", "P", "pad"),
    Op("TROWEXPANDEXPDIF", "TEPL", 0x04b, "SFU", REDUCE, "ExecuteTileExpand", "EXPDIF Row destination0 source0 source1", "DP", "pad"),
    Op("TROWARGMAX", "TEPL", 0x04c, "SFU", REDUCE, "ExecuteTileReduction", "ARGMAX Row destination0 source0", "P", "pad"),
    Op("TROWARGMIN", "TEPL", 0x04d, "SFU", REDUCE, "ExecuteTileReduction", "ARGMIN Row destination0 source0", "P", "pad"),
    Op("TCOLSUM", "TEPL", 0x050, "SFU", REDUCE, "ExecuteTileReduction", "SUM Column destination0 source0", "P", "pad"),
    Op("TCOLMAX", "TEPL", 0x051, "SFU", REDUCE, "ExecuteTileReduction", "MAX Column destination0 source0", "P", "pad"),
    Op("TCOLMIN", "TEPL", 0x052, "SFU", REDUCE, "ExecuteTileReduction", "MIN Column destination0 source0", "P", "pad"),
    Op("TCOLPROD", "TEPL", 0x053, "SFU", REDUCE, "ExecuteTileReduction", "PRODUCT Column destination0 source0", "P", "pad"),
    Op("TCOLEXPAND", "TEPL", 0x054, "SFU", REDUCE, "ExecuteTileExpand", "COPY Column destination0 source0 source0", "P", "pad"),
    Op("TCOLEXPANDADD", "TEPL", 0x055, "SFU", REDUCE, "ExecuteTileExpand", "ADD Column destination0 source0 source1", "P", "pad"),
    Op("TCOLEXPANDSUB", "TEPL", 0x056, "SFU", REDUCE, "ExecuteTileExpand", "SUB Column destination0 source0 source1", "P", "pad"),
    Op("TCOLEXPANDMUL", "TEPL", 0x057, "SFU", REDUCE, "ExecuteTileExpand", "MUL Column destination0 source0 source1", "P", "pad"),
    Op("TCOLEXPANDDIV", "TEPL", 0x058, "SFU", REDUCE, "ExecuteTileExpand", "DIV Column destination0 source0 source1", "P", "pad"),
    Op("TCOLEXPANDMAX", "TEPL", 0x059, "SFU", REDUCE, "ExecuteTileExpand", "MAX Column destination0 source0 source1", "P", "pad"),
    Op("TCOLEXPANDMIN", "TEPL", 0x05a, "SFU", REDUCE, "ExecuteTileExpand", "MIN Column destination0 source0 source1", "P", "pad"),
    Op("TCOLEXPANDEXPDIF", "TEPL", 0x05b, "SFU", REDUCE, "ExecuteTileExpand", "EXPDIF Column destination0 source0 source1", "DP", "pad"),
    Op("TCOLARGMAX", "TEPL", 0x05c, "SFU", REDUCE, "ExecuteTileReduction", "ARGMAX Column destination0 source0", "P", "pad"),
    Op("TCOLARGMIN", "TEPL", 0x05d, "SFU", REDUCE, "ExecuteTileReduction", "ARGMIN Column destination0 source0", "P", "pad"),
    Op("TCONCAT", "TEPL", 0x060, "SFU", LAYOUT, "TCONCAT", "destination0 source0 source1", "L", "zero"),
    Op("TEXTRACT", "TEPL", 0x062, "SFU", LAYOUT, "TEXTRACT", "destination0 source0 natural0 natural1", "L", "zero"),
    Op("TINSERT", "TEPL", 0x063, "SFU", LAYOUT, "TINSERT", "destination0 source0 source1 natural0 natural1", "L", "zero"),
    Op("TIMG2COL", "TEPL", 0x064, "SFU", LAYOUT, "TIMG2COL", "destination0 source0 natural0 natural1", "", "zero"),
    Op("TFILLPAD", "TEPL", 0x065, "SFU", LAYOUT, "TFILLPAD", "destination0 source0 scalar0", "L", "zero"),
    Op("TCI", "TEPL", 0x066, "SFU", IRREGULAR, "TCI", "destination0 scalar0 flag0", "", "zero"),
    Op("TTRI", "TEPL", 0x067, "SFU", IRREGULAR, "TTRI", "destination0 flag0 diagonal", "", "zero"),
    Op("THISTOGRAM", "TEPL", 0x068, "SFU", IRREGULAR, "THISTOGRAM", "destination0 source0 source1 selected_byte", "PD", "byte"),
    Op("TQUANT", "TEPL", 0x06a, "SFU", IRREGULAR, "TQUANT", "destination0 source0 scalar0 scalar1 numeric_control", "SDR", "zero"),
    Op("TDEQUANT", "TEPL", 0x06b, "SFU", IRREGULAR, "TDEQUANT", "destination0 source0 scalar0 scalar1 numeric_control", "DR", "zero"),
    Op("TSORT", "TEPL", 0x06c, "SFU", IRREGULAR, "TSORT", "destination0 destination1 source0 sort_width flag0", "", "zero"),
    Op("TMRGSORT", "TEPL", 0x06d, "SFU", IRREGULAR, "TMRGSORT", "destination0 source0 source1 flag0", "", "zero"),
    Op("TTRANS", "TEPL", 0x06e, "SFU", LAYOUT, "TTRANS", "destination0 source0", "L", "zero"),
    Op("TGATHER", "TEPL", 0x06f, "SFU", IRREGULAR, "TGATHER", "destination0 source0 source1", "L", "zero"),
    Op("TSCATTER", "TEPL", 0x070, "SFU", IRREGULAR, "TSCATTER", "destination0 source0 source1", "L", "zero"),
    Op("TPARTADD", "TEPL", 0x071, "SFU", IRREGULAR, "ExecuteTilePartial", "ADD destination0 source0 source1", "", "zero"),
    Op("TPARTMUL", "TEPL", 0x072, "SFU", IRREGULAR, "ExecuteTilePartial", "MUL destination0 source0 source1", "", "zero"),
    Op("TPARTMAX", "TEPL", 0x073, "SFU", IRREGULAR, "ExecuteTilePartial", "MAX destination0 source0 source1", "", "zero"),
    Op("TPARTMIN", "TEPL", 0x074, "SFU", IRREGULAR, "ExecuteTilePartial", "MIN destination0 source0 source1", "", "zero"),
    Op("TLOAD", "TLSU", 0x000, "TLSU", MEMORY, "TLOAD", "destination0 address scalar0", "PL", "pad"),
    Op("TSTORE", "TLSU", 0x001, "TLSU", MEMORY, "TSTORE", "address scalar0 source0", "PL", "pad"),
    Op("TMOV", "TLSU", 0x002, "TLSU", LAYOUT, "TMOV", "destination0 source0", "L", "zero"),
    Op("TPREFETCH", "TLSU", 0x003, "TLSU", MEMORY, "TPREFETCH", "address scalar0 positive0 positive1 positive2", "L", "zero"),
    Op("MGATHER", "TLSU", 0x004, "TLSU", MEMORY, "MGATHER", "destination0 address source0 pad", "PL", "pad"),
    Op("MSCATTER", "TLSU", 0x005, "TLSU", MEMORY, "MSCATTER", "address source0 source1", "L", "zero"),
    Op("MGATHER_MASK", "TLSU", 0x006, "TLSU", MEMORY, "MGATHER_MASK", "destination0 address source0 source1 pad", "PL", "pad"),
    Op("MSCATTER_MASK", "TLSU", 0x007, "TLSU", MEMORY, "MSCATTER_MASK", "address source0 source1 source2", "L", "zero"),
    Op("MGATHER_CAS", "TLSU", 0x008, "TLSU", MEMORY, "MGATHER_CAS", "destination0 address source0 source1 source2 pad", "PL", "pad"),
    Op("GMOV", "TLSU", 0x00d, "TLSU", MEMORY, "GMOV", "destination0 source0 scalar0", "L", "zero"),
    Op("TMATMUL", "CUBE", 0x000, "CUBE", MATRIX, "TMATMUL", "destination0 source0 source1", "DRS", "zero"),
    Op("TMATMUL_BIAS", "CUBE", 0x001, "CUBE", MATRIX, "TMATMUL_BIAS", "destination0 source0 source1 source2", "DRS", "zero"),
    Op("TMATMUL_ACC", "CUBE", 0x002, "CUBE", MATRIX, "TMATMUL_ACC", "destination0 source0 source1 source2", "DRS", "zero"),
    Op("TMATMUL_MX", "CUBE", 0x004, "CUBE", MATRIX, "TMATMUL_MX", "destination0 source0 source1 source2 source3", "DRS", "zero"),
    Op("TMATMUL_MX_BIAS", "CUBE", 0x005, "CUBE", MATRIX, "TMATMUL_MX_BIAS", "destination0 source0 source1 source2 source3 source4", "DRS", "zero"),
    Op("TMATMUL_MX_ACC", "CUBE", 0x006, "CUBE", MATRIX, "TMATMUL_MX_ACC", "destination0 source0 source1 source2 source3 source4", "DRS", "zero"),
    Op("TGEMV", "CUBE", 0x010, "CUBE", MATRIX, "TGEMV", "destination0 source0 source1", "DRS", "zero"),
    Op("TGEMV_BIAS", "CUBE", 0x011, "CUBE", MATRIX, "TGEMV_BIAS", "destination0 source0 source1 source2", "DRS", "zero"),
    Op("TGEMV_ACC", "CUBE", 0x012, "CUBE", MATRIX, "TGEMV_ACC", "destination0 source0 source1 source2", "DRS", "zero"),
    Op("TGEMV_MX", "CUBE", 0x014, "CUBE", MATRIX, "TGEMV_MX", "destination0 source0 source1 source2 source3", "DRS", "zero"),
    Op("TGEMV_MX_BIAS", "CUBE", 0x015, "CUBE", MATRIX, "TGEMV_MX_BIAS", "destination0 source0 source1 source2 source3 source4", "DRS", "zero"),
    Op("TGEMV_MX_ACC", "CUBE", 0x016, "CUBE", MATRIX, "TGEMV_MX_ACC", "destination0 source0 source1 source2 source3 source4", "DRS", "zero"),
)

OPERATION_COUNT = len(OPERATIONS)  # PTO_TILE_OPERATION_COUNT
BY_NAME: dict[str, Op] = {op.name: op for op in OPERATIONS}
INDEX: dict[str, int] = {op.name: i for i, op in enumerate(OPERATIONS)}
_BY_CODE: dict[tuple[str, int], int] = {(op.family, op.code): i for i, op in enumerate(OPERATIONS)}


def decode(family: str, code: int) -> int | None:
    """DecodeTileOperation: the operation index a family and code select, or None."""
    return _BY_CODE.get((family, code & 0xFFF))


def present(index: int, field: str) -> bool:
    """TileOperandPresent."""
    return field in OPERATIONS[index].operands
