"""The debugger: one engine that every client (the TUI, batch mode, the DAP server,
campaigns) drives, in sub-packages that show its parts (DESIGN.md §1): :mod:`.engine`
(stepping, the timeline, stops, frames, symbols), :mod:`.view` (the frozen View of a stop and
the JSON made from it), :mod:`.commands` (the command language), :mod:`.files` (programs and
sessions), :mod:`.faults` (fault sites and checks) and :mod:`.cxx` (C++ names)."""
