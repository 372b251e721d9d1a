"""Why a point is unsupported, in a few words a reader can sort by.

``unsupported`` always names the construct (``function ConfigureTile``); the class says
why there is nothing to map it to:

* ``tile part two, ...`` - a tile feature of part two (the matrix engine, the irregular
  and complex operations, MGATHER/MSCATTER, GMOV), named by :mod:`ptodbg.avs.tile_reasons`;
* ``tile/vector surface`` - another tile, vector or numeric-format function or state the
  harness does not map (yet).  Since issue 23 every unsupported point of the scalar,
  block and arch suites is of this class or the one above;
* ``contract declaration`` - an ``InstructionContract*`` function that states how the spec
  model is organised and has no behaviour or table fact in ptodbg to compare with;
* ``model state ptodbg does not keep`` - spec state no instruction ptodbg executes can
  observe or produce;
* ``spec model function`` - a helper of the spec's model the harness does not map.

The last three classes name what a new spec release may add; the patterns below place
the constructs the current suite has.
"""

from __future__ import annotations

import re

from ptodbg.avs.tile_reasons import part_two

TILE = "tile/vector surface"
CONTRACT = "contract declaration"
STATE = "model state ptodbg does not keep"
MODEL = "spec model function"

_TILE = re.compile(
    r"Tile|Cube|Matrix|FP19|Numeric|Quant|Vector|PEMask|SharedStore|ReferenceFP32|DTYPE_|_Tiles\b"
    r"|_BundleOperation|BundleOperationDescriptor|_BundleDataAttributes|_BundleFixedPointAttributes|FPATR|TMATMUL|TGEMV|_VEC\b|_SFU\b"
    r"|_T(LOAD|STORE|PREFETCH|MOV|EPL)\b"
    r"|BundleDataType|SetBundleDataAttributeState|SetBundleScalarBinding|DecodeBundleRoundingSelection"
    r"|InstallBundleOperationDescriptor|ptodbg halts: BSTART\.(T|M|G)"
    r"|payload of a released register|ApplicabilityRules"  # a tile register's payload; the A2/A3 MX tile rules
)
_STATE = re.compile(r"predicate registers|Interrupt|GQM|without a saved context")


def classify(construct: str) -> str:
    """The class of an unsupported construct (see the module docstring)."""
    feature = part_two(construct)
    if feature is not None:
        return feature
    if _TILE.search(construct):
        return TILE
    if construct.startswith("function InstructionContract") or construct.startswith("signedness of"):
        return CONTRACT
    if _STATE.search(construct):
        return STATE
    return MODEL
