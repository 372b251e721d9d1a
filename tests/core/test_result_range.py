"""The result of a test binary is bounded and honest (issue 24 item 5; DESIGN.md §3: "the
bytes at ``cross_model_result`` (size from the absolute symbol
``cross_model_result_size``) are the result").

A copy of the assembled tests/programs/cross_model.s whose symbol table says the result
is 0xffffffff bytes made ``run`` read 4 GiB of unmapped memory as zeros (a hang, or
MemoryError).  Now a result larger than ``MAX_RESULT`` or not inside the program's memory
is a defect of the file, refused with one line naming it (exit 2), and bytes a program
unmapped since the load are an error, never zeros.  The patched fields are found with
pyelftools in a real ELF written by ``ptodbg asm``."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile
from support.cli import cli, one_error_line
from support.paths import TEST_PROGRAMS

from ptodbg.core.loader import MAX_RESULT
from ptodbg.debug.files.program import OpenError, open_debugger

# Elf64_Sym: st_name (4), st_info (1), st_other (1), st_shndx (2), st_value (8), st_size (8)
FIELDS = {"st_shndx": (6, "<H"), "st_value": (8, "<Q"), "st_size": (16, "<Q")}
RESULT = "2a000000000000008877665544332211"  # cross_model.s: 6 * 7, then 0x1122334455667788


def assembled(tmp_path: Path, source: Path = TEST_PROGRAMS / "cross_model.s") -> Path:
    out = tmp_path / (source.stem + ".elf")
    assert cli("asm", source, "-o", out).rc == 0
    return out


def patched(elf: Path, out: Path, **changes: dict[str, int]) -> Path:
    """A copy of ``elf`` with symbol fields changed: ``name={"st_size": value, ...}``."""
    data = bytearray(elf.read_bytes())
    with elf.open("rb") as f:
        e = ELFFile(f)
        symtab = e.get_section_by_name(".symtab")
        base, entsize = symtab["sh_offset"], symtab["sh_entsize"]
        index = {sym.name: i for i, sym in enumerate(symtab.iter_symbols())}
        data_index = e.get_section_index(".data")
    for name, fields in changes.items():
        for field, value in fields.items():
            at, fmt = FIELDS[field]
            struct.pack_into(fmt, data, base + index[name] * entsize + at,
                             data_index if value == ".data" else value)
    out.write_bytes(bytes(data))
    with out.open("rb") as f:  # the copy says what was asked
        syms = ELFFile(f).get_section_by_name(".symtab")
        for name, fields in changes.items():
            sym = syms.get_symbol_by_name(name)[0]
            for field, value in fields.items():
                assert sym[field] == (data_index if value == ".data" else value)
    return out


def test_an_unpatched_copy_runs_and_shows_its_result(tmp_path):
    ran = cli("run", assembled(tmp_path), "--json")
    assert ran.rc == 0 and ran.json["result"] == RESULT


def test_a_result_size_symbol_of_0xffffffff_is_refused_with_one_line(tmp_path):
    bad = patched(assembled(tmp_path), tmp_path / "huge.elf", cross_model_result_size={"st_value": 0xFFFFFFFF})
    with pytest.raises(OpenError, match="cross_model_result_size says 0xffffffff bytes"):
        open_debugger(bad)
    for command in (("run",), ("run", "--json"), ("batch", "-c", "regs")):
        err = one_error_line(cli(command[0], bad, *command[1:]))
        assert err == (f"ptodbg: error: {bad}: cross_model_result_size says 0xffffffff bytes (4294967295); "
                       f"a result is at most {MAX_RESULT} bytes\n")


def test_the_symbols_own_size_is_bounded_too(tmp_path):
    """Without an absolute ``cross_model_result_size`` the size is the result symbol's
    st_size (here the size symbol is made a .data symbol, so it no longer counts)."""
    bad = patched(assembled(tmp_path), tmp_path / "sized.elf",
                  cross_model_result_size={"st_shndx": ".data"}, cross_model_result={"st_size": 0xFFFFFFFF})
    with pytest.raises(OpenError, match="cross_model_result has size 0xffffffff bytes"):
        open_debugger(bad)
    err = one_error_line(cli("run", bad))
    assert "cross_model_result has size 0xffffffff bytes (4294967295)" in err
    fine = patched(assembled(tmp_path), tmp_path / "fine.elf",
                   cross_model_result_size={"st_shndx": ".data"}, cross_model_result={"st_size": 8})
    ran = cli("run", fine, "--json")
    assert ran.rc == 0 and ran.json["result"] == RESULT[:16]


@pytest.mark.parametrize("address", [0x4000_0000, 0xFFFF_FFFF_FFFF_FFF8])
def test_a_result_outside_the_programs_memory_is_refused(tmp_path, address):
    bad = patched(assembled(tmp_path), tmp_path / "away.elf", cross_model_result={"st_value": address})
    err = one_error_line(cli("run", bad))
    assert err == (f"ptodbg: error: {bad}: cross_model_result ({address:#x}, 16 bytes) is not all in the "
                   f"program's memory: {address:#x} is not mapped\n")


def test_a_result_straddling_the_end_of_the_reference_memory_is_refused(tmp_path):
    """avs_layout.s is linked as pto-avs cases are (page 0), so it runs in the reference
    profile's flat 4096 bytes; its 32-byte result moved to 0xff0 has its last 16 beyond."""
    elf = assembled(tmp_path, TEST_PROGRAMS / "avs_layout.s")
    ran = cli("run", elf, "--profile", "reference", "--json")
    assert ran.rc == 0 and ran.json["result"].startswith("8977665544332211" + "2a00000000000000")
    bad = patched(elf, tmp_path / "edge.elf", cross_model_result={"st_value": 0xFF0})
    err = one_error_line(cli("run", bad, "--profile", "reference"))
    assert err.endswith(": cross_model_result (0xff0, 32 bytes) is not all in the program's memory: "
                        "0x1000 is not mapped\n")
    assert one_error_line(cli("run", bad)) == err  # the debug profile: no segment touches page 1 either


