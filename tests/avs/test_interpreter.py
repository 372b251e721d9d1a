"""The ASL subset interpreter of ``ptodbg avs``: exact widths, ASL's operator rules,
control flow, records and arrays, located errors, and refusing what it does not support.

Semantics per ASLRef v1 (herdtools7 ``asllib``): ``DIV`` must be exact, ``MOD`` takes the
sign of the divisor, ``bits(N) + integer`` wraps modulo 2**N, bitvectors of different widths
do not compare, ``as integer {a..b}`` is a checked conversion.
"""

from __future__ import annotations

import pytest

from ptodbg.avs.harness import Harness, make_context
from ptodbg.avs.interpreter import Context
from ptodbg.avs.parser import Parser
from ptodbg.avs.values import AslError, AssertionFailed, Bits, ParseError, Unsupported


def context(text: str) -> Context:
    return make_context(Harness(), Parser(text, "t.asl").module())


def run(body: str, decls: str = "") -> object:
    """Run ``main`` whose body is ``body`` (statements) after ``decls``."""
    return context(f"{decls}\nfunc main() => integer\nbegin\n{body}\n    return 0;\nend;\n").call("main", [], [])


def fails(body: str, decls: str = "") -> AslError:
    with pytest.raises(AslError) as info:
        run(body, decls)
    return info.value


# ---------------------------------------------------------------- values and widths
def test_bitvector_arithmetic_keeps_its_width():
    assert run("""
    assert '1111' + 1 == '0000';
    assert Zeros{64} + 0x100 == '0000000000000000000000000000000000000000000000000000000100000000';
    assert Ones{8} - '00000001' == '11111110';
    assert (Zeros{4} - 1) == Ones{4};
    assert UInt(Ones{64}) == 18446744073709551615;
    assert SInt('1000') == -8;
    """) == 0


def test_slices_and_slice_assignment():
    assert run("""
    var x: bits(16) = Zeros{16} + 0xabcd;
    assert x[15:12] == '1010';
    assert x[0 +: 4] == '1101';
    assert x[3] == '1';
    assert x[15:8, 3:0] == Zeros{12} + 0xabd;
    x[11:4] = Ones{8};
    assert x == Zeros{16} + 0xaffd;
    let n = 100;
    assert n[6:0] == '1100100';
    """) == 0


def test_concatenation_extension_and_shifts():
    assert run("""
    assert '10' :: '01' == '1001';
    assert ZeroExtend{8}('1111') == '00001111';
    assert SignExtend{8}('1000') == '11111000';
    assert SignExtend('0111', 8) == '00000111';
    assert LSL('0011', 2) == '1100';
    assert ASR('1000', 3) == '1111';
    assert ROR('0001', 1) == '1000';
    assert NOT '1010' == '0101';
    assert ('1100' AND '1010') == '1000';
    assert ('1100' XOR '1010') == '0110';
    """) == 0


def test_integer_division_rules():
    assert run("""
    assert 7 DIVRM 2 == 3;
    assert -7 DIVRM 2 == -4;
    assert -7 MOD 3 == 2;
    assert 8 DIV 4 == 2;
    assert 2 ^ 10 == 1024;
    assert 1 << 4 == 16;
    """) == 0
    assert "not exact" in str(fails("let x = 7 DIV 2;"))
    assert isinstance(fails("let x = 7 MOD 0;"), AssertionFailed)


def test_operator_priorities_follow_aslref():
    assert run("""
    assert 1 + 2 * 3 == 7;
    assert -2 ^ 2 == 4;
    assert 1 + 2 == 3 && 2 < 3;
    assert !FALSE IN {TRUE};
    assert (if 1 < 2 then 10 else 20) + 1 == 11;
    """) == 0


def test_type_errors_are_reported():
    assert "type error: bits(4) == bits(8)" in str(fails("assert '0000' == '00000000';"))
    assert "type error" in str(fails("assert 1 == TRUE;"))
    assert "type error" in str(fails("let x = '0000' + TRUE;"))


def test_checked_conversion_and_patterns():
    assert run("""
    let x = 200 as integer {0..255};
    assert x IN {100..300};
    assert '1010' IN {'1x1x'};
    assert !('1000' IN {'1x1x', '0xxx'});
    assert 5 IN {1, 3, 5};
    """) == 0
    assert isinstance(fails("let y = 300 as integer {0..255};"), AssertionFailed)


# ----------------------------------------------------------------- control flow
def test_loops_conditions_and_case():
    assert run("""
    var total = 0;
    for i = 1 to 10 do total = total + i; end;
    assert total == 55;
    for i = 3 downto 1 do total = total - i; end;
    assert total == 49;
    var n = 0;
    while n < 5 do n = n + 1; end;
    repeat n = n - 2; until n < 0;
    assert n == -1;
    var kind = 0;
    case 7 of
        when 1, 2 => kind = 1;
        when 5..8 => kind = 2;
        otherwise => kind = 3;
    end;
    assert kind == 2;
    if n > 0 then kind = 10; elsif n == -1 then kind = 20; else kind = 30; end;
    assert kind == 20;
    """) == 0


