"""The JSON state of docs/interfaces.md §6 (``run --json`` and every batch line's ``state``), and
the JSON of every typed record (:mod:`ptodbg.debug.view.records`): the one place JSON is made
from them, so the keys of a trap, a block or a frame are spelled once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.debug.view.records import (
    BlockState,
    Frame,
    Interrupts,
    MemEvent,
    Note,
    PageRange,
    Registers,
    Reservation,
    Syscall,
    Trap,
    TrapStop,
)
from ptodbg.debug.view.tiles import (
    TileContents,
    TileOperation,
    TileRegister,
    TileState,
    operation,
    registers,
)

if TYPE_CHECKING:
    from ptodbg.debug.view.capture import View
    from ptodbg.debug.view.telescope import Chain, StackRow


def state(view: View) -> dict:
    """The JSON state of a stop (DESIGN.md §6) as plain JSON data (unsigned 64-bit integers)."""
    trap = view.trap
    result = view.result_bytes()
    return {
        "status": view.status,
        "message": view.message,
        "steps": view.steps,
        "tpc": view.pc,
        "regs": registers_json(view.regs),
        "t": list(view.t),
        "u": list(view.u),
        "block": block_json(view.block),
        "reservation": reservation_json(view.reservation),
        "trap": trap_json(None if trap is None else trap.info),
        "events": [event_json(e) for e in view.events],
        "result": None if result is None else result.hex(),
        "exit_code": view.exit_code,
        "predicates": list(view.predicates),
        "interrupts": interrupts_json(view.interrupts),
        **tile_state_json(view.tile_state),
    }


def tile_state_json(tiles: TileState) -> dict:
    """The ``"tiles"`` and ``"operation"`` keys of the JSON state (docs/interfaces.md §12)."""
    if tiles.empty:
        return {"tiles": [], "operation": None}
    return {"tiles": [tile_json(t) for t in registers(tiles.file)], "operation": operation_json(operation(tiles.op))}


def tile_json(tile: TileRegister) -> dict:
    """One allocated tile: docs/interfaces.md §12's keys, then its kind, capacity per PE and the
    number of defined elements of its valid region."""
    return {"index": tile.index, "rows": tile.rows, "columns": tile.columns, "valid_rows": tile.valid_rows,
            "valid_columns": tile.valid_columns, "dtype": tile.dtype, "layout": tile.layout,
            "location": tile.location, "pe_mask": tile.pe_mask, "defined": tile.defined, "kind": tile.kind,
            "capacity": tile.capacity, "defined_elements": tile.defined_elements}


def operation_json(op: TileOperation | None) -> dict | None:
    """The open block's tile operation: name (from the operation table), engine, data type
    and bindings (B.IOT tiles, B.IOR registers, B.IOS shared registers)."""
    if op is None:
        return None
    scalar = None
    if op.scalar_destination is not None:
        scalar = {"destination": op.scalar_destination, "sources": list(op.scalar_sources)}
    return {"name": op.name, "engine": op.engine, "dtype": op.dtype, "bindings": {
        "tiles": [{"sources": list(b.sources), "destination": b.destination, "size": b.size, "pe_mask": b.pe_mask,
                   "last": b.last} for b in op.tiles],
        "scalar": scalar,
        "shared": [{"register": b.register, "destination": b.destination, "size": b.size, "pe_mask": b.pe_mask}
                   for b in op.shared],
    }}


def element_json(contents: TileContents, row: int, column: int, fmt: str = "") -> dict:
    """One element of a tile: its raw bits, whether it is defined, and its value as text
    (by the tile's type, or ``fmt``)."""
    raw, defined = contents.element(row, column)
    return {"row": row, "column": column, "raw": raw, "defined": defined, "value": contents.text(row, column, fmt)}


def registers_json(regs: Registers) -> dict[str, int]:
    """All GPRs by ABI name."""
    return regs.as_dict()


def block_json(block: BlockState | None) -> dict | None:
    if block is None:
        return None
    return {"kind": block.kind, "type": block.type, "bpc": block.bpc, "bpcn": block.bpcn,
            "taken": block.taken, "body": block.body}


def reservation_json(resv: Reservation | None) -> dict | None:
    return None if resv is None else {"address": resv.address, "size": resv.size}


def interrupts_json(interrupts: Interrupts) -> dict:
    return {"bank": interrupts.bank, "pending": interrupts.pending, "top": interrupts.top,
            "config": interrupts.config, "timecmp": interrupts.timecmp}


def trap_json(trap: Trap | None) -> dict | None:
    if trap is None:
        return None
    return {"number": trap.number, "name": trap.name, "cause": trap.cause, "arg0": trap.arg0,
            "bank": trap.bank, "saved_tpc": trap.saved_tpc}


def trap_stop_json(stop: TrapStop) -> dict:
    """The trap of a stop as a client explains it (the DAP's ``exceptionInfo``): the keys of
    :func:`trap_json`, what TRAPARG0 holds, why the trap was raised, whether ``recover``
    works now, and the View's one recovery sentence."""
    trap = stop.info
    return {**trap_json(trap), "argument": trap.argument, "reason": trap.reason,
            "recoverable": stop.recoverable is None, "how_to_recover": stop.hint}


def event_json(e: MemEvent) -> dict:
    """A memory event; an atomic's written value and whether it was performed."""
    out = {"kind": e.kind, "address": e.address, "size": e.size, "value": e.value, "order": e.order}
    if e.written is not None:
        out["written"] = e.written
        out["performed"] = e.performed
    return out


def frame_json(frame: Frame) -> dict:
    return {"level": frame.level, "pc": frame.pc, "function": frame.function, "offset": frame.offset,
            "sp": frame.sp, "where": frame.where, "demangled": frame.demangled,
            "frame_address": frame.frame_address, "inferred": frame.inferred}


def chain_json(chain: Chain) -> dict:
    """A pointer chain: its links (value, kind, label, text) and whether it looped."""
    return {"links": [{"value": link.value, "kind": link.kind, "label": link.label.strip()[1:-1] or None,
                       **({"text": link.text} if link.text else {})} for link in chain.links],
            "looped": chain.looped}


def telescope_json(row: StackRow) -> dict:
    return {"index": row.index, "address": row.address, "offset": row.offset, "registers": list(row.registers),
            "chain": None if row.chain is None else chain_json(row.chain)}


def frame_info_json(frame: Frame, caller: Frame | None) -> dict:
    """gdb's ``info frame`` for ``frame``: the frame, the caller's pc and frame, the callee,
    and the saved registers."""
    return {
        **frame_json(frame),
        "caller": None if caller is None else {"level": caller.level, "pc": caller.pc, "where": caller.where,
                                              "frame_address": caller.frame_address, "inferred": caller.inferred},
        "callee": None if frame.level == 0 else frame.level - 1,
        "saved": [{"register": s.name, "address": s.address, "value": s.value} for s in frame.saved],
    }


def syscall_json(call: Syscall) -> dict:
    return {"step": call.step, "number": call.number, "name": call.name, "args": list(call.args),
            "result": call.result}


def note_json(note: Note) -> dict:
    out = {"step": note.step, "kind": note.kind, "severity": note.severity, "text": note.text}
    if note.syscall is not None:
        out["syscall"] = syscall_json(note.syscall)
    return out


def page_json(page: PageRange) -> dict:
    return {"start": page.start, "end": page.end, "perms": page.perms.text, "name": page.name,
            "mark": page.mark, "injection": page.injection}
