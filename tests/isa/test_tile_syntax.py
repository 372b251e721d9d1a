"""Named tile block starts (ptodbg.isa.tile_syntax): the disassembler names the operation a
tile start selects and the assembler reads both spellings, for every operation of the
official table (``pto/catalog/tile-operations.json``, read in place), with the encoding
computed from the catalog's own fields (BSTART.TEPL: match 0x00019181, DataType 31:27,
Mode 26:25, Function 24:20, ``docs/block/execution/BSTART.TEPL.md``) and the canonical
engine spelling of PTO-ARCH-TEPL-ALIAS-001 (``asl/arch/overview/instruction-
classification.asl``: BSTART.VEC / BSTART.SFU, never BSTART.TEPL)."""

from __future__ import annotations

import json

import pytest
from support.paths import CATALOG

from ptodbg.isa import syntax as S
from ptodbg.isa.asm import AsmError, assemble
from ptodbg.isa.decoder import STRICT
from ptodbg.isa.elf import parse_program
from ptodbg.isa.tileops import DATA_TYPE_NAMES

OPERATIONS = json.loads((CATALOG / "tile-operations.json").read_text(encoding="utf-8"))["operations"]
FORMS = {f["mnemonic"]: f for f in json.loads((CATALOG / "command-forms.json").read_text(encoding="utf-8"))["forms"]
         if f["mnemonic"].startswith("BSTART.")}
TYPES = [(0, "fp64"), (4, "fp16"), (17, "s32"), (24, "u64"), (28, "u4x2")]


def _catalog_word(op: dict, dtype: int) -> int:
    """The start's 32-bit word from the catalog: its form's match, the DataType field, and
    for TEPL the operation's Mode and Function."""
    form = FORMS[op["command_mnemonic"]]
    word = int(form["encoding"][0]["match"], 16) | dtype << 27
    if op["family"] == "TEPL":
        word |= op["mode"] << 25 | op["function"] << 20
    return word


def _canonical(op: dict, dtype: str) -> str:
    if op["family"] == "TEPL":
        return f"bstart.{op['engine'].lower()} {op['name']}, {dtype}"
    return f"{op['command_mnemonic'].lower()} {dtype}"


def _encode(text: str) -> int:
    mnemonic, _, operands = text.partition(" ")
    return S.encode_statement(mnemonic, operands, 0, lambda name: None)[2]


def _render(word: int) -> str:
    form, value, length = STRICT.decode_bytes(word.to_bytes(4, "little"))
    assert length == 32 and form is not None
    return S.render(form, form.values(value))


@pytest.mark.parametrize("op", OPERATIONS, ids=[o["name"] for o in OPERATIONS])
def test_every_operation_is_named_by_the_disassembler_and_read_back(op):
    for code, name in TYPES:
        word = _catalog_word(op, code)
        text = _canonical(op, name)
        assert _render(word) == text
        assert _encode(text) == word
        assert _encode(text.upper()) == word  # names are case-insensitive
        if op["family"] == "TEPL":  # the compatibility spelling and the raw fields: the same bits
            assert _encode(f"bstart.tepl {op['name']}, {name}") == word
            assert _encode(f"bstart.tepl datatype={code}, mode={op['mode']}, function={op['function']}") == word
        else:
            assert _encode(f"{op['command_mnemonic'].lower()} datatype={code}") == word


def test_every_data_type_name_is_the_fields_assigned_code():
    # PTO-FIELD-BLOCK-DATATYPE (docs/block/execution/BSTART.TEPL.md): 25 assigned codes
    disposition = FORMS["BSTART.TEPL"]["constraints"][0]["values"]
    assert sorted(DATA_TYPE_NAMES) == disposition
    assert DATA_TYPE_NAMES[13] == "e8m0" and DATA_TYPE_NAMES[6] == "hif8" and DATA_TYPE_NAMES[28] == "u4x2"


def test_a_selector_that_names_no_operation_stays_in_raw_fields():
    # Mode 3, Function 31 (code 0x07F) is reserved: asl/tile/model/dispatch/top-level.asl
    word = 0x00019181 | 24 << 27 | 3 << 25 | 31 << 20
    text = _render(word)
    assert text == "bstart.tepl datatype=24, mode=3, function=31"
    assert _encode(text) == word


def test_the_engine_spellings_accept_only_their_engines_operations():
    with pytest.raises(S.SyntaxProblem) as e:
        _encode("bstart.vec TDIV, fp32")
    assert e.value.text() == "TDIV runs on SFU, not VEC; expected bstart.sfu TDIV (or bstart.tepl)"
    with pytest.raises(S.SyntaxProblem, match="TADD runs on VEC, not SFU"):
        _encode("bstart.sfu TADD, u64")
    with pytest.raises(S.SyntaxProblem, match="names its operation"):
        _encode("bstart.vec datatype=24, mode=0, function=0")


def test_bad_names_are_one_error_with_a_column():
    source = ".text\n.globl _start\n_start:\n    bstart.vec TADD, q8\n    bstart.tepl TLOAD, u64\n    bstart.tload x\n"
    with pytest.raises(AsmError) as e:
        assemble(source, "bad.s")
    assert e.value.errors == [
        (4, 22, "unknown data type 'q8'; expected a data type such as u64, s32, fp16 or bf16"),
        (5, 17, "'TLOAD' is no TEPL tile operation; expected an operation of the TEPL carrier such as TADD, "
                "TMULS or TROWSUM"),
        (6, 18, "unknown data type 'x'; expected a data type such as u64, s32, fp16 or bf16"),
    ]


def test_both_spellings_assemble_to_one_program():
    named = assemble(".text\n.globl _start\n_start:\n bstart.vec TADD, u64\n bstart.sfu TROWSUM, fp32\n"
                     " bstart.tload u64\n", "n.s")
    raw = assemble(".text\n.globl _start\n_start:\n bstart.tepl datatype=24, mode=0, function=0\n"
                   " bstart.tepl datatype=1, mode=2, function=0\n bstart.tload datatype=24\n", "r.s")
    text = [s.data for s in parse_program(named, "n").sections if s.name == ".text"]
    assert text == [s.data for s in parse_program(raw, "r").sections if s.name == ".text"]
