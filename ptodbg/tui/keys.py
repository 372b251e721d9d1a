"""Every key of the app in one table, and the two pieces of key logic that make every
press count: count prefixes and the queue of presses that arrive while a step paints.

The table (:data:`KEYS`) is the single source of the bindings, the F1 help and the key
footer, so the three never disagree.  Tab and pane keys are generated from the tab and
pane lists (:data:`TAB_KEYS`, :data:`PANE_KEYS`).  Every key is bound on the app; a
``screen.`` action is the main screen's (the panes' keys: breakpoint, fault, goto, diff,
command line, zoom, tabs and panes), so while a dialog is in front those keys reach the
dialog, which has no such action, and do nothing.

Why a queue (issue 13, "every keypress counts"): a step key runs its step on the UI
thread, and the screen repaints after it.  Presses that arrive in the meantime (a fast
typist's burst, a held key's repeats) are not dropped: :class:`PressQueue` counts them,
folding consecutive presses of the same key into one ``step N``, and the app runs that
when the repaint has landed.  Five quick ``s`` give five steps; a held key gives one
``step N`` per repaint for the N repeats that came while painting, so the screen never
lags behind the keyboard and no press is lost.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from textual.binding import Binding

MAX_COUNT = 1_000_000_000  # the largest count prefix (more digits are refused, not wrapped)
MAX_QUEUED = 64  # distinct queued commands (same-key presses fold into one entry)


@dataclass(frozen=True, slots=True)
class Key:
    """One key: what it is bound to, its words for the footer and for F1, and how
    important it is in the footer (lower shows first when the width runs out)."""

    key: str  # Textual key name ("s", "S", "f2", "alt+d", "colon")
    action: str  # app action, with arguments ("execute('step')"); "screen.": the main screen's

    short: str  # the footer's word
    long: str  # the F1 help's sentence
    shown: str = ""  # how the key is written ("" : from the key name)
    footer: int = 0  # footer priority (0: not in the footer on its own)
    group: str = ""  # footer group: keys of a group are shown as one entry

    @property
    def label(self) -> str:
        return self.shown or display_key(self.key)


def display_key(key: str) -> str:
    """``f2`` -> ``F2``, ``alt+d`` -> ``M-d``, ``colon`` -> ``:``, ``ctrl+c`` -> ``^c``."""
    if key.startswith("f") and key[1:].isdigit():
        return key.upper()
    if key.startswith("alt+"):
        return "M-" + key[4:]
    if key.startswith("ctrl+"):
        return "^" + key[5:]
    return {"colon": ":", "left_square_bracket": "[", "right_square_bracket": "]"}.get(key, key)


# The tabs of the bottom row, in tab order, on F2 onwards: (tab id, title, key).
TAB_KEYS = tuple((tab, title, f"f{n}") for n, (tab, title) in enumerate((
    ("tab-history", "History"),
    ("tab-output", "Output"),
    ("tab-calls", "Calls"),
    ("tab-pages", "Pages"),
    ("tab-console", "Console"),
    # gdb's auto-displays: the tab is hidden until the first display, and F7 shows it (and
    # how to make one) even then.
    ("tab-displays", "Displays"),
    ("tab-stack", "Stack"),  # the selected frame's stack words and their pointer chains
    ("tab-breakpoints", "Breakpoints"),  # list, toggle (space), delete (del)
    ("tab-tiles", "Tiles"),  # the 64 tile registers and the selected tile (hidden until a program has tiles)
), start=2))

# The panes: (pane id, name, key).  Alt+letter, the letter named in the pane's title
# (memory B is alt+m: terminals send alt+b and alt+f as "word left/right").
PANE_KEYS = (
    ("disasm", "disassembly", "alt+d"),
    ("pane-a", "memory A", "alt+a"),
    ("pane-b", "memory B", "alt+m"),
    ("regs", "registers", "alt+r"),
    ("state", "TPC/block state", "alt+s"),
    ("events-pane", "events of the last instruction", "alt+e"),
    ("trap", "trap", "alt+t"),
    ("timeline", "timeline", "alt+l"),
)

KEYS: tuple[Key, ...] = (
    Key("f1", "help", "Help", "this help: every key and every command", footer=1),
    Key("s", "execute('step')", "Step", "step one instruction; 5s steps five; a burst or a held key steps once per press",
        footer=2),
    Key("n", "execute('next')", "Next", "next: step over a call (runs in the background)", footer=3),
    Key("c", "execute('continue')", "Cont", "continue to the next stop (runs in the background)", footer=4),
    Key("S", "execute('reverse-step')", "RevStep", "reverse-step one instruction; 10S steps back ten", footer=5),
    Key("C", "execute('reverse-continue')", "RevCont",
        "reverse-continue to the previous breakpoint, watchpoint hit or trap", footer=6),
    Key("b", "screen.toggle_breakpoint", "Break",
        "toggle a breakpoint at the disassembly cursor (a click in the gutter does too)", footer=7),
    Key("f", "screen.fault", "Fault", "fault injection: page permissions now, at a step, or once", footer=9),
    Key("r", "execute('recover')", "Recover", "recover from the pending trap (ACRE): the faulting instruction reissues",
        footer=10),
    Key("g", "screen.goto", "Goto", "go to a step (time travel); the timeline strip travels by click too", footer=11),
    Key("w", "last_writer", "Writer",
        "go to the step that last wrote the selected register, byte or tile element (click one first); "
        "again: the writer before"),
    Key("d", "screen.diff_mode", "Diff", "register changes: since the last stop / since a reference point (set now)",
        footer=14),
    Key("colon", "screen.command_line", "Cmd",
        "the command line (up/down: history; enter on an empty line repeats the last command)", footer=8),
    Key("z", "screen.zoom", "Zoom", "maximise the focused pane, or bring the others back (escape too)", footer=12),
    Key("t", "cycle_theme", "Theme", "the next theme (kept in the session)", footer=15),
    *(Key(key, f"screen.tab('{tab}')", title, f"the {title} tab (maximised in a small terminal)", footer=13, group="tabs")
      for tab, title, key in TAB_KEYS),
    *(Key(key, f"screen.pane('{pane}')", name, f"the {name} pane (maximised when the layout has no room for it)",
          footer=16, group="panes") for pane, name, key in PANE_KEYS),
    Key("ctrl+c", "interrupt", "Interrupt", "interrupt a running continue/until/next/goto/reverse-continue"),
    Key("escape", "leave_input", "Leave",
        "leave an input field; cancel a count; bring maximised panes back"),
)

# Keys handled inside panes or by Textual (listed in F1 after the table above).
OTHER_KEYS = (
    ("0-9", "a count for the next s or S (5s steps five, 10S steps back ten)"),
    ("tab / shift+tab", "move between panes; up/down/pgup/pgdn/home/end scroll or move the cursor"),
    ("mouse", "click a disassembly line: the cursor goes there; click its gutter: toggle a breakpoint; "
              "click a register, a byte, a frame or a tile element: select it; click the timeline: go to that step; "
              "the wheel scrolls every list"),
    ("timeline", "left/right move along it, [ and ] jump between marks, enter goes there"),
    ("enter", "in a follow field: follow that expression; in the event filter: apply it"),
    ("ctrl+p", "command palette: commands, symbols (go to, break, follow), themes"),
    ("ctrl+q", "quit"),
)

GROUPS = {
    "tabs": ("F2-F10", "Tabs", "Tabs"),
    "panes": ("M-d/a/m/r/s/e/t/l", "Panes", "Panes"),
}


# Keys the app sees before any widget: ctrl+c interrupts even in an input, and ':' opens the
# command line before the keys typed after it are handed out (in an input it types ':').
PRIORITY = frozenset({"ctrl+c", "colon"})
COUNTED = frozenset({"step", "reverse-step"})  # the commands a count prefix repeats
DIGIT_ACTIONS = tuple(f"digit('{d}')" for d in range(10))


def bindings() -> list[Binding]:
    """The app's bindings: every key of the table, and the digits of a count."""
    return [
        *(Binding(k.key, k.action, k.short, show=k.footer > 0, key_display=k.label, priority=k.key in PRIORITY)
          for k in KEYS),
        *(Binding(str(d), action, str(d), show=False, key_display="0-9") for d, action in enumerate(DIGIT_ACTIONS)),
    ]


