"""The abstract syntax of the ASL subset: plain immutable nodes, no behaviour.

Node names follow ASLRef's AST (``E_Binop``, ``S_Assign`` ... in herdtools7
``asllib/AST.mli``) so the grammar in :mod:`ptodbg.avs.parser` can be checked against it.
Statement nodes carry no line number: a :class:`Block` keeps the line of each statement
beside it, so that one parsed statement can be shared by every identical line of the
generated validators.
"""

from __future__ import annotations

from dataclasses import dataclass, field, make_dataclass


class Node:
    __slots__ = ()


def _node(name: str, /, **fields: object) -> type[Node]:
    """The node class ``name``: a frozen, slotted dataclass deriving from :class:`Node`
    whose ``fields`` (name=type, in order) are its children and attributes; a field given
    as ``(type, default)`` may be left out.  Frozen and compared by value, so that the
    parser can share one node among identical statements; slotted, because the
    validators make millions of them."""
    spec = [(k, v[0], field(default=v[1])) if isinstance(v, tuple) else (k, v) for k, v in fields.items()]
    cls = make_dataclass(name, spec, bases=(Node,), frozen=True, slots=True)
    cls.__module__ = __name__
    return cls


# The nodes, one line each: name, then its fields.  Node names and fields follow ASLRef's
# AST (E_Binop's op/left/right ...); a tuple field holds nodes unless its comment says.

# ----------------------------------------------------------------------------- types
TInt = _node("TInt", ranges=(tuple | None, None))  # ``integer {a, b..c}``: (low, high) expressions
TBits = _node("TBits", width=Node)
TBool = _node("TBool")
TNamed = _node("TNamed", name=str)
TArray = _node("TArray", length=Node, element=Node)
TTuple = _node("TTuple", items=tuple)
# real, string, enumeration and record types: accepted in declarations only
TOther = _node("TOther", kind=str, names=(tuple, ()))

# ------------------------------------------------------------------------ expressions
ELit = _node("ELit", value=object)
EVar = _node("EVar", name=str)
EUnop = _node("EUnop", op=str, operand=Node)  # op: "-", "!", "NOT"
EBinop = _node("EBinop", op=str, left=Node, right=Node)
ECond = _node("ECond", test=Node, then=Node, orelse=Node)
ECall = _node("ECall", name=str, params=tuple, args=tuple)
# ``[hi:lo]`` (kind ":"), ``[lo +: width]`` ("+:"), ``[i]`` ("single", no second)
Slice = _node("Slice", kind=str, first=Node, second=(Node | None, None))
ESlice = _node("ESlice", base=Node, slices=tuple)
EGetArray = _node("EGetArray", base=Node, index=Node)
EGetField = _node("EGetField", base=Node, name=str)
EGetFields = _node("EGetFields", base=Node, names=tuple)  # names: strings
EATC = _node("EATC", expr=Node, type=Node)  # ``e as T``: a checked type conversion
# ``e IN {p, ...}``, ``e == 'mask'``; ``pattern`` is a pattern node
EPattern = _node("EPattern", expr=Node, pattern=Node)
ETuple = _node("ETuple", items=tuple)
ERecord = _node("ERecord", type_name=str, fields=tuple)  # fields: ((name, expr), ...)
EArbitrary = _node("EArbitrary", type=Node)

# --------------------------------------------------------------------------- patterns
PSingle = _node("PSingle", expr=Node)
PRange = _node("PRange", low=Node, high=Node)
PMask = _node("PMask", mask=str)
PAny = _node("PAny", items=tuple)
PNot = _node("PNot", inner=Node)
PAll = _node("PAll")
PCompare = _node("PCompare", op=str, expr=Node)  # op: "<=" or ">="
PTuple = _node("PTuple", items=tuple)

# ------------------------------------------------------------------ left-hand sides
LVar = _node("LVar", name=str)
LField = _node("LField", base=Node, name=str)
LIndex = _node("LIndex", base=Node, index=Node)
LSlice = _node("LSlice", base=Node, slices=tuple)
LTuple = _node("LTuple", items=tuple)  # LDiscard allowed
LDiscard = _node("LDiscard")

# ------------------------------------------------------------------------ statements
Block = _node("Block", stmts=tuple, lines=tuple)  # lines: the source line of each statement
SAssign = _node("SAssign", target=Node, value=Node)
# let/var/constant; ``names`` is a name, None (discard) or a tuple of those
SDecl = _node("SDecl", keyword=str, names=object, type=Node | None, value=Node | None)
SCall = _node("SCall", call=ECall)
SAssert = _node("SAssert", test=Node)
SReturn = _node("SReturn", value=Node | None)
SIf = _node("SIf", arms=tuple, orelse=Block | None)  # arms: ((test, Block), ...)
# alts: ((pattern, where-or-None, Block), ...); ``otherwise`` has PAll
SCase = _node("SCase", subject=Node, alts=tuple)
SFor = _node("SFor", var=str, start=Node, down=bool, stop=Node, body=Block)
SWhile = _node("SWhile", test=Node, body=Block)
SRepeat = _node("SRepeat", body=Block, test=Node)
SPass = _node("SPass")
SUnreachable = _node("SUnreachable")


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
