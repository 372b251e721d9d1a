"""The spec's element-level tile functions (typed values, comparisons, numeric control,
data-layout codes), answered by ptodbg's :mod:`ptodbg.tile.elements`,
:mod:`ptodbg.tile.codes` and the family semantics.
"""

from __future__ import annotations

from ptodbg.avs.convert import as_bits, as_bool, word
from ptodbg.avs.harness.registry import spec_function, spec_functions
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
    from ptodbg.tile.semantics.memory import dense_row_stride
    return word(dense_row_stride(c, d))


# ----------------------------------------------------- per-operation facts
def contract_element_fact(prop: str, ident: str):  # noqa: ANN201
    """Contract facts of single operations that are element rules."""
    value = contract_value_fact(prop, ident)
    if value is not None:
        return value
    if prop == "ComparisonCodeLegal" and ident in ("TCMP", "TCMPS"):
        return lambda h, code: as_bits(code, "a comparison code", 3) <= 5
    if prop == "DenseStride" and ident in ("TLOAD", "TSTORE"):
        return tile_dense_row_stride_bytes
    if prop == "ZeroMaskNoEffect":
        return lambda h, mask: as_bits(mask, "a PE mask", 4) == 0
    return None


# ------------------------------------------------ floating and profile rules
_UNARY_FILE = "asl/tile/model/execution/unary.asl"
_PROFILE = "asl/arch/profile/reference-profile.asl"


def _guard(fn, *args):  # noqa: ANN001, ANN202
    """A rule the spec asserts its inputs for (a type without the format): a failed
    assertion when they do not hold."""
    try:
        return fn(*args)
    except (ValueError, KeyError) as e:
        raise AssertionFailed(str(e)) from None


@spec_function("TileFloatingMinMaxValue", "asl/tile/model/execution/minmax.asl")
def tile_floating_min_max_value(h: Harness, op: object, data_type: object, left: object, right: object) -> tuple:
    result, invalid = _guard(el.float_min_max, plain(op) == el.MAX, dtype(data_type), as_bits(left, "left"),
                             as_bits(right, "right"))
    return word(result), invalid


@spec_function("TileSFUUnarySpecialValue", _UNARY_FILE)
def tile_sfu_unary_special_value(h: Harness, op: object, data_type: object, value: object) -> tuple:
    d = dtype(data_type)
    if d not in codes.FLOAT_ELEMENTWISE:
        raise AssertionFailed(f"TileSFUUnarySpecialValue of {d.name}")
    handled, result, flags = _guard(el.sfu_special, plain(op), d, as_bits(value, "the value"))
    return handled, word(result), Bits(5, flags)


@spec_function("TileProfileUnary", _PROFILE)
def tile_profile_unary(h: Harness, op: object, data_type: object, value: object) -> tuple:
    """The reference profile's TileProfileUnary: the closed rules, else TileUnaryValue."""
    from ptodbg.tile.semantics.elementwise import closed_unary_value
    name, d, v = plain(op), dtype(data_type), as_bits(value, "the value")
    if name in el.CLOSED_UNARY:
        result, invalid = _guard(closed_unary_value, name, d, v)
        return word(result), Bits(5, el.NV if invalid else 0)
    return word(el.carrier_unary(name, v)), Bits(5, 0)  # type: ignore[arg-type]


@spec_function("TileProfileFusedInvalidResult", _PROFILE)
def tile_profile_fused_invalid_result(h: Harness, data_type: object, left: object, right: object,
                                      addend: object) -> tuple:
    return word(_guard(el.canonical_nan, dtype(data_type))), Bits(5, el.NV)


@spec_function("TileFixedFusedMultiplyAddValue", "asl/tile/model/execution/fused-multiply-add.asl")
def tile_fixed_fused_multiply_add_value(h: Harness, data_type: object, left: object, right: object,
                                        addend: object) -> tuple:
    from ptodbg.tile.semantics.elementwise import fma_value
    d = dtype(data_type)
    if d not in codes.VEC_ARITHMETIC:
        raise AssertionFailed(f"TFMA of {d.name}")
    args = (as_bits(left, "left"), as_bits(right, "right"), as_bits(addend, "addend"))
    value, flags = run(h, lambda env: fma_value(env, d, *args))[1]  # type: ignore[misc]
    return word(value), Bits(5, flags)


@spec_functions("TileProfileReductionInitial", "TileReductionInitialValue", _PROFILE)
def tile_profile_reduction_initial(h: Harness, op: object, data_type: object, first: object) -> Bits:
    from ptodbg.tile.semantics.reduce import one
    name = plain(op)
    if name == "SUM":
        return word(0)
    if name == "PRODUCT":
        return word(_guard(one, dtype(data_type)))
    return word(as_bits(first, "the first element"))


@spec_function("ZeroPackedTileDefinedElements", "asl/tile/model/definedness/packed-boundary.asl")
def zero_packed_tile_defined_elements(h: Harness) -> Bits:
    return Bits(524288, 0)


