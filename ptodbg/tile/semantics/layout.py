"""Layout and rearrangement: TEXTRACT, TINSERT, TTRANS, TCONCAT, TFILLPAD and TIMG2COL.

Sources (pto-spec 0.58.3): ``asl/tile/model/execution/{rearrangement,generation,
image-to-column}.asl``, ``asl/tile/model/legality/{layout-rearrangement,image-to-column}.asl``
and ``asl/tile/model/state/feature-map-descriptors.asl``.

These operations copy raw carriers: no element is interpreted, so every data type they
accept moves bit-exactly.
"""

from __future__ import annotations

from typing import NamedTuple

from ptodbg.tile import codes
from ptodbg.tile import elements as el
from ptodbg.tile import legality as lg
from ptodbg.tile.codes import MATRIX, NUMERIC, PAD_NULL, ROW_MAJOR
from ptodbg.tile.execution import Env, Workspace
from ptodbg.tile.semantics import register
from ptodbg.tile.state import Tile, TileError, logical_capacity


def _carrier_encodings_valid(w: Workspace, index: int) -> bool:
    """A carrier-only type moves any bits; another type's elements must be valid encodings."""
    t = w[index]
    return codes.carrier_only(t.dtype) or lg.encodings_valid(w, index)  # type: ignore[union-attr]


# ---------------------------------------------------------------- TEXTRACT
def legal_textract(env: Env, destination: int, source: int, row: int, column: int) -> bool:
    """TileOperandsLegal_TEXTRACT."""
    w = env.tiles
    if not lg.descriptor_legal(w, destination) or not lg.contents_defined(w, source) \
            or not _carrier_encodings_valid(w, source):
        return False
    d, s = w[destination], w[source]
    return (d.kind == NUMERIC and s.kind == NUMERIC and codes.move24(d.dtype) and d.dtype is s.dtype  # type: ignore[union-attr]
            and d.layout_shape_legal() and s.layout_shape_legal()  # type: ignore[union-attr]
            and row + d.valid_rows <= s.valid_rows and column + d.valid_columns <= s.valid_columns)  # type: ignore[union-attr]


def execute_textract(env: Env, destination: int, source: int, row: int, column: int) -> None:
    """TEXTRACT: the destination's valid region is the source window at (row, column)."""
    if not legal_textract(env, destination, source, row, column):
        raise TileError("TEXTRACT's operands are not legal")
    s = env.tiles.allocated(source)
    result = env.tiles.allocated(destination).copy()
    for r in range(result.valid_rows):
        for c in range(result.valid_columns):
            result.put(result.index(r, c), s.values[s.index(r + row, c + column)])
    env.publish(destination, result)


# ----------------------------------------------------------------- TINSERT
def legal_tinsert(env: Env, destination: int, old: int, source: int, row: int, column: int) -> bool:
    """TileOperandsLegal_TINSERT."""
    w = env.tiles
    if not lg.descriptor_legal(w, destination) or not lg.contents_defined(w, old) \
            or not lg.contents_defined(w, source):
        return False
    if not _carrier_encodings_valid(w, old) or not _carrier_encodings_valid(w, source):
        return False
    d, o, s = w[destination], w[old], w[source]
    return (d.kind == NUMERIC and o.kind == NUMERIC and s.kind == NUMERIC and codes.move24(d.dtype)  # type: ignore[union-attr]
            and lg.shape_and_type_match(w, destination, old) and d.dtype is s.dtype  # type: ignore[union-attr]
            and d.layout_shape_legal() and o.layout_shape_legal() and s.layout_shape_legal()  # type: ignore[union-attr]
            and row + s.valid_rows <= d.valid_rows and column + s.valid_columns <= d.valid_columns)  # type: ignore[union-attr]


