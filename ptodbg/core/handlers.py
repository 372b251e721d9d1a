"""Binding a decoded instruction to its prepared handler (docs/interfaces.md §8).

A *handler* is a closure with the instruction's fields already extracted: ``handler(pc)``
executes the instruction at ``pc`` and returns the next TPC, or raises
:class:`~ptodbg.core.faults.Fault` before changing anything.  :class:`HandlerFactory`
builds one from the semantics' builder for the form (:mod:`ptodbg.core.semantics`) and
wraps it in the checks ExecuteScalarInstruction makes first (``asl/scalar/model/dispatch/
top-level.asl``): block placement, the form's constraints, T/U availability of the
sources.  The decode cache (:mod:`ptodbg.core.decodecache`) keeps what it builds per
address; a translation (:mod:`ptodbg.core.translate`) asks it for a form's checks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ptodbg.core.faults import ILLEGAL_INST, Fault, Halt, SyncRequest
from ptodbg.core.semantics import (
    Placement,
    PreciseOnly,
    build,
    builders,
    in_any_block,
    in_cond_block,
    in_sys_block,
    placement_rules,
)
from ptodbg.core.semantics.shapes import shaped_mnemonics
from ptodbg.core.state import COND, KIND_SYS, T_BASE, U_BASE
from ptodbg.isa.legacy import legacy_form

if TYPE_CHECKING:
    from ptodbg.core.machine import Machine
    from ptodbg.isa.forms import Form

Handler = Callable[[int], int]

# Reg5 source fields of scalar forms (checked for T/U availability before any effect).
SOURCE_FIELDS = ("SrcL", "SrcR", "SrcD", "SrcD1", "SrcP", "SrcA")


class HandlerFactory:
    """Builds the handlers of one machine's instructions (see the module docstring)."""

    def __init__(self, m: Machine) -> None:
        self.m = m
        self._builders = builders()
        self._placement = dict(placement_rules())
        self._shaped = shaped_mnemonics()
        self._by_word: dict[tuple[int, int], tuple[Handler, Handler | None]] = {}  # shaped forms
        # id(form) -> its Reg5 source fields, and the T/U valid bits its implicit sources need
        self._source_fields: dict[int, tuple[tuple[str, ...], int, int]] = {}

    def executes(self, form: Form) -> bool:
        """Whether ptodbg has semantics for ``form`` (others decode, and halt when run)."""
        return form.mnemonic in self._builders

    def relax_sys_placement(self, relaxed: bool) -> None:
        """With ``relaxed``, forms that must sit in a SYS block may sit in any open block
        (the linx-v0.4 compatibility mode); otherwise the strict 0.58.3 rules."""
        self._placement = dict(placement_rules())
        if relaxed:
            for name, rule in list(self._placement.items()):
                if rule is in_sys_block:
                    self._placement[name] = in_any_block

    def clear(self) -> None:
        """Forget the handlers shared between copies of an instruction word."""
        self._by_word.clear()

    def guards(self, form: Form, values: dict[str, int]) -> tuple[Placement | None, int, int]:
        """The checks ExecuteScalarInstruction makes before a scalar form's handler: its
        placement rule and the T/U queue slots its Reg5 sources (and the sources it reads
        without a field, ``form.implicit_sources``: T#1 of the compressed stores and shifts)
        read, as valid-bit masks (bit k-1: T#k / U#k)."""
        if form.surface == "command":
            return None, 0, 0
        got = self._source_fields.get(id(form))
        if got is None:
            got = self._source_fields[id(form)] = (tuple(n for n in SOURCE_FIELDS if n in form.by_name),
                                                   *_queue_need(form.implicit_sources))
        names, need_t, need_u = got
        for name in names:
            code = values[name]
            if code >= T_BASE:
                if code < U_BASE:
                    need_t |= 1 << (code - T_BASE)
                else:
                    need_u |= 1 << (code - U_BASE)
        return self._placement.get(form.mnemonic), need_t, need_u

    def build(self, pc: int, form: Form | None, insn: int, length: int) -> tuple[Handler, Handler | None]:
        """(fast handler, precise-path handler or None) of one decoded instruction.

        A shaped form's handler takes its address as an argument and nothing else from
        where it sits, so one handler serves every copy of the same instruction word."""
        if form is None:
            return _raiser(ILLEGAL_INST, _illegal_reason(insn, length)), None
        if form.mnemonic in self._shaped:
            got = self._by_word.get((insn, length))
            if got is None:
                got = self._by_word[(insn, length)] = self._build_form(pc, form, insn, length)
            return got
        return self._build_form(pc, form, insn, length)

    def _build_form(self, pc: int, form: Form, insn: int, length: int) -> tuple[Handler, Handler | None]:
        m = self.m
        values = form.values(insn)
        if form.variants:  # which encoding variant it is (BSTART.TMOV/TSTORE) is in the word
            values["_encoding"] = insn
        placement, need_t, need_u = self.guards(form, values)
        bad = form.violation(values)
        precise: Handler | None = None
        if bad is not None:
            inner: Handler = _raiser(ILLEGAL_INST, f"{form.mnemonic}: {bad.describe()}")
            need_t = need_u = 0  # the constraint fault comes before the queue check
        else:
            builder = self._builders.get(form.mnemonic)
            if builder is None:
                inner = _halter(f"{form.mnemonic} decodes, but ptodbg does not execute it")
            else:
                built = build(builder, m, form, values, pc, length, insn)
                if isinstance(built, PreciseOnly):
                    inner, precise = _sync_request, built.run
                else:
                    inner = built
        if placement is None and not (need_t or need_u):
            return inner, precise
        if precise is not None:
            precise = _guarded(m, placement, need_t, need_u, precise)
        return _guarded(m, placement, need_t, need_u, inner), precise


