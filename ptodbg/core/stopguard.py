"""Stop guards: a test of the GPRs under which a run may stop at an address (issue 27).

A conditional breakpoint whose condition reads only GPRs and constants is compiled (by
the debugger: :mod:`ptodbg.debug.engine.guards`) into a :class:`StopGuard`, and the
machine's translated blocks test it inline before the instruction at the stop address,
so a condition that is false costs one comparison, not a stop, an evaluation and a
single step.  The guard is a prefilter: where it is false the condition is false (and
cannot fail); where it is true the run stops and the caller decides (the per-instruction
path stops at a guarded address every time, as at any stop address).

The text is Python source the debugger generated from a parsed expression (numbers,
operators, ``{N}`` for GPR N), never text a user typed.
"""

from __future__ import annotations

import re
from collections.abc import Callable

_REG = re.compile(r"\{(\d+)\}")


class StopGuard:
    """The guard of one stop address: ``text`` with ``{N}`` standing for GPR N."""

    __slots__ = ("text", "regs")

    def __init__(self, text: str) -> None:
        self.text = text
        self.regs = tuple(sorted({int(n) for n in _REG.findall(text)}))

    def source(self, read: Callable[[int], str]) -> str:
        """The test as an expression, each GPR spelt by ``read(N)``."""
        return _REG.sub(lambda mo: read(int(mo.group(1))), self.text)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StopGuard) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __repr__(self) -> str:
        return f"StopGuard({self.text!r})"
