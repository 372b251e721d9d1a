"""The Debug Adapter Protocol server (``ptodbg dap``, DESIGN.md §9): a client of ptodbg.debug."""
