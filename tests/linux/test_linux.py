"""The linux profile: process start-up, system calls, the linx-v0.4 compatibility mode,
and debugging the two real LinxISA C++ programs (issue 'Run real compiled programs')."""

from __future__ import annotations

import pytest
from support.paths import PROGRAMS, TEST_PROGRAMS

from ptodbg.core import LINUX, Machine
from ptodbg.core.faults import ILLEGAL_INST
from ptodbg.debug.commands import Commands
from ptodbg.debug.files.program import OpenError, open_debugger
from ptodbg.isa.decoder import STRICT
from ptodbg.isa.legacy import decoder_for
from ptodbg.linux import STACK_TOP, ProcessImage, install
from ptodbg.linux.syscalls import EBADF, ENOSYS, ENOTTY, Kernel

ALG = PROGRAMS / "02_algorithms.static"
CONT = PROGRAMS / "01_containers.static"


def linux(path=ALG, **kw):
    return open_debugger(path, profile="linux", compat="linx-v0.4", **kw)


def test_algorithms_computes_and_exits_zero():
    d = linux()
    stop = d.cont()
    assert stop.status == "exited" and d.machine.exit_code == 0
    assert d.steps > 1000


def test_containers_computes_and_exits_zero():
    d = linux(CONT)
    stop = d.cont()
    assert stop.status == "exited" and d.machine.exit_code == 0


def test_strict_mode_names_the_compat_option():
    d = open_debugger(ALG, profile="linux")
    stop = d.cont()
    assert stop.status == "trap" and stop.trap.number == ILLEGAL_INST
    assert "--compat linx-v0.4" in stop.trap.reason
    assert stop.trap.saved_tpc == 0x1124C  # the first HL.BSTART.STD CALL


def test_shared_variant_is_refused():
    with pytest.raises(OpenError, match="dynamically linked.*musl dynamic loader"):
        linux(PROGRAMS / "02_algorithms.shared")


def test_changing_an_operand_changes_the_answer():
    """The exit status comes from what the program computes: cpp_gate_case02 (the
    compiler folded its std::array / inner_product check to a constant) returns its verdict
    in a0 to main, which returns it from the process; changing that operand at the
    breakpoint inside the function makes the program exit with status 1."""
    d = linux()
    c = Commands(d)
    assert c.execute("break cpp_gate_case02").ok
    assert d.cont().status == "breakpoint"
    r = c.execute("bt")
    assert [f["function"] for f in r.extra["frames"][:3]] == ["cpp_gate_case02", "main", "libc_start_main_stage2"]
    assert c.execute("until main+0xc").ok  # back in main, the verdict computed
    assert d.machine.r[2] == 0
    assert c.execute("set a0 1").ok
    assert d.cont().status == "exited" and d.machine.exit_code == 1


def test_break_main_step_startup_and_reverse_over_the_whole_run():
    d = linux(CONT)
    first = d.machine.pc
    d.add_breakpoint("cpp_gate_case01")
    steps_in = []
    for _ in range(40):  # single-step through the C library's start-up
        d.step()
        steps_in.append(d.symbolize(d.machine.pc))
    assert any(s.startswith("__libc_start_main") for s in steps_in) or any(s.startswith("_start_c") for s in steps_in)
    stop = d.cont()
    assert stop.status == "breakpoint" and d.symbolize(d.machine.pc) == "cpp_gate_case01"
    frames = d.frames()
    assert [f.function for f in frames[:2]] == ["cpp_gate_case01", "main"]
    stop = d.cont()
    assert stop.status == "exited"
    end = d.steps
    d.goto(0)
    assert d.machine.pc == first and d.machine.exit_code is None
    d.goto(end)
    assert d.machine.exit_code == 0
    stop = d.reverse_continue()
    assert stop.status == "breakpoint" and d.symbolize(d.machine.pc) == "cpp_gate_case01"


def test_process_stack_has_argc_argv_envp_auxv():
    m = Machine(LINUX)
    install(m, ProcessImage(entry=0x10000, phdr=0x10040, phent=56, phnum=8, end=0x12345), ["prog", "-x"], ["A=1"])
    sp = m.r[1]
    word = lambda a: int.from_bytes(m.mem.peek(a, 8), "little")  # noqa: E731
    assert sp % 16 == 0 and sp < STACK_TOP
    assert word(sp) == 2
    assert m.mem.peek(word(sp + 8), 5) == b"prog\0" and m.mem.peek(word(sp + 16), 3) == b"-x\0"
    assert word(sp + 24) == 0 and m.mem.peek(word(sp + 32), 4) == b"A=1\0" and word(sp + 40) == 0
    aux = {}
    a = sp + 48
    while True:
        k, v = word(a), word(a + 8)
        aux[k] = v
        a += 16
        if k == 0:
            break
    assert (aux[3], aux[4], aux[5], aux[6], aux[9]) == (0x10040, 56, 8, 4096, 0x10000)
    assert len(m.mem.peek(aux[25], 16)) == 16 and 0 in aux
    assert m.os_state.brk == 0x13000


def _sys(m, number, *args):
    m.r[9] = number
    for i, a in enumerate(args):
        m.r[2 + i] = a
    Kernel()(m, 1, 0x1000)
    return m.r[2] - (1 << 64) if m.r[2] >> 63 else m.r[2]


