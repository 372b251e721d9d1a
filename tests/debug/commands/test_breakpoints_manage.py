"""Breakpoint management as gdb users type it (issue 12 item 2, DESIGN.md §5): ``enable
[N]``, ``disable [N]``, hit counts, ``ignore N COUNT``, ``info breakpoints`` with the
enabled state and hits, and ``break`` on demangled C++ names.

The loop is cond_loop.s (CORE.md §1.8-1.9): a COND block at ``loop`` runs 10 times, a0
counting 1..10, so the n-th arrival at ``loop`` has a0 = n - 1.  Hits follow gdb: a
breakpoint is hit when reached with its condition true, ignored crossings included."""

from __future__ import annotations

import io
import json

import pytest
from support.assembled import ENTRY
from support.paths import PROGRAMS, TEST_PROGRAMS

from ptodbg.debug.commands import Commands, batch
from ptodbg.debug.files.program import open_debugger

CONT = PROGRAMS / "01_containers.static"
A0 = 2


def loop():
    d = open_debugger(TEST_PROGRAMS / "cond_loop.s")
    return d, Commands(d)


def lines(d, text: str) -> list[dict]:
    out = io.StringIO()
    batch.run(d, batch.inline_commands(text), out)
    return [json.loads(x) for x in out.getvalue().splitlines()]


# ------------------------------------------------------ hits and ignore
def test_hits_count_every_stop():
    d, c = loop()
    assert c.execute("break loop").ok
    for n in range(1, 4):
        assert d.cont().status == "breakpoint" and d.machine.r[A0] == n - 1
    assert d.info_breakpoints()[0]["hits"] == 3


def test_ignore_passes_over_the_next_hits():
    d, c = loop()
    assert c.execute("break loop").ok
    r = c.execute("ignore 1 4")
    assert r.ok and r.message == "will ignore next 4 crossings of breakpoint 1" and r.extra["ignore"] == 4
    stop = d.cont()
    assert stop.status == "breakpoint" and d.machine.r[A0] == 4  # the 5th arrival
    info = d.info_breakpoints()[0]
    assert info["hits"] == 5 and info["ignore"] == 0  # ignored crossings count, as gdb
    assert d.cont().status == "breakpoint" and d.machine.r[A0] == 5
    assert c.execute("ignore 1 0").message == "will stop next time breakpoint 1 is reached"


def test_ignore_with_a_condition_counts_only_true_arrivals():
    d, c = loop()
    assert c.execute("break loop if a0>=3").ok and c.execute("ignore 1 1").ok
    assert d.cont().status == "breakpoint" and d.machine.r[A0] == 4
    assert d.info_breakpoints()[0]["hits"] == 2


# --------------------------------------------------- enable and disable
def test_disable_and_enable_one_and_all():
    d, c = loop()
    assert c.execute("break loop").ok and c.execute("break stop").ok
    r = c.execute("disable 1")
    assert r.ok and r.extra == {"disabled": [1]}
    stop = d.cont()
    assert stop.status == "breakpoint" and stop.breakpoint == 2 and d.machine.r[A0] == 10
    assert [b["enabled"] for b in d.info_breakpoints()] == [False, True]
    assert d.info_breakpoints()[0]["hits"] == 0  # disabled: never hit
    assert c.execute("goto 0").ok
    assert c.execute("disable").extra == {"disabled": [1, 2]}
    assert d.cont().status == "stopped" and d.machine.r[A0] == 10  # the program's c.ebreak
    assert c.execute("goto 0").ok and c.execute("enable").extra == {"enabled": [1, 2]}
    assert d.cont().breakpoint == 1 and d.machine.r[A0] == 0


def test_disabled_watchpoint_does_not_stop():
    d = open_debugger(TEST_PROGRAMS / "dma_copy.s")
    c = Commands(d)
    assert c.execute("watch dst 8").ok
    assert c.execute("disable 1").ok
    assert d.cont().status != "watchpoint"
    assert c.execute("goto 0").ok and c.execute("enable 1").ok
    assert d.cont().status == "watchpoint"
    assert d.info_breakpoints()[0]["hits"] == 1 and d.info_breakpoints()[0]["enabled"] is True


def test_disabled_breakpoints_are_not_found_backwards():
    d, c = loop()
    assert c.execute("break loop").ok and c.execute("break stop").ok
    assert d.cont().breakpoint == 1 and c.execute("disable 1").ok
    assert d.cont().breakpoint == 2
    assert c.execute("enable 1").ok and c.execute("disable 2").ok
    stop = d.reverse_continue()
    assert stop.breakpoint == 1 and d.machine.r[A0] == 9  # the last arrival at loop


