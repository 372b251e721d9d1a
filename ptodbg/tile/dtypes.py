"""The 25 tile data types (``asl/arch/data-types/tile-data-types.asl``).

A :class:`DataType` is the spec's ``TileDataType`` and its value *is* the 5-bit DataType
code that B.DATR and the typed BSTARTs carry (PTO-FIELD-BLOCK-DATATYPE): FP64 = 0 ...
HiF4X2 = 14, S64 = 16 ... S4X2 = 20, U64 = 24 ... U4X2 = 28.  Codes 15, 21-23 and 29-31 are
reserved; 31 doubles as the field-level sentinel DTYPE_NONE ("inherit"), which is not a
data type.  Member names keep the spec's spelling (``DataType.HiF8``), so the ASL literal
is ``"TileDataType_" + dt.name``.

Element widths are TileElementBits (``asl/tile/model/state/descriptors.asl``): the
packed forms E2M1X2, E1M2X2, HiF4X2, S4X2 and U4X2 are 4-bit *logical elements*, two to a
byte (ADR-0033: element ``i`` lives in byte ``i // 2``, even elements in the low nibble);
E3M2 and E2M3 are 6-bit values carried in a byte whose two high bits must be zero; TF32
and HF32 are 19- and 20-bit values carried in 32 bits whose low 13 and 12 bits must be
zero.  ``storage_bytes`` is TileElementBytes (``asl/tile/model/definedness/elements.asl``).
"""

from __future__ import annotations

from enum import IntEnum

DTYPE_NONE = 31
"""The DataType field's "no type, inherit" sentinel (``DTYPE_NONE = '11111'``)."""

RESERVED_CODES = frozenset({15, 21, 22, 23, 29, 30, 31})


class DataType(IntEnum):
    """A tile element data type; the value is its 5-bit DataType code."""

    FP64 = 0
    FP32 = 1
    TF32 = 2
    HF32 = 3
    FP16 = 4
    BF16 = 5
    HiF8 = 6
    E4M3 = 7
    E5M2 = 8
    E3M2 = 9
    E2M3 = 10
    E2M1X2 = 11
    E1M2X2 = 12
    E8M0 = 13
    HiF4X2 = 14
    S64 = 16
    S32 = 17
    S16 = 18
    S8 = 19
    S4X2 = 20
    U64 = 24
    U32 = 25
    U16 = 26
    U8 = 27
    U4X2 = 28

    @property
    def code(self) -> int:
        """The 5-bit DataType code (TileDataTypeToEncoding)."""
        return int(self)

    @property
    def bits(self) -> int:
        """The logical element width in bits: 4, 8, 16, 32 or 64 (TileElementBits)."""
        return _BITS[self]

    @property
    def storage_bytes(self) -> int:
        """Bytes a memory element occupies (TileElementBytes; a packed pair shares one)."""
        return _BITS[self] // 8 or 1

    @property
    def mask(self) -> int:
        """All ones over the element's width."""
        return (1 << _BITS[self]) - 1

    @property
    def is_floating(self) -> bool:
        """The fifteen floating and scale types (TileDataTypeIsFloating)."""
        return self < 16

    @property
    def is_integer(self) -> bool:
        return self >= 16

    @property
    def is_signed(self) -> bool:
        """The signed integer types S64 ... S4X2 (TileDataTypeIsSigned)."""
        return 16 <= self <= 20

    @property
    def is_unsigned(self) -> bool:
        """The unsigned integer types U64 ... U4X2 (TileDataTypeIsUnsignedInteger)."""
        return self >= 24

    @property
    def is_packed(self) -> bool:
        """A four-bit type stored two to a byte (TileDataTypeIsFourBit)."""
        return _BITS[self] == 4

    @property
    def int_min(self) -> int:
        """The smallest value of an integer type (TileIntegerMinimum, as a number)."""
        if not self.is_integer:
            raise ValueError(f"{self.name} is not an integer type")
        return -(1 << (_BITS[self] - 1)) if self.is_signed else 0

    @property
    def int_max(self) -> int:
        """The largest value of an integer type (TileIntegerMaximum, as a number)."""
        if not self.is_integer:
            raise ValueError(f"{self.name} is not an integer type")
        width = _BITS[self]
        return (1 << (width - 1)) - 1 if self.is_signed else (1 << width) - 1

    @property
    def asl_name(self) -> str:
        """The ASL enumeration literal (``TileDataType_HiF8``)."""
        return "TileDataType_" + self.name