def execute_tinsert(env: Env, destination: int, old: int, source: int, row: int, column: int) -> None:
    """TINSERT: the old destination's payload and definedness with the source written
    at (row, column)."""
    if not legal_tinsert(env, destination, old, source, row, column):
        raise TileError("TINSERT's operands are not legal")
    o, s = env.tiles.allocated(old), env.tiles.allocated(source)
    result = env.tiles.allocated(destination).copy()
    result.values = o.values[:]
    result.defined = o.defined[:]
    result.defined_valid = o.defined_valid
    result.contents_defined = o.contents_defined
    for r in range(s.valid_rows):
        for c in range(s.valid_columns):
            result.put(result.index(r + row, c + column), s.values[s.index(r, c)])
    result.mark_valid_defined()
    env.tiles[destination] = result


# ------------------------------------------------------------------ TTRANS
def legal_ttrans(env: Env, destination: int, source: int) -> bool:
    """TileOperandsLegal_TTRANS."""
    w = env.tiles
    if not lg.descriptor_legal(w, destination) or not lg.contents_defined(w, source) \
            or not _carrier_encodings_valid(w, source):
        return False
    d, s = w[destination], w[source]
    return (d.kind == NUMERIC and s.kind == NUMERIC and codes.move24(d.dtype)  # type: ignore[union-attr]
            and d.valid_rows == s.valid_columns and d.valid_columns == s.valid_rows  # type: ignore[union-attr]
            and d.dtype is s.dtype and d.layout_shape_legal() and s.layout_shape_legal())  # type: ignore[union-attr]


def execute_ttrans(env: Env, destination: int, source: int) -> None:
    """TTRANS: element (r, c) of the source to (c, r); padding stays undefined."""
    if not legal_ttrans(env, destination, source):
        raise TileError("TTRANS's operands are not legal")
    s = env.tiles.allocated(source)
    result = env.tiles.allocated(destination).copy()
    for r in range(s.valid_rows):
        for c in range(s.valid_columns):
            result.put(result.index(c, r), s.values[s.index(r, c)])
    result.mark_valid_defined()
    result.apply_padding(PAD_NULL)
    env.tiles[destination] = result


# ----------------------------------------------------------------- TCONCAT
def legal_tconcat(env: Env, destination: int, left: int, right: int) -> bool:
    """TileOperandsLegal_TCONCAT."""
    w = env.tiles
    if not (lg.descriptor_legal(w, destination) and lg.contents_defined(w, left) and lg.contents_defined(w, right)):
        return False
    d, lt, rt = w[destination], w[left], w[right]
    if d.dtype is not lt.dtype or d.dtype is not rt.dtype:  # type: ignore[union-attr]
        return False
    if not codes.carrier_only(lt.dtype) and not (lg.encodings_valid(w, left) and lg.encodings_valid(w, right)):  # type: ignore[union-attr]
        return False
    return (d.kind == NUMERIC and lt.kind == NUMERIC and rt.kind == NUMERIC and codes.move24(d.dtype)  # type: ignore[union-attr]
            and lt.valid_rows > 0 and lt.valid_rows == rt.valid_rows and d.valid_rows == lt.valid_rows  # type: ignore[union-attr]
            and d.valid_columns == lt.valid_columns + rt.valid_columns  # type: ignore[union-attr]
            and d.layout_shape_legal() and lt.layout_shape_legal() and rt.layout_shape_legal())  # type: ignore[union-attr]


def execute_tconcat(env: Env, destination: int, left: int, right: int) -> None:
    """TCONCAT: the left source's valid columns, then the right's."""
    if not legal_tconcat(env, destination, left, right):
        raise TileError("TCONCAT's operands are not legal")
    lt, rt = env.tiles.allocated(left), env.tiles.allocated(right)
    result = env.tiles.allocated(destination).copy()
    split = lt.valid_columns
    for r in range(result.valid_rows):
        for c in range(result.valid_columns):
            value = lt.values[lt.index(r, c)] if c < split else rt.values[rt.index(r, c - split)]
            result.put(result.index(r, c), value)
    result.mark_valid_defined()
    result.apply_padding(PAD_NULL)
    env.tiles[destination] = result