def test_info_breakpoints_shows_state_hits_and_ignore():
    d, c = loop()
    assert c.execute("break loop").ok and c.execute("watch 0x1000") is not None
    assert d.cont().status == "breakpoint"
    assert c.execute("ignore 1 2").ok and c.execute("disable 1").ok
    r = c.execute("info breakpoints")
    bp = r.extra["breakpoints"][0]
    assert set(bp) >= {"id", "type", "location", "address", "where", "condition", "enabled", "hits", "ignore"}
    assert (bp["enabled"], bp["hits"], bp["ignore"]) == (False, 1, 2)
    rows = r.message.splitlines()  # gdb's table: the header, then each stop and its state
    assert rows[0].split() == ["Num", "Type", "Disp", "Enb", "Address", "What"]
    assert rows[1].split() == ["1", "breakpoint", "keep", "n", f"{d.symbols.lookup('loop'):#x}", "loop"]
    assert rows[2:4] == ["\tbreakpoint already hit 1 time", "\tWill ignore next 2 crossings of breakpoint."]
    assert rows[4].split() == ["2", "watchpoint", "keep", "y", "0x1000", "0x1000", "(8", "bytes,", "w)"]


@pytest.mark.parametrize("line, error", [
    ("enable 9", "enable: no breakpoint or watchpoint number 9"),
    ("disable 1 2", "disable: usage: disable [N]"),
    ("ignore 1", "ignore: usage: ignore N COUNT"),
    ("ignore 9 1", "ignore: no breakpoint number 9"),
    ("ignore 1 -1", "ignore: ignore count -1 must be 0..4611686018427387904"),
    ("ignore 1 0x7fffffffffffffff", "ignore: ignore count 9223372036854775807 must be 0..4611686018427387904"),
    ("ignore 2 1", "ignore: 2 is a watchpoint: ignore counts are for breakpoints"),
    ("enable x+", None),
])
def test_bad_management_commands_answer_one_error(line, error):
    d, c = loop()
    assert c.execute("break loop").ok and c.execute("watch 0x1000").ok
    r = c.execute(line)
    assert not r.ok and "Traceback" not in r.error
    if error is not None:
        assert r.error == error


def test_batch_json_of_the_management_commands():
    d, _ = loop()
    out = lines(d, "break loop; ignore 1 2; continue; info breakpoints; disable; continue; enable 1; info breakpoints")
    assert [line["ok"] for line in out] == [True] * 8
    assert out[1]["ignore"] == 2 and out[1]["breakpoint"] == 1
    assert out[2]["state"]["status"] == "breakpoint" and out[2]["state"]["regs"]["a0"] == 2
    assert out[3]["breakpoints"][0]["hits"] == 3 and out[3]["breakpoints"][0]["ignore"] == 0
    assert out[4]["disabled"] == [1]
    assert out[5]["state"]["status"] == "stopped" and out[5]["state"]["regs"]["a0"] == 10
    assert out[6]["enabled"] == [1] and out[7]["breakpoints"][0]["enabled"] is True


# ------------------------------------------------------------ C++ names
def test_break_on_a_quoted_demangled_signature():
    d = open_debugger(CONT, profile="linux", compat="linx-v0.4")
    c = Commands(d)
    r = c.execute('break "operator new(unsigned long)"')
    assert r.ok and d.breakpoints[1].address == d.symbols.lookup("_Znwm") == 0x4D720
    assert d.breakpoints[1].location == "operator new(unsigned long)"
    assert d.cont().status == "breakpoint" and d.machine.pc == 0x4D720
    assert d.machine.r[A0] > 0  # the size asked for


def test_an_ambiguous_name_lists_its_candidates():
    d = open_debugger(CONT, profile="linux", compat="linx-v0.4")
    c = Commands(d)
    r = c.execute("break 'operator new'")
    assert not r.ok and r.error.startswith("break: 'operator new' matches 4 functions: ")
    assert "operator new(unsigned long) at 0x4d720" in r.error
    assert "operator new(unsigned long, std::align_val_t) at 0x4d7ae" in r.error
    r = c.execute("break push_back")  # two PODSmallVector instantiations in the demangler
    assert not r.ok and "matches 2 functions" in r.error and "at 0x23616" in r.error and "at 0x2617a" in r.error
    assert not d.breakpoints
    r = c.execute("break PODSmallVector<(anonymous namespace)::itanium_demangle::Node*, 32ul>::push_back")
    assert r.ok and d.breakpoints[1].address == 0x23616
    assert c.execute("break nosuch::function").error == "break: no function or symbol matches 'nosuch::function'"