UNMAP_OWN_RESULT = """
    .text
    .globl _start
_start:
    c.bstart.sys
    li a0, cross_model_result
    addi zero, 4095, ->a1
    addi a1, 1, ->a1            # 4096 bytes
    addi zero, 215, ->a7        # munmap(cross_model_result, 4096)
    acrc 1
    c.bstop
    c.bstart.sys
    addi zero, 0, ->a0
    addi zero, 94, ->a7         # exit_group(0)
    acrc 1
    c.bstop

    .data
    .p2align 12
    .globl cross_model_result
cross_model_result:
    .dword 0x5555
    .globl cross_model_result_size
    .set cross_model_result_size, 8
"""


def test_a_result_the_program_unmapped_is_an_error_never_zeros(tmp_path):
    """munmap of the result's page (linux profile, system call 215) at run time: ``run``
    says the bytes cannot be read, the JSON state has no result (not zeros), and ``x``
    of them is the usual error."""
    source = tmp_path / "unmap.s"
    source.write_text(UNMAP_OWN_RESULT)
    d = open_debugger(source, profile="linux")
    address = d.symbols.lookup("cross_model_result")
    assert address % 4096 == 0 and d.result_bytes() == (0x5555).to_bytes(8, "little")
    ran = cli("run", source, "--profile", "linux")
    assert ran.rc == 0 and f"result: cannot access memory at {address:#x}" in ran.out
    assert "result 0000" not in ran.out
    ran = cli("run", source, "--profile", "linux", "--json")
    assert ran.json["status"] == "exited" and ran.json["result"] is None
    (cont, x) = cli("batch", source, "--profile", "linux", "-c", f"continue; x {address:#x} 8").lines
    assert cont["state"]["result"] is None
    assert x == {"command": f"x {address:#x} 8", "ok": False, "error": f"x: cannot access memory at {address:#x}"}
