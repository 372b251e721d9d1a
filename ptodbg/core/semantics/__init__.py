"""Instruction semantics: one builder per mnemonic, grouped by family (Spike's layout).

A *builder* turns one decoded instruction into a *handler*::

    @semantic("ADDI")
    def addi(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
        ...
        def h(pc: int) -> int:      # executes the instruction at pc, returns the next TPC
            ...
        return h

Rules every handler follows:

* Raise :class:`~ptodbg.core.faults.Fault` *before* changing any state (precise faults):
  read and check everything first, then write.
* Sources are read once at the start (Reg5 snapshot semantics, ADR-0027/0029), so a
  destination that aliases a source or a queue push never changes an operand.
* Use the memory fast maps only for plain, aligned, single-page accesses; everything
  else (events, permissions, watchpoints, copy-on-write) goes through ``m.mem``'s methods.
* T/U availability of the Reg5 source fields and the form's constraints are checked by
  the machine before the handler runs; block placement too, through the rules registered
  here with :func:`placement`.
* A builder whose instruction reads the attempt counter, or changes the machine's mode,
  returns :class:`PreciseOnly` around its handler: the machine runs it only on its
  precise (counted) path; the fast loop raises :class:`~ptodbg.core.faults.SyncRequest`
  in its place.
* Whether an instruction is a block command is a fact of its form (``form.surface``),
  not of its handler.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from ptodbg.core.faults import BUNDLE_TRAP, Fault
from ptodbg.core.state import COND, GPR_COUNT, KIND_FP, KIND_STD, KIND_SYS, PUSH_T, PUSH_U

if TYPE_CHECKING:
    from ptodbg.core.machine import Handler, Machine
    from ptodbg.isa.forms import Form



class PreciseOnly(NamedTuple):
    """A built instruction that must run on the machine's precise path: ``run`` is its
    handler.  (CYCLE/TIME reads need the attempt count up to date; ACRC and ACRE change
    the SYS-terminal state the fast loop does not look at.)"""

    run: Callable[[int], int]


Builder = Callable[["Machine", "Form", dict[str, int], int, int], "Handler | PreciseOnly"]
Placement = Callable[["Machine", int], None]

_BUILDERS: dict[str, Builder] = {}
_PLACEMENT: dict[str, Placement] = {}
_LOADED = False


#: Mnemonics whose builder also takes the instruction word (a sixth argument): the few
#: whose semantics record the word itself (B.HINT's _LastBundleHintPayload).
WORD_BUILDERS: set[str] = set()


def semantic(*mnemonics: str, word: bool = False) -> Callable[[Builder], Builder]:
    """Register a builder for one or more mnemonics (``word``: it takes the instruction
    word after the length)."""

    def register(fn: Builder) -> Builder:
        for name in mnemonics:
            if name in _BUILDERS:
                raise ValueError(f"two builders for {name}")
            _BUILDERS[name] = fn
            if word:
                WORD_BUILDERS.add(name)
        return fn

    return register


def build(builder: Builder, m: Machine, form: Form, values: dict[str, int], pc: int, length: int,
          insn: int) -> Handler | PreciseOnly:
    """Call a builder with the arguments it takes."""
    if form.mnemonic in WORD_BUILDERS:
        return builder(m, form, values, pc, length, insn)  # type: ignore[call-arg]
    return builder(m, form, values, pc, length)


def placement(rule: Placement, *mnemonics: str) -> None:
    """Register the block-placement rule of scalar mnemonics (ScalarOperationApplicable)."""
    for name in mnemonics:
        _PLACEMENT[name] = rule


def _load() -> None:
    global _LOADED
    if not _LOADED:
        from ptodbg.core.semantics import (  # noqa: F401
            agu,
            alu,
            amo,
            blocks,
            bru,
            fsu,
            sysops,
            templates,
            tileblocks,
        )

        _LOADED = True


def builders() -> dict[str, Builder]:
    _load()
    return _BUILDERS


def placement_rules() -> dict[str, Placement]:
    _load()
    return _PLACEMENT


# ---------------------------------------------------------------- placement rules
def in_sys_block(m: Machine, pc: int) -> None:
    """SYS-set instructions need an open SYS block (whose body they enter)."""
    if not m.blk or m.bkind != KIND_SYS:
        raise Fault(BUNDLE_TRAP, pc, reason="this instruction needs an open SYS block")


def in_cond_block(m: Machine, pc: int) -> None:
    """SETC.<cond>: open COND block, no earlier successful SETC in it."""
    if not m.blk or m.btype != COND:
        raise Fault(BUNDLE_TRAP, pc, reason="SETC needs an open COND block")
    if m.cond_set:
        raise Fault(BUNDLE_TRAP, pc, reason="this block already set its condition")


def in_std_or_fp_block(m: Machine, pc: int) -> None:
    if not m.blk or m.bkind not in (KIND_STD, KIND_FP):
        raise Fault(BUNDLE_TRAP, pc, reason="SETC.TGT needs an open STD or FP block")


def in_std_or_fp_block_once(m: Machine, pc: int) -> None:
    in_std_or_fp_block(m, pc)
    if m.tgt_set:
        raise Fault(BUNDLE_TRAP, pc, reason="C.SETC.TGT was already used in this block")


def in_any_block(m: Machine, pc: int) -> None:
    if not m.blk:
        raise Fault(BUNDLE_TRAP, pc, reason="this instruction needs an open block")


# ------------------------------------------------------------------ small helpers
MASK64 = (1 << 64) - 1
MASK32 = (1 << 32) - 1


def sext(value: int, bits: int) -> int:
    """Sign-extend the low ``bits`` of value to a Python int."""
    value &= (1 << bits) - 1
    return value - (1 << bits) if value >> (bits - 1) else value


def sx64(value: int) -> int:
    """Signed view of a 64-bit value."""
    return value - (1 << 64) if value >> 63 else value


def writer(m: Machine, code: int) -> Callable[[int], None]:
    """A function publishing a value through destination code ``code``
    (WriteScalarDestination: GPR 1..23, 30 push U, 31 push T, others discard)."""
    r = m.r
    if 0 < code < GPR_COUNT:

        def to_gpr(value: int) -> None:
            r[code] = value

        return to_gpr
    if code == PUSH_T:
        return m.push_t
    if code == PUSH_U:
        return m.push_u

    def discard(value: int) -> None:
        return None

    return discard
