"""The tile surface's code tables: data types, layouts, data-layout transforms, pad values,
PE modes and size codes (facts only, no behaviour).

Sources (pto-spec 0.58.3): ``asl/arch/data-types/tile-data-types.asl`` (the 25 data types,
their 5-bit codes, the layouts and data-layout transforms), ``asl/tile/model/state/
descriptors.asl`` (element widths, size codes), ``asl/tile/model/definedness/elements.asl``
(element bytes, signedness, pad values), ``asl/block/model/state/control-state.asl``
(data-layout codes and what each transform reads and writes),
``asl/block/model/schema/profile-encoding.asl`` (PEMode -> PE mask) and
``asl/arch/features/tile-allocation.asl`` (capacities).

Enumerations are kept as small integers (the enumeration's ordinal) with a tuple of the
spec's literal names beside them, so the core compares integers and the harness and the
debugger print names.
"""

from __future__ import annotations

from ptodbg.tile.dtypes import DTYPE_NONE, DataType

# ----------------------------------------------------------------- capacities
TILE_COUNT = 64  # PTO_TILE_REGISTER_COUNT: local tile registers T0..T63
SHARED_COUNT = 256  # PTO_SHARED_TILE_COUNT: shared registers S0..S255
CELL_BYTES = 128  # PTO_TILE_CELL_BYTES
CAPACITY_BYTES = 262144  # PTO_TILE_CAPACITY_BYTES: the core's tile capacity
LOCAL_MAX_BYTES = 65536  # PTO_TILE_MAX_ALLOCATION_BYTES: one local tile, per PE
SHARED_MAX_BYTES = 262144  # PTO_SHARED_TILE_MAX_ALLOCATION_BYTES
MODEL_ELEMENTS = 32768  # PTO_MODEL_TILE_ELEMENTS: 64-bit carriers of one tile
BINDING_COUNT = 16  # PTO_BUNDLE_TILE_BINDING_COUNT
DIMENSION_COUNT = 3  # PTO_BUNDLE_DIMENSION_COUNT
WORD_MASK = (1 << 64) - 1


# ----------------------------------------------------------------- data types
# The 25 data types are :class:`ptodbg.tile.dtypes.DataType` (value: the 5-bit code, in
# the enumeration's order); here are the sets and predicates the operations name.
DType = DataType
DTYPES: tuple[DType, ...] = tuple(DataType)
DTYPE_BY_NAME: dict[str, DType] = {d.name: d for d in DTYPES}
DTYPE_BY_CODE: dict[int, DType] = {d.code: d for d in DTYPES}

FP64, FP32, TF32, HF32, FP16, BF16, HIF8, E4M3, E5M2, E3M2, E2M3, E2M1X2, E1M2X2, E8M0, HIF4X2 = DTYPES[:15]
S64, S32, S16, S8, S4X2, U64, U32, U16, U8, U4X2 = DTYPES[15:]


def dtype_of_code(code: int) -> DType | None:
    """TileDataTypeFromEncoding, or None for a reserved code (15, 21..23, 29..31)."""
    return DTYPE_BY_CODE.get(code)


def code_concrete(code: int) -> bool:
    """BundleDataTypeConcrete / TileDataTypeEncodingValid."""
    return code in DTYPE_BY_CODE


def code_field_valid(code: int) -> bool:
    """BundleDataTypeFieldValid: a concrete type or DTYPE_NONE."""
    return code in DTYPE_BY_CODE or code == DTYPE_NONE


