"""Demangle Itanium C++ ABI symbol names (``_Z...``) in pure Python.

The debugger shows backtraces and call targets of C++ programs built with LLVM/libc++,
whose ELF symbols are mangled.  `demangle` turns them back into the spelling GNU
``c++filt`` (and therefore gdb) prints, character for character::

    >>> demangle("_ZNSt3__16vectorIiNS_9allocatorIiEEE9push_backERKi")
    'std::__1::vector<int, std::__1::allocator<int> >::push_back(int const&)'

It is written from the mangling grammar of the Itanium C++ ABI, section 5.1 "External
Names" (https://itanium-cxx-abi.github.io/cxx-abi/abi.html#mangling), in two passes:

* `_Parser` is a recursive-descent parser with one method per grammar production.  It
  builds a small tree of `_Node` records and keeps the substitution table of the grammar
  (``S_``, ``S0_``...), so that a back reference is the referenced node itself and the
  tree is really a DAG.  Template parameters (``T_``, ``T0_``...) stay references, which
  the printer looks up as c++filt does.
* `_Printer` renders the tree.  C++ declarators read inside out (``void (*)(int)``,
  ``char const (&) [10]``), so a type is printed by wrapping a declarator string from the
  outermost type constructor inwards, as a C compiler reads them.

c++filt (GNU libiberty) has quirks beyond the ABI, which callers expect to see since gdb
shares them; where a quirk is cheap to reproduce the printer does (``>>`` after an empty
pack, the ``T_`` scoping of `_Printer.ref_operand`...), elsewhere it gives up.

Productions outside the supported subset (expressions, ``decltype``, template parameter
declarations of generic lambdas, ...) make the parser give up, and `demangle` returns None
so that callers show the raw name rather than a wrong one.  Input length, nesting depth
and output size are bounded, so hostile input costs milliseconds and never raises.
"""

from __future__ import annotations

import re

from ptodbg.base.record import Record, make_record

__all__ = ["demangle"]

_MAX_PARSE_DEPTH = 64
"""Nesting limit of types and names while parsing; real symbols stay far below it."""

_MAX_PRINT_DEPTH = 160
"""Nesting limit while printing: substitutions can build trees deeper than the parse was."""

_MAX_INPUT = 8192
"""Longest mangled name accepted, which bounds the time spent on one."""

_MAX_OUTPUT = 16384
"""Longest demangled text produced: nested substitutions can grow it exponentially."""


class _Fail(Exception):
    """The name is not mangled, or uses a production this demangler does not handle."""


# --------------------------------------------------------------------------- tree nodes


class _Node(Record):
    """Base of the demangled tree.  Subclasses are records never changed once made,
    compared by identity: the substitution table makes the tree a DAG in which a back
    reference is the referenced node itself."""

    __slots__ = ()
    __eq__ = object.__eq__
    __hash__ = object.__hash__
    __repr__ = object.__repr__


def _record(name: str, base: type[_Node] = _Node, /, **fields: type) -> type[_Node]:
    """A node class: slotted, its ``__init__`` taking ``fields`` in order (after the
    base's)."""
    return make_record(name, fields, base, __name__)


# One line a node: its fields, then what it is.
_Leaf = _record("_Leaf", text=str)  # finished text: the name of a class, namespace or variable
_Builtin = _record("_Builtin", _Leaf, code=str)  # a builtin type; `code` decides how its literals print
_Operator = _record("_Operator", _Leaf)  # ``operator+``...: a template may be named by one, not by a closure
_Unnamed = _record("_Unnamed", _Leaf)  # ``{unnamed type#N}``: c++filt treats it unlike a source name
_CtorDtor = _record("_CtorDtor", _Leaf)  # constructor or destructor name: its templates encode no return type
_Conversion = _record("_Conversion", type=_Node)  # ``operator <type>``: no return type either
_Lambda = _record("_Lambda", params=list, number=int)  # a closure type ``{lambda(params)#N}``
_Scoped = _record("_Scoped", scope=_Node, name=_Node)  # ``scope::name``; `name` ends a nested name
_Templated = _record("_Templated", name=_Node, args=list)  # a template name with its arguments, ``name<args>``
_Tagged = _record("_Tagged", inner=_Node, tag=str)  # a name with an ABI tag, ``name[abi:tag]``
# A function (`params` set, `ret` set for templates) or a data name (`params` None);
# `targs` are the arguments of a template function, what ``T_`` in it refers to.
_Encoding = _record("_Encoding", name=_Node, ret=_Node | None, params=list | None, quals=str, targs=list | None)
_Local = _record("_Local", scope=_Node, entity=_Node)  # an entity local to a function, ``function(params)::entity``
# A compiler-generated symbol about another one: ``vtable for X``, thunks...
_Special = _record("_Special", prefix=str, target=_Node)
_CtorVtable = _record("_CtorVtable", derived=_Node, base=_Node)  # ``construction vtable for Base-in-Derived``
_Pointer = _record("_Pointer", inner=_Node)  # ``inner*``
_Ref = _record("_Ref", inner=_Node, rvalue=bool)  # an lvalue (``&``) or rvalue (``&&``) reference
_Qual = _record("_Qual", inner=_Node, quals=tuple)  # a CV-qualified type; `quals`: words in printing order
_Array = _record("_Array", inner=_Node, dim=str)  # ``inner [dim]``; `dim` empty for an unknown bound
_PtrMem = _record("_PtrMem", cls=_Node, member=_Node)  # a pointer to member, ``member cls::*``
_Function = _record("_Function", ret=_Node, params=list, suffix=str)  # `suffix`: `` const &``, `` noexcept``
# A type followed by a word: vectors (``float __vector(4)``), ``_Complex``.
_Postfix = _record("_Postfix", inner=_Node, text=str)
_Pack = _record("_Pack", items=list)  # a template argument pack, ``J...E``
# ``T_``, ``T0_``...: the template argument `index` of the function being printed.  It is
# looked up when printing, not when parsing, as c++filt does: a ``T_`` entered into the
# substitution table inside one function's signature and referenced (``S3_``) from an
# enclosing one stands for the enclosing function's argument.
_TemplateParam = _record("_TemplateParam", index=int)
_Expansion = _record("_Expansion", inner=_Node)  # a pack expansion ``Dp<type>``: `inner` once per element
_Literal = _record("_Literal", type=_Node, value=str | None)  # ``L<type><value>E``; `value` None: nullptr


# ---------------------------------------------------------------------------- tables

