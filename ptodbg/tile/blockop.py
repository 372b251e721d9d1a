"""The operation state of an open block: the descriptor its BSTART installed, the B.DATR
and B.FPATR attributes, and the scalar, tile and shared bindings of B.IOR, B.IOT and B.IOS.

Sources (pto-spec 0.58.3): ``asl/block/model/state/{types,control-state,
descriptor-state}.asl``, ``asl/block/model/dispatch/{decode,descriptor-legality,
commands}.asl``, ``asl/block/model/operands/{tile,scalar,shared}-bindings.asl``,
``asl/block/model/schema/attributes.asl`` and ``asl/block/attributes/B.FPATR.asl``.

A :class:`BlockOperation` is immutable; a header command makes a new one (``with_*``).
The machine keeps it as the ``"op"`` item of the block header (``m.header``), so it is
cleared with the header by every BSTART and BSTOP, saved with the header into a trap
context and restored by recovery, and held by reference in snapshots.  No item means the
reset state of every field (ClearBundleHeaderState).

Rejections raise :class:`TileFault` with the spec's FaultCode; the core turns it into a
trap.
"""

from __future__ import annotations

from ptodbg.base.record import Frozen
from ptodbg.isa.forms import Form
from ptodbg.tile import operations as ops
from ptodbg.tile.codes import (
    BINDING_COUNT,
    DTYPE_NONE,
    PAD_MAX,
    PAD_MIN,
    PAD_NULL,
    PAD_ZERO,
    code_concrete,
    code_field_valid,
    data_layout_accepted,
)

# BundleOperationClass
CONTROL, TILE_ELEMENT, TILE_MEMORY, TILE_MATRIX, FIXED_POINT = range(5)
CLASS_NAMES = ("Control", "TileElement", "TileMemory", "TileMatrix", "FixedPoint")
TILE_CLASSES = frozenset({TILE_ELEMENT, TILE_MEMORY, TILE_MATRIX})
FAMILY_OF_CLASS = {TILE_ELEMENT: "TEPL", TILE_MEMORY: "TLSU", TILE_MATRIX: "CUBE"}  # BundleTileDecodeFamily

# FaultCodes a rejection names (asl/arch/data-types/fault.asl)
ILLEGAL = "IllegalInstruction"
BUNDLE_CONTROL = "BundleControl"
TILE_LEGALITY = "TileLegality"
TILE_ALLOCATION = "TileAllocation"


