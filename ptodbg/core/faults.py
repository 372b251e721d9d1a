"""Faults, trap numbers and the emulator's own halts.

A semantic handler that cannot complete raises :class:`Fault` *before* it changes any
state: PTO faults are precise (``asl/arch/memory-model/fault-precision.asl``), so the
machine can enter the trap with the pre-instruction context still intact.

Trap numbers and names follow ``spec/catalog/system-registers.json`` (trap_numbers) and
``asl/arch/memory-model/fault-precision.asl`` (SetFaultWithCause).
"""

from __future__ import annotations

EXEC_STATE_CHECK = 0
ILLEGAL_INST = 4
BUNDLE_TRAP = 5
SCALL = 6
INST_PC_FAULT = 32
INST_PAGE_FAULT = 33
DATA_ALIGN_FAULT = 34
DATA_PAGE_FAULT = 35
INTERRUPT = 44
HW_BREAKPOINT = 49
SW_BREAKPOINT = 50
HW_WATCHPOINT = 51
ASSERT_FAIL = 52

TRAP_NAMES: dict[int, str] = {
    EXEC_STATE_CHECK: "EXEC_STATE_CHECK",
    ILLEGAL_INST: "ILLEGAL_INST",
    BUNDLE_TRAP: "BUNDLE_TRAP",
    SCALL: "SCALL",
    INST_PC_FAULT: "INST_PC_FAULT",
    INST_PAGE_FAULT: "INST_PAGE_FAULT",
    DATA_ALIGN_FAULT: "DATA_ALIGN_FAULT",
    DATA_PAGE_FAULT: "DATA_PAGE_FAULT",
    INTERRUPT: "INTERRUPT",
    HW_BREAKPOINT: "HW_BREAKPOINT",
    SW_BREAKPOINT: "SW_BREAKPOINT",
    HW_WATCHPOINT: "HW_WATCHPOINT",
    ASSERT_FAIL: "ASSERT_FAIL",
}

# What TRAPARG0 holds for each trap, for the trap pane and the recovery hint.
TRAP_ARGUMENT: dict[int, str] = {
    EXEC_STATE_CHECK: "source TPC",
    ILLEGAL_INST: "instruction address",
    BUNDLE_TRAP: "instruction address",
    SCALL: "source TPC",
    INST_PC_FAULT: "invalid target",
    INST_PAGE_FAULT: "fetch address",
    DATA_ALIGN_FAULT: "data address",
    DATA_PAGE_FAULT: "data address",
    INTERRUPT: "interrupt id",
    SW_BREAKPOINT: "instruction address",
    ASSERT_FAIL: "instruction address",
}


def trap_name(number: int) -> str:
    return TRAP_NAMES.get(number, f"TRAP_{number}")


class Fault(Exception):
    """An architectural fault raised by an instruction attempt.

    ``arg`` becomes TRAPARG0 (and the new TPC when the bank's EVBASE is 0).  ``cause`` is
    the 24-bit cause (EBREAK immediate, ACRC request type).  ``resume`` is set only by the
    faults that save a TPC other than the faulting instruction's: the service request
    (ACRC saves TPC + 4) and the post-commit bundle trap (saves the committed next PC);
    their handlers have already applied their effects.  ``reason`` is a human sentence
    for the debugger; it is not architectural.  ``ring`` overrides the target bank (service
    requests choose it by request type, ``ServiceRequestTarget``).  ``preserve_bank`` keeps a
    saved context already in the target bank (ACRE faults: ArchitectureEnterRequest puts
    the bank's recovery context back).  ``code`` names the spec's FaultCode where several
    share the trap number (the tile rejections TileLegality and TileAllocation share trap 5
    with BundleControl); empty otherwise.
    """

    __slots__ = ("number", "arg", "cause", "resume", "reason", "ring", "preserve_bank", "code")

    def __init__(
        self,
        number: int,
        arg: int,
        cause: int = 0,
        resume: int | None = None,
        reason: str = "",
        ring: int | None = None,
        preserve_bank: bool = False,
        code: str = "",
    ) -> None:
        super().__init__(number, arg)
        self.number = number
        self.arg = arg
        self.cause = cause
        self.resume = resume
        self.reason = reason
        self.ring = ring
        self.preserve_bank = preserve_bank
        self.code = code

    def __repr__(self) -> str:
        return f"Fault({trap_name(self.number)}, arg={self.arg:#x}, reason={self.reason!r})"


class Halt(Exception):
    """The emulator cannot go on for a reason outside the architecture.

    Examples: fetching outside the reference profile's memory (docs/architecture-notes.md §7.12), a form
    ptodbg decodes but does not execute (tile blocks), a program that has exited.
    The machine state is left exactly as it was before the attempt.
    """


class StopAtPC(Exception):
    """Raised by the sentinel handler that marks a stop address (breakpoint, stop symbol):
    the run loop stops before the instruction there."""


class SyncRequest(Exception):
    """Raised by the fast-path stand-in of an instruction that must run on the precise
    (counted) path.

    Instructions that read the attempt counter (CYCLE, TIME) or change the machine's mode
    are built as :class:`~ptodbg.core.semantics.PreciseOnly`; the fast loop meets this
    exception before anything changed and runs the attempt on the precise path, with every
    counter up to date.
    """
