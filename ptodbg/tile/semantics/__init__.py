"""Tile operation semantics, one module per family (as the scalar ones in
:mod:`ptodbg.core.semantics`): each module defines, for each semantic handler of the
spec (the ``semantic_handler`` of :mod:`ptodbg.tile.operations`), its operand legality
(``TileOperandsLegal_<handler>``) and its effect (``<handler>``), and registers both.

A semantic function takes the :class:`~ptodbg.tile.execution.Env` and the handler's
arguments as the spec's dispatcher passes them (constants such as ``"ADD"``, tile indices,
scalar words); it changes only ``env.tiles`` (and ``env.flags``, and memory through
``env.memory``), and assumes its legality function accepted the operands: the spec's own
``assert``\\s become :class:`~ptodbg.tile.state.TileError`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple


class Handler(NamedTuple):
    legal: Callable[..., bool]
    execute: Callable[..., object]


HANDLERS: dict[str, Handler] = {}


def register(name: str, legal: Callable[..., bool], execute: Callable[..., object]) -> None:
    if name in HANDLERS:
        raise ValueError(f"two semantics for {name}")
    HANDLERS[name] = Handler(legal, execute)


def handlers() -> dict[str, Handler]:
    """Every registered handler (the family modules register on import)."""
    from ptodbg.tile.semantics import compare, elementwise, layout, memory, reduce  # noqa: F401

    return HANDLERS
