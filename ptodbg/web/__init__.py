"""``ptodbg serve``: the TUI in a browser, through textual-serve (the optional extra
``ptodbg[web]``).  Each browser page gets a debugger process of its own (``ptodbg tui``
driven by Textual's web driver), which ends when its page closes or the server stops.

A client of nothing in ptodbg but the command line it starts: the layering is cli → web,
and the web layer imports neither the TUI nor the engine (docs/interfaces.md §1).
"""
