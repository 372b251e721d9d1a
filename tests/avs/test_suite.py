"""Every pto-spec AVS point (scalar, block, arch, tile: ``../shared/pto/avs/asl``) through the
runner of ``ptodbg avs``, against the recorded outcome of each point.

``expected.json`` lists every point that does not pass, with its status and why; every
other point must pass.  The totals per suite are pinned below, so any change in any point
fails a test: a regression, and also an improvement (then re-record with
``.venv/bin/python -c "import sys; sys.path[:0] = ['tests']; from avs.test_suite import update; update()"``
and update TOTALS).

Points that fail are explained in FAIL_REASONS (a human decision, never generated);
unsupported points carry their class in the runner's detail (:mod:`ptodbg.avs.reasons`),
and every one left in scalar, block and arch is of the tile surface (a tile feature not
modelled yet, named by its class): each other point there passes.
The programs run in contiguous chunks so that ``pytest -n`` workers share little parsing.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from support.paths import CATALOG, SHARED

from ptodbg.avs import tile_reasons
from ptodbg.avs.reasons import TILE as TILE_SURFACE
from ptodbg.avs.suite import FAIL, PASS, UNSUPPORTED, find_programs, run_program

AVS = SHARED / "pto" / "avs" / "asl"
SUITES = ("scalar", "block", "arch", "tile")
EXPECTED_FILE = Path(__file__).with_name("expected.json")
CHUNKS = 12

# Exact outcome counts per suite (a change in any point changes one of these).
TOTALS = {
    "scalar": {"total": 2196, PASS: 2196, FAIL: 0, UNSUPPORTED: 0},
    "block": {"total": 427, PASS: 308, FAIL: 0, UNSUPPORTED: 119},
    "arch": {"total": 146, PASS: 135, FAIL: 0, UNSUPPORTED: 11},
    "tile": {"total": 583, PASS: 461, FAIL: 0, UNSUPPORTED: 122},
}

# Failing points and why (none fail today; a new failure needs a human reason here).
FAIL_REASONS: dict[str, str] = {}


def _programs() -> list[tuple[str, Path]]:
    return [(suite, path) for suite in SUITES for path in find_programs([AVS / suite])]


def _chunk(index: int, programs: list) -> list:
    size = -(-len(programs) // CHUNKS)
    return programs[index * size:(index + 1) * size]


def _expected() -> dict:
    return json.loads(EXPECTED_FILE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_avs_points_have_their_recorded_outcome(chunk):
    expected = _expected()["points"]
    wrong = []
    for _suite, path in _chunk(chunk, _programs()):
        r = run_program(path, catalog=CATALOG)
        want = expected.get(r.id, {"status": PASS})["status"]
        if r.status != want:
            wrong.append(f"{r.id} ({path.relative_to(AVS)}): {r.status}, expected {want}: {r.detail}")
    assert not wrong, f"{len(wrong)} points changed:\n" + "\n".join(wrong[:30])


def test_recorded_outcomes_add_up_to_the_pinned_totals():
    data = _expected()
    points = data["points"]
    on_disk = {suite: [p for s, p in _programs() if s == suite] for suite in SUITES}
    for suite in SUITES:
        listed = Counter(v["status"] for v in points.values() if v["suite"] == suite)
        total = len(on_disk[suite])
        counts = {"total": total, PASS: total - sum(listed.values()), FAIL: listed[FAIL],
                  UNSUPPORTED: listed[UNSUPPORTED]}
        assert counts == TOTALS[suite] == data["totals"][suite], suite


def test_every_failing_point_has_a_human_reason():
    for point, v in _expected()["points"].items():
        if v["status"] == FAIL:
            assert v["reason"] == FAIL_REASONS.get(point, v["reason"]) and v["reason"], point
        elif v["suite"] != "tile":  # every scalar, block and arch point outside the tile surface passes (issue 23)
            assert v["reason"].split(":")[0] in (TILE_SURFACE, *tile_reasons.CLASSES), point
        else:
            assert v["reason"].split(":")[0] in (
                TILE_SURFACE, "contract declaration", "model state ptodbg does not keep",
                "spec model function", *tile_reasons.CLASSES,
            ), point


def update() -> None:
    """Re-record expected.json from a full run (a fail needs a FAIL_REASONS entry)."""
    points: dict[str, dict] = {}
    unexplained: list[str] = []
    totals: dict[str, Counter] = {suite: Counter() for suite in SUITES}
    for suite, path in _programs():
        r = run_program(path, catalog=CATALOG)
        totals[suite][r.status] += 1
        totals[suite]["total"] += 1
        if r.status == PASS:
            continue
        if r.status == FAIL:
            reason = FAIL_REASONS.get(r.id)
            if reason is None:
                unexplained.append(f"{r.id} ({path.relative_to(AVS)}): {r.detail}")
                continue
        else:
            reason = r.detail.split(" at ")[0]
        points[r.id] = {"suite": suite, "file": str(path.relative_to(AVS)), "status": r.status,
                        "reason": reason}
    if unexplained:
        raise SystemExit("failing points without a FAIL_REASONS entry:\n" + "\n".join(unexplained))
    data = {"totals": {s: {k: totals[s][k] for k in ("total", PASS, FAIL, UNSUPPORTED)} for s in SUITES},
            "points": dict(sorted(points.items()))}
    EXPECTED_FILE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(data["totals"]))
