"""The block (translation) cache: hot runs of instructions as generated functions, by
their entry address (docs/interfaces.md §8; :mod:`ptodbg.core.translate` generates them).

The machine's block loop counts how often each address runs outside a block (``heat``);
once an address is hot it asks :meth:`BlockCache.translate` for a block there, and from
then on calls ``runs[entry](left)`` while the budget holds one iteration
(``lengths[entry]`` attempts).  A block is dropped when the decode of any instruction in
it is dropped (a write to its code: :meth:`forget`) and when a stop address is set inside
it; a stop address holds a sentinel in ``runs``, so the loop meets it at no cost.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ptodbg.core.faults import StopAtPC
from ptodbg.core.translate import Block, translate

if TYPE_CHECKING:
    from ptodbg.core.machine import Machine

SPARE = 64  # blocks a stop change dropped, kept to come back when the stops do (travels)
NEVER = -(1 << 62)  # the heat of an address where no block can start
TRANSLATE_AFTER = 32  # executions of an address before the run from it is translated


def stop_block(left: int) -> int:
    """The block cache's entry at a stop address."""
    raise StopAtPC()


class BlockCache:
    """The translated blocks of one machine (see the module docstring).

    ``runs``, ``lengths`` and ``heat`` are the block loop's tables (it reads them, and
    counts ``heat``, as local dictionaries); everything else goes through methods."""

    def __init__(self, m: Machine) -> None:
        self.m = m
        self.runs: dict[int, Callable[[int], int]] = {}  # entry -> run(left) (stop addresses: the sentinel)
        self.lengths: dict[int, int] = {}  # entry -> attempts one iteration makes at most
        self.heat: dict[int, int] = {}  # address -> executions outside a block (NEVER: no block there)
        self._blocks: dict[int, Block] = {}
        self._at: dict[int, list[Block]] = {}  # address -> the blocks holding its instruction
        # Blocks dropped because a stop address inside them changed, newest last: a replay
        # removes every stop and puts it back, and each block comes back with the stops it
        # was made for (its ``stops``) instead of being translated again.
        self._spare: list[Block] = []

    def __len__(self) -> int:
        return len(self._blocks)

    def entries(self) -> dict[int, Block]:
        """Every block by its entry address (a copy)."""
        return dict(self._blocks)

    def covered(self) -> set[int]:
        """The addresses of every instruction some block holds."""
        return set(self._at)

    def translate(self, pc: int) -> bool:
        """Translate the run of instructions at ``pc`` into a block; False when none."""
        block = translate(self.m, pc)
        if block is None:
            return False
        block.stops = self._stops_in(block.pcs)
        self._install(block)
        return True

    def _install(self, block: Block) -> None:
        pc = block.entry
        self.runs[pc] = block.run
        self._blocks[pc] = block
        self.lengths[pc] = len(block.pcs)
        for p in block.pcs:
            self._at.setdefault(p, []).append(block)

    def _stops_in(self, pcs: Iterable[int]) -> tuple:
        """The stop addresses among ``pcs`` with their guards: what a block holding them
        was made for."""
        m = self.m
        return tuple((p, m.stop_guards.get(p)) for p in pcs if p in m.stop_pcs)

    def forget(self, pc: int) -> None:
        """Drop the blocks holding the instruction at ``pc`` (its decode was dropped) and
        what was counted there."""
        self._drop_holding(pc)
        self._spare[:] = [b for b in self._spare if pc not in b.pcs]
        self.heat.pop(pc, None)

    def restop(self, pc: int) -> None:
        """The stop at ``pc`` changed (added, removed or given another guard; the machine's
        ``stop_pcs`` and ``stop_guards`` say what it is now): the blocks holding ``pc`` go
        (kept spare), a block loop stops at an unguarded stop, and spare blocks made for
        the stops as they are now come back."""
        m = self.m
        for block in self._at.get(pc, ())[:]:
            self._drop(block)
            self._spare.append(block)
        del self._spare[:-SPARE]
        if self.runs.get(pc) is stop_block:
            del self.runs[pc]
        self.heat.pop(pc, None)
        if pc in m.stop_pcs and pc not in m.stop_guards:
            self.runs[pc] = stop_block
        for block in self._spare[::-1]:
            if pc in block.pcs and block.entry not in self._blocks and block.entry not in self.runs \
                    and block.stops == self._stops_in(block.pcs):
                self._spare.remove(block)
                self._install(block)

    def clear(self, stops: Iterable[int]) -> None:
        """Forget every block (a new decoder, a new program); ``stops`` keep their sentinel."""
        self.runs.clear()
        self._blocks.clear()
        self.lengths.clear()
        self._at.clear()
        self._spare.clear()
        self.heat.clear()
        for pc in stops:
            self.runs[pc] = stop_block

    def _drop_holding(self, pc: int) -> None:
        for block in self._at.get(pc, ())[:]:
            self._drop(block)

    def _drop(self, block: Block) -> None:
        if self._blocks.get(block.entry) is block:
            del self._blocks[block.entry]
            del self.lengths[block.entry]
            if self.runs.get(block.entry) is block.run:
                del self.runs[block.entry]
        for p in block.pcs:
            holders = self._at.get(p)
            if holders is not None:
                holders[:] = [b for b in holders if b is not block]
                if not holders:
                    del self._at[p]
        self.heat.pop(block.entry, None)
