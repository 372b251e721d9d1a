"""Which element data types each tile operation accepts (the ``DataTypeLegal`` fact of
its contract), written from each operation's file (``asl/tile/**/<NAME>.asl``,
``InstructionContractDataTypeLegal_<NAME>``) and the sets of
``asl/tile/model/legality/dtype-layout.asl``.
"""

from __future__ import annotations

from collections.abc import Callable

from ptodbg.tile import codes
from ptodbg.tile.codes import DType

Predicate = Callable[[DType], bool]


def _members(types: frozenset) -> Predicate:
    return types.__contains__


def _any(d: DType) -> bool:
    return True


_ARITHMETIC = _members(codes.VEC_ARITHMETIC)
_INTEGER = _members(codes.VEC_INTEGER)
_FLOAT_SFU = _members(codes.FLOAT_ELEMENTWISE)
_EXPDIF = _members(frozenset({codes.FP16, codes.BF16, codes.FP32}))


def _carrier_or_move24(d: DType) -> bool:
    return codes.move24(d)


def _carrier_or_packed(d: DType) -> bool:
    return codes.carrier_only(d) or d.is_packed


DATA_TYPES: dict[str, Predicate] = {
    **{n: _ARITHMETIC for n in ("TADD", "TSUB", "TMUL", "TDIV", "TREM", "TMAX", "TMIN", "TFMA", "TABS", "TNEG",
                                "TRELU", "TCMP", "TCMPS", "TSEL", "TSELS", "TEXPANDS", "TADDS", "TSUBS", "TMULS",
                                "TDIVS", "TREMS", "TMAXS", "TMINS", "TFILLPAD")},
    **{n: _INTEGER for n in ("TAND", "TOR", "TXOR", "TSHL", "TSHR", "TNOT", "TANDS", "TORS", "TXORS", "TSHLS",
                             "TSHRS")},
    **{n: _FLOAT_SFU for n in ("TEXP", "TLOG", "TRECIP", "TSQRT", "TRSQRT")},
    **{f"T{axis}{kind}": _ARITHMETIC for axis in ("ROW", "COL")
       for kind in ("SUM", "MAX", "MIN", "PROD", "EXPAND", "EXPANDADD", "EXPANDSUB", "EXPANDMUL", "EXPANDDIV",
                    "EXPANDMAX", "EXPANDMIN")},
    **{f"T{axis}ARG{kind}": _members(codes.A9) for axis in ("ROW", "COL") for kind in ("MAX", "MIN")},
    "TROWEXPANDEXPDIF": _EXPDIF, "TCOLEXPANDEXPDIF": _EXPDIF,
    **{n: _carrier_or_move24 for n in ("TCONCAT", "TEXTRACT", "TINSERT", "TTRANS")},
    "TIMG2COL": _members(codes.IMG2COL),
    "TCVT": _any,
    "TLOAD": _any, "TSTORE": _any,  # TileRegularTLSUDataTypeSupported: every assigned type
    "TPREFETCH": _carrier_or_packed, "GMOV": _carrier_or_packed,
}
# TLOAD, TSTORE and TPREFETCH state their rule over the 5-bit DataType code: a reserved
# code is not legal.
BY_CODE = frozenset({"TLOAD", "TSTORE", "TPREFETCH"})
