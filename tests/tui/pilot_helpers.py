"""Helpers for the TUI tests: drive an app with Pilot from plain (synchronous) tests.

The project has no asyncio pytest plugin, so :func:`pilot_test` runs an ``async def``
test body with :func:`asyncio.run`."""

from __future__ import annotations

import asyncio
import contextlib
import functools
from pathlib import Path

from support.paths import TEST_PROGRAMS

from ptodbg.tui.app import PtodbgApp, open_app
from ptodbg.tui.pane import tab_id
from ptodbg.tui.widgets.displays import DisplaysPane

SIZE = (160, 50)


def program(name: str) -> str:
    return str(TEST_PROGRAMS / name)


def app_on(folder: Path, name: str, source: str) -> PtodbgApp:
    """An app on a test's own assembly ``source``, written to ``folder/name`` first (the
    app assembles from a file, as a user's program is)."""
    path = folder / name
    path.write_text(source)
    return open_app(str(path))


async def settle(pilot) -> None:
    """Wait until background runs finished and the screen has caught up."""
    app: PtodbgApp = pilot.app
    await app.workers.wait_for_complete()
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


@contextlib.asynccontextmanager
async def settled_app(path: str | None, size: tuple[int, int] = SIZE):
    """The app on ``path`` (None: the demo) driven by Pilot at ``size``, once its start-up
    has settled: ``(app, pilot)``."""
    app = open_app(path)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        yield app, pilot


async def press(pilot, *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


async def command(pilot, line: str) -> None:
    """Type a command line and run it, then leave the command line (escape)."""
    app: PtodbgApp = pilot.app
    await pilot.press("colon")
    assert app.focused is app.query_one("#command")
    app.query_one("#command").value = line
    await pilot.press("enter")
    await settle(pilot)
    await pilot.press("escape")
    await pilot.pause()


async def run_to(pilot, place: str) -> None:
    """Break at ``place`` and continue (with the c key) until it stops there."""
    await command(pilot, f"break {place}")
    await press(pilot, "c")


async def fault_the_dma(pilot) -> None:
    """Run dma_fault.s into its trap: ``dst`` made read-only (64 bytes), then continue, so
    the DMA's store stops with DATA_PAGE_FAULT (35)."""
    await command(pilot, "inject dst 64 r--")
    await press(pilot, "c")


def displays_tab(app: PtodbgApp):
    """The Displays tab's parts: ``(tabs, tab, pane)``, the tab bar, its tab, its pane."""
    tabs = app.query_one("#tabs")
    return tabs, tabs.get_tab(tab_id(DisplaysPane)), app.query_one(DisplaysPane)


def message(app: PtodbgApp) -> str:
    return app.message_text


def pilot_test(fn):
    """Run an ``async def`` test (with its fixtures) in a fresh event loop."""

    @functools.wraps(fn)
    def run(*args, **kwargs):
        return asyncio.run(fn(*args, **kwargs))

    return run


async def click_content(pilot, widget, x: int, y: int) -> None:
    """Click the cell (x, y) of a widget's content (inside its border and padding)."""
    content = widget.content_region
    await pilot.click(offset=(content.x + x, content.y + y))
    await settle(pilot)
