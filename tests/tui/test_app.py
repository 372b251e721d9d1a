"""Pilot tests of the TUI: every key binding, the command line, the dialogs, the palette,
background runs with interrupt, key-repeat dropping, and the whole fault-injection
scenario driven through the UI.

The scenario restates CORE.md §3.6/§4.2 and PTO-AVS-SCALAR-DMA-PRECISE-001 in program form
(``tests/programs/dma_fault.s``): a DMA whose destination page is read-only traps with
DATA_PAGE_FAULT (35), TRAPARG0 = the destination, saved TPC = the DMA, nothing written and
no events; after the permission is restored and the context recovered, the DMA reissues
whole: 16 events, TPC + 4, destination equal to source."""

from __future__ import annotations

import asyncio

import pytest
from support.paths import PROGRAMS
from tui.pilot_helpers import SIZE, app_on, command, message, pilot_test, press, program, settle

from ptodbg.core.faults import DATA_PAGE_FAULT, SW_BREAKPOINT
from ptodbg.tui.app import PtodbgApp, open_app, run_tui
from ptodbg.tui.screens import AskScreen, FaultScreen, HelpScreen
from ptodbg.tui.widgets import DisasmView, EventList, HexView, RegistersPane, StatePane, TrapPane


def sym(app: PtodbgApp, name: str) -> int:
    return app.dbg.symbols.lookup(name)


def lines(widget, count: int | None = None) -> list[str]:
    n = count if count is not None else widget.size.height
    return [widget.render_line(y).text for y in range(n)]


