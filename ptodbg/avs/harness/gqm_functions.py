"""The General Queue Management model functions over ptodbg's GQM state
(``asl/arch/programming-model/general-queue-management.asl``).

ptodbg keeps the queues as ``m.gqm`` (:class:`~ptodbg.core.semantics.templates.GQMState`:
queues by address, each its capacity, entries head first, suspended and corrupt flags,
and the release/acquire/event counters), replaced on every change; its HL.Q* commands use
the same operations (``gqm_initialize``, ``gqm_push``, ``gqm_pop``).  The model's queue
*slots* are its verification backing: ptodbg answers a slot with the queue's place among
the initialised queues, which is the slot the model would use (slots are found first by
address, then the first free one, and never freed but by reset).
"""

from __future__ import annotations

from ptodbg.avs.convert import as_bits, as_bool, as_int, word
from ptodbg.avs.harness.registry import spec_function
from ptodbg.avs.harness.state import Harness
from ptodbg.avs.values import AssertionFailed, Record
from ptodbg.core.semantics.templates import (
    GQM_RESET,
    GQMQueue,
    gqm_initialize,
    gqm_pop,
    gqm_push,
    gqm_state,
)

_SOURCE = "asl/arch/programming-model/general-queue-management.asl"
MAX_CAPACITY = 1023  # PTO_GQM_MAX_CAPACITY: the 10-bit capacity field of HL.QMT


def _address(value: object) -> int:
    return as_bits(value, "a queue address")


def _queue(h: Harness, address: object) -> GQMQueue | None:
    return gqm_state(h.m).queues.get(_address(address))


def _replace_queue(h: Harness, address: int, **changes: object) -> None:
    state = gqm_state(h.m)
    queue = state.queues.get(address)
    if queue is not None:
        h.m.gqm = state.with_queue(address, queue.replace(**changes))


@spec_function("ResetGQMState", _SOURCE)
def reset_gqm_state(h: Harness) -> None:
    h.m.gqm = GQM_RESET


@spec_function("InitializeGQMQueue", _SOURCE)
def initialize_gqm_queue(h: Harness, address: object, capacity: object) -> int:
    a, n = _address(address), as_int(capacity, "a queue capacity")
    if not 0 <= n <= MAX_CAPACITY:
        raise AssertionFailed(f"queue capacity {n} outside 0..{MAX_CAPACITY}")
    h.m.gqm = gqm_initialize(gqm_state(h.m), a, n)
    return list(h.m.gqm.queues).index(a)


@spec_function("GQMQueueInitialized", _SOURCE)
def gqm_queue_initialized(h: Harness, address: object) -> bool:
    return _queue(h, address) is not None


@spec_function("GQMQueueRemaining", _SOURCE)
def gqm_queue_remaining(h: Harness, address: object) -> int:
    q = _queue(h, address)
    return 0 if q is None else q.remaining


@spec_function("GQMQueueSuspended", _SOURCE)
def gqm_queue_suspended(h: Harness, address: object) -> bool:
    q = _queue(h, address)
    return q is not None and q.suspended


def _head(h: Harness, address: object) -> tuple[int, int]:
    q = _queue(h, address)
    if q is None or not q.entries:
        raise AssertionFailed("the queue has no head entry (the model asserts a nonempty queue)")
    return q.entries[0]


@spec_function("GQMQueueHeadValue", _SOURCE)
def gqm_queue_head_value(h: Harness, address: object) -> object:
    return word(_head(h, address)[0])


@spec_function("GQMQueueHeadReleaseEpoch", _SOURCE)
def gqm_queue_head_release_epoch(h: Harness, address: object) -> int:
    return _head(h, address)[1]


@spec_function("SetGQMQueueSuspended", _SOURCE)
def set_gqm_queue_suspended(h: Harness, address: object, suspended: object) -> None:
    _replace_queue(h, _address(address), suspended=as_bool(suspended, "suspended"))


@spec_function("SetGQMQueueCorrupt", _SOURCE)
def set_gqm_queue_corrupt(h: Harness, address: object, corrupt: object) -> None:
    _replace_queue(h, _address(address), corrupt=as_bool(corrupt, "corrupt"))


@spec_function("BroadcastGQMEvent", _SOURCE)
def broadcast_gqm_event(h: Harness, address: object) -> None:
    h.m.gqm = gqm_state(h.m).broadcast(_address(address))


@spec_function("PushGQMQueueEntry", _SOURCE)
def push_gqm_queue_entry(h: Harness, address: object, entry: object, at_head: object, relaxed: object,
                         notify: object) -> object:
    h.m.gqm, result = gqm_push(gqm_state(h.m), _address(address), as_bits(entry, "the entry"),
                               as_bool(at_head, "at_head"), as_bool(relaxed, "relaxed"), as_bool(notify, "notify"))
    return word(result)


@spec_function("PopGQMQueueEntry", _SOURCE)
def pop_gqm_queue_entry(h: Harness, address: object, relaxed: object, notify: object) -> object:
    h.m.gqm, data, result = gqm_pop(gqm_state(h.m), _address(address), as_bool(relaxed, "relaxed"),
                                    as_bool(notify, "notify"))
    return Record("GQMPopResult", {"data": word(data), "result": word(result)})
