"""The spec's element-level tile functions (typed values, comparisons, numeric control,
data-layout codes), answered by ptodbg's :mod:`ptodbg.tile.elements`,
:mod:`ptodbg.tile.codes` and the family semantics.
"""

from __future__ import annotations

from ptodbg.avs.convert import as_bits, as_bool, word
from ptodbg.avs.harness.registry import spec_function
from ptodbg.avs.harness.state import Harness
from ptodbg.avs.harness.tile_exec import plain, run
from ptodbg.avs.harness.tile_values import dtype, layout_enum
from ptodbg.avs.values import AssertionFailed, Bits, Enum
from ptodbg.tile import codes
from ptodbg.tile import elements as el

_ELEMENTWISE = "asl/tile/model/execution/elementwise.asl"
_CONTROL = "asl/block/model/state/control-state.asl"


@spec_function("TileRawElementValue", _ELEMENTWISE)
def tile_raw_element_value(h: Harness, value: object, data_type: object) -> Bits:
    return word(el.raw(as_bits(value, "the value"), dtype(data_type)))


@spec_function("TileIntegerOperandValue", _ELEMENTWISE)
def tile_integer_operand_value(h: Harness, value: object, data_type: object) -> Bits:
    d = dtype(data_type)
    if not d.is_integer or d.is_packed:
        raise AssertionFailed(f"TileIntegerOperandValue of {d.name}")
    return word(el.operand(as_bits(value, "the value"), d))


@spec_function("TileProfileBinaryWithFlags", _ELEMENTWISE)
def tile_profile_binary_with_flags(h: Harness, op: object, data_type: object, left: object, right: object) -> tuple:
    from ptodbg.tile.semantics.elementwise import binary_value
    d = dtype(data_type)
    name, lv, rv = plain(op), as_bits(left, "left"), as_bits(right, "right")
    value, flags = run(h, lambda env: binary_value(env, name, d, lv, rv))[1]  # type: ignore[misc]
    return word(value), Bits(5, flags)


@spec_function("TileProfileBinary", _ELEMENTWISE)
def tile_profile_binary(h: Harness, op: object, data_type: object, left: object, right: object) -> Bits:
    return tile_profile_binary_with_flags(h, op, data_type, left, right)[0]


@spec_function("TileCompareBoolean", "asl/tile/model/execution/comparison.asl")
def tile_compare_boolean(h: Harness, comparison: object, less: object, equal: object) -> bool:
    from ptodbg.tile.semantics.compare import compare_boolean
    return compare_boolean(plain(comparison), as_bool(less, "left_less"), as_bool(equal, "equal"))  # type: ignore[arg-type]


@spec_function("TileCompareElement", "asl/tile/model/execution/comparison.asl")
def tile_compare_element(h: Harness, comparison: object, data_type: object, left: object, right: object) -> tuple:
    from ptodbg.tile.semantics.compare import compare_element
    d = dtype(data_type)
    if d not in codes.VEC_ARITHMETIC:
        raise AssertionFailed(f"TileCompareElement of {d.name}")
    predicate, flags = run(h, lambda env: compare_element(
        plain(comparison), d, as_bits(left, "left"), as_bits(right, "right")))[1]  # type: ignore[arg-type, misc]
    return predicate, Bits(5, flags)


for _name in ("TileCompareDataTypeSupported", "TileSelectDataTypeSupported"):
    spec_function(_name, "asl/tile/model/execution/comparison.asl")(
        lambda h, d: dtype(d) in codes.VEC_ARITHMETIC)


@spec_function("TileBinaryDataTypeSupported", "asl/tile/model/legality/dtype-layout.asl")
def tile_binary_data_type_supported(h: Harness, op: object, data_type: object) -> bool:
    from ptodbg.tile.semantics.elementwise import binary_data_type_supported
    return binary_data_type_supported(plain(op), dtype(data_type))  # type: ignore[arg-type]


@spec_function("TileUnaryDataTypeSupported", "asl/tile/model/execution/unary.asl")
def tile_unary_data_type_supported(h: Harness, op: object, data_type: object) -> bool:
    from ptodbg.tile.semantics.elementwise import unary_data_type_supported
    return unary_data_type_supported(plain(op), dtype(data_type))  # type: ignore[arg-type]


# ------------------------------------------------------- data-layout codes
@spec_function("TileDataLayoutCodeAccepted", _CONTROL)
def tile_data_layout_code_accepted(h: Harness, code: object) -> bool:
    return codes.data_layout_accepted(as_bits(code, "a layout code", 5))


spec_function("TileDataLayoutCodeSupported", _CONTROL)(tile_data_layout_code_accepted)


def _data_layout(value: object) -> int:
    from ptodbg.avs.convert import enum_name
    name = enum_name(value, "a TileDataLayout").removeprefix("TileDataLayout_")
    if name not in codes.DATA_LAYOUT_BY_NAME:
        raise AssertionFailed(f"{name} is not a TileDataLayout")
    return codes.DATA_LAYOUT_BY_NAME[name]


@spec_function("TileDataLayoutOfCode", _CONTROL)
def tile_data_layout_of_code(h: Harness, code: object) -> Enum:
    c = as_bits(code, "a layout code", 5)
    if not codes.data_layout_accepted(c):
        raise AssertionFailed(f"data layout code {c} is not assigned")
    return Enum("TileDataLayout_" + codes.DATA_LAYOUTS[c][0])


@spec_function("TileDataLayoutCodeOf", _CONTROL)
def tile_data_layout_code_of(h: Harness, value: object) -> Bits:
    return Bits(5, _data_layout(value))


@spec_function("TileDataLayoutSourceLayout", _CONTROL)
def tile_data_layout_source_layout(h: Harness, value: object) -> Enum:
    c = _data_layout(value)
    if codes.cube_conversion(c):
        raise AssertionFailed("a CUBE conversion has no generic source layout")
    return layout_enum(codes.source_layout(c))


@spec_function("TileDataLayoutDestinationLayout", _CONTROL)
def tile_data_layout_destination_layout(h: Harness, value: object) -> Enum:
    c = _data_layout(value)
    if codes.cube_conversion(c):
        raise AssertionFailed("a CUBE conversion has no generic destination layout")
    return layout_enum(codes.destination_layout(c))


@spec_function("TileDataLayoutIsCubeConversion", _CONTROL)
def tile_data_layout_is_cube_conversion(h: Harness, code: object) -> bool:
    return codes.cube_conversion(as_bits(code, "a layout code", 5))


@spec_function("TileDenseRowStrideBytes", "asl/tile/model/memory/stride.asl")
def tile_dense_row_stride_bytes(h: Harness, columns: object, data_type: object) -> Bits:
    from ptodbg.avs.convert import as_int
    c, d = as_int(columns, "columns"), dtype(data_type)
    return word((c + 1) // 2 if d.is_packed else c * d.storage_bytes)


# ----------------------------------------------------- per-operation facts
def contract_element_fact(prop: str, ident: str):  # noqa: ANN201
    """Contract facts of single operations that are element rules."""
    if prop == "ComparisonCodeLegal" and ident in ("TCMP", "TCMPS"):
        return lambda h, code: as_bits(code, "a comparison code", 3) <= 5
    if prop == "DenseStride" and ident in ("TLOAD", "TSTORE"):
        return tile_dense_row_stride_bytes
    if prop == "ZeroMaskNoEffect":
        return lambda h, mask: as_bits(mask, "a PE mask", 4) == 0
    return None
