"""A campaign's folder (``--out DIR``): what it is, the results so far, the reports.

* ``campaign.json`` - the manifest: program sha256, the options that decide the sites,
  and a digest of the site list.  Written once, atomically.  A later run with ``--out
  DIR`` resumes only a campaign with the same manifest; anything else is refused.
* ``results.jsonl`` - append-only, one JSON line per checked site, each batch written in
  one ``write`` and made durable (flush + fsync) before the sites count as done.  A line
  cut short by a crash or a kill is dropped when the file is reopened (the file is
  truncated back to its last complete line), so that site is simply checked again.
* ``report.json``, ``summary.txt``, ``site-N.toml`` - written by :mod:`.report`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ptodbg.debug.files.session import write_atomically

MANIFEST = "campaign.json"
RESULTS = "results.jsonl"
SCHEMA = 1


class StoreError(ValueError):
    """The folder cannot hold this campaign (one clear sentence)."""


class CampaignFolder:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.results = self.path / RESULTS

    def open(self, manifest: dict, sites: int) -> dict[int, dict]:
        """Create the folder or resume it; returns the finished records by site index."""
        p = self.path
        if p.exists() and not p.is_dir():
            raise StoreError(f"{p}: not a folder")
        manifest = {"schema": SCHEMA, **manifest}
        existing = p / MANIFEST
        if existing.exists():
            try:
                saved = json.loads(existing.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
                raise StoreError(f"{existing}: not a campaign manifest ({e})") from None
            if saved != manifest:
                differs = sorted(k for k in manifest.keys() | saved.keys() if saved.get(k) != manifest.get(k))
                raise StoreError(f"{p} holds another campaign (its {', '.join(differs)} differ); "
                                 "use another --out folder")
        else:
            try:
                if p.exists() and any(p.iterdir()):
                    raise StoreError(f"{p} is not empty and holds no {MANIFEST}: not a campaign folder")
                p.mkdir(parents=True, exist_ok=True)
                write_atomically(existing, json.dumps(manifest, indent=1) + "\n")
            except OSError as e:
                raise StoreError(f"{p}: {e.strerror or e}") from None
        return self._read(sites)

    def _read(self, sites: int) -> dict[int, dict]:
        """Finished records; a torn last line is cut off, unreadable lines are ignored."""
        if not self.results.exists():
            return {}
        data = self.results.read_bytes()
        end = data.rfind(b"\n") + 1
        if end != len(data):
            with open(self.results, "r+b") as f:
                f.truncate(end)
                f.flush()
                os.fsync(f.fileno())
        done: dict[int, dict] = {}
        for line in data[:end].splitlines():
            try:
                rec = json.loads(line)
                index = rec["site"]
            except (ValueError, KeyError, TypeError):
                continue
            if isinstance(index, int) and 0 <= index < sites and isinstance(rec.get("passed"), bool):
                done[index] = rec
        return done

    def append(self, records: list[dict]) -> None:
        """Add results durably (one write, flush, fsync)."""
        if not records:
            return
        text = "".join(json.dumps(r, separators=(",", ":")) + "\n" for r in records)
        with open(self.results, "ab") as f:
            f.write(text.encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
