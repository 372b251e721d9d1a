"""PTO total store order: which candidate executions of memory events the architecture
allows (``asl/arch/memory-model/{memory-events,atomicity,ordering}.asl``,
PTO-REQ-MEMORY-TSO-001).

A candidate execution is a list of events in program order per agent: initial writes,
loads, stores, atomics (a read and, when performed, a write) and data fences.  Each read
names the write it reads from (``read_from``, an index into the list); each write has a
coherence rank, its place in its location's write order (initial writes 0, then 1, 2 ...).
A location is an (address, size) pair.

The execution is *valid* when it is well formed: every access has exactly one initial
write for its location, no two accesses overlap without being the same location (mixed
sizes are outside this model), the ranks of each location are 0 for the initial write and
1, 2, ... without gaps or repeats for the others, every read reads a write of its location
and its value, and a performed atomic's write directly follows the write it read.

It is *allowed* when it is valid and two relations have no cycle:

* per location (uniprocessor coherence): coherence order, from-reads, reads-from, and
  program order between accesses of one agent to one location;
* globally: coherence order, from-reads, reads-from between agents (an initial write
  counts as another agent's), and the preserved program order of TSO - every pair of an
  agent's accesses in program order except a write followed by a read, which is ordered
  only by an atomic on either side, an acquire read, a release write, or a data fence
  between them whose predecessor set holds the first's class and whose successor set the
  second's (classes: load 0001, store 0010, atomic both).

This is ptodbg's own statement of the rules (the emulator is one agent, whose captured
events are always a valid, allowed execution); the AVS harness checks candidate
executions with it.
"""

from __future__ import annotations

from typing import NamedTuple

INITIAL, LOAD, STORE, ATOMIC, FENCE = "initial", "load", "store", "atomic", "fence"
ACQUIRE, RELEASE, ACQ_REL = "acquire", "release", "acq_rel"
_CLASS = {LOAD: 0b0001, STORE: 0b0010, INITIAL: 0b0010, ATOMIC: 0b0011, FENCE: 0}


class Event(NamedTuple):
    """One event of a candidate execution."""

    kind: str
    agent: int
    address: int
    size: int
    read_value: int = 0
    write_value: int = 0
    performed: bool = False  # an atomic's write happened
    order: str = "relaxed"
    read_from: int = 0
    rank: int = 0
    predecessor: int = 0  # a fence's FENCE.D sets
    successor: int = 0

    @property
    def reads(self) -> bool:
        return self.kind in (LOAD, ATOMIC)

    @property
    def writes(self) -> bool:
        return self.kind in (INITIAL, STORE) or (self.kind == ATOMIC and self.performed)

    @property
    def accesses(self) -> bool:
        return self.reads or self.writes

    @property
    def location(self) -> tuple[int, int]:
        return self.address, self.size


def _overlap(a: Event, b: Event) -> bool:
    return a.address < b.address + b.size and b.address < a.address + a.size


def valid(events: list[Event]) -> bool:
    """Whether the candidate execution is well formed (see the module docstring)."""
    if not events:
        return False
    count = len(events)
    for i, e in enumerate(events):
        if e.accesses:
            initials = sum(1 for c in events if c.kind == INITIAL and c.location == e.location)
            if initials != 1:
                return False
            if any(j != i and c.accesses and _overlap(e, c) and c.location != e.location
                   for j, c in enumerate(events)):
                return False
        if e.kind == INITIAL and e.rank != 0:
            return False
        if e.writes and e.kind != INITIAL:
            others = [c for j, c in enumerate(events) if j != i and c.writes and c.location == e.location]
            if e.rank == 0 or any(c.rank == e.rank for c in others):
                return False
            if not any(c.rank + 1 == e.rank for c in others):
                return False
        if e.reads:
            if not 0 <= e.read_from < count:
                return False
            source = events[e.read_from]
            if not source.writes or source.location != e.location or e.read_value != source.write_value:
                return False
            if e.kind == ATOMIC and e.performed and source.rank + 1 != e.rank:
                return False
    return True


def _coherence(events: list[Event], a: int, b: int) -> bool:
    x, y = events[a], events[b]
    return x.writes and y.writes and x.location == y.location and x.rank < y.rank


def _reads_from(events: list[Event], w: int, r: int) -> bool:
    return events[w].writes and events[r].reads and events[r].read_from == w


def _from_read(events: list[Event], r: int, w: int) -> bool:
    """``r`` reads a write that ``w`` follows in coherence (an atomic's own write excepted)."""
    return r != w and events[r].reads and _coherence(events, events[r].read_from, w)


def _program_order(events: list[Event], a: int, b: int) -> bool:
    """a before b in one agent's program order, both accesses (initial writes are no agent's)."""
    x, y = events[a], events[b]
    return (a < b and x.agent == y.agent and INITIAL not in (x.kind, y.kind) and x.accesses and y.accesses)


def _fenced(events: list[Event], a: int, b: int) -> bool:
    x, y = events[a], events[b]
    return any(f.kind == FENCE and f.agent == x.agent == y.agent and _CLASS[x.kind] & f.predecessor
               and _CLASS[y.kind] & f.successor for f in events[a + 1:b])


def _preserved(events: list[Event], a: int, b: int) -> bool:
    """TSO's preserved program order."""
    if not _program_order(events, a, b):
        return False
    x, y = events[a], events[b]
    if x.reads or y.writes or ATOMIC in (x.kind, y.kind):
        return True
    if x.order in (ACQUIRE, ACQ_REL) or y.order in (RELEASE, ACQ_REL):
        return True
    return _fenced(events, a, b)


def _acyclic(events: list[Event], per_location: bool) -> bool:
    n = len(events)
    edges: list[list[int]] = [[] for _ in range(n)]
    for a in range(n):
        for b in range(n):
            edge = _coherence(events, a, b) or _from_read(events, a, b)
            if per_location:
                edge = edge or (_program_order(events, a, b) and events[a].location == events[b].location) \
                    or _reads_from(events, a, b)
            else:
                external = _reads_from(events, a, b) and (events[a].kind == INITIAL
                                                          or events[a].agent != events[b].agent)
                edge = edge or _preserved(events, a, b) or external
            if edge:
                edges[a].append(b)
    state = [0] * n  # 0 unvisited, 1 on the path, 2 done
    for start in range(n):
        if state[start]:
            continue
        stack = [(start, iter(edges[start]))]
        state[start] = 1
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                state[node] = 2
                stack.pop()
            elif state[nxt] == 1:
                return False
            elif state[nxt] == 0:
                state[nxt] = 1
                stack.append((nxt, iter(edges[nxt])))
    return True


def allowed(events: list[Event]) -> bool:
    """Whether PTO-TSO allows the candidate execution (see the module docstring)."""
    return valid(events) and _acyclic(events, True) and _acyclic(events, False)
