"""The model's block operation state (``_BundleOperation``, ``_BundleDataAttributes``,
``_BundleTileBindings`` ...) over ptodbg's :class:`~ptodbg.tile.blockop.BlockOperation`,
the ``"op"`` item of the machine's block header, and the spec functions that set it.

Reads see the header's operation state (EMPTY: every field's reset value); writes make a
new state and put it back in the header, as ptodbg's header commands do.  The setters
(``SetBundleDataAttributeState``, ``AddBundleTileBinding`` ...) are ptodbg's own
:class:`BlockOperation` methods; a rejection is the spec's SetFault at TPC.
"""

from __future__ import annotations

from collections.abc import Callable

from ptodbg.avs.convert import as_bits, as_bool, as_int, enum_name, word
from ptodbg.avs.harness import header_state
from ptodbg.avs.harness.machine_functions import set_fault_with_cause
from ptodbg.avs.harness.registry import spec_function
from ptodbg.avs.harness.state import Harness
from ptodbg.avs.harness.views import ArrayView, Fixed, RecordView, Scalar
from ptodbg.avs.interpreter import Global
from ptodbg.avs.values import Array, AslError, AssertionFailed, Bits, Enum, Record, Unsupported
from ptodbg.tile import blockop as bo
from ptodbg.tile.blockop import BlockOperation, Descriptor, TileBinding, TileFault

_CLASS_PREFIX = "BundleOperation_"
_TILE_BINDINGS = "asl/block/model/operands/tile-bindings.asl"


def operation(h: Harness) -> BlockOperation:
    return bo.of_header(h.m.header)


def put_operation(h: Harness, op: BlockOperation) -> None:
    h.m.header = bo.in_header(h.m.header, op)


def reject(h: Harness, e: TileFault) -> None:
    """SetFault(<code>, ReadTPC()) through the harness machine."""
    set_fault_with_cause(h, Enum("Fault_" + e.code), word(h.m.pc), 0)


def class_code(value: object) -> int:
    name = enum_name(value, "a BundleOperationClass")
    tail = name.removeprefix(_CLASS_PREFIX)
    if not name.startswith(_CLASS_PREFIX) or tail not in bo.CLASS_NAMES:
        raise AslError(f"{name} is not a BundleOperationClass")
    return bo.CLASS_NAMES.index(tail)


# ------------------------------------------------------------- descriptor
_DESCRIPTOR_FIELDS: dict[str, tuple[str, Callable, Callable]] = {
    # ASL field: (Descriptor attribute, to ASL, from ASL)
    "valid": ("valid", bool, lambda v: as_bool(v, "valid")),
    "form_identity": ("form", lambda x: Bits(7, x), lambda v: as_bits(v, "form_identity", 7)),
    "operation_class": ("op_class", lambda x: Enum(_CLASS_PREFIX + bo.CLASS_NAMES[x]), class_code),
    "selector_valid": ("selector_valid", bool, lambda v: as_bool(v, "selector_valid")),
    "selector": ("selector", lambda x: Bits(10, x), lambda v: as_bits(v, "selector", 10)),
    "data_type_valid": ("dtype_valid", bool, lambda v: as_bool(v, "data_type_valid")),
    "data_type": ("dtype", lambda x: Bits(5, x), lambda v: as_bits(v, "data_type", 5)),
    "mode_valid": ("mode_valid", bool, lambda v: as_bool(v, "mode_valid")),
    "mode": ("mode", lambda x: Bits(2, x), lambda v: as_bits(v, "mode", 2)),
    "branch_type_valid": ("brtype_valid", bool, lambda v: as_bool(v, "branch_type_valid")),
    "branch_type": ("brtype", lambda x: Bits(3, x), lambda v: as_bits(v, "branch_type", 3)),
}


def descriptor_of_record(value: object) -> Descriptor:
    """A BundleOperationDescriptor record of the program as ptodbg's Descriptor."""
    if isinstance(value, RecordView):
        value = value.snapshot()
    if not isinstance(value, Record):
        raise AslError("type error: a BundleOperationDescriptor must be a record")
    kwargs = {attr: convert(value.get_field(name)) for name, (attr, _, convert) in _DESCRIPTOR_FIELDS.items()}
    return Descriptor(**kwargs)


