"""Modal screens: key help (F1), the fault-injection dialog and goto-step."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.table import Table
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, RadioButton, RadioSet, Static

from ptodbg.debug.commands import Commands

if TYPE_CHECKING:
    from ptodbg.debug.view.capture import View


class HelpScreen(ModalScreen[None]):
    """Every key of the app and every command of the command language."""

    BINDINGS = [Binding("escape,f1,q", "dismiss", "Close")]

    def __init__(self, keys: list[tuple[str, str]]) -> None:
        super().__init__()
        self.keys = keys

    def compose(self) -> ComposeResult:
        keys = Table(box=None, show_header=True, header_style="bold", expand=True)
        keys.add_column("key", no_wrap=True)
        keys.add_column("does")
        for key, what in self.keys:
            keys.add_row(key, what)
        commands = Table(box=None, show_header=True, header_style="bold", expand=True)
        commands.add_column("command", no_wrap=True)
        commands.add_column("does")
        for spec in Commands.specs():  # plain text: usages hold brackets ([N], x/FMT)
            commands.add_row(Text(spec.usage), Text(spec.help))
        legend = Text.from_markup(
            "Memory views: [b]rwx[/b] page permissions, [b]![/b] once-only injection pending, "
            "[b]*[/b] permissions changed by the user, [b]@[/b] injection scheduled; "
            "backgrounds mark the DMA source, destination and their overlap; bold bytes were "
            "written by the last step; the selected event's bytes are highlighted.\n"
            "Follow: dma.src, dma.dst, a symbol, an address or an expression such as sp+16.\n"
            "Event filter: load, store, atomic, fence, A..B, or an address expression."
        )
        with VerticalScroll(id="help-body"):
            yield Label("ptodbg keys", classes="help-title")
            yield Static(keys)
            yield Label("Commands (type them after :)", classes="help-title")
            yield Static(commands)
            yield Label("Reading the screen", classes="help-title")
            yield Static(legend)
            yield Label("escape closes this help", classes="help-foot")

    def on_mount(self) -> None:
        """The body has the focus from the start: pgdn, down and end scroll it at once (at
        80x24 only ten keys fit on the first page)."""
        self.query_one("#help-body").focus()

    async def action_dismiss(self, result: None = None) -> None:
        self.dismiss(None)


@dataclass(frozen=True)
class Injection:
    """What the fault dialog asks for: ``mode`` is "now", "at" (step ``at``) or "once"."""

    address: str
    length: str
    perms: str
    mode: str
    at: str = ""

    def command(self) -> str:
        line = f"inject {self.address} {self.length} {self.perms}"
        if self.mode == "at":
            line += f" at {self.at}"
        elif self.mode == "once":
            line += " once"
        return line


class FaultScreen(ModalScreen[Injection | None]):
    """Inject a page-permission change: address, length, perms; now, at a step, or once.

    The dialog returns an :class:`Injection`; :meth:`ask` (the dialog's glue) runs it as an
    ``inject`` command and, when the engine rejects it, reopens the dialog with what was
    typed and the error shown."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, address: str, length: str = "64", perms: str = "r--", mode: str = "now",
                 at: str = "", error: str = "") -> None:
        super().__init__()
        self.defaults = Injection(address, length, perms, mode, at)
        self.error = error

    @staticmethod
    def proposal(view: View, memory_b: int | None) -> str:
        """The address the dialog proposes: the destination of the DMA at this stop, else
        the ``dst`` symbol, else where memory view B points (``memory_b``; None: nothing)."""
        if view.dma is not None:
            return f"{view.dma.dst:#x}"
        if view.symbols.lookup("dst") is not None:
            return "dst"
        return f"{memory_b:#x}" if memory_b is not None else ""

    @classmethod
    def ask(cls, app: App, address: str, inject: Callable[[str], str | None], say: Callable[[str], None]) -> None:
        """Open the dialog on ``address``; ``inject`` runs the ``inject`` command line it
        gives and returns the engine's error (None: done).  An error reopens the dialog
        with the same fields and the error; escape ends with ``say``-ing it was cancelled."""
        def open_dialog(dialog: FaultScreen) -> None:
            def done(result: Injection | None) -> None:
                if result is None:
                    say("fault injection cancelled")
                    return
                error = inject(result.command())
                if error is not None:
                    open_dialog(cls(result.address, result.length, result.perms, result.mode, result.at, error=error))

            app.push_screen(dialog, done)

        open_dialog(cls(address))

    def compose(self) -> ComposeResult:
        d = self.defaults
        with Vertical(id="fault-dialog"):
            yield Label("Inject a page-permission fault", classes="dialog-title")
            yield Static("Permissions belong to whole 4 KiB pages: every page the range touches changes. "
                         "A DMA whose destination page is not writable traps with DATA_PAGE_FAULT (35) "
                         "before it reads or writes anything; restore the page and recover to see it "
                         "reissue whole.", classes="dialog-help")
            yield Label("Address (symbol, address or expression)")
            yield Input(d.address, id="fault-address", compact=True)
            with Horizontal(classes="dialog-row"):
                with Vertical():
                    yield Label("Length (bytes)")
                    yield Input(d.length, id="fault-length", compact=True)
                with Vertical():
                    yield Label("Permissions (r, w, x or -)")
                    yield Input(d.perms, id="fault-perms", compact=True)
            with RadioSet(id="fault-mode"):
                yield RadioButton("now", value=d.mode == "now", id="mode-now")
                yield RadioButton("at step", value=d.mode == "at", id="mode-at")
                yield RadioButton("once (the next access faults, then the page is restored)",
                                  value=d.mode == "once", id="mode-once")
            yield Label("Step (for 'at step')")
            yield Input(d.at, id="fault-at", placeholder="e.g. 3", compact=True)
            yield Static(self.error, id="fault-error")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Inject", variant="primary", id="fault-ok")
                yield Button("Cancel", id="fault-cancel")

    def on_mount(self) -> None:
        self.query_one("#fault-address", Input).focus()

    def _mode(self) -> str:
        pressed = self.query_one("#fault-mode", RadioSet).pressed_button
        if pressed is None:
            return "now"
        return {"mode-now": "now", "mode-at": "at", "mode-once": "once"}[pressed.id or "mode-now"]

    def _result(self) -> Injection:
        return Injection(
            self.query_one("#fault-address", Input).value.strip(),
            self.query_one("#fault-length", Input).value.strip(),
            self.query_one("#fault-perms", Input).value.strip(),
            self._mode(),
            self.query_one("#fault-at", Input).value.strip(),
        )

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "fault-ok":
            self.submit()
        else:
            self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.submit()

    def submit(self) -> None:
        result = self._result()
        problem = None
        if not result.address or not result.length or not result.perms:
            problem = "address, length and permissions are all needed"
        elif result.mode == "at" and not result.at:
            problem = "'at step' needs a step number"
        if problem:
            self.query_one("#fault-error", Static).update(problem)
            return
        self.dismiss(result)

    def action_cancel(self) -> None:
        self.dismiss(None)


class AskScreen(ModalScreen[str | None]):
    """One line of input (goto STEP, follow EXPR): returns the text or None."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, title: str, value: str = "", placeholder: str = "") -> None:
        super().__init__()
        self.title_text = title
        self.value = value
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical(id="ask-dialog"):
            yield Label(self.title_text, classes="dialog-title")
            yield Input(self.value, placeholder=self.placeholder, id="ask-input")
            yield Label("enter accepts, escape cancels", classes="help-foot")

    def on_mount(self) -> None:
        self.query_one("#ask-input", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)
