"""Breakpoint conditions compiled into machine stop guards (issue 27).

A condition that reads only GPRs and constants with the operators below becomes a
:class:`~ptodbg.core.stopguard.StopGuard`, which translated blocks test inline, so a
``break loop if a0 == 500000`` that is never true runs at nearly full speed.  The guard
computes exactly what :meth:`Expr.evaluate <ptodbg.debug.engine.expr.Expr.evaluate>`
computes for those programs; anything it cannot reproduce exactly (memory, queues,
symbols, pc and the block registers, ``steps``, shifts, multiplication and division,
which can fail or grow; numbers of more than 64 bits; long programs) gives no guard, and
the breakpoint stops the run at every arrival as before.  The debugger still evaluates
the condition at every stop: the guard only spares the arrivals where it is false.

Registers are read from the machine: a run's arrivals are after the machine moved, where
the selected frame is always frame 0 (:attr:`FramesMixin.selected_frame`).
"""

from __future__ import annotations

from collections.abc import Callable

from ptodbg.core.stopguard import StopGuard
from ptodbg.debug.engine.expr import Expr

MAX_PROGRAM = 64  # instructions: longer conditions keep the evaluation at each arrival
_NOT_GPRS = frozenset({"pc", "tpc", "lra", "bpc", "bpcn", "acr", "steps"})
_COMPARE = frozenset({"==", "!=", "<", "<=", ">", ">="})
_BINARY = frozenset({"+", "-", "&", "|", "^"})
M64 = (1 << 64) - 1


def compile_guard(expr: Expr, reg_index: Callable[[str], int]) -> StopGuard | None:
    """The guard of a condition (see the module docstring), or None; ``reg_index`` maps
    a register name to its GPR number (KeyError when it is none)."""
    program = expr.program
    if len(program) > MAX_PROGRAM:
        return None
    text = _source(program, 0, len(program), reg_index)
    return None if text is None else StopGuard(text)


def _source(program: tuple[tuple, ...], start: int, end: int, reg_index: Callable[[str], int]) -> str | None:
    """The Python expression of ``program[start:end]`` (which leaves one value), or None
    when some instruction has no exact counterpart."""
    stack: list[str] = []
    i = start
    while i < end:
        ins = program[i]
        op = ins[0]
        i += 1
        if op == "num":
            if not 0 <= ins[1] <= M64:
                return None
            stack.append(str(ins[1]))
        elif op == "name":
            low = ins[1].lower().removeprefix("$")
            if low in _NOT_GPRS:
                return None
            try:
                stack.append(f"{{{reg_index(low)}}}")
            except (KeyError, ValueError):
                return None
        elif op == "signed":
            stack.append(f"(((({stack.pop()}) & M) ^ SIGN) - SIGN)")
        elif op == "un":
            a = stack.pop()
            stack.append({"-": f"(-{a})", "~": f"(~{a})"}.get(ins[1], f"(0 if {a} else 1)"))
        elif op == "cmp":
            if ins[1] not in _COMPARE:
                return None
            b, a = stack.pop(), stack.pop()
            if not ins[2]:
                a, b = f"({a} & M)", f"({b} & M)"
            stack.append(f"(1 if {a} {ins[1]} {b} else 0)")
        elif op == "bin":
            if ins[1] not in _BINARY:
                return None
            b, a = stack.pop(), stack.pop()
            stack.append(f"({a} {ins[1]} {b})")
        elif op in ("and", "or"):
            # the next ins[1] instructions are the right operand and its "bool"
            a = stack.pop()
            right = _source(program, i, i + ins[1], reg_index)
            if right is None:
                return None
            stack.append(f"({right} if {a} else 0)" if op == "and" else f"(1 if {a} else {right})")
            i += ins[1]
        elif op == "bool":
            stack.append(f"(1 if {stack.pop()} else 0)")
        else:  # memory loads and queue slots read more than the GPRs
            return None
    return stack[-1] if len(stack) == 1 else None
