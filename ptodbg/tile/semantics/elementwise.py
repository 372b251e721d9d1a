"""Elementwise tile operations: tile-tile binary (TADD ... TREM, TAND ... TSHR, TMAX,
TMIN), unary (TABS, TNOT, TNEG, TRELU and the SFU TEXP, TLOG, TRECIP, TSQRT, TRSQRT),
tile-scalar binary (TADDS ... TMINS), the scalar fill (TEXPANDS) and the format
conversion TCVT.

Sources (pto-spec 0.58.3): ``asl/tile/model/execution/{elementwise,unary}.asl``,
``asl/tile/model/legality/{operand-schema,dtype-layout}.asl``,
``asl/tile/model/numeric/formats.asl`` (TCVT, TileConvertValue),
``asl/arch/profile/e8m0-conversion.asl`` (the reference profile's TileProfileConvert) and
each operation's file under ``asl/tile/elementwise-tile-tile/`` and
``asl/tile/tile-scalar-and-immediate/``.

Every operation snapshots its sources before the first destination write (so a source
that is also the destination reads its old values), writes the valid region, marks it
defined and applies the block's pad value to the rest.
"""

from __future__ import annotations

from ptodbg.tile import codes
from ptodbg.tile import elements as el
from ptodbg.tile import legality as lg
from ptodbg.tile.codes import MATRIX, PREDICATE, ROW_MAJOR, DType
from ptodbg.tile.convert import E8M0_SOURCES, convert, convert_integer, to_carrier
from ptodbg.tile.execution import Env, TileUnsupported
from ptodbg.tile.rounding import NumericControl, Rounding
from ptodbg.tile.semantics import register
from ptodbg.tile.state import TileError


# ------------------------------------------------------------------ values
def binary_value(env: Env, op: str, d: DType, left: int, right: int) -> tuple[int, int]:
    """TileProfileBinaryWithFlags: (result, flags)."""
    if op in el.LOGICAL and codes.carrier_only(d):
        return el.carrier_logical(op, d, left, right), 0
    if d.is_integer:
        if op in (el.DIV, el.REM):
            return el.integer_divrem(op, d, left, right), 0
        return el.integer_binary(op, d, left, right), 0
    if op in (el.MIN, el.MAX):
        result, invalid = el.float_min_max(op == el.MAX, d, left, right)
        return result, el.NV if invalid else 0
    if env.numeric != "carrier":
        raise TileUnsupported(f"T{op} over {d.name} with IEEE arithmetic needs the numeric formats")
    if op == el.REM:
        return el.carrier_modulo(d, left, right), 0
    return el.carrier_binary(op, d, left, right)


def binary_data_type_supported(op: str, d: DType) -> bool:
    """TileBinaryDataTypeSupported."""
    if op in el.LOGICAL or op in (el.SHL, el.SHR):
        return d in codes.VEC_INTEGER
    return d in codes.VEC_ARITHMETIC


def unary_data_type_supported(op: str, d: DType) -> bool:
    """TileUnaryDataTypeSupported."""
    if op == el.NOT:
        return d in codes.VEC_INTEGER
    if op in (el.ABS, el.NEG, el.RELU):
        return d in codes.VEC_ARITHMETIC
    if op in el.SFU_UNARY:
        return d in codes.FLOAT_ELEMENTWISE
    return False


def _matching(env: Env, destination: int, *sources: int):  # noqa: ANN202
    """The source tiles, after ExecuteTile*'s asserts (allocated, shapes and types match)."""
    tiles = [env.tiles[s] for s in sources]
    dest = env.tiles[destination]
    if dest is None or any(t is None for t in tiles):
        raise TileError("an elementwise operand is not allocated")
    first = tiles[0]
    for t in (*tiles[1:], dest):
        if (t.rows, t.columns, t.valid_rows, t.valid_columns, t.kind, t.dtype) != (
                first.rows, first.columns, first.valid_rows, first.valid_columns, first.kind, first.dtype):
            raise TileError("elementwise operands differ in shape or type")
    return tiles, dest


