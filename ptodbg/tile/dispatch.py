"""Executing a tile operation: the generic instruction path (ExecuteTileInstruction) and a
tile block's commit (ExecuteBundleTileOperationLocally): binding schema, data-attribute
applicability, the closed schemas, destination allocation, the operand record, then the
operation's legality and effect.

Sources (pto-spec 0.58.3): ``asl/block/model/dispatch/{tile-execution,tile-schema,
descriptor-legality,destination-shape,scalar-schema,comparison-schema,tile-scalar-schema,
expansion-schema,reduction-schema,tcvt-schema,numeric-control}.asl``,
``asl/block/model/faults/rollback.asl`` and the generated ``ExecuteTileInstruction``
(``scripts/generate-asl-decoders``: sources defined, then TileOperandsLegal_<handler>,
then <handler>).

Everything runs against the attempt's :class:`~ptodbg.tile.execution.Workspace`; a
rejection raises :class:`~ptodbg.tile.blockop.TileFault` and the caller drops the
workspace, so allocated destinations never outlive a failed attempt (the spec's
RollBackBundleTileDestinations).
"""

from __future__ import annotations

from ptodbg.tile import codes
from ptodbg.tile import elements as el
from ptodbg.tile import legality as lg
from ptodbg.tile import operations as ops
from ptodbg.tile.blockop import (
    BUNDLE_CONTROL,
    ILLEGAL,
    PRE_QUANT_SCALAR,
    TILE_ALLOCATION,
    TILE_LEGALITY,
    TILE_MATRIX,
    BlockOperation,
    TileFault,
)
from ptodbg.tile.codes import NUMERIC, PREDICATE, ROW_MAJOR, DType
from ptodbg.tile.execution import Env, Operands, TileUnsupported
from ptodbg.tile.semantics import handlers, sharedmove, transport
from ptodbg.tile.semantics.memory import dense_row_stride
from ptodbg.tile.state import (
    derived_rows,
    logical_capacity,
    numeric_tile,
    predicate_tile,
    shape_legal,
)

Dims = tuple  # (LB0, LB1, LB2): the value of each B.DIM dimension, None when absent

# Handlers whose legality owns source definedness (no generic pre-check).
_OWN_DEFINEDNESS = frozenset({"TGATHER", "THISTOGRAM", "TIMG2COL"}) | frozenset(
    op.handler for op in ops.OPERATIONS if op.cls == ops.MATRIX)

# What ptodbg does not execute yet, by the feature it needs (part two of the tile surface).
_PART_TWO = {
    ops.MATRIX: "the matrix engine (TMATMUL/TGEMV: tile part two)",
    ops.IRREGULAR: "irregular and complex tile operations (tile part two)",
}
_TLSU_PART_TWO = {
    "MGATHER": "MGATHER/MSCATTER (tile part two)", "MSCATTER": "MGATHER/MSCATTER (tile part two)",
    "MGATHER_MASK": "MGATHER/MSCATTER (tile part two)", "MSCATTER_MASK": "MGATHER/MSCATTER (tile part two)",
    "MGATHER_CAS": "MGATHER/MSCATTER (tile part two)", "GMOV": "GMOV peer-tile movement (tile part two)",
}


def part_two(op: ops.Op) -> str | None:
    """The part-two feature an operation needs, or None when ptodbg executes it."""
    return _TLSU_PART_TWO.get(op.name) or _PART_TWO.get(op.cls)


# ------------------------------------------------------ generic instruction path
_NUMERIC_CONTROL = "numeric_control"


def resolve_numeric_control(env: Env, index: int, o: Operands) -> tuple[str, bool]:
    """ResolveTileNumericExecutionControl: (rounding mode, saturating); the operation's
    default is RNE, RTZ for a TCVT from a floating to an integer type."""
    use_default, mode, saturating = o.numeric_control
    if use_default:
        mode = "RNE"
        if ops.OPERATIONS[index].name == "TCVT":
            src, dst = env.tiles[o.source0], env.tiles[o.destination0]
            if src is not None and dst is not None and src.dtype.is_floating and not dst.dtype.is_floating:
                mode = "RTZ"
    return mode, saturating


def arguments(env: Env, index: int, o: Operands) -> list:
    """The handler's arguments (tile_argument_expression): constants as their names,
    operand fields from the record, the runtime pad value."""
    out: list = []
    for a in ops.OPERATIONS[index].arguments:
        if a == _NUMERIC_CONTROL:
            out.append(resolve_numeric_control(env, index, o))
        elif a in ops.OPERAND_FIELDS:
            out.append(getattr(o, a))
        elif a == "pad":
            out.append(env.pad_value())
        else:
            out.append(a)
    return out