def _descriptor(h: Harness) -> Descriptor:
    """_BundleOperation: a tile start's descriptor (the header's operation state), else the
    one the open block's STD, FP or SYS start installed (``Machine.bdesc``), else the reset
    one (not valid: no start installed one since the header state was last cleared, as
    for a block BeginBundle or a trace B.HINT opened)."""
    d = operation(h).descriptor
    if d is not None:
        return d
    control = h.m.bdesc
    return control if control is not None else _RESET_DESCRIPTOR  # type: ignore[return-value]


_RESET_DESCRIPTOR = Descriptor(valid=False)


def _descriptor_view(h: Harness) -> RecordView:
    def field(name: str, attr: str, to_asl: Callable, from_asl: Callable) -> tuple:
        def get() -> object:
            return to_asl(getattr(_descriptor(h), attr))

        def put(v: object) -> None:
            op = operation(h)
            put_operation(h, op.replace(descriptor=_descriptor(h).replace(**{attr: from_asl(v)})))

        return (get, put)

    return RecordView("_BundleOperation", {name: field(name, *spec) for name, spec in _DESCRIPTOR_FIELDS.items()})


def _assign_descriptor(h: Harness, value: object) -> None:
    put_operation(h, operation(h).replace(descriptor=descriptor_of_record(value)))


@spec_function("InstallBundleOperationDescriptor", "asl/block/model/state/descriptor-state.asl")
def install_bundle_operation_descriptor(h: Harness, descriptor: object) -> None:
    put_operation(h, operation(h).installed(descriptor_of_record(descriptor)))


@spec_function("BundleOperationDescriptorLegal", "asl/block/model/dispatch/descriptor-legality.asl")
def bundle_operation_descriptor_legal(h: Harness, descriptor: object) -> bool:
    return descriptor_of_record(descriptor).legal()


@spec_function("BundleOperationDecodeCode", "asl/block/model/dispatch/descriptor-legality.asl")
def bundle_operation_decode_code(h: Harness, descriptor: object) -> Bits:
    return Bits(12, descriptor_of_record(descriptor).decode_code())


# -------------------------------------------------------- data attributes
_DATR_FIELDS: dict[str, tuple[str, Callable, Callable]] = {
    "data_type_present": ("dtype_present", bool, lambda v: as_bool(v, "data_type_present")),
    "data_type": ("dtype", lambda x: Bits(5, x), lambda v: as_bits(v, "data_type", 5)),
    "data_layout": ("layout", lambda x: Bits(5, x), lambda v: as_bits(v, "data_layout", 5)),
    "pad_value": ("pad", lambda x: Bits(2, x), lambda v: as_bits(v, "pad_value", 2)),
    "comparison_mode": ("cmode", lambda x: Bits(3, x), lambda v: as_bits(v, "comparison_mode", 3)),
    "rounding_mode": ("rmode", lambda x: Bits(3, x), lambda v: as_bits(v, "rounding_mode", 3)),
    "saturating": ("sat", bool, lambda v: as_bool(v, "saturating")),
    "canonicalize": ("canonicalize", bool, lambda v: as_bool(v, "canonicalize")),
}


def _attributes_view(h: Harness, name: str, fields: dict, getter: Callable, setter: Callable) -> RecordView:
    def field(attr: str, to_asl: Callable, from_asl: Callable) -> tuple:
        return (lambda: to_asl(getattr(getter(), attr)),
                lambda v: setter(getter().replace(**{attr: from_asl(v)})))

    return RecordView(name, {n: field(*spec) for n, spec in fields.items()})


@spec_function("SetBundleDataAttributeState", "asl/block/model/state/control-state.asl")
def set_bundle_data_attribute_state(h: Harness, dtype: object, layout: object, pad: object, cmode: object,
                                    rmode: object, sat: object, canonicalize: object) -> None:
    """SetBundleDataAttributeState: the fields (not the present flag, which B.DATR's
    handler sets after it)."""
    op = operation(h)
    try:
        new = op.with_datr(as_bits(dtype, "data type", 5), as_bits(layout, "layout", 5), as_bits(pad, "pad", 2),
                           as_bits(cmode, "CMode", 3), as_bits(rmode, "RMode", 3), as_bool(sat, "Sat"),
                           as_bool(canonicalize, "Canonicalize"))
    except TileFault as e:
        reject(h, e)
        return
    put_operation(h, new.replace(datr_present=op.datr_present))