# ------------------------------------------------------------ tile-tile binary
def legal_binary(env: Env, op: str, destination: int, left: int, right: int) -> bool:
    """TileOperandsLegal_ExecuteTileBinary."""
    w = env.tiles
    if not lg.shape_and_type_match(w, left, right) or not lg.shape_and_type_match(w, destination, left):
        return False
    lt = w[left]
    if not (lg.contents_defined(w, left) and lg.contents_defined(w, right)
            and binary_data_type_supported(op, lt.dtype) and lt.layout == ROW_MAJOR):  # type: ignore[union-attr]
        return False  # every TileBinary operation uses the closed elementwise contract
    if op in (el.MAX, el.MIN) and lt.dtype.is_floating and not (  # type: ignore[union-attr]
            lg.encodings_valid(w, left) and lg.encodings_valid(w, right)):
        return False
    if op in (el.DIV, el.REM) and w[right].dtype.is_integer:  # type: ignore[union-attr]
        return lg.payload_nonzero(w, right)
    return True


def execute_binary(env: Env, op: str, destination: int, left: int, right: int) -> None:
    """ExecuteTileBinary: flags of the element operations are not recorded (the spec's
    TileProfileBinary drops them)."""
    (lt, rt), dest = _matching(env, destination, left, right)
    d = lt.dtype
    result = dest.copy()
    for e in lt.valid_indices():
        result.put(e, binary_value(env, op, d, lt.values[e], rt.values[e])[0])
    env.publish(destination, result)


# ------------------------------------------------------------------ unary
def closed_unary_value(op: str, d: DType, value: int) -> tuple[int, bool]:
    """TileFixedUnaryValue: (result, invalid)."""
    if d.is_integer:
        return el.integer_unary(op, d, value), False
    carrier = value & d.mask
    sign = 1 << (d.bits - 1)
    if op == el.ABS:
        return carrier & ~sign, False
    if op == el.NEG:
        return carrier ^ sign, False
    return el.float_relu(d, value)


def sfu_value(env: Env, op: str, d: DType, value: int) -> tuple[int, int]:
    """TileSFUUnarySpecialValue, else the profile's TileProfileUnary."""
    if d not in codes.FLOAT_ELEMENTWISE or not el.encoding_valid(d, value):
        raise TileError(f"T{op} of {d.name}")
    handled, result, flags = el.sfu_special(op, d, value)
    if handled:
        return result, flags
    if env.numeric != "carrier":
        raise TileUnsupported(f"T{op} over {d.name} with IEEE arithmetic needs the transcendental functions")
    return el.carrier_unary(op, value), 0


def legal_unary(env: Env, op: str, destination: int, source: int) -> bool:
    """TileOperandsLegal_ExecuteTileUnary."""
    w = env.tiles
    if not lg.shape_and_type_match(w, destination, source):
        return False
    t = w[source]
    if not (lg.contents_defined(w, source) and unary_data_type_supported(op, t.dtype)  # type: ignore[union-attr]
            and t.layout == ROW_MAJOR):  # type: ignore[union-attr]
        return False
    return not t.dtype.is_floating or lg.encodings_valid(w, source)  # type: ignore[union-attr]


def execute_unary(env: Env, op: str, destination: int, source: int) -> None:
    """ExecuteTileUnary."""
    (st,), dest = _matching(env, destination, source)
    d = st.dtype
    result = dest.copy()
    flags = 0
    for e in st.valid_indices():
        if op in el.SFU_UNARY:
            value, f = sfu_value(env, op, d, st.values[e])
        else:
            value, invalid = closed_unary_value(op, d, st.values[e])
            f = el.NV if invalid else 0
        result.put(e, value)
        flags |= f
    env.publish(destination, result, flags)


