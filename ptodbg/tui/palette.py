"""Command-palette providers (ctrl+p): the debugger's commands, the program's symbols
(go to in the disassembly, break, follow in a memory view) and the themes.

Symbols are matched by substring first and only the best :data:`SYMBOL_HITS` are scored
by the fuzzy matcher, so a program with ~10,000 symbols stays quick to search.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Protocol

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.content import Content
from textual.fuzzy import Matcher

from ptodbg.debug.commands import Commands

if TYPE_CHECKING:
    from ptodbg.debug.view.capture import View
    from ptodbg.tui.main_screen import MainScreen

SYMBOL_HITS = 40
ACTION_WORDS = frozenset({"go", "to", "break", "follow", "in", "memory", "a", "b"})


class PtodbgApp(Protocol):
    """What the providers use of the app (:class:`ptodbg.tui.app.PtodbgApp`, which imports
    this module): its main screen, the current view, the command runner and the themes."""

    main: MainScreen
    view: View
    theme_names: list[str]

    def run_command(self, line: str) -> None: ...
    def use_theme(self, name: str) -> None: ...


def highlighted(matcher: Matcher, text: str) -> Content:
    """``text`` with the matched characters styled, read as plain text: a usage such as
    ``disassemble [/r|/s]`` holds brackets that Textual's markup would take for tags
    (``Matcher.highlight`` parses its candidate as markup)."""
    content = Content(text)
    score, offsets = matcher.fuzzy_search.match(matcher.query, text)
    if not score:
        return content
    for offset in offsets:
        if not text[offset].isspace():
            content = content.stylize(matcher.match_style, offset, offset + 1)
    return content


def _needs_arguments(usage: str) -> bool:
    """True when the usage has a required (upper-case, unbracketed) argument."""
    depth = 0
    for word in usage.split()[1:]:
        depth += word.count("[")
        if depth == 0 and any(c.isupper() for c in word):
            return True
        depth -= word.count("]")
    return False


class DebuggerCommands(Provider):
    """Every command of the command language: run it, or put it on the command line."""

    def _entries(self) -> list[tuple[str, str, str, bool]]:
        """(name, usage, help, needs arguments) of each command, once."""
        seen = set()
        out = []
        for spec in Commands.specs():
            if spec.name not in seen:
                seen.add(spec.name)
                usage = spec.usage + (f"  ({', '.join(spec.aliases)})" if spec.aliases else "")
                out.append((spec.name, usage, spec.help, _needs_arguments(spec.usage)))
        return out

    def _callback(self, name: str, needs: bool):
        app: PtodbgApp = self.app  # type: ignore[assignment]
        if needs:
            return partial(app.main.prefill_command, name + " ")
        return partial(app.run_command, name)

    async def discover(self) -> Hits:
        for name, usage, help_text, needs in self._entries():
            text = f"command: {usage}"
            yield DiscoveryHit(Content(text), self._callback(name, needs), text=text, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, usage, help_text, needs in self._entries():
            text = f"command: {usage}"
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, highlighted(matcher, text), self._callback(name, needs), text=text, help=help_text)


class SymbolCommands(Provider):
    """Symbols: go to (disassembly), break at, follow in memory view A or B."""

    def _actions(self, name: str):
        app: PtodbgApp = self.app  # type: ignore[assignment]
        return [
            (f"go to {name}", partial(app.main.jump_to, name), "show it in the disassembly"),
            (f"break {name}", partial(app.run_command, f"break {name}"), "set a breakpoint there"),
            (f"follow {name} in memory A", partial(app.main.follow, "a", name), "memory view A follows it"),
            (f"follow {name} in memory B", partial(app.main.follow, "b", name), "memory view B follows it"),
        ]

    async def search(self, query: str) -> Hits:
        app: PtodbgApp = self.app  # type: ignore[assignment]
        words = query.lower().split()
        needles = [w for w in words if w not in ACTION_WORDS] or words
        if not needles:
            return
        names = [n for n in app.view.symbols.by_name if all(w in n.lower() for w in needles)]
        first = needles[0]
        names.sort(key=lambda n: (not n.lower().startswith(first), len(n), n))
        matcher = self.matcher(query)
        for name in names[:SYMBOL_HITS]:
            for text, callback, help_text in self._actions(name):
                score = matcher.match(text)
                if score > 0:
                    yield Hit(score, matcher.highlight(text), callback, help=help_text)


class ThemeCommands(Provider):
    """The themes loaded from ``themes/``."""

    def _hits(self):
        app: PtodbgApp = self.app  # type: ignore[assignment]
        for name in app.theme_names:
            yield f"theme: {name}", partial(app.use_theme, name), "switch to this theme (kept in the session)"

    async def discover(self) -> Hits:
        for text, callback, help_text in self._hits():
            yield DiscoveryHit(text, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, callback, help_text in self._hits():
            score = matcher.match(text)
            if score > 0:
                yield Hit(score, matcher.highlight(text), callback, help=help_text)