def long_help() -> dict[str, str]:
    """The F1 words of every bound action (the key table's long descriptions)."""
    return {k.action: k.long for k in KEYS} | dict.fromkeys(DIGIT_ACTIONS, OTHER_KEYS[0][1])


def click(action: str) -> str:
    """The action as a click in the footer's markup runs it (the app's, or the screen's)."""
    return action if action.startswith("screen.") else f"app.{action}"


def footer_entries(typing: bool) -> list[tuple[str, str, str, int]]:
    """(key shown, word, action, priority) of the footer, groups folded into one entry.
    ``typing``: an input has focus, so keys that type a character are left out."""
    entries: list[tuple[str, str, str, int]] = []
    seen: set[str] = set()
    for key in KEYS:
        if not key.footer:
            continue
        if typing and len(key.key) == 1:
            continue
        if key.group:
            if key.group in seen:
                continue
            seen.add(key.group)
            shown, word, _ = GROUPS[key.group]
            entries.append((shown, word, "help", key.footer))
        else:
            entries.append((key.label, key.short, key.action, key.footer))
    return entries


def fit_footer(entries: list[tuple[str, str, str, int]], width: int,
               tail: int = 0) -> list[tuple[str, str, str, int]]:
    """The entries that fit ``width`` cells (two spaces between entries, ``tail`` cells
    kept for a last fixed entry), dropping the least important first; order kept."""
    def size(chosen):
        return sum(len(k) + 1 + len(w) for k, w, _a, _p in chosen) + 2 * len(chosen) + tail

    chosen = list(entries)
    while chosen and size(chosen) > width:
        worst = max(chosen, key=lambda e: e[3])
        chosen.remove(worst)
    return chosen


