"""The spec's data-type, numeric-format and rounding functions, answered by :mod:`ptodbg.tile`.

Each function below takes the ASL arguments, turns them into ptodbg's own values (a
:class:`~ptodbg.tile.dtypes.DataType`, a :class:`~ptodbg.tile.rounding.Rounding`, raw
element bits, an exact ``Fraction``), asks ptodbg's numeric-format package and turns the
answer back into ASL values: records (NumericFormatDescriptor, NumericExecutionControl,
TileNumericSelection), enumeration literals, ``bits(5)`` flags, 64-bit Word carriers (a
signed integer element sign-extended, as NormalizeTileInteger gives it).

The AVS harness runs the pto-v0 reference profile, so conversions with a floating side map
onto :func:`ptodbg.tile.convert.carrier_convert` and the matrix encoders onto
:mod:`ptodbg.tile.reference`.
"""

from __future__ import annotations

from fractions import Fraction

from ptodbg.avs import syntax
from ptodbg.avs.convert import as_bits, as_bool, as_int, enum_name, word
from ptodbg.avs.harness.registry import spec_function, spec_functions
from ptodbg.avs.harness.state import Harness
from ptodbg.avs.values import AslError, AssertionFailed, Bits, Enum, Record
from ptodbg.tile import convert as cvt
from ptodbg.tile import reference as ref
from ptodbg.tile.dtypes import DTYPE_NONE, DataType, code_valid, from_code
from ptodbg.tile.formats import (
    FP19,
    FP32,
    FP64,
    HIF8,
    UNAVAILABLE,
    Descriptor,
    ValueClass,
    format_of,
)
from ptodbg.tile.rounding import (
    BUNDLE_ROUNDING,
    DEFAULT_CONTROL,
    PUBLIC_TO_BUNDLE,
    NumericControl,
    Rounding,
    round_to_integer,
)

# Named types and constants the programs use (merged into the harness's tables).
TYPES: dict[str, syntax.Node] = {"TileDataTypeEncoding": syntax.TBits(syntax.ELit(5))}
CONSTANTS: dict[str, object] = {"DTYPE_NONE": Bits(5, DTYPE_NONE)}

_DATA_TYPES = "asl/arch/data-types/tile-data-types.asl"
_ELEMENTS = "asl/tile/model/definedness/elements.asl"
_DESCRIPTORS = "asl/tile/model/state/descriptors.asl"
_FORMATS = "asl/arch/data-types/numeric-formats.asl"
_MX_FORMATS = "asl/arch/features/mx-formats.asl"
_CLASSES = "asl/arch/data-types/numeric-classification.asl"
_FP19 = "asl/arch/data-types/fp19.asl"
_ARITHMETIC = "asl/scalar/model/fsu/arithmetic.asl"
_SCALAR_PROFILE = "asl/scalar/model/fsu/profile.asl"
_QUANT = "asl/arch/profile/reference-quantization.asl"
_MATRIX = "asl/arch/profile/matrix-quantization.asl"
_E8M0 = "asl/arch/profile/e8m0-conversion.asl"
_TILE_FORMATS = "asl/tile/model/numeric/formats.asl"
_MATRIX_FUNCTIONS = "asl/tile/model/legality/matrix-functions.asl"
_TCVT = "asl/tile/elementwise-tile-tile/format-conversion/TCVT.asl"


# ------------------------------------------------------------------------ ASL <-> ptodbg
def _dtype(value: object) -> DataType:
    name = enum_name(value, "a TileDataType")
    try:
        return DataType[name.removeprefix("TileDataType_")]
    except KeyError:
        raise AslError(f"{name} is not a TileDataType") from None


def _mode(value: object) -> Rounding:
    name = enum_name(value, "a NumericRoundingMode")
    try:
        return Rounding[name.removeprefix("NumericRound_")]
    except KeyError:
        raise AslError(f"{name} is not a NumericRoundingMode") from None