# ------------------------------------------------------------- tile-scalar
def legal_scalar(env: Env, op: str, destination: int, source: int, scalar: int) -> bool:
    """TileOperandsLegal_ExecuteTileScalar."""
    w = env.tiles
    t = w[source]
    if t is None:
        return False
    d = t.dtype
    carrier_logical = op in el.LOGICAL and d in codes.VEC_INTEGER
    if not (lg.shape_and_type_match(w, destination, source) and t.kind != PREDICATE and t.layout == ROW_MAJOR
            and binary_data_type_supported(op, d) and lg.contents_defined(w, source)
            and (carrier_logical or lg.encodings_valid(w, source))):
        return False
    value = el.raw(scalar, d)
    if not carrier_logical and not el.encoding_valid(d, value):
        return False
    if op in (el.DIV, el.REM) and d.is_integer:
        return el.operand(value, d) != 0
    return True


def execute_scalar(env: Env, op: str, destination: int, source: int, scalar: int) -> None:
    """ExecuteTileScalar (asserts its legality, as the spec does)."""
    if not legal_scalar(env, op, destination, source, scalar):
        raise TileError("ExecuteTileScalar's operands are not legal")
    st = env.tiles.allocated(source)
    d = st.dtype
    value = el.raw(scalar, d)
    result = env.tiles.allocated(destination).copy()
    flags = 0
    for e in st.valid_indices():
        v, f = binary_value(env, op, d, st.values[e], value)
        result.put(e, v)
        flags |= f
    env.publish(destination, result, flags)


# ------------------------------------------------------------------- fill
def legal_fill(env: Env, destination: int, scalar: int) -> bool:
    """TileOperandsLegal_ExecuteTileFillScalar."""
    t = env.tiles[destination]
    return (t is not None and t.legal(env.tiles.limit) and t.kind != PREDICATE and t.layout == ROW_MAJOR
            and t.dtype in codes.VEC_ARITHMETIC)


def execute_fill(env: Env, destination: int, scalar: int) -> None:
    """ExecuteTileFillScalar (TEXPANDS)."""
    if not legal_fill(env, destination, scalar):
        raise TileError("ExecuteTileFillScalar's operands are not legal")
    result = env.tiles.allocated(destination).copy()
    value = el.raw(scalar, result.dtype)
    for e in result.valid_indices():
        result.put(e, value)
    env.publish(destination, result)


# --------------------------------------------------------------------- TFMA
def legal_tfma(env: Env, destination: int, left: int, right: int, addend: int) -> bool:
    """TileOperandsLegal_TFMA."""
    w = env.tiles
    d = w[destination]
    if d is None or not d.legal(env.tiles.limit):
        return False
    for source in (left, right, addend):
        if not lg.contents_defined(w, source) or not lg.logical_shape_match(w, destination, source) \
                or w[source].dtype is not d.dtype:  # type: ignore[union-attr]
            return False
    return (d.dtype in codes.VEC_ARITHMETIC and d.layout == ROW_MAJOR
            and (not d.dtype.is_floating or all(lg.encodings_valid(w, s) for s in (left, right, addend))))


def fma_value(env: Env, d: DType, left: int, right: int, addend: int) -> tuple[int, int]:
    """TileFixedFusedMultiplyAddValue: integers wrap in the element; floating values need
    their classes (invalid cases) before the profile's multiply-add."""
    if d.is_integer:
        product = el.unsigned_element(left, d) * el.unsigned_element(right, d)
        return el.unsigned_element(product + el.unsigned_element(addend, d), d), 0
    if el.fma_invalid(d, left, right, addend):
        return el.canonical_nan(d), el.NV  # TileProfileFusedInvalidResult
    if env.numeric != "carrier":
        raise TileUnsupported(f"TFMA over {d.name} with IEEE arithmetic needs the numeric formats")
    return (left * right + addend) & el.MASK, 0  # ScalarFPFusedProfile MADD of the reference profile


def execute_tfma(env: Env, destination: int, left: int, right: int, addend: int) -> None:
    """TFMA: left * right + addend for the valid region."""
    if not legal_tfma(env, destination, left, right, addend):
        raise TileError("TFMA's operands are not legal")
    lt, rt, at = (env.tiles.allocated(i) for i in (left, right, addend))
    result = env.tiles.allocated(destination).copy()
    flags = 0
    for e in result.valid_indices():
        value, f = fma_value(env, result.dtype, lt.values[e], rt.values[e], at.values[e])
        result.put(e, value)
        flags |= f
    env.publish(destination, result, flags)


