"""Reduce and expand: row and column reductions (TROWSUM ... TCOLARGMIN) and broadcasts
(TROWEXPAND ... TCOLEXPANDEXPDIF).

Sources (pto-spec 0.58.3): ``asl/tile/model/execution/{reduction,expansion}.asl`` and
``asl/tile/model/legality/{reduction-and-expansion,allocation-capacity}.asl``.

A reduction folds each row (or column) of the valid region in order with the operation's
binary element rule (SUM: ADD from zero, PRODUCT: MUL from one, MIN/MAX and their ARG forms
from the first element); an ARG form writes the position of the last element that replaced
the accumulator.  An expansion combines each element with the row's (or column's) element
of a one-column (one-row) broadcast tile.
"""

from __future__ import annotations

from ptodbg.tile import codes
from ptodbg.tile import elements as el
from ptodbg.tile import legality as lg
from ptodbg.tile.codes import NUMERIC, ROW_MAJOR, DType
from ptodbg.tile.execution import Env, TileUnsupported, Workspace
from ptodbg.tile.semantics import register
from ptodbg.tile.semantics.elementwise import binary_value
from ptodbg.tile.state import TileError

ROW = "Row"
_STEP = {"SUM": el.ADD, "PRODUCT": el.MUL, "MIN": el.MIN, "ARGMIN": el.MIN, "MAX": el.MAX, "ARGMAX": el.MAX}
_INDEX = frozenset({"ARGMIN", "ARGMAX"})
_EXPAND_STEP = {"ADD": el.ADD, "SUB": el.SUB, "MUL": el.MUL, "DIV": el.DIV, "MAX": el.MAX, "MIN": el.MIN}
_ONE = {"FP64": 0x3FF0000000000000, "FP32": 0x3F800000, "TF32": 0x3F800000, "HF32": 0x3F800000,
        "FP16": 0x3C00, "BF16": 0x3F80, "E4M3": 0x38, "E5M2": 0x3C}


def one(d: DType) -> int:
    """TileReductionOneEncoding."""
    return 1 if d.is_integer else _ONE[d.name]


# --------------------------------------------------------------- reductions
def legal_reduction(env: Env, op: str, axis: str, destination: int, source: int) -> bool:
    """TileOperandsLegal_ExecuteTileReduction."""
    w = env.tiles
    if destination == source or not lg.descriptor_legal(w, destination) or not lg.contents_defined(w, source):
        return False
    dt, st = w[destination], w[source]
    types = codes.A9 if op in _INDEX else codes.VEC_ARITHMETIC
    if (dt.kind != NUMERIC or st.kind != NUMERIC or dt.layout != ROW_MAJOR or st.layout != ROW_MAJOR  # type: ignore[union-attr]
            or st.valid_rows == 0 or st.valid_columns == 0 or st.dtype not in types  # type: ignore[union-attr]
            or not lg.encodings_valid(w, source)):
        return False
    if op in _INDEX:
        if dt.dtype not in (codes.S32, codes.U32):  # type: ignore[union-attr]
            return False
    elif dt.dtype is not st.dtype:  # type: ignore[union-attr]
        return False
    if axis == ROW:
        return (dt.rows >= st.valid_rows and dt.columns == 1 and dt.valid_rows == st.valid_rows  # type: ignore[union-attr]
                and dt.valid_columns == 1)  # type: ignore[union-attr]
    return (dt.rows >= 1 and dt.columns == st.columns and dt.valid_rows == 1  # type: ignore[union-attr]
            and dt.valid_columns == st.valid_columns)  # type: ignore[union-attr]


