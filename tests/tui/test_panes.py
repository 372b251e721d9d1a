"""The pane protocol and the one read path (issue 11 §2, §4): panes render only views,
no TUI module imports the core or the ISA, rendering during a background run reads
nothing but the last published view, a tab pane is one module found without editing the
app, the Calls and Pages tabs draw only when open, and the page map shows a real
program's segments, stack and injections."""

from __future__ import annotations

import ast
import asyncio
import sys
import textwrap
from pathlib import Path

import pytest
from support.loops import COUNTER
from support.paths import ROOT
from tui.pilot_helpers import SIZE, app_on, command, pilot_test, press, program, settle

from ptodbg.debug.engine.debugger import Debugger
from ptodbg.debug.view.capture import View, Viewer
from ptodbg.debug.view.memimage import MemoryImage
from ptodbg.tui import widgets
from ptodbg.tui.app import open_app
from ptodbg.tui.pane import PANE_CLASS, ViewPane, tab_id
from ptodbg.tui.widgets import HexView, RegistersPane, tab_widgets
from ptodbg.tui.widgets.history import parse_event_filter
from ptodbg.tui.widgets.pagemap import PageMapPane
from ptodbg.tui.widgets.process import BacktracePane

TUI = ROOT / "ptodbg" / "tui"


# ------------------------------------------------------------------ layering
def _imports(path: Path) -> list[str]:
    names = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


def test_no_tui_module_imports_anything_of_ptodbg_but_the_engine():
    """DESIGN.md §1: tui/ imports ptodbg.debug (and itself), never ptodbg.core, ptodbg.isa
    or ptodbg.linux, not even for a type (an import check until import-linter arrives)."""
    files = sorted(TUI.rglob("*.py"))
    assert len(files) > 10
    bad = [(str(f.relative_to(ROOT)), name) for f in files for name in _imports(f)
           if name.startswith("ptodbg") and not name.startswith(("ptodbg.debug", "ptodbg.tui"))]
    assert bad == []


def _tui_module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_no_import_circle_among_the_tui_modules():
    """The TUI's modules import one another one way (the app the main screen, the screen
    the widgets, the widgets the pane protocol), counting imports inside functions and for
    types: a circle would make the pane protocol or the palette depend on the app."""
    modules = {_tui_module(f): f for f in TUI.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                found.add(node.module)
                found |= {f"{node.module}.{alias.name}" for alias in node.names}
        graph[name] = sorted((found & modules.keys()) - {name})
    assert "ptodbg.tui.widgets" in graph["ptodbg.tui.main_screen"]  # the check sees the imports

    def circle_from(start: str, at: str, path: list[str]) -> list[str] | None:
        for nxt in graph[at]:
            if nxt == start:
                return [*path, nxt]
            if nxt not in path and nxt > start:  # each circle once, from its least module
                found = circle_from(start, nxt, [*path, nxt])
                if found:
                    return found
        return None

    circles = [c for c in (circle_from(m, m, [m]) for m in sorted(graph)) if c]
    assert circles == []


@pilot_test
async def test_no_widget_holds_the_debugger_or_the_machine(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "s", "s", "s")
        demo.query_one("#tabs").active = "tab-calls"
        await settle(pilot)
        machine = demo.dbg.machine
        widgets_seen = list(demo.query("*"))
        assert len(widgets_seen) > 50
        for widget in widgets_seen:
            for value in vars(widget).values():
                assert not isinstance(value, (Debugger, Viewer, type(machine), type(machine.mem))), widget
        panes = demo.main.panes()
        assert {type(p).__name__ for p in panes} >= {
            "StatusBar", "DisasmView", "MemoryPane", "RegistersPane", "StatePane", "EventsPane",
            "TrapPane", "HistoryPane", "OutputLog", "BacktracePane", "PageMapPane"}
        assert all(p.view is demo.view for p in panes if not p.LAZY)


@pilot_test
async def test_the_main_screen_holds_no_debugger_either(demo):
    """The main screen owns the panes and their handlers, and reaches the engine only
    through the app (its ``host``): it keeps no debugger, viewer or machine of its own."""
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "s", "s", "s")
        machine = demo.dbg.machine
        assert demo.screen is demo.main and demo.main.host is demo
        assert len(vars(demo.main)) > 10
        for value in vars(demo.main).values():
            assert not isinstance(value, (Debugger, Viewer, type(machine), type(machine.mem))), value