_BITS: dict[DataType, int] = {
    DataType.FP64: 64, DataType.FP32: 32, DataType.TF32: 32, DataType.HF32: 32,
    DataType.FP16: 16, DataType.BF16: 16, DataType.HiF8: 8, DataType.E4M3: 8,
    DataType.E5M2: 8, DataType.E3M2: 8, DataType.E2M3: 8, DataType.E2M1X2: 4,
    DataType.E1M2X2: 4, DataType.E8M0: 8, DataType.HiF4X2: 4,
    DataType.S64: 64, DataType.S32: 32, DataType.S16: 16, DataType.S8: 8, DataType.S4X2: 4,
    DataType.U64: 64, DataType.U32: 32, DataType.U16: 16, DataType.U8: 8, DataType.U4X2: 4,
}

_BY_CODE: dict[int, DataType] = {int(dt): dt for dt in DataType}
_BY_NAME: dict[str, DataType] = {dt.name.lower(): dt for dt in DataType}


def code_valid(code: int) -> bool:
    """Whether a 5-bit code names a data type (TileDataTypeEncodingValid)."""
    return code in _BY_CODE


def from_code(code: int) -> DataType:
    """The data type of an assigned 5-bit code (TileDataTypeFromEncoding); ValueError for a
    reserved code or DTYPE_NONE."""
    dt = _BY_CODE.get(code)
    if dt is None:
        raise ValueError(f"DataType code {code} is reserved" if 0 <= code < 32
                         else f"DataType code {code} is not a 5-bit code")
    return dt


def from_name(name: str) -> DataType:
    """The data type spelt ``name`` in any case (``"fp32"``, ``"HiF8"``); ValueError if none."""
    dt = _BY_NAME.get(name.lower())
    if dt is None:
        raise ValueError(f"no tile data type named {name!r}")
    return dt


FLOATING_TYPES = tuple(dt for dt in DataType if dt.is_floating)
INTEGER_TYPES = tuple(dt for dt in DataType if dt.is_integer)


def unpack_nibbles(data: bytes, count: int) -> list[int]:
    """The ``count`` four-bit elements packed in ``data`` (ADR-0033: element ``i`` is the low
    nibble of byte ``i // 2`` when ``i`` is even, the high nibble when odd)."""
    if count > 2 * len(data):
        raise ValueError(f"{count} four-bit elements need {(count + 1) // 2} bytes, not {len(data)}")
    out = []
    for byte in data[: (count + 1) // 2]:
        out.append(byte & 0xF)
        out.append(byte >> 4)
    del out[count:]
    return out


def pack_nibbles(elements: list[int] | tuple[int, ...], into: bytes | None = None) -> bytes:
    """Four-bit elements packed two to a byte (the inverse of :func:`unpack_nibbles`).  An odd
    final element leaves the sibling (high) nibble of its byte as ``into`` has it (ADR-0033:
    stores preserve the sibling nibble), or zero without ``into``."""
    n = len(elements)
    out = bytearray((n + 1) // 2)
    if into is not None and n % 2:
        if len(into) < len(out):
            raise ValueError("the byte to merge into is missing")
        out[-1] = into[len(out) - 1] & 0xF0
    for i, e in enumerate(elements):
        if not 0 <= e <= 0xF:
            raise ValueError(f"element {i} ({e}) is not a four-bit value")
        out[i >> 1] |= e << (4 * (i & 1))
    return bytes(out)