_FPATR_FIELDS: dict[str, tuple[str, Callable, Callable]] = {
    "pre_quant_mode": ("pre_quant", lambda x: Bits(6, x), lambda v: as_bits(v, "pre_quant_mode", 6)),
    "relu_mode": ("relu", lambda x: Bits(3, x), lambda v: as_bits(v, "relu_mode", 3)),
    "group_n_code": ("group_n", lambda x: Bits(4, x), lambda v: as_bits(v, "group_n_code", 4)),
    "row_max_en": ("row_max", bool, lambda v: as_bool(v, "row_max_en")),
    "group_max_en": ("group_max", bool, lambda v: as_bool(v, "group_max_en")),
    "row_max_init": ("row_init", bool, lambda v: as_bool(v, "row_max_init")),
    "max_abs_en": ("max_abs", bool, lambda v: as_bool(v, "max_abs_en")),
    "trans_a": ("trans_a", bool, lambda v: as_bool(v, "trans_a")),
    "trans_b": ("trans_b", bool, lambda v: as_bool(v, "trans_b")),
}


def _fpatr_view(h: Harness) -> RecordView:
    reset = bo.FixedPointAttributes()
    view = _attributes_view(h, "_BundleFixedPointAttributes", _FPATR_FIELDS,
                            lambda: operation(h).fpatr or reset,
                            lambda a: put_operation(h, operation(h).replace(fpatr=a)))

    def set_valid(v: object) -> None:
        op = operation(h)
        put_operation(h, op.replace(fpatr=(op.fpatr or reset) if as_bool(v, "valid") else None))

    view.fields["valid"] = (lambda: operation(h).fpatr is not None, set_valid)
    return view


def _set_fpatr(h: Harness, *values: object) -> None:
    attrs = bo.FixedPointAttributes(
        as_bits(values[0], "pre_quant_mode", 6), as_bits(values[1], "relu_mode", 3),
        as_bits(values[2], "group_n_code", 4), *(as_bool(v, "an enable") for v in values[3:]))
    try:
        put_operation(h, operation(h).with_fpatr(attrs))
    except TileFault as e:
        reject(h, e)


@spec_function("SetBundleFixedPointAttributeState", "asl/block/model/schema/attributes.asl")
def set_bundle_fixed_point_attribute_state(h: Harness, *values: object) -> None:
    """Both overloads: seven fields (TransA/TransB clear) or all nine."""
    if len(values) not in (7, 9):
        raise AslError(f"SetBundleFixedPointAttributeState takes 7 or 9 arguments, not {len(values)}")
    _set_fpatr(h, *values)


# --------------------------------------------------------------- bindings
_BINDING_FIELDS: dict[str, tuple[str, Callable, Callable]] = {
    "destination_valid": ("destination_valid", bool, lambda v: as_bool(v, "destination_valid")),
    "destination": ("destination", int, lambda v: as_int(v, "destination")),
    "destination_hand": ("hand", lambda x: Bits(2, x), lambda v: as_bits(v, "destination_hand", 2)),
    "destination_allocated_by_bundle": ("allocated", bool, lambda v: as_bool(v, "allocated")),
    "destination_size": ("size", int, lambda v: as_int(v, "destination_size")),
    "pe_mask": ("mask", lambda x: Bits(4, x), lambda v: as_bits(v, "pe_mask", 4)),
    "source0_valid": ("source0_valid", bool, lambda v: as_bool(v, "source0_valid")),
    "source1_valid": ("source1_valid", bool, lambda v: as_bool(v, "source1_valid")),
    "source0": ("source0", int, lambda v: as_int(v, "source0")),
    "source1": ("source1", int, lambda v: as_int(v, "source1")),
    "last": ("last", bool, lambda v: as_bool(v, "last")),
}
_RESET_BINDING = TileBinding()