def _control(value: object) -> NumericControl:
    if not isinstance(value, Record):
        raise AslError("type error: a NumericExecutionControl must be a record")
    return NumericControl(_mode(value.get_field("rounding_mode")),
                          as_bool(value.get_field("saturating"), "saturating"))


def _real(value: object, what: str) -> Fraction:
    if type(value) is int or type(value) is Fraction:
        return Fraction(value)
    raise AslError(f"type error: {what} must be a real")


def _flags(flags: int) -> Bits:
    return Bits(5, flags)


def _carrier(dt: DataType, raw: int) -> Bits:
    return word(cvt.to_carrier(dt, raw))


def _class(cls: ValueClass) -> Enum:
    return Enum(cls.asl_name)


def _control_record(control: NumericControl) -> Record:
    return Record("NumericExecutionControl", {"rounding_mode": Enum(control.rounding.asl_name),
                                              "saturating": control.saturating})


def _descriptor_record(d: Descriptor) -> Record:
    fields = {name: getattr(d, name) for name in Descriptor.__dataclass_fields__}
    fields["kind"] = Enum("NumericFormatKind_" + d.kind.name)
    return Record("NumericFormatDescriptor", fields)


# ------------------------------------------------------------------------ data types
@spec_function("TileDataTypeEncodingValid", _DATA_TYPES)
def tile_data_type_encoding_valid(h: Harness, encoded: object) -> bool:
    return code_valid(as_bits(encoded, "a TileDataTypeEncoding", 5))


@spec_function("TileDataTypeFromEncoding", _DATA_TYPES)
def tile_data_type_from_encoding(h: Harness, encoded: object) -> Enum:
    code = as_bits(encoded, "a TileDataTypeEncoding", 5)
    try:
        return Enum(from_code(code).asl_name)
    except ValueError as e:
        raise AssertionFailed(str(e)) from None


@spec_function("TileDataTypeToEncoding", _DATA_TYPES)
def tile_data_type_to_encoding(h: Harness, data_type: object) -> Bits:
    return Bits(5, _dtype(data_type).code)


@spec_function("TileElementBits", _DESCRIPTORS)
def tile_element_bits(h: Harness, data_type: object) -> int:
    return _dtype(data_type).bits


@spec_function("TileDataTypeIsFourBit", _DESCRIPTORS)
def tile_data_type_is_four_bit(h: Harness, data_type: object) -> bool:
    return _dtype(data_type).is_packed


@spec_function("TileElementBytes", _ELEMENTS)
def tile_element_bytes(h: Harness, data_type: object) -> int:
    return _dtype(data_type).storage_bytes


@spec_function("TileDataTypeIsFloating", _ELEMENTS)
def tile_data_type_is_floating(h: Harness, data_type: object) -> bool:
    return _dtype(data_type).is_floating


@spec_function("TileDataTypeIsInteger", _ELEMENTS)
def tile_data_type_is_integer(h: Harness, data_type: object) -> bool:
    return _dtype(data_type).is_integer


@spec_function("TileDataTypeIsSigned", _ELEMENTS)
def tile_data_type_is_signed(h: Harness, data_type: object) -> bool:
    return _dtype(data_type).is_signed


@spec_function("TileDataTypeIsUnsignedInteger", _ELEMENTS)
def tile_data_type_is_unsigned(h: Harness, data_type: object) -> bool:
    return _dtype(data_type).is_unsigned


# ------------------------------------------------------------------------ formats
@spec_function("UnavailableNumericFormatDescriptor", "asl/arch/data-types/format-descriptor.asl")
def unavailable_descriptor(h: Harness) -> Record:
    return _descriptor_record(UNAVAILABLE)


@spec_function("TileNumericFormatDescriptor", _FORMATS)
def tile_numeric_format_descriptor(h: Harness, data_type: object) -> Record:
    return _descriptor_record(format_of(_dtype(data_type)).descriptor)


@spec_function("TileNumericFiniteDecomposition", _FORMATS)
def tile_numeric_finite_decomposition(h: Harness, data_type: object, value: object) -> tuple:
    d = format_of(_dtype(data_type)).decompose(as_bits(value, "the value"))
    return d.available, d.negative, word(d.significand), d.exponent


