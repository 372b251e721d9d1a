"""Tile-block commands: the tile BSTARTs and the header commands that build a block's
operation state (B.DATR, B.FPATR, B.IOR, B.IOT, B.IOS).

Sources (pto-spec 0.58.3): ``asl/block/model/dispatch/{start,commands,decode,
descriptor-legality}.asl``, ``asl/block/model/operands/*.asl``,
``asl/block/model/schema/attributes.asl`` and ``asl/block/model/state/control-state.asl``.

A tile BSTART decodes its operation descriptor (DecodeBundleOperationDescriptor); an
illegal one (no operation, a reserved or missing data type) is ILLEGAL_INST before any
effect.  Otherwise it starts a block as every BSTART does (:mod:`.blocks`: the retiring
commit, BeginBundleAt) and installs the descriptor as the block's operation state, the
``"op"`` item of the header (:mod:`ptodbg.tile.blockop`).  The header commands check their
placement (an open block whose body has not started: BUNDLE_TRAP), then change that
state; the operation itself runs when the block commits (:mod:`.tilecommit`).

A B.IOT or B.IOS whose PEMode selects no PE is a strict no-op anywhere (the rest of its
checks are skipped); in an open block's header it records that a zero-participation
binding was seen, so the block's commit is a no-op too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.core.faults import BUNDLE_TRAP, ILLEGAL_INST, Fault
from ptodbg.core.semantics import semantic
from ptodbg.core.semantics.blocks import _start
from ptodbg.core.semantics.tilecommit import fault_of
from ptodbg.core.state import FALL
from ptodbg.tile import codes
from ptodbg.tile.blockop import (
    BUNDLE_CONTROL,
    EMPTY,
    TILE_LEGALITY,
    TILE_MEMORY,
    BlockOperation,
    FixedPointAttributes,
    ScalarBinding,
    TileBinding,
    TileFault,
    descriptor_of,
    in_header,
    of_header,
    start_class,
    start_kind,
)
from ptodbg.tile.operations import OPERATIONS

if TYPE_CHECKING:
    from ptodbg.core.machine import Handler, Machine
    from ptodbg.isa.forms import Form

TILE_STARTS = tuple(sorted({op.start for op in OPERATIONS}))


def _raiser(number: int, reason: str) -> Handler:
    def fault(pc: int) -> int:
        raise Fault(number, pc, reason=reason)

    return fault


@semantic(*TILE_STARTS)
def tile_bstart(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """ExecuteDecodedBundleStart of a tile start form (transfer FALL)."""
    values = dict(v)
    if form.variants:
        values["_variant"] = (v["_encoding"] >> 20) & 0x1F
    descriptor = descriptor_of(form, values)
    if not descriptor.legal():
        return _raiser(ILLEGAL_INST, f"{form.mnemonic}: data type {descriptor.dtype} and selector "
                                     f"{descriptor.selector:#x} select no executable tile operation")
    size = length // 8
    inner = _start(m, start_kind(form.mnemonic), FALL, None, None, length, pc)
    header = (("op", EMPTY.installed(descriptor)),)

    def start(pc: int) -> int:
        nxt = inner(pc)
        if m.blk and m.bpc == pc and m.hdr_end == pc + size:  # the block opened here
            m.header = header
        return nxt

    return start


# ------------------------------------------------------------------ header commands
def _placed(m: Machine, pc: int, what: str) -> BlockOperation:
    """The open block's operation state, for a header command at ``pc`` (BUNDLE_TRAP when
    no block is open or its body has started)."""
    if not m.blk:
        raise Fault(BUNDLE_TRAP, pc, reason=f"{what} needs an open block", code=BUNDLE_CONTROL)
    if pc != m.hdr_end:
        raise Fault(BUNDLE_TRAP, pc, reason=f"{what} must come before the block body", code=BUNDLE_CONTROL)
    return of_header(m.header)


def _changed(m: Machine, pc: int, size: int, change) -> int:  # noqa: ANN001
    """Apply ``change`` (operation state -> new state, may raise TileFault) and advance
    the header position."""
    try:
        op = change()
    except TileFault as e:
        raise fault_of(e, pc) from None
    m.header = in_header(m.header, op)
    m.hdr_end = pc + size
    return pc + size


def _zero_participation(m: Machine, pc: int, size: int) -> int:
    """A zero PE mask: a no-op, noted when it stands in an open block's header."""
    if m.blk and pc == m.hdr_end:
        m.header = in_header(m.header, of_header(m.header).with_zero_seen())
        m.hdr_end = pc + size
    return pc + size


