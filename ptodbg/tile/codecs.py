"""Fast element codecs: fetch one per tile operation, call it per element.

``decoder(dt)`` and ``encoder(dt, control)`` return plain callables specialised for one
type (and control), so a loop over thousands of elements pays the dispatch once:

* decoding the 8- and 4-bit types reads a precomputed table of exact floats; FP16, FP32,
  BF16, TF32, HF32 and FP64 go through ``struct`` (the host's binary16/32/64 layouts are
  the formats themselves; BF16, TF32 and HF32 are truncated binary32);
* encoding a ``float`` with RNE and without Sat - the rule of every elementwise result
  (ADR-0047) - uses ``struct`` for FP64 (exact), FP32 and FP16 (the host rounds to
  nearest even), integer rounding of the binary64 bits for BF16, TF32 and HF32, ``frexp``
  for E8M0, and a bisection over the precomputed rounding boundaries for the other 8- and
  4-bit types; whenever the result could be tiny or overflow, and for every other input
  or control, they fall back to the exact encoder of :mod:`ptodbg.tile.formats`, so the
  fast paths give the same (raw, flags) as the exact path, bit for bit (the tests check it).

``decode_array`` and ``encode_array`` do whole sequences (``struct`` packs them in one call).
"""

from __future__ import annotations

import bisect
import math
import struct
from collections.abc import Callable, Iterable, Sequence

from ptodbg.tile.dtypes import DataType
from ptodbg.tile.formats import (
    FORMATS,
    HIF8,
    BinaryFormat,
    InvalidEncoding,
    Number,
    format_of,
    positive_values,
)
from ptodbg.tile.rounding import DEFAULT_CONTROL, NX, NumericControl, Rounding

Decoder = Callable[[int], "float | int"]
Encoder = Callable[[Number], tuple[int, int]]

_U16, _U32, _U64 = struct.Struct("<H"), struct.Struct("<I"), struct.Struct("<Q")
_F16, _F32, _F64 = struct.Struct("<e"), struct.Struct("<f"), struct.Struct("<d")
_STRUCT_CODES = {DataType.FP16: ("H", "e", 0xFFFF), DataType.FP32: ("I", "f", 0xFFFFFFFF),
                 DataType.FP64: ("Q", "d", (1 << 64) - 1)}
_TRUNCATED_F32 = {DataType.BF16: 0, DataType.TF32: 13, DataType.HF32: 12}  # low bits that must be zero


# ------------------------------------------------------------------------ decoding
def _table(dt: DataType) -> tuple[float | None, ...]:
    """The value of every carrier code (None: an invalid encoding)."""
    fmt = FORMATS[dt]
    out: list[float | None] = []
    for raw in range(1 << fmt.width):
        try:
            out.append(fmt.decode(raw))
        except InvalidEncoding:
            out.append(None)
    return tuple(out)


_TABLES: dict[DataType, tuple[float | None, ...]] = {}


def decode_table(dt: DataType) -> tuple[float | None, ...]:
    """The precomputed values of an 8- or 4-bit floating type, indexed by carrier code."""
    t = _TABLES.get(dt)
    if t is None:
        t = _TABLES[dt] = _table(dt)
    return t


def _table_decoder(dt: DataType) -> Decoder:
    table = decode_table(dt)
    mask = len(table) - 1
    name = dt.name
    if None not in table:
        return lambda raw: table[raw & mask]  # type: ignore[return-value]

    def decode(raw: int) -> float:
        v = table[raw & mask]
        if v is None:
            raise InvalidEncoding(f"{raw & mask:#x} is not a valid {name} encoding")
        return v

    return decode


def _shifted_f32_decoder(dt: DataType, shift: int) -> Decoder:
    """TF32/HF32 (a checked low field of zeros) and BF16 (the top half of a binary32)."""
    pack, unpack = _U32.pack, _F32.unpack
    if dt == DataType.BF16:
        return lambda raw: unpack(pack((raw & 0xFFFF) << 16))[0]
    low = (1 << shift) - 1
    name = dt.name

    def decode(raw: int) -> float:
        raw &= 0xFFFFFFFF
        if raw & low:
            raise InvalidEncoding(f"{raw:#x} is not a valid {name} encoding")
        return unpack(pack(raw))[0]

    return decode


def decoder(dt: DataType) -> Decoder:
    """A function raw -> exact value for elements of ``dt`` (as :func:`formats.decode`)."""
    if dt in _STRUCT_CODES:
        icode, fcode, mask = _STRUCT_CODES[dt]
        ipack, funpack = struct.Struct("<" + icode).pack, struct.Struct("<" + fcode).unpack
        return lambda raw: funpack(ipack(raw & mask))[0]
    if dt in _TRUNCATED_F32:
        return _shifted_f32_decoder(dt, _TRUNCATED_F32[dt])
    if dt.is_floating:
        return _table_decoder(dt)
    return FORMATS[dt].decode


