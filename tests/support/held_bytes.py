"""The reference walk the history's memory account is checked against: every object the
kept snapshots hold, counted once by identity (the history's tests, the tile machine's),
and the random walk over a debugger's history both check the account along."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator

from ptodbg.core import Snapshot
from ptodbg.core.snapshot import SystemParts
from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.engine.history import History
from ptodbg.tile.state import SharedTile, Tile, TileFile


def held_bytes(h: History) -> int:
    """Every object the kept snapshots hold, once by identity: entries, snapshots, their
    parts, the tuples nested in them, page copies and integers too large to be shared."""
    seen: set[int] = set()
    total = 0
    todo: list[object] = list(h._entries)
    while todo:
        obj = todo.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        size = sys.getsizeof(obj)
        total += size + 16 if size > 512 else size
        if isinstance(obj, Snapshot):
            todo += [obj.regs, obj.moving, obj.system, obj.pages] + ([] if -5 <= obj.steps <= 256 else [obj.steps])
        elif isinstance(obj, SystemParts):
            todo += [obj.settled, obj.sregs, obj.trap_status, obj.saved, obj.perms, obj.once]
        elif type(obj) is tuple or type(obj) is dict or type(obj) is list:
            items = obj.values() if type(obj) is dict else obj
            todo += [x for x in items
                     if type(x) in (tuple, bytearray, TileFile) or (type(x) is int and not -5 <= x <= 256)]
        elif isinstance(obj, TileFile):  # the tuples of the file, then its tiles (which the tuples hold)
            todo += [obj.local, obj.shared, *obj.parts()]
        elif isinstance(obj, Tile):
            todo += [obj.values, obj.defined]
        elif isinstance(obj, SharedTile):
            todo.append(obj.tile)
        elif hasattr(obj, "snap"):
            todo += [obj.snap, obj.step]
    return total


def assert_account_close(h: History) -> None:
    """The history's running account is the reference count or a little over (structural
    sizes), never under."""
    exact = held_bytes(h)
    assert exact <= h._bytes <= exact * 1.03 + 2048


def wander(d: Debugger, seed: int, moves: int, longest: int) -> Iterator[History]:
    """``moves`` random moves through ``d``'s history (continue up to ``longest`` steps, go
    to a random recorded step, or step back), yielding the history after each one."""
    rnd = random.Random(seed)
    for _ in range(moves):
        op = rnd.choice(["cont", "goto", "back"])
        if op == "cont":
            d.cont(rnd.randint(1, longest))
        elif op == "goto":
            d.goto(rnd.randint(0, d.horizon))
        elif d.steps:
            d.reverse_step()
        yield d.history
