"""Pausing Python's cyclic garbage collector while the screen is busy.

A collection in the middle of a frame costs 1-2 ms, a full one tens of milliseconds.  The
app pauses the collector from a step key to the end of its repaint, and while it starts
(it makes thousands of objects that live as long as the app), and lets it run again right
after, while the user reads the screen (Textual does the same during smooth scrolling,
``App.PAUSE_GC_ON_SCROLL``).  A step allocates little, so the pause is short and bounded;
nothing is left uncollected.
"""

from __future__ import annotations

import gc


class GcPause:
    """Pause and resume the collector; resume only what this object paused (a collector
    someone else disabled stays disabled)."""

    def __init__(self) -> None:
        self.paused = False

    def pause(self) -> None:
        if gc.isenabled():
            gc.disable()
            self.paused = True

    def resume(self) -> None:
        if self.paused:
            self.paused = False
            gc.enable()

    def freeze_and_resume(self) -> None:
        """The first screen is up: freeze what starting made (it lives as long as the app,
        and the little garbage among it is not worth a full collection now), so later
        collections skip it, and let the collector run again."""
        gc.freeze()
        self.resume()