@spec_function("HiF8DecodeDotField", "asl/arch/data-types/formats/hif8.asl")
def hif8_decode_dot_field(h: Harness, value: object) -> tuple:
    name, exponent_bits, fraction_bits = HIF8.dot_field(as_bits(value, "a HiF8 code", 8))
    return Enum("HiF8DotField_" + name), exponent_bits, fraction_bits


@spec_function("TileNumericValueClass", _MX_FORMATS)
def tile_numeric_value_class(h: Harness, data_type: object, value: object) -> Enum:
    return _class(format_of(_dtype(data_type)).classify(as_bits(value, "the value")))


@spec_function("TileNumericEncodingValid", _MX_FORMATS)
def tile_numeric_encoding_valid(h: Harness, data_type: object, value: object) -> bool:
    return format_of(_dtype(data_type)).encoding_valid(as_bits(value, "the value"))


@spec_functions("TileNumericCanonicalNaN", "HardwareNumericCanonicalNaNResult", _MX_FORMATS)
def tile_numeric_canonical_nan(h: Harness, data_type: object) -> tuple:
    nan = format_of(_dtype(data_type)).canonical_nan
    return (False, word(0)) if nan is None else (True, word(nan))


@spec_function("HardwareNumericSignedZeroEncodings", _MX_FORMATS)
def hardware_numeric_signed_zero_encodings(h: Harness, data_type: object) -> tuple:
    zeros = format_of(_dtype(data_type)).signed_zeros
    return (False, word(0), word(0)) if zeros is None else (True, word(zeros[0]), word(zeros[1]))


def _has_subnormals(data_type: object) -> bool:
    return format_of(_dtype(data_type)).descriptor.has_subnormal


@spec_function("HardwareNumericTypeHasSubnormals", _MX_FORMATS)
def hardware_numeric_type_has_subnormals(h: Harness, data_type: object) -> bool:
    return _has_subnormals(data_type)


@spec_function("HardwareNumericInputSubnormalRule", _MX_FORMATS)
def hardware_numeric_input_subnormal_rule(h: Harness, data_type: object) -> Enum:
    """ptodbg decodes every subnormal to its exact value (no denormals-are-zero)."""
    return Enum("NumericInputSubnormal_" + ("Preserve" if _has_subnormals(data_type) else "NotApplicable"))


@spec_function("HardwareNumericResultSubnormalRule", _MX_FORMATS)
def hardware_numeric_result_subnormal_rule(h: Harness, data_type: object) -> Enum:
    """ptodbg's encoders underflow gradually (no flush to zero)."""
    return Enum("NumericResultSubnormal_" + ("GradualUnderflow" if _has_subnormals(data_type) else "NotApplicable"))


@spec_function("HardwareNumericTininessDetectionRule", _MX_FORMATS)
def hardware_numeric_tininess_detection_rule(h: Harness, data_type: object) -> Enum:
    """ptodbg's encoders detect tininess after rounding (formats.BinaryFormat.encode_ratio)."""
    return Enum("NumericTininessDetection_" + ("AfterRounding" if _has_subnormals(data_type) else "NotApplicable"))


@spec_function("HardwareNumericSubnormalConfigurationValid", _MX_FORMATS)
def hardware_numeric_subnormal_configuration_valid(h: Harness, flush_to_zero: object,
                                                   denormals_are_zero: object, override: object) -> bool:
    """ptodbg has no flush-to-zero, denormals-are-zero or per-operation override: the one
    configuration it implements is all three off."""
    chosen = (as_bool(flush_to_zero, "flush_to_zero"), as_bool(denormals_are_zero, "denormals_are_zero"),
              as_bool(override, "operation_override"))
    return not any(chosen)


