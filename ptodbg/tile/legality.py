"""Descriptor and operand predicates the tile operations share.

Sources (pto-spec 0.58.3): ``asl/tile/model/legality/{descriptor-shape,dtype-layout,
allocation-capacity}.asl`` and ``asl/tile/model/definedness/elements.asl``
(TileSourceEncodingsValid).  Each takes the attempt's :class:`~ptodbg.tile.execution.Workspace`
and tile indices, as the spec's functions take ``_Tiles`` and TileIndex.
"""

from __future__ import annotations

from ptodbg.tile.codes import NUMERIC, PREDICATE, ROW_MAJOR
from ptodbg.tile.elements import encoding_valid
from ptodbg.tile.execution import Workspace


def descriptor_legal(w: Workspace, index: int) -> bool:
    """TileDescriptorLegal."""
    t = w[index]
    return t is not None and t.legal(w.limit)


def contents_defined(w: Workspace, index: int) -> bool:
    """TileSourceContentsDefined."""
    t = w[index]
    return t is not None and t.legal(w.limit) and t.contents_defined


def logical_shape_match(w: Workspace, left: int, right: int) -> bool:
    """TileLogicalShapeMatch."""
    a, b = w[left], w[right]
    return (a is not None and b is not None and a.legal(w.limit) and b.legal(w.limit) and a.rows == b.rows
            and a.columns == b.columns and a.valid_rows == b.valid_rows
            and a.valid_columns == b.valid_columns and a.layout == b.layout)


def shape_and_type_match(w: Workspace, left: int, right: int) -> bool:
    """TileShapeAndTypeMatch."""
    if not logical_shape_match(w, left, right):
        return False
    a, b = w[left], w[right]
    return a.kind == b.kind and a.dtype is b.dtype  # type: ignore[union-attr]


def encodings_valid(w: Workspace, index: int) -> bool:
    """TileSourceEncodingsValid: defined, generically indexable, and every valid element a
    valid encoding of the tile's type."""
    t = w[index]
    if t is None or not t.legal(w.limit) or not t.contents_defined or not t.generic_indexing():
        return False
    d = t.dtype
    if d.name not in ("TF32", "HF32", "E3M2", "E2M3"):
        return True
    return all(encoding_valid(d, t.values[e]) for e in t.valid_indices())


def payload_nonzero(w: Workspace, index: int) -> bool:
    """TilePayloadNonzero: every valid element is a nonzero word."""
    if not contents_defined(w, index):
        return False
    t = w[index]
    return all(t.values[e] != 0 for e in t.valid_indices())  # type: ignore[union-attr]


def numeric_row_major(w: Workspace, index: int) -> bool:
    t = w[index]
    return t is not None and t.kind == NUMERIC and t.layout == ROW_MAJOR


def predicate_values_legal(w: Workspace, index: int) -> bool:
    """TilePredicateValuesLegal."""
    t = w[index]
    return contents_defined(w, index) and t.kind == PREDICATE  # type: ignore[union-attr]