def execute_instruction(env: Env, index: int, o: Operands) -> None:
    """ExecuteTileInstructionWithoutTime: the sources' definedness (unless the handler
    owns it), TileOperandsLegal_<handler>, then the handler; TileLegality before any
    effect."""
    op = ops.OPERATIONS[index]
    missing = part_two(op)
    handler = handlers().get(op.handler)
    if missing is not None or handler is None:
        raise TileUnsupported(f"{op.name}: {missing or 'its semantics are not in ptodbg yet'}")
    if op.handler not in _OWN_DEFINEDNESS:
        for field in op.operands:
            if field.startswith("source") and not lg.contents_defined(env.tiles, getattr(o, field)):
                raise TileFault(TILE_LEGALITY, f"{op.name}: source T{getattr(o, field)} is not completely defined")
    args = arguments(env, index, o)
    if not handler.legal(env, *args):
        raise TileFault(TILE_LEGALITY, f"{op.name}: its operands are not legal (TileOperandsLegal_{op.handler})")
    handler.execute(env, *args)


# ------------------------------------------------------------- block helpers
def _dim(dims: Dims, i: int) -> int:
    return dims[i] or 0


def dims_legal(dims: Dims) -> bool:
    """SelectedBundleComparisonDimensionsLegal: LB0 present and 1..65535; a present LB1/LB2
    in 1..65535."""
    if dims[0] is None or not 1 <= dims[0] <= 65535:
        return False
    return all(d is None or 1 <= d <= 65535 for d in dims[1:])


def dims_shape(dims: Dims) -> tuple[int, int, int]:
    """(valid rows, valid columns, columns) a closed schema's LB0..LB2 give."""
    vc = dims[0] or 0
    return (dims[1] if dims[1] is not None else 1), vc, (dims[2] if dims[2] is not None else vc)


def shape_matches(env: Env, source: int, dims: Dims) -> bool:
    """SelectedBundleComparisonShapeMatches."""
    t = env.tiles[source]
    vr, vc, c = dims_shape(dims)
    return t is not None and (t.valid_rows, t.valid_columns, t.columns) == (vr, vc, c)


def data_type(op: BlockOperation) -> DType:
    """The block's operation data type (CurrentBundleTileOperationDataTypeCode)."""
    d = codes.dtype_of_code(op.descriptor.dtype) if op.descriptor is not None else None
    if d is None:
        raise TileFault(TILE_LEGALITY, "the block's data type is not a concrete type")
    return d


def tile_layout(op: BlockOperation) -> int:
    """CurrentBundleTileLayout: the destination layout of the B.DATR Layout transform."""
    return codes.destination_layout(op.datr.layout)


def binding_count(op: BlockOperation) -> int:
    return len(op.tiles)


def _size_bytes(binding) -> int:  # noqa: ANN001
    return codes.size_code_bytes(binding.size) if binding.destination_valid else 0


def _single(op: BlockOperation, *, source1: bool, source0: bool = True) -> bool:
    """The one terminating binding of a closed schema: a new destination, the sources as
    asked, L set."""
    if len(op.tiles) != 1 or op.shared:
        return False
    b = op.tiles[0]
    return (b.destination_valid and not b.allocated and codes.local_size_code_legal(b.size)
            and b.source0_valid == source0 and b.source1_valid == source1 and b.last)


# --------------------------------------------------------- closed schemas
_BINARY_OPS = {"TADD": el.ADD, "TSUB": el.SUB, "TMUL": el.MUL, "TDIV": el.DIV, "TREM": el.REM,
               "TMAX": el.MAX, "TMIN": el.MIN}
_UNARY_OPS = {"TABS": el.ABS, "TNOT": el.NOT, "TNEG": el.NEG, "TRELU": el.RELU}
_SCALAR_OPS = {"TADDS": el.ADD, "TSUBS": el.SUB, "TMULS": el.MUL, "TDIVS": el.DIV, "TREMS": el.REM,
               "TANDS": el.AND, "TORS": el.OR, "TXORS": el.XOR, "TSHLS": el.SHL, "TSHRS": el.SHR,
               "TMAXS": el.MAX, "TMINS": el.MIN}
_ROW_REDUCTIONS = frozenset({"TROWSUM", "TROWPROD", "TROWMIN", "TROWMAX", "TROWARGMIN", "TROWARGMAX"})
_COLUMN_REDUCTIONS = frozenset({"TCOLSUM", "TCOLPROD", "TCOLMIN", "TCOLMAX", "TCOLARGMIN", "TCOLARGMAX"})
_INDEX_REDUCTIONS = frozenset({"TROWARGMIN", "TROWARGMAX", "TCOLARGMIN", "TCOLARGMAX"})
_ROW_EXPANSIONS = frozenset({"TROWEXPAND", "TROWEXPANDADD", "TROWEXPANDSUB", "TROWEXPANDMUL", "TROWEXPANDDIV",
                             "TROWEXPANDMAX", "TROWEXPANDMIN", "TROWEXPANDEXPDIF"})
_COLUMN_EXPANSIONS = frozenset(n.replace("TROW", "TCOL") for n in _ROW_EXPANSIONS)


