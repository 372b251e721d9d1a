"""The Tiles scope of ``ptodbg dap`` (docs/interfaces.md §9, §12; issue 29 item 4), through the
real server process and the project's DAP test client, on the assembled tile programs:
the open block's tile operation, one variable per allocated tile register with its
descriptor, its rows and their elements decoded by the tile's type (undefined ones said),
and the tile programs run to their checked result, through a TSTORE fault and its
recovery.

Facts from the spec (tests/support/tile_programs.py works the values out): TLOAD defines
the valid region only (``asl/tile/memory-and-data-movement/regular/TLOAD.asl``), so rows
4..7 of a 4 x 4 S32 tile of 128 bytes are undefined; TADD's destination is allocated in
hand U (tile 16) and integer TADD wraps (TileIntegerBinaryValue,
``asl/tile/model/execution/elementwise.asl``); a TSTORE whose footprint crosses into a
denied page traps at its BSTOP before any byte moves (the DMA rule,
``asl/tile/model/memory/load-store.asl``) with TRAPARG0 the first denied address."""

from __future__ import annotations

import base64
import struct

import pytest
from dap.dap_client import Client
from support.tile_programs import ADD_A, ADD_SUM, FAULT_SUM, TILE_ADD, TILE_STORE_FAULT

DATA_PAGE_FAULT = 35


@pytest.fixture
def client():
    c = Client.pipes()
    yield c
    c.close()


def run_to(client: Client, program, function: str) -> None:
    client.start(program, stopOnEntry=False)
    client.ok("setFunctionBreakpoints", {"breakpoints": [{"name": function}]})
    client.ok("configurationDone")
    stop = client.stopped()
    assert stop["reason"] == "function breakpoint", stop


def children(client: Client, var: dict, hex_format: bool = True) -> dict[str, dict]:
    assert var["variablesReference"] > 0, var
    got = client.ok("variables", {"variablesReference": var["variablesReference"], "format": {"hex": hex_format}})
    return {v["name"]: v for v in got["variables"]}


def test_the_tiles_scope_lists_the_tiles_and_their_elements_by_type(client):
    run_to(client, TILE_ADD, "store")  # after TADD's BSTOP, before the TSTORE
    names = [s["name"] for s in client.ok("scopes", {"frameId": 1})["scopes"]]
    assert names == ["Registers", "Queues", "Block", "Trap", "Events", "Tiles"]
    tiles = client.scope_vars("Tiles")
    assert list(tiles) == ["operation", "tile 0 (T#1)", "tile 1 (T#2)", "tile 16 (U#1)"]
    assert tiles["operation"]["value"] == "none (no tile block open)"
    t16 = tiles["tile 16 (U#1)"]
    assert t16["value"] == "s32 4x4 of 8x4 RowMajor, defined 16/16" and t16["type"] == "tile s32"
    fields = children(client, t16)
    assert {k: fields[k]["value"] for k in ("rows", "columns", "valid rows", "valid columns", "dtype", "pe mask")} == {
        "rows": "8", "columns": "4", "valid rows": "4", "valid columns": "4", "dtype": "s32", "pe mask": "1000"}
    rows = [fields[f"[{r}]"] for r in range(8)]
    assert rows[1]["value"] == "[" + ", ".join(map(str, ADD_SUM[4:8])) + "]"  # 2147483647 + 1 wraps
    assert rows[4]["value"] == "[undefined, undefined, undefined, undefined]"
    decoded = [children(client, rows[r], hex_format=False) for r in range(4)]
    assert [int(row[f"[{c}]"]["value"]) for row in decoded for c in range(4)] == ADD_SUM
    in_hex = children(client, rows[1])
    assert in_hex["[2]"]["value"] == "-2147483648 (0x80000000)" and in_hex["[2]"]["type"] == "s32"
    t0 = children(client, tiles["tile 0 (T#1)"], hex_format=False)
    assert [int(v) for r in range(4) for v in t0[f"[{r}]"]["value"].strip("[]").split(", ")] == ADD_A


def test_the_operation_of_an_open_tile_block_and_its_bindings(client):
    run_to(client, TILE_ADD, "add")
    for _ in range(4):  # BSTART.VEC TADD, two B.DIMs, B.IOT: the BSTOP is next
        client.ok("next", {"threadId": 1, "granularity": "instruction"})
        client.stopped()
    op = client.scope_vars("Tiles")["operation"]
    assert op["value"] == "TADD on VEC, s32"
    fields = children(client, op)
    assert fields["name"]["value"] == "TADD" and fields["engine"]["value"] == "VEC"
    assert fields["B.IOT #0"]["value"] == "0, 1 -> hand U (128 bytes), pe mask 1000"


def test_tile_add_runs_to_its_checked_result(client):
    client.start(TILE_ADD, stopOnEntry=False)
    client.ok("configurationDone")
    assert client.stopped()["description"] == "reached cross_model_stop"  # the pto-avs stop symbol
    regs = client.scope_vars("Registers")
    assert regs["a5"]["value"] == "0x0"  # the program's own comparison with `expected`
    result = client.ok("readMemory", {"memoryReference": "cross_model_result", "count": 64})
    assert list(struct.unpack("<16i", base64.b64decode(result["data"]))) == ADD_SUM


def test_a_tstore_fault_in_its_footprint_then_recovery_in_the_debug_console(client):
    client.start(TILE_STORE_FAULT, stopOnEntry=True)
    client.ok("setExceptionBreakpoints", {"filters": ["page-faults"]})
    client.ok("configurationDone")
    client.stopped()
    assert client.repl("inject dst+32 32 r--")["success"]
    client.stopped()  # a console command that edits the timeline reports the stop anew
    client.ok("continue", {"threadId": 1})
    stop = client.stopped()
    assert stop["reason"] == "exception", stop
    trap = client.scope_vars("Trap")
    assert trap["number"]["value"] == str(DATA_PAGE_FAULT)
    dst = int(client.repl("print/x dst")["body"]["result"].split()[-1], 16)
    assert int(trap["TRAPARG0"]["value"], 16) == dst + 32
    assert client.scope_vars("Tiles")["operation"]["value"] == "TSTORE on TLSU, u16"
    got = client.ok("readMemory", {"memoryReference": hex(dst), "count": 64})
    assert base64.b64decode(got["data"]) == bytes(64)  # nothing written, not even the first page's rows
    assert client.repl(f"perms {(dst + 32) & ~0xFFF:#x} 0x1000 rw-")["success"]
    client.stopped()
    assert client.repl("recover")["success"]
    assert client.stopped()["description"].startswith("recover")
    client.ok("next", {"threadId": 1, "granularity": "instruction"})
    client.stopped()
    assert len(client.scope_vars("Events")) == 32  # the whole TSTORE reissued: 32 stores
    got = client.ok("readMemory", {"memoryReference": hex(dst), "count": 64})
    assert base64.b64decode(got["data"]) == b"".join(v.to_bytes(2, "little") for v in FAULT_SUM)
