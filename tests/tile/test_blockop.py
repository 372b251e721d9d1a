"""The block operation state (ptodbg.tile.blockop, issue 29 item 1): the descriptor a tile
BSTART installs, B.DATR and B.FPATR attribute state and legality, the B.IOR / B.IOT /
B.IOS binding records, PEMode -> PE mask, and the data-type and layout code tables - each
fact from the spec file named beside it."""

from __future__ import annotations

import pytest

from ptodbg.isa.syntax import encode_statement
from ptodbg.tile import blockop as bo
from ptodbg.tile import codes
from ptodbg.tile import operations as ops
from ptodbg.tile.blockop import EMPTY, FixedPointAttributes, TileBinding, TileFault


def descriptor(text: str) -> bo.Descriptor:
    """The descriptor the machine's BSTART handler installs for one assembled start."""
    mnemonic, _, operands = text.partition(" ")
    form, _values, word = encode_statement(mnemonic, operands, 0x10000, lambda name: None)
    values = {name: f.raw(word) for name, f in form.by_name.items()}
    if form.variants:
        values["_variant"] = (word >> 20) & 0x1F
    return bo.descriptor_of(form, values)


def test_a_tepl_start_selects_mode_and_function():
    # asl/block/model/dispatch/decode.asl DecodeBundleOperationDescriptor: the TEPL code is
    # Mode:Function (12 bits, DecodeTileOperation's key); TADD is TEPL 0x000, TMULS 0x022
    d = descriptor("bstart.tepl datatype=24, mode=1, function=2")
    assert (d.valid, d.op_class, d.selector_valid, d.selector, d.dtype_valid, d.dtype) == (
        True, bo.TILE_ELEMENT, True, 0x22, True, 24)
    assert ops.OPERATIONS[d.operation()].name == "TMULS" and d.legal()
    tadd = descriptor("bstart.tepl datatype=24, mode=0, function=0")
    assert ops.OPERATIONS[tadd.operation()].name == "TADD"


def test_tlsu_starts_carry_their_operation_and_tmov_may_leave_the_type_open():
    # asl/block/execution/BSTART.TLOAD.asl / BSTART.TMOV.asl: a TLSU start names its
    # operation; TMOV alone accepts DTYPE_NONE (its type comes from its source,
    # asl/block/model/dispatch/descriptor-legality.asl BundleOperationDescriptorLegal)
    tload = descriptor("bstart.tload datatype=27")
    assert (tload.op_class, ops.OPERATIONS[tload.operation()].name, tload.legal()) == (bo.TILE_MEMORY, "TLOAD", True)
    tmov = descriptor("bstart.tmov datatype=31")
    assert tmov.selects_tmov() and tmov.dtype == codes.DTYPE_NONE and tmov.legal()
    assert not tload.replace(dtype=codes.DTYPE_NONE).legal()


def test_a_reserved_tepl_selector_is_not_a_legal_descriptor():
    # asl/tile/model/dispatch/decode.asl DecodeTileOperation: an unassigned code decodes
    # to PTO_TILE_OPERATION_COUNT, and the descriptor is illegal (IllegalInstruction)
    d = descriptor("bstart.tepl datatype=24, mode=3, function=31")
    assert d.operation() is None and not d.legal()


def test_data_type_codes_and_concreteness():
    # asl/block/model/dispatch/descriptor-legality.asl BundleDataTypeFieldValid /
    # BundleDataTypeConcrete: 0..14, 16..20, 24..28 are types, 31 is DTYPE_NONE
    assert [codes.code_field_valid(c) for c in (0, 14, 15, 16, 20, 21, 24, 28, 29, 31)] == [
        True, True, False, True, True, False, True, True, False, True]
    assert codes.code_concrete(24) and not codes.code_concrete(codes.DTYPE_NONE)
    assert codes.dtype_of_code(24) is codes.U64 and codes.dtype_of_code(15) is None


def test_layout_codes_name_their_source_and_destination():
    # asl/block/model/state/control-state.asl TileDataLayoutSourceLayout /
    # DestinationLayout and the CUBE conversions 21..26
    assert codes.DATA_LAYOUTS[6][0] == "DN2ND"
    assert (codes.source_layout(6), codes.destination_layout(6)) == (codes.COLUMN_MAJOR, codes.ROW_MAJOR)
    assert (codes.source_layout(17), codes.destination_layout(17)) == (codes.ZN, codes.ROW_MAJOR)
    assert [codes.cube_conversion(c) for c in (20, 21, 26, 27)] == [False, True, True, False]
    assert codes.cube_layout_of(24) == codes.CUBE_M32 and codes.cube_layout_of(26) == codes.CUBE_N8
    assert not codes.data_layout_accepted(2) and codes.data_layout_accepted(30)


