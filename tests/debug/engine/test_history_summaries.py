"""The history's per-interval summaries (issue 13 item 5): each snapshot closes an
interval of the timeline, and the history keeps how many pages it wrote and the last
trap entered in it, recorded when the snapshot is taken (never per step); thinning keeps
them, a rewrite of the past drops the ones it invalidates, and a replay does not record
them again.  Real programs assembled from source, run by the engine."""

from __future__ import annotations

from support.loops import COUNTER
from support.paths import TEST_PROGRAMS

from ptodbg.debug.engine import history as history_module
from ptodbg.debug.files.program import open_debugger
from ptodbg.debug.view.capture import Viewer
from ptodbg.debug.view.records import DATA_PAGE_FAULT

QUIET = """    .text
    .globl _start
_start:
    addi a0, 1, ->a0
    j _start
"""


def debugger(tmp_path, source: str, **options):
    path = tmp_path / "prog.s"
    path.write_text(source)
    return open_debugger(str(path), **options)


def test_each_interval_counts_the_pages_its_instructions_wrote(tmp_path):
    d = debugger(tmp_path, COUNTER, interval=64)
    d.cont(640)
    summaries = d.history.summaries()
    assert [(s.start, s.end) for s in summaries] == [(k * 64, (k + 1) * 64) for k in range(10)]
    assert all(s.pages_written == 1 and s.trap is None for s in summaries)  # the counter's page
    quiet = debugger(tmp_path, QUIET, interval=64)
    quiet.cont(640)
    assert [s.pages_written for s in quiet.history.summaries()] == [0] * 10


def test_the_summaries_are_made_once_per_snapshot_not_per_step(tmp_path, monkeypatch):
    calls = []
    real = history_module.History._summarize

    def counting(self, *args):
        calls.append(args[1])
        return real(self, *args)

    monkeypatch.setattr(history_module.History, "_summarize", counting)
    d = debugger(tmp_path, COUNTER, interval=256)
    d.cont(2560)
    d.step(300)
    assert calls == [256 * k for k in range(1, 12)]
    d.goto(100)  # a replay through summarised intervals records none again
    d.goto(2860)
    assert len(calls) == 11 and len(d.history.summaries()) == 11


def test_a_trap_entered_in_an_interval_is_noted(tmp_path):
    d = open_debugger(str(TEST_PROGRAMS / "dma_fault.s"),
                      interval=2)
    d.set_perms(d.resolve("dst"), 64, "r--")
    d.cont()
    assert d.last.status == "trap" and d.steps == 3
    d.set_perms(d.resolve("dst"), 64, "rw-")
    d.recover()
    d.step()  # the DMA reissues; the snapshot of step 4 closes the trap's interval
    summaries = d.history.summaries()
    trapped = [s for s in summaries if s.trap is not None]
    assert [(s.start, s.end, s.trap, s.trap_step) for s in trapped] == [(2, 4, DATA_PAGE_FAULT, 3)]


def test_thinning_keeps_the_summaries_and_a_rewrite_drops_the_future_ones(tmp_path):
    d = debugger(tmp_path, COUNTER, interval=16, budget_bytes=1)
    d.cont(320)
    assert d.history.thinned > 0 and len(d.history) < 20
    assert [(s.start, s.end) for s in d.history.summaries()] == [(k * 16, (k + 1) * 16) for k in range(20)]
    d.goto(100)
    d.set_register("a2", 7)  # an edit in the past: the recorded future is gone
    assert [s.end for s in d.history.summaries()] == [16 * k for k in range(1, 7)]
    d.cont(60)  # the new future is summarised as it is recorded
    ends = [s.end for s in d.history.summaries()]
    assert ends == sorted(set(ends)) and ends[-1] == 160
    starts = [s.start for s in d.history.summaries()]
    assert all(a.end <= b.start for a, b in zip(d.history.summaries(), d.history.summaries()[1:], strict=False))
    assert 0 in starts


def test_a_long_history_merges_neighbouring_summaries(tmp_path, monkeypatch):
    monkeypatch.setattr(history_module, "MAX_SUMMARIES", 8)
    d = debugger(tmp_path, COUNTER, interval=8)
    d.cont(8 * 40)
    summaries = d.history.summaries()
    assert len(summaries) <= 8
    assert summaries[0].start == 0 and summaries[-1].end == 320
    assert all(a.end == b.start for a, b in zip(summaries, summaries[1:], strict=False))
    assert sum(s.pages_written for s in summaries) == 40


def test_the_view_carries_the_timeline(tmp_path):
    d = open_debugger(str(TEST_PROGRAMS / "dma_fault.s"),
                      interval=2)
    viewer = Viewer(d)
    d.set_perms(d.resolve("dst"), 64, "r--", at=2)
    d.add_breakpoint("copy")
    d.cont()
    first = viewer.capture()
    assert first.timeline.horizon == 2 and [m.kind for m in first.timeline.marks] == ["edit", "breakpoint"]
    again = viewer.capture(moved=False)
    assert again.timeline is first.timeline  # nothing changed: the same object
    d.cont()
    trap = viewer.capture()
    kinds = [(m.step, m.kind) for m in trap.timeline.marks]
    assert kinds == [(2, "edit"), (2, "breakpoint"), (3, "trap")]
    d.goto(1)
    d.set_register("a3", 1)  # rewrites the future: the trap and the breakpoint stop are gone,
    rewritten = viewer.capture()  # the injection scheduled at step 2 stays (scheduled edits do)
    assert [(m.step, m.kind) for m in rewritten.timeline.marks] == [(1, "edit"), (2, "edit")]
    assert rewritten.timeline.horizon == 1