# ---------------------------------------------------------------- TFILLPAD
def legal_tfillpad(env: Env, destination: int, source: int, padding: int) -> bool:
    """TileOperandsLegal_TFILLPAD."""
    w = env.tiles
    if not lg.descriptor_legal(w, destination) or not lg.contents_defined(w, source) \
            or not _carrier_encodings_valid(w, source):
        return False
    d, s = w[destination], w[source]
    return (d.kind == NUMERIC and s.kind == NUMERIC and codes.carrier_only(d.dtype) and d.dtype is s.dtype  # type: ignore[union-attr]
            and d.layout_shape_legal() and s.layout_shape_legal() and d.rows >= s.rows  # type: ignore[union-attr]
            and d.columns >= s.columns and d.valid_rows >= s.valid_rows  # type: ignore[union-attr]
            and d.valid_columns >= s.valid_columns)  # type: ignore[union-attr]


def execute_tfillpad(env: Env, destination: int, source: int, padding: int) -> None:
    """TFILLPAD: the source's valid region, the typed padding everywhere else of the
    destination's physical shape, all of it defined."""
    if not legal_tfillpad(env, destination, source, padding):
        raise TileError("TFILLPAD's operands are not legal")
    s = env.tiles.allocated(source)
    result = env.tiles.allocated(destination).copy()
    value = el.raw(padding, result.dtype)
    for r in range(result.rows):
        for c in range(result.columns):
            inside = r < s.valid_rows and c < s.valid_columns
            result.put(result.index(r, c), s.values[s.index(r, c)] if inside else value)
    result.defined_valid = result.valid_rows * result.valid_columns
    result.contents_defined = True
    env.tiles[destination] = result


# ---------------------------------------------------------------- TIMG2COL
class FeatureMap(NamedTuple):
    """TileFeatureMapDescriptor (valid ones only: an invalid descriptor is None)."""

    layout: str  # "NC1HWC0" | "NDC1HWC0"
    batches: int
    depth: int
    channel_groups: int
    height: int
    width: int
    channels_per_group: int
    filter_height: int
    filter_width: int
    stride_height: int
    stride_width: int
    dilation_height: int
    dilation_width: int
    pad_left: int
    pad_right: int
    pad_top: int
    pad_bottom: int
    logical_channels: int
    padding: int
    transposed: bool

    def output_height(self) -> int:
        """TileImageToColumnOutputHeight."""
        receptive = self.dilation_height * (self.filter_height - 1) + 1
        padded = self.height + self.pad_top + self.pad_bottom
        return 0 if padded < receptive else (padded - receptive) // self.stride_height + 1

    def output_width(self) -> int:
        """TileImageToColumnOutputWidth."""
        receptive = self.dilation_width * (self.filter_width - 1) + 1
        padded = self.width + self.pad_left + self.pad_right
        return 0 if padded < receptive else (padded - receptive) // self.stride_width + 1


def fmap_valid(t: Tile) -> bool:
    """TileFeatureMapDescriptorStructurallyValid."""
    f: FeatureMap | None = t.fmap
    if f is None or f.transposed or (f.layout == "NC1HWC0" and f.depth != 1):
        return False
    if f.logical_channels > f.channel_groups * f.channels_per_group:
        return False
    elements = f.batches * f.depth * f.channel_groups * f.height * f.width * f.channels_per_group
    return elements <= logical_capacity(t.capacity, t.dtype) and elements <= t.rows * t.columns