def test_functions_parameters_and_returns():
    decls = """
func Twice(x: integer) => integer
begin
    return 2 * x;
end;

func Widen{N}(x: bits(N)) => bits(N + 8)
begin
    return ZeroExtend{N + 8}(x);
end;

func Pair() => (integer, boolean)
begin
    return (3, TRUE);
end;
"""
    assert run("""
    assert Twice(21) == 42;
    assert Widen('1111') == Zeros{12} + 0xf;
    let (a, b) = Pair();
    assert a == 3 && b;
    """, decls) == 0


def test_records_and_arrays_have_value_semantics():
    decls = "type Point of record { x: integer, y: bits(4) };"
    assert run("""
    var p = Point { x = 1, y = '0001' };
    var q = p;
    q.x = 5;
    assert p.x == 1 && q.x == 5;
    var blank: Point;
    assert blank.x == 0 && blank.y == '0000';
    var a: array [[4]] of bits(8);
    a[[2]] = Ones{8};
    assert a[[2]] == Ones{8} && a[[0]] == Zeros{8};
    """, decls) == 0
    assert "outside 0..3" in str(fails("var a: array [[4]] of integer; a[[4]] = 1;"))


def test_enumeration_literals_are_names():
    assert run("""
    assert Fault_None == Fault_None;
    assert Fault_None != Fault_DataPage;
    """) == 0
    assert "unsupported: global or constant PTO_NOT_A_CONSTANT" in str(fails("let x = PTO_NOT_A_CONSTANT;"))


# ---------------------------------------------------------------- errors and limits
def test_a_failed_assertion_names_its_file_and_line():
    e = fails("    let x = 1;\n    assert x == 2;")
    assert isinstance(e, AssertionFailed)
    assert e.where == "t.asl:5"
    assert "left is 1, right is 2" in str(e)


def test_unsupported_constructs_are_named_with_their_place():
    with pytest.raises(Unsupported) as info:
        context("func main() => integer\nbegin\n    try\n        pass;\n    catch\n    end;\nend;\n")
    assert str(info.value) == "unsupported: 'try' statement at t.asl:3:5"
    with pytest.raises(Unsupported) as info:
        context("getter G() => integer\nbegin\n    return 1;\nend;\n")
    assert "getter declaration at t.asl:1:1" in str(info.value)
    e = fails("NoSuchFunction(1);")
    assert isinstance(e, Unsupported) and str(e) == "unsupported: function NoSuchFunction at t.asl:4"


def test_parse_errors_carry_line_and_column():
    with pytest.raises(ParseError) as info:
        context("func main() => integer\nbegin\n    let x = ;\nend;\n")
    assert str(info.value).startswith("t.asl:3:13: expected an expression")
    with pytest.raises(ParseError) as info:
        context("func main() => integer\nbegin\n    let x = 1 $ 2;\nend;\n")
    assert "t.asl:3:15: unexpected character '$'" in str(info.value)


def test_runaway_loops_stop_at_the_budget():
    ctx = context("func main() => integer\nbegin\n    while TRUE do pass; end;\n    return 0;\nend;\n")
    ctx.loop_budget = 1000
    with pytest.raises(AslError) as info:
        ctx.call("main", [], [])
    assert "loop budget" in str(info.value)


def test_an_assertion_on_something_unsupported_is_skipped_and_remembered():
    ctx = context("func main() => integer\nbegin\n    assert NoSuch() == 1;\n    assert 1 == 1;\n"
                  "    return 0;\nend;\n")
    assert ctx.call("main", [], []) == 0
    assert ctx.skipped is not None and ctx.skipped.where == "t.asl:3"


# --------------------------------------------------------------- the harness hookup
def test_harness_functions_reach_the_machine():
    """WriteGPR/ExecuteScalarInstruction/ReadGPR on ptodbg's machine: ADDI a0, a0, 100
    (CORE.md 2.4: 0x06410115) at TPC 0x100."""
    assert run("""
    ResetProfileState();
    WriteTPC(Zeros{PTO_XLEN} + 0x100);
    WriteGPR(2, Zeros{PTO_XLEN} + 5);
    let status = ExecuteScalarInstruction(Zeros{48} + 0x06410115, 32);
    assert status == ScalarExecution_Executed;
    assert ReadGPR(2) == Zeros{PTO_XLEN} + 105;
    assert ReadTPC() == Zeros{PTO_XLEN} + 0x104;
    assert _SystemRegisters.cycle == Zeros{PTO_XLEN} + 1;
    assert DecodeScalarForm(Zeros{48} + 0x06410115, 32) == 3;
    """) == 0


def test_bits_repr_is_readable():
    assert repr(Bits(4, 5)) == "'0101'"
    assert repr(Bits(64, 0x100)) == "64'x0000000000000100"


def test_hostile_sizes_are_refused_quickly():
    assert "wider than" in str(fails("let x = 2 ^ 100000000;"))
    assert "wider than" in str(fails("let x = 1 << 10000000;"))
    assert "wider than" in str(fails("var x = 3; for i = 0 to 30 do x = x * x; end;"))
    assert "out of range" in str(fails("let x = Zeros{100000000};"))
    assert "loop budget" in str(fails("for i = 0 to 100000000000 do pass; end;"))