def _tile_binding(h: Harness, i: int) -> RecordView:
    def binding() -> TileBinding:
        tiles = operation(h).tiles
        return tiles[i] if i < len(tiles) else _RESET_BINDING

    def field(attr: str, to_asl: Callable, from_asl: Callable) -> tuple:
        def put(v: object) -> None:
            op = operation(h)
            if i >= len(op.tiles):
                raise Unsupported(f"assignment to a field of unused binding _BundleTileBindings[[{i}]]")
            tiles = list(op.tiles)
            tiles[i] = tiles[i].replace(**{attr: from_asl(v)})
            put_operation(h, op.replace(tiles=tuple(tiles)))

        return (lambda: to_asl(getattr(binding(), attr)), put)

    def set_valid(v: object) -> None:
        """A test fills a binding slot by hand: TRUE appends a reset binding at the next
        slot, FALSE drops the last one."""
        op = operation(h)
        n = len(op.tiles)
        if as_bool(v, "valid"):
            if i == n:
                put_operation(h, op.replace(tiles=op.tiles + (_RESET_BINDING,)))
            elif i > n:
                raise Unsupported(f"_BundleTileBindings[[{i}]].valid = TRUE with bindings 0..{i - 1} unused")
        elif i < n:
            if i != n - 1:
                raise Unsupported(f"_BundleTileBindings[[{i}]].valid = FALSE before a later valid binding")
            put_operation(h, op.replace(tiles=op.tiles[:-1]))

    fields = {n: field(*spec) for n, spec in _BINDING_FIELDS.items()}
    fields["valid"] = (lambda: i < len(operation(h).tiles), set_valid)
    return RecordView(f"_BundleTileBindings[[{i}]]", fields)


def saved_bundle_operation(header: tuple, control: object = None) -> RecordView:
    """``_TrapContexts[[ring]].bundle_operation``: the descriptor of the block state a trap
    saved (read only), as :func:`_descriptor` reads the live one: a tile start's in the
    header, else ``control`` (the saved ``Machine.bdesc``), else the reset one."""
    d = bo.of_header(header).descriptor or control or _RESET_DESCRIPTOR

    def field(attr: str, to_asl: Callable) -> tuple:
        return (lambda: to_asl(getattr(d, attr)), None)

    return RecordView("BundleOperationDescriptor",
                      {name: field(attr, to_asl) for name, (attr, to_asl, _) in _DESCRIPTOR_FIELDS.items()})


def saved_tile_bindings(header: tuple) -> Array:
    """``_TrapContexts[[ring]].bundle_tile_bindings``: the bindings of the block state a
    trap saved (read only)."""
    tiles = bo.of_header(header).tiles
    out = []
    for i in range(16):
        b = tiles[i] if i < len(tiles) else _RESET_BINDING
        fields = {n: to_asl(getattr(b, attr)) for n, (attr, to_asl, _) in _BINDING_FIELDS.items()}
        fields["valid"] = i < len(tiles)
        out.append(Record("BundleTileBinding", fields))
    return Array(16, out)


@spec_function("AddBundleTileBinding", _TILE_BINDINGS)
def add_bundle_tile_binding(h: Harness, destination_valid: object, destination: object, size: object,
                            mask: object, source0_valid: object, source1_valid: object, source0: object,
                            source1: object, last: object) -> None:
    binding = TileBinding(
        destination_valid=as_bool(destination_valid, "destination_valid"),
        destination=as_int(destination, "destination"), size=as_int(size, "destination size"),
        mask=as_bits(mask, "the PE mask", 4), source0_valid=as_bool(source0_valid, "source0_valid"),
        source1_valid=as_bool(source1_valid, "source1_valid"), source0=as_int(source0, "source0"),
        source1=as_int(source1, "source1"), last=as_bool(last, "last"))
    try:
        put_operation(h, operation(h).with_tile_binding(binding))
    except TileFault as e:
        reject(h, e)


@spec_function("BundleTileBindingCount", "asl/block/model/dispatch/tile-schema.asl")
def bundle_tile_binding_count(h: Harness) -> int:
    return len(operation(h).tiles)


@spec_function("BundleTileBindingSequenceClosed", _TILE_BINDINGS)
def bundle_tile_binding_sequence_closed(h: Harness) -> bool:
    return operation(h).sequence_closed()


@spec_function("BundleTileMaskCanAppend", "asl/block/model/operands/shared-bindings.asl")
def bundle_tile_mask_can_append(h: Harness, mask: object) -> bool:
    return operation(h).mask_can_append(as_bits(mask, "the PE mask", 4))


def _scalar_binding(h: Harness, i: int) -> RecordView:
    if i != 0:  # no PTO v0 command sets it: a header item of its own
        return header_state.scalar_binding(header_state.live_header(h), i)

    def get(attr: str) -> Callable:
        def read() -> object:
            s = operation(h).scalar
            if attr == "valid":
                return s is not None
            return getattr(s, attr) if s is not None else 0

        return read

    def put(attr: str) -> Callable:
        def write(v: object) -> None:
            op = operation(h)
            if attr == "valid":
                scalar = (op.scalar or bo.ScalarBinding()) if as_bool(v, "valid") else None
            else:
                scalar = (op.scalar or bo.ScalarBinding()).replace(**{attr: as_int(v, attr)})
            put_operation(h, op.replace(scalar=scalar))

        return write

    return RecordView(f"_BundleScalarBindings[[{i}]]", {
        name: (get(name), put(name)) for name in ("valid", "destination", "source0", "source1", "source2",
                                                 "source_count")
    })


