"""Linux system calls for the ``linux`` profile (asm-generic numbering, as musl for linx64).

``acrc 1`` in the program is a system call: number in a7, arguments in a0..a5, result in
a0 (a negative errno on failure).  The handler below is installed as ``machine.syscall``;
the ACRC semantics call it instead of raising SCALL.

Everything the kernel keeps lives in one immutable :class:`OsState` in
``machine.os_state`` — program output included — so snapshots and reverse execution
replay system calls exactly, and ``clock_gettime`` is derived from the attempt count, not
the host clock, so a replay sees the same time.  Unknown numbers return -ENOSYS and are
noted (``machine.notes``) for the event pane and the trace; they never stop the program.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ptodbg.base.record import Frozen
from ptodbg.core.faults import Halt
from ptodbg.core.memory import PAGE_MASK, PAGE_SIZE, R, W, X

if TYPE_CHECKING:
    from ptodbg.core.machine import Machine

MASK64 = (1 << 64) - 1

ENOENT, EBADF, ENOMEM, EFAULT, EINVAL, ENOTTY, ENOSYS = 2, 9, 12, 14, 22, 25, 38
TIOCGWINSZ = 0x5413
MAP_FIXED, MAP_ANONYMOUS = 0x10, 0x20
PROT_READ, PROT_WRITE, PROT_EXEC = 1, 2, 4

MMAP_BASE = 0x20_0000_0000  # anonymous mappings: well above the program, below the stack
CLOCK_NS_PER_STEP = 1  # 1 GHz: one attempt = one nanosecond (deterministic time)
CLOCK_EPOCH_S = 1_767_225_600  # 2026-01-01T00:00:00Z


class Exited(Halt):
    """The program called exit/exit_group; the attempt counts and the machine stops."""

    counted = True


class OsState(Frozen):
    """What the kernel keeps about the process (immutable: each call makes a new one)."""

    brk_start: int
    brk: int
    mmap_next: int
    output: bytes = b""
    stdin: bytes = b""
    stdin_pos: int = 0
    tid_address: int = 0
    pid: int = 1


UNSUPPORTED = "is not supported: returned -ENOSYS"  # ends the note of an unknown call

NAMES = {
    29: "ioctl", 63: "read", 64: "write", 66: "writev", 93: "exit", 94: "exit_group",
    96: "set_tid_address", 99: "set_robust_list", 113: "clock_gettime", 134: "rt_sigaction",
    135: "rt_sigprocmask", 160: "uname", 172: "getpid", 178: "gettid", 214: "brk",
    215: "munmap", 222: "mmap", 226: "mprotect",
}


class SyscallNote(str):
    """The note of one system call: the text the machine's note log and the trace have
    always held ("@6 syscall write(0x1, 0x11000, 0xf) = 15"), with the call's facts as
    attributes, so a client tells an unsupported call (-ENOSYS) by ``name is None``, not
    by the words.  A ``str``, because the core's note log is a list of strings."""

    step: int
    number: int
    name: str | None  # None: unsupported (the call returned -ENOSYS)
    args: tuple[int, ...]
    result: int | None  # None: the call did not return (exit)

    def __new__(cls, step: int, number: int, args: tuple[int, ...], result: int | None) -> SyscallNote:
        name = NAMES.get(number)
        if name is None:
            text = f"@{step} syscall {number} {UNSUPPORTED}"
        elif result is None:
            text = f"@{step} syscall {name}({args[0]})"
        else:
            text = f"@{step} syscall {name}({', '.join(hex(x) for x in args[:3])}) = {result}"
        self = super().__new__(cls, text)
        self.__dict__.update(step=step, number=number, name=name, args=tuple(args), result=result)
        return self

    def __setattr__(self, name: str, value) -> None:
        raise AttributeError("a system call's note is immutable")

    def __reduce__(self):  # pickle and copy rebuild it from its facts
        return SyscallNote, (self.step, self.number, self.args, self.result)

    @property
    def message(self) -> str:
        """The text without its "@step" prefix."""
        return self.removeprefix(f"@{self.step} ")


def _perms(prot: int) -> int:
    return (R if prot & PROT_READ else 0) | (W if prot & PROT_WRITE else 0) | (X if prot & PROT_EXEC else 0)


def _read(m: Machine, addr: int, size: int) -> bytes | None:
    if size == 0:
        return b""
    if not m.mem.allows(addr, size, R):
        return None
    return m.mem.read_raw(addr, size)


def _write(m: Machine, addr: int, data: bytes) -> bool:
    if not data:
        return True
    if not m.mem.allows(addr, len(data), W):
        return False
    m.mem.write_raw(addr, data)
    return True


def _page_up(x: int) -> int:
    return (x + PAGE_MASK) & ~PAGE_MASK