def help_rows() -> list[tuple[str, str]]:
    """(key, what it does) for F1: every key of the table, then the others."""
    return [(key.label, key.long) for key in KEYS] + list(OTHER_KEYS)


class CountPrefix:
    """vi-style counts: digits typed before a key repeat it (``5s``, ``10S``)."""

    def __init__(self) -> None:
        self.digits = ""

    @property
    def active(self) -> bool:
        return bool(self.digits)

    def push(self, digit: str) -> bool:
        """Add a digit; False when it cannot start a count (a leading 0) or the count
        would pass :data:`MAX_COUNT` (the digit is refused, the count kept)."""
        if not self.digits and digit == "0":
            return False
        if int(self.digits + digit) > MAX_COUNT:
            return False
        self.digits += digit
        return True

    def take(self) -> int:
        """The count (1 without digits), cleared."""
        n = int(self.digits) if self.digits else 1
        self.digits = ""
        return n

    def clear(self) -> None:
        self.digits = ""


class PressQueue:
    """Presses that arrived while a step was painting, in order; consecutive presses of
    the same command fold into one entry with their counts summed."""

    def __init__(self) -> None:
        self._queue: deque[list] = deque()  # [command, count]
        self.refused = 0  # presses refused because the queue was full (never silently)

    def __len__(self) -> int:
        return len(self._queue)

    @property
    def pending(self) -> int:
        """Presses (counts) waiting."""
        return sum(count for _command, count in self._queue)

    def add(self, command: str, count: int = 1) -> None:
        if self._queue and self._queue[-1][0] == command:
            self._queue[-1][1] = min(MAX_COUNT, self._queue[-1][1] + count)
        elif len(self._queue) < MAX_QUEUED:
            self._queue.append([command, count])
        else:
            self.refused += count

    def pop(self) -> tuple[str, int] | None:
        """The oldest entry (command, count), or None."""
        if not self._queue:
            return None
        command, count = self._queue.popleft()
        return command, count

    def clear(self) -> int:
        """Drop everything (an error or an interrupt ends the burst); returns the presses
        dropped."""
        dropped = self.pending
        self._queue.clear()
        return dropped
