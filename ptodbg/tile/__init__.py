"""The tile part of the core layer (DESIGN.md §1, §12): tile data types and numeric formats.

``ptodbg.tile`` sits between ``ptodbg.core`` (which may import it) and ``ptodbg.isa``; it
imports nothing above it.  Its modules:

* :mod:`.dtypes` - the 25 tile data types: the spec's 5-bit codes, names, element widths,
  the packed four-bit forms;
* :mod:`.rounding` - the seven rounding modes, numeric status flags, the numeric control
  and the selector tables (B.DATR RMode, public conversion ordinals);
* :mod:`.formats` - exact decode, classification, decomposition and encode of every
  floating and scale format (plus FP19), and the integer element rules;
* :mod:`.codecs` - the fast per-element and bulk paths (tables, ``struct``) beside them;
* :mod:`.convert` - element conversion (TCVT's element rule), integer conversion, the MX
  (microscaling) forms and the special-value rules of comparisons and min/max;
* :mod:`.reference` - the pto-v0 reference profile's own numeric encoders
  (``asl/arch/profile/*``), bit-exact, for the matrix post-processing path and the AVS.
"""
