"""Shared pieces of the Line-API panes: cached styles, a text-line builder, a strip
cache and partial repaints.

Why this matters (docs/interfaces.md §8, the step latency): Textual's compositor re-renders every
line that is marked dirty, and a line costs far more in the compositor (border, padding,
colour filter, cutting) than in the widget.  So the panes here

* describe each line by a *key*: its runs of text and component-class names, which are
  cheap to build and compare;
* repaint (``refresh(Region)``) only the lines whose key changed since the last stop,
  never a whole widget and never with a new layout;
* keep the :class:`~textual.strip.Strip` of a key in an LRU cache (as Toolong does), so a
  line that comes back (a marker moving back and forth, a highlight switched off and on,
  rows shifting in a list) is not built again.

Styles are resolved only when a strip is built, from the component names, so after a
theme change dropping the cache is enough to recolour everything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.cache import LRUCache
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


def set_title(widget: Widget, title: str) -> None:
    """Change a widget's border title, repainting only its top border line.

    Setting ``border_title`` repaints the whole widget (Textual's descriptor refreshes
    it), which for a pane whose title follows every stop (the disassembly names the
    source line of its cursor) costs a full recomposition of every screen line it
    crosses.  The title is stored as the descriptor stores it."""
    if widget.border_title == title:
        return
    if not widget.is_mounted or not hasattr(widget, "_border_title"):
        widget.border_title = title
        return
    widget._border_title = widget.render_str(title).expand_tabs(4).split()[0]  # as _BorderTitle.__set__
    offset = widget.content_offset
    widget.refresh(Region(-offset.x, -offset.y, widget.outer_size.width, 1))


# The keys of the views with a cursor (disassembly, event lists): each adds its own home/end.
CURSOR_BINDINGS = [
    Binding("up", "cursor(-1)", "Up", show=False),
    Binding("down", "cursor(1)", "Down", show=False),
    Binding("pageup", "cursor(-10)", "Page up", show=False),
    Binding("pagedown", "cursor(10)", "Page down", show=False),
]

Run = tuple[str, str | None]  # text and a component name ("" or None: the base style)
LineKey = tuple[Run, ...]


class StyleCache:
    """Mixin for widgets: component styles and the base style, cached until the CSS
    (the theme, a pseudo-class) changes.

    A pane declares its components once, in :attr:`COMPONENTS`: name -> CSS declarations
    (``{"header": "color: $pd-label; text-style: bold;"}``).  From that the class gets
    Textual's ``COMPONENT_CLASSES`` (``prefix--header``) and, for each name with
    declarations, a rule ``Pane > .prefix--header { ... }`` after its own ``DEFAULT_CSS``,
    so the names are written in one place (an empty string: styled by the app's
    stylesheet, as the core panes are)."""

    COMPONENT_PREFIX = ""
    COMPONENTS: ClassVar[Mapping[str, str]] = {}

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("COMPONENTS")
        if not own:
            return
        prefix = cls.COMPONENT_PREFIX
        cls.COMPONENT_CLASSES = {f"{prefix}--{name}" for name in own}  # type: ignore[attr-defined]
        rules = "".join(f"\n{cls.__name__} > .{prefix}--{name} {{ {css} }}" for name, css in own.items() if css)
        cls.DEFAULT_CSS = cls.__dict__.get("DEFAULT_CSS", "") + rules  # type: ignore[attr-defined]

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

    def on_base(self, *names: str | None) -> Style:
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


class ListedLines(StyleCache):
    """Mixin for a scrollable pane that draws a list of prepared entries, one per line
    (the Calls, Pages and Displays tabs): the row bookkeeping lives here, each pane says
    only how one entry looks (:meth:`render_entry`).  ``HEADER`` rows at the top are drawn
    by :meth:`render_header`."""

    HEADER = 0
    lines: list

    def redraw(self) -> None:
        """Recolour after a theme change."""
        self.forget_styles()
        self.refresh()  # type: ignore[attr-defined]

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width  # type: ignore[attr-defined]
        index = int(self.scroll_y) + y  # type: ignore[attr-defined]
        if index < self.HEADER:
            return self.render_header(index, width)
        index -= self.HEADER
        if not 0 <= index < len(self.lines):
            return Strip.blank(width, self.base_style)  # type: ignore[attr-defined]
        return self.render_entry(self.lines[index], width)

    def render_header(self, row: int, width: int) -> Strip:
        raise NotImplementedError

    def render_entry(self, entry, width: int) -> Strip:
        """The strip of one entry, ``width`` cells wide."""
        raise NotImplementedError
        self.styles_changed()

    def styles_changed(self) -> None:
        """Hook: drop strips built with the old styles."""


class RowStrips(StyleCache):
    """Mixin for the scrolling Line-API views (disassembly, memory, events): which
    signature each row on screen was drawn with, so a stop repaints only the rows whose
    signature changed, and an LRU of the strips by signature, so a row that comes back
    (a marker moving through a loop, a highlight switched off and on) is not built again."""

    STRIP_CACHE = 512  # strips kept: a few screens of rows

    def init_rows(self) -> None:
        self._drawn: dict[int, tuple] = {}  # row -> the signature on screen
        self._strips: LRUCache[tuple, Strip] = LRUCache(self.STRIP_CACHE)

    def drop_rows(self) -> None:
        """Forget what is on screen and every cached strip (new styles or geometry)."""
        self._drawn.clear()
        self._strips.clear()

    def redraw(self) -> None:
        """Rebuild every row with fresh styles (after a theme change)."""
        self.drop_rows()
        self.forget_styles()
        self.refresh()  # type: ignore[attr-defined]

    def styles_changed(self) -> None:
        self.drop_rows()


def merge_runs(segments: list[Segment]) -> list[Segment]:
    """Join neighbouring segments of the same style (fewer segments: less work for the
    compositor and the terminal).  Styles come from caches, so identity is the test."""
    out: list[Segment] = []
    for seg in segments:
        if out and out[-1].style is seg.style:
            out[-1] = Segment(out[-1].text + seg.text, seg.style)
        else:
            out.append(seg)
    return out


class Lines:
    """A tiny text builder with the part of ``rich.text.Text``'s API the panes use:
    ``append(text, component)``; newlines in ``text`` start new lines.  Runs of the same
    component are merged, so a line's key stays short."""

    def __init__(self, text: str = "", component: str | None = None) -> None:
        self.lines: list[list[Run]] = [[]]
        if text:
            self.append(text, component)

    def append(self, text: str, component: str | None = None) -> None:
        component = component or None
        parts = text.split("\n")
        for i, part in enumerate(parts):
            if i:
                self.lines.append([])
            if part:
                line = self.lines[-1]
                if line and line[-1][1] == component:
                    line[-1] = (line[-1][0] + part, component)
                else:
                    line.append((part, component))

    @property
    def plain(self) -> str:
        return "\n".join("".join(t for t, _ in line) for line in self.lines)

    def keys(self) -> list[LineKey]:
        return [tuple(line) for line in self.lines]