_BUILTINS = {
    code: _Builtin(text, code)
    for code, text in {
        "v": "void", "w": "wchar_t", "b": "bool", "c": "char", "a": "signed char",
        "h": "unsigned char", "s": "short", "t": "unsigned short", "i": "int",
        "j": "unsigned int", "l": "long", "m": "unsigned long", "x": "long long",
        "y": "unsigned long long", "n": "__int128", "o": "unsigned __int128",
        "f": "float", "d": "double", "e": "long double", "g": "__float128", "z": "...",
    }.items()
}
_VOID = _BUILTINS["v"]

_D_BUILTINS = {
    code: _Builtin(text, "D" + code)
    for code, text in {
        "d": "decimal64", "e": "decimal128", "f": "decimal32", "h": "half",
        "i": "char32_t", "s": "char16_t", "u": "char8_t", "a": "auto",
        "c": "decltype(auto)", "n": "decltype(nullptr)",
    }.items()
}

_OPERATORS = {
    "nw": "new", "na": "new[]", "dl": "delete", "da": "delete[]", "aw": "co_await",
    "ps": "+", "ng": "-", "ad": "&", "de": "*", "co": "~", "pl": "+", "mi": "-",
    "ml": "*", "dv": "/", "rm": "%", "an": "&", "or": "|", "eo": "^", "aS": "=",
    "pL": "+=", "mI": "-=", "mL": "*=", "dV": "/=", "rM": "%=", "aN": "&=", "oR": "|=",
    "eO": "^=", "ls": "<<", "rs": ">>", "lS": "<<=", "rS": ">>=", "eq": "==", "ne": "!=",
    "lt": "<", "gt": ">", "le": "<=", "ge": ">=", "ss": "<=>", "nt": "!", "aa": "&&",
    "oo": "||", "pp": "++", "mm": "--", "cm": ",", "pm": "->*", "pt": "->", "cl": "()",
    "ix": "[]", "qu": "?",
}
_OPERATORS = {code: ("operator " if text[0].isalpha() else "operator") + text
              for code, text in _OPERATORS.items()}

_CV_WORDS = {"r": "restrict", "V": "volatile", "K": "const"}

_INT_SUFFIX = {"i": "", "j": "u", "l": "l", "m": "ul", "x": "ll", "y": "ull"}
"""Integer literals of these types print as ``5``, ``5u``...; others as ``(type)5``."""

_FLOAT_CODES = frozenset("fdeg")
"""Floating literals are mangled as hex digits of their bytes: c++filt prints them raw."""

_STD = _Leaf("std")
_CHAR = _BUILTINS["c"]
_ALLOCATOR = _Scoped(_STD, _Leaf("allocator"))
_CHAR_TRAITS = _Templated(_Scoped(_STD, _Leaf("char_traits")), [_CHAR])


def _std_stream(name: str) -> _Node:
    return _Templated(_Scoped(_STD, _Leaf(name)), [_CHAR, _CHAR_TRAITS])


_STD_SUBSTITUTIONS = {
    # c++filt spells these out in full (its default "verbose" mode), not std::string.
    "a": _ALLOCATOR,
    "b": _Scoped(_STD, _Leaf("basic_string")),
    "s": _Templated(_Scoped(_STD, _Leaf("basic_string")),
                    [_CHAR, _CHAR_TRAITS, _Templated(_ALLOCATOR, [_CHAR])]),
    "i": _std_stream("basic_istream"),
    "o": _std_stream("basic_ostream"),
    "d": _std_stream("basic_iostream"),
}

_STD_LAST_NAMES = {"a": "allocator", "b": "basic_string", "s": "basic_string",
                   "i": "basic_istream", "o": "basic_ostream", "d": "basic_iostream"}

_STRING_LITERAL = _Leaf("string literal")
_DIGITS = frozenset("0123456789")
_NUMBER = re.compile("[0-9]+")
_DIGITS_TEXT = re.compile("[0-9]*")
_SEQ_ID_CHARS = frozenset("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ")
_CLONE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")
_END = "\0"
"""Sentinel appended to the input: no production accepts it, so parsing stops there."""


# ---------------------------------------------------------------------------- parser


def _untagged(node: _Node) -> _Node:
    """`node` without its ABI tags."""
    while type(node) is _Tagged:
        node = node.inner
    return node


def _last_component(name: _Node) -> _Node:
    """The last component of a name, without its scope, template arguments and tags."""
    while type(name) is _Scoped or type(name) is _Templated or type(name) is _Tagged:
        name = name.inner if type(name) is _Tagged else name.name
    return name


def _template_of(component: _Node, args: list[_Node] | None) -> tuple[list[_Node] | None, bool]:
    """What `_Parser.template` records for a name ending in `component` [`args`].  As in
    c++filt, an ABI-tagged constructor counts as a function with a return type."""
    if args is None:
        return None, False
    return args, not isinstance(component, (_CtorDtor, _Conversion))


_SCOPES = (_Leaf, _Unnamed, _Scoped, _Templated, _Tagged, _Local, _Lambda, _TemplateParam)
"""What a substitution used as the scope of a nested name may be."""