def test_system_calls():
    m = Machine(LINUX)
    install(m, ProcessImage(0x10000, 0x10040, 56, 1, 0x20000))
    buf = m.r[1] - 4096
    m.mem.poke(buf, b"hello")
    assert _sys(m, 64, 1, buf, 5) == 5 and m.os_state.output == b"hello"
    assert _sys(m, 64, 7, buf, 5) == -EBADF
    m.mem.poke(buf + 64, buf.to_bytes(8, "little") + (3).to_bytes(8, "little"))
    assert _sys(m, 66, 2, buf + 64, 1) == 3 and m.os_state.output == b"hellohel"
    brk0 = _sys(m, 214, 0)
    assert brk0 == 0x20000 and _sys(m, 214, brk0 + 0x3000) == brk0 + 0x3000
    assert m.mem.mapped(brk0 + 0x2FFF)
    base = _sys(m, 222, 0, 0x2000, 3, 0x22, (1 << 64) - 1, 0)
    assert base > 0 and m.mem.mapped(base) and m.mem.mapped(base + 0x1FFF)
    assert _sys(m, 226, base, 0x1000, 1) == 0 and m.mem.perms_at(base) == 4
    assert _sys(m, 215, base, 0x2000) == 0 and not m.mem.mapped(base)
    assert _sys(m, 29, 1, 0x5413, buf) == -ENOTTY
    assert _sys(m, 160, buf) == 0 and m.mem.peek(buf, 5) == b"Linux"
    assert _sys(m, 172) == _sys(m, 178) == 1
    m.steps = 2_000_000_123
    assert _sys(m, 113, 1, buf) == 0
    assert int.from_bytes(m.mem.peek(buf, 8), "little") == 2 and int.from_bytes(m.mem.peek(buf + 8, 8), "little") == 123
    assert _sys(m, 9999) == -ENOSYS and "9999" in m.notes[-1]


def _auxv(m) -> dict[int, int]:
    word = lambda a: int.from_bytes(m.mem.peek(a, 8), "little")  # noqa: E731
    sp = m.r[1]
    a = sp + 8 * (word(sp) + 2)  # past argc, argv and its NULL
    while word(a):
        a += 8
    aux, a = {}, a + 8
    while True:
        k, v = word(a), word(a + 8)
        aux[k] = v
        a += 16
        if k == 0:
            return aux


def test_assembled_program_runs_in_the_linux_profile(capfdbinary):
    """An assembled source has no program headers in memory: its auxv says AT_PHDR 0,
    AT_PHNUM 0 (an ELF without them in a loaded segment is refused instead).  write(1, msg,
    15) = 15 reaches the terminal in `run`, 4095 returns -ENOSYS, exit_group(0) ends it."""
    from ptodbg.cli import main

    d = open_debugger(TEST_PROGRAMS / "hello_linux.s", profile="linux")
    aux = _auxv(d.machine)
    assert (aux[3], aux[5], aux[6], aux[9]) == (0, 0, 4096, d.symbols.lookup("_start"))
    stop = d.cont()
    assert stop.status == "exited" and d.machine.exit_code == 0 and d.steps == 15
    assert d.machine.os_state.output == b"hello from PTO\n"
    assert any("4095 is not supported: returned -ENOSYS" in n for n in d.notes)
    rc = main(["run", str(TEST_PROGRAMS / "hello_linux.s"), "--profile", "linux"])
    out = capfdbinary.readouterr().out
    assert rc == 0 and out.startswith(b"hello from PTO\n")


def test_v04_hl_setret_offset_is_signed():
    """linx-v0.4 HL.SETRET: the call to exit at 0x1176a encodes imm32 = 0xfffffffd and the
    symbol table names the return target .LBB7_3 = 0x11764 = 0x1176a - 6, so v0.4 signed
    the field (0.58.3's dispatch/bru.asl zero-extends it: 0x200011764).  At exit, ra is
    that address and bt reaches _start through it."""
    d = linux()
    assert d.symbols.lookup(".LBB7_3") == 0x11764
    d.add_breakpoint("exit")
    assert d.cont().status == "breakpoint"
    assert d.machine.r[10] == 0x11764
    assert [f.where for f in d.frames()] == [
        "exit", "libc_start_main_stage2+0x46", "__libc_start_main+0x72", "_start_c+0x58", "_start+0x16"]
    word = 0xFFFFD507FFFE
    assert STRICT.decode(word, 48).values(word)["imm32"] == 0xFFFFFFFD
    assert decoder_for("linx-v0.4").decode(word, 48).values(word)["imm32"] == -3


def test_bt_shows_cpp_frames_demangled():
    """std::vector's storage comes from operator new: inside it, bt names the frame as
    gdb does (the Itanium mangling _Znwm is `operator new(unsigned long)`), keeps the
    symbol itself in the frame's "function", and goes on to main and _start."""
    d = linux(CONT)
    c = Commands(d)
    assert c.execute("break _Znwm").ok and c.execute("continue").ok
    assert c.execute("step 3").ok
    result = c.execute("bt")
    frames = result.extra["frames"]
    assert frames[0]["function"] == "_Znwm" and frames[0]["demangled"] == "operator new(unsigned long)"
    assert result.message.splitlines()[0].startswith(f"#0  {frames[0]['pc']:#x} in operator new(unsigned long)+0x")
    assert [f["function"] for f in frames[1:]] == ["cpp_gate_case01", "main", "libc_start_main_stage2",
                                                  "__libc_start_main", "_start_c", "_start"]
    assert all(f["demangled"] is None for f in frames[1:])  # C names stay as they are


def test_stepping_onto_exit_group_reports_exited_as_continue_does():
    """A step that executes exit_group ends the program: status "exited" with its code,
    the same answer continue gives (never "error")."""
    dbg = open_debugger(PROGRAMS / "02_algorithms.static", profile="linux", compat="linx-v0.4")
    ran = dbg.cont()
    assert ran.status == "exited" and dbg.machine.exit_code == 0
    end = dbg.steps
    dbg.reverse_step(1)
    stepped = dbg.step(1)
    assert (stepped.status, dbg.steps, dbg.machine.exit_code) == ("exited", end, 0)
    assert stepped.message == ran.message