def _scalar_raw(env: Env, op: BlockOperation) -> int:
    """SelectedBundleTileScalarRawValue: B.IOR RegSrc0, or zero without B.IOR."""
    return env.read_gpr(op.scalar.source0) if op.scalar is not None and env.read_gpr else 0


def _scalar_source_legal(env: Env, source: int, d: DType, dims: Dims) -> bool:
    """SelectedBundleTileScalarSourceLegal."""
    t = env.tiles[source]
    return (lg.descriptor_legal(env.tiles, source) and t.kind == NUMERIC and t.dtype is d  # type: ignore[union-attr]
            and t.layout == ROW_MAJOR and lg.contents_defined(env.tiles, source)  # type: ignore[union-attr]
            and lg.encodings_valid(env.tiles, source) and shape_matches(env, source, dims))


def closed_schema_legal(env: Env, name: str, dims: Dims) -> bool:
    """The Selected*SchemaLegal check of the operation's closed complete-bundle schema
    (TRUE for an operation without one)."""
    from ptodbg.tile.semantics.elementwise import (
        binary_data_type_supported,
        unary_data_type_supported,
    )

    op = env.op
    if name in _BINARY_OPS or name in _UNARY_OPS or name == "TFMA":
        if name == "TFMA":
            if len(op.tiles) != 2 or op.shared or op.scalar is not None:
                return False
            first, result = op.tiles
            if (first.destination_valid or not first.source0_valid or not first.source1_valid or first.last
                    or not result.destination_valid or result.allocated or not codes.local_size_code_legal(result.size)
                    or not result.source0_valid or result.source1_valid or not result.last):
                return False
        elif not _single(op, source1=name in _BINARY_OPS):
            return False
        if not dims_legal(dims):
            return False
        d = data_type(op)
        if name in _UNARY_OPS:
            supported = unary_data_type_supported(_UNARY_OPS[name], d)
        else:
            supported = d in codes.VEC_ARITHMETIC
        return supported and tile_layout(op) == ROW_MAJOR
    if name in _SCALAR_OPS or name in ("TCMPS", "TSELS", "TEXPANDS"):
        if len(op.tiles) != 1 or op.shared or not dims_legal(dims):
            return False
        if name == "TEXPANDS":
            return _single(op, source0=False, source1=False) and data_type(op) in codes.VEC_ARITHMETIC \
                and tile_layout(op) == ROW_MAJOR
        if name == "TSELS":
            if not _single(op, source1=True):
                return False
            b, d = op.tiles[0], data_type(op)
            return (d in codes.VEC_ARITHMETIC and lg.predicate_values_legal(env.tiles, b.source0)
                    and _scalar_source_legal(env, b.source1, d, dims)
                    and lg.logical_shape_match(env.tiles, b.source0, b.source1))
        if not _single(op, source1=False):
            return False
        d = data_type(op)
        b = op.tiles[0]
        scalar = el.raw(_scalar_raw(env, op), d)
        if name == "TCMPS":
            return (op.datr.cmode <= 5 and d in codes.VEC_ARITHMETIC and _scalar_source_legal(env, b.source0, d, dims)
                    and el.encoding_valid(d, scalar))
        binary = _SCALAR_OPS[name]
        if not (binary_data_type_supported(binary, d) and tile_layout(op) == ROW_MAJOR
                and _scalar_source_legal(env, b.source0, d, dims) and el.encoding_valid(d, scalar)):
            return False
        if binary in (el.DIV, el.REM) and d.is_integer:
            return el.operand(scalar, d) != 0
        return True
    if name in ("TCMP", "TSEL"):
        return _comparison_schema_legal(env, name, dims)
    if name in _ROW_REDUCTIONS or name in _COLUMN_REDUCTIONS:
        if not _single(op, source1=False) or op.scalar is not None or not dims_legal(dims):
            return False
        d, source = data_type(op), op.tiles[0].source0
        t = env.tiles[source]
        return (d in codes.VEC_ARITHMETIC and lg.descriptor_legal(env.tiles, source) and t.kind == NUMERIC
                and t.dtype is d and t.layout == ROW_MAJOR and t.valid_rows > 0 and t.valid_columns > 0
                and shape_matches(env, source, dims) and lg.contents_defined(env.tiles, source)
                and lg.encodings_valid(env.tiles, source))
    if name in _ROW_EXPANSIONS or name in _COLUMN_EXPANSIONS:
        return _expansion_schema_legal(env, name, dims)
    if name == "TCVT":
        return _tcvt_schema_legal(env, dims)
    return True


