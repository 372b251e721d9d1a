"""Timeline edits, one record per kind (ptodbg.debug.engine.edits): each applies itself,
describes itself as the command that makes it, and round-trips through a session record;
permissions stay bits until written out.  The program is support/engine_program.py (its
DMA at ``copy``, step 3, reads the 64-byte line at SRC: asl/scalar/amo/DMA.asl)."""

from __future__ import annotations

import pytest
from support.engine_program import SRC, make

from ptodbg.core.memory import R, W
from ptodbg.debug.engine.edits import (
    MemoryEdit,
    OnceEdit,
    PermsEdit,
    QueueEdit,
    RecoverEdit,
    RegisterEdit,
    edit_from_record,
)

EDITS = [
    RegisterEdit(2, "a0", 0x1234),
    RegisterEdit(0, "pc", 0x10000, scheduled=True),
    QueueEdit(1, "t", (5, None, 7)),
    MemoryEdit(3, SRC, b"\x01\x02"),
    PermsEdit(4, SRC, 64, R),
    OnceEdit(9, SRC, 4096, 0, scheduled=True),
    RecoverEdit(5, 0),
]


@pytest.mark.parametrize("edit", EDITS, ids=lambda e: e.kind)
def test_each_kind_round_trips_through_its_session_record(edit):
    record = edit.to_record()
    assert list(record)[:3] == ["step", "kind", "scheduled"] and record["kind"] == edit.kind
    assert edit_from_record(record) == edit and type(edit_from_record(record)) is type(edit)


def test_permissions_are_bits_until_written_out():
    edit = PermsEdit(4, SRC, 64, R | W)
    assert edit.perms == R | W and edit.to_record()["perms"] == "rw-" and edit.args == (SRC, 64, "rw-")
    assert edit_from_record({"step": 4, "kind": "perms", "address": SRC, "length": 64, "perms": "WR"}).perms == R | W
    assert OnceEdit(9, SRC, 64, 0).describe() == f"@9: inject {SRC:#x} 0x40 --- once"
    assert PermsEdit(9, SRC, 64, 0) != OnceEdit(9, SRC, 64, 0)  # the kind is part of the record


def test_the_engine_records_the_kind_each_command_makes():
    d = make()
    d.set_register("a0", 7)
    d.set_memory(SRC, b"\xaa")
    d.set_perms(SRC, 64, "r--")
    d.set_perms(SRC, 64, "---", at=9, once=True)
    assert [type(e) for e in d.edits] == [RegisterEdit, MemoryEdit, PermsEdit, OnceEdit]
    assert d.edits[2].perms == R and d.machine.mem.perms_at(SRC) == R
    assert d.edits[3].scheduled and d.edits[3].describe() == f"@9: inject {SRC:#x} 0x40 --- once"


def test_a_malformed_record_is_one_value_error():
    with pytest.raises(ValueError, match="unknown edit kind"):
        edit_from_record({"step": 0, "kind": "poke"})
    with pytest.raises(ValueError, match="malformed edit record"):
        edit_from_record({"step": 0, "kind": "mem", "address": 1})
    with pytest.raises(ValueError, match="negative"):
        edit_from_record({"step": -1, "kind": "recover", "bank": 0})