def decode_array(dt: DataType, raws: Sequence[int]) -> list:
    """The values of a sequence of elements of ``dt`` (one ``struct`` call for the binary16,
    32 and 64 layouts and the truncated binary32 ones)."""
    if not raws:
        return []
    n = len(raws)
    if dt in _STRUCT_CODES:
        icode, fcode, mask = _STRUCT_CODES[dt]
        data = struct.pack(f"<{n}{icode}", *(r & mask for r in raws))
        return list(struct.unpack(f"<{n}{fcode}", data))
    if dt in _TRUNCATED_F32:
        if dt == DataType.BF16:
            words = [(r & 0xFFFF) << 16 for r in raws]
        else:
            words = [r & 0xFFFFFFFF for r in raws]
            low = (1 << _TRUNCATED_F32[dt]) - 1
            bad = next((w for w in words if w & low), None)
            if bad is not None:
                raise InvalidEncoding(f"{bad:#x} is not a valid {dt.name} encoding")
        return list(struct.unpack(f"<{n}f", struct.pack(f"<{n}I", *words)))
    one = decoder(dt)
    return [one(r) for r in raws]


# ------------------------------------------------------------------------ encoding
class _Boundaries:
    """Round-to-nearest-even over a small format's sorted positive finite values.

    ``mids[i]`` is the midpoint of ``values[i]`` and ``values[i+1]``: a magnitude below it
    rounds to ``values[i]``, above it to ``values[i+1]``, on it to the even code."""

    def __init__(self, values: list[float], codes: list[int], sign: int, negative_zero: bool,
                 min_normal: float) -> None:
        self.values, self.codes, self.sign = values, codes, sign
        self.mids = [(a + b) / 2 for a, b in zip(values, values[1:], strict=False)]
        self.negative_zero = negative_zero
        self.min_normal = min_normal


def _boundaries(dt: DataType) -> _Boundaries:
    fmt = FORMATS[dt]
    if fmt is HIF8:
        values, codes = positive_values(HIF8, 0x80)
        return _Boundaries(values, codes, 0x80, False, 2.0 ** -15)
    assert isinstance(fmt, BinaryFormat) and fmt.shift == 0
    values, codes = positive_values(fmt, fmt.sign_bit_value)
    min_normal = math.ldexp(1.0, fmt.emin if fmt.subnormal_class else fmt.min_q)
    return _Boundaries(values, codes, fmt.sign_bit_value, True, min_normal)


def _table_encoder(dt: DataType) -> Encoder:
    b = _boundaries(dt)
    slow = FORMATS[dt].encode
    values, codes, mids, sign = b.values, b.codes, b.mids, b.sign
    top, min_normal, negative_zero = values[-1], b.min_normal, b.negative_zero
    search = bisect.bisect_left

    def encode(value: Number) -> tuple[int, int]:
        if type(value) is not float or not -top <= value <= top:
            return slow(value)
        a = -value if value < 0 or (value == 0 and math.copysign(1.0, value) < 0) else value
        i = search(mids, a)
        if i < len(mids) and a == mids[i] and codes[i] & 1:  # a tie: the even code
            i += 1
        exact = values[i] == a
        if not exact and a < min_normal:
            return slow(value)
        code = codes[i]
        if a is not value:
            code = code | sign if code or negative_zero else 0
        return code, 0 if exact else NX

    return encode


def _struct_encoder(dt: DataType) -> Encoder:
    """FP16/FP32 by the host's round-to-nearest-even ``struct`` packing."""
    fmt = FORMATS[dt]
    assert isinstance(fmt, BinaryFormat)
    fcode, icode = ("e", "H") if dt == DataType.FP16 else ("f", "I")
    fpack, iunpack = struct.Struct("<" + fcode).pack, struct.Struct("<" + icode).unpack
    funpack = struct.Struct("<" + fcode).unpack
    min_normal = math.ldexp(1.0, fmt.emin)
    largest = fmt.decode(fmt.max_finite())
    slow = fmt.encode

    def encode(value: Number) -> tuple[int, int]:
        if type(value) is not float:
            return slow(value)
        try:
            data = fpack(value)
        except OverflowError:
            return slow(value)
        r = funpack(data)[0]
        if r == value:
            return iunpack(data)[0], 0
        if min_normal < abs(r) <= largest:  # inexact, neither tiny nor overflowing
            return iunpack(data)[0], NX
        return slow(value)  # NaN, infinity, tiny or overflow: the exact rules

    return encode


