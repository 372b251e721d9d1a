"""The tile registers (docs/interfaces.md §12): ``info tiles``, ``tile N [ROW [COL]] [/FMT]``,
``set tile N ROW COL VALUE``, ``watch tile N`` and ``last tile N ROW COL``.

Elements are shown decoded by their tile's data type (:mod:`ptodbg.debug.view.tiles`:
``/x`` the raw bits, ``/d``/``/u`` the bits as an integer); an undefined element shows as
``--`` in text and ``"defined": false`` in JSON.  ``set tile`` is a timeline edit (replayed
exactly by reverse execution and ``goto``, as ``set mem``); its VALUE is read by the
tile's type (``1.5``, ``-0``, ``inf`` for a floating tile, an integer in range for an
integer one; ``set tile/x`` or ``0x...`` on a floating tile: the raw bits).  Every
number is checked before it drives any work: tile 0..63, ROW and COL inside the tile.
"""

from __future__ import annotations

from ptodbg.debug.commands.language import CommandResult, Commands, command
from ptodbg.debug.engine.errors import DebugError
from ptodbg.debug.engine.lastwrite import Interrupted
from ptodbg.debug.engine.stops import Stop
from ptodbg.debug.engine.tiles import last_tile_write, tile_index, tile_state
from ptodbg.debug.view.jsonstate import element_json, tile_json
from ptodbg.debug.view.tiles import FORMATS, TileContents, TileRegister, parse_value, registers

TEXT_ROWS = 64  # rows ``tile N`` prints (JSON holds them all)
TEXT_COLUMNS = 32  # columns of each printed row


def _format(args: list[str]) -> tuple[str, list[str]]:
    """The ``/FMT`` among the arguments (before or after the numbers, or glued to a
    two-word command's second word: ``set tile/x``) and the others."""
    if args and "/" in args[0] and not args[0].startswith("/"):
        word, _, fmt = args[0].partition("/")
        args = [word, "/" + fmt, *args[1:]]
    fmts = [a for a in args if a.startswith("/")]
    if len(fmts) > 1:
        raise DebugError(f"one format at most, not {' '.join(fmts)}")
    fmt = fmts[0][1:].lower() if fmts else ""
    if fmt not in FORMATS:
        raise DebugError(f"unknown tile format /{fmt}: use /x (raw bits), /d or /u (integers), or none (by type)")
    return fmt, [a for a in args if not a.startswith("/")]


def _contents(c: Commands, text: str) -> TileContents:
    index = tile_index(text, c.num)
    contents = tile_state(c.dbg).contents(index)
    if contents is None:
        raise DebugError(f"tile {index} is not allocated")
    return contents


def _position(c: Commands, contents: TileContents, row_text: str, column_text: str | None = None) -> tuple[int, int]:
    row = c.num(row_text)
    column = c.num(column_text) if column_text is not None else 0
    try:
        contents.check(row, column)
    except ValueError as e:
        raise DebugError(str(e)) from None
    return row, column


def describe(t: TileRegister) -> str:
    """One line of ``info tiles``."""
    return (f"{t.index:2} {t.hand:5} {t.kind:9} {t.dtype:6} {t.shape:12} {t.layout:11} {t.location:6} "
            f"pe {t.pe_mask:04b} {t.capacity:6} B  defined {t.defined_elements}/{t.valid_rows * t.valid_columns}")


@command("info tiles", "info tiles", "the allocated tile registers: hand, kind, type, shape, layout, location, "
         "PE mask, bytes per PE, defined elements", "info tile")
def _info_tiles(c: Commands, args: list[str], raw: str) -> CommandResult:
    tiles = registers(tile_state(c.dbg).file)
    if not tiles:
        return CommandResult("", True, "no tile is allocated", extra={"tiles": []})
    header = " #  hand  kind      type   shape        layout      place  pe      bytes    defined"
    return CommandResult("", True, "\n".join([header, *map(describe, tiles)]),
                         extra={"tiles": [tile_json(t) for t in tiles]})


def _row_text(contents: TileContents, row: int, fmt: str, width: int) -> str:
    cells = []
    for column in range(min(contents.columns, TEXT_COLUMNS)):
        _, defined = contents.element(row, column)
        cells.append(f"{contents.text(row, column, fmt) if defined else '--':>{width}}")
    more = f"  (+{contents.columns - TEXT_COLUMNS} columns)" if contents.columns > TEXT_COLUMNS else ""
    return f"[{row:2}] " + " ".join(cells) + more