def _tcvt_schema_legal(env: Env, dims: Dims) -> bool:
    """SelectedBundleClosedTCVTSchemaLegal: one terminating binding of a defined, validly
    encoded source of the block's type, the destination type a supported pair, the
    representation (Canonicalize, Layout) the source's."""
    from ptodbg.tile.semantics.elementwise import tcvt_pair_supported

    op = env.op
    if not _single(op, source1=False) or op.scalar is not None or not dims_legal(dims):
        return False
    source, w = op.tiles[0].source0, env.tiles
    if not (lg.contents_defined(w, source) and lg.encodings_valid(w, source)):
        return False
    t = w.allocated(source)
    destination_type = effective_data_type(env)
    if t.dtype is not data_type(op) or destination_type is None or not tcvt_pair_supported(t.dtype,
                                                                                           destination_type):
        return False
    private = t.location == codes.MATRIX
    if private != op.datr.canonicalize:
        return False
    if private:
        return op.datr.layout == 0 and t.layout == ROW_MAJOR
    return not codes.cube_conversion(op.datr.layout) and t.layout == codes.source_layout(op.datr.layout)


def _comparison_schema_legal(env: Env, name: str, dims: Dims) -> bool:
    """SelectedBundleClosedTCMPSchemaLegal / SelectedBundleClosedTSELSchemaLegal."""
    op, w = env.op, env.tiles
    if op.shared or op.scalar is not None or not dims_legal(dims):
        return False
    d = data_type(op)
    if name == "TCMP":
        if not _single(op, source1=True) or op.datr.cmode > 5:
            return False
        left, right = op.tiles[0].source0, op.tiles[0].source1
        t = w[left]
        return (d in codes.VEC_ARITHMETIC and lg.shape_and_type_match(w, left, right) and t.kind == NUMERIC
                and t.dtype is d and t.layout == ROW_MAJOR and lg.contents_defined(w, left)
                and lg.contents_defined(w, right) and lg.encodings_valid(w, left) and lg.encodings_valid(w, right)
                and shape_matches(env, left, dims))
    if len(op.tiles) != 2:
        return False
    inputs, result = op.tiles
    if (inputs.destination_valid or not inputs.source0_valid or not inputs.source1_valid or inputs.last
            or not result.destination_valid or result.allocated or not codes.local_size_code_legal(result.size)
            or not result.source0_valid or result.source1_valid or not result.last):
        return False
    mask, true, false = inputs.source0, inputs.source1, result.source0
    t = w[true]
    return (d in codes.VEC_ARITHMETIC and lg.predicate_values_legal(w, mask) and lg.shape_and_type_match(w, true, false)
            and t.kind == NUMERIC and t.dtype is d and t.layout == ROW_MAJOR and lg.contents_defined(w, true)
            and lg.contents_defined(w, false) and lg.logical_shape_match(w, mask, true)
            and shape_matches(env, true, dims))


def _expansion_schema_legal(env: Env, name: str, dims: Dims) -> bool:
    """SelectedBundleClosedExpansionSchemaLegal (the exponential difference forms need
    the numeric formats)."""
    op, w = env.op, env.tiles
    copy = name in ("TROWEXPAND", "TCOLEXPAND")
    if len(op.tiles) != 1 or op.shared or op.scalar is not None or not dims_legal(dims):
        return False
    if not _single(op, source1=not copy):
        return False
    b = op.tiles[0]
    broadcast = b.source0 if copy else b.source1
    d = source_type = data_type(op)
    expdif = name.endswith("EXPDIF")
    if expdif:
        types = expdif_types(op)
        if types is None:
            return False
        source_type, d = types
    t = w[broadcast]
    if (not expdif and d not in codes.VEC_ARITHMETIC) or not lg.descriptor_legal(w, broadcast) \
            or t.kind != NUMERIC or t.dtype is not source_type or t.layout != ROW_MAJOR \
            or not lg.contents_defined(w, broadcast) or not lg.encodings_valid(w, broadcast):
        return False
    vr, vc, c = dims_shape(dims)
    row = name in _ROW_EXPANSIONS
    if row and (t.valid_rows, t.valid_columns, t.columns) != (vr, 1, 1):
        return False
    if not row and (t.valid_rows, t.valid_columns, t.columns) != (1, vc, c):
        return False
    if copy:
        return True
    s = w[b.source0]
    if not (lg.descriptor_legal(w, b.source0) and s.kind == NUMERIC and s.dtype is source_type
            and s.layout == ROW_MAJOR
            and lg.contents_defined(w, b.source0) and lg.encodings_valid(w, b.source0)
            and shape_matches(env, b.source0, dims)):
        return False
    if name.endswith("EXPANDDIV") and d.is_integer:
        from ptodbg.tile.semantics.reduce import broadcast_nonzero
        return broadcast_nonzero(w, "Row" if row else "Column", b.source0, b.source1)
    return True


