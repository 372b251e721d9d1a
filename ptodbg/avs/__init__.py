"""``ptodbg avs``: the pto-spec architectural validation suite run against ptodbg's machine
(docs/interfaces.md §11).

A client of :mod:`ptodbg.core` and :mod:`ptodbg.isa`, like :mod:`ptodbg.debug`:

* :mod:`.lexer`, :mod:`.parser`, :mod:`.syntax` - the ASL subset the AVS programs use;
* :mod:`.interpreter`, :mod:`.operators`, :mod:`.stdlib`, :mod:`.values` - its evaluation,
  with exact bitvector widths;
* :mod:`.harness` - the spec's test functions and model state mapped onto the machine;
* :mod:`.suite`, :mod:`.report`, :mod:`.reasons` - running points and reporting them.
"""
