"""What clients render a stopped machine from: the frozen :class:`~.capture.View` and the
:class:`~.capture.Viewer` that captures one per stop (:mod:`.capture`), the typed records in it
(:mod:`.records`), its memory image (:mod:`.memimage`), the one listing builder
(:mod:`.listing`), page map (:mod:`.pagemap`), trap filters (:mod:`.traps`) and the JSON made
from them (:mod:`.jsonstate`).

This package imports nothing when it is imported: the engine reads records from it."""