def expdif_type_pair(op: BlockOperation) -> tuple[bool, DType, DType]:
    """SelectedBundleExpansionExponentialDifferenceTypes: (legal, source, destination) - the
    BSTART's type, and B.DATR's DataType as the destination (DTYPE_NONE: the same); legal
    pairs are FP16->FP16/FP32, BF16->BF16/FP32, FP32->FP32; FP64 for a missing type."""
    from ptodbg.tile.semantics.reduce import EXPDIF_PAIRS
    d = op.descriptor
    source = codes.dtype_of_code(d.dtype) if d is not None and d.dtype_valid else None
    if source is None:
        return False, codes.FP64, codes.FP64
    destination = source
    if op.datr_present and op.datr.dtype != codes.DTYPE_NONE:
        destination = codes.dtype_of_code(op.datr.dtype)
        if destination is None:
            return False, codes.FP64, codes.FP64
    return (source, destination) in EXPDIF_PAIRS, source, destination


def expdif_types(op: BlockOperation) -> tuple[DType, DType] | None:
    """The legal (source, destination) pair of an EXPDIF block, or None."""
    legal, source, destination = expdif_type_pair(op)
    return (source, destination) if legal else None


# ------------------------------------------------------------ binding checks
def bindings_complete(env: Env, index: int) -> bool:
    """BundleOperationBindingsComplete (non-matrix operations)."""
    op = env.op
    present = ops.OPERATIONS[index].operands
    destinations = sum(b.destination_valid for b in op.tiles)
    sources = sum(b.source0_valid + b.source1_valid for b in op.tiles)
    expected_d = sum(f in present for f in ("destination0", "destination1"))
    expected_s = sum(f in present for f in ("source0", "source1", "source2", "source3", "source4"))
    if op.fpatr is not None:
        return False
    if destinations != expected_d or sources != expected_s:
        return False
    if op.tiles and not stream_terminated(op):
        return False
    return scalar_schema_legal(env, index)


def stream_terminated(op: BlockOperation) -> bool:
    """BundleTileBindingStreamTerminated: the last binding, and only it, has L."""
    return bool(op.tiles) and op.tiles[-1].last and not any(b.last for b in op.tiles[:-1])


def gpr_input_count(index: int) -> int:
    """BundleOperationGPRInputCount (non-matrix operations)."""
    present = ops.OPERATIONS[index].operands
    return sum(f in present for f in ("address", "scalar0", "scalar1", "diagonal", "flag0"))


def gpr_input_slot(index: int, field: str) -> int:
    """BundleOperationGPRInputSlot: inputs pack densely in the order address, scalar0,
    scalar1, diagonal, flag0."""
    present = ops.OPERATIONS[index].operands
    slot = 0
    for f in ("address", "scalar0", "scalar1", "diagonal", "flag0"):
        if f in present:
            if f == field:
                return slot
            slot += 1
    return 3


def scalar_schema_legal(env: Env, index: int) -> bool:
    """BundleOperationScalarBindingSchemaLegal: unused B.IOR fields are zero."""
    s = env.op.scalar
    if s is None:
        return True
    n = gpr_input_count(index)
    if (n < 3 and s.source2) or (n < 2 and s.source1) or (n < 1 and s.source0):
        return False
    return s.destination == 0


def _gpr_input(env: Env, slot: int) -> int:
    s = env.op.scalar
    if s is None or env.read_gpr is None:
        return 0
    return env.read_gpr((s.source0, s.source1, s.source2)[slot])


def gpr_values_legal(env: Env, index: int) -> bool:
    """BundleOperationGPRBindingValuesLegal (non-matrix operations: flag0 is 0 or 1, the
    diagonal within +-65535)."""
    if env.op.scalar is None:
        return True
    if gpr_input_count(index) > 3:
        return False
    if ops.OPERATIONS[index].name in ("TQUANT", "TDEQUANT"):
        raise TileUnsupported("TQUANT/TDEQUANT scale and zero-point checks (irregular and complex: tile part two)")
    present = ops.OPERATIONS[index].operands
    if "flag0" in present and _gpr_input(env, gpr_input_slot(index, "flag0")) not in (0, 1):
        return False
    if "diagonal" in present and abs(el.signed(_gpr_input(env, gpr_input_slot(index, "diagonal")))) > 65535:
        return False
    return True


def data_attributes_legal(env: Env, index: int) -> None:
    """SelectedBundleTileDataAttributesLegal: every nonzero B.DATR field is one the
    operation lets be nonzero; TLOAD/TSTORE take PadValue only in their CUBE form; a
    must-zero pad union rejects a nonzero PadValueOrByteId.  TileLegality otherwise."""
    op = env.op
    a = op.datr
    present = op.datr_present
    nonzero = {"C": present and a.cmode != 0, "P": present and a.pad != 0, "S": present and a.sat,
               "K": present and a.canonicalize, "D": present and a.dtype != 0, "R": present and a.rmode != 0,
               "L": present and a.layout != 0}
    row = ops.OPERATIONS[index]
    if any(flag and field not in row.datr for field, flag in nonzero.items()):
        raise TileFault(TILE_LEGALITY, f"{row.name}: B.DATR sets a field the operation does not take")
    if row.name in ("TLOAD", "TSTORE") and not codes.cube_conversion(a.layout if present else 0) and nonzero["P"]:
        raise TileFault(TILE_LEGALITY, f"{row.name}: PadValue is only for the CUBE layout conversions")
    if nonzero["P"] and row.pad_union == "zero":
        raise TileFault(TILE_LEGALITY, f"{row.name}: PadValueOrByteId must be zero")


