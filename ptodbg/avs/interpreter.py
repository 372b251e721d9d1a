"""Evaluation of parsed ASL: each node becomes a Python closure once, then runs many times.

A closure takes a :class:`Frame` (the local variables of one subprogram activation and the
:class:`Context` of the program run) and returns the node's value; a statement returns
None, or a 1-tuple holding the value of an executed ``return``.  Closures are built by
walking the syntax tree (never by generating Python source), and shared: every identical
line of the validators is one node and so one closure.

Names: a local variable, else a global of the run (the harness's views of the machine,
the program's own globals, the constants), else an enumeration literal
(``Fault_None``: a CamelCase prefix before the first underscore), else an error.

Work (:mod:`ptodbg.avs.limits`): a run may execute WORK_BUDGET statements inside loops
and ASL calls — each loop iteration and each call of an ASL function is charged the
statements of its body — and ASL calls nest at most MAX_CALL_DEPTH deep, so a runaway
loop, an endless or exponential recursion, or an array of a billion elements is a
failing point that says so, never a hang.  A RecursionError (blocks, expressions and
calls within one another past Python's stack, which the parser's depth bound leaves
only for calls) is never an "internal error": it reaches the runner as itself.
"""

from __future__ import annotations

from collections.abc import Callable
from time import monotonic

from ptodbg.avs import operators as op
from ptodbg.avs import syntax as S
from ptodbg.avs.limits import CALL_COST, MAX_ARRAY_LENGTH, MAX_CALL_DEPTH, MAX_SECONDS, WORK_BUDGET
from ptodbg.avs.parser import SHARED_IDS
from ptodbg.avs.values import (
    Array,
    AslError,
    AssertionFailed,
    Bits,
    Enum,
    Record,
    Unsupported,
    copy_value,
    reset_wide_budget,
    show,
    type_name,
)

Closure = Callable[["Frame"], object]

#: Upper bound on the statements one program run executes in loops and calls (ASL loops
#: are bounded by the type checker's ``looplimit``; a runaway loop here is a failing
#: point, not a hang).
LOOP_BUDGET = WORK_BUDGET

_MISSING = object()


class Frame:
    __slots__ = ("vars", "ctx")

    def __init__(self, ctx: Context, variables: dict) -> None:
        self.ctx = ctx
        self.vars = variables


class Global:
    """A global variable of the run: ``get()``/``set(value)``.  Machine-backed globals of
    the harness subclass this; plain ones hold their value."""

    __slots__ = ("value",)

    def __init__(self, value: object = None) -> None:
        self.value = value

    def get(self) -> object:
        return self.value

    def set(self, value: object) -> None:
        self.value = value


Builtin = Callable[["Context", list, list], object]