def execute_reduction(env: Env, op: str, axis: str, destination: int, source: int) -> None:
    """ExecuteTileReduction."""
    if not legal_reduction(env, op, axis, destination, source):
        raise TileError("ExecuteTileReduction's operands are not legal")
    st = env.tiles.allocated(source)
    result = env.tiles.allocated(destination).copy()
    d = st.dtype
    step = _STEP[op]
    outer_count, inner_count = (st.valid_rows, st.valid_columns) if axis == ROW else (st.valid_columns, st.valid_rows)
    flags = 0
    for outer in range(outer_count):
        def at(inner: int, outer: int = outer) -> int:
            return st.values[st.index(outer, inner) if axis == ROW else st.index(inner, outer)]

        if op == "SUM":
            accumulator, first = 0, 0
        elif op == "PRODUCT":
            accumulator, first = one(d), 0
        else:
            accumulator, first = at(0), 1
        selected = 0
        for inner in range(first, inner_count):
            value = at(inner)
            nxt, f = binary_value(env, step, d, accumulator, value)
            if nxt == value and nxt != accumulator and op in _INDEX:
                selected = inner
            accumulator = nxt
            flags |= f
        e = result.index(outer, 0) if axis == ROW else result.index(0, outer)
        result.put(e, selected if op in _INDEX else accumulator)
    env.publish(destination, result, flags)


# -------------------------------------------------------------- expansions
def broadcast_nonzero(w: Workspace, axis: str, source: int, broadcast: int) -> bool:
    """TileBroadcastPayloadNonzero: the broadcast elements a source's valid region meets
    are nonzero words."""
    if not lg.contents_defined(w, source) or not lg.contents_defined(w, broadcast):
        return False
    st, bt = w[source], w[broadcast]
    for r in range(st.valid_rows):  # type: ignore[union-attr]
        for c in range(st.valid_columns):  # type: ignore[union-attr]
            e = bt.index(r, 0) if axis == ROW else bt.index(0, c)  # type: ignore[union-attr]
            if bt.values[e] == 0:  # type: ignore[union-attr]
                return False
    return True


def legal_expand(env: Env, op: str, axis: str, destination: int, source: int, broadcast: int) -> bool:
    """TileOperandsLegal_ExecuteTileExpand."""
    w = env.tiles
    if not (lg.descriptor_legal(w, destination) and lg.descriptor_legal(w, source)
            and lg.descriptor_legal(w, broadcast)):
        return False
    dt, st, bt = w[destination], w[source], w[broadcast]
    expdif = op == "EXPDIF"
    if expdif:
        type_legal = (st.dtype, dt.dtype) in EXPDIF_PAIRS  # type: ignore[union-attr]
    else:
        type_legal = dt.dtype in codes.VEC_ARITHMETIC  # type: ignore[union-attr]
    if (dt.kind != NUMERIC or dt.layout != ROW_MAJOR or dt.valid_rows == 0 or dt.valid_columns == 0  # type: ignore[union-attr]
            or not type_legal or bt.kind != NUMERIC  # type: ignore[union-attr]
            or bt.dtype is not (st.dtype if expdif else dt.dtype)  # type: ignore[union-attr]
            or bt.layout != ROW_MAJOR or not lg.contents_defined(w, broadcast)  # type: ignore[union-attr]
            or (op != "COPY" and not lg.encodings_valid(w, broadcast))):
        return False
    if op == "COPY":
        if source != broadcast:
            return False
    else:
        shape = lg.logical_shape_match(w, destination, source) if expdif else \
            lg.shape_and_type_match(w, destination, source)
        if (not shape or st.kind != NUMERIC or st.layout != ROW_MAJOR  # type: ignore[union-attr]
                or not lg.contents_defined(w, source) or not lg.encodings_valid(w, source)):
            return False
    if axis == ROW:
        shape_legal = bt.valid_rows == dt.valid_rows and bt.valid_columns == 1 and bt.columns == 1  # type: ignore[union-attr]
    else:
        shape_legal = (bt.valid_rows == 1 and bt.valid_columns == dt.valid_columns  # type: ignore[union-attr]
                       and bt.columns == dt.columns)  # type: ignore[union-attr]
    if not shape_legal:
        return False
    if op == "DIV" and dt.dtype.is_integer:  # type: ignore[union-attr]
        return broadcast_nonzero(w, axis, source, broadcast)
    return True