# --------------------------------------------------------- destinations
def effective_data_type(env: Env) -> DType | None:
    """ResolveBundleEffectiveDataType (TMOV's source-typed form included)."""
    op = env.op
    if op.datr.dtype_present and codes.code_concrete(op.datr.dtype):
        return codes.dtype_of_code(op.datr.dtype)
    d = op.descriptor
    if d is not None and d.dtype_valid and codes.code_concrete(d.dtype):
        return codes.dtype_of_code(d.dtype)
    if d is not None and d.selects_tmov():
        for b in op.tiles:
            for valid, source in ((b.source0_valid, b.source0), (b.source1_valid, b.source1)):
                t = env.tiles[source] if valid else None
                if t is not None and t.configured():
                    return t.dtype
        from ptodbg.tile.shared import descriptor_legal
        for s in op.shared:  # a shared source's type (TMOV.S2L)
            if not s.consumed and s.size == 0:
                shared = env.tiles.shared(s.shared_id)
                if descriptor_legal(shared, env.tiles.limit):
                    return shared.tile.dtype  # type: ignore[union-attr]
    return None


def _shape_source(op: BlockOperation) -> int | None:
    for b in op.tiles:
        if b.source0_valid:
            return b.source0
        if b.source1_valid:
            return b.source1
    return None


def destination_shape(env: Env, dims: Dims) -> tuple[int, int, int]:
    """BundleDestinationValidRows / ValidColumns / PhysicalColumns from LB1, LB0, LB2, else
    the first source's descriptor, else 1 (LB2 defaults to the valid columns)."""
    from ptodbg.tile.shared import descriptor_legal

    op = env.op
    source = _shape_source(op)
    t = env.tiles[source] if source is not None else None
    if t is not None and not t.configured():
        t = None
    if t is None and len(op.shared) == 1:  # else the one shared register's descriptor
        shared = env.tiles.shared(op.shared[0].shared_id)
        t = shared.tile if descriptor_legal(shared, env.tiles.limit) else None  # type: ignore[union-attr]
    lb0, lb1, lb2 = _dim(dims, 0), _dim(dims, 1), _dim(dims, 2)
    vr = lb1 if 1 <= lb1 <= 65535 else t.valid_rows if t is not None else 1
    vc = lb0 if 1 <= lb0 <= 65535 else t.valid_columns if t is not None else 1
    c = lb2 if 1 <= lb2 <= 65535 else t.columns if t is not None else vc
    return vr, vc, c


def resolve_destinations(env: Env, dims: Dims, shape: tuple[int, int, int] | None = None,
                         primary: DType | None = None) -> BlockOperation:
    """ResolveBundleTileDestinationsWithShapeAndType (non-matrix): the lowest free register
    of each destination's hand, all capacity and shape checks before any allocation, then
    each destination configured; the bindings name the registers they got."""
    op = env.op
    selected = effective_data_type(env)
    if selected is None:
        raise TileFault(TILE_LEGALITY, "the block has no effective data type")
    reserved: set[int] = set()
    resolved: dict[int, int] = {}
    required = 0
    for k, b in enumerate(op.tiles):
        if b.destination_valid and not b.allocated:
            required += codes.pe_count(b.mask) * _size_bytes(b)
            free = next((i for i in range(b.hand * 16, b.hand * 16 + 16)
                         if env.tiles[i] is None and i not in reserved), None)
            if free is None:
                raise TileFault(TILE_ALLOCATION, f"no free tile register in hand {'TUMN'[b.hand]}")
            reserved.add(free)
            resolved[k] = free
    if env.tiles.view().in_use() + required > env.tiles.limit:
        raise TileFault(TILE_ALLOCATION, "the destinations exceed the core's tile capacity")
    primary_type = primary or selected
    vr, vc, c = shape if shape is not None else destination_shape(env, dims)
    layout = tile_layout(op)
    plans = []
    for ordinal, (k, index) in enumerate(resolved.items()):
        b = op.tiles[k]
        d = primary_type if ordinal == 0 else codes.U32
        capacity = _size_bytes(b)
        rows = derived_rows(capacity, c, d)
        if not shape_legal(capacity, c, vr, vc, d) or rows * c > logical_capacity(capacity, d):
            raise TileFault(TILE_ALLOCATION, f"a {capacity}-byte destination cannot hold {vr}x{vc} of {c} columns")
        plans.append((k, index, capacity, d, b.mask))
    tiles = list(op.tiles)
    for k, index, capacity, d, mask in plans:
        env.tiles[index] = numeric_tile(capacity, c, vr, vc, d, layout, codes.ANY, mask)
        tiles[k] = tiles[k].replace(destination=index, allocated=True)
    return op.replace(tiles=tuple(tiles))


