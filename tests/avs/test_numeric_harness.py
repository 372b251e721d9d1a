"""The harness's numeric-format functions (:mod:`ptodbg.avs.harness.numeric_functions`) as an
ASL program sees them: the spec's records, tuples and enumeration literals come back, and a
call the spec would reject or mistype is one clear ASL error, never a Python exception.

The AVS points that use these functions pass in ``test_suite.py``; these cases add the
ones no point exercises (the spec functions: ``asl/arch/data-types/*.asl``,
``asl/arch/features/mx-formats.asl``, ``asl/arch/profile/matrix-quantization.asl``).
"""

from __future__ import annotations

import pytest

from ptodbg.avs.harness import Harness, make_context
from ptodbg.avs.parser import Parser
from ptodbg.avs.values import AslError, AssertionFailed


def run(body: str) -> object:
    text = f"func main() => integer\nbegin\n{body}\n    return 0;\nend;\n"
    return make_context(Harness(), Parser(text, "t.asl").module()).call("main", [], [])


def test_records_tuples_and_literals_come_back_as_asl_values():
    assert run("""
    let d = TileNumericFormatDescriptor(TileDataType_E2M1X2);
    assert d.available && d.kind == NumericFormatKind_FixedBinary;
    assert d.carrier_bits == 8 && d.lane_bits == 4 && d.lanes_per_carrier == 2;
    let (ok, negative, significand, exponent) =
        TileNumericFiniteDecomposition(TileDataType_E2M1X2, Zeros{64} + 0xF);
    assert ok && negative && significand == Zeros{64} + 3 && exponent == 1;
    let control = DefaultNumericExecutionControl();
    assert control.rounding_mode == NumericRound_RNE && !control.saturating;
    let selection = DecodeBundleRoundingSelection('000');
    assert selection.use_operation_default;
    let (valid, public) = DecodePublicConversionRoundingSelection('111');
    assert !valid;
    assert TileNumericValueClass(TileDataType_E3M2, Zeros{64} + 0x40) == NumericValue_InvalidEncoding;
    assert FloatingToInteger(-2.5, NumericRound_RHB) == -2;
    assert TileDataTypeToEncoding(TileDataType_HiF8) == '00110';
    assert TileElementBytes(TileDataType_U4X2) == 1 && TileElementBits(TileDataType_U4X2) == 4;
    let (converted, flags) = TileConvertValue(Zeros{64} + 0x3fc0, TileDataType_BF16,
        TileDataType_E8M0, control);
    assert converted == Zeros{64} + 128 && flags == '10000';
    assert TileIntegerMinimum(TileDataType_S8) == Zeros{64} + 0xffffffffffffff80;
    assert InstructionContractDestinationDataType_TCVT(TileDataType_U8, TRUE, '01111') == TileDataType_U8;
    """) == 0


@pytest.mark.parametrize(("call", "error", "message"), [
    ("TileDataTypeFromEncoding('01111')", AssertionFailed, "reserved"),
    ("TileDataTypeToEncoding(NumericRound_RNE)", AslError, "not a TileDataType"),
    ("TileElementBits(5)", AslError, "enumeration literal"),
    ("TileNumericValueClass(TileDataType_FP32, '0101')", AslError, r"must be bits\(64\), not bits\(4\)"),
    ("FP19FiniteValue('0111111110000000000')", AssertionFailed, "not finite"),
    ("ReferenceMatrixFloatingEncoding(1.0, TileDataType_E5M2, DefaultNumericExecutionControl())",
     AssertionFailed, "does not encode E5M2"),
    ("ReferenceMatrixIntegerEncoding(1.0, TileDataType_FP16, DefaultNumericExecutionControl())",
     AssertionFailed, "FP16"),
    ("ReferenceFP32FiniteEncoding(Zeros{64}, NumericRound_RNE)", AslError, "must be a real"),
    ("MatrixRoundAndSaturateSigned(1.0, 8, NumericRound_RNE)", AssertionFailed, "not 5, 9 or 17"),
    ("MatrixShiftS32ToS16(Zeros{32}, 0)", AssertionFailed, "not 1..16"),
    ("TileMXInputTypeNeedsScale(TileDataType_HiF4X2)", AssertionFailed, "not an MX input type"),
    ("TileProfileConvert(Zeros{64}, TileDataType_FP64, TileDataType_E8M0, DefaultNumericExecutionControl())",
     AssertionFailed, "only FP16, BF16 and FP32"),
    ("TileIntegerMaximum(TileDataType_FP32)", AssertionFailed, "not an integer type"),
    ("TileConvertIntegerValue(Zeros{64}, TileDataType_FP32, TileDataType_S8, FALSE)", AssertionFailed, "FP32"),
    ("ReferenceMatrixFloatingEncoding(1.0, TileDataType_FP32, 3)", AslError, "record"),
])
def test_a_rejected_call_is_one_clear_asl_error(call, error, message):
    with pytest.raises(error, match=message):
        run(f"let x = {call};")