def _illegal_reason(insn: int, length: int) -> str:
    legacy = legacy_form(insn, length)
    if legacy is not None:
        return (f"{legacy[1].mnemonic} is a LinxISA {legacy[0].split('-')[1]} form that "
                f"PTO 0.58.3 reserves; run with --compat {legacy[0]}")
    return f"no PTO 0.58.3 form matches {insn:#0{length // 4 + 2}x} ({length} bits)"


def _queue_need(codes: Iterable[int]) -> tuple[int, int]:
    """Which T and U entries must be valid (bit k-1: T#k / U#k) for Reg5 source ``codes``
    to be readable."""
    need_t = need_u = 0
    for code in codes:
        if code >= U_BASE:
            need_u |= 1 << (code - U_BASE)
        elif code >= T_BASE:
            need_t |= 1 << (code - T_BASE)
    return need_t, need_u


def _raiser(number: int, reason: str) -> Handler:
    def fault(pc: int) -> int:
        raise Fault(number, pc, reason=reason)

    return fault


def _halter(message: str) -> Handler:
    def halt(pc: int) -> int:
        raise Halt(f"{message} (at {pc:#x})")

    return halt


def _sync_request(pc: int) -> int:
    """The fast-loop stand-in of a :class:`PreciseOnly` instruction."""
    raise SyncRequest()


def _guarded(
    m: Machine,
    placement: Placement | None,
    need_t: int,
    need_u: int,
    inner: Handler,
) -> Handler:
    """Checks in ExecuteScalarInstruction order: placement (BUNDLE_TRAP), then the form's
    constraints (already folded into ``inner`` for an illegal encoding, which needs no
    queue slots), then T/U availability."""
    if not (need_t or need_u):
        # The hot cases get the rule's test inline (one call instead of two); the rule
        # itself still raises, with its message, when the test fails.
        if placement is in_cond_block:

            def cond_only(pc: int) -> int:
                if not m.blk or m.btype != COND or m.cond_set:
                    in_cond_block(m, pc)
                return inner(pc)

            return cond_only
        if placement is in_sys_block:

            def sys_only(pc: int) -> int:
                if not m.blk or m.bkind != KIND_SYS:
                    in_sys_block(m, pc)
                return inner(pc)

            return sys_only

    def guarded(pc: int) -> int:
        if placement is not None:
            placement(m, pc)
        if m.t_valid & need_t != need_t or m.u_valid & need_u != need_u:
            raise Fault(ILLEGAL_INST, pc, reason="reads a T/U queue slot that holds no value")
        return inner(pc)

    return guarded