class Context:
    """Everything one program run can name: functions, globals, constants, types."""

    def __init__(
        self,
        functions: dict[str, Builtin],
        globals_: dict[str, Global],
        constants: dict[str, object],
        types: dict[str, S.Node],
        records: dict[str, tuple],
        library: Callable[[str], S.Function | None] | None = None,
    ) -> None:
        self.functions = functions
        self.globals = globals_
        self.constants = constants
        self.types = types
        self.records = records
        self.library = library
        self.loop_budget = LOOP_BUDGET
        reset_wide_budget()  # one run at a time: the wide-value budget is this run's
        self.seconds = MAX_SECONDS
        self.deadline = monotonic() + MAX_SECONDS  # see limit_time
        self.depth = 0  # ASL calls under way
        self.fallback: Callable[[str], Builtin | None] | None = None
        # The first assertion that could not be evaluated (it named something outside the
        # subset or the harness); the run goes on and reports it if nothing fails.
        self.skipped: Unsupported | None = None
        self.harness: object = None
        self.arities: dict[str, tuple[int, int]] = {}  # of the builtins (see check_arity)
        self._resolved: dict[str, Builtin] = {}

    # ------------------------------------------------------------------ names
    def lookup(self, name: str) -> object:
        g = self.globals.get(name)
        if g is not None:
            return g.get()
        c = self.constants.get(name, _MISSING)
        if c is not _MISSING:
            return c
        if is_enum_name(name):
            return Enum(name)
        raise Unsupported(f"global or constant {name}")

    def assign_global(self, name: str, value: object) -> None:
        g = self.globals.get(name)
        if g is None:
            raise Unsupported(f"assignment to global {name}")
        g.set(value)

    def resolve(self, name: str) -> Builtin:
        fn = self._resolved.get(name)
        if fn is None:
            fn = self.functions.get(name)
            if fn is None and self.library is not None:
                decl = self.library(name)
                if decl is not None:
                    fn = AslFunction(decl)
            if fn is None and self.fallback is not None:
                fn = self.fallback(name)
            if fn is None:
                raise Unsupported(f"function {name}")
            self._resolved[name] = fn
        return fn

    def call(self, name: str, params: list, args: list) -> object:
        return self.resolve(name)(self, params, args)

    def limit_time(self, seconds: float) -> None:
        """Let the run go on for ``seconds`` from now (MAX_SECONDS by default)."""
        self.seconds = seconds
        self.deadline = monotonic() + seconds

    def check_arity(self, name: str, count: int) -> None:
        """Raise the program's error when ``name`` does not take ``count`` arguments
        (``arities``: the builtins' (low, high)); a builtin given the wrong number of
        arguments fails in Python, which must not read as ptodbg's internal error."""
        low, high = self.arities.get(name, (0, 1 << 30))
        if not low <= count <= high:
            wanted = f"{low}" if low == high else f"{low} or more" if high >= 1 << 30 else f"{low} to {high}"
            raise AslError(f"{name} takes {wanted} argument{'' if wanted == '1' else 's'}, not {count}")

    # ------------------------------------------------------------------ types
    def base_value(self, ty: S.Node | None, frame: Frame | None = None) -> object:
        """The initial value of an uninitialised ``var`` of type ``ty`` (ASL base value)."""
        if isinstance(ty, S.TBits):
            width = evaluate(ty.width, frame or Frame(self, {}))
            if type(width) is not int:
                raise AslError(f"type error: bits({type_name(width)})")
            return Bits(width, 0)
        if isinstance(ty, S.TInt):
            if ty.ranges:
                low = evaluate(ty.ranges[0][0], frame or Frame(self, {}))
                return low
            return 0
        if isinstance(ty, S.TBool):
            return False
        if isinstance(ty, S.TArray):
            length = evaluate(ty.length, frame or Frame(self, {}))
            if type(length) is not int:
                raise AslError(f"type error: array [[{type_name(length)}]]")
            if not 0 <= length <= MAX_ARRAY_LENGTH:
                raise AssertionFailed(f"an array of {show(length)} elements (0..{MAX_ARRAY_LENGTH} are allowed)")
            _charge(self, length)  # arrays of arrays multiply
            return Array(length, [self.base_value(ty.element, frame) for _ in range(length)])
        if isinstance(ty, S.TTuple):
            return tuple(self.base_value(t, frame) for t in ty.items)
        if isinstance(ty, S.TNamed):
            if ty.name in self.records:
                return Record(ty.name, {n: self.base_value(t, frame) for n, t in self.records[ty.name]})
            alias = self.types.get(ty.name)
            if alias is not None:
                return self.base_value(alias, frame)
            raise Unsupported(f"base value of type {ty.name}")
        raise Unsupported(f"base value of {_TYPE_KINDS.get(type(ty), 'this type')}")

    def check_type(self, value: object, ty: S.Node, frame: Frame) -> object:
        """``value as ty``: the value when it belongs to the type, else an assertion."""
        if isinstance(ty, S.TInt):
            if type(value) is not int:
                raise AslError(f"type error: {type_name(value)} as integer")
            if ty.ranges:
                for low_e, high_e in ty.ranges:
                    if evaluate(low_e, frame) <= value <= evaluate(high_e, frame):  # type: ignore[operator]
                        return value
                raise AssertionFailed(f"{show(value)} is outside the constrained integer type")
            return value
        if isinstance(ty, S.TBits):
            width = evaluate(ty.width, frame)
            if type(value) is not Bits or value.width != width:
                raise AslError(f"type error: {type_name(value)} as bits({width})")
            return value
        if isinstance(ty, S.TBool):
            if type(value) is not bool:
                raise AslError(f"type error: {type_name(value)} as boolean")
            return value
        if isinstance(ty, S.TNamed):
            alias = self.types.get(ty.name)
            if alias is not None:
                return self.check_type(value, alias, frame)
            return value
        return value