@pilot_test
async def test_rendering_during_a_background_run_reads_only_the_published_view(tmp_path):
    """While ``continue`` runs in the worker, every pane repaints from the last published
    view: the registers and the memory view show the stop before the run although the
    machine's counter has moved on, and nothing the UI thread calls is in the core, the
    linux layer or a Debugger method (a profile hook on the UI thread watches)."""
    app = app_on(tmp_path, "counter.s", COUNTER)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.follow("a", "counter")
        await command(pilot, "step 7")  # a0 = 2, the counter holds 2
        before = app.view
        assert before.regs["a0"] == 2 and before.read(app.dbg.symbols.lookup("counter"), 8) == (2).to_bytes(8, "little")
        await pilot.press("c")
        try:
            for _ in range(200):
                await asyncio.sleep(0.02)
                if app.running_steps > 20_000:
                    break
            assert app.busy and app.dbg.machine.r[2] > 1000

            entered: list[str] = []
            rendered: set[str] = set()
            core = str(ROOT / "ptodbg" / "core")
            linux = str(ROOT / "ptodbg" / "linux")
            tui = str(ROOT / "ptodbg" / "tui")

            def hook(frame, event, _arg):
                if event == "call":
                    code = frame.f_code
                    if code.co_filename.startswith((core, linux)) or code.co_qualname.startswith(("Debugger.", "Viewer.")):
                        entered.append(f"{code.co_filename}:{code.co_qualname}")
                    elif code.co_filename.startswith(tui) and code.co_name in ("render_line", "_signature"):
                        rendered.add(code.co_qualname)

            for pane in app.main.panes():
                pane.refresh()
            for widget in (app.query_one(HexView), app.query_one("#disasm")):
                widget.refresh()
            sys.setprofile(hook)
            try:
                await pilot.pause()
                await pilot.pause()
                regs_text = app.query_one(RegistersPane).plain
                hex_lines = [app.query_one("#mem-a", HexView).render_line(y).text for y in range(6)]
            finally:
                sys.setprofile(None)
            assert entered == []
            assert {"DisasmView.render_line", "DisasmView._signature", "HexView.render_line",
                    "HexView._signature", "LinePane.render_line"} <= rendered  # the panes repainted under the hook
            assert app.busy and app.view is before
            assert all(p.view is before for p in app.main.panes() if not p.LAZY)
            assert "a0   0000000000000002" in regs_text
            counter_row = next(line for line in hex_lines if "02 00 00 00 00 00 00 00" in line)
            assert counter_row.startswith("rw-")
        finally:
            app.dbg.interrupt.set()  # the run must end even when an assertion failed
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert not app.busy and app.view is not before and app.view.regs["a0"] > 1000
        assert app.view.steps == app.dbg.steps


# ------------------------------------------------------------ the protocol
def test_tabs_are_the_tab_panes_of_the_widget_modules():
    names = [cls.TAB for cls in tab_widgets()]
    assert names == ["History", "Output", "Calls", "Pages", "Displays", "Stack", "Breakpoints", "Tiles", "Console"]
    assert [tab_id(cls) for cls in tab_widgets()][:2] == ["tab-history", "tab-output"]


EXTRA_PANE = '''
from textual.widgets import Static

from ptodbg.tui.pane import ViewPane


class StepsPane(ViewPane, Static):
    """A pane from a module the app knows nothing about."""

    TAB = "Steps"
    TAB_ORDER = 50
    DEFAULT_ID = "steps-pane"
    DEFAULT_CSS = "StepsPane { height: 1fr; color: $pd-label; }"

    def show(self, view):
        self.update(f"{view.steps} steps, TPC {view.pc:#x}")
'''


