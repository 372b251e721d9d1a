"""How the TUI writes numbers and counted nouns: one way everywhere.

A step number or a count reads the same in the status bar while a run goes on, at a
stop, in the timeline and in the panes (``20,545,536``), and a count agrees with its noun
("1 event", "2 events").  Numbers a user may type back (the goto dialog's default) are
written without separators: the command language reads them.
"""

from __future__ import annotations

IRREGULAR = {"entry": "entries", "match": "matches", "index": "indices"}


def count(n: int) -> str:
    """A count or a step number, grouped by thousands: ``20,545,536``."""
    return f"{n:,}"


def plural(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and the noun in the right number: ``1 event``, ``2 events``, ``1,024 pages``."""
    if n == 1:
        return f"1 {noun}"
    return f"{count(n)} {many or IRREGULAR.get(noun) or noun + 's'}"