def test_pe_mode_selects_a_mask_and_bit_three_minus_k_is_pe_k():
    # asl/arch/programming-model/core-pe-topology.asl PTOv0PEMaskOfPEMode and
    # PTOPEMaskBitOfPEIdentity
    assert [codes.pe_mask_of_mode(m) for m in range(8)] == [0, 0b1000, 0b0100, 0b0010, 0b0001, 0b1100, 0b1110,
                                                            0b1111]
    assert [codes.pe_in_mask(0b1000, pe) for pe in range(4)] == [True, False, False, False]
    assert codes.pe_count(0b1110) == 3


def test_datr_state_and_pad_value():
    # asl/block/model/state/control-state.asl SetBundleDataAttributeState: an unassigned
    # type or layout code is TileLegality; CurrentBundlePadValue: Null without B.DATR,
    # then PadValue 00 Zero, 01 Max, 10 Min, 11 Null
    assert EMPTY.pad_value() == codes.PAD_NULL
    op = EMPTY.with_datr(24, 0, 0b10, 0, 0, False, False)
    assert op.datr_present and op.pad_value() == codes.PAD_MIN
    for dtype, layout in ((15, 0), (24, 2)):
        with pytest.raises(TileFault) as e:
            EMPTY.with_datr(dtype, layout, 0, 0, 0, False, False)
        assert e.value.code == bo.TILE_LEGALITY


def test_fpatr_field_legality():
    # asl/block/attributes/B.FPATR.asl BundleFPATRFieldsLegal
    assert bo.fpatr_fields_legal(FixedPointAttributes())
    assert not bo.fpatr_fields_legal(FixedPointAttributes(pre_quant=6))  # reserved PreQuantMode
    assert not bo.fpatr_fields_legal(FixedPointAttributes(relu=4))
    assert not bo.fpatr_fields_legal(FixedPointAttributes(row_init=True))  # RowMaxInit without RowMaxEn
    assert not bo.fpatr_fields_legal(FixedPointAttributes(group_n=2))  # GroupNCode without GroupMaxEn
    assert bo.fpatr_fields_legal(FixedPointAttributes(group_n=2, group_max=True, max_abs=True))
    with pytest.raises(TileFault):
        EMPTY.with_fpatr(FixedPointAttributes(max_abs=True))


def test_tile_bindings_append_in_order_until_the_last_one():
    # asl/block/model/operands/tile-bindings.asl AddBundleTileBinding / SetBundleTileBinding:
    # the destination names a hand 0..3 with a local size code 1..10; B.IOT.L ends the
    # sequence (a later binding is BundleControl)
    first = TileBinding(source0_valid=True, source0=5, mask=0b1000)
    op = EMPTY.with_tile_binding(first).with_tile_binding(
        TileBinding(destination_valid=True, destination=2, size=1, mask=0b1000, last=True))
    assert [b.source0 for b in op.tiles] == [5, 0] and op.tiles[1].hand == 2 and op.sequence_closed()
    with pytest.raises(TileFault) as e:
        op.with_tile_binding(first)
    assert e.value.code == bo.BUNDLE_CONTROL
    with pytest.raises(TileFault) as e:
        EMPTY.with_tile_binding(TileBinding(destination_valid=True, destination=1, size=11, mask=1))
    assert e.value.code == bo.TILE_LEGALITY


def test_shared_bindings_share_one_mask_and_name_a_register_once():
    # asl/block/model/operands/shared-bindings.asl BindBundleSharedIO / BundleSharedMaskCanAppend
    op = EMPTY.with_tile_binding(TileBinding(source0_valid=True, mask=0b0100)).with_shared_binding(7, 0, 0b0100)
    assert op.shared[0].shared_id == 7 and not op.shared[0].consumed
    with pytest.raises(TileFault):
        op.with_shared_binding(8, 0, 0b0010)  # another mask
    with pytest.raises(TileFault) as e:
        op.with_shared_binding(7, 0, 0b0100)  # the same register again
    assert e.value.code == bo.BUNDLE_CONTROL


def test_the_operation_state_travels_in_the_block_header():
    op = EMPTY.installed(descriptor("bstart.tload datatype=24"))
    header = bo.in_header((("lb0", 4),), op)
    assert bo.of_header(header) is op and dict(header)["lb0"] == 4
    assert bo.of_header((("lb0", 4),)) is EMPTY
    # a typed start supplies the type B.DATR reports while no B.DATR is present
    assert op.datr.dtype == 24 and not op.datr_present