EXPDIF_PAIRS = frozenset({(codes.FP16, codes.FP16), (codes.FP16, codes.FP32), (codes.BF16, codes.BF16),
                           (codes.BF16, codes.FP32), (codes.FP32, codes.FP32)})


def widen_to_fp32(d: DType, value: int) -> int:
    """ExactWidenFP16ToFP32 / ExactWidenBF16ToFP32: exact, a NaN canonical (+quiet)."""
    if d is codes.BF16:
        return (value & 0xFFFF) << 16
    raw = value & 0xFFFF
    sign, exponent, fraction = raw >> 15, (raw >> 10) & 0x1F, raw & 0x3FF
    if exponent == 0x1F:
        return 0x7FC00000 if fraction else sign << 31 | 0xFF << 23
    if exponent:
        return sign << 31 | (exponent + 112) << 23 | fraction << 13
    if not fraction:
        return sign << 31
    shift = 0
    while not fraction & 0x200:
        fraction <<= 1
        shift += 1
    return sign << 31 | (112 - shift) << 23 | (fraction & 0x1FF) << 13


# HardwareNumericMixedExpdifDiscriminator: two fixed results of the named IEEE profile
_MIXED_EXPDIF = {(0x3C000000, 0x33800000): 0x3F810100, (0x3F800000, 0x3B000000): 0x402DA16E}


def expdif(env: Env, d: DType, left: int, broadcast: int) -> tuple[int, int]:
    """exp(left - broadcast) in ``d``: the profile's SUB, then the SFU special values, then
    the profile's EXP."""
    difference, flags = binary_value(env, el.SUB, d, left, broadcast)
    handled, result, special = el.sfu_special(el.EXP, d, difference)
    if handled:
        return result, flags | special
    if env.numeric != "carrier":
        raise TileUnsupported(f"EXPDIF over {d.name} with IEEE arithmetic needs the exponential")
    return el.carrier_unary(el.EXP, difference), flags


def mixed_expdif_fp32(env: Env, left: int, broadcast: int) -> tuple[int, int]:
    """TileProfileMixedExpdifFP32 of the widened FP32 operands: the profile's two fixed
    discriminator results, else EXPDIF in FP32."""
    fixed = _MIXED_EXPDIF.get((left, broadcast))
    if fixed is not None:
        return fixed, 0
    return expdif(env, codes.FP32, left, broadcast)


def expand_value(env: Env, op: str, source: DType, d: DType, left: int, broadcast: int) -> tuple[int, int]:
    """TileExpandValueWithTypesAndFlags: COPY the broadcast, EXPDIF exp(left - broadcast)
    (a FP16/BF16 source widened exactly to a FP32 destination first), the others the
    destination type's binary rule."""
    if op == "COPY":
        return broadcast, 0
    if op == "EXPDIF":
        if source is not d:
            return mixed_expdif_fp32(env, widen_to_fp32(source, left), widen_to_fp32(source, broadcast))
        return expdif(env, d, left, broadcast)
    return binary_value(env, _EXPAND_STEP[op], d, left, broadcast)


def execute_expand(env: Env, op: str, axis: str, destination: int, source: int, broadcast: int) -> None:
    """ExecuteTileExpand."""
    if not legal_expand(env, op, axis, destination, source, broadcast):
        raise TileError("ExecuteTileExpand's operands are not legal")
    st, bt = env.tiles.allocated(source), env.tiles.allocated(broadcast)
    result = env.tiles.allocated(destination).copy()
    d = result.dtype
    flags = 0
    for r in range(result.valid_rows):
        for c in range(result.valid_columns):
            b = bt.values[bt.index(r, 0) if axis == ROW else bt.index(0, c)]
            left = b if op == "COPY" else st.values[st.index(r, c)]
            value, f = expand_value(env, op, st.dtype, d, left, b)
            result.put(result.index(r, c), value)
            flags |= f
    env.publish(destination, result, flags)


register("ExecuteTileReduction", legal_reduction, execute_reduction)
register("ExecuteTileExpand", legal_expand, execute_expand)
