"""The tile surface of PTO (DESIGN.md §12): tile registers, the operation state of a
block, and the tile operations - a part of the core layer that the core's block commands
import (it imports only :mod:`ptodbg.isa`).

* :mod:`.codes` - data types, layouts, pad values, PE modes, size codes;
* :mod:`.operations` - the table of the 109 operations;
* :mod:`.state` - tiles and the tile file (machine state);
* :mod:`.blockop` - a block's descriptor, attributes and bindings.
"""
