"""A recursive-descent parser for the ASL subset of the AVS programs.

The grammar and the operator priorities are ASLRef v1's (herdtools7 ``asllib/Parser.mly``
and ``Tokens.mly``), lowest first:

    if-then-else  <  || && --> <-> as  <  == !=  <  < <= > >=  <  + - OR XOR AND ::
    <  * / DIV DIVRM MOD << >>  <  ^  <  unary - ! NOT  <  IN  <  . [ ] [[ ]]

Constructs of ASL outside what the AVS programs use (getters/setters, try/catch/throw,
bitfield types, ``print``) are refused with ``unsupported: <construct> at file:line:col``.

Speed: the generated validators repeat the same lines many thousand times
(``assert _LastFault == Fault_None;``), so a simple statement that fills exactly one line
is parsed once and the same node is reused for every identical line (``memo``).

Bounds (:mod:`ptodbg.avs.limits`): a program file holds at most MAX_STATEMENTS statements
and declarations (the validators, parsed with ``memo``, are exempt: one of them has
68,866), and the syntax tree of every function and declaration is at most
MAX_SYNTAX_DEPTH deep: the interpreter compiles and runs a tree recursively, so a flat sum
of 100,000 terms — a left-leaning tree 100,000 deep — is refused here, with its line,
instead of meeting Python's recursion limit there.  Each statement is measured as it is
parsed, below the blocks around it (two levels each), and only when it could be too deep:
a tree is at most twice as deep as its statement has tokens, so short statements (nearly
all of them) cost nothing.  The parser's own recursion (parentheses nested 100,000 deep)
ends in RecursionError, which the runner reports as nesting that is too deep.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from fractions import Fraction
from typing import TypeVar

from ptodbg.avs import syntax as S
from ptodbg.avs.lexer import Token, strip_block_comments, tokenize_line
from ptodbg.avs.limits import MAX_STATEMENTS, MAX_SYNTAX_DEPTH
from ptodbg.avs.values import ParseError, Unsupported

BINARY_PRIORITY = {
    "||": 1, "&&": 1, "-->": 1, "<->": 1,
    "==": 2, "!=": 2,
    "<": 3, "<=": 3, ">": 3, ">=": 3,
    "+": 4, "-": 4, "OR": 4, "XOR": 4, "AND": 4, "::": 4,
    "*": 5, "/": 5, "DIV": 5, "DIVRM": 5, "MOD": 5, "<<": 5, ">>": 5,
    "^": 6,
}
_NONASSOC = frozenset({"<", "<=", ">", ">="})
_AS_PRIORITY = 1
_STMT_END = frozenset({"end", "else", "elsif", "when", "otherwise", "until", "catch", "EOF"})
_SIMPLE = (S.SAssign, S.SDecl, S.SCall, S.SAssert, S.SReturn, S.SPass)
_QUALIFIERS = frozenset({"pure", "readonly", "impdef", "implementation"})

EOF: Token = ("EOF", None, 0)
T = TypeVar("T")
# What Parser.selectors builds for a field, an index and a slice.
_EXPR_SELECTORS = (S.EGetField, S.EGetArray, S.ESlice)
_TARGET_SELECTORS = (S.LField, S.LIndex, S.LSlice)

# Shared by every memo parser: identical one-line simple statements get one node, and
# the interpreter compiles each such node once (SHARED_IDS: their ids, alive in the memo).
STATEMENT_MEMO: dict[str, S.Node] = {}
SHARED_IDS: set[int] = set()


class Parser:
    """Parses one text (a whole file, or one function cut out of the validators)."""

    def __init__(self, text: str | list[str], filename: str, first_line: int = 1, memo: bool = False) -> None:
        if isinstance(text, str):
            text = strip_block_comments(text, filename).split("\n")
        self.lines: list[str] = text
        self.filename = filename
        self.first_line = first_line
        self.toks: list[Token] = []
        self.tline: list[int] = []  # line index of each token
        self.p = 0
        self.next_line = 0
        # Share one-line statements with every other parser that shares (the validators);
        # a program's own statements die with it.
        self.memo: dict[str, S.Node] | None = STATEMENT_MEMO if memo else None
        self.statements_left = MAX_STATEMENTS if not memo else 1 << 62
        self.blocks = 0  # blocks open around the statement being parsed (see _check_depth)

    # ------------------------------------------------------------------ tokens
    def _fill(self) -> bool:
        """Tokenize lines until at least one more token exists; False at the end."""
        lines = self.lines
        while self.next_line < len(lines):
            index = self.next_line
            self.next_line += 1
            toks = tokenize_line(lines[index], self.first_line + index, self.filename)
            if toks:
                self.toks.extend(toks)
                self.tline.extend([index] * len(toks))
                return True
        return False

    def peek(self) -> Token:
        if self.p < len(self.toks) or self._fill():
            return self.toks[self.p]
        return EOF

    def peek2(self) -> Token:
        while self.p + 1 >= len(self.toks):
            if not self._fill():
                return EOF
        return self.toks[self.p + 1]

    def kind(self) -> str:
        if self.p < len(self.toks) or self._fill():
            return self.toks[self.p][0]
        return "EOF"

    def advance(self) -> Token:
        t = self.peek()
        if t is not EOF:
            self.p += 1
        return t

    def accept(self, kind: str) -> bool:
        if self.kind() == kind:
            self.p += 1
            return True
        return False

    def expect(self, kind: str) -> Token:
        t = self.peek()
        if t[0] != kind:
            raise self.error(f"expected {kind!r}, found {self.describe(t)}")
        self.p += 1
        return t

    def comma_list(self, item: Callable[[], T], close: str | None = None, first: tuple = ()) -> tuple[T, ...]:
        """``item {, item}`` and then ``close``: every comma list of the grammar.  ``first``
        holds the items already parsed (the caller had to read one to know a list follows)."""
        items = list(first) if first else [item()]
        while self.accept(","):
            items.append(item())
        if close is not None:
            self.expect(close)
        return tuple(items)

    def ident(self) -> str:
        t = self.peek()
        if t[0] != "ID":
            raise self.error(f"expected a name, found {self.describe(t)}")
        self.p += 1
        return t[1]  # type: ignore[return-value]

    @staticmethod
    def describe(t: Token) -> str:
        if t[0] == "EOF":
            return "end of file"
        if t[0] in ("ID", "INT", "STR"):
            text = repr(t[1])
            return text if len(text) <= 60 else text[:57] + "..."
        if t[0] == "BITS":
            return "a bitvector literal"
        return repr(t[0])

    def position(self, p: int | None = None) -> str:
        p = self.p if p is None else p
        if p < len(self.toks):
            return f"{self.filename}:{self.first_line + self.tline[p]}:{self.toks[p][2]}"
        return f"{self.filename}:{self.first_line + len(self.lines) - 1}"

    def line_of(self, p: int) -> int:
        """The source line number of token ``p`` (which must exist)."""
        return self.first_line + self.tline[p]

    def error(self, message: str) -> ParseError:
        return ParseError(f"{self.position()}: {message}")

    def unsupported(self, construct: str) -> Unsupported:
        e = Unsupported(construct)
        e.locate(self.position())
        return e

    # ------------------------------------------------------------ declarations
    def module(self) -> S.Module:
        mod = S.Module(self.filename)
        while self.kind() != "EOF":
            self._count_statement()
            line = self.line_of(self.p)
            check_depth(self.declaration(mod), self.filename, line)
        return mod

    def _count_statement(self) -> None:
        self.statements_left -= 1
        if self.statements_left < 0:
            raise self.error(f"more than {MAX_STATEMENTS} statements and declarations in one program")

    def declaration(self, mod: S.Module) -> object:
        """Parse one declaration into ``mod``; returns it."""
        while self.kind() in _QUALIFIERS:
            self.p += 1
        k = self.kind()
        if k == "func":
            fn = self.function()
            mod.functions[fn.name] = fn
            return fn
        if k == "type":
            decl = self.type_declaration()
            mod.types[decl.name] = decl
            return decl
        if k in ("var", "let", "constant", "config"):
            line = self.line_of(self.p)
            self.p += 1
            name = self.ident()
            ty = self.type() if self.accept(":") else None
            value = self.expr() if self.accept("=") else None
            self.expect(";")
            glob = S.GlobalDecl(k, name, ty, value, line)
            mod.globals.append(glob)
            return glob
        if k in ("getter", "setter"):
            raise self.unsupported(f"{k} declaration")
        raise self.error(f"expected a declaration, found {self.describe(self.peek())}")

    def function(self) -> S.Function:
        line = self.line_of(self.p)
        self.expect("func")
        name = self.ident()
        params = self.comma_list(self.parameter, "}") if self.accept("{") else ()
        self.expect("(")
        args = () if self.accept(")") else self.comma_list(self.typed_name, ")")
        returns = self.type() if self.accept("=>") else None
        if self.kind() == "ID" and self.peek()[1] == "recurselimit":
            self.p += 1
            self.expr()
        self.expect("begin")
        body = self.statements()
        self.expect("end")
        self.expect(";")
        return S.Function(name, params, args, returns, body, self.filename, line)

    def parameter(self) -> str:
        """A ``{N}`` parameter of a function; its optional type adds nothing here."""
        name = self.ident()
        if self.accept(":"):
            self.type()
        return name

    def typed_name(self) -> tuple[str, S.Node]:
        """``name : type`` (a function argument)."""
        name = self.ident()
        self.expect(":")
        return name, self.type()

    def type_declaration(self) -> S.TypeDecl:
        self.expect("type")
        name = self.ident()
        if self.kind() == "subtypes":
            raise self.unsupported("subtype declaration")
        self.expect("of")
        k = self.kind()
        fields: tuple = ()
        if k == "enumeration":
            self.p += 1
            self.expect("{")
            names = []
            while self.kind() != "}":
                names.append(self.ident())
                if not self.accept(","):
                    break
            self.expect("}")
            ty: S.Node = S.TOther("enumeration", tuple(names))
        elif k in ("record", "exception"):
            self.p += 1
            items = []
            if self.accept("{"):
                while self.kind() != "}":
                    field_name = self.ident()
                    self.expect(":")
                    items.append((field_name, self.type()))
                    if not self.accept(","):
                        break
                self.expect("}")
            fields = tuple(items)
            ty = S.TOther(k)
        else:
            ty = self.type()
        if self.kind() == "subtypes":
            raise self.unsupported("subtype declaration")
        self.expect(";")
        return S.TypeDecl(name, ty, fields)

    # --------------------------------------------------------------------- types
    def type(self) -> S.Node:
        t = self.advance()
        k = t[0]
        if k == "integer":
            if self.kind() == "{":
                return S.TInt(self.constraints())
            return S.TInt()
        if k == "bits":
            self.expect("(")
            width = self.expr()
            self.expect(")")
            if self.kind() == "{":
                raise self.unsupported("bitfield type")
            return S.TBits(width)
        if k == "bit":
            return S.TBits(S.ELit(1))
        if k == "boolean":
            return S.TBool()
        if k in ("real", "string"):
            return S.TOther(k)
        if k == "ID":
            return S.TNamed(t[1])  # type: ignore[arg-type]
        if k == "array":
            close = "]]" if self.accept("[[") else (self.expect("[") and "]")
            length = self.expr()
            self.expect(close)
            self.expect("of")
            return S.TArray(length, self.type())
        if k == "(":
            return S.TTuple(self.comma_list(self.type, ")"))
        self.p -= 1
        raise self.error(f"expected a type, found {self.describe(t)}")

    def constraints(self) -> tuple:
        self.expect("{")
        if self.kind() == "-" and self.peek2()[0] == "}":
            self.p += 2
            return ()
        return self.comma_list(self.constraint, "}")

    def constraint(self) -> tuple[S.Node, S.Node]:
        """``a`` or ``a..b`` of an integer constraint, as (low, high)."""
        low = self.expr()
        return low, self.expr() if self.accept("..") else low

    # ---------------------------------------------------------------- statements
    def statements(self) -> S.Block:
        """Statements up to (not including) end/else/elsif/when/otherwise/until."""
        stmts: list[S.Node] = []
        lines: list[int] = []
        memo = self.memo
        src = self.lines
        self.blocks += 1
        above = 2 * self.blocks - 1  # levels above a statement here: each block, each compound statement
        while True:
            if memo is not None and self.p == len(self.toks):
                # At a line boundary with nothing buffered: a known one-line statement?
                index = self.next_line
                while index < len(src):
                    text = src[index].strip()
                    if text and not text.startswith("//"):
                        break
                    index += 1
                else:
                    text = ""
                hit = memo.get(text) if text else None
                if hit is not None:
                    if above + _SHARED_DEPTHS.get(id(hit), 0) > MAX_SYNTAX_DEPTH:
                        raise ParseError(f"{self.filename}:{self.first_line + index}: {_TOO_DEEP}")
                    stmts.append(hit)
                    lines.append(self.first_line + index)
                    self.next_line = index + 1
                    continue
            if self.kind() in _STMT_END:
                break
            start = self.p
            self.statements_left -= 1
            if self.statements_left < 0:
                self._count_statement()  # raises
            stmt = self.statement()
            stmts.append(stmt)
            line_index = self.tline[start]
            lines.append(self.first_line + line_index)
            depth = 2 * (self.p - start)  # at most: every node takes a token, a slice shares its bracket
            if above + depth > MAX_SYNTAX_DEPTH:
                depth = _depth(stmt, MAX_SYNTAX_DEPTH - above)
                if above + depth > MAX_SYNTAX_DEPTH:
                    raise ParseError(f"{self.filename}:{self.first_line + line_index}: {_TOO_DEEP}")
            if (
                memo is not None
                and self.p == len(self.toks)
                and self.tline[self.p - 1] == line_index
                and (start == 0 or self.tline[start - 1] != line_index)
                and isinstance(stmt, _SIMPLE)
            ):
                memo[src[line_index].strip()] = stmt
                SHARED_IDS.add(id(stmt))
                _SHARED_DEPTHS[id(stmt)] = depth
        self.blocks -= 1
        return S.Block(tuple(stmts), tuple(lines))

    def loop_body(self) -> S.Block:
        """``[looplimit n] do <statements> end;``: the tail of ``for`` and ``while``."""
        self.loop_limit()
        self.expect("do")
        body = self.statements()
        self.expect("end")
        self.expect(";")
        return body

    def statement(self) -> S.Node:
        k = self.kind()
        keyword = _KEYWORD_STATEMENTS.get(k)
        if keyword is not None:
            self.p += 1
            return keyword(self)
        if k in ("let", "constant", "var"):
            return self.declaration_statement(k)
        if k in ("try", "throw", "print", "println"):
            raise self.unsupported(f"'{k}' statement")
        if k == "ID" and self.peek2()[0] in ("(", "{"):
            call = self.primary()
            if isinstance(call, S.ECall) and self.kind() == ";":
                self.p += 1
                return S.SCall(call)
            if isinstance(call, S.ECall):
                raise self.unsupported("setter call")
            raise self.error(f"a {type(call).__name__} is not a statement")
        target = self.lexpr()
        self.expect("=")
        value = self.expr()
        self.expect(";")
        return S.SAssign(target, value)

    def loop_limit(self) -> None:
        """``looplimit N``: a bound for the checker; the interpreter has its own bound."""
        t = self.peek()
        if t[0] == "ID" and t[1] == "looplimit":
            self.p += 1
            self.expr()

    # The statements that start with a keyword; each method is called past its keyword.
    def for_statement(self) -> S.Node:
        var = self.ident()
        self.expect("=")
        start = self.expr()
        if self.accept("to"):
            down = False
        else:
            self.expect("downto")
            down = True
        stop = self.expr()
        return S.SFor(var, start, down, stop, self.loop_body())

    def while_statement(self) -> S.Node:
        test = self.expr()
        return S.SWhile(test, self.loop_body())

    def repeat_statement(self) -> S.Node:
        body = self.statements()
        self.expect("until")
        test = self.expr()
        self.expect(";")
        return S.SRepeat(body, test)

    def assert_statement(self) -> S.Node:
        test = self.expr()
        self.expect(";")
        return S.SAssert(test)

    def return_statement(self) -> S.Node:
        value = None if self.kind() == ";" else self.expr()
        self.expect(";")
        return S.SReturn(value)

    def pass_statement(self) -> S.Node:
        self.expect(";")
        return S.SPass()

    def unreachable_statement(self) -> S.Node:
        if self.accept("("):
            self.expect(")")
        self.expect(";")
        return S.SUnreachable()

    def if_statement(self) -> S.Node:
        arms = []
        test = self.expr()
        self.expect("then")
        arms.append((test, self.statements()))
        orelse = None
        while True:
            if self.accept("elsif"):
                test = self.expr()
                self.expect("then")
                arms.append((test, self.statements()))
                continue
            if self.accept("else"):
                orelse = self.statements()
            break
        self.expect("end")
        self.expect(";")
        return S.SIf(tuple(arms), orelse)

    def case_statement(self) -> S.Node:
        subject = self.expr()
        self.expect("of")
        alts = []
        while True:
            if self.accept("when"):
                pattern = self.pattern_list()
                where = self.expr() if self.accept("where") else None
                self.expect("=>")
                alts.append((pattern, where, self.statements()))
            elif self.accept("otherwise"):
                self.expect("=>")
                alts.append((S.PAll(), None, self.statements()))
            else:
                break
        self.expect("end")
        self.expect(";")
        return S.SCase(subject, tuple(alts))

    def declaration_statement(self, keyword: str) -> S.Node:
        self.p += 1
        names = self.decl_item()
        if keyword == "var" and self.kind() == ",":
            items = self.comma_list(self.ident, ":", first=(names,))
            ty = self.type()
            self.expect(";")
            return S.SDecl("var-list", items, ty, None)
        ty = self.type() if self.accept(":") else None
        value = None
        if self.accept("="):
            value = self.expr()
        elif keyword != "var":
            raise self.error(f"'{keyword}' needs '= value'")
        elif ty is None:
            raise self.error("'var' needs ': type' or '= value'")
        self.expect(";")
        return S.SDecl(keyword, names, ty, value)

    def decl_item(self) -> object:
        if self.accept("-"):
            return None
        if self.accept("("):
            return self.comma_list(self.decl_item, ")")
        return self.ident()

    def lexpr(self) -> S.Node:
        if self.accept("-"):
            return S.LDiscard()
        if self.accept("("):
            return S.LTuple(self.comma_list(self.lexpr, ")"))
        return self.selectors(S.LVar(self.ident()), _TARGET_SELECTORS)

    # --------------------------------------------------------------- expressions
    def expr(self, min_priority: int = 0) -> S.Node:
        left = self.unary()
        while True:
            k = self.kind()
            priority = BINARY_PRIORITY.get(k)
            if priority is None:
                if k == "as" and min_priority <= _AS_PRIORITY:
                    self.p += 1
                    if self.kind() == "{":
                        left = S.EATC(left, S.TInt(self.constraints()))
                    else:
                        left = S.EATC(left, self.type())
                    continue
                return left
            if priority < min_priority:
                return left
            self.p += 1
            if k in ("==", "!=") and self.kind() == "MASK":
                mask = S.PMask(self.advance()[1])  # type: ignore[arg-type]
                left = S.EPattern(left, mask if k == "==" else S.PNot(mask))
                continue
            right = self.expr(priority + 1)
            left = S.EBinop(k, left, right)
            if k in _NONASSOC and self.kind() in _NONASSOC:
                raise self.error("comparisons do not chain; add parentheses")

    def unary(self) -> S.Node:
        k = self.kind()
        if k in ("-", "!", "NOT"):
            self.p += 1
            return S.EUnop(k, self.unary())
        e = self.postfix()
        if self.kind() == "IN":
            self.p += 1
            e = S.EPattern(e, self.pattern_set())
        return e

    def postfix(self) -> S.Node:
        return self.selectors(self.primary(), _EXPR_SELECTORS)

    def selectors(self, base: S.Node, nodes: tuple[type, type, type]) -> S.Node:
        """``base`` followed by ``.field``, ``[[index]]`` and ``[slices]``, left to right.
        Expressions and assignment targets share this grammar and differ only in the
        ``nodes`` built (field, index, slice); an expression may also read several fields
        at once (``.[a, b]``), which a target may not."""
        field, index, bits = nodes
        while True:
            k = self.kind()
            if k == ".":
                self.p += 1
                if self.kind() in ("[", "("):
                    if field is S.LField:
                        raise self.unsupported("multiple field assignment")
                    if self.accept("["):
                        base = S.EGetFields(base, self.comma_list(self.ident, "]"))
                        continue
                base = field(base, self.ident())
            elif k == "[[":
                self.p += 1
                i = self.expr()
                self.expect("]]")
                base = index(base, i)
            elif k == "[":
                base = bits(base, self.slices())
            else:
                return base

    def slices(self) -> tuple:
        self.expect("[")
        out = []
        while True:
            if self.accept(":"):
                out.append(S.Slice("+:", S.ELit(0), self.expr()))
            else:
                first = self.expr()
                if self.accept(":"):
                    out.append(S.Slice(":", first, self.expr()))
                elif self.accept("+:"):
                    out.append(S.Slice("+:", first, self.expr()))
                elif self.kind() == "*:":
                    raise self.unsupported("'*:' slice")
                else:
                    out.append(S.Slice("single", first))
            if not self.accept(","):
                break
        self.expect("]")
        return tuple(out)

    def primary(self) -> S.Node:
        t = self.advance()
        k = t[0]
        if k in ("INT", "BITS", "BOOL", "STR"):
            return S.ELit(t[1])
        if k == "ID":
            name: str = t[1]  # type: ignore[assignment]
            nk = self.kind()
            if nk == "(":
                return S.ECall(name, (), self.arguments())
            if nk == "{":
                if self.peek2()[0] == "}":
                    self.p += 2
                    return S.ERecord(name, ())
                if self.peek2()[0] == "ID" and self._record_field_follows():
                    return self.record_literal(name)
                self.p += 1
                params = self.comma_list(self.expr, "}")
                args = self.arguments() if self.kind() == "(" else ()
                return S.ECall(name, params, args)
            if name == "ARBITRARY" and nk == ":":
                self.p += 1
                return S.EArbitrary(self.type())
            return S.EVar(name)
        if k == "(":
            first = self.expr()
            if self.accept(")"):
                return first
            return S.ETuple(self.comma_list(self.expr, ")", first=(first,)))
        if k == "if":
            return self.if_expression()
        if k == "REAL":
            return S.ELit(Fraction(t[1]))  # type: ignore[arg-type]
        if k == "MASK":
            raise self.unsupported("bitmask literal outside a pattern")
        self.p -= 1
        raise self.error(f"expected an expression, found {self.describe(t)}")

    def _record_field_follows(self) -> bool:
        # "T { name = ..." is a record literal; "F{N}" is a parameterised call.
        while self.p + 2 >= len(self.toks):
            if not self._fill():
                return False
        return self.toks[self.p + 2][0] == "="

    def record_literal(self, name: str) -> S.Node:
        self.expect("{")
        return S.ERecord(name, self.comma_list(self.field_value, "}"))

    def field_value(self) -> tuple[str, S.Node]:
        """``name = expr`` of a record literal."""
        field_name = self.ident()
        self.expect("=")
        return field_name, self.expr()

    def if_expression(self) -> S.Node:
        test = self.expr()
        self.expect("then")
        then = self.expr()
        if self.accept("elsif"):
            return S.ECond(test, then, self.if_expression())
        self.expect("else")
        return S.ECond(test, then, self.expr())

    def arguments(self) -> tuple:
        self.expect("(")
        if self.accept(")"):
            return ()
        return self.comma_list(self.expr, ")")

    # ------------------------------------------------------------------ patterns
    def pattern_set(self) -> S.Node:
        if self.accept("!"):
            return S.PNot(self.pattern_set())
        self.expect("{")
        return S.PAny(self.comma_list(self.pattern, "}"))

    def pattern_list(self) -> S.Node:
        items = self.comma_list(self.pattern)
        return items[0] if len(items) == 1 else S.PAny(items)

    def pattern(self) -> S.Node:
        k = self.kind()
        if k == "MASK":
            return S.PMask(self.advance()[1])  # type: ignore[arg-type]
        if k == "-":
            self.p += 1
            return S.PAll()
        if k in ("<=", ">="):
            self.p += 1
            return S.PCompare(k, self.expr())
        if k == "{" or k == "!":
            return self.pattern_set()
        first = self.expr()
        if self.accept(".."):
            return S.PRange(first, self.expr())
        return S.PSingle(first)


_KEYWORD_STATEMENTS: dict[str, Callable[[Parser], S.Node]] = {
    "if": Parser.if_statement, "for": Parser.for_statement, "while": Parser.while_statement,
    "repeat": Parser.repeat_statement, "case": Parser.case_statement,
    "assert": Parser.assert_statement, "return": Parser.return_statement,
    "pass": Parser.pass_statement, "unreachable": Parser.unreachable_statement,
}


def parse_module(text: str, filename: str) -> S.Module:
    """Parse a whole ASL file."""
    return Parser(text, filename).module()


def parse_function(lines: list[str], filename: str, first_line: int, memo: bool = True) -> S.Function:
    """Parse one ``func ... end;`` whose text is ``lines`` (starting at ``first_line``);
    with ``memo`` its one-line statements are shared with every other memo parse."""
    p = Parser(lines, filename, first_line, memo)
    while p.kind() in _QUALIFIERS:
        p.p += 1
    fn = p.function()
    if p.kind() != "EOF":
        raise p.error(f"unexpected {p.describe(p.peek())} after the function")
    check_depth(fn, filename, first_line)
    return fn


# ------------------------------------------------------------------------- depth
_TOO_DEEP = (f"statement or expression nested more than {MAX_SYNTAX_DEPTH} deep (each operator of a chain such as "
             "1 + 1 + ... nests one level: split it)")
# The fields of each node class that hold nodes (directly, or in tuples at any depth).
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}
# Depths (or their bound) of the shared statements (the memo's): id -> depth.
_SHARED_DEPTHS: dict[int, int] = {}


def _children(cls: type) -> tuple[str, ...]:
    names = _CHILD_FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls) if f.type not in (str, bool, int))
        _CHILD_FIELDS[cls] = names
    return names


def _depth(node: object, limit: int) -> int:
    """The depth of the tree under ``node`` (1 for a leaf), counting only nodes (a tuple
    of nodes is not a level) and not going into blocks (their statements are measured
    where they are parsed); stops as soon as it passes ``limit``.  Iterative: the tree
    may be far deeper than Python's stack."""
    deepest = 0
    stack: list[tuple[object, int]] = [(node, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, tuple):
            stack.extend((x, depth) for x in item)
            continue
        if not isinstance(item, S.Node) or isinstance(item, S.Block):
            continue
        if depth > deepest:
            deepest = depth
            if deepest > limit:
                break
        for name in _children(type(item)):
            child = getattr(item, name)
            if isinstance(child, (S.Node, tuple)):
                stack.append((child, depth + 1))
    return deepest


def check_depth(decl: object, filename: str, line: int) -> None:
    """Refuse a declaration whose types or value are more than MAX_SYNTAX_DEPTH deep
    (a function's statements are measured as they are parsed: :meth:`Parser.statements`)."""
    if isinstance(decl, S.Function):
        roots = [t for _, t in decl.args] + [decl.returns]
    else:
        roots = [getattr(decl, "type", None), getattr(decl, "value", None)]
    for root in roots:
        if root is not None and _depth(root, MAX_SYNTAX_DEPTH) > MAX_SYNTAX_DEPTH:
            raise ParseError(f"{filename}:{line}: {_TOO_DEEP}")


__all__ = ["BINARY_PRIORITY", "SHARED_IDS", "STATEMENT_MEMO", "Parser", "parse_function", "parse_module"]