@spec_function("SetBundleScalarBinding", "asl/block/model/operands/scalar-bindings.asl")
def set_bundle_scalar_binding(h: Harness, index: object, destination: object, source0: object, source1: object,
                              source2: object, count: object) -> None:
    i = as_int(index, "the binding index")
    if i != 0:  # no PTO v0 command sets it: a header item of its own
        header_state.put_scalar_row(header_state.live_header(h), i, (
            True, as_int(destination, "destination"), as_int(source0, "source0"), as_int(source1, "source1"),
            as_int(source2, "source2"), as_int(count, "source count")))
        return
    put_operation(h, operation(h).with_scalar(bo.ScalarBinding(
        as_int(destination, "destination"), as_int(source0, "source0"), as_int(source1, "source1"),
        as_int(source2, "source2"), as_int(count, "source count"))))


def _shared_binding(h: Harness, i: int) -> RecordView:
    def get(attr: str, to_asl: Callable) -> Callable:
        def read() -> object:
            shared = operation(h).shared
            if attr == "valid":
                return i < len(shared)
            return to_asl(getattr(shared[i], attr) if i < len(shared) else 0)

        return read

    return RecordView(f"_BundleSharedBindings[[{i}]]", {
        "valid": (get("valid", bool), None), "shared_id": (get("shared_id", lambda x: Bits(8, x)), None),
        "size_code": (get("size", int), None), "pe_mask": (get("mask", lambda x: Bits(4, x)), None),
        "consumed": (get("consumed", bool), None),
    })


@spec_function("BindBundleSharedIO", "asl/block/model/operands/shared-bindings.asl")
def bind_bundle_shared_io(h: Harness, shared_id: object, size: object, mask: object) -> None:
    try:
        put_operation(h, operation(h).with_shared_binding(as_bits(shared_id, "shared id", 8),
                                                          as_int(size, "size code"), as_bits(mask, "mask", 4)))
    except TileFault as e:
        reject(h, e)


@spec_function("BundleSharedBindingCount", "asl/block/model/operands/shared-bindings.asl")
def bundle_shared_binding_count(h: Harness) -> int:
    return len(operation(h).shared)


@spec_function("CurrentBundlePadValue", "asl/block/model/state/control-state.asl")
def current_bundle_pad_value(h: Harness) -> Enum:
    from ptodbg.avs.harness.tile_values import pad_enum
    return pad_enum(operation(h).pad_value())


@spec_function("CurrentBundleDataTypeCode", "asl/block/model/state/control-state.asl")
def current_bundle_data_type_code(h: Harness) -> Bits:
    return Bits(5, operation(h).datr.dtype)


@spec_function("CurrentBundleTileOperationDataTypeCode", "asl/block/model/state/control-state.asl")
def current_bundle_tile_operation_data_type_code(h: Harness) -> Bits:
    d = operation(h).descriptor
    if d is None or not d.valid or d.op_class not in bo.TILE_CLASSES or not d.dtype_valid:
        from ptodbg.avs.values import AssertionFailed
        raise AssertionFailed("the block has no typed tile operation")
    return Bits(5, d.dtype)