# How a message names a type node that has no base value here.
_TYPE_KINDS = {S.TOther: "a real, string, enumeration or record type"}


def is_enum_name(name: str) -> bool:
    """Enumeration literals are spelt ``TypeName_Literal`` with a CamelCase type name."""
    head, sep, _ = name.partition("_")
    return bool(sep) and head[:1].isupper() and any(c.islower() for c in head)


class AslFunction:
    """A subprogram written in ASL (the program's own, or a validator)."""

    __slots__ = ("decl", "body", "arg_names", "param_names", "infer", "weight")

    def __init__(self, decl: S.Function) -> None:
        self.decl = decl
        self.body = compile_block(decl.body, decl.filename)
        self.weight = statement_count(decl.body) + CALL_COST
        self.arg_names = tuple(name for name, _ in decl.args)
        self.param_names = decl.params
        # Parameters not given explicitly come from the widths of bits(N) arguments.
        self.infer = tuple(
            (i, ty.width.name)
            for i, (_, ty) in enumerate(decl.args)
            if isinstance(ty, S.TBits) and isinstance(ty.width, S.EVar) and ty.width.name in decl.params
        )

    def __call__(self, ctx: Context, params: list, args: list) -> object:
        if len(args) != len(self.arg_names):
            raise AslError(f"{self.decl.name} takes {len(self.arg_names)} arguments, got {len(args)}")
        variables = {name: copy_value(v) for name, v in zip(self.arg_names, args, strict=True)}
        if self.param_names:
            for name, value in zip(self.param_names, params, strict=False):
                variables[name] = value
            for index, name in self.infer:
                if name not in variables and type(args[index]) is Bits:
                    variables[name] = args[index].width
        _charge(ctx, self.weight)
        if ctx.depth >= MAX_CALL_DEPTH:
            raise AslError(f"ASL calls nested more than {MAX_CALL_DEPTH} deep (calling {self.decl.name}: "
                           "a recursion that does not end?)")
        ctx.depth += 1
        try:
            result = self.body(Frame(ctx, variables))
        finally:
            ctx.depth -= 1
        return None if result is None else result[0]  # type: ignore[index]


# ============================================================== expressions
# Closures of shared statements (the parser's memo: one node for every identical line of
# the validators), by node identity; the entry keeps the node alive, so ids stay unique.
_shared: dict[int, tuple[S.Node, Closure]] = {}


def evaluate(node: S.Node, frame: Frame) -> object:
    return compile_expr(node)(frame)


def compile_expr(node: S.Node) -> Closure:
    return _EXPR[type(node)](node)


def _lit(node: S.ELit) -> Closure:
    value = node.value

    def lit(fr: Frame) -> object:
        return value

    return lit


def _var(node: S.EVar) -> Closure:
    name = node.name
    missing = _MISSING

    def var(fr: Frame) -> object:
        v = fr.vars.get(name, missing)
        if v is missing:
            return fr.ctx.lookup(name)
        return v

    return var


def _unop(node: S.EUnop) -> Closure:
    fn = op.UNARY[node.op]
    operand = compile_expr(node.operand)

    def unop(fr: Frame) -> object:
        return fn(operand(fr))

    return unop


# && and ||: the left operand's value that decides without the right one.
_DECIDED_BY = {"&&": False, "||": True}


def _short_circuit(left: Closure, right: Closure, name: str, decided: bool) -> Closure:
    """``a && b`` / ``a || b``: ``b`` is evaluated only when ``a`` does not decide, and both
    must be booleans (ASL has no truthiness)."""

    def logical(fr: Frame) -> object:
        a = left(fr)
        if type(a) is not bool:
            raise AslError(f"type error: {type_name(a)} {name} ...")
        if a is decided:
            return decided
        b = right(fr)
        if type(b) is bool:
            return b
        raise AslError(f"type error: ... {name} {type_name(b)}")

    return logical


