"""The decode cache: each address decoded once, bound to its handler, and dropped exactly
when its bytes change (docs/interfaces.md §8).

:class:`DecodeCache` keeps, per instruction address, the decode (form, instruction value,
length), the fast handler the run loops call (``handlers``), the precise-path handler of
an instruction that needs one, and the static GPR write mask (``write_masks``,
:mod:`ptodbg.core.writeset`).  The memory reports every write to a byte marked as code
(``Memory.on_code_write`` is :meth:`DecodeCache.invalidate`), and the cache drops exactly
the instructions whose bytes the write overlaps, with whatever was built from them (the
translated blocks holding them: the ``on_forget`` hook).

Stop addresses (breakpoints) are sentinel entries in ``handlers``: the run loop's lookup
costs nothing when there are none, and the real handler waits behind the sentinel.

:func:`decode_span` is the core's one statement of which bytes decide what decodes at an
address (the fused-call length rule: docs/architecture-notes.md, instruction length).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ptodbg.base.record import Frozen
from ptodbg.core.faults import Fault, Halt, StopAtPC
from ptodbg.core.handlers import Handler, HandlerFactory
from ptodbg.core.memory import PAGE_SHIFT
from ptodbg.core.writeset import ALL_GPRS, static_mask
from ptodbg.isa.fetch import (
    FUSED_FIRST_NIBBLE,
    LENGTH_BY_NIBBLE,
    Unfetchable,
    fetch_instruction,
    split_window,
)

if TYPE_CHECKING:
    from ptodbg.core.machine import Machine
    from ptodbg.core.semantics import Placement
    from ptodbg.isa.forms import Form

Decoded = tuple["Form | None", int, int]  # (form or None when illegal, instruction value, length in bits)


def decode_span(first_half: int) -> int:
    """How many bytes from an instruction's address decide what decodes there, given its
    first halfword: the instruction's length, except after a C.BSTART DIRECT halfword (low
    nibble 0x2), where the next halfword decides too (with the C.SETRET pattern the two
    are one 32-bit BSTART.CALL; :func:`ptodbg.isa.fetch.fetch_instruction` applies that).

    Why one function: the decode cache marks these bytes as code and drops the decode when
    a write overlaps them (a store that turns the halfword after a C.BSTART into a
    C.SETRET changes the instruction before it); a listing reads them (those mapped) to
    find the instruction's length."""
    nibble = first_half & 0xF
    return 4 if nibble == FUSED_FIRST_NIBBLE else LENGTH_BY_NIBBLE[nibble] >> 3


# decode_span by the first halfword's low nibble (which alone decides it): for the decode
# cache's first decode of an address, where a call would cost more than the rest.
SPAN_BY_NIBBLE: tuple[int, ...] = tuple(decode_span(nibble) for nibble in range(16))


def stop_sentinel(pc: int) -> int:
    """The handler at a stop address: the run loop stops before the instruction."""
    raise StopAtPC(pc)


class PeekedInstruction(Frozen):
    """The instruction at ``pc`` as :meth:`DecodeCache.peek` sees it.

    ``form`` is None when no form matches (an illegal instruction) or when the instruction
    is not wholly mapped; ``length`` is in bits (the mapped bits when not wholly mapped,
    0 when nothing at ``pc`` is); ``problem`` is None when executing at ``pc`` would fetch
    the instruction, else why not (as its INST_PAGE_FAULT or halt would say)."""

    pc: int
    form: Form | None
    insn: int
    length: int
    problem: str | None

    @property
    def fetchable(self) -> bool:
        return self.problem is None