def _img2col_sources(f: FeatureMap, rows: int, columns: int, m: int, k: int):  # noqa: ANN202
    """For each destination element (row, column), the source element index it reads, or
    None for padding."""
    oh, ow = f.output_height(), f.output_width()
    per_batch, per_depth = f.depth * oh * ow, oh * ow
    per_group = f.filter_height * f.filter_width * f.channels_per_group
    per_filter_row = f.filter_width * f.channels_per_group
    for r in range(rows):
        batch, rest = divmod(m + r, per_batch)
        depth, rest = divmod(rest, per_depth)
        out_row, out_column = divmod(rest, ow)
        for c in range(columns):
            group, rest2 = divmod(k + c, per_group)
            filter_row, rest2 = divmod(rest2, per_filter_row)
            filter_column, channel = divmod(rest2, f.channels_per_group)
            in_row = out_row * f.stride_height + filter_row * f.dilation_height - f.pad_top
            in_column = out_column * f.stride_width + filter_column * f.dilation_width - f.pad_left
            if (group * f.channels_per_group + channel < f.logical_channels and 0 <= in_row < f.height
                    and 0 <= in_column < f.width):
                index = (((((batch * f.depth + depth) * f.channel_groups + group) * f.height + in_row)
                          * f.width + in_column) * f.channels_per_group) + channel
                yield r, c, index
            else:
                yield r, c, None


def legal_timg2col(env: Env, destination: int, source: int, m: int, k: int) -> bool:
    """TileOperandsLegal_TIMG2COL."""
    w = env.tiles
    if not lg.descriptor_legal(w, destination) or not lg.descriptor_legal(w, source) or not fmap_valid(w[source]):  # type: ignore[arg-type]
        return False
    d, s = w[destination], w[source]
    f: FeatureMap = s.fmap  # type: ignore[union-attr]
    if (not codes.carrier_only(s.dtype) or d.dtype is not s.dtype or d.layout != ROW_MAJOR  # type: ignore[union-attr]
            or s.layout != ROW_MAJOR or d.location != MATRIX or s.location != MATRIX):  # type: ignore[union-attr]
        return False
    oh, ow = f.output_height(), f.output_width()
    if oh <= 0 or ow <= 0:
        return False
    logical_rows = f.batches * f.depth * oh * ow
    logical_columns = f.channel_groups * f.filter_height * f.filter_width * f.channels_per_group
    if m + d.valid_rows > logical_rows or k + d.valid_columns > logical_columns:  # type: ignore[union-attr]
        return False
    capacity = logical_capacity(s.capacity, s.dtype)  # type: ignore[union-attr]
    for _r, _c, index in _img2col_sources(f, d.valid_rows, d.valid_columns, m, k):  # type: ignore[union-attr]
        if index is not None and (index >= capacity or index >= len(s.defined) or not s.defined[index]):  # type: ignore[union-attr]
            return False
    return True


def execute_timg2col(env: Env, destination: int, source: int, m: int, k: int) -> None:
    """TIMG2COL: the (m, k) window of the feature map's image-to-column matrix."""
    if not legal_timg2col(env, destination, source, m, k):
        raise TileError("TIMG2COL's operands are not legal")
    s = env.tiles.allocated(source)
    f: FeatureMap = s.fmap  # type: ignore[assignment]
    result = env.tiles.allocated(destination).copy()
    result.defined = bytearray(len(result.defined))
    padding = el.raw(f.padding, s.dtype)
    for r, c, index in _img2col_sources(f, result.valid_rows, result.valid_columns, m, k):
        result.put(result.index(r, c), padding if index is None else s.values[index])
    result.defined_valid = result.valid_rows * result.valid_columns
    result.contents_defined = True
    result.location = MATRIX
    result.apply_padding(PAD_NULL)
    env.tiles[destination] = result


register("TEXTRACT", legal_textract, execute_textract)
register("TINSERT", legal_tinsert, execute_tinsert)
register("TTRANS", legal_ttrans, execute_ttrans)
register("TCONCAT", legal_tconcat, execute_tconcat)
register("TFILLPAD", legal_tfillpad, execute_tfillpad)
register("TIMG2COL", legal_timg2col, execute_timg2col)