@semantic("B.DATR")
def b_datr(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """SetBundleDataAttributes: once per block."""
    size = length // 8
    fields = (v["DataType"], v["Layout"], v["PadValueOrByteId"], v["CMode"], v["RMode"], bool(v["Sat"]),
              bool(v["Canonicalize"]))

    def datr(pc: int) -> int:
        op = _placed(m, pc, "B.DATR")
        if op.datr_present:
            raise Fault(BUNDLE_TRAP, pc, reason="B.DATR may appear once per block", code=BUNDLE_CONTROL)
        return _changed(m, pc, size, lambda: op.with_datr(*fields))

    return datr


@semantic("B.FPATR")
def b_fpatr(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """SetBundleFixedPointAttributes: once, in a matrix (or not yet typed) block, before any
    binding."""
    size = length // 8
    attrs = FixedPointAttributes(v["PreQuantMode"], v["ReluMode"], v["GroupNCode"], bool(v["RowMaxEn"]),
                                 bool(v["GroupMaxEn"]), bool(v["RowMaxInit"]), bool(v["MaxAbsEn"]),
                                 bool(v["TransA"]), bool(v["TransB"]))

    def fpatr(pc: int) -> int:
        op = _placed(m, pc, "B.FPATR")
        if not op.fpatr_placeable():
            raise Fault(BUNDLE_TRAP, pc, reason="B.FPATR belongs once to a matrix block, before its bindings",
                        code=BUNDLE_CONTROL)
        return _changed(m, pc, size, lambda: op.with_fpatr(attrs))

    return fpatr


@semantic("B.IOR")
def b_ior(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """BindBundleScalarIO: one scalar binding per block."""
    size = length // 8
    binding = ScalarBinding(v["RegDst"], v["RegSrc0"], v["RegSrc1"], v["RegSrc2"], 3)

    def ior(pc: int) -> int:
        op = _placed(m, pc, "B.IOR")
        if op.scalar is not None:
            raise Fault(BUNDLE_TRAP, pc, reason="B.IOR may appear once per block", code=BUNDLE_CONTROL)
        return _changed(m, pc, size, lambda: op.with_scalar(binding))

    return ior


@semantic("B.IOT")
def b_iot(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """BindBundleTileIO."""
    size = length // 8
    local_destination = "DstTile" in v
    size_code = v.get("SizeCode", 0)
    if not local_destination and size_code:
        return _raiser(ILLEGAL_INST, "a source-only B.IOT has SizeCode 0")
    if local_destination and not codes.local_size_code_legal(size_code):
        return _raiser(ILLEGAL_INST, f"B.IOT size code {size_code} is not a local tile size (1..10)")
    mask = codes.pe_mask_of_mode(v["PEMode"])
    binding = TileBinding(
        destination_valid=local_destination, destination=v.get("DstTile", 0), size=size_code, mask=mask,
        source0_valid="SrcTile0" in v, source1_valid="SrcTile1" in v, source0=v.get("SrcTile0", 0),
        source1=v.get("SrcTile1", 0), last=bool(v.get("L", 0)))

    def iot(pc: int) -> int:
        if mask == 0:
            return _zero_participation(m, pc, size)
        op = _placed(m, pc, "B.IOT")
        if op.sequence_closed():
            raise Fault(BUNDLE_TRAP, pc, reason="the B.IOT sequence already ended (L)", code=BUNDLE_CONTROL)
        d = op.descriptor
        local_to_shared = (d is not None and d.valid and d.op_class == TILE_MEMORY and d.selector_valid
                           and d.selector & 0x1F in (0b01001, 0b01010))
        if not op.mask_can_append(mask) or (local_to_shared and local_destination):
            raise fault_of(TileFault(TILE_LEGALITY, "B.IOT PE mask or destination does not fit the block"), pc)
        return _changed(m, pc, size, lambda: op.with_tile_binding(binding))

    return iot


@semantic("B.IOS")
def b_ios(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
    """BindBundleSharedIO."""
    size = length // 8
    size_code = v["SizeCode"]
    if size_code and not codes.size_code_legal(size_code):
        return _raiser(ILLEGAL_INST, f"B.IOS size code {size_code} is not a tile size (1..12)")
    mask = codes.pe_mask_of_mode(v["PEMode"])
    shared_id = v["SharedTID"]

    def ios(pc: int) -> int:
        if mask == 0:
            return _zero_participation(m, pc, size)
        op = _placed(m, pc, "B.IOS")
        return _changed(m, pc, size, lambda: op.with_shared_binding(shared_id, size_code, mask))

    return ios


__all__ = ["TILE_STARTS", "start_class"]
