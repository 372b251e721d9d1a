"""The floor under every other layer: infrastructure that knows nothing of the ISA - typed
records (:mod:`.record`), the compiled-code cache (:mod:`.codecache`), the bounded reader of
user files (:mod:`.userfile`) and the Pratt parser (:mod:`.pratt`).  It imports nothing of
ptodbg above it (DESIGN.md §1; import-linter checks it)."""