class LinePane(StyleCache, Widget):
    """A fixed block of text lines drawn with the Line API and repainted line by line.

    Subclasses set :attr:`COMPONENT_PREFIX` and build :class:`Lines` whose components are
    names of their component classes."""

    CACHE_SIZE = 256  # strips kept (a few screens of the pane's distinct lines)
    ELLIPSIS = False  # cut a line that does not fit with "…" (else just crop it)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.content = Lines()
        self._keys: list[LineKey] = []
        self._strips: LRUCache[tuple[LineKey, int], Strip] = LRUCache(self.CACHE_SIZE)

    @property
    def plain(self) -> str:
        return self.content.plain

    def set_lines(self, content: Lines) -> None:
        """Show new text; only the lines that differ are repainted."""
        keys = content.keys()
        old = self._keys
        self.content = content
        self._keys = keys
        if len(keys) != len(old):
            self.refresh()
            return
        width = self.size.width
        for y, (a, b) in enumerate(zip(old, keys, strict=True)):
            if a != b:
                self.refresh(Region(0, y, width, 1))

    def styles_changed(self) -> None:
        self._strips.clear()
        if self.is_mounted:
            self.refresh()

    def _build(self, key: LineKey, width: int) -> Strip:
        on = self.on_base
        base = self.base_style
        segments = [Segment(text, on(name) if name else base) for text, name in key]
        if self.ELLIPSIS and width > 0 and sum(cell_len(t) for t, _ in key) > width:
            strip = Strip(segments).crop(0, width - 1)
            # the ellipsis takes the style of the cell it replaces (as Rich and Textual do)
            last = Strip(segments).crop(width - 1, width)
            style = next((s.style for s in last), base)
            return Strip([*strip, Segment("…", style)]).simplify()
        return Strip(segments).crop_extend(0, width, base)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if not 0 <= y < len(self._keys):
            return Strip.blank(width, self.base_style)
        cache_key = (self._keys[y], width)
        strip = self._strips.get(cache_key)
        if strip is None:
            strip = self._build(self._keys[y], width)
            self._strips.set(cache_key, strip)
        return strip


class TextLine(LinePane):
    """One line of text that a stop updates (the status bar, the message line, the
    event pane's caption, the follow fields' "= address"): a Line-API replacement for a
    one-line ``Static`` that costs a cached strip instead of a text layout per repaint.
    Text that does not fit ends in "…"."""

    DEFAULT_CSS = "TextLine { height: 1; }"
    ELLIPSIS = True

    def __init__(self, text: str = "", **kwargs) -> None:
        super().__init__(**kwargs)
        if text:
            self.update(text)

    def update(self, text: str | Lines) -> None:
        """Show ``text`` (a string in the base style, or :class:`Lines`); only its first
        line is visible, as in a one-line ``Static``."""
        self.set_lines(text if isinstance(text, Lines) else Lines(text.expandtabs()))

    def render(self) -> str:
        """The plain text (what ``str(widget.render())`` shows in tests and logs)."""
        return self.plain