def _binop(node: S.EBinop) -> Closure:
    left = compile_expr(node.left)
    right = compile_expr(node.right)
    name = node.op
    if name in _DECIDED_BY:
        return _short_circuit(left, right, name, _DECIDED_BY[name])
    if name == "-->":

        def implies(fr: Frame) -> object:
            return (not left(fr)) or bool(right(fr))

        return implies
    if name == "<->":

        def iff(fr: Frame) -> object:
            return bool(left(fr)) == bool(right(fr))

        return iff
    if name == "==":
        equal = op.equal

        def eq(fr: Frame) -> object:
            return equal(left(fr), right(fr))

        return eq
    fn = op.BINARY[name]

    def binop(fr: Frame) -> object:
        return fn(left(fr), right(fr))

    return binop


def _cond(node: S.ECond) -> Closure:
    test, then, orelse = compile_expr(node.test), compile_expr(node.then), compile_expr(node.orelse)

    def cond(fr: Frame) -> object:
        t = test(fr)
        if type(t) is not bool:
            raise AslError(f"type error: if {type_name(t)} then ...")
        return then(fr) if t else orelse(fr)

    return cond


def _call(node: S.ECall) -> Closure:
    name = node.name
    args = tuple(compile_expr(a) for a in node.args)
    params = tuple(compile_expr(p) for p in node.params)

    def call(fr: Frame) -> object:
        ctx = fr.ctx
        fn = ctx.resolve(name)
        values = [a(fr) for a in args]
        try:
            return fn(ctx, [p(fr) for p in params], values)
        except (IndexError, TypeError, ValueError):  # a builtin given too few or too many arguments?
            if not isinstance(fn, AslFunction):
                ctx.check_arity(name, len(values))
            raise

    return call


def compile_slices(slices: tuple) -> Callable[[Frame], list[tuple[int, int]]]:
    """The (low, count) pieces of ``[hi:lo, lo+:n, i]``."""
    parts = []
    for s in slices:
        first = compile_expr(s.first)
        second = compile_expr(s.second) if s.second is not None else None
        parts.append((s.kind, first, second))

    def pieces(fr: Frame) -> list[tuple[int, int]]:
        out = []
        for kind, first, second in parts:
            a = first(fr)
            b = 1 if second is None else second(fr)  # [i] is [i +: 1]
            if type(a) is not int or type(b) is not int:
                bad = b if type(a) is int else a
                raise AslError(f"type error: slice bound of type {type_name(bad)}")
            if kind == ":":
                if a < b:
                    raise AssertionFailed(f"slice [{show(a)}:{show(b)}] has its bounds reversed")
                out.append((b, a - b + 1))
            else:  # "+:" and "single"
                out.append((a, b))
        return out

    return pieces


def _slice(node: S.ESlice) -> Closure:
    base = compile_expr(node.base)
    pieces = compile_slices(node.slices)
    extract = op.extract

    def slice_(fr: Frame) -> object:
        return extract(base(fr), pieces(fr))

    return slice_


def _accessor(obj: object, method: str, what: str) -> Callable:
    """``obj``'s ``get_item``/``get_field``/``set_item``/``set_field``: only records, arrays
    and the harness's views of machine state have them, so anything else is the program's
    type error (``what``, with ``{}`` standing for the value's type)."""
    accessor = getattr(obj, method, None)
    if accessor is None:
        raise AslError("type error: " + what.format(type_name(obj)))
    return accessor


def _item_reader(base: Closure, index: Closure) -> Closure:
    """``x[[i]]``, ``base`` giving x: shared by expressions and assignment targets."""

    def get_item(fr: Frame) -> object:
        container = base(fr)
        i = index(fr)
        return _accessor(container, "get_item", "{}[[...]]")(i)

    return get_item


def _field_reader(base: Closure, name: str) -> Closure:
    """``x.name``, ``base`` giving x: shared by expressions and assignment targets."""
    what = f"field {name} of {{}}"

    def get_field(fr: Frame) -> object:
        return _accessor(base(fr), "get_field", what)(name)

    return get_field