@spec_function("HardwareNumericSubnormalBoundaries", _MX_FORMATS)
def hardware_numeric_subnormal_boundaries(h: Harness, data_type: object) -> tuple:
    bounds = format_of(_dtype(data_type)).subnormal_boundaries
    if bounds is None:
        return False, word(0), word(0), word(0)
    return (True, *(word(b) for b in bounds))


@spec_function("HardwareNumericComparisonSpecial", _MX_FORMATS)
def hardware_numeric_comparison_special(h: Harness, comparison: object, data_type: object,
                                        left: object, right: object) -> tuple:
    op = enum_name(comparison, "a TileComparison").removeprefix("TileComparison_")
    if op not in cvt.COMPARISONS:
        raise AslError(f"TileComparison_{op} is not a comparison")
    handled, result, invalid = cvt.compare_special(op, _dtype(data_type), as_bits(left, "left"),
                                                   as_bits(right, "right"))
    return handled, word(result), invalid


@spec_function("HardwareNumericMinMaxSpecial", _MX_FORMATS)
def hardware_numeric_min_max_special(h: Harness, maximum: object, data_type: object, left: object,
                                     right: object) -> tuple:
    dt = _dtype(data_type)
    handled, result, invalid = cvt.min_max_special(as_bool(maximum, "maximum"), dt, as_bits(left, "left"),
                                                   as_bits(right, "right"))
    return handled, word(result), invalid


@spec_function("HardwareNumericScaleBlockElements", "asl/arch/data-types/formats/e8m0.asl")
def hardware_numeric_scale_block_elements(h: Harness) -> int:
    return cvt.MX_BLOCK_ELEMENTS


def _class_predicate(name: str, test: str) -> None:
    @spec_function(name, _CLASSES)
    def predicate(h: Harness, value: object) -> bool:
        label = enum_name(value, "a NumericValueClass").removeprefix("NumericValue_")
        try:
            return getattr(ValueClass[label], test)
        except KeyError:
            raise AslError(f"NumericValue_{label} is not a NumericValueClass") from None


for _name, _test in (("NumericValueClassIsNaN", "is_nan"), ("NumericValueClassIsInfinity", "is_infinity"),
                     ("NumericValueClassIsZero", "is_zero"), ("NumericValueClassIsSubnormal", "is_subnormal")):
    _class_predicate(_name, _test)


@spec_function("ScalarFP64IsNaN", _SCALAR_PROFILE)
def scalar_fp64_is_nan(h: Harness, value: object) -> bool:
    return FP64.classify(as_bits(value, "the value")).is_nan


@spec_function("ScalarFP64IsSignalingNaN", _SCALAR_PROFILE)
def scalar_fp64_is_signaling_nan(h: Harness, value: object) -> bool:
    return FP64.classify(as_bits(value, "the value")) == ValueClass.SignalingNaN


@spec_function("ScalarFP32IsNaN", _SCALAR_PROFILE)
def scalar_fp32_is_nan(h: Harness, value: object) -> bool:
    return FP32.classify(as_bits(value, "the value", 32)).is_nan


@spec_function("ScalarFP32IsSignalingNaN", _SCALAR_PROFILE)
def scalar_fp32_is_signaling_nan(h: Harness, value: object) -> bool:
    return FP32.classify(as_bits(value, "the value", 32)) == ValueClass.SignalingNaN


# ------------------------------------------------------------------------ FP19
@spec_function("FP19ValueClass", _FP19)
def fp19_value_class(h: Harness, value: object) -> Enum:
    return _class(FP19.classify(as_bits(value, "an FP19 value", 19)))


@spec_function("FP19FiniteValue", _FP19)
def fp19_finite_value(h: Harness, value: object) -> Fraction:
    try:
        return Fraction(ref.fp19_value(as_bits(value, "an FP19 value", 19)))
    except ValueError as e:
        raise AssertionFailed(str(e)) from None


@spec_function("FP19ScaleLegal", _FP19)
def fp19_scale_legal(h: Harness, value: object) -> bool:
    return ref.fp19_scale_legal(as_bits(value, "an FP19 value", 19))


