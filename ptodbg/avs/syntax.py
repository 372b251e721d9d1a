"""The abstract syntax of the ASL subset: plain immutable nodes, no behaviour.

Node names follow ASLRef's AST (``E_Binop``, ``S_Assign`` ... in herdtools7
``asllib/AST.mli``) so the grammar in :mod:`ptodbg.avs.parser` can be checked against it.
Statement nodes carry no line number: a :class:`Block` keeps the line of each statement
beside it, so that one parsed statement can be shared by every identical line of the
generated validators.
"""

from __future__ import annotations

from dataclasses import dataclass, field


class Node:
    __slots__ = ()


# ----------------------------------------------------------------------------- types
@dataclass(frozen=True, slots=True)
class TInt(Node):
    """``integer`` or ``integer {a, b..c}``: ``ranges`` of (low, high) expressions."""

    ranges: tuple | None = None


@dataclass(frozen=True, slots=True)
class TBits(Node):
    width: Node


@dataclass(frozen=True, slots=True)
class TBool(Node):
    pass


@dataclass(frozen=True, slots=True)
class TNamed(Node):
    name: str


@dataclass(frozen=True, slots=True)
class TArray(Node):
    length: Node
    element: Node


@dataclass(frozen=True, slots=True)
class TTuple(Node):
    items: tuple


@dataclass(frozen=True, slots=True)
class TOther(Node):
    """real, string, enumeration and record types: accepted in declarations only."""

    kind: str
    names: tuple = ()


# ------------------------------------------------------------------------ expressions
@dataclass(frozen=True, slots=True)
class ELit(Node):
    value: object


@dataclass(frozen=True, slots=True)
class EVar(Node):
    name: str


@dataclass(frozen=True, slots=True)
class EUnop(Node):
    op: str  # "-", "!", "NOT"
    operand: Node


@dataclass(frozen=True, slots=True)
class EBinop(Node):
    op: str
    left: Node
    right: Node


@dataclass(frozen=True, slots=True)
class ECond(Node):
    test: Node
    then: Node
    orelse: Node


@dataclass(frozen=True, slots=True)
class ECall(Node):
    name: str
    params: tuple
    args: tuple


@dataclass(frozen=True, slots=True)
class Slice(Node):
    """``[hi:lo]`` (kind ":"), ``[lo +: width]`` ("+:"), ``[i]`` ("single")."""

    kind: str
    first: Node
    second: Node | None = None


@dataclass(frozen=True, slots=True)
class ESlice(Node):
    base: Node
    slices: tuple


@dataclass(frozen=True, slots=True)
class EGetArray(Node):
    base: Node
    index: Node


@dataclass(frozen=True, slots=True)
class EGetField(Node):
    base: Node
    name: str


@dataclass(frozen=True, slots=True)
class EGetFields(Node):
    base: Node
    names: tuple


@dataclass(frozen=True, slots=True)
class EATC(Node):
    """``e as T``: a checked type conversion."""

    expr: Node
    type: Node


@dataclass(frozen=True, slots=True)
class EPattern(Node):
    """``e IN {p, ...}``, ``e == 'mask'``; ``pattern`` is a pattern node."""

    expr: Node
    pattern: Node


@dataclass(frozen=True, slots=True)
class ETuple(Node):
    items: tuple


@dataclass(frozen=True, slots=True)
class ERecord(Node):
    type_name: str
    fields: tuple  # ((name, expr), ...)


@dataclass(frozen=True, slots=True)
class EArbitrary(Node):
    type: Node


# --------------------------------------------------------------------------- patterns
@dataclass(frozen=True, slots=True)
class PSingle(Node):
    expr: Node


@dataclass(frozen=True, slots=True)
class PRange(Node):
    low: Node
    high: Node


@dataclass(frozen=True, slots=True)
class PMask(Node):
    mask: str


@dataclass(frozen=True, slots=True)
class PAny(Node):
    items: tuple


@dataclass(frozen=True, slots=True)
class PNot(Node):
    inner: Node


@dataclass(frozen=True, slots=True)
class PAll(Node):
    pass


@dataclass(frozen=True, slots=True)
class PCompare(Node):
    op: str  # "<=" or ">="
    expr: Node


@dataclass(frozen=True, slots=True)
class PTuple(Node):
    items: tuple


# ------------------------------------------------------------------ left-hand sides
@dataclass(frozen=True, slots=True)
class LVar(Node):
    name: str


@dataclass(frozen=True, slots=True)
class LField(Node):
    base: Node
    name: str


@dataclass(frozen=True, slots=True)
class LIndex(Node):
    base: Node
    index: Node


@dataclass(frozen=True, slots=True)
class LSlice(Node):
    base: Node
    slices: tuple


@dataclass(frozen=True, slots=True)
class LTuple(Node):
    items: tuple  # LDiscard allowed


@dataclass(frozen=True, slots=True)
class LDiscard(Node):
    pass


# ------------------------------------------------------------------------ statements
@dataclass(frozen=True, slots=True)
class Block(Node):
    stmts: tuple
    lines: tuple


@dataclass(frozen=True, slots=True)
class SAssign(Node):
    target: Node
    value: Node


@dataclass(frozen=True, slots=True)
class SDecl(Node):
    """let/var/constant; ``names`` is a name, None (discard) or a tuple of those."""

    keyword: str
    names: object
    type: Node | None
    value: Node | None


@dataclass(frozen=True, slots=True)
class SCall(Node):
    call: ECall


@dataclass(frozen=True, slots=True)
class SAssert(Node):
    test: Node


@dataclass(frozen=True, slots=True)
class SReturn(Node):
    value: Node | None


@dataclass(frozen=True, slots=True)
class SIf(Node):
    arms: tuple  # ((test, Block), ...)
    orelse: Block | None


@dataclass(frozen=True, slots=True)
class SCase(Node):
    subject: Node
    alts: tuple  # ((pattern, where-or-None, Block), ...); otherwise has PAll


@dataclass(frozen=True, slots=True)
class SFor(Node):
    var: str
    start: Node
    down: bool
    stop: Node
    body: Block


@dataclass(frozen=True, slots=True)
class SWhile(Node):
    test: Node
    body: Block


@dataclass(frozen=True, slots=True)
class SRepeat(Node):
    body: Block
    test: Node


@dataclass(frozen=True, slots=True)
class SPass(Node):
    pass


@dataclass(frozen=True, slots=True)
class SUnreachable(Node):
    pass


# ---------------------------------------------------------------------- declarations
@dataclass(slots=True)
class Function:
    """A subprogram: ``params`` are the ``{N}`` parameters, ``args`` (name, type) pairs."""

    name: str
    params: tuple
    args: tuple
    returns: Node | None
    body: Block
    filename: str
    line: int
    compiled: object = field(default=None, repr=False)


@dataclass(frozen=True, slots=True)
class TypeDecl:
    name: str
    type: Node
    fields: tuple = ()  # record fields: ((name, type), ...)


@dataclass(frozen=True, slots=True)
class GlobalDecl:
    keyword: str
    name: str
    type: Node | None
    value: Node | None
    line: int


@dataclass(slots=True)
class Module:
    """One parsed file: its functions, types and global storage, in source order."""

    filename: str
    functions: dict = field(default_factory=dict)
    types: dict = field(default_factory=dict)
    globals: list = field(default_factory=list)