def _get_array(node: S.EGetArray) -> Closure:
    return _item_reader(compile_expr(node.base), compile_expr(node.index))


def _get_field(node: S.EGetField) -> Closure:
    return _field_reader(compile_expr(node.base), node.name)


def _get_fields(node: S.EGetFields) -> Closure:
    base = compile_expr(node.base)
    names = node.names

    def get_fields(fr: Frame) -> object:
        obj = base(fr)
        out: object = None
        for name in names:
            value = obj.get_field(name)  # type: ignore[attr-defined]
            out = value if out is None else op.concat(out, value)
        return out

    return get_fields


def _atc(node: S.EATC) -> Closure:
    expr = compile_expr(node.expr)
    ty = node.type

    def atc(fr: Frame) -> object:
        return fr.ctx.check_type(expr(fr), ty, fr)

    return atc


def compile_pattern(node: S.Node) -> Callable[[Frame, object], bool]:
    if isinstance(node, S.PSingle):
        expr = compile_expr(node.expr)
        return lambda fr, v: op.equal(v, expr(fr))
    if isinstance(node, S.PRange):
        low, high = compile_expr(node.low), compile_expr(node.high)
        return lambda fr, v: op.less_equal(low(fr), v) and op.less_equal(v, high(fr))
    if isinstance(node, S.PMask):
        mask = node.mask
        return lambda fr, v: op.matches_mask(v, mask)
    if isinstance(node, S.PAny):
        items = tuple(compile_pattern(p) for p in node.items)
        return lambda fr, v: any(p(fr, v) for p in items)
    if isinstance(node, S.PNot):
        inner = compile_pattern(node.inner)
        return lambda fr, v: not inner(fr, v)
    if isinstance(node, S.PAll):
        return lambda fr, v: True
    if isinstance(node, S.PCompare):
        expr = compile_expr(node.expr)
        test = op.less_equal if node.op == "<=" else op.greater_equal
        return lambda fr, v: test(v, expr(fr))
    if isinstance(node, S.PTuple):
        items = tuple(compile_pattern(p) for p in node.items)
        return lambda fr, v: all(p(fr, x) for p, x in zip(items, v, strict=True))  # type: ignore[call-overload]
    raise Unsupported(f"pattern {type(node).__name__}")


def _pattern(node: S.EPattern) -> Closure:
    expr = compile_expr(node.expr)
    pattern = compile_pattern(node.pattern)

    def match(fr: Frame) -> object:
        return pattern(fr, expr(fr))

    return match


def _tuple(node: S.ETuple) -> Closure:
    items = tuple(compile_expr(e) for e in node.items)

    def tuple_(fr: Frame) -> object:
        return tuple(i(fr) for i in items)

    return tuple_


def _record(node: S.ERecord) -> Closure:
    name = node.type_name
    fields = tuple((n, compile_expr(e)) for n, e in node.fields)

    def record(fr: Frame) -> object:
        return Record(name, {n: copy_value(e(fr)) for n, e in fields})

    return record


def _arbitrary(node: S.EArbitrary) -> Closure:
    ty = node.type

    def arbitrary(fr: Frame) -> object:
        return fr.ctx.base_value(ty, fr)

    return arbitrary


_EXPR: dict[type, Callable[..., Closure]] = {
    S.ELit: _lit, S.EVar: _var, S.EUnop: _unop, S.EBinop: _binop, S.ECond: _cond,
    S.ECall: _call, S.ESlice: _slice, S.EGetArray: _get_array, S.EGetField: _get_field,
    S.EGetFields: _get_fields, S.EATC: _atc, S.EPattern: _pattern, S.ETuple: _tuple,
    S.ERecord: _record, S.EArbitrary: _arbitrary,
}


# =============================================================== assignment
def compile_ref(node: S.Node) -> Closure:
    """The object a field or element assignment mutates (a record, array or view)."""
    if isinstance(node, S.LVar):
        name = node.name

        def ref_var(fr: Frame) -> object:
            v = fr.vars.get(name, _MISSING)
            return fr.ctx.lookup(name) if v is _MISSING else v

        return ref_var
    if isinstance(node, S.LField):
        return _field_reader(compile_ref(node.base), node.name)
    if isinstance(node, S.LIndex):
        return _item_reader(compile_ref(node.base), compile_expr(node.index))
    raise Unsupported(f"assignment target {type(node).__name__}")