@spec_function("FP19ActivationParameterLegal", _FP19)
def fp19_activation_parameter_legal(h: Harness, value: object) -> bool:
    return ref.fp19_activation_legal(as_bits(value, "an FP19 value", 19))


@spec_function("FP32ToFP19", _FP19)
def fp32_to_fp19(h: Harness, value: object) -> Bits:
    return Bits(19, ref.fp32_to_fp19(as_bits(value, "the value")))


# ------------------------------------------------------------------------ rounding
@spec_function("DefaultNumericExecutionControl", "asl/arch/data-types/rounding.asl")
def default_numeric_execution_control(h: Harness) -> Record:
    return _control_record(DEFAULT_CONTROL)


def _selection(rmode: int) -> Record:
    mode = BUNDLE_ROUNDING[rmode]
    return Record("TileNumericSelection", {
        "use_operation_default": mode is None,
        "rounding_mode": Enum((mode or Rounding.RNE).asl_name),
        "saturating": False,
    })


@spec_function("DecodeBundleRoundingSelection", _ARITHMETIC)
def decode_bundle_rounding_selection(h: Harness, encoded: object) -> Record:
    return _selection(as_bits(encoded, "an RMode", 3))


@spec_function("DecodePublicConversionRoundingSelection", _ARITHMETIC)
def decode_public_conversion_rounding_selection(h: Harness, encoded: object) -> tuple:
    rmode = PUBLIC_TO_BUNDLE[as_bits(encoded, "a public conversion ordinal", 3)]
    return (False, _selection(0)) if rmode is None else (True, _selection(rmode))


@spec_function("FloatingToInteger", _ARITHMETIC)
def floating_to_integer(h: Harness, value: object, mode: object) -> int:
    return round_to_integer(_real(value, "the value"), _mode(mode))[0]


@spec_function("FloatingRoundNearest", "asl/arch/profile/reference-profile.asl")
def floating_round_nearest(h: Harness, value: object) -> int:
    return round_to_integer(_real(value, "the value"), Rounding.RNE)[0]


# ------------------------------------------------------------------------ reference encoders
@spec_function("ReferenceFP32FiniteValue", _QUANT)
def reference_fp32_finite_value(h: Harness, value: object) -> Fraction:
    raw = as_bits(value, "an FP32 value", 32)
    if not FP32.classify(raw).is_finite:
        raise AssertionFailed(f"FP32 {raw:#x} is not finite")
    return Fraction(FP32.decode(raw))


@spec_function("ReferenceIntegerValue", _QUANT)
def reference_integer_value(h: Harness, value: object, data_type: object) -> int:
    dt = _dtype(data_type)
    if not dt.is_integer:
        return as_bits(value, "the value")  # NormalizeTileInteger keeps a non-integer carrier: UInt
    return format_of(dt).decode(as_bits(value, "the value"))


@spec_function("ReferenceFP32FiniteEncoding", _QUANT)
def reference_fp32_finite_encoding(h: Harness, value: object, mode: object) -> tuple:
    raw, flags = ref.fp32_encoding(_real(value, "the value"), _mode(mode))
    return word(raw), _flags(flags)


@spec_function("ReferenceMatrixIntegerEncoding", _MATRIX)
def reference_matrix_integer_encoding(h: Harness, value: object, data_type: object, control: object) -> tuple:
    dt = _dtype(data_type)
    if not dt.is_integer:
        raise AssertionFailed(f"ReferenceMatrixIntegerEncoding of {dt.name}")
    raw, flags = ref.matrix_integer_encoding(_real(value, "the value"), dt, _control(control))
    return _carrier(dt, raw), _flags(flags)


@spec_function("ReferenceMatrixFloatingEncoding", _MATRIX)
def reference_matrix_floating_encoding(h: Harness, value: object, data_type: object, control: object) -> tuple:
    try:
        raw, flags = ref.matrix_float_encoding(_real(value, "the value"), _dtype(data_type), _control(control))
    except ValueError as e:
        raise AssertionFailed(str(e)) from None
    return word(raw), _flags(flags)