# --------------------------------------------------------------------- TCVT
def tcvt_pair_supported(source: DType, destination: DType) -> bool:
    """HardwareTCVTTypePairSupported: an E8M0 destination takes FP16, BF16 or FP32."""
    return destination is not codes.E8M0 or source in E8M0_SOURCES


def legal_tcvt(env: Env, destination: int, source: int, control: tuple[str, bool]) -> bool:
    """TileOperandsLegal_TCVT: equal geometry, a supported type pair, and the block's
    Canonicalize and Layout transform matching the source's representation (a private
    CUBE source - location Matrix - converts row-major under NORM only)."""
    w = env.tiles
    if not (lg.descriptor_legal(w, destination) and lg.contents_defined(w, source) and lg.encodings_valid(w, source)):
        return False
    dt, st = w.allocated(destination), w.allocated(source)
    if not tcvt_pair_supported(st.dtype, dt.dtype):
        return False
    if (dt.rows, dt.columns, dt.valid_rows, dt.valid_columns) != (st.rows, st.columns, st.valid_rows,
                                                                   st.valid_columns):
        return False
    attrs = env.op.datr
    private = st.location == MATRIX
    if private != attrs.canonicalize:
        return False
    if private:
        return attrs.layout == 0 and st.layout == ROW_MAJOR and dt.layout == ROW_MAJOR
    if codes.cube_conversion(attrs.layout):
        return False
    return st.layout == codes.source_layout(attrs.layout) and dt.layout == codes.destination_layout(attrs.layout)


def tcvt_value(env: Env, value: int, source: DType, destination: DType, control: NumericControl) -> tuple[int, int]:
    """TileConvertValue: (the destination's carrier word, flags).  Integer pairs convert by
    value (wrapping, or clamping under Sat); a floating side follows the numeric model -
    the reference profile's TileProfileConvert keeps the carrier (an integer destination
    takes its low bits) and converts to E8M0 by the normative rule; IEEE conversion rounds
    the exact value once."""
    if source.is_integer and destination.is_integer:
        return to_carrier(destination, convert_integer(value, source, destination, control.saturating)), 0
    if env.numeric == "carrier" and destination is not codes.E8M0:
        return (to_carrier(destination, value) if destination.is_integer else value), 0
    raw, flags = convert(value & source.mask, source, destination, control)
    return to_carrier(destination, raw), flags


def execute_tcvt(env: Env, destination: int, source: int, control: tuple[str, bool]) -> None:
    """TCVT: every valid element converted into the destination's type and layout (the
    source snapshot read before any write), padding by the block's pad value, the result a
    public (location Any) tile; the conversion flags are recorded with the result."""
    st = env.tiles.allocated(source)
    result = env.tiles.allocated(destination).copy()
    if (result.rows, result.columns, result.valid_rows, result.valid_columns) != (
            st.rows, st.columns, st.valid_rows, st.valid_columns):
        raise TileError("TCVT's source and destination differ in shape")
    numeric = NumericControl(Rounding[control[0]], control[1])
    result.defined = bytearray(len(result.defined))
    result.defined_valid = 0
    result.contents_defined = False
    flags = 0
    for r in range(st.valid_rows):
        for c in range(st.valid_columns):
            value, f = tcvt_value(env, st.values[st.index(r, c)], st.dtype, result.dtype, numeric)
            result.put(result.index(r, c), value)
            flags |= f
    result.mark_valid_defined()
    result.apply_padding(env.pad_value())
    result.location = codes.ANY
    env.flags |= flags
    env.tiles[destination] = result


register("TCVT", legal_tcvt, execute_tcvt)
register("ExecuteTileBinary", legal_binary, execute_binary)
register("TFMA", legal_tfma, execute_tfma)
register("ExecuteTileUnary", legal_unary, execute_unary)
register("ExecuteTileScalar", legal_scalar, execute_scalar)
register("ExecuteTileFillScalar", legal_fill, execute_fill)