# Data-type sets the operations name (asl/tile/model/legality/dtype-layout.asl).
VEC_ARITHMETIC = frozenset({FP64, FP32, TF32, HF32, FP16, BF16, E4M3, E5M2, S64, S32, S16, S8, U64, U32, U16, U8})
VEC_INTEGER = frozenset({S64, S32, S16, S8, U64, U32, U16, U8})  # TileVecScalarIntegerDataTypeSupported
A9 = frozenset({S32, U32, FP32, S16, U16, FP16, BF16, S8, U8})  # TileA9DataTypeSupported
A7 = frozenset({S32, U32, FP32, S16, U16, FP16, BF16})  # TileA7DataTypeSupported
F3 = frozenset({FP16, FP32, BF16})  # TileF3DataTypeSupported
FLOAT_ELEMENTWISE = frozenset({FP64, FP32, TF32, HF32, FP16, BF16, E4M3, E5M2})
I6 = frozenset({S32, U32, S16, U16, S8, U8})  # TileI6DataTypeSupported
IMG2COL = frozenset({FP32, FP16, BF16, S32, S16, S8, U32, U16, U8})


def carrier_only(d: DType) -> bool:
    """TileCarrierOnlyDataTypeSupported: a non-packed type of at most 4 bytes."""
    return not d.is_packed and d.storage_bytes <= 4


def move24(d: DType) -> bool:
    """TileMove24DataTypeSupported: every type but HiF4X2."""
    return d is not HIF4X2


# ------------------------------------------------------------ layouts, location
ROW_MAJOR, COLUMN_MAJOR, ZN, NZ, CUBE_M16, CUBE_M32, CUBE_N8, IMPLEMENTATION_DEFINED = range(8)
LAYOUT_NAMES = ("RowMajor", "ColumnMajor", "ZN", "NZ", "CUBE_M16", "CUBE_M32", "CUBE_N8", "ImplementationDefined")
CUBE_LAYOUTS = frozenset({CUBE_M16, CUBE_M32, CUBE_N8})

VECTOR, MATRIX, MEMORY, ANY = range(4)
LOCATION_NAMES = ("Vector", "Matrix", "Memory", "Any")

NUMERIC, PREDICATE = 0, 1  # TileStorageKind
STORAGE_NAMES = ("Numeric", "Predicate")

# ------------------------------------------------------------- pad values
PAD_ZERO, PAD_MAX, PAD_MIN, PAD_NULL = range(4)  # TilePadValue; also the B.DATR 2-bit codes
PAD_NAMES = ("Zero", "Max", "Min", "Null")

# TilePadValueForDataType: the Max and Min element of each type (raw carriers).
_PAD_MAX = {
    FP64: 0x7FEFFFFFFFFFFFFF, FP32: 0x7F7FFFFF, TF32: 0x7F7FE000, HF32: 0x7F7FF000, FP16: 0x7BFF,
    BF16: 0x7F7F, E4M3: 0x7E, E5M2: 0x7B, U8: 0xFF, U16: 0xFFFF, U32: 0xFFFFFFFF, U64: WORD_MASK,
    S8: 0x7F, S16: 0x7FFF, S32: 0x7FFFFFFF, S64: 0x7FFFFFFFFFFFFFFF,
}
_PAD_MIN = {
    FP64: 0xFFEFFFFFFFFFFFFF, FP32: 0xFF7FFFFF, TF32: 0xFF7FE000, HF32: 0xFF7FF000, FP16: 0xFBFF,
    BF16: 0xFF7F, E4M3: 0xFE, E5M2: 0xFB, U8: 0, U16: 0, U32: 0, U64: 0, U4X2: 0,
    S8: 0x80, S16: 0x8000, S32: 0x80000000, S64: 0x8000000000000000,
}


def pad_word(pad: int, d: DType) -> int:
    """TilePadValueForDataType: the carrier a pad value writes (Zero and Null: 0)."""
    if pad in (PAD_ZERO, PAD_NULL):
        return 0
    if pad == PAD_MAX:
        return _PAD_MAX.get(d, WORD_MASK)
    return _PAD_MIN.get(d, 0x8000000000000000)


