"""The Debug Adapter Protocol server (``ptodbg dap``, docs/interfaces.md §9): a client of ptodbg.debug."""
