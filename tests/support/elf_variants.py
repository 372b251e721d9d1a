"""Corrupted variants of an ELF file, made in memory from a seeded RNG: truncations, bit
flips in the headers, huge sizes, overlapping segments, wrong identities, section-table
corruption, random bytes, growth.  Shared by the toolchain's robustness tests and the
``ptodbg run`` tests."""

from __future__ import annotations

import random
import struct


def _phdr_range(data: bytes) -> tuple[int, int]:
    phoff = struct.unpack_from("<Q", data, 32)[0]
    phnum = struct.unpack_from("<H", data, 56)[0]
    return phoff, phnum


def _flip(data: bytearray, lo: int, hi: int, rng: random.Random, flips: int = 1) -> None:
    for _ in range(flips):
        i = rng.randrange(lo, hi)
        data[i] ^= 1 << rng.randrange(8)


def _set_phdr(data: bytearray, rng: random.Random, field: int, value: int) -> None:
    phoff, phnum = _phdr_range(data)
    k = rng.randrange(phnum)
    fmt = "<I" if field < 8 else "<Q"
    struct.pack_into(fmt, data, phoff + 56 * k + field, value)


def corrupted(data: bytes, rng: random.Random, k: int) -> bytes:
    """The k-th corruption of ``data``: the kinds cycle so each gets ~1/10 of the variants."""
    out = bytearray(data)
    phoff, phnum = _phdr_range(data)
    kind = k % 10
    if kind == 0:  # truncation, from nothing to nearly everything
        cut = rng.choice([0, 1, 4, 16, 63, 64, 100, phoff + 56 * phnum - 1, rng.randrange(len(data))])
        return bytes(out[:cut])
    if kind == 1:  # bit flips in the ELF header
        _flip(out, 0, 64, rng, rng.choice([1, 1, 2, 3]))
    elif kind == 2:  # bit flips in the program headers
        _flip(out, phoff, phoff + 56 * phnum, rng, rng.choice([1, 1, 2]))
    elif kind == 3:  # huge sizes, offsets and addresses
        field = rng.choice([8, 16, 32, 40])
        _set_phdr(out, rng, field, rng.choice([1 << 63, (1 << 64) - 1, 1 << 40, 1 << 28, 1 << 31, len(data) + 1]))
    elif kind == 4:  # overlapping segments
        loads = [i for i in range(phnum) if struct.unpack_from("<I", data, phoff + 56 * i)[0] == 1]
        a, b = rng.sample(loads, 2)
        va = struct.unpack_from("<Q", data, phoff + 56 * a + 16)[0]
        struct.pack_into("<Q", out, phoff + 56 * b + 16, va + rng.choice([0, 2, 0x100]))
    elif kind == 5:  # wrong class / endianness / version / machine / type
        what = rng.randrange(5)
        if what == 0:
            out[4] = rng.choice([0, 1, 3])
        elif what == 1:
            out[5] = rng.choice([0, 2, 7])
        elif what == 2:
            out[6] = rng.choice([0, 2])
        elif what == 3:
            struct.pack_into("<H", out, 18, rng.choice([0, 3, 62, 183, 243, 234, 0xFFFF]))
        else:
            struct.pack_into("<H", out, 16, rng.choice([0, 1, 4, 0xFE00]))
    elif kind == 6:  # section header table corruption
        shoff = struct.unpack_from("<Q", data, 40)[0]
        shnum = struct.unpack_from("<H", data, 60)[0]
        if shnum:
            _flip(out, shoff, min(len(out), shoff + 64 * shnum), rng, rng.choice([1, 2, 4]))
    elif kind == 7:  # header counts and sizes
        offset, fmt = rng.choice([(54, "<H"), (56, "<H"), (58, "<H"), (60, "<H"), (62, "<H"), (40, "<Q"), (32, "<Q"), (24, "<Q")])
        struct.pack_into(fmt, out, offset, rng.randrange(1 << (16 if fmt == "<H" else 64)))
    elif kind == 8:  # random bytes anywhere (code, tables, strings)
        for _ in range(rng.randrange(1, 16)):
            out[rng.randrange(len(out))] = rng.randrange(256)
    else:  # grow or shrink the file
        if rng.random() < 0.5:
            out += bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
        else:
            del out[rng.randrange(64, len(out)):]
    return bytes(out)