def _row_json(contents: TileContents, row: int, fmt: str) -> dict:
    elements = [contents.element(row, column) for column in range(contents.columns)]
    return {"row": row, "raw": [raw for raw, _ in elements], "defined": [d for _, d in elements],
            "values": [contents.text(row, column, fmt) for column in range(contents.columns)]}


@command("tile", "tile N [ROW [COL]] [/FMT]",
         "the elements of tile N, a row of it or one element, decoded by the tile's type (/x raw bits, /d /u integers; "
         "-- : undefined)", arguments=("count", "count", "count"))
def _tile(c: Commands, args: list[str], raw: str) -> CommandResult:
    fmt, words = _format(args)
    if not 1 <= len(words) <= 3:
        raise DebugError("usage: tile N [ROW [COL]] [/FMT]")
    contents = _contents(c, words[0])
    reg = contents.register
    head = f"tile {reg.index} ({reg.hand}): {reg.dtype} {reg.shape} {reg.layout}, " \
           f"defined {reg.defined_elements}/{reg.valid_rows * reg.valid_columns}"
    if len(words) == 3:
        row, column = _position(c, contents, words[1], words[2])
        element = element_json(contents, row, column, fmt)
        value = element["value"] if element["defined"] else "undefined"
        text = f"tile {reg.index} ({row}, {column}) = {value}" + (
            f" (raw {contents.text(row, column, 'x')})" if fmt != "x" else "")
        return CommandResult("", True, text, extra={"tile": tile_json(reg), "element": element})
    rows = [_position(c, contents, words[1])[0]] if len(words) == 2 else list(range(contents.rows))
    width = max((len(contents.text(r, k, fmt)) for r in rows[:TEXT_ROWS] for k in range(min(contents.columns,
                                                                                            TEXT_COLUMNS))), default=2)
    lines = [head] + [_row_text(contents, r, fmt, max(width, 2)) for r in rows[:TEXT_ROWS]]
    if len(rows) > TEXT_ROWS:
        lines.append(f"(+{len(rows) - TEXT_ROWS} rows: tile {reg.index} ROW shows one)")
    extra = {"tile": tile_json(reg), "rows": [_row_json(contents, r, fmt) for r in rows]}
    return CommandResult("", True, "\n".join(lines), extra=extra)


@command("set tile", "set tile N ROW COL VALUE",
         "write one element of tile N at this step, VALUE read by the tile's type (set tile/x: raw bits)",
         moves=True, arguments=("word", "count", "count", "count", "expression"))
def _set_tile(c: Commands, args: list[str], raw: str) -> CommandResult:
    fmt, words = _format(args)
    if fmt not in ("", "x"):
        raise DebugError("set tile takes /x (raw bits) or no format")
    if len(words) != 5:
        raise DebugError("usage: set tile N ROW COL VALUE")
    contents = _contents(c, words[1])
    row, column = _position(c, contents, words[2], words[3])
    try:
        bits = parse_value(contents.dtype, words[4], c.num, fmt == "x")
    except ValueError as e:
        raise DebugError(str(e)) from None
    return CommandResult("", True, c.dbg.set_tile(contents.index, row, column, bits))


@command("watch tile", "watch tile N", "stop after the attempt that changes tile N (writes, allocates or releases it)",
         arguments=("word", "count"))
def _watch_tile(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) != 2:
        raise DebugError("usage: watch tile N")
    watch = c.dbg.table.add_tile_watch(tile_index(args[1], c.num))
    return CommandResult("", True, f"watchpoint {watch.ident}: tile {watch.tile}", extra={"watchpoint": watch.ident})


@command("last tile", "last tile N ROW COL",
         "the last step, up to this one, that wrote element (ROW, COL) of tile N: a tile block or a set tile edit",
         long=True, arguments=("word", "count", "count", "count"))
def _last_tile(c: Commands, args: list[str], raw: str) -> CommandResult:
    if len(args) != 4:
        raise DebugError("usage: last tile N ROW COL")
    contents = _contents(c, args[1])
    row, column = _position(c, contents, args[2], args[3])
    what = f"tile {contents.index} ({row}, {column})"
    dbg = c.dbg
    try:
        found = last_tile_write(dbg, contents.index, row, column)
    except Interrupted as e:
        dbg.last = Stop("interrupted", str(e))
        return CommandResult("", True, str(e), stop=dbg.last)
    if found is None:
        return CommandResult("", True, f"nothing wrote {what} since load", extra={"last": None})
    doer = "a timeline edit" if found.kind == "set" else f"{found.mnemonic or '?'} ({found.kind})"
    text = f"{what} last written at step {found.step} by {doer} at {dbg.symbolize(found.pc)}"
    return CommandResult("", True, text, extra={"last": found.as_json()})
