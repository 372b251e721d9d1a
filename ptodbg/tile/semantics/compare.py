"""Comparison and selection: TCMP and TCMPS write a packed predicate tile, TSEL and TSELS
choose between two sources (or a source and a scalar) by a predicate tile.

Sources (pto-spec 0.58.3): ``asl/tile/model/execution/comparison.asl`` and
``asl/tile/model/legality/operand-schema.asl``.
"""

from __future__ import annotations

from ptodbg.tile import codes
from ptodbg.tile import elements as el
from ptodbg.tile import legality as lg
from ptodbg.tile.codes import NUMERIC, PREDICATE, ROW_MAJOR, DType
from ptodbg.tile.execution import Env
from ptodbg.tile.semantics import register
from ptodbg.tile.state import TileError


def compare_boolean(comparison: str, less: bool, equal: bool) -> bool:
    """TileCompareBoolean."""
    return {"EQ": equal, "NE": not equal, "LT": less, "LE": less or equal, "GT": not less and not equal,
            "GE": not less or equal}[comparison]


def compare_element(comparison: str, d: DType, left: int, right: int) -> tuple[bool, int]:
    """TileCompareElement: (predicate, flags); integers by their signedness."""
    if d.is_floating:
        return el.float_compare(comparison, d, left, right)
    a, b = el.operand(left, d), el.operand(right, d)
    if d.is_signed:
        a, b = el.signed(a), el.signed(b)
    return compare_boolean(comparison, a < b, a == b), 0


def legal_compare(env: Env, destination: int, left: int, right: int, comparison: str) -> bool:
    """TileOperandsLegal_ExecuteTileCompare."""
    w = env.tiles
    lt, dt = w[left], w[destination]
    return (lg.shape_and_type_match(w, left, right) and lt.kind == NUMERIC and lt.layout == ROW_MAJOR  # type: ignore[union-attr]
            and lt.dtype in codes.VEC_ARITHMETIC and lg.contents_defined(w, left)  # type: ignore[union-attr]
            and lg.contents_defined(w, right) and lg.encodings_valid(w, left) and lg.encodings_valid(w, right)
            and lg.logical_shape_match(w, destination, left) and dt.kind == PREDICATE)  # type: ignore[union-attr]


def _compare_into(env: Env, destination: int, source: int, comparison: str, right_of) -> None:  # noqa: ANN001
    st = env.tiles.allocated(source)
    result = env.tiles.allocated(destination).copy()
    flags = 0
    for r in range(st.valid_rows):
        for c in range(st.valid_columns):
            e = st.index(r, c)
            predicate, f = compare_element(comparison, st.dtype, st.values[e], right_of(e))
            result.set_predicate_bit(r, c, predicate)
            flags |= f
    result.apply_padding(env.pad_value())
    env.flags |= flags
    env.tiles[destination] = result


def execute_compare(env: Env, destination: int, left: int, right: int, comparison: str) -> None:
    """ExecuteTileCompare."""
    if not legal_compare(env, destination, left, right, comparison):
        raise TileError("ExecuteTileCompare's operands are not legal")
    rt = env.tiles.allocated(right)
    _compare_into(env, destination, left, comparison, rt.values.__getitem__)


def legal_compare_scalar(env: Env, destination: int, source: int, scalar: int, comparison: str) -> bool:
    """TileOperandsLegal_ExecuteTileCompareScalar."""
    w = env.tiles
    st, dt = w[source], w[destination]
    if st is None or dt is None:
        return False
    return (st.kind == NUMERIC and st.layout == ROW_MAJOR and st.dtype in codes.VEC_ARITHMETIC
            and lg.contents_defined(w, source) and lg.encodings_valid(w, source)
            and el.encoding_valid(st.dtype, el.raw(scalar, st.dtype))
            and lg.logical_shape_match(w, destination, source) and dt.kind == PREDICATE)


def execute_compare_scalar(env: Env, destination: int, source: int, scalar: int, comparison: str) -> None:
    """ExecuteTileCompareScalar."""
    if not legal_compare_scalar(env, destination, source, scalar, comparison):
        raise TileError("ExecuteTileCompareScalar's operands are not legal")
    value = el.raw(scalar, env.tiles.allocated(source).dtype)
    _compare_into(env, destination, source, comparison, lambda e: value)


def legal_select(env: Env, destination: int, mask: int, true: int, false: int) -> bool:
    """TileOperandsLegal_ExecuteTileSelect."""
    w = env.tiles
    t, d = w[true], w[destination]
    return (lg.shape_and_type_match(w, true, false) and t.kind == NUMERIC and t.layout == ROW_MAJOR  # type: ignore[union-attr]
            and t.dtype in codes.VEC_ARITHMETIC and lg.contents_defined(w, true)  # type: ignore[union-attr]
            and lg.contents_defined(w, false) and lg.predicate_values_legal(w, mask)
            and lg.logical_shape_match(w, mask, true) and lg.shape_and_type_match(w, destination, true)
            and d.kind == NUMERIC)  # type: ignore[union-attr]


def _select_into(env: Env, destination: int, mask: int, true: int, false_of) -> None:  # noqa: ANN001
    tt, mt = env.tiles.allocated(true), env.tiles.allocated(mask)
    result = env.tiles.allocated(destination).copy()
    for r in range(tt.valid_rows):
        for c in range(tt.valid_columns):
            e = tt.index(r, c)
            result.put(e, tt.values[e] if mt.predicate_bit(r, c) else false_of(e))
    env.publish(destination, result)


def execute_select(env: Env, destination: int, mask: int, true: int, false: int) -> None:
    """ExecuteTileSelect."""
    if not legal_select(env, destination, mask, true, false):
        raise TileError("ExecuteTileSelect's operands are not legal")
    ft = env.tiles.allocated(false)
    _select_into(env, destination, mask, true, ft.values.__getitem__)


def legal_select_scalar(env: Env, destination: int, mask: int, true: int, scalar: int) -> bool:
    """TileOperandsLegal_ExecuteTileSelectScalar."""
    w = env.tiles
    t, d = w[true], w[destination]
    if t is None or d is None:
        return False
    return (t.kind == NUMERIC and t.layout == ROW_MAJOR and t.dtype in codes.VEC_ARITHMETIC
            and lg.contents_defined(w, true) and lg.predicate_values_legal(w, mask)
            and lg.logical_shape_match(w, mask, true) and lg.shape_and_type_match(w, destination, true)
            and d.kind == NUMERIC)


def execute_select_scalar(env: Env, destination: int, mask: int, true: int, scalar: int) -> None:
    """ExecuteTileSelectScalar."""
    if not legal_select_scalar(env, destination, mask, true, scalar):
        raise TileError("ExecuteTileSelectScalar's operands are not legal")
    value = el.raw(scalar, env.tiles.allocated(true).dtype)
    _select_into(env, destination, mask, true, lambda e: value)


register("ExecuteTileCompare", legal_compare, execute_compare)
register("ExecuteTileCompareScalar", legal_compare_scalar, execute_compare_scalar)
register("ExecuteTileSelect", legal_select, execute_select)
register("ExecuteTileSelectScalar", legal_select_scalar, execute_select_scalar)
