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

The name, family, code and engine are encoding facts: they live in :mod:`ptodbg.isa.tileops`
(the assembler and disassembler spell tile starts from them), and each row here takes them
from there.  ``tests/tile/test_operations.py`` checks this table against the official catalog
(``pto/catalog/tile-operations.json``) read in place.
"""

from __future__ import annotations

from typing import NamedTuple

from ptodbg.isa import tileops

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


def _op(name: str, cls: str, handler: str, args: str, datr: str, pad_union: str) -> Op:
    """One row: the semantic facts written here, the selector facts (family, code, engine)
    from the encoding table :mod:`ptodbg.isa.tileops`."""
    selector = tileops.BY_NAME[name]
    return Op(name, selector.family, selector.code, selector.engine, cls, handler, args, datr, pad_union)


OPERATIONS: tuple[Op, ...] = (
    _op("TADD", ELEMENTWISE, "ExecuteTileBinary", "ADD destination0 source0 source1", "P", "pad"),
    _op("TSUB", ELEMENTWISE, "ExecuteTileBinary", "SUB destination0 source0 source1", "P", "pad"),
    _op("TMUL", ELEMENTWISE, "ExecuteTileBinary", "MUL destination0 source0 source1", "P", "pad"),
    _op("TDIV", ELEMENTWISE, "ExecuteTileBinary", "DIV destination0 source0 source1", "P", "pad"),
    _op("TREM", ELEMENTWISE, "ExecuteTileBinary", "REM destination0 source0 source1", "P", "pad"),
    _op("TAND", ELEMENTWISE, "ExecuteTileBinary", "AND destination0 source0 source1", "P", "pad"),
    _op("TOR", ELEMENTWISE, "ExecuteTileBinary", "OR destination0 source0 source1", "P", "pad"),
    _op("TXOR", ELEMENTWISE, "ExecuteTileBinary", "XOR destination0 source0 source1", "P", "pad"),
    _op("TSHL", ELEMENTWISE, "ExecuteTileBinary", "SHL destination0 source0 source1", "P", "pad"),
    _op("TSHR", ELEMENTWISE, "ExecuteTileBinary", "SHR destination0 source0 source1", "P", "pad"),
    _op("TMAX", ELEMENTWISE, "ExecuteTileBinary", "MAX destination0 source0 source1", "P", "pad"),
    _op("TMIN", ELEMENTWISE, "ExecuteTileBinary", "MIN destination0 source0 source1", "P", "pad"),
    _op("TCMP", ELEMENTWISE, "ExecuteTileCompare", "destination0 source0 source1 comparison", "CP", "pad"),
    _op("TABS", ELEMENTWISE, "ExecuteTileUnary", "ABS destination0 source0", "P", "pad"),
    _op("TNOT", ELEMENTWISE, "ExecuteTileUnary", "NOT destination0 source0", "P", "pad"),
    _op("TNEG", ELEMENTWISE, "ExecuteTileUnary", "NEG destination0 source0", "P", "pad"),
    _op("TEXP", ELEMENTWISE, "ExecuteTileUnary", "EXP destination0 source0", "P", "pad"),
    _op("TLOG", ELEMENTWISE, "ExecuteTileUnary", "LOG destination0 source0", "P", "pad"),
    _op("TRECIP", ELEMENTWISE, "ExecuteTileUnary", "RECIP destination0 source0", "P", "pad"),
    _op("TSQRT", ELEMENTWISE, "ExecuteTileUnary", "SQRT destination0 source0", "P", "pad"),
    _op("TRSQRT", ELEMENTWISE, "ExecuteTileUnary", "RSQRT destination0 source0", "P", "pad"),
    _op("TRELU", ELEMENTWISE, "ExecuteTileUnary", "RELU destination0 source0", "P", "pad"),
    _op("TSEL", ELEMENTWISE, "ExecuteTileSelect", "destination0 source0 source1 source2", "P", "pad"),
    _op("TCVT", ELEMENTWISE, "TCVT", "destination0 source0 numeric_control", "PSKDRL", "pad"),
    _op("TFMA", ELEMENTWISE, "TFMA", "destination0 source0 source1 source2", "P", "pad"),
    _op("TADDS", SCALAR, "ExecuteTileScalar", "ADD destination0 source0 scalar0", "P", "pad"),
    _op("TSUBS", SCALAR, "ExecuteTileScalar", "SUB destination0 source0 scalar0", "P", "pad"),
    _op("TMULS", SCALAR, "ExecuteTileScalar", "MUL destination0 source0 scalar0", "P", "pad"),
    _op("TDIVS", SCALAR, "ExecuteTileScalar", "DIV destination0 source0 scalar0", "P", "pad"),
    _op("TREMS", SCALAR, "ExecuteTileScalar", "REM destination0 source0 scalar0", "P", "pad"),
    _op("TANDS", SCALAR, "ExecuteTileScalar", "AND destination0 source0 scalar0", "P", "pad"),
    _op("TORS", SCALAR, "ExecuteTileScalar", "OR destination0 source0 scalar0", "P", "pad"),
    _op("TXORS", SCALAR, "ExecuteTileScalar", "XOR destination0 source0 scalar0", "P", "pad"),
    _op("TSHLS", SCALAR, "ExecuteTileScalar", "SHL destination0 source0 scalar0", "P", "pad"),
    _op("TSHRS", SCALAR, "ExecuteTileScalar", "SHR destination0 source0 scalar0", "P", "pad"),
    _op("TMAXS", SCALAR, "ExecuteTileScalar", "MAX destination0 source0 scalar0", "P", "pad"),
    _op("TMINS", SCALAR, "ExecuteTileScalar", "MIN destination0 source0 scalar0", "P", "pad"),
    _op("TCMPS", SCALAR, "ExecuteTileCompareScalar", "destination0 source0 scalar0 comparison", "CP", "pad"),
    _op("TSELS", SCALAR, "ExecuteTileSelectScalar", "destination0 source0 source1 scalar0", "P", "pad"),
    _op("TEXPANDS", SCALAR, "ExecuteTileFillScalar", "destination0 scalar0", "P", "pad"),
    _op("TROWSUM", REDUCE, "ExecuteTileReduction", "SUM Row destination0 source0", "P", "pad"),
    _op("TROWMAX", REDUCE, "ExecuteTileReduction", "MAX Row destination0 source0", "P", "pad"),
    _op("TROWMIN", REDUCE, "ExecuteTileReduction", "MIN Row destination0 source0", "P", "pad"),
    _op("TROWPROD", REDUCE, "ExecuteTileReduction", "PRODUCT Row destination0 source0", "P", "pad"),
    _op("TROWEXPAND", REDUCE, "ExecuteTileExpand", "COPY Row destination0 source0 source0", "P", "pad"),
    _op("TROWEXPANDADD", REDUCE, "ExecuteTileExpand", "ADD Row destination0 source0 source1", "P", "pad"),
    _op("TROWEXPANDSUB", REDUCE, "ExecuteTileExpand", "SUB Row destination0 source0 source1", "P", "pad"),
    _op("TROWEXPANDMUL", REDUCE, "ExecuteTileExpand", "MUL Row destination0 source0 source1", "P", "pad"),
    _op("TROWEXPANDDIV", REDUCE, "ExecuteTileExpand", "DIV Row destination0 source0 source1", "P", "pad"),
    _op("TROWEXPANDMAX", REDUCE, "ExecuteTileExpand", "MAX Row destination0 source0 source1", "P", "pad"),
    _op("TROWEXPANDMIN", REDUCE, "ExecuteTileExpand", "MIN Row destination0 source0 source1", "P", "pad"),
    _op("TROWEXPANDEXPDIF", REDUCE, "ExecuteTileExpand", "EXPDIF Row destination0 source0 source1", "DP", "pad"),
    _op("TROWARGMAX", REDUCE, "ExecuteTileReduction", "ARGMAX Row destination0 source0", "P", "pad"),
    _op("TROWARGMIN", REDUCE, "ExecuteTileReduction", "ARGMIN Row destination0 source0", "P", "pad"),
    _op("TCOLSUM", REDUCE, "ExecuteTileReduction", "SUM Column destination0 source0", "P", "pad"),
    _op("TCOLMAX", REDUCE, "ExecuteTileReduction", "MAX Column destination0 source0", "P", "pad"),
    _op("TCOLMIN", REDUCE, "ExecuteTileReduction", "MIN Column destination0 source0", "P", "pad"),
    _op("TCOLPROD", REDUCE, "ExecuteTileReduction", "PRODUCT Column destination0 source0", "P", "pad"),
    _op("TCOLEXPAND", REDUCE, "ExecuteTileExpand", "COPY Column destination0 source0 source0", "P", "pad"),
    _op("TCOLEXPANDADD", REDUCE, "ExecuteTileExpand", "ADD Column destination0 source0 source1", "P", "pad"),
    _op("TCOLEXPANDSUB", REDUCE, "ExecuteTileExpand", "SUB Column destination0 source0 source1", "P", "pad"),
    _op("TCOLEXPANDMUL", REDUCE, "ExecuteTileExpand", "MUL Column destination0 source0 source1", "P", "pad"),
    _op("TCOLEXPANDDIV", REDUCE, "ExecuteTileExpand", "DIV Column destination0 source0 source1", "P", "pad"),
    _op("TCOLEXPANDMAX", REDUCE, "ExecuteTileExpand", "MAX Column destination0 source0 source1", "P", "pad"),
    _op("TCOLEXPANDMIN", REDUCE, "ExecuteTileExpand", "MIN Column destination0 source0 source1", "P", "pad"),
    _op("TCOLEXPANDEXPDIF", REDUCE, "ExecuteTileExpand", "EXPDIF Column destination0 source0 source1", "DP", "pad"),
    _op("TCOLARGMAX", REDUCE, "ExecuteTileReduction", "ARGMAX Column destination0 source0", "P", "pad"),
    _op("TCOLARGMIN", REDUCE, "ExecuteTileReduction", "ARGMIN Column destination0 source0", "P", "pad"),
    _op("TCONCAT", LAYOUT, "TCONCAT", "destination0 source0 source1", "L", "zero"),
    _op("TEXTRACT", LAYOUT, "TEXTRACT", "destination0 source0 natural0 natural1", "L", "zero"),
    _op("TINSERT", LAYOUT, "TINSERT", "destination0 source0 source1 natural0 natural1", "L", "zero"),
    _op("TIMG2COL", LAYOUT, "TIMG2COL", "destination0 source0 natural0 natural1", "", "zero"),
    _op("TFILLPAD", LAYOUT, "TFILLPAD", "destination0 source0 scalar0", "L", "zero"),
    _op("TCI", IRREGULAR, "TCI", "destination0 scalar0 flag0", "", "zero"),
    _op("TTRI", IRREGULAR, "TTRI", "destination0 flag0 diagonal", "", "zero"),
    _op("THISTOGRAM", IRREGULAR, "THISTOGRAM", "destination0 source0 source1 selected_byte", "PD", "byte"),
    _op("TQUANT", IRREGULAR, "TQUANT", "destination0 source0 scalar0 scalar1 numeric_control", "SDR", "zero"),
    _op("TDEQUANT", IRREGULAR, "TDEQUANT", "destination0 source0 scalar0 scalar1 numeric_control", "DR", "zero"),
    _op("TSORT", IRREGULAR, "TSORT", "destination0 destination1 source0 sort_width flag0", "", "zero"),
    _op("TMRGSORT", IRREGULAR, "TMRGSORT", "destination0 source0 source1 flag0", "", "zero"),
    _op("TTRANS", LAYOUT, "TTRANS", "destination0 source0", "L", "zero"),
    _op("TGATHER", IRREGULAR, "TGATHER", "destination0 source0 source1", "L", "zero"),
    _op("TSCATTER", IRREGULAR, "TSCATTER", "destination0 source0 source1", "L", "zero"),
    _op("TPARTADD", IRREGULAR, "ExecuteTilePartial", "ADD destination0 source0 source1", "", "zero"),
    _op("TPARTMUL", IRREGULAR, "ExecuteTilePartial", "MUL destination0 source0 source1", "", "zero"),
    _op("TPARTMAX", IRREGULAR, "ExecuteTilePartial", "MAX destination0 source0 source1", "", "zero"),
    _op("TPARTMIN", IRREGULAR, "ExecuteTilePartial", "MIN destination0 source0 source1", "", "zero"),
    _op("TLOAD", MEMORY, "TLOAD", "destination0 address scalar0", "PL", "pad"),
    _op("TSTORE", MEMORY, "TSTORE", "address scalar0 source0", "PL", "pad"),
    _op("TMOV", LAYOUT, "TMOV", "destination0 source0", "L", "zero"),
    _op("TPREFETCH", MEMORY, "TPREFETCH", "address scalar0 positive0 positive1 positive2", "L", "zero"),
    _op("MGATHER", MEMORY, "MGATHER", "destination0 address source0 pad", "PL", "pad"),
    _op("MSCATTER", MEMORY, "MSCATTER", "address source0 source1", "L", "zero"),
    _op("MGATHER_MASK", MEMORY, "MGATHER_MASK", "destination0 address source0 source1 pad", "PL", "pad"),
    _op("MSCATTER_MASK", MEMORY, "MSCATTER_MASK", "address source0 source1 source2", "L", "zero"),
    _op("MGATHER_CAS", MEMORY, "MGATHER_CAS", "destination0 address source0 source1 source2 pad", "PL", "pad"),
    _op("GMOV", MEMORY, "GMOV", "destination0 source0 scalar0", "L", "zero"),
    _op("TMATMUL", MATRIX, "TMATMUL", "destination0 source0 source1", "DRS", "zero"),
    _op("TMATMUL_BIAS", MATRIX, "TMATMUL_BIAS", "destination0 source0 source1 source2", "DRS", "zero"),
    _op("TMATMUL_ACC", MATRIX, "TMATMUL_ACC", "destination0 source0 source1 source2", "DRS", "zero"),
    _op("TMATMUL_MX", MATRIX, "TMATMUL_MX", "destination0 source0 source1 source2 source3", "DRS", "zero"),
    _op("TMATMUL_MX_BIAS", MATRIX, "TMATMUL_MX_BIAS", "destination0 source0 source1 source2 source3 source4", "DRS", "zero"),
    _op("TMATMUL_MX_ACC", MATRIX, "TMATMUL_MX_ACC", "destination0 source0 source1 source2 source3 source4", "DRS", "zero"),
    _op("TGEMV", MATRIX, "TGEMV", "destination0 source0 source1", "DRS", "zero"),
    _op("TGEMV_BIAS", MATRIX, "TGEMV_BIAS", "destination0 source0 source1 source2", "DRS", "zero"),
    _op("TGEMV_ACC", MATRIX, "TGEMV_ACC", "destination0 source0 source1 source2", "DRS", "zero"),
    _op("TGEMV_MX", MATRIX, "TGEMV_MX", "destination0 source0 source1 source2 source3", "DRS", "zero"),
    _op("TGEMV_MX_BIAS", MATRIX, "TGEMV_MX_BIAS", "destination0 source0 source1 source2 source3 source4", "DRS", "zero"),
    _op("TGEMV_MX_ACC", MATRIX, "TGEMV_MX_ACC", "destination0 source0 source1 source2 source3 source4", "DRS", "zero"),
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