def compile_assign(node: S.Node) -> Callable[[Frame, object], None]:
    if isinstance(node, S.LVar):
        name = node.name

        def set_var(fr: Frame, value: object) -> None:
            variables = fr.vars
            if name in variables:
                variables[name] = copy_value(value)
            else:
                fr.ctx.assign_global(name, value)

        return set_var
    if isinstance(node, S.LField):
        base = compile_ref(node.base)
        name = node.name
        what = f"field {name} of {{}}"

        def set_field(fr: Frame, value: object) -> None:
            _accessor(base(fr), "set_field", what)(name, copy_value(value))

        return set_field
    if isinstance(node, S.LIndex):
        base = compile_ref(node.base)
        index = compile_expr(node.index)

        def set_item(fr: Frame, value: object) -> None:
            _accessor(base(fr), "set_item", "{}[[...]] = ...")(index(fr), copy_value(value))

        return set_item
    if isinstance(node, S.LSlice):
        read = compile_ref(node.base)
        write = compile_assign(node.base)
        pieces = compile_slices(node.slices)

        def set_slice(fr: Frame, value: object) -> None:
            write(fr, op.splice(read(fr), pieces(fr), value))

        return set_slice
    if isinstance(node, S.LTuple):
        items = tuple(compile_assign(i) for i in node.items)

        def set_tuple(fr: Frame, value: object) -> None:
            if type(value) is not tuple or len(value) != len(items):  # type: ignore[arg-type]
                raise AslError(f"type error: assigning {type_name(value)} to a {len(items)}-tuple")
            for item, v in zip(items, value, strict=True):  # type: ignore[call-overload]
                item(fr, v)

        return set_tuple
    if isinstance(node, S.LDiscard):
        return lambda fr, value: None
    raise Unsupported(f"assignment target {type(node).__name__}")


# =============================================================== statements
def compile_stmt(node: S.Node) -> Closure:
    got = _shared.get(id(node))
    if got is not None and got[0] is node:
        return got[1]
    fn = _STMT[type(node)](node)
    if id(node) in SHARED_IDS:
        _shared[id(node)] = (node, fn)
    return fn


def _assign(node: S.SAssign) -> Closure:
    target = compile_assign(node.target)
    value = compile_expr(node.value)

    def assign(fr: Frame) -> None:
        target(fr, value(fr))

    return assign


def _bind(names: object, value: object, variables: dict) -> None:
    if names is None:
        return
    if isinstance(names, str):
        variables[names] = copy_value(value)
        return
    if type(value) is not tuple or len(value) != len(names):  # type: ignore[arg-type]
        raise AslError(f"type error: binding {type_name(value)} to {len(names)} names")  # type: ignore[arg-type]
    for n, v in zip(names, value, strict=True):  # type: ignore[call-overload]
        _bind(n, v, variables)


def _decl(node: S.SDecl) -> Closure:
    names = node.names
    ty = node.type
    if node.keyword == "var-list":

        def declare_many(fr: Frame) -> None:
            for name in names:  # type: ignore[attr-defined]
                fr.vars[name] = fr.ctx.base_value(ty, fr)

        return declare_many
    if node.value is None:

        def declare(fr: Frame) -> None:
            _bind(names, fr.ctx.base_value(ty, fr), fr.vars)

        return declare
    value = compile_expr(node.value)
    if isinstance(names, str) and (ty is None or isinstance(ty, (S.TNamed, S.TInt))) and not (
        isinstance(ty, S.TInt) and ty.ranges
    ):

        def let_simple(fr: Frame) -> None:
            fr.vars[names] = copy_value(value(fr))

        return let_simple

    def let(fr: Frame) -> None:
        v = value(fr)
        if ty is not None:
            v = fr.ctx.check_type(v, ty, fr)
        _bind(names, v, fr.vars)

    return let


def _scall(node: S.SCall) -> Closure:
    call = _call(node.call)

    def scall(fr: Frame) -> None:
        call(fr)

    return scall


