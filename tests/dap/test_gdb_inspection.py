"""gdb's inspection commands typed in an editor's debug console (DAP ``evaluate`` with
context "repl", DESIGN.md §9; issue 12 item 3): ``x/FMT`` and ``print/FMT`` are commands
there too, not expressions.  walk.s (linux profile) calls ``bump`` three times before
the DMA at ``copy``, so ``counter`` holds 3 there and s1 = &counter."""

from __future__ import annotations

import pytest
from dap.dap_client import WALK, Client, launch_walk, line_of


@pytest.fixture
def client():
    c = Client.pipes()
    yield c
    c.close()


def test_x_fmt_print_fmt_and_info_registers_in_the_debug_console(client):
    launch_walk(client, [line_of(WALK, "dma [a1], a2")])
    client.stopped()
    r = client.repl("x/gx counter")
    assert r["success"], r
    address, rest = r["body"]["result"].split(" ", 1)
    assert rest == "<counter>:\t0x0000000000000003"
    assert client.repl("print/x s1")["body"]["result"] == f"$1 = {address}"  # the value history
    assert client.repl("print/t u64[counter]")["body"]["result"] == "$2 = 11"
    assert client.repl("info registers s1")["body"]["result"] == f"s1             {address:<20}{int(address, 16)}"
    bad = client.repl("x/4xb 0x7fff0000")
    assert not bad["success"] and "cannot access memory at 0x7fff0000" in bad["message"]