class Kernel:
    """The system-call handler: ``Kernel()(machine, request_type, pc)``."""

    def __call__(self, m: Machine, request_type: int, pc: int) -> int:
        os: OsState = m.os_state
        number = m.r[9]
        a = [m.r[2 + i] for i in range(6)]
        handler = getattr(self, f"sys_{NAMES.get(number, '')}", None)
        if handler is None:
            result = -ENOSYS
            m.notes.append(SyscallNote(m.steps, number, tuple(a), -ENOSYS))
        else:
            if number in (93, 94):
                m.notes.append(SyscallNote(m.steps, number, tuple(a), None))
            result, os = handler(m, os, *a)
            m.notes.append(SyscallNote(m.steps, number, tuple(a), result))
        m.os_state = os
        m.r[2] = result & MASK64
        return pc + 4

    # ----------------------------------------------------------------- process
    def sys_exit(self, m: Machine, os: OsState, code: int, *_: int):
        m.os_state = os
        m.exit_code = code & 0xFF
        raise Exited(f"exited with status {code & 0xFF}")

    sys_exit_group = sys_exit

    def sys_getpid(self, m: Machine, os: OsState, *_: int):
        return os.pid, os

    sys_gettid = sys_getpid

    def sys_set_tid_address(self, m: Machine, os: OsState, addr: int, *_: int):
        return os.pid, os.replace(tid_address=addr)

    def sys_set_robust_list(self, m: Machine, os: OsState, *_: int):
        return 0, os

    def sys_rt_sigprocmask(self, m: Machine, os: OsState, how: int, new: int, old: int, size: int, *_: int):
        if old and not _write(m, old, bytes(min(size, 128) or 8)):
            return -EFAULT, os
        return 0, os

    def sys_rt_sigaction(self, m: Machine, os: OsState, sig: int, new: int, old: int, *_: int):
        if old and not _write(m, old, bytes(32)):
            return -EFAULT, os
        return 0, os

    def sys_ioctl(self, m: Machine, os: OsState, fd: int, request: int, *_: int):
        return -ENOTTY, os  # no terminal: TIOCGWINSZ and the rest say so

    def sys_uname(self, m: Machine, os: OsState, buf: int, *_: int):
        fields = ["Linux", "ptodbg", "6.1.0-ptodbg", "#1 ptodbg emulation", "linx64", "(none)"]
        data = b"".join(f.encode().ljust(65, b"\0") for f in fields)
        return (0 if _write(m, buf, data) else -EFAULT), os

    def sys_clock_gettime(self, m: Machine, os: OsState, clock: int, ts: int, *_: int):
        ns = m.steps * CLOCK_NS_PER_STEP
        sec = ns // 1_000_000_000 + (CLOCK_EPOCH_S if clock == 0 else 0)
        data = sec.to_bytes(8, "little") + (ns % 1_000_000_000).to_bytes(8, "little")
        return (0 if _write(m, ts, data) else -EFAULT), os

    # ---------------------------------------------------------------------- io
    def sys_write(self, m: Machine, os: OsState, fd: int, buf: int, count: int, *_: int):
        if fd not in (1, 2):
            return -EBADF, os
        data = _read(m, buf, min(count, 1 << 24))
        if data is None:
            return -EFAULT, os
        return len(data), os.replace(output=os.output + data)

    def sys_writev(self, m: Machine, os: OsState, fd: int, iov: int, count: int, *_: int):
        if fd not in (1, 2):
            return -EBADF, os
        if count > 1024:
            return -EINVAL, os
        table = _read(m, iov, 16 * count)
        if table is None:
            return -EFAULT, os
        out = b""
        for k in range(count):
            base = int.from_bytes(table[16 * k : 16 * k + 8], "little")
            length = int.from_bytes(table[16 * k + 8 : 16 * k + 16], "little")
            data = _read(m, base, min(length, 1 << 24))
            if data is None:
                return -EFAULT, os
            out += data
        return len(out), os.replace(output=os.output + out)

    def sys_read(self, m: Machine, os: OsState, fd: int, buf: int, count: int, *_: int):
        if fd != 0:
            return -EBADF, os
        data = os.stdin[os.stdin_pos : os.stdin_pos + count]
        if not _write(m, buf, data):
            return -EFAULT, os
        return len(data), os.replace(stdin_pos=os.stdin_pos + len(data))

    # ------------------------------------------------------------------ memory
    def sys_brk(self, m: Machine, os: OsState, addr: int, *_: int):
        if addr == 0 or addr < os.brk_start:
            return os.brk, os
        old_end, new_end = _page_up(os.brk), _page_up(addr)
        if new_end - os.brk_start > 1 << 30:
            return os.brk, os
        if new_end > old_end:
            m.mem.map(old_end, new_end - old_end, R | W)
        elif new_end < old_end:
            m.mem.unmap(new_end, old_end - new_end)
        return addr, os.replace(brk=addr)

    def sys_mmap(self, m: Machine, os: OsState, addr: int, length: int, prot: int, flags: int, fd: int, off: int):
        if not flags & MAP_ANONYMOUS:
            return -ENODEV_OR_EINVAL, os
        if length == 0 or length > 1 << 30:
            return -EINVAL, os
        size = _page_up(length)
        if flags & MAP_FIXED:
            if addr & PAGE_MASK:
                return -EINVAL, os
            base = addr
            m.mem.unmap(base, size)
        else:
            base = os.mmap_next
            os = os.replace(mmap_next=base + size + PAGE_SIZE)  # a guard page between maps
        m.mem.map(base, size, _perms(prot))
        return base, os

    def sys_munmap(self, m: Machine, os: OsState, addr: int, length: int, *_: int):
        if addr & PAGE_MASK or length == 0:
            return -EINVAL, os
        m.mem.unmap(addr, _page_up(length))
        return 0, os

    def sys_mprotect(self, m: Machine, os: OsState, addr: int, length: int, prot: int, *_: int):
        if addr & PAGE_MASK:
            return -EINVAL, os
        if not m.mem.set_perms(addr, _page_up(length) or PAGE_SIZE, _perms(prot)):
            return -ENOMEM, os
        return 0, os


ENODEV_OR_EINVAL = EINVAL  # file-backed mmap: ptodbg has no files to map
