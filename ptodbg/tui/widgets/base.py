"""Shared pieces of the Line-API panes: cached styles, a segment line builder, and
partial repaints.

Textual re-renders only the lines of a widget that are marked dirty.  The panes here
build each visible line as a :class:`~textual.strip.Strip`, compare it with the one on
screen and refresh just the lines that differ, so a step that changes two registers
repaints two lines, not the whole pane (DESIGN.md §8).
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


class StyleCache:
    """Mixin for widgets: component styles and the base style, cached until the CSS
    (the theme, a pseudo-class) changes."""

    COMPONENT_PREFIX = ""

    def _style_cache(self) -> dict:
        cache = self.__dict__.get("_pd_styles")
        if cache is None:
            cache = self.__dict__["_pd_styles"] = {}
        return cache

    def comp(self, name: str) -> Style:
        """The partial style of component ``<prefix>--<name>``."""
        cache = self._style_cache()
        style = cache.get(name)
        if style is None:
            style = self.get_component_rich_style(f"{self.COMPONENT_PREFIX}--{name}", partial=True)  # type: ignore[attr-defined]
            cache[name] = style
        return style

    def on_base(self, *names: str) -> Style:
        """The base style with components layered on it (cached)."""
        cache = self._style_cache()
        key = ("+",) + names
        style = cache.get(key)
        if style is None:
            style = self.base_style
            for name in names:
                if name:
                    style = style + self.comp(name)
            cache[key] = style
        return style

    @property
    def base_style(self) -> Style:
        cache = self._style_cache()
        style = cache.get("__base__")
        if style is None:
            style = cache["__base__"] = self.rich_style  # type: ignore[attr-defined]
        return style

    def forget_styles(self) -> None:
        self._style_cache().clear()

    def notify_style_update(self) -> None:
        super().notify_style_update()  # type: ignore[misc]
        self.forget_styles()
        self.styles_changed()

    def styles_changed(self) -> None:
        """Hook: drop strips built with the old styles."""


class Lines:
    """A tiny text builder with the part of ``rich.text.Text``'s API the panes use:
    ``append(text, style)``; newlines in ``text`` start new lines."""

    def __init__(self) -> None:
        self.lines: list[list[tuple[str, Style | None]]] = [[]]

    def append(self, text: str, style: Style | None = None) -> None:
        parts = text.split("\n")
        for i, part in enumerate(parts):
            if i:
                self.lines.append([])
            if part:
                self.lines[-1].append((part, style))

    @property
    def plain(self) -> str:
        return "\n".join("".join(t for t, _ in line) for line in self.lines)

    def strips(self, base: Style, width: int) -> list[Strip]:
        out = []
        for line in self.lines:
            segs = [Segment(t, base + s if s is not None else base) for t, s in line]
            out.append(Strip(segs).crop_extend(0, width, base))
        return out


class LinePane(StyleCache, Widget):
    """A fixed block of text lines drawn with the Line API and repainted line by line."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.content = Lines()
        self._strips: list[Strip] = []
        self._width = 0

    @property
    def plain(self) -> str:
        return self.content.plain

    def set_lines(self, content: Lines) -> None:
        """Show new text; only the lines that differ are repainted."""
        self.content = content
        self._rebuild(partial=True)

    def _rebuild(self, partial: bool) -> None:
        width = self.size.width
        new = self.content.strips(self.base_style, width) if width else []
        old = self._strips
        self._strips = new
        if not partial or width != self._width or len(new) != len(old):
            self._width = width
            self.refresh()
            return
        for y, (a, b) in enumerate(zip(old, new, strict=True)):
            if a != b:
                self.refresh(Region(0, y, width, 1))

    def on_resize(self) -> None:
        self._rebuild(partial=False)

    def styles_changed(self) -> None:
        if self.is_mounted:
            self.call_later(self._rebuild, False)

    def render_line(self, y: int) -> Strip:
        if 0 <= y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.size.width, self.base_style)