class _Parser:
    """Recursive-descent parser of one mangled name; each method parses the production
    named in its docstring, starting at ``self.pos``, and raises `_Fail` on anything else.
    """

    __slots__ = ("s", "n", "pos", "subs", "targs", "quals", "template", "last_name", "depth")

    def __init__(self, name: str) -> None:
        self.s = name + _END * 3
        self.n = len(name)
        self.pos = 0
        self.subs: list[_Node] = []
        """Substitution candidates in the order the ABI numbers them (``S_`` is first)."""
        self.targs: list[_Node] | None = None
        """Template arguments ``T_`` may refer to; None where they aren't known yet."""
        self.quals = ""
        """Qualifiers of the last nested name (``NK...E`` -> `` const``)."""
        self.template: tuple[list[_Node] | None, bool] = (None, False)
        """For the last name parsed: the template arguments of its final component, and
        whether a function of that name encodes a return type (template functions do,
        except constructors, destructors and conversion operators)."""
        self.last_name: str | None = None
        """The source name parsed last outside template arguments and ABI tags: the name
        constructors and destructors are spelled with (``N1AIiEC1E`` -> ``A``)."""
        self.depth = 0

    # -- helpers

    def expect(self, char: str) -> None:
        """Consume `char`, which the grammar requires here."""
        if self.s[self.pos] != char:
            raise _Fail
        self.pos += 1

    def number(self) -> int:
        """<number> without sign: decimal digits, bounded so int() stays cheap."""
        match = _NUMBER.match(self.s, self.pos)
        if match is None or match.end() - self.pos > 9:  # longer can't be right anyway
            raise _Fail
        self.pos = match.end()
        return int(match.group())

    def digits(self) -> str:
        """Optional decimal digits, kept as text (array sizes, literal values)."""
        match = _DIGITS_TEXT.match(self.s, self.pos)
        self.pos = match.end()  # it matches the empty string
        return match.group()

    def seq_number(self) -> int:
        """An optional <number> followed by ``_``: 0 when absent, else number + 1, as in
        ``Ut_``, ``UlvE0_``, ``T_``, ``T0_``."""
        if self.s[self.pos] == "_":
            self.pos += 1
            return 0
        value = self.number() + 1
        self.expect("_")
        return value

    # -- productions

    def mangled_name(self) -> tuple[_Node, list[str]]:
        """<mangled-name> ::= _Z <encoding> [. <vendor-specific suffix>]*"""
        self.pos = 2
        encoding = self.encoding(top=True)
        clones: list[str] = []
        while self.pos < self.n:
            clones.append(self.clone_suffix())
        return encoding, clones

    def clone_suffix(self) -> str:
        """``.cold``, ``.isra.0``, ``.llvm.1234``: a lowercase word then ``.<digits>``s."""
        s = self.s
        start = self.pos
        if s[start] != "." or s[start + 1] not in _CLONE_CHARS:
            raise _Fail
        pos = start + 2
        while s[pos] in _CLONE_CHARS:
            pos += 1
        while s[pos] == "." and s[pos + 1] in _DIGITS:
            pos += 2
            while s[pos] in _DIGITS:
                pos += 1
        self.pos = pos
        return s[start:pos]

    def encoding(self, top: bool = False) -> _Node:
        """<encoding> ::= <name> <bare-function-type> | <name> | <special-name>

        Below the top level (in thunks and local names), c++filt drops the return type of
        a function whose name is a local name, so it isn't mistaken for the outer one's."""
        if self.s[self.pos] in "TG":
            return self.special_name()
        self.depth += 1
        if self.depth > _MAX_PARSE_DEPTH:
            raise _Fail
        outer_targs = self.targs
        self.targs = None  # T_ inside the name itself would be a forward reference
        self.quals = ""
        name = self.name()
        quals = self.quals
        targs, has_return = self.template
        if self.s[self.pos] == ".":
            raise _Fail  # c++filt takes clone suffixes for functions' (and special names')
        if self.s[self.pos] in "E" + _END:  # data, or end of a local name's function
            if type(_last_component(name)) is _Conversion:
                raise _Fail  # not C++: a variable named by a conversion operator
            self.targs = outer_targs
            self.depth -= 1
            return _Encoding(name, None, None, quals, targs)
        self.targs = targs
        types = self.bare_function_type()
        self.targs = outer_targs
        ret = None
        if has_return:
            ret = types.pop(0)
            if not types:
                raise _Fail
            if not top and type(name) is _Local:
                if quals:
                    raise _Fail  # c++filt then prints the qualifiers before the parameters
                ret = None
        self.depth -= 1
        return _Encoding(name, ret, types, quals, targs)

    def bare_function_type(self) -> list[_Node]:
        """<bare-function-type> ::= <signature type>+"""
        types = []
        while self.s[self.pos] not in "E." + _END:
            types.append(self.type())
        return types

    def special_name(self) -> _Node:
        """<special-name> ::= TV/TT/TI/TS <type> | TH/TW <name> | T <call-offset> <encoding>
        | Tc <call-offset> <call-offset> <encoding> | TC <type> <number> _ <type>
        | GV <name> | GR <name> [<number>] | GA <encoding> | GTt/GTn <encoding>"""
        s = self.s
        first, second = s[self.pos], s[self.pos + 1]
        if first == "T":
            if second in "hv":
                self.pos += 1
                self.call_offset()
                prefix = "non-virtual thunk to " if second == "h" else "virtual thunk to "
                return _Special(prefix, self.encoding())
            self.pos += 2
            if second == "c":
                self.call_offset()
                self.call_offset()
                return _Special("covariant return thunk to ", self.encoding())
            if second == "C":
                derived = self.type()
                if s[self.pos] == "n":
                    self.pos += 1
                self.number()
                self.expect("_")
                return _CtorVtable(derived, self.type())
            prefix = {"V": "vtable for ", "T": "VTT for ", "I": "typeinfo for ",
                      "S": "typeinfo name for "}.get(second)
            if prefix is not None:
                return _Special(prefix, self.type())
            prefix = {"H": "TLS init function for ", "W": "TLS wrapper function for "}.get(second)
            if prefix is not None:
                return _Special(prefix, self.variable())
            raise _Fail
        self.pos += 2
        if second == "V":
            return _Special("guard variable for ", self.variable())
        if second == "R":
            # c++filt reads the sequence number of a reference temporary as a bare number
            # (``_ZGR1x0``) and rejects the newer ``_ZGR1x_`` form; follow it.
            name = self.variable()
            number = self.digits() or "0"
            return _Special(f"reference temporary #{number.lstrip('0') or '0'} for ", name)
        if second == "A":
            return _Special("hidden alias for ", self.encoding())
        if second == "T" and s[self.pos] in "tn":
            self.pos += 1
            prefix = "transaction clone for " if s[self.pos - 1] == "t" else \
                "non-transaction clone for "
            return _Special(prefix, self.encoding())
        raise _Fail

    def variable(self) -> _Node:
        """The <name> of a variable in a special name, with the qualifiers of a nested name
        that c++filt prints after it even there."""
        self.quals = ""
        name = self.name()
        return _Encoding(name, None, None, self.quals, None)

    def call_offset(self) -> None:
        """<call-offset> ::= h <nv-offset> _ | v <v-offset> _; offsets aren't printed."""
        kind = self.s[self.pos]
        if kind not in "hv":
            raise _Fail
        self.pos += 1
        for _ in range(1 if kind == "h" else 2):
            if self.s[self.pos] == "n":
                self.pos += 1
            self.number()
            self.expect("_")

    def name(self) -> _Node:
        """<name> ::= <nested-name> | <local-name> | <unscoped-name> [<template-args>]
        | <substitution> [<template-args>]"""
        s = self.s
        first = s[self.pos]
        if first == "N":
            return self.nested_name()
        if first == "Z":
            return self.local_name()
        if first == "S":
            if s[self.pos + 1] != "t":
                node = self.substitution()
                if s[self.pos] != "I":
                    self.template = (None, False)
                    return node
                args = self.template_args()
                self.template = (args, True)
                return _Templated(node, args)
            self.pos += 2
            component = self.unqualified_name()
            node = _Scoped(_STD, component)
        else:
            node = component = self.unqualified_name()
        args = None
        if s[self.pos] == "I":
            if type(_untagged(component)) is not _Leaf and \
                    not isinstance(_untagged(component), _Operator):
                raise _Fail  # c++filt: no templates named by a closure or unnamed type
            self.subs.append(node)  # an <unscoped-template-name> is a candidate
            args = self.template_args()
            node = _Templated(node, args)
        self.template = _template_of(component, args)
        return node

    def nested_name(self) -> _Node:
        """<nested-name> ::= N [<CV-qualifiers>] [<ref-qualifier>] <prefix> <unqualified-name> E

        Every prefix (each component, and each template name before its arguments) is a
        substitution candidate; the complete name is not (as a type, `type` adds it).
        """
        s = self.s
        self.pos += 1
        quals = self.cv_qualifiers() if s[self.pos] in "rVK" else []
        ref = ""
        if s[self.pos] in "RO":
            ref = " &" if s[self.pos] == "R" else " &&"
            self.pos += 1
        node: _Node | None = None
        candidate = False  # whether `node` goes to the table once something extends it
        component: _Node | None = None  # the last one, without its template arguments
        args = None
        while True:
            char = s[self.pos]
            if char == "E":
                self.pos += 1
                break
            if candidate:
                self.subs.append(node)
            if char == "S":
                if node is not None:
                    raise _Fail
                if s[self.pos + 1] == "t":
                    self.pos += 2
                    node = _STD
                else:
                    node = self.substitution()
                    if type(node) not in _SCOPES:
                        raise _Fail  # a scope that is a pointer, a function...
                candidate = False
                continue
            if char == "I":
                if node is None or type(_untagged(component)) is _Lambda:
                    raise _Fail  # c++filt: no templates named by a closure type
                args = self.template_args()
                node = _Templated(node, args)
                candidate = True
                continue
            if char == "T":
                if node is not None:
                    raise _Fail
                node = component = self.template_param()
            elif char == "C" or (char == "D" and s[self.pos + 1] in "01245"):
                if node is None:
                    raise _Fail
                component = self.ctor_dtor_name()
                node = _Scoped(node, component)
            else:
                component = self.unqualified_name()
                node = component if node is None else _Scoped(node, component)
            if s[self.pos] != "E" and s[self.pos] != "I" and (
                    type(component) is _Conversion or type(component) is _Tagged
                    and type(component.inner) is _Conversion):
                raise _Fail  # a scope named by a conversion operator: not C++
            args = None
            candidate = True
        if not candidate:
            raise _Fail  # nothing but a substitution or ``St``
        self.quals = "".join(" " + word for word in quals) + ref if quals or ref else ""
        self.template = _template_of(component, args)
        return node

    def local_name(self) -> _Node:
        """<local-name> ::= Z <function encoding> E <entity name> [<discriminator>]
        | Z <function encoding> E s [<discriminator>]
        | Z <function encoding> Ed [<number>] _ <entity name>"""
        self.pos += 1
        scope = self.encoding()
        if type(scope) is not _Encoding:
            raise _Fail
        self.expect("E")
        self.quals = ""
        char = self.s[self.pos]
        if char == "s":
            self.pos += 1
            self.discriminator()
            self.template = (None, False)
            return _Local(scope, _STRING_LITERAL)
        if char == "d":
            self.pos += 1
            number = self.seq_number() + 1
            arg = _Leaf(f"{{default arg#{number}}}")
            return _Local(scope, _Scoped(arg, self.name()))
        entity = self.name()
        if type(entity) is _Local:
            raise _Fail  # manglers nest local names in the scope, never in the entity
        self.discriminator()
        return _Local(scope, entity)

    def discriminator(self) -> None:
        """<discriminator> ::= _ <digit> | __ <number> _ (not printed).

        Accepted as loosely as c++filt does: ``_`` with any digits, and the closing ``_``
        is only required after two-digit numbers that opened with ``__``."""
        s = self.s
        if s[self.pos] != "_":
            return
        self.pos += 1
        double = s[self.pos] == "_"
        if double:
            self.pos += 1
        digits = self.digits()
        if double and len(digits.lstrip("0")) >= 2:
            self.expect("_")

    def unqualified_name(self) -> _Node:
        """<unqualified-name> ::= [L] <source-name> | <operator-name> | <unnamed-type-name>,
        each followed by optional <abi-tags>; the ``L`` of internal linkage isn't printed."""
        s = self.s
        if s[self.pos] == "L" and s[self.pos + 1] in _DIGITS:
            self.pos += 1
        char = s[self.pos]
        if char in _DIGITS:
            node = self.source_name()
        elif char == "U":
            node = self.unnamed_type_name()
        elif "a" <= char <= "z":
            node = self.operator_name()
        else:
            raise _Fail
        return self.abi_tags(node) if s[self.pos] == "B" else node

    def source_name_text(self) -> str:
        """<source-name> ::= <positive length number> <identifier>"""
        match = _NUMBER.match(self.s, self.pos)
        if match is None or match.end() - self.pos > 9:
            raise _Fail
        start = match.end()
        end = start + int(match.group())
        if end == start or end > self.n:
            raise _Fail
        self.pos = end
        self.last_name = self.s[start:end]
        return self.last_name

    def source_name(self) -> _Node:
        """A <source-name> as a name: ``_GLOBAL__N_1`` is the anonymous namespace."""
        text = self.source_name_text()
        if text[:8] == "_GLOBAL_" and text[8:9] in ("_", ".", "$") and text[9:10] == "N":
            self.last_name = text = "(anonymous namespace)"
        return _Leaf(text)

    def abi_tags(self, node: _Node) -> _Node:
        """<abi-tags> ::= (B <source-name>)*"""
        last_name = self.last_name
        while self.s[self.pos] == "B":
            self.pos += 1
            node = _Tagged(node, self.source_name_text())
        self.last_name = last_name
        return node

    def operator_name(self) -> _Node:
        """<operator-name> ::= nw | na | ... | cv <type> | li <source-name>
        | v <digit> <source-name>"""
        s = self.s
        code = s[self.pos:self.pos + 2]
        self.pos += 2
        if code == "cv":
            return _Conversion(self.type())
        if code == "li":
            return _Operator('operator"" ' + self.source_name_text())
        if code[0] == "v" and code[1] in _DIGITS:
            return _Operator("operator " + self.source_name_text())
        text = _OPERATORS.get(code)
        if text is None:
            raise _Fail
        return _Operator(text)

    def ctor_dtor_name(self) -> _Node:
        """<ctor-dtor-name> ::= C1..C5 | CI1 <base type> | CI2 <base type> | D0..D5,
        spelled with the last source name (an inheriting constructor's is its base's)."""
        s = self.s
        kind, variant = s[self.pos], s[self.pos + 1]
        self.pos += 2
        if kind == "C" and variant == "I":
            if s[self.pos] not in "12":
                raise _Fail
            self.pos += 1
            self.type()
        elif kind == "C" and variant not in "12345":
            raise _Fail  # the caller checked D0..D5
        if self.last_name is None:
            raise _Fail
        return self.abi_tags(_CtorDtor(("~" if kind == "D" else "") + self.last_name))

    def unnamed_type_name(self) -> _Node:
        """<unnamed-type-name> ::= Ut [<number>] _ | Ul <lambda-sig> E [<number>] _"""
        s = self.s
        kind = s[self.pos + 1]
        self.pos += 2
        if kind == "t":  # c++filt makes it a substitution candidate by itself, too
            node = _Unnamed(f"{{unnamed type#{self.seq_number() + 1}}}")
            self.subs.append(node)
            return node
        if kind != "l":
            raise _Fail
        outer_targs = self.targs
        self.targs = None  # T_ in a lambda signature means ``auto``: not handled
        params = self.bare_function_type()
        self.targs = outer_targs
        self.expect("E")
        if not params:
            raise _Fail
        return _Lambda(params, self.seq_number() + 1)

    def template_args(self) -> list[_Node]:
        """<template-args> ::= I <template-arg>* E"""
        last_name = self.last_name
        self.pos += 1
        args = []
        while self.s[self.pos] != "E":
            args.append(self.template_arg())
        self.pos += 1
        self.last_name = last_name
        return args

    def template_arg(self) -> _Node:
        """<template-arg> ::= <type> | L <expr-primary> | J <template-arg>* E
        (X <expression> E is not handled); old GCCs wrote packs as I <template-arg>* E."""
        char = self.s[self.pos]
        if char == "L":
            return self.expr_primary()
        if char == "J" or char == "I":
            self.depth += 1
            if self.depth > _MAX_PARSE_DEPTH:
                raise _Fail
            self.pos += 1
            items = []
            while self.s[self.pos] != "E":
                items.append(self.template_arg())
            self.pos += 1
            self.depth -= 1
            return _Pack(items)
        if char == "X":
            raise _Fail
        return self.type()

    def expr_primary(self) -> _Node:
        """<expr-primary> ::= L <type> <value number> E | L <type> <float hex> E
        | LDnE (nullptr); external names (``L_Z...E``) are not handled, nor by c++filt."""
        s = self.s
        self.pos += 1
        if s[self.pos] in "_Z":
            raise _Fail
        literal_type = self.type()
        code = literal_type.code if type(literal_type) is _Builtin else ""
        if code in _FLOAT_CODES:
            start = self.pos
            while s[self.pos] in "0123456789abcdef":
                self.pos += 1
            value: str | None = s[start:self.pos]
        else:
            negative = s[self.pos] == "n"
            if negative:
                self.pos += 1
            value = self.digits()
            if value and negative:
                value = "-" + value
        if not value:
            if code != "Dn" or s[self.pos] != "E":
                raise _Fail
            value = None
        self.expect("E")
        return _Literal(literal_type, value)

    def cv_qualifiers(self) -> list[str]:
        """<CV-qualifiers> ::= [r] [V] [K]; c++filt prints them in reverse order."""
        words = []
        while self.s[self.pos] in "rVK":
            words.append(_CV_WORDS[self.s[self.pos]])
            self.pos += 1
        words.reverse()
        return words

    def type(self) -> _Node:
        """<type> ::= <builtin-type> | <qualified-type> | <function-type> | <class-enum-type>
        | <array-type> | <pointer-to-member-type> | <template-param> | <substitution>
        | P/R/O <type> | C/G <type> | Dp <type> | Dv <number> _ <type> | ...

        Every type except builtins and plain substitutions becomes a substitution
        candidate once parsed."""
        s = self.s
        char = s[self.pos]
        builtin = _BUILTINS.get(char)
        if builtin is not None:
            self.pos += 1
            return builtin
        self.depth += 1
        if self.depth > _MAX_PARSE_DEPTH:
            raise _Fail
        node: _Node
        if char == "P":
            self.pos += 1
            node = _Pointer(self.type())
        elif char == "R" or char == "O":
            self.pos += 1
            node = _Ref(self.type(), char == "O")
        elif char in "rVK":
            node = self.qualified_type()
        elif char == "S" and s[self.pos + 1] != "t":
            node = self.substitution()
            if s[self.pos] != "I":
                self.depth -= 1
                return node
            node = _Templated(node, self.template_args())
        elif char in _DIGITS or char == "N" or char == "Z" or char == "S":
            node = self.class_enum_type()  # ``S`` here begins ``St``
        elif char == "F":
            node = self.function_type()
        elif char == "A":
            node = self.array_type()
        elif char == "M":
            node = self.pointer_to_member_type()
        elif char == "T":
            node = self.template_param()
            if s[self.pos] == "I":  # <template-template-param> <template-args>
                self.subs.append(node)
                node = _Templated(node, self.template_args())
        elif char == "D":
            node = self.d_type()
            if type(node) is _Builtin:
                self.depth -= 1
                return node
        elif char == "u":
            self.pos += 1
            node = _Leaf(self.source_name_text())  # vendor extended type
        elif char == "C" or char == "G":
            self.pos += 1
            node = _Postfix(self.type(), " _Complex" if char == "C" else " _Imaginary")
        else:
            raise _Fail
        self.subs.append(node)
        self.depth -= 1
        return node

    def class_enum_type(self) -> _Node:
        """<class-enum-type> ::= <name>; a qualified nested name isn't a type, nor is one
        ending in a conversion operator."""
        self.quals = ""
        node = self.name()
        if self.quals:
            raise _Fail
        if type(_last_component(node)) is _Conversion:
            raise _Fail
        return node

    def qualified_type(self) -> _Node:
        """<qualified-type> ::= <CV-qualifiers> <type>.  Qualifiers right before a function
        type (``F``, ``DoF``) qualify the member function (``void (A::*)() const``); then,
        as in c++filt, only the qualified function type is a substitution candidate."""
        s = self.s
        quals = self.cv_qualifiers()
        words = "".join(" " + word for word in quals)
        if s[self.pos] == "F":
            function = self.function_type()
            return _Function(function.ret, function.params, words + function.suffix)
        if s[self.pos] == "D" and s[self.pos + 1] in "ox" and s[self.pos + 2] == "F":
            function = self.d_type()  # noexcept comes first
            return _Function(function.ret, function.params, function.suffix + words)
        # A repeated qualifier prints once, where it appears outermost (``KVK``).
        unique = tuple(q for i, q in enumerate(quals) if q not in quals[i + 1:])
        return _Qual(self.type(), unique)

    def d_type(self) -> _Node:
        """The ``D`` types: builtins (``Dn``, ``Di``...), ``DF<N>_`` floats, ``Dp`` pack
        expansions, ``Dv`` vectors and ``Do``/``Dx`` function types; not ``decltype``."""
        s = self.s
        kind = s[self.pos + 1]
        builtin = _D_BUILTINS.get(kind)
        self.pos += 2
        if builtin is not None:
            return builtin
        if kind == "F":  # _FloatN, _FloatNx
            bits = self.number()
            suffix = s[self.pos]
            if suffix not in "_x":
                raise _Fail
            self.pos += 1
            return _Builtin(f"_Float{bits}{'x' if suffix == 'x' else ''}", "DF")
        if kind == "p":
            return _Expansion(self.type())
        if kind == "v":
            return self.vector_type()
        if kind in "ox" and s[self.pos] == "F":
            function = self.function_type()
            if function.suffix:
                raise _Fail  # c++filt's order of noexcept and ref-qualifiers is irregular
            word = " noexcept" if kind == "o" else " transaction_safe"
            return _Function(function.ret, function.params, word)
        raise _Fail

    def vector_type(self) -> _Node:
        """<vector-type> ::= Dv <positive dimension number> _ <element type>"""
        size = self.number()
        self.expect("_")
        return _Postfix(self.type(), f" __vector({size})")

    def function_type(self) -> _Function:
        """<function-type> ::= F [Y] <return type> <parameter types>+ [<ref-qualifier>] E"""
        s = self.s
        self.pos += 1
        if s[self.pos] == "Y":
            self.pos += 1
        ret = self.type()
        params = []
        suffix = ""
        while True:
            char = s[self.pos]
            if char == "E":
                break
            if char in "RO" and s[self.pos + 1] == "E":
                suffix = " &" if char == "R" else " &&"
                self.pos += 1
                break
            params.append(self.type())
        self.pos += 1
        if not params:
            raise _Fail
        return _Function(ret, params, suffix)

    def array_type(self) -> _Node:
        """<array-type> ::= A [<dimension number>] _ <element type>"""
        self.pos += 1
        dim = self.digits()
        self.expect("_")
        return _Array(self.type(), dim)

    def pointer_to_member_type(self) -> _Node:
        """<pointer-to-member-type> ::= M <class type> <member type>"""
        self.pos += 1
        cls = self.type()
        return _PtrMem(cls, self.type())

    def template_param(self) -> _Node:
        """<template-param> ::= T_ | T <number> _, checked against the arguments known."""
        self.pos += 1
        index = self.seq_number()
        if self.targs is None or index >= len(self.targs):
            raise _Fail
        return _TemplateParam(index)

    def substitution(self) -> _Node:
        """<substitution> ::= S_ | S <seq-id> _ | Sa | Sb | Ss | Si | So | Sd"""
        s = self.s
        self.pos += 1
        char = s[self.pos]
        std = _STD_SUBSTITUTIONS.get(char)
        if std is not None:
            self.pos += 1
            self.last_name = _STD_LAST_NAMES[char]
            return std
        index = 0
        if char != "_":
            start = self.pos
            while s[self.pos] in _SEQ_ID_CHARS:
                self.pos += 1
            if self.pos == start or self.pos - start > 6:
                raise _Fail
            index = int(s[start:self.pos], 36) + 1
        self.expect("_")
        if index >= len(self.subs):
            raise _Fail
        return self.subs[index]