def _assert(node: S.SAssert) -> Closure:
    test = node.test
    if isinstance(test, S.EBinop) and test.op in ("==", "!="):
        left, right = compile_expr(test.left), compile_expr(test.right)
        want = test.op == "=="
        equal = op.equal

        def assert_compare(fr: Frame) -> None:
            try:
                a = left(fr)
                b = right(fr)
            except Unsupported as e:
                _skip(fr, e)
                return
            if equal(a, b) != want:
                raise AssertionFailed(f"assertion failed: left is {show(a)}, right is {show(b)}")

        return assert_compare
    check = compile_expr(test)

    def assert_(fr: Frame) -> None:
        try:
            v = check(fr)
        except Unsupported as e:
            _skip(fr, e)
            return
        if v is not True:
            if type(v) is not bool:
                raise AslError(f"type error: assert on {type_name(v)}")
            raise AssertionFailed("assertion failed")

    return assert_


def _skip(fr: Frame, e: Unsupported) -> None:
    """An assertion that names something unsupported is skipped, not failed."""
    if fr.ctx.skipped is None:
        fr.ctx.skipped = e
    raise _Located(e)


class _Located(Exception):
    """Carries a skipped assertion's error out of the statement to be located, then
    swallowed by the block (see compile_block)."""

    def __init__(self, error: AslError) -> None:
        super().__init__()
        self.error = error


def _return(node: S.SReturn) -> Closure:
    if node.value is None:
        return lambda fr: (None,)
    value = compile_expr(node.value)
    return lambda fr: (value(fr),)


def _if(node: S.SIf) -> Closure:
    arms = tuple((compile_expr(t), compile_block(b)) for t, b in node.arms)
    orelse = compile_block(node.orelse) if node.orelse is not None else None

    def if_(fr: Frame) -> object:
        for test, body in arms:
            t = test(fr)
            if type(t) is not bool:
                raise AslError(f"type error: if {type_name(t)} then")
            if t:
                return body(fr)
        if orelse is not None:
            return orelse(fr)
        return None

    return if_


def _case(node: S.SCase) -> Closure:
    subject = compile_expr(node.subject)
    alts = tuple(
        (compile_pattern(p), compile_expr(w) if w is not None else None, compile_block(b)) for p, w, b in node.alts
    )

    def case(fr: Frame) -> object:
        v = subject(fr)
        for pattern, where, body in alts:
            if pattern(fr, v) and (where is None or where(fr)):
                return body(fr)
        raise AssertionFailed(f"no case alternative matches {show(v)}")

    return case


def _charge(ctx: Context, n: int) -> None:
    """Spend ``n`` statements of the run's budget, within its time."""
    ctx.loop_budget -= n
    if ctx.loop_budget < 0:
        raise AslError(f"loop budget of {LOOP_BUDGET} statements exhausted (loops and calls run that many: "
                       "a loop or recursion that does not end?)")
    if monotonic() > ctx.deadline:
        raise AslError(f"the program ran for more than {ctx.seconds:g} s (a loop of expensive calls?)")


def _spend(fr: Frame, n: int = 1) -> None:
    _charge(fr.ctx, n)


def statement_count(block: S.Block) -> int:
    """The statements of ``block``, nested ones included (at least 1): what one run of it
    is charged."""
    count = 0
    blocks = [block]
    while blocks:
        b = blocks.pop()
        for stmt in b.stmts:
            count += 1
            if isinstance(stmt, S.SIf):
                blocks += [arm for _, arm in stmt.arms]
                if stmt.orelse is not None:
                    blocks.append(stmt.orelse)
            elif isinstance(stmt, S.SCase):
                blocks += [alt for _, _, alt in stmt.alts]
            elif isinstance(stmt, (S.SFor, S.SWhile, S.SRepeat)):
                blocks.append(stmt.body)
    return max(1, count)


