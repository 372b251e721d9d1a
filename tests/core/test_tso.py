"""PTO-TSO candidate executions (ptodbg.core.tso), with the litmus shapes the spec's
memory model states (``asl/arch/memory-model/ordering.asl``, PTO-REQ-MEMORY-TSO-001, AVS
PTO-AVS-ARCH-TSO-CONCURRENCY-ORDER-001): store buffering is allowed unless a fence that
orders a store before a load separates each pair; message passing through a release store
and an acquire load forbids the stale read; independent reads of independent writes agree
on one order (IRIW forbidden); a stale read after one's own store, an atomic that does not
read its coherence predecessor and partly overlapping locations are refused.
"""

from __future__ import annotations

from ptodbg.core.tso import (
    ACQUIRE,
    ATOMIC,
    FENCE,
    INITIAL,
    LOAD,
    RELEASE,
    STORE,
    Event,
    allowed,
    valid,
)

X, Y = 0x0, 0x8


def initial(address: int) -> Event:
    return Event(INITIAL, 0, address, 8, performed=True)


def store(agent: int, address: int, value: int, rank: int = 1, order: str = "relaxed") -> Event:
    return Event(STORE, agent, address, 8, write_value=value, performed=True, rank=rank, order=order)


def load(agent: int, address: int, value: int, source: int, order: str = "relaxed") -> Event:
    return Event(LOAD, agent, address, 8, read_value=value, read_from=source, order=order)


def fence(agent: int, predecessor: int, successor: int) -> Event:
    return Event(FENCE, agent, 0, 1, order="acq_rel", predecessor=predecessor, successor=successor)


def store_buffering(with_fence: tuple[int, int] | None) -> list[Event]:
    """Each agent stores 1 to its location, then reads the other's as 0 (the initial write)."""
    between = [] if with_fence is None else [fence(0, *with_fence)]
    between1 = [] if with_fence is None else [fence(1, *with_fence)]
    return [initial(X), initial(Y), store(0, X, 1), *between, store(1, Y, 1), *between1,
            load(0, Y, 0, 1), load(1, X, 0, 0)]


def test_store_buffering_is_allowed_and_a_store_load_fence_forbids_it():
    assert valid(store_buffering(None)) and allowed(store_buffering(None))
    assert valid(store_buffering((0b0010, 0b0001))) and not allowed(store_buffering((0b0010, 0b0001)))
    # a load-to-store fence orders neither store-to-load pair
    assert allowed(store_buffering((0b0001, 0b0010)))


def test_message_passing_forbids_the_stale_read_and_allows_the_fresh_one():
    stale = [initial(X), initial(Y), store(0, X, 1), store(0, Y, 1, order=RELEASE),
             load(1, Y, 1, 3, order=ACQUIRE), load(1, X, 0, 0)]
    assert valid(stale) and not allowed(stale)
    fresh = stale[:5] + [load(1, X, 1, 2)]
    assert valid(fresh) and allowed(fresh)


def test_own_store_then_stale_read_is_forbidden():
    events = [initial(X), store(0, X, 1), load(0, X, 0, 0)]
    assert valid(events) and not allowed(events)
    events[2] = load(0, X, 1, 1)
    assert allowed(events)


def test_an_atomic_reads_its_coherence_predecessor():
    base = [initial(X), store(1, X, 1)]
    atomic = Event(ATOMIC, 0, X, 8, read_value=0, write_value=2, performed=True, rank=2, read_from=0,
                   order="acq_rel")
    assert not valid(base + [atomic]) and not allowed(base + [atomic])
    atomic = atomic._replace(read_from=1, read_value=1)
    assert valid(base + [atomic]) and allowed(base + [atomic])


def test_independent_reads_of_independent_writes_are_forbidden():
    events = [initial(X), initial(Y), store(0, X, 1), store(1, Y, 1),
              load(2, X, 1, 2), load(2, Y, 0, 1), load(3, Y, 1, 3), load(3, X, 0, 0)]
    assert valid(events) and not allowed(events)


def test_partly_overlapping_locations_and_missing_or_extra_initial_writes_are_invalid():
    assert not valid([initial(X), Event(INITIAL, 0, X + 4, 4, performed=True)])
    assert not valid([store(0, X, 1)])  # no initial write for X
    assert not valid([initial(X), initial(X), load(0, X, 0, 0)])
    assert not valid([initial(X), store(0, X, 1, rank=2)])  # rank 1 is missing
    assert not valid([])