class TileFault(Exception):
    """A tile-surface rejection: the spec's FaultCode and a sentence for the debugger.
    Raised before any effect of the command or operation that is rejected."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(f"{code}: {reason}")
        self.code = code
        self.reason = reason


# ---------------------------------------------------------------- records
class Descriptor(Frozen):
    """BundleOperationDescriptor: what a BSTART selected, exactly as encoded."""

    valid: bool = True
    form: int = 0  # form_identity: the command form's index
    op_class: int = CONTROL
    selector_valid: bool = False
    selector: int = 0  # 10 bits
    dtype_valid: bool = False
    dtype: int = 0  # the 5-bit DataType field
    mode_valid: bool = False
    mode: int = 0
    brtype_valid: bool = False
    brtype: int = 0

    def decode_code(self) -> int:
        """BundleOperationDecodeCode: the 12-bit code DecodeTileOperation reads."""
        if self.mode_valid:
            code = (self.mode & 3) << 5 | (self.selector & 0x1F)
        else:
            code = self.selector & 0x3FF
        if self.op_class == TILE_MEMORY and not self.mode_valid:
            low = self.selector & 0x1F
            if low in (0b01001, 0b01010, 0b01011, 0b01100):  # TMOV.L2S / S2L variants
                return 2
            if low == 0b01110:  # TSTORE.SPART
                return 1
        return code

    def operation(self) -> int | None:
        """The operation index a tile descriptor selects (None: no operation)."""
        family = FAMILY_OF_CLASS.get(self.op_class)
        if family is None or not self.selector_valid:
            return None
        return ops.decode(family, self.decode_code())

    def selects_tmov(self) -> bool:
        """BundleDescriptorSelectsTMOV."""
        return self.op_class == TILE_MEMORY and self.selector_valid and self.decode_code() == 2

    def legal(self) -> bool:
        """BundleOperationDescriptorLegal."""
        if self.brtype_valid and self.brtype not in (0b001, 0b101, 0b110, 0b111):
            return False
        if self.op_class in TILE_CLASSES:
            if not self.selector_valid or not self.dtype_valid or not code_field_valid(self.dtype):
                return False
            if self.operation() is None:
                return False
            return code_concrete(self.dtype) or self.selects_tmov()
        return self.op_class != FIXED_POINT


class DataAttributes(Frozen):
    """BundleDataAttributes (B.DATR); the reset values are the omission defaults."""

    dtype_present: bool = False
    dtype: int = DTYPE_NONE
    layout: int = 0
    pad: int = 0b11  # the raw 2-bit PadValueOrByteId; omitted: Null
    cmode: int = 0
    rmode: int = 0
    sat: bool = False
    canonicalize: bool = False


class FixedPointAttributes(Frozen):
    """BundleFixedPointAttributes (B.FPATR)."""

    pre_quant: int = 0
    relu: int = 0
    group_n: int = 0
    row_max: bool = False
    group_max: bool = False
    row_init: bool = False
    max_abs: bool = False
    trans_a: bool = False
    trans_b: bool = False


class ScalarBinding(Frozen):
    """BundleScalarBinding 0 (B.IOR): absolute GPR selectors."""

    destination: int = 0
    source0: int = 0
    source1: int = 0
    source2: int = 0
    source_count: int = 3


class TileBinding(Frozen):
    """BundleTileBinding (B.IOT): an ordered destination/source group with its PE mask."""

    destination_valid: bool = False
    destination: int = 0  # the hand 0..3 until the destination is resolved
    hand: int = 0
    allocated: bool = False  # destination_allocated_by_bundle
    size: int = 0  # the destination size code
    mask: int = 0
    source0_valid: bool = False
    source1_valid: bool = False
    source0: int = 0
    source1: int = 0
    last: bool = False


class SharedBinding(Frozen):
    """BundleSharedBinding (B.IOS)."""

    shared_id: int = 0
    size: int = 0  # 0: a source; otherwise the destination's size code
    mask: int = 0
    consumed: bool = False


_DATR_RESET = DataAttributes()


class BlockOperation(Frozen):
    """Every operation-related header field of the open block (see the module)."""

    descriptor: Descriptor | None = None  # None: the block's BSTART installed none
    datr_present: bool = False  # _BundleDataAttributesPresent
    datr: DataAttributes = _DATR_RESET
    fpatr: FixedPointAttributes | None = None
    scalar: ScalarBinding | None = None
    tiles: tuple = ()  # TileBinding, in binding order
    shared: tuple = ()  # SharedBinding, in binding order
    zero_seen: bool = False  # _BundleZeroParticipationSeen

    # ------------------------------------------------------------ queries
    @property
    def op_class(self) -> int:
        d = self.descriptor
        return d.op_class if d is not None and d.valid else CONTROL

    def operation(self) -> int | None:
        d = self.descriptor
        return d.operation() if d is not None and d.valid else None

    def sequence_closed(self) -> bool:
        """BundleTileBindingSequenceClosed."""
        return any(b.last for b in self.tiles)

    def mask_can_append(self, mask: int) -> bool:
        """BundleTileMaskCanAppend."""
        return mask != 0 and all(b.mask == mask for b in self.tiles)

    def shared_mask_can_append(self, mask: int) -> bool:
        """BundleSharedMaskCanAppend."""
        return self.mask_can_append(mask) and all(s.mask == mask for s in self.shared)

    def fpatr_placeable(self) -> bool:
        """BundleFixedPointAttributesCanBePlaced, less the open-block/body part."""
        if self.fpatr is not None:
            return False
        d = self.descriptor
        if d is not None and d.valid and d.op_class != TILE_MATRIX:
            return False
        return self.scalar is None and not self.tiles and not self.shared

    def pad_value(self) -> int:
        """CurrentBundlePadValue: Null unless a B.DATR said otherwise."""
        if not self.datr_present:
            return PAD_NULL
        return (PAD_ZERO, PAD_MAX, PAD_MIN, PAD_NULL)[self.datr.pad & 3]

    # ------------------------------------------------------------ changes
    def installed(self, descriptor: Descriptor) -> BlockOperation:
        """InstallBundleOperationDescriptor: a typed descriptor also supplies the data
        type B.DATR reports while no B.DATR is present."""
        datr = self.datr
        if descriptor.dtype_valid and not self.datr_present:
            datr = datr.replace(dtype=descriptor.dtype)
        return self.replace(descriptor=descriptor, datr=datr)

    def with_datr(self, dtype: int, layout: int, pad: int, cmode: int, rmode: int, sat: bool,
                  canonicalize: bool) -> BlockOperation:
        """SetBundleDataAttributeState then the present flag (B.DATR's handler)."""
        if not code_field_valid(dtype) or not data_layout_accepted(layout):
            raise TileFault(TILE_LEGALITY, f"B.DATR data type {dtype} or layout {layout} is not assigned")
        attrs = DataAttributes(True, dtype, layout, pad & 3, cmode & 7, rmode & 7, sat, canonicalize)
        return self.replace(datr=attrs, datr_present=True)

    def with_fpatr(self, attrs: FixedPointAttributes) -> BlockOperation:
        """SetBundleFixedPointAttributeState: header-local field checks, then latch."""
        if not fpatr_fields_legal(attrs):
            raise TileFault(TILE_LEGALITY, "B.FPATR fields are inconsistent (reserved mode, group or enables)")
        return self.replace(fpatr=attrs)

    def with_scalar(self, binding: ScalarBinding) -> BlockOperation:
        return self.replace(scalar=binding)

    def with_tile_binding(self, binding: TileBinding) -> BlockOperation:
        """AddBundleTileBinding (after BindBundleTileIO's checks)."""
        if self.sequence_closed():
            raise TileFault(BUNDLE_CONTROL, "the B.IOT sequence already ended (L)")
        if binding.destination_valid and (binding.destination > 3 or not 1 <= binding.size <= 10):
            raise TileFault(TILE_LEGALITY, "a B.IOT destination names hand 0..3 and size code 1..10")
        if len(self.tiles) >= BINDING_COUNT:
            raise TileFault(TILE_LEGALITY, f"more than {BINDING_COUNT} B.IOT bindings")
        binding = binding.replace(hand=binding.destination % 4, allocated=False)
        return self.replace(tiles=self.tiles + (binding,))

    def with_shared_binding(self, shared_id: int, size: int, mask: int) -> BlockOperation:
        """BindBundleSharedIO."""
        if not self.shared_mask_can_append(mask):
            raise TileFault(TILE_LEGALITY, "B.IOS PE mask differs from the block's other bindings")
        if any(s.shared_id == shared_id for s in self.shared):
            raise TileFault(BUNDLE_CONTROL, f"shared register S{shared_id} is bound twice")
        if len(self.shared) >= 4:
            raise TileFault(BUNDLE_CONTROL, "more than four B.IOS bindings")
        return self.replace(shared=self.shared + (SharedBinding(shared_id, size, mask, False),))

    def with_zero_seen(self) -> BlockOperation:
        return self.replace(zero_seen=True)


EMPTY = BlockOperation()


def of_header(header: tuple) -> BlockOperation:
    """The block's operation state held in a header tuple (EMPTY when there is none)."""
    for key, value in header:
        if key == "op":
            return value
    return EMPTY


def in_header(header: tuple, op: BlockOperation) -> tuple:
    """``header`` with its ``"op"`` item replaced by ``op`` (added at the end if new)."""
    items = tuple(item for item in header if item[0] != "op")
    return items + (("op", op),)


# ------------------------------------------------------------------ B.FPATR
_PRE_QUANT = frozenset({0, 1, 2, 3, 4, 5, 12, 13, 16, 17, 18, 19, 20, 23, 24, 25, 26, 27, 28, 32, 33, 34, 35, 36,
                        37, 38, 39})
PRE_QUANT_VECTOR = frozenset({2, 4, 12, 18, 20, 23, 28, 33, 36, 37, 38, 39})  # ModeUsesVectorParameter
PRE_QUANT_SCALAR = frozenset({3, 5, 13, 17, 19, 24, 25, 26, 27, 32, 34, 35})  # ModeUsesScalarParameter
GROUP_N = (0, 8, 16, 32, 48, 64, 80, 96, 112, 128)  # BundleFPATRGroupN


def pre_quant_legal(code: int) -> bool:
    """BundleFPATRPreQuantModeLegal."""
    return code in _PRE_QUANT


def fpatr_fields_legal(a: FixedPointAttributes) -> bool:
    """BundleFPATRFieldsLegal."""
    if a.pre_quant not in _PRE_QUANT or a.relu > 3 or a.group_n > 9:
        return False
    if a.row_init and not a.row_max:
        return False
    if a.group_max != (a.group_n != 0):
        return False
    return not (a.max_abs and not a.row_max and not a.group_max)


# ------------------------------------------------------- BSTART descriptors
_TLSU_STARTS = ("BSTART.TLOAD", "BSTART.TSTORE", "BSTART.TMOV", "BSTART.GMOV", "BSTART.TPREFETCH")
_START_OPS = {op.start: op for op in ops.OPERATIONS if op.family != "TEPL"}


def start_class(mnemonic: str) -> int:
    """The operation class a BSTART form installs (command_bundle_operation_class)."""
    if mnemonic == "BSTART.TEPL":
        return TILE_ELEMENT
    if mnemonic in _TLSU_STARTS or mnemonic.startswith(("BSTART.MGATHER", "BSTART.MSCATTER")):
        return TILE_MEMORY
    if mnemonic.startswith(("BSTART.TMATMUL", "BSTART.TGEMV")):
        return TILE_MATRIX
    return CONTROL


def start_kind(mnemonic: str) -> int:
    """The block kind (BARG block_type code) a tile BSTART opens (command_bundle_kind):
    TEPL and TMOV blocks are tile-element blocks, TLSU loads/stores/prefetches and the
    gathers/scatters tile-memory blocks, the CUBE starts tile-matrix blocks; GMOV's
    carries no tile kind token and opens a standard block."""
    if mnemonic in ("BSTART.TEPL", "BSTART.TMOV"):
        return 5
    if mnemonic in ("BSTART.TLOAD", "BSTART.TSTORE", "BSTART.TPREFETCH") or \
            mnemonic.startswith(("BSTART.MGATHER", "BSTART.MSCATTER")):
        return 6
    if mnemonic.startswith(("BSTART.TMATMUL", "BSTART.TGEMV")):
        return 7
    return 0


def descriptor_of(form: Form, values: dict[str, int]) -> Descriptor:
    """DecodeBundleOperationDescriptor of one decoded start form.  ``values`` are the
    form's decoded fields plus ``"_variant"`` (instruction bits 24:20) for the forms whose
    encoding variants select the operation (TMOV, TSTORE)."""
    name = form.mnemonic
    op_class = start_class(name)
    selector, selector_valid = 0, False
    if form.variants:
        selector, selector_valid = values.get("_variant", 0) & 0x1F, True
    elif name == "BSTART.TEPL":
        selector, selector_valid = (values["Mode"] & 3) << 5 | values["Function"] & 0x1F, True
    elif "Function" in values:
        selector, selector_valid = values["Function"] & 0x1F, True
    elif name in _START_OPS:
        selector, selector_valid = _START_OPS[name].code, True
    tile = name == "BSTART.TEPL" or name in _START_OPS
    return Descriptor(
        valid=True, form=form.index & 0x7F, op_class=op_class,
        selector_valid=selector_valid, selector=selector,
        dtype_valid=tile or "DataType" in values, dtype=values.get("DataType", 0) & 0x1F,
        mode_valid="Mode" in values, mode=values.get("Mode", 0) & 3,
        brtype_valid="BrType" in values, brtype=values.get("BrType", 0) & 7,
    )
