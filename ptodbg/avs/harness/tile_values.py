"""The spec model's tile values over ptodbg's tiles: the enumerations (TileDataType_FP32,
TileLayout_RowMajor ...) as ptodbg's codes, and TileInfo records (``_Tiles[[i]]``, a
``let t = _Tiles[[i]]`` copy) over :class:`~ptodbg.tile.state.Tile` objects.

A tile held by the machine is never changed in place (:mod:`ptodbg.tile.state`), so a
copy of ``_Tiles[[i]]`` is a :class:`TileInfo` holding the same Tile object; it copies the
tile only when the program writes a field of its copy.  The live element ``_Tiles[[i]]``
is a :class:`LiveTileInfo` that reads the machine's tile file at every access and writes
through to it.
"""

from __future__ import annotations

from collections.abc import Callable

from ptodbg.avs.convert import as_bits, as_bool, as_int, enum_name, word
from ptodbg.avs.values import Array, AslError, Bits, Enum, Unsupported
from ptodbg.tile import codes
from ptodbg.tile.codes import DTYPE_BY_NAME, MODEL_ELEMENTS, DType
from ptodbg.tile.state import Tile, TileError

PACKED_DEFINED_BITS = 524288  # PackedTileDefinedElements


# -------------------------------------------------------------- enumerations
def dtype(value: object, what: str = "a TileDataType") -> DType:
    name = enum_name(value, what)
    got = DTYPE_BY_NAME.get(name.removeprefix("TileDataType_"))
    if got is None or not name.startswith("TileDataType_"):
        raise AslError(f"{name} is not a TileDataType")
    return got


def dtype_enum(d: DType) -> Enum:
    return Enum("TileDataType_" + d.name)


def _enum_index(value: object, prefix: str, names: tuple[str, ...], what: str) -> int:
    name = enum_name(value, what)
    tail = name.removeprefix(prefix)
    if not name.startswith(prefix) or tail not in names:
        raise AslError(f"{name} is not a {what}")
    return names.index(tail)


def layout(value: object) -> int:
    return _enum_index(value, "TileLayout_", codes.LAYOUT_NAMES, "TileLayout")


def layout_enum(code: int) -> Enum:
    return Enum("TileLayout_" + codes.LAYOUT_NAMES[code])


def location(value: object) -> int:
    return _enum_index(value, "TileLocation_", codes.LOCATION_NAMES, "TileLocation")


def location_enum(code: int) -> Enum:
    return Enum("TileLocation_" + codes.LOCATION_NAMES[code])


def pad(value: object) -> int:
    return _enum_index(value, "TilePad_", codes.PAD_NAMES, "TilePadValue")


def pad_enum(code: int) -> Enum:
    return Enum("TilePad_" + codes.PAD_NAMES[code])


def storage_enum(kind: int) -> Enum:
    return Enum("TileStorage_" + codes.STORAGE_NAMES[kind])


def storage(value: object) -> int:
    return _enum_index(value, "TileStorage_", codes.STORAGE_NAMES, "TileStorageKind")


def tile_index(value: object) -> int:
    i = as_int(value, "a TileIndex")
    if not 0 <= i < codes.TILE_COUNT:
        raise AslError(f"tile index {i} outside 0..63")
    return i


# ------------------------------------------------------------------ TileInfo
def _defined_bits(tile: Tile | None, packed: bool) -> Bits:
    """defined_elements (unpacked tiles) or packed_defined_elements (packed tiles)."""
    width = PACKED_DEFINED_BITS if packed else MODEL_ELEMENTS
    if tile is None or tile.packed != packed:
        return Bits(width, 0)
    return Bits(width, int.from_bytes(_bits_of(tile.defined), "little"))


