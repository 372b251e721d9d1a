"""ptodbg.base.record: the records of the run path behave as the frozen dataclasses they
replaced (issue 15, cold start): equality, hash, repr, immutability, defaults, pickling.
Checked on the real records the engine hands its clients (a trap, a profile, a stop)."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest

from ptodbg.base.record import Frozen, Record
from ptodbg.core.faults import DATA_PAGE_FAULT
from ptodbg.core.profiles import DEBUG, Profile
from ptodbg.core.traps import TrapInfo
from ptodbg.debug.engine.stops import Stop
from ptodbg.debug.view.records import Trap


def trap_info(**changes) -> TrapInfo:
    fields = dict(number=DATA_PAGE_FAULT, name="DATA_PAGE_FAULT", cause=0, arg0=0x11040, bank=0,
                  saved_tpc=0x1000A, vector=0x11040, vectored=False, reason="store to a read-only page")
    fields.update(changes)
    return TrapInfo(**fields)


def test_fields_come_from_the_annotations_in_order_with_their_defaults():
    assert Profile.__match_args__[:3] == ("name", "flat_bytes", "acr2_bound")
    assert (DEBUG.fetch_faults, DEBUG.stack_top, DEBUG.fp_model) == (True, 0xF000, "ieee")
    assert Profile("x", 4096) == Profile(name="x", flat_bytes=4096)
    assert repr(Profile("x")).startswith("Profile(name='x', flat_bytes=None, ")


def test_equality_and_hash_are_by_class_and_field_values():
    a, b = trap_info(), trap_info()
    assert a == b and hash(a) == hash(b) and a is not b
    assert a != trap_info(arg0=0x11048)
    assert Trap.of(a) != a  # another class: not equal, as dataclasses compare
    assert Trap.of(a).arg0 == 0x11040 and Trap.of(None) is None


def test_a_frozen_record_refuses_assignment_as_a_frozen_dataclass_does():
    t = trap_info()
    with pytest.raises(dataclasses.FrozenInstanceError):
        t.arg0 = 0  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del t.arg0
    assert t.replace(arg0=8) == trap_info(arg0=8) and t.arg0 == 0x11040


def test_records_pickle_and_copy_by_their_fields():
    t = trap_info()
    assert pickle.loads(pickle.dumps(t)) == t
    assert copy.copy(t) == t and copy.deepcopy(Trap.of(t)) == Trap.of(t)


def test_a_mutable_record_has_no_hash_and_keeps_its_own_init():
    stop = Stop("breakpoint", "at copy")
    assert stop.watch_hits == [] and stop.watch_hits is not Stop("stopped").watch_hits
    with pytest.raises(TypeError):
        hash(stop)


def test_a_field_without_a_default_after_one_with_is_refused_when_declared():
    with pytest.raises(TypeError, match="without a default follows one with a default"):
        class Bad(Frozen):  # noqa: F841 - declaring it is the test
            a: int = 0
            b: int

    class Point(Record):
        x: int
        y: int = 0

    class Point3(Point):
        z: int = 0

    p = Point3(1, 2, 3)
    assert Point3.__match_args__ == ("x", "y", "z") and (p.x, p.y, p.z) == (1, 2, 3)
    p.x = 5
    assert p == Point3(5, 2, 3)