@spec_function("ReferenceBinary16Encoding", _MATRIX)
def reference_binary16_encoding(h: Harness, value: object, data_type: object, control: object) -> tuple:
    dt = _dtype(data_type)
    if dt not in (DataType.FP16, DataType.BF16):
        raise AssertionFailed(f"ReferenceBinary16Encoding of {dt.name}")
    raw, flags = ref.binary16_encoding(_real(value, "the value"), dt, _control(control))
    return word(raw), _flags(flags)


@spec_function("ReferenceFP8Encoding", _MATRIX)
def reference_fp8_encoding(h: Harness, value: object, data_type: object, control: object) -> tuple:
    dt = _dtype(data_type)
    if dt not in (DataType.E4M3, DataType.HiF8):
        raise AssertionFailed(f"ReferenceFP8Encoding of {dt.name}")
    raw, flags = ref.fp8_encoding(_real(value, "the value"), dt, _control(control))
    return word(raw), _flags(flags)


@spec_function("MatrixRoundAndSaturateSigned", _MATRIX)
def matrix_round_and_saturate_signed(h: Harness, value: object, width: object, mode: object) -> tuple:
    try:
        result, flags = ref.round_and_saturate_signed(_real(value, "the value"), as_int(width, "the width"),
                                                      _mode(mode))
    except ValueError as e:
        raise AssertionFailed(str(e)) from None
    return result, _flags(flags)


@spec_function("MatrixShiftS32ToS16", _MATRIX)
def matrix_shift_s32_to_s16(h: Harness, value: object, shift: object) -> tuple:
    try:
        raw, flags = ref.shift_s32_to_s16(as_bits(value, "the value", 32), as_int(shift, "the shift"))
    except ValueError as e:
        raise AssertionFailed(str(e)) from None
    return _carrier(DataType.S16, raw), _flags(flags)


@spec_function("MatrixQuantParameter", _MATRIX)
def matrix_quant_parameter(h: Harness, fp19: object, offset: object, width: object) -> Bits:
    try:
        return word(ref.quant_parameter(as_bits(fp19, "an FP19 scale", 19), as_bits(offset, "the offset"),
                                        as_int(width, "the offset width")))
    except ValueError as e:
        raise AssertionFailed(str(e)) from None


@spec_function("MatrixQuantOffset", _MATRIX)
def matrix_quant_offset(h: Harness, parameter: object, width: object) -> int:
    try:
        return ref.quant_offset(as_bits(parameter, "the parameter"), as_int(width, "the offset width"))
    except ValueError as e:
        raise AssertionFailed(str(e)) from None


@spec_function("MatrixShiftParameter", _MATRIX)
def matrix_shift_parameter(h: Harness, code: object) -> Bits:
    try:
        return word(ref.shift_parameter(as_int(code, "the shift code")))
    except ValueError as e:
        raise AssertionFailed(str(e)) from None


# ------------------------------------------------------------------------ conversion
@spec_function("HardwareTCVTE8M0SourceTypeSupported", _E8M0)
def hardware_tcvt_e8m0_source_type_supported(h: Harness, source_type: object) -> bool:
    return _dtype(source_type) in cvt.E8M0_SOURCES


@spec_function("HardwareTCVTTypePairSupported", _E8M0)
def hardware_tcvt_type_pair_supported(h: Harness, source_type: object, destination_type: object) -> bool:
    return _dtype(destination_type) != DataType.E8M0 or _dtype(source_type) in cvt.E8M0_SOURCES


def _carrier_convert(value: object, source_type: object, destination_type: object,
                     control: object) -> tuple:
    src, dst = _dtype(source_type), _dtype(destination_type)
    try:
        raw, flags = cvt.carrier_convert(as_bits(value, "the value"), src, dst, _control(control))
    except ValueError as e:
        raise AssertionFailed(str(e)) from None
    return _carrier(dst, raw), _flags(flags)