class DecodeCache:
    """The decoded instructions of one machine, by address (see the module docstring).

    ``handlers`` and ``write_masks`` are the run loops' tables (read, never written, by
    them: a dictionary lookup per instruction); everything else goes through methods."""

    def __init__(self, m: Machine, on_forget: Callable[[int], None]) -> None:
        self.m = m
        self.factory = HandlerFactory(m)
        self.on_forget = on_forget  # called with the address of each instruction dropped
        self.handlers: dict[int, Handler] = {}  # pc -> fast handler (stop addresses: the sentinel)
        self.write_masks: dict[int, int] = {}  # pc -> static GPR write mask (core.writeset)
        self._decoded: dict[int, Decoded] = {}
        self._precise: dict[int, Handler] = {}  # precise-path handlers of PreciseOnly forms
        self._shadow: dict[int, Handler] = {}  # real handlers hidden behind stop sentinels
        self._code_pcs: dict[int, set[int]] = {}  # page -> decoded pcs whose bytes touch it
        mem, faults = m.mem, m.profile.fetch_faults
        self._fetch_half = mem.fetch_reader(faults)
        self._fetch_window = mem.fetch_window_reader(faults)

    # ------------------------------------------------------------ reading
    def __contains__(self, pc: int) -> bool:
        return pc in self._decoded

    def __len__(self) -> int:
        return len(self._decoded)

    def entries(self) -> dict[int, Decoded]:
        """Every decoded instruction by address (a copy)."""
        return dict(self._decoded)

    def decoded(self, pc: int) -> Decoded | None:
        """The decode at ``pc`` if there is one; never decodes."""
        return self._decoded.get(pc)

    def is_command(self, pc: int) -> bool:
        """Whether the decoded instruction at ``pc`` is a block command (trap entry's
        body rule: a command at the header end never enters the body)."""
        got = self._decoded.get(pc)
        return got is not None and got[0] is not None and got[0].surface == "command"

    def code_pages(self) -> list[int]:
        """The page numbers holding bytes of decoded instructions."""
        return list(self._code_pcs)

    # ------------------------------------------------------------ decoding
    def decode(self, pc: int) -> Decoded:
        """(form, instruction value, length in bits) at ``pc`` for execution, cached per
        address; raises the fetch Fault (or Halt) when the instruction cannot be fetched."""
        got = self._decoded.get(pc)
        if got is not None:
            return got
        m = self.m
        window = self._fetch_window(pc)
        if window is not None:
            insn, length = split_window(window)
        else:
            try:
                insn, length = fetch_instruction(self._fetch_half, pc)
            except Unfetchable as u:
                # The precise fault, for the whole range up to the first unreadable halfword.
                m.mem.fetch(pc, u.address + 2 - pc, m.profile.fetch_faults)
                raise AssertionError("Memory.fetch accepted an unfetchable halfword") from None
        form = m.decoder.decode(insn, length)
        got = (form, insn, length)
        self._decoded[pc] = got
        span = SPAN_BY_NIBBLE[insn & 0xF]  # decode_span
        m.mem.mark_code(pc, span)
        code_pcs = self._code_pcs
        pn = pc >> PAGE_SHIFT
        pcs = code_pcs.get(pn)
        if pcs is None:
            code_pcs[pn] = {pc}
        else:
            pcs.add(pc)
        last = (pc + span - 1) >> PAGE_SHIFT
        if last != pn:  # the instruction's bytes run into the next page
            pcs = code_pcs.get(last)
            if pcs is None:
                code_pcs[last] = {pc}
            else:
                pcs.add(pc)
        return got

    def try_decode(self, pc: int) -> Decoded | None:
        """The decode at ``pc`` when the instruction can be fetched; None, with no side
        effect (no fault, no event), when it cannot."""
        got = self._decoded.get(pc)
        if got is not None:
            return got
        try:
            fetch_instruction(self._fetch_half, pc)
        except Unfetchable:
            return None
        try:
            return self.decode(pc)
        except (Fault, Halt):
            return None

    def peek(self, pc: int) -> PeekedInstruction:
        """What the instruction at ``pc`` is, without touching the machine: no cache
        entry, no code mark, no event, no fault, no once-injection consumed, no trap state.

        The bytes of any mapped page are decoded (a view may show code in a page that is
        not executable); ``problem`` says why executing at ``pc`` could not fetch it
        (unmapped, not executable, outside a flat memory), or is None.  When not all of
        the instruction's halfwords are mapped, ``form`` is None and ``length`` counts the
        bits that are (0: nothing at ``pc`` is mapped)."""
        m = self.m
        mem, faults = m.mem, m.profile.fetch_faults
        try:
            insn, length = fetch_instruction(mem.peek_reader(), pc)
        except Unfetchable as u:
            have = u.address - pc
            insn = int.from_bytes(mem.peek(pc, have), "little") if have > 0 else 0
            return PeekedInstruction(pc, None, insn, have * 8, mem.fetch_problem(pc, max(have, 0) + 2, faults))
        return PeekedInstruction(pc, m.decoder.decode(insn, length), insn, length,
                                 mem.fetch_problem(pc, length // 8, faults))

    # ------------------------------------------------------------ handlers
    def handler_at(self, pc: int) -> Handler:
        """The real handler for ``pc`` (never a stop sentinel); builds and caches it."""
        h = self.handlers.get(pc)
        if h is stop_sentinel:
            h = self._shadow.get(pc)
        if h is None:
            form, insn, length = self.decode(pc)
            h, precise = self.factory.build(pc, form, insn, length)
            if precise is not None:
                self._precise[pc] = precise
            if pc in self.m.stop_pcs:
                self._shadow[pc] = h
            else:
                self.handlers[pc] = h
        return h

    def precise_at(self, pc: int) -> Handler | None:
        """The precise-path handler of the instruction built at ``pc``, when it needs one
        (a :class:`~ptodbg.core.semantics.PreciseOnly` form); None otherwise."""
        return self._precise.get(pc)

    def build(self, pc: int, form: Form | None, insn: int, length: int) -> tuple[Handler, Handler | None]:
        """(fast, precise or None) handlers of an instruction at ``pc``, not cached (an
        instruction given as a value, not fetched)."""
        return self.factory.build(pc, form, insn, length)

    def guards(self, form: Form, values: dict[str, int]) -> tuple[Placement | None, int, int]:
        """The form's placement rule and the T/U valid bits its sources read (HandlerFactory.guards)."""
        return self.factory.guards(form, values)

    def executes(self, form: Form) -> bool:
        """Whether ptodbg has semantics for ``form``."""
        return self.factory.executes(form)

    def write_mask(self, pc: int) -> int:
        """The static GPR write mask of the instruction decoded at ``pc``
        (:func:`ptodbg.core.writeset.static_mask`), remembered until the decode is
        dropped; ALL_GPRS when nothing is decoded there (a superset), and for every
        instruction when the machine does not track writes."""
        got = self._decoded.get(pc)
        if got is None:
            return ALL_GPRS
        if not self.m.track_writes:
            self.write_masks[pc] = ALL_GPRS
            return ALL_GPRS
        form, insn, _ = got
        mask = static_mask(self.m, form, form.values(insn)) if form is not None else 0
        self.write_masks[pc] = mask
        return mask

    # ------------------------------------------------------------ stops
    def add_stop(self, pc: int) -> None:
        """Put the stop sentinel at ``pc`` (the real handler waits behind it)."""
        self.handlers[pc] = stop_sentinel

    def remove_stop(self, pc: int) -> None:
        if self.handlers.get(pc) is stop_sentinel:
            del self.handlers[pc]
            real = self._shadow.pop(pc, None)
            if real is not None:
                self.handlers[pc] = real

    # ------------------------------------------------------------ invalidation
    def clear(self, stops: Iterable[int]) -> None:
        """Forget every decoded instruction (a new decoder, a new program); the sentinels
        of ``stops`` stay."""
        self.handlers.clear()
        self._decoded.clear()
        self._precise.clear()
        self.factory.clear()
        self._shadow.clear()
        self._code_pcs.clear()
        self.write_masks.clear()
        self.m.mem.clear_code()
        for pc in stops:
            self.handlers[pc] = stop_sentinel

    def invalidate(self, addr: int, size: int) -> None:
        """Drop the decoded instructions whose bytes overlap [addr, addr+size) (the
        memory's ``on_code_write``): a store into a code page costs this range test, and
        self-modifying code re-decodes exactly what it changed."""
        end = addr + size
        decoded = self._decoded
        if size <= 64:
            candidates = [pc for pc in range(addr - 7, end) if pc in decoded]
        else:
            candidates = list({pc for pn in range(addr >> PAGE_SHIFT, ((end - 1) >> PAGE_SHIFT) + 1)
                               for pc in self._code_pcs.get(pn, ())})
        for pc in candidates:
            _, insn, _ = decoded[pc]
            if pc < end and addr < pc + decode_span(insn & 0xFFFF):
                self.forget(pc)

    def recheck(self, pages: Iterable[int]) -> None:
        """Drop the decoded instructions on ``pages`` that no longer fetch as they did
        (after a restore replaced those pages or their permissions)."""
        for pn in pages:
            for pc in list(self._code_pcs.get(pn, ())):
                if pc in self._decoded and not self._still_decodes(pc):
                    self.forget(pc)

    def forget(self, pc: int) -> None:
        """Drop everything decoded or built for the instruction at ``pc``."""
        _, insn, _ = self._decoded.pop(pc)
        span = decode_span(insn & 0xFFFF)
        self.m.mem.unmark_code(pc, span)
        for pn in range(pc >> PAGE_SHIFT, ((pc + span - 1) >> PAGE_SHIFT) + 1):
            pcs = self._code_pcs.get(pn)
            if pcs is not None:
                pcs.discard(pc)
                if not pcs:
                    del self._code_pcs[pn]
        self._precise.pop(pc, None)
        self._shadow.pop(pc, None)
        self.write_masks.pop(pc, None)
        if self.handlers.get(pc) is not stop_sentinel:
            self.handlers.pop(pc, None)
        self.on_forget(pc)

    def _still_decodes(self, pc: int) -> bool:
        """Whether fetching at ``pc`` now gives the instruction decoded there."""
        _, insn, length = self._decoded[pc]
        try:
            return fetch_instruction(self._fetch_half, pc) == (insn, length)
        except Unfetchable:
            return False
