"""``ptodbg serve`` in a real browser: headless Chromium (Debian's, the one .ci/run
installs) driven by Playwright loads the page, the TUI renders in it, a key press steps
the program and the page shows the new step; every page has a debugger process of its
own, which ends when its page closes or when the server stops.

Why Playwright: it is Microsoft's maintained driver with a Python package; pointed at
/usr/bin/chromium (``executable_path``) it downloads no browser, and it waits for
conditions (``wait_for_function``) instead of sleeping.  The page draws the terminal on a
canvas (xterm.js with its WebGL/canvas renderer), so its text is read from the terminal
the page keeps: an init script notes the xterm.js instance textual-serve's page makes,
and the test reads the rows of its buffer, what the canvas shows.

Skipped, with the reason, only where no Chromium or no Playwright can be had.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("textual_serve", reason="ptodbg serve needs the web extra: pip install -e '.[web]'")
playwright = pytest.importorskip("playwright.sync_api", reason="the browser test needs playwright (the test extra)")

HERE = Path(__file__).resolve().parent
WALK = HERE.parent / "dap" / "programs" / "walk.s"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync"]
# Keep the xterm.js Terminal the page makes (``this.terminal = new Terminal(...)``): a
# setter on Object.prototype sees that assignment, notes the terminal and makes the
# property an ordinary one again.
CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, 'terminal', {
  configurable: true,
  set(value) {
    window.__ptodbgTerminal = value;
    Object.defineProperty(this, 'terminal', {value, writable: true, configurable: true, enumerable: true});
  },
});
window.__ptodbgScreen = () => {
  const t = window.__ptodbgTerminal;
  if (!t) return '';
  const b = t.buffer.active, rows = [];
  for (let i = 0; i < t.rows; i++) { const line = b.getLine(b.viewportY + i); rows.push(line ? line.translateToString(true) : ''); }
  return rows.join('\\n');
};
"""
TIMEOUT_MS = 30_000


def children(pid: int) -> list[int]:
    """Running processes whose parent is ``pid`` (from /proc; an exited child that its
    parent has not collected yet is not running)."""
    out = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        state, parent = stat.rsplit(")", 1)[1].split()[:2]
        if int(parent) == pid and state != "Z":
            out.append(int(entry))
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_until(condition, seconds: float = 15.0, what: str = "condition") -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out after {seconds} s waiting for {what}")


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip("no Chromium here: install Debian's package (apt-get install -y chromium; .ci/run does)")
    with playwright.sync_playwright() as p:
        try:
            b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        except playwright.Error as e:
            pytest.skip(f"Chromium at {CHROMIUM} does not start: {str(e).splitlines()[0]}")
        yield b
        b.close()


def start_server(*args: str) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([sys.executable, "-m", "ptodbg.cli", "serve", *args, "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    m = re.search(r"on (http://127\.0\.0\.1:\d+) ", line)
    if m is None:
        proc.kill()
        raise AssertionError(f"no address announced: {line!r} {proc.stderr.read()}")
    return proc, m.group(1)


def stop_server(server: subprocess.Popen, extra: tuple[int, ...] = ()) -> None:
    """End a server the test started, and any debugger of it still running (a failed
    test must leave no process behind)."""
    left = set(children(server.pid)) | set(extra)
    if server.poll() is None:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    for pid in left:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)
    server.stdout.close()
    server.stderr.close()


def open_page(browser, url: str):
    page = browser.new_context(viewport={"width": 1400, "height": 900}).new_page()
    page.add_init_script(CATCH_TERMINAL)
    page.goto(url)
    return page


def screen(page) -> str:
    return page.evaluate("window.__ptodbgScreen()")


def wait_for_text(page, pattern: str) -> str:
    page.wait_for_function(f"() => /{pattern}/.test(window.__ptodbgScreen())", timeout=TIMEOUT_MS)
    return screen(page)


def test_the_tui_in_a_browser_steps_and_each_page_has_its_own_debugger(browser):
    server, url = start_server(str(WALK), "--profile", "linux")
    try:
        first = open_page(browser, url)
        shown = wait_for_text(first, r"│ step 0 │")
        assert "walk.s" in shown and "_start" in shown  # the TUI rendered, on this program
        wait_until(lambda: len(children(server.pid)) == 1, what="the first page's debugger")
        (first_pid,) = children(server.pid)
        assert "tui" in Path(f"/proc/{first_pid}/cmdline").read_text()
        first.locator(".textual-terminal").click()
        first.keyboard.press("s")  # the TUI's step key
        assert "│ step 1 │" in wait_for_text(first, r"│ step 1 │")

        second = open_page(browser, url)  # another browser session: another debugger, at step 0
        wait_for_text(second, r"│ step 0 │")
        wait_until(lambda: len(children(server.pid)) == 2, what="the second page's debugger")
        second_pid = next(pid for pid in children(server.pid) if pid != first_pid)
        assert "│ step 1 │" in screen(first)

        first.context.close()  # the page goes: its debugger ends, the other one stays
        wait_until(lambda: not alive(first_pid), what="the closed page's debugger to exit")
        assert alive(second_pid) and children(server.pid) == [second_pid]

        server.send_signal(signal.SIGTERM)  # the server stops: no debugger outlives it
        assert server.wait(timeout=20) == 0
        wait_until(lambda: not alive(second_pid), what="the last debugger to exit with the server")
    finally:
        stop_server(server)


def test_pages_of_other_hosts_and_origins_are_refused(browser):
    """DNS rebinding and cross-origin websockets cannot reach a loopback debugger."""
    import urllib.error
    import urllib.request

    server, url = start_server()
    try:
        request = urllib.request.Request(url + "/", headers={"Host": "attacker.example"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=10)
        assert refused.value.code == 403
        page = browser.new_context().new_page()
        page.goto("data:text/html,<p>elsewhere</p>")
        opened = page.evaluate("""(ws) => new Promise((done) => {
            const s = new WebSocket(ws); s.onopen = () => done('open'); s.onerror = () => done('refused'); })""",
                               url.replace("http:", "ws:") + "/ws")
        assert opened == "refused" and children(server.pid) == []
        page.context.close()
    finally:
        stop_server(server)


def test_a_killed_servers_debuggers_exit(browser):
    """A server killed outright (SIGKILL) cannot ask its sessions to quit: each debugger
    notices that its parent and its input are gone and exits by itself (the TUI's
    lifetime watch, ptodbg.tui.lifetime)."""
    server, url = start_server(str(WALK), "--profile", "linux")
    pid = None
    try:
        page = open_page(browser, url)
        wait_for_text(page, r"│ step 0 │")
        (pid,) = children(server.pid)
        server.kill()
        server.wait()
        wait_until(lambda: not alive(pid), seconds=10, what="the orphaned debugger to exit")
    finally:
        stop_server(server, (pid,) if pid is not None else ())