# ------------------------------------------------------ data-layout transforms
# TileDataLayout codes (B.DATR Layout): code -> (name, source layout, destination layout);
# the CUBE conversions (21..26) have neither a generic source nor destination layout.
DATA_LAYOUTS: dict[int, tuple[str, int | None, int | None]] = {
    0: ("NORM", ROW_MAJOR, ROW_MAJOR), 1: ("ND2DN", ROW_MAJOR, COLUMN_MAJOR),
    3: ("ND2ZN", ROW_MAJOR, ZN), 4: ("ND2NZ", ROW_MAJOR, NZ),
    6: ("DN2ND", COLUMN_MAJOR, ROW_MAJOR), 8: ("DN2ZN", COLUMN_MAJOR, ZN),
    9: ("DN2NZ", COLUMN_MAJOR, NZ), 17: ("ZN2ND", ZN, ROW_MAJOR), 18: ("ZN2DN", ZN, COLUMN_MAJOR),
    20: ("ZN2NZ", ZN, NZ), 21: ("ND2M32", None, None), 22: ("ND2M16", None, None),
    23: ("ND2N8", None, None), 24: ("M322ND", None, None), 25: ("M162ND", None, None),
    26: ("N82ND", None, None), 27: ("NZ2ND", NZ, ROW_MAJOR), 28: ("NZ2DN", NZ, COLUMN_MAJOR),
    30: ("NZ2ZN", NZ, ZN),
}
DATA_LAYOUT_BY_NAME = {name: code for code, (name, _, _) in DATA_LAYOUTS.items()}


def data_layout_accepted(code: int) -> bool:
    """TileDataLayoutCodeAccepted (every assigned code is architectural)."""
    return code in DATA_LAYOUTS


def cube_conversion(code: int) -> bool:
    """TileDataLayoutIsCubeConversion: ND2M32 .. N82ND."""
    return 21 <= code <= 26


def cube_layout_of(code: int) -> int:
    """TileDataLayoutCubeLayout of a CUBE conversion code."""
    return CUBE_M32 if code in (21, 24) else CUBE_M16 if code in (22, 25) else CUBE_N8


def source_layout(code: int) -> int:
    """TileDataLayoutSourceLayout (an unassigned code reads as NORM, as TileDataLayoutOfCode)."""
    got = DATA_LAYOUTS.get(code, DATA_LAYOUTS[0])[1]
    if got is None:
        raise ValueError(f"data layout {code} is a CUBE conversion")
    return got


def destination_layout(code: int) -> int:
    """TileDataLayoutDestinationLayout."""
    got = DATA_LAYOUTS.get(code, DATA_LAYOUTS[0])[2]
    if got is None:
        raise ValueError(f"data layout {code} is a CUBE conversion")
    return got


# ------------------------------------------------------------ PE masks, sizes
# PTOv0PEMaskOfPEMode: PEMode -> 4-bit mask; mask bit 3 - k is PE k (PTOPEMaskBitOfPEIdentity).
PE_MASKS = (0b0000, 0b1000, 0b0100, 0b0010, 0b0001, 0b1100, 0b1110, 0b1111)


def pe_mask_of_mode(mode: int) -> int:
    return PE_MASKS[mode & 7]


def pe_count(mask: int) -> int:
    """PEMaskPopulation."""
    return bin(mask & 0xF).count("1")


def pe_in_mask(mask: int, pe: int) -> bool:
    return bool(mask >> (3 - pe) & 1)


def size_code_bytes(code: int) -> int:
    """TileSizeCodeBytes: code 1..12 -> 128 B .. 256 KiB."""
    if not 1 <= code <= 12:
        raise ValueError(f"tile size code {code} outside 1..12")
    return 64 << code


def size_code_legal(code: int) -> bool:
    return 1 <= code <= 12


def local_size_code_legal(code: int) -> bool:
    """LocalTileSizeCodeIsLegal: local tiles are at most 64 KiB per PE (codes 1..10)."""
    return 1 <= code <= 10


def hand_of(index: int) -> str:
    """TileHandOf: T0..T15, U, M, N hands of 16 registers each."""
    return "TUMN"[index // 16]