def block_globals(h: Harness) -> dict[str, Global]:
    """The block operation-state globals (asl/block/model/state/control-state.asl)."""

    def set_present(v: object) -> None:
        put_operation(h, operation(h).replace(datr_present=as_bool(v, "_BundleDataAttributesPresent")))

    return {
        "_BundleOperation": Fixed("_BundleOperation", _descriptor_view(h), lambda v: _assign_descriptor(h, v)),
        "_BundleDataAttributes": Fixed("_BundleDataAttributes", _attributes_view(
            h, "_BundleDataAttributes", _DATR_FIELDS, lambda: operation(h).datr,
            lambda a: put_operation(h, operation(h).replace(datr=a)))),
        "_BundleDataAttributesPresent": Scalar("_BundleDataAttributesPresent",
                                               lambda: operation(h).datr_present, set_present),
        "_BundleFixedPointAttributes": Fixed("_BundleFixedPointAttributes", _fpatr_view(h)),
        "_BundleTileBindings": Fixed("_BundleTileBindings", ArrayView(
            "_BundleTileBindings", 16, lambda i: _tile_binding(h, i))),
        "_BundleScalarBindings": Fixed("_BundleScalarBindings", ArrayView(
            "_BundleScalarBindings", 32, lambda i: _scalar_binding(h, i))),
        "_BundleSharedBindings": Fixed("_BundleSharedBindings", ArrayView(
            "_BundleSharedBindings", 4, lambda i: _shared_binding(h, i))),
        "_BundleZeroParticipationSeen": Scalar("_BundleZeroParticipationSeen", lambda: operation(h).zero_seen,
                                               lambda v: put_operation(h, operation(h).replace(
                                                   zero_seen=as_bool(v, "_BundleZeroParticipationSeen")))),
    }


@spec_function("SetBundleTileBinding", _TILE_BINDINGS)
def set_bundle_tile_binding(h: Harness, index: object, destination_valid: object, destination: object, size: object,
                            mask: object, source0_valid: object, source1_valid: object, source0: object,
                            source1: object, last: object) -> None:
    """Binding slot ``index`` set whole (TileLegality for a bad destination); ptodbg keeps
    the bindings dense, so the slot is an existing one or the next."""
    i = as_int(index, "a binding index")
    binding = TileBinding(
        destination_valid=as_bool(destination_valid, "destination_valid"),
        destination=as_int(destination, "destination"), size=as_int(size, "destination size"),
        mask=as_bits(mask, "the PE mask", 4), source0_valid=as_bool(source0_valid, "source0_valid"),
        source1_valid=as_bool(source1_valid, "source1_valid"), source0=as_int(source0, "source0"),
        source1=as_int(source1, "source1"), last=as_bool(last, "last"))
    if binding.destination_valid and (binding.destination > 3 or not 1 <= binding.size <= 10):
        reject(h, TileFault(bo.TILE_LEGALITY, "a B.IOT destination names hand 0..3 and size code 1..10"))
        return
    op = operation(h)
    if i > len(op.tiles):
        raise Unsupported(f"SetBundleTileBinding({i}) with bindings 0..{i - 1} unused")
    tiles = list(op.tiles)
    binding = binding.replace(hand=binding.destination % 4, allocated=False)
    if i == len(tiles):
        tiles.append(binding)
    else:
        tiles[i] = binding
    put_operation(h, op.replace(tiles=tuple(tiles)))


@spec_function("BundleTileDestinationSizeBytes", _TILE_BINDINGS)
def bundle_tile_destination_size_bytes(h: Harness, index: object) -> int:
    from ptodbg.tile import codes
    tiles = operation(h).tiles
    i = as_int(index, "a binding index")
    if i >= len(tiles) or not tiles[i].destination_valid:
        return 0
    if not codes.local_size_code_legal(tiles[i].size):
        raise AssertionFailed(f"binding {i}'s destination size code is not legal")
    return codes.size_code_bytes(tiles[i].size)


@spec_function("FinalizeBundleTileAttempt", _TILE_BINDINGS)
def finalize_bundle_tile_attempt(h: Harness, status: object) -> None:
    """B.IOT.L ends only the binding sequence; local sources stay allocated."""


@spec_function("DecodeBundleOperationDescriptor", "asl/block/model/dispatch/decode.asl")
def decode_bundle_operation_descriptor(h: Harness, instruction: object, form_index: object) -> Record:
    """The descriptor ptodbg's BSTART handler installs for this encoding of the form."""
    from ptodbg.avs.harness.decode_functions import command_form

    form = command_form(form_index)
    if not form.mnemonic.startswith("BSTART"):
        raise Unsupported(f"the operation descriptor of {form.mnemonic} (ptodbg decodes one for BSTART forms)")
    insn = as_bits(instruction, "an instruction", 64)
    values = {name: f.raw(insn) for name, f in form.by_name.items()}
    if form.variants:
        values["_variant"] = (insn >> 20) & 0x1F
    d = bo.descriptor_of(form, values)
    return Record("BundleOperationDescriptor",
                  {name: to_asl(getattr(d, attr)) for name, (attr, to_asl, _) in _DESCRIPTOR_FIELDS.items()})
