"""Candidate executions: the model's memory-event log built by hand and checked against
PTO-TSO (``asl/arch/memory-model/{memory-events,atomicity,ordering}.asl``).

The log is the harness's (:class:`~.state.Harness`: MemoryEvent records, captured from
ptodbg's execution or added here); the verdicts are ptodbg's TSO rules
(:mod:`ptodbg.core.tso`), given the log as events.
"""

from __future__ import annotations

from ptodbg.avs.convert import as_bits, as_bool, as_int, enum_name
from ptodbg.avs.harness.registry import spec_function
from ptodbg.avs.harness.state import INITIAL_WRITE, Harness, memory_event
from ptodbg.avs.values import AslError, AssertionFailed, Record
from ptodbg.core import tso

_SOURCE = "asl/arch/memory-model/memory-events.asl"
_KINDS = {INITIAL_WRITE: tso.INITIAL, "MemoryEvent_Load": tso.LOAD, "MemoryEvent_Store": tso.STORE,
          "MemoryEvent_Atomic": tso.ATOMIC, "MemoryEvent_Fence": tso.FENCE}
_ORDERS = {"MemoryOrder_Relaxed": "relaxed", "MemoryOrder_Acquire": tso.ACQUIRE, "MemoryOrder_Release": tso.RELEASE,
           "MemoryOrder_AcquireRelease": tso.ACQ_REL}


def _agent(value: object) -> int:
    agent = as_int(value, "a memory agent")
    if not 0 <= agent < 4:
        raise AssertionFailed(f"memory agent {agent} outside 0..3")
    return agent


def _size(value: object) -> int:
    size = as_int(value, "an access size")
    if size not in (1, 2, 4, 8):
        raise AssertionFailed(f"access size {size} is not 1, 2, 4 or 8")
    return size


def _order(value: object) -> str:
    name = enum_name(value, "a MemoryOrder")
    if name not in _ORDERS:
        raise AslError(f"{name} is not a MemoryOrder")
    return name


def _rank(value: object) -> int:
    rank = as_int(value, "a coherence rank")
    if not 0 <= rank < 16:
        raise AssertionFailed(f"coherence rank {rank} outside 0..15")
    return rank


def _word(value: object, what: str) -> int:
    return as_bits(value, what)


@spec_function("AddMemoryEvent", _SOURCE)
def add_memory_event(h: Harness, event: object) -> int:
    if not isinstance(event, Record):
        raise AslError("AddMemoryEvent of a value that is not a MemoryEvent")
    return h.add_event(event.copy())


@spec_function("AddInitialWriteEvent", _SOURCE)
def add_initial_write_event(h: Harness, address: object, size: object, value: object) -> int:
    return h.add_event(memory_event(INITIAL_WRITE, 0, _word(address, "address"), _size(size), 0,
                                    _word(value, "value"), True, "MemoryOrder_Relaxed", 0))


@spec_function("AddLoadEvent", _SOURCE)
def add_load_event(h: Harness, agent: object, address: object, size: object, value: object, order: object) -> int:
    return h.add_event(memory_event("MemoryEvent_Load", _agent(agent), _word(address, "address"), _size(size),
                                    _word(value, "value"), 0, False, _order(order), 0))


@spec_function("AddStoreEvent", _SOURCE)
def add_store_event(h: Harness, agent: object, address: object, size: object, value: object, order: object,
                    rank: object) -> int:
    return h.add_event(memory_event("MemoryEvent_Store", _agent(agent), _word(address, "address"), _size(size), 0,
                                    _word(value, "value"), True, _order(order), _rank(rank)))


@spec_function("AddAtomicOutcomeEvent", _SOURCE)
def add_atomic_outcome_event(h: Harness, agent: object, address: object, size: object, read_value: object,
                             write_value: object, order: object, rank: object, performed: object) -> int:
    return h.add_event(memory_event("MemoryEvent_Atomic", _agent(agent), _word(address, "address"), _size(size),
                                    _word(read_value, "read_value"), _word(write_value, "write_value"),
                                    as_bool(performed, "write_performed"), _order(order), _rank(rank)))


@spec_function("AddAtomicEvent", _SOURCE)
def add_atomic_event(h: Harness, agent: object, address: object, size: object, read_value: object,
                     write_value: object, order: object, rank: object) -> int:
    return add_atomic_outcome_event(h, agent, address, size, read_value, write_value, order, rank, True)


@spec_function("AddDataFenceEvent", _SOURCE)
def add_data_fence_event(h: Harness, agent: object, predecessor: object, successor: object) -> int:
    return h.add_event(memory_event("MemoryEvent_Fence", _agent(agent), 0, 1, 0, 0, False,
                                    "MemoryOrder_AcquireRelease", 0, as_bits(predecessor, "predecessor", 4),
                                    as_bits(successor, "successor", 4)))


@spec_function("SetMemoryReadFrom", "asl/arch/memory-model/atomicity.asl")
def set_memory_read_from(h: Harness, read: object, source: object) -> None:
    r, s = as_int(read, "an event index"), as_int(source, "an event index")
    if not (0 <= r < len(h.events) and 0 <= s < len(h.events)):
        raise AssertionFailed(f"SetMemoryReadFrom({r}, {s}) with {len(h.events)} events")
    h.events[r].fields["read_from"] = s


@spec_function("NextMemoryCoherenceRank", "asl/arch/memory-model/atomicity.asl")
def next_memory_coherence_rank(h: Harness, address: object, size: object) -> int:
    return h.next_rank(_word(address, "address"), _size(size))


def tso_events(h: Harness) -> list[tso.Event]:
    """The log as :class:`ptodbg.core.tso.Event` values."""
    out = []
    for record in h.events:
        f = record.fields
        kind = _KINDS.get(enum_name(f["kind"], "a MemoryEventKind"))
        if kind is None:
            raise AslError(f"{f['kind']!r} is not a MemoryEventKind")
        out.append(tso.Event(
            kind=kind, agent=as_int(f["agent"], "agent"), address=_word(f["address"], "address"),
            size=as_int(f["size_bytes"], "size_bytes"), read_value=_word(f["read_value"], "read_value"),
            write_value=_word(f["write_value"], "write_value"),
            performed=as_bool(f["write_performed"], "write_performed"), order=_ORDERS[_order(f["order"])],
            read_from=as_int(f["read_from"], "read_from"), rank=as_int(f["coherence_rank"], "coherence_rank"),
            predecessor=as_bits(f["fence_predecessor"], "fence_predecessor", 4),
            successor=as_bits(f["fence_successor"], "fence_successor", 4)))
    return out


@spec_function("MemoryCandidateExecutionValid", "asl/arch/memory-model/ordering.asl")
def memory_candidate_execution_valid(h: Harness) -> bool:
    return tso.valid(tso_events(h))


@spec_function("MemoryExecutionAllowedTSO", "asl/arch/memory-model/ordering.asl")
def memory_execution_allowed_tso(h: Harness) -> bool:
    return tso.allowed(tso_events(h))