def _bits_of(defined: bytearray) -> bytearray:
    """Definedness bytes (one per element) packed eight elements to a byte, LSB first."""
    out = bytearray((len(defined) + 7) // 8)
    for e, flag in enumerate(defined):
        if flag:
            out[e >> 3] |= 1 << (e & 7)
    return out


_FIELDS: dict[str, Callable[[Tile], object]] = {
    "storage_kind": lambda t: storage_enum(t.kind),
    "contents_defined": lambda t: t.contents_defined,
    "defined_valid_elements": lambda t: t.defined_valid,
    "capacity_bytes": lambda t: t.capacity,
    "rows": lambda t: t.rows,
    "columns": lambda t: t.columns,
    "valid_rows": lambda t: t.valid_rows,
    "valid_columns": lambda t: t.valid_columns,
    "data_type": lambda t: dtype_enum(t.dtype),
    "layout": lambda t: layout_enum(t.layout),
    "location": lambda t: location_enum(t.location),
    "cube_k_repeat": lambda t: t.cube[0],
    "cube_n_repeat": lambda t: t.cube[1],
    "cube_cell_count": lambda t: t.cube[2],
    "cube_storage_bytes": lambda t: t.cube[3],
}
# An unallocated register reads as ReleaseTile leaves it.
_RELEASED: dict[str, object] = {
    "allocated": False, "storage_kind": storage_enum(codes.NUMERIC), "contents_defined": False,
    "defined_valid_elements": 0, "capacity_bytes": 0, "rows": 0, "columns": 0, "valid_rows": 0,
    "valid_columns": 0, "data_type": dtype_enum(codes.U8), "layout": layout_enum(codes.ROW_MAJOR),
    "location": location_enum(codes.ANY), "cube_k_repeat": 0, "cube_n_repeat": 0, "cube_cell_count": 0,
    "cube_storage_bytes": 0,
}
_SETTERS: dict[str, Callable[[Tile, object], None]] = {
    "contents_defined": lambda t, v: setattr(t, "contents_defined", as_bool(v, "contents_defined")),
    "defined_valid_elements": lambda t, v: setattr(t, "defined_valid", as_int(v, "defined_valid_elements")),
    "capacity_bytes": lambda t, v: setattr(t, "capacity", as_int(v, "capacity_bytes")),
    "valid_rows": lambda t, v: setattr(t, "valid_rows", as_int(v, "valid_rows")),
    "valid_columns": lambda t, v: setattr(t, "valid_columns", as_int(v, "valid_columns")),
    "data_type": lambda t, v: setattr(t, "dtype", dtype(v)),
    "layout": lambda t, v: setattr(t, "layout", layout(v)),
    "location": lambda t, v: setattr(t, "location", location(v)),
    "cube_k_repeat": lambda t, v: setattr(t, "cube", (as_int(v, "cube_k_repeat"), *t.cube[1:])),
    "cube_n_repeat": lambda t, v: setattr(t, "cube", (t.cube[0], as_int(v, "cube_n_repeat"), *t.cube[2:])),
    "cube_cell_count": lambda t, v: setattr(t, "cube", (*t.cube[:2], as_int(v, "cube_cell_count"), t.cube[3])),
    "cube_storage_bytes": lambda t, v: setattr(t, "cube", (*t.cube[:3], as_int(v, "cube_storage_bytes"))),
}


def tile_field(tile: Tile | None, name: str) -> object:
    """One field of the TileInfo record ``tile`` stands for (None: a released register)."""
    if name == "payload":
        return PayloadView(TileInfo(tile))
    if name == "defined_elements":
        return _defined_bits(tile, False)
    if name == "packed_defined_elements":
        return _defined_bits(tile, True)
    if tile is None:
        if name in _RELEASED:
            return _RELEASED[name]
        raise Unsupported(f"TileInfo.{name}")
    if name == "allocated":
        return True
    getter = _FIELDS.get(name)
    if getter is None:
        raise Unsupported(f"TileInfo.{name}")
    return getter(tile)


def _resized(t: Tile) -> None:
    """Fit a tile's element storage to its (changed) shape, keeping what fits."""
    n = t.rows * t.columns
    if t.kind == codes.PREDICATE:
        size = (n + 7) // 8
        t.values = (t.values + [0] * size)[:size]
    else:
        t.values = (t.values + [0] * n)[:n]
    t.defined = (t.defined + bytearray(n))[:n]


_SHAPE_SETTERS: dict[str, Callable[[Tile, object], None]] = {
    "rows": lambda t, v: setattr(t, "rows", as_int(v, "rows")),
    "columns": lambda t, v: setattr(t, "columns", as_int(v, "columns")),
    "storage_kind": lambda t, v: setattr(t, "kind", storage(v)),
}


def changed_tile(tile: Tile | None, name: str, value: object) -> Tile | None:
    """A copy of ``tile`` with one TileInfo field set (what an ASL field write makes).  A
    TileInfo the program builds field by field starts from ReleaseTile's values."""
    if name == "allocated":
        if as_bool(value, "allocated"):
            return tile if tile is not None else Tile(codes.NUMERIC, 0, 0, 0, 0, 0, codes.U8, codes.ROW_MAJOR,
                                                      codes.ANY, 0)
        return None
    if tile is None:
        raise Unsupported(f"assignment to TileInfo.{name} of a released register")
    if name in ("defined_elements", "packed_defined_elements"):
        t = tile.copy()
        bits = as_bits(value, name, None)
        if tile.packed == (name == "packed_defined_elements"):
            t.defined = bytearray((bits >> e) & 1 for e in range(len(t.defined)))
        return t
    setter = _SETTERS.get(name) or _SHAPE_SETTERS.get(name)
    if setter is None:
        raise Unsupported(f"assignment to TileInfo.{name}")
    t = tile.copy()
    setter(t, value)
    if name in _SHAPE_SETTERS:
        _resized(t)
    return t


class PayloadView:
    """``tile.payload``: the spec's carrier words, read from and written through to the
    TileInfo (or live register) it belongs to."""

    __slots__ = ("owner",)

    def __init__(self, owner: TileInfo | LiveTileInfo) -> None:
        self.owner = owner

    def get_item(self, index: object) -> Bits:
        k = _payload_index(index)
        tile = self.owner.current()
        return word(tile.carrier(k) if tile is not None else 0)

    def set_item(self, index: object, value: object) -> None:
        k = _payload_index(index)
        tile = self.owner.current()
        if tile is None:
            raise Unsupported("assignment to the payload of a released register")
        t = tile.copy()
        try:
            t.set_carrier(k, as_bits(value, "a payload word"))
        except TileError as e:
            raise Unsupported(str(e)) from None
        self.owner.replace(t)

    def copy(self) -> Array:
        raise Unsupported("copying a whole TileInfo payload")


def _payload_index(index: object) -> int:
    k = as_int(index, "a payload index")
    if not 0 <= k < MODEL_ELEMENTS:
        raise AslError(f"payload[[{k}]] outside 0..{MODEL_ELEMENTS - 1}")
    return k


class TileInfo:
    """A TileInfo value of the program (a copy of ``_Tiles[[i]]``).  A copy of a released
    register may have its fields set before it is marked allocated: it keeps a blank tile
    with ``allocated`` false until then."""

    __slots__ = ("tile", "allocated")

    def __init__(self, tile: Tile | None, allocated: bool | None = None) -> None:
        self.tile = tile
        self.allocated = tile is not None if allocated is None else allocated

    def get_field(self, name: str) -> object:
        if name == "payload":
            return PayloadView(self)
        if name == "allocated":
            return self.allocated
        return tile_field(self.tile, name)

    def set_field(self, name: str, value: object) -> None:
        if name == "allocated":
            self.allocated = as_bool(value, "allocated")
            if self.allocated and self.tile is None:
                self.tile = changed_tile(None, name, value)
            return
        if self.tile is None:
            self.tile = changed_tile(None, "allocated", True)
        self.tile = changed_tile(self.tile, name, value)

    def current(self) -> Tile | None:
        return self.tile

    def replace(self, tile: Tile) -> None:
        self.tile = tile

    def copy(self) -> TileInfo:
        return TileInfo(self.tile, self.allocated)

    def __eq__(self, other: object) -> bool:
        raise Unsupported("comparing whole TileInfo records")

    __hash__ = None  # type: ignore[assignment]


class LiveTileInfo:
    """``_Tiles[[index]]``: the machine's tile, read at each access and written through."""

    __slots__ = ("files", "index")

    def __init__(self, files: TileFiles, index: int) -> None:
        self.files = files
        self.index = index

    def get_field(self, name: str) -> object:
        if name == "payload":
            return PayloadView(self)
        return tile_field(self.files.get()[self.index], name)

    def set_field(self, name: str, value: object) -> None:
        f = self.files.get()
        self.files.put(f.with_local(self.index, changed_tile(f[self.index], name, value)))

    def current(self) -> Tile | None:
        return self.files.get()[self.index]

    def replace(self, tile: Tile) -> None:
        f = self.files.get()
        self.files.put(f.with_local(self.index, tile))

    def copy(self) -> TileInfo:
        return TileInfo(self.files.get()[self.index])

    snapshot = copy


class TileFiles:
    """Where the views find the tile file: getter and setter of the machine's field."""

    __slots__ = ("get", "put")

    def __init__(self, get: Callable, put: Callable) -> None:
        self.get = get
        self.put = put


def tile_of(value: object, what: str = "a TileInfo") -> Tile | None:
    """The Tile a TileInfo argument stands for."""
    if isinstance(value, TileInfo):
        return value.tile
    if isinstance(value, LiveTileInfo):
        return value.files.get()[value.index]
    raise AslError(f"type error: {what} must be a TileInfo")


def bits_or_word(value: object, what: str) -> int:
    return as_bits(value, what)


class _TilesArray:
    """``_Tiles``: the 64 local registers as live TileInfo records."""

    __slots__ = ("files",)

    def __init__(self, files: TileFiles) -> None:
        self.files = files

    def get_item(self, index: object) -> LiveTileInfo:
        return LiveTileInfo(self.files, tile_index(index))

    def set_item(self, index: object, value: object) -> None:
        i = tile_index(index)
        released = isinstance(value, TileInfo) and not value.allocated
        self.files.put(self.files.get().with_local(i, None if released else tile_of(value)))

    def copy(self) -> Array:
        f = self.files.get()
        return Array(codes.TILE_COUNT, [TileInfo(f[i]) for i in range(codes.TILE_COUNT)])


def set_tile_capacity(h: object, value: object) -> None:
    """``_SystemRegisters.tile_capacity = v``: the profile's TILE_CAPACITY (a read-only
    register the profile fixes; a test sets it to exercise the capacity limit)."""
    from ptodbg.tile.state import CAPACITY_LIMIT
    v = as_bits(value, "tile_capacity")
    if v > CAPACITY_LIMIT:
        raise AslError(f"tile_capacity {v} above the model's maximum {CAPACITY_LIMIT}")
    m = h.m  # type: ignore[attr-defined]
    m.profile = m.profile.replace(tile_capacity=v)


def tile_globals(files: TileFiles) -> dict[str, object]:
    """The model's tile-register globals (asl/tile/model/state/local-registers.asl)."""
    from ptodbg.avs.harness.views import ArrayView, Fixed

    def mask(i: int) -> Bits:
        t = files.get()[i]
        return Bits(4, t.mask if t is not None else 0)

    return {
        "_Tiles": Fixed("_Tiles", _TilesArray(files)),
        "_TileAllocationMasks": Fixed("_TileAllocationMasks", ArrayView("_TileAllocationMasks", codes.TILE_COUNT, mask)),
    }