# --------------------------------------------------------------- opening
@pilot_test
async def test_demo_opens_on_every_pane(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app = demo
        assert app.view.steps == 0 and app.view.pc == sym(app, "_start")
        assert app.focused is app.query_one(DisasmView)
        text = "\n".join(lines(app.query_one(DisasmView)))
        assert "_start:" in text and "copy:" in text and "dma [a0], a1" in text and "▶ 00010000" in text
        a, b = app.query_one("#mem-a", HexView), app.query_one("#mem-b", HexView)
        assert a.follow.text == "dma.src" and b.follow.text == "dma.dst"
        assert any(line.startswith("rw-  00011000  01 02 03") for line in lines(a))
        assert any(line.startswith("rw-  00012000  00 00") for line in lines(b))
        regs = app.query_one(RegistersPane).plain
        assert "sp   000000000000f000" in regs and "T#1 ·----" in regs and "U#4 ·----" in regs
        assert "TPC   0000000000010000 _start" in app.query_one(StatePane).plain
        assert "no trap pending" in app.query_one(TrapPane).plain
        assert "demo:" in message(app)
        assert app.theme == "dark" and app.dbg.settings["theme"] == "dark"


# ---------------------------------------------------------------- keys
@pilot_test
async def test_step_key_highlights_the_changed_register(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "s")
        app = demo
        assert app.dbg.steps == 1 and app.view.changed == frozenset({2})
        assert "*a0   0000000000011000" in app.query_one(RegistersPane).plain
        await press(pilot, "s", "s")  # the DMA
        state = app.view
        assert state.pc == sym(app, "copy") + 4 and len(state.events) == 16
        a, b = app.query_one("#mem-a", HexView), app.query_one("#mem-b", HexView)
        assert a.follow.address == sym(app, "src") and b.follow.address == sym(app, "dst")
        assert "DMA done" in a.title() and "DMA done" in b.title()
        assert lines(app.query_one("#events", EventList), 16)[8].startswith(" 9 store  00012000 8 0807060504030201")
        assert "DMA at copy: 16 events" in str(app.query_one("#events-title").render())


@pilot_test
async def test_next_key_steps_over_the_call(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "s", "s", "s")  # to the setret
        await press(pilot, "n")
        app = demo
        assert app.view.pc == sym(app, "back")
        assert app.dbg.machine.reg("a4") == 0x5A and app.dbg.machine.reg("a5") == 0xB4
        assert "returned to back" in message(app)


@pilot_test
async def test_continue_key_runs_to_the_ebreak_stop(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "c")
        app = demo
        assert app.dbg.last.status == "stopped" and "EBREAK 0" in app.dbg.last.message
        trap = app.view.trap
        assert trap is not None and trap.info.number == SW_BREAKPOINT
        pane = app.query_one(TrapPane).plain
        assert "TRAP 50 SW_BREAKPOINT" in pane and "EBREAK stop" in pane
        assert not app.busy


@pilot_test
async def test_reverse_step_key(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "s", "s", "s")
        await press(pilot, "S")
        app = demo
        assert app.dbg.steps == 2 and app.view.pc == sym(app, "copy")
        assert app.view.dma is not None and app.view.dma.when == "next"
        assert app.dbg.machine.mem.peek(sym(app, "dst"), 64) == bytes(64)  # the copy is undone
        assert "reversed to step 2" in message(app)


@pilot_test
async def test_reverse_continue_key_goes_back_to_the_breakpoint(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await command(pilot, "break overlap")
        await press(pilot, "c")
        app = demo
        assert app.dbg.last.status == "breakpoint"
        await press(pilot, "c")  # on to the end
        end = app.dbg.steps
        await press(pilot, "C")
        assert app.view.pc == sym(app, "overlap") and app.dbg.steps < end
        assert "reverse: breakpoint" in message(app)


@pilot_test
async def test_breakpoint_key_toggles_at_the_cursor(demo):
    async with demo.run_test(size=SIZE) as pilot:
        app = demo
        disasm = app.query_one(DisasmView)
        await press(pilot, "down", "down")
        assert disasm.cursor == sym(app, "copy")
        await press(pilot, "b")
        assert [b.address for b in app.dbg.breakpoints.values()] == [sym(app, "copy")]
        assert any(line.startswith("● ") and "dma [a0], a1" in line for line in lines(disasm))
        assert "breakpoint 1 at 0x10008 (copy)" in message(app)
        await press(pilot, "b")
        assert app.dbg.breakpoints == {}
        assert not any(line.startswith("●") for line in lines(disasm))


@pilot_test
async def test_recover_key_without_a_trap_is_a_clear_error(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "r")
        assert demo.message_error and message(demo).startswith("recover: cannot recover")


@pilot_test
async def test_goto_key_travels_to_a_step(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "g")
        assert isinstance(demo.screen, AskScreen)
        demo.screen.query_one("#ask-input").value = "3"
        await press(pilot, "enter")
        assert demo.dbg.steps == 3 and demo.view.pc == sym(demo, "copy") + 4
        await press(pilot, "g", "escape")
        assert demo.dbg.steps == 3 and not isinstance(demo.screen, AskScreen)


@pilot_test
async def test_diff_key_switches_to_cumulative_changes(demo):
    async with demo.run_test(size=SIZE) as pilot:
        app = demo
        await press(pilot, "d")
        regs = app.query_one(RegistersPane)
        assert regs.cumulative_from == 0 and "since step 0" in regs.border_subtitle
        await press(pilot, "s", "s")
        assert app.view.changed == frozenset({3}) and app.view.cumulative == frozenset({2, 3})
        assert "*a0" in regs.plain and "*a1" in regs.plain
        await press(pilot, "d")
        assert regs.cumulative_from is None and "last stop" in regs.border_subtitle
        assert "*a0" not in regs.plain and "*a1" in regs.plain


@pilot_test
async def test_help_key_lists_every_binding(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await press(pilot, "f1")
        screen = demo.screen
        assert isinstance(screen, HelpScreen)
        listed = {key for key, _ in screen.keys}
        for binding in PtodbgApp.BINDINGS:
            assert (binding.key_display or binding.key) in listed or binding.key.upper() in listed
            assert binding.action in PtodbgApp.LONG_HELP
        assert {"ctrl+p", "ctrl+q"} <= listed
        await press(pilot, "escape")
        assert not isinstance(demo.screen, HelpScreen)


@pilot_test
async def test_footer_shows_the_control_keys(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await settle(pilot)
        shown = {b.binding.key for b in demo.active_bindings.values() if b.binding.show}
        assert {"f1", "s", "n", "c", "S", "C", "b", "f", "r", "g", "d", "colon"} <= shown
        footer = str(demo.query_one("#footer").render())
        for words in ("F1 Help", "s Step", "n Next", "c Cont", "S RevStep", "C RevCont", "b Break",
                      "f Fault", "r Recover", "g Goto", "d Diff", ": Cmd", "^p palette"):
            assert words in footer
        await pilot.press("colon")  # in the command line the letters type: the footer says so
        footer = str(demo.query_one("#footer").render())
        assert "s Step" not in footer and "escape leave the input" in footer and "F1 Help" in footer
        await pilot.press("escape")
        await pilot.pause()
        assert "s Step" in str(demo.query_one("#footer").render())


# ----------------------------------------------------------- command line
@pilot_test
async def test_command_line_valid_and_invalid_commands(demo):
    async with demo.run_test(size=SIZE) as pilot:
        app = demo
        await command(pilot, "x src 16")
        assert message(app) == "0x11000: 0102030405060708090a0b0c0d0e0f10" and not app.message_error
        await command(pilot, "frobnicate 1")
        assert app.message_error and "unknown command 'frobnicate'" in message(app)
        await command(pilot, "break nosuchsymbol")
        assert app.message_error and message(app).startswith("break: ")
        await command(pilot, "step 0")
        assert app.message_error and "at least 1" in message(app)
        await command(pilot, "set a2 0x1234")
        assert app.dbg.machine.reg("a2") == 0x1234 and 4 in app.view.changed
        await command(pilot, "help")
        assert "Console tab" in message(app)
        assert app.query_one("#tabs").active == "tab-console"
        await command(pilot, "until overlap")  # a background command from the command line
        assert app.view.pc == sym(app, "overlap") and "reached overlap" in message(app)


@pilot_test
async def test_engine_errors_never_reach_the_user_as_tracebacks(demo, monkeypatch):
    async with demo.run_test(size=SIZE) as pilot:
        def broken(count=1):
            raise RuntimeError("engine bug")

        monkeypatch.setattr(demo.dbg, "step", broken)
        await press(pilot, "s")
        assert demo.message_error and message(demo) == "internal error: RuntimeError: engine bug"
        await command(pilot, "step 1000")  # the worker path
        assert demo.message_error and "internal error" in message(demo) and not demo.busy


@pilot_test
async def test_command_history_recalls_lines(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await command(pilot, "print 1+2")
        await command(pilot, "print sp")
        await pilot.press("colon", "up")
        assert demo.query_one("#command").value == "print sp"
        await pilot.press("up")
        assert demo.query_one("#command").value == "print 1+2"
        await pilot.press("down", "down")
        assert demo.query_one("#command").value == ""


# --------------------------------------------------------------- background
LOOP = """    .text
    .globl _start
_start:
    addi a0, 1, ->a0
    j _start
"""


@pilot_test
async def test_long_runs_go_to_a_worker_and_can_be_interrupted(tmp_path):
    app = app_on(tmp_path, "loop.s", LOOP)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("c")
        for _ in range(200):
            await asyncio.sleep(0.02)
            if app.dbg.machine.steps > 50_000:
                break
        assert app.busy
        await pilot.pause(0.15)
        assert app.query_one("#statusbar").running is not None  # the live counter
        await pilot.press("s")  # the UI answers while the run goes on
        assert app.message_error and "continue is running" in message(app)
        await pilot.press("ctrl+c")
        await settle(pilot)
        assert not app.busy and app.dbg.last.message == "interrupted"
        assert app.view.steps > 50_000 and app.dbg.machine.reg("a0") == app.view.steps // 2


@pilot_test
async def test_every_press_of_a_burst_is_a_step(demo):
    """Six presses posted at once (a burst, or a held key's repeats): none is dropped; the
    ones that came while the first step was painting ran as one folded step command."""
    async with demo.run_test(size=SIZE) as pilot:
        await settle(pilot)
        from textual import events

        for _ in range(6):
            demo._driver.send_message(events.Key("s", "s"))
        for _ in range(100):
            await pilot.pause(0.02)
            if demo.dbg.steps == 6 and not demo.in_flight:
                break
        assert demo.dbg.steps == 6 and demo.dropped == 0 and not demo.in_flight
        assert demo.view.steps == 6
        assert demo.last_result.command.startswith("step ")  # the folded presses ran as one "step N"


@pilot_test
async def test_fault_injection_scenario_through_the_ui():
    app = open_app(program("dma_fault.s"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        src, dst, copy = sym(app, "src"), sym(app, "dst"), sym(app, "copy")
        mem = app.dbg.machine.mem
        await press(pilot, "f")
        dialog = app.screen
        assert isinstance(dialog, FaultScreen)
        assert dialog.query_one("#fault-address").value == "dst"
        dialog.query_one("#fault-perms").value = "r--"
        await pilot.click("#fault-ok")
        await settle(pilot)
        assert not isinstance(app.screen, FaultScreen)
        assert mem.perms_at(dst) == 4  # r--
        assert any(line.startswith("r--* 00012000") for line in lines(app.query_one("#mem-b", HexView)))

        await press(pilot, "c")  # run to the DMA: it traps
        state = app.view
        t = state.trap.info
        assert (t.number, t.name, t.arg0, t.saved_tpc) == (DATA_PAGE_FAULT, "DATA_PAGE_FAULT", dst, copy)
        pane = app.query_one(TrapPane).plain
        assert "TRAP 35 DATA_PAGE_FAULT" in pane and f"TRAPARG0  {dst:#x} (data address) dst" in pane
        assert "saved TPC 0x10008 copy" in pane and "restore the page permission" in pane
        assert app.query_one("#trap").has_class("-trapped")
        assert state.events == () and "faulted before any access" in app.query_one("#events").empty
        assert mem.peek(dst, 64) == bytes(64)
        assert any("✗ 00010008  dma [a0], a1" in line for line in lines(app.query_one(DisasmView)))
        assert app.query_one("#mem-b", HexView).title().endswith("(DMA faulted)")

        await command(pilot, "perms dst 64 rw-")
        assert "recover (r), then step" in app.query_one(TrapPane).plain
        await press(pilot, "r")
        assert app.view.pc == copy and app.view.trap.recovered
        assert "recovered: TPC is back at copy" in app.query_one(TrapPane).plain
        await press(pilot, "s")
        state = app.view
        assert [e.kind for e in state.events] == ["load"] * 8 + ["store"] * 8
        assert [e.address for e in state.events] == [src + 8 * k for k in range(8)] + [dst + 8 * k for k in range(8)]
        assert state.pc == copy + 4
        assert mem.peek(dst, 64) == mem.peek(src, 64)
        pane = app.query_one(TrapPane).plain
        assert "re-executed in full" in pane and "16 events (8 loads, 8 stores)" in pane
        assert "destination 0x12000 equals source 0x11000" in pane
        assert len(app.query_one("#history", EventList).items) == 16


@pilot_test
async def test_fault_dialog_once_and_errors(demo):
    async with demo.run_test(size=SIZE) as pilot:
        app = demo
        await press(pilot, "f")
        dialog = app.screen
        dialog.query_one("#fault-address").value = "nosuch"
        await pilot.click("#fault-ok")
        await settle(pilot)
        assert isinstance(app.screen, FaultScreen)  # reopened with the engine's error
        assert "nosuch" in str(app.screen.query_one("#fault-error").render())
        app.screen.query_one("#fault-address").value = "dst"
        await pilot.click("#mode-once")
        await pilot.click("#fault-ok")
        await settle(pilot)
        assert not isinstance(app.screen, FaultScreen)
        assert (sym(app, "dst") >> 12) in app.dbg.machine.mem.once
        assert any(line.startswith("r--! 00012000") for line in lines(app.query_one("#mem-b", HexView)))
        await press(pilot, "c")
        assert app.view.trap.info.number == DATA_PAGE_FAULT
        assert "the page 0x12000 is rw- now" in app.view.trap.hint  # once: restored by the fault
        await press(pilot, "f", "escape")
        assert "cancelled" in message(app)


@pilot_test
async def test_fault_dialog_at_step(demo):
    async with demo.run_test(size=SIZE) as pilot:
        app = demo
        await press(pilot, "f")
        app.screen.query_one("#fault-address").value = "dst"
        await pilot.click("#mode-at")
        app.screen.query_one("#fault-at").value = "2"
        await pilot.click("#fault-ok")
        await settle(pilot)
        assert "scheduled at step 2" in message(app)
        assert any(line.startswith("rw-@ 00012000") for line in lines(app.query_one("#mem-b", HexView)))
        await press(pilot, "c")
        assert app.view.trap.info.number == DATA_PAGE_FAULT and app.dbg.steps == 3


# -------------------------------------------------------- views and events
@pilot_test
async def test_follow_expressions(demo):
    async with demo.run_test(size=SIZE) as pilot:
        app = demo
        box = app.query_one("#follow-a")
        box.focus()
        box.value = "sp-16"
        await press(pilot, "enter")
        view = app.query_one("#mem-a", HexView)
        assert view.follow.address == 0xF000 - 16 and view.anchor == 0xEFF0
        assert app.dbg.settings["views"][0] == {"name": "a", "follow": "sp-16"}
        assert any(line.startswith("rw-  0000eff0") for line in lines(view))
        box.focus()
        box.value = "nosuch+1"
        await press(pilot, "enter")
        assert app.message_error and view.follow.error and "nosuch+1" in view.title()


@pilot_test
async def test_selecting_an_event_highlights_its_bytes(demo):
    async with demo.run_test(size=SIZE) as pilot:
        app = demo
        await press(pilot, "s", "s", "s")
        events = app.query_one("#events", EventList)
        events.focus()
        await settle(pilot)
        a, b = app.query_one("#mem-a", HexView), app.query_one("#mem-b", HexView)
        src, dst = sym(app, "src"), sym(app, "dst")
        assert a.selected == (src, src + 8)
        await press(pilot, "down")
        assert a.selected == (src + 8, src + 16) and "event 2" in message(app)
        await press(pilot, "end")  # event 16: the last store
        assert b.selected == (dst + 56, dst + 64)
        low, high = b.visible_range()
        assert low <= dst + 56 and dst + 64 <= high


@pilot_test
async def test_history_filter(demo):
    async with demo.run_test(size=SIZE) as pilot:
        app = demo
        await command(pilot, "until done")  # both DMAs; the history keeps the stop's events
        await command(pilot, "reverse-step 2")
        await command(pilot, "step")  # the overlapping DMA again
        history = app.query_one("#history", EventList)
        assert len(history.items) == 16
        app.query_one("#history-filter").focus()
        app.query_one("#history-filter").value = "store"
        await press(pilot, "enter")
        assert [r.event.kind for r in history.items] == ["store"] * 8
        app.query_one("#history-filter").focus()
        app.query_one("#history-filter").value = "buf..buf+8"
        await press(pilot, "enter")
        assert [r.event.address for r in history.items] == [sym(app, "buf")]
        app.query_one("#history-filter").focus()
        app.query_one("#history-filter").value = "nosuch"
        await press(pilot, "enter")
        assert app.message_error and message(app).startswith("filter:")


# ------------------------------------------------------- palette, themes
async def palette(pilot, text: str) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*text)
    for _ in range(20):
        await pilot.pause(0.05)
    await pilot.press("enter")
    await settle(pilot)


@pilot_test
async def test_palette_switches_themes_and_remembers_them(demo):
    async with demo.run_test(size=SIZE) as pilot:
        await palette(pilot, "theme: light")
        assert demo.theme == "light" and demo.dbg.settings["theme"] == "light"
        await palette(pilot, "theme: high-contrast")
        assert demo.theme == "high-contrast"


@pilot_test
async def test_palette_symbols_and_commands(demo):
    async with demo.run_test(size=SIZE) as pilot:
        app = demo
        await palette(pilot, "follow fill in memory A")
        assert app.query_one("#mem-a", HexView).follow.text == "fill"
        await palette(pilot, "break overlap")
        assert [b.address for b in app.dbg.breakpoints.values()] == [sym(app, "overlap")]
        await palette(pilot, "go to fill")
        assert app.query_one(DisasmView).cursor == sym(app, "fill")
        await palette(pilot, "command: stepi")
        assert app.dbg.steps == 1
        await palette(pilot, "command: x ADDR")
        assert app.focused is app.query_one("#command") and app.query_one("#command").value == "x "


@pilot_test
async def test_session_keeps_theme_and_views(tmp_path):
    app = open_app(None, theme="light")
    path = tmp_path / "demo-session.toml"
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.main.follow("a", "buf")
        await command(pilot, "break copy")
        await press(pilot, "s", "s")
        await command(pilot, f"save {path}")
        assert "saved session" in message(app)
    text = path.read_text()
    assert 'theme = "light"' in text and 'follow = "buf"' in text
    again = open_app(session=str(path))
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert again.theme == "light" and again.dbg.steps == 2
        assert again.query_one("#mem-a", HexView).follow.text == "buf"
        assert again.query_one("#follow-a").value == "buf"
        assert "loaded demo-session.toml" in message(again)


def test_run_tui_reports_a_bad_program_in_one_line(tmp_path, capsys):
    assert run_tui(str(tmp_path / "missing.s")) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("ptodbg: error: ") and "no such file" in err


@pytest.mark.parametrize("name", ["dma_overlap_backward.s", "queues.s", "lr_sc_dma.s", "call_blocks.s"])
@pilot_test
async def test_test_programs_run_to_their_end_in_the_tui(name):
    app = open_app(program(name))
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "c")
        assert app.dbg.last.status in ("stopped", "exited") and not app.message_error
        assert app.view.steps > 0


@pytest.mark.skipif(not (PROGRAMS / "01_containers.static").exists(), reason="shared programs not present")
@pilot_test
async def test_a_big_linxisa_program_opens_and_steps():
    """01_containers.static (LinxISA v0.4 code, 9,844 symbols) in its compatibility mode:
    the disassembly shows its symbols, a legacy call header the formatter cannot spell
    still shows as a row, and stepping works."""
    app = open_app(str(PROGRAMS / "01_containers.static"), compat="linx-v0.4")
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        disasm = app.query_one(DisasmView)
        text = "\n".join(lines(disasm))
        assert "_start:" in text or ":" in text
        assert len(app.dbg.symbols.by_name) > 8000
        await press(pilot, "s", "s", "s")
        assert app.dbg.steps == 3 and not app.message_error


@pilot_test
async def test_example_session_views_go_to_the_memory_views_in_order():
    """sessions/dma-fault-injection.toml names its views "source" and "destination": the
    first follows in memory A, the second in memory B, and saving keeps the names."""
    from support.paths import ROOT

    app = open_app(session=str(ROOT / "sessions" / "dma-fault-injection.toml"))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.query_one("#mem-a", HexView).follow.text == "dma.src"
        assert app.query_one("#mem-b", HexView).follow.text == "dma.dst"
        app.main.follow("b", "sp+16")
        assert app.dbg.settings["views"] == [{"name": "source", "follow": "dma.src"},
                                             {"name": "destination", "follow": "sp+16"}]


@pilot_test
async def test_a_single_session_view_goes_to_memory_a(tmp_path):
    from ptodbg.debug.files import session
    from ptodbg.debug.files.program import open_debugger

    dbg = open_debugger(None)
    dbg.settings.update(theme="light", views=[{"name": "stack", "follow": "sp"}])
    path = session.save(dbg, tmp_path / "one-view")
    app = open_app(session=str(path))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.query_one("#mem-a", HexView).follow.text == "sp" and app.theme == "light"
        assert app.query_one("#mem-b", HexView).follow.text == "dma.dst"