@spec_function("DecodeTileMemoryElementRaw", "asl/tile/model/memory/load-store.asl")
def decode_tile_memory_element_raw(h: Harness, raw: object, data_type: object, high: object) -> Bits:
    from ptodbg.tile.semantics.memory import loaded_value
    return word(loaded_value(as_bits(raw, "the raw value"), dtype(data_type), as_bool(high, "high nibble")))


@spec_function("TilePredicateValuesLegal", "asl/tile/model/definedness/elements.asl")
def tile_predicate_values_legal(h: Harness, index: object) -> bool:
    from ptodbg.avs.harness.tile_values import tile_index
    t = h.m.tiles[tile_index(index)]
    return t is not None and t.legal(h.m.profile.tile_capacity) and t.contents_defined and t.kind == codes.PREDICATE


def contract_value_fact(prop: str, ident: str):  # noqa: ANN201
    """Per-operation value contracts: TMAX/TMIN's floating value, TFMA's value."""
    if prop == "FloatingValue" and ident in ("TMAX", "TMIN"):
        def floating_value(h: Harness, data_type: object, left: object, right: object) -> tuple:
            d = dtype(data_type)
            if d not in codes.VEC_ARITHMETIC or not d.is_floating:
                raise AssertionFailed(f"{ident}'s floating value of {d.name}")
            result, invalid = _guard(el.float_min_max, ident == "TMAX", d, as_bits(left, "left"),
                                     as_bits(right, "right"))
            return word(result), invalid

        return floating_value
    if prop == "Value" and ident == "TFMA":
        return tile_fixed_fused_multiply_add_value
    return None


@spec_function("ExactWidenFP16ToFP32", "asl/tile/model/execution/expansion.asl")
def exact_widen_fp16_to_fp32(h: Harness, value: object) -> Bits:
    from ptodbg.tile.semantics.reduce import widen_to_fp32
    return word(widen_to_fp32(codes.FP16, as_bits(value, "the value")))


@spec_function("ExactWidenBF16ToFP32", "asl/tile/model/execution/expansion.asl")
def exact_widen_bf16_to_fp32(h: Harness, value: object) -> Bits:
    from ptodbg.tile.semantics.reduce import widen_to_fp32
    return word(widen_to_fp32(codes.BF16, as_bits(value, "the value")))


@spec_function("TileProfileMixedExpdifFP32", "asl/arch/profile/reference-profile.asl")
def tile_profile_mixed_expdif_fp32(h: Harness, source_type: object, left: object, broadcast: object) -> tuple:
    from ptodbg.tile.semantics.reduce import mixed_expdif_fp32
    if dtype(source_type) not in (codes.FP16, codes.BF16):
        raise AssertionFailed("TileProfileMixedExpdifFP32 of a source other than FP16 or BF16")
    lv, bv = as_bits(left, "left"), as_bits(broadcast, "broadcast")
    value, flags = run(h, lambda env: mixed_expdif_fp32(env, lv, bv))[1]  # type: ignore[misc]
    return word(value), Bits(5, flags)


@spec_function("TileDataLayoutConversionIsLoad", _CONTROL)
def tile_data_layout_conversion_is_load(h: Harness, value: object) -> bool:
    from ptodbg.tile.semantics.transport import conversion_is_load
    return conversion_is_load(as_bits(value, "a layout code", 5))


@spec_function("TileDataLayoutConversionIsStore", _CONTROL)
def tile_data_layout_conversion_is_store(h: Harness, value: object) -> bool:
    from ptodbg.tile.semantics.transport import conversion_is_store
    return conversion_is_store(as_bits(value, "a layout code", 5))


@spec_function("AdvertiseTileDataLayout", _CONTROL)
def advertise_tile_data_layout(h: Harness, code: object) -> None:
    """Every assigned layout code is architectural and ptodbg supports them all
    (TileDataLayoutCodeSupported): advertising one changes nothing."""
    c = as_bits(code, "a layout code", 5)
    if not codes.data_layout_accepted(c):
        raise AssertionFailed(f"data layout code {c} is not assigned")


@spec_function("CurrentBundleCanonicalize", _CONTROL)
def current_bundle_canonicalize(h: Harness) -> bool:
    from ptodbg.avs.harness.tile_block import operation
    return operation(h).datr.canonicalize


@spec_function("CurrentBundleDataLayout", _CONTROL)
def current_bundle_data_layout(h: Harness) -> Enum:
    from ptodbg.avs.harness.tile_block import operation
    return tile_data_layout_of_code(h, Bits(5, operation(h).datr.layout))


@spec_function("TileDataLayoutCubeLayout", _CONTROL)
def tile_data_layout_cube_layout(h: Harness, code: object) -> Enum:
    c = as_bits(code, "a layout code", 5)
    if not codes.cube_conversion(c):
        raise AssertionFailed(f"data layout code {c} is not a CUBE conversion")
    return layout_enum(codes.cube_layout_of(c))


@spec_function("TileProfileCompare", "asl/tile/model/execution/comparison.asl")
def tile_profile_compare(h: Harness, comparison: object, data_type: object, left: object, right: object) -> Bits:
    predicate, _flags = tile_compare_element(h, comparison, data_type, left, right)
    return word(1 if predicate else 0)
