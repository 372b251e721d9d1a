"""Scopes and variables of a stopped program (docs/interfaces.md §9): Registers, Queues, Block,
Trap, the memory Events of the last step and the Tiles (§12), plus a Frame scope for outer
frames.

A ``variablesReference`` is a number handed to the client for one stop; the table is
cleared whenever the program moves (DAP: references are valid only while stopped).
Values are hexadecimal unless the client asks otherwise; a register or event whose
value is a mapped address carries a ``memoryReference`` so editors can open memory there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ptodbg.dap.target import Frame, Target, TileContents, TileOperation

MAX_REFERENCES = 100_000
ROW_SUMMARY = 16  # elements a tile row's one-line value shows (its children hold them all)


@dataclass(frozen=True, slots=True)
class Variable:
    name: str
    value: str
    type: str = ""
    children: Callable[[bool], list[Variable]] | None = None
    memory: int | None = None
    evaluate_name: str | None = None
    data: tuple[int, int] | None = None  # (address, size) a data breakpoint can watch
    read_only: bool = True


def number(value: int, hex_format: bool) -> str:
    return f"{value:#x}" if hex_format else str(value)


class Scopes:
    """The reference table of one stop."""

    def __init__(self) -> None:
        self._table: dict[int, tuple[str, Callable[[bool], list[Variable]]]] = {}
        self._next = 1

    def clear(self) -> None:
        self._table.clear()
        self._next = 1  # references restart at every stop

    def add(self, kind: str, producer: Callable[[bool], list[Variable]]) -> int:
        """A reference whose variables ``producer(hex_format)`` lists."""
        if len(self._table) >= MAX_REFERENCES:
            self._table.clear()
        ref = self._next
        self._next += 1
        self._table[ref] = (kind, producer)
        return ref

    def get(self, ref: int) -> tuple[str, Callable[[bool], list[Variable]]] | None:
        return self._table.get(ref)

    # ----------------------------------------------------------- scopes
    def scopes(self, target: Target, frame: Frame | None) -> list[dict]:
        out = []
        if frame is not None and frame.level > 0:
            out.append(self._scope("Frame", "frame", lambda h: _frame_vars(frame, h), 3, False))
        out.append(self._scope("Registers", "registers", lambda h: _registers(target, h), 30, False,
                               hint="registers"))
        out.append(self._scope("Queues", "queues", lambda h: _queues(target, h), 8, False))
        out.append(self._scope("Block", "block", lambda h: _block(target, h), 6, False))
        out.append(self._scope("Trap", "trap", lambda h: _trap(target, h), 11, False))
        events = target.events()
        out.append(self._scope("Events", "events", lambda h: _events(events, h), len(events), False))
        op, tiles = target.tiles()
        out.append(self._scope("Tiles", "tiles", lambda h: _tiles(op, tiles, h), len(tiles) + 1, False))
        return out

    def _scope(self, name: str, kind: str, producer, count: int, expensive: bool, hint: str | None = None) -> dict:
        body = {"name": name, "variablesReference": self.add(kind, producer), "namedVariables": count,
                "expensive": expensive}
        if hint:
            body["presentationHint"] = hint
        return body

    def body(self, var: Variable, target: Target) -> dict:
        out = {"name": var.name, "value": var.value, "variablesReference": 0}
        if var.type:
            out["type"] = var.type
        if var.children is not None:
            out["variablesReference"] = self.add("children", var.children)
        if var.memory is not None and target.mapped(var.memory):
            out["memoryReference"] = f"{var.memory:#x}"
        if var.evaluate_name:
            out["evaluateName"] = var.evaluate_name
        if var.read_only:
            out["presentationHint"] = {"attributes": ["readOnly"]}
        return out


def _registers(target: Target, hex_format: bool) -> list[Variable]:
    return [Variable(name, number(value, hex_format), "u64", memory=value,
                     evaluate_name=name if name != "steps" else None, read_only=not writable)
            for name, value, writable in target.registers()]


def _queues(target: Target, hex_format: bool) -> list[Variable]:
    out = []
    for which, values in target.queues().items():
        for slot, value in enumerate(values, 1):
            text = "(empty)" if value is None else number(value, hex_format)
            out.append(Variable(f"{which}#{slot}", text, "u64", memory=value,
                                evaluate_name=f"{which}#{slot}" if value is not None else None))
    return out


def _block(target: Target, hex_format: bool) -> list[Variable]:
    block = target.block()
    if block is None:
        return [Variable("block", "none open")]
    out = []
    for key, value in block.items():
        if isinstance(value, bool):
            out.append(Variable(key, "true" if value else "false", "bool"))
        elif isinstance(value, int):
            out.append(Variable(key, number(value, hex_format), "u64", memory=value))
        else:
            out.append(Variable(key, str(value), "string"))
    resv = target.reservation()
    if resv is not None:
        out.append(Variable("reservation", f"{resv[0]:#x} ({resv[1]} bytes)", memory=resv[0]))
    return out


def _trap(target: Target, hex_format: bool) -> list[Variable]:
    trap = target.trap()
    if trap is None:
        last = target.last_trap()
        text = "none (the last step did not trap)" + (f"; the last trap was {last.name}" if last else "")
        return [Variable("trap", text)]
    info = trap.info
    return [
        Variable("number", str(info.number), "int"),
        Variable("name", info.name, "string"),
        Variable("cause", number(info.cause, hex_format), "u24"),
        Variable("TRAPARG0", number(info.arg0, hex_format), "u64", memory=info.arg0, data=(info.arg0, 8)),
        Variable("argument", trap.argument, "string"),
        Variable("bank", str(info.bank), "int"),
        Variable("saved TPC", number(info.saved_tpc, hex_format), "u64", memory=info.saved_tpc),
        Variable("handled", "yes (EVBASE)" if info.vectored else "no (trap stop)", "string"),
        Variable("reason", info.reason or "-", "string"),
        Variable("recover", "possible" if trap.recoverable is None else f"not possible: {trap.recoverable}",
                 "string"),
        Variable("how to recover", trap.hint, "string"),
    ]


def _events(events: list[dict], hex_format: bool) -> list[Variable]:
    out = []
    for i, ev in enumerate(events, 1):
        if ev["kind"] == "fence":
            out.append(Variable(f"#{i} fence", ev["order"], "event"))
            continue
        summary = f"{ev['size']} bytes at {ev['address']:#x} = {number(ev['value'], hex_format)} ({ev['order']})"

        def fields(hex_format: bool, ev=ev) -> list[Variable]:
            return [Variable(k, number(v, hex_format) if isinstance(v, int) else str(v),
                             memory=v if k == "address" else None,
                             data=(ev["address"], max(1, ev["size"])) if k == "address" else None)
                    for k, v in ev.items()]

        out.append(Variable(f"#{i} {ev['kind']}", summary, "event", children=fields, memory=ev["address"],
                            data=(ev["address"], max(1, ev["size"]))))
    return out


def _frame_vars(frame: Frame, hex_format: bool) -> list[Variable]:
    return [Variable("pc", number(frame.pc, hex_format), "u64", memory=frame.pc),
            Variable("sp", number(frame.sp, hex_format), "u64", memory=frame.sp),
            Variable("function", frame.name, "string")]


# ------------------------------------------------------------------- tiles
def _tiles(op: TileOperation | None, tiles: list[TileContents], hex_format: bool) -> list[Variable]:
    """The open block's tile operation, then one variable per allocated tile register
    (docs/interfaces.md §12): its descriptor and its rows, elements decoded by the tile's
    data type whatever the format (hex, the default, adds the raw bits beside them)."""
    out = [_operation(op)]
    for contents in tiles:
        reg = contents.register
        summary = (f"{reg.dtype} {reg.shape} {reg.layout}, defined {reg.defined_elements}/"
                   f"{reg.valid_rows * reg.valid_columns}")
        out.append(Variable(f"tile {reg.index} ({reg.hand})", summary, f"tile {reg.dtype}",
                            children=lambda h, c=contents: _tile(c, h)))
    return out


def _operation(op: TileOperation | None) -> Variable:
    if op is None:
        return Variable("operation", "none (no tile block open)")

    def fields(hex_format: bool) -> list[Variable]:
        out = [Variable("name", op.name, "string"), Variable("engine", op.engine, "string"),
               Variable("dtype", op.dtype or "-", "string")]
        for k, b in enumerate(op.tiles):
            text = ", ".join(map(str, b.sources)) or "-"
            if b.destination is not None:
                text += f" -> hand {b.destination} ({b.size} bytes)"
            out.append(Variable(f"B.IOT #{k}", f"{text}, pe mask {b.pe_mask:04b}", "string"))
        if op.scalar_sources or op.scalar_destination:
            out.append(Variable("B.IOR", ", ".join(op.scalar_sources) + f" -> {op.scalar_destination or '-'}",
                                "string"))
        return out

    return Variable("operation", f"{op.name} on {op.engine}, {op.dtype or 'no type'}", "string", children=fields)


def _tile(contents: TileContents, hex_format: bool) -> list[Variable]:
    reg = contents.register
    out = [Variable(name, str(value), kind) for name, value, kind in (
        ("kind", reg.kind, "string"), ("rows", reg.rows, "int"), ("columns", reg.columns, "int"),
        ("valid rows", reg.valid_rows, "int"), ("valid columns", reg.valid_columns, "int"),
        ("dtype", reg.dtype, "string"), ("layout", reg.layout, "string"), ("location", reg.location, "string"),
        ("pe mask", f"{reg.pe_mask:04b}", "bits"), ("capacity", f"{reg.capacity} bytes per PE", "string"),
        ("defined", f"{reg.defined_elements} of {reg.valid_rows * reg.valid_columns} valid elements", "string"))]
    for row in range(contents.rows):
        texts = [_element(contents, row, column, False) for column in range(min(contents.columns, ROW_SUMMARY + 1))]
        shown = ", ".join(texts[:ROW_SUMMARY]) + (", ..." if contents.columns > ROW_SUMMARY else "")
        out.append(Variable(f"[{row}]", f"[{shown}]", f"{reg.dtype}[{contents.columns}]",
                            children=lambda h, r=row: _row(contents, r, h)))
    return out


def _row(contents: TileContents, row: int, hex_format: bool) -> list[Variable]:
    dtype = contents.register.dtype
    return [Variable(f"[{column}]", _element(contents, row, column, hex_format), dtype)
            for column in range(contents.columns)]


def _element(contents: TileContents, row: int, column: int, raw_too: bool) -> str:
    """An element's value by the tile's type (an undefined element says so), with its raw
    bits when the client shows hex: ``-2 (0xfffffffe)``."""
    _, defined = contents.element(row, column)
    if not defined:
        return "undefined"
    text = contents.text(row, column)
    return f"{text} ({contents.text(row, column, 'x')})" if raw_too else text
