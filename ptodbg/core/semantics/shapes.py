"""Instruction semantics as source templates (*shapes*), compiled two ways.

A :class:`Shape` is the Python source of one instruction's semantics with holes: ``{name}``
is a Reg5 source read or a constant, ``{pc}`` the instruction's address, and a line that is
exactly ``{exit}`` marks where a translated block must end after a slow path (a store that
may have written code).  A *shaped* builder returns an :class:`Op`: a shape plus the values
of its holes, its destination and its length.  From one Op:

* the machine gets a per-instruction handler (:meth:`Op.handler`): a function whose code
  is compiled once per (shape, destination kind) and cached, made for each instruction
  with its operands as the parameters' defaults, so building a handler costs a function
  object, never a compile, and the handler has the shape's code inline (no calls for the
  arithmetic, a specialised body per form);
* the block translator (:mod:`ptodbg.core.translate`) pastes the same text into one
  function per block, with GPRs in locals and constants inline (:meth:`Op.block_lines`).

So each hot form's semantics is written once.  Rules for shape text: read every source
before any effect (Reg5 snapshot); raise a :class:`~ptodbg.core.faults.Fault` before any
effect (precise faults); temporaries are named ``_x``; names the generated code provides
are ``m`` (the machine), ``r`` (its Reg5 list), ``M``/``M32``/``SIGN``/``S32`` (masks),
``Fault`` and the fault numbers, ``misaligned``; anything else is a constant hole.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from types import CodeType, FunctionType
from typing import TYPE_CHECKING

from ptodbg.base.codecache import compile_cached
from ptodbg.core.faults import DATA_ALIGN_FAULT, ILLEGAL_INST, INST_PC_FAULT, Fault
from ptodbg.core.semantics import semantic
from ptodbg.core.state import GPR_COUNT, PUSH_T, PUSH_U

if TYPE_CHECKING:
    from ptodbg.core.machine import Handler, Machine
    from ptodbg.isa.forms import Form

M = (1 << 64) - 1
M32 = (1 << 32) - 1
SIGN = 1 << 63
S32 = 1 << 31


def misaligned(addr: int, size: int) -> Fault:
    """The DATA_ALIGN_FAULT of ProbeDataAccess (alignment is checked before the page)."""
    return Fault(DATA_ALIGN_FAULT, addr, reason=f"{size}-byte access at {addr:#x} is not {size}-byte aligned")


def odd_target(target: int, what: str) -> Fault:
    return Fault(INST_PC_FAULT, target, reason=f"{what} to odd address {target:#x}")


def queue_fault(pc: int) -> Fault:
    return Fault(ILLEGAL_INST, pc, reason="reads a T/U queue slot that holds no value")


# What every piece of generated code may name.
NAMESPACE: dict[str, object] = {
    "M": M, "M32": M32, "SIGN": SIGN, "S32": S32, "Fault": Fault,
    "misaligned": misaligned, "odd_target": odd_target, "queue_fault": queue_fault,
}

_HOLE = re.compile(r"\{(\w+)\}")


def sx32(expr: str) -> str:
    """Source of SignExtend{64}(expr[31:0]) as an unsigned 64-bit value."""
    return f"(((({expr}) & M32) ^ S32) - S32) & M"


# ------------------------------------------------------------------ shapes and ops
class Shape:
    """The source of one instruction's semantics (see the module docstring).

    ``kind`` says what the code yields: ``value`` publishes ``result`` to the destination
    (GPR, push T, push U or discard); ``cond`` sets the open COND block's condition from
    the boolean ``result`` (SETC.*); ``effect`` has no result.  ``next`` is the next-TPC
    expression of a jump (None: the instruction after this one).  Shapes with the same
    text share their compiled factories (``text``).  (Plain classes here: defining a
    dataclass costs about half a millisecond of start-up.)"""

    __slots__ = ("name", "body", "result", "kind", "next", "holes", "text", "text_id", "hoist", "after")

    def __init__(self, name: str, body: tuple[str, ...] = (), result: str | None = None,
                 kind: str = "value", next: str | None = None,  # noqa: A002 - the next TPC
                 hoist: Hoist | None = None, after: tuple[str, ...] = ()) -> None:
        self.name, self.body, self.result, self.kind, self.next = name, body, result, kind, next
        self.hoist = hoist
        # Block mode only: lines after the result is published (a load's slow path ends
        # the block after the load, so a watchpoint it hit stops the run right there)
        self.after = after
        seen: dict[str, None] = {}
        for line in (*body, result or "", next or ""):
            for hole in _HOLE.findall(line):
                if hole not in ("pc", "exit"):
                    seen.setdefault(hole, None)
        self.holes: tuple[str, ...] = tuple(seen)
        self.text = (body, result, kind, next)
        # A small int standing for the text (hashing the text's nested tuples on every
        # build would cost more than the rest of the factory lookup).
        self.text_id: int = _TEXT_IDS.setdefault(self.text, len(_TEXT_IDS))

    def __repr__(self) -> str:
        return f"Shape({self.name!r})"

    @property
    def exits(self) -> bool:
        return any(line.strip() == "{exit}" for line in self.body)


class Hoist:
    """How a memory shape runs inside a translated loop that calls nothing, when the
    sources its address reads (``needs``) are not written in the loop: the address,
    alignment and page probe move before the loop (``prologue``, once per block call)
    and the loop keeps the access alone (``body`` and ``result``).  Inside such a loop
    nothing changes the memory's fast maps or code marks (only calls and slow paths do,
    and a slow path ends the block), so a probe that passed at entry holds for every
    iteration.  A prologue line that is exactly ``{fallback}`` runs when a probe fails:
    the block's general code, which takes the slow path where it is due.  Names ending
    in ``{k}`` get the instruction's index, so two hoisted accesses never share one.
    Prologue lines only compute and compare: they never raise (a fault belongs to the
    access's own attempt, which the general code makes)."""

    __slots__ = ("needs", "prologue", "body", "result")

    def __init__(self, needs: tuple[str, ...], prologue: tuple[str, ...], body: tuple[str, ...] = (),
                 result: str | None = None) -> None:
        self.needs, self.prologue, self.body, self.result = needs, prologue, body, result


class Op:
    """A shape with its holes filled: Reg5 source codes, constants, the destination code
    (None: no destination) and the instruction's length in bytes."""

    __slots__ = ("shape", "srcs", "consts", "dest", "size")

    def __init__(self, shape: Shape, srcs: dict[str, int], consts: dict[str, object] | None = None,
                 dest: int | None = None, size: int = 4) -> None:
        self.shape, self.srcs, self.consts, self.dest, self.size = shape, srcs, consts or {}, dest, size

    # ---------------------------------------------------------------- closure mode
    def handler(self, m: Machine) -> Handler:
        """The per-instruction handler: the cached code of (shape, destination kind,
        source holes) as a function whose parameters after ``pc`` default to this
        instruction's machine, operands and constants."""
        shape = self.shape
        kind = shape.kind
        push = None
        if kind == "value":  # dest_kind, inline
            dest = self.dest
            if dest is None:
                kind = "none"
            elif 0 < dest < GPR_COUNT:
                kind = "gpr"
            elif dest == PUSH_T:  # one code for both queues: the push is a parameter
                kind, push = "push", m.push_t
            elif dest == PUSH_U:
                kind, push = "push", m.push_u
            else:
                kind = "none"
        srcs = self.srcs
        key = (shape.text_id, kind, tuple(srcs))
        made = _FACTORIES.get(key)
        if made is None:
            made = _FACTORIES[key] = _compile_factory(shape, kind, frozenset(srcs))
        code, namespace = made
        operands = {**srcs, **self.consts}
        return function(code, namespace, "h", (m, m.r, self.size, self.dest, push, *map(operands.__getitem__, shape.holes)))

    # ------------------------------------------------------------------ block mode
    def block_lines(self, pc: int, read: Callable[[int], str], write: Callable[[int, str], list[str]],
                    bind: Callable[[object], str], exit_line: str) -> tuple[list[str], str | None]:
        """(statements, result expression) of this op at ``pc`` inside a translated block.
        ``read(code)`` spells a source read, ``write(code, expr)`` the statements that
        publish to a destination, ``bind(obj)`` names an object constant, ``exit_line``
        replaces ``{exit}``.  Statements are unindented (nested lines keep their own
        leading spaces).  The result is the value (``value``), condition (``cond``) or
        None; publishing a value is the caller's, with ``write``."""
        subst: dict[str, str] = {"pc": str(pc)}
        for hole, code in self.srcs.items():
            subst[hole] = read(code)
        for hole, value in self.consts.items():
            subst[hole] = repr(value) if type(value) is int else bind(value)
        lines = []
        for line in self.shape.body:
            if line.strip() == "{exit}":
                lines.append(line.replace("{exit}", exit_line))
            else:
                lines.append(_fill(line, subst))
        result = _fill(self.shape.result, subst) if self.shape.result is not None else None
        return lines, result

    def hoisted_lines(self, pc: int, k: int, read: Callable[[int], str], bind: Callable[[object], str],
                      fallback: str) -> tuple[list[str], list[str], str | None]:
        """(prologue, loop statements, result) of this op hoisted (:class:`Hoist`) as
        instruction ``k`` of a loop; ``fallback`` replaces a ``{fallback}`` line."""
        hoist = self.shape.hoist
        assert hoist is not None
        subst: dict[str, str] = {"pc": str(pc), "k": str(k)}
        for hole, code in self.srcs.items():
            subst[hole] = read(code)
        for hole, value in self.consts.items():
            subst[hole] = repr(value) if type(value) is int else bind(value)
        prologue = [line.replace("{fallback}", fallback) if line.strip() == "{fallback}" else _fill(line, subst)
                    for line in hoist.prologue]
        body = [_fill(line, subst) for line in hoist.body]
        result = _fill(hoist.result, subst) if hoist.result is not None else None
        return prologue, body, result

    def next_expr(self, pc: int, read: Callable[[int], str], bind: Callable[[object], str]) -> str | None:
        """The next-TPC expression of a jump at ``pc`` in block mode (None: sequential)."""
        if self.shape.next is None:
            return None
        subst: dict[str, str] = {"pc": str(pc)}
        for hole, code in self.srcs.items():
            subst[hole] = read(code)
        for hole, value in self.consts.items():
            subst[hole] = repr(value) if type(value) is int else bind(value)
        return _fill(self.shape.next, subst)


def dest_kind(code: int | None) -> str:
    """How a result reaches Reg5 destination ``code`` (WriteScalarDestination)."""
    if code is None:
        return "none"
    if 0 < code < GPR_COUNT:
        return "gpr"
    if code == PUSH_T:
        return "t"
    if code == PUSH_U:
        return "u"
    return "none"


def push_lines(queue: str, expr: str) -> list[str]:
    """Statements pushing ``expr`` on the T or U queue (newest first, depth 4)."""
    base = 24 if queue == "t" else 28
    valid = "m.t_valid" if queue == "t" else "m.u_valid"
    return [
        f"_v = {expr}",
        f"r[{base + 3}] = r[{base + 2}]",
        f"r[{base + 2}] = r[{base + 1}]",
        f"r[{base + 1}] = r[{base}]",
        f"r[{base}] = _v",
        f"if {valid} != 15:",  # a full queue stays full (the common case: one compare)
        f"    {valid} = ({valid} << 1 | 1) & 15",
    ]


def _fill(text: str, subst: dict[str, str]) -> str:
    return _HOLE.sub(lambda mo: subst[mo.group(1)], text)


# ------------------------------------------------------------------ factories
_FACTORIES: dict[tuple[int, str, tuple[str, ...]], tuple[CodeType, dict[str, object]]] = {}
_TEXT_IDS: dict[tuple, int] = {}
function = FunctionType


def _compile_factory(shape: Shape, kind: str, srcs: frozenset[str]) -> tuple[CodeType, dict[str, object]]:
    """(code, globals) of ``h(pc, m, r, size_, dest_, push_, *holes) -> next TPC`` for one
    shape and destination kind ("gpr", "push" - T or U, the machine's push method being
    ``push_`` -, "none", "cond" or "effect"; a source hole reads ``r[hole]``, a constant
    hole is the parameter itself).  :meth:`Op.handler` makes each handler from them with
    every parameter after ``pc`` a default: locals, not closure cells, which are dearer to
    make for each instruction."""
    subst = {"pc": "pc"}
    subst.update({hole: f"r[{hole}]" if hole in srcs else hole for hole in shape.holes})
    body = []
    for line in shape.body:
        body.append("pass" if line.strip() == "{exit}" else _fill(line, subst))
    result = _fill(shape.result, subst) if shape.result is not None else None
    if kind == "gpr":
        body.append(f"r[dest_] = {result}")
    elif kind == "push":
        body.append(f"push_({result})")
    elif kind == "cond":
        body += [f"_c = {result}", "m.commit_arg = 1 if _c else 0", "m.taken = _c", "m.cond_set = True"]
    nxt = _fill(shape.next, subst) if shape.next is not None else "pc + size_"
    params = ", ".join(["pc", "m", "r", "size_", "dest_", "push_", *shape.holes])
    text = "\n".join([f"def h({params}):"] + [f"    {line}" for line in body] + [f"    return {nxt}"])
    namespace = dict(NAMESPACE)
    exec(compile_cached(text, f"<shape {shape.name} {kind}>"), namespace)  # noqa: S102 - our own templates
    return namespace["h"].__code__, namespace


# ------------------------------------------------------------------ registry
# A shape builder returns an Op, or a ready handler for the variants it has no shape for
# (those run as a call inside translated blocks).
ShapeBuilder = Callable[["Machine", "Form", dict[str, int], int], "Op | Handler"]
_SHAPED: dict[str, ShapeBuilder] = {}


def shaped(*mnemonics: str) -> Callable[[ShapeBuilder], ShapeBuilder]:
    """Register a shape builder ``fn(m, form, values, size) -> Op | Handler`` for
    mnemonics; it also serves as their semantic builder (the per-instruction handler is
    ``op.handler(m)``)."""

    def register(fn: ShapeBuilder) -> ShapeBuilder:
        def build(m: Machine, form: Form, v: dict[str, int], pc: int, length: int) -> Handler:
            got = fn(m, form, v, length // 8)
            return got.handler(m) if isinstance(got, Op) else got

        build.__doc__ = fn.__doc__
        semantic(*mnemonics)(build)
        for name in mnemonics:
            _SHAPED[name] = fn
        return fn

    return register


def shape_of(mnemonic: str) -> ShapeBuilder | None:
    """The shape builder of a mnemonic, when its semantics are shapes."""
    return _SHAPED.get(mnemonic)


def shaped_mnemonics() -> frozenset[str]:
    """Every mnemonic whose semantics are shapes (their handlers depend on the
    instruction word alone)."""
    return frozenset(_SHAPED)
