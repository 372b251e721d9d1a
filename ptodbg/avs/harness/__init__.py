"""The harness: the spec's test functions and model state, mapped onto ptodbg's machine.

:func:`make_context` gives one program run everything it can name: the ASL standard
library, the harness functions (each registered with the spec function it stands for, see
:mod:`.registry`), the model globals as views of the machine (:mod:`.globals`), the
spec's constants and the program's own declarations.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Callable

from ptodbg.avs import stdlib, syntax
from ptodbg.avs.harness import (  # noqa: F401 - the imports register the harness functions
    block_functions,
    decode_functions,
    fp_functions,
    gqm_functions,
    machine_functions,
    memory_events,
    numeric_functions,
    scalar_functions,
    semantic_functions,
    tile_block,
    tile_decode,
    tile_elements,
    tile_exec,
    tile_functions,
    tile_shared,
)
from ptodbg.avs.harness.globals import machine_globals
from ptodbg.avs.harness.registry import SPEC_FUNCTIONS
from ptodbg.avs.harness.state import Harness
from ptodbg.avs.interpreter import AslFunction, Builtin, Context, Frame, Global, evaluate
from ptodbg.avs.values import copy_value

# Constants of the spec model (asl/arch/programming-model/core-pe-topology.asl,
# asl/arch/features/tile-allocation.asl) for the reference profile.
CONSTANTS: dict[str, object] = {
    "PTO_XLEN": 64,
    "PTO_MODEL_MEMORY_BYTES": 4096,
    "PTO_MODEL_MEMORY_EVENTS": 16,
    "PTO_MODEL_MEMORY_AGENTS": 4,
    "PTO_ACR_COUNT": 16,
    "PTO_ABSOLUTE_GPR_COUNT": 24,
    "PTO_SCALAR_REGISTER_COUNT": 32,
    "PTO_TEMPORARY_QUEUE_DEPTH": 4,
    "PTO_RESERVATION_GRANULE_BYTES": 64,
    "PTO_PREDICATE_REGISTER_COUNT": 8,
    "PTO_PREDICATE_WIDTH": 32,
    "PTO_TILE_CAPACITY_BYTES": 262144,
    "PTO_MODEL_MAX_TILE_CAPACITY_BYTES": 262144,
    **decode_functions.CONSTANTS,
    **numeric_functions.CONSTANTS,
    **tile_decode.CONSTANTS,
}


def _bits(n: int) -> syntax.Node:
    return syntax.TBits(syntax.ELit(n))


def _ints(low: int, high: int) -> syntax.Node:
    return syntax.TInt(((syntax.ELit(low), syntax.ELit(high)),))


# Named types of the spec model the programs declare variables of.
TYPES: dict[str, syntax.Node] = {
    "Word": _bits(64), "Byte": _bits(8), "SystemRegisterAddress": _bits(24),
    "GPRIndex": _ints(0, 23), "AccessControlRing": _ints(0, 15), "MemoryAgentId": _ints(0, 3),
    "MemoryEventIndex": _ints(0, 15), "TemporaryQueueIndex": _ints(0, 3), "TrapNumber": _bits(6),
    "ModelAddress": _ints(0, 4095), "SystemRegisterFileIndex": _ints(0, 65535),
    "InterruptID": _ints(0, 63), "Reg5Selector": _ints(0, 31),
    **numeric_functions.TYPES,
    **tile_shared.TYPES,
}

_CONTRACT = re.compile(r"InstructionContract([A-Za-z0-9]+?)_(\w+)$")


def _builtin(fn: Callable, params: bool) -> Builtin:
    if params:
        return lambda ctx, p, a: fn(ctx.harness, p, *a)
    return lambda ctx, p, a: fn(ctx.harness, *a)


def arity(fn: Callable, params: bool) -> tuple[int, int]:
    """(fewest, most) ASL arguments the harness function ``fn`` takes: its positional
    parameters after the harness (and the ``{N}`` parameters)."""
    skip = 2 if params else 1
    try:
        parameters = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):  # no signature to read: any count
        return 0, 1 << 30
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)][skip:]
    variadic = any(p.kind is p.VAR_POSITIONAL for p in parameters)
    low = sum(1 for p in positional if p.default is p.empty)
    return low, (1 << 30) if variadic else len(positional)


HARNESS_BUILTINS: dict[str, Builtin] = {
    name: _builtin(fn, params) for name, (fn, _source, params) in SPEC_FUNCTIONS.items()
}
ARITIES: dict[str, tuple[int, int]] = {
    **stdlib.ARITY, **{name: arity(fn, params) for name, (fn, _source, params) in SPEC_FUNCTIONS.items()},
}


def _fallback(name: str) -> Builtin | None:
    m = _CONTRACT.match(name)
    if m is None:
        return None
    prop, ident = m.group(1), m.group(2)
    fn = (tile_decode.contract_fact(prop, ident) or tile_elements.contract_element_fact(prop, ident)
          or tile_exec.contract_semantics(prop, ident) or decode_functions.contract_function(prop, ident))
    if fn is None:
        return None
    ARITIES.setdefault(name, arity(fn, False))
    return _builtin(fn, False)


def make_context(
    harness: Harness,
    module: syntax.Module,
    library: Callable[[str], syntax.Function | None] | None = None,
) -> Context:
    """The names one program run sees: its own functions first, then the validators
    (``library``), then the harness and the ASL standard library."""
    functions: dict[str, Builtin] = dict(stdlib.BUILTINS)
    functions.update(HARNESS_BUILTINS)
    for name, decl in module.functions.items():
        if decl.compiled is None:
            decl.compiled = AslFunction(decl)
        functions[name] = decl.compiled
    types = dict(TYPES)
    records: dict[str, tuple] = {}
    for name, decl in module.types.items():
        if decl.fields:
            records[name] = decl.fields
        elif isinstance(decl.type, (syntax.TBits, syntax.TInt, syntax.TBool, syntax.TNamed, syntax.TArray)):
            types[name] = decl.type
    globals_: dict[str, Global] = dict(machine_globals(harness))
    ctx = Context(functions, globals_, dict(CONSTANTS), types, records, library)
    ctx.harness = harness
    ctx.fallback = _fallback
    ctx.arities = ARITIES
    for g in module.globals:
        frame = Frame(ctx, {})
        value = evaluate(g.value, frame) if g.value is not None else ctx.base_value(g.type, frame)
        if g.keyword in ("constant", "let", "config"):
            ctx.constants[g.name] = value
        else:
            globals_[g.name] = Global(copy_value(value))
    return ctx


__all__ = ["CONSTANTS", "HARNESS_BUILTINS", "Harness", "make_context"]
