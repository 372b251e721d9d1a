"""Where each harness function says which spec function it stands for.

``@spec_function("WriteGPR", "asl/arch/programming-model/scalar-registers.asl")`` registers
a Python function ``(harness, *asl_arguments) -> asl_value`` under the spec function's
name; the path is the pto-spec file (commit e599a3d3) that defines it.  ``params=True``
passes the ``{N}`` parameters of the call as a list before the arguments.
"""

from __future__ import annotations

from collections.abc import Callable

SPEC_FUNCTIONS: dict[str, tuple[Callable, str, bool]] = {}


def spec_function(name: str, source: str, params: bool = False) -> Callable[[Callable], Callable]:
    def register(fn: Callable) -> Callable:
        if name in SPEC_FUNCTIONS:
            raise ValueError(f"two harness functions for {name}")
        SPEC_FUNCTIONS[name] = (fn, source, params)
        return fn

    return register


def spec_functions(*names_and_source: str) -> Callable[[Callable], Callable]:
    """One Python function for several spec functions of the same file (last argument)."""
    *names, source = names_and_source

    def register(fn: Callable) -> Callable:
        for name in names:
            spec_function(name, source)(fn)
        return fn

    return register
