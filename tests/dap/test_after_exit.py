"""The DAP server at the end of a program (issue 24 item 1; DESIGN.md §5, §9), over real
pipes: a program that exits is reported once, as ``exited`` (its status) and
``terminated``, never as a stop or a trap; later step and continue requests answer an
error that says the program has exited, and change nothing.

walk.s exits with status 3 (the counter its three calls bumped); hello_linux.s with 0 at
its 15th attempt.  A session saved at the step of the exit starts a program that is not
being run: configurationDone answers with ``exited`` + ``terminated`` at once (before the
fix it reported an entry stop there, and continue executed a phantom attempt)."""

from __future__ import annotations

import time

import pytest
from dap.dap_client import Client
from support.cli import cli
from support.paths import TEST_PROGRAMS

WALK = TEST_PROGRAMS.parent / "dap" / "programs" / "walk.s"

FORWARD = ("continue", "next", "stepIn", "stepOut")


@pytest.fixture
def client():
    c = Client.pipes()
    yield c
    c.close()


def settled_events(c: Client) -> list[dict]:
    """Every event so far but output, once the server has had time to send late ones."""
    time.sleep(0.5)
    c.ok("threads")  # the request loop answered: what it sent before is in
    return [e for e in c.seen_events if e["event"] != "output"]


def test_an_exit_is_reported_once_and_forward_requests_after_it_are_refused(client):
    client.start(WALK, profile="linux")
    client.ok("configurationDone")
    assert client.stopped()["reason"] == "entry"
    client.ok("continue", {"threadId": 1})
    assert client.event("exited")["body"] == {"exitCode": 3}
    client.event("terminated")
    for command in FORWARD:
        r = client.request(command, {"threadId": 1})
        assert not r["success"] and r["message"] == f"{command}: the program has exited with status 3", r
    events = [e["event"] for e in settled_events(client)]
    assert events == ["initialized", "stopped", "exited", "terminated"], events


def test_a_session_saved_at_the_exit_starts_a_program_that_is_not_being_run(client, tmp_path):
    session = tmp_path / "at-exit.toml"
    saved = cli("batch", TEST_PROGRAMS / "hello_linux.s", "--profile", "linux", "-c", f"continue; save {session}")
    assert [line["ok"] for line in saved.lines] == [True, True]
    assert saved.lines[0]["state"]["steps"] == 15 and saved.lines[0]["state"]["exit_code"] == 0
    client.start(TEST_PROGRAMS / "hello_linux.s", profile="linux", session=str(session))
    client.ok("configurationDone")
    assert client.event("exited")["body"] == {"exitCode": 0}
    client.event("terminated")
    for command in FORWARD:
        r = client.request(command, {"threadId": 1})
        assert not r["success"] and "the program has exited with status 0" in r["message"], r
    repl = client.repl("step")
    assert not repl["success"] and "BUNDLE_TRAP" not in repl.get("message", "")
    events = [e["event"] for e in settled_events(client)]
    assert events == ["initialized", "exited", "terminated"], events