def _for(node: S.SFor) -> Closure:
    var, start, stop, down = node.var, compile_expr(node.start), compile_expr(node.stop), node.down
    body = compile_block(node.body)
    weight = statement_count(node.body)

    def for_(fr: Frame) -> object:
        a, b = start(fr), stop(fr)
        if type(a) is not int or type(b) is not int:
            raise AslError("type error: for-loop bounds must be integers")
        _spend(fr, max(0, (a - b if down else b - a) + 1) * weight)  # before range(): it may not fit an index
        steps = range(a, b - 1, -1) if down else range(a, b + 1)
        variables = fr.vars
        for i in steps:
            variables[var] = i
            r = body(fr)
            if r is not None:
                return r
        return None

    return for_


def _loop(test: Closure, body: Closure, until: bool, weight: int) -> Closure:
    """``while test do body`` (``until`` False: test first, go on while it holds) and
    ``repeat body until test`` (``until`` True: body first, stop once the test holds);
    each iteration costs ``weight`` statements of the budget."""

    def loop(fr: Frame) -> object:
        while until or test(fr):
            _spend(fr, weight)
            r = body(fr)
            if r is not None:
                return r
            if until and test(fr):
                return None
        return None

    return loop


def _while(node: S.SWhile) -> Closure:
    return _loop(compile_expr(node.test), compile_block(node.body), until=False, weight=statement_count(node.body))


def _repeat(node: S.SRepeat) -> Closure:
    return _loop(compile_expr(node.test), compile_block(node.body), until=True, weight=statement_count(node.body))


def _pass(node: S.SPass) -> Closure:
    return lambda fr: None


def _unreachable(node: S.SUnreachable) -> Closure:
    def unreachable(fr: Frame) -> None:
        raise AssertionFailed("unreachable statement reached")

    return unreachable


_STMT: dict[type, Callable[..., Closure]] = {
    S.SAssign: _assign, S.SDecl: _decl, S.SCall: _scall, S.SAssert: _assert, S.SReturn: _return,
    S.SIf: _if, S.SCase: _case, S.SFor: _for, S.SWhile: _while, S.SRepeat: _repeat,
    S.SPass: _pass, S.SUnreachable: _unreachable,
}


def compile_block(block: S.Block, filename: str | None = None) -> Closure:
    """Statements in order; an error is located at the statement that raised it."""
    if filename is not None:
        _compiling.append(filename)
    try:
        stmts = tuple(compile_stmt(s) for s in block.stmts)
        where = _compiling[-1]
    finally:
        if filename is not None:
            _compiling.pop()
    lines = block.lines

    def run(fr: Frame) -> object:
        i = 0
        try:
            for s in stmts:
                r = s(fr)
                if r is not None:
                    return r
                i += 1
        except AslError as e:
            e.locate(f"{where}:{lines[i]}")
            raise
        except _Located as skipped:
            skipped.error.locate(f"{where}:{lines[i]}")
            return _resume(fr, stmts, lines, i + 1, where)
        except RecursionError:  # nested too deeply: the runner says so (never "internal error")
            raise
        except Exception as e:  # a defect of the harness or interpreter: the point fails
            err = AslError(_internal(e))
            err.locate(f"{where}:{lines[i]}")
            raise err from e
        return None

    return run


def _internal(e: Exception) -> str:
    """What an exception escaping the harness or the interpreter says: an internal error,
    except for a number too long for Python to print in a message (the program's value)."""
    if isinstance(e, ValueError) and "int_max_str_digits" in str(e):
        return "a value too large to show in a message (an integer of more than 4,300 digits)"
    return f"internal error: {type(e).__name__}: {e}"


def _resume(fr: Frame, stmts: tuple, lines: tuple, start: int, where: str) -> object:
    """Go on with a block after a skipped assertion (the slow path of ``run``)."""
    i = start
    while i < len(stmts):
        try:
            r = stmts[i](fr)
        except AslError as e:
            e.locate(f"{where}:{lines[i]}")
            raise
        except _Located as skipped:
            skipped.error.locate(f"{where}:{lines[i]}")
            i += 1
            continue
        if r is not None:
            return r
        i += 1
    return None


# The file whose function is being compiled (nested blocks inherit it).
_compiling: list[str] = ["?"]


__all__ = [
    "AslFunction", "Context", "Frame", "Global", "compile_block", "compile_expr", "evaluate", "is_enum_name",
]
