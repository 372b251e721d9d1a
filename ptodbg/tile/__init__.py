"""The tile part of the core layer (docs/interfaces.md §1, §12): tile data types and numeric formats,
tile registers, the operation state of a block, and the tile operations.

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
  (``asl/arch/profile/*``), bit-exact, for the matrix post-processing path and the AVS;
* :mod:`.codes` - the data-type sets, layouts, pad values, PE modes and size codes;
* :mod:`.operations` - the table of the 109 operations;
* :mod:`.state` - tiles and the tile file (machine state);
* :mod:`.blockop` - a block's descriptor, attributes and bindings;
* :mod:`.elements`, :mod:`.legality`, :mod:`.semantics` - the operations' element rules,
  shared predicates and per-family semantics; :mod:`.dispatch` runs one.

Using it (an element is its raw bits, an ``int`` of the type's width; a value is an exact
Python number)::

    from ptodbg.tile.dtypes import DataType, from_code
    from ptodbg.tile.rounding import NumericControl, Rounding, resolve_control
    from ptodbg.tile import codecs, formats

    dt = from_code(datr_code)                    # DataType.FP16; ValueError if reserved
    dt.bits, dt.storage_bytes, dt.is_floating    # 16, 2, True
    formats.decode(dt, 0x3E00)                   # 1.5 (a float: exact for every floating type)
    formats.encode(dt, 1.0 / 3)                  # (0x3555, NX): one rounding, RNE
    formats.encode(dt, Fraction(1, 3), NumericControl(Rounding.RTZ, saturating=True))
    formats.classify(dt, 0x7E00)                 # ValueClass.QuietNaN
    read, write = codecs.decoder(dt), codecs.encoder(dt)   # fetch once per operation ...
    raw, flags = write(read(a) + read(b))        # ... call per element (same bits as formats)

Flags are the 5-bit NV/DZ/OF/UF/NX value to OR into CORE_STATE[36:32]; a result that needs
a sign on zero or an infinity or NaN is passed as a float (-0.0, ``math.inf``, ``math.nan``).
``convert.convert(raw, src, dst, control)`` is one TCVT element by value and
``convert.carrier_convert`` the reference profile's raw-carrier rule; ``convert.to_carrier``
gives the spec's 64-bit Word of an element (signed integers sign-extended).
"""