@pilot_test
async def test_a_new_pane_is_one_module_the_app_finds(tmp_path):
    """A module with a ViewPane that declares a tab, put where the app looks for widget
    modules, becomes a tab fed with every view: no edit to the app."""
    (tmp_path / "steps_pane.py").write_text(textwrap.dedent(EXTRA_PANE))
    widgets.__path__.append(str(tmp_path))
    try:
        assert "Steps" in [cls.TAB for cls in tab_widgets()]
        app = open_app(None)
        async with app.run_test(size=SIZE) as pilot:
            await settle(pilot)
            pane = app.query_one("#steps-pane")
            assert pane.has_class(PANE_CLASS) and isinstance(pane, ViewPane)
            assert app.query_one("#tab-steps") is not None
            await press(pilot, "s", "s")
            assert str(pane.render()) == f"2 steps, TPC {app.view.pc:#x}"
    finally:
        widgets.__path__.remove(str(tmp_path))
        sys.modules.pop("ptodbg.tui.widgets.steps_pane", None)


@pilot_test
async def test_lazy_panes_draw_when_their_tab_opens(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "s", "s", "s")
        calls, pages = demo.query_one(BacktracePane), demo.query_one(PageMapPane)
        assert calls.view is None and pages.view is None  # their tabs were never opened
        demo.query_one("#tabs").active = "tab-calls"
        await settle(pilot)
        assert calls.view is demo.view and calls.frames[0].where == "copy+0x4"
        assert calls.plain.startswith("1 frame, innermost first")
        await press(pilot, "s")
        assert calls.view is demo.view and pages.view is None


# ----------------------------------------------------------------- page map
@pilot_test
async def test_page_map_pane_shows_segments_stack_and_injections():
    app = open_app(program("hello_linux.s"), profile="linux")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        msg = app.dbg.symbols.lookup("msg")
        await command(pilot, f"inject {msg:#x} 16 r-- once")
        await command(pilot, "inject 0x10000 4 --x at 50")
        app.query_one("#tabs").active = "tab-pages"
        await settle(pilot)
        pane = app.query_one(PageMapPane)
        lines = pane.plain.splitlines()
        assert lines[0].split() == ["start", "end", "perm", "size", "name"]
        text = lines[lines.index("▶  000000010000 000000011000 r-x@   4K .text") + 1]
        assert text == "   └ @ --x at step 50"
        data = lines[lines.index("   000000011000 000000012000 r--!   4K .data") + 1]
        assert data == "   └ ! r-- until the next access faults"  # then the fault gives rw- back
        assert "sp 7fffeff80000 7ffff0000000 rw-  512K [stack]" in lines
        assert not any("[loader stack]" in line for line in lines)  # linux: the process stack only
        assert len(lines) == 1 + 3 + 2
        await press(pilot, "s")
        assert pane.view is app.view and pane.rows == app.view.pages


# -------------------------------------------------------------- event filter
def test_event_filter_kinds_and_ranges():
    from ptodbg.debug.files.program import open_debugger
    from ptodbg.debug.view.records import MemEvent

    dbg = open_debugger(None)
    view: View = Viewer(dbg).capture()
    load = MemEvent("load", 0x11000, 8, 1)
    store = MemEvent("store", 0x12038, 8, 2)
    f = parse_event_filter(view, "store")
    assert not f(load) and f(store)
    f = parse_event_filter(view, "dst..dst+64")
    assert not f(load) and f(store)
    f = parse_event_filter(view, "load store 0x11004")
    assert f(load) and not f(store)
    assert parse_event_filter(view, "")(load)
    with pytest.raises(ValueError):
        parse_event_filter(view, "nosuchsymbol")
    with pytest.raises(ValueError, match="empty range"):
        parse_event_filter(view, "dst..src")
    assert isinstance(view.memory, MemoryImage)
