"""Campaign results people can use: the summary, a readable table, the JSON report and a
session file per failing site (docs/interfaces.md §10)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.faults.session import save_site_session
from ptodbg.debug.faults.sites import Site
from ptodbg.debug.files.session import write_atomically

REPORT = "report.json"
SUMMARY = "summary.txt"
LISTED = 200  # failing sites the readable table names one by one
EXCEPTED = 20  # sites of documented exceptions it names


def summary(program: str, planned: int, records: list[dict], *, workers: int, engine: str,
            seconds: float, lost: int = 0, interrupted: bool = False, check_seconds: float = 0.0,
            checked_now: int = 0, workers_lost: int = 0, in_process: int = 0) -> dict:
    """The summary line: the §10 keys (``workers``: the Dask worker processes whose
    results were used), then how many sites a documented exception explained, how many
    were checked (and how fast, from the first check to the last result), whether the
    campaign is complete, how many workers the cluster lost while it ran, and how many
    sites this run checked in the campaign's own process (while its local cluster
    started) instead of on a worker."""
    return {
        "program": program,
        "sites": planned,
        "precise": sum(1 for r in records if r["precise"]),
        "recovered": sum(1 for r in records if r["recovered"]),
        "failed": sum(1 for r in records if not r["passed"]),
        "workers": workers,
        "engine": engine,
        "seconds": round(seconds, 3),
        "exceptions": sum(1 for r in records if r["passed"] and r.get("exception")),
        "checked": len(records),
        "sites_per_second": round(checked_now / check_seconds, 2) if check_seconds > 0 else None,
        "lost": lost,
        "complete": not interrupted and not lost and len(records) == planned,
        "workers_lost": workers_lost,
        "checked_in_process": in_process,
    }


def _where(s: dict) -> str:
    """Where the sites were checked: on the workers, in the campaign's own process, or both."""
    here = s.get("checked_in_process", 0)
    if here and not s["workers"]:
        return "in the campaign's own process" + s["engine"].removeprefix("in-process")
    text = f"on {s['workers']} worker{'' if s['workers'] == 1 else 's'} ({s['engine']})"
    if here:
        text += f", {here} of them in the campaign's own process while the cluster started"
    return text


def site_session_name(index: int) -> str:
    return f"site-{index}.toml"


def table(summary_data: dict, records: list[dict], options: str) -> str:
    """The readable summary: counts, then every failing and every excepted site."""
    s = summary_data
    lines = [
        f"ptodbg campaign {s['program']} ({options})",
        f"{s['checked']} of {s['sites']} sites checked in {s['seconds']:.1f} s {_where(s)}"
        + ("" if s["complete"] else "  [incomplete: run the same command again to resume]"),
        *([f"  {s['workers_lost']} worker{' was' if s['workers_lost'] == 1 else 's were'} lost during the campaign "
           f"(the scheduler ran {'its' if s['workers_lost'] == 1 else 'their'} tasks again elsewhere)"]
          if s.get("workers_lost") else []),
        f"  precise trap:      {s['precise']}",
        f"  recovered exactly: {s['recovered']}",
        f"  documented exceptions (not failures): {s['exceptions']}",
        f"  failed:            {s['failed']}" + (f"   lost (not checked): {s['lost']}" if s["lost"] else ""),
    ]
    failing = [r for r in records if not r["passed"]]
    excepted = [r for r in records if r["passed"] and r.get("exception")]
    for title, group, limit in (("Failing sites", failing, LISTED), ("Documented exceptions", excepted, EXCEPTED)):
        if not group:
            continue
        by_kind = Counter(f"{r.get('mnemonic', '?')} {r['access']}" for r in group)
        lines += ["", f"{title} ({len(group)}): " + ", ".join(f"{k} x{n}" for k, n in by_kind.most_common())]
        texts = sorted({r["exception"] for r in group if r.get("exception")})
        lines += [f"  - {text}" for text in texts]
        lines.append(f"  {'site':>6} {'step':>9} {'pc':>12} {'page':>16} {'access':<6} P R  detail (P: precise, R: recovered)")
        for r in sorted(group, key=lambda r: r["site"])[:limit]:
            detail = r["detail"]
            if r.get("exception"):
                detail = detail.replace(f"documented exception: {r['exception']}", "documented exception")
            lines.append(f"  {r['site']:>6} {r['step']:>9} {r['pc']:>#12x} {r['page']:>#16x} {r['access']:<6} "
                         f"{'y' if r['precise'] else 'n'} {'y' if r['recovered'] else 'n'}  {detail}")
        if len(group) > limit:
            lines.append(f"  ... {len(group) - limit} more (see report.json)")
    return "\n".join(lines) + "\n"


def write_folder(folder: Path, summary_data: dict, records: list[dict], options: str,
                 dbg: Debugger, sites: list[Site]) -> list[Path]:
    """report.json, summary.txt and the session file of every failing site (atomically).
    Returns the session files written."""
    ordered = sorted(records, key=lambda r: r["site"])
    write_atomically(folder / REPORT, json.dumps({"summary": summary_data, "sites": ordered}, indent=1) + "\n")
    write_atomically(folder / SUMMARY, table(summary_data, ordered, options))
    written = []
    for r in ordered:
        if not r["passed"]:
            written.append(save_site_session(dbg, sites[r["site"]], folder / site_session_name(r["site"])))
    return written