def _binary64_bits_encoder(dt: DataType) -> Encoder:
    """BF16, TF32, HF32: round the binary64 significand to the format's fraction bits, to
    nearest even, on the integer bits themselves (a carry runs into the exponent), then
    rebias.  Rounding a binary64 value's bits at a fixed precision is the unbounded-exponent
    rounding, so a result that comes out normal is the exact result; subnormal, zero,
    overflowing and special results fall back to the exact encoder."""
    fmt = FORMATS[dt]
    assert isinstance(fmt, BinaryFormat)
    drop = 52 - fmt.fbits
    half, low = 1 << (drop - 1), (1 << drop) - 1
    rebias = (1023 - fmt.bias) << fmt.fbits
    smallest, largest = 1 << fmt.fbits, fmt.max_finite() >> fmt.shift
    sign_shift, shift = fmt.ebits + fmt.fbits, fmt.shift
    pack, unpack = _F64.pack, _U64.unpack
    slow = fmt.encode

    def encode(value: Number) -> tuple[int, int]:
        if type(value) is not float:
            return slow(value)
        b = unpack(pack(value))[0]
        kept = (b & 0x7FFFFFFFFFFFFFFF) >> drop
        rem = b & low
        if rem > half or (rem == half and kept & 1):
            kept += 1
        v = kept - rebias
        if not smallest <= v <= largest:
            return slow(value)
        return (v | (b >> 63) << sign_shift) << shift, (NX if rem else 0)

    return encode


def _e8m0_encoder() -> Encoder:
    """E8M0 by ``frexp``: value = m * 2**e with m in [1/2, 1); the floor exponent is e - 1 and
    RNE takes the ceiling when m > sqrt(1/2), decided on the integer significand."""
    slow = FORMATS[DataType.E8M0].encode
    frexp = math.frexp
    threshold = 1 << 105  # m > sqrt(1/2) exactly when (m * 2**53)**2 > 2**105

    def encode(value: Number) -> tuple[int, int]:
        if type(value) is not float or not 0.0 < value < math.inf:
            return slow(value)
        m, e = frexp(value)
        floor = e - 1
        if m == 0.5:
            if -127 <= floor <= 127:
                return floor + 127, 0
            return slow(value)
        if not -127 <= floor <= 126:
            return slow(value)
        significand = int(m * 9007199254740992.0)  # exact: m has 53 bits
        return floor + 127 + (significand * significand > threshold), NX

    return encode


def _fp64_encoder() -> Encoder:
    pack, unpack = _F64.pack, _U64.unpack
    slow = FORMATS[DataType.FP64].encode

    def encode(value: Number) -> tuple[int, int]:
        if type(value) is float and value - value == 0.0:  # finite: exact as it stands
            return unpack(pack(value))[0], 0
        return slow(value)

    return encode


_FAST = {DataType.FP16: _struct_encoder, DataType.FP32: _struct_encoder}
_TABLE_ENCODED = (DataType.HiF8, DataType.E4M3, DataType.E5M2, DataType.E3M2, DataType.E2M3,
                  DataType.E2M1X2, DataType.E1M2X2, DataType.HiF4X2)
_ENCODERS: dict[DataType, Encoder] = {}


def encoder(dt: DataType, control: NumericControl = DEFAULT_CONTROL) -> Encoder:
    """A function value -> (raw, flags) for elements of ``dt`` under ``control`` (as
    :func:`formats.encode`)."""
    fmt = format_of(dt)
    if control.rounding != Rounding.RNE or control.saturating:
        return lambda value: fmt.encode(value, control)
    got = _ENCODERS.get(dt)
    if got is None:
        if dt == DataType.FP64:
            got = _fp64_encoder()
        elif dt in (DataType.BF16, DataType.TF32, DataType.HF32):
            got = _binary64_bits_encoder(dt)
        elif dt == DataType.E8M0:
            got = _e8m0_encoder()
        elif dt in _FAST:
            got = _FAST[dt](dt)
        elif dt in _TABLE_ENCODED:
            got = _table_encoder(dt)
        else:
            got = fmt.encode
        _ENCODERS[dt] = got
    return got


def encode_array(dt: DataType, values: Iterable[Number],
                 control: NumericControl = DEFAULT_CONTROL) -> tuple[list[int], int]:
    """A sequence of values encoded: (raw elements, the OR of their flags)."""
    one = encoder(dt, control)
    out: list[int] = []
    flags = 0
    for v in values:
        raw, f = one(v)
        out.append(raw)
        flags |= f
    return out, flags