# --------------------------------------------------------------------------- printer


_LEAVES = frozenset((_Leaf, _Builtin, _Operator, _CtorDtor, _Unnamed))
"""Nodes that are their text."""

_COMPOUND = (_Pointer, _Ref, _Qual, _PtrMem, _Array, _Function)
"""Types printed with declarators, unlike names and builtins."""


class _Printer:
    """Renders a parsed tree as c++filt does.

    Types are printed by `decl`, which wraps a declarator string `d` (what is being
    declared, built from the outside in) around the type; `kind` records which declarator
    was prepended to `d` last, because spacing and parentheses depend on it:
    ``ptr`` (``*``, ``&``, ``&&``), ``cv`` (`` const``), ``pm`` (``A::*``), ``arr``
    (``[3]``), ``fn`` (a function name with its parameters, for return types) or
    ``group`` (a parenthesized function declarator, ``(*)(int)``, for return types).
    """

    __slots__ = ("cache", "targs", "ref_scopes", "pack_index", "pending", "in_lambda", "depth")

    def __init__(self) -> None:
        self.cache: dict[tuple[int, int, int | None, int], tuple[_Node, str]] = {}
        """Rendered text per node: substitutions share nodes, so trees are really DAGs."""
        self.targs: list[_Node] | None = None
        """Template arguments of the function being printed, for `_TemplateParam`."""
        self.ref_scopes: dict[int, tuple[_Node, list[_Node] | None]] = {}
        """Template arguments a referenced `_TemplateParam` was first printed with."""
        self.pack_index: int | None = None
        """Element of the argument pack being printed inside a pack expansion."""
        self.pending = 0
        """Nonzero while the current node is printed as the base of a declarator (a
        pointer's target, a return type...).  c++filt then has that declarator pending,
        and lets it leak into the parameter types of closures (``{lambda(...)#1}``)."""
        self.in_lambda = 0
        """Nonzero while printing a closure's parameters, where c++filt prints template
        parameters as ``auto:1``...; this demangler gives up on those instead."""
        self.depth = 0

    def argument(self, param: _TemplateParam) -> _Node:
        """The template argument `param` refers to in the function being printed."""
        if self.targs is None or param.index >= len(self.targs) or self.in_lambda:
            raise _Fail
        return self.targs[param.index]

    def resolve(self, node: _Node) -> _Node:
        """The argument a template parameter stands for, inside a pack expansion the
        current element of an argument pack; other nodes unchanged."""
        while type(node) is _TemplateParam:
            node = self.argument(node)
            if type(node) is _Pack:
                items = node.items
                if self.pack_index is None or self.pack_index >= len(items):
                    raise _Fail  # c++filt prints a pack outside an expansion irregularly
                node = items[self.pack_index]
        return node

    def ref_operand(self, node: _Node) -> _Node:
        """The resolved operand of a reference type.  c++filt remembers the function whose
        arguments a referenced template parameter was first printed with, and prints later
        references to that same parameter (reached through substitutions) with the same
        arguments, where an unreferenced one takes the current function's."""
        if type(node) is _TemplateParam:
            saved = self.ref_scopes.get(id(node))
            if saved is None:
                self.ref_scopes[id(node)] = (node, self.targs)
            else:
                self.targs = saved[1]
        return self.resolve(node)

    def text(self, node: _Node) -> str:
        """The printed form of any node (memoized)."""
        kind = type(node)
        if kind in _LEAVES:
            return node.text
        if kind is _Scoped:  # a chain, ``a::b::c``; not worth memoizing
            parts = []
            while type(node) is _Scoped:
                parts.append(node.name)
                node = node.scope
            parts.append(node)
            result = "::".join([part.text if type(part) in _LEAVES
                                else self.text(part) for part in reversed(parts)])
            if len(result) > _MAX_OUTPUT:
                raise _Fail
            return result
        key = (id(node), id(self.targs), self.pack_index,
               (self.pending > 0) + 2 * (self.in_lambda > 0))
        hit = self.cache.get(key)
        if hit is not None:
            return hit[1]
        self.depth += 1
        if self.depth > _MAX_PRINT_DEPTH:
            raise _Fail
        result = self.render(self.resolve(node))
        if len(result) > _MAX_OUTPUT:
            raise _Fail
        self.depth -= 1
        self.cache[key] = (node, result)  # keeping `node` alive keeps its id unique
        return result

    def render(self, node: _Node) -> str:
        """The printed form of `node`, a resolved node that isn't a `_Scoped`."""
        kind = type(node)
        if kind in _LEAVES:
            return node.text
        if kind is _Templated:
            name = self.text(node.name)
            args, last = self.arg_list(node.args)
            # ``operator< <int>``: keep the two angle brackets apart, and ``> >`` too.
            return (name + (" <" if name.endswith("<") else "<") + args
                    + (" >" if last == ">" else ">"))
        if kind is _Tagged:
            return self.text(node.inner) + "[abi:" + node.tag + "]"
        if kind is _Encoding:
            return self.encoding(node, True)
        if kind is _Local:
            return (self.encoding(node.scope, False)
                    + "::" + self.text(node.entity))
        if kind is _Special:
            return node.prefix + self.text(node.target)
        if kind is _CtorVtable:
            return ("construction vtable for " + self.text(node.base)
                    + "-in-" + self.text(node.derived))
        if kind is _Conversion:
            if self.is_declarator(node.type):
                raise _Fail  # not C++: a conversion to a function or array type
            return "operator " + self.text(node.type)
        if kind is _Lambda:
            if self.pending and any(type(self.resolve(p)) in _COMPOUND
                                    for p in node.params):
                raise _Fail  # c++filt garbles these: see `pending`
            self.in_lambda += 1
            params = self.param_list(node.params)
            self.in_lambda -= 1
            return f"{{lambda({params})#{node.number}}}"
        if kind is _Postfix:
            if self.is_declarator(node.inner):
                raise _Fail  # a vector of functions: c++filt prints nonsense
            self.pending += 1
            text = self.text(node.inner) + node.text
            self.pending -= 1
            return text
        if kind is _Literal:
            return self.literal(node)
        if kind is _Pack:
            return self.arg_list(node.items)[0]
        if kind is _Expansion:
            raise _Fail  # only meaningful inside argument and parameter lists
        return self.decl(node, "", "")

    def encoding(self, node: _Encoding, with_return: bool) -> str:
        """A function with its parameters, printed where ``T_`` means its own template
        arguments; a local name's function prints no return type."""
        outer_targs = self.targs
        if node.targs is not None:
            self.targs = node.targs
        if node.ret is not None and with_return:
            self.pending += 1
            self.text(node.ret)  # c++filt visits the return type first: see ref_operand
            self.pending -= 1
        if node.quals:  # c++filt holds them pending while it prints the name
            self.pending += 1
        text = self.text(node.name)
        if node.quals:
            self.pending -= 1
        if node.params is None:
            text += node.quals
        else:
            text += "(" + self.param_list(node.params) + ")" + node.quals
            if node.ret is not None and with_return:
                text = self.with_return(node.ret, text)
        self.targs = outer_targs
        return text

    def literal(self, node: _Literal) -> str:
        """``5``, ``5u``, ``true``, ``(char)65``, ``(float)[3f800000]``, as c++filt."""
        literal_type = self.resolve(node.type)
        value = node.value
        if value is None:
            return "nullptr"  # LDnE: c++filt rejects it; this is what LLVM prints
        code = literal_type.code if type(literal_type) is _Builtin else ""
        if code == "b" and value in ("0", "1"):
            return "true" if value == "1" else "false"
        if code in _INT_SUFFIX:
            return value + _INT_SUFFIX[code]
        if code in _FLOAT_CODES:
            return "(" + self.text(literal_type) + ")[" + value + "]"
        return "(" + self.text(literal_type) + ")" + value

    @staticmethod
    def join(items: list[str]) -> str:
        """Comma-separate like c++filt: an empty item (an empty pack) swallows the comma
        after it but not the one before, so ``<JEi>`` prints ``<, int>``."""
        last = len(items) - 1
        while last >= 0 and not items[last]:
            last -= 1
        return ", ".join(items[:last + 1])

    def arg_list(self, args: list[_Node]) -> tuple[str, str]:
        """Template arguments, argument packs spliced in, and the character c++filt
        considers printed last when it closes the list.  That is a space when the list
        ends with an empty pack, since c++filt takes back the ``, `` it wrote before the
        pack but not its memory of the last character: ``A<B<int>, JE>`` prints
        ``A<B<int>>``."""
        pending, self.pending = self.pending, 0
        items = []
        last = ""
        for arg in args:
            if type(arg) is _Pack:
                text, last = self.arg_list(arg.items)
            else:
                if type(arg) is _Expansion:
                    text = self.expansion(arg)
                else:
                    text = self.text(arg)
                last = text[-1:]
            if not text and items:
                last = " "
            items.append(text)
        self.pending = pending
        return self.join(items), last

    def param_list(self, params: list[_Node]) -> str:
        """Function parameters; a lone ``void`` means none."""
        if len(params) == 1 and params[0] is _VOID:
            return ""
        pending, self.pending = self.pending, 0
        text = self.join([self.expansion(p) if type(p) is _Expansion else self.text(p)
                          for p in params])
        self.pending = pending
        return text

    def expansion(self, node: _Expansion) -> str:
        """``Dp<type>``: the pattern once per element of the pack inside it."""
        pack = self.find_pack(node.inner)
        if pack is None or self.pack_index is not None:
            raise _Fail  # c++filt's output for these is irregular
        parts = []
        for index in range(len(pack.items)):
            self.pack_index = index
            parts.append(self.text(node.inner))
        self.pack_index = None
        return ", ".join(parts)

    def find_pack(self, node: _Node) -> _Pack | None:
        """The first argument pack a template parameter inside a pack expansion's
        pattern stands for."""
        stack = [node]
        seen: set[int] = set()
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            kind = type(node)
            if kind is _TemplateParam:
                arg = self.argument(node)
                if type(arg) is _Pack:
                    return arg
            if kind is _Scoped:
                stack += (node.name, node.scope)
            elif kind is _Templated:
                stack += reversed(node.args)
                stack.append(node.name)
            elif kind is _PtrMem:
                stack += (node.member, node.cls)
            elif kind is _Function:
                stack += reversed(node.params)
                stack.append(node.ret)
            elif kind in (_Pointer, _Ref, _Qual, _Array, _Postfix, _Tagged):
                stack.append(node.inner)
        return None

    def is_declarator(self, node: _Node) -> bool:
        """Whether a return type wraps around the function (``int (*f())()``) rather than
        preceding it (``int* f()``): it does when a function or array type is inside."""
        while True:
            node = self.resolve(node)
            kind = type(node)
            if kind is _Function or kind is _Array:
                return True
            if kind is _PtrMem:
                node = node.member
            elif kind is _Pointer or kind is _Ref or kind is _Qual:
                node = node.inner
            else:
                return False

    def with_return(self, ret: _Node, text: str, kind: str = "fn") -> str:
        """`text` (a function declarator) preceded by, or wrapped in, return type `ret`;
        `kind` is ``group`` when `text` starts with a parenthesized declarator."""
        if type(self.resolve(ret)) in (_Function, _Array):
            raise _Fail  # not C++: a function returning a function or an array
        self.pending += 1
        if self.is_declarator(ret):
            text = self.decl(ret, text, kind)
        elif text.startswith(" "):
            text = self.text(ret) + text
        else:
            text = self.text(ret) + " " + text
        self.pending -= 1
        return text

    def decl(self, node: _Node, d: str, kind: str) -> str:
        """Type `node` declaring `d`, e.g. (pointer to int, "x") -> "int*x"."""
        self.depth += 1
        if self.depth > _MAX_PRINT_DEPTH:
            raise _Fail
        result = self.decl_step(self.resolve(node), d, kind)
        self.depth -= 1
        return result

    def decl_step(self, node: _Node, d: str, kind: str) -> str:
        """`decl` of a resolved node."""
        node_type = type(node)
        # A declarator put before `d` is spaced from an array's or a member pointer's
        # (``int* [3]``, ``int* A::*``), and from a parenthesized function declarator
        # unless it ends with ``*`` (``(& (*)())`` but ``(*(*)())``).
        spaced = d
        if kind == "arr" or kind == "pm" or (kind == "group" and d[0] != " "):
            spaced = " " + d
        unstarred = d if kind == "group" else spaced
        if node_type is _Pointer:
            return self.decl(node.inner, "*" + unstarred, "ptr")
        if node_type is _Ref:
            # c++filt collapses one level of references (``T& &&`` -> ``T&``) and prints
            # what is left below as usual.
            outer_targs = self.targs
            rvalue = node.rvalue
            inner = self.ref_operand(node.inner)
            if type(inner) is _Ref:
                rvalue = rvalue and inner.rvalue
                inner = inner.inner
            result = self.decl(inner, ("&&" if rvalue else "&") + spaced, "ptr")
            self.targs = outer_targs
            return result
        if node_type is _Qual:
            quals = node.quals
            inner = self.resolve(node.inner)
            merged = False
            while type(inner) is _Qual:  # ``const T`` with T = ``int const``: one const
                quals = tuple(q for q in inner.quals if q not in quals) + quals
                inner = self.resolve(inner.inner)
                merged = True
            if type(inner) is _Function:
                raise _Fail  # c++filt prints ``void ( const)(int)``; not worth copying
            if type(inner) is _Array:
                # A const array is an array of const elements, qualified in mangled order.
                if merged:
                    raise _Fail
                element = _Qual(inner.inner, quals[::-1])
                return self.decl(_Array(element, inner.dim), d, kind)
            return self.decl(inner, "".join(" " + q for q in quals) + spaced, "cv")
        if node_type is _PtrMem:
            self.pending += 1
            piece = self.text(node.cls) + "::*"
            self.pending -= 1
            return self.decl(node.member, piece + unstarred, "pm")
        if node_type is _Array:
            dim = "[" + node.dim + "]"
            if kind == "arr":
                d += dim
            elif d:
                d = "(" + d + ") " + dim
            else:
                d = dim
            if type(self.resolve(node.inner)) is _Function:
                raise _Fail  # not C++: an array of functions
            return self.decl(node.inner, d, "arr")
        if node_type is _Function:
            tail = "(" + self.param_list(node.params) + ")" + node.suffix
            if not d:
                return self.with_return(node.ret, tail)
            tail = (" (" if kind == "pm" else "(") + d + ")" + tail
            return self.with_return(node.ret, tail, "group")
        if not d:
            return self.text(node)
        self.pending += 1
        base = self.text(node)
        self.pending -= 1
        if d[0] in "*& ":
            return base + d
        return base + " " + d


# ------------------------------------------------------------------------------- API


def demangle(name: str) -> str | None:
    """The demangled form of an Itanium-mangled name, or None when `name` is not one or
    uses a production this demangler does not handle (callers then show the raw name)."""
    if not name.startswith("_Z") or not 2 < len(name) <= _MAX_INPUT:
        return None
    try:
        tree, clones = _Parser(name).mangled_name()
        text = _Printer().text(tree)
    except (_Fail, RecursionError):  # RecursionError: only if the caller's stack is deep
        return None
    text += "".join(f" [clone {suffix}]" for suffix in clones)
    return text if len(text) <= _MAX_OUTPUT else None
