"""The TUI after the program has exited (issue 24 item 1; DESIGN.md §5), driven with Pilot:
the step keys and typed forward commands are refused with one message line (and one
console line each), the header keeps saying "exited" at the exit's step, and the
reverse keys and goto travel back from it, after which the forward keys run again up to
the exit.  hello_linux.s (linux profile) calls exit_group(0) at its 15th attempt."""

from __future__ import annotations

from tui.pilot_helpers import SIZE, command, message, pilot_test, press, program

from ptodbg.tui.app import open_app

REFUSED = "the program has exited with status 0"


def header(app) -> str:
    return app.query_one("#statusbar").plain


@pilot_test
async def test_forward_keys_and_commands_after_the_exit_are_refused_and_change_nothing():
    app = open_app(program("hello_linux.s"), profile="linux")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "c")
        assert app.view.status == "exited" and app.view.steps == 15
        assert "step 15 │ exited: exited with status 0" in header(app)
        output = app.view.output
        for key in ("s", "n", "c"):
            await press(pilot, key)
            assert app.message_error and REFUSED in message(app), (key, message(app))
            assert app.dbg.steps == 15 and app.view.steps == 15
            assert "step 15 │ exited: exited with status 0" in header(app), (key, header(app))
        for line in ("step 4", "until leave", "finish", "goto 40", "continue 9"):
            await command(pilot, line)
            assert app.message_error and REFUSED in message(app), (line, message(app))
            assert app.dbg.steps == 15 and "step 15 │ exited" in header(app), line
        await press(pilot, "f6")  # the Console tab
        console = [strip.text for strip in app.query_one("#console").lines]
        refusals = [line for line in console if REFUSED in line]
        assert len(refusals) == 8 and all(line.lstrip().startswith("error: ") for line in refusals), console
        assert app.view.output == output and not any("BUNDLE_TRAP" in line for line in console)


@pilot_test
async def test_reverse_keys_work_from_the_exit_and_forward_keys_again_up_to_it():
    app = open_app(program("hello_linux.s"), profile="linux")
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "c")
        await press(pilot, "S")  # reverse-step
        assert app.view.steps == 14 and app.view.status == "stopped" and not app.message_error
        await press(pilot, "s")
        assert app.view.steps == 15 and app.view.status == "exited" and not app.message_error
        await command(pilot, "goto 2")
        assert app.view.steps == 2 and "step 2 │ stopped" in header(app)
        await press(pilot, "c")
        assert app.view.steps == 15 and "step 15 │ exited" in header(app)
