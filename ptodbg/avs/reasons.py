"""Why a point is unsupported, in a few words a reader can sort by.

``unsupported`` always names the construct (``function ConfigureTile``); the class says
why there is nothing to map it to:

* ``tile/vector surface`` - tile registers, cube/matrix engines, tile-block BSTARTs,
  numeric-format descriptors and the tile-only rounding modes: ptodbg has no tile model
  (its tile BSTARTs halt).  Since issue 23 every unsupported point of the suite is of
  this class;
* ``contract declaration`` - an ``InstructionContract*`` function with no behaviour or
  table fact in ptodbg to compare with;
* ``model state ptodbg does not keep`` - spec state no instruction ptodbg executes can
  observe or produce;
* ``spec model function`` - a helper of the spec's model the harness does not map.

The last three classes name what a new spec release may add; the patterns below place
the constructs the current suite has.
"""

from __future__ import annotations

import re

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
)
_STATE = re.compile(r"predicate registers|Interrupt|GQM|without a saved context")


def classify(construct: str) -> str:
    """The class of an unsupported construct (see the module docstring)."""
    if _TILE.search(construct):
        return TILE
    if construct.startswith("function InstructionContract") or construct.startswith("signedness of"):
        return CONTRACT
    if _STATE.search(construct):
        return STATE
    return MODEL