@spec_function("TileProfileConvert", _E8M0)
def tile_profile_convert(h: Harness, value: object, source_type: object, destination_type: object,
                         control: object) -> tuple:
    """The reference profile's conversion of an element with a floating side."""
    return _carrier_convert(value, source_type, destination_type, control)


@spec_function("TileConvertValue", _TILE_FORMATS)
def tile_convert_value(h: Harness, value: object, source_type: object, destination_type: object,
                       control: object) -> tuple:
    return _carrier_convert(value, source_type, destination_type, control)


@spec_function("TileConvertIntegerValue", _TILE_FORMATS)
def tile_convert_integer_value(h: Harness, value: object, source_type: object, destination_type: object,
                               saturating: object) -> Bits:
    src, dst = _dtype(source_type), _dtype(destination_type)
    if not (src.is_integer and dst.is_integer):
        raise AssertionFailed(f"TileConvertIntegerValue from {src.name} to {dst.name}")
    return _carrier(dst, cvt.convert_integer(as_bits(value, "the value"), src, dst,
                                             as_bool(saturating, "saturating")))


@spec_function("NormalizeTileInteger", _TILE_FORMATS)
def normalize_tile_integer(h: Harness, value: object, data_type: object) -> Bits:
    return word(cvt.to_carrier(_dtype(data_type), as_bits(value, "the value")))


def _integer_type(data_type: object) -> DataType:
    dt = _dtype(data_type)
    if not dt.is_integer:
        raise AssertionFailed(f"{dt.name} is not an integer type")
    return dt


@spec_function("TileIntegerMinimum", _TILE_FORMATS)
def tile_integer_minimum(h: Harness, data_type: object) -> Bits:
    dt = _integer_type(data_type)
    return _carrier(dt, dt.int_min & dt.mask)


@spec_function("TileIntegerMaximum", _TILE_FORMATS)
def tile_integer_maximum(h: Harness, data_type: object) -> Bits:
    dt = _integer_type(data_type)
    return _carrier(dt, dt.int_max)


# ------------------------------------------------------------------------ MX and TCVT
@spec_function("TileMXInputTypeSupported", _MATRIX_FUNCTIONS)
def tile_mx_input_type_supported(h: Harness, data_type: object) -> bool:
    return cvt.mx_input_supported(_dtype(data_type))


@spec_function("TileMXInputTypeNeedsScale", _MATRIX_FUNCTIONS)
def tile_mx_input_type_needs_scale(h: Harness, data_type: object) -> bool:
    try:
        return cvt.mx_needs_scale(_dtype(data_type))
    except ValueError as e:
        raise AssertionFailed(str(e)) from None


@spec_function("TileMXOperandPairLegal", _MATRIX_FUNCTIONS)
def tile_mx_operand_pair_legal(h: Harness, left: object, right: object) -> bool:
    return cvt.mx_input_supported(_dtype(left)) and cvt.mx_input_supported(_dtype(right))


@spec_function("InstructionContractDataTypeLegal_TCVT", _TCVT)
def tcvt_data_type_legal(h: Harness, data_type: object) -> bool:
    """Every one of the 25 data types converts (there is a format for each)."""
    return format_of(_dtype(data_type)) is not None


@spec_function("InstructionContractDestinationDataType_TCVT", _TCVT)
def tcvt_destination_data_type(h: Harness, source_type: object, present: object, code: object) -> Enum:
    """A present, assigned B.DATR DataType selects the destination; DTYPE_NONE, a reserved
    code or an omitted field inherit the source type."""
    value = as_bits(code, "a DataType code", 5)
    if as_bool(present, "present") and code_valid(value):
        return Enum(from_code(value).asl_name)
    return Enum(_dtype(source_type).asl_name)


@spec_function("InstructionContractDefaultRounding_TCVT", _TCVT)
def tcvt_default_rounding(h: Harness, source_type: object, destination_type: object) -> Enum:
    return Enum(cvt.default_rounding(_dtype(source_type), _dtype(destination_type)).asl_name)