def resolve_predicate_destination(env: Env) -> BlockOperation:
    """ResolveBundlePredicateDestination: TCMP/TCMPS write a predicate tile of the source's
    shape."""
    op = env.op
    k = next((k for k, b in enumerate(op.tiles) if b.destination_valid), None)
    if k is None:
        raise TileFault(BUNDLE_CONTROL, "no destination binding")
    b = op.tiles[k]
    source = env.tiles.allocated(b.source0)
    capacity = _size_bytes(b)
    if source.kind != NUMERIC or source.rows * source.columns > logical_capacity(source.capacity, source.dtype) \
            or (source.rows * source.columns + 7) // 8 > capacity:
        raise TileFault(TILE_ALLOCATION, "the predicate destination cannot hold the source's shape")
    if env.tiles.view().in_use() + codes.pe_count(b.mask) * capacity > env.tiles.limit:
        raise TileFault(TILE_ALLOCATION, "the destination exceeds the core's tile capacity")
    free = next((i for i in range(b.hand * 16, b.hand * 16 + 16) if env.tiles[i] is None), None)
    if free is None:
        raise TileFault(TILE_ALLOCATION, f"no free tile register in hand {'TUMN'[b.hand]}")
    env.tiles[free] = predicate_tile(capacity, source.rows, source.columns, source.valid_rows,
                                     source.valid_columns, b.mask)
    tiles = list(op.tiles)
    tiles[k] = b.replace(destination=free, allocated=True)
    return op.replace(tiles=tuple(tiles))


def resolve_for_operation(env: Env, index: int, dims: Dims) -> BlockOperation:
    """ResolveBundleTileDestinationsForOperation."""
    name = ops.OPERATIONS[index].name
    op = env.op
    if name in _ROW_REDUCTIONS or name in _COLUMN_REDUCTIONS:
        source = env.tiles.allocated(op.tiles[0].source0)
        row = name in _ROW_REDUCTIONS
        d = codes.U32 if name in _INDEX_REDUCTIONS else source.dtype
        shape = (source.valid_rows, 1, 1) if row else (1, source.valid_columns, source.columns)
        return resolve_destinations(env, dims, shape, d)
    if name in ("TCMP", "TCMPS"):
        return resolve_predicate_destination(env)
    if name.endswith("EXPDIF"):
        types = expdif_types(op)
        if types is None:
            raise TileFault(TILE_LEGALITY, f"{name}: no legal source and destination type pair")
        return resolve_destinations(env, dims, dims_shape(dims), types[1])
    closed = (name in _BINARY_OPS or name in _UNARY_OPS or name == "TFMA" or name in _SCALAR_OPS
              or name in ("TCMPS", "TSELS", "TEXPANDS", "TSEL", "TCVT") or name in _ROW_EXPANSIONS
              or name in _COLUMN_EXPANSIONS)
    if not closed:
        return resolve_destinations(env, dims)
    return resolve_destinations(env, dims, dims_shape(dims))


# --------------------------------------------------------------- operands
def block_operands(env: Env, index: int, dims: Dims) -> Operands:
    """BundleTileInstructionOperands: destinations and sources in binding order, the
    B.IOR inputs in their dense slots (TLOAD/TSTORE default their row stride to the dense
    pitch), the dimensions, the B.DATR selections."""
    op = env.op
    row = ops.OPERATIONS[index]
    present = row.operands
    o = Operands()
    destinations = [b.destination for b in op.tiles if b.destination_valid]
    sources = [s for b in op.tiles for valid, s in ((b.source0_valid, b.source0), (b.source1_valid, b.source1))
               if valid]
    for k, value in enumerate(destinations[:3]):
        setattr(o, f"destination{k}", value)
    for k, value in enumerate(sources[:8]):
        setattr(o, f"source{k}", value)
    has_ior = op.scalar is not None
    if "address" in present and has_ior:
        o.address = _gpr_input(env, gpr_input_slot(index, "address"))
    if "scalar0" in present:
        if has_ior:
            o.scalar0 = _gpr_input(env, gpr_input_slot(index, "scalar0"))
        elif row.name in ("TQUANT", "TDEQUANT"):
            o.scalar0 = 0x3F800000
        elif row.name in ("TLOAD", "TSTORE"):
            d = data_type(op)
            columns = _physical_columns(env, dims, o.source0 if row.name == "TSTORE" else None)
            o.scalar0 = dense_row_stride(columns, d)
        elif "address" in present:
            o.scalar0 = _dim(dims, 2)
    if "scalar1" in present and has_ior:
        o.scalar1 = _gpr_input(env, gpr_input_slot(index, "scalar1"))
    if "diagonal" in present and has_ior:
        o.diagonal = el.signed(_gpr_input(env, gpr_input_slot(index, "diagonal")))
    if "flag0" in present and has_ior:
        o.flag0 = _gpr_input(env, gpr_input_slot(index, "flag0")) == 1
    if op.op_class == TILE_MATRIX and op.fpatr is not None and has_ior:
        # matrix post-processing parameters take the next dense B.IOR slots (RegSrc0, RegSrc1)
        slot = 0
        if op.fpatr.pre_quant in PRE_QUANT_SCALAR:
            o.post_quant_param = _gpr_input(env, slot)
            slot += 1
        if op.fpatr.relu == 2:
            o.post_lrelu_param = _gpr_input(env, slot)
    d0, d1, d2 = _dim(dims, 0), _dim(dims, 1), _dim(dims, 2)
    if d0 <= 65535:
        o.natural0 = d0
        if d0:
            o.positive0 = d0
    if d1 <= 65535:
        o.natural1 = d1
        if d1:
            o.positive1 = d1
    if 1 <= d2 <= 65535:
        o.positive2 = d2
    if d0 <= 262144:
        o.byte_count = d0
    if 1 <= d0 <= 64:
        o.sort_width = d0
    o.selected_byte = op.datr.pad & 3
    o.comparison = ("EQ", "NE", "LT", "GT", "LE", "GE")[op.datr.cmode] if op.datr.cmode <= 5 else "EQ"
    o.numeric_control = rounding_selection(op.datr.rmode, op.datr.sat)
    return o


