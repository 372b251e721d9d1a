"""The harness's block-state views that no AVS point covers in every case
(:mod:`ptodbg.avs.harness.header_state`, :mod:`.tile_block`, :mod:`.contexts`): _BundleHint
written field by field (a state ptodbg's header cannot hold is ``unsupported``, never a
silent change), scalar bindings 1..31 (no PTO v0 command sets them: a header item of their
own, saved and recovered with the header), the descriptor a control start installs as
_BundleOperation and as a trap context's bundle_operation (the reset one when none was
installed since the header state was last cleared), and a read-only identification
register that accepts only the value it holds.  The AVS points that need them pass in
``test_suite.py`` (PTO-AVS-BLOCK-BSTOP-CLEAR-001, -CMD-CTRLSTART-001,
PTO-AVS-ARCH-TRAP-ATTRIBUTES-FAULT-003 ...)."""

from __future__ import annotations

import pytest

from ptodbg.avs.harness import Harness, make_context
from ptodbg.avs.parser import Parser
from ptodbg.avs.values import Unsupported


def run(body: str) -> object:
    text = f"func main() => integer\nbegin\n    ResetProfileState();\n{body}\n    return 0;\nend;\n"
    return make_context(Harness(), Parser(text, "t.asl").module()).call("main", [], [])


def test_bundle_hint_fields_are_written_and_cleared_with_the_block():
    assert run("""
    BeginBundle(BundleKind_Standard, BundleTransfer_Fallthrough, Zeros{64}, Zeros{64} + 4, Zeros{64} + 4, TRUE);
    _BundleHint.present = TRUE;
    _BundleHint.temperature = '10';
    _BundleHint.prefetch_size = Zeros{12} + 0x123;
    _BundleHint.branch_likely = TRUE;
    assert _BundleHint.present && !_BundleHint.trace && !_BundleHint.branch_valid;
    assert _BundleHint.temperature == '10' && _BundleHint.prefetch_size == Zeros{12} + 0x123;
    assert _BundleHint.branch_likely;
    _BundleHint.trace = TRUE;
    _BundleHint.trace_end = TRUE;
    assert _BundleHint.trace && _BundleHint.trace_end;
    _BundleHint.trace_end = FALSE;
    _BundleHint.trace = FALSE;
    assert _BundleHint.present && !_BundleHint.trace;
    ClearBundleHeaderState();
    assert !_BundleHint.present && _BundleHint.temperature == '00';
    """) == 0


@pytest.mark.parametrize("body", [
    "_BundleHint.trace = TRUE; _BundleHint.present = FALSE;",
    "_BundleHint.trace_end = TRUE;",
])
def test_a_hint_state_ptodbg_cannot_hold_is_unsupported(body):
    with pytest.raises(Unsupported):
        run(body)


def test_scalar_bindings_beyond_b_ior_s_are_saved_and_recovered():
    assert run("""
    SetCurrentACR(15);
    _BundleActive = TRUE;
    SetBundleScalarBinding(31, 23, 1, 2, 3, 2);
    _BundleScalarBindings[[7]].source1 = 9;
    assert _BundleScalarBindings[[31]].valid && _BundleScalarBindings[[31]].destination == 23;
    assert !_BundleScalarBindings[[7]].valid && _BundleScalarBindings[[7]].source1 == 9;
    assert !_BundleScalarBindings[[0]].valid && BundleOperationGPRInputSelector(1) == 0;
    SetBundleScalarBinding(0, 4, 5, 6, 7, 3);
    assert BundleOperationGPRInputSelector(2) == 7;
    SetFault(Fault_DataPage, Zeros{64} + 0xdead);
    assert _TrapContexts[[1]].bundle_scalar_bindings[[31]].source2 == 3;
    assert _TrapContexts[[1]].bundle_scalar_bindings[[0]].source0 == 5;
    _BundleScalarBindings[[31]].valid = FALSE;
    assert !_BundleScalarBindings[[31]].valid;
    assert RecoverTrapContext(1);
    assert _BundleScalarBindings[[31]].valid && _BundleScalarBindings[[31]].source_count == 2;
    """) == 0


def test_a_saved_context_s_block_state_is_read_only():
    with pytest.raises(Unsupported, match="saved trap context"):
        run("""
        SetCurrentACR(15);
        SetFault(Fault_DataPage, Zeros{64});
        _TrapContexts[[1]].bundle_data_attributes.saturating = TRUE;
        """)


def test_the_control_start_descriptor_reads_as_bundle_operation_and_in_the_trap_context():
    assert run("""
    SetCurrentACR(15);
    var compressed: bits(64) = Zeros{64};
    compressed[13:11] = '001';
    assert ExecuteCommandInstruction(compressed, 16) == CommandExecution_Executed;
    assert _BundleOperation.valid && _BundleOperation.operation_class == BundleOperation_Control;
    assert _BundleOperation.branch_type_valid && _BundleOperation.branch_type == '001';
    let form = _BundleOperation.form_identity;
    SetFault(Fault_DataPage, Zeros{64});
    assert _TrapContexts[[1]].bundle_operation.valid;
    assert _TrapContexts[[1]].bundle_operation.form_identity == form;
    assert _TrapContexts[[1]].bundle_operation.branch_type == '001';
    """) == 0


def test_a_block_opened_without_a_start_or_cleared_reads_the_reset_descriptor():
    assert run("""
    BeginBundle(BundleKind_Standard, BundleTransfer_Fallthrough, Zeros{64}, Zeros{64} + 4, Zeros{64} + 4, TRUE);
    assert _BundleActive && !_BundleOperation.valid && _BundleOperation.form_identity == Zeros{7};
    StopBundle();
    assert ExecuteCommandInstruction(Zeros{64} + 0x11, 32) == CommandExecution_Executed;
    assert _BundleOperation.valid && _BundleOperation.form_identity == Zeros{7} + 13;
    ClearBundleHeaderState();
    assert _BundleActive && !_BundleOperation.valid && _BundleOperation.form_identity == Zeros{7};
    """) == 0


def test_an_identification_register_accepts_only_its_own_value():
    assert run("_SystemRegisters.thread_id = _SystemRegisters.thread_id;") == 0
    with pytest.raises(Unsupported, match="fixed"):
        run("_SystemRegisters.thread_id = _SystemRegisters.thread_id + 1;")
