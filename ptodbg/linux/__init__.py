"""The Linux user-mode environment of the ``linux`` profile (programs built by the
LinxISA LLVM/musl toolchain).

:func:`install` builds the initial process the way the kernel's ELF loader does: a
stack holding argc, argv, envp and the auxiliary vector (AT_PHDR, AT_PHENT, AT_PHNUM,
AT_PAGESZ, AT_ENTRY, AT_RANDOM, AT_NULL and a few identity entries), sp pointing at argc,
a heap (brk) starting at the first page after the highest loaded segment, and the
system-call handler of :mod:`ptodbg.linux.syscalls`.

The process stack is the 512 KiB below ``STACK_TOP`` unless a loaded segment uses any of
those pages; then it is the highest 512 KiB below 2^47 that nothing uses (the program is
loaded as linked, never refused or overwritten for the stack's sake; sp says where).
"""

from __future__ import annotations

from ptodbg.base.record import Frozen
from ptodbg.core.machine import Machine
from ptodbg.core.memory import PAGE_MASK, R, W
from ptodbg.core.stack import pages_to_ranges, place_stack
from ptodbg.linux.syscalls import MMAP_BASE, Kernel, OsState

STACK_TOP = 0x7FFF_F000_0000
STACK_SIZE = 512 * 1024

AT_NULL, AT_PHDR, AT_PHENT, AT_PHNUM, AT_PAGESZ, AT_BASE, AT_FLAGS, AT_ENTRY = 0, 3, 4, 5, 6, 7, 8, 9
AT_UID, AT_EUID, AT_GID, AT_EGID, AT_HWCAP, AT_CLKTCK, AT_SECURE, AT_RANDOM = 11, 12, 13, 14, 16, 17, 23, 25
AT_EXECFN = 31
# Fixed "random" bytes: AT_RANDOM must be deterministic for replay.
RANDOM_BYTES = bytes(range(0x5A, 0x6A))


class ProcessImage(Frozen):
    """What the ELF loader tells the kernel about the program."""

    entry: int
    phdr: int  # address of the program headers in memory
    phent: int
    phnum: int
    end: int  # end of the highest loaded segment


def install(m: Machine, image: ProcessImage, argv: list[str] | None = None,
            envp: list[str] | None = None, stdin: bytes = b"") -> None:
    argv = argv or ["program"]
    envp = envp if envp is not None else ["PATH=/usr/bin:/bin", "HOME=/", "TERM=dumb", "LANG=C"]
    place = place_stack(pages_to_ranges(m.mem.pages), STACK_TOP, STACK_SIZE, least=STACK_SIZE)
    m.mem.map(place.low, place.size, R | W)
    blob = bytearray()
    top = place.top

    def push_bytes(data: bytes) -> int:
        nonlocal top
        top -= len(data)
        m.mem.poke(top, data)
        return top

    random_at = push_bytes(RANDOM_BYTES)
    env_ptrs = [push_bytes(s.encode() + b"\0") for s in reversed(envp)][::-1]
    arg_ptrs = [push_bytes(s.encode() + b"\0") for s in reversed(argv)][::-1]
    execfn = arg_ptrs[0]
    auxv = [
        (AT_PHDR, image.phdr), (AT_PHENT, image.phent), (AT_PHNUM, image.phnum),
        (AT_PAGESZ, 4096), (AT_BASE, 0), (AT_FLAGS, 0), (AT_ENTRY, image.entry),
        (AT_UID, 0), (AT_EUID, 0), (AT_GID, 0), (AT_EGID, 0), (AT_HWCAP, 0), (AT_CLKTCK, 100),
        (AT_SECURE, 0), (AT_RANDOM, random_at), (AT_EXECFN, execfn), (AT_NULL, 0),
    ]
    words = [len(argv), *arg_ptrs, 0, *env_ptrs, 0]
    for key, value in auxv:
        words += [key, value]
    for w in words:
        blob += w.to_bytes(8, "little")
    sp = (top - len(blob)) & ~0xF
    m.mem.poke(sp, bytes(blob))
    m.r[1] = sp
    brk = (image.end + PAGE_MASK) & ~PAGE_MASK
    m.os_state = OsState(brk_start=brk, brk=brk, mmap_next=MMAP_BASE, stdin=stdin)
    m.syscall = Kernel()
    m.pc = image.entry