# std::vector<int>'s push_back(int const&), push_back(int&&) and clear() as libc++ mangles
# them (inline namespace __1), each a global label on one ADDI that adds 1, 2 or 4 to a0.
LIBCXX_VECTOR = (
    ("_ZNSt3__16vectorIiNS_9allocatorIiEEE9push_backERKi", 1),
    ("_ZNSt3__16vectorIiNS_9allocatorIiEEE9push_backEOi", 2),
    ("_ZNSt3__16vectorIiNS_9allocatorIiEEE5clearEv", 4),
)
LIBCXX = (
    ENTRY
    + "    addi zero, 0, ->a0\n"
    + "".join(f"    .globl {name}\n{name}:\n    addi a0, {add}, ->a0\n" for name, add in LIBCXX_VECTOR)
    + "    c.bstart.sys\n    c.ebreak 0\n"
)


def test_libcxx_names_match_without_the_inline_namespace_and_defaults(tmp_path):
    """libc++ spells std::vector<int> as std::__1::vector<int, std::__1::allocator<int> >;
    gdb users type std::vector<int>: matched ignoring __1:: and the default allocator."""
    source = tmp_path / "vector.s"
    source.write_text(LIBCXX)
    d = open_debugger(source)
    c = Commands(d)
    start = d.symbols.lookup("_start")
    assert c.execute("break std::vector<int>::clear").ok and d.breakpoints[1].address == start + 12
    r = c.execute("break std::vector<int>::push_back")
    assert not r.ok and "matches 2 functions" in r.error and "push_back(int&&) at" in r.error
    assert c.execute('break "std::vector<int>::push_back(int&&)"').ok and d.breakpoints[2].address == start + 8
    assert c.execute("break vector<int>::push_back(int const&)").ok and d.breakpoints[3].address == start + 4
    assert c.execute('tbreak "std::__1::vector<int, std::__1::allocator<int> >::clear()"').ok
    assert d.breakpoints[4].address == start + 12
    assert d.cont().breakpoint == 3 and d.machine.r[A0] == 0
    assert c.execute("delete 2").ok
    assert c.execute("until std::vector<int>::clear").ok and d.machine.pc == start + 12 and d.machine.r[A0] == 3


# ------------------------------------------------------ one name, one address
def test_the_debugger_resolves_every_name_as_the_loader_does():
    """02_algorithms.static defines ``dummy`` as a local in two units (and hundreds of
    ``.LBB`` labels several times): ``break``, ``print`` and ``info symbol`` take the
    symbol the loader takes (a global one, else the first local one by address), never
    another definition of the same name; and every definition still names its address."""
    d = open_debugger(PROGRAMS / "02_algorithms.static", profile="linux", compat="linx-v0.4")
    program = d.loaded.program
    several = {s.name for s in program.symbols if s.name and s.value != program.symbol(s.name).value}
    assert "dummy" in several and len(several) >= 20
    assert list(program.shadowed) == [s for s in program.symbols if program.by_name[s.name] is not s]
    for name in several:
        assert d.symbols.lookup(name) == program.symbol(name).value, name
    dummies = [s.value for s in program.symbols if s.name == "dummy"]
    assert len(set(dummies)) == 2
    assert [d.symbols.symbolize(a) for a in dummies] == ["dummy", "dummy"]  # each definition names its place
    c = Commands(d)
    res = c.execute("break dummy")
    chosen, other = program.symbol("dummy").value, next(a for a in dummies if a != program.symbol("dummy").value)
    assert res.ok and res.message.startswith(f"breakpoint 1 at {chosen:#x} (dummy)"), res
    assert res.message.endswith(f"; dummy is also defined at {other:#x}") and res.extra["also_defined_at"] == [other]
    assert "also" not in c.execute("break main").message  # one definition: nothing to add
    quoted = c.execute("break 'dummy'")  # the name as break reads it, quotes removed; gdb's note of the other
    assert quoted.message.endswith(f"; dummy is also defined at {other:#x}; note: breakpoint 1 also set at pc "
                                   f"{chosen:#x}"), quoted
    assert quoted.extra["duplicates"] == [1]