_RMODES = {0: "RNE", 1: "RNE", 2: "RTZ", 3: "RTM", 4: "RTP", 5: "RNA", 6: "RTO", 7: "RHB"}


def rounding_selection(rmode: int, saturating: bool) -> tuple[bool, str, bool]:
    """DecodeBundleRoundingSelection: RMode 0 is the operation's default."""
    return rmode == 0, _RMODES[rmode & 7], saturating


def _physical_columns(env: Env, dims: Dims, source: int | None) -> int:
    """BundleDestinationPhysicalColumns (with the TSTORE source as the shape source)."""
    lb2 = _dim(dims, 2)
    if 1 <= lb2 <= 65535:
        return lb2
    t = env.tiles[source] if source is not None else None
    if t is not None and t.configured():
        return t.columns
    lb0 = _dim(dims, 0)
    return lb0 if 1 <= lb0 <= 65535 else 1


# ------------------------------------------------------------- block commit
def masks_legal(op: BlockOperation) -> bool:
    """SelectedBundleTileMasksLegal: every binding has the same PE mask."""
    return len({b.mask for b in op.tiles}) <= 1


def mask_is_zero(op: BlockOperation) -> bool:
    """SelectedBundleTileMaskIsZero."""
    if op.tiles:
        return all(b.mask == 0 for b in op.tiles)
    return op.zero_seen and not op.shared


def execute_block(env: Env, dims: Dims) -> BlockOperation:
    """ExecuteBundleTileOperationLocally for the block's operation state ``env.op``.
    Returns the operation state with resolved destinations (the workspace holds the
    effects); raises TileFault (or TileUnsupported) before any effect is committed."""
    op = env.op
    if op.zero_seen and not op.tiles and not op.shared:
        return op
    index = op.operation()
    if transport.selected(op):
        return transport.execute_block(env, dims)
    if index is not None:
        missing = part_two(ops.OPERATIONS[index])
        if missing is not None:
            raise TileUnsupported(f"{ops.OPERATIONS[index].name}: {missing}")
    if index is not None and ops.OPERATIONS[index].name == "TPREFETCH":
        from ptodbg.tile.semantics.memory import execute_prefetch_block
        return execute_prefetch_block(env, dims)
    if sharedmove.selected(op):
        return sharedmove.execute_block(env, dims)
    if op.shared:
        raise TileFault(TILE_LEGALITY, "a B.IOS binding no operation consumes")
    if index is None:
        raise TileFault(ILLEGAL, "the block's selector names no tile operation")
    if mask_is_zero(op):
        return op
    if op.fpatr is not None and op.op_class != TILE_MATRIX:
        raise TileFault(BUNDLE_CONTROL, "B.FPATR is only for a matrix block")
    if not bindings_complete(env, index):
        raise TileFault(BUNDLE_CONTROL, f"{ops.OPERATIONS[index].name}: the bindings do not match the operation")
    if not gpr_values_legal(env, index):
        raise TileFault(TILE_LEGALITY, "a B.IOR input value is out of range")
    data_attributes_legal(env, index)
    if not closed_schema_legal(env, ops.OPERATIONS[index].name, dims):
        raise TileFault(TILE_LEGALITY, f"{ops.OPERATIONS[index].name}: the block does not fit its closed schema")
    if not masks_legal(op):
        raise TileFault(TILE_LEGALITY, "the bindings' PE masks differ")
    resolved = resolve_for_operation(env, index, dims)
    env.op = resolved
    execute_instruction(env, index, block_operands(env, index, dims))
    return resolved


__all__ = ["PREDICATE", "execute_block", "execute_instruction", "part_two"]
