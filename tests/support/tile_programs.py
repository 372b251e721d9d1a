"""The tile test programs (tests/programs/tile_add.s, tile_store_fault.s): their operands and
the results the spec's element rules give for them, worked out here independently of
ptodbg (TileIntegerBinaryValue of ``asl/tile/model/execution/elementwise.asl``: integer
TADD wraps to the element width), for the engine, batch, TUI and DAP tests."""

from __future__ import annotations

import struct

from support.paths import TEST_PROGRAMS

TILE_ADD = TEST_PROGRAMS / "tile_add.s"
TILE_STORE_FAULT = TEST_PROGRAMS / "tile_store_fault.s"

# tile_add.s: two 4 x 4 S32 tiles (rows of 16 bytes)
ADD_A = [1, -2, 30, 400, 5000, -60000, 2147483647, 0, -1, -1, 123456, -123456, 7, 8, 9, 10]
ADD_B = [10, 20, -30, 40, 5000, 60000, 1, -5, 1, -1, 1000000, 123456, -7, 0, 91, 990]

# tile_store_fault.s: two 4 x 8 U16 tiles (rows of 16 bytes)
FAULT_A = [1, 2, 3, 4, 5, 6, 7, 8, 100, 200, 300, 400, 500, 600, 700, 800,
           65535, 65534, 1, 0, 40000, 30000, 12345, 54321, 9, 99, 999, 9999, 0, 0, 0, 7]
FAULT_B = [10, 20, 30, 40, 50, 60, 70, 80, 1, 2, 3, 4, 5, 6, 7, 8,
           1, 2, 65535, 0, 30000, 40000, 54321, 12345, 1, 1, 1, 1, 65535, 1, 2, 3]


def wrap_signed(value: int, bits: int) -> int:
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


ADD_SUM = [wrap_signed(a + b, 32) for a, b in zip(ADD_A, ADD_B, strict=True)]
FAULT_SUM = [(a + b) & 0xFFFF for a, b in zip(FAULT_A, FAULT_B, strict=True)]


def s32_bytes(values: list[int]) -> bytes:
    return struct.pack(f"<{len(values)}i", *values)


def u16_bytes(values: list[int]) -> bytes:
    return struct.pack(f"<{len(values)}H", *values)
